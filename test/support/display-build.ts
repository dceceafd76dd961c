/**
 * The display (display/vite.config.ts) built for the tests that serve it to Chromium: once per
 * Vitest run, in the folder ./display-build-setup.ts makes for the run, by the first file that asks;
 * every other file waits for that build and serves the same folder. Outside such a run (no folder
 * provided) each call builds into a folder of its own, as every file did before (docs/test-time.md,
 * "Session 12").
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { inject } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** How long a file waits for another file's build of the display (ms): a build took 6.9 s at load 3, more under load. */
export const DISPLAY_BUILD_WAIT_MS = 85_000;

/** Builds the display into `outDir` (emptied first). @throws vite's build error */
async function buildInto(outDir: string): Promise<string> {
  await build({ configFile: path.join(ROOT, 'display/vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  return outDir;
}

/** The run's shared folder, or undefined outside a run that provides one. */
function sharedDir(): string | undefined {
  try {
    return inject('displayBuildDir') || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The display built, as the hub's static dir: the run's one build (made here by the first caller,
 * waited for by the others), else a new temporary folder `mjhub-dist-*`. Give it back with
 * {@link removeDisplay}.
 * @returns the build folder's absolute path
 * @throws vite's build error; or, waiting, Error when the first caller's build failed or did not end within {@link DISPLAY_BUILD_WAIT_MS}
 */
export async function buildDisplay(): Promise<string> {
  const shared = sharedDir();
  if (!shared) return buildInto(mkdtempSync(path.join(tmpdir(), 'mjhub-dist-')));
  const out = path.join(shared, 'dist');
  const done = path.join(shared, 'done');
  const failed = path.join(shared, 'failed');
  let first = true;
  try {
    mkdirSync(path.join(shared, 'building')); // atomic: one caller of the run wins
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    first = false;
  }
  if (first) {
    try {
      await buildInto(out);
    } catch (e) {
      writeFileSync(failed, String(e));
      throw e;
    }
    writeFileSync(done, '');
    return out;
  }
  const until = Date.now() + DISPLAY_BUILD_WAIT_MS;
  while (!existsSync(done)) {
    if (existsSync(failed)) throw new Error(`the display's build for this run failed in another file: ${readFileSync(failed, 'utf8')}`);
    if (Date.now() > until) throw new Error(`the display's build for this run (${out}) did not end within ${DISPLAY_BUILD_WAIT_MS} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return out;
}

/** Removes a build folder {@link buildDisplay} gave, unless it is the run's shared one (removed when the run ends). '' is ignored. */
export function removeDisplay(dist: string): void {
  const shared = sharedDir();
  if (!dist || (shared && dist.startsWith(shared))) return;
  rmSync(dist, { recursive: true, force: true });
}
