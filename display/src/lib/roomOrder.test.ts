import { describe, expect, it } from 'vitest';
import { needRank, roomOrder, sectionsOf } from './roomOrder.js';

describe('the room order at a big event', () => {
  it('an open flag first, then a call, a reader down, not live, all fine; the hub order within each', () => {
    const summaries = { '1': { urgency: 'calm' }, '2': { urgency: 'amber' }, '3': { urgency: 'calm' }, '4': { urgency: 'red' }, '5': { urgency: 'unknown' } } as const;
    // 3 is called: after 4 (red), before 2 (amber); 6 has no summary yet (not live)
    expect(roomOrder(['1', '2', '3', '4', '5', '6'], summaries, new Set(['3']))).toEqual(['4', '3', '2', '5', '6', '1']);
    expect([needRank({ urgency: 'red' }, true), needRank({ urgency: 'calm' }, true), needRank(undefined, false)]).toEqual([0, 1, 3]);
  });
  it('sections in the order met, none for tables without one', () => {
    expect(sectionsOf([{ section: 'Hall B' }, { section: '' }, { section: 'Hall A' }, { section: 'Hall B' }])).toEqual(['Hall B', 'Hall A']);
  });
});
