/**
 * Where the parts of a traditional tile face lie (lib/TraditionalFace.svelte draws them): the
 * sticks of a Bam by rank, the circles of a Dot by rank. Pure (no DOM), so the arrangement can be
 * tested and counted by hand. Units are face units: the face is FACE_W × FACE_H (74 × 100, a tile
 * 0.74 as wide as tall, lib/fit.ts), so at a tile 36 px tall one unit is 0.36 px.
 *
 * The arrangements follow the usual faces of a set (our own drawing, not copied art): 2 Bam two
 * sticks one above the other, 5 Bam four in the corners and one in the middle, 9 Dot three rows of
 * three, 7 Dot a slanting row of three over two rows of two, and so on. 1 Bam is a bird, not a stick.
 */

/** the face's width, face units */
export const FACE_W = 74;
/** the face's height, face units */
export const FACE_H = 100;

/** One bamboo stick, by its centre (`x`, `y`) and size (`w`, `h`), face units; `red` sticks are the accent (the middle of a 5, 9, the top of a 7). */
export interface Stick {
  x: number;
  y: number;
  w: number;
  h: number;
  red: boolean;
}

/** One circle of a Dot, by its centre (`x`, `y`) and radius `r`, face units; `red` is the accent (the middle of a 5, the 1 Dot's core). */
export interface Circle {
  x: number;
  y: number;
  r: number;
  red: boolean;
}

/** sticks in a row of two rows (tall) and of three rows (short) */
const TALL = 40;
const SHORT = 26;
const ROWS2 = [27, 73] as const;
const ROWS3 = [20, 50, 80] as const;
const COLS3 = [17, 37, 57] as const;
/** a stick's width in three columns, and in two or one */
const NARROW = 15;
const WIDE = 18;

const stick = (x: number, y: number, h: number, red = false, w = NARROW): Stick => ({ x, y, w, h, red });

/**
 * The sticks of the Bam of rank `rank` (2-9): as many sticks as the rank. 1 Bam has none (it is
 * drawn as a bird). Throws a RangeError naming the rank if it is not a whole number 1-9.
 */
export function bamSticks(rank: number): Stick[] {
  checkRank(rank, 'bamSticks');
  switch (rank) {
    case 1:
      return [];
    // two columns at most: stouter sticks
    case 2:
      return ROWS2.map((y) => stick(37, y, TALL, false, WIDE));
    case 3:
      return [stick(37, ROWS2[0], TALL, false, WIDE), stick(21, ROWS2[1], TALL, false, WIDE), stick(53, ROWS2[1], TALL, false, WIDE)];
    case 4:
      return ROWS2.flatMap((y) => [stick(21, y, TALL, false, WIDE), stick(53, y, TALL, false, WIDE)]);
    case 5:
      return [...ROWS2.flatMap((y) => [stick(17, y, TALL), stick(57, y, TALL)]), stick(37, 50, TALL, true)];
    case 6:
      return ROWS2.flatMap((y) => COLS3.map((x) => stick(x, y, TALL)));
    case 7:
      return [stick(37, ROWS3[0], SHORT, true), ...ROWS3.slice(1).flatMap((y) => COLS3.map((x) => stick(x, y, SHORT)))];
    case 8:
      return ROWS2.flatMap((y) => [13.5, 29, 45, 60.5].map((x) => stick(x, y, TALL, false, 12.5)));
    default:
      return ROWS3.flatMap((y) => COLS3.map((x) => stick(x, y, SHORT, x === 37)));
  }
}

const circle = (x: number, y: number, r: number, red = false): Circle => ({ x, y, r, red });

/**
 * The circles of the Dot of rank `rank` (1-9): as many circles as the rank. Throws a RangeError
 * naming the rank if it is not a whole number 1-9.
 */
export function dotCircles(rank: number): Circle[] {
  checkRank(rank, 'dotCircles');
  switch (rank) {
    case 1:
      return [circle(37, 50, 29, true)];
    case 2:
      return [circle(37, 27, 18), circle(37, 73, 18)];
    case 3:
      return [circle(18, 20, 14), circle(37, 50, 14), circle(56, 80, 14)];
    case 4:
      return [30, 70].flatMap((y) => [circle(20, y, 15), circle(54, y, 15)]);
    case 5:
      return [...[23, 77].flatMap((y) => [circle(18, y, 13), circle(56, y, 13)]), circle(37, 50, 13, true)];
    case 6:
      return [20, 50, 80].flatMap((y) => [circle(22, y, 12.5), circle(52, y, 12.5)]);
    case 7:
      return [circle(16, 14, 10), circle(37, 27, 10), circle(58, 40, 10), ...[61, 85].flatMap((y) => [circle(24, y, 11), circle(50, y, 11)])];
    case 8:
      return [15, 38.3, 61.7, 85].flatMap((y) => [circle(23, y, 10.5), circle(51, y, 10.5)]);
    default:
      return [20, 50, 80].flatMap((y) => [15.5, 37, 58.5].map((x) => circle(x, y, 10, x === 37 && y === 50)));
  }
}

function checkRank(rank: number, fn: string): void {
  if (!Number.isInteger(rank) || rank < 1 || rank > 9) throw new RangeError(`${fn}: rank ${JSON.stringify(rank)} is not a tile number 1-9`);
}
