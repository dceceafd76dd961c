/**
 * The serial transport over real pseudo-terminals (socat): unplug and replug, a corrupted line, a
 * sequence gap, and two ports saying the same HELLO id, through the reader supervisor.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeLine, frameLine } from '../../firmware-protocol/codec.js';
import { ReaderSupervisor } from '../readers/supervisor.js';
import { openSqliteStore } from '../store/sqlite.js';
import { openPtyLink, type ReaderLink } from '../simulator/ports.js';
import { VirtualReader } from '../simulator/reader.js';
import { openSerial } from './serial.js';
import type { Transport, TransportSink } from './transport.js';

const hasSocat = spawnSync('which', ['socat'], { stdio: 'ignore' }).status === 0;
const CMD_SNAP = encodeLine({ type: 'CMD', command: 'snap' });
const TAG_A = 'E004015012345678';
const TAG_B = 'E004015087654321';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function until(cond: () => boolean, ms: number, what: string): Promise<void> {
  const start = Date.now();
  while (!cond()) {
    if (Date.now() - start > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A hub's reader side: supervisor over an in-memory store, sightings and sink events recorded. */
function hubSide() {
  const store = openSqliteStore(':memory:');
  cleanups.push(() => store.close());
  const seen: string[] = [];
  const events: string[] = [];
  const sup = new ReaderSupervisor(
    new Map([['RK-E1', ['in', 'top']]]),
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
    opened: (c) => {
      events.push('opened');
      sup.opened(c);
    },
    line: (c, text, at) => sup.line(c, text, at),
    overlong: (c, o, at) => sup.overlong(c, o, at),
    closed: (c, reason, retrying) => {
      events.push(`closed retrying=${String(retrying)}`);
      sup.closed(c, reason, retrying);
    },
    retrying: (_name, attempt, delayMs) => events.push(`retry ${attempt} in ${delayMs} ms`),
  };
  const state = () => sup.statuses(Date.now())[0]!;
  return { store, sup, sink, seen, events, state };
}

async function tmpDir(): Promise<string> {
  const d = mkdtempSync(join(tmpdir(), 'mjserial-'));
  cleanups.push(() => rmSync(d, { recursive: true, force: true }));
  return d;
}

/** A virtual reader on a pty link: answers `CMD snap` with HELLO + a SNAP per zone; counts the CMD lines it got. */
async function readerOn(dir: string, name: string, id = 'RK-E1') {
  const link: ReaderLink = await openPtyLink(name, dir);
  cleanups.push(() => link.close());
  const got: string[] = [];
  const reader = new VirtualReader({ id, zones: ['in', 'top'], send: (l) => link.write(l), heartbeatMs: 0 });
  cleanups.push(() => reader.disconnect());
  let buf = '';
  link.onData = (chunk) => {
    buf += chunk;
    const lines = buf.split('\n');
    buf = lines.pop()!;
    got.push(...lines);
    reader.receive(chunk);
  };
  return { link, reader, got };
}

function open(path: string, sink: TransportSink, backoff = (n: number) => Math.min(400, 50 * 2 ** n)): Transport {
  const t = openSerial(path, sink, { backoff });
  cleanups.push(() => t.close());
  return t;
}

describe.skipIf(!hasSocat)('serial transport over socat pseudo-terminals', () => {
  it('unplug and replug: close seen, reconnecting, reopened with backoff, HELLO + snapshot, connected again', async () => {
    const dir = await tmpDir();
    const { link, reader } = await readerOn(dir, 'RK-E1');
    reader.load('in', [TAG_A]);
    const hub = hubSide();
    open(link.port, hub.sink);
    await until(() => hub.state().state === 'connected', 3000, 'connected');
    expect(hub.seen).toEqual([`SNAP RK-E1/in ${TAG_A}`, 'SNAP RK-E1/top ']);
    expect(hub.state().port).toBe(link.port);

    await link.unplug();
    await until(() => hub.state().state === 'reconnecting', 3000, 'reconnecting');
    expect(hub.events.slice(0, 2)).toEqual(['opened', 'closed retrying=true']);
    await until(() => hub.events.filter((e) => e.startsWith('retry')).length >= 3, 3000, 'three retries');
    // capped exponential backoff while the port is gone: 50, 100, 200 ms …
    expect(hub.events.filter((e) => e.startsWith('retry')).slice(0, 3)).toEqual(['retry 0 in 50 ms', 'retry 1 in 100 ms', 'retry 2 in 200 ms']);
    expect(hub.state().state).toBe('reconnecting');

    reader.add('top', TAG_B); // the reader keeps counting tiles while unplugged
    await link.replug();
    await until(() => hub.state().state === 'connected', 5000, 'connected after replug');
    expect(hub.events.filter((e) => e === 'opened')).toHaveLength(2);
    expect(hub.seen.slice(2)).toEqual([`SNAP RK-E1/in ${TAG_A}`, `SNAP RK-E1/top ${TAG_B}`]);
    expect(hub.state()).toMatchObject({ state: 'connected', reconnects: 1, discarded: 0, port: link.port });
  }, 20_000);

  it('a corrupted line then a good one: one discard counted by reason, one message', async () => {
    const dir = await tmpDir();
    const { link, reader } = await readerOn(dir, 'RK-E1');
    const hub = hubSide();
    open(link.port, hub.sink);
    await until(() => hub.state().state === 'connected', 3000, 'connected');
    const good = encodeLine({ type: 'ADD', seq: 2, zone: 'in', tag: TAG_A });
    const bad = frameLine(`ADD seq=2 zone=in tag=${TAG_B}`).replace(/\*[0-9A-F]{4}$/, good.slice(-5)); // another line's CRC
    link.write(bad + '\n' + good + '\n');
    await until(() => hub.seen.length === 3, 3000, 'the ADD');
    expect(hub.seen[2]).toBe(`ADD RK-E1/in ${TAG_A}`);
    expect(hub.state()).toMatchObject({ discarded: 1, errors: { 'bad-checksum': 1 } });
    void reader;
  }, 10_000);

  it('a sequence gap: exactly one CMD snap within a second, however many gaps', async () => {
    const dir = await tmpDir();
    const { link, got } = await readerOn(dir, 'RK-E1');
    const hub = hubSide();
    open(link.port, hub.sink);
    await until(() => hub.state().state === 'connected', 3000, 'connected');
    expect(got).toEqual([CMD_SNAP]);
    // the reader's seq is at 1 (two SNAPs): 5, 9 and 14 each skip some
    link.write([5, 9, 14].map((s) => encodeLine({ type: 'HB', seq: s, uptimeMs: s }) + '\n').join(''));
    await until(() => hub.state().gaps === 3, 3000, 'three gaps');
    await new Promise((r) => setTimeout(r, 300));
    expect(got).toEqual([CMD_SNAP, CMD_SNAP]);
  }, 10_000);

  it('two ports say the same HELLO id: the newest session wins, the old port\'s lines are ignored', async () => {
    const dir = await tmpDir();
    const first = await readerOn(dir, 'A');
    const second = await readerOn(dir, 'B');
    const hub = hubSide();
    open(first.link.port, hub.sink);
    await until(() => hub.state().state === 'connected', 3000, 'first connected');
    open(second.link.port, hub.sink);
    await until(() => hub.state().port === second.link.port && hub.state().state === 'connected', 3000, 'second connected');
    first.reader.add('in', TAG_A); // ADD from the superseded port: ignored
    second.reader.add('in', TAG_B);
    await until(() => hub.seen.includes(`ADD RK-E1/in ${TAG_B}`), 3000, "the second port's ADD");
    await new Promise((r) => setTimeout(r, 200));
    expect(hub.seen.filter((l) => l.startsWith('ADD'))).toEqual([`ADD RK-E1/in ${TAG_B}`]);
    expect(hub.state().port).toBe(second.link.port);
  }, 10_000);
});
