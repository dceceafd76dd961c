/**
 * The tracker while a zone's reader cannot be heard (unplugged, rebooting, stale): a tile read by a
 * zone the hub hears has left the unseen zone on that read alone (README "Noise").
 */
import { describe, expect, it } from 'vitest';
import type { TileId } from '../../rules/tiles.js';
import { Tracker, type SettledMove } from './tracker.js';

const registry = new Map<string, TileId>([
  ['04000000000001', '4B#3'],
  ['04000000000002', 'J#3'],
  ['04000000000003', 'RD#2'],
]);
const FOUR_BAM = '04000000000001';
const JOKER = '04000000000002';
const RED = '04000000000003';
/** the demo's windows: racks and tops 400 ms, walls and the floor 250 ms */
const byArea = (zone: string) => (zone.endsWith('/in') || zone.endsWith('/top') ? 400 : 250);

function tracker() {
  return new Tracker({ settleMs: 250, settleFor: byArea, registry });
}

const moved = (ms: SettledMove[]) => ms.map((m) => `${m.tile} ${m.from} → ${m.to} at ${m.at}${m.reconciled ? ` (unseen ${m.reconciled.from}-${m.reconciled.to})` : ''}`);

describe('tile tracker: a zone the hub cannot hear', () => {
  it("a pick from an unplugged wall: the rack reader's read alone moves the tile, after the rack window, marked with the unseen window", () => {
    const t = tracker();
    t.snapshot('WL-2/wall', [FOUR_BAM, JOKER], 0, 1);
    t.settle(1000);
    t.unseen('WL-2/wall', 1500, 2000); // last heard at 1500, found offline at 2000
    t.add('RK-W1/in', FOUR_BAM, 3000, 2); // Bea picks 4B#3 and racks it; the wall's DEL never comes
    expect(t.settle(3399)).toEqual([]);
    expect(moved(t.settle(3400))).toEqual(['4B#3 WL-2/wall → RK-W1/in at 3000 (unseen 1500-3000)']);
    expect(t.positions().get('4B#3')).toBe('RK-W1/in');
    expect(t.positions().get('J#3')).toBe('WL-2/wall'); // what was not read elsewhere stays
    // the wall comes back: its snapshot no longer holds 4B#3, and no second move is made
    t.snapshot('WL-2/wall', [JOKER], 6000, 3);
    expect(t.settle(9000)).toEqual([]);
    expect(t.positions().get('4B#3')).toBe('RK-W1/in');
  });

  it('a tile read elsewhere before its zone went unseen leaves it when the zone is found unseen', () => {
    const t = tracker();
    t.snapshot('RK-E1/in', [RED], 0, 1);
    t.settle(1000);
    t.add('FL-1/floor', RED, 2000, 2); // discarded; the rack's DEL is lost as its cable is pulled
    expect(t.settle(4000)).toEqual([]); // seen in two zones: it stays where it was
    t.unseen('RK-E1/in', 1990, 4000);
    expect(t.settle(4399)).toEqual([]); // gone from the rack for the rack's window, as after a snapshot
    expect(moved(t.settle(4400))).toEqual(['RD#2 RK-E1/in → FL-1/floor at 2000 (unseen 1990-4000)']);
  });

  it('a call from an unplugged floor onto the top of a rack', () => {
    const t = tracker();
    t.snapshot('FL-1/floor', [RED], 0, 1);
    t.settle(1000);
    t.unseen('FL-1/floor', 1000, 1200);
    t.add('RK-E1/top', RED, 2000, 2);
    expect(moved(t.settle(2400))).toEqual(['RD#2 FL-1/floor → RK-E1/top at 2000 (unseen 1000-2000)']);
  });

  it('once the zone is heard again (unseen null, or its snapshot), a tile seen in two zones stays until its zone lets go', () => {
    const t = tracker();
    t.snapshot('WL-2/wall', [FOUR_BAM], 0, 1);
    t.settle(1000);
    t.unseen('WL-2/wall', 1000, 1000);
    t.unseen('WL-2/wall', null, 1500); // the stale reader spoke again
    t.add('RK-W1/top', FOUR_BAM, 2000, 2); // a cross-read next door
    expect(t.settle(9000)).toEqual([]);
    expect(t.positions().get('4B#3')).toBe('WL-2/wall');

    const u = tracker();
    u.snapshot('WL-2/wall', [FOUR_BAM], 0, 1);
    u.settle(1000);
    u.unseen('WL-2/wall', 1000, 1000);
    u.snapshot('WL-2/wall', [FOUR_BAM], 1500, 2); // replugged: its snapshot is the truth
    u.add('RK-W1/top', FOUR_BAM, 2000, 3);
    expect(u.settle(9000)).toEqual([]);
    expect(u.unseenZones().size).toBe(0);
  });

  it('a read by another unseen zone is no evidence: the tile stays', () => {
    const t = tracker();
    t.snapshot('RK-E1/in', [RED], 0, 1);
    t.settle(400);
    t.add('RK-E1/top', RED, 500, 2); // a cross-read, then the whole reader goes
    t.settle(1000);
    t.setUnseen(
      new Map([
        ['RK-E1/in', 900],
        ['RK-E1/top', 900],
      ]),
      1000,
    ); // both antennas of one reader
    expect(t.settle(9000)).toEqual([]);
    expect(t.positions().get('RD#2')).toBe('RK-E1/in');
  });
});
