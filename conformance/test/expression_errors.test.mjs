// Validation of expressions through the item actions: syntax errors, reserved words, functions
// used wrongly, undefined and unused #names and :values, empty maps, invalid keys and values, the
// limits, and mixing legacy and expression parameters. Exact messages, in DynamoDB's order.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { PutItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { makeClient } from '../lib/client.mjs';
import { rawCall, expectError, expectOk } from '../lib/http.mjs';
import { differsOn } from '../lib/reference.mjs';
import { tableNamer } from '../lib/names.mjs';
import { keyedTable, createTable, dropTables } from '../lib/tables.mjs';
import { rejects } from '../lib/values.mjs';

const client = makeClient();
const newName = tableNamer('exprerr');
const T = newName('h');  // pk S HASH

before(() => createTable(client, keyedTable(T, ['pk', 'S'])));
after(() => dropTables(client, [T]));

const Key = { pk: { S: 'e' } };
const X = { S: 'x' };

// The request that carries an expression of the given kind: C = PutItem ConditionExpression,
// U = UpdateItem UpdateExpression, P = GetItem ProjectionExpression.
function request(kind, expr, names, values) {
  const body = { TableName: T };
  if (kind === 'C') Object.assign(body, { Item: Key, ConditionExpression: expr });
  if (kind === 'U') Object.assign(body, { Key, UpdateExpression: expr });
  if (kind === 'P') Object.assign(body, { Key, ProjectionExpression: expr });
  if (names) body.ExpressionAttributeNames = names;
  if (values) body.ExpressionAttributeValues = values;
  return [{ C: 'PutItem', U: 'UpdateItem', P: 'GetItem' }[kind], body];
}

const OVERLAP = (one, two) => `Two document paths overlap with each other; must remove or rewrite one of these paths; path one: ${one}, path two: ${two}`;
const deep = (n) => Array(n).fill('a').join('.');

// Each row: [kind, expression, names, values, message without "Invalid <Kind>Expression: ",
// [reference, reason]?]. A message starting with "=" is the whole message (not prefixed).
const NOT_IN_KIND = ['dynalite', 'dynalite calls a function of another expression kind an invalid function name'];
const NO_LIMIT = ['dynalite', 'dynalite does not enforce this limit'];
const rows = [
  // ---- syntax errors: the offending token and the text around it ---------------------------------
  ['C', 'a = ', null, null, 'Syntax error; token: "<EOF>", near: "= "'],
  ['C', 'a b', null, null, 'Syntax error; token: "b", near: "a b"'],
  ['C', 'a = :v extra', null, { ':v': X }, 'Syntax error; token: "extra", near: ":v extra"'],
  ['C', '(a = :v', null, { ':v': X }, 'Syntax error; token: "<EOF>", near: ":v"'],
  ['C', 'a = :v)', null, { ':v': X }, 'Syntax error; token: ")", near: ":v)"'],
  ['C', 'a IN ()', null, null, 'Syntax error; token: ")", near: "()"'],
  ['C', 'a BETWEEN :v', null, { ':v': X }, 'Syntax error; token: "<EOF>", near: ":v"'],
  ['C', 'a == :v', null, { ':v': X }, 'Syntax error; token: "=", near: "== :v"'],
  ['C', 'a = "x"', null, null, 'Syntax error; token: """, near: "= "x"'],
  ['C', 'a[x] = :v', null, { ':v': X }, 'Syntax error; token: "x", near: "[x]"'],
  ['C', 'a.1 = :v', null, { ':v': X }, 'Syntax error; token: "1", near: ".1 ="'],
  ['C', 'a-b = :v', null, { ':v': X }, 'Syntax error; token: "-", near: "a-b"'],
  ['C', 'a = :v AND', null, { ':v': X }, 'Syntax error; token: "<EOF>", near: "AND"'],
  ['C', 'a', null, null, 'Syntax error; token: "<EOF>", near: "a"'],
  ['U', 'SET a', null, null, 'Syntax error; token: "<EOF>", near: "a"'],
  ['U', 'SET a = :v,', null, { ':v': X }, 'Syntax error; token: "<EOF>", near: ","'],
  ['U', 'SET', null, null, 'Syntax error; token: "<EOF>", near: "SET"'],
  ['U', 'UPDATE a = :v', null, { ':v': X }, 'Syntax error; token: "UPDATE", near: "UPDATE a"'],
  ['U', 'REMOVE :v', null, { ':v': X }, 'Syntax error; token: ":v", near: "REMOVE :v"'],
  ['U', 'SET a = :v +', null, { ':v': { N: '1' } }, 'Syntax error; token: "<EOF>", near: "+"'],
  ['U', 'DELETE a b', null, null, 'Syntax error; token: "b", near: "a b"'],
  ['P', 'a,', null, null, 'Syntax error; token: "<EOF>", near: ","'],
  ['P', 'a,,b', null, null, 'Syntax error; token: ",", near: ",,b"'],
  ['P', 'size(a)', null, null, 'Syntax error; token: "(", near: "size(a"'],
  // A keyword cannot be an attribute name, even where a name is expected.
  ['C', 'a.in = :v', null, { ':v': X }, 'Syntax error; token: "in", near: ".in ="'],
  ['U', 'SET and = :v', null, { ':v': X }, 'Syntax error; token: "and", near: "SET and ="', ['dynalite', 'dynalite calls a keyword there a reserved word']],

  // ---- empty expressions -----------------------------------------------------------------------
  ['C', '', null, null, 'The expression can not be empty;'],
  ['U', '', null, null, 'The expression can not be empty;'],
  ['P', '', null, null, 'The expression can not be empty;'],

  // ---- reserved words ----------------------------------------------------------------------------
  ['C', 'name = :v', null, { ':v': X }, 'Attribute name is a reserved keyword; reserved keyword: name'],
  ['C', 'a.Status = :v', null, { ':v': X }, 'Attribute name is a reserved keyword; reserved keyword: Status'],
  ['U', 'SET select = :v', null, { ':v': X }, 'Attribute name is a reserved keyword; reserved keyword: select'],
  ['U', 'REMOVE a, DATE', null, null, 'Attribute name is a reserved keyword; reserved keyword: DATE'],
  ['P', 'a, comment', null, null, 'Attribute name is a reserved keyword; reserved keyword: comment'],

  // ---- functions -------------------------------------------------------------------------------
  ['C', 'foo(a)', null, null, 'Invalid function name; function: foo'],
  ['C', 'ATTRIBUTE_EXISTS(a)', null, null, 'Invalid function name; function: ATTRIBUTE_EXISTS'],
  ['C', 'size(a)', null, null, 'The function is not allowed to be used this way in an expression; function: size'],
  ['C', 'attribute_exists(a) = :v', null, { ':v': X }, 'The function is not allowed to be used this way in an expression; function: attribute_exists'],
  ['C', 'attribute_exists(a, b)', null, null, 'Incorrect number of operands for operator or function; operator or function: attribute_exists, number of operands: 2'],
  ['C', 'attribute_exists(:v)', null, { ':v': X }, 'Operator or function requires a document path; operator or function: attribute_exists'],
  ['C', 'begins_with(a, :v)', null, { ':v': { N: '1' } }, 'Incorrect operand type for operator or function; operator or function: begins_with, operand type: N'],
  ['C', 'list_append(a, :v) = :v', null, { ':v': { L: [] } }, 'The function is not allowed in a condition expression; function: list_append', NOT_IN_KIND],
  ['C', 'if_not_exists(a, :v) = :v', null, { ':v': X }, 'The function is not allowed in a condition expression; function: if_not_exists', NOT_IN_KIND],
  ['U', 'SET a = attribute_exists(b)', null, null, 'The function is not allowed in an update expression; function: attribute_exists', NOT_IN_KIND],
  ['U', 'SET a = size(b)', null, null, 'The function is not allowed in an update expression; function: size', NOT_IN_KIND],
  ['C', 'attribute_type(a, :v)', null, { ':v': { S: 'X' } }, 'Invalid attribute type name found; type: X, valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}',
    ['dynamodb-local', 'DynamoDB Local lists the valid types in another order']],

  // ---- operands -----------------------------------------------------------------------------------
  ['C', 'a = a', null, null, 'The first operand must be distinct from the remaining operands for this operator or function; operator: =, first operand: [a]'],
  ['C', 'contains(a.b[1], a.b[1])', null, null, 'The first operand must be distinct from the remaining operands for this operator or function; operator: contains, first operand: [a, b, [1]]'],
  ['C', 'a < :v', null, { ':v': { SS: ['a'] } }, 'Incorrect operand type for operator or function; operator or function: <, operand type: SS',
    ['dynalite', 'dynalite does not check operand types of comparisons']],
  ['C', 'a BETWEEN :v AND :w', null, { ':v': { N: '1' }, ':w': { S: '1' } },
    'The BETWEEN operator requires same data type for lower and upper bounds; lower bound operand: AttributeValue: {N:1}, upper bound operand: AttributeValue: {S:1}'],
  ['C', 'a BETWEEN :v AND :w', null, { ':v': { N: '10' }, ':w': { N: '1' } },
    'The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {N:10}, upper bound operand: AttributeValue: {N:1}'],
  ['C', '((a)) = :v', null, { ':v': X }, 'The expression has redundant parentheses;'],
  ['C', '(a = :v) AND ((b = :v))', null, { ':v': X }, 'The expression has redundant parentheses;'],

  // ---- update expressions ------------------------------------------------------------------------
  ['U', 'SET a = :v REMOVE b REMOVE c', null, { ':v': X }, 'The "REMOVE" section can only be used once in an update expression;'],
  ['U', 'SET a.b = :v REMOVE a', null, { ':v': X }, OVERLAP('[a, b]', '[a]')],
  ['U', 'SET #a = :v, a = :v', { '#a': 'a' }, { ':v': X }, OVERLAP('[a]', '[a]')],
  ['U', 'REMOVE a[1], a[1]', null, null, OVERLAP('[a, [1]]', '[a, [1]]')],
  ['U', 'SET a[1] = :v REMOVE a.b', null, { ':v': X }, 'Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [a, [1]], path two: [a, b]'],
  ['U', 'SET a = b + :v', null, { ':v': X }, 'Incorrect operand type for operator or function; operator or function: +, operand type: S'],
  ['U', 'SET a = if_not_exists(a, list_append(a, :v))', null, { ':v': { L: [] } }, 'The function is not allowed to be used this way in an expression; function: list_append',
    ['dynalite', 'dynalite does not check functions nested in if_not_exists']],

  // ---- limits --------------------------------------------------------------------------------------
  ['C', `${deep(33)} = :v`, null, { ':v': X }, 'The document path has too many nesting levels; nesting levels: 33', NO_LIMIT],
  ['P', deep(33), null, null, 'The document path has too many nesting levels; nesting levels: 33', NO_LIMIT],
  ['C', 'a[2147483648] = :v', null, { ':v': X }, 'List index is not within the allowable range; index: [2147483648]', NO_LIMIT],
  ['C', `a IN (${Array(101).fill(':v').join(', ')})`, null, { ':v': X }, 'The IN operator is provided with too many operands; number of operands: 101', NO_LIMIT],

  // ---- #names and :values ---------------------------------------------------------------------------
  ['C', '#n = :v', null, { ':v': X }, 'An expression attribute name used in the document path is not defined; attribute name: #n'],
  ['C', 'a = :u', null, { ':v': X }, 'An expression attribute value used in expression is not defined; attribute value: :u'],
  ['U', 'SET #n = :u', null, null, 'An expression attribute name used in the document path is not defined; attribute name: #n'],
  ['P', '#a, #b', { '#a': 'a' }, null, 'An expression attribute name used in the document path is not defined; attribute name: #b'],
  ['C', 'a = :v', null, { ':v': X, ':w': X }, '=Value provided in ExpressionAttributeValues unused in expressions: keys: {:w}'],
  ['U', 'SET a = :v', { '#a': 'a' }, { ':v': X }, '=Value provided in ExpressionAttributeNames unused in expressions: keys: {#a}'],
  ['P', 'a', { '#z': 'z' }, null, '=Value provided in ExpressionAttributeNames unused in expressions: keys: {#z}'],
  // Unused names are reported before unused values.
  ['C', 'a = :v', { '#a': 'a' }, { ':v': X, ':w': X }, '=Value provided in ExpressionAttributeNames unused in expressions: keys: {#a}'],
  ['C', 'a = :v', {}, { ':v': X }, '=ExpressionAttributeNames must not be empty'],
  ['C', 'a = :v', null, {}, '=ExpressionAttributeValues must not be empty'],
  // The names map is checked before the values map.
  ['C', 'a = :v', {}, {}, '=ExpressionAttributeNames must not be empty'],
  ['C', 'a = :v', { a: 'b' }, { ':v': X }, '=ExpressionAttributeNames contains invalid key: Syntax error; key: "a"'],
  ['C', 'a = :v', { '#a-b': 'b' }, { ':v': X }, '=ExpressionAttributeNames contains invalid key: Syntax error; key: "#a-b"'],
  ['C', 'a = :v', null, { v: X }, '=ExpressionAttributeValues contains invalid key: Syntax error; key: "v"'],
  ['C', 'a = :v', null, { ':v': { SS: [] } },
    '=ExpressionAttributeValues contains invalid value: One or more parameter values were invalid: An string set  may not be empty for key :v'],
  ['C', 'a = :v', null, { ':v': { N: 'abc' } },
    '=ExpressionAttributeValues contains invalid value: The parameter cannot be converted to a numeric value: abc for key :v',
    ['dynamodb-local', 'DynamoDB Local words the numeric message differently']],
  // Syntax errors come before unused placeholders.
  ['C', 'a = ', { '#a': 'a' }, null, 'Syntax error; token: "<EOF>", near: "= "'],
];

const KIND = { C: 'Condition', U: 'Update', P: 'Projection' };
// dynalite's syntax errors come from its own parser, not from DynamoDB.
const DYNALITE_SYNTAX = ['dynalite', 'dynalite words syntax errors after its own parser ("Expected ... but ... found")'];

// One test per row: the request is refused with DynamoDB's exact message.
for (const [kind, expr, names, values, message, rowDiffers] of rows) {
  const differs = rowDiffers || (message.startsWith('Syntax error') ? DYNALITE_SYNTAX : null);
  const label = `${KIND[kind]}Expression ${JSON.stringify(expr.length > 60 ? expr.slice(0, 57) + '...' : expr)}` +
    `${names ? ` names ${JSON.stringify(names)}` : ''}${values ? ` values ${Object.keys(values).join(',') || '{}'}` : ''}`;
  test(label, { skip: differs ? differsOn(differs[0], differs[1]) : false }, async () => {
    const [action, body] = request(kind, expr, names, values);
    const full = message.startsWith('=') ? message.slice(1) : `Invalid ${KIND[kind]}Expression: ${message}`;
    expectError(await rawCall(action, body), 'ValidationException', full);
  });
}

// ---------------------------------------------------------------------------------------------
// Parameters that go together, or not

const MIXED = 'Can not use both expression and non-expression parameters in the same request: ';

// Legacy and expression parameters cannot be mixed; the message lists both kinds present.
test('mixing legacy and expression parameters is refused', async () => {
  const expected = { a: { Value: X } };
  expectError(await rawCall('PutItem', { TableName: T, Item: Key, Expected: expected, ConditionExpression: 'a = :v', ExpressionAttributeValues: { ':v': X } }),
    'ValidationException', `${MIXED}Non-expression parameters: {Expected} Expression parameters: {ConditionExpression}`);
  expectError(await rawCall('DeleteItem', { TableName: T, Key, Expected: expected, ConditionExpression: 'attribute_exists(a)' }),
    'ValidationException', `${MIXED}Non-expression parameters: {Expected} Expression parameters: {ConditionExpression}`);
  expectError(await rawCall('UpdateItem', { TableName: T, Key, AttributeUpdates: { a: { Value: X } }, UpdateExpression: 'SET a = :v', ExpressionAttributeValues: { ':v': X } }),
    'ValidationException', `${MIXED}Non-expression parameters: {AttributeUpdates} Expression parameters: {UpdateExpression}`);
  expectError(await rawCall('UpdateItem', { TableName: T, Key, AttributeUpdates: { a: { Value: X } }, Expected: expected,
    UpdateExpression: 'SET a = :v', ConditionExpression: 'a = :v', ExpressionAttributeValues: { ':v': X } }),
  'ValidationException', `${MIXED}Non-expression parameters: {AttributeUpdates, Expected} Expression parameters: {UpdateExpression, ConditionExpression}`);
  expectError(await rawCall('UpdateItem', { TableName: T, Key, Expected: expected, UpdateExpression: 'SET a = :v', ExpressionAttributeValues: { ':v': X } }),
    'ValidationException', `${MIXED}Non-expression parameters: {Expected} Expression parameters: {UpdateExpression}`);
  expectError(await rawCall('GetItem', { TableName: T, Key, AttributesToGet: ['a'], ProjectionExpression: 'a' }),
    'ValidationException', `${MIXED}Non-expression parameters: {AttributesToGet} Expression parameters: {ProjectionExpression}`);
});

// ConditionalOperator is a legacy parameter too: it cannot go with expressions.
test('ConditionalOperator with expressions is refused',
  { skip: differsOn('dynalite', 'dynalite ignores ConditionalOperator next to expressions') }, async () => {
    expectError(await rawCall('PutItem', { TableName: T, Item: Key, ConditionalOperator: 'OR', ConditionExpression: 'attribute_exists(a)' }),
      'ValidationException', `${MIXED}Non-expression parameters: {ConditionalOperator} Expression parameters: {ConditionExpression}`);
    expectError(await rawCall('DeleteItem', { TableName: T, Key, ConditionalOperator: 'AND', ConditionExpression: 'attribute_exists(a)' }),
      'ValidationException', `${MIXED}Non-expression parameters: {ConditionalOperator} Expression parameters: {ConditionExpression}`);
    expectError(await rawCall('UpdateItem', { TableName: T, Key, ConditionalOperator: 'OR', UpdateExpression: 'SET a = :v', ExpressionAttributeValues: { ':v': X } }),
      'ValidationException', `${MIXED}Non-expression parameters: {ConditionalOperator} Expression parameters: {UpdateExpression}`);
    expectError(await rawCall('UpdateItem', { TableName: T, Key, ConditionalOperator: 'OR', Expected: { a: { Value: X } }, AttributeUpdates: { a: { Action: 'PUT', Value: X } },
      UpdateExpression: 'SET a = :v', ConditionExpression: 'a = :v', ExpressionAttributeValues: { ':v': X } }), 'ValidationException',
    `${MIXED}Non-expression parameters: {AttributeUpdates, Expected, ConditionalOperator} Expression parameters: {UpdateExpression, ConditionExpression}`);
  });

// #names and :values need an expression to be used in.
test('placeholders without an expression are refused', async () => {
  expectError(await rawCall('PutItem', { TableName: T, Item: Key, ExpressionAttributeNames: { '#a': 'a' } }),
    'ValidationException', 'ExpressionAttributeNames can only be specified when using expressions');
  expectError(await rawCall('GetItem', { TableName: T, Key, ExpressionAttributeNames: { '#a': 'a' } }),
    'ValidationException', 'ExpressionAttributeNames can only be specified when using expressions');
  expectError(await rawCall('PutItem', { TableName: T, Item: Key, ExpressionAttributeValues: { ':a': X } }),
    'ValidationException', 'ExpressionAttributeValues can only be specified when using expressions: ConditionExpression is null');
  expectError(await rawCall('DeleteItem', { TableName: T, Key, ExpressionAttributeValues: { ':a': X } }),
    'ValidationException', 'ExpressionAttributeValues can only be specified when using expressions: ConditionExpression is null');
  expectError(await rawCall('UpdateItem', { TableName: T, Key, ExpressionAttributeValues: { ':a': X } }),
    'ValidationException', 'ExpressionAttributeValues can only be specified when using expressions: UpdateExpression and ConditionExpression are null');
  // A projection alone cannot use :values, so its values are simply unused.
  expectError(await rawCall('UpdateItem', { TableName: T, Key, ExpressionAttributeNames: { '#a': 'a' } }),
    'ValidationException', 'ExpressionAttributeNames can only be specified when using expressions');
});

// One :value map serves both expressions of an UpdateItem; a value used by either is used.
test('placeholders are shared by UpdateExpression and ConditionExpression', async (t) => {
  expectOk(await rawCall('UpdateItem', { TableName: T, Key, UpdateExpression: 'SET #a = :v', ConditionExpression: 'attribute_not_exists(#b) OR #b <> :w',
    ExpressionAttributeNames: { '#a': 'a', '#b': 'b' }, ExpressionAttributeValues: { ':v': X, ':w': X } }));
  expectError(await rawCall('UpdateItem', { TableName: T, Key, UpdateExpression: 'SET a = :v', ConditionExpression: 'a <> :w',
    ExpressionAttributeValues: { ':v': X, ':w': X, ':z': X } }), 'ValidationException',
  'Value provided in ExpressionAttributeValues unused in expressions: keys: {:z}');
  // The UpdateExpression is checked before the ConditionExpression.
  expectError(await rawCall('UpdateItem', { TableName: T, Key, UpdateExpression: 'SET a = ', ConditionExpression: 'a = ' }), 'ValidationException',
    'Invalid UpdateExpression: Syntax error; token: "<EOF>", near: "= "', differsOn(...DYNALITE_SYNTAX, t));
});

// Expression errors are validation: nothing is written, even by an expression that almost parses.
test('a refused expression writes nothing', async () => {
  const k = { pk: { S: 'e-untouched' } };
  expectError(await rawCall('UpdateItem', { TableName: T, Key: k, UpdateExpression: 'SET a = :v, b = :u', ExpressionAttributeValues: { ':v': X } }),
    'ValidationException');
  assert.deepEqual(expectOk(await rawCall('GetItem', { TableName: T, Key: k })), {});
});

// The SDK reports the same messages as ValidationException.
test('SDK surfaces expression errors as ValidationException', async () => {
  await rejects(client.send(new PutItemCommand({ TableName: T, Item: Key, ConditionExpression: 'name = :v', ExpressionAttributeValues: { ':v': X } })),
    'ValidationException', 'Invalid ConditionExpression: Attribute name is a reserved keyword; reserved keyword: name');
  await rejects(client.send(new UpdateItemCommand({ TableName: T, Key, UpdateExpression: 'SET a = :v', ExpressionAttributeValues: { ':v': X, ':w': X } })),
    'ValidationException', 'Value provided in ExpressionAttributeValues unused in expressions: keys: {:w}');
});
