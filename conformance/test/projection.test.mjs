// GetItem ProjectionExpression: top-level and nested paths, list indexes, #names, the shape of
// the projected item, and the projection-specific validation.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { PutItemCommand, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { makeClient, makeDocumentClient } from '../lib/client.mjs';
import { rawCall, expectError } from '../lib/http.mjs';
import { tableNamer } from '../lib/names.mjs';
import { keyedTable, createTable, dropTables } from '../lib/tables.mjs';
import { normalise } from '../lib/values.mjs';

const client = makeClient();
const doc = makeDocumentClient(client);
const newName = tableNamer('projection');
const T = newName('hr');  // pk S HASH, sk N RANGE

const Key = { pk: { S: 'p' }, sk: { N: '1' } };
const N = (n) => ({ N: String(n) });
const S = (s) => ({ S: s });
const ITEM = {
  ...Key,
  a: S('A'),
  n: N(42),
  ss: { SS: ['x', 'y'] },
  l: { L: [N(0), { M: { x: N(1), y: N(2) } }, N(2), { L: [N(30), N(31)] }] },
  m: { M: { a: { M: { b: S('x'), c: S('y') } }, d: S('z'), l: { L: [S('m0'), S('m1')] } } },
  'a.b': S('dotted'),
  status: S('on'),
  'weird name': S('spaced'),
};

before(async () => {
  await createTable(client, keyedTable(T, ['pk', 'S'], ['sk', 'N']));
  await client.send(new PutItemCommand({ TableName: T, Item: ITEM }));
});
after(() => dropTables(client, [T]));

async function project(ProjectionExpression, ExpressionAttributeNames) {
  const out = await client.send(new GetItemCommand({ TableName: T, Key, ConsistentRead: true, ProjectionExpression, ExpressionAttributeNames }));
  return out.Item;
}

// Top-level attributes: only those named come back; key attributes too only if named.
test('top-level attributes', async () => {
  assert.deepEqual(await project('a, n'), { a: S('A'), n: N(42) });
  assert.deepEqual(await project('pk, ss'), { pk: Key.pk, ss: ITEM.ss });
  assert.deepEqual(normalise(await project('pk, sk, a, n, ss, l, m, #s, #d, #w', { '#s': 'status', '#d': 'a.b', '#w': 'weird name' })), normalise(ITEM));
});

// A nested map member comes back inside its maps; members of one map are merged.
test('nested map members keep their enclosing maps', async () => {
  assert.deepEqual(await project('m.a.b'), { m: { M: { a: { M: { b: S('x') } } } } });
  assert.deepEqual(await project('m.a.b, m.d, m.zz'), { m: { M: { a: { M: { b: S('x') } }, d: S('z') } } });
  assert.deepEqual(await project('m.a'), { m: { M: { a: ITEM.m.M.a } } });
});

// Selected list elements come back as a shorter list, in index order.
test('list indexes select elements in index order', async () => {
  assert.deepEqual(await project('l[2]'), { l: { L: [N(2)] } });
  assert.deepEqual(await project('l[2], l[0]'), { l: { L: [N(0), N(2)] } });
  assert.deepEqual(await project('l[3][1]'), { l: { L: [{ L: [N(31)] }] } });
  assert.deepEqual(await project('l[3][1], l[3][0]'), { l: { L: [{ L: [N(30), N(31)] }] } });
  assert.deepEqual(await project('m.l[1]'), { m: { M: { l: { L: [S('m1')] } } } });
});

// Paths through lists into maps, and several paths into one element, are merged.
test('paths through lists into maps', async () => {
  assert.deepEqual(await project('l[1].x'), { l: { L: [{ M: { x: N(1) } }] } });
  assert.deepEqual(await project('l[1].y, l[1].x'), { l: { L: [{ M: { x: N(1), y: N(2) } }] } });
  assert.deepEqual(await project('l[1].x, l[3][1]'), { l: { L: [{ M: { x: N(1) } }, { L: [N(31)] }] } });
});

// Paths that do not resolve are left out; if none resolves the item is empty, not absent.
test('paths that do not resolve are left out', async () => {
  assert.deepEqual(await project('a, nope'), { a: S('A') });
  assert.deepEqual(await project('l[9], m.nope, a.b, n[0], ss.x'), {});
  // "l[1], l[0].x": l[0] is a number, so only l[1] is there.
  assert.deepEqual(await project('l[1], l[0].x'), { l: { L: [ITEM.l.L[1]] } });
  // An absent item has no Item at all.
  const out = await client.send(new GetItemCommand({ TableName: T, Key: { pk: S('p'), sk: N(2) }, ProjectionExpression: 'a' }));
  assert.equal(out.Item, undefined);
});

// #names stand for attribute names that are reserved words, contain dots or spaces, or are any name.
test('#names in projections', async () => {
  assert.deepEqual(await project('#s', { '#s': 'status' }), { status: S('on') });
  assert.deepEqual(await project('#ab', { '#ab': 'a.b' }), { 'a.b': S('dotted') });
  assert.deepEqual(await project('#w, a', { '#w': 'weird name' }), { 'weird name': S('spaced'), a: S('A') });
  assert.deepEqual(await project('#m.#a.#b, #m.d', { '#m': 'm', '#a': 'a', '#b': 'b' }), { m: { M: { a: { M: { b: S('x') } }, d: S('z') } } });
  assert.deepEqual(await project('#l[1].#x', { '#l': 'l', '#x': 'x' }), { l: { L: [{ M: { x: N(1) } }] } });
  // One name used twice is fine.
  assert.deepEqual(await project('#m.d, #m.a.c', { '#m': 'm' }), { m: { M: { a: { M: { c: S('y') } }, d: S('z') } } });
});

// The document client passes ProjectionExpression through and unmarshalls the projected shape.
test('DocumentClient GetCommand with a ProjectionExpression', async () => {
  const { Item } = await doc.send(new GetCommand({ TableName: T, Key: { pk: 'p', sk: 1 }, ProjectionExpression: 'm.a.c, l[0], #s', ExpressionAttributeNames: { '#s': 'status' } }));
  assert.deepEqual(Item, { m: { a: { c: 'y' } }, l: [0], status: 'on' });
});

// Overlapping projection paths are refused.
test('overlapping projection paths are refused', async () => {
  for (const [expr, one, two] of [['m, m.a', '[m]', '[m, a]'], ['a, a', '[a]', '[a]'], ['l[1].x, l[1]', '[l, [1], x]', '[l, [1]]']]) {
    expectError(await rawCall('GetItem', { TableName: T, Key, ProjectionExpression: expr }), 'ValidationException',
      `Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: ${one}, path two: ${two}`);
  }
  expectError(await rawCall('GetItem', { TableName: T, Key, ProjectionExpression: 'm.a, m[0]' }), 'ValidationException',
    'Invalid ProjectionExpression: Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [m, a], path two: [m, [0]]');
});

// Key attributes are scalars: a nested path into one is refused once the table is known.
test('nested paths into key attributes are refused', async () => {
  for (const [expr, attr] of [['pk.x', 'pk'], ['a, sk[0]', 'sk'], ['sk.x, pk.y', 'pk']]) {
    expectError(await rawCall('GetItem', { TableName: T, Key, ProjectionExpression: expr }), 'ValidationException',
      `Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: ${attr}`);
  }
});

// ProjectionExpression and AttributesToGet cannot be combined.
test('ProjectionExpression with AttributesToGet is refused', async () => {
  expectError(await rawCall('GetItem', { TableName: T, Key, ProjectionExpression: 'a', AttributesToGet: ['a'] }), 'ValidationException',
    'Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {AttributesToGet} Expression parameters: {ProjectionExpression}');
});
