// Tables: CreateTable, DescribeTable, ListTables, DeleteTable, UpdateTable and their validation.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  CreateTableCommand, DescribeTableCommand, DeleteTableCommand, ListTablesCommand, UpdateTableCommand,
  PutItemCommand, GetItemCommand,
} from '@aws-sdk/client-dynamodb';
import { makeClient } from '../lib/client.mjs';
import { rawCall, expectError, expectOk } from '../lib/http.mjs';
import { differsOn } from '../lib/reference.mjs';
import { tableNamer, uniquePrefix } from '../lib/names.mjs';
import { keyedTable, createTable, waitActive, dropTables } from '../lib/tables.mjs';

const client = makeClient();
const newName = tableNamer('tables');
const created = [];
const name = (label) => { const n = newName(label); created.push(n); return n; };
after(() => dropTables(client, created));

const ARN = /^arn:aws:dynamodb:[^:]+:\d{12}:table\//;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const LOCAL_WORDING = 'DynamoDB Local words this validation message differently; the expected text is real DynamoDB\'s (dynalite)';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function assertRecentDate(d) {
  assert.ok(d instanceof Date, `expected a Date, got ${d}`);
  assert.ok(Math.abs(Date.now() - d.getTime()) < 10 * 60 * 1000, `CreationDateTime ${d.toISOString()} is not recent`);
}

// Waits until DescribeTable says the table is gone (immediate in emulators, seconds in AWS).
async function waitGone(TableName) {
  for (let i = 0; i < 300; i++) {
    try { await client.send(new DescribeTableCommand({ TableName })); } catch (e) {
      if (e.name === 'ResourceNotFoundException') return;
      throw e;
    }
    await sleep(200);
  }
  throw new Error(`table ${TableName} was not deleted`);
}

// ---------------------------------------------------------------------------------------------
// CreateTable and DescribeTable: the shapes

// The simplest table (hash key only, on-demand) and every field of its CreateTable answer.
test('CreateTable hash-only PAY_PER_REQUEST returns a full TableDescription', async () => {
  const TableName = name('hash');
  const out = await client.send(new CreateTableCommand(keyedTable(TableName, ['id', 'S'])));
  const d = out.TableDescription;
  assert.equal(d.TableName, TableName);
  assert.deepEqual(d.KeySchema, [{ AttributeName: 'id', KeyType: 'HASH' }]);
  assert.deepEqual(d.AttributeDefinitions, [{ AttributeName: 'id', AttributeType: 'S' }]);
  assert.ok(['CREATING', 'ACTIVE'].includes(d.TableStatus), d.TableStatus);
  assert.equal(d.BillingModeSummary?.BillingMode, 'PAY_PER_REQUEST');
  assert.equal(d.ProvisionedThroughput.ReadCapacityUnits, 0);
  assert.equal(d.ProvisionedThroughput.WriteCapacityUnits, 0);
  assert.equal(d.ProvisionedThroughput.NumberOfDecreasesToday, 0);
  assert.equal(d.ItemCount, 0);
  assert.equal(d.TableSizeBytes, 0);
  assertRecentDate(d.CreationDateTime);
  assert.match(d.TableArn, ARN);
  assert.ok(d.TableArn.endsWith(`:table/${TableName}`), d.TableArn);
});

// DescribeTable is what SDK waiters and tools poll: every documented field, exactly.
test('DescribeTable returns the full description of a hash+range PROVISIONED table', async (t) => {
  const TableName = name('full');
  await createTable(client, keyedTable(TableName, ['pk', 'S'], ['sk', 'N'], {
    BillingMode: 'PROVISIONED', ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 7 },
  }));
  const { Table: d } = await client.send(new DescribeTableCommand({ TableName }));
  assert.equal(d.TableName, TableName);
  assert.equal(d.TableStatus, 'ACTIVE');
  assert.deepEqual(d.KeySchema, [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }]);
  assert.deepEqual(d.AttributeDefinitions, [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'sk', AttributeType: 'N' }]);
  assert.equal(d.ProvisionedThroughput.ReadCapacityUnits, 5);
  assert.equal(d.ProvisionedThroughput.WriteCapacityUnits, 7);
  assert.equal(d.ProvisionedThroughput.NumberOfDecreasesToday, 0);
  // A provisioned table reports PROVISIONED, or no BillingModeSummary at all.
  assert.equal(d.BillingModeSummary?.BillingMode ?? 'PROVISIONED', 'PROVISIONED');
  assert.equal(d.ItemCount, 0);
  assert.equal(d.TableSizeBytes, 0);
  assertRecentDate(d.CreationDateTime);
  assert.match(d.TableArn, ARN);
  assert.ok(d.TableArn.endsWith(`:table/${TableName}`));
  if (!differsOn('dynamodb-local', 'DynamoDB Local sends no TableId', t)) {
    assert.equal(typeof d.TableId, 'string');
    if (!differsOn('dynalite', 'dynalite\'s TableId is not a well-formed UUID (8-4-4-4-8 hex digits)', t)) {
      assert.match(d.TableId, UUID);
    }
  }
  if (!differsOn('dynalite', 'dynalite does not describe DeletionProtectionEnabled', t)) {
    assert.equal(d.DeletionProtectionEnabled, false);
  }
});

// BillingMode defaults to PROVISIONED when omitted (throughput given).
test('CreateTable without BillingMode is PROVISIONED', async () => {
  const TableName = name('default-billing');
  const params = keyedTable(TableName, ['pk', 'N'], null, { ProvisionedThroughput: { ReadCapacityUnits: 1, WriteCapacityUnits: 2 } });
  delete params.BillingMode;
  await createTable(client, params);
  const { Table: d } = await client.send(new DescribeTableCommand({ TableName }));
  assert.equal(d.BillingModeSummary?.BillingMode ?? 'PROVISIONED', 'PROVISIONED');
  assert.equal(d.ProvisionedThroughput.ReadCapacityUnits, 1);
  assert.equal(d.ProvisionedThroughput.WriteCapacityUnits, 2);
});

// A binary hash key and a string range key are legal key types too.
test('CreateTable with B hash key and S range key', async () => {
  const TableName = name('bkey');
  await createTable(client, keyedTable(TableName, ['b', 'B'], ['s', 'S']));
  const { Table: d } = await client.send(new DescribeTableCommand({ TableName }));
  assert.deepEqual(d.AttributeDefinitions, [{ AttributeName: 'b', AttributeType: 'B' }, { AttributeName: 's', AttributeType: 'S' }]);
});

// Index definitions are accepted, validated and described (their behaviour is a later issue).
test('CreateTable with an LSI and a GSI describes both indexes', async () => {
  const TableName = name('indexes');
  await createTable(client, {
    TableName,
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }],
    AttributeDefinitions: [
      { AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'sk', AttributeType: 'N' },
      { AttributeName: 'g', AttributeType: 'S' }, { AttributeName: 'l', AttributeType: 'B' },
    ],
    BillingMode: 'PROVISIONED',
    ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 7 },
    LocalSecondaryIndexes: [{
      IndexName: 'lsi1',
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'l', KeyType: 'RANGE' }],
      Projection: { ProjectionType: 'KEYS_ONLY' },
    }],
    GlobalSecondaryIndexes: [{
      IndexName: 'gsi1',
      KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }],
      Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['a', 'b'] },
      ProvisionedThroughput: { ReadCapacityUnits: 3, WriteCapacityUnits: 4 },
    }],
  });
  let d;
  for (let i = 0; i < 300; i++) { // GSIs may still be CREATING right after the table is ACTIVE
    d = (await client.send(new DescribeTableCommand({ TableName }))).Table;
    if (d.GlobalSecondaryIndexes?.[0]?.IndexStatus === 'ACTIVE') break;
    await sleep(200);
  }
  assert.equal(d.LocalSecondaryIndexes.length, 1);
  const lsi = d.LocalSecondaryIndexes[0];
  assert.equal(lsi.IndexName, 'lsi1');
  assert.deepEqual(lsi.KeySchema, [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'l', KeyType: 'RANGE' }]);
  assert.deepEqual(lsi.Projection, { ProjectionType: 'KEYS_ONLY' });
  assert.equal(lsi.IndexArn, `${d.TableArn}/index/lsi1`);
  assert.equal(lsi.ItemCount, 0);
  assert.equal(lsi.IndexSizeBytes, 0);
  assert.equal(d.GlobalSecondaryIndexes.length, 1);
  const gsi = d.GlobalSecondaryIndexes[0];
  assert.equal(gsi.IndexName, 'gsi1');
  assert.deepEqual(gsi.KeySchema, [{ AttributeName: 'g', KeyType: 'HASH' }]);
  assert.equal(gsi.Projection.ProjectionType, 'INCLUDE');
  assert.deepEqual([...gsi.Projection.NonKeyAttributes].sort(), ['a', 'b']);
  assert.equal(gsi.IndexStatus, 'ACTIVE');
  assert.equal(gsi.ProvisionedThroughput.ReadCapacityUnits, 3);
  assert.equal(gsi.ProvisionedThroughput.WriteCapacityUnits, 4);
  assert.equal(gsi.IndexArn, `${d.TableArn}/index/gsi1`);
  assert.equal(gsi.ItemCount, 0);
  assert.equal(gsi.IndexSizeBytes, 0);
});

// Every table and GSI says what it can take at once (AWS's "Warm throughput" page), in its own
// status: an on-demand one 12,000 read and 4,000 write units a second; a provisioned one its
// provisioned throughput (Minnow's reading: AWS documents the on-demand values only); either
// raised by the WarmThroughput CreateTable gave.
test('DescribeTable shows the WarmThroughput of the table and of each GSI',
  { skip: differsOn(['dynamodb-local', 'dynalite'], 'answers no WarmThroughput') }, async () => {
    const gsi = (IndexName, more = {}) => ({
      IndexName, KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: { ProjectionType: 'KEYS_ONLY' }, ...more,
    });
    const definitions = [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'g', AttributeType: 'S' }];
    const KeySchema = [{ AttributeName: 'pk', KeyType: 'HASH' }];
    const onDemand = name('warm-od');
    await createTable(client, {
      TableName: onDemand, KeySchema, AttributeDefinitions: definitions, BillingMode: 'PAY_PER_REQUEST',
      WarmThroughput: { ReadUnitsPerSecond: 15000, WriteUnitsPerSecond: 4000 },
      GlobalSecondaryIndexes: [gsi('plain'), gsi('raised', { WarmThroughput: { ReadUnitsPerSecond: 20000, WriteUnitsPerSecond: 5000 } })],
    });
    let { Table: d } = await client.send(new DescribeTableCommand({ TableName: onDemand }));
    assert.deepEqual(d.WarmThroughput, { ReadUnitsPerSecond: 15000, WriteUnitsPerSecond: 4000, Status: 'ACTIVE' });
    const warm = Object.fromEntries(d.GlobalSecondaryIndexes.map((i) => [i.IndexName, i.WarmThroughput]));
    assert.deepEqual(warm, {
      plain: { ReadUnitsPerSecond: 12000, WriteUnitsPerSecond: 4000, Status: 'ACTIVE' },
      raised: { ReadUnitsPerSecond: 20000, WriteUnitsPerSecond: 5000, Status: 'ACTIVE' },
    });
    // UpdateTable raises one rate and keeps the other.
    await client.send(new UpdateTableCommand({ TableName: onDemand, WarmThroughput: { ReadUnitsPerSecond: 16000 } }));
    ({ Table: d } = await client.send(new DescribeTableCommand({ TableName: onDemand })));
    assert.equal(d.WarmThroughput.ReadUnitsPerSecond, 16000);
    assert.equal(d.WarmThroughput.WriteUnitsPerSecond, 4000);
    const provisioned = name('warm-prov');
    await createTable(client, {
      TableName: provisioned, KeySchema, AttributeDefinitions: definitions, BillingMode: 'PROVISIONED',
      ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 7 },
      GlobalSecondaryIndexes: [gsi('gsi1', { ProvisionedThroughput: { ReadCapacityUnits: 3, WriteCapacityUnits: 4 } })],
    });
    ({ Table: d } = await client.send(new DescribeTableCommand({ TableName: provisioned })));
    assert.deepEqual(d.WarmThroughput, { ReadUnitsPerSecond: 5, WriteUnitsPerSecond: 7, Status: 'ACTIVE' });
    assert.deepEqual(d.GlobalSecondaryIndexes[0].WarmThroughput, { ReadUnitsPerSecond: 3, WriteUnitsPerSecond: 4, Status: 'ACTIVE' });
  });

// A stream specification is accepted and described (stream behaviour is a later issue).
test('CreateTable with StreamSpecification describes the stream',
  { skip: differsOn('dynalite', 'dynalite has no streams and ignores StreamSpecification') }, async () => {
    const TableName = name('stream');
    await createTable(client, keyedTable(TableName, ['pk', 'S'], null, {
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
    }));
    const { Table: d } = await client.send(new DescribeTableCommand({ TableName }));
    assert.deepEqual(d.StreamSpecification, { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' });
    assert.equal(typeof d.LatestStreamLabel, 'string');
    assert.equal(d.LatestStreamArn, `${d.TableArn}/stream/${d.LatestStreamLabel}`);
  });

// ---------------------------------------------------------------------------------------------
// CreateTable validation, in DynamoDB's words (dynalite's texts, captured from DynamoDB)

const KS = [{ AttributeName: 'pk', KeyType: 'HASH' }];
const AD = [{ AttributeName: 'pk', AttributeType: 'S' }];
const PPR = { BillingMode: 'PAY_PER_REQUEST' };
const TP = { ReadCapacityUnits: 1, WriteCapacityUnits: 1 };
const ONE = '1 validation error detected: ';

// local: 'message' (DynamoDB Local rewords it, still a 400 ValidationException),
//        'accepts' (DynamoDB Local creates the table), '500' (DynamoDB Local fails internally).
const createCases = [
  // Names shorter than 3 characters.
  { why: 'table name too short', body: { TableName: 'ab', KeySchema: KS, AttributeDefinitions: AD, ...PPR },
    message: `${ONE}Value 'ab' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3`,
    local: 'message', dynalite: 'message' },
  // An empty name: only the name's error (2026), not the empty KeySchema's.
  { why: 'empty table name', body: { TableName: '', KeySchema: [], AttributeDefinitions: AD, ...PPR },
    message: `${ONE}Value '' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 1`,
    local: 'message', dynalite: 'message' },
  // Names longer than 255 characters.
  { why: 'table name too long', body: { TableName: 'a'.repeat(256), KeySchema: KS, AttributeDefinitions: AD, ...PPR },
    message: `${ONE}Value '${'a'.repeat(256)}' at 'tableName' failed to satisfy constraint: Member must have length less than or equal to 255`,
    local: 'message', dynalite: 'message' },
  // Only [a-zA-Z0-9_.-] are allowed.
  { why: 'table name with a space', body: { TableName: 'ab c', KeySchema: [], AttributeDefinitions: AD, ...PPR },
    message: `${ONE}Value 'ab c' at 'tableName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+`,
    dynalite: 'message',
    local: 'message' },
  // Key and projected attribute names are 1 to 255 characters: a model constraint, reported before
  // KeySchema is compared with AttributeDefinitions (DynamoDB Local: "Names of key attributes and
  // attributes projected into an index must be between 1 and 255 characters, inclusive").
  { why: 'a key attribute name of 256 characters', body: { TableName: newName('kn256'), ...PPR,
    KeySchema: [{ AttributeName: 'k'.repeat(256), KeyType: 'HASH' }], AttributeDefinitions: AD },
    message: `${ONE}Value '${'k'.repeat(256)}' at 'keySchema.1.member.attributeName' failed to satisfy constraint: Member must have length less than or equal to 255`,
    local: 'message', dynalite: 'message' },
  { why: 'an empty projected attribute name', body: { TableName: newName('nk0'), KeySchema: KS, ...PPR,
    AttributeDefinitions: [...AD, { AttributeName: 'g', AttributeType: 'S' }],
    GlobalSecondaryIndexes: [{ IndexName: 'byG', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }],
      Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: [''] } }] },
    message: `${ONE}Value '' at 'globalSecondaryIndexes.1.member.projection.nonKeyAttributes.1.member' failed to satisfy constraint: Member must have length greater than or equal to 1`,
    local: 'message', dynalite: 'accepts' },
  // A name defined twice is named, before keys are counted against definitions (2026).
  { why: 'an attribute defined twice', body: { TableName: newName('twice'), KeySchema: KS, AttributeDefinitions: [...AD, ...AD], ...PPR },
    message: 'Attribute Name is duplicated: pk', local: 'message', dynalite: 'message' },
  { why: 'INCLUDE projection without NonKeyAttributes', body: { TableName: newName('incl'), KeySchema: KS,
    AttributeDefinitions: [...AD, { AttributeName: 'g', AttributeType: 'S' }], ...PPR,
    GlobalSecondaryIndexes: [{ IndexName: 'gsi', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: { ProjectionType: 'INCLUDE' } }] },
  message: 'One or more parameter values were invalid: ProjectionType is INCLUDE, but NonKeyAttributes is not specified',
  local: 'message', dynalite: 'accepts' },
  // A name listed twice in NonKeyAttributes (not pinned).
  { why: 'a name twice in NonKeyAttributes', body: { TableName: newName('dupnk'), KeySchema: KS,
    AttributeDefinitions: [...AD, { AttributeName: 'g', AttributeType: 'S' }], ...PPR,
    GlobalSecondaryIndexes: [{ IndexName: 'gsi', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }],
      Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['a', 'b', 'a'] } }] },
  message: 'One or more parameter values were invalid: Duplicate value in NonKeyAttributes: a', local: 'message', dynalite: 'accepts' },
  // TableName is required.
  { why: 'missing TableName', body: { KeySchema: KS, AttributeDefinitions: AD, ...PPR },
    message: 'The parameter \'TableName\' is required but was not present in the request', local: 'message' },
  // KeySchema is required.
  { why: 'missing KeySchema', body: { TableName: newName('ks'), AttributeDefinitions: AD, ...PPR },
    message: `${ONE}Value null at 'keySchema' failed to satisfy constraint: Member must not be null`, local: 'message' },
  // AttributeDefinitions is required.
  { why: 'missing AttributeDefinitions', body: { TableName: newName('ad'), KeySchema: KS, ...PPR },
    message: `${ONE}Value null at 'attributeDefinitions' failed to satisfy constraint: Member must not be null`, local: 'message' },
  // KeySchema needs at least the hash key.
  { why: 'empty KeySchema', body: { TableName: newName('ks0'), KeySchema: [], AttributeDefinitions: AD, ...PPR },
    message: `${ONE}Value '[]' at 'keySchema' failed to satisfy constraint: Member must have length greater than or equal to 1`,
    local: 'message' },
  // KeySchema has at most hash + range (the rendering of the list value is not pinned).
  { why: 'three KeySchema elements', body: { TableName: newName('ks3'),
    KeySchema: [...KS, { AttributeName: 'a', KeyType: 'RANGE' }, { AttributeName: 'b', KeyType: 'RANGE' }],
    AttributeDefinitions: [...AD, { AttributeName: 'a', AttributeType: 'S' }, { AttributeName: 'b', AttributeType: 'S' }], ...PPR },
  message: /^1 validation error detected: Value '.*' at 'keySchema' failed to satisfy constraint: Member must have length less than or equal to 2$/,
  local: 'message' },
  // KeyType is an enum.
  { why: 'bad KeyType', body: { TableName: newName('kt'), KeySchema: [{ AttributeName: 'pk', KeyType: 'HASHY' }], AttributeDefinitions: AD, ...PPR },
    message: `${ONE}Value 'HASHY' at 'keySchema.1.member.keyType' failed to satisfy constraint: Member must satisfy enum value set: [HASH, RANGE]`,
    local: 'message' },
  // AttributeType is an enum.
  { why: 'bad AttributeType', body: { TableName: newName('at'), KeySchema: KS, AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'X' }], ...PPR },
    message: `${ONE}Value 'X' at 'attributeDefinitions.1.member.attributeType' failed to satisfy constraint: Member must satisfy enum value set: [B, N, S]`,
    local: 'message' },
  // Several constraint violations are aggregated in one message, in DynamoDB's order.
  { why: 'two constraint violations aggregated', body: { TableName: newName('two'),
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASHY' }], AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'X' }], ...PPR },
  message: '2 validation errors detected: ' +
      'Value \'X\' at \'attributeDefinitions.1.member.attributeType\' failed to satisfy constraint: Member must satisfy enum value set: [B, N, S]; ' +
      'Value \'HASHY\' at \'keySchema.1.member.keyType\' failed to satisfy constraint: Member must satisfy enum value set: [HASH, RANGE]',
  local: 'message' },
  // BillingMode is an enum.
  { why: 'bad BillingMode', body: { TableName: newName('bm'), KeySchema: KS, AttributeDefinitions: AD, BillingMode: 'FREE' },
    message: `${ONE}Value 'FREE' at 'billingMode' failed to satisfy constraint: Member must satisfy enum value set: [PROVISIONED, PAY_PER_REQUEST]`,
    local: '500' },
  // Capacity units are at least 1.
  { why: 'zero ReadCapacityUnits', body: { TableName: newName('rcu'), KeySchema: KS, AttributeDefinitions: AD,
    ProvisionedThroughput: { ReadCapacityUnits: 0, WriteCapacityUnits: 1 } },
  message: `${ONE}Value '0' at 'provisionedThroughput.readCapacityUnits' failed to satisfy constraint: Member must have value greater than or equal to 1`,
  local: 'message' },
  // The first key must be the HASH key.
  { why: 'first key is RANGE', body: { TableName: newName('r1'), KeySchema: [{ AttributeName: 'pk', KeyType: 'RANGE' }], AttributeDefinitions: AD, ...PPR },
    message: 'Invalid KeySchema: The first KeySchemaElement is not a HASH key type', local: 'message' },
  // The second key must be the RANGE key.
  { why: 'two HASH keys', body: { TableName: newName('hh'),
    KeySchema: [...KS, { AttributeName: 'sk', KeyType: 'HASH' }], AttributeDefinitions: [...AD, { AttributeName: 'sk', AttributeType: 'S' }], ...PPR },
  message: 'Invalid KeySchema: The second KeySchemaElement is not a RANGE key type', local: 'message' },
  // Hash and range key must be different attributes.
  { why: 'hash and range key with the same name', body: { TableName: newName('same'),
    KeySchema: [...KS, { AttributeName: 'pk', KeyType: 'RANGE' }], AttributeDefinitions: [...AD, { AttributeName: 'sk', AttributeType: 'S' }], ...PPR },
  message: 'Both the Hash Key and the Range Key element in the KeySchema have the same name', local: 'message' },
  // Every key attribute needs a definition.
  { why: 'key attribute not defined', body: { TableName: newName('undef'), KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }], AttributeDefinitions: AD, ...PPR },
    message: 'One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions. Keys: [id], AttributeDefinitions: [pk]',
    local: 'message' },
  // More key elements than definitions.
  { why: 'more keys than attribute definitions', body: { TableName: newName('more'),
    KeySchema: [...KS, { AttributeName: 'sk', KeyType: 'RANGE' }], AttributeDefinitions: AD, ...PPR },
  message: 'Invalid KeySchema: Some index key attribute have no definition', local: 'message' },
  // Definitions that no key uses are rejected.
  { why: 'unused attribute definition', body: { TableName: newName('unused'), KeySchema: KS,
    AttributeDefinitions: [...AD, { AttributeName: 'x', AttributeType: 'S' }], ...PPR },
  message: 'One or more parameter values were invalid: Number of attributes in KeySchema does not exactly match number of attributes defined in AttributeDefinitions',
  local: 'message' },
  // PROVISIONED (the default) needs ProvisionedThroughput.
  { why: 'no throughput, BillingMode omitted', body: { TableName: newName('nothr'), KeySchema: KS, AttributeDefinitions: AD },
    message: 'One or more parameter values were invalid: ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED',
    local: 'message' },
  // Same with BillingMode PROVISIONED spelled out.
  { why: 'no throughput, BillingMode PROVISIONED', body: { TableName: newName('nothr2'), KeySchema: KS, AttributeDefinitions: AD, BillingMode: 'PROVISIONED' },
    message: 'One or more parameter values were invalid: ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED',
    local: 'message' },
  // PAY_PER_REQUEST must not carry ProvisionedThroughput.
  { why: 'throughput with PAY_PER_REQUEST', body: { TableName: newName('pprthr'), KeySchema: KS, AttributeDefinitions: AD, ...PPR, ProvisionedThroughput: TP },
    message: 'One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST',
    local: 'accepts' },
  // An LSI needs a table with a range key.
  { why: 'LSI on a hash-only table', body: { TableName: newName('lsi1'), KeySchema: KS,
    AttributeDefinitions: [...AD, { AttributeName: 'l', AttributeType: 'S' }], ...PPR,
    LocalSecondaryIndexes: [{ IndexName: 'lsi', KeySchema: [...KS, { AttributeName: 'l', KeyType: 'RANGE' }], Projection: { ProjectionType: 'ALL' } }] },
  message: 'One or more parameter values were invalid: Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex',
  local: 'message' },
  // An LSI shares the table's hash key.
  { why: 'LSI with another hash key', body: { TableName: newName('lsi2'),
    KeySchema: [...KS, { AttributeName: 'sk', KeyType: 'RANGE' }],
    AttributeDefinitions: [...AD, { AttributeName: 'sk', AttributeType: 'S' }, { AttributeName: 'l', AttributeType: 'S' }], ...PPR,
    LocalSecondaryIndexes: [{ IndexName: 'lsi', KeySchema: [{ AttributeName: 'sk', KeyType: 'HASH' }, { AttributeName: 'l', KeyType: 'RANGE' }],
      Projection: { ProjectionType: 'ALL' } }] },
  message: 'One or more parameter values were invalid: Index KeySchema does not have the same leading hash key as table KeySchema for index: lsi. index hash key: sk, table hash key: pk',
  local: 'message' },
  // Index key attributes need definitions too.
  { why: 'GSI key attribute not defined', body: { TableName: newName('gsi1'), KeySchema: KS, AttributeDefinitions: AD, ...PPR,
    GlobalSecondaryIndexes: [{ IndexName: 'gsi', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } }] },
  message: 'One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions. Keys: [g], AttributeDefinitions: [pk]',
  local: 'message' },
  // Index names are unique within a table.
  { why: 'duplicate GSI names', body: { TableName: newName('gsi2'), KeySchema: KS,
    AttributeDefinitions: [...AD, { AttributeName: 'g', AttributeType: 'S' }], ...PPR,
    GlobalSecondaryIndexes: [
      { IndexName: 'gsi', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } },
      { IndexName: 'gsi', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: { ProjectionType: 'KEYS_ONLY' } }] },
  message: 'One or more parameter values were invalid: Duplicate index name: gsi', local: 'message' },
  // On-demand tables' GSIs carry no throughput either.
  { why: 'GSI throughput with PAY_PER_REQUEST', body: { TableName: newName('gsi3'), KeySchema: KS,
    AttributeDefinitions: [...AD, { AttributeName: 'g', AttributeType: 'S' }], ...PPR,
    GlobalSecondaryIndexes: [{ IndexName: 'gsi', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' },
      ProvisionedThroughput: TP }] },
  message: 'One or more parameter values were invalid: ProvisionedThroughput should not be specified for index: gsi when BillingMode is PAY_PER_REQUEST',
  local: 'accepts' },
  // NonKeyAttributes only go with ProjectionType INCLUDE.
  { why: 'NonKeyAttributes without INCLUDE', body: { TableName: newName('gsi4'), KeySchema: KS,
    AttributeDefinitions: [...AD, { AttributeName: 'g', AttributeType: 'S' }], ...PPR,
    GlobalSecondaryIndexes: [{ IndexName: 'gsi', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }],
      Projection: { ProjectionType: 'KEYS_ONLY', NonKeyAttributes: ['a'] } }] },
  message: 'One or more parameter values were invalid: ProjectionType is KEYS_ONLY, but NonKeyAttributes is specified',
  local: 'message' },
];

// dynalite: 'message' marks 2026 texts (docs/differences.md) where dynalite keeps 2020's (for table
// names "TableName must be at least 3 characters long and at most 255 characters long") or predates the check.
const DYNALITE_2020 = 'dynalite has the 2020 wording of this check, or predates it';

for (const c of createCases) {
  const skip = c.local === 'accepts' ? differsOn('dynamodb-local', `DynamoDB Local accepts this (${c.why}) and creates the table`)
    : c.local === '500' ? differsOn('dynamodb-local', 'DynamoDB Local answers HTTP 500 InternalFailure')
    : c.dynalite === 'accepts' ? differsOn('dynalite', `dynalite accepts this (${c.why}) and creates the table`) : false;
  test(`CreateTable rejects ${c.why}`, { skip }, async (t) => {
    if (/^[a-zA-Z0-9_.-]{3,255}$/.test(c.body.TableName ?? '')) created.push(c.body.TableName); // in case a server accepts it
    const res = await rawCall('CreateTable', c.body);
    expectError(res, 'ValidationException', c.message, (c.local === 'message' && differsOn('dynamodb-local', LOCAL_WORDING, t)) ||
      (c.dynalite === 'message' && differsOn('dynalite', DYNALITE_2020, t)));
  });
}

// A second CreateTable with the same name must fail, not replace the table.
test('CreateTable of an existing table is ResourceInUseException', async (t) => {
  const TableName = name('dup');
  await createTable(client, keyedTable(TableName));
  const res = await rawCall('CreateTable', keyedTable(TableName));
  expectError(res, 'ResourceInUseException', `Table already exists: ${TableName}`,
    differsOn('dynamodb-local', 'DynamoDB Local says "Cannot create preexisting table"', t) ||
    differsOn('dynalite', 'dynalite sends an empty message; real DynamoDB says "Table already exists: <name>"', t));
});

// ---------------------------------------------------------------------------------------------
// Missing tables

// Table-level actions name the missing table in the message.
for (const [action, body] of [
  ['DescribeTable', {}],
  ['DeleteTable', {}],
  ['UpdateTable', { BillingMode: 'PAY_PER_REQUEST' }],
]) {
  test(`${action} of a missing table is ResourceNotFoundException naming it`, async (t) => {
    const TableName = 'cf-tables-never-created';
    const res = await rawCall(action, { TableName, ...body });
    expectError(res, 'ResourceNotFoundException', `Requested resource not found: Table: ${TableName} not found`,
      differsOn('dynamodb-local', 'DynamoDB Local says "Cannot do operations on a non-existent table"', t));
  });
}

// Item-level actions on a missing table say only "Requested resource not found".
for (const [action, body] of [
  ['GetItem', { Key: { pk: { S: 'a' } } }],
  ['PutItem', { Item: { pk: { S: 'a' } } }],
  ['DeleteItem', { Key: { pk: { S: 'a' } } }],
]) {
  test(`${action} on a missing table is ResourceNotFoundException`, async (t) => {
    const res = await rawCall(action, { TableName: 'cf-tables-never-created', ...body });
    expectError(res, 'ResourceNotFoundException', 'Requested resource not found',
      differsOn('dynamodb-local', 'DynamoDB Local says "Cannot do operations on a non-existent table"', t));
  });
}

// Table names are case-sensitive: "Abc" and "abc" are different tables.
test('table names are case-sensitive', async (t) => {
  const lower = name('case');
  const upper = lower.toUpperCase();
  created.push(upper);
  await createTable(client, keyedTable(lower));
  await assert.rejects(client.send(new DescribeTableCommand({ TableName: upper })), { name: 'ResourceNotFoundException' });
  if (differsOn('dynamodb-local', 'DynamoDB Local fails with HTTP 500 creating a table whose name differs only in case', t)) return;
  await createTable(client, keyedTable(upper, ['other', 'N']));
  const a = (await client.send(new DescribeTableCommand({ TableName: lower }))).Table;
  const b = (await client.send(new DescribeTableCommand({ TableName: upper }))).Table;
  assert.equal(a.KeySchema[0].AttributeName, 'pk');
  assert.equal(b.KeySchema[0].AttributeName, 'other');
});

// ---------------------------------------------------------------------------------------------
// ListTables

// Pagination walks the names in sorted order, Limit at a time.
test('ListTables pages with Limit, ExclusiveStartTableName and LastEvaluatedTableName', async () => {
  const prefix = uniquePrefix('tables');
  const names = ['a', 'b', 'c'].map((s) => prefix + s);
  created.push(...names);
  for (const n of [names[2], names[0], names[1]]) await createTable(client, keyedTable(n));

  const all = await client.send(new ListTablesCommand({ ExclusiveStartTableName: prefix.slice(0, -1) })); // default Limit 100
  const ours = all.TableNames.filter((n) => n.startsWith(prefix));
  assert.deepEqual(ours, names, 'sorted, all three');
  assert.deepEqual(all.TableNames, [...all.TableNames].sort(), 'ListTables is sorted');

  const p1 = await client.send(new ListTablesCommand({ ExclusiveStartTableName: prefix, Limit: 2 }));
  assert.deepEqual(p1.TableNames, names.slice(0, 2));
  assert.equal(p1.LastEvaluatedTableName, names[1]);

  const p2 = await client.send(new ListTablesCommand({ ExclusiveStartTableName: p1.LastEvaluatedTableName, Limit: 2 }));
  assert.equal(p2.TableNames[0], names[2]);
  assert.ok(p2.TableNames.length <= 2);
});

// A short final page has no LastEvaluatedTableName.
test('ListTables omits LastEvaluatedTableName when everything fitted', async () => {
  const out = await client.send(new ListTablesCommand({ ExclusiveStartTableName: 'zzzzzzzzzzzzzzzzzz', Limit: 5 }));
  assert.deepEqual(out.TableNames, []);
  assert.equal(out.LastEvaluatedTableName, undefined);
});

// Limit is 1..100.
for (const [Limit, message] of [
  [0, `${ONE}Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1`],
  [101, `${ONE}Value '101' at 'limit' failed to satisfy constraint: Member must have value less than or equal to 100`],
]) {
  test(`ListTables rejects Limit ${Limit}`, async (t) => {
    const res = await rawCall('ListTables', { Limit });
    expectError(res, 'ValidationException', message, differsOn('dynamodb-local', LOCAL_WORDING, t));
  });
}

// ExclusiveStartTableName must itself be a valid table name.
test('ListTables rejects an invalid ExclusiveStartTableName', async (t) => {
  const res = await rawCall('ListTables', { ExclusiveStartTableName: 'a' });
  expectError(res, 'ValidationException',
    `${ONE}Value 'a' at 'exclusiveStartTableName' failed to satisfy constraint: Member must have length greater than or equal to 3`,
    differsOn('dynamodb-local', LOCAL_WORDING, t));
});

// ---------------------------------------------------------------------------------------------
// DeleteTable

// DeleteTable answers with the description (status DELETING), then the table is gone.
test('DeleteTable returns the description and removes the table', async (t) => {
  const TableName = name('delete');
  await createTable(client, keyedTable(TableName));
  const out = await client.send(new DeleteTableCommand({ TableName }));
  assert.equal(out.TableDescription.TableName, TableName);
  if (!differsOn('dynamodb-local', 'DynamoDB Local reports TableStatus ACTIVE in the DeleteTable answer', t)) {
    assert.equal(out.TableDescription.TableStatus, 'DELETING');
  }
  // DynamoDB's answer is short (2026): no creation time, key schema, definitions or indexes.
  if (!differsOn(['dynamodb-local', 'dynalite'], 'answers the whole description', t)) {
    const d = out.TableDescription;
    assert.deepEqual(Object.keys(d).sort(), ['BillingModeSummary', 'ItemCount', 'ProvisionedThroughput', 'TableArn',
      'TableId', 'TableName', 'TableSizeBytes', 'TableStatus']);
    assert.equal(d.BillingModeSummary.BillingMode, 'PAY_PER_REQUEST');
    assert.ok(d.BillingModeSummary.LastUpdateToPayPerRequestDateTime instanceof Date);
    assert.deepEqual(d.ProvisionedThroughput, { NumberOfDecreasesToday: 0, ReadCapacityUnits: 0, WriteCapacityUnits: 0 });
  }
  await waitGone(TableName);
  const list = await client.send(new ListTablesCommand({ ExclusiveStartTableName: TableName.slice(0, -1), Limit: 100 }));
  assert.ok(!list.TableNames.includes(TableName));
  // The name can be reused afterwards.
  await createTable(client, keyedTable(TableName, ['other', 'N']));
});

// Deletion protection is the point of DeletionProtectionEnabled.
test('DeletionProtectionEnabled blocks DeleteTable until it is turned off',
  { skip: differsOn('dynalite', 'dynalite ignores DeletionProtectionEnabled') }, async () => {
    const TableName = name('protected');
    const out = await client.send(new CreateTableCommand(keyedTable(TableName, ['pk', 'S'], null, { DeletionProtectionEnabled: true })));
    assert.equal(out.TableDescription.DeletionProtectionEnabled, true);
    await waitActive(client, TableName);
    const res = await rawCall('DeleteTable', { TableName });
    expectError(res, 'ValidationException',
      'Resource cannot be deleted as it is currently protected against deletion. Disable deletion protection first.');
    const { Table } = await client.send(new DescribeTableCommand({ TableName }));
    assert.equal(Table.DeletionProtectionEnabled, true);
    const upd = await client.send(new UpdateTableCommand({ TableName, DeletionProtectionEnabled: false }));
    assert.equal(upd.TableDescription.DeletionProtectionEnabled, false);
    await waitActive(client, TableName);
    await client.send(new DeleteTableCommand({ TableName }));
    await waitGone(TableName);
  });

// UpdateTable can also switch protection on for an existing table.
test('UpdateTable turns deletion protection on',
  { skip: differsOn('dynalite', 'dynalite ignores DeletionProtectionEnabled') }, async () => {
    const TableName = name('protect-later');
    await createTable(client, keyedTable(TableName));
    await client.send(new UpdateTableCommand({ TableName, DeletionProtectionEnabled: true }));
    await waitActive(client, TableName);
    await assert.rejects(client.send(new DeleteTableCommand({ TableName })), { name: 'ValidationException' });
    await client.send(new UpdateTableCommand({ TableName, DeletionProtectionEnabled: false }));
    await waitActive(client, TableName);
  });

// ---------------------------------------------------------------------------------------------
// UpdateTable

// On-demand to provisioned and back: BillingModeSummary and throughput follow.
test('UpdateTable switches billing mode both ways', async () => {
  const TableName = name('billing');
  await createTable(client, keyedTable(TableName));
  const up = await client.send(new UpdateTableCommand({
    TableName, BillingMode: 'PROVISIONED', ProvisionedThroughput: { ReadCapacityUnits: 2, WriteCapacityUnits: 3 },
  }));
  assert.equal(up.TableDescription.TableName, TableName);
  assert.ok(['UPDATING', 'ACTIVE'].includes(up.TableDescription.TableStatus));
  let d = await waitActive(client, TableName);
  assert.equal(d.BillingModeSummary.BillingMode, 'PROVISIONED');
  assert.equal(d.ProvisionedThroughput.ReadCapacityUnits, 2);
  assert.equal(d.ProvisionedThroughput.WriteCapacityUnits, 3);

  await client.send(new UpdateTableCommand({ TableName, BillingMode: 'PAY_PER_REQUEST' }));
  d = await waitActive(client, TableName);
  assert.equal(d.BillingModeSummary.BillingMode, 'PAY_PER_REQUEST');
  assert.equal(d.ProvisionedThroughput.ReadCapacityUnits, 0);
  assert.equal(d.ProvisionedThroughput.WriteCapacityUnits, 0);
});

// Changing the provisioned throughput of a provisioned table.
test('UpdateTable changes provisioned throughput', async () => {
  const TableName = name('throughput');
  await createTable(client, keyedTable(TableName, ['pk', 'S'], null, { BillingMode: 'PROVISIONED', ProvisionedThroughput: { ReadCapacityUnits: 2, WriteCapacityUnits: 3 } }));
  await client.send(new UpdateTableCommand({ TableName, ProvisionedThroughput: { ReadCapacityUnits: 4, WriteCapacityUnits: 3 } }));
  const d = await waitActive(client, TableName);
  assert.equal(d.ProvisionedThroughput.ReadCapacityUnits, 4);
  assert.equal(d.ProvisionedThroughput.WriteCapacityUnits, 3);
});

// UpdateTable validation, in DynamoDB's words.
test('UpdateTable validation errors', async (t) => {
  const ppr = name('upd-ppr');
  const prov = name('upd-prov');
  await createTable(client, keyedTable(ppr));
  await createTable(client, keyedTable(prov, ['pk', 'S'], null, { BillingMode: 'PROVISIONED', ProvisionedThroughput: { ReadCapacityUnits: 2, WriteCapacityUnits: 3 } }));
  const localWording = () => differsOn('dynamodb-local', LOCAL_WORDING, t);

  // Nothing to change.
  expectError(await rawCall('UpdateTable', { TableName: ppr }), 'ValidationException',
    'At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, GlobalSecondaryIndexUpdates or SSESpecification or ReplicaUpdates is required',
    localWording());
  // Switching to PROVISIONED needs throughput.
  expectError(await rawCall('UpdateTable', { TableName: ppr, BillingMode: 'PROVISIONED' }), 'ValidationException',
    'One or more parameter values were invalid: ProvisionedThroughput must be specified when BillingMode is PROVISIONED',
    localWording());
  // The same throughput again is refused.
  expectError(await rawCall('UpdateTable', { TableName: prov, ProvisionedThroughput: { ReadCapacityUnits: 2, WriteCapacityUnits: 3 } }),
    'ValidationException',
    'The provisioned throughput for the table will not change. The requested value equals the current value. ' +
    'Current ReadCapacityUnits provisioned for the table: 2. Requested ReadCapacityUnits: 2. ' +
    'Current WriteCapacityUnits provisioned for the table: 3. Requested WriteCapacityUnits: 3. ' +
    'Refer to the Amazon DynamoDB Developer Guide for current limits and how to request higher limits.',
    localWording());
  // Capacity units are at least 1.
  expectError(await rawCall('UpdateTable', { TableName: prov, ProvisionedThroughput: { ReadCapacityUnits: 0, WriteCapacityUnits: 3 } }),
    'ValidationException',
    `${ONE}Value '0' at 'provisionedThroughput.readCapacityUnits' failed to satisfy constraint: Member must have value greater than or equal to 1`,
    localWording());
  // Throughput on an on-demand table (DynamoDB Local accepts and ignores it).
  if (!differsOn('dynamodb-local', 'DynamoDB Local accepts ProvisionedThroughput on a PAY_PER_REQUEST table', t)) {
    expectError(await rawCall('UpdateTable', { TableName: ppr, ProvisionedThroughput: { ReadCapacityUnits: 2, WriteCapacityUnits: 2 } }),
      'ValidationException',
      'One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST');
  }
});

// ---------------------------------------------------------------------------------------------
// Table ARNs

// DynamoDB accepts a table's ARN wherever it accepts its name.
test('a table ARN is accepted as TableName',
  { skip: differsOn('dynalite', 'dynalite only accepts plain table names') }, async () => {
    const TableName = name('arn');
    await createTable(client, keyedTable(TableName));
    const { Table } = await client.send(new DescribeTableCommand({ TableName }));
    const byArn = (await client.send(new DescribeTableCommand({ TableName: Table.TableArn }))).Table;
    assert.equal(byArn.TableName, TableName);
    assert.equal(byArn.TableArn, Table.TableArn);
    await client.send(new PutItemCommand({ TableName: Table.TableArn, Item: { pk: { S: 'via-arn' } } }));
    const got = await client.send(new GetItemCommand({ TableName, Key: { pk: { S: 'via-arn' } } }));
    assert.deepEqual(got.Item, { pk: { S: 'via-arn' } });
    const back = await client.send(new GetItemCommand({ TableName: Table.TableArn, Key: { pk: { S: 'via-arn' } } }));
    assert.deepEqual(back.Item, { pk: { S: 'via-arn' } });
  });
