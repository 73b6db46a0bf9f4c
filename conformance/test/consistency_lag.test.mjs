// Minnow's --consistency-lag (docs/production-physics.md): an eventually consistent read (every
// GSI read, and GetItem, Query, Scan, BatchGetItem and PartiQL without ConsistentRead) may see its
// table as it was up to the lag ago, as DynamoDB's may; a strongly consistent read, a transaction
// and a condition always see the latest; a stream record is readable once it is as old as the
// lag. Needs a Minnow started with --consistency-lag 2000
// --consistency-worst-case and MINNOW_CONSISTENCY_LAG_MS=2000 (scripts/test does both): every
// eventually consistent read is then exactly 2 s stale, and the clock is frozen, so what a read
// sees does not depend on how fast the machine runs the test. Skipped otherwise, and on the
// references: DynamoDB Local and dynalite read their latest state always.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  PutItemCommand, GetItemCommand, QueryCommand, ScanCommand, BatchGetItemCommand, TransactGetItemsCommand,
  ExecuteStatementCommand, UpdateItemCommand, DescribeTableCommand,
} from '@aws-sdk/client-dynamodb';
import {
  DynamoDBStreamsClient, DescribeStreamCommand, GetShardIteratorCommand, GetRecordsCommand,
} from '@aws-sdk/client-dynamodb-streams';
import { makeClient } from '../lib/client.mjs';
import { endpoint, region, credentials } from '../lib/env.mjs';
import { admin } from '../lib/admin.mjs';
import { differsOn } from '../lib/reference.mjs';
import { tableNamer } from '../lib/names.mjs';
import { keyedTable, createTable, dropTables } from '../lib/tables.mjs';

const LAG_MS = Number(process.env.MINNOW_CONSISTENCY_LAG_MS || 0);
const SKIP = differsOn(['dynamodb-local', 'dynalite'], 'reads are always consistent there') ||
  (LAG_MS === 2000 ? false : 'needs a Minnow started with --consistency-lag 2000 --consistency-worst-case');

const client = makeClient();
const name = tableNamer('lagging');
const [T, U, V, S] = [name('indexed'), name('own_lag'), name('exempt'), name('streamed')];
const streams = new DynamoDBStreamsClient({ endpoint, region, credentials });
const indexedTable = (table) => keyedTable(table, ['pk', 'S'], null, {
  AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'color', AttributeType: 'S' }],
  GlobalSecondaryIndexes: [{
    IndexName: 'byColor', KeySchema: [{ AttributeName: 'color', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' },
  }],
});

const put = (table, pk, color, n = '1') => client.send(new PutItemCommand({
  TableName: table, Item: { pk: { S: pk }, color: { S: color }, n: { N: n } },
}));
const get = async (table, pk, ConsistentRead) =>
  (await client.send(new GetItemCommand({ TableName: table, Key: { pk: { S: pk } }, ConsistentRead }))).Item;
const byColor = async (table, color) => (await client.send(new QueryCommand({
  TableName: table, IndexName: 'byColor', KeyConditionExpression: 'color = :c',
  ExpressionAttributeValues: { ':c': { S: color } },
}))).Items.map((item) => item.pk.S);
const advance = (seconds) => admin('POST', 'clock', { advanceSeconds: seconds });

before(async () => {
  if (SKIP) return;
  await admin('POST', 'clock', { freeze: true });
  for (const table of [T, U, V]) await createTable(client, indexedTable(table));
  await createTable(client, keyedTable(S, ['pk', 'S'], null, {
    StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' },
  }));
});
after(async () => {
  if (SKIP) return;
  await admin('POST', 'clock', { freeze: false });
  await dropTables(client, [T, U, V, S]);
});

test('a Query on a GSI right after a write misses it, and sees it once the lag has passed', { skip: SKIP }, async () => {
  await put(T, 'gsi', 'red');
  assert.deepEqual(await byColor(T, 'red'), []);
  await advance(1);
  assert.deepEqual(await byColor(T, 'red'), []);
  await advance(1);
  assert.deepEqual(await byColor(T, 'red'), ['gsi']);
});

test('an eventually consistent GetItem sees the state of the lag ago; a consistent one the latest', { skip: SKIP },
  async () => {
    await put(T, 'get', 'blue', '1');
    await advance(2);
    await put(T, 'get', 'blue', '2');
    assert.equal((await get(T, 'get', false)).n.N, '1');
    assert.equal((await get(T, 'get', undefined)).n.N, '1');  // absent: eventually consistent
    assert.equal((await get(T, 'get', true)).n.N, '2');
    await advance(2);
    assert.equal((await get(T, 'get', false)).n.N, '2');
  });

test('Query, Scan, BatchGetItem and PartiQL of the table: stale unless ConsistentRead', { skip: SKIP }, async () => {
  await put(T, 'reads', 'green');
  const query = (ConsistentRead) => client.send(new QueryCommand({
    TableName: T, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': { S: 'reads' } }, ConsistentRead,
  }));
  assert.equal((await query(false)).Count, 0);
  assert.equal((await query(true)).Count, 1);
  const scanned = async (ConsistentRead) => (await client.send(new ScanCommand({ TableName: T, ConsistentRead })))
    .Items.some((item) => item.pk.S === 'reads');
  assert.equal(await scanned(false), false);
  assert.equal(await scanned(true), true);
  const batch = async (ConsistentRead) => (await client.send(new BatchGetItemCommand({
    RequestItems: { [T]: { Keys: [{ pk: { S: 'reads' } }], ConsistentRead } },
  }))).Responses[T].length;
  assert.equal(await batch(false), 0);
  assert.equal(await batch(true), 1);
  const select = async (ConsistentRead) => (await client.send(new ExecuteStatementCommand({
    Statement: `SELECT * FROM "${T}" WHERE pk = 'reads'`, ConsistentRead,
  }))).Items.length;
  assert.equal(await select(undefined), 0);
  assert.equal(await select(true), 1);
});

test('transactions and conditions see the latest state', { skip: SKIP }, async () => {
  await put(T, 'latest', 'white');
  const { Responses } = await client.send(new TransactGetItemsCommand({
    TransactItems: [{ Get: { TableName: T, Key: { pk: { S: 'latest' } } } }],
  }));
  assert.equal(Responses[0].Item?.pk.S, 'latest');
  const { Attributes } = await client.send(new UpdateItemCommand({
    TableName: T, Key: { pk: { S: 'latest' } }, UpdateExpression: 'SET n = n + :one',
    ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':one': { N: '1' } }, ReturnValues: 'ALL_NEW',
  }));
  assert.equal(Attributes.n.N, '2');
});

test('per table: a lag of its own, none, and back to the server\'s', { skip: SKIP }, async () => {
  assert.deepEqual(await admin('POST', 'consistency', { table: U, lagMs: 5000 }), { tables: 1 });
  assert.deepEqual(await admin('POST', 'consistency', { table: V, lagMs: 0 }), { tables: 1 });
  await put(U, 'own', 'black');
  await put(V, 'none', 'black');
  await advance(2);
  assert.deepEqual(await byColor(U, 'black'), []);  // 5 s behind
  assert.deepEqual(await byColor(V, 'black'), ['none']);
  await advance(3);
  assert.deepEqual(await byColor(U, 'black'), ['own']);
  const report = await admin('GET', 'consistency');
  const tables = Object.fromEntries(report.namespaces.flatMap((ns) => ns.tables).map((t) => [t.name, t.lagMs]));
  assert.equal(tables[U], 5000);
  assert.equal(tables[V], 0);
  assert.equal(tables[T], LAG_MS);
  assert.deepEqual(await admin('POST', 'consistency', { table: V, lagMs: null }), { tables: 1 });
  await put(V, 'again', 'black');
  assert.deepEqual(await byColor(V, 'black'), ['none']);
});

test('a stream record is readable once it is as old as the lag; LATEST waits before it', { skip: SKIP }, async () => {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: S }));
  const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: Table.LatestStreamArn }));
  const iterator = async (ShardIteratorType) => (await streams.send(new GetShardIteratorCommand({
    StreamArn: Table.LatestStreamArn, ShardId: StreamDescription.Shards[0].ShardId, ShardIteratorType,
  }))).ShardIterator;
  const read = async (ShardIterator) => streams.send(new GetRecordsCommand({ ShardIterator }));
  await client.send(new PutItemCommand({ TableName: S, Item: { pk: { S: 'streamed' } } }));
  const fromStart = await iterator('TRIM_HORIZON');
  const latest = await iterator('LATEST');
  const early = await read(fromStart);
  assert.deepEqual(early.Records, []);
  await advance(2);
  const later = await read(early.NextShardIterator);
  assert.deepEqual(later.Records.map((r) => r.dynamodb.Keys.pk.S), ['streamed']);
  assert.deepEqual((await read(latest)).Records.map((r) => r.dynamodb.Keys.pk.S), ['streamed']);
});
