// Point-in-time recovery: UpdateContinuousBackups, DescribeContinuousBackups,
// RestoreTableToPointInTime, and the SYSTEM backup a table deleted with recovery enabled leaves.
//
// References: neither DynamoDB Local nor dynalite has these operations, so the tests follow AWS's
// API reference (../shared/reference/aws-api/): ContinuousBackupsDescription's shape, the recovery
// period (1-35 days, 35 by default), the documented errors (TableNotFoundException,
// PointInTimeRecoveryUnavailableException, InvalidRestoreTimeException), and a restore holding the
// items as they were at the instant given. AWS documents LatestRestorableDateTime as "typically 5
// minutes before the current time"; Minnow's is now, so the tests restore to a time they read from
// the server rather than to one five minutes old.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  UpdateContinuousBackupsCommand, DescribeContinuousBackupsCommand, RestoreTableToPointInTimeCommand,
  DescribeTableCommand, DeleteTableCommand, PutItemCommand, DeleteItemCommand, UpdateItemCommand, ScanCommand,
  ListBackupsCommand, DeleteBackupCommand, BatchWriteItemCommand,
} from '@aws-sdk/client-dynamodb';
import { makeClient } from '../lib/client.mjs';
import { rawCall, expectError } from '../lib/http.mjs';
import { differsOn } from '../lib/reference.mjs';
import { tableNamer } from '../lib/names.mjs';
import { keyedTable, createTable, dropTables, waitActive } from '../lib/tables.mjs';

const client = makeClient();
const newName = tableNamer('recovery');
const created = [];
const name = (label) => { const n = newName(label); created.push(n); return n; };
after(() => dropTables(client, created));

const skip = differsOn(['dynamodb-local', 'dynalite'], 'no point-in-time recovery (AWS documents it)');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const enable = (TableName, extra = {}) => client.send(new UpdateContinuousBackupsCommand({ TableName,
  PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true, ...extra } }));
const describe = async (TableName) =>
  (await client.send(new DescribeContinuousBackupsCommand({ TableName }))).ContinuousBackupsDescription;
async function restore(params) {
  created.push(params.TargetTableName);
  const out = await client.send(new RestoreTableToPointInTimeCommand(params));
  await waitActive(client, params.TargetTableName, 1200000);
  return out.TableDescription;
}
// Every item of a table, as JSON text, sorted: compared item for item.
const items = async (TableName) => (await client.send(new ScanCommand({ TableName, ConsistentRead: true }))).Items
  .map((i) => JSON.stringify(Object.fromEntries(Object.entries(i).sort()))).sort();

test('DescribeContinuousBackups and UpdateContinuousBackups', { skip }, async () => {
  const TableName = name('settings');
  await createTable(client, keyedTable(TableName));
  assert.deepEqual(await describe(TableName), { ContinuousBackupsStatus: 'ENABLED',
    PointInTimeRecoveryDescription: { PointInTimeRecoveryStatus: 'DISABLED' } });

  const before = Date.now();
  const enabled = (await enable(TableName)).ContinuousBackupsDescription;
  assert.equal(enabled.ContinuousBackupsStatus, 'ENABLED');
  const pitr = enabled.PointInTimeRecoveryDescription;
  assert.equal(pitr.PointInTimeRecoveryStatus, 'ENABLED');
  assert.equal(pitr.RecoveryPeriodInDays, 35);
  assert.ok(pitr.EarliestRestorableDateTime instanceof Date && pitr.LatestRestorableDateTime instanceof Date);
  assert.ok(Math.abs(pitr.EarliestRestorableDateTime.getTime() - before) < 600000);
  assert.ok(pitr.LatestRestorableDateTime >= pitr.EarliestRestorableDateTime);

  const shorter = (await enable(TableName, { RecoveryPeriodInDays: 7 })).ContinuousBackupsDescription;
  assert.equal(shorter.PointInTimeRecoveryDescription.RecoveryPeriodInDays, 7);
  assert.equal(shorter.PointInTimeRecoveryDescription.EarliestRestorableDateTime.getTime(), pitr.EarliestRestorableDateTime.getTime(),
    'enabling again keeps the window');
  assert.equal((await describe(TableName)).PointInTimeRecoveryDescription.RecoveryPeriodInDays, 7);

  const disabled = await client.send(new UpdateContinuousBackupsCommand({ TableName,
    PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: false } }));
  assert.deepEqual(disabled.ContinuousBackupsDescription.PointInTimeRecoveryDescription, { PointInTimeRecoveryStatus: 'DISABLED' });
});

test('continuous backups errors', { skip }, async () => {
  const missing = newName('missing');
  expectError(await rawCall('DescribeContinuousBackups', { TableName: missing }), 'TableNotFoundException', new RegExp(missing));
  expectError(await rawCall('UpdateContinuousBackups', { TableName: missing,
    PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } }), 'TableNotFoundException', new RegExp(missing));
  const TableName = name('errors');
  await createTable(client, keyedTable(TableName));
  for (const days of [0, 36]) {
    expectError(await rawCall('UpdateContinuousBackups', { TableName,
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true, RecoveryPeriodInDays: days } }), 'ValidationException',
    new RegExp(`Value '${days}' at 'pointInTimeRecoverySpecification.recoveryPeriodInDays' failed to satisfy constraint`));
  }
  expectError(await rawCall('UpdateContinuousBackups', { TableName }), 'ValidationException');
  expectError(await rawCall('UpdateContinuousBackups', { TableName, PointInTimeRecoverySpecification: {} }), 'ValidationException',
    /pointInTimeRecoverySpecification.pointInTimeRecoveryEnabled' failed to satisfy constraint: Member must not be null/);

  const target = newName('target');
  expectError(await rawCall('RestoreTableToPointInTime', { SourceTableName: TableName, TargetTableName: target,
    UseLatestRestorableTime: true }), 'PointInTimeRecoveryUnavailableException');
  expectError(await rawCall('RestoreTableToPointInTime', { SourceTableName: missing, TargetTableName: target,
    UseLatestRestorableTime: true }), 'TableNotFoundException');
  await enable(TableName);
  const { EarliestRestorableDateTime } = (await describe(TableName)).PointInTimeRecoveryDescription;
  for (const RestoreDateTime of [EarliestRestorableDateTime.getTime() / 1000 - 3600, Date.now() / 1000 + 3600]) {
    expectError(await rawCall('RestoreTableToPointInTime', { SourceTableName: TableName, TargetTableName: target, RestoreDateTime }),
      'InvalidRestoreTimeException');
  }
  expectError(await rawCall('RestoreTableToPointInTime', { SourceTableName: TableName, TargetTableName: TableName,
    UseLatestRestorableTime: true }), 'TableAlreadyExistsException', new RegExp(TableName));
  expectError(await rawCall('DescribeTable', { TableName: target }), 'ResourceNotFoundException');
});

// The issue's test: write, note the time, change and delete items, restore to the noted
// instant, compare item for item; then restore to the latest time, by the source's ARN.
test('RestoreTableToPointInTime restores the items as they were at that instant', { skip }, async () => {
  const TableName = name('history');
  await createTable(client, keyedTable(TableName, ['pk', 'S'], ['sk', 'N']));
  await enable(TableName);
  const write = (RequestItems) => client.send(new BatchWriteItemCommand({ RequestItems: { [TableName]: RequestItems } }));
  await write(Array.from({ length: 20 }, (_, i) => ({ PutRequest: { Item: { pk: { S: `p${i % 4}` }, sk: { N: String(i) },
    v: { N: String(i * 1.5) }, tags: { SS: ['a', `t${i}`] } } } })));
  await sleep(20);
  const noted = (await describe(TableName)).PointInTimeRecoveryDescription.LatestRestorableDateTime;
  const then = await items(TableName);
  await sleep(20);
  await client.send(new UpdateItemCommand({ TableName, Key: { pk: { S: 'p0' }, sk: { N: '0' } },
    UpdateExpression: 'SET v = :v REMOVE tags', ExpressionAttributeValues: { ':v': { S: 'changed' } } }));
  await client.send(new DeleteItemCommand({ TableName, Key: { pk: { S: 'p1' }, sk: { N: '1' } } }));
  await client.send(new PutItemCommand({ TableName, Item: { pk: { S: 'new' }, sk: { N: '99' } } }));
  const now = await items(TableName);
  assert.notDeepEqual(now, then);

  const TargetTableName = name('then');
  const restored = await restore({ SourceTableName: TableName, TargetTableName, RestoreDateTime: noted });
  assert.equal(restored.TableStatus, 'CREATING');
  assert.equal(restored.RestoreSummary.RestoreDateTime.getTime(), noted.getTime());
  assert.match(restored.RestoreSummary.SourceTableArn, new RegExp(`:table/${TableName}$`));
  assert.equal(restored.RestoreSummary.SourceBackupArn, undefined);
  assert.deepEqual(await items(TargetTableName), then);
  const { Table } = await client.send(new DescribeTableCommand({ TableName: TargetTableName }));
  assert.equal(Table.ItemCount, then.length);
  assert.deepEqual(await describe(TargetTableName), { ContinuousBackupsStatus: 'ENABLED',
    PointInTimeRecoveryDescription: { PointInTimeRecoveryStatus: 'DISABLED' } }, 'a restored table starts without recovery');

  const source = await client.send(new DescribeTableCommand({ TableName }));
  const LatestTableName = name('latest');
  await restore({ SourceTableArn: source.Table.TableArn, TargetTableName: LatestTableName, UseLatestRestorableTime: true });
  assert.deepEqual(await items(LatestTableName), now);
});

// AWS: deleting a table with point-in-time recovery enabled leaves a SYSTEM backup, kept 35
// days, from which the table can be restored.
test('a table deleted with recovery enabled leaves a SYSTEM backup', { skip }, async () => {
  const TableName = name('deleted');
  await createTable(client, keyedTable(TableName));
  await client.send(new PutItemCommand({ TableName, Item: { pk: { S: 'last' } } }));
  await enable(TableName);
  await client.send(new DeleteTableCommand({ TableName }));
  const { BackupSummaries } = await client.send(new ListBackupsCommand({ TableName, BackupType: 'SYSTEM' }));
  assert.equal(BackupSummaries.length, 1);
  const [summary] = BackupSummaries;
  assert.equal(summary.BackupType, 'SYSTEM');
  const days = (summary.BackupExpiryDateTime - summary.BackupCreationDateTime) / 86400000;
  assert.ok(Math.abs(days - 35) < 1, `expires after ${days} days`);
  assert.deepEqual((await client.send(new ListBackupsCommand({ TableName }))).BackupSummaries, [], 'USER backups by default');
  await client.send(new DeleteBackupCommand({ BackupArn: summary.BackupArn }));
});
