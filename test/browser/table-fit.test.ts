/**
 * The table display fits one screen and can be read (docs/table-display.md): at 1280×800,
 * 1024×768, 768×1024 and 390×844, in every phase (play, a flag, a Mah Jongg, game over, for the
 * Royale Siamese and the 4-player table), the page neither scrolls nor overflows sideways, and every
 * tile, count, the phase and the score lie inside the screen; at 1280×800, at the end of a Siamese
 * wall game (98 discards, the most a Siamese game leaves), the smallest tile on the screen is at
 * least 36 px tall. The views come from display/src/lib/fixtures.ts through a fixture hub that
 * speaks the socket contract (a snapshot on `table:watch`).
 * Screenshots, for a look by eye (no test reads them), only with MJHUB_SCREENSHOTS=1:
 * test-results/fit-<phase>-<width>x<height>.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { Server, type Socket } from 'socket.io';
import type { Browser, Page } from 'playwright-core';
import { EV } from '../../hub/api/socket-events.js';
import type { PublicTableView } from '../../hub/api/views.js';
import { PublicTableViewSchema } from '../../hub/contract/views.js';
import QRCode from 'qrcode';
import { displayPhaseFixtures, FIXTURE_NOW, LONG_ANNOUNCEMENT } from '../../display/src/lib/fixtures.js';
import { AnnouncementReply, CallReply } from '../../hub/contract/room.js';
import { TableClaimReply } from '../../hub/contract/responses.js';
import { buildDisplay, removeDisplay, launchChromium, RESULTS } from './chromium.js';

/** The screens the product owner named: laptop, tablet landscape and portrait, phone. */
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
] as const;

/** Screenshots of every phase at every size, for a look by eye: only with MJHUB_SCREENSHOTS=1 (no test reads them). */
const SCREENSHOTS = process.env.MJHUB_SCREENSHOTS === '1';

/** What the page measures on one screen. */
interface Measure {
  scrollWidth: number;
  scrollHeight: number;
  /** the smallest tile's height on the screen (px) */
  smallestTile: number;
  tiles: number;
  /** what lies (partly) outside the screen or outside its box, in words */
  outside: string[];
}

/** Runs in the page: the document's scroll size, the smallest tile, and what is outside the screen or its box. */
function measure(): Measure {
  const W = window.innerWidth;
  const H = window.innerHeight;
  const outside: string[] = [];
  const name = (e: Element): string => e.getAttribute('data-testid') ?? e.getAttribute('aria-label') ?? e.className.toString();
  const inside = (r: DOMRect, box: { left: number; top: number; right: number; bottom: number }): boolean =>
    r.left >= box.left - 0.5 && r.top >= box.top - 0.5 && r.right <= box.right + 0.5 && r.bottom <= box.bottom + 0.5;
  const screen = { left: 0, top: 0, right: W, bottom: H };
  const must = Array.from(
    document.querySelectorAll(
      '[role="img"], [data-testid^="player-count-"], [data-testid^="rack-count-"], [data-testid="phase"], [data-testid="score"], [data-testid="payment"], [data-testid="readers"], [data-testid="flag-banner"], [data-testid="flags-more"], [data-testid^="mahjongg-"], [data-testid^="dead-"], [data-testid^="wall-"], [data-testid="charleston"], [data-testid="announcement"], [data-testid="call-result"], [data-testid="table-claim-qr"], [data-testid="round-clock"], [data-testid="round-game"], .flat-toggle',
    ),
  );
  for (const e of must) if (!inside(e.getBoundingClientRect(), screen)) outside.push(`${name(e)} outside the screen`);
  // each discard inside the floor, each exposure inside its rack
  const floor = document.querySelector('[data-testid="discards"]')?.getBoundingClientRect();
  if (floor)
    for (const t of Array.from(document.querySelectorAll('[data-testid="discards"] [role="img"]')))
      if (!inside(t.getBoundingClientRect(), floor)) outside.push(`discard ${name(t)} outside the floor`);
  for (const rack of Array.from(document.querySelectorAll('[data-testid^="rack-"]'))) {
    const box = rack.getBoundingClientRect();
    for (const t of Array.from(rack.querySelectorAll('[role="img"]'))) if (!inside(t.getBoundingClientRect(), box)) outside.push(`exposure ${name(t)} outside ${name(rack)}`);
  }
  // the "▶ to play" badge inside its player's name column (not running under the rack beside it)
  for (const b of Array.from(document.querySelectorAll('[data-testid^="turn-badge-"]'))) {
    const who = b.closest('.who');
    if (who && !inside(b.getBoundingClientRect(), who.getBoundingClientRect())) outside.push(`${name(b)} outside its name column`);
  }
  // what makes the page wider than the screen: the outermost elements past its right edge
  if (document.documentElement.scrollWidth > W) {
    const wide = Array.from(document.querySelectorAll('body *')).filter(
      (e) => e.getBoundingClientRect().right > W + 0.5 && !(e.parentElement && e.parentElement.getBoundingClientRect().right > W + 0.5),
    );
    for (const e of wide.slice(0, 3)) outside.push(`${e.tagName.toLowerCase()}.${name(e)} ends at ${Math.round(e.getBoundingClientRect().right)} px`);
  }
  const heights = Array.from(document.querySelectorAll('[data-testid="table-view"] [role="img"]')).map((t) => t.getBoundingClientRect().height);
  return {
    scrollWidth: document.documentElement.scrollWidth,
    scrollHeight: document.documentElement.scrollHeight,
    smallestTile: Math.min(...heights),
    tiles: heights.length,
    outside,
  };
}

describe('the table display fits one screen in every phase', { timeout: 120_000 }, () => {
  const phases = displayPhaseFixtures().map((p, i) => ({ ...p, view: { ...p.view, tableId: `fit${i}` } as PublicTableView }));
  let dist = '';
  let app: FastifyInstance;
  let url = '';
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    dist = await buildDisplay();
    app = Fastify();
    await app.register(fastifyStatic, { root: dist, wildcard: false });
    // the room's worst case on every page: the director's announcement at its longest, a call
    // for the director answered, and between games of a tournament table the claim page's QR code
    app.get('/api/announcement', async () => AnnouncementReply.parse({ announcement: { text: LONG_ANNOUNCEMENT, at: FIXTURE_NOW } }));
    app.post<{ Params: { id: string } }>('/api/tables/:id/call', async (req) =>
      CallReply.parse({ call: { id: 'c7', tableId: req.params.id, player: null, seat: null, at: FIXTURE_NOW, text: `table ${req.params.id} calls` } }),
    );
    app.get<{ Params: { id: string } }>('/api/tables/:id/claim', async (req) => {
      const claimUrl = `http://mahjongg-hub.local:8080/claim/${req.params.id}`;
      return TableClaimReply.parse({ url: claimUrl, qrSvg: await QRCode.toString(claimUrl, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }) });
    });
    app.setNotFoundHandler((_req, reply) => reply.type('text/html').sendFile('index.html'));
    const io = new Server(app.server);
    app.addHook('preClose', async () => {
      await io.close();
    });
    io.of('/').on('connection', (socket: Socket) => {
      const send = (payload: unknown): void => {
        const tableId = (payload as { tableId?: unknown } | null)?.tableId;
        const p = phases.find((x) => x.view.tableId === tableId);
        if (p) socket.emit(EV.snapshot, { tableId, seq: 1, view: p.view });
        else socket.emit(EV.problem, { error: `unknown table ${JSON.stringify(tableId)}` });
      };
      socket.on(EV.watch, send);
      socket.on(EV.resync, send);
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('fixture hub: no TCP address');
    url = `http://127.0.0.1:${address.port}`;
    browser = await launchChromium();
    page = await browser.newPage({ viewport: SIZES[0] });
    mkdirSync(RESULTS, { recursive: true });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    removeDisplay(dist);
  });

  it('every phase fixture is a view the contract accepts', () => {
    for (const p of phases) expect(PublicTableViewSchema.safeParse(p.view).success, p.name).toBe(true);
  });

  /** Opens a phase's table at a size and waits until its discards are drawn and sized. */
  async function open(phase: (typeof phases)[number], size: (typeof SIZES)[number], flat: boolean): Promise<Measure> {
    await page.setViewportSize(size);
    await page.goto(`${url}/table/${phase.view.tableId}${flat ? '?flat=1' : '?flat=0'}`);
    await page.waitForSelector('[data-testid="table-view"][data-stale="false"]');
    const n = phase.view.discards.length;
    await page.waitForFunction((k) => document.querySelectorAll('[data-testid="discards"] [role="img"]').length === k, n);
    await page.waitForSelector('[data-testid="score"]');
    await page.waitForSelector('[data-testid="announcement"]');
    // the call for the director, answered: its banner in the footer
    await page.$eval('[data-testid="call-director"] button', (b) => (b as HTMLButtonElement).click());
    await page.waitForSelector('[data-testid="call-result"]');
    if (phase.view.round && (phase.view.phase === 'waiting' || phase.view.phase === 'ended')) await page.waitForSelector('[data-testid="table-claim-qr"] img');
    // the floor's tiles are sized once its box is measured: wait until the measure stops changing
    let last = '';
    let m = await page.evaluate(measure);
    await expect
      .poll(async () => {
        m = await page.evaluate(measure);
        const now = JSON.stringify(m);
        const same = now === last;
        last = now;
        return same;
      })
      .toBe(true);
    return m;
  }

  for (const size of SIZES) {
    it(`${size.width}×${size.height}: no scrolling, no sideways overflow, everything on the screen`, async () => {
      const problems: string[] = [];
      for (const phase of phases) {
        for (const flat of /wall game|many flags|charleston|game over/.test(phase.name) ? [false, true] : [false]) {
          const m = await open(phase, size, flat);
          const what = `${phase.name}${flat ? ' (flat)' : ''}`;
          if (m.scrollWidth > size.width) problems.push(`${what}: ${m.scrollWidth} px wide`);
          if (m.scrollHeight > size.height) problems.push(`${what}: ${m.scrollHeight} px tall`);
          for (const o of m.outside.slice(0, 5)) problems.push(`${what}: ${o}`);
          if (!flat && SCREENSHOTS) await page.screenshot({ path: join(RESULTS, `fit-${phase.name.replaceAll(' ', '-')}-${size.width}x${size.height}.png`) });
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it("a Mah Jongg is shown grouped as on the card: each group together, in the line's order, the joker inside its group", async () => {
    await open(phases.find((p) => p.name === 'siamese mah jongg')!, SIZES[0], false);
    const groups = await page.$$eval('[data-testid="rack-0-0"] .exposed .group', (gs) =>
      gs.map((g) =>
        Array.from(g.querySelectorAll('[role="img"]'))
          .map((t) => t.getAttribute('data-kind'))
          .join(' '),
      ),
    );
    // FF 2026a 2222b 6666c: laid 6D 2C F 2B 6D J 2C WD 2C 6D 2B F 6B 2C
    expect(groups).toEqual(['F F', '2B WD 2B 6B', '2C 2C 2C 2C', '6D 6D 6D J']);
    // each group on one row
    const rows = await page.$$eval('[data-testid="rack-0-0"] .exposed .group', (gs) =>
      gs.map((g) => new Set(Array.from(g.querySelectorAll('[role="img"]')).map((t) => Math.round(t.getBoundingClientRect().top))).size),
    );
    expect(rows).toEqual([1, 1, 1, 1]);
  });

  it('the 4-player table shows the Charleston: the pass, its direction, who has passed, blind tiles', async () => {
    await open(phases.find((p) => p.name === 'standard charleston')!, SIZES[0], false);
    const text = async (sel: string) => ((await page.textContent(sel)) ?? '').replace(/\s+/g, ' ').trim();
    expect(await text('[data-testid="charleston-stage"]')).toBe('← First left: pass left');
    expect(await text('[data-testid="charleston"] .notes')).toBe('blind passes allowed');
    // Cy 3 of 3 (2 blind), Dee 1, Eve and Flo none yet
    expect(await Promise.all([0, 1, 2, 3].map((i) => text(`[data-testid="charleston-${i}"]`)))).toEqual(['Cy passed ✓ (2 blind)', 'Dee 1 of 3', 'Eve 0 of 3', 'Flo 0 of 3']);
  });

  it('the vote on the second Charleston, a "no", and the courtesy across (0-3 tiles) after it', async () => {
    const text = async (sel: string) => ((await page.textContent(sel)) ?? '').replace(/\s+/g, ' ').trim();
    await open(phases.find((p) => p.name === 'standard vote')!, SIZES[0], false);
    expect(await text('[data-testid="charleston-stage"]')).toBe('Vote: a second Charleston?');
    expect(await page.$$('[data-testid="charleston-vote"]')).toHaveLength(0);
    await open(phases.find((p) => p.name === 'standard courtesy')!, SIZES[0], false);
    expect(await text('[data-testid="charleston-stage"]')).toBe('↑ Courtesy pass across (0-3 tiles)');
    expect(await text('[data-testid="charleston-vote"]')).toBe('no second Charleston (voted no)');
    // Cy 2 across, Dee none, Eve 1 so far, Flo none
    expect(await Promise.all([0, 1, 2, 3].map((i) => text(`[data-testid="charleston-${i}"]`)))).toEqual(['Cy 2 across', 'Dee 0 across', 'Eve 1 across', 'Flo 0 across']);
  });

  it('before the round clock starts it says "not started"; a 5th game while the clock runs says what it is and that it does not count', async () => {
    const text = async (sel: string) => ((await page.textContent(sel)) ?? '').replace(/\s+/g, ' ').trim();
    await open(phases.find((p) => p.name === 'standard many flags')!, SIZES[0], false);
    // 3 000 000 ms = 50 min, the clock's state ready
    expect(await text('[data-testid="round-clock"]')).toBe('50:00 (not started)');
    expect(await text('[data-testid="round-game"]')).toBe("Round 1 · Game 5, after the round's 4 · does not count");
  });

  it('flags beyond what fits collapse into "N more"; the rest of the table stays on screen', async () => {
    const text = async (sel: string) => ((await page.textContent(sel)) ?? '').replace(/\s+/g, ' ').trim();
    const many = phases.find((p) => p.name === 'standard many flags')!;
    // 6 open flags: 1 in full at 1280×800, 5 more; 2 in full at 768×1024 (the taller screen), 4 more
    await open(many, SIZES[0], false);
    expect(await page.$$eval('[data-testid="flag-banner"] .flag', (f) => f.length)).toBe(1);
    expect(await text('[data-testid="flags-more"]')).toBe('⚑ 5 more open flags awaiting the director');
    await open(many, SIZES[2], false);
    expect(await page.$$eval('[data-testid="flag-banner"] .flag', (f) => f.length)).toBe(2);
    expect(await text('[data-testid="flags-more"]')).toBe('⚑ 4 more open flags awaiting the director');
  });

  it('the flat layout turns each seat to face it: West 180°, South and North 90° either way, East upright', async () => {
    await open(phases.find((p) => p.name === 'standard many flags')!, SIZES[0], true);
    const turns = await page.evaluate(() =>
      [0, 1, 2, 3].map((i) => {
        // the panel's own turn and its box's, composed: the angle of the panel's x axis on the screen
        let e: Element | null = document.querySelector(`[data-testid="player-${i}"]`);
        let deg = 0;
        while (e && e !== document.body) {
          const t = getComputedStyle(e).transform;
          if (t && t !== 'none') {
            const [a, b] = t
              .slice(t.indexOf('(') + 1, -1)
              .split(',')
              .map(Number) as [number, number];
            deg += Math.round((Math.atan2(b, a) * 180) / Math.PI);
          }
          e = e.parentElement;
        }
        return ((deg % 360) + 360) % 360;
      }),
    );
    // East (0) upright, South (1) turned to the right edge (−90°), West (2) 180°, North (3) to the left edge (90°)
    expect(turns).toEqual([0, 270, 180, 90]);
  });

  it("a paused round clock says so in the room's words (rules/wording/clock.ts)", async () => {
    await open(phases.find((p) => p.name === 'standard flag')!, SIZES[0], false);
    // 754 000 ms = 12 min 34 s
    expect(((await page.textContent('[data-testid="round-clock"]')) ?? '').replace(/\s+/g, ' ').trim()).toBe('12:34 (paused)');
  });

  it("a game's final score stays on screen until the next deal begins", async () => {
    const text = async (sel: string) => ((await page.textContent(sel)) ?? '').trim();
    // game 2 over (a wall game): its final score
    await open(phases.find((p) => p.name === 'siamese wall game')!, SIZES[0], false);
    expect(await text('[data-testid="score"] h2')).toBe('Final score');
    expect(await text('[data-testid="payment"]')).toBe('Bea pays Ann 50');
    // game 3's walls built, nothing dealt: game 2's final score, said to be game 2's
    await open(phases.find((p) => p.name === 'siamese next deal')!, SIZES[0], false);
    expect(await text('[data-testid="phase"]')).toBe('Dealing');
    expect(await text('[data-testid="score"] h2')).toBe('Final score · game 2');
    expect(await text('[data-testid="payment"]')).toBe('Bea pays Ann 50');
    // the first tile dealt: game 3's own score (a running score)
    await open(phases.find((p) => p.name === 'siamese play')!, SIZES[0], false);
    expect(await text('[data-testid="score"] h2')).toBe('Running score');
  });

  it('1280×800, the end of a Siamese wall game (98 discards): the smallest tile is at least 36 px tall', async () => {
    const phase = phases.find((p) => p.name === 'siamese wall game')!;
    expect(phase.view.discards).toHaveLength(98); // 152 tiles − 2 × 27 held
    const m = await open(phase, SIZES[0], false);
    // 98 discards + 21 exposure tiles (7 + 4 on Ann's racks, 10 on Bea's second)
    expect(m.tiles).toBe(98 + 21);
    expect(m.smallestTile).toBeGreaterThanOrEqual(36);
    // each suit told by a symbol as well as its colour: every suit tile on the screen draws its suit's symbol, visibly
    const suits = await page.$$eval('[data-testid="table-view"] [role="img"]', (tiles) =>
      tiles
        .filter((t) => /^\d (Bam|Crak|Dot)$/.test(t.getAttribute('aria-label') ?? ''))
        .map((t) => {
          const s = t.querySelector('[data-suit-symbol]');
          const label = t.getAttribute('aria-label') ?? '';
          return `${label.slice(2)}=${s ? `${s.getAttribute('data-suit-symbol')}${s.getBoundingClientRect().height >= 8 ? '' : ' (too small)'}` : 'none'}`;
        }),
    );
    // the sample discards take kind i × 7 mod 36 (the first 27 kinds are suit tiles): 73 of the 98;
    // the exposures hold 9 more (5B 5B 5B, 9D 9D 9D, 3C 3C 3C): 82
    expect(new Set(suits)).toEqual(new Set(['Bam=bam', 'Crak=crak', 'Dot=dot']));
    expect(suits).toHaveLength(82);
  });
});
