/**
 * A rack reader unplugged mid-play, on the virtual clock (hub/simulator/measure.ts
 * `runVirtualTable`: the seeded game's own moves through virtual readers into a real supervisor and
 * engine, no line noise): the picks into the unheard rack reach the hub only from its first
 * snapshot after the replug, so while it is out the hub's walls still hold the tiles picked into it.
 * Before, every pick from the next wall then looked like a pick from the wrong wall (003 rule 20):
 * seed 1 with Ann's rack 1 reader (RK-E1, inside and top) pulled 60 s got 4 wrong-wall flags, 120 s
 * got 21, and the points were off. Now those picks are judged once every zone is heard again, from
 * when each tile left its wall.
 */
import { describe, expect, it } from 'vitest';
import { loadHubConfig } from '../config/load.js';
import { measureGame } from '../simulator/measure.js';
import { playGame } from '../simulator/game.js';
import { NO_NOISE } from '../simulator/noise.js';
import { moments } from '../simulator/measure-unplug.js';
import { tableZones } from '../simulator/game.js';
import { ROOT_CONFIG } from './unplug-config.test-helpers.js';

const [{ table, cards }] = loadHubConfig(ROOT_CONFIG) as [ReturnType<typeof loadHubConfig>[0]];

describe('a rack reader pulled mid-play (virtual clock)', () => {
  it.each([60_000, 120_000])('seed 1, RK-E1 pulled %i ms 20 steps after the first discard: no flag, the recorded counts and points', (ms) => {
    const game = playGame({ seed: 1, cards, table });
    const firstDiscard = game.steps.findIndex((s) => s.moves.some((m) => m.to?.reader === 'FL-1'));
    let view: ReturnType<import('./engine.js').TableEngine['directorView']> | null = null;
    const m = measureGame({ table, cards, seed: 1, noise: NO_NOISE, game, outages: [{ reader: 'RK-E1', atStep: firstDiscard + 20, ms }], inspect: (_e, engine) => (view = engine.directorView()) });
    // the seed carries no violation: no flag at all
    expect(m.flags).toEqual([]);
    expect(m.falseFlags).toEqual([]);
    // Ann 28 (she went out with the last Mah Jongg), Bea 27, as the simulator recorded
    expect(game.record.finalCounts).toEqual([28, 27]);
    expect(m.wrongCounts).toEqual([]);
    // 003 rule 17, as recorded with no flag: Ann 160, Bea 15
    expect(game.record.pointsIfNoFlags).toEqual([160, 15]);
    expect(view!.score?.points).toEqual([160, 15]);
    // Ann laid her Mah Jongg out on rack 1 while its reader was out: its 14 tiles came from the
    // replug's snapshot, so when its last tile came (and so the order of the Mah Jonggs, and
    // whether it was a called discard) is listed for the director, not guessed
    expect((view!.notSeen ?? []).filter((n) => n.kind !== 'changed-offline').map((n) => `${n.rule}: ${n.title} (${n.tiles.length} tiles)`)).toEqual([
      "003 rules 17 and 19: Ann's Mah Jongg on rack 1 was completed while a reader was not heard: its order among the Mah Jonggs and whether its last tile was a called discard are not known (14 tiles)",
    ]);
  });

  it("seed 1, RK-E1 pulled 60 s over a discard from it: Ann's top is judged only once seen whole again (no 003 rule 11 flag)", () => {
    const game = playGame({ seed: 1, cards, table });
    const m0 = moments(game.steps, game.walls, 'rack', tableZones(table))[1]!;
    expect(`${m0.reader} ${m0.name}`).toBe('RK-E1 discard from it');
    let view: ReturnType<import('./engine.js').TableEngine['directorView']> | null = null;
    const m = measureGame({ table, cards, seed: 1, noise: NO_NOISE, game, outages: [{ reader: 'RK-E1', atStep: m0.step, ms: 60_000 }], inspect: (_e, engine) => (view = engine.directorView()) });
    // Ann laid tiles on rack 1's top while it was out; the replug's snapshot brings them in over
    // several moves, and Bea's discard in between came while the top was still half reconciled:
    // before, "The exposures on Ann's rack 1 fit no hand on the cards" (and Ann 30, Bea 35)
    expect(m.flags).toEqual([]);
    // 003 rule 17, as recorded with no flag: Ann 160, Bea 15
    expect(view!.score?.points).toEqual([160, 15]);
  });
});
