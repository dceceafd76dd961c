/**
 * Judging what a player lays on top of the rack before Mah Jongg, against the cards in play (pure:
 * tile kinds and cards in, a judgment out). The 4-player handlers (./play.ts) call it:
 * - {@link forbiddenExposure} when an exposure is laid: a pair, a single or a set of singles (a
 *   year such as 2026, NEWS, 2468) is never exposed before Mah Jongg (NMJL);
 * - {@link judgeExposures} at the exposing player's discard: the exposures on the rack, each one
 *   whole group, must still fit together as groups of one exposed line of a card in play, as the
 *   Siamese table judges each rack (003 rule 11, rules/game/apply.ts); when none fits, the hand is dead.
 */
import type { Card, CardLine, Group } from '../../card/types.js';
import { exposable } from '../../exposures.js';
import type { TileKind } from '../../tiles.js';

/** What a group laid on top of a rack before Mah Jongg is when it can be no exposure at all. */
export type ForbiddenExposure = 'single' | 'pair' | 'singles';

/** Words for a forbidden exposure, e.g. "a pair" (for titles). */
export const FORBIDDEN_WORDS: Readonly<Record<ForbiddenExposure, string>> = { single: 'a single', pair: 'a pair', singles: 'a set of singles' };

/** Sets of singles printed on the cards (a year, NEWS, 2468 …), each as its sorted kinds joined by spaces. */
const singlesOf = new WeakMap<readonly Card[], Set<string>>();

function singlesTokens(cards: readonly Card[]): Set<string> {
  let out = singlesOf.get(cards);
  if (out) return out;
  out = new Set();
  for (const card of cards)
    for (const line of card.lines)
      for (const v of line.variations) {
        const byToken = new Map<number, TileKind[]>();
        for (const g of v.groups) if (g.size === 1 && g.token !== undefined) byToken.set(g.token, [...(byToken.get(g.token) ?? []), g.kind]);
        for (const kinds of byToken.values()) if (kinds.length >= 2) out.add([...kinds].sort().join(' '));
      }
  singlesOf.set(cards, out);
  return out;
}

/**
 * Is this group, laid on top of a rack before Mah Jongg (the called tile and the tiles laid with
 * it), a pair, a single or a set of singles? None is ever an exposure (NMJL: only a pung, kong,
 * quint or sextet is exposed before Mah Jongg).
 * - 1 tile: a single; 2 tiles: a pair (alike, or a tile and a joker), else two singles (`singles`);
 * - 3 or more tiles of two or more kinds: a set of singles when no kind repeats (NEWS, 2468, a
 *   joker among them or not) or, jokerless, when they are a set of singles printed on a card in
 *   play (a year such as 2026: 2, Soap, 2, 6);
 * - anything else (alike tiles with jokers, or a jumble that is no set of singles): null, for the
 *   ordinary exposure rules to judge.
 * @param group tile kinds, in any order
 */
export function forbiddenExposure(group: readonly TileKind[], cards: readonly Card[]): ForbiddenExposure | null {
  const naturals = group.filter((t) => t !== 'J');
  const kinds = new Set(naturals);
  if (group.length === 1) return 'single';
  if (group.length === 2) return kinds.size <= 1 ? 'pair' : 'singles';
  if (kinds.size < 2) return null;
  if (kinds.size === naturals.length) return 'singles';
  if (naturals.length === group.length && singlesTokens(cards).has([...naturals].sort().join(' '))) return 'singles';
  return null;
}

const GROUP_NAME: Readonly<Record<number, string>> = { 3: 'pung', 4: 'kong', 5: 'quint', 6: 'sextet' };

/** An exposure in words, e.g. "a pung of 9C (9C 9C J)". */
export function describeExposure(group: readonly TileKind[]): string {
  const natural = group.find((t) => t !== 'J');
  const name = GROUP_NAME[group.length];
  return `${name && natural ? `a ${name} of ${natural}` : `${group.length} tiles`} (${group.join(' ')})`;
}

/** The result of {@link judgeExposures}. */
export interface ExposureJudgment {
  /** an exposed line whose groups can hold every exposure, or null: no line fits (the hand is dead) */
  line: CardLine | null;
  /** when no line fits: why, in words (which exposure no exposed line has, or that no line has them together) */
  why: string | null;
}

/** The `kind/size` each exposure needs as a group, or null for one that is no group of alike tiles. */
function needs(exposures: readonly (readonly TileKind[])[]): Map<string, number> | null {
  const need = new Map<string, number>();
  for (const e of exposures) {
    const naturals = new Set(e.filter((t) => t !== 'J'));
    if (naturals.size !== 1) return null;
    const key = `${[...naturals][0]}/${e.length}`;
    need.set(key, (need.get(key) ?? 0) + 1);
  }
  return need;
}

/** Can one variation of this line hold every needed group, each exposure its own group? */
function lineHolds(line: CardLine, need: Map<string, number>): boolean {
  for (const v of line.variations) {
    const room = new Map<string, number>();
    for (const g of v.groups.filter((x: Group) => exposable(x))) room.set(`${g.kind}/${g.size}`, (room.get(`${g.kind}/${g.size}`) ?? 0) + 1);
    if ([...need].every(([k, n]) => (room.get(k) ?? 0) >= n)) return true;
  }
  return false;
}

/** Line ids for a reason, at most 3 then "and N more". */
function ids(lines: readonly CardLine[]): string {
  const shown = lines
    .slice(0, 3)
    .map((l) => l.id)
    .join(', ');
  return lines.length > 3 ? `${shown} and ${lines.length - 3} more` : shown;
}

/**
 * Do the exposures on one rack still fit a hand? Each exposure must be one whole exposable group
 * (a pung, kong, quint or sextet, jokers allowed) of the same variation of one exposed (X) line,
 * no two exposures in one group; concealed (C) lines and Singles and Pairs lines never fit an
 * exposure (NMJL). The Siamese referee judges each rack's top likewise (003 rule 11).
 * @param exposures each exposure as laid (tile kinds, jokers included)
 * @returns the first line that fits, or null with the reason in words
 */
export function judgeExposures(cards: readonly Card[], exposures: readonly (readonly TileKind[])[]): ExposureJudgment {
  const lines = cards.flatMap((c) => c.lines);
  const exposed = lines.filter((l) => !l.concealed && !l.singlesAndPairs);
  const need = needs(exposures);
  if (!need) {
    const odd = exposures.filter((e) => needs([e]) === null).map(describeExposure);
    return { line: null, why: `${odd.join(', ')} ${odd.length === 1 ? 'is' : 'are'} no group of alike tiles` };
  }
  const line = exposed.find((l) => lineHolds(l, need)) ?? null;
  if (line) return { line, why: null };
  const alone = exposures.map((e) => ({ e, fits: exposed.filter((l) => lineHolds(l, needs([e])!)), concealed: lines.filter((l) => l.concealed && lineHolds(l, needs([e])!)) }));
  const nowhere = alone.filter((x) => x.fits.length === 0);
  if (nowhere.length > 0)
    return {
      line: null,
      why: nowhere.map((x) => `no exposed hand on the card has ${describeExposure(x.e)}${x.concealed.length ? ` (only the concealed ${ids(x.concealed)})` : ''}`).join('; '),
    };
  return { line: null, why: `each fits a hand alone (${alone.map((x) => `${describeExposure(x.e)}: ${ids(x.fits)}`).join('; ')}), but no hand has them all together` };
}
