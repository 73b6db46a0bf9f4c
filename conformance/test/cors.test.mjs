// CORS as DynamoDB answers it (dynalite recorded it): every origin by default, a browser's
// preflight answered with the method and headers it asked for, for two days. With -cors, only
// the origins listed (DynamoDB Local's flag), each echoed with Vary: Origin.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rawCall, expectOk } from '../lib/http.mjs';
import { differsOn } from '../lib/reference.mjs';
import { corsOrigins } from '../lib/env.mjs';

// DynamoDB Local 3.3.1 without -cors sends no Access-Control-Allow-Origin at all, and a
// preflight's Max-Age is 1728000.
const LOCAL_DEFAULT = 'without -cors, sends no Access-Control-Allow-Origin (and Max-Age 1728000)';
const DEFAULT_ONLY = corsOrigins.length ? 'the server was started with -cors (MINNOW_CORS_ORIGINS)' : false;
const LIST_ONLY = corsOrigins.length ? false : 'needs a server started with -cors (MINNOW_CORS_ORIGINS)';

const preflight = (origin, opts = {}) => rawCall(null, null, {
  method: 'OPTIONS',
  ...opts,
  headers: {
    origin,
    'access-control-request-method': 'POST',
    'access-control-request-headers': 'content-type,x-amz-target,x-amz-date,authorization',
  },
});

test('a preflight is answered: any origin, the method and headers asked for, two days',
  { skip: DEFAULT_ONLY || differsOn('dynamodb-local', LOCAL_DEFAULT) }, async () => {
    const res = await preflight('http://localhost:3000');
    assert.equal(res.status, 200);
    assert.equal(res.text, '');
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    assert.equal(res.headers.get('access-control-allow-methods'), 'POST');
    assert.equal(res.headers.get('access-control-allow-headers'), 'content-type,x-amz-target,x-amz-date,authorization');
    assert.equal(res.headers.get('access-control-max-age'), '172800');
  });

test('a request with an Origin gets Access-Control-Allow-Origin: *, errors too',
  { skip: DEFAULT_ONLY || differsOn('dynamodb-local', LOCAL_DEFAULT) }, async () => {
    const res = await rawCall('ListTables', {}, { headers: { origin: 'http://localhost:3000' } });
    expectOk(res);
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    const error = await rawCall('DescribeTable', { TableName: 'cors-no-such-table' }, { headers: { origin: 'http://localhost:3000' } });
    assert.equal(error.status, 400);
    assert.equal(error.headers.get('access-control-allow-origin'), '*');
  });

// DynamoDB sends Access-Control-Expose-Headers on every answer to an Origin, GET, POST and
// OPTIONS; its list is not captured (Minnow's: docs/differences.md).
test('every answer to an Origin says which headers a page may read, the request id among them',
  { skip: DEFAULT_ONLY || differsOn(['dynamodb-local', 'dynalite'], 'sends no Access-Control-Expose-Headers') }, async () => {
    const origin = 'http://localhost:3000';
    const answers = [
      await rawCall('ListTables', {}, { headers: { origin } }),
      await rawCall(null, null, { method: 'GET', headers: { origin } }),
      await preflight(origin),
    ];
    for (const res of answers) {
      const exposed = (res.headers.get('access-control-expose-headers') || '').toLowerCase().split(',');
      assert.ok(exposed.includes('x-amzn-requestid'), `${res.status}: ${exposed}`);
    }
    assert.equal(answers[0].headers.get('access-control-max-age'), null, 'Max-Age only on a preflight');
  });

test('without an Origin there are no CORS headers; OPTIONS without one is not a preflight', async (t) => {
  const res = await rawCall('ListTables', {});
  expectOk(res);
  assert.equal(res.headers.get('access-control-allow-origin'), null);
  const options = await rawCall(null, null, { method: 'OPTIONS' });
  assert.equal(options.headers.get('access-control-allow-origin'), null);
  if (!differsOn('dynamodb-local', 'DynamoDB Local answers 400 MissingAuthenticationToken to every method but POST', t)) {
    assert.equal(options.status, 404);
  }
});

test('the test controls get no CORS headers', { skip: differsOn(['dynamodb-local', 'dynalite'], 'no /_minnow controls') }, async () => {
  const res = await preflight('http://localhost:3000', { path: '/_minnow/reset' });
  assert.equal(res.headers.get('access-control-allow-origin'), null);
});

test('with -cors, listed origins are echoed with Vary: Origin, others get no CORS headers',
  { skip: LIST_ONLY }, async () => {
    const [allowedOrigin] = corsOrigins;
    const allowed = await rawCall('ListTables', {}, { headers: { origin: allowedOrigin } });
    expectOk(allowed);
    assert.equal(allowed.headers.get('access-control-allow-origin'), allowedOrigin);
    assert.match(allowed.headers.get('vary') || '', /Origin/);
    const allowedPreflight = await preflight(allowedOrigin);
    assert.equal(allowedPreflight.headers.get('access-control-allow-origin'), allowedOrigin);
    assert.equal(allowedPreflight.headers.get('access-control-allow-methods'), 'POST');
    const other = await rawCall('ListTables', {}, { headers: { origin: 'http://other.example' } });
    expectOk(other);
    assert.equal(other.headers.get('access-control-allow-origin'), null);
    const otherPreflight = await preflight('http://other.example');
    assert.equal(otherPreflight.status, 200);
    assert.equal(otherPreflight.headers.get('access-control-allow-origin'), null);
  });
