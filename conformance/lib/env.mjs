// Which server the suite talks to, and which reference (if any) that server is.
// DYNAMODB_ENDPOINT picks the server; MINNOW_REFERENCE names a reference implementation
// (dynamodb-local or dynalite) so that its known differences from real DynamoDB are skipped.

export const endpoint = (process.env.DYNAMODB_ENDPOINT || 'http://127.0.0.1:8000').replace(/\/+$/, '');
export const region = 'us-east-1';
// A Minnow started with --verify-signatures and the suite's credentials (scripts/test starts
// one); the tests of signature verification skip without it (no reference verifies signatures).
// MINNOW_VERIFIES_SIGNATURES=1 says DYNAMODB_ENDPOINT is such a Minnow.
export const verifyingEndpoint = process.env.MINNOW_VERIFIES_SIGNATURES === '1' ? endpoint
  : (process.env.MINNOW_VERIFYING_ENDPOINT || '').replace(/\/+$/, '');
// DynamoDB Local keeps one database per access key and region: the SDK client and rawCall
// must use the same credentials to see the same tables.
export const credentials = { accessKeyId: 'AKIDMINNOWCONFORMANCE', secretAccessKey: 'minnow-conformance-secret' };

// Whether the server keeps one database for every credential (DynamoDB Local's -sharedDb,
// Minnow's --shared-db) instead of one per access key and region: DYNAMODB_SHARED_DB=1.
// Only test/namespaces.test.mjs and test/fork_rewind.test.mjs depend on it.
export const sharedDb = process.env.DYNAMODB_SHARED_DB === '1';

const KNOWN_REFERENCES = ['dynamodb-local', 'dynalite'];
export const reference = process.env.MINNOW_REFERENCE || '';
if (reference && !KNOWN_REFERENCES.includes(reference)) {
  throw new Error(`MINNOW_REFERENCE must be one of ${KNOWN_REFERENCES.join(', ')} (got ${reference})`);
}

// SDK releases warn that a future version will need node 22; that is noise in test output.
// Other warnings are still printed.
const defaultWarningListeners = process.listeners('warning');
process.removeAllListeners('warning');
process.on('warning', (w) => {
  if (w && String(w.message).startsWith('NodeVersionSupportWarning')) return;
  for (const l of defaultWarningListeners) l(w);
});

// Whether the server keeps DynamoDB Local's start-up contract (GET answers 400 as DynamoDB
// Local does): DynamoDB Local itself, or a Minnow started with --compat dynamodb-local
// (MINNOW_COMPAT=dynamodb-local; scripts/test starts one).
export const dynamodbLocalContract = process.env.MINNOW_COMPAT === 'dynamodb-local' || reference === 'dynamodb-local';

// The origins the server was started with -cors for (MINNOW_CORS_ORIGINS, comma-separated;
// scripts/test starts one such Minnow); empty: the default, every origin.
export const corsOrigins = (process.env.MINNOW_CORS_ORIGINS || '').split(',').map((o) => o.trim()).filter(Boolean);
