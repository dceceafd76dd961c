/**
 * A discard named wrongly on the standard 4-player table (NMJL practice, not in 000; the
 * table setting `misnamedDiscard`, rules/variants/standard/misdeal.ts). No reader hears what a player says,
 * so the director enters it (as on the Siamese table, 003 rule 19):
 * - claimed for Mah Jongg: the Mah Jongg stands as the tile was named, the game ends with it, and
 *   the player who named it pays as the discarder of the winning tile (000's discarder penalty in
 *   tournament scoring, rules/scoring/tournament.ts; 4 × the hand at home, rules/scoring/home.ts
 *   `misnamed`);
 * - claimed for an exposure: the director rules whether the caller keeps the exposure or the
 *   caller's hand is dead, and the hub applies it.
 * Pure: the caller's hand and the named tile in, the Mah Jongg it makes out.
 */
import type { Card } from '../../card/types.js';
import { matchHand, type LineMatch } from '../../match.js';
import type { TileKind } from '../../tiles.js';
import { bestFirst } from '../../game/mah-jongg.js';

/** The rule a misnamed-discard entry cites. */
export const MISNAMED_RULE =
  'NMJL practice (not in the seeds): a mis-named discard claimed for Mah Jongg: the Mah Jongg stands and the player who named it pays as the discarder; claimed for an exposure: the director rules';

/** The caller of the mis-named discard as the referee holds her: concealed tiles and exposures before the Mah Jongg. */
export interface MisnamedCaller {
  rack: readonly TileKind[];
  exposures: readonly (readonly TileKind[])[];
}

/**
 * The Mah Jongg the caller makes with the discard as it was named.
 * @param named the tile as its discarder named it, in place of the tile discarded
 * @returns the best line (highest value, then jokerless), or null when the hand fits no line even so
 */
export function mahJonggAsNamed(cards: readonly Card[], caller: MisnamedCaller, named: TileKind): LineMatch | null {
  const matches = matchHand(cards, { concealed: [...caller.rack, named], exposures: caller.exposures, exposedBeforeMahJongg: caller.exposures.length > 0 });
  return bestFirst(matches)[0] ?? null;
}
