// Tags (TagResource, UntagResource, ListTagsOfResource, CreateTable's Tags), DescribeLimits and
// DescribeEndpoints.
//
// References: dynalite has tags, with validation messages and their order captured from real
// DynamoDB: it is the reference for their wording (validations/tagResource.js and friends).
// It predates Tags on CreateTable and checks none of the limits AWS documents (at most 50 tags
// on a resource, keys of 1-128 and values of 0-256 characters, the reserved "aws:" prefix, the
// allowed characters): those follow AWS's documentation, in Minnow's wording (no reference
// records DynamoDB's texts; model/control_errors.h), and the tests say so. DynamoDB Local has
// no tags at all ("Tagging is not currently supported in DynamoDB Local."), but has
// DescribeLimits.
//
// Findings (dynalite, raw requests):
// - TagResource and UntagResource answer HTTP 200 without output members; ListTagsOfResource
//   answers {"Tags": [...]} sorted by key, [] when there are none.
// - A missing table: TagResource and ListTagsOfResource "Requested resource not found:
//   ResourcArn: <arn> not found" (sic), UntagResource "Requested resource not found".
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  TagResourceCommand, UntagResourceCommand, ListTagsOfResourceCommand, DescribeTableCommand, UpdateTableCommand,
  DeleteTableCommand, DescribeLimitsCommand, DescribeEndpointsCommand,
} from '@aws-sdk/client-dynamodb';
import { makeClient } from '../lib/client.mjs';
import { endpoint } from '../lib/env.mjs';
import { rawCall, expectError, expectOk } from '../lib/http.mjs';
import { differsOn, reference } from '../lib/reference.mjs';
import { tableNamer } from '../lib/names.mjs';
import { keyedTable, createTable, dropTables } from '../lib/tables.mjs';

const client = makeClient();
const newName = tableNamer('tags');
const created = [];
const name = (label) => { const n = newName(label); created.push(n); return n; };
after(() => dropTables(client, created));

const NO_TAGS = 'DynamoDB Local answers every tag call "Tagging is not currently supported in DynamoDB Local."';
const noTags = differsOn('dynamodb-local', NO_TAGS);

async function taggedTable(label, extra = {}) {
  const TableName = name(label);
  await createTable(client, keyedTable(TableName, ['pk', 'S'], null, extra));
  const { Table } = await client.send(new DescribeTableCommand({ TableName }));
  return { TableName, arn: Table.TableArn };
}
const listTags = async (arn) => (await client.send(new ListTagsOfResourceCommand({ ResourceArn: arn }))).Tags;
const tagCall = (action, body) => rawCall(action, body);

// The basic cycle: tags are listed sorted by key, a key tagged again takes the new value, an
// untagged key disappears, and untagging a key the table does not have is no error.
test('TagResource, ListTagsOfResource and UntagResource', { skip: noTags }, async () => {
  const { arn } = await taggedTable('cycle');
  assert.deepEqual(await listTags(arn), []);
  await client.send(new TagResourceCommand({ ResourceArn: arn, Tags: [{ Key: 'b', Value: '2' }, { Key: 'a', Value: '1' }] }));
  assert.deepEqual(await listTags(arn), [{ Key: 'a', Value: '1' }, { Key: 'b', Value: '2' }]);
  await client.send(new TagResourceCommand({ ResourceArn: arn, Tags: [{ Key: 'a', Value: 'one' }, { Key: 'c', Value: '' }] }));
  assert.deepEqual(await listTags(arn), [{ Key: 'a', Value: 'one' }, { Key: 'b', Value: '2' }, { Key: 'c', Value: '' }]);
  await client.send(new UntagResourceCommand({ ResourceArn: arn, TagKeys: ['b', 'never-there'] }));
  assert.deepEqual(await listTags(arn), [{ Key: 'a', Value: 'one' }, { Key: 'c', Value: '' }]);
});

// The wire form: HTTP 200 with an empty body (not even {}): TagResource / UntagResource have no
// output members.
test('TagResource and UntagResource answer without output members', { skip: noTags }, async (t) => {
  const { arn } = await taggedTable('wire');
  const tagged = await tagCall('TagResource', { ResourceArn: arn, Tags: [{ Key: 'k', Value: 'v' }] });
  assert.equal(tagged.status, 200, tagged.text);
  const untagged = await tagCall('UntagResource', { ResourceArn: arn, TagKeys: ['k'] });
  assert.equal(untagged.status, 200, untagged.text);
  if (!differsOn('dynalite', 'dynalite answers ""', t)) {
    assert.equal(tagged.text, '');
    assert.equal(untagged.text, '');
  }
  assert.deepEqual(expectOk(await tagCall('ListTagsOfResource', { ResourceArn: arn })), { Tags: [] });
});

// CreateTable's Tags are the table's first tags; they survive UpdateTable and go with the
// table: a new table of the same name starts untagged.
test('CreateTable Tags are listed, survive UpdateTable and disappear with the table',
  { skip: noTags || differsOn('dynalite', 'dynalite ignores CreateTable Tags') }, async () => {
    const { TableName, arn } = await taggedTable('create', { Tags: [{ Key: 'team', Value: 'core' }, { Key: 'env', Value: 'test' }] });
    assert.deepEqual(await listTags(arn), [{ Key: 'env', Value: 'test' }, { Key: 'team', Value: 'core' }]);
    await client.send(new UpdateTableCommand({ TableName, BillingMode: 'PROVISIONED',
      ProvisionedThroughput: { ReadCapacityUnits: 1, WriteCapacityUnits: 1 } }));
    assert.deepEqual(await listTags(arn), [{ Key: 'env', Value: 'test' }, { Key: 'team', Value: 'core' }]);
    await client.send(new DeleteTableCommand({ TableName }));
    await createTable(client, keyedTable(TableName));
    assert.deepEqual(await listTags(arn), []);
  });

// dynalite's validation messages and their order (captured from DynamoDB).
test('tag calls validate the ARN and the lists as DynamoDB does', { skip: noTags }, async () => {
  const { arn } = await taggedTable('arns');
  const tags = [{ Key: 'k', Value: 'v' }];
  expectError(await tagCall('TagResource', { Tags: tags }), 'ValidationException', 'Invalid TableArn');
  expectError(await tagCall('ListTagsOfResource', {}), 'ValidationException', 'Invalid TableArn');
  expectError(await tagCall('UntagResource', { TagKeys: ['k'] }), 'ValidationException', 'Invalid TableArn');
  // Not even ARN-shaped: refused as an authorization failure, before the other members.
  for (const [action, body] of [['TagResource', { ResourceArn: 'foo' }], ['UntagResource', { ResourceArn: 'foo' }],
    ['ListTagsOfResource', { ResourceArn: 'foo' }]]) {
    const res = await tagCall(action, body);
    expectError(res, 'AccessDeniedException');
    assert.match(res.message, new RegExp(`^User: arn:aws:iam::\\d+:\\S+ is not authorized to perform: dynamodb:${action} on resource: foo$`));
    assert.equal(res.messageKey, 'Message', res.text);  // Coral's spelling, which clients reading Message need
  }
  // TagResource with its Tags and a malformed ARN is invalid (2026; the text is not captured).
  const malformed = await tagCall('TagResource', { ResourceArn: 'not-a-valid-arn', Tags: tags });
  if (!differsOn('dynalite', 'answers AccessDeniedException (2020)') && !differsOn('dynamodb-local', 'answers AccessDeniedException')) {
    expectError(malformed, 'ValidationException', 'Invalid TableArn: Invalid ResourceArn provided as input not-a-valid-arn');
  }
  const empty = await tagCall('TagResource', { ResourceArn: '', Tags: tags });
  assert.match(empty.message, /on resource: \*$/, empty.text);
  expectError(await tagCall('TagResource', { ResourceArn: arn }), 'ValidationException',
    "1 validation error detected: Value null at 'tags' failed to satisfy constraint: Member must not be null");
  expectError(await tagCall('UntagResource', { ResourceArn: arn }), 'ValidationException',
    "1 validation error detected: Value null at 'tagKeys' failed to satisfy constraint: Member must not be null");
  // ARN-shaped but not a table's: an index, a stream, another service.
  for (const other of [`${arn}/index/gsi`, `${arn}/stream/2026-01-01T00:00:00.000`, 'arn:aws:s3:us-east-1:000000000000:bucket/x',
    'arn:aws:dynamodb:us-east-1:000000000000:table/x']) {
    expectError(await tagCall('TagResource', { ResourceArn: other, Tags: tags }), 'ValidationException',
      `Invalid TableArn: Invalid ResourceArn provided as input ${other}`);
    expectError(await tagCall('ListTagsOfResource', { ResourceArn: other }), 'ValidationException',
      `Invalid TableArn: Invalid ResourceArn provided as input ${other}`);
  }
  expectError(await tagCall('TagResource', { ResourceArn: arn, Tags: [] }), 'ValidationException',
    'Atleast one Tag needs to be provided as Input.');
  expectError(await tagCall('UntagResource', { ResourceArn: arn, TagKeys: [] }), 'ValidationException',
    'Atleast one Tag Key needs to be provided as Input.');
});

// A table ARN naming no table: two wordings, as dynalite recorded them (sic "ResourcArn").
test('tag calls on a table that does not exist', { skip: noTags }, async () => {
  const { arn } = await taggedTable('missing');
  const missing = arn.replace(/table\/.*$/, 'table/cf-tags-no-such-table');
  expectError(await tagCall('TagResource', { ResourceArn: missing, Tags: [{ Key: 'k', Value: 'v' }] }),
    'ResourceNotFoundException', `Requested resource not found: ResourcArn: ${missing} not found`);
  expectError(await tagCall('ListTagsOfResource', { ResourceArn: missing }),
    'ResourceNotFoundException', `Requested resource not found: ResourcArn: ${missing} not found`);
  expectError(await tagCall('UntagResource', { ResourceArn: missing, TagKeys: ['k'] }),
    'ResourceNotFoundException', 'Requested resource not found');
});

// A table exists in one account and region: the same name under another region's ARN is not
// found; another account's ARN is not this caller's to tag (AWS documents cross-account
// access as resource-policy controlled). dynalite ignores both parts of the ARN.
test('an ARN of another region is not found, of another account not authorized',
  { skip: noTags || differsOn('dynalite', 'dynalite finds the table by the name part alone') }, async () => {
    const { arn } = await taggedTable('regions');
    const elsewhere = arn.replace(':us-east-1:', ':eu-west-1:');
    expectError(await tagCall('ListTagsOfResource', { ResourceArn: elsewhere }), 'ResourceNotFoundException',
      `Requested resource not found: ResourcArn: ${elsewhere} not found`);
    const foreign = arn.replace(/:\d{12}:/, ':123456789012:');
    const res = await tagCall('TagResource', { ResourceArn: foreign, Tags: [{ Key: 'k', Value: 'v' }] });
    expectError(res, 'AccessDeniedException');
    assert.match(res.message, /is not authorized to perform: dynamodb:TagResource on resource: arn:aws:dynamodb:us-east-1:123456789012:/);
  });

// The limits of AWS's API model (Coral's constraint messages): keys of 1-128 characters,
// values of at most 256.
test('tag keys and values have lengths', { skip: noTags || differsOn('dynalite', 'dynalite checks no lengths') }, async () => {
  const { arn } = await taggedTable('lengths');
  expectError(await tagCall('TagResource', { ResourceArn: arn, Tags: [{ Key: 'k'.repeat(129), Value: 'v' }] }),
    'ValidationException', `1 validation error detected: Value '${'k'.repeat(129)}' at 'tags.1.member.key' failed to satisfy constraint: Member must have length less than or equal to 128`);
  expectError(await tagCall('TagResource', { ResourceArn: arn, Tags: [{ Key: '', Value: 'v' }] }),
    'ValidationException', "1 validation error detected: Value '' at 'tags.1.member.key' failed to satisfy constraint: Member must have length greater than or equal to 1");
  expectError(await tagCall('TagResource', { ResourceArn: arn, Tags: [{ Key: 'k', Value: 'v'.repeat(257) }] }),
    'ValidationException', `1 validation error detected: Value '${'v'.repeat(257)}' at 'tags.1.member.value' failed to satisfy constraint: Member must have length less than or equal to 256`);
  expectError(await tagCall('TagResource', { ResourceArn: arn, Tags: [{ Key: 'k' }] }),
    'ValidationException', "1 validation error detected: Value null at 'tags.1.member.value' failed to satisfy constraint: Member must not be null");
  await client.send(new TagResourceCommand({ ResourceArn: arn, Tags: [{ Key: 'k'.repeat(128), Value: 'v'.repeat(256) }] }));
  assert.equal((await listTags(arn)).length, 1);
});

// AWS documents the other rules (Minnow's wording, model/control_errors.h): at most 50 tags on a
// resource, counted after merging; no key starting with "aws:" (reserved, and it cannot be
// removed either); letters, numbers, spaces and + - = . _ : / @ only; and a request naming one
// key twice is refused rather than silently keeping one of the values.
test('tag limits AWS documents', { skip: noTags || differsOn('dynalite', 'dynalite checks none of these') }, async () => {
  const { arn } = await taggedTable('limits');
  const many = (n, prefix = 'k') => Array.from({ length: n }, (_, i) => ({ Key: `${prefix}${i}`, Value: 'v' }));
  const invalid = /^One or more parameter values were invalid: /;
  expectError(await tagCall('TagResource', { ResourceArn: arn, Tags: many(51) }), 'ValidationException', invalid);
  await client.send(new TagResourceCommand({ ResourceArn: arn, Tags: many(40) }));
  const over = await tagCall('TagResource', { ResourceArn: arn, Tags: many(11, 'x') });
  expectError(over, 'ValidationException', /Too many tags/);
  assert.equal((await listTags(arn)).length, 40, 'a refused TagResource adds nothing');
  // Re-tagging existing keys does not count them twice.
  await client.send(new TagResourceCommand({ ResourceArn: arn, Tags: [...many(10, 'k'), ...many(10, 'y')] }));
  assert.equal((await listTags(arn)).length, 50);
  expectError(await tagCall('TagResource', { ResourceArn: arn, Tags: [{ Key: 'aws:cloudformation:stack', Value: 'v' }] }),
    'ValidationException', /'aws:' are reserved/);
  expectError(await tagCall('UntagResource', { ResourceArn: arn, TagKeys: ['aws:x'] }), 'ValidationException', /'aws:' are reserved/);
  expectError(await tagCall('TagResource', { ResourceArn: arn, Tags: [{ Key: 'a', Value: '1' }, { Key: 'a', Value: '2' }] }),
    'ValidationException', 'One or more parameter values were invalid: Duplicate tag key: a');
  expectError(await tagCall('TagResource', { ResourceArn: arn, Tags: [{ Key: 'a#b', Value: '1' }] }), 'ValidationException', invalid);
  expectError(await tagCall('TagResource', { ResourceArn: arn, Tags: [{ Key: 'k0', Value: 'semi;colon' }] }), 'ValidationException', invalid);
  // Allowed: every special character AWS lists, spaces, and letters beyond ASCII.
  await client.send(new UntagResourceCommand({ ResourceArn: arn, TagKeys: ['k0'] }));
  await client.send(new TagResourceCommand({ ResourceArn: arn, Tags: [{ Key: 'a+b-c=d.e_f:g/h@i j', Value: 'Größe ü' }] }));
});

// CreateTable checks its Tags by the same rules, before creating anything.
test('CreateTable refuses Tags that break the rules',
  { skip: noTags || differsOn('dynalite', 'dynalite ignores CreateTable Tags') }, async () => {
    const TableName = name('create-bad');
    for (const Tags of [[{ Key: 'aws:x', Value: 'v' }], [{ Key: 'a', Value: '1' }, { Key: 'a', Value: '2' }],
      Array.from({ length: 51 }, (_, i) => ({ Key: `k${i}`, Value: 'v' }))]) {
      const res = await rawCall('CreateTable', keyedTable(TableName, ['pk', 'S'], null, { Tags }));
      expectError(res, 'ValidationException', /^One or more parameter values were invalid: /);
    }
    expectError(await rawCall('DescribeTable', { TableName }), 'ResourceNotFoundException');
  });

// DescribeLimits: the quotas of a new account, as DynamoDB Local reports them.
test('DescribeLimits reports an account\'s capacity quotas', { skip: differsOn('dynalite', 'dynalite has no DescribeLimits') }, async () => {
  const out = await client.send(new DescribeLimitsCommand({}));
  assert.equal(out.AccountMaxReadCapacityUnits, 80000);
  assert.equal(out.AccountMaxWriteCapacityUnits, 80000);
  assert.equal(out.TableMaxReadCapacityUnits, 40000);
  assert.equal(out.TableMaxWriteCapacityUnits, 40000);
});

// DescribeEndpoints (AWS documents it as the regional endpoint): an emulator's is itself, as
// the client reached it, with DynamoDB's cache period of 1440 minutes.
test('DescribeEndpoints answers the server\'s own address', { skip: differsOn(['dynalite', 'dynamodb-local'], 'no DescribeEndpoints') }, async () => {
  const out = await client.send(new DescribeEndpointsCommand({}));
  assert.deepEqual(out.Endpoints, [{ Address: new URL(endpoint).host, CachePeriodInMinutes: 1440 }]);
});
