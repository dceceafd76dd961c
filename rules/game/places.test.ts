import { describe, expect, it } from 'vitest';
import { describePlace } from './places.js';

describe('describePlace: the evidence counts racks and walls as the flags do (from 1)', () => {
  it('names each place as a player reads it', () => {
    const names = ['Ann', 'Bea'];
    expect(describePlace({ area: 'wall', wall: 2 }, names)).toBe('wall 3');
    expect(describePlace({ area: 'rack', player: 0, rack: 0 }, names)).toBe("Ann's rack 1");
    expect(describePlace({ area: 'top', player: 1, rack: 1 }, names)).toBe("top of Bea's rack 2");
    expect(describePlace({ area: 'floor' }, names)).toBe('floor');
    expect(describePlace(null, names)).toBe('in hand');
    expect(describePlace({ area: 'rack', player: 3, rack: 0 })).toBe("player 4's rack 1");
  });
});
