/**
 * The 003 rule 18 count rule in force, on the director's pages in Chromium against a real hub (no
 * readers needed: the settings show before any tile is seen). The two-table Siamese room config
 * with table t2 set to 18A, t1 set to nothing (18D, the default):
 * - the table page of t2 reads "Count rule in force: 003 rule 18A — … (table config: <file>:
 *   tables.1.countRule)";
 * - the room's cards read "rule 18D" (t1) and "rule 18A" (t2).
 * The engine's play under each rule: hub/table/engine-dead-hands.test.ts; the configs and the API:
 * hub/tournament/count-rule.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { DIRECTOR_TOKEN, ROOT } from '../e2e/harness.js';
import { buildDisplay, removeDisplay, canRun, launchChromium, logIn, text } from './chromium.js';
import { loadHubConfig } from '../../hub/config/load.js';
import { startHub, type RunningHub } from '../../hub/hub.js';

describe.skipIf(!canRun)('the count rule in force on the director pages (003 rule 18A / 18D)', () => {
  let dist = '';
  let browser: Browser;
  let hub: RunningHub;
  let dir = '';
  let tablesFile = '';

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mjhub-count-rule-ui-'));
    const src = path.join(ROOT, 'hub/config/tables/siamese-room.json');
    const cfg = JSON.parse(readFileSync(src, 'utf8'));
    cfg.tables.forEach((t: { cards: string[]; countRule?: string }, i: number) => {
      t.cards = t.cards.map((c) => path.resolve(path.dirname(src), c));
      if (i === 1) t.countRule = '18A';
    });
    tablesFile = path.join(dir, 'tables.json');
    writeFileSync(tablesFile, JSON.stringify(cfg));
    dist = await buildDisplay();
    browser = await launchChromium();
    hub = await startHub({ tables: loadHubConfig(tablesFile), tablesFile, dataDir: path.join(dir, 'data'), ports: [], httpPort: 0, directorToken: DIRECTOR_TOKEN, staticDir: dist });
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await hub?.close();
    removeDisplay(dist);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('the table page and the room show the rule in force and where it was chosen', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${hub.url}/director/t2`);
    await logIn(page, '[data-testid="count-rule"]');
    await page.waitForSelector('[data-testid="count-rule"]', { timeout: 20_000 });
    expect((await text(page, '[data-testid="count-rule"]')).replace(/\s+/g, ' ')).toBe(
      `Count rule in force: 003 rule 18A — a wrong tile count beside one legitimate Mah Jongg: only the other hand is dead; the Mah Jongg is paid (003 rule 18A) (table config: ${tablesFile}: tables.1.countRule)`,
    );
    await page.goto(`${hub.url}/director`);
    await page.waitForSelector('[data-testid="room-count-rule-t2"]', { timeout: 20_000 });
    expect(await text(page, '[data-testid="room-count-rule-t1"]')).toBe('rule 18D');
    expect(await text(page, '[data-testid="room-count-rule-t2"]')).toBe('rule 18A');
    await page.close();
  }, 60_000);
});
