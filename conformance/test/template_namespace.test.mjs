// Minnow's --template-namespace ACCESS_KEY/REGION (docs/admin-api.md; no reference has it): a
// namespace first used after start-up begins as a fork of the template's state at that moment,
// so parallel test workers, each signing with an access key of its own, start from the same
// fixtures with no set-up calls, and stay independent of each other and of the template.
//
// Runs only against a Minnow started with the flag (scripts/test's lane sets
// MINNOW_TEMPLATE_NAMESPACE to the flag's value); every worker key is this run's own.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  ListTablesCommand, PutItemCommand, GetItemCommand, QueryCommand, ScanCommand,
} from '@aws-sdk/client-dynamodb';
import { makeClient } from '../lib/client.mjs';
import { tableNamer } from '../lib/names.mjs';
import { keyedTable, createTable, dropTables } from '../lib/tables.mjs';

const TEMPLATE = process.env.MINNOW_TEMPLATE_NAMESPACE;
const SKIP = TEMPLATE ? false : 'needs MINNOW_TEMPLATE_NAMESPACE (a Minnow started with --template-namespace)';

const run = `${process.pid}${Date.now().toString(36)}`.toUpperCase();
let workers = 0;
function client(accessKeyId, region) {
  return { accessKeyId, db: makeClient({ region, credentials: { accessKeyId, secretAccessKey: 'secret' } }) };
}
const [templateKey, templateRegion] = (TEMPLATE || 'x/us-east-1').split('/');
const template = client(templateKey, templateRegion);
const worker = () => client(`AKIDTPL${++workers}X${run}`, templateRegion);

const TableName = tableNamer('template')('fixtures');
const used = [template];
after(async () => {
  if (SKIP) return;
  for (const c of used) await dropTables(c.db, [TableName]);
});

const put = (c, pk, g) => c.db.send(new PutItemCommand({ TableName, Item: { pk: { S: pk }, g: { S: g } } }));
const get = async (c, pk) => (await c.db.send(new GetItemCommand({ TableName, Key: { pk: { S: pk } } }))).Item;
const keys = async (c) =>
  (await c.db.send(new ScanCommand({ TableName }))).Items.map((item) => item.pk.S).sort();

test('a new access key starts with the template namespace\'s tables, items and indexes', { skip: SKIP }, async () => {
  await createTable(template.db, keyedTable(TableName, ['pk', 'S'], null, {
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'g', AttributeType: 'S' }],
    GlobalSecondaryIndexes: [{ IndexName: 'by_g', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }],
                               Projection: { ProjectionType: 'ALL' } }],
  }));
  await put(template, 'seed-1', 'red');
  await put(template, 'seed-2', 'blue');

  const a = worker();
  used.push(a);
  assert.ok((await a.db.send(new ListTablesCommand({}))).TableNames.includes(TableName));
  assert.deepEqual(await keys(a), ['seed-1', 'seed-2']);
  const { Items } = await a.db.send(new QueryCommand({
    TableName, IndexName: 'by_g', KeyConditionExpression: 'g = :g', ExpressionAttributeValues: { ':g': { S: 'red' } } }));
  assert.deepEqual(Items.map((item) => item.pk.S), ['seed-1']);
});

test('workers and the template are independent from the first use on', { skip: SKIP }, async () => {
  const a = worker();
  const b = worker();
  used.push(a, b);
  await Promise.all([put(a, 'a-only', 'red'), put(b, 'b-only', 'red')]);
  assert.deepEqual(await keys(a), ['a-only', 'seed-1', 'seed-2']);
  assert.deepEqual(await keys(b), ['b-only', 'seed-1', 'seed-2']);
  assert.equal(await get(template, 'a-only'), undefined);

  // A later change to the template reaches the workers that arrive after it, not those before.
  await put(template, 'seed-3', 'green');
  assert.equal(await get(a, 'seed-3'), undefined);
  const c = worker();
  used.push(c);
  assert.deepEqual(await keys(c), ['seed-1', 'seed-2', 'seed-3']);
});
