/**
 * `npm run bench:rulings` (also run by `npm run bench`): the cost of a director's ruling
 * on a flag, by how many games the table's log holds. Prints figures and ratios, never asserts.
 *
 * Each table (the Royale Siamese demo table, hub/config/tables/siamese-demo.json, 003; then
 * the standard 4-player demo table, standard-demo.json, 000) plays `--games` (default 64)
 * seeded simulator games (hub/simulator/game.ts, hub/simulator/standard/game.ts) one after the
 * other, each with a rule broken on purpose at its 3rd pick so that it has a flag left awaiting the
 * director (Siamese: a pick from the wrong wall, 003 rule 20; standard: a pick ahead of turn, 000),
 * as reader lines through a real ReaderSupervisor into the table engine on a virtual clock, the log
 * in an SQLite file (WAL, synchronous FULL, as the hub runs it). Between games the table is cleared
 * (every tile lifted) and the next walls are built. Then, `--runs` times (default 3, median shown),
 * on a fresh copy of that file: a hub started on it (the whole log folded once), and a ruling
 * (`dismiss`) on the flag of game 1, of game `games / 4` (16) and of the last game, in that order
 * from the last. `--log FILE` keeps the played log in FILE (FILE.standard for the standard table)
 * and measures it as it is on the next run.
 *
 * What a figure includes: `rule()` as the director's HTTP call runs it, on the event loop: the
 * checks, the `director-ruling` event appended to SQLite (one transaction, synchronous), and the
 * fold the ruling needs; not the publishing to the views (deferred until the log is durable) nor
 * HTTP. "start" is a hub started on the log: reading every event from SQLite and folding them all.
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { encodeLine } from '../firmware-protocol/codec.js';
import type { ReaderMessage } from '../firmware-protocol/messages.js';
import type { TileId } from '../rules/tiles.js';
import { loadHubConfig } from '../hub/config/load.js';
import type { TableConfig } from '../hub/config/types.js';
import type { Connection, ReaderSupervisor } from '../hub/readers/supervisor.js';
import type { ReaderHealth } from '../hub/table/machine.js';
import { playGame, tableZones, type Step } from '../hub/simulator/game.js';
import { openSqliteStore } from '../hub/store/sqlite.js';
import type { EventStore } from '../hub/store/types.js';
import { TableEngine } from '../hub/table/engine.js';
import type { TableMachine } from '../hub/table/machine.js';
import { playStandardGame } from '../hub/simulator/standard/game.js';
import { engineOnReaders } from '../hub/table/readers.test-helpers.js';
import { simulatedTileSet, tagOfTile } from '../hub/tilesets/simulated.js';

const configOf = (name: string) => loadHubConfig(new URL(`../hub/config/tables/${name}`, import.meta.url).pathname)[0]!;

/** A table the bench plays: its config, its engine, and game `g` of its log (walls and steps, with a flag left to the director). */
interface BenchTable<E extends TableMachine> {
  label: string;
  flagText: string;
  table: TableConfig;
  make: (store: EventStore, now: () => number, readers?: ReaderHealth) => E;
  game: (g: number) => { walls: TileId[][]; steps: Step[] };
}

const noReaders: ReaderHealth = { statuses: () => [], untrusted: () => [] };

function siameseTable(): BenchTable<TableEngine> {
  const { table, cards } = configOf('siamese-demo.json');
  return {
    label: 'a Royale Siamese table (003)',
    flagText: 'a pick from the wrong wall at its 3rd pick (003 rule 20: a wrong-wall flag)',
    table,
    make: (store, now, readers = noReaders) => new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now }),
    game: (g) => playGame({ seed: 1000 + g, cards, table, inject: 'wall', injectAt: 3 }),
  };
}

function standardTable(): BenchTable<TableEngine> {
  const { table, cards } = configOf('standard-demo.json');
  return {
    label: 'a standard 4-player table (000)',
    flagText: 'a pick ahead of turn at its 3rd pick (000: a dead hand)',
    table,
    make: (store, now, readers = noReaders) => new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now }),
    game: (g) => playStandardGame({ seed: 1000 + g, cards, table, inject: 'ahead', injectAt: 3 }),
  };
}

/** Options of the rulings bench. */
export interface RulingsBenchOptions {
  /** games the log holds (default 64) */
  games: number;
  /** measurements on fresh copies of the log; the median is printed (default 3) */
  runs: number;
  /** an SQLite log file: played into and kept when it does not exist, else measured as it is (`--log`) */
  log?: string;
}

/** `--games N --runs N --log FILE` from the command line (unknown arguments are left to the other benches). */
export function rulingsOptionsFromArgs(args: readonly string[]): RulingsBenchOptions {
  const num = (name: string, dflt: number) => {
    const i = args.indexOf(name);
    if (i < 0) return dflt;
    const n = Number(args[i + 1]);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${name} takes a whole number of at least 1, not ${JSON.stringify(args[i + 1])}`);
    return n;
  };
  const log = args.indexOf('--log');
  return { games: num('--games', 64), runs: num('--runs', 3), ...(log >= 0 && args[log + 1] ? { log: args[log + 1]! } : {}) };
}

/** A table's readers on a virtual clock: lines in through a real supervisor, the engine ticked every 50 ms. */
class Table<E extends TableMachine> {
  clock = 1_000_000;
  readonly engine: E;
  private readonly supervisor: ReaderSupervisor;
  private readonly conns = new Map<string, Connection>();
  private readonly seqs = new Map<string, number>();
  private readonly holds = new Map<string, Set<string>>();
  private lastBeat = this.clock;

  constructor(
    readonly table: TableConfig,
    store: EventStore,
    make: BenchTable<E>['make'],
  ) {
    const wired = engineOnReaders(table, store, (readers) => make(store, () => this.clock, readers));
    this.engine = wired.engine;
    this.supervisor = wired.supervisor;
    for (const r of table.readers) for (const z of Object.keys(r.zones)) this.holds.set(`${r.id}/${z}`, new Set());
  }

  private send(reader: string, msg: ReaderMessage): void {
    let conn = this.conns.get(reader);
    if (!conn) {
      conn = { name: `/dev/pts-${reader}`, write: () => undefined };
      this.conns.set(reader, conn);
      this.supervisor.opened(conn);
    }
    this.supervisor.line(conn, encodeLine(msg), this.clock);
  }

  private seq(reader: string): number {
    const s = (this.seqs.get(reader) ?? -1) + 1;
    this.seqs.set(reader, s);
    return s;
  }

  advance(ms: number): void {
    const end = this.clock + ms;
    while (this.clock < end) {
      this.clock = Math.min(end, this.clock + 50);
      if (this.clock - this.lastBeat >= 1000) {
        this.lastBeat = this.clock;
        for (const r of this.table.readers) if (this.conns.has(r.id)) this.send(r.id, { type: 'HB', seq: this.seq(r.id), uptimeMs: this.clock });
      }
      this.engine.tick();
    }
  }

  /** The first game's walls stand when the readers power up: HELLO and a snapshot of each zone. */
  powerUp(walls: TileId[][]): void {
    const zones = tableZones(this.table);
    walls.forEach((tiles, w) => tiles.forEach((t) => this.holds.get(`${zones.walls[w]!.reader}/${zones.walls[w]!.zone}`)!.add(tagOfTile(t))));
    for (const r of this.table.readers) {
      this.send(r.id, { type: 'HELLO', reader: r.id, firmware: '0.1.0', protocol: 0, zones: Object.keys(r.zones) });
      for (const zone of Object.keys(r.zones)) this.send(r.id, { type: 'SNAP', seq: this.seq(r.id), zone, tags: [...this.holds.get(`${r.id}/${zone}`)!] });
    }
    this.advance(1000);
  }

  step(s: Step, paceMs = 400): void {
    for (const m of s.moves) {
      const tag = tagOfTile(m.tile);
      if (m.from) {
        this.holds.get(`${m.from.reader}/${m.from.zone}`)!.delete(tag);
        this.send(m.from.reader, { type: 'DEL', seq: this.seq(m.from.reader), zone: m.from.zone, tag });
      }
      if (m.to) {
        this.holds.get(`${m.to.reader}/${m.to.zone}`)!.add(tag);
        this.send(m.to.reader, { type: 'ADD', seq: this.seq(m.to.reader), zone: m.to.zone, tag });
      }
    }
    this.advance(paceMs * (s.dwell ?? (s.moves.every((m) => m.to === null) ? 0.5 : 1)));
  }

  /** The table cleared (every tile lifted), ~1 s, then the next game's walls built one by one. */
  nextWalls(walls: TileId[][]): void {
    this.advance(3000);
    const lift: Step = { label: 'the table is cleared', moves: [] };
    for (const [key, tags] of this.holds) {
      const [reader, zone] = key.split('/') as [string, string];
      for (const tag of tags) lift.moves.push({ tile: simulatedTileSet().get(tag)!, from: { reader, zone }, to: null });
    }
    this.step(lift);
    this.advance(1000);
    const zones = tableZones(this.table);
    walls.forEach((tiles, w) => this.step({ label: `wall ${w} is built`, moves: tiles.map((tile) => ({ tile, from: null, to: zones.walls[w]! })) }));
    this.advance(1500);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (n: number, digits = 1) => n.toFixed(digits);

/** Plays the games at each table (Siamese, then standard) into an SQLite file, then measures; prints the figures. */
export function runRulingsBench(opts: RulingsBenchOptions): void {
  benchTable(siameseTable(), opts);
  benchTable(standardTable(), { ...opts, ...(opts.log ? { log: `${opts.log}.standard` } : {}) });
}

function benchTable<E extends TableMachine>(bt: BenchTable<E>, opts: RulingsBenchOptions): void {
  const { table } = bt;
  const dir = mkdtempSync(join(tmpdir(), 'mjhub-bench-rulings-'));
  try {
    const file = opts.log ?? join(dir, 'events.db');
    const played = existsSync(file);
    let t0 = performance.now();
    const store = openSqliteStore(file);
    const t = new Table(table, store, bt.make);
    const flagOf = new Map<number, string>();
    for (let g = 1; g <= opts.games && !played; g++) {
      const game = bt.game(g);
      if (g === 1) t.powerUp(game.walls);
      else t.nextWalls(game.walls);
      for (const s of game.steps) t.step(s);
      t.advance(3000);
      const v = t.engine.publicView();
      const f = v.flags.find((x) => x.gameNo === g && x.status === 'awaiting-director');
      if (f) flagOf.set(g, f.id);
    }
    if (played) {
      t.clock = (store.events(table.id).at(-1)?.at ?? t.clock) + 1000;
      for (const f of t.engine.publicView().flags) if (f.status === 'awaiting-director') flagOf.set(f.gameNo, f.id);
    }
    const events = store.events(table.id).length;
    t.engine.close();
    store.close();
    const playMs = performance.now() - t0;
    const mid = Math.ceil(opts.games / 4);
    const targets = [...new Set([1, mid, opts.games])];
    console.log(
      `\nrulings: ${bt.label}, ${opts.games} games played through the engine into SQLite, each with ${bt.flagText} (${events} events; ${flagOf.size} games with a flag awaiting the director; ${played ? `read from ${file}` : `played in ${fmt(playMs / 1000)} s`})`,
    );
    const missing = targets.filter((g) => !flagOf.has(g));
    if (missing.length) console.log(`  no open flag in game ${missing.join(', ')}: those figures are left out`);

    const starts: number[] = [];
    const appends: number[] = [];
    const costs = new Map<number, number[]>(targets.map((g) => [g, []]));
    for (let run = 0; run < opts.runs; run++) {
      const copy = join(dir, `run-${run}.db`);
      copyFileSync(file, copy);
      const s = openSqliteStore(copy);
      t0 = performance.now();
      const engine = bt.make(s, () => t.clock);
      starts.push(performance.now() - t0);
      // an append alone (an event no fold reads), for what the SQLite part of a ruling costs
      t0 = performance.now();
      s.append(table.id, 'bench-append', t.clock, { by: 'bench' });
      appends.push(performance.now() - t0);
      // the last game first: each ruling then meets the log as the bench played it plus the rulings before
      for (const g of [...targets].reverse()) {
        const id = flagOf.get(g);
        if (!id) continue;
        t0 = performance.now();
        engine.rule(id, 'dismiss', 'bench');
        costs.get(g)!.push(performance.now() - t0);
      }
      engine.close();
      s.close();
    }
    const start = median(starts);
    console.log(`  hub start on the log (read every event, fold all ${opts.games} games): ${fmt(start)} ms, ${fmt(start / opts.games, 2)} ms a game (median of ${opts.runs})`);
    console.log(`  a ruling (dismiss) on a flag: rule() = the checks, the event appended to SQLite, the fold it needs (median of ${opts.runs}; an append alone: ${fmt(median(appends), 2)} ms):`);
    for (const g of targets) {
      const c = costs.get(g)!;
      if (c.length === 0) continue;
      console.log(`    game ${String(g).padStart(3)} of ${opts.games}: ${fmt(median(c), 2)} ms (${fmt(median(c) / (start / opts.games), 2)} × one game's share of the start)`);
    }
    const first = costs.get(1)!;
    const last = costs.get(opts.games)!;
    if (first.length && last.length) console.log(`  ratio game ${opts.games} : game 1 = ${fmt(median(last) / median(first), 2)} (goal under 1.5)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) runRulingsBench(rulingsOptionsFromArgs(process.argv.slice(2)));
