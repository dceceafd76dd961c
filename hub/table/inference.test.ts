import { describe, expect, it } from 'vitest';
import { loadHubConfig } from '../config/load.js';
import { playersOfReaders, playersToSkip } from './inference.js';

const configOf = (file: string) => loadHubConfig(new URL(`../config/tables/${file}`, import.meta.url).pathname)[0]!.table;

describe('the players a count check cannot judge (003 rule 18C, NMJL wrong count: never from a zone the hub could not see)', () => {
  const standard = configOf('standard-demo.json');
  const siamese = configOf('siamese-demo.json');

  it("4-player table: South's rack reader not heard → only South (1) is skipped", () => {
    expect(playersToSkip(standard, ['RK-S'])).toEqual([1]);
    expect(playersOfReaders(standard, ['RK-S', 'RK-N'])).toEqual([1, 3]);
  });

  it('4-player table: a wall reader or the floor reader not heard → all four players are skipped', () => {
    expect(playersToSkip(standard, ['WL-2'])).toEqual([0, 1, 2, 3]);
    expect(playersToSkip(standard, ['FL-1'])).toEqual([0, 1, 2, 3]);
    expect(playersOfReaders(standard, ['WL-2'])).toEqual([]);
  });

  it("Siamese table: Bea's rack reader → Bea (1); a wall reader → both players; nothing not heard → nobody", () => {
    const bea = siamese.readers.find((r) => Object.values(r.zones).some((z) => (z.area === 'rack' || z.area === 'top') && z.player === 1))!.id;
    const wall = siamese.readers.find((r) => Object.values(r.zones).some((z) => z.area === 'wall'))!.id;
    expect(playersToSkip(siamese, [bea])).toEqual([1]);
    expect(playersToSkip(siamese, [wall])).toEqual([0, 1]);
    expect(playersToSkip(siamese, [])).toEqual([]);
  });
});
