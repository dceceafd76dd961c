import { describe, expect, it } from 'vitest';
import type { TileId } from '../../rules/tiles.js';
import { STRONG_RSSI_DBM, STRONG_SETTLE_MS, Tracker } from './tracker.js';

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
    expect(t.settle(3000).map((m) => `${m.tile} ${m.from} → ${m.to}`)).toEqual(['5B#1 WL-1/wall → RK-E1/in', 'J#3 RK-E1/in → FL-1/floor']);
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

describe('signal strength (protocol v1): the settle window depends on the evidence', () => {
  // the engine's windows: inside a rack and on its top 400 ms, walls and the floor 250 ms
  const byArea = (zone: string) => (zone.endsWith('/in') || zone.endsWith('/top') ? 400 : 250);
  const STRONG = -48; // dBm: the tile lies on this antenna
  const WEAK = -74; // dBm: the antenna next door sees it (a cross-read)
  function v1() {
    const t = new Tracker({ settleMs: SETTLE, settleFor: byArea, registry });
    t.snapshot('WL-1/wall', [FIVE_BAM], 0, 1, undefined, [-50]);
    t.settle(1000);
    return t;
  }
  const moved = (ms: ReturnType<Tracker['settle']>) => ms.map((m) => `${m.tile} ${m.from} → ${m.to} at ${m.at}`);

  it("a pick racked with a strong read settles on the short window: 200 ms, not the rack's 400", () => {
    expect(STRONG_SETTLE_MS).toBe(200);
    expect(STRONG_RSSI_DBM).toBe(-65);
    const t = v1();
    t.remove('WL-1/wall', FIVE_BAM, 2000, 2); // picked from the wall
    t.add('RK-E1/in', FIVE_BAM, 2100, 3, STRONG); // racked
    expect(t.nextDue()).toBe(2300);
    expect(t.settle(2299)).toEqual([]);
    expect(moved(t.settle(2300))).toEqual(['5B#1 WL-1/wall → RK-E1/in at 2100']);
  });

  it('a read exactly at the threshold (-65 dBm) is strong; one dBm under it is weak', () => {
    const t = v1();
    t.remove('WL-1/wall', FIVE_BAM, 2000, 2);
    t.add('RK-E1/in', FIVE_BAM, 2100, 3, -65);
    expect(moved(t.settle(2300))).toEqual(['5B#1 WL-1/wall → RK-E1/in at 2100']);
    const u = v1();
    u.remove('WL-1/wall', FIVE_BAM, 2000, 2);
    u.add('RK-E1/in', FIVE_BAM, 2100, 3, -66);
    expect(u.settle(2500)).toEqual([]);
  });

  it('v0 reads (no rssi) keep the old windows: the rack 400 ms, the floor 250 ms', () => {
    const t = v1();
    t.remove('WL-1/wall', FIVE_BAM, 2000, 2);
    t.add('RK-E1/in', FIVE_BAM, 2100, 3); // a v0 reader: no signal strength
    expect(t.settle(2300)).toEqual([]);
    expect(t.settle(2499)).toEqual([]);
    expect(moved(t.settle(2500))).toEqual(['5B#1 WL-1/wall → RK-E1/in at 2100']);
    t.remove('RK-E1/in', FIVE_BAM, 5000, 4); // discarded
    t.add('FL-1/floor', FIVE_BAM, 5000, 5);
    expect(t.settle(5249)).toEqual([]); // gone from the rack for 400 ms, resting on the floor for 250 ms
    expect(t.settle(5399)).toEqual([]);
    expect(moved(t.settle(5400))).toEqual(['5B#1 RK-E1/in → FL-1/floor at 5000']);
  });

  it("a weak cross-read alone (the true ADD lost) does not settle on the short window, nor the rack's; the snapshot puts the tile where it is", () => {
    const t = v1();
    t.remove('WL-1/wall', FIVE_BAM, 2000, 2); // picked; racked inside, but that ADD is lost
    t.add('RK-E1/top', FIVE_BAM, 2100, 3, WEAK); // the top antenna sees it for a moment
    expect(t.settle(2300)).toEqual([]);
    expect(t.settle(2500)).toEqual([]); // 400 ms: no snapshot has confirmed it
    t.remove('RK-E1/top', FIVE_BAM, 2350, 4); // the cross-read ends
    t.snapshot('RK-E1/in', [FIVE_BAM], 3000, 5, undefined, [STRONG]); // the rack's periodic inventory
    expect(t.settle(3199)).toEqual([]);
    expect(moved(t.settle(3200))).toEqual(['5B#1 WL-1/wall → RK-E1/in at 3000']);
  });

  it('a weak read whose DEL is lost waits for the snapshot: gone from it, no move at all', () => {
    const t = v1();
    t.remove('WL-1/wall', FIVE_BAM, 2000, 2);
    t.add('RK-E1/top', FIVE_BAM, 2100, 3, WEAK);
    t.snapshot('RK-E1/top', [], 2800, 4, undefined, []); // the cross-read ended, its DEL lost
    t.snapshot('RK-E1/in', [FIVE_BAM], 2900, 5, undefined, [STRONG]);
    expect(moved(t.settle(3100))).toEqual(['5B#1 WL-1/wall → RK-E1/in at 2900']);
  });

  it("a weak read still held by a snapshot taken 400 ms or more after it came settles on the zone's window (a tile at the antenna's edge)", () => {
    const t = v1();
    t.remove('WL-1/wall', FIVE_BAM, 2000, 2);
    t.add('RK-E1/top', FIVE_BAM, 2100, 3, WEAK);
    t.snapshot('RK-E1/top', [FIVE_BAM], 2400, 4, undefined, [WEAK]); // too soon: a cross-read lasts up to 300 ms
    expect(t.settle(2600)).toEqual([]);
    t.snapshot('RK-E1/top', [FIVE_BAM], 2600, 5, undefined, [WEAK]);
    expect(moved(t.settle(2600))).toEqual(['5B#1 WL-1/wall → RK-E1/top at 2100']);
  });

  it('without any snapshot, a weak read alone settles after confirmMs (2.5 s)', () => {
    const t = v1();
    t.remove('WL-1/wall', FIVE_BAM, 2000, 2);
    t.add('RK-E1/top', FIVE_BAM, 2100, 3, WEAK);
    expect(t.nextDue()).toBe(4600);
    expect(t.settle(4599)).toEqual([]);
    expect(moved(t.settle(4600))).toEqual(['5B#1 WL-1/wall → RK-E1/top at 2100']);
  });

  it('a snapshot that reads a weakly seen tile strongly makes the evidence strong', () => {
    const t = v1();
    t.remove('WL-1/wall', FIVE_BAM, 2000, 2);
    t.add('RK-E1/top', FIVE_BAM, 2100, 3, WEAK);
    t.snapshot('RK-E1/top', [FIVE_BAM], 2250, 4, undefined, [STRONG]);
    expect(t.settle(2299)).toEqual([]);
    expect(moved(t.settle(2300))).toEqual(['5B#1 WL-1/wall → RK-E1/top at 2100']);
  });

  it('seen in two new zones, strong inside and weak on top: the strong read wins at once, no 1.5 s wait', () => {
    const t = v1();
    t.remove('WL-1/wall', FIVE_BAM, 2000, 2);
    t.add('RK-E1/in', FIVE_BAM, 2100, 3, STRONG);
    t.add('RK-E1/top', FIVE_BAM, 2150, 4, WEAK);
    expect(moved(t.settle(2300))).toEqual(['5B#1 WL-1/wall → RK-E1/in at 2100']);
    t.remove('RK-E1/top', FIVE_BAM, 2400, 5); // the cross-read ends: nothing more
    expect(t.settle(9000)).toEqual([]);
    expect(t.positions().get('5B#1')).toBe('RK-E1/in');
  });

  it('seen in two new zones with no rssi: as before, it waits for one to let go (or 1.5 s)', () => {
    const t = v1();
    t.remove('WL-1/wall', FIVE_BAM, 2000, 2);
    t.add('RK-E1/in', FIVE_BAM, 2100, 3);
    t.add('RK-E1/top', FIVE_BAM, 2150, 4);
    expect(t.settle(3600)).toEqual([]);
    expect(moved(t.settle(3650))).toEqual(['5B#1 WL-1/wall → RK-E1/in at 2100']);
  });

  it('a weak cross-read whose DEL is lost is never a stay of its own: a later flicker of the real zone makes no move', () => {
    const t = v1();
    t.remove('WL-1/wall', FIVE_BAM, 2000, 2);
    t.add('RK-E1/top', FIVE_BAM, 2100, 3, STRONG); // exposed on top of the rack
    t.add('RK-E1/in', FIVE_BAM, 2150, 4, WEAK); // the inside antenna sees it for a moment; that DEL is lost
    expect(moved(t.settle(2300))).toEqual(['5B#1 WL-1/wall → RK-E1/top at 2100']);
    t.snapshot('RK-E1/in', [], 3100, 5, undefined, []); // the inside's inventory: it is not there
    t.remove('RK-E1/top', FIVE_BAM, 4000, 6); // the top flickers
    t.add('RK-E1/top', FIVE_BAM, 4200, 7, STRONG);
    expect(t.settle(9000)).toEqual([]);
    expect(t.positions().get('5B#1')).toBe('RK-E1/top');
  });

  it('strongSettleFor and strongRssi can be set per table', () => {
    const t = new Tracker({ settleMs: SETTLE, settleFor: byArea, strongSettleFor: () => 150, strongRssi: -60, registry });
    t.snapshot('WL-1/wall', [FIVE_BAM], 0, 1);
    t.settle(1000);
    t.remove('WL-1/wall', FIVE_BAM, 2000, 2);
    t.add('RK-E1/in', FIVE_BAM, 2100, 3, -55);
    expect(moved(t.settle(2250))).toEqual(['5B#1 WL-1/wall → RK-E1/in at 2100']);
  });

  it("strongSettleMs sets the strong window of every zone, capped by the zone's own window", () => {
    const t = new Tracker({ settleMs: SETTLE, settleFor: byArea, strongSettleMs: 100, registry });
    t.snapshot('WL-1/wall', [FIVE_BAM], 0, 1);
    t.settle(1000);
    t.remove('WL-1/wall', FIVE_BAM, 2000, 2);
    t.add('RK-E1/in', FIVE_BAM, 2050, 3, STRONG);
    // racked at 2050: due at 2050 + 100 = 2150 (gone from the wall since 2000 + 100 = 2100)
    expect(t.nextDue()).toBe(2150);
    expect(moved(t.settle(2149))).toEqual([]);
    expect(moved(t.settle(2150))).toEqual(['5B#1 WL-1/wall → RK-E1/in at 2050']);
    // a window longer than a zone's own is capped by it: on the floor (250 ms) since 3000, gone from
    // the inside (400 ms) since 2900: due at max(3000 + 250, 2900 + 400) = 3300, not 3000 + 1000
    const long = new Tracker({ settleMs: SETTLE, settleFor: byArea, strongSettleMs: 1000, registry });
    long.snapshot('RK-E1/in', [FIVE_BAM], 0, 1);
    long.settle(1000);
    long.remove('RK-E1/in', FIVE_BAM, 2900, 2);
    long.add('FL-1/floor', FIVE_BAM, 3000, 3, STRONG);
    expect(long.nextDue()).toBe(3300);
  });
});
