import { describe, expect, it } from 'vitest';
import { checkSeatView, initialSeatState, onSeatDelta, onSeatSnapshot, peekSeatToken } from './seatState.js';

const view = {
  tableId: 't1',
  variant: 'siamese',
  gameNo: 1,
  phase: 'play',
  endReason: null,
  turn: 1,
  player: 1,
  name: 'Bea',
  seat: 'West',
  count: 27,
  racks: [{ rack: 0, concealed: [{ id: '5B#1', kind: '5B' }], exposed: [], count: 1, dead: false, deadReason: null, mahJongg: null }],
  players: [],
  walls: [],
  discards: [],
  flags: [],
  score: null,
  practice: null,
  updatedAt: 0,
};

describe('seat view sequence (snapshot, then deltas in order)', () => {
  it('takes a snapshot, applies seq+1, ignores a duplicate, asks for a resync on a gap', () => {
    const s1 = onSeatSnapshot(initialSeatState, { tableId: 't1', seq: 4, view });
    expect(s1.type).toBe('applied');
    const s2 = onSeatDelta(s1.state, { tableId: 't1', seq: 5, changes: { count: 28, discards: ['N'] } });
    expect(s2.type).toBe('applied');
    expect([s2.state.seq, s2.state.view?.count, s2.state.view?.discards]).toEqual([5, 28, ['N']]);
    expect(onSeatDelta(s2.state, { tableId: 't1', seq: 5, changes: {} })).toMatchObject({ type: 'ignored', reason: 'delta seq 5 already held (at 5)' });
    expect(onSeatDelta(s2.state, { tableId: 't1', seq: 7, changes: {} })).toMatchObject({ type: 'resync', reason: 'sequence gap: held 5, got 7' });
    // a delta never changes whose seat it is
    expect(onSeatDelta(s2.state, { tableId: 't1', seq: 6, changes: { player: 0 } }).state.view?.player).toBe(1);
  });

  it('ignores garbage with a reason, never throws', () => {
    expect(onSeatSnapshot(initialSeatState, 'x')).toMatchObject({ type: 'ignored', reason: 'snapshot is not an object' });
    expect(checkSeatView({ ...view, racks: [{ rack: 0 }] })).toBe('view.racks.0.concealed is required');
    expect(onSeatDelta(initialSeatState, { seq: 1, changes: {} })).toMatchObject({ type: 'ignored', reason: 'delta before a snapshot' });
  });

  it('reads (without trusting) what a token names', () => {
    const payload = btoa(JSON.stringify({ t: 't1', p: 1, g: 2, e: 5 }))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    expect(peekSeatToken(`${payload}.sig`)).toEqual({ table: 't1', player: 1, game: 2, exp: 5 });
    expect(peekSeatToken('garbage')).toBeNull();
  });
});
