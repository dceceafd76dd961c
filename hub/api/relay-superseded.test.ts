/**
 * Two relay pages claim one reader (FL-1, the floor of the Siamese demo table) in a real hub: the
 * newest HELLO wins (hub/readers/supervisor.ts), and the hub tells the older page so
 * (`relay:superseded`), and the director's reader list says which page is live.
 */
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { encodeLine } from '../../firmware-protocol/codec.js';
import { loadHubConfig } from '../config/load.js';
import { startHub, type RunningHub } from '../hub.js';
import { RELAY_EV, RELAY_NAMESPACE, type RelayAck, type RelaySuperseded } from '../transports/relay.js';
import type { ReaderStatus } from './views.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TOKEN = 'relay-superseded-token';
const HELLO = encodeLine({ type: 'HELLO', reader: 'FL-1', firmware: '0.3.1', protocol: 0, zones: ['floor'] });
const SNAP = (seq: number) => encodeLine({ type: 'SNAP', seq, zone: 'floor', tags: [] });

let hub: RunningHub | null = null;
const clients: Socket[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.disconnect();
  await hub?.close();
  hub = null;
});

async function until<T>(get: () => T | Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  return vi.waitFor(
    async () => {
      const v = await get();
      if (!ok(v)) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(v)}`);
      return v;
    },
    { timeout: 5000, interval: 20 },
  );
}

/** A relay page: its socket and every hub → page event it got. */
async function relayPage(url: string, userAgent: string) {
  const socket = connect(url + RELAY_NAMESPACE, { auth: { token: TOKEN }, transports: ['websocket'], reconnection: false, extraHeaders: { 'user-agent': userAgent } });
  clients.push(socket);
  const got: { ev: string; payload: any }[] = [];
  socket.onAny((ev: string, payload: unknown) => got.push({ ev, payload }));
  await new Promise<void>((res, rej) => {
    socket.once('connect', () => res());
    socket.once('connect_error', rej);
  });
  const ack = (await socket.emitWithAck(RELAY_EV.open, { readerHint: 'USB 10c4:ea60' })) as RelayAck;
  expect(ack).toEqual({ ok: true, name: `relay://${socket.id} (USB 10c4:ea60)` });
  return { socket, got };
}

describe('two relay pages claim one reader', () => {
  it('the older page is told it was superseded, and the director sees which page is live', async () => {
    hub = await startHub({
      tables: loadHubConfig(path.join(ROOT, 'hub/config/tables/siamese-demo.json')),
      dataDir: ':memory:',
      ports: [],
      httpPort: 0,
      directorToken: TOKEN,
      log: () => {},
    });
    const readers = async () =>
      ((await (await fetch(`${hub!.url}/api/director/readers`, { headers: { authorization: `Bearer ${TOKEN}` } })).json()) as { readers: ReaderStatus[] }).readers.find((r) => r.id === 'FL-1')!;

    const before = Date.now();
    const a = await relayPage(hub.url, 'Page A (Chromium)');
    a.socket.emit(RELAY_EV.line, { line: HELLO });
    a.socket.emit(RELAY_EV.line, { line: SNAP(0) });
    const first = await until(readers, (r) => r.state === 'connected', 'FL-1 connected through page A');
    expect(first.relay).toEqual({ page: a.socket.id, openedAt: expect.any(Number), userAgent: 'Page A (Chromium)' });
    expect(first.relay!.openedAt).toBeGreaterThanOrEqual(before);

    const b = await relayPage(hub.url, 'Page B (Chromium)');
    b.socket.emit(RELAY_EV.line, { line: HELLO });
    b.socket.emit(RELAY_EV.line, { line: SNAP(0) });
    const live = await until(readers, (r) => r.relay?.page === b.socket.id && r.state === 'connected', 'FL-1 connected through page B');
    expect([live.port, live.relay!.userAgent]).toEqual([`relay://${b.socket.id} (USB 10c4:ea60)`, 'Page B (Chromium)']);

    // page A hears it once, naming the reader, the page that took it and when that page opened
    const superseded = await until(
      () => a.got.filter((g) => g.ev === RELAY_EV.superseded),
      (s) => s.length > 0,
      'relay:superseded on page A',
    );
    expect(superseded).toHaveLength(1);
    const payload = superseded[0]!.payload as RelaySuperseded;
    expect(payload).toEqual({ reader: 'FL-1', by: `relay://${b.socket.id} (USB 10c4:ea60)`, openedAt: live.relay!.openedAt, at: expect.any(Number) });
    expect(payload.at).toBeGreaterThanOrEqual(payload.openedAt!);
    expect(b.got.filter((g) => g.ev === RELAY_EV.superseded)).toEqual([]);
    // page A's later lines are ignored: FL-1 stays with page B
    a.socket.emit(RELAY_EV.line, { line: SNAP(1) });
    b.socket.emit(RELAY_EV.line, { line: encodeLine({ type: 'HB', seq: 1, uptimeMs: 5000 }) });
    await until(readers, (r) => r.lastMessageAt !== live.lastMessageAt || r.relay?.page !== b.socket.id, 'page B heard again');
    expect((await readers()).relay!.page).toBe(b.socket.id);
  });
});
