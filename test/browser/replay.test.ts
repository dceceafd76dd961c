/**
 * The replay page in Chromium (the real hub server, hub/api/server.ts, over a Royale Siamese engine
 * fed with seed 6's reader lines on a virtual clock, hub/table/test-bench.ts, played whole): the
 * director's table page links "Game 1 replay" to `/replay/t1/1`; the page steps through the game
 * record line by line with First / Back / Forward / Last and the slider, and draws at each step the
 * racks, the floor and the walls as the record has them, with the tile faces every other page
 * draws (traditional by default, `?faces=`, the faces button). Skipped without Chromium.
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
  const racks = await page.$$eval('section[data-testid^="player-"]', (ps) =>
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
      // line 2, the deal's first pick (003 rule 5): Ann's rack 1 holds 1, wall 1 38 − 1 = 37
      expect(await shownCounts(page)).toEqual({
        where: `step 1 of ${lines}`,
        racks: [
          ['1', '0'],
          ['0', '0'],
        ],
        floor: 'Floor (0)',
        walls: ['Wall 1: 37', 'Wall 2: 38', 'Wall 3: 38', 'Wall 4: 38'],
      });
      expect(await page.isDisabled('[data-testid="replay-back"]')).toBe(true);
      await page.click('[data-testid="replay-forward"]');
      // line 3: a 2nd tile from wall 1 into Ann's rack 1: 2, and 38 − 2 = 36
      expect(await shownCounts(page)).toEqual({
        where: `step 2 of ${lines}`,
        racks: [
          ['2', '0'],
          ['0', '0'],
        ],
        floor: 'Floor (0)',
        walls: ['Wall 1: 36', 'Wall 2: 38', 'Wall 3: 38', 'Wall 4: 38'],
      });
      // line 57 (step 56): the deal done, 27 each and East the 28th (Ann 15 + 13, Bea 15 + 12; wall 1 empty, wall 2 38 − 17 = 21),
      // then Ann discards 7C: Ann 14 + 13 = 27, the floor 1; 27 + 27 + 1 + 21 + 38 + 38 = 152
      await page.locator('[data-testid="replay-slider"]').fill('56');
      expect(await shownCounts(page)).toEqual({
        where: `step 56 of ${lines}`,
        racks: [
          ['14', '13'],
          ['15', '12'],
        ],
        floor: 'Floor (1)',
        walls: ['Wall 1: 0', 'Wall 2: 21', 'Wall 3: 38', 'Wall 4: 38'],
      });
      expect(await text(page, '[data-testid="replay-text"]')).toMatch(/ line 57: Ann discards 7C$/);
      // line 62 (step 61): Ann picks from wall 4 while wall 2 is in use: the 003 rule 20 flag at this step
      await page.locator('[data-testid="replay-slider"]').fill('61');
      expect(await shownCounts(page)).toEqual({
        where: `step 61 of ${lines}`,
        racks: [
          ['14', '14'],
          ['14', '13'],
        ],
        floor: 'Floor (2)',
        walls: ['Wall 1: 0', 'Wall 2: 20', 'Wall 3: 38', 'Wall 4: 37'],
      });
      expect(await text(page, '[data-testid="replay-flags"]')).toContain('Ann picked and racked a tile from wall 4; the current wall is 2: one hand dead (003 rule 20)');
      await page.click('[data-testid="replay-back"]');
      expect(await page.$('[data-testid="replay-flags"]')).toBeNull();
      // the last line: Bea's 2nd Mah Jongg; 003 rule 17: Ann 30, Bea 30 + 30 × 2 = 90
      await page.click('[data-testid="replay-last"]');
      expect(await text(page, '[data-testid="replay-where"]')).toBe(`step ${lines} of ${lines}`);
      expect(await text(page, '[data-testid="replay-text"]')).toMatch(/Bea declares Mah Jongg on rack 2$/);
      expect((await text(page, '[data-testid="replay-score"]')).replace(/\s+/g, ' ')).toBe('Score: Ann 30 · Bea 90');
      expect(await page.isDisabled('[data-testid="replay-forward"]')).toBe(true);
      await page.click('[data-testid="replay-first"]');
      expect(await text(page, '[data-testid="replay-where"]')).toBe(`step 1 of ${lines}`);
      await page.screenshot({ path: resolve('test-results/replay.png'), fullPage: true });
    } finally {
      await ctx.close();
    }
    // a page opened, two waits of up to 20 s each and a dozen steps: more than the 10 s default
  }, 90_000);

  it('draws the faces every other page draws: traditional by default, ?faces=plain, the faces button', async () => {
    const { ctx, page } = await directorPage(hub.browser, hub.url, '/director/t1', SECRET);
    try {
      await page.waitForSelector('[data-testid="game-replay-1"]', { timeout: 20_000 });
      await page.goto(`${hub.url}/replay/t1/1`);
      /** the floor's tiles at step 56 (line 57: Ann discards 7C, the first discard): kind, faces, and the crak's drawn parts */
      const floor = async () => {
        await page.locator('[data-testid="replay-slider"]').fill('56');
        return page.$$eval('[data-testid="replay-floor"] [data-kind]', (ts) =>
          ts.map((t) => `${t.getAttribute('data-kind')} ${t.getAttribute('data-faces')} ${Array.from(t.querySelectorAll('[data-part]'), (p) => p.getAttribute('data-part')).join('+')}`),
        );
      };
      await page.waitForSelector('[data-testid="replay-slider"]', { timeout: 20_000 });
      // the demo table's config names no faces: traditional, the 7 Crak drawn as its numeral over the character
      expect(await floor()).toEqual(['7C traditional numeral+crak-character']);
      // every tile of the page, the racks' too, drawn the same way: 14 + 13 + 15 + 12 = 54 in the racks, 1 on the floor
      expect(await page.$$eval('[data-testid="replay"] [data-faces]', (ts) => ts.map((t) => t.getAttribute('data-faces')))).toEqual(Array(55).fill('traditional'));
      expect(await text(page, '[data-testid="faces-toggle"]')).toBe('plain faces');

      await page.goto(`${hub.url}/replay/t1/1?faces=plain`);
      await page.waitForSelector('[data-testid="replay-slider"]', { timeout: 20_000 });
      expect(await floor()).toEqual(['7C plain ']);
      // the button, as on the table display: back to traditional, remembered in this browser
      await page.click('[data-testid="faces-toggle"]');
      expect(await floor()).toEqual(['7C traditional numeral+crak-character']);
      expect(await page.evaluate(() => localStorage.getItem('mjhub.tileFaces'))).toBe('traditional');
    } finally {
      await ctx.close();
    }
  }, 90_000);
});
