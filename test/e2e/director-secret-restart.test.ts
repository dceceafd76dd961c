/**
 * A tournament day with no director secret configured (no MJHUB_DIRECTOR_SECRET, no
 * --director-secret-file): the real hub process (`hub/main.ts`, one reader address that never
 * answers, so no simulator) generates its secret on the first start and keeps it in
 * `<data>/director-secret` (mode 0600). The director logs in with the secret of the banner; the hub
 * is stopped and started again on the same data folder: the banner shows the same secret, the file
 * is unchanged, and the director's session of the first start still opens the director's routes
 * (hub/api/session-state.ts). `--director-session-hours 2` makes the login last 2 hours.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { builtEntry } from '../support/built-hub.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const dirs: string[] = [];
const running = new Set<ChildProcess>();

afterAll(async () => {
  for (const c of running) await stop(c);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function stop(c: ChildProcess): Promise<void> {
  if (c.exitCode === null && c.signalCode === null) {
    const gone = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await Promise.race([gone, sleep(5000)]);
    if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  }
  running.delete(c);
}

/** Starts the built hub (dist/hub/main.js, as `npm start` runs it) on `data`; resolves with the process, its URL and the secret the banner shows. */
async function start(data: string): Promise<{ hub: ChildProcess; url: string; secret: string; banner: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.MJHUB_DIRECTOR_SECRET;
  delete env.MJHUB_DIRECTOR_TOKEN;
  const hub = spawn(process.execPath, [builtEntry('hub/main.ts'), '--port', '0', '--data', data, '--reader', 'tcp://127.0.0.1:9', '--director-session-hours', '2'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  running.add(hub);
  let out = '';
  hub.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  hub.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  await vi.waitFor(
    () => {
      if (hub.exitCode !== null || !/director secret[^\n]*: \S+\n/.test(out)) throw new Error(`the hub did not start:\n${out}`);
    },
    { timeout: 30_000, interval: 50 },
  );
  const url = /Mah Jongg table hub: (http:\/\/\S+)/.exec(out)![1]!;
  const secret = /director secret \(log in with it; [^)]*\): (\S+)\n/.exec(out)?.[1];
  if (!secret) throw new Error(`no generated secret on the banner:\n${out}`);
  return { hub, url, secret, banner: out };
}

describe('the generated director secret across a restart (npm start with no secret configured)', () => {
  it('is kept in <data>/director-secret (0600): the same secret and the same login after a restart', { timeout: 90_000 }, async () => {
    const data = mkdtempSync(path.join(tmpdir(), 'mjhub-secret-restart-'));
    dirs.push(data);
    const file = path.join(data, 'director-secret');

    const first = await start(data);
    expect(first.banner).toContain(`  director secret (log in with it; generated, kept in ${file}): ${first.secret}\n`);
    expect(first.secret).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(readFileSync(file, 'utf8')).toBe(`${first.secret}\n`);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const t0 = Date.now();
    const login = await fetch(`${first.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ secret: first.secret }) });
    expect(login.status).toBe(200);
    const { token, expiresAt } = (await login.json()) as { token: string; expiresAt: number };
    // --director-session-hours 2: the login lasts 2 h (7 200 000 ms), not the default 12 h
    expect(expiresAt - t0).toBeGreaterThan(2 * 3_600_000 - 60_000);
    expect(expiresAt - t0).toBeLessThanOrEqual(2 * 3_600_000 + 1_000);
    const auth = { authorization: `Bearer ${token}` };
    expect((await fetch(`${first.url}/api/director/readers`, { headers: auth })).status).toBe(200);
    await stop(first.hub);

    const second = await start(data);
    expect(second.secret).toBe(first.secret);
    expect(second.banner).toContain(`  director secret (log in with it; kept in ${file}): ${first.secret}\n`);
    expect(readFileSync(file, 'utf8')).toBe(`${first.secret}\n`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // the session of the first start is still good: the director stays logged in
    expect((await fetch(`${second.url}/api/director/readers`, { headers: auth })).status).toBe(200);
    const session = (await (await fetch(`${second.url}/api/session`, { headers: auth })).json()) as { director: boolean; expiresAt: number };
    expect(session).toEqual({ director: true, via: 'bearer', expiresAt });
    await stop(second.hub);
  });
});
