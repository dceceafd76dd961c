/**
 * The live table: reader sightings in, settled moves and count checks appended to the event log,
 * the referee's state folded from the log, views out.
 *
 * The event log is the truth. Event types of a table:
 * - `tile-moved` `{ tile, tag, from, to, lines }`: a settled move (at = when the tile came to rest)
 * - `count-check` `{ skipReaders }`: the tile counts are checked (a turn boundary has settled)
 * - `director-ruling` `{ flagId, ruling, by }`
 * - `director-entry` `{ entry, player, rack, by }`: what no reader can witness (003 rule 19C/D)
 * Every view is rebuilt from these by `fold`, after a restart and after every director ruling.
 */
import type { Card } from '../../rules/card/types.js';
import { kindOf, type TileId } from '../../rules/tiles.js';
import {
  currentWall,
  initialSiameseState,
  playerCount,
  rackCounts,
  siameseReferee,
  tilesAt,
  wallLeft,
  type SiameseReferee,
  type SiameseState,
} from '../../rules/referee/siamese.js';
import type { GameAction } from '../../rules/referee/actions.js';
import { describePlace, type Place } from '../../rules/referee/places.js';
import type { TableConfig } from '../config/types.js';
import type { DirectorTableView, FlagEvidence, PublicTableView, ReaderStatus, SeatView } from '../api/views.js';
import { RulingError, type AnyDirectorEntry, type DirectorEntry, type TableRuntime } from '../api/runtime.js';
import type { EventStore, StoredEvent } from '../store/types.js';
import { Tracker, type SettledMove, type ZoneKey } from '../tracking/tracker.js';
import { inferAction, playersOfReaders, zonePlaces } from './inference.js';
import { scoreView } from './score.js';
import { publishWhenDurable } from './publish.js';
import { buildSeatView } from '../api/seat-view.js';

/** Payload of a `tile-moved` event. */
export interface TileMovedData {
  tile: TileId;
  tag: string;
  from: ZoneKey | null;
  to: ZoneKey;
  /** raw reader line ids */
  lines: number[];
  /**
   * set when the move was seen only across a reader's reconnect or reboot (offline, then a
   * snapshot that differs): it happened somewhere in this window (ms since epoch)
   */
  reconciled?: { from: number; to: number };
}

/** Payload of a `count-check` event. */
export interface CountCheckData {
  /** readers not trusted at the check (stale, unsynced, offline): their players are not checked */
  skipReaders: string[];
}

/** Payload of a `director-ruling` event. */
export interface RulingData {
  flagId: string;
  ruling: 'confirm' | 'dismiss';
  by: string;
}

/** What the engine needs from the reader side. */
export interface ReaderHealth {
  statuses(now: number): ReaderStatus[];
  untrusted(now: number): string[];
}

export interface EngineOptions {
  table: TableConfig;
  cards: Card[];
  /** tag UID → tile: the tile set on this table */
  registry: ReadonlyMap<string, TileId>;
  store: EventStore;
  readers: ReaderHealth;
  /** the clock, ms since epoch (tests may pass their own) */
  now?: () => number;
  /**
   * settle window per zone area (ms): how long a tile must rest in (and be gone from) a zone of
   * that area before it has moved; default {@link DEFAULT_SETTLE_BY_AREA}, and the table's
   * `timing.settleMs` for an area it does not name
   */
  settleByArea?: Partial<Record<Place['area'], number>>;
}

/**
 * Settle windows per area (ms), measured with `npm run measure:noise` (README, "Noise"): inside a
 * rack and on its top 400 ms, longer than a cross-read between the two antennas of one rack
 * reader lasts (up to 300 ms), so a cross-read never settles; walls and the floor use the table
 * config's `timing.settleMs` (250 ms in the demo).
 */
export const DEFAULT_SETTLE_BY_AREA: Partial<Record<Place['area'], number>> = { rack: 400, top: 400 };

/** A reader silent this long before a new HELLO has rebooted (ms): its next snapshots are reconciled. */
export const REBOOT_SILENCE_MS = 1500;

/** One live table. Implements the API's TableRuntime. */
export class TableEngine implements TableRuntime {
  readonly id: string;
  private readonly table: TableConfig;
  private readonly places: Map<ZoneKey, Place>;
  private readonly tracker: Tracker;
  private readonly store: EventStore;
  private readonly readers: ReaderHealth;
  private readonly now: () => number;
  private readonly cards: Card[];
  private referee!: SiameseReferee;
  private state!: SiameseState;
  private events: StoredEvent[] = [];
  private readonly bySeq = new Map<number, StoredEvent>();
  private pendingChecks: number[] = [];
  /** settled moves waiting for an earlier move to settle (see tick) */
  private held: SettledMove[] = [];
  private readonly dismissed = new Set<string>();
  private readonly confirmed = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  /** reader → its last message time (ms) at the previous status change or tick */
  private readonly lastMessage = new Map<string, number | null>();
  /** zone → when it was last heard from (ms) */
  private readonly lastHeard = new Map<ZoneKey, number>();
  /** zone → since when the hub has not seen it (its reader went offline or rebooted), until its next snapshot */
  private readonly gaps = new Map<ZoneKey, number>();

  constructor(opts: EngineOptions) {
    if (opts.table.variant !== 'siamese') throw new Error(`table ${opts.table.id}: only the Siamese variant is played by this hub version`);
    this.id = opts.table.id;
    this.table = opts.table;
    this.cards = opts.cards;
    this.places = zonePlaces(opts.table);
    const byArea = { ...DEFAULT_SETTLE_BY_AREA, ...(opts.settleByArea ?? {}) };
    const settleMs = opts.table.timing.settleMs;
    this.tracker = new Tracker({
      settleMs,
      registry: opts.registry,
      settleFor: (zone) => byArea[this.places.get(zone)?.area ?? 'floor'] ?? settleMs,
    });
    this.store = opts.store;
    this.readers = opts.readers;
    this.now = opts.now ?? Date.now;
    this.rebuild();
  }

  // ------------------------------------------------------------------ reads in

  /**
   * A full snapshot of a zone (`reader/zone`). The first snapshot of a zone after its reader was
   * offline or rebooted reconciles what the hub missed: its moves carry the window.
   */
  snapshot(zone: ZoneKey, tags: readonly string[], at: number, line: number): void {
    const gap = this.gaps.get(zone);
    this.gaps.delete(zone);
    this.heard(zone, at);
    this.tracker.snapshot(zone, tags, at, line, gap !== undefined ? { from: gap, to: at } : undefined);
    this.schedule();
  }
  /** A tag came into a zone. */
  add(zone: ZoneKey, tag: string, at: number, line: number): void {
    this.heard(zone, at);
    this.tracker.add(zone, tag, at, line);
    this.schedule();
  }
  /** A tag left a zone. */
  remove(zone: ZoneKey, tag: string, at: number, line: number): void {
    this.heard(zone, at);
    this.tracker.remove(zone, tag, at, line);
    this.schedule();
  }
  /**
   * A reader's status changed: views change. A reader now offline or unsynced (unplugged, or a new
   * HELLO: a reboot) has a gap since it was last heard: its zones' next snapshots are reconciled.
   */
  readerStatusChanged(): void {
    const now = this.now();
    for (const r of this.readers.statuses(now)) {
      const before = this.lastMessage.get(r.id);
      this.lastMessage.set(r.id, r.lastMessageAt);
      // offline, or a new HELLO after a silence (a reboot): a gap; a HELLO that answers the hub's
      // own `CMD snap` (the reader was talking a moment ago) is no gap
      const silent = r.state === 'unsynced' && before !== undefined && before !== null && now - before >= REBOOT_SILENCE_MS;
      if (r.state !== 'offline' && r.state !== 'reconnecting' && !silent) continue;
      const cfg = this.table.readers.find((x) => x.id === r.id);
      if (!cfg) continue;
      for (const z of Object.keys(cfg.zones)) {
        const key = `${r.id}/${z}`;
        const last = this.lastHeard.get(key);
        if (last !== undefined && !this.gaps.has(key)) this.gaps.set(key, last);
      }
    }
    this.emit();
  }
  private heard(zone: ZoneKey, at: number): void {
    this.lastHeard.set(zone, at);
  }
  /** True when the zone belongs to this table. */
  owns(zone: ZoneKey): boolean {
    return this.places.has(zone);
  }
  /** Tags this table's readers have read that its tile set does not know (tile-set enrolment, hub/tilesets/enroll.ts). */
  unknownTags(): ReturnType<Tracker['unknownTags']> {
    return this.tracker.unknownTags();
  }

  // ------------------------------------------------------------------ the clock

  /** Releases settled moves and due count checks into the log, in the order they happened. */
  tick(): void {
    if (this.closed) return;
    const now = this.now();
    const settle = this.table.timing.settleMs;
    for (const r of this.readers.statuses(now)) if (r.state === 'connected' || r.state === 'stale') this.lastMessage.set(r.id, r.lastMessageAt);
    // moves are logged in the order the tiles left their zones: a move (or a count check) waits
    // while a tile that left earlier has not settled yet (in a hand, or read in two zones)
    const moves = [...this.held, ...this.tracker.settle(now)].sort((a, b) => a.leftAt - b.leftAt || a.at - b.at);
    const mark = this.tracker.watermark(now) ?? Infinity;
    this.held = moves.filter((m) => m.leftAt > mark);
    moves.splice(moves.length - this.held.length);
    const due = this.pendingChecks.filter((t) => t + settle <= now && t < mark);
    this.pendingChecks = this.pendingChecks.filter((t) => !(t + settle <= now && t < mark));
    type Item = { at: number; move?: SettledMove; check?: true };
    const items: Item[] = [...moves.map((m) => ({ at: m.leftAt, move: m })), ...due.map((t) => ({ at: t, check: true as const }))];
    items.sort((a, b) => a.at - b.at || (a.check ? 1 : 0) - (b.check ? 1 : 0));
    let changed = false;
    for (const item of items) {
      if (item.move) {
        const m = item.move;
        const data: TileMovedData = { tile: m.tile, tag: m.tag, from: m.from, to: m.to, lines: m.lines };
        if (m.reconciled) data.reconciled = m.reconciled;
        this.record(this.store.append(this.id, 'tile-moved', m.at, data));
      } else {
        const data: CountCheckData = { skipReaders: this.readers.untrusted(now) };
        this.record(this.store.append(this.id, 'count-check', item.at, data));
      }
      changed = true;
    }
    if (changed) this.emit();
    this.schedule();
  }

  private schedule(): void {
    if (this.closed) return;
    const settle = this.table.timing.settleMs;
    const now = this.now();
    // a check already due but held behind a tile still in a hand waits for that tile's next
    // sighting (which calls schedule) or 100 ms, never a 1 ms poll
    const checks = this.pendingChecks.map((t) => (t + settle > now ? t + settle : now + 100));
    const candidates = [this.tracker.nextDue(), ...(this.held.length ? [now + 100] : []), ...checks].filter(
      (t): t is number => t !== null,
    );
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (candidates.length === 0) return;
    const wait = Math.max(0, Math.min(...candidates) - this.now());
    this.timer = setTimeout(() => this.tick(), wait + 1);
  }

  // ------------------------------------------------------------------ the fold

  private record(e: StoredEvent): void {
    this.events.push(e);
    this.bySeq.set(e.seq, e);
    this.applyEvent(e, true);
  }

  private applyEvent(e: StoredEvent, live: boolean): void {
    let action: GameAction | null = null;
    const ref = String(e.seq);
    if (e.type === 'tile-moved') {
      const d = e.data as TileMovedData;
      if (!live) this.tracker.restore(d.tag, d.to);
      action = inferAction(this.places, d, e.at, ref);
    } else if (e.type === 'director-entry') {
      const d = e.data as DirectorEntry;
      action = { type: 'director-entry', entry: d.entry, player: d.player, rack: d.rack, at: e.at, ref };
    } else if (e.type === 'count-check') {
      const d = e.data as CountCheckData;
      this.pendingChecks = this.pendingChecks.filter((t) => t > e.at);
      action = { type: 'count-check', skipPlayers: playersOfReaders(this.table, d.skipReaders), at: e.at, ref };
    }
    if (!action) return;
    const result = this.referee.apply(this.state, action);
    this.state = result.state;
    if (result.boundary) this.pendingChecks.push(e.at + this.table.timing.countCheckMs);
  }

  /** Re-folds the whole log (after a restart or a director ruling). */
  private rebuild(): void {
    this.events = this.store.events(this.id);
    this.bySeq.clear();
    this.dismissed.clear();
    this.confirmed.clear();
    for (const e of this.events) {
      this.bySeq.set(e.seq, e);
      if (e.type === 'director-ruling') {
        const d = e.data as RulingData;
        (d.ruling === 'dismiss' ? this.dismissed : this.confirmed).add(d.flagId);
      }
    }
    this.referee = siameseReferee({
      names: this.table.players.map((p) => p.name),
      racksPerPlayer: this.table.racksPerPlayer,
      tilesPerWall: this.table.tilesPerWall,
      wallOrder: this.table.wallOrder,
      cards: this.cards,
      dismissed: this.dismissed,
      confirmed: this.confirmed,
    });
    this.state = initialSiameseState({ names: this.table.players.map((p) => p.name), racksPerPlayer: this.table.racksPerPlayer });
    this.pendingChecks = [];
    for (const e of this.events) this.applyEvent(e, false);
    this.pendingChecks = this.pendingChecks.filter((t) => t + this.table.timing.settleMs > 0);
  }

  // ------------------------------------------------------------------ director

  /** @see TableRuntime.rule */
  rule(flagId: string, ruling: 'confirm' | 'dismiss', by: string): void {
    const flag = this.state.flags.find((f) => f.id === flagId);
    if (!flag) throw new RulingError(404, `unknown flag '${flagId}' on table '${this.id}' (only the current game's flags can be ruled on)`);
    if (flag.status !== 'awaiting-director') throw new RulingError(409, `flag '${flagId}' was already ${flag.status}`);
    const data: RulingData = { flagId, ruling, by };
    this.store.append(this.id, 'director-ruling', this.now(), data);
    this.rebuild();
    this.emit();
  }

  /** @see TableRuntime.enter */
  enter(any: AnyDirectorEntry, by: string): void {
    if (any.entry !== 'misnamed-discard' || typeof any.rack !== 'number') {
      throw new RulingError(400, `a Siamese table takes only a mis-named discard entry (003 rule 19), not '${any.entry}'`);
    }
    const entry: DirectorEntry = { entry: 'misnamed-discard', player: any.player, rack: any.rack };
    const mj = this.state.players[entry.player]?.racks[entry.rack]?.mahJongg;
    if (!mj || mj.claimedFrom === null) {
      throw new RulingError(409, `no Mah Jongg on a called discard on player ${entry.player}'s rack ${entry.rack + 1} of table '${this.id}'`);
    }
    if (mj.misnamedDiscard) throw new RulingError(409, 'that mis-named discard was already entered');
    this.record(this.store.append(this.id, 'director-entry', this.now(), { ...entry, by }));
    this.emit();
  }

  // ------------------------------------------------------------------ views out

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Publishes a change once it is durable (hub/table/publish.ts): no view ever shows what a crash
   * could lose. Several changes in one event-loop turn are published once.
   */
  private emit(): void {
    if (this.emitQueued) return;
    this.emitQueued = true;
    publishWhenDurable(this.store, () => {
      this.emitQueued = false;
      for (const l of this.listeners) l();
    });
  }
  private emitQueued = false;

  /** The referee's state now (for tests and the CLI). */
  gameState(): SiameseState {
    return this.state;
  }

  publicView(): PublicTableView {
    const s = this.state;
    const now = this.now();
    const statuses = this.readers.statuses(now);
    const untrusted = new Set(statuses.filter((r) => r.state === 'offline' || r.state === 'unsynced' || r.state === 'reconnecting').map((r) => r.id));
    const counts = rackCounts(s, this.table.racksPerPlayer);
    const walls = this.table.wallOrder.length;
    const left = wallLeft(s, walls);
    const current = currentWall(s, this.table.wallOrder);
    const readerOf = (player: number, rack: number) =>
      this.table.readers.find((r) => Object.values(r.zones).some((z) => (z.area === 'rack' || z.area === 'top') && z.player === player && z.rack === rack))?.id;
    return {
      tableId: this.id,
      variant: this.table.variant,
      gameNo: s.gameNo,
      phase: s.phase,
      endReason: s.endReason,
      turn: s.turn,
      players: this.table.players.map((p, i) => {
        const racks = Array.from({ length: this.table.racksPerPlayer }, (_, r) => {
          const rs = s.players[i]!.racks[r]!;
          const trusted = !untrusted.has(readerOf(i, r) ?? '');
          const exposed = tilesAt(s, 'top', i, r).map(kindOf);
          return {
            rack: r,
            count: trusted ? counts[i]![r]! : null,
            concealedCount: trusted ? tilesAt(s, 'rack', i, r).length : null,
            exposed,
            dead: rs.dead,
            deadReason: rs.deadReason,
            mahJongg: rs.mahJongg
              ? { lineId: rs.mahJongg.lineId, lineText: rs.mahJongg.lineText, value: rs.mahJongg.value, jokerless: rs.mahJongg.jokerless, order: rs.mahJongg.order }
              : null,
          };
        });
        return {
          index: i,
          name: p.name,
          seat: p.seat,
          count: racks.every((r) => r.count !== null) ? playerCount(s, i) : null,
          racks,
        };
      }),
      walls: this.table.wallOrder.map((w) => ({ wall: w, left: left[w] ?? 0, current: w === current })),
      discards: s.discards.map(kindOf),
      flags: s.flags.map((f) => ({
        id: f.id,
        kind: f.kind,
        rule: f.rule,
        title: f.title,
        player: f.player,
        rack: f.rack,
        at: f.at,
        status: f.status,
        consequence: f.consequence,
      })),
      score: scoreView(s, this.table, this.referee.lowestCardValue),
      readers: statuses,
      updatedAt: this.events.at(-1)?.at ?? 0,
    };
  }

  directorView(): DirectorTableView {
    const s = this.state;
    const names = this.table.players.map((p) => p.name);
    const describe = (z: ZoneKey | null) => (z === null ? 'first seen' : `${describePlace(this.places.get(z) ?? null, names)} (${z})`);
    const evidence: FlagEvidence[] = s.flags.map((f) => {
      const events = f.evidence.refs.map((r) => this.bySeq.get(Number(r))).filter((e): e is StoredEvent => !!e);
      // the moves of the turn that led to the flag: the referenced event and the moves just before it
      const last = events.at(-1)?.seq ?? 0;
      const moves = this.events
        .filter((e) => e.type === 'tile-moved' && e.seq <= last)
        .slice(-6) as (StoredEvent & { data: TileMovedData })[];
      const lineIds = moves.flatMap((m) => m.data.lines);
      return {
        flagId: f.id,
        tiles: moves.map((m) => ({ tile: m.data.tile, tag: m.data.tag, from: describe(m.data.from), to: describe(m.data.to), at: m.at })),
        counts: f.evidence.counts,
        lines: this.store.rawLines(lineIds).map((l) => ({ reader: l.reader ?? '?', at: l.at, line: l.line })),
      };
    });
    return {
      ...this.publicView(),
      concealed: s.players.map((_, i) => Array.from({ length: this.table.racksPerPlayer }, (_, r) => tilesAt(s, 'rack', i, r))),
      evidence,
      weakTags: this.tracker.weakTags(this.now()).map((w) => ({
        tile: w.tile,
        zone: w.zone,
        where: describePlace(this.places.get(w.zone) ?? null, names),
        flickers: w.flickers,
        lastAt: w.lastAt,
      })),
    };
  }

  /**
   * One seat's private view (hub/api/seat-view.ts): the public view plus this player's own tiles
   * inside their racks, and practice help when the table config has `practiceHelp: true`.
   * @throws RangeError when `player` is not a player of this table
   */
  seatView(player: number): SeatView {
    const racks = Array.from({ length: this.table.racksPerPlayer }, (_, r) => tilesAt(this.state, 'rack', player, r));
    return buildSeatView(this.publicView(), player, racks, this.table.practiceHelp ? this.cards : null);
  }

  /** Stops timers (the log is the store's to close). */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
  }
}
