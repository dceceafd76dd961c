/**
 * The simulator's TCP links (each on a free port the OS picks) and whole games through them. Its
 * pseudo-terminal links (socat) are tested in the end-to-end tier: test/e2e/pty-links.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeLine, LineSplitter } from '../../firmware-protocol/codec.js';
import type { Message } from '../../firmware-protocol/messages.js';
import { loadHubConfig } from '../config/load.js';
import { tagOfTile, tileOfTag } from '../tilesets/simulated.js';
import { applySteps, playGame, tableZones, wallPositions, zoneKey } from './game.js';
import { openTcpLink, socatAvailable, type ReaderLink } from './ports.js';
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

function wire(link: ReaderLink, reader: VirtualReader): void {
  link.onData = (c) => reader.receive(c);
  link.onConnect = () => reader.connect();
  link.onDisconnect = () => reader.disconnect();
}

describe('transports', () => {
  it('socatAvailable() agrees with `which socat`', () => {
    expect(socatAvailable()).toBe(hasSocat);
  });

  it('TCP: a connection gets HELLO + SNAP at once, and CMD snap gets them again', async () => {
    const link = await openTcpLink('FL-1'); // a free port
    cleanups.push(() => link.close());
    const port = Number(new URL(link.port).port);
    expect(link.port).toBe(`tcp://127.0.0.1:${port}`);
    expect(port).toBeGreaterThan(0);
    const reader = new VirtualReader({ id: 'FL-1', zones: ['floor'], send: (l) => link.write(l), heartbeatMs: 0 });
    wire(link, reader);
    const sock: Socket = connect(port, '127.0.0.1');
    cleanups.push(() => void sock.destroy());
    sock.setEncoding('latin1');
    const split = new LineSplitter();
    const got: Message[] = [];
    sock.on('data', (c: string) => split.push(c).forEach((d) => d.ok && got.push(d.message)));
    await vi.waitFor(() => expect(got.length).toBeGreaterThanOrEqual(2), 3000); // HELLO and SNAP on connect
    sock.write(CMD_SNAP);
    await vi.waitFor(() => expect(got.length).toBeGreaterThanOrEqual(4), 3000); // HELLO and SNAP again
    expect(got.map((m) => m.type)).toEqual(['HELLO', 'SNAP', 'HELLO', 'SNAP']);
  });

  it('TCP on a free port: after an unplug the link listens again on the same port, and a new connection gets HELLO + SNAP', async () => {
    const link = await openTcpLink('WL-2');
    cleanups.push(() => link.close());
    const port = link.port;
    const reader = new VirtualReader({ id: 'WL-2', zones: ['wall'], send: (l) => link.write(l), heartbeatMs: 0 });
    wire(link, reader);
    reader.load('wall', [tagOfTile('9D#1')]);
    const listen = () => {
      const u = new URL(link.port);
      const s = connect(Number(u.port), u.hostname);
      cleanups.push(() => void s.destroy());
      s.setEncoding('latin1');
      const split = new LineSplitter();
      const got: Message[] = [];
      s.on('data', (c: string) => split.push(c).forEach((d) => d.ok && got.push(d.message)));
      return { s, got };
    };
    const first = listen();
    await vi.waitFor(() => expect(first.got.length).toBeGreaterThanOrEqual(2), 3000);
    const ended = new Promise<void>((r) => first.s.once('close', () => r()));
    await link.unplug();
    await ended; // the hub side sees its connection end
    await link.replug();
    expect(link.port).toBe(port); // the port the OS gave at first, kept for the replug
    const second = listen();
    await vi.waitFor(() => expect(second.got.length).toBeGreaterThanOrEqual(2), 3000);
    expect(second.got.slice(0, 2)).toEqual<Message[]>([
      { type: 'HELLO', reader: 'WL-2', firmware: 'sim-0.1.0', protocol: 0, zones: ['wall'] },
      { type: 'SNAP', seq: 1, zone: 'wall', tags: [tagOfTile('9D#1')] },
    ]);
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
    const sim = new Simulator({
      table: loaded!.table,
      cards: loaded!.cards,
      seed: 1,
      pace: 0,
      games: 1,
      demo: false,
      transport: 'tcp',
      dir,
      tcpBase: 0,
      waitForHub: true,
      record: join(dir, 'rec.json'),
      log: () => {},
    });
    cleanups.push(() => sim.stop());
    const file = await sim.open();
    const ports = JSON.parse(readFileSync(file, 'utf8')) as { reader: string; port: string }[];
    expect(ports.map((p) => p.reader)).toEqual(['RK-E1', 'RK-E2', 'RK-W1', 'RK-W2', 'WL-1', 'WL-2', 'WL-3', 'WL-4', 'FL-1']);
    // tcpBase 0: nine free ports the OS picked, each named in ports.json
    expect(ports.every((p) => /^tcp:\/\/127\.0\.0\.1:[1-9][0-9]*$/.test(p.port))).toBe(true);
    expect(new Set(ports.map((p) => p.port)).size).toBe(9);
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
    // the last lines are on their way over loopback when run() returns
    await vi.waitFor(() => expect(hub.tiles()).toEqual(expectedEnd(1)), 3000);
    expect(hub.bad).toEqual([]);
    expect(hub.hellos.size).toBe(9);
    expect(records.length).toBe(1);
    expect(JSON.parse(readFileSync(join(dir, 'rec.json'), 'utf8'))[0].mahJonggs.length).toBe(3);
  }, 30_000);

  it('TCP with a tcpBase given: reader i listens on tcpBase + i', async () => {
    // a base the OS has just handed out free (the eight ports after it are very likely free too)
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    const base = Math.min((probe.address() as AddressInfo).port, 65_535 - 8);
    await new Promise<void>((r) => probe.close(() => r()));
    const sim = new Simulator({
      table: loaded!.table,
      cards: loaded!.cards,
      seed: 1,
      pace: 0,
      games: 1,
      demo: false,
      transport: 'tcp',
      dir: tmp(),
      tcpBase: base,
      waitForHub: true,
      log: () => {},
    });
    cleanups.push(() => sim.stop());
    const ports = JSON.parse(readFileSync(await sim.open(), 'utf8')) as { reader: string; port: string }[];
    expect(ports.map((p) => p.port)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => `tcp://127.0.0.1:${base + i}`));
  });
});

describe('demo mode', () => {
  it('plays game after game: game 2 picks from a wrong wall, game 3 racks an extra tile, then every 3rd game alternately', async () => {
    const { demoInjection } = await import('./run.js');
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15].map(demoInjection)).toEqual([
      undefined,
      'wall',
      'count',
      undefined,
      undefined,
      'wall',
      undefined,
      undefined,
      'count',
      undefined,
      undefined,
      'wall',
      'count',
    ]);
    const dir = tmp();
    const sim = new Simulator({
      table: loaded!.table,
      cards: loaded!.cards,
      seed: 10,
      pace: 0,
      games: 1,
      demo: true,
      transport: 'tcp',
      dir,
      tcpBase: 0,
      waitForHub: false,
      log: () => {},
    });
    cleanups.push(() => sim.stop());
    await sim.open();
    const running = sim.run();
    await vi.waitFor(() => expect(sim.records.length).toBeGreaterThanOrEqual(3), { timeout: 20_000, interval: 20 });
    await sim.stop();
    await running;
    expect(sim.records.slice(0, 3).map((r) => [r.seed, r.inject, r.injectAt, r.expectedFlags.map((f) => f.kind)])).toEqual([
      [10, null, null, []],
      [11, 'wall', 5, ['wrong-wall']],
      [12, 'count', 5, ['count']],
    ]);
  }, 30_000);
});
