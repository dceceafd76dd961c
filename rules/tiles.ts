/**
 * The American Mah Jongg tile set: 152 tiles.
 *
 * Notation (used by the card files, the CLI, the tests and the logs):
 *
 * | tiles                        | kind codes            | copies |
 * |------------------------------|-----------------------|--------|
 * | Bams 1-9                     | `1B` … `9B`           | 4 each |
 * | Craks 1-9                    | `1C` … `9C`           | 4 each |
 * | Dots 1-9                     | `1D` … `9D`           | 4 each |
 * | winds North, East, West, South | `N` `E` `W` `S`     | 4 each |
 * | dragons Red, Green, White ("Soap") | `RD` `GD` `WD`  | 4 each |
 * | flowers (all interchangeable)| `F`                   | 8      |
 * | jokers                       | `J`                   | 8      |
 *
 * Red goes with Craks, Green with Bams, White (Soap) with Dots.
 * A physical tile is a kind plus a copy number: `5B#1` … `5B#4`, `F#1` … `F#8`.
 * A hand is written as kind codes separated by spaces: `1B 1B 1B J F F`.
 */

/** A suit: Bams, Craks or Dots. */
export type Suit = 'B' | 'C' | 'D';
/** A wind: North, East, West, South. */
export type Wind = 'N' | 'E' | 'W' | 'S';
/** A dragon: Red, Green, White (Soap). */
export type Dragon = 'RD' | 'GD' | 'WD';
/** A tile kind code, e.g. `5B`, `N`, `RD`, `F`, `J`. */
export type TileKind = `${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}${Suit}` | Wind | Dragon | 'F' | 'J';
/** A physical tile: kind plus copy number, e.g. `5B#3`. */
export type TileId = `${TileKind}#${number}`;

export const SUITS: readonly Suit[] = ['B', 'C', 'D'];
export const WINDS: readonly Wind[] = ['N', 'E', 'W', 'S'];
export const DRAGONS: readonly Dragon[] = ['RD', 'GD', 'WD'];
export const SUIT_NAMES: Readonly<Record<Suit, string>> = { B: 'Bams', C: 'Craks', D: 'Dots' };
/** The dragon that goes with each suit (a "matching" dragon). */
export const SUIT_DRAGON: Readonly<Record<Suit, Dragon>> = { B: 'GD', C: 'RD', D: 'WD' };

/** Every tile kind, in card order: Bams, Craks, Dots, winds, dragons, flower, joker. */
export const TILE_KINDS: readonly TileKind[] = [...SUITS.flatMap((s) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${n}${s}` as TileKind)), ...WINDS, ...DRAGONS, 'F', 'J'];

const KIND_SET: ReadonlySet<string> = new Set(TILE_KINDS);

/** Copies of each kind in a set: 4, except flowers and jokers (8). */
export function copiesOf(kind: TileKind): number {
  return kind === 'F' || kind === 'J' ? 8 : 4;
}

/** Tiles in a full set: 4 of each of the 34 kinds of suit tile, wind and dragon, 8 flowers, 8 jokers (152). */
export const TILES_IN_SET: number = TILE_KINDS.reduce((n, k) => n + copiesOf(k), 0);

/** True when `s` is a tile kind code. */
export function isTileKind(s: string): s is TileKind {
  return KIND_SET.has(s);
}

/** True when `s` is a physical tile id such as `5B#3` with a copy number in range. */
export function isTileId(s: string): s is TileId {
  const hash = s.lastIndexOf('#');
  if (hash <= 0) return false;
  const kind = s.slice(0, hash);
  const copy = Number(s.slice(hash + 1));
  return isTileKind(kind) && Number.isInteger(copy) && copy >= 1 && copy <= copiesOf(kind);
}

/** The kind of a physical tile: `kindOf('5B#3') === '5B'`. */
export function kindOf(tile: TileId): TileKind {
  return tile.slice(0, tile.lastIndexOf('#')) as TileKind;
}

/** The suit of a suit tile, or `undefined` for winds, dragons, flowers and jokers. */
export function suitOf(kind: TileKind): Suit | undefined {
  return kind.length === 2 && /[1-9]/.test(kind[0]!) ? (kind[1] as Suit) : undefined;
}

/** The number of a suit tile (1-9), or `undefined`. */
export function numberOf(kind: TileKind): number | undefined {
  return suitOf(kind) ? Number(kind[0]) : undefined;
}

/** The full 152-tile set as physical tile ids, in card order. */
export function fullTileSet(): TileId[] {
  return TILE_KINDS.flatMap((k) => Array.from({ length: copiesOf(k) }, (_, i) => `${k}#${i + 1}` as TileId));
}

/** Thrown when hand or tile notation cannot be read; names the bad token and its position. */
export class NotationError extends Error {
  constructor(
    message: string,
    readonly token: string,
    readonly position: number,
  ) {
    super(message);
    this.name = 'NotationError';
  }
}

/**
 * Reads a hand written as kind codes separated by spaces or commas, e.g. `"1B 1B J F"`.
 * A count may prefix a code: `3x5B` is `5B 5B 5B`.
 * @throws NotationError naming the first token that is not a tile kind (1-based position).
 */
export function parseKinds(text: string): TileKind[] {
  const out: TileKind[] = [];
  const tokens = text.split(/[\s,]+/).filter((t) => t.length > 0);
  tokens.forEach((token, i) => {
    const m = /^(\d+)x(.+)$/.exec(token);
    const count = m ? Number(m[1]) : 1;
    const code = (m ? m[2]! : token).toUpperCase();
    if (!isTileKind(code)) {
      throw new NotationError(`"${token}" (token ${i + 1}) is not a tile: use 1B-9B, 1C-9C, 1D-9D, N E W S, RD GD WD, F, J`, token, i + 1);
    }
    for (let c = 0; c < count; c++) out.push(code);
  });
  return out;
}

/** Writes kinds in the notation, sorted in card order: `formatKinds(['J','1B']) === '1B J'`. */
export function formatKinds(kinds: readonly TileKind[]): string {
  return sortKinds(kinds).join(' ');
}

/** Sorts kinds in card order (Bams, Craks, Dots, winds, dragons, flowers, jokers). */
export function sortKinds<T extends TileKind>(kinds: readonly T[]): T[] {
  return [...kinds].sort((a, b) => TILE_KINDS.indexOf(a) - TILE_KINDS.indexOf(b));
}

/** Counts kinds into a map kind → number of tiles. */
export function countKinds(kinds: Iterable<TileKind>): Map<TileKind, number> {
  const m = new Map<TileKind, number>();
  for (const k of kinds) m.set(k, (m.get(k) ?? 0) + 1);
  return m;
}
