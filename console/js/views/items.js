// The Items tab: the table (or an index) a page at a time with Scan, never all of it; items
// open in the item dialog.

import { call } from "../client.js";
import { field, h, replace, select, statusLine } from "../dom.js";
import { itemsGrid } from "./items-grid.js";
import { openItemEditor } from "./item-editor.js";
import { keySets } from "./table-info.js";

export function itemsTab(el, table) {
  const status = statusLine();
  const pageSize = select(["25", "50", "100", "250"], "50");
  const index = select(keySets(table).map((k) => [k.name, k.label]), "");
  const info = h("span", { class: "muted", "aria-live": "polite" });
  const grid = h("div");
  const prev = h("button", { type: "button", disabled: true }, "Previous page");
  const next = h("button", { type: "button", disabled: true }, "Next page");
  const starts = [undefined];
  let page = 0;

  const load = async (n) => {
    status.show(null);
    const request = { TableName: table.TableName, Limit: Number(pageSize.value) };
    if (index.value) request.IndexName = index.value;
    if (starts[n]) request.ExclusiveStartKey = starts[n];
    try {
      const result = await call("Scan", request);
      page = n;
      starts[n + 1] = result.LastEvaluatedKey;
      starts.length = n + 2;
      prev.disabled = n === 0;
      next.disabled = !result.LastEvaluatedKey;
      replace(info, `Page ${n + 1} · ${result.Count} items`);
      replace(grid, result.Items.length ? itemsGrid(table, result.Items, open) : h("p", { class: "empty" }, n ? "No more items." : "No items."));
    } catch (e) {
      status.show(e);
    }
  };
  const open = (item) => openItemEditor(table, item, () => load(page));
  const restart = () => {
    starts.length = 1;
    load(0);
  };
  prev.addEventListener("click", () => load(page - 1));
  next.addEventListener("click", () => load(page + 1));
  pageSize.addEventListener("change", restart);
  index.addEventListener("change", restart);

  el.append(
    h(
      "div",
      { class: "row" },
      field("Scan", index),
      field("Page size", pageSize),
      h("button", { type: "button", onclick: () => load(page) }, "Refresh"),
      h("span", { class: "spacer" }),
      h("button", { type: "button", class: "primary", onclick: () => openItemEditor(table, null, () => load(page)) }, "New item"),
    ),
    status,
    grid,
    h("div", { class: "row center actions" }, prev, next, info),
  );
  load(0);
}
