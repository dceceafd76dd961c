/**
 * What the move layer (./moves.ts) reads differently on the two tables (docs/one-engine.md §3,
 * stage 5): how tiles laid on a top become exposures, whether there is a Charleston, how the deal
 * closes, and what is done with a move the hub saw while a zone was not heard. Nothing here judges a
 * rule: the engine (rules/game/apply.ts) does, with the rules variant's hooks (rules/variants/).
 */
import { DEALT, SEATS } from '../../../rules/standard-game.js';
import type { CallFor } from '../../../rules/game/actions.js';

/**
 * What the hub does with a move it saw while a zone was not heard:
 * - `judge-now` (Royale Siamese, 003): the move's actions go to the engine at once, with what was
 *   not heard in their `hearing` (`zones: 'unheard'`, `racks`, `left`); the engine defers only what
 *   depends on it (003 rule 20's current wall, rule 11 for the racks);
 * - `hold-and-reorder` (4-player, 000): the moves are held until `readers-heard`, put back in the
 *   table's order (./unheard.ts, held by ./held.ts) and read then, each action with the players not
 *   heard in `hearing.players` (000: the turn order between them is not judged from it).
 */
export type UnheardPolicy = 'judge-now' | 'hold-and-reorder';

/** One table's reading of moves. */
export interface MoveVariant {
  id: 'siamese' | 'standard';
  seats: number;
  /**
   * `rack-top`: every tile laid from a rack onto the player's own top is an `expose` of that one
   * tile (003 rule 11 judges each rack's top whole at a turn boundary); `called-group`: an exposure
   * is the called tile with the tiles laid beside it, closed at the caller's next move (NMJL).
   */
  exposureGrouping: 'rack-top' | 'called-group';
  /** rack → another player's rack passes tiles (NMJL Charleston); none on the Siamese table (003 rule 7) */
  charleston: boolean;
  /**
   * what each seat holds when the deal is complete (tiles, East first): the move layer emits the
   * `deal` then; null: the deal is picks, and the engine ends it (003 rule 8, East's first discard)
   */
  dealt: readonly number[] | null;
  /** the table's default {@link UnheardPolicy} */
  unheardPolicy: UnheardPolicy;
}

/** The Royale Siamese table (003): one action per move, no Charleston, the deal as picks. */
export const SIAMESE_MOVES: MoveVariant = { id: 'siamese', seats: 2, exposureGrouping: 'rack-top', charleston: false, dealt: null, unheardPolicy: 'judge-now' };

/** The 4-player table (000 on NMJL): calls and exposures by group, the Charleston, the deal at East 14, the others 13. */
export const STANDARD_MOVES: MoveVariant = { id: 'standard', seats: SEATS, exposureGrouping: 'called-group', charleston: true, dealt: DEALT, unheardPolicy: 'hold-and-reorder' };

/**
 * How many hops of `offset` seats take a tile `d` seats on (d, offset in 1-3): the smallest h in
 * 1-3 with h × offset ≡ d (mod 4); 1 when there is none (a tile across in a right pass: as one hop).
 */
export function hopsFor(d: number, offset: number): number {
  for (let h = 1; h <= 3; h++) if ((h * offset) % SEATS === d % SEATS) return h;
  return 1;
}

/**
 * A tile that reaches the floor within this long (ms) of reaching another player's top, where it
 * came from a rack, was carried over that top on its way to the floor: the discard is the player's
 * whose rack it left, not the top's owner's. Measured from its arrival on the top to its arrival on
 * the floor (both as the tracker settled them): a hold of up to about 700 ms plus the carry. The
 * top's settle window (the table's `timing.settleMs`, 250 ms on the demo table; 200 ms for a strong
 * v1 read) is shorter than such a hold, so the tracker does settle the stop; this reads through it.
 * A tile that rests longer on another's top is that player's (a joker exchange's natural, or her
 * own discard from her top). 4-player table.
 */
export const TRANSIT_MS = 1000;

const SIZE_FOR: Record<number, CallFor> = { 2: 'pair', 3: 'pung', 4: 'kong', 5: 'quint', 6: 'sextet' };

/**
 * The purpose of a call, from the size of the group the called tile made on top of the rack
 * (the called tile included): 3 pung, 4 kong, 5 quint, 6 sextet, 2 pair (NMJL: never exposed
 * before Mah Jongg; the referee flags the exposure `exposed-pair-or-singles`, dead); 1 (nothing
 * exposed with it yet) is taken for a pung. A group of different tiles (NEWS, a year) goes by its
 * size too: the referee sees a set of singles in the exposure and flags it the same way.
 */
export function callForSize(size: number): CallFor {
  return SIZE_FOR[size] ?? (size <= 1 ? 'pung' : 'sextet');
}
