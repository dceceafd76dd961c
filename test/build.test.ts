/**
 * The built hub as a user runs it: `npm run build` (which `npm test` runs first) compiles the hub
 * and the CLI to dist/ and the display to display/dist; `mjhub start` then runs that JavaScript,
 * the hub and its embedded simulator both, with no TypeScript compiled at run time.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const data = mkdtempSync(path.join(tmpdir(), 'mjhub-build-'));
let hub: ChildProcess | undefined;

/** Pids and command lines of the processes whose command line mentions `text` (the hub and its simulator). */
function processesMentioning(text: string): { pid: number; cmd: string }[] {
  const r = spawnSync('pgrep', ['-a', '-f', text], { encoding: 'utf8' });
  return r.stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => ({ pid: Number(l.slice(0, l.indexOf(' '))), cmd: l.slice(l.indexOf(' ') + 1) }))
    .filter((p) => p.pid !== process.pid && !p.cmd.startsWith('pgrep'));
}

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p).map((f) => path.join(name, f)) : [name];
  });
}

/** Kills `pid` (a process group when negative), if it is still there. */
function kill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ESRCH') throw e;
  }
}

afterAll(() => {
  // its own process group: the launcher, the hub and whatever they started
  if (hub?.pid !== undefined) kill(-hub.pid);
  for (const p of processesMentioning(data)) kill(p.pid);
  rmSync(data, { recursive: true, force: true });
});

describe('the built hub (npm run build)', () => {
  it('dist/ holds JavaScript only: the hub, its simulators and the CLI, no test code', () => {
    expect(existsSync(path.join(ROOT, 'dist/hub/main.js')), 'dist/hub/main.js is missing: run `npm run build` first (`npm test` does)').toBe(true);
    const files = filesUnder(path.join(ROOT, 'dist'));
    for (const entry of ['hub/main.js', 'hub/simulator/main.js', 'hub/simulator/standard/main.js', 'hub/cli/card.js']) expect(files).toContain(entry);
    expect(files.filter((f) => !f.endsWith('.js') && !f.endsWith('.js.map'))).toEqual([]);
    expect(files.filter((f) => /\.test\.js$|test-helpers|test-bench|conformance/.test(f))).toEqual([]);
  });

  it('mjhub start runs it: the hub answers GET /api/tables and serves the display, and neither it nor its simulator loads tsx', { timeout: 60_000 }, async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, MJHUB_DIRECTOR_SECRET: 'built-hub-secret' };
    for (const k of ['MJHUB_DIRECTOR_TOKEN', 'PORT', 'HOST', 'MJHUB_PUBLIC_URL', 'MJHUB_DATABASE_URL']) delete env[k];
    hub = spawn(process.execPath, [path.join(ROOT, 'bin/mjhub.js'), 'start', '--port', '0', '--data', data], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let out = '';
    hub.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    hub.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    // the banner's first line: "Mah Jongg table hub: http://127.0.0.1:<port>"
    await expect.poll(() => /Mah Jongg table hub: (http:\S+)/.exec(out)?.[1] ?? (hub!.exitCode !== null ? `exited: ${out}` : null), { timeout: 45_000, interval: 100 }).toMatch(/^http:/);
    const url = /Mah Jongg table hub: (http:\S+)/.exec(out)![1]!;

    const tables = (await (await fetch(`${url}/api/tables`)).json()) as { tableId: string; variant: string; players: { name: string }[] }[];
    // the embedded default: hub/config/tables/siamese-demo.json, one Siamese table t1, Ann (East) and Bea (West)
    expect(tables.map((t) => [t.tableId, t.variant, t.players.map((p) => p.name)])).toEqual([['t1', 'siamese', ['Ann', 'Bea']]]);
    const page = await fetch(`${url}/table/t1`);
    expect(page.status).toBe(200);
    // the built page (display/dist), not the source one (display/index.html loads /src/main.ts)
    expect(await page.text()).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);

    // the hub and the simulator it started, found by the data folder each was given
    const procs = processesMentioning(data).map((p) => p.cmd);
    expect(procs.some((c) => c.includes('dist/hub/main.js'))).toBe(true);
    expect(procs.some((c) => c.includes('dist/hub/simulator/main.js'))).toBe(true);
    expect(procs.filter((c) => /tsx|\.ts\b/.test(c))).toEqual([]);
  });
});
