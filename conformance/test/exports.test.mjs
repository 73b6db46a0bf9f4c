// Exports to the local S3 stand-in: ExportTableToPointInTime, DescribeExport, ListExports.
//
// References: neither DynamoDB Local ("An unknown operation was requested.") nor dynalite has
// exports, so these tests follow AWS's API reference (../shared/reference/aws-api/) and
// DynamoDB's documented export format (AWSDynamoDB/<export id>/manifest-summary.json,
// manifest-files.json, gzip-compressed data files of one {"Item":...} a line). They need a
// Minnow started with --s3-dir DIR and MINNOW_S3_DIR=DIR (scripts/test runs them so); otherwise
// they are skipped.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  ExportTableToPointInTimeCommand, DescribeExportCommand, ListExportsCommand, UpdateContinuousBackupsCommand,
  PutItemCommand,
} from '@aws-sdk/client-dynamodb';
import { makeClient } from '../lib/client.mjs';
import { differsOn } from '../lib/reference.mjs';
import { tableNamer } from '../lib/names.mjs';
import { keyedTable, createTable, dropTables } from '../lib/tables.mjs';

const client = makeClient();
const newName = tableNamer('exports');
const created = [];
const s3Dir = process.env.MINNOW_S3_DIR;
const bucket = `exports-${process.pid}`;
after(async () => {
  await dropTables(client, created);
  if (s3Dir) fs.rmSync(path.join(s3Dir, bucket), { recursive: true, force: true });
});
const skip = !s3Dir ? 'needs MINNOW_S3_DIR (a Minnow started with --s3-dir)'
  : differsOn(['dynamodb-local', 'dynalite'], 'no exports (AWS documents them)');

async function sourceTable(label) {
  const TableName = newName(label);
  created.push(TableName);
  const { TableDescription } = await createTable(client, keyedTable(TableName, ['pk', 'S'], ['sk', 'N']));
  await client.send(new UpdateContinuousBackupsCommand({
    TableName, PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
  }));
  return TableDescription;
}
const object = (key) => fs.readFileSync(path.join(s3Dir, bucket, key));
async function completed(ExportArn) {
  for (let i = 0; i < 600; i++) {
    const { ExportDescription } = await client.send(new DescribeExportCommand({ ExportArn }));
    if (ExportDescription.ExportStatus !== 'IN_PROGRESS') return ExportDescription;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`export ${ExportArn} still IN_PROGRESS`);
}

test('a full export writes DynamoDB\'s layout and the items', { skip }, async () => {
  fs.mkdirSync(path.join(s3Dir, bucket), { recursive: true });
  const table = await sourceTable('full');
  for (let i = 0; i < 3; i++) {
    await client.send(new PutItemCommand({
      TableName: table.TableName, Item: { pk: { S: `p${i}` }, sk: { N: `${i}` }, n: { N: '1.50' }, b: { B: Buffer.from([0, 1]) } },
    }));
  }
  const start = await client.send(new ExportTableToPointInTimeCommand({
    TableArn: table.TableArn, S3Bucket: bucket, S3Prefix: 'nightly',
  }));
  assert.equal(start.ExportDescription.ExportStatus, 'IN_PROGRESS');
  assert.match(start.ExportDescription.ExportArn, /\/export\/\d{14}-[0-9a-f]{8}$/);
  const done = await completed(start.ExportDescription.ExportArn);
  assert.equal(done.ExportStatus, 'COMPLETED');
  assert.equal(done.ItemCount, 3);
  assert.equal(done.ExportFormat, 'DYNAMODB_JSON');
  const id = done.ExportArn.split('/').pop();
  assert.equal(done.ExportManifest, `nightly/AWSDynamoDB/${id}/manifest-summary.json`);

  const summary = JSON.parse(object(done.ExportManifest));
  assert.equal(summary.version, '2020-06-30');
  assert.equal(summary.exportArn, done.ExportArn);
  assert.equal(summary.itemCount, 3);
  assert.equal(summary.outputFormat, 'DYNAMODB_JSON');
  assert.equal(summary.exportType, 'FULL_EXPORT');
  const lines = [];
  for (const entry of object(summary.manifestFilesS3Key).toString().trim().split('\n').map(JSON.parse)) {
    assert.match(entry.dataFileS3Key, new RegExp(`^nightly/AWSDynamoDB/${id}/data/[a-z2-7]{26}\\.json\\.gz$`));
    const data = zlib.gunzipSync(object(entry.dataFileS3Key)).toString().trim().split('\n');
    assert.equal(data.length, entry.itemCount);
    lines.push(...data);
  }
  assert.deepEqual(lines.map(JSON.parse).sort((a, b) => a.Item.pk.S.localeCompare(b.Item.pk.S)), [0, 1, 2].map((i) => ({
    Item: { pk: { S: `p${i}` }, sk: { N: `${i}` }, n: { N: '1.5' }, b: { B: 'AAE=' } },
  })));

  const { ExportSummaries } = await client.send(new ListExportsCommand({ TableArn: table.TableArn }));
  assert.deepEqual(ExportSummaries, [{ ExportArn: done.ExportArn, ExportStatus: 'COMPLETED', ExportType: 'FULL_EXPORT' }]);
});

test('an export to a bucket that does not exist FAILS with S3NoSuchBucket', { skip }, async () => {
  const table = await sourceTable('nobucket');
  const start = await client.send(new ExportTableToPointInTimeCommand({
    TableArn: table.TableArn, S3Bucket: 'minnow-no-such-bucket',
  }));
  const done = await completed(start.ExportDescription.ExportArn);
  assert.equal(done.ExportStatus, 'FAILED');
  assert.equal(done.FailureCode, 'S3NoSuchBucket');
});

test('errors: recovery off, an unknown export', { skip }, async () => {
  const TableName = newName('norecovery');
  created.push(TableName);
  const { TableDescription } = await createTable(client, keyedTable(TableName));
  await assert.rejects(client.send(new ExportTableToPointInTimeCommand({ TableArn: TableDescription.TableArn, S3Bucket: bucket })),
    { name: 'PointInTimeRecoveryUnavailableException' });
  await assert.rejects(client.send(new DescribeExportCommand({ ExportArn: `${TableDescription.TableArn}/export/01796018400000-00000000` })),
    { name: 'ExportNotFoundException' });
});
