import { describe, expect, it } from 'vitest';
import { parseKinds as k } from '../tiles.js';
import { idsFor } from './ids.js';

describe('idsFor: each kind gets the lowest copy not yet taken', () => {
  it('copies in order, skipping the taken ones and those given earlier in the list', () => {
    // 5B#1 and 5B#3 taken: the two 5Bs get #2 and #4; J gets #1, F (8 copies) #1
    expect(idsFor(k('5B J 5B F'), new Set(['5B#1', '5B#3']))).toEqual(['5B#2', 'J#1', '5B#4', 'F#1']);
  });

  it('nothing taken: a hand written as kinds becomes #1, #2 … per kind', () => {
    expect(idsFor(k('N N N N WD'), new Set())).toEqual(['N#1', 'N#2', 'N#3', 'N#4', 'WD#1']);
  });

  it('jokers run to #8; a ninth has no copy left and is an error naming the kind', () => {
    const seven = new Set(['J#1', 'J#2', 'J#3', 'J#4', 'J#5', 'J#6', 'J#7'] as const);
    expect(idsFor(k('J'), seven)).toEqual(['J#8']);
    expect(() => idsFor(k('J J'), seven)).toThrow('idsFor: no copy of J is left for kind 2 of 2 (all 8 are taken)');
  });

  it('does not change the taken set', () => {
    const taken = new Set(['1B#1'] as const);
    idsFor(k('1B'), taken);
    expect([...taken]).toEqual(['1B#1']);
  });
});
