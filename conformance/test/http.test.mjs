// HTTP around the protocol, as DynamoDB gives it (dynalite recorded DynamoDB's answers): the
// content type answered in kind, Date and Server headers, the health text on GET /,
// 413 for a body over 16 MiB (sent chunked), and 400 for oversized request lines and headers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { rawCall, expectError, expectOk } from '../lib/http.mjs';
import { differsOn } from '../lib/reference.mjs';
import { dynamodbLocalContract, endpoint } from '../lib/env.mjs';

const LOCAL_JSON10 = 'DynamoDB Local always answers application/x-amz-json-1.0';

test('a request in application/json is answered in application/json, errors too',
  { skip: differsOn('dynamodb-local', LOCAL_JSON10) }, async () => {
    const ok = await rawCall('ListTables', {}, { contentType: 'application/json' });
    expectOk(ok);
    assert.equal(ok.headers.get('content-type'), 'application/json');
    const invalid = await rawCall('ListTables', { Limit: 0 }, { contentType: 'application/json; charset=utf-8' });
    expectError(invalid, 'ValidationException');
    assert.equal(invalid.headers.get('content-type'), 'application/json');
    const broken = await rawCall('ListTables', null, { contentType: 'application/json', rawBody: '{' });
    expectError(broken, 'SerializationException');
    assert.equal(broken.headers.get('content-type'), 'application/json');
    // application/x-amz-json-1.0 only to a request that said so: a request with no Content-Type (and
    // so no body, which would make it no JSON request at all) is answered as JSON.
    const untyped = await rawCall('ListTables', null, { rawBody: Buffer.alloc(0), headers: { 'content-type': null } });
    expectError(untyped, 'SerializationException');
    assert.equal(untyped.headers.get('content-type'), 'application/json');
  });

test('responses carry a Date header with the current time', async () => {
  const res = await rawCall('ListTables', {});
  expectOk(res);
  const date = res.headers.get('date');
  assert.match(date || '', /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
  assert.ok(Math.abs(Date.parse(date) - Date.now()) < 60e3, date);
});

test('responses carry a Server header', { skip: differsOn('dynalite', 'dynalite sends no Server header') }, async () => {
  const res = await rawCall('ListTables', {});
  assert.ok(res.headers.get('server'));
});

test('GET / is the health check; GET of another path a 4xx',
  { skip: differsOn('dynamodb-local', 'DynamoDB Local answers GET with 400 MissingAuthenticationToken') ||
      (dynamodbLocalContract && 'the server keeps DynamoDB Local\'s start-up contract (MINNOW_COMPAT)') }, async (t) => {
    for (const path of ['/', '/?c=d']) {
      const res = await rawCall(null, null, { method: 'GET', path });
      assert.equal(res.status, 200, path);
      assert.equal(res.text, 'healthy: dynamodb.us-east-1.amazonaws.com ', path);
    }
    if (differsOn('dynalite', 'dynalite answers the health text on every path (2020)', t)) return;
    for (const path of ['/ping', '/-', '/index.htm', '/a/b?c=d']) {
      const res = await rawCall(null, null, { method: 'GET', path });
      assert.ok(res.status >= 400 && res.status < 500, `${path}: ${res.status}`);
    }
  });

// What harnesses written for DynamoDB Local's image wait for (.NET's Testcontainers module, CI
// scripts that poll for 400): Minnow keeps it under --compat dynamodb-local, as its image does.
test('under DynamoDB Local\'s start-up contract, GET on any path answers its 400',
  { skip: !dynamodbLocalContract && 'needs DynamoDB Local, or a Minnow with --compat dynamodb-local (MINNOW_COMPAT)' },
  async () => {
    for (const path of ['/', '/shell/', '/a/b?c=d']) {
      const res = await rawCall(null, null, { method: 'GET', path });
      assert.equal(res.status, 400, path);
      assert.equal(res.headers.get('content-type'), 'application/x-amz-json-1.0', path);
      assert.equal(res.text, '{"__type":"com.amazonaws.dynamodb.v20120810#MissingAuthenticationToken","Message":'
        + '"Request must contain either a valid (registered) AWS access key ID or X.509 certificate."}', path);
    }
  });

// Suites written against DynamoDB Local pin its wording: under --compat dynamodb-local every
// error says "Message", and the errors it words its own way carry its text.
test('under DynamoDB Local\'s contract, errors carry its wording',
  { skip: !dynamodbLocalContract && 'needs DynamoDB Local, or a Minnow with --compat dynamodb-local (MINNOW_COMPAT)' },
  async () => {
    const body = (res) => JSON.parse(res.text);
    const TableName = 'compat-wording';
    const missing = [
      await rawCall('DescribeTable', { TableName }),
      await rawCall('GetItem', { TableName, Key: { pk: { S: 'a' } } }),
    ];
    for (const res of missing) {
      assert.equal(res.status, 400, res.text);
      assert.deepEqual(body(res), { __type: 'com.amazonaws.dynamodb.v20120810#ResourceNotFoundException',
        Message: 'Cannot do operations on a non-existent table' });
    }
    const create = { TableName, KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }], BillingMode: 'PAY_PER_REQUEST' };
    expectOk(await rawCall('CreateTable', create));
    try {
      const again = await rawCall('CreateTable', create);
      assert.deepEqual(body(again), { __type: 'com.amazonaws.dynamodb.v20120810#ResourceInUseException',
        Message: 'Cannot create preexisting table' });
    } finally {
      expectOk(await rawCall('DeleteTable', { TableName }));
    }
    const invalid = body(await rawCall('ListTables', { Limit: 0 }));
    assert.equal(typeof invalid.Message, 'string');
    assert.equal(invalid.message, undefined);
  });

// DynamoDB signs the path: a request to another path fails its signature check
// (InvalidSignatureException); without signature checks the unsigned analogue is 404.
test('a POST on another path is not executed: 404 <UnknownOperationException/>',
  { skip: differsOn(['dynalite', 'dynamodb-local'], 'serves a POST on any path') ||
    (dynamodbLocalContract && 'the server keeps DynamoDB Local\'s contract (MINNOW_COMPAT), which serves any path') },
  async () => {
    const res = await rawCall('ListTables', {}, { path: '/somewhere' });
    assert.equal(res.status, 404);
    assert.equal(res.text, '<UnknownOperationException/>\n');
  });

test('with DynamoDB Local\'s contract a POST on another path is served like one on /',
  { skip: !dynamodbLocalContract && 'needs DynamoDB Local, or a Minnow with --compat dynamodb-local (MINNOW_COMPAT)' },
  async () => {
    const res = await rawCall('ListTables', {}, { path: '/somewhere' });
    assert.ok(Array.isArray(expectOk(res).TableNames));
  });

test('methods other than GET and POST get 404 <UnknownOperationException/>',
  { skip: differsOn('dynamodb-local', 'DynamoDB Local answers 400 MissingAuthenticationToken') }, async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const res = await rawCall(null, null, { method });
      assert.equal(res.status, 404, method);
      assert.equal(res.text, '<UnknownOperationException/>\n', method);
    }
  });

// One raw exchange: the status line and the rest, for what fetch will not send or hides.
function rawExchange(bytes) {
  const { hostname, port } = new URL(endpoint);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let data = '';
    socket.setTimeout(120000, () => socket.destroy(new Error('timeout')));
    socket.on('data', (chunk) => { data += chunk.toString('latin1'); });
    socket.on('error', (e) => (data ? resolve(data) : reject(e)));
    socket.on('close', () => resolve(data));
    socket.end(bytes);
  });
}

const statusOf = (response) => Number(response.split(' ')[1]);

test('a body over 16 MiB is 413 with an empty body, sent chunked; 16 MiB exactly is read', async (t) => {
  const header = (length) => 'POST / HTTP/1.1\r\nHost: x\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n' +
    `Content-Type: text/plain\r\nContent-Length: ${length}\r\n\r\n`;
  const over = await rawExchange(header(16 * 1024 * 1024 + 1) + 'a'.repeat(16 * 1024 * 1024 + 1));
  assert.equal(statusOf(over), 413, over.slice(0, 200));
  if (!differsOn('dynamodb-local', 'DynamoDB Local answers {"Message":""}', t)) {
    // DynamoDB sends the empty answer chunked (dynalite recorded it).
    assert.match(over, /\r\ntransfer-encoding: chunked\r\n/i, over.slice(0, 300));
    assert.match(over, /\r\n\r\n0\r\n\r\n$/, 'no body, only the last chunk');
  }
  // At the limit: read, then refused for its content type as any other.
  const at = await rawExchange(header(16 * 1024 * 1024) + 'a'.repeat(16 * 1024 * 1024));
  if (!differsOn('dynamodb-local', 'DynamoDB Local answers 400 MissingAuthenticationToken', t)) {
    assert.equal(statusOf(at), 404, at.slice(0, 200));
  }
});

// DynamoDB's limits: 16 KB of request line, 16 KB of header fields; over either, 400.
test('header fields over 16 KB in all are 400; 15 KB are read',
  { skip: differsOn(['dynalite', 'dynamodb-local'], "answers 431 (node's and Jetty's HTTP servers)") }, async () => {
    const over = await rawExchange(`GET / HTTP/1.1\r\nHost: x\r\nX-A: ${'a'.repeat(9000)}\r\nX-B: ${'b'.repeat(8000)}\r\n\r\n`);
    assert.equal(statusOf(over), 400, over.slice(0, 200));
    if (dynamodbLocalContract) return;  // its GET answers 400 whatever the size
    const under = await rawExchange(`GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-A: ${'a'.repeat(15 * 1024)}\r\n\r\n`);
    assert.equal(statusOf(under), 200, under.slice(0, 200));
  });

test('a request line over 16 KB is 400',
  { skip: differsOn(['dynalite', 'dynamodb-local'], "answers 414 or 431 (node's and Jetty's HTTP servers)") }, async () => {
    const response = await rawExchange(`GET /${'a'.repeat(17 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    assert.equal(statusOf(response), 400, response.slice(0, 200));
  });

// The answers in one raw exchange, split by their Content-Length (or none, for HEAD).
function splitAnswers(data, methods) {
  const answers = [];
  for (const method of methods) {
    const end = data.indexOf('\r\n\r\n');
    assert.ok(end > 0, `an answer to ${method} in ${JSON.stringify(data.slice(0, 300))}`);
    const head = data.slice(0, end);
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    const bodyLength = method === 'HEAD' ? 0 : length;
    answers.push({ status: statusOf(head), head, body: data.slice(end + 4, end + 4 + bodyLength) });
    data = data.slice(end + 4 + bodyLength);
  }
  assert.equal(data, '', 'nothing after the last answer');
  return answers;
}

test('a HEAD answer has no body: the next answer on the connection is read intact', async () => {
  const data = await rawExchange('HEAD / HTTP/1.1\r\nHost: x\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  const [head, get] = splitAnswers(data, ['HEAD', 'GET']);
  assert.ok(head.status >= 200, head.head);
  assert.match(get.head, /^HTTP\/1\.1 \d{3} /);
  assert.ok(get.body.length > 0, 'the GET answer has its body');
});

// Compose files written for DynamoDB Local's image check its health with
//   curl -s -o /dev/null -I -w '%{http_code}' http://localhost:8000   (expecting "400")
test('HEAD on any path is 400, as DynamoDB Local answers it (its image\'s health checks test for that)',
  { skip: differsOn('dynalite', 'dynalite answers 404, as to every method but GET and POST (real DynamoDB\'s answer to HEAD is not recorded; Minnow follows DynamoDB Local so that its compose health checks pass)') },
  async () => {
    for (const path of ['/', '/shell']) {
      const data = await rawExchange(`HEAD ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      const [head] = splitAnswers(data, ['HEAD']);
      assert.equal(head.status, 400, head.head);
    }
  });
