/**
 * The machinery every live table shares, whatever game it plays (./engine.ts `TableEngine`: the
 * Royale Siamese table, 003; the standard 4-player table, 000):
 *
 * - reads in: zone snapshots and deltas go to the tile tracker (hub/tracking/tracker.ts); a reader
 *   that went offline or rebooted leaves a gap on its zones, and the first snapshot of each zone
 *   after it reconciles what the hub missed (the `tile-moved` event carries the window);
 * - the tick: settled moves and due count checks are appended to the event log in the order they
 *   happened (a move waits while a tile that left earlier is still in a hand);
 * - the fold: every view is rebuilt from the log (after a restart, and after each director ruling
 *   from the checkpoint where the ruled game began);
 *   the game's own part of the fold (the move layer, the rules engine, the views) is the table
 *   engine's ({@link TableMachine.resetFold}, {@link TableMachine.foldEvent}: ./engine.ts);
 * - director rulings (an event in the log, then the ruled game folded again) and entries;
 * - publishing: a change reaches the views once the log holds it (./publish.ts);
 * - the pieces of the views every table builds the same way: reader trust, flag evidence, weak
 *   tags, and each seat's private view with the practice help where the table allows it.
 *
 * Event types of a table's log:
 * - `tile-moved` {@link TileMovedData} (at = when the tile came to rest)
 * - `count-check` {@link CountCheckData} (a turn boundary has settled; or, with `only`, the count of
 *   players that waited on a tile not seen, ./machine/not-seen.ts)
 * - `not-seen-closed` {@link NotSeenClosedData}: the director closed the notice of a tile not seen
 * - `readers-heard` `{}`: every zone is heard again after a reader was not, and what it missed has
 *   been reconciled from its first snapshot (`RECENT_GAP_MS`, ./machine/visibility.ts, after the last gap closed): the
 *   judgments that waited for it are made (the Siamese referee's deferred picks)
 * - `director-ruling` `RulingData` (./machine/rulings.ts)
 * - `director-entry` `{ entry, player, rack, by }`: what no reader can witness (the variant's)
 * - `game-stopped` {@link GameStoppedData}: the first move after a game ended (the table is being
 *   cleared for the next game): from there on that game is over whatever a later ruling says
 * - `restart-check`, `restart-ruling`: a game in play when the hub restarted (./restart-check.ts)
 * - `move-correction` `MoveCorrectionData` and `tag-corrected` `TagCorrectedData`: the director
 *   corrected what the readers saw of a committed move (./machine/corrections.ts); the fold reads
 *   every move with the corrections standing, from where the move's game began
 *
 * Game boundaries and rulings: a ruling changes the fold of its own game, so a flag dismissed after it
 * ended a game would let that game play on with the moves that came after it (the clearing of the
 * table, the next game's build and deal). The `game-stopped` event fixes the boundary in the log:
 * the fold ends the game there (as it stood: `STOPPED_REASON`, ./machine/events.ts) if a ruling has undone its
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
 *
 * This file is the coordinator; each job is its own module under hub/table/machine/: events.ts (the
 * payloads of the table's own events), visibility.ts (what the readers let the hub hear: gaps,
 * unseen and unconfirmed readers, `readers-heard`), ordering.ts (moves and count checks into the
 * log in the order they happened), rulings.ts (the ruling log and the checks of a new ruling),
 * checkpoints.ts (the per-game fold checkpoints and the refold after a ruling), views.ts (the view
 * pieces every table builds the same way), not-seen.ts (tiles not seen: the director's notices and
 * the count checks that wait on them), offline-changes.ts (what changed while a reader was offline,
 * for the director's `notSeen` list).
 */
import type { Card } from '../../rules/card/types.js';
import type { TileId } from '../../rules/tiles.js';
import type { Place } from '../../rules/game/places.js';
import type { GameState } from '../../rules/game/state.js';
import type { TableConfig } from '../config/types.js';
import type { DirectorTableView, FlagEvidence, FlagStatus, PublicTableView, ReaderStatus, SeatView } from '../api/views.js';
import { RulingError, type AnyDirectorEntry, type TableRuntime, type TileMoveLog } from '../api/runtime.js';
import type { LoggedTileMove, RackOwner } from '../broadcast/delayed-hands.js';
import type { GameRecord, RecordCard, RecordCorrection, RecordRuling } from '../../rules/record/game-record.js';
import type { EventStore, StoredEvent } from '../store/types.js';
import { STRONG_SETTLE_MS, Tracker, type SettledMove, type ZoneKey } from '../tracking/tracker.js';
import { zonePlaces } from './moves/zones.js';
import { captureFromLog } from '../capture/export.js';
import { replaySteps, type Replay } from '../record/replay-steps.js';
import type { Capture } from '../capture/format.js';
import { type FoldCheckpoint, FoldCheckpoints } from './machine/checkpoints.js';
import type { CountCheckData, GameStoppedData, TileMovedData } from './machine/events.js';
import { nextTickAt, orderForLog } from './machine/ordering.js';
import { gameOfFlag, type LatestRuling, type RulableFlag, RulingLog } from './machine/rulings.js';
import { evidenceOf, moveList, readerOfRack, seatViewOf, untrustedReaders, weakTagViews } from './machine/views.js';
import { type ReaderHealth, ReaderVisibility } from './machine/visibility.js';
import { type NotSeenClosedData, NotSeenNotices } from './machine/not-seen.js';
import { offlineChanges } from './machine/offline-changes.js';
import { CorrectionRefused, type CorrectionRequest, correctionViews, MoveCorrections, type NotedCorrection, type TagCorrectedData } from './machine/corrections.js';
import { publishWhenDurable } from './publish.js';
import { RESTART_CHECK_MS, RESTART_CHOICES, RestartCheck, restartEndReason, type RestartCheckView, type RestartChoice, type RestartRulingData } from './restart-check.js';

export type { FoldCheckpoint } from './machine/checkpoints.js';
export { type CountCheckData, type GameStoppedData, STOPPED_REASON, type TileMovedData } from './machine/events.js';
export type { RulableFlag, RulingData } from './machine/rulings.js';
export type { CorrectionRequest, MoveCorrectionData, NotedCorrection, TagCorrectedData } from './machine/corrections.js';
export { type CountWait, countCheckSkips, type NotSeenClosedData } from './machine/not-seen.js';
export { REBOOT_SILENCE_MS, RECENT_GAP_MS, type ReaderHealth, UNCONFIRMED_TOP_MS } from './machine/visibility.js';

/** Where the log leaves a table: {@link TableMachine.loggedTable}. */
export interface LoggedTable {
  /** the game the fold is in (1-based; 0 before the first game began) */
  gameNo: number;
  /** that game is dealing or playing */
  inPlay: boolean;
  /** that game is over (its end may still be undone by a ruling) */
  ended: boolean;
  /** tile → the zone (`reader/zone`) its latest logged move put it in */
  tiles: Map<TileId, ZoneKey>;
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
   * The Siamese table adds its defaults (DEFAULT_SETTLE_BY_AREA in ./siamese/variant.ts).
   */
  settleByArea?: Partial<Record<Place['area'], number>>;
  /**
   * the settle window (ms) of a move backed by a strong read (v1 rssi), in every zone whose own
   * window is not shorter (default the tracker's STRONG_SETTLE_MS); `npm run measure:noise
   * -- --strong-window` tries others
   */
  strongSettleMs?: number;
}

/**
 * One live table: the shared machinery (see the module comment). The table engine (./engine.ts)
 * extends it with the fold through the rules engine and the views, and calls {@link TableMachine.rebuild} at the end of its constructor (after its
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
  /** the director's standing rulings (from the log) */
  private readonly rulingLog = new RulingLog();
  /** while a new ruling is folded: the game the engine asked to fold again (its `refold`), else null */
  private refoldAsked: number | null = null;
  /** games whose end stands in the log (`game-stopped`) */
  protected readonly stoppedGames = new Set<number>();
  /** The game the fold has ended (not yet stopped for good), and whether a tile has moved since its end. */
  private afterEnd: { gameNo: number; moved: boolean } | null = null;
  /** the fold where each game began, oldest first (./machine/checkpoints.ts) */
  private readonly checkpoints = new FoldCheckpoints<Fold>({
    events: () => this.events,
    pending: () => this.pendingChecks,
    setPending: (pending) => {
      this.pendingChecks = pending;
    },
    foldGameNo: () => this.foldGameNo(),
    saveFold: () => this.saveFold(),
    restoreFold: (saved) => this.restoreFold(saved),
    sameGameStart: (a, b) => this.sameGameStart(a, b),
    withGameRecord: (gameNo, from, into) => this.withGameRecord(gameNo, from, into),
    applyEvent: (e) => this.applyEvent(e, 'refold'),
    foldAt: (index) => this.foldAt(index, 'refold'),
    hasFlagOf: (gameNo) => this.rulableFlags().some((f) => gameOfFlag(f.id) === gameNo),
    rebuild: () => this.rebuild(),
    restoreTracker: () => this.restoreTracker(),
    refoldOneGame: (start, next, at) => this.refoldOneGame(start, next, at),
  });
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
  /** what the readers let the hub hear (./machine/visibility.ts) */
  private readonly visibility: ReaderVisibility;
  /** tiles not seen, and the count checks that wait on them (./machine/not-seen.ts) */
  private readonly notices: NotSeenNotices;
  /** a game in play at start, until the readers show it as the log has it or the director chooses (./restart-check.ts); no move is logged meanwhile */
  private restartCheck: { check: RestartCheck; state: RestartCheckView['state'] } | null = null;
  /** tag UID → tile as the tile set was enrolled (the engine's options) */
  private readonly registry: ReadonlyMap<string, TileId>;
  /** tag UID → tile as it stands now: the enrolment with the log's `tag-corrected` events (what the tracker names tags by) */
  private readonly tagTiles: Map<string, TileId>;
  /** the director's corrections of committed moves (./machine/corrections.ts; from the log) */
  private readonly corrections = new MoveCorrections();
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
    const settleFor = (zone: ZoneKey) => (settleByArea ? (settleByArea[this.places.get(zone)?.area ?? 'floor'] ?? settleMs) : settleMs);
    const readers = opts.readers;
    this.tagTiles = new Map(opts.registry);
    this.tracker = new Tracker({
      settleMs,
      registry: this.tagTiles,
      ...(settleByArea ? { settleFor } : {}),
      // a strong read from a reader that debounces on board (its HELLO says `deb=N scan=ms`,
      // PROTOCOL.md §5.1) has already rested N scans on the antenna: it settles at once; every
      // other strong read waits the short window (`strongSettleMs`, default STRONG_SETTLE_MS, 200 ms, or the zone's
      // window when shorter). Weak reads and reads with no rssi keep the zone's window.
      strongSettleFor: (zone: ZoneKey) => (readers.onBoardDebounce?.(zone.slice(0, zone.indexOf('/'))) ? 0 : Math.min(opts.strongSettleMs ?? STRONG_SETTLE_MS, settleFor(zone))),
    });
    this.store = opts.store;
    this.readers = opts.readers;
    this.now = opts.now ?? Date.now;
    this.registry = opts.registry;
    this.visibility = new ReaderVisibility(this.table, this.places, this.tracker, this.readers);
    this.notices = new NotSeenNotices(this.table, this.places, this.tracker);
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
  /** The player whose turn was open when the game in the fold ended (rules/game/state.ts `turnOpenAtEnd`), or null. */
  protected abstract openTurnAtEnd(): number | null;
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
  /**
   * Puts the fold back as `saved` had it (`saved` stays as it is: it may be restored again), with
   * the director's rulings standing now ({@link TableMachine.standingRulings}) in its state.
   */
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

  /**
   * The director's standing rulings (the log's, the latest on a flag), as the engine's state holds
   * them (`GameState.rulings`, rules/game/state.ts): a fold begins with them, and a fold put back
   * at a checkpoint takes them again, so a ruled game is folded with its rulings from its start.
   */
  protected standingRulings(): GameState['rulings'] {
    return this.rulingLog.standing();
  }

  /** Whether `e` (a `director-ruling` event) is the ruling standing on its flag: the fold applies that one only (a later one replaces it). */
  protected rulingStands(e: StoredEvent): boolean {
    return this.rulingLog.stands(e);
  }

  /**
   * The variant's fold of a `director-ruling` event: the engine's `refold` (rules/game/apply.ts
   * `EngineResult`), the game whose outcome the ruling changed; {@link TableMachine.rule} then folds
   * that game again from its checkpoint. Ignored outside a new ruling (a whole or partial fold).
   */
  protected askRefold(gameNo: number | undefined): void {
    if (gameNo !== undefined) this.refoldAsked = gameNo;
  }

  // ------------------------------------------------------------------ reads in

  /**
   * A full snapshot of a zone (`reader/zone`) at `at` (ms). The first snapshot of a zone after its
   * reader was offline or rebooted reconciles what the hub missed: its moves carry the window.
   * @param rssi protocol v1: each tag's signal strength (dBm, same order as `tags`, null for none);
   *   the tracker settles a strong read (≥ −65 dBm) on its short window (hub/tracking/tracker.ts)
   */
  snapshot(zone: ZoneKey, tags: readonly string[], at: number, line: number, rssi?: readonly (number | null)[]): void {
    const gap = this.visibility.snapshotHeard(zone, at);
    this.tracker.snapshot(zone, tags, at, line, gap, rssi);
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
    this.visibility.deltaHeard(zone, at);
    this.tracker.add(zone, tag, at, line, rssi);
    if (this.restartCheck?.state === 'checking') this.restartCheck.check.delta(zone, tag, true);
    this.schedule();
  }
  /** A tag left a zone. */
  remove(zone: ZoneKey, tag: string, at: number, line: number): void {
    this.visibility.deltaHeard(zone, at);
    this.tracker.remove(zone, tag, at, line);
    if (this.restartCheck?.state === 'checking') this.restartCheck.check.delta(zone, tag, false);
    this.schedule();
  }
  /**
   * A reader's status changed: views change. A reader now offline or reconnecting (unplugged), or
   * unsynced after a silence of REBOOT_SILENCE_MS (a new HELLO: a reboot), has a gap since it was
   * last heard: its zones' next snapshots are reconciled (./machine/visibility.ts).
   */
  readerStatusChanged(): void {
    if (this.visibility.statusChanged(this.now())) this.schedule();
    this.emit();
  }

  /**
   * Readers the hub could not hear at `from` or since (ms): see ReaderVisibility.unseenReaders
   * (./machine/visibility.ts).
   */
  protected unseenReaders(from: number, now: number, until = Infinity, also: 'untrusted' | 'stale' = 'untrusted'): string[] {
    return this.visibility.unseenReaders(from, now, until, also);
  }

  /** Rack readers whose top the hub had not seen whole at `t` (ms): see ReaderVisibility.unconfirmedTops. */
  protected unconfirmedTops(t: number): string[] {
    return this.visibility.unconfirmedTops(t);
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

  /** Releases settled moves and due count checks into the log, in the order they happened (./machine/ordering.ts). */
  tick(): void {
    if (this.closed) return;
    const now = this.now();
    if (this.holdUntilPublished) return;
    if (this.restartCheck) {
      // a game in play at start: nothing is logged until the readers agree with the log or the director chooses
      this.concludeRestartCheck(now);
      if (this.restartCheck) return void this.schedule();
    }
    this.visibility.noteHeard(now);
    const settled = this.tracker.settle(now);
    const mark = this.tracker.watermark(now) ?? Infinity;
    const order = orderForLog(this.held, settled, this.pendingChecks, mark, now, this.table.timing.settleMs);
    this.held = order.held;
    this.pendingChecks = order.pending;
    for (const item of order.items) {
      if (item.move) {
        const m = item.move;
        // `logged`: the moment every view shows the move (the spectators' delayed hands count from it)
        const data: TileMovedData = { ...this.visibility.movedData(m, now), logged: now };
        // the first move after a game ended: the table is being cleared, that end now stands; but
        // not the discard that completes the turn the game ended in (a player who picked one tile
        // too many discards before anyone reads the flag: a dismissal still lets play go on)
        const ended = this.endedGameNo();
        if (ended !== null && !this.stoppedGames.has(ended) && !this.finishesTurnAtEnd(m, ended)) {
          const stop: GameStoppedData = { gameNo: ended };
          this.stoppedGames.add(ended);
          this.record(this.store.append(this.id, 'game-stopped', m.at, stop));
        }
        this.record(this.store.append(this.id, 'tile-moved', m.at, data));
      } else {
        const data: CountCheckData = { skipReaders: this.visibility.countSkip(item.at, now) };
        // a player whose rack last held a tile not seen: that count waits (./machine/not-seen.ts)
        const waiting = this.notices.wait();
        if (waiting.length) data.waiting = waiting;
        this.record(this.store.append(this.id, 'count-check', item.at, data));
      }
    }
    // a count that waited on a tile not seen: judged once the tile is seen again (and settled) or
    // its notice closed, when nothing else is moving
    const only = this.notices.due(this.held.length === 0 && mark > now && this.pendingChecks.length === 0);
    if (only.length) {
      const data: CountCheckData = { skipReaders: this.visibility.countSkip(now, now), only };
      this.record(this.store.append(this.id, 'count-check', now, data));
      this.emit();
    }
    // every zone heard again, and the last gap closed long enough ago for its reconciled moves to
    // be in the log: the judgments that waited for it are made now
    if (this.visibility.heardAgain(now, this.held.length)) {
      this.record(this.store.append(this.id, 'readers-heard', now, {}));
      this.emit();
    }
    if (order.items.length) this.emit();
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
    const next = nextTickAt(this.tracker.nextDue(), this.held.length > 0 || this.visibility.blind || this.notices.waiting, this.pendingChecks, now, settle);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (next === null) return;
    const wait = Math.max(0, next - this.now());
    this.timer = setTimeout(() => this.tick(), wait + 1);
  }

  // ------------------------------------------------------------------ the fold

  /**
   * Whether `m`, settling after game `ended` ended, is the discard that completes the turn the game
   * ended in: the first move since the end, from the rack of the player whose turn was open
   * ({@link TableMachine.openTurnAtEnd}) to the floor.
   */
  private finishesTurnAtEnd(m: SettledMove, ended: number): boolean {
    if (this.afterEnd?.gameNo !== ended || this.afterEnd.moved) return false;
    const player = this.openTurnAtEnd();
    const from = m.from === null ? undefined : this.places.get(m.from);
    return player !== null && from?.area === 'rack' && from.player === player && this.places.get(m.to)?.area === 'floor';
  }

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
      // the tracker keeps where the readers saw the tile; the fold reads the move as corrected
      this.lastZone.set(d.tag, d.to);
      if (mode === 'rebuild') this.tracker.restore(d.tag, d.to);
      if (!this.corrections.empty) {
        const read = this.movedData(e as StoredEvent & { data: TileMovedData });
        if (read !== d) return this.foldEvent({ ...e, data: read });
      }
    } else if (e.type === 'move-correction' || e.type === 'tag-corrected') {
      return; // read where each move is read (./machine/corrections.ts)
    } else if (e.type === 'count-check') {
      this.pendingChecks = this.pendingChecks.filter((t) => t > e.at);
    } else if (e.type === 'not-seen-closed') {
      this.notices.noteClosed(e.data as NotSeenClosedData);
    } else if (e.type === 'restart-ruling') {
      const d = e.data as RestartRulingData;
      return this.endByRestart(d, restartEndReason(d.choice, d.by), e);
    }
    this.foldEvent(e);
  }

  /** Folds the event at `index` of the log, and keeps a checkpoint when a game began with it. */
  private foldAt(index: number, mode: 'live' | 'rebuild' | 'refold'): void {
    const before = this.foldGameNo();
    const endedBefore = this.endedGameNo();
    const e = this.events[index]!;
    this.applyEvent(e, mode);
    const gameNo = this.foldGameNo();
    if (gameNo !== before) this.checkpoints.began(gameNo, index);
    const ended = this.endedGameNo();
    if (ended === null) this.afterEnd = null;
    else if (endedBefore !== ended || this.afterEnd?.gameNo !== ended) this.afterEnd = { gameNo: ended, moved: false };
    else if (e.type === 'tile-moved') this.afterEnd.moved = true;
  }

  /** Re-folds the whole log (at start, after a restart choice, and after a ruling no checkpoint serves). */
  protected rebuild(): void {
    this.events = this.store.events(this.id);
    this.bySeq.clear();
    this.rulingLog.clear();
    this.stoppedGames.clear();
    this.corrections.clear();
    this.tagTiles.clear();
    for (const [tag, tile] of this.registry) this.tagTiles.set(tag, tile);
    for (const e of this.events) {
      this.bySeq.set(e.seq, e);
      if (e.type === 'director-ruling') this.rulingLog.note(e);
      if (e.type === 'move-correction') this.corrections.note(e);
      if (e.type === 'tag-corrected') this.noteTagCorrected(e.data as TagCorrectedData);
      if (e.type === 'game-stopped') this.stoppedGames.add((e.data as GameStoppedData).gameNo);
    }
    this.pendingChecks = [];
    this.checkpoints.clear();
    this.lastZone.clear();
    this.notices.clear();
    this.resetFold();
    for (let i = 0; i < this.events.length; i++) this.foldAt(i, 'rebuild');
  }

  /**
   * Folds game `start.gameNo` again up to where the next game began, keeping the later games when
   * that game begins there as it did (./machine/checkpoints.ts): true when that path served.
   */
  private refoldOneGame(start: FoldCheckpoint<Fold>, next: FoldCheckpoint<Fold>, at: number): boolean {
    return this.checkpoints.refoldOneGame(start, next, at);
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
    const expected = new Map<ZoneKey, Set<string>>();
    for (const [tag, zone] of this.loggedZones()) {
      let set = expected.get(zone);
      if (!set) expected.set(zone, (set = new Set()));
      set.add(tag);
    }
    const zones = this.table.readers.flatMap((r) => Object.keys(r.zones).map((z) => `${r.id}/${z}` as ZoneKey));
    const named = (tag: string): string => this.tagTiles.get(tag) ?? tag;
    this.restartCheck = { check: new RestartCheck(gameNo, expected, zones, (tag) => this.tagTiles.has(tag), named), state: 'checking' };
  }

  /** tag → the zone the log's latest `tile-moved` of that tag put it in (every game of the log). */
  private loggedZones(): Map<string, ZoneKey> {
    const where = new Map<string, ZoneKey>();
    for (const e of this.events) if (e.type === 'tile-moved') where.set((e.data as TileMovedData).tag, (e.data as TileMovedData).to);
    return where;
  }

  /**
   * Where the log leaves the table (what a simulator resuming after a restart is checked against,
   * hub/simulator/state.ts): the game the fold is in (0 before the first), whether it is in play
   * (dealing or playing) or over, and each tile in the zone its latest logged move put it
   * (`reader/zone`). Director-only knowledge: it names concealed tiles.
   */
  loggedTable(): LoggedTable {
    const tiles = new Map<TileId, ZoneKey>();
    for (const [tag, zone] of this.loggedZones()) tiles.set(this.tagTiles.get(tag) ?? (tag as TileId), zone);
    const gameNo = this.foldGameNo();
    return { gameNo, inPlay: this.gameInPlay() !== null, ended: this.endedGameNo() === gameNo && gameNo > 0, tiles };
  }

  /**
   * True when nothing the readers showed is still to be logged: no move settling or held back, no
   * count check due (a tile in a hand is not pending: the log keeps it where it last settled).
   * `mjhub start` waits for it on Ctrl-C after the simulator has stopped playing, so the log and
   * the simulator's state file end at the same step.
   */
  quiet(): boolean {
    return this.held.length === 0 && this.pendingChecks.length === 0 && this.tracker.nextDue() === null;
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
   * awaiting the director: a `director-ruling` event, folded as the engine's `director-ruling`
   * action (recorded in the state's rulings). When the engine says the ruling changes an outcome
   * (`refold`), the log is folded again from where the flag's game began, with the rulings standing
   * in its state, as a fold of the whole log would have it (a dismissed flag is re-applied with no
   * consequence; a game whose end stands in the log, `game-stopped`, is re-scored as it stood and
   * never plays on); a confirm of a flag awaiting the director changes its status only. A flag already ruled on takes a
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
    const data = this.rulingLog.check(this.id, flag, flagId, ruling, by, deadRack, was);
    const e = this.store.append(this.id, 'director-ruling', this.now(), data);
    this.rulingLog.note(e);
    this.refoldAsked = null;
    this.record(e);
    const gameNo = this.refoldAsked;
    this.refoldAsked = null;
    if (gameNo !== null) this.checkpoints.refold(gameNo);
    this.emit();
  }

  /**
   * The director closes the notice of a tile not seen (`tile`, e.g. `5B#2`): a `not-seen-closed`
   * event. The tile counts where it last settled; a count check that waited on it is judged
   * (./machine/not-seen.ts). A later snapshot without it opens no new notice until a zone reads it.
   * @throws NoOpenNoticeError (hub/api/runtime.ts) when no notice of that tile is open
   */
  closeNotSeen(tile: string, by: string): void {
    const data = this.notices.close(tile, by);
    this.record(this.store.append(this.id, 'not-seen-closed', this.now(), data));
    this.emit();
    this.schedule();
  }

  /**
   * The director corrects what the readers saw of a committed move (`ref`, the sequence number of
   * its `tile-moved` event): a `place` (one end was another zone of the table) or a `tile` (the tag
   * stands for another tile; then a `tag-corrected` event: the tile set's enrolment as it stands
   * from here on, which the tracker uses for the next reads). A `move-correction` event, then the
   * log folded again from before the move's game (./machine/corrections.ts): every view, count,
   * flag and score follows, and the game's record has both the reading and the correction.
   * @param refuse says why the move's game (1-based; 0: before the first) may no longer be corrected
   *   (its score card signed), or null
   * @throws CorrectionRefused (./machine/corrections.ts; the API answers 404, 400, 409) no committed
   *   move `ref`; a zone not of the table, a tile that is not a tile, a `from` of a move first seen;
   *   the move already reads so, every copy of the kind is enrolled, or `refuse` says why
   */
  correct(ref: number, req: CorrectionRequest, by: string, refuse?: (gameNo: number) => string | null): NotedCorrection {
    const e = this.bySeq.get(ref);
    const index = e ? this.events.indexOf(e) : -1;
    const { gameNo, fromSeq } = this.gameOfMove(index);
    const data = this.corrections.check(
      {
        tableId: this.id,
        places: this.places,
        names: this.table.players.map((p) => p.name),
        tagTiles: this.tagTiles,
        event: (seq) => this.bySeq.get(seq),
        corrected: (m) => this.movedData(m),
      },
      ref,
      req,
      by,
      fromSeq,
    );
    const why = refuse?.(gameNo);
    if (why) throw new CorrectionRefused('conflict', why);
    const c = this.store.append(this.id, 'move-correction', this.now(), data);
    this.events.push(c);
    this.bySeq.set(c.seq, c);
    this.corrections.note(c);
    if (data.kind === 'tile') {
      const tags = [{ tag: data.tag, was: data.was, tile: data.tile }, ...(data.swap ? [data.swap] : [])];
      const tc: TagCorrectedData = { tags, correction: c.seq, by };
      const t = this.store.append(this.id, 'tag-corrected', this.now(), tc);
      this.events.push(t);
      this.bySeq.set(t.seq, t);
      this.noteTagCorrected(tc);
    }
    // the events read anew: a tile's from where its game began, a place's from the move itself
    const from = data.kind === 'tile' ? this.events.findIndex((x) => x.seq >= data.fromSeq) : index;
    this.checkpoints.refoldFrom(Math.max(0, from));
    this.emit();
    return { ...data, seq: c.seq, at: c.at };
  }

  /** The corrections of moves standing in the log, in the order made (the director's view). */
  protected correctionsMade(): readonly NotedCorrection[] {
    return this.corrections.list;
  }

  /** The corrections of moves of game `gameNo`, in the order made (its record's `correction` lines). */
  protected recordCorrections(gameNo: number): NotedCorrection[] {
    return this.corrections.list.filter((c) => {
      const e = this.bySeq.get(c.ref);
      return e !== undefined && this.gameOfMove(this.events.indexOf(e)).gameNo === gameNo;
    });
  }

  /**
   * The game a move at `index` of the log belongs to (1-based; 0 before the first, or -1 for no
   * index), and the sequence number from which a tile correction reads its tag anew: after the
   * previous game's `game-stopped` (its clearing and the build are this game's), else where the
   * game began, else the log's start.
   */
  private gameOfMove(index: number): { gameNo: number; fromSeq: number } {
    if (index < 0) return { gameNo: -1, fromSeq: 0 };
    const began = this.checkpoints.gameAt(index);
    const stoppedSeq = (g: number): number | undefined => this.events.find((x, i) => i <= index && x.type === 'game-stopped' && (x.data as GameStoppedData).gameNo === g)?.seq;
    // a move after its game's end stood: the table is being cleared for the next game
    const after = began > 0 ? stoppedSeq(began) : undefined;
    if (after !== undefined) return { gameNo: began + 1, fromSeq: after };
    const before = began > 1 ? stoppedSeq(began - 1) : undefined;
    // the build before the first game began is that game's
    if (before !== undefined || began <= 1) return { gameNo: Math.max(1, began), fromSeq: before ?? 0 };
    return { gameNo: began, fromSeq: this.events[this.checkpoints.startOf(began) ?? 0]?.seq ?? 0 };
  }

  /** A `tag-corrected` event: the tags are those tiles from now on (the tracker's map and its records). */
  private noteTagCorrected(d: TagCorrectedData): void {
    for (const t of d.tags) {
      this.tagTiles.set(t.tag, t.tile);
      this.tracker.retile(t.tag, t.tile);
    }
  }

  /** A `tile-moved` event's data as the fold reads it: the director's corrections standing applied (./machine/corrections.ts). */
  protected movedData(e: StoredEvent & { data: TileMovedData }): TileMovedData {
    return this.corrections.read(e, (tag, beforeSeq) => {
      for (let i = this.events.length - 1; i >= 0; i--) {
        const x = this.events[i]!;
        if (x.seq < beforeSeq && x.type === 'tile-moved' && (x.data as TileMovedData).tag === tag) return x as StoredEvent & { data: TileMovedData };
      }
      return undefined;
    });
  }

  /**
   * @see TableRuntime.latestRulingOf: the latest director's ruling on a flag of game `gameNo` (flag
   * ids are `g<game>-…`), or the latest correction of one of its moves when that came later
   * (named `move-correction <seq>`, as a confirm: it re-scores a recorded game the same way), or null.
   */
  latestRulingOf(gameNo: number): LatestRuling | null {
    const ruling = this.rulingLog.latestOf(gameNo);
    const c = this.recordCorrections(gameNo).at(-1);
    if (c && (!ruling || c.at >= ruling.at)) return { flagId: `move-correction ${c.seq}`, ruling: 'confirm', by: c.by, at: c.at };
    return ruling;
  }

  /**
   * The game record of game `gameNo` of this table (rules/GAME-RECORD.md): the referee's actions as
   * the fold took them, the director's entries and standing rulings; null for a game not begun.
   * A record holds every concealed tile: only the director's route serves it.
   * @throws Error when a card of the table was not read from a file (no hash to name it by)
   */
  abstract gameRecord(gameNo: number): GameRecord | null;

  /**
   * @see TableRuntime.tileMoveLog: the `tile-moved` events of this table's log (as the fold holds
   * it), and the zones inside racks by the table config.
   */
  tileMoveLog(): TileMoveLog {
    const moves: LoggedTileMove[] = [];
    for (const e of this.events) {
      if (e.type !== 'tile-moved') continue;
      const d = this.movedData(e as StoredEvent & { data: TileMovedData });
      moves.push({ seq: e.seq, at: d.logged ?? e.at, tile: d.tile, to: d.to });
    }
    const racks = new Map<string, RackOwner>();
    for (const [zone, p] of this.places) if (p.area === 'rack') racks.set(zone, { player: p.player, rack: p.rack });
    return { moves, racks, players: this.table.players.length, racksPerPlayer: this.table.racksPerPlayer };
  }

  /**
   * The capture of game `gameNo` (firmware-protocol/CAPTURE.md), or null for a game not begun: every
   * line of this table's readers in the raw log, both directions, from the log's start up to now
   * (so the readers' HELLOs and snapshots before the game are in it, and any later game's lines).
   * It holds every tile the readers saw, concealed ones too: served only on a director's route.
   */
  gameCapture(gameNo: number): Capture | null {
    if (!Number.isInteger(gameNo) || gameNo < 1 || gameNo > this.publicView().gameNo) return null;
    return captureFromLog(this.store, this.table, this.cards, this.registry, this.now(), gameNo);
  }

  /**
   * @see TableRuntime.gameReplay: game `gameNo`'s record refereed again with this table's cards,
   * a step per line (hub/record/replay-steps.ts), or null for a game not begun.
   */
  gameReplay(gameNo: number): Replay | null {
    const record = this.gameRecord(gameNo);
    return record ? replaySteps(record, this.cards) : null;
  }

  /** The table's cards as a record names them: id and the SHA-256 of the file text. @throws Error for a card with no hash */
  protected recordCards(): RecordCard[] {
    return this.cards.map((c) => {
      if (!c.sha256) throw new Error(`card '${c.id}' of table '${this.id}' was not read from a file: a game record cannot name it by its hash`);
      return { id: c.id, sha256: c.sha256 };
    });
  }

  /**
   * The director's lines of game `gameNo`'s record (rules/GAME-RECORD.md): the standing ruling (the
   * latest) on each flag of the game (flag ids `g<game>-…`), in the order they were made, then the
   * corrections of its moves (./machine/corrections.ts), in the order made, with the move as read.
   */
  protected recordRulings(gameNo: number): ({ ruling: RecordRuling } | { correction: RecordCorrection })[] {
    const place = (z: ZoneKey | null): Place | null => (z === null ? null : (this.places.get(z) ?? null));
    const corrections = this.recordCorrections(gameNo).map((c): { correction: RecordCorrection } => {
      if (c.kind === 'tile') return { correction: { kind: 'tile', ref: String(c.ref), tag: c.tag, was: c.was, tile: c.tile, ...(c.swap ? { swap: c.swap } : {}), by: c.by, at: c.at } };
      return { correction: { kind: 'place', ref: String(c.ref), end: c.end, was: place(c.was), place: place(c.zone)!, by: c.by, at: c.at } };
    });
    return [...this.rulingLog.ofGame(gameNo), ...corrections];
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
    return untrustedReaders(statuses);
  }

  /** The reader under `player`'s rack `rack` (its inside or its top), if the config has one. */
  protected readerOfRack(player: number, rack: number): string | undefined {
    return readerOfRack(this.table, player, rack);
  }

  /**
   * A flag's evidence for the director: the moves of the turn that led to it (the event `lastSeq`
   * and the 5 moves before it), described by place, and their raw reader lines.
   * @param counts the tile counts to show, per player and rack
   */
  protected evidenceOf(flagId: string, lastSeq: number, counts: number[][]): FlagEvidence {
    return evidenceOf({ table: this.table, places: this.places, events: this.events, store: this.store, read: (m) => this.movedData(m) }, flagId, lastSeq, counts);
  }

  /**
   * The director view: the public view plus every concealed tile, each flag's evidence
   * ({@link TableMachine.flagEvidence}) and the weak tags (a tag that flickered 3 times in a zone
   * within a minute: the tile and where).
   */
  directorView(): DirectorTableView {
    const unplaced = this.unplacedMoves();
    // what the referee could not judge, and what changed while a reader was offline (./machine/offline-changes.ts)
    const judged = this.notSeenMoves();
    const changed = offlineChanges({ table: this.table, places: this.places, events: this.events, from: this.checkpoints.currentStart() }, judged);
    const notSeen = [...judged, ...changed].sort((a, b) => a.window.from - b.window.from);
    const tilesNotSeen = this.notices.views(this.now());
    // the move list: the current game's latest moves, each with its "Correct" form on the page
    const moves = moveList({ table: this.table, places: this.places, events: this.events, read: (m) => this.movedData(m) }, this.checkpoints.currentStart());
    return {
      ...this.publicView(),
      concealed: this.table.players.map((_, i) => this.concealedOf(i)),
      evidence: this.flagEvidence(),
      weakTags: weakTagViews(this.table, this.places, this.tracker, this.now()),
      ...(unplaced.length ? { unplaced } : {}),
      ...(notSeen.length ? { notSeen } : {}),
      ...(tilesNotSeen.length ? { tilesNotSeen } : {}),
      ...(this.restartCheck ? { restart: this.restartView()! } : {}),
      ...(moves.length ? { moves } : {}),
      ...(this.corrections.empty
        ? {}
        : {
            corrections: correctionViews(
              this.corrections.list,
              this.places,
              this.table.players.map((p) => p.name),
            ),
          }),
    };
  }

  /**
   * What the current game's referee could not judge because a reader was not heard, for the
   * director view's `notSeen` list (oldest first; the moves seen only across a reader's reconnect
   * join them, ./machine/offline-changes.ts). None by default.
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
    return seatViewOf(this.table, this.cards, this.publicView(), player, (p) => this.concealedOf(p));
  }

  /** Stops timers (the log is the store's to close). */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
  }
}
