/**
 * One live table, whatever it plays: the shared machinery of ./machine.ts (reads in, the tick,
 * the log and its fold, rulings, publishing, reconciliation across a reader's reconnect) with one
 * fold of the log through the one rules engine (rules/game/apply.ts `createEngine`). The table's
 * config chooses its variant once, in the constructor (./variant.ts `tableVariantOf`): the Royale
 * Siamese table (003: `SIAMESE`, ./siamese/) or the 4-player table (000 on NMJL play: `STANDARD`,
 * ./standard/). Settled moves become the engine's actions through the move layer
 * (./moves/moves.ts), with the variant's reading; the engine folds them on its `GameState`.
 *
 * The event log is the truth. Event types of a table:
 * - `tile-moved` `{ tile, tag, from, to, lines, reconciled? }`: a settled move (at = when the tile
 *   came to rest). While a zone is not heard, the 4-player table holds its moves
 *   (`hold-and-reorder`, ./moves/held.ts) until `readers-heard`, then judges them in the order
 *   they happened at the table ({@link TableEngine.judgeHeld}); the Siamese table judges each at
 *   once with what was not heard marked (`judge-now`, 003 rules 11 and 20)
 * - `count-check` `{ skipReaders }`: the tile counts are checked (a turn boundary has settled):
 *   the engine's own count (003 rule 18C), or on the 4-player table the readers' counts against
 *   the engine's, in play (000: 13 off turn, 14 on)
 * - `readers-heard` `{}`: every zone is heard again after a reader was not
 * - `director-ruling` `{ flagId, ruling, by, deadRack?, changes? }`: the latest ruling on a flag stands
 * - `director-entry` `{ entry, player, rack, by, … }`: what no reader can witness, folded in log
 *   order like a ruling (003 rule 19's mis-named discards; 000's entries, {@link TableEngine.enter})
 * - `game-stopped` `{ gameNo }`: the table is being cleared after that game ended (./machine.ts):
 *   a ruling that undoes its end leaves it ended as it stood
 * - `restart-check`, `restart-ruling` `{ gameNo, choice, by }`: a game in play when the hub
 *   restarted that the readers did not show as the log had it ends as the director chose
 *   (./restart-check.ts)
 * Every view is rebuilt from these by the fold, after a restart and after every director ruling
 * (from where the ruled game began: ./machine.ts). An action the engine refuses or throws on (a
 * fault of the rules code) leaves the state as it was, stays in the log, and is listed for the
 * director under "Moves the hub could not place" with the error's words (./standard/refused.ts);
 * play goes on, and a restart folds it the same way.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Action } from '../../rules/game/actions.js';
import { applyAll, type Engine, type EngineConfig, type EngineResult } from '../../rules/game/apply.js';
import type { GameFlag } from '../../rules/game/flags.js';
import { turnOpenAtEnd, type GameState } from '../../rules/game/state.js';
import { samePlaces } from '../../rules/game/tile-places.js';
import { GAME_RECORD_FORMAT, GAME_RECORD_VERSION, type GameRecord } from '../../rules/record/game-record.js';
import { racksById, straysToRacks } from '../../rules/record/upgrade.js';
import type { ScoringSettings } from '../../rules/scoring/settings.js';
import { kindOf, TILES_IN_SET, type TileId } from '../../rules/tiles.js';
import { EntryError } from '../../rules/variants/standard/entries.js';
import { concealedOf, winnerOf } from '../../rules/variants/standard/play.js';
import { type AnyDirectorEntry, RulingError } from '../api/runtime.js';
import type { DirectorTableView, FlagEvidence, PublicTableView, ScoreView } from '../api/views.js';
import type { StoredEvent } from '../store/types.js';
import type { TableFold } from './fold.js';
import { STOPPED_REASON, TableMachine, countCheckSkips, type CountCheckData, type GameStoppedData, type RulingData, type TileMovedData } from './machine.js';
import { copyHeld, nothingHeld, orderHeldMoves, stretchWindow, type HeldMoves } from './moves/held.js';
import type { MoveReader } from './moves/moves.js';
import { playersToSkip } from './moves/zones.js';
import { listedEvidence, listedFlags, pastGameOf, raisedAt, resultsOf, type EvidenceSource, type PastGame } from './past.js';
import { sameRecordsFrom, TableRecords, withRecordsOf, type Unplaced } from './records.js';
import type { RestartRulingData } from './restart-check.js';
import { listRefused, listThrown } from './standard/refused.js';
import { tableVariantOf, type TableEngineOptions, type TableVariant } from './variant.js';
import type { VariantViews, ViewSource } from './variant-views.js';

export { REBOOT_SILENCE_MS, type CountCheckData, type EngineOptions, type ReaderHealth, type RulingData, type TileMovedData } from './machine.js';
export { DEFAULT_SETTLE_BY_AREA } from './siamese/variant.js';
export type { TableEngineOptions } from './variant.js';

/** An action of the move layer (rules/game/actions.ts) without its time (`at`), reference (`ref`) and `hearing`: what {@link TableEngine.inferredActions} lists. */
export type InferredAction = Action extends infer A ? (A extends unknown ? Omit<A, 'at' | 'ref' | 'hearing'> : never) : never;

/**
 * A table's fold ({@link TableFold}): the earlier games as summaries (./past.ts), the moves held
 * while a zone was not heard (./moves/held.ts; none on the Siamese table), and the actions the
 * move layer read in the current game.
 */
type Fold = TableFold<PastGame, HeldMoves> & { inferred: readonly Action[] };

/** One live table. Implements the API's TableRuntime. */
export class TableEngine extends TableMachine<Fold> {
  /** what this table plays (./variant.ts), chosen from the table config's `variant` */
  private readonly variant: TableVariant;
  /** the one rules engine with the table's variant, and the settings it was made with */
  private engine!: Engine;
  private engineConfig!: EngineConfig;
  /** the engine's state (rules/game/state.ts): where every tile is, the flags, the rulings, the entries */
  private state!: GameState;
  /** the table's earlier games, each as it stood when the next game began (./past.ts; a new array when one is added) */
  private past: readonly PastGame[] = [];
  /** settled moves into actions (./moves/moves.ts) */
  private moves!: MoveReader;
  /** each game's walls and record lines, the current game's refused actions, the restart choices (./records.ts) */
  private readonly records = new TableRecords();
  /** the actions the move layer read in the current game, in order */
  private inferred: Action[] = [];
  /** the moves held while a zone was not heard, the windows of the stretches judged, the Mah Jonggs laid out unheard (./moves/held.ts) */
  private hold: HeldMoves = nothingHeld();
  /** held moves are being judged (a turn boundary then schedules no count check) */
  private replaying = false;
  /** the table's own parts of the views (./variant-views.ts) */
  private views!: VariantViews;

  /** @throws Error when the table's players and racks are not what its variant plays (./variant.ts) */
  constructor(opts: TableEngineOptions) {
    const variant = tableVariantOf(opts);
    super(opts, variant.settleByArea);
    this.variant = variant;
    this.rebuild();
    this.beginRestartCheck();
  }

  // ------------------------------------------------------------------ the fold

  protected resetFold(): void {
    const { engine, config } = this.variant.engine(this.cards);
    this.engine = engine;
    this.engineConfig = config;
    this.views = this.variant.views(engine.lowestCardValue);
    // the director's rulings stand from the start: a flag is raised as ruled (rules/game/apply.ts)
    this.state = { ...this.variant.initialState(), rulings: this.standingRulings() };
    this.records.clear();
    this.records.unplacedOf(this.state.gameNo);
    this.past = [];
    this.moves = this.variant.moveReader((p, r) => this.readerOfRack(p, r));
    this.inferred = [];
    this.hold = nothingHeld();
  }

  protected foldGameNo(): number {
    return this.state.gameNo;
  }

  protected saveFold(): Fold {
    return { state: this.state, moves: this.moves.clone(), past: this.past, held: copyHeld(this.hold), records: this.records.save(this.state.gameNo), inferred: [...this.inferred] };
  }

  protected restoreFold(f: Fold): void {
    this.state = { ...f.state, rulings: this.standingRulings() };
    this.past = f.past;
    this.moves = f.moves.clone();
    this.inferred = [...f.inferred];
    this.hold = copyHeld(f.held ?? nothingHeld());
    // the games begun after `f` are gone; the current game's lines as they stood (folded again from there)
    this.records.restore(f.records, f.state.gameNo);
  }

  /**
   * Everything but the earlier games and the rulings (a fold put back takes the standing ones):
   * the new game's state (where every tile is), records and lists, the move layer, the moves held
   * while a zone was not heard.
   */
  protected sameGameStart(a: Fold, b: Fold): boolean {
    const { where: wa, rulings: _ra, ...sa } = a.state;
    const { where: wb, rulings: _rb, ...sb } = b.state;
    const held = (h: HeldMoves | null) => h && { stretch: h.stretch, laidOut: h.laidOut };
    return (
      samePlaces(wa, wb) &&
      isDeepStrictEqual(sa, sb) &&
      sameRecordsFrom(a.records, b.records, a.state.gameNo) &&
      isDeepStrictEqual(held(a.held), held(b.held)) &&
      isDeepStrictEqual(a.inferred, b.inferred) &&
      isDeepStrictEqual(a.moves, b.moves)
    );
  }

  /** Game `gameNo` as it ended (in `past`: result, flags, evidence) and its records (walls, lines, restart choice, refused actions while they are the ones listed). */
  protected withGameRecord(gameNo: number, from: Fold, into: Fold): Fold {
    const ended = from.past.find((g) => g.gameNo === gameNo);
    return { ...into, past: ended ? into.past.map((g) => (g.gameNo === gameNo ? ended : g)) : into.past, records: withRecordsOf(gameNo, from.records, into.records) };
  }

  /** One event into the engine: a move through the move layer, a count check, readers heard, a game stopped, a ruling, an entry. */
  protected foldEvent(e: StoredEvent): void {
    const ref = String(e.seq);
    if (e.type === 'tile-moved') {
      this.foldMove(e, e.data as TileMovedData);
    } else if (e.type === 'readers-heard') {
      if (this.moves.unheardPolicy === 'hold-and-reorder') {
        this.judgeHeld(e);
        return;
      }
      this.moves.heard();
      this.takeMove([{ type: 'readers-heard', at: e.at, ref }], e, false);
    } else if (e.type === 'count-check') {
      this.countCheck(e, e.data as CountCheckData);
    } else if (e.type === 'game-stopped') {
      // the end of this game stands here whatever a later ruling says: ended as it stood
      if (this.state.gameNo === (e.data as GameStoppedData).gameNo && this.gameInPlay() !== null) this.stopGame(this.variant.stoppedReason(STOPPED_REASON), e.at, ref);
    } else if (e.type === 'director-ruling') {
      // the standing ruling on a flag, as the engine's action (a later one replaces an earlier one);
      // recorded in the state's rulings, not in the game's record lines (the record has its own ruling lines)
      if (!this.rulingStands(e)) return;
      const d = e.data as RulingData;
      const r = this.engine.apply(this.state, { type: 'director-ruling', flagId: d.flagId, ruling: d.ruling, ...(d.deadRack !== undefined ? { deadRack: d.deadRack } : {}), at: e.at, ref });
      this.state = r.state;
      this.askRefold(r.refold);
    } else if (e.type === 'director-entry') {
      this.applyEntry(e);
    }
  }

  /**
   * A settled move: read by the move layer into the engine's actions, applied. While a zone is not
   * heard on a `hold-and-reorder` table, the move waits for `readers-heard` (./moves/held.ts); the
   * move layer goes on meanwhile for the views only, its actions dropped. On a `judge-now` table
   * what the hub could not hear at the move is marked (`hearing`), and what depends on it (the
   * current wall, a top not seen whole) is judged later (rules/game/apply.ts).
   */
  private foldMove(e: StoredEvent, d: TileMovedData): void {
    const ref = String(e.seq);
    const to = this.places.get(d.to);
    if (!to) {
      this.moves.notHeard(d.unseen ?? []);
      return;
    }
    const from = d.from === null ? null : (this.places.get(d.from) ?? null);
    if (this.moves.unheardPolicy === 'hold-and-reorder') {
      if (this.hold.stretch || d.unseen?.length || d.reconciled) {
        const stretch = this.hold.stretch ?? { moves: this.moves.clone(), events: [] };
        this.hold = { ...this.hold, stretch: { moves: stretch.moves, events: [...stretch.events, { e, d, from, to }] } };
        this.moves.push({ tile: d.tile, from, to, at: e.at, ref }, this.variant.moveView(this.state));
        return;
      }
      this.takeMove(this.moves.push({ tile: d.tile, from, to, at: e.at, ref }, this.variant.moveView(this.state)), e, true);
      return;
    }
    const seen = {
      ...(d.unseen?.length ? { unseen: d.unseen } : {}),
      ...(d.unconfirmed?.length ? { unconfirmed: d.unconfirmed } : {}),
      ...(d.reconciled ? { reconciled: true } : {}),
      ...(d.left ? { left: d.left } : {}),
    };
    this.takeMove(this.moves.push({ tile: d.tile, from, to, at: e.at, ref, seen }, this.variant.moveView(this.state)), e, true);
  }

  /**
   * The actions of one event (a move as the move layer read it, or the table's own action) into
   * the engine. The game's record takes each (a move's, only while its game is not over: the table
   * being cleared and the next walls built are no game's). A table whose moves stand or fall as
   * one (`movesAsOne`, 003) applies them together; else each alone ({@link TableEngine.take}).
   * When the engine's game number goes up, the game that ended is kept in `past` and the new
   * game's record begins with the walls as built.
   */
  private takeMove(actions: readonly Action[], e: StoredEvent, isMove: boolean): void {
    if (!this.variant.movesAsOne) {
      for (const a of actions) this.take(a, e, isMove);
      return;
    }
    this.records.unplacedOf(this.state.gameNo);
    if (!isMove || this.state.phase !== 'ended') for (const a of actions) this.records.take(this.state.gameNo, { action: a });
    try {
      this.applied(applyAll(this.engine, this.state, actions), e);
    } catch (err) {
      // a fault of the engine or the scorer: the state stays as before the move (the engine works
      // on a copy), named by the move's own action (a declaration after it, or a pick before its discard, aside)
      const named = actions.filter((a) => a.type !== 'mah-jongg').at(-1) ?? actions[0]!;
      this.records.unplaced.push({ at: e.at, action: named.type, reason: err instanceof Error ? err.message : String(err), ref: String(e.seq) });
    }
  }

  /**
   * One action alone (000): applied to the engine as it is and taken into the record as it is
   * while a game is in play. A deal begins a new game (its refused actions emptied first, the deal
   * its first record line). An action the engine refuses or throws on leaves the state as it was
   * and is listed (./standard/refused.ts); a pass refused with blind tiles in the Charleston is
   * the engine's `blind-pass` flag, and the game goes on from the racks the readers hold (the
   * `stray` moves that make them, recorded).
   */
  private take(a: Action, e: StoredEvent, isMove: boolean): void {
    if (a.type === 'deal') {
      this.records.unplacedOf(this.state.gameNo + 1, true);
      this.hold = { ...this.hold, laidOut: [] };
      this.inferred = [];
    }
    if (isMove) this.inferred.push(a);
    // the deal is the new game's first record line ({@link TableEngine.applied}); any other action is the game's in play
    if (a.type !== 'deal' && this.state.phase !== 'waiting' && this.state.phase !== 'ended') this.records.take(this.state.gameNo, { action: a });
    let r: EngineResult;
    try {
      r = this.engine.apply(this.state, a);
    } catch (err) {
      listThrown(this.records, a, err);
      return;
    }
    this.applied(r, e, a);
    if (listRefused(this.records, a, r, this.engineConfig)) this.goOnAsRead(a);
  }

  /**
   * The engine's result `r` becomes the state: a new game keeps the one that ended in `past`
   * and begins its record (with the deal `a` as its first line on the 4-player table); a turn
   * boundary schedules a count check (not while held moves are judged: long past).
   */
  private applied(r: EngineResult, e: StoredEvent, a?: Action): void {
    const before = this.state;
    if (r.state.gameNo > before.gameNo) {
      if (before.gameNo > 0) this.past = [...this.past, this.pastGame(before)];
      this.records.begin(r.state.gameNo, this.variant.wallsBuilt(r.state, this.moves));
      if (a?.type === 'deal') this.records.take(r.state.gameNo, { action: a });
    }
    this.state = r.state;
    if (r.boundary && !this.replaying) this.turnBoundary(e.at);
  }

  /** After a pass refused with blind tiles: the racks made the readers' by `stray` moves, recorded and applied. */
  private goOnAsRead(a: Action): void {
    const racks = racksById(this.table.players.map((_, i) => this.moves.tilesAt('rack', i)));
    const strays = straysToRacks(
      this.state.seats.map((_, p) => concealedOf(this.state, p)),
      racks,
      a.at,
      a.ref,
    );
    for (const stray of strays) {
      this.records.take(this.state.gameNo, { action: stray });
      this.state = this.engine.apply(this.state, stray).state;
    }
  }

  /**
   * Every zone is heard again (`readers-heard`) on a `hold-and-reorder` table: the moves held since
   * a zone was not heard are judged now, from the move layer as it was before them, in the order
   * they happened at the table (./moves/unheard.ts), each action at the time it happened. A Mah
   * Jongg laid out while its rack was not heard is noted for the director (which exposures came
   * before the call is not known; 000 pays 10 or 20 by them).
   */
  private judgeHeld(e: StoredEvent): void {
    const u = this.hold.stretch;
    if (!u) return;
    this.moves = u.moves;
    const window = stretchWindow(u.events, e.at);
    this.hold = { stretch: null, windows: new Map(this.hold.windows).set(e.seq, window), laidOut: [...this.hold.laidOut] };
    /** players whose top took tiles at times the hub had to place (./moves/unheard.ts: not known) */
    const placedOnTop = new Set<number>();
    this.replaying = true;
    for (const o of orderHeldMoves(this.table, this.places, u.events)) {
      const m = o.item;
      const at = o.known ? o.time : o.window.to;
      if (!o.known && m.to.area === 'top') placedOnTop.add(m.to.player);
      // the move layer marks the players whose rack was not heard at it (`hearing.players`: `unheard`)
      const placed = { tile: m.tile, from: m.from, to: m.to, at, ref: String(m.e.seq), seen: { unseen: m.unseen } };
      for (const a of this.moves.push(placed, this.variant.moveView(this.state))) {
        const before = winnerOf(this.state);
        this.takeMove([a], m.e, true);
        const won = winnerOf(this.state);
        const w = won && { player: won.player, exposures: won.mahJongg.exposuresBefore, discarder: won.mahJongg.claimedFrom };
        if (a.type === 'mah-jongg' && !before && w && placedOnTop.has(w.player)) {
          const who = this.table.players[w.player]?.name ?? `player ${w.player}`;
          this.hold.laidOut.push({
            rule: '000 SCORING: the discarder pays 10 to a winner with none or one exposure, 20 to one with two or more',
            player: w.player,
            tiles: this.moves.tilesAt('top', w.player),
            window: { ...window },
            title: `${who}'s Mah Jongg was laid out while her rack could not be heard: which of her exposures came before the call (${w.exposures} as the hub placed them${w.discarder === null ? ', self-picked' : ''}) is not known`,
            ref: a.ref,
          });
        }
      }
    }
    this.replaying = false;
  }

  /**
   * A settled turn boundary's count check. A count that waits on a tile not seen is not judged; a
   * check of its own judges only those players (./machine/not-seen.ts); the players whose readers
   * were not trusted are skipped (003 rule 18C is never judged from stale evidence). On a table
   * that counts with its readers (000 `rack-count`: 13 off turn, 14 on), each live player's rack
   * and top as the readers counted them, in play only and never while moves are held (the
   * engine's state is then behind the readers'); a player whose call is under way is not judged.
   */
  private countCheck(e: StoredEvent, d: CountCheckData): void {
    if (this.hold.stretch) return;
    const skipPlayers = countCheckSkips(this.table.players.length, playersToSkip(this.table, d.skipReaders), d.waiting, d.only);
    if (!this.variant.readersCount) {
      this.takeMove([{ type: 'count-check', skipPlayers, at: e.at, ref: String(e.seq) }], e, false);
      return;
    }
    if (this.state.phase !== 'play') return;
    // a call under way (the called tile on the caller's top, not yet read as a call): the referee
    // does not know of the called tile yet, so her count waits
    const calling = this.moves.callInProgress();
    const skip = calling === null || skipPlayers.includes(calling) ? [...skipPlayers] : [...skipPlayers, calling].sort((a, b) => a - b);
    const action: Action = { type: 'count-check', skipPlayers: skip, counted: this.moves.counts().total.map((n) => [n]), at: e.at, ref: String(e.seq) };
    this.records.take(this.state.gameNo, { action });
    this.state = this.engine.apply(this.state, action).state;
  }

  /**
   * The hub ends the game in play here (the table was cleared after a ruling undid its end, or the
   * director chose after a restart): a `stop` the engine applies (003 rule 17: scored as it stood;
   * 000 scores a game not completed zero for every player, a look at a stolen tile entered still
   * costing 10; `void` is 0 with no penalty; `replay` has no score), recorded. Nothing happens
   * when no game is in play.
   * @param endReason the views' words (kept as given)
   */
  private stopGame(endReason: string, at: number, ref: string, choice?: 'score' | 'void' | 'replay'): void {
    const s = this.state;
    if (this.gameInPlay() === null) return;
    const action: Action = { type: 'stop', reason: endReason, ...(choice ? { choice } : {}), at, ref };
    this.records.take(s.gameNo, { action });
    this.state = this.engine.apply(s, action).state;
  }

  /** A director entry from the log, applied and taken into the record. An entry the engine refuses (a log edited by hand: it was checked when entered) is passed over. */
  private applyEntry(e: StoredEvent): void {
    const { action, line } = this.variant.entryAction(e.data as Record<string, unknown>, e.at, String(e.seq));
    this.records.unplacedOf(this.state.gameNo);
    let next: GameState;
    try {
      next = this.engine.apply(this.state, action).state;
    } catch (err) {
      if (err instanceof EntryError) return;
      listThrown(this.records, action, err);
      return;
    }
    this.records.take(this.state.gameNo, { action: line });
    this.state = next;
  }

  /** What the engine could not judge because a reader was not heard (rules/game/state.ts `notSeen`), with the window of its stretch on a table that held the moves; the Mah Jonggs laid out unheard. */
  protected override notSeenMoves(): NonNullable<DirectorTableView['notSeen']> {
    // the engine's own window (003), else the window of the stretch of held moves it fell in (000)
    const judged = this.state.notSeen.map((n) => {
      const at = n.at ?? n.window?.from ?? 0;
      const w = n.window ?? [...this.hold.windows.values()].find((x) => at >= x.from && at <= x.to) ?? { from: at, to: at };
      return { rule: n.rule, player: n.player, tiles: this.views.noticeTiles(n.tiles), window: { ...w }, title: n.title, ref: n.ref };
    });
    return [...judged, ...this.hold.laidOut.map((n) => ({ ...n, tiles: [...n.tiles], window: { ...n.window } }))];
  }

  /** The actions of the current game the engine refused or threw on, for the director ("Moves the hub could not place"). */
  protected override unplacedMoves(): NonNullable<DirectorTableView['unplaced']> {
    return [...this.records.unplaced];
  }

  /** actions of the current game the engine refused as impossible or threw on */
  get unexplained(): readonly Unplaced[] {
    return this.records.unplaced;
  }

  /**
   * The players a count check cannot judge (003 rule 18C is never judged from stale evidence):
   * the owner of a rack reader not heard, and every player when a wall or the floor reader was
   * not heard (a pick or a discard there may be missing from every count).
   * @param readers reader ids (a count check's `skipReaders`)
   */
  playersToSkip(readers: readonly string[]): number[] {
    return playersToSkip(this.table, readers);
  }

  /** The listed flags as the rulings read them: with their `kind`, the word their id carries (a wrong-wall flag's dead-hand choice is checked by it). */
  protected rulableFlags(): readonly { id: string; status: string }[] {
    return listedFlags(this.views.flags(this.state, this.engineConfig.names), this.past);
  }

  protected endedGameNo(): number | null {
    return this.state.phase === 'ended' && this.state.gameNo > 0 ? this.state.gameNo : null;
  }

  protected openTurnAtEnd(): number | null {
    return turnOpenAtEnd(this.state);
  }

  protected gameInPlay(): number | null {
    const s = this.state;
    return s.gameNo > 0 && (s.phase === 'deal' || s.phase === 'charleston' || s.phase === 'play') ? s.gameNo : null;
  }

  /**
   * The game in play ends as the director chose when the readers did not show it as the log had
   * it at a restart (./restart-check.ts): `score` (as it stood: 003 rule 17 keeps the Mah Jonggs
   * made so far; 000 scores a game not completed zero for every player, a look at a stolen tile
   * entered still costing 10), `void` (0 for every player, no penalty; on the 4-player card it
   * counts as one of the round's four games), `replay` (no score: the table is cleared and dealt
   * again, and that deal takes the abandoned game's place on the card; the hub's own game number
   * goes on, so each deal keeps its flags and evidence apart).
   */
  protected endByRestart(d: RestartRulingData, endReason: string, e: StoredEvent): void {
    if (d.gameNo !== this.state.gameNo || this.gameInPlay() === null) return;
    this.records.restartChoices.set(d.gameNo, d.choice);
    this.stopGame(this.variant.restartReason(endReason, d.choice), e.at, String(e.seq), d.choice);
  }

  /** @see TableMachine.gameRecord: the walls as built, the actions the engine took, the entries, count checks and stops, the standing rulings. */
  gameRecord(gameNo: number): GameRecord | null {
    const lines = this.records.lines.get(gameNo);
    if (!lines) return null;
    return {
      header: {
        format: GAME_RECORD_FORMAT,
        version: GAME_RECORD_VERSION,
        kind: this.variant.kind,
        tableId: this.id,
        gameNo,
        players: this.table.players.map((p) => p.name),
        cards: this.recordCards(),
        ...this.variant.header(this.records.walls.get(gameNo)),
      } as GameRecord['header'],
      lines: [...structuredClone(lines), ...this.recordRulings(gameNo)],
    };
  }

  protected concealedOf(player: number): TileId[][] {
    return this.views.concealed(this.viewSource(), player);
  }

  // ------------------------------------------------------------------ director

  /**
   * A director's entry of what no reader can witness, checked against the table now, then
   * appended to the log as `director-entry` `{ entry, player, rack, by, … }` and folded in order
   * like a ruling. On the Royale Siamese table a mis-named discard claimed for a Mah Jongg
   * (`misnamed-discard`, 003 rule 19C/D) or for an exposure (`misnamed-exposure`, 19A/B:
   * ./siamese/entries.ts). On the 4-player table (000, rules/variants/standard/entries.ts):
   * - `{ entry: 'looked-at-stolen-tile', player }`: −10 points for `player` at the end of the game;
   * - `{ entry: 'dead-declared-in-error', player }`: `player`'s hand is dead (000);
   * - `{ entry: 'announced-line', player, line }`: the line `player` announced, paid when the
   *   table's settings pay the announced line (`paidLine: "announced"`);
   * - `{ entry: 'declared-dead', player, declared }`: judged from the exposures and the discards
   *   only: the declared hand dies when no line of the card can still be made, else `player`'s;
   * - `{ entry: 'misnamed-discard', player, for, named?, ruling? }` (NMJL practice).
   * An entry after the end changes the table's score; a score card the tournament already wrote
   * is corrected by the director (hub/tournament).
   * @param by who entered it, e.g. "director"
   * @throws RulingError 400 / 409 for an entry the table refuses (its words say why)
   */
  enter(entry: AnyDirectorEntry, by: string): void {
    const untrusted = this.untrustedReaders(this.readers.statuses(this.now()));
    const checked = this.variant.checkEntry(
      entry,
      {
        tableId: this.id,
        names: this.engineConfig.names,
        racksPerPlayer: this.table.racksPerPlayer,
        state: this.state,
        now: this.now(),
        untrustedRacks: (player) => Array.from({ length: this.table.racksPerPlayer }, (_, r) => r).filter((r) => untrusted.has(this.readerOfRack(player, r) ?? '')),
      },
      (a) => this.engine.apply(this.state, a).state,
    );
    this.logEntry({ ...checked, by });
  }

  // ------------------------------------------------------------------ views out

  /** The director view (./machine.ts) with the table's own fields (the Siamese count rule in force and mis-named discards, 003 rules 18 and 19A/B). */
  override directorView(): DirectorTableView {
    return { ...super.directorView(), ...this.variant.director(this.state) };
  }

  /**
   * The engine's state now (rules/game/state.ts), the director's entries applied: what the tests,
   * the CLI, the tournament's score card and the simulator's measures read (on the 4-player
   * table through the read helpers of rules/variants/standard/play.ts).
   */
  gameState(): GameState {
    return this.state;
  }

  /** The scoring settings in force on a 4-player table (rules/scoring/settings.ts). @throws Error on a Royale Siamese table (003 rule 17 scores it) */
  scoringSettings(): ScoringSettings {
    if (!this.variant.scoring) throw new Error(`table ${this.id} is scored by 003 rule 17: it has no scoring settings`);
    return structuredClone(this.variant.scoring);
  }

  /**
   * The actions the move layer read from the moves of the current game (./moves/moves.ts), in
   * order, as the engine took them, without their time, reference and hearing (for tests, which
   * compare them with the simulator's record).
   */
  inferredActions(): InferredAction[] {
    return this.inferred.map((a) => {
      const { at: _at, ref: _ref, hearing: _hearing, ...bare } = a;
      return bare as InferredAction;
    });
  }

  /** Tiles counted by the readers per player: inside the rack, on its top, and both. */
  physicalCounts(): { inside: number[]; top: number[]; total: number[] } {
    return this.moves.counts();
  }

  /** Game `s` as the views keep it once the next game has begun (./past.ts). */
  private pastGame(s: GameState): PastGame {
    const src = this.viewSource();
    return pastGameOf(s, this.views.flags(s, this.engineConfig.names), this.views.points(s), this.views.score(s, this.records.restartChoices.get(s.gameNo)), (f) => this.evidenceSource(f, src));
  }

  /** What flag `f`'s evidence is made from: the event it was raised at, the counts beside it. */
  private evidenceSource(f: GameFlag, src: ViewSource): EvidenceSource {
    return { flagId: f.id, lastSeq: raisedAt(f, this.bySeq), counts: this.views.evidenceCounts(f, src) };
  }

  /** What the views are built from now (./variant-views.ts). */
  private viewSource(untrusted = this.untrustedReaders(this.readers.statuses(this.now()))): ViewSource {
    return { table: this.table, cards: this.cards, state: this.state, moves: this.moves, untrusted, readerOfRack: (p, r) => this.readerOfRack(p, r), inferred: this.inferred };
  }

  /**
   * The score on the views: the game's own, except while the next game's walls are built and no
   * tile is dealt yet (phase `deal`, every tile in a wall: the Siamese game begins there): then the
   * previous game's final score, with its `gameNo` (a game's final score stays on screen until the
   * next deal begins).
   */
  private shownScore(s: GameState): ScoreView | null {
    const previous = this.past.at(-1);
    if (s.phase === 'deal' && s.where.inWalls() === TILES_IN_SET && previous?.gameNo === s.gameNo - 1 && previous.score) {
      return { ...previous.score, final: true, gameNo: previous.gameNo };
    }
    return this.views.score(s, this.records.restartChoices.get(s.gameNo));
  }

  publicView(): PublicTableView {
    const s = this.state;
    const statuses = this.readers.statuses(this.now());
    const src = this.viewSource(this.untrustedReaders(statuses));
    return {
      tableId: this.id,
      variant: this.table.variant,
      gameNo: s.gameNo,
      ...(this.table.tileFaces ? { tileFaces: this.table.tileFaces } : {}), // the displays' faces (display/src/lib/faceStyle.ts)
      // the Siamese engine never enters the Charleston (003 rule 7); the views call the 4-player one `deal`
      phase: s.phase === 'charleston' ? 'deal' : s.phase,
      ...this.views.own(src),
      endReason: s.endReason,
      turn: s.turn,
      players: this.views.players(src),
      walls: this.views.walls(src),
      discards: s.discards.map(kindOf),
      flags: listedFlags(this.views.flags(s, this.engineConfig.names), this.past),
      results: resultsOf(this.past, s, this.views.points(s), (g) => this.latestRulingOf(g)),
      score: this.shownScore(s),
      readers: statuses,
      updatedAt: this.events.at(-1)?.at ?? 0,
    };
  }

  /** The evidence of every listed flag (the current game's, then the earlier games' awaiting the director). */
  protected flagEvidence(): FlagEvidence[] {
    const src = this.viewSource();
    const current = this.views.flags(this.state, this.engineConfig.names).map((x) => this.evidenceSource(x.flag, src));
    return listedEvidence(current, this.past).map((x) => this.evidenceOf(x.flagId, x.lastSeq, x.counts));
  }
}
