// UpdateItem with UpdateExpression: SET (+, -, if_not_exists, list_append), REMOVE, ADD, DELETE,
// every ReturnValues, creation of absent items, and the update-specific validation messages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { PutItemCommand, GetItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { UpdateCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { makeClient, makeDocumentClient } from '../lib/client.mjs';
import { rawCall, expectError, expectOk } from '../lib/http.mjs';
import { differsOn } from '../lib/reference.mjs';
import { tableNamer } from '../lib/names.mjs';
import { keyedTable, createTable, dropTables } from '../lib/tables.mjs';
import { padItem } from '../lib/size.mjs';
import { normalise, rejects } from '../lib/values.mjs';

const client = makeClient();
const doc = makeDocumentClient(client);
const newName = tableNamer('update');
const T = newName('h');    // pk S HASH
const TR = newName('hr');  // pk S HASH, sk N RANGE

before(async () => {
  await createTable(client, keyedTable(T, ['pk', 'S']));
  await createTable(client, keyedTable(TR, ['pk', 'S'], ['sk', 'N']));
});
after(() => dropTables(client, [T, TR]));

let seq = 0;
const key = () => ({ pk: { S: `u${++seq}` } });
const b64 = (s) => Buffer.from(s).toString('base64');
const bytes = (s) => new Uint8Array(Buffer.from(s));

async function put(Item) { await client.send(new PutItemCommand({ TableName: T, Item })); }
async function get(Key) {
  return (await client.send(new GetItemCommand({ TableName: T, Key, ConsistentRead: true }))).Item;
}
// UpdateItem through the SDK; `values` may be null.
function update(Key, UpdateExpression, values, extra = {}) {
  const params = { TableName: T, Key, UpdateExpression, ...extra };
  if (values) params.ExpressionAttributeValues = values;
  return client.send(new UpdateItemCommand(params));
}
// UpdateItem on the wire (exact __type and message).
function raw(Key, UpdateExpression, values, extra = {}) {
  const body = { TableName: T, Key, UpdateExpression, ...extra };
  if (values) body.ExpressionAttributeValues = values;
  return rawCall('UpdateItem', body);
}

const INVALID_PATH = 'The document path provided in the update expression is invalid for update';
const BAD_OPERAND = 'An operand in the update expression has an incorrect data type';
const OVERFLOW = 'Number overflow. Attempting to store a number with magnitude larger than supported range';
const UNDERFLOW = 'Number underflow. Attempting to store a number with magnitude smaller than supported range';
const NO_RANGE_CHECK = 'dynalite does no range or precision check on the result of + and ADD';

// ---------------------------------------------------------------------------------------------
// SET

// SET writes new attributes and replaces existing ones, nested ones included.
test('SET writes top-level and nested attributes', async () => {
  const k = key();
  await put({ ...k, a: { S: 'old' }, m: { M: { x: { N: '1' } } }, l: { L: [{ S: 'l0' }, { S: 'l1' }] } });
  await update(k, 'SET a = :s, b = :n, m.x = :n, m.y = :s, l[1] = :n', { ':s': { S: 'new' }, ':n': { N: '7' } });
  assert.deepEqual(await get(k), {
    ...k, a: { S: 'new' }, b: { N: '7' },
    m: { M: { x: { N: '7' }, y: { S: 'new' } } }, l: { L: [{ S: 'l0' }, { N: '7' }] },
  });
});

// + and - are exact decimal arithmetic (no binary floating point: 0.1 + 0.2 is 0.3).
test('SET with + and - is exact decimal arithmetic', async (t) => {
  const k = key();
  await put({ ...k, n: { N: '0.1' }, big: { N: '12345678901234567890123456789012345678' } });
  const out = await update(k, 'SET n = n + :a, m = :b - n, big = big + :one, neg = :one - :b',
    { ':a': { N: '0.2' }, ':b': { N: '1.05' }, ':one': { N: '1' } }, { ReturnValues: 'UPDATED_NEW' });
  // Every SET value is computed from the item as it was before the update: m uses the old n.
  assert.deepEqual(out.Attributes, {
    n: { N: '0.3' }, m: { N: '0.95' }, big: { N: '12345678901234567890123456789012345679' }, neg: { N: '-0.05' },
  });
  // Results are canonical numbers, like stored ones.
  if (!differsOn('dynamodb-local', 'DynamoDB Local keeps the scale of the operands ("1.05 - 1.05" is "0.00")', t)) {
    const zero = await update(k, 'SET z = :b - :b, w = :c + :c', { ':b': { N: '1.05' }, ':c': { N: '0.25' } }, { ReturnValues: 'UPDATED_NEW' });
    assert.deepEqual(zero.Attributes, { z: { N: '0' }, w: { N: '0.5' } });
  }
});

// SET a = b, b = :v copies the old b: SET values are read before anything is written.
test('SET values are computed from the item before the update', async () => {
  const k = key();
  await put({ ...k, a: { S: 'A' }, b: { S: 'B' } });
  await update(k, 'SET a = b, b = a');
  assert.deepEqual(await get(k), { ...k, a: { S: 'B' }, b: { S: 'A' } });
});

// A result beyond DynamoDB's range is refused, like a stored number would be.
test('number overflow and underflow in SET and ADD', { skip: differsOn('dynalite', NO_RANGE_CHECK) }, async () => {
  const k = key();
  await put({ ...k, n: { N: '9E+125' } });
  expectError(await raw(k, 'SET n = n + :a', { ':a': { N: '9E+125' } }), 'ValidationException', OVERFLOW);
  expectError(await raw(k, 'SET x = :a - n', { ':a': { N: '-9E+125' } }), 'ValidationException', OVERFLOW);
  expectError(await raw(k, 'ADD n :a', { ':a': { N: '9E+125' } }), 'ValidationException', OVERFLOW);
  expectError(await raw(k, 'SET x = :a - :b', { ':a': { N: '1.5E-130' }, ':b': { N: '1E-130' } }), 'ValidationException', UNDERFLOW);
  // The largest magnitude still fits.
  await update(k, 'SET n = n + :a', { ':a': { N: '9E+124' } });
  assert.deepEqual((await get(k)).n, { N: '99' + '0'.repeat(124) });
});

// A result that needs more than 38 significant digits is refused: DynamoDB calls it an overflow
// (2026, `1e50 + 1`); dynalite has no check.
test('a result with more than 38 significant digits is refused', { skip: differsOn('dynalite', NO_RANGE_CHECK) }, async (t) => {
  const k = key();
  await put({ ...k, d: { N: '12345678901234567890123456789012345678' } });
  const local = differsOn('dynamodb-local', 'DynamoDB Local says "DynamoDB only supports precision up to 38 digits"', t);
  expectError(await raw(k, 'SET d = d + :a', { ':a': { N: '0.1' } }), 'ValidationException', OVERFLOW, local);
  expectError(await raw(k, 'ADD d :a', { ':a': { N: '0.5' } }), 'ValidationException', OVERFLOW, local);
  expectError(await raw(k, 'SET d = :a + :b', { ':a': { N: '1e50' }, ':b': { N: '1' } }), 'ValidationException', OVERFLOW, local);
  assert.deepEqual((await get(k)).d, { N: '12345678901234567890123456789012345678' });
});

// + and - need numbers; a stored operand of another type fails when the item is read.
test('SET arithmetic on a non-number attribute is refused', async () => {
  const k = key();
  await put({ ...k, s: { S: 'x' } });
  expectError(await raw(k, 'SET n = s + :a', { ':a': { N: '1' } }), 'ValidationException', BAD_OPERAND);
  expectError(await raw(k, 'SET n = :a - s', { ':a': { N: '1' } }), 'ValidationException', BAD_OPERAND);
});

// A value placeholder of the wrong type is refused before the item is read.
test('SET arithmetic on a non-number value is refused at validation', async () => {
  expectError(await raw(key(), 'SET n = :a + :b', { ':a': { S: '1' }, ':b': { N: '1' } }), 'ValidationException',
    'Invalid UpdateExpression: Incorrect operand type for operator or function; operator or function: +, operand type: S');
});

// An operand that names an absent attribute is an error, not a zero.
test('SET from an absent attribute is refused', async () => {
  const k = key();
  await put({ ...k, n: { N: '1' } });
  expectError(await raw(k, 'SET n = nope + :a', { ':a': { N: '1' } }), 'ValidationException',
    'The provided expression refers to an attribute that does not exist in the item');
  expectError(await raw(k, 'SET x = nope'), 'ValidationException',
    'The provided expression refers to an attribute that does not exist in the item');
});

// if_not_exists(path, value) keeps an existing value and supplies one when absent.
test('SET with if_not_exists', async (t) => {
  const k = key();
  await put({ ...k, a: { N: '1' }, m: { M: {} } });
  const out = await update(k, 'SET a = if_not_exists(a, :v), b = if_not_exists(b, :v), m.c = if_not_exists(m.c, :v), d = if_not_exists(a, :v) + :one',
    { ':v': { N: '10' }, ':one': { N: '1' } }, { ReturnValues: 'ALL_NEW' });
  assert.deepEqual(out.Attributes, { ...k, a: { N: '1' }, b: { N: '10' }, m: { M: { c: { N: '10' } } }, d: { N: '2' } });
  // The first argument must be a path.
  expectError(await raw(k, 'SET a = if_not_exists(:v, a)', { ':v': { N: '1' } }), 'ValidationException',
    'Invalid UpdateExpression: Operator or function requires a document path; operator or function: if_not_exists');
  // No arithmetic inside a function's arguments: a syntax error at the operator.
  expectError(await raw(k, 'SET c = if_not_exists(c, :a + :b)', { ':a': { N: '1' }, ':b': { N: '2' } }), 'ValidationException',
    'Invalid UpdateExpression: Syntax error; token: "+", near: ":a + :b"', differsOn('dynalite', 'dynalite words syntax errors as its parser does', t));
});

// list_append concatenates two lists, in either order, from paths or values.
test('SET with list_append', async () => {
  const k = key();
  await put({ ...k, l: { L: [{ N: '1' }, { N: '2' }] } });
  await update(k, 'SET l = list_append(l, :tail)', { ':tail': { L: [{ N: '3' }] } });
  await update(k, 'SET l = list_append(:head, l)', { ':head': { L: [{ S: 'zero' }] } });
  await update(k, 'SET n = list_append(if_not_exists(n, :empty), :tail)', { ':empty': { L: [] }, ':tail': { L: [{ BOOL: true }] } });
  assert.deepEqual(await get(k), {
    ...k, l: { L: [{ S: 'zero' }, { N: '1' }, { N: '2' }, { N: '3' }] }, n: { L: [{ BOOL: true }] },
  });
});

// list_append refuses operands that are not lists: values at validation, stored attributes at run time.
test('list_append with a non-list operand is refused', async () => {
  const k = key();
  await put({ ...k, s: { S: 'x' }, l: { L: [] } });
  expectError(await raw(k, 'SET l = list_append(l, :v)', { ':v': { N: '1' } }), 'ValidationException',
    'Invalid UpdateExpression: Incorrect operand type for operator or function; operator or function: list_append, operand type: N');
  expectError(await raw(k, 'SET l = list_append(s, :v)', { ':v': { L: [] } }), 'ValidationException', BAD_OPERAND);
  expectError(await raw(k, 'SET l = list_append(nope, :v)', { ':v': { L: [] } }), 'ValidationException',
    'The provided expression refers to an attribute that does not exist in the item');
});

// SET at a list index past the end appends; within the list it replaces.
test('SET at a list index past the end appends', async () => {
  const k = key();
  await put({ ...k, l: { L: [{ S: 'a' }] } });
  await update(k, 'SET l[10] = :x, l[0] = :y', { ':x': { S: 'x' }, ':y': { S: 'y' } });
  assert.deepEqual((await get(k)).l, { L: [{ S: 'y' }, { S: 'x' }] });
});

// ---------------------------------------------------------------------------------------------
// REMOVE

// REMOVE deletes top-level attributes and map members; absent ones are ignored.
test('REMOVE top-level attributes and map members', async () => {
  const k = key();
  await put({ ...k, a: { S: 'x' }, b: { S: 'y' }, m: { M: { x: { N: '1' }, y: { M: { z: { N: '2' }, w: { N: '3' } } } } } });
  await update(k, 'REMOVE a, m.x, m.y.z, nope, m.nope');
  assert.deepEqual(await get(k), { ...k, b: { S: 'y' }, m: { M: { y: { M: { w: { N: '3' } } } } } });
});

// List indexes in one REMOVE refer to the list before the update; the rest shift down.
test('REMOVE list elements shifts the rest', { skip: differsOn('dynalite', 'dynalite removes the indexes one after another, each on the already shortened list') }, async () => {
  const k = key();
  const list = (ns) => ({ L: ns.map((n) => ({ N: String(n) })) });
  await put({ ...k, l: list([0, 1, 2, 3, 4, 5]), m: { M: { l: list([0, 1, 2]) } } });
  await update(k, 'REMOVE l[1], l[3], m.l[0]');
  assert.deepEqual(await get(k), { ...k, l: list([0, 2, 4, 5]), m: { M: { l: list([1, 2]) } } });
  // An index past the end removes nothing.
  await update(k, 'REMOVE l[9]');
  assert.deepEqual((await get(k)).l, list([0, 2, 4, 5]));
  // Removing the first element twice (in two requests) shifts each time.
  await update(k, 'REMOVE l[0]');
  await update(k, 'REMOVE l[0]');
  assert.deepEqual((await get(k)).l, list([4, 5]));
});

// ---------------------------------------------------------------------------------------------
// ADD

// ADD adds to a number; an absent number counts as 0.
test('ADD numbers', async () => {
  const k = key();
  await put({ ...k, n: { N: '10' }, m: { M: {} } });
  const out = await update(k, 'ADD n :a, fresh :b, m.c :b', { ':a': { N: '-2.5' }, ':b': { N: '3' } }, { ReturnValues: 'ALL_NEW' });
  assert.deepEqual(out.Attributes, { ...k, n: { N: '7.5' }, fresh: { N: '3' }, m: { M: { c: { N: '3' } } } });
});

// ADD unites sets (numbers by value); an absent set is created.
test('ADD sets', async () => {
  const k = key();
  await put({ ...k, ss: { SS: ['a', 'b'] }, ns: { NS: ['1', '2'] }, bs: { BS: [bytes('x')] } });
  await update(k, 'ADD ss :ss, ns :ns, bs :bs, newset :ss',
    { ':ss': { SS: ['b', 'c'] }, ':ns': { NS: ['2.0', '3'] }, ':bs': { BS: [bytes('x'), bytes('y')] } });
  assert.deepEqual(normalise(await get(k)), normalise({
    ...k, ss: { SS: ['a', 'b', 'c'] }, ns: { NS: ['1', '2', '3'] }, bs: { BS: [bytes('x'), bytes('y')] }, newset: { SS: ['b', 'c'] },
  }));
});

// ADD to an attribute of another type fails when the item is read.
test('ADD to an attribute of another type is refused', async () => {
  const k = key();
  await put({ ...k, s: { S: 'x' }, ns: { NS: ['1'] } });
  expectError(await raw(k, 'ADD s :a', { ':a': { N: '1' } }), 'ValidationException', BAD_OPERAND);
  expectError(await raw(k, 'ADD ns :a', { ':a': { SS: ['1'] } }), 'ValidationException', BAD_OPERAND);
  expectError(await raw(k, 'ADD ns :a', { ':a': { N: '1' } }), 'ValidationException', BAD_OPERAND);
});

// ADD takes only numbers and sets; the value's type is checked before the item is read.
test('ADD with a list, string or map value is refused at validation', async (t) => {
  const skip = differsOn('dynalite', 'dynalite has an older wording without ", typeSet: ALLOWED_FOR_ADD_OPERAND"', t);
  for (const [v, type] of [[{ L: [] }, 'LIST'], [{ S: 'x' }, 'STRING'], [{ M: {} }, 'MAP']]) {
    expectError(await raw(key(), 'ADD a :v', { ':v': v }), 'ValidationException',
      `Invalid UpdateExpression: Incorrect operand type for operator or function; operator: ADD, operand type: ${type}, typeSet: ALLOWED_FOR_ADD_OPERAND`, skip);
  }
});

// ---------------------------------------------------------------------------------------------
// DELETE

// DELETE takes members out of a set; members that are not there are ignored.
test('DELETE members from sets', async () => {
  const k = key();
  await put({ ...k, ss: { SS: ['a', 'b', 'c'] }, ns: { NS: ['1', '2', '3'] }, bs: { BS: [bytes('x'), bytes('y')] } });
  await update(k, 'DELETE ss :ss, ns :ns, bs :bs, nope :ss',
    { ':ss': { SS: ['a', 'zzz'] }, ':ns': { NS: ['2.0'] }, ':bs': { BS: [bytes('y')] } });
  assert.deepEqual(normalise(await get(k)), normalise({ ...k, ss: { SS: ['b', 'c'] }, ns: { NS: ['1', '3'] }, bs: { BS: [bytes('x')] } }));
});

// A set emptied by DELETE is removed: DynamoDB has no empty sets.
test('DELETE that empties a set removes the attribute', async () => {
  const k = key();
  await put({ ...k, ss: { SS: ['a', 'b'] }, m: { M: { ns: { NS: ['1'] } } } });
  const out = await update(k, 'DELETE ss :ss, m.ns :ns', { ':ss': { SS: ['a', 'b', 'c'] }, ':ns': { NS: ['1'] } }, { ReturnValues: 'ALL_NEW' });
  assert.deepEqual(out.Attributes, { ...k, m: { M: {} } });
  assert.deepEqual(await get(k), { ...k, m: { M: {} } });
});

// DELETE needs a set of the same type, stored and given.
test('DELETE type errors', async (t) => {
  const k = key();
  await put({ ...k, s: { S: 'x' }, ns: { NS: ['1'] } });
  expectError(await raw(k, 'DELETE s :a', { ':a': { SS: ['x'] } }), 'ValidationException', BAD_OPERAND);
  expectError(await raw(k, 'DELETE ns :a', { ':a': { SS: ['1'] } }), 'ValidationException', BAD_OPERAND);
  expectError(await raw(k, 'DELETE ns :a', { ':a': { N: '1' } }), 'ValidationException',
    'Invalid UpdateExpression: Incorrect operand type for operator or function; operator: DELETE, operand type: NUMBER, typeSet: ALLOWED_FOR_DELETE_OPERAND',
    differsOn('dynalite', 'dynalite has an older wording without ", typeSet: ALLOWED_FOR_DELETE_OPERAND"', t));
});

// ---------------------------------------------------------------------------------------------
// ReturnValues

async function rvItem() {
  const k = key();
  await put({ ...k, a: { S: 'a0' }, b: { N: '1' }, c: { SS: ['x'] }, keep: { S: 'k' }, m: { M: { x: { N: '1' }, y: { N: '2' } } } });
  return k;
}
const RV_UPDATE = 'SET a = :a REMOVE b ADD c :c, n :n';
const RV_VALUES = { ':a': { S: 'a1' }, ':c': { SS: ['y'] }, ':n': { N: '5' } };

// NONE (the default) answers without Attributes.
test('ReturnValues NONE', async () => {
  const k = await rvItem();
  assert.equal((await update(k, RV_UPDATE, RV_VALUES)).Attributes, undefined);
  assert.equal((await update(k, 'SET a = :a', { ':a': { S: 'z' } }, { ReturnValues: 'NONE' })).Attributes, undefined);
});

// ALL_OLD is the whole item before the update.
test('ReturnValues ALL_OLD', async () => {
  const k = await rvItem();
  const before = await get(k);
  const out = await update(k, RV_UPDATE, RV_VALUES, { ReturnValues: 'ALL_OLD' });
  assert.deepEqual(normalise(out.Attributes), normalise(before));
});

// UPDATED_OLD is the updated attributes that existed, as they were.
test('ReturnValues UPDATED_OLD', async () => {
  const k = await rvItem();
  const out = await update(k, RV_UPDATE, RV_VALUES, { ReturnValues: 'UPDATED_OLD' });
  assert.deepEqual(normalise(out.Attributes), normalise({ a: { S: 'a0' }, b: { N: '1' }, c: { SS: ['x'] } }));
});

// ALL_NEW is the whole item after the update.
test('ReturnValues ALL_NEW', async () => {
  const k = await rvItem();
  const out = await update(k, RV_UPDATE, RV_VALUES, { ReturnValues: 'ALL_NEW' });
  const expected = { ...k, a: { S: 'a1' }, c: { SS: ['x', 'y'] }, keep: { S: 'k' }, m: { M: { x: { N: '1' }, y: { N: '2' } } }, n: { N: '5' } };
  assert.deepEqual(normalise(out.Attributes), normalise(expected));
  assert.deepEqual(normalise(await get(k)), normalise(expected));
});

// UPDATED_NEW is the updated attributes that exist afterwards (a removed one is not there).
test('ReturnValues UPDATED_NEW', async () => {
  const k = await rvItem();
  const out = await update(k, RV_UPDATE, RV_VALUES, { ReturnValues: 'UPDATED_NEW' });
  assert.deepEqual(normalise(out.Attributes), normalise({ a: { S: 'a1' }, c: { SS: ['x', 'y'] }, n: { N: '5' } }));
});

// UPDATED_OLD and UPDATED_NEW return only the updated paths, inside their parent structure:
// several paths merge, UPDATED_OLD leaves out paths that did not exist, a SET past a list's end
// is not in UPDATED_NEW, and after a REMOVE of a list element UPDATED_NEW has the element now at
// that index (dynalite's capture of DynamoDB; DynamoDB Local returns whole top-level attributes).
test('ReturnValues UPDATED_* on nested paths return only those paths',
  { skip: differsOn('dynamodb-local', 'returns the whole top-level attribute') }, async () => {
    const k = await rvItem();
    const old = await update(k, 'SET m.x = :v', { ':v': { N: '9' } }, { ReturnValues: 'UPDATED_OLD' });
    assert.deepEqual(old.Attributes, { m: { M: { x: { N: '1' } } } });
    const neu = await update(k, 'SET m.y = :v, m.z = :v', { ':v': { N: '8' } }, { ReturnValues: 'UPDATED_NEW' });
    assert.deepEqual(neu.Attributes, { m: { M: { y: { N: '8' }, z: { N: '8' } } } });
    const fresh = await update(k, 'SET m.w = :v, keep = :s', { ':v': { N: '7' }, ':s': { S: 'k2' } }, { ReturnValues: 'UPDATED_OLD' });
    assert.deepEqual(fresh.Attributes, { keep: { S: 'k' } }, 'm.w did not exist before');
    await update(k, 'SET m.l = :l', { ':l': { L: [{ S: 'e0' }, { S: 'e1' }, { S: 'e2' }] } });
    const element = await update(k, 'SET m.l[1] = :v', { ':v': { S: 'E1' } }, { ReturnValues: 'UPDATED_NEW' });
    assert.deepEqual(element.Attributes, { m: { M: { l: { L: [{ S: 'E1' }] } } } });
    const past = await update(k, 'SET m.l[9] = :v, keep = :s', { ':v': { S: 'end' }, ':s': { S: 'k3' } }, { ReturnValues: 'UPDATED_NEW' });
    assert.deepEqual(past.Attributes, { keep: { S: 'k3' } }, 'the element went to the end, not to [9]');
    const removed = await update(k, 'REMOVE m.l[1]', null, { ReturnValues: 'UPDATED_NEW' });
    assert.deepEqual(removed.Attributes, { m: { M: { l: { L: [{ S: 'e2' }] } } } });
  });

// ReturnValues on an item that did not exist: nothing old, the new item with its key.
test('ReturnValues when the item is created', async () => {
  for (const [rv, expected] of [
    ['ALL_OLD', undefined], ['UPDATED_OLD', undefined], ['UPDATED_NEW', { a: { S: 'x' } }],
  ]) {
    const out = await update(key(), 'SET a = :a', { ':a': { S: 'x' } }, { ReturnValues: rv });
    // dynalite answers "Attributes": {} where DynamoDB Local leaves Attributes out: both mean nothing.
    const got = out.Attributes && Object.keys(out.Attributes).length ? out.Attributes : undefined;
    assert.deepEqual(got, expected, rv);
  }
  const k = key();
  const out = await update(k, 'SET a = :a', { ':a': { S: 'x' } }, { ReturnValues: 'ALL_NEW' });
  assert.deepEqual(out.Attributes, { ...k, a: { S: 'x' } });
});

// ---------------------------------------------------------------------------------------------
// Creating items

// An update of an absent item creates it from its key when it SETs or ADDs, or has no actions.
test('UpdateItem creates the item when absent', async () => {
  const k1 = key();
  await update(k1, 'SET a = :a ADD n :n', { ':a': { S: 'x' }, ':n': { N: '1' } });
  assert.deepEqual(await get(k1), { ...k1, a: { S: 'x' }, n: { N: '1' } });
  // REMOVE alongside a SET still creates.
  const k2 = key();
  await update(k2, 'REMOVE a SET b = :b', { ':b': { S: 'y' } });
  assert.deepEqual(await get(k2), { ...k2, b: { S: 'y' } });
  // No UpdateExpression at all: the key alone.
  const k4 = key();
  await client.send(new UpdateItemCommand({ TableName: T, Key: k4 }));
  assert.deepEqual(await get(k4), k4);
});

// An update of an absent item whose actions only take away (REMOVE, DELETE) creates nothing,
// and ReturnValues has nothing to return. Both references create the key-only item.
const TAKES_AWAY = 'creates the key-only item; DynamoDB creates nothing for an update that only removes';
test('UpdateItem that only removes creates nothing on an absent item', { skip: differsOn(['dynamodb-local', 'dynalite'], TAKES_AWAY) }, async () => {
  for (const [expression, values, returnValues] of [
    ['REMOVE a', null, 'ALL_NEW'],
    ['REMOVE a.b, c', null, 'UPDATED_NEW'],
    ['DELETE s :s', { ':s': { SS: ['x'] } }, 'ALL_NEW'],
    ['DELETE s :s REMOVE a', { ':s': { SS: ['x'] } }, 'ALL_OLD'],
    ['REMOVE a', null, 'UPDATED_OLD'],
  ]) {
    const k = key();
    const out = await update(k, expression, values, { ReturnValues: returnValues, ReturnConsumedCapacity: 'TOTAL' });
    assert.equal(out.Attributes, undefined, expression);
    assert.equal(out.ConsumedCapacity.CapacityUnits, 1, expression);
    assert.equal(await get(k), undefined, expression);
  }
  // On a stored item the same update writes it.
  const k = key();
  await put({ ...k, a: { S: 'x' } });
  const out = await update(k, 'REMOVE a', null, { ReturnValues: 'ALL_NEW' });
  assert.deepEqual(out.Attributes, k);
});

// With a composite key, both key attributes are written.
test('UpdateItem creates an item with a composite key', async () => {
  const Key = { pk: { S: 'composite' }, sk: { N: '1.50' } };
  const out = await client.send(new UpdateItemCommand({ TableName: TR, Key, UpdateExpression: 'SET a = :a',
    ExpressionAttributeValues: { ':a': { S: 'x' } }, ReturnValues: 'ALL_NEW' }));
  assert.deepEqual(out.Attributes, { pk: { S: 'composite' }, sk: { N: '1.5' }, a: { S: 'x' } });
});

// The document client turns native values into an UpdateExpression's values.
test('DocumentClient UpdateCommand', async () => {
  await doc.send(new UpdateCommand({
    TableName: T, Key: { pk: 'doc-update' },
    UpdateExpression: 'SET #n = if_not_exists(#n, :zero) + :inc, tags = :tags, info = :info',
    ConditionExpression: 'attribute_not_exists(pk)',
    ExpressionAttributeNames: { '#n': 'count' },
    ExpressionAttributeValues: { ':zero': 0, ':inc': 2, ':tags': new Set(['a']), ':info': { status: 'x' } },
  }));
  const out = await doc.send(new UpdateCommand({
    TableName: T, Key: { pk: 'doc-update' },
    UpdateExpression: 'SET #n = #n + :inc, info.#s = :s ADD tags :more',
    ExpressionAttributeNames: { '#n': 'count', '#s': 'status' },
    ExpressionAttributeValues: { ':inc': 3, ':s': 'y', ':more': new Set(['b']) },
    ReturnValues: 'ALL_NEW',
  }));
  assert.deepEqual(out.Attributes, { pk: 'doc-update', count: 5, tags: new Set(['a', 'b']), info: { status: 'y' } });
  const { Item } = await doc.send(new GetCommand({ TableName: T, Key: { pk: 'doc-update' }, ConsistentRead: true }));
  assert.deepEqual(Item, out.Attributes);
});

// ---------------------------------------------------------------------------------------------
// Validation

// Two actions on the same path, or on a path and its parent, are refused.
test('overlapping paths are refused', async () => {
  const cases = [
    ['SET a = :v, a = :v', '[a]', '[a]'],
    ['SET a = :v, a.b = :v', '[a]', '[a, b]'],
    ['SET a.b = :v REMOVE a', '[a, b]', '[a]'],
    ['SET a = :v REMOVE a', '[a]', '[a]'],
    ['SET l[1] = :v REMOVE l[1]', '[l, [1]]', '[l, [1]]'],
    ['ADD s :v DELETE s :v', '[s]', '[s]'],
  ];
  for (const [expr, one, two] of cases) {
    expectError(await raw(key(), expr, { ':v': expr.includes('ADD') ? { SS: ['x'] } : { N: '1' } }), 'ValidationException',
      `Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: ${one}, path two: ${two}`);
  }
});

// A path that treats the same attribute as a map in one place and a list in another is refused.
test('conflicting paths are refused', async () => {
  expectError(await raw(key(), 'SET a.b = :v, a[0] = :v', { ':v': { N: '1' } }), 'ValidationException',
    'Invalid UpdateExpression: Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [a, b], path two: [a, [0]]');
  expectError(await raw(key(), 'SET a[0] = :v REMOVE a.b', { ':v': { N: '1' } }), 'ValidationException',
    'Invalid UpdateExpression: Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [a, [0]], path two: [a, b]');
});

// Each clause may appear once.
test('a clause used twice is refused', async () => {
  for (const clause of ['SET', 'REMOVE', 'ADD', 'DELETE']) {
    const body = { SET: 'a = :v', REMOVE: 'a', ADD: 'a :v', DELETE: 'a :v' }[clause];
    const body2 = { SET: 'b = :v', REMOVE: 'b', ADD: 'b :v', DELETE: 'b :v' }[clause];
    const values = clause === 'REMOVE' ? null : { ':v': clause === 'SET' ? { N: '1' } : { NS: ['1'] } };
    expectError(await raw(key(), `${clause} ${body} ${clause} ${body2}`, values), 'ValidationException',
      `Invalid UpdateExpression: The "${clause}" section can only be used once in an update expression;`);
  }
});

// Key attributes cannot be written, by any clause, at the top level or nested.
test('updating a key attribute is refused', async () => {
  const Key = { pk: { S: 'keys' }, sk: { N: '1' } };
  const cases = [
    ['SET pk = :s', 'pk'], ['SET a = :s REMOVE sk', 'sk'], ['ADD sk :n', 'sk'], ['DELETE pk :ss', 'pk'],
    ['SET pk.x = :s', 'pk'], ['REMOVE sk[0]', 'sk'],
    // Reported in key-schema order, not expression order.
    ['SET sk = :n, pk = :s', 'pk'],
  ];
  for (const [expr, attr] of cases) {
    const values = {};
    for (const v of [':s', ':n', ':ss']) if (new RegExp(`${v}\\b`).test(expr)) values[v] = { ':s': { S: 'x' }, ':n': { N: '1' }, ':ss': { SS: ['x'] } }[v];
    expectError(await rawCall('UpdateItem', { TableName: TR, Key, UpdateExpression: expr, ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}) }),
      'ValidationException', `One or more parameter values were invalid: Cannot update attribute ${attr}. This attribute is part of the key`);
  }
  // Nothing was written.
  assert.deepEqual(expectOk(await rawCall('GetItem', { TableName: TR, Key })), {});
});

// Reading a key attribute as a document (pk.x, sk[0]) in a SET operand or the condition is
// refused, and before the key-update check.
test('nested paths into key attributes are refused', { skip: differsOn('dynalite', 'dynalite reads such paths as absent') }, async (t) => {
  const Key = { pk: { S: 'keypaths' }, sk: { N: '1' } };
  const scalars = (attr) => `Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: ${attr}`;
  const cases = [
    [{ UpdateExpression: 'SET a = pk.x' }, 'pk'],
    [{ UpdateExpression: 'SET a = if_not_exists(sk[0], :s)' }, 'sk'],
    [{ UpdateExpression: 'SET a = list_append(sk.l, :l)' }, 'sk'],
    [{ UpdateExpression: 'SET a = :s', ConditionExpression: 'size(pk[1]) = :n' }, 'pk'],
    // Reported in key-schema order.
    [{ UpdateExpression: 'SET a = sk.x, b = pk.x' }, 'pk'],
  ];
  for (const [params, attr] of cases) {
    const text = `${params.UpdateExpression} ${params.ConditionExpression ?? ''}`;
    const values = {};
    for (const [v, val] of [[':s', { S: 'x' }], [':n', { N: '1' }], [':l', { L: [] }]]) if (new RegExp(`${v}\\b`).test(text)) values[v] = val;
    expectError(await rawCall('UpdateItem', { TableName: TR, Key, ...params, ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}) }),
      'ValidationException', scalars(attr));
  }
  // A key attribute written is reported first (DynamoDB's order, as dynalite captured it).
  const written = await rawCall('UpdateItem', { TableName: TR, Key, UpdateExpression: 'SET pk = :s',
    ConditionExpression: 'attribute_exists(pk.y)', ExpressionAttributeValues: { ':s': { S: 'x' } } });
  expectError(written, 'ValidationException', differsOn('dynamodb-local', 'reports the path read first', t)
    ? scalars('pk') : 'One or more parameter values were invalid: Cannot update attribute pk. This attribute is part of the key');
});

// Writing below a missing or non-container parent is refused, in every clause.
test('an invalid document path for update is refused', async () => {
  const k = key();
  await put({ ...k, s: { S: 'x' }, l: { L: [{ N: '1' }] }, m: { M: {} } });
  const cases = [
    ['SET nope.x = :n', { ':n': { N: '1' } }],
    ['SET s[0] = :n', { ':n': { N: '1' } }],
    ['SET m[0] = :n', { ':n': { N: '1' } }],
    ['SET l.x = :n', { ':n': { N: '1' } }],
    ['SET l[0].x = :n', { ':n': { N: '1' } }],
    ['SET m.a.b = :n', { ':n': { N: '1' } }],
    ['REMOVE s.x', null],
    ['REMOVE nope[0]', null],
    ['ADD nope.x :n', { ':n': { N: '1' } }],
    ['DELETE nope.x :ns', { ':ns': { NS: ['1'] } }],
  ];
  for (const [expr, values] of cases) {
    expectError(await raw(k, expr, values), 'ValidationException', INVALID_PATH);
  }
  // On an absent item too.
  expectError(await raw(key(), 'SET a.b = :n', { ':n': { N: '1' } }), 'ValidationException', INVALID_PATH);
  assert.deepEqual(await get(k), { ...k, s: { S: 'x' }, l: { L: [{ N: '1' }] }, m: { M: {} } });
});

// The size limit applies to the item the update produces.
test('an update producing an item over 400 KB is refused', async () => {
  const k = { pk: { S: 'big-update' } };
  const base = padItem(k, 409600 - 20);
  await put(base);
  // 409,600 bytes exactly is fine: name "x" (1) + 19 bytes of string.
  await update(k, 'SET x = :v', { ':v': { S: 'y'.repeat(19) } });
  expectError(await raw(k, 'SET x = :v', { ':v': { S: 'y'.repeat(20) } }), 'ValidationException',
    'Item size to update has exceeded the maximum allowed size');
  // Creating an item that is too large is refused as well.
  expectError(await raw({ pk: { S: 'big-new' } }, 'SET a = :v, b = :v', { ':v': { S: 'z'.repeat(204800) } }), 'ValidationException',
    'Item size to update has exceeded the maximum allowed size');
  assert.equal(await get({ pk: { S: 'big-new' } }), undefined);
});

// The SDK sends UpdateItem's errors as exceptions with the same message.
test('SDK surfaces UpdateItem validation errors', async () => {
  await rejects(update(key(), 'SET a = :v, a.b = :v', { ':v': { N: '1' } }), 'ValidationException',
    'Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a, b]');
});

// A missing table is reported after the request's own validation.
test('UpdateItem on a missing table', { skip: differsOn('dynamodb-local', 'DynamoDB Local looks the table up first') }, async () => {
  expectError(await rawCall('UpdateItem', { TableName: 'cf-update-never-created', Key: key(), UpdateExpression: 'SET a = :v',
    ExpressionAttributeValues: { ':v': { N: '1' } } }), 'ResourceNotFoundException');
  expectError(await rawCall('UpdateItem', { TableName: 'cf-update-never-created', Key: key(), UpdateExpression: 'SET a = :v, a = :v',
    ExpressionAttributeValues: { ':v': { N: '1' } } }), 'ValidationException',
  'Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a]');
});
