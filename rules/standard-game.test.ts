import { describe, expect, it } from 'vitest';
import { CHARLESTON, COURTESY_STAGE, DEALT, VOTE_STAGE, WALL_AFTER_DEAL } from './standard-game.js';
import { fullTileSet, TILES_IN_SET } from './tiles.js';

describe('the numbers of the 4-player game', () => {
  it('deals 14 to East and 13 to the others from the 152-tile set, leaving 99 in the walls', () => {
    expect(TILES_IN_SET).toBe(fullTileSet().length);
    expect(TILES_IN_SET).toBe(152); // 34 kinds × 4 + 8 flowers + 8 jokers = 136 + 16
    expect(DEALT).toEqual([14, 13, 13, 13]);
    expect(WALL_AFTER_DEAL).toBe(99); // 152 − (14 + 3 × 13 = 53)
  });

  it('passes right, across, left; votes; left, across, right; then the courtesy across', () => {
    expect(CHARLESTON.map((c) => c.offset)).toEqual([1, 2, 3, 0, 3, 2, 1, 2]);
    expect(CHARLESTON[VOTE_STAGE]!.name).toBe('vote');
    expect(CHARLESTON[COURTESY_STAGE]!.name).toBe('courtesy');
    // blind passes only on the first left and the last right (NMJL)
    expect(CHARLESTON.filter((c) => c.blind).map((c) => c.name)).toEqual(['first left', 'last right']);
  });
});
