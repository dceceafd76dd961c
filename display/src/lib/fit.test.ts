import { describe, expect, it } from 'vitest';
import { fitTileHeight, rowsHeight, tilesPerRow } from './fit.js';

describe('fitTileHeight: the largest tiles that fit a box', () => {
  it('98 discards in 800 × 260 px, gaps of 4: 44 px', () => {
    // 45 px: 34 wide, (800 + 4) / 38 = 21 a row, 5 rows × 49 + 4 × 4 = 261 > 260
    expect(tilesPerRow(45, 800, 4)).toBe(21);
    expect(rowsHeight(5, 45, 4)).toBe(261);
    // 44 px: 33 wide, 21 a row, 5 rows × 48 + 16 = 256 ≤ 260
    expect(rowsHeight(5, 44, 4)).toBe(256);
    expect(fitTileHeight(98, { width: 800, height: 260, gap: 4, max: 64, min: 12 })).toBe(44);
  });

  it('a few tiles stay at the largest allowed; none at all too', () => {
    expect(fitTileHeight(4, { width: 800, height: 260, gap: 4, max: 64, min: 12 })).toBe(64);
    expect(fitTileHeight(0, { width: 0, height: 0, gap: 4, max: 64, min: 12 })).toBe(64);
  });

  it('a box too small even for the smallest gives the smallest', () => {
    expect(fitTileHeight(100, { width: 100, height: 20, gap: 4, max: 64, min: 12 })).toBe(12);
    expect(fitTileHeight(5, { width: 300, height: 0, gap: 4, max: 64, min: 12 })).toBe(12);
  });

  it('a rack top of 14 tiles, 440 px wide, 1.7 rows of 48 px: two rows of 39 px', () => {
    // 1.7 × ceil(48 × 1.07) = 1.7 × 52 = 88.4 px; 39 px: rows of 42, 2 × 42 + 4 = 88 ≤ 88.4, 29 wide → 13 a row → 2 rows
    // 40 px: rows of 43, 2 × 43 + 4 = 90 > 88.4
    expect(fitTileHeight(14, { width: 440, height: rowsHeight(1, 48, 4) * 1.7, gap: 4, max: 48, min: 14 })).toBe(39);
  });
});
