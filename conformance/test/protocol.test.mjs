// The wire protocol: targets, JSON, authentication, headers, error bodies, health check.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ListTablesCommand, DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { makeClient } from '../lib/client.mjs';
import { rawCall, expectError, expectOk, crc32, ERROR_TYPES } from '../lib/http.mjs';
import { differsOn } from '../lib/reference.mjs';

const client = makeClient();
const LOCAL_500 = 'DynamoDB Local answers HTTP 500 InternalFailure';

// Proves the endpoint speaks DynamoDB to a stock SDK at all (signing, JSON 1.0, parsing).
test('the SDK can call ListTables', async () => {
  const out = await client.send(new ListTablesCommand({}));
  assert.ok(Array.isArray(out.TableNames));
  assert.equal(out.$metadata.httpStatusCode, 200);
});

// SDKs map `__type` to the error class: the code part must be exact.
test('the SDK surfaces service errors by name with HTTP 400', async () => {
  await assert.rejects(client.send(new DescribeTableCommand({ TableName: 'cf-protocol-no-such-table' })), (e) => {
    assert.equal(e.name, 'ResourceNotFoundException');
    assert.equal(e.$metadata.httpStatusCode, 400);
    return true;
  });
});

// An unknown action name is rejected before anything else looks at the body. DynamoDB (as
// dynalite recorded it) sends no message, which the SDKs turn into an empty message or
// "UnknownError": Minnow keeps DynamoDB's namespace and adds DynamoDB Local's text, so that the
// error says what happened (the CLI prints it, the JS SDK reports it as the message).
test('unknown X-Amz-Target action is UnknownOperationException, with a message', async (t) => {
  const res = await rawCall('NoSuchAction', {});
  assert.equal(res.status, 400, res.text);
  if (!differsOn('dynamodb-local', 'DynamoDB Local answers com.amazonaws.dynamodb.v20120810#UnknownOperationException; ' +
    'real DynamoDB (per dynalite) uses the com.amazon.coral.service namespace', t)) {
    expectError(res, 'UnknownOperationException');
  }
  if (!differsOn('dynalite', 'dynalite (like DynamoDB) sends no message', t)) {
    assert.equal(res.message, 'An unknown operation was requested.', res.text);
  }
});

// Target names are case-sensitive: "listtables" is not ListTables.
test('action names in X-Amz-Target are case-sensitive', async (t) => {
  const res = await rawCall('listtables', {});
  assert.equal(res.status, 400, res.text);
  if (!differsOn('dynamodb-local', 'DynamoDB Local uses the com.amazonaws.dynamodb.v20120810 namespace', t)) {
    expectError(res, 'UnknownOperationException');
  }
});

// An unknown API version prefix is also an unknown operation.
test('unknown API version in X-Amz-Target is UnknownOperationException',
  { skip: differsOn('dynamodb-local', 'DynamoDB Local answers InvalidAction "The action or operation requested is invalid"') },
  async () => {
    const res = await rawCall('ListTables', {}, { target: 'DynamoDB_20990101.ListTables' });
    expectError(res, 'UnknownOperationException');
  });

// A request without X-Amz-Target names no operation.
test('missing X-Amz-Target is UnknownOperationException', { skip: differsOn('dynamodb-local', LOCAL_500) }, async () => {
  const res = await rawCall('ListTables', {}, { headers: { 'x-amz-target': null } });
  expectError(res, 'UnknownOperationException');
});

// Malformed JSON must be a client error (400), never a server failure.
test('malformed JSON body is SerializationException', { skip: differsOn('dynamodb-local', LOCAL_500) }, async () => {
  const res = await rawCall('ListTables', null, { rawBody: '{"Limit": ' });
  expectError(res, 'SerializationException');
});

// An empty body is not a JSON document either.
test('empty body is SerializationException', { skip: differsOn('dynamodb-local', LOCAL_500) }, async () => {
  const res = await rawCall('ListTables', null, { rawBody: '' });
  expectError(res, 'SerializationException');
});

// The body is one JSON object and nothing else: another JSON value (2026), or text after the
// object, is a SerializationException. dynalite (2020) reads [1,2] as a request without members,
// and a null body stops it.
for (const [rawBody, dynalite] of [['[1,2]', 'dynalite answers ListTables (2020)'], ['null', 'a null body stops dynalite'],
  ['{} xyz', false], ['{}{}', false]]) {
  test(`body ${rawBody} is SerializationException`,
    { skip: differsOn('dynamodb-local', LOCAL_500) || (dynalite && differsOn('dynalite', dynalite)) }, async () => {
      expectError(await rawCall('ListTables', null, { rawBody }), 'SerializationException');
    });
}

// A field of the wrong JSON type is a SerializationException with Jackson-style wording.
test('number where a string is expected: SerializationException',
  { skip: differsOn('dynamodb-local', 'DynamoDB Local coerces the number and reports an invalid table name') },
  async () => {
    const res = await rawCall('DescribeTable', { TableName: 5 });
    expectError(res, 'SerializationException', 'NUMBER_VALUE cannot be converted to String');
  });

// Same for an integer field given a string.
test('string where an integer is expected: SerializationException', { skip: differsOn('dynamodb-local', LOCAL_500) }, async () => {
  const res = await rawCall('ListTables', { Limit: 'ten' });
  expectError(res, 'SerializationException', 'STRING_VALUE cannot be converted to Integer');
});

// A JSON array where an object (map) is expected.
test('array where a map is expected: SerializationException', { skip: differsOn('dynamodb-local', LOCAL_500) }, async () => {
  const res = await rawCall('GetItem', { TableName: 'cf-protocol-x', Key: [] });
  expectError(res, 'SerializationException');
});

// DynamoDB refuses unsigned requests; tools rely on that exact code.
test('missing Authorization header is MissingAuthenticationTokenException', async (t) => {
  const res = await rawCall('ListTables', {}, { sign: false });
  assert.equal(res.status, 400, res.text);
  if (!differsOn('dynamodb-local', 'DynamoDB Local answers com.amazonaws.dynamodb.v20120810#MissingAuthenticationToken ' +
    '"Request must contain either a valid (registered) AWS access key ID or X.509 certificate."', t)) {
    expectError(res, 'MissingAuthenticationTokenException', 'Request is missing Authentication Token');
  }
});

// A non-SigV4 Authorization header counts as no token at all.
test('non-AWS4 Authorization header is MissingAuthenticationTokenException', { skip: differsOn('dynamodb-local', LOCAL_500) }, async () => {
  const res = await rawCall('ListTables', {}, { sign: false, headers: { authorization: 'Basic Zm9vOmJhcg==' } });
  expectError(res, 'MissingAuthenticationTokenException', 'Request is missing Authentication Token');
});

// Every response carries a request id (SDKs expose it as $metadata.requestId).
test('responses carry x-amzn-RequestId', async () => {
  const ok = await rawCall('ListTables', {});
  expectOk(ok);
  assert.match(ok.headers.get('x-amzn-requestid') || '', /^\S+$/);
  const err = await rawCall('DescribeTable', { TableName: 'cf-protocol-no-such-table' });
  assert.equal(err.status, 400);
  assert.match(err.headers.get('x-amzn-requestid') || '', /^\S+$/);
  const sdk = await client.send(new ListTablesCommand({}));
  assert.ok(sdk.$metadata.requestId, 'the SDK reads the request id');
});

// botocore verifies x-amz-crc32 against the body and retries on mismatch.
test('successful responses carry x-amz-crc32 of the body', async () => {
  const res = await rawCall('ListTables', {});
  expectOk(res);
  assert.equal(res.headers.get('x-amz-crc32'), String(crc32(res.bytes)));
});

// The checksum is on error responses too.
test('error responses carry x-amz-crc32 of the body', { skip: differsOn('dynamodb-local', 'DynamoDB Local sends no x-amz-crc32 on errors') }, async () => {
  const res = await rawCall('DescribeTable', { TableName: 'cf-protocol-no-such-table' });
  assert.equal(res.status, 400);
  assert.equal(res.headers.get('x-amz-crc32'), String(crc32(res.bytes)));
});

// JSON 1.0 responses are labelled as such.
test('responses have Content-Type application/x-amz-json-1.0', async () => {
  const res = await rawCall('ListTables', {});
  expectOk(res);
  assert.equal(res.headers.get('content-type'), 'application/x-amz-json-1.0');
});

// Real DynamoDB writes the message under a lower-case `message` key.
test('error bodies use the lower-case "message" key', { skip: differsOn('dynamodb-local', 'DynamoDB Local sends "Message" (capital M)') }, async () => {
  const res = await rawCall('DescribeTable', { TableName: 'cf-protocol-no-such-table' });
  assert.equal(res.status, 400);
  assert.equal(res.messageKey, 'message', res.text);
  assert.deepEqual(Object.keys(res.body).sort(), ['__type', 'message']);
});

// Error type namespaces differ by error; SDKs and tools match on them.
test('ValidationException uses the com.amazon.coral.validate namespace', async () => {
  const res = await rawCall('ListTables', { Limit: 0 });
  assert.equal(res.status, 400);
  assert.equal(res.type, ERROR_TYPES.ValidationException);
});

// Some clients send the JSON 1.1 content type; issue 2 requires accepting it (DynamoDB Local does).
test('Content-Type application/x-amz-json-1.1 is accepted',
  { skip: differsOn('dynalite', 'dynalite answers 404 <UnknownOperationException/> to any type but 1.0 and application/json') },
  async () => {
    const res = await rawCall('ListTables', {}, { contentType: 'application/x-amz-json-1.1' });
    const body = expectOk(res);
    assert.ok(Array.isArray(body.TableNames));
  });

// docker-compose health checks and load balancers probe GET /.
test('GET / answers 200 with a health text',
  { skip: differsOn('dynamodb-local', 'DynamoDB Local answers GET / with 400 MissingAuthenticationToken') },
  async () => {
    const res = await rawCall(null, null, { method: 'GET' });
    assert.equal(res.status, 200);
    assert.match(res.text, /^healthy: /);
  });
