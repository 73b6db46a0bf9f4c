// PartiQL SELECT through ExecuteStatement: which items a statement reads (by key, by partition,
// by index, or all of them), WHERE with DynamoDB's condition semantics, projections and the
// names their results get, ORDER BY, Limit and NextToken paging, and the errors.
//
// Reference findings (DynamoDB Local 3.3.1, which runs AWS's own PartiQL front end):
// - A WHERE is translated into a DynamoDB condition expression and evaluated as one: a value of
//   another type never matches (x = 5 is false for "5"), <, BETWEEN order numbers numerically
//   and strings bytewise, IS MISSING is attribute_not_exists, IS NULL / IS BOOLEAN / ... are
//   attribute_type checks, and the expression language's errors come back without their
//   "Invalid FilterExpression: " prefix ("The first operand must be distinct ..."). Identifiers
//   are case-sensitive; keywords (value, size, ...) must be "quoted" to name an attribute. As in
//   expressions, <> and NOT hold for an absent attribute.
// - A projection item's result is named by its last member name followed by its list indexes:
//   SELECT m.k gives {"k": ...}, SELECT L[1] gives {"L[1]": ...}.
// - WHERE pk IN [...] reads one partition after another in ascending key order; a page (Limit)
//   runs across them. Inside a partition items come in sort-key order (ORDER BY sk DESC
//   reverses it). Limit counts the items read, before the filter, as Query's does, and a page
//   that Limit stopped has a NextToken even when nothing follows. (DynamoDB Local applies ORDER BY
//   DESC by sorting each page it read forwards; Minnow reads the partition backwards, as a Query
//   with ScanIndexForward=false does.)
// - Syntax errors are "Statement wasn't well formed, can't be processed: <the parser's reason>"
//   (DynamoDB Local quotes the statement there); some refusals end with the position of the
//   node: " at LINE:COLUMN:LENGTH".
// - DynamoDB Local sends no ConsumedCapacity for ExecuteStatement; AWS documents it (and
//   Minnow sends it), so those assertions are skipped on Local.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { ExecuteStatementCommand } from '@aws-sdk/client-dynamodb';
import { makeClient } from '../lib/client.mjs';
import { rawCall, expectError, expectOk } from '../lib/http.mjs';
import { differsOn } from '../lib/reference.mjs';
import { tableNamer } from '../lib/names.mjs';
import { createTable, dropTables } from '../lib/tables.mjs';
import { normalise } from '../lib/values.mjs';

const client = makeClient();
const newName = tableNamer('partiql-select');
const T = newName('t');  // pk S, sk N; GSI gix on g (S); LSI lix on pk, l (N, KEYS_ONLY)
const H = newName('h');  // id S
const MISSING_TABLE = 'cf-partiql-never-created';
const NOT_WELL_FORMED = "Statement wasn't well formed, can't be processed: ";
const NOT_FOUND_LOCAL = 'DynamoDB Local says "Cannot do operations on a non-existent table"';
const NO_CAPACITY_LOCAL = 'DynamoDB Local sends no ConsumedCapacity for PartiQL statements';

const S = (s) => ({ S: s });
const N = (n) => ({ N: String(n) });

const ITEMS = [
  { pk: S('a'), sk: N(1), x: N(5), s: S('hello'), m: { M: { k: S('v') } }, L: { L: [N(1), S('two')] },
    ss: { SS: ['p', 'q'] }, g: S('G1'), l: N(10) },
  { pk: S('a'), sk: N(2), x: N(7), s: S('help'), nul: { NULL: true }, g: S('G1') },
  { pk: S('a'), sk: N(3), x: S('5'), b: { BOOL: true } },
  { pk: S('b'), sk: N(1), x: N(1), g: S('G2'), l: N(3) },
  { pk: S('c'), sk: N(1) },
  { pk: S('c'), sk: N(2), value: N(1) },
];

before(async () => {
  await createTable(client, {
    TableName: T,
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }],
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'sk', AttributeType: 'N' },
      { AttributeName: 'g', AttributeType: 'S' }, { AttributeName: 'l', AttributeType: 'N' }],
    BillingMode: 'PAY_PER_REQUEST',
    GlobalSecondaryIndexes: [{ IndexName: 'gix', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }],
      Projection: { ProjectionType: 'ALL' } }],
    LocalSecondaryIndexes: [{ IndexName: 'lix', KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'l', KeyType: 'RANGE' }], Projection: { ProjectionType: 'KEYS_ONLY' } }],
  });
  await createTable(client, {
    TableName: H, KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
    AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }], BillingMode: 'PAY_PER_REQUEST',
  });
  for (const Item of ITEMS) expectOk(await rawCall('PutItem', { TableName: T, Item }));
  expectOk(await rawCall('PutItem', { TableName: H, Item: { id: S('1'), v: N(1) } }));
});
after(() => dropTables(client, [T, H]));

const exec = (Statement, extra = {}) => rawCall('ExecuteStatement', { Statement, ...extra });
// The statement with "t" and "h" for the test tables.
const q = (text) => text.replaceAll('"t"', `"${T}"`).replaceAll('"h"', `"${H}"`);
const keyOf = (i) => `${i.pk.S}${i.sk.N}`;
const keys = (items) => items.map(keyOf);
const sorted = (a) => [...a].sort();

async function items(statement, extra = {}) {
  const body = expectOk(await exec(q(statement), extra));
  return body.Items;
}

// ---------------------------------------------------------------------------------------------
// Reading by key, by partition, and everything

// A condition function may be compared with a boolean in WHERE: the condition, or its negation.
test('WHERE attribute_exists(a) = true reads as the condition', { skip: differsOn('dynamodb-local', 'refuses the function there') }, async () => {
  assert.deepEqual(keys(await items('SELECT * FROM "t" WHERE pk = \'a\' AND attribute_exists(ss) = true')), ['a1']);
  assert.deepEqual(keys(await items('SELECT * FROM "t" WHERE pk = \'a\' AND attribute_exists(ss) = false')), ['a2', 'a3']);
  assert.deepEqual(keys(await items('SELECT * FROM "t" WHERE pk = \'a\' AND true <> begins_with(s, \'hel\')')), ['a3']);
});

test('SELECT * with the whole key returns that item, or nothing', async () => {
  assert.deepEqual(normalise(await items('SELECT * FROM "t" WHERE pk = \'a\' AND sk = 1')), [normalise(ITEMS[0])]);
  assert.deepEqual(await items('SELECT * FROM "t" WHERE pk = \'a\' AND sk = 9'), []);
  assert.deepEqual(await items('SELECT * FROM "t" WHERE sk = 2 AND \'c\' = pk'), [ITEMS[5]]);
  const p = expectOk(await exec(q('SELECT * FROM "t" WHERE pk = ? AND sk = ?'), { Parameters: [S('b'), N(1)] }));
  assert.deepEqual(p.Items, [ITEMS[3]]);
  assert.equal(p.NextToken, undefined);
});

test('the partition key alone reads the partition in sort-key order; ORDER BY sk DESC reverses it', async () => {
  assert.deepEqual(keys(await items('SELECT * FROM "t" WHERE pk = \'a\'')), ['a1', 'a2', 'a3']);
  assert.deepEqual(keys(await items('SELECT * FROM "t" WHERE pk = \'a\' ORDER BY sk DESC')), ['a3', 'a2', 'a1']);
  assert.deepEqual(keys(await items('SELECT * FROM "t" WHERE pk = \'a\' ORDER BY sk ASC')), ['a1', 'a2', 'a3']);
  assert.deepEqual(keys(await items('SELECT * FROM "t" WHERE pk = \'a\' AND sk > 1')), ['a2', 'a3']);
  assert.deepEqual(keys(await items('SELECT * FROM "t" WHERE pk = \'a\' AND sk BETWEEN 2 AND 3')), ['a2', 'a3']);
  assert.deepEqual(keys(await items('SELECT * FROM "t" WHERE pk = \'a\' AND sk >= 2 AND sk < 3')), ['a2']);
  assert.deepEqual(keys(await items('SELECT * FROM "t" WHERE pk = \'a\' AND sk <> 2')), ['a1', 'a3']);
  assert.deepEqual(keys(await items('SELECT * FROM "t" WHERE pk = \'a\' AND (sk = 1 OR sk = 3)')), ['a1', 'a3']);
  assert.deepEqual(keys(await items('SELECT * FROM "t" WHERE pk = \'a\' AND x = 7')), ['a2']);
  // A second condition on the partition key is a condition like any other.
  assert.deepEqual(await items('SELECT * FROM "t" WHERE pk = \'a\' AND pk = \'b\''), []);
});

test('IN on the partition key reads the partitions in ascending key order', async () => {
  assert.deepEqual(keys(await items('SELECT * FROM "t" WHERE pk IN [\'c\', \'a\']')), ['a1', 'a2', 'a3', 'c1', 'c2']);
  assert.deepEqual(keys(await items('SELECT * FROM "t" WHERE pk IN (\'c\', \'b\', \'a\')')),
    ['a1', 'a2', 'a3', 'b1', 'c1', 'c2']);
  assert.deepEqual(keys(await items('SELECT * FROM "t" WHERE pk IN [\'c\', \'a\'] AND sk > 1')), ['a2', 'a3', 'c2']);
  assert.deepEqual(keys(await items('SELECT * FROM "t" WHERE pk IN [\'c\', \'a\'] ORDER BY pk DESC')),
    ['c1', 'c2', 'a1', 'a2', 'a3']);
  assert.deepEqual(keys(await items('SELECT * FROM "t" WHERE pk IN [\'c\', \'a\'] ORDER BY pk DESC, sk DESC')),
    ['c2', 'c1', 'a3', 'a2', 'a1']);
  assert.deepEqual(sorted(keys(await items('SELECT * FROM "t" WHERE pk IN [\'c\', \'a\'] AND sk IN [2, 1]'))),
    ['a1', 'a2', 'c1', 'c2']);
  const p = expectOk(await exec(q('SELECT * FROM "t" WHERE pk IN [?, ?]'), { Parameters: [S('b'), S('zz')] }));
  assert.deepEqual(keys(p.Items), ['b1']);
});

test('without the partition key fixed, every item is read and the WHERE filters them', async () => {
  assert.deepEqual(sorted(keys(await items('SELECT * FROM "t"'))), sorted(keys(ITEMS)));
  assert.deepEqual(sorted(keys(await items('SELECT * FROM "t" WHERE sk = 1'))), ['a1', 'b1', 'c1']);
  assert.deepEqual(sorted(keys(await items('SELECT * FROM "t" WHERE pk = \'a\' OR pk = \'b\''))), ['a1', 'a2', 'a3', 'b1']);
  assert.deepEqual(sorted(keys(await items('SELECT * FROM "t" WHERE pk > \'a\''))), ['b1', 'c1', 'c2']);
  assert.deepEqual(sorted(keys(await items('SELECT * FROM "t" WHERE NOT pk = \'a\''))), ['b1', 'c1', 'c2']);
  assert.deepEqual(sorted(keys(await items('SELECT * FROM "t" WHERE 1 = 1'))), sorted(keys(ITEMS)));
});

test('SELECT from an index reads it by the index key', async () => {
  assert.deepEqual(sorted(keys(await items('SELECT * FROM "t"."gix" WHERE g = \'G1\''))), ['a1', 'a2']);
  assert.deepEqual(normalise(await items('SELECT * FROM "t"."gix" WHERE g = \'G2\'')), [normalise(ITEMS[3])]);
  // KEYS_ONLY: the table's and the index's keys.
  assert.deepEqual(await items('SELECT * FROM "t"."lix" WHERE pk = \'a\''), [{ pk: S('a'), sk: N(1), l: N(10) }]);
  assert.deepEqual(keys(await items('SELECT * FROM "t"."lix" WHERE pk = \'b\' AND l > 2')), ['b1']);
  assert.deepEqual(await items('SELECT * FROM "t"."lix" WHERE pk = \'b\' AND l > 3'), []);
  assert.deepEqual(sorted(keys(await items('SELECT * FROM "t"."gix" WHERE x = 1'))), ['b1']);
  // A non-projected attribute of a KEYS_ONLY LSI is fetched from the table.
  assert.deepEqual(await items('SELECT sk, x FROM "t"."lix" WHERE pk = \'a\''), [{ sk: N(1), x: N(5) }]);
});

test('a GSI that does not hold every attribute: SELECT * gets what it holds, others are refused', async () => {
  const G = newName('g');
  await createTable(client, {
    TableName: G, KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'g', AttributeType: 'S' }],
    BillingMode: 'PAY_PER_REQUEST',
    GlobalSecondaryIndexes: [{ IndexName: 'gkx', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: { ProjectionType: 'KEYS_ONLY' } }],
  });
  try {
    expectOk(await rawCall('PutItem', { TableName: G, Item: { pk: S('a'), g: S('x'), v: N(1) } }));
    assert.deepEqual(expectOk(await exec(`SELECT * FROM "${G}"."gkx" WHERE g = 'x'`)).Items, [{ pk: S('a'), g: S('x') }]);
    assert.deepEqual(expectOk(await exec(`SELECT pk FROM "${G}"."gkx" WHERE g = 'x'`)).Items, [{ pk: S('a') }]);
    expectError(await exec(`SELECT v FROM "${G}"."gkx" WHERE g = 'x'`), 'ValidationException',
      'One or more parameter values were invalid: Global secondary index gkx does not project [v]');
    // Listed in the statement's order.
    if (!differsOn('dynamodb-local', 'lists them last to first')) {
      expectError(await exec(`SELECT w, pk, v FROM "${G}"."gkx" WHERE g = 'x'`), 'ValidationException',
        'One or more parameter values were invalid: Global secondary index gkx does not project [w, v]');
    }
  } finally {
    await dropTables(client, [G]);
  }
});

// A GSI whose key has several HASH or RANGE attributes cannot be read with PartiQL (2026); the
// table and its other indexes can; in a batch only that statement fails.
test('PartiQL refuses reads of a multi-attribute GSI', async (t) => {
  const M = newName('multi');
  await createTable(client, {
    TableName: M, KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }], BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'h1', AttributeType: 'S' },
      { AttributeName: 'h2', AttributeType: 'S' }],
    GlobalSecondaryIndexes: [
      { IndexName: 'byBoth', KeySchema: [{ AttributeName: 'h1', KeyType: 'HASH' }, { AttributeName: 'h2', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } },
      { IndexName: 'byOne', KeySchema: [{ AttributeName: 'h1', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } },
    ],
  });
  try {
    expectOk(await rawCall('PutItem', { TableName: M, Item: { pk: S('a'), h1: S('x'), h2: S('y') } }));
    const refused = differsOn('dynamodb-local', 'says "composite" for "multi-attribute" (LocalDBClientExceptionMessage)', t)
      ? 'PartiQL statements cannot be executed on tables with composite HASH keys or composite RANGE keys.'
      : 'PartiQL statements cannot be executed on tables with multi-attribute HASH keys or multi-attribute RANGE keys.';
    expectError(await exec(`SELECT * FROM "${M}"."byBoth" WHERE h1 = 'x' AND h2 = 'y'`), 'ValidationException', refused);
    expectError(await exec(`SELECT * FROM "${M}"."byBoth"`), 'ValidationException', refused);
    assert.equal(expectOk(await exec(`SELECT * FROM "${M}"."byOne" WHERE h1 = 'x'`)).Items.length, 1);
    assert.equal(expectOk(await exec(`SELECT * FROM "${M}" WHERE pk = 'a'`)).Items.length, 1);
    const batch = expectOk(await rawCall('BatchExecuteStatement', { Statements: [
      { Statement: `SELECT * FROM "${M}"."byBoth" WHERE h1 = 'x' AND h2 = 'y'` },
      { Statement: `SELECT * FROM "${M}" WHERE pk = 'a'` },
    ] }));
    if (!differsOn('dynamodb-local', 'applies the batch primary-key rule first', t)) {
      assert.deepEqual(batch.Responses[0], { Error: { Code: 'ValidationError', Message: refused } });
    }
    assert.equal(batch.Responses[1].Item.pk.S, 'a');
  } finally {
    await dropTables(client, [M]);
  }
});

test('ConsistentRead on a GSI is refused; on the table and an LSI it is accepted', async (t) => {
  expectError(await exec(q('SELECT * FROM "t"."gix" WHERE g = \'G1\''), { ConsistentRead: true }),
    'ValidationException', differsOn('dynamodb-local', 'words it as Query does', t)
      ? 'Consistent reads are not supported on global secondary indexes'
      : 'Strongly consistent read is not supported on Global Secondary Indexes');
  expectOk(await exec(q('SELECT * FROM "t"."lix" WHERE pk = \'a\''), { ConsistentRead: true }));
  expectOk(await exec(q('SELECT * FROM "t" WHERE pk = \'a\''), { ConsistentRead: true }));
});

// ---------------------------------------------------------------------------------------------
// WHERE: DynamoDB's condition semantics

test('WHERE compares as DynamoDB conditions do: types must match, numbers are exact', async () => {
  const cases = [
    ['x = 5', ['a1']], ['x = \'5\'', ['a3']], ['x <> 5', ['a2', 'a3', 'b1', 'c1', 'c2']], ['x != 5', ['a2', 'a3', 'b1', 'c1', 'c2']],
    ['x < \'6\'', ['a3']], ['x < 6', ['a1', 'b1']], ['x BETWEEN 4 AND 6', ['a1']], ['x NOT BETWEEN 4 AND 6', ['a2', 'a3', 'b1', 'c1', 'c2']],
    ['x IN [5, 7]', ['a1', 'a2']], ['x IN [5, \'5\']', ['a1', 'a3']], ['x NOT IN [5]', ['a2', 'a3', 'b1', 'c1', 'c2']],
    ['x = 5.0', ['a1']], ['x = 5e0', ['a1']], ['x = 0.05E2', ['a1']], ['x > m', []],
    ['m = {\'k\': \'v\'}', ['a1']], ['L = [1, \'two\']', ['a1']], ['ss = <<\'q\', \'p\'>>', ['a1']],
    ['m.k = \'v\'', ['a1']], ['m[\'k\'] = \'v\'', ['a1']], ['L[1] = \'two\'', ['a1']], ['L[100000] = 1', []],
    ['b = true', ['a3']], ['b = TRUE', ['a3']], ['x = true', []], ['nul = NULL', ['a2']], ['x = NULL', []],
    ['NOT (x = 5 OR x = 7)', ['a3', 'b1', 'c1', 'c2']], ['x IS MISSING OR x > 6', ['a2', 'c1', 'c2']],
    ['"value" = 1', ['c2']], ['"x" = 1', ['b1']],
  ];
  for (const [where, expected] of cases) {
    assert.deepEqual(sorted(keys(await items(`SELECT * FROM "t" WHERE ${where}`))), expected, where);
  }
});

test('IS MISSING, IS NULL and the other IS types', async () => {
  const cases = [
    ['x IS MISSING', ['c1', 'c2']], ['s IS NOT MISSING', ['a1', 'a2']], ['nul IS NULL', ['a2']], ['s IS NULL', []],
    ['nul IS NOT NULL', ['a1', 'a3', 'b1', 'c1', 'c2']], ['b IS BOOLEAN', ['a3']], ['s IS STRING', ['a1', 'a2']],
    ['x IS NUMERIC', ['a1', 'a2', 'b1']], ['m IS STRUCT', ['a1']], ['m IS TUPLE', ['a1']], ['L IS LIST', ['a1']],
    ['L IS BLOB', []], ['b IS NOT BOOLEAN', ['a1', 'a2', 'b1', 'c1', 'c2']],
  ];
  for (const [where, expected] of cases) {
    assert.deepEqual(sorted(keys(await items(`SELECT * FROM "t" WHERE ${where}`))), expected, where);
  }
});

test('the functions begins_with, contains, size, attribute_type and attribute_exists', async () => {
  const cases = [
    ['begins_with(s, \'hel\')', ['a1', 'a2']], ['BEGINS_WITH(s, \'hell\')', ['a1']], ['contains(s, \'ll\')', ['a1']],
    ['contains(ss, \'p\')', ['a1']], ['contains(L, \'two\')', ['a1']], ['size(s) = 4', ['a2']], ['size(s) > 3', ['a1', 'a2']],
    ['size(L) = 2', ['a1']], ['attribute_type(x, \'S\')', ['a3']], ['attribute_exists(nul)', ['a2']],
    ['attribute_not_exists(x)', ['c1', 'c2']],
  ];
  for (const [where, expected] of cases) {
    assert.deepEqual(sorted(keys(await items(`SELECT * FROM "t" WHERE ${where}`))), expected, where);
  }
});

test('WHERE errors: the expression language\'s messages, without their prefix', async (t) => {
  const cases = [
    ['x', 'WHERE clause must contain an expression that resolves to a boolean'],
    ['x = MISSING', 'MISSING must be compared using IS operator'],
    ['NOT x', 'The argument to NOT must be a Type or Expression'],
    ['x = 1 AND y', 'The arguments to AND/OR must be Expressions'],
    ['size(x) IS NULL', 'The left hand side argument to IS must be a Variable Reference, Literal, or Path'],
    ['L IS INT', 'Unsupported data type for IS operator: INTEGER. Supported data types are [MISSING, NULL, BOOLEAN, BLOB, STRING, NUMERIC, STRUCT, TUPLE, LIST] at 1:29:2'],
    ['x IN []', 'IN operator must have a left hand argument of type Variable Reference and right hand argument of type Seq with at least one member'],
    ['x + 1 = 6', 'Unsupported operator in Condition Expression. Operator: +'],
    ['x = \'a\' || \'b\'', 'Unsupported operator in Condition Expression. Operator: ||'],
    ['x LIKE \'a%\'', 'Unsupported operator in Condition Expression. Operator: like'],
    ['foo(x)', 'Unrecognized function: foo at 1:27:3', 'Unrecognized function: foo'],
    ['EXISTS(x)', 'Unrecognized function: exists at 1:27:6', 'Unrecognized function: exists'],
    ['x = x', 'The first operand must be distinct from the remaining operands for this operator or function; operator: =, first operand: [x]'],
    ['m > {\'k\': \'a\'}', 'Incorrect operand type for operator or function; operator or function: >, operand type: M'],
    ['pk = \'a\' AND begins_with(sk, 1)', 'Incorrect operand type for operator or function; operator or function: begins_with, operand type: N'],
    ['x = `5`', 'Ion Literals are not supported: INT under key root at 1:31:3'],
    ['L[-1] = 1', 'List index is not within the allowable range; index: [-1] at 1:30:1'],
    ['m[\'\'] = 1', 'Path component cannot be an empty string'],
    ['"" = 1', 'Path component cannot be an empty string'],
    ['x = 1e200', 'Number overflow. Attempting to store a number with magnitude larger than supported range under root',
      'Number overflow. Attempting to store a number with magnitude larger than supported range'],
    ['x = 1e-200', 'Number underflow. Attempting to store a number with magnitude smaller than supported range under root',
      'Number underflow. Attempting to store a number with magnitude smaller than supported range'],
    ['x = (SELECT x FROM "t")', 'Unsupported token in expression: SELECT at 1:32:6'],
    ['x = CASE WHEN 1 = 1 THEN 1 END', 'Unsupported token in expression: CASE at 1:31:4'],
  ];
  for (const [where, dynamodb, local] of cases) {
    // A third element is DynamoDB Local's wording, where it differs from DynamoDB's (positions).
    const message = local && differsOn('dynamodb-local', 'words it its own way', t) ? local : dynamodb;
    // "t" is replaced after the positions were counted for a 3-character table name.
    const res = await rawCall('ExecuteStatement', { Statement: `SELECT * FROM "t" WHERE ${where}`.replace('"t"', '"tab"') });
    if (res.type && res.type.endsWith('ResourceNotFoundException')) {
      // The WHERE is checked before the table is looked up: only errors that DynamoDB finds
      // later than the lookup may get here.
      assert.fail(`${where}: table lookup came first: ${res.text}`);
    }
    expectError(res, 'ValidationException', message);
  }
});

test('key values must have the schema\'s types, and not be empty', async () => {
  expectError(await exec(q('SELECT * FROM "t" WHERE pk = 1')), 'ValidationException',
    'Key attribute\'s data type should match its data type in table\'s schema: Key pk');
  expectError(await exec(q('SELECT * FROM "t" WHERE pk = \'a\' AND sk = \'1\'')), 'ValidationException',
    'Key attribute\'s data type should match its data type in table\'s schema: Key sk');
  expectError(await exec(q('SELECT * FROM "t" WHERE pk = \'a\' AND sk > \'x\'')), 'ValidationException',
    'Key attribute\'s data type should match its data type in table\'s schema: Key sk');
  // Compared anywhere else in the WHERE, a key attribute must meet its own type too.
  for (const where of ['pk > 1', 'sk = \'1\' OR x = 1', 'NOT sk IN [\'1\']', 'pk = \'a\' AND pk <> 1']) {
    expectError(await exec(q(`SELECT * FROM "t" WHERE ${where}`)), 'ValidationException',
      'One or more parameter values were invalid: Condition parameter type does not match schema type');
  }
  expectError(await exec(q('SELECT * FROM "h" WHERE id = ?'), { Parameters: [S('')] }), 'ValidationException',
    'One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: id');
});

// ---------------------------------------------------------------------------------------------
// Projections

test('projected paths are named by their last member name and list indexes', async () => {
  assert.deepEqual(await items('SELECT pk, x, m.k, L[1] FROM "t" WHERE pk = \'a\' AND sk = 1'),
    [{ pk: S('a'), x: N(5), k: S('v'), 'L[1]': S('two') }]);
  assert.deepEqual(await items('SELECT m[\'k\'], L[0], L[5] FROM "t" WHERE pk = \'a\' AND sk = 1'),
    [{ k: S('v'), 'L[0]': N(1) }]);
  assert.deepEqual(await items('SELECT "x", nope FROM "t" WHERE pk = \'b\''), [{ x: N(1) }]);
  // An item without any projected attribute is an empty item.
  assert.deepEqual(await items('SELECT nope FROM "t" WHERE pk = \'c\''), [{}, {}]);
  // Names are case-sensitive.
  assert.deepEqual(await items('SELECT X FROM "t" WHERE pk = \'b\''), [{}]);
});

test('projection errors', async () => {
  const cases = [
    ['SELECT x, x FROM "tab"', 'Duplicate identifiers in select clause: x'],
    ['SELECT x, m.k, m.k FROM "tab"', 'Duplicate identifiers in select clause: k'],
    ['SELECT m.k, m FROM "tab"', 'Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [m], path two: [m, k]'],
    ['SELECT a, b, a.c FROM "tab"', 'Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a, c], path two: [b]'],
    ['SELECT m.* FROM "tab"', 'Changing item\'s hierarchy while reading isn\'t supported'],
    ['SELECT 1 FROM "tab"', 'Unexpected path component at 1:8:1'],
    ['SELECT \'a\' FROM "tab"', 'Unexpected path component at 1:8:3'],
    ['SELECT count(*) FROM "tab"', 'Unexpected path component at 1:8:5'],
    ['SELECT x AS y FROM "tab"', 'Aliasing is not supported'],
    ['SELECT VALUE x FROM "tab"', 'Select projection doesn\'t support value or pivot keywords'],
    ['SELECT DISTINCT * FROM "tab"', 'Unsupported token in expression: DISTINCT'],
  ];
  for (const [statement, message] of cases) expectError(await exec(statement), 'ValidationException', message);
});

// ---------------------------------------------------------------------------------------------
// ORDER BY, FROM, clauses

test('ORDER BY needs a WHERE fixing the partition key, and only key attributes', async (t) => {
  const cases = [
    ['SELECT * FROM "t" ORDER BY sk DESC', 'Must have WHERE clause in the statement when using ORDER BY clause.'],
    ['SELECT * FROM "t" WHERE sk = 1 ORDER BY sk', 'Must have at least one non-optional hash key condition in WHERE clause when using ORDER BY clause.'],
    ['SELECT * FROM "t" WHERE pk = \'a\' OR x = 1 ORDER BY sk', 'Must have at least one non-optional hash key condition in WHERE clause when using ORDER BY clause.'],
    ['SELECT * FROM "t" WHERE pk = \'a\' ORDER BY x', 'Variable reference x in ORDER BY clause must be part of the primary key'],
    ['SELECT * FROM "t"."gix" WHERE g = \'G1\' ORDER BY pk', 'Variable reference pk in ORDER BY clause must be part of the primary key'],
    ['SELECT * FROM "t"."lix" WHERE pk = \'a\' ORDER BY sk', 'Variable reference sk in ORDER BY clause must be part of the primary key'],
  ];
  for (const [statement, message] of cases) expectError(await exec(q(statement)), 'ValidationException', message);
  assert.deepEqual(keys(await items('SELECT * FROM "t" WHERE pk = \'a\' ORDER BY pk')), ['a1', 'a2', 'a3']);
  // Equal index keys: DynamoDB's order (the table key's digest; indexes.test.mjs).
  if (!differsOn('dynamodb-local', 'DynamoDB Local orders equal index keys its own way', t))
    assert.deepEqual(keys(await items('SELECT * FROM "t"."gix" WHERE g = \'G1\' ORDER BY g')), ['a2', 'a1']);
});

test('FROM: one table or index, a valid name, an existing table and index', async (t) => {
  const res = await exec('SELECT * FROM "cf-partiql-never-created"');
  if (differsOn('dynamodb-local', NOT_FOUND_LOCAL)) {
    expectError(res, 'ResourceNotFoundException', 'Cannot do operations on a non-existent table');
  } else {
    expectError(res, 'ResourceNotFoundException', 'Requested resource not found');
  }
  // PartiQL's words do not name the index (Query's do).
  expectError(await exec(q('SELECT * FROM "t"."nope" WHERE g = \'G1\'')), 'ValidationException',
    differsOn('dynamodb-local', 'names the index', t) ? 'The table does not have the specified index: nope'
      : 'The table does not have the specified index');
  expectError(await exec('SELECT * FROM "ab"'), 'ValidationException',
    'Table name should be within the length [3, 255] and only contain \'a-z\', \'A-Z\', \'0-9\', \'-\', \'_\', \'.\'.');
  expectError(await exec(q('SELECT * FROM "t", "h"')), 'ValidationException', 'Only select from a single table or index is supported.');
  expectError(await exec(q('SELECT * FROM "t" x WHERE x.pk = \'a\'')), 'ValidationException', 'Aliasing is not supported');
  expectError(await exec(q('SELECT * FROM a.b.c')), 'ValidationException', 'A path may contain at most 2 components in the FROM clause');
  expectError(await exec('SELECT * FROM ?', { Parameters: [S('x')] }), 'ValidationException', 'Unexpected from source');
  expectError(await exec('SELECT * FROM "tab" WHERE pk = \'a\' LIMIT 1'), 'ValidationException', 'Unsupported clause: LIMIT at 1:42:1');
  expectError(await exec('SELECT * FROM "tab" WHERE pk = \'a\' GROUP BY x'), 'ValidationException', 'Unsupported clause: GROUP BY');
  // The WHERE is checked before the table is looked up.
  expectError(await exec(`SELECT * FROM "${MISSING_TABLE}" WHERE x = MISSING`), 'ValidationException',
    'MISSING must be compared using IS operator');
});

// DynamoDB (2026) gives its parser's reason after the colon, never the statement: what is left
// after a whole statement, a statement that stops where a term must come, a keyword as a path
// step, and nothing for the lexer's failures. DynamoDB Local quotes the statement.
test('syntax errors give the parser\'s reason', async (t) => {
  const quotes = differsOn('dynamodb-local', 'quotes the statement after the colon', t);
  const cases = ['SELECT', 'SELECT * FROM', 'SELECT * FROM "tab" WHERE', 'SELECT * FROM "tab" WHERE pk == \'a\'',
    'FOO BAR', 'SELECT *, x FROM "tab"', 'SELECT * FROM "tab" WHERE x = \'open', 'SELECT * FROM "tab" WHERE value = 1',
    'SELECT * FROM "tab" WHERE size = 1', 'SELECT * FROM "tab" WHERE missing(x)', 'SELECT L[*] FROM "tab"',
    'SELECT * FROM "tab"; SELECT * FROM "tab"'];
  for (const statement of cases) {
    const res = await exec(statement);
    if (quotes) {
      expectError(res, 'ValidationException', NOT_WELL_FORMED + statement);
    } else {
      expectError(res, 'ValidationException', new RegExp(`^${NOT_WELL_FORMED}`));
      assert.ok(!res.message.includes(statement), res.message);
    }
  }
  if (!quotes) {
    const reasons = [
      ['SELECT * FROM "tab" WHERE pk = \'a\' extra', 'Unexpected token after expression'],
      ['SELECT * FROM "tab" WHERE a = 1 e5', 'Unexpected token after expression'],
      ['SELECT * FROM "tab" WHERE pk = \'a\')', 'Unexpected token after expression'],
      ['INSERT INTO "tab" VALUE {\'pk\': \'a\'} x', 'Unexpected token after expression'],
      ['DELETE FROM "tab" WHERE pk = \'a\' ORDER BY pk', 'Unexpected token after expression'],
      ['SELECT * FROM "tab" ORDER BY pk WHERE pk = \'a\'', 'Unexpected token after expression'],
      ['INSERT INTO "tab" AS x VALUE {\'pk\': \'a\'}', 'Unexpected token after expression'],
      ['SELECT * FROM "tab" WHERE', 'Unexpected term'],
      ['SELECT m.inner FROM "tab"', 'Invalid path dot component'],
      ['SELECT * FROM "tab" # x', ''],
      ['SELECT * FROM "tab" /* open', ''],
      ['SELECT * FROM "tab" WHERE a = 1e2147483648', ''],
      ['SELECT * FROM "tab" WHERE a = 1.5e-2147483647', ''],
    ];
    for (const [statement, reason] of reasons) {
      expectError(await exec(statement), 'ValidationException', NOT_WELL_FORMED + reason);
    }
  }
  // An empty statement breaks the API's length constraint (1 to 8192), as AWS documents it.
  if (differsOn('dynamodb-local', 'DynamoDB Local parses an empty statement', t)) {
    expectError(await exec(''), 'ValidationException', NOT_WELL_FORMED);
  } else {
    expectError(await exec(''), 'ValidationException',
      "1 validation error detected: Value '' at 'statement' failed to satisfy constraint: Member must have length greater than or equal to 1");
  }
  // A trailing semicolon and comments are fine.
  assert.deepEqual(keys(await items('SELECT * /* c */ FROM "t" WHERE pk = \'b\'; -- done')), ['b1']);
});

// ---------------------------------------------------------------------------------------------
// Parameters

test('parameters: too few is an error, values are used as they are', async (t) => {
  const COUNT = 'Number of parameters in request and statement don\'t match.';
  expectError(await exec(q('SELECT * FROM "h" WHERE id = ?')), 'ValidationException', COUNT);
  // Parameters has at least one member, as AWS documents it.
  if (differsOn('dynamodb-local', 'DynamoDB Local accepts "Parameters": []', t)) {
    expectError(await exec(q('SELECT * FROM "h" WHERE id = ?'), { Parameters: [] }), 'ValidationException', COUNT);
  } else {
    expectError(await exec(q('SELECT * FROM "h" WHERE id = ?'), { Parameters: [] }), 'ValidationException',
      "1 validation error detected: Value '[]' at 'parameters' failed to satisfy constraint: Member must have length greater than or equal to 1");
  }
  expectError(await exec(q('SELECT * FROM "h" WHERE id = ? AND v = ?'), { Parameters: [S('1')] }), 'ValidationException', COUNT);
  // More parameters than '?' are ignored.
  assert.equal((await items('SELECT * FROM "h" WHERE id = ?', { Parameters: [S('1'), S('2')] })).length, 1);
  assert.deepEqual(keys(await items('SELECT * FROM "t" WHERE pk = ? AND m = ?', { Parameters: [S('a'), { M: { k: S('v') } }] })), ['a1']);
  assert.deepEqual(keys(await items('SELECT * FROM "t" WHERE pk = \'a\' AND ss = ?', { Parameters: [{ SS: ['q', 'p'] }] })), ['a1']);
  expectError(await exec(q('SELECT * FROM "h" WHERE id = ?'), { Parameters: [N(1)] }), 'ValidationException',
    'Key attribute\'s data type should match its data type in table\'s schema: Key id');
  expectError(await exec(q('SELECT * FROM "h" WHERE id IN ?'), { Parameters: [{ L: [S('1')] }] }), 'ValidationException',
    'IN operator must have a left hand argument of type Variable Reference and right hand argument of type Seq with at least one member');
  expectError(await exec('SELECT * FROM "tab" WHERE a[?] = 1', { Parameters: [N(0)] }), 'ValidationException',
    'Unexpected path component at 1:29:1');
});

// ---------------------------------------------------------------------------------------------
// Limit and NextToken

async function pages(statement, extra) {
  const out = [];
  let NextToken;
  for (let i = 0; i < 20; i++) {
    const body = expectOk(await exec(q(statement), { ...extra, ...(NextToken ? { NextToken } : {}) }));
    out.push(keys(body.Items));
    NextToken = body.NextToken;
    if (!NextToken) return out;
  }
  throw new Error('more than 20 pages');
}

test('Limit counts the items read; NextToken continues, across the partitions of an IN', async (t) => {
  assert.deepEqual(await pages('SELECT * FROM "t" WHERE pk = \'a\'', { Limit: 2 }), [['a1', 'a2'], ['a3']]);
  assert.deepEqual(await pages('SELECT * FROM "t" WHERE pk = \'a\'', { Limit: 3 }), [['a1', 'a2', 'a3'], []]);
  // ORDER BY sk DESC reads the partition backwards.
  if (!differsOn('dynamodb-local', 'DynamoDB Local reads forward and sorts each page', t)) {
    assert.deepEqual(await pages('SELECT * FROM "t" WHERE pk = \'a\' ORDER BY sk DESC', { Limit: 2 }), [['a3', 'a2'], ['a1']]);
  }
  assert.deepEqual(await pages('SELECT * FROM "t" WHERE pk = \'a\' AND x = 5', { Limit: 1 }), [['a1'], [], [], []]);
  assert.deepEqual(await pages('SELECT * FROM "t" WHERE pk IN [\'a\', \'c\']', { Limit: 2 }), [['a1', 'a2'], ['a3', 'c1'], ['c2']]);
  assert.deepEqual(await pages('SELECT * FROM "t" WHERE pk = \'a\' AND sk = 1', { Limit: 1 }), [['a1'], []]);
  const scan = await pages('SELECT * FROM "t"', { Limit: 4 });
  assert.deepEqual(scan.map((p) => p.length), [4, 2]);
  assert.deepEqual(sorted(scan.flat()), sorted(keys(ITEMS)));
  const filtered = await pages('SELECT * FROM "t" WHERE x = 7', { Limit: 2 });
  assert.deepEqual(filtered.flat(), ['a2']);
  assert.equal(filtered.length, 4);  // the third page ends at the last item: Limit stopped it
});

test('Limit and NextToken errors', async () => {
  const res = await exec(q('SELECT * FROM "t"'), { Limit: 0 });
  expectError(res, 'ValidationException', /Member must have value greater than or equal to 1/);
  expectError(await exec(q('SELECT * FROM "t"'), { NextToken: 'abc' }), 'ValidationException', 'Invalid NextToken');
});

// ---------------------------------------------------------------------------------------------
// Consumed capacity and the SDK

test('ReturnConsumedCapacity: a read by key costs what a GetItem costs', { skip: differsOn('dynamodb-local', NO_CAPACITY_LOCAL) }, async () => {
  const body = expectOk(await exec(q('SELECT * FROM "t" WHERE pk = \'b\' AND sk = 1'), { ReturnConsumedCapacity: 'TOTAL' }));
  assert.deepEqual(body.ConsumedCapacity, { TableName: T, CapacityUnits: 0.5 });
  const strong = expectOk(await exec(q('SELECT * FROM "t" WHERE pk = \'b\' AND sk = 1'), { ReturnConsumedCapacity: 'TOTAL', ConsistentRead: true }));
  assert.deepEqual(strong.ConsumedCapacity, { TableName: T, CapacityUnits: 1 });
  const index = expectOk(await exec(q('SELECT * FROM "t"."gix" WHERE g = \'G2\''), { ReturnConsumedCapacity: 'INDEXES' }));
  assert.deepEqual(index.ConsumedCapacity, { TableName: T, CapacityUnits: 0.5, Table: { CapacityUnits: 0 },
    GlobalSecondaryIndexes: { gix: { CapacityUnits: 0.5 } } });
  const none = expectOk(await exec(q('SELECT * FROM "t" WHERE pk = \'b\'')));
  assert.equal(none.ConsumedCapacity, undefined);
});

test('the SDK\'s ExecuteStatementCommand round-trips values', async () => {
  const out = await client.send(new ExecuteStatementCommand({
    Statement: `SELECT * FROM "${T}" WHERE pk = ? AND sk = ?`, Parameters: [S('a'), N(1)],
  }));
  assert.deepEqual(normalise(out.Items), [normalise(ITEMS[0])]);
});
