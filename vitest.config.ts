import { defineConfig } from 'vitest/config';

/**
 * Two tiers. `fast`: the pure cores and the virtual-clock engine (no ports, no servers, no
 * browser): `npm run test:fast`. `full`: everything else (transports, HTTP and sockets, end to end
 * over pseudo-terminals, Chromium). `npm test` runs both.
 */
const FAST = ['rules/**/*.test.ts', 'firmware-protocol/**/*.test.ts', 'hub/tracking/**/*.test.ts', 'hub/table/**/*.test.ts'];
const ALL = ['rules/**/*.test.ts', 'firmware-protocol/**/*.test.ts', 'hub/**/*.test.ts', 'test/**/*.test.ts', 'display/src/**/*.test.ts'];

/**
 * Test files run in this many forks at once. Vitest's default on this 2-core machine is 1 (the
 * cores minus one), but the end-to-end files mostly wait on a game's pace, a round clock or a
 * browser: docs/test-time.md has the figures.
 */
const MAX_WORKERS = 4;

export default defineConfig({
  test: {
    testTimeout: 10_000,
    hookTimeout: 30_000,
    pool: 'forks',
    maxWorkers: MAX_WORKERS,
    reporters: ['default', './test/support/skip-reporter.ts'],
    projects: [
      { extends: true, test: { name: 'fast', include: FAST } },
      { extends: true, test: { name: 'full', include: ALL, exclude: FAST } },
    ],
  },
});
