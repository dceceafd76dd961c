/**
 * The tiles on top of a rack as groups, laid out as on the card: each group together, jokers
 * inside the group they stand for. The readers see which tiles are on top, not how they lie, so
 * this is a reading for the displays (the table, a seat, the director), never a ruling.
 * Pure (no Node, no DOM).
 */
import type { Card } from './card/types.js';
import { matchTiles } from './match.js';
import type { TileKind } from './tiles.js';

/**
 * Exposures as groups before a Mah Jongg names a line: real tiles of one kind make a group, in the
 * order each kind first came on top; jokers fill the groups short of a pung (3) first, smallest
 * first, and any left join the last group (a pung, kong … of jokers and one kind, 000 and 003).
 * `exposureGroups(['5B','5B','J','N','N','N'])` → `[['5B','5B','J'],['N','N','N']]`.
 */
export function exposureGroups(exposed: readonly TileKind[]): TileKind[][] {
  const groups = new Map<TileKind, TileKind[]>();
  let jokers = 0;
  for (const k of exposed) {
    if (k === 'J') jokers++;
    else groups.set(k, [...(groups.get(k) ?? []), k]);
  }
  const out = [...groups.values()];
  if (out.length === 0) return jokers > 0 ? [Array.from({ length: jokers }, () => 'J' as const)] : [];
  for (const g of [...out].sort((a, b) => a.length - b.length)) {
    while (g.length < 3 && jokers > 0) {
      g.push('J');
      jokers--;
    }
  }
  for (; jokers > 0; jokers--) out[out.length - 1]!.push('J');
  return out;
}

/**
 * The tiles on top of a rack as groups as on the card. With a verified Mah Jongg on line
 * `lineId` whose 14 tiles are all on top (003 rule 10): the line's printed groups in its order,
 * each joker inside the group it stands for (rules/match.ts), a set of singles (a year, NEWS) one
 * group. Otherwise (no Mah Jongg, or the tiles do not make that line): {@link exposureGroups}.
 * E.g. on a line `FF 2222 4444 6666` the tiles 4C 4C J 4C F F 2C 2C 2C 2C 6C 6C 6C J
 * → `[['F','F'],['2C'×4],['4C','4C','4C','J'],['6C','6C','6C','J']]`.
 */
export function groupsAsOnCard(cards: readonly Card[], exposed: readonly TileKind[], lineId: string | null): TileKind[][] {
  if (lineId !== null && exposed.length === 14) {
    const m = matchTiles(cards, exposed).find((x) => x.line.id === lineId);
    if (m) {
      const out: TileKind[][] = [];
      let token: number | undefined;
      m.variation.groups.forEach((g, i) => {
        const jokers = m.jokers.filter((j) => j.groupIndex === i).length;
        const tiles: TileKind[] = [...Array.from({ length: g.size - jokers }, () => g.kind), ...Array.from({ length: jokers }, () => 'J' as const)];
        // the singles of one printed set (a year, NEWS) stay one group
        if (g.token !== undefined && g.token === token) out[out.length - 1]!.push(...tiles);
        else out.push(tiles);
        token = g.token;
      });
      return out;
    }
  }
  return exposureGroups(exposed);
}
