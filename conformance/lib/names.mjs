// Unique table names, so that test files (and concurrent runs) can share one server.
import { randomBytes } from 'node:crypto';

const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
let counter = 0;

// tableNamer('items') returns a function giving 'cf-items-<run>-1', 'cf-items-<run>-2', ...
// Names stay within [a-zA-Z0-9_.-] and far below 255 characters.
export function tableNamer(file) {
  return (label = 't') => `cf-${file}-${runId}-${++counter}-${label}`;
}

export function uniquePrefix(file) {
  return `cf-${file}-${runId}-${++counter}-`;
}
