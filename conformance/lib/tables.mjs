// Table set-up helpers shared by the test files.
import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand } from '@aws-sdk/client-dynamodb';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Waits (briefly) until the table is ACTIVE: emulators create tables at once, real
// DynamoDB takes a few seconds.
export async function waitActive(client, TableName, timeoutMs = 60000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName }));
    if (Table.TableStatus === 'ACTIVE') return Table;
    if (Date.now() > end) throw new Error(`table ${TableName} still ${Table.TableStatus}`);
    await sleep(200);
  }
}

// Key schema shorthands: hashKey('pk', 'S'), and optionally rangeKey ('sk', 'N').
export function keyedTable(TableName, hash = ['pk', 'S'], range = null, extra = {}) {
  const KeySchema = [{ AttributeName: hash[0], KeyType: 'HASH' }];
  const AttributeDefinitions = [{ AttributeName: hash[0], AttributeType: hash[1] }];
  if (range) {
    KeySchema.push({ AttributeName: range[0], KeyType: 'RANGE' });
    AttributeDefinitions.push({ AttributeName: range[0], AttributeType: range[1] });
  }
  return { TableName, KeySchema, AttributeDefinitions, BillingMode: 'PAY_PER_REQUEST', ...extra };
}

export async function createTable(client, params) {
  const out = await client.send(new CreateTableCommand(params));
  await waitActive(client, params.TableName);
  return out;
}

// Best-effort clean-up (after hooks): a table that is already gone is fine.
export async function dropTables(client, names) {
  for (const TableName of names) {
    try {
      await client.send(new DeleteTableCommand({ TableName }));
    } catch (e) {
      if (e.name !== 'ResourceNotFoundException' && e.name !== 'ResourceInUseException') throw e;
    }
  }
}
