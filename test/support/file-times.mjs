#!/usr/bin/env node
// Prints each test file's time (s), longest first, and the sum: the figures of docs/test-time.md.
// Best from test/support/file-times-reporter.ts (hooks included; the config's reporters have it):
//   MJHUB_FILE_TIMES=/tmp/file-times.json npx vitest run
// or from Vitest's JSON report (a file's first test's start to its last test's end: a game played
// in beforeAll is left out):
//   npx vitest run --reporter=default --reporter=json --outputFile=/tmp/vitest.json
// then: node test/support/file-times.mjs /tmp/file-times.json [top N, default 20]
import { readFileSync } from 'node:fs';
import path from 'node:path';

const [file, topArg = '20'] = process.argv.slice(2);
if (!file) throw new Error('usage: node test/support/file-times.mjs REPORT.json [N]');
const top = Number(topArg);
if (!Number.isInteger(top) || top < 1) throw new Error(`N must be a whole number from 1, not "${topArg}"`);
const report = JSON.parse(readFileSync(file, 'utf8'));
let rows;
if (Array.isArray(report)) {
  // test/support/file-times-reporter.ts (MJHUB_FILE_TIMES): hooks included
  rows = report.map((r) => ({ file: r.file, s: r.s, status: r.state })).sort((a, b) => b.s - a.s);
  console.log(`${rows.length} files (hooks included), ${rows.filter((r) => r.status !== 'passed').length} not passed; per-file times sum to ${rows.reduce((n, r) => n + r.s, 0).toFixed(0)} s`);
} else {
  if (!Array.isArray(report.testResults)) throw new Error(`${file}: no testResults (not a Vitest JSON report)`);
  // Vitest's JSON report: a file's first test's start to its last test's end (its beforeAll left out)
  rows = report.testResults.map((r) => ({ file: path.relative(process.cwd(), r.name), s: (r.endTime - r.startTime) / 1000, status: r.status })).sort((a, b) => b.s - a.s);
  console.log(
    `${rows.length} files, ${report.numPassedTests} passed, ${report.numFailedTests} failed; per-file times sum to ${rows.reduce((n, r) => n + r.s, 0).toFixed(0)} s (beforeAll hooks left out)`,
  );
}
for (const r of rows.slice(0, top)) console.log(`${r.s.toFixed(1).padStart(7)} s  ${r.status === 'passed' ? '' : `${r.status}  `}${r.file}`);
