/**
 * A relay page's link to its reader retrying (`relay:link`), through a real socket.io server and
 * client and a real ReaderSupervisor wired as hub/hub.ts wires it: the reader shows `reconnecting`
 * (not connected, not offline) while the page retries, and is asked for its snapshots when it is back.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { encodeLine } from '../../firmware-protocol/codec.js';
import type { ReaderMessage } from '../../firmware-protocol/messages.js';
import type { ReaderSupervisor } from '../readers/supervisor.js';
import { startRelayTestHub, type RelayTestHub } from './relay.test-helpers.js';
import { parseRelayLink, RELAY_EV, RELAY_NAMESPACE } from '../transports/relay.js';

const TOKEN = 'relay-secret';
const CMD_SNAP = encodeLine({ type: 'CMD', command: 'snap' });

describe('relay:link: the page says its Bluetooth / Web Serial link to the reader is retrying, then back', () => {
  let hub: RelayTestHub;
  let url: string;
  let sup: ReaderSupervisor;
  const clients: Socket[] = [];

  beforeEach(async () => {
    hub = await startRelayTestHub(TOKEN);
    sup = hub.sup;
    url = `${hub.url}${RELAY_NAMESPACE}`;
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.disconnect();
    await hub.close();
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
