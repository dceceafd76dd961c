/**
 * Capped exponential backoff, and the TCP transport (Wi-Fi readers) against a reader served on
 * 127.0.0.1: drop and come back, two sockets with the same HELLO id, a bad address.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeLine } from '../../firmware-protocol/codec.js';
import { ReaderSupervisor } from '../readers/supervisor.js';
import { openSqliteStore } from '../store/sqlite.js';
import { VirtualReader } from '../simulator/reader.js';
import { openReaderPort, openTcp } from './tcp.js';
import { backoffMs, type TransportSink } from './transport.js';

const TAG_A = 'E004015012345678';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** Waits (polling every 10 ms) until `cond` holds; fails after `ms` naming `what`. */
async function until(cond: () => boolean, ms: number, what: string): Promise<void> {
  await vi.waitFor(
    () => {
      if (!cond()) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    },
    { timeout: ms, interval: 10 },
  );
}

describe('backoffMs', () => {
  it('starts at 250 ms, doubles, and is capped at 5000 ms', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20, 1000].map(backoffMs)).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000, 5000, 5000]);
  });
});

/** A Wi-Fi reader: a TCP server on 127.0.0.1 with a virtual reader behind it; `drop()` closes it, `back()` listens again on the same port. */
async function wifiReader(id = 'WL-1') {
  let socket: Socket | undefined;
  let server: Server | undefined;
  const reader = new VirtualReader({ id, zones: ['wall'], send: (l) => socket?.write(l), heartbeatMs: 0 });
  let port = 0;
  const listen = async () => {
    const srv = createServer((s) => {
      socket = s;
      s.setEncoding('latin1');
      s.on('data', (d: string) => reader.receive(d));
      s.on('error', () => {});
    });
    await new Promise<void>((res) => srv.listen(port, '127.0.0.1', () => res()));
    port = (srv.address() as { port: number }).port;
    server = srv;
  };
  const drop = async () => {
    socket?.destroy();
    socket = undefined;
    reader.disconnect();
    const srv = server;
    server = undefined;
    if (srv) await new Promise<void>((res) => srv.close(() => res()));
  };
  await listen();
  cleanups.push(drop);
  return { reader, url: () => `tcp://127.0.0.1:${port}`, drop, back: listen };
}

function hubSide() {
  const store = openSqliteStore(':memory:');
  cleanups.push(() => store.close());
  const seen: string[] = [];
  const events: string[] = [];
  const sup = new ReaderSupervisor(
    new Map([['WL-1', ['wall']]]),
    store,
    {
      snapshot: (z, tags) => seen.push(`SNAP ${z} ${tags.join(',')}`),
      add: (z, tag) => seen.push(`ADD ${z} ${tag}`),
      remove: (z, tag) => seen.push(`DEL ${z} ${tag}`),
      status: () => {},
    },
    5000,
  );
  const sink: TransportSink = {
    opened: (c) => sup.opened(c),
    line: (c, text, at) => sup.line(c, text, at),
    overlong: (c, o, at) => sup.overlong(c, o, at),
    closed: (c, reason, retrying) => {
      events.push(`closed ${reason} retrying=${String(retrying)}`);
      sup.closed(c, reason, retrying);
    },
    retrying: (_n, attempt, delayMs) => events.push(`retry ${attempt} in ${delayMs} ms`),
  };
  return { store, sup, sink, seen, events, state: () => sup.statuses(Date.now())[0]! };
}

describe('TCP transport', () => {
  it('the reader drops off Wi-Fi: reconnecting with backoff, then HELLO + snapshot and connected again', async () => {
    const w = await wifiReader();
    w.reader.load('wall', [TAG_A]);
    const hub = hubSide();
    const t = openTcp(w.url(), hub.sink, { backoff: (n) => Math.min(200, 40 * 2 ** n) });
    cleanups.push(() => t.close());
    await until(() => hub.state().state === 'connected', 3000, 'connected');
    expect(hub.seen).toEqual([`SNAP WL-1/wall ${TAG_A}`]);

    await w.drop();
    await until(() => hub.state().state === 'reconnecting', 3000, 'reconnecting');
    await until(() => hub.events.filter((e) => e.startsWith('retry')).length >= 4, 3000, 'four retries');
    expect(hub.events.slice(0, 5)).toEqual(['closed socket closed retrying=true', 'retry 0 in 40 ms', 'retry 1 in 80 ms', 'retry 2 in 160 ms', 'retry 3 in 200 ms']);
    await w.back();
    await until(() => hub.state().state === 'connected', 3000, 'connected again');
    expect(hub.state()).toMatchObject({ reconnects: 1, port: w.url() });
    expect(hub.seen).toEqual([`SNAP WL-1/wall ${TAG_A}`, `SNAP WL-1/wall ${TAG_A}`]);

    await t.close();
    await until(() => hub.state().state === 'offline', 3000, 'offline after close');
    expect(hub.events.at(-1)).toBe('closed socket closed retrying=false');
  }, 15_000);

  it('two sockets say the same HELLO id: the newest wins', async () => {
    const a = await wifiReader();
    const b = await wifiReader();
    const hub = hubSide();
    const ta = await openReaderPort(a.url(), hub.sink);
    cleanups.push(() => ta.close());
    await until(() => hub.state().port === a.url() && hub.state().state === 'connected', 3000, 'a connected');
    const tb = await openReaderPort(b.url(), hub.sink);
    cleanups.push(() => tb.close());
    await until(() => hub.state().port === b.url() && hub.state().state === 'connected', 3000, 'b connected');
    const raw = vi.spyOn(hub.store, 'appendRawLine');
    a.reader.add('wall', TAG_A);
    // the superseded socket's ADD has been read, and kept in the raw log as ignored
    await vi.waitFor(() => expect(raw.mock.calls.map(([r]) => [r.port, r.line.split(' ')[0], r.status])).toContainEqual([a.url(), 'ADD', 'ignored: superseded by a newer session']), 3000);
    expect(hub.seen).toEqual(['SNAP WL-1/wall ', 'SNAP WL-1/wall ']);
    expect(hub.state().port).toBe(b.url());
  }, 10_000);

  it('a bad address is refused with a message naming it', () => {
    const sink: TransportSink = { opened: () => {}, line: () => {}, overlong: () => {}, closed: () => {} };
    expect(() => openTcp('tcp://reader.local', sink)).toThrow('reader address "tcp://reader.local" is not tcp://host:port');
    expect(() => openTcp('tcp://10.0.0.21:70000', sink)).toThrow('reader address "tcp://10.0.0.21:70000" is not tcp://host:port');
  });

  it('CMD snap goes out as one line', async () => {
    const w = await wifiReader();
    const hub = hubSide();
    const t = openTcp(w.url(), hub.sink);
    cleanups.push(() => t.close());
    await until(() => w.reader.snapRequests === 1, 3000, 'CMD snap');
    expect(encodeLine({ type: 'CMD', command: 'snap' })).toBe('CMD snap*4337');
  });
});
