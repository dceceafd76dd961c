/**
 * `mjhub start` / `npm start`: runs the hub. With no reader ports given it runs its embedded
 * default: the reader simulator (a separate process playing Royale Siamese games forever, with a
 * violation injected now and then) on pseudo-terminals, and the hub reading them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, InvalidArgumentError } from 'commander';
import { loadHubConfigFile } from './config/load.js';
import { pathUnder } from './config/path-under.js';
import { checkTournamentTables, countRulesInForce, loadTournamentConfig } from './tournament/config.js';
import { directorSecretFor } from './director-secret.js';
import { startHub, type HubTable } from './hub.js';
import { WorkerTable } from './workers/pool.js';
import { assertDataFolderFree } from './store/lock.js';
import { HUB_ID } from './store/postgres.js';
import { isLoopbackHost, lanUrls, parsePublicUrl } from './api/server.js';
import { dealWhenWallsBuilt } from './simulator/deal-signal.js';
import { intOption } from './simulator/run.js';
import { type LogStanding, readSimState, simStateFile, writeLogStanding } from './simulator/state.js';
import { GAMES_PER_ROUND } from '../rules/tournament/errors.js';
import { createHubLogger, LOG_LEVELS, type HubLogger, type LogLevel } from './log.js';
import { broadcastDelayMs, DEFAULT_BROADCAST_DELAY_MIN } from './broadcast/delay.js';
import { cliErrorLine, commanderOutput, exitWithError } from './cli/errors.js';

/** This file runs compiled (`npm start`, `mjhub start`: dist/hub/main.js) or from source under tsx (the tests). */
const compiled = import.meta.url.endsWith('.js');
const here = path.dirname(fileURLToPath(import.meta.url));
/** the repository's folder: the demo configs, display/dist and the default data folder are found from it */
const root = path.resolve(here, compiled ? '../..' : '..');

/** `--port`: an integer 0-65535 (0 = any free port); the error names the option (or env PORT) and the value. */
function portOption(name: string) {
  return (v: string): number => {
    const n = /^\d{1,5}$/.test(v.trim()) ? Number(v) : NaN;
    if (!(Number.isInteger(n) && n >= 0 && n <= 65535)) throw new InvalidArgumentError(`${name} must be an integer 0-65535, not "${v}"`);
    return n;
  };
}

/** `--host`: an IP address or a host name; the error names the option (or env HOST) and the value. */
function hostOption(name: string) {
  return (v: string): string => {
    const h = v.trim();
    if (net.isIP(h) === 0 && !/^[A-Za-z0-9]([A-Za-z0-9.-]{0,252})$/.test(h)) {
      throw new InvalidArgumentError(`${name} must be an address of this machine such as 127.0.0.1 or 0.0.0.0, not "${v}"`);
    }
    return h;
  };
}

/** An error of a value that came from the environment, printed like commander's own and exit 1, before anything starts. */
function refuse(message: string): never {
  exitWithError(message);
}

/** Reads an environment default through an option parser, naming the variable on error. */
function fromEnv<T>(env: string, parse: (name: string) => (v: string) => T): T | undefined {
  const v = process.env[env];
  if (v === undefined || v === '') return undefined;
  try {
    return parse(env)(v);
  } catch (e) {
    refuse((e as Error).message);
  }
}

const program = new Command()
  .name('mjhub start')
  .configureOutput(commanderOutput)
  .description('Run the Mah Jongg table hub')
  .option('--config <file>', 'table config (JSON); default: hub/config/tables/<table-kind>-demo.json')
  .option(
    '--table-kind <kind>',
    'siamese | standard: which demo table config (and simulator) to run when --config is not given',
    (v: string) => {
      if (v !== 'siamese' && v !== 'standard') throw new InvalidArgumentError(`--table-kind must be "siamese" or "standard", not "${v}"`);
      return v;
    },
    'siamese',
  )
  .option(
    '--room',
    `the demo room: two tables of --table-kind and a tournament over them, rounds of ${GAMES_PER_ROUND} games (siamese: hub/config/tournament-siamese-room.json; standard: hub/config/tournament-room.json)`,
    false,
  )
  .option('--tournament <file>', 'run a tournament (seed 000; kind "siamese": seed 003 tables) over the tables: e.g. hub/config/tournament-room.json')
  .option('--port <n>', 'HTTP port, 0-65535, 0 = any free port (env PORT)', portOption('--port'), fromEnv('PORT', portOption) ?? 8080)
  .option('--host <addr>', 'address to listen on (env HOST): 127.0.0.1 this machine only; 0.0.0.0 every network, for phones', hostOption('--host'), fromEnv('HOST', hostOption) ?? '127.0.0.1')
  .option(
    '--public-url <url>',
    "base URL written into seat links and QR codes, e.g. http://192.168.1.20:8080 (env MJHUB_PUBLIC_URL; default: the address the director's browser used)",
    (v: string) => {
      try {
        return parsePublicUrl(v, '--public-url');
      } catch (e) {
        throw new InvalidArgumentError((e as Error).message);
      }
    },
  )
  .option('--data <dir>', 'folder for the event log and the hub log (hub.log)', path.join(root, 'data'))
  .option(
    '--log-level <level>',
    `least level logged to <data>/hub.log (JSON lines) and the terminal: ${LOG_LEVELS.join(' | ')}`,
    (v: string) => {
      if (!(LOG_LEVELS as readonly string[]).includes(v)) throw new InvalidArgumentError(`--log-level must be one of ${LOG_LEVELS.join(', ')}, not "${v}"`);
      return v;
    },
    'info',
  )
  .option('--database-url <url>', 'keep the event log in PostgreSQL (postgres://…) instead of SQLite in --data (env MJHUB_DATABASE_URL)', process.env.MJHUB_DATABASE_URL)
  .option(
    '--hub-id <id>',
    "with --database-url: this hub's id in an event of several hubs sharing that database, e.g. hall-a (env MJHUB_HUB_ID; docs/several-hubs.md)",
    (v: string) => {
      if (!HUB_ID.test(v)) throw new InvalidArgumentError(`--hub-id must be 1-40 lowercase letters, digits, - or _ (e.g. hall-a), not "${v}"`);
      return v;
    },
    process.env.MJHUB_HUB_ID || undefined,
  )
  .option('--reader <address...>', 'reader ports to open: serial paths or tcp://host:port (none: run the simulator)')
  .option('--settle-ms <ms>', "override every table's settle windows, in every area (ms)", intOption('--settle-ms', 0))
  .option('--count-check-ms <ms>', "override every table's count-check delay after a turn boundary (ms)", intOption('--count-check-ms', 0))
  .option('--workers <n>', 'run the table engines in N worker threads, sharded by table (default 0: on the one thread; README "Many tables")', intOption('--workers', 0))
  .option('--sim-pace <ms>', 'simulator: ms between physical steps', intOption('--sim-pace', 0), 700)
  .option('--sim-seed <n>', 'simulator: seed of the first game', intOption('--sim-seed', 0), 1)
  .option(
    '--sim-transport <kind>',
    'simulator: pty (socat) or tcp',
    (v: string) => {
      if (v !== 'pty' && v !== 'tcp') throw new InvalidArgumentError(`--sim-transport must be "pty" or "tcp", not "${v}"`);
      return v;
    },
    existsSync('/usr/bin/socat') ? 'pty' : 'tcp',
  )
  .option(
    '--director-secret-file <file>',
    "file holding the director's login secret, at least 8 characters (env MJHUB_DIRECTOR_SECRET; neither: one is generated on the first start and kept in <data>/director-secret, mode 0600)",
  )
  .option('--director-session-hours <n>', "how long a director's login lasts, in hours (default 12: a tournament day)", (v: string) => {
    const n = Number(v);
    if (!(v.trim() !== '' && Number.isFinite(n) && n > 0 && n <= 24 * 366)) {
      throw new InvalidArgumentError(`--director-session-hours must be a number of hours above 0 (e.g. 12), not "${v}"`);
    }
    return n;
  })
  .option(
    '--broadcast-delay-min <minutes>',
    `how far behind the live game the spectators' broadcast (/broadcast) shows the concealed hands, in minutes (default ${DEFAULT_BROADCAST_DELAY_MIN}; 30 as poker streams)`,
  )
  .option('--broadcast-no-delay', 'allow --broadcast-delay-min 0: the broadcast shows every concealed hand live (the director says so explicitly)')
  .parse();

const o = program.opts<{
  config?: string;
  port: number;
  host: string;
  publicUrl?: string;
  data: string;
  databaseUrl?: string;
  hubId?: string;
  reader?: string[];
  settleMs?: number;
  workers?: number;
  countCheckMs?: number;
  simPace: number;
  simSeed: number;
  simTransport: string;
  tableKind: string;
  directorSecretFile?: string;
  directorSessionHours?: number;
  broadcastDelayMin?: string;
  broadcastNoDelay?: boolean;
  room: boolean;
  tournament?: string;
  logLevel: LogLevel;
}>();
if (o.publicUrl === undefined) {
  const env = fromEnv('MJHUB_PUBLIC_URL', (name) => (v) => {
    try {
      return parsePublicUrl(v, name);
    } catch (e) {
      throw new InvalidArgumentError((e as Error).message);
    }
  });
  if (env !== undefined) o.publicUrl = env;
}
const config = o.config ?? path.join(root, `hub/config/tables/${o.tableKind}-${o.room ? 'room' : 'demo'}.json`);
const sessionHours = o.directorSessionHours;
// the flag alone is checked before anything starts (the tournament's broadcastDelayMin once it is read)
try {
  broadcastDelayMs(o.broadcastDelayMin, o.broadcastNoDelay === true);
} catch (e) {
  program.error((e as Error).message); // exits, printed as `mjhub: …` (commanderOutput)
}
if (o.room) o.tournament ??= path.join(root, o.tableKind === 'standard' ? 'hub/config/tournament-room.json' : 'hub/config/tournament-siamese-room.json');

/**
 * Checks that host:port can be listened on, before anything is started (the simulator would
 * otherwise be left running by a taken port).
 * @throws Error `--port 8181 on 127.0.0.1 is taken (EADDRINUSE): …` or `--host … is not an address of this machine`
 */
async function checkListen(host: string, port: number): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EADDRINUSE') reject(new Error(`--port ${port} on ${host} is taken (EADDRINUSE): stop what uses it or pick another --port`));
      else if (e.code === 'EADDRNOTAVAIL' || e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') reject(new Error(`--host ${host} is not an address of this machine (${e.code})`));
      else if (e.code === 'EACCES') reject(new Error(`--port ${port}: not allowed to listen on it (EACCES): pick a port above 1023`));
      else reject(new Error(`cannot listen on ${host}:${port} (${e.code ?? e.message})`));
    });
    srv.listen({ port, host, exclusive: true }, () => srv.close(() => resolve()));
  });
}

async function waitForFile(file: string, ms: number, child: ChildProcess): Promise<void> {
  const until = Date.now() + ms;
  while (!existsSync(file)) {
    if (child.exitCode !== null) throw new Error(`the simulator exited (code ${child.exitCode}) before opening its ports`);
    if (Date.now() > until) throw new Error(`the simulator did not write ${file} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A line the operator always sees on stopping: logged at `info`, or printed when `--log-level` leaves `info` out. */
function say(log: HubLogger, line: string, fields: Record<string, unknown>): void {
  if (log.isLevelEnabled('info')) log.info(fields, line);
  else console.log(line);
}

/** The simulators started so far: stopped (with their socat children) on every way out. */
const sims: ChildProcess[] = [];
/** Set once the hub stops on purpose: a simulator that exits then was stopped by it, not failing. */
let stopping = false;

/** What a simulator's state file says it saved, for the line on stopping: `: game 2 at step 58 of 301 (9 picks) saved in …` (nothing when unreadable). */
function savedState(file: string): string {
  const r = readSimState(file);
  if (r.kind !== 'ok') return '';
  const s = r.state;
  const at = s.step < 0 ? ' (walls built, nothing dealt)' : ` at step ${s.step + 1} of ${s.steps} (${s.picks} pick${s.picks === 1 ? '' : 's'})`;
  return `: game ${s.game}${at} saved in ${file}`;
}

/** How long Ctrl-C waits for a simulator to hold its table, and then for the hub to log what the readers show (ms). */
const HOLD_MS = 3000;
/** The hub's tables are quiet this long before the hub stops: a reader's line still on its way has arrived (ms). */
const QUIET_MS = 150;

/**
 * Holds every simulator (IPC `hold`: it plays no more steps and writes its state file) and waits
 * until every table has logged what the readers show ({@link HOLD_MS} at most).
 */
async function holdSimulators(engines: ReadonlyMap<string, { quiet(): boolean }>): Promise<void> {
  const until = Date.now() + HOLD_MS;
  await Promise.all(
    sims.map(
      (sim) =>
        new Promise<void>((resolve) => {
          if (!sim.connected) return resolve();
          const t = setTimeout(resolve, HOLD_MS);
          sim.once('message', () => {
            clearTimeout(t);
            resolve();
          });
          sim.send('hold');
        }),
    ),
  );
  let quietSince: number | null = null;
  while (Date.now() < until) {
    const quiet = [...engines.values()].every((e) => e.quiet());
    quietSince = quiet ? (quietSince ?? Date.now()) : null;
    if (quietSince !== null && Date.now() - quietSince >= QUIET_MS) return;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Stops every simulator (SIGTERM, then SIGKILL after 5 s) and waits until each has exited. */
async function stopSimulators(): Promise<void> {
  await Promise.all(
    sims.map(async (sim) => {
      if (sim.exitCode !== null || sim.signalCode !== null) return;
      const gone = new Promise<void>((r) => sim.once('exit', () => r()));
      sim.kill('SIGTERM');
      const t = setTimeout(() => sim.kill('SIGKILL'), 5000);
      await gone;
      clearTimeout(t);
    }),
  );
}

/** Which tables each table worker runs, for the banner, e.g. `worker 1: t1, t3; worker 2: t2`. */
function workerShares(tables: ReadonlyMap<string, HubTable>): string {
  const by = new Map<number, string[]>();
  for (const t of tables.values()) if (t instanceof WorkerTable) by.set(t.worker, [...(by.get(t.worker) ?? []), t.id]);
  return [...by].map(([w, ids]) => `worker ${w}: ${ids.join(', ')}`).join('; ');
}

async function main(): Promise<void> {
  // everything that can be wrong with the options is checked before the simulator starts
  const file = loadHubConfigFile(config);
  const tables = file.tables;
  const workers = o.workers ?? file.workers ?? 0;
  for (const { table } of tables) {
    if (o.settleMs !== undefined) {
      // every area, racks and tops included (their own windows would otherwise stay)
      const ms = o.settleMs;
      table.timing.settleMs = ms;
      table.timing.settleByArea = { rack: ms, top: ms, wall: ms, floor: ms };
    }
    if (o.countCheckMs !== undefined) table.timing.countCheckMs = o.countCheckMs;
  }
  const tournament = o.tournament ? loadTournamentConfig(o.tournament) : undefined;
  // how late the broadcast shows the hands: --broadcast-delay-min, else the tournament's broadcastDelayMin, else 15 min
  const eventDelay = o.broadcastDelayMin === undefined ? (tournament?.broadcastDelayMin ?? null) : null;
  const broadcastDelay =
    eventDelay === null
      ? broadcastDelayMs(o.broadcastDelayMin, o.broadcastNoDelay === true)
      : broadcastDelayMs(String(eventDelay), o.broadcastNoDelay === true, `${o.tournament}: broadcastDelayMin`);
  if (tournament)
    checkTournamentTables(
      o.tournament!,
      tournament,
      tables.map(({ table }) => ({ id: table.id, variant: table.variant, ...(table.scoring !== undefined ? { scoring: table.scoring } : {}) })),
    );
  // a table's 003 rule 18 count rule against the tournament's: a conflict is refused here (startHub checks it again)
  countRulesInForce(
    config,
    tables.map(({ table }) => table),
    tournament ? { file: o.tournament!, config: tournament } : undefined,
  );
  if (o.hubId !== undefined && !o.databaseUrl) throw new Error(`--hub-id ${o.hubId} needs --database-url: the hubs of an event share one PostgreSQL database (docs/several-hubs.md)`);
  const secret = directorSecretFor({ env: process.env.MJHUB_DIRECTOR_SECRET, file: o.directorSecretFile, dataDir: o.data });
  if (existsSync(o.data) && !statSync(o.data).isDirectory()) throw new Error(`--data ${o.data} is a file, not a folder`);
  // one hub per data folder (hub/store/lock.ts): refused here, before a simulator starts; the store holds the lock
  if (!o.databaseUrl) assertDataFolderFree(o.data);
  await checkListen(o.host, o.port);
  mkdirSync(o.data, { recursive: true, mode: 0o700 }); // the hub user's alone, as the event log's folder
  const log: HubLogger = createHubLogger({ level: o.logLevel, file: path.join(o.data, 'hub.log'), terminal: process.stdout });

  /**
   * One simulator process per table, each on its own pseudo-terminals (or free TCP ports the OS
   * picks, so two hubs on one machine never collide: ports.json names them), started once the
   * hub has folded its log: each is told where the log leaves its table and resumes the game in
   * play from its state file when the two agree (hub/simulator/state.ts). The IPC channel ends the
   * simulator when this hub dies, even by SIGKILL (hub/simulator/run.ts).
   */
  const simDirs = new Map<string, string>();
  const startSimulators = async (engines: ReadonlyMap<string, { loggedTable(): LogStanding }>): Promise<string[]> => {
    let ports: string[] = [];
    for (const [i, { table }] of tables.entries()) {
      const dir = pathUnder(o.data, 'sim', table.id);
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      rmSync(path.join(dir, 'ports.json'), { force: true });
      const resumeLog = path.join(dir, 'log.json');
      writeLogStanding(resumeLog, engines.get(table.id)!.loggedTable());
      // the simulator as this hub runs: compiled beside it, or its source under tsx
      const script = path.join(here, table.variant === 'standard' ? 'simulator/standard/main' : 'simulator/main') + (compiled ? '.js' : '.ts');
      const sim = spawn(
        process.execPath,
        [
          ...(compiled ? [] : ['--import', 'tsx']),
          script,
          '--demo',
          '--dir',
          dir,
          '--config',
          config,
          '--table',
          table.id,
          '--pace',
          String(o.simPace),
          '--seed',
          String(o.simSeed + 100 * i),
          '--transport',
          o.simTransport,
          '--state',
          simStateFile(dir),
          '--resume-log',
          resumeLog,
          // each game is dealt once this hub shows its walls built (below: dealWhenWallsBuilt)
          '--deal-on-signal',
        ],
        // its own process group: a Ctrl-C in the terminal reaches the hub only, which stops the
        // simulator after its own transports (no "connection lost" line for a cable it pulls itself)
        { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], cwd: root, detached: true },
      );
      sims.push(sim);
      simDirs.set(table.id, dir);
      sim.on('exit', (code, signal) => {
        if (stopping) say(log, `simulator for table ${table.id} stopped${savedState(simStateFile(dir))}`, { table: table.id });
        else log.error({ table: table.id, code, signal }, `simulator for table ${table.id} exited (${signal ?? `code ${code}`}): its readers are gone`);
      });
      await waitForFile(path.join(dir, 'ports.json'), 20_000, sim);
      const mine = (JSON.parse(readFileSync(path.join(dir, 'ports.json'), 'utf8')) as { port: string }[]).map((p) => p.port);
      ports = [...ports, ...mine];
      console.log(`simulator for table ${table.id}: ${mine.length} readers on ${o.simTransport === 'pty' ? 'pseudo-terminals' : 'TCP'} (${dir})`);
    }
    return ports;
  };
  // the fixed bearer token for scripts: only when given (a login also hands out a bearer token)
  const directorToken = process.env.MJHUB_DIRECTOR_TOKEN ?? randomBytes(24).toString('hex');
  const staticDir = path.join(root, 'display/dist');
  let hub: Awaited<ReturnType<typeof startHub>>;
  try {
    hub = await startHub({
      tables,
      dataDir: o.data,
      ...(o.databaseUrl ? { databaseUrl: o.databaseUrl } : {}),
      ...(o.hubId !== undefined ? { hubId: o.hubId } : {}),
      ports: o.reader ?? [],
      ...(workers > 0 ? { workers } : {}),
      ...(o.reader?.length ? {} : { readerPorts: startSimulators }),
      httpPort: o.port,
      httpHost: o.host,
      ...(o.publicUrl !== undefined ? { publicUrl: o.publicUrl } : {}),
      directorToken,
      logger: log,
      directorSecret: secret.value,
      ...(sessionHours !== undefined ? { directorSessionTtlMs: Math.round(sessionHours * 3_600_000) } : {}),
      broadcastDelayMs: broadcastDelay,
      ...(tournament ? { tournament, tournamentFile: o.tournament! } : {}),
      tablesFile: config,
      ...(existsSync(staticDir) ? { staticDir } : {}),
    });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'EADDRINUSE') throw new Error(`--port ${o.port} on ${o.host} is taken (EADDRINUSE): stop what uses it or pick another --port`);
    if (err.code === 'EADDRNOTAVAIL') throw new Error(`--host ${o.host} is not an address of this machine (EADDRNOTAVAIL)`);
    throw e;
  }
  // a simulated table deals once the hub shows its walls built: a hub slow to settle the snapshots
  // (a loaded machine) would otherwise miss the walls and wait for good (hub/simulator/deal-signal.ts)
  for (const [id, dir] of simDirs) dealWhenWallsBuilt(() => hub.tables.get(id)?.publicView(), dir);
  console.log(`Mah Jongg table hub: ${hub.url}`);
  for (const id of hub.tables.keys()) console.log(`  table ${id}:    ${hub.url}/table/${id}`);
  if (workers > 0) console.log(`  table workers: ${workerShares(hub.tables)}`);
  console.log(`  director:    ${hub.url}/director  (the room; each table at /director/<table>)`);
  console.log(`  broadcast:   ${hub.url}/broadcast  (the room; each table at /broadcast/<table>; hands shown ${broadcastDelay / 60_000} min late)`);
  if (!isLoopbackHost(o.host)) {
    const port = Number(new URL(hub.url).port);
    const phones = lanUrls(o.host, port, os.networkInterfaces());
    console.log(`  phones:      ${phones.length > 0 ? phones.join('  ') : `(no network address found for ${o.host})`}  (this machine on the room's network)`);
    console.log(`  seat codes:  ${o.publicUrl ?? "the address the director's browser used (open /director at a phone address above, or set --public-url)"}`);
    console.log(`  warning:     listening on ${o.host}: anyone on this network can reach the hub; use a trusted network only (the director still logs in)`);
  } else if (o.publicUrl !== undefined) {
    console.log(`  seat codes:  ${o.publicUrl}  (--public-url; the hub itself listens on ${o.host} only)`);
  }
  if (o.hubId !== undefined) console.log(`  event:       hub ${o.hubId}; the room lists every hub's tables (the hubs sharing this database)`);
  if (tournament) {
    const how = tournament.kind === 'siamese' ? 'Royale Siamese, 2-seat score cards (003 rule 17 points, lesser total pays the difference)' : '4-player tables, seed 000 score cards';
    const rounds = `${tournament.rounds} round${tournament.rounds === 1 ? '' : 's'} of ${GAMES_PER_ROUND} games`;
    console.log(`  tournament:  "${tournament.name}": ${how}; ${tournament.tables.length} tables, ${rounds}`);
    console.log(`               ${hub.url}/api/tournament  (the director starts the round clock from the room: ${hub.url}/director)`);
  }
  // the generated secret is shown at every start (it is kept in the data folder); a given one never
  if (secret.source === 'data') console.log(`  director secret (log in with it; ${secret.from}): ${secret.value}`);
  else console.log(`  director secret: ${secret.from}`);
  secret.value = ''; // kept only as an scrypt hash inside the hub from now on
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // the simulators hold the table and the hub logs what their readers show, so the log and
    // each state file end at the same step (hub/simulator/state.ts)
    await holdSimulators(hub.tables);
    // the hub first: its transports stop retrying, so no "connection lost" line for a simulator stopped on purpose
    await hub.close().catch(() => undefined);
    await stopSimulators();
    const saved = hub.store.saved?.() ?? { events: 0, rawLines: 0 };
    const where = o.databaseUrl ? `PostgreSQL ${(hub.store as { url?: string }).url ?? ''}` : path.resolve(o.data, 'events.sqlite');
    say(log, `hub stopped: ${saved.events} events and ${saved.rawLines} raw lines saved in ${where}`, { signal, ...saved });
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch(async (e: unknown) => {
  console.error(cliErrorLine((e as Error).message));
  stopping = true; // the simulators are stopped by the hub: not a failure of theirs
  await stopSimulators().catch(() => undefined);
  process.exit(1);
});
