/**
 * The tournament score card on the seat page (/seat/:token) in Chromium on a phone-sized viewport:
 * a hub with hub/config/tournament-demo.json (table t1 plays tournament table 1), the four games of
 * round 1 written by the director, then Ann (East) verifies West's score and initials the card from
 * her phone. No readers: the seat shows before the first deal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import type { SeatCode } from '../../hub/api/seat.js';
import { loadHubConfig } from '../../hub/config/load.js';
import { startHub, type RunningHub } from '../../hub/hub.js';
import { loadTournamentConfig } from '../../hub/tournament/config.js';
import { ROOT } from './harness.js';
import { buildDisplay, removeDisplay } from '../support/display-build.js';

const CHROMIUM = '/usr/bin/chromium';
const TOKEN = 'seat-scorecard-browser';

describe.skipIf(!existsSync(CHROMIUM))("the seat page's score card in Chromium", () => {
  let hub: RunningHub;
  let browser: Browser;
  let codes: SeatCode[];
  const dirs: string[] = [];
  const dists: string[] = [];

  beforeAll(async () => {
    const dist = await buildDisplay();
    const data = mkdtempSync(path.join(tmpdir(), 'mjhub-seat-card-'));
    dirs.push(data);
    dists.push(dist);
    hub = await startHub({
      tables: loadHubConfig(path.join(ROOT, 'hub/config/tables/siamese-demo.json')),
      tournament: loadTournamentConfig(path.join(ROOT, 'hub/config/tournament-demo.json')),
      dataDir: data,
      ports: [],
      httpPort: 0,
      directorToken: TOKEN,
      staticDir: dist,
    });
    const res = await fetch(`${hub.url}/api/director/tables/t1/seats`, { headers: { authorization: `Bearer ${TOKEN}` } });
    codes = (await res.json()) as SeatCode[];
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await hub?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    for (const d of dists) removeDisplay(d);
  });

  it("Ann sees the card (25 X 30 X = 55), verifies Cat Park's score and initials it", async () => {
    const t = hub.tournament!;
    t.clock('start'); // table t1's four results, as points (a director corrects a result, never enters one)
    [
      [25, 0, 0, 0],
      [0, 0, 40, 0],
      [30, 0, 0, 0],
      [0, 0, 0, 0],
    ].forEach((points, i) => expect(t.recordPoints('t1', points)).toMatchObject({ recorded: true, game: i + 1 }));
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto(codes[0]!.url);
    await page.waitForSelector('[data-testid="scorecard-table"]', { timeout: 30_000 });
    expect(await page.textContent('[data-testid="scorecard-meta"]')).toBe('Demo Spring Open · round 1 · table 1');
    const rows = await page.$$eval('[data-testid="scorecard-row"]', (trs) =>
      trs.map((tr) =>
        Array.from(tr.querySelectorAll('td'), (td) => td.textContent!.trim())
          .slice(1, 6)
          .join(' '),
      ),
    );
    expect(rows).toEqual(['25 X 30 X 55', 'X X X X 0', 'X 40 X X 40', 'X X X X 0']);
    expect(await page.textContent('[data-testid="scorecard-verify"]')).toBe("Verify Cat Park's score");
    await page.click('[data-testid="scorecard-verify"]');
    await page.waitForFunction(() => (document.querySelector('[data-testid="scorecard-verify"]') as HTMLButtonElement | null)?.disabled === true);
    await page.click('[data-testid="scorecard-initial"]');
    await page.waitForFunction(() => (document.querySelector('[data-testid="scorecard-initial"]') as HTMLButtonElement | null)?.disabled === true);
    const card = t.cards()[0]!;
    expect(card.verified).toEqual([true, false, false, false]);
    expect(card.initials).toEqual(['AL', null, null, null]);
    await page.close();
  }, 60_000);
});
