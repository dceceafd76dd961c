/**
 * How a tile kind is drawn: which face, which colour, which big mark and which name.
 * Pure (no DOM), so the drawing rules can be tested and read by a player.
 *
 * Colours follow the tile set (rules/tiles.ts): Bams green, Craks red, Dots blue; Red dragon goes
 * with Craks, Green with Bams, White ("Soap") with Dots. No Chinese characters: dragons are marked
 * "R" and "G", Soap is a blue frame, winds are the letters N E W S, jokers say JOKER.
 */
import { SUIT_NAMES, isTileKind, numberOf, suitOf, type Suit, type TileKind } from '../../../rules/tiles.js';

/** Which drawing a tile gets. `unknown` is a code the display does not know (drawn as "?"). */
export type TileFamily = 'suit' | 'wind' | 'dragon' | 'soap' | 'flower' | 'joker' | 'unknown';

/** The colour roles used by Tile.svelte (CSS classes `c-<colour>`). */
export type TileColour = 'bam' | 'crak' | 'dot' | 'wind' | 'flower' | 'joker' | 'unknown';

export interface TileFace {
  family: TileFamily;
  colour: TileColour;
  /** the big mark on the face: "5", "N", "R", "G", "" (Soap), "✿", "★" (joker), "?" */
  mark: string;
  /** the word under the mark: "BAM", "CRAK", "DOT", "WIND", "DRAGON", "SOAP", "FLOWER", "JOKER" (always shown on jokers) */
  sub: string;
  /** the tile's name in words, for tooltips and screen readers: "5 Bam", "Red dragon", "Joker" */
  name: string;
  /** a suit tile's suit, drawn as its symbol beside the colour (lib/SuitSymbol.svelte); null for any other tile */
  suit: Suit | null;
}

const WIND_NAMES = { N: 'North', E: 'East', W: 'West', S: 'South' } as const;
const SUIT_COLOUR = { B: 'bam', C: 'crak', D: 'dot' } as const;
const SUIT_SUB = { B: 'BAM', C: 'CRAK', D: 'DOT' } as const;

/** The kind part of a code: `5B#3` → `5B`, `5B` → `5B` (not checked). */
function codeKind(code: string): string {
  return code.includes('#') ? code.slice(0, code.lastIndexOf('#')) : code;
}

/** The tile kind a code names (`5B`, or a physical id `5B#3` read as its kind), or null when it names none. */
export function tileKindOf(code: string): TileKind | null {
  const kind = codeKind(code);
  return isTileKind(kind) ? kind : null;
}

/**
 * The face of a tile kind code (`5B`, `RD`, `N`, `F`, `J`, …; a physical id such as `5B#3` is read
 * as its kind). Never throws: an unknown code gets the `unknown` face showing "?" and the code.
 */
export function tileFace(code: string): TileFace {
  const kind = codeKind(code);
  if (!isTileKind(kind)) return { family: 'unknown', colour: 'unknown', mark: '?', sub: kind.slice(0, 6), name: `unknown tile ${JSON.stringify(code)}`, suit: null };
  const k: TileKind = kind;
  const suit = suitOf(k);
  if (suit) {
    const n = numberOf(k)!;
    return { family: 'suit', colour: SUIT_COLOUR[suit], mark: String(n), sub: SUIT_SUB[suit], name: `${n} ${SUIT_NAMES[suit].slice(0, -1)}`, suit };
  }
  switch (k) {
    case 'N':
    case 'E':
    case 'W':
    case 'S':
      return { family: 'wind', colour: 'wind', mark: k, sub: 'WIND', name: `${WIND_NAMES[k]} wind`, suit: null };
    case 'RD':
      return { family: 'dragon', colour: 'crak', mark: 'R', sub: 'DRAGON', name: 'Red dragon', suit: null };
    case 'GD':
      return { family: 'dragon', colour: 'bam', mark: 'G', sub: 'DRAGON', name: 'Green dragon', suit: null };
    case 'WD':
      return { family: 'soap', colour: 'dot', mark: '', sub: 'SOAP', name: 'White dragon (Soap)', suit: null };
    case 'F':
      return { family: 'flower', colour: 'flower', mark: '✿', sub: 'FLOWER', name: 'Flower', suit: null };
    case 'J':
      return { family: 'joker', colour: 'joker', mark: '★', sub: 'JOKER', name: 'Joker', suit: null };
  }
  return { family: 'unknown', colour: 'unknown', mark: '?', sub: kind, name: `unknown tile ${JSON.stringify(code)}`, suit: null };
}
