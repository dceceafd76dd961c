/**
 * The live table display in Chromium against the real hub reading the simulator: the page shows a
 * player's count change as the game is played, and a screenshot is saved for people to look at.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { ROOT, startSession, type Session } from './harness.js';
import { buildDisplay } from '../support/display-build.js';

const CHROMIUM = '/usr/bin/chromium';
const canRun = existsSync(CHROMIUM) && existsSync('/usr/bin/socat');

describe.skipIf(!canRun)('table display in Chromium, live from the hub', () => {
  let session: Session;
  let browser: Browser;

  beforeAll(async () => {
    const dist = await buildDisplay();
    session = await startSession({ seed: 4, staticDir: dist });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await session?.stop();
  });

  it("shows East's count going from 27 to 28 as tiles are picked, and saves a screenshot", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${session.hub.url}/table/t1`);
    const count = () => page.textContent('[data-testid="player-count-0"]').then((t) => t?.trim());
    await page.waitForFunction(() => document.querySelector('[data-testid="player-count-0"]')?.textContent?.trim() === '27', null, { timeout: 60_000 });
    // the wait itself is the check: once it returns the page showed 28; read again afterwards, the
    // count may already be 27 (East discards as the simulator plays on)
    const shown = await page.waitForFunction(() => document.querySelector('[data-testid="player-count-0"]')?.textContent?.trim() === '28', null, { timeout: 60_000 });
    expect(await shown.jsonValue()).toBe(true);
    expect(['27', '28']).toContain(await count());
    // the hub says the same thing the page shows
    const api = (await (await fetch(`${session.hub.url}/api/tables/t1`)).json()) as { players: { count: number }[] };
    expect([27, 28]).toContain(api.players[0]!.count);
    // let a few discards land, then keep a picture of the table mid-game
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="discards"] [role="img"]').length >= 6, null, { timeout: 60_000 });
    mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
    await page.screenshot({ path: path.join(ROOT, 'test-results/live-table.png') });
    expect(await page.$('[data-testid="connection-banner"]')).toBeNull();
  }, 120_000);
});
