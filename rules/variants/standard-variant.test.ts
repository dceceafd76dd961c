import { describe, expect, it } from 'vitest';
import { CHARLESTON } from '../standard-game.js';
import { SIAMESE } from './siamese.js';
import { STANDARD } from './standard.js';

describe('the 4-player variant (000 on NMJL)', () => {
  it('4 players of one rack; East dealt 14, the others 13 (14 + 3 × 13 = 53); 13 off turn, 14 after picking', () => {
    expect([STANDARD.seats, STANDARD.racksPerSeat, STANDARD.seed]).toEqual([4, 1, '000']);
    expect([0, 1, 2, 3].map(STANDARD.dealt)).toEqual([14, 13, 13, 13]);
    expect([STANDARD.hand(false), STANDARD.hand(true)]).toEqual([13, 14]);
    expect(() => STANDARD.dealt(4)).toThrow('seat must be 0-3, not 4');
  });

  it('the Charleston: 8 stages, the vote at the 4th (index 3), the courtesy across at the 8th (index 7); no wall order', () => {
    expect(STANDARD.charleston).toEqual({ stages: CHARLESTON, voteStage: 3, courtesyStage: 7 });
    expect(STANDARD.charleston!.stages[3]!.name).toBe('vote');
    expect(STANDARD.charleston!.stages[7]!.name).toBe('courtesy');
    expect(STANDARD.wrongWallHand).toBeNull();
  });

  it('the Siamese variant beside it: 2 players × 2 racks (003 rule 1), no Charleston (003 rule 7), 27 dealt (rule 5)', () => {
    expect([SIAMESE.seats, SIAMESE.racksPerSeat, SIAMESE.charleston, SIAMESE.dealt(0), SIAMESE.hand(true)]).toEqual([2, 2, null, 27, 28]);
  });
});
