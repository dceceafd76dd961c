/**
 * A late arrival in the round in play, over HTTP through a real hub: the movement fills every seat
 * of every round (no empty seat, no bye), so the hub refuses with that reason and names the ways
 * that do seat the newcomer; the withdrawal it names then seats them, with a bye for each round
 * before, and the standings show them from that round.
 */
import { describe, expect, it } from 'vitest';
import { openSqliteStore } from '../store/sqlite.js';
import { CONFIG, FakeStandardTable, T0, siameseTable } from './fixtures.test-helpers.js';
import { hubsClosedAfterEach } from './hub.test-helpers.js';
import { TournamentService } from './service.js';

const TOKEN = 'director-secret-1';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const serve = hubsClosedAfterEach(TOKEN);

describe('a late arrival during the round in play', () => {
  it('Ivy arrives in round 1: refused with the reason (8 players fill 2 tables of four); the withdrawal it names seats her from round 2 with a bye in round 1', async () => {
    let svc: TournamentService;
    const t1 = siameseTable();
    const t2 = new FakeStandardTable(() => svc);
    svc = new TournamentService({ config: CONFIG, store: openSqliteStore(':memory:'), now: () => T0, tickMs: 0 });
    const { app } = await serve(svc, svc.wrap([t1, t2]));
    svc.clock('start');
    const late = (payload: object, headers: Record<string, string> = AUTH) => app.inject({ method: 'POST', url: '/api/director/tournament/late-arrival', headers, payload });
    const ivy = { arrival: { id: 'p9', name: 'Ivy Chan' } };
    expect((await late(ivy, {})).statusCode).toBe(401);
    const refused = await late(ivy);
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      'late arrival: round 1 has no empty seat and no bye for Ivy Chan: its 8 players fill its 2 tables of four, and the movement seats every player in every round. ' +
        'Seat Ivy Chan in the place of a player who withdraws (Withdraw, from round 2: a bye for each round before) or for one round as a substitute.',
    ]);
    const taken = await late({ arrival: { id: 'p3', name: 'Ivy Chan' } });
    expect([taken.statusCode, taken.json().message]).toEqual([409, 'late arrival: "p3" is already Cat Park']);
    // nothing changed: 8 players in the standings
    expect((await app.inject({ url: '/api/tournament' })).json().standings).toHaveLength(8);

    // the way it names: Dot withdraws from round 2, Ivy takes her seat, a bye for round 1
    const w = await app.inject({ method: 'POST', url: '/api/director/tournament/withdraw', headers: AUTH, payload: { player: 'p4', replacement: ivy.arrival } });
    expect(w.statusCode).toBe(200);
    expect(w.json()[0].round).toBe(2);
    const row = (await app.inject({ url: '/api/tournament' })).json().standings.find((r: { player: string }) => r.player === 'p9');
    expect(row).toMatchObject({ name: 'Ivy Chan', gamePoints: 0, penalties: 0, points: 0, prize: 0, byes: [1], withdrawn: false });
  });
});
