import { describe, expect, it } from 'vitest';
import { connectionState, initialState, onConnect, onDelta, onSnapshot, type SeqState } from './viewState.js';
import { siameseFixture } from './fixtures.js';

function live(seq = 5): SeqState {
  const step = onSnapshot(initialState('t1'), { tableId: 't1', seq, view: siameseFixture() });
  expect(step.type).toBe('applied');
  return step.state;
}

function bea(s: SeqState): number | null | undefined {
  return s.view?.players[1]?.count;
}

describe('snapshot', () => {
  it('takes a snapshot and becomes live', () => {
    const s = live(5);
    expect(s.seq).toBe(5);
    expect(bea(s)).toBe(27);
    expect(s.awaitingSnapshot).toBe(false);
    expect(connectionState('up', s)).toBe('live');
  });

  it('ignores a snapshot for another table and keeps waiting', () => {
    const step = onSnapshot(initialState('t1'), { tableId: 't2', seq: 1, view: { ...siameseFixture(), tableId: 't2' } });
    expect(step.type).toBe('ignored');
    expect(step.state.view).toBeNull();
    expect(connectionState('up', step.state)).toBe('connecting');
  });

  it('ignores a malformed snapshot with a reason, without throwing', () => {
    const a = onSnapshot(initialState('t1'), { tableId: 't1', seq: 1, view: { tableId: 't1', players: 'x' } });
    expect(a).toMatchObject({ type: 'ignored', reason: 'snapshot view.variant is required' });
    // the contract checks every field: the first wrong one is named, with its path
    expect(onSnapshot(initialState('t1'), { tableId: 't1', seq: 1, view: { ...siameseFixture(), players: 'x' } })).toMatchObject({
      type: 'ignored',
      reason: 'snapshot view.players must be array',
    });
    const badRack = siameseFixture() as unknown as { players: { racks: unknown[] }[] };
    badRack.players[1]!.racks[0] = { rack: 0, count: 13 };
    expect(onSnapshot(initialState('t1'), { tableId: 't1', seq: 1, view: badRack })).toMatchObject({ type: 'ignored', reason: 'snapshot view.players.1.racks.0.concealedCount is required' });
    expect(onSnapshot(initialState('t1'), { tableId: 't1', seq: 1, view: { ...siameseFixture(), score: { points: 3 } } })).toMatchObject({
      type: 'ignored',
      reason: 'snapshot view.score.points must be array',
    });
    expect(onSnapshot(initialState('t1'), null)).toMatchObject({ type: 'ignored', reason: 'snapshot is not an object' });
    expect(onSnapshot(initialState('t1'), { tableId: 't1', seq: -1, view: siameseFixture() })).toMatchObject({ type: 'ignored' });
    expect(onSnapshot(initialState('t1'), { tableId: 't1', seq: 1.5, view: siameseFixture() })).toMatchObject({ type: 'ignored' });
  });

  it('a snapshot wins over a newer held seq (hub restarted)', () => {
    const step = onSnapshot(live(40), { tableId: 't1', seq: 0, view: { ...siameseFixture(), gameNo: 3 } });
    expect(step.type).toBe('applied');
    expect(step.state.seq).toBe(0);
    expect(step.state.view?.gameNo).toBe(3);
  });
});

describe('deltas', () => {
  it('applies seq + 1, replacing only the changed top-level keys', () => {
    const s = live(5);
    const players = structuredClone(s.view!.players);
    players[1]!.count = 28;
    const step = onDelta(s, { tableId: 't1', seq: 6, changes: { players, turn: 1 } });
    expect(step.type).toBe('applied');
    expect(step.state.seq).toBe(6);
    expect(bea(step.state)).toBe(28);
    expect(step.state.view?.turn).toBe(1);
    expect(step.state.view?.discards).toEqual(['N', '9C', 'F', '2D', 'WD', '7B', 'GD', 'S', '3C', '1D', 'E']);
    // the held state is not mutated
    expect(bea(s)).toBe(27);
  });

  it('applies a run of deltas in order', () => {
    let s = live(5);
    for (const [seq, left] of [
      [6, 20],
      [7, 19],
      [8, 18],
    ] as const) {
      const step = onDelta(s, { tableId: 't1', seq, changes: { walls: [{ wall: 1, left, current: true }] } });
      expect(step.type).toBe('applied');
      s = step.state;
    }
    expect(s.seq).toBe(8);
    expect(s.view?.walls).toEqual([{ wall: 1, left: 18, current: true }]);
  });

  it('a gap is never applied: it asks for a resync and ignores deltas until the snapshot', () => {
    const s = live(5);
    const gap = onDelta(s, { tableId: 't1', seq: 7, changes: { turn: 1 } });
    expect(gap).toMatchObject({ type: 'resync', reason: 'sequence gap: held 5, got 7' });
    expect(gap.state.view?.turn).toBe(0);
    expect(gap.state.seq).toBe(5);
    expect(connectionState('up', gap.state)).toBe('connecting');

    // even the "right" next delta waits for the snapshot now
    const after = onDelta(gap.state, { tableId: 't1', seq: 6, changes: { turn: 1 } });
    expect(after).toMatchObject({ type: 'ignored', reason: 'delta while awaiting a snapshot' });
    expect(after.state.view?.turn).toBe(0);

    const snap = onSnapshot(after.state, { tableId: 't1', seq: 9, view: { ...siameseFixture(), turn: 1 } });
    expect(snap.type).toBe('applied');
    expect(snap.state.seq).toBe(9);
    expect(connectionState('up', snap.state)).toBe('live');
    expect(onDelta(snap.state, { tableId: 't1', seq: 10, changes: { turn: 0 } }).state.view?.turn).toBe(0);
  });

  it('a key the hub dropped (sent as null) leaves the view when the contract has it optional, and a nullable one stays null', () => {
    const s = live(5);
    const withResults = onDelta(s, {
      tableId: 't1',
      seq: 6,
      changes: { results: [{ gameNo: 1, endReason: 'wall game', points: [0, 0], ruling: null }], clock: { remainingMs: 60_000, running: true, aboutToRunOut: false, timeUp: false } },
    });
    expect(withResults.type).toBe('applied');
    const dropped = onDelta(withResults.state, { tableId: 't1', seq: 7, changes: { results: null, clock: null } });
    expect(dropped.type).toBe('applied');
    expect(dropped.state.view).not.toHaveProperty('results');
    expect(dropped.state.view?.clock).toBe(null);
  });

  it('ignores duplicates and old deltas', () => {
    const s = live(5);
    expect(onDelta(s, { tableId: 't1', seq: 5, changes: { turn: 1 } })).toMatchObject({ type: 'ignored', reason: 'delta seq 5 already held (at 5)' });
    expect(onDelta(s, { tableId: 't1', seq: 2, changes: { turn: 1 } }).state.view?.turn).toBe(0);
  });

  it('ignores deltas before the first snapshot and for other tables', () => {
    expect(onDelta(initialState('t1'), { tableId: 't1', seq: 1, changes: {} })).toMatchObject({ type: 'ignored', reason: 'delta before the first snapshot' });
    expect(onDelta(live(5), { tableId: 't9', seq: 6, changes: { turn: 1 } }).type).toBe('ignored');
  });

  it('a malformed delta at the right seq forces a resync instead of guessing', () => {
    const s = live(5);
    expect(onDelta(s, { tableId: 't1', seq: 6, changes: [1, 2] })).toMatchObject({ type: 'resync', reason: 'delta 6 changes is not an object' });
    expect(onDelta(s, { tableId: 't1', seq: 6, changes: { players: null } })).toMatchObject({ type: 'resync', reason: 'delta 6 leaves view.players must be array' });
    expect(onDelta(s, { tableId: 't1', seq: '6', changes: {} }).type).toBe('resync');
    expect(onDelta(s, 'garbage').type).toBe('ignored');
  });

  it('never lets a delta change the table id', () => {
    const step = onDelta(live(5), { tableId: 't1', seq: 6, changes: { tableId: 't2', turn: 1 } });
    expect(step.state.view?.tableId).toBe('t1');
    expect(step.state.view?.turn).toBe(1);
  });
});

describe('connection state', () => {
  it('is lost whenever the transport is down, even with a view held', () => {
    const s = live(5);
    expect(connectionState('down', s)).toBe('lost');
    expect(connectionState('connecting', s)).toBe('connecting');
  });

  it('after a reconnect the held view is not live until a new snapshot', () => {
    const s = onConnect(live(5));
    expect(s.view?.players[1]?.count).toBe(27);
    expect(connectionState('up', s)).toBe('connecting');
    expect(onDelta(s, { tableId: 't1', seq: 6, changes: { turn: 1 } }).type).toBe('ignored');
  });
});
