import { describe, expect, it } from 'vitest';
import { TournamentError } from './errors.js';
import { repeatMeetings, seatingForRound, seatingPlan, type Player } from './seating.js';

const players = (n: number): Player[] => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, name: `Player ${i + 1}` }));

describe('seating and movement (000: rounds at tables of four)', () => {
  it('round 1: players four to a table in the order given (East, South, West, North)', () => {
    expect(seatingForRound(players(8), 1)).toEqual([
      { round: 1, table: 1, seats: ['p1', 'p2', 'p3', 'p4'] },
      { round: 1, table: 2, seats: ['p5', 'p6', 'p7', 'p8'] },
    ]);
  });

  it('round 2 with 2 tables: Souths move 1 table, Wests 2, Norths 3; every seat turns one place', () => {
    // p1 (East, table 1) stays at table 1 and sits South; p8 (North, table 2) moves 3 → table 1, sits East
    expect(seatingForRound(players(8), 2)).toEqual([
      { round: 2, table: 1, seats: ['p8', 'p1', 'p6', 'p3'] },
      { round: 2, table: 2, seats: ['p4', 'p5', 'p2', 'p7'] },
    ]);
    expect(seatingForRound(players(8), 3)).toEqual([
      { round: 3, table: 1, seats: ['p3', 'p4', 'p1', 'p2'] },
      { round: 3, table: 2, seats: ['p7', 'p8', 'p5', 'p6'] },
    ]);
  });

  it('every table is full and no player sits twice in a round (1 to 12 tables, 15 rounds)', () => {
    for (let tables = 1; tables <= 12; tables++) {
      const ps = players(tables * 4);
      for (const round of seatingPlan(ps, 15)) {
        expect(round).toHaveLength(tables);
        const seated = round.flatMap((t) => t.seats);
        expect(seated.every((id) => id !== '')).toBe(true);
        expect(new Set(seated).size).toBe(tables * 4);
      }
    }
  });

  it('everybody sits East once in four rounds (the score card job goes round)', () => {
    const plan = seatingPlan(players(20), 4);
    const easts = plan.flatMap((r) => r.map((t) => t.seats[0]));
    expect(new Set(easts).size).toBe(20);
  });

  it('5 tables, 5 rounds: nobody meets anybody twice (each player meets 15 different opponents)', () => {
    const plan = seatingPlan(players(20), 5);
    expect(repeatMeetings(plan)).toEqual([]);
    const met = new Set(plan.flatMap((r) => r.filter((t) => t.seats.includes('p1')).flatMap((t) => t.seats)).filter((p) => p !== 'p1'));
    expect(met.size).toBe(15);
  });

  it('7 tables, 7 rounds: nobody meets twice', () => {
    expect(repeatMeetings(seatingPlan(players(28), 7))).toEqual([]);
  });

  it('2 tables: repeats cannot be avoided and are listed for the director', () => {
    const rep = repeatMeetings(seatingPlan(players(8), 3));
    expect(rep.find((r) => r.players[0] === 'p1' && r.players[1] === 'p3')).toEqual({ players: ['p1', 'p3'], rounds: [1, 2, 3] });
    expect(rep.find((r) => r.players[0] === 'p1' && r.players[1] === 'p2')).toEqual({ players: ['p1', 'p2'], rounds: [1, 3] });
  });

  it('clear errors: players that do not fill tables of four, a repeated id, a bad round', () => {
    expect(() => seatingForRound(players(10), 1)).toThrow(new TournamentError('10 players do not fill tables of four: add 2 substitute(s) or remove 2'));
    expect(() => seatingForRound([...players(3), { id: 'p1', name: 'again' }], 1)).toThrow('player id "p1" is registered twice (player 4)');
    expect(() => seatingForRound(players(4), 0)).toThrow('round must be a whole number ≥ 1, not 0');
    expect(() => seatingForRound([], 1)).toThrow(TournamentError);
  });
});
