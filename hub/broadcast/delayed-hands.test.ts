/**
 * The delayed fold of a table's tile moves (./delayed-hands.ts): a tile placed at t = 1000 is not
 * in the hands at now = 1000 + D − 1, and is at now = 1000 + D; a tile that moved on after asOf is
 * shown where it was as of asOf; zones that are not racks are no one's hand.
 */
import { describe, expect, it } from 'vitest';
import type { TileId } from '../../rules/tiles.js';
import { delayedHands, type LoggedTileMove, type RackOwner } from './delayed-hands.js';

const D = 15 * 60_000; // the default delay: 15 minutes = 900 000 ms
/** a Siamese table: Ann (0) and Bea (1), two racks each */
const RACKS = new Map<string, RackOwner>([
  ['RK-E1/in', { player: 0, rack: 0 }],
  ['RK-E2/in', { player: 0, rack: 1 }],
  ['RK-W1/in', { player: 1, rack: 0 }],
  ['RK-W2/in', { player: 1, rack: 1 }],
]);
const hands = (moves: LoggedTileMove[], now: number) => delayedHands(moves, RACKS, 2, 2, now, D).hands.map((h) => h.racks);
const move = (seq: number, at: number, tile: TileId, to: string): LoggedTileMove => ({ seq, at, tile, to });

describe('the delayed hands (a pure fold of the logged tile moves with at <= now - D)', () => {
  const moves = [move(1, 500, '5B#1', 'WL-1/wall'), move(2, 1000, '5B#1', 'RK-E1/in'), move(3, 1200, 'N#2', 'RK-W2/in')];

  it('a tile placed at t = 1000 is not shown at now = 1000 + D - 1, and is at now = 1000 + D', () => {
    // asOf = 1000 + 900 000 - 1 - 900 000 = 999: 5B#1 was still in wall 1
    expect(hands(moves, 1000 + D - 1)).toEqual([
      [[], []],
      [[], []],
    ]);
    // asOf = 1000: 5B#1 came to rest in Ann's rack 1 at 1000; N#2 (at 1200) not yet
    expect(hands(moves, 1000 + D)).toEqual([
      [['5B#1'], []],
      [[], []],
    ]);
    expect(delayedHands(moves, RACKS, 2, 2, 1000 + D, D)).toMatchObject({ asOf: 1000, delayMs: D });
    expect(hands(moves, 1200 + D)).toEqual([
      [['5B#1'], []],
      [[], ['N#2']],
    ]);
  });

  it('a tile that left the rack after asOf is still shown there; once the discard is due it is gone', () => {
    const discarded = [...moves, move(4, 5000, '5B#1', 'FL/floor')];
    expect(hands(discarded, 4999 + D)).toEqual([
      [['5B#1'], []],
      [[], ['N#2']],
    ]);
    expect(hands(discarded, 5000 + D)).toEqual([
      [[], []],
      [[], ['N#2']],
    ]);
  });

  it('a tile on a rack top (an exposure) or the floor is in no hand; tiles are in card order', () => {
    const m = [move(1, 10, 'J#1', 'RK-E1/in'), move(2, 11, '1B#3', 'RK-E1/in'), move(3, 12, 'N#1', 'RK-E1/in'), move(4, 13, '1B#1', 'RK-E1/in'), move(5, 14, '3D#1', 'RK-E1/top')];
    expect(hands(m, 100 + D)[0]).toEqual([['1B#1', '1B#3', 'N#1', 'J#1'], []]);
  });

  it('the last move in log order wins among those due, whatever order they come in', () => {
    const m = [move(7, 300, 'F#1', 'RK-W1/in'), move(5, 200, 'F#1', 'RK-E1/in')];
    expect(hands(m, 300 + D)).toEqual([
      [[], []],
      [['F#1'], []],
    ]);
  });

  it('a negative delay or a rack zone of a player the table does not have is refused, naming it', () => {
    expect(() => delayedHands(moves, RACKS, 2, 2, 0, -1)).toThrow('delayMs must be a number of ms of at least 0, not -1');
    const bad = new Map<string, RackOwner>([['RK-X/in', { player: 2, rack: 0 }]]);
    expect(() => delayedHands([move(1, 0, 'F#1', 'RK-X/in')], bad, 2, 2, D, D)).toThrow("zone 'RK-X/in' is rack 1 of player 3, which a table of 2 players with 2 rack(s) each does not have");
  });
});
