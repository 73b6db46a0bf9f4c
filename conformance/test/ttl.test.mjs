// Time to Live: UpdateTimeToLive and DescribeTimeToLive with their validation, and (on Minnow
// only, through its /_minnow test controls, docs/admin-api.md) the expiry of items: the sweep,
// the clock, and the REMOVE stream records TTL deletions write.
//
// Reference findings (DynamoDB Local 2.x, raw requests; "real" = documented DynamoDB):
// - DescribeTimeToLive of a table that never had TTL: {"TimeToLiveDescription": {"TimeToLiveStatus": "DISABLED"}}
//   (no AttributeName). Enabled: {"TimeToLiveStatus": "ENABLED", "AttributeName": "ttl"}. After
//   disabling: DISABLED again, without AttributeName.
// - UpdateTimeToLive answers {"TimeToLiveSpecification": {"Enabled": true|false, "AttributeName": "..."}},
//   the specification as sent.
// - Real DynamoDB passes through ENABLING/DISABLING for up to an hour and refuses a second
//   change within that hour ("Time to live has been modified multiple times within a fixed
//   interval"); DynamoDB Local (like an emulator should, as with table creation) switches at
//   once and allows the next change immediately. The tests follow DynamoDB Local here.
// - Messages (all ValidationException unless said otherwise):
//   enable when enabled (same attribute):           "TimeToLive is already enabled"
//   enable or disable with another attribute:       "TimeToLive is active on a different AttributeName"
//     (a prefix match: real DynamoDB may add the current attribute name)
//   disable when not enabled:                       "TimeToLive is already disabled"
//   AttributeName "" or longer than 255:            "Names of key attributes and attributes projected into an index must be between 1 and 255 characters, inclusive"
//     (DynamoDB: its model's length constraint, "1 validation error detected: Value '' at
//     'timeToLiveSpecification.attributeName' ...", as for a missing Enabled)
//   Enabled true without AttributeName:             "AttributeName cannot be null when time to live is being enabled"
//   no TimeToLiveSpecification:                     "TimeToLiveSpecification cannot be null"
//   no TableName: "The parameter 'TableName' is required but was not present in the request", as
//     DescribeTable (DynamoDB Local: "Value null at 'tableName' failed to satisfy constraint: Member must not be null")
//   missing table: ResourceNotFoundException; real "Requested resource not found: Table: <name> not found"
//     (as DescribeTable); DynamoDB Local "Cannot do operations on a non-existent table".
//   A key attribute may be the TTL attribute (DynamoDB Local accepts pk).
// - Expiry (documented): an item expires when its TTL attribute is a Number (epoch seconds)
//   below the current time; a non-Number attribute (S, ...) never expires, nor does a number
//   more than five years in the past. Expired items stay readable (GetItem, Query, Scan) until
//   deleted. A TTL deletion writes a REMOVE stream record with
//   "userIdentity": {"PrincipalId": "dynamodb.amazonaws.com", "Type": "Service"} on the wire (the
//   Streams API's Identity shape, which the SDK reads by these names; the lower-case spelling is
//   Lambda's event format, not GetRecords'); ordinary deletes have no userIdentity.
//   Neither reference lets a test trigger the deletion or move time, so the expiry tests run
//   on Minnow only. They move Minnow's clock (and reset it afterwards): run them with
//   --test-concurrency=1 (as npm test does), since other files compare stream timestamps with
//   the wall clock.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  DescribeTimeToLiveCommand, UpdateTimeToLiveCommand, PutItemCommand, GetItemCommand, DeleteItemCommand,
  DescribeTableCommand,
} from '@aws-sdk/client-dynamodb';
import {
  DynamoDBStreamsClient, DescribeStreamCommand, GetShardIteratorCommand, GetRecordsCommand,
} from '@aws-sdk/client-dynamodb-streams';
import { admin } from '../lib/admin.mjs';
import { makeClient } from '../lib/client.mjs';
import { endpoint, region, credentials } from '../lib/env.mjs';
import { rawCall, expectError, expectOk } from '../lib/http.mjs';
import { differsOn } from '../lib/reference.mjs';
import { tableNamer } from '../lib/names.mjs';
import { keyedTable, createTable, dropTables } from '../lib/tables.mjs';
import { rejects } from '../lib/values.mjs';

const client = makeClient();
const streams = new DynamoDBStreamsClient({ endpoint, region, credentials, maxAttempts: 1 });
const newName = tableNamer('ttl');
const created = [];
const name = (label) => { const n = newName(label); created.push(n); return n; };
after(() => dropTables(client, created));

const NO_ADMIN = differsOn(['dynamodb-local', 'dynalite'], 'no /_minnow admin endpoints');

const describe = async (TableName) => (await client.send(new DescribeTimeToLiveCommand({ TableName }))).TimeToLiveDescription;
const update = (TableName, Enabled, AttributeName) =>
  client.send(new UpdateTimeToLiveCommand({ TableName, TimeToLiveSpecification: { Enabled, AttributeName } }));
const spec = (TableName, TimeToLiveSpecification) => rawCall('UpdateTimeToLive', { TableName, TimeToLiveSpecification });

const sweep = () => admin('POST', 'ttl/sweep', {});
const nowSeconds = async () => Math.floor((await admin('GET', 'clock')).epochMillis / 1000);

// ---------------------------------------------------------------------------------------------
// UpdateTimeToLive and DescribeTimeToLive

// A new table has TTL disabled and no attribute name.
test('DescribeTimeToLive of a new table is DISABLED', { skip: differsOn('dynalite', 'dynalite has no UpdateTimeToLive') }, async () => {
  const TableName = name('new');
  await createTable(client, keyedTable(TableName));
  assert.deepEqual(await describe(TableName), { TimeToLiveStatus: 'DISABLED' });
  const raw = expectOk(await rawCall('DescribeTimeToLive', { TableName }));
  assert.deepEqual(raw, { TimeToLiveDescription: { TimeToLiveStatus: 'DISABLED' } });
});

// Enable, disable, enable on another attribute: UpdateTimeToLive echoes the specification and
// DescribeTimeToLive follows (at once in an emulator; real DynamoDB goes through
// ENABLING/DISABLING).
test('UpdateTimeToLive enables and disables TTL', { skip: differsOn('dynalite', 'dynalite has no UpdateTimeToLive') }, async () => {
  const TableName = name('toggle');
  await createTable(client, keyedTable(TableName));
  const on = await update(TableName, true, 'expires');
  assert.deepEqual(on.TimeToLiveSpecification, { Enabled: true, AttributeName: 'expires' });
  assert.deepEqual(await describe(TableName), { TimeToLiveStatus: 'ENABLED', AttributeName: 'expires' });
  assert.deepEqual(expectOk(await rawCall('DescribeTimeToLive', { TableName })),
    { TimeToLiveDescription: { TimeToLiveStatus: 'ENABLED', AttributeName: 'expires' } });

  const off = await update(TableName, false, 'expires');
  assert.deepEqual(off.TimeToLiveSpecification, { Enabled: false, AttributeName: 'expires' });
  assert.deepEqual(await describe(TableName), { TimeToLiveStatus: 'DISABLED' });

  // Once disabled, TTL can be enabled on a different attribute.
  await update(TableName, true, 'other');
  assert.deepEqual(await describe(TableName), { TimeToLiveStatus: 'ENABLED', AttributeName: 'other' });
  // The table ARN is accepted as TableName.
  const { Table } = await client.send(new DescribeTableCommand({ TableName }));
  assert.deepEqual(await describe(Table.TableArn), { TimeToLiveStatus: 'ENABLED', AttributeName: 'other' });
});

// The key attribute may be the TTL attribute.
test('TTL may be enabled on a key attribute', { skip: differsOn('dynalite', 'dynalite has no UpdateTimeToLive') }, async () => {
  const TableName = name('keyattr');
  await createTable(client, keyedTable(TableName, ['pk', 'N']));
  await update(TableName, true, 'pk');
  assert.deepEqual(await describe(TableName), { TimeToLiveStatus: 'ENABLED', AttributeName: 'pk' });
});

// UpdateTimeToLive validation: the state checks and the parameter checks, in DynamoDB's words.
test('UpdateTimeToLive validation errors', { skip: differsOn('dynalite', 'dynalite has no UpdateTimeToLive') }, async (t) => {
  const TableName = name('errors');
  const nameLength = 'Names of key attributes and attributes projected into an index must be between 1 and 255 characters, inclusive';
  await createTable(client, keyedTable(TableName));
  // Disabling when not enabled.
  expectError(await spec(TableName, { Enabled: false, AttributeName: 'ttl' }), 'ValidationException', 'TimeToLive is already disabled');
  // AttributeName length 1..255 and Enabled present: the API model's constraints, checked first
  // (DynamoDB's form; DynamoDB Local words the length error itself and reads a missing Enabled
  // as false).
  const local = differsOn('dynamodb-local', 'words the length error itself', t);
  const tooShort = local ? nameLength
    : "1 validation error detected: Value '' at 'timeToLiveSpecification.attributeName' failed to satisfy constraint: Member must have length greater than or equal to 1";
  const tooLong = local ? nameLength
    : `1 validation error detected: Value '${'a'.repeat(256)}' at 'timeToLiveSpecification.attributeName' failed to satisfy constraint: Member must have length less than or equal to 255`;
  expectError(await spec(TableName, { Enabled: true, AttributeName: '' }), 'ValidationException', tooShort);
  expectError(await spec(TableName, { Enabled: true, AttributeName: 'a'.repeat(256) }), 'ValidationException', tooLong);
  if (!differsOn('dynamodb-local', 'reads a missing Enabled as false', t)) {
    expectError(await spec(TableName, { AttributeName: 'ttl' }), 'ValidationException',
      "1 validation error detected: Value null at 'timeToLiveSpecification.enabled' failed to satisfy constraint: Member must not be null");
  }
  // AttributeName and the specification itself are needed.
  expectError(await spec(TableName, { Enabled: true }), 'ValidationException',
    'AttributeName cannot be null when time to live is being enabled');
  expectError(await rawCall('UpdateTimeToLive', { TableName }), 'ValidationException', 'TimeToLiveSpecification cannot be null');
  await rejects(client.send(new UpdateTimeToLiveCommand({ TableName, TimeToLiveSpecification: { Enabled: true, AttributeName: '' } })),
    'ValidationException', tooShort);
  assert.deepEqual(await describe(TableName), { TimeToLiveStatus: 'DISABLED' });

  // With TTL enabled on "ttl": enabling again, and any change naming another attribute.
  expectOk(await spec(TableName, { Enabled: true, AttributeName: 'ttl' }));
  expectError(await spec(TableName, { Enabled: true, AttributeName: 'ttl' }), 'ValidationException', 'TimeToLive is already enabled');
  expectError(await spec(TableName, { Enabled: true, AttributeName: 'other' }), 'ValidationException',
    /^TimeToLive is active on a different AttributeName/);
  expectError(await spec(TableName, { Enabled: false, AttributeName: 'other' }), 'ValidationException',
    /^TimeToLive is active on a different AttributeName/);
  assert.deepEqual(await describe(TableName), { TimeToLiveStatus: 'ENABLED', AttributeName: 'ttl' });
  await rejects(update(TableName, true, 'ttl'), 'ValidationException', 'TimeToLive is already enabled');

  // A missing table.
  const missing = 'cf-ttl-no-such-table';
  const notFound = differsOn('dynamodb-local', 'DynamoDB Local says "Cannot do operations on a non-existent table"', t);
  expectError(await spec(missing, { Enabled: true, AttributeName: 'ttl' }), 'ResourceNotFoundException',
    `Requested resource not found: Table: ${missing} not found`, notFound);
  expectError(await rawCall('DescribeTimeToLive', { TableName: missing }), 'ResourceNotFoundException',
    `Requested resource not found: Table: ${missing} not found`, notFound);
  await rejects(client.send(new DescribeTimeToLiveCommand({ TableName: missing })), 'ResourceNotFoundException');
  // TableName is required, in DescribeTable's words (2026).
  const nullName = differsOn('dynamodb-local', 'DynamoDB Local says "Value null at \'tableName\' failed to satisfy constraint: Member must not be null"', t);
  expectError(await rawCall('DescribeTimeToLive', {}), 'ValidationException',
    "The parameter 'TableName' is required but was not present in the request", nullName);
  if (nullName) {
    expectError(await rawCall('DescribeTimeToLive', {}), 'ValidationException',
      "Value null at 'tableName' failed to satisfy constraint: Member must not be null");
  }
});

// ---------------------------------------------------------------------------------------------
// Expiry (Minnow's /_minnow controls)

after(async () => { if (!NO_ADMIN) await admin('POST', 'clock', { reset: true }); });

// The sweep deletes exactly the items whose TTL number is in the past (but not more than five
// years back); strings, future times and items without the attribute stay. Expired items
// are still read until swept. Advancing the clock expires the future item.
test('TTL sweep deletes expired items only; the clock makes future items expire', { skip: NO_ADMIN }, async () => {
  const TableName = name('expiry');
  await createTable(client, keyedTable(TableName));
  await update(TableName, true, 'exp');
  const now = await nowSeconds();
  const items = {
    past: { N: String(now - 3600) },
    future: { N: String(now + 3600) },
    string: { S: String(now - 3600) },
    ancient: { N: String(now - 6 * 366 * 86400) },
  };
  for (const [pk, exp] of Object.entries(items)) {
    await client.send(new PutItemCommand({ TableName, Item: { pk: { S: pk }, exp } }));
  }
  await client.send(new PutItemCommand({ TableName, Item: { pk: { S: 'none' }, other: { N: String(now - 3600) } } }));
  const get = async (pk) => (await client.send(new GetItemCommand({ TableName, Key: { pk: { S: pk } }, ConsistentRead: true }))).Item;

  // Expired but not yet swept: still there.
  assert.deepEqual(await get('past'), { pk: { S: 'past' }, exp: items.past });

  const first = await sweep();
  assert.equal(typeof first.deleted, 'number');
  assert.ok(first.deleted >= 1, `deleted ${first.deleted}`);
  assert.equal(await get('past'), undefined);
  for (const pk of ['future', 'string', 'ancient', 'none']) assert.ok(await get(pk), `${pk} was deleted`);

  // Two hours later the future item has expired too.
  const clock = await admin('POST', 'clock', { advanceSeconds: 7200 });
  assert.ok(clock.epochMillis >= (now + 7200) * 1000, JSON.stringify(clock));
  assert.ok(await get('future'), 'expired, not yet swept');
  await sweep();
  assert.equal(await get('future'), undefined);
  for (const pk of ['string', 'ancient', 'none']) assert.ok(await get(pk), `${pk} was deleted`);
  await admin('POST', 'clock', { reset: true });
});

// A table without TTL (or with TTL disabled) keeps its items whatever their attributes say.
test('TTL sweep ignores tables where TTL is disabled', { skip: NO_ADMIN }, async () => {
  const TableName = name('disabled');
  await createTable(client, keyedTable(TableName));
  await update(TableName, true, 'exp');
  await update(TableName, false, 'exp');
  const now = await nowSeconds();
  await client.send(new PutItemCommand({ TableName, Item: { pk: { S: 'p' }, exp: { N: String(now - 3600) } } }));
  await sweep();
  assert.ok((await client.send(new GetItemCommand({ TableName, Key: { pk: { S: 'p' } } }))).Item);
});

// A TTL deletion is a REMOVE stream record by the DynamoDB service: userIdentity
// {Type: Service, PrincipalId: dynamodb.amazonaws.com}, with the old image; a user's
// DeleteItem has no userIdentity.
test('TTL deletions write REMOVE stream records with the service userIdentity', { skip: NO_ADMIN }, async () => {
  const TableName = name('stream');
  await createTable(client, keyedTable(TableName, ['pk', 'S'], null, {
    StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
  }));
  await update(TableName, true, 'exp');
  const now = await nowSeconds();
  const expired = { pk: { S: 'gone' }, exp: { N: String(now - 10) }, note: { S: 'bye' } };
  await client.send(new PutItemCommand({ TableName, Item: expired }));
  await client.send(new PutItemCommand({ TableName, Item: { pk: { S: 'user' } } }));
  await client.send(new DeleteItemCommand({ TableName, Key: { pk: { S: 'user' } } }));
  await sweep();

  const { Table } = await client.send(new DescribeTableCommand({ TableName }));
  const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: Table.LatestStreamArn }));
  const records = [];
  for (const { ShardId } of StreamDescription.Shards) {
    const { ShardIterator } = await streams.send(new GetShardIteratorCommand({ StreamArn: Table.LatestStreamArn, ShardId, ShardIteratorType: 'TRIM_HORIZON' }));
    records.push(...(await streams.send(new GetRecordsCommand({ ShardIterator }))).Records);
  }
  records.sort((a, b) => (BigInt(a.dynamodb.SequenceNumber) < BigInt(b.dynamodb.SequenceNumber) ? -1 : 1));
  assert.deepEqual(records.map((r) => [r.eventName, r.dynamodb.Keys.pk.S]),
    [['INSERT', 'gone'], ['INSERT', 'user'], ['REMOVE', 'user'], ['REMOVE', 'gone']]);
  const userDelete = records[2];
  assert.equal(userDelete.userIdentity, undefined);
  const ttlDelete = records[3];
  assert.deepEqual(ttlDelete.userIdentity, { Type: 'Service', PrincipalId: 'dynamodb.amazonaws.com' });
  assert.deepEqual(ttlDelete.dynamodb.OldImage, expired);
  assert.equal(ttlDelete.dynamodb.NewImage, undefined);
  assert.equal(ttlDelete.eventVersion, '1.1');
  assert.equal(ttlDelete.eventSource, 'aws:dynamodb');

  // The raw record spells the identity in lower camel case.
  const { ShardIterator } = await streams.send(new GetShardIteratorCommand({
    StreamArn: Table.LatestStreamArn, ShardId: StreamDescription.Shards[0].ShardId,
    ShardIteratorType: 'AT_SEQUENCE_NUMBER', SequenceNumber: ttlDelete.dynamodb.SequenceNumber,
  }));
  const raw = expectOk(await rawCall('GetRecords', { ShardIterator }, { target: 'DynamoDBStreams_20120810.GetRecords' }));
  assert.deepEqual(raw.Records[0].userIdentity, { PrincipalId: 'dynamodb.amazonaws.com', Type: 'Service' });
});
