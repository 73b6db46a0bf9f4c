// Minnow's /_minnow test controls (docs/admin-api.md), as a test suite calls them: the header
// X-Minnow-Admin: 1 and a JSON body. The references have no such calls: tests using them are
// skipped there (differsOn).
import assert from 'node:assert/strict';
import { endpoint } from './env.mjs';

export const ADMIN_HEADERS = { 'content-type': 'application/json', 'x-minnow-admin': '1' };

// admin('POST', 'ttl/sweep', {}) -> the parsed answer; asserts HTTP 200.
export async function admin(method, path, body) {
  const res = await fetch(`${endpoint}/_minnow/${path}`, {
    method, headers: ADMIN_HEADERS, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  assert.equal(res.status, 200, `${method} /_minnow/${path}: HTTP ${res.status} ${text}`);
  return JSON.parse(text);
}
