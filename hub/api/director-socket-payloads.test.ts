/**
 * What each director connection is sent, counted payload by payload, through a real hub server
 * on 127.0.0.1 (socket.io on a real listen): the room (which asked for the desk with
 * `room:watch-desk`) gets the desk's pushes and no table's view; a director's table page (which
 * watches its one table) gets that table's deltas and no desk and no other table.
 */
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../store/sqlite.js';
import { FakeTableRuntime, sampleDirectorView } from './fake-runtime.js';
import { createHubServer, type HubServer } from './server.js';
import { DIRECTOR_NAMESPACE, EV } from './socket-events.js';
import { ROOM_EV } from '../contract/room.js';

const TOKEN = 'director-payloads-token';
const AUTH = { authorization: `Bearer ${TOKEN}` };

const servers: HubServer[] = [];
const clients: Socket[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.disconnect();
  for (const s of servers.splice(0)) await s.close();
});

/** A `/director` connection that records every event it is sent, by name. */
async function director(url: string): Promise<{ socket: Socket; got: string[] }> {
  const socket = connect(`${url}${DIRECTOR_NAMESPACE}`, { transports: ['websocket'], auth: { token: TOKEN } });
  clients.push(socket);
  const got: string[] = [];
  socket.onAny((ev: string, payload: { tableId?: string }) => got.push(payload?.tableId ? `${ev} ${payload.tableId}` : ev));
  await new Promise<void>((res, rej) => {
    socket.once('connect', () => res());
    socket.once('connect_error', rej);
  });
  return { socket, got };
}

describe('each director connection is sent only what it watches', () => {
  it("a call and an announcement reach the room only (2 pushes); a move at table 7 reaches table 7's page only (1 delta)", async () => {
    const t7 = new FakeTableRuntime(sampleDirectorView('7'));
    const t8 = new FakeTableRuntime(sampleDirectorView('8'));
    const hub = await createHubServer({ tables: [t7, t8], directorToken: TOKEN, store: openSqliteStore(':memory:') });
    servers.push(hub);
    const url = await hub.listen(0);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const room = await director(url);
    expect(await room.socket.emitWithAck(ROOM_EV.watchDesk, {})).toEqual({ ok: true });
    const page7 = await director(url);
    expect(await page7.socket.emitWithAck(EV.watch, { tableId: '7' })).toMatchObject({ ok: true });
    const page8 = await director(url);
    expect(await page8.socket.emitWithAck(EV.watch, { tableId: '8' })).toMatchObject({ ok: true });
    // each page has its own table's snapshot; the room nothing yet
    expect([room.got, page7.got, page8.got]).toEqual([[], [`${EV.snapshot} 7`], [`${EV.snapshot} 8`]]);

    // table 7's display calls, then the director posts an announcement: 2 desk pushes, to the room only
    expect((await hub.app.inject({ method: 'POST', url: '/api/tables/7/call' })).statusCode).toBe(200);
    expect((await hub.app.inject({ method: 'POST', url: '/api/director/announcement', headers: AUTH, payload: { text: 'Lunch at noon' } })).statusCode).toBe(200);
    await expect.poll(() => room.got).toEqual([ROOM_EV.desk, ROOM_EV.desk]);

    // a discard at table 7: 1 delta, to table 7's page only
    t7.set((v) => {
      v.discards = [...v.discards, '6B'];
      v.updatedAt += 1000;
    });
    await expect.poll(() => page7.got).toEqual([`${EV.snapshot} 7`, `${EV.delta} 7`]);

    // a marker through each connection: whatever was sent before it has arrived
    for (const c of [room, page7, page8]) await c.socket.emitWithAck(EV.unwatch, { tableId: '8' });
    expect(room.got).toEqual([ROOM_EV.desk, ROOM_EV.desk]);
    expect(page7.got).toEqual([`${EV.snapshot} 7`, `${EV.delta} 7`]);
    expect(page8.got).toEqual([`${EV.snapshot} 8`]);
  });
});
