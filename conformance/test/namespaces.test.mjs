// Namespaces: which requests share tables. DynamoDB Local (and Minnow) keep one database per
// access key and region of the request's credential scope, or one for everybody with -sharedDb
// (Minnow: --shared-db); parallel test workers isolate themselves by access key.
// DYNAMODB_SHARED_DB=1 says the server under test shares one database (lib/env.mjs).
//
// Reference findings (DynamoDB Local 3.3.1, both modes, raw requests):
// - The namespace is the access key (up to the first '/' of Credential=) and the region (the
//   credential's third part), both case-sensitive; the signing date and service do not matter.
// - ListTables, DescribeTable, items, ListStreams and DescribeStream are all per namespace: a
//   stream ARN of another namespace is "Requested resource not found: Stream: <arn> not found".
// - A table name may exist in several namespaces, each with its own schema.
// - ARNs: DynamoDB Local writes the region "ddblocal" and account 000000000000 into every ARN
//   (both modes); DynamoDB writes the region the request went to. Minnow follows DynamoDB with
//   the request's region and the fixed account 000000000000.
// - Malformed credentials (no Credential=, fewer than three parts) get InternalFailure (HTTP
//   500) from DynamoDB Local; an empty access key UnrecognizedClientException. DynamoDB's
//   answers to those are the signature checks' (not tested here).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  ListTablesCommand, DescribeTableCommand, PutItemCommand, GetItemCommand, DeleteTableCommand,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient, ListStreamsCommand, DescribeStreamCommand } from '@aws-sdk/client-dynamodb-streams';
import { makeClient } from '../lib/client.mjs';
import { endpoint, sharedDb } from '../lib/env.mjs';
import { rawCall, expectOk } from '../lib/http.mjs';
import { differsOn } from '../lib/reference.mjs';
import { tableNamer } from '../lib/names.mjs';
import { keyedTable, createTable, dropTables } from '../lib/tables.mjs';
import { rejects } from '../lib/values.mjs';

const name = tableNamer('ns');

// A worker: its own access key (and region).
function worker(accessKeyId, region = 'us-east-1') {
  const credentials = { accessKeyId, secretAccessKey: 'secret' };
  return {
    accessKeyId, region,
    db: makeClient({ region, credentials }),
    streams: new DynamoDBStreamsClient({ endpoint, region, credentials, maxAttempts: 1 }),
  };
}

const run = `${process.pid}${Date.now().toString(36)}`;
const A = worker(`AKIDNSA${run}`);
const B = worker(`AKIDNSB${run}`);
const A_EU = worker(A.accessKeyId, 'eu-west-1');
const A_LOWER = worker(A.accessKeyId.toLowerCase());
const A_UPPER_REGION = worker(A.accessKeyId, 'US-EAST-1');

const created = [];  // [worker, table]
after(async () => {
  for (const [w, t] of created) await dropTables(w.db, [t]);
});

async function make(w, table, extra = {}) {
  await createTable(w.db, keyedTable(table, ['pk', 'S'], null, extra));
  created.push([w, table]);
}

async function tableNames(w) {
  const names = [];
  let ExclusiveStartTableName;
  do {
    const out = await w.db.send(new ListTablesCommand({ ExclusiveStartTableName }));
    names.push(...out.TableNames);
    ExclusiveStartTableName = out.LastEvaluatedTableName;
  } while (ExclusiveStartTableName);
  return names;
}

const STREAM = { StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' } };

// The rule itself: who sees a table another credential created.
test('tables belong to the namespace of the access key and region that created them', async () => {
  const t = name('owner');
  await make(A, t);
  assert.ok((await tableNames(A)).includes(t));
  for (const other of [B, A_EU, A_LOWER, A_UPPER_REGION]) {
    const seen = (await tableNames(other)).includes(t);
    assert.equal(seen, sharedDb, `${other.accessKeyId}/${other.region} ${sharedDb ? 'must' : 'must not'} see the table`);
    if (sharedDb) {
      assert.equal((await other.db.send(new DescribeTableCommand({ TableName: t }))).Table.TableName, t);
    } else {
      await rejects(other.db.send(new DescribeTableCommand({ TableName: t })), 'ResourceNotFoundException');
    }
  }
});

// Items follow their table: a worker never reads another worker's items.
test('items are read and written in the namespace of the request', async () => {
  const t = name('items');
  await make(A, t);
  if (!sharedDb) await make(B, t);  // the same name, in B's own namespace
  await A.db.send(new PutItemCommand({ TableName: t, Item: { pk: { S: 'k' }, who: { S: 'A' } } }));
  const fromB = await B.db.send(new GetItemCommand({ TableName: t, Key: { pk: { S: 'k' } } }));
  if (sharedDb) assert.deepEqual(fromB.Item, { pk: { S: 'k' }, who: { S: 'A' } });
  else assert.equal(fromB.Item, undefined);
});

// Two workers may use the same table name with different schemas, and delete theirs alone.
test('one table name in two namespaces: two tables', { skip: sharedDb ? 'one shared database' : false }, async () => {
  const t = name('twice');
  await make(A, t);
  await createTable(B.db, { ...keyedTable(t, ['id', 'N']) });
  created.push([B, t]);
  assert.deepEqual((await A.db.send(new DescribeTableCommand({ TableName: t }))).Table.KeySchema,
    [{ AttributeName: 'pk', KeyType: 'HASH' }]);
  assert.deepEqual((await B.db.send(new DescribeTableCommand({ TableName: t }))).Table.KeySchema,
    [{ AttributeName: 'id', KeyType: 'HASH' }]);
  await A.db.send(new DeleteTableCommand({ TableName: t }));
  assert.equal((await B.db.send(new DescribeTableCommand({ TableName: t }))).Table.TableName, t);
});

// Streams are found through the namespace too: ListStreams and a stream ARN used by another worker.
test('streams are listed and described in their namespace',
  { skip: differsOn('dynalite', 'dynalite has no streams and ignores StreamSpecification') }, async () => {
  const t = name('stream');
  await make(A, t, STREAM);
  const mine = (await A.streams.send(new ListStreamsCommand({ TableName: t }))).Streams;
  assert.equal(mine.length, 1);
  const arn = mine[0].StreamArn;
  const theirs = (await B.streams.send(new ListStreamsCommand({ TableName: t }))).Streams;
  assert.equal(theirs.length, sharedDb ? 1 : 0);
  const all = (await B.streams.send(new ListStreamsCommand({}))).Streams.map((s) => s.TableName);
  assert.equal(all.includes(t), sharedDb);
  if (sharedDb) {
    // Same region: the same ARN.
    assert.equal((await B.streams.send(new DescribeStreamCommand({ StreamArn: arn }))).StreamDescription.TableName, t);
  } else {
    await rejects(B.streams.send(new DescribeStreamCommand({ StreamArn: arn })), 'ResourceNotFoundException',
      `Requested resource not found: Stream: ${arn} not found`);
  }
});

// ARNs name the region the request went to and one fixed account.
test('ARNs carry the request\'s region and account 000000000000',
  { skip: differsOn('dynamodb-local', 'DynamoDB Local writes region "ddblocal" into every ARN')
      || differsOn('dynalite', 'dynalite writes the region it was started with into every ARN, and has no streams') }, async () => {
    const t = name('arn');
    const EU = worker(`AKIDNSEU${run}`, 'eu-west-1');
    await make(EU, t, STREAM);
    const table = (await EU.db.send(new DescribeTableCommand({ TableName: t }))).Table;
    assert.equal(table.TableArn, `arn:aws:dynamodb:eu-west-1:000000000000:table/${t}`);
    assert.ok(table.LatestStreamArn.startsWith(`${table.TableArn}/stream/`));
    const [stream] = (await EU.streams.send(new ListStreamsCommand({ TableName: t }))).Streams;
    assert.equal(stream.StreamArn, table.LatestStreamArn);
    if (sharedDb) {
      // The same table, seen from another region: that region's ARN.
      const seen = (await B.db.send(new DescribeTableCommand({ TableName: t }))).Table;
      assert.equal(seen.TableArn, `arn:aws:dynamodb:us-east-1:000000000000:table/${t}`);
    }
  });

// Only the access key and region pick the namespace: not the signing date, nor the service.
test('the credential\'s date and service do not change the namespace', async () => {
  const t = name('scope');
  await make(A, t);
  for (const scope of [`20200101/us-east-1/dynamodb`, `20260101/us-east-1/otherservice`]) {
    const res = expectOk(await rawCall('ListTables', {}, {
      headers: { authorization: `AWS4-HMAC-SHA256 Credential=${A.accessKeyId}/${scope}/aws4_request, SignedHeaders=host, Signature=0` },
    }));
    let names = res.TableNames;
    let last = res.LastEvaluatedTableName;
    while (last) {  // page through, as the server may hold many tables
      const next = expectOk(await rawCall('ListTables', { ExclusiveStartTableName: last }, {
        headers: { authorization: `AWS4-HMAC-SHA256 Credential=${A.accessKeyId}/${scope}/aws4_request, SignedHeaders=host, Signature=0` },
      }));
      names = names.concat(next.TableNames);
      last = next.LastEvaluatedTableName;
    }
    assert.ok(names.includes(t), scope);
  }
});
