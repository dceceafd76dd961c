import { describe, expect, it } from 'vitest';
import type { TileId } from '../../rules/tiles.js';
import { Tracker } from './tracker.js';

const registry = new Map<string, TileId>([
  ['04000000000001', '5B#1'],
  ['04000000000002', 'J#3'],
  ['04000000000003', 'RD#2'],
]);
const FIVE_BAM = '04000000000001';
const JOKER = '04000000000002';
const RED = '04000000000003';
const SETTLE = 250;

function tracker() {
  return new Tracker({ settleMs: SETTLE, registry });
}

describe('tile tracker', () => {
  it('a tile first seen in a wall settles there after the settle window, not before', () => {
    const t = tracker();
    t.snapshot('WL-1/wall', [FIVE_BAM, JOKER], 1000, 1);
    expect(t.settle(1249)).toEqual([]);
    const moves = t.settle(1250);
    expect(moves.map((m) => [m.tile, m.from, m.to, m.at])).toEqual([
      ['5B#1', null, 'WL-1/wall', 1000],
      ['J#3', null, 'WL-1/wall', 1000],
    ]);
    expect(t.nextDue()).toBeNull();
  });

  it('a pick: gone from the wall, in the hand, then racked: one move wall → rack with both reader lines', () => {
    const t = tracker();
    t.snapshot('WL-1/wall', [FIVE_BAM], 0, 1);
    t.settle(1000);
    t.remove('WL-1/wall', FIVE_BAM, 2000, 7); // lifted
    expect(t.settle(2600)).toEqual([]); // in a hand: not lost, not moved
    expect(t.positions().get('5B#1')).toBe('WL-1/wall');
    t.add('RK-E1/in', FIVE_BAM, 2700, 9);
    expect(t.settle(2949)).toEqual([]);
    expect(t.settle(2950)).toEqual([{ tile: '5B#1', tag: FIVE_BAM, from: 'WL-1/wall', to: 'RK-E1/in', at: 2700, leftAt: 2000, lines: [7, 9] }]);
  });

  it('flicker: a tag that drops out and comes back within the window makes no move', () => {
    const t = tracker();
    t.snapshot('RK-E1/in', [JOKER], 0, 1);
    t.settle(1000);
    t.remove('RK-E1/in', JOKER, 2000, 2);
    t.add('RK-E1/in', JOKER, 2050, 3);
    expect(t.settle(5000)).toEqual([]);
  });

  it('a cross-read: seen in the neighbouring zone while still in its own, it stays where it was', () => {
    const t = tracker();
    t.snapshot('RK-E1/in', [RED], 0, 1);
    t.settle(1000);
    t.add('RK-E1/top', RED, 2000, 2); // the antenna next door sees it too
    expect(t.settle(5000)).toEqual([]);
    t.remove('RK-E1/top', RED, 5100, 3);
    expect(t.settle(9000)).toEqual([]);
    expect(t.positions().get('RD#2')).toBe('RK-E1/in');
  });

  it('an exposure: gone from inside the rack and resting on top settles as a move in → top', () => {
    const t = tracker();
    t.snapshot('RK-E1/in', [RED], 0, 1);
    t.settle(1000);
    t.add('RK-E1/top', RED, 2000, 2);
    t.remove('RK-E1/in', RED, 2100, 3); // gone from its old zone only now
    expect(t.settle(2300)).toEqual([]); // absent from `in` for 200 ms only
    // seen on top since before it left `in`: it could be a cross-read, so it waits for a snapshot
    // of the top taken after it left (or 2.5 s)
    expect(t.settle(2350)).toEqual([]);
    t.snapshot('RK-E1/top', [RED], 2400, 4);
    expect(t.settle(2400).map((m) => [m.from, m.to, m.leftAt])).toEqual([['RK-E1/in', 'RK-E1/top', 2000]]);
  });

  it('two quick moves (a pick, then a discard of another tile) are both kept, in order', () => {
    const t = tracker();
    t.snapshot('WL-1/wall', [FIVE_BAM], 0, 1);
    t.snapshot('RK-E1/in', [JOKER], 0, 2);
    t.settle(1000);
    t.remove('WL-1/wall', FIVE_BAM, 2000, 3);
    t.add('RK-E1/in', FIVE_BAM, 2040, 4);
    t.remove('RK-E1/in', JOKER, 2080, 5);
    t.add('FL-1/floor', JOKER, 2120, 6);
    expect(t.settle(3000).map((m) => `${m.tile} ${m.from} → ${m.to}`)).toEqual([
      '5B#1 WL-1/wall → RK-E1/in',
      'J#3 RK-E1/in → FL-1/floor',
    ]);
  });

  it('a snapshot is the truth: a missed DEL is repaired by the next snapshot', () => {
    const t = tracker();
    t.snapshot('RK-E1/in', [FIVE_BAM, JOKER], 0, 1);
    t.settle(1000);
    t.add('FL-1/floor', JOKER, 2000, 2); // the DEL from RK-E1 was lost
    expect(t.settle(3000)).toEqual([]); // still seen inside the rack: stays
    t.snapshot('RK-E1/in', [FIVE_BAM], 3100, 3);
    expect(t.settle(3350).map((m) => [m.tile, m.from, m.to, m.leftAt, m.lines])).toEqual([['J#3', 'RK-E1/in', 'FL-1/floor', 2000, [3, 2]]]);
  });

  it('unknown tags are listed, never moved', () => {
    const t = tracker();
    t.snapshot('RK-E1/in', ['DEADBEEF00'], 500, 1);
    expect(t.settle(5000)).toEqual([]);
    expect(t.unknownTags()).toEqual([{ tag: 'DEADBEEF00', zone: 'RK-E1/in', at: 500 }]);
  });

  it('after a restart, restored positions make a matching snapshot produce no move', () => {
    const t = tracker();
    t.restore(FIVE_BAM, 'RK-W2/in');
    t.snapshot('RK-W2/in', [FIVE_BAM], 100, 1);
    expect(t.settle(1000)).toEqual([]);
    expect(t.positions().get('5B#1')).toBe('RK-W2/in');
  });

  it('flicker past the threshold: no move, and a weak-tag warning naming the tile and the zone', () => {
    const t = tracker();
    t.snapshot('RK-E1/in', [JOKER], 0, 1);
    t.settle(1000);
    for (const at of [2000, 5000, 9000]) {
      t.remove('RK-E1/in', JOKER, at, 2);
      t.add('RK-E1/in', JOKER, at + 120, 3);
    }
    expect(t.settle(20_000)).toEqual([]);
    expect(t.weakTags(20_000)).toEqual([{ tile: 'J#3', tag: JOKER, zone: 'RK-E1/in', flickers: 3, firstAt: 2120, lastAt: 9120 }]);
    expect(t.weakTags(80_000)).toEqual([]); // a minute later the warning has gone
  });

  it('two flickers only: no warning', () => {
    const t = tracker();
    t.snapshot('RK-E1/in', [JOKER], 0, 1);
    t.settle(1000);
    t.remove('RK-E1/in', JOKER, 2000, 2);
    t.add('RK-E1/in', JOKER, 2100, 3);
    t.remove('RK-E1/in', JOKER, 3000, 4);
    t.add('RK-E1/in', JOKER, 3100, 5);
    expect(t.weakTags(4000)).toEqual([]);
  });

  it('seen in two new zones: it waits; past the limit the zone that has seen it longest wins', () => {
    const t = tracker();
    t.snapshot('WL-1/wall', [RED], 0, 1);
    t.settle(1000);
    t.remove('WL-1/wall', RED, 2000, 2);
    t.add('RK-E1/in', RED, 2300, 3);
    t.add('RK-E1/top', RED, 2400, 4); // the antenna next door sees it too, and keeps seeing it
    expect(t.settle(3800)).toEqual([]);
    expect(t.settle(3900).map((m) => [m.from, m.to, m.at, m.leftAt])).toEqual([['WL-1/wall', 'RK-E1/in', 2300, 2000]]);
  });

  it('a pick then a discard of the same tile, with a cross-read on the rack top meanwhile: two moves, never merged', () => {
    const t = tracker();
    t.snapshot('WL-1/wall', [RED], 0, 1);
    t.settle(1000);
    t.remove('WL-1/wall', RED, 2000, 2);
    t.add('RK-E1/in', RED, 2300, 3);
    t.add('RK-E1/top', RED, 2350, 4);
    t.remove('RK-E1/in', RED, 3000, 5); // lifted again before the cross-read let go
    t.remove('RK-E1/top', RED, 3000, 6);
    t.add('FL-1/floor', RED, 3400, 7);
    expect(t.settle(4000).map((m) => `${m.from} → ${m.to}`)).toEqual(['WL-1/wall → RK-E1/in', 'RK-E1/in → FL-1/floor']);
  });

  it('a lost ADD: the DEL proves the tile rested there (a pick, then a discard)', () => {
    const t = tracker();
    t.snapshot('WL-1/wall', [RED], 0, 1);
    t.settle(1000);
    t.remove('WL-1/wall', RED, 2000, 2);
    t.remove('RK-E1/in', RED, 3000, 3); // its ADD never came
    t.add('FL-1/floor', RED, 3300, 4);
    expect(t.settle(4000).map((m) => [m.from, m.to, m.leftAt])).toEqual([
      ['WL-1/wall', 'RK-E1/in', 2000],
      ['RK-E1/in', 'FL-1/floor', 3000],
    ]);
  });

  it('a tile in a hand holds back later moves (the log keeps the order), for at most holdMaxMs', () => {
    const t = tracker();
    t.snapshot('WL-1/wall', [RED, FIVE_BAM], 0, 1);
    t.settle(1000);
    t.remove('WL-1/wall', RED, 2000, 2); // in a hand
    expect(t.watermark(2100)).toBe(2000);
    expect(t.watermark(7000)).toBeNull(); // held too long: it holds nothing back
  });

  it('a snapshot after a reconnect that differs: the move carries the reconciled window', () => {
    const t = tracker();
    t.snapshot('RK-E1/in', [RED], 0, 1);
    t.settle(1000);
    t.snapshot('RK-E1/in', [], 9000, 2, { from: 5000, to: 9000 });
    t.snapshot('RK-E1/top', [RED], 9000, 3, { from: 5000, to: 9000 });
    const [m] = t.settle(9500);
    expect([m!.from, m!.to, m!.reconciled]).toEqual(['RK-E1/in', 'RK-E1/top', { from: 5000, to: 9000 }]);
  });
});
