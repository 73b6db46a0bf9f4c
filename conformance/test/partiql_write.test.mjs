// PartiQL INSERT, UPDATE and DELETE through ExecuteStatement: one item each, addressed by its full
// key; the rest of the WHERE is a condition; RETURNING; and the errors.
//
// Reference findings (DynamoDB Local 3.3.1):
// - INSERT never overwrites: an existing key is DuplicateItemException "Duplicate primary key
//   exists in table" (DynamoDB Local's __type is "DuplicateItem"; AWS's API reference and SDKs
//   name the exception DuplicateItemException, which Minnow sends).
// - UPDATE writes only an existing item (a missing one is ConditionalCheckFailedException);
//   DELETE of a missing item succeeds. SET a = v, SET a = a + 1, list_append, if_not_exists,
//   SET s = set_add(s, <<...>>) (ADD) and set_delete (DELETE), REMOVE a; several SET and
//   REMOVE clauses, SET with commas, REMOVE without. The answer is {"Items": []}, or with
//   RETURNING ALL OLD * | MODIFIED OLD * | ALL NEW * | MODIFIED NEW * the item (or its updated
//   attributes) as the only element of Items.
// - The key must be fixed by = on every key attribute; other conditions (on key attributes too)
//   make the write conditional.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { makeClient } from '../lib/client.mjs';
import { rawCall, expectError, expectOk } from '../lib/http.mjs';
import { differsOn } from '../lib/reference.mjs';
import { tableNamer } from '../lib/names.mjs';
import { keyedTable, createTable, dropTables } from '../lib/tables.mjs';
import { normalise } from '../lib/values.mjs';

const client = makeClient();
const newName = tableNamer('partiql-write');
const T = newName('t');  // pk S, sk N
const H = newName('h');  // id S
const NOT_WELL_FORMED = "Statement wasn't well formed, can't be processed: ";
// DynamoDB gives its parser's reason after the colon (partiql_select.test.mjs pins them);
// DynamoDB Local quotes the statement.
function expectNotWellFormed(res, statement, t) {
  if (differsOn('dynamodb-local', 'quotes the statement after the colon', t)) {
    expectError(res, 'ValidationException', NOT_WELL_FORMED + statement);
    return;
  }
  expectError(res, 'ValidationException', new RegExp(`^${NOT_WELL_FORMED}`));
  assert.ok(!res.message.includes(statement), res.message);
}
const INCOMPLETE = 'Where clause does not contain a mandatory equality on all key attributes';
const COND_FAILED = 'The conditional request failed';

const S = (s) => ({ S: s });
const N = (n) => ({ N: String(n) });
let seq = 0;
const uniq = (label = 'i') => `${label}-${++seq}`;

before(async () => {
  await createTable(client, keyedTable(T, ['pk', 'S'], ['sk', 'N']));
  await createTable(client, keyedTable(H, ['id', 'S']));
});
after(() => dropTables(client, [T, H]));

const exec = (Statement, extra = {}) => rawCall('ExecuteStatement', { Statement, ...extra });
const q = (text) => text.replaceAll('"t"', `"${T}"`).replaceAll('"h"', `"${H}"`);
const run = async (text, extra) => expectOk(await exec(q(text), extra));
const get = async (Key, TableName = H) => expectOk(await rawCall('GetItem', { TableName, Key, ConsistentRead: true })).Item;
const put = async (Item, TableName = H) => expectOk(await rawCall('PutItem', { TableName, Item }));

function expectDuplicate(res, t) {
  if (differsOn('dynamodb-local', 'DynamoDB Local\'s __type is DuplicateItem', t)) {
    expectError(res, 'com.amazonaws.dynamodb.v20120810#DuplicateItem', 'Duplicate primary key exists in table');
  } else {
    expectError(res, 'com.amazonaws.dynamodb.v20120810#DuplicateItemException', 'Duplicate primary key exists in table');
  }
}

// ---------------------------------------------------------------------------------------------
// INSERT

test('INSERT writes a new item with every kind of value, and never overwrites', async (t) => {
  const id = uniq();
  const body = await run(`INSERT INTO "h" VALUE {'id': '${id}', 'n': 1.50, 'big': 12345678901234567890123456789012345678, 'neg': -7,
    'e': 1e3, 's': 'it''s', 'empty': '', 'b': TRUE, 'z': NULL, 'm': {'a': [1, <<1, 2>>, <<'x', 'y'>>, NULL, FALSE]}, 'l': []}`);
  assert.deepEqual(body, { Items: [] });
  assert.deepEqual(normalise(await get({ id: S(id) })), normalise({
    id: S(id), n: N('1.5'), big: N('12345678901234567890123456789012345678'), neg: N(-7), e: N(1000), s: S("it's"),
    empty: S(''), b: { BOOL: true }, z: { NULL: true }, l: { L: [] },
    m: { M: { a: { L: [N(1), { NS: ['1', '2'] }, { SS: ['x', 'y'] }, { NULL: true }, { BOOL: false }] } } },
  }));
  expectDuplicate(await exec(q(`INSERT INTO "h" VALUE {'id': '${id}', 'other': 1}`)), t);
  assert.equal((await get({ id: S(id) })).other, undefined);
});

test('INSERT with parameters', async () => {
  const id = uniq();
  await run('INSERT INTO "t" VALUE {\'pk\': ?, \'sk\': ?, \'a\': ?, \'b\': ?}', {
    Parameters: [S(id), N(3), { SS: ['x', 'y'] }, { M: { k: { L: [N(1)] } } }],
  });
  assert.deepEqual(normalise(await get({ pk: S(id), sk: N(3) }, T)),
    normalise({ pk: S(id), sk: N(3), a: { SS: ['x', 'y'] }, b: { M: { k: { L: [N(1)] } } } }));
});

// A third element is DynamoDB Local's wording, where it differs from DynamoDB's.
const LOCAL_WORDS = 'words it its own way';
const expected = (row, t) => (row[2] && differsOn('dynamodb-local', LOCAL_WORDS, t) ? row[2] : row[1]);

test('INSERT errors', async (t) => {
  const cases = [
    ['INSERT INTO "h" VALUE {\'v\': 3}', 'Key attribute should be present in the item: Key id'],
    ['INSERT INTO "h" VALUE {\'id\': 3}', 'Key attribute\'s data type should match its data type in table\'s schema: Key id'],
    ['INSERT INTO "h" VALUE {\'id\': \'\'}', 'One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: id'],
    ['INSERT INTO "t" VALUE {\'pk\': \'a\'}', 'Key attribute should be present in the item: Key sk'],
    ['INSERT INTO "h" VALUE {\'id\': \'x\'} RETURNING ALL OLD *', 'RETURNING is not supported in INSERT'],
    ['INSERT INTO "h" << {\'id\': \'x\'} >>', 'Unsupported operation: InsertOp'],
    ['INSERT INTO "h" VALUE {\'id\': \'6\', \'e\': <<1, \'a\'>>}', 'Unsupported data type in Bag. DynamoDB only supports either numbers or strings in bags'],
    ['INSERT INTO "h" VALUE {\'id\': \'6\', \'e\': <<1, 1>>}', 'One or more parameter values were invalid: Input collection [1, 1] contains duplicates.',
      'Input collection contains duplicates'],
    // Out of range: DynamoDB names the place in the value (2026).
    ['INSERT INTO "h" VALUE {\'id\': \'10\', \'n\': 1e200}', 'Number overflow. Attempting to store a number with magnitude larger than supported range under root',
      'Number overflow. Attempting to store a number with magnitude larger than supported range'],
    ['INSERT INTO "h" VALUE {\'id\': \'10\', \'m\': {\'x\': [1, 1e-200]}}', 'Number underflow. Attempting to store a number with magnitude smaller than supported range under root.x[1]',
      'Number underflow. Attempting to store a number with magnitude smaller than supported range'],
  ];
  for (const row of cases) expectError(await exec(q(row[0])), 'ValidationException', expected(row, t));
  // Messages with positions, counted on a table named "hsh".
  const positioned = [
    ['INSERT INTO "hsh" VALUE {\'id\': \'4\', \'id\': \'5\'}', 'Duplicate keys in tuple. Key: id under root at 1:37:4'],
    ['INSERT INTO "hsh" VALUE {\'id\': \'4\', \'m\': {\'a\': [1, <<1,2>>, <<\'x\'>>, null, true, MISSING]}}', 'Unsupported data type: LiteralMissing under key root.a.5 at 1:82:7'],
    ['INSERT INTO "hsh" VALUE {\'id\': \'6\', \'e\': <<>>}', 'Empty bags are not supported', 'Empty bags are not supported at 1:42:2'],
    ['INSERT INTO "hsh" VALUE {\'id\': \'6\', \'e\': <<true>>}', 'Unsupported data type in Bag. DynamoDB only supports either numbers or strings in bags at 1:44:4'],
    ['INSERT INTO "hsh" VALUE {\'id\': \'6\', "e": 1}', 'Tuple keys must be of type String. Actual type: VariableReference under root at 1:37:3'],
    ['INSERT INTO "hsh" VALUE {\'id\': \'6\', 1: 1}', 'Tuple keys must be of type String. Actual type: INT under root at 1:37:1'],
    ['INSERT INTO "hsh" VALUE [1]', 'Unsupported format in item expression. Please use struct format {...} to express item values for insert statement. at 1:25:1'],
    ['INSERT INTO "hsh" VALUE {\'id\': \'9\', \'n2\': -0.0}', 'Negative zero decimal is not supported under key root at 1:44:3'],
  ];
  for (const row of positioned) {
    const res = await exec(row[0]);
    if (res.type?.endsWith('ResourceNotFoundException')) continue;  // a server without table "hsh" stops earlier
    expectError(res, 'ValidationException', expected(row, t));
  }
  expectError(await exec(q('INSERT INTO "h" VALUE ?'), { Parameters: [{ M: { id: S('p1') } }] }), 'ValidationException',
    /^Unsupported format in item expression\. Please use struct format \{\.\.\.\} to express item values for insert statement\. at 1:\d+:1$/);
  expectError(await exec(q('INSERT INTO "t"."idx" VALUE {\'pk\': \'a\', \'sk\': 1}')), 'ValidationException',
    'FROM clause may only contain a single table name in data manipulation statements');
});

// ---------------------------------------------------------------------------------------------
// UPDATE

test('UPDATE sets, adds, appends and removes, and RETURNING gives the item', async () => {
  const id = uniq();
  await put({ id: S(id), v: N(1), l: { L: [N(1)] }, s: { SS: ['a', 'b'] }, gone: S('x'), m: { M: { a: { M: { b: N(1) } } } } });
  assert.deepEqual(await run(`UPDATE "h" SET v = v + 1, w = 'x' WHERE id = '${id}'`), { Items: [] });
  assert.deepEqual(await run(`UPDATE "h" SET v = v - 5 WHERE id = '${id}' RETURNING MODIFIED OLD *`), { Items: [{ v: N(2) }] });
  assert.deepEqual(await run(`UPDATE "h" SET l = list_append(l, [2, 3]) WHERE id = '${id}' RETURNING MODIFIED NEW *`),
    { Items: [{ l: { L: [N(1), N(2), N(3)] } }] });
  assert.deepEqual(normalise(await run(`UPDATE "h" SET s = set_add(s, <<'c'>>) WHERE id = '${id}' RETURNING MODIFIED NEW *`)),
    { Items: [{ s: { SS: ['a', 'b', 'c'] } }] });
  assert.deepEqual(normalise(await run(`UPDATE "h" SET s = set_delete(s, <<'a'>>) WHERE id = '${id}' RETURNING MODIFIED NEW *`)),
    { Items: [{ s: { SS: ['b', 'c'] } }] });
  assert.deepEqual(await run(`UPDATE "h" SET q = if_not_exists(q, 5) SET m.a.b = 2, l[0] = 9 REMOVE gone WHERE id = '${id}' RETURNING ALL NEW *`).then(normalise),
    normalise({ Items: [{ id: S(id), v: N(-3), w: S('x'), l: { L: [N(9), N(2), N(3)] }, s: { SS: ['b', 'c'] }, q: N(5),
      m: { M: { a: { M: { b: N(2) } } } } }] }));
  const old = await run(`UPDATE "h" SET v = 0 REMOVE l REMOVE w WHERE id = '${id}' RETURNING ALL OLD *`);
  assert.equal(old.Items[0].v.N, '-3');
  assert.deepEqual(Object.keys(await get({ id: S(id) })).sort(), ['id', 'm', 'q', 's', 'v']);
  // Quoted names; parameters anywhere a value goes.
  await run(`UPDATE "h" SET "v" = ? WHERE "id" = ?`, { Parameters: [{ L: [{ NULL: true }] }, S(id)] });
  assert.deepEqual((await get({ id: S(id) })).v, { L: [{ NULL: true }] });
});

test('UPDATE writes only an existing item; the rest of the WHERE is its condition', async () => {
  const id = uniq();
  expectError(await exec(q(`UPDATE "h" SET v = 1 WHERE id = '${id}'`)), 'ConditionalCheckFailedException', COND_FAILED);
  assert.equal(await get({ id: S(id) }), undefined);
  await put({ id: S(id), v: N(1) });
  expectError(await exec(q(`UPDATE "h" SET v = 2 WHERE id = '${id}' AND v = 100`)), 'ConditionalCheckFailedException', COND_FAILED);
  const fail = await exec(q(`UPDATE "h" SET v = 2 WHERE id = '${id}' AND v IS MISSING`), { ReturnValuesOnConditionCheckFailure: 'ALL_OLD' });
  expectError(fail, 'ConditionalCheckFailedException', COND_FAILED);
  assert.deepEqual(fail.body.Item, { id: S(id), v: N(1) });
  await run(`UPDATE "h" SET v = 2 WHERE id = '${id}' AND attribute_exists(v) AND v < 2`);
  assert.deepEqual(await get({ id: S(id) }), { id: S(id), v: N(2) });
  const pk = uniq();
  await put({ pk: S(pk), sk: N(1), n: N(1) }, T);
  await run(`UPDATE "t" SET n = n + 1 WHERE pk = '${pk}' AND sk = 1 AND sk > 0`);
  assert.equal((await get({ pk: S(pk), sk: N(1) }, T)).n.N, '2');
});

// DynamoDB also reads an UPDATE written FROM first (FROM "T" WHERE <key> [AND <condition>]
// SET ... | REMOVE ..., in any order and number), with UPDATE's meaning, alone, in a batch and
// in a transaction. DynamoDB Local does not parse it.
test('FROM-first UPDATE', { skip: differsOn('dynamodb-local', "says the statement wasn't well formed") }, async () => {
  const id = uniq();
  await put({ id: S(id), v: N(1), gone: S('x') });
  const out = await run(`FROM "h" WHERE id = '${id}' REMOVE gone SET v = v + 1, w = 'a' SET x = ? RETURNING ALL NEW *`,
    { Parameters: [N(5)] });
  assert.deepEqual(out.Items, [{ id: S(id), v: N(2), w: S('a'), x: N(5) }]);
  await run(`from "h" where id = '${id}' and v = 2 set v = 3`);
  assert.equal((await get({ id: S(id) })).v.N, '3');
  // A key with no item, or a false condition: nothing written.
  const missing = uniq();
  expectError(await exec(q(`FROM "h" WHERE id = '${missing}' SET v = 1`)), 'ConditionalCheckFailedException', COND_FAILED);
  assert.equal(await get({ id: S(missing) }), undefined);
  expectError(await exec(q(`FROM "h" WHERE id = '${id}' AND v = 100 SET v = 9`)), 'ConditionalCheckFailedException', COND_FAILED);
  assert.equal((await get({ id: S(id) })).v.N, '3');
  // In a batch and in a transaction.
  const batch = expectOk(await rawCall('BatchExecuteStatement', { Statements: [{ Statement: q(`FROM "h" WHERE id = '${id}' SET b = 1`) }] }));
  assert.deepEqual(batch.Responses, [{ TableName: H }]);
  expectOk(await rawCall('ExecuteTransaction', { TransactStatements: [{ Statement: q(`FROM "h" WHERE id = '${id}' SET t = 1`) }] }));
  const item = await get({ id: S(id) });
  assert.equal(item.b.N, '1');
  assert.equal(item.t.N, '1');
});

test('UPDATE errors', async (t) => {
  await put({ id: S('1'), v: N(1) });
  const cases = [
    ['UPDATE "h" SET v = 1', INCOMPLETE],
    ['UPDATE "h" SET v = 1 WHERE v = 100', INCOMPLETE],
    ['UPDATE "h" SET v = 1 WHERE id = \'1\' OR id = \'2\'', INCOMPLETE],
    ['UPDATE "h" SET v = 1 WHERE id IN [\'1\']', INCOMPLETE],
    ['UPDATE "h" SET v = 1 WHERE id > \'1\'', INCOMPLETE],
    ['UPDATE "t" SET v = 1 WHERE pk = \'a\'', INCOMPLETE],
    ['UPDATE "h" SET V = 3 WHERE ID = \'1\'', INCOMPLETE],
    ['UPDATE "h" SET v = 1 WHERE id = \'1\' AND id = \'2\'', 'Multiple conditions on same key id. Only single item Update/Insert/Delete are supported'],
    ['UPDATE "h" SET v = 1 WHERE id = 1', 'Key attribute\'s data type should match its data type in table\'s schema: Key id'],
    ['UPDATE "h" SET id = \'9\' WHERE id = \'1\'', 'One or more parameter values were invalid: Cannot update attribute id. This attribute is part of the key'],
    ['UPDATE "h" SET v = 1, v = 2 WHERE id = \'1\'', 'Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [v], path two: [v]'],
    ['UPDATE "h" SET v = 1 SET v = 2 WHERE id = \'1\'', 'Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [v], path two: [v]'],
    ['UPDATE "h" SET v = 1 REMOVE v WHERE id = \'1\'', 'Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [v], path two: [v]'],
    ['UPDATE "h" SET v = v * 2 WHERE id = \'1\'', 'Unsupported operator in Update Expression. Operator: *'],
    ['UPDATE "h" SET v = size(v) WHERE id = \'1\'', 'The function is not allowed in an update expression; function: size'],
    ['UPDATE "h" SET v = MISSING WHERE id = \'1\'', 'MISSING must be compared using IS operator'],
    ['UPDATE "h" SET v = 1 WHERE id = \'1\' AND v + 1 = 2', 'Unsupported operator in Condition Expression. Operator: +'],
    ['UPDATE "h" SET v = 1 WHERE id = \'1\' RETURNING ALL OLD *, ALL NEW *', 'Invalid syntax with multiple returning elements in RETURNING clause'],
    ['UPDATE "h" SET v = 1 WHERE id = \'1\' RETURNING ALL OLD v', 'Expected \'*\' after ( MODIFIED | ALL ) ( NEW | OLD ) in RETURNING clause'],
    ['UPDATE "t"."idx" SET v = 1 WHERE pk = \'a\' AND sk = 1', 'This operation is not supported on an index'],
  ];
  for (const [statement, message] of cases) expectError(await exec(q(statement)), 'ValidationException', message);
  const positioned = [
    ['UPDATE "hsh" SET s = set_add(s, \'c\') WHERE id = \'1\'', 'The second argument to SET_ADD must be a value with type SET at 1:30:1'],
    ['UPDATE "hsh" SET s = set_add(s) WHERE id = \'1\'', 'SET_ADD must have exactly two arguments at 1:22:7'],
    ['UPDATE "hsh" SET s = set_add(t, <<\'c\'>>) WHERE id = \'1\'', 'The first argument to SET_ADD must equal the assignment value at 1:30:1',
      'The first argument to SET_ADD must equal the assignment value'],
    ['UPDATE "hsh" SET s = set_add(s, <<\'x\', \'x\'>>) WHERE id = \'1\'', 'One or more parameter values were invalid: Input collection [x, x] contains duplicates.',
      'Input collection contains duplicates'],
  ];
  for (const row of positioned) {
    const res = await exec(row[0]);
    if (res.type?.endsWith('ResourceNotFoundException')) continue;
    expectError(res, 'ValidationException', expected(row, t));
  }
  for (const statement of ['UPDATE "h" REMOVE a, b WHERE id = \'1\'', 'UPDATE "h" SET v += 1 WHERE id = \'1\'',
    'UPDATE "h" SET v = 1 WHERE id = \'1\' RETURNING ALL OLD', 'UPDATE "h" SET v = 1 WHERE id = \'1\' RETURNING NONE',
    'UPDATE "h" SET v = 1 WHERE id = \'1\' RETURNING UPDATED OLD *', 'UPDATE "h" WHERE id = \'1\'']) {
    expectNotWellFormed(await exec(q(statement)), q(statement), t);
  }
});

// ---------------------------------------------------------------------------------------------
// DELETE

test('DELETE removes the item; a missing one is fine; the rest of the WHERE is a condition', async () => {
  const id = uniq();
  await put({ id: S(id), v: N(1) });
  expectError(await exec(q(`DELETE FROM "h" WHERE id = '${id}' AND v = 2`)), 'ConditionalCheckFailedException', COND_FAILED);
  const fail = await exec(q(`DELETE FROM "h" WHERE id = '${id}' AND v = 2`), { ReturnValuesOnConditionCheckFailure: 'ALL_OLD' });
  assert.deepEqual(fail.body.Item, { id: S(id), v: N(1) });
  assert.deepEqual(await run(`DELETE FROM "h" WHERE id = '${id}' RETURNING ALL OLD *`), { Items: [{ id: S(id), v: N(1) }] });
  assert.equal(await get({ id: S(id) }), undefined);
  assert.deepEqual(await run(`DELETE FROM "h" WHERE id = '${id}'`), { Items: [] });
  // The rest of the WHERE is not checked against an item that does not exist.
  assert.deepEqual(await run(`DELETE FROM "h" WHERE id = '${id}' AND v = 2`), { Items: [] });
  assert.deepEqual(await run(`DELETE FROM "h" WHERE id = '${id}' RETURNING ALL OLD *`), { Items: [] });
  const pk = uniq();
  await put({ pk: S(pk), sk: N(2) }, T);
  await run('DELETE FROM "t" WHERE pk = ? AND sk = ?', { Parameters: [S(pk), N(2)] });
  assert.equal(await get({ pk: S(pk), sk: N(2) }, T), undefined);
});

test('DELETE errors', async (t) => {
  const cases = [
    ['DELETE FROM "h"', INCOMPLETE],
    ['DELETE FROM "h" WHERE v = 1', INCOMPLETE],
    ['DELETE FROM "t" WHERE pk = \'a\'', INCOMPLETE],
    ['DELETE FROM "h" WHERE id = \'4\' RETURNING ALL NEW *', 'Invalid returning clause: RETURNING ALL NEW *. Only RETURNING ALL OLD * is allowed in DELETE statements.'],
    ['DELETE FROM "h" WHERE id = \'4\' RETURNING MODIFIED OLD *', 'Invalid returning clause: RETURNING MODIFIED OLD *. Only RETURNING ALL OLD * is allowed in DELETE statements.'],
    ['DELETE FROM "t"."idx" WHERE pk = \'a\' AND sk = 1', 'This operation is not supported on an index'],
    ['DELETE FROM "h" x WHERE id = \'5\'', 'Aliasing is not supported'],
  ];
  for (const [statement, message] of cases) expectError(await exec(q(statement)), 'ValidationException', message);
  expectNotWellFormed(await exec(q('DELETE "h" WHERE id = \'5\'')), q('DELETE "h" WHERE id = \'5\''), t);
  expectError(await exec(q('EXISTS(SELECT * FROM "h" WHERE id = \'1\' AND v = 1)')), 'ValidationException',
    'EXISTS can only be used in ExecuteTransaction write requests.');
});
