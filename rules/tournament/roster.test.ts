import { describe, expect, it } from 'vitest';
import { doneCard } from './fixtures.test-helpers.js';
import { scoreCardsForRound } from './round.js';
import { giveSeat } from './roster.js';

const PLAYERS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((id) => ({ id, name: id.toUpperCase() }));

describe('a seat given after the start', () => {
  it('the newcomer takes the seat the movement gives the player they replace; the other seats stay', () => {
    const round2 = scoreCardsForRound('Spring Open', PLAYERS, 2);
    // d (table 1 North at home) sits at table 2 East in round 2 (table 1 + 3 mod 2, seat 3 + 1 mod 4)
    const { cards, table } = giveSeat(round2, 'd', 'i');
    expect(table).toBe(2);
    expect(cards.map((c) => c.seats)).toEqual([
      ['h', 'a', 'f', 'c'],
      ['i', 'e', 'b', 'g'],
    ]);
    expect(giveSeat(round2, 'zz', 'i')).toEqual({ cards: round2, table: null });
  });

  it('refused on a card with a result, or for a player already seated in that round', () => {
    const played = [doneCard(1, 1, ['a', 'b', 'c', 'd'], [{ winner: null, wallGame: true }])];
    expect(() => giveSeat(played, 'a', 'i')).toThrow("round 1 table 1 already has a result: a seat changes before the card's first game");
    expect(() => giveSeat(scoreCardsForRound('x', PLAYERS, 1), 'a', 'e')).toThrow('round 1 table 1: "e" already has a seat in round 1');
  });
});
