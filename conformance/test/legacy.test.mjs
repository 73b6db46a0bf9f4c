// The legacy (pre-expression) parameters: Expected with ConditionalOperator on PutItem,
// DeleteItem and UpdateItem; AttributeUpdates (PUT, ADD, DELETE); AttributesToGet; and their
// validation messages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { PutItemCommand, GetItemCommand, DeleteItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { makeClient } from '../lib/client.mjs';
import { rawCall, expectError, expectOk } from '../lib/http.mjs';
import { differsOn } from '../lib/reference.mjs';
import { tableNamer } from '../lib/names.mjs';
import { keyedTable, createTable, dropTables } from '../lib/tables.mjs';
import { normalise, rejects } from '../lib/values.mjs';

const client = makeClient();
const newName = tableNamer('legacy');
const T = newName('h');  // pk S HASH

const N = (n) => ({ N: String(n) });
const S = (s) => ({ S: s });
const FIXTURE = { pk: S('fixture'), n: N(5), s: S('apple'), ss: { SS: ['a', 'b'] }, l: { L: [S('x'), N(1)] }, nul: { NULL: true }, m: { M: { a: N(1) } }, b: { BOOL: true } };

before(async () => {
  await createTable(client, keyedTable(T, ['pk', 'S']));
  await client.send(new PutItemCommand({ TableName: T, Item: FIXTURE }));
});
after(() => dropTables(client, [T]));

let seq = 0;
const key = () => ({ pk: S(`g${++seq}`) });
const FAILED = 'The conditional request failed';
const INVALID = 'One or more parameter values were invalid: ';

async function get(Key) {
  return (await client.send(new GetItemCommand({ TableName: T, Key, ConsistentRead: true }))).Item;
}

// Evaluates Expected against FIXTURE by putting FIXTURE back unchanged: true when the put succeeds.
async function holds(Expected, ConditionalOperator) {
  try {
    await client.send(new PutItemCommand({ TableName: T, Item: FIXTURE, Expected, ConditionalOperator }));
    return true;
  } catch (e) {
    if (e.name === 'ConditionalCheckFailedException') return false;
    throw e;
  }
}

const op = (ComparisonOperator, ...AttributeValueList) => ({ ComparisonOperator, AttributeValueList });

// Each row: [Expected, ConditionalOperator, expected result, [reference, reason]?].
const DYNALITE_DOCS = ['dynalite', 'dynalite finds no list or map equal to another in Expected'];
const expectedRows = [
  // Value alone means "equals"; Exists: false means "absent".
  [{ n: { Value: N(5) } }, undefined, true],
  [{ n: { Value: N('5.0'), Exists: true } }, undefined, true],
  [{ n: { Value: N(6) } }, undefined, false],
  [{ nope: { Exists: false } }, undefined, true],
  [{ n: { Exists: false } }, undefined, false],
  // Every ComparisonOperator.
  [{ n: op('EQ', N(5)) }, undefined, true],
  [{ n: op('NE', N(5)) }, undefined, false],
  [{ nope: op('NE', N(5)) }, undefined, true],
  [{ n: op('LT', N(6)) }, undefined, true],
  [{ n: op('LE', N(5)) }, undefined, true],
  [{ n: op('GT', N(5)) }, undefined, false],
  [{ n: op('GE', N(5)) }, undefined, true],
  [{ s: op('GT', S('Apple')) }, undefined, true],
  [{ n: op('NOT_NULL') }, undefined, true],
  [{ nul: op('NOT_NULL') }, undefined, true],
  [{ nope: op('NOT_NULL') }, undefined, false],
  [{ nope: op('NULL') }, undefined, true],
  [{ n: op('NULL') }, undefined, false, ['dynalite', 'dynalite treats NULL as true for an existing attribute']],
  [{ s: op('CONTAINS', S('ppl')) }, undefined, true],
  [{ ss: op('CONTAINS', S('a')) }, undefined, true],
  [{ l: op('CONTAINS', S('x')) }, undefined, true],
  [{ ss: op('NOT_CONTAINS', S('c')) }, undefined, true],
  [{ s: op('NOT_CONTAINS', S('ppl')) }, undefined, false],
  // NOT_CONTAINS on an absent attribute is false (DynamoDB Local's behaviour).
  [{ nope: op('NOT_CONTAINS', S('x')) }, undefined, false, ['dynalite', 'dynalite treats NOT_CONTAINS on an absent attribute as true']],
  [{ s: op('BEGINS_WITH', S('app')) }, undefined, true],
  [{ s: op('BEGINS_WITH', S('pp')) }, undefined, false],
  [{ n: op('IN', N(1), N(5)) }, undefined, true],
  [{ n: op('IN', N(1), N(2)) }, undefined, false],
  [{ n: op('BETWEEN', N(5), N(9)) }, undefined, true],
  [{ n: op('BETWEEN', N(6), N(9)) }, undefined, false],
  // EQ and NE compare every type: lists, maps, booleans and nulls too.
  [{ l: op('EQ', { L: [S('x'), N(1)] }) }, undefined, true, DYNALITE_DOCS],
  // A list is ordered.
  [{ l: op('EQ', { L: [N(1), S('x')] }) }, undefined, false, ['dynamodb-local', 'DynamoDB Local compares lists in Expected regardless of order']],
  [{ l: op('NE', { L: [S('x')] }) }, undefined, true],
  [{ m: op('EQ', { M: { a: N(1) } }) }, undefined, true, DYNALITE_DOCS],
  [{ m: op('EQ', { M: { a: N('1.0') } }) }, undefined, true, DYNALITE_DOCS],
  [{ m: op('NE', { M: { a: N(1) } }) }, undefined, false, DYNALITE_DOCS],
  [{ b: op('EQ', { BOOL: true }) }, undefined, true],
  [{ b: { Value: { BOOL: false } } }, undefined, false],
  [{ b: op('NE', { BOOL: true }) }, undefined, false],
  [{ nul: op('EQ', { NULL: true }) }, undefined, true],
  [{ nope: op('NE', { NULL: true }) }, undefined, true],
  [{ s: op('EQ', { BOOL: true }) }, undefined, false],
  // A ComparisonOperator may take Value instead of a one-element AttributeValueList.
  [{ n: { ComparisonOperator: 'GE', Value: N(5) } }, undefined, true],
  // Several conditions: AND by default, OR with ConditionalOperator OR.
  [{ n: { Value: N(5) }, s: { Value: S('apple') } }, undefined, true],
  [{ n: { Value: N(5) }, s: { Value: S('pear') } }, undefined, false],
  [{ n: { Value: N(5) }, s: { Value: S('pear') } }, 'AND', false],
  [{ n: { Value: N(5) }, s: { Value: S('pear') } }, 'OR', true, ['dynalite', 'dynalite ignores ConditionalOperator on Expected']],
  [{ n: { Value: N(6) }, s: { Value: S('pear') } }, 'OR', false],
  [{ n: op('NULL'), s: op('BEGINS_WITH', S('a')) }, 'OR', true, ['dynalite', 'dynalite ignores ConditionalOperator on Expected']],
];

// Expected, condition by condition: true or false on the stored item as DynamoDB says.
test('Expected evaluates every ComparisonOperator and ConditionalOperator', async (t) => {
  for (const [expected, conditionalOperator, result, differs] of expectedRows) {
    if (differs && differsOn(differs[0], `${JSON.stringify(expected)}: ${differs[1]}`, t)) continue;
    assert.equal(await holds(expected, conditionalOperator), result, `${JSON.stringify(expected)} ${conditionalOperator ?? ''}`);
  }
});

// Expected guards DeleteItem and UpdateItem as it guards PutItem.
test('Expected on DeleteItem and UpdateItem', async () => {
  const k = key();
  await client.send(new PutItemCommand({ TableName: T, Item: { ...k, v: N(1) } }));
  await rejects(client.send(new UpdateItemCommand({ TableName: T, Key: k, AttributeUpdates: { v: { Action: 'ADD', Value: N(1) } },
    Expected: { v: { Value: N(2) } } })), 'ConditionalCheckFailedException', FAILED);
  await client.send(new UpdateItemCommand({ TableName: T, Key: k, AttributeUpdates: { v: { Action: 'ADD', Value: N(1) } }, Expected: { v: { Value: N(1) } } }));
  await rejects(client.send(new DeleteItemCommand({ TableName: T, Key: k, Expected: { v: { Exists: false } } })), 'ConditionalCheckFailedException', FAILED);
  assert.deepEqual(await get(k), { ...k, v: N(2) });
  await client.send(new DeleteItemCommand({ TableName: T, Key: k, Expected: { v: op('EQ', N(2)) } }));
  assert.equal(await get(k), undefined);
  // Expected on an absent item: Exists false holds, a value comparison does not.
  await client.send(new PutItemCommand({ TableName: T, Item: k, Expected: { pk: { Exists: false } } }));
  await rejects(client.send(new PutItemCommand({ TableName: T, Item: key(), Expected: { v: { Value: N(1) } } })), 'ConditionalCheckFailedException', FAILED);
});

// Expected with ReturnValuesOnConditionCheckFailure returns the stored item, as ConditionExpression does.
test('Expected with ReturnValuesOnConditionCheckFailure ALL_OLD',
  { skip: differsOn('dynalite', 'dynalite ignores ReturnValuesOnConditionCheckFailure') }, async () => {
    const k = key();
    await client.send(new PutItemCommand({ TableName: T, Item: { ...k, v: N(1) } }));
    const e = await rejects(client.send(new PutItemCommand({ TableName: T, Item: k, Expected: { v: { Exists: false } }, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' })),
      'ConditionalCheckFailedException', FAILED);
    assert.deepEqual(e.Item, { ...k, v: N(1) });
  });

const expectedErrors = [
  // Each entry of Expected is checked on its own, in DynamoDB's order.
  [{ a: { Value: N(1), AttributeValueList: [N(1)] } }, `${INVALID}Value and AttributeValueList cannot be used together for Attribute: a`],
  [{ a: { ComparisonOperator: 'EQ', Exists: true, Value: N(1) } }, `${INVALID}Exists and ComparisonOperator cannot be used together for Attribute: a`],
  [{ a: { ComparisonOperator: 'EQ' } }, `${INVALID}Value or AttributeValueList must be used with ComparisonOperator: EQ for Attribute: a`],
  [{ a: op('EQ', N(1), N(2)) }, `${INVALID}Invalid number of argument(s) for the EQ ComparisonOperator`],
  [{ a: op('BETWEEN', N(1)) }, `${INVALID}Invalid number of argument(s) for the BETWEEN ComparisonOperator`],
  [{ a: op('NULL', N(1)) }, `${INVALID}Invalid number of argument(s) for the NULL ComparisonOperator`],
  [{ a: op('IN', N(1), S('x')) }, `${INVALID}AttributeValues inside AttributeValueList must be of same type`],
  [{ a: op('BETWEEN', N(9), N(1)) }, 'The BETWEEN condition was provided a range where the lower bound is greater than the upper bound'],
  [{ a: { AttributeValueList: [N(1)] } }, `${INVALID}AttributeValueList can only be used with a ComparisonOperator for Attribute: a`],
  [{ a: {} }, `${INVALID}Value must be provided when Exists is null for Attribute: a`],
  [{ a: { Exists: true } }, `${INVALID}Value must be provided when Exists is true for Attribute: a`],
  [{ a: { Exists: false, Value: N(1) } }, `${INVALID}Value cannot be used when Exists is false for Attribute: a`],
  [{ a: { Value: { SS: [] } } }, `${INVALID}An string set  may not be empty`],
  // Operators that cannot take the given type.
  [{ a: op('LT', { SS: ['x'] }) }, `${INVALID}ComparisonOperator LT is not valid for SS AttributeValue type`,
    ['dynalite', 'dynalite does not check the types of Expected values']],
  [{ a: op('BEGINS_WITH', N(1)) }, `${INVALID}ComparisonOperator BEGINS_WITH is not valid for N AttributeValue type`,
    ['dynalite', 'dynalite does not check the types of Expected values']],
  // ComparisonOperator is an enum.
  [{ a: { ComparisonOperator: 'FOO', Value: N(1) } },
    "1 validation error detected: Value 'FOO' at 'expected.a.member.comparisonOperator' failed to satisfy constraint: " +
    'Member must satisfy enum value set: [IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]',
  ['dynamodb-local', 'DynamoDB Local says "Comparison type does not exist in DynamoDB"']],
];

for (const [expected, message, differs] of expectedErrors) {
  // An invalid Expected entry is refused with DynamoDB's exact message, on every write action.
  test(`Expected ${JSON.stringify(expected)} is refused`, { skip: differs ? differsOn(differs[0], differs[1]) : false }, async () => {
    expectError(await rawCall('PutItem', { TableName: T, Item: key(), Expected: expected }), 'ValidationException', message);
    expectError(await rawCall('DeleteItem', { TableName: T, Key: key(), Expected: expected }), 'ValidationException', message);
    expectError(await rawCall('UpdateItem', { TableName: T, Key: key(), Expected: expected }), 'ValidationException', message);
  });
}

// ConditionalOperator needs an Expected to combine (DynamoDB Local's check).
test('ConditionalOperator without Expected is refused',
  { skip: differsOn('dynalite', 'dynalite accepts ConditionalOperator alone') }, async () => {
    for (const extra of [{}, { Expected: {} }]) {
      expectError(await rawCall('PutItem', { TableName: T, Item: key(), ConditionalOperator: 'OR', ...extra }), 'ValidationException',
        'ConditionalOperator cannot be used without Filter or Expected');
      expectError(await rawCall('UpdateItem', { TableName: T, Key: key(), ConditionalOperator: 'AND', ...extra }), 'ValidationException',
        'ConditionalOperator cannot be used without Filter or Expected');
    }
  });

// ---------------------------------------------------------------------------------------------
// AttributeUpdates

function legacyUpdate(Key, AttributeUpdates, extra = {}) {
  return client.send(new UpdateItemCommand({ TableName: T, Key, AttributeUpdates, ...extra }));
}

// PUT writes or replaces the attribute.
test('AttributeUpdates PUT', async () => {
  const k = key();
  await client.send(new PutItemCommand({ TableName: T, Item: { ...k, a: S('old'), keep: S('k') } }));
  await legacyUpdate(k, { a: { Action: 'PUT', Value: S('new') }, b: { Action: 'PUT', Value: { M: { x: N(1) } } } });
  assert.deepEqual(await get(k), { ...k, a: S('new'), keep: S('k'), b: { M: { x: N(1) } } });
});

// PUT is the default action (AWS API reference: "PUT - default").
test('AttributeUpdates without an Action puts',
  { skip: differsOn('dynamodb-local', 'DynamoDB Local ignores an entry without Action') }, async () => {
    const k = key();
    await client.send(new PutItemCommand({ TableName: T, Item: { ...k, a: S('old') } }));
    const out = await legacyUpdate(k, { a: { Value: S('new') }, b: { Value: N(1) } }, { ReturnValues: 'UPDATED_NEW' });
    assert.deepEqual(out.Attributes, { a: S('new'), b: N(1) });
    assert.deepEqual(await get(k), { ...k, a: S('new'), b: N(1) });
  });

// ADD adds numbers, unites sets, appends to lists; an absent attribute starts empty.
test('AttributeUpdates ADD', async () => {
  const k = key();
  await client.send(new PutItemCommand({ TableName: T, Item: { ...k, n: N(1), ss: { SS: ['a'] }, l: { L: [S('x')] } } }));
  const out = await legacyUpdate(k, {
    n: { Action: 'ADD', Value: N('-1.5') }, ss: { Action: 'ADD', Value: { SS: ['a', 'b'] } }, l: { Action: 'ADD', Value: { L: [N(2)] } },
    fresh: { Action: 'ADD', Value: N(3) }, freshset: { Action: 'ADD', Value: { NS: ['1'] } },
  }, { ReturnValues: 'ALL_NEW' });
  assert.deepEqual(normalise(out.Attributes), normalise({
    ...k, n: N('-0.5'), ss: { SS: ['a', 'b'] }, l: { L: [S('x'), N(2)] }, fresh: N(3), freshset: { NS: ['1'] },
  }));
});

// DELETE without a value removes the attribute; with a set removes members; an emptied set goes.
test('AttributeUpdates DELETE', async () => {
  const k = key();
  await client.send(new PutItemCommand({ TableName: T, Item: { ...k, a: S('x'), ss: { SS: ['a', 'b', 'c'] }, ns: { NS: ['1'] } } }));
  await legacyUpdate(k, { a: { Action: 'DELETE' }, ss: { Action: 'DELETE', Value: { SS: ['a', 'z'] } }, ns: { Action: 'DELETE', Value: { NS: ['1'] } }, nope: { Action: 'DELETE' } });
  assert.deepEqual(normalise(await get(k)), normalise({ ...k, ss: { SS: ['b', 'c'] } }));
});

// An AttributeUpdates update of an absent item creates it when an action PUTs or ADDs, or
// when there is no action; one that only DELETEs creates nothing (both references create the
// key-only item).
test('AttributeUpdates creates the item when absent', async () => {
  const k1 = key();
  await legacyUpdate(k1, { a: { Action: 'ADD', Value: N(1) } });
  assert.deepEqual(await get(k1), { ...k1, a: N(1) });
  const k3 = key();
  await legacyUpdate(k3, { a: { Action: 'DELETE' }, b: { Action: 'PUT', Value: S('x') } });
  assert.deepEqual(await get(k3), { ...k3, b: S('x') });
  const k4 = key();
  await legacyUpdate(k4, {});
  assert.deepEqual(await get(k4), k4);
});

test('AttributeUpdates that only deletes creates nothing on an absent item', { skip: differsOn(['dynamodb-local', 'dynalite'], 'creates the key-only item; DynamoDB creates nothing for an update that only deletes') }, async () => {
  const k2 = key();
  const out = await legacyUpdate(k2, { a: { Action: 'DELETE' }, s: { Action: 'DELETE', Value: { SS: ['x'] } } }, { ReturnValues: 'ALL_NEW' });
  assert.equal(out.Attributes, undefined);
  assert.equal(await get(k2), undefined);
});

// ReturnValues UPDATED_OLD and UPDATED_NEW name the updated top-level attributes.
test('AttributeUpdates with ReturnValues', async () => {
  const k = key();
  await client.send(new PutItemCommand({ TableName: T, Item: { ...k, a: S('1'), b: S('2'), c: S('3') } }));
  const old = await legacyUpdate(k, { a: { Action: 'PUT', Value: S('one') }, b: { Action: 'DELETE' } }, { ReturnValues: 'UPDATED_OLD' });
  assert.deepEqual(old.Attributes, { a: S('1'), b: S('2') });
  const neu = await legacyUpdate(k, { a: { Action: 'PUT', Value: S('uno') }, d: { Action: 'ADD', Value: N(4) } }, { ReturnValues: 'UPDATED_NEW' });
  assert.deepEqual(neu.Attributes, { a: S('uno'), d: N(4) });
  const all = await legacyUpdate(k, { c: { Action: 'DELETE' } }, { ReturnValues: 'ALL_OLD' });
  assert.deepEqual(all.Attributes, { ...k, a: S('uno'), c: S('3'), d: N(4) });
});

// A stored attribute of another type cannot be added to or deleted from.
test('AttributeUpdates type mismatch', async () => {
  const k = key();
  await client.send(new PutItemCommand({ TableName: T, Item: { ...k, s: S('x'), ss: { SS: ['a'] } } }));
  for (const u of [{ s: { Action: 'ADD', Value: N(1) } }, { ss: { Action: 'DELETE', Value: { NS: ['1'] } } }, { ss: { Action: 'ADD', Value: N(1) } }]) {
    expectError(await rawCall('UpdateItem', { TableName: T, Key: k, AttributeUpdates: u }), 'ValidationException', 'Type mismatch for attribute to update');
  }
});

const updateErrors = [
  [{ a: { Action: 'PUT' } }, `${INVALID}Only DELETE action is allowed when no attribute value is specified`],
  [{ a: { Action: 'ADD' } }, `${INVALID}Only DELETE action is allowed when no attribute value is specified`],
  [{ a: { Action: 'DELETE', Value: S('x') } }, `${INVALID}DELETE action with value is not supported for the type S`,
    ['dynamodb-local', 'DynamoDB Local names the type STRING']],
  [{ a: { Action: 'ADD', Value: S('x') } }, `${INVALID}ADD action is not supported for the type S`,
    ['dynamodb-local', 'DynamoDB Local names the type STRING']],
  [{ a: { Action: 'ADD', Value: { M: {} } } }, `${INVALID}ADD action is not supported for the type M`,
    ['dynamodb-local', 'DynamoDB Local names the type MAP']],
  [{ a: { Action: 'ADD', Value: { SS: [] } } }, `${INVALID}An string set  may not be empty`],
  [{ pk: { Action: 'PUT', Value: S('x') } }, `${INVALID}Cannot update attribute pk. This attribute is part of the key`],
];

for (const [updates, message, differs] of updateErrors) {
  // An invalid AttributeUpdates entry is refused with DynamoDB's exact message.
  test(`AttributeUpdates ${JSON.stringify(updates)} is refused`, { skip: differs ? differsOn(differs[0], differs[1]) : false }, async () => {
    expectError(await rawCall('UpdateItem', { TableName: T, Key: key(), AttributeUpdates: updates }), 'ValidationException', message);
  });
}

// ---------------------------------------------------------------------------------------------
// AttributesToGet

// AttributesToGet names top-level attributes literally: "a.b" is an attribute name, not a path.
test('GetItem AttributesToGet takes names literally', async () => {
  const k = key();
  await client.send(new PutItemCommand({ TableName: T, Item: { ...k, 'a.b': S('dotted'), a: { M: { b: S('nested') } }, status: S('on') } }));
  const out = await client.send(new GetItemCommand({ TableName: T, Key: k, AttributesToGet: ['a.b', 'status', 'nope'] }));
  assert.deepEqual(out.Item, { 'a.b': S('dotted'), status: S('on') });
});

// AttributesToGet together with the expression placeholders is refused.
test('AttributesToGet with ExpressionAttributeNames is refused', async () => {
  expectError(await rawCall('GetItem', { TableName: T, Key: key(), AttributesToGet: ['a'], ExpressionAttributeNames: { '#a': 'a' } }),
    'ValidationException', 'ExpressionAttributeNames can only be specified when using expressions');
});
