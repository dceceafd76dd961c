import { describe, expect, it } from 'vitest';
import { loadCard } from '../card/parse.js';
import { matchTiles } from '../match.js';
import { parseKinds as k } from '../tiles.js';
import { bestFirst, mahJonggRecord } from './mah-jongg.js';

// An original test card (not the NMJL card): two lines, 25 points (line 4 of the text: id test:4) and 40 (test:5).
const card = loadCard(`title: Test card\nkind: standard\n[Winds and Numbers]\nNEW 1111a 2222a 333a | any 1 suit | X 25\nNEW 111a 2222a 3333a | any 1 suit | X 40\n`, { id: 'test' });

describe('the Mah Jongg core both tables share', () => {
  it('pays the best line: 40 before 25 (points printed); every line kept when asked', () => {
    // N E W + 1B ×3 + 2B ×4 + 3B ×4 = 14 tiles: fits the 40 line only; with 1B ×4 + 3B ×3, the 25 line only
    const forty = matchTiles([card], k('N E W 1B 1B 1B 2B 2B 2B 2B 3B 3B 3B 3B'));
    expect(forty.map((m) => m.value)).toEqual([40]);
    const withJoker = matchTiles([card], k('N E W 1B 1B 1B 2B 2B 2B 2B 3B 3B 3B J'));
    // a joker stands in 3B ×4 (40) or makes 1B ×4 with 3B ×3 (25): 40 first
    expect(bestFirst(withJoker).map((m) => m.value)).toEqual([40, 25]);
    const how = { order: 1 as const, claimedFrom: 2, selfPicked: false, exposuresBefore: 1, jokerExchange: false, turnNo: 7, at: 1000 };
    const listed = mahJonggRecord(bestFirst(withJoker), how, true);
    expect([listed.lineId, listed.value, listed.jokerless, listed.claimedFrom, listed.lines.map((l) => l.value)]).toEqual(['test:5', 40, false, 2, [40, 25]]);
    expect(mahJonggRecord(bestFirst(withJoker), how, false).lines).toEqual([]);
  });

  it('no line: not a Mah Jongg record', () => {
    expect(() => mahJonggRecord([], { order: 1, claimedFrom: null, selfPicked: true, exposuresBefore: 0, jokerExchange: false, turnNo: 1, at: 0 }, false)).toThrow(
      'a Mah Jongg record needs a line the hand completes; none was given',
    );
  });
});
