import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { get } from 'svelte/store';
import { EV } from '../../../hub/api/socket-events.js';
import { liveTableView, isAuthError, type LiveView } from './socket.js';
import { siameseFixture } from './fixtures.js';
import { openDirectorSocket } from './directorSocket.js';
import { DIRECTOR_NAMESPACE } from '../../../hub/contract/socket.js';

let http: HttpServer | null = null;
let io: Server | null = null;
let stop: (() => void) | null = null;

afterEach(async () => {
  stop?.();
  stop = null;
  await io?.close();
  io = null;
  http = null;
});

async function start(): Promise<{ url: string; io: Server }> {
  http = createServer();
  io = new Server(http);
  await new Promise<void>((r) => http!.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, io };
}

function watch(store: ReturnType<typeof liveTableView>): LiveView[] {
  const seen: LiveView[] = [];
  stop = store.subscribe((v) => seen.push(v));
  return seen;
}

describe('liveTableView', () => {
  it('watches, goes live on the snapshot, applies deltas, resyncs on a gap (and retries)', async () => {
    const { url, io } = await start();
    const asks: string[] = [];
    io.on('connection', (s) => {
      s.on(EV.watch, (p: { tableId: string }) => {
        asks.push(`watch ${p.tableId}`);
        s.emit(EV.snapshot, { tableId: 't1', seq: 3, view: siameseFixture() });
        s.emit(EV.delta, { tableId: 't1', seq: 4, changes: { turn: 1 } });
        s.emit(EV.delta, { tableId: 't1', seq: 6, changes: { turn: 0 } }); // gap: 5 is missing
      });
      s.on(EV.resync, (p: { tableId: string }) => asks.push(`resync ${p.tableId}`)); // never answered
    });
    const store = liveTableView({ tableId: 't1', namespace: '/', url, resyncRetryMs: 150 });
    const seen = watch(store);
    expect(seen[0]!.state).toBe('connecting');
    await expect.poll(() => asks.filter((a) => a === 'resync t1').length, { timeout: 3000 }).toBeGreaterThanOrEqual(2);
    expect(asks[0]).toBe('watch t1');
    expect(seen.some((v) => v.state === 'live' && v.seq === 4 && v.view?.turn === 1)).toBe(true);
    const now = get(store);
    // the gap was not applied: still seq 4, turn 1, and not live until a snapshot
    expect(now.seq).toBe(4);
    expect(now.view?.turn).toBe(1);
    expect(now.state).toBe('connecting');
    expect(now.error).toBe('resync: sequence gap: held 4, got 6');
  });

  it('is lost when the hub hangs up, keeps the last view, and comes back live', async () => {
    const { url, io } = await start();
    let refuse = false;
    io.use((_s, next) => (refuse ? next(new Error('hub restarting')) : next()));
    io.on('connection', (s) => s.on(EV.watch, () => s.emit(EV.snapshot, { tableId: 't1', seq: 1, view: siameseFixture() })));
    const store = liveTableView({ tableId: 't1', namespace: '/', url });
    watch(store);
    await expect.poll(() => get(store).state, { timeout: 3000 }).toBe('live');
    refuse = true;
    io.disconnectSockets(true);
    await expect.poll(() => get(store).state, { timeout: 3000 }).toBe('lost');
    expect(get(store).view?.players[1]?.count).toBe(27);
    await expect.poll(() => get(store).error, { timeout: 3000 }).toBe('hub restarting');
    refuse = false;
    await expect.poll(() => get(store).state, { timeout: 8000 }).toBe('live');
  }, 15_000);

  it('director: a refused token is reported once and not retried', async () => {
    const { url, io } = await start();
    let tries = 0;
    io.of('/director').use((s, next) => {
      tries++;
      next((s.handshake.auth as { token?: string }).token === 'ok' ? undefined : new Error('unauthorized'));
    });
    const store = liveTableView({ tableId: 't1', namespace: '/director', url, token: 'bad' });
    watch(store);
    await expect.poll(() => get(store).authFailed, { timeout: 3000 }).toBe(true);
    expect(get(store)).toMatchObject({ state: 'lost', error: 'unauthorized', view: null });
    // an absence: no second try. A retry would come 1000 ms after the refusal (the first reconnect
    // delay, 1000 ms × 2^0, in socket.ts); 1500 ms is one and a half times that
    await new Promise((r) => setTimeout(r, 1500));
    expect(tries).toBe(1);
  });

  it('tells token refusals from other connection errors', () => {
    expect(isAuthError('unauthorized')).toBe(true);
    expect(isAuthError('invalid director token')).toBe(true);
    expect(isAuthError('hub restarting')).toBe(false);
    expect(isAuthError('xhr poll error')).toBe(false);
  });
});

describe("the room's one /director socket", () => {
  it('two followers share one connection; each asks on connect (at once when already up) and leaves with its own listeners only', async () => {
    const { url, io } = await start();
    const asked: string[] = [];
    io.of(DIRECTOR_NAMESPACE).on('connection', (s) => {
      s.on('ask', (who: string) => {
        asked.push(who);
        s.emit(`answer:${who}`, `to ${who}`);
      });
    });
    const l = openDirectorSocket('', url);
    stop = () => l.close();
    const got: string[] = [];
    const stopA = [l.onConnect(() => l.emit('ask', 'a')), l.on('answer:a', (t: string) => got.push(t))];
    await vi.waitFor(() => expect(got).toEqual(['to a']));
    // b comes after the connect: it asks at once
    const stopB = [l.onConnect(() => l.emit('ask', 'b')), l.on('answer:b', (t: string) => got.push(t))];
    await vi.waitFor(() => expect(got).toEqual(['to a', 'to b']));
    expect(io.engine.clientsCount).toBe(1);
    expect(io.of(DIRECTOR_NAMESPACE).sockets.size).toBe(1);

    // a leaves; the hub hangs up: the socket comes back by itself (2 s later) and only b asks again
    for (const stop of stopA) stop();
    for (const s of io.of(DIRECTOR_NAMESPACE).sockets.values()) s.disconnect(true);
    await vi.waitFor(() => expect(asked).toEqual(['a', 'b', 'b']), { timeout: 10_000 });
    await vi.waitFor(() => expect(got).toEqual(['to a', 'to b', 'to b']));
    expect(io.engine.clientsCount).toBe(1);
    for (const stop of stopB) stop();
  });
});
