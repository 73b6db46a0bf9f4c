// Comparing attribute values and SDK errors in the expression tests.
import assert from 'node:assert/strict';

// Sets have no order in DynamoDB: normalise(v) sorts the members of every SS, NS and BS (numbers
// by value, binaries by their bytes), at any depth, so that deepEqual compares sets as sets.
export function normalise(v) {
  if (Array.isArray(v)) return v.map(normalise);
  if (v && typeof v === 'object' && !(v instanceof Uint8Array)) {
    const out = {};
    for (const [k, x] of Object.entries(v)) {
      if (k === 'NS' && Array.isArray(x)) out[k] = [...x].sort((a, b) => Number(a) - Number(b));
      else if ((k === 'SS' || k === 'BS') && Array.isArray(x)) {
        const key = (m) => (m instanceof Uint8Array ? Buffer.from(m).toString('base64') : String(m));
        out[k] = [...x].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
      } else out[k] = normalise(x);
    }
    return out;
  }
  return v;
}

// Asserts that an SDK call rejects with the named exception and (unless message is undefined or
// skipMessage is truthy) the exact message; returns the exception (for fields like Item).
export async function rejects(promise, name, message, skipMessage = false) {
  let error;
  try {
    await promise;
  } catch (e) {
    error = e;
  }
  assert.ok(error, `expected ${name}, but the call succeeded`);
  assert.equal(error.name, name, `${error.name}: ${error.message}`);
  if (message !== undefined && !skipMessage) {
    if (message instanceof RegExp) assert.match(error.message, message);
    else assert.equal(error.message, message);
  }
  return error;
}
