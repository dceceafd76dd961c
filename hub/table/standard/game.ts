/**
 * The standard 4-player game's own fold (000 on NMJL play), without readers: the referee's
 * actions, the director's entries, the count checks with the readers' counts, a refused blind pass
 * gone on as read, and the hub's stops, each kept as record lines in the one vocabulary
 * (rules/GAME-RECORD.md version 2: the action the engine took, a `count-check`, a
 * `director-entry`, the `stray` moves of the racks as read, a `stop`). The live table (./engine.ts)
 * feeds it from its log, and records each line it takes; a record read back (hub/record/replay.ts)
 * feeds it the same lines, so the two give the same flags and points.
 */
import { isDeepStrictEqual } from 'node:util';
import {
  heldCount,
  initialStandardState,
  standardReferee,
  StandardActionError,
  type StandardAction,
  type StandardPlayer,
  type StandardReferee,
  type StandardState,
} from '../../../rules/variants/standard/referee.js';
import { ScoringError, type TournamentOutcome } from '../../../rules/scoring/tournament.js';
import { scoreWithSettings, type ScoringSettings } from '../../../rules/scoring/settings.js';
import type { Card } from '../../../rules/card/types.js';
import { isTileKind, kindOf, type TileId } from '../../../rules/tiles.js';
import { withIds, type NamedTile, type StandardKindAction } from '../../../rules/variants/standard/standard-ids.js';
import type { RecordLine, StandardEntry } from '../../../rules/record/game-record.js';
import { racksById, straysToRacks } from '../../../rules/record/upgrade.js';
import type { PublicFlag, ScoreView } from '../../api/views.js';
import { RulingError, type AnyDirectorEntry, type StandardMisnamedEntry } from '../../api/runtime.js';
import { DECLARED_DEAD_RULE, judgeDeadDeclaration, verdictText } from '../../../rules/variants/standard/dead-declaration.js';
import { mahJonggAsNamed, MISNAMED_RULE } from '../../../rules/variants/standard/misnamed-discard.js';
import { NMJL_PRACTICE_DEFAULTS, type NmjlPractice } from '../../../rules/variants/standard/misdeal.js';
import { consequenceOf, EVERY_HAND_DEAD, titleOf, type FlagParams, type FlagParamsByCode } from '../../../rules/wording/flags.js';

/**
 * A Charleston pass the readers saw with blind tiles the referee refused (NMJL: blind passes only on
 * the first left and the last right): shown to the director as a flag; the game goes on.
 */
export interface RefusedBlindPass {
  id: string;
  /** the first player who passed blind */
  player: number;
  at: number;
  /** the referee's words, e.g. "Bea passed 1 blind in the first right; blind passes only on …" */
  title: string;
  ref: string;
}

/**
 * A physical count that disagrees with the referee's after a turn boundary settled: the hub's own
 * flag (the referee's `tile-count` flag rests on the actions; this one on the rack readers). No
 * consequence is applied: the director counts the rack.
 */
export interface CountMismatch {
  id: string;
  player: number;
  at: number;
  /** tiles the rack and its top hold (readers) */
  counted: number;
  /** tiles the referee says the player holds */
  expected: number;
  ref: string;
}

/**
 * An action the referee could not apply: one it refuses as impossible (StandardActionError, e.g. a
 * discard of a tile it does not know the player holds) or one on which the referee or the scorer
 * failed (any other error). The game state stays as it was before the action.
 */
export interface Unexplained {
  /** the event sequence number of the move the action came from */
  ref: string;
  /** ms since epoch */
  at: number;
  action: StandardAction['type'];
  /** the error's words */
  error: string;
}

/** Settings of a standard game fold. */
export interface StandardGameConfig {
  /** player names, index 0 is East */
  names: readonly string[];
  cards: readonly Card[];
  /** flag ids the director dismissed / confirmed (read at each use: the table refills them) */
  dismissed: ReadonlySet<string>;
  confirmed: ReadonlySet<string>;
  /** the scoring settings (rules/scoring/settings.ts): a tournament's, or the table's own (default 000's) */
  settings: Readonly<ScoringSettings>;
  /** whether the jokers of the exposure that made a hand dead stay in play (rules/variants/standard/play.ts; default false) */
  killingExposureJokersInPlay?: boolean;
  /** the table's NMJL practice settings, not in 000 (rules/variants/standard/misdeal.ts; default all on) */
  practice?: NmjlPractice;
}

/**
 * A {@link StandardGame} as it stood at one point of the fold, a value later folding does not
 * change (what the table's fold checkpoints keep, hub/table/machine.ts): the referee's state (never
 * changed once made), copies of the current game's lists, and the record lines of each game (the
 * current game's copied, the earlier games' shared: no line is added to a game once the next began).
 */
export interface StandardGameSnapshot {
  state: StandardState;
  lookedAt: readonly number[];
  announced: ReadonlyMap<number, string>;
  entryFlags: readonly PublicFlag[];
  beforeMahJongg: { ref: string; state: StandardState } | null;
  mismatches: readonly CountMismatch[];
  refusedPasses: readonly RefusedBlindPass[];
  unexplained: readonly Unexplained[];
  lines: ReadonlyMap<number, readonly RecordLine[]>;
  /** game number → its walls as built (never changed once set) */
  walls: ReadonlyMap<number, readonly (readonly TileId[])[]>;
}

/** The standard game's fold of record lines; `state` is the referee's state with the entries applied. */
export class StandardGame {
  state: StandardState = initialStandardState();
  private readonly referee: StandardReferee;
  /** players the director entered as having looked at a stolen tile in the current game (000: −10 each at its end) */
  private lookedAt: number[] = [];
  /** the line each player announced in the current game (director entry `announced-line`; paid with `paidLine: "announced"`) */
  private announced = new Map<number, string>();
  /** the current game's director entries judged by the hub (`declared-dead`, `misnamed-discard`): shown as flags the director already made */
  private entryFlags: PublicFlag[] = [];
  /** the state before the current game's last `mah-jongg` action and its ref (a mis-named discard re-judges that Mah Jongg) */
  private beforeMahJongg: { ref: string; state: StandardState } | null = null;
  /** physical count mismatches of the current game */
  mismatches: CountMismatch[] = [];
  /** blind passes refused in the current game */
  refusedPasses: RefusedBlindPass[] = [];
  /** actions of the current game the referee refused as impossible or threw on */
  readonly unexplained: Unexplained[] = [];
  /** game number → the record lines taken for it, in order */
  readonly lines = new Map<number, RecordLine[]>();
  /** game number → the walls as built before its deal (the record's header), when the table saw them built */
  readonly walls = new Map<number, readonly (readonly TileId[])[]>();

  constructor(private readonly config: StandardGameConfig) {
    this.referee = standardReferee({
      names: config.names,
      cards: config.cards,
      dismissed: config.dismissed,
      settings: config.settings,
      killingExposureJokersInPlay: config.killingExposureJokersInPlay ?? false,
      practice: this.practice,
    });
  }

  /** The NMJL practice settings in force (rules/variants/standard/misdeal.ts). */
  private get practice(): NmjlPractice {
    return this.config.practice ?? NMJL_PRACTICE_DEFAULTS;
  }

  /** The fold as it stands now ({@link StandardGameSnapshot}); copies only the current game's lists and lines. */
  save(): StandardGameSnapshot {
    const g = this.state.gameNo;
    return {
      state: this.state,
      lookedAt: [...this.lookedAt],
      announced: new Map(this.announced),
      entryFlags: [...this.entryFlags],
      beforeMahJongg: this.beforeMahJongg,
      mismatches: [...this.mismatches],
      refusedPasses: [...this.refusedPasses],
      unexplained: [...this.unexplained],
      lines: new Map([...this.lines].map(([n, l]) => [n, n >= g ? [...l] : l])),
      walls: new Map(this.walls),
    };
  }

  /** Puts the fold back as `saved` had it (`saved` stays as it is; games begun after it lose their lines). */
  restore(saved: StandardGameSnapshot): void {
    const g = saved.state.gameNo;
    this.state = saved.state;
    this.lookedAt = [...saved.lookedAt];
    this.announced = new Map(saved.announced);
    this.entryFlags = [...saved.entryFlags];
    this.beforeMahJongg = saved.beforeMahJongg;
    this.mismatches = [...saved.mismatches];
    this.refusedPasses = [...saved.refusedPasses];
    this.unexplained.length = 0;
    this.unexplained.push(...saved.unexplained);
    this.lines.clear();
    for (const [n, l] of saved.lines) this.lines.set(n, n >= g ? [...l] : (l as RecordLine[]));
    this.walls.clear();
    for (const [n, w] of saved.walls) this.walls.set(n, w);
  }

  /** Whether two snapshots go on alike: equal but for the record lines and walls of the games before the current one. */
  static sameStart(a: StandardGameSnapshot, b: StandardGameSnapshot): boolean {
    const { lines: la, walls: wa, ...restA } = a;
    const { lines: lb, walls: wb, ...restB } = b;
    const g = a.state.gameNo;
    const current = <T>(l: ReadonlyMap<number, T>) => [...l].filter(([n]) => n >= g);
    return isDeepStrictEqual(restA, restB) && isDeepStrictEqual(current(la), current(lb)) && isDeepStrictEqual(current(wa), current(wb));
  }

  /** `into` with game `gameNo`'s record lines (and walls) taken from `from` (both left as they are). */
  static withLinesOf(gameNo: number, from: StandardGameSnapshot, into: StandardGameSnapshot): StandardGameSnapshot {
    const l = from.lines.get(gameNo);
    if (!l) return into;
    const w = from.walls.get(gameNo);
    return { ...into, lines: new Map(into.lines).set(gameNo, l), ...(w ? { walls: new Map(into.walls).set(gameNo, w) } : {}) };
  }

  private name(p: number): string {
    return this.config.names[p] ?? `player ${p}`;
  }

  private take(line: RecordLine, gameNo = this.state.gameNo): void {
    if (gameNo > 0) this.lines.get(gameNo)?.push(line);
  }

  private scored(outcome: TournamentOutcome) {
    return { outcome, score: scoreWithSettings(outcome, this.config.settings) };
  }

  /** The game's end with the looked-at-stolen-tile entries (000: −10 each) re-scored. Idempotent. @throws ScoringError for an impossible outcome */
  private withLookedAt(s: StandardState, lookedAt: readonly number[]): StandardState {
    if (!s.result) return s;
    const { lookedAtStolenTile: _old, ...base } = s.result.outcome;
    const outcome = lookedAt.length > 0 ? { ...base, lookedAtStolenTile: [...lookedAt] } : base;
    return { ...s, result: this.scored(outcome) };
  }

  /**
   * One referee action. A deal begins a new game (its lists emptied first). An action the referee
   * refuses or throws on leaves the state as it was and is listed in `unexplained`; a refused pass
   * with blind tiles in the Charleston goes on from `asRead()` (the racks the readers hold) when given.
   * Tiles named by kind only (a scripted test's) get ids first (rules/variants/standard/standard-ids.ts `withIds`).
   * @param walls with a deal: the walls as built before it (the record's header; absent: none seen built)
   * @returns the referee's result, or null when it refused the action
   */
  act(named: StandardKindAction, asRead?: () => readonly NamedTile[][], walls?: readonly (readonly TileId[])[]): { flags: { id: string }[]; boundary: boolean } | null {
    const a: StandardAction = withIds(this.state, named);
    // the record keeps the action as the one engine takes it (rules/GAME-RECORD.md version 2)
    const recorded = this.referee.actionOf(this.state, a);
    if (a.type === 'deal') {
      this.lookedAt = [];
      this.announced = new Map();
      this.entryFlags = [];
      this.beforeMahJongg = null;
      this.mismatches = [];
      this.unexplained.length = 0;
      this.refusedPasses = [];
    } else if (this.state.phase !== 'waiting' && this.state.phase !== 'ended' && recorded) this.take({ action: recorded });
    if (a.type === 'mah-jongg') this.beforeMahJongg = { ref: a.ref, state: this.state };
    try {
      const r = this.referee.apply(this.state, a);
      this.state = this.lookedAt.length > 0 ? this.withLookedAt(r.state, this.lookedAt) : r.state;
      this.payAnnounced(a);
      if (a.type === 'deal') {
        this.lines.set(this.state.gameNo, []);
        if (walls) this.walls.set(this.state.gameNo, walls);
        if (recorded) this.take({ action: recorded });
      }
      return { flags: r.flags, boundary: r.boundary };
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      this.unexplained.push({ ref: a.ref, at: a.at, action: a.type, error });
      if (asRead && err instanceof StandardActionError && a.type === 'pass' && a.blind?.some((b) => b > 0) && this.state.phase === 'charleston') this.refuseBlindPass(a, error, asRead());
      return null;
    }
  }

  /**
   * A Mah Jongg just verified, on a table that pays the announced line, by a player whose line was
   * entered during the game: paid at that line when the tiles complete it; otherwise the best line
   * stays, and the director sees the refusal under "Moves the hub could not place".
   */
  private payAnnounced(a: StandardAction): void {
    const s = this.state;
    const line = s.winner && this.config.settings.paidLine === 'announced' ? this.announced.get(s.winner.player) : undefined;
    if (!line || s.phase !== 'ended' || s.winner!.lineId === line) return;
    try {
      this.state = this.withLookedAt(this.atLine(s, line), this.lookedAt);
    } catch (err) {
      if (!(err instanceof RulingError)) throw err;
      this.unexplained.push({ ref: a.ref, at: a.at, action: 'mah-jongg', error: `announced line not paid: ${err.message}` });
    }
  }

  /** A card line's words for messages (its text as the card prints it), or the id when no card has it. */
  private lineText(lineId: string): string {
    for (const c of this.config.cards) for (const l of c.lines) if (l.id === lineId) return l.text;
    return lineId;
  }

  /**
   * The ended game paid at `lineId`, the line the winner announced (pure: a new state).
   * @throws RulingError 409 when the winner's tiles do not complete that line (the lines they complete named)
   */
  private atLine(s: StandardState, lineId: string): StandardState {
    const w = s.winner!;
    const line = (w.lines ?? []).find((l) => l.lineId === lineId);
    if (!line)
      throw new RulingError(
        409,
        `${this.name(w.player)}'s tiles do not complete ${this.lineText(lineId)} (they complete: ${(w.lines ?? []).map((l) => `${this.lineText(l.lineId)} ${l.value}`).join('; ') || 'none'})`,
      );
    const next: StandardState = { ...s, winner: { ...w, lineId: line.lineId, value: line.value, jokerless: line.jokerless, singlesAndPairs: line.singlesAndPairs } };
    return { ...next, result: s.result && { ...s.result, outcome: this.referee.outcomeOf(next) } };
  }

  /**
   * A pass with blind tiles the referee refused (NMJL: blind passes only on the first left and the
   * last right): a flag for the director, and the game goes on from where the tiles are: the
   * Charleston moves to its next stage and each rack holds `racks` (as the readers hold them).
   */
  private refuseBlindPass(a: Extract<StandardAction, { type: 'pass' }>, error: string, read: readonly NamedTile[][]): void {
    const s = this.state;
    const racks = racksById(read);
    // the racks as read: the moves that make the referee's racks the readers' (rules/GAME-RECORD.md)
    for (const action of straysToRacks(
      s.players.map((p) => p.rack),
      racks,
      a.at,
      a.ref,
    ))
      this.take({ action });
    this.refusedPasses.push({
      id: `g${s.gameNo}-blind-pass-${a.ref}`,
      player: Math.max(
        0,
        a.blind!.findIndex((b) => b > 0),
      ),
      at: a.at,
      title: error.replace(/^pass: /, ''),
      ref: a.ref,
    });
    this.state = { ...s, stage: s.stage + 1, players: s.players.map((p, i) => ({ ...p, rack: [...(racks[i] ?? [])].sort() })) };
  }

  /**
   * After a settled turn boundary: each live player's rack and top as `counted` by the readers
   * against the referee's count (NMJL: 13 off turn, 14 on); one mismatch flag per player and game.
   * @param skip players whose readers were not trusted at the check
   */
  count(counted: readonly number[], skip: readonly number[], at: number, ref: string): void {
    const s = this.state;
    if (s.phase !== 'play') return;
    this.take({ action: { type: 'count-check', skipPlayers: [...skip], counted: counted.map((n) => [n]), at, ref } });
    s.players.forEach((p, i) => {
      if (p.dead || skip.includes(i)) return;
      const expected = heldCount(p);
      if (counted[i] === expected || this.mismatches.some((m) => m.player === i)) return;
      this.mismatches.push({ id: `g${s.gameNo}-rack-count-${ref}.${i}`, player: i, at, counted: counted[i]!, expected, ref });
    });
  }

  /**
   * What a director entry makes of the current game (pure: the state is untouched).
   * - `looked-at-stolen-tile`: the player is added to the game's lookers (000: −10 at the end);
   * - `announced-line`: the line the player announced (paid with `paidLine: "announced"`);
   * - `dead-declared-in-error`: the declarer's hand dies (000); during play a dead player's turn
   *   passes on and the game ends when every hand is dead; after the end the score is re-scored
   *   (a dead hand scores 0, 000);
   * - `declared-dead` (during play): `player` declared `declared`'s hand dead; judged from the
   *   visible table (rules/variants/standard/dead-declaration.ts): the declared hand dies when no line can
   *   still be made, else the declarer's (000). The verdict is a flag the director already made
   *   (`confirmed`; a dismissal of it undoes the death on the next fold);
   * - `misnamed-discard` (NMJL practice, rules/variants/standard/misnamed-discard.ts; setting `misnamedDiscard`):
   *   for Mah Jongg, a Mah Jongg won on a discard is marked (its discarder already pays as
   *   discarder), and one judged in error on the called tile just now is judged again with the tile
   *   as `named` from the state before it: when it matches, the game ends with it, the named
   *   discarder paying as discarder (000); for an exposure, the director's `ruling` (keep-exposure,
   *   or dead). A `misnamed-discard` flag (`confirmed`; dismissed, the entry changes nothing).
   * @param tableId for the error's words; `ref` the entry's event sequence number (the flag's id), `at` its time (ms)
   * @throws RulingError 400 a bad player or an entry of another table kind, a declared-dead without
   *   `declared` or naming the declarer; 409 no game, already entered, hand already dead, a
   *   declaration outside play, or the winner / the discarder of the winning tile (their hand
   *   cannot die after the Mah Jongg: the director corrects the score card instead)
   */
  withEntry(entry: AnyDirectorEntry, tableId: string, ref = 'new', at = 0): { state: StandardState; lookedAt: number[]; announced?: Map<number, string>; flag?: PublicFlag } {
    const s = this.state;
    const p = entry.player;
    if (!Number.isInteger(p) || p < 0 || p > 3) throw new RulingError(400, `director entry: player must be 0-3 (East, South, West, North), not ${String(p)}`);
    if (entry.rack !== undefined && entry.rack !== 0) throw new RulingError(400, `director entry: a standard table has one rack per player (rack 0), not rack ${String(entry.rack)}`);
    if (s.gameNo === 0 || s.players.length !== 4) throw new RulingError(409, `no game has begun on table '${tableId}'`);
    const nameOf = (q: number) => this.name(q);
    const who = nameOf(p);
    const rescore = (next: StandardState, lookedAt: number[]) => {
      try {
        return this.withLookedAt(next, lookedAt);
      } catch (err) {
        if (err instanceof ScoringError) throw new RulingError(409, `${who}: ${err.message}`);
        throw err;
      }
    };
    /** `q`'s hand dies by an entry: the turn passes on, the game ends when every hand is dead, an ended game is re-scored */
    const killed = (q: number, reason: string): StandardState => {
      // a new state: the dead player copied, the rest shared (an entry changes nothing else in place)
      const next: StandardState = { ...s, players: s.players.map((x, i) => (i === q ? { ...x } : x)) };
      const x = next.players[q]!;
      x.dead = true;
      x.deadReason = reason;
      if (next.phase === 'ended') return rescore({ ...next, result: next.result && { ...next.result, outcome: this.referee.outcomeOf(next) } }, this.lookedAt);
      if (next.players.every((y) => y.dead)) {
        next.phase = 'ended';
        next.endReason = EVERY_HAND_DEAD;
        next.turn = null;
        return rescore({ ...next, result: this.scored(this.referee.outcomeOf(next)) }, this.lookedAt);
      }
      if (next.turn === q) {
        // a dead hand neither picks nor discards: the turn passes on (NMJL)
        for (let i = 1; i <= 4; i++) {
          const n = (q + i) % 4;
          if (!next.players[n]!.dead) {
            next.turn = n;
            break;
          }
        }
        next.turnHas = 'nothing';
      }
      return next;
    };
    if (entry.entry === 'looked-at-stolen-tile') {
      if (this.lookedAt.includes(p)) throw new RulingError(409, `${who}'s look at a stolen tile in game ${s.gameNo} was already entered`);
      const lookedAt = [...this.lookedAt, p];
      return { state: rescore(s, lookedAt), lookedAt };
    }
    if (entry.entry === 'announced-line') {
      if (this.config.settings.paidLine !== 'announced')
        throw new RulingError(409, `table '${tableId}' pays the best line the tiles complete (scoring paidLine "best"): an announced line is not entered`);
      const line = entry.line;
      if (typeof line !== 'string' || !this.config.cards.some((c) => c.lines.some((l) => l.id === line)))
        throw new RulingError(400, `announced-line: '${String(line)}' is not a line of this table's cards`);
      const announced = new Map(this.announced).set(p, line);
      if (s.phase !== 'ended') return { state: s, lookedAt: this.lookedAt, announced };
      if (!s.winner || s.winner.player !== p) throw new RulingError(409, `${who} did not win game ${s.gameNo}: an announced line is paid only for the Mah Jongg`);
      return { state: rescore(this.atLine(s, line), this.lookedAt), lookedAt: this.lookedAt, announced };
    }
    if (entry.entry === 'dead-declared-in-error') {
      const me = s.players[p]!;
      if (me.dead) throw new RulingError(409, `${who}'s hand is already dead (${me.deadReason ?? 'dead'})`);
      if (s.winner && (s.winner.player === p || s.winner.discarder === p))
        throw new RulingError(
          409,
          `${who} ${s.winner.player === p ? 'won' : 'threw the winning tile in'} game ${s.gameNo}: the hand cannot die after the Mah Jongg (correct the score card instead)`,
        );
      return { state: killed(p, 'declared a hand dead in error (000)'), lookedAt: this.lookedAt };
    }
    if (entry.entry === 'declared-dead') {
      const d = entry.declared;
      if (typeof d !== 'number' || !Number.isInteger(d) || d < 0 || d > 3)
        throw new RulingError(400, `declared-dead: declared must be the player (0-3) whose hand ${who} declared dead, not ${String(d)}`);
      if (d === p) throw new RulingError(400, `declared-dead: ${who} cannot declare ${who}'s own hand dead (declared and player are both ${p})`);
      if (s.phase !== 'play') throw new RulingError(409, `declared-dead: game ${s.gameNo} is ${s.phase === 'ended' ? 'over' : 'in the Charleston'}; a hand is declared dead during play`);
      const target = s.players[d]!;
      if (target.dead) throw new RulingError(409, `${nameOf(d)}'s hand is already dead (${target.deadReason ?? 'dead'})`);
      // only what the table can see: exposures on every rack and the discards, never a concealed tile
      const verdict = judgeDeadDeclaration(this.config.cards, {
        exposures: target.exposures.map(kindsOf),
        otherExposures: s.players.flatMap((q, i) => (i === d ? [] : q.exposures.map(kindsOf))),
        discards: kindsOf(s.discards),
      });
      const dies = verdict.dead ? d : p;
      const id = `g${s.gameNo}-declared-dead-${ref}`;
      const dismissed = this.config.dismissed.has(id);
      const words = verdictText(verdict, nameOf(d));
      const params: FlagParamsByCode['declared-dead'] = { declarer: p, declared: d, dead: verdict.dead, words };
      const status = dismissed ? 'dismissed' : 'confirmed';
      const flag: PublicFlag = {
        id,
        kind: 'declared-dead',
        code: 'declared-dead',
        params,
        rule: DECLARED_DEAD_RULE,
        title: titleOf('declared-dead', params, this.config.names),
        player: dies,
        rack: 0,
        at,
        status,
        consequence: consequenceOf('declared-dead', params, this.config.names, status),
        gameNo: s.gameNo,
      };
      if (dismissed || s.players[dies]!.dead) return { state: s, lookedAt: this.lookedAt, flag };
      const reason = verdict.dead ? `declared dead by ${who}: ${words} (000)` : `declared ${nameOf(d)}'s hand dead in error: ${words} (000)`;
      return { state: killed(dies, reason), lookedAt: this.lookedAt, flag };
    }
    if (entry.entry === 'misnamed-discard') {
      const m = entry as StandardMisnamedEntry;
      if (!this.practice.misnamedDiscard) throw new RulingError(409, `table '${tableId}' takes no misnamed-discard entry: its setting nmjlPractice.misnamedDiscard is off`);
      const id = `g${s.gameNo}-misnamed-discard-${ref}`;
      // a dismissal of the entry's flag (a misclick) leaves the game as it was
      const dismissed = this.config.dismissed.has(id);
      const status = dismissed ? 'dismissed' : 'confirmed';
      const flagOf = (params: FlagParamsByCode['misnamed-discard'], player: number): PublicFlag => ({
        id,
        kind: 'misnamed-discard',
        code: 'misnamed-discard',
        params: params as FlagParams,
        rule: MISNAMED_RULE,
        title: titleOf('misnamed-discard', params, this.config.names),
        player,
        rack: 0,
        at,
        status,
        consequence: consequenceOf('misnamed-discard', params, this.config.names, status),
        gameNo: s.gameNo,
      });
      const done = (state: StandardState, flag: PublicFlag) => ({ state: dismissed ? s : state, lookedAt: this.lookedAt, flag });
      if (m.for === 'exposure') {
        if (m.ruling !== 'keep-exposure' && m.ruling !== 'dead')
          throw new RulingError(400, `misnamed-discard for an exposure: ruling must be keep-exposure or dead (the director's ruling), not ${String(m.ruling)}`);
        if (s.phase !== 'play') throw new RulingError(409, `misnamed-discard: game ${s.gameNo} is not in play (${s.phase})`);
        const me = s.players[p]!;
        if (me.dead) throw new RulingError(409, `${who}'s hand is already dead (${me.deadReason ?? 'dead'})`);
        const last = inKinds(me)!.exposures.at(-1);
        if (!last) throw new RulingError(409, `${who} has no exposure: a mis-named discard claimed for an exposure is entered once it is exposed`);
        const params = { p, for: 'exposure' as const, group: [...last], ruling: m.ruling };
        if (m.ruling === 'keep-exposure') return done(s, flagOf(params, p));
        return done(killed(p, "called a mis-named discard for an exposure: dead by the director's ruling (NMJL practice)"), flagOf(params, p));
      }
      if (m.for !== 'mah-jongg') throw new RulingError(400, `misnamed-discard: for must be mah-jongg or exposure, not ${String(m.for)}`);
      const w = s.winner;
      if (s.phase === 'ended' && w && w.player === p && w.discarder !== null) {
        // the Mah Jongg stood with the tile discarded: its discarder already pays as the discarder (000)
        return done(s, flagOf({ p, for: 'mah-jongg', discarder: w.discarder }, w.discarder));
      }
      const before = this.beforeMahJongg;
      const inError = before && s.flags.some((f) => f.kind === 'mah-jongg-in-error' && f.player === p && f.status !== 'dismissed' && f.id === `g${s.gameNo}-mah-jongg-in-error-${before.ref}`);
      const caller = inKinds(before?.state.players[p]);
      const hold = caller?.hold;
      if (!before || !inError || !caller || !hold || hold.for !== 'mah-jongg')
        throw new RulingError(409, `misnamed-discard: ${who} has no Mah Jongg on a called discard in game ${s.gameNo} (neither won on one nor judged in error on one just now)`);
      if (typeof m.named !== 'string' || !isTileKind(m.named))
        throw new RulingError(400, `misnamed-discard: named must be the tile kind the discard was named (e.g. F, 5D), not ${String(m.named)}`);
      const best = mahJonggAsNamed(this.config.cards, { rack: caller.rack, exposures: caller.exposures }, m.named);
      if (!best) throw new RulingError(409, `${who}'s hand with the discard as named (${m.named}) fits no hand on the card either: the Mah Jongg in error stands`);
      const next: StandardState = structuredClone(before.state);
      next.winner = {
        player: p,
        lineId: best.line.id,
        value: best.value,
        jokerless: best.jokerless,
        singlesAndPairs: best.line.singlesAndPairs,
        selfPicked: false,
        discarder: hold.from,
        exposures: caller.exposures.length,
      };
      next.phase = 'ended';
      next.turn = null;
      next.endReason = `${who} declared Mah Jongg on ${nameOf(hold.from)}'s discard of ${hold.tile} named ${m.named} (NMJL practice: a mis-named discard): ${best.line.text}`;
      const state = rescore({ ...next, result: this.scored(this.referee.outcomeOf(next)) }, this.lookedAt);
      return done(state, flagOf({ p, for: 'mah-jongg', discarder: hold.from, tile: hold.tile, named: m.named }, hold.from));
    }
    throw new RulingError(
      400,
      `a standard table takes the entries looked-at-stolen-tile, dead-declared-in-error, announced-line, declared-dead and misnamed-discard, not '${String(entry.entry)}'`,
    );
  }

  /** Applies a director entry ({@link StandardGame.withEntry}) and takes it into the record. @throws RulingError as withEntry */
  enter(entry: Omit<StandardEntry, 'entry'> & { entry: AnyDirectorEntry['entry'] }, tableId: string): void {
    const { by, at, ref, ...sent } = entry;
    const next = this.withEntry(sent as AnyDirectorEntry, tableId, ref, at);
    const { entry: kind, player, rack, ...rest } = entry;
    this.take({ action: { type: 'director-entry', entry: kind as StandardEntry['entry'], player, rack, ...rest } });
    this.state = next.state;
    this.lookedAt = next.lookedAt;
    if (next.announced) this.announced = next.announced;
    if (next.flag) this.entryFlags.push(next.flag);
  }

  /**
   * The hub ends the game in play here (the table was cleared after a ruling undid its end, or the
   * director chose after a restart): 000 scores a game not completed zero for every player, a look at
   * a stolen tile entered still costing 10; `void` is 0 with no penalty; `replay` has no score.
   * Nothing happens when no game is in play.
   * @param endReason the views' words (kept as given)
   */
  stop(endReason: string, at: number, ref: string, choice?: 'score' | 'void' | 'replay'): void {
    const s = this.state;
    if (s.gameNo === 0 || (s.phase !== 'charleston' && s.phase !== 'play')) return;
    this.take({ action: { type: 'stop', reason: endReason, ...(choice ? { choice } : {}), at, ref } });
    const ended = { ...s, phase: 'ended' as const, endReason, turn: null };
    if (choice === 'replay') {
      this.state = { ...ended, result: null };
      return;
    }
    const { wallGame: _w, ...base } = this.referee.outcomeOf(s);
    const result = this.scored({ ...base, unfinished: true });
    this.state = choice === 'void' ? { ...ended, result } : this.withLookedAt({ ...ended, result }, this.lookedAt);
  }

  /** The current game's flags: the referee's, the refused blind passes, the rack-count mismatches (status from the director's rulings). */
  flags(): PublicFlag[] {
    const { dismissed, confirmed } = this.config;
    const status = (id: string, s: 'awaiting-director' | 'dismissed'): PublicFlag['status'] => (s === 'awaiting-director' && confirmed.has(id) ? 'confirmed' : s);
    const s = this.state;
    return [
      ...s.flags.map((f) => ({
        id: f.id,
        kind: f.kind,
        code: f.code,
        params: f.params,
        rule: f.rule,
        title: f.title,
        player: f.player,
        rack: 0,
        at: f.at,
        status: status(f.id, f.status),
        consequence: f.consequence,
        gameNo: s.gameNo,
      })),
      ...this.refusedPasses.map((r) => {
        const st = dismissed.has(r.id) ? ('dismissed' as const) : status(r.id, 'awaiting-director');
        const params = { p: r.player, words: r.title };
        return {
          id: r.id,
          kind: 'blind-pass',
          code: 'blind-pass',
          params,
          rule: 'NMJL: blind passes only on the first left and the last right',
          title: titleOf('blind-pass', params, this.config.names),
          player: r.player,
          rack: 0,
          at: r.at,
          status: st,
          consequence: consequenceOf('blind-pass', params, this.config.names, st),
          gameNo: s.gameNo,
        };
      }),
      ...this.mismatches.map((m) => {
        const st = dismissed.has(m.id) ? ('dismissed' as const) : status(m.id, 'awaiting-director');
        const params = { p: m.player, counted: m.counted, expected: m.expected };
        return {
          id: m.id,
          kind: 'rack-count',
          code: 'rack-count',
          params,
          rule: 'NMJL: 13 tiles off turn, 14 after picking (counted by the rack readers)',
          title: titleOf('rack-count', params, this.config.names),
          player: m.player,
          rack: 0,
          at: m.at,
          status: st,
          consequence: consequenceOf('rack-count', params, this.config.names, st),
          gameNo: s.gameNo,
        };
      }),
      ...this.entryFlags.map((f) => ({ ...f })),
    ];
  }

  /** The game's score once it has ended (000), else null. */
  score(): ScoreView | null {
    const r = this.state.result;
    if (!r) return null;
    return { points: [...r.score.points], payment: null, breakdown: r.score.breakdown.map((b) => [...b]), final: true };
  }
}

const kindsOf = (tiles: readonly TileId[]) => tiles.map(kindOf);

/** A player's rack, exposures and called tile as kinds (what the card and the titles read). */
function inKinds(p: StandardPlayer | undefined) {
  return p && { rack: kindsOf(p.rack), exposures: p.exposures.map(kindsOf), hold: p.hold && { ...p.hold, tile: kindOf(p.hold.tile) } };
}
