// Global tables, version 2019.11.21: UpdateTable's ReplicaUpdates creates and deletes replicas,
// DescribeTable lists them, and writes replicate between the regions (asynchronously; the later
// of two writes to an item wins everywhere). A replica is the table of the same name in another
// region of the same account: for an emulator, the namespace of the same access key and that
// region.
//
// No reference has global tables: DynamoDB Local 3.3.1 answers every ReplicaUpdates with
// ValidationException "Nothing to update" and dynalite ignores the member, so both skip this
// file; AWS's API reference (UpdateTable, ReplicationGroupUpdate, ReplicaDescription) is the
// specification. Where it quotes no error text, the texts are Minnow's (model/control_errors.h).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  UpdateTableCommand, DescribeTableCommand, PutItemCommand, GetItemCommand, UpdateItemCommand, DeleteItemCommand,
  DeleteTableCommand, ScanCommand, QueryCommand, UpdateTimeToLiveCommand, DescribeTimeToLiveCommand,
  CreateTableCommand,
} from '@aws-sdk/client-dynamodb';
import {
  DynamoDBStreamsClient, DescribeStreamCommand, GetShardIteratorCommand, GetRecordsCommand,
} from '@aws-sdk/client-dynamodb-streams';
import { makeClient } from '../lib/client.mjs';
import { endpoint, sharedDb } from '../lib/env.mjs';
import { differsOn } from '../lib/reference.mjs';
import { tableNamer } from '../lib/names.mjs';
import { keyedTable, createTable, dropTables } from '../lib/tables.mjs';
import { rejects } from '../lib/values.mjs';
import { rawCall, expectOk } from '../lib/http.mjs';

const skip = differsOn(['dynamodb-local', 'dynalite'], 'no global tables (DynamoDB Local: "Nothing to update")')
  || (sharedDb && 'one shared database has no regions');
const name = tableNamer('gt');
const accessKeyId = `AKIDGT${process.pid}${Date.now().toString(36)}`;
const credentials = { accessKeyId, secretAccessKey: 'secret' };
const region = (r) => ({
  db: makeClient({ region: r, credentials }),
  streams: new DynamoDBStreamsClient({ endpoint, region: r, credentials, maxAttempts: 1 }),
});
const EAST = region('us-east-1');
const WEST = region('us-west-2');
const EU = region('eu-west-1');
const OHIO = region('us-east-2');
const STREAM = { StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' } };

const created = [];
after(async () => {
  for (const r of [OHIO, EU, WEST, EAST]) await dropTables(r.db, created);
});

async function table(extra = STREAM) {
  const t = name('t');
  await createTable(EAST.db, keyedTable(t, ['pk', 'S'], null, extra));
  created.push(t);
  return t;
}

const replicaUpdate = (TableName, action, RegionName) =>
  new UpdateTableCommand({ TableName, ReplicaUpdates: [{ [action]: { RegionName } }] });
const describe = async (r, TableName) => (await r.db.send(new DescribeTableCommand({ TableName }))).Table;
const get = async (r, TableName, pk) =>
  (await r.db.send(new GetItemCommand({ TableName, Key: { pk: { S: pk } }, ConsistentRead: true }))).Item;

// Replication is asynchronous (a few milliseconds in Minnow): poll, bounded.
async function eventually(check, what) {
  for (let i = 0; i < 1000; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.fail(`${what}: not so after 10 s`);
}

async function scan(r, TableName) {
  const { Items } = await r.db.send(new ScanCommand({ TableName, ConsistentRead: true }));
  return Items.map((i) => `${i.pk.S}=${i.v?.S}`).sort();
}

test('a replica starts as a copy of the table, and both describe each other', { skip }, async () => {
  const t = await table();
  for (const pk of ['a', 'b', 'c']) await EAST.db.send(new PutItemCommand({ TableName: t, Item: { pk: { S: pk }, v: { S: pk } } }));
  const answer = (await EAST.db.send(replicaUpdate(t, 'Create', 'us-west-2'))).TableDescription;
  assert.equal(answer.TableStatus, 'UPDATING');
  assert.equal(answer.GlobalTableVersion, '2019.11.21');
  assert.deepEqual(answer.Replicas, [{ RegionName: 'us-west-2', ReplicaStatus: 'CREATING' }]);

  const east = await describe(EAST, t);
  assert.deepEqual(east.Replicas, [{ RegionName: 'us-west-2', ReplicaStatus: 'ACTIVE' }]);
  const west = await describe(WEST, t);
  assert.equal(west.TableStatus, 'ACTIVE');
  assert.equal(west.GlobalTableVersion, '2019.11.21');
  assert.deepEqual(west.Replicas, [{ RegionName: 'us-east-1', ReplicaStatus: 'ACTIVE' }]);
  assert.deepEqual(west.KeySchema, east.KeySchema);
  assert.match(west.TableArn, /^arn:aws:dynamodb:us-west-2:/);
  assert.match(west.LatestStreamArn, /^arn:aws:dynamodb:us-west-2:/);
  assert.notEqual(west.TableId, east.TableId);
  for (const pk of ['a', 'b', 'c']) assert.deepEqual(await get(WEST, t, pk), { pk: { S: pk }, v: { S: pk } });
});

test('puts, updates and deletes replicate both ways, each into the replica\'s own stream', { skip }, async () => {
  const t = await table();
  await EAST.db.send(replicaUpdate(t, 'Create', 'us-west-2'));
  await EAST.db.send(new PutItemCommand({ TableName: t, Item: { pk: { S: 'k' }, v: { S: 'east' } } }));
  await eventually(async () => (await get(WEST, t, 'k'))?.v.S === 'east', 'the east put in the west');
  await WEST.db.send(new UpdateItemCommand({
    TableName: t, Key: { pk: { S: 'k' } }, UpdateExpression: 'SET v = :v', ExpressionAttributeValues: { ':v': { S: 'west' } },
  }));
  await eventually(async () => (await get(EAST, t, 'k'))?.v.S === 'west', 'the west update in the east');
  await EAST.db.send(new DeleteItemCommand({ TableName: t, Key: { pk: { S: 'k' } } }));
  await eventually(async () => (await get(WEST, t, 'k')) === undefined, 'the east delete in the west');

  // The west's stream: the replicated INSERT, its own MODIFY and the replicated REMOVE.
  const StreamArn = (await describe(WEST, t)).LatestStreamArn;
  const shard = (await WEST.streams.send(new DescribeStreamCommand({ StreamArn }))).StreamDescription.Shards[0];
  const { ShardIterator } = await WEST.streams.send(new GetShardIteratorCommand({
    StreamArn, ShardId: shard.ShardId, ShardIteratorType: 'TRIM_HORIZON',
  }));
  const { Records } = await WEST.streams.send(new GetRecordsCommand({ ShardIterator }));
  assert.deepEqual(Records.map((r) => r.eventName), ['INSERT', 'MODIFY', 'REMOVE']);
  assert.equal(Records[0].dynamodb.NewImage.v.S, 'east');
});

test('writes to the same items in two regions at once end the same in both', { skip }, async () => {
  const t = await table();
  await EAST.db.send(replicaUpdate(t, 'Create', 'us-west-2'));
  const writes = [];
  for (let i = 0; i < 20; i++) {
    for (const [r, v] of [[EAST, 'east'], [WEST, 'west']]) {
      writes.push(r.db.send(new PutItemCommand({ TableName: t, Item: { pk: { S: `k${i}` }, v: { S: `${v}${i}` } } })));
    }
  }
  await Promise.all(writes);
  let east;
  let west;
  await eventually(async () => {
    [east, west] = [await scan(EAST, t), await scan(WEST, t)];
    return east.length === 20 && JSON.stringify(east) === JSON.stringify(west);
  }, 'both regions holding the same 20 items');
});

test('three regions: a replica added to a global table replicates with every member', { skip }, async () => {
  const t = await table();
  await EAST.db.send(replicaUpdate(t, 'Create', 'us-west-2'));
  await EAST.db.send(replicaUpdate(t, 'Create', 'eu-west-1'));
  assert.deepEqual((await describe(WEST, t)).Replicas.map((r) => r.RegionName).sort(), ['eu-west-1', 'us-east-1']);
  assert.deepEqual((await describe(EU, t)).Replicas.map((r) => r.RegionName).sort(), ['us-east-1', 'us-west-2']);
  await WEST.db.send(new PutItemCommand({ TableName: t, Item: { pk: { S: 'w' }, v: { S: 'from west' } } }));
  await eventually(async () => (await get(EU, t, 'w'))?.v.S === 'from west', 'the west put in eu-west-1');
  await eventually(async () => (await get(EAST, t, 'w'))?.v.S === 'from west', 'the west put in the east');
});

test('deleting a replica deletes its table, and the others stop sending to it', { skip }, async () => {
  const t = await table();
  await EAST.db.send(replicaUpdate(t, 'Create', 'us-west-2'));
  const answer = (await EAST.db.send(replicaUpdate(t, 'Delete', 'us-west-2'))).TableDescription;
  assert.deepEqual(answer.Replicas, [{ RegionName: 'us-west-2', ReplicaStatus: 'DELETING' }]);
  await rejects(WEST.db.send(new DescribeTableCommand({ TableName: t })), 'ResourceNotFoundException');
  const east = await describe(EAST, t);
  assert.equal(east.Replicas, undefined);
  assert.equal(east.GlobalTableVersion, undefined);
});

test('DeleteTable of a replica: the other regions stop listing it', { skip }, async () => {
  const t = await table();
  await EAST.db.send(replicaUpdate(t, 'Create', 'us-west-2'));
  await WEST.db.send(new DeleteTableCommand({ TableName: t }));
  assert.equal((await describe(EAST, t)).Replicas, undefined);
});

test('ReplicaUpdates refusals', { skip }, async () => {
  const t = await table();
  const noStream = await table({});
  const keysOnly = await table({ StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' } });
  const invalid = 'One or more parameter values were invalid: ';
  const needsStream = `${invalid}A table needs a stream with the NEW_AND_OLD_IMAGES view type to have replicas`;
  await rejects(EAST.db.send(replicaUpdate(noStream, 'Create', 'us-west-2')), 'ValidationException', needsStream);
  await rejects(EAST.db.send(replicaUpdate(keysOnly, 'Create', 'us-west-2')), 'ValidationException', needsStream);
  await rejects(EAST.db.send(replicaUpdate(t, 'Create', 'us-east-1')), 'ValidationException',
    `${invalid}Table ${t} is in region us-east-1: a replica must be in another region`);
  await rejects(EAST.db.send(replicaUpdate(t, 'Delete', 'us-west-2')), 'ValidationException',
    `${invalid}Table ${t} has no replica in region us-west-2`);
  await rejects(EAST.db.send(new UpdateTableCommand({
    TableName: t, ReplicaUpdates: [{ Create: { RegionName: 'us-west-2' }, Delete: { RegionName: 'eu-west-1' } }],
  })), 'ValidationException', `${invalid}Only one of ReplicationGroupUpdate.Create, ReplicationGroupUpdate.Update, `
    + 'ReplicationGroupUpdate.Delete may be specified');
  await rejects(EAST.db.send(new UpdateTableCommand({
    TableName: t, ReplicaUpdates: [{ Create: { RegionName: 'us-west-2' } }, { Delete: { RegionName: 'us-west-2' } }],
  })), 'ValidationException', `${invalid}Only one replica update per region is allowed: us-west-2`);
  await rejects(EAST.db.send(new UpdateTableCommand({
    TableName: t, DeletionProtectionEnabled: false, ReplicaUpdates: [{ Create: { RegionName: 'us-west-2' } }],
  })), 'ValidationException', `${invalid}ReplicaUpdates cannot be combined with other updates in one UpdateTable request`);

  // A table of that name in the region already: DynamoDB's text as reported ("a the" included).
  await createTable(WEST.db, keyedTable(t, ['pk', 'S'], null, STREAM));
  await rejects(EAST.db.send(replicaUpdate(t, 'Create', 'us-west-2')), 'ValidationException',
    `Failed to create a the new replica of table with name: '${t}' because one or more replicas already existed as tables.`);
  // Nothing changed on any refusal.
  assert.equal((await describe(EAST, t)).Replicas, undefined);
});

// Strong consistency (MultiRegionConsistency STRONG, AWS's UpdateTable reference): three replicas,
// or two and a witness, in one region set; made of an empty table. A write is in every replica
// when it is answered, so a strongly consistent read anywhere sees it at once: no polling here.
test('strong consistency: a write is in every region when it is answered', { skip }, async () => {
  const t = await table();
  const answer = (await EAST.db.send(new UpdateTableCommand({
    TableName: t, MultiRegionConsistency: 'STRONG',
    ReplicaUpdates: [{ Create: { RegionName: 'us-east-2' } }, { Create: { RegionName: 'us-west-2' } }],
  }))).TableDescription;
  assert.equal(answer.MultiRegionConsistency, 'STRONG');
  const regions = [['us-east-1', EAST], ['us-east-2', OHIO], ['us-west-2', WEST]];
  for (const [, r] of regions) assert.equal((await describe(r, t)).MultiRegionConsistency, 'STRONG');
  for (const [name, writer] of regions) {
    for (let i = 0; i < 5; i++) {
      const pk = `${name}-${i}`;
      await writer.db.send(new PutItemCommand({ TableName: t, Item: { pk: { S: pk }, v: { S: name } } }));
      for (const [other, reader] of regions) assert.equal((await get(reader, t, pk))?.v.S, name, `${pk} read in ${other}`);
    }
  }
  await WEST.db.send(new DeleteItemCommand({ TableName: t, Key: { pk: { S: 'us-east-1-0' } } }));
  assert.equal(await get(EAST, t, 'us-east-1-0'), undefined);
});

test('strong consistency with two replicas and a witness', { skip }, async () => {
  const t = await table();
  await EAST.db.send(new UpdateTableCommand({
    TableName: t, MultiRegionConsistency: 'STRONG', ReplicaUpdates: [{ Create: { RegionName: 'us-east-2' } }],
    GlobalTableWitnessUpdates: [{ Create: { RegionName: 'us-west-2' } }],
  }));
  const east = await describe(EAST, t);
  assert.deepEqual(east.Replicas, [{ RegionName: 'us-east-2', ReplicaStatus: 'ACTIVE' }]);
  assert.deepEqual(east.GlobalTableWitnesses, [{ RegionName: 'us-west-2', WitnessStatus: 'ACTIVE' }]);
  await rejects(WEST.db.send(new DescribeTableCommand({ TableName: t })), 'ResourceNotFoundException');
  await OHIO.db.send(new PutItemCommand({ TableName: t, Item: { pk: { S: 'k' } } }));
  assert.deepEqual(await get(EAST, t, 'k'), { pk: { S: 'k' } });
});

test('strong consistency refusals', { skip }, async () => {
  const t = await table();
  const invalid = 'One or more parameter values were invalid: ';
  const strong = (ReplicaUpdates, extra = {}) =>
    EAST.db.send(new UpdateTableCommand({ TableName: t, MultiRegionConsistency: 'STRONG', ReplicaUpdates, ...extra }));
  await rejects(strong([{ Create: { RegionName: 'us-east-2' } }]), 'ValidationException',
    `${invalid}A global table of strong consistency has three replicas, or two replicas and a witness`);
  await rejects(strong([{ Create: { RegionName: 'us-east-2' } }, { Create: { RegionName: 'eu-west-1' } }]),
    'ValidationException',
    `${invalid}The replicas and the witness of a global table of strong consistency must be in one region set (US, EU or AP)`);
  await rejects(strong([{ Create: { RegionName: 'us-east-2' } }], { GlobalTableWitnessUpdates: [{ Create: { RegionName: 'us-east-2' } }] }),
    'ValidationException', `${invalid}The witness must be in another region than the replicas`);
  await rejects(strong([{ Delete: { RegionName: 'us-east-2' } }]), 'ValidationException',
    `${invalid}MultiRegionConsistency can only be given with Create actions in ReplicaUpdates`);
  await EAST.db.send(new PutItemCommand({ TableName: t, Item: { pk: { S: 'k' } } }));
  await rejects(strong([{ Create: { RegionName: 'us-east-2' } }, { Create: { RegionName: 'us-west-2' } }]),
    'ValidationException', `${invalid}A table must be empty to become a global table of strong consistency`);
  assert.equal((await describe(EAST, t)).Replicas, undefined);
});

// Disassociate (2026, AWS's ReplicationGroupUpdate reference): a replica of eventual consistency
// leaves its global table and stays a table of its own, with its data; it must be the only
// replica update, sent in the replica's own region, once disassociation protection (on by
// default) is off. Raw requests: the suite's SDK predates Disassociate and
// DisassociationProtectionEnabled, and would leave them out.
test('Disassociate: a replica becomes a table of its own, once its protection is off', { skip }, async () => {
  const t = await table();
  await EAST.db.send(replicaUpdate(t, 'Create', 'us-west-2'));
  await EAST.db.send(new PutItemCommand({ TableName: t, Item: { pk: { S: 'before' } } }));
  const invalid = 'One or more parameter values were invalid: ';
  const west = (action, body) => rawCall(action, { TableName: t, ...body }, { signing: { credentials, region: 'us-west-2' } });
  const disassociate = (RegionName) =>
    west('UpdateTable', { ReplicaUpdates: [{ Disassociate: { RegionName, DisassociationMode: 'WAIT_FOR_REPLICATION' } }] });
  const describeWest = async () => expectOk(await west('DescribeTable', {})).Table;
  const refused = async (res, message) => {
    assert.equal(res.code, 'ValidationException', res.text);
    assert.equal(res.message, message);
  };

  assert.equal((await describeWest()).DisassociationProtectionEnabled, true);
  await refused(await disassociate('us-west-2'),
    `${invalid}Disassociation protection is enabled for this replica: disable it with DisassociationProtectionEnabled first`);
  await refused(await west('UpdateTable', { DisassociationProtectionEnabled: false, DeletionProtectionEnabled: false }),
    `${invalid}DisassociationProtectionEnabled cannot be combined with other updates in one UpdateTable request`);
  const unprotected = expectOk(await west('UpdateTable', { DisassociationProtectionEnabled: false })).TableDescription;
  assert.equal(unprotected.DisassociationProtectionEnabled, false);
  await refused(await disassociate('us-east-1'), `${invalid}Disassociate's RegionName must be the region the request is sent to`);
  await refused(await west('UpdateTable', { ReplicaUpdates: [
    { Disassociate: { RegionName: 'us-west-2', DisassociationMode: 'WAIT_FOR_REPLICATION' } },
    { Create: { RegionName: 'eu-west-1' } }] }), `${invalid}A Disassociate action must be the only replica update in the request`);

  const answer = expectOk(await disassociate('us-west-2')).TableDescription;
  assert.equal(answer.Replicas, undefined);
  assert.equal((await describe(EAST, t)).Replicas, undefined);
  assert.equal((await describeWest()).GlobalTableVersion, undefined);
  assert.deepEqual(await get(WEST, t, 'before'), { pk: { S: 'before' } });  // its data stays
});

// Settings synchronization (AWS's "Global tables: how it works"): capacity, indexes and Time to
// Live changed in one region are changed in every region; deletion protection stays each one's.
test('settings changed in one region change in every region', { skip }, async () => {
  const t = await table({ ...STREAM, BillingMode: 'PROVISIONED', ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 5 } });
  await EAST.db.send(replicaUpdate(t, 'Create', 'us-west-2'));
  await EAST.db.send(new PutItemCommand({ TableName: t, Item: { pk: { S: 'a' }, g: { S: 'x' } } }));
  await eventually(async () => (await get(WEST, t, 'a')) !== undefined, 'the item in us-west-2');

  await WEST.db.send(new UpdateTableCommand({
    TableName: t, ProvisionedThroughput: { ReadCapacityUnits: 7, WriteCapacityUnits: 9 }, DeletionProtectionEnabled: true,
  }));
  const east = await describe(EAST, t);
  assert.deepEqual([east.ProvisionedThroughput.ReadCapacityUnits, east.ProvisionedThroughput.WriteCapacityUnits], [7, 9]);
  assert.equal(east.DeletionProtectionEnabled, false);
  await WEST.db.send(new UpdateTableCommand({ TableName: t, DeletionProtectionEnabled: false }));

  await EAST.db.send(new UpdateTableCommand({
    TableName: t, AttributeDefinitions: [{ AttributeName: 'g', AttributeType: 'S' }],
    GlobalSecondaryIndexUpdates: [{ Create: {
      IndexName: 'byG', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' },
      ProvisionedThroughput: { ReadCapacityUnits: 1, WriteCapacityUnits: 1 },
    } }],
  }));
  assert.deepEqual((await describe(WEST, t)).GlobalSecondaryIndexes.map((i) => i.IndexName), ['byG']);
  const { Items } = await WEST.db.send(new QueryCommand({
    TableName: t, IndexName: 'byG', KeyConditionExpression: 'g = :g', ExpressionAttributeValues: { ':g': { S: 'x' } },
  }));
  assert.deepEqual(Items, [{ pk: { S: 'a' }, g: { S: 'x' } }]);

  await WEST.db.send(new UpdateTimeToLiveCommand({ TableName: t, TimeToLiveSpecification: { Enabled: true, AttributeName: 'exp' } }));
  const ttl = await EAST.db.send(new DescribeTimeToLiveCommand({ TableName: t }));
  assert.deepEqual(ttl.TimeToLiveDescription, { TimeToLiveStatus: 'ENABLED', AttributeName: 'exp' });
});

// A replica's own settings (AWS's ReplicationGroupUpdate and ReplicaDescription references):
// read capacity, a GSI's read capacity and the table class, given when it is created or later.
test('replica overrides: a region keeps its own read capacity and table class', { skip }, async () => {
  const t = await table({
    ...STREAM, BillingMode: 'PROVISIONED', ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 5 },
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'g', AttributeType: 'S' }],
    GlobalSecondaryIndexes: [{
      IndexName: 'byG', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: { ProjectionType: 'KEYS_ONLY' },
      ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 5 },
    }],
  });
  await EAST.db.send(new UpdateTableCommand({ TableName: t, ReplicaUpdates: [{ Create: {
    RegionName: 'us-west-2', ProvisionedThroughputOverride: { ReadCapacityUnits: 3 }, TableClassOverride: 'STANDARD_INFREQUENT_ACCESS',
  } }] }));
  let west = await describe(WEST, t);
  assert.equal(west.ProvisionedThroughput.ReadCapacityUnits, 3);
  assert.equal(west.TableClassSummary.TableClass, 'STANDARD_INFREQUENT_ACCESS');
  assert.deepEqual((await describe(EAST, t)).Replicas, [{
    RegionName: 'us-west-2', ReplicaStatus: 'ACTIVE', ProvisionedThroughputOverride: { ReadCapacityUnits: 3 },
    ReplicaTableClassSummary: { TableClass: 'STANDARD_INFREQUENT_ACCESS' },
  }]);
  assert.deepEqual(west.Replicas, [{ RegionName: 'us-east-1', ReplicaStatus: 'ACTIVE' }]);

  // The table's throughput changes everywhere but where a replica overrides it.
  await EAST.db.send(new UpdateTableCommand({ TableName: t, ProvisionedThroughput: { ReadCapacityUnits: 8, WriteCapacityUnits: 8 } }));
  west = await describe(WEST, t);
  assert.deepEqual([west.ProvisionedThroughput.ReadCapacityUnits, west.ProvisionedThroughput.WriteCapacityUnits], [3, 8]);
  assert.equal((await describe(EAST, t)).ProvisionedThroughput.ReadCapacityUnits, 8);

  // An Update changes what it gives and keeps the rest.
  await EAST.db.send(new UpdateTableCommand({ TableName: t, ReplicaUpdates: [{ Update: {
    RegionName: 'us-west-2', GlobalSecondaryIndexes: [{ IndexName: 'byG', ProvisionedThroughputOverride: { ReadCapacityUnits: 2 } }],
  } }] }));
  west = await describe(WEST, t);
  assert.equal(west.ProvisionedThroughput.ReadCapacityUnits, 3);
  assert.equal(west.GlobalSecondaryIndexes[0].ProvisionedThroughput.ReadCapacityUnits, 2);
  assert.deepEqual((await describe(EAST, t)).Replicas[0].GlobalSecondaryIndexes,
    [{ IndexName: 'byG', ProvisionedThroughputOverride: { ReadCapacityUnits: 2 } }]);
  assert.equal((await describe(EAST, t)).GlobalSecondaryIndexes[0].ProvisionedThroughput.ReadCapacityUnits, 5);

  await rejects(EAST.db.send(new UpdateTableCommand({ TableName: t, ReplicaUpdates: [{ Update: {
    RegionName: 'us-west-2', GlobalSecondaryIndexes: [{ IndexName: 'nope', ProvisionedThroughputOverride: { ReadCapacityUnits: 2 } }],
  } }] })), 'ValidationException', `One or more parameter values were invalid: Table ${t} has no global secondary index nope`);
});

// A witness goes with a replica (AWS's DeleteGlobalTableWitnessGroupMemberAction): deleting both
// leaves the remaining replica a table of its own. A strongly consistent global table otherwise
// keeps its three members.
test('strong consistency: the witness is deleted with the last other replica', { skip }, async () => {
  const t = await table();
  await EAST.db.send(new UpdateTableCommand({
    TableName: t, MultiRegionConsistency: 'STRONG', ReplicaUpdates: [{ Create: { RegionName: 'us-east-2' } }],
    GlobalTableWitnessUpdates: [{ Create: { RegionName: 'us-west-2' } }],
  }));
  const invalid = 'One or more parameter values were invalid: ';
  const shape = `${invalid}A global table of strong consistency has three replicas, or two replicas and a witness`;
  const update = (extra) => EAST.db.send(new UpdateTableCommand({ TableName: t, ...extra }));
  await rejects(update({ ReplicaUpdates: [{ Delete: { RegionName: 'us-east-2' } }] }), 'ValidationException', shape);
  await rejects(update({ ReplicaUpdates: [{ Delete: { RegionName: 'us-east-2' } }],
    GlobalTableWitnessUpdates: [{ Delete: { RegionName: 'us-west-1' } }] }), 'ValidationException',
  `${invalid}Table ${t} has no witness in region us-west-1`);
  await rejects(update({ ReplicaUpdates: [{ Create: { RegionName: 'us-west-1' } }] }), 'ValidationException', shape);
  assert.equal((await describe(EAST, t)).MultiRegionConsistency, 'STRONG');

  const answer = (await update({ ReplicaUpdates: [{ Delete: { RegionName: 'us-east-2' } }],
    GlobalTableWitnessUpdates: [{ Delete: { RegionName: 'us-west-2' } }] })).TableDescription;
  assert.equal(answer.GlobalTableWitnesses, undefined);
  const east = await describe(EAST, t);
  assert.equal(east.Replicas, undefined);
  assert.equal(east.MultiRegionConsistency, undefined);
  await rejects(OHIO.db.send(new DescribeTableCommand({ TableName: t })), 'ResourceNotFoundException');
});

// Multi-account global tables (CreateTable's GlobalTableSourceArn and
// GlobalTableSettingsReplicationMode, AWS's CreateTable and UpdateTable references): a table set
// to ENABLED in one account is the source of a replica another account creates, which takes the
// source's settings. Minnow's accounts are access keys (one account id in every ARN).
test('multi-account: a replica created from a GlobalTableSourceArn replicates both ways', { skip }, async () => {
  const t = await table();
  const otherCredentials = { accessKeyId: `${accessKeyId}B`, secretAccessKey: 'secret' };
  const other = makeClient({ region: 'us-west-2', credentials: otherCredentials });
  const invalid = 'One or more parameter values were invalid: ';
  const TableArn = (await describe(EAST, t)).TableArn;
  const fromSource = (extra = {}) => other.send(new CreateTableCommand({
    TableName: t, GlobalTableSourceArn: TableArn, GlobalTableSettingsReplicationMode: 'ENABLED', ...extra,
  }));
  try {
    await rejects(fromSource(), 'ValidationException',
      `${invalid}Table ${t} in region us-east-1 does not have GlobalTableSettingsReplicationMode ENABLED`);
    await EAST.db.send(new UpdateTableCommand({ TableName: t, GlobalTableSettingsReplicationMode: 'ENABLED' }));
    assert.equal((await describe(EAST, t)).GlobalTableSettingsReplicationMode, 'ENABLED');
    await rejects(fromSource({ KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }] }), 'ValidationException',
      `${invalid}KeySchema cannot be given with GlobalTableSourceArn: the new replica takes its source table's`);
    await rejects(other.send(new CreateTableCommand({ TableName: t, GlobalTableSourceArn: TableArn })),
      'ValidationException',
      `${invalid}GlobalTableSettingsReplicationMode must be ENABLED to create a table from a GlobalTableSourceArn`);
    await rejects(fromSource({ GlobalTableSourceArn: 'arn:aws:dynamodb:us-east-1:000000000000:nope' }),
      'ValidationException', `${invalid}GlobalTableSourceArn is not the ARN of a table: arn:aws:dynamodb:us-east-1:000000000000:nope`);

    await EAST.db.send(new PutItemCommand({ TableName: t, Item: { pk: { S: 'before' } } }));
    const made = (await fromSource({ DeletionProtectionEnabled: false })).TableDescription;
    assert.deepEqual(made.KeySchema, [{ AttributeName: 'pk', KeyType: 'HASH' }]);
    assert.equal(made.GlobalTableSettingsReplicationMode, 'ENABLED');
    assert.deepEqual((await describe(EAST, t)).Replicas,
      [{ RegionName: 'us-west-2', ReplicaStatus: 'ACTIVE', GlobalTableSettingsReplicationMode: 'ENABLED' }]);
    await rejects(EAST.db.send(new UpdateTableCommand({ TableName: t, GlobalTableSettingsReplicationMode: 'DISABLED' })),
      'ValidationException',
      `${invalid}GlobalTableSettingsReplicationMode can only be changed on a table that is not a global table`);

    const getOther = async (pk) =>
      (await other.send(new GetItemCommand({ TableName: t, Key: { pk: { S: pk } }, ConsistentRead: true }))).Item;
    assert.deepEqual(await getOther('before'), { pk: { S: 'before' } });  // the copy
    await EAST.db.send(new PutItemCommand({ TableName: t, Item: { pk: { S: 'east' } } }));
    await other.send(new PutItemCommand({ TableName: t, Item: { pk: { S: 'west' } } }));
    await eventually(async () => (await getOther('east')) !== undefined, 'the first account\'s write in the second');
    await eventually(async () => (await get(EAST, t, 'west')) !== undefined, 'the second account\'s write in the first');
    // The first account has no table in us-west-2: the replica is the other account's.
    await rejects(WEST.db.send(new DescribeTableCommand({ TableName: t })), 'ResourceNotFoundException');
  } finally {
    await dropTables(other, [t]);
  }
});
