/**
 * NMJL practice on the standard 4-player table that 000 does not state: what a wrong count
 * means before and after East's first discard, and whether a mis-named discard is taken as a
 * director entry. Each is a table setting (hub/config/types.ts `nmjlPractice`), all on by default:
 * - `misdeal`: a player holding too many tiles before East's first discard (East more than 14, the
 *   others more than 13) is a misdeal: the tiles are re-dealt; the game keeps its number on the
 *   score card and is not one of the round's four games;
 * - `shortTakesNextTile`: a player one short before East's first discard (East 13, the others 12)
 *   takes the next tile of the wall, and nothing is flagged;
 * - `twoHandsIntact`: after East's first discard a wrong count kills that hand (NMJL, as without
 *   the setting) and play goes on while two or more hands are intact; when fewer are, the game
 *   ends and is scored as a wall game (the one intact hand 10, the dead hands 0), as 000 scores a
 *   Mah Jongg in error that leaves one hand ("the remaining player gets 10 points"); with
 *   `replayFewerThanTwoIntact` on, such a game is replayed instead (below);
 * - `replayFewerThanTwoIntact`: when a third hand dies in play, whatever the cause (a wrong count,
 *   picking ahead, an illegal exposure, a declared-dead, a Mah Jongg in error), so that fewer than
 *   two hands are intact, the game is over and is replayed: nobody scores, the same East deals
 *   again and the replay keeps the game's number on the score card (as a misdeal). 000 scores the
 *   one hand left only after a Mah Jongg in error that two players exposed for ("the remaining
 *   player gets 10 points"): that game ends scored as 000 says, not replayed. Off: a Mah Jongg in
 *   error or a wrong count that leaves one hand ends the game as a wall game (that hand 10), and a
 *   hand left after three deaths by other causes plays on alone;
 * - `misnamedDiscard`: a discard named wrongly is a director entry (rules/game/misnamed.ts).
 * Pure: counts in, verdicts out.
 */
import { DEALT, HAND } from '../../standard-game.js';

/** The NMJL practice settings of a standard table (see the module comment). */
export interface NmjlPractice {
  misdeal: boolean;
  shortTakesNextTile: boolean;
  twoHandsIntact: boolean;
  replayFewerThanTwoIntact: boolean;
  misnamedDiscard: boolean;
}

/** Every setting on: the table's practice when its config says nothing. */
export const NMJL_PRACTICE_DEFAULTS: Readonly<NmjlPractice> = { misdeal: true, shortTakesNextTile: true, twoHandsIntact: true, replayFewerThanTwoIntact: true, misnamedDiscard: true };

/** What each seat holds before East's first discard (NMJL): the deal, East 14, the others 13 (tiles). */
export const BEFORE_FIRST_DISCARD = DEALT;

/** The rule a misdeal flag cites. */
export const MISDEAL_RULE = "NMJL practice (not in the seeds): too many tiles before East's first discard is a misdeal; the tiles are re-dealt and the game is played again";

/** The rule the end of a game with fewer than two hands intact cites. */
export const FEWER_THAN_TWO_RULE =
  'NMJL practice (not in the seeds): play goes on while two or more hands are intact; with one left the game ends as a wall game (000: "the remaining player gets 10 points")';

/**
 * Whether a game in play is over and replayed (NMJL practice, `replayFewerThanTwoIntact`): fewer
 * than two hands are intact.
 * @param dead whether each seat's hand is dead, index 0 East
 */
export function fewerThanTwoIntact(dead: readonly boolean[]): boolean {
  return dead.filter((d) => !d).length < 2;
}

/**
 * The players holding too many tiles before East's first discard.
 * @param counts tiles each player holds (rack, exposures, a called tile), index 0 East
 * @returns the players over {@link BEFORE_FIRST_DISCARD}, in seat order (empty: no misdeal)
 */
export function overDealt(counts: readonly number[]): number[] {
  return counts.flatMap((n, p) => (n > (BEFORE_FIRST_DISCARD[p] ?? HAND) ? [p] : []));
}

/**
 * Whether `player` is one tile short before East's first discard and so may take the next wall tile.
 * @param held tiles the player holds now
 */
export function oneShort(player: number, held: number): boolean {
  return held === (BEFORE_FIRST_DISCARD[player] ?? HAND) - 1;
}
