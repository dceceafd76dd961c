/**
 * The director's red banner for a central PostgreSQL store that hangs: a real hub server
 * (hub/api/server.ts) on the PostgreSQL store, whose connection goes through a TCP proxy the test
 * freezes (hub/store/pausable-proxy.ts: every socket stays open, nothing is answered). In Chromium
 * the director's table page shows the banner once the oldest unwritten row is older than
 * STORE_STALL_MS (the banner asks every 5 s), and it goes away after the path thaws, with the row
 * written. Skipped, with the reason, without PostgreSQL or Chromium.
 */
import { existsSync } from 'node:fs';
import pg from 'pg';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeTableRuntime, sampleDirectorView } from '../../hub/api/fake-runtime.js';
import { createHubServer, type HubServer } from '../../hub/api/server.js';
import { startPausableProxy, type PausableProxy } from '../../hub/store/pausable-proxy.js';
import { postgresSkipReason, startTestPostgres, type TestPostgres } from '../../hub/store/pg-test-server.js';
import { openPostgresStore, STORE_STALL_MS, type PostgresEventStore } from '../../hub/store/postgres.js';
import { buildDisplay, removeDisplay } from '../support/display-build.js';

const SECRET = 'four winds blow';
const CHROMIUM = '/usr/bin/chromium';
const skip = postgresSkipReason() ?? (existsSync(CHROMIUM) ? null : `${CHROMIUM} not installed`);
const launchArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

describe.skipIf(skip !== null)(`director banner for a PostgreSQL store that hangs${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let dist = '';
  let server: TestPostgres;
  let proxy: PausableProxy;
  let store: PostgresEventStore;
  let hub: HubServer;
  let url = '';
  let direct = '';
  let browser: Browser;

  beforeAll(async () => {
    dist = await buildDisplay();
    server = await startTestPostgres();
    direct = await server.createDatabase('banner');
    const port = Number(new URL(direct).port);
    proxy = await startPausableProxy({ host: '127.0.0.1', port });
    store = await openPostgresStore(direct.replace(`:${port}/`, `:${proxy.port}/`), { onFlushError: () => undefined, retryMs: [100, 500] });
    hub = await createHubServer({
      tables: [new FakeTableRuntime(sampleDirectorView('t1'))],
      directorToken: 'unused-script-token',
      directorSecret: SECRET,
      store: Object.assign(store, { asyncWrites: true as const }),
      staticDir: dist,
    });
    url = await hub.listen(0);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: launchArgs });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    proxy?.resume();
    await hub?.close();
    store?.close();
    await store?.drain().catch(() => undefined);
    await proxy?.close();
    await server?.stop();
    removeDisplay(dist);
  }, 60_000);

  it('the red banner appears while the server answers nothing, and goes once everything is written', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    try {
      await page.goto(`${url}/director/t1`);
      await page.fill('#director-secret', SECRET);
      await page.click('button[type="submit"]');
      await page.waitForSelector('[data-testid="flag-card-g1-f1"]');
      await store.drain();
      expect(await page.$('[data-testid="store-health"]')).toBeNull();

      proxy.pause();
      const t0 = Date.now();
      store.append('t1', 'tile-moved', t0, { tile: '5B#3', to: 'rack-0-1' });
      // the bound plus the banner's 5 s poll, with room to spare on a busy machine
      await page.waitForSelector('[data-testid="store-health"]', { timeout: STORE_STALL_MS + 25_000 });
      console.log(`frozen store: the director's banner showed ${Date.now() - t0} ms after the first unwritten row (bound ${STORE_STALL_MS} ms, banner poll 5000 ms)`);
      const banner = ((await page.textContent('[data-testid="store-health"]')) ?? '').trim();
      expect(banner).toMatch(
        /^⚠ The hub is retrying to write its event log \(since \d\d:\d\d:\d\d\): writing the event log postgres:\/\/postgres@127\.0\.0\.1:\d+\/banner has not finished for \d+ s: the database server does not answer\. \d+ events? and reader lines are not saved: they are lost when the hub stops\. Table views wait for the write\. Check the database server and the network path to it\.$/,
      );

      proxy.resume();
      await page.waitForSelector('[data-testid="store-health"]', { state: 'detached', timeout: 30_000 });
      await store.drain();
      const c = new pg.Client({ connectionString: direct });
      await c.connect();
      try {
        const r = await c.query<{ tile: string }>("SELECT data->>'tile' AS tile FROM events WHERE type = 'tile-moved'");
        expect(r.rows).toEqual([{ tile: '5B#3' }]);
      } finally {
        await c.end();
      }
    } finally {
      await ctx.close();
    }
  }, 120_000);
});
