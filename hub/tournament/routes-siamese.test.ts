/**
 * The tournament routes over a Siamese tournament (kind 'siamese'): GET /api/tournament shows the
 * 2-seat cards with totals and the settlement (003 rule 17), the director's card list has them as
 * they are, a correction by points [East, West] goes through the director route, and the downloads
 * carry the Siamese lines and the summed standings.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FakeTableRuntime, sampleDirectorView } from '../api/fake-runtime.js';
import { createHubServer, type HubServer } from '../api/server.js';
import { openSqliteStore } from '../store/sqlite.js';
import { T0, endSiamese, playSiamese } from './fixtures.test-helpers.js';
import { TournamentService } from './service.js';

const TOKEN = 'director-secret-2';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const open: { hub: HubServer; svc: TournamentService }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.hub.close();
    o.svc.close();
  }
});

describe('tournament routes, Siamese kind', () => {
  it('cards with the settlement, a correction by [East, West] points, the downloads', async () => {
    const t1 = new FakeTableRuntime(sampleDirectorView('t1'));
    const t2 = new FakeTableRuntime(sampleDirectorView('t2'));
    const svc = new TournamentService({
      config: {
        kind: 'siamese', name: 'Siamese Open', rounds: 3, prizes: [100, 60],
        tables: [{ table: 1, hubTable: 't1' }, { table: 2, hubTable: 't2' }],
        players: [{ id: 'p1', name: 'Ann' }, { id: 'p2', name: 'Bea' }, { id: 'p3', name: 'Cy' }, { id: 'p4', name: 'Di' }],
      },
      store: openSqliteStore(':memory:'),
      now: () => T0,
      tickMs: 0,
    });
    const hub = await createHubServer({ tables: svc.wrap([t1, t2]), directorToken: TOKEN, tournament: svc });
    open.push({ hub, svc });
    const { app } = hub;
    expect((await app.inject({ method: 'POST', url: '/api/director/tournament/clock', headers: AUTH, payload: { action: 'start' } })).statusCode).toBe(200);
    [[160, 15], [10, 10], [0, 50], [5, 0]].forEach((p, i) => {
      if (i > 0) playSiamese(t1, i + 1);
      endSiamese(t1, i + 1, p as [number, number]);
    });
    const pub = (await app.inject({ url: '/api/tournament' })).json();
    expect(pub.cards[0]).toMatchObject({ kind: 'siamese', table: 1, hubTable: 't1', games: 4, settlement: 'Bea pays Ann 100' });
    expect(pub.cards[0].seats.map((s: { seat: string; name: string; marks: string[]; total: number }) => `${s.seat} ${s.name} ${s.marks.join(' ')} = ${s.total}`)).toEqual([
      'East Ann 160 10 X 5 = 175',
      'West Bea 15 10 50 X = 75',
    ]);
    const fix = await app.inject({ method: 'POST', url: '/api/director/tournament/cards/t1/1/correct', headers: AUTH, payload: { game: 4, points: [0, 0], reason: 'no Mah Jongg: a wall game was 10 each', by: 'Dee' } });
    expect(fix.statusCode).toBe(200);
    expect(fix.json().games[3]).toEqual({ points: [0, 0], marks: ['X', 'X'], by: 'director', source: 'director' });
    const bad = await app.inject({ method: 'POST', url: '/api/director/tournament/cards/1/1/correct', headers: AUTH, payload: { game: 4, points: [1, 2, 3], reason: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("round 1 table 1 game 4: a Siamese card's points are 2 whole numbers (East, West), not [1,2,3]");
    const dir = (await app.inject({ url: '/api/director/tournament', headers: AUTH })).json();
    expect(dir.cards.map((c: { kind: string; seats: string[] }) => [c.kind, c.seats])).toEqual([
      ['siamese', ['p1', 'p2']],
      ['siamese', ['p3', 'p4']],
    ]);
    const jsonl = (await app.inject({ url: '/api/tournament/games.jsonl' })).body.trim().split('\n');
    expect(jsonl.map((l) => JSON.parse(l).points)).toEqual([[160, 15], [10, 10], [0, 50], [0, 0]]);
    for (const seat of [0, 2]) svc.verify(1, 1, seat);
    for (const seat of [0, 2]) svc.initial(1, 1, seat);
    expect((await app.inject({ url: '/api/tournament/standings.csv' })).body).toBe(
      'rank,player,name,points,prize\r\n1,p1,Ann,170,100\r\n2,p2,Bea,75,60\r\n3,p3,Cy,0,0\r\n3,p4,Di,0,0\r\n',
    );
  });
});
