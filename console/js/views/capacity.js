// The Capacity page: what the capacity model metered in the console's namespace, as
// GET /_minnow/capacity reports it (docs/production-physics.md): per table, each bucket's rate,
// what it holds and consumed, how often it refused; the hottest partition key values; the latest
// refusals with their reasons. Polls every second. A table is metered by the server's
// --capacity-model, or on its own through the form here (POST /_minnow/capacity).

import { admin, call, credentials } from "../client.js";
import { field, h, replace, select, statusLine } from "../dom.js";
import { stringify } from "../json.js";

const POLL_MS = 1000;

export function capacityView(main) {
  const c = credentials();
  const namespace = `${c.accessKeyId}/${c.region}`;
  const status = statusLine();
  const summary = h("p", { class: "muted", "aria-live": "polite" }, "Reading the capacity report…");
  const tables = h("div");
  const table = select([], undefined);
  const meter = h("button", { type: "button" }, "Meter this table");
  const unmeter = h("button", { type: "button" }, "Stop metering");

  main.append(
    h("h1", {}, "Capacity"),
    h(
      "p",
      { class: "muted" },
      "Throughput as DynamoDB would enforce it: each table's and index's buckets, its hottest keys and ",
      "the requests it throttled, as ",
      h("code", {}, "GET /_minnow/capacity"),
      " reports them. Tables are metered when Minnow runs with ",
      h("code", {}, "--capacity-model"),
      ", or one by one here.",
    ),
    h("div", { class: "panel row center" }, field("Table", table), meter, unmeter),
    status,
    summary,
    tables,
  );

  let stopped = false;
  let timer = null;

  const setModel = async (on) => {
    if (!table.value) return;
    try {
      await admin("POST", `capacity?namespace=${encodeURIComponent(namespace)}`, { table: table.value, capacityModel: on });
      status.ok(on ? `${table.value} is metered.` : `${table.value} is metered as the server says.`);
      await poll();
    } catch (e) {
      status.show(e);
    }
  };
  meter.addEventListener("click", () => setModel(true));
  unmeter.addEventListener("click", () => setModel(null));

  const poll = async () => {
    clearTimeout(timer);
    try {
      const report = await admin("GET", `capacity?namespace=${encodeURIComponent(namespace)}`);
      const mine = report.namespaces[0];
      const metered = mine ? mine.tables : [];
      replace(
        summary,
        mine && mine.capacityModel ? "The capacity model is on for every table. " : "",
        metered.length === 0 ? "No table has been metered yet." : `${metered.length} ${metered.length === 1 ? "table" : "tables"} metered.`,
      );
      replace(tables, metered.map(tableSection));
    } catch (e) {
      status.show(e);
    }
    if (!stopped) timer = setTimeout(poll, POLL_MS);
  };

  call("ListTables", {}).then(({ TableNames }) => {
    replace(table, TableNames.map((name) => h("option", { value: name }, name)));
  }, (e) => status.show(e));
  poll();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

function tableSection(t) {
  const name = t.name;
  const grid = (label, headers, rows) =>
    h(
      "div",
      { class: "scroll" },
      h(
        "table",
        { class: "grid", "aria-label": label },
        h("thead", {}, h("tr", {}, headers.map((text) => h("th", { scope: "col" }, text)))),
        h("tbody", {}, rows),
      ),
    );
  return h(
    "section",
    { "aria-label": name },
    h("h2", {}, name, t.capacityModel === undefined ? "" : t.capacityModel ? " (metered on its own)" : " (not metered on its own)"),
    h("p", {}, `${t.partitions} ${Number(t.partitions) === 1 ? "partition" : "partitions"}, as its throughput and size call for`),
    grid(`Buckets of ${name}`, ["Index", "Operation", "Units a second", "Available", "Consumed", "Throttled"],
      t.buckets.map((b) =>
        h(
          "tr",
          { class: Number(b.throttled) > 0 ? "err" : undefined },
          h("td", {}, b.index || "(table)"),
          h("td", {}, b.operation),
          h("td", { class: "num" }, units(b.unitsPerSecond)),
          h("td", { class: "num" }, units(b.available)),
          h("td", { class: "num" }, units(b.consumed)),
          h("td", { class: "num" }, String(b.throttled)),
        ),
      )),
    t.hotKeys.length === 0 ? null : grid(`Hot keys of ${name}`, ["Index", "Partition key", "Operation", "Available", "Consumed", "Throttled"],
      t.hotKeys.map((k) =>
        h(
          "tr",
          { class: Number(k.throttled) > 0 ? "err" : undefined },
          h("td", {}, k.index || "(table)"),
          h("td", { class: "mono" }, stringify(k.key, 0)),
          h("td", {}, k.operation),
          h("td", { class: "num" }, units(k.available)),
          h("td", { class: "num" }, units(k.consumed)),
          h("td", { class: "num" }, String(k.throttled)),
        ),
      )),
    t.throttles.length === 0 ? null : grid(`Throttles of ${name}`, ["Time", "Operation", "Reason", "Key"],
      t.throttles.slice().reverse().map((e) =>
        h(
          "tr",
          {},
          h("td", {}, new Date(Number(e.epochMillis)).toISOString().slice(11, 23)),
          h("td", {}, e.operation),
          h("td", { title: e.resource }, e.reason),
          h("td", { class: "mono" }, e.key ? stringify(e.key, 0) : ""),
        ),
      )),
  );
}

// Units as DynamoDB counts them: halves for eventually consistent reads, else whole.
function units(value) {
  const n = Number(value);
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}
