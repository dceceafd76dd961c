/**
 * The set-up the tests of the director's game downloads share (game-record-route.test.ts,
 * game-capture-route.test.ts, the replay routes' tests): a Royale Siamese or a 4-player engine that
 * played a seeded game over reader lines, behind a hub server. Test support only (it registers
 * Vitest hooks).
 */
import { afterEach } from 'vitest';
import { loadHubConfig } from '../config/load.js';
import { playGame } from '../simulator/game.js';
import { playStandardGame } from '../simulator/standard/game.js';
import { TableEngine } from '../table/engine.js';
import { closedAfterEach, siameseDemo, SimBench } from '../table/test-bench.js';
import { simulatedTileSet } from '../tilesets/simulated.js';
import { createHubServer, type HubServer } from './server.js';

/** A played game behind a hub server: the bench (its engine, store and clock) and the server's app for `inject`. */
export interface ServedGame<E extends TableEngine = TableEngine> {
  b: SimBench<E>;
  app: HubServer['app'];
}

/** The 4-player demo table (hub/config/tables/standard-demo.json: t1, Ann, Bea, Cat, Dot) and its cards. */
export const standardDemo = loadHubConfig(new URL('../config/tables/standard-demo.json', import.meta.url).pathname)[0]!;

/**
 * Call at a test file's top level, as {@link servedGames}: the set-up plays the 4-player game of
 * `seed` (hub/simulator/standard/game.ts) at the demo table whole, runs the clock 3 s on, and serves
 * the table with the director's token `token`.
 */
export function servedStandardGame(token: string, seed: number): () => Promise<ServedGame<TableEngine>> {
  const { table, cards } = standardDemo;
  const keep = closedAfterEach<SimBench<TableEngine>>();
  const servers = serversClosedAfterEach();
  return async () => {
    const game = playStandardGame({ seed, cards, table });
    const b = keep(new SimBench(table, (store, readers, now) => new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now })));
    b.build(game);
    for (const s of game.steps) b.step(s);
    b.advance(3000);
    const hub = await createHubServer({ tables: [b.engine], directorToken: token });
    servers.push(hub);
    return { b, app: hub.app };
  };
}

/** The servers a test made, closed after each test (registers the `afterEach`). */
function serversClosedAfterEach(): HubServer[] {
  const servers: HubServer[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) await s.close();
  });
  return servers;
}

/**
 * Call at a test file's top level: registers the `afterEach` that closes what it made, and returns
 * the set-up, which plays Royale Siamese seed 6 of the demo table (siameseDemo) with a wrong-wall
 * pick at the 3rd pick (hub/table/engine-rulings.test.ts) whole, runs the clock 3 s on, and serves
 * the table with the director's token `token`. `opts.steps`: play only that many of the game's
 * steps (a game still in play); `opts.delayMs`: the event's delay (the broadcast's, docs/spectators.md),
 * counted on the bench's clock.
 */
export function servedGames(token: string, opts: { steps?: number; delayMs?: number } = {}): () => Promise<ServedGame> {
  const { table, cards } = siameseDemo;
  const keep = closedAfterEach<SimBench<TableEngine>>();
  const servers = serversClosedAfterEach();
  return async () => {
    const game = playGame({ seed: 6, cards, table, inject: 'wall', injectAt: 3 });
    const b = keep(new SimBench(table, (store, readers, now) => new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now })));
    b.build(game);
    for (const s of game.steps.slice(0, opts.steps)) b.step(s);
    b.advance(3000);
    const broadcast = opts.delayMs !== undefined ? { broadcast: { delayMs: opts.delayMs, now: () => b.clock, tickMs: 0 } } : {};
    const hub = await createHubServer({ tables: [b.engine], directorToken: token, ...broadcast });
    servers.push(hub);
    return { b, app: hub.app };
  };
}
