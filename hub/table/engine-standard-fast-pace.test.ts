/**
 * What the 4-player demo room at `--sim-pace 300` on a loaded machine made of the hub's timing, as
 * deterministic tests on a virtual clock (no flag a director cannot trust).
 *
 * A hub that was late (its event loop starved by other work on the machine) on the 4-player table,
 * from reader lines on a virtual clock (hub/table/test-bench.ts `SimBench.late`): the players play
 * on while the hub reads nothing for 600 ms, then it reads every line the readers sent meanwhile in
 * one batch, all of one port stamped alike. What it cannot time it does not judge: no flag comes of
 * the batch (000 GAME PLAY: out of turn, picking before discarding).
 *
 * The demo table's windows: 200 ms for a strong read (protocol v1, `STRONG_SETTLE_MS`). The game:
 * Ann (East) discards 6C; then, while the hub is late, Bea (South) picks 8C and plays; then Cat
 * (West) picks 7C and discards 9D with the hub on time again.
 */
import { describe, expect, it } from 'vitest';
import { loadHubConfig } from '../config/load.js';
import { simulatedTileSet } from '../tilesets/simulated.js';
import { kindOf } from '../../rules/tiles.js';
import { isDead } from '../../rules/variants/standard/play.js';
import { closedAfterEach, SimBench } from './test-bench.js';
import { TableEngine } from './engine.js';
import { EAST, NORTH, ScriptedGame, SOUTH, WEST } from './standard/scripted.test-helpers.js';

const [{ table, cards }] = loadHubConfig(new URL('../config/tables/standard-demo.json', import.meta.url).pathname) as [ReturnType<typeof loadHubConfig>[0]];
const keep = closedAfterEach<SimBench<TableEngine>>();

const HANDS = ['1B 2B 3B 4B 5B 6B 7B 8B 9B 2C 3C 4C 5C 6C', 'N E W 1B 1B F 1C 1C 1C 1D 1D 1D 9C', '2D 3D 4D 5D 6D 7D 8D 9D 2D 3D 4D 5D 6D', 'RD RD RD GD GD GD WD WD WD S S S 7C'];
const PASSES = ['2B 3B 4B', 'N E W', '2D 3D 4D', 'RD RD RD'];

/**
 * Plays the deal, the Charleston and Ann's 6C on time, then Bea's turn (`bea`) while the hub is
 * late (`order`, `gapMs`: how it reads the ports, see `SimBench.late`), then Cat's pick and discard.
 */
function play(bea: (g: ScriptedGame) => void, order: readonly string[] = [], gapMs = 0): SimBench<TableEngine> {
  const g = new ScriptedGame(table, HANDS, PASSES);
  g.discard(EAST, '6C');
  const onTime = g.steps.length;
  bea(g);
  const late = g.steps.length;
  g.pick(WEST, '7C').discard(WEST, '9D');
  const b = keep(new SimBench(table, (store, readers, now) => new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now }), 400, { protocol: 1 }));
  b.build(g);
  for (const s of g.steps.slice(0, onTime)) b.step(s);
  b.late(g.steps.slice(onTime, late), 600, order, gapMs);
  b.advance(800);
  for (const s of g.steps.slice(late)) b.step(s);
  b.advance(3000);
  return b;
}

/** The discards the engine read, [player, kind], in order. */
const discards = (b: SimBench<TableEngine>) => b.engine.inferredActions().flatMap((a) => (a.type === 'discard' ? [[a.player, kindOf(a.tile)]] : []));

describe('the hub late by 600 ms on the 4-player table (protocol v1 readers)', () => {
  it("Bea's 8C racked and thrown while the hub was late (its rack's ADD and DEL read in one batch, a stay of 0 ms): her pick and discard, no flag, Cat's pick in turn", () => {
    const b = play((g) => g.pick(SOUTH, '8C').discard(SOUTH, '8C'));
    // the rack's ADD and DEL came in one batch: no stop on Bea's rack the hub could time, so it
    // logged one move wall → floor (before this fix: no action, Bea still to pick, Cat's pick out of turn)
    const tile = b
      .moves()
      .filter((m) => kindOf(m.data.tile) === '8C')
      .at(-1)!;
    expect([tile.data.from, tile.data.to]).toEqual(['WL-2/wall', 'FL-1/floor']);
    expect(discards(b)).toEqual([
      [EAST, '6C'],
      [SOUTH, '8C'],
      [WEST, '9D'],
    ]);
    const s = b.engine.gameState();
    expect(b.engine.publicView().flags).toEqual([]);
    expect(s.seats.map((_, p) => isDead(s, p))).toEqual([false, false, false, false]);
    expect(s.turn).toBe(NORTH);
    // Ann 14 − 6C = 13; Bea 13 + 8C − 8C = 13; Cat 13 + 7C − 9D = 13; Dot 13 as dealt
    expect(b.engine.physicalCounts().total).toEqual([13, 13, 13, 13]);
  });

  it("Bea picks 8C and discards 1B while the hub was late, the wall's port read 100 ms after her rack's (50 ms after the floor's): the pick first (her rack's own order), no flag", () => {
    // the rack's lines, in its sequence: ADD 8C (the pick), DEL 1B (the discard); the pick's DEL
    // from the wall comes 100 ms later, so the discard settles first (200 ms after the floor's ADD)
    // while the pick waits for its wall's window: both left at the same ms, the rack's ADD first
    const b = play((g) => g.pick(SOUTH, '8C').discard(SOUTH, '1B'), ['RK-S', 'FL-1', 'WL-2'], 50);
    expect(discards(b)).toEqual([
      [EAST, '6C'],
      [SOUTH, '1B'],
      [WEST, '9D'],
    ]);
    expect(b.engine.inferredActions().flatMap((a) => (a.type === 'pick' ? [[a.player, kindOf(a.tile)]] : []))).toEqual([
      [SOUTH, '8C'],
      [WEST, '7C'],
    ]);
    const s = b.engine.gameState();
    expect(b.engine.publicView().flags).toEqual([]);
    expect(s.seats.map((_, p) => isDead(s, p))).toEqual([false, false, false, false]);
    expect(s.turn).toBe(NORTH);
    // Ann 14 − 6C = 13; Bea 13 + 8C − 1B = 13; Cat 13 + 7C − 9D = 13; Dot 13
    expect(b.engine.physicalCounts().total).toEqual([13, 13, 13, 13]);
  });
});

describe('a call under way at the count check (the demo at --sim-pace 300: a call comes 600 ms after the discard)', () => {
  it("Bea takes Ann's 1B 580 ms after it landed, before the count check 600 ms after it (countCheckMs): her count is not judged until the call is read; no flag", () => {
    const g = new ScriptedGame(table, HANDS, PASSES);
    g.discard(EAST, '1B').call(SOUTH, '1B 1B').discard(SOUTH, '9C');
    // pace 290 ms: the discard lands, stands 2 × 290 = 580 ms, then Bea lifts it: a call that began
    // 20 ms before the count check, with the called tile on her top and nothing laid beside it yet
    const b = keep(new SimBench(table, (store, readers, now) => new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now }), 290, { protocol: 1 }));
    b.build(g);
    for (const s of g.steps) b.step(s);
    b.advance(3000);
    expect(b.engine.publicView().flags).toEqual([]);
    expect(discards(b)).toEqual([
      [EAST, '1B'],
      [SOUTH, '9C'],
    ]);
    const s = b.engine.gameState();
    expect(s.turn).toBe(WEST);
    // Ann 14 − 1B = 13; Bea 13 + 1B − 9C = 13 (3 of them on her top: 1B 1B 1B); Cat and Dot 13
    expect(b.engine.physicalCounts().total).toEqual([13, 13, 13, 13]);
    expect(b.engine.physicalCounts().top).toEqual([0, 3, 0, 0]);
  });
});
