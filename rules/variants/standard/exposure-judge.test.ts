import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadCard } from '../../card/parse.js';
import { parseKinds as k } from '../../tiles.js';
import { forbiddenExposure, judgeExposures } from './exposure-judge.js';

const card = loadCard(readFileSync(new URL('../../cards/sample-standard.card', import.meta.url), 'utf8'), { id: 'sample-standard' });
const cards = [card];
const judge = (...groups: string[]) =>
  judgeExposures(
    cards,
    groups.map((g) => k(g)),
  );

describe('a pair, a single or a set of singles is never exposed before Mah Jongg (NMJL)', () => {
  const cases: [string, ReturnType<typeof forbiddenExposure>][] = [
    ['F F', 'pair'],
    ['9C J', 'pair'], // a joker never stands in a pair: still a pair laid out
    ['N', 'single'],
    ['2B 6B', 'singles'],
    ['N E W S', 'singles'],
    ['2B 4B 6B 8B', 'singles'],
    ['N E J', 'singles'], // no kind repeats: singles, a joker among them
    ['2C WD 2C 6C', 'singles'], // 2026 in craks: the year printed on the card (FF 2026a 2222b 2222c)
    ['9C 9C J', null], // a pung: the ordinary rules judge it
    ['F F F F', null],
    ['9C 9B 9B', null], // a kind repeats and no card prints it as singles: the ordinary rules (illegal exposure)
  ];
  for (const [group, want] of cases) it(`${group}: ${want ?? 'not a pair, single or singles'}`, () => expect(forbiddenExposure(k(group), cards)).toBe(want));
});

describe('exposures judged together against the sample standard card', () => {
  it('a pung of 5C (with a joker) alone fits "FFFF 1111a 111b 111c" (the first line with a pung of any like number)', () => {
    expect(judge('5C 5C J')).toEqual({ line: expect.objectContaining({ id: 'sample-standard:19' }), why: null });
  });

  it('pungs of 1B and 1C fit line 19 (one like number in two suits); pungs of 1B and 5C fit no line', () => {
    expect(judge('1B 1B 1B', '1C 1C J').line?.id).toBe('sample-standard:19');
    // a pung of 5 and a pung of 1: no line has both (13579 "111a 3333a 555a 7777a" is one suit: 1B and 5C are two)
    expect(judge('1B 1B 1B', '5C 5C 5C').line).toBeNull();
  });

  it('a pung of 5C and a pung of S each fit a hand alone, but no hand has them both: why names the lines', () => {
    // 5C as a pung: lines 19, 20, 21 (like numbers), 25, 26, 27, 28, 30 (runs), 33, 35 (13579): 10 lines;
    // S as a pung: 22 ("*** ***", any wind) and 39 ("FF NNN SSS …")
    expect(judge('5C 5C J', 'S S J')).toEqual({
      line: null,
      why: 'each fits a hand alone (a pung of 5C (5C 5C J): sample-standard:19, sample-standard:20, sample-standard:21 and 7 more; a pung of S (S S J): sample-standard:22, sample-standard:39), but no hand has them all together',
    });
  });

  it('a quint of flowers is on no exposed hand of the card', () => {
    expect(judge('F F F F J')).toEqual({ line: null, why: 'no exposed hand on the card has a quint of F (F F F F J)' });
  });

  it('a pung only a concealed hand has: the reason says so', () => {
    const test = loadCard('title: T\nkind: standard\n[W]\nNEW 1111a 2222a 333a | any 1 suit | X 25\nNEW 7777a 8888a 999a | any 1 suit | C 40\n', { id: 'test' });
    expect(judgeExposures([test], [k('9C 9C J')])).toEqual({ line: null, why: 'no exposed hand on the card has a pung of 9C (9C 9C J) (only the concealed test:5)' });
  });

  it('two exposures of one kind need two groups of that kind: a kong and a pung of 1B fit no line together', () => {
    // a kong of 1B alone: 19, 21, 22, 26, 27, 29, 34 (7 lines); a pung of 1B alone: 19, 20, 21, 25, 30, 33 (6 lines);
    // no line has a kong and a pung of the same number in the same suit
    expect(judge('1B 1B 1B J', '1B J J')).toEqual({
      line: null,
      why: 'each fits a hand alone (a kong of 1B (1B 1B 1B J): sample-standard:19, sample-standard:21, sample-standard:22 and 4 more; a pung of 1B (1B J J): sample-standard:19, sample-standard:20, sample-standard:21 and 3 more), but no hand has them all together',
    });
  });
});
