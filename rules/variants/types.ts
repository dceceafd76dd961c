/**
 * The hooks of a variant (docs/one-engine.md §3): what the one engine (rules/game/apply.ts) asks
 * the table's own rules. Only the Royale Siamese variant (rules/variants/siamese.ts, 003) exists
 * yet; the 4-player one comes with stage 3.
 */
import type { FlagSeed, Rule20Reason } from '../wording/flags.js';

/** The rules that are one table's own. */
export interface Variant {
  id: 'siamese' | 'standard';
  /** the seed the variant's flags cite */
  seed: FlagSeed;
  /** tiles the deal gives seat `seat` (003 rule 5: 27 each) */
  dealt(seat: number): number;
  /** tiles a player holds off turn, or on turn after picking or calling (003 rules 5, 8: 27 / 28) */
  hand(onTurn: boolean): number;
  /**
   * which hand dies for a pick from the wrong wall (003 rule 20), from each rack (index 0 =
   * closest to the player): a verified Mah Jongg on it, already dead, tiles on its top
   */
  wrongWallHand(racks: readonly { mahJongg: boolean; dead: boolean; exposed: boolean }[]): { rack: number; why: string; reason: Rule20Reason; silent: boolean };
}
