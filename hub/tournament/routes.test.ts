import { io as connect } from 'socket.io-client';
import { describe, expect, it, vi } from 'vitest';
import { EV } from '../api/socket-events.js';
import { openSqliteStore } from '../store/sqlite.js';
import { CONFIG, FakeStandardTable, G1, G2, G3, G4, MIN, T0, endSiamese, siameseTable } from './fixtures.test-helpers.js';
import { hubsClosedAfterEach } from './hub.test-helpers.js';
import { TournamentService } from './service.js';

const TOKEN = 'director-secret-1';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const serve = hubsClosedAfterEach(TOKEN);

async function start() {
  const clock = { now: T0 };
  let svc: TournamentService;
  const t1 = siameseTable();
  const t2 = new FakeStandardTable(() => svc);
  svc = new TournamentService({ config: CONFIG, store: openSqliteStore(':memory:'), now: () => clock.now, tickMs: 0 });
  const hub = await serve(svc, svc.wrap([t1, t2]));
  return { app: hub.app, hub, svc, t1, t2, clock };
}

describe('tournament routes', () => {
  it('director routes need the director token; the clock starts and pauses; the table view shows it', async () => {
    const { app, clock } = await start();
    const no = await app.inject({ method: 'POST', url: '/api/director/tournament/clock', payload: { action: 'start' } });
    expect(no.statusCode).toBe(401);
    const bad = await app.inject({ method: 'POST', url: '/api/director/tournament/clock', headers: AUTH, payload: { action: 'stop' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('body.action must be one of "start", "pause", "resume", "next-round"');
    const ok = await app.inject({ method: 'POST', url: '/api/director/tournament/clock', headers: AUTH, payload: { action: 'start' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ round: 1, state: 'running', remainingMs: 3_000_000, display: '50:00', running: true, aboutToRunOut: false, timeUp: false });
    const again = await app.inject({ method: 'POST', url: '/api/director/tournament/clock', headers: AUTH, payload: { action: 'start' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('the clock is already started (running)');
    clock.now = T0 + 46 * MIN;
    const table = (await app.inject({ url: '/api/tables/t1' })).json();
    expect(table.clock).toEqual({ remainingMs: 240_000, running: true, aboutToRunOut: true, timeUp: false, state: 'running' });
    expect(table.round).toEqual({ round: 1, game: 1, of: 4, label: '1' });
    expect(table).not.toHaveProperty('concealed');
    const paused = await app.inject({ method: 'POST', url: '/api/director/tournament/clock', headers: AUTH, payload: { action: 'pause' } });
    expect(paused.json()).toMatchObject({ state: 'paused', remainingMs: 240_000, display: '4:00', running: false });
  });

  it('public GET /api/tournament and the three downloads; a correction through the director route', async () => {
    const { app, svc, t1, t2, clock } = await start();
    svc.clock('start');
    t2.end(1, G1, [25, -10, 0, 0]);
    t2.end(2, G2, [0, 0, 60, 0]);
    t2.end(3, G3, [10, 10, 10, 0]);
    t2.end(4, G4, [-20, 0, 0, 35]);
    endSiamese(t1, 1, [145, 20]);
    clock.now = T0 + 30 * MIN;
    for (const s of [0, 1, 2, 3]) svc.verify(2, 1, s);
    for (const s of [0, 1, 2, 3]) svc.initial(2, 1, s);

    const pub = await app.inject({ url: '/api/tournament' });
    expect(pub.statusCode).toBe(200);
    const body = pub.json();
    expect(body.clock).toEqual({ round: 1, state: 'running', remainingMs: 1_200_000, display: '20:00', running: true, aboutToRunOut: false, timeUp: false });
    expect(body.cards.map((c: { table: number; hubTable: string; games: number; complete: boolean }) => [c.table, c.hubTable, c.games, c.complete])).toEqual([
      [1, 't1', 1, false],
      [2, 't2', 4, true],
    ]);
    expect(body.cards[0].seats[0]).toEqual({ seat: 'East', player: 'p1', name: 'Ann Lee', marks: ['145', '', '', ''], total: 145, initialed: false, verified: false });
    expect(body.standings.slice(0, 3)).toEqual([
      { rank: 1, player: 'p7', gamePoints: 70, penalties: 0, points: 70, prize: 100, byes: [], withdrawn: false, name: 'Gil Moss' },
      { rank: 2, player: 'p8', gamePoints: 35, penalties: 0, points: 35, prize: 60, byes: [], withdrawn: false, name: 'Hal Burt' },
      { rank: 3, player: 'p5', gamePoints: 15, penalties: 0, points: 15, prize: 40, byes: [], withdrawn: false, name: 'Eve Kahn' },
    ]);
    expect(pub.body).not.toContain('"EK"'); // no initials on the public side

    const csv = await app.inject({ url: '/api/tournament/standings.csv' });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="standings.csv"');
    // each row ends with the settings in force (000's), quoted: they hold commas
    expect(
      csv.body
        .split('\r\n')
        .slice(0, 4)
        .map((l) => l.replace(/,"Tournament scoring \(seed 000\); Discarder pays: −10 .*"$/, ',<000>')),
    ).toEqual(['rank,player,name,game points,penalties,points,prize,marks,scoring', '1,p7,Gil Moss,70,0,70,100,,<000>', '2,p8,Hal Burt,35,0,35,60,,<000>', '3,p5,Eve Kahn,15,0,15,40,,<000>']);
    expect(body.scoring[0]).toBe('Tournament scoring (seed 000)');
    expect(csv.body).toBe(svc.standingsCsv());
    const json = await app.inject({ url: '/api/tournament/standings.json' });
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(json.body).toBe(svc.standingsJson());
    expect(json.json().standings[0]).toEqual({ rank: 1, player: 'p7', name: 'Gil Moss', gamePoints: 70, penalties: 0, points: 70, prize: 100, byes: [], withdrawn: false });
    const jsonl = await app.inject({ url: '/api/tournament/games.jsonl' });
    expect(jsonl.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(jsonl.body).toBe(svc.gamesJsonl());
    expect(jsonl.body.split('\n').filter(Boolean)).toHaveLength(5);

    const noAuth = await app.inject({ method: 'POST', url: '/api/director/tournament/cards/2/1/correct', payload: { game: 2, points: [0, 0, 25, 0], reason: 'not jokerless' } });
    expect(noAuth.statusCode).toBe(401);
    const noReason = await app.inject({ method: 'POST', url: '/api/director/tournament/cards/2/1/correct', headers: AUTH, payload: { game: 2, points: [0, 0, 25, 0] } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('body.reason is required');
    const unknown = await app.inject({ method: 'POST', url: '/api/director/tournament/cards/9/1/correct', headers: AUTH, payload: { game: 2, points: [0, 0, 25, 0], reason: 'x' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('no table 9 in round 1: the tournament has tables 1-2');
    const badRound = await app.inject({ method: 'POST', url: '/api/director/tournament/cards/2/x/correct', headers: AUTH, payload: { game: 2, points: [0, 0, 25, 0], reason: 'x' } });
    expect(badRound.statusCode).toBe(400);
    expect(badRound.json().message).toMatch(/^params\.round must match pattern/);
    const fixed = await app.inject({
      method: 'POST',
      url: '/api/director/tournament/cards/t2/1/correct',
      headers: AUTH,
      payload: { game: 2, points: [0, 0, 25, 0], reason: 'West was not jokerless', by: 'Judy' },
    });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toMatchObject({ round: 1, table: 2, initials: [null, null, null, null], verified: [false, false, false, false] });
    expect(fixed.json().games[1].points).toEqual([0, 0, 25, 0]);
    // the card is no longer complete: it leaves the standings until initialed again
    const after = (await app.inject({ url: '/api/tournament' })).json();
    expect(after.cards[1].complete).toBe(false);
    expect(after.standings.every((r: { points: number }) => r.points === 0)).toBe(true);
    const dir = (await app.inject({ url: '/api/director/tournament', headers: AUTH })).json();
    expect(dir.cards[1].corrections[0]).toMatchObject({ game: 2, reason: 'West was not jokerless', director: 'Judy' });
    expect(dir.problems).toEqual([]);
  });

  it('the clock goes out to the table watchers over socket.io: a delta with only `clock` when the director starts it', async () => {
    const { svc, hub } = await start(); // the one hub this test started
    const url = await hub.listen(0);
    const socket = connect(url, { transports: ['websocket'], reconnection: false, forceNew: true });
    try {
      const got: { ev: string; payload: any }[] = [];
      socket.onAny((ev: string, payload: unknown) => got.push({ ev, payload }));
      await new Promise<void>((resolve) => socket.emit(EV.watch, { tableId: 't1' }, () => resolve()));
      expect(got[0]!.payload.view.clock).toEqual({ remainingMs: 3_000_000, running: false, aboutToRunOut: false, timeUp: false, state: 'ready' });
      svc.clock('start');
      await vi.waitFor(() => expect(got.length).toBeGreaterThanOrEqual(2), 3000);
      expect(got[1]).toEqual({
        ev: EV.delta,
        payload: { tableId: 't1', seq: 1, changes: { clock: { remainingMs: 3_000_000, running: true, aboutToRunOut: false, timeUp: false, state: 'running' } } },
      });
    } finally {
      socket.disconnect();
    }
  });
});
