import { isDeepStrictEqual } from 'node:util';
import { kindOf, type TileId } from '../../../rules/tiles.js';
import type { Action } from '../../../rules/game/actions.js';
import type { GameState } from '../../../rules/game/state.js';
import { exposuresOf, turnHasOf, wallLeftOf, winnerOf } from '../../../rules/variants/standard/play.js';
import type { DirectorTableView, FlagEvidence, PublicTableView } from '../../api/views.js';
import { RulingError, type AnyDirectorEntry } from '../../api/runtime.js';
import { checkScoringConfig, type ScoringSettings } from '../../../rules/scoring/settings.js';
import { GAME_RECORD_FORMAT, GAME_RECORD_VERSION, type GameRecord } from '../../../rules/record/game-record.js';
import { setOrderWalls } from '../../../rules/record/upgrade.js';
import { listRefused, listThrown } from './refused.js';
import type { TableFold } from '../fold.js';
import { sameRecordsFrom, TableRecords, withRecordsOf, type Unplaced } from '../records.js';
import { standardViews } from './views.js';
import type { VariantViews, ViewSource } from '../variant-views.js';
import { listedEvidence, listedFlags, pastGameOf, raisedAt, resultsOf, type EvidenceSource, type PastGame } from '../past.js';
import type { GameFlag } from '../../../rules/game/flags.js';
import type { Engine, EngineResult } from '../../../rules/game/apply.js';
import { initialGameState } from '../../../rules/game/state.js';
import { standardEngine, type StandardConfig } from '../../../rules/variants/standard.js';
import { concealedOf, STANDARD_SHAPE } from '../../../rules/variants/standard/play.js';
import { EntryError } from '../../../rules/variants/standard/entries.js';
import { racksById, straysToRacks } from '../../../rules/record/upgrade.js';
import type { StandardEntry } from '../../../rules/record/game-record.js';
import type { StoredEvent } from '../../store/types.js';
import { playersToSkip } from '../moves/zones.js';
import { STOPPED_REASON, TableMachine, countCheckSkips, type CountCheckData, type EngineOptions, type GameStoppedData, type RulingData, type TileMovedData } from '../machine.js';
import type { RestartRulingData } from '../restart-check.js';
import { MoveReader, STANDARD_MOVES, type MoveView } from '../moves/moves.js';
import { copyHeld, nothingHeld, orderHeldMoves, stretchWindow, type HeldMoves } from '../moves/held.js';
import { practiceOf } from '../../config/practice.js';

/**
 * Options of a standard table engine (as the Siamese engine's). Without `settleByArea` every zone
 * settles in the table's `timing.settleMs`. `scoring`: the settings the games are scored with
 * (rules/scoring/settings.ts): a tournament's when one plays the table, else the table config's
 * `scoring` (default 000's).
 */
export type StandardEngineOptions = EngineOptions & { scoring?: ScoringSettings };

/** An action of the move layer (rules/game/actions.ts) without its time (`at`), reference (`ref`) and `hearing`: what {@link StandardTableEngine.inferredActions} lists. */
export type InferredAction = Action extends infer A ? (A extends unknown ? Omit<A, 'at' | 'ref' | 'hearing'> : never) : never;

/**
 * The standard fold ({@link TableFold}): the earlier games as summaries, the hold of the moves not
 * heard (../moves/held.ts); and, the 4-player table's own, the actions the move layer read in the
 * current game.
 */
type StandardFold = TableFold<PastGame, HeldMoves> & { inferred: readonly Action[] };

/** One live standard table. Implements the API's TableRuntime. */
export class StandardTableEngine extends TableMachine<StandardFold> {
  /** the one rules engine with the standard variant (rules/variants/standard.ts `standardEngine`) and the settings it was made with */
  private engine!: Engine;
  private engineConfig!: StandardConfig;
  /** the engine's state (rules/game/state.ts): the entries, the hub's own flags, the state before the last Mah Jongg are in it */
  private state!: GameState;
  /** each game's record lines and walls as built, the current game's refused actions (../records.ts) */
  private readonly records = new TableRecords();
  /** actions of the current game the referee refused as impossible or threw on */
  get unexplained(): readonly Unplaced[] {
    return this.records.unplaced;
  }
  /** settled moves into actions (../moves/moves.ts, `hold-and-reorder`) */
  private agg = this.newMoveReader();
  /** the actions the move layer read in the current game, in order */
  private inferred: Action[] = [];
  /** the scoring settings in force on this table */
  private settings!: ScoringSettings;
  /** the table's earlier games as they stood when the next deal began (../past.ts; a new array when one is added) */
  private past: readonly PastGame[] = [];
  /** the 4-player parts of the views (./views.ts) */
  private views!: VariantViews;
  /** the moves held while a zone was not heard, the windows of the stretches judged, the Mah Jonggs laid out unheard (../moves/held.ts; see {@link StandardTableEngine.judgeUnheard}) */
  private hold: HeldMoves = nothingHeld();
  /** held moves are being judged (a turn boundary then schedules no count check) */
  private replaying = false;

  /** @throws Error when the table is not a standard 4-player table of one rack each */
  constructor(opts: StandardEngineOptions) {
    const t = opts.table;
    if (t.variant !== 'standard' || t.players.length !== 4 || t.racksPerPlayer !== 1) {
      throw new Error(`table ${t.id}: the standard engine plays 4 players with 1 rack each (variant "standard"), not ${t.players.length} players × ${t.racksPerPlayer} racks (${t.variant})`);
    }
    super(opts, opts.settleByArea ?? null);
    this.settings = opts.scoring ?? checkScoringConfig(t.scoring ?? 'tournament', `table ${t.id}: scoring`);
    this.views = standardViews(this.settings);
    this.rebuild();
    this.beginRestartCheck();
  }

  // ------------------------------------------------------------------ the fold

  protected resetFold(): void {
    this.engineConfig = {
      names: this.table.players.map((p) => p.name),
      cards: this.cards,
      settings: this.settings,
      killingExposureJokersInPlay: this.table.killingExposureJokersInPlay ?? false,
      practice: practiceOf(this.table),
      tableId: this.id,
    };
    this.engine = standardEngine(this.engineConfig);
    // the director's rulings stand from the start: a flag is raised as ruled (rules/game/apply.ts)
    this.state = { ...initialGameState(STANDARD_SHAPE), rulings: this.standingRulings() };
    this.records.clear();
    this.agg = this.newMoveReader();
    this.inferred = [];
    this.past = [];
    this.hold = nothingHeld();
  }

  protected foldGameNo(): number {
    return this.state.gameNo;
  }

  /** The move layer of this table: the 4-player reading, moves not heard held and put in order (`hold-and-reorder`, ../moves/held.ts), each player's rack reader. */
  private newMoveReader(): MoveReader {
    return new MoveReader(STANDARD_MOVES, { playersOf: (readers) => this.table.players.map((_, p) => p).filter((p) => readers.includes(this.readerOfRack(p, 0) ?? '')) });
  }

  /** What the move layer reads of the engine's state before a move. */
  private moveView(): MoveView {
    return standardMoveView(this.state);
  }

  protected saveFold(): StandardFold {
    return {
      state: this.state,
      moves: this.agg.clone(),
      past: this.past,
      held: copyHeld(this.hold),
      records: this.records.save(this.state.gameNo),
      inferred: [...this.inferred],
    };
  }

  protected restoreFold(f: StandardFold): void {
    this.state = { ...f.state, rulings: this.standingRulings() };
    this.records.restore(f.records, f.state.gameNo);
    this.agg = f.moves.clone();
    this.inferred = [...f.inferred];
    this.past = f.past;
    this.hold = copyHeld(f.held ?? nothingHeld());
  }

  /** Everything but the earlier games (their results and record lines) and the rulings (a fold put back takes the standing ones): the new game's state, records and lists, the move layer, the moves held while a zone was not heard. */
  protected sameGameStart(a: StandardFold, b: StandardFold): boolean {
    const { past: _a, held: ha, records: ra, state: sa, ...restA } = a;
    const { past: _b, held: hb, records: rb, state: sb, ...restB } = b;
    const held = (h: HeldMoves | null) => h && { stretch: h.stretch, laidOut: h.laidOut };
    return isDeepStrictEqual({ ...sa, rulings: null }, { ...sb, rulings: null }) && sameRecordsFrom(ra, rb, sa.gameNo) && isDeepStrictEqual(held(ha), held(hb)) && isDeepStrictEqual(restA, restB);
  }

  /** Game `gameNo` as it stood when the next deal began (`past`: result, flags, evidence) and its records. */
  protected withGameRecord(gameNo: number, from: StandardFold, into: StandardFold): StandardFold {
    const ended = from.past.find((g) => g.gameNo === gameNo);
    return { ...into, past: ended ? into.past.map((g) => (g.gameNo === gameNo ? ended : g)) : into.past, records: withRecordsOf(gameNo, from.records, into.records) };
  }

  /** One event into the standard game: moves through the aggregator to the referee, count checks against the rack readers, director entries (000). */
  protected foldEvent(e: StoredEvent): void {
    const ref = String(e.seq);
    if (e.type === 'tile-moved') {
      const d = e.data as TileMovedData;
      const to = this.places.get(d.to);
      if (!to) return;
      const from = d.from === null ? null : (this.places.get(d.from) ?? null);
      if (this.hold.stretch || d.unseen?.length || d.reconciled) {
        // a zone is not heard: the move waits for `readers-heard` to be judged in the table's order
        // (../moves/held.ts); the move layer goes on meanwhile for the views only, its actions dropped
        const stretch = this.hold.stretch ?? { moves: this.agg.clone(), events: [] };
        this.hold = { ...this.hold, stretch: { moves: stretch.moves, events: [...stretch.events, { e, d, from, to }] } };
        this.agg.push({ tile: d.tile, from, to, at: e.at, ref }, this.moveView());
        return;
      }
      for (const a of this.agg.push({ tile: d.tile, from, to, at: e.at, ref }, this.moveView())) this.act(a, e);
    } else if (e.type === 'readers-heard') {
      this.judgeUnheard(e);
    } else if (e.type === 'count-check') {
      // counts are not judged while moves wait (the referee's state is behind the readers')
      if (this.hold.stretch) return;
      const d = e.data as CountCheckData;
      // a count that waits on a tile not seen is not judged; a check of its own judges only those players (../machine/not-seen.ts)
      this.countCheck(e, countCheckSkips(this.table.players.length, playersToSkip(this.table, d.skipReaders), d.waiting, d.only));
    } else if (e.type === 'game-stopped') {
      // the end of this game stands here whatever a later ruling says: unfinished, scored as it stood
      if (this.state.gameNo === (e.data as GameStoppedData).gameNo) this.stopGame(`${STOPPED_REASON} (000: a game not completed scores zero)`, e.at, ref);
    } else if (e.type === 'director-ruling') {
      // the standing ruling on a flag, as the engine's action (a later one replaces an earlier one)
      if (!this.rulingStands(e)) return;
      const d = e.data as RulingData;
      // recorded in the state's rulings, not in the game's record lines (the record has its own ruling lines)
      const r = this.engine.apply(this.state, { type: 'director-ruling', flagId: d.flagId, ruling: d.ruling, ...(d.deadRack !== undefined ? { deadRack: d.deadRack } : {}), at: e.at, ref });
      this.state = r.state;
      this.askRefold(r.refold);
    } else if (e.type === 'director-entry') {
      try {
        const { by, rack, ...d } = e.data as AnyDirectorEntry & { by?: string };
        this.applyEntry({ ...d, rack: rack ?? 0, by: by ?? 'director', at: e.at, ref } as StandardEntry);
      } catch (err) {
        // checked when entered: only a log edited by hand gets here, and it must not stop the fold
        if (!(err instanceof RulingError)) throw err;
      }
    }
  }

  /**
   * Every zone is heard again (`readers-heard`): the moves held since a zone was not heard are
   * judged now, from the aggregator as it was before them, in the order they happened at the table
   * (../moves/unheard.ts), each action at the time it happened.
   */
  private judgeUnheard(e: StoredEvent): void {
    const u = this.hold.stretch;
    if (!u) return;
    this.agg = u.moves;
    const window = stretchWindow(u.events, e.at);
    this.hold = { stretch: null, windows: new Map(this.hold.windows).set(e.seq, window), laidOut: [...this.hold.laidOut] };
    /** players whose top took tiles at times the hub had to place (../moves/unheard.ts: not known) */
    const placedOnTop = new Set<number>();
    this.replaying = true;
    for (const o of orderHeldMoves(this.table, this.places, u.events)) {
      const m = o.item;
      const at = o.known ? o.time : o.window.to;
      if (!o.known && m.to.area === 'top') placedOnTop.add(m.to.player);
      // the move layer marks the players whose rack was not heard at it (`hearing.players`: `unheard`)
      const placed = { tile: m.tile, from: m.from, to: m.to, at, ref: String(m.e.seq), seen: { unseen: m.unseen } };
      for (const a of this.agg.push(placed, this.moveView())) {
        const before = winnerOf(this.state);
        this.act(a, m.e);
        const won = winnerOf(this.state);
        const w = won && { player: won.player, exposures: won.mahJongg.exposuresBefore, discarder: won.mahJongg.claimedFrom };
        if (a.type === 'mah-jongg' && !before && w && placedOnTop.has(w.player)) {
          const who = this.table.players[w.player]?.name ?? `player ${w.player}`;
          this.hold.laidOut.push({
            rule: '000 SCORING: the discarder pays 10 to a winner with none or one exposure, 20 to one with two or more',
            player: w.player,
            tiles: this.agg.tilesAt('top', w.player),
            window: { ...window },
            title: `${who}'s Mah Jongg was laid out while her rack could not be heard: which of her exposures came before the call (${w.exposures} as the hub placed them${w.discarder === null ? ', self-picked' : ''}) is not known`,
            ref: a.ref,
          });
        }
      }
    }
    this.replaying = false;
  }

  /** What the referee did not judge because a rack was not heard (rules/variants/standard/play.ts `notSeen`), with the window of its stretch. */
  protected override notSeenMoves(): NonNullable<DirectorTableView['notSeen']> {
    const judged = this.state.notSeen.map((n) => {
      const at = n.at ?? n.window?.from ?? 0;
      const w = [...this.hold.windows.values()].find((x) => at >= x.from && at <= x.to) ?? { from: at, to: at };
      return { rule: n.rule, player: n.player, tiles: n.tiles.map(kindOf), window: { ...w }, title: n.title, ref: n.ref };
    });
    return [...judged, ...this.hold.laidOut.map((n) => ({ ...n, tiles: [...n.tiles], window: { ...n.window } }))];
  }

  protected rulableFlags(): readonly { id: string; status: string }[] {
    return listedFlags(this.views.flags(this.state, this.engineConfig.names), this.past);
  }

  protected endedGameNo(): number | null {
    return this.state.phase === 'ended' && this.state.gameNo > 0 ? this.state.gameNo : null;
  }

  protected gameInPlay(): number | null {
    const s = this.state;
    return s.gameNo > 0 && (s.phase === 'charleston' || s.phase === 'play') ? s.gameNo : null;
  }

  /**
   * The game in play ends as the director chose when the readers did not show it as the log had
   * it at a restart (../restart-check.ts). 000 read for a game no one has won yet (a game already
   * won is over, not in play):
   * - `score` (as it stood): the game is not completed, and 000 scores a game not completed zero
   *   for every player, as it does the fourth game past the round's clock; a look at a stolen tile
   *   entered for it still costs that player 10 (000: "at the end of that game");
   * - `void`: the game is annulled: 0 for every player, no penalty, and it counts as one of the
   *   round's four games (the card gets X X X X);
   * - `replay`: the game is not scored and goes on no card; the table is cleared and dealt again,
   *   and that deal takes the abandoned game's place on the card (the round still has four games).
   *   The hub's own game number goes on (the replay is game n + 1 of the table's log: each deal
   *   keeps its flags and evidence apart), while the card's game number stays the one abandoned.
   */
  protected endByRestart(d: RestartRulingData, endReason: string, e: StoredEvent): void {
    if (d.gameNo !== this.state.gameNo || this.gameInPlay() === null) return;
    this.stopGame(d.choice === 'score' ? `${endReason} (000: a game not completed scores zero)` : endReason, e.at, String(e.seq), d.choice);
  }

  /** @see TableMachine.gameRecord: the actions the standard referee took (000), the entries, count checks and stops, the standing rulings. */
  gameRecord(gameNo: number): GameRecord | null {
    const lines = this.records.lines.get(gameNo);
    if (!lines) return null;
    return {
      header: {
        format: GAME_RECORD_FORMAT,
        version: GAME_RECORD_VERSION,
        kind: 'standard',
        tableId: this.id,
        gameNo,
        players: this.table.players.map((p) => p.name),
        cards: this.recordCards(),
        // the walls as built (a game dealt by a script, with no walls built: the set in set order)
        walls: (this.records.walls.get(gameNo) ?? setOrderWalls()).map((w) => [...w]),
        scoring: structuredClone(this.settings),
        ...(this.table.killingExposureJokersInPlay ? { killingExposureJokersInPlay: true } : {}),
      },
      lines: [...structuredClone(lines), ...this.recordRulings(gameNo)],
    };
  }

  protected concealedOf(player: number): TileId[][] {
    return [this.agg.tilesAt('rack', player)];
  }

  /** One action of the move layer to the engine ({@link StandardTableEngine.take}), the earlier game kept in `past` at a deal. */
  private act(a: Action, e: StoredEvent): void {
    if (a.type === 'deal' && this.state.gameNo > 0) {
      this.past = [...this.past, this.pastGame(this.state)];
    }
    if (a.type === 'deal') {
      this.inferred = [];
      this.hold = { ...this.hold, laidOut: [] };
    }
    this.inferred.push(a);
    const r = this.take(a);
    // refused: the state stays as before the action (the engine works on a copy), the table plays on
    if (!r) return;
    // a replayed turn boundary is long past: the counts are checked at the next live one
    if (r.boundary && !this.replaying) this.turnBoundary(e.at);
  }

  /**
   * One action of the live table as the move layer read it (../moves/moves.ts: the engine's own
   * vocabulary, its walls counted as one), applied to the engine as it is and taken into the record
   * as it is. A deal begins a new game (its refused actions emptied first, its walls as built the
   * record's header). An action the engine refuses or throws on leaves the state as it was and is
   * listed (./refused.ts); a pass refused with blind tiles in the Charleston is the engine's
   * `blind-pass` flag, and the game goes on from the racks the readers hold (the `stray` moves
   * that make them, recorded).
   * @returns the engine's result, or null when it refused the action
   */
  private take(a: Action): EngineResult | null {
    if (a.type === 'deal') this.records.unplacedOf(this.state.gameNo + 1, true);
    else if (this.state.phase !== 'waiting' && this.state.phase !== 'ended') this.records.take(this.state.gameNo, { action: a });
    const before = this.state;
    try {
      const r = this.engine.apply(this.state, a);
      this.state = r.state;
      if (a.type === 'deal') {
        this.records.begin(this.state.gameNo, this.agg.builtWalls ?? undefined);
        this.records.take(this.state.gameNo, { action: a });
      }
      if (listRefused(this.records, a, r, this.engineConfig)) this.goOnAsRead(a);
      return r;
    } catch (err) {
      this.state = before;
      listThrown(this.records, a, err);
      return null;
    }
  }

  /** After a pass refused with blind tiles: the racks made the readers' by `stray` moves, recorded and applied. */
  private goOnAsRead(a: Action): void {
    const racks = racksById(this.table.players.map((_, i) => this.agg.tilesAt('rack', i)));
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
   * The hub ends the game in play here (the table was cleared after a ruling undid its end, or the
   * director chose after a restart): a `stop` the engine applies (000 scores a game not completed
   * zero for every player, a look at a stolen tile entered still costing 10; `void` is 0 with no
   * penalty; `replay` has no score), recorded. Nothing happens when no game is in play.
   * @param endReason the views' words (kept as given)
   */
  private stopGame(endReason: string, at: number, ref: string, choice?: 'score' | 'void' | 'replay'): void {
    const s = this.state;
    if (s.gameNo === 0 || (s.phase !== 'charleston' && s.phase !== 'play')) return;
    const action: Action = { type: 'stop', reason: endReason, ...(choice ? { choice } : {}), at, ref };
    this.records.take(s.gameNo, { action });
    this.state = this.engine.apply(s, action).state;
  }

  /** The actions the referee refused in this game (`unexplained`), for the director (hub/api/views.ts `unplaced`). */
  protected override unplacedMoves(): NonNullable<DirectorTableView['unplaced']> {
    return [...this.unexplained];
  }

  /**
   * After a settled turn boundary: each live player's rack and top as counted by the readers
   * against the engine's count (NMJL: 13 off turn, 14 on), judged by the engine: one `rack-count`
   * flag per player and game. Taken into the record during play only.
   * @param skip players whose readers were not trusted at the check
   */
  private countCheck(e: StoredEvent, skip: number[]): void {
    if (this.state.phase !== 'play') return;
    const action: Action = { type: 'count-check', skipPlayers: [...skip], counted: this.agg.counts().total.map((n) => [n]), at: e.at, ref: String(e.seq) };
    this.records.take(this.state.gameNo, { action });
    const r = this.engine.apply(this.state, action);
    this.state = r.state;
  }

  // ------------------------------------------------------------------ director

  /**
   * A director's entry of what no reader can witness on this standard table (000), appended to the
   * log as `director-entry` `{ entry, player, rack, by }` and folded in order like a ruling:
   * - `{ entry: 'looked-at-stolen-tile', player }`: −10 points for `player` at the end of the game
   *   (the scorer's `lookedAtStolenTile`); entered after the end, the score changes at once;
   * - `{ entry: 'dead-declared-in-error', player }`: `player` declared a hand dead in error, so
   *   `player`'s hand is dead (000): no more picks or discards, 0 points at the end (no wall-game bonus);
   * - `{ entry: 'announced-line', player, line }`: the line `player` announced for the Mah Jongg,
   *   on a table whose settings pay the announced line (`paidLine: "announced"`): entered during
   *   the game, it is paid when the Mah Jongg comes (if the tiles complete it); entered after it,
   *   the score changes at once. Until one is entered the best line is paid;
   * - `{ entry: 'declared-dead', player, declared }`: `player` declared `declared`'s hand dead during
   *   play; the hub judges it from the exposures and the discards only (never a concealed tile): the
   *   declared hand dies when no line of the card can still be made, else `player`'s (000). The
   *   verdict and its reason (a line still open, or why none is) are a `declared-dead` flag;
   * - `{ entry: 'misnamed-discard', player, for, named?, ruling? }`: `player` claimed a discard named
   *   wrongly (NMJL practice): for `mah-jongg` the Mah Jongg stands (as `named`) and the namer pays
   *   as the discarder; for `exposure` the director's `ruling` keep-exposure or dead is applied.
   * An entry after the end changes the table's score; a score card the tournament already wrote
   * is corrected by the director (hub/tournament).
   * @param by who entered it, e.g. "director"
   * @throws RulingError 400 bad player / rack / a Siamese entry / a line not on the table's cards,
   *   409 no game, already entered, hand already dead, the winner / winning discarder declared dead
   *   after the Mah Jongg, an announced line on a table that pays the best line, or one the winner's
   *   tiles do not complete (the lines they complete are named)
   */
  enter(entry: AnyDirectorEntry, by: string): void {
    this.entryResult(this.entryAction(entry, 'new', this.now()));
    // what the entry says beside its kind and player: the line announced, the declared hand, the mis-named discard's claim
    const { entry: kind, player, rack, ...extra } = entry as AnyDirectorEntry & Record<string, unknown>;
    this.logEntry({ entry: kind, player, rack: rack ?? 0, ...extra, by });
  }

  /** A director entry as the engine's `director-entry` action (what it says beside its kind and player kept: the line, the declared hand, the mis-named discard's claim). */
  private entryAction(entry: { entry: AnyDirectorEntry['entry']; player: number; rack?: number }, ref: string, at: number): Action {
    const { entry: kind, player, rack, ...rest } = entry as typeof entry & Record<string, unknown>;
    return { type: 'director-entry', entry: kind as StandardEntry['entry'], player, rack: rack ?? 0, ...rest, at, ref } as Action;
  }

  /**
   * The engine's state after a director entry (rules/variants/standard/entries.ts); the state is untouched.
   * @throws RulingError for an entry the engine refuses (its words and status): 400 a bad player
   *   or an entry of another table kind, a declared-dead without `declared` or naming the
   *   declarer; 409 no game, already entered, hand already dead, a declaration outside play, or
   *   the winner / the discarder of the winning tile
   */
  private entryResult(a: Action): GameState {
    try {
      return this.engine.apply(this.state, a).state;
    } catch (err) {
      if (err instanceof EntryError) throw new RulingError(err.status, err.message);
      throw err;
    }
  }

  /** Applies a director entry from the log and takes it into the record. @throws RulingError as {@link StandardTableEngine.entryResult} */
  private applyEntry(entry: StandardEntry): void {
    const { at, ref, ...sent } = entry;
    const next = this.entryResult(this.entryAction(sent, ref, at));
    const { entry: kind, player, rack, ...rest } = entry;
    this.records.take(this.state.gameNo, { action: { type: 'director-entry', entry: kind, player, rack, ...rest } });
    this.state = next;
  }

  // ------------------------------------------------------------------ views out

  /** The scoring settings in force on this table (rules/scoring/settings.ts). */
  scoringSettings(): ScoringSettings {
    return structuredClone(this.settings);
  }

  /**
   * The engine's state now (rules/game/state.ts), the director's entries applied: what the tests,
   * the tournament's score card and the simulator's measures read, through the 4-player read
   * helpers of rules/variants/standard/play.ts (`concealedOf`, `wallLeftOf`, `turnHasOf`, `winnerOf`, ...).
   */
  gameState(): GameState {
    return this.state;
  }

  /**
   * The actions the move layer read from the moves of the current game (../moves/moves.ts), in
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
    return this.agg.counts();
  }

  /** Game `s` as the views keep it once the next game has begun (../past.ts). */
  private pastGame(s: GameState): PastGame {
    const src = this.viewSource();
    return pastGameOf(s, this.views.flags(s, this.engineConfig.names), this.views.points(s), this.views.score(s, undefined), (f) => this.evidenceSource(f, src));
  }

  /** What flag `f`'s evidence is made from: the event it was raised at, the counts beside it. */
  private evidenceSource(f: GameFlag, src: ViewSource): EvidenceSource {
    return { flagId: f.id, lastSeq: raisedAt(f, this.bySeq), counts: this.views.evidenceCounts(f, src) };
  }

  /** What the views are built from now (../variant-views.ts). */
  private viewSource(): ViewSource {
    return {
      table: this.table,
      cards: this.cards,
      state: this.state,
      moves: this.agg,
      untrusted: this.untrustedReaders(this.readers.statuses(this.now())),
      readerOfRack: (p, r) => this.readerOfRack(p, r),
      inferred: this.inferred,
    };
  }

  publicView(): PublicTableView {
    const s = this.state;
    const statuses = this.readers.statuses(this.now());
    const src = { ...this.viewSource(), untrusted: this.untrustedReaders(statuses) };
    return {
      tableId: this.id,
      variant: 'standard',
      gameNo: s.gameNo,
      ...(this.table.tileFaces ? { tileFaces: this.table.tileFaces } : {}), // the displays' faces (display/src/lib/faceStyle.ts)
      phase: s.phase === 'charleston' ? 'deal' : s.phase,
      ...this.views.own(src),
      endReason: s.endReason,
      turn: s.turn,
      players: this.views.players(src),
      walls: this.views.walls(src),
      discards: s.discards.map(kindOf),
      flags: listedFlags(this.views.flags(s, this.engineConfig.names), this.past),
      score: this.views.score(s, undefined),
      results: resultsOf(this.past, s, this.views.points(s), (g) => this.latestRulingOf(g)),
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

/**
 * What the move layer (../moves/moves.ts `MoveView`) reads of the 4-player engine's state `s`
 * before a move: the phase, the Charleston stage, the player on turn and what she did (picked,
 * called), the tiles left to pick, each seat's exposures as laid.
 */
export function standardMoveView(s: GameState): MoveView {
  return { phase: s.phase, turn: s.turn, stage: s.stage, wallLeft: wallLeftOf(s), turnHas: turnHasOf(s), exposures: (p) => exposuresOf(s, p) };
}
