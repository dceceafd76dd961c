import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CardError, loadCard } from './parse.js';
import type { Card } from './types.js';

const cardsDir = fileURLToPath(new URL('../cards/', import.meta.url));
function sampleCards(): Card[] {
  return ['sample-standard', 'sample-siamese'].map((id) => loadCard(readFileSync(`${cardsDir}${id}.card`, 'utf8'), { id, file: `${id}.card` }));
}

const head = 'title: Test card\nkind: standard\n[Test]\n';
function one(line: string, category = '[Test]') {
  return loadCard(`title: Test card\nkind: standard\n${category}\n${line}\n`, { id: 't', file: 't.card' }).lines[0]!;
}
function problem(text: string): string {
  try {
    loadCard(text, { id: 't', file: 't.card' });
  } catch (e) {
    expect(e).toBeInstanceOf(CardError);
    return (e as Error).message;
  }
  throw new Error('expected a CardError');
}

describe('sample cards', () => {
  it('load with the documented number of lines and variations', () => {
    const [std, sia] = sampleCards();
    expect(std!.kind).toBe('standard');
    expect(std!.lines).toHaveLength(30);
    expect(sia!.kind).toBe('siamese');
    expect(sia!.lines).toHaveLength(10);
    expect(sia!.lines[0]!.id).toBe('sample-siamese:8');
    expect(sia!.lines[0]!.category).toBe('Like Numbers');
    // FFFF 1111a 1111b 11c, any like numbers: 9 numbers × 3 choices of the pair's suit
    expect(sia!.lines[0]!.variations).toHaveLength(27);
    const concealed = std!.lines.filter((l) => l.concealed).map((l) => l.text.split('|')[0]!.trim());
    expect(concealed).toEqual(['NEWS 2026a 2026b FF', 'FF 1111a 2222a 3333a']);
    expect(std!.lines.filter((l) => l.singlesAndPairs)).toHaveLength(3);
    expect(std!.lines[0]!.note).toBe('0 is the White Dragon (Soap)');
    for (const c of [std!, sia!])
      for (const l of c.lines) {
        expect(l.value).toBeGreaterThanOrEqual(25);
        expect(l.value).toBeLessThanOrEqual(75);
        for (const v of l.variations) expect(v.groups.reduce((n, g) => n + g.size, 0)).toBe(14);
      }
  });
});

describe('expansion', () => {
  it('a kong takes jokers, a pair does not; suits differ by letter', () => {
    const l = one('FFFF 1111a 1111b 11c | any like numbers, any 3 suits | X 25');
    const v = l.variations[0]!;
    expect(v.groups).toEqual([
      { kind: 'F', size: 4, jokersAllowed: true },
      { kind: '1B', size: 4, jokersAllowed: true },
      { kind: '1C', size: 4, jokersAllowed: true },
      { kind: '1D', size: 2, jokersAllowed: false },
    ]);
    expect(l.variations.map((x) => x.groups[3]!.kind)).toContain('9B');
  });
  it('a year is a set of singles with Soap as zero, no jokers', () => {
    const l = one('FF 2026a 2222b 2222c | any 3 suits | X 25');
    expect(l.variations).toHaveLength(3);
    expect(l.variations[0]!.groups.slice(1, 5)).toEqual([
      { kind: '2B', size: 1, jokersAllowed: false, token: 1 },
      { kind: 'WD', size: 1, jokersAllowed: false, token: 1 },
      { kind: '2B', size: 1, jokersAllowed: false, token: 1 },
      { kind: '6B', size: 1, jokersAllowed: false, token: 1 },
    ]);
  });
  it('consecutive runs move together and Soap stays Soap', () => {
    const l = one('111a 222a 333a 000 FF | any 3 consecutive numbers | X 25');
    expect(l.variations).toHaveLength(7 * 3);
    for (const v of l.variations) expect(v.groups[3]!.kind).toBe('WD');
    expect(
      l.variations.map((v) =>
        v.groups
          .slice(0, 3)
          .map((g) => g.kind)
          .join(' '),
      ),
    ).toContain('7D 8D 9D');
  });
  it('D with a suit letter is that suit’s dragon; D alone is any other dragon; * any wind', () => {
    const m = one('111a DDDa DDDb DDD FF | X 25');
    // a = Bams → Green; b another suit; the free D is the third dragon
    for (const v of m.variations) {
      const [n, d1, d2, d3] = v.groups.map((g) => g.kind);
      expect(d1).toBe({ B: 'GD', C: 'RD', D: 'WD' }[n![1] as 'B']);
      expect(new Set([d1, d2, d3]).size).toBe(3);
    }
    const w = one('*** *** 1111a 1111b | X 25');
    for (const v of w.variations) expect(v.groups[0]!.kind).not.toBe(v.groups[1]!.kind);
    expect(w.variations).toHaveLength(6 * 3); // two different winds (6 pairs, order does not matter) × suit pairs (3)
  });
  it('singles and pairs lines never take jokers', () => {
    const l = one('NN EE WW SS 11a 11b 11c | any like numbers | X 50', '[S&P] singles and pairs');
    expect(l.singlesAndPairs).toBe(true);
    expect(l.variations.every((v) => v.groups.every((g) => !g.jokersAllowed))).toBe(true);
  });
  it('a token can carry one suit per number', () => {
    const l = one('1a2b3c 1111a 2222b 333c | X 25');
    expect(l.variations[0]!.groups.slice(0, 3).map((g) => g.kind)).toEqual(['1B', '2C', '3D']);
  });
});

describe('errors name file, line and problem', () => {
  it('a line that is not 14 tiles', () => {
    expect(problem(head + 'FFFF 1111a 1111b 1c | X 25')).toBe('t.card:4: line has 13 tiles; a hand needs 14');
  });
  it('more real tiles than a set has', () => {
    expect(problem(head + 'NN NN NN EE EE WW SS | X 25')).toMatch(/^t\.card:4: asks for 6 real N tiles/);
    expect(problem(head + '111111a 222222b 333333c | X 25')).toMatch(/^t\.card:4: .*18.* tiles|needs 9 jokers/);
  });
  it('a number without a suit letter, an unknown character', () => {
    expect(problem(head + 'FFFF 1111 1111b 11c | X 25')).toMatch(/^t\.card:4: "1111": number 1 needs a suit letter/);
    expect(problem(head + 'FFFF 1111a 1111b 11c Q | X 25')).toMatch(/^t\.card:4: "Q": "Q" is not a tile character/);
  });
  it('no value, unknown freedom, wrong suit count, like numbers printed differently', () => {
    expect(problem(head + 'FFFF 1111a 1111b 11c')).toMatch(/^t\.card:4: no value/);
    expect(problem(head + 'FFFF 1111a 1111b 11c | any old thing | X 25')).toMatch(/^t\.card:4: unknown freedom "any old thing"/);
    expect(problem(head + 'FFFF 1111a 1111b 11c | X -25')).toBe('t.card:4: value must be a whole number of points > 0 after "X" (e.g. "X 25"), not "-25"');
    expect(problem(head + 'FFFF 1111a 1111b 11c | c 2.5')).toBe('t.card:4: value must be a whole number of points > 0 after "C" (e.g. "X 25"), not "2.5"');
    expect(problem(head + 'FFFF 1111a 1111b 11c | X lots')).toBe('t.card:4: value must be a whole number of points > 0 after "X" (e.g. "X 25"), not "lots"');
    expect(problem(head + 'FFFF 1111a 1111b 11c | X 0')).toBe('t.card:4: value must be a whole number of points > 0 (e.g. "X 25"), not "0"');
    expect(problem(head + 'FFFF 1111a 1111b 11c | any 2 suits | X 25')).toBe('t.card:4: "any 2 suits" but the line uses 3 suit letters');
    expect(problem(head + 'FFFF 1111a 2222b 11c | any like numbers | X 25')).toMatch(/any like numbers" but the line prints different numbers \(1, 2\)/);
  });
  it('a pung in Singles and Pairs, a hand before any heading, headers', () => {
    expect(problem('title: T\nkind: standard\n[S] singles and pairs\nFFF 1111a 2222b 111c | X 25')).toMatch(/^t\.card:4: "FFF" has 3 tiles but a Singles and Pairs/);
    expect(problem('title: T\nkind: standard\nFFFF 1111a 1111b 11c | X 25')).toMatch(/^t\.card:3: hand line before any \[category\]/);
    expect(problem('title: T\nkind: royal\n')).toBe('t.card:2: kind must be "standard" or "siamese", not "royal"');
    expect(problem('kind: standard\n[A]\nFFFF 1111a 1111b 11c | X 25')).toBe('t.card:1: the file has no "title:" header line (a card begins with "title: …" and "kind: standard|siamese")');
    expect(problem('title: T\n[A]\nFFFF 1111a 1111b 11c | X 25')).toBe('t.card:1: the file has no "kind:" header line (kind: standard or siamese)');
    expect(problem('title: T\nkind: standard\n')).toBe('t.card: the card has no hands');
    expect(problem('title: T\nyear: 2026\n')).toMatch(/^t\.card:2: unknown header "year:"/);
  });
});
