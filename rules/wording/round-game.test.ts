import { describe, expect, it } from 'vitest';
import { roundGameWords } from './round-game.js';

describe('roundGameWords: where a table is in its round (000: four games a round)', () => {
  it('game n of 4, and a 5th game said to be after the round and not counted', () => {
    expect(roundGameWords({ round: 2, game: 3, of: 4 })).toBe('Round 2 · Game 3 of 4');
    expect(roundGameWords({ round: 1, game: 4, of: 4 })).toBe('Round 1 · Game 4 of 4');
    expect(roundGameWords({ round: 1, game: 5, of: 4, extra: true })).toBe("Round 1 · Game 5, after the round's 4 · does not count");
  });
});
