/**
 * Real pseudo-terminals (socat), the end-to-end tier's own: the simulator's pty links
 * (hub/simulator/ports.ts `openPtyLink`: what the hub opens as DIR/hub-<READER>, an unplug, a cable
 * pulled by hand with DIR/unplug-<READER>), and the hub's serial transport (hub/transports/serial.ts)
 * unplugged and replugged on one. The transport's logic (backoff, bad lines, gaps, superseded
 * sessions) is tested on the mock binding in hub/transports/serial.test.ts.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SerialPort } from 'serialport';
import { encodeLine, LineSplitter } from '../../firmware-protocol/codec.js';
import type { Message } from '../../firmware-protocol/messages.js';
import { openPtyLink, requestUnplug, unplugRequestPath, type ReaderLink } from '../../hub/simulator/ports.js';
import { VirtualReader } from '../../hub/simulator/reader.js';
import { tagOfTile } from '../../hub/tilesets/simulated.js';
import { openSerial } from '../../hub/transports/serial.js';
import { hasSocat } from './harness.js';

const CMD_SNAP = encodeLine({ type: 'CMD', command: 'snap' }) + '\n';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function tmp(): string {
  const d = mkdtempSync(join(tmpdir(), 'mjpty-'));
  cleanups.push(() => rmSync(d, { recursive: true, force: true }));
  return d;
}

/** Waits (polling every 10 ms) until `cond` holds; fails after `ms` naming `what`. */
async function until(cond: () => boolean, ms: number, what: string): Promise<void> {
  await vi.waitFor(
    () => {
      if (!cond()) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    },
    { timeout: ms, interval: 10 },
  );
}

function wire(link: ReaderLink, reader: VirtualReader): void {
  link.onData = (c) => reader.receive(c);
  link.onConnect = () => reader.connect();
  link.onDisconnect = () => reader.disconnect();
}

// each wait below allows 15 s: on a loaded machine a pseudo-terminal's close can take seconds to reach
// the hub side, and the wait ends as soon as the condition holds
describe.skipIf(!hasSocat)('the simulator on pseudo-terminals', { timeout: 60_000 }, () => {
  it('pseudo-terminal: the hub opens DIR/hub-<READER>, sends CMD snap, gets HELLO + SNAPs, then ADDs', async () => {
    const dir = tmp();
    const link = await openPtyLink('WL-1', dir);
    cleanups.push(() => link.close());
    expect(link.port).toBe(join(dir, 'hub-WL-1'));
    const reader = new VirtualReader({ id: 'WL-1', zones: ['wall'], send: (l) => link.write(l), heartbeatMs: 0 });
    wire(link, reader);
    reader.load('wall', [tagOfTile('5B#2'), tagOfTile('F#8')]);

    const hub = new SerialPort({ path: link.port, baudRate: 115200, autoOpen: false });
    await new Promise<void>((res, rej) => hub.open((e) => (e ? rej(e) : res())));
    cleanups.push(() => new Promise<void>((res) => (hub.isOpen ? hub.close(() => res()) : res())));
    const got: Message[] = [];
    const hubLines = new LineSplitter();
    hub.on('data', (chunk: Buffer) => {
      for (const d of hubLines.push(chunk.toString('latin1'))) if (d.ok) got.push(d.message);
    });
    hub.write(CMD_SNAP);
    await until(() => got.length >= 2, 15_000, 'HELLO and SNAP');
    reader.remove('wall', tagOfTile('5B#2'));
    await until(() => got.length >= 3, 15_000, 'DEL');
    expect(got).toEqual<Message[]>([
      { type: 'HELLO', reader: 'WL-1', firmware: 'sim-0.1.0', protocol: 0, zones: ['wall'] },
      { type: 'SNAP', seq: 0, zone: 'wall', tags: [tagOfTile('5B#2'), tagOfTile('F#8')] },
      { type: 'DEL', seq: 1, zone: 'wall', tag: tagOfTile('5B#2') },
    ]);
    expect(reader.snapRequests).toBe(1);
  });

  it('pseudo-terminal unplug: the hub side closes with disconnected=true; after replug a fresh open gets HELLO + SNAP', async () => {
    const dir = tmp();
    const link = await openPtyLink('RK-W2', dir);
    cleanups.push(() => link.close());
    const reader = new VirtualReader({ id: 'RK-W2', zones: ['in', 'top'], send: (l) => link.write(l), heartbeatMs: 0 });
    wire(link, reader);
    const open = async (got: Message[]) => {
      const hub = new SerialPort({ path: link.port, baudRate: 115200, autoOpen: false });
      await new Promise<void>((res, rej) => hub.open((e) => (e ? rej(e) : res())));
      hub.on('error', () => {});
      const hubLines = new LineSplitter();
      hub.on('data', (chunk: Buffer) => {
        for (const d of hubLines.push(chunk.toString('latin1'))) if (d.ok) got.push(d.message);
      });
      hub.write(CMD_SNAP);
      return hub;
    };
    const first: Message[] = [];
    const hub1 = await open(first);
    await until(() => first.length >= 3, 15_000, 'first snapshot');
    let closed: unknown;
    hub1.on('close', (e: unknown) => (closed = e));
    await link.unplug();
    await until(() => closed !== undefined, 15_000, 'close on unplug');
    expect((closed as { disconnected?: boolean }).disconnected).toBe(true);
    reader.add('in', tagOfTile('3D#1')); // while unplugged: tracked, not sent
    await link.replug();
    const second: Message[] = [];
    const hub2 = await open(second);
    cleanups.push(() => new Promise<void>((res) => (hub2.isOpen ? hub2.close(() => res()) : res())));
    await until(() => second.length >= 3, 15_000, 'snapshot after replug');
    expect(second.slice(0, 3)).toEqual<Message[]>([
      { type: 'HELLO', reader: 'RK-W2', firmware: 'sim-0.1.0', protocol: 0, zones: ['in', 'top'] },
      { type: 'SNAP', seq: 3, zone: 'in', tags: [tagOfTile('3D#1')] },
      { type: 'SNAP', seq: 4, zone: 'top', tags: [] },
    ]);
  });

  it('a cable pulled by hand: DIR/unplug-<READER> holding 400 closes the hub side, and 400 ms later the link is back', async () => {
    const dir = tmp();
    const link = await openPtyLink('WL-3', dir);
    cleanups.push(() => link.close());
    const reader = new VirtualReader({ id: 'WL-3', zones: ['wall'], send: (l) => link.write(l), heartbeatMs: 0 });
    wire(link, reader);
    reader.load('wall', [tagOfTile('7C#1')]);
    const open = async (got: Message[]) => {
      const hub = new SerialPort({ path: link.port, baudRate: 115200, autoOpen: false });
      await new Promise<void>((res, rej) => hub.open((e) => (e ? rej(e) : res())));
      hub.on('error', () => {});
      const hubLines = new LineSplitter();
      hub.on('data', (chunk: Buffer) => {
        for (const d of hubLines.push(chunk.toString('latin1'))) if (d.ok) got.push(d.message);
      });
      hub.write(CMD_SNAP);
      return hub;
    };
    const first: Message[] = [];
    const hub1 = await open(first);
    await until(() => first.length >= 2, 15_000, 'first snapshot');
    let closed: unknown;
    hub1.on('close', (e: unknown) => (closed = e));
    expect(() => requestUnplug(dir, 'WL-3', -1)).toThrow('unplug time -1 must be an integer 0..600000 ms');
    // the replug the link makes by itself, and when it starts
    const replug = link.replug.bind(link);
    let replugged: { at: number; done: Promise<void> } | undefined;
    link.replug = () => {
      const done = replug();
      replugged = { at: Date.now(), done };
      return done;
    };
    const pulledAt = Date.now();
    const file = requestUnplug(dir, 'WL-3', 400);
    expect(file).toBe(unplugRequestPath(dir, 'WL-3'));
    await until(() => closed !== undefined, 15_000, 'close on a hand-pulled cable');
    expect((closed as { disconnected?: boolean }).disconnected).toBe(true);
    expect(existsSync(file)).toBe(false); // the request is taken away
    // back after 400 ms out: socat starts again under the same link name
    await until(() => replugged !== undefined, 15_000, 'the replug');
    await replugged!.done;
    expect(replugged!.at - pulledAt).toBeGreaterThanOrEqual(400);
    expect(existsSync(link.port)).toBe(true);
    const second: Message[] = [];
    const hub2 = await open(second);
    cleanups.push(() => new Promise<void>((res) => (hub2.isOpen ? hub2.close(() => res()) : res())));
    await until(() => second.length >= 2, 15_000, 'snapshot after the replug');
    expect(second.slice(0, 2)).toEqual<Message[]>([
      { type: 'HELLO', reader: 'WL-3', firmware: 'sim-0.1.0', protocol: 0, zones: ['wall'] },
      { type: 'SNAP', seq: 1, zone: 'wall', tags: [tagOfTile('7C#1')] },
    ]);
  });
});

describe.skipIf(!hasSocat)('the serial transport on a pseudo-terminal', { timeout: 60_000 }, () => {
  it('unplug (socat killed) and replug: closed and retrying with backoff, reopened, HELLO + snapshot again', async () => {
    const dir = tmp();
    const link = await openPtyLink('RK-E1', dir);
    cleanups.push(() => link.close());
    const reader = new VirtualReader({ id: 'RK-E1', zones: ['in', 'top'], send: (l) => link.write(l), heartbeatMs: 0 });
    wire(link, reader);
    reader.load('in', [tagOfTile('5B#2')]);
    const events: string[] = [];
    const lines: string[] = [];
    let conn: { write(line: string): void } | null = null;
    const t = openSerial(
      link.port,
      {
        opened: (c) => {
          events.push('opened');
          conn = c;
          c.write(CMD_SNAP.trimEnd());
        },
        line: (_c, text) => lines.push(text),
        overlong: () => {},
        closed: (_c, _reason, retrying) => events.push(`closed retrying=${String(retrying)}`),
        retrying: (_name, attempt, delayMs) => events.push(`retry ${attempt} in ${delayMs} ms`),
      },
      { backoff: (n) => Math.min(400, 50 * 2 ** n) },
    );
    cleanups.push(() => t.close());
    // HELLO, then a SNAP of each zone (seq 0 and 1)
    await until(() => lines.length >= 3, 15_000, 'HELLO and two SNAPs');
    await link.unplug();
    await until(() => events.filter((e) => e.startsWith('retry')).length >= 2, 15_000, 'two retries');
    // the first retry is the close's own (the port went away); the next one a failed reopen
    expect(events.slice(0, 4)).toEqual(['opened', 'closed retrying=true', 'retry 0 in 50 ms', 'retry 1 in 100 ms']);
    await link.replug();
    // the transport may open the new pseudo-terminal the moment socat makes its link, before the
    // reader's end is open, and a CMD written then can be lost: like the hub (hub/readers/snap-retry.ts),
    // ask again every 500 ms until the reader answers
    const reask = setInterval(() => {
      if (events.filter((e) => e === 'opened').length === 2 && lines.length < 6) conn?.write(CMD_SNAP.trimEnd());
    }, 500);
    try {
      await until(() => events.filter((e) => e === 'opened').length === 2 && lines.length >= 6, 15_000, 'reopened, HELLO and SNAPs again');
    } finally {
      clearInterval(reask);
    }
    expect(lines.slice(3, 6).map((l) => l.split(' ')[0])).toEqual(['HELLO', 'SNAP', 'SNAP']);
  });
});
