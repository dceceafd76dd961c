/**
 * The spectators' broadcast through a real hub (hub/api/broadcast.ts, docs/spectators.md):
 * - a whole seeded Royale Siamese game over reader lines (hub/table/test-bench.ts, virtual clock)
 *   with a delay D = 2 s: a socket.io client logs every `broadcast:table` payload, and every
 *   concealed tile in every payload is, by the table's log, in that rack as of `sentAt - D`, placed
 *   there at least D before the payload was sent;
 * - the room summary: 100 changes of a table within one second give at most 2 payloads;
 * - the viewing log: 401 without credentials; the director's views and the broadcast's watch, each
 *   with who, what, when, which table and the client's address.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { BROADCAST_EV, BROADCAST_NAMESPACE, BroadcastRoomPayloadSchema, BroadcastTablePayloadSchema, ViewingLogReplySchema } from '../contract/broadcast.js';
import { playGame } from '../simulator/game.js';
import { TableEngine } from '../table/engine.js';
import { closedAfterEach, siameseDemo, SimBench } from '../table/test-bench.js';
import { simulatedTileSet } from '../tilesets/simulated.js';
import { openSqliteStore } from '../store/sqlite.js';
import type { TileId } from '../../rules/tiles.js';
import { FakeTableRuntime, sampleDirectorView } from './fake-runtime.js';
import { createHubServer, type HubServer } from './server.js';
import { DIRECTOR_NAMESPACE, EV } from './socket-events.js';
import type { BroadcastTablePayload } from './broadcast.js';
import { DIRECTOR_LOGIN_NEEDED_HTTP } from '../../rules/wording/director-login.js';

const TOKEN = 'broadcast-test-token';
const { table, cards } = siameseDemo;
const keep = closedAfterEach<SimBench<TableEngine>>();
const servers: HubServer[] = [];
const clients: Socket[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.disconnect();
  for (const s of servers.splice(0)) await s.close();
});

/** Connects a client to `nsp` of the hub at `url` and waits for the connection. */
async function open(url: string, nsp: string, auth?: { token: string }): Promise<Socket> {
  const c = connect(url + nsp, { transports: ['websocket'], reconnection: false, forceNew: true, ...(auth ? { auth } : {}) });
  clients.push(c);
  await new Promise<void>((res, rej) => {
    c.once('connect', () => res());
    c.once('connect_error', rej);
  });
  return c;
}

/** Lets the hub's microtasks and timers of this turn run (a delta is computed in a microtask). */
const turn = () => new Promise<void>((r) => setImmediate(r));

describe('the delayed hands of a whole game (D = 2 s, virtual clock)', () => {
  it('every concealed tile of every payload was in that rack as of sentAt - D by the log, placed at least D earlier', async () => {
    const D = 2000;
    const game = playGame({ seed: 6, cards, table });
    const b = keep(new SimBench(table, (store, readers, now) => new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now })));
    const hub = await createHubServer({ tables: [b.engine], directorToken: TOKEN, store: b.store, broadcast: { delayMs: D, now: () => b.clock, tickMs: 20 } });
    servers.push(hub);
    const url = await hub.listen(0);
    const client = await open(url, BROADCAST_NAMESPACE);
    const got: BroadcastTablePayload[] = [];
    client.on(BROADCAST_EV.table, (p: unknown) => got.push(BroadcastTablePayloadSchema.parse(p) as BroadcastTablePayload));
    client.emit(BROADCAST_EV.watchTable, { tableId: 't1' });
    await vi.waitFor(() => expect(got.length).toBeGreaterThan(0));

    b.build(game);
    await turn();
    for (const s of game.steps) {
      b.step(s);
      await turn();
    }
    // 3 s later the last hands are due; the hub's next look (every 20 ms) sends them
    b.advance(3000);
    const end = b.clock;
    await vi.waitFor(() => expect(got.at(-1)?.sentAt).toBe(end), { timeout: 10_000 });

    // the rack zones by the table config: RK-E1/in is Ann's rack 1, …
    const rackOf = new Map<string, string>();
    for (const r of table.readers) for (const [z, role] of Object.entries(r.zones)) if (role.area === 'rack') rackOf.set(`${r.id}/${z}`, `${role.player}/${role.rack}`);
    const moves = b.moves();
    const logged = (e: (typeof moves)[number]) => e.data.logged ?? e.at;
    let shown = 0;
    for (const p of got) {
      const h = p.delayedHands!;
      expect(h.delayMs).toBe(D);
      expect(h.asOf).toBe(p.sentAt - D);
      const inHands = new Set<TileId>();
      for (const { player, racks } of h.hands)
        racks.forEach((tiles, rack) => {
          for (const tile of tiles) {
            inHands.add(tile);
            // the tile's last logged move as of asOf put it in this rack, at least D before the payload
            // (logged: when the hub logged it and every view showed it, a settle window after the tile came to rest)
            const last = moves.filter((e) => e.data.tile === tile && logged(e) <= h.asOf).at(-1);
            expect(last, `${tile} in a payload at ${p.sentAt}`).toBeDefined();
            expect(rackOf.get(last!.data.to)).toBe(`${player}/${rack}`);
            expect(p.sentAt - logged(last!)).toBeGreaterThanOrEqual(D);
            expect(logged(last!)).toBeGreaterThanOrEqual(last!.at);
            shown++;
          }
        });
      // and every tile in a rack as of asOf is shown (the hands are whole, not just safe)
      const due = new Map<TileId, string>();
      for (const e of moves) if (logged(e) <= h.asOf) due.set(e.data.tile, e.data.to);
      expect(inHands.size).toBe([...due.values()].filter((z) => rackOf.has(z)).length);
      // the live view carries no concealed tile
      expect(JSON.stringify(p.view)).not.toMatch(/#\d/);
    }
    // many payloads, with hands in them: 27 + 27 dealt (003 rule 5) and the game's picks
    expect(got.length).toBeGreaterThan(100);
    expect(shown).toBeGreaterThan(54 * 50);
    // the last payload: the hands as they ended, everything due (the last move is more than D old)
    const last = got.at(-1)!;
    expect(end - logged(moves.at(-1)!)).toBeGreaterThanOrEqual(D);
    expect(last.delayedHands!.hands.map((x) => x.racks.map((r) => r.length))).toEqual(b.engine.directorView().concealed.map((p) => p.map((r) => r.length)));
  }, 120_000);
});

describe('the room summary', () => {
  it('100 changes of a table within a second give at most 2 room payloads, the last one the final state', async () => {
    const t1 = new FakeTableRuntime(sampleDirectorView('t1'));
    const t2 = new FakeTableRuntime(sampleDirectorView('t2'));
    const hub = await createHubServer({ tables: [t1, t2], directorToken: TOKEN });
    servers.push(hub);
    const url = await hub.listen(0);
    const client = await open(url, BROADCAST_NAMESPACE);
    const got: { sentAt: number; tables: { tableId: string; players: { count: number }[]; openFlags: number }[] }[] = [];
    client.on(BROADCAST_EV.room, (p: unknown) => got.push(BroadcastRoomPayloadSchema.parse(p)));
    client.emit(BROADCAST_EV.watchRoom, {});
    await vi.waitFor(() => expect(got.length).toBe(1));
    // the summary of the sample: Ann 28, Bea 27 tiles, one flag awaiting the director, no tile at all
    expect(got[0]!.tables.map((t) => [t.tableId, t.players.map((p) => p.count), t.openFlags])).toEqual([
      ['t1', [28, 27], 1],
      ['t2', [28, 27], 1],
    ]);
    expect(JSON.stringify(got[0])).not.toMatch(/#\d/);

    const start = Date.now();
    for (let i = 1; i <= 100; i++) {
      t1.set((v) => {
        v.players[1]!.count = 27 + (i % 2); // Bea picks and discards
        v.updatedAt = i;
      });
      await new Promise((r) => setTimeout(r, 8));
    }
    const burst = Date.now() - start;
    t1.set((v) => {
      v.players[0]!.count = 14; // the last change: Ann 14
    });
    await vi.waitFor(() => expect(got.at(-1)!.tables[0]!.players[0]!.count).toBe(14), { timeout: 5000 });
    const after = got.slice(1);
    // a change starts a wait of 500 ms; the changes during it go out together at its end:
    // a burst of under 1 s (100 × 8 ms, about 0.9 s) gives 2 payloads, 3 with the last change
    // after it; under load the burst may take longer: one payload per 500 ms it lasted, at most
    if (burst < 1000) expect(after.length).toBeLessThanOrEqual(3);
    else expect(after.length).toBeLessThanOrEqual(Math.ceil(burst / 500) + 1);
    for (let i = 1; i < got.length - 1; i++) expect(got[i + 1]!.sentAt - got[i]!.sentAt).toBeGreaterThanOrEqual(500);
  }, 30_000);
});

describe('the viewing log (GET /api/director/viewing-log)', () => {
  it('401 without credentials; lists the director views and the broadcast watch with who, what, when, table and address', async () => {
    const store = openSqliteStore(':memory:');
    const hub = await createHubServer({ tables: [new FakeTableRuntime(sampleDirectorView('t1'))], directorToken: TOKEN, directorSecret: 'the secret', store });
    servers.push(hub);
    try {
      const url = await hub.listen(0);
      const none = await hub.app.inject({ method: 'GET', url: '/api/director/viewing-log' });
      expect(none.statusCode).toBe(401);
      expect(none.json().message).toBe(DIRECTOR_LOGIN_NEEDED_HTTP);
      expect(ViewingLogReplySchema.parse((await hub.app.inject({ method: 'GET', url: '/api/director/viewing-log', headers: { authorization: `Bearer ${TOKEN}` } })).json())).toEqual([]);

      const before = Date.now();
      // a director's login: its session's bearer token names the session's handle
      const login = await hub.app.inject({ method: 'POST', url: '/api/login', payload: { secret: 'the secret' } });
      const session = login.json().token as string;
      await hub.app.inject({ method: 'GET', url: '/api/director/tables/t1', headers: { authorization: `Bearer ${session}` } });
      await hub.app.inject({ method: 'GET', url: '/api/director/tables', headers: { authorization: `Bearer ${TOKEN}` } });
      const director = await open(url, DIRECTOR_NAMESPACE, { token: TOKEN });
      await director.emitWithAck(EV.watch, { tableId: 't1' });
      const spectator = await open(url, BROADCAST_NAMESPACE);
      const first = new Promise((r) => spectator.once(BROADCAST_EV.table, r));
      spectator.emit(BROADCAST_EV.watchTable, { tableId: 't1' });
      await first;

      const handle = hub.auth.sessions.byBearerToken(session)!.handle;
      const log = ViewingLogReplySchema.parse((await hub.app.inject({ method: 'GET', url: '/api/director/viewing-log', headers: { authorization: `Bearer ${TOKEN}` } })).json());
      expect(log.map(({ at: _at, ...e }) => e)).toEqual([
        { who: `director ${handle}`, what: 'director-table', table: 't1', address: '127.0.0.1' },
        { who: 'director (token)', what: 'director-tables', table: '*', address: '127.0.0.1' },
        { who: 'director (token)', what: 'director-watch', table: 't1', address: '127.0.0.1' },
        { who: 'broadcast', what: 'broadcast', table: 't1', address: '127.0.0.1' },
      ]);
      for (const e of log) expect(e.at).toBeGreaterThanOrEqual(before);
      for (const e of log) expect(e.at).toBeLessThanOrEqual(Date.now());
    } finally {
      await hub.close();
      store.close();
    }
  }, 30_000);
});
