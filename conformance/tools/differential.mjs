// Differential fuzzer: generated sequences of requests, valid and slightly broken, sent in the same
// order to Minnow and to the references, every answer compared. A tool, not a test: it reports
// every divergence, grouped, with what reproduces it (seed and step).
//
//   node tools/differential.mjs --minnow URL [--dynalite URL] [--local URL] [--seed N]
//                               [--sequences N] [--length N] [--restart-dynalite 'COMMAND']
//
// Each sequence starts from fresh tables (tools/requests.json's set-up, under names unique to the
// sequence) and sends --length requests drawn from tools/requests.json: each one varied (keys and
// values drawn from a small set so that requests meet the same items, enums swapped for other
// valid values, optional members dropped) and, one time in three, broken a little (a member of
// the wrong type, an empty or missing required member, an invalid number, a bad expression). An
// operation is compared with the reference that answers it like DynamoDB (dynalite for the
// validation wording of the operations it has, DynamoDB Local otherwise): status and error type
// always, the message against dynalite, and the body of a success (Items compared as sets;
// ConsumedCapacity and volatile fields left out; for the operations in STATUS_ONLY, only the
// status). Differences also show where the references
// disagree between themselves.
import { execSync } from 'node:child_process';
import { REQUESTS, SETUP, fill, send, setup } from './requests.mjs';

function args() {
  const out = { seed: 1, sequences: 20, length: 30 };
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i += 2) out[argv[i].replace(/^--/, '')] = argv[i + 1];
  if (!out.minnow) throw new Error('usage: differential.mjs --minnow URL [--dynalite URL] [--local URL] [--seed N]');
  for (const k of ['seed', 'sequences', 'length']) out[k] = Number(out[k]);
  return out;
}

// xorshift32: the same sequences for the same seed.
function rng(seed) {
  let x = seed >>> 0 || 1;
  const next = () => {
    x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
    return x / 4294967296;
  };
  return { next, int: (n) => Math.floor(next() * n), pick: (a) => a[Math.floor(next() * a.length)], chance: (p) => next() < p };
}

const ENUMS = {
  ReturnValues: ['NONE', 'ALL_OLD', 'UPDATED_OLD', 'ALL_NEW', 'UPDATED_NEW'],
  ReturnConsumedCapacity: ['NONE', 'TOTAL', 'INDEXES'],
  ReturnItemCollectionMetrics: ['NONE', 'SIZE'],
  ReturnValuesOnConditionCheckFailure: ['NONE', 'ALL_OLD'],
  Select: ['ALL_ATTRIBUTES', 'ALL_PROJECTED_ATTRIBUTES', 'SPECIFIC_ATTRIBUTES', 'COUNT'],
  ConditionalOperator: ['AND', 'OR'],
  ComparisonOperator: ['EQ', 'NE', 'LE', 'LT', 'GE', 'GT', 'NOT_NULL', 'NULL', 'CONTAINS', 'NOT_CONTAINS', 'BEGINS_WITH', 'IN', 'BETWEEN'],
  ShardIteratorType: ['TRIM_HORIZON', 'LATEST', 'AT_SEQUENCE_NUMBER', 'AFTER_SEQUENCE_NUMBER'],
};
const PKS = ['a', 'b', 'c', ''];
const NUMBERS = ['1', '2', '3', '0', '-1', '1.50', '1e2', '99999999999999999999999999999999999999', '1e126', 'x', ''];
const STRINGS = ['x', 'y', 'g1', 'l1', '', 'é', 'a'.repeat(300)];
const EXPRESSIONS = {
  ConditionExpression: ['attribute_exists(pk)', 'attribute_not_exists(pk)', '#s = :v', 'size(li) > :zero', 'n BETWEEN :one AND :zero', 'contains(ss, :v)', 'pk = :v OR', '(#s = :v'],
  FilterExpression: ['#s = :v', 'attribute_exists(n)', 'n > :zero', 'begins_with(s, :v)', 'sk = :one', 'NOT'],
  ProjectionExpression: ['pk, sk, #s', 'li[0], m.k', 'n', '#s, #s', 'a..b'],
  UpdateExpression: ['SET #s = :v', 'SET n = n + :one', 'REMOVE zz', 'ADD ns :ns', 'SET li = list_append(li, :l)', 'SET pk = :v', 'DELETE ss :ssd', 'SET #s = :v REMOVE #s'],
};

// Keys and values from small sets, enums swapped, optional members dropped.
function vary(value, r, key = '') {
  if (Array.isArray(value)) return value.filter(() => !r.chance(0.05)).map((v) => vary(v, r, key));
  if (value && typeof value === 'object') {
    const out = {};
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined) continue;
      if (k === 'S' && typeof v === 'string' && r.chance(0.3)) out[k] = key === 'pk' ? r.pick(PKS) : r.pick(STRINGS);
      else if (k === 'N' && typeof v === 'string' && r.chance(0.3)) out[k] = r.pick(NUMBERS);
      else if (ENUMS[k] && r.chance(0.3)) out[k] = r.pick(ENUMS[k]);
      else if (EXPRESSIONS[k] && r.chance(0.3)) out[k] = r.pick(EXPRESSIONS[k]);
      else if (!/^(TableName|Key|Item|KeySchema|AttributeDefinitions|TransactItems|RequestItems)$/.test(k) && r.chance(0.05)) continue;
      else out[k] = vary(v, r, k);
    }
    return out;
  }
  return value;
}

const WRONG = [true, 0, 1.5, '', 'x', [], {}, { S: 'x' }, { NULL: false }, null];

// One member somewhere replaced by a wrong value, or removed.
function breakOne(value, r) {
  const paths = [];
  const walk = (v, path) => {
    if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        paths.push([...path, k]);
        walk(x, [...path, k]);
      }
    }
  };
  walk(value, []);
  if (!paths.length) return value;
  const path = r.pick(paths);
  const copy = structuredClone(value);
  let at = copy;
  for (const k of path.slice(0, -1)) at = at[k];
  const last = path[path.length - 1];
  if (r.chance(0.3) && !Array.isArray(at)) delete at[last];
  else at[last] = structuredClone(r.pick(WRONG));
  return copy;
}

// Table names unique to one sequence, so that sequences do not see each other's items.
function renamed(value, suffix) {
  const json = JSON.stringify(value).replace(/"(probe_[a-z]+)"/g, `"$1_${suffix}"`);
  return JSON.parse(json);
}

// What must be equal between two successful answers.
function normalised(body) {
  const drop = new Set(['ConsumedCapacity', 'CreationDateTime', 'TableId', 'TableArn', 'LatestStreamArn', 'LatestStreamLabel',
    'StreamArn', 'IndexArn', 'ApproximateCreationDateTime', 'SequenceNumber', 'ShardIterator', 'NextShardIterator',
    'LastDecreaseDateTime', 'LastIncreaseDateTime', 'TableSizeBytes', 'IndexSizeBytes', 'ItemCount', 'ProvisionedThroughput',
    'BillingModeSummary', 'TableClassSummary', 'DeletionProtectionEnabled', 'WarmThroughput', 'eventID', 'ShardId',
    'SequenceNumberRange', 'LastEvaluatedShardId', 'StreamLabel', 'CreationRequestDateTime', 'ItemCollectionMetrics']);
  const walk = (v) => {
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') {
      const out = {};
      for (const k of Object.keys(v).sort()) if (!drop.has(k)) out[k] = walk(v[k]);
      if (Array.isArray(out.Items)) out.Items = out.Items.map((x) => JSON.stringify(x)).sort();
      return out;
    }
    return v;
  };
  return JSON.stringify(walk(body));
}

// Operations whose successful answers depend on more than the sequence (every table of the
// server, ARNs, stream positions): only their status and error are compared.
const STATUS_ONLY = new Set(['ListTables', 'DescribeTable', 'UpdateTable', 'Streams.ListStreams', 'Streams.DescribeStream',
  'Streams.GetShardIterator', 'Streams.GetRecords']);

function outcome(operation, answer, withMessage) {
  if (answer.error) return `no answer (${answer.error})`;
  if (answer.status !== 200) return `${answer.status} ${answer.code}${withMessage && answer.message ? `: ${answer.message}` : ''}`;
  return STATUS_ONLY.has(operation) ? '200' : `200 ${normalised(answer.body).slice(0, 400)}`;
}

async function main() {
  const opts = args();
  const refs = Object.fromEntries([['dynalite', opts.dynalite], ['dynamodb-local', opts.local]].filter(([, u]) => u));
  const servers = { minnow: opts.minnow, ...refs };
  const groups = new Map();
  let requests = 0;
  let failures = 0;
  for (let s = 0; s < opts.sequences; s++) {
    const seed = opts.seed + s;
    const r = rng(seed);
    const suffix = `d${seed}`;
    const values = {};
    for (const [name, url] of Object.entries(servers)) {
      for (const [op, body] of SETUP) await send(url, op, renamed(body, suffix));
      values[name] = await setup(url);  // the stream and shard of the shared probe_items table
    }
    for (let step = 0; step < opts.length; step++) {
      const [operation, template, options = {}] = r.pick(REQUESTS);
      if (operation === 'CreateTable' || operation === 'DeleteTable') continue;  // tables stay fixed
      let request = vary(renamed(template, suffix), r);
      const broken = r.chance(1 / 3);
      if (broken) request = breakOne(request, r);
      let refName = options.reference || 'dynalite';
      if (!refs[refName]) refName = Object.keys(refs)[0];
      const answers = {};
      for (const name of Object.keys(servers)) {
        answers[name] = await send(servers[name], operation, fill(request, values[name]));
        if (answers[name].error && name === 'dynalite' && opts['restart-dynalite']) {
          execSync(opts['restart-dynalite'], { stdio: 'ignore' });
          for (const [op, body] of SETUP) await send(servers[name], op, renamed(body, suffix));
          values[name] = await setup(servers[name]);
        }
      }
      requests++;
      const m = answers.minnow;
      if (m.error || m.status >= 500 || !m.json) {
        failures++;
        console.log(`FAILURE seed ${seed} step ${step} ${operation}: ${outcome(operation, m, true)}\n  ${JSON.stringify(request).slice(0, 600)}`);
      }
      if (!refName) continue;
      const ref = answers[refName];
      if (ref.error || ref.status >= 500) continue;
      // DynamoDB Local converts JSON types where DynamoDB's front end refuses them.
      if (refName === 'dynamodb-local' && m.code === 'SerializationException') continue;
      const withMessage = refName === 'dynalite';
      const mine = outcome(operation, m, withMessage);
      const theirs = outcome(operation, ref, withMessage);
      if (mine === theirs) continue;
      const key = `${operation}: minnow ${mine.slice(0, 160)} | ${refName} ${theirs.slice(0, 160)}`;
      if (!groups.has(key)) groups.set(key, { count: 0, example: { seed, step, broken, request } });
      groups.get(key).count++;
    }
  }
  console.log(`${requests} requests in ${opts.sequences} sequences; ${failures} failures (5xx, not JSON, no answer); ` +
    `${groups.size} kinds of difference`);
  for (const [key, { count, example }] of [...groups].sort((a, b) => b[1].count - a[1].count)) {
    console.log(`\n${count}x ${key}\n  e.g. seed ${example.seed} step ${example.step}${example.broken ? ' (broken)' : ''}: ` +
      `${JSON.stringify(example.request).slice(0, 500)}`);
  }
  process.exit(failures ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(2);
});
