// Contributor insights: DescribeContributorInsights, UpdateContributorInsights,
// ListContributorInsights.
//
// References: neither DynamoDB Local nor dynalite has contributor insights, so the tests follow
// AWS's API reference (../shared/reference/aws-api/): the state machine (ENABLE answers ENABLING,
// then ENABLED; DISABLE answers DISABLING, then DISABLED), the mode, the rules of an enabled table
// or GSI, ResourceNotFoundException for an unknown table or index. Minnow computes no top keys.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  DescribeContributorInsightsCommand, UpdateContributorInsightsCommand, ListContributorInsightsCommand,
} from '@aws-sdk/client-dynamodb';
import { makeClient } from '../lib/client.mjs';
import { rawCall, expectError } from '../lib/http.mjs';
import { differsOn } from '../lib/reference.mjs';
import { tableNamer } from '../lib/names.mjs';
import { keyedTable, createTable, dropTables } from '../lib/tables.mjs';

const client = makeClient();
const newName = tableNamer('insights');
const created = [];
const name = (label) => { const n = newName(label); created.push(n); return n; };
after(() => dropTables(client, created));

const skip = differsOn(['dynamodb-local', 'dynalite'], 'no contributor insights (AWS documents them)');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function settled(TableName, IndexName, timeoutMs = 600000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const out = await client.send(new DescribeContributorInsightsCommand({ TableName, IndexName }));
    if (!['ENABLING', 'DISABLING'].includes(out.ContributorInsightsStatus)) return out;
    if (Date.now() > end) throw new Error(`still ${out.ContributorInsightsStatus}`);
    await sleep(1000);
  }
}
const withIndex = (TableName) => ({
  ...keyedTable(TableName, ['pk', 'S'], ['sk', 'S']),
  AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'sk', AttributeType: 'S' },
    { AttributeName: 'g', AttributeType: 'S' }],
  GlobalSecondaryIndexes: [{ IndexName: 'by-g', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } }],
});

test('contributor insights: DISABLED, ENABLING, ENABLED, DISABLING, DISABLED', { skip }, async () => {
  const TableName = name('states');
  await createTable(client, withIndex(TableName));
  assert.deepEqual(await client.send(new DescribeContributorInsightsCommand({ TableName })).then(({ $metadata, ...rest }) => rest),
    { TableName, ContributorInsightsStatus: 'DISABLED' });

  const enabled = await client.send(new UpdateContributorInsightsCommand({ TableName, ContributorInsightsAction: 'ENABLE' }));
  assert.equal(enabled.TableName, TableName);
  assert.equal(enabled.ContributorInsightsStatus, 'ENABLING');
  assert.equal(enabled.ContributorInsightsMode, 'ACCESSED_AND_THROTTLED_KEYS');
  const on = await settled(TableName);
  assert.equal(on.ContributorInsightsStatus, 'ENABLED');
  assert.equal(on.ContributorInsightsMode, 'ACCESSED_AND_THROTTLED_KEYS');
  assert.ok(on.LastUpdateDateTime instanceof Date);
  assert.deepEqual(on.ContributorInsightsRuleList.map((r) => r.split('-')[1]), ['PKC', 'SKC', 'PKT', 'SKT']);
  for (const rule of on.ContributorInsightsRuleList) assert.ok(rule.startsWith('DynamoDBContributorInsights-'), rule);

  // A GSI has its own setting; throttled keys only; its key has no sort key.
  const index = await client.send(new UpdateContributorInsightsCommand({ TableName, IndexName: 'by-g',
    ContributorInsightsAction: 'ENABLE', ContributorInsightsMode: 'THROTTLED_KEYS' }));
  assert.equal(index.IndexName, 'by-g');
  assert.equal(index.ContributorInsightsMode, 'THROTTLED_KEYS');
  const indexOn = await settled(TableName, 'by-g');
  assert.equal(indexOn.IndexName, 'by-g');
  assert.deepEqual(indexOn.ContributorInsightsRuleList.map((r) => r.split('-')[1]), ['PKT']);

  const disabled = await client.send(new UpdateContributorInsightsCommand({ TableName, ContributorInsightsAction: 'DISABLE' }));
  assert.equal(disabled.ContributorInsightsStatus, 'DISABLING');
  const off = await settled(TableName);
  assert.equal(off.ContributorInsightsStatus, 'DISABLED');
  assert.equal(off.ContributorInsightsRuleList, undefined);
  assert.equal((await settled(TableName, 'by-g')).ContributorInsightsStatus, 'ENABLED');

  const { ContributorInsightsSummaries } = await client.send(new ListContributorInsightsCommand({ TableName }));
  assert.deepEqual(ContributorInsightsSummaries, [
    { TableName, ContributorInsightsStatus: 'DISABLED', ContributorInsightsMode: 'ACCESSED_AND_THROTTLED_KEYS' },
    { TableName, IndexName: 'by-g', ContributorInsightsStatus: 'ENABLED', ContributorInsightsMode: 'THROTTLED_KEYS' }]);
});

test('ListContributorInsights pages over every table and GSI', { skip }, async () => {
  const first = name('list-a');
  const second = name('list-b');
  await createTable(client, withIndex(first));
  await createTable(client, keyedTable(second));
  const seen = [];
  let NextToken;
  for (let i = 0; i < 1000; i++) {
    const page = await client.send(new ListContributorInsightsCommand({ MaxResults: 2, NextToken }));
    assert.ok(page.ContributorInsightsSummaries.length <= 2);
    seen.push(...page.ContributorInsightsSummaries.map((s) => `${s.TableName}/${s.IndexName ?? ''}`));
    NextToken = page.NextToken;
    if (!NextToken) break;
  }
  for (const entry of [`${first}/`, `${first}/by-g`, `${second}/`]) assert.ok(seen.includes(entry), entry);
  assert.equal(new Set(seen).size, seen.length, 'no summary twice');
});

test('contributor insights errors', { skip }, async () => {
  const missing = newName('missing');
  for (const [action, extra] of [['DescribeContributorInsights', {}], ['UpdateContributorInsights', { ContributorInsightsAction: 'ENABLE' }],
    ['ListContributorInsights', {}]]) {
    expectError(await rawCall(action, { TableName: missing, ...extra }), 'ResourceNotFoundException', new RegExp(missing));
  }
  const TableName = name('errors');
  await createTable(client, keyedTable(TableName));
  expectError(await rawCall('DescribeContributorInsights', { TableName, IndexName: 'no-such-index' }), 'ResourceNotFoundException',
    /no-such-index/);
  expectError(await rawCall('UpdateContributorInsights', { TableName }), 'ValidationException');
  expectError(await rawCall('UpdateContributorInsights', { TableName, ContributorInsightsAction: 'PAUSE' }), 'ValidationException',
    /Member must satisfy enum value set: \[/);
  expectError(await rawCall('ListContributorInsights', { MaxResults: 101 }), 'ValidationException',
    /Member must have value less than or equal to 100/);
});
