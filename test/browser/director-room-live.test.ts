/**
 * The director's room live in Chromium (the real hub server, the display built, an 8-player
 * tournament on two tables with round 1 played, hub/tournament/fixtures.test-helpers.ts): the room
 * page opens exactly one socket.io connection for everything it follows (the tables' summaries, the
 * calls and announcement, the penalty log), and the penalty and conduct log is pushed: a penalty
 * director A gives, then cancels, shows in director B's open room without a reload. Skipped without Chromium.
 */
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock as timeOfDay } from '../../display/src/lib/format.js';
import { createHubServer, type HubServer } from '../../hub/api/server.js';
import { openSqliteStore } from '../../hub/store/sqlite.js';
import { CONFIG, FakeStandardTable, T0, playRoundOne, siameseTable } from '../../hub/tournament/fixtures.test-helpers.js';
import { TournamentService } from '../../hub/tournament/service.js';
import { CHROMIUM, chromiumPerSuite, directorPage, text } from './chromium.js';

const SECRET = 'four winds blow';

/** The penalty list's rows as the director reads them: the cells of each row joined by "|". */
const rows = (page: Page) =>
  page.$$eval('[data-testid="penalty-list"] tbody tr', (trs) =>
    trs.map((tr) =>
      Array.from(tr.children)
        .map((c) => (c.textContent ?? '').replace(/\s+/g, ' ').trim())
        .join('|'),
    ),
  );

describe.skipIf(!existsSync(CHROMIUM))("the director's room, live on one socket (Chromium)", () => {
  const suite = chromiumPerSuite();
  let hub: HubServer;
  let svc: TournamentService;
  let url = '';
  const clock = { now: T0 };

  beforeAll(async () => {
    const t1 = siameseTable();
    const t2 = new FakeStandardTable(() => svc);
    svc = new TournamentService({ config: CONFIG, store: openSqliteStore(':memory:'), now: () => clock.now, tickMs: 0 });
    hub = await createHubServer({ tables: svc.wrap([t1, t2]), directorToken: 'unused-script-token', directorSecret: SECRET, tournament: svc, staticDir: suite.dist });
    url = await hub.listen(0);
    // round 1 played; Ann's late −5 is penalty 1 (given by Dora)
    playRoundOne(svc, t1, t2, clock);
  }, 90_000);

  afterAll(async () => {
    await hub?.close();
    svc?.close();
  });

  it('the room page opens one socket.io connection, shared by the cards, the desk and the penalty list', async () => {
    const ctx = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await ctx.newPage();
      // every new socket.io connection starts with an engine.io handshake: a polling request without a session id
      const handshakes: string[] = [];
      page.on('request', (r) => {
        const u = new URL(r.url());
        if (u.pathname.startsWith('/socket.io/') && !u.searchParams.has('sid')) handshakes.push(r.url());
      });
      let websockets = 0;
      page.on('websocket', () => websockets++);
      await page.goto(`${url}/director`);
      await page.fill('#director-secret', SECRET);
      await page.click('button[type="submit"]');
      // everything the room follows is there: both cards (summaries), the calls (desk), the penalty list (its push)
      await page.waitForSelector('[data-testid="room-slot-t1"]', { timeout: 20_000 });
      await page.waitForSelector('[data-testid="room-slot-t2"]', { timeout: 20_000 });
      await expect.poll(() => rows(page), { timeout: 20_000 }).toEqual(['1|Ann Lee|late: late to the table, 6 minutes|-5|1|Cancel']);
      // the one connection upgrades to a websocket: one websocket in all
      await expect.poll(() => websockets, { timeout: 20_000 }).toBe(1);
      expect(handshakes).toHaveLength(1);
      // the hub's side: one engine.io client, one socket on /director, none on the other namespaces
      expect(hub.io.engine.clientsCount).toBe(1);
      expect(hub.io.of('/director').sockets.size).toBe(1);
      expect(hub.io.of('/').sockets.size).toBe(0);
    } finally {
      await ctx.close();
    }
  }, 90_000);

  it("director A gives a penalty, then cancels it: director B's open room shows both without a reload", async () => {
    const a = await directorPage(suite.browser, url, '/director', SECRET);
    const b = await directorPage(suite.browser, url, '/director', SECRET);
    try {
      await a.page.waitForSelector('[data-testid="tool-penalty"]', { timeout: 20_000 });
      await expect.poll(() => rows(b.page), { timeout: 20_000 }).toEqual(['1|Ann Lee|late: late to the table, 6 minutes|-5|1|Cancel']);
      // a mark on B's page that a reload would wipe
      await b.page.evaluate(() => {
        (window as unknown as { notReloaded?: boolean }).notReloaded = true;
      });

      // A: a conduct penalty of −10 for Gil Moss (p7) in round 1: penalty 2
      await a.page.selectOption('[data-testid="penalty-player"]', 'p7');
      await a.page.fill('[data-testid="penalty-round"]', '1');
      await a.page.selectOption('[data-testid="penalty-kind"]', 'conduct');
      await a.page.fill('[data-testid="penalty-points"]', '-10');
      await a.page.fill('[data-testid="penalty-reason"]', 'phone at the table');
      await a.page.click('[data-testid="tool-penalty"] button');
      await expect.poll(() => text(a.page, '[data-testid="tool-result"]')).toBe('Penalty 2 logged: Gil Moss, conduct, -10');
      // B sees it, with its Cancel button
      await expect.poll(() => rows(b.page), { timeout: 5_000 }).toEqual(['1|Ann Lee|late: late to the table, 6 minutes|-5|1|Cancel', '2|Gil Moss|conduct: phone at the table|-10|1|Cancel']);

      // A cancels it (the confirmation, with the reason)
      const cancelledAt = clock.now;
      await a.page.click('[data-testid="cancel-2"]');
      await a.page.fill('[data-testid="cancel-reason-2"]', 'given to the wrong player');
      await a.page.click('[data-testid="cancel-yes-2"]');
      await expect.poll(() => text(a.page, '[data-testid="tool-result"]')).toBe('Penalty 2 cancelled: Gil Moss, conduct, -10');
      // B sees it cancelled: marked, no Cancel button left
      await expect.poll(() => text(b.page, '[data-testid="penalty-2"] .mark'), { timeout: 5_000 }).toBe(`cancelled by director at ${timeOfDay(cancelledAt)}: given to the wrong player`);
      expect(await b.page.$('[data-testid="cancel-2"]')).toBeNull();
      expect(await b.page.$('[data-testid="cancel-1"]')).not.toBeNull();
      // all of it without a reload, and the list said live throughout
      expect(await b.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      expect(await b.page.$('[data-testid="penalty-list-stale"]')).toBeNull();
    } finally {
      await a.ctx.close();
      await b.ctx.close();
    }
  }, 90_000);
});
