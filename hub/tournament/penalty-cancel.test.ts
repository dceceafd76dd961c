/**
 * The director cancels a penalty entered by mistake, over HTTP through a real hub: one
 * `tournament-penalty-cancel` event linked to the penalty by its id; the log keeps both, and the
 * standings, the CSV and JSON exports and the player's printed card follow; a restart keeps it.
 */
import { describe, expect, it } from 'vitest';
import { openSqliteStore } from '../store/sqlite.js';
import { CONFIG, FakeStandardTable, MIN, T0, endSiamese, siameseTable } from './fixtures.test-helpers.js';
import { hubsClosedAfterEach } from './hub.test-helpers.js';
import { TOURNAMENT_LOG, TournamentService, hhmm } from './service.js';

const TOKEN = 'director-secret-1';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const serve = hubsClosedAfterEach(TOKEN);

describe('cancelling a penalty entered by mistake', () => {
  it('Cat is given late −10 by mistake (Ann was the one late, −5): cancelled, Cat 80 is 1st again and Ann 70 2nd; the log keeps both; a restart keeps it', async () => {
    const store = openSqliteStore(':memory:');
    const clock = { now: T0 };
    let svc: TournamentService;
    const t1 = siameseTable();
    const t2 = new FakeStandardTable(() => svc);
    svc = new TournamentService({ config: CONFIG, store, now: () => clock.now, tickMs: 0 });
    const { app } = await serve(svc, svc.wrap([t1, t2]));
    svc.clock('start');
    endSiamese(t1, 1, [75, 80]); // table 1: Ann East 75, Cat West 80
    clock.now = T0 + 50 * MIN; // time up: table 2's games score 0, the cards can be completed
    await app.inject({ url: '/api/tournament' });
    for (const t of [1, 2]) for (const s of [0, 1, 2, 3]) svc.verify(t, 1, s);
    for (const t of [1, 2]) for (const s of [0, 1, 2, 3]) svc.initial(t, 1, s);

    const give = (payload: object) => app.inject({ method: 'POST', url: '/api/director/tournament/penalties', headers: AUTH, payload });
    expect((await give({ player: 'p3', round: 1, kind: 'late', points: -10, reason: 'late 12 minutes', by: 'Dora' })).json()).toMatchObject({ id: 1, player: 'p3' });
    expect((await give({ player: 'p1', round: 1, kind: 'late', points: -5, reason: 'late 6 minutes', by: 'Dora' })).json()).toMatchObject({ id: 2, player: 'p1' });
    const row = async (player: string) => (await app.inject({ url: '/api/tournament' })).json().standings.find((r: { player: string }) => r.player === player);
    // Ann 75 − 5 = 70, Cat 80 − 10 = 70: tied 1st, sharing (100 + 60) / 2 = 80
    expect(await row('p3')).toMatchObject({ rank: 1, gamePoints: 80, penalties: -10, points: 70, prize: 80 });

    const cancel = (id: string, payload: object, headers: Record<string, string> = AUTH) =>
      app.inject({ method: 'POST', url: `/api/director/tournament/penalties/${id}/cancel`, headers, payload });
    expect((await cancel('1', { reason: 'given to Cat by mistake' }, {})).statusCode).toBe(401);
    const unknown = await cancel('9', { reason: 'given to Cat by mistake' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'cancel: no penalty 9 in the log (it has 2)']);
    const noReason = await cancel('1', {});
    expect([noReason.statusCode, noReason.json().message]).toEqual([400, 'body.reason is required']);
    const done = await cancel('1', { reason: 'given to Cat by mistake', by: 'Dora' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      id: 1,
      at: T0 + 50 * MIN,
      player: 'p3',
      round: 1,
      kind: 'late',
      points: -10,
      reason: 'late 12 minutes',
      director: 'Dora',
      cancelled: { at: T0 + 50 * MIN, director: 'Dora', reason: 'given to Cat by mistake' },
    });
    clock.now += MIN;
    const again = await cancel('1', { reason: 'twice' });
    expect([again.statusCode, again.json().message]).toEqual([409, `cancel: penalty 1 (Cat Park, late, -10) was already cancelled by Dora at ${hhmm(T0 + 50 * MIN)}`]);

    // the standings follow: Cat 80 (1st, 100), Ann 75 − 5 = 70 (2nd, 60)
    expect(await row('p3')).toMatchObject({ rank: 1, gamePoints: 80, penalties: 0, points: 80, prize: 100 });
    expect(await row('p1')).toMatchObject({ rank: 2, gamePoints: 75, penalties: -5, points: 70, prize: 60 });
    const csv = (await app.inject({ url: '/api/tournament/standings.csv' })).body.split('\r\n');
    expect(csv[1]!.startsWith('1,p3,Cat Park,80,0,80,100,,')).toBe(true);
    const json = (await app.inject({ url: '/api/tournament/standings.json' })).json();
    expect(json.penalties.map((p: { id: number; player: string; points: number }) => [p.id, p.player, p.points])).toEqual([[2, 'p1', -5]]);
    // the player's card lists no penalty any more, and its standing says so
    const card = (await app.inject({ url: '/api/director/tournament/print/player/p3', headers: AUTH })).body;
    expect(card).toContain('<h2>Penalties</h2><p>None.</p>');
    expect(card).toContain('Game points 80 · penalties 0 · total 80 · rank 1');
    // the log keeps both: the penalty, marked, and the cancellation event linked to it by id
    const log = (await app.inject({ url: '/api/director/tournament/penalties', headers: AUTH })).json();
    expect(log.penalties.map((p: { id: number; cancelled?: { reason: string } }) => [p.id, p.cancelled?.reason ?? null])).toEqual([
      [1, 'given to Cat by mistake'],
      [2, null],
    ]);
    expect(
      store
        .events(TOURNAMENT_LOG)
        .filter((e) => e.type === 'tournament-penalty-cancel')
        .map((e) => e.data),
    ).toEqual([{ id: 1, reason: 'given to Cat by mistake', director: 'Dora' }]);

    // a restart folds the log again: the cancellation holds
    const restarted = new TournamentService({ config: CONFIG, store, now: () => clock.now, tickMs: 0 });
    expect(restarted.penaltyLog()).toEqual(svc.penaltyLog());
    expect(restarted.standings()).toEqual(svc.standings());
    expect(restarted.problems).toEqual([]);
    restarted.close();
  });
});
