import { describe, expect, it } from 'vitest';
import { loadCard } from '../../card/parse.js';
import type { Card } from '../../card/types.js';
import { parseKinds as k } from '../../tiles.js';
import { judgeDeadDeclaration, verdictText } from './dead-declaration.js';

const card = (lines: string): Card[] => [loadCard(`title: T\nkind: standard\n[T]\n${lines}\n`, { id: 't' })];
// one exposed line: kongs of North, East and Red (jokers allowed) and a pair of West (real tiles only)
const LINE = card('NNNN EEEE WW RRRR | X 25');

describe('judgeDeadDeclaration (000: a hand declared dead, from the visible table only)', () => {
  it('open while the pair can be made: 4 W less 2 discarded leaves 2 for WW', () => {
    const v = judgeDeadDeclaration(LINE, { exposures: [k('N N N N')], otherExposures: [], discards: k('W W') });
    expect(v.dead).toBe(false);
    expect(verdictText(v, 'Bea')).toBe("Bea's hand can still be made: 1 line of the card, e.g. NNNN EEEE WW RRRR | X 25");
  });

  it("dead when the pair is gone: 1 W discarded and 2 in another player's exposure leave 1 (jokers never stand in a pair)", () => {
    const v = judgeDeadDeclaration(LINE, { exposures: [k('N N N N')], otherExposures: [k('W W J')], discards: k('W') });
    expect(v).toMatchObject({ dead: true, why: { concealed: 0, noGroup: 0, tilesGone: 1 } });
    expect(verdictText(v, 'Bea')).toBe('no line of the card can still be made for Bea: 1 needs tiles that are gone (e.g. NNNN EEEE WW RRRR | X 25 needs 2 W, 1 left)');
  });

  it("jokers: 4 E and 4 RD discarded need 8 jokers; a joker in another exposure can be redeemed, the declared hand's own stands in its group", () => {
    const discards = k('E E E E RD RD RD RD J');
    // 8 jokers less 1 discarded = 7, another's exposure keeps its joker redeemable: 7 < 8 → dead
    expect(judgeDeadDeclaration(LINE, { exposures: [k('N N N N')], otherExposures: [k('3B 3B J')], discards }).dead).toBe(true);
    // with no joker discarded 8 are to be had: open
    expect(judgeDeadDeclaration(LINE, { exposures: [k('N N N N')], otherExposures: [k('3B 3B J')], discards: discards.slice(0, 8) }).dead).toBe(false);
    // the declared hand's own N N N J: its joker is in the kong, 7 left for the 8 kong tiles → dead
    expect(judgeDeadDeclaration(LINE, { exposures: [k('N N N J')], otherExposures: [], discards: discards.slice(0, 8) }).dead).toBe(true);
  });

  it('an exposure with no group in the line, and a concealed line once the hand has exposed', () => {
    const cards = card('NNNN EEEE WW RRRR | X 25\nFF 1111a 2222a 3333a | any 3 consecutive numbers, any 1 suit | C 35');
    const v = judgeDeadDeclaration(cards, { exposures: [k('S S S')], otherExposures: [], discards: [] });
    expect(verdictText(v, 'Cat')).toBe("no line of the card can still be made for Cat: 1 has no group for Cat's exposures; 1 is concealed and Cat has exposed");
    // no exposure: both lines open (nothing seen rules them out)
    expect(judgeDeadDeclaration(cards, { exposures: [], otherExposures: [], discards: [] }).open.map((o) => o.line.value)).toEqual([25, 35]);
  });
});
