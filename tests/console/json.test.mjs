// The console's JSON (exact numbers), DynamoDB JSON conversions and SigV4 signer, in node.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash, createHmac } from "node:crypto";
import { Num, parse, stringify } from "../../console/js/json.js";
import { canBePlain, fromPlain, toPlain } from "../../console/js/ddb-json.js";
import { sha256Js, signedHeaders } from "../../console/js/sigv4.js";

test("numbers keep every digit through parse and stringify", () => {
  const text = '{"n":12345678901234567890123456789012345678,"f":-1.50e-130,"l":[0,-0]}';
  const value = parse(text);
  assert.ok(value.n instanceof Num);
  assert.equal(value.n.text, "12345678901234567890123456789012345678");
  assert.equal(stringify(value, 0), text);
  assert.deepEqual(JSON.parse(stringify(value)), JSON.parse(text));
});

test("parse rejects what JSON rejects, saying where", () => {
  for (const bad of ['{"a": 1,}', "[1 2]", '{"a" 1}', "01", "", '"open', "{} x", "NaN"])
    assert.throws(() => parse(bad), SyntaxError, bad);
  assert.throws(() => parse('{\n  "a": x\n}'), /line 2, column 8/);
  assert.deepEqual(parse(' {"s": "\\u00e9\\n\\"", "t": true, "f": false, "z": null} '), { s: 'é\n"', t: true, f: false, z: null });
});

test("stringify keeps short values on one line", () => {
  assert.equal(stringify({ a: { S: "x" }, b: { N: "1" }, c: new Num("2.50") }), `{\n  "a": {"S": "x"},\n  "b": {"N": "1"},\n  "c": 2.50\n}`);
  assert.equal(stringify({}), "{}");
  const long = stringify({ a: { S: "x".repeat(70) }, b: [{ S: "y" }] });
  assert.equal(long, `{\n  "a": {\n    "S": "${"x".repeat(70)}"\n  },\n  "b": [{"S": "y"}]\n}`);
});

test("plain JSON and DynamoDB JSON convert both ways", () => {
  const item = { s: { S: "x" }, n: { N: "1.5" }, b: { BOOL: false }, z: { NULL: true }, l: { L: [{ S: "a" }, { M: { k: { N: "2" } } }] } };
  assert.ok(canBePlain(item));
  const plain = toPlain(item);
  assert.equal(stringify(plain, 0), '{"s":"x","n":1.5,"b":false,"z":null,"l":["a",{"k":2}]}');
  assert.deepEqual(fromPlain(parse(stringify(plain))), item);
  for (const other of [{ b: { B: "AA==" } }, { s: { SS: ["a"] } }, { m: { M: { n: { NS: ["1"] } } } }, { l: { L: [{ BS: ["AA=="] }] } }])
    assert.equal(canBePlain(other), false, JSON.stringify(other));
  assert.throws(() => fromPlain([1]), /JSON object/);
});

test("the JavaScript SHA-256 (used outside secure contexts) matches node's", () => {
  for (const length of [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000]) {
    const data = new Uint8Array(length).map((_, i) => (i * 31 + 7) & 255);
    assert.equal(Buffer.from(sha256Js(data)).toString("hex"), createHash("sha256").update(data).digest("hex"), `length ${length}`);
  }
});

test("requests are signed as SigV4 says (checked with node's HMAC)", async () => {
  const credentials = { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", region: "eu-west-1" };
  const body = '{"TableName":"Music"}';
  const target = "DynamoDB_20120810.DescribeTable";
  const headers = await signedHeaders({ body, target, host: "127.0.0.1:8000", credentials, now: new Date("2026-01-02T03:04:05.678Z") });
  assert.equal(headers["X-Amz-Date"], "20260102T030405Z");
  const sha = (s) => createHash("sha256").update(s).digest("hex");
  const hmac = (key, s) => createHmac("sha256", key).update(s).digest();
  const canonical = `POST\n/\n\ncontent-type:application/x-amz-json-1.0\nhost:127.0.0.1:8000\nx-amz-date:20260102T030405Z\nx-amz-target:${target}\n\ncontent-type;host;x-amz-date;x-amz-target\n${sha(body)}`;
  const scope = "20260102/eu-west-1/dynamodb/aws4_request";
  let key = hmac(`AWS4${credentials.secretAccessKey}`, "20260102");
  for (const part of ["eu-west-1", "dynamodb", "aws4_request"]) key = hmac(key, part);
  const signature = createHmac("sha256", key).update(`AWS4-HMAC-SHA256\n20260102T030405Z\n${scope}\n${sha(canonical)}`).digest("hex");
  assert.equal(headers.Authorization, `AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/${scope}, SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=${signature}`);
});
