/**
 * The simulator's runner: plays seeded games (game.ts) in real time through virtual readers
 * (reader.ts) on pseudo-terminals or TCP (ports.ts), so the hub learns everything from reader bytes.
 *
 * Timing: after each step it waits `pace × step.dwell` ms: by default `pace / 2` after a lift (the
 * short "in hand" gap), `pace` after a placement, `2 × pace` after a discard lands on the floor. Between two games: every tile is lifted off the
 * racks, the floor and the walls in one step, ~1000 ms pass, the next game's walls are built (one
 * step per wall, `pace` ms apart) and the deal starts after `pace` ms more.
 *
 * Demo schedule (`demo: true`, used by `npm start`; games go on forever):
 * game 1 clean; game 2 a wrong-wall pick (003 rule 20); game 3 a wrong count (an extra tile,
 * 003 rule 18C); then games 6, 9, 12 … alternately wrong-wall (6, 12, …) and wrong count (9, 15, …);
 * every demo injection happens at pick 5 (East's 3rd pick after the deal), or the `injectAt` given.
 */
import { writeFileSync, mkdirSync, rmSync, renameSync } from 'node:fs';
import { dirname, resolve, join } from 'node:path';
import type { Card } from '../../rules/card/types.js';
import type { TableConfig } from '../config/types.js';
import { tagOfTile } from '../tilesets/simulated.js';
import { describeEnd, playGame, tableZones, type GameRecord, type GameResult, type Injection, type Step, type Zone } from './game.js';
import { openPtyLink, openTcpLink, socatAvailable, writePortsFile, type ReaderLink } from './ports.js';
import { VirtualReader } from './reader.js';
import { NO_NOISE, NoiseModel, neighbourOf, type NoiseRates } from './noise.js';

/** Options of a simulator run. */
/** Built walls stand at least this long before the deal starts (ms), as at a real table. */
const WALLS_STAND_MS = 1000;

export interface SimulatorOptions {
  table: TableConfig;
  cards: Card[];
  /** seed of game 1; game i uses seed + i - 1 */
  seed: number;
  /** ms between physical steps (half of it while a tile is in a hand) */
  pace: number;
  /** games to play (ignored with demo: forever) */
  games: number;
  demo: boolean;
  inject?: Injection;
  injectAt?: number;
  transport: 'pty' | 'tcp';
  /** where the pseudo-terminal links and ports.json go */
  dir: string;
  /** first TCP port (reader i listens on tcpBase + i) */
  tcpBase: number;
  /** JSON file for the records of the games played (an array, rewritten after each game) */
  record?: string;
  /** the bots never declare Mah Jongg: every game is a wall game */
  wallGame?: boolean;
  /** do not deal until every reader got a `CMD snap` from the hub */
  waitForHub: boolean;
  /** ms to keep the readers up (heartbeats going) after the last game, so the hub sees the end settle (default 0) */
  lingerMs?: number;
  /** heartbeat period in ms (default 1000) */
  heartbeatMs?: number;
  /** reader noise (noise.ts; default none). With any noise the readers send a snapshot every 2 s. */
  noise?: NoiseRates;
  /** seed of the noise (default: `seed`) */
  noiseSeed?: number;
  log: (line: string) => void;
}

/** The demo's violation for game `n` (1-based): see the module comment. */
export function demoInjection(n: number): Injection | undefined {
  if (n === 2) return 'wall';
  if (n === 3) return 'count';
  if (n >= 6 && n % 3 === 0) return (n / 3) % 2 === 0 ? 'wall' : 'count';
  return undefined;
}

/** One simulator run. */
export class Simulator {
  readonly readers = new Map<string, VirtualReader>();
  links: ReaderLink[] = [];
  readonly records: GameRecord[] = [];
  private stopped = false;
  private readonly sleepers = new Set<() => void>();
  private readonly opts: SimulatorOptions;
  /** the noise model (no noise unless `opts.noise` says) */
  readonly noise: NoiseModel;

  constructor(opts: SimulatorOptions) {
    this.opts = opts;
    const zones = tableZones(opts.table); // fails early when a zone is missing
    const rates = opts.noise ?? NO_NOISE;
    const noisy = Object.values(rates).some((v) => v > 0);
    for (const r of opts.table.readers) {
      const reader: VirtualReader = new VirtualReader({
        id: r.id,
        zones: Object.keys(r.zones),
        heartbeatMs: opts.heartbeatMs ?? 1000,
        ...(noisy ? { snapshotMs: 2000, dropDelta: () => this.noise.dropDelta() } : {}),
        send: (line) => {
          const write = (chunk: string) => this.links.find((l) => l.reader === r.id)?.write(chunk);
          if (noisy) this.noise.send(r.id, line, write);
          else write(line);
        },
      });
      this.readers.set(r.id, reader);
    }
    this.noise = new NoiseModel(
      rates,
      opts.noiseSeed ?? opts.seed,
      {
        readers: this.readers,
        now: Date.now,
        schedule: (ms, fn) => {
          if (!this.stopped) setTimeout(fn, ms).unref?.();
        },
        unplug: (reader, ms) => void this.unplug(reader, ms).catch((e: unknown) => opts.log(`unplug ${reader}: ${(e as Error).message}`)),
      },
      (z) => neighbourOf(zones, z),
    );
  }

  /**
   * Opens one link per reader (socat pseudo-terminals, or TCP when asked or socat is missing) and
   * writes DIR/ports.json once every link listens. @returns the path of ports.json
   */
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

  /** Plays the games (forever in demo mode, until stop()). @returns the records of the games played */
  async run(): Promise<GameRecord[]> {
    const { opts } = this;
    this.noise.start();
    let n = 1;
    let game = this.play(n);
    this.loadWalls(game);
    if (opts.waitForHub) {
      opts.log(`waiting for the hub to ask every reader for a snapshot (${[...this.readers.keys()].join(', ')})`);
      while (!this.stopped && [...this.readers.values()].some((r) => r.snapRequests === 0)) await this.sleep(50);
      await this.sleep(Math.max(opts.pace, WALLS_STAND_MS));
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
      opts.log(`game ${n}: seed ${game.record.seed}${game.record.inject ? ` (inject ${game.record.inject} at pick ${game.record.injectAt})` : ''}: ${describeEnd(game.record)}`);
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

  /**
   * Pulls a reader's cable (pseudo-terminals: socat is killed; TCP: the connection is dropped) and,
   * after `ms`, plugs it back. The reader keeps tracking tiles meanwhile and stays silent until the
   * hub asks again with `CMD snap`. @throws Error naming an unknown reader
   */
  async unplug(reader: string, ms: number): Promise<void> {
    const link = this.links.find((l) => l.reader === reader);
    if (!link) throw new Error(`no reader ${reader} (readers: ${[...this.readers.keys()].join(', ')})`);
    const r = this.readers.get(reader)!;
    await link.unplug();
    r.disconnect();
    await this.sleep(ms);
    if (!this.stopped) await link.replug();
  }

  /** Stops playing, stops heartbeats, closes every link (socat children are killed) and removes DIR/ports.json. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.noise.stop();
    for (const wake of [...this.sleepers]) wake();
    for (const r of this.readers.values()) r.stop();
    await Promise.all(this.links.map((l) => l.close().catch(() => undefined)));
    if (this.links.length) rmSync(join(resolve(this.opts.dir), 'ports.json'), { force: true }); // the ports are gone
  }

  private play(n: number): GameResult {
    const { opts } = this;
    const inject = opts.demo ? demoInjection(n) : opts.inject;
    const injectAt = opts.demo ? (opts.injectAt ?? 5) : opts.injectAt;
    return playGame({
      seed: opts.seed + n - 1,
      cards: opts.cards,
      table: opts.table,
      ...(opts.wallGame ? { wallGame: true } : {}),
      ...(inject ? { inject, ...(injectAt !== undefined ? { injectAt } : {}) } : {}),
    });
  }

  /** The walls as built before a hub is there: loaded silently (a reader powers up seeing them). */
  private loadWalls(game: GameResult): void {
    const zones = tableZones(this.opts.table);
    game.walls.forEach((tiles, w) => {
      const z = zones.walls[w]!;
      this.readers.get(z.reader)!.load(z.zone, tiles.map(tagOfTile));
    });
  }

  /** Clears the table (every tile lifted at once), waits ~1 s, builds the next game's walls. */
  private async rebuild(next: GameResult): Promise<void> {
    const zones = tableZones(this.opts.table);
    for (const reader of this.readers.values()) {
      for (const zone of reader.zones) for (const tag of reader.tagsIn(zone)) this.noise.lift({ reader: reader.id, zone }, tag);
    }
    await this.sleep(1000);
    for (let w = 0; w < next.walls.length; w++) {
      if (this.stopped) return;
      this.apply({ label: `wall ${w} is built`, moves: next.walls[w]!.map((tile) => ({ tile, from: null, to: zones.walls[w]! })) });
      await this.sleep(this.opts.pace);
    }
    await this.sleep(Math.max(this.opts.pace, WALLS_STAND_MS));
  }

  private apply(step: Step): void {
    for (const m of step.moves) {
      const tag = tagOfTile(m.tile);
      this.reader(m.from ?? m.to!); // fails on an unknown reader
      if (m.from) this.noise.lift(m.from, tag);
      if (m.to) this.noise.place(m.to, tag);
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
