/**
 * The matcher: which card lines does a Mah Jongg hand complete?
 *
 * Rules held here (each has a test in match.test.ts):
 * - a joker never stands in a single or a pair, nor in a set of singles (a year, NEWS, 2468 …);
 *   two identical pairs side by side are two pairs, never a kong;
 * - jokers may stand in any group of 3 or more tiles, flowers included;
 * - a quint or sextet of one kind needs jokers beyond the 4 real tiles of that kind;
 * - Soap used as zero is the White Dragon; it never moves with a consecutive run;
 * - each exposure is exactly one whole group of the chosen variation (an exposed kong is never
 *   two pairs; a joker in an exposure stands for that group's kind);
 * - a concealed (C) line is not completed once an exposure was made before Mah Jongg
 *   (000: "If a concealed hand is incorrectly exposed for Mah Jongg the hand is dead").
 */
import type { TileKind } from './tiles.js';
import type { Card, CardLine, Variation } from './card/types.js';
import { JOKER, KINDS, compileCard, compileVariation, countTiles, kindBit, type CompiledVariation } from './card/compiled.js';
import { KIND_INDEX } from './card/compiled.js';

/** A joker of the hand and the group it stands in. */
export interface JokerUse {
  /** the tile the joker stands for */
  kind: TileKind;
  /** index into `variation.groups` */
  groupIndex: number;
}

/** A card line the hand completes. */
export interface LineMatch {
  /** id of the card the line is on */
  cardId: string;
  line: CardLine;
  /** the concrete variation the tiles complete (suits, numbers, dragons, winds chosen) */
  variation: Variation;
  /** every joker of the hand and the group it stands in; empty when jokerless */
  jokers: JokerUse[];
  /** no joker in the hand (the jokerless bonus itself is the scorer's business: not for Singles and Pairs) */
  jokerless: boolean;
  /** the line's value in points as printed */
  value: number;
}

/** A hand at Mah Jongg: what is still in the rack plus the exposures on top of the rack. */
export interface HandToMatch {
  /** tiles not exposed (in the rack) */
  concealed: readonly TileKind[];
  /** each exposure as laid on top of the rack, jokers included */
  exposures: readonly (readonly TileKind[])[];
  /**
   * an exposure was made before Mah Jongg was declared (a call), which rules out concealed (C)
   * lines; default: true when there is any exposure
   */
  exposedBeforeMahJongg?: boolean;
}

function handMasks(counts: Int32Array): [number, number] {
  let lo = 0,
    hi = 0;
  for (let k = 0; k < KINDS; k++) {
    if (k === JOKER || counts[k] === 0) continue;
    const [l, h] = kindBit(k);
    lo |= l;
    hi |= h;
  }
  return [lo, hi];
}

/** True when the tile counts (jokers as wildcards for groups of 3+) make exactly this variation. */
function fits(cv: CompiledVariation, counts: Int32Array, lo: number, hi: number): boolean {
  if ((lo & ~cv.maskLo) !== 0 || (hi & ~cv.maskHi) !== 0) return false;
  if ((cv.fixedLo & ~lo) !== 0 || (cv.fixedHi & ~hi) !== 0) return false;
  const kinds = cv.kinds;
  for (let i = 0; i < kinds.length; i++) {
    const c = counts[kinds[i]!]!;
    const f = cv.fixed[i]!;
    if (c < f || c > f + cv.flex[i]!) return false;
  }
  return true;
}

/** Places the jokers over the joker groups (those with `use[i]`) of each kind, first groups first. */
function placeJokers(v: Variation, counts: Int32Array, use?: readonly boolean[]): JokerUse[] {
  const left = new Map<TileKind, number>(); // real tiles of each kind still to seat
  for (const g of v.groups) if (!left.has(g.kind)) left.set(g.kind, counts[KIND_INDEX.get(g.kind)!]!);
  // real tiles go first to the groups that cannot take jokers
  v.groups.forEach((g, i) => {
    if ((use && !use[i]) || g.jokersAllowed) return;
    left.set(g.kind, left.get(g.kind)! - g.size);
  });
  const out: JokerUse[] = [];
  v.groups.forEach((g, i) => {
    if ((use && !use[i]) || !g.jokersAllowed) return;
    const real = Math.min(g.size, left.get(g.kind)!);
    left.set(g.kind, left.get(g.kind)! - real);
    for (let j = real; j < g.size; j++) out.push({ kind: g.kind, groupIndex: i });
  });
  return out;
}

/**
 * (Exported for rules/howfar.ts.) Seats each exposure on one whole group of the variation: same kind and size (jokers only in a
 * group of 3+), or, for a set of singles, exactly that set's tiles with no joker.
 * Returns which groups are taken and the exposures' jokers, or null when an exposure fits no group.
 */
export function seatExposures(v: Variation, exposures: readonly (readonly TileKind[])[]): { used: boolean[]; jokers: JokerUse[] } | null {
  const used = v.groups.map(() => false);
  const jokers: JokerUse[] = [];
  for (const e of exposures) {
    const naturals = e.filter((t) => t !== 'J');
    const nJ = e.length - naturals.length;
    if (naturals.length === 0) return null;
    const kind = naturals[0]!;
    let seated = false;
    if (naturals.every((t) => t === kind)) {
      const gi = v.groups.findIndex((g, i) => !used[i] && g.token === undefined && g.kind === kind && g.size === e.length && (nJ === 0 || g.jokersAllowed));
      if (gi >= 0) {
        used[gi] = true;
        for (let j = 0; j < nJ; j++) jokers.push({ kind, groupIndex: gi });
        seated = true;
      }
    }
    if (!seated && nJ === 0) {
      // a whole set of singles (a year, NEWS …) laid out as one exposure
      const tokens = new Set(v.groups.filter((g) => g.token !== undefined).map((g) => g.token!));
      for (const t of tokens) {
        const idx = v.groups.map((g, i) => (g.token === t ? i : -1)).filter((i) => i >= 0);
        if (idx.some((i) => used[i]) || idx.length !== e.length) continue;
        const want = idx
          .map((i) => v.groups[i]!.kind)
          .sort()
          .join(' ');
        if (want !== [...e].sort().join(' ')) continue;
        for (const i of idx) used[i] = true;
        seated = true;
        break;
      }
    }
    if (!seated) return null;
  }
  return { used, jokers };
}

function allKnown(tiles: readonly TileKind[]): boolean {
  for (const t of tiles) if (!KIND_INDEX.has(t)) return false;
  return true;
}

/**
 * Every card line the 14 tiles complete, taken as one multiset (how they were grouped is not
 * known: the tiles on top of a Siamese rack at Mah Jongg, 003 rule 10). Jokers stand only in
 * groups of 3 or more. One LineMatch per line (its first matching variation), in card and line
 * order. Runs in well under 100 µs against a 60-line card (tables built at load time).
 *
 * @param cards the cards played at the table (e.g. the standard and the Siamese card)
 * @param tiles the 14 tiles; any other count, or a code that is not a tile kind, matches nothing
 * @param opts.concealedLinesAllowed false when an exposure was made before Mah Jongg, so
 *   concealed (C) lines cannot be completed (default true)
 * @returns the completed lines; empty when none (never throws)
 */
export function matchTiles(cards: readonly Card[], tiles: readonly TileKind[], opts?: { concealedLinesAllowed?: boolean }): LineMatch[] {
  if (tiles.length !== 14 || !allKnown(tiles)) return [];
  const concealedOk = opts?.concealedLinesAllowed ?? true;
  const counts = countTiles(tiles);
  const [lo, hi] = handMasks(counts);
  const jokerless = counts[JOKER] === 0;
  const out: LineMatch[] = [];
  for (const card of cards) {
    let lastLine: CardLine | undefined;
    for (const cv of compileCard(card).variations) {
      if (cv.line === lastLine) continue;
      if (cv.line.concealed && !concealedOk) continue;
      if (!fits(cv, counts, lo, hi)) continue;
      lastLine = cv.line;
      out.push({ cardId: card.id, line: cv.line, variation: cv.variation, jokers: placeJokers(cv.variation, counts), jokerless, value: cv.line.value });
    }
  }
  return out;
}

/**
 * Every card line the hand completes, each exposure seated on exactly one whole group of the
 * variation (an exposed kong is never two pairs; a joker in an exposure stands for that group's
 * kind). A concealed (C) line is skipped when an exposure was made before Mah Jongg (000).
 * One LineMatch per line (its first variation that fits), in card and line order.
 *
 * @param cards the cards played at the table
 * @param hand concealed tiles plus exposures; together they must be 14 tiles, else nothing matches
 * @returns the completed lines; empty when none (never throws)
 */
export function matchHand(cards: readonly Card[], hand: HandToMatch): LineMatch[] {
  const all = [...hand.concealed, ...hand.exposures.flat()];
  if (all.length !== 14 || !allKnown(all)) return [];
  const blocked = hand.exposedBeforeMahJongg ?? hand.exposures.length > 0;
  const counts = countTiles(all);
  const [lo, hi] = handMasks(counts);
  const concealedCounts = countTiles(hand.concealed);
  const jokerless = counts[JOKER] === 0;
  const out: LineMatch[] = [];
  for (const card of cards) {
    let lastLine: CardLine | undefined;
    for (const cv of compileCard(card).variations) {
      if (cv.line === lastLine) continue;
      if (cv.line.concealed && blocked) continue;
      if (!fits(cv, counts, lo, hi)) continue;
      let jokers: JokerUse[];
      if (hand.exposures.length === 0) jokers = placeJokers(cv.variation, counts);
      else {
        const seat = seatExposures(cv.variation, hand.exposures);
        if (!seat) continue;
        const rest = seat.used.map((u) => !u);
        const sub = compileVariation(card, cv.line, cv.variation, rest);
        const [clo, chi] = handMasks(concealedCounts);
        if (!fits(sub, concealedCounts, clo, chi)) continue;
        jokers = [...seat.jokers, ...placeJokers(cv.variation, concealedCounts, rest)].sort((a, b) => a.groupIndex - b.groupIndex);
      }
      lastLine = cv.line;
      out.push({ cardId: card.id, line: cv.line, variation: cv.variation, jokers, jokerless, value: cv.line.value });
    }
  }
  return out;
}
