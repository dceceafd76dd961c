/**
 * `npm run simulate` (tsx hub/simulator/main.ts): plays Royale Siamese games with two seeded bots
 * and speaks the reader protocol on one pseudo-terminal (socat) or TCP port per configured reader.
 * The options every simulator takes (shared with standard/main.ts, run.ts `simulatorCommand`):
 *
 *   --seed N           seed of game 1 (game i uses N + i - 1; default 1)
 *   --pace MS          ms between physical steps (default 600; half of it while a tile is in a hand)
 *   --games N          games to play, then exit (default 1)
 *   --demo             play forever, with a violation now and then (see run.ts: game 2 wrong wall,
 *                      game 3 wrong count, then every 3rd game alternately)
 *   --inject-at N      at the Nth pick after the deal (default 3; 5 in demo mode)
 *   --transport T      pty (default; falls back to tcp without socat) | tcp
 *   --tcp-base PORT    first TCP port: reader i listens on PORT + i (default 0: each reader on a
 *                      free port the OS picks; DIR/ports.json names them)
 *   --dir DIR          pseudo-terminal links and ports.json (default data/sim)
 *   --linger MS        keep the readers up this long after the last game (default 2000)
 *   --record FILE      JSON array of the game records, rewritten after each game
 *   --config FILE      table config (default hub/config/tables/siamese-demo.json)
 *   --table ID         which table of the config (default: the first Siamese table)
 *   --no-wait-for-hub  deal at once instead of waiting for every reader's first `CMD snap`
 *   --deal-on-signal   each game's walls, once built and stood 1 s, also wait for the file
 *                      DIR/deal (run.ts `signalDeal`: a test writes it once the hub shows the walls
 *                      built); the file is taken away as the deal starts
 *   --hold-at-flag     the table stops once the violation made on purpose is complete (after the
 *                      flagged player's discard) and waits, readers up, until the process is stopped
 *   --noise LEVEL      none (default) | realistic | x5 | xN: reader noise (noise.ts), readers then
 *                      also send a snapshot every 2 s
 *   --noise-<kind> R   one kind's rate, e.g. --noise-missed 0.05 --noise-reboot 0 (kinds: missed,
 *                      repeat, crossRead, flicker, corrupt, truncate, reboot, unplug, jitterMs, ble)
 *   --noise-seed N     seed of the noise (default: the game seed)
 *   --state FILE       keep the state file here (state.ts): game, step, what each reader holds,
 *                      rewritten after every step (atomically, mode 0600)
 *   --resume-log FILE  where the hub's log leaves the table (mjhub start writes it): with --state,
 *                      resume the saved game where it was when the two agree, else say why in
 *                      one line and deal a new game numbered after the log's last one
 * The Siamese table's own:
 *   --inject KIND      count | wall: a violation on purpose in every game (003 rules 18C / 20)
 *   --wall-game        the bots never declare Mah Jongg (a wall game: 003 rules 14, 17F)
 * Prints one line per game, e.g. `game 1: seed 7: Ann Mah Jongg on sample-standard:20 (…)`.
 */
import { InvalidArgumentError } from 'commander';
import { commonRunOptions, runSimulatorProcess, simulatorCommand, Simulator } from './run.js';

const program = simulatorCommand({
  name: 'simulate',
  description: 'Plays Royale Siamese games with two bots and speaks the RFID reader protocol',
  config: 'hub/config/tables/siamese-demo.json',
})
  .option('--inject <kind>', 'count | wall', (v: string) => {
    if (v !== 'count' && v !== 'wall') throw new InvalidArgumentError(`--inject must be "count" or "wall", not "${v}"`);
    return v;
  })
  .option('--wall-game', 'the bots never declare Mah Jongg: every game is a wall game', false);

runSimulatorProcess('simulate', () => {
  program.parse();
  const o = program.opts<{ inject?: 'count' | 'wall'; wallGame: boolean }>();
  const common = commonRunOptions(program, 'siamese', (t) =>
    t.variant !== 'siamese' || t.players.length !== 2 || t.racksPerPlayer !== 2 ? 'the simulator plays Royale Siamese only (2 players, 2 racks each)' : null,
  );
  return new Simulator({ ...common, wallGame: o.wallGame, ...(o.inject ? { inject: o.inject } : {}) });
});
