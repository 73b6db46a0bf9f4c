// The PartiQL differential test: a few hundred generated SELECT, UPDATE, DELETE and INSERT
// statements, run in order against one table with the same data, and their answers (items or
// errors) compared.
//
//   node differential/partiql.mjs record            # run against DYNAMODB_ENDPOINT (DynamoDB Local),
//                                                   # write differential/partiql.expected.json
//   node differential/partiql.mjs compare URL URL2 [SEED]  # run against both (another seed: other
//                                                   # statements), print the differences
//   (test/partiql_differential.test.mjs runs the recorded expectations against DYNAMODB_ENDPOINT)
//
// The statements come from a seeded generator, so the file is reproducible. Items of a read are
// compared as a set unless the statement has ORDER BY (Scan order is each server's own). Errors
// are compared by code and message, with DynamoDB Local's known wording differences mapped
// (knownDifference below).
import { rawCall } from '../lib/http.mjs';
import { normalise } from '../lib/values.mjs';

export const SEED = 20261201;
export const COUNT = 400;

// mulberry32: a small, seedable PRNG.
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['apple', 'apricot', 'banana', 'berry', 'cherry', 'ap', ''];

// The table's items: 5 partitions of 6 items, with attributes of several types, some absent.
export function items() {
  const out = [];
  for (let p = 0; p < 5; p++) {
    for (let s = 0; s < 6; s++) {
      const i = p * 6 + s;
      const item = { pk: { S: `p${p}` }, sk: { N: String(s) } };
      if (i % 7 !== 0) item.n = i % 5 === 0 ? { S: String(s * 3 - p) } : { N: String(s * 3 - p) };
      if (i % 4 !== 1) item.s = { S: WORDS[i % WORDS.length] };
      if (i % 3 === 0) item.b = { BOOL: i % 2 === 0 };
      if (i % 8 === 2) item.b = { NULL: true };
      if (i % 2 === 0) item.m = { M: { k: { N: String(s) }, t: { S: WORDS[(i + 2) % WORDS.length] } } };
      if (i % 3 !== 2) item.l = { L: [{ N: String(p) }, { S: WORDS[(i + 1) % WORDS.length] }] };
      if (i % 5 === 1) item.ss = { SS: ['x', `y${p}`] };
      if (i % 6 === 3) item.ns = { NS: [String(s), String(s + 10)] };
      out.push(item);
    }
  }
  return out;
}

// The generated statements; "TBL" stands for the table's name.
export function statements(seed = SEED, count = COUNT) {
  const r = prng(seed);
  const pick = (a) => a[Math.floor(r() * a.length)];
  const int = (lo, hi) => lo + Math.floor(r() * (hi - lo + 1));
  const chance = (p) => r() < p;
  const str = () => `'${pick(WORDS)}'`;
  const num = () => String(int(-3, 16));
  const value = () => (chance(0.7) ? num() : str());
  const pk = () => `'p${int(0, 5)}'`;  // p5 has no items
  const cmp = () => pick(['=', '<>', '<', '<=', '>', '>=']);

  const atoms = [
    () => `n ${cmp()} ${value()}`,
    () => `s ${cmp()} ${str()}`,
    () => `n BETWEEN ${num()} AND ${num()}`,
    () => `n ${chance(0.2) ? 'NOT ' : ''}IN [${value()}, ${value()}${chance(0.5) ? `, ${value()}` : ''}]`,
    () => `begins_with(s, ${pick(["'ap'", "'b'", "'c'", "''"])})`,
    () => `contains(s, ${pick(["'an'", "'rr'", "'p'"])})`,
    () => `contains(ss, ${pick(["'x'", "'y1'", "'z'"])})`,
    () => `contains(l, ${value()})`,
    () => `size(s) ${cmp()} ${int(0, 7)}`,
    () => `size(l) = ${int(0, 3)}`,
    () => `attribute_type(n, ${pick(["'N'", "'S'", "'NULL'"])})`,
    () => `${pick(['n', 's', 'b', 'm', 'l', 'ss', 'ns', 'nope', 'm.k'])} IS ${chance(0.4) ? 'NOT ' : ''}${pick(['MISSING', 'NULL', 'STRING', 'NUMERIC', 'BOOLEAN', 'LIST', 'STRUCT'])}`,
    () => `attribute_exists(${pick(['m.k', 'm.t', 'b', 'l[1]', 'ns'])})`,
    () => `m.k ${cmp()} ${num()}`,
    () => `l[0] ${cmp()} ${num()}`,
    () => `l[1] = ${str()}`,
    () => `b = ${pick(['TRUE', 'FALSE', 'NULL'])}`,
    () => `sk ${cmp()} ${num()}`,
    () => `pk ${pick(['=', '<>', '>', '<'])} ${pk()}`,
    () => `m = {'k': ${int(0, 5)}, 't': ${str()}}`,
    () => `ss = <<'x', 'y${int(0, 4)}'>>`,
  ];
  const condition = (depth) => {
    if (depth <= 0 || chance(0.45)) return pick(atoms)();
    const k = r();
    if (k < 0.4) return `${condition(depth - 1)} AND ${condition(depth - 1)}`;
    if (k < 0.75) return `(${condition(depth - 1)} OR ${condition(depth - 1)})`;
    return `NOT (${condition(depth - 1)})`;
  };
  const projections = [['pk', 'sk'], ['n'], ['s', 'm.k'], ['l[1]', 'pk'], ['m.t', 'b', 'ns'], ['nope'], ['ss', 'l[0]', 'sk'],
    ['n', 'n'], ['m', 'm.k']];
  const select = () => {
    const proj = chance(0.55) ? '*' : pick(projections).join(', ');
    const k = r();
    let where;
    let order = '';
    if (k < 0.25) {
      where = `pk = ${pk()} AND sk = ${int(0, 6)}${chance(0.4) ? ` AND ${condition(1)}` : ''}`;
    } else if (k < 0.55) {
      const sort = pick(['', ` AND sk > ${int(0, 4)}`, ` AND sk BETWEEN ${int(0, 2)} AND ${int(2, 5)}`, ` AND sk <= ${int(1, 5)}`, ` AND sk IN [${int(0, 5)}, ${int(0, 5)}]`]);
      where = `pk = ${pk()}${sort}${chance(0.5) ? ` AND ${condition(2)}` : ''}`;
      if (chance(0.4)) order = ` ORDER BY sk ${pick(['ASC', 'DESC'])}`;
    } else if (k < 0.65) {
      where = `pk IN [${pk()}, ${pk()}]${chance(0.5) ? ` AND ${condition(1)}` : ''}`;
      if (chance(0.5)) order = ` ORDER BY pk ${pick(['ASC', 'DESC'])}, sk ${pick(['ASC', 'DESC'])}`;
    } else if (k < 0.97) {
      where = condition(3);
    } else {
      where = pick(['pk = 1', 'pk = \'p1\' AND sk = \'1\'', 'x = MISSING', 'n = n', 'foo(n)', 'n + 1 = 2']);
    }
    return `SELECT ${proj} FROM TBL WHERE ${where}${order}`;
  };
  const key = () => `pk = ${pk()} AND sk = ${int(0, 6)}`;
  const update = () => {
    const actions = [];
    const targets = new Set();
    const add = (target, text) => {
      if (targets.has(target)) return;
      targets.add(target);
      actions.push(text);
    };
    for (let i = int(1, 3); i > 0; i--) {
      pick([
        () => add('n', `SET n = n + ${int(1, 3)}`),
        () => add('n', `SET n = ${num()}`),
        () => add('s', `SET s = ${str()}`),
        () => add('l', `SET l = list_append(l, [${num()}])`),
        () => add('ss', `SET ss = set_add(ss, <<'z'>>)`),
        () => add('ss', `SET ss = set_delete(ss, <<'x'>>)`),
        () => add('m', `SET m.k = ${num()}`),
        () => add('c', `SET c = if_not_exists(c, ${num()})`),
        () => add('b', 'REMOVE b'),
        () => add('l', 'REMOVE l[0]'),
      ])();
    }
    const cond = chance(0.5) ? ` AND ${condition(1)}` : '';
    const ret = chance(0.5) ? ` RETURNING ${pick(['ALL OLD *', 'ALL NEW *', 'MODIFIED OLD *', 'MODIFIED NEW *'])}` : '';
    return `UPDATE TBL ${actions.join(' ')} WHERE ${key()}${cond}${ret}`;
  };
  const remove = () => `DELETE FROM TBL WHERE ${key()}${chance(0.5) ? ` AND ${condition(1)}` : ''}${chance(0.5) ? ' RETURNING ALL OLD *' : ''}`;
  const insert = () => `INSERT INTO TBL VALUE {'pk': ${pk()}, 'sk': ${int(0, 6)}, 'n': ${num()}, 's': ${str()}}`;

  const out = [];
  for (let i = 0; i < count; i++) {
    const k = r();
    out.push(k < 0.6 ? select() : k < 0.82 ? update() : k < 0.92 ? remove() : insert());
  }
  return out;
}

// DynamoDB Local's wording where it is known to differ from DynamoDB's (and Minnow's).
function canonicalError(code, message) {
  if (code === 'DuplicateItem') code = 'DuplicateItemException';
  return { code, message };
}

// Runs every statement in order against a fresh table at `url`; returns one answer per statement.
export async function run(url, tableName, seed = SEED) {
  const call = (action, body) => rawCall(action, body, { endpoint: url });
  const KeySchema = [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }];
  const AttributeDefinitions = [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'sk', AttributeType: 'N' }];
  const created = await call('CreateTable', { TableName: tableName, KeySchema, AttributeDefinitions, BillingMode: 'PAY_PER_REQUEST' });
  if (created.status !== 200) throw new Error(`CreateTable: ${created.text}`);
  try {
    for (const Item of items()) {
      const res = await call('PutItem', { TableName: tableName, Item });
      if (res.status !== 200) throw new Error(`PutItem: ${res.text}`);
    }
    const answers = [];
    for (const text of statements(seed)) {
      const Statement = text.replace('TBL', `"${tableName}"`);
      const res = await call('ExecuteStatement', { Statement });
      if (res.status === 200) {
        let list = canonical(normalise(res.body.Items || []));
        if (!/ORDER BY/.test(text)) list = list.map((i) => JSON.stringify(i)).sort().map((s) => JSON.parse(s));
        answers.push({ items: list });
      } else if (res.status >= 500) {
        // DynamoDB Local fails on ORDER BY when the projection leaves out the attributes it
        // sorts by: no expectation for these.
        answers.push({ skip: `HTTP ${res.status} ${res.code}` });
      } else {
        answers.push({ error: canonicalError(res.code, res.message), status: res.status });
      }
    }
    return answers;
  } finally {
    await call('DeleteTable', { TableName: tableName });
  }
}

// Items of a map in a fixed order, so that answers compare as JSON.
export function canonical(v) {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical(v[k])]));
  return v;
}

export function differences(expected, actual, texts = statements()) {
  const out = [];
  for (let i = 0; i < texts.length; i++) {
    if (expected[i].skip || actual[i].skip) continue;
    const a = JSON.stringify(canonical(expected[i]));
    const b = JSON.stringify(canonical(actual[i]));
    if (a !== b) out.push({ index: i, statement: texts[i], expected: expected[i], actual: actual[i] });
  }
  return out;
}

async function main() {
  const [mode, ...urls] = process.argv.slice(2);
  const { writeFile } = await import('node:fs/promises');
  const name = `cf-partiql-diff-${Date.now().toString(36)}`;
  if (mode === 'record') {
    const { endpoint } = await import('../lib/env.mjs');
    const answers = await run(endpoint, name);
    const path = new URL('./partiql.expected.json', import.meta.url);
    await writeFile(path, JSON.stringify({ seed: SEED, count: COUNT, answers: answers.map(canonical) }, null, 0) + '\n');
    const errors = answers.filter((a) => a.error).length;
    console.log(`recorded ${answers.length} answers (${errors} errors) from ${endpoint}`);
  } else if (mode === 'compare' && (urls.length === 2 || urls.length === 3)) {
    const seed = urls[2] ? Number(urls[2]) : SEED;
    const [a, b] = [await run(urls[0], name, seed), await run(urls[1], name, seed)];
    const texts = statements(seed);
    const diff = differences(a, b, texts);
    for (const d of diff) console.log(JSON.stringify(d));
    console.log(`${texts.length - diff.length} of ${texts.length} statements agree`);
    process.exitCode = diff.length ? 1 : 0;
  } else {
    console.error('usage: node differential/partiql.mjs record | compare URL URL2');
    process.exitCode = 2;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
