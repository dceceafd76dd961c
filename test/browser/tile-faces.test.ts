/**
 * The tile faces in Chromium (docs/tile-faces.md), against the real hub server over a Royale Siamese
 * engine fed with reader lines (hub/table/test-bench.ts) whose table config says `tileFaces: "plain"`:
 * - the faces chart (`/tiles?size=36&faces=traditional`) draws each of the 36 kinds 36 px tall with
 *   its own structure (7 Bam 7 sticks, 1 Bam a bird, 5 Dot 5 circles, 3 Crak the numeral 3 and the
 *   crak character, N its letter and compass, Red dragon its 中, five petals on the flower …), and no
 *   two kinds draw the same markup; screenshot test-results/tile-faces-36.png (looked at by hand);
 * - the table page draws the config's plain faces; `?faces=traditional` draws traditional ones; the
 *   page's faces button turns them and is remembered in the browser, over the config; the URL wins;
 *   the spectators' page (`/broadcast/t1`) draws the config's faces, or its URL's;
 * - the director's table page and a seat's phone make the same choice (lib/FacesToggle.svelte): the
 *   config's plain, `?faces=traditional`, their faces button, remembered over the config.
 * Skipped without Chromium.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { numberOf, suitOf, TILE_KINDS, type TileKind } from '../../rules/tiles.js';
import { HandBench } from '../../hub/table/test-bench.js';
import { CHROMIUM, RESULTS, benchHubPerSuite, directorPage, text } from './chromium.js';

const SECRET = 'sticks and circles';

/** What a traditional face of `kind` must hold: its parts (`part×count`, sorted) and its text. */
function expected(kind: TileKind): { parts: string; text: string; symbol: string | null } {
  const suit = suitOf(kind);
  const n = numberOf(kind) ?? 0;
  if (suit === 'B') return { parts: n === 1 ? 'bird×1' : `stick×${n}`, text: '', symbol: 'bam' };
  if (suit === 'D') return { parts: `dot×${n}`, text: '', symbol: 'dot' };
  if (suit === 'C') return { parts: 'crak-character×1 numeral×1', text: String(n), symbol: 'crak' };
  const other: Record<string, { parts: string; text: string }> = {
    N: { parts: 'compass×1 wind-letter×1', text: 'N' },
    E: { parts: 'compass×1 wind-letter×1', text: 'E' },
    W: { parts: 'compass×1 wind-letter×1', text: 'W' },
    S: { parts: 'compass×1 wind-letter×1', text: 'S' },
    RD: { parts: 'dragon-red×1', text: '' },
    GD: { parts: 'dragon-green×1', text: '' },
    WD: { parts: 'soap-frame×1', text: '' },
    F: { parts: 'petal×5', text: '' },
    J: { parts: 'jester-cap×1 joker-word×1', text: 'JOKER' },
  };
  return { ...other[kind]!, symbol: null };
}

/** The faces of the tiles under `sel`, as the page draws them. */
function facesUnder(page: Page, sel: string) {
  return page.$$eval(`${sel} [role="img"]`, (tiles) =>
    tiles.map((t) => {
      const svg = t.querySelector('svg.face');
      const counts = new Map<string, number>();
      for (const p of Array.from(svg?.querySelectorAll('[data-part]') ?? [])) counts.set(p.getAttribute('data-part')!, (counts.get(p.getAttribute('data-part')!) ?? 0) + 1);
      return {
        kind: t.getAttribute('data-kind') ?? '',
        faces: t.getAttribute('data-faces'),
        height: t.getBoundingClientRect().height,
        faceHeight: svg?.getBoundingClientRect().height ?? 0,
        parts: [...counts]
          .map(([p, c]) => `${p}×${c}`)
          .sort()
          .join(' '),
        text: Array.from(svg?.querySelectorAll('text') ?? [])
          .map((x) => x.textContent ?? '')
          .join(''),
        symbol: svg?.getAttribute('data-suit-symbol') ?? null,
        markup: svg?.outerHTML ?? '',
      };
    }),
  );
}

/** The face styles drawn inside `sel`, once each. */
const stylesIn = (page: Page, sel: string) => page.$$eval(`${sel} [role="img"]`, (ts) => [...new Set(ts.map((t) => t.getAttribute('data-faces')))]);
/** The face styles drawn on the table view, once each. */
const stylesOnTable = (page: Page) => stylesIn(page, '[data-testid="table-view"]');

describe.skipIf(!existsSync(CHROMIUM))('tile faces (Chromium)', () => {
  let b: HandBench;
  const hub = benchHubPerSuite(SECRET, () => {
    b = new HandBench({ tileFaces: 'plain', settlePadMs: 100 });
    b.build();
    b.deal();
    for (const rack of ['RK-E1/in', 'RK-W1/in', 'RK-E1/in', 'RK-W1/in']) b.turn(rack);
    const close = (): void => {
      b.engine.close();
      b.store.close();
    };
    return { tables: [b.engine], store: b.store, close };
  });

  it('the chart at 36 px: every kind drawn with its own structure, no two alike', async () => {
    const ctx = await hub.browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await ctx.newPage();
      await page.goto(`${hub.url}/tiles?size=36&faces=traditional`);
      await page.waitForSelector('[data-testid="faces-traditional"] [data-faces="traditional"]', { timeout: 20_000 });
      const faces = await facesUnder(page, '[data-testid="faces-traditional"]');
      // 27 suit tiles + 4 winds + 3 dragons + flower + joker
      expect(faces.map((f) => f.kind)).toEqual([...TILE_KINDS]);
      expect(faces).toHaveLength(36);
      for (const f of faces) {
        const want = expected(f.kind as TileKind);
        expect({ kind: f.kind, faces: f.faces, parts: f.parts, text: f.text, symbol: f.symbol }).toEqual({ kind: f.kind, faces: 'traditional', ...want });
        expect(f.height, f.kind).toBe(36);
        // the face fills the tile but for its edge: 36 − 2 × 1 px border − 2 × 4 % padding = 31.1 px
        expect(f.faceHeight, f.kind).toBeGreaterThanOrEqual(30);
      }
      expect(new Set(faces.map((f) => f.markup)).size).toBe(36);
      mkdirSync(RESULTS, { recursive: true });
      await page.screenshot({ path: path.join(RESULTS, 'tile-faces-36.png'), fullPage: true });
      // the plain faces: no drawn face, each suit tile its suit's symbol
      await page.goto(`${hub.url}/tiles?size=36&faces=plain`);
      await page.waitForSelector('[data-testid="faces-plain"] [data-faces="plain"]', { timeout: 20_000 });
      const plainFaces = await facesUnder(page, '[data-testid="faces-plain"]');
      expect(plainFaces.map((f) => f.faces)).toEqual(TILE_KINDS.map(() => 'plain'));
      expect(plainFaces.every((f) => f.markup === '')).toBe(true);
      const symbols = await page.$$eval('[data-testid="faces-plain"] [data-suit-symbol]', (s) => s.length);
      expect(symbols).toBe(27);
    } finally {
      await ctx.close();
    }
  }, 60_000);

  it("the table page: the config's plain faces, ?faces=traditional, the faces button remembered over the config, the URL over both; the broadcast page", async () => {
    const ctx = await hub.browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await ctx.newPage();
      const discards = b.view().discards.length;
      expect(discards).toBe(4); // four turns, each discarding its pick
      const open = async (route: string) => {
        await page.goto(`${hub.url}${route}`);
        await page.waitForSelector('[data-testid="discards"] [role="img"]', { timeout: 20_000 });
      };
      await open('/table/t1');
      expect(await page.$$eval('[data-testid="discards"] [role="img"]', (ts) => ts.length)).toBe(discards);
      expect(await stylesOnTable(page)).toEqual(['plain']);
      expect(((await page.textContent('[data-testid="faces-toggle"]')) ?? '').trim()).toBe('traditional faces');

      await open('/table/t1?faces=traditional');
      expect(await stylesOnTable(page)).toEqual(['traditional']);
      // the button turns them plain, then traditional again; the browser keeps the last choice
      await page.click('[data-testid="faces-toggle"]');
      await expect.poll(() => stylesOnTable(page)).toEqual(['plain']);
      await page.click('[data-testid="faces-toggle"]');
      await expect.poll(() => stylesOnTable(page)).toEqual(['traditional']);
      expect(await page.evaluate(() => localStorage.getItem('mjhub.tileFaces'))).toBe('traditional');

      // no URL choice: the browser's traditional, over the config's plain
      await open('/table/t1');
      expect(await stylesOnTable(page)).toEqual(['traditional']);
      // the URL over the browser's choice
      await open('/table/t1?faces=plain');
      expect(await stylesOnTable(page)).toEqual(['plain']);

      // the spectators' page: the config's plain (the browser's choice is the table display's own), the URL over it
      await open('/broadcast/t1');
      expect(await stylesOnTable(page)).toEqual(['plain']);
      await open('/broadcast/t1?faces=traditional');
      expect(await stylesOnTable(page)).toEqual(['traditional']);
    } finally {
      await ctx.close();
    }
  }, 60_000);

  it("the director's table page and the seat page make the same choice: the config's plain, ?faces=, the faces button remembered over the config", async () => {
    // the director's table page (after the login): its table view and each rack's concealed tiles
    const { ctx, page } = await directorPage(hub.browser, hub.url, '/director/t1', SECRET);
    const phone = await hub.browser.newContext({ viewport: { width: 400, height: 800 } });
    try {
      await page.waitForSelector('[data-testid="table-view"] [role="img"]', { timeout: 20_000 });
      expect(await stylesOnTable(page)).toEqual(['plain']);
      expect(await text(page, '[data-testid="faces-toggle"]')).toBe('traditional faces');
      await page.goto(`${hub.url}/director/t1?faces=traditional`);
      await page.waitForSelector('[data-testid="table-view"] [role="img"]', { timeout: 20_000 });
      expect(await stylesOnTable(page)).toEqual(['traditional']);
      // the button turns them plain, and the browser keeps it: a visit without ?faces= draws plain
      await page.click('[data-testid="faces-toggle"]');
      await expect.poll(() => stylesOnTable(page)).toEqual(['plain']);
      expect(await page.evaluate(() => localStorage.getItem('mjhub.tileFaces'))).toBe('plain');
      await page.click('[data-testid="faces-toggle"]');
      await expect.poll(() => stylesOnTable(page)).toEqual(['traditional']);
      await page.goto(`${hub.url}/director/t1`);
      await page.waitForSelector('[data-testid="table-view"] [role="img"]', { timeout: 20_000 });
      expect(await stylesOnTable(page)).toEqual(['traditional']);

      // Ann's phone (its own browser, nothing remembered): her rack's tiles in the config's plain faces
      const seats = (await (await fetch(`${hub.url}/api/director/tables/t1/seats`, { headers: { authorization: 'Bearer unused-script-token' } })).json()) as { token: string }[];
      const seat = await phone.newPage();
      const rack = '[data-testid="seat-rack-0"]';
      await seat.goto(`${hub.url}/seat/${seats[0]!.token}`);
      await seat.waitForSelector(`${rack} [role="img"]`, { timeout: 20_000 });
      expect(await stylesIn(seat, rack)).toEqual(['plain']);
      await seat.goto(`${hub.url}/seat/${seats[0]!.token}?faces=traditional`);
      await seat.waitForSelector(`${rack} [role="img"]`, { timeout: 20_000 });
      expect(await stylesIn(seat, rack)).toEqual(['traditional']);
      await seat.click('[data-testid="faces-toggle"]');
      await expect.poll(() => stylesIn(seat, rack)).toEqual(['plain']);
      await seat.click('[data-testid="faces-toggle"]');
      await seat.goto(`${hub.url}/seat/${seats[0]!.token}`);
      await seat.waitForSelector(`${rack} [role="img"]`, { timeout: 20_000 });
      expect(await stylesIn(seat, rack)).toEqual(['traditional']);
    } finally {
      await ctx.close();
      await phone.close();
    }
  }, 60_000);
});
