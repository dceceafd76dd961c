/**
 * The director's ruling and the score, on every view, in Chromium against the REAL hub reading the
 * simulator (test/e2e/harness.ts): seed 2 with an extra pick injected at pick 3 — a 003 rule 18C
 * tile-count flag: both hands dead, the game over, and 003 rule 12 makes the dead player pay
 * 4 × 25 (the lowest value on the card) = 100.
 *
 * Three pages per session: the public table view (/table/t1), the director's table page
 * (/director/t1, logged in) and the OTHER player's seat (/seat/<token>).
 * - Session 1: the director CONFIRMS the flag. A confirmation keeps the score: "… pays … 100" stays
 *   on the table and director pages, the flag reads "confirmed" there, and the seat no longer lists
 *   it as open (the seat page lists open flags only).
 * - Session 2: the director DISMISSES it. Every view is rebuilt from the log: both hands alive
 *   again, the payment of 100 gone from the table and director pages, the seat's score line the same
 *   as the table's.
 * Screenshots: test-results/director-score-before.png (flag open, 100 paid) and
 * director-score-after.png (after the dismissal), three pages side by side.
 */
import { describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DIRECTOR_TOKEN, extraPickCount, startSession, type Session } from '../e2e/harness.js';
import { canRun, chromiumPerSuite, logIn, RESULTS, text } from './chromium.js';
import type { PublicFlag, PublicTableView } from '../../hub/api/views.js';
import type { SeatCode } from '../../hub/api/seat.js';

/** The three pages of one session. */
interface Pages {
  table: Page;
  director: Page;
  seat: Page;
}

/** The seat page's score line as the hub's view should make it: "Score: Ann 0 · Bea 0 (final)". */
function seatScore(v: PublicTableView): string {
  return `Score: ${v.players.map((p, i) => `${p.name} ${v.score?.points[i] ?? 0}`).join(' · ')}${v.score?.final ? ' (final)' : ''}`;
}

/**
 * One picture of the three pages side by side (table | director | seat), saved as
 * test-results/<name>.png: each page is shot, then laid out on a fourth page and shot again.
 */
async function shoot(browser: Browser, p: Pages, name: string): Promise<void> {
  mkdirSync(RESULTS, { recursive: true });
  for (const page of [p.table, p.director, p.seat]) await page.evaluate(() => window.scrollTo(0, 0));
  const shots = await Promise.all([p.table.screenshot(), p.director.screenshot(), p.seat.screenshot()]);
  const labels = ['Table view /table/t1', 'Director /director/t1', 'Seat (the other player)'];
  const html = `<body style="margin:0;background:#222;color:#eee;font:16px sans-serif;display:flex;gap:8px;padding:8px;align-items:flex-start">${shots
    .map((b, i) => `<figure style="margin:0"><figcaption>${labels[i]}</figcaption><img style="display:block;height:720px" src="data:image/png;base64,${b.toString('base64')}"></figure>`)
    .join('')}</body>`;
  const sheet = await browser.newPage({ viewport: { width: 1960, height: 760 } });
  await sheet.setContent(html);
  await sheet.screenshot({ path: path.join(RESULTS, `${name}.png`), fullPage: true });
  await sheet.close();
}

/**
 * Waits (up to 30 s) until the seat page shows `selector`; on a timeout the error names what the
 * page did show (its connection state, an ended notice, the turn line, the hub's flags), so a
 * failure says whether the seat was cut off, behind, or never told.
 */
async function seatShows(seat: Page, selector: string, what: string): Promise<void> {
  try {
    await seat.waitForSelector(selector, { timeout: 30_000 });
  } catch (err) {
    const shown = await seat.evaluate(() => ({
      state: document.querySelector('[data-testid="seat-view"]')?.getAttribute('data-state') ?? null,
      ended: document.querySelector('[data-testid="seat-ended"]')?.textContent?.trim() ?? null,
      turn: document.querySelector('[data-testid="seat-turn"]')?.textContent?.trim() ?? null,
      flags: Array.from(document.querySelectorAll('[data-testid="seat-view"] .flag')).map((e) => e.textContent?.trim()),
      banner: document.querySelector('[data-testid="connection-banner"]')?.textContent?.trim() ?? null,
    }));
    throw new Error(`the seat page never showed ${what} (${selector}); it showed ${JSON.stringify(shown)}`, { cause: err });
  }
}

describe.skipIf(!canRun)('a director rules on the 003 rule 18C count flag, and the score on every view (seed 2)', () => {
  const suite = chromiumPerSuite();

  /** Starts seed 2 with the count injection, opens the three pages, waits for the flag and the payment of 100 on each. */
  async function flaggedSession(): Promise<{ session: Session; pages: Pages; flag: PublicFlag; flagged: PublicTableView }> {
    // the simulated table stops after Ann's discard that leaves her 28 tiles, as a real table waits
    // for the director: every view is then looked at in one known state
    const session = await startSession({ seed: 2, inject: 'count', injectAt: 3, staticDir: suite.dist, holdAtFlag: true });
    suite.sessions.push(session);
    const started = await session.until((v) => v.players.length === 2, 30_000);
    const table = await suite.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await table.goto(`${session.hub.url}/table/t1`);
    const director = await suite.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await director.goto(`${session.hub.url}/director/t1`);
    await logIn(director, '[data-testid="table-view"]');
    // both seats of game 1, asked by number: the game is short, and once it is over a code asked
    // without a number is for the next game (handed out ahead, it shows "Waiting for the walls")
    // the OTHER player's one is kept once the flag names who is dead
    const res = await fetch(`${session.hub.url}/api/director/tables/t1/seats?game=1`, { headers: { authorization: `Bearer ${DIRECTOR_TOKEN}` } });
    expect(res.status).toBe(200);
    const codes = (await res.json()) as SeatCode[];
    expect(codes.map((c) => [c.player, c.game])).toEqual([
      [0, 1],
      [1, 1],
    ]);
    const seats: Page[] = [];
    for (const code of codes) {
      const page = await suite.browser.newPage({ viewport: { width: 390, height: 844 } });
      await page.goto(`${session.hub.url}/seat/${code.token}`);
      await page.waitForSelector('[data-testid="seat-name"]', { timeout: 15_000 });
      seats.push(page);
    }

    const flagged = await session.until((v) => v.flags.length > 0 && v.phase === 'ended', 90_000);
    expect(flagged.flags.map((f) => [f.kind, f.rule, f.status])).toEqual([['tile-count', '003 rule 18C', 'awaiting-director']]);
    const flag = flagged.flags[0]!;
    const dead = flagged.players[flag.player]!;
    const other = flagged.players[1 - flag.player]!;
    expect(flag.title).toBe(`${dead.name} has ${extraPickCount(flag.params)}: both hands dead`);
    expect(dead.racks.map((r) => r.dead)).toEqual([true, true]);
    expect(flagged.score?.payment).toEqual({ from: flag.player, to: other.index, amount: 100 });
    // seed 2: Ann (East, player 0) picked the extra tile; Bea is paid 100, the game is over
    expect([flag.player, dead.name, other.name]).toEqual([0, 'Ann', 'Bea']);
    expect([flagged.score?.points, flagged.score?.final]).toEqual([[0, 100], true]);
    expect(started.players.map((p) => p.name)).toEqual(flagged.players.map((p) => p.name));

    const seat = seats[other.index]!;
    await seats[flag.player]!.close();

    const pays = `${dead.name} pays ${other.name} 100`;
    await table.waitForFunction((s) => document.querySelector('[data-testid="payment"]')?.textContent?.trim() === s, pays, { timeout: 15_000 });
    await table.waitForSelector(`[data-testid="flag-banner"] [data-flag="${flag.id}"]`, { timeout: 15_000 });
    await director.waitForFunction((s) => document.querySelector('[data-testid="payment"]')?.textContent?.trim() === s, pays, { timeout: 15_000 });
    await director.waitForSelector(`[data-testid="flag-card-${flag.id}"] button.confirm`, { timeout: 15_000 });
    for (const page of [table, director]) {
      expect(await text(page, '[data-testid="payment"]')).toBe('Ann pays Bea 100');
      expect(await text(page, '[data-testid="score"] h2')).toBe('Final score');
      expect(await page.$$eval('[data-testid="score"] .pts-row', (rows) => rows.map((r) => r.textContent?.trim()))).toEqual(['Ann0', 'Bea100']);
      await page.waitForSelector('[data-testid="dead-0-0"]', { timeout: 10_000 });
      await page.waitForSelector('[data-testid="dead-0-1"]', { timeout: 10_000 });
    }
    expect(await text(director, `[data-testid="flag-card-${flag.id}"] .status`)).toBe('awaiting the director');
    await seatShows(seat, '[data-testid="seat-view"] .score', 'the score line');
    expect(await text(seat, '[data-testid="seat-name"]')).toBe(other.name);
    expect(await text(seat, '[data-testid="seat-view"] .score')).toBe('Score: Ann 0 · Bea 100 (final)');
    expect(seatScore(flagged)).toBe('Score: Ann 0 · Bea 100 (final)');
    expect(await text(seat, '[data-testid="seat-view"] .flag')).toBe(`⚑ ${flag.title} (003 rule 18C)`);
    return { session, pages: { table, director, seat }, flag, flagged };
  }

  it('the director confirms: the flag reads confirmed, and the payment of 100 stays on every view', async () => {
    const { session, pages, flag, flagged } = await flaggedSession();
    const pays = await text(pages.table, '[data-testid="payment"]');
    const card = `[data-testid="flag-card-${flag.id}"]`;
    await pages.director.click(`${card} button.confirm`);
    await pages.director.waitForFunction((sel) => document.querySelector(sel)?.textContent?.includes('Confirmed: sent to the hub'), `[data-testid="ruling-result-${flag.id}"]`);
    await pages.director.waitForFunction((sel) => document.querySelector(sel)?.textContent?.trim() === 'confirmed', `${card} .status`, { timeout: 10_000 });
    expect(await pages.director.$(`${card} button.confirm`)).toBeNull();

    const after = await session.until((v) => v.flags[0]?.status === 'confirmed', 10_000);
    expect(after.score).toEqual(flagged.score);
    expect(after.players[flag.player]!.racks.map((r) => r.dead)).toEqual([true, true]);

    // the table: banner gone, "✔ … — confirmed by the director", still 100
    await pages.table.waitForSelector(`[data-testid="flag-banner"] [data-flag="${flag.id}"]`, { state: 'detached', timeout: 10_000 });
    expect(await text(pages.table, '.ruled-flag.confirmed')).toBe(`✔ ${flag.title} — confirmed by the director`);
    expect(await text(pages.table, '[data-testid="payment"]')).toBe(pays);
    expect(await text(pages.director, '[data-testid="payment"]')).toBe(pays);
    expect(await text(pages.director, '.ruled-flag.confirmed')).toBe(`✔ ${flag.title} — confirmed by the director`);
    // the seat: no longer an open flag, the same score
    await pages.seat.waitForSelector('[data-testid="seat-view"] .flag', { state: 'detached', timeout: 10_000 });
    expect(await text(pages.seat, '[data-testid="seat-view"] .score')).toBe('Score: Ann 0 · Bea 100 (final)');
    expect(seatScore(after)).toBe('Score: Ann 0 · Bea 100 (final)');
  }, 120_000);

  it('the director dismisses: both hands alive again, the payment of 100 gone, the same score on every view', async () => {
    const { session, pages, flag, flagged } = await flaggedSession();
    await shoot(suite.browser, pages, 'director-score-before');
    const card = `[data-testid="flag-card-${flag.id}"]`;
    await pages.director.click(`${card} button.dismiss`);
    await pages.director.waitForFunction((sel) => document.querySelector(sel)?.textContent?.includes('Dismissed: sent to the hub'), `[data-testid="ruling-result-${flag.id}"]`);
    await pages.director.waitForFunction((sel) => document.querySelector(sel)?.textContent?.trim() === 'dismissed', `${card} .status`, { timeout: 10_000 });

    // the flag's status and the rebuilt racks may reach the public socket in separate deltas
    const after = await session.until((v) => v.flags[0]?.status === 'dismissed' && v.players.every((p) => p.racks.every((r) => !r.dead)), 10_000);
    expect(after.players.map((p) => p.racks.map((r) => r.dead))).toEqual([
      [false, false],
      [false, false],
    ]);
    expect(after.score?.payment ?? null).toBeNull();
    expect(flagged.score?.payment?.amount).toBe(100);

    await pages.table.waitForSelector('[data-testid="payment"]', { state: 'detached', timeout: 10_000 });
    expect(await text(pages.table, '.ruled-flag.dismissed')).toBe(`✕ ${flag.title} — dismissed by the director`);
    await pages.director.waitForSelector('[data-testid="payment"]', { state: 'detached', timeout: 10_000 });
    await pages.seat.waitForSelector('[data-testid="seat-view"] .flag', { state: 'detached', timeout: 10_000 });
    // the running score: 0 each, no payment, play goes on
    const now = session.view()!;
    expect(now.phase).toBe('play');
    expect(now.score?.points).toEqual([0, 0]);
    expect(now.score?.final).toBe(false);
    for (const page of [pages.table, pages.director]) {
      expect(await text(page, '[data-testid="score"] h2')).toBe('Running score');
      expect(await page.$$eval('[data-testid="score"] .pts-row', (rows) => rows.map((r) => r.textContent?.trim()))).toEqual(['Ann0', 'Bea0']);
      expect(await page.$('[data-testid^="dead-"]')).toBeNull();
    }
    expect(await text(pages.seat, '[data-testid="seat-view"] .score')).toBe('Score: Ann 0 · Bea 0');
    await shoot(suite.browser, pages, 'director-score-after');
  }, 120_000);
});
