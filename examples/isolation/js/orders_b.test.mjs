// Tests that write freely: each starts from the seeded fixtures (20 orders of 5 customers), and
// none sees another's writes, whichever worker runs it.
import { test, expect } from 'vitest';
import { PutItemCommand, DeleteItemCommand, QueryCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { ddb } from './minnow-setup.mjs';

const orders = async (customer) => (await ddb.send(new QueryCommand({
  TableName: 'Orders', KeyConditionExpression: 'customer = :c', ExpressionAttributeValues: { ':c': { S: customer } },
}))).Items.map((item) => item.order.S).sort();

for (const round of [1, 2, 3]) {
  test('a new order is the only change (b, round ' + round + ')', async () => {
    expect(await orders('c1')).toEqual(['o0', 'o1', 'o2', 'o3']);
    await ddb.send(new PutItemCommand({ TableName: 'Orders',
      Item: { customer: { S: 'c1' }, order: { S: 'new-b' }, status: { S: 'open' }, total: { N: '1' } } }));
    expect(await orders('c1')).toEqual(['new-b', 'o0', 'o1', 'o2', 'o3']);
  });

  test('deleting a customer leaves the others (b, round ' + round + ')', async () => {
    for (const order of ['o0', 'o1', 'o2', 'o3'])
      await ddb.send(new DeleteItemCommand({ TableName: 'Orders', Key: { customer: { S: 'c2' }, order: { S: order } } }));
    expect((await ddb.send(new ScanCommand({ TableName: 'Orders', Select: 'COUNT' }))).Count).toBe(16);
  });
}
