/**
 * Vitest's global setup for the end-to-end tier (vitest.config.ts) and the measurements
 * (test/measure/vitest.config.ts): their hubs and simulators run from dist/ (./built-hub.ts
 * `builtEntry`), so dist/ is built here once, before any file starts, when it is missing or older
 * than the sources: a build (about 40 s on 2 cores) never runs inside a test's or hook's timeout.
 * After `npm test`'s own build this is a check of file times.
 */
import { ensureBuiltHub } from './built-hub.js';

/** Builds dist/ when it is missing or older than the sources. @throws the compiler's errors */
export default function setup(): void {
  ensureBuiltHub();
}
