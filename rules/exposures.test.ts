import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadCard } from './card/parse.js';
import { exposuresFit } from './exposures.js';
import { parseKinds } from './tiles.js';

const siamese = loadCard(readFileSync(new URL('./cards/sample-siamese.card', import.meta.url), 'utf8'), { id: 'sample-siamese' });
const fit = (t: string) => exposuresFit([siamese], parseKinds(t))?.text.split('|')[0]!.trim() ?? null;

describe('exposures on one rack (003 rule 11)', () => {
  it('a kong of flowers fits "FFFF 1111a 1111b 11c"', () => {
    expect(fit('F F F F')).toBe('FFFF 1111a 1111b 11c');
  });
  it('a pung of 5 bams with a joker and a kong of 5 craks fit a like-numbers line together', () => {
    expect(fit('5B 5B J 5C 5C 5C 5C')).toBe('111a 111b 1111c DDDD');
  });
  it('a pung of 5 bams and a pung of 7 craks fit no exposed line of the sample Siamese card: dead', () => {
    expect(fit('5B 5B 5B 7C 7C 7C')).toBeNull();
  });
  it('three jokers alone are never an exposure', () => {
    expect(fit('J J J')).toBeNull();
  });
  it('a pair is never an exposure', () => {
    expect(fit('3D 3D')).toBeNull();
  });
  it('exposures fit only exposed lines, never a concealed (C) one', () => {
    // "FFF 1111a 1111b 111c" (C 40) is the only line with a pung of flowers: a concealed line
    expect(fit('F F F 2B 2B 2B 2B 2C 2C 2C 2C')).toBeNull();
  });
});
