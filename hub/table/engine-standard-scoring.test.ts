/**
 * The 4-player table's score from reader lines (hub/table/test-bench.ts `SimBench` through a real
 * ReaderSupervisor), for games written move by move (./scripted.test-helpers.ts): the discarder's
 * penalty counts the exposures on the winner's rack before the Mah Jongg call (000: "none or one
 * exposure on their rack" −10, "two or more" −20), and a winner with four exposures who calls the
 * last tile is scored.
 *
 * Every game: Bea (South) goes out on "FF 111a 111b 111c DDD" (X 30) as F F, 1B 1B 1B, 1C 1C 1C,
 * 1D 1D 1D, RD RD RD, jokerless, on a discard of Cat (West): Bea 30 + jokerless 20 = 50; Ann (East)
 * and Dot (North) 0 (000: only the winner and the discarder score).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadHubConfig } from '../config/load.js';
import { simulatedTileSet } from '../tilesets/simulated.js';
import { TournamentService } from '../tournament/service.js';
import { closedAfterEach, SimBench } from './test-bench.js';
import { TableEngine } from './engine.js';
import { EAST, NORTH, ScriptedGame, SOUTH, WEST } from './standard/scripted.test-helpers.js';

const [{ table, cards }] = loadHubConfig(new URL('../config/tables/standard-demo.json', import.meta.url).pathname) as [ReturnType<typeof loadHubConfig>[0]];
const keep = closedAfterEach<SimBench<TableEngine>>();

/** Plays the script over reader lines into a fresh standard engine; returns the bench. */
function play(game: ScriptedGame, before: (b: SimBench<TableEngine>) => void = () => {}): SimBench<TableEngine> {
  const b = keep(new SimBench(table, (store, readers, now) => new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now })));
  before(b);
  b.build(game);
  for (const s of game.steps) b.step(s);
  b.advance(3000);
  return b;
}

const services: TournamentService[] = [];
afterEach(() => {
  for (const s of services.splice(0)) s.close();
});

/**
 * The hub's tournament wiring (hub/hub.ts) on the bench's engine: a one-table tournament whose
 * table 1 is the engine's table, the game's result written on the score card when it ends; the
 * round's clock started before the deal. @returns the service (its card: `cardOf(1, 1)`)
 */
function tournamentOn(b: SimBench<TableEngine>): TournamentService {
  const players = ['Ann', 'Bea', 'Cat', 'Dot'].map((name, i) => ({ id: `p${i + 1}`, name }));
  const svc = new TournamentService({ config: { name: 'Test Open', players, rounds: 1, prizes: [10], tables: [{ table: 1, hubTable: table.id }] }, store: b.store, now: () => b.clock, tickMs: 0 });
  services.push(svc);
  svc.wrap([b.engine]);
  b.engine.onChange(() => {
    const g = b.engine.gameState();
    if (g.result) svc.recordGame(table.id, g.result.outcome, { hubGameNo: g.gameNo });
  });
  svc.clock('start');
  return svc;
}

// The first Charleston: Ann passes 2B 3B 4B, Bea N E W, Cat 2D 3D 4D, Dot her first three; each
// ends with the three of the player across (Bea gets Dot's).
const EAST_HAND = '1B 2B 3B 4B 5B 6B 7B 8B 9B 2C 3C 4C 5C 6C'; // 14; discards 1B first
const WEST_HAND = '2D 3D 4D 5D 6D 7D 8D 9D 2D 3D 4D 5D 6D'; // 13
const PASSES = (north: string) => ['2B 3B 4B', 'N E W', '2D 3D 4D', north];

describe('the discarder of the winning tile: exposures before the Mah Jongg call (000)', () => {
  it("one exposure (1B) before calling Cat's F for Mah Jongg: Cat −10, Bea 50 (30 + 20 jokerless), on the table and on the score card", async () => {
    // Bea: dealt N E W (passed) + 1B 1B F 1C 1C 1C 1D 1D 1D 9C, gets Dot's RD RD RD in the Charleston
    const g = new ScriptedGame(table, [EAST_HAND, 'N E W 1B 1B F 1C 1C 1C 1D 1D 1D 9C', WEST_HAND, 'RD RD RD GD GD GD WD WD WD S S S 7C'], PASSES('RD RD RD'));
    g.discard(EAST, '1B').call(SOUTH, '1B 1B').discard(SOUTH, '9C'); // exposure 1: 1B 1B 1B
    g.pick(WEST, 'F').discard(WEST, 'F').call(SOUTH, 'F 1C 1C 1C 1D 1D 1D RD RD RD'); // 14 on top: Mah Jongg
    let svc!: TournamentService;
    const b = play(g, (bench) => (svc = tournamentOn(bench)));
    const v = b.engine.publicView();
    expect(v.phase).toBe('ended');
    expect(v.flags).toEqual([]);
    expect(b.engine.unexplained).toEqual([]);
    expect(v.players[SOUTH]!.racks[0]!.mahJongg).toMatchObject({ lineId: 'sample-standard:20', value: 30, jokerless: true });
    // the tournament's score card, game 1 (written once the end is published): what East takes to
    // the scorekeeper ("X" for 0, 000)
    await vi.waitFor(() => expect(svc.cardOf(1, 1).games[0]).toMatchObject({ points: [0, 50, -10, 0], marks: ['X', '50', '-10', 'X'], by: 'table' }), { timeout: 5000 });
    // 000: Cat threw the winning tile to a hand with one exposure on the rack (1B 1B 1B): −10
    expect(v.score?.points).toEqual([0, 50, -10, 0]);
    expect(v.score?.breakdown[SOUTH]).toEqual(['Hand 30, jokerless +20 = 50 (000)', 'Total 50']);
    expect(v.score?.breakdown[WEST]).toEqual(['Threw the winning tile to Bea with 1 exposure: −10 (000)', 'Total -10']);
    expect(b.engine.gameState().result?.outcome).toMatchObject({ winner: SOUTH, discarder: WEST, selfPicked: false, winnerExposures: 1 });
  });

  it("two exposures (1B, 1C) before calling Cat's F for Mah Jongg: Cat −20, Bea 50, on the table and on the score card", async () => {
    const g = new ScriptedGame(table, [EAST_HAND, 'N E W 1B 1B 1C 1C F 1D 1D 1D 9C 8C', WEST_HAND, 'RD RD RD GD GD GD WD WD WD S S S 7C'], PASSES('RD RD RD'));
    g.discard(EAST, '1B').call(SOUTH, '1B 1B').discard(SOUTH, '9C'); // exposure 1
    g.pick(WEST, '1C').discard(WEST, '1C').call(SOUTH, '1C 1C').discard(SOUTH, '8C'); // exposure 2
    g.pick(WEST, 'F').discard(WEST, 'F').call(SOUTH, 'F 1D 1D 1D RD RD RD');
    let svc!: TournamentService;
    const v = play(g, (bench) => (svc = tournamentOn(bench))).engine.publicView();
    expect(v.phase).toBe('ended');
    expect(v.flags).toEqual([]);
    // 000: two exposures on the rack: −20
    expect(v.score?.points).toEqual([0, 50, -20, 0]);
    await vi.waitFor(() => expect(svc.cardOf(1, 1).games[0]).toMatchObject({ points: [0, 50, -20, 0], marks: ['X', '50', '-20', 'X'], by: 'table' }), { timeout: 5000 });
    expect(v.score?.breakdown[WEST]).toEqual(['Threw the winning tile to Bea with 2 exposures: −20 (000)', 'Total -20']);
  });
});

describe('a winner with four exposures calls the last tile (000)', () => {
  it("1B, 1C, 1D, RD exposed, Cat's F called for the pair: the game ends, Bea 50, Cat −20 (4 exposures), the others 0, on the table and on the score card", async () => {
    // Bea: dealt N E W (passed) + 1B 1B 1C 1C 1D 1D F 9C 8C 6C, gets Dot's RD RD 7C
    const g = new ScriptedGame(table, [EAST_HAND, 'N E W 1B 1B 1C 1C 1D 1D F 9C 8C 6C', WEST_HAND, 'RD RD 7C GD GD GD WD WD WD S S S 9D'], PASSES('RD RD 7C'));
    g.discard(EAST, '1B').call(SOUTH, '1B 1B').discard(SOUTH, '9C');
    g.pick(WEST, '1C').discard(WEST, '1C').call(SOUTH, '1C 1C').discard(SOUTH, '8C');
    g.pick(WEST, '1D').discard(WEST, '1D').call(SOUTH, '1D 1D').discard(SOUTH, '6C');
    g.pick(WEST, 'RD').discard(WEST, 'RD').call(SOUTH, 'RD RD').discard(SOUTH, '7C'); // 12 tiles on top, F in the rack
    g.pick(WEST, 'F').discard(WEST, 'F').call(SOUTH, 'F'); // the F floor → top (13), the last F rack → top (14)
    let svc!: TournamentService;
    const b = play(g, (bench) => (svc = tournamentOn(bench)));
    const v = b.engine.publicView();
    expect(b.engine.unexplained).toEqual([]);
    expect(v.phase).toBe('ended');
    expect(v.endReason).toMatch(/^Bea declared Mah Jongg: FF 111a 111b 111c DDD /);
    expect(v.players[SOUTH]!.racks[0]!.mahJongg).toMatchObject({ lineId: 'sample-standard:20', value: 30, jokerless: true });
    expect(b.engine.gameState().result?.outcome).toMatchObject({ winner: SOUTH, discarder: WEST, winnerExposures: 4 });
    expect(v.flags).toEqual([]);
    // 30 + 20 jokerless = 50; 000: Cat threw it to a hand with four exposures (two or more): −20
    expect(v.score?.points).toEqual([0, 50, -20, 0]);
    expect(v.score?.breakdown[WEST]).toEqual(['Threw the winning tile to Bea with 4 exposures: −20 (000)', 'Total -20']);
    expect(v.score?.breakdown[EAST]).toEqual(['Bea won: 0', 'Total 0']);
    expect(v.score?.breakdown[NORTH]).toEqual(['Bea won: 0', 'Total 0']);
    await vi.waitFor(() => expect(svc.cardOf(1, 1).games[0]).toMatchObject({ points: [0, 50, -20, 0], marks: ['X', '50', '-20', 'X'], by: 'table' }), { timeout: 5000 });
  });
});
