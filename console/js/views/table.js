// One table: its summary and the tabs Items (Scan pages), Query, Stream and Settings.

import { call } from "../client.js";
import { h, replace, statusLine } from "../dom.js";
import { keyNames, formatBytes } from "./table-info.js";
import { itemsTab } from "./items.js";
import { queryTab } from "./query.js";
import { streamTab } from "./stream.js";
import { settingsTab } from "./settings.js";

const TABS = [
  ["items", "Items", itemsTab],
  ["query", "Query", queryTab],
  ["stream", "Stream", streamTab],
  ["settings", "Settings", settingsTab],
];

export function tableView(main, { table: name, tab }) {
  const status = statusLine();
  const summary = h("p", { class: "muted" }, "Loading…");
  const content = h("div", { id: "tab-content" });
  const base = `#/table/${encodeURIComponent(name)}`;
  main.append(
    h("p", { class: "crumbs" }, h("a", { href: "#/tables" }, "Tables"), " / ", name),
    h("h1", {}, name),
    summary,
    h(
      "nav",
      { class: "tabs", "aria-label": "Table views" },
      TABS.map(([id, label]) => h("a", { href: `${base}/${id}`, "aria-current": id === tab ? "page" : null }, label)),
    ),
    status,
    content,
  );
  let stop = null;
  let gone = false;
  call("DescribeTable", { TableName: name }).then(
    ({ Table: table }) => {
      if (gone) return;
      const [pk, sk] = keyNames(table.KeySchema, table.AttributeDefinitions);
      const indexes = (table.GlobalSecondaryIndexes || []).length + (table.LocalSecondaryIndexes || []).length;
      replace(
        summary,
        `${table.TableStatus} · key ${pk}${sk ? ` + ${sk}` : ""} · ${table.ItemCount} items · ${formatBytes(Number(table.TableSizeBytes))}` +
          ` · ${indexes} ${indexes === 1 ? "index" : "indexes"}`,
      );
      const [, , render] = TABS.find(([id]) => id === tab) || TABS[0];
      stop = render(content, table) || null;
    },
    (e) => {
      replace(summary);
      status.show(e);
    },
  );
  return () => {
    gone = true;
    if (stop) stop();
  };
}
