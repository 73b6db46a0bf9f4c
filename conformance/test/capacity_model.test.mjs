// Minnow's --capacity-model (docs/production-physics.md): a provisioned table, and each of its
// global secondary indexes, throttle requests beyond their throughput as DynamoDB does, with
// ProvisionedThroughputExceededException and its ThrottlingReasons, and every table throttles a
// hot partition key value (an on-demand one with ThrottlingException), under Minnow's clock
// (frozen here, so that what is throttled does not depend on how fast the machine runs the test). Needs a
// Minnow started with the flag and MINNOW_CAPACITY_MODEL=1 (scripts/test does both); skipped
// otherwise, and on the references: neither throttles. The error's texts are AWS's (the API
// reference's ProvisionedThroughputExceededException and ThrottlingReason).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import {
  PutItemCommand, QueryCommand, DescribeTableCommand, BatchWriteItemCommand, BatchGetItemCommand,
  TransactWriteItemsCommand, TransactGetItemsCommand, ExecuteTransactionCommand,
} from '@aws-sdk/client-dynamodb';
import { makeClient } from '../lib/client.mjs';
import { admin } from '../lib/admin.mjs';
import { endpoint, credentials } from '../lib/env.mjs';
import { differsOn } from '../lib/reference.mjs';
import { tableNamer } from '../lib/names.mjs';
import { keyedTable, createTable, dropTables } from '../lib/tables.mjs';

const SKIP = differsOn(['dynamodb-local', 'dynalite'], 'no capacity model (a Minnow flag)') ||
  (process.env.MINNOW_CAPACITY_MODEL ? false : 'needs a Minnow started with --capacity-model (MINNOW_CAPACITY_MODEL)');
const MESSAGE = 'The level of configured provisioned throughput for the table was exceeded. ' +
  'Consider increasing your provisioning level with the UpdateTable API.';

const client = makeClient();
const name = tableNamer('capacity');
const T = name('provisioned');
const G = name('indexed');
const D = name('on_demand');
const R = name('retried');
const B = name('batched');
const P = name('pressure');
const X = name('transacted');
const M = name('capped');
const Y = name('boto3');
const Z = name('exempt');
const W = name('warm');
const H = name('hot_index');
const ONE_UNIT = { ReadCapacityUnits: 1, WriteCapacityUnits: 1 };
// A table of one unit each way.
const provisionedTable = (table) =>
  keyedTable(table, ['pk', 'S'], null, { BillingMode: 'PROVISIONED', ProvisionedThroughput: ONE_UNIT });
// A table of 100 units each way whose GSI byColor has one unit each way.
const indexedTable = (table) => keyedTable(table, ['pk', 'S'], null, {
  BillingMode: 'PROVISIONED',
  ProvisionedThroughput: { ReadCapacityUnits: 100, WriteCapacityUnits: 100 },
  AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'color', AttributeType: 'S' }],
  GlobalSecondaryIndexes: [{
    IndexName: 'byColor', KeySchema: [{ AttributeName: 'color', KeyType: 'HASH' }],
    Projection: { ProjectionType: 'ALL' }, ProvisionedThroughput: ONE_UNIT,
  }],
});

const put = (table, pk, extra = {}) =>
  client.send(new PutItemCommand({ TableName: table, Item: { pk: { S: pk }, ...extra } }));
const refusal = (promise) => promise.then(() => null, (e) => e);
const advance = (seconds) => admin('POST', 'clock', { advanceSeconds: seconds });
const tableArn = async (table) =>
  (await client.send(new DescribeTableCommand({ TableName: table }))).Table.TableArn;

before(async () => {
  if (SKIP) return;
  await admin('POST', 'clock', { freeze: true });
  for (const table of [T, R, B, X, Y, Z]) await createTable(client, provisionedTable(table));
  for (const table of [G, P]) await createTable(client, indexedTable(table));
  await createTable(client, keyedTable(D));
  await createTable(client, keyedTable(W));
  await createTable(client, keyedTable(H, ['pk', 'S'], null, {
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'color', AttributeType: 'S' }],
    GlobalSecondaryIndexes: [{
      IndexName: 'byColor', KeySchema: [{ AttributeName: 'color', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' },
    }],
  }));
  await createTable(client, keyedTable(M, ['pk', 'S'], null, { OnDemandThroughput: { MaxWriteRequestUnits: 2 } }));
});
after(async () => {
  if (SKIP) return;
  await admin('POST', 'clock', { freeze: false });
  await dropTables(client, [T, G, P, R, B, X, D, M, Y, Z, W, H]);
});

test('writes beyond a table\'s write units are throttled with their reason until the clock pays them back',
  { skip: SKIP }, async () => {
    await put(T, 'a');
    const throttled = await refusal(put(T, 'b'));
    assert.equal(throttled?.name, 'ProvisionedThroughputExceededException');
    assert.equal(throttled.message, MESSAGE);
    assert.deepEqual(throttled.ThrottlingReasons,
      [{ reason: 'TableWriteProvisionedThroughputExceeded', resource: await tableArn(T) }]);
    assert.equal(throttled.$metadata.httpStatusCode, 400);
    await advance(1);
    await put(T, 'b');
    // A 3 KB item costs three units: admitted with one, it leaves two seconds of debt.
    await advance(1);
    await put(T, 'c', { v: { S: 'x'.repeat(3000) } });
    await advance(2);
    assert.equal((await refusal(put(T, 'd')))?.name, 'ProvisionedThroughputExceededException');
    await advance(1);
    await put(T, 'd');
  });

test('a read of a global secondary index draws on the index\'s read units', { skip: SKIP }, async () => {
  await put(G, 'a', { color: { S: 'red' } });
  const query = () => client.send(new QueryCommand({
    TableName: G, IndexName: 'byColor', KeyConditionExpression: 'color = :c',
    ExpressionAttributeValues: { ':c': { S: 'red' } },
  }));
  assert.equal((await query()).Count, 1);
  await query();  // eventually consistent: half a unit each
  const throttled = await refusal(query());
  assert.equal(throttled?.name, 'ProvisionedThroughputExceededException');
  assert.deepEqual(throttled.ThrottlingReasons,
    [{ reason: 'IndexReadProvisionedThroughputExceeded', resource: `${await tableArn(G)}/index/byColor` }]);
  // The table's own read units are another bucket.
  await client.send(new QueryCommand({
    TableName: G, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': { S: 'a' } },
  }));
});

test('the SDK retries a throttled write, which succeeds once the clock has paid', { skip: SKIP }, async () => {
  await put(R, 'a');  // the one unit a new table has
  // Each attempt after the first moves the clock a second on first, as time would have passed.
  const retrying = makeClient({ maxAttempts: 3 });
  let attempts = 0;
  retrying.middlewareStack.add((next) => async (args) => {
    if (++attempts > 1) await advance(1);
    return next(args);
  }, { step: 'finalizeRequest', priority: 'low', name: 'advanceClockBeforeRetries' });
  const out = await retrying.send(new PutItemCommand({ TableName: R, Item: { pk: { S: 'b' } } }));
  assert.equal(out.$metadata.attempts, 2);
  assert.equal(attempts, 2);
});

test('a write that would update a GSI without write units is refused: GSI back-pressure', { skip: SKIP }, async () => {
  await put(P, 'a', { color: { S: 'blue' } });  // the one unit a new index has
  const throttled = await refusal(put(P, 'b', { color: { S: 'blue' } }));
  assert.equal(throttled?.name, 'ProvisionedThroughputExceededException');
  assert.equal(throttled.message, 'The level of configured provisioned throughput for one or more global secondary ' +
    'indexes of the table was exceeded. Consider increasing your provisioning level for the under-provisioned ' +
    'global secondary indexes with the UpdateTable API.');
  assert.deepEqual(throttled.ThrottlingReasons,
    [{ reason: 'IndexWriteProvisionedThroughputExceeded', resource: `${await tableArn(P)}/index/byColor` }]);
  await put(P, 'b');  // no color: the index is not updated
});

test('batches leave what their tables cannot admit unprocessed, and are refused when nothing is', { skip: SKIP }, async () => {
  const request = (pks) => ({ RequestItems: { [B]: pks.map((pk) => ({ PutRequest: { Item: { pk: { S: pk } } } })) } });
  const out = await client.send(new BatchWriteItemCommand(request(['a', 'b', 'c'])));
  assert.deepEqual(out.UnprocessedItems, request(['b', 'c']).RequestItems);
  const refused = await refusal(client.send(new BatchWriteItemCommand(request(['b', 'c']))));
  assert.equal(refused?.name, 'ProvisionedThroughputExceededException');
  assert.deepEqual(refused.ThrottlingReasons,
    [{ reason: 'TableWriteProvisionedThroughputExceeded', resource: await tableArn(B) }]);

  const keys = ['a', 'b', 'c'].map((pk) => ({ pk: { S: pk } }));
  const read = await client.send(new BatchGetItemCommand({ RequestItems: { [B]: { Keys: keys, ConsistentRead: true } } }));
  assert.deepEqual(read.Responses[B], [{ pk: { S: 'a' } }]);
  assert.deepEqual(read.UnprocessedKeys[B].Keys, keys.slice(1));
  const none = await refusal(client.send(new BatchGetItemCommand({ RequestItems: { [B]: { Keys: keys } } })));
  assert.equal(none?.name, 'ProvisionedThroughputExceededException');
});

test('a transaction needs two units of each table it touches, or is cancelled with that reason', { skip: SKIP }, async () => {
  const THROTTLED = { Code: 'ProvisionedThroughputExceeded', Message: MESSAGE };
  const write = () => client.send(new TransactWriteItemsCommand({
    TransactItems: [{ Put: { TableName: X, Item: { pk: { S: 'a' } } } }],
  }));
  const cancelled = await refusal(write());  // a new table holds one unit
  assert.equal(cancelled?.name, 'TransactionCanceledException');
  assert.deepEqual(cancelled.CancellationReasons, [THROTTLED]);
  await advance(1);
  await write();
  const read = () => client.send(new TransactGetItemsCommand({
    TransactItems: [{ Get: { TableName: X, Key: { pk: { S: 'a' } } } }],
  }));
  assert.deepEqual((await refusal(read()))?.CancellationReasons, [THROTTLED]);
  await advance(1);
  assert.deepEqual((await read()).Responses, [{ Item: { pk: { S: 'a' } } }]);
  const statement = () => client.send(new ExecuteTransactionCommand({
    TransactStatements: [{ Statement: `UPDATE "${X}" SET v = 1 WHERE pk = 'a'` }],
  }));
  assert.deepEqual((await refusal(statement()))?.CancellationReasons, [THROTTLED]);
  await advance(2);
  await statement();
});

test('a hot partition key value gets 1,000 write units a second, on an on-demand table too', { skip: SKIP }, async () => {
  for (let i = 0; i < 20; i++) await put(D, `item${i}`);  // many keys: on demand, nothing to exceed
  // 300 KB items cost 293 units: the key's second of 1,000 units admits four, then refuses.
  const big = { v: { S: 'x'.repeat(300000) } };
  for (let i = 0; i < 4; i++) await put(D, 'hot', big);
  const throttled = await refusal(put(D, 'hot'));
  assert.equal(throttled?.name, 'ThrottlingException');
  assert.equal(throttled.message, 'Throughput exceeds the current capacity of your table or index. DynamoDB is ' +
    'automatically scaling your table or index so please try again shortly. If exceptions persist, check if you ' +
    'have a hot key: https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html.');
  assert.deepEqual(throttled.throttlingReasons,
    [{ reason: 'TableWriteKeyRangeThroughputExceeded', resource: await tableArn(D) }]);
  await put(D, 'cold', big);  // another key
  await advance(1);
  await put(D, 'hot');
});

test('an on-demand table\'s maximum write rate (OnDemandThroughput) is enforced', { skip: SKIP }, async () => {
  await put(M, 'a');
  await put(M, 'b');
  const throttled = await refusal(put(M, 'c'));
  assert.equal(throttled?.name, 'ThrottlingException');
  assert.equal(throttled.message, 'Rate of requests exceeds the allowed throughput.');
  assert.deepEqual(throttled.throttlingReasons,
    [{ reason: 'TableWriteMaxOnDemandThroughputExceeded', resource: await tableArn(M) }]);
  await advance(1);
  await put(M, 'c');
});

test('a new on-demand table takes its warm throughput at once, 4,000 write units a second', { skip: SKIP },
  async () => {
    // 300 KB items cost 293 units each, to distinct keys: 13 leave 191 units, the 14th goes into
    // debt, the 15th is refused as DynamoDB refuses a table that has not scaled yet.
    const big = { v: { S: 'x'.repeat(300000) } };
    for (let i = 0; i < 14; i++) await put(W, `k${i}`, big);
    const throttled = await refusal(put(W, 'k14', big));
    assert.equal(throttled?.name, 'ThrottlingException');
    assert.match(throttled.message, /^Throughput exceeds the current capacity of your table or index/);
    assert.deepEqual(throttled.throttlingReasons,
      [{ reason: 'TableWriteKeyRangeThroughputExceeded', resource: await tableArn(W) }]);
    await advance(1);
    await put(W, 'k14', big);
  });

test('a global index\'s hot partition key value: writes of many items with one color', { skip: SKIP }, async () => {
  // Distinct table keys, so the table's keys are cold; the index's "red" takes 1,000 write units a
  // second: four 300 KB items (293 units each), then a refusal naming the index.
  const big = { v: { S: 'x'.repeat(300000) } };
  for (let i = 0; i < 4; i++) await put(H, `r${i}`, { color: { S: 'red' }, ...big });
  const throttled = await refusal(put(H, 'r4', { color: { S: 'red' }, ...big }));
  assert.equal(throttled?.name, 'ThrottlingException');
  assert.deepEqual(throttled.throttlingReasons,
    [{ reason: 'IndexWriteKeyRangeThroughputExceeded', resource: `${await tableArn(H)}/index/byColor` }]);
  await put(H, 'b0', { color: { S: 'blue' }, ...big });  // another value of the index key
  const report = (await admin('GET', 'capacity')).namespaces.flatMap((n) => n.tables).find((t) => t.name === H);
  assert.deepEqual(report.hotKeys[0], {
    index: 'byColor', key: { S: 'red' }, operation: 'write', available: report.hotKeys[0].available,
    consumed: 4 * 293, throttled: 1,
  });
});

test('GET /_minnow/capacity reports each bucket, the hot keys and the latest refusals', { skip: SKIP }, async () => {
  const tables = (await admin('GET', 'capacity')).namespaces.flatMap((n) => n.tables);
  const provisioned = tables.find((t) => t.name === T);
  const writes = provisioned.buckets.find((b) => !b.index && b.operation === 'write');
  assert.equal(writes.unitsPerSecond, 1);
  assert.equal(writes.consumed, 6);  // a, b, d one unit each, c three
  assert.equal(writes.throttled, 2);
  assert.equal(provisioned.partitions, 1);  // one unit each way: one partition
  assert.deepEqual(provisioned.throttles.map((t) => [t.operation, t.reason, t.resource]),
    Array(2).fill(['PutItem', 'TableWriteProvisionedThroughputExceeded', await tableArn(T)]));
  const onDemand = tables.find((t) => t.name === D);
  const onDemandWrites = onDemand.buckets.find((b) => !b.index && b.operation === 'write');
  assert.equal(onDemandWrites.unitsPerSecond, 4000);  // no maximum: what a new table takes at once
  assert.equal(onDemandWrites.throttled, 0);
  assert.equal(onDemand.partitions, 4);  // 4,000 write units at once: four partitions' worth
  assert.deepEqual(onDemand.hotKeys[0].key, { S: 'hot' });
  assert.equal(onDemand.hotKeys[0].throttled, 1);
  assert.deepEqual(onDemand.throttles.map((t) => [t.reason, t.key]),
    [['TableWriteKeyRangeThroughputExceeded', { S: 'hot' }]]);
});

// boto3 (a Python script; skipped without boto3): its retries absorb a throttle, and an
// application's own loop sees the refusal and its ThrottlingReasons.
test('boto3 retries a throttle, and an application loop sees its reason', { skip: SKIP }, async (t) => {
  const script = new URL('../python/boto3_throttling.py', import.meta.url).pathname;
  const env = { ...process.env, DYNAMODB_ENDPOINT: endpoint };
  delete env.AWS_RETRY_MODE;
  delete env.AWS_MAX_ATTEMPTS;
  const result = await new Promise((resolve) => {
    execFile('python3', [script, Y, credentials.accessKeyId], { env, timeout: 120000 }, (err, stdout, stderr) =>
      resolve({ code: err ? (err.code ?? 1) : 0, stdout, stderr }));
  });
  if (result.code === 2 || result.code === 'ENOENT') return t.skip(`no python3 with boto3: ${result.stderr.trim()}`);
  for (const line of result.stdout.trim().split('\n')) t.diagnostic(line);
  assert.equal(result.code, 0, `${result.stdout}${result.stderr}`);
});

test('one table exempted from the model, then back to the server\'s default', { skip: SKIP }, async () => {
  await admin('POST', 'capacity', { table: Z, capacityModel: false });
  for (const pk of ['a', 'b', 'c']) await put(Z, pk);  // one unit a second, not metered
  await admin('POST', 'capacity', { table: Z, capacityModel: null });
  await put(Z, 'd');  // a bucket's first second
  assert.equal((await refusal(put(Z, 'e')))?.name, 'ProvisionedThroughputExceededException');
});
