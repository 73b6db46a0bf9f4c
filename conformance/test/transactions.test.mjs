// TransactWriteItems and TransactGetItems: actions across tables, all-or-nothing, cancellation
// reasons, validation and its order, limits, idempotency tokens, consumed capacity, and
// (Minnow only) injected transaction conflicts.
//
// Reference findings (2026-12, DynamoDB Local 8001; dynalite has no transactions, so these
// tests are skipped there as a whole):
// - Cancellation: HTTP 400, __type com.amazonaws.dynamodb.v20120810#TransactionCanceledException,
//   message "Transaction cancelled, please refer cancellation reasons for specific reasons
//   [None, ConditionalCheckFailed]" (one code per action, in request order, ", "-separated),
//   and "CancellationReasons": one object per action in request order:
//     {"Code":"None"}                                        action that would have succeeded
//     {"Code":"ConditionalCheckFailed","Message":"The conditional request failed"}
//     ... plus "Item": {old item} when ReturnValuesOnConditionCheckFailure is ALL_OLD and the
//         item exists (no Item key when it does not)
//     {"Code":"ValidationError","Message":"..."}             item-level validation (below)
//     {"Code":"TransactionConflict","Message":"Transaction is ongoing for the item"}
//   DynamoDB Local ends the ConditionCheck action's message with a period ("The conditional
//   request failed.") but not the Put/Update/Delete ones; these tests pin that. Every action is
//   evaluated: several reasons can be non-None. Nothing is written when cancelled. The JS SDK
//   exposes error.CancellationReasons and error.message.
// - Request-level validation (ValidationException, nothing evaluated), in this order as far as
//   seen: missing table ResourceNotFoundException "Requested resource not found" (DynamoDB
//   Local: "Cannot do operations on a non-existent table") comes before "Transaction request
//   cannot include multiple operations on one item" (same key twice, any two actions, also in
//   TransactGetItems), which comes before item-level ValidationErrors.
//   > 100 actions: "1 validation error detected: Value '[...]' at 'transactItems' failed to
//   satisfy constraint: Member must have length less than or equal to 100" (DynamoDB Local
//   sends only "Member must have length less than or equal to 100"); [] : "... Value '[]' at
//   'transactItems' ... greater than or equal to 1" (Local: "Value [] at 'transactItems' failed
//   to satisfy constraint: Member must have length greater than or equal to 1"; Local's
//   TransactGetItems says "Value null at 'transactItems' ... Member must not be null").
//   Two actions in one element: "TransactItems can only contain one of Check, Put, Update or
//   Delete"; none: "Invalid Request: TransactWriteRequest should contain Delete or Put or
//   Update request". ConditionCheck without ConditionExpression: "... Value null at
//   'transactItems.1.member.conditionCheck.conditionExpression' failed to satisfy constraint:
//   Member must not be null" (1-based index). Aggregate size over 4 MB: "Transaction payload
//   size cannot exceed 4MB. Payload Size: N" where N is the sum of the items' sizes
//   (DynamoDB's item-size rules). ClientRequestToken longer than 36: "... at
//   'clientRequestToken' failed to satisfy constraint: Member must have length less than or
//   equal to 36". Expression errors are the single-item calls' messages (e.g. 'Invalid
//   UpdateExpression: Syntax error; token: "<EOF>", near: "SET"'), as are attribute value
//   errors (empty sets, 400 KB "Item size has exceeded the maximum allowed size").
// - Item-level validation becomes a cancellation, not a ValidationException: a Put item's key
//   attribute of the wrong type gives TransactionCanceledException with [ValidationError] and
//   Message "One or more parameter values were invalid: Type mismatch for key pk expected: S
//   actual: N" (DynamoDB Local: "... Type mismatch for key"); an Update, Delete or
//   ConditionCheck Key of the wrong type "The provided key element does not match the schema"
//   (2026); an Update that sets a key attribute "One or more parameter values were invalid:
//   Cannot update attribute pk. This attribute is part of the key". Validation stops at the
//   first such action: its reason is the only ValidationError, every other reason is None, and
//   no condition is evaluated. A Key with a missing or extra attribute stays a
//   ValidationException: "The provided key element does not match the schema" (Update/Delete
//   key) and "One or more parameter values were invalid: Missing the key pk in the item" (Put)
//   as in the single-item calls (DynamoDB Local: "The number of conditions on the keys is
//   invalid" / "One of the required keys was not given a value"), and so does an empty S or B
//   key value: "One or more parameter values are not valid. The AttributeValue for a key
//   attribute cannot contain an empty string value. Key: pk".
// - TransactGetItems: a Get whose Key lacks the key attributes (or has one of another type)
//   cancels the transaction, [ValidationError] "The provided key element does not match the
//   schema" (2026).
// - ClientRequestToken: the same token with the same request succeeds again without applying
//   it twice; with a different request it is IdempotentParameterMismatchException (DynamoDB
//   Local sends an empty message; real DynamoDB's text was not captured, so it is not pinned).
// - Consumed capacity: a list, one entry per table; transactional writes cost 2 units per KB
//   per item, transactional reads 2 units per 4 KB per item; INDEXES adds Table. (DynamoDB
//   Local reports one action's cost per table when a table has several actions.)
// - TransactGetItems: Responses has one entry per Get in request order: {"Item": {...}}
//   (projected if asked) or {} for an absent item. Answer without ConsumedCapacity when not
//   asked. TransactWriteItems answers {} unless capacity/metrics are asked.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { TransactWriteItemsCommand, TransactGetItemsCommand } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { admin } from '../lib/admin.mjs';
import { makeClient, makeDocumentClient } from '../lib/client.mjs';
import { rawCall, expectError, expectOk } from '../lib/http.mjs';
import { differsOn, reference } from '../lib/reference.mjs';
import { tableNamer } from '../lib/names.mjs';
import { keyedTable, createTable, dropTables } from '../lib/tables.mjs';
import { itemSize, padItem } from '../lib/size.mjs';
import { rejects } from '../lib/values.mjs';

const NO_TRANSACTIONS = reference === 'dynalite' ? differsOn('dynalite', 'dynalite has no transactions') : false;
const client = makeClient();
const doc = makeDocumentClient(client);
const newName = tableNamer('transactions');
const A = newName('a');  // pk S HASH
const B = newName('b');  // pk S HASH, sk N RANGE
const BIN = newName('bin');  // id B HASH
const MISSING = 'cf-transactions-never-created';
const LOCAL_WORDING = 'DynamoDB Local words this validation message differently; the expected text is real DynamoDB\'s';
const LOCAL_CORAL = 'DynamoDB Local drops Coral\'s "1 validation error detected: Value \'...\'" framing';
const NOT_FOUND_LOCAL = 'DynamoDB Local says "Cannot do operations on a non-existent table"';
const CANCELLED = 'Transaction cancelled, please refer cancellation reasons for specific reasons';
const COND_FAILED = 'The conditional request failed';
const CHECK_FAILED = 'The conditional request failed.';  // a ConditionCheck action's reason
const SAME_ITEM = 'Transaction request cannot include multiple operations on one item';
const TYPE_MISMATCH = 'One or more parameter values were invalid: Type mismatch for key pk expected: S actual: N';
const KEY_NO_MATCH = 'The provided key element does not match the schema';
const EMPTY_KEY = 'One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: pk';

const S = (s) => ({ S: s });
const N = (n) => ({ N: String(n) });
const K = (pk) => ({ pk: S(pk) });
const byTable = (caps) => [...caps].sort((x, y) => (x.TableName < y.TableName ? -1 : 1));
const reRegex = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
let seq = 0;
const uniq = (label = 'i') => `${label}-${++seq}`;

before(async () => {
  if (NO_TRANSACTIONS) return;
  await createTable(client, keyedTable(A, ['pk', 'S']));
  await createTable(client, keyedTable(B, ['pk', 'S'], ['sk', 'N']));
  await createTable(client, keyedTable(BIN, ['id', 'B']));
});
after(() => (NO_TRANSACTIONS ? undefined : dropTables(client, [A, B, BIN])));

const tw = (TransactItems, extra = {}) => rawCall('TransactWriteItems', { TransactItems, ...extra });
const tg = (TransactItems, extra = {}) => rawCall('TransactGetItems', { TransactItems, ...extra });
const put = async (TableName, Item) => expectOk(await rawCall('PutItem', { TableName, Item }));
const getItem = async (TableName, Key) => expectOk(await rawCall('GetItem', { TableName, Key, ConsistentRead: true })).Item;

// Asserts a TransactionCanceledException reply with exactly these reasons (in request order)
// and the message listing their codes.
function expectCancelled(res, reasons) {
  expectError(res, 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
    `${CANCELLED} [${reasons.map((r) => r.Code).join(', ')}]`);
  assert.deepEqual(res.body.CancellationReasons, reasons, res.text);
}

// Asserts a Coral constraint message; DynamoDB Local drops the framing and the quotes.
function expectCoral(res, t, path, constraint, localValue) {
  if (differsOn('dynamodb-local', LOCAL_CORAL, t)) {
    expectError(res, 'ValidationException', localValue === undefined ? constraint
      : `Value ${localValue} at '${path}' failed to satisfy constraint: ${constraint}`);
  } else {
    expectError(res, 'ValidationException', new RegExp(
      `^1 validation error detected: Value ${localValue === 'null' ? 'null' : "'.*'"} at '${reRegex(path)}' failed to satisfy constraint: ${reRegex(constraint)}$`, 's'));
  }
}

// ---------------------------------------------------------------------------------------------
// TransactWriteItems: success

// All four action types, across two tables, apply together; the answer is empty.
test('TransactWriteItems applies ConditionCheck, Put, Update and Delete across tables', { skip: NO_TRANSACTIONS }, async () => {
  const [c, p, u, d] = [uniq('c'), uniq('p'), uniq('u'), uniq('d')];
  await put(A, { pk: S(c), n: N(1) });
  await put(B, { pk: S(u), sk: N(1), count: N(10) });
  await put(A, { pk: S(d) });
  const body = expectOk(await tw([
    { ConditionCheck: { TableName: A, Key: K(c), ConditionExpression: 'n = :one', ExpressionAttributeValues: { ':one': N(1) } } },
    { Put: { TableName: B, Item: { pk: S(p), sk: N(2), v: S('new') }, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Update: { TableName: B, Key: { pk: S(u), sk: N(1) }, UpdateExpression: 'ADD #c :five SET s = :s',
      ExpressionAttributeNames: { '#c': 'count' }, ExpressionAttributeValues: { ':five': N(5), ':s': S('set') } } },
    { Delete: { TableName: A, Key: K(d), ConditionExpression: 'attribute_exists(pk)' } },
  ]));
  assert.deepEqual(body, {});
  assert.deepEqual(await getItem(A, K(c)), { pk: S(c), n: N(1) }, 'a ConditionCheck writes nothing');
  assert.deepEqual(await getItem(B, { pk: S(p), sk: N(2) }), { pk: S(p), sk: N(2), v: S('new') });
  assert.deepEqual(await getItem(B, { pk: S(u), sk: N(1) }), { pk: S(u), sk: N(1), count: N(15), s: S('set') });
  assert.equal(await getItem(A, K(d)), undefined);
});

// The SDK and the document client send transactions too (the usual way applications do).
test('TransactWriteItems through the SDK and the document client', { skip: NO_TRANSACTIONS }, async () => {
  const [x, y] = [uniq('sdk'), uniq('doc')];
  const out = await client.send(new TransactWriteItemsCommand({ TransactItems: [{ Put: { TableName: A, Item: { pk: S(x) } } }] }));
  assert.equal(out.ConsumedCapacity, undefined);
  await doc.send(new TransactWriteCommand({ TransactItems: [
    { Put: { TableName: B, Item: { pk: y, sk: 1, list: [1, 'a'] } } },
    { Update: { TableName: A, Key: { pk: x }, UpdateExpression: 'SET m = :m', ExpressionAttributeValues: { ':m': { k: true } } } },
  ] }));
  assert.deepEqual(await getItem(B, { pk: S(y), sk: N(1) }), { pk: S(y), sk: N(1), list: { L: [N(1), S('a')] } });
  assert.deepEqual(await getItem(A, K(x)), { pk: S(x), m: { M: { k: { BOOL: true } } } });
});

// 100 actions is the limit.
test('TransactWriteItems accepts exactly 100 actions', { skip: NO_TRANSACTIONS }, async () => {
  const prefix = uniq('hundred');
  const items = Array.from({ length: 100 }, (_, i) => ({ Put: { TableName: i % 2 ? A : B, Item: i % 2 ? K(`${prefix}-${i}`) : { pk: S(prefix), sk: N(i) } } }));
  assert.deepEqual(expectOk(await tw(items)), {});
  assert.ok(await getItem(A, K(`${prefix}-99`)));
  assert.ok(await getItem(B, { pk: S(prefix), sk: N(98) }));
});

// ---------------------------------------------------------------------------------------------
// TransactWriteItems: cancellation

// One failed condition cancels everything; the reasons list every action in request order.
test('TransactWriteItems is all-or-nothing, with CancellationReasons in request order', { skip: NO_TRANSACTIONS }, async () => {
  const [c, p, u, d] = [uniq('c'), uniq('p'), uniq('u'), uniq('d')];
  await put(A, { pk: S(c), n: N(1) });
  await put(A, { pk: S(u), count: N(1) });
  await put(B, { pk: S(d), sk: N(1), keep: S('me') });
  const res = await tw([
    { Put: { TableName: A, Item: { pk: S(p) } } },
    { Update: { TableName: A, Key: K(u), UpdateExpression: 'ADD #c :one', ExpressionAttributeNames: { '#c': 'count' }, ExpressionAttributeValues: { ':one': N(1) } } },
    { ConditionCheck: { TableName: A, Key: K(c), ConditionExpression: 'n = :two', ExpressionAttributeValues: { ':two': N(2) } } },
    { Delete: { TableName: B, Key: { pk: S(d), sk: N(1) } } },
  ]);
  expectCancelled(res, [{ Code: 'None' }, { Code: 'None' }, { Code: 'ConditionalCheckFailed', Message: CHECK_FAILED }, { Code: 'None' }]);
  assert.equal(await getItem(A, K(p)), undefined, 'the Put was not applied');
  assert.deepEqual(await getItem(A, K(u)), { pk: S(u), count: N(1) }, 'the Update was not applied');
  assert.deepEqual(await getItem(B, { pk: S(d), sk: N(1) }), { pk: S(d), sk: N(1), keep: S('me') }, 'the Delete was not applied');
});

// Every action is checked: several can fail; ALL_OLD adds the current item to its reason.
test('TransactWriteItems reports every failed condition, with Item for ALL_OLD', { skip: NO_TRANSACTIONS }, async () => {
  const [c, p, u, gone] = [uniq('c'), uniq('p'), uniq('u'), uniq('gone')];
  await put(A, { pk: S(c), n: N(1), s: { SS: ['x'] } });
  await put(B, { pk: S(p), sk: N(1), v: S('old') });
  const res = await tw([
    { Put: { TableName: B, Item: { pk: S(p), sk: N(1), v: S('new') }, ConditionExpression: 'attribute_not_exists(pk)', ReturnValuesOnConditionCheckFailure: 'ALL_OLD' } },
    { ConditionCheck: { TableName: A, Key: K(c), ConditionExpression: 'n = :two', ExpressionAttributeValues: { ':two': N(2) }, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' } },
    { Update: { TableName: A, Key: K(u), UpdateExpression: 'SET v = :v', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':v': S('x') } } },
    { Delete: { TableName: A, Key: K(gone), ConditionExpression: 'attribute_exists(pk)', ReturnValuesOnConditionCheckFailure: 'ALL_OLD' } },
    { Put: { TableName: A, Item: K(uniq('fine')) } },
  ]);
  expectCancelled(res, [
    { Code: 'ConditionalCheckFailed', Message: COND_FAILED, Item: { pk: S(p), sk: N(1), v: S('old') } },
    { Code: 'ConditionalCheckFailed', Message: CHECK_FAILED, Item: { pk: S(c), n: N(1), s: { SS: ['x'] } } },
    { Code: 'ConditionalCheckFailed', Message: COND_FAILED },
    { Code: 'ConditionalCheckFailed', Message: COND_FAILED },
    { Code: 'None' },
  ]);
  assert.equal(await getItem(A, K(u)), undefined, 'the failed Update created nothing');
  assert.deepEqual(await getItem(B, { pk: S(p), sk: N(1) }), { pk: S(p), sk: N(1), v: S('old') });
});

// The message text lists the codes; on the wire the reasons are a top-level JSON array.
test('TransactionCanceledException message and raw JSON shape', { skip: NO_TRANSACTIONS }, async () => {
  const k = uniq('raw');
  await put(A, { pk: S(k) });
  const res = await tw([
    { Put: { TableName: A, Item: K(uniq('ok')) } },
    { Put: { TableName: A, Item: K(k), ConditionExpression: 'attribute_not_exists(pk)' } },
  ]);
  assert.equal(res.status, 400);
  assert.equal(res.type, 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException');
  assert.equal(res.message, 'Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]');
  assert.deepEqual(Object.keys(res.body).filter((x) => x !== res.messageKey).sort(), ['CancellationReasons', '__type']);
  assert.deepEqual(res.body.CancellationReasons, [{ Code: 'None' }, { Code: 'ConditionalCheckFailed', Message: COND_FAILED }]);
});

// The SDK raises TransactionCanceledException with CancellationReasons on the error object.
test('the SDK exposes CancellationReasons on the error', { skip: NO_TRANSACTIONS }, async () => {
  const k = uniq('sdk');
  await put(A, { pk: S(k), v: N(7) });
  const e = await rejects(client.send(new TransactWriteItemsCommand({ TransactItems: [
    { Put: { TableName: A, Item: K(uniq('ok')) } },
    { ConditionCheck: { TableName: A, Key: K(k), ConditionExpression: 'v = :w', ExpressionAttributeValues: { ':w': N(8) }, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' } },
  ] })), 'TransactionCanceledException', `${CANCELLED} [None, ConditionalCheckFailed]`);
  assert.deepEqual(e.CancellationReasons, [{ Code: 'None' }, { Code: 'ConditionalCheckFailed', Message: CHECK_FAILED, Item: { pk: S(k), v: N(7) } }]);
  assert.equal(e.$metadata.httpStatusCode, 400);
});

// ---------------------------------------------------------------------------------------------
// TransactWriteItems: validation

// Two actions on one item are refused before anything is evaluated.
test('TransactWriteItems rejects two actions on one item', { skip: NO_TRANSACTIONS }, async (t) => {
  const k = uniq('same');
  expectError(await tw([{ Put: { TableName: A, Item: K(k) } }, { Delete: { TableName: A, Key: K(k) } }]), 'ValidationException', SAME_ITEM);
  // Numeric keys are compared by value: sk 1 and 1.0 are one item.
  if (!differsOn('dynamodb-local', 'DynamoDB Local compares numeric keys by their text', t)) expectError(await tw([
    { ConditionCheck: { TableName: B, Key: { pk: S(k), sk: N(1) }, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Update: { TableName: B, Key: { pk: S(k), sk: N('1.0') }, UpdateExpression: 'SET a = :a', ExpressionAttributeValues: { ':a': N(1) } } },
  ]), 'ValidationException', SAME_ITEM);
  assert.equal(await getItem(A, K(k)), undefined);
  // The same key in two tables is two items.
  assert.deepEqual(expectOk(await tw([{ Put: { TableName: A, Item: K(k) } }, { Put: { TableName: B, Item: { pk: S(k), sk: N(1) } } }])), {});
});

// More than 100 actions, or none, fail Coral's length constraints.
test('TransactWriteItems with more than 100 actions or none', { skip: NO_TRANSACTIONS }, async (t) => {
  const prefix = uniq('many');
  expectCoral(await tw(Array.from({ length: 101 }, (_, i) => ({ Put: { TableName: A, Item: K(`${prefix}-${i}`) } }))), t,
    'transactItems', 'Member must have length less than or equal to 100');
  assert.equal(await getItem(A, K(`${prefix}-0`)), undefined);
  expectCoral(await tw([]), t, 'transactItems', 'Member must have length greater than or equal to 1', '[]');
});

// The items of one transaction may total 4 MB; the message gives the total of their sizes.
test('TransactWriteItems aggregate item size limit is 4 MB', { skip: NO_TRANSACTIONS }, async () => {
  const prefix = uniq('big');
  const items = Array.from({ length: 11 }, (_, i) => padItem(K(`${prefix}-${i}`), 390 * 1024));
  const total = items.reduce((a, x) => a + itemSize(x), 0);
  expectError(await tw(items.map((Item) => ({ Put: { TableName: A, Item } }))), 'ValidationException',
    `Transaction payload size cannot exceed 4MB. Payload Size: ${total}`);
  assert.equal(await getItem(A, K(`${prefix}-0`)), undefined);
  assert.deepEqual(expectOk(await tw(items.slice(0, 10).map((Item) => ({ Put: { TableName: A, Item } })))), {});
});

// A missing table fails the whole request, before the same-item check.
test('TransactWriteItems on a missing table is ResourceNotFoundException', { skip: NO_TRANSACTIONS }, async (t) => {
  const skip = differsOn('dynamodb-local', NOT_FOUND_LOCAL, t);
  const k = uniq('nf');
  expectError(await tw([{ Put: { TableName: A, Item: K(k) } }, { Put: { TableName: MISSING, Item: K(k) } }]),
    'ResourceNotFoundException', 'Requested resource not found', skip);
  assert.equal(await getItem(A, K(k)), undefined);
  expectError(await tw([{ Put: { TableName: MISSING, Item: K(k) } }, { Delete: { TableName: MISSING, Key: K(k) } }]),
    'ResourceNotFoundException', 'Requested resource not found', skip);
});

// Request shape errors.
test('TransactWriteItems request shape errors', { skip: NO_TRANSACTIONS }, async (t) => {
  const k = uniq('shape');
  expectError(await tw([{ Put: { TableName: A, Item: K(k) }, Delete: { TableName: A, Key: K(k) } }]), 'ValidationException',
    'TransactItems can only contain one of Check, Put, Update or Delete');
  expectError(await tw([{}]), 'ValidationException', 'Invalid Request: TransactWriteRequest should contain Delete or Put or Update request');
  expectCoral(await tw([{ Put: { TableName: A, Item: K(k) } }, { ConditionCheck: { TableName: A, Key: K(uniq('x')) } }]), t,
    'transactItems.2.member.conditionCheck.conditionExpression', 'Member must not be null', 'null');
  expectCoral(await tw([{ Put: { TableName: A, Item: K(k) } }], { ClientRequestToken: 'x'.repeat(37) }), t,
    'clientRequestToken', 'Member must have length less than or equal to 36', 'x'.repeat(37));
  assert.equal(await getItem(A, K(k)), undefined);
});

// Expression and attribute value errors inside an action are the single-item calls' errors.
const actionErrors = [
  ['update expression syntax', { Update: { TableName: A, Key: K('e'), UpdateExpression: 'SET' } },
    'Invalid UpdateExpression: Syntax error; token: "<EOF>", near: "SET"'],
  ['undefined value in a condition', { Put: { TableName: A, Item: K('e'), ConditionExpression: 'n = :z' } },
    'Invalid ConditionExpression: An expression attribute value used in expression is not defined; attribute value: :z'],
  ['values without an expression', { Put: { TableName: A, Item: K('e'), ExpressionAttributeValues: { ':a': S('1') } } },
    'ExpressionAttributeValues can only be specified when using expressions: ConditionExpression is null'],
  ['empty string set', { Put: { TableName: A, Item: { pk: S('e'), s: { SS: [] } } } },
    'One or more parameter values were invalid: An string set  may not be empty'],
  ['item over 400 KB', { Put: { TableName: A, Item: padItem(K('e'), 400 * 1024 + 1) } }, 'Item size has exceeded the maximum allowed size'],
  ['Put item without its key', { Put: { TableName: A, Item: { x: S('1') } } },
    'One or more parameter values were invalid: Missing the key pk in the item', 'local'],
  ['Update key with an extra attribute', { Update: { TableName: A, Key: { pk: S('e'), x: S('1') }, UpdateExpression: 'SET a = :a', ExpressionAttributeValues: { ':a': S('1') } } },
    'The provided key element does not match the schema', 'local'],
  ['Delete key without its range key', { Delete: { TableName: B, Key: K('e') } },
    'The provided key element does not match the schema', 'local'],
  // An empty key value is the request's error, never a cancellation reason (2026).
  ['Put item with an empty key value', { Put: { TableName: A, Item: { pk: S('') } } }, EMPTY_KEY, 'local'],
  ['Update key with an empty key value', { Update: { TableName: A, Key: { pk: S('') }, UpdateExpression: 'SET a = :a', ExpressionAttributeValues: { ':a': S('1') } } },
    EMPTY_KEY, 'local'],
  ['ConditionCheck key with an empty binary key value', { ConditionCheck: { TableName: BIN, Key: { id: { B: '' } }, ConditionExpression: 'attribute_exists(id)' } },
    'One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty binary value. Key: id', 'local'],
];
for (const [why, action, message, local] of actionErrors) {
  test(`TransactWriteItems ValidationException: ${why}`, { skip: NO_TRANSACTIONS }, async (t) => {
    const k = uniq('ve');
    const skip = local === 'local' && differsOn('dynamodb-local', LOCAL_WORDING, t);
    expectError(await tw([{ Put: { TableName: A, Item: K(k) } }, action]), 'ValidationException', message, skip);
    assert.equal(await getItem(A, K(k)), undefined);
  });
}

// A key attribute of the wrong type, or an update of a key attribute, is an item-level error:
// the transaction is cancelled with a ValidationError reason for the first such action only.
test('TransactWriteItems item-level validation errors are ValidationError reasons', { skip: NO_TRANSACTIONS }, async (t) => {
  const localMessage = differsOn('dynamodb-local', 'DynamoDB Local says only "...Type mismatch for key", for a Key too', t);
  const mismatch = { Code: 'ValidationError', Message: localMessage ? 'One or more parameter values were invalid: Type mismatch for key' : TYPE_MISMATCH };
  const noMatch = localMessage ? mismatch : { Code: 'ValidationError', Message: KEY_NO_MATCH };
  const k = uniq('ie');
  for (const [action, reason] of [
    [{ Put: { TableName: A, Item: { pk: N(1) } } }, mismatch],
    [{ Delete: { TableName: A, Key: { pk: N(1) } } }, noMatch],
    [{ ConditionCheck: { TableName: A, Key: { pk: N(1) }, ConditionExpression: 'attribute_exists(pk)' } }, noMatch],
    // DynamoDB Local refuses a non-scalar Key for the whole request ("Invalid attribute value type").
    ...(localMessage ? [] : [[{ Update: { TableName: A, Key: { pk: { L: [S('x')] } }, UpdateExpression: 'SET a = :a',
      ExpressionAttributeValues: { ':a': S('1') } } }, noMatch]]),
  ]) {
    expectCancelled(await tw([{ Put: { TableName: A, Item: K(k) } }, action]), [{ Code: 'None' }, reason]);
  }
  expectCancelled(await tw([
    { Update: { TableName: A, Key: K(k), UpdateExpression: 'SET pk = :a', ExpressionAttributeValues: { ':a': S('other') } } },
  ]), [{ Code: 'ValidationError', Message: 'One or more parameter values were invalid: Cannot update attribute pk. This attribute is part of the key' }]);
  // Validation comes before any condition and stops at the first invalid action: a condition that
  // would fail and a later invalid action are both None.
  await put(A, { pk: S(`${k}-c`) });
  const stops = !differsOn('dynamodb-local', 'DynamoDB Local evaluates every action and reports each reason', t);
  if (stops) {
    expectCancelled(await tw([
      { ConditionCheck: { TableName: A, Key: K(`${k}-c`), ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: A, Item: { pk: N(1) } } },
      { Delete: { TableName: A, Key: { pk: N(2) } } },
    ]), [{ Code: 'None' }, mismatch, { Code: 'None' }]);
  }
  assert.equal(await getItem(A, K(k)), undefined);
  // The same-item check comes before item-level validation.
  expectError(await tw([{ Put: { TableName: A, Item: { pk: N(1) } } }, { Put: { TableName: A, Item: K(k) } }, { Delete: { TableName: A, Key: K(k) } }]),
    'ValidationException', SAME_ITEM);
});

// ---------------------------------------------------------------------------------------------
// TransactWriteItems: idempotency and capacity

// A retried request with the same token is not applied twice; a different request with the
// same token is refused.
test('ClientRequestToken makes TransactWriteItems idempotent', { skip: NO_TRANSACTIONS }, async () => {
  const k = uniq('ctr');
  const token = `tok-${k}-${Date.now()}`.slice(0, 36);
  const request = { ClientRequestToken: token, TransactItems: [
    { Update: { TableName: A, Key: K(k), UpdateExpression: 'ADD c :one', ExpressionAttributeValues: { ':one': N(1) } } }] };
  expectOk(await rawCall('TransactWriteItems', request));
  expectOk(await rawCall('TransactWriteItems', request));
  await client.send(new TransactWriteItemsCommand(request));
  assert.deepEqual(await getItem(A, K(k)), { pk: S(k), c: N(1) }, 'applied once');
  const res = await rawCall('TransactWriteItems', { ClientRequestToken: token, TransactItems: [{ Put: { TableName: A, Item: K(uniq('other')) } }] });
  expectError(res, 'com.amazonaws.dynamodb.v20120810#IdempotentParameterMismatchException');
  await rejects(client.send(new TransactWriteItemsCommand({ ...request, TransactItems: [
    { Update: { TableName: A, Key: K(k), UpdateExpression: 'ADD c :two', ExpressionAttributeValues: { ':two': N(2) } } }] })),
  'IdempotentParameterMismatchException');
  assert.deepEqual(await getItem(A, K(k)), { pk: S(k), c: N(1) });
  // A new token is a new transaction.
  expectOk(await rawCall('TransactWriteItems', { ...request, ClientRequestToken: `${token.slice(0, 30)}-new` }));
  assert.deepEqual(await getItem(A, K(k)), { pk: S(k), c: N(2) });
});

// Transactional writes cost twice a normal write: 2 units per KB per item, one entry per table.
test('TransactWriteItems ReturnConsumedCapacity', { skip: NO_TRANSACTIONS }, async (t) => {
  const k = uniq('cap');
  const total = expectOk(await tw([{ Put: { TableName: A, Item: padItem(K(k), 2000) } }], { ReturnConsumedCapacity: 'TOTAL' }));
  assert.deepEqual(total, { ConsumedCapacity: [{ TableName: A, CapacityUnits: 4 }] });
  const indexes = expectOk(await tw([
    { Put: { TableName: A, Item: K(`${k}-1`) } },
    { Put: { TableName: B, Item: { pk: S(k), sk: N(1) } } },
  ], { ReturnConsumedCapacity: 'INDEXES' }));
  assert.deepEqual(byTable(indexes.ConsumedCapacity), byTable([
    { TableName: A, CapacityUnits: 2, Table: { CapacityUnits: 2 } },
    { TableName: B, CapacityUnits: 2, Table: { CapacityUnits: 2 } },
  ]));
  const check = expectOk(await tw([{ ConditionCheck: { TableName: A, Key: K(k), ConditionExpression: 'attribute_exists(pk)' } }], { ReturnConsumedCapacity: 'TOTAL' }));
  assert.deepEqual(check, { ConsumedCapacity: [{ TableName: A, CapacityUnits: 2 }] });
  if (!differsOn('dynamodb-local', 'DynamoDB Local reports one action\'s cost per table', t)) {
    const two = expectOk(await tw([{ Put: { TableName: A, Item: K(`${k}-2`) } }, { Put: { TableName: A, Item: K(`${k}-3`) } }], { ReturnConsumedCapacity: 'TOTAL' }));
    assert.deepEqual(two, { ConsumedCapacity: [{ TableName: A, CapacityUnits: 4 }] });
  }
});

// ---------------------------------------------------------------------------------------------
// TransactGetItems

// Gets across tables come back in request order; an absent item is an empty entry.
test('TransactGetItems reads several tables in request order', { skip: NO_TRANSACTIONS }, async () => {
  const [a, b] = [uniq('ga'), uniq('gb')];
  await put(A, { pk: S(a), x: N(1), m: { M: { deep: S('d'), other: S('o') } }, 'odd name': S('y') });
  await put(B, { pk: S(b), sk: N(1), v: S('one') });
  const body = expectOk(await tg([
    { Get: { TableName: B, Key: { pk: S(b), sk: N(1) } } },
    { Get: { TableName: A, Key: K(uniq('absent')) } },
    { Get: { TableName: A, Key: K(a), ProjectionExpression: 'm.deep, #o', ExpressionAttributeNames: { '#o': 'odd name' } } },
    { Get: { TableName: B, Key: { pk: S(b), sk: N(2) } } },
  ]));
  assert.deepEqual(body, { Responses: [
    { Item: { pk: S(b), sk: N(1), v: S('one') } },
    {},
    { Item: { m: { M: { deep: S('d') } }, 'odd name': S('y') } },
    {},
  ] });
  const sdk = await client.send(new TransactGetItemsCommand({ TransactItems: [{ Get: { TableName: A, Key: K(a), ProjectionExpression: 'x' } }] }));
  assert.deepEqual(sdk.Responses, [{ Item: { x: N(1) } }]);
});

// Transactional reads cost 2 units per 4 KB per item, one entry per table.
test('TransactGetItems ReturnConsumedCapacity', { skip: NO_TRANSACTIONS }, async () => {
  const [a, b] = [uniq('ca'), uniq('cb')];
  await put(A, padItem(K(a), 5000));
  await put(B, { pk: S(b), sk: N(1) });
  const total = expectOk(await tg([
    { Get: { TableName: A, Key: K(a) } },
    { Get: { TableName: B, Key: { pk: S(b), sk: N(1) } } },
  ], { ReturnConsumedCapacity: 'TOTAL' }));
  assert.deepEqual(byTable(total.ConsumedCapacity), byTable([{ TableName: A, CapacityUnits: 4 }, { TableName: B, CapacityUnits: 2 }]));
  const indexes = expectOk(await tg([{ Get: { TableName: B, Key: { pk: S(b), sk: N(1) } } }], { ReturnConsumedCapacity: 'INDEXES' }));
  assert.deepEqual(indexes, { Responses: [{ Item: { pk: S(b), sk: N(1) } }], ConsumedCapacity: [{ TableName: B, CapacityUnits: 2, Table: { CapacityUnits: 2 } }] });
});

// TransactGetItems limits and errors: 100 Gets, the same item twice, a missing table.
test('TransactGetItems validation', { skip: NO_TRANSACTIONS }, async (t) => {
  const k = uniq('gv');
  const hundred = Array.from({ length: 100 }, (_, i) => ({ Get: { TableName: A, Key: K(`${k}-${i}`) } }));
  assert.equal(expectOk(await tg(hundred)).Responses.length, 100);
  expectCoral(await tg([...hundred, { Get: { TableName: A, Key: K(`${k}-100`) } }]), t,
    'transactItems', 'Member must have length less than or equal to 100');
  expectError(await tg([{ Get: { TableName: A, Key: K(k) } }, { Get: { TableName: A, Key: K(k) } }]), 'ValidationException', SAME_ITEM);
  expectError(await tg([{ Get: { TableName: A, Key: K(k) } }, { Get: { TableName: MISSING, Key: K(k) } }]),
    'ResourceNotFoundException', 'Requested resource not found', differsOn('dynamodb-local', NOT_FOUND_LOCAL, t));
  expectError(await tg([{ Get: { TableName: A, Key: K(k), ProjectionExpression: 'x', ExpressionAttributeNames: { '#n': 'n' } } }]), 'ValidationException',
    'Value provided in ExpressionAttributeNames unused in expressions: keys: {#n}');
  // A Key without the key attributes, or of another type, cancels (2026); an empty value is the
  // request's error.
  if (!differsOn('dynamodb-local', 'DynamoDB Local answers a ValidationException', t)) {
    expectCancelled(await tg([{ Get: { TableName: A, Key: {} } }]), [{ Code: 'ValidationError', Message: KEY_NO_MATCH }]);
    expectCancelled(await tg([{ Get: { TableName: A, Key: K(k) } }, { Get: { TableName: A, Key: { pk: N(1) } } }, { Get: { TableName: A, Key: {} } }]),
      [{ Code: 'None' }, { Code: 'ValidationError', Message: KEY_NO_MATCH }, { Code: 'None' }]);
  }
  expectError(await tg([{ Get: { TableName: A, Key: { pk: S('') } } }]), 'ValidationException', EMPTY_KEY);
});

// An empty TransactGetItems fails Coral's length constraint.
test('TransactGetItems with no Gets', { skip: NO_TRANSACTIONS || differsOn('dynamodb-local', 'DynamoDB Local says "Value null at \'transactItems\' failed to satisfy constraint: Member must not be null"') }, async () => {
  expectError(await tg([]), 'ValidationException',
    "1 validation error detected: Value '[]' at 'transactItems' failed to satisfy constraint: Member must have length greater than or equal to 1");
});

// ---------------------------------------------------------------------------------------------
// Injected conflicts (Minnow's /_minnow/faults; see docs/admin-api.md)

const NO_FAULTS = differsOn(['dynamodb-local', 'dynalite'], 'no fault injection; DynamoDB Local never raises conflicts');
const CONFLICT = 'Transaction is ongoing for the item';

// A pending conflict on a table cancels a transaction touching it (TransactionConflict reason
// for that action, None for the others) and fails a single-item write with
// TransactionConflictException; after `count` uses the table works again.
test('injected conflicts fail transactions and single-item writes', { skip: NO_FAULTS }, async (t) => {
  t.after(() => admin('DELETE', 'faults'));
  const [k, other] = [uniq('cf'), uniq('cf-other')];
  assert.equal((await admin('POST', 'faults', { error: 'TransactionConflict', table: A, count: 3 })).count, 3);
  expectCancelled(await tw([
    { Put: { TableName: B, Item: { pk: S(other), sk: N(1) } } },
    { Put: { TableName: A, Item: K(k) } },
  ]), [{ Code: 'None' }, { Code: 'TransactionConflict', Message: CONFLICT }]);
  assert.equal(await getItem(B, { pk: S(other), sk: N(1) }), undefined, 'nothing of the cancelled transaction was written');
  expectError(await rawCall('PutItem', { TableName: A, Item: K(k) }), 'com.amazonaws.dynamodb.v20120810#TransactionConflictException', CONFLICT);
  const e = await rejects(client.send(new TransactGetItemsCommand({ TransactItems: [{ Get: { TableName: A, Key: K(k) } }] })),
    'TransactionCanceledException', `${CANCELLED} [TransactionConflict]`);
  assert.deepEqual(e.CancellationReasons, [{ Code: 'TransactionConflict', Message: CONFLICT }]);
  // The count is used up: writes succeed again.
  expectOk(await rawCall('PutItem', { TableName: A, Item: K(k) }));
  assert.deepEqual(expectOk(await tw([{ Put: { TableName: A, Item: K(other) } }])), {});
});

// A fault with a key touches only that item; other tables and keys are unaffected.
test('an injected conflict on one key leaves other keys alone', { skip: NO_FAULTS }, async (t) => {
  t.after(() => admin('DELETE', 'faults'));
  const [k, other] = [uniq('ck'), uniq('ck-other')];
  assert.equal((await admin('POST', 'faults', { error: 'TransactionConflict', table: A, key: K(k) })).count, 1);
  expectOk(await rawCall('PutItem', { TableName: A, Item: K(other) }));
  expectOk(await rawCall('PutItem', { TableName: B, Item: { pk: S(k), sk: N(1) } }));
  expectError(await rawCall('UpdateItem', { TableName: A, Key: K(k), UpdateExpression: 'SET a = :a', ExpressionAttributeValues: { ':a': N(1) } }),
    'com.amazonaws.dynamodb.v20120810#TransactionConflictException', CONFLICT);
  expectOk(await rawCall('DeleteItem', { TableName: A, Key: K(k) }));
});

// DELETE /_minnow/faults forgets every pending fault.
test('DELETE /_minnow/faults clears pending conflicts', { skip: NO_FAULTS }, async () => {
  const k = uniq('clr');
  assert.equal((await admin('POST', 'faults', { error: 'TransactionConflict', table: A, count: 5 })).count, 5);
  assert.deepEqual(await admin('DELETE', 'faults'), { removed: 1 });
  assert.deepEqual(await admin('GET', 'faults'), { faults: [] });
  expectOk(await rawCall('PutItem', { TableName: A, Item: K(k) }));
  assert.deepEqual(expectOk(await tw([{ Update: { TableName: A, Key: K(k), UpdateExpression: 'SET a = :a', ExpressionAttributeValues: { ':a': N(1) } } }])), {});
});
