// Minnow's documented APIs, as the console calls them: the DynamoDB and DynamoDB Streams JSON
// protocols (signed like an SDK, sigv4.js) and the /_minnow test controls (docs/admin-api.md).
// Every call is remembered (lastCalls) so that views can show the JSON that went and came back.

import { signedHeaders } from "./sigv4.js";
import { parse, stringify } from "./json.js";

const STORAGE_KEY = "minnow-console-credentials";

class ApiError extends Error {
  constructor(type, message, status) {
    super(message);
    this.type = type;
    this.status = status;
  }
}

// Credentials kept in this browser (localStorage): the access key and region also choose the
// namespace Minnow serves the requests from. Until some are saved, the namespace the last
// requests used (followLastUsed).
export function credentials() {
  const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) || "null");
  return { accessKeyId: "local", secretAccessKey: "local", region: defaultRegion, ...(saved ? {} : followed), ...saved };
}

// A developer's SDK signs with credentials of its own: with none saved here, the console opens on
// the namespace of the last requests Minnow answered (GET /_minnow/namespaces' lastUsed), not on
// an empty one of its own.
let followed = null;
export async function followLastUsed() {
  if (localStorage.getItem(STORAGE_KEY)) return;
  try {
    const { namespaces, lastUsed } = await admin("GET", "namespaces");
    const n = namespaces.find((x) => x.id === lastUsed && x.accessKey !== undefined);
    if (n) followed = { accessKeyId: n.accessKey, region: n.region };
  } catch {
    // the test controls are off: the defaults
  }
}

// True while the credentials are the last requests' (none saved).
export function followingLastUsed() {
  return followed !== null && !localStorage.getItem(STORAGE_KEY);
}

export function saveCredentials(value) {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(value));
  listeners.forEach((f) => f());
}

const listeners = [];
export function onCredentialsChange(f) {
  listeners.push(f);
}

let defaultRegion = "us-east-1";

// The server's region, from its health answer ("healthy: dynamodb.REGION.amazonaws.com ").
export async function learnRegion() {
  try {
    const text = await (await fetch("/", { cache: "no-store" })).text();
    const m = /dynamodb\.([^.\s]+)\.amazonaws\.com/.exec(text);
    if (m) defaultRegion = m[1];
  } catch {
    // keep the default
  }
}

// Calls `action` ("CreateTable", or "Streams.GetRecords" for DynamoDB Streams) with `request`
// (an object; numbers as json.js Num keep their digits). Answers the parsed response or throws
// ApiError with DynamoDB's __type and message.
export async function call(action, request, { record } = {}) {
  const [prefix, name] = action.startsWith("Streams.")
    ? ["DynamoDBStreams_20120810", action.slice(8)]
    : ["DynamoDB_20120810", action];
  const body = stringify(request, 0);
  const headers = await signedHeaders({ body, target: `${prefix}.${name}`, host: location.host, credentials: credentials() });
  const started = performance.now();
  const response = await fetch("/", { method: "POST", headers, body, cache: "no-store" });
  const text = await response.text();
  const entry = { action: name, request, status: response.status, ms: performance.now() - started, responseText: text };
  if (record) record(entry);
  let data;
  try {
    data = text ? parse(text) : {};
  } catch {
    throw new ApiError("", `HTTP ${response.status}: ${text.slice(0, 200)}`, response.status);
  }
  entry.response = data;
  if (!response.ok) throw errorOf(data, response.status);
  return data;
}

function errorOf(data, status) {
  const type = String(data.__type || "").split("#").pop();
  return new ApiError(type, data.message || data.Message || `HTTP ${status}`, status);
}

// One /_minnow call: `method` and `path` after /_minnow/, `body` an object or undefined.
// The headers are the ones the test controls require of every caller.
export async function admin(method, path, body) {
  const response = await fetch(`/_minnow/${path}`, {
    method,
    headers: { "Content-Type": "application/json", "X-Minnow-Admin": "1" },
    body: body === undefined ? undefined : stringify(body, 0),
    cache: "no-store",
  });
  const text = await response.text();
  let data;
  try {
    data = text ? parse(text) : {};
  } catch {
    throw new ApiError("", `HTTP ${response.status}: ${text.slice(0, 200)}`, response.status);
  }
  if (!response.ok) throw errorOf(data, response.status);
  return data;
}
