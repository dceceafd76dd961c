/**
 * The director's table page in Chromium (the real hub server, hub/api/server.ts) for a 4-player
 * game (000) that was in play when the hub restarted: the standard engine restarted on the same
 * log with reader lines (hub/table/test-bench.ts `SimBench`, hub/table/standard/scripted.test-helpers.ts),
 * Bea having picked and discarded a 7B while the hub was down. The page lists the floor as
 * differing and offers the three choices; "Void" ends game 1 at 0 for every player. Skipped without Chromium.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadHubConfig } from '../../hub/config/load.js';
import type { EventStore } from '../../hub/store/types.js';
import type { ReaderHealth } from '../../hub/table/machine.js';
import { TableEngine } from '../../hub/table/engine.js';
import { EAST, ScriptedGame, SOUTH } from '../../hub/table/standard/scripted.test-helpers.js';
import { SimBench } from '../../hub/table/test-bench.js';
import { simulatedTileSet } from '../../hub/tilesets/simulated.js';
import { CHROMIUM, benchHubPerSuite, directorPage } from './chromium.js';

const SECRET = 'four winds blow';
const [{ table, cards }] = loadHubConfig(resolve('hub/config/tables/standard-demo.json')) as [ReturnType<typeof loadHubConfig>[0]];
const make = (store: EventStore, readers: ReaderHealth, now: () => number) => new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now });

describe.skipIf(!existsSync(CHROMIUM))("a 4-player game the readers no longer show as the log had it, on the director's page (Chromium)", () => {
  let again: SimBench<TableEngine>;
  let discarded = '';
  const hub = benchHubPerSuite(SECRET, () => {
    // the deal, the first Charleston and Ann's 1B; the hub stops; Bea picks a 7B and discards it; the hub starts again
    const g = new ScriptedGame(
      table,
      ['1B 2B 3B 4B 5B 6B 7B 8B 9B 2C 3C 4C 5C 6C', 'N E W 1B 1B F 1C 1C 1C 1D 1D 1D 9C', '2D 3D 4D 5D 6D 7D 8D 9D 2D 3D 4D 5D 6D', 'RD RD RD GD GD GD WD WD WD S S S 7C'],
      ['2B 3B 4B', 'N E W', '2D 3D 4D', 'RD RD RD'],
    );
    g.discard(EAST, '1B');
    const upTo = g.steps.length;
    g.pick(SOUTH, '7B').discard(SOUTH, '7B');
    const b = new SimBench(table, make);
    b.build(g);
    for (const s of g.steps.slice(0, upTo)) b.step(s);
    b.advance(3000);
    b.store.flush();
    again = b.restarted(make);
    for (const s of g.steps.slice(upTo)) again.unheard(s);
    discarded = g.steps.at(-1)!.moves[0]!.tile;
    for (const r of table.readers) again.hello(r.id);
    again.advance(1000);
    return { tables: [again.engine], store: again.store, close: () => (again.engine.close(), again.store.close()) };
  });

  it('lists the floor (1 tile in the log, 2 read) and the three choices; "Void" ends game 1 at 0, 0, 0, 0', async () => {
    const { ctx, page } = await directorPage(hub.browser, hub.url, '/director/t1', SECRET);
    try {
      const panel = '[data-testid="restart-decision"]';
      await page.waitForSelector(panel, { timeout: 20_000 });
      const diffs = await page.$$eval(`${panel} .differences li`, (els) => els.map((e) => (e.textContent ?? '').trim()));
      expect(diffs).toEqual([`FL-1/floor: 1 tile in the log, 2 read (e.g. ${discarded} was not there)`]);
      expect(await page.$$eval(`${panel} button`, (els) => els.map((e) => (e.textContent ?? '').trim()))).toEqual([
        'Score as it stood',
        'Replay (counts for nothing)',
        'Void (0 for every player)',
      ]);
      await page.screenshot({ path: resolve('test-results/director-restart-decision-standard.png') });
      await page.click(`${panel} button[data-choice="void"]`);
      await page.waitForSelector(panel, { state: 'detached', timeout: 10_000 });
      expect(
        again.store
          .events('t1')
          .filter((e) => e.type === 'restart-ruling')
          .map((e) => e.data),
      ).toEqual([{ gameNo: 1, choice: 'void', by: 'director' }]);
      const v = again.engine.publicView();
      // void: 0 for every player (000 "X"), the game counts as played
      expect([v.gameNo, v.phase, v.score?.points]).toEqual([1, 'ended', [0, 0, 0, 0]]);
    } finally {
      await ctx.close();
    }
  }, 90_000);
});
