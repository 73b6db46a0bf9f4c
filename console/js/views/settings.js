// The Settings tab: UpdateTable (capacity mode, stream, global indexes), UpdateTimeToLive and
// DeleteTable. Each change shows the request it will send.

import { call } from "../client.js";
import { Num, stringify } from "../json.js";
import { field, h, jsonOr, select, statusLine } from "../dom.js";
import { definitions, indexInputs, STREAM_VIEWS } from "./create-table.js";

// What the last change did, shown once the tab has been drawn again with the new description.
let flash = null;

export function settingsTab(el, table) {
  const reload = () => window.dispatchEvent(new HashChangeEvent("hashchange"));
  const done = statusLine();
  if (flash) done.ok(flash);
  flash = null;
  const provisioned = !(table.BillingModeSummary && table.BillingModeSummary.BillingMode === "PAY_PER_REQUEST");

  // One request editor: a textarea holding `build()`'s request, refreshed by the inputs above
  // it, and a button that sends what the textarea holds.
  const requestPanel = (title, action, controls, build, after = reload) => {
    const status = statusLine();
    const json = h("textarea", { spellcheck: false, rows: 8, class: "short" });
    const refresh = () => {
      try {
        json.value = stringify(build());
      } catch (e) {
        json.value = "";
      }
    };
    const send = async () => {
      status.show(null);
      const request = jsonOr(status, json.value);
      if (request === undefined) return;
      try {
        await call(action, request);
        flash = `${action} done.`;
        after();
      } catch (e) {
        status.show(e);
      }
    };
    const panel = h(
      "section",
      { class: "panel", "aria-label": title, oninput: (e) => e.target !== json && refresh(), onchange: (e) => e.target !== json && refresh() },
      h("h2", {}, title),
      controls,
      h("div", { class: "field actions" }, h("label", { for: (json.id = `${action}-${title}`.replace(/\W/g, "-")) }, `${action} request`), json),
      status,
      h("button", { type: "button", class: "primary", onclick: send }, `Send ${action}`),
    );
    refresh();
    return { panel, refresh };
  };

  // Capacity mode.
  const billing = select([["PAY_PER_REQUEST", "On demand"], ["PROVISIONED", "Provisioned"]], provisioned ? "PROVISIONED" : "PAY_PER_REQUEST");
  const rcu = h("input", { type: "number", min: 1, value: String(table.ProvisionedThroughput.ReadCapacityUnits || 5) });
  const wcu = h("input", { type: "number", min: 1, value: String(table.ProvisionedThroughput.WriteCapacityUnits || 5) });
  const capacity = requestPanel(
    "Capacity",
    "UpdateTable",
    h("div", { class: "row" }, field("Capacity mode", billing), field("Read capacity units", rcu), field("Write capacity units", wcu)),
    () => ({
      TableName: table.TableName,
      BillingMode: billing.value,
      ...(billing.value === "PROVISIONED" ? { ProvisionedThroughput: { ReadCapacityUnits: new Num(rcu.value), WriteCapacityUnits: new Num(wcu.value) } } : {}),
    }),
  );

  // Stream.
  const spec = table.StreamSpecification || {};
  const streamView = select([["", "Off"], ...STREAM_VIEWS], spec.StreamEnabled ? spec.StreamViewType : "");
  const stream = requestPanel("Stream", "UpdateTable", field("Stream", streamView), () => ({
    TableName: table.TableName,
    StreamSpecification: streamView.value ? { StreamEnabled: true, StreamViewType: streamView.value } : { StreamEnabled: false },
  }));

  // Time to live.
  const ttlAttribute = h("input", { spellcheck: false, autocomplete: "off" });
  const ttlEnabled = h("input", { type: "checkbox" });
  const ttl = requestPanel(
    "Time to live",
    "UpdateTimeToLive",
    h("div", { class: "row center" }, h("label", { class: "check" }, ttlEnabled, "Enabled"), field("Attribute (epoch seconds)", ttlAttribute)),
    () => ({ TableName: table.TableName, TimeToLiveSpecification: { Enabled: ttlEnabled.checked, AttributeName: ttlAttribute.value.trim() } }),
  );
  call("DescribeTimeToLive", { TableName: table.TableName }).then(({ TimeToLiveDescription: d }) => {
    ttlEnabled.checked = d.TimeToLiveStatus === "ENABLED";
    ttlAttribute.value = d.AttributeName || "";
    ttl.refresh();
  }, () => {});

  // Global secondary indexes: add one, delete one.
  const newIndex = indexInputs(false, null, null);
  const addIndex = requestPanel("Add a global index", "UpdateTable", newIndex.el, () => {
    const { keys, index } = newIndex.value();
    return {
      TableName: table.TableName,
      AttributeDefinitions: definitions(keys),
      GlobalSecondaryIndexUpdates: [
        { Create: provisioned ? { ...index, ProvisionedThroughput: { ReadCapacityUnits: new Num("5"), WriteCapacityUnits: new Num("5") } } : index },
      ],
    };
  });
  const existing = h(
    "ul",
    {},
    (table.GlobalSecondaryIndexes || []).map((i) =>
      h(
        "li",
        {},
        h("span", { class: "mono" }, i.IndexName), ` ${i.IndexStatus} · ${i.ItemCount} items `,
        h("button", { type: "button", class: "danger", onclick: () => deleteIndex(i.IndexName) }, `Delete ${i.IndexName}`),
      ),
    ),
  );
  const indexStatus = statusLine();
  const deleteIndex = async (name) => {
    if (!confirm(`Delete the index ${name}?`)) return;
    try {
      await call("UpdateTable", { TableName: table.TableName, GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: name } }] });
      reload();
    } catch (e) {
      indexStatus.show(e);
    }
  };

  // Delete the table.
  const deleteStatus = statusLine();
  const deleteTable = async () => {
    if (!confirm(`Delete the table ${table.TableName} and all its items?`)) return;
    try {
      await call("DeleteTable", { TableName: table.TableName });
      location.hash = "#/tables";
    } catch (e) {
      deleteStatus.show(e);
    }
  };

  el.append(
    done,
    h("div", { class: "split" }, capacity.panel, stream.panel),
    h("div", { class: "split" }, ttl.panel, addIndex.panel),
    h(
      "section",
      { class: "panel", "aria-label": "Global indexes" },
      h("h2", {}, "Global indexes"),
      (table.GlobalSecondaryIndexes || []).length ? existing : h("p", { class: "empty" }, "None."),
      indexStatus,
    ),
    h(
      "section",
      { class: "panel", "aria-label": "Delete table" },
      h("h2", {}, "Delete table"),
      h("p", {}, "Deletes the table, its items and its indexes (its stream stays readable for 24 hours)."),
      deleteStatus,
      h("button", { type: "button", class: "danger", onclick: deleteTable }, `Delete ${table.TableName}`),
    ),
  );
}
