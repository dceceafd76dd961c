/**
 * Measures what reader noise does to the hub, fast: seeded Royale Siamese games (game.ts) played
 * in-process on a virtual clock, the virtual readers' lines (noise.ts) fed straight into a
 * ReaderSupervisor and a TableEngine (no pseudo-terminals), and what the hub inferred compared with
 * the simulator's record: false and missed flags, false and missed moves, wrong final counts.
 *
 *   node --import tsx hub/simulator/measure.ts [--games 200] [--seed 1] [--noise realistic x5]
 *                                              [--pace 700] [--config FILE] [--protocol 1] [--json]
 *                                              [--strong-window 0,50,100,150,200]
 *
 * `--noise` takes one or more levels, separated by spaces or given by several `--noise` flags
 * (default: none realistic x5); each is a spec of noise.ts `parseNoise` (`none`, `realistic`, `x5`,
 * `realistic,missed=0.05`: a level with one kind's rate changed).
 * Game i (1-based) uses seed + i - 1 and the demo's violations (run.ts `demoInjection`).
 * `--protocol 1` (the default): the virtual readers speak protocol v1 (a signal strength on every
 * read, weak for cross-reads; replay; ERR), and the tracker settles strongly read moves on its short
 * window; `--protocol 0`: v0 readers (no signal strength), the tracker's v0 windows.
 * The rssi takes the hub's own path: supervisor sink → TableEngine.add/snapshot → tracker.
 * `--strong-window` takes one or more strong settle windows (ms, comma-separated): every noise level
 * is measured at each, the tracker settling strongly read moves on it (EngineOptions.strongSettleMs;
 * default: the tracker's STRONG_SETTLE_MS), and a table of false moves, false flags and missed
 * flags per window and level is printed (README "Noise", docs/strong-window.md).
 */
import { fileURLToPath } from 'node:url';
import { LineSplitter } from '../../firmware-protocol/codec.js';
import type { Card } from '../../rules/card/types.js';
import type { TileId } from '../../rules/tiles.js';
import { idKindOf } from '../../rules/wording/flags.js';
import { loadHubConfig } from '../config/load.js';
import type { TableConfig } from '../config/types.js';
import { ReaderSupervisor, type Connection } from '../readers/supervisor.js';
import type { EventStore, RawLine, StoredEvent } from '../store/types.js';
import { TableEngine, type EngineOptions, type TileMovedData } from '../table/engine.js';
import type { TableMachine } from '../table/machine.js';
import { simulatedTileSet, tagOfTile } from '../tilesets/simulated.js';
import { playGame, tableZones, zoneKey, type GameRecord, type GameResult, type Injection, type Zone } from './game.js';
import { NoiseModel, nearbyZones, neighbourOf, parseNoise, zeroNoiseCounts, type NoiseCounts, type NoiseRates } from './noise.js';
import type { ProtocolVersion } from '../../firmware-protocol/messages.js';
import { mulberry32 } from './prng.js';
import { VirtualReader } from './reader.js';
import { demoInjection } from './run.js';

/** An event store in memory (the measurement keeps nothing). */
export class MemoryStore implements EventStore {
  private readonly log: StoredEvent[] = [];
  private readonly raw: RawLine[] = [];
  append(tableId: string, type: string, at: number, data: unknown): StoredEvent {
    const e = { seq: this.log.length + 1, tableId, at, type, data };
    this.log.push(e);
    return e;
  }
  appendRawLine(l: Omit<RawLine, 'id'>): number {
    this.raw.push({ ...l, id: this.raw.length + 1 });
    return this.raw.length;
  }
  events(tableId: string, afterSeq = 0): StoredEvent[] {
    return this.log.filter((e) => e.tableId === tableId && e.seq > afterSeq);
  }
  rawLines(ids: number[]): RawLine[] {
    return ids.map((i) => this.raw[i - 1]).filter((l): l is RawLine => !!l);
  }
  flush(): void {}
  close(): void {}
}

/** A min-heap of timed callbacks: the virtual clock's queue. */
class Queue {
  private items: { t: number; n: number; fn: () => void }[] = [];
  private n = 0;
  push(t: number, fn: () => void): void {
    const a = this.items;
    a.push({ t, n: this.n++, fn });
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (less(a[p]!, a[i]!)) break;
      [a[p], a[i]] = [a[i]!, a[p]!];
      i = p;
    }
  }
  pop(): { t: number; fn: () => void } | undefined {
    const a = this.items;
    if (!a.length) return undefined;
    const top = a[0]!;
    const last = a.pop()!;
    if (a.length) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && less(a[l]!, a[m]!)) m = l;
        if (r < a.length && less(a[r]!, a[m]!)) m = r;
        if (m === i) break;
        [a[m], a[i]] = [a[i]!, a[m]!];
        i = m;
      }
    }
    return top;
  }
  peek(): number | undefined {
    return this.items[0]?.t;
  }
}
function less(a: { t: number; n: number }, b: { t: number; n: number }): boolean {
  return a.t < b.t || (a.t === b.t && a.n < b.n);
}

/** What went wrong in one game (all zero: the hub saw exactly what happened). */
export interface GameMeasure {
  seed: number;
  inject: Injection | null;
  falseFlags: string[];
  missedFlags: string[];
  /** `tile from → to` of moves the hub logged that did not happen */
  falseMoves: string[];
  /** moves that happened that the hub did not log */
  missedMoves: string[];
  /** players whose final count differs: `player: hub vs real` */
  wrongCounts: string[];
  /** tile-moved events marked reconciled */
  reconciled: number;
  /** tile-moved events no line reported, only snapshots (`unreported`: their DEL and ADD both missed) */
  unreported: number;
  /** logged moves whose net is right though a stop between was never reported (see netMoves) */
  netOnly: number;
  /** weak-tag warnings at the end */
  weakTags: number;
  /** every flag the hub raised, in words */
  flags: string[];
  noise: NoiseCounts;
}

/** Options of one measured game. */
export interface MeasureGameOptions {
  table: TableConfig;
  cards: Card[];
  seed: number;
  inject?: Injection;
  injectAt?: number;
  noise: NoiseRates;
  /** ms per physical step (default 700, the demo's pace) */
  pace?: number;
  /** reader snapshot period (ms, default 2000) */
  snapshotMs?: number;
  /** the protocol version the virtual readers speak (default 1: signal strength on every read) */
  protocol?: ProtocolVersion;
  /** extra engine options (settle windows) */
  engine?: Partial<Pick<EngineOptions, 'settleByArea' | 'strongSettleMs'>>;
  /** the game already played with these options (playing it is the slow part: reuse it across noise levels) */
  game?: GameResult;
  /** cables pulled on purpose (see {@link Outage}) */
  outages?: readonly Outage[];
  /** called at the end with the hub's log (for debugging a game) */
  inspect?: (events: readonly import('../store/types.js').StoredEvent[], engine: TableEngine) => void;
}

/** Plays one seeded game on a virtual clock through noisy readers into a hub, and compares. */
export function measureGame(o: MeasureGameOptions): GameMeasure {
  const { table, cards, seed } = o;
  const game = o.game ?? playGame({ seed, cards, table, ...(o.inject ? { inject: o.inject, injectAt: o.injectAt ?? 5 } : {}) });
  const run = runVirtualTable({
    table,
    seed,
    walls: game.walls,
    steps: game.steps,
    noise: o.noise,
    ...(o.pace !== undefined ? { pace: o.pace } : {}),
    ...(o.snapshotMs !== undefined ? { snapshotMs: o.snapshotMs } : {}),
    ...(o.protocol !== undefined ? { protocol: o.protocol } : {}),
    ...(o.outages ? { outages: o.outages } : {}),
    engine: (base) => new TableEngine({ ...base, cards, ...(o.engine ?? {}) }),
  });
  const engine = run.engine;
  o.inspect?.(run.store.events(table.id), engine);
  const result = compare(game.record, game.walls, game.steps, engine, run.store, table);
  engine.close();
  return { ...result, noise: run.noise };
}

/** A reader's cable pulled on purpose: at the start of step `atStep` (0-based index into the game's steps), for `ms`. */
export interface Outage {
  reader: string;
  atStep: number;
  ms: number;
}

/** What {@link runVirtualTable} needs to make the hub's table engine. */
export type EngineBase = Pick<EngineOptions, 'table' | 'registry' | 'store' | 'readers' | 'now'>;

/**
 * Plays a game's physical steps on a virtual clock through noisy virtual readers into a real
 * ReaderSupervisor and the engine `engine` makes (either table kind), then lets the table stand
 * 6 s. Returns the engine (still open: the caller closes it), its log and the noise made.
 */
export function runVirtualTable<E extends TableMachine>(o: {
  table: TableConfig;
  seed: number;
  walls: TileId[][];
  steps: GameResult['steps'];
  noise: NoiseRates;
  pace?: number;
  snapshotMs?: number;
  protocol?: ProtocolVersion;
  /** cables pulled on purpose */
  outages?: readonly Outage[];
  engine: (base: EngineBase) => E;
}): { engine: E; store: MemoryStore; noise: NoiseCounts; pulled: { reader: string; from: number; to: number }[] } {
  const { table, seed } = o;
  const pace = o.pace ?? 700;
  const zones = tableZones(table);
  let clock = 1_000_000;
  const q = new Queue();
  const schedule = (ms: number, fn: () => void) => q.push(clock + Math.max(0, ms), fn);
  const store = new MemoryStore();
  const rng = mulberry32(seed * 7919 + 13);

  let sup: ReaderSupervisor | null = null;
  const engine = o.engine({
    table,
    registry: simulatedTileSet(),
    store,
    readers: { statuses: (n) => sup!.statuses(n), untrusted: (n) => sup!.untrusted(n) },
    now: () => clock,
  });
  const asEngine = engine;
  const supervisor = (sup = new ReaderSupervisor(
    new Map(table.readers.map((r) => [r.id, Object.keys(r.zones)])),
    store,
    {
      snapshot: (z, tags, t, l, rssi) => asEngine.snapshot(z, tags, t, l, rssi),
      add: (z, tag, t, l, rssi) => asEngine.add(z, tag, t, l, rssi),
      remove: (z, tag, t, l) => asEngine.remove(z, tag, t, l),
      status: () => asEngine.readerStatusChanged(),
    },
    table.timing.staleMs,
    {
      now: () => clock,
      // the snapshot retries on the virtual clock, as the hub runs them on its own
      timers: {
        set: (fn, ms) => {
          const t = { live: true };
          schedule(ms, () => t.live && fn());
          return t;
        },
        clear: (t) => void ((t as { live: boolean }).live = false),
      },
    },
  ));

  // one link per reader; an unplug replaces it with a new one (another name)
  const readers = new Map<string, VirtualReader>();
  const links = new Map<string, { conn: Connection; splitter: LineSplitter; alive: boolean }>();
  let noise: NoiseModel | null = null;
  let plugs = 0;
  const openLink = (id: string) => {
    const link = {
      alive: true,
      splitter: new LineSplitter(),
      conn: {
        name: `/dev/pts/${plugs++}`,
        write: (line: string) => schedule(2 + rng() * 5, () => link.alive && readers.get(id)!.receive(line + '\n')),
      } as Connection,
    };
    links.set(id, link);
    supervisor.opened(link.conn);
  };
  for (const r of table.readers) {
    const reader = new VirtualReader({
      id: r.id,
      zones: Object.keys(r.zones),
      heartbeatMs: 0,
      protocol: o.protocol ?? 1,
      now: () => clock,
      dropDelta: () => noise!.dropDelta(),
      send: (line) => {
        const link = links.get(r.id);
        if (!link) return;
        noise!.send(r.id, line, (chunk) => {
          if (!link.alive) return;
          for (const res of link.splitter.push(chunk)) supervisor.handle(link.conn, res, clock);
        });
      },
    });
    readers.set(r.id, reader);
  }
  const unplug = (id: string, ms: number) => {
    const link = links.get(id)!;
    if (!link.alive) return;
    link.alive = false;
    supervisor.closed(link.conn);
    readers.get(id)!.disconnect();
    schedule(ms, () => openLink(id));
  };
  noise = new NoiseModel(
    o.noise,
    seed,
    { readers, schedule, now: () => clock, unplug },
    (z) => neighbourOf(zones, z),
    (z, from) => nearbyZones(zones, z, from),
  );

  // the walls stand when the hub connects
  o.walls.forEach((tiles, w) => {
    const z = zones.walls[w]!;
    readers.get(z.reader)!.load(z.zone, tiles.map(tagOfTile));
  });
  for (const id of readers.keys()) openLink(id);

  // firmware timers: heartbeats every second, snapshots every `snapshotMs`, staggered
  const snapshotMs = o.snapshotMs ?? 2000;
  let running = true;
  [...readers.values()].forEach((reader, i) => {
    const hb = () => {
      if (!running) return;
      reader.heartbeat();
      schedule(1000, hb);
    };
    const snap = () => {
      if (!running) return;
      reader.periodicSnapshot();
      schedule(snapshotMs, snap);
    };
    schedule(1000 + i * 37, hb);
    if (snapshotMs > 0) schedule(snapshotMs / 2 + (i * snapshotMs) / readers.size, snap);
  });
  const tick = () => {
    engine.tick();
    if (running) schedule(50, tick);
  };
  schedule(50, tick);
  noise.start();

  // the game: steps at the runner's pace (run.ts), after the walls have stood 1 s
  const pulled: { reader: string; from: number; to: number }[] = [];
  let stepNo = 0;
  const doStep = () => {
    for (const out of o.outages ?? []) {
      if (out.atStep !== stepNo) continue;
      pulled.push({ reader: out.reader, from: clock, to: clock + out.ms });
      unplug(out.reader, out.ms);
    }
    const s = o.steps[stepNo++];
    if (!s) return;
    for (const m of s.moves) {
      const tag = tagOfTile(m.tile);
      if (m.from) noise!.lift(m.from, tag);
      if (m.to) noise!.place(m.to, tag);
    }
    schedule(pace * (s.dwell ?? (s.moves.every((m) => m.to === null) ? 0.5 : 1)), doStep);
  };
  // players start once the table shows every reader in sync (the walls on the display), after 1 s
  const startWhenSynced = () => {
    if (supervisor.untrusted(clock).length === 0) schedule(Math.max(pace, 1000), doStep);
    else schedule(100, startWhenSynced);
  };
  schedule(100, startWhenSynced);

  // the table stands 6 s after the last step, and at least until every pulled cable is back and heard
  const lingerMs = 6000;
  let endAt = Infinity;
  while (true) {
    const t = q.peek();
    if (t === undefined || t > endAt) break;
    const item = q.pop()!;
    clock = Math.max(clock, item.t);
    item.fn();
    if (stepNo >= o.steps.length && endAt === Infinity) {
      endAt = Math.max(clock, ...pulled.map((p) => p.to + snapshotMs)) + lingerMs;
      noise.stop();
    }
  }
  running = false;
  engine.tick();
  return { engine, store, noise: { ...noise.counts }, pulled };
}

function compare(record: GameRecord, walls: TileId[][], steps: ReturnType<typeof playGame>['steps'], engine: TableEngine, store: MemoryStore, table: TableConfig): Omit<GameMeasure, 'noise'> {
  const zones = tableZones(table);
  // what happened: every tile's stops, first the walls
  const expected: string[] = [];
  const last = new Map<TileId, string>();
  walls.forEach((tiles, w) =>
    tiles.forEach((t) => {
      const k = zoneKey(zones.walls[w]!);
      expected.push(`${t} null → ${k}`);
      last.set(t, k);
    }),
  );
  for (const s of steps) {
    for (const m of s.moves) {
      if (!m.to) continue;
      const k = zoneKey(m.to);
      if (last.get(m.tile) !== k) expected.push(`${m.tile} ${last.get(m.tile) ?? 'null'} → ${k}`);
      last.set(m.tile, k);
    }
  }
  const events = store.events(table.id);
  const moved = events.filter((e) => e.type === 'tile-moved').map((e) => e.data as TileMovedData);
  const got = moved.map((d) => `${d.tile} ${d.from ?? 'null'} → ${d.to}`);
  const [falseMoves0, missedMoves0] = diff(got, expected);
  const { falseMoves, missedMoves, netOnly } = netMoves(falseMoves0, missedMoves0);

  const state = engine.gameState();
  const flagKind = (k: string) => (k === 'tile-count' ? 'count' : k);
  const gotFlags = state.flags.map((f) => `${flagKind(idKindOf(f.code))} player ${f.player}`);
  const wantFlags = record.expectedFlags.map((f) => `${f.kind} player ${f.player}`);
  const [falseFlags, missedFlags] = diff(gotFlags, wantFlags);
  // a count injection kills both hands and ends the game: a second flag of the same game is not expected
  const wrongCounts: string[] = [];
  record.finalCounts.forEach((n, p) => {
    // both racks plus exposures (003 rule 18C)
    const hub = state.where.heldBy(p);
    if (hub !== n) wrongCounts.push(`player ${p}: hub ${hub}, real ${n}`);
  });
  return {
    seed: record.seed,
    inject: record.inject,
    falseFlags,
    missedFlags,
    falseMoves,
    missedMoves,
    wrongCounts,
    reconciled: moved.filter((d) => d.reconciled).length,
    unreported: moved.filter((d) => d.unreported).length,
    netOnly,
    weakTags: engine.directorView().weakTags?.length ?? 0,
    flags: state.flags.map((f) => `${f.rule}: ${f.title}`),
  };
}

/** Multiset difference both ways: [in a not b, in b not a]. */
/**
 * A tile that stopped somewhere no reader reported (its ADD and DEL both lost, or its zone's reader
 * down at the time) shows in the log as one move from where it was to where it came to rest.
 * Such a logged move A → C, with the real moves A → B → … → C of that tile all unlogged, has the
 * net move right: counted apart (`netOnly`), neither false nor missed. Any game effect of the
 * unseen stop still shows in the flags.
 */
function netMoves(falseMoves: string[], missedMoves: string[]): { falseMoves: string[]; missedMoves: string[]; netOnly: number } {
  const parse = (m: string) => {
    const [tile, from, , to] = m.split(' ');
    return { tile: tile!, from: from!, to: to! };
  };
  const missed = missedMoves.map((m) => ({ m, ...parse(m), used: false }));
  const stillFalse: string[] = [];
  let netOnly = 0;
  for (const f of falseMoves) {
    const g = parse(f);
    // follow the tile's unlogged real moves from g.from until they reach g.to
    const chain: typeof missed = [];
    let at = g.from;
    for (let guard = 0; guard < 6 && at !== g.to; guard++) {
      const next = missed.find((x) => !x.used && !chain.includes(x) && x.tile === g.tile && x.from === at);
      if (!next) break;
      chain.push(next);
      at = next.to;
    }
    if (at === g.to && chain.length >= 2) {
      for (const x of chain) x.used = true;
      netOnly += 1;
    } else stillFalse.push(f);
  }
  return { falseMoves: stillFalse, missedMoves: missed.filter((x) => !x.used).map((x) => x.m), netOnly };
}

function diff(a: string[], b: string[]): [string[], string[]] {
  const count = new Map<string, number>();
  for (const x of b) count.set(x, (count.get(x) ?? 0) + 1);
  const extra: string[] = [];
  for (const x of a) {
    const n = count.get(x) ?? 0;
    if (n > 0) count.set(x, n - 1);
    else extra.push(x);
  }
  const missing: string[] = [];
  for (const [x, n] of count) for (let i = 0; i < n; i++) missing.push(x);
  return [extra, missing];
}

/** Totals over many games at one noise level. */
export interface MeasureSummary {
  noise: string;
  /** the strong settle window of the run (ms), or null: the tracker's default */
  strongWindowMs: number | null;
  games: number;
  falseFlags: number;
  missedFlags: number;
  falseMoves: number;
  missedMoves: number;
  wrongCounts: number;
  /** games with anything wrong */
  badGames: number[];
  reconciled: number;
  /** moves no line reported, only snapshots */
  unreported: number;
  /** moves logged with the right net though a stop between was never reported */
  netOnly: number;
  noiseMade: NoiseCounts;
}

/**
 * Measures `games` seeded games (seed, seed+1, …; the demo's violations) at each noise spec. Each
 * game is played once (the bots are the slow part) and replayed through every noise level.
 */
export function measure(opts: {
  table: TableConfig;
  cards: Card[];
  games: number;
  seed: number;
  noise: string[];
  pace?: number;
  /** protocol version of the virtual readers (default 1) */
  protocol?: ProtocolVersion;
  /** settle windows per area (ms) to try instead of the engine's defaults */
  settleByArea?: EngineOptions['settleByArea'];
  /** strong settle windows (ms) to measure each noise level at (default: the tracker's own only) */
  strongWindows?: readonly number[];
  onGame?: (spec: string, m: GameMeasure, strongWindowMs: number | null) => void;
}): MeasureSummary[] {
  const windows: (number | null)[] = opts.strongWindows?.length ? [...opts.strongWindows] : [null];
  const runs = windows.flatMap((w) => opts.noise.map((spec) => ({ w, spec, rates: parseNoise(spec) })));
  const sums: MeasureSummary[] = runs.map(({ w, spec }) => ({
    noise: spec,
    strongWindowMs: w,
    games: opts.games,
    falseFlags: 0,
    missedFlags: 0,
    falseMoves: 0,
    missedMoves: 0,
    wrongCounts: 0,
    badGames: [],
    reconciled: 0,
    unreported: 0,
    netOnly: 0,
    noiseMade: zeroNoiseCounts(),
  }));
  for (let i = 1; i <= opts.games; i++) {
    const inject = demoInjection(i);
    const seed = opts.seed + i - 1;
    const game = playGame({ seed, cards: opts.cards, table: opts.table, ...(inject ? { inject, injectAt: 5 } : {}) });
    sums.forEach((sum, k) => {
      const { w, rates } = runs[k]!;
      const engine = { ...(opts.settleByArea ? { settleByArea: opts.settleByArea } : {}), ...(w !== null ? { strongSettleMs: w } : {}) };
      const m = measureGame({
        table: opts.table,
        cards: opts.cards,
        seed,
        noise: rates,
        game,
        ...(opts.pace ? { pace: opts.pace } : {}),
        ...(opts.protocol !== undefined ? { protocol: opts.protocol } : {}),
        engine,
      });
      sum.falseFlags += m.falseFlags.length;
      sum.missedFlags += m.missedFlags.length;
      sum.falseMoves += m.falseMoves.length;
      sum.missedMoves += m.missedMoves.length;
      sum.netOnly += m.netOnly;
      sum.wrongCounts += m.wrongCounts.length;
      sum.reconciled += m.reconciled;
      sum.unreported += m.unreported;
      for (const key of Object.keys(sum.noiseMade) as (keyof NoiseCounts)[]) sum.noiseMade[key] += m.noise[key];
      if (m.falseFlags.length + m.missedFlags.length + m.falseMoves.length + m.missedMoves.length + m.wrongCounts.length > 0) sum.badGames.push(m.seed);
      opts.onGame?.(sum.noise, m, w);
    });
  }
  return sums;
}

/** `rack=400,top=400` → { rack: 400, top: 400 }. @throws Error naming the bad part */
function parseSettle(spec: string): NonNullable<EngineOptions['settleByArea']> {
  const out: NonNullable<EngineOptions['settleByArea']> = {};
  for (const part of spec.split(',')) {
    const m = /^(rack|top|wall|floor)=(\d+)$/.exec(part.trim());
    if (!m) throw new Error(`--settle "${spec}": "${part}" is not area=ms (areas: rack, top, wall, floor)`);
    out[m[1] as 'rack'] = Number(m[2]);
  }
  return out;
}

/** `0,50,100` → [0, 50, 100] (ms). @throws Error naming the bad part */
export function parseWindows(spec: string): number[] {
  return spec.split(',').map((part) => {
    const p = part.trim();
    if (!/^\d+$/.test(p)) throw new Error(`--strong-window "${spec}": "${part}" is not a whole number of ms`);
    return Number(p);
  });
}

/**
 * The strong-window sweep as a Markdown table: per window and noise level, false moves, false
 * flags, missed flags and missed moves (README "Noise").
 */
export function windowTable(sums: readonly MeasureSummary[]): string {
  const rows = sums.map(
    (s) =>
      `| ${s.strongWindowMs ?? 'default'} ms | ${s.noise} | ${s.games} | ${s.falseMoves} | ${s.falseFlags} | ${s.missedFlags} | ${s.missedMoves} | ${s.noiseMade.slide} | ${s.noiseMade.hover} |`,
  );
  return ['| strong window | noise | games | false moves | false flags | missed flags | missed moves | slides | hovers |', '|---|---|---|---|---|---|---|---|---|', ...rows].join('\n');
}

/** `0` or `1`. @throws Error naming the bad value */
function parseProtocol(spec: string): ProtocolVersion {
  if (spec === '0' || spec === '1') return Number(spec) as ProtocolVersion;
  throw new Error(`--protocol "${spec}": expected 0 or 1`);
}

async function main(argv: string[]): Promise<void> {
  const { Command } = await import('commander');
  const program = new Command()
    .name('measure:noise')
    .description('Plays seeded Siamese games in-process through noisy virtual readers and counts what the hub got wrong')
    .option('--games <n>', 'games per noise level', '200')
    .option('--seed <n>', 'seed of game 1', '1')
    .option('--noise <spec...>', 'noise levels (none | realistic | x5 | xN, with ,kind=rate overrides)', ['none', 'realistic', 'x5'])
    .option('--pace <ms>', 'ms per physical step', '700')
    .option('--config <file>', 'table config', 'hub/config/tables/siamese-demo.json')
    .option('--protocol <0|1>', 'protocol version of the virtual readers (1: signal strength on every read)', '1')
    .option('--settle <spec>', 'settle windows per area to try, e.g. rack=400,top=400,wall=250,floor=250')
    .option('--strong-window <ms,...>', "strong settle windows to measure each level at, e.g. 0,50,100,150,200 (default: the tracker's own)")
    .option('--verbose', 'print every game that went wrong', false)
    .option('--json', 'print the summaries as JSON', false)
    .parse(argv);
  const o = program.opts<{
    protocol: string;
    settle?: string;
    strongWindow?: string;
    games: string;
    seed: string;
    noise: string[];
    pace: string;
    config: string;
    verbose: boolean;
    json: boolean;
  }>();
  const [{ table, cards }] = loadHubConfig(o.config) as [ReturnType<typeof loadHubConfig>[0]];
  const t0 = Date.now();
  const sums = measure({
    table,
    cards,
    games: Number(o.games),
    seed: Number(o.seed),
    noise: o.noise,
    pace: Number(o.pace),
    protocol: parseProtocol(o.protocol),
    ...(o.settle ? { settleByArea: parseSettle(o.settle) } : {}),
    ...(o.strongWindow ? { strongWindows: parseWindows(o.strongWindow) } : {}),
    onGame: (spec, m, w) => {
      if (!o.verbose) return;
      const bad = [
        ...m.falseFlags.map((x) => `false flag ${x}`),
        ...m.missedFlags.map((x) => `missed flag ${x}`),
        ...m.falseMoves.map((x) => `false move ${x}`),
        ...m.missedMoves.map((x) => `missed move ${x}`),
        ...m.wrongCounts.map((x) => `count ${x}`),
      ];
      if (bad.length)
        console.log(
          `[${spec}${w !== null ? ` ${w} ms` : ''}] seed ${m.seed}${m.inject ? ` (${m.inject})` : ''}: ${bad.join('; ')}  flags ${JSON.stringify(m.flags)} noise ${JSON.stringify(m.noise)}`,
        );
    },
  });
  if (!o.json) {
    for (const s of sums) {
      console.log(
        `${s.noise.padEnd(12)}${s.strongWindowMs !== null ? ` strong ${s.strongWindowMs} ms` : ''} ${s.games} games: false flags ${s.falseFlags}, missed flags ${s.missedFlags}, false moves ${s.falseMoves}, missed moves ${s.missedMoves}, wrong final counts ${s.wrongCounts}, net-only moves ${s.netOnly}` +
          ` (reconciled moves ${s.reconciled}, unreported moves ${s.unreported}; noise made ${JSON.stringify(s.noiseMade)})`,
      );
      if (s.badGames.length) console.log(`  games with errors (seeds): ${s.badGames.join(' ')}`);
    }
    if (o.strongWindow) console.log(windowTable(sums));
    console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  if (o.json) console.log(JSON.stringify(sums, null, 1));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv).catch((e) => {
    console.error((e as Error).message);
    process.exit(1);
  });
}
