/**
 * The set-up the tests of the director's game downloads share (game-record-route.test.ts,
 * game-capture-route.test.ts): a Royale Siamese engine that played a seeded game over reader lines,
 * behind a hub server. Test support only (it registers Vitest hooks).
 */
import { afterEach } from 'vitest';
import { playGame } from '../simulator/game.js';
import { TableEngine } from '../table/engine.js';
import { closedAfterEach, siameseDemo, SimBench } from '../table/test-bench.js';
import { simulatedTileSet } from '../tilesets/simulated.js';
import { createHubServer, type HubServer } from './server.js';

/** A played game behind a hub server: the bench (its engine, store and clock) and the server's app for `inject`. */
export interface ServedGame {
  b: SimBench<TableEngine>;
  app: HubServer['app'];
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
  const servers: HubServer[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) await s.close();
  });
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
