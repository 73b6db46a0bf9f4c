// The data API stand-in (docs/data-api.md): a hosted platform's "DynamoDB database" REST API,
// run offline by Minnow with --data-api. The platform itself cannot be reached from here and no
// reference has these routes, so the tests follow the platform's documented flow and
// docs/data-api.md: provision, the Lambda handler through the DocumentClient with the printed
// environment, the REST routes, two tokens isolated in every route, TTL expiry through Minnow's
// test clock, and every bad input. Run against a Minnow started with --data-api (scripts/test);
// MINNOW_BIN, when set, is the binary whose `minnow env` is checked too.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient, DescribeTableCommand, DescribeTimeToLiveCommand, GetItemCommand, PutItemCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { endpoint } from '../lib/env.mjs';
import { admin } from '../lib/admin.mjs';

const run = promisify(execFile);
const ROUTES = ['provision', 'info', 'env', 'get', 'put', 'delete', 'query', 'scan', 'deprovision'];
const newToken = (label) => `${label}-${randomBytes(8).toString('hex')}`;

// One data API call: the status, the raw text (numbers exact) and the parsed body.
async function call(route, body = {}, token, options = {}) {
  const headers = { 'content-type': 'application/json' };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  Object.assign(headers, options.headers || {});
  const res = await fetch(`${endpoint}/api/data/dynamodb/${route}`, {
    method: options.method || 'POST',
    headers,
    body: options.method === 'GET' ? undefined : (options.rawBody ?? JSON.stringify(body)),
  });
  const text = await res.text();
  let parsed = null;
  try { parsed = JSON.parse(text); } catch { /* env answers text */ }
  return { status: res.status, text, body: parsed, type: res.headers.get('content-type') };
}

async function ok(route, body, token) {
  const res = await call(route, body, token);
  assert.equal(res.status, 200, `${route}: HTTP ${res.status} ${res.text}`);
  return res;
}

function expectError(res, status, message) {
  assert.equal(res.status, status, res.text);
  assert.match(res.type, /^application\/json/);
  assert.deepEqual(Object.keys(res.body), ['error'], res.text);
  if (message instanceof RegExp) assert.match(res.body.error, message);
  else if (message !== undefined) assert.equal(res.body.error, message);
}

const put = (token, item) => call('put', { item: JSON.stringify(item) }, token);

// The environment `env` prints, as an object.
function parseEnvironment(text) {
  const variables = {};
  for (const line of text.trim().split('\n')) {
    const match = /^export ([A-Z_]+)='(.*)'$/.exec(line);
    assert.ok(match, `not an export line: ${line}`);
    variables[match[1]] = match[2];
  }
  return variables;
}

// Every item a token's scan returns, page by page.
async function scanAll(token, limit) {
  const items = [];
  let exclusiveStartKey;
  for (let pages = 0; pages < 100; pages++) {
    const { body } = await ok('scan', { limit, exclusiveStartKey }, token);
    assert.equal(body.count, body.items.length);
    items.push(...body.items);
    if (!body.lastEvaluatedKey) return { items, pages: pages + 1 };
    exclusiveStartKey = body.lastEvaluatedKey;
  }
  throw new Error('scan did not end');
}

const alice = newToken('alice');
const bob = newToken('bob');
const details = {};
let sdkEnvironment;  // the environment `env` printed for alice

after(async () => {
  for (const token of [alice, bob]) await call('deprovision', {}, token);
});

// provision answers the documented shape: the shared table, a fresh prefix deploy#<id>, the
// region and instructions naming the SDK endpoint; provisioning again changes nothing.
test('provision answers tableName, prefix, region and instructions; it is stable', async () => {
  for (const token of [alice, bob]) {
    const { body } = await ok('provision', {}, token);
    assert.deepEqual(Object.keys(body), ['tableName', 'prefix', 'region', 'instructions']);
    assert.match(body.prefix, /^deploy#[0-9a-f]{12}$/);
    assert.equal(body.region, 'us-east-1');
    assert.ok(body.instructions.includes(`AWS_ENDPOINT_URL_DYNAMODB=${endpoint}`), body.instructions);
    assert.ok(body.instructions.includes(body.prefix), body.instructions);
    assert.ok(body.instructions.includes(body.tableName), body.instructions);
    details[token] = body;
    assert.deepEqual((await ok('provision', {}, token)).body, body);
    assert.deepEqual((await ok('info', {}, token)).body, body);
  }
  assert.equal(details[alice].tableName, details[bob].tableName);
  assert.notEqual(details[alice].prefix, details[bob].prefix);
});

// info gives the details without provisioning: a workspace that never provisioned has none.
test('info, env and the item routes of a workspace not provisioned: 404', async () => {
  const stranger = newToken('stranger');
  for (const route of ['info', 'env', 'get', 'put', 'delete', 'query', 'scan', 'deprovision']) {
    expectError(await call(route, {}, stranger), 404, /not provisioned for this workspace/);
  }
});

// The shared table is an ordinary table: on-demand, pk/sk strings, TTL on `ttl`, reachable
// through the DynamoDB API with the printed credentials.
test('env prints the environment; the shared table is an ordinary DynamoDB table', async () => {
  const res = await ok('env', {}, alice);
  assert.match(res.type, /^text\/plain/);
  sdkEnvironment = parseEnvironment(res.text);
  assert.deepEqual(Object.keys(sdkEnvironment).sort(), ['AWS_ACCESS_KEY_ID', 'AWS_ENDPOINT_URL_DYNAMODB', 'AWS_REGION',
    'AWS_SECRET_ACCESS_KEY', 'DYNAMODB_PREFIX', 'DYNAMODB_TABLE']);
  assert.equal(sdkEnvironment.DYNAMODB_TABLE, details[alice].tableName);
  assert.equal(sdkEnvironment.DYNAMODB_PREFIX, details[alice].prefix);
  assert.equal(sdkEnvironment.AWS_ENDPOINT_URL_DYNAMODB, endpoint);
  assert.equal(sdkEnvironment.AWS_REGION, 'us-east-1');

  const client = sdkClient();
  const { Table } = await client.send(new DescribeTableCommand({ TableName: sdkEnvironment.DYNAMODB_TABLE }));
  assert.equal(Table.BillingModeSummary.BillingMode, 'PAY_PER_REQUEST');
  assert.deepEqual(Table.KeySchema, [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }]);
  assert.deepEqual(Table.AttributeDefinitions.map((d) => d.AttributeType), ['S', 'S']);
  const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: sdkEnvironment.DYNAMODB_TABLE }));
  assert.deepEqual(ttl.TimeToLiveDescription, { TimeToLiveStatus: 'ENABLED', AttributeName: 'ttl' });
});

// `minnow env --data-api TOKEN` prints what the env route answers.
test('minnow env --data-api TOKEN prints the same environment', { skip: process.env.MINNOW_BIN ? false : 'MINNOW_BIN not set' }, async () => {
  const url = new URL(endpoint);
  const { stdout } = await run(process.env.MINNOW_BIN, ['env', '--data-api', alice, '--host', url.hostname, '--port', url.port]);
  assert.deepEqual(parseEnvironment(stdout), { ...sdkEnvironment, AWS_ENDPOINT_URL_DYNAMODB: `http://${url.hostname}:${url.port}` });
  await assert.rejects(run(process.env.MINNOW_BIN, ['env', '--data-api', newToken('nobody'), '--host', url.hostname, '--port', url.port]),
    (e) => e.code === 1 && /HTTP 404/.test(e.stderr));
});

function sdkClient() {
  return new DynamoDBClient({
    endpoint: sdkEnvironment.AWS_ENDPOINT_URL_DYNAMODB,
    region: sdkEnvironment.AWS_REGION,
    credentials: { accessKeyId: sdkEnvironment.AWS_ACCESS_KEY_ID, secretAccessKey: sdkEnvironment.AWS_SECRET_ACCESS_KEY },
    maxAttempts: 1,
  });
}

// The seed's Lambda code, unchanged, in a process that has only the printed environment: its
// Put/Get/Query through the DocumentClient, then the same items through the REST routes.
test('the Lambda handler runs with the printed environment; REST sees its items', async () => {
  const script = fileURLToPath(new URL('./handler.mjs', import.meta.url));
  const { stdout } = await run(process.execPath, [script, JSON.stringify({ userId: '123', name: 'Ada' })],
    { env: { PATH: process.env.PATH, ...sdkEnvironment } });
  const result = JSON.parse(stdout);
  assert.equal(result.statusCode, 200);
  const pk = `${details[alice].prefix}#user#123`;
  assert.deepEqual(JSON.parse(result.body), {
    profile: { pk, sk: 'profile', name: 'Ada', visits: 1, tags: ['new'], address: { city: 'Paris' } },
    sortKeys: ['profile', 'settings'],
  });

  const got = await ok('get', { pk, sk: 'profile' }, alice);
  assert.deepEqual(got.body, { item: { address: { city: 'Paris' }, name: 'Ada', pk, sk: 'profile', tags: ['new'], visits: 1 } });
  const listed = await ok('query', { pk, limit: 50 }, alice);
  assert.deepEqual(listed.body.items.map((i) => i.sk), ['profile', 'settings']);
  assert.equal(listed.body.count, 2);
  assert.equal(listed.body.lastEvaluatedKey, undefined);
});

// put, get and delete in plain JSON: numbers keep every digit both ways, and the DynamoDB API
// sees exactly what the REST call wrote (and the other way round).
test('put, get and delete in plain JSON with exact numbers, shared with the DynamoDB API', async () => {
  const pk = `${details[alice].prefix}#order#1`;
  const text = `{"pk": "${pk}", "sk": "line#1", "price": 12345678901234567890.123456789, "qty": -3,` +
    ` "tiny": 1.5E-3, "ok": true, "none": null, "parts": [1.50, "x", {"deep": [0]}], "empty": ""}`;
  const written = await call('put', { item: text }, alice);
  assert.equal(written.status, 200, written.text);
  assert.match(written.text, /"price":12345678901234567890\.123456789[,}]/);
  assert.match(written.text, /"tiny":0\.0015[,}]/);

  const got = await ok('get', { pk, sk: 'line#1' }, alice);
  assert.match(got.text, /"price":12345678901234567890\.123456789[,}]/);
  assert.match(got.text, /"parts":\[1\.5,"x",\{"deep":\[0\]\}\]/);
  assert.deepEqual(got.body.item.ok, true);
  assert.equal(got.body.item.none, null);
  assert.equal(got.body.item.empty, '');

  const client = sdkClient();
  const { Item } = await client.send(new GetItemCommand({ TableName: details[alice].tableName, Key: { pk: { S: pk }, sk: { S: 'line#1' } } }));
  assert.deepEqual(Item.price, { N: '12345678901234567890.123456789' });
  assert.deepEqual(Item.parts, { L: [{ N: '1.5' }, { S: 'x' }, { M: { deep: { L: [{ N: '0' }] } } }] });
  assert.deepEqual(Item.none, { NULL: true });

  // Written through the DynamoDB API with sets and binary: plain JSON has neither, so sets are
  // arrays (in DynamoDB's order of set members) and binary its base64 text.
  await client.send(new PutItemCommand({ TableName: details[alice].tableName, Item: {
    pk: { S: pk }, sk: { S: 'line#2' }, codes: { SS: ['a', 'b'] }, sizes: { NS: ['10', '2.5'] }, blob: { B: Buffer.from('hi') },
  } }));
  const mixed = await ok('get', { pk, sk: 'line#2' }, alice);
  assert.match(mixed.text, /"sizes":\[2\.5,10\]/);
  assert.deepEqual(mixed.body.item.codes, ['a', 'b']);
  assert.equal(mixed.body.item.blob, Buffer.from('hi').toString('base64'));

  assert.deepEqual((await ok('get', { pk, sk: 'line#3' }, alice)).body, { item: null });
  assert.deepEqual((await ok('delete', { pk, sk: 'line#2' }, alice)).body, { deleted: true });
  assert.deepEqual((await ok('delete', { pk, sk: 'line#2' }, alice)).body, { deleted: false });
  assert.deepEqual((await ok('get', { pk, sk: 'line#2' }, alice)).body, { item: null });
});

// query pages through one partition in sort-key order; lastEvaluatedKey is there exactly when
// more items follow.
test('query pages with limit and lastEvaluatedKey', async () => {
  const pk = `${details[alice].prefix}#list`;
  for (let i = 0; i < 7; i++) assert.equal((await put(alice, { pk, sk: `k${i}`, n: i })).status, 200);
  const seen = [];
  let exclusiveStartKey;
  const counts = [];
  for (;;) {
    const { body } = await ok('query', { pk, limit: 3, exclusiveStartKey }, alice);
    counts.push(body.count);
    seen.push(...body.items.map((i) => i.sk));
    if (!body.lastEvaluatedKey) break;
    assert.deepEqual(body.lastEvaluatedKey, { pk, sk: seen.at(-1) });
    exclusiveStartKey = body.lastEvaluatedKey;
  }
  assert.deepEqual(counts, [3, 3, 1]);
  assert.deepEqual(seen, ['k0', 'k1', 'k2', 'k3', 'k4', 'k5', 'k6']);
  // Exactly a page's worth: no empty page after it.
  const six = await ok('query', { pk, limit: 7 }, alice);
  assert.equal(six.body.count, 7);
  assert.equal(six.body.lastEvaluatedKey, undefined);
  // The default limit is 50.
  assert.equal((await ok('query', { pk }, alice)).body.count, 7);
});

// scan returns the caller's items only, in every page, whatever else the table holds; items of
// another workspace and items outside every prefix (written through the DynamoDB API) never show.
test('scan pages through the workspace only', async () => {
  const client = sdkClient();
  const table = details[alice].tableName;
  // Keys that sort next to the workspace's: the bare prefix, and the prefix followed by more of an ID.
  for (const pk of [details[alice].prefix, `${details[alice].prefix}0#x`, 'other#1', `${details[bob].prefix}#b`]) {
    await client.send(new PutItemCommand({ TableName: table, Item: { pk: { S: pk }, sk: { S: 's' } } }));
  }
  await put(bob, { pk: `${details[bob].prefix}#mine`, sk: 'x' });

  const expected = (await client.send(new ScanCommand({ TableName: table }))).Items
    .filter((i) => i.pk.S.startsWith(`${details[alice].prefix}#`))
    .map((i) => `${i.pk.S} ${i.sk.S}`)
    .sort();
  assert.ok(expected.length >= 10, String(expected.length));
  for (const limit of [1, 4, 100]) {
    const { items, pages } = await scanAll(alice, limit);
    const keys = items.map((i) => `${i.pk} ${i.sk}`);
    // Partitions in key order, items in sort-key order: the keys come sorted.
    assert.deepEqual(keys, [...keys].sort(), `limit ${limit}`);
    assert.deepEqual([...keys].sort(), expected, `limit ${limit}`);
    assert.equal(pages, Math.ceil(expected.length / limit), `limit ${limit}`);
  }
  const bobs = (await scanAll(bob, 100)).items.map((i) => i.pk);
  assert.deepEqual(bobs, [`${details[bob].prefix}#b`, `${details[bob].prefix}#mine`]);
});

// Isolation: a pk outside the caller's prefix is 403 on get, put, delete and query, whether or
// not an item is there, and nothing changes; a scan starting outside it is 403 too.
test('two tokens are isolated from each other in every route', async () => {
  const alicePk = `${details[alice].prefix}#secret`;
  assert.equal((await put(alice, { pk: alicePk, sk: 'a', v: 1 })).status, 200);
  const outside = /^pk must start with this workspace's prefix deploy#[0-9a-f]{12}#$/;
  for (const pk of [alicePk, details[alice].prefix, `${details[bob].prefix}`, 'deploy#', 'x']) {
    expectError(await call('get', { pk, sk: 'a' }, bob), 403, outside);
    expectError(await put(bob, { pk, sk: 'a', v: 2 }), 403, outside);
    expectError(await call('delete', { pk, sk: 'a' }, bob), 403, outside);
    expectError(await call('query', { pk }, bob), 403, outside);
    expectError(await call('scan', { exclusiveStartKey: { pk, sk: 'a' } }, bob), 403, outside);
  }
  assert.match((await call('get', { pk: alicePk, sk: 'a' }, bob)).body.error, new RegExp(details[bob].prefix));
  assert.deepEqual((await ok('get', { pk: alicePk, sk: 'a' }, alice)).body.item, { pk: alicePk, sk: 'a', v: 1 });
  // Bob's deprovision deletes Bob's items only.
  const before = (await scanAll(alice, 100)).items.length;
  const gone = await ok('deprovision', {}, bob);
  assert.deepEqual(gone.body, { deleted: 2 });
  assert.equal((await scanAll(alice, 100)).items.length, before);
  expectError(await call('info', {}, bob), 404);
  await ok('provision', {}, bob);
  assert.deepEqual((await scanAll(bob, 100)).items, []);
});

// Items may carry ttl (Unix seconds): once Minnow's clock passes it, the TTL sweeper deletes them,
// for the REST routes and the DocumentClient alike.
test('an item with ttl expires through the test clock', async () => {
  const now = Math.floor((await admin('GET', 'clock')).epochMillis / 1000);
  const pk = `${details[alice].prefix}#session`;
  await put(alice, { pk, sk: 'short', ttl: now + 60 });
  await put(alice, { pk, sk: 'long', ttl: now + 86400 });
  try {
    await admin('POST', 'ttl/sweep', {});
    assert.equal((await ok('query', { pk }, alice)).body.count, 2);
    await admin('POST', 'clock', { advanceSeconds: 120 });
    await admin('POST', 'ttl/sweep', {});
    assert.deepEqual((await ok('get', { pk, sk: 'short' }, alice)).body, { item: null });
    const documents = DynamoDBDocumentClient.from(sdkClient());
    const { Item } = await documents.send(new GetCommand({ TableName: details[alice].tableName, Key: { pk, sk: 'short' } }));
    assert.equal(Item, undefined);
    assert.deepEqual((await ok('query', { pk }, alice)).body.items.map((i) => i.sk), ['long']);
  } finally {
    await admin('POST', 'clock', { reset: true });
  }
});

// No data without a token the server knows: 401 with a JSON error on every route, before
// anything else is looked at.
test('a missing or malformed bearer token is 401 on every route', async () => {
  for (const route of ROUTES) {
    expectError(await call(route, { pk: 'x', sk: 'y' }), 401, /bearer token/i);
    expectError(await call(route, {}, undefined, { headers: { authorization: `Basic ${alice}` } }), 401);
    expectError(await call(route, {}, undefined, { headers: { authorization: 'Bearer ' } }), 401);
    expectError(await call(route, {}, undefined, { rawBody: 'not json' }), 401);
  }
  // The scheme is case-insensitive.
  assert.equal((await call('info', {}, undefined, { headers: { authorization: `bearer ${alice}` } })).status, 200);
});

test('unknown routes are 404, other methods 405', async () => {
  expectError(await call('nothing', {}, alice), 404, 'No such data API route');
  expectError(await call('provision/x', {}, alice), 404);
  const res = await call('info', {}, alice, { method: 'GET' });
  expectError(res, 405, 'Data API routes take POST');
});

// Every bad input gets 400 and a message saying what is wrong.
test('bad input: 400 with a message saying which', async () => {
  const pk = `${details[alice].prefix}#bad`;
  const cases = [
    ['get', '[1]', 'The request body must be a JSON object'],
    ['get', '{"pk": ', 'The request body must be a JSON object'],
    ['get', { sk: 'a' }, 'pk must be a string'],
    ['get', { pk, sk: 1 }, 'sk must be a string'],
    ['get', { pk, sk: '' }, /^The key is invalid: .*empty/],
    ['delete', { pk }, 'sk must be a string'],
    ['query', { pk: 5 }, 'pk must be a string'],
    ['query', { pk, limit: 0 }, 'limit must be an integer from 1 to 1000'],
    ['query', { pk, limit: 1001 }, 'limit must be an integer from 1 to 1000'],
    ['scan', { limit: 'ten' }, 'limit must be an integer from 1 to 1000'],
    ['scan', { limit: 2.5 }, 'limit must be an integer from 1 to 1000'],
    ['scan', { exclusiveStartKey: 'k' }, /^exclusiveStartKey must be an object with string pk and sk/],
    ['query', { pk, exclusiveStartKey: { pk: `${pk}2`, sk: 'a' } }, /^exclusiveStartKey must be/],
    ['put', {}, 'item must be a string holding the item as JSON'],
    ['put', { item: { pk, sk: 'a' } }, 'item must be a string holding the item as JSON'],
    ['put', { item: `{"pk": "${pk}", "sk": ` }, 'item is not valid JSON'],
    ['put', { item: `{"pk": "${pk}", "sk": "a"} trailing` }, 'item is not valid JSON'],
    ['put', { item: '[1, 2]' }, 'item must be a JSON object'],
    ['put', { item: '"text"' }, 'item must be a JSON object'],
    ['put', { item: '{"sk": "a"}' }, 'item has no pk attribute'],
    ['put', { item: `{"pk": "${pk}"}` }, 'item has no sk attribute'],
    ['put', { item: '{"pk": 7, "sk": "a"}' }, "item's pk must be a string"],
    ['put', { item: `{"pk": "${pk}", "sk": true}` }, "item's sk must be a string"],
    ['put', { item: `{"pk": "${pk}", "sk": ""}` }, /^item is invalid: .*empty/],
    ['put', { item: `{"pk": "${pk}", "sk": "a", "n": 1234567890123456789012345678901234567890}` },
      /^item is invalid: Attempting to store more than 38 significant digits in a Number/],
    ['put', { item: `{"pk": "${pk}", "sk": "a", "n": 1e200}` }, /^item is invalid: Number overflow/],
    ['put', { item: `{"pk": "${pk}", "sk": "a", "": 1}` }, /^item is invalid: /],
    ['put', { item: `{"pk": "${pk}", "sk": "a", "big": "${'x'.repeat(400 * 1024)}"}` }, /^item is invalid: Item size has exceeded the maximum allowed size/],
    ['put', { item: `{"pk": "${pk}", "sk": "a", "deep": ${'['.repeat(40)}${']'.repeat(40)}}` }, /^item is invalid: Nesting Levels have exceeded supported limits/],
  ];
  for (const [route, body, message] of cases) {
    const res = typeof body === 'string' ? await call(route, {}, alice, { rawBody: body }) : await call(route, body, alice);
    expectError(res, 400, message);
  }
  assert.deepEqual((await ok('get', { pk, sk: 'a' }, alice)).body, { item: null });
});
