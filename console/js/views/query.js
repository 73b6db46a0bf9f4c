// The Query tab: a key-condition builder for the table or one of its indexes, an optional
// filter, and the Query request and response JSON beside the results. The request is rebuilt
// from the form on every change and can be edited by hand before it is run.

import { call } from "../client.js";
import { parse, stringify } from "../json.js";
import { field, h, jsonOr, replace, select, statusLine } from "../dom.js";
import { itemsGrid } from "./items-grid.js";
import { openItemEditor } from "./item-editor.js";
import { keySets } from "./table-info.js";

const CONDITIONS = [
  ["", "any"],
  ["=", "="],
  ["<", "<"],
  ["<=", "<="],
  [">", ">"],
  [">=", ">="],
  ["between", "between"],
  ["begins_with", "begins with"],
];

export function queryTab(el, table) {
  const sets = keySets(table);
  const status = statusLine();
  const index = select(sets.map((k, i) => [String(i), k.label]), "0");
  const pkValue = h("input", { spellcheck: false, autocomplete: "off" });
  const pkField = field("Partition key", pkValue);
  const skOp = select(CONDITIONS, "");
  const skValue = h("input", { spellcheck: false, autocomplete: "off" });
  const skValue2 = h("input", { spellcheck: false, autocomplete: "off", "aria-label": "and" });
  const skFields = h("div", { class: "row" }, field("Sort key condition", skOp), field("Value", skValue), h("div", { class: "field", hidden: true }, h("label", { for: (skValue2.id = "sk-and") }, "and"), skValue2));
  const filter = h("input", { spellcheck: false, placeholder: "#a > :min", size: 30 });
  const filterValues = h("textarea", { spellcheck: false, rows: 3, class: "short", placeholder: '{":min": {"N": "1"}}' });
  const filterNames = h("textarea", { spellcheck: false, rows: 2, class: "short", placeholder: '{"#a": "age"}' });
  const forward = h("input", { type: "checkbox", checked: true });
  const limit = h("input", { type: "number", min: 1, value: "50", class: "narrow" });
  const requestJson = h("textarea", { class: "json", spellcheck: false, id: "query-request" });
  const responseJson = h("pre", { id: "query-response", tabindex: 0, "aria-label": "Query response" }, "—");
  const results = h("div");
  const more = h("button", { type: "button", hidden: true }, "Next page");
  let lastKey;

  const keySet = () => sets[Number(index.value)];
  const build = () => {
    const ks = keySet();
    const names = { "#pk": ks.hash.name };
    const values = { ":pk": { [ks.hash.type]: pkValue.value } };
    let condition = "#pk = :pk";
    if (ks.range && skOp.value) {
      names["#sk"] = ks.range.name;
      values[":sk"] = { [ks.range.type]: skValue.value };
      if (skOp.value === "between") {
        values[":sk2"] = { [ks.range.type]: skValue2.value };
        condition += " AND #sk BETWEEN :sk AND :sk2";
      } else if (skOp.value === "begins_with") {
        condition += " AND begins_with(#sk, :sk)";
      } else {
        condition += ` AND #sk ${skOp.value} :sk`;
      }
    }
    const request = { TableName: table.TableName };
    if (ks.name) request.IndexName = ks.name;
    request.KeyConditionExpression = condition;
    if (filter.value.trim()) request.FilterExpression = filter.value.trim();
    request.ExpressionAttributeNames = { ...names, ...parseOr(filterNames.value, {}) };
    request.ExpressionAttributeValues = { ...values, ...parseOr(filterValues.value, {}) };
    if (!forward.checked) request.ScanIndexForward = false;
    if (limit.value) request.Limit = Number(limit.value);
    return request;
  };
  const refresh = () => {
    const ks = keySet();
    pkField.querySelector("label").textContent = `Partition key: ${ks.hash.name} (${ks.hash.type})`;
    skFields.hidden = !ks.range;
    if (ks.range) skFields.querySelector("label").textContent = `Sort key condition: ${ks.range.name} (${ks.range.type})`;
    skValue2.parentElement.hidden = skOp.value !== "between";
    skValue.disabled = !skOp.value;
    try {
      requestJson.value = stringify(build());
      status.show(null);
    } catch (e) {
      status.show({ type: "Filter", message: e.message });
    }
  };
  const run = async (continuing) => {
    status.show(null);
    const request = jsonOr(status, requestJson.value);
    if (request === undefined) return;
    if (continuing && lastKey) request.ExclusiveStartKey = lastKey;
    try {
      let sent;
      const result = await call("Query", request, { record: (entry) => (sent = entry) });
      replace(responseJson, stringify(result));
      lastKey = result.LastEvaluatedKey;
      more.hidden = !lastKey;
      replace(
        results,
        h("p", { class: "muted" }, `${result.Count} items (${result.ScannedCount} scanned) in ${Math.round(sent.ms)} ms`),
        result.Items.length ? itemsGrid(table, result.Items, (item) => openItemEditor(table, item, () => run(false)), "Query results") : null,
      );
    } catch (e) {
      status.show(e);
      replace(responseJson, stringify({ __type: e.type, message: e.message }));
      replace(results);
      more.hidden = true;
    }
  };
  more.addEventListener("click", () => run(true));

  const form = h(
    "form",
    {
      class: "panel",
      novalidate: true,
      oninput: refresh,
      onchange: refresh,
      onsubmit: (e) => {
        e.preventDefault();
        run(false);
      },
    },
    h("div", { class: "row" }, field("Table or index", index), pkField),
    skFields,
    h("div", { class: "row" }, field("Filter expression", filter, "optional")),
    h("div", { class: "row" }, field("Filter values (DynamoDB JSON)", filterValues), field("Filter names", filterNames)),
    h("div", { class: "row center" }, h("label", { class: "check" }, forward, "Ascending (ScanIndexForward)"), field("Limit", limit)),
    h("div", { class: "row actions" }, h("button", { class: "primary" }, "Run query")),
  );
  el.append(
    h(
      "div",
      { class: "split" },
      form,
      h(
        "div",
        { class: "panel" },
        h("h2", {}, h("label", { for: "query-request" }, "Query request")),
        requestJson,
        h("div", { class: "row actions" }, h("button", { type: "button", onclick: () => run(false) }, "Run this request")),
      ),
    ),
    status,
    h(
      "div",
      { class: "split" },
      h("section", { "aria-label": "Results" }, h("h2", {}, "Results"), results, more),
      h("section", { "aria-label": "Response" }, h("h2", {}, "Query response"), responseJson),
    ),
  );
  refresh();
}

function parseOr(text, fallback) {
  if (!text.trim()) return fallback;
  return parse(text);
}
