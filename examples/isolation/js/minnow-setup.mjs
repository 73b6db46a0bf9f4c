// Every test its own database, with Vitest (or Jest: the same hooks): each worker forks the
// namespace Minnow was seeded with (minnow --seed ../fixtures.jsonl) into one of its own once,
// checkpoints it, and rewinds it after every test. Neither call copies the items, so they take
// the same time whatever the fixtures' size (docs/admin-api.md).
//
//   MINNOW_ENDPOINT=http://localhost:8000 npx vitest run
//
// Tests import `ddb` from here: a client signed with the worker's own access key.
import { beforeAll, afterEach } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';

const endpoint = process.env.MINNOW_ENDPOINT || 'http://localhost:8000';
const region = 'us-east-1';
const seed = `seed/${region}`;  // any namespace Minnow seeded (every one is) or the suite loaded
const accessKeyId = `vitest-${process.env.VITEST_POOL_ID ?? process.env.JEST_WORKER_ID ?? '1'}`;
const namespace = `${accessKeyId}/${region}`;

async function minnow(path, body = {}, ns) {
  const answer = await fetch(`${endpoint}/_minnow/${path}${ns ? `?namespace=${encodeURIComponent(ns)}` : ''}`, {
    method: 'POST', headers: { 'X-Minnow-Admin': '1', 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`/_minnow/${path}: ${answer.status} ${await answer.text()}`);
  return answer.json();
}

export const ddb = new DynamoDBClient({ endpoint, region, credentials: { accessKeyId, secretAccessKey: 'x' } });

let checkpoint;
beforeAll(async () => {
  await minnow('namespaces/fork', { source: seed, target: namespace, replace: true });
  checkpoint = (await minnow('checkpoint', {}, namespace)).id;
});
afterEach(() => minnow('rewind', { id: checkpoint }, namespace));
