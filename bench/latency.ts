/**
 * Latency bench (part of `npm run bench`; alone: `node --import tsx bench/latency.ts [--tables 1,50,200] [--seconds 20] [--in-memory 200|none]
 * [--protocol 0|1] [--scan-ms 100] [--deb 2] [--kinds announced,silent]`).
 * Prints figures and their ratio to the targets, never asserts.
 *
 * For each table count N (default 1, 50 and 200):
 * - a hub config of N Royale Siamese tables is generated in memory from
 *   hub/config/tables/siamese-demo.json (table `tN`, reader ids suffixed `-tN`, e.g. `RK-E1-t7`), and
 *   the hub is started in this process with `startHub` (HTTP port 0, a temporary data folder, the
 *   SQLite event log, the demo's timing untouched: settle 250 ms, count check 600 ms);
 * - every table plays its own seeded game (hub/simulator/game.ts: two bots, the deal in fours, then
 *   picks, discards, calls and exposures) through virtual readers (hub/simulator/reader.ts: HELLO,
 *   SNAP, ADD/DEL with sequence numbers, a heartbeat every 1000 ms per reader, 9 readers a table;
 *   protocol v1 by default, each read with its signal strength: a tile put down reads strong, so its
 *   move settles on the tracker's short window, STRONG_SETTLE_MS; `--protocol 0`: v0 readers, no
 *   signal strength, the engine's per-area windows),
 *   whose lines go straight into the supervisor (`supervisor.line(conn, text, Date.now())`, as a
 *   transport does), with no serial port in between;
 * - load: all tables play at once, each one move every 700 ms (a tile lifted, put down 250 ms later
 *   plus up to one scan period, seeded, so that tiles land at any phase of the scans; resting the
 *   rest of the 700 ms, longer than any settle window; a deal step lifts 4 tiles and, when the readers
 *   scan, puts them down as long later: at once their ADD after 2 scans would come before their DEL
 *   after 3, a tile read in two zones, which no hand does), the
 *   tables' starts spread over the first 700 ms, each table on its own timeline (a late timer does
 *   not shift its later moves, so the tables never line up behind a stall of the hub); the first
 *   8 s (most of the deal) are not measured;
 * - one socket.io client per table (its own websocket, in this process) watches its table's public
 *   view exactly as the display does (snapshot, then deltas in seq order).
 *
 * A move is "seen" when the client's view first shows the table as it is after that move: the tile
 * count of every rack (inside and top), every wall and the floor (a tile from the wall to a rack
 * changes the wall's count and the rack's). Times are `performance.now()` in this process.
 * The readers scan (hub/simulator/reader.ts, `--scan-ms`, default 100 ms, the reference firmware's
 * period at boot) at a random phase each, and debounce on board as firmware/core does: a tile put down
 * is reported (ADD) once 2 scans have read it (`--deb`), lifted (DEL) once 3 have missed it. Two
 * kinds of readers (`--kinds`; one table: a run each; more: odd tables announced, even tables silent):
 * - announced: the HELLO says `deb=2 scan=100` (PROTOCOL.md §5.1): the hub settles their strong reads at once;
 * - silent: today's HELLO, the same readers otherwise: the hub waits its strong-read window on top.
 * - rest-to-display: from the tile coming to rest on the antenna (the virtual reader's `add`) to the
 *   client seeing it: scan phase + N scans + settle window + hub work + socket. Target: p99 within
 *   N scan periods + 50 ms (250 ms at N = 2, 100 ms); with `--scan-ms 0` (no scan: the ADD goes out
 *   when the tile rests, the bench as it was) the old target, < 300 ms from the ADD line;
 * - rest → ADD line: the reader's part of it (between (N-1) and N scan periods);
 * - hub-added: from when the move could settle to the client seeing it, subtracted exactly per move
 *   from the lines' own times: the move can settle no earlier than max(ADD + settle(to), DEL +
 *   settle(from)) (hub/tracking/tracker.ts), with the engine's windows (DEFAULT_SETTLE_BY_AREA: rack
 *   and top 400 ms; wall and floor the config's settleMs, 250 ms) for v0 readers, the strong-read
 *   window (the smaller of STRONG_SETTLE_MS, 200 ms, and the area's window) for silent v1 readers,
 *   and 0 for announced ones. We subtract instead of starting the hub with settleMs 0 because
 *   settleMs 0 would not remove the 400 ms rack and top windows, which the table config does not set.
 *   Precision ±1 ms (the engine's clock is Date.now, whole ms). Target p99 < 20 ms at 200 tables.
 * Each hub function on the path is timed while measuring (calls per second, share of the time, p99):
 * supervisor.line, engine.tick, store.flush (the durable write before every publish) and
 * engine.publicView; and 200 tables are measured once more with the event log in memory (no disk
 * write) to show what the durable write costs. `BENCH_DEBUG=1` prints each move seen more than
 * 50 ms after it was due.
 * The clients run in the hub's process, so their socket.io parsing is counted (and competes for the
 * same CPU): the figures are an upper bound of what a display on another machine adds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { loadHubConfig, type LoadedTable } from '../hub/config/load.js';
import type { TableConfig } from '../hub/config/types.js';
import { startHub, type RunningHub } from '../hub/hub.js';
import type { Connection } from '../hub/readers/supervisor.js';
import { DEFAULT_SETTLE_BY_AREA } from '../hub/table/engine.js';
import { EV, type DeltaPayload, type SnapshotPayload } from '../hub/api/socket-events.js';
import type { PublicTableView } from '../hub/api/views.js';
import { VirtualReader } from '../hub/simulator/reader.js';
import { STRONG_SETTLE_MS } from '../hub/tracking/tracker.js';
import type { ProtocolVersion } from '../firmware-protocol/messages.js';
import { playGame, tableZones, type GameResult, type Step, type TableZones, type Zone } from '../hub/simulator/game.js';
import { tagOfTile } from '../hub/tilesets/simulated.js';
import { mulberry32 } from '../hub/simulator/prng.js';
import type { TileId } from '../rules/tiles.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEMO = path.join(ROOT, 'hub/config/tables/siamese-demo.json');

/** Target: hub-added p99 at 200 tables (ms). */
export const TARGET_HUB_P99_MS = 20;
/** Target: rest-to-display p99 at the default settle window (ms). */
export const TARGET_REST_MS = 300;
/** One move per table every this many ms (a lift, then the placement half of it later). */
export const MOVE_EVERY_MS = 700;
/** A lifted tile is put down this long after it was lifted (ms); it then rests MOVE_EVERY_MS minus this, longer than any settle window. */
export const IN_HAND_MS = 250;

/**
 * How a table's readers debounce (each table's 9 readers are of one kind):
 * - `announced`: they scan every `scanMs`, debounce on board (a tag is present after N scans that
 *   read it, gone after M that miss it, as firmware/core does) and say so in their HELLO
 *   (`deb=N scan=P`, PROTOCOL.md §5.1): the hub settles their strong reads at once;
 * - `silent`: the same readers with today's HELLO (no `deb`): the hub waits its own windows on top.
 */
export type ReaderKind = 'announced' | 'silent';

/** The reference firmware's scan period at boot (ms, firmware/core MJR_SCAN_MS) and debounce (N present, M misses). */
export const FIRMWARE_SCAN_MS = 100;
export const FIRMWARE_PRESENT_AFTER = 2;
export const FIRMWARE_ABSENT_AFTER = 3;
/** What the hub and the socket may add to the reader's own delay (ms): the target is N scan periods plus this. */
export const TARGET_HUB_SHARE_MS = 50;

/** Options of {@link runLatencyBench}. */
export interface LatencyOptions {
  /** table counts to measure, in order (default [1, 50, 200]) */
  tables?: number[];
  /** ms of play measured per table count, after `warmupMs` (default 1 table: 15 s per reader kind, more: 20 s; in memory at most 12 s) */
  measureMs?: (tables: number) => number;
  /** ms of play before samples count (default 8000: JIT, and most of the deal, when all tables lift 4 tiles at a time) */
  warmupMs?: number;
  /**
   * also measure this many tables with the event log in memory (`dataDir: ':memory:'`, no disk
   * write before a publish): what the hub's own work costs without the durable write (default [200]; [] for none)
   */
  inMemory?: number[];
  /** where lines of the report go (default console.log) */
  log?: (line: string) => void;
  /** protocol version of the virtual readers (default 1: signal strength on every read) */
  protocol?: ProtocolVersion;
  /** the readers' scan period (ms; default {@link FIRMWARE_SCAN_MS}; 0: no scan modelled, the ADD goes out when the tile rests, as before) */
  scanMs?: number;
  /** N: scans that must read a tile before its ADD (default {@link FIRMWARE_PRESENT_AFTER}); M stays {@link FIRMWARE_ABSENT_AFTER} */
  presentAfter?: number;
  /** the reader kinds measured (default both, v1; v0 readers cannot announce: `silent` only) */
  kinds?: ReaderKind[];
}

/** The figures of one reader kind in one run (ms). */
export interface KindFigures {
  kind: ReaderKind;
  samples: number;
  hubAdded: { p50: number; p99: number; max: number };
  /** hub-added, split: settle due → the engine published; published → the client saw it */
  split: { toPublish: { p50: number; p99: number }; toClient: { p50: number; p99: number } };
  /** the tile at rest → its ADD line (the reader's scan phase and debounce) */
  restToLine: { p50: number; p99: number; max: number };
  restToDisplay: { p50: number; p99: number; max: number };
  /** rest-to-display of moves to the floor or a wall */
  restDefaultWindow: { samples: number; p50: number; p99: number };
  /** rest-to-display of moves into a rack or onto its top */
  restRackWindow: { samples: number; p50: number; p99: number };
}

/** The figures of one table count (ms unless said). */
export interface LatencyResult {
  tables: number;
  /** the event log: SQLite in a temporary folder, or in memory (diagnostic) */
  store: 'sqlite-file' | 'memory';
  samples: number;
  /** ms of play measured */
  measuredMs: number;
  /** the figures of each reader kind played in this run (tables alternate between the kinds) */
  kinds: KindFigures[];
  /** reader lines the supervisor got per second while measuring */
  linesPerSecond: number;
  deltasPerSecond: number;
  /** moves sent while measuring that no client saw within 3 s of the end */
  unseen: number;
  /** moves not counted because their tile was lifted again before it could settle (the bench fell behind) */
  dropped: number;
  /** commands the hub sent to readers while measuring (`CMD snap` after a gap) */
  commands: number;
  /** deltas whose seq was not the next one (the client resynced) */
  seqGaps: number;
  /** CPU time of the process / wall time while measuring (1.0 = one core busy) */
  cpuCores: number;
  /** where the hub's time went while measuring, one line per hub function timed */
  hotSpots: string[];
  /** event-loop lag while measuring (ms beyond the 10 ms sampling timer) */
  loopDelay: { p50: number; p99: number; max: number };
}

interface Pending {
  /** fingerprint of the view after the move */
  print: string;
  /** the tile came to rest on the antenna (physically), performance.now() ms */
  restAt: number;
  /** the tiles put down, with the zone each came from (null: none seen) and went to */
  placed: { tag: string; from: string | null; to: string }[];
  /** the window the move waited for: the config's settleMs (true), or a rack/top window */
  defaultWindow: boolean;
  counted: boolean;
  label: string;
  /** the tiles put down */
  tiles: TileId[];
}

/** What the bench counts while the tables play (shared by every table of a run). */
export interface Stats {
  lines: number;
  deltas: number;
  seqGaps: number;
  /** moves not counted: a tile lifted again before its move could settle */
  dropped: number;
  /** lines the hub sent to readers (CMD snap) while measuring */
  commands: number;
  samples: Sample[];
  measuring: boolean;
}

interface Sample {
  kind: ReaderKind;
  hubAdded: number;
  /** rest → the ADD line */
  line: number;
  rest: number;
  defaultWindow: boolean;
  /** settle due → the engine published the change (its timer, the tick, the log append, the fold) */
  toPublish: number;
  /** the engine published → the client saw it (the view, its JSON diff, socket.io both ends) */
  toClient: number;
}

const f = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '—');

/** Time spent in one hub function while measuring: calls, total and p99 per call (ms). */
export class Timed {
  private times: number[] = [];
  on = false;
  constructor(readonly name: string) {}
  /** Replaces `obj[key]` (a method of that one instance, for this bench only) by a timed call of it. */
  wrap<T extends object>(obj: T, key: keyof T & string): void {
    const orig = (obj[key] as (...a: unknown[]) => unknown).bind(obj);
    (obj as Record<string, unknown>)[key] = (...a: unknown[]) => {
      if (!this.on) return orig(...a);
      const t = performance.now();
      try {
        return orig(...a);
      } finally {
        this.times.push(performance.now() - t);
      }
    };
  }
  summary(elapsedMs: number): string {
    const sorted = [...this.times].sort((a, b) => a - b);
    const total = sorted.reduce((x, y) => x + y, 0);
    return `${this.name} ${f((sorted.length / elapsedMs) * 1000, 0)}/s, ${f((total / elapsedMs) * 100, 0)}% of the time, p99 ${f(pct(sorted, 99), 2)} ms, max ${f(sorted.at(-1) ?? NaN, 1)} ms`;
  }
}

/** Nearest-rank percentile `p` (0-100) of ascending `sorted` values, e.g. p99 of 1..100 is 99 (NaN when empty). */
export function pct(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** The event-loop delay monitor's sampling period (ms): its figures are reported less this. */
export const LOOP_RESOLUTION_MS = 10;
/** Distinct seeded games the tables replay (table i plays game i mod GAMES). */
export const GAMES = 4;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** N copies of the demo table: ids `t1`…`tN` (`prefix` instead of `t`), reader ids suffixed `-t<i>` (the cards are shared). */
export function cloneTables(demo: LoadedTable, n: number, prefix = 't'): LoadedTable[] {
  return Array.from({ length: n }, (_, k) => {
    const id = `${prefix}${k + 1}`;
    const table: TableConfig = structuredClone(demo.table);
    table.id = id;
    table.readers = table.readers.map((r) => ({ ...r, id: `${r.id}-${id}` }));
    return { ...demo, table };
  });
}

/** The tile count of every place of a table as a string, from positions (tile → `reader/zone`). */
function printOfPositions(zones: TableZones, counts: Map<string, number>): string {
  const c = (z: { reader: string; zone: string }) => counts.get(`${z.reader}/${z.zone}`) ?? 0;
  const racks = zones.rackIn.map((rs, p) => rs.map((z, r) => `${c(z)}/${c(zones.rackTop[p]![r]!)}`).join(',')).join(';');
  return `${racks}|${zones.walls.map(c).join(',')}|${c(zones.floor)}`;
}

/**
 * The same fingerprint from a view that shows every player's counts, walls and discards: the public
 * view, or a seat view (its `players`, `walls` and `discards` are the public ones).
 */
export function printOfView(v: Pick<PublicTableView, 'players' | 'walls' | 'discards'>, walls: number): string {
  const racks = v.players.map((p) => p.racks.map((r) => `${r.concealedCount}/${r.exposed.length}`).join(',')).join(';');
  const left = Array.from({ length: walls }, (_, w) => v.walls.find((x) => x.wall === w)?.left ?? 0);
  return `${racks}|${left.join(',')}|${v.discards.length}`;
}

/**
 * One table: its readers, its game, and the clients watching it (`observers`: this bench's one
 * client, or the event bench's seat clients in other processes, each reporting the views it saw).
 */
export class BenchTable {
  readonly readers = new Map<string, VirtualReader>();
  readonly conns = new Map<string, Connection>();
  readonly zones: TableZones;
  readonly steps: Step[];
  private readonly counts = new Map<string, number>();
  /** tile → (its zone, when it was lifted, performance.now()) */
  private readonly lifted = new Map<TileId, { zone: string; at: number }>();
  private readonly settleOf: (zone: string) => number;
  private readonly areaOf: (zone: string) => string;
  private readonly defaultSettle: number;
  /** `zone|tag|ADD` or `…|DEL` → when the reader sent that line (performance.now()) */
  private readonly lineAt = new Map<string, number>();
  /** the moves some observer has not seen yet, oldest first (pending[0] is move number `base`) */
  pending: Pending[] = [];
  private base = 0;
  /** per observer: the number of the first move it has not seen */
  private readonly nextOf: number[];
  view: PublicTableView | null = null;
  seq = -1;
  client: Socket | null = null;
  /** when the table's engine last published a change (performance.now()) */
  private publishedAt = -Infinity;

  constructor(
    readonly loaded: LoadedTable,
    game: Pick<GameResult, 'walls' | 'steps'>,
    private readonly hub: RunningHub,
    private readonly stats: Stats,
    protocol: ProtocolVersion,
    readonly kind: ReaderKind,
    scan: { scanMs: number; presentAfter: number },
    observers = 1,
  ) {
    this.nextOf = Array(observers).fill(0);
    const { table } = loaded;
    this.zones = tableZones(table);
    // the game was played on the demo table: its reader ids get this table's suffix
    const suffix = `-${table.id}`;
    const zone = (z: Zone | null): Zone | null => (z ? { reader: z.reader + suffix, zone: z.zone } : null);
    this.steps = game.steps.map((st) => ({ ...st, moves: st.moves.map((m) => ({ tile: m.tile, from: zone(m.from), to: zone(m.to) })) }));
    const areaOf = new Map<string, string>();
    for (const r of table.readers) for (const [z, role] of Object.entries(r.zones)) areaOf.set(`${r.id}/${z}`, role.area);
    this.defaultSettle = table.timing.settleMs;
    const areaWindow = (zone: string) => (DEFAULT_SETTLE_BY_AREA as Record<string, number | undefined>)[areaOf.get(zone) ?? 'floor'] ?? this.defaultSettle;
    // v1 readers: every read of a tile put down is strong (no noise here): the tracker's short window,
    // or none at all from readers that announce their on-board debounce
    this.settleOf = protocol < 1 ? areaWindow : kind === 'announced' && scan.scanMs > 0 ? () => 0 : (zone) => Math.min(STRONG_SETTLE_MS, areaWindow(zone));
    this.areaOf = (zone) => areaOf.get(zone) ?? 'floor';
    for (const r of table.readers) {
      const conn: Connection = {
        name: `bench://${r.id}`,
        // the hub's commands (CMD snap) reach the reader a moment later, as over a wire
        write: (line) => {
          if (this.stats.measuring) this.stats.commands++;
          setImmediate(() => this.readers.get(r.id)!.receive(line + '\n'));
        },
      };
      this.conns.set(r.id, conn);
      this.readers.set(
        r.id,
        new VirtualReader({
          id: r.id,
          zones: Object.keys(r.zones),
          protocol,
          send: (line) => {
            this.stats.lines++;
            const text = line.endsWith('\n') ? line.slice(0, -1) : line;
            hub.supervisor.line(conn, text, Date.now());
          },
          // the scan: each reader at a random phase of its own
          scanPeriodMs: scan.scanMs,
          presentAfter: scan.scanMs > 0 ? scan.presentAfter : 1,
          absentAfter: scan.scanMs > 0 ? FIRMWARE_ABSENT_AFTER : 1,
          announceDebounce: kind === 'announced',
          onDelta: (m) => this.lineAt.set(`${r.id}/${m.zone}|${m.tag}|${m.type}`, performance.now()),
        }),
      );
    }
    // the walls stand built when the readers power up
    game.walls.forEach((tiles, w) => {
      const z = this.zones.walls[w]!;
      this.readers.get(z.reader)!.load(z.zone, tiles.map(tagOfTile));
      this.counts.set(`${z.reader}/${z.zone}`, tiles.length);
    });
  }

  /** Opens every reader's connection: the hub asks for a snapshot, the reader answers HELLO + SNAPs. */
  open(): void {
    this.hub.tables.get(this.loaded.table.id)!.onChange(() => {
      this.publishedAt = performance.now();
    });
    for (const c of this.conns.values()) this.hub.supervisor.opened(c);
  }

  /** Connects the table's display client; resolves on its first snapshot. */
  connect(url: string): Promise<void> {
    const id = this.loaded.table.id;
    const walls = this.zones.walls.length;
    return new Promise((resolve, reject) => {
      const client = io(url, { transports: ['websocket'], forceNew: true, reconnection: false });
      this.client = client;
      client.on('connect', () => client.emit(EV.watch, { tableId: id }));
      client.on('connect_error', (e: Error) => reject(new Error(`table ${id}: socket.io client could not connect: ${e.message}`)));
      client.on(EV.snapshot, (p: SnapshotPayload) => {
        this.view = p.view;
        this.seq = p.seq;
        this.seen(walls);
        resolve();
      });
      client.on(EV.delta, (p: DeltaPayload) => {
        this.stats.deltas++;
        if (!this.view || p.seq !== this.seq + 1) {
          this.stats.seqGaps++;
          client.emit(EV.resync, { tableId: id });
          return;
        }
        this.view = { ...this.view, ...p.changes } as PublicTableView;
        this.seq = p.seq;
        this.seen(walls);
      });
    });
  }

  /** The view changed: every pending move up to the latest one it shows is seen now. */
  private seen(walls: number): void {
    if (this.view) this.seenBy(0, printOfView(this.view, walls), performance.now());
  }

  /**
   * Observer `observer` saw a view with fingerprint `print` ({@link printOfView}) at `now`
   * (performance.now() of this process): every move it had not seen, up to the latest one that view
   * shows, is seen now (one sample each); a move every observer has seen is forgotten.
   */
  seenBy(observer: number, print: string, now: number): void {
    const from = this.nextOf[observer]! - this.base;
    let last = -1;
    for (let i = this.pending.length - 1; i >= from; i--) {
      if (this.pending[i]!.print === print) {
        last = i;
        break;
      }
    }
    if (last < 0) return;
    for (const p of this.pending.slice(from, last + 1)) {
      const due = this.dueOf(p);
      if (!p.counted || !due) continue;
      const { dueAt, addAt } = due;
      if (process.env.BENCH_DEBUG && now - dueAt > 50) console.log('slow', this.loaded.table.id, (now - dueAt).toFixed(1), p.label, 'due', dueAt.toFixed(0), 'seen', now.toFixed(0));
      const published = Math.max(this.publishedAt, dueAt);
      this.stats.samples.push({
        kind: this.kind,
        hubAdded: now - dueAt,
        line: addAt - p.restAt,
        rest: now - p.restAt,
        defaultWindow: p.defaultWindow,
        toPublish: published - dueAt,
        toClient: now - published,
      });
    }
    this.nextOf[observer] = this.base + last + 1;
    const seenByAll = Math.min(...this.nextOf) - this.base;
    for (const p of this.pending.splice(0, seenByAll)) {
      for (const t of p.placed) {
        this.lineAt.delete(`${t.to}|${t.tag}|ADD`);
        if (t.from) this.lineAt.delete(`${t.from}|${t.tag}|DEL`);
      }
    }
    this.base += seenByAll;
  }

  /**
   * When the move's lines went out and the earliest it can settle (performance.now() ms): the last
   * ADD of its tiles, and max(ADD + settle(to), DEL + settle(from)) over them (hub/tracking/tracker.ts);
   * null while a line has not gone out yet.
   */
  private dueOf(p: Pending): { dueAt: number; addAt: number } | null {
    let dueAt = -Infinity;
    let addAt = -Infinity;
    for (const t of p.placed) {
      const add = this.lineAt.get(`${t.to}|${t.tag}|ADD`);
      if (add === undefined) return null;
      addAt = Math.max(addAt, add);
      dueAt = Math.max(dueAt, add + this.settleOf(t.to));
      if (t.from) {
        const del = this.lineAt.get(`${t.from}|${t.tag}|DEL`);
        if (del === undefined) return null;
        dueAt = Math.max(dueAt, del + this.settleOf(t.from));
      }
    }
    return { dueAt, addAt };
  }

  /** The walls as built show in the view (the first snapshots have settled). */
  ready(): boolean {
    return !!this.view && this.view.walls.reduce((n, w) => n + w.left, 0) === 152;
  }

  /**
   * Plays step `i`: lifts (DEL) and placements (ADD) go to the readers, hence to the hub, now;
   * `part` plays only its lifts or only its placements (a step that does both, such as a deal step,
   * when the readers scan: a hand lifts tiles and puts them down a moment later, never at once).
   * @returns true when the part played put a tile down
   */
  apply(i: number, part: 'both' | 'lifts' | 'placements' = 'both'): boolean {
    const step = this.steps[i]!;
    let restAt = -1;
    let defaultWindow = true;
    const placed: Pending['placed'] = [];
    for (const m of step.moves) {
      const tag = tagOfTile(m.tile);
      const now = performance.now();
      if (m.from && part !== 'placements') {
        const from = `${m.from.reader}/${m.from.zone}`;
        // lifted again before it could settle (the bench fell behind its schedule): that state is
        // never shown, so the move is not a sample
        for (const p of this.pending) {
          const due = p.counted && p.tiles.includes(m.tile) ? this.dueOf(p) : undefined;
          if (due === null || (due && due.dueAt > now)) {
            p.counted = false;
            this.stats.dropped++;
          }
        }
        this.readers.get(m.from.reader)!.remove(m.from.zone, tag);
        this.lifted.set(m.tile, { zone: from, at: now });
      }
      if (m.to && part !== 'lifts') {
        const to = `${m.to.reader}/${m.to.zone}`;
        const t = performance.now();
        this.readers.get(m.to.reader)!.add(m.to.zone, tag);
        const left = this.lifted.get(m.tile);
        this.lifted.delete(m.tile);
        if (left) this.counts.set(left.zone, (this.counts.get(left.zone) ?? 0) - 1);
        this.counts.set(to, (this.counts.get(to) ?? 0) + 1);
        restAt = Math.max(restAt, t);
        placed.push({ tag, from: left ? left.zone : null, to });
        const area = this.areaOf(to);
        if (area === 'rack' || area === 'top') defaultWindow = false;
      }
    }
    if (restAt < 0) return false; // a lift only: the tiles stay where they were until they come to rest
    this.pending.push({
      tiles: step.moves.filter((m) => m.to).map((m) => m.tile),
      print: printOfPositions(this.zones, this.counts),
      restAt,
      placed,
      defaultWindow,
      counted: this.stats.measuring,
      label: `step ${i}: ${step.label}`,
    });
    return true;
  }

  close(): void {
    this.client?.close();
    for (const r of this.readers.values()) r.stop();
  }
}

/**
 * Plays every table's steps from now on: each table one move every {@link MOVE_EVERY_MS} (a lift,
 * the placement {@link IN_HAND_MS} plus up to one scan period later), the tables' starts spread over
 * the first MOVE_EVERY_MS, each table on its own timeline, until its steps run out or `stop()`.
 * @returns `stop()`: resolves once every table has stopped after its current step
 */
export function playTables(tables: readonly BenchTable[], scan: { scanMs: number }): { stop(): Promise<void> } {
  let stop = false;
  const players = tables.map(async (t, k) => {
    await sleep(Math.floor((k / tables.length) * MOVE_EVERY_MS));
    // each table keeps its own timeline, as players do whatever the hub is doing: a step whose
    // timer fires late (the loop was busy) is played at once and the next one keeps its planned
    // time; sleeping a fixed time after each step instead would line the tables up after every stall
    let next = performance.now();
    // a lifted tile is held IN_HAND_MS plus up to one scan period (seeded per table), so that tiles
    // land at any phase of the readers' scans (MOVE_EVERY_MS is a whole number of 100 ms scans:
    // without it every tile would land at the same phase of each reader); the next lift keeps its time
    const random = mulberry32(k + 1);
    let held = 0;
    const wait = () => sleep(Math.max(0, next - performance.now()));
    for (let i = 0; i < t.steps.length && !stop; i++) {
      const moves = t.steps[i]!.moves;
      if (scan.scanMs > 0 && moves.some((m) => m.from) && moves.some((m) => m.to)) {
        // lifts and placements in one step (the deal's): put down after the hand's time, as any
        // tile (at once, the ADD after 2 scans would beat the DEL after 3, a tile in two zones)
        t.apply(i, 'lifts');
        held = random() * scan.scanMs;
        next += IN_HAND_MS + held;
        await wait();
        if (stop) break;
        t.apply(i, 'placements');
        next += MOVE_EVERY_MS - IN_HAND_MS - held;
      } else if (t.apply(i)) next += MOVE_EVERY_MS - IN_HAND_MS - held;
      else {
        held = random() * scan.scanMs;
        next += IN_HAND_MS + held;
      }
      await wait();
    }
  });
  return {
    stop: async () => {
      stop = true;
      await Promise.all(players);
    },
  };
}

/**
 * Times the hub functions on the path (off until each `on` is set): the supervisor's line handling,
 * the engines' ticks (settled moves → log → fold), the store's flush as called before a publish (the
 * durable write of what the tick appended, when the end-of-tick write has not done it yet), the
 * public view computed per delta, and the reader-status refresh (every table every staleMs / 2).
 */
export function timeHub(hub: RunningHub): Timed[] {
  const timed = [
    new Timed('supervisor.line'),
    new Timed('engine.tick (includes store.flush when it publishes)'),
    new Timed('store.flush'),
    new Timed('engine.publicView'),
    new Timed('engine.readerStatusChanged'),
  ];
  timed[0]!.wrap(hub.supervisor, 'line');
  timed[2]!.wrap(hub.store, 'flush');
  for (const e of hub.engines.values()) {
    timed[1]!.wrap(e, 'tick');
    timed[3]!.wrap(e, 'publicView');
    timed[4]!.wrap(e, 'readerStatusChanged');
  }
  return timed;
}

/**
 * Measures one table count. @throws Error when the hub does not start or the tables never show
 * their walls within 60 s
 */
async function measure(
  n: number,
  measureMs: number,
  warmupMs: number,
  demo: LoadedTable,
  games: GameResult[],
  memory: boolean,
  log: (l: string) => void,
  protocol: ProtocolVersion,
  kinds: readonly ReaderKind[],
  scan: { scanMs: number; presentAfter: number },
): Promise<LatencyResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mjhub-bench-'));
  const dataDir = memory ? ':memory:' : dir;
  const loaded = cloneTables(demo, n);
  const setupStart = performance.now();
  const hub = await startHub({ tables: loaded, dataDir, ports: [], httpPort: 0, directorToken: 'bench-director-token' });
  const stats: Stats = { lines: 0, deltas: 0, seqGaps: 0, dropped: 0, commands: 0, samples: [], measuring: false };
  const timed = timeHub(hub);
  // table i's readers are of kind i mod the kinds (with two kinds: odd tables announce, even ones do not)
  const tables = loaded.map((t, i) => new BenchTable(t, games[i % games.length]!, hub, stats, protocol, kinds[i % kinds.length]!, scan));
  const startedIn = performance.now() - setupStart;
  try {
    // the clients first (a hub busy with 9 HELLO + SNAP per table would time their handshakes out)
    await Promise.all(tables.map((t) => t.connect(hub.url)));
    const connectedIn = performance.now() - setupStart;
    for (const t of tables) t.open();
    const deadline = Date.now() + 60_000;
    while (!tables.every((t) => t.ready())) {
      if (Date.now() > deadline) throw new Error(`${tables.filter((t) => !t.ready()).length} of ${n} tables never showed their 4 walls of 38 tiles`);
      await sleep(50);
    }
    const s1 = (ms: number) => (ms / 1000).toFixed(1);
    log(
      `  ${n} table${n > 1 ? 's' : ''}${memory ? ', event log IN MEMORY (diagnostic: no durable write before a publish)' : ''}: startHub ${s1(startedIn)} s, ${n} socket.io clients watching at ${s1(connectedIn)} s, ${n * 9} readers' snapshots shown at ${s1(performance.now() - setupStart)} s (load average ${os.loadavg()[0]!.toFixed(1)}); playing ${(warmupMs / 1000).toFixed(0)} s warm-up + ${(measureMs / 1000).toFixed(0)} s measured`,
    );

    const play = playTables(tables, scan);
    await sleep(warmupMs);
    const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
    loop.enable();
    stats.measuring = true;
    for (const t of timed) t.on = true;
    const lines0 = stats.lines;
    const deltas0 = stats.deltas;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await sleep(measureMs);
    stats.measuring = false;
    for (const t of timed) t.on = false;
    const elapsed = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    loop.disable();
    const lines = stats.lines - lines0;
    const deltas = stats.deltas - deltas0;
    await play.stop();
    // the last moves sent while measuring settle and show (or are unseen)
    const until = performance.now() + 3000;
    while (tables.some((t) => t.pending.some((p) => p.counted)) && performance.now() < until) await sleep(50);
    const unseen = tables.reduce((s, t) => s + t.pending.filter((p) => p.counted).length, 0);

    const figures = kinds.map((kind) =>
      kindFigures(
        kind,
        stats.samples.filter((x) => x.kind === kind),
      ),
    );
    const ms = (ns: number) => Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS);
    return {
      tables: n,
      store: memory ? 'memory' : 'sqlite-file',
      samples: stats.samples.length,
      measuredMs: elapsed,
      kinds: figures,
      linesPerSecond: (lines / elapsed) * 1000,
      deltasPerSecond: (deltas / elapsed) * 1000,
      unseen,
      dropped: stats.dropped,
      commands: stats.commands,
      seqGaps: stats.seqGaps,
      cpuCores: (cpu.user + cpu.system) / 1000 / elapsed,
      hotSpots: timed.map((t) => t.summary(elapsed)),
      loopDelay: { p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max) },
    };
  } finally {
    for (const t of tables) t.close();
    await hub.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The figures of one reader kind from its samples. */
export function kindFigures(kind: ReaderKind, samples: readonly Sample[]): KindFigures {
  const sorted = (pick: (x: Sample) => number, only: (x: Sample) => boolean = () => true) =>
    samples
      .filter(only)
      .map(pick)
      .sort((a, b) => a - b);
  const hubAdded = sorted((x) => x.hubAdded);
  const line = sorted((x) => x.line);
  const rest = sorted((x) => x.rest);
  const toPublish = sorted((x) => x.toPublish);
  const toClient = sorted((x) => x.toClient);
  const restDefault = sorted(
    (x) => x.rest,
    (x) => x.defaultWindow,
  );
  const restRack = sorted(
    (x) => x.rest,
    (x) => !x.defaultWindow,
  );
  return {
    kind,
    samples: samples.length,
    hubAdded: { p50: pct(hubAdded, 50), p99: pct(hubAdded, 99), max: hubAdded.at(-1) ?? NaN },
    split: { toPublish: { p50: pct(toPublish, 50), p99: pct(toPublish, 99) }, toClient: { p50: pct(toClient, 50), p99: pct(toClient, 99) } },
    restToLine: { p50: pct(line, 50), p99: pct(line, 99), max: line.at(-1) ?? NaN },
    restToDisplay: { p50: pct(rest, 50), p99: pct(rest, 99), max: rest.at(-1) ?? NaN },
    restDefaultWindow: { samples: restDefault.length, p50: pct(restDefault, 50), p99: pct(restDefault, 99) },
    restRackWindow: { samples: restRack.length, p50: pct(restRack, 50), p99: pct(restRack, 99) },
  };
}

const ratio = (got: number, target: number) => `${f(got / target, 2)} of target (${got < target ? 'within' : 'OVER'})`;

/**
 * Runs the latency bench for each table count and prints the figures with their ratios to the
 * targets (hub-added p99 < 20 ms at 200 tables; tile at rest → display p99 within N scan periods +
 * 50 ms for readers that debounce on board and announce it; < 300 ms from the ADD line when no scan
 * is modelled, `scanMs: 0`). Never asserts. One table: one run per reader kind; more: the kinds
 * alternate between the tables of one run.
 * @returns the figures, one entry per run
 */
export async function runLatencyBench(opts: LatencyOptions = {}): Promise<LatencyResult[]> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const counts = opts.tables ?? [1, 50, 200];
  const measureMs = opts.measureMs ?? ((n: number) => (n === 1 ? 15_000 : 20_000));
  const warmupMs = opts.warmupMs ?? 8000;
  const protocol = opts.protocol ?? 1;
  const scanMs = opts.scanMs ?? FIRMWARE_SCAN_MS;
  const presentAfter = opts.presentAfter ?? FIRMWARE_PRESENT_AFTER;
  const scan = { scanMs, presentAfter };
  // a v0 reader has no HELLO field to announce its debounce with; without a scan there is nothing to announce
  const kinds: ReaderKind[] = protocol < 1 || scanMs <= 0 || presentAfter < 2 ? ['silent'] : (opts.kinds ?? ['announced', 'silent']);
  const [demo] = loadHubConfig(DEMO);
  if (!demo) throw new Error(`${DEMO}: no table`);
  const floorMs = demo.table.timing.settleMs;
  const rackMs = DEFAULT_SETTLE_BY_AREA.rack ?? floorMs;
  const windows = protocol >= 1 ? { floor: Math.min(STRONG_SETTLE_MS, floorMs), rack: Math.min(STRONG_SETTLE_MS, rackMs) } : { floor: floorMs, rack: rackMs };
  const targetRest = scanMs > 0 ? presentAfter * scanMs + TARGET_HUB_SHARE_MS : TARGET_REST_MS;
  const from = scanMs > 0 ? 'the tile at rest on the antenna' : 'the ADD line';
  log(`\nlatency: ${from} → socket.io client, Royale Siamese tables each making one move every ${MOVE_EVERY_MS} ms,`);
  log(
    `  readers speaking protocol v${protocol}${protocol >= 1 ? ' (a signal strength on every read: strong reads settle on the short window)' : ' (no signal strength)'}, heartbeating every 1000 ms,`,
  );
  if (scanMs > 0) {
    log(`  scanning every ${scanMs} ms at a random phase per reader and debouncing on board (ADD once ${presentAfter} scans have read a tile, DEL once ${FIRMWARE_ABSENT_AFTER} have missed it):`);
    log(`    announced: the HELLO says deb=${presentAfter} scan=${scanMs}, the hub settles their strong reads at once (window 0)`);
    log(`    silent:    today's HELLO, the hub waits its own windows on top (floor and walls ${windows.floor} ms, rack and top ${windows.rack} ms)`);
  } else {
    log(`  no scan modelled (the ADD goes out when the tile rests); settle windows floor and walls ${windows.floor} ms, rack and top ${windows.rack} ms`);
  }
  log(`  one client per table in this process; each move's settle window subtracted exactly for hub-added`);
  // a bot game takes about a second to play out: GAMES seeded games, table i plays game i mod GAMES
  // (tables start at different moments, so no two play in step)
  const t0 = performance.now();
  const games = Array.from({ length: GAMES }, (_, i) => playGame({ seed: 1000 + i, cards: demo.cards, table: demo.table }));
  log(`  ${GAMES} seeded bot games played out in ${((performance.now() - t0) / 1000).toFixed(1)} s (table i replays game i mod ${GAMES})`);
  const results: LatencyResult[] = [];
  const runs = [
    ...counts.flatMap((n) => (n === 1 ? kinds.map((k) => ({ n, memory: false, kinds: [k] })) : [{ n, memory: false, kinds }])),
    ...(opts.inMemory ?? [200]).map((n) => ({ n, memory: true, kinds })),
  ];
  for (const run of runs) {
    const { n, memory } = run;
    const ms = memory ? Math.min(12_000, measureMs(n)) : measureMs(n);
    const r = await measure(n, ms, warmupMs, demo, games, memory, log, protocol, run.kinds, scan);
    results.push(r);
    log(
      `    ${r.samples} moves seen (one per table every ${f((n * r.measuredMs) / Math.max(1, r.samples + r.unseen + r.dropped), 0)} ms; ${r.unseen} unseen, ${r.dropped} lifted before they settled, ${r.seqGaps} seq gaps, ${r.commands} CMD snap sent); ${f(r.linesPerSecond, 0)} reader lines/s in, ${f(r.deltasPerSecond, 0)} deltas/s out; CPU ${f(r.cpuCores, 2)} cores; event-loop lag p50 ${f(r.loopDelay.p50)} / p99 ${f(r.loopDelay.p99)} / max ${f(r.loopDelay.max)} ms`,
    );
    log(`    time in: ${r.hotSpots.join('; ')}`);
    for (const k of r.kinds) {
      const name = scanMs > 0 ? `${k.kind} readers${run.kinds.length > 1 ? ` (${k.kind === run.kinds[0] ? 'odd' : 'even'} tables)` : ''}` : 'readers';
      const fl = scanMs > 0 && k.kind === 'announced' ? 0 : windows.floor;
      const rk = scanMs > 0 && k.kind === 'announced' ? 0 : windows.rack;
      log(`    ${name}, ${k.samples} moves:`);
      log(
        `      rest-to-display: p50 ${f(k.restToDisplay.p50)} ms, p99 ${f(k.restToDisplay.p99)} ms (max ${f(k.restToDisplay.max)}); p99 target < ${targetRest} ms${scanMs > 0 ? ` (${presentAfter} scans of ${scanMs} ms + ${TARGET_HUB_SHARE_MS})` : ''}: ${ratio(k.restToDisplay.p99, targetRest)}`,
      );
      if (scanMs > 0) log(`        of which rest → ADD line (scan phase + ${presentAfter} scans): p50 ${f(k.restToLine.p50)} / p99 ${f(k.restToLine.p99)} ms (max ${f(k.restToLine.max)})`);
      log(
        `        to the floor (settle ${fl} ms, ${k.restDefaultWindow.samples} moves): p50 ${f(k.restDefaultWindow.p50)} / p99 ${f(k.restDefaultWindow.p99)} ms; to a rack or its top (settle ${rk} ms, ${k.restRackWindow.samples} moves): p50 ${f(k.restRackWindow.p50)} / p99 ${f(k.restRackWindow.p99)} ms`,
      );
      log(
        `      hub-added:       p50 ${f(k.hubAdded.p50)} ms, p99 ${f(k.hubAdded.p99)} ms (max ${f(k.hubAdded.max)}); p99 target < ${TARGET_HUB_P99_MS} ms: ${ratio(k.hubAdded.p99, TARGET_HUB_P99_MS)}`,
      );
      log(
        `        settle due → engine published p50 ${f(k.split.toPublish.p50)} / p99 ${f(k.split.toPublish.p99)} ms; published → client saw it p50 ${f(k.split.toClient.p50)} / p99 ${f(k.split.toClient.p99)} ms`,
      );
    }
  }
  return results;
}

/**
 * Options from command-line arguments: `--tables 1,50` (table counts), `--seconds 20` (measured per
 * count), `--in-memory 200|none` (the in-memory diagnostic), `--protocol 0|1` (the readers' protocol,
 * default 1), `--scan-ms 100` (the readers' scan period; 0: none modelled), `--deb 2` (N scans before an
 * ADD), `--kinds announced,silent` (the reader kinds measured). Unknown arguments are ignored.
 */
export function latencyOptionsFromArgs(argv: readonly string[]): LatencyOptions {
  const opts: LatencyOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = argv[i + 1];
    if (a === '--in-memory' && v) {
      opts.inMemory =
        v === 'none'
          ? []
          : v
              .split(',')
              .map((x) => Number(x))
              .filter((x) => Number.isInteger(x) && x > 0);
      i++;
    } else if (a === '--tables' && v) {
      opts.tables = v
        .split(',')
        .map((s) => Number(s))
        .filter((x) => Number.isInteger(x) && x > 0);
      i++;
    } else if (a === '--protocol' && (v === '0' || v === '1')) {
      opts.protocol = Number(v) as ProtocolVersion;
      i++;
    } else if (a === '--scan-ms' && v && Number.isInteger(Number(v)) && Number(v) >= 0) {
      opts.scanMs = Number(v);
      i++;
    } else if (a === '--deb' && v && Number.isInteger(Number(v)) && Number(v) >= 1) {
      opts.presentAfter = Number(v);
      i++;
    } else if (a === '--kinds' && v) {
      opts.kinds = v.split(',').filter((k): k is ReaderKind => k === 'announced' || k === 'silent');
      i++;
    } else if (a === '--seconds' && v && Number(v) > 0) {
      const s = Number(v);
      opts.measureMs = () => s * 1000;
      i++;
    }
  }
  return opts;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runLatencyBench(latencyOptionsFromArgs(process.argv.slice(2))).then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
