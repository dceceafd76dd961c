/**
 * NMJL practice on the 4-player table, not in 000 (the table config's `nmjlPractice`, every
 * setting on by default; rules/variants/standard/misdeal.ts), over reader lines into the engine
 * (hub/table/test-bench.ts `SimBench`, games written move by move in ./scripted.test-helpers.ts):
 * - too many tiles before East's first discard: a misdeal; the table is re-dealt, and the re-deal
 *   is game 1 on the score card (it does not use up one of the round's four games);
 * - one short before East's first discard takes the next wall tile: no flag;
 * - after East's first discard a wrong count kills the hand; with fewer than two hands intact the
 *   game ends as a wall game when `replayFewerThanTwoIntact` is off;
 * - a third hand dead, whatever the cause: fewer than two hands intact, the game is replayed (no
 *   score; the re-deal keeps the game's number on the card); a dismissal that brings a hand back
 *   undoes it.
 *
 * The played game (as in ./engine-scoring.test.ts): Bea (South) goes out on "FF 111a 111b 111c DDD"
 * (X 30), jokerless, on Cat's discard, with one exposure (1B) before the call: Bea 30 + 20 = 50,
 * Cat −10 (000), Ann and Dot 0.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadHubConfig } from '../config/load.js';
import type { TableConfig } from '../config/types.js';
import { simulatedTileSet } from '../tilesets/simulated.js';
import { TournamentService } from '../tournament/service.js';
import { closedAfterEach, SimBench } from './test-bench.js';
import { TableEngine } from './engine.js';
import { isDead, wallLeftOf } from '../../rules/variants/standard/play.js';
import { EAST, NORTH, ScriptedGame, SOUTH, WEST } from './standard/scripted.test-helpers.js';
import { THREE_HANDS_DEAD_REPLAYED } from '../../rules/wording/flags.js';

const [{ table: demo, cards }] = loadHubConfig(new URL('../config/tables/standard-demo.json', import.meta.url).pathname) as [ReturnType<typeof loadHubConfig>[0]];
const keep = closedAfterEach<SimBench<TableEngine>>();
const services: TournamentService[] = [];
afterEach(() => {
  for (const s of services.splice(0)) s.close();
});

const EAST_HAND = '1B 2B 3B 4B 5B 6B 7B 8B 9B 2C 3C 4C 5C 6C'; // 14; discards 1B first
const BEA_HAND = 'N E W 1B 1B F 1C 1C 1C 1D 1D 1D 9C'; // 13; passes N E W, gets Dot's RD RD RD
const WEST_HAND = '2D 3D 4D 5D 6D 7D 8D 9D 2D 3D 4D 5D 6D'; // 13
const NORTH_HAND = 'RD RD RD GD GD GD WD WD WD S S S 7C'; // 13
const PASSES = ['2B 3B 4B', 'N E W', '2D 3D 4D', 'RD RD RD'];

/** Bea's Mah Jongg: she calls Ann's 1B (exposure 1), then Cat's F for Mah Jongg. */
function beaGoesOut(g: ScriptedGame): ScriptedGame {
  g.discard(EAST, '1B').call(SOUTH, '1B 1B').discard(SOUTH, '9C');
  return g.pick(WEST, 'F').discard(WEST, 'F').call(SOUTH, 'F 1C 1C 1C 1D 1D 1D RD RD RD');
}

/** Plays the script over reader lines into a fresh engine on `table`, with a one-table tournament recording each game that ends with a result. */
function play(game: ScriptedGame, table: TableConfig = demo): { b: SimBench<TableEngine>; svc: TournamentService } {
  const b = keep(new SimBench(table, (store, readers, now) => new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now })));
  const players = ['Ann', 'Bea', 'Cat', 'Dot'].map((name, i) => ({ id: `p${i + 1}`, name }));
  const svc = new TournamentService({ config: { name: 'Test Open', players, rounds: 1, prizes: [10], tables: [{ table: 1, hubTable: table.id }] }, store: b.store, now: () => b.clock, tickMs: 0 });
  services.push(svc);
  svc.wrap([b.engine]);
  b.engine.onChange(() => {
    const g = b.engine.gameState();
    if (g.result) svc.recordGame(table.id, g.result.outcome, { hubGameNo: g.gameNo });
  });
  svc.clock('start');
  b.build(game);
  for (const s of game.steps) b.step(s);
  b.advance(3000);
  return { b, svc };
}

describe("NMJL practice before East's first discard", () => {
  it("Bea dealt 14: a misdeal at East's first discard, no score; the re-deal is game 1 on the card: Bea 50, Cat −10", async () => {
    const g = new ScriptedGame(demo, [EAST_HAND, `${BEA_HAND} 8C`, WEST_HAND, NORTH_HAND], PASSES, { anyCount: true });
    g.discard(EAST, '1B');
    beaGoesOut(g.redeal([EAST_HAND, BEA_HAND, WEST_HAND, NORTH_HAND], PASSES));
    const { b, svc } = play(g);
    const v = b.engine.publicView();
    // the hub's game 2 is the re-deal; game 1 ended at East's first discard with no points
    expect(v.gameNo).toBe(2);
    expect(v.results!.map((r) => [r.gameNo, r.points])).toEqual([
      [1, null],
      [2, [0, 50, -10, 0]],
    ]);
    expect(v.results![0]!.endReason).toBe("misdeal: Bea has 14 tiles before East's first discard (NMJL practice)");
    expect(v.flags.map((f) => [f.gameNo, f.kind, f.title, f.consequence])).toEqual([
      [1, 'misdeal', "misdeal: Bea has 14 tiles before East's first discard", 'the tiles are re-dealt; this game is not scored and is played again'],
    ]);
    // the words come from the catalogue (rules/wording/flags.ts): Bea (South, 1) holds 14
    expect(v.flags.map((f) => [f.code, f.params])).toEqual([['misdeal', { players: [SOUTH], counts: [14] }]]);
    // the card: the re-deal takes game 1 (000: four games a round; the misdeal is not one of them)
    await vi.waitFor(() => expect(svc.cardOf(1, 1).games.map((x) => x?.points ?? null)).toEqual([[0, 50, -10, 0], null, null, null]), { timeout: 5000 });
  });

  it("with `misdeal: false` the same deal kills Bea at East's first discard (NMJL: 14 off turn) and the game plays on", () => {
    const g = new ScriptedGame(demo, [EAST_HAND, `${BEA_HAND} 8C`, WEST_HAND, NORTH_HAND], PASSES, { anyCount: true });
    g.discard(EAST, '1B');
    const { b } = play(g, { ...demo, nmjlPractice: { misdeal: false } });
    const s = b.engine.gameState();
    expect(s.flags.map((f) => [f.code, f.title])).toEqual([['tile-count', 'Bea has 14 tiles off turn (should be 13)']]);
    expect([s.phase, isDead(s, SOUTH)]).toEqual(['play', true]);
  });

  it("Bea dealt 12 takes the next wall tile (9C) after the Charleston, before East's first discard: no flag, Bea 50, Cat −10", () => {
    const g = new ScriptedGame(demo, [EAST_HAND, 'N E W 1B 1B F 1C 1C 1C 1D 1D 1D', WEST_HAND, NORTH_HAND], PASSES, { anyCount: true });
    g.pick(SOUTH, '9C');
    const { b } = play(beaGoesOut(g));
    const v = b.engine.publicView();
    expect(v.flags).toEqual([]);
    expect(b.engine.unexplained).toEqual([]);
    expect(v.score?.points).toEqual([0, 50, -10, 0]);
    expect(wallLeftOf(b.engine.gameState())).toBe(152 - 52 - 1 - 1); // 52 dealt; Bea's 9C and Cat's F picked
  });
});

describe("NMJL practice after East's first discard: a wrong count kills the hand, play goes on while two hands are intact", () => {
  it("Dot dealt 12 and not taking a tile: dead at East's first discard; the game goes on to Bea's Mah Jongg: Bea 50, Cat −10, Dot 0", () => {
    const g = new ScriptedGame(demo, [EAST_HAND, BEA_HAND, WEST_HAND, 'RD RD RD GD GD GD WD WD WD S S S'], PASSES, { anyCount: true });
    const { b } = play(beaGoesOut(g));
    const v = b.engine.publicView();
    expect(v.flags.map((f) => [f.kind, f.title])).toEqual([['tile-count', 'Dot has 12 tiles off turn (should be 13)']]);
    expect(v.score?.points).toEqual([0, 50, -10, 0]);
    expect(v.players[NORTH]!.racks[0]!.dead).toBe(true);
  });

  it("Bea, Cat and Dot dealt 12 each, `replayFewerThanTwoIntact: false`: all three dead at East's first discard, one hand intact: the game ends as a wall game, Ann 10 (000 wall game +10; dead 0)", () => {
    const g = new ScriptedGame(demo, [EAST_HAND, 'N E W 1B 1B F 1C 1C 1C 1D 1D 1D', '2D 3D 4D 5D 6D 7D 8D 9D 2D 3D 4D 5D', 'RD RD RD GD GD GD WD WD WD S S S'], PASSES, { anyCount: true });
    g.discard(EAST, '1B');
    const { b } = play(g, { ...demo, nmjlPractice: { replayFewerThanTwoIntact: false } });
    const v = b.engine.publicView();
    expect(v.flags.map((f) => f.title)).toEqual(['Bea has 12 tiles off turn (should be 13)', 'Cat has 12 tiles off turn (should be 13)', 'Dot has 12 tiles off turn (should be 13)']);
    expect(v.phase).toBe('ended');
    expect(v.endReason).toMatch(/^fewer than two hands intact/);
    expect(v.score?.points).toEqual([10, 0, 0, 0]);
  });
});

/** Cat and Dot dealt 12 each (dead by count at East's first discard); Bea lays 14 that fit no line after picking 2C. */
const CAT_12 = '2D 3D 4D 5D 6D 7D 8D 9D 2D 3D 4D 5D';
const DOT_12 = 'RD RD RD GD GD GD WD WD WD S S S';
/** Bea's 14 after the Charleston and her 2C: no line of the card (a 9C and a 2C beside the like 1s and the dragons) */
const BEA_IN_ERROR = '1B 1B F 1C 1C 1C 1D 1D 1D 9C RD RD RD 2C';

describe('NMJL practice: a third hand dies, fewer than two hands are intact: the game is replayed (no score, the same game number)', () => {
  it("Cat and Dot dead by count, Bea's Mah Jongg in error: replayed, nobody scores; the re-deal is game 1 on the card: Bea 50, Cat −10", async () => {
    const g = new ScriptedGame(demo, [EAST_HAND, BEA_HAND, CAT_12, DOT_12], PASSES, { anyCount: true });
    g.discard(EAST, '1B').pick(SOUTH, '2C').layOut(SOUTH, BEA_IN_ERROR);
    beaGoesOut(g.redeal([EAST_HAND, BEA_HAND, WEST_HAND, NORTH_HAND], PASSES));
    const { b, svc } = play(g);
    const v = b.engine.publicView();
    // the hub's game 1 ended replayed with no points (not Ann's 10 as a wall game); game 2 is the re-deal
    expect(v.results!.map((r) => [r.gameNo, r.endReason, r.points])).toEqual([
      [1, THREE_HANDS_DEAD_REPLAYED, null],
      [2, 'Bea declared Mah Jongg: FF 111a 111b 111c DDD       | any like numbers, any 3 suits, any dragon | X 30', [0, 50, -10, 0]],
    ]);
    // the flags that killed the hands wait for the director
    expect(v.flags.filter((f) => f.gameNo === 1).map((f) => [f.kind, f.player, f.status])).toEqual([
      ['tile-count', WEST, 'awaiting-director'],
      ['tile-count', NORTH, 'awaiting-director'],
      ['mah-jongg-in-error', SOUTH, 'awaiting-director'],
    ]);
    // the card: nobody scores the replayed game; the re-deal takes game 1 (000: four games a round)
    await vi.waitFor(() => expect(svc.cardOf(1, 1).games.map((x) => x?.points ?? null)).toEqual([[0, 50, -10, 0], null, null, null]), { timeout: 5000 });
  });

  it("Cat, Dot and Ann each discard out of turn while Bea is on turn: Bea's hand is the only one intact: replayed, no score; with the setting off Bea plays on alone", () => {
    const g = new ScriptedGame(demo, [EAST_HAND, BEA_HAND, WEST_HAND, NORTH_HAND], PASSES);
    g.discard(EAST, '1B').discard(WEST, '9D').discard(NORTH, '7C').discard(EAST, '2C');
    const on = play(g).b;
    const v = on.engine.publicView();
    expect(v.flags.map((f) => [f.kind, f.player, f.status])).toEqual([
      ['out-of-turn', WEST, 'awaiting-director'],
      ['out-of-turn', NORTH, 'awaiting-director'],
      ['out-of-turn', EAST, 'awaiting-director'],
    ]);
    expect([v.phase, v.endReason, v.score]).toEqual(['ended', THREE_HANDS_DEAD_REPLAYED, null]);
    const off = play(g, { ...demo, nmjlPractice: { replayFewerThanTwoIntact: false } }).b;
    const s = off.engine.gameState();
    // the old reading: 000 is silent, the hand left plays on to a Mah Jongg or a wall game
    expect([s.phase, s.turn, s.seats.map((_, p) => isDead(s, p))]).toEqual(['play', SOUTH, [true, false, true, true]]);
  });

  it("Bea, Cat and Dot dealt 12 each: all three dead at East's first discard: replayed; the director dismisses Dot's count (the third death): Dot lives, two hands intact, the game plays on with Dot's pick", () => {
    const g = new ScriptedGame(demo, [EAST_HAND, 'N E W 1B 1B F 1C 1C 1C 1D 1D 1D', CAT_12, DOT_12], PASSES, { anyCount: true });
    g.discard(EAST, '1B');
    const { b } = play(g);
    expect([b.engine.publicView().phase, b.engine.publicView().endReason, b.engine.publicView().score]).toEqual(['ended', THREE_HANDS_DEAD_REPLAYED, null]);
    const dot = b.engine.publicView().flags.find((f) => f.player === NORTH)!;
    expect([dot.kind, dot.title]).toEqual(['tile-count', 'Dot has 12 tiles off turn (should be 13)']);
    b.engine.rule(dot.id, 'dismiss', 'director');
    const s = b.engine.gameState();
    // the re-fold: Ann and Dot intact, the game is not over; after Ann's 1B Bea and Cat (dead) are passed over
    expect([s.phase, s.endReason, s.turn, s.seats.map((_, p) => isDead(s, p))]).toEqual(['play', null, NORTH, [false, true, true, false]]);
  });
});
