// Resource-based policies: PutResourcePolicy, GetResourcePolicy, DeleteResourcePolicy, and
// CreateTable's ResourcePolicy.
//
// References: neither DynamoDB Local nor dynalite has resource policies, so the tests follow
// AWS's API reference (../shared/reference/aws-api/): revision ids (the same document put again
// keeps its id), ExpectedRevisionId (the current id, or NO_POLICY), idempotent deletes, policies
// on tables and streams, the 20 KB limit, PolicyNotFoundException. Minnow stores and describes
// policies and does not enforce them.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  PutResourcePolicyCommand, GetResourcePolicyCommand, DeleteResourcePolicyCommand, DescribeTableCommand,
  DeleteTableCommand,
} from '@aws-sdk/client-dynamodb';
import { makeClient } from '../lib/client.mjs';
import { rawCall, expectError } from '../lib/http.mjs';
import { differsOn } from '../lib/reference.mjs';
import { tableNamer } from '../lib/names.mjs';
import { keyedTable, createTable, dropTables } from '../lib/tables.mjs';

const client = makeClient();
const newName = tableNamer('policies');
const created = [];
const name = (label) => { const n = newName(label); created.push(n); return n; };
after(() => dropTables(client, created));

const skip = differsOn(['dynamodb-local', 'dynalite'], 'no resource policies (AWS documents them)');

const policyFor = (arn, action = 'dynamodb:GetItem') => JSON.stringify({
  Version: '2012-10-17',
  Statement: [{ Effect: 'Allow', Principal: { AWS: 'arn:aws:iam::111122223333:root' }, Action: action, Resource: arn }],
});
async function table(label, extra = {}) {
  const TableName = name(label);
  await createTable(client, keyedTable(TableName, ['pk', 'S'], null, extra));
  return (await client.send(new DescribeTableCommand({ TableName }))).Table;
}
const get = (ResourceArn) => client.send(new GetResourcePolicyCommand({ ResourceArn }));

test('PutResourcePolicy, GetResourcePolicy and DeleteResourcePolicy on a table', { skip }, async () => {
  const { TableArn } = await table('cycle');
  expectError(await rawCall('GetResourcePolicy', { ResourceArn: TableArn }), 'PolicyNotFoundException', new RegExp(TableArn));
  const policy = policyFor(TableArn);
  const { RevisionId } = await client.send(new PutResourcePolicyCommand({ ResourceArn: TableArn, Policy: policy }));
  assert.match(RevisionId, /^\d+$/);
  assert.deepEqual(await get(TableArn).then(({ Policy, RevisionId: id }) => ({ Policy, id })), { Policy: policy, id: RevisionId });

  // The same document again: idempotent, same revision.
  assert.equal((await client.send(new PutResourcePolicyCommand({ ResourceArn: TableArn, Policy: policy }))).RevisionId, RevisionId);
  await new Promise((r) => setTimeout(r, 5));
  // Conditional on the revision: a stale or made-up id, or NO_POLICY while there is one, fails.
  for (const ExpectedRevisionId of ['12345', 'NO_POLICY']) {
    expectError(await rawCall('PutResourcePolicy', { ResourceArn: TableArn, Policy: policyFor(TableArn, 'dynamodb:*'),
      ExpectedRevisionId }), 'PolicyNotFoundException');
  }
  const changed = await client.send(new PutResourcePolicyCommand({ ResourceArn: TableArn, Policy: policyFor(TableArn, 'dynamodb:*'),
    ExpectedRevisionId: RevisionId, ConfirmRemoveSelfResourceAccess: true }));
  assert.notEqual(changed.RevisionId, RevisionId);
  assert.equal((await get(TableArn)).Policy, policyFor(TableArn, 'dynamodb:*'));

  expectError(await rawCall('DeleteResourcePolicy', { ResourceArn: TableArn, ExpectedRevisionId: RevisionId }), 'PolicyNotFoundException');
  const deleted = await client.send(new DeleteResourcePolicyCommand({ ResourceArn: TableArn, ExpectedRevisionId: changed.RevisionId }));
  assert.equal(deleted.RevisionId, changed.RevisionId);
  expectError(await rawCall('GetResourcePolicy', { ResourceArn: TableArn }), 'PolicyNotFoundException');
  // Deleting again: idempotent without an expected revision, PolicyNotFoundException with one.
  const again = await client.send(new DeleteResourcePolicyCommand({ ResourceArn: TableArn }));
  assert.equal(again.RevisionId, undefined);
  expectError(await rawCall('DeleteResourcePolicy', { ResourceArn: TableArn, ExpectedRevisionId: changed.RevisionId }),
    'PolicyNotFoundException');
  // NO_POLICY: put only when there is none.
  await client.send(new PutResourcePolicyCommand({ ResourceArn: TableArn, Policy: policy, ExpectedRevisionId: 'NO_POLICY' }));
});

test('CreateTable ResourcePolicy, stream policies, and policies going with their table', { skip }, async () => {
  const TableName = name('created');
  const arn = `arn:aws:dynamodb:us-east-1:000000000000:table/${TableName}`;
  await createTable(client, keyedTable(TableName, ['pk', 'S'], null, { ResourcePolicy: policyFor(arn),
    StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' } }));
  const { Table } = await client.send(new DescribeTableCommand({ TableName }));
  const created = await get(Table.TableArn);
  assert.equal(created.Policy, policyFor(arn));
  assert.match(created.RevisionId, /^\d+$/);

  // A stream has a policy of its own.
  expectError(await rawCall('GetResourcePolicy', { ResourceArn: Table.LatestStreamArn }), 'PolicyNotFoundException');
  const streamPolicy = policyFor(Table.LatestStreamArn, 'dynamodb:GetRecords');
  await client.send(new PutResourcePolicyCommand({ ResourceArn: Table.LatestStreamArn, Policy: streamPolicy }));
  assert.equal((await get(Table.LatestStreamArn)).Policy, streamPolicy);
  assert.equal((await get(Table.TableArn)).Policy, policyFor(arn));
  expectError(await rawCall('GetResourcePolicy', { ResourceArn: `${Table.TableArn}/stream/2000-01-01T00:00:00.000` }),
    'ResourceNotFoundException');

  await client.send(new DeleteTableCommand({ TableName }));
  await createTable(client, keyedTable(TableName));
  expectError(await rawCall('GetResourcePolicy', { ResourceArn: Table.TableArn }), 'PolicyNotFoundException');
});

test('resource policy errors', { skip }, async () => {
  const { TableArn } = await table('errors');
  const missing = TableArn.replace(/table\/.*$/, `table/${newName('missing')}`);
  for (const action of ['GetResourcePolicy', 'DeleteResourcePolicy']) {
    expectError(await rawCall(action, { ResourceArn: missing }), 'ResourceNotFoundException', new RegExp(missing));
  }
  expectError(await rawCall('PutResourcePolicy', { ResourceArn: missing, Policy: policyFor(missing) }), 'ResourceNotFoundException');
  expectError(await rawCall('PutResourcePolicy', { ResourceArn: TableArn }), 'ValidationException');
  expectError(await rawCall('PutResourcePolicy', { ResourceArn: TableArn, Policy: '{not json' }), 'ValidationException');
  expectError(await rawCall('PutResourcePolicy', { ResourceArn: TableArn, Policy: '{"Version":"2012-10-17"}' }), 'ValidationException');
  // 20 KB, whitespace included.
  const big = policyFor(TableArn).replace('{', `{${' '.repeat(20 * 1024)}`);
  expectError(await rawCall('PutResourcePolicy', { ResourceArn: TableArn, Policy: big }), 'ValidationException', /20480/);
  const fits = policyFor(TableArn);
  await client.send(new PutResourcePolicyCommand({ ResourceArn: TableArn,
    Policy: fits.replace('{', `{${' '.repeat(20 * 1024 - fits.length)}`) }));
  const TableName = newName('bad-create');
  expectError(await rawCall('CreateTable', keyedTable(TableName, ['pk', 'S'], null, { ResourcePolicy: '[]' })), 'ValidationException');
  expectError(await rawCall('DescribeTable', { TableName }), 'ResourceNotFoundException');
});
