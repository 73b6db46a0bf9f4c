// The PartiQL differential test (differential/partiql.mjs): 400 generated statements, run in order
// on one table, answer as DynamoDB Local answered them when the expectations were recorded
// (differential/partiql.expected.json; `node differential/partiql.mjs record` against DynamoDB
// Local re-records them, `node differential/partiql.mjs compare URL URL2` runs two servers).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { endpoint } from '../lib/env.mjs';
import { SEED, COUNT, run, differences, statements } from '../differential/partiql.mjs';
import { uniquePrefix } from '../lib/names.mjs';

test('400 generated statements answer as recorded from DynamoDB Local', async () => {
  const recorded = JSON.parse(await readFile(new URL('../differential/partiql.expected.json', import.meta.url), 'utf8'));
  assert.equal(recorded.seed, SEED, 'the expectations were recorded with another seed: re-record them');
  assert.equal(recorded.count, COUNT);
  const answers = await run(endpoint, `${uniquePrefix('partiql-diff')}t`);
  const diff = differences(recorded.answers, answers, statements());
  assert.deepEqual(diff.slice(0, 5), [], `${diff.length} of ${COUNT} statements differ; the first ones are shown`);
});
