import { describe, expect, it } from 'vitest';
import { idsFor } from './ids.js';

describe('idsFor: the lowest copy of each kind not yet taken', () => {
  it('gives 5B#1 then 5B#2 in one call, and skips the copies taken', () => {
    expect(idsFor(['5B', '5B', 'J'], new Set())).toEqual(['5B#1', '5B#2', 'J#1']);
    // 5B#1 and 5B#3 dealt already: the next two 5Bs are copies 2 and 4
    expect(idsFor(['5B', '5B'], new Set(['5B#1', '5B#3']))).toEqual(['5B#2', '5B#4']);
  });

  it('a flower has 8 copies, a suit tile 4: the 5th 5B is refused, naming where', () => {
    expect(idsFor(['F', 'F', 'F', 'F', 'F', 'F', 'F', 'F'], new Set()).at(-1)).toBe('F#8');
    expect(() => idsFor(['1D', '5B', '5B', '5B', '5B', '5B'], new Set())).toThrow('idsFor: no copy of 5B left for tile 6 of 6 (a set has 4, all taken)');
  });
});
