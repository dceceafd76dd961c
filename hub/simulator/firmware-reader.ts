/**
 * A simulated reader that is the real firmware: the host build of firmware/ (`firmware/build.sh
 * host` → `reader`) runs as a child process per reader, and this class tells it only what the world
 * does to its antennas, one line each on its stdin (firmware/host/reader.c): `put <antenna> <UID>
 * <rssi>`, `take`, `miss`, `collide`, the hub's bytes as `rx <hex>`. Every protocol line the hub
 * gets (HELLO, SNAP, ADD, DEL, HB, ERR, replays) is made by the firmware's core and passed on
 * unchanged.
 *
 * Antennas: each zone has `antennasPerZone` (default 2); a tile lies on antenna
 * `zone index × antennasPerZone + (CRC-16 of its tag mod antennasPerZone)` and reads at
 * {@link ownAntennaRssi}. With `faults` (default on) the world is a little rough, deterministically
 * by placement number: every 7th placement is missed by 2 scans of its antenna 50 ms after it lands
 * (the firmware's debounce, M = 3, keeps it), every 11th is also read weakly (-78 dBm) by an antenna
 * of the reader's next zone (the firmware's weak-read rule ignores it), every 13th makes its
 * antenna collide for 1 scan (the firmware sends ERR code=6 and holds the zone).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { crc16 } from '../../firmware-protocol/crc16.js';
import { ownAntennaRssi } from './reader.js';

/** Options of a firmware reader. */
export interface FirmwareReaderOptions {
  /** path of the host firmware binary (`firmware/build.sh host` writes `firmware/build/host/reader`) */
  binary: string;
  /** reader id sent in HELLO, e.g. `"RK-E1"` */
  id: string;
  /** zone names in HELLO order, e.g. `["in","top"]` */
  zones: string[];
  /** where the firmware's lines go: one call per line, WITH the trailing `\n` */
  send: (line: string) => void;
  /** antennas per zone (default 2) */
  antennasPerZone?: number;
  /** ms between scans (default 10: the host build's shortest) */
  scanMs?: number;
  /** misses, weak neighbour reads and collisions (default true) */
  faults?: boolean;
  /** where the firmware's stderr goes (default: ignored) */
  log?: (text: string) => void;
}

const children = new Set<ChildProcess>();
let exitHook = false;

/** One reader run by the firmware. */
export class FirmwareReader {
  readonly id: string;
  readonly zones: readonly string[];
  /** how many `CMD snap` the hub sent */
  snapRequests = 0;
  /** true while a hub is listening (after connect() or the first line from the hub) */
  connected = false;
  /** every line the firmware made, as sent (with `\n`), listening hub or not */
  readonly lines: string[] = [];
  private proc: ChildProcess | undefined;
  private readonly opts: FirmwareReaderOptions;
  private readonly perZone: number;
  /** zone → tag → the antennas it is put on (its own, and a weak neighbour's) */
  private readonly placed = new Map<string, Map<string, { antenna: number; rssi: number }[]>>();
  private placements = 0;
  private out = '';
  private fromHub = '';

  /** Starts the firmware (it boots: N silent scans, then HELLO and a SNAP per zone, not passed on until connected). */
  constructor(opts: FirmwareReaderOptions) {
    this.opts = opts;
    this.id = opts.id;
    this.zones = [...opts.zones];
    this.perZone = opts.antennasPerZone ?? 2;
    for (const z of opts.zones) this.placed.set(z, new Map());
    this.boot();
  }

  /** Tags now in `zone` (the world's view), in the order they came. @throws Error when the reader has no such zone */
  tagsIn(zone: string): string[] {
    return [...this.zoneMap(zone).keys()];
  }

  /**
   * A tile lands in a zone: `put` on its antenna (at `rssi`, default {@link ownAntennaRssi}); a tile
   * already there is ignored. @throws Error when the reader has no such zone
   */
  add(zone: string, tag: string, rssi?: number): void {
    const m = this.zoneMap(zone);
    if (m.has(tag)) return;
    const z = this.zones.indexOf(zone);
    const antenna = z * this.perZone + (crc16(tag) % this.perZone);
    const strength = rssi ?? ownAntennaRssi(zone, tag);
    const on = [{ antenna, rssi: strength }];
    const n = ++this.placements;
    if (this.opts.faults !== false && rssi === undefined) {
      if (n % 11 === 0 && this.zones.length > 1) on.push({ antenna: ((z + 1) % this.zones.length) * this.perZone, rssi: -78 });
      if (n % 13 === 0) this.write(`collide ${antenna} 1`);
      if (n % 7 === 0) setTimeout(() => this.write(`miss ${antenna} ${tag} 2`), 50).unref?.();
    }
    m.set(tag, on);
    for (const p of on) this.write(`put ${p.antenna} ${tag} ${p.rssi}`);
  }

  /** A tile leaves a zone: `take` from every antenna it was put on for that zone. A tile not there is ignored. */
  remove(zone: string, tag: string): void {
    const m = this.zoneMap(zone);
    const on = m.get(tag);
    if (!on) return;
    m.delete(tag);
    for (const p of on) this.write(`take ${p.antenna} ${tag}`);
  }

  /** The tiles of a zone as they lie at power-up (e.g. walls built): replaces the zone's tiles. */
  load(zone: string, tags: readonly string[]): void {
    for (const t of this.tagsIn(zone)) this.remove(zone, t);
    for (const t of tags) this.add(zone, t);
  }

  /** Bytes from the hub: passed to the firmware's UART as `rx <hex>`; the first one marks the reader connected. */
  receive(chunk: string): void {
    if (!this.proc) return; // powered off
    this.connected = true;
    this.fromHub += chunk;
    const lines = this.fromHub.split('\n');
    this.fromHub = lines.pop() ?? '';
    this.snapRequests += lines.filter((l) => l.startsWith('CMD snap')).length;
    this.write(`rx ${Buffer.from(chunk, 'latin1').toString('hex').toUpperCase()}`);
  }

  /** A hub is listening (TCP): the firmware sends HELLO and a SNAP per zone. */
  connect(): void {
    this.connected = true;
    this.write('connect');
  }

  /** The hub went away: the firmware's lines are no longer passed on. */
  disconnect(): void {
    this.connected = false;
  }

  /** A reboot: the firmware process ends (RAM lost) until powerOn(). */
  powerOff(): void {
    this.kill();
  }

  /** Back from a reboot: a new firmware process, the tiles still on its antennas. */
  powerOn(): void {
    if (this.proc) return;
    this.boot();
    for (const m of this.placed.values()) for (const [tag, on] of m) for (const p of on) this.write(`put ${p.antenna} ${tag} ${p.rssi}`);
  }

  /** Ends the firmware process. */
  stop(): void {
    this.kill();
  }

  private boot(): void {
    const args = ['--id', this.id, '--zones', this.zones.join(','), '--antennas', String(this.perZone), '--scan-ms', String(this.opts.scanMs ?? 10)];
    const proc = spawn(this.opts.binary, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    this.proc = proc;
    children.add(proc);
    if (!exitHook) {
      exitHook = true;
      process.once('exit', () => {
        for (const c of children) c.kill('SIGKILL');
      });
    }
    proc.on('exit', () => children.delete(proc));
    proc.stdin!.on('error', () => undefined);
    proc.stderr!.on('data', (d: Buffer) => this.opts.log?.(`${this.id} firmware: ${d.toString().trim()}`));
    proc.stdout!.on('data', (d: Buffer) => {
      this.out += d.toString('latin1');
      const lines = this.out.split('\n');
      this.out = lines.pop() ?? '';
      for (const l of lines) {
        this.lines.push(`${l}\n`);
        if (this.connected && this.proc === proc) this.opts.send(`${l}\n`);
      }
    });
  }

  private kill(): void {
    const p = this.proc;
    this.proc = undefined;
    this.out = '';
    if (p && p.exitCode === null) p.kill('SIGTERM');
  }

  private write(line: string): void {
    this.proc?.stdin?.write(`${line}\n`);
  }

  private zoneMap(zone: string): Map<string, { antenna: number; rssi: number }[]> {
    const m = this.placed.get(zone);
    if (!m) throw new Error(`reader ${this.id} has no zone "${zone}" (zones: ${this.zones.join(', ')})`);
    return m;
  }
}
