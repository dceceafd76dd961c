/**
 * Five times the realistic reader noise (`npm run measure:noise -- --noise x5`): the chains
 * of reader lines that made false flags, in miniature, on the tracker alone (protocol v1 reads, the
 * engine's windows: rack and top 400 ms, walls and the floor 250 ms, strong reads 200 ms).
 *
 * - seed 84: an exposed tile's ADD on the top was corrupted; the rack's inside antenna then read it
 *   weakly (a cross-read from the top) and the tracker took that for the tile back in the rack, so
 *   its move to the top came only at the top's snapshot, after the discard that followed;
 * - seed 28: the same, but the weak read was in another rack's inside, and a snapshot of that zone
 *   that still read it weakly "confirmed" it as a rest, while the hub knew lines of that reader were lost;
 * - seeds 35, 50, 70, 192: a discard whose DEL and ADD were both lost (no sequence gap: a missed read
 *   takes no number) is seen only by snapshots; the move now says so (`unreported`, its window);
 * - v0 seed 102 (no rssi): a tile dealt into a rack, its wall DEL lost, cross-read on the rack's top
 *   (that DEL lost too): the top's stay was replayed as a stop after the wall let go, and the log had
 *   the tile leave the top before it got there, so the referee left it on the top (a lone tile that
 *   "fits no hand", 003 rule 11).
 */
import { describe, expect, it } from 'vitest';
import type { TileId } from '../../rules/tiles.js';
import { Tracker } from './tracker.js';

const registry = new Map<string, TileId>([
  ['04000000000001', 'F#4'],
  ['04000000000002', '7D#3'],
  ['04000000000003', 'GD#2'],
  ['04000000000004', 'W#1'],
]);
const FLOWER = '04000000000001';
const SEVEN_DOT = '04000000000002';
const GREEN = '04000000000003';
const WEST = '04000000000004';
const STRONG = -47; // dBm: on this antenna
const WEAK = -71; // dBm: the antenna next door (a cross-read)
const byArea = (zone: string) => (zone.endsWith('/in') || zone.endsWith('/top') ? 400 : 250);

function tracker(): Tracker {
  return new Tracker({ settleMs: 250, settleFor: byArea, registry });
}
const moved = (ms: ReturnType<Tracker['settle']>) => ms.map((m) => `${m.tile} ${m.from} → ${m.to} left ${m.leftAt} at ${m.at}`);

describe('a weak read is never the tile back in the zone it left (seed 84 at x5)', () => {
  it("F#4 lifted from Bea's rack (DEL seen), its ADD on the top lost, read weakly inside: still gone, and it moves to the top at the top's snapshot with its own departure time", () => {
    const t = tracker();
    t.snapshot('RK-W1/in', [FLOWER], 90_000, 1, undefined, [STRONG]);
    t.snapshot('RK-W1/top', [], 90_000, 2, undefined, []);
    expect(moved(t.settle(91_000))).toEqual(['F#4 null → RK-W1/in left 90000 at 90000']);
    t.remove('RK-W1/in', FLOWER, 93_743, 3); // lifted to be exposed; its ADD on the top is corrupted
    t.add('RK-W1/in', FLOWER, 94_385, 4, -70); // the inside antenna sees the tile on the top
    // before: taken for the tile back inside (a flicker), nothing pending, so the discard that
    // followed was logged ahead of this exposure
    expect(t.watermark(94_700)).toBe(93_743);
    expect(t.settle(94_700)).toEqual([]);
    t.snapshot('RK-W1/in', [FLOWER], 94_850, 5, undefined, [-70]); // the inside's inventory: still weak
    expect(t.watermark(94_900)).toBe(93_743);
    t.snapshot('RK-W1/top', [FLOWER], 94_970, 6, undefined, [-43]); // the top's: there it lies
    expect(t.settle(95_169)).toEqual([]);
    expect(moved(t.settle(95_170))).toEqual(['F#4 RK-W1/in → RK-W1/top left 93743 at 94970']);
    expect(t.positions().get('F#4')).toBe('RK-W1/top');
  });

  it('a strong read in the zone it left is the tile back (a flicker): no move', () => {
    const t = tracker();
    t.snapshot('RK-W1/in', [FLOWER], 90_000, 1, undefined, [STRONG]);
    t.settle(91_000);
    t.remove('RK-W1/in', FLOWER, 92_000, 2);
    t.add('RK-W1/in', FLOWER, 92_200, 3, STRONG);
    expect(t.watermark(92_300)).toBeNull();
    expect(t.settle(95_000)).toEqual([]);
    expect(t.positions().get('F#4')).toBe('RK-W1/in');
  });
});

describe('a weak read settles nowhere while lines of its reader are lost (seed 28 at x5)', () => {
  function dealt(): Tracker {
    const t = tracker();
    t.snapshot('RK-E2/in', [SEVEN_DOT], 40_000, 1, undefined, [STRONG]);
    t.snapshot('RK-E1/in', [], 40_000, 2, undefined, []);
    t.snapshot('RK-E1/top', [], 40_000, 3, undefined, []);
    t.settle(41_000);
    return t;
  }

  it("7D#3 laid on Ann's rack 1 top (that ADD corrupted), read weakly inside rack 1: no stop inside; the top's snapshot moves it rack 2 → top of rack 1", () => {
    const t = dealt();
    t.remove('RK-E2/in', SEVEN_DOT, 51_363, 4); // lifted from rack 2
    // RK-E1's ADD of 7D#3 on its top is corrupted: the hub knows lines of RK-E1 were lost
    t.setIncomplete(
      new Map([
        ['RK-E1/in', 51_611],
        ['RK-E1/top', 51_611],
      ]),
    );
    t.add('RK-E1/in', SEVEN_DOT, 51_942, 5, WEAK); // the inside antenna sees it on the top
    expect(t.settle(52_369)).toEqual([]);
    t.snapshot('RK-E1/in', [SEVEN_DOT], 52_369, 6, undefined, [WEAK]); // the inside: still weak
    // before: that snapshot "confirmed" the weak read, and 7D#3 moved rack 2 → inside rack 1
    expect(t.settle(52_489)).toEqual([]);
    expect([...t.incompleteZones().keys()]).toEqual(['RK-E1/top']);
    t.snapshot('RK-E1/top', [SEVEN_DOT], 52_489, 7, undefined, [-47]);
    t.remove('RK-E1/in', SEVEN_DOT, 52_512, 8); // the cross-read ends: it never rested inside
    expect(t.settle(52_688)).toEqual([]);
    expect(moved(t.settle(52_689))).toEqual(['7D#3 RK-E2/in → RK-E1/top left 51363 at 52489']);
    expect(t.settle(60_000)).toEqual([]);
  });

  it("with every zone whole, a weak read that a snapshot 400 ms later still holds settles as before (a tile at the antenna's edge)", () => {
    const t = dealt();
    t.remove('RK-E2/in', SEVEN_DOT, 51_363, 4);
    t.add('RK-E1/in', SEVEN_DOT, 51_942, 5, WEAK);
    t.snapshot('RK-E1/in', [SEVEN_DOT], 52_369, 6, undefined, [WEAK]);
    expect(moved(t.settle(52_369))).toEqual(['7D#3 RK-E2/in → RK-E1/in left 51363 at 51942']);
  });
});

describe('a move no line reported carries its window (seeds 35, 50, 70, 192 at x5)', () => {
  it('GD#2 discarded with its DEL and ADD both lost: the snapshots move it rack → floor, `unreported` from the last snapshot that held it in the rack to the first that held it on the floor', () => {
    const t = tracker();
    t.snapshot('RK-E2/in', [GREEN], 160_000, 1, undefined, [STRONG]);
    t.snapshot('FL-1/floor', [], 160_000, 2, undefined, []);
    t.snapshot('WL-3/wall', [WEST], 160_000, 3, undefined, [STRONG]);
    t.settle(161_000);
    t.snapshot('RK-E2/in', [GREEN], 165_459, 4, undefined, [STRONG]); // last seen in the rack
    t.snapshot('FL-1/floor', [], 165_167, 5, undefined, []);
    // discarded at 165 300-165 650: both reads missed. Bea picks W#1 at 167 050 (seen live)
    t.remove('WL-3/wall', WEST, 167_050, 6);
    t.snapshot('FL-1/floor', [GREEN], 167_275, 7, undefined, [-47]);
    t.snapshot('RK-E2/in', [], 167_314, 8, undefined, []);
    t.add('RK-W2/in', WEST, 167_559, 9, -43);
    const ms = t.settle(167_759);
    expect(moved(ms)).toEqual(['W#1 WL-3/wall → RK-W2/in left 167050 at 167559', 'GD#2 RK-E2/in → FL-1/floor left 167275 at 167275']);
    expect(ms.map((m) => m.unreported ?? null)).toEqual([null, { from: 165_459, to: 167_275 }]);
  });

  it('a discard whose DEL was seen is not unreported, nor one whose ADD was seen', () => {
    const t = tracker();
    t.snapshot('RK-E2/in', [GREEN, WEST], 160_000, 1, undefined, [STRONG, STRONG]);
    t.settle(161_000);
    t.remove('RK-E2/in', GREEN, 162_000, 2);
    t.snapshot('FL-1/floor', [GREEN], 162_500, 3, undefined, [STRONG]); // its ADD lost
    t.snapshot('RK-E2/in', [], 163_000, 4, undefined, []); // W#1's DEL lost
    t.add('FL-1/floor', WEST, 163_000, 5, STRONG);
    expect(t.settle(170_000).map((m) => [m.tile, m.to, m.unreported ?? null])).toEqual([
      ['GD#2', 'FL-1/floor', null],
      ['W#1', 'FL-1/floor', null],
    ]);
  });
});

describe('a stay elsewhere while a zone that still sees the tag saw it first is no stop (v0 seed 102 at x5)', () => {
  it("a tile dealt into Bea's rack 1 (the wall's DEL lost), cross-read by the top (its DEL lost): one move wall → inside, no stop on the top", () => {
    const t = tracker();
    t.snapshot('WL-1/wall', [SEVEN_DOT], 0, 1);
    t.snapshot('RK-W1/in', [], 0, 2);
    t.snapshot('RK-W1/top', [], 0, 3);
    t.settle(1000);
    // lifted at 2450 (DEL lost), racked inside at 2800
    t.add('RK-W1/in', SEVEN_DOT, 2949, 4); // v0: no rssi
    t.add('RK-W1/top', SEVEN_DOT, 2984, 5); // the top antenna sees it for a moment; that DEL is lost
    expect(t.settle(3500)).toEqual([]); // the wall still claims it
    t.snapshot('RK-W1/top', [], 3600, 6); // the top's inventory: not there (a stay of 616 ms "while the wall held it")
    t.snapshot('WL-1/wall', [], 4000, 7); // the wall's: gone
    // before: '7D#3 WL-1/wall → RK-W1/top left 2984', then 'RK-W1/top → RK-W1/in left 2949': the log
    // had it leave the top before it got there
    expect(moved(t.settle(4400))).toEqual(['7D#3 WL-1/wall → RK-W1/in left 2949 at 2949']);
    expect(t.positions().get('7D#3')).toBe('RK-W1/in');
  });
});

describe('a tile held over a top on its way to the next one is no stop there (realistic seed 149, docs/strong-window.md)', () => {
  // Bea's joker (here W#1) lifted from rack 0 inside at 10 429, held over rack 0's top and laid on
  // rack 1's top. The hub heard rack 0's top read it strongly at 10 757, rack 1's top at 10 951, and
  // rack 0's top let go at 10 960: 203 ms there by its own lines, but rack 1's antenna had it after
  // 194 (10 951 - 10 757), less than the 200 ms strong window.
  function held(topLetsGoAt: number, nextTopAt: number): string[] {
    const t = tracker();
    t.snapshot('RK-W1/in', [WEST], 0, 1, undefined, [STRONG]);
    t.settle(1000);
    t.remove('RK-W1/in', WEST, 10_429, 2);
    const out: string[] = [];
    const lines: [number, () => void][] = [
      [10_757, () => t.add('RK-W1/top', WEST, 10_757, 3, STRONG)],
      [nextTopAt, () => t.add('RK-W2/top', WEST, nextTopAt, 4, STRONG)],
      [topLetsGoAt, () => t.remove('RK-W1/top', WEST, topLetsGoAt, 5)],
    ];
    lines.sort((a, b) => a[0] - b[0]);
    for (let now = 10_000; now <= 14_000; now += 50) {
      while (lines.length && lines[0]![0] <= now) lines.shift()![1]();
      out.push(...moved(t.settle(now)));
    }
    return out;
  }

  it("read on rack 1's top 194 ms after rack 0's: one move, rack 0 inside → rack 1 top (settled 200 ms after 10 951)", () => {
    expect(held(10_960, 10_951)).toEqual(['W#1 RK-W1/in → RK-W2/top left 10429 at 10951']);
  });

  // (rack 1's top read it 8 ms before rack 0's let go: that move waits for a snapshot or 2.5 s,
  // 10 995 + 2 500, as any tile seen in a new zone before it left the old one; it left no later than
  // it came: 10 987)
  it("read on rack 1's top only 230 ms after rack 0's: that was a stay as long as the window, a stop of its own", () => {
    expect(held(10_995, 10_987)).toEqual(['W#1 RK-W1/in → RK-W1/top left 10429 at 10757', 'W#1 RK-W1/top → RK-W2/top left 10987 at 10987']);
  });
});
