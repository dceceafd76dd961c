/**
 * A flag of an ended game on the director's room and table pages, in Chromium against a real hub
 * (HTTP, sockets, the built display) over a real Royale Siamese table engine fed with reader
 * lines (hub/table/test-bench.ts) in a Siamese tournament:
 * - game 1 ends on a 003 rule 18C flag (Ann 28 tiles off turn; rule 12: Ann pays 4 × 25 = 100):
 *   the card takes X / 100; the director does not rule; the table is cleared and game 2 dealt;
 * - the flag stays listed: on the table page with "Game 1 (over)", in the room as an open flag of
 *   game 1; the director dismisses it on the table page;
 * - game 1 is re-scored as it stood when play stopped (no Mah Jongg: X / X) and the room's score
 *   card says "Game 1 changed by the director's ruling at hh:mm (director): initials cleared";
 *   game 2 plays on untouched.
 * Screenshot: test-results/director-earlier-flag.png (the table page's flag card, then the room).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DIRECTOR_TOKEN } from '../e2e/harness.js';
import { canRun, chromiumPerSuite, logIn, RESULTS, text } from './chromium.js';
import { HandBench } from '../../hub/table/test-bench.js';
import { TournamentService } from '../../hub/tournament/service.js';
import { createHubServer, type HubServer } from '../../hub/api/server.js';
import { isSiameseCard } from '../../rules/tournament/siamese-card.js';

describe.skipIf(!canRun)("a flag of an ended game on the director's room and table pages (003 rule 18C)", () => {
  const suite = chromiumPerSuite();
  const open: { hub?: HubServer; svc?: TournamentService; b?: HandBench } = {};
  afterAll(async () => {
    await open.hub?.close();
    open.svc?.close();
    open.b?.engine.close();
    open.b?.store.close();
  });

  it("listed with its game on both pages after game 2 began; dismissed on the table page: the room's card re-scored X / X", async () => {
    const b = (open.b = new HandBench());
    const svc = (open.svc = new TournamentService({
      config: {
        kind: 'siamese',
        name: 'Siamese Open',
        rounds: 1,
        prizes: [100],
        tables: [{ table: 1, hubTable: 't1' }],
        players: [
          { id: 'p1', name: 'Ann' },
          { id: 'p2', name: 'Bea' },
        ],
      },
      store: b.store,
      now: () => b.clock,
      tickMs: 0,
    }));
    const tables = svc.wrap([b.engine]);
    const hub = (open.hub = await createHubServer({ tables, directorToken: DIRECTOR_TOKEN, tournament: svc, staticDir: suite.dist }));
    const url = await hub.listen(0);
    svc.clock('start');
    b.build();
    b.deal();
    b.turnWithExtraPick('RK-E1/in', 'RK-E2/in');
    const flag = tables[0]!.publicView().flags[0]!;
    expect([flag.rule, flag.status]).toEqual(['003 rule 18C', 'awaiting-director']);
    const card = () => {
      const c = svc.cardOf(1, 1);
      if (!isSiameseCard(c)) throw new Error('not a Siamese card');
      return c;
    };
    await expect.poll(() => card().games[0]?.marks, { timeout: 5000 }).toEqual(['X', '100']);
    // the players clear the table and play on: game 2 dealt, Ann's first turn
    b.returnToWalls();
    b.deal();
    b.turn('RK-E1/in');
    expect(tables[0]!.publicView().gameNo).toBe(2);

    const director = await suite.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await director.goto(`${url}/director/t1`);
    await logIn(director, '[data-testid="table-view"]');
    const flagCard = `[data-testid="flag-card-${flag.id}"]`;
    await director.waitForSelector(`[data-testid="flag-game-${flag.id}"]`, { timeout: 20_000 });
    expect(await text(director, `[data-testid="flag-game-${flag.id}"]`)).toBe("Game 1 (over): a ruling changes that game's result as it stood when play stopped");
    expect(await text(director, `${flagCard} .status`)).not.toBe('dismissed');

    const room = await suite.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await room.goto(`${url}/director`);
    await logIn(room, '[data-testid="room-table-t1"]');
    await room.waitForFunction(
      (sel) => document.querySelector(sel)?.textContent?.includes('Open flag (game 1, over): Ann has 28 tiles off turn (should be 27): both hands dead'),
      '[data-testid="room-reasons-t1"]',
      { timeout: 20_000 },
    );
    mkdirSync(RESULTS, { recursive: true });
    await (await director.$(flagCard))!.screenshot({ path: path.join(RESULTS, 'director-earlier-flag-before.png') });

    await director.click(`${flagCard} .buttons button.dismiss`);
    await director.waitForSelector(`[data-testid="ruling-result-${flag.id}"]`, { timeout: 10_000 });
    // ruled on, the flag of game 1 leaves the list; the answer stays on the page
    await director.waitForFunction((sel) => !document.querySelector(sel), flagCard, { timeout: 10_000 });
    expect(await text(director, `[data-testid="ruling-result-${flag.id}"]`)).toBe(`Dismissed: sent to the hub (flag ${flag.id}; its game is over: the score card is re-scored)`);
    await expect.poll(() => card().games[0]?.marks, { timeout: 5000 }).toEqual(['X', 'X']);
    const ruledAt = tables[0]!.publicView().results![0]!.ruling!.at;
    const hhmm = `${String(new Date(ruledAt).getHours()).padStart(2, '0')}:${String(new Date(ruledAt).getMinutes()).padStart(2, '0')}`;
    // the room: the open flag gone, the card's game 1 re-scored and the change said
    await room.waitForFunction(
      (want) => Array.from(document.querySelectorAll('[data-testid="tournament-card-change"]')).some((e) => e.textContent?.trim() === want),
      `Game 1 changed by the director's ruling at ${hhmm} (director): initials cleared`,
      { timeout: 10_000 },
    );
    const rows = await room.$$eval('[data-testid="tournament-card-row"]', (trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td.mark'))[0]?.textContent?.trim()));
    expect(rows).toEqual(['X', 'X']);
    await room.waitForFunction(() => !document.querySelector('[data-testid="room-reasons-t1"]')?.textContent?.includes('Open flag'), undefined, { timeout: 10_000 });
    await room.screenshot({ path: path.join(RESULTS, 'director-earlier-flag-after.png') });
    // game 2 untouched
    const v = tables[0]!.publicView();
    expect([v.gameNo, v.phase, v.flags, v.players.map((p) => p.count)]).toEqual([2, 'play', [], [27, 27]]);
    await director.close();
    await room.close();
  }, 150_000);
});
