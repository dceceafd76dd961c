#!/usr/bin/env node
// Prints each test file's time (end minus start, s) from a Vitest JSON report, longest first, and
// the sum: the figures of docs/test-time.md. Make the report with
//   npx vitest run --reporter=default --reporter=json --outputFile=/tmp/vitest.json
// then: node test/support/file-times.mjs /tmp/vitest.json [top N, default 20]
import { readFileSync } from 'node:fs';
import path from 'node:path';

const [file, topArg = '20'] = process.argv.slice(2);
if (!file) throw new Error('usage: node test/support/file-times.mjs REPORT.json [N]');
const top = Number(topArg);
if (!Number.isInteger(top) || top < 1) throw new Error(`N must be a whole number from 1, not "${topArg}"`);
const report = JSON.parse(readFileSync(file, 'utf8'));
if (!Array.isArray(report.testResults)) throw new Error(`${file}: no testResults (not a Vitest JSON report)`);
const rows = report.testResults.map((r) => ({ file: path.relative(process.cwd(), r.name), s: (r.endTime - r.startTime) / 1000, status: r.status })).sort((a, b) => b.s - a.s);
const sum = rows.reduce((n, r) => n + r.s, 0);
console.log(`${rows.length} files, ${report.numPassedTests} passed, ${report.numFailedTests} failed; per-file times sum to ${sum.toFixed(0)} s`);
for (const r of rows.slice(0, top)) console.log(`${r.s.toFixed(1).padStart(7)} s  ${r.status === 'passed' ? '' : `${r.status}  `}${r.file}`);
