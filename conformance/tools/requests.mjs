// Valid requests for every operation Minnow serves, using every member the operation has, and
// the tables they need (tools/requests.json, also read by tests/api/hostile_input_test.cpp):
// the starting point of tools/probe-types.mjs (which breaks one member at a time) and
// tools/differential.mjs (which sends sequences of them, some slightly broken).
//
// requests.json: {"setup": [[operation, request], ...], "requests": [[operation, request,
// options], ...]}. options.reference: which reference answers the operation like DynamoDB
// (dynalite, for its validation wording, unless it lacks the operation: dynamodb-local);
// options.before: requests that restore the state the request expects. Strings "$STREAM_ARN",
// "$SHARD_ID", "$SEQUENCE_NUMBER", "$SHARD_ITERATOR" and "$TOKEN" stand for values that differ per
// server; fill() replaces them.
import { readFileSync } from 'node:fs';
import { rawCall } from '../lib/http.mjs';

const data = JSON.parse(readFileSync(new URL('./requests.json', import.meta.url), 'utf8'));
export const SETUP = data.setup;
export const REQUESTS = data.requests;

// Sends one request to one server: { status, code, message, text, error } (error: no answer).
export async function send(url, operation, body, rawBody) {
  const streams = operation.startsWith('Streams.');
  const action = streams ? operation.slice('Streams.'.length) : operation;
  try {
    const res = await rawCall(action, body, {
      endpoint: url, rawBody,
      target: streams ? `DynamoDBStreams_20120810.${action}` : undefined,
    });
    return { status: res.status, code: res.code, message: res.message, text: res.text, body: res.body,
      json: res.body !== null };
  } catch (e) {
    return { status: 0, error: String(e.cause?.code || e.message || e) };
  }
}

// Creates the tables and items, then learns the values that differ per server.
export async function setup(url) {
  for (const [op, body] of SETUP) await send(url, op, body);
  const values = { $TOKEN: undefined };
  const described = await send(url, 'DescribeTable', { TableName: 'probe_items' });
  values.$STREAM_ARN = described.body?.Table?.LatestStreamArn || 'arn:aws:dynamodb:us-east-1:000000000000:table/x/stream/y';
  const stream = await send(url, 'Streams.DescribeStream', { StreamArn: values.$STREAM_ARN });
  const shard = stream.body?.StreamDescription?.Shards?.[0];
  values.$SHARD_ID = shard?.ShardId || 'shardId-00000000000000000000-00000000';
  values.$SEQUENCE_NUMBER = shard?.SequenceNumberRange?.StartingSequenceNumber || '000000000000000000001';
  const iterator = await send(url, 'Streams.GetShardIterator',
    { StreamArn: values.$STREAM_ARN, ShardId: values.$SHARD_ID, ShardIteratorType: 'TRIM_HORIZON' });
  values.$SHARD_ITERATOR = iterator.body?.ShardIterator || 'x'.repeat(40);
  return values;
}

// A copy of `request` with the per-server placeholders replaced ($TOKEN: a fresh token).
export function fill(request, values) {
  if (typeof request === 'string') {
    if (request === '$TOKEN') return `token-${Math.random().toString(36).slice(2)}`;
    return request in values ? values[request] : request;
  }
  if (Array.isArray(request)) return request.map((x) => fill(x, values));
  if (request && typeof request === 'object') {
    const out = {};
    for (const [k, v] of Object.entries(request)) if (v !== undefined) out[k] = fill(v, values);
    return out;
  }
  return request;
}
