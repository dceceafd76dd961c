/**
 * Home (club) scoring for the standard 4-player game, as on the back of the NMJL card: the other
 * players pay the winner. Pure: one game's outcome in, each seat's points (winner positive, payers
 * negative, summing to 0) and a breakdown out.
 *
 * - Mah Jongg on a discard: the discarder pays double the hand value, the other two pay the value.
 * - Self-picked: all three pay double.
 * - Jokerless: every payment is doubled again, except for Singles and Pairs hands.
 * - A mis-named winning discard: its discarder pays for all (4 × the hand, NMJL practice).
 * - Wall game: nobody pays. A dead hand still pays the winner (it is not the discarder: a dead hand
 *   does not discard).
 */
import { ScoringError } from './siamese.js';

export { ScoringError };

/** The multipliers of home play; each is applied to the card value of the winning hand. */
export interface HomeProfile {
  /** shown in breakdowns */
  name: string;
  /** players at the table (seats 0 … players−1) */
  players: number;
  /** what the discarder of the winning tile pays, × value (NMJL: 2) */
  discarder: number;
  /** what each other player pays on a discard, × value (NMJL: 1) */
  othersOnDiscard: number;
  /** what each player pays on a self-picked Mah Jongg, × value (NMJL: 2) */
  selfPicked: number;
  /** every payment is multiplied by this when the hand is jokerless (NMJL: 2) */
  jokerless: number;
  /** whether a Singles and Pairs hand is also multiplied for jokerless (NMJL: no) */
  jokerlessSinglesAndPairs: boolean;
}

/** The NMJL card's home scoring. */
export const HOME_NMJL: Readonly<HomeProfile> = Object.freeze({
  name: 'Home (NMJL card)',
  players: 4,
  discarder: 2,
  othersOnDiscard: 1,
  selfPicked: 2,
  jokerless: 2,
  jokerlessSinglesAndPairs: false,
});

/** The default home profile: {@link HOME_NMJL}. */
export const DEFAULT_HOME_PROFILE: Readonly<HomeProfile> = HOME_NMJL;

/** How one home game ended. Seats are 0 … 3 (0 is East). */
export interface HomeOutcome {
  /** the seat that declared a verified Mah Jongg; null for a wall game */
  winner: number | null;
  /** the winning line's value as printed on the card (points); ignored without a winner */
  value?: number;
  /** the winner picked their own Mah Jongg tile */
  selfPicked?: boolean;
  /** no joker in the winning hand */
  jokerless?: boolean;
  /** the winning line is a Singles and Pairs hand (never doubled for jokerless) */
  singlesAndPairs?: boolean;
  /** the seat that discarded the winning tile; null or absent when self-picked or completed by a joker exchange */
  discarder?: number | null;
  /**
   * the winner completed the hand with a joker taken in a joker exchange (no discarder): paid as
   * self-picked when `selfPicked` is also set, otherwise each player pays `othersOnDiscard` × value
   */
  jokerExchange?: boolean;
  /**
   * the discarder named the winning tile wrongly (NMJL practice, not in 000): the discarder
   * pays for the whole table, what the other two would have paid too (NMJL: 2 + 1 + 1 = 4 × the hand)
   */
  misnamed?: boolean;
  /** names for the breakdown (default "East", "South", "West", "North") */
  names?: readonly string[];
}

/** The payments of one home game. */
export interface HomeScore {
  /** each seat's points: the winner's gain, the payers' payments as negatives; they sum to 0 */
  points: number[];
  /** per seat, one human line per item, e.g. "Pays East: 25 × 2 (discarder) = 50" */
  breakdown: string[][];
}

const SEAT_NAMES = ['East', 'South', 'West', 'North'];

/**
 * Scores one home game (the NMJL card's back).
 *
 * @param outcome how the game ended (see {@link HomeOutcome})
 * @param profile the multipliers (default {@link HOME_NMJL})
 * @returns points per seat (summing to 0) and a breakdown per seat; all 0 for a wall game
 * @throws ScoringError on an impossible outcome: a seat out of range, a negative or fractional
 *   value, a discarder with a self-picked tile (or none without one), a winner on their own discard
 */
export function scoreHomeGame(outcome: HomeOutcome, profile: Readonly<HomeProfile> = HOME_NMJL): HomeScore {
  const n = profile.players;
  const names = Array.from({ length: n }, (_, i) => outcome.names?.[i] ?? SEAT_NAMES[i] ?? `Seat ${i + 1}`);
  const seat = (s: unknown, what: string): number => {
    if (typeof s !== 'number' || !Number.isInteger(s) || s < 0 || s >= n) throw new ScoringError(`${what} must be a seat 0-${n - 1}, not ${String(s)}`);
    return s;
  };
  const points: number[] = new Array<number>(n).fill(0);
  const breakdown: string[][] = Array.from({ length: n }, () => []);

  if (outcome.winner === null || outcome.winner === undefined) {
    if (outcome.discarder !== null && outcome.discarder !== undefined) throw new ScoringError('a wall game has no discarder of a winning tile');
    for (let p = 0; p < n; p++) breakdown[p]!.push('Wall game: nobody pays', 'Total 0');
    return { points, breakdown };
  }
  const w = seat(outcome.winner, 'the winner');
  const value = outcome.value;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new ScoringError(`the winning hand's value must be a whole number of points ≥ 0, not ${String(value)}`);
  const discarder = outcome.discarder === null || outcome.discarder === undefined ? null : seat(outcome.discarder, 'the discarder');
  if (outcome.selfPicked && discarder !== null) throw new ScoringError(`a self-picked Mah Jongg has no discarder (${names[discarder]} given)`);
  if (outcome.jokerExchange && discarder !== null) throw new ScoringError(`a Mah Jongg completed by a joker exchange has no discarder (${names[discarder]} given)`);
  if (!outcome.selfPicked && !outcome.jokerExchange && discarder === null) throw new ScoringError('a Mah Jongg on a discard needs the discarder (or selfPicked: true, or jokerExchange: true)');
  if (discarder === w) throw new ScoringError(`${names[w]} cannot win on their own discard`);
  if (outcome.misnamed && discarder === null) throw new ScoringError('a mis-named discard needs the discarder of the winning tile (a self-picked Mah Jongg has none)');

  const doubled = !!outcome.jokerless && (!outcome.singlesAndPairs || profile.jokerlessSinglesAndPairs);
  const jokerText = doubled ? ` × ${profile.jokerless} (jokerless)` : outcome.jokerless ? ' (jokerless but Singles and Pairs: not doubled)' : '';
  for (let p = 0; p < n; p++) {
    if (p === w) continue;
    if (outcome.misnamed && p !== discarder) {
      breakdown[p]!.push(`Pays nothing: ${names[discarder!]} named the discard wrongly and pays for all`);
      continue;
    }
    const [times, why] = outcome.selfPicked
      ? [profile.selfPicked, 'self-picked']
      : outcome.misnamed
        ? [profile.discarder + profile.othersOnDiscard * (n - 2), 'mis-named discard: pays for all']
        : p === discarder
          ? [profile.discarder, 'discarder']
          : outcome.jokerExchange
            ? [profile.othersOnDiscard, 'joker exchange, not self-picked']
            : [profile.othersOnDiscard, 'on a discard'];
    const pay = value * times * (doubled ? profile.jokerless : 1);
    points[p] = pay === 0 ? 0 : -pay;
    points[w] = points[w]! + pay;
    breakdown[p]!.push(`Pays ${names[w]}: ${value} × ${times} (${why})${jokerText} = ${pay}`);
  }
  breakdown[w]!.unshift(
    `Mah Jongg ${value}${outcome.jokerExchange ? ', by a joker exchange' : ''}${outcome.selfPicked ? ', self-picked' : discarder === null ? '' : `, on ${names[discarder]}'s discard`}${outcome.jokerless ? ', jokerless' : ''}: collects ${points[w]}`,
  );
  for (let p = 0; p < n; p++) breakdown[p]!.push(`Total ${points[p]}`);
  return { points, breakdown };
}
