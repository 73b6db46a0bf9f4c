// Minnow's /_minnow test controls refuse what a web page could send (docs/admin-api.md): a call
// without X-Minnow-Admin: 1, a POST that is not JSON (a browser's "simple request"), a CORS
// preflight, and, as scripts/test runs Minnow on 127.0.0.1, a Host that is not a loopback name
// (DNS rebinding). The references have no test controls: every test is skipped there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { ADMIN_HEADERS, admin } from '../lib/admin.mjs';
import { endpoint } from '../lib/env.mjs';
import { differsOn } from '../lib/reference.mjs';

const NO_ADMIN = differsOn(['dynamodb-local', 'dynalite'], 'no /_minnow test controls');

// One raw HTTP call (node:http, which lets a test set Host), answered as {status, headers, body}.
function call(method, path, headers, body = '') {
  const url = new URL(endpoint);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => { text += chunk; });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const refused = (res, words) => {
  assert.equal(res.status, 403, res.body);
  const answer = JSON.parse(res.body);
  assert.match(answer.__type, /AccessDeniedException$/);
  assert.ok(answer.message.includes(words), answer.message);
};

// What a cross-site page can send without a preflight: no custom header, text/plain or a form.
test('/_minnow refuses calls without X-Minnow-Admin: 1 or with a body that is not JSON', { skip: NO_ADMIN }, async () => {
  const before = await admin('GET', 'clock');
  refused(await call('POST', '/_minnow/clock', { 'content-type': 'application/json' }, '{"advanceSeconds":86400}'),
    'X-Minnow-Admin: 1');
  refused(await call('POST', '/_minnow/clock', { 'content-type': 'text/plain', 'x-minnow-admin': '1' }, '{"advanceSeconds":86400}'),
    'application/json');
  refused(await call('POST', '/_minnow/faults', { 'content-type': 'application/x-www-form-urlencoded', 'x-minnow-admin': '1' },
    'error=TransactionConflict&table=t'), 'application/json');
  refused(await call('GET', '/_minnow/clock', {}), 'X-Minnow-Admin');
  const after = await admin('GET', 'clock');
  assert.ok(after.epochMillis - before.epochMillis < 3600 * 1000, 'the refused calls moved the clock');
});

// The preflight a page must send first is refused, without any Access-Control-Allow-* header.
test('/_minnow refuses CORS preflights', { skip: NO_ADMIN }, async () => {
  const res = await call('OPTIONS', '/_minnow/reset', {
    origin: 'https://evil.example', 'access-control-request-method': 'POST',
    'access-control-request-headers': 'x-minnow-admin,content-type',
  });
  refused(res, 'X-Minnow-Admin');
  for (const name of Object.keys(res.headers)) assert.ok(!name.startsWith('access-control-allow'), name);
});

// A page whose own domain resolves to 127.0.0.1 still sends its own name as Host.
test('/_minnow on loopback refuses a Host that is not a loopback name', { skip: NO_ADMIN }, async () => {
  const port = new URL(endpoint).port;
  refused(await call('POST', '/_minnow/clock', { ...ADMIN_HEADERS, host: `rebind.evil.example:${port}` }, '{"advanceSeconds":86400}'),
    '--admin-hosts');
  for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) {
    const res = await call('GET', '/_minnow/clock', { ...ADMIN_HEADERS, host });
    assert.equal(res.status, 200, `${host}: ${res.body}`);
  }
});

// Out-of-range numbers are refused with the accepted range, and nothing changes.
test('/_minnow range-checks its numbers', { skip: NO_ADMIN }, async () => {
  for (const [path, body, words] of [
    ['clock', { epochSeconds: 9223372036854775807 }, 'epochSeconds must be an integer from 0 to 253402300799'],
    ['clock', { advanceSeconds: 1e300 }, 'advanceSeconds must be an integer from'],
    ['faults', { error: 'TransactionConflict', table: 't', count: 1000000000 }, 'count must be an integer from 1 to 10000'],
  ]) {
    const res = await call('POST', `/_minnow/${path}`, ADMIN_HEADERS, JSON.stringify(body));
    assert.equal(res.status, 400, res.body);
    assert.ok(JSON.parse(res.body).message.includes(words), res.body);
  }
  assert.deepEqual(await admin('GET', 'faults'), { faults: [] });
});

// A frozen clock moves only when moved (so that tests of throttling and expiry are exact), and
// follows the system clock again from where it stands once unfrozen; a reset unfreezes it too.
test('/_minnow/clock freezes and thaws', { skip: NO_ADMIN }, async () => {
  try {
    const frozen = (await admin('POST', 'clock', { freeze: true })).epochMillis;
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal((await admin('GET', 'clock')).epochMillis, frozen);
    assert.equal((await admin('POST', 'clock', { advanceSeconds: 5 })).epochMillis, frozen + 5000);
    assert.equal((await admin('POST', 'clock', { epochSeconds: 1000, freeze: true })).epochMillis, 1000 * 1000);
    assert.equal((await admin('GET', 'clock')).epochMillis, 1000 * 1000);
    const thawed = (await admin('POST', 'clock', { freeze: false })).epochMillis;
    assert.ok(thawed >= 1000 * 1000 && thawed < 1000 * 1000 + 60 * 1000, `${thawed}`);
    const res = await call('POST', '/_minnow/clock', ADMIN_HEADERS, '{"freeze": "yes"}');
    assert.equal(res.status, 400);
    assert.equal(JSON.parse(res.body).message, 'Invalid /_minnow call: freeze must be true or false');
  } finally {
    await admin('POST', 'clock', { reset: true });
  }
  const now = (await admin('GET', 'clock')).epochMillis;
  assert.ok(Math.abs(now - Date.now()) < 60 * 1000, 'a reset returns the clock to the system clock');
});
