/**
 * The event bench (`npm run bench:event`): one hub seating a whole event, its players' phones and
 * its spectators. Prints figures, never asserts. What each figure includes: docs/bench-event.md.
 *
 * `node --expose-gc --import tsx bench/event.ts [--tables N | --siamese N --standard N]
 * [--spectators S] [--seconds T] [--warmup-seconds W] [--client-processes P] [--json FILE]`
 *
 * - The hub runs in this process on 127.0.0.1, port 0, with its SQLite event log in a temporary
 *   folder and the default broadcast delay (15 min). Its tables: N Royale Siamese tables (003,
 *   `s1`…, copies of hub/config/tables/siamese-demo.json) and N 4-player tables (000, `f1`…, copies
 *   of standard-demo.json), reader ids suffixed with the table id.
 * - Each table plays a seeded bot game (hub/simulator/game.ts, hub/simulator/standard/game.ts)
 *   through virtual readers (hub/simulator/reader.ts) straight into the hub's supervisor, exactly
 *   as bench/latency.ts does (its BenchTable and playTables): one move every 700 ms, readers
 *   scanning every 100 ms and debouncing on board, odd tables' readers announcing it in their HELLO
 *   and even ones not. The readers and the bench's bookkeeping run in this process.
 * - The clients run in `--client-processes` other processes (bench/event-clients.ts): one seat
 *   client per player (the seat namespace with the seat code the director's
 *   `GET /api/director/tables/:id/seats` gives, as a phone opens it) and S spectators (one in ten
 *   watches the room's summary, the others one table's broadcast each, in turn).
 * - Memory per table: (RSS with the N tables playing − RSS of a hub with no table) / N, each after
 *   a forced GC (`--expose-gc`; without it the figure is not given).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { loadHubConfig, type LoadedTable } from '../hub/config/load.js';
import { startHub, type RunningHub } from '../hub/hub.js';
import { DEFAULT_BROADCAST_DELAY_MS } from '../hub/api/broadcast.js';
import type { SeatCode } from '../hub/api/seat.js';
import { playGame } from '../hub/simulator/game.js';
import { playStandardGame } from '../hub/simulator/standard/game.js';
import {
  BenchTable,
  cloneTables,
  FIRMWARE_PRESENT_AFTER,
  FIRMWARE_SCAN_MS,
  GAMES,
  kindFigures,
  LOOP_RESOLUTION_MS,
  pct,
  playTables,
  type KindFigures,
  type ReaderKind,
  type Stats,
  timeHub,
} from './latency.js';
import type { ClientSpec, FromClients, SeatReport, SpectatorReport, ToClients } from './event-clients.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLIENTS = path.join(ROOT, 'bench/event-clients.ts');
const DIRECTOR_TOKEN = 'bench-event-director-token';
/** Every spectator with index ≡ 9 (mod 10) watches the room's summary; the others a table each. */
const ROOM_WATCHER_EVERY = 10;
/** Walls of every table the bench plays (both demos: 4 walls of 38 tiles). */
const TILES_IN_WALLS = 152;

/** Options of {@link runEventBench}. */
export interface EventOptions {
  /** Royale Siamese tables (003; default 5) */
  siamese?: number;
  /** 4-player tables (000; default 5) */
  standard?: number;
  /** broadcast clients (default 10) */
  spectators?: number;
  /** ms of play measured after the warm-up (default 20 000) */
  measureMs?: number;
  /** ms of play before the figures count (default 8000: most of the deal) */
  warmupMs?: number;
  /** processes holding the clients (default 2) */
  clientProcesses?: number;
  /** table worker threads of the hub (`--workers N`, hub/workers/; default 0: every table on the hub's one thread) */
  workers?: number;
  /** where report lines go (default console.log) */
  log?: (line: string) => void;
}

/** The figures of one run (ms unless said). */
export interface EventResult {
  tables: { siamese: number; standard: number };
  seatClients: number;
  spectators: number;
  measuredMs: number;
  /** reader line in → the seat client saw the change, and the tile at rest → seen, per reader kind (one sample per move and seat client) */
  kinds: KindFigures[];
  /** every kind together */
  hubAdded: { samples: number; p50: number; p99: number };
  /** moves sent while measuring that some seat client had not seen 3 s after the end */
  unseen: number;
  /** moves made while measuring that a phone could not show (its seat code opens a game not begun): no sample */
  hiddenMoves: number;
  /** CPU time of the hub's process per table per second of play (ms/s), and the cores it kept busy */
  cpu: { msPerTableSecond: number; cores: number };
  /** RSS (MB): a hub with no table, with the N tables playing, and the difference per table; null without --expose-gc */
  memory: { noneMb: number; withTablesMb: number; perTableMb: number } | null;
  loopDelay: { p50: number; p99: number; max: number };
  /** the durable write while measuring: SQLite commits, ms per second of play, mean ms per commit */
  commits: { perSecond: number; msPerSecond: number; meanMs: number } | null;
  /**
   * with table workers: each worker's tables and its event loop's busy time while measuring (ms of
   * engine work per second of play, node:perf_hooks eventLoopUtilization), and its share of all
   * workers' busy time; empty without workers
   */
  workerShares: { worker: number; tables: number; busyMsPerSecond: number; share: number }[];
  /** where the hub's time went while measuring, one line per function timed */
  hotSpots: string[];
  /** the bench's own phases, seconds each */
  phases: Record<string, number>;
  seats: SeatReport[];
  spectatorReport: SpectatorReport;
  /** each client process's event-loop lag p99 over the whole run (ms) */
  clientLoopP99Ms: number[];
  /** load average (1 min) at the start and at the end */
  load: { start: number; end: number };
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const f = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '—');
const mb = (bytes: number) => bytes / 2 ** 20;

/** RSS after a forced GC (bytes), or null when node runs without --expose-gc. */
function rssAfterGc(): number | null {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return null;
  gc();
  gc();
  return process.memoryUsage().rss;
}

/** One client process. */
class ClientProcess {
  readonly child: ChildProcess;
  private waiters = new Map<string, (m: FromClients) => void>();
  constructor(onSeen: (items: [string, number, string, number][]) => void) {
    this.child = fork(CLIENTS, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (m: FromClients) => {
      if (m.type === 'seen') onSeen(m.items);
      else {
        this.waiters.get(m.type)?.(m);
        this.waiters.delete(m.type);
      }
    });
  }
  /** Sends `m` and resolves with the answer of type `answer`. @throws Error when the process exits first */
  ask<T extends FromClients['type']>(m: ToClients, answer: T): Promise<Extract<FromClients, { type: T }>> {
    return new Promise((resolve, reject) => {
      const exited = () => reject(new Error(`client process ${this.child.pid} exited before answering ${m.type}`));
      this.child.once('exit', exited);
      this.waiters.set(answer, (a) => {
        this.child.off('exit', exited);
        resolve(a as Extract<FromClients, { type: T }>);
      });
      this.child.send(m);
    });
  }
  close(): Promise<void> {
    if (this.child.exitCode !== null || !this.child.connected) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.send({ type: 'close' } satisfies ToClients);
      setTimeout(() => this.child.kill(), 5000).unref();
    });
  }
}

/**
 * Runs the event bench once and prints its figures (never asserts).
 * @returns the figures
 * @throws Error when the hub does not start, a table never shows its walls within 60 s, or a
 *   client process dies
 */
export async function runEventBench(opts: EventOptions = {}): Promise<EventResult> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const nS = opts.siamese ?? 5;
  const nF = opts.standard ?? 5;
  const nSpect = opts.spectators ?? 10;
  const measureMs = opts.measureMs ?? 20_000;
  const warmupMs = opts.warmupMs ?? 8000;
  const procs = Math.max(1, opts.clientProcesses ?? 2);
  const scan = { scanMs: FIRMWARE_SCAN_MS, presentAfter: FIRMWARE_PRESENT_AFTER };
  const kinds: ReaderKind[] = ['announced', 'silent'];
  const phases: Record<string, number> = {};
  let mark = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    phases[name] = (now - mark) / 1000;
    mark = now;
  };
  const load0 = os.loadavg()[0]!;
  log(
    `\nevent bench: ${nS} Royale Siamese + ${nF} 4-player tables, a seat client per player, ${nSpect} spectators, clients in ${procs} other processes; ${warmupMs / 1000} s warm-up + ${measureMs / 1000} s measured (load average ${f(load0, 2)})`,
  );

  const [siameseDemo] = loadHubConfig(path.join(ROOT, 'hub/config/tables/siamese-demo.json'));
  const [standardDemo] = loadHubConfig(path.join(ROOT, 'hub/config/tables/standard-demo.json'));
  if (!siameseDemo || !standardDemo) throw new Error('the demo table configs have no table');
  // table i of a kind replays seeded game i mod GAMES of that kind (only the games some table plays are played out)
  const seeds = (n: number) => Array.from({ length: Math.min(GAMES, n) }, (_, i) => 1000 + i);
  const siameseGames = seeds(nS).map((seed) => playGame({ seed, cards: siameseDemo.cards, table: siameseDemo.table }));
  const standardGames = seeds(nF).map((seed) => playStandardGame({ seed, cards: standardDemo.cards, table: standardDemo.table }));
  const loaded: LoadedTable[] = [...cloneTables(siameseDemo, nS, 's'), ...cloneTables(standardDemo, nF, 'f')];
  const gameOf = (i: number) => (i < nS ? siameseGames[i % GAMES]! : standardGames[(i - nS) % GAMES]!);
  phase('bot games played out');

  const byId = new Map<string, BenchTable>();
  let hiddenMoves = 0;
  const clients = Array.from(
    { length: procs },
    () =>
      new ClientProcess((items) => {
        const at0 = performance.timeOrigin;
        for (const [tableId, player, print, at] of items) {
          const t = byId.get(tableId);
          if (!t) continue;
          // a seat code for a game not begun shows no counts (hub/api/seat-view.ts pendingSeatView):
          // the moves made meanwhile never show on that phone, so they are no sample
          if (!print.includes('null')) t.seenBy(player, print, at - at0);
          else
            for (const p of t.pending.filter((x) => x.counted)) {
              p.counted = false;
              hiddenMoves++;
            }
        }
      }),
  );
  const dir = mkdtempSync(path.join(tmpdir(), 'mjhub-bench-event-'));
  let hub: RunningHub | null = null;
  try {
    // the hub with no table: the memory figure's baseline
    const empty = await startHub({ tables: [], dataDir: path.join(dir, 'empty'), ports: [], httpPort: 0, directorToken: DIRECTOR_TOKEN });
    const rssNone = rssAfterGc();
    await empty.close();
    phase('hub with no table (memory baseline)');

    hub = await startHub({ tables: loaded, dataDir: path.join(dir, 'event'), ports: [], httpPort: 0, directorToken: DIRECTOR_TOKEN, ...(opts.workers ? { workers: opts.workers } : {}) });
    const hubStartedAt = Date.now();
    const running = hub;
    phase('startHub');
    const stats: Stats = { lines: 0, deltas: 0, seqGaps: 0, dropped: 0, commands: 0, samples: [], measuring: false };
    const tables = loaded.map((t, i) => new BenchTable(t, gameOf(i), running, stats, 1, kinds[i % kinds.length]!, scan, t.table.players.length));
    for (const t of tables) byId.set(t.loaded.table.id, t);
    for (const t of tables) t.open();
    const deadline = Date.now() + 60_000;
    const built = (t: BenchTable) =>
      running.tables
        .get(t.loaded.table.id)!
        .publicView()
        .walls.reduce((n, w) => n + w.left, 0) === TILES_IN_WALLS;
    while (!tables.every(built)) {
      if (Date.now() > deadline) throw new Error(`${tables.filter((t) => !built(t)).length} of ${tables.length} tables never showed their 4 walls of 38 tiles`);
      await sleep(50);
    }
    phase("readers' snapshots shown (walls built)");

    // the seat codes, as the director hands them out, then the clients spread over the processes
    const specs: ClientSpec[] = [];
    for (const t of tables) {
      const id = t.loaded.table.id;
      const res = await fetch(`${running.url}/api/director/tables/${id}/seats`, { headers: { authorization: `Bearer ${DIRECTOR_TOKEN}` } });
      if (!res.ok) throw new Error(`table ${id}: GET seats answered ${res.status} ${await res.text()}`);
      for (const c of (await res.json()) as SeatCode[]) specs.push({ kind: 'seat', tableId: id, player: c.player, token: c.token, walls: t.zones.walls.length });
    }
    const seatClients = specs.length;
    for (let k = 0; k < nSpect; k++) specs.push({ kind: 'spectator', tableId: k % ROOM_WATCHER_EVERY === ROOM_WATCHER_EVERY - 1 ? null : loaded[k % loaded.length]!.table.id });
    phase('seat codes fetched');
    const answers = await Promise.all(
      clients.map((c, p) => c.ask({ type: 'start', url: running.url, clients: specs.filter((_, k) => k % procs === p), hubStartedAt, delayMs: DEFAULT_BROADCAST_DELAY_MS }, 'connected')),
    );
    const failed = answers.flatMap((a) => a.failed);
    if (failed.length > 0) log(`  clients refused: ${failed.join('; ')}`);
    phase('clients connected (first views)');

    const timed = timeHub(running);
    const play = playTables(tables, scan);
    await sleep(warmupMs);
    phase('warm-up');
    const store = running.store as { transactions?: number; writeMs?: number };
    const tx0 = store.transactions ?? 0;
    const write0 = store.writeMs ?? 0;
    const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
    loop.enable();
    stats.measuring = true;
    for (const t of timed) t.on = true;
    const elu0 = running.tableWorkers.map((w) => w.eventLoopUtilization());
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await sleep(measureMs);
    const elapsed = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const busy = running.tableWorkers.map((w, k) => w.eventLoopUtilization(elu0[k]).active);
    stats.measuring = false;
    for (const t of timed) t.on = false;
    loop.disable();
    const tx = (store.transactions ?? 0) - tx0;
    const writeMs = (store.writeMs ?? 0) - write0;
    const rssWith = rssAfterGc();
    phase('measured');
    await play.stop();
    const until = performance.now() + 3000;
    while (tables.some((t) => t.pending.some((p) => p.counted)) && performance.now() < until) await sleep(50);
    const unseen = tables.reduce((s, t) => s + t.pending.filter((p) => p.counted).length, 0);
    const reports = await Promise.all(clients.map((c) => c.ask({ type: 'report' }, 'report')));
    phase('drained (last moves seen, reports in)');

    const nT = tables.length;
    const cpuMs = (cpu.user + cpu.system) / 1000;
    const all = stats.samples.map((x) => x.hubAdded).sort((a, b) => a - b);
    const seats = reports.flatMap((r) => r.seats);
    const spectatorReport = reports.reduce<SpectatorReport>(
      (s, r) => ({
        clients: s.clients + r.spectators.clients,
        tablePayloads: s.tablePayloads + r.spectators.tablePayloads,
        roomPayloads: s.roomPayloads + r.spectators.roomPayloads,
        handTiles: s.handTiles + r.spectators.handTiles,
        earlyTiles: s.earlyTiles + r.spectators.earlyTiles,
      }),
      { clients: 0, tablePayloads: 0, roomPayloads: 0, handTiles: 0, earlyTiles: 0 },
    );
    const ms = (ns: number) => Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS);
    const result: EventResult = {
      tables: { siamese: nS, standard: nF },
      seatClients,
      spectators: nSpect,
      measuredMs: elapsed,
      kinds: kinds.map((k) =>
        kindFigures(
          k,
          stats.samples.filter((x) => x.kind === k),
        ),
      ),
      hubAdded: { samples: all.length, p50: pct(all, 50), p99: pct(all, 99) },
      unseen,
      hiddenMoves,
      cpu: { msPerTableSecond: nT > 0 ? cpuMs / nT / (elapsed / 1000) : NaN, cores: cpuMs / elapsed },
      memory: rssNone !== null && rssWith !== null ? { noneMb: mb(rssNone), withTablesMb: mb(rssWith), perTableMb: nT > 0 ? mb(rssWith - rssNone) / nT : NaN } : null,
      loopDelay: { p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max) },
      commits: store.writeMs === undefined ? null : { perSecond: (tx / elapsed) * 1000, msPerSecond: (writeMs / elapsed) * 1000, meanMs: tx > 0 ? writeMs / tx : NaN },
      workerShares: running.tableWorkers.map((w, k) => ({
        worker: w.index,
        tables: w.tables.size,
        busyMsPerSecond: (busy[k]! / elapsed) * 1000,
        share:
          busy[k]! /
          Math.max(
            1e-9,
            busy.reduce((a, b) => a + b, 0),
          ),
      })),
      hotSpots: timed.map((t) => t.summary(elapsed)),
      phases,
      seats,
      spectatorReport,
      clientLoopP99Ms: reports.map((r) => r.loopP99Ms),
      load: { start: load0, end: os.loadavg()[0]! },
    };
    printResult(result, log);
    return result;
  } finally {
    await Promise.all(clients.map((c) => c.close()));
    await hub?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Prints the figures of one run, one figure a line, each saying what it includes. */
function printResult(r: EventResult, log: (l: string) => void): void {
  const own = r.seats.filter((s) => s.ownSnapshots > 0 && s.ownSnapshots === s.snapshots).length;
  log(
    `  hub-added (reader line in → the seat client saw the change; settle window subtracted): p50 ${f(r.hubAdded.p50)} ms, p99 ${f(r.hubAdded.p99)} ms (${r.hubAdded.samples} samples: moves × seat clients; ${r.unseen} moves unseen; ${r.hiddenMoves} made before the phones' game began)`,
  );
  for (const k of r.kinds) {
    log(
      `  ${k.kind} readers: rest-to-display (tile at rest → seat client, the reader's scan included) p50 ${f(k.restToDisplay.p50)} / p99 ${f(k.restToDisplay.p99)} ms; hub-added p50 ${f(k.hubAdded.p50)} / p99 ${f(k.hubAdded.p99)} ms (${k.samples} samples)`,
    );
  }
  log(`  CPU per table (hub process CPU / tables / seconds): ${f(r.cpu.msPerTableSecond, 2)} ms per table per second (${f(r.cpu.cores, 2)} cores busy)`);
  log(
    r.memory
      ? `  memory per table ((RSS with tables − RSS with none) / tables, after a forced GC): ${f(r.memory.perTableMb, 2)} MB (${f(r.memory.withTablesMb)} MB − ${f(r.memory.noneMb)} MB)`
      : '  memory per table: not measured (run node with --expose-gc)',
  );
  log(`  event-loop lag (monitorEventLoopDelay): p50 ${f(r.loopDelay.p50)} ms, p99 ${f(r.loopDelay.p99)} ms, max ${f(r.loopDelay.max)} ms`);
  log(
    r.commits
      ? `  durable write (SQLite commits, WAL, synchronous=FULL, wherever they run): ${f(r.commits.perSecond, 0)} commits/s, ${f(r.commits.msPerSecond, 1)} ms per second (${f(r.commits.msPerSecond / 10, 1)}% of the time), ${f(r.commits.meanMs, 2)} ms per commit`
      : '  durable write: not measured (not the SQLite store)',
  );
  if (r.workerShares.length > 0)
    log(
      `  table workers' share of the engine work (each worker's event loop busy, ms per second of play): ${r.workerShares
        .map((w) => `worker ${w.worker} (${w.tables} tables) ${f(w.busyMsPerSecond)} ms/s, ${f(w.share * 100, 0)}%`)
        .join('; ')}`,
    );
  log(`  time in: ${r.hotSpots.join('; ')}`);
  log(
    `  bench phases: ${Object.entries(r.phases)
      .map(([k, v]) => `${k} ${f(v)} s`)
      .join('; ')}`,
  );
  log(
    `  seat clients: ${r.seats.length}, ${own} received only their own seat view; spectators: ${r.spectatorReport.clients}, ${r.spectatorReport.tablePayloads} table payloads, ${r.spectatorReport.roomPayloads} room payloads, ${r.spectatorReport.earlyTiles} concealed tiles before the delay`,
  );
  log(`  client processes' event-loop lag p99 (the whole run): ${r.clientLoopP99Ms.map((x) => `${f(x)} ms`).join(', ')}`);
  log(`  load average (1 min): ${f(r.load.start, 2)} at the start, ${f(r.load.end, 2)} at the end`);
}

/**
 * Options from command-line arguments: `--tables N` (N of each kind), `--siamese N`, `--standard N`,
 * `--spectators S`, `--seconds T` (measured), `--warmup-seconds W`, `--client-processes P`. Others are ignored.
 */
export function eventOptionsFromArgs(argv: readonly string[]): EventOptions & { json?: string } {
  const opts: EventOptions & { json?: string } = {};
  const num = (v: string | undefined) => (v !== undefined && Number.isFinite(Number(v)) && Number(v) >= 0 ? Number(v) : undefined);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const n = num(argv[i + 1]);
    if (a === '--json' && argv[i + 1]) opts.json = argv[++i];
    else if (n === undefined) continue;
    else if (a === '--tables') opts.siamese = opts.standard = Math.floor(n);
    else if (a === '--siamese') opts.siamese = Math.floor(n);
    else if (a === '--standard') opts.standard = Math.floor(n);
    else if (a === '--spectators') opts.spectators = Math.floor(n);
    else if (a === '--seconds') opts.measureMs = n * 1000;
    else if (a === '--warmup-seconds') opts.warmupMs = n * 1000;
    else if (a === '--client-processes') opts.clientProcesses = Math.max(1, Math.floor(n));
    else if (a === '--workers') opts.workers = Math.floor(n);
    else continue;
    i++;
  }
  return opts;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const opts = eventOptionsFromArgs(process.argv.slice(2));
  runEventBench(opts).then(
    (r) => {
      if (opts.json) writeFileSync(opts.json, JSON.stringify(r, null, 2));
      process.exit(0);
    },
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
