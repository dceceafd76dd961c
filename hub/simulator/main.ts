/**
 * `npm run simulate` (tsx hub/simulator/main.ts): plays Royale Siamese games with two seeded bots
 * and speaks the reader protocol on one pseudo-terminal (socat) or TCP port per configured reader.
 *
 *   --seed N           seed of game 1 (game i uses N + i - 1; default 1)
 *   --pace MS          ms between physical steps (default 600; half of it while a tile is in a hand)
 *   --games N          games to play, then exit (default 1)
 *   --demo             play forever, with a violation now and then (see run.ts: game 2 wrong wall,
 *                      game 3 wrong count, then every 3rd game alternately)
 *   --inject KIND      count | wall: a violation on purpose in every game (003 rules 18C / 20)
 *   --inject-at N      at the Nth pick after the deal (default 3; 5 in demo mode)
 *   --transport T      pty (default; falls back to tcp without socat) | tcp
 *   --tcp-base PORT    first TCP port (default 7700; reader i listens on PORT + i)
 *   --dir DIR          pseudo-terminal links and ports.json (default data/sim)
 *   --linger MS        keep the readers up this long after the last game (default 2000)
 *   --record FILE      JSON array of the game records, rewritten after each game
 *   --config FILE      table config (default hub/config/tables/siamese-demo.json)
 *   --table ID         which table of the config (default: the first Siamese table)
 *   --wall-game        the bots never declare Mah Jongg (a wall game: 003 rules 14, 17F)
 *   --no-wait-for-hub  deal at once instead of waiting for every reader's first `CMD snap`
 *   --noise LEVEL      none (default) | realistic | x5 | xN: reader noise (noise.ts), readers then
 *                      also send a snapshot every 2 s
 *   --noise-<kind> R   one kind's rate, e.g. --noise-missed 0.05 --noise-reboot 0 (kinds: missed,
 *                      repeat, crossRead, flicker, corrupt, truncate, reboot, unplug, jitterMs, ble)
 *   --noise-seed N     seed of the noise (default: the game seed)
 * Prints one line per game, e.g. `game 1: seed 7: Ann Mah Jongg on sample-standard:20 (…)`.
 */
import { Command, InvalidArgumentError } from 'commander';
import { loadHubConfig } from '../config/load.js';
import { Simulator, type SimulatorOptions } from './run.js';
import { killSocatChildren } from './ports.js';
import { NOISE_KINDS, parseNoise } from './noise.js';

function int(name: string, min: number) {
  return (v: string): number => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`${name} must be an integer >= ${min}, not "${v}"`);
    return n;
  };
}

const program = new Command()
  .name('simulate')
  .description('Plays Royale Siamese games with two bots and speaks the RFID reader protocol')
  .option('--seed <n>', 'seed of game 1', int('--seed', 0), 1)
  .option('--pace <ms>', 'ms between physical steps', int('--pace', 0), 600)
  .option('--games <n>', 'games to play', int('--games', 1), 1)
  .option('--demo', 'play forever with a violation now and then', false)
  .option('--inject <kind>', 'count | wall', (v: string) => {
    if (v !== 'count' && v !== 'wall') throw new InvalidArgumentError(`--inject must be "count" or "wall", not "${v}"`);
    return v;
  })
  .option('--inject-at <n>', 'the Nth pick after the deal', int('--inject-at', 1))
  .option('--transport <t>', 'pty | tcp', (v: string) => {
    if (v !== 'pty' && v !== 'tcp') throw new InvalidArgumentError(`--transport must be "pty" or "tcp", not "${v}"`);
    return v;
  }, 'pty')
  .option('--tcp-base <port>', 'first TCP port', int('--tcp-base', 1), 7700)
  .option('--dir <dir>', 'links and ports.json', 'data/sim')
  .option('--linger <ms>', 'ms to keep the readers up after the last game', int('--linger', 0), 2000)
  .option('--record <file>', 'JSON file for the game records')
  .option('--config <file>', 'table config', 'hub/config/tables/siamese-demo.json')
  .option('--table <id>', 'table id in the config')
  .option('--wall-game', 'the bots never declare Mah Jongg: every game is a wall game', false)
  .option('--no-wait-for-hub', 'deal without waiting for the hub')
  .option('--noise <level>', 'none | realistic | x5 | xN', 'none')
  .option('--noise-seed <n>', 'seed of the noise (default: the game seed)', int('--noise-seed', 0));
for (const kind of NOISE_KINDS) {
  program.option(`--noise-${kind.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())} <rate>`, `rate of ${kind} noise`, (v: string) => {
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0) throw new InvalidArgumentError(`--noise-${kind} must be a number >= 0, not "${v}"`);
    return n;
  });
}

async function main(): Promise<void> {
  program.parse();
  const o = program.opts<{
    seed: number; pace: number; games: number; demo: boolean; inject?: 'count' | 'wall'; injectAt?: number;
    transport: 'pty' | 'tcp'; tcpBase: number; linger: number; dir: string; record?: string; config: string; table?: string; waitForHub: boolean; wallGame: boolean;
  }>();
  const raw = program.opts<Record<string, unknown>>();
  const noise = parseNoise(String(raw.noise ?? 'none'));
  for (const kind of NOISE_KINDS) {
    const key = 'noise' + kind[0]!.toUpperCase() + kind.slice(1);
    if (typeof raw[key] === 'number') noise[kind] = raw[key] as number;
  }
  const tables = loadHubConfig(o.config);
  const chosen = o.table ? tables.find((t) => t.table.id === o.table) : tables.find((t) => t.table.variant === 'siamese');
  if (!chosen) {
    throw new Error(o.table ? `${o.config}: no table "${o.table}" (tables: ${tables.map((t) => t.table.id).join(', ')})` : `${o.config}: no Siamese table`);
  }
  if (chosen.table.variant !== 'siamese' || chosen.table.players.length !== 2 || chosen.table.racksPerPlayer !== 2) {
    throw new Error(`${o.config}: table ${chosen.table.id}: the simulator plays Royale Siamese only (2 players, 2 racks each)`);
  }
  const opts: SimulatorOptions = {
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
    wallGame: o.wallGame,
    log: (line) => console.log(line),
    noise,
    ...(typeof raw.noiseSeed === 'number' ? { noiseSeed: raw.noiseSeed as number } : {}),
    ...(o.inject ? { inject: o.inject } : {}),
    ...(o.injectAt !== undefined ? { injectAt: o.injectAt } : {}),
    ...(o.record ? { record: o.record } : {}),
  };
  const sim = new Simulator(opts);
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
  const file = await sim.open();
  console.log(`readers listening: ${sim.links.map((l) => `${l.reader} ${l.port}`).join(', ')}`);
  console.log(`ports file: ${file}`);
  await sim.run();
  await stop(0);
}

main().catch((e: unknown) => {
  console.error(`simulate: ${e instanceof Error ? e.message : String(e)}`);
  killSocatChildren();
  process.exit(1);
});
