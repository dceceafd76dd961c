/**
 * The director's printed sheets in Chromium (the real hub server listening on 127.0.0.1, an
 * 8-player tournament on two tables moved by hand): each round's seating chart, each table's score
 * card and claim sheet, the standings and each player's card print as exactly one page on A4 and on
 * Letter (Chromium's PDF output: its "/Type /Page" objects counted). Skipped without Chromium.
 */
import { existsSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHubServer, type HubServer } from '../../hub/api/server.js';
import { openSqliteStore } from '../../hub/store/sqlite.js';
import { CONFIG, FakeStandardTable, T0, playRoundOne, siameseTable } from '../../hub/tournament/fixtures.test-helpers.js';
import { TournamentService } from '../../hub/tournament/service.js';
import { CHROMIUM, launchChromium, pdfPageCount } from './chromium.js';

const TOKEN = 'print-token-1';
const PUBLIC_URL = 'http://192.168.1.20:8080';

describe.skipIf(!existsSync(CHROMIUM))("the director's printed sheets (Chromium PDF, A4 and Letter)", () => {
  let hub: HubServer;
  let svc: TournamentService;
  let url = '';
  let browser: Browser;
  let page: Page;
  const clock = { now: T0 };

  beforeAll(async () => {
    const t1 = siameseTable();
    const t2 = new FakeStandardTable(() => svc);
    svc = new TournamentService({ config: CONFIG, store: openSqliteStore(':memory:'), now: () => clock.now, tickMs: 0 });
    hub = await createHubServer({ tables: svc.wrap([t1, t2]), directorToken: TOKEN, tournament: svc, publicUrl: PUBLIC_URL });
    url = await hub.listen(0);
    playRoundOne(svc, t1, t2, clock);
    browser = await launchChromium();
    page = await browser.newPage();
    await page.setExtraHTTPHeaders({ authorization: `Bearer ${TOKEN}` });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await hub?.close();
    svc?.close();
  });

  const SHEETS = ['seating/1', 'seating/2', 'card/1/1', 'card/2/1', 'card/1/2', 'claim/1', 'claim/t2', 'standings', 'player/p1', 'player/p8'];

  it.each(SHEETS)('%s prints as exactly one page on A4 and on Letter', async (sheet) => {
    const res = await page.goto(`${url}/api/director/tournament/print/${sheet}`);
    expect(res?.status()).toBe(200);
    const a4 = await page.pdf({ format: 'A4', printBackground: true });
    const letter = await page.pdf({ format: 'Letter', printBackground: true });
    expect([pdfPageCount(a4), pdfPageCount(letter)]).toEqual([1, 1]);
    // the paper is the one asked for: A4 595.92 × 842.88 pt (Chromium's 210 × 297 mm), Letter 612 × 792 pt
    expect(a4.toString('latin1')).toContain('/MediaBox [0 0 595.91998 842.88]');
    expect(letter.toString('latin1')).toMatch(/\/MediaBox \[0 0 612 792\]/);
  });

  it('the counter counts pages: a sheet printed twice over is 2 pages', async () => {
    await page.goto(`${url}/api/director/tournament/print/standings`);
    await page.evaluate(() => {
      const sheet = document.querySelector('[data-sheet]')!;
      const again = sheet.cloneNode(true) as HTMLElement;
      again.style.breakBefore = 'page';
      sheet.after(again);
    });
    expect(pdfPageCount(await page.pdf({ format: 'A4' }))).toBe(2);
  });

  it('what the sheets say: Ann 75 − 5 = 70, rank 2; the claim sheet has the URL and QR, no player code', async () => {
    await page.goto(`${url}/api/director/tournament/print/standings`);
    const rows = await page.$$eval('table tr', (trs) =>
      trs.map((tr) =>
        Array.from(tr.children)
          .map((c) => (c.textContent ?? '').trim())
          .join('|'),
      ),
    );
    expect(rows.slice(0, 3)).toEqual(['Rank|Player|Game points|Penalties|Total|Prize|', '1|Cat Park|80|0|80|100|', '2|Ann Lee|75|-5|70|60|']);
    await page.goto(`${url}/api/director/tournament/print/player/p1`);
    expect((await page.textContent('[data-standing]'))?.trim()).toBe('Game points 75 · penalties -5 · total 70 · rank 2');
    await page.goto(`${url}/api/director/tournament/print/claim/1`);
    expect((await page.textContent('[data-url]'))?.trim()).toBe(`${PUBLIC_URL}/claim/t1`);
    expect(await page.$$eval('[data-qr] svg', (s) => s.length)).toBe(1);
    expect(await page.content()).not.toMatch(/\/seat\/|token/i);
    await page.goto(`${url}/api/director/tournament/print/seating/2`);
    expect(await page.$$eval('[data-table]', (t) => t.length)).toBe(2);
    const anon = await (await browser.newPage()).goto(`${url}/api/director/tournament/print/standings`);
    expect(anon?.status()).toBe(401);
  });
});
