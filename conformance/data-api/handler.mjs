// A Lambda function written as the platform's seed writes them: the table and the prefix from the
// environment, the DocumentClient with no endpoint, region or credentials in the code. The SDK
// takes those from the environment too (AWS_ENDPOINT_URL_DYNAMODB, AWS_REGION, AWS_ACCESS_KEY_ID,
// AWS_SECRET_ACCESS_KEY), so the code runs unchanged against the platform and against Minnow.
//
// Run as a script (`node handler.mjs '{"userId": "123", "name": "Ada"}'`) it invokes the handler
// once and prints its result: data-api.test.mjs runs it with the environment `minnow env` prints.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { fileURLToPath } from 'node:url';

const documents = DynamoDBDocumentClient.from(new DynamoDBClient({}));
const TABLE = process.env.DYNAMODB_TABLE;
const PREFIX = process.env.DYNAMODB_PREFIX;

export async function handler(event) {
  const pk = `${PREFIX}#user#${event.userId}`;
  await documents.send(new PutCommand({
    TableName: TABLE,
    Item: { pk, sk: 'profile', name: event.name, visits: 1, tags: ['new'], address: { city: 'Paris' } },
  }));
  await documents.send(new PutCommand({ TableName: TABLE, Item: { pk, sk: 'settings', theme: 'dark' } }));
  const { Item } = await documents.send(new GetCommand({ TableName: TABLE, Key: { pk, sk: 'profile' } }));
  const { Items } = await documents.send(new QueryCommand({
    TableName: TABLE,
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': pk },
  }));
  return { statusCode: 200, body: JSON.stringify({ profile: Item, sortKeys: Items.map((i) => i.sk) }) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await handler(JSON.parse(process.argv[2] || '{}'));
  process.stdout.write(JSON.stringify(result));
}
