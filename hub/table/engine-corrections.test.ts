/**
 * A place correction on the Royale Siamese table (hub/table/machine/corrections.ts), over reader
 * lines (hub/table/test-bench.ts `SimBench`): the seeded game of ./engine-rulings.test.ts, where the
 * readers saw Ann (East) rack a tile from wall 4 while wall 2 was current (003 rule 20: the hub
 * kills rack 1, the rule being silent). The director finds the tile came from wall 2 (a cross-read
 * of the wall readers): the pick's `from` is corrected and the flag is gone with its dead hand.
 */
import { describe, expect, it } from 'vitest';
import { playGame } from '../simulator/game.js';
import { simulatedTileSet } from '../tilesets/simulated.js';
import { TableEngine } from './engine.js';
import { closedAfterEach, siameseDemo, SimBench } from './test-bench.js';

const { table, cards } = siameseDemo;
const keep = closedAfterEach<SimBench<TableEngine>>();
const make = (store: ConstructorParameters<typeof TableEngine>[0]['store'], readers: ConstructorParameters<typeof TableEngine>[0]['readers'], now: () => number) =>
  new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now });

describe('003 rule 20 and a place correction', () => {
  it('the pick read from wall 4 came from wall 2: no wrong-wall flag, rack 1 lives; a restart keeps it', () => {
    const game = playGame({ seed: 6, cards, table, inject: 'wall', injectAt: 3 });
    const b = keep(new SimBench(table, make));
    b.build(game);
    for (const s of game.steps) b.step(s);
    b.advance(3000);
    const flag = b.engine.publicView().flags.find((f) => f.kind === 'wrong-wall')!;
    expect([flag.id, flag.rule, flag.rack]).toEqual(['g1-wrong-wall-213', '003 rule 20', 0]);
    const pick = b.moves().find((m) => m.seq === 213)!;
    expect(pick.data.from).toBe('WL-4/wall');
    const c = b.engine.correct(213, { kind: 'place', end: 'from', zone: 'WL-2/wall' }, 'Dora');
    expect(c).toMatchObject({ kind: 'place', ref: 213, end: 'from', was: 'WL-4/wall', zone: 'WL-2/wall', by: 'Dora' });
    const v = b.engine.publicView();
    expect(v.flags.filter((f) => f.kind === 'wrong-wall')).toEqual([]);
    expect(v.players[0]!.racks[0]!.dead).toBe(false);
    // the flag's evidence is gone with it; the corrected move shows as corrected beside the reading
    expect(b.engine.directorView().corrections?.map((x) => x.text)).toEqual(['move 213: from wall 2 (WL-2/wall), not wall 4 (WL-4/wall) as read (Dora)']);
    // the record: the pick as corrected (wall index 1 = wall 2), and the correction line with the wall as read
    const lines = b.engine.gameRecord(1)!.lines;
    expect(lines.filter((l) => 'action' in l && l.action.ref === '213').map((l) => ('action' in l && l.action.type === 'pick' ? l.action.wall : null))).toEqual([1]);
    expect(lines.filter((l) => 'correction' in l)).toEqual([
      { correction: { kind: 'place', ref: '213', end: 'from', was: { area: 'wall', wall: 3 }, place: { area: 'wall', wall: 1 }, by: 'Dora', at: c.at } },
    ]);
    expect(
      b
        .restarted(make)
        .engine.publicView()
        .flags.filter((f) => f.kind === 'wrong-wall'),
    ).toEqual([]);
  });
});
