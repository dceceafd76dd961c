/**
 * The simulator's noise model: what real RFID readers and their links do wrong ("Reads
 * are noisy"), seeded so a noisy game replays exactly.
 *
 * Kinds (rates per event unless said otherwise):
 * - `missed`: an ADD/DEL is not sent at all (no sequence number): only the reader's periodic
 *   snapshot (every 2 s) repairs it; a v1 reader reports a quarter of them (the collisions it
 *   noticed) with `ERR code=6` and an unasked SNAP of the zone (counted as `reported`);
 * - `repeat`: a line is sent twice (the hub drops the repeat by its sequence number);
 * - `crossRead`: a tile put down is also seen for a moment (50-300 ms) by the neighbouring zone:
 *   inside a rack ↔ the top of the same rack, a wall ↔ the next wall. A v1 reader reports such a
 *   read with a weak signal (-68 to -84 dBm, {@link CROSS_READ_RSSI}): the tile lies on the other
 *   antenna; a tile on the zone's own antenna reads at -40 to -55 dBm (reader.ts `ownAntennaRssi`);
 * - `flicker`: a tile at rest drops out of its zone for 80-400 ms, once, 0.5-8 s after it was put down;
 * - `slide`: a tile put down is slid across 1 or 2 zones next to where it comes to rest first
 *   ({@link nearbyZones}), each read strongly (it lies on that antenna for a moment) for 30-150 ms
 *   ({@link SLIDE_MS}), before it rests where it ends; its rest starts that much later;
 * - `hover`: a hand holds a tile over a zone next to where it is going for 50-250 ms
 *   ({@link HOVER_MS}), read strongly, then takes it there;
 * - `corrupt`: one byte of a line is changed (the CRC fails; the next line's sequence gap makes the
 *   hub ask for a snapshot);
 * - `truncate`: a line is cut short;
 * - `reboot`: per reader and hour: the reader is silent 0.8-2.5 s, then HELLO and snapshots, seq from 0;
 * - `unplug`: per reader and hour: the link goes away for 1-5 s and comes back (maybe under another name);
 * - `jitterMs`: each line arrives 0-jitterMs ms late (a reader's lines stay in order);
 * - `ble`: the share of readers on Bluetooth, whose lines arrive in 20-byte pieces (7.5 ms apart).
 */
import type { Zone } from './game.js';
import { mulberry32, type Rng } from './prng.js';
import type { SimReader } from './reader.js';

/** The rates of every kind of noise (see the module comment for units). */
export interface NoiseRates {
  missed: number;
  repeat: number;
  crossRead: number;
  flicker: number;
  /** share of placements slid across 1-2 neighbouring zones first */
  slide: number;
  /** share of placements hovered over a neighbouring zone first */
  hover: number;
  corrupt: number;
  truncate: number;
  /** reboots per reader per hour */
  reboot: number;
  /** unplugs per reader per hour */
  unplug: number;
  /** ms */
  jitterMs: number;
  /** share of readers on Bluetooth (0-1) */
  ble: number;
}

/** The names of the noise kinds, as the CLI takes them (`--noise-missed 0.02`). */
export const NOISE_KINDS = ['missed', 'repeat', 'crossRead', 'flicker', 'slide', 'hover', 'corrupt', 'truncate', 'reboot', 'unplug', 'jitterMs', 'ble'] as const;
export type NoiseKind = (typeof NOISE_KINDS)[number];

/** The signal strength range (dBm) of a cross-read: the tag lies on the neighbouring antenna. */
export const CROSS_READ_RSSI = { strongest: -68, weakest: -84 } as const;

/** How long a sliding tile is read on each zone it crosses (ms, uniform). */
export const SLIDE_MS = { shortest: 30, longest: 150 } as const;

/** How long a hand holds a tile over a zone before it takes it elsewhere (ms, uniform). */
export const HOVER_MS = { shortest: 50, longest: 250 } as const;

/** No noise at all. */
export const NO_NOISE: NoiseRates = { missed: 0, repeat: 0, crossRead: 0, flicker: 0, slide: 0, hover: 0, corrupt: 0, truncate: 0, reboot: 0, unplug: 0, jitterMs: 0, ble: 0 };

/**
 * A realistic level for HF RFID readers under tile racks on a USB/Bluetooth link: 1 % of deltas
 * missed, 0.5 % of lines repeated, 2 % of placements cross-read next door and 2 % flickering once,
 * 2 % of placements slid across the next antenna first (a tile pushed into its place along the
 * rack, or off the rack onto the floor, rather than set down) and 1 % hovered over a zone next
 * door (a player choosing which rack a tile goes in, or holding a discard over the rack before
 * letting go), 0.2 % of lines corrupted and 0.1 % truncated, one reboot per reader every 2 hours and
 * one unplug every 4 hours, up to 30 ms of latency, a quarter of the readers on Bluetooth. The slide
 * and hover rates are estimates of how players handle tiles (like the cross-read rate), not
 * measured on hardware.
 */
export const REALISTIC_NOISE: NoiseRates = {
  missed: 0.01,
  repeat: 0.005,
  crossRead: 0.02,
  flicker: 0.02,
  slide: 0.02,
  hover: 0.01,
  corrupt: 0.002,
  truncate: 0.001,
  reboot: 0.5,
  unplug: 0.25,
  jitterMs: 30,
  ble: 0.25,
};

/** Every rate multiplied by `k` (probabilities capped at 0.5, the Bluetooth share at 1). */
export function scaleNoise(rates: NoiseRates, k: number): NoiseRates {
  const p = (x: number) => Math.min(0.5, x * k);
  return {
    missed: p(rates.missed),
    repeat: p(rates.repeat),
    crossRead: p(rates.crossRead),
    flicker: p(rates.flicker),
    slide: p(rates.slide),
    hover: p(rates.hover),
    corrupt: p(rates.corrupt),
    truncate: p(rates.truncate),
    reboot: rates.reboot * k,
    unplug: rates.unplug * k,
    jitterMs: rates.jitterMs * k,
    ble: Math.min(1, rates.ble * k),
  };
}

/**
 * Rates from a CLI spec: `none`, `realistic`, `x5` (five times realistic), `xN`, optionally
 * followed by per-kind overrides: `realistic,missed=0.05,reboot=0`.
 * @throws Error naming the bad part, e.g. `noise "x5,foo=1": unknown kind "foo" (kinds: missed, …)`
 */
export function parseNoise(spec: string): NoiseRates {
  const [level, ...overrides] = spec.split(',').map((s) => s.trim());
  let rates: NoiseRates;
  if (level === 'none' || level === '') rates = { ...NO_NOISE };
  else if (level === 'realistic') rates = { ...REALISTIC_NOISE };
  else if (/^x\d+(\.\d+)?$/.test(level!)) rates = scaleNoise(REALISTIC_NOISE, Number(level!.slice(1)));
  else throw new Error(`noise "${spec}": unknown level "${level}" (levels: none, realistic, x5, xN)`);
  for (const o of overrides) {
    const m = /^(\w+)=(\d+(\.\d+)?)$/.exec(o);
    if (!m) throw new Error(`noise "${spec}": "${o}" is not kind=number`);
    const kind = m[1] as NoiseKind;
    if (!NOISE_KINDS.includes(kind)) throw new Error(`noise "${spec}": unknown kind "${m[1]}" (kinds: ${NOISE_KINDS.join(', ')})`);
    rates[kind] = Number(m[2]);
  }
  return rates;
}

/** Runs `fn` after `ms` ms (real timers or a virtual clock). */
export type Scheduler = (ms: number, fn: () => void) => void;

/** What the noise model drives. */
export interface NoiseHost {
  readers: ReadonlyMap<string, SimReader>;
  schedule: Scheduler;
  now: () => number;
  /** pulls a reader's link for `ms` ms (it comes back maybe under another name) */
  unplug?: (reader: string, ms: number) => void;
}

/** Counts of the noise actually made, for reports. */
export type NoiseCounts = Record<'missed' | 'reported' | 'repeat' | 'crossRead' | 'flicker' | 'slide' | 'hover' | 'corrupt' | 'truncate' | 'reboot' | 'unplug' | 'blePieces', number>;

/** All zero. */
export function zeroNoiseCounts(): NoiseCounts {
  return { missed: 0, reported: 0, repeat: 0, crossRead: 0, flicker: 0, slide: 0, hover: 0, corrupt: 0, truncate: 0, reboot: 0, unplug: 0, blePieces: 0 };
}

/** The neighbouring zone a cross-read shows up in: inside ↔ top of one rack reader, wall w ↔ wall w+1. */
export function neighbourOf(zones: { rackIn: Zone[][]; rackTop: Zone[][]; walls: Zone[] }, z: Zone): Zone | null {
  for (let p = 0; p < zones.rackIn.length; p++) {
    for (let r = 0; r < zones.rackIn[p]!.length; r++) {
      const inside = zones.rackIn[p]![r]!;
      const top = zones.rackTop[p]![r]!;
      if (same(z, inside)) return top;
      if (same(z, top)) return inside;
    }
  }
  const w = zones.walls.findIndex((x) => same(x, z));
  if (w >= 0 && zones.walls.length > 1) return zones.walls[(w + 1) % zones.walls.length]!;
  return null;
}

/**
 * The zones next to `z` that a tile put down in `z` may slide across or be held over first, the
 * nearest first: inside a rack, the top of that rack and the inside of the player's other racks;
 * on a rack's top, the inside of that rack and the player's other tops; on the floor, the top and
 * the inside of the rack the tile came from (`from`: a discard pushed off the rack), none when it
 * came from elsewhere; on a wall, none (a wall is built in one push, before a game starts).
 */
export function nearbyZones(zones: { rackIn: Zone[][]; rackTop: Zone[][]; floor: Zone }, z: Zone, from: Zone | null): Zone[] {
  for (let p = 0; p < zones.rackIn.length; p++) {
    const ins = zones.rackIn[p]!;
    const tops = zones.rackTop[p]!;
    for (let r = 0; r < ins.length; r++) {
      if (same(z, ins[r]!)) return [tops[r]!, ...ins.filter((_, i) => i !== r)];
      if (same(z, tops[r]!)) return [ins[r]!, ...tops.filter((_, i) => i !== r)];
    }
  }
  if (same(z, zones.floor) && from) {
    for (let p = 0; p < zones.rackIn.length; p++) {
      for (let r = 0; r < zones.rackIn[p]!.length; r++) {
        const inside = zones.rackIn[p]![r]!;
        const top = zones.rackTop[p]![r]!;
        if (same(from, inside) || same(from, top)) return [top, inside];
      }
    }
  }
  return [];
}

function same(a: Zone, b: Zone): boolean {
  return a.reader === b.reader && a.zone === b.zone;
}

/** One seeded noise model over a table's virtual readers. */
export class NoiseModel {
  readonly counts: NoiseCounts = zeroNoiseCounts();
  private readonly rng: Rng;
  /**
   * signal strengths and reported misses draw from their own stream, so the noise itself (which
   * reads are missed, cross-read, …) stays the same for v0 and v1 readers with the same seed (until
   * a v1 reader's first ERR line, which takes its own draws of line noise)
   */
  private readonly rssiRng: Rng;
  /** where each tag physically is (zone key), as the runner put it */
  private readonly physical = new Map<string, string>();
  /** where each tag was last lifted from (a slide off the rack starts there) */
  private readonly liftedFrom = new Map<string, Zone>();
  /** each tag's count of lifts and placements: a slide or hover still under way checks it is still its own */
  private readonly handling = new Map<string, number>();
  /** the zone a tag is being slid across or held over now */
  private readonly passing = new Map<string, Zone>();
  private readonly lastDelivery = new Map<string, number>();
  private readonly bleReaders = new Set<string>();
  private stopped = false;

  /**
   * @param neighbour the zone next to a zone (cross-reads), or null
   * @param nearby the zones a tile put down in a zone may slide across or be held over first, the
   *   nearest first ({@link nearbyZones}; default none: no slide or hover)
   */
  constructor(
    readonly rates: NoiseRates,
    seed: number,
    private readonly host: NoiseHost,
    private readonly neighbour: (z: Zone) => Zone | null,
    private readonly nearby: (z: Zone, from: Zone | null) => Zone[] = () => [],
  ) {
    this.rng = mulberry32(seed ^ 0x5eed);
    this.rssiRng = mulberry32(seed ^ 0xdb);
    const ids = [...host.readers.keys()];
    const nBle = Math.round(rates.ble * ids.length);
    for (const id of ids.slice(ids.length - nBle)) this.bleReaders.add(id);
  }

  /**
   * For VirtualReaderOptions.dropDelta: true when this delta is missed; `'reported'` for a quarter of
   * the misses (a collision the reader noticed: a v1 reader sends ERR code 6, a v0 reader nothing).
   */
  dropDelta = (): boolean | 'reported' => {
    if (this.rates.missed > 0 && this.rng() < this.rates.missed) {
      this.counts.missed++;
      if (this.rssiRng() < 0.25) {
        this.counts.reported++;
        return 'reported';
      }
      return true;
    }
    return false;
  };

  /**
   * A line a reader sends (with its `\n`): repeated, corrupted, truncated, delayed, cut into
   * Bluetooth pieces as the rates say; `deliver` gets the chunks in order, per reader.
   */
  send(reader: string, line: string, deliver: (chunk: string) => void): void {
    const copies = this.rates.repeat > 0 && this.rng() < this.rates.repeat ? 2 : 1;
    if (copies === 2) this.counts.repeat++;
    for (let c = 0; c < copies; c++) {
      let text = line;
      if (this.rates.corrupt > 0 && this.rng() < this.rates.corrupt) {
        const i = Math.floor(this.rng() * (text.length - 1));
        const ch = text.charCodeAt(i);
        text = text.slice(0, i) + String.fromCharCode(ch === 0x41 ? 0x42 : 0x41) + text.slice(i + 1);
        this.counts.corrupt++;
      }
      if (this.rates.truncate > 0 && this.rng() < this.rates.truncate) {
        text = text.slice(0, 1 + Math.floor(this.rng() * (text.length - 2))) + '\n';
        this.counts.truncate++;
      }
      const now = this.host.now();
      const at = Math.max(this.lastDelivery.get(reader) ?? 0, now + 1 + this.rng() * this.rates.jitterMs);
      if (this.bleReaders.has(reader)) {
        const pieces = text.match(/[\s\S]{1,20}/g) ?? [];
        this.counts.blePieces += pieces.length;
        pieces.forEach((p, i) => this.host.schedule(at - now + i * 7.5, () => deliver(p)));
        this.lastDelivery.set(reader, at + pieces.length * 7.5);
      } else {
        this.host.schedule(at - now, () => deliver(text));
        this.lastDelivery.set(reader, at);
      }
    }
  }

  /**
   * A tile is physically put down in `z`: maybe slid across the zones next to it or held over one
   * first (each read strongly), then the reader of `z` sees it, maybe with a cross-read or a later
   * flicker. A lift before it has come to rest ends the slide or hover where it is.
   */
  place(z: Zone, tag: string): void {
    const turn = this.handled(tag);
    const path = this.approach(z, tag);
    if (path.length === 0) {
      this.rest(z, tag);
      return;
    }
    const step = (i: number) => {
      if (this.handling.get(tag) !== turn) return; // lifted again meanwhile
      const prev = this.passing.get(tag);
      if (prev) this.readerOf(prev).remove(prev.zone, tag);
      const leg = path[i];
      if (!leg) {
        this.passing.delete(tag);
        this.rest(z, tag);
        return;
      }
      this.passing.set(tag, leg.zone);
      this.readerOf(leg.zone).add(leg.zone.zone, tag); // on that antenna for a moment: a strong read
      this.host.schedule(leg.ms, () => step(i + 1));
    };
    step(0);
  }

  /** The zones a tile put down in `z` first crosses (a slide) or is held over (a hover), with how long (ms); mostly none. */
  private approach(z: Zone, tag: string): { zone: Zone; ms: number }[] {
    const slide = this.rates.slide > 0 && this.rng() < this.rates.slide;
    const hover = !slide && this.rates.hover > 0 && this.rng() < this.rates.hover;
    if (!slide && !hover) return [];
    const near = this.nearby(z, this.liftedFrom.get(tag) ?? null);
    if (near.length === 0) return [];
    if (hover) {
      this.counts.hover++;
      const zone = near[Math.floor(this.rng() * near.length)]!;
      return [{ zone, ms: HOVER_MS.shortest + this.rng() * (HOVER_MS.longest - HOVER_MS.shortest) }];
    }
    this.counts.slide++;
    const n = Math.min(near.length, this.rng() < 0.5 ? 1 : 2);
    // the farther zone first: the tile slides towards where it rests
    return near
      .slice(0, n)
      .reverse()
      .map((zone) => ({ zone, ms: SLIDE_MS.shortest + this.rng() * (SLIDE_MS.longest - SLIDE_MS.shortest) }));
  }

  /** A new lift or placement of `tag`: ends a slide or hover under way; returns its number. */
  private handled(tag: string): number {
    const turn = (this.handling.get(tag) ?? 0) + 1;
    this.handling.set(tag, turn);
    const prev = this.passing.get(tag);
    if (prev) {
      this.readerOf(prev).remove(prev.zone, tag);
      this.passing.delete(tag);
    }
    return turn;
  }

  /** The tile comes to rest in `z`: its reader sees it, maybe with a cross-read or a later flicker. */
  private rest(z: Zone, tag: string): void {
    const key = `${z.reader}/${z.zone}`;
    this.physical.set(tag, key);
    this.readerOf(z).add(z.zone, tag);
    const next = this.neighbour(z);
    if (next && this.rates.crossRead > 0 && this.rng() < this.rates.crossRead) {
      this.counts.crossRead++;
      const start = 20 + this.rng() * 130;
      const length = 50 + this.rng() * 250;
      this.host.schedule(start, () => {
        if (this.physical.get(tag) !== key) return;
        const weak = CROSS_READ_RSSI.strongest - Math.floor(this.rssiRng() * (CROSS_READ_RSSI.strongest - CROSS_READ_RSSI.weakest + 1));
        this.readerOf(next).add(next.zone, tag, weak);
        this.host.schedule(length, () => this.endCrossRead(next, tag));
      });
    }
    if (this.rates.flicker > 0 && this.rng() < this.rates.flicker) {
      this.counts.flicker++;
      const after = 500 + this.rng() * 7500;
      const gap = 80 + this.rng() * 320;
      this.host.schedule(after, () => {
        if (this.physical.get(tag) !== key) return;
        this.readerOf(z).remove(z.zone, tag);
        this.host.schedule(gap, () => {
          if (this.physical.get(tag) === key) this.readerOf(z).add(z.zone, tag);
        });
      });
    }
  }

  /** A tile is physically lifted from `z`: every reader that sees it lets go (a cross-read ends too). */
  lift(z: Zone, tag: string): void {
    this.handled(tag);
    this.liftedFrom.set(tag, z);
    this.physical.delete(tag);
    this.readerOf(z).remove(z.zone, tag);
    const next = this.neighbour(z);
    if (next) this.endCrossRead(next, tag);
  }

  /** Starts the reboot and unplug faults (Poisson, per reader and hour). */
  start(): void {
    for (const id of this.host.readers.keys()) {
      this.fault(id, 'reboot', this.rates.reboot);
      this.fault(id, 'unplug', this.rates.unplug);
    }
  }

  /** No more faults are started (pending ones still end: a rebooting reader comes back). */
  stop(): void {
    this.stopped = true;
  }

  private fault(id: string, kind: 'reboot' | 'unplug', perHour: number): void {
    if (perHour <= 0) return;
    const wait = (-Math.log(1 - this.rng()) * 3_600_000) / perHour;
    this.host.schedule(wait, () => {
      if (this.stopped) return;
      const reader = this.host.readers.get(id)!;
      if (kind === 'reboot') {
        this.counts.reboot++;
        reader.powerOff();
        this.host.schedule(800 + this.rng() * 1700, () => reader.powerOn());
      } else if (this.host.unplug) {
        this.counts.unplug++;
        this.host.unplug(id, 1000 + this.rng() * 4000);
      }
      this.fault(id, kind, perHour);
    });
  }

  private endCrossRead(z: Zone, tag: string): void {
    if (this.physical.get(tag) === `${z.reader}/${z.zone}`) return; // it really is there now
    this.readerOf(z).remove(z.zone, tag);
  }

  private readerOf(z: Zone): SimReader {
    const r = this.host.readers.get(z.reader);
    if (!r) throw new Error(`noise: no reader ${z.reader}`);
    return r;
  }
}
