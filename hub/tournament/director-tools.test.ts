/**
 * The director's tools over HTTP through a real hub: the penalty and conduct log (event penalties
 * apart from game points; the 000 stolen-tile −10 listed with its game, counted once), and extra
 * time for one table.
 */
import { describe, expect, it } from 'vitest';
import { openSqliteStore } from '../store/sqlite.js';
import { CONFIG, FakeStandardTable, G2, G3, MIN, T0, endSiamese, siameseTable } from './fixtures.test-helpers.js';
import { hubsClosedAfterEach } from './hub.test-helpers.js';
import { TournamentService } from './service.js';
import type { TournamentOutcome } from '../../rules/scoring/tournament.js';

const TOKEN = 'director-secret-1';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const serve = hubsClosedAfterEach(TOKEN);
// table 2, round 1: Eve East, Fay South, Gil West, Hal North; Gil looked at a stolen tile: [25, −10, −10, 0]
const G1_STOLEN: TournamentOutcome = { winner: 0, value: 25, discarder: 1, winnerExposures: 1, lookedAtStolenTile: [2] };

async function start(store = openSqliteStore(':memory:')) {
  const clock = { now: T0 };
  let svc: TournamentService;
  const t1 = siameseTable();
  const t2 = new FakeStandardTable(() => svc);
  svc = new TournamentService({ config: CONFIG, store, now: () => clock.now, tickMs: 0 });
  const hub = await serve(svc, svc.wrap([t1, t2]));
  return { app: hub.app, svc, t1, t2, clock, store };
}

describe('the penalty and conduct log over HTTP', () => {
  it('Ann 75 game points, late −5: total 70, rank 2; shown in the standings, the CSV and JSON; the stolen-tile −10 listed with its game, not counted twice', async () => {
    const { app, svc, t1, t2, clock, store } = await start();
    const before = await app.inject({
      method: 'POST',
      url: '/api/director/tournament/penalties',
      headers: AUTH,
      payload: { player: 'p1', round: 1, kind: 'late', points: -5, reason: 'late' },
    });
    expect([before.statusCode, before.json().message]).toEqual([
      400,
      'penalty: round 1 has not begun (the tournament is in round 1, its clock not started): a penalty is for a round begun, or give no round',
    ]);
    svc.clock('start');
    t2.end(1, G1_STOLEN, [25, -10, -10, 0]);
    t2.end(2, G2, [0, 0, 60, 0]);
    endSiamese(t1, 1, [75, 80]); // table 1: Ann East 75, Cat West 80
    const penalty = { player: 'p1', round: 1, kind: 'late', points: -5, reason: 'late to the table, 6 minutes', by: 'Dora' };
    expect((await app.inject({ method: 'POST', url: '/api/director/tournament/penalties', payload: penalty })).statusCode).toBe(401);
    const given = await app.inject({ method: 'POST', url: '/api/director/tournament/penalties', headers: AUTH, payload: penalty });
    expect(given.statusCode).toBe(201);
    expect(given.json()).toEqual({ id: 1, at: T0, player: 'p1', round: 1, kind: 'late', points: -5, reason: 'late to the table, 6 minutes', director: 'Dora' });
    const warning = await app.inject({
      method: 'POST',
      url: '/api/director/tournament/penalties',
      headers: AUTH,
      payload: { player: 'p8', kind: 'warning', points: 0, reason: 'slow to discard' },
    });
    expect(warning.json()).toMatchObject({ id: 2, round: null, points: 0, director: 'director' });
    // refusals name the field
    const plus = await app.inject({ method: 'POST', url: '/api/director/tournament/penalties', headers: AUTH, payload: { ...penalty, points: 5 } });
    expect([plus.statusCode, plus.json().message]).toEqual([400, 'body.points must be <= 0']);
    const nobody = await app.inject({ method: 'POST', url: '/api/director/tournament/penalties', headers: AUTH, payload: { ...penalty, player: 'zed' } });
    expect([nobody.statusCode, nobody.json().message]).toEqual([400, 'penalty: player "zed" is not registered']);
    // a late penalty of 0 takes nothing away: only a warning may be 0
    const zero = await app.inject({ method: 'POST', url: '/api/director/tournament/penalties', headers: AUTH, payload: { ...penalty, points: 0 } });
    expect([zero.statusCode, zero.json().message]).toEqual([400, 'penalty: points 0 take nothing away: a late penalty must be below 0 (only a warning may be 0)']);
    // round 2 has not begun (round 1's clock runs): nobody can be late to it yet
    const ahead = await app.inject({ method: 'POST', url: '/api/director/tournament/penalties', headers: AUTH, payload: { ...penalty, round: 2 } });
    expect([ahead.statusCode, ahead.json().message]).toEqual([
      400,
      'penalty: round 2 has not begun (the tournament is in round 1, its clock started): a penalty is for a round begun, or give no round',
    ]);
    expect((await app.inject({ url: '/api/director/tournament/penalties', headers: AUTH })).json().penalties).toHaveLength(2); // neither was logged

    clock.now = T0 + 50 * MIN; // the round's time is up: the games without a result score 0
    await app.inject({ url: '/api/tournament' });
    for (const t of [1, 2]) for (const s of [0, 1, 2, 3]) svc.verify(t, 1, s);
    for (const t of [1, 2]) for (const s of [0, 1, 2, 3]) svc.initial(t, 1, s);

    const pub = (await app.inject({ url: '/api/tournament' })).json();
    // Cat 80; Ann 75 − 5 = 70; Gil 0 + 60 − 10 (stolen tile, in game 1's points) = 50; Eve 25
    expect(pub.standings.slice(0, 4)).toEqual([
      { rank: 1, player: 'p3', name: 'Cat Park', gamePoints: 80, penalties: 0, points: 80, prize: 100, byes: [], withdrawn: false },
      { rank: 2, player: 'p1', name: 'Ann Lee', gamePoints: 75, penalties: -5, points: 70, prize: 60, byes: [], withdrawn: false },
      { rank: 3, player: 'p7', name: 'Gil Moss', gamePoints: 50, penalties: 0, points: 50, prize: 40, byes: [], withdrawn: false },
      { rank: 4, player: 'p5', name: 'Eve Kahn', gamePoints: 25, penalties: 0, points: 25, prize: 0, byes: [], withdrawn: false },
    ]);
    expect(pub.standings.find((r: { player: string }) => r.player === 'p8')).toMatchObject({ penalties: 0, points: 0 }); // a warning of 0
    const csv = (await app.inject({ url: '/api/tournament/standings.csv' })).body.split('\r\n');
    expect(csv[0]).toBe('rank,player,name,game points,penalties,points,prize,marks,scoring');
    expect(csv[2]!.startsWith('2,p1,Ann Lee,75,-5,70,60,,"Tournament scoring (seed 000);')).toBe(true);
    const json = (await app.inject({ url: '/api/tournament/standings.json' })).json();
    expect(json.rankedBy).toBe('points');
    expect(json.standings[1]).toEqual({ rank: 2, player: 'p1', name: 'Ann Lee', gamePoints: 75, penalties: -5, points: 70, prize: 60, byes: [], withdrawn: false });
    expect(json.penalties.map((p: { player: string; kind: string; points: number }) => [p.player, p.kind, p.points])).toEqual([
      ['p1', 'late', -5],
      ['p8', 'warning', 0],
      ['p7', 'stolen-tile', -10],
    ]);

    const log = (await app.inject({ url: '/api/director/tournament/penalties', headers: AUTH })).json();
    expect(log.penalties.map((p: { id: number }) => p.id)).toEqual([1, 2]);
    expect(log.inGames).toEqual([
      { player: 'p7', round: 1, table: 2, game: 1, kind: 'stolen-tile', points: -10, reason: "Looked at a stolen tile (000), game 1: in that game's points", inGamePoints: true },
    ]);
    expect((await app.inject({ url: '/api/director/tournament/penalties' })).statusCode).toBe(401);

    // the log is the truth: a new service over the same store has the same standings
    const again = new TournamentService({ config: CONFIG, store, now: () => clock.now, tickMs: 0 });
    expect(again.standings()).toEqual(svc.standings());
    expect(again.problems).toEqual([]);
    again.close();
  });
});

describe('extra time for one table over HTTP', () => {
  it('table 2 gets 10 minutes, then 5 more (15 in all, the answer says so): a game ending at 55 min counts there, not at table 1; at 65 min its empty games score 0', async () => {
    const { app, svc, t1, t2, clock } = await start();
    svc.clock('start');
    const early = await app.inject({ method: 'POST', url: '/api/director/tournament/extra-time', headers: AUTH, payload: { table: 't2', minutes: 10, by: 'Dora' } });
    expect(early.statusCode).toBe(200);
    const first = { table: 2, minutes: 10, grants: [10], text: 'table 2: 10 minutes of extra time', remainingMs: 3_600_000, timeUp: false }; // 50 + 10 minutes
    expect(early.json()).toEqual({ table: 2, added: 10, minutes: 10, grants: [10], text: 'table 2: 10 minutes of extra time', extraTime: [first] });
    expect(t2.end(1, G2, [0, 0, 60, 0])).toEqual({ recorded: true, round: 1, table: 2, game: 1 });
    clock.now = T0 + 55 * MIN;
    const t2view = (await app.inject({ url: '/api/tables/t2' })).json();
    expect(t2view.clock).toEqual({ remainingMs: 300_000, running: true, aboutToRunOut: false, timeUp: false, state: 'running' }); // 60 − 55 = 5 min, not below 5
    expect((await app.inject({ url: '/api/tables/t1' })).json().clock).toMatchObject({ remainingMs: 0, timeUp: true });
    endSiamese(t1, 1, [75, 80]);
    expect(svc.cardOf(1, 1).games.map((g) => g?.by ?? null)).toEqual(['clock', 'clock', 'clock', 'clock']); // table 1's time was up at 50 min
    expect(t2.end(2, G3, [10, 10, 10, 0])).toEqual({ recorded: true, round: 1, table: 2, game: 2 }); // inside table 2's extra time
    // a second grant adds to the first, and the answer says so: 10 + 5 = 15 minutes, to 50 + 15 = 65 min (10 min left at 55)
    const more = await app.inject({ method: 'POST', url: '/api/director/tournament/extra-time', headers: AUTH, payload: { table: '2', minutes: 5 } });
    expect(more.json()).toEqual({
      table: 2,
      added: 5,
      minutes: 15,
      grants: [10, 5],
      text: 'table 2: 5 more minutes, 15 minutes of extra time in all (10 + 5)',
      extraTime: [{ table: 2, minutes: 15, grants: [10, 5], text: 'table 2: 15 minutes of extra time (10 + 5)', remainingMs: 600_000, timeUp: false }],
    });
    const late = await app.inject({ method: 'POST', url: '/api/director/tournament/extra-time', headers: AUTH, payload: { table: '1', minutes: 5 } });
    expect([late.statusCode, late.json().message]).toEqual([409, 'round 1 table 1: its time is already up (its games without a result scored 0)']);
    const bad = await app.inject({ method: 'POST', url: '/api/director/tournament/extra-time', headers: AUTH, payload: { table: '2', minutes: 0 } });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'body.minutes must be >= 1']);
    clock.now = T0 + 65 * MIN;
    const pub = (await app.inject({ url: '/api/tournament' })).json();
    expect(pub.extraTime).toEqual([{ table: 2, minutes: 15, grants: [10, 5], text: 'table 2: 15 minutes of extra time (10 + 5)', remainingMs: 0, timeUp: true }]);
    expect(svc.cardOf(2, 1).games.map((g) => g?.by ?? null)).toEqual(['table', 'table', 'clock', 'clock']);
    expect(t2.end(3, G2, [0, 0, 60, 0])).toMatchObject({ recorded: false });
  });
});

describe('a withdrawal, a late arrival and a substitute after the start, over HTTP', () => {
  it('Dot withdraws from round 2 and Ivy, arriving late, takes her seat (bye in round 1); Jo substitutes for Ann in round 2 only', async () => {
    const { app, svc, clock, store } = await start();
    svc.clock('start'); // round 1 has begun
    const body = { player: 'p4', replacement: { id: 'p9', name: 'Ivy Chan' }, by: 'Dora' };
    const r = await app.inject({ method: 'POST', url: '/api/director/tournament/withdraw', headers: AUTH, payload: body });
    expect(r.statusCode).toBe(200);
    // the movement (home table t, seat s; round 2: table t + s mod 2, seat s + 1 mod 4): Dot's home is
    // table 1 North, so in round 2 she would sit at table 2 East: Ivy sits there
    expect(r.json().map((c: { round: number; table: number; seats: string[] }) => [c.round, c.table, c.seats])).toEqual([
      [2, 1, ['p8', 'p1', 'p6', 'p3']],
      [2, 2, ['p9', 'p5', 'p2', 'p7']],
    ]);
    const again = await app.inject({ method: 'POST', url: '/api/director/tournament/withdraw', headers: AUTH, payload: body });
    expect([again.statusCode, again.json().message]).toEqual([409, 'withdraw: "p4" has already withdrawn (from round 2)']);
    const now = await app.inject({ method: 'POST', url: '/api/director/tournament/withdraw', headers: AUTH, payload: { ...body, player: 'p2', fromRound: 1 } });
    expect([now.statusCode, now.json().message]).toEqual([409, "withdraw: round 1's clock has started: a seat changes before its round begins"]);
    const who = await app.inject({ method: 'POST', url: '/api/director/tournament/withdraw', headers: AUTH, payload: { ...body, player: 'zz' } });
    expect([who.statusCode, who.json().message]).toEqual([404, 'withdraw: no player "zz" in the tournament']);
    const noName = await app.inject({ method: 'POST', url: '/api/director/tournament/withdraw', headers: AUTH, payload: { player: 'p2', replacement: { id: 'p11' } } });
    expect([noName.statusCode, noName.json().message]).toEqual([400, 'body.replacement.name is required']);

    const sub = await app.inject({ method: 'POST', url: '/api/director/tournament/substitute', headers: AUTH, payload: { player: 'p1', round: 2, substitute: { id: 'p10', name: 'Jo Park' } } });
    expect(sub.statusCode).toBe(200);
    expect(sub.json()[0].seats).toEqual(['p8', 'p10', 'p6', 'p3']); // Ann's round-2 seat, table 1 South
    expect(svc.roundCards(1)[0]!.seats).toEqual(['p1', 'p2', 'p3', 'p4']); // round 1 as it was

    const standings = (await app.inject({ url: '/api/tournament' })).json().standings as { player: string; name: string; byes: number[]; withdrawn: boolean }[];
    expect(standings.find((s) => s.player === 'p4')).toMatchObject({ name: 'Dot Shaw', withdrawn: true, byes: [] });
    expect(standings.find((s) => s.player === 'p9')).toMatchObject({ name: 'Ivy Chan', gamePoints: 0, points: 0, byes: [1], withdrawn: false });
    expect(standings.find((s) => s.player === 'p10')).toMatchObject({ name: 'Jo Park', byes: [], withdrawn: false });
    const csv = (await app.inject({ url: '/api/tournament/standings.csv' })).body;
    // no card complete yet: nobody has a game on an accepted card, so no prize is given (all 10 at 0)
    expect(csv).toContain('\r\n1,p4,Dot Shaw,0,0,0,0,withdrawn,');
    expect(csv).toContain('\r\n1,p9,Ivy Chan,0,0,0,0,bye round 1,');
    expect(standings.map((s) => (s as unknown as { prize: number }).prize)).toEqual(new Array(10).fill(0));

    // round 1's time is up with no game played: its two cards score 0 for all; verified and initialed
    clock.now = T0 + 50 * MIN;
    await app.inject({ url: '/api/tournament' });
    for (const t of [1, 2]) for (const s of [0, 1, 2, 3]) svc.verify(t, 1, s);
    for (const t of [1, 2]) for (const s of [0, 1, 2, 3]) svc.initial(t, 1, s);
    const provisional = (await app.inject({ url: '/api/tournament' })).json().standings as { player: string; rank: number; points: number; prize: number }[];
    // all 10 tie at 0; the 8 who played round 1 share (100 + 60 + 40) / 8 = 25; Ivy (a bye) and Jo (no game yet) get none
    expect(provisional.map((r) => [r.player, r.rank, r.points, r.prize])).toEqual([
      ['p1', 1, 0, 25],
      ['p10', 1, 0, 0],
      ['p2', 1, 0, 25],
      ['p3', 1, 0, 25],
      ['p4', 1, 0, 25],
      ['p5', 1, 0, 25],
      ['p6', 1, 0, 25],
      ['p7', 1, 0, 25],
      ['p8', 1, 0, 25],
      ['p9', 1, 0, 0],
    ]);

    // the log is the truth
    const later = new TournamentService({ config: CONFIG, store, now: () => clock.now, tickMs: 0 });
    expect(later.roundCards(2).map((c) => c.seats)).toEqual(svc.roundCards(2).map((c) => c.seats));
    expect(later.standings()).toEqual(svc.standings());
    expect(later.problems).toEqual([]);
    later.close();
  });
});
