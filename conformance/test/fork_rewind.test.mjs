// Minnow's fork, checkpoint and rewind (docs/admin-api.md; no reference has them), as the AWS SDK
// sees them: POST /_minnow/namespaces/fork copies one namespace into another, after which the
// two are independent; POST /_minnow/checkpoint saves a namespace under an id Minnow chooses and
// POST /_minnow/rewind puts it back, for a suite that returns to its fixtures before each test.
//
// Every namespace touched here belongs to this run (access keys with the run's suffix, as in
// namespaces.test.mjs), and every checkpoint and rewind names one of them (?namespace=): other
// files' tables never move. A fork needs a namespace per access key and region, so with one
// shared database (DYNAMODB_SHARED_DB=1) only the refusal is tested.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  ListTablesCommand, DescribeTableCommand, DescribeTimeToLiveCommand, UpdateTimeToLiveCommand, PutItemCommand,
  GetItemCommand, DeleteItemCommand, UpdateItemCommand, QueryCommand, ScanCommand, DeleteTableCommand,
  TransactWriteItemsCommand,
} from '@aws-sdk/client-dynamodb';
import {
  DynamoDBStreamsClient, DescribeStreamCommand, GetShardIteratorCommand, GetRecordsCommand,
} from '@aws-sdk/client-dynamodb-streams';
import { ADMIN_HEADERS } from '../lib/admin.mjs';
import { makeClient } from '../lib/client.mjs';
import { endpoint, sharedDb } from '../lib/env.mjs';
import { differsOn } from '../lib/reference.mjs';
import { tableNamer } from '../lib/names.mjs';
import { keyedTable, createTable, dropTables } from '../lib/tables.mjs';
import { rejects } from '../lib/values.mjs';

const name = tableNamer('fork');

const NO_ADMIN = differsOn(['dynamodb-local', 'dynalite'], 'no /_minnow admin endpoints');
// With one shared database every ACCESS_KEY/REGION is the same namespace: there is nothing to
// fork into, and a checkpoint or rewind of it would move every other file's tables too.
const SHARED = sharedDb ? 'one shared database: a fork needs a namespace per access key and region' : false;
const SKIP = NO_ADMIN || SHARED;

// A worker: its own access key, hence its own namespace (ID ACCESS_KEY/REGION).
const run = `${process.pid}${Date.now().toString(36)}`.toUpperCase();
let workers = 0;
function worker(label, region = 'us-east-1') {
  const accessKeyId = `AKIDFORK${label}${++workers}X${run}`;
  const credentials = { accessKeyId, secretAccessKey: 'secret' };
  return {
    accessKeyId, region, id: `${accessKeyId}/${region}`,
    db: makeClient({ region, credentials }),
    streams: new DynamoDBStreamsClient({ endpoint, region, credentials, maxAttempts: 1 }),
  };
}

// Every table made here, and every copy a fork made of it, is dropped afterwards in its own
// namespace; so is every checkpoint, which would otherwise hold its versions for the server's life.
const created = [];      // [worker, table]
const checkpoints = [];  // ids
after(async () => {
  if (NO_ADMIN) return;
  for (const [w, t] of created) await dropTables(w.db, [t]);
  for (const id of checkpoints) await call('DELETE', 'checkpoint', { id });
});
const own = (w, ...tables) => { for (const t of tables) created.push([w, t]); };

async function make(w, label, extra = {}) {
  const TableName = name(label);
  await createTable(w.db, keyedTable(TableName, ['pk', 'S'], null, extra));
  own(w, TableName);
  return TableName;
}

// A table with a GSI on g and a stream, as fixtures usually have.
const INDEXED = {
  AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'g', AttributeType: 'S' }],
  GlobalSecondaryIndexes: [{ IndexName: 'by_g', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }],
                             Projection: { ProjectionType: 'ALL' } }],
  StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
};

// A /_minnow call; `w` names the worker's namespace (?namespace=ID). The parsed answer, or null.
async function call(method, path, body, w) {
  const query = w ? `?namespace=${encodeURIComponent(w.id)}` : '';
  const res = await fetch(`${endpoint}/_minnow/${path}${query}`, {
    method, headers: ADMIN_HEADERS, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json = null;
  try { json = JSON.parse(text); } catch { /* not JSON */ }
  return { status: res.status, text, body: json };
}
async function callOk(method, path, body, w) {
  const res = await call(method, path, body, w);
  assert.equal(res.status, 200, `${method} /_minnow/${path}: ${res.text}`);
  return res.body;
}
// A refused call: HTTP 400, a ValidationException, and exactly this message (or one matching).
function invalid(res, message) {
  assert.equal(res.status, 400, res.text);
  assert.ok(typeof res.body?.__type === 'string' && res.body.__type.endsWith('#ValidationException'), res.text);
  const full = typeof message === 'string' ? `Invalid /_minnow call: ${message}` : message;
  if (full instanceof RegExp) assert.match(res.body.message, full);
  else assert.equal(res.body.message, full);
}

const fork = (source, target, extra = {}) =>
  call('POST', 'namespaces/fork', { source: source.id, target: target.id, ...extra });
async function forkOk(source, target, extra = {}) {
  const res = await fork(source, target, extra);
  assert.equal(res.status, 200, res.text);
  // The copies are the target's to drop.
  own(target, ...created.filter(([w]) => w === source).map(([, t]) => t));
  return res.body;
}
async function checkpoint(w) {
  const cp = await callOk('POST', 'checkpoint', undefined, w);
  checkpoints.push(cp.id);
  return cp;
}
const rewind = (w, id, extra = {}) => callOk('POST', 'rewind', { id, ...extra }, w);

async function tableNames(w) {
  const names = [];
  let ExclusiveStartTableName;
  do {
    const out = await w.db.send(new ListTablesCommand({ ExclusiveStartTableName }));
    names.push(...out.TableNames);
    ExclusiveStartTableName = out.LastEvaluatedTableName;
  } while (ExclusiveStartTableName);
  return names;
}
const keys = async (w, TableName) =>
  (await w.db.send(new ScanCommand({ TableName }))).Items.map((i) => i.pk.S).sort();
const byG = async (w, TableName, g) => (await w.db.send(new QueryCommand({ TableName, IndexName: 'by_g',
  KeyConditionExpression: 'g = :g', ExpressionAttributeValues: { ':g': { S: g } } }))).Items.map((i) => i.pk.S).sort();
const get = async (w, TableName, pk) => (await w.db.send(new GetItemCommand({ TableName, Key: { pk: { S: pk } } }))).Item;
const put = (w, TableName, pk, more = {}) =>
  w.db.send(new PutItemCommand({ TableName, Item: { pk: { S: pk }, g: { S: 'x' }, ...more } }));

// Every record of the table's (single-shard) stream, from the trim horizon, as the worker reads it.
async function records(w, TableName) {
  const { Table } = await w.db.send(new DescribeTableCommand({ TableName }));
  const StreamArn = Table.LatestStreamArn;
  const { StreamDescription } = await w.streams.send(new DescribeStreamCommand({ StreamArn }));
  const { ShardIterator } = await w.streams.send(new GetShardIteratorCommand({
    StreamArn, ShardId: StreamDescription.Shards[0].ShardId, ShardIteratorType: 'TRIM_HORIZON' }));
  return (await w.streams.send(new GetRecordsCommand({ ShardIterator }))).Records;
}
const sequence = (record) => BigInt(record.dynamodb.SequenceNumber);

// ---- fork --------------------------------------------------------------------------------------

// What a worker forked from a seeded namespace finds there: the tables as defined, their items,
// what their indexes answer, their streams' records and their TTL settings.
test('a fork copies tables, items, indexes, stream records and TTL into another namespace', { skip: SKIP }, async () => {
  const src = worker('SRC');
  const dst = worker('DST');
  const main = await make(src, 'main', INDEXED);
  const plain = await make(src, 'plain');
  await src.db.send(new UpdateTimeToLiveCommand({ TableName: main,
    TimeToLiveSpecification: { Enabled: true, AttributeName: 'exp' } }));
  for (const pk of ['a', 'b', 'c']) await put(src, main, pk, { v: { N: '1' } });
  await src.db.send(new UpdateItemCommand({ TableName: main, Key: { pk: { S: 'b' } },
    UpdateExpression: 'SET g = :y', ExpressionAttributeValues: { ':y': { S: 'y' } } }));
  await src.db.send(new PutItemCommand({ TableName: plain, Item: { pk: { S: 'p' } } }));
  const sourceRecords = await records(src, main);
  assert.equal(sourceRecords.length, 4);

  const reply = await forkOk(src, dst);
  assert.deepEqual(reply, { source: src.id, target: dst.id, tables: 2, items: 4 });

  assert.deepEqual((await tableNames(dst)).sort(), [main, plain].sort());
  const { Table } = await dst.db.send(new DescribeTableCommand({ TableName: main }));
  assert.equal(Table.TableStatus, 'ACTIVE');
  assert.deepEqual(Table.GlobalSecondaryIndexes.map((i) => i.IndexName), ['by_g']);
  assert.deepEqual(await keys(dst, main), ['a', 'b', 'c']);
  assert.deepEqual(await get(dst, main, 'b'), { pk: { S: 'b' }, g: { S: 'y' }, v: { N: '1' } });
  assert.deepEqual(await keys(dst, plain), ['p']);
  assert.deepEqual(await byG(dst, main, 'x'), ['a', 'c']);
  assert.deepEqual(await byG(dst, main, 'y'), ['b']);
  assert.deepEqual((await dst.db.send(new DescribeTimeToLiveCommand({ TableName: main }))).TimeToLiveDescription,
    { TimeToLiveStatus: 'ENABLED', AttributeName: 'exp' });
  // The target's own stream (found through its own DescribeTable) holds the same records: same
  // shard, sequence numbers and event ids, as a reader of the source saw them.
  assert.deepEqual(await records(dst, main), sourceRecords);
  // GET /_minnow/namespaces counts the target's tables like any other namespace's.
  const listed = (await callOk('GET', 'namespaces')).namespaces.find((n) => n.id === dst.id);
  assert.equal(listed?.tables, 2);
});

// Items and index entries are shared until written: a write on either side must stay there.
test('after a fork, writes on either side are invisible to the other', { skip: SKIP }, async () => {
  const src = worker('SRC');
  const dst = worker('DST');
  const TableName = await make(src, 'split', INDEXED);
  for (const pk of ['a', 'b', 'c']) await put(src, TableName, pk);
  await forkOk(src, dst);

  const set = (w, who) => w.db.send(new UpdateItemCommand({ TableName, Key: { pk: { S: 'b' } },
    UpdateExpression: 'SET who = :w, g = :g', ExpressionAttributeValues: { ':w': { S: who }, ':g': { S: who } } }));
  await put(src, TableName, 'from-src');
  await src.db.send(new DeleteItemCommand({ TableName, Key: { pk: { S: 'a' } } }));
  await set(src, 'src');
  await put(dst, TableName, 'from-dst');
  await dst.db.send(new DeleteItemCommand({ TableName, Key: { pk: { S: 'c' } } }));
  await set(dst, 'dst');

  assert.deepEqual(await keys(src, TableName), ['b', 'c', 'from-src']);
  assert.deepEqual(await keys(dst, TableName), ['a', 'b', 'from-dst']);
  assert.equal(await get(src, TableName, 'from-dst'), undefined);
  assert.equal(await get(dst, TableName, 'from-src'), undefined);
  assert.equal(await get(src, TableName, 'a'), undefined);
  assert.deepEqual(await get(dst, TableName, 'a'), { pk: { S: 'a' }, g: { S: 'x' } });
  assert.equal((await get(src, TableName, 'b')).who.S, 'src');
  assert.equal((await get(dst, TableName, 'b')).who.S, 'dst');
  // The index follows each side's own items.
  assert.deepEqual(await byG(src, TableName, 'x'), ['c', 'from-src']);
  assert.deepEqual(await byG(dst, TableName, 'x'), ['a', 'from-dst']);
  assert.deepEqual(await byG(src, TableName, 'dst'), []);
  assert.deepEqual(await byG(dst, TableName, 'src'), []);
  // So do the streams: the three seeded records, then each side's own three.
  const [fromSrc, fromDst] = [await records(src, TableName), await records(dst, TableName)];
  assert.equal(fromSrc.length, 6);
  assert.equal(fromDst.length, 6);
  assert.deepEqual(fromSrc.slice(0, 3), fromDst.slice(0, 3));
  assert.deepEqual(fromSrc.slice(3).map((r) => r.dynamodb.Keys.pk.S), ['from-src', 'a', 'b']);
  assert.deepEqual(fromDst.slice(3).map((r) => r.dynamodb.Keys.pk.S), ['from-dst', 'c', 'b']);
});

// A fork never overwrites a namespace by accident, and says why it was refused.
test('fork refuses the same namespace, malformed ids, and a target with tables unless replace', { skip: SKIP }, async () => {
  const src = worker('SRC');
  const dst = worker('DST');
  const seeded = await make(src, 'seeded');
  await put(src, seeded, 'k');

  invalid(await fork(src, src), 'source and target must be different namespaces');
  invalid(await fork(src, src, { replace: true }), 'source and target must be different namespaces');
  for (const body of [
    {}, { source: src.id }, { target: dst.id }, { source: 'no-slash', target: dst.id }, { source: src.id, target: 'a/b/c' },
    { source: 42, target: dst.id }, { source: src.id, target: '' }, { source: [src.id], target: dst.id },
  ]) invalid(await call('POST', 'namespaces/fork', body), 'source and target must be namespaces, ACCESS_KEY/REGION');
  // A body that is not an object is refused as every /_minnow call refuses one.
  for (const body of [[], 'x', 7]) assert.equal((await call('POST', 'namespaces/fork', body)).status, 400);

  // A namespace that has been used but holds no tables is a fine target.
  assert.deepEqual(await tableNames(dst), []);
  assert.equal((await forkOk(src, dst)).tables, 1);

  const other = worker('OTHER');
  const old = await make(other, 'old');
  const refusal = `namespace ${other.id} already has tables: send "replace": true to replace them`;
  invalid(await fork(src, other), refusal);
  invalid(await fork(src, other, { replace: false }), refusal);
  assert.deepEqual(await tableNames(other), [old], 'a refused fork changes nothing');
  const replaced = await forkOk(src, other, { replace: true });
  assert.deepEqual(replaced, { source: src.id, target: other.id, tables: 1, items: 1 });
  assert.deepEqual(await tableNames(other), [seeded]);
  await rejects(other.db.send(new DescribeTableCommand({ TableName: old })), 'ResourceNotFoundException');
  assert.deepEqual(await keys(other, seeded), ['k']);
});

// With one database for every credential the target could never be reached: refused as such
// (two different access keys, which -sharedDb makes one namespace).
test('with -sharedDb a fork is refused', { skip: NO_ADMIN || (!sharedDb && 'the server keeps a namespace per access key and region') }, async () => {
  invalid(await fork(worker('SRC'), worker('DST')),
    'a fork needs a namespace per access key and region (this server runs with -sharedDb)');
});

// Parallel test workers each fork the seeded namespace at start and then only ever see the seed
// and their own writes, whatever the others do at the same time.
test('four parallel workers, each on its own fork of one seeded namespace', { skip: SKIP }, async () => {
  const seed = worker('SEED');
  const TableName = await make(seed, 'shared', INDEXED);
  const seeded = ['s0', 's1', 's2', 's3', 's4'];
  for (const pk of seeded) await put(seed, TableName, pk);
  const team = [1, 2, 3, 4].map((n) => worker(`W${n}`));
  const replies = await Promise.all(team.map((w) => forkOk(seed, w)));
  for (const reply of replies) assert.deepEqual([reply.tables, reply.items], [1, 5]);

  await Promise.all(team.map(async (w, i) => {
    const mine = [0, 1, 2].map((n) => `w${i}-${n}`);
    for (const pk of mine) await put(w, TableName, pk, { who: { S: `w${i}` } });
    await w.db.send(new DeleteItemCommand({ TableName, Key: { pk: { S: seeded[i] } } }));
    const expected = [...seeded.filter((_, n) => n !== i), ...mine].sort();
    const scan = await w.db.send(new ScanCommand({ TableName }));
    assert.equal(scan.Count, expected.length, `worker ${i}`);
    assert.deepEqual(scan.Items.map((it) => it.pk.S).sort(), expected, `worker ${i}`);
    assert.deepEqual(await byG(w, TableName, 'x'), expected, `worker ${i}`);
    for (const pk of mine) assert.equal((await get(w, TableName, pk)).who.S, `w${i}`);
    assert.equal(await get(w, TableName, seeded[i]), undefined);
    for (let other = 0; other < team.length; other++) {
      if (other !== i) assert.equal(await get(w, TableName, `w${other}-0`), undefined, `worker ${i} sees worker ${other}`);
    }
  }));
  assert.deepEqual(await keys(seed, TableName), seeded, 'the seed is untouched');
});

// ---- checkpoint and rewind ---------------------------------------------------------------------

// A test changes everything it may (items, the catalog, the index, the stream); the rewind puts
// all of it back. Stream numbers still rise: no reader sees a number twice.
test('a rewind puts back the items, tables, indexes and streams of a checkpoint', { skip: SKIP }, async () => {
  const w = worker('CP');
  const main = await make(w, 'main', INDEXED);
  const doomed = await make(w, 'doomed');
  for (const pk of ['a', 'b', 'c']) await put(w, main, pk);
  await w.db.send(new PutItemCommand({ TableName: doomed, Item: { pk: { S: 'd' } } }));
  const recordsAtCheckpoint = await records(w, main);

  const cp = await checkpoint(w);
  assert.match(cp.id, /^checkpoint-[1-9]\d*$/);
  assert.deepEqual([cp.namespaces, cp.tables, cp.items], [1, 2, 4]);
  assert.equal(typeof cp.bytes, 'number');
  assert.ok(Number.isInteger(cp.epochMillis) && cp.epochMillis > 0);

  await put(w, main, 'new');
  await w.db.send(new DeleteItemCommand({ TableName: main, Key: { pk: { S: 'a' } } }));
  await w.db.send(new UpdateItemCommand({ TableName: main, Key: { pk: { S: 'b' } },
    UpdateExpression: 'SET g = :y', ExpressionAttributeValues: { ':y': { S: 'y' } } }));
  const added = await make(w, 'added');
  await w.db.send(new DeleteTableCommand({ TableName: doomed }));
  assert.deepEqual((await tableNames(w)).sort(), [added, main].sort());
  const recordsBeforeRewind = await records(w, main);
  assert.equal(recordsBeforeRewind.length, 6);

  const reply = await rewind(w, cp.id);
  assert.deepEqual([reply.name, reply.namespaces, reply.tables, reply.items], [cp.id, 1, 2, 4]);
  assert.deepEqual((await tableNames(w)).sort(), [doomed, main].sort());
  await rejects(w.db.send(new DescribeTableCommand({ TableName: added })), 'ResourceNotFoundException');
  assert.equal((await w.db.send(new DescribeTableCommand({ TableName: doomed }))).Table.TableStatus, 'ACTIVE');
  assert.deepEqual(await keys(w, doomed), ['d']);
  assert.deepEqual(await keys(w, main), ['a', 'b', 'c']);
  assert.deepEqual(await byG(w, main, 'x'), ['a', 'b', 'c']);
  assert.deepEqual(await byG(w, main, 'y'), []);
  assert.deepEqual(await records(w, main), recordsAtCheckpoint);

  await put(w, main, 'after');
  const recordsAfter = await records(w, main);
  assert.equal(recordsAfter.length, recordsAtCheckpoint.length + 1);
  const newest = sequence(recordsAfter.at(-1));
  for (const record of recordsBeforeRewind) assert.ok(newest > sequence(record), `${newest} after ${sequence(record)}`);
});

// The pytest-style loop: one checkpoint, a rewind after every test.
test('a checkpoint can be rewound to again and again', { skip: SKIP }, async () => {
  const w = worker('LOOP');
  const TableName = await make(w, 'fixtures', INDEXED);
  for (const pk of ['a', 'b', 'c']) await put(w, TableName, pk);
  const cp = await checkpoint(w);
  for (const round of [1, 2, 3]) {
    await w.db.send(new DeleteItemCommand({ TableName, Key: { pk: { S: 'a' } } }));
    await put(w, TableName, `new${round}`);
    assert.deepEqual(await keys(w, TableName), ['b', 'c', `new${round}`]);
    await rewind(w, cp.id);
    assert.deepEqual(await keys(w, TableName), ['a', 'b', 'c'], `round ${round}`);
    assert.deepEqual(await byG(w, TableName, 'x'), ['a', 'b', 'c'], `round ${round}`);
  }
});

// A token remembered from a transaction the rewind undid must not turn its retry into a no-op.
test('a rewind forgets the namespace\'s idempotency tokens', { skip: SKIP }, async () => {
  const w = worker('TOKEN');
  const TableName = await make(w, 'tokens');
  const cp = await checkpoint(w);
  const request = { ClientRequestToken: `fork-rewind-${run}`.slice(0, 36), TransactItems: [
    { Update: { TableName, Key: { pk: { S: 'k' } }, UpdateExpression: 'ADD c :one', ExpressionAttributeValues: { ':one': { N: '1' } } } }] };
  await w.db.send(new TransactWriteItemsCommand(request));
  await rewind(w, cp.id);
  assert.equal(await get(w, TableName, 'k'), undefined);
  await w.db.send(new TransactWriteItemsCommand(request));
  assert.deepEqual(await get(w, TableName, 'k'), { pk: { S: 'k' }, c: { N: '1' } }, 'the retry was applied');
});

// "clock": true also takes Minnow's one clock back to the checkpoint (every namespace's); without
// it the clock stays where it is.
test('a rewind with "clock": true sets the clock back to the checkpoint', { skip: SKIP }, async () => {
  const w = worker('CLOCK');
  await make(w, 'clocked');
  try {
    const cp = await checkpoint(w);
    const HOUR = 3600 * 1000;
    const advanced = await callOk('POST', 'clock', { advanceSeconds: 3600 });
    assert.ok(advanced.epochMillis >= cp.epochMillis + HOUR);
    await rewind(w, cp.id);
    assert.ok((await callOk('GET', 'clock')).epochMillis >= cp.epochMillis + HOUR, 'no "clock": the clock stays');
    await rewind(w, cp.id, { clock: true });
    // The clock is set to the checkpoint's time and runs on from there (it follows the system
    // clock unless frozen), so by the GET it may be a few milliseconds past it; the hour is gone.
    const now = (await callOk('GET', 'clock')).epochMillis;
    assert.ok(now >= cp.epochMillis && now < cp.epochMillis + HOUR, `${now} against ${cp.epochMillis}`);
  } finally {
    await callOk('POST', 'clock', { reset: true });
  }
});

// A checkpoint is a saved state too (listed, restorable by name); forgotten, it can no longer be
// rewound to. Unknown or malformed ids are refused.
test('checkpoint ids: listed as saved states, forgotten by DELETE, unknown ones refused', { skip: SKIP }, async () => {
  const w = worker('IDS');
  const stranger = worker('STRANGER');
  const TableName = await make(w, 'ids');
  await put(w, TableName, 'a');
  const cp = await checkpoint(w);
  assert.ok((await callOk('GET', 'snapshot')).snapshots.includes(cp.id));
  await put(w, TableName, 'b');
  assert.equal((await callOk('POST', 'restore', { name: cp.id }, w)).name, cp.id);
  assert.deepEqual(await keys(w, TableName), ['a']);

  // checkpoint-0 is never given (the numbers start at 1); nothing of it exists to rewind.
  invalid(await call('POST', 'rewind', { id: 'checkpoint-0' }), "no checkpoint 'checkpoint-0'");
  invalid(await call('DELETE', 'checkpoint', { id: 'checkpoint-0' }), "no checkpoint 'checkpoint-0'");
  invalid(await call('POST', 'rewind', { id: cp.id }, stranger), `no checkpoint '${cp.id}' for namespace ${stranger.id}`);
  for (const body of [{}, { id: 7 }, { id: null }, { id: [cp.id] }]) {
    invalid(await call('POST', 'rewind', body, w), "id must be a checkpoint's id");
  }

  assert.deepEqual(await callOk('DELETE', 'checkpoint', { id: cp.id }), {});
  assert.ok(!(await callOk('GET', 'snapshot')).snapshots.includes(cp.id));
  // Whether the answer also names the namespace is the server's choice: the checkpoint is gone.
  invalid(await call('POST', 'rewind', { id: cp.id }, w),
    new RegExp(`^Invalid /_minnow call: no checkpoint '${cp.id}'( for namespace ${w.id})?$`));
  invalid(await call('DELETE', 'checkpoint', { id: cp.id }), `no checkpoint '${cp.id}'`);
});
