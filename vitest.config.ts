import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './test/support/sequencer.js';

/**
 * Three tiers. `fast`: the pure cores and the virtual-clock engine (no ports, no servers, no
 * browser): `npm run test:fast`. `full`: transports, HTTP and sockets, the CLI, Chromium. `e2e`:
 * the simulator as its own process over pseudo-terminals into a real hub (test/e2e). `npm test`
 * runs all three: first `fast` and `full` together, then `e2e`.
 */
const FAST = ['rules/**/*.test.ts', 'firmware-protocol/**/*.test.ts', 'hub/tracking/**/*.test.ts', 'hub/table/**/*.test.ts'];
/**
 * The `fast` files that replace a module (`vi.mock`): they need a module graph of their own, so they
 * run isolated (`fast-mocked`); the other `fast` files share one per fork (docs/test-time.md, "Session 13").
 */
const FAST_MOCKED = ['hub/table/engine-referee-throws.test.ts', 'hub/table/engine-standard-referee-throws.test.ts'];
const E2E = ['test/e2e/**/*.test.ts'];
/**
 * `full` files with no state outside their own tests (the HTTP API, the tournament, the config, the
 * record, the stores, the tilesets, the display's modules, the reader supervisor, the simulator's
 * virtual-clock games): they share one module graph per fork
 * (`full-shared`, `isolate: false`). {@link FULL_SHARED_NOT} are the ones among them that replace a
 * module, a global or the clock: they keep a graph of their own (`full-mocked`).
 */
const FULL_SHARED = [
  'hub/api/**/*.test.ts',
  'hub/tournament/**/*.test.ts',
  'hub/config/**/*.test.ts',
  'hub/record/**/*.test.ts',
  'hub/store/**/*.test.ts',
  'hub/tilesets/**/*.test.ts',
  'hub/broadcast/**/*.test.ts',
  'hub/contract/**/*.test.ts',
  'display/src/**/*.test.ts',
  // the reader supervisor, and the simulator's games, noise and unplugs on virtual clocks (no ports, no processes)
  'hub/readers/**/*.test.ts',
  'hub/simulator/core/**/*.test.ts',
  'hub/simulator/standard/**/*.test.ts',
  'hub/simulator/game.test.ts',
  'hub/simulator/noise.test.ts',
  'hub/simulator/state.test.ts',
  'hub/simulator/unplug.test.ts',
  'hub/director-secret.test.ts',
  'hub/log.test.ts',
];
const FULL_SHARED_NOT = [
  'hub/api/auth.test.ts',
  'hub/api/login.test.ts',
  'hub/record/ruling-checkpoint.test.ts',
  'display/src/lib/dashboardApi.test.ts',
  'display/src/lib/gameRecord.test.ts',
  'display/src/lib/answer.test.ts',
  'display/src/lib/enroll.test.ts',
];
const ALL = ['rules/**/*.test.ts', 'firmware-protocol/**/*.test.ts', 'hub/**/*.test.ts', 'test/**/*.test.ts', 'display/src/**/*.test.ts'];

/**
 * Forks at once per group: MJHUB_TEST_CPU_FORKS for `fast` and `full` (default 2), and
 * MJHUB_TEST_E2E_FORKS for `e2e` (default 3: its files wait on the simulators' pace far more than
 * they compute). One each was the default while the simulator's stall before the deal was open
 * (docs/test-time.md, "The snapshot stall"); set both to 1 to run one file at a time.
 */
const forks = (name: string, byDefault: number): number => {
  const v = process.env[name];
  if (v === undefined || v === '') return byDefault;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 16) throw new Error(`${name}="${v}": expected a whole number of forks, 1-16`);
  return n;
};
const CPU_FORKS = forks('MJHUB_TEST_CPU_FORKS', 2);
const E2E_FORKS = forks('MJHUB_TEST_E2E_FORKS', 3);

export default defineConfig({
  test: {
    // generous: a test waits for conditions, never a clock, so the bound only says when to give up;
    // on 2 cores shared with hubs, simulators and Chromium a virtual-clock game can take 15 s of CPU
    testTimeout: 60_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // the longest files first (test/support/sequencer.ts), so no long file starts last
    sequence: { sequencer: LongestFirstSequencer },
    // file-times: each file's time, hooks included, to the file MJHUB_FILE_TIMES names (docs/test-time.md)
    reporters: ['default', './test/support/skip-reporter.ts', './test/support/file-times-reporter.ts'],
    projects: [
      // pure modules with no state of their own: each fork imports them once for all its files
      // (`isolate: false`), not once per file; a file that mocks a module keeps its own graph
      { extends: true, test: { name: 'fast', include: FAST, exclude: FAST_MOCKED, maxWorkers: CPU_FORKS, isolate: false } },
      { extends: true, test: { name: 'fast-mocked', include: FAST_MOCKED, maxWorkers: CPU_FORKS } },
      // the Chromium files share one build of the display per run, made by the first that needs it
      { extends: true, test: { name: 'full', include: ALL, exclude: [...FAST, ...E2E, ...FULL_SHARED], maxWorkers: CPU_FORKS, globalSetup: ['./test/support/display-build-setup.ts'] } },
      // no Chromium among these: no display build
      { extends: true, test: { name: 'full-shared', include: FULL_SHARED, exclude: FULL_SHARED_NOT, maxWorkers: CPU_FORKS, isolate: false } },
      { extends: true, test: { name: 'full-mocked', include: FULL_SHARED_NOT, maxWorkers: CPU_FORKS } },
      // the e2e files run their hubs and simulators from dist/: built once, before the first file, if older than the sources;
      // their Chromium files share one build of the display, as in `full`
      {
        extends: true,
        test: { name: 'e2e', include: E2E, maxWorkers: E2E_FORKS, sequence: { groupOrder: 1 }, globalSetup: ['./test/support/built-hub-setup.ts', './test/support/display-build-setup.ts'] },
      },
    ],
  },
});
