/**
 * The standard simulator's runner: plays seeded 4-player games (./game.ts) in real time through
 * the same virtual readers (../reader.ts) and links (../ports.ts, socat pseudo-terminals or TCP) as
 * the Siamese simulator, so the hub learns everything from reader bytes.
 *
 * Timing as the Siamese runner: after each step it waits `pace × step.dwell` ms (0.5 after a lift,
 * 1 after a placement, 2 after a discard). Between two games every tile is lifted at once, ~1 s
 * passes, the next game's walls are built (a step per wall) and the deal starts.
 *
 * Demo schedule (`demo: true`, `npm start -- --table-kind standard`): game 1 clean, then games 2-6
 * inject `joker`, `ahead`, `into-rack`, `late-call`, `count` in turn, then every other game clean.
 */
import { writeFileSync, mkdirSync, rmSync, renameSync } from 'node:fs';
import { dirname, resolve, join } from 'node:path';
import type { Card } from '../../../rules/card/types.js';
import type { TableConfig } from '../../config/types.js';
import { tagOfTile } from '../../tilesets/simulated.js';
import { tableZones, type Step, type Zone } from '../game.js';
import { openPtyLink, openTcpLink, socatAvailable, writePortsFile, type ReaderLink } from '../ports.js';
import { VirtualReader } from '../reader.js';
import { playStandardGame, STANDARD_INJECTIONS, type StandardGameRecord, type StandardGameResult, type StandardInjection } from './game.js';

/** Options of a standard simulator run. */
export interface StandardSimulatorOptions {
  table: TableConfig;
  cards: Card[];
  /** seed of game 1; game i uses seed + i − 1 */
  seed: number;
  /** ms between physical steps */
  pace: number;
  /** games to play (ignored with demo: forever) */
  games: number;
  demo: boolean;
  inject?: StandardInjection;
  injectAt?: number;
  transport: 'pty' | 'tcp';
  dir: string;
  tcpBase: number;
  /** JSON file for the records (an array, rewritten after each game) */
  record?: string;
  /** do not deal until every reader got a `CMD snap` */
  waitForHub: boolean;
  /** ms to keep the readers up after the last game */
  lingerMs?: number;
  log: (line: string) => void;
}

/** The demo's violation for game `n` (1-based): see the module comment. */
export function standardDemoInjection(n: number): StandardInjection | undefined {
  if (n >= 2 && n <= 6) return STANDARD_INJECTIONS[n - 2];
  if (n > 6 && n % 2 === 1) return STANDARD_INJECTIONS[((n - 7) / 2) % STANDARD_INJECTIONS.length];
  return undefined;
}

/** One line about a finished game, e.g. `Bea declared Mah Jongg: … (points 0 70 0 −10)`. */
export function describeStandardEnd(r: StandardGameRecord): string {
  const flags = r.flags.length ? `; flags: ${r.flags.map((f) => `${f.kind} (${r.players[f.player]})`).join(', ')}` : '';
  return `${(r.endReason ?? 'unfinished').replace(/\s+\|.*$/, '')}${r.points ? ` (points ${r.points.join(' ')})` : ''}${flags}`;
}

/** One standard simulator run. */
export class StandardSimulator {
  readonly readers = new Map<string, VirtualReader>();
  links: ReaderLink[] = [];
  readonly records: StandardGameRecord[] = [];
  private stopped = false;
  private readonly sleepers = new Set<() => void>();

  constructor(private readonly opts: StandardSimulatorOptions) {
    tableZones(opts.table);
    for (const r of opts.table.readers) {
      this.readers.set(r.id, new VirtualReader({ id: r.id, zones: Object.keys(r.zones), send: (line) => this.links.find((l) => l.reader === r.id)?.write(line) }));
    }
  }

  /** Opens one link per reader and writes DIR/ports.json. @returns its path */
  async open(): Promise<string> {
    const { transport, dir, tcpBase } = this.opts;
    const abs = resolve(dir);
    mkdirSync(abs, { recursive: true });
    rmSync(join(abs, 'ports.json'), { force: true });
    const useTcp = transport === 'tcp' || !socatAvailable();
    if (transport === 'pty' && useTcp) this.opts.log('socat not found: readers listen on TCP instead');
    const ids = [...this.readers.keys()];
    this.links = await Promise.all(ids.map((id, i) => (useTcp ? openTcpLink(id, tcpBase + i) : openPtyLink(id, abs))));
    for (const link of this.links) {
      const reader = this.readers.get(link.reader)!;
      link.onData = (chunk) => reader.receive(chunk);
      link.onConnect = () => reader.connect();
      link.onDisconnect = () => reader.disconnect();
    }
    return writePortsFile(abs, this.links);
  }

  /** Plays the games (forever in demo mode, until stop()). */
  async run(): Promise<StandardGameRecord[]> {
    const { opts } = this;
    let n = 1;
    let game = this.play(n);
    const zones = tableZones(opts.table);
    game.walls.forEach((tiles, w) => this.readers.get(zones.walls[w]!.reader)!.load(zones.walls[w]!.zone, tiles.map(tagOfTile)));
    if (opts.waitForHub) {
      opts.log(`waiting for the hub to ask every reader for a snapshot (${[...this.readers.keys()].join(', ')})`);
      while (!this.stopped && [...this.readers.values()].some((r) => r.snapRequests === 0)) await this.sleep(50);
      await this.sleep(Math.max(opts.pace, 1000));
    }
    for (;;) {
      if (this.stopped) break;
      for (const s of game.steps) {
        if (this.stopped) break;
        this.apply(s);
        await this.sleep(opts.pace * (s.dwell ?? (s.moves.every((m) => m.to === null) ? 0.5 : 1)));
      }
      if (this.stopped) break;
      this.records.push(game.record);
      opts.log(`game ${n}: seed ${game.record.seed}${game.record.inject ? ` (inject ${game.record.inject})` : ''}: ${describeStandardEnd(game.record)}`);
      this.writeRecord();
      if (!opts.demo && n >= opts.games) {
        await this.sleep(opts.lingerMs ?? 0);
        break;
      }
      n++;
      const next = this.play(n);
      await this.rebuild(next);
      game = next;
    }
    return this.records;
  }

  /** Stops playing, stops heartbeats, closes every link and removes DIR/ports.json. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const wake of [...this.sleepers]) wake();
    for (const r of this.readers.values()) r.stop();
    await Promise.all(this.links.map((l) => l.close().catch(() => undefined)));
    if (this.links.length) rmSync(join(resolve(this.opts.dir), 'ports.json'), { force: true });
  }

  private play(n: number): StandardGameResult {
    const { opts } = this;
    const inject = opts.demo ? standardDemoInjection(n) : opts.inject;
    return playStandardGame({
      seed: opts.seed + n - 1,
      cards: opts.cards,
      table: opts.table,
      ...(inject ? { inject } : {}),
      ...(opts.injectAt !== undefined ? { injectAt: opts.injectAt } : {}),
    });
  }

  private async rebuild(next: StandardGameResult): Promise<void> {
    const zones = tableZones(this.opts.table);
    for (const reader of this.readers.values()) for (const zone of reader.zones) for (const tag of reader.tagsIn(zone)) reader.remove(zone, tag);
    await this.sleep(1000);
    for (let w = 0; w < next.walls.length; w++) {
      if (this.stopped) return;
      this.apply({ label: `wall ${w} is built`, moves: next.walls[w]!.map((tile) => ({ tile, from: null, to: zones.walls[w]! })) });
      await this.sleep(this.opts.pace);
    }
    await this.sleep(Math.max(this.opts.pace, 1000));
  }

  private apply(step: Step): void {
    for (const m of step.moves) {
      const tag = tagOfTile(m.tile);
      if (m.from) this.reader(m.from).remove(m.from.zone, tag);
      if (m.to) this.reader(m.to).add(m.to.zone, tag);
    }
  }

  private reader(z: Zone): VirtualReader {
    const r = this.readers.get(z.reader);
    if (!r) throw new Error(`no reader ${z.reader}`);
    return r;
  }

  private writeRecord(): void {
    const file = this.opts.record;
    if (!file) return;
    mkdirSync(dirname(resolve(file)), { recursive: true });
    writeFileSync(file + '.tmp', JSON.stringify(this.records, null, 1) + '\n');
    renameSync(file + '.tmp', file);
  }

  private sleep(ms: number): Promise<void> {
    if (this.stopped || ms <= 0) return Promise.resolve();
    return new Promise((res) => {
      const done = () => {
        clearTimeout(t);
        this.sleepers.delete(done);
        res();
      };
      const t = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }
}
