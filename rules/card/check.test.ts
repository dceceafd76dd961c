import { expect, it } from 'vitest';
import { loadCard } from './parse.js';
import { describeCard } from './check.js';

it('describes each line with its number of variations', () => {
  const card = loadCard(
    'title: T\nkind: siamese\n[Like Numbers]\nFFFF 1111a 1111b 11c | any like numbers, any 3 suits | X 25\n[Winds]\nNNN EEEE WWWW SSS | C 30 | note: typed 2026-01\n[SP] singles and pairs\nNN EE WW SS 11a 22a 33a | any 3 consecutive numbers, any 1 suit | X 50\n',
    { id: 'x' },
  );
  expect(describeCard(card)).toEqual([
    'T (x, siamese): 3 hands, 49 variations',
    'x:4  [Like Numbers]  X 25  27 variations  FFFF 1111a 1111b 11c | any like numbers, any 3 suits',
    'x:6  [Winds]  C 30  1 variation  NNN EEEE WWWW SSS  note: typed 2026-01',
    'x:8  [SP]  X 50  21 variations  NN EE WW SS 11a 22a 33a | any 3 consecutive numbers, any 1 suit  (singles and pairs)',
  ]);
});
