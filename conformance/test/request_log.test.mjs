// The request log Minnow keeps of recent requests, read through GET /_minnow/requests
// (docs/admin-api.md): one entry per request with its id, namespace, operation, table, status,
// error type and duration. No reference has it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rawCall, expectOk } from '../lib/http.mjs';
import { admin } from '../lib/admin.mjs';
import { differsOn } from '../lib/reference.mjs';
import { credentials, endpoint, sharedDb } from '../lib/env.mjs';
import { tableNamer } from '../lib/names.mjs';

const MINNOW_ONLY = differsOn(['dynamodb-local', 'dynalite'], 'no request log');
const tableName = tableNamer('requestlog');

// A namespace of this test's own, so that other tests' requests do not interleave.
const accessKeyId = `AKIDLOG${process.pid}`;
const signing = { credentials: { ...credentials, accessKeyId } };
const namespace = sharedDb ? 'shared' : `${accessKeyId}/us-east-1`;
// An `after` beyond the newest entry reads nothing and answers the newest sequence: where a
// tail from now starts.
const newest = async () => (await admin('GET', 'requests?after=999999999999')).last;

test('each request is recorded with its id, namespace, operation, table, status and error type', { skip: MINNOW_ONLY }, async () => {
  const start = await newest();
  const table = tableName('missing');
  const missing = await rawCall('DescribeTable', { TableName: table }, { signing });
  assert.equal(missing.status, 400);
  const listed = await rawCall('ListTables', {}, { signing });
  expectOk(listed);
  const page = await admin('GET', `requests?after=${start}&namespace=${encodeURIComponent(namespace)}`);
  assert.equal(page.requests.length, 2);
  const [describe, list] = page.requests;
  assert.equal(describe.requestId, missing.headers.get('x-amzn-requestid'));
  assert.equal(describe.namespace, namespace);
  assert.equal(describe.operation, 'DescribeTable');
  assert.equal(describe.table, table);
  assert.equal(describe.status, 400);
  assert.equal(describe.errorType, 'ResourceNotFoundException');
  assert.equal(typeof describe.durationMs, 'number');
  assert.ok(describe.durationMs >= 0);
  assert.match(describe.time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  assert.ok(describe.sequence < list.sequence);
  assert.deepEqual([list.operation, list.table, list.status, list.errorType], ['ListTables', '', 200, '']);
  assert.equal(page.last, list.sequence);
});

test('paging: after and limit; the reads of the log are not recorded', { skip: MINNOW_ONLY }, async () => {
  const start = await newest();
  for (let i = 0; i < 3; i++) expectOk(await rawCall('ListTables', {}, { signing }));
  const first = await admin('GET', `requests?after=${start}&limit=2&namespace=${encodeURIComponent(namespace)}`);
  assert.equal(first.requests.length, 2);
  const rest = await admin('GET', `requests?after=${first.last}&namespace=${encodeURIComponent(namespace)}`);
  assert.equal(rest.requests.length, 1);
  assert.equal(rest.requests[0].sequence, first.requests[1].sequence + 1);
  const again = await admin('GET', `requests?after=${rest.last}`);
  assert.ok(again.requests.every((r) => !r.operation.includes('/_minnow/requests')));
});

test('requests that are no operation are recorded by method and path', { skip: MINNOW_ONLY }, async () => {
  const start = await newest();
  const health = await fetch(`${endpoint}/`);
  assert.equal(health.status, 200);
  const page = await admin('GET', `requests?after=${start}`);
  const entry = page.requests.find((r) => r.requestId === health.headers.get('x-amzn-requestid'));
  assert.ok(entry, 'the health check is recorded');
  assert.equal(entry.operation, 'GET /');
  assert.equal(entry.status, 200);
});

test('bad paging parameters are the test controls\' ValidationException', { skip: MINNOW_ONLY }, async () => {
  for (const query of ['limit=0', 'limit=1001', 'after=-1', 'after=x']) {
    const res = await fetch(`${endpoint}/_minnow/requests?${query}`, { headers: { 'x-minnow-admin': '1' } });
    assert.equal(res.status, 400, query);
    assert.match((await res.json()).message, /^Invalid \/_minnow call: /);
  }
});
