/**
 * The director's room in Chromium with the director's tools (the real hub server, the display
 * built, an 8-player tournament on two tables moved by hand): the standings line shows the total
 * with the game points and the penalties, the "Print:" links open the sheets with the director's
 * session, and a player's name opens their card. Skipped without Chromium.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHubServer, type HubServer } from '../../hub/api/server.js';
import { openSqliteStore } from '../../hub/store/sqlite.js';
import { CONFIG, FakeStandardTable, T0, playRoundOne, siameseTable } from '../../hub/tournament/fixtures.test-helpers.js';
import { TournamentService } from '../../hub/tournament/service.js';
import { CHROMIUM, RESULTS, buildDisplay, removeDisplay, launchChromium, text, texts } from './chromium.js';
import { clock as timeOfDay } from '../../display/src/lib/format.js';

const SECRET = 'four winds blow';

describe.skipIf(!existsSync(CHROMIUM))("the director's tools in the room (Chromium)", () => {
  let dist = '';
  let hub: HubServer;
  let svc: TournamentService;
  let url = '';
  let browser: Browser;
  const clock = { now: T0 };

  beforeAll(async () => {
    dist = await buildDisplay();
    const t1 = siameseTable();
    const t2 = new FakeStandardTable(() => svc);
    svc = new TournamentService({ config: CONFIG, store: openSqliteStore(':memory:'), now: () => clock.now, tickMs: 0 });
    hub = await createHubServer({ tables: svc.wrap([t1, t2]), directorToken: 'unused-script-token', directorSecret: SECRET, tournament: svc, staticDir: dist });
    url = await hub.listen(0);
    playRoundOne(svc, t1, t2, clock);
    browser = await launchChromium();
    mkdirSync(RESULTS, { recursive: true });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await hub?.close();
    svc?.close();
    removeDisplay(dist);
  });

  it("the tables come first: at 1920x1080 both tables' cards are on the first screen, above the tournament's panel", async () => {
    const ctx = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await ctx.newPage();
    try {
      await page.goto(`${url}/director`);
      await page.fill('#director-secret', SECRET);
      await page.click('button[type="submit"]');
      await page.waitForSelector('[data-testid="standings"] li', { timeout: 20_000 });
      await page.waitForSelector('[data-testid="room-table-t2"]', { timeout: 20_000 });
      const box = (sel: string) =>
        page.$eval(sel, (e) => {
          const r = e.getBoundingClientRect();
          return { top: Math.round(r.top), bottom: Math.round(r.bottom) };
        });
      const t1 = await box('[data-testid="room-table-t1"]');
      const t2 = await box('[data-testid="room-table-t2"]');
      const cards = await box('[data-testid="tournament-cards"]');
      // unscrolled: each card whole inside the 1080 px, and the tournament's score cards below both
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      for (const b of [t1, t2]) expect(b.top >= 0 && b.bottom <= 1080).toBe(true);
      expect(cards.top).toBeGreaterThanOrEqual(Math.max(t1.bottom, t2.bottom));
    } finally {
      await ctx.close();
    }
  });

  it('standings: Ann 70 (game 75, penalties −5), rank 2; the Print links; her name opens her card', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    try {
      await page.goto(`${url}/director`);
      await page.fill('#director-secret', SECRET);
      await page.click('button[type="submit"]');
      await page.waitForSelector('[data-testid="standings"] li', { timeout: 20_000 });
      expect((await texts(page, '[data-testid="standings"] li .standing')).slice(0, 3)).toEqual([
        '1. Cat Park 80 · prize 100',
        '2. Ann Lee 70 (game 75, penalties -5) · prize 60',
        '3. Gil Moss 50 · prize 40',
      ]);
      expect(await page.$$eval('[data-testid="tournament-print"] a', (as) => as.map((a) => `${a.textContent?.trim()} ${a.getAttribute('href')}`))).toEqual([
        'round 1 seating /api/director/tournament/print/seating/1',
        'table 1 card /api/director/tournament/print/card/1/1',
        'table 1 claim sheet /api/director/tournament/print/claim/1',
        'table 2 card /api/director/tournament/print/card/2/1',
        'table 2 claim sheet /api/director/tournament/print/claim/2',
        'standings /api/director/tournament/print/standings',
      ]);
      const [card] = await Promise.all([ctx.waitForEvent('page'), page.click('[data-testid="standings"] li:nth-child(2) a.who')]);
      await card.waitForSelector('[data-standing]');
      expect((await card.textContent('[data-standing]'))?.trim()).toBe('Game points 75 · penalties -5 · total 70 · rank 2');
      const penalties = await card.$$eval('table:nth-of-type(2) tr', (trs) =>
        trs.map((tr) =>
          Array.from(tr.children)
            .map((c) => (c.textContent ?? '').trim())
            .join('|'),
        ),
      );
      expect(penalties).toEqual(['Round|Kind|Points|Reason', '1|late|-5|late to the table, 6 minutes']);
    } finally {
      await ctx.close();
    }
  }, 90_000);

  it("the standings link each player's games to their replays; a link opens the replay page of that hub table game", async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    // each link's own words (what a screen reader reads out: the accessible name is the text) and where it goes
    const links = (player: string) => page.$$eval(`[data-testid^="standing-replay-${player}-"]`, (as) => as.map((a) => `${a.textContent?.trim()} → ${a.getAttribute('href')}`));
    try {
      await page.goto(`${url}/director`);
      await page.fill('#director-secret', SECRET);
      await page.click('button[type="submit"]');
      await page.waitForSelector('[data-testid="standings"] li', { timeout: 20_000 });
      // round 1: table 1 (t1) played its game 1 (Ann, Bea, Cat, Dot); table 2 (t2) its games 1 and 2 (Eve, Fay, Gil, Hal)
      await expect.poll(() => links('p7')).toEqual(['replay game 1, table 2 (round 1) → /replay/t2/1', 'replay game 2, table 2 (round 1) → /replay/t2/2']);
      expect(await links('p1')).toEqual(['replay game 1, table 1 (round 1) → /replay/t1/1']);
      // real link text, no label over it and nothing drawn by CSS: the name is the words shown
      expect(await page.$eval('[data-testid="standing-replay-p7-1-2"]', (a) => [a.getAttribute('aria-label'), getComputedStyle(a, '::after').content])).toEqual([null, 'none']);
      // Chromium's accessibility tree names each link by its text: table 2's game 2 is linked from its 4 players' rows
      expect(await page.getByRole('link', { name: 'replay game 2, table 2 (round 1)', exact: true }).count()).toBe(4);
      // the standing keeps its own words beside the links
      expect((await texts(page, '[data-testid="standings"] li .standing')).find((t) => t.includes('Gil Moss'))).toBe('3. Gil Moss 50 · prize 40');
      await page.click('[data-testid="standing-replay-p7-1-2"]');
      await page.waitForURL(`${url}/replay/t2/2`);
      // the route answers the director at once; these test tables keep no records, and the page says so word for word
      await expect.poll(() => page.textContent('[data-testid="replay-error"]').then((t) => t?.trim()), { timeout: 20_000 }).toBe("Not Implemented: table 't2' keeps no game records");
    } finally {
      await ctx.close();
    }
  }, 90_000);

  it("the room's forms: a penalty (a late 0 refused), a withdrawal with a late arrival, a substitute, extra time twice; the standings and the room show each", async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    const li = async (name: string) => (await texts(page, '[data-testid="standings"] li .standing')).find((t) => t.includes(name)) ?? '';
    const result = () => page.textContent('[data-testid="tool-result"]').then((t) => t?.trim());
    try {
      await page.goto(`${url}/director`);
      await page.fill('#director-secret', SECRET);
      await page.click('button[type="submit"]');
      await page.waitForSelector('[data-testid="tool-penalty"]', { timeout: 20_000 });

      // a late penalty of 0 takes nothing away: refused, the hub's words shown
      await page.selectOption('[data-testid="penalty-player"]', 'p7');
      await page.fill('[data-testid="penalty-round"]', '1');
      await page.selectOption('[data-testid="penalty-kind"]', 'late');
      await page.fill('[data-testid="penalty-points"]', '0');
      await page.fill('[data-testid="penalty-reason"]', 'phone at the table');
      await page.click('[data-testid="tool-penalty"] button');
      await expect.poll(result).toBe('Bad Request: penalty: points 0 take nothing away: a late penalty must be below 0 (only a warning may be 0)');
      // a conduct penalty of −10: Gil 50 game points − 10 = 40, still 3rd (Eve has 25)
      await page.selectOption('[data-testid="penalty-kind"]', 'conduct');
      await page.fill('[data-testid="penalty-points"]', '-10');
      await page.click('[data-testid="tool-penalty"] button');
      await expect.poll(result).toBe('Penalty 2 logged: Gil Moss, conduct, -10');
      await expect.poll(() => li('Gil Moss')).toBe('3. Gil Moss 40 (game 50, penalties -10) · prize 40');
      // it was given by mistake: the room lists it (player, reason, points, round) with a Cancel button
      const rows = () =>
        page.$$eval('[data-testid="penalty-list"] tbody tr', (trs) =>
          trs.map((tr) =>
            Array.from(tr.children)
              .map((c) => (c.textContent ?? '').replace(/\s+/g, ' ').trim())
              .join('|'),
          ),
        );
      await expect.poll(rows).toEqual(['1|Ann Lee|late: late to the table, 6 minutes|-5|1|Cancel', '2|Gil Moss|conduct: phone at the table|-10|1|Cancel']);
      // Cancel asks first; "Keep it" backs out and nothing is sent (Gil still 40)
      await page.click('[data-testid="cancel-2"]');
      await page.waitForSelector('[data-testid="cancel-confirm-2"]');
      expect(await text(page, '[data-testid="cancel-confirm-2"] > span')).toBe('Cancel penalty 2 (Gil Moss, conduct, -10)?');
      await page.locator('[data-testid="penalty-list"]').screenshot({ path: path.join(RESULTS, 'room-penalty-cancel.png') });
      await page.click('[data-testid="cancel-keep-2"]');
      await page.waitForSelector('[data-testid="cancel-2"]');
      expect(await li('Gil Moss')).toBe('3. Gil Moss 40 (game 50, penalties -10) · prize 40');
      // then confirmed with the reason: Gil is back to 50; the penalty stays listed, marked, with no button
      const cancelledAt = clock.now;
      await page.click('[data-testid="cancel-2"]');
      await page.fill('[data-testid="cancel-reason-2"]', 'given to the wrong player');
      await page.click('[data-testid="cancel-yes-2"]');
      await expect.poll(result).toBe('Penalty 2 cancelled: Gil Moss, conduct, -10');
      await expect.poll(() => li('Gil Moss')).toBe('3. Gil Moss 50 · prize 40');
      await expect.poll(() => text(page, '[data-testid="penalty-2"] .mark')).toBe(`cancelled by director at ${timeOfDay(cancelledAt)}: given to the wrong player`);
      expect(await page.$('[data-testid="cancel-2"]')).toBeNull();
      // Ann's penalty cancelled meanwhile from another screen: the list is pushed, it shows at once (no Cancel left to press)
      const annAt = clock.now;
      svc.cancelPenalty(1, 'entered twice', 'Dora');
      await expect.poll(() => text(page, '[data-testid="penalty-1"] .mark'), { timeout: 5_000 }).toBe(`cancelled by Dora at ${timeOfDay(annAt)}: entered twice`);
      expect(await page.$('[data-testid="cancel-1"]')).toBeNull();
      // Ann's −5 counts no more: 75 game points (the panel reads the standings every 2 s)
      await expect.poll(() => li('Ann Lee'), { timeout: 5_000 }).toMatch(/Ann Lee 75/);

      // Ivy arrives late during round 1: the movement has no empty seat or bye for her; the hub says so and what does seat her
      await page.fill('[data-testid="late-id"]', 'p9');
      await page.fill('[data-testid="late-name"]', 'Ivy Chan');
      await page.click('[data-testid="tool-late-arrival"] button');
      await expect
        .poll(result)
        .toBe(
          'Conflict: late arrival: round 1 has no empty seat and no bye for Ivy Chan: its 8 players fill its 2 tables of four, and the movement seats every player in every round. ' +
            'Seat Ivy Chan in the place of a player who withdraws (Withdraw, from round 2: a bye for each round before) or for one round as a substitute.',
        );

      // round 1 is over: the next round, not begun, takes seat changes
      svc.nextRound();
      await page.selectOption('[data-testid="withdraw-player"]', 'p4');
      await page.fill('[data-testid="withdraw-id"]', 'p9');
      await page.fill('[data-testid="withdraw-name"]', 'Ivy Chan');
      await page.click('[data-testid="tool-withdraw"] button');
      await expect.poll(result).toBe('Dot Shaw withdrawn from round 2: Ivy Chan takes the seat');
      await expect.poll(() => li('Dot Shaw')).toMatch(/ · withdrawn$/);
      // Ivy arrived late: a bye for round 1, 0 points, no game yet so no prize
      await expect.poll(() => li('Ivy Chan')).toMatch(/Ivy Chan 0 · bye round 1$/);

      await page.selectOption('[data-testid="substitute-player"]', 'p1');
      await page.fill('[data-testid="substitute-round"]', '2');
      await page.fill('[data-testid="substitute-id"]', 'p10');
      await page.fill('[data-testid="substitute-name"]', 'Jo Park');
      await page.click('[data-testid="tool-substitute"] button');
      await expect.poll(result).toBe('Jo Park substitutes for Ann Lee in round 2');
      await expect.poll(() => li('Jo Park')).toMatch(/Jo Park 0$/);

      // round 2's clock runs; table 2 gets 10 minutes, then 5 more: 15 in all, 50 + 15 = 65:00 left (the clock stands)
      svc.clock('start');
      await page.waitForSelector('[data-testid="extra-table"] option[value="2"]', { state: 'attached' });
      await page.selectOption('[data-testid="extra-table"]', '2');
      await page.fill('[data-testid="extra-minutes"]', '10');
      await page.click('[data-testid="tool-extra-time"] button');
      await expect.poll(result).toBe('table 2: 10 minutes of extra time');
      await page.fill('[data-testid="extra-minutes"]', '5');
      await page.click('[data-testid="tool-extra-time"] button');
      await expect.poll(result).toBe('table 2: 5 more minutes, 15 minutes of extra time in all (10 + 5)');
      await expect.poll(() => texts(page, '[data-testid="extra-time"] li')).toEqual(['table 2: 15 minutes of extra time (10 + 5): 65:00 left']);
      // table 2's card in the room (its summary) carries the extra time too: 10 + 5 = 15 minutes
      await expect.poll(() => text(page, '[data-testid="room-extra-time-t2"]'), { timeout: 5_000 }).toBe('+15 min');
      expect(await page.$('[data-testid="room-extra-time-t1"]')).toBeNull();
    } finally {
      await ctx.close();
    }
  }, 120_000);
});
