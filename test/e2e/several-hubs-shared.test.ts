/**
 * Several hubs, one event (docs/several-hubs.md), end to end, what the hubs share beyond the room:
 * a real PostgreSQL server and two built hub OS processes sharing only it, each with its own
 * simulated Royale Siamese table (hall-a: t1, hall-b: t2).
 *
 * 1. Every hub lists every table: `GET /api/tables` at hall-a gives t1, then t2 marked
 *    `hub: { id: 'hall-b', online: true }`; t2's public view opens at hall-a (HTTP and the `/`
 *    socket); the spectators' room screen (`/broadcast`) at hall-a lists t2 too, and t2's broadcast
 *    opens there (hall-b's payloads).
 * 2. One director login: a login at hall-a is accepted by hall-b (bearer token, cookie, the
 *    `/director` socket); logged out at hall-a, it is refused by both; a login past its lifetime
 *    (both hubs: `--director-session-hours 0.004`, 14.4 s) is refused by both.
 * 3. A seat code follows its player: hall-b's t2 code asked at hall-a is a hall-a link, and opens
 *    the seat at hall-a (HTTP and the `/seat` socket, hall-b's deltas reaching it) and at hall-b.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { postgresSkipReason, startTestPostgres, type TestPostgres } from '../../hub/store/pg-test-server.js';
import { ensureBuiltHub } from '../support/built-hub.js';
import { type HubProcess, killAll, startHub, tableConfig, until } from './hubs-harness.js';
import { DIRECTOR_NAMESPACE, EV, SEAT_NAMESPACE } from '../../hub/contract/socket.js';
import { BROADCAST_EV, BROADCAST_NAMESPACE } from '../../hub/contract/broadcast.js';

const SECRET = 'several-hubs-shared-secret';
/** both hubs' director login lifetime: 0.004 h = 14.4 s (time for step 2, short enough to wait out) */
const SESSION_HOURS = '0.004';
const skip = postgresSkipReason();
if (skip) console.log(`several-hubs-shared.test.ts skipped: ${skip}`);

let pgServer: TestPostgres | null = null;
let dir = '';
const sockets: Socket[] = [];

type Login = { token: string; expiresAt: number; cookie: string };
type Mark = { id: string; online: boolean } | undefined;

/** Logs in at `url` with the secret: the session's bearer token, its expiry and its cookie (`mjhub_director=…`). */
async function login(url: string): Promise<Login> {
  const res = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ secret: SECRET }) });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { token: string; expiresAt: number };
  const cookie = /mjhub_director=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0] ?? '';
  return { ...body, cookie };
}

/** The status of the director's table list at `url` with `headers`. */
const directorStatus = async (url: string, headers: Record<string, string>) => (await fetch(`${url}/api/director/tables`, { headers })).status;

/** A socket.io client to `url` (websocket only), closed after the file. */
function connect(url: string, auth?: Record<string, string>): Socket {
  const s = io(url, { transports: ['websocket'], reconnection: false, ...(auth ? { auth } : {}) });
  sockets.push(s);
  return s;
}

/** Resolves with the first `event` payload on `socket` (30 s at most). */
function first<T>(socket: Socket, event: string, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after 30000 ms waiting for ${what}`)), 30_000);
    socket.once(event, (p: T) => {
      clearTimeout(timer);
      resolve(p);
    });
  });
}

describe.skipIf(skip !== null)(`several hubs share tables, logins and seats${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let hallA: HubProcess;
  let hallB: HubProcess;

  beforeAll(async () => {
    ensureBuiltHub();
    pgServer = await startTestPostgres();
    const db = await pgServer.createDatabase('event');
    dir = mkdtempSync(path.join(tmpdir(), 'mjhub-hubs-shared-'));
    const hub = (id: string, table: string) =>
      startHub(SECRET, [
        ...['--config', tableConfig(dir, table), '--data', path.join(dir, id), '--database-url', db, '--hub-id', id],
        ...['--director-session-hours', SESSION_HOURS, '--sim-pace', '400', '--sim-transport', 'tcp'],
      ]);
    hallB = await hub('hall-b', 't2');
    hallA = await hub('hall-a', 't1');
  }, 180_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    killAll();
    await pgServer?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("1. hall-a lists hall-b's table, marked with its hub, and opens its public view", async () => {
    type Listed = { tableId: string; hub?: Mark };
    const listed = await until(
      async () => {
        const all = (await (await fetch(`${hallA.url}/api/tables`)).json()) as Listed[];
        return all.length === 2 ? all : null;
      },
      15_000,
      "t2 in hall-a's /api/tables",
    );
    // this hub's own table first, unmarked; then hall-b's, heard
    expect(listed.map((t) => [t.tableId, t.hub])).toEqual([
      ['t1', undefined],
      ['t2', { id: 'hall-b', online: true }],
    ]);
    // hall-b lists the same two tables, t1 marked as hall-a's
    const atB = (await (await fetch(`${hallB.url}/api/tables`)).json()) as Listed[];
    expect(atB.map((t) => [t.tableId, t.hub])).toEqual([
      ['t2', undefined],
      ['t1', { id: 'hall-a', online: true }],
    ]);

    // t2's public view through hall-a: HTTP and the public socket (hall-b answers both)
    const view = await fetch(`${hallA.url}/api/tables/t2`);
    expect(view.status).toBe(200);
    expect(((await view.json()) as { tableId: string; variant: string }).tableId).toBe('t2');
    const pub = connect(hallA.url);
    const snap = first<{ tableId: string; view: { tableId: string; variant: string } }>(pub, EV.snapshot, "t2's snapshot at hall-a");
    pub.emit(EV.watch, { tableId: 't2' });
    expect((await snap).view).toMatchObject({ tableId: 't2', variant: 'siamese' });

    // the spectators' room screen at hall-a: t1, then t2 marked with hall-b
    const screen = connect(`${hallA.url}${BROADCAST_NAMESPACE}`);
    const room = first<{ tables: { tableId: string; hub?: Mark }[] }>(screen, BROADCAST_EV.room, "hall-a's broadcast room");
    screen.emit(BROADCAST_EV.watchRoom, {});
    expect((await room).tables.map((t) => [t.tableId, t.hub])).toEqual([
      ['t1', undefined],
      ['t2', { id: 'hall-b', online: true }],
    ]);

    // the spectators' broadcast of t2 at hall-a: hall-b's payload at once, then hall-b's next ones as t2 changes
    const payloads: { tableId: string; sentAt: number }[] = [];
    screen.on(BROADCAST_EV.table, (p: { tableId: string; sentAt: number }) => payloads.push(p));
    screen.emit(BROADCAST_EV.watchTable, { tableId: 't2' });
    await until(() => (payloads.length >= 2 ? true : null), 30_000, "two of t2's broadcast payloads at hall-a");
    expect(payloads.map((p) => p.tableId)).toEqual(payloads.map(() => 't2'));
    expect(payloads[1]!.sentAt).toBeGreaterThanOrEqual(payloads[0]!.sentAt);
  }, 60_000);

  it('2. a login at hall-a is a login at hall-b; logged out or expired, it is refused by both', async () => {
    const l1 = await login(hallA.url);
    expect(l1.cookie).not.toBe('');
    expect(await directorStatus(hallB.url, { authorization: `Bearer ${l1.token}` })).toBe(200);
    expect(await directorStatus(hallB.url, { cookie: l1.cookie })).toBe(200);
    // the /director socket at hall-b takes the session hall-a made
    const director = connect(`${hallB.url}${DIRECTOR_NAMESPACE}`, { token: l1.token });
    await first(director, 'connect', "hall-b's /director socket with hall-a's login");
    // a wrong token is no login anywhere
    expect(await directorStatus(hallB.url, { authorization: `Bearer ${l1.token.slice(0, -2)}AA` })).toBe(401);

    // logged out at hall-a: refused at hall-a at once, at hall-b as soon as it hears (the adapter's message, or its database read every 5 s)
    const out = await fetch(`${hallA.url}/api/logout`, { method: 'POST', headers: { authorization: `Bearer ${l1.token}` } });
    expect(out.status).toBe(200);
    expect(await directorStatus(hallA.url, { authorization: `Bearer ${l1.token}` })).toBe(401);
    await until(async () => ((await directorStatus(hallB.url, { authorization: `Bearer ${l1.token}` })) === 401 ? true : null), 10_000, "hall-b refusing hall-a's logged-out session");
    expect(await directorStatus(hallB.url, { cookie: l1.cookie })).toBe(401);

    // a login past its 14.4 s: accepted by both until its expiry, refused by both after it
    const l2 = await login(hallA.url);
    expect(l2.expiresAt).toBeLessThanOrEqual(Date.now() + 14_400);
    expect(await directorStatus(hallB.url, { authorization: `Bearer ${l2.token}` })).toBe(200);
    await until(async () => ((await directorStatus(hallB.url, { authorization: `Bearer ${l2.token}` })) === 401 ? true : null), 30_000, 'hall-b refusing the expired login');
    expect(Date.now()).toBeGreaterThanOrEqual(l2.expiresAt);
    expect(await directorStatus(hallA.url, { authorization: `Bearer ${l2.token}` })).toBe(401);
  }, 90_000);

  it("3. a seat code of hall-b's table opens the seat at hall-a, hall-b's deltas following it", async () => {
    const auth = { authorization: `Bearer ${(await login(hallA.url)).token}` };
    // t2 in play at hall-b (its walls built and dealt), so the seat has tiles and they move
    await until(
      async () => {
        const v = (await (await fetch(`${hallB.url}/api/tables/t2`)).json()) as { phase: string };
        return v.phase === 'play' ? true : null;
      },
      120_000,
      't2 in play at hall-b',
    );
    const codes = await fetch(`${hallA.url}/api/director/tables/t2/seats`, { headers: auth });
    expect(codes.status).toBe(200);
    const [east] = (await codes.json()) as { player: number; token: string; url: string; game: number }[];
    // the link is to the hub the director asked at: a phone opens it there
    expect(east!.url).toBe(`${hallA.url}/seat/${east!.token}`);

    type Seat = { tableId: string; player: number; gameNo: number; racks: unknown[] };
    for (const url of [hallA.url, hallB.url]) {
      const res = await fetch(`${url}/api/seat/${east!.token}`);
      expect(res.status).toBe(200);
      expect((await res.json()) as Seat).toMatchObject({ tableId: 't2', player: 0, gameNo: east!.game });
    }
    // a code altered is refused at either hub
    const altered = `${east!.token.slice(0, -2)}AA`;
    expect((await fetch(`${hallA.url}/api/seat/${altered}`)).status).toBe(401);

    // the phone's seat socket at hall-a: hall-b's snapshot, then hall-b's deltas, each one seq on
    const seat = connect(`${hallA.url}${SEAT_NAMESPACE}`, { token: east!.token });
    const deltas: number[] = [];
    seat.on(EV.delta, (d: { tableId: string; seq: number }) => deltas.push(d.seq));
    const snap = first<{ tableId: string; seq: number; view: Seat }>(seat, EV.snapshot, "the seat's snapshot at hall-a");
    seat.emit(EV.watch, {});
    const s = await snap;
    expect(s.view).toMatchObject({ tableId: 't2', player: 0 });
    const after = await until(() => deltas.find((q) => q > s.seq), 60_000, "a delta of t2's seat at hall-a");
    expect(after).toBe(s.seq + 1);
  }, 240_000);
});
