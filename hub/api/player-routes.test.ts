/**
 * Check-in, the personal code, the claim page and the player link, through the real hub's HTTP
 * routes (hub/api/player-routes.ts, hub/tournament/players.ts): a code binds one device, a second device is
 * refused naming the player, a reissue revokes the first device (its link and its seat token), the
 * link follows the player into round 2 at another table and seat, and a restart keeps it all.
 */
import QRCode from 'qrcode';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io as connect } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { createHubServer, type HubServer } from './server.js';
import { EV } from './socket-events.js';
import { PLAYER_EV, PLAYER_NAMESPACE } from '../contract/socket.js';
import { openSqliteStore } from '../store/sqlite.js';
import type { EventStore } from '../store/types.js';
import { MIN, T0 } from '../tournament/fixtures.test-helpers.js';
import { PLAYER_CONFIG, standardTable } from '../tournament/players.test-helpers.js';
import { TournamentService } from '../tournament/service.js';
import { siameseTournament } from '../tournament/hub.test-helpers.js';

const TOKEN = 'director-secret-1';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const SEAT_SECRET = new Uint8Array(32).fill(7);
const clock = { now: T0 };
/** A time as the revoked link's words give it, HH:MM local. */
const hhmm = (ms: number) => `${String(new Date(ms).getHours()).padStart(2, '0')}:${String(new Date(ms).getMinutes()).padStart(2, '0')}`;
const open: { hub: HubServer; svc: TournamentService; store: EventStore }[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.hub.close();
    o.svc.close();
    o.store.close();
  }
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  clock.now = T0;
});

async function start(file = ':memory:') {
  const store = openSqliteStore(file);
  const svc = new TournamentService({ config: PLAYER_CONFIG, store, now: () => clock.now, tickMs: 0 });
  const t1 = standardTable('t1');
  const t2 = standardTable('t2');
  const hub = await createHubServer({ tables: svc.wrap([t1, t2]), directorToken: TOKEN, tournament: svc, seatSecret: SEAT_SECRET, publicUrl: 'http://10.0.0.5:8080' });
  open.push({ hub, svc, store });
  return { app: hub.app, hub, svc, t1, t2, store };
}

type App = Awaited<ReturnType<typeof start>>['app'];
const checkIn = async (app: App, player: string) => app.inject({ method: 'POST', url: `/api/director/tournament/players/${player}/check-in`, headers: AUTH });
const claim = async (app: App, payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/claim', payload });

describe('check-in and the player link', () => {
  it('check-in gives a 12-character code once; the room lists who has not checked in; no code elsewhere', async () => {
    const { app } = await start();
    expect((await app.inject({ method: 'POST', url: '/api/director/tournament/players/p1/check-in' })).statusCode).toBe(401);
    const slip = await checkIn(app, 'p1');
    expect(slip.statusCode).toBe(200);
    const s = slip.json();
    expect(s).toMatchObject({ player: 'p1', name: 'Ann Lee', issue: 1, claimUrl: 'http://10.0.0.5:8080/claim' });
    expect(s.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    // the slip's own QR code: the claim page with the code in the fragment, as the QR library draws that address
    expect(s.qrSvg).toBe(await QRCode.toString(`http://10.0.0.5:8080/claim#code=${s.code}`, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }));
    const again = await checkIn(app, 'p1');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Ann Lee (p1) is already checked in: the code cannot be shown again; reissue it to give a new one');
    expect((await checkIn(app, 'p9')).json().message).toBe("no player 'p9' in this tournament (players: p1, p2, p3, p4, p5, p6, p7, p8)");

    const desk = (await app.inject({ url: '/api/director/tournament/players', headers: AUTH })).json();
    // 8 players, 1 checked in: 7 not checked in
    expect(desk.filter((r: { checkedInAt: number | null }) => r.checkedInAt === null).map((r: { player: string }) => r.player)).toEqual(['p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8']);
    expect(desk[0]).toEqual({ player: 'p1', name: 'Ann Lee', checkedInAt: T0, issue: 1, boundAt: null });
    // the code is on no public answer and nowhere in the desk list
    for (const url of ['/api/tournament', '/api/tables/t1', '/api/tables/t1/claim']) expect((await app.inject({ url })).body).not.toContain(s.code);
    expect(JSON.stringify(desk)).not.toContain(s.code);
    const qr = (await app.inject({ url: '/api/tables/t1/claim' })).json();
    expect(qr.url).toBe('http://10.0.0.5:8080/claim/t1');
    expect(qr.qrSvg).toMatch(/^<svg/);
  });

  it('a claim binds the device; a wrong code, a second device (409 naming the player); the same device again is fine', async () => {
    const { app } = await start();
    const { code } = (await checkIn(app, 'p2')).json();
    const wrong = await claim(app, { code: 'ZZZZ-ZZZZ-ZZZZ' });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe('this is not a player code of this tournament (or it was reissued): check it against your slip, or ask the director');
    const short = await claim(app, { code: 'K7QM' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('a player code is 12 letters and digits, e.g. K7QM-3XPA-9RTD (dashes and spaces optional); got 4 character(s)');
    expect((await claim(app, { kode: code })).json().message).toMatch(/^body/);

    // typed in lower case without dashes: the same code
    const first = await claim(app, { code: code.replace(/-/g, '').toLowerCase(), table: 't1' });
    expect(first.statusCode).toBe(200);
    const c = first.json();
    expect(c).toMatchObject({ player: 'p2', name: 'Bea Ross', link: '/player' });
    expect(c.device).toMatch(/^[A-Za-z0-9_-]{43}$/);

    clock.now = T0 + 2 * MIN;
    const second = await claim(app, { code });
    expect(second.statusCode).toBe(409);
    const since = new Date(T0);
    const hhmm = `${String(since.getHours()).padStart(2, '0')}:${String(since.getMinutes()).padStart(2, '0')}`;
    expect(second.json().message).toBe(`the code of Bea Ross (p2) is already bound to another device (since ${hhmm}): ask the director to reissue it`);
    const same = await claim(app, { code, device: c.device });
    expect(same.statusCode).toBe(200);
    expect(same.json().device).toBe(c.device);

    // round 1: Bea sits South at table 1 (hub t1, player index 1); the seat token opens her own hand
    const link = (await app.inject({ url: `/api/player/${c.device}` })).json();
    expect(link).toMatchObject({ player: 'p2', name: 'Bea Ross', tournament: 'Check-in Open', round: 1, rounds: 2, table: 1, seat: 'South', hubTable: 't1', game: 1 });
    const seat = (await app.inject({ url: `/api/seat/${link.seatToken}` })).json();
    expect(seat).toMatchObject({ tableId: 't1', player: 1, seat: 'South' });
    expect((await app.inject({ url: '/api/player/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(401);
  });

  it('a reissue revokes the bound device: its link answers 410, its seat token is refused, its seat socket is closed', async () => {
    const { app, hub } = await start();
    const { code } = (await checkIn(app, 'p1')).json();
    const { device } = (await claim(app, { code })).json();
    const link = (await app.inject({ url: `/api/player/${device}` })).json();
    const url = await hub.listen(0);
    const socket = connect(`${url}/seat`, { auth: { token: link.seatToken }, transports: ['websocket'], reconnection: false });
    const problems: { error: string; fatal?: boolean }[] = [];
    socket.on(EV.problem, (p) => problems.push(p));
    try {
      await new Promise<void>((ok, bad) => {
        socket.once('connect', () => ok());
        socket.once('connect_error', bad);
      });
      clock.now = T0 + 30 * MIN;
      const re = await app.inject({ method: 'POST', url: '/api/director/tournament/players/p1/reissue', headers: AUTH });
      expect(re.statusCode).toBe(200);
      const fresh = re.json();
      expect(fresh.issue).toBe(2);
      expect(fresh.code).not.toBe(code);
      const at = new Date(T0 + 30 * MIN);
      const revoked = `This link was revoked by the director at ${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}: ask the director for your new code.`;
      await expect.poll(() => problems).toEqual([{ error: `seat token revoked: ${revoked}`, fatal: true }]);

      const gone = await app.inject({ url: `/api/player/${device}` });
      expect(gone.statusCode).toBe(410);
      expect(gone.json().message).toBe(revoked);
      const seat = await app.inject({ url: `/api/seat/${link.seatToken}` });
      expect(seat.statusCode).toBe(401);
      expect(seat.json().message).toBe(`seat token revoked: ${revoked}`);
      // the old code is no code any more; the new one binds a new device
      expect((await claim(app, { code })).statusCode).toBe(404);
      const next = await claim(app, { code: fresh.code });
      expect(next.statusCode).toBe(200);
      expect((await app.inject({ url: `/api/player/${next.json().device}` })).json()).toMatchObject({ player: 'p1', table: 1, seat: 'East' });
    } finally {
      socket.close();
    }
  });

  it('the /player socket pushes the link at once and again at round 2 (table 2, West); a never-bound device is refused; a reissue ends it', async () => {
    const { app, hub, svc } = await start();
    const { code } = (await checkIn(app, 'p2')).json();
    const { device } = (await claim(app, { code })).json();
    const url = await hub.listen(0);
    const stranger = connect(`${url}${PLAYER_NAMESPACE}`, { auth: { device: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }, transports: ['websocket'], reconnection: false });
    const refused = await new Promise<string>((ok) => stranger.once('connect_error', (e) => ok(e.message)));
    stranger.close();
    expect(refused).toMatch(/^player link: /);
    const socket = connect(`${url}${PLAYER_NAMESPACE}`, { auth: { device }, transports: ['websocket'], reconnection: false });
    const links: { round: number; table: number; seat: string; hubTable: string | null; game: number | null; seatToken: string | null }[] = [];
    const problems: { error: string; fatal?: boolean }[] = [];
    socket.on(PLAYER_EV.link, (l) => links.push(l));
    socket.on(EV.problem, (p) => problems.push(p));
    try {
      // at once: round 1, table 1, South (hub t1), game 1, with a seat token that opens that seat
      await expect.poll(() => links.length).toBe(1);
      expect(links[0]).toMatchObject({ round: 1, table: 1, seat: 'South', hubTable: 't1', game: 1 });
      expect((await app.inject({ url: `/api/seat/${links[0]!.seatToken}` })).json()).toMatchObject({ tableId: 't1', seat: 'South' });
      // round 1's 50 minutes run out; the director moves on: Bea (home South) goes 1 table on and one seat round
      svc.clock('start');
      clock.now = T0 + 50 * MIN + 1_000;
      svc.tick();
      svc.nextRound();
      await expect.poll(() => links.at(-1)?.round).toBe(2);
      expect(links.at(-1)).toMatchObject({ round: 2, table: 2, seat: 'West', hubTable: 't2', game: 1 });
      expect((await app.inject({ url: `/api/seat/${links.at(-1)!.seatToken}` })).json()).toMatchObject({ tableId: 't2', seat: 'West' });
      // each change of seat told once: round 1's seat, then round 2's (the clock's ticks tell nothing)
      expect(links.map((l) => `${l.round} ${l.table} ${l.seat}`)).toEqual(['1 1 South', '2 2 West']);
      clock.now = T0 + 55 * MIN;
      expect((await app.inject({ method: 'POST', url: '/api/director/tournament/players/p2/reissue', headers: AUTH })).statusCode).toBe(200);
      await expect.poll(() => problems).toEqual([{ error: 'This link was revoked by the director at ' + hhmm(T0 + 55 * MIN) + ': ask the director for your new code.', fatal: true }]);
      await expect.poll(() => socket.connected).toBe(false);
    } finally {
      socket.close();
    }
  });

  it('the player link follows into round 2 at another table and seat, and a restart keeps the binding', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mjhub-players-'));
    dirs.push(dir);
    const file = path.join(dir, 'events.sqlite');
    const one = await start(file);
    const { code } = (await checkIn(one.app, 'p2')).json();
    const { device } = (await claim(one.app, { code })).json();
    expect((await one.app.inject({ url: `/api/player/${device}` })).json()).toMatchObject({ round: 1, table: 1, seat: 'South', hubTable: 't1' });

    // round 1's 50 minutes run out; the director moves on to round 2
    one.svc.clock('start');
    clock.now = T0 + 50 * MIN + 1_000;
    one.svc.tick();
    const next = await one.app.inject({ method: 'POST', url: '/api/director/tournament/clock', headers: AUTH, payload: { action: 'next-round' } });
    expect(next.statusCode).toBe(200);
    // round 2: Bea (home South) moves 1 table on and one seat round: table 2, West (hub t2, player index 2)
    const r2 = (await one.app.inject({ url: `/api/player/${device}` })).json();
    expect(r2).toMatchObject({ round: 2, table: 2, seat: 'West', hubTable: 't2', game: 1 });
    expect((await one.app.inject({ url: `/api/seat/${r2.seatToken}` })).json()).toMatchObject({ tableId: 't2', player: 2, seat: 'West' });

    // Cat's phone is revoked before the restart
    const cat = (await claim(one.app, { code: (await checkIn(one.app, 'p3')).json().code })).json().device;
    expect((await one.app.inject({ method: 'POST', url: '/api/director/tournament/players/p3/reissue', headers: AUTH })).statusCode).toBe(200);

    // a restart: the same log and seat secret
    const o = open.splice(0);
    for (const x of o) {
      await x.hub.close();
      x.svc.close();
      x.store.close();
    }
    const two = await start(file);
    expect(two.svc.players.problems).toEqual([]);
    expect((await two.app.inject({ url: `/api/player/${device}` })).json()).toMatchObject({ player: 'p2', round: 2, table: 2, seat: 'West', hubTable: 't2' });
    expect((await claim(two.app, { code })).statusCode).toBe(409);
    expect((await two.app.inject({ url: `/api/player/${cat}` })).statusCode).toBe(410);
    const desk = (await two.app.inject({ url: '/api/director/tournament/players', headers: AUTH })).json();
    expect(desk[1]).toEqual({ player: 'p2', name: 'Bea Ross', checkedInAt: T0, issue: 1, boundAt: T0 });
  });

  it('a Siamese tournament: the link follows the circle-method seating (003 tables of two)', async () => {
    // siameseTournament's players, tables and fake tables (Ann East, Bea West), on this file's clock
    const base = siameseTournament(3);
    base.svc.close();
    const { t1, t2 } = base;
    const store = openSqliteStore(':memory:');
    const svc = new TournamentService({ config: base.svc.config, store, now: () => clock.now, tickMs: 0 });
    const hub = await createHubServer({ tables: svc.wrap([t1, t2]), directorToken: TOKEN, tournament: svc, seatSecret: SEAT_SECRET });
    open.push({ hub, svc, store });
    const app = hub.app;
    const link = async (player: string) => {
      const { code } = (await checkIn(app, player)).json();
      return (await claim(app, { code })).json().device as string;
    };
    const ann = await link('p1');
    const di = await link('p4');
    // round 1: Ann-Bea at table 1 (Ann East: t1 player 0), Cy-Di at table 2 (Di West: t2 player 1)
    expect((await app.inject({ url: `/api/player/${ann}` })).json()).toMatchObject({ round: 1, table: 1, seat: 'East', hubTable: 't1' });
    const d1 = (await app.inject({ url: `/api/player/${di}` })).json();
    expect(d1).toMatchObject({ round: 1, table: 2, seat: 'West', hubTable: 't2' });
    expect((await app.inject({ url: `/api/seat/${d1.seatToken}` })).json()).toMatchObject({ tableId: 't2', player: 1, seat: 'West' });
    // round 2 (circle method, k = 1): table 1 Cy East, Ann West; table 2 Di East, Bea West
    svc.clock('start');
    clock.now = T0 + svc.config.roundMs + 1_000;
    svc.tick();
    svc.nextRound();
    const a2 = (await app.inject({ url: `/api/player/${ann}` })).json();
    expect(a2).toMatchObject({ round: 2, table: 1, seat: 'West', hubTable: 't1' });
    expect((await app.inject({ url: `/api/seat/${a2.seatToken}` })).json()).toMatchObject({ tableId: 't1', player: 1, seat: 'West' });
    const d2 = (await app.inject({ url: `/api/player/${di}` })).json();
    expect(d2).toMatchObject({ round: 2, table: 2, seat: 'East', hubTable: 't2' });
    expect((await app.inject({ url: `/api/seat/${d2.seatToken}` })).json()).toMatchObject({ tableId: 't2', player: 0, seat: 'East' });
  });

  it('guessing is rate limited: the 11th claim in a minute from one address is refused (429)', async () => {
    const { app } = await start();
    const codes = Array.from({ length: 11 }, (_, i) => `ZZZZ-ZZZZ-ZZ${String(i).padStart(2, '0')}`);
    const statuses: number[] = [];
    for (const c of codes) statuses.push((await claim(app, { code: c })).statusCode);
    // 10 answered (each a wrong code: 404), the 11th refused
    expect(statuses).toEqual([...new Array(10).fill(404), 429]);
  });
});
