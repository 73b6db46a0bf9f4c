// SearchVectors: exact k-nearest-neighbour results for each distance function, with HASH and
// INLINE_FILTER conditions, projections, TopK, ReturnConsumedCapacity, and every documented
// error. The expected neighbours and scores are computed here by brute force.
//
// No reference emulator has vector search (DynamoDB Local 3.3.1 and dynalite answer
// SearchVectors with UnknownOperationException): these tests follow AWS's documentation of the
// API (the SDK's typings, ../shared/reference/aws-api/: SearchVectorsCommand.d.ts, SearchVectorsInput),
// and are skipped on the references. The SDK (3.1141.0) has SearchVectorsCommand, used here.
// Where AWS documents a rule but not its text, the text is Minnow's (model/vector_errors.h).
//
// What the test relies on (Minnow's reading of AWS's documentation, engine/vector_index.h and
// vector/distance.h): each vector element is the item's number rounded to the nearest double,
// then to float32 (the vectors here are float32 values written exactly, so Math.fround of the
// number is the element); a score is computed in double from those elements, in element order:
//   COSINE       1 - dot(q, x) / (sqrt(dot(q, q)) * sqrt(dot(x, x))), clamped to [0, 2]; 1 when
//                either vector is all zeros; lowest first
//   EUCLIDEAN    sqrt(sum((q[i] - x[i])^2)); lowest first
//   DOT_PRODUCT  dot(q, x); highest first
// equal scores rank by the item's primary key (here pk, a string: bytewise). So the expected
// answer, scores included, is exact.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { SearchVectorsCommand, BatchWriteItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { makeClient } from '../lib/client.mjs';
import { rawCall, expectError, expectOk } from '../lib/http.mjs';
import { differsOn } from '../lib/reference.mjs';
import { tableNamer } from '../lib/names.mjs';
import { createTable, dropTables } from '../lib/tables.mjs';

const skip = differsOn(['dynamodb-local', 'dynalite'], 'no SearchVectors (UnknownOperationException)');
const client = makeClient();
const newName = tableNamer('vecsearch');
const T = newName('docs');
const DIMS = 8;
const COUNT = 240;

// mulberry32: a small seeded PRNG, so every run searches the same data.
function prng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(15);
const f32 = () => Math.fround(random() * 2 - 1);
const randomVector = () => Array.from({ length: DIMS }, f32);
const S = (s) => ({ S: s });
const N = (n) => ({ N: String(n) });
const vec = (xs) => ({ L: xs.map((x) => N(x)) });
const TENANTS = ['t0', 't1', 't2'];
const LANGS = ['en', 'de', 'fr'];

// The items: a vector each (a few repeated, for ties; one all zeros), a tenant (HASH of
// `semantic`) but on some, a lang (INLINE_FILTER) on most, a rank (N INLINE_FILTER of `dot`),
// a title and a body.
const items = [];
for (let i = 0; i < COUNT; i++) {
  const v = i % 40 === 7 ? items[i - 7].v : i === 13 ? new Array(DIMS).fill(0) : randomVector();
  const item = { pk: `doc${String(i).padStart(3, '0')}`, v, title: `title ${i}`, body: `body ${i}`, rank: i % 5 };
  if (i % 17 !== 3) item.tenant = TENANTS[i % 3];
  if (i % 11 !== 5) item.lang = LANGS[Math.floor(i / 3) % 3];
  items.push(item);
}
const toDynamo = (it) => {
  const out = { pk: S(it.pk), v: vec(it.v), title: S(it.title), body: S(it.body), rank: N(it.rank) };
  if (it.tenant) out.tenant = S(it.tenant);
  if (it.lang) out.lang = S(it.lang);
  return out;
};

const INDEXES = [
  { IndexName: 'semantic', VectorAttribute: { AttributeName: 'v' }, Dimensions: DIMS, DistanceFunction: 'COSINE',
    SearchSchema: [{ AttributeName: 'tenant', SearchSchemaElementType: 'HASH' }, { AttributeName: 'lang', SearchSchemaElementType: 'INLINE_FILTER' }],
    Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['title'] } },
  { IndexName: 'euclid', VectorAttribute: { AttributeName: 'v' }, Dimensions: DIMS, DistanceFunction: 'EUCLIDEAN',
    Projection: { ProjectionType: 'ALL' } },
  { IndexName: 'dot', VectorAttribute: { AttributeName: 'v' }, Dimensions: DIMS, DistanceFunction: 'DOT_PRODUCT',
    SearchSchema: [{ AttributeName: 'lang', SearchSchemaElementType: 'INLINE_FILTER' }, { AttributeName: 'rank', SearchSchemaElementType: 'INLINE_FILTER' }],
    Projection: { ProjectionType: 'KEYS_ONLY' } },
];

before(async () => {
  if (skip) return;
  await createTable(client, {
    TableName: T, KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }], BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'tenant', AttributeType: 'S' },
      { AttributeName: 'lang', AttributeType: 'S' }, { AttributeName: 'rank', AttributeType: 'N' }],
    VectorIndexes: INDEXES,
  });
  for (let i = 0; i < items.length; i += 25) {
    const batch = items.slice(i, i + 25).map((it) => ({ PutRequest: { Item: toDynamo(it) } }));
    await client.send(new BatchWriteItemCommand({ RequestItems: { [T]: batch } }));
  }
});
after(() => dropTables(client, [T]));

// ---- The brute force ----------------------------------------------------------------------

function dot(a, b) { let s = 0; for (let i = 0; i < a.length; i++) s += a[i] * b[i]; return s; }
function score(distance, q, x) {
  if (distance === 'DOT_PRODUCT') return dot(q, x);
  if (distance === 'EUCLIDEAN') { let s = 0; for (let i = 0; i < q.length; i++) { const d = q[i] - x[i]; s += d * d; } return Math.sqrt(s); }
  const norms = Math.sqrt(dot(q, q)) * Math.sqrt(dot(x, x));
  if (norms === 0) return 1;
  return Math.min(2, Math.max(0, 1 - dot(q, x) / norms));
}
// The expected SearchResults: items matching `where`, best first, ties by pk; projected by `attrs`.
function expected(index, q, topK, where, attrs) {
  const higher = index.DistanceFunction === 'DOT_PRODUCT';
  return items.filter(where)
    .map((it) => ({ it, s: score(index.DistanceFunction, q, it.v) }))
    .sort((a, b) => (a.s !== b.s ? (higher ? b.s - a.s : a.s - b.s) : (a.it.pk < b.it.pk ? -1 : 1)))
    .slice(0, topK)
    .map(({ it, s }) => ({ Item: project(toDynamo(it), attrs), Score: s }));
}
function project(item, attrs) {
  if (!attrs) return item;
  return Object.fromEntries(Object.entries(item).filter(([k]) => attrs.includes(k)));
}
const index = (name) => INDEXES.find((i) => i.IndexName === name);
const search = (params) => client.send(new SearchVectorsCommand({ TableName: T, ...params }));
const SEMANTIC_ATTRS = ['pk', 'v', 'tenant', 'lang', 'title'];  // table key, vector, search schema, NonKeyAttributes
const DOT_ATTRS = ['pk', 'v', 'lang', 'rank'];

// ---- Results -------------------------------------------------------------------------------

test('EUCLIDEAN without a search schema: the exact nearest items of the whole table, whole items (ALL)', { skip }, async () => {
  for (const topK of [1, 10, 100]) {
    const q = randomVector();
    const out = await search({ IndexName: 'euclid', SearchVector: q.map((x) => N(x)), TopK: topK });
    assert.deepEqual(out.SearchResults, expected(index('euclid'), q, topK, (it) => true, null));
    assert.equal(out.ConsumedCapacity, undefined);
  }
});

test('COSINE with the HASH attribute fixed: the nearest items of that tenant, INCLUDE projection', { skip }, async () => {
  for (const tenant of TENANTS) {
    const q = randomVector();
    const out = await search({ IndexName: 'semantic', SearchVector: q.map((x) => N(x)), TopK: 10,
      SearchConditionExpression: 'tenant = :t', ExpressionAttributeValues: { ':t': S(tenant) } });
    assert.deepEqual(out.SearchResults, expected(index('semantic'), q, 10, (it) => it.tenant === tenant, SEMANTIC_ATTRS));
  }
});

test('COSINE with HASH and INLINE_FILTER (names, values, either way round): only items with that value', { skip }, async () => {
  const q = randomVector();
  const out = await search({ IndexName: 'semantic', SearchVector: q.map((x) => N(x)), TopK: 30,
    SearchConditionExpression: ':l = #lang AND #t = :t', ExpressionAttributeNames: { '#lang': 'lang', '#t': 'tenant' },
    ExpressionAttributeValues: { ':t': S('t1'), ':l': S('de') } });
  const want = expected(index('semantic'), q, 30, (it) => it.tenant === 't1' && it.lang === 'de', SEMANTIC_ATTRS);
  assert.ok(want.length > 3 && want.length < 30, `${want.length} matches`);
  assert.deepEqual(out.SearchResults, want);
  // A value no item has: nothing.
  const none = await search({ IndexName: 'semantic', SearchVector: q.map((x) => N(x)), TopK: 5,
    SearchConditionExpression: 'tenant = :t AND lang = :l', ExpressionAttributeValues: { ':t': S('t1'), ':l': S('xx') } });
  assert.deepEqual(none.SearchResults, []);
});

test('DOT_PRODUCT: highest first, optional filters on S and N attributes, KEYS_ONLY projection', { skip }, async () => {
  const q = randomVector();
  const all = await search({ IndexName: 'dot', SearchVector: q.map((x) => N(x)), TopK: 25 });
  assert.deepEqual(all.SearchResults, expected(index('dot'), q, 25, (it) => true, DOT_ATTRS));
  const scores = all.SearchResults.map((r) => r.Score);
  assert.deepEqual(scores, [...scores].sort((a, b) => b - a));
  const ranked = await search({ IndexName: 'dot', SearchVector: q.map((x) => N(x)), TopK: 25,
    SearchConditionExpression: '#r = :r AND lang = :l', ExpressionAttributeNames: { '#r': 'rank' },
    ExpressionAttributeValues: { ':r': N(2), ':l': S('fr') } });
  assert.deepEqual(ranked.SearchResults, expected(index('dot'), q, 25, (it) => it.rank === 2 && it.lang === 'fr', DOT_ATTRS));
});

test('equal scores rank by primary key; an all-zero vector scores 1 under COSINE', { skip }, async () => {
  // Items doc007 and doc000 hold the same vector (so do doc047 and doc040, ...): searching for
  // that vector puts both first with one score, in key order.
  const q = items[0].v;
  const out = await search({ IndexName: 'euclid', SearchVector: q.map((x) => N(x)), TopK: 2, ProjectionExpression: 'pk' });
  assert.deepEqual(out.SearchResults, [{ Item: { pk: S('doc000') }, Score: 0 }, { Item: { pk: S('doc007') }, Score: 0 }]);
  const zero = items[13];
  const cos = await search({ IndexName: 'semantic', SearchVector: q.map((x) => N(x)), TopK: 100,
    SearchConditionExpression: 'tenant = :t', ExpressionAttributeValues: { ':t': S(zero.tenant) }, ProjectionExpression: 'pk' });
  assert.equal(cos.SearchResults.find((r) => r.Item.pk.S === zero.pk).Score, 1);
  // A zero search vector: every score is 1, so the order is the key order.
  const flat = await search({ IndexName: 'semantic', SearchVector: new Array(DIMS).fill(N(0)), TopK: 5,
    SearchConditionExpression: 'tenant = :t', ExpressionAttributeValues: { ':t': S('t0') }, ProjectionExpression: 'pk' });
  const keys = items.filter((it) => it.tenant === 't0').map((it) => it.pk).sort().slice(0, 5);
  assert.deepEqual(flat.SearchResults, keys.map((pk) => ({ Item: { pk: S(pk) }, Score: 1 })));
});

test('ProjectionExpression: projected attributes only, nested paths, names', { skip }, async () => {
  const q = randomVector();
  const out = await search({ IndexName: 'semantic', SearchVector: q.map((x) => N(x)), TopK: 3,
    SearchConditionExpression: 'tenant = :t', ExpressionAttributeValues: { ':t': S('t2') },
    ProjectionExpression: '#t, v[1], pk', ExpressionAttributeNames: { '#t': 'title' } });
  const want = expected(index('semantic'), q, 3, (it) => it.tenant === 't2', null).map(({ Item, Score }) =>
    ({ Item: { pk: Item.pk, title: Item.title, v: { L: [Item.v.L[1]] } }, Score }));
  assert.deepEqual(out.SearchResults, want);
  // An ALL index projects everything, body included.
  const all = await search({ IndexName: 'euclid', SearchVector: q.map((x) => N(x)), TopK: 1, ProjectionExpression: 'body' });
  assert.deepEqual(Object.keys(all.SearchResults[0].Item), ['body']);
});

test('values written as other decimals are rounded to float32 as documented', { skip }, async () => {
  // 0.1 is not a float32: the index holds Math.fround(0.1); the search vector is rounded the same way.
  const TableName = newName('round');
  try {
    await createTable(client, { TableName, KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }], BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      VectorIndexes: [{ ...index('euclid'), Dimensions: 2 }] });
    await client.send(new PutItemCommand({ TableName, Item: { pk: S('a'), v: { L: [N('0.1'), N('0.30000000000000000000000000001')] } } }));
    const out = await client.send(new SearchVectorsCommand({ TableName, IndexName: 'euclid', TopK: 1,
      SearchVector: [N('0.2'), N('-1e-50')] }));
    const x = [Math.fround(0.1), Math.fround(0.3)], q = [Math.fround(0.2), 0];
    assert.equal(out.SearchResults[0].Score, score('EUCLIDEAN', q, x));
    assert.deepEqual(out.SearchResults[0].Item.v, { L: [N('0.1'), N('0.30000000000000000000000000001')] });  // the item keeps its numbers
  } finally {
    await dropTables(client, [TableName]);
  }
});

test('ReturnConsumedCapacity: VectorSearchRequestBytes, the compared vectors\' float32 bytes in 1 KB units', { skip }, async () => {
  const q = randomVector().map((x) => N(x));
  for (const mode of ['TOTAL', 'INDEXES']) {
    const out = await search({ IndexName: 'euclid', SearchVector: q, TopK: 1, ReturnConsumedCapacity: mode });
    assert.deepEqual(out.ConsumedCapacity, { VectorSearchRequestBytes: Math.ceil((COUNT * DIMS * 4) / 1024) * 1024 });
  }
  const none = await search({ IndexName: 'euclid', SearchVector: q, TopK: 1, ReturnConsumedCapacity: 'NONE' });
  assert.equal(none.ConsumedCapacity, undefined);
  // A HASH partition and a filter: the vectors of that tenant having that lang.
  const compared = items.filter((it) => it.tenant === 't0' && it.lang === 'en').length;
  const small = await search({ IndexName: 'semantic', SearchVector: q, TopK: 1, ReturnConsumedCapacity: 'TOTAL',
    SearchConditionExpression: 'tenant = :t AND lang = :l', ExpressionAttributeValues: { ':t': S('t0'), ':l': S('en') } });
  assert.deepEqual(small.ConsumedCapacity, { VectorSearchRequestBytes: Math.ceil((compared * DIMS * 4) / 1024) * 1024 });
  // Nothing compared: the 1 KB minimum.
  const none2 = await search({ IndexName: 'semantic', SearchVector: q, TopK: 1, ReturnConsumedCapacity: 'TOTAL',
    SearchConditionExpression: 'tenant = :t', ExpressionAttributeValues: { ':t': S('nobody') } });
  assert.deepEqual(none2, { ...none2, SearchResults: [], ConsumedCapacity: { VectorSearchRequestBytes: 1024 } });
});

test('results follow writes at once (every write path keeps the index exact)', { skip }, async () => {
  const q = items[100].v.map((x) => N(x));
  const before = await search({ IndexName: 'euclid', SearchVector: q, TopK: 1, ProjectionExpression: 'pk' });
  assert.deepEqual(before.SearchResults, [{ Item: { pk: S('doc100') }, Score: 0 }]);
  await rawCall('UpdateItem', { TableName: T, Key: { pk: S('doc100') }, UpdateExpression: 'SET v = :v',
    ExpressionAttributeValues: { ':v': vec(new Array(DIMS).fill(5)) } });
  const moved = await search({ IndexName: 'euclid', SearchVector: q, TopK: 1, ProjectionExpression: 'pk' });
  assert.notDeepEqual(moved.SearchResults[0].Item, { pk: S('doc100') });
  await rawCall('PutItem', { TableName: T, Item: toDynamo(items[100]) });
  const back = await search({ IndexName: 'euclid', SearchVector: q, TopK: 1, ProjectionExpression: 'pk' });
  assert.deepEqual(back.SearchResults, before.SearchResults);
});

// ---- Errors --------------------------------------------------------------------------------

const P = 'One or more parameter values were invalid: ';
const Q = Array.from({ length: DIMS }, () => N(0.5));
const HASH_T0 = { SearchConditionExpression: 'tenant = :t', ExpressionAttributeValues: { ':t': S('t0') } };
const errorCases = [
  // DynamoDB's texts for SearchVectors (2026), without the validation envelope.
  ['TopK 0', { IndexName: 'euclid', TopK: 0, SearchVector: Q },
    "Provided TopK value '0' is out of valid range. The value must be between 1 and 100 inclusive"],
  ['TopK 101', { IndexName: 'euclid', TopK: 101, SearchVector: Q },
    "Provided TopK value '101' is out of valid range. The value must be between 1 and 100 inclusive"],
  ['an IndexName too short', { IndexName: 'ab', TopK: 1, SearchVector: Q },
    "1 validation error detected: Value 'ab' at 'indexName' failed to satisfy constraint: Member must have length greater than or equal to 3"],
  ['a SearchVector element that is not a number', { IndexName: 'euclid', TopK: 1, SearchVector: [...Q.slice(1), S('1')] },
    'Search vector contains invalid values. All values in the search vector must be a 32-bit floating-point number attribute'],
  ['a SearchVector element beyond float32', { IndexName: 'euclid', TopK: 1, SearchVector: [N('-3.5e38'), ...Q.slice(1)] },
    'Search vector contains invalid values. All values in the search vector must be a 32-bit floating-point number attribute'],
  ['a SearchVector element that is not a DynamoDB number', { IndexName: 'euclid', TopK: 1, SearchVector: [N('x'), ...Q.slice(1)] },
    "The parameter cannot be converted to a numeric value: x"],
  ['a SearchVector of another dimension count', { IndexName: 'euclid', TopK: 1, SearchVector: Q.slice(1) },
    `Input search vector dimension ${DIMS - 1} does not match vector index dimension ${DIMS}`],
  ['an index that does not exist', { IndexName: 'nope', TopK: 1, SearchVector: Q },
    'Requested resource not found: Vector index: nope not found', 'ResourceNotFoundException'],
  ['a table that does not exist', { TableName: newName('none'), IndexName: 'euclid', TopK: 1, SearchVector: Q },
    'Requested resource not found', 'ResourceNotFoundException'],
  ['no condition on the HASH attribute', { IndexName: 'semantic', TopK: 1, SearchVector: Q },
    'SearchConditionExpression must be provided when SearchSchema has a HASH key'],
  ['only an INLINE_FILTER condition', { IndexName: 'semantic', TopK: 1, SearchVector: Q, SearchConditionExpression: 'lang = :l',
    ExpressionAttributeValues: { ':l': S('en') } },
  `${P}SearchConditionExpression must have an equality condition on the HASH attribute tenant of vector index semantic`],
  ['an empty HASH value', { IndexName: 'semantic', TopK: 1, SearchVector: Q, SearchConditionExpression: 'tenant = :t',
    ExpressionAttributeValues: { ':t': S('') } },
  `${P}The AttributeValue for a key attribute cannot contain an empty string value. Key: tenant`],
  ['a value of another type than the attribute\'s', { IndexName: 'semantic', TopK: 1, SearchVector: Q, SearchConditionExpression: 'tenant = :t',
    ExpressionAttributeValues: { ':t': N(1) } }, `${P}Condition parameter type does not match schema type`],
  ['an attribute not in the search schema', { IndexName: 'semantic', TopK: 1, SearchVector: Q,
    SearchConditionExpression: 'tenant = :t AND title = :x', ExpressionAttributeValues: { ':t': S('t0'), ':x': S('a') } },
  'SearchConditionExpression must not contain any attributes that is not in SearchSchema. Invalid attribute: title'],
  ['OR', { IndexName: 'semantic', TopK: 1, SearchVector: Q, SearchConditionExpression: 'tenant = :t OR lang = :t',
    ExpressionAttributeValues: { ':t': S('t0') } }, 'Invalid operator used in SearchConditionExpression: OR'],
  ['a comparison other than =', { IndexName: 'semantic', TopK: 1, SearchVector: Q, SearchConditionExpression: 'tenant = :t AND lang < :t',
    ExpressionAttributeValues: { ':t': S('t0') } }, 'Invalid SearchConditionExpression: Invalid comparator used in SearchConditionExpression'],
  ['a comparison other than = on the HASH attribute', { IndexName: 'semantic', TopK: 1, SearchVector: Q, SearchConditionExpression: 'tenant >= :t',
    ExpressionAttributeValues: { ':t': S('t0') } }, 'Invalid SearchConditionExpression: Invalid comparator used in SearchConditionExpression'],
  ['NOT', { IndexName: 'semantic', TopK: 1, SearchVector: Q, SearchConditionExpression: 'NOT tenant = :t',
    ExpressionAttributeValues: { ':t': S('t0') } }, 'Invalid operator used in SearchConditionExpression: NOT'],
  ['a function', { IndexName: 'semantic', TopK: 1, SearchVector: Q, SearchConditionExpression: 'tenant = :t AND begins_with(lang, :t)',
    ExpressionAttributeValues: { ':t': S('t0') } }, 'Invalid operator used in SearchConditionExpression: begins_with'],
  ['IN', { IndexName: 'semantic', TopK: 1, SearchVector: Q, SearchConditionExpression: 'tenant IN (:t, :u)',
    ExpressionAttributeValues: { ':t': S('t0'), ':u': S('t1') } }, 'Invalid operator used in SearchConditionExpression: IN'],
  ['a nested attribute', { IndexName: 'semantic', TopK: 1, SearchVector: Q, SearchConditionExpression: 'tenant.x = :t',
    ExpressionAttributeValues: { ':t': S('t0') } }, 'SearchConditionExpressions cannot have conditions on nested attributes'],
  ['two attributes in one condition', { IndexName: 'semantic', TopK: 1, SearchVector: Q, SearchConditionExpression: 'tenant = lang' },
    'Invalid condition in SearchConditionExpression: Multiple attribute names used in one condition'],
  ['no attribute in a condition', { IndexName: 'semantic', TopK: 1, SearchVector: Q, SearchConditionExpression: ':t = :t',
    ExpressionAttributeValues: { ':t': S('t0') } }, 'Invalid condition in SearchConditionExpression: No attribute specified'],
  ['one attribute twice', { IndexName: 'semantic', TopK: 1, SearchVector: Q, SearchConditionExpression: 'tenant = :t AND tenant = :t',
    ExpressionAttributeValues: { ':t': S('t0') } }, 'SearchConditionExpressions must only contain one condition per attribute'],
  ['a syntax error', { IndexName: 'semantic', TopK: 1, SearchVector: Q, SearchConditionExpression: 'tenant = = :t',
    ExpressionAttributeValues: { ':t': S('t0') } }, 'Invalid SearchConditionExpression: Syntax error; token: "=", near: "= = :t"'],
  ['an undefined value', { IndexName: 'semantic', TopK: 1, SearchVector: Q, SearchConditionExpression: 'tenant = :u',
    ExpressionAttributeValues: { ':t': S('t0') } },
  'Invalid SearchConditionExpression: An expression attribute value used in expression is not defined; attribute value: :u'],
  ['an unused value', { IndexName: 'semantic', TopK: 1, SearchVector: Q, ...HASH_T0,
    ExpressionAttributeValues: { ':t': S('t0'), ':x': S('x') } },
  'Value provided in ExpressionAttributeValues unused in expressions: keys: {:x}'],
  ['ExpressionAttributeValues without an expression', { IndexName: 'euclid', TopK: 1, SearchVector: Q,
    ExpressionAttributeValues: { ':t': S('t0') } },
  'ExpressionAttributeValues can only be specified when using expressions: SearchConditionExpression is null'],
  ['a projection of an attribute the index does not hold', { IndexName: 'semantic', TopK: 1, SearchVector: Q, ...HASH_T0,
    ProjectionExpression: 'pk, body, #r.x', ExpressionAttributeNames: { '#r': 'rank' } },
  `${P}Vector index semantic does not project [body, rank]`],
];

for (const [why, params, message, code = 'ValidationException'] of errorCases) {
  test(`SearchVectors rejects ${why}`, { skip }, async () => {
    expectError(await rawCall('SearchVectors', { TableName: T, ...params }), code, message);
  });
}

// AWS reads SearchVectors with a strict deserializer (Rust's serde; issue 34, group 9 item 5):
// its members' JSON types and the required members' presence are checked first, before any
// other check and without looking the table up, in serde's words, with the position just past
// what it read (line, then bytes read on that line; a list or map is named before its bracket).
// A required member may not be null; an optional one may. Missing members are reported once the
// object is read, in the API's order of members.
const justAfter = (text, token) => text.indexOf(token) + token.length;
const strictCases = [
  ['a null TableName', '{"TableName":null,"IndexName":"ab","SearchVector":[],"TopK":1}', 'SerializationException',
    () => 'invalid type: null, expected a string at line 1 column 17'],
  ['a null IndexName', `{"TableName":"${T}","IndexName":null,"SearchVector":[],"TopK":1}`, 'SerializationException',
    (text) => `invalid type: null, expected a string at line 1 column ${justAfter(text, 'null')}`],
  ['a null SearchVector', `{"TableName":"${T}","IndexName":"euclid","SearchVector":null,"TopK":0}`, 'SerializationException',
    (text) => `invalid type: null, expected a sequence at line 1 column ${justAfter(text, 'null')}`],
  ['a null TopK', `{"TableName":"${T}","IndexName":"euclid","SearchVector":[],"TopK":null}`, 'SerializationException',
    (text) => `invalid type: null, expected i32 at line 1 column ${justAfter(text, 'null')}`],
  ['a TopK with a fraction', `{"TableName":"${T}","IndexName":"euclid","SearchVector":[],"TopK":1.5}`, 'SerializationException',
    (text) => `invalid type: floating point \`1.5\`, expected i32 at line 1 column ${justAfter(text, '1.5')}`],
  ['a TopK beyond 32 bits', `{"TableName":"${T}","IndexName":"euclid","SearchVector":[],"TopK":3000000000}`, 'SerializationException',
    (text) => `invalid value: integer \`3000000000\`, expected i32 at line 1 column ${justAfter(text, '3000000000')}`],
  ['a string TopK', `{"TableName":"${T}","IndexName":"euclid","SearchVector":[],"TopK":"5"}`, 'SerializationException',
    (text) => `invalid type: string "5", expected i32 at line 1 column ${justAfter(text, '"5"')}`],
  ['a list for IndexName', `{"TableName":"${T}","IndexName":["euclid"],"SearchVector":[],"TopK":1}`, 'SerializationException',
    (text) => `invalid type: sequence, expected a string at line 1 column ${text.indexOf('[')}`],
  ['a number for ProjectionExpression', `{"TableName":"${T}","ProjectionExpression":7,"IndexName":"ab"}`, 'SerializationException',
    (text) => `invalid type: integer \`7\`, expected a string at line 1 column ${justAfter(text, ':7')}`],
  ['no TableName, before a too-short IndexName', '{"IndexName":"ab","SearchVector":[],"TopK":0}', 'ValidationException',
    (text) => `missing field \`TableName\` at line 1 column ${text.length}`],
  ['no IndexName', `{"TableName":"${T}","TopK":1,"SearchVector":[]}`, 'ValidationException',
    (text) => `missing field \`IndexName\` at line 1 column ${text.length}`],
  ['no SearchVector, nor TopK', `{"TableName":"${T}","IndexName":"euclid"}`, 'ValidationException',
    (text) => `missing field \`SearchVector\` at line 1 column ${text.length}`],
  ['a null on the second line', '{\n  "TableName": null}', 'SerializationException',
    () => 'invalid type: null, expected a string at line 2 column 19'],
];

for (const [why, text, code, message] of strictCases) {
  test(`SearchVectors reads its members strictly: ${why}`, { skip }, async () => {
    expectError(await rawCall('SearchVectors', undefined, { rawBody: text }), code, message(text));
  });
}

test('SearchVectors accepts null for an optional member', { skip }, async () => {
  const text = `{"TableName":"${T}","IndexName":"euclid","SearchVector":${JSON.stringify(Q)},"TopK":1,"ProjectionExpression":null}`;
  expectOk(await rawCall('SearchVectors', undefined, { rawBody: text }));
});
