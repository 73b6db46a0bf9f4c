// SigV4: the checks DynamoDB makes on every request before it looks at a secret (texts as
// dynalite recorded them from DynamoDB), then, against a Minnow started with
// --verify-signatures, verification with real SDK clients: right and wrong secrets, unknown
// keys, clock skew, tampered bodies and presigned (query-string) requests.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ListTablesCommand, CreateTableCommand, DeleteTableCommand, PutItemCommand, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { makeClient } from '../lib/client.mjs';
import { rawCall, expectError, expectOk } from '../lib/http.mjs';
import { differsOn } from '../lib/reference.mjs';
import { credentials, verifyingEndpoint } from '../lib/env.mjs';
import { tableNamer } from '../lib/names.mjs';

const tableName = tableNamer('signatures');

const LOCAL_ACCEPTS = 'DynamoDB Local checks no more than the presence of an AWS4 Authorization header';
const LOCAL_500 = 'DynamoDB Local answers HTTP 500 InternalFailure';

test('a bare "AWS4-" header is IncompleteSignatureException listing what is missing',
  { skip: differsOn('dynamodb-local', LOCAL_500) }, async () => {
    const res = await rawCall('ListTables', {}, { sign: false, headers: { authorization: 'AWS4-' } });
    expectError(res, 'IncompleteSignatureException',
      "Authorization header requires 'Credential' parameter. Authorization header requires 'Signature' parameter. " +
      "Authorization header requires 'SignedHeaders' parameter. Authorization header requires existence of either " +
      "a 'X-Amz-Date' or a 'Date' header. Authorization=AWS4-");
  });

test('a header with a Credential only is IncompleteSignatureException', { skip: differsOn('dynamodb-local', LOCAL_ACCEPTS) }, async () => {
  const res = await rawCall('ListTables', {}, {
    sign: false,
    headers: { authorization: 'AWS4-HMAC-SHA256 Credential=a/b/c/d/e', 'x-amz-date': '20260101T000000Z' },
  });
  expectError(res, 'IncompleteSignatureException',
    "Authorization header requires 'Signature' parameter. Authorization header requires 'SignedHeaders' parameter. " +
    'Authorization=AWS4-HMAC-SHA256 Credential=a/b/c/d/e');
});

test('a pair without "=" is IncompleteSignatureException naming it', {
  skip: differsOn(['dynamodb-local', 'dynalite'], 'dynalite lists missing parameters instead (its TODO quotes ' +
    "DynamoDB's message); DynamoDB Local accepts the header"),
}, async () => {
  const header = 'AWS4-HMAC-SHA256 Signature=b,    Credential,    SignedHeaders';
  const res = await rawCall('ListTables', {}, { sign: false, headers: { authorization: header, 'x-amz-date': '20260101T000000Z' } });
  expectError(res, 'IncompleteSignatureException',
    `'Credential' not a valid key=value pair (missing equal-sign) in Authorization header: '${header}'.`);
});

test('an incomplete presigned query string is IncompleteSignatureException',
  { skip: differsOn('dynamodb-local', 'DynamoDB Local answers MissingAuthenticationToken') }, async () => {
    const res = await rawCall('ListTables', {}, { sign: false, query: 'X-Amz-Algorithm=AWS4-HMAC-SHA256' });
    expectError(res, 'IncompleteSignatureException',
      "AWS query-string parameters must include 'X-Amz-Credential'. AWS query-string parameters must include " +
      "'X-Amz-Signature'. AWS query-string parameters must include 'X-Amz-SignedHeaders'. AWS query-string " +
      "parameters must include 'X-Amz-Date'. Re-examine the query-string parameters.");
  });

test('a signature in both the query string and the header is InvalidSignatureException',
  { skip: differsOn('dynamodb-local', LOCAL_ACCEPTS) }, async () => {
    const res = await rawCall('ListTables', {}, { query: 'X-Amz-Algorithm=AWS4-HMAC-SHA256' });
    expectError(res, 'InvalidSignatureException',
      "Found both 'X-Amz-Algorithm' as a query-string param and 'Authorization' as HTTP header.");
  });

test('a presigned request is served', {
  skip: differsOn('dynamodb-local', 'DynamoDB Local wants an Authorization header (MissingAuthenticationToken)'),
}, async () => {
  const res = await rawCall('ListTables', {}, { signing: { presign: true } });
  assert.ok(Array.isArray(expectOk(res).TableNames));
});

// ---- Verification (--verify-signatures) -------------------------------------------------------
const NO_VERIFIER = verifyingEndpoint ? false
  : 'needs MINNOW_VERIFYING_ENDPOINT or MINNOW_VERIFIES_SIGNATURES=1 (a Minnow with --verify-signatures; scripts/test ' +
    'starts one): no reference verifies signatures';
const verifying = (overrides = {}) => makeClient({ endpoint: verifyingEndpoint, ...overrides });
const wrongSecret = { accessKeyId: credentials.accessKeyId, secretAccessKey: 'not-the-secret' };

test('verified: the SDK with the right secret is served, reads and writes', { skip: NO_VERIFIER }, async () => {
  const client = verifying();
  const table = tableName('verified');
  await client.send(new CreateTableCommand({
    TableName: table, BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
  }));
  try {
    await client.send(new PutItemCommand({ TableName: table, Item: { pk: { S: 'a' }, v: { S: 'é ∑ 🐟' } } }));
    const out = await client.send(new GetItemCommand({ TableName: table, Key: { pk: { S: 'a' } } }));
    assert.equal(out.Item.v.S, 'é ∑ 🐟');
  } finally {
    await client.send(new DeleteTableCommand({ TableName: table }));
  }
});

test('verified: a wrong secret is InvalidSignatureException', { skip: NO_VERIFIER }, async () => {
  await assert.rejects(verifying({ credentials: wrongSecret }).send(new ListTablesCommand({})), (e) => {
    assert.equal(e.name, 'InvalidSignatureException');
    assert.equal(e.$metadata.httpStatusCode, 400);
    assert.match(e.message, /^The request signature we calculated does not match the signature you provided\./);
    return true;
  });
});

test('verified: an unknown access key is UnrecognizedClientException', { skip: NO_VERIFIER }, async () => {
  const client = verifying({ credentials: { accessKeyId: 'AKIDNOBODYKNOWS', secretAccessKey: 'x' } });
  await assert.rejects(client.send(new ListTablesCommand({})), (e) => {
    assert.equal(e.name, 'UnrecognizedClientException');
    assert.equal(e.message, 'The security token included in the request is invalid.');
    return true;
  });
});

test('verified: a body changed after signing is InvalidSignatureException', { skip: NO_VERIFIER }, async () => {
  const res = await rawCall('ListTables', { Limit: 5 }, { endpoint: verifyingEndpoint, signedBody: '{"Limit":6}' });
  expectError(res, 'InvalidSignatureException');
  assert.match(res.message, /The Canonical String for this request should have been\n'POST\n\/\n/);
});

test('verified: a signature 20 minutes old is expired, one 20 minutes ahead not yet current', { skip: NO_VERIFIER }, async () => {
  const old = await rawCall('ListTables', {}, { endpoint: verifyingEndpoint, signing: { date: new Date(Date.now() - 20 * 60e3) } });
  expectError(old, 'InvalidSignatureException');
  assert.match(old.message, /^Signature expired: \d{8}T\d{6}Z is now earlier than \d{8}T\d{6}Z \(\d{8}T\d{6}Z - 15 min\.\)$/);
  const ahead = await rawCall('ListTables', {}, { endpoint: verifyingEndpoint, signing: { date: new Date(Date.now() + 20 * 60e3) } });
  expectError(ahead, 'InvalidSignatureException');
  assert.match(ahead.message, /^Signature not yet current: \d{8}T\d{6}Z is still later than \d{8}T\d{6}Z \(\d{8}T\d{6}Z \+ 15 min\.\)$/);
});

// The SDK corrects its clock from the Date header of a skew error and retries: that needs the
// error and the header to be DynamoDB's.
test('verified: an SDK whose clock is 20 minutes off corrects it from the Date header and succeeds', { skip: NO_VERIFIER }, async () => {
  const client = verifying({ maxAttempts: 3, systemClockOffset: -20 * 60e3 });
  const out = await client.send(new ListTablesCommand({}));
  assert.ok(Array.isArray(out.TableNames));
  assert.ok(out.$metadata.attempts >= 2, `attempts: ${out.$metadata.attempts}`);
});

test('verified: presigned requests, right and wrong', { skip: NO_VERIFIER }, async () => {
  const ok = await rawCall('ListTables', {}, { endpoint: verifyingEndpoint, signing: { presign: true } });
  assert.ok(Array.isArray(expectOk(ok).TableNames));
  const wrong = await rawCall('ListTables', {}, { endpoint: verifyingEndpoint, signing: { presign: true, credentials: wrongSecret } });
  expectError(wrong, 'InvalidSignatureException');
});

test('verified: the health check and unsigned requests need no secret', { skip: NO_VERIFIER }, async () => {
  const health = await rawCall(null, null, { method: 'GET', endpoint: verifyingEndpoint });
  assert.equal(health.status, 200);
  const unsigned = await rawCall('ListTables', {}, { endpoint: verifyingEndpoint, sign: false });
  expectError(unsigned, 'MissingAuthenticationTokenException', 'Request is missing Authentication Token');
});

// boto3 (Debian's python3-boto3) against the same server: conformance/python/signatures.py.
const python = ['python3', '/usr/bin/python3'].find((p) => spawnSync(p, ['-c', 'import boto3']).status === 0);
test('verified: boto3 with right and wrong secrets, unknown keys and a slow clock',
  { skip: NO_VERIFIER || (python ? false : 'needs boto3 (apt-get install python3-boto3)') }, () => {
    const run = spawnSync(python, [fileURLToPath(new URL('../python/signatures.py', import.meta.url))], {
      env: { ...process.env, MINNOW_VERIFYING_ENDPOINT: verifyingEndpoint }, encoding: 'utf8', timeout: 60000,
    });
    assert.equal(run.status, 0, run.stdout + run.stderr);
  });
