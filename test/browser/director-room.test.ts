/**
 * The director's day in Chromium against the REAL hub reading the simulator (test/e2e/harness.ts):
 * seed 3 with a wrong-wall pick injected at pick 3 (003 rule 20: one hand dead), the table stopping
 * for the director once it is complete (`holdAtFlag`).
 *
 * What a director would check by hand:
 * - the room (/director) shows table t1 red, its open flag named in words ("Open flag: <title> —
 *   <player> · Rack n (003 rule 20)") and the headline "1 table needs you: t1 (open flag)"; the
 *   page's socket frames are the tables' summaries: no table view, no tile of a concealed hand;
 * - clicking the table opens its director page: the flag with its evidence (tiles, zones, reader
 *   lines) in view, Dismiss; the public table view in a second page then shows the flag dismissed
 *   and the hand alive again, and the room is no longer red;
 * - a mis-named discard entered where there is no Mah Jongg is refused with the hub's words.
 * Screenshots: test-results/director-dashboard.png, director-table.png, director-table-ruled.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startSession, type Session } from '../e2e/harness.js';
import { buildDisplay, canRun, launchChromium, logIn, RESULTS } from './chromium.js';
import type { PublicFlag, PublicTableView } from '../../hub/api/views.js';

describe.skipIf(!canRun)('the director in Chromium, live from the hub (seed 3, wrong-wall pick)', () => {
  let session: Session;
  let browser: Browser;
  let room: Page;
  let flag: PublicFlag;
  let flagged: PublicTableView;

  beforeAll(async () => {
    const dist = await buildDisplay();
    // the table stops for the director once the wrong-wall pick is complete, as a real table does:
    // play going on meanwhile could raise a second flag (the room red again) while she rules
    session = await startSession({ seed: 3, inject: 'wall', injectAt: 3, staticDir: dist, holdAtFlag: true });
    browser = await launchChromium();
    mkdirSync(RESULTS, { recursive: true });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await session?.stop();
  });

  it('the room shows table t1 red with its open flag', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    room = await ctx.newPage();
    // everything socket.io brings the room page, over its long-polling start and its websocket:
    // it follows the tables' summaries, never a table's view
    const frames: string[] = [];
    const bodies: Promise<void>[] = [];
    room.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(typeof f.payload === 'string' ? f.payload : f.payload.toString())));
    room.on('response', (r) => {
      if (r.url().includes('/socket.io/'))
        bodies.push(
          r.text().then(
            (t) => void frames.push(t),
            () => undefined,
          ),
        );
    });
    await room.goto(`${session.hub.url}/director`);
    await logIn(room, '[data-testid="room-grid"]');
    await room.waitForSelector('[data-testid="room-table-t1"]');

    flagged = await session.until((v) => v.flags.some((f) => f.status === 'awaiting-director'), 150_000);
    flag = flagged.flags.find((f) => f.status === 'awaiting-director')!;
    expect([flag.kind, flag.rule]).toEqual(['wrong-wall', '003 rule 20']);

    await room.waitForSelector('[data-testid="room-table-t1"][data-urgency="red"]', { timeout: 15_000 });
    const name = flagged.players[flag.player]!.name;
    const who = flag.rack === null ? name : `${name} · Rack ${flag.rack + 1}`;
    const reasons = (await room.textContent('[data-testid="room-reasons-t1"]')) ?? '';
    expect(reasons).toContain(`Open flag: ${flag.title} — ${who} (003 rule 20)`);
    expect((await room.textContent('[data-testid="room-headline"]'))?.trim()).toMatch(/^1 table needs you: t1 \(open flag\)/);
    // the dead hand shows on the card, and the counts per rack are the hub's
    const dead = flagged.players[flag.player]!.racks.filter((r) => r.dead).map((r) => r.rack);
    expect(dead).toHaveLength(1);
    await room.waitForFunction(([p]) => (document.querySelector(`[data-testid="room-player-t1-${p}"]`)?.textContent ?? '').includes('dead'), [flag.player], { timeout: 5_000 });
    await room.screenshot({ path: path.join(RESULTS, 'director-dashboard.png') });
    await Promise.all(bodies);
    // what reached the room: summaries (room:tables, room:table), no table:snapshot or delta, and no tile of a concealed hand
    expect(frames.some((f) => f.includes('"room:table'))).toBe(true);
    expect(frames.filter((f) => f.includes('"table:snapshot"') || f.includes('"table:delta"'))).toEqual([]);
    const concealed = session.hub.engines.get('t1')!.directorView().concealed.flat(2);
    expect(concealed.length).toBeGreaterThanOrEqual(54);
    expect(concealed.filter((tile) => frames.some((f) => f.includes(`"${tile}"`)))).toEqual([]);
  }, 200_000);

  it('the director opens the table, dismisses the flag with its evidence in view, and every view changes', async () => {
    const pub = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await pub.goto(`${session.hub.url}/table/t1`);
    await pub.waitForSelector(`[data-testid="flag-banner"] [data-flag="${flag.id}"]`, { timeout: 15_000 });
    const deadRack = flagged.players[flag.player]!.racks.find((r) => r.dead)!.rack;
    await pub.waitForSelector(`[data-testid="dead-${flag.player}-${deadRack}"]`, { timeout: 15_000 });

    // click the table on the room → its director page, the token/session carried in this tab
    await room.click('[data-testid="room-table-t1"]');
    await room.waitForURL(/\/director\/t1$/);
    await logIn(room, '[data-testid="table-view"]');
    const card = `[data-testid="flag-card-${flag.id}"]`;
    await room.waitForSelector(`${card} button.dismiss`, { timeout: 20_000 });
    // the evidence is there: the tile that moved, from which wall to which rack, the reader lines
    const text = (await room.textContent(card)) ?? '';
    expect(text).toContain(flag.title);
    expect(text).toContain('003 rule 20');
    expect(text).toContain('Reader lines');
    const evidenceRows = await room.$$eval(`${card} .evidence tbody tr`, (rows) => rows.length);
    expect(evidenceRows).toBeGreaterThan(0);
    await room.screenshot({ path: path.join(RESULTS, 'director-table.png'), fullPage: true });

    await room.click(`${card} button.dismiss`);
    await room.waitForFunction((sel) => document.querySelector(sel)?.textContent?.includes('Dismissed: sent to the hub'), `[data-testid="ruling-result-${flag.id}"]`);
    await room.waitForFunction((sel) => (document.querySelector(sel)?.textContent ?? '').includes('dismissed'), `${card} .status`, { timeout: 10_000 });
    expect((await room.$$(`${card} button.dismiss`)).length).toBe(0);

    // the public table view: the flag is dismissed, the hand alive again
    await pub.waitForSelector(`[data-testid="flag-banner"] [data-flag="${flag.id}"]`, { state: 'detached', timeout: 10_000 });
    expect(await pub.textContent('.ruled-flag.dismissed')).toContain(`${flag.title} — dismissed by the director`);
    expect(await pub.$(`[data-testid="dead-${flag.player}-${deadRack}"]`)).toBeNull();
    const after = await session.until((v) => v.flags.find((f) => f.id === flag.id)?.status === 'dismissed', 10_000);
    expect(after.players[flag.player]!.racks.some((r) => r.dead)).toBe(false);

    // a mis-named discard where no Mah Jongg took one: refused, in the hub's words
    const now = session.view()!;
    const free = now.players.flatMap((p) => p.racks.filter((r) => r.mahJongg === null).map((r) => [p.index, r.rack] as const))[0]!;
    await room.selectOption('[data-testid="misnamed-rack"]', `${free[0]}:${free[1]}`);
    await room.click('[data-testid="director-entries"] button[type="submit"]');
    await room.waitForSelector('[data-testid="entry-result"]');
    expect((await room.textContent('[data-testid="entry-result"]'))?.trim()).toBe(`Conflict: no Mah Jongg on a called discard on player ${free[0]}'s rack ${free[1] + 1} of table 't1'`);

    await room.screenshot({ path: path.join(RESULTS, 'director-table-ruled.png'), fullPage: true });

    // back in the room, t1 is no longer red
    await room.goto(`${session.hub.url}/director`);
    await logIn(room, '[data-testid="room-grid"]');
    await room.waitForSelector('[data-testid="room-table-t1"]:not([data-urgency="red"]):not([data-urgency="unknown"])', { timeout: 15_000 }).catch(async (e: unknown) => {
      // say why it is still red: the room's own reasons and the hub's open flags
      const still = (await room.textContent('[data-testid="room-reasons-t1"]').catch(() => null)) ?? '(no reasons shown)';
      const open = (session.view()?.flags ?? []).filter((f) => f.status === 'awaiting-director').map((f) => `${f.rule} ${f.title}`);
      throw new Error(
        `t1 still ${await room.getAttribute('[data-testid="room-table-t1"]', 'data-urgency')}: "${still.trim()}"; open flags: ${open.join('; ') || 'none'} (${(e as Error).message})`,
      );
    });
    await pub.close();
  }, 120_000);
});
