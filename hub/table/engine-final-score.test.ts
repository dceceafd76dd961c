/**
 * A game's final score stays on the table's views until the next deal begins (Royale Siamese, 003
 * rule 17 scores it): through the clearing of the table, and while the next game's walls stand
 * built with no tile dealt; the first tile dealt shows the new game's score. Hand-written reader
 * lines on a hand-driven clock (hub/table/test-bench.ts).
 */
import { describe, expect, it } from 'vitest';
import { HandBench, closedAfterEach } from './test-bench.js';
import { toPublic } from '../api/public-view.js';

const keep = closedAfterEach<HandBench>();

describe("the last game's final score stays until the next deal begins", () => {
  it('game 1 ends on 18C (Ann 0, Bea 100); cleared, walls built: still game 1 final; the first tile dealt: game 2 running, 0 and 0', () => {
    const b = keep(new HandBench({ staleMs: 60_000 }));
    b.build();
    b.deal();
    // Ann picks one too many: 28 off turn, both hands dead (003 rule 18C); rule 12: Ann pays 4 × 25 = 100
    b.turnWithExtraPick('RK-E1/in', 'RK-E2/in');
    const ended = b.view();
    expect([ended.gameNo, ended.phase, ended.score]).toEqual([1, 'ended', { points: [0, 100], payment: { from: 0, to: 1, amount: 100 }, breakdown: expect.any(Array), final: true }]);

    // the players clear the table: 20 of the 56 off the walls back, then the rest (the walls built for game 2)
    expect(b.returnToWalls(20)).toBe(20);
    b.settle();
    expect([b.view().phase, b.view().score?.points, b.view().score?.final, b.view().score?.gameNo]).toEqual(['ended', [0, 100], true, undefined]);
    b.returnToWalls();
    const built = b.view();
    expect([built.gameNo, built.phase]).toEqual([2, 'deal']);
    expect(built.score).toEqual({ ...ended.score, gameNo: 1 });
    // and so it reaches the displays: the public view (hub/api/public-view.ts) keeps the game number
    expect(toPublic(built).score).toEqual({ ...ended.score, gameNo: 1 });

    // East deals the first tile of game 2: its own score now (no Mah Jongg yet: 0 and 0, not final)
    b.move(b.nextFromWall(), 'RK-E1/in');
    b.settle();
    const dealing = b.view();
    expect([dealing.gameNo, dealing.phase]).toEqual([2, 'deal']);
    expect(dealing.score).toEqual({ points: [0, 0], payment: null, breakdown: [['Total 0'], ['Total 0']], final: false });
  });
});
