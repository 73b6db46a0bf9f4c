// Raw wire-level calls, for checks the SDK hides: HTTP status, the full `__type` with its
// namespace, the message and its key (`message` in DynamoDB, `Message` in DynamoDB Local),
// response headers and malformed requests. Requests are signed with SigV4 by default
// (same credentials as the SDK client, so DynamoDB Local shows the same tables).
import { createHash, createHmac } from 'node:crypto';
import assert from 'node:assert/strict';
import { endpoint, region, credentials } from './env.mjs';

const sha256hex = (data) => createHash('sha256').update(data).digest('hex');
const hmac = (key, data) => createHmac('sha256', key).update(data).digest();

function amzDate(now = new Date()) {
  return now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

const uriEncode = (text) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

// AWS Signature Version 4 for a POST (to "/", the only path DynamoDB uses, unless `path` says
// otherwise; plain characters only): the headers to send (Authorization added), or with
// `presign` the query string to send instead (X-Amz-*).
// Options: credentials (default the suite's), region (default the suite's), date (a Date,
// default now), presign, path.
export function signHeaders(headers, body, url = endpoint, opts = {}) {
  const creds = opts.credentials || credentials;
  const host = new URL(url).host;
  const date = amzDate(opts.date);
  const signingRegion = opts.region || region;
  const scope = `${date.slice(0, 8)}/${signingRegion}/dynamodb/aws4_request`;
  const all = opts.presign ? { ...headers, host } : { ...headers, host, 'x-amz-date': date };
  const names = Object.keys(all).map((h) => h.toLowerCase()).sort();
  const lower = Object.fromEntries(Object.entries(all).map(([k, v]) => [k.toLowerCase(), String(v).trim()]));
  const canonicalHeaders = names.map((h) => `${h}:${lower[h]}\n`).join('');
  const signedHeaders = names.join(';');
  let query = '';
  if (opts.presign) {
    const params = {
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256', 'X-Amz-Credential': `${creds.accessKeyId}/${scope}`,
      'X-Amz-Date': date, 'X-Amz-Expires': '300', 'X-Amz-SignedHeaders': signedHeaders,
    };
    query = Object.keys(params).sort().map((k) => `${uriEncode(k)}=${uriEncode(params[k])}`).join('&');
  }
  const canonicalRequest = ['POST', opts.path || '/', query, canonicalHeaders, signedHeaders, sha256hex(body)].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256hex(canonicalRequest)].join('\n');
  let key = hmac(`AWS4${creds.secretAccessKey}`, date.slice(0, 8));
  for (const part of [signingRegion, 'dynamodb', 'aws4_request']) key = hmac(key, part);
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  if (opts.presign) return { headers: { ...headers }, query: `${query}&X-Amz-Signature=${signature}` };
  const out = { ...headers, 'x-amz-date': date };
  out.authorization = `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope}, ` +
    `SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return out;
}

// rawCall('PutItem', {...}) sends DynamoDB_20120810.PutItem with application/x-amz-json-1.0.
// Options:
//   headers     extra headers; a header set to null is removed (e.g. {authorization: null})
//   rawBody     send this string (or Buffer) instead of JSON.stringify(body)
//   target      full X-Amz-Target value (default DynamoDB_20120810.<action>)
//   contentType default application/x-amz-json-1.0
//   sign        false: send no Authorization header at all
//   signing     options for signHeaders (credentials, date, presign)
//   signedBody  sign this instead of the body sent (a tampered request)
//   endpoint    another server than DYNAMODB_ENDPOINT (the tools in tools/ talk to several)
//   method, path, query  for non-API requests (GET /, OPTIONS) or extra query parameters
export async function rawCall(action, body = {}, opts = {}) {
  const text = opts.rawBody !== undefined ? opts.rawBody : JSON.stringify(body);
  const url = opts.endpoint || endpoint;
  const method = opts.method || 'POST';
  let headers = {};
  let query = opts.query || '';
  if (method === 'POST') {
    headers['content-type'] = opts.contentType || 'application/x-amz-json-1.0';
    headers['x-amz-target'] = opts.target || `DynamoDB_20120810.${action}`;
  }
  if (opts.sign !== false && method === 'POST') {
    const signed = signHeaders(headers, opts.signedBody !== undefined ? opts.signedBody : text, url,
      { ...opts.signing, path: opts.path });
    if (opts.signing && opts.signing.presign) ({ headers, query } = signed);
    else headers = signed;
  }
  for (const [k, v] of Object.entries(opts.headers || {})) {
    delete headers[k.toLowerCase()];
    if (v !== null) headers[k.toLowerCase()] = v;
  }
  const res = await fetch(url + (opts.path || '/') + (query ? `?${query}` : ''), {
    method,
    headers,
    body: method === 'POST' ? text : undefined,
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const out = { status: res.status, headers: res.headers, bytes, text: bytes.toString('utf8'), body: null };
  try { out.body = JSON.parse(out.text); } catch { /* not JSON */ }
  const b = out.body && typeof out.body === 'object' ? out.body : {};
  out.type = b.__type;
  out.code = typeof b.__type === 'string' ? b.__type.split('#').pop() : undefined;
  out.message = b.message !== undefined ? b.message : b.Message;
  out.messageKey = 'message' in b ? 'message' : ('Message' in b ? 'Message' : undefined);
  return out;
}

// DynamoDB's error namespaces, as real DynamoDB sends them in `__type`.
export const ERROR_TYPES = {
  ValidationException: 'com.amazon.coral.validate#ValidationException',
  SerializationException: 'com.amazon.coral.service#SerializationException',
  UnknownOperationException: 'com.amazon.coral.service#UnknownOperationException',
  MissingAuthenticationTokenException: 'com.amazon.coral.service#MissingAuthenticationTokenException',
  IncompleteSignatureException: 'com.amazon.coral.service#IncompleteSignatureException',
  InvalidSignatureException: 'com.amazon.coral.service#InvalidSignatureException',
  UnrecognizedClientException: 'com.amazon.coral.service#UnrecognizedClientException',
  ResourceNotFoundException: 'com.amazonaws.dynamodb.v20120810#ResourceNotFoundException',
  ResourceInUseException: 'com.amazonaws.dynamodb.v20120810#ResourceInUseException',
  ConditionalCheckFailedException: 'com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException',
  AccessDeniedException: 'com.amazon.coral.service#AccessDeniedException',
  LimitExceededException: 'com.amazonaws.dynamodb.v20120810#LimitExceededException',
  BackupNotFoundException: 'com.amazonaws.dynamodb.v20120810#BackupNotFoundException',
  BackupInUseException: 'com.amazonaws.dynamodb.v20120810#BackupInUseException',
  TableNotFoundException: 'com.amazonaws.dynamodb.v20120810#TableNotFoundException',
  TableAlreadyExistsException: 'com.amazonaws.dynamodb.v20120810#TableAlreadyExistsException',
  TableInUseException: 'com.amazonaws.dynamodb.v20120810#TableInUseException',
  PointInTimeRecoveryUnavailableException: 'com.amazonaws.dynamodb.v20120810#PointInTimeRecoveryUnavailableException',
  InvalidRestoreTimeException: 'com.amazonaws.dynamodb.v20120810#InvalidRestoreTimeException',
  PolicyNotFoundException: 'com.amazonaws.dynamodb.v20120810#PolicyNotFoundException',
};

// Asserts an error reply: HTTP 400, the exact `__type` (namespace included) and, unless
// `message` is undefined or skipMessage is truthy, the exact message text.
export function expectError(res, code, message, skipMessage = false) {
  const detail = `HTTP ${res.status} ${res.text}`;
  assert.equal(res.status, 400, detail);
  assert.equal(res.type, ERROR_TYPES[code] || code, detail);
  if (message !== undefined && !skipMessage) {
    if (message instanceof RegExp) assert.match(res.message ?? '', message, detail);
    else assert.equal(res.message, message, detail);
  }
}

// Asserts a successful reply and returns its parsed body.
export function expectOk(res) {
  assert.equal(res.status, 200, `HTTP ${res.status} ${res.text}`);
  return res.body;
}

// CRC32 (IEEE 802.3), as in the x-amz-crc32 header.
const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();
export function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
