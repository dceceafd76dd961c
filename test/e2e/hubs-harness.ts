/**
 * What the several-hubs e2e files share (docs/several-hubs.md): hub and simulator OS processes
 * whose output is kept for the failure messages, a wait for a condition with a bound, and the
 * demo's Siamese table config renamed for one hub.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { builtEntry } from '../support/built-hub.js';
import { ROOT } from './room-harness.js';

/** Every process {@link run} started (the caller's afterAll kills those still running: {@link killAll}). */
export const children: ChildProcess[] = [];

/** Waits until `get()` gives a value that is not null/undefined, polling every 100 ms; throws naming `what` after `ms`. */
export async function until<T>(get: () => T | null | undefined | Promise<T | null | undefined>, ms: number, what: string): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (v !== null && v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A process whose output is kept, for the failure messages. */
export function run(args: string[], env: NodeJS.ProcessEnv = process.env): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env });
  children.push(child);
  let out = '';
  for (const s of [child.stdout!, child.stderr!]) s.on('data', (d: Buffer) => (out += d.toString()));
  return { child, output: () => out };
}

/** A built hub process started by {@link startHub}: its URL, its process and its output so far. */
export type HubProcess = { url: string; child: ChildProcess; output: () => string };

/**
 * Starts the built hub on 127.0.0.1 (a free port) with `args` and the director secret `secret`
 * (no fixed director token), and waits for its banner (60 s at most).
 * @throws Error with the hub's output when it exits first
 */
export async function startHub(secret: string, args: string[]): Promise<HubProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, MJHUB_DIRECTOR_SECRET: secret };
  delete env.MJHUB_DIRECTOR_TOKEN;
  const hub = run([builtEntry('hub/main.ts'), '--port', '0', '--host', '127.0.0.1', '--settle-ms', '50', '--count-check-ms', '120', ...args], env);
  const url = await until(
    () => {
      if (hub.child.exitCode !== null) throw new Error(`the hub exited:\n${hub.output()}`);
      return /Mah Jongg table hub: (http:\/\/\S+)/.exec(hub.output())?.[1];
    },
    60_000,
    `the hub's banner (${args.join(' ')})`,
  );
  return { url, ...hub };
}

/** The demo's table config with the table renamed `id` and its card files named absolutely, written into `dir`. */
export function tableConfig(dir: string, id: string): string {
  const src = path.join(ROOT, 'hub/config/tables/siamese-demo.json');
  const cfg = JSON.parse(readFileSync(src, 'utf8')) as { tables: { id: string; cards: string[] }[] };
  for (const t of cfg.tables) {
    t.id = id;
    t.cards = t.cards.map((c) => path.resolve(path.dirname(src), c));
  }
  const file = path.join(dir, `${id}.json`);
  writeFileSync(file, JSON.stringify(cfg));
  return file;
}

/** SIGKILLs every process {@link run} started that still runs. */
export function killAll(): void {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
}
