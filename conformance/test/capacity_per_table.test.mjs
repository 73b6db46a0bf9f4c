// The capacity model for one table only (POST /_minnow/capacity, docs/production-physics.md), on
// a Minnow started without --capacity-model: a test suite can throttle the table it is about and
// leave the rest alone. Minnow only: the references throttle nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { makeClient } from '../lib/client.mjs';
import { ADMIN_HEADERS, admin } from '../lib/admin.mjs';
import { endpoint } from '../lib/env.mjs';
import { differsOn } from '../lib/reference.mjs';
import { tableNamer } from '../lib/names.mjs';
import { keyedTable, createTable, dropTables } from '../lib/tables.mjs';

const SKIP = differsOn(['dynamodb-local', 'dynalite'], 'no capacity model') ||
  (process.env.MINNOW_CAPACITY_MODEL ? 'the server meters every table already' : false);
const client = makeClient();
const name = tableNamer('capacity_table');
const ONE_UNIT = { ReadCapacityUnits: 1, WriteCapacityUnits: 1 };
const [METERED, FREE] = [name('metered'), name('free')];

const put = (table, pk) => client.send(new PutItemCommand({ TableName: table, Item: { pk: { S: pk } } }));
const refusal = (promise) => promise.then(() => null, (e) => e);

before(async () => {
  if (SKIP) return;
  await admin('POST', 'clock', { freeze: true });
  for (const table of [METERED, FREE])
    await createTable(client, keyedTable(table, ['pk', 'S'], null, { BillingMode: 'PROVISIONED', ProvisionedThroughput: ONE_UNIT }));
});
after(async () => {
  if (SKIP) return;
  await admin('POST', 'clock', { freeze: false });
  await dropTables(client, [METERED, FREE]);
});

test('one table metered, the others not; and back to the server\'s default', { skip: SKIP }, async () => {
  assert.deepEqual(await admin('POST', 'capacity', { table: METERED, capacityModel: true }), { tables: 1 });
  await put(METERED, 'a');
  assert.equal((await refusal(put(METERED, 'b')))?.name, 'ProvisionedThroughputExceededException');
  for (const pk of ['a', 'b', 'c']) await put(FREE, pk);  // one unit a second, not metered
  await admin('POST', 'capacity', { table: METERED, capacityModel: null });
  await put(METERED, 'b');
});

test('POST /_minnow/capacity refuses a malformed body and an unknown table', { skip: SKIP }, async () => {
  const call = async (body) => {
    const res = await fetch(`${endpoint}/_minnow/capacity`, { method: 'POST', headers: ADMIN_HEADERS, body: JSON.stringify(body) });
    assert.equal(res.status, 400);
    return (await res.json()).message;
  };
  assert.equal(await call({ table: METERED }),
    'Invalid /_minnow call: expected {"table": NAME, "capacityModel": true, false or null}');
  assert.equal(await call({ table: 'nowhere', capacityModel: true }),
    'Invalid /_minnow call: no table named nowhere in the namespaces addressed');
});
