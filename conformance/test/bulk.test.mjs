// Bulk loads from the local S3 stand-in: StartBulkPutItems, DescribeBulkOperation,
// ListBulkOperations, CancelBulkOperation.
//
// References: neither DynamoDB Local nor dynalite has bulk operations, so these tests follow
// AWS's API reference (../shared/reference/aws-api/). The SDK installed here predates these
// operations, so the tests send them raw (lib/http.mjs). They need a Minnow started with
// --s3-dir DIR and MINNOW_S3_DIR=DIR (scripts/test runs them so); otherwise they are skipped.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { makeClient } from '../lib/client.mjs';
import { rawCall, expectOk, expectError } from '../lib/http.mjs';
import { differsOn } from '../lib/reference.mjs';
import { tableNamer } from '../lib/names.mjs';
import { keyedTable, createTable, dropTables } from '../lib/tables.mjs';

const client = makeClient();
const newName = tableNamer('bulk');
const created = [];
const s3Dir = process.env.MINNOW_S3_DIR;
const bucket = `bulk-${process.pid}`;
after(async () => {
  await dropTables(client, created);
  if (s3Dir) fs.rmSync(path.join(s3Dir, bucket), { recursive: true, force: true });
});
const skip = !s3Dir ? 'needs MINNOW_S3_DIR (a Minnow started with --s3-dir)'
  : differsOn(['dynamodb-local', 'dynalite'], 'no bulk operations (AWS documents them)');

function put(key, bytes) {
  const file = path.join(s3Dir, bucket, key);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
}
async function finished(BulkOperationArn) {
  for (let i = 0; i < 600; i++) {
    const { BulkOperationDescription } = expectOk(await rawCall('DescribeBulkOperation', { BulkOperationArn }));
    if (!['IN_PROGRESS', 'CANCELLING'].includes(BulkOperationDescription.BulkOperationStatus)) return BulkOperationDescription;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`bulk operation ${BulkOperationArn} still in progress`);
}

test('StartBulkPutItems loads the items, counts the failed ones and reports them', { skip }, async () => {
  const TableName = newName('load');
  created.push(TableName);
  await createTable(client, keyedTable(TableName));
  const lines = [];
  for (let i = 0; i < 500; i++) lines.push(JSON.stringify({ Item: { pk: { S: `k${i}` }, n: { N: `${i}` } } }));
  lines.push('{"Item":{"n":{"N":"1"}}}');
  put('in/part-1.json.gz', zlib.gzipSync(lines.join('\n')));
  const start = expectOk(await rawCall('StartBulkPutItems', {
    TableName,
    InputS3Configuration: { S3Bucket: bucket, S3KeyPrefix: 'in/', InputFormat: 'DYNAMODB_JSON', InputCompressionType: 'GZIP' },
    OutputS3Configuration: { S3Bucket: bucket, S3KeyPrefix: 'reports', OutputType: ['ERROR'] },
  }));
  assert.equal(start.BulkOperationDescription.BulkOperationStatus, 'IN_PROGRESS');
  const done = await finished(start.BulkOperationDescription.BulkOperationArn);
  assert.equal(done.BulkOperationStatus, 'COMPLETED_WITH_ERRORS');
  assert.equal(done.ProcessedItemCount, 501);
  assert.equal(done.FailedItemCount, 1);
  assert.equal(done.TableDetails[0].TableName, TableName);
  const { Count } = await client.send(new ScanCommand({ TableName, Select: 'COUNT' }));
  assert.equal(Count, 500);
  const id = done.BulkOperationArn.split('/').pop();
  const errors = fs.readFileSync(path.join(s3Dir, bucket, `reports/AWSDynamoDB/BulkOperations/${id}/errors.json`), 'utf8');
  assert.equal(errors.trim().split('\n').length, 1);
  assert.equal(JSON.parse(errors).itemS3Pointer.itemIndex, 501);

  const listed = expectOk(await rawCall('ListBulkOperations', { MaxResults: 1 }));
  assert.equal(listed.BulkOperationsSummaryList[0].BulkOperationArn, done.BulkOperationArn);
  expectError(await rawCall('CancelBulkOperation', { BulkOperationArn: done.BulkOperationArn }), 'ValidationException');
});

test('errors: an unknown table or operation, MaxWriteRequestUnits under 1024', { skip }, async () => {
  const config = {
    InputS3Configuration: { S3Bucket: bucket, InputFormat: 'ION' }, OutputS3Configuration: { OutputType: ['ERROR'] },
  };
  expectError(await rawCall('StartBulkPutItems', { TableName: newName('missing'), ...config }), 'ResourceNotFoundException');
  expectError(await rawCall('DescribeBulkOperation', { BulkOperationArn: 'arn:aws:dynamodb:us-east-1:000000000000:bulk-operation/none' }),
    'ResourceNotFoundException');
  const TableName = newName('units');
  created.push(TableName);
  await createTable(client, keyedTable(TableName));
  expectError(await rawCall('StartBulkPutItems', { TableName, MaxWriteRequestUnits: 100, ...config }), 'ValidationException');
});
