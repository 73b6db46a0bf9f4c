// Imports from the local S3 stand-in: ImportTable, DescribeImport, ListImports, and the round
// trip export -> import that gives back the same items.
//
// References: neither DynamoDB Local ("An unknown operation was requested.") nor dynalite has
// imports, so these tests follow AWS's API reference (../shared/reference/aws-api/) and
// DynamoDB's documented formats (DYNAMODB_JSON lines, CSV with a header). They need a Minnow
// started with --s3-dir DIR and MINNOW_S3_DIR=DIR (scripts/test runs them so); otherwise they
// are skipped.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  ImportTableCommand, DescribeImportCommand, ListImportsCommand, ExportTableToPointInTimeCommand, DescribeExportCommand,
  UpdateContinuousBackupsCommand, PutItemCommand, ScanCommand,
} from '@aws-sdk/client-dynamodb';
import { makeClient } from '../lib/client.mjs';
import { differsOn } from '../lib/reference.mjs';
import { tableNamer } from '../lib/names.mjs';
import { keyedTable, createTable, dropTables, waitActive } from '../lib/tables.mjs';

const client = makeClient();
const newName = tableNamer('imports');
const created = [];
const s3Dir = process.env.MINNOW_S3_DIR;
const bucket = `imports-${process.pid}`;
after(async () => {
  await dropTables(client, created);
  if (s3Dir) fs.rmSync(path.join(s3Dir, bucket), { recursive: true, force: true });
});
const skip = !s3Dir ? 'needs MINNOW_S3_DIR (a Minnow started with --s3-dir)'
  : differsOn(['dynamodb-local', 'dynalite'], 'no imports (AWS documents them)');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function put(key, bytes) {
  const file = path.join(s3Dir, bucket, key);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
}
async function finished(ImportArn) {
  for (let i = 0; i < 600; i++) {
    const { ImportTableDescription } = await client.send(new DescribeImportCommand({ ImportArn }));
    if (ImportTableDescription.ImportStatus !== 'IN_PROGRESS') return ImportTableDescription;
    await sleep(1000);
  }
  throw new Error(`import ${ImportArn} still IN_PROGRESS`);
}
async function importTable(TableName, S3KeyPrefix, InputFormat, extra = {}) {
  created.push(TableName);
  const out = await client.send(new ImportTableCommand({
    S3BucketSource: { S3Bucket: bucket, S3KeyPrefix }, InputFormat, ...extra,
    TableCreationParameters: {
      TableName, BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    },
  }));
  assert.equal(out.ImportTableDescription.ImportStatus, 'IN_PROGRESS');
  const done = await finished(out.ImportTableDescription.ImportArn);
  await waitActive(client, TableName);
  return done;
}
const scan = async (TableName) => (await client.send(new ScanCommand({ TableName }))).Items
  .sort((a, b) => a.pk.S.localeCompare(b.pk.S));

test('a GZIP DYNAMODB_JSON import counts items and errors', { skip }, async () => {
  put('json/part.json.gz', zlib.gzipSync([
    '{"Item":{"pk":{"S":"a"},"n":{"N":"1.50"}}}', 'broken', '{"Item":{"other":{"S":"no key"}}}', '{"Item":{"pk":{"S":"b"}}}',
  ].join('\n')));
  const done = await importTable(newName('json'), 'json/', 'DYNAMODB_JSON', { InputCompressionType: 'GZIP' });
  assert.equal(done.ImportStatus, 'COMPLETED');
  assert.equal(done.ProcessedItemCount, 4);
  assert.equal(done.ImportedItemCount, 2);
  assert.equal(done.ErrorCount, 2);
  assert.deepEqual(await scan(done.TableCreationParameters.TableName), [{ pk: { S: 'a' }, n: { N: '1.5' } }, { pk: { S: 'b' } }]);
  const { ImportSummaryList } = await client.send(new ListImportsCommand({ TableArn: done.TableArn }));
  assert.equal(ImportSummaryList.length, 1);
  assert.equal(ImportSummaryList[0].ImportArn, done.ImportArn);
});

test('a CSV import with a header line', { skip }, async () => {
  put('csv/items.csv', 'pk,city\nx,"Paris, France"\ny,\n');
  const done = await importTable(newName('csv'), 'csv/', 'CSV');
  assert.equal(done.ImportedItemCount, 2);
  assert.deepEqual(await scan(done.TableCreationParameters.TableName), [{ pk: { S: 'x' }, city: { S: 'Paris, France' } }, { pk: { S: 'y' } }]);
});

test('export then import gives back the same items', { skip }, async () => {
  fs.mkdirSync(path.join(s3Dir, bucket), { recursive: true });
  const source = newName('source');
  created.push(source);
  const { TableDescription } = await createTable(client, keyedTable(source));
  await client.send(new UpdateContinuousBackupsCommand({
    TableName: source, PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
  }));
  for (let i = 0; i < 20; i++) {
    await client.send(new PutItemCommand({
      TableName: source,
      Item: { pk: { S: `k${i}` }, n: { N: `${i}.50` }, b: { B: Buffer.from([i]) }, ss: { SS: ['a', `${i}`] }, m: { M: { l: { L: [{ NULL: true }] } } } },
    }));
  }
  for (const ExportFormat of ['DYNAMODB_JSON', 'ION']) {
    const start = await client.send(new ExportTableToPointInTimeCommand({ TableArn: TableDescription.TableArn, S3Bucket: bucket, ExportFormat }));
    let exported;
    for (;;) {
      ({ ExportDescription: exported } = await client.send(new DescribeExportCommand({ ExportArn: start.ExportDescription.ExportArn })));
      if (exported.ExportStatus !== 'IN_PROGRESS') break;
      await sleep(1000);
    }
    assert.equal(exported.ExportStatus, 'COMPLETED');
    const id = exported.ExportArn.split('/').pop();
    const done = await importTable(newName(`copy-${ExportFormat}`), `AWSDynamoDB/${id}/data/`, ExportFormat, { InputCompressionType: 'GZIP' });
    assert.equal(done.ImportedItemCount, 20);
    assert.equal(done.ErrorCount, 0);
    assert.deepEqual(await scan(done.TableCreationParameters.TableName), await scan(source));
  }
});

test('an import from a bucket that does not exist FAILS', { skip }, async () => {
  const TableName = newName('nobucket');
  const out = await client.send(new ImportTableCommand({
    S3BucketSource: { S3Bucket: 'minnow-no-such-bucket' }, InputFormat: 'DYNAMODB_JSON',
    TableCreationParameters: { TableName, AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }], KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }], BillingMode: 'PAY_PER_REQUEST' },
  }));
  const done = await finished(out.ImportTableDescription.ImportArn);
  assert.equal(done.ImportStatus, 'FAILED');
  assert.equal(done.FailureCode, 'S3NoSuchBucket');
  await assert.rejects(client.send(new DescribeImportCommand({ ImportArn: `${done.TableArn}/import/01796018400000-00000000` })),
    { name: 'ImportNotFoundException' });
});
