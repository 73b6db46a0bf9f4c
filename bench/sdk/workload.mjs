// The SDK workload of bench/sdk_workload.py (issue 37, item 7) through the JavaScript SDK v3:
// the same calls, items and checks as its boto3_suite, one call at a time, with lib-dynamodb's
// DocumentClient over one keep-alive connection, default retries, credentials from the env.
//
//   node bench/sdk/workload.mjs ENDPOINT TABLE PLAN_JSON [--handshake]
//
// PLAN_JSON is sdk_workload.py's plan() (how many calls of each kind), or {"floor": N} for its
// floor: N ListTables. With --handshake it prints "ready" once the SDK is loaded and the client
// built, and starts on the next line of stdin, so that the parent times the suite alone. Prints
// {"calls": N} at the end; exits 1 on any error.
import { createRequire } from "node:module";

// The SDK is conformance/'s (its package.json pins it): no node_modules of our own.
const require = createRequire(new URL("../../conformance/package.json", import.meta.url));
const { DynamoDBClient, CreateTableCommand, DeleteTableCommand, ListTablesCommand, waitUntilTableExists } =
  require("@aws-sdk/client-dynamodb");
const { DynamoDBDocumentClient, BatchWriteCommand, GetCommand, PutCommand, QueryCommand, ScanCommand,
  UpdateCommand, TransactWriteCommand, BatchGetCommand, DeleteCommand } = require("@aws-sdk/lib-dynamodb");

const [endpoint, table, planJson, ...flags] = process.argv.slice(2);
const p = JSON.parse(planJson);
const n = p.items;
const pad = (x, w) => String(x).padStart(w, "0");

// Item i: partition prefix + i / 100 (100 items each), sort key i % 100, GSI key g (50 values).
function item(i, prefix = "p", g = undefined) {
  const m = i % 1000;
  return { pk: prefix + pad(Math.floor(i / 100), 4), sk: i % 100, g: g ?? "g" + pad(i % 50, 2),
    name: `name-${pad(m, 7)}-abcdefghij`, email: `user${pad(m, 7)}@example.com`, age: 18 + m % 70,
    score: Number(`${m % 10000}.${pad(m % 100, 2)}`), active: true,
    address: { street: `${pad(m, 7)} Long Street Name Av`, city: "Springfield", zip: pad(m, 5) },
    bio: "Lorem ipsum dolor sit amet, consectetur adip" };
}
const key = (i, prefix = "p") => ({ pk: prefix + pad(Math.floor(i / 100), 4), sk: i % 100 });

function check(ok, what) {
  if (!ok) throw new Error("check failed: " + what);
}

// Follows LastEvaluatedKey: [items, pages].
async function pages(doc, Command, input) {
  let count = 0, npages = 0, start;
  do {
    const r = await doc.send(new Command({ ...input, ExclusiveStartKey: start }));
    count += r.Count;
    npages += 1;
    start = r.LastEvaluatedKey;
  } while (start);
  return [count, npages];
}

async function waitForGo() {
  process.stdout.write("ready\n");
  await new Promise((resolve) => process.stdin.once("data", resolve));
  process.stdin.destroy();  // or the open pipe keeps node alive at the end
}

async function suite() {
  const client = new DynamoDBClient({ endpoint });
  let calls = 0;
  client.middlewareStack.add((next) => (args) => { calls += 1; return next(args); }, { step: "initialize" });
  const doc = DynamoDBDocumentClient.from(client);
  if (flags.includes("--handshake")) await waitForGo();
  if (p.floor) {  // sdk_workload.py's floor: as many calls as the suite, each a ListTables
    for (let k = 0; k < p.floor; k++) await client.send(new ListTablesCommand({}));
    client.destroy();
    process.stdout.write(JSON.stringify({ calls }) + "\n");
    return;
  }
  const t = table;
  await client.send(new CreateTableCommand({ TableName: t, BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: [["pk", "S"], ["sk", "N"], ["g", "S"]]
      .map(([a, y]) => ({ AttributeName: a, AttributeType: y })),
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }, { AttributeName: "sk", KeyType: "RANGE" }],
    GlobalSecondaryIndexes: [{ IndexName: "by_g", Projection: { ProjectionType: "ALL" },
      KeySchema: [{ AttributeName: "g", KeyType: "HASH" }, { AttributeName: "sk", KeyType: "RANGE" }] }] }));
  await waitUntilTableExists({ client, maxWaitTime: 60 }, { TableName: t });
  for (let start = 0; start < n; start += 25) {
    let req = { [t]: [] };
    for (let i = start; i < Math.min(n, start + 25); i++) req[t].push({ PutRequest: { Item: item(i) } });
    while (req && Object.keys(req).length) {
      req = (await doc.send(new BatchWriteCommand({ RequestItems: req }))).UnprocessedItems;
    }
  }
  for (let k = 0; k < p.gets; k++) {
    const i = k * 7 % n;
    const got = (await doc.send(new GetCommand({ TableName: t, Key: key(i) }))).Item;
    check(got && got.email === item(i).email, `GetItem of item ${i}`);
  }
  for (let k = 0; k < p.puts; k++) await doc.send(new PutCommand({ TableName: t, Item: item(k, "n", "gnew") }));
  const q = (part, extra = {}) => ({ TableName: t, KeyConditionExpression: "pk = :p",
    ExpressionAttributeValues: { ":p": part }, ...extra });
  let [count, npages] = await pages(doc, QueryCommand, q("p0000"));
  check(count === 100 && npages === 1, "Query of p0000");
  [count] = await pages(doc, QueryCommand, { TableName: t, IndexName: "by_g", KeyConditionExpression: "g = :g",
    ExpressionAttributeValues: { ":g": "g00" } });
  check(count === Math.ceil(n / 50), `GSI Query: ${count} items`);
  [count, npages] = await pages(doc, QueryCommand, q("p0001", { Limit: p.page }));
  check(count === 100 && npages >= 100 / p.page, `paginated Query: ${count} items, ${npages} pages`);
  [count] = await pages(doc, ScanCommand, { TableName: t });
  check(count === n + p.puts, `Scan: ${count} items`);
  let step = Math.floor(n / p.updates);
  for (let k = 0; k < p.updates; k++) {
    const r = await doc.send(new UpdateCommand({ TableName: t, Key: key(k * step),
      UpdateExpression: "SET #s = :s ADD visits :one", ExpressionAttributeNames: { "#s": "status" },
      ExpressionAttributeValues: { ":s": "seen", ":one": 1 }, ReturnValues: "UPDATED_NEW" }));
    check(r.Attributes.visits === 1, `UpdateItem of item ${k * step}`);
  }
  step = Math.floor(n / p.transacts);
  const exists = "attribute_exists(pk)";
  for (let k = 0; k < p.transacts; k++) {
    await doc.send(new TransactWriteCommand({ TransactItems: [
      { Put: { TableName: t, Item: item(k, "t") } },
      { Update: { TableName: t, Key: key(k * step + 1), UpdateExpression: "ADD visits :one",
        ConditionExpression: exists, ExpressionAttributeValues: { ":one": 1 } } },
      { ConditionCheck: { TableName: t, Key: key(k * step + 2), ConditionExpression: exists } },
      { Delete: { TableName: t, Key: key(k, "n"), ConditionExpression: exists } }] }));
  }
  for (let b = 0; b < p.batchgets; b++) {
    let req = { [t]: { Keys: Array.from({ length: 100 }, (_, j) => key((b * 100 + j) % n)) } }, got = 0;
    while (req && Object.keys(req).length) {
      const r = await doc.send(new BatchGetCommand({ RequestItems: req }));
      got += (r.Responses[t] ?? []).length;
      req = r.UnprocessedKeys;
    }
    check(got === 100, `BatchGetItem ${b}: ${got} items`);
  }
  step = Math.floor(n / p.deletes);
  for (let k = 0; k < p.deletes; k++) {
    const r = await doc.send(new DeleteCommand({ TableName: t, Key: key(k * step + 3), ReturnValues: "ALL_OLD" }));
    check(r.Attributes !== undefined, `DeleteItem of item ${k * step + 3}`);
  }
  await client.send(new DeleteTableCommand({ TableName: t }));
  client.destroy();
  process.stdout.write(JSON.stringify({ calls }) + "\n");
}

try {
  await suite();
} catch (e) {
  console.error(`workload.mjs (${table}): ${e.stack ?? e}`);
  process.exit(1);
}
