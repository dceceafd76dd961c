import { describe, expect, it } from 'vitest';
import { rule20Hand } from './siamese.js';

const rack = (o: Partial<{ mahJongg: boolean; dead: boolean; exposed: boolean }> = {}) => ({ mahJongg: false, dead: false, exposed: false, ...o });

describe('003 rule 20: which hand dies for a pick from the wrong wall', () => {
  it('the hand without the exposed Mah Jongg; the one hand with exposures; with both exposed, rack 1; with none, rack 1 until the director chooses', () => {
    expect(rule20Hand([rack({ mahJongg: true, exposed: true }), rack()])).toEqual({ rack: 1, why: 'the hand without the exposed Mah Jongg', reason: 'mahjongg', silent: false });
    expect(rule20Hand([rack(), rack({ exposed: true })])).toEqual({ rack: 1, why: 'the hand with exposures', reason: 'exposures', silent: false });
    expect(rule20Hand([rack({ exposed: true }), rack({ exposed: true })])).toMatchObject({ rack: 0, reason: 'closest', silent: false });
    expect(rule20Hand([rack(), rack()])).toMatchObject({ rack: 0, reason: 'silent', silent: true });
  });
});
