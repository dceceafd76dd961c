/**
 * The tournament routes over a Siamese tournament (kind 'siamese'): GET /api/tournament shows the
 * 2-seat cards with totals and the settlement (003 rule 17), the director's card list has them as
 * they are, a correction by points [East, West] goes through the director route, and the downloads
 * carry the Siamese lines and the summed standings.
 */
import { describe, expect, it } from 'vitest';
import { endSiamese, playSiamese } from './fixtures.test-helpers.js';
import { hubsClosedAfterEach, siameseTournament } from './hub.test-helpers.js';

const TOKEN = 'director-secret-2';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const serve = hubsClosedAfterEach(TOKEN);

describe('tournament routes, Siamese kind', () => {
  it('cards with the settlement, a correction by [East, West] points, the downloads', async () => {
    const { t1, t2, svc } = siameseTournament(3);
    const hub = await serve(svc, svc.wrap([t1, t2]));
    const { app } = hub;
    expect((await app.inject({ method: 'POST', url: '/api/director/tournament/clock', headers: AUTH, payload: { action: 'start' } })).statusCode).toBe(200);
    [
      [160, 15],
      [10, 10],
      [0, 50],
      [5, 0],
    ].forEach((p, i) => {
      if (i > 0) playSiamese(t1, i + 1);
      endSiamese(t1, i + 1, p as [number, number]);
    });
    const pub = (await app.inject({ url: '/api/tournament' })).json();
    expect(pub.cards[0]).toMatchObject({ kind: 'siamese', table: 1, hubTable: 't1', games: 4, settlement: 'Bea pays Ann 100' });
    // each game of the card links to the hub table game it came from: t1's games 1 to 4 (their replays, docs/replay.md)
    expect(pub.cards[0].replays).toEqual([1, 2, 3, 4].map((gameNo) => ({ hubTable: 't1', gameNo })));
    expect(pub.cards[0].seats.map((s: { seat: string; name: string; marks: string[]; total: number }) => `${s.seat} ${s.name} ${s.marks.join(' ')} = ${s.total}`)).toEqual([
      'East Ann 160 10 X 5 = 175',
      'West Bea 15 10 50 X = 75',
    ]);
    const fix = await app.inject({
      method: 'POST',
      url: '/api/director/tournament/cards/t1/1/correct',
      headers: AUTH,
      payload: { game: 4, points: [0, 0], reason: 'no Mah Jongg: a wall game was 10 each', by: 'Dee' },
    });
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
    expect(jsonl.map((l) => JSON.parse(l).points)).toEqual([
      [160, 15],
      [10, 10],
      [0, 50],
      [0, 0],
    ]);
    for (const seat of [0, 2]) svc.verify(1, 1, seat);
    for (const seat of [0, 2]) svc.initial(1, 1, seat);
    expect((await app.inject({ url: '/api/tournament/standings.csv' })).body).toBe(
      ['rank,player,name,game points,penalties,points,prize,marks,scoring', '1,p1,Ann,170,0,170,100,', '2,p2,Bea,75,0,75,60,', '3,p3,Cy,0,0,0,0,', '3,p4,Di,0,0,0,0,']
        .map((l, i) => (i === 0 ? l : `${l},Royale Siamese scoring (003 rule 17): each player's own points per game; the lesser total pays the difference`))
        .join('\r\n') + '\r\n',
    );
  });
});
