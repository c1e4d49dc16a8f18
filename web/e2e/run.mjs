#!/usr/bin/env node
// Runs every browser test file with node's test runner, three files at a time by default (each
// starts its own server and browser; most of a file's time is waiting for the server's jobs), or
// E2E_CONCURRENCY at a time. The longest files start first, so the run does not end on one of
// them alone.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import url from 'node:url';

const here = path.dirname(url.fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
// Over a minute each on the 2-core CI machine; the others take 10–45 s.
const LONGEST = ['fulfillments.test.mjs', 'screens.test.mjs', 'security.test.mjs'];
const longest = (f) => (LONGEST.includes(f) ? LONGEST.indexOf(f) : LONGEST.length);
const files = fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.test.mjs'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort((a, b) => longest(a) - longest(b) || a.localeCompare(b))
  .map((f) => path.join(here, f));
if (files.length === 0) {
  console.error('e2e: no test files');
  process.exit(1);
}
const concurrency = Number.parseInt(process.env.E2E_CONCURRENCY ?? '3', 10);
if (!Number.isInteger(concurrency) || concurrency < 1) {
  console.error(`e2e: E2E_CONCURRENCY must be a whole number of at least 1, not ${process.env.E2E_CONCURRENCY}`);
  process.exit(1);
}
const result = spawnSync(process.execPath, ['--test', `--test-concurrency=${concurrency}`, ...files], { stdio: 'inherit' });
process.exit(result.status ?? 1);
