/**
 * A director's choice of the dead hand (003 rule 20) and a changed ruling, in Chromium against the
 * REAL hub reading the simulator (test/e2e/harness.ts): seed 6 with a pick from the wrong wall at
 * pick 3, the table held still after it (`holdAtFlag`). Ann (East) racks a tile from a wall that is
 * not the current one with no exposure on either rack: rule 20 is silent, the hub kills rack 1
 * until the director chooses.
 * - the flag card offers "Confirm: rack 1 dead (default)", "Confirm: rack 2 dead" and "Dismiss";
 * - "Confirm: rack 2 dead": the flag reads confirmed, rack 2 dead and rack 1 alive on the hub;
 * - "Change ruling" → Dismiss: the flag reads dismissed, both of Ann's hands alive; the log holds
 *   both rulings, the second naming the one it changes.
 * Screenshot: test-results/director-ruling-choice.png (the card after the choice).
 */
import { describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DIRECTOR_TOKEN, startSession } from '../e2e/harness.js';
import { canRun, chromiumPerSuite, logIn, RESULTS, texts } from './chromium.js';

describe.skipIf(!canRun)('a director chooses the dead hand (003 rule 20) and changes the ruling (seed 6)', () => {
  const suite = chromiumPerSuite();

  it('Confirm: rack 2 dead, then Change ruling → Dismiss', async () => {
    const session = await startSession({ seed: 6, inject: 'wall', injectAt: 3, staticDir: suite.dist, holdAtFlag: true });
    suite.sessions.push(session);
    const flagged = await session.until((v) => v.flags.length > 0, 90_000);
    const flag = flagged.flags[0]!;
    expect([flag.kind, flag.rule, flag.player, flag.rack, flag.status, flag.deadRackChoice]).toEqual(['wrong-wall', '003 rule 20', 0, 0, 'awaiting-director', { default: 0, racks: [0, 1] }]);
    expect(flagged.players[0]!.racks.map((r) => r.dead)).toEqual([true, false]);

    const director = await suite.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await director.goto(`${session.hub.url}/director/t1`);
    await logIn(director, '[data-testid="table-view"]');
    const card = `[data-testid="flag-card-${flag.id}"]`;
    await director.waitForSelector(`${card} .buttons button`, { timeout: 20_000 });
    expect(await texts(director, `${card} .buttons button`)).toEqual(['Confirm: rack 1 dead (default)', 'Confirm: rack 2 dead', 'Dismiss']);

    await director.click(`${card} button[data-choice="confirm:1"]`);
    await director.waitForFunction((sel) => document.querySelector(sel)?.textContent?.includes('Confirmed (rack 2 dead): sent to the hub'), `[data-testid="ruling-result-${flag.id}"]`);
    await director.waitForFunction((sel) => document.querySelector(sel)?.textContent?.trim() === 'confirmed', `${card} .status`, { timeout: 10_000 });
    expect((await director.textContent(`[data-testid="dead-rack-${flag.id}"]`))?.trim()).toBe('rack 2 dead');
    expect(await texts(director, `${card} .change button`)).toEqual(['Confirm: rack 1 dead', 'Dismiss']);
    const confirmed = await session.until((v) => v.flags[0]?.status === 'confirmed' && v.players[0]!.racks[1]!.dead, 10_000);
    expect(confirmed.players[0]!.racks.map((r) => r.dead)).toEqual([false, true]);
    expect(confirmed.flags[0]!.rack).toBe(1);
    mkdirSync(RESULTS, { recursive: true });
    await (await director.$(card))!.screenshot({ path: path.join(RESULTS, 'director-ruling-choice.png') });

    await director.click(`${card} .change button.change-dismiss`);
    await director.waitForFunction((sel) => document.querySelector(sel)?.textContent?.trim() === 'dismissed', `${card} .status`, { timeout: 10_000 });
    expect(await texts(director, `${card} .change button`)).toEqual(['Confirm: rack 1 dead', 'Confirm: rack 2 dead']);
    const dismissed = await session.until((v) => v.flags[0]?.status === 'dismissed' && v.players[0]!.racks.every((r) => !r.dead), 10_000);
    expect(dismissed.players[0]!.racks.map((r) => r.dead)).toEqual([false, false]);

    // the same ruling again is refused: 409, already dismissed
    const again = await fetch(`${session.hub.url}/api/director/tables/t1/flags/${flag.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DIRECTOR_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ruling: 'dismiss' }),
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(`flag '${flag.id}' was already dismissed by director`);
    await director.close();
  }, 150_000);
});
