import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCard } from '../../rules/card/parse.js';
import type { TileId } from '../../rules/tiles.js';
import { sampleDirectorView } from './fake-runtime.js';
import { toPublic, toSeat } from './public-view.js';
import { buildSeatView, deadKinds, exposureGroups, pendingSeatView, practiceHelp, sortTileIds } from './seat-view.js';
import type { SeatView } from './views.js';

const siamese = loadCard(readFileSync(new URL('../../rules/cards/sample-siamese.card', import.meta.url), 'utf8'), { id: 'sample-siamese' });

/** Bea (player 1) holds NNN EEEE in rack 1 and WWWW SS in rack 2: one South short of "NNN EEEE WWWW SSS". */
const WINDS: TileId[][] = [
  ['N#1', 'N#2', 'N#3', 'E#1', 'E#2', 'E#3', 'E#4'],
  ['W#1', 'W#2', 'W#3', 'W#4', 'S#1', 'S#2'],
];

function table() {
  const pub = toPublic(sampleDirectorView());
  pub.players[1]!.racks[0]!.exposed = [];
  return pub;
}

describe("practice help (rules/howfar.ts on the seat's own tiles)", () => {
  it('names the winds line one South away, on each open rack, 5 lines per rack', () => {
    const lines = practiceHelp([siamese], table(), 1, WINDS);
    expect(lines).toHaveLength(10);
    expect(lines.map((l) => l.rack)).toEqual([0, 0, 0, 0, 0, 1, 1, 1, 1, 1]);
    expect(lines[0]).toEqual({
      rack: 0,
      cardId: 'sample-siamese',
      lineId: 'sample-siamese:22',
      lineText: 'NNN EEEE WWWW SSS | X 25',
      value: 25,
      concealed: false,
      need: 1,
      missing: ['S'],
    });
    // singles and pairs: NN EE WW SS from the hand, 11 22 33 of one suit still to get
    expect([lines[1]!.need, lines[1]!.missing]).toEqual([6, ['1B', '1B', '2B', '2B', '3B', '3B']]);
  });

  it('skips a dead rack and a rack with a Mah Jongg', () => {
    const pub = table();
    pub.players[1]!.racks[0]!.dead = true;
    expect(practiceHelp([siamese], pub, 1, WINDS).map((l) => l.rack)).toEqual([1, 1, 1, 1, 1]);
    pub.players[1]!.racks[1]!.mahJongg = { lineId: 'x', lineText: 'x', value: 25, jokerless: false, order: 1 };
    expect(practiceHelp([siamese], pub, 1, WINDS)).toEqual([]);
  });

  it('groups the tiles on a rack top as exposures: jokers fill short groups to a pung', () => {
    expect(exposureGroups(['5B', '5B', 'J', 'N', 'N', 'N'])).toEqual([
      ['5B', '5B', 'J'],
      ['N', 'N', 'N'],
    ]);
    expect(exposureGroups(['F', 'F', 'F', 'F', 'J', 'J', '3D', '3D', '3D'])).toEqual([
      ['F', 'F', 'F', 'F'],
      ['3D', '3D', '3D', 'J', 'J'],
    ]);
    expect(exposureGroups(['J', 'J'])).toEqual([['J', 'J']]);
    expect(exposureGroups([])).toEqual([]);
  });

  it('counts a kind dead only when every copy is face up (4 of a kind, 8 flowers)', () => {
    expect(
      deadKinds(
        ['3D', '3D', 'N'],
        [
          ['3D', '3D'],
          ['N', 'N', 'N'],
        ],
      ),
    ).toEqual(['3D', '3D', '3D', '3D', 'N', 'N', 'N', 'N']);
    expect(deadKinds(['F', 'F', 'F', 'F'], [['F', 'F', 'F']])).toEqual([]);
  });
});

describe('the seat view', () => {
  it("holds only this seat's concealed tiles, sorted in card order with ids and kinds", () => {
    const v = buildSeatView(table(), 0, [['RD#2', '1B#1', 'F#1', '1B#3'], ['J#1']], null);
    expect(v.player).toBe(0);
    expect([v.name, v.seat, v.count]).toEqual(['Ann', 'East', 28]);
    expect(v.racks[0]!.concealed).toEqual([
      { id: '1B#1', kind: '1B' },
      { id: '1B#3', kind: '1B' },
      { id: 'RD#2', kind: 'RD' },
      { id: 'F#1', kind: 'F' },
    ]);
    expect(v.racks[0]!.exposed).toEqual(['5B', '5B', 'J']);
    expect(v.racks[1]!.concealed).toEqual([{ id: 'J#1', kind: 'J' }]);
    expect(v.practice).toBeNull();
    expect(JSON.stringify(v)).not.toMatch(/2D#\d/); // none of Bea's tiles (2D#1, 2D#2 …)
    expect(() => buildSeatView(table(), 2, [], null)).toThrow("table 't1' has no player 2 (players 0-1)");
  });

  it('sorts tile ids by kind in card order, then copy', () => {
    expect(sortTileIds(['J#1', 'N#2', '9D#1', '1C#4', '1B#2', '1C#1'])).toEqual(['1B#2', '1C#1', '1C#4', '9D#1', 'N#2', 'J#1']);
  });

  it('before its game has begun, shows the seat with no tiles at all', () => {
    const v = pendingSeatView(table(), 1, 2);
    expect([v.gameNo, v.phase, v.turn, v.count]).toEqual([2, 'waiting', null, null]);
    expect(v.racks.map((r) => [r.concealed, r.exposed])).toEqual([
      [[], []],
      [[], []],
    ]);
    expect(v.discards).toEqual([]);
    expect(JSON.stringify(v)).not.toMatch(/#\d/);
  });

  it('toSeat drops any key that is not a SeatView key, at every level', () => {
    const v = buildSeatView(table(), 0, [['1B#1'], []], null) as SeatView & { concealedAll?: unknown };
    v.concealedAll = [['2D#1']];
    (v.racks[0] as unknown as Record<string, unknown>).tags = ['04A1B2C3D4E5F6'];
    (v.racks[0]!.concealed[0] as unknown as Record<string, unknown>).tag = '04A1B2C3D4E5F6';
    const text = JSON.stringify(toSeat(v));
    expect(text).not.toContain('2D#1');
    expect(text).not.toContain('04A1B2C3D4E5F6');
    expect(toSeat(v).racks[0]!.concealed).toEqual([{ id: '1B#1', kind: '1B' }]);
  });
});
