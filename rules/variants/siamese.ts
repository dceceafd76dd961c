/**
 * The Royale Siamese variant (003): its numbers and the rules that are the Siamese table's own.
 * {@link SIAMESE} gives them to the one engine (rules/game/apply.ts) as its hooks.
 */
import { RULE20_WHY, type Rule20Reason } from '../wording/flags.js';
import type { Variant } from './types.js';

/** Tiles each player holds off turn (003 rule 5). */
export const SIAMESE_HAND = 27;

/**
 * Which rule judges a wrong tile count of a player who has one legitimate Mah Jongg exposed:
 * '18A' (that player's other hand is dead; the Mah Jongg is paid) or '18D' (the later revision:
 * both hands are dead).
 */
export type CountRule = '18A' | '18D';

/** The count rules a table may play, each with what it does, in a director's words (003 rules 18A, 18D). */
export const COUNT_RULES: Readonly<Record<CountRule, string>> = {
  '18A': 'a wrong tile count beside one legitimate Mah Jongg: only the other hand is dead; the Mah Jongg is paid (003 rule 18A)',
  '18D': 'a wrong tile count beside one legitimate Mah Jongg: both hands are dead (003 rule 18D, revised 12/31/2024)',
};

/** The count rule when no config chooses one: 18D, the later revision (003). */
export const DEFAULT_COUNT_RULE: CountRule = '18D';

/**
 * Which hand dies when a player picks and racks a tile from the wrong wall (003 rule 20):
 * with a Mah Jongg exposed, the other hand; else the one hand with exposures; with exposures on
 * both, the rack closest to the player (rack 1, index 0). With none the rule is silent: rack 1
 * until the director chooses (`silent`). `reason` names the case and `why` says it in words
 * (rules/wording/flags.ts `RULE20_WHY`).
 * @param racks per rack (index 0 = closest to the player): a verified Mah Jongg on it, already dead, tiles on its top
 */
export function rule20Hand(racks: readonly { mahJongg: boolean; dead: boolean; exposed: boolean }[]): { rack: number; why: string; reason: Rule20Reason; silent: boolean } {
  const mj = racks.findIndex((r) => r.mahJongg);
  const at = (rack: number, reason: Rule20Reason) => ({ rack, why: RULE20_WHY[reason], reason, silent: reason === 'silent' });
  if (mj >= 0) {
    const other = racks.findIndex((r, i) => i !== mj && !r.dead);
    return at(other >= 0 ? other : mj, 'mahjongg');
  }
  const withExposures = racks.map((_, i) => i).filter((i) => racks[i]!.exposed);
  if (withExposures.length === 1) return at(withExposures[0]!, 'exposures');
  if (withExposures.length >= 2) return at(0, 'closest');
  return at(0, 'silent');
}

/** The Royale Siamese table's hooks (003): 2 players × 2 racks (rule 1), no Charleston (rule 7), 27 dealt and held off turn, 28 on turn (rules 5, 8); rule 20's dead hand. */
export const SIAMESE: Variant = {
  id: 'siamese',
  seed: '003',
  seats: 2,
  racksPerSeat: 2,
  charleston: null,
  dealt: () => SIAMESE_HAND,
  hand: (onTurn) => SIAMESE_HAND + (onTurn ? 1 : 0),
  wrongWallHand: rule20Hand,
};
