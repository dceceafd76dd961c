/**
 * The room's compact summaries through a real hub server on 127.0.0.1 (fake tables you change by
 * hand): what `room:watch-tables` answers, that a summary carries no tile, that a table's changes
 * reach the room at most twice a second with the latest state, and that a call shows on its
 * table's summary.
 */
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../store/sqlite.js';
import { FakeTableRuntime, sampleDirectorView } from './fake-runtime.js';
import { createHubServer, type HubServer } from './server.js';
import { DIRECTOR_NAMESPACE } from './socket-events.js';
import { ROOM_SUMMARY_EV, ROOM_SUMMARY_INTERVAL_MS, type RoomTableSummary } from '../contract/room-summary.js';

const TOKEN = 'room-summaries-token';

const servers: HubServer[] = [];
const clients: Socket[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.disconnect();
  for (const s of servers.splice(0)) await s.close();
});

/** A `/director` connection following the summaries: the first answer, then every push with its arrival time. */
async function room(url: string): Promise<{ socket: Socket; first: RoomTableSummary[]; pushes: { at: number; s: RoomTableSummary }[] }> {
  const socket = connect(`${url}${DIRECTOR_NAMESPACE}`, { transports: ['websocket'], auth: { token: TOKEN } });
  clients.push(socket);
  const pushes: { at: number; s: RoomTableSummary }[] = [];
  socket.on(ROOM_SUMMARY_EV.table, (s: RoomTableSummary) => pushes.push({ at: Date.now(), s }));
  const first = new Promise<RoomTableSummary[]>((res) => socket.once(ROOM_SUMMARY_EV.tables, (p: { tables: RoomTableSummary[] }) => res(p.tables)));
  await new Promise<void>((res, rej) => {
    socket.once('connect', () => res());
    socket.once('connect_error', rej);
  });
  expect(await socket.emitWithAck(ROOM_SUMMARY_EV.watchTables, {})).toEqual({ ok: true });
  return { socket, first: await first, pushes };
}

describe("the room's compact summaries", () => {
  it('answer room:watch-tables with every table in the hub order, what a card draws and no tile', async () => {
    const t7 = new FakeTableRuntime(sampleDirectorView('7'));
    const t8 = new FakeTableRuntime(sampleDirectorView('8'));
    const hub = await createHubServer({ tables: [t7, t8], directorToken: TOKEN, store: openSqliteStore(':memory:'), sections: { '7': 'Hall A' } });
    servers.push(hub);
    const r = await room(await hub.listen(0));
    expect(r.first.map((s) => [s.tableId, s.section])).toEqual([
      ['7', 'Hall A'],
      ['8', ''],
    ]);
    const s = r.first[0]!;
    // the sample: Ann 28 tiles (14 + 14), Bea 27 (13 + 14); walls 0 + 21 + 38 + 38 = 97 left, wall 2 (index 1) current
    expect(s).toMatchObject({ kind: 'siamese', gameNo: 1, phase: 'play', turn: 0, wallLeft: 97, currentWall: 1, readerCount: 1, offlineReaders: [], calls: [], clock: null, extraTime: null });
    expect(s.players.map((p) => [p.name, p.seat, p.count, p.racks.map((k) => k.count)])).toEqual([
      ['Ann', 'East', 28, [14, 14]],
      ['Bea', 'West', 27, [13, 14]],
    ]);
    expect(s.openFlags.map((f) => [f.id, f.rule, f.title, f.player, f.rack, f.gameNo, f.consequence, f.rackChoice])).toEqual([
      ['g1-f1', '003 rule 20', 'Bea picked from wall 3 while wall 1 is current', 1, 0, 1, "Bea's hand is dead (rule 20)", null],
    ]);
    // no tile of any kind: not a concealed one (every id of the director view), not an exposure, not a discard
    const json = JSON.stringify(r.first);
    for (const tile of t7.view.concealed.flat(2)) expect(json).not.toContain(`"${tile}"`);
    expect(json).not.toMatch(/"(\d[BCD]|[NESW]|RD|GD|WD|F|J)(#\d+)?"/);
  });

  it("a table's changes reach the room at most twice a second, the last push with the latest state; a call shows on its card", async () => {
    const t7 = new FakeTableRuntime(sampleDirectorView('7'));
    const hub = await createHubServer({ tables: [t7], directorToken: TOKEN, store: openSqliteStore(':memory:') });
    servers.push(hub);
    const r = await room(await hub.listen(0));
    // 30 changes, one every 40 ms (1.2 s): Bea's count 27 → 28 → 27 …, and the updatedAt each time
    const start = Date.now();
    for (let i = 1; i <= 30; i++) {
      t7.set((v) => {
        v.players[1]!.count = 27 + (i % 2);
        v.updatedAt = 1_700_000_100_500 + i;
      });
      await new Promise((res) => setTimeout(res, 40));
    }
    await expect.poll(() => r.pushes.at(-1)?.s.updatedAt, { timeout: 3000 }).toBe(1_700_000_100_530);
    const took = Date.now() - start;
    // at most one push per 500 ms window, plus the first one at once
    expect(r.pushes.length).toBeLessThanOrEqual(Math.ceil(took / ROOM_SUMMARY_INTERVAL_MS) + 1);
    expect(r.pushes.length).toBeGreaterThanOrEqual(2);
    // each gap as the client received it: a push delivered late on a loaded machine shortens the
    // next gap (418 ms seen at load 17), so 200 ms of delivery delay are allowed; a push per change
    // would be 40 ms apart
    for (let k = 1; k < r.pushes.length; k++) expect(r.pushes[k]!.at - r.pushes[k - 1]!.at).toBeGreaterThanOrEqual(ROOM_SUMMARY_INTERVAL_MS - 200);
    // the 30th change: 27 + (30 % 2) = 27
    expect(r.pushes.at(-1)!.s.players[1]!.count).toBe(27);

    // the table display calls: its summary carries the call in the room's words
    expect((await hub.app.inject({ method: 'POST', url: '/api/tables/7/call' })).statusCode).toBe(200);
    await expect.poll(() => r.pushes.at(-1)?.s.calls.map((c) => c.text), { timeout: 3000 }).toEqual(['table 7 calls']);
  });

  it('refuses a payload with a field, naming it', async () => {
    const hub = await createHubServer({ tables: [new FakeTableRuntime()], directorToken: TOKEN });
    servers.push(hub);
    const socket = connect(`${await hub.listen(0)}${DIRECTOR_NAMESPACE}`, { transports: ['websocket'], auth: { token: TOKEN } });
    clients.push(socket);
    expect(await socket.emitWithAck(ROOM_SUMMARY_EV.watchTables, { tableId: 't1' })).toEqual({
      ok: false,
      error: 'tableId is not allowed (unknown field; the payload is {})',
    });
  });
});
