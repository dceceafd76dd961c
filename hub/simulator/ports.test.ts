import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SerialPort } from 'serialport';
import { encodeLine, LineSplitter } from '../../firmware-protocol/codec.js';
import type { Message } from '../../firmware-protocol/messages.js';
import { loadHubConfig } from '../config/load.js';
import { tagOfTile, tileOfTag } from '../tilesets/simulated.js';
import { applySteps, playGame, tableZones, wallPositions, zoneKey } from './game.js';
import { openPtyLink, openTcpLink, requestUnplug, socatAvailable, unplugRequestPath, type ReaderLink } from './ports.js';
import { VirtualReader } from './reader.js';
import { Simulator } from './run.js';

const hasSocat = spawnSync('which', ['socat'], { stdio: 'ignore' }).status === 0;
const [loaded] = loadHubConfig('hub/config/tables/siamese-demo.json');
const CMD_SNAP = encodeLine({ type: 'CMD', command: 'snap' }) + '\n';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function tmp(): string {
  const d = mkdtempSync(join(tmpdir(), 'mjsim-'));
  cleanups.push(() => rmSync(d, { recursive: true, force: true }));
  return d;
}

async function until(cond: () => boolean, ms: number, what: string): Promise<void> {
  const start = Date.now();
  while (!cond()) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

function wire(link: ReaderLink, reader: VirtualReader): void {
  link.onData = (c) => reader.receive(c);
  link.onConnect = () => reader.connect();
  link.onDisconnect = () => reader.disconnect();
}

describe('transports', () => {
  it('socatAvailable() agrees with `which socat`', () => {
    expect(socatAvailable()).toBe(hasSocat);
  });

  it.skipIf(!hasSocat)('pseudo-terminal: the hub opens DIR/hub-<READER>, sends CMD snap, gets HELLO + SNAPs, then ADDs', async () => {
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
    await until(() => got.length >= 2, 3000, 'HELLO and SNAP');
    reader.remove('wall', tagOfTile('5B#2'));
    await until(() => got.length >= 3, 3000, 'DEL');
    expect(got).toEqual<Message[]>([
      { type: 'HELLO', reader: 'WL-1', firmware: 'sim-0.1.0', protocol: 0, zones: ['wall'] },
      { type: 'SNAP', seq: 0, zone: 'wall', tags: [tagOfTile('5B#2'), tagOfTile('F#8')] },
      { type: 'DEL', seq: 1, zone: 'wall', tag: tagOfTile('5B#2') },
    ]);
    expect(reader.snapRequests).toBe(1);
  });

  it.skipIf(!hasSocat)('pseudo-terminal unplug: the hub side closes with disconnected=true; after replug a fresh open gets HELLO + SNAP', async () => {
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
    await until(() => first.length >= 3, 3000, 'first snapshot');
    let closed: unknown;
    hub1.on('close', (e: unknown) => (closed = e));
    await link.unplug();
    await until(() => closed !== undefined, 3000, 'close on unplug');
    expect((closed as { disconnected?: boolean }).disconnected).toBe(true);
    reader.add('in', tagOfTile('3D#1')); // while unplugged: tracked, not sent
    await link.replug();
    const second: Message[] = [];
    const hub2 = await open(second);
    cleanups.push(() => new Promise<void>((res) => (hub2.isOpen ? hub2.close(() => res()) : res())));
    await until(() => second.length >= 3, 3000, 'snapshot after replug');
    expect(second.slice(0, 3)).toEqual<Message[]>([
      { type: 'HELLO', reader: 'RK-W2', firmware: 'sim-0.1.0', protocol: 0, zones: ['in', 'top'] },
      { type: 'SNAP', seq: 3, zone: 'in', tags: [tagOfTile('3D#1')] },
      { type: 'SNAP', seq: 4, zone: 'top', tags: [] },
    ]);
  });

  it.skipIf(!hasSocat)('a cable pulled by hand: DIR/unplug-<READER> holding 400 closes the hub side, and 400 ms later the link is back', async () => {
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
    await until(() => first.length >= 2, 3000, 'first snapshot');
    let closed: unknown;
    hub1.on('close', (e: unknown) => (closed = e));
    expect(() => requestUnplug(dir, 'WL-3', -1)).toThrow('unplug time -1 must be an integer 0..600000 ms');
    const file = requestUnplug(dir, 'WL-3', 400);
    expect(file).toBe(unplugRequestPath(dir, 'WL-3'));
    const pulledAt = Date.now();
    await until(() => closed !== undefined, 3000, 'close on a hand-pulled cable');
    expect((closed as { disconnected?: boolean }).disconnected).toBe(true);
    expect(existsSync(file)).toBe(false); // the request is taken away
    // back after 400 ms: the hub reopens the same link name and gets HELLO + SNAP again
    await new Promise((r) => setTimeout(r, Math.max(0, pulledAt + 1000 - Date.now()))); // 400 ms out, then socat starts again
    await until(() => existsSync(link.port), 5000, 'the link back');
    const second: Message[] = [];
    const hub2 = await open(second);
    cleanups.push(() => new Promise<void>((res) => (hub2.isOpen ? hub2.close(() => res()) : res())));
    await until(() => second.length >= 2, 3000, 'snapshot after the replug');
    expect(second.slice(0, 2)).toEqual<Message[]>([
      { type: 'HELLO', reader: 'WL-3', firmware: 'sim-0.1.0', protocol: 0, zones: ['wall'] },
      { type: 'SNAP', seq: 1, zone: 'wall', tags: [tagOfTile('7C#1')] },
    ]);
  });

  it('TCP: a connection gets HELLO + SNAP at once, and CMD snap gets them again', async () => {
    const port = 17_000 + Math.floor(Math.random() * 2000);
    const link = await openTcpLink('FL-1', port);
    cleanups.push(() => link.close());
    expect(link.port).toBe(`tcp://127.0.0.1:${port}`);
    const reader = new VirtualReader({ id: 'FL-1', zones: ['floor'], send: (l) => link.write(l), heartbeatMs: 0 });
    wire(link, reader);
    const sock: Socket = connect(port, '127.0.0.1');
    cleanups.push(() => void sock.destroy());
    sock.setEncoding('latin1');
    const split = new LineSplitter();
    const got: Message[] = [];
    sock.on('data', (c: string) => split.push(c).forEach((d) => d.ok && got.push(d.message)));
    await until(() => got.length >= 2, 3000, 'HELLO and SNAP on connect');
    sock.write(CMD_SNAP);
    await until(() => got.length >= 4, 3000, 'HELLO and SNAP again');
    expect(got.map((m) => m.type)).toEqual(['HELLO', 'SNAP', 'HELLO', 'SNAP']);
  });
});

/**
 * What a hub would know from the bytes alone: tag sets per reader zone, from SNAPs then ADD/DEL.
 */
class FakeHub {
  readonly zones = new Map<string, Set<string>>();
  readonly bad: string[] = [];
  readonly hellos = new Set<string>();
  private readonly readerOf = new Map<string, string>();
  feed(link: string, chunk: string, split: LineSplitter): void {
    for (const d of split.push(chunk)) {
      if (!d.ok) {
        this.bad.push(d.line);
        continue;
      }
      const m = d.message;
      if (m.type === 'HELLO') {
        this.readerOf.set(link, m.reader);
        this.hellos.add(m.reader);
        continue;
      }
      const reader = this.readerOf.get(link);
      if (!reader) continue;
      if (m.type === 'SNAP') this.zones.set(`${reader}/${m.zone}`, new Set(m.tags));
      if (m.type === 'ADD') this.zones.get(`${reader}/${m.zone}`)!.add(m.tag);
      if (m.type === 'DEL') this.zones.get(`${reader}/${m.zone}`)!.delete(m.tag);
    }
  }
  /** zone key → tile ids, sorted */
  tiles(): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const [z, tags] of this.zones) out[z] = [...tags].map((t) => tileOfTag(t)!).sort();
    return out;
  }
}

function expectedEnd(seed: number): Record<string, string[]> {
  const g = playGame({ seed, cards: loaded!.cards, table: loaded!.table });
  const zones = tableZones(loaded!.table);
  const where = wallPositions(g.walls, zones);
  applySteps(where, g.steps);
  const out: Record<string, string[]> = {};
  for (const r of loaded!.table.readers) for (const z of Object.keys(r.zones)) out[`${r.id}/${z}`] = [];
  for (const [tile, z] of where) out[zoneKey(z)]!.push(tile);
  for (const k of Object.keys(out)) out[k]!.sort();
  return out;
}

describe('a whole game through the readers', () => {
  it('TCP: a hub that only reads the bytes ends with every tile where the game put it', async () => {
    const dir = tmp();
    const base = 19_000 + Math.floor(Math.random() * 2000);
    const sim = new Simulator({
      table: loaded!.table, cards: loaded!.cards, seed: 1, pace: 0, games: 1, demo: false,
      transport: 'tcp', dir, tcpBase: base, waitForHub: true, record: join(dir, 'rec.json'), log: () => {},
    });
    cleanups.push(() => sim.stop());
    const file = await sim.open();
    const ports = JSON.parse(readFileSync(file, 'utf8')) as { reader: string; port: string }[];
    expect(ports.map((p) => p.reader)).toEqual(['RK-E1', 'RK-E2', 'RK-W1', 'RK-W2', 'WL-1', 'WL-2', 'WL-3', 'WL-4', 'FL-1']);
    expect(ports[0]!.port).toBe(`tcp://127.0.0.1:${base}`);
    const hub = new FakeHub();
    for (const p of ports) {
      const u = new URL(p.port);
      const s = connect(Number(u.port), u.hostname);
      cleanups.push(() => void s.destroy());
      s.setEncoding('latin1');
      const split = new LineSplitter();
      s.on('data', (c: string) => hub.feed(p.reader, c, split));
      s.on('connect', () => s.write(CMD_SNAP));
    }
    const records = await sim.run();
    await new Promise((r) => setTimeout(r, 100));
    expect(hub.bad).toEqual([]);
    expect(hub.hellos.size).toBe(9);
    expect(hub.tiles()).toEqual(expectedEnd(1));
    expect(records.length).toBe(1);
    expect(JSON.parse(readFileSync(join(dir, 'rec.json'), 'utf8'))[0].mahJonggs.length).toBe(3);
  }, 30_000);

  it.skipIf(!hasSocat)('pseudo-terminals: the same game seen through serialport on DIR/hub-<READER>', async () => {
    const dir = tmp();
    const sim = new Simulator({
      table: loaded!.table, cards: loaded!.cards, seed: 2, pace: 1, games: 1, demo: false,
      transport: 'pty', dir, tcpBase: 0, waitForHub: true, log: () => {},
    });
    cleanups.push(() => sim.stop());
    const file = await sim.open();
    const ports = JSON.parse(readFileSync(file, 'utf8')) as { reader: string; port: string }[];
    expect(ports[0]).toEqual({ reader: 'RK-E1', port: join(dir, 'hub-RK-E1') });
    const hub = new FakeHub();
    for (const p of ports) {
      const sp = new SerialPort({ path: p.port, baudRate: 115200, autoOpen: false });
      await new Promise<void>((res, rej) => sp.open((e) => (e ? rej(e) : res())));
      cleanups.push(() => new Promise<void>((res) => (sp.isOpen ? sp.close(() => res()) : res())));
      sp.on('error', () => {});
      const split = new LineSplitter();
      sp.on('data', (b: Buffer) => hub.feed(p.reader, b.toString('latin1'), split));
      sp.write(CMD_SNAP);
    }
    await sim.run();
    await new Promise((r) => setTimeout(r, 300));
    expect(hub.bad).toEqual([]);
    expect(hub.tiles()).toEqual(expectedEnd(2));
  }, 30_000);
});

describe('demo mode', () => {
  it('plays game after game: game 2 picks from a wrong wall, game 3 racks an extra tile, then every 3rd game alternately', async () => {
    const { demoInjection } = await import('./run.js');
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15].map(demoInjection)).toEqual([
      undefined, 'wall', 'count', undefined, undefined, 'wall', undefined, undefined, 'count', undefined, undefined, 'wall', 'count',
    ]);
    const dir = tmp();
    const base = 21_000 + Math.floor(Math.random() * 2000);
    const sim = new Simulator({
      table: loaded!.table, cards: loaded!.cards, seed: 10, pace: 0, games: 1, demo: true,
      transport: 'tcp', dir, tcpBase: base, waitForHub: false, log: () => {},
    });
    cleanups.push(() => sim.stop());
    await sim.open();
    const running = sim.run();
    await until(() => sim.records.length >= 3, 20_000, '3 demo games');
    await sim.stop();
    await running;
    expect(sim.records.slice(0, 3).map((r) => [r.seed, r.inject, r.injectAt, r.expectedFlags.map((f) => f.kind)])).toEqual([
      [10, null, null, []],
      [11, 'wall', 5, ['wrong-wall']],
      [12, 'count', 5, ['count']],
    ]);
  }, 30_000);
});
