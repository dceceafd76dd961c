/**
 * The spectators' broadcast pages in Chromium (the real hub server, hub/api/server.ts, over a
 * Royale Siamese engine fed with a seeded game's reader lines on a virtual clock,
 * hub/table/test-bench.ts), with a delay D = 2 s:
 * - `/broadcast/t1` shows the live table and "Hands shown as of hh:mm (2 s delay)" with each
 *   player's racks exactly as the table's log had them D ago: no tile placed in a rack later than
 *   that is on the page, while the live hands have moved on;
 * - after more play the page follows, still D behind;
 * - `/broadcast` shows the room: the table's game, each player's tile count, no tile;
 * - the director's room lists who viewed concealed tiles: the broadcast's watch of table t1.
 * Skipped without Chromium.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { playGame } from '../../hub/simulator/game.js';
import { TableEngine } from '../../hub/table/engine.js';
import { siameseDemo, SimBench } from '../../hub/table/test-bench.js';
import { simulatedTileSet } from '../../hub/tilesets/simulated.js';
import { createHubServer, type HubServer } from '../../hub/api/server.js';
import { buildDisplay, removeDisplay, CHROMIUM, directorPage, launchChromium, RESULTS, texts } from './chromium.js';

const D = 2000;
const { table, cards } = siameseDemo;

describe.skipIf(!existsSync(CHROMIUM))('the broadcast pages (Chromium, D = 2 s on a virtual clock)', () => {
  let b: SimBench<TableEngine>;
  let game: ReturnType<typeof playGame>;
  let hub: HubServer;
  let url = '';
  let dist = '';
  let browser: Browser;
  let step = 0;
  /** plays the next `n` steps of the game */
  const play = (n: number) => {
    for (const end = Math.min(step + n, game.steps.length); step < end; step++) b.step(game.steps[step]!);
  };

  beforeAll(async () => {
    dist = await buildDisplay();
    game = playGame({ seed: 6, cards, table });
    b = new SimBench(table, (store, readers, now) => new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now }));
    b.build(game);
    play(60); // the deal and a few turns
    hub = await createHubServer({ tables: [b.engine], directorToken: 'unused-token', store: b.store, staticDir: dist, broadcast: { delayMs: D, now: () => b.clock, tickMs: 50 } });
    url = await hub.listen(0);
    browser = await launchChromium();
    mkdirSync(RESULTS, { recursive: true });
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await hub?.close();
    b?.engine.close();
    b?.store.close();
    removeDisplay(dist);
  });

  /** The tiles inside each player's racks as the table's log had them at `asOf` ([player][rack], sorted). */
  function handsAsOf(asOf: number): string[][][] {
    const where = new Map<string, string>();
    for (const e of b.moves()) if ((e.data.logged ?? e.at) <= asOf) where.set(e.data.tile, e.data.to);
    const hands = table.players.map(() => Array.from({ length: table.racksPerPlayer }, (): string[] => []));
    for (const r of table.readers)
      for (const [z, role] of Object.entries(r.zones)) if (role.area === 'rack') for (const [tile, zone] of where) if (zone === `${r.id}/${z}`) hands[role.player]![role.rack]!.push(tile);
    return hands.map((p) => p.map((r) => r.sort()));
  }

  /** What the page shows inside each player's racks ([player][rack], sorted tile ids). */
  async function shown(page: Page): Promise<string[][][]> {
    return page.$$eval('[data-testid="delayed-hands"] .player', (players) =>
      players.map((p) =>
        Array.from(p.querySelectorAll('.rack')).map((r) =>
          Array.from(r.querySelectorAll('[data-kind]'))
            .map((t) => t.getAttribute('data-kind')!)
            .sort(),
        ),
      ),
    );
  }

  /** Waits until the page shows the hands of the hub's clock now less D, and checks them against the log. */
  async function checkHands(page: Page): Promise<void> {
    const asOf = b.clock - D;
    const expected = handsAsOf(asOf);
    await expect.poll(() => shown(page), { timeout: 20_000 }).toEqual(expected);
    // every tile on the page came to rest in its rack at least D before now
    const moves = b.moves();
    for (const tiles of expected.flat())
      for (const tile of tiles) {
        const last = moves.filter((e) => e.data.tile === tile && (e.data.logged ?? e.at) <= asOf).at(-1)!;
        expect(b.clock - (last.data.logged ?? last.at)).toBeGreaterThanOrEqual(D);
      }
  }

  it('/broadcast/t1 shows the live table and the hands as they were 2 s ago, never a tile placed since', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    try {
      const page = await ctx.newPage();
      await page.goto(`${url}/broadcast/t1`);
      await page.waitForSelector('[data-testid="hands-as-of"]', { timeout: 20_000 });
      await checkHands(page);
      // the live hands have moved on in the last 2 s (the game's picks and discards): the page is behind them
      const live = b.engine.directorView().concealed.map((p) => p.map((r) => [...r].sort()));
      expect(await shown(page)).not.toEqual(live);
      const asOf = new Date(b.clock - D);
      const hhmm = `${String(asOf.getHours()).padStart(2, '0')}:${String(asOf.getMinutes()).padStart(2, '0')}`;
      expect((await page.textContent('[data-testid="hands-as-of"]'))?.trim()).toBe(`Hands shown as of ${hhmm} (2 s delay)`);
      // the live part: both players' counts as the public view has them
      const v = b.engine.publicView();
      expect(v.players.map((p) => p.count ?? 0).reduce((a, c) => a + c)).toBeGreaterThanOrEqual(54); // 27 + 27 dealt (003 rule 5)
      await page.screenshot({ path: resolve(RESULTS, 'broadcast-table.png'), fullPage: true });

      // more play: the page follows, still 2 s behind
      play(40);
      await checkHands(page);
      b.advance(3000); // everything played is now due
      await checkHands(page);
      expect(await shown(page)).toEqual(b.engine.directorView().concealed.map((p) => p.map((r) => [...r].sort())));
    } finally {
      await ctx.close();
    }
  }, 120_000);

  it('/broadcast shows the room: the table, its game and each player tile count, no tile', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await ctx.newPage();
      await page.goto(`${url}/broadcast`);
      await page.waitForSelector('[data-testid="broadcast-room"] .card[data-table="t1"]', { timeout: 20_000 });
      const v = b.engine.publicView();
      const rows = await texts(page, '.card[data-table="t1"] tr');
      expect(rows).toEqual(v.players.map((p, i) => `${p.name}${p.count} tiles${v.score?.points[i] ?? 0}`));
      expect(await page.$$('[data-testid="broadcast-room"] [data-kind]')).toHaveLength(0);
      await page.screenshot({ path: resolve(RESULTS, 'broadcast-room.png') });
    } finally {
      await ctx.close();
    }
  }, 60_000);

  it("the director's room lists who viewed concealed tiles: the broadcast of table t1, from 127.0.0.1", async () => {
    const { ctx, page } = await directorPage(browser, url, '/director', 'unused-token');
    try {
      await page.waitForSelector('[data-testid="viewing-log"] summary', { timeout: 20_000 });
      await page.click('[data-testid="viewing-log"] summary');
      await page.waitForSelector('[data-testid="viewing-log"] tr[data-what="broadcast"]', { timeout: 20_000 });
      const rows = await texts(page, '[data-testid="viewing-log"] tr[data-what="broadcast"] td:not(:first-child)');
      // who, what, table, from: the broadcast page of the first test watched table t1
      expect(rows.slice(0, 4)).toEqual(['broadcast', 'the broadcast (hands a delay behind)', 't1', '127.0.0.1']);
    } finally {
      await ctx.close();
    }
  }, 60_000);
});
