// ConsumedCapacity.VectorIndexes on writes: each vector index a write changes, with its
// VectorWriteRequestBytes, on every write path (PutItem, UpdateItem, DeleteItem, BatchWriteItem,
// TransactWriteItems, and PartiQL's ExecuteStatement, BatchExecuteStatement, ExecuteTransaction).
//
// No reference emulator has vector indexes: this follows AWS's documentation (the SDK's typings,
// ../shared/reference/aws-api/: VectorCapacity, and "If the table has vector indexes, the response
// includes a VectorIndexes field with VectorWriteRequestBytes consumed for each affected vector
// index" on each write output), and is skipped on the references. AWS documents the field as
// "reported for write operations that modify attributes indexed by a vector index" but not how the
// bytes are counted; this follows DynamoDB's observed answers (issue 34, group 9; requests/capacity.h):
// - an index is affected when the old or the new item is in it (it has the vector attribute, and
//   the HASH attribute when the search schema has one) and the entry it holds changes: the
//   vector, a search schema attribute or any attribute it projects (ALL: any attribute); an
//   identical rewrite changes nothing;
// - each affected index is charged the size of its larger entry (old or new), a vector attribute
//   counted as its name plus 4 bytes per dimension, at least 1024;
// - the table's write units, and TableSizeBytes, count vector attributes the same way;
// - it appears under ReturnConsumedCapacity INDEXES only, as DynamoDB answers (never under
//   TOTAL), and is not part of CapacityUnits (bytes, not units).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rawCall, expectOk } from '../lib/http.mjs';
import { differsOn } from '../lib/reference.mjs';
import { makeClient } from '../lib/client.mjs';
import { tableNamer } from '../lib/names.mjs';
import { createTable, dropTables } from '../lib/tables.mjs';
import { itemSize } from '../lib/size.mjs';

const skip = differsOn(['dynamodb-local', 'dynalite'], 'no vector indexes (VectorIndexes dropped on CreateTable)');
const client = makeClient();
const newName = tableNamer('vecwcap');
const T = newName('docs');   // pk S; `small` (v, 8 dims, HASH tenant, ALL), `large` (w, 300 dims, KEYS_ONLY)
const P = newName('plain');  // pk S; no vector index
const S = (s) => ({ S: s });
const N = (n) => ({ N: String(n) });
const vec = (n, x = 0.5) => ({ L: Array.from({ length: n }, (_, i) => N(x + i / 1024)) });
// Billed sizes: a vector attribute is its name plus 4 bytes per dimension (v: 1 + 32, w: 1 + 1200),
// whatever numbers it holds; the rest as stored.
const DIMENSIONS = { v: 8, w: 300 };
const billed = (item) => Object.entries(item).reduce((a, [k, v]) =>
  a + (DIMENSIONS[k] && v.L?.length === DIMENSIONS[k] ? k.length + 4 * DIMENSIONS[k] : itemSize({ [k]: v })), 0);
const FULL = (pk) => ({ pk: S(pk), tenant: S('a'), v: vec(8), w: vec(300) });
// A full item with a two-character key: billed 4 + 7 + 33 + 1201. `small` projects ALL: its entry
// is the whole item; `large` is KEYS_ONLY: pk and w, 4 + 1201.
assert.equal(billed(FULL('p1')), 1245);
const SMALL = { small: { VectorWriteRequestBytes: 1245 } };
const LARGE = { large: { VectorWriteRequestBytes: 1205 } };
const BOTH = { ...SMALL, ...LARGE };
const SMALL_FLOOR = { small: { VectorWriteRequestBytes: 1024 } };  // an entry under 1024 bytes

before(async () => {
  if (skip) return;
  await createTable(client, {
    TableName: T, KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }], BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'tenant', AttributeType: 'S' }],
    VectorIndexes: [
      { IndexName: 'small', VectorAttribute: { AttributeName: 'v' }, Dimensions: 8, DistanceFunction: 'COSINE',
        SearchSchema: [{ AttributeName: 'tenant', SearchSchemaElementType: 'HASH' }], Projection: { ProjectionType: 'ALL' } },
      { IndexName: 'large', VectorAttribute: { AttributeName: 'w' }, Dimensions: 300, DistanceFunction: 'EUCLIDEAN',
        Projection: { ProjectionType: 'KEYS_ONLY' } },
    ],
  });
  await createTable(client, {
    TableName: P, KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }], BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
  });
});
after(() => dropTables(client, [T, P]));

const call = async (action, body) => expectOk(await rawCall(action, body));
const vectorsOf = (capacity) => capacity.VectorIndexes;

test('PutItem: each index the new item enters; none for an item no index holds', { skip }, async () => {
  // 1245 billed bytes are 2 units (stored, w's 300 numbers alone are over 2 KB).
  assert.ok(itemSize(FULL('p1')) > 2048);
  let out = await call('PutItem', { TableName: T, Item: FULL('p1'), ReturnConsumedCapacity: 'INDEXES' });
  assert.deepEqual(out.ConsumedCapacity, { TableName: T, CapacityUnits: 2, Table: { CapacityUnits: 2 }, VectorIndexes: BOTH });
  // Not under TOTAL.
  out = await call('PutItem', { TableName: T, Item: FULL('pt'), ReturnConsumedCapacity: 'TOTAL' });
  assert.deepEqual(out.ConsumedCapacity, { TableName: T, CapacityUnits: 2 });
  // Without the HASH attribute the item is not in `small`.
  out = await call('PutItem', { TableName: T, Item: { pk: S('p2'), v: vec(8) }, ReturnConsumedCapacity: 'INDEXES' });
  assert.deepEqual(out.ConsumedCapacity, { TableName: T, CapacityUnits: 1, Table: { CapacityUnits: 1 } });
  out = await call('PutItem', { TableName: T, Item: { pk: S('p3'), x: S('no vector') }, ReturnConsumedCapacity: 'INDEXES' });
  assert.deepEqual(out.ConsumedCapacity, { TableName: T, CapacityUnits: 1, Table: { CapacityUnits: 1 } });
  // Another attribute changes `small`'s entry (ALL: 1245 + 7 bytes), not `large`'s (KEYS_ONLY).
  const noted = { ...FULL('p1'), note: S('new') };
  out = await call('PutItem', { TableName: T, Item: noted, ReturnConsumedCapacity: 'INDEXES' });
  assert.deepEqual(out.ConsumedCapacity, { TableName: T, CapacityUnits: 2, Table: { CapacityUnits: 2 },
    VectorIndexes: { small: { VectorWriteRequestBytes: 1252 } } });
  // The same item again changes no entry.
  out = await call('PutItem', { TableName: T, Item: noted, ReturnConsumedCapacity: 'INDEXES' });
  assert.deepEqual(out.ConsumedCapacity, { TableName: T, CapacityUnits: 2, Table: { CapacityUnits: 2 } });
  // Without ReturnConsumedCapacity there is no ConsumedCapacity at all.
  out = await call('PutItem', { TableName: T, Item: { pk: S('p4'), tenant: S('a'), v: vec(8) } });
  assert.equal(out.ConsumedCapacity, undefined);
});

test('UpdateItem: each index whose entry changes', { skip }, async () => {
  await call('PutItem', { TableName: T, Item: FULL('u1') });
  const update = (expression, values) => call('UpdateItem', { TableName: T, Key: { pk: S('u1') }, UpdateExpression: expression,
    ExpressionAttributeValues: values, ReturnConsumedCapacity: 'INDEXES' });
  let out = await update('SET v = :v', { ':v': vec(8, 0.25) });
  assert.deepEqual(out.ConsumedCapacity.VectorIndexes, SMALL);
  out = await update('SET tenant = :t', { ':t': S('b') });
  assert.deepEqual(out.ConsumedCapacity.VectorIndexes, SMALL);
  out = await update('SET w = :w', { ':w': vec(300, 0.75) });
  assert.deepEqual(out.ConsumedCapacity.VectorIndexes, BOTH);
  // Projected by `small` (ALL) only.
  const small = { small: { VectorWriteRequestBytes: 1245 + 5 } };
  out = await update('SET note = :n', { ':n': S('x') });
  assert.deepEqual(out.ConsumedCapacity.VectorIndexes, small);
  assert.deepEqual(out.ConsumedCapacity.Table, { CapacityUnits: 2 });
  // Removing the HASH attribute takes the item out of `small`: a write of its old entry.
  out = await update('REMOVE tenant', undefined);
  assert.deepEqual(out.ConsumedCapacity.VectorIndexes, small);
});

test('DeleteItem: each index that held the item; nothing for an absent item', { skip }, async () => {
  await call('PutItem', { TableName: T, Item: FULL('d1') });
  let out = await call('DeleteItem', { TableName: T, Key: { pk: S('d1') }, ReturnConsumedCapacity: 'INDEXES' });
  assert.deepEqual(out.ConsumedCapacity, { TableName: T, CapacityUnits: 2, Table: { CapacityUnits: 2 }, VectorIndexes: BOTH });
  out = await call('DeleteItem', { TableName: T, Key: { pk: S('d1') }, ReturnConsumedCapacity: 'INDEXES' });
  assert.deepEqual(out.ConsumedCapacity, { TableName: T, CapacityUnits: 1, Table: { CapacityUnits: 1 } });
});

test('TableSizeBytes counts a vector attribute as its name plus 4 bytes per dimension', { skip }, async () => {
  const TableName = newName('size');
  await createTable(client, {
    TableName, KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }], BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
    VectorIndexes: [{ IndexName: 'byV', VectorAttribute: { AttributeName: 'v' }, Dimensions: 8, DistanceFunction: 'COSINE',
      Projection: { ProjectionType: 'KEYS_ONLY' } }],
  });
  try {
    const item = { pk: S('k'), v: { L: Array.from({ length: 8 }, () => N('0.1234567890123456789')) } };
    await call('PutItem', { TableName, Item: item });
    const { Table } = await call('DescribeTable', { TableName });
    assert.equal(Table.TableSizeBytes, 3 + 33);
    assert.equal(billed(item), 3 + 33);
    assert.equal(itemSize(item), 3 + 100);  // as stored: 8 numbers of 11 bytes in a list
  } finally {
    await dropTables(client, [TableName]);
  }
});

test('BatchWriteItem: the bytes of every write, summed per index, in the table\'s entry only', { skip }, async () => {
  await call('PutItem', { TableName: T, Item: { pk: S('b3'), tenant: S('a'), v: vec(8) } });
  const out = await call('BatchWriteItem', {
    RequestItems: {
      [T]: [
        { PutRequest: { Item: FULL('b1') } },
        { PutRequest: { Item: { pk: S('b2'), tenant: S('a'), v: vec(8) } } },
        { DeleteRequest: { Key: { pk: S('b3') } } },
        { PutRequest: { Item: { pk: S('b4'), x: S('none') } } },
      ],
      [P]: [{ PutRequest: { Item: { pk: S('b1'), v: vec(8) } } }],
    },
    ReturnConsumedCapacity: 'INDEXES',
  });
  assert.deepEqual(out.ConsumedCapacity, [
    { TableName: T, CapacityUnits: 5, Table: { CapacityUnits: 5 }, VectorIndexes: { small: { VectorWriteRequestBytes: 1245 + 1024 + 1024 }, ...LARGE } },
    { TableName: P, CapacityUnits: 1, Table: { CapacityUnits: 1 } },
  ]);
});

test('TransactWriteItems: per table, the indexes each action changes (bytes once, units twice)', { skip }, async () => {
  await call('PutItem', { TableName: T, Item: FULL('t2') });
  await call('PutItem', { TableName: T, Item: { pk: S('t3'), tenant: S('a'), v: vec(8) } });
  const out = await call('TransactWriteItems', {
    TransactItems: [
      { Put: { TableName: T, Item: { pk: S('t1'), tenant: S('a'), v: vec(8) } } },
      { Update: { TableName: T, Key: { pk: S('t2') }, UpdateExpression: 'SET w = :w', ExpressionAttributeValues: { ':w': vec(300, 0.1) } } },
      { ConditionCheck: { TableName: T, Key: { pk: S('t3') }, ConditionExpression: 'attribute_exists(pk)' } },
      { Put: { TableName: P, Item: { pk: S('t1'), v: vec(8) } } },
    ],
    ReturnConsumedCapacity: 'INDEXES',
  });
  assert.deepEqual(out.ConsumedCapacity, [
    { TableName: T, CapacityUnits: 8, Table: { CapacityUnits: 8 }, VectorIndexes: { small: { VectorWriteRequestBytes: 1024 + 1245 }, ...LARGE } },
    { TableName: P, CapacityUnits: 2, Table: { CapacityUnits: 2 } },
  ]);
});

test('a cancelled transaction or a failed condition changes nothing and answers no bytes', { skip }, async () => {
  await call('PutItem', { TableName: T, Item: { pk: S('c1'), tenant: S('a'), v: vec(8) } });
  const res = await rawCall('PutItem', { TableName: T, Item: { pk: S('c1'), tenant: S('z'), v: vec(8) },
    ConditionExpression: 'attribute_not_exists(pk)', ReturnConsumedCapacity: 'TOTAL' });
  assert.equal(res.status, 400);
  assert.equal(res.body.ConsumedCapacity, undefined);
});

test('PartiQL: INSERT, UPDATE and DELETE statements, alone, in a batch and in a transaction', { skip }, async () => {
  const v = (x) => `[${Array.from({ length: 8 }, (_, i) => x + i / 1024).join(', ')}]`;
  let out = await call('ExecuteStatement', { Statement: `INSERT INTO "${T}" VALUE {'pk': 'q1', 'tenant': 'a', 'v': ${v(0.5)}}`, ReturnConsumedCapacity: 'INDEXES' });
  assert.deepEqual(vectorsOf(out.ConsumedCapacity), SMALL_FLOOR);
  out = await call('ExecuteStatement', { Statement: `UPDATE "${T}" SET v = ${v(0.25)} WHERE pk = 'q1'`, ReturnConsumedCapacity: 'INDEXES' });
  assert.deepEqual(vectorsOf(out.ConsumedCapacity), SMALL_FLOOR);
  out = await call('ExecuteStatement', { Statement: `UPDATE "${T}" SET note = 'n' WHERE pk = 'q1'`, ReturnConsumedCapacity: 'INDEXES' });
  assert.deepEqual(vectorsOf(out.ConsumedCapacity), SMALL_FLOOR);
  out = await call('ExecuteStatement', { Statement: `UPDATE "${T}" SET note = 'n' WHERE pk = 'q1'`, ReturnConsumedCapacity: 'INDEXES' });
  assert.equal(vectorsOf(out.ConsumedCapacity), undefined);  // nothing changes
  out = await call('ExecuteStatement', { Statement: `DELETE FROM "${T}" WHERE pk = 'q1'`, ReturnConsumedCapacity: 'INDEXES' });
  assert.deepEqual(vectorsOf(out.ConsumedCapacity), SMALL_FLOOR);

  out = await call('BatchExecuteStatement', {
    Statements: [
      { Statement: `INSERT INTO "${T}" VALUE {'pk': 'q2', 'tenant': 'a', 'v': ${v(0.5)}}` },
      { Statement: `INSERT INTO "${T}" VALUE {'pk': 'q3', 'tenant': 'b', 'v': ${v(0.5)}}` },
    ],
    ReturnConsumedCapacity: 'INDEXES',
  });
  assert.deepEqual(out.ConsumedCapacity, [{ TableName: T, CapacityUnits: 2, Table: { CapacityUnits: 2 }, VectorIndexes: { small: { VectorWriteRequestBytes: 2048 } } }]);

  out = await call('ExecuteTransaction', {
    TransactStatements: [
      { Statement: `UPDATE "${T}" SET tenant = 'c' WHERE pk = 'q2'` },
      { Statement: `DELETE FROM "${T}" WHERE pk = 'q3'` },
    ],
    ReturnConsumedCapacity: 'INDEXES',
  });
  assert.deepEqual(out.ConsumedCapacity, [{ TableName: T, CapacityUnits: 4, Table: { CapacityUnits: 4 }, VectorIndexes: { small: { VectorWriteRequestBytes: 2048 } } }]);
});
