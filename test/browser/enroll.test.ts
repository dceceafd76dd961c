/**
 * The enroll page in Chromium against the real hub API (createHubServer + the enrolment routes) with
 * a small fixture table whose readers "see" three unknown tags (one a random UID). A director with a
 * draft of 149 tiles (5D#4, N#2 and J#8 missing) opens /enroll/t1, gives the token and the set id,
 * and assigns the newest tag to 5 Dot and the next to North with the tile picker: the page reads
 * "150 of 152" then "151 of 152" and "missing J ×1"; Finish is refused naming the missing joker.
 * The set in play at the table has a weak joker (J#3 read in 6 of 10 snapshots of RK-E1/in): the
 * page lists it with its rate, 60 %.
 * Screenshot: test-results/enroll.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { fullTileSet, kindOf } from '../../rules/tiles.js';
import { FakeTableRuntime, sampleDirectorView } from '../../hub/api/fake-runtime.js';
import { createHubServer, type HubServer } from '../../hub/api/server.js';
import type { UnknownTag } from '../../hub/tracking/tracker.js';
import { TileSetRegistry } from '../../hub/tilesets/registry.js';
import { saveTileSet } from '../../hub/tilesets/store.js';
import { ReadStats } from '../../hub/tilesets/read-stats.js';
import { simulatedTileSet, tagOfTile } from '../../hub/tilesets/simulated.js';
import { buildDisplay, removeDisplay } from '../support/display-build.js';

const CHROMIUM = '/usr/bin/chromium';
const TOKEN = 'enroll-director';
const tag = (i: number) => `04C0FFEE${i.toString(16).toUpperCase().padStart(6, '0')}`;

class SeeingTable extends FakeTableRuntime {
  seen: UnknownTag[] = [];
  unknownTags(): UnknownTag[] {
    return this.seen;
  }
  owns(zone: string): boolean {
    return zone.startsWith('RK-');
  }
}

describe.skipIf(!existsSync(CHROMIUM))('enroll page in Chromium', () => {
  let hub: HubServer;
  let url: string;
  let browser: Browser;
  const dirs: string[] = [];
  const dists: string[] = [];

  beforeAll(async () => {
    const dist = await buildDisplay();
    const sets = mkdtempSync(join(tmpdir(), 'mjhub-sets-'));
    dirs.push(sets);
    dists.push(dist);
    const draft = new TileSetRegistry('club-set-3');
    fullTileSet().forEach((t, i) => {
      if (t !== '5D#4' && t !== 'N#2' && t !== 'J#8') draft.enrol(tag(i), kindOf(t));
    });
    saveTileSet(sets, draft, false);
    // the table config says plain faces (the enrolment page draws them unless it chose its own)
    const t1 = new SeeingTable({ ...sampleDirectorView('t1'), tileFaces: 'plain' });
    const now = Date.now();
    t1.seen = [
      { tag: '04A1B2C3D4E5F6', zone: 'RK-E1/top', at: now + 60_000 },
      { tag: '08A1B2C3', zone: 'RK-E1/top', at: now - 2_000 },
      { tag: '04A1B2C3D4E5F7', zone: 'RK-E1/in', at: now - 5_000 },
    ];
    const readStats = new ReadStats();
    readStats.addTable('t1', 'simulated', simulatedTileSet(), ['RK-E1']);
    for (let s = 0; s < 10; s++) readStats.snapshot('RK-E1/in', s % 2 === 1 && s < 8 ? [] : [tagOfTile('J#3')], now + s * 2000);
    hub = await createHubServer({ tables: [t1], directorToken: TOKEN, staticDir: dist, tileSetDir: sets, readStats });
    url = await hub.listen(0);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await hub?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    for (const d of dists) removeDisplay(d);
  });

  it('goes on with a draft, assigns tags with the tile picker, refuses an incomplete finish, and saves a screenshot', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await page.goto(`${url}/enroll/t1`);
    // the director's login, as on every director page: no token field (the secret is the token here)
    await page.fill('#director-secret', TOKEN);
    await page.click('button[type="submit"]');
    await page.waitForSelector('#set-id');
    expect(await page.$('#enroll-token')).toBeNull();
    await page.fill('#set-id', 'club-set-3');
    await page.click('button:has-text("Start")');
    const count = () => page.textContent('[data-testid="enroll-count"]').then((t) => t?.replace(/\s+/g, ' ').trim());
    await page.waitForSelector('[data-testid="enroll-count"]');
    expect(await count()).toBe('Set club-set-3: 149 of 152 tiles enrolled');
    expect(await page.textContent('[data-testid="enroll-missing"]')).toBe('missing 5D ×1, N ×1, J ×1');
    // the random UID is shown, and cannot be picked
    expect(await page.isDisabled('[data-testid="unknown-tag-08A1B2C3"]')).toBe(true);
    expect(await page.textContent('[data-testid="unknown-tag-08A1B2C3"]')).toContain('random UID: cannot identify a tile');
    // the newest tag is selected: it is under the 5 Dot
    expect(await page.textContent('[data-testid="selected-tag"]')).toBe('04A1B2C3D4E5F6');
    await page.click('[data-testid="pick-5D"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="enroll-count"]')?.textContent?.includes('150 of 152'));
    expect(await page.textContent('[data-testid="enroll-message"]')).toBe('04A1B2C3D4E5F6 is 5D#4.');
    expect(await page.textContent('[data-testid="pick-5D"]')).toContain('all in');
    expect(await page.textContent('[data-testid="pick-J"]')).toContain('1 to go');
    // next: the other tag, under a North
    await page.waitForFunction(() => document.querySelector('[data-testid="selected-tag"]')?.textContent === '04A1B2C3D4E5F7');
    await page.click('[data-testid="pick-N"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="enroll-count"]')?.textContent?.includes('151 of 152'));
    expect(await page.textContent('[data-testid="enroll-missing"]')).toBe('missing J ×1');
    // the weak tags of the set in play
    expect((await page.textContent('[data-testid="weak-tag"]'))?.replace(/\s+/g, ' ').trim()).toBe(`★ JOKER J#3 in RK-E1/in: read 6 of 10 (60 %) · tag ${tagOfTile('J#3')}`);
    // the layout form offers the zone still reading an unknown tag
    expect(await page.inputValue('.layout select')).toBe('RK-E1/top');
    // finish is refused while a joker is missing
    await page.click('[data-testid="enroll-finish"]');
    await page.waitForSelector('[data-testid="enroll-error"]');
    expect(await page.textContent('[data-testid="enroll-error"]')).toBe('Conflict: set "club-set-3" is not complete: missing J ×1 (finish with draft: true to save it and go on later)');
    mkdirSync(resolve('test-results'), { recursive: true });
    await page.screenshot({ path: resolve('test-results/enroll.png'), fullPage: true });
  }, 60_000);
  it("draws the tiles with the table display's choice of faces: the config's plain, ?faces=traditional, the faces button remembered", async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const picker = '[data-testid="pick-1B"]';
    const styles = (page: Page) => page.$$eval('[data-testid^="pick-"] [role="img"]', (ts) => [...new Set(ts.map((t) => t.getAttribute('data-faces')))]);
    try {
      const page = await ctx.newPage();
      await page.goto(`${url}/enroll/t1`);
      await page.fill('#director-secret', TOKEN);
      await page.click('button[type="submit"]');
      await page.waitForSelector('#set-id');
      await page.fill('#set-id', 'club-set-3');
      await page.click('form.start button[type="submit"]');
      await page.waitForSelector(`${picker} [role="img"]`, { timeout: 20_000 });
      // the 36 kinds of the picker, each drawn once: the config's plain
      expect(await page.$$eval('[data-testid^="pick-"] [role="img"]', (ts) => ts.length)).toBe(36);
      await expect.poll(() => styles(page)).toEqual(['plain']);
      await page.goto(`${url}/enroll/t1?faces=traditional`);
      await page.waitForSelector(`${picker} [role="img"]`, { timeout: 20_000 });
      expect(await styles(page)).toEqual(['traditional']);
      await page.click('[data-testid="faces-toggle"]');
      await expect.poll(() => styles(page)).toEqual(['plain']);
      await page.click('[data-testid="faces-toggle"]');
      await expect.poll(() => styles(page)).toEqual(['traditional']);
      // remembered in this browser, over the config's plain
      await page.goto(`${url}/enroll/t1`);
      await page.waitForSelector(`${picker} [role="img"]`, { timeout: 20_000 });
      expect(await styles(page)).toEqual(['traditional']);
    } finally {
      await ctx.close();
    }
  }, 60_000);
});
