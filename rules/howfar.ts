/**
 * How far is a hand from each card line? Used by the simulator's bots on every pick and by the
 * seat view's practice help. Counts jokers held as wildcards for groups of 3 or more.
 */
import { copiesOf, type TileKind } from './tiles.js';
import type { Card, CardLine, Variation } from './card/types.js';
import { JOKER, KIND_INDEX, compileCard, countTiles } from './card/compiled.js';
import { TILE_KINDS } from './tiles.js';
import { seatExposures } from './match.js';

/** A hand to measure. */
export interface HandToMeasure {
  /** tiles in the rack(s) (concealed), jokers included; any number (13, 14, 27, 28 …) */
  tiles: readonly TileKind[];
  /** exposures already on top of the rack for this hand; each must become one whole group */
  exposures?: readonly (readonly TileKind[])[];
  /** tiles known to be out of reach (discarded, in other players' exposures) */
  dead?: readonly TileKind[];
}

/** Distance from one card line. */
export interface HowFar {
  cardId: string;
  line: CardLine;
  /** the closest variation of the line */
  variation: Variation;
  /** tiles still to get, after using the hand's jokers where they may stand (sorted in card order) */
  missing: TileKind[];
  /** `missing.length`: 0 means the hand holds a Mah Jongg of this line */
  need: number;
}

/**
 * For each card line the hand could still make, the closest variation and the tiles still needed,
 * sorted by `need` (fewest first), then by value (highest first), then card order.
 * A line is left out when it cannot be made: an exposure fits no group of it, it is concealed
 * and there are exposures, or it needs more real tiles of a kind than remain (4 a kind, 8 flowers,
 * less the hand's own and the dead ones) where jokers may not stand.
 * About 1-3 ms for two sample cards with 28 tiles.
 *
 * @param opts.limit keep only the first `limit` results
 * @param opts.allVariations one result per variation instead of per line
 * @returns the lines the hand could still make (never throws; codes that are not tile kinds are ignored)
 */
export function howFar(cards: readonly Card[], hand: HandToMeasure, opts?: { limit?: number; allVariations?: boolean }): HowFar[] {
  const counts = countTiles(hand.tiles);
  const deadCounts = countTiles(hand.dead ?? []);
  const exposures = hand.exposures ?? [];
  const exposed = countTiles(exposures.flat());
  const jokers = counts[JOKER]!;
  const out: HowFar[] = [];
  for (const card of cards) {
    let lastLine: CardLine | undefined;
    let best: HowFar | undefined;
    const flush = () => {
      if (best) out.push(best);
      best = undefined;
    };
    for (const cv of compileCard(card).variations) {
      if (cv.line !== lastLine) {
        if (!opts?.allVariations) flush();
        lastLine = cv.line;
      }
      if (cv.line.concealed && exposures.length > 0) continue;
      let fixed = cv.fixed;
      let flex = cv.flex;
      if (exposures.length > 0) {
        const seat = seatExposures(cv.variation, exposures);
        if (!seat) continue;
        fixed = [...fixed];
        flex = [...flex];
        cv.variation.groups.forEach((g, i) => {
          if (!seat.used[i]) return;
          const at = cv.kinds.indexOf(KIND_INDEX.get(g.kind)!);
          if (g.jokersAllowed) flex[at]! -= g.size;
          else fixed[at]! -= g.size;
        });
      }
      let natMissing = 0;
      let possible = true;
      const missing: TileKind[] = [];
      const flexShort: { kind: TileKind; avail: number }[] = [];
      for (let i = 0; i < cv.kinds.length; i++) {
        const k = cv.kinds[i]!;
        const kind = TILE_KINDS[k]!;
        const c = counts[k]!;
        const f = fixed[i]!;
        const avail = Math.max(0, copiesOf(kind) - c - exposed[k]! - deadCounts[k]!);
        const nm = f > c ? f - c : 0;
        if (nm > avail) {
          possible = false;
          break;
        }
        natMissing += nm;
        for (let j = 0; j < nm; j++) missing.push(kind);
        const surplus = c > f ? c - f : 0;
        const fm = flex[i]! - surplus;
        for (let j = 0; j < fm; j++) flexShort.push({ kind, avail: avail - nm - j });
      }
      if (!possible) continue;
      const need = natMissing + Math.max(0, flexShort.length - jokers);
      if (best && !opts?.allVariations && need >= best.need) continue;
      if (flexShort.length > jokers) {
        // jokers go where real tiles are scarcest
        flexShort.sort((a, b) => a.avail - b.avail);
        for (const s of flexShort.slice(jokers)) missing.push(s.kind);
      }
      missing.sort((a, b) => KIND_INDEX.get(a)! - KIND_INDEX.get(b)!);
      const r: HowFar = { cardId: card.id, line: cv.line, variation: cv.variation, missing, need };
      if (opts?.allVariations) out.push(r);
      else best = r;
    }
    flush();
  }
  const order = new Map(out.map((r, i) => [r, i]));
  out.sort((a, b) => a.need - b.need || b.line.value - a.line.value || order.get(a)! - order.get(b)!);
  return opts?.limit !== undefined ? out.slice(0, opts.limit) : out;
}
