/**
 * Noisy sessions over real ports, for test/e2e/noise-ports.test.ts (`npm test`: one game with every
 * cable pulled) and test/measure/noise-ports.measure.ts (`npm run measure:noise-ports`: the three
 * games the findings of noise-ports.test.ts were made with): the reader simulator as its own
 * process (the built `hub/simulator/main.ts --noise LEVEL`) on socat pseudo-terminals, the real hub reading
 * them with the demo table's own timing (settle 250 ms on walls and floor, 400 ms in racks and on
 * their tops, count check 600 ms), and a socket.io client watching the public table view.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type TestContext, vi } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { loadHubConfig } from '../../hub/config/load.js';
import { startHub, type RunningHub } from '../../hub/hub.js';
import { EV, type DeltaPayload, type SnapshotPayload } from '../../hub/api/socket-events.js';
import type { PublicTableView } from '../../hub/api/views.js';
import type { GameRecord } from '../../hub/simulator/game.js';
import type { TileMovedData } from '../../hub/table/machine.js';
import { playGame } from '../../hub/simulator/game.js';
import { CONFIG, ROOT } from './harness.js';
import { dealWhenWallsBuilt } from '../../hub/simulator/deal-signal.js';
import { builtEntry } from '../support/built-hub.js';

const DIRECTOR = 'noise-director';

/** Resolves when `cond()` holds (polled every 50 ms), or fails after `ms` naming `what()`. */
export async function waitFor(cond: () => boolean, ms: number, what: () => string): Promise<void> {
  await vi.waitFor(
    () => {
      if (!cond()) throw new Error(`timed out after ${ms} ms waiting for ${what()}`);
    },
    { timeout: ms, interval: 50 },
  );
}

/** A simulator process on pseudo-terminals, a hub reading them, and a public socket client. */
export interface NoisySession {
  hub: RunningHub;
  simDir: string;
  recordFile: string;
  view(): PublicTableView | null;
  /** every flag ever shown: id → `game 1: 003 rule 18C Bea has 26 tiles off turn …` */
  flags: Map<string, string>;
  /** each game's view when it first showed `ended` */
  ended: Map<number, PublicTableView>;
  /** game/phase and reader-state changes with times, for failure messages */
  timeline: string[];
  /** the flags with the director's evidence (tiles, zones, raw lines), for failure messages */
  evidence(): Promise<string>;
  simSaid(): string;
  stop(): Promise<void>;
}

const sessions: NoisySession[] = [];

/** Stops every session still running (whatever a failed start or case left): for `afterAll`. */
export async function stopNoisySessions(): Promise<void> {
  for (const s of sessions.splice(0)) await s.stop();
}

/** What {@link startNoisy} plays: the simulator's seed, games, pace (ms a step), noise level and noise seed. */
export interface NoisyOptions {
  seed: number;
  games: number;
  pace: number;
  noise: string;
  noiseSeed: number;
}

/**
 * Starts the simulator (`--deal-on-signal`, `--noise-unplug 0`: cables are pulled only by hand) on
 * pseudo-terminals, a hub reading them and a public socket client on table t1.
 * @throws Error with the simulator's output when it shows no ports within 60 s or exits
 */
export async function startNoisy(o: NoisyOptions): Promise<NoisySession> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mjhub-noise-'));
  const simDir = path.join(dir, 'sim');
  const recordFile = path.join(dir, 'record.json');
  const args = [
    builtEntry('hub/simulator/main.ts'),
    '--seed',
    String(o.seed),
    '--games',
    String(o.games),
    '--pace',
    String(o.pace),
    '--linger',
    '600000',
    '--noise',
    o.noise,
    '--noise-seed',
    String(o.noiseSeed),
    '--noise-unplug',
    '0',
    '--dir',
    simDir,
    '--record',
    recordFile,
    '--config',
    CONFIG,
    '--transport',
    'pty',
    '--deal-on-signal',
  ];
  const sim: ChildProcess = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let simOut = '';
  sim.stdout!.on('data', (d: Buffer) => (simOut += d.toString()));
  sim.stderr!.on('data', (d: Buffer) => (simOut += d.toString()));
  const stopSim = async () => {
    if (sim.exitCode !== null || sim.signalCode !== null) return;
    sim.kill('SIGTERM');
    await new Promise<void>((r) => (sim.exitCode !== null || sim.signalCode !== null ? r() : sim.once('exit', () => r())));
  };
  const portsFile = path.join(simDir, 'ports.json');
  let hub: RunningHub;
  try {
    await waitFor(
      () => existsSync(portsFile) || sim.exitCode !== null,
      60_000, // two simulators starting at once on a loaded machine
      () => `the simulator's ports (it said: ${simOut})`,
    );
    if (!existsSync(portsFile)) throw new Error(`the simulator exited: ${simOut}`);
    const ports = (JSON.parse(readFileSync(portsFile, 'utf8')) as { port: string }[]).map((p) => p.port);
    hub = await startHub({ tables: loadHubConfig(CONFIG), dataDir: path.join(dir, 'data'), ports, httpPort: 0, directorToken: DIRECTOR });
  } catch (e) {
    await stopSim();
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }

  let view: PublicTableView | null = null;
  let seq = -1;
  const flags = new Map<string, string>();
  const ended = new Map<number, PublicTableView>();
  const timeline: string[] = [];
  const t0 = Date.now();
  const readerStates = new Map<string, string>();
  const note = () => {
    if (!view) return;
    const now = `@${((Date.now() - t0) / 1000).toFixed(1)}s`;
    for (const r of view.readers ?? []) {
      if (readerStates.get(r.id) !== r.state) timeline.push(`${r.id} ${r.state} ${now}`);
      readerStates.set(r.id, r.state);
    }
    const mark = `g${view.gameNo} ${view.phase}`;
    if (!timeline.some((l) => l.startsWith(mark + ' '))) timeline.push(`${mark} ${view.players.map((p) => p.count).join(',')} ${now}`);
    for (const f of view.flags) flags.set(f.id, `game ${view.gameNo}: ${f.rule} ${f.title}`);
    if (view.phase === 'ended' && !ended.has(view.gameNo)) ended.set(view.gameNo, structuredClone(view));
  };
  // each game is dealt once the hub shows its walls built (hub/simulator/deal-signal.ts)
  const stopDealing = dealWhenWallsBuilt(() => hub.engines.get('t1')?.publicView(), simDir);
  const client: Socket = io(hub.url, { transports: ['websocket'], reconnection: true });
  client.on(EV.snapshot, (p: SnapshotPayload) => {
    view = p.view;
    seq = p.seq;
    note();
  });
  client.on(EV.delta, (p: DeltaPayload) => {
    if (!view || p.seq !== seq + 1) {
      client.emit(EV.resync, { tableId: 't1' });
      return;
    }
    view = { ...view, ...p.changes };
    seq = p.seq;
    note();
  });
  client.on('connect', () => client.emit(EV.watch, { tableId: 't1' }));

  const session: NoisySession = {
    hub,
    simDir,
    recordFile,
    view: () => view,
    flags,
    ended,
    timeline,
    async evidence() {
      const res = await fetch(`${hub.url}/api/director/tables/t1`, { headers: { authorization: `Bearer ${DIRECTOR}` } });
      const d = (await res.json()) as { evidence?: unknown };
      return JSON.stringify(d.evidence ?? null).slice(0, 12_000);
    },
    simSaid: () => simOut.trim().split('\n').slice(-3).join(' / '),
    async stop() {
      stopDealing();
      client.close();
      await stopSim();
      await hub.close();
      if (process.env.MJHUB_KEEP_NOISE_RUN) console.log(`noise run kept in ${dir}`);
      else rmSync(dir, { recursive: true, force: true });
    },
  };
  sessions.push(session);
  return session;
}

/**
 * Waits for game 1 to end (or a flag), then asserts, as a director would check by hand: no flag at
 * all, and the end exactly as the simulator recorded it (`--record`, worked out independently of
 * the hub): each player's final tile count, each verified Mah Jongg (player, rack, card line,
 * value), and the points (003 rule 17). Seed 55 ends with Bea's 2nd Mah Jongg.
 */
export async function expectAsRecorded(s: NoisySession, seed: number): Promise<void> {
  const why = () => `timeline: ${s.timeline.join(' | ')}; flags: ${[...s.flags.values()].join('; ')}; sim said: ${s.simSaid()}`;
  await waitFor(
    () => s.ended.size >= 1 || s.flags.size > 0,
    90_000,
    () => `the game to end (${why()})`,
  );
  // no flag at all (on failure: the director's evidence, with the raw reader lines)
  if (s.flags.size > 0) expect([...s.flags.values()], `${why()}\nevidence: ${await s.evidence()}`).toEqual([]);

  await waitFor(
    () => existsSync(s.recordFile),
    10_000,
    () => 'the record',
  );
  const [rec] = JSON.parse(readFileSync(s.recordFile, 'utf8')) as GameRecord[];
  expect(rec!.seed).toBe(seed);
  const v = s.ended.get(1)!;
  expect(v, why()).toBeDefined();
  expect(rec!.end).toEqual({ reason: 'two-mahjonggs', winner: 1 });
  const got = {
    counts: v.players.map((p) => p.count),
    mahJonggs: v.players
      .flatMap((p) => p.racks.filter((r) => r.mahJongg).map((r) => ({ player: p.index, rack: r.rack, line: r.mahJongg!.lineId, value: r.mahJongg!.value })))
      .sort((a, b) => a.player - b.player || a.rack - b.rack),
    points: v.score?.points ?? null,
  };
  const want = {
    counts: rec!.finalCounts,
    mahJonggs: [...rec!.mahJonggs].sort((a, b) => a.player - b.player || a.rack - b.rack),
    points: rec!.pointsIfNoFlags,
  };
  expect(got, why()).toEqual(want);
}

/** Every reader ends connected (reopen backoff ≤ 5 s), and `reader`'s pulled cable reached the hub. */
export async function expectReconnected(s: NoisySession, reader: string): Promise<void> {
  const statuses = () => s.hub.supervisor.statuses(Date.now());
  const reconnects = Object.fromEntries(statuses().map((r) => [r.id, r.reconnects ?? 0]));
  expect(reconnects[reader]).toBeGreaterThanOrEqual(1);
  await waitFor(
    () => statuses().every((r) => r.state === 'connected'),
    15_000,
    () => JSON.stringify(statuses().map((r) => [r.id, r.state])),
  );
  expect(statuses().map((r) => r.state)).toEqual(Array(9).fill('connected'));
}

/**
 * When (ms after the hub shows play, i.e. after East's first discard settled) the simulator makes
 * the step whose label matches `label`, at `pace` ms a step: worked out from the seeded game itself.
 */
export function stepTimeInPlay(seed: number, pace: number, label: RegExp): number {
  const { table, cards } = loadHubConfig(CONFIG)[0]!;
  const game = playGame({ table, cards, seed });
  let t = 0;
  let firstDiscard: number | null = null;
  for (const st of game.steps) {
    if (firstDiscard === null && / discards /.test(st.label)) firstDiscard = t;
    if (label.test(st.label)) return t - firstDiscard!;
    t += pace * (st.dwell ?? (st.moves.every((m) => m.to === null) ? 0.5 : 1));
  }
  throw new Error(`no step ${label} in seed ${seed}`);
}

/** Every `tile-moved` event of table t1 so far. */
export function movesOf(s: NoisySession): TileMovedData[] {
  return s.hub.store
    .events('t1')
    .filter((e) => e.type === 'tile-moved')
    .map((e) => e.data as TileMovedData);
}

/** Resolves once the view shows game `gameNo` (or a later one) in play; fails after `ms`. */
export async function inPlay(s: NoisySession, gameNo: number, ms: number): Promise<void> {
  await waitFor(
    () => (s.view()?.gameNo ?? 0) >= gameNo && s.view()?.phase === 'play',
    ms,
    () => `game ${gameNo} in play (${s.timeline.join(' | ')}; sim said: ${s.simSaid()})`,
  );
}

/** Starts a session for one case and stops it when that case finishes (several cases may run at once). */
export async function startFor(ctx: TestContext, o: NoisyOptions): Promise<NoisySession> {
  const s = await startNoisy(o);
  ctx.onTestFinished(async () => {
    sessions.splice(sessions.indexOf(s), 1);
    await s.stop();
  });
  return s;
}
