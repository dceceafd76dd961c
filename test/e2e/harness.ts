/**
 * End-to-end harness: the reader simulator as its own process (pseudo-terminals through socat, or
 * TCP), the hub in this process reading those ports, and a socket.io client watching the public
 * table view exactly as the display does. Everything the public side receives is kept, so a test
 * can scan it for concealed tiles.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io, type Socket } from 'socket.io-client';
import { loadHubConfig } from '../../hub/config/load.js';
import { startHub, type RunningHub } from '../../hub/hub.js';
import { EV, type DeltaPayload, type SnapshotPayload } from '../../hub/api/socket-events.js';
import type { PublicTableView } from '../../hub/api/views.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CONFIG = path.join(ROOT, 'hub/config/tables/siamese-demo.json');
export const DIRECTOR_TOKEN = 'e2e-director-token';

/** Test timing: the simulator's pace and the hub's settle windows, scaled down together (ms). */
export const TIMING = { pace: 150, settleMs: 50, countCheckMs: 120 };

export interface GameRecordLite {
  seed: number;
  mahJonggs?: unknown[];
  [k: string]: unknown;
}

export interface Session {
  hub: RunningHub;
  sim: ChildProcess;
  client: Socket;
  dir: string;
  /** the latest public view, kept by applying snapshot + deltas in sequence */
  view(): PublicTableView | null;
  /** every payload the public socket received, as JSON text */
  received: string[];
  /** each player's count, every time it changed */
  counts: (number | null)[][];
  /** resolves when the view satisfies `pred` (polls every 50 ms), or rejects after `ms` */
  until(pred: (v: PublicTableView) => boolean, ms: number): Promise<PublicTableView>;
  /** the simulator's record of the games it played (waits up to 10 s for the first) */
  record(): Promise<GameRecordLite[]>;
  stop(): Promise<void>;
}

async function waitFor(cond: () => boolean, ms: number, what: string): Promise<void> {
  const until = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > until) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Starts a simulator playing one seeded game, a hub reading it, and a public socket client. */
export async function startSession(opts: {
  seed: number;
  inject?: 'count' | 'wall';
  injectAt?: number;
  transport?: 'pty' | 'tcp';
  tcpBase?: number;
  /** serve a built display from this folder */
  staticDir?: string;
}): Promise<Session> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mjhub-e2e-'));
  const recordFile = path.join(dir, 'record.json');
  const args = [
    '--import', 'tsx', path.join(ROOT, 'hub/simulator/main.ts'),
    '--seed', String(opts.seed), '--pace', String(TIMING.pace), '--games', '1', '--linger', '600000',
    '--dir', path.join(dir, 'sim'), '--record', recordFile, '--config', CONFIG,
    '--transport', opts.transport ?? 'pty',
  ];
  if (opts.tcpBase) args.push('--tcp-base', String(opts.tcpBase));
  if (opts.inject) args.push('--inject', opts.inject, '--inject-at', String(opts.injectAt ?? 5));
  const sim = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let simOut = '';
  sim.stdout!.on('data', (d: Buffer) => (simOut += d.toString()));
  sim.stderr!.on('data', (d: Buffer) => (simOut += d.toString()));
  const portsFile = path.join(dir, 'sim', 'ports.json');
  try {
    await waitFor(() => existsSync(portsFile) || sim.exitCode !== null, 30_000, 'the simulator ports');
  } catch (e) {
    sim.kill('SIGKILL');
    throw e;
  }
  if (!existsSync(portsFile)) throw new Error(`simulator exited: ${simOut}`);
  const ports = (JSON.parse(readFileSync(portsFile, 'utf8')) as { port: string }[]).map((p) => p.port);

  const tables = loadHubConfig(CONFIG);
  for (const { table } of tables) {
    table.timing.settleMs = TIMING.settleMs;
    table.timing.countCheckMs = TIMING.countCheckMs;
  }
  const hub = await startHub({
    tables,
    dataDir: path.join(dir, 'data'),
    ports,
    httpPort: 0,
    directorToken: DIRECTOR_TOKEN,
    ...(opts.staticDir ? { staticDir: opts.staticDir } : {}),
  });

  const received: string[] = [];
  const counts: (number | null)[][] = [[], []];
  let view: PublicTableView | null = null;
  let seq = -1;
  const client = io(hub.url, { transports: ['websocket'], reconnection: true });
  const noteCounts = () => {
    view?.players.forEach((p, i) => {
      const series = counts[i]!;
      if (series.at(-1) !== p.count) series.push(p.count);
    });
  };
  client.on(EV.snapshot, (p: SnapshotPayload) => {
    received.push(JSON.stringify(p));
    view = p.view;
    seq = p.seq;
    noteCounts();
  });
  client.on(EV.delta, (p: DeltaPayload) => {
    received.push(JSON.stringify(p));
    if (!view || p.seq !== seq + 1) {
      client.emit(EV.resync, { tableId: 't1' });
      return;
    }
    view = { ...view, ...p.changes };
    seq = p.seq;
    noteCounts();
  });
  client.on('connect', () => client.emit(EV.watch, { tableId: 't1' }));

  return {
    hub,
    sim,
    client,
    dir,
    view: () => view,
    received,
    counts,
    async until(pred, ms) {
      await waitFor(() => view !== null && pred(view), ms, `the table view to reach the expected state (sim said: ${simOut.trim().split('\n').at(-1)})`);
      return view!;
    },
    async record() {
      await waitFor(() => existsSync(recordFile), 10_000, 'the simulator record');
      return JSON.parse(readFileSync(recordFile, 'utf8')) as GameRecordLite[];
    },
    async stop() {
      client.close();
      sim.kill('SIGTERM');
      await new Promise<void>((r) => (sim.exitCode !== null ? r() : sim.once('exit', () => r())));
      await hub.close();
    },
  };
}
