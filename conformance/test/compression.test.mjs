// Content-Encoding: gzip and deflate request bodies are read (the body limit applies to the
// inflated size), and replies worth compressing are compressed when the client accepts it.
// No reference does either (dynalite and DynamoDB Local read bodies as they come and never
// compress): these follow the account of DynamoDB and HTTP's rules.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import zlib from 'node:zlib';
import { rawCall, expectError, expectOk, signHeaders, crc32 } from '../lib/http.mjs';
import { differsOn } from '../lib/reference.mjs';
import { endpoint } from '../lib/env.mjs';
import { tableNamer } from '../lib/names.mjs';

const tableName = tableNamer('compression');
const NOT_READ = 'reads the compressed bytes as they are (SerializationException)';
const skipOnReferences = differsOn(['dynalite', 'dynamodb-local'], NOT_READ);

test('a gzip request body is read', { skip: skipOnReferences }, async () => {
  const body = JSON.stringify({ Limit: 5 });
  const res = await rawCall('ListTables', null, { rawBody: zlib.gzipSync(body), headers: { 'content-encoding': 'gzip' } });
  assert.ok(Array.isArray(expectOk(res).TableNames));
});

test('a deflate request body is read, zlib-wrapped or raw', { skip: skipOnReferences }, async () => {
  const body = JSON.stringify({ Limit: 5 });
  for (const bytes of [zlib.deflateSync(body), zlib.deflateRawSync(body)]) {
    const res = await rawCall('ListTables', null, { rawBody: bytes, headers: { 'content-encoding': 'deflate' } });
    assert.ok(Array.isArray(expectOk(res).TableNames));
  }
});

test('a gzip body of several members is read whole; bytes after the last member are ignored',
  { skip: skipOnReferences }, async () => {
    const members = Buffer.concat([zlib.gzipSync('{"Lim'), zlib.gzipSync('it":5}')]);
    const res = await rawCall('ListTables', null, { rawBody: members, headers: { 'content-encoding': 'gzip' } });
    assert.ok(Array.isArray(expectOk(res).TableNames));
    const trailed = Buffer.concat([zlib.gzipSync('{"Limit":5}'), Buffer.from('not gzip')]);
    const trailing = await rawCall('ListTables', null, { rawBody: trailed, headers: { 'content-encoding': 'gzip' } });
    assert.ok(Array.isArray(expectOk(trailing).TableNames));
  });

// DynamoDB answers these with HTTP 500 before reading the request (its error body is not
// captured; Minnow's is its InternalServerError).
test('a body that is not what its Content-Encoding says is a 500', { skip: skipOnReferences }, async () => {
  const gzipped = zlib.gzipSync('{"Limit":5}');
  for (const body of ['{"Limit":5}', gzipped.subarray(0, gzipped.length - 6), Buffer.alloc(0)]) {
    const res = await rawCall('ListTables', null, { rawBody: body, headers: { 'content-encoding': 'gzip' } });
    assert.equal(res.status, 500, String(body));
  }
});

test('a small gzip body that inflates past 16 MiB is 413', { skip: skipOnReferences }, async () => {
  const bomb = zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20));
  assert.ok(bomb.length < 200 * 1024);
  const res = await rawCall('ListTables', null, { rawBody: bomb, headers: { 'content-encoding': 'gzip' } });
  assert.equal(res.status, 413);
  assert.equal(res.text, '');
});

// A raw GET of the reply, undecoded, with the given Accept-Encoding.
function rawPost(action, body, acceptEncoding) {
  const text = JSON.stringify(body);
  const headers = signHeaders({ 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': `DynamoDB_20120810.${action}` }, text);
  if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;
  return new Promise((resolve, reject) => {
    const request = http.request(endpoint + '/', { method: 'POST', headers }, (response) => {
      const chunks = [];
      response.on('data', (c) => chunks.push(c));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, bytes: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end(text);
  });
}

const table = tableName('items');
let tableReady;
async function bigItem() {
  if (!tableReady) {
    tableReady = (async () => {
      expectOk(await rawCall('CreateTable', {
        TableName: table, BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      }));
      expectOk(await rawCall('PutItem', { TableName: table, Item: { pk: { S: 'big' }, text: { S: 'minnow '.repeat(1000) } } }));
    })();
  }
  await tableReady;
}
after(async () => { if (tableReady) await rawCall('DeleteTable', { TableName: table }); });

test('a large reply is gzip-compressed when the client accepts it; x-amz-crc32 covers the bytes sent',
  { skip: differsOn(['dynalite', 'dynamodb-local'], 'never compresses replies') }, async () => {
    await bigItem();
    const res = await rawPost('GetItem', { TableName: table, Key: { pk: { S: 'big' } } }, 'gzip, deflate');
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-encoding'], 'gzip');
    assert.equal(res.headers['x-amz-crc32'], String(crc32(res.bytes)));
    const item = JSON.parse(zlib.gunzipSync(res.bytes).toString()).Item;
    assert.equal(item.text.S, 'minnow '.repeat(1000));
    assert.ok(res.bytes.length < 1000);
    const deflated = await rawPost('GetItem', { TableName: table, Key: { pk: { S: 'big' } } }, 'deflate');
    assert.equal(deflated.headers['content-encoding'], 'deflate');
    assert.equal(JSON.parse(zlib.inflateSync(deflated.bytes).toString()).Item.pk.S, 'big');
  });

test('an unknown Content-Encoding is a 500 and nothing is executed', { skip: skipOnReferences }, async () => {
  await bigItem();
  const put = await rawCall('PutItem', { TableName: table, Item: { pk: { S: 'garbage' } } },
    { headers: { 'content-encoding': 'garbage' } });
  assert.equal(put.status, 500);
  const get = expectOk(await rawCall('GetItem', { TableName: table, Key: { pk: { S: 'garbage' } } }));
  assert.equal(get.Item, undefined);
});

test('replies are not compressed without Accept-Encoding, or when 4 KB or less', async () => {
  await bigItem();
  const plain = await rawPost('GetItem', { TableName: table, Key: { pk: { S: 'big' } } }, '');
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.equal(JSON.parse(plain.bytes.toString()).Item.pk.S, 'big');
  const small = await rawPost('ListTables', { Limit: 1 }, 'gzip');
  assert.equal(small.headers['content-encoding'], undefined);
  // A 2 KB answer goes out plain, as DynamoDB sends it.
  expectOk(await rawCall('PutItem', { TableName: table, Item: { pk: { S: 'mid' }, text: { S: 'minnow '.repeat(300) } } }));
  const mid = await rawPost('GetItem', { TableName: table, Key: { pk: { S: 'mid' } } }, 'gzip');
  assert.ok(mid.bytes.length > 2000 && mid.bytes.length < 4096, String(mid.bytes.length));
  assert.equal(mid.headers['content-encoding'], undefined);
  const refused = await rawPost('GetItem', { TableName: table, Key: { pk: { S: 'big' } } }, 'gzip;q=0, identity');
  assert.equal(refused.headers['content-encoding'], undefined);
});

// DynamoDB's reading of Accept-Encoding (captured from real DynamoDB).
test('Accept-Encoding: the highest q wins, then the first listed; * stands for the codings not listed',
  { skip: differsOn(['dynalite', 'dynamodb-local'], 'never compresses replies') }, async () => {
    await bigItem();
    const cases = [
      ['deflate;q=0.5, gzip;q=0.2', 'deflate'],
      ['br, identity, deflate, gzip', 'deflate'],
      ['*, deflate', 'deflate'],
      ['*, gzip;q=0.5', 'deflate'],
      ['GZIP', 'gzip'],
      ['x-gzip', undefined],
      ['gzip;q=0.x, deflate;q=0.9', 'gzip'],
      ['deflate;q=0. x, gzip;q=0.9', 'deflate'],
      ['gzip;q=0, gzip;q=1, gzip;q=0', 'gzip'],
      ['br', undefined],
    ];
    for (const [acceptEncoding, expected] of cases) {
      const res = await rawPost('GetItem', { TableName: table, Key: { pk: { S: 'big' } } }, acceptEncoding);
      assert.equal(res.headers['content-encoding'], expected, acceptEncoding);
    }
  });
