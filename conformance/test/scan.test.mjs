// Scan: every item exactly once, paging (Limit, 1 MB, ExclusiveStartKey, the SDK's paginator),
// parallel Scan with Segment / TotalSegments, filters, projections, Select, ConsumedCapacity,
// and the validation messages in DynamoDB's order.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { PutItemCommand, DeleteItemCommand, ScanCommand, paginateScan } from '@aws-sdk/client-dynamodb';
import { ScanCommand as DocScanCommand, paginateScan as docPaginateScan } from '@aws-sdk/lib-dynamodb';
import { makeClient, makeDocumentClient } from '../lib/client.mjs';
import { rawCall, expectError, expectOk } from '../lib/http.mjs';
import { differsOn } from '../lib/reference.mjs';
import { tableNamer } from '../lib/names.mjs';
import { keyedTable, createTable, dropTables } from '../lib/tables.mjs';
import { itemSize } from '../lib/size.mjs';

const client = makeClient();
const doc = makeDocumentClient(client);
const newName = tableNamer('scan');
const T = newName('hr');     // pk S, sk N: 20 partitions of 3 items
const TH = newName('h');     // pk N only: 50 items
const TBIG = newName('big'); // pk S: ~100 KB items for the 1 MB page
const TD = newName('del');   // pk S: items deleted while paging

const N = (n) => ({ N: String(n) });
const S = (s) => ({ S: s });
const INVALID = 'One or more parameter values were invalid: ';
const LOCAL_WORDING = 'DynamoDB Local words this message differently; the expected text is DynamoDB\'s (dynalite)';
const NO_SELECT_RULES = 'dynalite does not check Select against the projection parameters';

const ITEMS = [];
for (let p = 0; p < 20; p++) for (let s = 0; s < 3; s++) ITEMS.push({ pk: S(`p${p}`), sk: N(s), n: N(p * 3 + s) });

async function putAll(TableName, items) {
  for (let i = 0; i < items.length; i += 16) {
    await Promise.all(items.slice(i, i + 16).map((Item) => client.send(new PutItemCommand({ TableName, Item }))));
  }
}

before(async () => {
  await createTable(client, keyedTable(T, ['pk', 'S'], ['sk', 'N']));
  await createTable(client, keyedTable(TH, ['pk', 'N']));
  await createTable(client, keyedTable(TBIG, ['pk', 'S']));
  await createTable(client, keyedTable(TD, ['pk', 'S']));
  await putAll(T, ITEMS);
  await putAll(TH, Array.from({ length: 50 }, (_, i) => ({ pk: N(i), even: { BOOL: i % 2 === 0 } })));
  const big = 'x'.repeat(100 * 1024);
  await putAll(TBIG, Array.from({ length: 15 }, (_, i) => ({ pk: S(`b${String(i).padStart(2, '0')}`), d: S(big) })));
  await putAll(TD, Array.from({ length: 10 }, (_, i) => ({ pk: S(`d${i}`) })));
});
after(() => dropTables(client, [T, TH, TBIG, TD]));

const keyOf = (i) => `${i.pk.S ?? i.pk.N}/${i.sk ? i.sk.N : ''}`;
const sortedKeys = (items) => items.map(keyOf).sort();

async function scanAll(params, pageSize) {
  const pages = [];
  for await (const page of paginateScan({ client, pageSize }, { ConsistentRead: true, ...params })) pages.push(page);
  return pages;
}

// ---------------------------------------------------------------------------------------------
// Whole scans and pages

// A Scan returns every item once; a partition's items are together and in sort-key order.
test('a scan returns every item once, partitions together, in sort-key order', async () => {
  const r = await client.send(new ScanCommand({ TableName: T, ConsistentRead: true }));
  assert.equal(r.Count, ITEMS.length);
  assert.equal(r.ScannedCount, ITEMS.length);
  assert.equal(r.LastEvaluatedKey, undefined);
  assert.deepEqual(sortedKeys(r.Items), sortedKeys(ITEMS));
  for (let i = 0; i < r.Items.length; i += 3) {
    const part = r.Items.slice(i, i + 3);
    assert.ok(part.every((x) => x.pk.S === part[0].pk.S), 'a partition is contiguous');
    assert.deepEqual(part.map((x) => x.sk.N), ['0', '1', '2']);
  }
});

// The order is stable: paging with any page size gives the same sequence as one big page.
test('paginateScan: any page size yields the same sequence', async () => {
  const whole = (await client.send(new ScanCommand({ TableName: T, ConsistentRead: true }))).Items.map(keyOf);
  for (const pageSize of [1, 7, 60]) {
    const pages = await scanAll({ TableName: T }, pageSize);
    assert.deepEqual(pages.flatMap((p) => p.Items.map(keyOf)), whole, `pageSize ${pageSize}`);
    for (const p of pages) assert.ok(p.Count <= pageSize);
    // Limit reached exactly at the last item still gives a LastEvaluatedKey, so a last, empty
    // page follows when the page size divides the item count.
    if (ITEMS.length % pageSize === 0) assert.equal(pages.at(-1).Count, 0);
  }
});

// Limit counts the items read, before the filter.
test('Limit counts items evaluated before the filter', async () => {
  const r = await client.send(new ScanCommand({ TableName: TH, Limit: 10, FilterExpression: 'even = :t', ExpressionAttributeValues: { ':t': { BOOL: true } } }));
  assert.equal(r.ScannedCount, 10);
  assert.ok(r.Count <= 10);
  assert.ok(r.Items.every((i) => i.even.BOOL === true));
  assert.ok(r.LastEvaluatedKey);
  const pages = await scanAll({ TableName: TH, FilterExpression: 'even = :t', ExpressionAttributeValues: { ':t': { BOOL: true } } }, 10);
  assert.equal(pages.reduce((a, p) => a + p.Count, 0), 25);
  assert.equal(pages.reduce((a, p) => a + p.ScannedCount, 0), 50);
});

// A page stops once the items read reach 1 MB, the crossing item included (DynamoDB Local's
// measure); the paginator still gets every item.
test('the 1 MB page limit', async () => {
  const first = await client.send(new ScanCommand({ TableName: TBIG, Select: 'COUNT' }));
  // 102,406 bytes each: 10 items stay under 1,048,576 bytes, the 11th crosses it.
  assert.equal(itemSize({ pk: S('b00'), d: S('x'.repeat(100 * 1024)) }), 102406);
  assert.equal(first.ScannedCount, 11);
  assert.ok(first.LastEvaluatedKey);
  const pages = await scanAll({ TableName: TBIG, ProjectionExpression: 'pk' });
  assert.deepEqual(pages.map((p) => p.Count), [11, 4]);
  assert.equal(new Set(pages.flatMap((p) => p.Items.map((i) => i.pk.S))).size, 15);
});

// Resuming after a start key whose item was deleted continues with the next item.
test('resuming after a deleted start key', async () => {
  const first = await client.send(new ScanCommand({ TableName: TD, Limit: 4, ConsistentRead: true }));
  const whole = (await client.send(new ScanCommand({ TableName: TD, ConsistentRead: true }))).Items.map((i) => i.pk.S);
  await client.send(new DeleteItemCommand({ TableName: TD, Key: first.LastEvaluatedKey }));
  const rest = await client.send(new ScanCommand({ TableName: TD, ExclusiveStartKey: first.LastEvaluatedKey, ConsistentRead: true }));
  assert.deepEqual(rest.Items.map((i) => i.pk.S), whole.slice(4));
  // A start key that never existed: the scan continues from its place in the order.
  const nowhere = await client.send(new ScanCommand({ TableName: TD, ExclusiveStartKey: { pk: S('never-there') } }));
  assert.ok(nowhere.Count <= 9);
});

// ---------------------------------------------------------------------------------------------
// Parallel scan

// Segments split the table: together they return every item exactly once, whatever the number
// of segments, and a partition never straddles two segments.
test('parallel scan segments together return every item exactly once', async () => {
  for (const total of [1, 2, 3, 7, 64]) {
    const seen = [];
    for (let segment = 0; segment < total; segment++) {
      const pages = await scanAll({ TableName: T, Segment: segment, TotalSegments: total }, 5);
      const items = pages.flatMap((p) => p.Items);
      const partitions = new Set(items.map((i) => i.pk.S));
      for (const p of partitions) assert.equal(items.filter((i) => i.pk.S === p).length, 3, `partition ${p} whole in one segment`);
      seen.push(...items);
    }
    assert.deepEqual(sortedKeys(seen), sortedKeys(ITEMS), `TotalSegments ${total}`);
  }
});

// The largest TotalSegments is 1,000,000; a segment of it is a valid (and nearly empty) scan.
test('TotalSegments up to 1,000,000', async () => {
  const r = await client.send(new ScanCommand({ TableName: T, Segment: 999999, TotalSegments: 1000000, Select: 'COUNT' }));
  assert.ok(r.Count <= ITEMS.length);
  const res = await rawCall('Scan', { TableName: T, Segment: 0, TotalSegments: 1000001 });
  if (!differsOn('dynalite', 'dynalite has no upper bound on TotalSegments')) {
    expectError(res, 'ValidationException', "1 validation error detected: Value '1000001' at 'totalSegments' failed to satisfy constraint: Member must have value less than or equal to 1000000");
  }
});

// A start key must belong to the segment it is used with.
test('ExclusiveStartKey from another segment', async () => {
  const total = 4;
  let home = -1;
  let key;
  for (let segment = 0; segment < total && home < 0; segment++) {
    const r = await client.send(new ScanCommand({ TableName: T, Segment: segment, TotalSegments: total, Limit: 1 }));
    if (r.Count) { home = segment; key = r.LastEvaluatedKey; }
  }
  assert.ok(key);
  const other = (home + 1) % total;
  const res = await rawCall('Scan', { TableName: T, Segment: other, TotalSegments: total, ExclusiveStartKey: key });
  if (!differsOn('dynamodb-local', 'DynamoDB Local says "Exclusive start key must lie within the segment"')) {
    expectError(res, 'ValidationException', `The provided starting key is invalid: Invalid ExclusiveStartKey. Please use ExclusiveStartKey with correct Segment. TotalSegments: ${total} Segment: ${other}`);
  }
  expectOk(await rawCall('Scan', { TableName: T, Segment: home, TotalSegments: total, ExclusiveStartKey: key }));
});

// ---------------------------------------------------------------------------------------------
// Filters, projections, Select, capacity

// A scan filter may use key attributes (a query filter may not); legacy ScanFilter too.
test('FilterExpression and ScanFilter', async () => {
  const r = await client.send(new ScanCommand({ TableName: T, FilterExpression: 'sk = :z AND begins_with(pk, :p)', ExpressionAttributeValues: { ':z': N(0), ':p': S('p1') } }));
  assert.deepEqual(r.Items.map((i) => i.pk.S).sort(), ['p1', 'p10', 'p11', 'p12', 'p13', 'p14', 'p15', 'p16', 'p17', 'p18', 'p19']);
  assert.equal(r.ScannedCount, ITEMS.length);
  const legacy = await client.send(new ScanCommand({ TableName: T, ScanFilter: { n: { ComparisonOperator: 'BETWEEN', AttributeValueList: [N(10), N(12)] } }, AttributesToGet: ['n'] }));
  assert.deepEqual(legacy.Items.map((i) => Number(i.n.N)).sort((a, b) => a - b), [10, 11, 12]);
  assert.ok(legacy.Items.every((i) => Object.keys(i).length === 1));
});

// ScanFilter's EQ and NE compare every type, as DynamoDB does: booleans, nulls, lists and maps
// too (dynalite refuses those four types for every operator).
test('ScanFilter EQ and NE on booleans, nulls, lists and maps', { skip: differsOn('dynalite', 'dynalite refuses EQ and NE on BOOL, NULL, L and M') }, async () => {
  const count = async (ScanFilter) => (await client.send(new ScanCommand({ TableName: TH, ScanFilter, Select: 'COUNT' }))).Count;
  assert.equal(await count({ even: { ComparisonOperator: 'EQ', AttributeValueList: [{ BOOL: true }] } }), 25);
  assert.equal(await count({ even: { ComparisonOperator: 'NE', AttributeValueList: [{ BOOL: true }] } }), 25);
  assert.equal(await count({ even: { ComparisonOperator: 'EQ', AttributeValueList: [{ NULL: true }] } }), 0);
  assert.equal(await count({ even: { ComparisonOperator: 'NE', AttributeValueList: [{ L: [{ N: '1' }] }] } }), 50);
  assert.equal(await count({ even: { ComparisonOperator: 'EQ', AttributeValueList: [{ M: { a: { S: 'x' } } }] } }), 0);
});

// Select COUNT leaves Items out.
test('Select COUNT', async () => {
  const body = expectOk(await rawCall('Scan', { TableName: T, Select: 'COUNT', FilterExpression: 'n < :x', ExpressionAttributeValues: { ':x': N(5) } }));
  assert.equal(body.Items, undefined);
  assert.equal(body.Count, 5);
  assert.equal(body.ScannedCount, ITEMS.length);
});

// The document client and its paginator.
test('the document client paginator', async () => {
  const items = [];
  for await (const page of docPaginateScan({ client: doc, pageSize: 8 }, { TableName: TH })) items.push(...page.Items);
  assert.deepEqual(items.map((i) => i.pk).sort((a, b) => a - b), Array.from({ length: 50 }, (_, i) => i));
  const one = await doc.send(new DocScanCommand({ TableName: TH, FilterExpression: 'pk = :k', ExpressionAttributeValues: { ':k': 7 } }));
  assert.deepEqual(one.Items, [{ pk: 7, even: false }]);
});

// Read capacity is charged on the total size of the items read, 4 KB units, halved unless
// ConsistentRead.
test('ConsumedCapacity of a scan', async (t) => {
  const bytes = ITEMS.map(itemSize).reduce((a, b) => a + b);
  const units = Math.ceil(bytes / 4096);
  const ev = expectOk(await rawCall('Scan', { TableName: T, Select: 'COUNT', ReturnConsumedCapacity: 'TOTAL' }));
  assert.deepEqual(ev.ConsumedCapacity, { TableName: T, CapacityUnits: units / 2 });
  const strong = expectOk(await rawCall('Scan', { TableName: T, Select: 'COUNT', ConsistentRead: true, ReturnConsumedCapacity: 'INDEXES' }));
  if (!differsOn('dynalite', "dynalite's Scan ignores ConsistentRead", t)) {
    assert.deepEqual(strong.ConsumedCapacity, { TableName: T, CapacityUnits: units, Table: { CapacityUnits: units } });
  }
});

// ---------------------------------------------------------------------------------------------
// Validation, in DynamoDB's order

const errorRows = [
  [{ Segment: 1 }, 'The TotalSegments parameter is required but was not present in the request when Segment parameter is present', ['dynamodb-local', LOCAL_WORDING]],
  [{ TotalSegments: 2 }, 'The Segment parameter is required but was not present in the request when parameter TotalSegments is present', ['dynamodb-local', LOCAL_WORDING]],
  [{ TotalSegments: 2, Segment: 2 }, 'The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: 2 is not less than TotalSegments: 2', ['dynamodb-local', LOCAL_WORDING]],
  [{ TotalSegments: 0, Segment: -1 }, "2 validation errors detected: Value '0' at 'totalSegments' failed to satisfy constraint: Member must have value greater than or equal to 1; Value '-1' at 'segment' failed to satisfy constraint: Member must have value greater than or equal to 0", ['dynamodb-local', LOCAL_WORDING]],
  [{ AttributesToGet: ['a', 'a'] }, `${INVALID}Duplicate value in attribute name: a`, ['dynamodb-local', 'DynamoDB Local says "Cannot have two attributes with the same name"']],
  [{ AttributesToGet: ['a'], ProjectionExpression: 'a' }, 'Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {AttributesToGet} Expression parameters: {ProjectionExpression}'],
  [{ ExpressionAttributeValues: { ':a': S('x') } }, 'ExpressionAttributeValues can only be specified when using expressions: FilterExpression is null'],
  [{ ScanFilter: { a: { ComparisonOperator: 'NULL', AttributeValueList: [S('x')] } } }, `${INVALID}Invalid number of argument(s) for the NULL ComparisonOperator`],
  [{ ScanFilter: { a: { ComparisonOperator: 'CONTAINS', AttributeValueList: [{ L: [] }] } } }, `${INVALID}ComparisonOperator CONTAINS is not valid for L AttributeValue type`],
  [{ ExclusiveStartKey: { pk: { NULL: false }, sk: N(1) } }, `The provided starting key is invalid: ${INVALID}Null attribute value types must have the value of true`, ['dynamodb-local', LOCAL_WORDING]],
  [{ FilterExpression: 'a = :a' }, 'Invalid FilterExpression: An expression attribute value used in expression is not defined; attribute value: :a'],
  [{ TableName: 'nope-not-here' }, 'Requested resource not found', ['dynamodb-local', 'DynamoDB Local says "Cannot do operations on a non-existent table"']],
  [{ IndexName: 'nope' }, 'The table does not have the specified index: nope'],
  [{ ExclusiveStartKey: { pk: S('p') } }, 'The provided starting key is invalid: The provided key element does not match the schema', ['dynamodb-local', LOCAL_WORDING]],
  [{ ExclusiveStartKey: { pk: S('p'), sk: S('1') } }, 'The provided starting key is invalid: The provided key element does not match the schema', ['dynamodb-local', LOCAL_WORDING]],
  [{ ExclusiveStartKey: { pk: S(''), sk: N(1) } }, `The provided starting key is invalid: ${INVALID}The AttributeValue for a key attribute cannot contain an empty string value. Key: pk`, ['dynamodb-local', LOCAL_WORDING]],
  [{ FilterExpression: 'pk.x = :a', ExpressionAttributeValues: { ':a': S('x') } }, "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: pk"],
  [{ ProjectionExpression: 'sk[0]' }, "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: sk"],
  [{ ConditionalOperator: 'AND' }, 'ConditionalOperator cannot be used without Filter or Expected', ['dynalite', 'dynalite does not check ConditionalOperator without a filter']],
  [{ Select: 'SPECIFIC_ATTRIBUTES' }, 'Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES', ['dynalite', NO_SELECT_RULES]],
  [{ Select: 'COUNT', AttributesToGet: ['a'] }, 'Cannot specify the AttributesToGet when choosing to get only the Count', ['dynalite', NO_SELECT_RULES]],
  [{ Select: 'ALL_ATTRIBUTES', ProjectionExpression: 'a' }, 'Cannot specify the ProjectionExpression when choosing to get ALL_ATTRIBUTES', ['dynalite', NO_SELECT_RULES]],
  [{ Select: 'ALL_PROJECTED_ATTRIBUTES' }, 'ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName', ['dynalite', NO_SELECT_RULES]],
];

// Why: the wording and the order of these checks are what clients see; each row pins one.
test('validation messages and their order', async (t) => {
  for (const [request, message, differs] of errorRows) {
    const res = await rawCall('Scan', { TableName: T, ...request });
    if (differs && differsOn(differs[0], `${JSON.stringify(request)}: ${differs[1]}`, t)) continue;
    const code = message === 'Requested resource not found' ? 'ResourceNotFoundException' : 'ValidationException';
    expectError(res, code, message);
  }
});

// Any Segment needs TotalSegments, 0 included: a Segment 0 alone is refused, not read as a
// whole-table Scan (DynamoDB and DynamoDB Local; issue 34).
test('Segment 0 without TotalSegments', { skip: differsOn('dynalite', 'dynalite accepts Segment 0 alone (a falsy Segment)') }, async (t) => {
  const res = await rawCall('Scan', { TableName: T, Segment: 0, Select: 'COUNT' });
  expectError(res, 'ValidationException',
    'The TotalSegments parameter is required but was not present in the request when Segment parameter is present',
    differsOn('dynamodb-local', 'DynamoDB Local says "If segment is specified, total segment must also be specified"', t));
});

// DynamoDB's Scan order: partitions in ascending order of the first 24 bits of
// MD5("Outliers" + the partition key's bytes) (dynalite reproduces it, and the 2020 capture
// pinned this order); segment s of T holds the partitions whose first 12 bits p give
// floor(p * T / 4096) = s. DynamoDB Local scans in its own order.
test('Scan returns partitions in DynamoDB\'s order, and segments hold DynamoDB\'s partitions',
  { skip: differsOn('dynamodb-local', 'DynamoDB Local scans in the order of its SQLite table') }, async () => {
    const TableName = newName('order');
    await createTable(client, keyedTable(TableName, ['pk', 'S']));
    try {
      const keys = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'aardman', 'hello', 'zapf', 'äáöü'];
      for (const pk of keys) await client.send(new PutItemCommand({ TableName, Item: { pk: { S: pk } } }));
      const order = (await client.send(new ScanCommand({ TableName }))).Items.map((i) => i.pk.S);
      assert.deepEqual(order, ['2', '8', '9', '1', '6', 'hello', '0', '5', '4', 'äáöü', 'aardman', '7', '3', 'zapf']);
      const segments = [];
      for (let Segment = 0; Segment < 4; Segment++) {
        segments.push((await client.send(new ScanCommand({ TableName, Segment, TotalSegments: 4 }))).Items.map((i) => i.pk.S));
      }
      assert.deepEqual(segments.flat(), order);
      assert.deepEqual(segments.map((s) => s.length), [2, 3, 6, 3]);
    } finally {
      await dropTables(client, [TableName]);
    }
  });
