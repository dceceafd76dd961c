/**
 * A 4-player game (000) in play when the hub restarts, with reader lines replayed into a restarted
 * engine on the same log (hub/table/test-bench.ts `SimBench`, ./scripted.test-helpers.ts): when the
 * readers' first snapshots show the tiles where the log has them, play goes on and nothing is
 * logged; when they do not (Bea picked and discarded while the hub was down), no move is logged, the
 * director is asked, and each choice — score as it stood, replay, void — gives the 000 points, on
 * the table, over HTTP and on the tournament's score card.
 *
 * The game: the deal and the first Charleston, then Ann (East) discards 1B; play. While the hub is
 * down Bea (South) picks a 7B and discards it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHubServer } from '../api/server.js';
import { loadHubConfig } from '../config/load.js';
import { applySteps, tableZones, wallPositions, type Step } from '../simulator/game.js';
import type { EventStore } from '../store/types.js';
import { simulatedTileSet } from '../tilesets/simulated.js';
import { TournamentService } from '../tournament/service.js';
import type { ReaderHealth } from './machine.js';
import { closedAfterEach, SimBench } from './test-bench.js';
import { TableEngine } from './engine.js';
import { EAST, ScriptedGame, SOUTH, WEST } from './standard/scripted.test-helpers.js';

const [{ table, cards }] = loadHubConfig(new URL('../config/tables/standard-demo.json', import.meta.url).pathname) as [ReturnType<typeof loadHubConfig>[0]];
const keep = closedAfterEach<SimBench<TableEngine>>();
const make = (store: EventStore, readers: ReaderHealth, now: () => number) => new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now });

const EAST_HAND = '1B 2B 3B 4B 5B 6B 7B 8B 9B 2C 3C 4C 5C 6C';
const SOUTH_HAND = 'N E W 1B 1B F 1C 1C 1C 1D 1D 1D 9C';
const WEST_HAND = '2D 3D 4D 5D 6D 7D 8D 9D 2D 3D 4D 5D 6D';
const NORTH_HAND = 'RD RD RD GD GD GD WD WD WD S S S 7C';
const PASSES = ['2B 3B 4B', 'N E W', '2D 3D 4D', 'RD RD RD'];

/** The game up to Ann's first discard, played to the hub; then Bea's turn (pick 7B, discard it), not yet played. */
function gameUnderWay(): { b: SimBench<TableEngine>; later: ScriptedGame['steps'] } {
  const g = new ScriptedGame(table, [EAST_HAND, SOUTH_HAND, WEST_HAND, NORTH_HAND], PASSES);
  g.discard(EAST, '1B');
  const upTo = g.steps.length;
  g.pick(SOUTH, '7B').discard(SOUTH, '7B');
  const b = keep(new SimBench(table, make));
  b.build(g);
  for (const s of g.steps.slice(0, upTo)) b.step(s);
  b.advance(3000);
  b.store.flush();
  return { b, later: g.steps.slice(upTo) };
}

/** The hub starts again on the same log 5 s later; every reader says HELLO and sends its snapshots; 1 s. */
function restartedAndHeard(b: SimBench<TableEngine>, whileDown: ScriptedGame['steps'] = []): SimBench<TableEngine> {
  const again = keep(b.restarted(make));
  for (const s of whileDown) again.unheard(s);
  expect(again.engine.directorView().restart).toEqual({ gameNo: 1, state: 'checking', differences: [], choices: ['score', 'replay', 'void'] });
  for (const r of table.readers) again.hello(r.id);
  again.advance(1000);
  return again;
}

const restartChecks = (store: EventStore) =>
  store
    .events(table.id)
    .filter((e) => e.type === 'restart-check')
    .map((e) => e.data);

describe('a 4-player game in play when the hub restarts (000)', () => {
  it("the readers show every tile where the log has it: play goes on, no move logged, the counts unchanged; Bea's turn is then played", () => {
    const { b, later } = gameUnderWay();
    const before = b.engine.publicView();
    // 13 each after Ann's discard; 1B on the floor
    expect([before.phase, before.players.map((p) => p.count), before.discards]).toEqual(['play', [13, 13, 13, 13], ['1B']]);
    const moves = b.moves().length;
    const again = restartedAndHeard(b);
    expect(again.engine.directorView().restart).toBeUndefined();
    expect(restartChecks(again.store)).toEqual([{ gameNo: 1, agreed: true, differences: [] }]);
    expect(again.moves().length).toBe(moves);
    const after = again.engine.publicView();
    expect([after.gameNo, after.phase, after.turn, after.players.map((p) => p.count), after.discards]).toEqual([1, 'play', SOUTH, [13, 13, 13, 13], ['1B']]);
    // Bea picks 7B and discards it, read live: two moves logged, the turn passes to Cat
    for (const s of later) again.step(s);
    again.advance(3000);
    expect(again.moves().length).toBe(moves + 2);
    const v = again.engine.publicView();
    expect([v.phase, v.turn, v.players.map((p) => p.count), v.discards, v.flags]).toEqual(['play', 2, [13, 13, 13, 13], ['1B', '7B'], []]);
    expect(again.engine.unexplained).toEqual([]);
  });

  it('Bea picked and discarded while the hub was down: no move logged, the floor listed as differing, nothing "the hub could not place"', () => {
    const { b, later } = gameUnderWay();
    const moves = b.moves().length;
    const again = restartedAndHeard(b, later);
    const discarded = later.at(-1)!.moves[0]!.tile;
    expect(again.moves().length).toBe(moves);
    const dir = again.engine.directorView();
    // the floor held 1B (1 tile in the log) and reads 1B and Bea's 7B; the wall lacks one tile (in a hand: not a difference)
    expect(dir.restart).toEqual({ gameNo: 1, state: 'differs', differences: [`FL-1/floor: 1 tile in the log, 2 read (e.g. ${discarded} was not there)`], choices: ['score', 'replay', 'void'] });
    expect(dir.unplaced ?? []).toEqual([]);
    expect([dir.gameNo, dir.phase, dir.turn, dir.discards]).toEqual([1, 'play', SOUTH, ['1B']]);
    expect(restartChecks(again.store)).toEqual([{ gameNo: 1, agreed: false, differences: dir.restart!.differences }]);
  });
});

describe("the director's choice over HTTP (POST /api/director/tables/t1/restart)", () => {
  const REASON = 'the readers did not show the game as the log had it when the hub restarted (director Judy)';
  // 000: a game not completed scores zero for every player ("X" on the card); no Mah Jongg was made
  const cases = [
    { choice: 'score', endReason: 'scored as it stood when the hub restarted (director Judy) (000: a game not completed scores zero)', points: [0, 0, 0, 0] },
    { choice: 'void', endReason: `void: ${REASON}`, points: [0, 0, 0, 0] },
    { choice: 'replay', endReason: `to be replayed: ${REASON}`, points: null },
  ] as const;
  for (const c of cases) {
    it(`"${c.choice}": the game ends (${c.points ? c.points.join(', ') : 'no score'}); the public view says so; a second choice is refused (409)`, async () => {
      const { b, later } = gameUnderWay();
      const again = restartedAndHeard(b, later);
      const hub = await createHubServer({ tables: [again.engine], directorToken: 'restart-token', store: again.store });
      try {
        const auth = { authorization: 'Bearer restart-token' };
        expect((await hub.app.inject({ url: '/api/director/tables/t1', headers: auth })).json().restart).toMatchObject({ gameNo: 1, state: 'differs' });
        const ok = await hub.app.inject({ method: 'POST', url: '/api/director/tables/t1/restart', headers: auth, payload: { choice: c.choice, by: 'Judy' } });
        expect(ok.statusCode).toBe(200);
        const v = (await hub.app.inject({ url: '/api/tables/t1' })).json();
        expect([v.gameNo, v.phase, v.endReason, v.score?.points ?? null, v.score?.final ?? null]).toEqual([1, 'ended', c.endReason, c.points, c.points ? true : null]);
        expect(v.results).toEqual([{ gameNo: 1, endReason: c.endReason, points: c.points, ruling: null }]);
        // each player's line says why 0, with no word of a clock that did not run out
        if (c.points) expect(v.score.breakdown).toEqual(Array.from({ length: 4 }, () => ['Game not finished: 0 (000: a game not completed scores zero)', 'Total 0']));
        const twice = await hub.app.inject({ method: 'POST', url: '/api/director/tables/t1/restart', headers: auth, payload: { choice: 'void' } });
        expect([twice.statusCode, twice.json().message]).toEqual([409, "no game of table 't1' waits for a restart decision"]);
        expect((await hub.app.inject({ url: '/api/director/tables/t1', headers: auth })).json()).not.toHaveProperty('restart');
        // nothing was logged as a move until the choice
        expect(
          again.store
            .events('t1')
            .filter((e) => e.type === 'restart-ruling')
            .map((e) => e.data),
        ).toEqual([{ gameNo: 1, choice: c.choice, by: 'Judy' }]);
      } finally {
        await hub.close();
      }
    });
  }
});

const services: TournamentService[] = [];
afterEach(() => {
  for (const s of services.splice(0)) s.close();
});

/**
 * The hub's tournament wiring (hub/hub.ts) on `engine`: a one-table tournament on the bench's
 * store (its log survives the restart), a standard game's result written on the card when it ends.
 */
function tournamentOn(b: SimBench<TableEngine>): TournamentService {
  const players = ['Ann', 'Bea', 'Cat', 'Dot'].map((name, i) => ({ id: `p${i + 1}`, name }));
  const svc = new TournamentService({ config: { name: 'Test Open', players, rounds: 1, prizes: [10], tables: [{ table: 1, hubTable: table.id }] }, store: b.store, now: () => b.clock, tickMs: 0 });
  services.push(svc);
  svc.wrap([b.engine]);
  const report = () => {
    const g = b.engine.gameState();
    if (g.result) svc.recordGame(table.id, g.result.outcome, { hubGameNo: g.gameNo });
  };
  b.engine.onChange(report);
  report();
  return svc;
}

describe('on the tournament\'s score card (000: "X" for a zero)', () => {
  for (const choice of ['score', 'void'] as const) {
    it(`"${choice}" puts X X X X on game 1 of the card`, async () => {
      const g = new ScriptedGame(table, [EAST_HAND, SOUTH_HAND, WEST_HAND, NORTH_HAND], PASSES);
      g.discard(EAST, '1B');
      const upTo = g.steps.length;
      g.pick(SOUTH, '7B').discard(SOUTH, '7B');
      const b = keep(new SimBench(table, make));
      tournamentOn(b).clock('start'); // the round's clock runs before the deal
      b.build(g);
      for (const s of g.steps.slice(0, upTo)) b.step(s);
      b.advance(3000);
      b.store.flush();
      services.splice(0).forEach((s) => s.close());
      const again = restartedAndHeard(b, g.steps.slice(upTo));
      const svc = tournamentOn(again);
      expect(svc.cardOf(1, 1).games[0]).toBeNull();
      again.engine.restartChoice(choice, 'Judy');
      await vi.waitFor(() => expect(svc.cardOf(1, 1).games[0]).toMatchObject({ points: [0, 0, 0, 0], marks: ['X', 'X', 'X', 'X'], by: 'table' }), { timeout: 5000 });
      expect(svc.cardOf(1, 1).games.slice(1)).toEqual([null, null, null]);
    });
  }

  it('"replay": nothing goes on the card; the table is cleared and dealt again, and that game (the hub\'s game 2) is game 1 of the card', async () => {
    const g = new ScriptedGame(table, [EAST_HAND, SOUTH_HAND, WEST_HAND, NORTH_HAND], PASSES);
    g.discard(EAST, '1B');
    const upTo = g.steps.length;
    g.pick(SOUTH, '7B').discard(SOUTH, '7B');
    const b = keep(new SimBench(table, make));
    tournamentOn(b).clock('start');
    b.build(g);
    for (const s of g.steps.slice(0, upTo)) b.step(s);
    b.advance(3000);
    b.store.flush();
    services.splice(0).forEach((s) => s.close());
    const again = restartedAndHeard(b, g.steps.slice(upTo));
    const svc = tournamentOn(again);
    const round = () => svc.wrap([again.engine])[0]!.publicView().round;
    expect(round()).toEqual({ round: 1, game: 1, of: 4, label: '1' });
    const moves = again.moves().length;
    again.engine.restartChoice('replay', 'Judy');
    // once the ended game is published, Bea's 7B on the floor is logged as the readers show it
    await vi.waitFor(
      () => {
        again.advance(300);
        expect(again.moves().length).toBeGreaterThan(moves);
      },
      { timeout: 5000 },
    );
    expect(svc.cardOf(1, 1).games).toEqual([null, null, null, null]);
    expect(round()).toEqual({ round: 1, game: 1, of: 4, label: '1' });
    // the replay: every tile back into the walls as built, then Bea's Mah Jongg on Cat's F
    // (./engine-scoring.test.ts: Bea 30 + jokerless 20 = 50; Cat threw it to one exposure: −10)
    const replay = new ScriptedGame(table, [EAST_HAND, SOUTH_HAND, WEST_HAND, NORTH_HAND], PASSES);
    replay.discard(EAST, '1B').call(SOUTH, '1B 1B').discard(SOUTH, '9C');
    replay.pick(WEST, 'F').discard(WEST, 'F').call(SOUTH, 'F 1C 1C 1C 1D 1D 1D RD RD RD');
    const zones = tableZones(table);
    const where = wallPositions(g.walls, zones);
    applySteps(where, g.steps);
    const clearing: Step[] = [];
    for (const [tile, to] of wallPositions(replay.walls, zones)) {
      const from = where.get(tile) ?? null;
      if (from && to && from.reader === to.reader && from.zone === to.zone) continue;
      clearing.push({ label: `clear ${tile}`, moves: [{ tile, from, to: null }] }, { label: `wall ${tile}`, moves: [{ tile, from: null, to }] });
    }
    for (const s of [...clearing, ...replay.steps]) again.step(s);
    again.advance(3000);
    const v = again.engine.publicView();
    expect([v.gameNo, v.phase, v.score?.points]).toEqual([2, 'ended', [0, 50, -10, 0]]);
    expect(v.results?.map((r) => [r.gameNo, r.points])).toEqual([
      [1, null],
      [2, [0, 50, -10, 0]],
    ]);
    await vi.waitFor(() => expect(svc.cardOf(1, 1).games[0]).toMatchObject({ points: [0, 50, -10, 0], marks: ['X', '50', '-10', 'X'], by: 'table' }), { timeout: 5000 });
    expect(svc.cardOf(1, 1).games.slice(1)).toEqual([null, null, null]);
  });
});
