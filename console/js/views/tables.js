// The tables of the current namespace, a page of 100 at a time, each described (keys, item
// count, size, indexes, TTL, stream).

import { admin, call, credentials } from "../client.js";
import { h, replace, statusLine } from "../dom.js";
import { openCredentials } from "./credentials.js";
import { keyNames, formatBytes } from "./table-info.js";

const PAGE = 100;

export function tablesView(main) {
  const status = statusLine();
  const body = h("div", {}, h("p", { class: "empty" }, "Loading…"));
  const pager = h("div", { class: "row center" });
  main.append(
    h("div", { class: "row center" }, h("h1", {}, "Tables"), h("span", { class: "spacer" }), h("a", { href: "#/tables/new", class: "button primary" }, "Create table")),
    namespaceLine(),
    status,
    body,
    pager,
  );
  const starts = [undefined];
  const load = async (pageIndex) => {
    try {
      const request = { Limit: PAGE };
      if (starts[pageIndex]) request.ExclusiveStartTableName = starts[pageIndex];
      const page = await call("ListTables", request);
      starts[pageIndex + 1] = page.LastEvaluatedTableName;
      const described = await Promise.all(page.TableNames.map(describe));
      replace(body, page.TableNames.length ? grid(described) : h("p", { class: "empty" }, "No tables yet in this namespace."));
      replace(
        pager,
        pageIndex > 0 ? h("button", { onclick: () => load(pageIndex - 1) }, "Previous tables") : null,
        page.LastEvaluatedTableName ? h("button", { onclick: () => load(pageIndex + 1) }, "More tables") : null,
      );
    } catch (e) {
      status.show(e);
      replace(body);
    }
  };
  load(0);
}

async function describe(name) {
  const [table, ttl] = await Promise.all([
    call("DescribeTable", { TableName: name }).then((r) => r.Table),
    call("DescribeTimeToLive", { TableName: name }).then(
      (r) => r.TimeToLiveDescription,
      () => null,
    ),
  ]);
  return { table, ttl };
}

function grid(rows) {
  const header = ["Table", "Status", "Partition key", "Sort key", "Items", "Size", "Indexes", "TTL", "Stream", "Capacity"];
  return h(
    "div",
    { class: "scroll" },
    h(
      "table",
      { class: "grid", "aria-label": "Tables" },
      h("thead", {}, h("tr", {}, header.map((c) => h("th", { scope: "col" }, c)))),
      h(
        "tbody",
        {},
        rows.map(({ table: t, ttl }) => {
          const [pk, sk] = keyNames(t.KeySchema, t.AttributeDefinitions);
          const gsis = (t.GlobalSecondaryIndexes || []).map((i) => i.IndexName);
          const lsis = (t.LocalSecondaryIndexes || []).map((i) => i.IndexName);
          const stream = t.StreamSpecification && t.StreamSpecification.StreamEnabled ? t.StreamSpecification.StreamViewType : "off";
          const ttlText = ttl && ttl.TimeToLiveStatus === "ENABLED" ? ttl.AttributeName : "off";
          const billing = t.BillingModeSummary && t.BillingModeSummary.BillingMode === "PAY_PER_REQUEST"
            ? "on demand"
            : `${t.ProvisionedThroughput.ReadCapacityUnits} R / ${t.ProvisionedThroughput.WriteCapacityUnits} W`;
          return h(
            "tr",
            {},
            h("td", { class: "key" }, h("a", { href: `#/table/${encodeURIComponent(t.TableName)}` }, t.TableName)),
            h("td", {}, t.TableStatus),
            h("td", { class: "mono" }, pk),
            h("td", { class: "mono" }, sk || "—"),
            h("td", { class: "num" }, String(t.ItemCount)),
            h("td", { class: "num" }, formatBytes(Number(t.TableSizeBytes))),
            h("td", {}, [...gsis.map((n) => h("span", { class: "badge", title: "global secondary index" }, n)), ...lsis.map((n) => h("span", { class: "badge", title: "local secondary index" }, n))], gsis.length + lsis.length ? null : "—"),
            h("td", { class: "mono" }, ttlText),
            h("td", {}, stream),
            h("td", {}, billing),
          );
        }),
      ),
    ),
  );
}

// Whose tables these are: the namespace of the console's access key and region.
function namespaceLine() {
  const c = credentials();
  const line = h(
    "p",
    { class: "muted" },
    "Namespace ",
    h("span", { class: "mono" }, `${c.accessKeyId}/${c.region}`),
    " (the console's access key and region) · ",
    h("button", { type: "button", class: "link", onclick: openCredentials }, "change"),
  );
  admin("GET", "namespaces").then(({ sharedDb }) => {
    if (sharedDb) replace(line, "Minnow runs with -sharedDb: one database for every access key and region.");
  }, () => {});
  return line;
}
