// Injected faults (Minnow's /_minnow/faults, docs/admin-api.md): throttling, server errors and
// latency, so that a suite can test its retry paths. DynamoDB Local and dynalite have no fault
// injection: every test here is Minnow-only (skipped on them). The errors' wire forms are
// DynamoDB's as AWS documents them (no reference produces them).
//
// The point of the feature: the SDKs, with their DEFAULT retry settings, retry these errors and
// succeed. The AWS SDK for JavaScript v3 (standard mode, 3 attempts) retries the throttling
// codes and HTTP 500/502/503/504; boto3 (legacy mode by default, 10 attempts for DynamoDB)
// retries the same except RequestLimitExceeded, which only its standard mode retries
// (python/boto3_retries.py checks boto3 and says which mode it found).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { DynamoDBClient, GetItemCommand, PutItemCommand, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { admin } from '../lib/admin.mjs';
import { endpoint } from '../lib/env.mjs';
import { makeClient } from '../lib/client.mjs';
import { differsOn } from '../lib/reference.mjs';
import { tableNamer } from '../lib/names.mjs';
import { keyedTable, createTable, dropTables } from '../lib/tables.mjs';

const MINNOW_ONLY = differsOn(['dynamodb-local', 'dynalite'], 'no fault injection (a Minnow test control)');
const name = tableNamer('faults');

// This file's own namespace, so that its faults touch no other file's requests.
const accessKeyId = `AKIDFAULTS${process.pid}`;
const namespace = encodeURIComponent(`${accessKeyId}/us-east-1`);
const credentials = { accessKeyId, secretAccessKey: 'secret' };
const client = makeClient({ credentials });                                     // no retries
const withDefaults = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials });  // the SDK's defaults
const T = name('t');
const KEY = { pk: { S: 'k' } };

const inject = (rule) => admin('POST', `faults?namespace=${namespace}`, rule);
const clearFaults = () => admin('DELETE', `faults?namespace=${namespace}`);

before(async () => {
  if (MINNOW_ONLY) return;
  await createTable(client, keyedTable(T));
  await client.send(new PutItemCommand({ TableName: T, Item: KEY }));
});
after(async () => {
  if (MINNOW_ONLY) return;
  await clearFaults();
  await dropTables(client, [T]);
});

// Each error as DynamoDB sends it: HTTP status, __type with its namespace, message; and the
// SDK's exception for it.
const ERRORS = [
  ['ProvisionedThroughputExceededException', 400, 'com.amazonaws.dynamodb.v20120810',
    'The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API.'],
  ['ThrottlingException', 400, 'com.amazon.coral.availability', 'Rate of requests exceeds the allowed throughput.'],
  ['RequestLimitExceeded', 400, 'com.amazonaws.dynamodb.v20120810',
    'Throughput exceeds the current throughput limit for your account. Please contact AWS Support at https://aws.amazon.com/support request a limit increase'],
  ['InternalServerError', 500, 'com.amazonaws.dynamodb.v20120810', 'Internal server error'],
  ['ServiceUnavailable', 503, 'com.amazonaws.dynamodb.v20120810', 'DynamoDB is currently unavailable. (This should be a temporary state.)'],
];

for (const [error, status, space, message] of ERRORS) {
  // The wire form, through a raw request.
  test(`injected ${error}: DynamoDB's status, __type and message`, { skip: MINNOW_ONLY }, async (t) => {
    t.after(clearFaults);
    await inject({ error, operation: 'GetItem', table: T });
    const e = await client.send(new GetItemCommand({ TableName: T, Key: KEY })).then(() => null, (x) => x);
    assert.ok(e, 'the call failed');
    assert.equal(e.name, error);
    assert.equal(e.message, message);
    assert.equal(e.$metadata.httpStatusCode, status);
    const raw = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.GetItem',
        'x-amz-date': '20260101T000000Z',
        authorization: `AWS4-HMAC-SHA256 Credential=${accessKeyId}/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0`,
      },
      body: JSON.stringify({ TableName: T, Key: KEY }),
    }).then((r) => r.json());
    assert.deepEqual(raw, { Item: KEY }, 'the fault was used up by one call');
    await inject({ error, operation: 'GetItem', table: T });
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.GetItem',
        'x-amz-date': '20260101T000000Z',
        authorization: `AWS4-HMAC-SHA256 Credential=${accessKeyId}/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0`,
      },
      body: JSON.stringify({ TableName: T, Key: KEY }),
    });
    assert.equal(res.status, status);
    assert.deepEqual(await res.json(), { __type: `${space}#${error}`, message });
  });

  // The SDK's default retry strategy retries it and the call succeeds on the third attempt.
  test(`the JavaScript SDK's default retries get through two ${error}s`, { skip: MINNOW_ONLY }, async (t) => {
    t.after(clearFaults);
    await inject({ error, operation: 'GetItem', table: T, count: 2 });
    const out = await withDefaults.send(new GetItemCommand({ TableName: T, Key: KEY }));
    assert.deepEqual(out.Item, KEY);
    assert.equal(out.$metadata.attempts, 3);
    assert.deepEqual((await admin('GET', `faults?namespace=${namespace}`)).faults, [], 'both failures were used');
  });
}

// ReplicatedWriteConflictException (a global table of strong consistency's write meeting another
// region's): only PutItem, UpdateItem, DeleteItem and BatchWriteItem can meet it (AWS's API
// reference), so a rule for it matches no other operation. The SDK models it as retryable.
test('injected ReplicatedWriteConflictException fails writes only, and the SDK retries it', { skip: MINNOW_ONLY }, async (t) => {
  t.after(clearFaults);
  await inject({ error: 'ReplicatedWriteConflictException', table: T });
  assert.deepEqual((await client.send(new GetItemCommand({ TableName: T, Key: KEY }))).Item, KEY);
  const e = await client.send(new PutItemCommand({ TableName: T, Item: { ...KEY, v: { S: 'x' } } }))
    .then(() => null, (x) => x);
  assert.ok(e, 'the write failed');
  assert.equal(e.name, 'ReplicatedWriteConflictException');
  assert.equal(e.message,
    'The request was rejected because one or more items in the request are being modified by a request in another Region.');
  assert.equal(e.$metadata.httpStatusCode, 400);
  assert.deepEqual((await client.send(new GetItemCommand({ TableName: T, Key: KEY }))).Item, KEY, 'nothing written');

  await inject({ error: 'ReplicatedWriteConflictException', operation: 'PutItem', table: T });
  const out = await withDefaults.send(new PutItemCommand({ TableName: T, Item: KEY }));
  assert.equal(out.$metadata.attempts, 2);
});

// boto3, with its defaults, against the same faults (a Python script; skipped without boto3).
test('boto3\'s default retries get through injected throttling and 5xx', { skip: MINNOW_ONLY }, async (t) => {
  const script = new URL('../python/boto3_retries.py', import.meta.url).pathname;
  const env = { ...process.env, DYNAMODB_ENDPOINT: endpoint };
  delete env.AWS_RETRY_MODE;  // the defaults, not the environment's
  delete env.AWS_MAX_ATTEMPTS;
  const result = await new Promise((resolve) => {
    execFile('python3', [script, T, accessKeyId], { env, timeout: 120000 }, (err, stdout, stderr) =>
      resolve({ code: err ? (err.code ?? 1) : 0, stdout, stderr }));
  });
  if (result.code === 2 || result.code === 'ENOENT') return t.skip(`no python3 with boto3: ${result.stderr.trim()}`);
  for (const line of result.stdout.trim().split('\n')) t.diagnostic(line);
  assert.equal(result.code, 0, `${result.stdout}${result.stderr}`);
  assert.equal(result.stdout.trim().split('\n').length, 1 + ERRORS.length);
});

// Latency: the answer comes late, and the request was carried out.
test('injected latency delays the answer of a request that still succeeds', { skip: MINNOW_ONLY }, async (t) => {
  t.after(clearFaults);
  await inject({ operation: 'PutItem', table: T, latencyMs: 400 });
  const started = Date.now();
  await client.send(new PutItemCommand({ TableName: T, Item: { pk: { S: 'late' } } }));
  assert.ok(Date.now() - started >= 400, `answered after ${Date.now() - started} ms`);
  assert.deepEqual((await client.send(new GetItemCommand({ TableName: T, Key: { pk: { S: 'late' } } }))).Item,
    { pk: { S: 'late' } });
});

// A fault on an item fails only the calls naming that item (a PutItem's Item names its key).
test('a fault on one item leaves the others alone', { skip: MINNOW_ONLY }, async (t) => {
  t.after(clearFaults);
  await inject({ error: 'InternalServerError', table: T, key: { pk: { S: 'hot' } }, count: 5 });
  await client.send(new PutItemCommand({ TableName: T, Item: { pk: { S: 'cold' }, n: { N: '1' } } }));
  await assert.rejects(client.send(new PutItemCommand({ TableName: T, Item: { pk: { S: 'hot' }, n: { N: '1' } } })),
    { name: 'InternalServerError' });
  await assert.rejects(client.send(new GetItemCommand({ TableName: T, Key: { pk: { S: 'hot' } } })),
    { name: 'InternalServerError' });
  const [rule] = (await admin('GET', `faults?namespace=${namespace}`)).faults;
  assert.equal(rule.count, 3);
  assert.equal(rule.fired, 2);
});

// A fraction of calls, drawn from a seeded generator: the same calls fail on every run.
test('a seeded fraction of calls fails, the same ones each time', { skip: MINNOW_ONLY }, async (t) => {
  t.after(clearFaults);
  const pattern = async () => {
    await inject({ error: 'ThrottlingException', operation: 'ListTables', probability: 0.5, seed: 1234 });
    let seen = '';
    for (let i = 0; i < 24; i++) {
      seen += await client.send(new ListTablesCommand({ Limit: 1 })).then(() => '.', (e) => (e.name === 'ThrottlingException' ? 'x' : '?'));
    }
    await clearFaults();
    return seen;
  };
  const first = await pattern();
  assert.equal(await pattern(), first);
  assert.match(first, /x/);
  assert.match(first, /\./);
  assert.doesNotMatch(first, /\?/);
});

// Faults aimed at one namespace do not touch another worker's requests.
test('faults aimed at a namespace leave other namespaces alone', { skip: MINNOW_ONLY }, async (t) => {
  t.after(clearFaults);
  await inject({ error: 'ServiceUnavailable', operation: 'ListTables', count: 1 });
  const other = makeClient({ credentials: { accessKeyId: `${accessKeyId}OTHER`, secretAccessKey: 'secret' } });
  await other.send(new ListTablesCommand({}));
  await assert.rejects(client.send(new ListTablesCommand({})), { name: 'ServiceUnavailable' });
});
