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
 * Forks at once per group: MJHUB_TEST_CPU_FORKS for `fast` and `full`, MJHUB_TEST_E2E_FORKS for
 * `e2e`; default 1 each (Vitest's own default on this 2-core machine: the cores minus one). More
 * forks halve the wall time but, measured on this shared machine (docs/test-time.md), made 3 of the
 * 1265 tests fail on timing (2 and 4 forks: 947 s instead of about 1800 s), so they are not the default.
 */
const forks = (name: string): number => {
  const v = process.env[name];
  if (v === undefined || v === '') return 1;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 16) throw new Error(`${name}="${v}": expected a whole number of forks, 1-16`);
  return n;
};
const CPU_FORKS = forks('MJHUB_TEST_CPU_FORKS');
const E2E_FORKS = forks('MJHUB_TEST_E2E_FORKS');

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
