// Minnow's --transaction-window MS: each TransactWriteItems holds its items for MS milliseconds
// (and answers after them), so that conflicts happen the way DynamoDB produces them when a
// write meets a transaction in progress, and retry logic can be tested under real contention.
// Needs a Minnow started with the flag and MINNOW_TRANSACTION_WINDOW_MS set to its value
// (scripts/test does both); skipped otherwise, and on the references (neither has such a
// window: DynamoDB Local never reports conflicts). The errors are DynamoDB's documented ones:
// TransactionConflictException for PutItem/UpdateItem/DeleteItem/BatchWriteItem,
// TransactionCanceledException with a TransactionConflict reason for transactions.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  PutItemCommand, GetItemCommand, TransactWriteItemsCommand, TransactGetItemsCommand,
} from '@aws-sdk/client-dynamodb';
import { makeClient } from '../lib/client.mjs';
import { differsOn } from '../lib/reference.mjs';
import { tableNamer } from '../lib/names.mjs';
import { keyedTable, createTable, dropTables } from '../lib/tables.mjs';

const windowMs = Number(process.env.MINNOW_TRANSACTION_WINDOW_MS || 0);
const SKIP = differsOn(['dynamodb-local', 'dynalite'], 'no transaction window (a Minnow flag)') ||
  (windowMs > 0 ? false : 'needs a Minnow started with --transaction-window (MINNOW_TRANSACTION_WINDOW_MS)');
const CONFLICT = 'Transaction is ongoing for the item';

const client = makeClient();
const T = tableNamer('txwindow')('t');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

before(async () => { if (!SKIP) await createTable(client, keyedTable(T)); });
after(async () => { if (!SKIP) await dropTables(client, [T]); });

const putTx = (pk, extra = {}) => client.send(new TransactWriteItemsCommand({
  TransactItems: [{ Put: { TableName: T, Item: { pk: { S: pk }, ...extra } } }],
}));

// While a transaction is in progress, every kind of write on its item is refused.
test('writes meeting a transaction in progress get DynamoDB\'s conflict errors', { skip: SKIP }, async () => {
  const started = Date.now();
  let answered = false;
  const first = putTx('held', { v: { N: '1' } }).finally(() => { answered = true; });
  // The first transaction is under way once a write to its item conflicts (a write that reaches
  // Minnow before it just succeeds). The checks below run inside its window, which
  // scripts/test makes long enough for a slow machine.
  for (;;) {
    const refused = await client.send(new PutItemCommand({ TableName: T, Item: { pk: { S: 'held' } } }))
      .then(() => null, (e) => e);
    if (refused) {
      assert.equal(refused.name, 'TransactionConflictException');
      assert.equal(refused.message, CONFLICT);
      break;
    }
    assert.ok(!answered, 'no write met the transaction while it held its item');
  }
  const cancelled = await putTx('held').then(() => null, (e) => e);
  assert.equal(cancelled?.name, 'TransactionCanceledException');
  assert.deepEqual(cancelled.CancellationReasons, [{ Code: 'TransactionConflict', Message: CONFLICT }]);
  const read = await client.send(new TransactGetItemsCommand({ TransactItems: [{ Get: { TableName: T, Key: { pk: { S: 'held' } } } }] }))
    .then(() => null, (e) => e);
  assert.equal(read?.name, 'TransactionCanceledException');
  // Another item is not held.
  await client.send(new PutItemCommand({ TableName: T, Item: { pk: { S: 'free' } } }));
  await first;
  assert.ok(Date.now() - started >= windowMs, 'the transaction answered once its window was over');
  // Once it has answered its items are free.
  await client.send(new PutItemCommand({ TableName: T, Item: { pk: { S: 'held' }, v: { N: '2' } } }));
  assert.deepEqual((await client.send(new GetItemCommand({ TableName: T, Key: { pk: { S: 'held' } } }))).Item,
    { pk: { S: 'held' }, v: { N: '2' } });
});

// What the flag is for: retry logic under contention. Workers increment one counter in
// transactions at the same time, each retrying (with backoff) when cancelled by a conflict; all
// of them get through and no increment is lost.
test('transactions retried on conflict all get through, none lost', { skip: SKIP }, async () => {
  const workers = 4;
  await client.send(new PutItemCommand({ TableName: T, Item: { pk: { S: 'counter' }, n: { N: '0' } } }));
  let conflicts = 0;
  const increment = async (worker) => {
    const giveUp = Date.now() + 60 * windowMs;
    for (let attempt = 1; Date.now() < giveUp; attempt++) {
      try {
        await client.send(new TransactWriteItemsCommand({
          TransactItems: [{
            Update: {
              TableName: T, Key: { pk: { S: 'counter' } }, UpdateExpression: 'ADD n :one',
              ExpressionAttributeValues: { ':one': { N: '1' } },
            },
          }],
        }));
        return attempt;
      } catch (e) {
        const conflict = e.name === 'TransactionCanceledException' &&
          e.CancellationReasons?.some((r) => r.Code === 'TransactionConflict');
        if (!conflict) throw e;
        conflicts++;
        await sleep(Math.random() * windowMs * 0.5 + worker);
      }
    }
    throw new Error(`worker ${worker} never got through`);
  };
  const attempts = await Promise.all(Array.from({ length: workers }, (_, i) => increment(i)));
  assert.ok(conflicts > 0, 'the workers met each other');
  assert.ok(attempts.some((a) => a > 1));
  const { Item } = await client.send(new GetItemCommand({ TableName: T, Key: { pk: { S: 'counter' } }, ConsistentRead: true }));
  assert.equal(Item.n.N, String(workers));
});
