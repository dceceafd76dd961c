import { describe, expect, it } from 'vitest';
import { freshRack, initialGameState, seatOut } from './state.js';

describe('the one game state', () => {
  it('a Siamese table is 2 players × 2 racks (003 rule 1), a 4-player table 4 × 1 (000); nothing seen yet', () => {
    const siamese = initialGameState({ variant: 'siamese', seats: 2, racksPerSeat: 2 });
    expect(siamese.seats.map((s) => s.racks.length)).toEqual([2, 2]);
    const standard = initialGameState({ variant: 'standard', seats: 4, racksPerSeat: 1 });
    expect(standard.seats.map((s) => s.racks.length)).toEqual([1, 1, 1, 1]);
    expect([standard.phase, standard.gameNo, standard.where.size, standard.turn]).toEqual(['waiting', 0, 0, null]);
    // each rack its own object: a change to one is not a change to another
    expect(siamese.seats[0]!.racks[0]).not.toBe(siamese.seats[0]!.racks[1]);
  });

  it('a seat is out when every rack is dead or has a Mah Jongg (003 rules 12, 13)', () => {
    const dead = { ...freshRack(), dead: true };
    const alive = freshRack();
    const won = {
      ...freshRack(),
      mahJongg: {
        lineId: 'x',
        lineText: 'x',
        category: 'x',
        value: 25,
        jokerless: false,
        singlesAndPairs: false,
        order: 1 as const,
        claimedFrom: null,
        selfPicked: true,
        exposuresBefore: 0,
        jokerExchange: false,
        lines: [],
        turnNo: 3,
        at: 0,
        misnamedDiscard: false,
      },
    };
    expect([
      seatOut({ racks: [dead, alive], dead: false, deadReason: null }),
      seatOut({ racks: [dead, won], dead: false, deadReason: null }),
      seatOut({ racks: [dead, dead], dead: true, deadReason: null }),
    ]).toEqual([false, true, true]);
  });
});
