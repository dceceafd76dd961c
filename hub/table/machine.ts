/**
 * The machinery every live table shares, whatever game it plays (the Royale Siamese table,
 * ./engine.ts, seed 003; the standard 4-player table, ./standard/engine.ts, seed 000):
 *
 * - reads in: zone snapshots and deltas go to the tile tracker (hub/tracking/tracker.ts); a reader
 *   that went offline or rebooted leaves a gap on its zones, and the first snapshot of each zone
 *   after it reconciles what the hub missed (the `tile-moved` event carries the window);
 * - the tick: settled moves and due count checks are appended to the event log in the order they
 *   happened (a move waits while a tile that left earlier is still in a hand);
 * - the fold: every view is rebuilt from the log (after a restart, and after each director ruling
 *   from the checkpoint where the ruled game began);
 *   the game's own part of the fold (inference, referee, scoring) is the variant's
 *   ({@link TableMachine.resetFold}, {@link TableMachine.foldEvent});
 * - director rulings (an event in the log, then the ruled game folded again) and entries;
 * - publishing: a change reaches the views once the log holds it (./publish.ts);
 * - the pieces of the views every table builds the same way: reader trust, flag evidence, weak
 *   tags, and each seat's private view with the practice help where the table allows it.
 *
 * Event types of a table's log:
 * - `tile-moved` {@link TileMovedData} (at = when the tile came to rest)
 * - `count-check` {@link CountCheckData} (a turn boundary has settled)
 * - `readers-heard` `{}`: every zone is heard again after a reader was not, and what it missed has
 *   been reconciled from its first snapshot ({@link RECENT_GAP_MS} after the last gap closed): the
 *   judgments that waited for it are made (the Siamese referee's deferred picks)
 * - `director-ruling` {@link RulingData}
 * - `director-entry` `{ entry, player, rack, by }`: what no reader can witness (the variant's)
 * - `game-stopped` {@link GameStoppedData}: the first move after a game ended (the table is being
 *   cleared for the next game): from there on that game is over whatever a later ruling says
 * - `restart-check`, `restart-ruling`: a game in play when the hub restarted (./restart-check.ts)
 *
 * Game boundaries and rulings: a ruling changes the fold of its own game, so a flag dismissed after it
 * ended a game would let that game play on with the moves that came after it (the clearing of the
 * table, the next game's build and deal). The `game-stopped` event fixes the boundary in the log:
 * the fold ends the game there (as it stood: {@link STOPPED_REASON}) if a ruling has undone its
 * end, and the moves after it stay in the next game. A ruling before any tile has moved since the
 * end may reopen the game (the players are still waiting for the director). The flags of an earlier
 * game stay listed while they await the director, and a ruling on one re-scores that game only.
 *
 * The cost of a ruling: the fold keeps a checkpoint where each game began ({@link FoldCheckpoint}),
 * so a ruling on a flag of game N folds again from game N's checkpoint only. When game N is an
 * earlier game, the fold stops where game N + 1 began: if the next game begins there exactly as it
 * did (it does when the ruled game's end stands in the log, `game-stopped`), the later games are
 * kept as they are and only game N's record in them is replaced; otherwise the fold goes on to the
 * end of the log. Either way the result is the fold of the whole log (docs/ruling-cost.md).
 */
import type { Card } from '../../rules/card/types.js';
import type { TileId } from '../../rules/tiles.js';
import { describePlace, type Place } from '../../rules/referee/places.js';
import type { TableConfig } from '../config/types.js';
import type { DirectorTableView, FlagEvidence, FlagStatus, PublicTableView, ReaderStatus, SeatView } from '../api/views.js';
import { RulingError, type AnyDirectorEntry, type TableRuntime } from '../api/runtime.js';
import { buildSeatView } from '../api/seat-view.js';
import type { GameRecord, RecordCard, RecordRuling } from '../../rules/record/game-record.js';
import type { EventStore, StoredEvent } from '../store/types.js';
import { Tracker, type SettledMove, type ZoneKey } from '../tracking/tracker.js';
import { zonePlaces } from './inference.js';
import { publishWhenDurable } from './publish.js';
import { RESTART_CHECK_MS, RESTART_CHOICES, RestartCheck, restartEndReason, type RestartCheckView, type RestartChoice, type RestartRulingData } from './restart-check.js';
import { statusText } from '../../rules/wording/flags.js';

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
  /**
   * readers the hub could not hear at the move's time (`at`): offline, rebooting or stale then,
   * or seen again only by a later snapshot. Set only when there are some. The Siamese referee
   * does not judge the exposures on their racks' tops at this move (003 rule 11: see
   * rules/referee/siamese.ts `checkExposures`)
   */
  unseen?: string[];
  /**
   * set when no line reported this move, only snapshots (its DEL and its ADD both lost): it happened
   * somewhere in this window (ms; see hub/tracking/tracker.ts `SettledMove.unreported`). Count checks
   * whose turn it overlaps skip the players of its readers ({@link RECENT_GAP_MS}), as for a gap
   */
  unreported?: { from: number; to: number };
  /**
   * on a move to the floor (a discard): the rack readers whose top had changed by deltas no snapshot
   * had confirmed yet ({@link UNCONFIRMED_TOP_MS}). Set only when there are some. The Siamese referee
   * does not judge the exposures on those tops at this discard, as for `unseen`, but at the next
   * turn boundary (003 rule 11: an exposure is judged whole)
   */
  unconfirmed?: string[];
  /**
   * on a move logged with `unseen` or `reconciled`, or before the `readers-heard` that follows a
   * reader not heard: when the tile left `from` (ms window: the exact
   * time when `from`'s reader saw it go, else the window it happened in). The referee judges what
   * depends on the order of moves (the current wall, 003 rule 20) from it, not from `at`
   */
  left?: { from: number; to: number };
}

/** Payload of a `game-stopped` event: the game (1-based) whose end stands from this point of the log. */
export interface GameStoppedData {
  gameNo: number;
}

/**
 * Why a game ended when its end was undone by a ruling made after the table was cleared for the
 * next game: it is scored as it stood when play stopped (the rules' scoring of a game not played
 * out: 003 rule 17 pays only the Mah Jonggs made; 000 gives an unfinished game zero).
 */
export const STOPPED_REASON = 'play stopped when the table was cleared for the next game; scored as it stood';

/** Payload of a `count-check` event. */
export interface CountCheckData {
  /** readers not trusted at the check (stale, unsynced, offline): their players are not checked */
  skipReaders: string[];
}

/**
 * Payload of a `director-ruling` event. The latest ruling on a flag stands: the fold uses it alone
 * (a director may change a ruling while the game is the current one).
 */
export interface RulingData {
  flagId: string;
  ruling: 'confirm' | 'dismiss';
  by: string;
  /**
   * with `confirm` on a wrong-wall flag where 003 rule 20 is silent (the flag's `deadRackChoice`):
   * the rack (index, 0 = rack 1) the director chose to die instead of the default
   */
  deadRack?: number;
  /** the ruling this one replaces, when the flag was already ruled on */
  changes?: { ruling: 'confirm' | 'dismiss'; deadRack?: number; by: string };
}

/** A flag as the ruling code needs it (see {@link TableMachine.rule}). */
export interface RulableFlag {
  id: string;
  status: string;
  /** e.g. `"wrong-wall"` */
  kind?: string;
  /** e.g. `"003 rule 20"` */
  rule?: string;
  /** the rack dead now, when the flag kills one */
  rack?: number | null;
  /** set when the rule leaves the dead hand to the director (003 rule 20 with no exposures) */
  deadRackChoice?: { default: number; racks: number[] };
}

/**
 * The fold as it stood right after the event a game began with (the Siamese build that put the
 * 152nd tile back in the walls, the standard deal): where a ruling on one of that game's flags
 * folds again from ({@link TableMachine.rule}).
 */
interface FoldCheckpoint<Fold> {
  /** the game that began */
  gameNo: number;
  /** index in the log (`events`) of the event it began with */
  index: number;
  /** the variant's fold ({@link TableMachine.saveFold}) */
  fold: Fold;
  /** the turn boundaries whose count check was still due (ms, as `pendingChecks`) */
  pending: number[];
  /** false when that event also raised a flag of the game (a ruling on it then folds the whole log) */
  clean: boolean;
}

/** The game a flag id names (`g<game>-…`, both referees), or null. */
function gameOfFlag(flagId: string): number | null {
  const m = /^g(\d+)-/.exec(flagId);
  return m ? Number(m[1]) : null;
}

/** What the engine needs from the reader side. */
export interface ReaderHealth {
  statuses(now: number): ReaderStatus[];
  untrusted(now: number): string[];
}

/** Options of any table engine. */
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
   * that area before it has moved; an area it does not name uses the table's `timing.settleMs`.
   * The Siamese engine adds its defaults (DEFAULT_SETTLE_BY_AREA in ./engine.ts).
   */
  settleByArea?: Partial<Record<Place['area'], number>>;
}

/** A reader silent this long before a new HELLO has rebooted (ms): its next snapshots are reconciled. */
export const REBOOT_SILENCE_MS = 1500;

/**
 * A count check skips the players of a reader the hub could not hear within this long (ms) before
 * the turn boundary (003 rule 18C is never judged from stale evidence): the moves it missed are
 * reconciled from its next snapshot, after moves the hub saw live, so the counts around the
 * reconnect are not yet in order. More than a rack's settle window plus a reader's snapshot period.
 */
export const RECENT_GAP_MS = 3000;

/**
 * A top of a rack changed by deltas no snapshot of it has confirmed since is not judged at a discard
 * for this long (ms) after its last delta (003 rule 11 is judged on exposures the hub saw whole: an
 * exposure's ADD lost with no sequence gap shows only in the zone's next snapshot). More than a
 * reader's snapshot period (2 s); bounded, because the hub must not rely on periodic snapshots
 * (PROTOCOL.md §7 rule 2): past it the top is judged on its deltas.
 */
export const UNCONFIRMED_TOP_MS = 2500;

/** How long (ms) a closed gap is remembered for {@link RECENT_GAP_MS} and moves' `unseen`. */
const GAP_MEMORY_MS = 60_000;

/** Reader states whose tiles are not counted on the views (the reader cannot say what it holds now). */
const UNTRUSTED_STATES: ReadonlySet<ReaderStatus['state']> = new Set(['offline', 'unsynced', 'reconnecting']);

/**
 * One live table: the shared machinery (see the module comment). A variant extends it with its own
 * fold and views, and calls {@link TableMachine.rebuild} at the end of its constructor (after its
 * own fields exist).
 */
export abstract class TableMachine<Fold = unknown> implements TableRuntime {
  readonly id: string;
  protected readonly table: TableConfig;
  protected readonly places: Map<ZoneKey, Place>;
  protected readonly tracker: Tracker;
  protected readonly store: EventStore;
  protected readonly readers: ReaderHealth;
  protected readonly now: () => number;
  protected readonly cards: Card[];
  /** the table's whole log, in order */
  protected events: StoredEvent[] = [];
  protected readonly bySeq = new Map<number, StoredEvent>();
  /** flag ids the director dismissed / confirmed (from the log) */
  protected readonly dismissed = new Set<string>();
  protected readonly confirmed = new Set<string>();
  /** flag id → the rack the director chose to die (003 rule 20 where the rule is silent; from the log) */
  protected readonly chosenDeadRacks = new Map<string, number>();
  /** flag id → the standing (latest) ruling on it and when it was made (ms; from the log) */
  private readonly rulings = new Map<string, RulingData & { at: number }>();
  /** games whose end stands in the log (`game-stopped`) */
  protected readonly stoppedGames = new Set<number>();
  /** the fold where each game began, oldest first (see {@link FoldCheckpoint}) */
  private checkpoints: FoldCheckpoint<Fold>[] = [];
  /** tag → the zone its latest logged move went to (what a fold restores in the tracker) */
  private readonly lastZone = new Map<string, ZoneKey>();
  /** when each turn boundary's count check falls due, less the settle time (ms) */
  private pendingChecks: number[] = [];
  /** settled moves waiting for an earlier move to settle (see tick) */
  private held: SettledMove[] = [];
  private readonly listeners = new Set<() => void>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private emitQueued = false;
  /** reader → its last message time (ms) at the previous status change or tick */
  private readonly lastMessage = new Map<string, number | null>();
  /** zone → when it was last heard from (ms) */
  private readonly lastHeard = new Map<ZoneKey, number>();
  /** zone → since when the hub has not seen it (its reader went offline or rebooted), until its next snapshot */
  private readonly gaps = new Map<ZoneKey, number>();
  /** gaps closed by a snapshot: reader, from, to (ms), kept {@link GAP_MEMORY_MS} */
  private readonly pastGaps: { reader: string; from: number; to: number }[] = [];
  /** readers of unreported moves logged (`TileMovedData.unreported`), with the window's end (ms), kept {@link GAP_MEMORY_MS} */
  private readonly unreported: { readers: string[]; to: number }[] = [];
  /** reader → its lost-line count (discarded + gaps) and state at the previous status change */
  private readonly lossSeen = new Map<string, { lost: number; state: ReaderStatus['state'] }>();
  /** a zone was not heard since the last `readers-heard` event (see the module comment) */
  private blind = false;
  /** top zone → times (ms) of its recent deltas and snapshots, oldest first (see {@link TableMachine.unconfirmedTops}) */
  private readonly topTimes = new Map<ZoneKey, { delta: number[]; snap: number[] }>();
  /** a game in play at start, until the readers show it as the log has it or the director chooses (./restart-check.ts); no move is logged meanwhile */
  private restartCheck: { check: RestartCheck; state: RestartCheckView['state'] } | null = null;
  private readonly registry: ReadonlyMap<string, TileId>;
  /** after a restart choice: no move is logged until the ended game has been published (its score reaches the tournament first) */
  private holdUntilPublished = false;

  /**
   * @param settleByArea settle windows per area (ms), or none: every zone settles in the table's
   *   `timing.settleMs`
   */
  protected constructor(opts: EngineOptions, settleByArea: Partial<Record<Place['area'], number>> | null) {
    this.id = opts.table.id;
    this.table = opts.table;
    this.cards = opts.cards;
    this.places = zonePlaces(opts.table);
    const settleMs = opts.table.timing.settleMs;
    this.tracker = new Tracker({
      settleMs,
      registry: opts.registry,
      ...(settleByArea ? { settleFor: (zone: ZoneKey) => settleByArea[this.places.get(zone)?.area ?? 'floor'] ?? settleMs } : {}),
    });
    this.store = opts.store;
    this.readers = opts.readers;
    this.now = opts.now ?? Date.now;
    this.registry = opts.registry;
  }

  // ------------------------------------------------------------------ the variant's part

  /** Forgets the game: a fresh referee and state before the log is folded again. */
  protected abstract resetFold(): void;
  /** Folds one event of the log into the game (tile moves, count checks, director entries). */
  protected abstract foldEvent(e: StoredEvent): void;
  /** The flags a director may rule on, with their status now: the current game's and the open flags of earlier games. */
  protected abstract rulableFlags(): readonly RulableFlag[];
  /** The current game's number when it has ended (its end may still be undone by a ruling), else null. */
  protected abstract endedGameNo(): number | null;
  /** One player's own tiles inside each of their racks (index = rack). */
  protected abstract concealedOf(player: number): TileId[][];
  /** @see TableRuntime.publicView */
  abstract publicView(): PublicTableView;
  /** Each flag's evidence for the director, in the order of the public view's flags (see {@link TableMachine.evidenceOf}). */
  protected abstract flagEvidence(): FlagEvidence[];
  /** @see TableRuntime.enter */
  abstract enter(entry: AnyDirectorEntry, by: string): void;
  /**
   * The game the fold has in play (dealing or playing: a restart then checks it, ./restart-check.ts),
   * or null (none begun, or the last one ended).
   */
  protected abstract gameInPlay(): number | null;
  /**
   * Folds a `restart-ruling`: when `ruling.gameNo` is the game in play, it ends with `endReason`
   * (the shared words, {@link restartEndReason}) and the score the variant gives `ruling.choice`
   * (score as it stood, replay, void; ./restart-check.ts); otherwise nothing changes.
   */
  protected abstract endByRestart(ruling: RestartRulingData, endReason: string, e: StoredEvent): void;
  /** The game the fold is in now (0 before the first game began). */
  protected abstract foldGameNo(): number;
  /**
   * The variant's fold as it stands now, as a value later folding does not change (what a
   * {@link FoldCheckpoint} keeps). Called where a game begins; must not copy every game before it.
   */
  protected abstract saveFold(): Fold;
  /** Puts the fold back as `saved` had it (`saved` stays as it is: it may be restored again). */
  protected abstract restoreFold(saved: Fold): void;
  /**
   * Whether two folds saved where the same game began go on alike: everything the later games fold
   * from is equal, whatever the records of the games before (checked after a ruling on an earlier game).
   */
  protected abstract sameGameStart(a: Fold, b: Fold): boolean;
  /**
   * `into` (a fold saved at or after the beginning of the game after `gameNo`) with game `gameNo`'s
   * record (its result, flags and what the views show of it) taken from `from` (a fold saved where
   * the next game began, after a ruling on a flag of game `gameNo`). Leaves both as they are.
   */
  protected abstract withGameRecord(gameNo: number, from: Fold, into: Fold): Fold;

  // ------------------------------------------------------------------ reads in

  /**
   * A full snapshot of a zone (`reader/zone`) at `at` (ms). The first snapshot of a zone after its
   * reader was offline or rebooted reconciles what the hub missed: its moves carry the window.
   * @param rssi protocol v1: each tag's signal strength (dBm, same order as `tags`, null for none);
   *   the tracker settles a strong read (≥ −65 dBm) on its short window (hub/tracking/tracker.ts)
   */
  snapshot(zone: ZoneKey, tags: readonly string[], at: number, line: number, rssi?: readonly (number | null)[]): void {
    const gap = this.gaps.get(zone);
    this.gaps.delete(zone);
    if (gap !== undefined) {
      this.pastGaps.push({ reader: zone.split('/')[0]!, from: gap, to: at });
      while (this.pastGaps.length && this.pastGaps[0]!.to < at - GAP_MEMORY_MS) this.pastGaps.shift();
    }
    this.lastHeard.set(zone, at);
    this.noteTop(zone, 'snap', at);
    this.tracker.snapshot(zone, tags, at, line, gap !== undefined ? { from: gap, to: at } : undefined, rssi);
    if (this.restartCheck?.state === 'checking') {
      this.restartCheck.check.snapshot(zone, tags, at);
      this.concludeRestartCheck(at);
    }
    this.schedule();
  }
  /**
   * A tag came into a zone at `at` (ms).
   * @param rssi protocol v1: the read's signal strength (dBm); undefined for a v0 reader
   */
  add(zone: ZoneKey, tag: string, at: number, line: number, rssi?: number): void {
    this.lastHeard.set(zone, at);
    this.noteTop(zone, 'delta', at);
    this.tracker.add(zone, tag, at, line, rssi);
    if (this.restartCheck?.state === 'checking') this.restartCheck.check.delta(zone, tag, true);
    this.schedule();
  }
  /** A tag left a zone. */
  remove(zone: ZoneKey, tag: string, at: number, line: number): void {
    this.lastHeard.set(zone, at);
    this.noteTop(zone, 'delta', at);
    this.tracker.remove(zone, tag, at, line);
    if (this.restartCheck?.state === 'checking') this.restartCheck.check.delta(zone, tag, false);
    this.schedule();
  }
  /**
   * A reader's status changed: views change. A reader now offline or reconnecting (unplugged), or
   * unsynced after a silence of {@link REBOOT_SILENCE_MS} (a new HELLO: a reboot), has a gap since
   * it was last heard: its zones' next snapshots are reconciled.
   */
  readerStatusChanged(): void {
    const now = this.now();
    const statuses = this.readers.statuses(now);
    // a line of a reader lost (a corrupted or cut line, a sequence gap) or a new HELLO: its zones'
    // pictures are incomplete until their next snapshots (hub/tracking/tracker.ts `setIncomplete`)
    let incomplete: Map<ZoneKey, number> | null = null;
    for (const r of statuses) {
      const lost = (r.discarded ?? 0) + (r.gaps ?? 0);
      const seen = this.lossSeen.get(r.id);
      this.lossSeen.set(r.id, { lost, state: r.state });
      if (!seen || (lost <= seen.lost && !(r.state === 'unsynced' && seen.state !== 'unsynced'))) continue;
      const cfg = this.table.readers.find((x) => x.id === r.id);
      for (const z of Object.keys(cfg?.zones ?? {})) (incomplete ??= new Map()).set(`${r.id}/${z}`, now);
    }
    if (incomplete) this.tracker.setIncomplete(incomplete);
    for (const r of statuses) {
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
    // zones the hub cannot hear now (a gap, or a stale reader): a tile one of them held that a
    // zone the hub hears reads now has left it (hub/tracking/tracker.ts `unseen`). Only changes go
    // to the tracker: this runs for every table on every stale refresh (hub/hub.ts), and in the
    // common case (every reader heard, none unseen before) it allocates nothing.
    const blind = this.tracker.unseenZones();
    let unseen: Map<ZoneKey, number | null> | null = null;
    for (const r of statuses) {
      const stale = r.state === 'stale';
      if (!stale && blind.size === 0 && this.gaps.size === 0) continue;
      const cfg = this.table.readers.find((x) => x.id === r.id);
      for (const z of Object.keys(cfg?.zones ?? {})) {
        const key = `${r.id}/${z}`;
        const since = this.gaps.get(key) ?? (stale ? (this.lastHeard.get(key) ?? null) : null);
        if (since === null ? blind.has(key) : !blind.has(key)) (unseen ??= new Map()).set(key, since);
      }
    }
    if (unseen) {
      this.tracker.setUnseen(unseen, now);
      this.schedule();
    }
    this.emit();
  }

  /**
   * Readers the hub could not hear at `from` or since (ms): an open gap, a gap closed at or
   * after `from`, or, `now`, not trusted (`also: 'untrusted'`, for count checks) or stale
   * (`also: 'stale'`, for moves: a reader not yet heard at all has no gap and names no move).
   * `until`: only gaps that began by then (a move's time).
   */
  protected unseenReaders(from: number, now: number, until = Infinity, also: 'untrusted' | 'stale' = 'untrusted'): string[] {
    const out = new Set(
      also === 'untrusted'
        ? this.readers.untrusted(now)
        : this.readers
            .statuses(now)
            .filter((r) => r.state === 'stale')
            .map((r) => r.id),
    );
    for (const [zone, since] of this.gaps) if (since <= until) out.add(zone.split('/')[0]!);
    for (const g of this.pastGaps) if (g.to >= from && g.from <= until) out.add(g.reader);
    return [...out].sort();
  }
  /** Keeps the time of a delta or a snapshot of a top zone (the last 10 s, at least the latest of each). */
  private noteTop(zone: ZoneKey, kind: 'delta' | 'snap', at: number): void {
    if (this.places.get(zone)?.area !== 'top') return;
    let times = this.topTimes.get(zone);
    if (!times) this.topTimes.set(zone, (times = { delta: [], snap: [] }));
    const list = times[kind];
    list.push(at);
    while (list.length > 1 && list[0]! < at - 10_000) list.shift();
  }

  /**
   * Rack readers whose top the hub had not seen whole at `t` (ms, when a discard began): its latest
   * delta came less than {@link UNCONFIRMED_TOP_MS} before `t` (or after it), and no snapshot of the
   * top came between that delta and `t`. A tile whose ADD there was lost (a missed read takes no
   * sequence number) shows only in the top's next snapshot, and a move a snapshot reveals after `t`
   * is logged after the discard.
   */
  protected unconfirmedTops(t: number): string[] {
    const out = new Set<string>();
    for (const [zone, times] of this.topTimes) {
      const delta = times.delta.at(-1);
      if (delta === undefined || delta < t - UNCONFIRMED_TOP_MS) continue;
      if (delta <= t && times.snap.some((s) => s >= delta && s <= t)) continue;
      out.add(zone.split('/')[0]!);
    }
    return [...out].sort();
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
    if (this.holdUntilPublished) return;
    if (this.restartCheck) {
      // a game in play at start: nothing is logged until the readers agree with the log or the director chooses
      this.concludeRestartCheck(now);
      if (this.restartCheck) return void this.schedule();
    }
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
    for (const item of items) {
      if (item.move) {
        const m = item.move;
        const data: TileMovedData = { tile: m.tile, tag: m.tag, from: m.from, to: m.to, lines: m.lines };
        const unseen = this.unseenReaders(m.at, now, m.at, 'stale');
        if (unseen.length) data.unseen = unseen;
        if (m.reconciled) data.reconciled = m.reconciled;
        // (also in the stretch before `readers-heard`: a tile picked into a rack while it was out
        // and discarded just after its replug, before its snapshot, names no reader)
        if (unseen.length || m.reconciled || this.blind) {
          const fromReader = m.from?.split('/')[0];
          const seenGo = fromReader !== undefined && !this.unseenReaders(m.leftAt, now, m.leftAt, 'stale').includes(fromReader);
          data.left = seenGo ? { from: m.leftAt, to: m.leftAt } : (m.reconciled ?? { from: m.leftAt, to: m.at });
        }
        if (m.unreported) {
          data.unreported = m.unreported;
          this.unreported.push({ readers: [...new Set([m.from, m.to].filter((z): z is ZoneKey => z !== null).map((z) => z.split('/')[0]!))], to: m.unreported.to });
          while (this.unreported.length && this.unreported[0]!.to < now - GAP_MEMORY_MS) this.unreported.shift();
        }
        if (this.places.get(m.to)?.area === 'floor') {
          const unconfirmed = this.unconfirmedTops(m.leftAt);
          if (unconfirmed.length) data.unconfirmed = unconfirmed;
        }
        // the first move after a game ended: the table is being cleared, that end now stands
        const ended = this.endedGameNo();
        if (ended !== null && !this.stoppedGames.has(ended)) {
          const stop: GameStoppedData = { gameNo: ended };
          this.stoppedGames.add(ended);
          this.record(this.store.append(this.id, 'game-stopped', m.at, stop));
        }
        this.record(this.store.append(this.id, 'tile-moved', m.at, data));
      } else {
        // a count is judged only from zones seen all through the turn: readers not heard since
        // RECENT_GAP_MS before the turn boundary are skipped too (their moves may be reconciled
        // after the boundary, out of order)
        // and so are the readers of a move no line reported (only snapshots saw it) whose window
        // ends then or later: its order among the moves seen live is not known
        const from = item.at - this.table.timing.countCheckMs - RECENT_GAP_MS;
        const skip = new Set(this.unseenReaders(from, now));
        for (const u of this.unreported) if (u.to >= from) for (const r of u.readers) skip.add(r);
        const data: CountCheckData = { skipReaders: [...skip].sort() };
        this.record(this.store.append(this.id, 'count-check', item.at, data));
      }
    }
    // every zone heard again, and the last gap closed long enough ago for its reconciled moves to
    // be in the log: the judgments that waited for it are made now
    const staleNow = this.readers.statuses(now).some((r) => r.state === 'stale');
    if (this.gaps.size > 0 || staleNow) this.blind = true;
    else if (this.blind && this.held.length === 0 && this.readers.untrusted(now).length === 0) {
      const lastClose = Math.max(0, ...this.pastGaps.map((g) => g.to));
      if (now - lastClose >= RECENT_GAP_MS) {
        this.blind = false;
        this.record(this.store.append(this.id, 'readers-heard', now, {}));
        this.emit();
      }
    }
    if (items.length) this.emit();
    this.schedule();
  }

  private schedule(): void {
    if (this.closed || this.holdUntilPublished) return;
    const settle = this.table.timing.settleMs;
    const now = this.now();
    if (this.restartCheck) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      const first = this.restartCheck.check.firstAt;
      if (this.restartCheck.state === 'checking' && first !== null) this.timer = setTimeout(() => this.tick(), Math.max(0, first + RESTART_CHECK_MS - now) + 1);
      return;
    }
    // a check already due but held behind a tile still in a hand waits for that tile's next
    // sighting (which calls schedule) or 100 ms, never a 1 ms poll
    const checks = this.pendingChecks.map((t) => (t + settle > now ? t + settle : now + 100));
    const candidates = [this.tracker.nextDue(), ...(this.held.length || this.blind ? [now + 100] : []), ...checks].filter((t): t is number => t !== null);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (candidates.length === 0) return;
    const wait = Math.max(0, Math.min(...candidates) - this.now());
    this.timer = setTimeout(() => this.tick(), wait + 1);
  }

  // ------------------------------------------------------------------ the fold

  /** Appends nothing: keeps an event the store just appended and folds it in. */
  protected record(e: StoredEvent): void {
    this.events.push(e);
    this.bySeq.set(e.seq, e);
    this.foldAt(this.events.length - 1, 'live');
  }

  /**
   * A turn boundary at `at` (ms), as the referee reported it: the tile counts are checked
   * `timing.countCheckMs` later, once that has settled (003 rule 18C; 000: 13 off turn, 14 on).
   */
  protected turnBoundary(at: number): void {
    this.pendingChecks.push(at + this.table.timing.countCheckMs);
  }

  /**
   * Folds one event of the log. `rebuild`: the whole log is folded again (each move is restored in
   * the tracker); `refold`: part of it, after a ruling (the tracker is restored once at the end).
   */
  private applyEvent(e: StoredEvent, mode: 'live' | 'rebuild' | 'refold'): void {
    if (e.type === 'tile-moved') {
      const d = e.data as TileMovedData;
      this.lastZone.set(d.tag, d.to);
      if (mode === 'rebuild') this.tracker.restore(d.tag, d.to);
    } else if (e.type === 'count-check') {
      this.pendingChecks = this.pendingChecks.filter((t) => t > e.at);
    } else if (e.type === 'restart-ruling') {
      const d = e.data as RestartRulingData;
      return this.endByRestart(d, restartEndReason(d.choice, d.by), e);
    }
    this.foldEvent(e);
  }

  /** Folds the event at `index` of the log, and keeps a checkpoint when a game began with it. */
  private foldAt(index: number, mode: 'live' | 'rebuild' | 'refold'): void {
    const before = this.foldGameNo();
    this.applyEvent(this.events[index]!, mode);
    const gameNo = this.foldGameNo();
    if (gameNo === before) return;
    const clean = !this.rulableFlags().some((f) => gameOfFlag(f.id) === gameNo);
    this.checkpoints.push({ gameNo, index, fold: this.saveFold(), pending: [...this.pendingChecks], clean });
  }

  /** Re-folds the whole log (at start, after a restart choice, and after a ruling no checkpoint serves). */
  protected rebuild(): void {
    this.events = this.store.events(this.id);
    this.bySeq.clear();
    this.dismissed.clear();
    this.confirmed.clear();
    this.chosenDeadRacks.clear();
    this.rulings.clear();
    this.stoppedGames.clear();
    for (const e of this.events) {
      this.bySeq.set(e.seq, e);
      if (e.type === 'director-ruling') this.noteRuling(e);
      if (e.type === 'game-stopped') this.stoppedGames.add((e.data as GameStoppedData).gameNo);
    }
    this.pendingChecks = [];
    this.checkpoints = [];
    this.lastZone.clear();
    this.resetFold();
    for (let i = 0; i < this.events.length; i++) this.foldAt(i, 'rebuild');
  }

  /** A `director-ruling` event: the latest ruling on a flag stands (a changed ruling replaces the one before). */
  private noteRuling(e: StoredEvent): void {
    const d = e.data as RulingData;
    this.rulings.set(d.flagId, { ...d, at: e.at });
    this.dismissed.delete(d.flagId);
    this.confirmed.delete(d.flagId);
    this.chosenDeadRacks.delete(d.flagId);
    (d.ruling === 'dismiss' ? this.dismissed : this.confirmed).add(d.flagId);
    if (d.ruling === 'confirm' && typeof d.deadRack === 'number') this.chosenDeadRacks.set(d.flagId, d.deadRack);
  }

  /**
   * After a ruling (`e`, just appended) on a flag of game `gameNo`: the fold of the whole log with
   * that ruling, folding again from the checkpoint where game `gameNo` began (see the module
   * comment). A `director-ruling` event folds to nothing itself (its effect is the ruling sets).
   */
  private refoldForRuling(e: StoredEvent, gameNo: number | null): void {
    this.events.push(e);
    this.bySeq.set(e.seq, e);
    this.noteRuling(e);
    const cps = this.checkpoints;
    const at = cps.findIndex((c) => c.gameNo === gameNo);
    // the checkpoints are one a game, in order (else the whole log is folded again)
    const inOrder = cps.every((c, i) => i === 0 || (c.gameNo === cps[i - 1]!.gameNo + 1 && c.index > cps[i - 1]!.index));
    if (at < 0 || !cps[at]!.clean || !inOrder) return this.rebuild();
    const start = cps[at]!;
    const next = cps[at + 1];
    if (next && this.refoldOneGame(start, next, at)) return this.restoreTracker();
    this.restoreFold(start.fold);
    this.pendingChecks = [...start.pending];
    this.checkpoints.length = at + 1;
    for (let i = start.index + 1; i < this.events.length; i++) this.foldAt(i, 'refold');
    this.restoreTracker();
  }

  /**
   * Folds game `start.gameNo` again, up to and with the event the next game began with (`next`);
   * when the next game begins there as it did, the later games are kept and game
   * `start.gameNo`'s record in them replaced (returns true). Otherwise returns false, the fold
   * then to be folded again from `start` to the end of the log.
   */
  private refoldOneGame(start: FoldCheckpoint<Fold>, next: FoldCheckpoint<Fold>, at: number): boolean {
    const live = this.saveFold();
    const livePending = [...this.pendingChecks];
    this.restoreFold(start.fold);
    this.pendingChecks = [...start.pending];
    for (let i = start.index + 1; i <= next.index; i++) {
      this.applyEvent(this.events[i]!, 'refold');
      if (this.foldGameNo() !== start.gameNo && i < next.index) return false;
    }
    if (this.foldGameNo() !== next.gameNo || this.rulableFlags().some((f) => gameOfFlag(f.id) === next.gameNo)) return false;
    const begun = this.saveFold();
    if (!this.sameGameStart(next.fold, begun)) return false;
    // the turn boundaries of the ruled game whose count check is still due, before and now: after
    // `next`, each is dropped by the first count check at or after its time, as in a whole fold
    const before = next.pending;
    const now = [...this.pendingChecks];
    const swapped = (list: readonly number[], checkedTo: number): number[] => {
      const out = [...list];
      for (const t of before) {
        const k = t > checkedTo ? out.indexOf(t) : -1;
        if (k >= 0) out.splice(k, 1);
      }
      for (const t of now) if (t > checkedTo) out.push(t);
      return out;
    };
    const later = this.checkpoints.slice(at + 2);
    let checkedTo = -Infinity;
    let j = 0;
    for (let i = next.index + 1; i < this.events.length; i++) {
      const e = this.events[i]!;
      if (e.type === 'count-check') checkedTo = Math.max(checkedTo, e.at);
      const cp = later[j];
      if (cp && cp.index === i) {
        cp.fold = this.withGameRecord(start.gameNo, begun, cp.fold);
        cp.pending = swapped(cp.pending, checkedTo);
        j++;
      }
    }
    next.fold = begun;
    next.pending = now;
    this.restoreFold(this.withGameRecord(start.gameNo, begun, live));
    this.pendingChecks = swapped(livePending, checkedTo);
    return true;
  }

  /** Every logged tile where its latest move put it, in the tracker (as a whole fold leaves it). */
  private restoreTracker(): void {
    for (const [tag, zone] of this.lastZone) this.tracker.restore(tag, zone);
  }

  // ------------------------------------------------------------------ a restart mid-game

  /**
   * Called by the variant after its first fold: a game in play ({@link TableMachine.gameInPlay}) is
   * held (no move logged) until every zone's first snapshot shows the tiles where the log has
   * them, or the director chooses (./restart-check.ts).
   */
  protected beginRestartCheck(): void {
    const gameNo = this.gameInPlay();
    if (gameNo === null) return;
    const where = new Map<string, ZoneKey>();
    for (const e of this.events) if (e.type === 'tile-moved') where.set((e.data as TileMovedData).tag, (e.data as TileMovedData).to);
    const expected = new Map<ZoneKey, Set<string>>();
    for (const [tag, zone] of where) {
      let set = expected.get(zone);
      if (!set) expected.set(zone, (set = new Set()));
      set.add(tag);
    }
    const zones = this.table.readers.flatMap((r) => Object.keys(r.zones).map((z) => `${r.id}/${z}` as ZoneKey));
    const named = (tag: string): string => this.registry.get(tag) ?? tag;
    this.restartCheck = { check: new RestartCheck(gameNo, expected, zones, (tag) => this.registry.has(tag), named), state: 'checking' };
  }

  private concludeRestartCheck(now: number): void {
    const rc = this.restartCheck;
    if (!rc || rc.state !== 'checking') return;
    const result = rc.check.result(now);
    if (result === 'pending') return;
    this.store.append(this.id, 'restart-check', now, { gameNo: rc.check.gameNo, agreed: result === 'agrees', differences: [...rc.check.differences] });
    if (result === 'agrees') this.restartCheck = null;
    else rc.state = 'differs';
    this.emit();
  }

  /** The restart check for the director view, while there is one. */
  protected restartView(): RestartCheckView | undefined {
    const rc = this.restartCheck;
    return rc ? { gameNo: rc.check.gameNo, state: rc.state, differences: [...rc.check.differences], choices: RESTART_CHOICES } : undefined;
  }

  /**
   * The director's choice for the game the readers did not show as the log had it at the restart
   * (./restart-check.ts): a `restart-ruling` event, the log folded again (the game ends: scored as
   * it stood, void, or to be replayed), then the moves since are logged from the readers as they are.
   * @throws RulingError 409 when no game of this table waits for that choice; 400 for another choice
   */
  restartChoice(choice: RestartChoice, by: string): void {
    const rc = this.restartCheck;
    if (!rc || rc.state !== 'differs') throw new RulingError(409, `no game of table '${this.id}' waits for a restart decision`);
    if (!RESTART_CHOICES.includes(choice)) throw new RulingError(400, `a restart choice is ${RESTART_CHOICES.join(', ')}, not ${JSON.stringify(choice)}`);
    const data: RestartRulingData = { gameNo: rc.check.gameNo, choice, by };
    this.store.append(this.id, 'restart-ruling', this.now(), data);
    this.restartCheck = null;
    this.rebuild();
    this.emit();
    // the moves since (the readers as they are now) follow once every listener has seen the game end
    this.holdUntilPublished = true;
    publishWhenDurable(this.store, () => {
      this.holdUntilPublished = false;
      this.schedule();
    });
  }

  // ------------------------------------------------------------------ director

  /**
   * A director's ruling on a flag of the current game, or on a flag of an earlier game still
   * awaiting the director: a `director-ruling` event, then the log is folded again from where the
   * flag's game began, as a fold of the whole log would have it (a
   * dismissed flag is re-applied with no consequence; a game whose end stands in the log,
   * `game-stopped`, is re-scored as it stood and never plays on). A flag already ruled on takes a
   * different ruling (a misclick undone): logged as a new event with `changes` (the one it
   * replaces); the latest ruling stands.
   * A ruling names the flag's state it was made on (`was`, default `awaiting-director`): two
   * directors ruling on one flag at once, the first ruling stands and the second is refused (409).
   * @param deadRack with `confirm` on a wrong-wall flag where 003 rule 20 is silent (no exposures:
   *   the flag's `deadRackChoice`): the rack (index, 0 = rack 1) that dies instead of the default
   * @param was the flag's status the director saw when ruling (to change a ruling: the standing one)
   * @throws RulingError 404 unknown flag; 409 a flag of an earlier game already ruled on (final); 400 a
   *   `deadRack` with a dismiss, on a flag whose rule names the hand, or not one of the flag's
   *   racks; 409 the flag is no longer `was` (ruled on meanwhile), or the same ruling as the
   *   standing one ("already confirmed", "already dismissed")
   */
  rule(flagId: string, ruling: 'confirm' | 'dismiss', by: string, deadRack?: number, was: FlagStatus = 'awaiting-director'): void {
    const flag = this.rulableFlags().find((f) => f.id === flagId);
    const ruled = this.rulings.get(flagId);
    if (!flag && ruled) {
      // a flag of an earlier game leaves the list once ruled on: that ruling is final
      const how = ruled.ruling === 'confirm' ? 'confirmed' : 'dismissed';
      throw new RulingError(409, `flag '${flagId}' was ${how} by ${ruled.by}; its game is over, so that ruling stands (the director corrects the score card if need be)`);
    }
    if (!flag) throw new RulingError(404, `unknown flag '${flagId}' on table '${this.id}' (only the current game's flags and the open flags of earlier games can be ruled on)`);
    const choice = flag.deadRackChoice;
    if (deadRack !== undefined) {
      if (ruling !== 'confirm') throw new RulingError(400, `deadRack goes only with a confirm, not with '${ruling}' (flag '${flagId}')`);
      if (!choice) {
        throw new RulingError(
          400,
          `flag '${flagId}' (${flag.kind ?? 'flag'}, ${flag.rule ?? 'no rule'}) leaves the director no choice of the dead hand: only a wrong-wall flag where 003 rule 20 is silent (no exposures on either rack) does`,
        );
      }
      if (!choice.racks.includes(deadRack)) {
        throw new RulingError(
          400,
          `deadRack ${deadRack} is not a rack that can die for flag '${flagId}': choose ${choice.racks.join(' or ')} (${choice.racks.map((r) => `rack ${r + 1}`).join(' or ')})`,
        );
      }
    }
    // the rack a ruling kills on a flag with a choice (a confirm with no deadRack: the default)
    const dies = (r: { ruling: string; deadRack?: number }) => (r.ruling === 'confirm' && choice ? (r.deadRack ?? choice.default) : null);
    const standing = this.rulings.get(flagId);
    if (standing && standing.ruling === ruling && dies(standing) === dies({ ruling, deadRack })) {
      const rackText = dies(standing) !== null ? ` with rack ${dies(standing)! + 1} dead` : '';
      throw new RulingError(409, `flag '${flagId}' was already ${ruling === 'confirm' ? 'confirmed' : 'dismissed'}${rackText} by ${standing.by}`);
    }
    if (flag.status !== was) {
      // ruled on by someone else since this director looked: the first ruling stands
      const saw = statusText(was);
      const how = standing ? `was ${flag.status} by ${standing.by} meanwhile` : `is ${flag.status}`;
      throw new RulingError(409, `flag '${flagId}' ${how}: this ruling was made on it ${saw}. Look at the flag again; to change that ruling, rule with was: '${flag.status}'`);
    }
    const data: RulingData = {
      flagId,
      ruling,
      by,
      ...(deadRack !== undefined ? { deadRack } : {}),
      ...(standing ? { changes: { ruling: standing.ruling, ...(standing.deadRack !== undefined ? { deadRack: standing.deadRack } : {}), by: standing.by } } : {}),
    };
    this.refoldForRuling(this.store.append(this.id, 'director-ruling', this.now(), data), gameOfFlag(flagId));
    this.emit();
  }

  /** @see TableRuntime.latestRulingOf: the latest director's ruling on a flag of game `gameNo` (flag ids are `g<game>-…`), or null. */
  latestRulingOf(gameNo: number): { flagId: string; ruling: 'confirm' | 'dismiss'; by: string; at: number } | null {
    let out: { flagId: string; ruling: 'confirm' | 'dismiss'; by: string; at: number } | null = null;
    for (const [flagId, r] of this.rulings) if (flagId.startsWith(`g${gameNo}-`) && (!out || r.at >= out.at)) out = { flagId, ruling: r.ruling, by: r.by, at: r.at };
    return out;
  }

  /**
   * The game record of game `gameNo` of this table (rules/GAME-RECORD.md): the referee's actions as
   * the fold took them, the director's entries and standing rulings; null for a game not begun.
   * A record holds every concealed tile: only the director's route serves it.
   * @throws Error when a card of the table was not read from a file (no hash to name it by)
   */
  abstract gameRecord(gameNo: number): GameRecord | null;

  /** The table's cards as a record names them: id and the SHA-256 of the file text. @throws Error for a card with no hash */
  protected recordCards(): RecordCard[] {
    return this.cards.map((c) => {
      if (!c.sha256) throw new Error(`card '${c.id}' of table '${this.id}' was not read from a file: a game record cannot name it by its hash`);
      return { id: c.id, sha256: c.sha256 };
    });
  }

  /** The standing ruling (the latest) on each flag of game `gameNo` (flag ids `g<game>-…`), in the order they were made. */
  protected recordRulings(gameNo: number): { ruling: RecordRuling }[] {
    return [...this.rulings]
      .filter(([flagId]) => flagId.startsWith(`g${gameNo}-`))
      .map(([flagId, r]) => ({ ruling: { flagId, ruling: r.ruling, ...(r.deadRack !== undefined ? { deadRack: r.deadRack } : {}), by: r.by, at: r.at } }))
      .sort((a, b) => a.ruling.at - b.ruling.at);
  }

  /** Appends a checked director entry (`director-entry`, at now), folds it in and publishes. */
  protected logEntry(data: { entry: string; player: number; rack: number; by: string; [more: string]: unknown }): void {
    this.record(this.store.append(this.id, 'director-entry', this.now(), data));
    this.emit();
  }

  // ------------------------------------------------------------------ views out

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Publishes a change once it is durable (./publish.ts): no view ever shows what a crash could
   * lose. Several changes in one event-loop turn are published once.
   */
  protected emit(): void {
    if (this.emitQueued) return;
    this.emitQueued = true;
    publishWhenDurable(this.store, () => {
      this.emitQueued = false;
      for (const l of this.listeners) l();
    });
  }

  /** Readers whose tiles the views do not count now (offline, unsynced or reconnecting). */
  protected untrustedReaders(statuses: readonly ReaderStatus[]): Set<string> {
    return new Set(statuses.filter((r) => UNTRUSTED_STATES.has(r.state)).map((r) => r.id));
  }

  /** The reader under `player`'s rack `rack` (its inside or its top), if the config has one. */
  protected readerOfRack(player: number, rack: number): string | undefined {
    return this.table.readers.find((r) => Object.values(r.zones).some((z) => (z.area === 'rack' || z.area === 'top') && z.player === player && z.rack === rack))?.id;
  }

  /**
   * A flag's evidence for the director: the moves of the turn that led to it (the event `lastSeq`
   * and the 5 moves before it), described by place, and their raw reader lines.
   * @param counts the tile counts to show, per player and rack
   */
  protected evidenceOf(flagId: string, lastSeq: number, counts: number[][]): FlagEvidence {
    const names = this.table.players.map((p) => p.name);
    const describe = (z: ZoneKey | null) => (z === null ? 'first seen' : `${describePlace(this.places.get(z) ?? null, names)} (${z})`);
    const moves = this.events.filter((e) => e.type === 'tile-moved' && e.seq <= lastSeq).slice(-6) as (StoredEvent & { data: TileMovedData })[];
    return {
      flagId,
      tiles: moves.map((m) => ({ tile: m.data.tile, tag: m.data.tag, from: describe(m.data.from), to: describe(m.data.to), at: m.at })),
      counts,
      lines: this.store.rawLines(moves.flatMap((m) => m.data.lines)).map((l) => ({ reader: l.reader ?? '?', at: l.at, line: l.line })),
    };
  }

  /**
   * The director view: the public view plus every concealed tile, each flag's evidence
   * ({@link TableMachine.flagEvidence}) and the weak tags (a tag that flickered 3 times in a zone
   * within a minute: the tile and where).
   */
  directorView(): DirectorTableView {
    const names = this.table.players.map((p) => p.name);
    const unplaced = this.unplacedMoves();
    const notSeen = this.notSeenMoves();
    return {
      ...this.publicView(),
      concealed: this.table.players.map((_, i) => this.concealedOf(i)),
      evidence: this.flagEvidence(),
      weakTags: this.tracker.weakTags(this.now()).map((w) => ({
        tile: w.tile,
        zone: w.zone,
        where: describePlace(this.places.get(w.zone) ?? null, names),
        flickers: w.flickers,
        lastAt: w.lastAt,
      })),
      ...(unplaced.length ? { unplaced } : {}),
      ...(notSeen.length ? { notSeen } : {}),
      ...(this.restartCheck ? { restart: this.restartView()! } : {}),
    };
  }

  /**
   * What the current game's referee could not judge because a reader was not heard, for the
   * director view's `notSeen` list (oldest first). None by default.
   */
  protected notSeenMoves(): NonNullable<DirectorTableView['notSeen']> {
    return [];
  }

  /**
   * Moves of the current game the referee refused, for the director view's `unplaced` list
   * (oldest first). None by default: the Siamese referee takes every move it is given.
   */
  protected unplacedMoves(): NonNullable<DirectorTableView['unplaced']> {
    return [];
  }

  /**
   * One seat's private view (hub/api/seat-view.ts): the public view plus this player's own tiles
   * inside their racks, and practice help (how far each card line is, rules/howfar.ts) when the
   * table config has `practiceHelp: true`.
   * @throws RangeError when `player` is not a player of this table
   */
  seatView(player: number): SeatView {
    const pub = this.publicView();
    if (!pub.players[player]) throw new RangeError(`table '${this.id}' has no player ${player} (players 0-${pub.players.length - 1})`);
    return buildSeatView(pub, player, this.concealedOf(player), this.table.practiceHelp ? this.cards : null);
  }

  /** Stops timers (the log is the store's to close). */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
  }
}
