import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCard } from './card/parse.js';
import { exposureGroups, groupsAsOnCard } from './card-groups.js';
import type { TileKind } from './tiles.js';

const siamese = loadCard(readFileSync(new URL('./cards/sample-siamese.card', import.meta.url), 'utf8'), { id: 'sample-siamese' });
const lineId = (text: string) => siamese.lines.find((l) => l.text.startsWith(text))!.id;
const times = (k: TileKind, n: number): TileKind[] => Array.from({ length: n }, () => k);

describe('groupsAsOnCard: the tiles on top grouped as on the card', () => {
  it('a Mah Jongg on "111a 222a 3333a 4444a": the line\'s groups in its order, each joker inside the group it stands for', () => {
    // laid on top in any order: 4B J 1B 3B 3B 2B J 4B 1B 3B 2B 4B 1B 3B (14 tiles, 2 jokers)
    const top: TileKind[] = ['4B', 'J', '1B', '3B', '3B', '2B', 'J', '4B', '1B', '3B', '2B', '4B', '1B', '3B'];
    expect(groupsAsOnCard([siamese], top, lineId('111a 222a 3333a 4444a'))).toEqual([times('1B', 3), ['2B', '2B', 'J'], times('3B', 4), ['4B', '4B', '4B', 'J']]);
  });

  it('a year on the card (2026, 0 is Soap) stays one group, as printed', () => {
    // FF 2026a 2222b 6666c with a = Bams, b = Craks, c = Dots
    const top: TileKind[] = ['6D', '6D', '6D', '6D', 'F', '2C', '2C', '2C', '2C', '2B', 'WD', '2B', '6B', 'F'];
    expect(groupsAsOnCard([siamese], top, lineId('FF 2026a'))).toEqual([['F', 'F'], ['2B', 'WD', '2B', '6B'], times('2C', 4), times('6D', 4)]);
  });

  it('no Mah Jongg (or tiles that do not make its line): kinds together in the order they came, jokers filling pungs first', () => {
    expect(groupsAsOnCard([siamese], ['5B', '5B', 'J', 'N', 'N', 'N'], null)).toEqual([
      ['5B', '5B', 'J'],
      ['N', 'N', 'N'],
    ]);
    expect(groupsAsOnCard([siamese], ['N', 'N', 'N'], lineId('111a 222a'))).toEqual([['N', 'N', 'N']]);
    expect(exposureGroups(['J', 'J'])).toEqual([['J', 'J']]);
    expect(exposureGroups([])).toEqual([]);
  });
});
