// The create-table form. Every change rewrites the CreateTable request shown beside it, which
// is what "Create" sends; the JSON can also be edited by hand before sending.

import { call } from "../client.js";
import { stringify, Num } from "../json.js";
import { field, h, jsonOr, select, statusLine } from "../dom.js";

const TYPES = [
  ["S", "String (S)"],
  ["N", "Number (N)"],
  ["B", "Binary (B)"],
];
const PROJECTIONS = ["ALL", "KEYS_ONLY", "INCLUDE"];
export const STREAM_VIEWS = ["NEW_AND_OLD_IMAGES", "NEW_IMAGE", "OLD_IMAGE", "KEYS_ONLY"];

// A key attribute: name and type inputs. value() is {name, type} or null when the name is empty.
function keyInputs(label, required) {
  const name = h("input", { required, spellcheck: false, autocomplete: "off" });
  const type = select(TYPES, "S");
  return {
    el: h("div", { class: "row" }, field(`${label} name`, name), field(`${label} type`, type)),
    value: () => (name.value.trim() ? { name: name.value.trim(), type: type.value } : null),
    name,
  };
}

// One secondary index's inputs; `local` indexes share the table's partition key.
export function indexInputs(local, onchange, onremove) {
  const name = h("input", { required: true, spellcheck: false, autocomplete: "off" });
  const hash = local ? null : keyInputs("Partition key", true);
  const range = keyInputs("Sort key", local);
  const projection = select(PROJECTIONS, "ALL");
  const include = h("input", { spellcheck: false, placeholder: "attr1, attr2" });
  const el = h(
    "fieldset",
    { oninput: onchange, onchange },
    h("legend", {}, local ? "Local secondary index" : "Global secondary index"),
    h("div", { class: "row" }, field("Index name", name), field("Projection", projection), field("Included attributes", include, "for INCLUDE")),
    hash && hash.el,
    range.el,
    onremove ? h("button", { type: "button", class: "danger", onclick: () => onremove(el) }, "Remove index") : null,
  );
  const value = () => {
    const keys = [hash ? hash.value() : null, range.value()];
    const p = { ProjectionType: projection.value };
    if (projection.value === "INCLUDE")
      p.NonKeyAttributes = include.value.split(",").map((s) => s.trim()).filter(Boolean);
    return {
      keys,
      index: {
        IndexName: name.value.trim(),
        KeySchema: [
          keys[0] && { AttributeName: keys[0].name, KeyType: "HASH" },
          keys[1] && { AttributeName: keys[1].name, KeyType: "RANGE" },
        ].filter(Boolean),
        Projection: p,
      },
    };
  };
  return { el, value, local };
}

// AttributeDefinitions for a set of key attributes (each named once).
export function definitions(keys) {
  const seen = new Map();
  for (const k of keys) if (k && !seen.has(k.name)) seen.set(k.name, { AttributeName: k.name, AttributeType: k.type });
  return [...seen.values()];
}

export function createTableView(main) {
  const status = statusLine();
  const tableName = h("input", { required: true, spellcheck: false, autocomplete: "off", pattern: "[A-Za-z0-9_.\\-]{3,255}" });
  const hash = keyInputs("Partition key", true);
  const range = keyInputs("Sort key", false);
  const billing = select([["PAY_PER_REQUEST", "On demand (PAY_PER_REQUEST)"], ["PROVISIONED", "Provisioned"]], "PAY_PER_REQUEST");
  const rcu = h("input", { type: "number", min: 1, value: "5" });
  const wcu = h("input", { type: "number", min: 1, value: "5" });
  const capacity = h("div", { class: "row", hidden: true }, field("Read capacity units", rcu), field("Write capacity units", wcu));
  const stream = select([["", "Off"], ...STREAM_VIEWS], "");
  const indexes = [];
  const indexList = h("div");
  const json = h("textarea", { class: "json", spellcheck: false, "aria-describedby": "create-json-hint" });

  const build = () => {
    const gsis = indexes.filter((i) => !i.local).map((i) => i.value());
    const lsis = indexes.filter((i) => i.local).map((i) => i.value());
    const pk = hash.value();
    const sk = range.value();
    const request = {
      TableName: tableName.value.trim(),
      AttributeDefinitions: definitions([pk, sk, ...gsis.flatMap((g) => g.keys), ...lsis.flatMap((l) => l.keys)]),
      KeySchema: [pk && { AttributeName: pk.name, KeyType: "HASH" }, sk && { AttributeName: sk.name, KeyType: "RANGE" }].filter(Boolean),
      BillingMode: billing.value,
    };
    const throughput = () => ({ ReadCapacityUnits: new Num(rcu.value || "0"), WriteCapacityUnits: new Num(wcu.value || "0") });
    if (billing.value === "PROVISIONED") request.ProvisionedThroughput = throughput();
    if (gsis.length)
      request.GlobalSecondaryIndexes = gsis.map((g) => (billing.value === "PROVISIONED" ? { ...g.index, ProvisionedThroughput: throughput() } : g.index));
    if (lsis.length)
      request.LocalSecondaryIndexes = lsis.map((l) => ({ ...l.index, KeySchema: [pk && { AttributeName: pk.name, KeyType: "HASH" }, ...l.index.KeySchema].filter(Boolean) }));
    if (stream.value) request.StreamSpecification = { StreamEnabled: true, StreamViewType: stream.value };
    return request;
  };
  const refresh = () => {
    capacity.hidden = billing.value !== "PROVISIONED";
    json.value = stringify(build());
  };
  const addIndex = (local) => {
    const index = indexInputs(local, refresh, (el) => {
      indexes.splice(indexes.indexOf(index), 1);
      el.remove();
      refresh();
    });
    indexes.push(index);
    indexList.append(index.el);
    refresh();
    index.el.querySelector("input").focus();
  };

  const form = h(
    "form",
    {
      class: "panel",
      oninput: (e) => e.target !== json && refresh(),
      onchange: (e) => e.target !== json && refresh(),
      novalidate: true,  // DynamoDB's own validation answers, as an SDK user would see it
      onsubmit: (e) => {
        e.preventDefault();
        send();
      },
    },
    field("Table name", tableName),
    h("fieldset", {}, h("legend", {}, "Primary key"), hash.el, range.el),
    h("div", { class: "row" }, field("Capacity mode", billing), field("Stream", stream)),
    capacity,
    indexList,
    h(
      "div",
      { class: "row" },
      h("button", { type: "button", onclick: () => addIndex(false) }, "Add global index"),
      h("button", { type: "button", onclick: () => addIndex(true) }, "Add local index"),
    ),
  );
  // What the form shows is only a way to write the JSON: the JSON is what goes.
  const send = async () => {
    status.show(null);
    const request = jsonOr(status, json.value);
    if (request === undefined) return;
    try {
      await call("CreateTable", request);
      location.hash = `#/table/${encodeURIComponent(request.TableName)}`;
    } catch (err) {
      status.show(err);
    }
  };
  main.append(
    h("p", { class: "crumbs" }, h("a", { href: "#/tables" }, "Tables"), " / new"),
    h("h1", {}, "Create table"),
    h(
      "div",
      { class: "split" },
      form,
      h(
        "div",
        { class: "panel" },
        h("h2", {}, h("label", { for: (json.id = "create-json") }, "CreateTable request")),
        h("small", { id: "create-json-hint", class: "hint muted" }, "Sent as it stands; edit it to send something the form cannot express."),
        json,
        status,
        h("div", { class: "row" }, h("button", { class: "primary", type: "button", onclick: send }, "Create table")),
      ),
    ),
  );
  refresh();
}
