// Known differences between a reference implementation and real DynamoDB.
//
// The suite asserts real DynamoDB's behaviour (dynalite's wording for validation messages,
// the lower-case `message` key, ...). When it runs against a reference (MINNOW_REFERENCE),
// a difference that is known and explained is skipped on that reference only:
//
//   // whole test: node's test runner reports it as skipped, with the reason
//   test('...', { skip: differsOn('dynalite', 'dynalite has no deletion protection') }, async () => {...});
//
//   // one assertion: the rest of the test still runs; the reason is printed as a diagnostic
//   if (!differsOn('dynamodb-local', 'DynamoDB Local says "..."', t)) assert.equal(res.message, '...');
//
// Against Minnow (MINNOW_REFERENCE unset) nothing is ever skipped.
import { reference } from './env.mjs';

export { reference };

// Returns false, or (on the named reference) a truthy string explaining the skip.
export function differsOn(refs, reason, t) {
  const list = Array.isArray(refs) ? refs : [refs];
  if (!reference || !list.includes(reference)) return false;
  const why = `known difference on ${reference}: ${reason}`;
  if (t) t.diagnostic(why);
  return why;
}
