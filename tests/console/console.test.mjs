// The web console in a real browser (Debian's Chromium, headless) against a Minnow started
// here: create a table, add, edit and delete items, query an index, watch a stream record
// arrive, advance the clock and see an expired item go. A screenshot of each page is kept in
// CONSOLE_SCREENSHOTS (default build/console-screenshots).
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startMinnow } from "./lib/minnow.mjs";
import { launchBrowser, patience, waitForText, waitForValue } from "./lib/browser.mjs";
import { client } from "./lib/dynamodb.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));

// A table keyed by one string attribute, made through `caller` (an SDK client and its credentials).
const createTable = (caller, TableName) =>
  caller.call("CreateTable", {
    TableName,
    KeySchema: [{ AttributeName: "id", KeyType: "HASH" }],
    AttributeDefinitions: [{ AttributeName: "id", AttributeType: "S" }],
    BillingMode: "PAY_PER_REQUEST",
  });
const shots = process.env.CONSOLE_SCREENSHOTS || path.resolve(here, "../../build/console-screenshots");
mkdirSync(shots, { recursive: true });

describe("console", () => {
  let minnow, browser, page, ddb, base;
  const errors = [];
  const screenshot = (name) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
  const dialog = () => page.getByRole("dialog");
  const itemButton = (key) => page.getByRole("button", { name: `Open item ${key}` });

  before(async () => {
    minnow = await startMinnow();
    ddb = client(minnow.url);
    base = `${minnow.url}/console`;
    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.setDefaultTimeout(patience);
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("dialog", (d) => d.accept());  // confirm() before deletes and the reset
  });

  after(async () => {
    await browser?.close();
    await minnow?.stop();
    assert.deepEqual(errors, [], "no uncaught errors in the page");
  });

  test("the tables page starts empty", async () => {
    await page.goto(`${base}#/tables`);
    await waitForText(page.locator("main"), /No tables yet/);
    assert.equal(await page.title(), "Minnow console");
  });

  test("a table is created from the form, which shows the CreateTable JSON", async () => {
    await page.getByRole("link", { name: "Create table" }).click();
    await page.getByLabel("Table name").fill("Music");
    const key = page.getByRole("group", { name: "Primary key" });
    await key.getByLabel("Partition key name").fill("Artist");
    await key.getByLabel("Sort key name").fill("Song");
    await page.getByLabel("Stream").selectOption("NEW_AND_OLD_IMAGES");
    await page.getByRole("button", { name: "Add global index" }).click();
    const gsi = page.getByRole("group", { name: "Global secondary index" });
    await gsi.getByLabel("Index name").fill("ByYear");
    await gsi.getByLabel("Partition key name").fill("Year");
    await gsi.getByLabel("Partition key type").selectOption("N");
    await gsi.getByLabel("Sort key name").fill("Song");
    const json = JSON.parse(await page.getByLabel("CreateTable request").inputValue());
    assert.deepEqual(json.KeySchema, [
      { AttributeName: "Artist", KeyType: "HASH" },
      { AttributeName: "Song", KeyType: "RANGE" },
    ]);
    assert.deepEqual(json.AttributeDefinitions.map((d) => d.AttributeName + d.AttributeType), ["ArtistS", "SongS", "YearN"]);
    assert.equal(json.GlobalSecondaryIndexes[0].IndexName, "ByYear");
    assert.deepEqual(json.StreamSpecification, { StreamEnabled: true, StreamViewType: "NEW_AND_OLD_IMAGES" });
    await screenshot("create-table");
    await page.getByRole("button", { name: "Create table" }).click();
    await page.getByRole("heading", { name: "Music", level: 1 }).waitFor();
    assert.match(page.url(), /#\/table\/Music$/);
    const { Table } = await ddb.call("DescribeTable", { TableName: "Music" });
    assert.equal(Table.GlobalSecondaryIndexes[0].IndexName, "ByYear");
  });

  test("DynamoDB's validation error shows as it comes back", async () => {
    await page.getByRole("button", { name: "New item" }).click();
    await dialog().getByLabel("Item to put").fill('{"Artist": {"S": "Miles Davis"}}');
    await dialog().getByRole("button", { name: "Create item" }).click();
    const text = await waitForText(dialog().getByRole("alert"), /ValidationException/);
    assert.match(text, /Missing the key Song in the item/);
    await screenshot("item-error");
    await dialog().getByRole("button", { name: "Close" }).click();
  });

  test("items are added as DynamoDB JSON and as plain JSON, with exact numbers", async () => {
    await page.getByRole("button", { name: "New item" }).click();
    await dialog().getByLabel("Item to put").fill('{"Artist": {"S": "Miles Davis"}, "Song": {"S": "So What"}, "Year": {"N": "1959"}}');
    await dialog().getByRole("button", { name: "Create item" }).click();
    await itemButton("Artist=Miles Davis, Song=So What").waitFor();

    await page.getByRole("button", { name: "New item" }).click();
    await dialog().getByLabel("Plain JSON").check();
    await dialog()
      .getByLabel("Item to put")
      .fill('{"Artist": "Miles Davis", "Song": "Blue in Green", "Year": 1959, "Plays": 12345678901234567890123456789012345678, "Tags": ["modal", true, null]}');
    await dialog().getByRole("button", { name: "Create item" }).click();
    await itemButton("Artist=Miles Davis, Song=Blue in Green").waitFor();
    const { Item } = await ddb.call("GetItem", { TableName: "Music", Key: { Artist: { S: "Miles Davis" }, Song: { S: "Blue in Green" } } });
    assert.deepEqual(Item.Plays, { N: "12345678901234567890123456789012345678" });
    assert.deepEqual(Item.Tags, { L: [{ S: "modal" }, { BOOL: true }, { NULL: true }] });
    await screenshot("items");
  });

  test("an item is edited as plain JSON and opened from the keyboard", async () => {
    await itemButton("Artist=Miles Davis, Song=So What").focus();
    await page.keyboard.press("Enter");
    const editor = dialog().getByLabel(/Item \(saved with PutItem/);
    await waitForValue(editor, /"N": "1959"/);
    await dialog().getByLabel("Plain JSON").check();
    const plain = await editor.inputValue();
    assert.match(plain, /"Year": 1959/);
    await editor.fill(plain.replace("1959", "1960").replace("}", ', "Label": "Columbia"}'));
    await screenshot("item-edit");
    await dialog().getByRole("button", { name: "Save item" }).click();
    await dialog().waitFor({ state: "detached" });
    const { Item } = await ddb.call("GetItem", { TableName: "Music", Key: { Artist: { S: "Miles Davis" }, Song: { S: "So What" } } });
    assert.deepEqual(Item.Year, { N: "1960" });
    assert.deepEqual(Item.Label, { S: "Columbia" });
    await waitForText(page.getByRole("table", { name: "Items" }), /Columbia/);

    // Escape closes the dialog without saving.
    await itemButton("Artist=Miles Davis, Song=So What").focus();
    await page.keyboard.press("Enter");
    await dialog().waitFor();
    await page.keyboard.press("Escape");
    await dialog().waitFor({ state: "detached" });
  });

  test("an item is deleted", async () => {
    await itemButton("Artist=Miles Davis, Song=Blue in Green").click();
    await dialog().getByRole("button", { name: "Delete item" }).click();
    await dialog().waitFor({ state: "detached" });
    await itemButton("Artist=Miles Davis, Song=Blue in Green").waitFor({ state: "detached" });
    const { Item } = await ddb.call("GetItem", { TableName: "Music", Key: { Artist: { S: "Miles Davis" }, Song: { S: "Blue in Green" } } });
    assert.equal(Item, undefined);
  });

  test("an index is queried with the key-condition builder, request and response beside the results", async () => {
    for (const [song, year] of [["Freddie Freeloader", 1959], ["Blue in Green", 1959], ["All Blues", 1959], ["Flamenco Sketches", 1959]])
      await ddb.call("PutItem", { TableName: "Music", Item: { Artist: { S: "Miles Davis" }, Song: { S: song }, Year: { N: String(year) } } });
    await page.getByRole("link", { name: "Query" }).click();
    await page.getByLabel("Table or index").selectOption({ label: "ByYear (global index)" });
    await page.getByLabel("Partition key: Year (N)").fill("1959");
    await page.getByLabel(/^Sort key condition/).selectOption("begins_with");
    await page.getByLabel("Value", { exact: true }).fill("F");
    const request = JSON.parse(await page.getByLabel("Query request").inputValue());
    assert.equal(request.IndexName, "ByYear");
    assert.equal(request.KeyConditionExpression, "#pk = :pk AND begins_with(#sk, :sk)");
    assert.deepEqual(request.ExpressionAttributeValues, { ":pk": { N: "1959" }, ":sk": { S: "F" } });
    await page.getByRole("button", { name: "Run query" }).click();
    const results = page.getByRole("table", { name: "Query results" });
    await waitForText(results, /Flamenco Sketches/);
    const text = await results.textContent();
    assert.match(text, /Freddie Freeloader/);
    assert.doesNotMatch(text, /All Blues|So What/);
    assert.match(await page.getByLabel("Query response").textContent(), /"Count": 2/);
    await screenshot("query");
  });

  test("a stream record appears in the live tail", async () => {
    await page.getByRole("link", { name: "Stream" }).click();
    const records = page.getByRole("table", { name: "Stream records" });
    await waitForText(records, /REMOVE/);  // the deleted item, among the earlier records
    await ddb.call("PutItem", { TableName: "Music", Item: { Artist: { S: "John Coltrane" }, Song: { S: "Giant Steps" } } });
    await waitForText(records.locator("tbody tr").first(), /INSERT.*Giant Steps/);
    await screenshot("stream");
  });

  test("a fault rule fails the next write with DynamoDB's error, and is listed until used", async () => {
    await page.getByRole("link", { name: "Test controls" }).click();
    const faults = page.getByRole("region", { name: "Fault rules" });
    await faults.getByLabel("Error").selectOption("TransactionConflict");
    await faults.getByLabel("Table").fill("Music");
    await faults.getByLabel("Count").fill("1");
    await faults.getByRole("button", { name: "Add fault rule" }).click();
    await waitForText(faults, /Fault rule \d+ added/);
    const rules = faults.getByRole("table", { name: "Fault rules" });
    assert.match(await waitForText(rules, /TransactionConflict/), /Music/);
    const { faults: listed } = await ddb.admin("GET", "faults");
    assert.deepEqual(listed.map((f) => [f.error, f.table, f.namespace, f.count]), [["TransactionConflict", "Music", "local/us-east-1", 1]]);
    await screenshot("controls-faults");
    await page.goto(`${base}#/table/Music/items`);
    await itemButton("Artist=John Coltrane, Song=Giant Steps").click();
    await dialog().getByRole("button", { name: "Save item" }).click();
    await waitForText(dialog().getByRole("alert"), /TransactionConflictException/);
    await dialog().getByRole("button", { name: "Close" }).click();
    assert.deepEqual((await ddb.admin("GET", "faults")).faults, []);
  });

  test("the clock moves ahead and an expired item goes", async () => {
    await page.getByRole("link", { name: "Settings" }).click();
    const ttl = page.getByRole("region", { name: "Time to live" });
    await ttl.getByLabel("Enabled").check();
    await ttl.getByLabel("Attribute (epoch seconds)").fill("expires");
    await ttl.getByRole("button", { name: "Send UpdateTimeToLive" }).click();
    await waitForText(page.locator("#tab-content"), /UpdateTimeToLive done/);
    // The tab is drawn again from DescribeTimeToLive.
    await page.getByRole("region", { name: "Time to live" }).locator("input[type=checkbox]:checked").waitFor();
    await screenshot("settings");
    const { epochMillis } = await ddb.admin("GET", "clock");
    const expires = String(Math.floor(epochMillis / 1000) + 600);
    await ddb.call("PutItem", { TableName: "Music", Item: { Artist: { S: "Nobody" }, Song: { S: "Ephemeral" }, expires: { N: expires } } });

    await page.getByRole("link", { name: "Test controls" }).click();
    const clock = page.getByRole("region", { name: "Clock" });
    await waitForText(clock, /the system clock/);
    await clock.getByRole("button", { name: "+1 hour" }).click();
    await waitForText(clock, /ahead of the system clock/);
    const ttlPanel = page.getByRole("region", { name: "Time to live" });
    await ttlPanel.getByRole("button", { name: "Sweep expired items now" }).click();
    await waitForText(ttlPanel, /1 expired item deleted/);
    await screenshot("controls");
    await page.goto(`${base}#/table/Music/items`);
    await itemButton("Artist=John Coltrane, Song=Giant Steps").waitFor();
    assert.equal(await itemButton("Artist=Nobody, Song=Ephemeral").count(), 0);
  });

  test("the request log is tailed live: operation, table, status, duration, error, by namespace", async () => {
    const polls = [];
    const listener = (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/_minnow/requests") polls.push(url.searchParams);
    };
    page.on("request", listener);
    await page.getByRole("link", { name: "Requests" }).click();
    await page.getByRole("heading", { name: "Requests", level: 1 }).waitFor();
    const log = page.getByRole("table", { name: "Requests" });
    // The calls so far are there, the console's own included.
    await waitForText(log, /UpdateTimeToLive/);
    // Another namespace's call first, then two of this one's: once they are shown, the other
    // would have been too, had the filter let it through.
    const other = client(minnow.url, { accessKeyId: "worker3", secretAccessKey: "x", region: "eu-west-1" });
    await other.call("ListTables", {});
    await ddb.call("PutItem", { TableName: "Music", Item: { Artist: { S: "Bill Evans" }, Song: { S: "Peace Piece" } } });
    await assert.rejects(ddb.call("GetItem", { TableName: "Nowhere", Key: { id: { S: "x" } } }), /ResourceNotFoundException/);
    const newest = log.locator("tbody tr").first();
    const failed = await waitForText(newest, /GetItem/);
    assert.match(failed, /Nowhere.*400.*\d ms.*ResourceNotFoundException/);
    assert.equal(await newest.getAttribute("class"), "err");
    assert.match(await log.locator("tbody tr").nth(1).textContent(), /PutItem.*Music.*200/);
    assert.doesNotMatch(await log.textContent(), /worker3/);
    assert.equal(await log.getByRole("link", { name: "Music" }).first().getAttribute("href"), "#/table/Music");
    await screenshot("requests");

    // Every namespace: the other one's call shows, with its namespace.
    await page.getByLabel("Namespace").selectOption({ label: "every namespace" });
    await waitForText(log, /ListTables.*worker3\/eu-west-1/);
    // Errors only.
    await page.getByLabel("errors only").check();
    await waitForText(log, /ResourceNotFoundException/);
    const classes = await log.locator("tbody tr").evaluateAll((rows) => rows.map((r) => r.className));
    assert.ok(classes.length > 0 && classes.every((c) => c === "err"), classes.join());
    page.off("request", listener);
    // Each poll asks only for what came after the last answer.
    assert.ok(polls.length >= 3, `${polls.length} polls`);
    assert.ok(polls.some((q) => Number(q.get("after")) > 0), "polls continue with after=");
    assert.ok(polls.some((q) => q.get("namespace") === "local/us-east-1") && polls.some((q) => !q.has("namespace")));
  });

  test("the capacity page meters a table and shows its buckets, hot keys and throttles", async () => {
    await ddb.call("CreateTable", {
      TableName: "Metered",
      KeySchema: [{ AttributeName: "id", KeyType: "HASH" }],
      AttributeDefinitions: [{ AttributeName: "id", AttributeType: "S" }],
      ProvisionedThroughput: { ReadCapacityUnits: 1, WriteCapacityUnits: 1 },
    });
    // The clock stands still: the one write unit is not paid back while the test runs.
    await ddb.admin("POST", "clock", { freeze: true });
    try {
      await page.getByRole("link", { name: "Capacity" }).click();
      await page.getByRole("heading", { name: "Capacity", level: 1 }).waitFor();
      await waitForText(page.locator("main"), /No table has been metered yet/);
      await page.getByLabel("Table", { exact: true }).selectOption("Metered");
      await page.getByRole("button", { name: "Meter this table" }).click();
      await waitForText(page.locator("main"), /Metered is metered/);
      await ddb.call("PutItem", { TableName: "Metered", Item: { id: { S: "a" } } });
      await assert.rejects(ddb.call("PutItem", { TableName: "Metered", Item: { id: { S: "b" } } }),
        /ProvisionedThroughputExceededException/);
      const throttles = page.getByRole("table", { name: "Throttles of Metered" });
      assert.match(await waitForText(throttles, /PutItem/), /PutItem.*TableWriteProvisionedThroughputExceeded/);
      const buckets = page.getByRole("table", { name: "Buckets of Metered" });
      assert.match(await buckets.getByRole("row", { name: /write/ }).textContent(), /\(table\)\s*write\s*1\s*0\s*1\s*1/);
      assert.match(await page.getByRole("table", { name: "Hot keys of Metered" }).textContent(), /\{"S":\s*"a"\}/);
      await waitForText(page.getByRole("region", { name: "Metered" }), /1 partition, as its throughput and size call for/);
      await screenshot("capacity");
      await page.getByRole("button", { name: "Stop metering" }).click();
      await waitForText(page.locator("main"), /Metered is metered as the server says/);
    } finally {
      await ddb.admin("POST", "clock", { freeze: false });
      await ddb.call("DeleteTable", { TableName: "Metered" });
    }
  });

  test("a table is updated (capacity mode) and deleted from its Settings tab", async () => {
    await createTable(ddb, "Scratch");
    await page.goto(`${base}#/table/Scratch/settings`);
    const capacity = page.getByRole("region", { name: "Capacity" });
    await capacity.getByLabel("Capacity mode").selectOption("PROVISIONED");
    await capacity.getByLabel("Read capacity units").fill("7");
    await capacity.getByLabel("Write capacity units").fill("3");
    const request = JSON.parse(await capacity.getByLabel("UpdateTable request").inputValue());
    assert.deepEqual(request, { TableName: "Scratch", BillingMode: "PROVISIONED", ProvisionedThroughput: { ReadCapacityUnits: 7, WriteCapacityUnits: 3 } });
    await capacity.getByRole("button", { name: "Send UpdateTable" }).click();
    await waitForText(page.locator("#tab-content"), /UpdateTable done/);
    const { Table } = await ddb.call("DescribeTable", { TableName: "Scratch" });
    assert.equal(Table.BillingModeSummary.BillingMode, "PROVISIONED");
    assert.deepEqual([Table.ProvisionedThroughput.ReadCapacityUnits, Table.ProvisionedThroughput.WriteCapacityUnits], [7, 3]);
    await page.getByRole("region", { name: "Delete table" }).getByRole("button", { name: "Delete Scratch" }).click();
    await page.getByRole("heading", { name: "Tables", level: 1 }).waitFor();
    assert.deepEqual((await ddb.call("ListTables", {})).TableNames, ["Music"]);
  });

  test("the tables page lists keys, counts, indexes, TTL and stream", async () => {
    await page.goto(`${base}#/tables`);
    const row = page.getByRole("table", { name: "Tables" }).getByRole("row", { name: /Music/ });
    const text = await waitForText(row, /expires/);
    assert.match(text, /Artist \(S\)/);
    assert.match(text, /ByYear/);
    assert.match(text, /NEW_AND_OLD_IMAGES/);
    await screenshot("tables");
  });

  test("a large table is read a page at a time, never whole", async () => {
    const items = Array.from({ length: 600 }, (_, i) => ({ PutRequest: { Item: { Artist: { S: "Bulk" }, Song: { S: `song ${String(i).padStart(4, "0")}` } } } }));
    for (let i = 0; i < items.length; i += 25) await ddb.call("BatchWriteItem", { RequestItems: { Music: items.slice(i, i + 25) } });
    const scans = [];
    const listener = (request) => {
      if (request.headers()["x-amz-target"] === "DynamoDB_20120810.Scan") scans.push(JSON.parse(request.postData()));
    };
    page.on("request", listener);
    await page.goto(`${base}#/table/Music/items`);
    const rows = page.getByRole("table", { name: "Items" }).locator("tbody tr");
    await waitForText(page.locator("main"), /Page 1 · 50 items/);
    assert.equal(await rows.count(), 50);
    await page.getByRole("button", { name: "Next page" }).click();
    await waitForText(page.locator("main"), /Page 2 · 50 items/);
    await page.getByRole("button", { name: "Previous page" }).click();
    await waitForText(page.locator("main"), /Page 1 · 50 items/);
    page.off("request", listener);
    assert.deepEqual(scans.map((s) => s.Limit), [50, 50, 50]);
    assert.ok(scans[1].ExclusiveStartKey && !scans[2].ExclusiveStartKey);
  });

  test("every form control has a label", async () => {
    for (const hash of ["#/tables", "#/tables/new", "#/table/Music/items", "#/table/Music/query", "#/table/Music/settings", "#/requests", "#/controls"]) {
      await page.goto(`${base}${hash}`);
      await page.locator("h1").waitFor();
      await page.waitForLoadState("networkidle");
      const unlabelled = await page.evaluate(() =>
        [...document.querySelectorAll("input, select, textarea, button")]
          .filter((el) => !(el.labels && el.labels.length) && !el.getAttribute("aria-label") && !(el.tagName === "BUTTON" && el.textContent.trim()))
          .map((el) => el.outerHTML.slice(0, 80)),
      );
      assert.deepEqual(unlabelled, [], hash);
    }
  });

  test("works in a narrow window", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [name, hash] of [["narrow-tables", "#/tables"], ["narrow-items", "#/table/Music/items"], ["narrow-requests", "#/requests"]]) {
      await page.goto(`${base}${hash}`);
      await page.locator("h1").waitFor();
      await page.waitForLoadState("networkidle");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `${hash} is ${overflow}px wider than the window`);
      await screenshot(name);
    }
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  test("each access key and region has its tables: the namespace picker switches between them", async () => {
    const other = client(minnow.url, { accessKeyId: "worker2", secretAccessKey: "x", region: "eu-west-1" });
    await createTable(other, "Other");
    await page.goto(`${base}#/tables`);
    const tables = page.getByRole("table", { name: "Tables" });
    await waitForText(tables, /Music/);
    assert.doesNotMatch(await tables.textContent(), /Other/);
    await page.getByRole("button", { name: /local · us-east-1/ }).click();
    await dialog().getByRole("button", { name: "worker2/eu-west-1" }).click();
    assert.equal(await dialog().getByLabel("Access key ID").inputValue(), "worker2");
    assert.equal(await dialog().getByLabel("Region").inputValue(), "eu-west-1");
    await screenshot("namespaces");
    await dialog().getByRole("button", { name: "Save" }).click();
    await waitForText(page.getByRole("table", { name: "Tables" }), /Other/);
    assert.doesNotMatch(await page.getByRole("table", { name: "Tables" }).textContent(), /Music/);

    // Reset this namespace only: worker2's table goes, local's stays.
    await page.getByRole("link", { name: "Test controls" }).click();
    await page.getByRole("region", { name: "Reset" }).getByRole("button", { name: "Reset" }).click();
    await waitForText(page.getByRole("region", { name: "Reset" }), /The namespace is reset/);
    assert.deepEqual((await other.call("ListTables", {})).TableNames, []);
    assert.deepEqual((await ddb.call("ListTables", {})).TableNames, ["Music"]);

    await page.getByRole("button", { name: /worker2 · eu-west-1/ }).click();
    await dialog().getByLabel("Access key ID").fill("local");
    await dialog().getByLabel("Region").fill("us-east-1");
    await dialog().getByRole("button", { name: "Save" }).click();
  });

  test("reset of every namespace deletes every table", async () => {
    await page.goto(`${base}#/controls`);
    await page.getByLabel("every namespace").check();
    await page.getByRole("region", { name: "Reset" }).getByRole("button", { name: "Reset" }).click();
    await waitForText(page.getByRole("region", { name: "Reset" }), /Minnow is reset/);
    const { TableNames } = await ddb.call("ListTables", {});
    assert.deepEqual(TableNames, []);
  });

  test("with no credentials saved, it opens on the namespace of the last requests, and says so", async () => {
    await page.evaluate(() => localStorage.clear());
    await page.goto("about:blank");  // no request of the console's own comes between
    const sdk = client(minnow.url, { accessKeyId: "sdk-user", secretAccessKey: "x", region: "ap-south-1" });
    await createTable(sdk, "FromSdk");
    await page.goto(`${base}#/tables`);
    await waitForText(page.getByRole("table", { name: "Tables" }), /FromSdk/);
    await waitForText(page.locator("#credentials-button"), /sdk-user · ap-south-1 \(last requests\)/);
    await screenshot("last-requests");
  });
});
