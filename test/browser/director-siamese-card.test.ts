/**
 * A Royale Siamese tournament's score cards in Chromium, the way they are used on tournament day:
 * a real hub (hub/config/tables/siamese-room.json + hub/config/tournament-siamese-room.json, no
 * readers) whose log already holds round 1's four games at both tables, each written by the
 * table as the Siamese referee scored it (003 rule 17 points, [East, West]):
 *
 *   table 1 (t1): Ann (East) 160 10 X X = 170, Bea (West) 15 10 50 X = 75 → "Bea pays Ann 95"
 *   table 2 (t2): Cy (East) 25 X 10 -20 = 15, Di (West) X 30 10 40 = 80   → "Cy pays Di 65"
 *
 * 1. Ann's phone (/seat/<code>) shows the 2-seat card and its settlement; she verifies Bea's score
 *    and initials; Bea does the same from her code: the card is complete.
 * 2. The director's room shows both Siamese cards (TournamentCards.svelte): rows, totals, ✓s and
 *    the settlements. Screenshot test-results/director-siamese-cards.png.
 * 3. The director corrects game 3 of table 1 (Bea's hand was worth 25, not 50) with the room's form
 *    (DashboardCorrection.svelte), which shows two point boxes, East and West, and sends 2 points.
 *    By hand: Bea 15 + 10 + 25 + 0 = 50, Ann 170 → "Bea pays Ann 120". The form's card, the room's
 *    card and Ann's phone show the new points, totals and settlement, the correction with its
 *    reason, and no initials. Screenshot test-results/director-siamese-correction.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { DIRECTOR_TOKEN, ROOT } from '../e2e/harness.js';
import type { SeatCode } from '../../hub/api/seat.js';
import { loadHubConfig } from '../../hub/config/load.js';
import { startHub, type RunningHub } from '../../hub/hub.js';
import { openSqliteStore } from '../../hub/store/sqlite.js';
import { loadTournamentConfig } from '../../hub/tournament/config.js';
import { TOURNAMENT_LOG } from '../../hub/tournament/service.js';
import { buildDisplay, removeDisplay } from '../support/display-build.js';

const CHROMIUM = '/usr/bin/chromium';
const RESULTS = path.join(ROOT, 'test-results');

/** Round 1's games as each table scored them: [East, West] per game (003 rule 17). */
const GAMES: Record<number, [number, number][]> = {
  1: [
    [160, 15],
    [10, 10],
    [0, 50],
    [0, 0],
  ],
  2: [
    [25, 0],
    [0, 30],
    [10, 10],
    [-20, 40],
  ],
};

/** Logs in on whichever form the page shows (the login secret, or the token form), unless `inside` shows first. */
async function logIn(page: Page, inside: string): Promise<void> {
  const form = await page.waitForSelector(`#director-secret, #director-token, ${inside}`, { timeout: 20_000 });
  const id = await form.getAttribute('id');
  if (id === null) return;
  await page.fill(`#${id}`, DIRECTOR_TOKEN);
  await page.click('button[type="submit"]');
}

const text = async (page: Page, sel: string) => ((await page.textContent(sel)) ?? '').trim();

/** The cells of every row matching `sel` (each cell's text, trimmed). */
const cells = (page: Page, sel: string) => page.$$eval(sel, (trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => (td.textContent ?? '').replace(/\s+/g, ' ').trim())));

/** Waits until the rows matching `sel` have exactly `want` as their cells. */
async function untilCells(page: Page, sel: string, want: string[][], ms = 15_000): Promise<void> {
  await page
    .waitForFunction(
      ([s, w]) => JSON.stringify(Array.from(document.querySelectorAll(s), (tr) => Array.from(tr.querySelectorAll('td'), (td) => (td.textContent ?? '').replace(/\s+/g, ' ').trim()))) === w,
      [sel, JSON.stringify(want)] as const,
      { timeout: ms },
    )
    .catch(async (e: unknown) => {
      throw new Error(`${sel}: wanted ${JSON.stringify(want)}, shown ${JSON.stringify(await cells(page, sel))} (${(e as Error).message.split('\n')[0]})`);
    });
}

describe.skipIf(!existsSync(CHROMIUM))("a Siamese tournament's score cards in Chromium: the phone, the room, the director's correction", () => {
  let hub: RunningHub;
  let browser: Browser;
  let dist = '';
  let data = '';

  beforeAll(async () => {
    dist = await buildDisplay();
    data = mkdtempSync(path.join(tmpdir(), 'mjhub-siamese-card-'));
    // round 1 as the tables wrote it: the clock started 20 minutes ago, then four games at each table
    const store = openSqliteStore(path.join(data, 'events.sqlite'));
    const t0 = Date.now() - 20 * 60_000;
    store.append(TOURNAMENT_LOG, 'tournament-clock', t0, { round: 1, action: 'start', seen: {} });
    for (const table of [1, 2])
      GAMES[table]!.forEach((points, i) =>
        store.append(TOURNAMENT_LOG, 'tournament-points', t0 + (i + 1) * 4 * 60_000 + table, {
          round: 1,
          table,
          game: i + 1,
          points,
          source: `siamese table t${table} game ${i + 1} (003 rule 17)`,
          hubTable: `t${table}`,
          hubGameNo: i + 1,
        }),
      );
    store.close();
    hub = await startHub({
      tables: loadHubConfig(path.join(ROOT, 'hub/config/tables/siamese-room.json')),
      tournament: loadTournamentConfig(path.join(ROOT, 'hub/config/tournament-siamese-room.json')),
      dataDir: data,
      ports: [],
      httpPort: 0,
      directorToken: DIRECTOR_TOKEN,
      staticDir: dist,
    });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'] });
    mkdirSync(RESULTS, { recursive: true });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await hub?.close();
    removeDisplay(dist);
    if (data) rmSync(data, { recursive: true, force: true });
  }, 30_000);

  it('Ann and Bea verify and initial the 2-seat card; the room shows both cards; the director corrects game 3 with 2 points and a reason', async () => {
    const t = hub.tournament!;
    expect(t.problems).toEqual([]);
    expect(t.cardOf(1, 1)).toMatchObject({ kind: 'siamese', seats: ['p01', 'p02'] });
    const codes = (await (await fetch(`${hub.url}/api/director/tables/t1/seats`, { headers: { authorization: `Bearer ${DIRECTOR_TOKEN}` } })).json()) as SeatCode[];
    expect(codes.map((c) => `${c.seat} ${c.name}`)).toEqual(['East Ann', 'West Bea']);

    // 1. Ann's phone: the 2-seat card, the settlement, Verify Bea's score, Initial
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await phone.goto(codes[0]!.url);
    await phone.waitForSelector('[data-testid="scorecard-table"][data-kind="siamese"]', { timeout: 30_000 });
    expect(await text(phone, '[data-testid="scorecard-meta"]')).toBe('Demo room: Royale Siamese, two tables, rounds of four games · round 1 · table 1');
    await untilCells(phone, '[data-testid="scorecard-row"]', [
      ['East Ann', '160', '10', 'X', 'X', '170', '', ''],
      ['West Bea', '15', '10', '50', 'X', '75', '', ''],
    ]);
    expect(await text(phone, '[data-testid="scorecard-settlement"]')).toBe('Bea pays Ann 95');
    expect(await text(phone, '[data-testid="scorecard-verify"]')).toBe("Verify Bea's score");
    await phone.click('[data-testid="scorecard-verify"]');
    await phone.waitForFunction(() => (document.querySelector('[data-testid="scorecard-verify"]') as HTMLButtonElement | null)?.disabled === true);
    await phone.click('[data-testid="scorecard-initial"]');
    await untilCells(phone, '[data-testid="scorecard-row"]', [
      ['East Ann', '160', '10', 'X', 'X', '170', '✓', '✓'],
      ['West Bea', '15', '10', '50', 'X', '75', '', ''],
    ]);
    // Bea from her own code (REST, as her phone sends it)
    for (const what of ['verify', 'initial']) expect((await fetch(`${hub.url}/api/seat/${codes[1]!.token}/${what}`, { method: 'POST' })).status).toBe(200);
    expect(t.cardOf(1, 1)).toMatchObject({ initials: ['A', 'B'], verified: [true, true] });
    await phone.waitForSelector('[data-testid="scorecard-complete"]', { timeout: 15_000 });

    // 2. the room: both Siamese cards with their rows, ✓s and settlements
    const room = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await room.goto(`${hub.url}/director`);
    await logIn(room, '[data-testid="room-grid"]');
    await room.waitForSelector('[data-testid="tournament-card"][data-kind="siamese"]', { timeout: 20_000 });
    expect(await room.$$eval('[data-testid="tournament-card"]', (els) => els.map((e) => e.getAttribute('data-kind')))).toEqual(['siamese', 'siamese']);
    await untilCells(room, '[data-testid="tournament-card-row"]', [
      ['East Ann', '160', '10', 'X', 'X', '170', '✓', '✓'],
      ['West Bea', '15', '10', '50', 'X', '75', '✓', '✓'],
      ['East Cy', '25', 'X', '10', '-20', '15', '', ''],
      ['West Di', 'X', '30', '10', '40', '80', '', ''],
    ]);
    expect(await room.$$eval('[data-testid="tournament-card-settlement"]', (ps) => ps.map((p) => p.textContent?.trim()))).toEqual(['Bea pays Ann 95', 'Cy pays Di 65']);
    expect(await room.$$eval('[data-testid="tournament-card"] .state', (ps) => ps.map((p) => p.textContent?.trim()))).toEqual(['complete', "East has not verified West's score (+3 more)"]);
    // the complete card counts in the standings: Ann 170, Bea 75 (table 2 not yet complete)
    expect(await room.$$eval('[data-testid="standings"] li .standing', (lis) => lis.slice(0, 2).map((li) => li.textContent?.replace(/\s+/g, ' ').trim()))).toEqual([
      '1. Ann 170 · prize 100', // the DOM's text reads as the screen shows it: "170 · prize 100"
      '2. Bea 75 · prize 60',
    ]);
    // and say they are provisional: table 2's card is not yet complete (1 of the 2 cards)
    expect(((await room.textContent('[data-testid="standings-note"]')) ?? '').replace(/\s+/g, ' ').trim()).toBe('Standings provisional: 1 of 2 score cards not yet complete');
    await room.screenshot({ path: path.join(RESULTS, 'director-siamese-cards.png'), fullPage: true });

    // 3. the director's correction: two point boxes for a Siamese card
    await room.fill('[data-testid="correct-table"]', '1');
    await room.waitForFunction(() => document.querySelector('[data-testid="correct-points-1"]') !== null && document.querySelector('[data-testid="correct-points-2"]') === null, undefined, {
      timeout: 10_000,
    });
    expect(await room.$$eval('[data-testid="correct-score"] label:has(input[data-testid^="correct-points-"])', (ls) => ls.map((l) => l.textContent?.trim()))).toEqual(['East', 'West']);
    expect(await room.inputValue('[data-testid="correct-round"]')).toBe('1');
    await room.selectOption('[data-testid="correct-game"]', '3');
    await room.fill('[data-testid="correct-points-0"]', '0');
    await room.fill('[data-testid="correct-points-1"]', '25');
    const reason = "Bea's hand was worth 25, not 50: it was not jokerless";
    await room.fill('[data-testid="correct-reason"]', reason);
    await room.click('[data-testid="correct-score"] button[type="submit"]');
    await room.waitForSelector('[data-testid="corrected-card"]', { timeout: 10_000 });
    expect(await text(room, '[data-testid="correct-result"]')).toBe('Table 1, round 1, game 3 corrected: the players must initial again');
    // by hand: Ann 160 + 10 + 0 + 0 = 170; Bea 15 + 10 + 25 + 0 = 50; Bea pays Ann 170 − 50 = 120
    expect(await cells(room, '[data-testid="corrected-row"]')).toEqual([
      ['East', 'Ann', '160', '10', 'X', 'X', '170', '—'],
      ['West', 'Bea', '15', '10', '25', 'X', '50', '—'],
    ]);
    expect(await text(room, '[data-testid="corrected-settlement"]')).toBe('Bea pays Ann 120');
    expect(await room.$$eval('[data-testid="corrected-reasons"] li', (lis) => lis.map((li) => li.textContent?.trim()))).toEqual([`Game 3 corrected by director: ${reason}`]);

    // the hub got 2 points, [East, West], and cleared the checks
    const logged = hub.store
      .events(TOURNAMENT_LOG)
      .filter((e) => e.type === 'tournament-correct')
      .map((e) => e.data);
    expect(logged).toEqual([{ round: 1, table: 1, game: 3, reason, director: 'director', points: [0, 25] }]);
    expect(t.cardOf(1, 1)).toMatchObject({ initials: [null, null], verified: [false, false] });
    expect(t.cardOf(1, 1).games[2]).toEqual({ points: [0, 25], marks: ['X', '25'], by: 'director', source: 'director' });

    // the room's card: new marks and totals, no ✓, the new settlement; the standings drop the card
    await untilCells(room, '[data-testid="tournament-card-row"]', [
      ['East Ann', '160', '10', 'X', 'X', '170', '', ''],
      ['West Bea', '15', '10', '25', 'X', '50', '', ''],
      ['East Cy', '25', 'X', '10', '-20', '15', '', ''],
      ['West Di', 'X', '30', '10', '40', '80', '', ''],
    ]);
    expect(await room.$$eval('[data-testid="tournament-card-settlement"]', (ps) => ps.map((p) => p.textContent?.trim()))).toEqual(['Bea pays Ann 120', 'Cy pays Di 65']);
    expect(await text(room, '[data-testid="tournament-card"] .state')).toBe("East has not verified West's score (+3 more)");
    await room.screenshot({ path: path.join(RESULTS, 'director-siamese-correction.png'), fullPage: true });

    // Ann's phone: the new card, her checks cleared, the buttons open again
    await untilCells(phone, '[data-testid="scorecard-row"]', [
      ['East Ann', '160', '10', 'X', 'X', '170', '', ''],
      ['West Bea', '15', '10', '25', 'X', '50', '', ''],
    ]);
    expect(await text(phone, '[data-testid="scorecard-settlement"]')).toBe('Bea pays Ann 120');
    expect(await phone.$eval('[data-testid="scorecard-initial"]', (b) => (b as HTMLButtonElement).disabled)).toBe(false);
    await phone.close();
    await room.close();
  }, 120_000);
});
