import { defineConfig } from 'vitest/config';

/**
 * Three tiers. `fast`: the pure cores and the virtual-clock engine (no ports, no servers, no
 * browser): `npm run test:fast`. `full`: transports, HTTP and sockets, the CLI, Chromium. `e2e`:
 * the simulator as its own process over pseudo-terminals into a real hub (test/e2e). `npm test`
 * runs all three: first `fast` and `full` together, then `e2e`.
 */
const FAST = ['rules/**/*.test.ts', 'firmware-protocol/**/*.test.ts', 'hub/tracking/**/*.test.ts', 'hub/table/**/*.test.ts'];
const E2E = ['test/e2e/**/*.test.ts'];
const ALL = ['rules/**/*.test.ts', 'firmware-protocol/**/*.test.ts', 'hub/**/*.test.ts', 'test/**/*.test.ts', 'display/src/**/*.test.ts'];

/**
 * Forks at once per group: MJHUB_TEST_CPU_FORKS for `fast` and `full` (default 2, the cores) and
 * MJHUB_TEST_E2E_FORKS for `e2e` (default 3: its files wait on the simulators' pace far more than
 * they compute). Measured on this 2-core machine, quiet (docs/test-time.md): `fast` and `full` in
 * 464 s with 2 forks, `e2e` in 557 s with 3, every test passing; one fork each took about 33 min.
 * Set both to 1 on a machine busy with other work.
 */
const forks = (name: string, fallback: number): number => {
  const v = process.env[name];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 16) throw new Error(`${name}="${v}": expected a whole number of forks, 1-16`);
  return n;
};
const CPU_FORKS = forks('MJHUB_TEST_CPU_FORKS', 2);
const E2E_FORKS = forks('MJHUB_TEST_E2E_FORKS', 3);

export default defineConfig({
  test: {
    testTimeout: 10_000,
    hookTimeout: 30_000,
    pool: 'forks',
    reporters: ['default', './test/support/skip-reporter.ts'],
    projects: [
      { extends: true, test: { name: 'fast', include: FAST, maxWorkers: CPU_FORKS } },
      { extends: true, test: { name: 'full', include: ALL, exclude: [...FAST, ...E2E], maxWorkers: CPU_FORKS } },
      { extends: true, test: { name: 'e2e', include: E2E, maxWorkers: E2E_FORKS, sequence: { groupOrder: 1 } } },
    ],
  },
});
