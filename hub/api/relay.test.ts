/**
 * The `/relay` namespace with a real socket.io server and client, and a recording sink: the token
 * gate, open → opened, line → line, hub write → `relay:write`, close and disconnect → closed, and
 * the refusals of bad payloads.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { tokenChecker } from './auth.js';
import { attachRelay, type RelayServer } from './relay.js';
import { RELAY_EV, RELAY_NAMESPACE, parseRelayLine, parseRelayOpen, type RelayAck } from '../transports/relay.js';
import type { Connection } from '../readers/supervisor.js';
import type { TransportSink } from '../transports/transport.js';
import { DIRECTOR_LOGIN_NEEDED_SOCKET } from '../../rules/wording/director-login.js';

const TOKEN = 'relay-secret';

interface Rec {
  events: string[];
  conns: Connection[];
}

function recordingSink(rec: Rec): TransportSink {
  return {
    opened: (c) => {
      rec.conns.push(c);
      rec.events.push(`opened ${c.name}`);
    },
    line: (c, text, at) => rec.events.push(`line ${text} @${at}`),
    overlong: (c, o, at) => rec.events.push(`overlong ${o.head} (${o.length} bytes) @${at}`),
    closed: (c, reason, retrying) => rec.events.push(`closed ${c.name}: ${reason}${retrying ? ' (retrying)' : ''}`),
  };
}

const until = async (cond: () => boolean, ms = 2000) => {
  await vi.waitFor(
    () => {
      if (!cond()) throw new Error(`timed out after ${ms} ms`);
    },
    { timeout: ms, interval: 10 },
  );
};

describe('relay namespace', () => {
  let http: HttpServer;
  let io: Server;
  let relay: RelayServer;
  let url: string;
  let rec: Rec;
  const clients: Socket[] = [];

  beforeEach(async () => {
    rec = { events: [], conns: [] };
    http = createServer();
    io = new Server(http, { serveClient: false });
    relay = attachRelay(io, { sink: recordingSink(rec), isDirectorToken: tokenChecker(TOKEN), now: () => 1234 });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}${RELAY_NAMESPACE}`;
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.disconnect();
    await io.close();
  });

  const client = (token: string | undefined) => {
    const s = connect(url, { auth: token === undefined ? {} : { token }, transports: ['websocket'], reconnection: false });
    clients.push(s);
    return s;
  };
  const connected = (s: Socket) =>
    new Promise<void>((res, rej) => {
      s.on('connect', () => res());
      s.on('connect_error', (e) => rej(e));
    });

  it('refuses a page without the director token, naming why', async () => {
    await expect(connected(client('wrong'))).rejects.toThrow(DIRECTOR_LOGIN_NEEDED_SOCKET);
    await expect(connected(client(undefined))).rejects.toThrow(DIRECTOR_LOGIN_NEEDED_SOCKET);
    expect(rec.events).toEqual([]);
  });

  it('relays a reader: opened, lines in order, the hub writes back, closed on relay:close', async () => {
    const s = client(TOKEN);
    await connected(s);
    const writes: unknown[] = [];
    s.on(RELAY_EV.write, (p: unknown) => writes.push(p));
    const ack = await s.emitWithAck(RELAY_EV.open, { readerHint: 'USB 10c4:ea60' });
    expect(ack).toEqual({ ok: true, name: `relay://${s.id} (USB 10c4:ea60)` });
    expect(rec.events).toEqual([`opened relay://${s.id} (USB 10c4:ea60)`]);

    s.emit(RELAY_EV.line, { line: 'HELLO a*0000' });
    s.emit(RELAY_EV.line, { line: 'HB seq=1 up=5*0000\r' });
    s.emit(RELAY_EV.line, { line: 'X one\nX two\n' });
    await until(() => rec.events.length === 5);
    expect(rec.events.slice(1)).toEqual(['line HELLO a*0000 @1234', 'line HB seq=1 up=5*0000 @1234', 'line X one @1234', 'line X two @1234']);
    expect(relay.connections()[0]!.lines).toBe(4);

    rec.conns[0]!.write('CMD snap*1234');
    await until(() => writes.length === 1);
    expect(writes).toEqual([{ line: 'CMD snap*1234' }]);

    const closed = (await s.emitWithAck(RELAY_EV.close, { reason: 'unplugged' })) as RelayAck;
    expect(closed).toEqual({ ok: true, name: `relay://${s.id} (USB 10c4:ea60)` });
    expect(rec.events.at(-1)).toBe(`closed relay://${s.id} (USB 10c4:ea60): page: unplugged`);
    // a write to a closed connection goes nowhere; a line after close is refused
    rec.conns[0]!.write('CMD snap*1234');
    const problems: unknown[] = [];
    s.on(RELAY_EV.problem, (p: unknown) => problems.push(p));
    s.emit(RELAY_EV.line, { line: 'HB seq=2 up=6*0000' });
    await until(() => problems.length === 1);
    expect(problems).toEqual([{ error: 'relay:line before relay:open: open the reader first' }]);
    expect(writes).toHaveLength(1);
    expect(relay.connections()).toEqual([]);
  });

  it('closes the connection when the page goes away, and a second open replaces the first', async () => {
    const s = client(TOKEN);
    await connected(s);
    const id = s.id;
    await s.emitWithAck(RELAY_EV.open, {});
    await s.emitWithAck(RELAY_EV.open, { readerHint: 'NUS MJ-reader' });
    expect(rec.events).toEqual([`opened relay://${id}`, `closed relay://${id}: the page opened another reader`, `opened relay://${id} (NUS MJ-reader)`]);
    s.disconnect();
    await until(() => rec.events.length === 4);
    expect(rec.events[3]).toBe(`closed relay://${id} (NUS MJ-reader): relay socket disconnected (client namespace disconnect) (retrying)`);
  });

  it('refuses bad payloads with a message naming the field, and keeps going', async () => {
    const s = client(TOKEN);
    await connected(s);
    const problems: unknown[] = [];
    s.on(RELAY_EV.problem, (p: unknown) => problems.push(p));
    expect(await s.emitWithAck(RELAY_EV.open, 'WL-1')).toEqual({ ok: false, error: 'relay:open payload must be an object { readerHint? }' });
    await s.emitWithAck(RELAY_EV.open, { readerHint: 'x' });
    s.emit(RELAY_EV.line, { line: 42 });
    s.emit(RELAY_EV.overlong, { head: 'A'.repeat(81), length: 5000 });
    s.emit(RELAY_EV.overlong, { head: 'AAA', length: 4096 });
    s.emit(RELAY_EV.overlong, { head: 'AAA', length: 5000, at: 1 });
    s.emit(RELAY_EV.line, { line: 'still fine' });
    await until(() => rec.events.length === 2 && problems.length === 5);
    expect(problems).toEqual([
      { error: 'relay:open payload must be an object { readerHint? }' },
      { error: 'relay:line line must be string' },
      { error: 'relay:overlong head must NOT have more than 80 characters' },
      { error: 'relay:overlong length must be > 4096' },
      { error: 'relay:overlong at is not allowed (unknown field; the payload is { head, length })' },
    ]);
    expect(rec.events[1]).toBe('line still fine @1234');
  });

  it('a line over 4096 bytes, relayed whole or as the page cut it, reaches the sink as one overlong line (first 80 bytes, length)', async () => {
    const s = client(TOKEN);
    await connected(s);
    await s.emitWithAck(RELAY_EV.open, { readerHint: 'x' });
    s.emit(RELAY_EV.line, { line: `${'A'.repeat(5000)}\r\nok` });
    s.emit(RELAY_EV.overlong, { head: 'B'.repeat(80), length: 67_108_864 });
    await until(() => rec.events.length === 4);
    expect(rec.events.slice(1)).toEqual([`overlong ${'A'.repeat(80)} (5000 bytes) @1234`, 'line ok @1234', `overlong ${'B'.repeat(80)} (67108864 bytes) @1234`]);
    expect(relay.connections()[0]!.lines).toBe(3);
  });

  it('refuses unknown fields and a bad relay:close payload, naming the field', async () => {
    const s = client(TOKEN);
    await connected(s);
    expect(await s.emitWithAck(RELAY_EV.open, { readerHint: 'x', baud: 9600 })).toEqual({
      ok: false,
      error: 'relay:open baud is not allowed (unknown field; the payload is { readerHint? })',
    });
    expect(await s.emitWithAck(RELAY_EV.open, { readerHint: 'x' })).toMatchObject({ ok: true });
    const problems: unknown[] = [];
    s.on(RELAY_EV.problem, (p: unknown) => problems.push(p));
    s.emit(RELAY_EV.line, { line: 'HELLO', at: 5 });
    await until(() => problems.length === 1);
    expect(problems).toEqual([{ error: 'relay:line at is not allowed (unknown field; the payload is { line })' }]);
    expect(await s.emitWithAck(RELAY_EV.close, { reason: 3 })).toEqual({ ok: false, error: 'relay:close reason must be string' });
    expect(await s.emitWithAck(RELAY_EV.close, 'bye')).toEqual({ ok: false, error: 'relay:close payload must be an object { reason? }' });
    expect(await s.emitWithAck(RELAY_EV.close, { reason: 'done', now: 1 })).toEqual({ ok: false, error: 'relay:close now is not allowed (unknown field; the payload is { reason? })' });
    expect(rec.events.filter((e) => e.startsWith('line'))).toEqual([]);
  });
});

describe('relay payload checks', () => {
  it('cleans reader hints', () => {
    expect(parseRelayOpen(undefined)).toEqual({ hint: null });
    expect(parseRelayOpen({ readerHint: '  WL-1\u0007 ' })).toEqual({ hint: 'WL-1?' });
    expect(parseRelayOpen({ readerHint: 'x'.repeat(80) })).toEqual({ hint: 'x'.repeat(64) });
    expect(parseRelayOpen({ readerHint: 7 })).toEqual({ error: 'relay:open readerHint must be string' });
  });
  it('splits and trims lines', () => {
    expect(parseRelayLine({ line: 'A\r\n\nB' })).toEqual({
      items: [
        { kind: 'line', text: 'A' },
        { kind: 'line', text: 'B' },
      ],
    });
    expect(parseRelayLine({ line: 'B\r' })).toEqual({ items: [{ kind: 'line', text: 'B' }] });
    expect(parseRelayLine({ line: '' })).toEqual({ items: [] });
    expect(parseRelayLine(null)).toEqual({ error: 'relay:line payload must be an object { line }' });
  });
});
