/**
 * Vitest's global setup for the `full` tier (vitest.config.ts): one folder for the whole run in
 * which the first Chromium file that asks builds the display (test/browser/chromium.ts
 * `buildDisplay`), and every later one serves the same build. Each Chromium file built the display
 * on its own (6.9 s at load 3, more under load), about twenty builds in one run
 * (docs/test-time.md, "Session 12"). Nothing is built here, so a run of files that never open
 * Chromium pays nothing; the folder is removed when the run ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the run's folder for the one build of the display (test/browser/chromium.ts `buildDisplay`) */
    displayBuildDir: string;
  }
}

/** Makes the run's folder and hands its path to the test files (`inject('displayBuildDir')`); the returned teardown removes it. */
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), 'mjhub-display-run-'));
  project.provide('displayBuildDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
