/**
 * Games across a round boundary, through the director's HTTP routes (000: four games make a
 * round, in its time; the 4th unfinished scores 0). A game under way at time up belongs to that
 * round; a game begun after the time is up and before the next round's clock starts is listed for
 * the director ("begun between rounds"), never silently game 1 of the next round: Assign puts it on
 * the next round's card as the table's next game, Drop counts it nowhere. The list survives a
 * restart (a new service over the same log).
 */
import { describe, expect, it } from 'vitest';
import { openSqliteStore } from '../store/sqlite.js';
import { CONFIG, FakeStandardTable, G1, G2, G3, G4, MIN, T0, endSiamese, playSiamese, siameseTable } from './fixtures.test-helpers.js';
import { hubsClosedAfterEach } from './hub.test-helpers.js';
import { TournamentService } from './service.js';

const TOKEN = 'director-secret-between';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const serve = hubsClosedAfterEach(TOKEN);

describe('games begun between rounds', () => {
  it('are listed for the director, who assigns one to the next round and drops another; the game in play at time up stays in its round', async () => {
    const clock = { now: T0 };
    const store = openSqliteStore(':memory:');
    let svc: TournamentService;
    const t1 = siameseTable();
    const t2 = new FakeStandardTable(() => svc);
    svc = new TournamentService({ config: CONFIG, store, now: () => clock.now, tickMs: 0 });
    const { app } = await serve(svc, svc.wrap([t1, t2]));
    const between = async () => (await app.inject({ url: '/api/director/tournament/between', headers: AUTH })).json();
    const cardGames = (round: number, table: number) => svc.cardOf(table, round).games.map((g) => (g ? g.points : null));

    // round 1: table 2 plays its 4 games; table 1 three, its 4th under way when the time runs out
    svc.clock('start');
    t2.end(1, G1, [25, -10, 0, 0]);
    t2.end(2, G2, [0, 0, 60, 0]);
    t2.end(3, G3, [10, 10, 10, 0]);
    t2.end(4, G4, [-20, 0, 0, 35]);
    endSiamese(t1, 1, [145, 20]);
    playSiamese(t1, 2);
    endSiamese(t1, 2, [0, 60]);
    playSiamese(t1, 3);
    endSiamese(t1, 3, [35, 35]);
    playSiamese(t1, 4);
    clock.now = T0 + 50 * MIN + 7_000;
    svc.tick();
    // the game under way at time up belongs to round 1: it ends after the time, and still scores 0 (000)
    endSiamese(t1, 4, [80, 0]);
    expect(cardGames(1, 1)).toEqual([
      [145, 0, 20, 0],
      [0, 0, 60, 0],
      [35, 0, 35, 0],
      [0, 0, 0, 0],
    ]);
    expect(await between()).toEqual([]);

    // table 1 begins a 5th game after the time is up, and finishes it before round 2
    clock.now = T0 + 52 * MIN;
    playSiamese(t1, 5);
    expect(await between()).toEqual([{ hubTable: 't1', hubGameNo: 5, afterRound: 1, began: T0 + 52 * MIN, state: 'in play', result: null, round: null, director: null }]);
    clock.now = T0 + 58 * MIN;
    endSiamese(t1, 5, [50, 0]);

    // round 2; table 2 begins its 5th game before the director starts round 2's clock
    clock.now = T0 + 60 * MIN;
    expect((await app.inject({ method: 'POST', url: '/api/director/tournament/clock', headers: AUTH, payload: { action: 'next-round' } })).statusCode).toBe(200);
    clock.now = T0 + 61 * MIN;
    t2.set((v) => {
      v.gameNo = 5;
      v.phase = 'play';
      v.score = null;
    });
    clock.now = T0 + 62 * MIN;
    expect((await app.inject({ method: 'POST', url: '/api/director/tournament/clock', headers: AUTH, payload: { action: 'start' } })).statusCode).toBe(200);
    clock.now = T0 + 70 * MIN;
    expect(t2.end(5, G1, [25, -10, 0, 0])).toEqual({
      recorded: false,
      reason: "game 5 of hub table 't2' began between rounds (after round 1's time): listed for the director to assign or drop",
    });
    // not silently game 1 of round 2
    expect(cardGames(2, 2)).toEqual([null, null, null, null]);
    const t1Game5 = {
      hubTable: 't1',
      hubGameNo: 5,
      afterRound: 1,
      began: T0 + 52 * MIN,
      state: 'ended',
      result: { points: [50, 0, 0, 0], source: 'siamese table t1 game 5 (003 rule 17)' },
      round: null,
      director: null,
    };
    const t2Game5 = { hubTable: 't2', hubGameNo: 5, afterRound: 1, began: T0 + 61 * MIN, state: 'ended', result: { outcome: G1 }, round: null, director: null };
    expect(await between()).toEqual([t1Game5, t2Game5]);

    // the director's rulings: they need the director
    const rule = (hub: string, game: number, payload: unknown, headers: Record<string, string> = AUTH) =>
      app.inject({ method: 'POST', url: `/api/director/tournament/between/${hub}/${game}`, headers, payload: payload as Record<string, unknown> });
    expect((await rule('t1', 5, { action: 'drop' }, {})).statusCode).toBe(401);
    const bad = await rule('t1', 5, { action: 'keep' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('body.action must be one of "assign", "drop"');
    const unknown = await rule('t1', 9, { action: 'drop' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("game 9 of hub table 't1' is not a game begun between rounds");

    const dropped = await rule('t1', 5, { action: 'drop', by: 'Judy' });
    expect(dropped.statusCode).toBe(200);
    expect(dropped.json()).toEqual({ ...t1Game5, state: 'dropped', director: 'Judy' });
    const assigned = await rule('t2', 5, { action: 'assign' });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toEqual({ ...t2Game5, state: 'assigned', round: 2, director: 'director' });
    const twice = await rule('t2', 5, { action: 'drop' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe("game 5 of hub table 't2' is already assigned to round 2");

    // round 2 table 2 seats p4 East, p5 South, p2 West, p7 North: G1 (East wins 25 off South's
    // discard, 1 exposure) is East +25, South -10 → game 1 of the card; dropped: table 1 has nothing
    expect(cardGames(2, 2)).toEqual([[25, -10, 0, 0], null, null, null]);
    expect(cardGames(2, 1)).toEqual([null, null, null, null]);
    // the table's next game is its game 2 of the round
    expect(t2.end(6, G2, [0, 0, 60, 0])).toEqual({ recorded: true, round: 2, table: 2, game: 2 });

    // a restart: the same list, the same cards
    const again = new TournamentService({ config: CONFIG, store, now: () => clock.now, tickMs: 0 });
    try {
      expect(again.problems).toEqual([]);
      expect(again.betweenRounds()).toEqual([
        { ...t1Game5, state: 'dropped', director: 'Judy' },
        { ...t2Game5, state: 'assigned', round: 2, director: 'director' },
      ]);
      expect(again.cardOf(2, 2).games.map((g) => (g ? g.points : null))).toEqual([[25, -10, 0, 0], [0, 0, 60, 0], null, null]);
    } finally {
      again.close();
    }
  });
});

describe('a game begun between rounds and assigned while still in play', () => {
  it("goes on the next round's card when it ends in that round's time", async () => {
    const clock = { now: T0 };
    let svc: TournamentService;
    const t1 = siameseTable();
    const t2 = new FakeStandardTable(() => svc);
    svc = new TournamentService({ config: CONFIG, store: openSqliteStore(':memory:'), now: () => clock.now, tickMs: 0 });
    const { app } = await serve(svc, svc.wrap([t1, t2]));
    svc.clock('start');
    endSiamese(t1, 1, [10, 0]);
    clock.now = T0 + 50 * MIN;
    svc.tick();
    clock.now = T0 + 53 * MIN;
    playSiamese(t1, 2);
    // not listed in the log yet (it is under way): the director may rule on it already
    const r = await app.inject({ method: 'POST', url: '/api/director/tournament/between/t1/2', headers: AUTH, payload: { action: 'assign', by: 'Judy' } });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ hubTable: 't1', hubGameNo: 2, afterRound: 1, began: T0 + 53 * MIN, state: 'assigned', result: null, round: 2, director: 'Judy' });
    svc.nextRound();
    clock.now = T0 + 60 * MIN;
    svc.clock('start');
    clock.now = T0 + 70 * MIN;
    endSiamese(t1, 2, [0, 40]);
    // round 2 table 1 seats p8 East, p1 South, p6 West, p3 North: West's 40 is game 1
    expect(svc.cardOf(1, 2).games.map((g) => (g ? g.points : null))).toEqual([[0, 0, 40, 0], null, null, null]);
    expect(svc.betweenRounds()).toEqual([
      {
        hubTable: 't1',
        hubGameNo: 2,
        afterRound: 1,
        began: T0 + 53 * MIN,
        state: 'assigned',
        result: { points: [0, 0, 40, 0], source: 'siamese table t1 game 2 (003 rule 17)' },
        round: 2,
        director: 'Judy',
      },
    ]);
    // the table's next game is its game 2 of round 2
    playSiamese(t1, 3);
    endSiamese(t1, 3, [25, 0]);
    expect(svc.cardOf(1, 2).games.map((g) => (g ? g.points : null))).toEqual([[0, 0, 40, 0], [25, 0, 0, 0], null, null]);
  });
});
