// Kinesis Data Streams destinations: EnableKinesisStreamingDestination,
// DisableKinesisStreamingDestination, DescribeKinesisStreamingDestination,
// UpdateKinesisStreamingDestination.
//
// References: neither DynamoDB Local nor dynalite has them, so the tests follow AWS's API
// reference (../shared/reference/aws-api/): the statuses (ENABLING then ACTIVE, UPDATING then
// ACTIVE, DISABLING then DISABLED), the timestamp precision, and the documented exceptions
// (ResourceNotFoundException, ResourceInUseException). No data flows to Kinesis.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  EnableKinesisStreamingDestinationCommand, DisableKinesisStreamingDestinationCommand,
  DescribeKinesisStreamingDestinationCommand, UpdateKinesisStreamingDestinationCommand,
} from '@aws-sdk/client-dynamodb';
import { makeClient } from '../lib/client.mjs';
import { rawCall, expectError } from '../lib/http.mjs';
import { differsOn } from '../lib/reference.mjs';
import { tableNamer } from '../lib/names.mjs';
import { keyedTable, createTable, dropTables } from '../lib/tables.mjs';

const client = makeClient();
const newName = tableNamer('kinesis');
const created = [];
const name = (label) => { const n = newName(label); created.push(n); return n; };
after(() => dropTables(client, created));

const skip = differsOn(['dynamodb-local', 'dynalite'], 'no Kinesis streaming destinations (AWS documents them)');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const streamArn = (n) => `arn:aws:kinesis:us-east-1:000000000000:stream/minnow-conformance-${n}`;

async function destinations(TableName, timeoutMs = 600000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const out = await client.send(new DescribeKinesisStreamingDestinationCommand({ TableName }));
    const list = out.KinesisDataStreamDestinations;
    if (!list.some((d) => ['ENABLING', 'UPDATING', 'DISABLING'].includes(d.DestinationStatus))) return list;
    if (Date.now() > end) throw new Error('still transient');
    await sleep(1000);
  }
}

test('Kinesis destinations: enable, update, disable', { skip }, async () => {
  const TableName = name('cycle');
  await createTable(client, keyedTable(TableName));
  assert.deepEqual(await destinations(TableName), []);

  const StreamArn = streamArn(1);
  const enabled = await client.send(new EnableKinesisStreamingDestinationCommand({ TableName, StreamArn }));
  assert.equal(enabled.TableName, TableName);
  assert.equal(enabled.StreamArn, StreamArn);
  assert.equal(enabled.DestinationStatus, 'ENABLING');
  assert.deepEqual(await destinations(TableName),
    [{ StreamArn, DestinationStatus: 'ACTIVE', ApproximateCreationDateTimePrecision: 'MILLISECOND' }]);
  expectError(await rawCall('EnableKinesisStreamingDestination', { TableName, StreamArn }), 'ResourceInUseException');

  const updated = await client.send(new UpdateKinesisStreamingDestinationCommand({ TableName, StreamArn,
    UpdateKinesisStreamingConfiguration: { ApproximateCreationDateTimePrecision: 'MICROSECOND' } }));
  assert.equal(updated.DestinationStatus, 'UPDATING');
  assert.deepEqual(updated.UpdateKinesisStreamingConfiguration, { ApproximateCreationDateTimePrecision: 'MICROSECOND' });
  assert.equal((await destinations(TableName))[0].ApproximateCreationDateTimePrecision, 'MICROSECOND');

  // A second destination, with its precision given.
  const other = streamArn(2);
  const second = await client.send(new EnableKinesisStreamingDestinationCommand({ TableName, StreamArn: other,
    EnableKinesisStreamingConfiguration: { ApproximateCreationDateTimePrecision: 'MICROSECOND' } }));
  assert.deepEqual(second.EnableKinesisStreamingConfiguration, { ApproximateCreationDateTimePrecision: 'MICROSECOND' });

  const disabled = await client.send(new DisableKinesisStreamingDestinationCommand({ TableName, StreamArn }));
  assert.equal(disabled.DestinationStatus, 'DISABLING');
  assert.deepEqual((await destinations(TableName)).map((d) => [d.StreamArn, d.DestinationStatus]),
    [[StreamArn, 'DISABLED'], [other, 'ACTIVE']]);
  expectError(await rawCall('DisableKinesisStreamingDestination', { TableName, StreamArn }), 'ResourceNotFoundException');
  expectError(await rawCall('UpdateKinesisStreamingDestination', { TableName, StreamArn,
    UpdateKinesisStreamingConfiguration: { ApproximateCreationDateTimePrecision: 'MILLISECOND' } }), 'ResourceNotFoundException');
  // A disabled destination can be enabled again.
  await client.send(new EnableKinesisStreamingDestinationCommand({ TableName, StreamArn }));
  assert.deepEqual((await destinations(TableName)).map((d) => d.DestinationStatus), ['ACTIVE', 'ACTIVE']);
});

test('Kinesis destination errors', { skip }, async () => {
  const missing = newName('missing');
  expectError(await rawCall('DescribeKinesisStreamingDestination', { TableName: missing }), 'ResourceNotFoundException', new RegExp(missing));
  expectError(await rawCall('EnableKinesisStreamingDestination', { TableName: missing, StreamArn: streamArn(3) }),
    'ResourceNotFoundException', new RegExp(missing));
  const TableName = name('errors');
  await createTable(client, keyedTable(TableName));
  expectError(await rawCall('EnableKinesisStreamingDestination', { TableName }), 'ValidationException');
  expectError(await rawCall('EnableKinesisStreamingDestination', { TableName, StreamArn: 'arn:aws:kinesis:short' }), 'ValidationException',
    /Member must have length greater than or equal to 37/);
  expectError(await rawCall('EnableKinesisStreamingDestination', { TableName, StreamArn: streamArn(4),
    EnableKinesisStreamingConfiguration: { ApproximateCreationDateTimePrecision: 'SECOND' } }), 'ValidationException',
  /Member must satisfy enum value set/);
  expectError(await rawCall('DisableKinesisStreamingDestination', { TableName, StreamArn: streamArn(5) }), 'ResourceNotFoundException');
});
