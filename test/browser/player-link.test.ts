/**
 * The player link in Chromium (the real hub server, hub/api/server.ts, with a tournament on two
 * fake 4-player tables t1 and t2): a player checked in at the desk opens table 1's claim page,
 * enters the code from the slip and sees their own seat; a second phone with the same code is
 * refused naming the player; at round 2 the phone follows the player to table 2, West, told by the
 * hub over its socket (no HTTP poll meanwhile); when the
 * director reissues the code the phone says the link was revoked (not "reconnecting"), on the player
 * page and on the seat's own page (/seat/<token>: its reason in place of the connection banner, and
 * nothing else: its last hand is gone, not greyed). The table
 * display shows the claim page's QR code between games only; the room lists who has not checked
 * in (its desk checks a player in and shows the slip until Done: the slip's own QR code opens the
 * claim page with the code filled in, and the slip prints alone on one page), and no public screen
 * shows a code. Skipped without Chromium.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHubServer, type HubServer } from '../../hub/api/server.js';
import type { FakeTableRuntime } from '../../hub/api/fake-runtime.js';
import { openSqliteStore } from '../../hub/store/sqlite.js';
import { MIN, T0 } from '../../hub/tournament/fixtures.test-helpers.js';
import { PLAYER_CONFIG, standardTable } from '../../hub/tournament/players.test-helpers.js';
import { TournamentService } from '../../hub/tournament/service.js';
import { CHROMIUM, chromiumPerSuite, pdfPageCount, text } from './chromium.js';
import QRCode from 'qrcode';
import { DEVICE_KEY } from '../../display/src/lib/playerLink.js';

const SECRET = 'four winds blow';
const TOKEN = 'unused-script-token';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const hhmm = (ms: number) => {
  const d = new Date(ms);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

describe.skipIf(!existsSync(CHROMIUM))('the player link: claim page, following the player, revoked, check-in (Chromium)', () => {
  const suite = chromiumPerSuite();
  let hub: HubServer;
  let svc: TournamentService;
  let url = '';
  let t1: FakeTableRuntime;
  const clock = { now: T0 };

  beforeAll(async () => {
    svc = new TournamentService({ config: PLAYER_CONFIG, store: openSqliteStore(':memory:'), now: () => clock.now, tickMs: 0 });
    t1 = standardTable('t1');
    hub = await createHubServer({ tables: svc.wrap([t1, standardTable('t2')]), directorToken: TOKEN, directorSecret: SECRET, tournament: svc, staticDir: suite.dist });
    url = await hub.listen(0);
  }, 90_000);

  afterAll(async () => {
    await hub?.close();
    svc?.close();
  });

  it('claim, a second phone refused, the seat follows into round 2, then the revoked state', async () => {
    const { code } = (await hub.app.inject({ method: 'POST', url: '/api/director/tournament/players/p2/check-in', headers: AUTH })).json();
    const phone = await suite.browser.newContext({ viewport: { width: 400, height: 800 } });
    const other = await suite.browser.newContext({ viewport: { width: 400, height: 800 } });
    try {
      const page = await phone.newPage();
      // every time the player page asks where Bea sits (GET /api/player/:device): only while its socket is down
      const asked: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/api/player/')) asked.push(r.url());
      });
      await page.goto(`${url}/claim/t1`);
      await page.fill('#player-code', code.toLowerCase());
      await page.click('button[type="submit"]');
      await page.waitForURL(`${url}/player`);
      // round 1: Bea sits South at table 1, hub table t1's South (named "t1-South" there), game 1
      await expect.poll(() => text(page, '[data-testid="player-where"]'), { timeout: 20_000 }).toBe('Bea Ross · round 1 of 2 · table 1 · South');
      await expect.poll(() => text(page, '[data-testid="seat-name"]'), { timeout: 20_000 }).toBe('t1-South');
      // the hub told the page over its socket (the `/player` namespace), not an answer to a poll
      await expect.poll(() => page.getAttribute('[data-testid="player-where"]', 'data-source'), { timeout: 20_000 }).toBe('socket');
      const askedInRound1 = asked.length;
      // 13 tiles in her rack: 1C … 9C, 1C … 4C (players.test-helpers.ts)
      expect(await page.$$eval('[data-testid="seat-concealed-0"] > *', (els) => els.length)).toBe(13);

      const second = await other.newPage();
      await second.goto(`${url}/claim/t1`);
      await second.fill('#player-code', code);
      await second.click('button[type="submit"]');
      await expect
        .poll(() => text(second, '[data-testid="claim-error"]'), { timeout: 20_000 })
        .toBe(`the code of Bea Ross (p2) is already bound to another device (since ${hhmm(T0)}): ask the director to reissue it`);
      expect(second.url()).toBe(`${url}/claim/t1`);

      // round 1's time runs out; the director moves on: Bea (home South) goes 1 table on and one seat round
      svc.clock('start');
      clock.now = T0 + 50 * MIN + 1_000;
      svc.tick();
      svc.nextRound();
      await expect.poll(() => text(page, '[data-testid="player-where"]'), { timeout: 20_000 }).toBe('Bea Ross · round 2 of 2 · table 2 · West');
      await expect.poll(() => text(page, '[data-testid="seat-name"]'), { timeout: 20_000 }).toBe('t2-West');
      expect(page.url()).toBe(`${url}/player`);
      // pushed: no poll between round 1 and round 2 (before the socket, one GET every 2 s)
      expect(await page.getAttribute('[data-testid="player-where"]', 'data-source')).toBe('socket');
      expect(asked.slice(askedInRound1)).toEqual([]);
      // the seat's own line names the table as the line above does (table 2, hub table t2), then the round, the game and the clock, each after " · "
      await expect.poll(async () => (await text(page, '[data-testid="seat-game"]')).replace(/\s+/g, ' '), { timeout: 20_000 }).toBe('table 2 · Round 2 · Game 1 of 4 · 50:00 (not started)');

      // the same phone also has the seat's own page open (/seat/<the link's seat token>): live, no banner
      const seatToken = await page.evaluate(async (key) => {
        const res = await fetch(`/api/player/${encodeURIComponent(localStorage.getItem(key) ?? '')}`);
        return ((await res.json()) as { seatToken: string }).seatToken;
      }, DEVICE_KEY);
      const seatPage = await phone.newPage();
      await seatPage.goto(`${url}/seat/${seatToken}`);
      await expect.poll(() => text(seatPage, '[data-testid="seat-name"]'), { timeout: 20_000 }).toBe('t2-West');
      await seatPage.waitForSelector('[data-testid="connection-banner"]', { state: 'detached', timeout: 20_000 });

      clock.now = T0 + 55 * MIN;
      expect((await hub.app.inject({ method: 'POST', url: '/api/director/tournament/players/p2/reissue', headers: AUTH })).statusCode).toBe(200);
      // the seat's page says the link was revoked, in the hub's words, and not that it is reconnecting (no connection banner)
      await expect
        .poll(() => text(seatPage, '[data-testid="seat-ended"]'), { timeout: 20_000 })
        .toBe(`seat token revoked: This link was revoked by the director at ${hhmm(T0 + 55 * MIN)}: ask the director for your new code.`);
      expect(await seatPage.$('[data-testid="connection-banner"]')).toBeNull();
      expect(await seatPage.textContent('body')).not.toMatch(/reconnecting/i);
      // and nothing else: no hand, not even greyed (the revoked phone may be in someone else's hands)
      expect(await seatPage.$('[data-testid="seat-view"]')).toBeNull();
      expect(await seatPage.$$eval('[data-kind]', (tiles) => tiles.length)).toBe(0);
      expect(((await seatPage.textContent('body')) ?? '').trim()).toBe(`seat token revoked: This link was revoked by the director at ${hhmm(T0 + 55 * MIN)}: ask the director for your new code.`);
      await expect
        .poll(() => text(page, '[data-testid="player-revoked"] p'), { timeout: 20_000 })
        .toBe(`This link was revoked by the director at ${hhmm(T0 + 55 * MIN)}: ask the director for your new code.`);
      expect(await page.$('[data-testid="seat-view"]')).toBeNull();
      expect(await page.textContent('body')).not.toMatch(/reconnecting/i);
    } finally {
      await phone.close();
      await other.close();
    }
  }, 90_000);

  it('the table display shows the claim QR between games only; the room lists who has not checked in; no code on either', async () => {
    const { code } = (await hub.app.inject({ method: 'POST', url: '/api/director/tournament/players/p5/check-in', headers: AUTH })).json();
    const ctx = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const table = await ctx.newPage();
      await table.goto(`${url}/table/t1`);
      await table.waitForSelector('[data-testid="seat-0"], .table, main', { timeout: 20_000 });
      // in play: no QR
      await expect.poll(async () => (await table.$$('[data-testid="table-claim-qr"]')).length, { timeout: 5_000 }).toBe(0);
      t1.set((v) => {
        v.phase = 'ended';
      });
      await expect.poll(() => text(table, '[data-testid="table-claim-url"]'), { timeout: 20_000 }).toBe(`${url}/claim/t1`);
      expect(await table.textContent('body')).not.toContain(code);

      const room = await ctx.newPage();
      await room.goto(`${url}/director`);
      await room.fill('#director-secret', SECRET);
      await room.click('button[type="submit"]');
      // 8 players; Bea (p2, first test) and Eve (p5) checked in: 6 not
      await expect.poll(() => text(room, '[data-testid="checkin-count"]'), { timeout: 20_000 }).toBe('2 of 8 checked in');
      expect(await text(room, '[data-testid="checkin-missing"]')).toBe('Ann Lee, Cat Park, Dot Shaw, Fay Wong, Gil Moss, Hal Burt');
      expect(await room.textContent('body')).not.toContain(code);

      // the desk: Check in Ann gives her slip with a 12-character code; Done takes it off the screen
      await room.click('[data-testid="checkin-list"] summary');
      await room.click('[data-testid="desk-p1"] button.check-in');
      await expect.poll(() => text(room, '[data-testid="checkin-slip-code"]'), { timeout: 20_000 }).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
      const annCode = await text(room, '[data-testid="checkin-slip-code"]');
      // 3 of 8 now: Ann Lee is off the list
      await expect.poll(() => text(room, '[data-testid="checkin-count"]'), { timeout: 20_000 }).toBe('3 of 8 checked in');
      expect(await text(room, '[data-testid="checkin-missing"]')).toBe('Cat Park, Dot Shaw, Fay Wong, Gil Moss, Hal Burt');
      // the slip's own QR code holds the claim page with Ann's code: the hub's SVG is the one the QR
      // library draws for exactly that address (another address, another code: other modules)
      const slipQr = await room.$eval('[data-testid="checkin-slip-qr"]', (img) => decodeURIComponent((img as HTMLImageElement).src.replace(/^data:image\/svg\+xml;charset=utf-8,/, '')));
      expect(slipQr).toBe(await QRCode.toString(`${url}/claim#code=${annCode}`, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }));
      expect(slipQr).not.toBe(await QRCode.toString(`${url}/claim`, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }));
      // printed, the slip comes alone (name, code, QR) on one page, A4 and Letter: the room's other parts are not printed
      await room.emulateMedia({ media: 'print' });
      expect(await room.isVisible('[data-testid="checkin-slip-qr"]')).toBe(true);
      expect(await room.isVisible('[data-testid="checkin-slip-code"]')).toBe(true);
      expect(await room.isVisible('[data-testid="checkin-count"]')).toBe(false);
      expect(await room.isVisible('[data-testid="checkin-slip-print"]')).toBe(false);
      expect(await room.$$eval('[data-testid^="room-table-"]', (cards) => cards.filter((c) => (c as HTMLElement).offsetParent !== null).length)).toBe(0);
      expect(pdfPageCount(await room.pdf({ format: 'A4' }))).toBe(1);
      expect(pdfPageCount(await room.pdf({ format: 'Letter' }))).toBe(1);
      await room.screenshot({ path: resolve('test-results/checkin-slip-print.png') });
      await room.emulateMedia({ media: 'screen' });
      await room.click('[data-testid="checkin-slip"] button.done');
      expect(await room.textContent('body')).not.toContain(annCode);
      // the QR's address on Ann's phone: the claim page with her code filled in; one press binds the phone
      const phone = await ctx.newPage();
      await phone.goto(`${url}/claim#code=${annCode}`);
      expect(await phone.inputValue('#player-code')).toBe(annCode);
      await phone.click('button[type="submit"]');
      await phone.waitForURL(`${url}/player`);
      await expect.poll(() => text(phone, '[data-testid="player-where"]'), { timeout: 20_000 }).toMatch(/^Ann Lee · round /);
    } finally {
      await ctx.close();
    }
  }, 90_000);

  it('with its socket down (socket.io blocked on the way to the hub), the player page asks every 2 s instead', async () => {
    const { code } = (await hub.app.inject({ method: 'POST', url: '/api/director/tournament/players/p6/check-in', headers: AUTH })).json();
    const ctx = await suite.browser.newContext({ viewport: { width: 400, height: 800 } });
    try {
      const page = await ctx.newPage();
      await page.route('**/socket.io/**', (r) => r.abort());
      const asked: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/api/player/')) asked.push(r.url());
      });
      await page.goto(`${url}/claim/t1`);
      await page.fill('#player-code', code);
      await page.click('button[type="submit"]');
      await page.waitForURL(`${url}/player`);
      // round 2 (the first test moved on): Fay (p6) where the seating puts her, told by an answer to a GET
      await expect.poll(() => text(page, '[data-testid="player-where"]'), { timeout: 20_000 }).toMatch(/^Fay Wong · round 2 of 2 · table \d · (East|South|West|North)$/);
      expect(await page.getAttribute('[data-testid="player-where"]', 'data-source')).toBe('ask');
      // and it keeps asking while the socket stays down: a second GET within another 2 s (bounded wait, 10 s)
      const first = asked.length;
      expect(first).toBeGreaterThanOrEqual(1);
      await expect.poll(() => asked.length, { timeout: 10_000 }).toBeGreaterThan(first);
    } finally {
      await ctx.close();
    }
  }, 90_000);
});
