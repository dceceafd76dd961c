/**
 * The live Royale Siamese table (003): the shared machinery of ./machine.ts (reads in, the
 * tick, the log and its fold, rulings, publishing, reconciliation across a reader's reconnect)
 * with the Siamese part: settled moves become actions (the move layer, ./moves/moves.ts), the one
 * rules engine with the Siamese variant (rules/game/apply.ts `createEngine(SIAMESE, …)`) folds them
 * on its `GameState`, the Siamese scorer (./score.ts) scores them.
 *
 * The event log is the truth. Event types of a table:
 * - `tile-moved` `{ tile, tag, from, to, lines, reconciled? }`: a settled move (at = when the tile came to rest)
 * - `count-check` `{ skipReaders }`: the tile counts are checked (a turn boundary has settled)
 * - `director-ruling` `{ flagId, ruling, by, deadRack?, changes? }`: the latest ruling on a flag stands
 * - `director-entry` `{ entry, player, rack, by }`: what no reader can witness: a mis-named discard
 *   claimed for a Mah Jongg (`misnamed-discard`, 003 rule 19C/D), or for an exposure
 *   (`misnamed-exposure`, with `named` and `unseenRacks`, 19A/B)
 * - `game-stopped` `{ gameNo }`: the table is being cleared after that game ended (./machine.ts)
 * - `restart-ruling` `{ gameNo, choice, by }`: the director's choice for a game the readers did not
 *   show as the log had it when the hub restarted (./restart-check.ts): the game ends
 * Every view is rebuilt from these by the fold, after a restart and after every director ruling
 * (from where the ruled game began: ./machine.ts).
 * An action on which the referee or the scorer throws (a fault of the rules code) leaves the state
 * as it was, stays in the log, and is listed for the director under "Moves the hub could not
 * place" with the error's words; play goes on, and a restart folds it the same way.
 */
import { isDeepStrictEqual } from 'node:util';
import { kindOf, type TileId } from '../../rules/tiles.js';
import type { Action } from '../../rules/game/actions.js';
import { applyAll, createEngine, type Engine } from '../../rules/game/apply.js';
import type { GameFlag } from '../../rules/game/flags.js';
import { initialGameState, type GameState } from '../../rules/game/state.js';
import { COUNT_RULES, SIAMESE } from '../../rules/variants/siamese.js';
import { samePlaces } from '../../rules/game/tile-places.js';
import type { Place } from '../../rules/game/places.js';
import { misnamedText } from '../../rules/game/misnamed.js';
import { isTileKind, TILES_IN_SET } from '../../rules/tiles.js';
import type { DirectorTableView, FlagEvidence, PublicTableView, ScoreView } from '../api/views.js';
import { DEFAULT_COUNT_RULE_IN_FORCE, type CountRuleInForce } from '../tournament/config.js';
import { RulingError, type AnyDirectorEntry, type DirectorEntry } from '../api/runtime.js';
import type { StoredEvent } from '../store/types.js';
import { MoveReader, SIAMESE_MOVES, turnView } from './moves/moves.js';
import { playersToSkip, topsOfReaders } from './moves/zones.js';
import { siameseViews } from './siamese/views.js';
import type { VariantViews, ViewSource } from './variant-views.js';
import { listedEvidence, listedFlags, pastGameOf, raisedAt, resultsOf, type EvidenceSource, type PastGame } from './past.js';
import { STOPPED_REASON, TableMachine, countCheckSkips, type CountCheckData, type EngineOptions, type GameStoppedData, type RulableFlag, type RulingData, type TileMovedData } from './machine.js';
import type { RestartRulingData } from './restart-check.js';
import type { TableFold } from './fold.js';
import { sameRecordsFrom, TableRecords, withRecordsOf } from './records.js';
import { GAME_RECORD_FORMAT, GAME_RECORD_VERSION, SIAMESE_SCORING, wallsOf, type GameRecord } from '../../rules/record/game-record.js';

/** The Siamese fold ({@link TableFold}): the earlier games as summaries (./past.ts); no move is held (`judge-now`). */
type SiameseFold = TableFold<PastGame, never>;

export { REBOOT_SILENCE_MS, type CountCheckData, type EngineOptions, type ReaderHealth, type RulingData, type TileMovedData } from './machine.js';

/**
 * Settle windows per area (ms), measured with `npm run measure:noise` (README, "Noise"): inside a
 * rack and on its top 400 ms, longer than a cross-read between the two antennas of one rack
 * reader lasts (up to 300 ms), so a cross-read never settles; walls and the floor use the table
 * config's `timing.settleMs` (250 ms in the demo).
 */
export const DEFAULT_SETTLE_BY_AREA: Partial<Record<Place['area'], number>> = { rack: 400, top: 400 };

/** What a Royale Siamese table takes beside the shared options. */
export interface SiameseEngineOptions extends EngineOptions {
  /**
   * the 003 rule 18 count rule in force and the config field it comes from (hub/hub.ts resolves it
   * with the tournament: hub/tournament/config.ts `countRulesInForce`); absent: the table config's
   * own `countRule`, else 18D
   */
  countRule?: CountRuleInForce;
}

/** One live Royale Siamese table. Implements the API's TableRuntime. */
export class TableEngine extends TableMachine<SiameseFold> {
  /** the count rule this table plays (003 rule 18A or 18D) and where it was chosen */
  readonly countRule: CountRuleInForce;
  private engine!: Engine;
  private state!: GameState;
  /** the table's earlier games, each as it stood when the next game began (./past.ts; from the fold; a new array when one is added) */
  private past: readonly PastGame[] = [];
  /** the Siamese parts of the views (./siamese/views.ts), made with the engine */
  private views!: VariantViews;
  /** settled moves into actions (./moves/moves.ts, `judge-now`): it keeps the readers in a move's `unseen` since the last `readers-heard` event */
  private moves = this.newMoveReader();
  /** each game's walls and record lines, the current game's refused actions, the restart choices (./records.ts) */
  private readonly records = new TableRecords();

  /** @throws Error when the table is not a Siamese table */
  constructor(opts: SiameseEngineOptions) {
    if (opts.table.variant !== 'siamese') throw new Error(`table ${opts.table.id}: only the Siamese variant is played by this hub version`);
    super(opts, { ...DEFAULT_SETTLE_BY_AREA, ...(opts.settleByArea ?? {}) });
    const own = opts.table.countRule;
    this.countRule = opts.countRule ?? (own ? { rule: own, source: 'table', field: `table config: table ${opts.table.id}: countRule` } : DEFAULT_COUNT_RULE_IN_FORCE);
    this.rebuild();
    this.beginRestartCheck();
  }

  // ------------------------------------------------------------------ the fold

  protected resetFold(): void {
    this.engine = createEngine(SIAMESE, {
      names: this.table.players.map((p) => p.name),
      racksPerPlayer: this.table.racksPerPlayer,
      tilesPerWall: this.table.tilesPerWall,
      wallOrder: this.table.wallOrder,
      cards: this.cards,
      countRule: this.countRule.rule,
    });
    this.views = siameseViews(this.table.players, this.engine.lowestCardValue);
    // the director's rulings stand from the start: a flag is raised as ruled (rules/game/apply.ts)
    this.state = { ...initialGameState({ variant: 'siamese', seats: this.table.players.length, racksPerSeat: this.table.racksPerPlayer }), rulings: this.standingRulings() };
    this.records.clear();
    this.records.unplacedOf(this.state.gameNo);
    this.past = [];
    this.moves = this.newMoveReader();
  }

  /** The move layer of this table: the Siamese reading, its hearing marked at once (`judge-now`, 003 rules 11 and 20). */
  private newMoveReader(): MoveReader {
    return new MoveReader(SIAMESE_MOVES, { topsOf: (readers) => topsOfReaders(this.table, readers) });
  }

  /** One event into the engine: a move as the actions it is (./moves/moves.ts), a count check (003 rule 18C), an entry (19C/D). */
  protected foldEvent(e: StoredEvent): void {
    /** the event's actions: a move as the move layer read it, or the one action of a count check, an entry, readers heard */
    let actions: Action[] | null = null;
    const ref = String(e.seq);
    if (e.type === 'tile-moved') {
      const d = e.data as TileMovedData;
      const to = this.places.get(d.to);
      if (!to) {
        this.moves.notHeard(d.unseen ?? []);
        return;
      }
      const from = d.from === null ? null : (this.places.get(d.from) ?? null);
      // what the hub could not hear at the move: the move layer marks it (`hearing`), and what
      // depends on it (the current wall, a top not seen whole) is judged later (rules/game/apply.ts)
      const seen = {
        ...(d.unseen?.length ? { unseen: d.unseen } : {}),
        ...(d.unconfirmed?.length ? { unconfirmed: d.unconfirmed } : {}),
        ...(d.reconciled ? { reconciled: true } : {}),
        ...(d.left ? { left: d.left } : {}),
      };
      actions = this.moves.push({ tile: d.tile, from, to, at: e.at, ref, seen }, turnView(this.state.phase, this.state.turn));
    } else if (e.type === 'director-entry') {
      const d = e.data as DirectorEntry;
      actions = [
        {
          type: 'director-entry',
          entry: d.entry,
          player: d.player,
          rack: d.rack,
          ...(d.entry === 'misnamed-exposure' ? { named: d.named, unseenRacks: d.unseenRacks ?? [] } : {}),
          at: e.at,
          ref,
        },
      ];
    } else if (e.type === 'director-ruling') {
      // the standing ruling on a flag, as the engine's action (a later one replaces an earlier one)
      if (!this.rulingStands(e)) return;
      const d = e.data as RulingData;
      const result = this.engine.apply(this.state, { type: 'director-ruling', flagId: d.flagId, ruling: d.ruling, ...(d.deadRack !== undefined ? { deadRack: d.deadRack } : {}), at: e.at, ref });
      this.state = result.state;
      this.askRefold(result.refold);
      return;
    } else if (e.type === 'readers-heard') {
      this.moves.heard();
      actions = [{ type: 'readers-heard', at: e.at, ref }];
    } else if (e.type === 'count-check') {
      const d = e.data as CountCheckData;
      // a count that waits on a tile not seen is not judged; a check of its own judges only those players (./machine/not-seen.ts)
      actions = [{ type: 'count-check', skipPlayers: countCheckSkips(this.table.players.length, this.playersToSkip(d.skipReaders), d.waiting, d.only), at: e.at, ref }];
    } else if (e.type === 'game-stopped') {
      // the end of this game stands here whatever a later ruling says: it is scored as it stood
      const d = e.data as GameStoppedData;
      if (this.state.gameNo === d.gameNo && this.state.phase !== 'ended') {
        this.state = { ...this.state, phase: 'ended', endReason: `${STOPPED_REASON} (003 rule 17)`, turn: null };
        this.records.take(d.gameNo, { action: { type: 'stop', reason: this.state.endReason!, at: e.at, ref } });
      }
    }
    if (!actions) return;
    this.records.unplacedOf(this.state.gameNo);
    // the game's record takes every action but the moves after its end (the table being cleared
    // and the next walls built: the referee takes no move then, and the next game's header has its walls)
    const isMove = e.type === 'tile-moved';
    // in the one vocabulary (rules/GAME-RECORD.md version 2), as the referee applies it: a move as the move layer read it
    if (!isMove || this.state.phase !== 'ended') for (const a of actions) this.records.take(this.state.gameNo, { action: a });
    try {
      const result = applyAll(this.engine, this.state, actions);
      if (result.state.gameNo > this.state.gameNo && this.state.gameNo > 0) this.past = [...this.past, this.pastGame(this.state)];
      if (result.state.gameNo > this.state.gameNo) this.records.begin(result.state.gameNo, wallsOf(result.state.where, Math.max(...this.table.wallOrder) + 1));
      this.state = result.state;
      if (result.boundary) this.turnBoundary(e.at);
    } catch (err) {
      // a fault of the referee or the scorer on this action: the state stays as before it (the
      // referee works on a copy), the event stays in the log, the director sees it, play goes on
      // named by the move's own action (a declaration after it, or a pick before its discard, aside)
      const named = actions.filter((a) => a.type !== 'mah-jongg').at(-1) ?? actions[0]!;
      this.records.unplaced.push({ at: e.at, action: named.type, reason: err instanceof Error ? err.message : String(err), ref });
    }
  }

  protected foldGameNo(): number {
    return this.state.gameNo;
  }

  protected saveFold(): SiameseFold {
    return { state: this.state, moves: this.moves.clone(), past: this.past, held: null, records: this.records.save(this.state.gameNo) };
  }

  protected restoreFold(f: SiameseFold): void {
    this.state = { ...f.state, rulings: this.standingRulings() };
    this.past = f.past;
    this.moves = f.moves.clone();
    // the games begun after `f` are gone; the current game's lines as they stood (folded again from there)
    this.records.restore(f.records, f.state.gameNo);
  }

  /** The engine's state (where every tile is, the new game's), the readers not heard and the new game's records: what the next moves are folded on (the rulings aside: a fold put back takes the standing ones). */
  protected sameGameStart(a: SiameseFold, b: SiameseFold): boolean {
    const { where: wa, rulings: _ra, ...restA } = a.state;
    const { where: wb, rulings: _rb, ...restB } = b.state;
    return samePlaces(wa, wb) && isDeepStrictEqual(restA, restB) && isDeepStrictEqual(a.moves.unheardReaders, b.moves.unheardReaders) && sameRecordsFrom(a.records, b.records, a.state.gameNo);
  }

  /** Game `gameNo` as it ended (in `past`) and its records (walls, lines, restart choice, unplaced moves while they are the ones listed). */
  protected withGameRecord(gameNo: number, from: SiameseFold, into: SiameseFold): SiameseFold {
    const ended = from.past.find((g) => g.gameNo === gameNo);
    return {
      ...into,
      past: ended ? into.past.map((g) => (g.gameNo === gameNo ? ended : g)) : into.past,
      records: withRecordsOf(gameNo, from.records, into.records),
    };
  }

  /** The actions of the current game the referee threw on, for the director ("Moves the hub could not place"). */
  protected override unplacedMoves(): NonNullable<DirectorTableView['unplaced']> {
    return [...this.records.unplaced];
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

  /** What the engine could not judge (rules/game/state.ts `notSeen`): every entry on this table has its window (003 rules 17, 19, 20). */
  protected override notSeenMoves(): NonNullable<DirectorTableView['notSeen']> {
    return this.state.notSeen.flatMap((n) => (n.window ? [{ rule: n.rule, player: n.player, tiles: [...n.tiles], window: { ...n.window }, title: n.title, ref: n.ref }] : []));
  }

  /** The listed flags as the rulings read them: with their `kind`, the word their id carries (a wrong-wall flag's dead-hand choice is checked by it). */
  protected rulableFlags(): readonly RulableFlag[] {
    return listedFlags(this.views.flags(this.state, this.names()), this.past);
  }

  protected endedGameNo(): number | null {
    return this.state.phase === 'ended' && this.state.gameNo > 0 ? this.state.gameNo : null;
  }

  protected gameInPlay(): number | null {
    return this.state.phase === 'deal' || this.state.phase === 'play' ? this.state.gameNo : null;
  }

  /**
   * The game in play ends as the director chose at a restart: `score` keeps the score as it stood
   * (the Mah Jonggs made so far, 003 rule 17), `void` is 0 for both, `replay` has no score (see
   * {@link restartScore}).
   */
  protected endByRestart(d: RestartRulingData, endReason: string, e: StoredEvent): void {
    if (d.gameNo !== this.state.gameNo || this.state.phase === 'ended' || this.state.phase === 'waiting') return;
    this.state = { ...this.state, phase: 'ended', endReason, turn: null };
    this.records.restartChoices.set(d.gameNo, d.choice);
    this.records.take(d.gameNo, { action: { type: 'stop', reason: endReason, choice: d.choice, at: e.at, ref: String(e.seq) } });
  }

  /** @see TableMachine.gameRecord: the walls as built, the actions the Siamese referee took (003), the standing rulings. */
  gameRecord(gameNo: number): GameRecord | null {
    const lines = this.records.lines.get(gameNo);
    if (!lines) return null;
    const t = this.table;
    return {
      header: {
        format: GAME_RECORD_FORMAT,
        version: GAME_RECORD_VERSION,
        kind: 'siamese',
        tableId: this.id,
        gameNo,
        players: t.players.map((p) => p.name),
        cards: this.recordCards(),
        racksPerPlayer: t.racksPerPlayer,
        tilesPerWall: t.tilesPerWall,
        wallOrder: [...t.wallOrder],
        walls: (this.records.walls.get(gameNo) ?? []).map((w) => [...w]),
        // the settings a game record carries in its header (rules/GAME-RECORD.md)
        scoring: { ...SIAMESE_SCORING, countRule: this.countRule.rule },
      },
      lines: [...structuredClone(lines), ...this.recordRulings(gameNo)],
    };
  }

  /** The players' names, in seat order. */
  private names(): string[] {
    return this.table.players.map((p) => p.name);
  }

  /** Game `s` as the views keep it once the next game has begun (./past.ts). */
  private pastGame(s: GameState): PastGame {
    const choice = this.records.restartChoices.get(s.gameNo);
    const src = this.viewSource();
    return pastGameOf(s, this.views.flags(s, this.names()), this.views.points(s), this.views.score(s, choice), (f) => this.evidenceSource(f, src));
  }

  /** What flag `f`'s evidence is made from: the event it was raised at, the counts beside it. */
  private evidenceSource(f: GameFlag, src: ViewSource): EvidenceSource {
    return { flagId: f.id, lastSeq: raisedAt(f, this.bySeq), counts: this.views.evidenceCounts(f, src) };
  }

  /** What the views are built from now (./variant-views.ts). */
  private viewSource(): ViewSource {
    return {
      table: this.table,
      cards: this.cards,
      state: this.state,
      moves: this.moves,
      untrusted: this.untrustedReaders(this.readers.statuses(this.now())),
      readerOfRack: (p, r) => this.readerOfRack(p, r),
      inferred: [],
    };
  }

  /**
   * The score on the views: the game's own, except while the next game's walls are built and no
   * tile is dealt yet (phase `deal`, every tile in a wall): then the previous game's final score,
   * with its `gameNo` (a game's final score stays on screen until the next deal begins).
   */
  private shownScore(s: GameState): ScoreView | null {
    const previous = this.past.at(-1);
    if (s.phase === 'deal' && s.where.inWalls() === TILES_IN_SET && previous?.gameNo === s.gameNo - 1) {
      const kept = previous.score;
      if (kept) return { ...kept, final: true, gameNo: previous.gameNo };
    }
    return this.views.score(s, this.records.restartChoices.get(s.gameNo));
  }

  protected concealedOf(player: number): TileId[][] {
    return Array.from({ length: this.table.racksPerPlayer }, (_, r) => this.state.where.tilesIn({ area: 'rack', player, rack: r }));
  }

  // ------------------------------------------------------------------ director

  /**
   * @see TableRuntime.enter. A mis-named discard claimed for a Mah Jongg (`misnamed-discard`, 003
   * rule 19C/D) or for an exposure ({@link TableEngine.enterMisnamedExposure}, 19A/B).
   */
  enter(any: AnyDirectorEntry, by: string): void {
    if (any.entry === 'misnamed-exposure') {
      this.enterMisnamedExposure(any, by);
      return;
    }
    if (any.entry !== 'misnamed-discard' || typeof any.rack !== 'number') {
      throw new RulingError(400, `a Siamese table takes only a mis-named discard entry (003 rule 19), not '${any.entry}'`);
    }
    const entry: DirectorEntry = { entry: 'misnamed-discard', player: any.player, rack: any.rack };
    const nP = this.table.players.length;
    const nR = this.table.racksPerPlayer;
    if (!Number.isInteger(entry.player) || entry.player < 0 || entry.player >= nP) throw new RulingError(400, `table ${this.id} has players 0-${nP - 1}, not ${String(entry.player)}`);
    if (!Number.isInteger(entry.rack) || entry.rack < 0 || entry.rack >= nR)
      throw new RulingError(400, `table ${this.id}: player ${entry.player} has racks 1-${nR} (rack 0-${nR - 1} in the entry), not rack ${String(entry.rack)}`);
    const mj = this.state.seats[entry.player]?.racks[entry.rack]?.mahJongg;
    if (!mj || mj.claimedFrom === null) {
      throw new RulingError(409, `no Mah Jongg on a called discard on player ${entry.player}'s rack ${entry.rack + 1} of table '${this.id}'`);
    }
    if (mj.misnamedDiscard) throw new RulingError(409, 'that mis-named discard was already entered');
    this.logEntry({ ...entry, by });
  }

  /**
   * A mis-named discard claimed for an exposure (003 rule 19A/B): `player` called the discard this
   * turn and the discarder had named it `named`. Logged with the discarder's racks whose reader the
   * hub cannot trust now (`unseenRacks`); the referee then looks in the discarder's racks for a tile
   * of that kind (rules/game/misnamed.ts), and the director view's `misnamed` says what it found
   * and follows the correction.
   * @throws RulingError 400 a player not of the table, or `named` not a tile kind or the kind of the
   *   tile called; 409 no discard called by `player` this turn, the called tile not on a rack's top
   *   of theirs, its rack a Mah Jongg (that is 19C: `misnamed-discard`), or already entered
   */
  private enterMisnamedExposure(any: Extract<AnyDirectorEntry, { entry: 'misnamed-exposure' }>, by: string): void {
    const nP = this.table.players.length;
    if (!Number.isInteger(any.player) || any.player < 0 || any.player >= nP) throw new RulingError(400, `table ${this.id} has players 0-${nP - 1}, not ${String(any.player)}`);
    const who = this.table.players[any.player]!.name;
    if (typeof any.named !== 'string' || !isTileKind(any.named)) throw new RulingError(400, `named: ${JSON.stringify(any.named)} is not a tile kind (e.g. "5D", "N", "RD", "F")`);
    const called = this.state.phase === 'play' && this.state.turn === any.player ? this.state.seats[any.player]?.calledTile : null;
    if (!called)
      throw new RulingError(409, `${who} has called no discard this turn at table '${this.id}': a mis-named discard claimed for an exposure is entered during the claimer's turn (003 rule 19A/B)`);
    const at = this.state.where.get(called.tile);
    if (at?.area !== 'top' || at.player !== any.player) throw new RulingError(409, `the discard ${who} called (${called.tile}) is not on a rack's top of ${who}'s: no exposure to put right`);
    if (this.state.seats[any.player]!.racks[at.rack]!.mahJongg) {
      throw new RulingError(409, `the discard ${who} called (${called.tile}) completed a Mah Jongg on rack ${at.rack + 1}: enter misnamed-discard (003 rule 19C)`);
    }
    if (kindOf(called.tile) === any.named) throw new RulingError(400, `the discard ${who} called is a ${any.named} (${called.tile}): named ${any.named}, it was not mis-named`);
    if (this.state.misnamed.some((m) => m.tile === called.tile && m.claimer === any.player)) throw new RulingError(409, `that mis-named discard (${called.tile}) was already entered`);
    const untrusted = this.untrustedReaders(this.readers.statuses(this.now()));
    const unseenRacks = Array.from({ length: this.table.racksPerPlayer }, (_, r) => r).filter((r) => untrusted.has(this.readerOfRack(called.from, r) ?? ''));
    const entry: DirectorEntry = { entry: 'misnamed-exposure', player: any.player, rack: at.rack, named: any.named, unseenRacks };
    this.logEntry({ ...entry, by });
  }

  // ------------------------------------------------------------------ views out

  /**
   * The director view (./machine.ts) with the Siamese settings and entries: the 003 rule 18 count
   * rule in force (`countRule`) and this game's mis-named discards claimed for an exposure with
   * what the hub found in the discarder's racks (`misnamed`, 003 rule 19A/B).
   */
  override directorView(): DirectorTableView {
    const names = this.table.players.map((p) => p.name);
    const misnamed = this.state.misnamed.map((m) => ({
      claimer: m.claimer,
      rack: m.rack,
      tile: m.tile,
      named: m.named,
      discarder: m.discarder,
      status: m.status,
      holds: m.holds,
      replacement: m.replacement,
      text: misnamedText(m, names),
      at: m.at,
    }));
    return {
      ...super.directorView(),
      countRule: { ...this.countRule, meaning: COUNT_RULES[this.countRule.rule] },
      ...(misnamed.length ? { misnamed } : {}),
    };
  }

  /** The engine's state now (for tests and the CLI). */
  gameState(): GameState {
    return this.state;
  }

  publicView(): PublicTableView {
    const s = this.state;
    const statuses = this.readers.statuses(this.now());
    const src = { ...this.viewSource(), untrusted: this.untrustedReaders(statuses) };
    return {
      tableId: this.id,
      variant: this.table.variant,
      gameNo: s.gameNo,
      // the Siamese engine never enters the Charleston (003 rule 7); the views call it `deal`, as on the 4-player table
      phase: s.phase === 'charleston' ? 'deal' : s.phase,
      ...(this.table.tileFaces ? { tileFaces: this.table.tileFaces } : {}), // the displays' faces (display/src/lib/faceStyle.ts)
      ...this.views.own(src),
      endReason: s.endReason,
      turn: s.turn,
      players: this.views.players(src),
      walls: this.views.walls(src),
      discards: s.discards.map(kindOf),
      flags: listedFlags(this.views.flags(s, this.names()), this.past),
      results: resultsOf(this.past, s, this.views.points(s), (g) => this.latestRulingOf(g)),
      score: this.shownScore(s),
      readers: statuses,
      updatedAt: this.events.at(-1)?.at ?? 0,
    };
  }

  /** The evidence of every listed flag (the current game's, then the earlier games' awaiting the director). */
  protected flagEvidence(): FlagEvidence[] {
    const src = this.viewSource();
    const current = this.views.flags(this.state, this.names()).map((x) => this.evidenceSource(x.flag, src));
    return listedEvidence(current, this.past).map((x) => this.evidenceOf(x.flagId, x.lastSeq, x.counts));
  }
}
