/**
 * Per-variation tables for fast matching (rules/match.ts) and distance (rules/howfar.ts).
 * Built once per Card (cached in a WeakMap, built at load time by the loader's callers on first use).
 */
import { TILE_KINDS, type TileKind } from '../tiles.js';
import type { Card, CardLine, Variation } from './types.js';

/** Index of a tile kind in TILE_KINDS (0-26 suits, 27-30 winds, 31-33 dragons, 34 flower, 35 joker). */
export const KIND_INDEX: ReadonlyMap<TileKind, number> = new Map(TILE_KINDS.map((k, i) => [k, i]));
/** Index of the joker in TILE_KINDS. */
export const JOKER = KIND_INDEX.get('J')!;
/** Number of tile kinds (36). */
export const KINDS = TILE_KINDS.length;

/** A bit for a kind: low word for kinds 0-29, high word for 30-35. */
export function kindBit(k: number): [number, number] {
  return k < 30 ? [1 << k, 0] : [0, 1 << (k - 30)];
}

/** One variation as count tables. */
export interface CompiledVariation {
  card: Card;
  line: CardLine;
  variation: Variation;
  /** kind indices used by the variation */
  kinds: number[];
  /** tiles of kinds[i] that must be real (singles, pairs, sets of singles) */
  fixed: number[];
  /** tiles of kinds[i] in groups jokers may stand in */
  flex: number[];
  /** bit masks of all kinds used */
  maskLo: number;
  maskHi: number;
  /** bit masks of kinds with fixed > 0 (the hand must hold them) */
  fixedLo: number;
  fixedHi: number;
}

/** A card's variations in line order. */
export interface CompiledCard {
  card: Card;
  variations: CompiledVariation[];
}

/** Count tables for one variation (or a subset of its groups, `use[i] === true`). */
export function compileVariation(card: Card, line: CardLine, variation: Variation, use?: readonly boolean[]): CompiledVariation {
  const fixedBy = new Map<number, number>();
  const flexBy = new Map<number, number>();
  variation.groups.forEach((g, i) => {
    if (use && !use[i]) return;
    const k = KIND_INDEX.get(g.kind)!;
    const m = g.jokersAllowed ? flexBy : fixedBy;
    m.set(k, (m.get(k) ?? 0) + g.size);
    if (!fixedBy.has(k)) fixedBy.set(k, 0);
    if (!flexBy.has(k)) flexBy.set(k, 0);
  });
  const kinds = [...fixedBy.keys()].sort((a, b) => a - b);
  let maskLo = 0,
    maskHi = 0,
    fixedLo = 0,
    fixedHi = 0;
  for (const k of kinds) {
    const [lo, hi] = kindBit(k);
    maskLo |= lo;
    maskHi |= hi;
    if (fixedBy.get(k)! > 0) {
      fixedLo |= lo;
      fixedHi |= hi;
    }
  }
  return {
    card,
    line,
    variation,
    kinds,
    fixed: kinds.map((k) => fixedBy.get(k)!),
    flex: kinds.map((k) => flexBy.get(k)!),
    maskLo,
    maskHi,
    fixedLo,
    fixedHi,
  };
}

const cache = new WeakMap<Card, CompiledCard>();

/** The compiled tables of a card, built on first use and cached for the card object's life. */
export function compileCard(card: Card): CompiledCard {
  let c = cache.get(card);
  if (!c) {
    c = { card, variations: card.lines.flatMap((line) => line.variations.map((v) => compileVariation(card, line, v))) };
    cache.set(card, c);
  }
  return c;
}

/** Counts per kind index (length 36) of a list of kinds; unknown kinds are ignored. */
export function countTiles(tiles: readonly TileKind[], into?: Int32Array): Int32Array {
  const c = into ?? new Int32Array(KINDS);
  for (const t of tiles) {
    const k = KIND_INDEX.get(t);
    if (k !== undefined) c[k]!++;
  }
  return c;
}
