// Vector index definitions: CreateTable's VectorIndexes, UpdateTable's VectorIndexUpdates,
// DescribeTable's VectorIndexes (status, counts, sizes), DeleteTable, their validations, and the
// write rules on items of a table with a vector index.
//
// No reference emulator has vector indexes (DynamoDB Local 3.3.1 and dynalite accept VectorIndexes
// on CreateTable and drop them silently): these tests follow AWS's documentation of the API (the
// SDK's typings, ../shared/reference/aws-api/), and are skipped on the references. Where AWS
// documents a rule but not its text, the text is Minnow's, in the wording DynamoDB uses for the
// same rule on secondary indexes (model/vector_errors.h). Limits AWS does not give are Minnow's
// (model/limits.h): Dimensions 1-4096 and TopK at most 100 (Amazon S3 Vectors' limits), 20
// vector indexes per table (as GSIs).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  CreateTableCommand, DescribeTableCommand, UpdateTableCommand, DeleteTableCommand, PutItemCommand,
  UpdateItemCommand, BatchWriteItemCommand, TransactWriteItemsCommand, ExecuteStatementCommand,
} from '@aws-sdk/client-dynamodb';
import { makeClient } from '../lib/client.mjs';
import { rawCall, expectError, expectOk } from '../lib/http.mjs';
import { differsOn } from '../lib/reference.mjs';
import { tableNamer } from '../lib/names.mjs';
import { createTable, dropTables } from '../lib/tables.mjs';

const skip = differsOn(['dynamodb-local', 'dynalite'], 'no vector indexes (VectorIndexes is dropped)');
const client = makeClient();
const newName = tableNamer('vecdef');
const created = [];
const name = (label) => { const n = newName(label); created.push(n); return n; };
after(() => dropTables(client, created));

const PPR = { BillingMode: 'PAY_PER_REQUEST' };
const KS = [{ AttributeName: 'pk', KeyType: 'HASH' }];
const AD = [{ AttributeName: 'pk', AttributeType: 'S' }];
const S = (s) => ({ S: s });
const vec = (...xs) => ({ L: xs.map((x) => ({ N: String(x) })) });

// The index Semantic of the example: embedding (3 dimensions), HASH tenant, INLINE_FILTER lang.
const semantic = {
  IndexName: 'Semantic', VectorAttribute: { AttributeName: 'embedding' }, Dimensions: 3, DistanceFunction: 'COSINE',
  SearchSchema: [{ AttributeName: 'tenant', SearchSchemaElementType: 'HASH' },
    { AttributeName: 'lang', SearchSchemaElementType: 'INLINE_FILTER' }],
  Projection: { ProjectionType: 'ALL' },
};
const semanticDefs = [...AD, { AttributeName: 'tenant', AttributeType: 'S' }, { AttributeName: 'lang', AttributeType: 'S' }];
const flat = {
  IndexName: 'Flat', VectorAttribute: { AttributeName: 'embedding' }, Dimensions: 3, DistanceFunction: 'DOT_PRODUCT',
  Projection: { ProjectionType: 'KEYS_ONLY' },
};

// What DescribeTable shows of an index besides its definition, counts and sizes left out.
const described = (index, status = 'ACTIVE') => {
  const { IndexSizeBytes, ItemCount, IndexArn, ...rest } = index;
  return { ...rest, IndexStatus: status };
};
const definition = (index) => {
  const { IndexStatus, Backfilling, IndexSizeBytes, ItemCount, IndexArn, ...rest } = index;
  return rest;
};
async function vectorIndexes(TableName) {
  const { Table } = await client.send(new DescribeTableCommand({ TableName }));
  return Table.VectorIndexes;
}

test('CreateTable with VectorIndexes: answered CREATING, then described ACTIVE as defined', { skip }, async () => {
  const TableName = name('create');
  const out = await client.send(new CreateTableCommand({
    TableName, KeySchema: KS, AttributeDefinitions: semanticDefs, ...PPR, VectorIndexes: [semantic, flat],
  }));
  assert.deepEqual(out.TableDescription.VectorIndexes.map((i) => [i.IndexName, i.IndexStatus, i.ItemCount]),
    [['Semantic', 'CREATING', 0], ['Flat', 'CREATING', 0]]);
  assert.deepEqual(out.TableDescription.VectorIndexes.map(definition), [semantic, flat]);
  const indexes = await vectorIndexes(TableName);
  assert.deepEqual(indexes.map(definition), [semantic, flat]);
  for (const index of indexes) {
    assert.equal(index.IndexStatus, 'ACTIVE');
    assert.equal(index.Backfilling, undefined);
    assert.equal(index.ItemCount, 0);
    assert.equal(index.IndexSizeBytes, 0);
    assert.match(index.IndexArn, new RegExp(`^arn:aws:dynamodb:[^:]+:\\d{12}:table/${TableName}/index/${index.IndexName}$`));
  }
  // The search schema's attributes keep their definitions.
  const { Table } = await client.send(new DescribeTableCommand({ TableName }));
  assert.deepEqual(Table.AttributeDefinitions, semanticDefs);
});

test('ItemCount counts the items an index holds: a vector, and the HASH attribute when there is one', { skip }, async () => {
  const TableName = name('count');
  await createTable(client, { TableName, KeySchema: KS, AttributeDefinitions: semanticDefs, ...PPR, VectorIndexes: [semantic, flat] });
  const items = [
    { pk: S('a'), tenant: S('t1'), lang: S('en'), embedding: vec(1, 0, 0) },
    { pk: S('b'), tenant: S('t1'), embedding: vec(0, 1, 0) },  // no INLINE_FILTER attribute: indexed
    { pk: S('c'), embedding: vec(0, 0, 1) },                   // no HASH attribute: only in Flat
    { pk: S('d'), tenant: S('t2'), lang: S('de') },            // no vector: in neither
  ];
  for (const Item of items) await client.send(new PutItemCommand({ TableName, Item }));
  const counts = Object.fromEntries((await vectorIndexes(TableName)).map((i) => [i.IndexName, i.ItemCount]));
  assert.deepEqual(counts, { Semantic: 2, Flat: 3 });
  for (const index of await vectorIndexes(TableName)) assert.ok(index.IndexSizeBytes >= index.ItemCount * 12, index.IndexName);
  // Removing the vector takes the item out of both; deleting an item too.
  await client.send(new UpdateItemCommand({ TableName, Key: { pk: S('a') }, UpdateExpression: 'REMOVE embedding' }));
  await client.send(new BatchWriteItemCommand({ RequestItems: { [TableName]: [{ DeleteRequest: { Key: { pk: S('c') } } }] } }));
  const after = Object.fromEntries((await vectorIndexes(TableName)).map((i) => [i.IndexName, i.ItemCount]));
  assert.deepEqual(after, { Semantic: 1, Flat: 1 });
});

test('UpdateTable creates a vector index: answered CREATING (table UPDATING), backfilled, then ACTIVE', { skip }, async () => {
  const TableName = name('update');
  await createTable(client, { TableName, KeySchema: KS, AttributeDefinitions: AD, ...PPR });
  for (const [pk, v] of [['a', vec(1, 2, 3)], ['b', vec(1, 2)], ['c', { S: 'not a vector' }], ['d', vec(3, 2, 1)]])
    await client.send(new PutItemCommand({ TableName, Item: { pk: S(pk), tenant: S('t'), embedding: v } }));
  const out = await client.send(new UpdateTableCommand({
    TableName, AttributeDefinitions: [{ AttributeName: 'tenant', AttributeType: 'S' }],
    VectorIndexUpdates: [{ Create: { ...semantic, SearchSchema: [semantic.SearchSchema[0]] } }],
  }));
  assert.equal(out.TableDescription.TableStatus, 'UPDATING');
  assert.deepEqual(out.TableDescription.VectorIndexes.map((i) => [i.IndexName, i.IndexStatus]), [['Semantic', 'CREATING']]);
  const [index] = await vectorIndexes(TableName);
  assert.equal(index.IndexStatus, 'ACTIVE');
  // The backfill leaves out the items the index cannot take (wrong dimension count, not a list),
  // as a new GSI leaves out items whose key has the wrong type.
  assert.equal(index.ItemCount, 2);
  const { Table } = await client.send(new DescribeTableCommand({ TableName }));
  assert.deepEqual(Table.AttributeDefinitions, [...AD, { AttributeName: 'tenant', AttributeType: 'S' }]);
  // From now on, writes are checked against the index.
  await assert.rejects(client.send(new PutItemCommand({ TableName, Item: { pk: S('e'), embedding: vec(1, 2) } })),
    { name: 'ValidationException' });
});

test('UpdateTable deletes a vector index: answered DELETING, then gone with its unused attribute definitions', { skip }, async () => {
  const TableName = name('delete');
  await createTable(client, { TableName, KeySchema: KS, AttributeDefinitions: semanticDefs, ...PPR, VectorIndexes: [semantic, flat] });
  const out = await client.send(new UpdateTableCommand({ TableName, VectorIndexUpdates: [{ Delete: { IndexName: 'Semantic' } }] }));
  assert.equal(out.TableDescription.TableStatus, 'UPDATING');
  assert.deepEqual(out.TableDescription.VectorIndexes.map((i) => [i.IndexName, i.IndexStatus]),
    [['Semantic', 'DELETING'], ['Flat', 'ACTIVE']]);
  const { Table } = await client.send(new DescribeTableCommand({ TableName }));
  assert.deepEqual(Table.VectorIndexes.map((i) => i.IndexName), ['Flat']);
  assert.deepEqual(Table.AttributeDefinitions, AD);
  // Items that only the deleted index refused are accepted now (Flat has no search schema).
  await client.send(new PutItemCommand({ TableName, Item: { pk: S('x'), tenant: { N: '1' }, embedding: vec(1, 1, 1) } }));
  await client.send(new UpdateTableCommand({ TableName, VectorIndexUpdates: [{ Delete: { IndexName: 'Flat' } }] }));
  const { Table: bare } = await client.send(new DescribeTableCommand({ TableName }));
  assert.equal(bare.VectorIndexes, undefined);
});

test('DeleteTable answers DELETING without the vector indexes, as without GSIs', { skip }, async () => {
  const TableName = newName('drop');
  await createTable(client, { TableName, KeySchema: KS, AttributeDefinitions: semanticDefs, ...PPR, VectorIndexes: [semantic] });
  const out = await client.send(new DeleteTableCommand({ TableName }));
  assert.equal(out.TableDescription.TableStatus, 'DELETING');
  assert.equal(out.TableDescription.VectorIndexes, undefined);
});

// ---- Writes: AWS's documented rules, on every write path ------------------------------------

test('writes of an item the index cannot take are refused on every write path', { skip }, async () => {
  const TableName = name('writes');
  await createTable(client, { TableName, KeySchema: KS, AttributeDefinitions: semanticDefs, ...PPR, VectorIndexes: [semantic] });
  const prefix = 'One or more parameter values were invalid: ';
  const bad = [
    [{ embedding: vec(1, 2) }, `${prefix}Vector attribute embedding has 2 dimensions, the index has 3 IndexName: Semantic`],
    [{ embedding: { L: [{ N: '1' }, { S: '2' }, { N: '3' }] } },
      `${prefix}Vector attribute embedding element 2 Expected: N Actual: S IndexName: Semantic`],
    [{ embedding: { NS: ['1', '2', '3'] } },
      `${prefix}Type mismatch for Vector attribute embedding Expected: L Actual: NS IndexName: Semantic`],
    [{ embedding: vec(1, '1e39', 3) },
      `${prefix}Vector attribute embedding element 2 does not fit in a 32-bit floating point number IndexName: Semantic`],
    [{ embedding: vec(1, 2, 3), tenant: { N: '5' } },
      `${prefix}Type mismatch for Index Key tenant Expected: S Actual: N IndexName: Semantic`],
    [{ embedding: vec(1, 2, 3), lang: { B: 'AA==' } },
      `${prefix}Type mismatch for Index Key lang Expected: S Actual: B IndexName: Semantic`],
  ];
  for (const [attrs, message] of bad) {
    const Item = { pk: S('k'), tenant: S('t'), ...attrs };
    expectError(await rawCall('PutItem', { TableName, Item }), 'ValidationException', message);
    expectError(await rawCall('BatchWriteItem', { RequestItems: { [TableName]: [{ PutRequest: { Item } }] } }),
      'ValidationException', message);
    // A transaction is cancelled with the reason, as for a GSI key of the wrong type.
    const res = await rawCall('TransactWriteItems', { TransactItems: [{ Put: { TableName, Item } }] });
    expectError(res, 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException');
    assert.deepEqual(res.body.CancellationReasons, [{ Code: 'ValidationError', Message: message }]);
  }
  // UpdateItem: the item it would write.
  const res = await rawCall('UpdateItem', { TableName, Key: { pk: S('k') }, UpdateExpression: 'SET embedding = :v',
    ExpressionAttributeValues: { ':v': vec(1, 2, 3, 4) } });
  expectError(res, 'ValidationException', `${prefix}Vector attribute embedding has 4 dimensions, the index has 3 IndexName: Semantic`);
  // PartiQL INSERT.
  await assert.rejects(client.send(new ExecuteStatementCommand({
    Statement: `INSERT INTO "${TableName}" VALUE {'pk': 'k', 'embedding': [1, 2]}` })), { name: 'ValidationException' });
  // Nothing was written.
  const [index] = await vectorIndexes(TableName);
  assert.equal(index.ItemCount, 0);
  // A good item through each path is indexed.
  const good = (pk) => ({ pk: S(pk), tenant: S('t'), embedding: vec(0.5, -1, 2) });
  await client.send(new PutItemCommand({ TableName, Item: good('p') }));
  await client.send(new BatchWriteItemCommand({ RequestItems: { [TableName]: [{ PutRequest: { Item: good('b') } }] } }));
  await client.send(new TransactWriteItemsCommand({ TransactItems: [{ Put: { TableName, Item: good('t') } }] }));
  await client.send(new UpdateItemCommand({ TableName, Key: { pk: S('u') }, UpdateExpression: 'SET tenant = :t, embedding = :v',
    ExpressionAttributeValues: { ':t': S('t'), ':v': vec(1, 1, 1) } }));
  await client.send(new ExecuteStatementCommand({
    Statement: `INSERT INTO "${TableName}" VALUE {'pk': 'q', 'tenant': 't', 'embedding': [1, 2, 3]}` }));
  assert.equal((await vectorIndexes(TableName))[0].ItemCount, 5);
});

// ---- Validation ---------------------------------------------------------------------------

const P = 'One or more parameter values were invalid: ';
const tableWith = (label, VectorIndexes, AttributeDefinitions = semanticDefs, extra = {}) =>
  ({ TableName: newName(label), KeySchema: KS, AttributeDefinitions, ...PPR, VectorIndexes, ...extra });
const filters = (n) => Array.from({ length: n }, (_, i) => `f${i}`);
const createCases = [
  { why: 'an empty VectorIndexes list', body: tableWith('empty', [], AD), message: `${P}List of VectorIndexes is empty` },
  { why: 'Dimensions 0, an unknown DistanceFunction, a short IndexName',
    body: tableWith('shape', [{ ...flat, IndexName: 'x', Dimensions: 0, DistanceFunction: 'L1' }], AD),
    message: "3 validation errors detected: Value 'x' at 'vectorIndexes.1.member.indexName' failed to satisfy constraint: " +
      'Member must have length greater than or equal to 3; ' +
      "Value '0' at 'vectorIndexes.1.member.dimensions' failed to satisfy constraint: Member must have value greater than or equal to 1; " +
      "Value 'L1' at 'vectorIndexes.1.member.distanceFunction' failed to satisfy constraint: Member must satisfy enum value set: [COSINE, EUCLIDEAN, DOT_PRODUCT]" },
  { why: 'more than 4096 Dimensions', body: tableWith('dims', [{ ...flat, Dimensions: 4097 }], AD),
    message: "1 validation error detected: Value '4097' at 'vectorIndexes.1.member.dimensions' failed to satisfy constraint: " +
      'Member must have value less than or equal to 4096' },
  { why: 'a vector index without VectorAttribute, Projection and DistanceFunction',
    body: tableWith('missing', [{ IndexName: 'Flat', Dimensions: 3 }], AD),
    message: "3 validation errors detected: Value null at 'vectorIndexes.1.member.vectorAttribute' failed to satisfy constraint: " +
      "Member must not be null; Value null at 'vectorIndexes.1.member.projection' failed to satisfy constraint: Member must not be null; " +
      "Value null at 'vectorIndexes.1.member.distanceFunction' failed to satisfy constraint: Member must not be null" },
  { why: 'an unknown SearchSchemaElementType',
    body: tableWith('type', [{ ...semantic, SearchSchema: [{ AttributeName: 'tenant', SearchSchemaElementType: 'RANGE' }] }]),
    message: "1 validation error detected: Value 'RANGE' at 'vectorIndexes.1.member.searchSchema.1.member.searchSchemaElementType' " +
      'failed to satisfy constraint: Member must satisfy enum value set: [HASH, INLINE_FILTER]' },
  { why: 'a vector index named as a GSI',
    body: tableWith('dupgsi', [{ ...flat, IndexName: 'gsi1' }], [...AD, { AttributeName: 'g', AttributeType: 'S' }], {
      GlobalSecondaryIndexes: [{ IndexName: 'gsi1', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } }] }),
    message: `${P}Duplicate index name: gsi1` },
  { why: 'two vector indexes of one name', body: tableWith('dup', [flat, { ...flat, DistanceFunction: 'COSINE' }], AD),
    message: `${P}Duplicate index name: Flat` },
  { why: 'two HASH elements', body: tableWith('hash2', [{ ...semantic,
    SearchSchema: [{ AttributeName: 'tenant', SearchSchemaElementType: 'HASH' }, { AttributeName: 'lang', SearchSchemaElementType: 'HASH' }] }]),
  message: `${P}Vector index Semantic has more than one HASH element in its SearchSchema` },
  { why: 'an attribute twice in the SearchSchema', body: tableWith('twice', [{ ...semantic,
    SearchSchema: [{ AttributeName: 'lang', SearchSchemaElementType: 'INLINE_FILTER' }, { AttributeName: 'lang', SearchSchemaElementType: 'INLINE_FILTER' }] }],
  [...AD, { AttributeName: 'lang', AttributeType: 'S' }]),
  message: `${P}Vector index Semantic has attribute lang more than once in its SearchSchema` },
  { why: 'a search schema attribute without a definition', body: tableWith('undef', [semantic], [...AD, { AttributeName: 'tenant', AttributeType: 'S' }]),
    message: `${P}Some index key attributes are not defined in AttributeDefinitions. Keys: [tenant, lang], AttributeDefinitions: [pk, tenant]` },
  { why: 'an attribute definition no key or search schema uses', body: tableWith('unused', [flat], [...AD, { AttributeName: 'x', AttributeType: 'S' }]),
    message: `${P}Some AttributeDefinitions are not used. AttributeDefinitions: [pk, x], keys used: [pk]` },
  { why: 'the table key as the vector attribute', body: tableWith('keyvec', [{ ...flat, VectorAttribute: { AttributeName: 'pk' } }], AD),
    message: `${P}Vector attribute pk of vector index Flat cannot be a key attribute or a search schema attribute` },
  { why: 'the vector attribute in the SearchSchema', body: tableWith('schemavec', [{ ...semantic,
    SearchSchema: [{ AttributeName: 'embedding', SearchSchemaElementType: 'INLINE_FILTER' }] }], [...AD, { AttributeName: 'embedding', AttributeType: 'S' }]),
  message: `${P}Vector attribute embedding of vector index Semantic cannot be a key attribute or a search schema attribute` },
  { why: 'two indexes on one attribute with different Dimensions', body: tableWith('dims2', [flat, { ...flat, IndexName: 'Wide', Dimensions: 8 }], AD),
    message: `${P}Vector indexes on attribute embedding must have the same Dimensions: Wide has 8, Flat has 3` },
  { why: 'INCLUDE without NonKeyAttributes', body: tableWith('inc', [{ ...flat, Projection: { ProjectionType: 'INCLUDE' } }], AD),
    message: `${P}ProjectionType is INCLUDE, but NonKeyAttributes is not specified` },
  // The vector attribute and each INLINE_FILTER attribute count as one projected attribute each.
  { why: 'more than 100 projected attributes over all indexes', body: tableWith('proj', [{ ...semantic,
    SearchSchema: [{ AttributeName: 'lang', SearchSchemaElementType: 'INLINE_FILTER' }],
    Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: filters(99) } }], [...AD, { AttributeName: 'lang', AttributeType: 'S' }]),
  message: `${P}Number of projected attributes in all indexes exceeds limit of 100` },
  { why: 'more than 20 vector indexes',
    body: tableWith('many', Array.from({ length: 21 }, (_, i) => ({ ...flat, IndexName: `v${String(i).padStart(2, '0')}` })), AD),
    message: `${P}VectorIndex count exceeds the per-table limit of 20` },
];

for (const c of createCases) {
  test(`CreateTable rejects ${c.why}`, { skip }, async () => {
    created.push(c.body.TableName);  // in case it is accepted
    expectError(await rawCall('CreateTable', c.body), 'ValidationException', c.message);
  });
}

test('100 projected attributes over all indexes are accepted', { skip }, async () => {
  const body = tableWith('proj100', [{ ...semantic, SearchSchema: [{ AttributeName: 'lang', SearchSchemaElementType: 'INLINE_FILTER' }],
    Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: filters(98) } }], [...AD, { AttributeName: 'lang', AttributeType: 'S' }]);
  created.push(body.TableName);
  expectOk(await rawCall('CreateTable', body));
});

test('UpdateTable rejects bad VectorIndexUpdates', { skip }, async () => {
  const TableName = name('updbad');
  await createTable(client, { TableName, KeySchema: KS, AttributeDefinitions: AD, ...PPR, VectorIndexes: [flat] });
  const cases = [
    [{ VectorIndexUpdates: [{ Delete: { IndexName: 'Flat' } }, { Create: semantic }] }, 'ValidationException',
      /^1 validation error detected: Value '.*' at 'vectorIndexUpdates' failed to satisfy constraint: Member must have length less than or equal to 1$/],
    [{ VectorIndexUpdates: [{}] }, 'ValidationException', 'One of VectorIndexUpdate.Create, VectorIndexUpdate.Delete must not be null'],
    [{ VectorIndexUpdates: [{ Create: flat, Delete: { IndexName: 'Flat' } }] }, 'ValidationException',
      'Only one of VectorIndexUpdate.Create, VectorIndexUpdate.Delete can be specified'],
    [{ VectorIndexUpdates: [{ Create: { ...flat, DistanceFunction: 'COSINE' } }] }, 'ValidationException',
      'Attempting to create an index which already exists'],
    [{ VectorIndexUpdates: [{ Delete: { IndexName: 'Nope' } }] }, 'ResourceNotFoundException',
      'Requested resource not found: Vector index: Nope not found'],
    [{ VectorIndexUpdates: [{ Create: semantic }] }, 'ValidationException',
      `${P}Some index key attributes are not defined in AttributeDefinitions. Keys: [tenant, lang], AttributeDefinitions: [pk]`],
    [{ AttributeDefinitions: semanticDefs, VectorIndexUpdates: [{ Create: { ...semantic, Dimensions: 4 } }] }, 'ValidationException',
      `${P}Vector indexes on attribute embedding must have the same Dimensions: Semantic has 4, Flat has 3`],
    [{ VectorIndexUpdates: [{ Create: { ...flat, IndexName: 'Other', VectorAttribute: { AttributeName: 'pk' } } }] }, 'ValidationException',
      `${P}Vector attribute pk of vector index Other cannot be a key attribute or a search schema attribute`],
  ];
  for (const [update, code, message] of cases) {
    expectError(await rawCall('UpdateTable', { TableName, ...update }), code, message);
  }
  // Nothing changed.
  const [index] = await vectorIndexes(TableName);
  assert.deepEqual(described(index), { ...flat, IndexStatus: 'ACTIVE' });
});
