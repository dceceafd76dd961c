/**
 * A relay page's link to its reader retrying (`relay:link`), through a real socket.io server and
 * client and a real ReaderSupervisor wired as hub/hub.ts wires it: the reader shows `reconnecting`
 * (not connected, not offline) while the page retries, and is asked for its snapshots when it is back.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { encodeLine } from '../../firmware-protocol/codec.js';
import type { ReaderMessage } from '../../firmware-protocol/messages.js';
import { ReaderSupervisor } from '../readers/supervisor.js';
import { openSqliteStore } from '../store/sqlite.js';
import { parseRelayLink, RELAY_EV, RELAY_NAMESPACE } from '../transports/relay.js';
import type { TransportSink } from '../transports/transport.js';
import { tokenChecker } from './auth.js';
import { attachRelay } from './relay.js';

const TOKEN = 'relay-secret';
const CMD_SNAP = encodeLine({ type: 'CMD', command: 'snap' });

describe('relay:link: the page says its Bluetooth / Web Serial link to the reader is retrying, then back', () => {
  let http: HttpServer;
  let io: Server;
  let url: string;
  let sup: ReaderSupervisor;
  const clients: Socket[] = [];

  beforeEach(async () => {
    const store = openSqliteStore(':memory:');
    sup = new ReaderSupervisor(new Map([['FL-1', ['floor']]]), store, { snapshot: () => {}, add: () => {}, remove: () => {}, status: () => {} }, 5000);
    const sink: TransportSink = {
      opened: (c) => sup.opened(c),
      line: (c, text, at) => sup.line(c, text, at),
      overlong: (c, line, at) => sup.overlong(c, line, at),
      closed: (c, reason, retrying) => sup.closed(c, reason, retrying),
      link: (c, retrying, reason) => sup.link(c, retrying, reason),
    };
    http = createServer();
    io = new Server(http, { serveClient: false });
    attachRelay(io, { sink, isDirectorToken: tokenChecker(TOKEN) });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}${RELAY_NAMESPACE}`;
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.disconnect();
    sup.close();
    await io.close();
  });

  /** A page linked to the hub, holding reader FL-1 (HELLO and its snapshot sent); `writes` what the hub wrote to it. */
  async function page() {
    const s = connect(url, { auth: { token: TOKEN }, transports: ['websocket'], reconnection: false });
    clients.push(s);
    await new Promise<void>((res, rej) => {
      s.on('connect', () => res());
      s.on('connect_error', rej);
    });
    const writes: string[] = [];
    const problems: string[] = [];
    s.on(RELAY_EV.write, (p: { line: string }) => writes.push(p.line));
    s.on(RELAY_EV.problem, (p: { error: string }) => problems.push(p.error));
    const send = (m: ReaderMessage) => s.emit(RELAY_EV.line, { line: encodeLine(m) });
    return { s, writes, problems, send };
  }
  const fl1 = () => sup.statuses(Date.now()).find((r) => r.id === 'FL-1')!;

  it('retrying: FL-1 is reconnecting, its connection still open, one reconnect; back: CMD snap, unsynced until its snapshot, then connected', async () => {
    const p = await page();
    const problemsBefore = p.problems.length;
    await p.s.emitWithAck(RELAY_EV.open, { readerHint: 'Bluetooth MJ-FL-1' });
    p.send({ type: 'HELLO', reader: 'FL-1', firmware: '1.0.0', protocol: 1, zones: ['floor'] });
    p.send({ type: 'SNAP', seq: 0, zone: 'floor', tags: [] });
    await expect.poll(() => fl1().state).toBe('connected');
    expect(p.writes).toEqual([CMD_SNAP]); // at open; the HELLO is its answer

    p.s.emit(RELAY_EV.link, { state: 'retrying', reason: 'Bluetooth link lost; reconnecting in 250 ms' });
    await expect.poll(() => fl1().state).toBe('reconnecting');
    expect(fl1()).toMatchObject({ reconnects: 1, port: `relay://${p.s.id} (Bluetooth MJ-FL-1)` });
    expect(sup.untrusted(Date.now())).toEqual(['FL-1']);

    p.s.emit(RELAY_EV.link, { state: 'back' });
    await expect.poll(() => p.writes.length).toBe(2);
    expect(p.writes).toEqual([CMD_SNAP, CMD_SNAP]); // asked for the truth: lines were lost while the link was down
    expect(fl1().state).toBe('unsynced');
    p.send({ type: 'HELLO', reader: 'FL-1', firmware: '1.0.0', protocol: 1, zones: ['floor'] }); // the reader's HELLO on its new link
    p.send({ type: 'SNAP', seq: 0, zone: 'floor', tags: [] });
    await expect.poll(() => fl1().state).toBe('connected');
    expect(fl1().reconnects).toBe(1);
    expect(p.problems.length).toBe(problemsBefore);
  });

  it("a line through the link while it was said retrying: the link is back (the page's 'back' lost or late)", async () => {
    const p = await page();
    await p.s.emitWithAck(RELAY_EV.open, {});
    p.send({ type: 'HELLO', reader: 'FL-1', firmware: '1.0.0', protocol: 1, zones: ['floor'] });
    p.send({ type: 'SNAP', seq: 0, zone: 'floor', tags: [] });
    await expect.poll(() => fl1().state).toBe('connected');
    p.s.emit(RELAY_EV.link, { state: 'retrying' });
    await expect.poll(() => fl1().state).toBe('reconnecting');
    p.send({ type: 'HELLO', reader: 'FL-1', firmware: '1.0.0', protocol: 1, zones: ['floor'] });
    p.send({ type: 'SNAP', seq: 0, zone: 'floor', tags: [] });
    await expect.poll(() => fl1().state).toBe('connected');
  });

  it('a bad relay:link, or one before relay:open, is refused naming why; the reader is untouched', async () => {
    const p = await page();
    p.s.emit(RELAY_EV.link, { state: 'retrying' });
    await expect.poll(() => p.problems).toEqual(['relay:link before relay:open: open the reader first']);
    await p.s.emitWithAck(RELAY_EV.open, {});
    p.send({ type: 'HELLO', reader: 'FL-1', firmware: '1.0.0', protocol: 1, zones: ['floor'] });
    p.send({ type: 'SNAP', seq: 0, zone: 'floor', tags: [] });
    await expect.poll(() => fl1().state).toBe('connected');
    p.s.emit(RELAY_EV.link, { state: 'gone' });
    await expect.poll(() => p.problems.length).toBe(2);
    expect(p.problems[1]).toMatch(/^relay:link state /);
    expect(fl1().state).toBe('connected');
  });
});

describe('relay:link payload checks', () => {
  it('retrying with a reason (printable, at most 200 characters), back, and refusals naming the field', () => {
    expect(parseRelayLink({ state: 'retrying', reason: 'Bluetooth link lost\u0007' })).toEqual({ retrying: true, reason: 'Bluetooth link lost?' });
    expect(parseRelayLink({ state: 'retrying', reason: 'x'.repeat(300) })).toEqual({ retrying: true, reason: 'x'.repeat(200) });
    expect(parseRelayLink({ state: 'back' })).toEqual({ retrying: false, reason: null });
    expect(parseRelayLink({ state: 'back', at: 1 })).toMatchObject({ error: expect.stringContaining('at') });
    expect(parseRelayLink(null)).toMatchObject({ error: expect.stringMatching(/^relay:link/) });
  });
});
