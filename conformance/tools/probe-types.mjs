// Wrong-type prober: every member of every operation (at every depth of the requests in
// tools/requests.mjs: top-level members, their members, list elements, attribute values and their
// type keys) replaced in turn by each JSON value of the wrong kind, sent to Minnow and to the
// reference that answers that operation like DynamoDB. Reports every answer that is not JSON,
// every 5xx, every dropped connection, and every difference in status and error type (and
// message, against dynalite, whose wording was captured from DynamoDB).
//
//   node tools/probe-types.mjs --minnow URL --dynalite URL --local URL [--only Op] [--depth N]
//                              [--restart-dynalite 'COMMAND']
// dynalite exits on some inputs (an invalid number in a BETWEEN, ...): with --restart-dynalite
// the command (which must start it again on the same port) is run and its tables set up again.
//
// A tool, not a test: differences Minnow makes on purpose (see differsOn in the tests) are listed
// too. Exits 1 when Minnow answered 5xx, non-JSON, or not at all.
import { execSync } from 'node:child_process';
import { REQUESTS, fill, send, setup } from './requests.mjs';

const WRONG = [true, false, 0, 1, -1, 2, 1.5, 1e300, '', 'x', 'yes', 'NO', '1', [], [1], ['x'], [{}], {}, { a: 1 },
  { S: 'x' }, { NULL: 'no' }, null];

function args() {
  const out = { depth: 99 };
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i += 2) out[argv[i].replace(/^--/, '')] = argv[i + 1];
  if (!out.minnow) throw new Error('usage: probe-types.mjs --minnow URL [--dynalite URL] [--local URL] [--only Op]');
  out.depth = Number(out.depth);
  return out;
}

// Every path into `value` (objects' members and arrays' elements), parents first.
function* paths(value, depth, prefix = []) {
  if (prefix.length >= depth) return;
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v])
    : value && typeof value === 'object' ? Object.entries(value) : [];
  for (const [k, v] of entries) {
    if (v === undefined) continue;
    yield [...prefix, k];
    yield* paths(v, depth, [...prefix, k]);
  }
}

function replaced(request, path, wrong) {
  const copy = structuredClone(request);
  let at = copy;
  for (const k of path.slice(0, -1)) at = at[k];
  at[path[path.length - 1]] = structuredClone(wrong);
  return copy;
}

// Runs the requests of options.before, waiting for deleted tables to be gone (dynalite deletes
// them a little later).
async function prepare(url, requests = []) {
  for (const [op, body] of requests) {
    const r = await send(url, op, body);
    if (op !== 'DeleteTable' || r.status !== 200) continue;
    for (let i = 0; i < 100 && (await send(url, 'DescribeTable', body)).status === 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

const summary = (r) => (r.error ? `no answer (${r.error})` : `${r.status} ${r.code ?? 'OK'}${r.message ? `: ${r.message}` : ''}`);

async function main() {
  const opts = args();
  const refs = { dynalite: opts.dynalite, 'dynamodb-local': opts.local };
  const servers = { minnow: opts.minnow, ...Object.fromEntries(Object.entries(refs).filter(([, u]) => u)) };
  const values = {};
  for (const [name, url] of Object.entries(servers)) values[name] = await setup(url);

  const failures = [];
  const differences = [];
  let probes = 0;
  for (const [operation, request, options = {}] of REQUESTS) {
    if (opts.only && operation !== opts.only) continue;
    let refName = options.reference || 'dynalite';
    if (!refs[refName]) refName = Object.keys(refs).find((r) => refs[r]);
    for (const path of paths(request, opts.depth)) {
      for (const wrong of WRONG) {
        const probe = replaced(request, path, wrong);
        const answers = {};
        for (const name of ['minnow', refName].filter(Boolean)) {
          await prepare(servers[name], options.before);
          answers[name] = await send(servers[name], operation, fill(probe, values[name]));
          if (answers[name].error && name === 'dynalite' && opts['restart-dynalite']) {
            execSync(opts['restart-dynalite'], { stdio: 'ignore' });
            values[name] = await setup(servers[name]);
            answers[name] = { status: 0, error: 'dynalite exited' };
          }
        }
        probes++;
        const m = answers.minnow;
        const where = `${operation} ${path.join('.')} = ${JSON.stringify(wrong)}`;
        if (m.error || m.status >= 500 || !m.json) {
          failures.push(`${where}: ${summary(m)}${m.error ? '' : ` ${m.text.slice(0, 200)}`}`);
          continue;
        }
        const r = refName && answers[refName];
        if (!r || r.error || r.status >= 500) continue;  // the reference has no answer to compare with
        // DynamoDB Local converts JSON types where DynamoDB's front end refuses them.
        if (refName === 'dynamodb-local' && m.code === 'SerializationException') continue;
        const sameType = m.status === r.status && (m.code ?? '') === (r.code ?? '');
        const sameMessage = refName !== 'dynalite' || (m.message ?? '') === (r.message ?? '');
        if (!sameType || !sameMessage) {
          differences.push(`${where}\n    minnow:   ${summary(m)}\n    ${refName.padEnd(9)} ${summary(r)}`);
        }
      }
    }
  }
  console.log(`${probes} probes; ${failures.length} failures (5xx, not JSON, no answer); ${differences.length} differences`);
  if (failures.length) console.log(`\n== failures\n${failures.join('\n')}`);
  if (differences.length) console.log(`\n== differences from the reference\n${differences.join('\n')}`);
  process.exit(failures.length ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(2);
});
