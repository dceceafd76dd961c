/**
 * The hooks of a variant (docs/one-engine.md §3): what the one engine (rules/game/apply.ts) asks
 * the table's own rules. The Royale Siamese variant is rules/variants/siamese.ts (003), the
 * 4-player one rules/variants/standard.ts (000 on NMJL; its numbers are rules/standard-game.ts).
 */
import type { EngineCore, VariantPlay } from '../game/apply.js';
import type { CharlestonStage } from '../standard-game.js';
import type { FlagSeed, Rule20Reason } from '../wording/flags.js';

/** The Charleston a variant plays: its stages and where the vote and the courtesy pass are (indexes in `stages`). */
export interface Charleston {
  stages: readonly CharlestonStage[];
  /** the stage where the players vote on the second Charleston */
  voteStage: number;
  /** the courtesy pass across */
  courtesyStage: number;
}

/** The rules that are one table's own. */
export interface Variant {
  id: 'siamese' | 'standard';
  /** the seed the variant's flags cite */
  seed: FlagSeed;
  /** players at the table (003 rule 1: 2; 000: 4) */
  seats: number;
  /** racks each player plays (003 rule 1: 2; 000: 1) */
  racksPerSeat: number;
  /** the Charleston, or null when the table plays none (003 rule 7) */
  charleston: Charleston | null;
  /** tiles the deal gives seat `seat` (003 rule 5: 27 each) */
  dealt(seat: number): number;
  /** tiles a player holds off turn, or on turn after picking or calling (003 rules 5, 8: 27 / 28) */
  hand(onTurn: boolean): number;
  /**
   * which hand dies for a pick from the wrong wall (003 rule 20), from each rack (index 0 =
   * closest to the player): a verified Mah Jongg on it, already dead, tiles on its top; null when
   * the table judges no wall order (000 names none)
   */
  /**
   * the variant's own handlers of every action, on the engine's core steps (the 4-player table:
   * rules/variants/standard/play.ts); absent, the engine's own (the Siamese table)
   */
  play?: (core: EngineCore) => VariantPlay;
  wrongWallHand: ((racks: readonly { mahJongg: boolean; dead: boolean; exposed: boolean }[]) => { rack: number; why: string; reason: Rule20Reason; silent: boolean }) | null;
}
