/**
 * The standard 4-player game's own fold (seed 000 on NMJL play), without readers: the referee's
 * actions, the director's entries, the count checks with the readers' counts, a refused blind pass
 * gone on as read, and the hub's stops, each one record line (rules/GAME-RECORD.md). The live
 * table (./engine.ts) feeds it from its log, and records each line it takes; a record read back
 * (hub/record/replay.ts) feeds it the same lines, so the two give the same flags and points.
 */
import { isDeepStrictEqual } from 'node:util';
import { heldCount, initialStandardState, standardReferee, StandardActionError, type StandardAction, type StandardReferee, type StandardState } from '../../../rules/referee/standard.js';
import { ScoringError, scoreTournamentGame, type TournamentProfile } from '../../../rules/scoring/tournament.js';
import type { Card } from '../../../rules/card/types.js';
import type { TileKind } from '../../../rules/tiles.js';
import type { RecordLine, StandardEntry } from '../../../rules/record/game-record.js';
import type { PublicFlag, ScoreView } from '../../api/views.js';
import { RulingError, type AnyDirectorEntry } from '../../api/runtime.js';

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
  /** the scoring numbers (seed 000's for the live table) */
  profile: Readonly<TournamentProfile>;
  /** whether the jokers of the exposure that made a hand dead stay in play (rules/referee/standard.ts; default false) */
  killingExposureJokersInPlay?: boolean;
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
  mismatches: readonly CountMismatch[];
  refusedPasses: readonly RefusedBlindPass[];
  unexplained: readonly Unexplained[];
  lines: ReadonlyMap<number, readonly RecordLine[]>;
}

/** The standard game's fold of record lines; `state` is the referee's state with the entries applied. */
export class StandardGame {
  state: StandardState = initialStandardState();
  private readonly referee: StandardReferee;
  /** players the director entered as having looked at a stolen tile in the current game (000: −10 each at its end) */
  private lookedAt: number[] = [];
  /** physical count mismatches of the current game */
  mismatches: CountMismatch[] = [];
  /** blind passes refused in the current game */
  refusedPasses: RefusedBlindPass[] = [];
  /** actions of the current game the referee refused as impossible or threw on */
  readonly unexplained: Unexplained[] = [];
  /** game number → the record lines taken for it, in order */
  readonly lines = new Map<number, RecordLine[]>();

  constructor(private readonly config: StandardGameConfig) {
    this.referee = standardReferee({ names: config.names, cards: config.cards, dismissed: config.dismissed, profile: config.profile, killingExposureJokersInPlay: config.killingExposureJokersInPlay ?? false });
  }

  /** The fold as it stands now ({@link StandardGameSnapshot}); copies only the current game's lists and lines. */
  save(): StandardGameSnapshot {
    const g = this.state.gameNo;
    return {
      state: this.state,
      lookedAt: [...this.lookedAt],
      mismatches: [...this.mismatches],
      refusedPasses: [...this.refusedPasses],
      unexplained: [...this.unexplained],
      lines: new Map([...this.lines].map(([n, l]) => [n, n >= g ? [...l] : l])),
    };
  }

  /** Puts the fold back as `saved` had it (`saved` stays as it is; games begun after it lose their lines). */
  restore(saved: StandardGameSnapshot): void {
    const g = saved.state.gameNo;
    this.state = saved.state;
    this.lookedAt = [...saved.lookedAt];
    this.mismatches = [...saved.mismatches];
    this.refusedPasses = [...saved.refusedPasses];
    this.unexplained.length = 0;
    this.unexplained.push(...saved.unexplained);
    this.lines.clear();
    for (const [n, l] of saved.lines) this.lines.set(n, n >= g ? [...l] : (l as RecordLine[]));
  }

  /** Whether two snapshots go on alike: equal but for the record lines of the games before the current one. */
  static sameStart(a: StandardGameSnapshot, b: StandardGameSnapshot): boolean {
    const { lines: la, ...restA } = a;
    const { lines: lb, ...restB } = b;
    const g = a.state.gameNo;
    const current = (l: ReadonlyMap<number, readonly RecordLine[]>) => [...l].filter(([n]) => n >= g);
    return isDeepStrictEqual(restA, restB) && isDeepStrictEqual(current(la), current(lb));
  }

  /** `into` with game `gameNo`'s record lines taken from `from` (both left as they are). */
  static withLinesOf(gameNo: number, from: StandardGameSnapshot, into: StandardGameSnapshot): StandardGameSnapshot {
    const l = from.lines.get(gameNo);
    if (!l) return into;
    return { ...into, lines: new Map(into.lines).set(gameNo, l) };
  }

  private name(p: number): string {
    return this.config.names[p] ?? `player ${p}`;
  }

  private take(line: RecordLine, gameNo = this.state.gameNo): void {
    if (gameNo > 0) this.lines.get(gameNo)?.push(line);
  }

  private scored(outcome: Parameters<typeof scoreTournamentGame>[0]) {
    return { outcome, score: scoreTournamentGame(outcome, this.config.profile) };
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
   * @returns the referee's result, or null when it refused the action
   */
  act(a: StandardAction, asRead?: () => TileKind[][]): { flags: { id: string }[]; boundary: boolean } | null {
    if (a.type === 'deal') {
      this.lookedAt = [];
      this.mismatches = [];
      this.unexplained.length = 0;
      this.refusedPasses = [];
    } else if (this.state.phase !== 'waiting' && this.state.phase !== 'ended') this.take({ action: a });
    try {
      const r = this.referee.apply(this.state, a);
      this.state = this.lookedAt.length > 0 ? this.withLookedAt(r.state, this.lookedAt) : r.state;
      if (a.type === 'deal') {
        this.lines.set(this.state.gameNo, []);
        this.take({ action: a });
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
   * A pass with blind tiles the referee refused (NMJL: blind passes only on the first left and the
   * last right): a flag for the director, and the game goes on from where the tiles are: the
   * Charleston moves to its next stage and each rack holds `racks` (as the readers hold them).
   */
  private refuseBlindPass(a: Extract<StandardAction, { type: 'pass' }>, error: string, racks: TileKind[][]): void {
    const s = this.state;
    this.take({ asRead: { at: a.at, ref: a.ref, racks } });
    this.refusedPasses.push({ id: `g${s.gameNo}-blind-pass-${a.ref}`, player: Math.max(0, a.blind!.findIndex((b) => b > 0)), at: a.at, title: error.replace(/^pass: /, ''), ref: a.ref });
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
    this.take({ count: { at, ref, skip: [...skip], counted: [...counted] } });
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
   * - `dead-declared-in-error`: the declarer's hand dies (000); during play a dead player's turn
   *   passes on and the game ends when every hand is dead; after the end the score is re-scored
   *   (a dead hand scores 0, 000).
   * @param tableId for the error's words
   * @throws RulingError 400 a bad player or an entry of another table kind, 409 no game, already
   *   entered, hand already dead, or the winner / the discarder of the winning tile (their hand
   *   cannot die after the Mah Jongg: the director corrects the score card instead)
   */
  withEntry(entry: AnyDirectorEntry, tableId: string): { state: StandardState; lookedAt: number[] } {
    const s = this.state;
    const p = entry.player;
    if (!Number.isInteger(p) || p < 0 || p > 3) throw new RulingError(400, `director entry: player must be 0-3 (East, South, West, North), not ${String(p)}`);
    if (entry.rack !== undefined && entry.rack !== 0) throw new RulingError(400, `director entry: a standard table has one rack per player (rack 0), not rack ${String(entry.rack)}`);
    if (s.gameNo === 0 || s.players.length !== 4) throw new RulingError(409, `no game has begun on table '${tableId}'`);
    const who = this.name(p);
    const rescore = (next: StandardState, lookedAt: number[]) => {
      try {
        return this.withLookedAt(next, lookedAt);
      } catch (err) {
        if (err instanceof ScoringError) throw new RulingError(409, `${who}: ${err.message}`);
        throw err;
      }
    };
    if (entry.entry === 'looked-at-stolen-tile') {
      if (this.lookedAt.includes(p)) throw new RulingError(409, `${who}'s look at a stolen tile in game ${s.gameNo} was already entered`);
      const lookedAt = [...this.lookedAt, p];
      return { state: rescore(s, lookedAt), lookedAt };
    }
    if (entry.entry === 'dead-declared-in-error') {
      const me = s.players[p]!;
      if (me.dead) throw new RulingError(409, `${who}'s hand is already dead (${me.deadReason ?? 'dead'})`);
      if (s.winner && (s.winner.player === p || s.winner.discarder === p))
        throw new RulingError(409, `${who} ${s.winner.player === p ? 'won' : 'threw the winning tile in'} game ${s.gameNo}: the hand cannot die after the Mah Jongg (correct the score card instead)`);
      // a new state: the declarer's player copied, the rest shared (the entry changes nothing else in place)
      const next: StandardState = { ...s, players: s.players.map((x, i) => (i === p ? { ...x } : x)) };
      const q = next.players[p]!;
      q.dead = true;
      q.deadReason = 'declared a hand dead in error (000)';
      if (next.phase === 'ended') return { state: rescore({ ...next, result: next.result && { ...next.result, outcome: this.referee.outcomeOf(next) } }, this.lookedAt), lookedAt: this.lookedAt };
      if (next.players.every((x) => x.dead)) {
        next.phase = 'ended';
        next.endReason = 'every hand is dead';
        next.turn = null;
        const outcome = this.referee.outcomeOf(next);
        return { state: rescore({ ...next, result: this.scored(outcome) }, this.lookedAt), lookedAt: this.lookedAt };
      }
      if (next.turn === p) {
        // a dead hand neither picks nor discards: the turn passes on (NMJL)
        for (let i = 1; i <= 4; i++) {
          const n = (p + i) % 4;
          if (!next.players[n]!.dead) {
            next.turn = n;
            break;
          }
        }
        next.turnHas = 'nothing';
      }
      return { state: next, lookedAt: this.lookedAt };
    }
    throw new RulingError(400, `a standard table takes the entries looked-at-stolen-tile and dead-declared-in-error, not '${String(entry.entry)}'`);
  }

  /** Applies a director entry ({@link StandardGame.withEntry}). @throws RulingError as withEntry */
  enter(entry: Omit<StandardEntry, 'entry'> & { entry: AnyDirectorEntry['entry'] }, tableId: string): void {
    const next = this.withEntry({ entry: entry.entry, player: entry.player, rack: entry.rack } as AnyDirectorEntry, tableId);
    this.take({ entry: { entry: entry.entry as StandardEntry['entry'], player: entry.player, rack: entry.rack, by: entry.by, at: entry.at, ref: entry.ref } });
    this.state = next.state;
    this.lookedAt = next.lookedAt;
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
    this.take({ stop: { at, ref, reason: endReason, ...(choice ? { choice } : {}) } });
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
      ...s.flags.map((f) => ({ id: f.id, kind: f.kind, rule: f.rule, title: f.title, player: f.player, rack: 0, at: f.at, status: status(f.id, f.status), consequence: f.consequence, gameNo: s.gameNo })),
      ...this.refusedPasses.map((r) => {
        const isDismissed = dismissed.has(r.id);
        return {
          id: r.id,
          kind: 'blind-pass',
          rule: 'NMJL: blind passes only on the first left and the last right',
          title: r.title,
          player: r.player,
          rack: 0,
          at: r.at,
          status: isDismissed ? ('dismissed' as const) : status(r.id, 'awaiting-director'),
          consequence: isDismissed ? 'dismissed by the director' : 'none: the pass stands as the readers saw it; the director rules',
          gameNo: s.gameNo,
        };
      }),
      ...this.mismatches.map((m) => {
        const isDismissed = dismissed.has(m.id);
        return {
          id: m.id,
          kind: 'rack-count',
          rule: 'NMJL: 13 tiles off turn, 14 after picking (counted by the rack readers)',
          title: `${this.name(m.player)}'s rack holds ${m.counted} tiles; the game says ${m.expected}`,
          player: m.player,
          rack: 0,
          at: m.at,
          status: isDismissed ? ('dismissed' as const) : status(m.id, 'awaiting-director'),
          consequence: isDismissed ? 'dismissed by the director' : 'none yet: the director counts the rack',
          gameNo: s.gameNo,
        };
      }),
    ];
  }

  /** The game's score once it has ended (000), else null. */
  score(): ScoreView | null {
    const r = this.state.result;
    if (!r) return null;
    return { points: [...r.score.points], payment: null, breakdown: r.score.breakdown.map((b) => [...b]), final: true };
  }
}
