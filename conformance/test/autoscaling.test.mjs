// Auto scaling across replicas: DescribeTableReplicaAutoScaling, UpdateTableReplicaAutoScaling.
//
// References: neither DynamoDB Local nor dynalite has them, so the tests follow AWS's API
// reference (../shared/reference/aws-api/): TableAutoScalingDescription with one replica per
// region (a table without global-table replicas is its own, in its region), the table's and
// GSIs' read and write settings, target tracking policies. Stored and described; nothing scales.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { DescribeTableReplicaAutoScalingCommand, UpdateTableReplicaAutoScalingCommand } from '@aws-sdk/client-dynamodb';
import { makeClient } from '../lib/client.mjs';
import { region } from '../lib/env.mjs';
import { rawCall, expectError } from '../lib/http.mjs';
import { differsOn } from '../lib/reference.mjs';
import { tableNamer } from '../lib/names.mjs';
import { keyedTable, createTable, dropTables } from '../lib/tables.mjs';

const client = makeClient();
const newName = tableNamer('autoscaling');
const created = [];
const name = (label) => { const n = newName(label); created.push(n); return n; };
after(() => dropTables(client, created));

const skip = differsOn(['dynamodb-local', 'dynalite'], 'no replica auto scaling (AWS documents it)');
const provisioned = (TableName) => ({
  ...keyedTable(TableName), BillingMode: 'PROVISIONED', ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 5 },
  AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'g', AttributeType: 'S' }],
  GlobalSecondaryIndexes: [{ IndexName: 'by-g', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' },
    ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 5 } }],
});

test('UpdateTableReplicaAutoScaling stores what DescribeTableReplicaAutoScaling describes', { skip }, async () => {
  const TableName = name('settings');
  await createTable(client, provisioned(TableName));
  const initial = (await client.send(new DescribeTableReplicaAutoScalingCommand({ TableName }))).TableAutoScalingDescription;
  assert.equal(initial.TableName, TableName);
  assert.equal(initial.TableStatus, 'ACTIVE');
  assert.deepEqual(initial.Replicas, [{ RegionName: region, ReplicaStatus: 'ACTIVE',
    GlobalSecondaryIndexes: [{ IndexName: 'by-g', IndexStatus: 'ACTIVE' }] }]);

  const policy = (TargetValue) => ({ TargetTrackingScalingPolicyConfiguration: { TargetValue, ScaleInCooldown: 60, ScaleOutCooldown: 30 } });
  const out = await client.send(new UpdateTableReplicaAutoScalingCommand({ TableName,
    ProvisionedWriteCapacityAutoScalingUpdate: { MinimumUnits: 5, MaximumUnits: 50, ScalingPolicyUpdate: policy(70) },
    GlobalSecondaryIndexUpdates: [{ IndexName: 'by-g', ProvisionedWriteCapacityAutoScalingUpdate: { MinimumUnits: 2, MaximumUnits: 20 } }],
    ReplicaUpdates: [{ RegionName: region,
      ReplicaProvisionedReadCapacityAutoScalingUpdate: { MinimumUnits: 1, MaximumUnits: 10, ScalingPolicyUpdate: policy(50) },
      ReplicaGlobalSecondaryIndexUpdates: [{ IndexName: 'by-g', ProvisionedReadCapacityAutoScalingUpdate: { AutoScalingDisabled: true } }] }] }));
  const [replica] = out.TableAutoScalingDescription.Replicas;
  assert.deepEqual(replica.ReplicaProvisionedWriteCapacityAutoScalingSettings, { MinimumUnits: 5, MaximumUnits: 50, ScalingPolicies: [
    { PolicyName: `DynamoDBWriteCapacityUtilization:table/${TableName}`,
      TargetTrackingScalingPolicyConfiguration: { TargetValue: 70, ScaleInCooldown: 60, ScaleOutCooldown: 30 } }] });
  assert.equal(replica.ReplicaProvisionedReadCapacityAutoScalingSettings.ScalingPolicies[0].TargetTrackingScalingPolicyConfiguration.TargetValue, 50);
  assert.deepEqual(replica.GlobalSecondaryIndexes, [{ IndexName: 'by-g', IndexStatus: 'ACTIVE',
    ProvisionedReadCapacityAutoScalingSettings: { AutoScalingDisabled: true, ScalingPolicies: [] },
    ProvisionedWriteCapacityAutoScalingSettings: { MinimumUnits: 2, MaximumUnits: 20, ScalingPolicies: [] } }]);
  assert.deepEqual((await client.send(new DescribeTableReplicaAutoScalingCommand({ TableName }))).TableAutoScalingDescription,
    out.TableAutoScalingDescription);

  // A policy of the same name is replaced; the other members stay.
  const again = await client.send(new UpdateTableReplicaAutoScalingCommand({ TableName,
    ProvisionedWriteCapacityAutoScalingUpdate: { ScalingPolicyUpdate: policy(40) } }));
  const write = again.TableAutoScalingDescription.Replicas[0].ReplicaProvisionedWriteCapacityAutoScalingSettings;
  assert.equal(write.MaximumUnits, 50);
  assert.deepEqual(write.ScalingPolicies.map((p) => p.TargetTrackingScalingPolicyConfiguration.TargetValue), [40]);
});

test('replica auto scaling errors', { skip }, async () => {
  const missing = newName('missing');
  expectError(await rawCall('DescribeTableReplicaAutoScaling', { TableName: missing }), 'ResourceNotFoundException', new RegExp(missing));
  const TableName = name('errors');
  await createTable(client, provisioned(TableName));
  expectError(await rawCall('UpdateTableReplicaAutoScaling', { TableName,
    GlobalSecondaryIndexUpdates: [{ IndexName: 'no-such-index', ProvisionedWriteCapacityAutoScalingUpdate: { MinimumUnits: 1 } }] }),
  'ResourceNotFoundException', /no-such-index/);
  expectError(await rawCall('UpdateTableReplicaAutoScaling', { TableName,
    ProvisionedWriteCapacityAutoScalingUpdate: { MinimumUnits: 10, MaximumUnits: 5 } }), 'ValidationException');
  expectError(await rawCall('UpdateTableReplicaAutoScaling', { TableName,
    ReplicaUpdates: [{ RegionName: 'ap-nowhere-1', ReplicaProvisionedReadCapacityAutoScalingUpdate: { MinimumUnits: 1 } }] }),
  'ValidationException', /ap-nowhere-1/);
  expectError(await rawCall('UpdateTableReplicaAutoScaling', { TableName,
    ProvisionedWriteCapacityAutoScalingUpdate: { MinimumUnits: 0 } }), 'ValidationException',
  /Member must have value greater than or equal to 1/);
  expectError(await rawCall('UpdateTableReplicaAutoScaling', { TableName,
    ProvisionedWriteCapacityAutoScalingUpdate: { ScalingPolicyUpdate: { TargetTrackingScalingPolicyConfiguration: {} } } }),
  'ValidationException', /Member must not be null/);
  // Nothing of a refused update is kept.
  const { Replicas } = (await client.send(new DescribeTableReplicaAutoScalingCommand({ TableName }))).TableAutoScalingDescription;
  assert.equal(Replicas[0].ReplicaProvisionedWriteCapacityAutoScalingSettings, undefined);
});
