#!/usr/bin/env node
// npm run test:stress: the whole suite three times in a row while every core is kept busy by a
// bounded background load, to find tests that only pass on a quiet machine. Prints each run's time
// and result and the load it ran under. Not part of CI (it takes about an hour on 2 cores).
//   node test/support/stress.mjs [--runs 3] [--max-minutes 120]
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, 'max-minutes': { type: 'string', default: '120' } } });
const runs = Number(values.runs);
const maxMs = Number(values['max-minutes']) * 60_000;
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be an integer >= 1, not "${values.runs}"`);
if (!(maxMs > 0)) throw new Error(`--max-minutes must be > 0, not "${values['max-minutes']}"`);

// one busy thread per core, 95 % of each 100 ms busy, each stopping by itself after maxMs
const cores = availableParallelism();
const load = Array.from(
  { length: cores },
  () =>
    new Worker(
      `const end = Date.now() + ${maxMs};
   const tick = () => { const t = Date.now(); while (Date.now() - t < 95) {} if (Date.now() < end) setTimeout(tick, 5); };
   tick();`,
      { eval: true },
    ),
);
console.log(`background load: ${cores} threads, each busy 95 % of the time, for at most ${values['max-minutes']} min`);

const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const results = [];
for (let i = 1; i <= runs; i++) {
  const start = Date.now();
  const status = await new Promise((resolve) => {
    const p = spawn('npx', ['vitest', 'run'], { stdio: 'inherit' });
    p.on('exit', (code) => resolve(code ?? 1));
  });
  const min = ((Date.now() - start) / 60_000).toFixed(1);
  results.push({ run: i, minutes: min, passed: status === 0, loadavg: loadavg()[0].toFixed(2) });
  console.log(`stress run ${i}/${runs}: ${status === 0 ? 'passed' : 'FAILED'} in ${min} min (load average ${loadavg()[0].toFixed(2)})`);
}
for (const w of load) await w.terminate();
console.table(results);
process.exit(results.every((r) => r.passed) ? 0 : 1);
