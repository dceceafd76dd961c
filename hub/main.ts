/**
 * `mjhub start` / `npm start`: runs the hub. With no reader ports given it runs its embedded
 * default: the reader simulator (a separate process playing Royale Siamese games forever, with a
 * violation injected now and then) on pseudo-terminals, and the hub reading them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { loadHubConfig } from './config/load.js';
import { loadTournamentConfig } from './tournament/config.js';
import { directorSecretFor } from './director-secret.js';
import { startHub } from './hub.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const program = new Command()
  .name('mjhub start')
  .description('Run the Mah Jongg table hub')
  .option('--config <file>', 'table config (JSON); default: hub/config/tables/<table-kind>-demo.json')
  .option('--table-kind <kind>', 'siamese | standard: which demo table config (and simulator) to run when --config is not given', 'siamese')
  .option('--room', 'the demo room: two tables of --table-kind and a tournament over them, rounds of four games (siamese: hub/config/tournament-siamese-room.json; standard: hub/config/tournament-room.json)', false)
  .option('--tournament <file>', 'run a tournament (seed 000; kind "siamese": seed 003 tables) over the tables: e.g. hub/config/tournament-room.json')
  .option('--port <n>', 'HTTP port on 127.0.0.1 (env PORT)', process.env.PORT ?? '8080')
  .option('--data <dir>', 'folder for the event log', path.join(root, 'data'))
  .option('--database-url <url>', 'keep the event log in PostgreSQL (postgres://…) instead of SQLite in --data (env MJHUB_DATABASE_URL)', process.env.MJHUB_DATABASE_URL)
  .option('--reader <address...>', 'reader ports to open: serial paths or tcp://host:port (none: run the simulator)')
  .option('--settle-ms <ms>', 'override every table\'s settle windows, in every area (ms)')
  .option('--count-check-ms <ms>', 'override every table\'s count-check delay after a turn boundary (ms)')
  .option('--sim-pace <ms>', 'simulator: ms between physical steps', '700')
  .option('--sim-seed <n>', 'simulator: seed of the first game', '1')
  .option('--sim-transport <kind>', 'simulator: pty (socat) or tcp', existsSync('/usr/bin/socat') ? 'pty' : 'tcp')
  .option('--director-secret-file <file>', 'file holding the director\'s login secret (env MJHUB_DIRECTOR_SECRET; neither: one is generated on the first start and kept in <data>/director-secret, mode 0600)')
  .option('--director-session-hours <n>', 'how long a director\'s login lasts, in hours (default 12: a tournament day)')
  .parse();

const o = program.opts<{
  config: string; port: string; data: string; databaseUrl?: string; reader?: string[]; settleMs?: string; countCheckMs?: string;
  simPace: string; simSeed: string; simTransport: string; tableKind: string; directorSecretFile?: string; directorSessionHours?: string;
  room: boolean; tournament?: string;
}>();
if (o.tableKind !== 'siamese' && o.tableKind !== 'standard') {
  console.error(`mjhub: --table-kind must be "siamese" or "standard", not "${o.tableKind}"`);
  process.exit(1);
}
o.config ??= path.join(root, `hub/config/tables/${o.tableKind}-${o.room ? 'room' : 'demo'}.json`);
const sessionHours = o.directorSessionHours === undefined ? undefined : Number(o.directorSessionHours);
if (sessionHours !== undefined && !(Number.isFinite(sessionHours) && sessionHours > 0 && sessionHours <= 24 * 366)) {
  console.error(`mjhub: --director-session-hours must be a number of hours above 0 (e.g. 12), not "${o.directorSessionHours}"`);
  process.exit(1);
}
if (o.room) o.tournament ??= path.join(root, o.tableKind === 'standard' ? 'hub/config/tournament-room.json' : 'hub/config/tournament-siamese-room.json');

async function waitForFile(file: string, ms: number, child: ChildProcess): Promise<void> {
  const until = Date.now() + ms;
  while (!existsSync(file)) {
    if (child.exitCode !== null) throw new Error(`the simulator exited (code ${child.exitCode}) before opening its ports`);
    if (Date.now() > until) throw new Error(`the simulator did not write ${file} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function main(): Promise<void> {
  const tables = loadHubConfig(o.config);
  for (const { table } of tables) {
    if (o.settleMs !== undefined) {
      // every area, racks and tops included (their own windows would otherwise stay)
      const ms = Number(o.settleMs);
      table.timing.settleMs = ms;
      table.timing.settleByArea = { rack: ms, top: ms, wall: ms, floor: ms };
    }
    if (o.countCheckMs !== undefined) table.timing.countCheckMs = Number(o.countCheckMs);
  }
  let ports = o.reader ?? [];
  const sims: ChildProcess[] = [];
  if (ports.length === 0) {
    // one simulator process per table, each on its own pseudo-terminals (or TCP ports)
    for (const [i, { table }] of tables.entries()) {
      const dir = path.join(o.data, 'sim', table.id);
      rmSync(path.join(dir, 'ports.json'), { force: true });
      const script = table.variant === 'standard' ? 'hub/simulator/standard/main.ts' : 'hub/simulator/main.ts';
      const sim = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(root, script), '--demo', '--dir', dir, '--config', o.config, '--table', table.id,
          '--pace', o.simPace, '--seed', String(Number(o.simSeed) + 100 * i), '--transport', o.simTransport,
          '--tcp-base', String((table.variant === 'standard' ? 7800 : 7700) + 20 * i)],
        { stdio: ['ignore', 'inherit', 'inherit'], cwd: root },
      );
      sims.push(sim);
      await waitForFile(path.join(dir, 'ports.json'), 20_000, sim);
      const mine = (JSON.parse(readFileSync(path.join(dir, 'ports.json'), 'utf8')) as { port: string }[]).map((p) => p.port);
      ports = [...ports, ...mine];
      console.log(`simulator for table ${table.id}: ${mine.length} readers on ${o.simTransport === 'pty' ? 'pseudo-terminals' : 'TCP'} (${dir})`);
    }
  }
  const tournament = o.tournament ? loadTournamentConfig(o.tournament) : undefined;
  // the fixed bearer token for scripts: only when given (a login also hands out a bearer token)
  const directorToken = process.env.MJHUB_DIRECTOR_TOKEN ?? randomBytes(24).toString('hex');
  const secret = directorSecretFor({ env: process.env.MJHUB_DIRECTOR_SECRET, file: o.directorSecretFile, dataDir: o.data });
  const staticDir = path.join(root, 'display/dist');
  const hub = await startHub({
    tables,
    dataDir: o.data,
    ...(o.databaseUrl ? { databaseUrl: o.databaseUrl } : {}),
    ports,
    httpPort: Number(o.port),
    directorToken,
    directorSecret: secret.value,
    ...(sessionHours !== undefined ? { directorSessionTtlMs: Math.round(sessionHours * 3_600_000) } : {}),
    ...(tournament ? { tournament } : {}),
    ...(existsSync(staticDir) ? { staticDir } : {}),
  });
  console.log(`Mah Jongg table hub: ${hub.url}`);
  for (const id of hub.engines.keys()) console.log(`  table ${id}:    ${hub.url}/table/${id}`);
  console.log(`  director:    ${hub.url}/director  (the room; each table at /director/<table>)`);
  if (tournament) {
    const how = tournament.kind === 'siamese' ? 'Royale Siamese, 2-seat score cards (003 rule 17 points, lesser total pays the difference)' : '4-player tables, seed 000 score cards';
    console.log(`  tournament:  "${tournament.name}": ${how}; ${tournament.tables.length} tables, ${tournament.rounds} rounds of 4 games`);
    console.log(`               ${hub.url}/api/tournament  (the director starts the round clock from the room: ${hub.url}/director)`);
  }
  // the generated secret is shown at every start (it is kept in the data folder); a given one never
  if (secret.source === 'data') console.log(`  director secret (log in with it; ${secret.from}): ${secret.value}`);
  else console.log(`  director secret: ${secret.from}`);
  secret.value = ''; // kept only as an scrypt hash inside the hub from now on
  const stop = async () => {
    for (const sim of sims) sim.kill('SIGTERM');
    await hub.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  for (const sim of sims) sim.on('exit', (code) => console.log(`simulator exited (code ${code})`));
}

main().catch((e: unknown) => {
  console.error(`mjhub: ${(e as Error).message}`);
  process.exit(1);
});
