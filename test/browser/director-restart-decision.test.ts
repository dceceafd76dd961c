/**
 * The director's table page in Chromium (the real hub server, hub/api/server.ts) for a game that
 * was in play when the hub restarted and that the readers no longer show as the log had it: the
 * Siamese engine restarted on the same log (hub/table/test-bench.ts), the walls rebuilt while the
 * hub was down. The page says so, lists the zones that differ and offers Score as it stood /
 * Replay / Void; "Score as it stood" ends game 1, the panel goes, and the rebuilt walls begin game 2. Skipped without Chromium.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fullTileSet } from '../../rules/tiles.js';
import { HandBench } from '../../hub/table/test-bench.js';
import { CHROMIUM, benchHubPerSuite, directorPage } from './chromium.js';

const SECRET = 'four winds blow';

describe.skipIf(!existsSync(CHROMIUM))("a game the readers no longer show as the log had it, on the director's page (Chromium)", () => {
  let again: HandBench;
  const hub = benchHubPerSuite(SECRET, () => {
    // a game dealt and one turn played; the hub stops; the walls are rebuilt; the hub starts again
    const b = new HandBench({ announce: false, helloTakesSeq: false, settlePadMs: 100 });
    b.build();
    b.deal();
    b.turn('RK-E1/in');
    b.store.flush();
    b.engine.close();
    again = new HandBench({ store: b.store, announce: false, helloTakesSeq: false, settlePadMs: 100 });
    again.clock = b.clock + 5000;
    fullTileSet().forEach((tile, i) => again.at.set(tile, `WL-${Math.floor(i / 38) + 1}/wall`));
    again.reconnect();
    return { tables: [again.engine], store: again.store, close: () => (again.engine.close(), again.store.close()) };
  });

  it('shows the differences and the three choices; "Score as it stood" ends game 1, then game 2 begins', async () => {
    const { ctx, page } = await directorPage(hub.browser, hub.url, '/director/t1', SECRET);
    try {
      const panel = '[data-testid="restart-decision"]';
      await page.waitForSelector(panel, { timeout: 20_000 });
      const text = ((await page.textContent(`${panel} p`)) ?? '').replace(/\s+/g, ' ').trim();
      expect(text).toBe('Game 1 was in play when the hub restarted, and the readers do not show the tiles where the log has them. Nothing is recorded at this table until you choose.');
      const diffs = await page.$$eval(`${panel} .differences li`, (els) => els.map((e) => (e.textContent ?? '').trim()));
      expect(diffs).toEqual(again.engine.directorView().restart!.differences);
      expect(diffs.some((d) => /^RK-E1\/in: 14 tiles in the log, 0 read/.test(d))).toBe(true);
      expect(await page.$$eval(`${panel} button`, (els) => els.map((e) => (e.textContent ?? '').trim()))).toEqual([
        'Score as it stood',
        'Replay (counts for nothing)',
        'Void (0 for every player)',
      ]);
      await page.screenshot({ path: resolve('test-results/director-restart-decision.png') });
      await page.click(`${panel} button[data-choice="score"]`);
      await page.waitForSelector(panel, { state: 'detached', timeout: 10_000 });
      expect(
        again.store
          .events('t1')
          .filter((e) => e.type === 'restart-ruling')
          .map((e) => e.data),
      ).toEqual([{ gameNo: 1, choice: 'score', by: 'director' }]);
      // then the walls as they are now are logged: all 152 tiles in them, a new game begins
      await expect.poll(() => [again.engine.publicView().gameNo, again.engine.publicView().phase], { timeout: 10_000 }).toEqual([2, 'deal']);
    } finally {
      await ctx.close();
    }
  }, 90_000);
});
