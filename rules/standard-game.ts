/**
 * The numbers the 4-player game is built on (NMJL, as 000 plays it): the seats, the deal, the
 * tiles a hand holds and the Charleston's stages. The 4-player referee (rules/variants/standard/play.ts),
 * the hub's move reader (hub/table/moves/moves.ts), the simulators and the displays take
 * them from here, so none of them restates one.
 *
 * Seats: 0 East, 1 South, 2 West, 3 North; play goes 0 → 1 → 2 → 3. "Right" is the next seat
 * (East passes right to South), "across" two on, "left" three on.
 */
import { TILES_IN_SET } from './tiles.js';

/** Players at a 4-player table. */
export const SEATS = 4;

/** East, the dealer: seat 0 (NMJL). */
export const EAST = 0;

/** A hand off turn: 13 tiles; the player on turn, after picking or calling: 14 (NMJL; 000 "13/14"). */
export const HAND = 13;

/** Tiles dealt, by seat: East 14, the others 13 (NMJL). */
export const DEALT: readonly number[] = Object.freeze([HAND + 1, HAND, HAND, HAND]);

/** Tiles left in the walls after the deal: 152 − 53 = 99. */
export const WALL_AFTER_DEAL: number = TILES_IN_SET - DEALT.reduce((n, d) => n + d, 0);

/** One stage of the Charleston. */
export interface CharlestonStage {
  /** in words, as the referee names it in errors and flags, e.g. "first left" */
  name: string;
  /** seats a passed tile moves on: 1 right, 2 across, 3 left; 0 for the vote (no tiles move) */
  offset: 0 | 1 | 2 | 3;
  /** whether tiles coming in may be passed on unseen ("blind": the first left and the last right) */
  blind: boolean;
}

/**
 * The Charleston, stage by stage (NMJL; 000: the first Charleston is required, the second
 * optional, then an optional courtesy pass across of 1-3 tiles). A stage is its index here.
 */
export const CHARLESTON: readonly CharlestonStage[] = Object.freeze([
  { name: 'first right', offset: 1, blind: false },
  { name: 'first across', offset: 2, blind: false },
  { name: 'first left', offset: 3, blind: true },
  { name: 'vote', offset: 0, blind: false },
  { name: 'second left', offset: 3, blind: false },
  { name: 'second across', offset: 2, blind: false },
  { name: 'last right', offset: 1, blind: true },
  { name: 'courtesy', offset: 2, blind: false },
]);

/** The stage where the players vote on the second Charleston (any one "no" stops it). */
export const VOTE_STAGE = 3;

/** The courtesy pass across, after the last Charleston pass (or a "no" at the vote). */
export const COURTESY_STAGE = 7;
