/**
 * The director who never scrolls, the call button, the announcement and the room of a big event,
 * in Chromium against a real hub server (createHubServer over fake tables, the built display):
 * - 1280x800: the longest evidence the simulator makes (an 18C count flag: 6 moves, all their raw
 *   lines) and a 003 rule 20 flag with its rack choice: every ruling button inside the viewport,
 *   the page not scrolled (the evidence scrolls in its own box);
 * - a seat page's "Call the director": the room reads "table 7 calls (East), just now" (and a call
 *   the log kept from 70 s ago "table 8 calls (West), 1 min ago"); Take clears it;
 * - the director's announcement on a table display and a seat page, then cleared;
 * - 60 tables at 1920x1080 with no scroll, the tables that need the director first, and the hall filter.
 * Screenshots: test-results/director-rulings-1280x800.png, table-call.png, room-60-tables.png.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeTableRuntime, sampleDirectorView } from '../../hub/api/fake-runtime.js';
import { DESK_LOG_ID } from '../../hub/api/room-desk.js';
import { createHubServer, type HubServer } from '../../hub/api/server.js';
import type { DirectorTableView, FlagEvidence, PublicFlag } from '../../hub/api/views.js';
import { openSqliteStore } from '../../hub/store/sqlite.js';
import type { TileId } from '../../rules/tiles.js';
import type { EventStore } from '../../hub/store/types.js';
import { canRun, chromiumPerSuite, RESULTS, text, texts } from './chromium.js';

const TOKEN = 'room-desk-director';
const T = 1_700_000_100_000;

const hubs: HubServer[] = [];
const stores: EventStore[] = [];
afterEach(async () => {
  for (const h of hubs.splice(0)) await h.close();
  for (const s of stores.splice(0)) s.close();
});

/** An 18C count flag (28 tiles off turn) with the longest evidence the simulator makes: 6 moves, 7 raw lines each. */
function countFlag(id: string): { flag: PublicFlag; evidence: FlagEvidence } {
  const tiles: TileId[] = ['3B#1', '7D#2', 'N#3', 'J#4', '5C#2', 'F#6'];
  return {
    flag: {
      id,
      kind: 'tile-count',
      rule: '003 rule 18C',
      title: 'Ann has 28 tiles off turn (27 expected)',
      player: 0,
      rack: null,
      at: T,
      status: 'awaiting-director',
      consequence: 'Both hands dead; the game ends (rule 12 payment)',
      gameNo: 1,
    },
    evidence: {
      flagId: id,
      tiles: tiles.map((tile, i) => ({ tile, tag: `04A1B2C3D4E5${String(i).padStart(2, '0')}`, from: `Wall ${i + 1} (wall-${i})`, to: "Ann's rack 1 (RK-E1/in)", at: T - 6000 + i * 1000 })),
      counts: [
        [14, 14],
        [13, 14],
      ],
      lines: tiles.flatMap((_, i) =>
        Array.from({ length: 7 }, (_, k) => ({
          reader: k % 2 ? 'RK-E1' : `WL-${i}`,
          at: T - 6000 + i * 1000 + k * 50,
          line: `${k % 2 ? 'ADD' : 'GONE'} 04A1B2C3D4E5${String(i).padStart(2, '0')} seq=${i * 7 + k} *5E2${k}`,
        })),
      ),
    },
  };
}

/** A 003 rule 20 pick from the wrong wall where the rule is silent: the director picks the rack that dies. */
function wrongWallFlag(id: string): { flag: PublicFlag; evidence: FlagEvidence } {
  const c = countFlag(id);
  return {
    flag: {
      ...c.flag,
      kind: 'wrong-wall',
      rule: '003 rule 20',
      title: 'Ann picked from wall 3 while wall 1 is current',
      rack: 0,
      consequence: "Ann's rack 1 is dead until the director chooses (rule 20 is silent)",
      deadRackChoice: { default: 0, racks: [0, 1] },
    },
    evidence: c.evidence,
  };
}

function tableWith(id: string, flags: { flag: PublicFlag; evidence: FlagEvidence }[]): FakeTableRuntime {
  const v: DirectorTableView = sampleDirectorView(id);
  v.flags = flags.map((f) => f.flag);
  v.evidence = flags.map((f) => f.evidence);
  return new FakeTableRuntime(v);
}

async function startHub(tables: FakeTableRuntime[], dist: string, store?: EventStore, sections?: Record<string, string>): Promise<{ hub: HubServer; url: string }> {
  const hub = await createHubServer({ tables, directorToken: TOKEN, staticDir: dist, ...(store ? { store } : {}), ...(sections ? { sections } : {}) });
  hubs.push(hub);
  return { hub, url: await hub.listen(0) };
}

async function logIn(page: Page, inside: string): Promise<void> {
  const form = await page.waitForSelector(`#director-secret, ${inside}`, { timeout: 20_000 });
  if ((await form.getAttribute('id')) !== 'director-secret') return;
  await page.fill('#director-secret', TOKEN);
  await page.click('button[type="submit"]');
  await page.waitForSelector(inside, { timeout: 20_000 });
}

/** Each element's box, and whether the page is scrolled or scrollable. */
async function boxes(page: Page, sel: string) {
  return page.evaluate((s) => {
    const els = Array.from(document.querySelectorAll(s)).map((e) => e.getBoundingClientRect());
    return { rects: els.map((r) => ({ top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left), right: Math.round(r.right) })), scrollY: window.scrollY };
  }, sel);
}

describe.skipIf(!canRun)('the director never scrolls; calls; announcements; the room of a big event', () => {
  const suite = chromiumPerSuite();

  it('1280x800: Confirm / Dismiss of the longest 18C evidence and the rule 20 rack choice are in view, the page not scrolled', async () => {
    const { url } = await startHub([tableWith('7', [countFlag('g1-f1')]), tableWith('8', [wrongWallFlag('g1-f2')]), tableWith('9', [countFlag('g1-f3'), wrongWallFlag('g1-f4')])], suite.dist);
    const page = await suite.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const cases: [string, string, string[]][] = [
      ['7', 'g1-f1', ['Confirm', 'Dismiss']],
      ['8', 'g1-f2', ['Confirm: rack 1 dead (default)', 'Confirm: rack 2 dead', 'Dismiss']],
      ['9', 'g1-f3', ['Confirm', 'Dismiss']],
      ['9', 'g1-f4', ['Confirm: rack 1 dead (default)', 'Confirm: rack 2 dead', 'Dismiss']],
    ];
    for (const [table, flag, labels] of cases) {
      await page.goto(`${url}/director/${table}`);
      await logIn(page, '[data-testid="table-view"]');
      const buttons = `[data-testid="ruling-banner"] [data-testid="flag-card-${flag}"] .buttons button`;
      await page.waitForSelector(buttons);
      // 42 raw lines: 6 moves × 7 lines
      expect(await page.$$eval(`[data-testid="flag-card-${flag}"] .lines`, (els) => (els[0]?.textContent ?? '').trim().split('\n').length)).toBe(42);
      expect(await texts(page, buttons)).toEqual(labels);
      const b = await boxes(page, buttons);
      expect(b.scrollY).toBe(0);
      for (const r of b.rects) {
        expect(r.top).toBeGreaterThanOrEqual(0);
        expect(r.bottom).toBeLessThanOrEqual(800);
        expect(r.right).toBeLessThanOrEqual(1280);
      }
      if (table === '9') {
        mkdirSync(RESULTS, { recursive: true });
        await page.screenshot({ path: path.join(RESULTS, 'director-rulings-1280x800.png') });
      }
    }
    // a ruling from the banner, with no scroll: the flag leaves the banner for the ruled list
    await page.goto(`${url}/director/8`);
    await logIn(page, '[data-testid="table-view"]');
    await page.click('[data-testid="ruling-banner"] button[data-choice="confirm:1"]');
    await page.waitForSelector('[data-testid="ruling-banner"]', { state: 'detached' });
    expect(await text(page, '[data-testid="flag-card-g1-f2"] .status')).toBe('confirmed');
    await page.close();
  }, 120_000);

  it('a seat calls: "table 7 calls (East), just now" in the room beside the call the log kept (1 min ago); Take clears it', async () => {
    const store = openSqliteStore(':memory:');
    stores.push(store);
    // a call made 70 s ago before the hub restarted: 70 s is "1 min ago" (70 / 60 rounded down)
    store.append(DESK_LOG_ID, 'call-made', Date.now() - 70_000, { tableId: '8', player: 1, seat: 'West' });
    const { url, hub } = await startHub([tableWith('7', []), tableWith('8', [])], suite.dist, store);
    const codes = await hub.app.inject({ method: 'GET', url: '/api/director/tables/7/seats', headers: { authorization: `Bearer ${TOKEN}` } });
    const east = (codes.json() as { token: string }[])[0]!.token;

    const seat = await suite.browser.newPage({ viewport: { width: 400, height: 800 } });
    await seat.goto(`${url}/seat/${east}`);
    await seat.waitForSelector('[data-testid="seat-view"]');
    await seat.click('[data-testid="call-director"] button');
    await seat.waitForSelector('[data-testid="call-result"]');
    expect(await text(seat, '[data-testid="call-result"]')).toBe('The director is called');

    const room = await suite.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await room.goto(`${url}/director`);
    await logIn(room, '[data-testid="room-grid"]');
    await room.waitForFunction(() => document.querySelectorAll('[data-testid="room-calls"] .call').length === 2);
    // the seat's call is seconds old ("just now" under 3 s, then "4 s ago": a loaded machine may take a few)
    const [kept, fresh] = await texts(room, '[data-testid="room-calls"] .call .text');
    expect(kept).toBe('table 8 calls (West), 1 min ago');
    expect(fresh).toMatch(/^table 7 calls \(East\), (just now|[0-9]{1,2} s ago)$/);
    expect(await text(room, '[data-testid="room-call-line-7"]')).toMatch(/^table 7 calls \(East\), (just now|[0-9]{1,2} s ago)$/);
    await room.click('[data-testid="room-calls"] .call[data-table="7"] button');
    await room.waitForFunction(() => document.querySelectorAll('[data-testid="room-calls"] .call').length === 1);
    expect(await texts(room, '[data-testid="room-calls"] .call .text')).toEqual(['table 8 calls (West), 1 min ago']);
    expect(await room.$('[data-testid="room-call-line-7"]')).toBeNull();
    // the table display calls for the table
    const table = await suite.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await table.goto(`${url}/table/7`);
    await table.click('[data-testid="call-director"] button');
    await table.waitForSelector('[data-testid="call-result"]');
    mkdirSync(RESULTS, { recursive: true });
    await table.screenshot({ path: path.join(RESULTS, 'table-call.png') });
    await room.waitForFunction(() => Array.from(document.querySelectorAll('[data-testid="room-calls"] .call .text')).some((e) => e.textContent?.startsWith('table 7 calls, ')));
    for (const p of [seat, room, table]) await p.close();
  }, 120_000);

  it('the announcement shows on a table display and a seat page, and goes when cleared', async () => {
    const { url, hub } = await startHub([tableWith('7', [])], suite.dist);
    const codes = await hub.app.inject({ method: 'GET', url: '/api/director/tables/7/seats', headers: { authorization: `Bearer ${TOKEN}` } });
    const seat = await suite.browser.newPage({ viewport: { width: 400, height: 800 } });
    await seat.goto(`${url}/seat/${(codes.json() as { token: string }[])[1]!.token}`);
    const table = await suite.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await table.goto(`${url}/table/7`);
    await table.waitForSelector('[data-testid="table-view"]');
    await seat.waitForSelector('[data-testid="seat-view"]');

    const room = await suite.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await room.goto(`${url}/director`);
    await logIn(room, '[data-testid="room-grid"]');
    await room.fill('#announcement-text', 'Round 2 starts at 14:30');
    await room.click('button:has-text("Announce")');
    await room.waitForSelector('[data-testid="room-announcement"]');
    expect(await text(room, '[data-testid="room-announcement"]')).toBe('Announced: Round 2 starts at 14:30');
    for (const p of [table, seat]) {
      await p.waitForSelector('[data-testid="announcement"]');
      expect((await text(p, '[data-testid="announcement"]')).replace(/\s+/g, ' ')).toBe('Director: Round 2 starts at 14:30');
    }
    // a page opened later reads it at once
    const late = await suite.browser.newPage();
    await late.goto(`${url}/table/7`);
    await late.waitForSelector('[data-testid="announcement"]');
    await room.click('[data-testid="room-announcement"] + button');
    for (const p of [table, seat, late]) await p.waitForSelector('[data-testid="announcement"]', { state: 'detached' });
    for (const p of [seat, table, room, late]) await p.close();
  }, 120_000);

  it('60 tables on one 1920x1080 screen, no scroll: the tables that need the director first; Hall B alone', async () => {
    const tables: FakeTableRuntime[] = [];
    const sections: Record<string, string> = {};
    for (let n = 1; n <= 60; n++) {
      const id = String(n);
      const t = tableWith(id, n === 45 ? [countFlag('g1-f1')] : []);
      if (n === 12 || n === 33) t.view.readers = [{ id: 'RK-E1', state: 'offline', lastMessageAt: null, discarded: 0 }];
      tables.push(t);
      sections[id] = n <= 30 ? 'Hall A' : 'Hall B';
    }
    const store = openSqliteStore(':memory:');
    stores.push(store);
    store.append(DESK_LOG_ID, 'call-made', Date.now(), { tableId: '50', player: 0, seat: 'East' });
    const { url } = await startHub(tables, suite.dist, store, sections);
    const page = await suite.browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${url}/director`);
    await logIn(page, '[data-testid="room-grid"]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="room-grid"] a[data-urgency]:not([data-urgency="unknown"])').length === 60, undefined, { timeout: 60_000 });
    const fit = await page.evaluate(() => ({ h: document.documentElement.scrollHeight, w: document.documentElement.scrollWidth }));
    expect(fit.h).toBeLessThanOrEqual(1080);
    expect(fit.w).toBeLessThanOrEqual(1920);
    const cards = await boxes(page, '[data-testid="room-grid"] a[data-urgency]');
    expect(cards.rects.length).toBe(60);
    expect(cards.rects.every((r) => r.top >= 0 && r.bottom <= 1080 && r.right <= 1920)).toBe(true);
    // reading order on screen (top, then left): 45 (open flag), 50 (a call), 12 and 33 (a reader offline), then 1, 2, 3, …
    const onScreen = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('[data-testid^="room-slot-"]'))
        .map((e) => ({ id: e.dataset.testid!.slice('room-slot-'.length), r: e.getBoundingClientRect() }))
        .sort((a, b) => a.r.top - b.r.top || a.r.left - b.r.left)
        .map((x) => x.id),
    );
    expect(onScreen.slice(0, 7)).toEqual(['45', '50', '12', '33', '1', '2', '3']);
    mkdirSync(RESULTS, { recursive: true });
    await page.screenshot({ path: path.join(RESULTS, 'room-60-tables.png') });

    await page.selectOption('[data-testid="room-section"]', 'Hall B');
    const visible = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('[data-testid^="room-slot-"]'))
        .filter((e) => e.offsetParent !== null)
        .map((e) => Number(e.dataset.testid!.slice('room-slot-'.length))),
    );
    expect(visible.length).toBe(30);
    expect(visible.every((n) => n >= 31)).toBe(true);
    await page.close();
  }, 180_000);
});
