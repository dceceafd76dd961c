/**
 * Table labels in Chromium (the real hub server with a tournament on two fake 4-player tables t1
 * and t2, hub/tournament/players.test-helpers.ts): the director relabels table 1 (t1) as "12"
 * mid-round; the player's phone, the table display, the seat view and the room's table card say
 * "table 12" by themselves, while every address keeps t1. Then a swap with table 2. Then the
 * room's own form relabels and swaps, and the room's card, an open call's text ("table 7 calls")
 * and the spectators' pages follow. Skipped without Chromium.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHubServer, type HubServer } from '../../hub/api/server.js';
import { openSqliteStore } from '../../hub/store/sqlite.js';
import { T0 } from '../../hub/tournament/fixtures.test-helpers.js';
import { PLAYER_CONFIG, standardTable } from '../../hub/tournament/players.test-helpers.js';
import { TournamentService } from '../../hub/tournament/service.js';
import { CHROMIUM, chromiumPerSuite, text, texts } from './chromium.js';

const SECRET = 'placards move';
const TOKEN = 'table-labels-token';
const AUTH = { authorization: `Bearer ${TOKEN}` };

describe.skipIf(!existsSync(CHROMIUM))('table labels on the screens (Chromium)', () => {
  const suite = chromiumPerSuite();
  let hub: HubServer;
  let svc: TournamentService;
  let url = '';

  beforeAll(async () => {
    svc = new TournamentService({ config: PLAYER_CONFIG, store: openSqliteStore(':memory:'), now: () => T0, tickMs: 0 });
    hub = await createHubServer({ tables: svc.wrap([standardTable('t1'), standardTable('t2')]), directorToken: TOKEN, directorSecret: SECRET, tournament: svc, staticDir: suite.dist });
    url = await hub.listen(0);
  }, 90_000);

  afterAll(async () => {
    await hub?.close();
    svc?.close();
  });

  it('t1 relabelled "12", then swapped with t2: the phone, the table display and the room follow', async () => {
    const { code } = (await hub.app.inject({ method: 'POST', url: '/api/director/tournament/players/p2/check-in', headers: AUTH })).json();
    const phone = await suite.browser.newContext({ viewport: { width: 400, height: 800 } });
    const desk = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await phone.newPage();
      await page.goto(`${url}/claim/t1`);
      await page.fill('#player-code', code);
      await page.click('button[type="submit"]');
      await page.waitForURL(`${url}/player`);
      // round 1: Bea sits South at table 1 (t1)
      await expect.poll(() => text(page, '[data-testid="player-where"]'), { timeout: 20_000 }).toBe('Bea Ross · round 1 of 2 · table 1 · South');

      const table = await desk.newPage();
      await table.goto(`${url}/table/t1`);
      // never relabelled: the display names the table by its number, as Bea's phone does, and the hub table beside it
      await expect.poll(() => text(table, '[data-testid="table-label"]'), { timeout: 20_000 }).toBe('Table 1 (t1)');
      const room = await desk.newPage();
      await room.goto(`${url}/director`);
      await room.fill('#director-secret', SECRET);
      await room.click('button[type="submit"]');
      await expect.poll(() => text(room, '[data-testid="room-label-t1"]'), { timeout: 20_000 }).toBe('Table 1 (t1)');

      const relabel = await hub.app.inject({ method: 'POST', url: '/api/director/tournament/tables/t1/label', headers: AUTH, payload: { label: '12' } });
      expect(relabel.statusCode).toBe(200);
      // the phone asks every 2 s; the table display and the room get the view pushed
      await expect.poll(() => text(page, '[data-testid="player-where"]'), { timeout: 20_000 }).toBe('Bea Ross · round 1 of 2 · table 12 · South');
      await expect.poll(() => text(table, '[data-testid="table-label"]'), { timeout: 20_000 }).toBe('Table 12 (t1)');
      await expect.poll(() => text(room, '[data-testid="room-label-t1"]'), { timeout: 20_000 }).toBe('Table 12 (t1)');
      expect(page.url()).toBe(`${url}/player`);
      expect(table.url()).toBe(`${url}/table/t1`);

      // table 2 takes "12", table 1 gets "2": Bea is told to go to table 2, still at hub table t1
      const swap = await hub.app.inject({ method: 'POST', url: '/api/director/tournament/tables/2/label', headers: AUTH, payload: { label: '12', swap: true } });
      expect(swap.json().text).toBe('table 2 (t2) now shows as 12 and table 1 (t1) as 2');
      await expect.poll(() => text(page, '[data-testid="player-where"]'), { timeout: 20_000 }).toBe('Bea Ross · round 1 of 2 · table 2 · South');
      await expect.poll(() => text(table, '[data-testid="table-label"]'), { timeout: 20_000 }).toBe('Table 2 (t1)');
      await expect.poll(() => text(room, '[data-testid="room-label-t2"]'), { timeout: 20_000 }).toBe('Table 12 (t2)');
    } finally {
      await phone.close();
      await desk.close();
    }
  }, 90_000);

  // after the test above: table 1 (t1) shows "2", table 2 (t2) shows "12"
  it("relabelled from the room's form: the room's card, the open call's text and the spectators' pages follow", async () => {
    const desk = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const room = await desk.newPage();
      await room.goto(`${url}/director`);
      await room.fill('#director-secret', SECRET);
      await room.click('button[type="submit"]');
      // t2's table display calls the director: named by its label now, "12"
      expect((await hub.app.inject({ method: 'POST', url: '/api/tables/t2/call' })).statusCode).toBe(200);
      await expect.poll(() => text(room, '[data-testid="room-calls"] .text'), { timeout: 20_000 }).toMatch(/^table 12 calls, /);
      const spectators = await desk.newPage();
      await spectators.goto(`${url}/broadcast`);
      await expect.poll(() => text(spectators, '[data-testid="broadcast-label-t2"]'), { timeout: 20_000 }).toBe('Table 12');
      const screen = await desk.newPage();
      await screen.goto(`${url}/broadcast/t2`);
      await expect.poll(() => text(screen, '[data-testid="table-label"]'), { timeout: 20_000 }).toBe('Table 12 (t2)');

      // the form: table 2 becomes "7"
      await room.waitForSelector('[data-testid="label-table"] option[value="2"]', { state: 'attached' });
      expect(await texts(room, '[data-testid="label-table"] option')).toEqual(['table', 'table 1 (shows 2)', 'table 2 (shows 12)']);
      await room.selectOption('[data-testid="label-table"]', '2');
      await room.fill('[data-testid="label-text"]', '7');
      await room.click('[data-testid="tool-label"] button');
      await expect.poll(() => text(room, '[data-testid="tool-result"]')).toBe('table 2 (t2) now shows as 7 (was 12)');
      await expect.poll(() => text(room, '[data-testid="room-label-t2"]'), { timeout: 20_000 }).toBe('Table 7 (t2)');
      await expect.poll(() => text(room, '[data-testid="room-calls"] .text'), { timeout: 20_000 }).toMatch(/^table 7 calls, /);
      await expect.poll(() => text(spectators, '[data-testid="broadcast-label-t2"]'), { timeout: 20_000 }).toBe('Table 7');
      await expect.poll(() => text(screen, '[data-testid="table-label"]'), { timeout: 20_000 }).toBe('Table 7 (t2)');
      expect(await screen.title()).toBe('Broadcast: table 7 — Mah Jongg Table Hub');

      // "2" is table 1's: refused word for word, then swapped with the box ticked
      await room.fill('[data-testid="label-text"]', '2');
      await room.click('[data-testid="tool-label"] button');
      await expect
        .poll(() => text(room, '[data-testid="tool-result"]'))
        .toBe('Conflict: label "2" is already table 1\'s (t1): give "swap": true to swap the two tables\' labels, or choose another label');
      await room.check('[data-testid="label-swap"]');
      await room.click('[data-testid="tool-label"] button');
      await expect.poll(() => text(room, '[data-testid="tool-result"]')).toBe('table 2 (t2) now shows as 2 and table 1 (t1) as 7');
      await expect.poll(() => text(room, '[data-testid="room-label-t1"]'), { timeout: 20_000 }).toBe('Table 7 (t1)');
      await expect.poll(() => text(room, '[data-testid="room-calls"] .text'), { timeout: 20_000 }).toMatch(/^table 2 calls, /);
    } finally {
      await desk.close();
    }
  }, 90_000);
});
