/**
 * The director's reader page in Chromium shows a reader's faults as the supervisor reports them: a
 * real ReaderSupervisor is fed RK-E1's lines (a HELLO announcing sof=1, its snapshots, then seq 40
 * after seq 1), and the table's director view carries its statuses, served by a real hub server
 * (hub/api/server.ts, the built display). What a director checks by hand on /director/t1:
 * "lines 2-39 lost · 38 lines lost in all" under the gap count 1, and "start of frame: yes"; and
 * FL-1, relayed by a browser page whose Bluetooth link to it is retrying (`relay:link`), shown
 * "relay link retrying: reconnecting", not connected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeLine } from '../../firmware-protocol/codec.js';
import type { ReaderMessage } from '../../firmware-protocol/messages.js';
import { FakeTableRuntime, sampleDirectorView } from '../../hub/api/fake-runtime.js';
import { createHubServer, type HubServer } from '../../hub/api/server.js';
import { ReaderSupervisor } from '../../hub/readers/supervisor.js';
import { openSqliteStore } from '../../hub/store/sqlite.js';
import { DIRECTOR_TOKEN } from '../e2e/harness.js';
import { canRun, chromiumPerSuite, logIn, text } from './chromium.js';

describe.skipIf(!canRun)("the director's reader page shows lost lines as their range and the start of frame", () => {
  const suite = chromiumPerSuite();
  let hub: HubServer;
  let url = '';

  beforeAll(async () => {
    const sup = new ReaderSupervisor(
      new Map([
        ['RK-E1', ['in', 'top']],
        ['FL-1', ['floor']],
      ]),
      openSqliteStore(':memory:'),
      { snapshot: () => {}, add: () => {}, remove: () => {}, status: () => {} },
      5000,
    );
    const conn = { name: '/dev/ttyUSB0', write: () => {} };
    const t = Date.now();
    const send = (m: ReaderMessage, at: number) => sup.line(conn, encodeLine(m), at);
    send({ type: 'HELLO', reader: 'RK-E1', firmware: '1.0.0', protocol: 1, zones: ['in', 'top'], sof: true }, t);
    send({ type: 'SNAP', seq: 0, zone: 'in', tags: [] }, t + 10);
    send({ type: 'SNAP', seq: 1, zone: 'top', tags: [] }, t + 20);
    send({ type: 'HB', seq: 40, uptimeMs: 40_000 }, t + 30); // 2..39 never came
    const relayed = { name: 'relay://page-1 (Bluetooth MJ-FL-1)', write: () => {}, relayPage: { page: 'page-1', openedAt: t, userAgent: 'Chromium' } };
    sup.line(relayed, encodeLine({ type: 'HELLO', reader: 'FL-1', firmware: '1.0.0', protocol: 1, zones: ['floor'] }), t);
    sup.line(relayed, encodeLine({ type: 'SNAP', seq: 0, zone: 'floor', tags: [] }), t + 10);
    sup.link(relayed, true, 'Bluetooth link lost'); // the page's relay:link
    const view = sampleDirectorView('t1');
    view.readers = sup.statuses(t + 30);
    sup.close();
    hub = await createHubServer({ tables: [new FakeTableRuntime(view)], directorToken: DIRECTOR_TOKEN, directorSecret: DIRECTOR_TOKEN, staticDir: suite.dist });
    url = await hub.listen(0);
  }, 60_000);
  afterAll(async () => {
    await hub?.close();
  });

  it('RK-E1: gaps 1, "lines 2-39 lost · 38 lines lost in all", "start of frame: yes"; FL-1: "relay link retrying: reconnecting"', async () => {
    const ctx = await suite.browser.newContext();
    const page = await ctx.newPage();
    try {
      await page.goto(`${url}/director/t1`);
      await logIn(page, '[data-testid="reader-health"]');
      await page.waitForSelector('[data-testid="reader-lost-RK-E1"]', { timeout: 20_000 });
      // 39 - 2 + 1 = 38 lines, one range, one gap
      expect(await text(page, '[data-testid="reader-lost-RK-E1"]')).toBe('lines 2-39 lost · 38 lines lost in all');
      expect(await text(page, '[data-testid="reader-sof-RK-E1"]')).toBe('start of frame: yes');
      expect(await page.$eval('[data-testid="reader-row-RK-E1"] td:nth-child(6)', (td) => (td.firstChild?.textContent ?? '').trim())).toBe('1');
      expect(await text(page, '[data-testid="reader-row-RK-E1"] td.state')).toBe('connected');
      expect(await text(page, '[data-testid="reader-row-FL-1"] td.state')).toBe('relay link retrying: reconnecting');
    } finally {
      await ctx.close();
    }
  }, 60_000);
});
