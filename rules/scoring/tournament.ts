/**
 * Tournament scoring for the standard 4-player NMJL game (000, "SCORING" and "GAME PLAY").
 * Pure: one game's outcome in, each seat's points, its score-card mark and a human breakdown out.
 *
 * Every number is a setting of a {@link TournamentProfile}; {@link TOURNAMENT_000} is 000's.
 * Other tournaments change the values (e.g. −25 to the caller when all three players expose their
 * hands for a Mah Jongg in error) without changing this code.
 *
 * Readings of the rules where the text leaves a choice (a director can overrule):
 * - The card value, the self-picked bonus and the jokerless bonus are the winner's; the other players
 *   score 0 for the game, apart from the discarder's penalty and a wall game's bonus.
 * - Mah Jongg in error: the caller's hand was put up as Mah Jongg, so it is dead (000: "a concealed
 *   hand incorrectly exposed for Mah Jongg the hand is dead") and scores 0. The players who exposed
 *   their hands believing it score 0. When two expose, one hand is left intact and it scores 10 and
 *   the game ends. When only one exposes, two hands are intact and play goes on ("two or more hands
 *   are intact, game continues"): the caller and that player are dead hands for the rest of the game,
 *   and the outcome must then say how the game ended (a winner, a wall game or unfinished).
 * - "Minus 10 points [...] at the end of that game" for looking at a stolen tile is added to that
 *   player's score whatever else happened (a dead hand that looked scores −10).
 */
import { ScoringError } from './siamese.js';

export { ScoringError };

/** Every number of a tournament's scoring; points unless said otherwise. */
export interface TournamentProfile {
  /** shown in breakdowns, e.g. "Tournament (seed 000)" */
  name: string;
  /** players at the table (seats 0 … players−1; 0 is East) */
  players: number;
  /** added when the winner picked their own Mah Jongg tile (000: +10) */
  selfPicked: number;
  /** added when the winning hand has no joker (000: +20) */
  jokerless: number;
  /** whether a Singles and Pairs hand also gets the jokerless bonus (000: no) */
  jokerlessSinglesAndPairs: boolean;
  /** added to each player whose hand is not dead in a wall game (000: +10) */
  wallGame: number;
  /** added to the discarder of the winning tile when the winner had no or one exposure before the Mah Jongg call (000: −10, "none or one exposure on their rack") */
  discarderNoneOrOne: number;
  /** added to the discarder when the winner had two exposures before the Mah Jongg call (000: −20, "two or more") */
  discarderTwo: number;
  /** added to the discarder when the winner had three or more exposures before the Mah Jongg call (000: −20, "two or more"; other tournaments −25) */
  discarderThreeOrMore: number;
  /** the score of a dead hand (000: 0) */
  deadHand: number;
  /** each player's score for a game not finished in the round's time (000: 0) */
  unfinished: number;
  /** Mah Jongg in error, one or two players exposed: score of the caller (000: 0, the hand is dead) */
  errorCaller: number;
  /** Mah Jongg in error, one or two players exposed: score of each player who exposed (000: 0) */
  errorExposed: number;
  /** Mah Jongg in error, two players exposed: score of the one intact hand (000: +10) */
  errorIntact: number;
  /** Mah Jongg in error, all three other players exposed: score of the caller (000: 0; elsewhere −25) */
  errorAllExposedCaller: number;
  /** Mah Jongg in error, all three other players exposed: score of each of them (000: 0) */
  errorAllExposedOthers: number;
  /** added at the end of the game for looking at a stolen tile (000: −10) */
  lookedAtStolenTile: number;
}

/** 000's tournament profile (the standard 4-player game). */
export const TOURNAMENT_000: Readonly<TournamentProfile> = Object.freeze({
  name: 'Tournament (seed 000)',
  players: 4,
  selfPicked: 10,
  jokerless: 20,
  jokerlessSinglesAndPairs: false,
  wallGame: 10,
  discarderNoneOrOne: -10,
  discarderTwo: -20,
  discarderThreeOrMore: -20,
  deadHand: 0,
  unfinished: 0,
  errorCaller: 0,
  errorExposed: 0,
  errorIntact: 10,
  errorAllExposedCaller: 0,
  errorAllExposedOthers: 0,
  lookedAtStolenTile: -10,
});

/** The default tournament profile: {@link TOURNAMENT_000}. */
export const DEFAULT_TOURNAMENT_PROFILE: Readonly<TournamentProfile> = TOURNAMENT_000;

/**
 * How one tournament game ended. Seats are 0 … 3 (0 is East). Exactly one of: a winner, `wallGame`,
 * `unfinished`, or a game-ending `mahJonggInError` (two or three players exposed).
 */
export interface TournamentOutcome {
  /** the seat that declared a verified Mah Jongg, or null */
  winner: number | null;
  /** the winning line's value as printed on the card (points); ignored without a winner */
  value?: number;
  /** the winner picked their own Mah Jongg tile (+10) */
  selfPicked?: boolean;
  /** no joker in the winning hand (+20 unless Singles and Pairs) */
  jokerless?: boolean;
  /** the winning line is a Singles and Pairs hand (no jokerless bonus) */
  singlesAndPairs?: boolean;
  /**
   * the seat that discarded the winning tile; null or absent when self-picked or completed by a joker
   * exchange. A dead discarder (the discard that ended the turn in which her exposures made her hand
   * dead) pays no penalty: a dead hand scores zero (000)
   */
  discarder?: number | null;
  /**
   * the winner completed the hand with a joker taken in a joker exchange on their own turn (no
   * discarder). Scored as self-picked when `selfPicked` is also set (the table's setting
   * `jokerExchangeSelfPicked`, rules/scoring/settings.ts); otherwise no bonus and no penalty
   */
  jokerExchange?: boolean;
  /**
   * exposures on top of the winner's rack before the Mah Jongg call, 0-4 (000: "none or one
   * exposure on their rack" −10 to the discarder, "two or more" −20); the tile called for Mah Jongg
   * and the tiles laid with it are not an exposure (a winner with four exposures who calls the last
   * tile has 4)
   */
  winnerExposures?: number;
  /**
   * the discard claimed for the winning hand had been named wrongly (NMJL practice, a director's
   * entry): at a tournament its discarder pays as the discarder (000); at a home table she pays
   * for the whole table (rules/scoring/home.ts `misnamed`)
   */
  misnamed?: boolean;
  /** seats whose hands are dead (score 0, no wall-game bonus; a dead hand does not pick or discard) */
  dead?: readonly number[];
  /** all tiles played and no Mah Jongg */
  wallGame?: boolean;
  /** the 4th game of a round not finished in the 50 minutes: every player scores 0 */
  unfinished?: boolean;
  /** Mah Jongg called in error: the caller and the seats that exposed their hands for it */
  mahJonggInError?: { caller: number; exposedBy: readonly number[] };
  /** seats that looked at a stolen tile (−10 each at the end of the game) */
  lookedAtStolenTile?: readonly number[];
  /** names for the breakdown (default "East", "South", "West", "North") */
  names?: readonly string[];
}

/** The score of one tournament game. */
export interface TournamentScore {
  /** each seat's points for the game */
  points: number[];
  /** what each seat writes on the score card: the points, or "X" for a zero (000) */
  marks: string[];
  /** per seat, one human line per item, e.g. "Hand 25 + self-picked 10 + jokerless 20 = 55" */
  breakdown: string[][];
}

const SEAT_NAMES = ['East', 'South', 'West', 'North'];

const signed = (n: number) => (n < 0 ? `−${-n}` : `+${n}`);

/**
 * Scores one game of a tournament round (000, "SCORING"; "GAME PLAY" for the clock, dead
 * hands and Mah Jongg in error).
 *
 * @param outcome how the game ended (see {@link TournamentOutcome})
 * @param profile the tournament's numbers (default {@link TOURNAMENT_000})
 * @returns points per seat, score-card marks ("X" for 0) and a breakdown per seat
 * @throws ScoringError on an impossible outcome, naming what is wrong: a seat out of range; no way
 *   the game ended, or two at once; a dead or erring winner; a discarder who is the winner
 *   or is given with a self-picked tile (or missing without one); a negative or fractional value or
 *   exposure count; a Mah Jongg in error with no one, the caller, or a seat twice among `exposedBy`,
 *   or one that ends the game (two or three exposed) alongside a winner or wall game.
 */
export function scoreTournamentGame(outcome: TournamentOutcome, profile: Readonly<TournamentProfile> = TOURNAMENT_000): TournamentScore {
  const n = profile.players;
  const names = Array.from({ length: n }, (_, i) => outcome.names?.[i] ?? SEAT_NAMES[i] ?? `Seat ${i + 1}`);
  const seat = (s: unknown, what: string): number => {
    if (typeof s !== 'number' || !Number.isInteger(s) || s < 0 || s >= n) throw new ScoringError(`${what} must be a seat 0-${n - 1}, not ${String(s)}`);
    return s;
  };
  const points: number[] = new Array<number>(n).fill(0);
  const breakdown: string[][] = Array.from({ length: n }, () => []);
  const dead = new Set((outcome.dead ?? []).map((d) => seat(d, 'a dead hand')));
  const err = outcome.mahJonggInError;
  const winner = outcome.winner === null || outcome.winner === undefined ? null : seat(outcome.winner, 'the winner');

  if (err) {
    const caller = seat(err.caller, 'the Mah Jongg-in-error caller');
    if (err.exposedBy.length === 0) throw new ScoringError('a Mah Jongg in error with no hand exposed is not scored: play goes on');
    const seen = new Set<number>();
    for (const e of err.exposedBy) {
      const s = seat(e, 'a hand exposed for the Mah Jongg in error');
      if (s === caller) throw new ScoringError(`${names[s]} called the Mah Jongg in error; exposedBy lists the other players who exposed`);
      if (seen.has(s)) throw new ScoringError(`${names[s]} is listed twice in exposedBy`);
      seen.add(s);
    }
  }
  const errorEndsGame = !!err && err.exposedBy.length >= n - 2;

  const endings = [winner !== null, !!outcome.wallGame, !!outcome.unfinished, errorEndsGame].filter(Boolean).length;
  if (endings === 0 && err)
    throw new ScoringError(
      `a Mah Jongg in error that ${err.exposedBy.length} player exposed for leaves two hands intact and play goes on: give how the game then ended (a winner, a wall game or unfinished)`,
    );
  if (endings === 0) throw new ScoringError('the game has no ending: give a winner, a wall game, unfinished, or a Mah Jongg in error that two or more players exposed for');
  if (endings > 1) throw new ScoringError('the game has more than one ending (a winner, a wall game, unfinished, a game-ending Mah Jongg in error): give exactly one');

  // a Mah Jongg in error with hands still intact: the caller and the exposers are dead for the rest of the game
  if (err && !errorEndsGame) {
    dead.add(err.caller);
    for (const e of err.exposedBy) dead.add(e);
  }

  if (outcome.unfinished) {
    for (let p = 0; p < n; p++) {
      points[p] = profile.unfinished;
      breakdown[p]!.push(`Game not finished: ${profile.unfinished} (000: a game not completed scores zero)`);
    }
  } else if (errorEndsGame) {
    const { caller, exposedBy } = err!;
    if (exposedBy.length === n - 1) {
      points[caller] = profile.errorAllExposedCaller;
      breakdown[caller]!.push(`Mah Jongg called in error, all three players exposed: ${profile.errorAllExposedCaller} (000)`);
      for (const e of exposedBy) {
        points[e] = profile.errorAllExposedOthers;
        breakdown[e]!.push(`Exposed for ${names[caller]}'s Mah Jongg in error (all three exposed): ${profile.errorAllExposedOthers} (000)`);
      }
    } else {
      points[caller] = profile.errorCaller;
      breakdown[caller]!.push(`Mah Jongg called in error, hand dead: ${profile.errorCaller} (000)`);
      for (const e of exposedBy) {
        points[e] = profile.errorExposed;
        breakdown[e]!.push(`Exposed for ${names[caller]}'s Mah Jongg in error: ${profile.errorExposed} (000)`);
      }
      for (let p = 0; p < n; p++) {
        if (p === caller || exposedBy.includes(p)) continue;
        if (dead.has(p)) {
          points[p] = profile.deadHand;
          breakdown[p]!.push(`Dead hand: ${profile.deadHand} (000)`);
        } else {
          points[p] = profile.errorIntact;
          breakdown[p]!.push(`Only hand left intact after ${names[caller]}'s Mah Jongg in error: ${signed(profile.errorIntact)} (000)`);
        }
      }
    }
  } else if (outcome.wallGame) {
    for (let p = 0; p < n; p++) {
      if (dead.has(p)) {
        points[p] = profile.deadHand;
        breakdown[p]!.push(`Wall game, dead hand: ${profile.deadHand} (000)`);
      } else {
        points[p] = profile.wallGame;
        breakdown[p]!.push(`Wall game ${signed(profile.wallGame)} (000)`);
      }
    }
  } else {
    const w = winner!;
    const value = outcome.value;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new ScoringError(`the winning hand's value must be a whole number of points ≥ 0, not ${String(value)}`);
    if (dead.has(w)) throw new ScoringError(`${names[w]} has a dead hand and cannot win`);
    const discarder = outcome.discarder === null || outcome.discarder === undefined ? null : seat(outcome.discarder, 'the discarder');
    if (outcome.selfPicked && discarder !== null) throw new ScoringError(`a self-picked Mah Jongg has no discarder (${names[discarder]} given)`);
    if (outcome.jokerExchange && discarder !== null) throw new ScoringError(`a Mah Jongg completed by a joker exchange has no discarder (${names[discarder]} given)`);
    if (!outcome.selfPicked && !outcome.jokerExchange && discarder === null) throw new ScoringError('a Mah Jongg on a discard needs the discarder (or selfPicked: true, or jokerExchange: true)');
    if (discarder === w) throw new ScoringError(`${names[w]} cannot win on their own discard`);
    const exposures = outcome.winnerExposures ?? 0;
    if (!Number.isInteger(exposures) || exposures < 0 || exposures > 4) throw new ScoringError(`the winner's exposures before the Mah Jongg call must be a whole number 0-4, not ${exposures}`);

    let score = value;
    const parts = [`Hand ${value}`];
    if (outcome.jokerExchange) parts.push(outcome.selfPicked ? 'completed by a joker exchange (counts as self-picked)' : 'completed by a joker exchange (not self-picked: no bonus, no discarder)');
    if (outcome.selfPicked) {
      score += profile.selfPicked;
      parts.push(`self-picked ${signed(profile.selfPicked)}`);
    }
    if (outcome.jokerless) {
      if (outcome.singlesAndPairs && !profile.jokerlessSinglesAndPairs) parts.push('jokerless but Singles and Pairs: no bonus');
      else {
        score += profile.jokerless;
        parts.push(`jokerless ${signed(profile.jokerless)}`);
      }
    }
    points[w] = score;
    breakdown[w]!.push(`${parts.join(', ')} = ${score} (000)`);
    for (let p = 0; p < n; p++) {
      if (p === w) continue;
      if (dead.has(p)) {
        points[p] = profile.deadHand;
        breakdown[p]!.push(`Dead hand: ${profile.deadHand} (000)`);
      } else if (p !== discarder) breakdown[p]!.push(`${names[w]} won: 0`);
    }
    if (discarder !== null && !dead.has(discarder)) {
      const penalty = exposures <= 1 ? profile.discarderNoneOrOne : exposures === 2 ? profile.discarderTwo : profile.discarderThreeOrMore;
      points[discarder] = penalty;
      breakdown[discarder]!.push(`Threw the winning tile to ${names[w]} with ${exposures} exposure${exposures === 1 ? '' : 's'}: ${signed(penalty)} (000)`);
    }
  }

  for (const l of outcome.lookedAtStolenTile ?? []) {
    const s = seat(l, 'a player who looked at a stolen tile');
    points[s] = points[s]! + profile.lookedAtStolenTile;
    breakdown[s]!.push(`Looked at a stolen tile ${signed(profile.lookedAtStolenTile)} (000)`);
  }

  for (let p = 0; p < n; p++) breakdown[p]!.push(`Total ${points[p]}`);
  const marks = points.map((p) => (p === 0 ? 'X' : String(p)));
  return { points, marks, breakdown };
}
