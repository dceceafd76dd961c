import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeTableRuntime, sampleDirectorView } from './fake-runtime.js';
import { createHubServer, type HubServer } from './server.js';
import { DIRECTOR_NAMESPACE, EV, type WatchAck } from './socket-events.js';
import { DIRECTOR_LOGIN_NEEDED_SOCKET } from '../../rules/wording/director-login.js';

const TOKEN = 'director-secret-1';

let hub: HubServer | null = null;
const clients: Socket[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.disconnect();
  await hub?.close();
  hub = null;
});

async function start() {
  const t1 = new FakeTableRuntime(sampleDirectorView('t1'));
  const t2 = new FakeTableRuntime(sampleDirectorView('t2'));
  hub = await createHubServer({ tables: [t1, t2], directorToken: TOKEN });
  const url = await hub.listen(0);
  return { url, t1, t2 };
}

/** A client that records every hub → client event in order. */
function client(url: string, opts: { token?: string; transports?: string[] } = {}) {
  const socket = connect(url, {
    transports: opts.transports ?? ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(opts.token !== undefined ? { auth: { token: opts.token } } : {}),
  });
  clients.push(socket);
  const got: { ev: string; payload: any }[] = [];
  const waiters: (() => void)[] = [];
  socket.onAny((ev: string, payload: unknown) => {
    got.push({ ev, payload });
    waiters.splice(0).forEach((w) => w());
  });
  /** resolves when `n` events have arrived (5 s at most) */
  const upTo = (n: number) =>
    new Promise<typeof got>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`only ${got.length} of ${n} events: ${JSON.stringify(got.map((g) => g.ev))}`)), 5000);
      const check = () => {
        if (got.length >= n) {
          clearTimeout(timer);
          resolve(got);
        } else waiters.push(check);
      };
      check();
    });
  return { socket, got, upTo };
}

function connected(s: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    if (s.connected) return resolve();
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

function publicOf(tableId: string) {
  const { concealed: _c, evidence: _e, ...pub } = sampleDirectorView(tableId);
  return pub;
}

describe('public namespace', () => {
  it('watch → snapshot; each change → delta with seq + 1 and only the changed keys', async () => {
    const { url, t1 } = await start();
    const c = client(url);
    await connected(c.socket);
    c.socket.emit(EV.watch, { tableId: 't1' });
    const [snap] = await c.upTo(1);
    expect(snap).toEqual({ ev: EV.snapshot, payload: { tableId: 't1', seq: 0, view: publicOf('t1') } });
    expect(JSON.stringify(snap!.payload)).not.toContain('"concealed"');

    // Bea discards 6B: the discards and the update time change, nothing else
    t1.set((v) => {
      v.discards = [...v.discards, '6B'];
      v.updatedAt += 1000;
    });
    const [, d1] = await c.upTo(2);
    expect(d1).toEqual({ ev: EV.delta, payload: { tableId: 't1', seq: 1, changes: { discards: ['N', '3D', '6B'], updatedAt: 1_700_000_101_500 } } });

    // a concealed change only: nothing public moved, no delta
    t1.set((v) => {
      v.concealed[0]![0]!.push('2D#3');
    });
    // turn passes to Ann
    t1.set((v) => {
      v.turn = 1;
    });
    const [, , d2] = await c.upTo(3);
    expect(d2).toEqual({ ev: EV.delta, payload: { tableId: 't1', seq: 2, changes: { turn: 1 } } });

    // several changes in one synchronous run: one delta
    t1.set((v) => (v.gameNo = 2));
    t1.set((v) => (v.phase = 'ended'));
    const [, , , d3] = await c.upTo(4);
    expect(d3).toEqual({ ev: EV.delta, payload: { tableId: 't1', seq: 3, changes: { gameNo: 2, phase: 'ended' } } });
    // nothing more for those two: the next change's delta comes right after, as seq 4
    t1.set((v) => (v.turn = 0));
    await c.upTo(5);
    expect(c.got.slice(4)).toEqual([{ ev: EV.delta, payload: { tableId: 't1', seq: 4, changes: { turn: 0 } } }]);
  });

  it('only the watched table reaches a client; resync sends a snapshot at the current seq', async () => {
    const { url, t1, t2 } = await start();
    const c = client(url);
    await connected(c.socket);
    c.socket.emit(EV.watch, { tableId: 't2' });
    await c.upTo(1);
    t1.set((v) => (v.turn = 1)); // not watched
    t2.set((v) => (v.turn = 1));
    const [, d] = await c.upTo(2);
    expect(d!.payload).toEqual({ tableId: 't2', seq: 1, changes: { turn: 1 } });

    const ack = await new Promise<WatchAck>((r) => c.socket.emit(EV.resync, { tableId: 't2' }, r));
    expect(ack).toEqual({ ok: true, seq: 1 });
    const [, , s] = await c.upTo(3);
    expect(s).toEqual({ ev: EV.snapshot, payload: { tableId: 't2', seq: 1, view: { ...publicOf('t2'), turn: 1 } } });
    // t1 changes again, then t2: events come in order on one socket, so once t2's delta is here
    // anything of t1 would have come before it
    t1.set((v) => (v.turn = 0));
    t2.set((v) => (v.turn = 0));
    await c.upTo(4);
    expect(c.got.map((g) => [g.payload.tableId, g.payload.seq])).toEqual([
      ['t2', 0],
      ['t2', 1],
      ['t2', 1],
      ['t2', 2],
    ]);
  });

  it('two watchers see the same seq; a late watcher gets the current seq', async () => {
    const { url, t1 } = await start();
    const a = client(url);
    await connected(a.socket);
    a.socket.emit(EV.watch, { tableId: 't1' });
    await a.upTo(1);
    t1.set((v) => (v.turn = 1));
    await a.upTo(2);
    const b = client(url, { transports: ['polling', 'websocket'] });
    await connected(b.socket);
    b.socket.emit(EV.watch, { tableId: 't1' });
    const [snapB] = await b.upTo(1);
    expect(snapB!.payload.seq).toBe(1);
    expect(snapB!.payload.view.turn).toBe(1);
    t1.set((v) => (v.turn = 0));
    const [, dA] = [...(await a.upTo(3))].slice(1);
    const [, dB] = await b.upTo(2);
    expect(dA!.payload).toEqual({ tableId: 't1', seq: 2, changes: { turn: 0 } });
    expect(dB!.payload).toEqual({ tableId: 't1', seq: 2, changes: { turn: 0 } });
  });

  it('unwatch stops the deltas', async () => {
    const { url, t1 } = await start();
    const c = client(url);
    await connected(c.socket);
    c.socket.emit(EV.watch, { tableId: 't1' });
    await c.upTo(1);
    const ack = await new Promise<WatchAck>((r) => c.socket.emit(EV.unwatch, { tableId: 't1' }, r));
    expect(ack).toEqual({ ok: true, seq: 0 });
    t1.set((v) => (v.turn = 1));
    // watching t2 now: its snapshot comes after anything the hub still sent for t1
    c.socket.emit(EV.watch, { tableId: 't2' });
    await c.upTo(2);
    expect(c.got.map((g) => [g.ev, g.payload.tableId])).toEqual([
      [EV.snapshot, 't1'],
      [EV.snapshot, 't2'],
    ]);
  });

  it('bad payloads get a problem naming what was wrong', async () => {
    const { url } = await start();
    const c = client(url);
    await connected(c.socket);
    c.socket.emit(EV.watch, 't1');
    c.socket.emit(EV.watch, { tableId: 7 });
    c.socket.emit(EV.watch, { tableId: 't9' });
    c.socket.emit(EV.resync);
    const ack = await new Promise<WatchAck>((r) => c.socket.emit(EV.watch, {}, r));
    expect(ack).toEqual({ ok: false, error: 'tableId is required' });
    const got = await c.upTo(5);
    expect(got).toEqual([
      { ev: EV.problem, payload: { error: 'payload must be an object { tableId }' } },
      { ev: EV.problem, payload: { error: 'tableId must be string' } },
      { ev: EV.problem, payload: { error: "unknown table 't9'" } },
      { ev: EV.problem, payload: { error: 'payload must be an object { tableId }' } },
      { ev: EV.problem, payload: { error: 'tableId is required' } },
    ]);
    expect(c.socket.connected).toBe(true);
  });

  it('an unknown field in a payload is refused, naming it', async () => {
    const { url } = await start();
    const c = client(url);
    await connected(c.socket);
    const ack = await new Promise<WatchAck>((r) => c.socket.emit(EV.watch, { tableId: 't1', seq: 4 }, r));
    expect(ack).toEqual({ ok: false, error: 'seq is not allowed (unknown field; the payload is { tableId })' });
    expect(await c.upTo(1)).toEqual([{ ev: EV.problem, payload: { error: 'seq is not allowed (unknown field; the payload is { tableId })' } }]);
  });
});

describe('director namespace', () => {
  it('refuses a socket without a token or with a wrong one', async () => {
    const { url } = await start();
    for (const token of [undefined, 'wrong', '']) {
      const c = client(url + DIRECTOR_NAMESPACE, token === undefined ? {} : { token });
      await expect(connected(c.socket)).rejects.toThrow(DIRECTOR_LOGIN_NEEDED_SOCKET);
    }
  });

  it('with the token: director snapshot and deltas (concealed tiles included)', async () => {
    const { url, t1 } = await start();
    const c = client(url + DIRECTOR_NAMESPACE, { token: TOKEN });
    await connected(c.socket);
    c.socket.emit(EV.watch, { tableId: 't1' });
    const [snap] = await c.upTo(1);
    expect(snap).toEqual({ ev: EV.snapshot, payload: { tableId: 't1', seq: 0, view: sampleDirectorView('t1') } });
    t1.set((v) => {
      v.concealed[1]![0]!.push('2D#3');
    });
    const [, d] = await c.upTo(2);
    const concealed = sampleDirectorView('t1').concealed;
    concealed[1]![0]!.push('2D#3');
    expect(d).toEqual({ ev: EV.delta, payload: { tableId: 't1', seq: 1, changes: { concealed } } });
  });

  it('public and director seqs are independent', async () => {
    const { url, t1 } = await start();
    const pub = client(url);
    const dir = client(url + DIRECTOR_NAMESPACE, { token: TOKEN });
    await Promise.all([connected(pub.socket), connected(dir.socket)]);
    pub.socket.emit(EV.watch, { tableId: 't1' });
    dir.socket.emit(EV.watch, { tableId: 't1' });
    await Promise.all([pub.upTo(1), dir.upTo(1)]);
    t1.set((v) => v.concealed[0]![1]!.pop()); // director only
    await dir.upTo(2);
    t1.set((v) => (v.turn = 1)); // both
    const [, pd] = await pub.upTo(2);
    const [, , dd] = await dir.upTo(3);
    expect(pd!.payload).toEqual({ tableId: 't1', seq: 1, changes: { turn: 1 } });
    expect(dd!.payload).toEqual({ tableId: 't1', seq: 2, changes: { turn: 1 } });
  });
});

describe('closing', () => {
  it('closes cleanly with a director socket (and a public one) still connected', async () => {
    const { url, t1 } = await start();
    const dir = client(url + DIRECTOR_NAMESPACE, { token: TOKEN });
    const dirPolling = client(url + DIRECTOR_NAMESPACE, { token: TOKEN, transports: ['polling'] });
    const pub = client(url);
    await Promise.all([connected(dir.socket), connected(dirPolling.socket), connected(pub.socket)]);
    dir.socket.emit(EV.watch, { tableId: 't1' });
    await dir.upTo(1);
    expect(t1.listenerCount).toBe(3); // the live views', the spectators' broadcast's (hub/api/broadcast.ts) and the room's summaries' (hub/api/room-summaries.ts)
    const disconnected = new Promise<string>((r) => dir.socket.once('disconnect', r));
    const started = Date.now();
    await Promise.race([hub!.close(), pause(3000).then(() => Promise.reject(new Error('close() hung')))]);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await disconnected).toMatch(/transport close|io server disconnect/);
    expect(t1.listenerCount).toBe(0);
    hub = null;
  });
});
