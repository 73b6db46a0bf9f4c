// ConditionExpression on PutItem, DeleteItem and UpdateItem: every comparator and function,
// BETWEEN, IN, AND/OR/NOT precedence, and ConditionalCheckFailedException with and without
// ReturnValuesOnConditionCheckFailure=ALL_OLD.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  PutItemCommand, GetItemCommand, DeleteItemCommand, UpdateItemCommand, ConditionalCheckFailedException,
} from '@aws-sdk/client-dynamodb';
import { PutCommand, DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { makeClient, makeDocumentClient } from '../lib/client.mjs';
import { rawCall, expectError, ERROR_TYPES } from '../lib/http.mjs';
import { differsOn } from '../lib/reference.mjs';
import { tableNamer } from '../lib/names.mjs';
import { keyedTable, createTable, dropTables } from '../lib/tables.mjs';
import { normalise, rejects } from '../lib/values.mjs';

const client = makeClient();
const doc = makeDocumentClient(client);
const newName = tableNamer('conditions');
const T = newName('h');   // pk S HASH

after(() => dropTables(client, [T]));

const bytes = (s) => new Uint8Array(Buffer.from(s));
const FAILED = 'The conditional request failed';
const NO_ALL_OLD = 'dynalite ignores ReturnValuesOnConditionCheckFailure (no Item on the exception)';
let seq = 0;
const key = () => ({ pk: { S: `c${++seq}` } });

async function get(Key) {
  return (await client.send(new GetItemCommand({ TableName: T, Key, ConsistentRead: true }))).Item;
}

// The item every condition below is evaluated against.
const FIXTURE = {
  pk: { S: 'fixture' },
  n: { N: '5' },
  s: { S: 'apple' },
  b: { B: bytes('abc') },
  t: { BOOL: true },
  nul: { NULL: true },
  ss: { SS: ['a', 'b'] },
  ns: { NS: ['1', '2', '3'] },
  bs: { BS: [bytes('x'), bytes('yz')] },
  l: { L: [{ S: 'x' }, { N: '1' }, { M: { q: { S: 'r' } } }] },
  m: { M: { inr: { M: { deep: { N: '7' } } }, s: { S: 'v' } } },
  emp: { S: '' },
  'a.b': { S: 'dotted' },
  status: { S: 'on' },
};
before(async () => {
  await createTable(client, keyedTable(T, ['pk', 'S']));
  await client.send(new PutItemCommand({ TableName: T, Item: FIXTURE }));
});

// Evaluates a ConditionExpression against FIXTURE through a PutItem that writes FIXTURE back
// unchanged: true when the put succeeds, false on ConditionalCheckFailedException.
async function holds(ConditionExpression, values, names) {
  const params = { TableName: T, Item: FIXTURE, ConditionExpression };
  if (values) params.ExpressionAttributeValues = values;
  if (names) params.ExpressionAttributeNames = names;
  try {
    await client.send(new PutItemCommand(params));
    return true;
  } catch (e) {
    if (e.name === 'ConditionalCheckFailedException') return false;
    throw e;
  }
}

const N = (n) => ({ N: String(n) });
const S = (s) => ({ S: s });

// Each row: [condition, ExpressionAttributeValues, expected result, ExpressionAttributeNames?,
// [reference, reason]? for a row a reference is known to get wrong].
const comparators = [
  // = compares numbers by value and never matches another type.
  ['n = :v', { ':v': N(5) }, true],
  ['n = :v', { ':v': N('5.00') }, true],
  ['n = :v', { ':v': S('5') }, false],
  ['s = :v', { ':v': S('apple') }, true],
  ['b = :v', { ':v': { B: bytes('abc') } }, true],
  ['t = :v', { ':v': { BOOL: true } }, true],
  ['nul = :v', { ':v': { NULL: true } }, true],
  // Sets are equal whatever the order of their members; lists and maps compare deeply.
  ['ss = :v', { ':v': { SS: ['b', 'a'] } }, true],
  ['ns = :v', { ':v': { NS: ['3', '2', '1.0'] } }, true],
  ['l = :v', { ':v': { L: [S('x'), N(1), { M: { q: S('r') } }] } }, true, null, ['dynalite', 'dynalite never finds a list holding a map equal']],
  ['l = :v', { ':v': { L: [N(1), S('x'), { M: { q: S('r') } }] } }, false],
  ['m.inr = :v', { ':v': { M: { deep: N(7) } } }, true, null, ['dynalite', 'dynalite never finds two maps equal']],
  // <> is true for a different value or a different type.
  ['n <> :v', { ':v': N(6) }, true],
  ['n <> :v', { ':v': N(5) }, false],
  ['n <> :v', { ':v': S('5') }, true],
  // <, <=, >, >= order numbers numerically.
  ['n < :v', { ':v': N(10) }, true],
  ['n < :v', { ':v': N(5) }, false],
  ['n <= :v', { ':v': N(5) }, true],
  ['n > :v', { ':v': N(-10) }, true],
  ['n > :v', { ':v': N('4.99') }, true],
  ['n >= :v', { ':v': N('5.0') }, true],
  ['n >= :v', { ':v': N(6) }, false],
  // Strings and binaries order bytewise ("a" > "B").
  ['s < :v', { ':v': S('banana') }, true],
  ['s > :v', { ':v': S('Banana') }, true],
  ['s >= :v', { ':v': S('apple') }, true],
  ['b < :v', { ':v': { B: bytes('abd') } }, true],
  ['b > :v', { ':v': { B: bytes('ab') } }, true],
  // Ordering across types is false, never an error.
  ['n < :v', { ':v': S('9') }, false],
  ['s > :v', { ':v': N(1) }, false],
  // Both operands may be paths.
  ['n < m.inr.deep', null, true],
  ['m.s <> s', null, true],
  // An absent attribute compares false, except with <>.
  ['nope = :v', { ':v': N(5) }, false],
  ['nope < :v', { ':v': N(5) }, false],
  ['nope <> :v', { ':v': N(5) }, true],
];

const functions = [
  // attribute_exists / attribute_not_exists, top-level and nested.
  ['attribute_exists(n)', null, true],
  ['attribute_exists(nope)', null, false],
  ['attribute_exists(m.inr.deep)', null, true],
  ['attribute_exists(m.inr.nope)', null, false],
  ['attribute_exists(l[2].q)', null, true],
  ['attribute_exists(l[3])', null, false],
  ['attribute_exists(nul)', null, true],
  ['attribute_not_exists(nope)', null, true],
  ['attribute_not_exists(s)', null, false],
  ['attribute_not_exists(s.x)', null, true],
  // attribute_type, for every type.
  ...[['s', 'S'], ['n', 'N'], ['b', 'B'], ['t', 'BOOL'], ['nul', 'NULL'], ['ss', 'SS'], ['ns', 'NS'], ['bs', 'BS'], ['l', 'L'], ['m', 'M']]
    .map(([a, type]) => [`attribute_type(${a}, :t)`, { ':t': S(type) }, true]),
  ['attribute_type(n, :t)', { ':t': S('S') }, false],
  ['attribute_type(ss, :t)', { ':t': S('L') }, false],
  ['attribute_type(nope, :t)', { ':t': S('N') }, false],
  // begins_with on strings and binaries; false on other types.
  ['begins_with(s, :v)', { ':v': S('app') }, true],
  ['begins_with(s, :v)', { ':v': S('apple') }, true],
  ['begins_with(s, :v)', { ':v': S('pp') }, false],
  ['begins_with(s, :v)', { ':v': S('') }, true],
  ['begins_with(b, :v)', { ':v': { B: bytes('ab') } }, true],
  ['begins_with(b, :v)', { ':v': { B: bytes('b') } }, false],
  ['begins_with(m.s, :v)', { ':v': S('v') }, true],
  ['begins_with(nope, :v)', { ':v': S('a') }, false],
  ['begins_with(l, :v)', { ':v': S('x') }, false],
  // contains: substrings, sub-binaries, set members, list elements.
  ['contains(s, :v)', { ':v': S('ppl') }, true],
  ['contains(s, :v)', { ':v': S('z') }, false],
  ['contains(b, :v)', { ':v': { B: bytes('bc') } }, true],
  ['contains(ss, :v)', { ':v': S('a') }, true],
  ['contains(ss, :v)', { ':v': S('c') }, false],
  ['contains(ns, :v)', { ':v': N('2.0') }, true],
  ['contains(ns, :v)', { ':v': S('2') }, false],
  ['contains(bs, :v)', { ':v': { B: bytes('yz') } }, true],
  ['contains(l, :v)', { ':v': S('x') }, true],
  ['contains(l, :v)', { ':v': N(1) }, true],
  ['contains(l, :v)', { ':v': S('r') }, false],
  ['contains(nope, :v)', { ':v': S('a') }, false],
  ['contains(n, :v)', { ':v': N(5) }, false],
  ['contains(s, m.s)', null, false],
  ['contains(ss, l[0])', null, false],
  // size: string length in bytes, binary length, members of sets, elements of lists and maps.
  ['size(s) = :v', { ':v': N(5) }, true],
  ['size(emp) = :v', { ':v': N(0) }, true, null, ['dynalite', 'dynalite has no size for an empty string']],
  ['size(b) = :v', { ':v': N(3) }, true],
  ['size(ss) = :v', { ':v': N(2) }, true],
  ['size(ns) = :v', { ':v': N(3) }, true],
  ['size(bs) = :v', { ':v': N(2) }, true],
  ['size(l) = :v', { ':v': N(3) }, true],
  ['size(m) = :v', { ':v': N(2) }, true],
  ['size(l[2]) = :v', { ':v': N(1) }, true],
  ['size(s) > :v', { ':v': N(4) }, true],
  ['size(s) < size(l)', null, false],
  ['size(s) BETWEEN :a AND :b', { ':a': N(1), ':b': N(5) }, true],
  ['size(s) IN (:a, :b)', { ':a': N(1), ':b': N(5) }, true],
  // size of an absent attribute, or of a number, matches nothing.
  ['size(nope) = :v', { ':v': N(0) }, false],
  ['size(nope) <> :v', { ':v': N(0) }, true],
  ['size(n) = :v', { ':v': N(1) }, false],
  ['size(t) = :v', { ':v': N(1) }, false],
];

const betweenIn = [
  // BETWEEN is inclusive at both ends.
  ['n BETWEEN :a AND :b', { ':a': N(1), ':b': N(5) }, true],
  ['n BETWEEN :a AND :b', { ':a': N(5), ':b': N(10) }, true],
  ['n BETWEEN :a AND :b', { ':a': N(6), ':b': N(10) }, false],
  ['n BETWEEN :a AND :b', { ':a': N(5), ':b': N(5) }, true],
  ['s BETWEEN :a AND :b', { ':a': S('a'), ':b': S('b') }, true],
  ['s BETWEEN :a AND :b', { ':a': S('apples'), ':b': S('b') }, false],
  ['b BETWEEN :a AND :b', { ':a': { B: bytes('abb') }, ':b': { B: bytes('abd') } }, true],
  ['n BETWEEN :a AND :b', { ':a': S('1'), ':b': S('9') }, false],
  ['nope BETWEEN :a AND :b', { ':a': N(1), ':b': N(9) }, false],
  ['m.inr.deep BETWEEN n AND :b', { ':b': N(9) }, true],
  // IN is true when any operand is equal.
  ['n IN (:a)', { ':a': N(5) }, true],
  ['n IN (:a, :b, :c)', { ':a': N(1), ':b': S('5'), ':c': N('5.0') }, true],
  ['n IN (:a, :b)', { ':a': N(1), ':b': S('5') }, false],
  ['s IN (:a, :b)', { ':a': S('pear'), ':b': S('apple') }, true],
  ['ss IN (:a)', { ':a': { SS: ['b', 'a'] } }, true],
  ['nope IN (:a)', { ':a': N(5) }, false],
  ['n IN (m.inr.deep, :a)', { ':a': N(5) }, true],
];

const T5 = { ':five': N(5), ':six': N(6) };
const logic = [
  // AND binds tighter than OR: a OR (b AND c).
  ['n = :five OR n = :six AND s = :no', { ...T5, ':no': S('no') }, true],
  ['n = :six AND s = :no OR n = :five', { ...T5, ':no': S('no') }, true],
  ['(n = :five OR n = :six) AND s = :no', { ...T5, ':no': S('no') }, false],
  // NOT binds tighter than AND and OR.
  ['NOT n = :five AND n = :six', T5, false],
  ['NOT (n = :five AND n = :six)', T5, true],
  ['NOT n = :five OR n = :five', { ':five': N(5) }, true],
  ['NOT (n = :five OR n = :five)', { ':five': N(5) }, false],
  ['NOT NOT n = :five', { ':five': N(5) }, true, null, ['dynalite', 'dynalite refuses NOT NOT (a syntax error)']],
  ['NOT attribute_exists(nope)', null, true],
  // AND and OR are left to right, true and false as expected.
  ['n = :five AND n = :five AND n = :six', T5, false],
  ['n = :six OR n = :six OR n = :five', T5, true],
  ['(n = :five) AND (n <> :six)', T5, true],
  // Keywords are case-insensitive (function names are not: see expression_errors).
  ['n = :five and not (n = :six) or n between :five and :six', T5, true],
  ['N = :five', { ':five': N(5) }, false],
  ['attribute_exists(n) AnD size(s) = :five', { ':five': N(5) }, true],
];

const names = [
  // #names substitute attribute names: dotted names, reserved words, nested paths.
  ['#ab = :v', { ':v': S('dotted') }, true, { '#ab': 'a.b' }],
  ['a.b = :v', { ':v': S('dotted') }, false],
  ['#st = :v', { ':v': S('on') }, true, { '#st': 'status' }],
  ['#m.#i.#d = :v', { ':v': N(7) }, true, { '#m': 'm', '#i': 'inr', '#d': 'deep' }],
  ['#m.inr.#d = :v AND #m.s = :s', { ':v': N(7), ':s': S('v') }, true, { '#m': 'm', '#d': 'deep' }],
  ['#l[2].q = :v', { ':v': S('r') }, true, { '#l': 'l' }],
  ['l[0] = :v', { ':v': S('x') }, true],
  ['#x = :v', { ':v': S('apple') }, false, { '#x': 'S' }],
];

for (const [group, rows] of [['comparators', comparators], ['functions', functions], ['BETWEEN and IN', betweenIn],
  ['AND/OR/NOT', logic], ['names and paths', names]]) {
  // One test per group: each condition is evaluated on the stored item, true or false as DynamoDB says.
  test(`ConditionExpression: ${group} rows evaluate as DynamoDB does`, async (t) => {
    for (const [expr, values, expected, names_, differs] of rows) {
      if (differs && differsOn(differs[0], `${expr}: ${differs[1]}`, t)) continue;
      assert.equal(await holds(expr, values, names_), expected, `${expr} ${JSON.stringify(values)}`);
    }
  });
}

// ---------------------------------------------------------------------------------------------
// The condition on each write operation

// attribute_not_exists(pk) makes PutItem insert-only.
test('PutItem with a ConditionExpression', async () => {
  const k = key();
  const put = (Item, extra = {}) => client.send(new PutItemCommand({ TableName: T, Item, ...extra }));
  await put({ ...k, v: N(1) }, { ConditionExpression: 'attribute_not_exists(pk)' });
  await rejects(put({ ...k, v: N(2) }, { ConditionExpression: 'attribute_not_exists(pk)' }), 'ConditionalCheckFailedException', FAILED);
  assert.deepEqual(await get(k), { ...k, v: N(1) });
  // The condition sees the stored item, not the new one.
  await rejects(put({ ...k, v: N(2) }, { ConditionExpression: 'v = :v', ExpressionAttributeValues: { ':v': N(2) } }),
    'ConditionalCheckFailedException', FAILED);
  await put({ ...k, v: N(3) }, { ConditionExpression: 'v = :v', ExpressionAttributeValues: { ':v': N(1) } });
  assert.deepEqual(await get(k), { ...k, v: N(3) });
  // On an absent item every attribute is absent.
  await rejects(put({ ...key(), v: N(1) }, { ConditionExpression: 'attribute_exists(pk)' }), 'ConditionalCheckFailedException', FAILED);
  await put({ ...key() }, { ConditionExpression: 'nope <> :v', ExpressionAttributeValues: { ':v': N(1) } });
});

// DeleteItem deletes only when the condition holds.
test('DeleteItem with a ConditionExpression', async () => {
  const k = key();
  await client.send(new PutItemCommand({ TableName: T, Item: { ...k, v: N(1) } }));
  const del = (extra) => client.send(new DeleteItemCommand({ TableName: T, Key: k, ...extra }));
  await rejects(del({ ConditionExpression: 'v > :v', ExpressionAttributeValues: { ':v': N(1) } }), 'ConditionalCheckFailedException', FAILED);
  assert.deepEqual(await get(k), { ...k, v: N(1) });
  const out = await del({ ConditionExpression: 'v >= :v', ExpressionAttributeValues: { ':v': N(1) }, ReturnValues: 'ALL_OLD' });
  assert.deepEqual(out.Attributes, { ...k, v: N(1) });
  assert.equal(await get(k), undefined);
  // Deleting an absent item with attribute_exists fails; with attribute_not_exists it succeeds.
  await rejects(del({ ConditionExpression: 'attribute_exists(pk)' }), 'ConditionalCheckFailedException', FAILED);
  await del({ ConditionExpression: 'attribute_not_exists(pk)' });
});

// UpdateItem updates only when the condition holds; placeholders may be shared by both expressions.
test('UpdateItem with a ConditionExpression', async () => {
  const k = key();
  const upd = (extra) => client.send(new UpdateItemCommand({ TableName: T, Key: k, ...extra }));
  // attribute_not_exists on an absent item: the update creates it.
  await upd({ UpdateExpression: 'SET v = :one', ConditionExpression: 'attribute_not_exists(pk)', ExpressionAttributeValues: { ':one': N(1) } });
  await rejects(upd({ UpdateExpression: 'SET v = :one', ConditionExpression: 'attribute_not_exists(pk)', ExpressionAttributeValues: { ':one': N(1) } }),
    'ConditionalCheckFailedException', FAILED);
  // An optimistic-locking style update: the same :v in both expressions.
  await upd({ UpdateExpression: 'SET v = v + :one', ConditionExpression: 'v = :one', ExpressionAttributeValues: { ':one': N(1) } });
  await rejects(upd({ UpdateExpression: 'SET v = v + :one', ConditionExpression: 'v = :one', ExpressionAttributeValues: { ':one': N(1) } }),
    'ConditionalCheckFailedException', FAILED);
  assert.deepEqual(await get(k), { ...k, v: N(2) });
  // #names in the condition and the update.
  await upd({ UpdateExpression: 'SET #v = #v + :one', ConditionExpression: '#v BETWEEN :one AND :two',
    ExpressionAttributeNames: { '#v': 'v' }, ExpressionAttributeValues: { ':one': N(1), ':two': N(2) } });
  assert.deepEqual(await get(k), { ...k, v: N(3) });
});

// The document client passes ConditionExpression through unchanged.
test('DocumentClient conditional put and delete', async () => {
  await doc.send(new PutCommand({ TableName: T, Item: { pk: 'doc-cond', v: 1 }, ConditionExpression: 'attribute_not_exists(pk)' }));
  await rejects(doc.send(new PutCommand({ TableName: T, Item: { pk: 'doc-cond', v: 2 }, ConditionExpression: 'attribute_not_exists(pk)' })),
    'ConditionalCheckFailedException', FAILED);
  await doc.send(new DeleteCommand({ TableName: T, Key: { pk: 'doc-cond' }, ConditionExpression: 'v = :v', ExpressionAttributeValues: { ':v': 1 } }));
});

// A condition that reads a key attribute as a document is refused, not evaluated.
test('ConditionExpression with a nested path into a key attribute is refused',
  { skip: differsOn('dynalite', 'dynalite reads such paths as absent (the condition fails)') }, async () => {
    const message = "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: pk";
    expectError(await rawCall('PutItem', { TableName: T, Item: key(), ConditionExpression: 'pk.x = :v', ExpressionAttributeValues: { ':v': S('x') } }),
      'ValidationException', message);
    expectError(await rawCall('DeleteItem', { TableName: T, Key: key(), ConditionExpression: 'attribute_exists(pk[0])' }), 'ValidationException', message);
    expectError(await rawCall('UpdateItem', { TableName: T, Key: key(), ConditionExpression: 'begins_with(pk.a.b, :v)', ExpressionAttributeValues: { ':v': S('x') } }),
      'ValidationException', message);
    // The key attribute itself is an ordinary operand.
    expectError(await rawCall('PutItem', { TableName: T, Item: key(), ConditionExpression: 'pk = :v', ExpressionAttributeValues: { ':v': S('x') } }),
      'ConditionalCheckFailedException', FAILED);
  });

// ---------------------------------------------------------------------------------------------
// ConditionalCheckFailedException

// Without ReturnValuesOnConditionCheckFailure (or with NONE) the exception has no Item.
test('ConditionalCheckFailedException without ALL_OLD has no Item', async () => {
  const k = key();
  await client.send(new PutItemCommand({ TableName: T, Item: { ...k, v: N(1) } }));
  for (const extra of [{}, { ReturnValuesOnConditionCheckFailure: 'NONE' }]) {
    const e = await rejects(client.send(new PutItemCommand({ TableName: T, Item: k, ConditionExpression: 'attribute_not_exists(pk)', ...extra })),
      'ConditionalCheckFailedException', FAILED);
    assert.ok(e instanceof ConditionalCheckFailedException);
    assert.equal(e.Item, undefined);
    assert.equal(e.$metadata.httpStatusCode, 400);
  }
});

// With ALL_OLD the exception carries the stored item, for Put, Update and Delete alike.
test('ConditionalCheckFailedException with ALL_OLD carries the item', { skip: differsOn('dynalite', NO_ALL_OLD) }, async () => {
  const k = key();
  const stored = { ...k, v: N(1), ss: { SS: ['a', 'b'] }, m: { M: { l: { L: [{ NULL: true }] } } } };
  await client.send(new PutItemCommand({ TableName: T, Item: stored }));
  const common = { TableName: T, ConditionExpression: 'v = :two', ExpressionAttributeValues: { ':two': N(2) }, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' };
  for (const command of [
    new PutItemCommand({ ...common, Item: k }),
    new UpdateItemCommand({ ...common, Key: k, UpdateExpression: 'SET v = :two' }),
    new DeleteItemCommand({ ...common, Key: k }),
  ]) {
    const e = await rejects(client.send(command), 'ConditionalCheckFailedException', FAILED);
    assert.deepEqual(normalise(e.Item), normalise(stored), command.constructor.name);
  }
  assert.deepEqual(normalise(await get(k)), normalise(stored));
});

// With ALL_OLD and no stored item there is nothing to return.
test('ConditionalCheckFailedException with ALL_OLD on an absent item has no Item', async () => {
  const e = await rejects(client.send(new UpdateItemCommand({ TableName: T, Key: key(), UpdateExpression: 'SET v = :v',
    ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':v': N(1) }, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' })),
  'ConditionalCheckFailedException', FAILED);
  assert.equal(e.Item, undefined);
});

// On the wire: DynamoDB's namespace, HTTP 400, and "Item" beside the message.
test('ConditionalCheckFailedException on the wire', async (t) => {
  const k = key();
  await client.send(new PutItemCommand({ TableName: T, Item: { ...k, v: N(1) } }));
  const res = await rawCall('DeleteItem', { TableName: T, Key: k, ConditionExpression: 'attribute_not_exists(v)', ReturnValuesOnConditionCheckFailure: 'ALL_OLD' });
  expectError(res, 'ConditionalCheckFailedException', FAILED);
  assert.equal(res.type, ERROR_TYPES.ConditionalCheckFailedException);
  if (!differsOn('dynalite', NO_ALL_OLD, t)) assert.deepEqual(res.body.Item, { ...k, v: N(1) });
  if (!differsOn('dynamodb-local', 'DynamoDB Local sends "Message"', t)) assert.equal(res.messageKey, 'message');
});

// ReturnValuesOnConditionCheckFailure is an enum of ALL_OLD and NONE.
test('ReturnValuesOnConditionCheckFailure outside the enum is rejected',
  { skip: differsOn('dynalite', 'dynalite does not know ReturnValuesOnConditionCheckFailure') }, async (t) => {
    const res = await rawCall('PutItem', { TableName: T, Item: key(), ConditionExpression: 'attribute_not_exists(pk)', ReturnValuesOnConditionCheckFailure: 'ALL_NEW' });
    expectError(res, 'ValidationException',
      "1 validation error detected: Value 'ALL_NEW' at 'returnValuesOnConditionCheckFailure' failed to satisfy constraint: Member must satisfy enum value set: [ALL_OLD, NONE]",
      differsOn('dynamodb-local', 'DynamoDB Local words this differently', t));
  });
