// The Test controls page: Minnow's clock (now, advance, set, reset), the TTL sweeper, fault
// rules and a reset, through /_minnow (docs/admin-api.md). Sweeps, faults and resets address
// either the console's namespace (its access key and region) or every namespace.

import { admin, credentials } from "../client.js";
import { field, h, jsonOr, replace, select, statusLine, uid } from "../dom.js";

const ERRORS = [
  ["", "none (latency only)"],
  "TransactionConflict",
  "ProvisionedThroughputExceededException",
  "ThrottlingException",
  "RequestLimitExceeded",
  "InternalServerError",
  "ServiceUnavailable",
];

export function controlsView(main) {
  const scope = scopePicker();
  main.append(
    h("h1", {}, "Test controls"),
    h("p", { class: "muted" }, "Minnow's own controls for tests (", h("code", {}, "/_minnow"), "); DynamoDB has no such calls."),
    scope.el,
  );
  const stopClock = clockPanel(main);
  ttlPanel(main, scope);
  const stopFaults = faultsPanel(main, scope);
  resetPanel(main, scope);
  return () => {
    stopClock();
    stopFaults();
  };
}

// "This namespace" or "every namespace": path suffix for the calls that take ?namespace=.
function scopePicker() {
  const c = credentials();
  const id = `${c.accessKeyId}/${c.region}`;
  const name = uid("scope");
  const mine = h("input", { type: "radio", name, value: "mine", checked: true });
  const all = h("input", { type: "radio", name, value: "all" });
  return {
    el: h(
      "fieldset",
      { class: "panel row center" },
      h("legend", {}, "Sweeps, faults and resets apply to"),
      h("label", { class: "check" }, mine, "this namespace, ", h("span", { class: "mono" }, id)),
      h("label", { class: "check" }, all, "every namespace"),
    ),
    query: () => (mine.checked ? `?namespace=${encodeURIComponent(id)}` : ""),
    onchange: (f) => [mine, all].forEach((r) => r.addEventListener("change", f)),
  };
}

function clockPanel(main) {
  const status = statusLine();
  const now = h("output", { class: "mono", id: "clock-now", "aria-live": "off" }, "…");
  const offset = h("span", { class: "muted", id: "clock-offset" });
  const seconds = h("input", { type: "number", value: "3600", class: "narrow" });
  const at = h("input", { type: "datetime-local", step: 1 });
  let base = null;  // {minnow: epoch ms, local: performance.now()} of the last answer

  const show = ({ epochMillis }) => {
    base = { minnow: Number(epochMillis), local: performance.now() };
    tick();
  };
  const tick = () => {
    if (!base) return;
    const ms = base.minnow + (performance.now() - base.local);
    replace(now, new Date(ms).toISOString().replace(/\.\d+Z$/, "Z"), ` (${Math.floor(ms / 1000)})`);
    const ahead = Math.round((base.minnow - (Date.now() - (performance.now() - base.local))) / 1000);
    replace(offset, ahead === 0 ? "the system clock" : `${formatDuration(Math.abs(ahead))} ${ahead > 0 ? "ahead of" : "behind"} the system clock`);
  };
  const post = async (body) => {
    status.show(null);
    try {
      show(await admin("POST", "clock", body));
      status.ok("Clock moved.");
    } catch (e) {
      status.show(e);
    }
  };
  admin("GET", "clock").then(show, (e) => status.show(e));
  const timer = setInterval(tick, 1000);

  main.append(
    h(
      "section",
      { class: "panel", "aria-labelledby": "clock-title" },
      h("h2", { id: "clock-title" }, "Clock"),
      h("p", {}, "Minnow's time is ", now, " — ", offset, ". TTL expiry, stream record times and index backfills follow it."),
      h(
        "div",
        { class: "row" },
        h("button", { type: "button", onclick: () => post({ advanceSeconds: 60 }) }, "+1 minute"),
        h("button", { type: "button", onclick: () => post({ advanceSeconds: 3600 }) }, "+1 hour"),
        h("button", { type: "button", onclick: () => post({ advanceSeconds: 86400 }) }, "+1 day"),
        h("span", { class: "spacer" }),
        field("Seconds", seconds),
        h("button", { type: "button", onclick: () => post({ advanceSeconds: Math.trunc(Number(seconds.value)) }) }, "Advance"),
      ),
      h(
        "div",
        { class: "row actions" },
        field("Set to (UTC)", at),
        h("button", { type: "button", onclick: () => at.value && post({ epochSeconds: Math.floor(Date.parse(at.value + "Z") / 1000) }) }, "Set"),
        h("button", { type: "button", onclick: () => post({ reset: true }) }, "Back to the system clock"),
      ),
      status,
    ),
  );
  return () => clearInterval(timer);
}

function faultsPanel(main, scope) {
  const status = statusLine();
  const error = select(ERRORS, "ThrottlingException");
  const operation = h("input", { spellcheck: false, autocomplete: "off", placeholder: "PutItem, Query" });
  const table = h("input", { spellcheck: false, autocomplete: "off" });
  const key = h("textarea", { spellcheck: false, rows: 2, class: "short", placeholder: '{"pk": {"S": "a"}}' });
  const count = h("input", { type: "number", min: 1, class: "narrow", placeholder: "1" });
  const probability = h("input", { type: "number", min: 0, max: 1, step: "any", class: "narrow" });
  const seed = h("input", { type: "number", min: 0, class: "narrow" });
  const latency = h("input", { type: "number", min: 0, max: 300000, class: "narrow" });
  const list = h("div");

  const number = (input) => (input.value === "" ? undefined : Number(input.value));
  let shown = null;  // the list drawn last: redrawn only when it changes, so focus stays put
  const refresh = async () => {
    try {
      const { faults } = await admin("GET", `faults${scope.query()}`);
      const text = JSON.stringify(faults);
      if (text === shown) return;
      shown = text;
      replace(list, faults.length ? rulesTable(faults) : h("p", { class: "empty" }, "No fault rules pending."));
    } catch (e) {
      status.show(e);
    }
  };
  const rulesTable = (faults) =>
    h(
      "div",
      { class: "scroll" },
      h(
        "table",
        { class: "grid", "aria-label": "Fault rules" },
        h("thead", {}, h("tr", {}, ["Rule", "Error", "Latency", "Operations", "Table", "Key", "Left", "Probability", "Matched", "Fired", ""].map((c) => h("th", { scope: "col" }, c)))),
        h(
          "tbody",
          {},
          faults.map((f) =>
            h(
              "tr",
              {},
              h("td", { class: "num" }, String(f.id)),
              h("td", {}, f.error || "—"),
              h("td", { class: "num" }, f.latencyMs === undefined ? "" : `${f.latencyMs} ms`),
              h("td", {}, (f.operation || []).join(", ") || "all"),
              h("td", {}, f.table || "all"),
              h("td", { class: "mono" }, f.key ? JSON.stringify(f.key) : ""),
              h("td", { class: "num" }, f.count === undefined ? "∞" : String(f.count)),
              h("td", { class: "num" }, f.probability === undefined ? "" : `${f.probability} (seed ${f.seed})`),
              h("td", { class: "num" }, String(f.matched)),
              h("td", { class: "num" }, String(f.fired)),
              h("td", {}, h("button", { type: "button", class: "danger", onclick: () => removeRule(f.id) }, `Remove rule ${f.id}`)),
            ),
          ),
        ),
      ),
    );
  const add = async () => {
    status.show(null);
    const body = {};
    if (error.value) body.error = error.value;
    const operations = operation.value.split(",").map((s) => s.trim()).filter(Boolean);
    if (operations.length) body.operation = operations.length === 1 ? operations[0] : operations;
    if (table.value.trim()) body.table = table.value.trim();
    if (key.value.trim() && (body.key = jsonOr(status, key.value)) === undefined) return;
    for (const [name, input] of [["count", count], ["probability", probability], ["seed", seed], ["latencyMs", latency]])
      if (number(input) !== undefined) body[name] = number(input);
    try {
      const rule = await admin("POST", `faults${scope.query()}`, body);
      status.ok(`Fault rule ${rule.id} added.`);
      refresh();
    } catch (e) {
      status.show(e);
    }
  };
  const removeRule = async (id) => {
    try {
      await admin("DELETE", `faults?id=${id}`);
      status.ok(`Fault rule ${id} removed.`);
      refresh();
    } catch (e) {
      status.show(e);
    }
  };
  const clear = async () => {
    try {
      const { removed } = await admin("DELETE", `faults${scope.query()}`);
      status.ok(`${removed} fault ${Number(removed) === 1 ? "rule" : "rules"} removed.`);
      refresh();
    } catch (e) {
      status.show(e);
    }
  };
  main.append(
    h(
      "section",
      { class: "panel", "aria-labelledby": "faults-title" },
      h("h2", { id: "faults-title" }, "Fault rules"),
      h("p", {}, "Make the calls a rule matches fail with one of DynamoDB's errors, answer late, or both: the next N of them, or a fraction."),
      h(
        "div",
        { class: "row top" },
        field("Error", error),
        field("Operations", operation, "optional, comma-separated"),
        field("Table", table, "optional"),
        field("Item key (DynamoDB JSON)", key, "optional"),
      ),
      h(
        "div",
        { class: "row top" },
        field("Count", count, "default 1"),
        field("Probability", probability, "0–1, optional"),
        field("Seed", seed, "optional"),
        field("Latency (ms)", latency, "optional"),
      ),
      h("div", { class: "row actions" }, h("button", { type: "button", class: "primary", onclick: add }, "Add fault rule"), h("button", { type: "button", onclick: clear }, "Remove all rules"), h("button", { type: "button", onclick: refresh }, "Refresh")),
      status,
      list,
    ),
  );
  scope.onchange(refresh);
  refresh();
  const timer = setInterval(refresh, 2000);  // matched and fired counts move as calls arrive
  return () => clearInterval(timer);
}

function ttlPanel(main, scope) {
  const status = statusLine();
  main.append(
    h(
      "section",
      { class: "panel", "aria-labelledby": "ttl-title" },
      h("h2", { id: "ttl-title" }, "Time to live"),
      h("p", {}, "Deletes every item whose TTL attribute is before Minnow's clock, now (instead of waiting for the sweeper)."),
      h(
        "button",
        {
          type: "button",
          onclick: async () => {
            try {
              const { deleted } = await admin("POST", `ttl/sweep${scope.query()}`);
              status.ok(`Sweep done: ${deleted} expired ${Number(deleted) === 1 ? "item" : "items"} deleted.`);
            } catch (e) {
              status.show(e);
            }
          },
        },
        "Sweep expired items now",
      ),
      status,
    ),
  );
}

function resetPanel(main, scope) {
  const status = statusLine();
  main.append(
    h(
      "section",
      { class: "panel", "aria-labelledby": "reset-title" },
      h("h2", { id: "reset-title" }, "Reset"),
      h(
        "p",
        {},
        "Deletes every table and stream and forgets fault rules and idempotency tokens: of this namespace, or of every " +
          "namespace (which also returns the clock to the system clock).",
      ),
      h(
        "button",
        {
          type: "button",
          class: "danger",
          onclick: async () => {
            const query = scope.query();
            if (!confirm(query ? "Delete every table of this namespace?" : "Delete every table of every namespace and reset Minnow?")) return;
            try {
              await admin("POST", `reset${query}`);
              status.ok(query ? "The namespace is reset." : "Minnow is reset.");
            } catch (e) {
              status.show(e);
            }
          },
        },
        "Reset",
      ),
      status,
    ),
  );
}

function formatDuration(s) {
  if (s < 120) return `${s} s`;
  if (s < 7200) return `${Math.round(s / 60)} min`;
  if (s < 172800) return `${(s / 3600).toFixed(1)} h`;
  return `${(s / 86400).toFixed(1)} days`;
}
