/**
 * `GET /api/director/tables/:id/games/:gameNo/record` (rules/GAME-RECORD.md) on a Royale Siamese
 * engine that played a seeded game over reader lines: the director downloads the record and it
 * referees to the table's points; a record holds every concealed tile, so without the director's
 * credentials (none, a wrong token, a seat's token) it is refused.
 */
import { describe, expect, it } from 'vitest';
import { parseGameRecord, writeGameRecord } from '../../rules/record/game-record.js';
import { refereeRecord } from '../record/replay.js';
import { siameseDemo } from '../table/test-bench.js';
import { servedGames } from './test-download.js';

const TOKEN = 'game-record-route-token';
const { cards } = siameseDemo;
/** Seed 6 with a wrong-wall pick at the 3rd pick (hub/table/engine-rulings.test.ts), played whole, behind a hub server. */
const served = servedGames(TOKEN);

const URL1 = '/api/director/tables/t1/games/1/record';

describe('the game record route', () => {
  // 003 rule 17: Ann 30 (rack 2), Bea 30 + 30 × 2 (2nd Mah Jongg, 17B) = 90
  it("gives the director the record as a download; refereed, it gives the table's points 30, 90", async () => {
    const { b, app } = await served();
    const res = await app.inject({ url: URL1, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="t1-game-1.jsonl"');
    expect(res.body).toBe(writeGameRecord(b.engine.gameRecord(1)!));
    expect(refereeRecord(parseGameRecord(res.body), cards).points).toEqual([30, 90]);
    expect(b.engine.publicView().score?.points).toEqual([30, 90]);
  });

  it("is refused without the director's credentials: 401 with none, a wrong token or a seat's token; the public views stay without it", async () => {
    const { app } = await served();
    expect((await app.inject({ url: URL1 })).statusCode).toBe(401);
    expect((await app.inject({ url: URL1, headers: { authorization: 'Bearer not-the-token' } })).statusCode).toBe(401);
    const seats = (await app.inject({ url: '/api/director/tables/t1/seats', headers: { authorization: `Bearer ${TOKEN}` } })).json() as { token: string }[];
    expect(seats).toHaveLength(2);
    expect((await app.inject({ url: URL1, headers: { authorization: `Bearer ${seats[0]!.token}` } })).statusCode).toBe(401);
    // a seat's own view and the public one carry no record and no tile id of the walls
    const seat = await app.inject({ url: `/api/seat/${seats[0]!.token}` });
    expect(seat.statusCode).toBe(200);
    expect(seat.body).not.toContain('mjhub.game-record');
    const pub = await app.inject({ url: '/api/tables/t1' });
    expect(pub.body).not.toContain('mjhub.game-record');
    expect(pub.body).not.toMatch(/#\d/);
  });

  it('404 for a table or a game that is not there, 400 for a game number that is not one', async () => {
    const { app } = await served();
    const auth = { authorization: `Bearer ${TOKEN}` };
    const two = await app.inject({ url: '/api/director/tables/t1/games/2/record', headers: auth });
    expect([two.statusCode, two.json().message]).toEqual([404, "table 't1' has no game 2 (games begun: 1)"]);
    expect((await app.inject({ url: '/api/director/tables/t9/games/1/record', headers: auth })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/director/tables/t1/games/0/record', headers: auth })).statusCode).toBe(400);
    expect((await app.inject({ url: '/api/director/tables/t1/games/x/record', headers: auth })).statusCode).toBe(400);
  });
});
