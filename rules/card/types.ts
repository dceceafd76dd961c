/**
 * The card: the year's list of hands, as loaded from a card text file (see rules/CARD-FORMAT.md)
 * and expanded into concrete variations that a hand can be matched against.
 */
import type { TileKind } from '../tiles.js';

/** One concrete group of a variation: `size` tiles of `kind` (a single is size 1, a pair 2, a pung 3, a kong 4, a quint 5, a sextet 6). */
export interface Group {
  kind: TileKind;
  /** tiles in the group: 1 single, 2 pair, 3 pung, 4 kong, 5 quint, 6 sextet */
  size: number;
  /**
   * Jokers may stand in for tiles of this group: true only for groups of 3 or more tiles that are
   * not part of a set of singles (a year, NEWS, 2468 …). Never for singles or pairs.
   */
  jokersAllowed: boolean;
  /**
   * Index (0-based) of the printed group this came from, in the line's order. A set of singles
   * (a year such as `2026`, `NEWS`, `2468`) becomes one size-1 group per tile, all sharing one
   * `token`; every other printed group is exactly one Group. Added by rules/card/expand.ts.
   */
  token?: number;
}

/** One concrete way to complete a card line: groups adding up to exactly 14 tiles. */
export interface Variation {
  groups: Group[];
}

/** One hand printed on the card. */
export interface CardLine {
  /** stable id within the card, e.g. `"siamese-sample:3"` (card id and 1-based line number in the file) */
  id: string;
  /** the card's category heading, e.g. "2468", "Like Numbers", "Singles and Pairs" */
  category: string;
  /** the line as written in the card file, for display */
  text: string;
  /** hand value in points as printed on the card */
  value: number;
  /** C on the card: no exposure may be made before Mah Jongg */
  concealed: boolean;
  /** the line is a "Singles and Pairs" hand: no jokers at all and no jokerless bonus */
  singlesAndPairs: boolean;
  /** errata or a director's note for this line, if any */
  note?: string;
  /** the printed groups as written, e.g. `["FFFF", "1111a", "1111b", "11c"]` (rules/card/parse.ts) */
  groupsText?: string[];
  /** the freedoms printed on the line, e.g. `["any like numbers", "any 3 suits"]` */
  freedoms?: string[];
  /** every concrete variation (suits, numbers, dragons, winds chosen) */
  variations: Variation[];
}

/** A loaded card. */
export interface Card {
  /** short id, e.g. `"siamese-sample"` */
  id: string;
  /** title for display, e.g. "Sample Siamese card (original, not the NMJL card)" */
  title: string;
  /** "standard" cards are played at 4-player tables; a Siamese table plays both kinds together */
  kind: 'standard' | 'siamese';
  lines: CardLine[];
  /**
   * SHA-256 (64 lowercase hex digits) of the card file's text as UTF-8, set by the loader that
   * read the file (hub/config/card-file.ts): a game record names each card by it (rules/GAME-RECORD.md)
   */
  sha256?: string;
}
