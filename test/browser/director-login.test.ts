import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeTableRuntime, sampleDirectorView } from '../../hub/api/fake-runtime.js';
import { createHubServer, type HubServer } from '../../hub/api/server.js';
import { openSqliteStore } from '../../hub/store/sqlite.js';
import type { EventStore } from '../../hub/store/types.js';
import { buildDisplay, removeDisplay } from '../support/display-build.js';

const SECRET = 'four winds blow';
const launchArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

// each test drives Chromium through a login and a ruling: 7 s at load 18, past the 10 s default once at load 17
describe('director login in the browser (real hub)', { timeout: 60_000 }, () => {
  let dist = '';
  let hub: HubServer;
  let store: EventStore;
  let t1: FakeTableRuntime;
  let url = '';
  let browser: Browser;

  beforeAll(async () => {
    dist = await buildDisplay();
    store = openSqliteStore(':memory:');
    t1 = new FakeTableRuntime(sampleDirectorView('t1'));
    hub = await createHubServer({ tables: [t1], directorToken: 'unused-script-token', directorSecret: SECRET, store, staticDir: dist });
    url = await hub.listen(0);
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: launchArgs });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await hub?.close();
    store?.close();
    removeDisplay(dist);
  });

  it('logs in, watches the director view over the cookie, rules on a flag, logs out', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    try {
      await page.goto(`${url}/director/t1`);
      await page.fill('#director-secret', 'four winds blew');
      await page.click('button[type="submit"]');
      await page.waitForSelector('.login .error');
      expect(((await page.textContent('.login .error')) ?? '').trim()).toBe('Wrong director secret.');

      await page.fill('#director-secret', SECRET);
      await page.click('button[type="submit"]');
      await page.waitForSelector('[data-testid="flag-card-g1-f1"] button.dismiss');
      const cookies = await ctx.cookies();
      expect(cookies.map((c) => [c.name, c.httpOnly, c.sameSite, c.path])).toEqual([['mjhub_director', true, 'Strict', '/']]);
      expect(await page.evaluate(() => document.cookie)).toBe('');

      await page.click('[data-testid="flag-card-g1-f1"] button.dismiss');
      await page.waitForSelector('[data-testid="ruling-result-g1-f1"]');
      expect(await page.textContent('[data-testid="ruling-result-g1-f1"]')).toContain('Dismissed: sent to the hub');
      expect(t1.rulings).toEqual([{ flagId: 'g1-f1', ruling: 'dismiss', by: 'director' }]);

      await page.click('button.forget');
      await page.waitForSelector('#director-secret');
      expect(hub.auth.sessions.size).toBe(0);
      // the hub's log also holds the viewing log of the director's table page (hub/api/viewing-log.ts)
      const logins = store.events('hub').filter((e) => e.type !== 'concealed-viewed');
      expect(logins.map((e) => [e.type, (e.data as { ok?: boolean }).ok])).toEqual([
        ['director-login', false],
        ['director-login', true],
        ['director-logout', undefined],
      ]);
    } finally {
      await ctx.close();
    }
  });

  it("after 5 attempts in a minute the form shows the hub's 429 message", async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    try {
      await page.goto(`${url}/director/t1`);
      // the first test used 2 attempts and 1 logout (not counted): 3 more wrong ones reach 5
      for (let i = 0; i < 3; i++) {
        await page.fill('#director-secret', `guess ${i}`);
        await page.click('button[type="submit"]');
        await page.waitForFunction(() => document.querySelector('.login .error')?.textContent?.includes('Wrong'));
        await page.evaluate(() => document.querySelector('.login .error')?.remove());
      }
      await page.fill('#director-secret', SECRET);
      await page.click('button[type="submit"]');
      await page.waitForFunction(() => document.querySelector('.login .error')?.textContent?.includes('Too Many'));
      // the wait is what is left of the minute that began with the first test's attempts
      expect(((await page.textContent('.login .error')) ?? '').trim()).toMatch(
        /^Too Many Requests: too many login attempts from this address: at most 5 per 60 s; try again in (1 minute|[1-5]?[0-9] seconds)$/,
      );
    } finally {
      await ctx.close();
    }
  });
});
