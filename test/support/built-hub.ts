/**
 * The compiled hub in dist/, as `bin/mjhub.js` runs it, built when it is missing or older than the
 * sources it is compiled from: a test of the command line run on its own (not through `npm test`,
 * which builds first) must never run yesterday's dist/ against today's sources.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The folders tsconfig.build.json compiles from. */
const SOURCES = ['hub', 'rules', 'firmware-protocol'];

/** The newest modification time (ms) of the non-test .ts files under `dir`. */
function newestSource(dir: string): number {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) newest = Math.max(newest, newestSource(p));
    else if (e.name.endsWith('.ts') && !e.name.includes('.test')) newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

/**
 * Compiles the hub (`tsc -p tsconfig.build.json`, about 40 s on 2 cores) unless each entry point's
 * JavaScript (tsconfig.build.json `files`) is newer than every source file. @throws the compiler's error output when it does not compile
 */
export function ensureBuiltHub(): void {
  // every entry point of tsconfig.build.json, compiled (an entry added since the last build is missing)
  const entries = (JSON.parse(readFileSync(path.join(ROOT, 'tsconfig.build.json'), 'utf8')) as { files: string[] }).files;
  const built = entries.map((f) => path.join(ROOT, 'dist', f.replace(/\.ts$/, '.js')));
  const sources = Math.max(...SOURCES.map((d) => newestSource(path.join(ROOT, d))));
  if (built.every((b) => existsSync(b) && statSync(b).mtimeMs >= sources)) return;
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'pipe' });
}

/**
 * The compiled form of one of tsconfig.build.json's entry points, as `npm start` and `mjhub` run it
 * (`node dist/hub/main.js`; the built hub runs the built simulators), built first by
 * {@link ensureBuiltHub} when it is missing or older than the sources. The end-to-end files start
 * their hubs and simulators from it: under tsx each process took about twice the CPU to start
 * (docs/test-time.md, "Session 11").
 * @param entry the entry point's source from the repository's root, e.g. `hub/main.ts`
 * @returns the absolute path of its JavaScript in dist/
 * @throws Error when `entry` is not an entry point of tsconfig.build.json, or the compiler's errors
 */
export function builtEntry(entry: string): string {
  const entries = (JSON.parse(readFileSync(path.join(ROOT, 'tsconfig.build.json'), 'utf8')) as { files: string[] }).files;
  if (!entries.includes(entry)) throw new Error(`${entry} is not an entry point of tsconfig.build.json (${entries.join(', ')})`);
  ensureBuiltHub();
  return path.join(ROOT, 'dist', entry.replace(/\.ts$/, '.js'));
}
