// SDK clients for the server under test: region us-east-1, dummy credentials, no retries
// (maxAttempts 1) so that every error surfaces immediately and exactly once.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { endpoint, region, credentials } from './env.mjs';

export function makeClient(overrides = {}) {
  return new DynamoDBClient({ endpoint, region, credentials, maxAttempts: 1, ...overrides });
}

export function makeDocumentClient(client = makeClient()) {
  return DynamoDBDocumentClient.from(client);
}
