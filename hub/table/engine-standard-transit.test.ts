/**
 * A discard that passes over another player's top on its way to the floor, on the 4-player table,
 * from reader lines (hub/table/test-bench.ts `SimBench`, ./scripted.test-helpers.ts), with v0
 * readers (no rssi) and v1 readers (every read strong). The demo table's windows: `timing.settleMs`
 * 250 ms in every zone (no `settleByArea`), 200 ms for a strong read (`STRONG_SETTLE_MS`); a tile
 * held 300 ms on a top has settled there, so the move layer (../moves/variants.ts `TRANSIT_MS`) reads it:
 * - held 300 ms on Cat's top, then on the floor: Bea's discard, nobody's hand dead;
 * - rested 2 s on Cat's top, then on the floor: as before, Cat's discard (off turn: flagged).
 */
import { describe, expect, it } from 'vitest';
import { loadHubConfig } from '../config/load.js';
import { simulatedTileSet } from '../tilesets/simulated.js';
import { kindOf } from '../../rules/tiles.js';
import { isDead } from '../../rules/variants/standard/play.js';
import { closedAfterEach, SimBench } from './test-bench.js';
import { TableEngine } from './engine.js';
import { EAST, ScriptedGame, SOUTH, WEST } from './standard/scripted.test-helpers.js';

const [{ table, cards }] = loadHubConfig(new URL('../config/tables/standard-demo.json', import.meta.url).pathname) as [ReturnType<typeof loadHubConfig>[0]];
const keep = closedAfterEach<SimBench<TableEngine>>();

const HANDS = ['1B 2B 3B 4B 5B 6B 7B 8B 9B 2C 3C 4C 5C 6C', 'N E W 1B 1B F 1C 1C 1C 1D 1D 1D 9C', '2D 3D 4D 5D 6D 7D 8D 9D 2D 3D 4D 5D 6D', 'RD RD RD GD GD GD WD WD WD S S S 7C'];
const PASSES = ['2B 3B 4B', 'N E W', '2D 3D 4D', 'RD RD RD'];

/** Ann discards 6C; Bea picks 8C and discards it by way of Cat's top, resting there `dwell` steps of 400 ms. */
function game(dwell: number): ScriptedGame {
  const g = new ScriptedGame(table, HANDS, PASSES);
  g.discard(EAST, '6C').pick(SOUTH, '8C').discardVia(SOUTH, '8C', WEST, dwell);
  return g;
}

function play(g: ScriptedGame, protocol: 0 | 1): SimBench<TableEngine> {
  const b = keep(new SimBench(table, (store, readers, now) => new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now }), 400, { protocol }));
  b.build(g);
  for (const s of g.steps) b.step(s);
  b.advance(3000);
  return b;
}

/** The discards inferred in this game: [player, kind]. */
const discards = (b: SimBench<TableEngine>) => b.engine.inferredActions().flatMap((a) => (a.type === 'discard' ? [[a.player, kindOf(a.tile)]] : []));

describe.each([0, 1] as const)('a discard over another top, protocol v%i readers', (protocol) => {
  it("Bea's 8C held 300 ms on Cat's top (0.75 × 400 ms), then on the floor: one discard by Bea, no flag, nobody dead, West to play", () => {
    const g = game(0.75);
    const b = play(g, protocol);
    // the tile did settle on Cat's top (300 ms > 250 ms v0, > 200 ms v1): the move layer reads through it
    const tile = g.steps.find((st) => st.label.includes('rests on'))!.moves[0]!.tile;
    expect(b.moves().flatMap((m) => (m.data.tile === tile ? [m.data.to] : []))).toEqual(['WL-2/wall', 'RK-S/in', 'RK-W/top', 'FL-1/floor']);
    expect(discards(b)).toEqual([
      [EAST, '6C'],
      [SOUTH, '8C'],
    ]);
    const s = b.engine.gameState();
    expect(s.flags).toEqual([]);
    expect(s.seats.map((_, p) => isDead(s, p))).toEqual([false, false, false, false]);
    expect(s.discards.map(kindOf)).toEqual(['6C', '8C']);
    expect(s.turn).toBe(WEST);
    // Ann 14 − 6C = 13; Bea 13 + 8C − 8C = 13; Cat and Dot 13 as dealt (after the Charleston's 3 out, 3 in)
    expect(b.engine.physicalCounts().total).toEqual([13, 13, 13, 13]);
    expect(b.engine.physicalCounts().top).toEqual([0, 0, 0, 0]);
  });

  it("Bea's 8C rests 2 s on Cat's top (5 × 400 ms), then on the floor: Cat's discard, off turn, as before", () => {
    const b = play(game(5), protocol);
    expect(discards(b)).toEqual([
      [EAST, '6C'],
      [WEST, '8C'],
    ]);
    const s = b.engine.gameState();
    // the stop is longer than TRANSIT_MS (2 s + the 200 ms carry > 1 s): Cat's discard, out of turn (Bea is on turn)
    expect(b.engine.publicView().flags.map((f) => [f.kind, f.player, f.title, f.consequence])).toEqual([['out-of-turn', WEST, 'Cat discarded out of turn', "Cat's hand is dead"]]);
    expect(s.seats.map((_, p) => isDead(s, p))).toEqual([false, false, true, false]);
    expect(s.turn).toBe(SOUTH);
  });
});
