/**
 * `npm run measure:noise-ports` (test/measure/vitest.config.ts; not part of `npm test`): the three
 * games over real ports that the findings of test/e2e/noise-ports.test.ts were made with, each a
 * whole Royale Siamese game (seed 55, about 70 s) at 250 ms per physical step, each with one cable
 * pulled (test/e2e/noise-session.ts: the simulator on socat pseudo-terminals, the real hub with the
 * demo table's own timing):
 * - realistic line noise, Bea's rack 1 reader RK-W2 pulled for 3 s, 5 discards into play;
 * - no line noise, the current wall's reader pulled for 4 s, 2 discards into play;
 * - no line noise, Ann's rack 1 reader RK-E1 pulled for 3.5 s from 1 s before she lays out her Mah
 *   Jongg.
 * Each asserts what `npm test`'s game with all three cables asserts: no flag at all, the end as the
 * simulator recorded it (counts, Mah Jonggs, 003 rule 17 points), every reader connected again, and
 * the case met. The noisy game first, alone, then the two others at once: 170 s at load average 10
 * on 2 cores (docs/test-time.md, "Session 11").
 */
import { afterAll, describe, expect, it } from 'vitest';
import { requestUnplug } from '../../hub/simulator/ports.js';
import { hasSocat } from '../e2e/harness.js';
import { expectAsRecorded, expectReconnected, inPlay, movesOf, startFor, stepTimeInPlay, stopNoisySessions, waitFor } from '../e2e/noise-session.js';

// each case stops its own session when it finishes (two run at once: `it.concurrent`); this
// stops whatever a failed start left
afterAll(stopNoisySessions);

// the two cases without line noise run at once, each its own simulator and hub (they wait on the
// 250 ms pace far more than they compute), after the noisy one alone: one after the other the three
// took 224 s, the file's longest. All three at once, under load (8 helpers, load average 28), the
// noisy game once got a false 003 rule 18C flag near its end, so it keeps the machine to itself.
describe.skipIf(!hasSocat)('a noisy game over pseudo-terminals, with a cable pulled', () => {
  it('a whole game at realistic noise: no flag, it ends as the simulator recorded it, every reader ends connected', async (ctx) => {
    const SEED = 55;
    const s = await startFor(ctx, { seed: SEED, games: 1, pace: 250, noise: 'realistic', noiseSeed: 7 });

    // Bea's rack 1 reader unplugged for 3 s, 5 discards into play (about 8 s at this pace; ordinary
    // picks and discards meanwhile)
    await inPlay(s, 1, 30_000);
    await waitFor(
      () => (s.view()?.discards.length ?? 0) >= 5,
      30_000,
      () => `5 discards (${s.timeline.join(' | ')})`,
    );
    requestUnplug(s.simDir, 'RK-W2', 3000);
    await expectAsRecorded(s, SEED);
    await expectReconnected(s, 'RK-W2');
  }, 180_000);

  /**
   * Bug 1 (fixed): a wall reader unplugged mid-play made a false 003 rule 18C flag. Seen
   * in this file's runs, e.g. WL-2 unplugged at t = 0: Bea picks 4B#3 from wall 1 (the DEL is never
   * sent: the wall's cable is out), RK-W1 reads the tile in her rack (ADD at +626 ms), the tracker
   * kept the tile in WL-2/wall (a tag seen in two zones stays where it was until its old zone lets
   * go, and an offline reader never lets go); Bea discards at +875 ms; the count check at +1601 ms
   * skipped only the untrusted readers' own players, so Bea counted 26 off turn. Now the rack's
   * read alone moves the tile (hub/tracking/tracker.ts `unseen`), and a count check skips every
   * player while a wall or floor reader is not heard (hub/table/engine.ts `playersToSkip`).
   */
  it.concurrent("the current wall's reader unplugged for 4 s mid-play: no flag, the game ends as the simulator recorded it", async (ctx) => {
    const SEED = 55;
    const s = await startFor(ctx, { seed: SEED, games: 1, pace: 250, noise: 'none', noiseSeed: 7 });
    await inPlay(s, 1, 30_000);
    // 2 discards into play (about 3 s at this pace): picks from the current wall go on meanwhile
    await waitFor(
      () => (s.view()?.discards.length ?? 0) >= 2,
      30_000,
      () => `2 discards (${s.timeline.join(' | ')})`,
    );
    const current = s.view()!.walls.find((w) => w.current)!.wall;
    requestUnplug(s.simDir, `WL-${current + 1}`, 4000);
    await expectAsRecorded(s, SEED);
    await expectReconnected(s, `WL-${current + 1}`);
    // the case was met: picks from the unplugged wall moved on the racks' reads alone
    const picks = movesOf(s).filter((m) => m.from === `WL-${current + 1}/wall` && m.unseen?.includes(`WL-${current + 1}`));
    expect(picks.length).toBeGreaterThan(0);
    expect(picks.every((m) => m.reconciled !== undefined)).toBe(true);
  }, 180_000);

  /**
   * Bug 2 (fixed): a rack reader unplugged while its player lays out Mah Jongg. Seed 55:
   * Ann lifts 14 tiles from her rack 1 and exposes her Mah Jongg (sample-siamese:23) on its top,
   * then discards 6C#1; RK-E1 is pulled 1 s before and plugged back 3.5 s later. The discard is
   * seen live by the floor reader, the exposures only in RK-E1's snapshot after the replug, so the
   * log has most of them after the discard. The referee no longer judges exposures (003 rule 11)
   * on a rack whose reader was not heard at the discard: it verifies the Mah Jongg when its 14th
   * tile reaches the log and judges the rack at the next turn boundary it saw.
   */
  it.concurrent("Ann's rack 1 reader unplugged while she lays out her Mah Jongg and discards: no flag, the game ends as recorded", async (ctx) => {
    const SEED = 55;
    const PACE = 250;
    const mj = stepTimeInPlay(SEED, PACE, /^Ann lifts 14 tiles for Mah Jongg/);
    const s = await startFor(ctx, { seed: SEED, games: 1, pace: PACE, noise: 'none', noiseSeed: 7 });
    await inPlay(s, 1, 30_000);
    const played = Date.now();
    // the hub shows play about one settle window (200 ms) after East's first discard lands
    await new Promise((r) => setTimeout(r, Math.max(0, mj - 200 - 1000 - (Date.now() - played))));
    requestUnplug(s.simDir, 'RK-E1', 3500);
    await expectAsRecorded(s, SEED);
    await expectReconnected(s, 'RK-E1');
    // the case was met: Ann's discard after her Mah Jongg was logged while RK-E1 was not heard, and
    // tiles of the Mah Jongg reached the log from its snapshot after the replug
    const moves = movesOf(s);
    expect(moves.find((m) => m.tile === '6C#1' && m.to === 'FL-1/floor')?.unseen).toContain('RK-E1');
    expect(moves.filter((m) => m.to === 'RK-E1/top' && m.reconciled).length).toBeGreaterThan(0);
  }, 180_000);
});
