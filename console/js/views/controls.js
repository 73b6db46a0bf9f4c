// The Test controls page: Minnow's clock (now, advance, set, reset), the TTL sweeper, injected
// faults and a reset, through /_minnow (docs/admin-api.md).

import { admin } from "../client.js";
import { field, h, jsonOr, replace, select, statusLine } from "../dom.js";

export function controlsView(main) {
  main.append(h("h1", {}, "Test controls"), h("p", { class: "muted" }, "Minnow's own controls for tests (", h("code", {}, "/_minnow"), "); DynamoDB has no such calls."));
  const stopClock = clockPanel(main);
  ttlPanel(main);
  faultsPanel(main);
  resetPanel(main);
  return stopClock;
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

function ttlPanel(main) {
  const status = statusLine();
  main.append(
    h(
      "section",
      { class: "panel", "aria-labelledby": "ttl-title" },
      h("h2", { id: "ttl-title" }, "Time to live"),
      h("p", {}, "Deletes every item whose TTL attribute is before Minnow's clock, on every table, now (instead of waiting for the sweeper)."),
      h(
        "button",
        {
          type: "button",
          onclick: async () => {
            try {
              const { deleted } = await admin("POST", "ttl/sweep");
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

function faultsPanel(main) {
  const status = statusLine();
  const error = select(["TransactionConflict"], "TransactionConflict");
  const table = h("input", { spellcheck: false, autocomplete: "off" });
  const key = h("textarea", { spellcheck: false, rows: 2, class: "short", placeholder: '{"pk": {"S": "a"}}' });
  const count = h("input", { type: "number", min: 1, value: "1", class: "narrow" });
  const add = async () => {
    status.show(null);
    const body = { error: error.value, table: table.value.trim(), count: Math.trunc(Number(count.value)) };
    if (key.value.trim() && (body.key = jsonOr(status, key.value)) === undefined) return;
    try {
      const added = await admin("POST", "faults", body);
      status.ok(added.id !== undefined ? `Fault added (rule ${added.id}).` : `Fault added: ${added.pending} pending on this table.`);
    } catch (e) {
      status.show(e);
    }
  };
  const clear = async () => {
    try {
      await admin("DELETE", "faults");
      status.ok("Every pending fault forgotten.");
    } catch (e) {
      status.show(e);
    }
  };
  main.append(
    h(
      "section",
      { class: "panel", "aria-labelledby": "faults-title" },
      h("h2", { id: "faults-title" }, "Injected faults"),
      h("p", {}, "The next writes or transactions on the table (or one item of it) fail with DynamoDB's conflict errors."),
      h("div", { class: "row" }, field("Error", error), field("Table", table), field("Item key (DynamoDB JSON, optional)", key), field("Count", count)),
      h("div", { class: "row actions" }, h("button", { type: "button", class: "primary", onclick: add }, "Add fault"), h("button", { type: "button", onclick: clear }, "Clear all faults")),
      status,
    ),
  );
}

function resetPanel(main) {
  const status = statusLine();
  main.append(
    h(
      "section",
      { class: "panel", "aria-labelledby": "reset-title" },
      h("h2", { id: "reset-title" }, "Reset"),
      h("p", {}, "Deletes every table, forgets faults and idempotency tokens, and returns the clock to the system clock."),
      h(
        "button",
        {
          type: "button",
          class: "danger",
          onclick: async () => {
            if (!confirm("Delete every table and reset Minnow?")) return;
            try {
              await admin("POST", "reset");
              status.ok("Minnow is reset.");
            } catch (e) {
              status.show(e);
            }
          },
        },
        "Reset Minnow",
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
