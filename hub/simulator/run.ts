/**
 * The simulator's runner: plays seeded games in real time through virtual readers (reader.ts) on
 * pseudo-terminals or TCP (ports.ts), so the hub learns everything from reader bytes. One core,
 * {@link SimulatorRunner}, for every table kind; the Royale Siamese runner ({@link Simulator},
 * games from game.ts) is below, the standard 4-player runner in standard/run.ts. The command lines
 * (main.ts, standard/main.ts) share {@link simulatorCommand} and {@link runSimulatorProcess}.
 *
 * Timing: after each step it waits `pace × step.dwell` ms: by default `pace / 2` after a lift (the
 * short "in hand" gap), `pace` after a placement, `2 × pace` after a discard lands on the floor; a
 * game's last step stands at least {@link LAST_STEP_STANDS_MS} (1 s). Between two games: every tile is lifted off the
 * racks, the floor and the walls in one step, ~1000 ms pass, the next game's walls are built (one
 * step per wall, `pace` ms apart) and the deal starts after `pace` ms more.
 *
 * Demo schedule of the Siamese table (`demo: true`, used by `npm start`; games go on forever):
 * game 1 clean; game 2 a wrong-wall pick (003 rule 20); game 3 a wrong count (an extra tile,
 * 003 rule 18C); then games 6, 9, 12 … alternately wrong-wall (6, 12, …) and wrong count (9, 15, …);
 * every demo injection happens at pick 5 (East's 3rd pick after the deal), or the `injectAt` given.
 */
import { existsSync, writeFileSync, mkdirSync, rmSync, renameSync } from 'node:fs';
import { dirname, resolve, join } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import type { Card } from '../../rules/card/types.js';
import type { TileId } from '../../rules/tiles.js';
import type { TableConfig } from '../config/types.js';
import { loadHubConfig } from '../config/load.js';
import { tagOfTile } from '../tilesets/simulated.js';
import { describeEnd, playGame, tableZones, type GameRecord, type GameResult, type Injection, type Step, type Zone } from './game.js';
import { killSocatChildren, openPtyLink, openTcpLink, socatAvailable, writePortsFile, type ReaderLink } from './ports.js';
import { VirtualReader, type SimReader } from './reader.js';
import { FirmwareReader } from './firmware-reader.js';
import type { ProtocolVersion } from '../../firmware-protocol/messages.js';
import { picksIn, readLogStanding, readSimState, replaySteps, resumePlan, SIM_STATE_FORMAT, writeSimState, zoneContents } from './state.js';
import { dealSignalPath } from './deal-signal.js';
import { NO_NOISE, NOISE_KINDS, NoiseModel, nearbyZones, neighbourOf, parseNoise, type NoiseRates } from './noise.js';

/** Built walls stand at least this long before the deal starts (ms), as at a real table. */
export const WALLS_STAND_MS = 1000;

/**
 * A game's last step stands at least this long (ms) before the table is cleared: longer than the
 * hub's largest settle window (400 ms on a rack's top) plus a snapshot of a weak read, so the
 * final Mah Jongg settles and ends the game at any pace.
 */
export const LAST_STEP_STANDS_MS = 1000;

/** Options of any simulator run (every table kind). */
export interface RunnerOptions {
  table: TableConfig;
  cards: Card[];
  /** seed of game 1; game i uses seed + i - 1 */
  seed: number;
  /** ms between physical steps (half of it while a tile is in a hand) */
  pace: number;
  /** games to play (ignored with demo: forever) */
  games: number;
  demo: boolean;
  /** the Nth pick after the deal for an injected violation */
  injectAt?: number;
  transport: 'pty' | 'tcp';
  /** where the pseudo-terminal links and ports.json go */
  dir: string;
  /** first TCP port (reader i listens on tcpBase + i); 0: every reader on a free port the OS picks (DIR/ports.json names them) */
  tcpBase: number;
  /** JSON file for the records of the games played (an array, rewritten after each game) */
  record?: string;
  /** do not deal until every reader got a `CMD snap` from the hub */
  waitForHub: boolean;
  /** ms to keep the readers up (heartbeats going) after the last game, so the hub sees the end settle (default 0) */
  lingerMs?: number;
  /** heartbeat period in ms (default 1000) */
  heartbeatMs?: number;
  /** reader noise (noise.ts; default none). With any noise the readers send a snapshot every 2 s. */
  noise?: NoiseRates;
  /**
   * protocol version the virtual readers speak (default 1: a signal strength on every read, so the
   * hub settles strongly read moves in 200 ms; replay; ERR); 0: v0 readers (firmware-protocol/PROTOCOL.md §8)
   */
  protocol?: ProtocolVersion;
  /** seed of the noise (default: `seed`) */
  noiseSeed?: number;
  /**
   * path of the host firmware binary (`firmware/build.sh host` → firmware/build/host/reader): each
   * reader is then the real firmware (firmware-reader.ts), told only where the tiles lie; it makes
   * every line itself (`protocol` and `heartbeatMs` are the firmware's own)
   */
  firmware?: string;
  /**
   * the players stop when the violation made on purpose is complete (after the flagged player's
   * next discard), as a real table stops and waits for the director; the readers stay up (heartbeats
   * going) until the run is stopped. Tests use it to rule on a flag at a known state of the table.
   */
  holdAtFlag?: boolean;
  /**
   * keep the state file here (./state.ts), rewritten after every step: the game, the step reached,
   * what each reader's zones hold. With `resumeLog` the run resumes from it when it agrees.
   */
  stateFile?: string;
  /**
   * where the hub's log leaves the table (a file of ./state.ts `writeLogStanding`, written by
   * `mjhub start`): with `stateFile`, the run resumes the saved game when the two agree
   * (./state.ts `resumePlan`), else it says why in one line and deals a new game numbered after
   * the log's last one
   */
  resumeLog?: string;
  /**
   * after the walls stand, each game also waits for the file DIR/deal (./deal-signal.ts),
   * takes it away and deals: whoever watches the hub writes it once the hub shows the walls
   * built (./deal-signal.ts `signalDeal`, `dealWhenWallsBuilt`). Without it the deal starts {@link WALLS_STAND_MS} after the last
   * reader was asked, and a hub slower than that to take in the snapshots (a settle window longer
   * than the stand, a loaded machine) never sees the walls built and waits for good.
   */
  dealOnSignal?: boolean;
  log: (line: string) => void;
}

/** One game as a simulator plays it: the walls as built, the physical steps, the record of what happened. */
export interface PlayedGame<R> {
  walls: TileId[][];
  steps: Step[];
  record: R;
}

/**
 * The core of every simulator run: the virtual readers and their links, the noise, the pace, the
 * games one after the other with the table cleared and the walls built in between, and the record
 * file. A table kind supplies its games ({@link SimulatorRunner.play}) and the line it logs about
 * each ({@link SimulatorRunner.summary}).
 */
export abstract class SimulatorRunner<R extends { seed: number }, G extends PlayedGame<R> = PlayedGame<R>> {
  readonly readers = new Map<string, SimReader>();
  links: ReaderLink[] = [];
  readonly records: R[] = [];
  private stopped = false;
  /** set by {@link SimulatorRunner.hold}: no step is played until the run is stopped */
  private holding = false;
  private readonly sleepers = new Set<() => void>();
  /** every tile's zone as the readers have been told (null: in a hand) */
  private readonly where = new Map<TileId, Zone | null>();
  /** the game in play (1-based) and the index of its last step played (−1: walls built), for the state file */
  private at: { n: number; game: G; step: number } | null = null;
  /** where the run begins, once decided */
  private first: { n: number; game: G; from: number } | null = null;
  /** the noise model (no noise unless `opts.noise` says) */
  readonly noise: NoiseModel;

  /** @throws Error naming a zone the table config lacks (tableZones) */
  constructor(protected readonly opts: RunnerOptions) {
    const zones = tableZones(opts.table); // fails early when a zone is missing
    const rates = opts.noise ?? NO_NOISE;
    const noisy = Object.values(rates).some((v) => v > 0);
    for (const r of opts.table.readers) {
      const send = (line: string) => {
        const write = (chunk: string) => this.links.find((l) => l.reader === r.id)?.write(chunk);
        if (noisy) this.noise.send(r.id, line, write);
        else write(line);
      };
      const reader: SimReader = opts.firmware
        ? new FirmwareReader({ binary: opts.firmware, id: r.id, zones: Object.keys(r.zones), send, log: opts.log })
        : new VirtualReader({
            id: r.id,
            zones: Object.keys(r.zones),
            protocol: opts.protocol ?? 1,
            heartbeatMs: opts.heartbeatMs ?? 1000,
            ...(noisy ? { snapshotMs: 2000, dropDelta: () => this.noise.dropDelta() } : {}),
            send,
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
      (z, from) => nearbyZones(zones, z, from),
    );
  }

  /** Game `n` (1-based) of this run: seeded `seed + n − 1`, with the injection the run or the demo asks for. */
  protected abstract play(n: number): G;
  /** What to log about a finished game after `game n: seed s`, e.g. ` (inject wall at pick 5): …`. */
  protected abstract summary(record: R): string;
  /**
   * The index in `game.steps` after which the table stops for the director with `holdAtFlag`: the
   * step completing the violation made on purpose, or null when the game has none (default).
   */
  protected flagStep(_game: G): number | null {
    return null;
  }

  /**
   * Opens one link per reader (socat pseudo-terminals, or TCP when asked or socat is missing) and
   * writes DIR/ports.json once every link listens. @returns the path of ports.json
   */
  async open(): Promise<string> {
    const { transport, dir, tcpBase } = this.opts;
    this.begin(); // the readers hold the table before any hub can ask them
    const abs = resolve(dir);
    mkdirSync(abs, { recursive: true });
    rmSync(join(abs, 'ports.json'), { force: true });
    rmSync(dealSignalPath(abs), { force: true }); // a signal left by an earlier run deals nothing
    const useTcp = transport === 'tcp' || !socatAvailable();
    if (transport === 'pty' && useTcp) this.opts.log('socat not found: readers listen on TCP instead');
    const ids = [...this.readers.keys()];
    this.links = await Promise.all(ids.map((id, i) => (useTcp ? openTcpLink(id, tcpBase === 0 ? 0 : tcpBase + i) : openPtyLink(id, abs))));
    for (const link of this.links) {
      const reader = this.readers.get(link.reader)!;
      link.onData = (chunk) => reader.receive(chunk);
      link.onConnect = () => reader.connect();
      link.onDisconnect = () => reader.disconnect();
    }
    return writePortsFile(abs, this.links);
  }

  /**
   * Where the run begins: game 1's walls, or (with `stateFile` and `resumeLog`) the plan of
   * ./state.ts `resumePlan`, whose line is logged.
   */
  private start(): { n: number; game: G; from: number } {
    const { opts } = this;
    if (!opts.stateFile || !opts.resumeLog) return { n: 1, game: this.play(1), from: 0 };
    const played: Record<number, G> = {};
    const plan = resumePlan({
      file: opts.stateFile,
      read: readSimState(opts.stateFile),
      table: opts.table.id,
      variant: opts.table.variant,
      seed: opts.seed,
      zones: tableZones(opts.table),
      game: (n) => (played[n] ??= this.play(n)),
      log: readLogStanding(opts.resumeLog),
    });
    opts.log(plan.line);
    return { n: plan.game, game: (played[plan.game] ??= this.play(plan.game)), from: plan.kind === 'resume' ? plan.step + 1 : 0 };
  }

  /** The run's beginning ({@link SimulatorRunner.start}), its table loaded in the readers: once per run. */
  private begin(): { n: number; game: G; from: number } {
    if (this.first) return this.first;
    const first = this.start();
    this.loadAt(first.game, first.from - 1);
    this.at = { n: first.n, game: first.game, step: first.from - 1 };
    this.saveState(first.from - 1); // a stop before the first step still leaves the table saved
    this.first = first;
    return first;
  }

  /** Plays the games (forever in demo mode, until stop()). @returns the records of the games played */
  async run(): Promise<R[]> {
    const { opts } = this;
    this.noise.start();
    const first = this.begin();
    let n = first.n;
    let game = first.game;
    let from = first.from;
    if (opts.waitForHub) {
      opts.log(`waiting for the hub to ask every reader for a snapshot (${[...this.readers.keys()].join(', ')})`);
      while (!this.stopped && [...this.readers.values()].some((r) => r.snapRequests === 0)) await this.sleep(50);
      await this.sleep(Math.max(opts.pace, WALLS_STAND_MS));
    }
    if (from === 0) await this.dealSignal(); // a resumed game is dealt already
    for (;;) {
      if (this.stopped) break;
      const holdAfter = opts.holdAtFlag ? this.flagStep(game) : null;
      for (const [i, s] of game.steps.entries()) {
        if (i < from) continue; // played before the restart (the readers were loaded as it left them)
        if (this.stopped) break;
        this.apply(s);
        this.saveState(i);
        if (i === holdAfter) {
          opts.log(`game ${n}: the table stops for the director after step ${i}`);
          while (!this.stopped) await this.sleep(60_000);
          break;
        }
        const dwell = opts.pace * (s.dwell ?? (s.moves.every((m) => m.to === null) ? 0.5 : 1));
        // the game's last step (its final Mah Jongg, discard or flag) stands long enough for the
        // hub's largest settle window before the table is cleared, whatever the pace
        await this.sleep(i === game.steps.length - 1 ? Math.max(dwell, LAST_STEP_STANDS_MS) : dwell);
      }
      if (this.stopped) break;
      this.records.push(game.record);
      opts.log(`game ${n}: seed ${game.record.seed}${this.summary(game.record)}`);
      this.writeRecord();
      if (!opts.demo && n - first.n + 1 >= opts.games) {
        await this.sleep(opts.lingerMs ?? 0);
        break;
      }
      n++;
      const next = this.play(n);
      await this.rebuild(next);
      if (this.stopped) break;
      game = next;
      from = 0;
      this.at = { n, game, step: -1 };
      this.saveState(-1);
    }
    return this.records;
  }

  /**
   * Stops playing after the step in play (the table stands as it is, readers up and heartbeats
   * going) and writes the state file: `mjhub start` holds the table on Ctrl-C, so that its log
   * and the state file end at the same step. Lasts until the run is stopped.
   */
  hold(): void {
    this.holding = true;
    if (this.at) this.saveState(this.at.step);
  }

  /** Writes the state file (with `stateFile`): game `this.at`, its step `step` (./state.ts). */
  private saveState(step: number): void {
    const file = this.opts.stateFile;
    if (!this.at) return;
    this.at.step = step;
    if (!file) return;
    const { n, game } = this.at;
    writeSimState(file, {
      format: SIM_STATE_FORMAT,
      table: this.opts.table.id,
      variant: this.opts.table.variant,
      seed: this.opts.seed,
      game: n,
      step,
      steps: game.steps.length,
      picks: picksIn(game.steps, step),
      savedAt: new Date().toISOString(),
      zones: zoneContents(this.where),
    });
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

  /**
   * The table as it stands after step `step` of `game` (−1: its walls as built), before a hub is
   * there: loaded silently (a reader powers up seeing them).
   */
  private loadAt(game: G, step: number): void {
    const zones = tableZones(this.opts.table);
    replaySteps(game, zones, step, (i, at) => {
      if (i < step) return;
      this.where.clear();
      for (const [tile, z] of at.where) this.where.set(tile, z);
      return true;
    });
    const contents = zoneContents(this.where);
    for (const reader of this.readers.values()) for (const zone of reader.zones) reader.load(zone, (contents[`${reader.id}/${zone}`] ?? []).map(tagOfTile));
  }

  /** Clears the table (every tile lifted at once), waits ~1 s, builds the next game's walls. */
  private async rebuild(next: G): Promise<void> {
    const zones = tableZones(this.opts.table);
    for (const reader of this.readers.values()) {
      for (const zone of reader.zones) for (const tag of reader.tagsIn(zone)) this.noise.lift({ reader: reader.id, zone }, tag);
    }
    for (const tile of this.where.keys()) this.where.set(tile, null);
    rmSync(dealSignalPath(this.opts.dir), { force: true }); // the signal for this game comes once its walls are built
    await this.sleep(1000);
    for (let w = 0; w < next.walls.length; w++) {
      if (this.stopped) return;
      this.apply({ label: `wall ${w} is built`, moves: next.walls[w]!.map((tile) => ({ tile, from: null, to: zones.walls[w]! })) });
      await this.sleep(this.opts.pace);
    }
    await this.sleep(Math.max(this.opts.pace, WALLS_STAND_MS));
    await this.dealSignal();
  }

  /** With `dealOnSignal`: waits until DIR/deal appears (or the run stops), logs it and takes the file away. */
  private async dealSignal(): Promise<void> {
    if (!this.opts.dealOnSignal) return;
    const file = dealSignalPath(this.opts.dir);
    if (!existsSync(file)) this.opts.log(`the walls stand until ${file} says deal`);
    while (!this.stopped && !existsSync(file)) await this.sleep(50);
    rmSync(file, { force: true });
  }

  private apply(step: Step): void {
    for (const m of step.moves) {
      const tag = tagOfTile(m.tile);
      this.reader(m.from ?? m.to!); // fails on an unknown reader
      if (m.from) this.noise.lift(m.from, tag);
      if (m.to) this.noise.place(m.to, tag);
      this.where.set(m.tile, m.to);
    }
  }

  private reader(z: Zone): SimReader {
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

  /** Waits `ms`, then, while the run is held ({@link SimulatorRunner.hold}), until it is stopped. */
  private async sleep(ms: number): Promise<void> {
    await this.wait(ms);
    while (this.holding && !this.stopped) await this.wait(60_000);
  }

  private wait(ms: number): Promise<void> {
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

// ------------------------------------------------------------------ the Royale Siamese runner

/** Options of a Royale Siamese simulator run. */
export interface SimulatorOptions extends RunnerOptions {
  /** a violation on purpose in every game (003 rules 18C / 20; ignored with demo) */
  inject?: Injection;
  /** the bots never declare Mah Jongg: every game is a wall game */
  wallGame?: boolean;
}

/** The demo's violation for game `n` (1-based): see the module comment. */
export function demoInjection(n: number): Injection | undefined {
  if (n === 2) return 'wall';
  if (n === 3) return 'count';
  if (n >= 6 && n % 3 === 0) return (n / 3) % 2 === 0 ? 'wall' : 'count';
  return undefined;
}

/** One Royale Siamese simulator run: two seeded bots (game.ts). */
export class Simulator extends SimulatorRunner<GameRecord, GameResult> {
  constructor(protected override readonly opts: SimulatorOptions) {
    super(opts);
  }

  protected play(n: number): GameResult {
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

  protected summary(r: GameRecord): string {
    return `${r.inject ? ` (inject ${r.inject} at pick ${r.injectAt})` : ''}: ${describeEnd(r)}`;
  }

  /** The flagged player's first discard at or after the step of the violation (003 rules 18C / 20). */
  protected override flagStep(game: GameResult): number | null {
    const flag = game.record.expectedFlags[0];
    if (!flag) return null;
    const discard = game.record.events.find((e) => e.type === 'discard' && e.player === flag.player && e.step >= flag.step);
    return discard?.step ?? null;
  }
}

// ------------------------------------------------------------------ the command lines

/** A commander parser for an integer option of at least `min`; the error names the option and the value. */
export function intOption(name: string, min: number) {
  return (v: string): number => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`${name} must be an integer >= ${min}, not "${v}"`);
    return n;
  };
}

/** What a table kind's command line says about itself. */
export interface SimulatorCommandSpec {
  /** e.g. `simulate:standard` (also the prefix of its error lines) */
  name: string;
  description: string;
  /** table config by default */
  config: string;
}

/**
 * The options every simulator command line takes (documented in main.ts): --seed, --pace,
 * --games, --demo, --inject-at, --transport, --tcp-base, --dir, --linger, --record, --config,
 * --table, --no-wait-for-hub, --deal-on-signal, --noise, --noise-<kind>, --noise-seed, --protocol (0|1, default 1),
 * --firmware (the host firmware binary: the readers are the real firmware), --state FILE and
 * --resume-log FILE (./state.ts: resume the game a restart left).
 * A table kind adds its own
 * (e.g. --inject with its kinds).
 */
export function simulatorCommand(spec: SimulatorCommandSpec): Command {
  const program = new Command()
    .name(spec.name)
    .description(spec.description)
    .option('--seed <n>', 'seed of game 1', intOption('--seed', 0), 1)
    .option('--pace <ms>', 'ms between physical steps', intOption('--pace', 0), 600)
    .option('--games <n>', 'games to play', intOption('--games', 1), 1)
    .option('--demo', 'play forever with a violation now and then', false)
    .option('--inject-at <n>', 'the Nth pick after the deal', intOption('--inject-at', 1))
    .option(
      '--transport <t>',
      'pty | tcp',
      (v: string) => {
        if (v !== 'pty' && v !== 'tcp') throw new InvalidArgumentError(`--transport must be "pty" or "tcp", not "${v}"`);
        return v;
      },
      'pty',
    )
    .option('--tcp-base <port>', 'first TCP port (reader i on PORT + i); default 0: free ports the OS picks', intOption('--tcp-base', 0), 0)
    .option('--dir <dir>', 'links and ports.json', 'data/sim')
    .option('--linger <ms>', 'ms to keep the readers up after the last game', intOption('--linger', 0), 2000)
    .option('--record <file>', 'JSON file for the game records')
    .option('--config <file>', 'table config', spec.config)
    .option('--table <id>', 'table id in the config')
    .option('--no-wait-for-hub', 'deal without waiting for the hub')
    .option('--deal-on-signal', 'each game waits, its walls built, for the file DIR/deal (written once the hub shows the walls built) before the deal', false)
    .option('--hold-at-flag', 'stop playing once the violation made on purpose is complete (the table waits for the director)', false)
    .option('--noise <level>', 'none | realistic | x5 | xN', 'none')
    .option('--noise-seed <n>', 'seed of the noise (default: the game seed)', intOption('--noise-seed', 0))
    .option('--state <file>', 'keep the state file here (game, step, what each reader holds), rewritten after every step')
    .option('--resume-log <file>', "where the hub's log leaves the table (written by mjhub start): with --state, resume the saved game when they agree")
    .option('--firmware <binary>', 'the readers are this host build of the firmware (firmware/build.sh host: firmware/build/host/reader)')
    .option(
      '--protocol <v>',
      'protocol version the readers speak: 1 (signal strength, replay) or 0',
      (v: string) => {
        if (v !== '0' && v !== '1') throw new InvalidArgumentError(`--protocol must be 0 or 1, not "${v}"`);
        return Number(v) as ProtocolVersion;
      },
      1 as ProtocolVersion,
    );
  for (const kind of NOISE_KINDS) {
    program.option(`--noise-${kind.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())} <rate>`, `rate of ${kind} noise`, (v: string) => {
      const n = Number(v);
      if (!Number.isFinite(n) || n < 0) throw new InvalidArgumentError(`--noise-${kind} must be a number >= 0, not "${v}"`);
      return n;
    });
  }
  return program;
}

/**
 * Reads the common options of a parsed {@link simulatorCommand}: the table (by `--table`, else the
 * config's first table of `variant`, checked by `check`) and the run's options less the kind's own.
 * @param check returns why the table cannot be played by this simulator, or null
 * @throws Error naming the config file and the table when none fits
 */
export function commonRunOptions(program: Command, variant: TableConfig['variant'], check: (table: TableConfig) => string | null): RunnerOptions {
  const o = program.opts<{
    seed: number;
    pace: number;
    games: number;
    demo: boolean;
    injectAt?: number;
    transport: 'pty' | 'tcp';
    tcpBase: number;
    linger: number;
    dir: string;
    record?: string;
    config: string;
    table?: string;
    waitForHub: boolean;
    dealOnSignal: boolean;
    noise: string;
    noiseSeed?: number;
    protocol: ProtocolVersion;
    holdAtFlag: boolean;
    firmware?: string;
    state?: string;
    resumeLog?: string;
  }>();
  const raw = program.opts<Record<string, unknown>>();
  const noise = parseNoise(String(o.noise ?? 'none'));
  for (const kind of NOISE_KINDS) {
    const key = 'noise' + kind[0]!.toUpperCase() + kind.slice(1);
    if (typeof raw[key] === 'number') noise[kind] = raw[key] as number;
  }
  const tables = loadHubConfig(o.config);
  const chosen = o.table ? tables.find((t) => t.table.id === o.table) : tables.find((t) => t.table.variant === variant);
  if (!chosen) {
    throw new Error(o.table ? `${o.config}: no table "${o.table}" (tables: ${tables.map((t) => t.table.id).join(', ')})` : `${o.config}: no ${variant === 'siamese' ? 'Siamese' : variant} table`);
  }
  const wrong = check(chosen.table);
  if (wrong) throw new Error(`${o.config}: table ${chosen.table.id}: ${wrong}`);
  return {
    table: chosen.table,
    cards: chosen.cards,
    seed: o.seed,
    pace: o.pace,
    games: o.games,
    demo: o.demo,
    transport: o.transport,
    tcpBase: o.tcpBase,
    dir: o.dir,
    waitForHub: o.waitForHub,
    lingerMs: o.linger,
    log: (line) => console.log(line),
    noise,
    protocol: o.protocol ?? 1,
    ...(o.holdAtFlag ? { holdAtFlag: true } : {}),
    ...(o.dealOnSignal ? { dealOnSignal: true } : {}),
    ...(typeof o.noiseSeed === 'number' ? { noiseSeed: o.noiseSeed } : {}),
    ...(o.injectAt !== undefined ? { injectAt: o.injectAt } : {}),
    ...(o.record ? { record: o.record } : {}),
    ...(o.state ? { stateFile: resolve(o.state) } : {}),
    ...(o.resumeLog ? { resumeLog: resolve(o.resumeLog) } : {}),
    ...(o.firmware ? { firmware: resolve(o.firmware) } : {}),
  };
}

/**
 * Runs a simulator as its own process: stops cleanly on SIGINT (exit 130) and SIGTERM (143),
 * opens the links, prints `readers listening: …` and `ports file: …`, plays, exits 0; any error
 * is printed as `<name>: <message>` and exits 1. Socat children are killed on every way out.
 * Spawned by the hub with an IPC channel (hub/main.ts), it also stops (exit 0) when that channel
 * closes: the hub died, even by SIGKILL, and no simulator is left behind; the message `hold` over it
 * holds the table ({@link SimulatorRunner.hold}) and is answered `held`.
 * @param make builds the runner (after the command line is parsed; it may throw)
 */
export function runSimulatorProcess(name: string, make: () => SimulatorRunner<{ seed: number }, PlayedGame<{ seed: number }>>): void {
  const main = async () => {
    const sim = make();
    let stopping = false;
    const stop = async (code: number) => {
      if (stopping) return;
      stopping = true;
      await sim.stop();
      killSocatChildren();
      process.exit(code);
    };
    process.on('SIGINT', () => void stop(130));
    process.on('SIGTERM', () => void stop(143));
    if (process.channel) {
      // the parent hub's IPC channel: it closes when the hub dies in any way
      process.channel.unref();
      // `hold` from the hub on Ctrl-C: stop playing, the state file written, then `held`
      process.on('message', (m: unknown) => {
        if (m !== 'hold') return;
        sim.hold();
        process.send?.('held');
      });
      process.once('disconnect', () => {
        setTimeout(() => {
          killSocatChildren();
          process.exit(0);
        }, 3000).unref();
        void stop(0);
      });
      if (!process.connected) void stop(0);
    }
    const file = await sim.open();
    console.log(`readers listening: ${sim.links.map((l) => `${l.reader} ${l.port}`).join(', ')}`);
    console.log(`ports file: ${file}`);
    await sim.run();
    await stop(0);
  };
  main().catch((e: unknown) => {
    console.error(`${name}: ${e instanceof Error ? e.message : String(e)}`);
    killSocatChildren();
    process.exit(1);
  });
}
