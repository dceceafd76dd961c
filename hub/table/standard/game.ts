/**
 * The standard 4-player game's fold (000 on NMJL play), without readers, on the one engine
 * (`standardEngine`, `createEngine(STANDARD, …)` on `GameState`, which judges everything: the actions, the director's
 * entries, the count checks with the readers' counts (`rack-count`), a refused blind pass
 * (`blind-pass`) gone on as read, the hub's stops). This fold keeps what is not the game's: the
 * refused actions, the walls as built, and each line taken as a record line in the one vocabulary
 * (rules/GAME-RECORD.md version 2: the action the engine took, a `count-check`, a
 * `director-entry`, the `stray` moves of the racks as read, a `stop`). The live table (./engine.ts)
 * feeds it from its log, and records each line it takes; a record read back (hub/record/replay.ts)
 * feeds it the same lines, so the two give the same flags and points.
 */
import type { Engine } from '../../../rules/game/apply.js';
import type { Action } from '../../../rules/game/actions.js';
import type { GameFlag } from '../../../rules/game/flags.js';
import { initialGameState, type GameState } from '../../../rules/game/state.js';
import { standardEngine } from '../../../rules/variants/standard.js';
import { concealedOf, said, STANDARD_SHAPE, winnerOf } from '../../../rules/variants/standard/play.js';
import { ENTRY_FLAG_CODES, EntryError, notCompleted } from '../../../rules/variants/standard/entries.js';
import type { ScoringSettings } from '../../../rules/scoring/settings.js';
import type { Card } from '../../../rules/card/types.js';
import type { TileId } from '../../../rules/tiles.js';
import type { RecordLine, StandardEntry } from '../../../rules/record/game-record.js';
import { racksById, straysToRacks } from '../../../rules/record/upgrade.js';
import type { PublicFlag, ScoreView } from '../../api/views.js';
import { TableRecords, type Unplaced } from '../records.js';
import { RulingError, type AnyDirectorEntry } from '../../api/runtime.js';
import type { NmjlPractice } from '../../../rules/variants/standard/misdeal.js';
import { NMJL_PRACTICE_DEFAULTS } from '../../../rules/variants/standard/misdeal.js';
import { consequenceOf, titleOf, type FlagParamsByCode } from '../../../rules/wording/flags.js';

/** Settings of a standard game fold. */
export interface StandardGameConfig {
  /** player names, index 0 is East */
  names: readonly string[];
  cards: readonly Card[];
  /** the scoring settings (rules/scoring/settings.ts): a tournament's, or the table's own (default 000's) */
  settings: Readonly<ScoringSettings>;
  /** whether the jokers of the exposure that made a hand dead stay in play (rules/variants/standard/play.ts; default false) */
  killingExposureJokersInPlay?: boolean;
  /** the table's NMJL practice settings, not in 000 (rules/variants/standard/misdeal.ts; default all on) */
  practice?: NmjlPractice;
}

/**
 * The flags a view lists, in the order the hub has always listed them: the referee's, the refused
 * blind passes, the rack-count mismatches, then the flags of the director's entries (each group in
 * the order raised).
 */
const LISTED_LAST: readonly (readonly string[])[] = [['blind-pass'], ['rack-count'], ENTRY_FLAG_CODES];

/** The standard game's fold of the live table's actions and of record lines on the one engine; `game` is the engine's state, which the views read. */
export class StandardGame {
  /** the engine's state (rules/game/state.ts) */
  game: GameState = initialGameState(STANDARD_SHAPE);
  private readonly engine: Engine;
  /** each game's record lines and walls as built, the current game's refused actions (../records.ts) */
  readonly records = new TableRecords();

  constructor(
    private readonly config: StandardGameConfig,
    tableId?: string,
  ) {
    this.engine = standardEngine({
      names: config.names,
      cards: config.cards,
      settings: config.settings,
      killingExposureJokersInPlay: config.killingExposureJokersInPlay ?? false,
      practice: config.practice ?? NMJL_PRACTICE_DEFAULTS,
      ...(tableId ? { tableId } : {}),
    });
  }

  /**
   * A fold that begins at game `gameNo` + 1 (a record of one game read back).
   * @param rulings the director's standing rulings on its flags (`GameState.rulings`)
   */
  beginAt(gameNo: number, rulings: GameState['rulings'] = new Map()): void {
    this.game = { ...initialGameState(STANDARD_SHAPE), gameNo, rulings };
  }

  /** The director's standing rulings (the table's log) into the state, as a fold begins or is put back (`GameState.rulings`). */
  seedRulings(rulings: GameState['rulings']): void {
    this.game = { ...this.game, rulings };
  }

  /**
   * A director's ruling (`director-ruling`) applied by the engine: recorded in the state's
   * rulings, not in the game's record lines (the record has its own ruling lines).
   * @returns the game to fold again from where it began (the ruling changes an outcome), or null
   */
  rule(a: Action): number | null {
    const r = this.engine.apply(this.game, a);
    this.game = r.state;
    return r.refold ?? null;
  }

  /** The actions of the current game the engine refused as impossible or threw on (`records.unplaced`). */
  get unexplained(): readonly Unplaced[] {
    return this.records.unplaced;
  }

  private take(line: RecordLine): void {
    this.records.take(this.game.gameNo, line);
  }

  /** Lists an action the engine refused or threw on (`reason`: the error's words) as the current game's. */
  private refuse(a: { ref: string; at: number }, action: string, reason: string): void {
    this.records.unplaced.push({ at: a.at, action, reason, ref: a.ref });
  }

  /** One action through the engine; the state changes only when it applies. @throws what the engine throws */
  private apply(a: Action): { flags: GameFlag[]; boundary: boolean } {
    const r = this.engine.apply(this.game, a);
    this.game = r.state;
    return r;
  }

  /**
   * One action of the live table as the move layer read it (hub/table/moves/moves.ts: the engine's
   * own vocabulary, its walls counted as one), applied to the engine as it is and taken into the
   * record as it is. A deal begins a new game (its lists emptied first). An action the engine
   * refuses or throws on leaves the state as it was and is listed in `unexplained`; a refused pass
   * with blind tiles in the Charleston is a `blind-pass` flag the engine raises, and the game goes
   * on from `asRead()` (the racks the readers hold: the `stray` moves that make them) when given.
   * @param walls with a deal: the table's walls as built before it (the record's header; absent: none seen built)
   * @returns the engine's result, or null when it refused the action
   */
  act(a: Action, asRead?: () => readonly TileId[][], walls?: readonly (readonly TileId[])[]): { flags: GameFlag[]; boundary: boolean } | null {
    if (a.type === 'deal') this.records.unplacedOf(this.game.gameNo + 1, true);
    else if (this.game.phase !== 'waiting' && this.game.phase !== 'ended') this.take({ action: a });
    const before = this.game;
    try {
      const r = this.apply(a);
      if (a.type === 'deal') {
        this.records.begin(this.game.gameNo, walls);
        this.take({ action: a });
      }
      const refused = r.flags.find((f) => f.code === 'blind-pass');
      if (refused) this.goOnAsRead(a, refused, asRead);
      if (a.type === 'mah-jongg') this.announcedNotPaid(a);
      return r;
    } catch (err) {
      this.game = before;
      this.refuse(a, said(a), err instanceof Error ? err.message : String(err));
      return null;
    }
  }

  /**
   * One line of a game record as the engine takes it (hub/record/replay.ts): applied straight to
   * the engine, a refused one listed in `unexplained` (the state as before it). A pass refused with
   * blind tiles is the engine's `blind-pass` flag (the record's next lines are the `stray` moves of
   * the racks as read).
   */
  play(a: Action): void {
    if (a.type === 'deal') this.records.unplacedOf(this.game.gameNo + 1, true);
    try {
      const r = this.apply(a);
      if (a.type === 'deal') this.records.begin(this.game.gameNo);
      if (a.type !== 'stop' || this.records.lines.has(this.game.gameNo)) this.take({ action: a });
      const refused = r.flags.find((f) => f.code === 'blind-pass');
      if (refused) this.refuse(a, said(a), refused.why ?? refused.title);
      if (a.type === 'mah-jongg') this.announcedNotPaid(a);
    } catch (err) {
      if (err instanceof EntryError) throw new RulingError(err.status, err.message);
      this.refuse(a, said(a), err instanceof Error ? err.message : String(err));
    }
  }

  /** A pass refused with blind tiles (the engine's `blind-pass` flag): listed as refused, and the racks made the readers' by `stray` moves, recorded. */
  private goOnAsRead(a: Action, flag: GameFlag, asRead?: () => readonly TileId[][]): void {
    this.refuse(a, said(a), flag.why ?? flag.title);
    if (!asRead) return;
    const racks = racksById(asRead());
    const strays = straysToRacks(
      this.game.seats.map((_, p) => concealedOf(this.game, p)),
      racks,
      a.at,
      a.ref,
    );
    for (const stray of strays) {
      this.take({ action: stray });
      this.apply(stray);
    }
  }

  /** A Mah Jongg by a player whose announced line the engine did not pay (her tiles do not complete it): listed under "Moves the hub could not place". */
  private announcedNotPaid(a: { ref: string; at: number }): void {
    const w = winnerOf(this.game);
    const line = w && this.config.settings.paidLine === 'announced' ? this.game.entries.announced.get(w.player) : undefined;
    if (!w || !line || this.game.phase !== 'ended' || w.mahJongg.lineId === line) return;
    this.refuse(a, 'mah-jongg', `announced line not paid: ${notCompleted(this.config, w.player, w.mahJongg.lines, line)}`);
  }

  /**
   * After a settled turn boundary: each live player's rack and top as `counted` by the readers
   * against the referee's count (NMJL: 13 off turn, 14 on), judged by the engine: one `rack-count`
   * flag per player and game. Taken into the record during play only.
   * @param skip players whose readers were not trusted at the check
   * @returns the flags raised
   */
  count(counted: readonly number[], skip: readonly number[], at: number, ref: string): GameFlag[] {
    if (this.game.phase !== 'play') return [];
    const action: Action = { type: 'count-check', skipPlayers: [...skip], counted: counted.map((n) => [n]), at, ref };
    this.take({ action });
    return this.apply(action).flags;
  }

  /**
   * Whether the engine takes a director entry now (rules/variants/standard/entries.ts); the state is untouched.
   * @param tableId for the error's words
   * @throws RulingError 400 a bad player or an entry of another table kind, a declared-dead without
   *   `declared` or naming the declarer; 409 no game, already entered, hand already dead, a
   *   declaration outside play, or the winner / the discarder of the winning tile
   */
  check(entry: AnyDirectorEntry, at = 0): void {
    this.entryResult(this.entryAction(entry, 'new', at));
  }

  /** A director entry as the engine's `director-entry` action (what it says beside its kind and player kept: the line, the declared hand, the mis-named discard's claim). */
  private entryAction(entry: { entry: AnyDirectorEntry['entry']; player: number; rack?: number }, ref: string, at: number): Action {
    const { entry: kind, player, rack, ...rest } = entry as typeof entry & Record<string, unknown>;
    return { type: 'director-entry', entry: kind as StandardEntry['entry'], player, rack: rack ?? 0, ...rest, at, ref } as Action;
  }

  /** The engine's state after the entry. @throws RulingError for an entry the engine refuses (its words and status) */
  private entryResult(a: Action): GameState {
    try {
      return this.engine.apply(this.game, a).state;
    } catch (err) {
      if (err instanceof EntryError) throw new RulingError(err.status, err.message);
      throw err;
    }
  }

  /** Applies a director entry (rules/variants/standard/entries.ts) and takes it into the record. @throws RulingError as {@link StandardGame.check} */
  enter(entry: Omit<StandardEntry, 'entry'> & { entry: AnyDirectorEntry['entry'] }, _tableId?: string): void {
    const { at, ref, ...sent } = entry;
    const next = this.entryResult(this.entryAction(sent, ref, at));
    const { entry: kind, player, rack, ...rest } = entry;
    this.take({ action: { type: 'director-entry', entry: kind as StandardEntry['entry'], player, rack, ...rest } });
    this.game = next;
  }

  /**
   * The hub ends the game in play here (the table was cleared after a ruling undid its end, or the
   * director chose after a restart): a `stop` the engine applies (000 scores a game not completed
   * zero for every player, a look at a stolen tile entered still costing 10; `void` is 0 with no
   * penalty; `replay` has no score). Nothing happens when no game is in play.
   * @param endReason the views' words (kept as given)
   */
  stop(endReason: string, at: number, ref: string, choice?: 'score' | 'void' | 'replay'): void {
    const s = this.game;
    if (s.gameNo === 0 || (s.phase !== 'charleston' && s.phase !== 'play')) return;
    const action: Action = { type: 'stop', reason: endReason, ...(choice ? { choice } : {}), at, ref };
    this.take({ action });
    this.apply(action);
  }

  /** The current game's flags, in the order the hub lists them ({@link LISTED_LAST}), status from the director's rulings (the engine's). */
  flags(): PublicFlag[] {
    const s = this.game;
    const last = (f: GameFlag) => LISTED_LAST.findIndex((codes) => codes.includes(f.code));
    const ordered = [...s.flags.filter((f) => last(f) < 0), ...LISTED_LAST.flatMap((_, i) => s.flags.filter((f) => last(f) === i))];
    return ordered.map((f) => {
      const view = { id: f.id, kind: f.code, code: f.code, params: f.params, rule: f.rule, title: f.title, player: f.player, rack: 0, at: f.at };
      if (f.code === 'blind-pass' || f.code === 'rack-count') {
        // the hub's own flags: status and words at the view, from the rulings now
        const st = f.status;
        const params = f.params as FlagParamsByCode['rack-count'] & FlagParamsByCode['blind-pass'];
        return { ...view, title: titleOf(f.code, params, this.config.names), status: st, consequence: consequenceOf(f.code, params, this.config.names, st), gameNo: s.gameNo };
      }
      if (ENTRY_FLAG_CODES.includes(f.code)) return { ...view, status: f.status, consequence: f.consequence, gameNo: s.gameNo };
      return { ...view, status: f.status, consequence: f.consequence, gameNo: s.gameNo };
    });
  }

  /** The game's score once it has ended (000), else null. */
  score(): ScoreView | null {
    const r = this.game.result;
    if (!r) return null;
    return { points: [...r.score.points], payment: null, breakdown: r.score.breakdown.map((b) => [...b]), final: true };
  }
}
