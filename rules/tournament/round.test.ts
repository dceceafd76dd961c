import { describe, expect, it } from 'vitest';
import { scoreCardsForRound } from './round.js';

describe('a round of score cards', () => {
  it('one blank card per table, seated by the movement', () => {
    const players = Array.from({ length: 8 }, (_, i) => ({ id: `p${i + 1}`, name: `P${i + 1}` }));
    const cards = scoreCardsForRound('Spring Open', players, 2);
    expect(cards.map((c) => [c.round, c.table, c.seats])).toEqual([
      [2, 1, ['p8', 'p1', 'p6', 'p3']],
      [2, 2, ['p4', 'p5', 'p2', 'p7']],
    ]);
    expect(cards[0]!.games).toEqual([null, null, null, null]);
    expect(cards[0]!.profile.wallGame).toBe(10);
  });
});
