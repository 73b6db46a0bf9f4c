// JSON that keeps numbers exactly: DynamoDB numbers have up to 38 digits, more than a double.
// parse() turns every number literal into a Num holding its text; stringify() writes Num back
// as the same literal. Everything else is ordinary JSON.

export class Num {
  constructor(text) {
    this.text = text;
  }
  toString() {
    return this.text;
  }
}

export function parse(text) {
  let i = 0;
  const fail = (what) => {
    const before = text.slice(0, i);
    const line = before.split("\n").length;
    const column = i - before.lastIndexOf("\n");
    throw new SyntaxError(`${what} at line ${line}, column ${column}`);
  };
  const ws = () => {
    while (i < text.length && " \t\r\n".includes(text[i])) i++;
  };
  const value = () => {
    ws();
    const c = text[i];
    if (c === "{") {
      i++;
      const out = {};
      ws();
      if (text[i] === "}") return i++, out;
      for (;;) {
        ws();
        if (text[i] !== '"') fail("Expected a property name");
        const key = string();
        ws();
        if (text[i++] !== ":") fail("Expected ':'");
        out[key] = value();
        ws();
        if (text[i] === ",") i++;
        else if (text[i] === "}") return i++, out;
        else fail("Expected ',' or '}'");
      }
    }
    if (c === "[") {
      i++;
      const out = [];
      ws();
      if (text[i] === "]") return i++, out;
      for (;;) {
        out.push(value());
        ws();
        if (text[i] === ",") i++;
        else if (text[i] === "]") return i++, out;
        else fail("Expected ',' or ']'");
      }
    }
    if (c === '"') return string();
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (m && m[0]) return (i += m[0].length), new Num(m[0]);
    for (const [word, v] of [["true", true], ["false", false], ["null", null]]) {
      if (text.startsWith(word, i)) return (i += word.length), v;
    }
    fail(i >= text.length ? "Unexpected end of JSON" : `Unexpected '${c}'`);
  };
  const string = () => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    if (i >= text.length) fail("Unterminated string");
    i++;
    return JSON.parse(text.slice(start, i));
  };
  const out = value();
  ws();
  if (i < text.length) fail("Unexpected text after the JSON value");
  return out;
}

// Pretty-printed like JSON.stringify(value, null, indent), except that an object or array
// below the top whose compact form fits in `inline` characters stays on one line ({"S": "x"}),
// so DynamoDB JSON reads as one attribute a line. indent 0 writes compact JSON (for requests).
export function stringify(value, indent = 2, inline = 60) {
  const compact = (v) => {
    if (v instanceof Num) return v.text;
    if (Array.isArray(v)) return `[${v.map((x) => (x === undefined ? "null" : compact(x))).join(indent ? ", " : ",")}]`;
    if (v && typeof v === "object") {
      const parts = Object.entries(v)
        .filter(([, x]) => x !== undefined)
        .map(([k, x]) => `${JSON.stringify(k)}:${indent ? " " : ""}${compact(x)}`);
      return `{${parts.join(indent ? ", " : ",")}}`;
    }
    return JSON.stringify(v);
  };
  if (!indent) return compact(value);
  const pretty = (v, depth) => {
    const flat = compact(v);
    const empty = v && typeof v === "object" && Object.keys(v).length === 0;
    if (!v || typeof v !== "object" || v instanceof Num || empty || (depth > 0 && flat.length <= inline)) return flat;
    const pad = " ".repeat(indent * (depth + 1));
    const end = " ".repeat(indent * depth);
    if (Array.isArray(v)) return `[\n${v.map((x) => pad + pretty(x, depth + 1)).join(",\n")}\n${end}]`;
    const entries = Object.entries(v).filter(([, x]) => x !== undefined);
    return `{\n${entries.map(([k, x]) => `${pad}${JSON.stringify(k)}: ${pretty(x, depth + 1)}`).join(",\n")}\n${end}}`;
  };
  return pretty(value, 0);
}
