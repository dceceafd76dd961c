/**
 * The tracker's tiles not seen: a tile that vanishes from a snapshot of its zone (no DEL said it was
 * lifted) and that no zone reads is listed (`notSeen`: which tile, where, since when); it stays where
 * it settled. A tile lifted with a DEL (in a hand, as play goes) is not listed.
 */
import { describe, expect, it } from 'vitest';
import type { TileId } from '../../rules/tiles.js';
import { Tracker } from './tracker.js';

const registry = new Map<string, TileId>([
  ['04000000000001', '5B#2'],
  ['04000000000002', 'J#3'],
]);
const FIVE_BAM = '04000000000001';
const JOKER = '04000000000002';

function tracker() {
  return new Tracker({ settleMs: 400, registry });
}

describe('tile tracker: a tile not seen', () => {
  it('vanishes from a snapshot of its rack, read nowhere: listed with the rack and the last snapshot that held it; it stays in the rack', () => {
    const t = tracker();
    t.snapshot('RK-E1/in', [FIVE_BAM, JOKER], 1000, 1);
    t.settle(2000);
    t.snapshot('RK-E1/in', [FIVE_BAM, JOKER], 3000, 2); // still there at 3000
    t.snapshot('RK-E1/in', [JOKER], 5000, 3); // gone at the next snapshot, no DEL came
    expect(t.settle(9000)).toEqual([]);
    expect(t.notSeen()).toEqual([{ tile: '5B#2', tag: FIVE_BAM, zone: 'RK-E1/in', lastSeen: 3000, missedAt: 5000 }]);
    expect(t.positions().get('5B#2')).toBe('RK-E1/in');
  });

  it('read again in its rack: no longer listed, and no move', () => {
    const t = tracker();
    t.snapshot('RK-E1/in', [FIVE_BAM], 1000, 1);
    t.settle(2000);
    t.snapshot('RK-E1/in', [], 3000, 2);
    t.snapshot('RK-E1/in', [FIVE_BAM], 5000, 3);
    expect(t.settle(9000)).toEqual([]);
    expect(t.notSeen()).toEqual([]);
    expect(t.tagState(FIVE_BAM)).toEqual({ state: 'resting', zone: 'RK-E1/in', crossReads: [] });
  });

  it('read on the floor: no longer listed as soon as it is read; it moves there once settled', () => {
    const t = tracker();
    t.snapshot('RK-E1/in', [FIVE_BAM], 1000, 1);
    t.settle(2000);
    t.snapshot('RK-E1/in', [], 3000, 2);
    t.add('FL-1/floor', FIVE_BAM, 3500, 3);
    expect(t.notSeen()).toEqual([]);
    expect(t.settle(3900).map((m) => `${m.tile} ${m.from} → ${m.to}`)).toEqual(['5B#2 RK-E1/in → FL-1/floor']);
  });

  it('lifted with a DEL (in a hand): not listed, however long', () => {
    const t = tracker();
    t.snapshot('RK-E1/in', [FIVE_BAM], 1000, 1);
    t.settle(2000);
    t.remove('RK-E1/in', FIVE_BAM, 3000, 2);
    t.snapshot('RK-E1/in', [], 5000, 3);
    expect(t.settle(60_000)).toEqual([]);
    expect(t.notSeen()).toEqual([]);
    expect(t.tagState(FIVE_BAM)).toEqual({ state: 'lifted', from: 'RK-E1/in', since: 3000 });
  });

  it("gone in a reader's reconnect snapshot: listed with the window the hub saw nothing of the rack", () => {
    const t = tracker();
    t.snapshot('RK-E1/in', [FIVE_BAM], 1000, 1);
    t.settle(2000);
    t.snapshot('RK-E1/in', [], 8000, 2, { from: 2500, to: 8000 });
    expect(t.notSeen()).toEqual([{ tile: '5B#2', tag: FIVE_BAM, zone: 'RK-E1/in', lastSeen: 1000, missedAt: 8000, reconciled: { from: 2500, to: 8000 } }]);
  });
});
