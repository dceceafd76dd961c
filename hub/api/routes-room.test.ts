/**
 * The room's desk through a real hub server (fastify.inject, and socket.io on a real listen): a
 * seat calls with its seat token, the table display calls for the table, the director takes a call
 * and posts / clears the announcement with credentials (refused without), a restart keeps both
 * (the event log is the truth), and the pushes reach the table displays, seats and the director.
 */
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../store/sqlite.js';
import type { EventStore } from '../store/types.js';
import { FakeTableRuntime, sampleDirectorView } from './fake-runtime.js';
import { createHubServer, type HubServer } from './server.js';
import { DIRECTOR_NAMESPACE } from './socket-events.js';
import { AnnouncementReply, ROOM_EV, RoomDeskPushSchema } from '../contract/room.js';
import { DIRECTOR_LOGIN_NEEDED_HTTP } from '../../rules/wording/director-login.js';

const TOKEN = 'room-desk-token';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const SECRET = new Uint8Array(32).fill(7);

const servers: HubServer[] = [];
const stores: EventStore[] = [];
const clients: Socket[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.disconnect();
  for (const s of servers.splice(0)) await s.close();
  for (const s of stores.splice(0)) s.close();
});

async function make(store: EventStore = openSqliteStore(':memory:')) {
  if (!stores.includes(store)) stores.push(store);
  const t7 = new FakeTableRuntime(sampleDirectorView('7'));
  const t8 = new FakeTableRuntime(sampleDirectorView('8'));
  const hub = await createHubServer({ tables: [t7, t8], directorToken: TOKEN, store, seatSecret: SECRET, sections: { '8': 'Hall B' } });
  servers.push(hub);
  return { hub, app: hub.app, store };
}

/** The seat token of `player` at table 7 (the director's seat codes). */
async function seatToken(app: HubServer['app'], player: number): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/director/tables/7/seats', headers: AUTH });
  return (res.json() as { token: string }[])[player]!.token;
}

describe('calls for the director', () => {
  it('a seat calls with its token: the room reads "table 7 calls (East)" until the director takes it', async () => {
    const { app } = await make();
    const token = await seatToken(app, 0);
    const call = await app.inject({ method: 'POST', url: `/api/seat/${token}/call` });
    expect(call.statusCode).toBe(200);
    const made = call.json().call;
    expect([made.tableId, made.player, made.seat, made.text]).toEqual(['7', 0, 'East', 'table 7 calls (East)']);
    // calling again while it is open is the same call
    expect((await app.inject({ method: 'POST', url: `/api/seat/${token}/call` })).json().call.id).toBe(made.id);
    // Bea (West) calls too, and the table display of table 8
    const bea = await app.inject({ method: 'POST', url: `/api/seat/${await seatToken(app, 1)}/call` });
    expect(bea.json().call.text).toBe('table 7 calls (West)');
    const table = await app.inject({ method: 'POST', url: '/api/tables/8/call' });
    expect(table.json().call.text).toBe('table 8 calls');

    const room = await app.inject({ method: 'GET', url: '/api/director/room', headers: AUTH });
    expect(room.statusCode).toBe(200);
    expect(room.json().calls.map((c: { text: string }) => c.text)).toEqual(['table 7 calls (East)', 'table 7 calls (West)', 'table 8 calls']);
    expect(room.json().tables).toEqual([
      { tableId: '7', section: '' },
      { tableId: '8', section: 'Hall B' },
    ]);

    const took = await app.inject({ method: 'POST', url: `/api/director/calls/${made.id}/take`, headers: AUTH, payload: {} });
    expect(took.statusCode).toBe(200);
    expect(took.json().calls.map((c: { text: string }) => c.text)).toEqual(['table 7 calls (West)', 'table 8 calls']);
    const again = await app.inject({ method: 'POST', url: `/api/director/calls/${made.id}/take`, headers: AUTH });
    expect([again.statusCode, again.json().message]).toEqual([404, `no open call '${made.id}' (taken already, or never made)`]);
  });

  it('refused: a tampered seat token (401), an unknown table (404), the director routes without credentials (401)', async () => {
    const { app } = await make();
    const token = await seatToken(app, 0);
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await app.inject({ method: 'POST', url: `/api/seat/${tampered}/call` })).statusCode).toBe(401);
    const unknown = await app.inject({ method: 'POST', url: '/api/tables/t9/call' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, "unknown table 't9'"]);
    for (const [method, url, payload] of [
      ['GET', '/api/director/room', undefined],
      ['POST', '/api/director/calls/c1/take', {}],
      ['POST', '/api/director/announcement', { text: 'Lunch at noon' }],
      ['POST', '/api/director/announcement/clear', {}],
    ] as const) {
      const res = await app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect([url, res.statusCode, res.json().message]).toEqual([url, 401, DIRECTOR_LOGIN_NEEDED_HTTP]);
    }
  });
});

describe('the announcement to every table', () => {
  it('posted, read by anyone, cleared; a blank text is refused naming the field; none to clear is 409', async () => {
    const { app } = await make();
    expect((await app.inject({ method: 'GET', url: '/api/announcement' })).json()).toEqual({ announcement: null });
    const blank = await app.inject({ method: 'POST', url: '/api/director/announcement', headers: AUTH, payload: { text: '   ' } });
    expect([blank.statusCode, blank.json().message]).toEqual([400, 'body.text must not be blank']);
    const long = await app.inject({ method: 'POST', url: '/api/director/announcement', headers: AUTH, payload: { text: 'x'.repeat(281) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/^body\.text /);
    const posted = await app.inject({ method: 'POST', url: '/api/director/announcement', headers: AUTH, payload: { text: ' Round 2 starts at 14:30 ' } });
    expect(posted.statusCode).toBe(200);
    expect(posted.json().announcement.text).toBe('Round 2 starts at 14:30');
    expect((await app.inject({ method: 'GET', url: '/api/announcement' })).json().announcement.text).toBe('Round 2 starts at 14:30');
    const cleared = await app.inject({ method: 'POST', url: '/api/director/announcement/clear', headers: AUTH });
    expect([cleared.statusCode, cleared.json()]).toEqual([200, { announcement: null }]);
    const none = await app.inject({ method: 'POST', url: '/api/director/announcement/clear', headers: AUTH });
    expect([none.statusCode, none.json().message]).toEqual([409, 'there is no announcement to clear']);
  });

  it('a restart keeps the open calls and the announcement: they are events in the log', async () => {
    const store = openSqliteStore(':memory:');
    const first = await make(store);
    const token = await seatToken(first.app, 0);
    await first.app.inject({ method: 'POST', url: `/api/seat/${token}/call` });
    const taken = (await first.app.inject({ method: 'POST', url: '/api/tables/8/call' })).json().call.id as string;
    await first.app.inject({ method: 'POST', url: `/api/director/calls/${taken}/take`, headers: AUTH });
    await first.app.inject({ method: 'POST', url: '/api/director/announcement', headers: AUTH, payload: { text: 'Lunch at noon' } });
    await first.hub.close();
    store.flush();
    expect(store.events('hub').map((e) => e.type)).toEqual(['call-made', 'call-made', 'call-taken', 'announcement-posted']);

    const second = await make(store);
    const room = (await second.app.inject({ method: 'GET', url: '/api/director/room', headers: AUTH })).json();
    expect(room.calls.map((c: { text: string }) => c.text)).toEqual(['table 7 calls (East)']);
    expect(room.announcement.text).toBe('Lunch at noon');
  });

  it('pushes: the announcement to a table display, a taken call to the director', async () => {
    const { hub, app } = await make();
    const url = await hub.listen(0);
    const table = connect(url, { transports: ['websocket'] });
    const director = connect(`${url}${DIRECTOR_NAMESPACE}`, { transports: ['websocket'], auth: { token: TOKEN } });
    clients.push(table, director);
    const announcements: unknown[] = [];
    const desks: { calls: { text: string }[] }[] = [];
    table.on(ROOM_EV.announcement, (a: unknown) => announcements.push(a));
    director.on(ROOM_EV.desk, (d: { calls: { text: string }[] }) => desks.push(d));
    await expect.poll(() => table.connected && director.connected).toBe(true);
    // the room asks for the desk's pushes (a director's table page does not)
    await director.emitWithAck(ROOM_EV.watchDesk, {});
    await app.inject({ method: 'POST', url: '/api/director/announcement', headers: AUTH, payload: { text: 'Lunch at noon' } });
    await expect.poll(() => announcements.length).toBe(1);
    expect((announcements[0] as { announcement: { text: string } }).announcement.text).toBe('Lunch at noon');
    // the pushes are the contract's shapes (hub/contract/room.ts), which the display checks
    expect(AnnouncementReply.safeParse(announcements[0]).success).toBe(true);
    await app.inject({ method: 'POST', url: '/api/tables/7/call' });
    await expect.poll(() => desks.at(-1)?.calls.map((c) => c.text)).toEqual(['table 7 calls']);
    expect(RoomDeskPushSchema.safeParse(desks.at(-1)).success).toBe(true);
  });
});
