/**
 * How big tiles can be drawn so that a run of them fits a box: the table display sizes its
 * discard floor and each rack's exposures with it, so that a whole game stays on one screen.
 * Pure (no DOM): the box's size comes from the page (Svelte's `bind:clientWidth/clientHeight`).
 */

/** Width of a tile face per px of height (Tile.svelte draws faces 0.74 as wide as tall). */
export const TILE_ASPECT = 0.74;
/** Extra height under a tile for its green back (Tile.svelte: 7% of its height). */
export const TILE_BACK = 0.07;

/** What to fit: the box (px), the gap between tiles (px) and the largest and smallest heights allowed (px). */
export interface FitBox {
  width: number;
  height: number;
  /** px between tiles, in a row and between rows */
  gap: number;
  /** never larger than this (px): a few tiles do not become huge */
  max: number;
  /** never smaller than this (px), even when the box is too small (then they overflow) */
  min: number;
}

/** Tiles per row at height `h` (px) in a row `width` px wide: at least 1. */
export function tilesPerRow(h: number, width: number, gap: number): number {
  return Math.max(1, Math.floor((width + gap) / (Math.ceil(h * TILE_ASPECT) + gap)));
}

/** The height (px) of `rows` rows of tiles of height `h` with `gap` between rows. */
export function rowsHeight(rows: number, h: number, gap: number): number {
  return rows * Math.ceil(h * (1 + TILE_BACK)) + Math.max(0, rows - 1) * gap;
}

/**
 * The largest whole tile height (px) between `box.min` and `box.max` at which `n` tiles, wrapped in
 * rows, fit inside `box.width` × `box.height` (searched from `max` down). E.g. 98 discards in
 * 800 × 260 px with gaps of 4: at 45 px a tile is 34 px wide, 21 a row ((800 + 4) / 38), 5 rows
 * of 49 px take 5 × 49 + 4 × 4 = 261 px, too tall; at 44 px (33 wide, still 21 a row, rows of 48)
 * 5 rows take 256 px: 44. A box too small even for `box.min` gives `box.min`.
 */
export function fitTileHeight(n: number, box: FitBox): number {
  if (n <= 0) return box.max;
  for (let h = Math.floor(box.max); h > box.min; h--) {
    const rows = Math.ceil(n / tilesPerRow(h, box.width, box.gap));
    if (rowsHeight(rows, h, box.gap) <= box.height) return h;
  }
  return box.min;
}
