import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The measurements run with Vitest but not by `npm test` (docs/test-time.md): long runs at the pace
 * their findings were made at. `npm run measure:noise-ports` runs test/measure/noise-ports.measure.ts.
 */
export default defineConfig({
  test: {
    root: path.resolve(import.meta.dirname, '../..'),
    include: ['test/measure/**/*.measure.ts'],
    testTimeout: 10_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // the simulators run from dist/: built once, before the first file, if older than the sources
    globalSetup: ['./test/support/built-hub-setup.ts'],
    maxWorkers: 1,
  },
});
