/**
 * The director's table page in Chromium (the real hub server, hub/api/server.ts, over a Royale
 * Siamese engine fed with reader lines, hub/table/test-bench.ts): a tile of Ann's rack 1 vanished
 * from the rack's snapshot is listed under "Tiles not seen" with where and for how long, and "Close
 * notice" closes it; a pick made while wall 2's reader was unplugged is listed under "Not seen while
 * a reader was out" with its window. Skipped without Chromium.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TileId } from '../../rules/tiles.js';
import { HandBench } from '../../hub/table/test-bench.js';
import { CHROMIUM, benchHubPerSuite, directorPage } from './chromium.js';

const SECRET = 'a tile under the rack';

describe.skipIf(!existsSync(CHROMIUM))("tiles not seen and what changed while a reader was out, on the director's page (Chromium)", () => {
  let b: HandBench;
  let gone: TileId;
  let pick: TileId;
  const hub = benchHubPerSuite(SECRET, () => {
    b = new HandBench({ namedByClock: true, settlePadMs: 100 });
    b.build();
    b.deal();
    b.turn('RK-E1/in');
    // Bea picks from wall 2 while its reader is unplugged: the rack's read alone moves it
    b.unplug('WL-2');
    b.advance(200);
    pick = b.nextFrom(1);
    b.move(pick, 'RK-W1/in');
    b.advance(1000);
    // a tile of Ann's rack 1 stops answering: the rack's next snapshot does not hold it
    gone = [...b.at].find(([, z]) => z === 'RK-E1/in')![0];
    b.at.set(gone, 'nowhere');
    b.snap('RK-E1/in');
    b.advance(1000);
    return { tables: [b.engine], store: b.store, close: () => (b.engine.close(), b.store.close()) };
  });

  it('lists the tile not seen with where and since when, and the pick made while wall 2 was out with its window; "Close notice" closes the notice', async () => {
    const { ctx, page } = await directorPage(hub.browser, hub.url, '/director/t1', SECRET);
    try {
      const panel = '[data-testid="tiles-not-seen"]';
      await page.waitForSelector(panel, { timeout: 20_000 });
      const v = b.engine.directorView();
      const line = ((await page.textContent(`${panel} li[data-tile="${gone}"] .text`)) ?? '').trim();
      expect(line).toBe(v.tilesNotSeen![0]!.text);
      expect(line).toMatch(new RegExp(`^${gone} last seen in Ann's rack 1 \\(RK-E1/in\\), not seen for \\d+\\.\\d s$`));
      expect(((await page.textContent(`${panel} li .waits`)) ?? '').trim()).toBe("(Ann's count waits)");

      const changed = '[data-testid="not-seen"] li[data-kind="changed-offline"]';
      const text = ((await page.textContent(changed)) ?? '').replace(/\s+/g, ' ').trim();
      expect(text).toContain(`Bea (${pick}): ${pick} went from wall 2 to Bea's rack 1 while reader WL-2 could not be heard: seen only in the snapshot after, not when in the window`);
      expect(text).toContain('(changed while a reader was out)');
      await page.screenshot({ path: resolve('test-results/director-not-seen.png'), fullPage: true });

      await page.click(`${panel} li[data-tile="${gone}"] button`);
      await page.waitForSelector(panel, { state: 'detached', timeout: 10_000 });
      expect(
        b.store
          .events('t1')
          .filter((e) => e.type === 'not-seen-closed')
          .map((e) => (e.data as { tile: string }).tile),
      ).toEqual([gone]);
    } finally {
      await ctx.close();
    }
  }, 90_000);
});
