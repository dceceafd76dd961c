/**
 * End-to-end harness: the reader simulator as its own process (built, dist/, as the built hub runs
 * it; pseudo-terminals through socat, or TCP), the hub in this process reading those ports, and a socket.io client watching the public
 * table view exactly as the display does. Everything the public side receives is kept, so a test
 * can scan it for concealed tiles. One harness for both table kinds: the Royale Siamese table
 * (hub/simulator/main.ts, siamese-demo.json) and the standard 4-player table (`kind: 'standard'`:
 * hub/simulator/standard/main.ts, standard-demo.json).
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { loadHubConfig } from '../../hub/config/load.js';
import { startHub, type RunningHub } from '../../hub/hub.js';
import { EV, type DeltaPayload, type SnapshotPayload } from '../../hub/api/socket-events.js';
import type { PublicTableView } from '../../hub/api/views.js';
import type { TimingConfig } from '../../hub/config/types.js';
import { dealWhenWallsBuilt } from '../../hub/simulator/deal-signal.js';
import { builtEntry, ensureBuiltHub } from '../support/built-hub.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// the simulators run from dist/ (builtEntry): each file that imports this harness has dist/ built
// before its first hook, when older than the sources, so the build (about 40 s) never runs inside a
// test's or hook's timeout (the e2e tier's global setup has built it already: then a check of file
// times; the Chromium files of the `full` tier have no global setup). Not under Vitest (a script
// run by hand, e.g. test/fixtures/captures/make-firmware.ts), startSession builds it when it must.
if (process.env.VITEST) beforeAll(() => ensureBuiltHub(), 300_000);
export const CONFIG = path.join(ROOT, 'hub/config/tables/siamese-demo.json');
export const STANDARD_CONFIG = path.join(ROOT, 'hub/config/tables/standard-demo.json');
export const DIRECTOR_TOKEN = 'e2e-director-token';

/** Test timing: the simulator's pace and the hub's settle windows, scaled down together (ms). */
export const TIMING = { pace: 150, settleMs: 50, countCheckMs: 120 };

/**
 * The words of the 003 rule 18C count the simulator's `count` injection makes (two tiles picked and
 * racked at once): the count check after that player's discard sees 28 off turn (27 is right); on a
 * loaded machine the check of the discard before can fall due after the pick of two and see 29 after
 * picking (28 is right). Both judge the same tiles; this names the one the flag says it saw, so a
 * title is still compared whole, e.g. "28 tiles off turn (should be 27)".
 * @param params the flag's `params` (`n`, `want`, `situation`)
 * @throws Error when they are neither of the two counts
 */
export function extraPickCount(params: Record<string, unknown> | undefined): string {
  const seen = [params?.n, params?.want, params?.situation];
  const known = [
    [28, 27, 'off turn'],
    [29, 28, 'after picking'],
  ].find((k) => k.every((v, i) => v === seen[i]));
  if (!known) throw new Error(`not the count of an extra pick: ${JSON.stringify(params)}`);
  return `${known[0]} tiles ${known[2]} (should be ${known[1]})`;
}

/** The two counts {@link extraPickCount} accepts, for a log line that carries no params. */
export const EXTRA_PICK_COUNT = /(28 tiles off turn \(should be 27\)|29 tiles after picking \(should be 28\))/;

/** True when socat is on PATH (the pseudo-terminal tests need it). */
export const hasSocat = (() => {
  try {
    execSync('command -v socat', { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** What each table kind's session runs: the simulator script, the config, and its defaults. */
const KINDS = {
  siamese: { script: 'hub/simulator/main.ts', config: CONFIG, players: 2, injectAt: 5, tmp: 'mjhub-e2e-', recordMs: 60_000 },
  standard: { script: 'hub/simulator/standard/main.ts', config: STANDARD_CONFIG, players: 4, injectAt: 2, tmp: 'mjhub-std-', recordMs: 60_000 },
} as const;

export interface GameRecordLite {
  seed: number;
  mahJonggs?: unknown[];
  [k: string]: unknown;
}

export interface Session<R = GameRecordLite> {
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
  /** the simulator's record of the games it played (waits up to 10 s for the first; 60 s on a standard table) */
  record(): Promise<R[]>;
  stop(): Promise<void>;
}

async function waitFor(cond: () => boolean, ms: number, what: string): Promise<void> {
  const until = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > until) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Starts a simulator playing one seeded game, a hub reading it, and a public socket client on
 * table t1.
 * @param opts.kind the table kind (default the Siamese table)
 * @param opts.inject the simulator's `--inject` kind, at the `injectAt`th pick (default 5 Siamese, 2 standard)
 */
export async function startSession<R = GameRecordLite>(opts: {
  seed: number;
  kind?: 'siamese' | 'standard';
  inject?: string;
  injectAt?: number;
  transport?: 'pty' | 'tcp';
  tcpBase?: number;
  /** serve a built display from this folder */
  staticDir?: string;
  /** the simulator's table stops once its injected violation is complete (`--hold-at-flag`) */
  holdAtFlag?: boolean;
  /** the readers are this host build of the firmware (`--firmware`, firmware/build.sh host) */
  firmware?: string;
  /**
   * ms per physical step; given, the hub keeps the table's own timing (settle windows, count
   * check). Default {@link TIMING}: test pace, the hub's windows scaled down with it
   */
  pace?: number;
  /**
   * without `pace`: the test timing ({@link TIMING}) this many times slower, the simulator's pace and
   * the hub's settle windows and count check together (default 1), for a game that must hold under
   * a heavily loaded machine
   */
  slower?: number;
  /**
   * the simulator deals each game only once the hub shows the walls built (`--deal-on-signal`,
   * hub/simulator/deal-signal.ts; default true); false: after its own 1 s stand, as a demo table does
   */
  dealOnSignal?: boolean;
  /** the protocol the simulator's readers speak (`--protocol`, default 1; 0: no signal strength, so every move waits its zone's settle window) */
  protocol?: 0 | 1;
  /** the hub's settle windows per area (ms), over the table's own or the test timing */
  settleByArea?: TimingConfig['settleByArea'];
}): Promise<Session<R>> {
  const kind = KINDS[opts.kind ?? 'siamese'];
  const slower = opts.slower ?? 1;
  const dir = mkdtempSync(path.join(tmpdir(), kind.tmp));
  const recordFile = path.join(dir, 'record.json');
  const args = [
    builtEntry(kind.script),
    '--seed',
    String(opts.seed),
    '--pace',
    String(opts.pace ?? TIMING.pace * slower),
    '--games',
    '1',
    '--linger',
    '600000',
    '--dir',
    path.join(dir, 'sim'),
    '--record',
    recordFile,
    '--config',
    kind.config,
    '--transport',
    opts.transport ?? 'pty',
  ];
  if (opts.tcpBase) args.push('--tcp-base', String(opts.tcpBase));
  if (opts.inject) args.push('--inject', opts.inject, '--inject-at', String(opts.injectAt ?? kind.injectAt));
  if (opts.holdAtFlag) args.push('--hold-at-flag');
  if (opts.firmware) args.push('--firmware', opts.firmware);
  if (opts.protocol !== undefined) args.push('--protocol', String(opts.protocol));
  const dealOnSignal = opts.dealOnSignal ?? true;
  if (dealOnSignal) args.push('--deal-on-signal');
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

  const tables = loadHubConfig(kind.config);
  for (const { table } of opts.pace === undefined ? tables : []) {
    table.timing.settleMs = TIMING.settleMs * slower;
    table.timing.countCheckMs = TIMING.countCheckMs * slower;
  }
  for (const { table } of opts.settleByArea ? tables : []) table.timing.settleByArea = { ...table.timing.settleByArea, ...opts.settleByArea };
  const hub = await startHub({
    tables,
    dataDir: path.join(dir, 'data'),
    ports,
    httpPort: 0,
    directorToken: DIRECTOR_TOKEN,
    ...(opts.staticDir ? { staticDir: opts.staticDir } : {}),
  });

  const stopDealing = dealOnSignal ? dealWhenWallsBuilt(() => hub.engines.get('t1')?.publicView(), path.join(dir, 'sim')) : () => {};
  const received: string[] = [];
  const counts: (number | null)[][] = Array.from({ length: kind.players }, () => []);
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
      // the hub's flags too: a game the hub misread stays in play for ever, and its flags say why
      const said = () => {
        const v = hub.engines.get('t1')?.publicView();
        const flags = v?.flags ?? [];
        const first = flags[0] ? ` (first: ${flags[0].rule}: ${flags[0].title})` : '';
        return `phase ${view?.phase}, hub phase ${v?.phase}, ${flags.length} flag(s)${first}; sim said: ${simOut.trim().split('\n').slice(-2).join(' / ')}`;
      };
      await waitFor(() => view !== null && pred(view), ms, `the table view to reach the expected state (${said()})`);
      return view!;
    },
    async record() {
      await waitFor(() => existsSync(recordFile), kind.recordMs, 'the simulator record');
      return JSON.parse(readFileSync(recordFile, 'utf8')) as R[];
    },
    async stop() {
      stopDealing();
      client.close();
      sim.kill('SIGTERM');
      await new Promise<void>((r) => (sim.exitCode !== null ? r() : sim.once('exit', () => r())));
      await hub.close();
    },
  };
}
