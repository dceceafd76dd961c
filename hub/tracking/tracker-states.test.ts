/**
 * The tracker's per-tag states (hub/tracking/tracker.ts `TagState`): every state is reached through
 * reads alone (ADD, DEL, snapshots, an unseen zone, a restore from the log), along the transitions
 * the type's comment lists, and each is the state a player watching the table would name. The
 * `transitions` block walks the table row by row, asserting the state each row ends in.
 */
import { describe, expect, it } from 'vitest';
import type { TileId } from '../../rules/tiles.js';
import { type TagState, Tracker } from './tracker.js';

const registry = new Map<string, TileId>([
  ['04000000000001', '5B#1'],
  ['04000000000002', 'J#3'],
  ['04000000000003', 'RD#2'],
]);
const FIVE_BAM = '04000000000001';
const JOKER = '04000000000002';
const RED = '04000000000003';
/** every zone's settle window (ms): no rssi, so no short window */
const SETTLE = 250;
const WALL = 'WL-1/wall';
const RACK = 'RK-E1/in';

function tracker() {
  return new Tracker({ settleMs: SETTLE, registry });
}

describe('tracker tag states', () => {
  it('a pick: arriving, resting (a cross-read leaves it resting), lifted, moving, resting in the rack', () => {
    const t = tracker();
    const seen: TagState['state'][] = [];
    const at = (tag: string) => {
      const s = t.tagState(tag)!;
      seen.push(s.state);
      return s;
    };
    t.add(WALL, FIVE_BAM, 0, 1);
    expect(at(FIVE_BAM)).toEqual({ state: 'arriving', seenIn: [WALL] });
    // 0 + 250 settle window: its first move (from nowhere) at 250
    expect(t.settle(250).map((m) => [m.from, m.to])).toEqual([[null, WALL]]);
    expect(at(FIVE_BAM)).toEqual({ state: 'resting', zone: WALL, crossReads: [] });
    t.add(RACK, FIVE_BAM, 300, 2); // the rack reader next door sees it for a moment
    expect(at(FIVE_BAM)).toEqual({ state: 'resting', zone: WALL, crossReads: [RACK] });
    t.remove(RACK, FIVE_BAM, 320, 3);
    expect(at(FIVE_BAM)).toEqual({ state: 'resting', zone: WALL, crossReads: [] });
    t.remove(WALL, FIVE_BAM, 1000, 4); // picked: in the hand
    expect(at(FIVE_BAM)).toEqual({ state: 'lifted', from: WALL, since: 1000 });
    expect(t.settle(1500)).toEqual([]);
    t.add(RACK, FIVE_BAM, 2000, 5); // racked
    expect(at(FIVE_BAM)).toEqual({ state: 'moving', from: WALL, to: [RACK], since: 1000 });
    expect(t.settle(2249)).toEqual([]);
    // rested 2000 + 250 = 2250, gone from the wall since 1000 + 250 = 1250: settles at 2250
    expect(t.settle(2250).map((m) => [m.tile, m.from, m.to, m.at, m.leftAt])).toEqual([['5B#1', WALL, RACK, 2000, 1000]]);
    expect(at(FIVE_BAM)).toEqual({ state: 'resting', zone: RACK, crossReads: [] });
    expect(new Set(seen)).toEqual(new Set(['arriving', 'resting', 'lifted', 'moving']));
  });

  it('a flicker: lifted from its zone and back is resting again, with no move', () => {
    const t = tracker();
    t.add(RACK, FIVE_BAM, 0, 1);
    t.settle(250);
    t.remove(RACK, FIVE_BAM, 1000, 2);
    expect(t.tagState(FIVE_BAM)).toEqual({ state: 'lifted', from: RACK, since: 1000 });
    t.add(RACK, FIVE_BAM, 1100, 3);
    expect(t.tagState(FIVE_BAM)).toEqual({ state: 'resting', zone: RACK, crossReads: [] });
    expect(t.settle(5000)).toEqual([]);
  });

  it('moving, then let go by the new zone before it settled: lifted again, from where it settled', () => {
    const t = tracker();
    t.add(WALL, FIVE_BAM, 0, 1);
    t.settle(250);
    t.remove(WALL, FIVE_BAM, 1000, 2);
    t.add(RACK, FIVE_BAM, 1100, 3);
    expect(t.tagState(FIVE_BAM)).toEqual({ state: 'moving', from: WALL, to: [RACK], since: 1000 });
    t.remove(RACK, FIVE_BAM, 1200, 4); // 100 ms in the rack, less than its 250 ms window: no stop
    expect(t.tagState(FIVE_BAM)).toEqual({ state: 'lifted', from: WALL, since: 1000 });
    expect(t.settle(5000)).toEqual([]);
  });

  it('unplaced: seen once and gone before it settled; read again it is arriving', () => {
    const t = tracker();
    t.add('FL-1/floor', JOKER, 0, 1);
    expect(t.tagState(JOKER)).toEqual({ state: 'arriving', seenIn: ['FL-1/floor'] });
    t.remove('FL-1/floor', JOKER, 100, 2); // 100 ms < 250: it never settled
    expect(t.tagState(JOKER)).toEqual({ state: 'unplaced' });
    expect(t.settle(1000)).toEqual([]);
    t.add(WALL, JOKER, 2000, 3);
    expect(t.tagState(JOKER)).toEqual({ state: 'arriving', seenIn: [WALL] });
  });

  it('placed by the log: resting once its zone reads it, moving when another zone reads it first', () => {
    const t = tracker();
    t.restore(RED, 'RK-W1/in');
    expect(t.tagState(RED)).toEqual({ state: 'placed', zone: 'RK-W1/in' });
    t.add('RK-W1/in', RED, 50, 1);
    expect(t.tagState(RED)).toEqual({ state: 'resting', zone: 'RK-W1/in', crossReads: [] });
    const u = tracker();
    u.restore(RED, 'RK-W1/in');
    u.add('RK-W1/top', RED, 50, 1);
    // never seen leaving the rack: no departure time
    expect(u.tagState(RED)).toEqual({ state: 'moving', from: 'RK-W1/in', to: ['RK-W1/top'], since: null });
    expect(u.tagState('04000000000099')).toBeNull();
  });

  it('resting, its zone unseen while another zone reads it: released, moving from the unheard zone', () => {
    const t = tracker();
    t.add(WALL, FIVE_BAM, 0, 1);
    t.settle(250);
    t.add(RACK, FIVE_BAM, 1000, 2);
    expect(t.tagState(FIVE_BAM)).toEqual({ state: 'resting', zone: WALL, crossReads: [RACK] });
    t.setUnseen(new Map([[WALL, 900]]), 1100); // the wall reader unplugged since 900
    expect(t.tagState(FIVE_BAM)).toEqual({ state: 'moving', from: WALL, to: [RACK], since: 1100 });
    // rested in the rack 1000 + 250 = 1250, gone since 1100 + 250 = 1350: settles at 1350
    expect(t.settle(1350).map((m) => [m.from, m.to, m.reconciled])).toEqual([[WALL, RACK, { from: 900, to: 1100 }]]);
  });
});

/** A tracker whose five-bam has settled in the wall: first read at 0, settled at 0 + 250 = 250. */
function walled() {
  const t = tracker();
  t.add(WALL, FIVE_BAM, 0, 1);
  expect(t.settle(250).map((m) => [m.from, m.to, m.at])).toEqual([[null, WALL, 0]]);
  return t;
}
const FLOOR = 'FL-1/floor';
/** what a settled move says, as a player would check it: tile, from, to, arrival, departure (ms) */
const moved = (t: Tracker, now: number) => t.settle(now).map((m) => [m.tile, m.from, m.to, m.at, m.leftAt]);

describe('tracker tag state transitions (the table of TagState)', () => {
  it('arriving → arriving: a second zone reads it, then one of the two lets go', () => {
    const t = tracker();
    t.add(WALL, FIVE_BAM, 0, 1);
    t.add(RACK, FIVE_BAM, 50, 2);
    expect(t.tagState(FIVE_BAM)).toEqual({ state: 'arriving', seenIn: [WALL, RACK] });
    t.remove(WALL, FIVE_BAM, 100, 3);
    expect(t.tagState(FIVE_BAM)).toEqual({ state: 'arriving', seenIn: [RACK] });
    // rested in the rack from 50: 50 + 250 = 300, its first move (from nowhere)
    expect(moved(t, 299)).toEqual([]);
    expect(moved(t, 300)).toEqual([['5B#1', null, RACK, 50, 50]]);
    expect(t.tagState(FIVE_BAM)).toEqual({ state: 'resting', zone: RACK, crossReads: [] });
  });

  it('resting → moving: its zone lets go while the rack next door reads it', () => {
    const t = walled();
    t.add(RACK, FIVE_BAM, 1000, 2);
    t.remove(WALL, FIVE_BAM, 1100, 3);
    expect(t.tagState(FIVE_BAM)).toEqual({ state: 'moving', from: WALL, to: [RACK], since: 1100 });
    // seen in the rack since 1000, before it left the wall at 1100 and with no snapshot since: a
    // possible cross-read, so it waits for confirmMs, 1100 + 2500 = 3600
    expect(moved(t, 3599)).toEqual([]);
    expect(moved(t, 3600)).toEqual([['5B#1', WALL, RACK, 1000, 1000]]);
    expect(t.tagState(FIVE_BAM)).toEqual({ state: 'resting', zone: RACK, crossReads: [] });
  });

  it('resting, a stay in the rack recorded as a visit; the wall then drops it: the visit replays as a stop, lifted from the rack', () => {
    const t = walled();
    t.add(RACK, FIVE_BAM, 1000, 2);
    t.remove(RACK, FIVE_BAM, 1500, 3); // 500 ms in the rack ≥ 250: a stay of its own, kept as a visit
    expect(t.tagState(FIVE_BAM)).toEqual({ state: 'resting', zone: WALL, crossReads: [] });
    t.snapshot(WALL, [], 2000, 4); // the wall's DEL was lost: its snapshot drops it at 2000
    // the stay 1000..1500 replays: a move wall → rack at 1000, then gone from the rack since 1500
    expect(t.tagState(FIVE_BAM)).toEqual({ state: 'lifted', from: RACK, since: 1500 });
    expect(moved(t, 2000)).toEqual([['5B#1', WALL, RACK, 1000, 1000]]);
    expect(t.positions().get('5B#1')).toBe(RACK);
  });

  it('resting, a visit to the rack, read there again; the wall lets go: the replayed stop leaves it resting in the rack', () => {
    const t = walled();
    t.add(RACK, FIVE_BAM, 1000, 2);
    t.remove(RACK, FIVE_BAM, 1500, 3);
    t.add(RACK, FIVE_BAM, 1800, 4);
    expect(t.tagState(FIVE_BAM)).toEqual({ state: 'resting', zone: WALL, crossReads: [RACK] });
    t.remove(WALL, FIVE_BAM, 2000, 5);
    expect(t.tagState(FIVE_BAM)).toEqual({ state: 'resting', zone: RACK, crossReads: [] });
    expect(moved(t, 2000)).toEqual([['5B#1', WALL, RACK, 1000, 1000]]);
    expect(moved(t, 9000)).toEqual([]); // read in the rack again from 1800: no second move
  });

  it('resting, a visit to the rack, then the floor reads it; the wall lets go: the replayed stop leaves it moving from the rack', () => {
    const t = walled();
    t.add(RACK, FIVE_BAM, 1000, 2);
    t.remove(RACK, FIVE_BAM, 1500, 3);
    t.add(FLOOR, FIVE_BAM, 1800, 4); // discarded: the floor sees it after the stay in the rack
    t.remove(WALL, FIVE_BAM, 2000, 5);
    expect(t.tagState(FIVE_BAM)).toEqual({ state: 'moving', from: RACK, to: [FLOOR], since: 1500 });
    expect(moved(t, 2000)).toEqual([['5B#1', WALL, RACK, 1000, 1000]]);
    // the floor: rested 1800 + 250 = 2050, gone from the rack 1500 + 250 = 1750: the discard at 2050
    expect(moved(t, 2049)).toEqual([]);
    expect(moved(t, 2050)).toEqual([['5B#1', RACK, FLOOR, 1800, 1500]]);
    expect(t.tagState(FIVE_BAM)).toEqual({ state: 'resting', zone: FLOOR, crossReads: [] });
  });

  it('lifted → lifted: a DEL from the rack whose ADD was lost proves it stopped there', () => {
    const t = walled();
    t.remove(WALL, FIVE_BAM, 1000, 2);
    t.remove(RACK, FIVE_BAM, 1500, 4); // line 3, its ADD to the rack, was lost
    expect(t.tagState(FIVE_BAM)).toEqual({ state: 'lifted', from: RACK, since: 1500 });
    // the stop's arrival is unknown: the latest it can be, 1500 - 1 = 1499 (not before it left at 1000)
    expect(moved(t, 1500)).toEqual([['5B#1', WALL, RACK, 1499, 1000]]);
  });

  it('moving → moving (a floor read, then the floor lets go) → resting back in the wall: no move', () => {
    const t = walled();
    t.remove(WALL, FIVE_BAM, 1000, 2);
    t.add(RACK, FIVE_BAM, 1100, 3);
    t.add(FLOOR, FIVE_BAM, 1150, 4);
    expect(t.tagState(FIVE_BAM)).toEqual({ state: 'moving', from: WALL, to: [RACK, FLOOR], since: 1000 });
    t.remove(FLOOR, FIVE_BAM, 1180, 5);
    expect(t.tagState(FIVE_BAM)).toEqual({ state: 'moving', from: WALL, to: [RACK], since: 1000 });
    t.add(WALL, FIVE_BAM, 1200, 6); // back in the wall before the rack's 1100 + 250 = 1350
    expect(t.tagState(FIVE_BAM)).toEqual({ state: 'resting', zone: WALL, crossReads: [RACK] });
    expect(moved(t, 9000)).toEqual([]);
  });

  it('moving → lifted from the rack: it rested there and the rack let go before the hub settled it', () => {
    const t = walled();
    t.remove(WALL, FIVE_BAM, 1000, 2);
    t.add(RACK, FIVE_BAM, 1100, 3);
    // 1400 - 1100 = 300 ms in the rack ≥ 250, gone from the wall 400 ms ≥ 250: a stop of its own
    t.remove(RACK, FIVE_BAM, 1400, 4);
    expect(t.tagState(FIVE_BAM)).toEqual({ state: 'lifted', from: RACK, since: 1400 });
    expect(moved(t, 1400)).toEqual([['5B#1', WALL, RACK, 1100, 1000]]);
  });

  it('moving → moving from the rack: it rested there, the floor reads it, the rack lets go', () => {
    const t = walled();
    t.remove(WALL, FIVE_BAM, 1000, 2);
    t.add(RACK, FIVE_BAM, 1100, 3);
    t.add(FLOOR, FIVE_BAM, 1300, 4); // discarded: seen on the floor after the rack
    t.remove(RACK, FIVE_BAM, 1400, 5);
    expect(t.tagState(FIVE_BAM)).toEqual({ state: 'moving', from: RACK, to: [FLOOR], since: 1400 });
    expect(moved(t, 1400)).toEqual([['5B#1', WALL, RACK, 1100, 1000]]);
    // read on the floor since 1300, before it left the rack at 1400, with no snapshot since: maybe
    // a cross-read, so it waits for confirmMs, 1400 + 2500 = 3900 (leaving at 1300, when the floor saw it)
    expect(moved(t, 3899)).toEqual([]);
    expect(moved(t, 3900)).toEqual([['5B#1', RACK, FLOOR, 1300, 1300]]);
    expect(t.tagState(FIVE_BAM)).toEqual({ state: 'resting', zone: FLOOR, crossReads: [] });
  });

  it('moving → placed: read in the top after a restore, gone again before it settled there', () => {
    const t = tracker();
    t.restore(RED, 'RK-W1/in');
    t.add('RK-W1/top', RED, 50, 1);
    t.remove('RK-W1/top', RED, 100, 2); // 50 ms < 250: never settled there, and never seen leaving the rack
    expect(t.tagState(RED)).toEqual({ state: 'placed', zone: 'RK-W1/in' });
    expect(moved(t, 5000)).toEqual([]);
    expect(t.positions().get('RD#2')).toBe('RK-W1/in');
  });

  it('restore over a tag already read: resting where the log puts it if that zone reads it, else moving from there', () => {
    const t = tracker();
    t.add(RACK, FIVE_BAM, 0, 1);
    t.restore(FIVE_BAM, RACK);
    expect(t.tagState(FIVE_BAM)).toEqual({ state: 'resting', zone: RACK, crossReads: [] });
    t.add(WALL, JOKER, 0, 2);
    t.restore(JOKER, RACK);
    expect(t.tagState(JOKER)).toEqual({ state: 'moving', from: RACK, to: [WALL], since: null });
    expect(moved(t, 0)).toEqual([]);
  });
});
