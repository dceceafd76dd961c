import { defineConfig } from 'vitest/config';

/**
 * Two tiers. `fast`: the pure cores and the virtual-clock engine (no ports, no servers, no
 * browser): `npm run test:fast`. `full`: everything else (transports, HTTP and sockets, end to end
 * over pseudo-terminals, Chromium). `npm test` runs both.
 */
const FAST = ['rules/**/*.test.ts', 'firmware-protocol/**/*.test.ts', 'hub/tracking/**/*.test.ts', 'hub/table/**/*.test.ts'];
const ALL = ['rules/**/*.test.ts', 'firmware-protocol/**/*.test.ts', 'hub/**/*.test.ts', 'test/**/*.test.ts', 'display/src/**/*.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 10_000,
    hookTimeout: 30_000,
    pool: 'forks',
    reporters: ['default', './test/support/skip-reporter.ts'],
    projects: [
      { extends: true, test: { name: 'fast', include: FAST } },
      { extends: true, test: { name: 'full', include: ALL, exclude: FAST } },
    ],
  },
});
