/**
 * Expansion: one printed card line → every concrete Variation (suits, numbers, dragons and winds
 * chosen). The notation is described in rules/CARD-FORMAT.md; rules/card/parse.ts reads the text
 * and calls `expandLine`.
 */
import { DRAGONS, SUIT_DRAGON, SUITS, WINDS, copiesOf, type Dragon, type Suit, type TileKind, type Wind } from '../tiles.js';
import type { Group, Variation } from './types.js';

/** One printed tile inside a printed group: a character and, for numbers and `D`, a suit letter. */
export interface PrintedTile {
  /** `1`-`9` number, `0` Soap, `F` flower, `N` `E` `W` `S` wind, `R` `G` dragon, `D` dragon (suit letter = its colour, none = any), `*` any wind */
  ch: string;
  /** suit letter `a`, `b` or `c` (numbers and colour-matched dragons only) */
  suit?: string;
}

/** One printed group (a token between spaces on the card line). */
export interface PrintedGroup {
  text: string;
  tiles: PrintedTile[];
  /** all tiles alike: a single, pair, pung, kong, quint or sextet; otherwise a set of singles (a year, NEWS, 2468 …) */
  uniform: boolean;
}

/** How the printed numbers may move. */
export type NumberFreedom =
  /** these numbers only (the default) */
  | { kind: 'these' }
  /** any like numbers: every printed number is the same and stands for any number 1-9 */
  | { kind: 'like' }
  /** any consecutive numbers: the printed numbers move up or down together, staying within 1-9 */
  | { kind: 'consecutive' };

/** A printed line ready to expand. */
export interface PrintedLine {
  groups: PrintedGroup[];
  numbers: NumberFreedom;
  /** no jokers anywhere (a Singles and Pairs line) */
  singlesAndPairs: boolean;
}

/** Thrown by `expandLine` with the problem only; parse.ts adds file and line. */
export class ExpandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExpandError';
  }
}

function permutations<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  const out: T[][] = [];
  items.forEach((it, i) => {
    const rest = items.filter((_, j) => j !== i);
    for (const p of permutations(rest, k - 1)) out.push([it, ...p]);
  });
  return out;
}

/** Key of a variation that does not depend on group order, for removing duplicates. */
export function variationKey(v: Variation): string {
  return v.groups
    .map((g) => `${g.kind}:${g.size}:${g.jokersAllowed ? 'j' : ''}:${g.token === undefined ? '' : 's'}`)
    .sort()
    .join(' ');
}

/**
 * Every concrete variation of a printed line, duplicates removed, in a stable order.
 * Groups that are "any dragon" (`D` without a suit letter) or "any wind" (`*`) are always
 * different tiles from every other dragon or wind group of the line.
 * @throws ExpandError when a suit letter is not a, b or c, or no variation is possible.
 */
export function expandLine(line: PrintedLine): Variation[] {
  const letters: string[] = [];
  const digits: number[] = [];
  for (const g of line.groups)
    for (const t of g.tiles) {
      if (t.suit !== undefined && !letters.includes(t.suit)) letters.push(t.suit);
      if (/[1-9]/.test(t.ch)) digits.push(Number(t.ch));
    }
  if (letters.length > 3) throw new ExpandError(`uses ${letters.length} suit letters (${letters.join(', ')}); there are only 3 suits`);

  const offsets: number[] = [];
  if (line.numbers.kind === 'these' || digits.length === 0) offsets.push(0);
  else {
    const lo = Math.min(...digits);
    const hi = Math.max(...digits);
    for (let k = 1 - lo; k <= 9 - hi; k++) offsets.push(k);
  }

  const anyDragonTokens = line.groups.map((g, i) => (g.tiles.some((t) => t.ch === 'D' && t.suit === undefined) ? i : -1)).filter((i) => i >= 0);
  const anyWindTokens = line.groups.map((g, i) => (g.tiles.some((t) => t.ch === '*') ? i : -1)).filter((i) => i >= 0);

  const seen = new Set<string>();
  const out: Variation[] = [];
  for (const suitPick of permutations(SUITS, letters.length)) {
    const suitOfLetter = new Map<string, Suit>(letters.map((l, i) => [l, suitPick[i]!]));
    for (const k of offsets) {
      // kinds fixed before the "any" picks, to keep the "any" groups different from them
      const fixedKind = (t: PrintedTile): TileKind | undefined => {
        if (/[1-9]/.test(t.ch)) return `${Number(t.ch) + k}${suitOfLetter.get(t.suit!)!}` as TileKind;
        if (t.ch === '0') return 'WD';
        if (t.ch === 'F') return 'F';
        if (t.ch === 'R') return 'RD';
        if (t.ch === 'G') return 'GD';
        if (t.ch === 'N' || t.ch === 'E' || t.ch === 'W' || t.ch === 'S') return t.ch;
        if (t.ch === 'D' && t.suit !== undefined) return SUIT_DRAGON[suitOfLetter.get(t.suit)!];
        return undefined;
      };
      const usedDragons = new Set<TileKind>();
      const usedWinds = new Set<TileKind>();
      for (const g of line.groups)
        for (const t of g.tiles) {
          const kind = fixedKind(t);
          if (kind && (DRAGONS as readonly string[]).includes(kind)) usedDragons.add(kind);
          if (kind && (WINDS as readonly string[]).includes(kind)) usedWinds.add(kind);
        }
      const freeDragons = DRAGONS.filter((d) => !usedDragons.has(d));
      const freeWinds = WINDS.filter((w) => !usedWinds.has(w));
      for (const dragonPick of permutations<Dragon>(freeDragons, anyDragonTokens.length)) {
        for (const windPick of permutations<Wind>(freeWinds, anyWindTokens.length)) {
          const groups: Group[] = [];
          line.groups.forEach((g, gi) => {
            const kindOfTile = (t: PrintedTile): TileKind => fixedKind(t) ?? (t.ch === 'D' ? dragonPick[anyDragonTokens.indexOf(gi)]! : windPick[anyWindTokens.indexOf(gi)]!);
            if (g.uniform) {
              const size = g.tiles.length;
              groups.push({ kind: kindOfTile(g.tiles[0]!), size, jokersAllowed: size >= 3 && !line.singlesAndPairs });
            } else {
              for (const t of g.tiles) groups.push({ kind: kindOfTile(t), size: 1, jokersAllowed: false, token: gi });
            }
          });
          const v: Variation = { groups };
          const key = variationKey(v);
          if (!seen.has(key)) {
            seen.add(key);
            out.push(v);
          }
        }
      }
    }
  }
  if (out.length === 0) throw new ExpandError('no concrete hand fits this line (too many "any dragon" or "any wind" groups?)');
  return out;
}

/**
 * Checks that a variation can be made from one tile set (jokers aside): tiles that must be real
 * (singles, pairs, sets of singles) fit the copies of their kind (4, flowers 8), and the jokers
 * needed beyond the real copies fit the 8 jokers. Returns the problem, or undefined when it fits.
 */
export function copiesProblem(v: Variation): string | undefined {
  const natural = new Map<TileKind, number>();
  const total = new Map<TileKind, number>();
  for (const g of v.groups) {
    total.set(g.kind, (total.get(g.kind) ?? 0) + g.size);
    if (!g.jokersAllowed) natural.set(g.kind, (natural.get(g.kind) ?? 0) + g.size);
  }
  let jokers = 0;
  for (const [kind, n] of natural) if (n > copiesOf(kind)) return `asks for ${n} real ${kind} tiles but a set has only ${copiesOf(kind)} (jokers may not stand in singles or pairs)`;
  for (const [kind, n] of total) jokers += Math.max(0, n - copiesOf(kind));
  if (jokers > 8) return `needs ${jokers} jokers but a set has only 8`;
  return undefined;
}
