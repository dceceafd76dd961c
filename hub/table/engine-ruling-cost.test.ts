/**
 * A ruling folds again only the game it belongs to (./machine.ts, docs/ruling-cost.md): the fold
 * keeps a checkpoint where each game began, a ruling on a flag of game N folds again from game N's,
 * and the later games are kept (their record of game N replaced). Here, over reader lines through a
 * real ReaderSupervisor on a hand-driven clock, a Royale Siamese table (003) plays three seeded
 * simulator games, each with a pick from the wrong wall at its 3rd pick (003 rule 20); the result of
 * each ruling is compared with the fold of the whole log (a hub started again on the same log).
 */
import { describe, expect, it } from 'vitest';
import { playGame } from '../simulator/game.js';
import { simulatedTileSet } from '../tilesets/simulated.js';
import { TableEngine } from './engine.js';
import { closedAfterEach, siameseDemo, SimBench } from './test-bench.js';

const { table, cards } = siameseDemo;
const keep = closedAfterEach<SimBench<TableEngine>>();

/** Seeds of the three games: seed 6 is hub/table/engine-rulings.test.ts's game (rule 20 silent: rack 1 dies until the director chooses). */
const SEEDS = [6, 7, 8];

/** Three games over reader lines take about 8 s on a quiet machine: more than the default 10 s when the cores are shared. */
const THREE_GAMES_MS = 60_000;

/** The three games played one after the other at one table, the table cleared between them. */
function threeGames(): SimBench<TableEngine> {
  const b = keep(new SimBench(table, (store, readers, now) => new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now })));
  SEEDS.forEach((seed, i) => {
    const game = playGame({ seed, cards, table, inject: 'wall', injectAt: 3 });
    if (i === 0) b.build(game);
    else b.nextGame(game);
    for (const s of game.steps) b.step(s);
  });
  b.advance(3000);
  return b;
}

/** The same log folded whole, by a hub started on it. */
function foldedWhole(b: SimBench<TableEngine>): TableEngine {
  return new TableEngine({ table, cards, registry: simulatedTileSet(), store: b.store, readers: { statuses: () => [], untrusted: () => [] }, now: () => b.clock });
}

/** Everything the fold gives the views and the referee's state, the readers' own parts left out (a restarted hub has not heard them). */
function folded(e: TableEngine) {
  const { where, ...state } = e.gameState();
  const { readers: _r, weakTags: _w, ...director } = e.directorView();
  return { state, where: [...where], director };
}

/** Each game's points, as the public view lists them. */
const points = (e: TableEngine) => e.publicView().results?.map((r) => [r.gameNo, r.points]);

/** The engine's fold equals the whole log's fold (a hub started on it). */
function expectWholeFold(b: SimBench<TableEngine>): void {
  const whole = foldedWhole(b);
  try {
    expect(folded(b.engine)).toEqual(folded(whole));
  } finally {
    whole.close();
  }
}

describe('a ruling on a flag of an earlier game folds that game again, and gives what the whole log folds to', () => {
  // In each game Ann (East) racks a tile from the wrong wall at her 3rd pick with no exposure on
  // either rack: 003 rule 20 is silent, the hub kills rack 1 until the director chooses, and Ann
  // plays on with rack 2 and lays a Mah Jongg on it; Bea makes two Mah Jonggs and the game ends
  // (rule 14). By hand (003 rule 17: the 2nd Mah Jongg pays double, jokerless doubles again):
  // game 1 (seed 6): Ann 30; Bea 30 + 30 × 2 = 90
  // game 2 (seed 7): Ann 30; Bea 25 + 30 × 2 = 85
  // game 3 (seed 8): Ann 35; Bea 30 + 35 × 2 × 2 (jokerless) = 170
  // The director confirms each flag with rack 2 dead instead: Ann's Mah Jongg on rack 2 is then
  // not paid (a dead hand is not paid): Ann 0 in that game, Bea as before.
  it(
    'three games: rack 2 chosen dead in game 1, then game 2, then game 3 (the current one); each time the fold of the whole log',
    () => {
      const b = threeGames();
      const v = b.engine.publicView();
      expect([v.gameNo, v.phase]).toEqual([3, 'ended']);
      expect(v.flags.map((f) => [f.gameNo, f.id, f.status, f.deadRackChoice])).toEqual([
        [3, 'g3-wrong-wall-1175', 'awaiting-director', { default: 0, racks: [0, 1] }],
        [1, 'g1-wrong-wall-213', 'awaiting-director', { default: 0, racks: [0, 1] }],
        [2, 'g2-wrong-wall-708', 'awaiting-director', { default: 0, racks: [0, 1] }],
      ]);
      expect(points(b.engine)).toEqual([
        [1, [30, 90]],
        [2, [30, 85]],
        [3, [35, 170]],
      ]);

      b.clock += 1000;
      b.engine.rule('g1-wrong-wall-213', 'confirm', 'director', 1);
      expect(points(b.engine)).toEqual([
        [1, [0, 90]],
        [2, [30, 85]],
        [3, [35, 170]],
      ]);
      expectWholeFold(b);

      b.clock += 1000;
      b.engine.rule('g2-wrong-wall-708', 'confirm', 'director', 1);
      expect(points(b.engine)).toEqual([
        [1, [0, 90]],
        [2, [0, 85]],
        [3, [35, 170]],
      ]);
      expectWholeFold(b);

      b.clock += 1000;
      b.engine.rule('g3-wrong-wall-1175', 'confirm', 'director', 1);
      expect(points(b.engine)).toEqual([
        [1, [0, 90]],
        [2, [0, 85]],
        [3, [0, 170]],
      ]);
      expect(b.engine.publicView().score?.points).toEqual([0, 170]);
      expectWholeFold(b);
    },
    THREE_GAMES_MS,
  );

  it(
    'the current game ruled first, then game 1: the same as the whole fold, and a change of the current ruling too',
    () => {
      const b = threeGames();
      b.engine.rule('g3-wrong-wall-1175', 'confirm', 'director', 1);
      expectWholeFold(b);
      b.engine.rule('g1-wrong-wall-213', 'dismiss', 'director');
      // dismissed: no hand dead; Ann played rack 2 as if rack 1 were dead, so the points stand: 30 / 90
      expect(points(b.engine)).toEqual([
        [1, [30, 90]],
        [2, [30, 85]],
        [3, [0, 170]],
      ]);
      expectWholeFold(b);
      // the current game's ruling changed back to rack 1 dead (the default): Ann 35 again
      b.engine.rule('g3-wrong-wall-1175', 'confirm', 'director', 0, 'confirmed');
      expect(points(b.engine)?.[2]).toEqual([3, [35, 170]]);
      expectWholeFold(b);
    },
    THREE_GAMES_MS,
  );
});
