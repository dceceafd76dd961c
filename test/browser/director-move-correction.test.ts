/**
 * The director's table page in Chromium (the real hub server, hub/api/server.ts, over a 4-player
 * engine fed with reader lines, hub/table/test-bench.ts): the game of
 * hub/table/engine-standard-corrections.test.ts, Bea's Mah Jongg in error on Cat's discard read
 * as N. The move list (and a flag's evidence) has "Correct" beside each move: a tile that is not a tile is refused
 * in the hub's words; the tag corrected to the flower it is (F#2 in a wall, swapped at
 * enrolment) takes the flag away, and the correction is listed. Skipped without Chromium.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadHubConfig } from '../../hub/config/load.js';
import { simulatedTileSet } from '../../hub/tilesets/simulated.js';
import type { TileId } from '../../rules/tiles.js';
import { SimBench } from '../../hub/table/test-bench.js';
import { TableEngine } from '../../hub/table/engine.js';
import { EAST, ScriptedGame, SOUTH, WEST } from '../../hub/table/standard/scripted.test-helpers.js';
import { CHROMIUM, benchHubPerSuite, directorPage } from './chromium.js';

const SECRET = 'the tag was a flower';
const [{ table: demo, cards }] = loadHubConfig(new URL('../../hub/config/tables/standard-demo.json', import.meta.url).pathname) as [ReturnType<typeof loadHubConfig>[0]];
const HANDS = ['1B 2B 3B 4B 5B 6B 7B 8B 9B 2C 3C 4C 5C 6C', 'N E W 1B 1B F 1C 1C 1C 1D 1D 1D 9C', '2D 3D 4D 5D 6D 7D 8D 9D 2D 3D 4D 5D 6D', 'RD RD RD GD GD GD WD WD WD S S S 7C'];
const PASSES = ['2B 3B 4B', 'N E W', '2D 3D 4D', 'RD RD RD'];

describe.skipIf(!existsSync(CHROMIUM))("a correction of what the readers saw, on the director's page (Chromium)", () => {
  let b: SimBench<TableEngine>;
  const hub = benchHubPerSuite(SECRET, () => {
    const g = new ScriptedGame(demo, HANDS, PASSES);
    g.discard(EAST, '1B').call(SOUTH, '1B 1B').discard(SOUTH, '9C');
    g.pick(WEST, 'N').discard(WEST, 'N').call(SOUTH, 'F 1C 1C 1C 1D 1D 1D RD RD RD');
    b = new SimBench(demo, (store, readers, now) => new TableEngine({ table: demo, cards, registry: simulatedTileSet(), store, readers, now }));
    b.build(g);
    for (const s of g.steps) b.step(s);
    b.advance(3000);
    return { tables: [b.engine], store: b.store, close: () => (b.engine.close(), b.store.close()) };
  });

  it('"Correct" on the called tile in the move list: a tile that is not one is refused in the hub\'s words; the flower takes the Mah Jongg in error away and the correction is listed', async () => {
    const dv = b.engine.directorView();
    const flag = dv.flags.find((f) => f.kind === 'mah-jongg-in-error')!;
    // the N Bea called (its move to her rack's top): in the move list
    const row = dv.moves!.filter((t) => t.tile.startsWith('N#')).at(-1)!;
    const flower = [...b.engine.loggedTable().tiles].find(([t, z]) => t.startsWith('F#') && z.startsWith('WL-'))![0] as TileId;
    const { ctx, page } = await directorPage(hub.browser, hub.url, '/director/t1', SECRET);
    try {
      const form = `[data-testid="move-list"] [data-testid="move-correction"][data-ref="${row.ref}"]`;
      await page.waitForSelector('[data-testid="move-list"] summary', { timeout: 20_000 });
      await page.click('[data-testid="move-list"] summary');
      await page.click(`${form} button`);
      await page.fill(`${form} input[name="tile"]`, 'Q');
      await page.click(`${form} button[type="submit"]`);
      await page.waitForSelector(`${form} .problem`, { timeout: 10_000 });
      expect(((await page.textContent(`${form} .problem`)) ?? '').trim()).toBe("Bad Request: tile: 'Q' is not a tile: a kind such as 7C or a copy such as 7C#3");

      await page.fill(`${form} input[name="tile"]`, flower);
      await page.click(`${form} button[type="submit"]`);
      const list = '[data-testid="corrections"] li';
      await page.waitForSelector(list, { timeout: 10_000 });
      const c = b.engine.directorView().corrections!;
      expect(((await page.textContent(list)) ?? '').replace(/\s+/g, ' ').trim()).toMatch(new RegExp(`^\\d\\d:\\d\\d:\\d\\d ${c[0]!.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
      expect(c[0]!.text).toContain(`is ${flower}, not ${row.tile} as enrolled`);
      // the flag is gone from the page; 000: Bea 30 + 20 jokerless = 50, Cat pays 10
      await page.waitForSelector(`[data-testid="flag-card-${flag.id}"]`, { state: 'detached', timeout: 10_000 });
      expect(b.engine.publicView().score?.points).toEqual([0, 50, -10, 0]);
      await page.screenshot({ path: resolve('test-results/director-move-correction.png'), fullPage: true });
    } finally {
      await ctx.close();
    }
  }, 90_000);
});
