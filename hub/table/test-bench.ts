/**
 * Test benches shared by the table engine tests (not a test file itself): a table engine fed with
 * reader lines (as the firmware prints them) through a real ReaderSupervisor, on a hand-driven
 * virtual clock that ticks the engine every 50 ms.
 *
 * - `HandBench`: the Royale Siamese demo table (003) whose tiles the test moves by hand
 *   (hub/table/engine.test.ts, engine-noise.test.ts, engine-unseen.test.ts);
 * - `SimBench`: any table played step by step from a seeded simulator game, every reader beating once
 *   a second (hub/table/engine-rulings.test.ts, hub/table/engine-standard.test.ts).
 */
import { afterEach } from 'vitest';
import { encodeLine } from '../../firmware-protocol/codec.js';
import type { OnBoardDebounce, ReaderMessage } from '../../firmware-protocol/messages.js';
import { fullTileSet, type TileId } from '../../rules/tiles.js';
import { loadHubConfig } from '../config/load.js';
import type { TableConfig } from '../config/types.js';
import type { FaceStyle } from '../contract/views.js';
import type { Connection, ReaderSupervisor } from '../readers/supervisor.js';
import type { Step } from '../simulator/game.js';
import { openSqliteStore } from '../store/sqlite.js';
import type { EventStore, StoredEvent } from '../store/types.js';
import { simulatedTileSet, tagOfTile } from '../tilesets/simulated.js';
import { TableEngine } from './engine.js';
import type { CountRuleInForce } from '../tournament/config.js';
import type { CountCheckData, ReaderHealth, TableMachine, TileMovedData } from './machine.js';
import { engineOnReaders } from './readers.test-helpers.js';

/** The Royale Siamese demo table (hub/config/tables/siamese-demo.json) and its cards. */
export const siameseDemo = loadHubConfig(new URL('../config/tables/siamese-demo.json', import.meta.url).pathname)[0]!;

/** A strong read on its own antenna (dBm): every protocol v1 read of a `HandBench` has it. */
export const STRONG_DBM = -45;

/** How a bench wires its readers. */
export interface ReaderBenchOptions {
  /** the event store (default a fresh in-memory SQLite store; a restarted hub passes the old one) */
  store?: EventStore;
  /** a reader silent this long is stale (ms; default the table's `timing.staleMs`) */
  staleMs?: number;
  /** call `supervisor.opened` on each new connection, as a transport does (default true) */
  announce?: boolean;
  /** name each connection `/dev/pts-<reader>-<clock>` (a new port at each replug) rather than `/dev/pts-<reader>` */
  namedByClock?: boolean;
}

/**
 * The common part of the benches: the engine `make` builds, its supervisor, one connection per
 * reader (made at its first line), sequence numbers per reader, cables that can be pulled.
 * The clock starts at 1 000 000 ms.
 */
export abstract class ReaderBench<E extends TableMachine> {
  /** the virtual clock (ms) */
  clock = 1_000_000;
  readonly store: EventStore;
  readonly engine: E;
  readonly supervisor: ReaderSupervisor;
  /** every line the hub wrote to a reader: `reader <- line` */
  readonly sent: string[] = [];
  /** readers whose cable is out: they send nothing */
  readonly unplugged = new Set<string>();
  /** `reader/zone` → when the hub last got a line about it (ms) */
  readonly lastLine = new Map<string, number>();
  protected readonly conns = new Map<string, Connection>();
  protected readonly seqs = new Map<string, number>();

  constructor(
    readonly table: TableConfig,
    make: (store: EventStore, readers: ReaderHealth, now: () => number) => E,
    protected readonly options: ReaderBenchOptions = {},
  ) {
    this.store = options.store ?? openSqliteStore(':memory:');
    const wired = engineOnReaders(
      table,
      this.store,
      (readers) => make(this.store, readers, () => this.clock),
      options.staleMs,
      () => this.clock,
    );
    this.engine = wired.engine;
    this.supervisor = wired.supervisor;
  }

  /** The reader (re)connects: HELLO, then a snapshot of each of its zones as things are now. */
  abstract hello(reader: string): void;

  /** The reader's next sequence number (0 first). */
  seq(reader: string): number {
    const s = (this.seqs.get(reader) ?? -1) + 1;
    this.seqs.set(reader, s);
    return s;
  }

  /** The reader's connection, opened at its first line. */
  protected conn(reader: string): Connection {
    let conn = this.conns.get(reader);
    if (!conn) {
      conn = { name: this.options.namedByClock ? `/dev/pts-${reader}-${this.clock}` : `/dev/pts-${reader}`, write: (l) => this.sent.push(`${reader} <- ${l}`) };
      this.conns.set(reader, conn);
      if (this.options.announce ?? true) this.supervisor.opened(conn);
    }
    return conn;
  }

  /**
   * One line from a reader, unless its cable is out. `msg` given as a function of a sequence number
   * takes the reader's next one; `lost`: that number is used, the line never arrives.
   */
  send(reader: string, msg: ReaderMessage | ((seq: number) => ReaderMessage), lost = false): void {
    if (this.unplugged.has(reader)) return;
    const m = typeof msg === 'function' ? msg(this.seq(reader)) : msg;
    if (lost) return;
    this.text(reader, encodeLine(m), 'zone' in m ? m.zone : undefined);
  }

  /** One raw text line from a reader (no newline), about `zone` if given. */
  protected text(reader: string, line: string, zone?: string): void {
    const conn = this.conn(reader);
    if (zone !== undefined) this.lastLine.set(`${reader}/${zone}`, this.clock);
    this.supervisor.line(conn, line, this.clock);
  }

  /** The reader's cable is pulled: the hub sees its port close (`reason`, kept for the director). */
  unplug(reader: string, reason = 'Port closed: disconnected'): void {
    this.supervisor.closed(this.conns.get(reader)!, reason);
    this.conns.delete(reader);
    this.unplugged.add(reader);
  }

  /** The cable is back: a new port, HELLO, a snapshot of each zone. */
  replug(reader: string): void {
    this.unplugged.delete(reader);
    this.hello(reader);
  }

  /** Moves the clock on by `ms`, ticking the engine every 50 ms (after `beforeTick`). */
  advance(ms: number): void {
    const end = this.clock + ms;
    while (this.clock < end) {
      this.clock = Math.min(end, this.clock + 50);
      this.beforeTick();
      this.engine.tick();
    }
  }

  /** What the readers do at each tick, before the engine's (nothing here). */
  protected beforeTick(): void {}
}

/** How a `HandBench` moves its tiles. */
export interface HandBenchOptions extends ReaderBenchOptions {
  /** the readers' protocol: 0 (firmware 0.1.0, no rssi) or 1 (firmware 1.0.0, every read `STRONG_DBM`); default 0 */
  protocol?: 0 | 1;
  /** a HELLO takes a sequence number (default true) */
  helloTakesSeq?: boolean;
  /** `move`: a tile is put down this long after its lift, and the clock moves as long again (ms; default 60) */
  moveMs?: number;
  /** `settle` waits settle + count check + settle + this (ms; default 500) */
  settlePadMs?: number;
  /** the 003 rule 18 count rule in force (default: none given, so 18D) */
  countRule?: CountRuleInForce;
  /** the on-board debounce each reader's HELLO announces (`deb=… scan=…`, PROTOCOL.md §5.1); default none */
  debounce?: (reader: string) => OnBoardDebounce | undefined;
  /** the table config's `tileFaces` (the faces its displays draw); default none given */
  tileFaces?: FaceStyle;
}

/**
 * The Royale Siamese demo table (players Ann, East, and Bea; racks RK-E1/2, RK-W1/2; walls WL-1..4 of
 * 38 tiles; the floor FL-1) whose tiles the test moves by hand. The reader connection is made at a
 * reader's first line; a connection is idle-stale only after 60 s unless `staleMs` says otherwise.
 */
export class HandBench extends ReaderBench<TableEngine> {
  /** where each tile is: `reader/zone` */
  readonly at = new Map<TileId, string>();

  private readonly hand: HandBenchOptions;

  constructor(options: HandBenchOptions = {}) {
    const table = options.tileFaces ? { ...siameseDemo.table, tileFaces: options.tileFaces } : siameseDemo.table;
    super(
      table,
      (store, readers, now) =>
        new TableEngine({ table, cards: siameseDemo.cards, registry: simulatedTileSet(), store, readers, now, ...(options.countRule ? { countRule: options.countRule } : {}) }),
      { staleMs: 60_000, ...options },
    );
    this.hand = options;
  }

  /** The cable is pulled, with the reason 'test: cable pulled' unless told. */
  override unplug(reader: string, reason = 'test: cable pulled'): void {
    super.unplug(reader, reason);
  }

  /** A read's rssi field: `STRONG_DBM` on protocol 1, none on 0. */
  private rssi(n: number): { rssi?: number[] } {
    return this.hand.protocol === 1 ? { rssi: Array.from({ length: n }, () => STRONG_DBM) } : {};
  }

  /** One line from a reader that arrives with a byte of its zone changed (its CRC fails: discarded, a gap). */
  corrupt(reader: string, msg: (seq: number) => ReaderMessage): void {
    const line = encodeLine(msg(this.seq(reader)));
    const i = line.indexOf('zone=') + 5;
    this.text(reader, line.slice(0, i) + 'X' + line.slice(i + 1));
  }

  /** A SNAP of one zone (`reader/zone`) as things are now (on protocol 1 every tile strong). */
  snap(zone: string): void {
    const [reader, z] = zone.split('/') as [string, string];
    const tags = [...this.at].filter(([, w]) => w === zone).map(([t]) => tagOfTile(t));
    this.send(reader, (seq) => ({ type: 'SNAP', seq, zone: z, tags, ...this.rssi(tags.length) }));
  }

  hello(reader: string): void {
    const zones = Object.keys(this.table.readers.find((r) => r.id === reader)!.zones);
    const v1 = this.hand.protocol === 1;
    const debounce = this.hand.debounce?.(reader);
    const hello: ReaderMessage = { type: 'HELLO', reader, firmware: v1 ? '1.0.0' : '0.1.0', protocol: v1 ? 1 : 0, zones, ...(debounce ? { debounce } : {}) };
    this.send(reader, this.hand.helloTakesSeq === false ? hello : () => hello);
    for (const zone of zones) this.snap(`${reader}/${zone}`);
  }

  /** Walls built from `order` (38 a wall, in set order by default), then every reader connects. */
  build(order: TileId[] = fullTileSet()): void {
    order.forEach((tile, i) => this.at.set(tile, `WL-${Math.floor(i / 38) + 1}/wall`));
    this.reconnect();
  }

  /** Every reader says HELLO and sends a snapshot of each of its zones; then settle + 10 ms. */
  reconnect(): void {
    for (const r of this.table.readers) this.hello(r.id);
    this.advance(this.table.timing.settleMs + 10);
  }

  /**
   * A tile lifted from its zone and put down in `to` (`reader/zone`) `moveMs` later. `missDel` /
   * `missAdd`: that read is missed by the reader (no line at all, no sequence number: only a snapshot
   * shows it). An unplugged reader says nothing.
   */
  move(tile: TileId, to: string, o: { missDel?: boolean; missAdd?: boolean } = {}): void {
    const gap = this.hand.moveMs ?? 60;
    const [fr, fz] = this.at.get(tile)!.split('/') as [string, string];
    const [tr, tz] = to.split('/') as [string, string];
    if (!o.missDel) this.send(fr, (seq) => ({ type: 'DEL', seq, zone: fz, tag: tagOfTile(tile) }));
    this.advance(gap);
    this.at.set(tile, to);
    if (!o.missAdd) this.send(tr, (seq) => ({ type: 'ADD', seq, zone: tz, tag: tagOfTile(tile), ...(this.hand.protocol === 1 ? { rssi: STRONG_DBM } : {}) }));
    this.advance(gap);
  }

  /** Lets every move settle and any count check fall due. */
  settle(): void {
    const t = this.table.timing;
    this.advance(t.settleMs + t.countCheckMs + t.settleMs + (this.hand.settlePadMs ?? 500));
  }

  /**
   * The table is cleared after a game: up to `limit` tiles not in a wall go back into the walls,
   * each into the first wall holding fewer than 38 (the walls the deal and the picks emptied).
   * Returns how many moved; settles only when every tile is back.
   */
  returnToWalls(limit = Infinity): number {
    let moved = 0;
    for (const [tile, zone] of [...this.at]) {
      if (moved >= limit) break;
      if (zone.endsWith('/wall')) continue;
      const wall = [1, 2, 3, 4].find((w) => [...this.at.values()].filter((z) => z === `WL-${w}/wall`).length < 38)!;
      this.move(tile, `WL-${wall}/wall`);
      moved++;
    }
    if ([...this.at.values()].every((z) => z.endsWith('/wall'))) this.settle();
    return moved;
  }

  /** The next tile of wall `wall` (0 to 3). */
  nextFrom(wall: number): TileId {
    const key = `WL-${wall + 1}/wall`;
    return [...this.at].find(([, z]) => z === key)![0];
  }

  /** The next tile of the first wall that has any left. */
  nextFromWall(): TileId {
    const wall = [0, 1, 2, 3].find((w) => [...this.at.values()].includes(`WL-${w + 1}/wall`))!;
    return this.nextFrom(wall);
  }

  /** 003 rule 5: 4 at a time, East first, to 27 each; East to RK-E1/2 alternately, West to RK-W1/2; then settles. */
  deal(): void {
    for (let round = 0; round < 7; round++) {
      for (const who of ['E', 'W']) {
        for (let i = 0; i < (round < 6 ? 4 : 3); i++) this.move(this.nextFromWall(), `RK-${who}${(i % 2) + 1}/in`);
      }
    }
    this.settle();
  }

  /** One player's turn: picks the next tile of wall 2 into `rack`, 300 ms, then discards `discard` (default the pick); settles. */
  turn(rack: string, discard?: TileId): TileId {
    const pick = this.nextFrom(1);
    this.move(pick, rack);
    this.advance(300);
    this.move(discard ?? pick, 'FL-1/floor');
    this.settle();
    return pick;
  }

  /**
   * A turn with one tile too many (003 rule 18C): picks the next tile of wall 2 into `rack`, another
   * into `extra`, discards the first pick; settles. Returns the first pick.
   */
  turnWithExtraPick(rack: string, extra: string): TileId {
    const pick = this.nextFrom(1);
    this.move(pick, rack);
    this.move(this.nextFrom(1), extra); // one too many
    this.move(pick, 'FL-1/floor');
    this.settle();
    return pick;
  }

  /** The engine's public view. */
  view() {
    return this.engine.publicView();
  }

  /** Each player's tile count (null: unknown). */
  counts(): (number | null)[] {
    return this.view().players.map((p) => p.count);
  }

  /** The flags as `rule: title`. */
  flags(): string[] {
    return this.view().flags.map((f) => `${f.rule}: ${f.title}`);
  }

  /** The logged tile moves of table t1, in order. */
  moves(): TileMovedData[] {
    return this.store
      .events('t1')
      .filter((e) => e.type === 'tile-moved')
      .map((e) => e.data as TileMovedData);
  }

  /** The logged count checks of table t1, in order. */
  checks(): CountCheckData[] {
    return this.store
      .events('t1')
      .filter((e) => e.type === 'count-check')
      .map((e) => e.data as CountCheckData);
  }
}

/**
 * A table whose readers are driven step by step from a seeded simulator game: what each reader holds
 * now (its next snapshot), DEL and ADD lines for each step's lifts and placements, and every
 * plugged reader beating once a second.
 */
export class SimBench<E extends TableMachine> extends ReaderBench<E> {
  /** the readers' protocol: 0 (firmware 0.1.0, no rssi) or 1 (firmware 1.0.0, every read `STRONG_DBM`) */
  private readonly protocol: 0 | 1;
  /** what each reader holds now, per zone (tags): what its next snapshot says */
  private readonly holds = new Map<string, Set<string>>();
  private lastBeat = this.clock;

  /**
   * @param make the engine, from the bench's store, the supervisor's reader health and the clock
   * @param paceMs the simulator's pace (ms per step; half after a lift, `dwell` times when a step says)
   * @param options as a ReaderBench's (`store`: a hub restarted on an earlier bench's log), and
   *   `protocol`: the readers' (default 0)
   */
  constructor(
    table: TableConfig,
    make: (store: EventStore, readers: ReaderHealth, now: () => number) => E,
    private readonly paceMs = 400,
    options: ReaderBenchOptions & { protocol?: 0 | 1 } = {},
  ) {
    super(table, make, options);
    this.protocol = options.protocol ?? 0;
    for (const r of table.readers) for (const z of Object.keys(r.zones)) this.holds.set(`${r.id}/${z}`, new Set());
  }

  /**
   * The hub started again on this bench's log (its engine is closed first), `laterMs` later, its
   * readers holding what they hold now and not yet connected (each says HELLO at `hello`).
   */
  restarted(make: (store: EventStore, readers: ReaderHealth, now: () => number) => E, laterMs = 5000): SimBench<E> {
    this.engine.close();
    const again = new SimBench(this.table, make, this.paceMs, { ...this.options, store: this.store });
    again.clock = this.clock + laterMs;
    again.lastBeat = again.clock;
    for (const [zone, tags] of this.holds) again.holds.set(zone, new Set(tags));
    return again;
  }

  /** One simulator step done while the hub hears nothing (it is down): the readers hold its tiles as it leaves them; no line. */
  unheard(s: Step): void {
    for (const m of s.moves) {
      const tag = tagOfTile(m.tile);
      if (m.from) this.holds.get(`${m.from.reader}/${m.from.zone}`)!.delete(tag);
      if (m.to) this.holds.get(`${m.to.reader}/${m.to.zone}`)!.add(tag);
    }
  }

  /** A reader (re)connects: its sequence restarts at 0, HELLO, then a snapshot of each of its zones. */
  hello(reader: string): void {
    const cfg = this.table.readers.find((r) => r.id === reader)!;
    this.seqs.delete(reader);
    const v1 = this.protocol === 1;
    this.send(reader, { type: 'HELLO', reader, firmware: v1 ? '1.0.0' : '0.1.0', protocol: this.protocol, zones: Object.keys(cfg.zones) });
    for (const zone of Object.keys(cfg.zones)) {
      const tags = [...this.holds.get(`${reader}/${zone}`)!];
      this.send(reader, { type: 'SNAP', seq: this.seq(reader), zone, tags, ...(v1 ? { rssi: tags.map(() => STRONG_DBM) } : {}) });
    }
  }

  /** The walls are built before the hub is there: every reader powers up seeing them and says HELLO; then 1 s. */
  build(game: { walls: TileId[][] }): void {
    const wallZone = (w: number) =>
      this.table.readers.flatMap((r) =>
        Object.entries(r.zones)
          .filter(([, p]) => p.area === 'wall' && p.wall === w)
          .map(([z]) => `${r.id}/${z}`),
      )[0]!;
    game.walls.forEach((tiles, w) => tiles.forEach((t) => this.holds.get(wallZone(w))!.add(tagOfTile(t))));
    for (const r of this.table.readers) this.hello(r.id);
    this.advance(1000);
  }

  /**
   * The next game at a table that has played one: 3 s after the last step the table is cleared
   * (every tile lifted at once), 1 s later `game`'s walls are built, one wall a step, then 1.5 s.
   */
  nextGame(game: { walls: TileId[][] }): void {
    this.advance(3000);
    const moves: Step['moves'] = [];
    for (const [key, tags] of this.holds) {
      const [reader, zone] = key.split('/') as [string, string];
      for (const tag of tags) moves.push({ tile: simulatedTileSet().get(tag)!, from: { reader, zone }, to: null });
    }
    this.step({ label: 'the table is cleared', moves });
    this.advance(1000);
    const wallZone = (w: number) =>
      this.table.readers.flatMap((r) =>
        Object.entries(r.zones)
          .filter(([, p]) => p.area === 'wall' && p.wall === w)
          .map(([zone]) => ({ reader: r.id, zone })),
      )[0]!;
    game.walls.forEach((tiles, w) => this.step({ label: `wall ${w + 1} is built`, moves: tiles.map((tile) => ({ tile, from: null, to: wallZone(w) })) }));
    this.advance(1500);
  }

  /** One simulator step: its lifts and placements as DEL and ADD lines, then the step's dwell. */
  step(s: Step): void {
    for (const [reader, msg] of this.linesOf(s)) this.send(reader, msg);
    this.advance(this.paceMs * (s.dwell ?? (s.moves.every((m) => m.to === null) ? 0.5 : 1)));
  }

  /**
   * The hub is late (its event loop starved by other work): `steps` happen at the table, each
   * reader sending its lines as they happen, while the hub runs nothing for `lateMs` (no tick, no
   * line read). Then it reads what each reader sent, one reader's port after another in `order`
   * (readers not named after, in the order they first sent), `gapMs` apart (ticking meanwhile),
   * each reader's lines in its own order: every line of one port stamped alike.
   */
  late(steps: readonly Step[], lateMs: number, order: readonly string[] = [], gapMs = 0): void {
    const queued = new Map<string, ReaderMessage[]>(order.map((r) => [r, []]));
    for (const s of steps) for (const [reader, msg] of this.linesOf(s)) queued.set(reader, [...(queued.get(reader) ?? []), msg]);
    this.clock += lateMs;
    // the readers' heartbeats meanwhile are left out (sent now they would overtake the queued lines)
    this.lastBeat = this.clock;
    for (const [reader, msgs] of queued) {
      for (const msg of msgs) this.send(reader, msg);
      this.advance(gapMs);
    }
  }

  /** The DEL and ADD lines of a step as each reader sends them (sequence numbers taken), its readers' holds updated. */
  private linesOf(s: Step): [string, ReaderMessage][] {
    const out: [string, ReaderMessage][] = [];
    for (const m of s.moves) {
      const tag = tagOfTile(m.tile);
      if (m.from) {
        this.holds.get(`${m.from.reader}/${m.from.zone}`)!.delete(tag);
        out.push([m.from.reader, { type: 'DEL', seq: this.seq(m.from.reader), zone: m.from.zone, tag }]);
      }
      if (m.to) {
        this.holds.get(`${m.to.reader}/${m.to.zone}`)!.add(tag);
        out.push([m.to.reader, { type: 'ADD', seq: this.seq(m.to.reader), zone: m.to.zone, tag, ...(this.protocol === 1 ? { rssi: STRONG_DBM } : {}) }]);
      }
    }
    return out;
  }

  /** A SNAP of one zone (`reader/zone`) as the reader holds it now. */
  snap(zone: string): void {
    const [reader, z] = zone.split('/') as [string, string];
    const tags = [...this.holds.get(zone)!];
    this.send(reader, { type: 'SNAP', seq: this.seq(reader), zone: z, tags, ...(this.protocol === 1 ? { rssi: tags.map(() => STRONG_DBM) } : {}) });
  }

  /**
   * A tile's tag stops (or, `answers`, starts again) being read in `zone` with no line about it: a
   * dead tag, a read lost. The zone's next snapshot (`snap`) shows it.
   */
  tagRead(tile: TileId, zone: string, answers: boolean): void {
    const held = this.holds.get(zone)!;
    if (answers) held.add(tagOfTile(tile));
    else held.delete(tagOfTile(tile));
  }

  /** Every plugged reader beats (HB) once a second. */
  protected override beforeTick(): void {
    if (this.clock - this.lastBeat >= 1000) {
      this.lastBeat = this.clock;
      for (const r of this.table.readers) if (this.conns.has(r.id)) this.send(r.id, { type: 'HB', seq: this.seq(r.id), uptimeMs: this.clock });
    }
  }

  /** The logged tile moves of this table, in order. */
  moves(): (StoredEvent & { data: TileMovedData })[] {
    return this.store.events(this.table.id).filter((e) => e.type === 'tile-moved') as (StoredEvent & { data: TileMovedData })[];
  }
}

/**
 * Registers an `afterEach` that closes every bench handed to the returned function (its engine, then
 * its store); that function returns the bench it was given.
 */
export function closedAfterEach<B extends { engine: { close(): void }; store: EventStore }>(): (b: B) => B {
  const benches: B[] = [];
  afterEach(() => {
    for (const b of benches.splice(0)) {
      b.engine.close();
      b.store.close();
    }
  });
  return (b) => {
    benches.push(b);
    return b;
  };
}
