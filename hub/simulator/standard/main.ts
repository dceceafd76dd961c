/**
 * `npm run simulate:standard` (node --import tsx hub/simulator/standard/main.ts): plays standard
 * 4-player games (NMJL play, 000's tournament rules) with four seeded bots and speaks the reader
 * protocol on one pseudo-terminal (socat) or TCP port per configured reader. It takes every option
 * of `npm run simulate` (../main.ts: seed, pace, games, demo, transport, tcp-base, dir, linger, record,
 * config, table, no-wait-for-hub, noise), with these defaults and its own injections:
 *
 *   --demo             play forever; games 2-6 inject each violation in turn (run.ts)
 *   --inject KIND      joker | ahead | into-rack | late-call | count (game.ts)
 *   --inject-at N      the Nth pick after the deal for ahead, into-rack, late-call (default 3)
 *   --blind-chance P   chance (0-1) a bot passes blind on the first left / last right (default 0; demo 0.3)
 *   --config FILE      table config (default hub/config/tables/standard-demo.json)
 *   --table ID         which table (default: the first standard table)
 */
import { InvalidArgumentError } from 'commander';
import { commonRunOptions, runSimulatorProcess, simulatorCommand } from '../run.js';
import { STANDARD_INJECTIONS, type StandardInjection } from './game.js';
import { StandardSimulator } from './run.js';

const program = simulatorCommand({
  name: 'simulate:standard',
  description: 'Plays standard 4-player Mah Jongg games with four bots and speaks the RFID reader protocol',
  config: 'hub/config/tables/standard-demo.json',
})
  .option('--inject <kind>', STANDARD_INJECTIONS.join(' | '), (v: string) => {
    if (!(STANDARD_INJECTIONS as readonly string[]).includes(v)) throw new InvalidArgumentError(`--inject must be one of ${STANDARD_INJECTIONS.join(', ')}, not "${v}"`);
    return v;
  })
  .option('--blind-chance <p>', 'chance (0-1) that a bot passes blind on the first left and the last right (default 0; --demo 0.3)', (v: string) => {
    const n = Number(v);
    if (!(v.trim() !== '' && n >= 0 && n <= 1)) throw new InvalidArgumentError(`--blind-chance must be a number from 0 to 1, not "${v}"`);
    return n;
  });

runSimulatorProcess('simulate:standard', () => {
  program.parse();
  const o = program.opts<{ inject?: StandardInjection; blindChance?: number }>();
  const common = commonRunOptions(program, 'standard', (t) =>
    t.variant !== 'standard' || t.players.length !== 4 || t.racksPerPlayer !== 1 ? 'this simulator plays the standard game only (4 players, 1 rack each)' : null,
  );
  return new StandardSimulator({ ...common, ...(o.inject ? { inject: o.inject } : {}), ...(o.blindChance !== undefined ? { blindChance: o.blindChance } : {}) });
});
