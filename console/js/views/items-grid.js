// A page of items as a table: key attributes first, then the others in the order they first
// appear. The first cell of each row is a button that opens the item.

import { h } from "../dom.js";
import { short } from "../ddb-json.js";

const MAX_COLUMNS = 40;

export function itemsGrid(table, items, open, label = "Items") {
  const keys = table.KeySchema.map((k) => k.AttributeName);
  const columns = [...keys];
  for (const item of items)
    for (const name of Object.keys(item)) if (!columns.includes(name) && columns.length < MAX_COLUMNS) columns.push(name);
  return h(
    "div",
    { class: "scroll" },
    h(
      "table",
      { class: "grid items", "aria-label": label },
      h("thead", {}, h("tr", {}, columns.map((c) => h("th", { scope: "col" }, c)))),
      h(
        "tbody",
        {},
        items.map((item) => {
          const name = keys.map((k) => `${k}=${item[k] === undefined ? "" : short(item[k])}`).join(", ");
          return h(
            "tr",
            {},
            columns.map((c, i) => {
              const text = item[c] === undefined ? "" : short(item[c]);
              if (i > 0 || !open) return h("td", { class: keys.includes(c) ? "key mono" : "mono", title: text }, text);
              return h("td", { class: "key mono" }, h("button", { type: "button", class: "link", onclick: () => open(item), "aria-label": `Open item ${name}` }, text));
            }),
          );
        }),
      ),
    ),
  );
}
