/**
 * `npm run simulate:standard` (node --import tsx hub/simulator/standard/main.ts): plays standard
 * 4-player games (NMJL play, seed 000 tournament rules) with four seeded bots and speaks the reader
 * protocol on one pseudo-terminal (socat) or TCP port per configured reader.
 *
 *   --seed N           seed of game 1 (game i uses N + i − 1; default 1)
 *   --pace MS          ms between physical steps (default 600)
 *   --games N          games to play, then exit (default 1)
 *   --demo             play forever; games 2-6 inject each violation in turn (run.ts)
 *   --inject KIND      joker | ahead | into-rack | late-call | count (game.ts)
 *   --inject-at N      the Nth pick after the deal for ahead, into-rack, late-call (default 3)
 *   --transport T      pty (default; tcp without socat) | tcp
 *   --tcp-base PORT    first TCP port (default 7800)
 *   --dir DIR          pseudo-terminal links and ports.json (default data/sim)
 *   --linger MS        keep the readers up after the last game (default 2000)
 *   --record FILE      JSON array of the game records, rewritten after each game
 *   --config FILE      table config (default hub/config/tables/standard-demo.json)
 *   --table ID         which table (default: the first standard table)
 *   --no-wait-for-hub  deal at once instead of waiting for every reader's first `CMD snap`
 */
import { Command, InvalidArgumentError } from 'commander';
import { loadHubConfig } from '../../config/load.js';
import { killSocatChildren } from '../ports.js';
import { STANDARD_INJECTIONS, type StandardInjection } from './game.js';
import { StandardSimulator } from './run.js';

function int(name: string, min: number) {
  return (v: string): number => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`${name} must be an integer >= ${min}, not "${v}"`);
    return n;
  };
}

const program = new Command()
  .name('simulate:standard')
  .description('Plays standard 4-player Mah Jongg games with four bots and speaks the RFID reader protocol')
  .option('--seed <n>', 'seed of game 1', int('--seed', 0), 1)
  .option('--pace <ms>', 'ms between physical steps', int('--pace', 0), 600)
  .option('--games <n>', 'games to play', int('--games', 1), 1)
  .option('--demo', 'play forever with a violation now and then', false)
  .option('--inject <kind>', STANDARD_INJECTIONS.join(' | '), (v: string) => {
    if (!(STANDARD_INJECTIONS as readonly string[]).includes(v)) throw new InvalidArgumentError(`--inject must be one of ${STANDARD_INJECTIONS.join(', ')}, not "${v}"`);
    return v;
  })
  .option('--inject-at <n>', 'the Nth pick after the deal', int('--inject-at', 1))
  .option('--transport <t>', 'pty | tcp', (v: string) => {
    if (v !== 'pty' && v !== 'tcp') throw new InvalidArgumentError(`--transport must be "pty" or "tcp", not "${v}"`);
    return v;
  }, 'pty')
  .option('--tcp-base <port>', 'first TCP port', int('--tcp-base', 1), 7800)
  .option('--dir <dir>', 'links and ports.json', 'data/sim')
  .option('--linger <ms>', 'ms to keep the readers up after the last game', int('--linger', 0), 2000)
  .option('--record <file>', 'JSON file for the game records')
  .option('--config <file>', 'table config', 'hub/config/tables/standard-demo.json')
  .option('--table <id>', 'table id in the config')
  .option('--no-wait-for-hub', 'deal without waiting for the hub');

async function main(): Promise<void> {
  program.parse();
  const o = program.opts<{
    seed: number; pace: number; games: number; demo: boolean; inject?: StandardInjection; injectAt?: number;
    transport: 'pty' | 'tcp'; tcpBase: number; linger: number; dir: string; record?: string; config: string; table?: string; waitForHub: boolean;
  }>();
  const tables = loadHubConfig(o.config);
  const chosen = o.table ? tables.find((t) => t.table.id === o.table) : tables.find((t) => t.table.variant === 'standard');
  if (!chosen) throw new Error(o.table ? `${o.config}: no table "${o.table}"` : `${o.config}: no standard table`);
  if (chosen.table.variant !== 'standard' || chosen.table.players.length !== 4 || chosen.table.racksPerPlayer !== 1) {
    throw new Error(`${o.config}: table ${chosen.table.id}: this simulator plays the standard game only (4 players, 1 rack each)`);
  }
  const sim = new StandardSimulator({
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
    ...(o.inject ? { inject: o.inject } : {}),
    ...(o.injectAt !== undefined ? { injectAt: o.injectAt } : {}),
    ...(o.record ? { record: o.record } : {}),
  });
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
  console.error(`simulate:standard: ${e instanceof Error ? e.message : String(e)}`);
  killSocatChildren();
  process.exit(1);
});
