// The Requests page: a live tail of Minnow's request log (GET /_minnow/requests, the last 1000
// requests it answered), newest first: operation, table, status, duration and error of each,
// for the console's namespace, another one or every one. Polls every second with `after` (the
// `last` of the previous answer), so each poll costs only what arrived since.

import { admin, credentials } from "../client.js";
import { field, h, replace, select, statusLine } from "../dom.js";

const POLL_MS = 1000;
const KEEP = 500;  // rows shown; older ones leave the page
const EVERY = "";  // the namespace choice for every namespace

export function requestsView(main) {
  const c = credentials();
  const mine = `${c.accessKeyId}/${c.region}`;
  const status = statusLine();
  const namespace = select([[mine, `this namespace (${mine})`], [EVERY, "every namespace"]], mine);
  const errorsOnly = h("input", { type: "checkbox" });
  const pause = h("button", { type: "button", "aria-pressed": "false" }, "Pause");
  const clear = h("button", { type: "button" }, "Clear");
  const count = h("p", { class: "muted", "aria-live": "polite" }, "Reading the request log…");
  const body = h("tbody");
  const namespaceHeader = h("th", { scope: "col" }, "Namespace");

  main.append(
    h("h1", {}, "Requests"),
    h(
      "p",
      { class: "muted" },
      "The last requests Minnow answered, newest first, as ",
      h("code", {}, "GET /_minnow/requests"),
      " gives them (it keeps 1000); new ones appear as they arrive.",
    ),
    h(
      "div",
      { class: "panel row center" },
      field("Namespace", namespace),
      h("label", { class: "check" }, errorsOnly, "errors only"),
      h("span", { class: "spacer" }),
      pause,
      clear,
    ),
    status,
    count,
    h(
      "div",
      { class: "scroll log" },
      h(
        "table",
        { class: "grid", "aria-label": "Requests" },
        h(
          "thead",
          {},
          h("tr", {}, ["Time", "Operation", "Table", "Status", "Duration", "Error"].map((t) => h("th", { scope: "col" }, t)), namespaceHeader, h("th", { scope: "col" }, "Request ID")),
        ),
        body,
      ),
    ),
  );

  let after = 0;  // the sequence of the newest entry read
  let shown = 0;
  let stopped = false;
  let paused = false;
  let timer = null;
  let generation = 0;  // bumped when the namespace changes: answers to older polls are dropped

  const row = (entry) => {
    const linked = entry.table && entry.namespace === mine && entry.errorType !== "ResourceNotFoundException";
    const table = linked ? h("a", { href: `#/table/${encodeURIComponent(entry.table)}` }, entry.table) : entry.table;
    return h(
      "tr",
      { class: entry.status >= 400 ? "err" : undefined, "data-sequence": String(entry.sequence) },
      h("td", { title: entry.time }, entry.time.slice(11, 23)),
      h("td", {}, entry.operation),
      h("td", {}, table),
      h("td", { class: "num" }, String(entry.status)),
      h("td", { class: "num" }, formatDuration(Number(entry.durationMs))),
      h("td", {}, entry.errorType),
      h("td", { class: "mono", hidden: namespace.value !== EVERY }, entry.namespace || "—"),
      h("td", { class: "mono" }, entry.requestId),
    );
  };
  const showCount = () => replace(count, shown === 0 ? "No requests yet." : `${shown} ${shown === 1 ? "request" : "requests"} shown${shown >= KEEP ? ` (the newest ${KEEP})` : ""}.`);

  const poll = async () => {
    const asked = generation;
    try {
      if (!paused) {
        const query = new URLSearchParams({ after: String(after), limit: "1000" });
        if (namespace.value !== EVERY) query.set("namespace", namespace.value);
        const { requests, last } = await admin("GET", `requests?${query}`);
        if (asked === generation) {
          after = Number(last);
          for (const entry of requests) {
            if (errorsOnly.checked && entry.status < 400) continue;
            body.prepend(row(entry));
            shown++;
          }
          while (body.children.length > KEEP) body.lastChild.remove();
          shown = Math.min(shown, KEEP);
          showCount();
        }
      }
      status.show(null);
    } catch (e) {
      status.show(e);
    }
    if (!stopped && asked === generation) timer = setTimeout(poll, POLL_MS);
  };
  // From the start of the log again (another namespace or filter): the rows are drawn anew.
  const restart = () => {
    generation++;
    clearTimeout(timer);
    after = 0;
    shown = 0;
    replace(body);
    namespaceHeader.hidden = namespace.value !== EVERY;
    poll();
  };

  namespace.addEventListener("change", restart);
  errorsOnly.addEventListener("change", restart);
  pause.addEventListener("click", () => {
    paused = !paused;
    pause.textContent = paused ? "Resume" : "Pause";
    pause.setAttribute("aria-pressed", String(paused));
  });
  clear.addEventListener("click", () => {
    replace(body);
    shown = 0;
    showCount();
  });
  admin("GET", "namespaces").then(({ namespaces }) => {
    for (const n of namespaces) if (n.id !== mine) namespace.append(h("option", { value: n.id }, n.id));
  }, (e) => status.show(e));

  namespaceHeader.hidden = true;
  poll();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

function formatDuration(ms) {
  return `${ms < 10 ? ms.toFixed(3) : ms < 1000 ? ms.toFixed(1) : Math.round(ms)} ms`;
}
