// Eventual consistency off (the default) and the per-table call (POST /_minnow/consistency,
// docs/production-physics.md), on a Minnow started without --consistency-lag: a Query on a GSI
// right after a write always sees it, and the call's refusals. The stale reads themselves are in
// consistency_lag.test.mjs (a lane of their own). Minnow only for the calls; the first test runs
// on the references too (they are always consistent).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { PutItemCommand, QueryCommand } from '@aws-sdk/client-dynamodb';
import { makeClient } from '../lib/client.mjs';
import { ADMIN_HEADERS, admin } from '../lib/admin.mjs';
import { endpoint } from '../lib/env.mjs';
import { differsOn } from '../lib/reference.mjs';
import { tableNamer } from '../lib/names.mjs';
import { keyedTable, createTable, dropTables } from '../lib/tables.mjs';

const LAGGING = process.env.MINNOW_CONSISTENCY_LAG_MS ? 'the server lags every table' : false;
const SKIP_ADMIN = differsOn(['dynamodb-local', 'dynalite'], 'no consistency lag (a Minnow control)') || LAGGING;
const client = makeClient();
const name = tableNamer('consistent');
const T = name('indexed');

before(async () => {
  if (LAGGING) return;
  await createTable(client, keyedTable(T, ['pk', 'S'], null, {
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'color', AttributeType: 'S' }],
    GlobalSecondaryIndexes: [{
      IndexName: 'byColor', KeySchema: [{ AttributeName: 'color', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' },
    }],
  }));
});
after(async () => {
  if (LAGGING) return;
  await dropTables(client, [T]);
});

test('without a lag a Query on a GSI right after a write always sees it', { skip: LAGGING }, async () => {
  for (let i = 0; i < 20; ++i) {
    await client.send(new PutItemCommand({ TableName: T, Item: { pk: { S: `k${i}` }, color: { S: `c${i}` } } }));
    const { Items } = await client.send(new QueryCommand({
      TableName: T, IndexName: 'byColor', KeyConditionExpression: 'color = :c',
      ExpressionAttributeValues: { ':c': { S: `c${i}` } },
    }));
    assert.deepEqual(Items.map((item) => item.pk.S), [`k${i}`]);
  }
});

test('the report: no lag anywhere by default, then the table\'s own', { skip: SKIP_ADMIN }, async () => {
  const lagOf = async () => {
    const report = await admin('GET', 'consistency');
    assert.ok(report.namespaces.every((ns) => ns.lagMs === 0 && ns.worstCase === false));
    return report.namespaces.flatMap((ns) => ns.tables).find((t) => t.name === T)?.lagMs;
  };
  assert.equal(await lagOf(), 0);
  assert.deepEqual(await admin('POST', 'consistency', { table: T, lagMs: 750 }), { tables: 1 });
  assert.equal(await lagOf(), 750);
  assert.deepEqual(await admin('POST', 'consistency', { table: T, lagMs: null }), { tables: 1 });
  assert.equal(await lagOf(), 0);
});

test('refusals: a bad body and a table nowhere', { skip: SKIP_ADMIN }, async () => {
  const post = async (body) => {
    const res = await fetch(`${endpoint}/_minnow/consistency`, {
      method: 'POST', headers: ADMIN_HEADERS, body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };
  const expected = 'Invalid /_minnow call: expected {"table": NAME, "lagMs": an integer from 0 to 60000, or null}';
  for (const body of [{ table: T }, { table: T, lagMs: -1 }, { table: T, lagMs: 60001 }, { table: T, lagMs: '5' },
    { lagMs: 5 }]) {
    const answer = await post(body);
    assert.equal(answer.status, 400, JSON.stringify(body));
    assert.equal(answer.body.message, expected);
  }
  const missing = await post({ table: 'no_such_table_anywhere', lagMs: 5 });
  assert.equal(missing.status, 400);
  assert.equal(missing.body.message,
    'Invalid /_minnow call: no table named no_such_table_anywhere in the namespaces addressed');
});
