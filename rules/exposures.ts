/**
 * Do the exposures on top of one rack still fit a hand on the card?
 *
 * Before Mah Jongg a player may expose only whole groups of three or more alike tiles (pung,
 * kong, quint, sextet), jokers standing in for missing ones, and only on a line that is not
 * concealed. In Royale Siamese each rack's exposures are judged on their own: tiles move freely
 * between a player's racks, but not on top of them (003 rule 11). A rack whose exposures fit no
 * exposed line on any card in play is a dead hand.
 */
import type { Card, CardLine, Group } from './card/types.js';
import { countKinds, type TileKind } from './tiles.js';

/** An exposure group a line allows: three or more alike tiles, jokers allowed (pung, kong, quint, sextet). */
export function exposable(g: Group): boolean {
  return g.size >= 3 && g.jokersAllowed;
}

/**
 * The first exposed (X) card line whose variation can hold every tile in `top` as whole
 * exposure groups (each with at least one real tile, jokers filling the rest), or null when none can.
 * An empty top fits anything (returns the first exposed line, or null for a card with none).
 *
 * @param top the tile kinds on top of one rack, in any order (tiles)
 * @returns the line that still fits, or null: the hand is dead (003 rule 11)
 */
export function exposuresFit(cards: readonly Card[], top: readonly TileKind[]): CardLine | null {
  const counts = countKinds(top);
  const jokers = counts.get('J') ?? 0;
  counts.delete('J');
  const naturals = [...counts];
  for (const card of cards) {
    for (const line of card.lines) {
      if (line.concealed || line.singlesAndPairs) continue;
      for (const v of line.variations) {
        if (fits(v.groups.filter(exposable), naturals, top.length, jokers)) return line;
      }
    }
  }
  return null;
}

/** Can a subset of `groups` hold the naturals and jokers exactly, a real tile in every chosen group? */
function fits(groups: Group[], naturals: [TileKind, number][], total: number, jokers: number): boolean {
  if (naturals.length === 0) return jokers === 0; // jokers alone are never an exposure
  // total = real tiles + jokers, so a subset of exactly that size leaves no joker without a group
  const n = groups.length;
  for (let mask = 1; mask < 1 << n; mask++) {
    let size = 0;
    const byKind = new Map<TileKind, number>();
    const groupsPerKind = new Map<TileKind, number>();
    for (let i = 0; i < n; i++) {
      if (!(mask & (1 << i))) continue;
      const g = groups[i]!;
      size += g.size;
      byKind.set(g.kind, (byKind.get(g.kind) ?? 0) + g.size);
      groupsPerKind.set(g.kind, (groupsPerKind.get(g.kind) ?? 0) + 1);
    }
    if (size !== total) continue;
    let ok = byKind.size === naturals.length;
    for (const [kind, have] of naturals) {
      const room = byKind.get(kind);
      // every chosen group of this kind needs one real tile; jokers fill the rest
      if (room === undefined || have > room || have < (groupsPerKind.get(kind) ?? 0)) ok = false;
    }
    if (ok) return true;
  }
  return false;
}
