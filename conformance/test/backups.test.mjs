// On-demand backups: CreateBackup, DescribeBackup, ListBackups, DeleteBackup,
// RestoreTableFromBackup.
//
// References: neither DynamoDB Local ("An unknown operation was requested.") nor dynalite has
// backups, so these tests follow AWS's API reference (../shared/reference/aws-api/): the shapes of
// BackupDetails, BackupDescription and BackupSummary, the documented errors (TableNotFoundException,
// BackupNotFoundException, TableAlreadyExistsException), and what a restore keeps and drops. AWS
// records no message texts for these errors: the tests check the error names, and that the
// message names the table or backup.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  CreateBackupCommand, DescribeBackupCommand, ListBackupsCommand, DeleteBackupCommand, RestoreTableFromBackupCommand,
  DescribeTableCommand, DeleteTableCommand, PutItemCommand, DeleteItemCommand, ScanCommand, QueryCommand,
  ListTagsOfResourceCommand, DescribeTimeToLiveCommand, UpdateTimeToLiveCommand, UpdateTableCommand,
} from '@aws-sdk/client-dynamodb';
import { makeClient } from '../lib/client.mjs';
import { rawCall, expectError } from '../lib/http.mjs';
import { differsOn } from '../lib/reference.mjs';
import { tableNamer } from '../lib/names.mjs';
import { keyedTable, createTable, dropTables, waitActive } from '../lib/tables.mjs';

const client = makeClient();
const newName = tableNamer('backups');
const created = [];
const name = (label) => { const n = newName(label); created.push(n); return n; };
const backupArns = [];
after(async () => {
  for (const BackupArn of backupArns) await client.send(new DeleteBackupCommand({ BackupArn })).catch(() => {});
  await dropTables(client, created);
});

const skip = differsOn(['dynamodb-local', 'dynalite'], 'no backups (AWS documents them)');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function backup(TableName, BackupName = 'nightly') {
  const { BackupDetails } = await client.send(new CreateBackupCommand({ TableName, BackupName }));
  backupArns.push(BackupDetails.BackupArn);
  return BackupDetails;
}
// Real DynamoDB takes minutes; Minnow's backups are AVAILABLE once CreateBackup has answered.
async function available(BackupArn, timeoutMs = 600000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const { BackupDescription } = await client.send(new DescribeBackupCommand({ BackupArn }));
    if (BackupDescription.BackupDetails.BackupStatus === 'AVAILABLE') return BackupDescription;
    if (Date.now() > end) throw new Error(`backup ${BackupArn} still ${BackupDescription.BackupDetails.BackupStatus}`);
    await sleep(1000);
  }
}
async function restore(params) {
  created.push(params.TargetTableName);
  const out = await client.send(new RestoreTableFromBackupCommand(params));
  await waitActive(client, params.TargetTableName, 1200000);
  return out.TableDescription;
}
const put = (TableName, Item) => client.send(new PutItemCommand({ TableName, Item }));
const scanKeys = async (TableName) => (await client.send(new ScanCommand({ TableName, ConsistentRead: true }))).Items
  .map((i) => `${i.pk.S}=${i.v?.S ?? ''}`).sort();

const indexedTable = (TableName, extra = {}) => ({
  ...keyedTable(TableName, ['pk', 'S'], ['sk', 'N']),
  AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'sk', AttributeType: 'N' },
    { AttributeName: 'g', AttributeType: 'S' }, { AttributeName: 'l', AttributeType: 'S' }],
  GlobalSecondaryIndexes: [
    { IndexName: 'by-g', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } },
    { IndexName: 'by-g-keys', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: { ProjectionType: 'KEYS_ONLY' } }],
  LocalSecondaryIndexes: [{ IndexName: 'by-l', KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'l', KeyType: 'RANGE' }],
    Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['v'] } }],
  ...extra,
});

// CreateBackup answers the backup's details, CREATING; DescribeBackup then describes the backup,
// its source table and the table's features at the time of the backup.
test('CreateBackup and DescribeBackup', { skip }, async () => {
  const TableName = name('describe');
  await createTable(client, indexedTable(TableName, {
    StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' },
    SSESpecification: { Enabled: true, SSEType: 'KMS', KMSMasterKeyId: 'alias/mine' } }));
  await put(TableName, { pk: { S: 'a' }, sk: { N: '1' }, g: { S: 'x' }, v: { S: '1' } });
  await put(TableName, { pk: { S: 'b' }, sk: { N: '2' }, v: { S: '2' } });
  const before = Date.now();
  const details = await backup(TableName, 'first.backup-1');
  assert.match(details.BackupArn, new RegExp(`^arn:aws:dynamodb:[a-z0-9-]+:\\d{12}:table/${TableName}/backup/\\d{14}-[0-9a-f]{8}$`));
  assert.equal(details.BackupName, 'first.backup-1');
  assert.equal(details.BackupStatus, 'CREATING');
  assert.equal(details.BackupType, 'USER');
  assert.ok(details.BackupCreationDateTime instanceof Date);
  assert.ok(Math.abs(details.BackupCreationDateTime.getTime() - before) < 60000);
  assert.equal(typeof details.BackupSizeBytes, 'number');
  assert.equal(details.BackupExpiryDateTime, undefined);

  const description = await available(details.BackupArn);
  assert.equal(description.BackupDetails.BackupArn, details.BackupArn);
  const { Table } = await client.send(new DescribeTableCommand({ TableName }));
  const source = description.SourceTableDetails;
  assert.equal(source.TableName, TableName);
  assert.equal(source.TableId, Table.TableId);
  assert.equal(source.TableArn, Table.TableArn);
  assert.deepEqual(source.KeySchema, Table.KeySchema);
  assert.equal(source.TableCreationDateTime.getTime(), Table.CreationDateTime.getTime());
  assert.equal(source.ItemCount, 2);
  assert.equal(source.BillingMode, 'PAY_PER_REQUEST');
  assert.deepEqual(source.ProvisionedThroughput, { ReadCapacityUnits: 0, WriteCapacityUnits: 0 });
  const features = description.SourceTableFeatureDetails;
  assert.deepEqual(features.GlobalSecondaryIndexes.map((i) => [i.IndexName, i.Projection.ProjectionType]),
    [['by-g', 'ALL'], ['by-g-keys', 'KEYS_ONLY']]);
  assert.deepEqual(features.LocalSecondaryIndexes, [{ IndexName: 'by-l', KeySchema: Table.LocalSecondaryIndexes[0].KeySchema,
    Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['v'] } }]);
  assert.deepEqual(features.StreamDescription, { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' });
  assert.equal(features.TimeToLiveDescription.TimeToLiveStatus, 'DISABLED');
  assert.equal(features.SSEDescription.Status, 'ENABLED');
  assert.equal(features.SSEDescription.SSEType, 'KMS');
});

// A backup holds the items as they were when it was made; a restore recreates them, with the
// source's key schema and indexes, under a new name.
test('RestoreTableFromBackup restores the items and indexes of the backup', { skip }, async () => {
  const TableName = name('source');
  await createTable(client, indexedTable(TableName));
  await put(TableName, { pk: { S: 'a' }, sk: { N: '1' }, g: { S: 'x' }, l: { S: 'p' }, v: { S: 'old' } });
  await put(TableName, { pk: { S: 'b' }, sk: { N: '1' }, g: { S: 'x' }, v: { S: 'gone' } });
  const { BackupArn } = await backup(TableName);
  await put(TableName, { pk: { S: 'a' }, sk: { N: '1' }, g: { S: 'y' }, v: { S: 'new' } });
  await client.send(new DeleteItemCommand({ TableName, Key: { pk: { S: 'b' }, sk: { N: '1' } } }));
  await put(TableName, { pk: { S: 'c' }, sk: { N: '1' }, v: { S: 'later' } });
  await available(BackupArn);

  const TargetTableName = name('restored');
  const restored = await restore({ TargetTableName, BackupArn });
  assert.equal(restored.TableName, TargetTableName);
  assert.equal(restored.TableStatus, 'CREATING');
  assert.equal(restored.RestoreSummary.SourceBackupArn, BackupArn);
  assert.match(restored.RestoreSummary.SourceTableArn, new RegExp(`:table/${TableName}$`));
  assert.equal(restored.RestoreSummary.RestoreInProgress, true);
  assert.deepEqual(await scanKeys(TargetTableName), ['a=old', 'b=gone']);
  const byG = await client.send(new QueryCommand({ TableName: TargetTableName, IndexName: 'by-g',
    KeyConditionExpression: 'g = :g', ExpressionAttributeValues: { ':g': { S: 'x' } } }));
  assert.equal(byG.Count, 2);
  const byL = await client.send(new QueryCommand({ TableName: TargetTableName, IndexName: 'by-l',
    KeyConditionExpression: 'pk = :a', ExpressionAttributeValues: { ':a': { S: 'a' } } }));
  assert.equal(byL.Count, 1);
  const { Table } = await client.send(new DescribeTableCommand({ TableName: TargetTableName }));
  assert.equal(Table.TableStatus, 'ACTIVE');
  assert.equal(Table.ItemCount, 2);
  assert.equal(Table.RestoreSummary.RestoreInProgress, false);
  assert.equal(Table.BillingModeSummary.BillingMode, 'PAY_PER_REQUEST');
  assert.deepEqual(Table.GlobalSecondaryIndexes.map((i) => [i.IndexName, i.IndexStatus]), [['by-g', 'ACTIVE'], ['by-g-keys', 'ACTIVE']]);
  assert.deepEqual(await scanKeys(TableName), ['a=new', 'c=later'], 'the source is unchanged');
});

// AWS documents what a restored table does not get from its source: tags, streams, Time to
// Live, point-in-time recovery, auto scaling, IAM policies.
test('a restored table has no tags, stream or TTL of its source', { skip }, async () => {
  const TableName = name('settings');
  await createTable(client, keyedTable(TableName, ['pk', 'S'], null, { Tags: [{ Key: 'team', Value: 'core' }],
    StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' }, DeletionProtectionEnabled: true }));
  await client.send(new UpdateTimeToLiveCommand({ TableName, TimeToLiveSpecification: { Enabled: true, AttributeName: 'ttl' } }));
  const { BackupArn } = await backup(TableName);
  const { TimeToLiveDescription } = (await available(BackupArn)).SourceTableFeatureDetails;
  assert.deepEqual(TimeToLiveDescription, { TimeToLiveStatus: 'ENABLED', AttributeName: 'ttl' });
  const TargetTableName = name('settings-copy');
  await restore({ TargetTableName, BackupArn });
  const { Table } = await client.send(new DescribeTableCommand({ TableName: TargetTableName }));
  assert.equal(Table.StreamSpecification, undefined);
  assert.equal(Table.LatestStreamArn, undefined);
  assert.equal(Table.DeletionProtectionEnabled, false);
  assert.deepEqual((await client.send(new ListTagsOfResourceCommand({ ResourceArn: Table.TableArn }))).Tags ?? [], []);
  const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: TargetTableName }));
  assert.equal(ttl.TimeToLiveDescription.TimeToLiveStatus, 'DISABLED');
  const source = await client.send(new DescribeTableCommand({ TableName }));
  assert.equal(source.Table.DeletionProtectionEnabled, true);
  await client.send(new UpdateTableCommand({ TableName, DeletionProtectionEnabled: false }));  // so that it can be dropped
});

// The documented overrides: billing mode and throughput, the indexes to keep, encryption.
test('RestoreTableFromBackup overrides', { skip }, async () => {
  const TableName = name('overrides');
  await createTable(client, indexedTable(TableName));
  await put(TableName, { pk: { S: 'a' }, sk: { N: '1' }, g: { S: 'x' }, l: { S: 'p' } });
  const { BackupArn } = await backup(TableName);
  await available(BackupArn);

  const TargetTableName = name('overridden');
  await restore({ TargetTableName, BackupArn, BillingModeOverride: 'PROVISIONED',
    ProvisionedThroughputOverride: { ReadCapacityUnits: 3, WriteCapacityUnits: 4 },
    GlobalSecondaryIndexOverride: [{ IndexName: 'by-g-keys', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }],
      Projection: { ProjectionType: 'KEYS_ONLY' }, ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 6 } }],
    LocalSecondaryIndexOverride: [],
    SSESpecificationOverride: { Enabled: true, SSEType: 'KMS' } });
  const { Table } = await client.send(new DescribeTableCommand({ TableName: TargetTableName }));
  assert.equal(Table.BillingModeSummary?.BillingMode ?? 'PROVISIONED', 'PROVISIONED');
  assert.equal(Table.ProvisionedThroughput.ReadCapacityUnits, 3);
  assert.equal(Table.ProvisionedThroughput.WriteCapacityUnits, 4);
  assert.deepEqual(Table.GlobalSecondaryIndexes.map((i) => [i.IndexName, i.ProvisionedThroughput.ReadCapacityUnits]), [['by-g-keys', 5]]);
  assert.equal(Table.LocalSecondaryIndexes, undefined);
  assert.deepEqual(Table.AttributeDefinitions.map((a) => a.AttributeName).sort(), ['g', 'pk', 'sk'], 'only the definitions still used');
  assert.equal(Table.SSEDescription.Status, 'ENABLED');
  assert.equal(Table.ItemCount, 1);

  // An index the source does not have, or one described otherwise, cannot be kept.
  const res = await rawCall('RestoreTableFromBackup', { TargetTableName: name('bad-override'), BackupArn,
    GlobalSecondaryIndexOverride: [{ IndexName: 'by-h', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } }] });
  expectError(res, 'ValidationException', /by-h/);
  // A PROVISIONED restore of an on-demand source needs throughput.
  expectError(await rawCall('RestoreTableFromBackup', { TargetTableName: name('bad-mode'), BackupArn, BillingModeOverride: 'PROVISIONED' }),
    'ValidationException');
});

// ListBackups: this account's backups, filtered by table, type and creation time, in pages.
test('ListBackups filters and pages', { skip }, async () => {
  const TableName = name('listed');
  await createTable(client, keyedTable(TableName));
  const other = name('other');
  await createTable(client, keyedTable(other));
  const arns = [];
  for (const n of ['bk1', 'bk2', 'bk3']) {
    arns.push((await backup(TableName, n)).BackupArn);
    await sleep(15);
  }
  await backup(other, 'elsewhere');
  const list = async (params) => client.send(new ListBackupsCommand(params));

  const all = await list({ TableName });
  assert.deepEqual(all.BackupSummaries.map((s) => s.BackupArn), arns);
  assert.equal(all.LastEvaluatedBackupArn, undefined);
  const { Table } = await client.send(new DescribeTableCommand({ TableName }));
  const first = all.BackupSummaries[0];
  assert.equal(first.TableName, TableName);
  assert.equal(first.TableArn, Table.TableArn);
  assert.equal(first.TableId, Table.TableId);
  assert.equal(first.BackupName, 'bk1');
  assert.equal(first.BackupType, 'USER');
  assert.ok(['CREATING', 'AVAILABLE'].includes(first.BackupStatus));
  assert.equal(typeof first.BackupSizeBytes, 'number');
  assert.deepEqual((await list({ TableName: Table.TableArn })).BackupSummaries.map((s) => s.BackupArn), arns, 'by ARN');

  // Pages of one, each continuing after the last evaluated backup.
  const paged = [];
  let ExclusiveStartBackupArn;
  for (let i = 0; i < 5; i++) {
    const page = await list({ TableName, Limit: 1, ExclusiveStartBackupArn });
    paged.push(...page.BackupSummaries.map((s) => s.BackupArn));
    ExclusiveStartBackupArn = page.LastEvaluatedBackupArn;
    if (!ExclusiveStartBackupArn) break;
  }
  assert.deepEqual(paged, arns);

  // Lower bound inclusive, upper bound exclusive.
  const times = all.BackupSummaries.map((s) => s.BackupCreationDateTime);
  const between = await list({ TableName, TimeRangeLowerBound: times[1], TimeRangeUpperBound: times[2] });
  assert.deepEqual(between.BackupSummaries.map((s) => s.BackupArn), [arns[1]]);
  assert.deepEqual((await list({ TableName, BackupType: 'SYSTEM' })).BackupSummaries, []);
  assert.equal((await list({ TableName, BackupType: 'ALL' })).BackupSummaries.length, 3);
  expectError(await rawCall('ListBackups', { Limit: 0 }), 'ValidationException',
    "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1");
  expectError(await rawCall('ListBackups', { BackupType: 'NONE' }), 'ValidationException', /Member must satisfy enum value set: \[/);
});

// DeleteBackup answers the description, DELETED; the backup is gone. A backup outlives its
// table, and can recreate it under its own name.
test('DeleteBackup, and backups outliving their table', { skip }, async () => {
  const TableName = name('outlived');
  await createTable(client, keyedTable(TableName));
  await put(TableName, { pk: { S: 'kept' }, v: { S: '1' } });
  const { BackupArn } = await backup(TableName);
  await available(BackupArn);
  await client.send(new DeleteTableCommand({ TableName }));
  const { BackupDescription } = await client.send(new DescribeBackupCommand({ BackupArn }));
  assert.equal(BackupDescription.SourceTableDetails.TableName, TableName);
  assert.ok((await client.send(new ListBackupsCommand({ TableName }))).BackupSummaries.some((s) => s.BackupArn === BackupArn));
  await restore({ TargetTableName: TableName, BackupArn });
  assert.deepEqual(await scanKeys(TableName), ['kept=1']);

  const deleted = await client.send(new DeleteBackupCommand({ BackupArn }));
  assert.equal(deleted.BackupDescription.BackupDetails.BackupStatus, 'DELETED');
  assert.equal(deleted.BackupDescription.SourceTableDetails.TableName, TableName);
  for (const action of ['DescribeBackup', 'DeleteBackup']) {
    expectError(await rawCall(action, { BackupArn }), 'BackupNotFoundException', new RegExp(BackupArn.replace(/[.$]/g, '\\$&')));
  }
  expectError(await rawCall('RestoreTableFromBackup', { TargetTableName: name('never'), BackupArn }), 'BackupNotFoundException');
});

// The documented errors of the catalog.
test('backup errors: unknown table, taken target name, validation', { skip }, async () => {
  const missing = newName('missing');
  expectError(await rawCall('CreateBackup', { TableName: missing, BackupName: 'b' + 'x'.repeat(5) }), 'TableNotFoundException',
    new RegExp(missing));
  const TableName = name('errors');
  await createTable(client, keyedTable(TableName));
  const { BackupArn } = await backup(TableName);
  await available(BackupArn);
  expectError(await rawCall('RestoreTableFromBackup', { TargetTableName: TableName, BackupArn }), 'TableAlreadyExistsException',
    new RegExp(TableName));
  expectError(await rawCall('CreateBackup', { TableName, BackupName: 'no spaces' }), 'ValidationException',
    /Member must satisfy regular expression pattern: \[a-zA-Z0-9_.-\]\+/);
  expectError(await rawCall('CreateBackup', { TableName, BackupName: 'ab' }), 'ValidationException',
    /Member must have length greater than or equal to 3/);
  expectError(await rawCall('CreateBackup', { TableName }), 'ValidationException');
  expectError(await rawCall('DescribeBackup', { BackupArn: 'arn:too-short' }), 'ValidationException',
    /Member must have length greater than or equal to 37/);
  expectError(await rawCall('DescribeBackup', { BackupArn: BackupArn.replace(/-[0-9a-f]{8}$/, '-00000000') }), 'BackupNotFoundException');
});
