// A tiny element builder. Text always goes in as text nodes (never innerHTML), so item values
// and error messages cannot inject markup.

import { parse } from "./json.js";

export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) el.addEventListener(name.slice(2), value);
    else if (name === "class") el.className = value;
    else if (name === "value") el.value = value;
    else if (name in el && typeof value !== "string") el[name] = value;
    else el.setAttribute(name, value === true ? "" : value);
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
}

export function replace(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

let nextId = 0;
export function uid(prefix = "f") {
  return `${prefix}-${++nextId}`;
}

// A labelled control: <div class=field><label for=id>text</label>control</div>.
export function field(labelText, control, hint) {
  if (!control.id) control.id = uid();
  const hintEl = hint ? h("small", { id: control.id + "-hint", class: "hint" }, hint) : null;
  if (hintEl) control.setAttribute("aria-describedby", hintEl.id);
  return h("div", { class: "field" }, h("label", { for: control.id }, labelText), control, hintEl);
}

export function select(options, value, props = {}) {
  const el = h("select", props, options.map((o) => {
    const [v, text] = Array.isArray(o) ? o : [o, o];
    return h("option", { value: v }, text);
  }));
  if (value !== undefined) el.value = value;
  return el;
}

// The JSON value `text` holds (json.js: exact numbers), or undefined after showing the syntax
// error on `status`.
export function jsonOr(status, text) {
  try {
    return parse(text);
  } catch (e) {
    status.show({ type: "Invalid JSON", message: e.message });
    return undefined;
  }
}

// Where a view shows the outcome of a call: an error (role=alert) or a short success note.
export function statusLine() {
  const el = h("div", { class: "status", role: "status", "aria-live": "polite" });
  el.show = (error) => {
    el.className = "status";
    replace(el);
    if (!error) return;
    el.className = "status error";
    el.setAttribute("role", "alert");
    replace(el, error.type ? h("strong", {}, error.type) : null, error.type ? ": " : "", error.message);
  };
  el.ok = (text) => {
    el.className = "status ok";
    el.setAttribute("role", "status");
    replace(el, text);
  };
  return el;
}
