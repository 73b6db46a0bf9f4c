// DynamoDB JSON ({"S": "x"}, {"N": "1"}, ...) to and from plain JSON, and short renderings of
// values for tables. Numbers stay exact (json.js Num). Plain JSON has no binary values and no
// sets, so items holding them can be edited as DynamoDB JSON only (canBePlain).

import { Num } from "./json.js";

export function typeOf(value) {
  return value && typeof value === "object" ? Object.keys(value)[0] : undefined;
}

export function canBePlain(item) {
  const ok = (v) => {
    const t = typeOf(v);
    if (t === "M") return Object.values(v.M).every(ok);
    if (t === "L") return v.L.every(ok);
    return t === "S" || t === "N" || t === "BOOL" || t === "NULL";
  };
  return Object.values(item).every(ok);
}

export function toPlain(item) {
  const value = (v) => {
    const t = typeOf(v);
    switch (t) {
      case "S":
        return v.S;
      case "N":
        return new Num(v.N);
      case "BOOL":
        return v.BOOL;
      case "NULL":
        return null;
      case "L":
        return v.L.map(value);
      case "M":
        return map(v.M);
      default:
        throw new Error(`${t} values have no plain JSON form`);
    }
  };
  const map = (m) => Object.fromEntries(Object.entries(m).map(([k, v]) => [k, value(v)]));
  return map(item);
}

export function fromPlain(object) {
  if (!object || typeof object !== "object" || Array.isArray(object) || object instanceof Num)
    throw new Error("An item is a JSON object");
  const value = (v) => {
    if (typeof v === "string") return { S: v };
    if (v instanceof Num) return { N: v.text };
    if (typeof v === "boolean") return { BOOL: v };
    if (v === null) return { NULL: true };
    if (Array.isArray(v)) return { L: v.map(value) };
    return { M: map(v) };
  };
  const map = (m) => Object.fromEntries(Object.entries(m).map(([k, v]) => [k, value(v)]));
  return map(object);
}

// One line for a table cell.
export function short(v, limit = 80) {
  const text = render(v);
  return text.length > limit ? text.slice(0, limit - 1) + "…" : text;
}

function render(v) {
  const t = typeOf(v);
  switch (t) {
    case "S":
      return v.S;
    case "N":
      return v.N;
    case "B":
      return `<binary ${v.B.length} b64>`;
    case "BOOL":
      return String(v.BOOL);
    case "NULL":
      return "null";
    case "SS":
    case "NS":
      return `{${v[t].join(", ")}}`;
    case "BS":
      return `{${v.BS.length} binary}`;
    case "L":
      return `[${v.L.map(render).join(", ")}]`;
    case "M":
      return `{${Object.entries(v.M)
        .map(([k, x]) => `${k}: ${render(x)}`)
        .join(", ")}}`;
    default:
      return JSON.stringify(v);
  }
}
