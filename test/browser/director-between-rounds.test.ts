/**
 * The director's room in Chromium (the real hub server, hub/api/server.ts, with a tournament on two
 * tables the test moves by hand): the game table 1 has under way at time up stays in round 1 (it
 * scores 0, 000); the game it begins after round 1's time is up is listed under
 * "Games begun between rounds" with when it began; "Assign to round 2" puts it on round 2's card as
 * the table's game 1 once the next round is on, and the line then says so. Skipped without Chromium.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHubServer, type HubServer } from '../../hub/api/server.js';
import { openSqliteStore } from '../../hub/store/sqlite.js';
import { CONFIG, FakeStandardTable, G1, G2, G3, G4, MIN, T0, endSiamese, playSiamese, siameseTable } from '../../hub/tournament/fixtures.test-helpers.js';
import { TournamentService } from '../../hub/tournament/service.js';
import { buildDisplay, removeDisplay } from '../support/display-build.js';

const SECRET = 'four winds blow';
const CHROMIUM = '/usr/bin/chromium';
const launchArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

describe.skipIf(!existsSync(CHROMIUM))("games begun between rounds in the director's room (Chromium)", () => {
  let dist = '';
  let hub: HubServer;
  let svc: TournamentService;
  let url = '';
  let browser: Browser;
  const clock = { now: T0 };
  const t1 = siameseTable();
  const t2 = new FakeStandardTable(() => svc);

  beforeAll(async () => {
    dist = await buildDisplay();
    svc = new TournamentService({ config: CONFIG, store: openSqliteStore(':memory:'), now: () => clock.now, tickMs: 0 });
    hub = await createHubServer({ tables: svc.wrap([t1, t2]), directorToken: 'unused-script-token', directorSecret: SECRET, tournament: svc, staticDir: dist });
    url = await hub.listen(0);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: launchArgs });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await hub?.close();
    svc?.close();
    removeDisplay(dist);
  });

  it("lists the game with when it began, and Assign puts it on round 2's card", async () => {
    // round 1: table 2 plays its 4 games, table 1 finishes none (its game 1 is under way at time up:
    // it belongs to round 1 and scores 0); the time runs out
    svc.clock('start');
    for (const [n, g, p] of [
      [1, G1, [25, -10, 0, 0]],
      [2, G2, [0, 0, 60, 0]],
      [3, G3, [10, 10, 10, 0]],
      [4, G4, [-20, 0, 0, 35]],
    ] as const)
      t2.end(n, g, [...p]);
    clock.now = T0 + 50 * MIN + 1_000;
    svc.tick();
    endSiamese(t1, 1, [80, 0]);
    // table 1 begins its game 2 after the time is up and finishes it: East 50, West 0
    clock.now = T0 + 52 * MIN;
    playSiamese(t1, 2);
    clock.now = T0 + 58 * MIN;
    endSiamese(t1, 2, [50, 0]);

    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    try {
      await page.goto(`${url}/director`);
      await page.fill('#director-secret', SECRET);
      await page.click('button[type="submit"]');
      const line = '[data-testid="between-t1-2"]';
      await page.waitForSelector(line, { timeout: 20_000 });
      const began = new Date(T0 + 52 * MIN);
      const hhmm = `${String(began.getHours()).padStart(2, '0')}:${String(began.getMinutes()).padStart(2, '0')}`;
      expect(((await page.textContent(`${line} .what`)) ?? '').trim()).toBe(`Game 2 at t1, begun between rounds at ${hhmm} (after round 1's time): ended, East 50 · South 0 · West 0 · North 0`);
      expect(svc.cardOf(1, 1).games.map((g) => g?.by ?? null)).toEqual(['clock', 'clock', 'clock', 'clock']);

      svc.nextRound();
      await page.click(`${line} button.assign`);
      await page.waitForFunction((sel) => document.querySelector(sel)?.textContent?.includes('assigned to round 2'), `${line} .what`, { timeout: 10_000 });
      expect(((await page.textContent(`${line} .what`)) ?? '').trim()).toBe(
        `Game 2 at t1, begun between rounds at ${hhmm} (after round 1's time): assigned to round 2 by director, East 50 · South 0 · West 0 · North 0`,
      );
      expect(await page.$(`${line} button`)).toBeNull();
      // round 2 table 1 seats p8 East, p1 South, p6 West, p3 North: East's 50 is game 1
      expect(svc.cardOf(1, 2).games.map((g) => (g ? g.points : null))).toEqual([[50, 0, 0, 0], null, null, null]);
      await page.screenshot({ path: resolve('test-results/director-between-rounds.png') });
    } finally {
      await ctx.close();
    }
  }, 90_000);
});
