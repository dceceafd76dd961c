/**
 * The tracker's per-tag states (hub/tracking/tracker.ts `TagState`): every state is reached through
 * reads alone (ADD, DEL, snapshots, an unseen zone, a restore from the log), along the transitions
 * the type's comment lists, and each is the state a player watching the table would name.
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
