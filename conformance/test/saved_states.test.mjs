// Minnow's saved states (docs/admin-api.md; no reference has them): a suite's fixtures saved
// once with POST /_minnow/snapshot and put back before each test with POST /_minnow/restore, as
// the AWS SDK sees it; and GET /_minnow/export, which writes what --seed reads.
//
// Every call names the suite's own namespace (?namespace=KEY/REGION, the credentials the SDK
// signs with); a restore replaces that namespace's whole state. The test runner runs files one
// at a time (--test-concurrency=1), and this file saves the state first, so other files'
// tables come back as they were.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  DescribeTableCommand, PutItemCommand, DeleteItemCommand, GetItemCommand, QueryCommand, ScanCommand,
  ListTablesCommand,
} from '@aws-sdk/client-dynamodb';
import {
  DynamoDBStreamsClient, DescribeStreamCommand, GetShardIteratorCommand, GetRecordsCommand,
} from '@aws-sdk/client-dynamodb-streams';
import { ADMIN_HEADERS } from '../lib/admin.mjs';
import { makeClient } from '../lib/client.mjs';
import { endpoint, region, credentials } from '../lib/env.mjs';
import { differsOn } from '../lib/reference.mjs';
import { tableNamer } from '../lib/names.mjs';
import { keyedTable, createTable, dropTables } from '../lib/tables.mjs';

const client = makeClient();
const streams = new DynamoDBStreamsClient({ endpoint, region, credentials, maxAttempts: 1 });
const newName = tableNamer('saved');
const created = [];
const name = (label) => { const n = newName(label); created.push(n); return n; };
after(() => dropTables(client, created));

const NO_ADMIN = differsOn(['dynamodb-local', 'dynalite'], 'no /_minnow admin endpoints');

const NAMESPACE = `namespace=${encodeURIComponent(`${credentials.accessKeyId}/${region}`)}`;

async function admin(method, path, body) {
  const res = await fetch(`${endpoint}/_minnow/${path}${path.includes('?') ? '&' : '?'}${NAMESPACE}`, {
    method, headers: ADMIN_HEADERS,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') };
}
async function adminOk(method, path, body) {
  const res = await admin(method, path, body);
  assert.equal(res.status, 200, `${method} /_minnow/${path}: ${res.text}`);
  return res;
}

async function records(StreamArn) {
  const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn }));
  const { ShardIterator } = await streams.send(new GetShardIteratorCommand({
    StreamArn, ShardId: StreamDescription.Shards[0].ShardId, ShardIteratorType: 'TRIM_HORIZON' }));
  return (await streams.send(new GetRecordsCommand({ ShardIterator }))).Records;
}

test('a restore returns the tables, items, indexes and streams a snapshot saved', { skip: NO_ADMIN }, async () => {
  await adminOk('POST', 'snapshot', { name: 'before-saved-states-test' });
  const TableName = name('fixtures');
  await createTable(client, keyedTable(TableName, ['pk', 'S'], null, {
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'g', AttributeType: 'S' }],
    GlobalSecondaryIndexes: [{ IndexName: 'by_g', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }],
                               Projection: { ProjectionType: 'ALL' } }],
    StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' },
  }));
  for (const pk of ['a', 'b', 'c'])
    await client.send(new PutItemCommand({ TableName, Item: { pk: { S: pk }, g: { S: 'x' } } }));
  const saved = JSON.parse((await adminOk('POST', 'snapshot', { name: 'fixtures' })).text);
  assert.equal(saved.name, 'fixtures');
  assert.equal(saved.namespaces, 1);
  assert.ok(saved.items >= 3 && saved.bytes > 0);
  const { Table } = await client.send(new DescribeTableCommand({ TableName }));
  const recordsBefore = await records(Table.LatestStreamArn);
  assert.equal(recordsBefore.length, 3);

  for (const round of [1, 2]) {
    // A test changes things...
    await client.send(new DeleteItemCommand({ TableName, Key: { pk: { S: 'a' } } }));
    await client.send(new PutItemCommand({ TableName, Item: { pk: { S: `new${round}` }, g: { S: 'x' } } }));
    assert.equal((await client.send(new ScanCommand({ TableName }))).Count, 3);
    // ... and the next one starts from the fixtures again.
    await adminOk('POST', 'restore', { name: 'fixtures' });
    const scan = await client.send(new ScanCommand({ TableName }));
    assert.deepEqual(scan.Items.map((i) => i.pk.S).sort(), ['a', 'b', 'c']);
    const query = await client.send(new QueryCommand({ TableName, IndexName: 'by_g',
      KeyConditionExpression: 'g = :g', ExpressionAttributeValues: { ':g': { S: 'x' } } }));
    assert.equal(query.Count, 3);
    assert.deepEqual(await records(Table.LatestStreamArn), recordsBefore);
  }
  // New stream records number on past every number given before the restore.
  await client.send(new PutItemCommand({ TableName, Item: { pk: { S: 'd' } } }));
  const after = await records(Table.LatestStreamArn);
  assert.equal(after.length, 4);
  assert.ok(BigInt(after[3].dynamodb.SequenceNumber) > BigInt(recordsBefore[2].dynamodb.SequenceNumber) + 4n);

  const listed = JSON.parse((await adminOk('GET', 'snapshot')).text).snapshots;
  assert.ok(listed.includes('fixtures'));
  await adminOk('DELETE', 'snapshot', { name: 'fixtures' });
  const missing = await admin('POST', 'restore', { name: 'fixtures' });
  assert.equal(missing.status, 400);
  assert.match(missing.text, /Invalid \/_minnow call: no snapshot named 'fixtures'/);

  // Back to how the suite was before this test.
  await adminOk('POST', 'restore', { name: 'before-saved-states-test' });
  await adminOk('DELETE', 'snapshot', { name: 'before-saved-states-test' });
  const { TableNames } = await client.send(new ListTablesCommand({}));
  assert.ok(!TableNames.includes(TableName));
});

test('export writes CreateTable requests and items, one JSON value a line', { skip: NO_ADMIN }, async () => {
  const TableName = name('export');
  await createTable(client, keyedTable(TableName, ['pk', 'S'], ['sk', 'N']));
  await client.send(new PutItemCommand({ TableName, Item: { pk: { S: 'a' }, sk: { N: '1' }, m: { M: { x: { NS: ['1', '2'] } } } } }));
  const res = await adminOk('GET', 'export');
  assert.equal(res.type, 'application/x-ndjson');
  const lines = res.text.split('\n');
  const at = lines.findIndex((l) => l.startsWith('{') && JSON.parse(l).TableName === TableName && JSON.parse(l).KeySchema);
  assert.ok(at >= 0, 'the table is exported');
  const definition = JSON.parse(lines[at]);
  assert.deepEqual(definition.KeySchema, [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }]);
  assert.equal(definition.BillingMode, 'PAY_PER_REQUEST');
  const item = JSON.parse(lines[at + 1]);
  assert.deepEqual(item, { m: { M: { x: { NS: ['1', '2'] } } }, pk: { S: 'a' }, sk: { N: '1' } });
  const { Item } = await client.send(new GetItemCommand({ TableName, Key: { pk: { S: 'a' }, sk: { N: '1' } } }));
  assert.deepEqual(Item, item);
});
