// Global tables, version 2017.11.29: CreateGlobalTable joins tables of one name made in several
// regions (empty, streaming NEW_AND_OLD_IMAGES) into a group that replicates; UpdateGlobalTable
// adds and removes regions; DescribeGlobalTable, ListGlobalTables, DescribeGlobalTableSettings
// and UpdateGlobalTableSettings describe and change it. A region is the namespace of the same
// access key and that region (global_tables.test.mjs has the 2019.11.21 version).
//
// No reference has these operations (DynamoDB Local and dynalite answer UnknownOperationException):
// AWS's API reference is the specification, and it names the exceptions but not their texts,
// which are Minnow's (model/control_errors.h).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  CreateGlobalTableCommand, DescribeGlobalTableCommand, ListGlobalTablesCommand, UpdateGlobalTableCommand,
  DescribeGlobalTableSettingsCommand, UpdateGlobalTableSettingsCommand, DescribeTableCommand, PutItemCommand,
  GetItemCommand, UpdateTableCommand,
} from '@aws-sdk/client-dynamodb';
import { makeClient } from '../lib/client.mjs';
import { sharedDb } from '../lib/env.mjs';
import { differsOn } from '../lib/reference.mjs';
import { tableNamer } from '../lib/names.mjs';
import { keyedTable, createTable, dropTables } from '../lib/tables.mjs';
import { rejects } from '../lib/values.mjs';

const skip = differsOn(['dynamodb-local', 'dynalite'], 'no global tables: UnknownOperationException')
  || (sharedDb && 'one shared database has no regions');
const name = tableNamer('gt17');
const credentials = { accessKeyId: `AKIDGT17${process.pid}${Date.now().toString(36)}`, secretAccessKey: 'secret' };
const EAST = makeClient({ region: 'us-east-1', credentials });
const WEST = makeClient({ region: 'us-west-2', credentials });
const EU = makeClient({ region: 'eu-west-1', credentials });
const STREAM = { StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' } };

const created = [];
after(async () => {
  for (const client of [EU, WEST, EAST]) await dropTables(client, created);
});

// The same empty table in each region given.
async function tables(clients, extra = STREAM) {
  const t = name('t');
  for (const client of clients) await createTable(client, keyedTable(t, ['pk', 'S'], null, extra));
  created.push(t);
  return t;
}

const group = (...regions) => regions.map((RegionName) => ({ RegionName }));
const create = (client, GlobalTableName, ...regions) =>
  client.send(new CreateGlobalTableCommand({ GlobalTableName, ReplicationGroup: group(...regions) }));

async function eventually(check, what) {
  for (let i = 0; i < 1000; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.fail(`${what}: not so after 10 s`);
}

test('CreateGlobalTable joins the regions\' tables, which then replicate', { skip }, async () => {
  const t = await tables([EAST, WEST]);
  const d = (await create(EAST, t, 'us-west-2', 'us-east-1')).GlobalTableDescription;
  assert.deepEqual(d.ReplicationGroup, group('us-east-1', 'us-west-2'));
  assert.equal(d.GlobalTableArn, `arn:aws:dynamodb::000000000000:global-table/${t}`);
  assert.equal(d.GlobalTableStatus, 'CREATING');
  assert.equal(d.GlobalTableName, t);
  assert.ok(d.CreationDateTime instanceof Date);

  const west = (await WEST.send(new DescribeGlobalTableCommand({ GlobalTableName: t }))).GlobalTableDescription;
  assert.deepEqual(west.ReplicationGroup, group('us-east-1', 'us-west-2'));
  assert.equal(west.GlobalTableStatus, 'ACTIVE');
  assert.equal((await WEST.send(new DescribeTableCommand({ TableName: t }))).Table.GlobalTableVersion, '2017.11.29');

  await EAST.send(new PutItemCommand({ TableName: t, Item: { pk: { S: 'k' }, v: { S: 'east' } } }));
  await eventually(async () => (await WEST.send(new GetItemCommand({ TableName: t, Key: { pk: { S: 'k' } } }))).Item?.v.S === 'east',
    'the east put in the west');
});

test('ListGlobalTables: the groups with a member in the region, by name, a page at a time', { skip }, async () => {
  const first = await tables([EAST, WEST]);
  const second = await tables([EAST, WEST]);
  await create(EAST, first, 'us-east-1', 'us-west-2');
  await create(EAST, second, 'us-east-1', 'us-west-2');
  const names = [];
  let ExclusiveStartGlobalTableName;
  do {
    const page = await EAST.send(new ListGlobalTablesCommand({ Limit: 1, RegionName: 'us-west-2', ExclusiveStartGlobalTableName }));
    assert.ok(page.GlobalTables.length <= 1);
    for (const g of page.GlobalTables) {
      names.push(g.GlobalTableName);
      assert.deepEqual(g.ReplicationGroup, group('us-east-1', 'us-west-2'));
    }
    ExclusiveStartGlobalTableName = page.LastEvaluatedGlobalTableName;
  } while (ExclusiveStartGlobalTableName);
  assert.deepEqual(names.filter((n) => n === first || n === second), [first, second].sort());
  const inEu = (await EAST.send(new ListGlobalTablesCommand({ RegionName: 'eu-west-1' }))).GlobalTables;
  assert.ok(!inEu.some((g) => g.GlobalTableName === first));
});

test('UpdateGlobalTable adds and removes regions; a removed table stays, on its own', { skip }, async () => {
  const t = await tables([EAST, WEST, EU]);
  await create(EAST, t, 'us-east-1', 'us-west-2');
  const added = (await EAST.send(new UpdateGlobalTableCommand({
    GlobalTableName: t, ReplicaUpdates: [{ Create: { RegionName: 'eu-west-1' } }],
  }))).GlobalTableDescription;
  assert.deepEqual(added.ReplicationGroup, group('eu-west-1', 'us-east-1', 'us-west-2'));
  await rejects(EAST.send(new UpdateGlobalTableCommand({
    GlobalTableName: t, ReplicaUpdates: [{ Create: { RegionName: 'eu-west-1' } }],
  })), 'ReplicaAlreadyExistsException', `Global table ${t} already has a replica in region eu-west-1`);

  const removed = (await EAST.send(new UpdateGlobalTableCommand({
    GlobalTableName: t, ReplicaUpdates: [{ Delete: { RegionName: 'us-west-2' } }],
  }))).GlobalTableDescription;
  assert.deepEqual(removed.ReplicationGroup, group('eu-west-1', 'us-east-1'));
  assert.equal((await WEST.send(new DescribeTableCommand({ TableName: t }))).Table.GlobalTableVersion, undefined);
  await rejects(WEST.send(new DescribeGlobalTableCommand({ GlobalTableName: t })), 'GlobalTableNotFoundException',
    `Global table not found: ${t}`);
  await rejects(EAST.send(new UpdateGlobalTableCommand({
    GlobalTableName: t, ReplicaUpdates: [{ Delete: { RegionName: 'us-west-2' } }],
  })), 'ReplicaNotFoundException', `Global table ${t} has no replica in region us-west-2`);

  await EU.send(new PutItemCommand({ TableName: t, Item: { pk: { S: 'eu' } } }));
  await eventually(async () => (await EAST.send(new GetItemCommand({ TableName: t, Key: { pk: { S: 'eu' } } }))).Item,
    'the eu-west-1 put in the east');
});

test('DescribeGlobalTableSettings and UpdateGlobalTableSettings: capacity across the regions', { skip }, async () => {
  const t = await tables([EAST, WEST], {
    ...STREAM, BillingMode: 'PROVISIONED', ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 5 },
  });
  await create(EAST, t, 'us-east-1', 'us-west-2');
  const before = await EAST.send(new DescribeGlobalTableSettingsCommand({ GlobalTableName: t }));
  assert.equal(before.GlobalTableName, t);
  assert.deepEqual(before.ReplicaSettings.map((r) => [r.RegionName, r.ReplicaStatus, r.ReplicaBillingModeSummary.BillingMode,
    r.ReplicaProvisionedReadCapacityUnits, r.ReplicaProvisionedWriteCapacityUnits]),
  [['us-east-1', 'ACTIVE', 'PROVISIONED', 5, 5], ['us-west-2', 'ACTIVE', 'PROVISIONED', 5, 5]]);

  const after = await EAST.send(new UpdateGlobalTableSettingsCommand({
    GlobalTableName: t, GlobalTableProvisionedWriteCapacityUnits: 10,
    ReplicaSettingsUpdate: [{ RegionName: 'us-west-2', ReplicaProvisionedReadCapacityUnits: 7 }],
  }));
  assert.deepEqual(after.ReplicaSettings.map((r) => [r.RegionName, r.ReplicaProvisionedReadCapacityUnits,
    r.ReplicaProvisionedWriteCapacityUnits]), [['us-east-1', 5, 10], ['us-west-2', 7, 10]]);
  const west = (await WEST.send(new DescribeTableCommand({ TableName: t }))).Table.ProvisionedThroughput;
  assert.deepEqual([west.ReadCapacityUnits, west.WriteCapacityUnits], [7, 10]);
  await rejects(EAST.send(new UpdateGlobalTableSettingsCommand({
    GlobalTableName: t, ReplicaSettingsUpdate: [{ RegionName: 'eu-west-1', ReplicaProvisionedReadCapacityUnits: 7 }],
  })), 'ReplicaNotFoundException', `Global table ${t} has no replica in region eu-west-1`);
});

test('refusals of the 2017.11.29 operations', { skip }, async () => {
  const t = await tables([EAST]);
  await rejects(create(EAST, t, 'us-east-1', 'us-west-2'), 'TableNotFoundException', `Table not found: ${t} in region us-west-2`);
  await rejects(EAST.send(new DescribeGlobalTableCommand({ GlobalTableName: t })), 'GlobalTableNotFoundException',
    `Global table not found: ${t}`);
  await rejects(create(EAST, t, 'us-east-1', 'us-east-1'), 'ValidationException',
    'One or more parameter values were invalid: Region us-east-1 is given twice');

  const full = await tables([EAST, WEST]);
  await WEST.send(new PutItemCommand({ TableName: full, Item: { pk: { S: 'x' } } }));
  await rejects(create(EAST, full, 'us-east-1', 'us-west-2'), 'ValidationException',
    `One or more parameter values were invalid: Table ${full} in region us-west-2 must be empty to join a global table`);

  const noStream = await tables([EAST], {});
  await rejects(create(EAST, noStream, 'us-east-1'), 'ValidationException',
    'One or more parameter values were invalid: A table needs a stream with the NEW_AND_OLD_IMAGES view type to have replicas');

  const member = await tables([EAST]);
  await create(EAST, member, 'us-east-1');
  await rejects(create(EAST, member, 'us-east-1'), 'GlobalTableAlreadyExistsException', `Global table already exists: ${member}`);
  await rejects(EAST.send(new UpdateTableCommand({ TableName: member, ReplicaUpdates: [{ Create: { RegionName: 'us-west-2' } }] })),
    'ValidationException', `One or more parameter values were invalid: Table ${member} is a global table of version `
    + '2017.11.29: change its replicas with UpdateGlobalTable');
});
