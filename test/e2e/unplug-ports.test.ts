/**
 * A rack reader unplugged mid-play, over real ports at the test pace (./harness.ts `TIMING`: 150 ms
 * a step, the hub's settle windows scaled down with it; the 4-player game at twice that) for the 100
 * steps a 60 s outage covers at the simulator's default pace (600 ms a step): 15 s, and 30 s for the
 * 4-player game. The simulator as its own process on socat
 * pseudo-terminals (./harness.ts), the real hub reading them, a socket.io client watching the
 * public table view. The same cases at the default pace and the demo tables' own timing, 60 s,
 * run on a virtual clock in hub/simulator/unplug.test.ts; the full matrix (rack, wall and floor
 * readers, several moments, 10 s / 60 s / 300 s) is `npm run measure:unplug`.
 *
 * The cable is pulled by the simulator's own `unplug-<READER>` file (hub/simulator/ports.ts
 * `requestUnplug`): the pseudo-terminal goes away and comes back under a new name; the hub reopens
 * it and asks for a snapshot.
 *
 * One case per table kind, each pulled one step before a pick into East's rack, so that the outage
 * covers picks into the unheard rack (the hub sees each tile leave the wall and arrive nowhere, until
 * the replug's snapshot) and discards from it:
 * - Royale Siamese, seed 13: Ann's rack 1 reader RK-E1 (inside and top). Before, every pick from the
 *   next wall then looked like a pick from the wrong wall (003 rule 20: dozens of flags in a game);
 * - 4-player, seed 21: Ann's (East's) rack reader RK-E. Before, the log had her picks after her
 *   discards ("Ann discarded before picking", 000) and the turn order fell apart after it.
 * Asserted as a director would check by hand: no flag at all (neither seed carries a violation),
 * nothing left for the director (`notSeen`), the game's points as the simulator recorded them, the
 * reader's reconnect seen by the hub, and the case met: picks into the rack logged from the replug.
 */
import { describe, it } from 'vitest';
import { loadHubConfig } from '../../hub/config/load.js';
import type { DirectorTableView } from '../../hub/api/views.js';
import { playGame, tableZones, type Step } from '../../hub/simulator/game.js';
import { moments } from '../../hub/simulator/measure-unplug.js';
import { requestUnplug } from '../../hub/simulator/ports.js';
import { playStandardGame } from '../../hub/simulator/standard/game.js';
import type { TileMovedData } from '../../hub/table/machine.js';
import { CONFIG, DIRECTOR_TOKEN, hasSocat, STANDARD_CONFIG, startSession, TIMING, type Session } from './harness.js';
import path from 'node:path';

/** The simulator's default ms per physical step (hub/simulator/run.ts `--pace`). */
const DEFAULT_PACE = 600;
/**
 * 60 s at the default pace, scaled to `pace`: the same 100 steps (at the test pace 60 000 × 150 / 600
 * = 15 000 ms; at twice it 30 000 ms).
 */
const outageMs = (pace: number): number => (60_000 * pace) / DEFAULT_PACE;

/** ms of simulator time from East's first discard to the start of step `step`, at `pace` ms a step (as hub/simulator/run.ts waits). */
function msFromFirstDiscard(steps: readonly Step[], step: number, floorReader: string, pace: number): number {
  const dwell = (s: Step) => pace * (s.dwell ?? (s.moves.every((m) => m.to === null) ? 0.5 : 1));
  const first = steps.findIndex((s) => s.moves.some((m) => m.to?.reader === floorReader));
  let t = 0;
  for (let i = first + 1; i < step; i++) t += dwell(steps[i - 1]!);
  return t + dwell(steps[first]!);
}

async function directorView(s: Session<unknown>): Promise<DirectorTableView> {
  const res = await fetch(`${s.hub.url}/api/director/tables/t1`, { headers: { authorization: `Bearer ${DIRECTOR_TOKEN}` } });
  return (await res.json()) as DirectorTableView;
}

describe.skipIf(!hasSocat)('a rack reader pulled for 100 steps over pseudo-terminals, at the test pace', () => {
  // `slower`: the test timing this many times slower (./harness.ts). The 4-player game at the test
  // timing (150 ms a step, 50 ms settle windows, 120 ms count check) gave false "picked out of turn"
  // flags at load average 24; at twice it, as test/browser/director-forms.test.ts plays its 4-player
  // game beside Chromium (docs/test-time.md, "Session 13"). The two games run at once, each with its
  // own simulator and hub.
  const cases = [
    { kind: 'siamese' as const, seed: 13, config: CONFIG, reader: 'RK-E1', slower: 1 },
    { kind: 'standard' as const, seed: 21, config: STANDARD_CONFIG, reader: 'RK-E', slower: 2 },
  ];
  it.concurrent.for(cases)('$kind seed $seed, $reader pulled one step before a pick into it: no flag, nothing listed, the recorded points', { timeout: 300_000 }, async (c, { expect }) => {
    const pace = TIMING.pace * c.slower;
    const settleMs = TIMING.settleMs * c.slower;
    const [{ table, cards }] = loadHubConfig(c.config) as [ReturnType<typeof loadHubConfig>[0]];
    // the same seeded game, played here in-process, for when to pull the cable and what to expect
    const game = c.kind === 'siamese' ? playGame({ seed: c.seed, cards, table }) : playStandardGame({ seed: c.seed, cards, table });
    const recorded = 'pointsIfNoFlags' in game.record ? game.record.pointsIfNoFlags : game.record.points;
    const moment = moments(game.steps, game.walls, 'rack', tableZones(table))[0]!;
    expect(`${moment.reader} ${moment.name}`).toBe(`${c.reader} pick into it`);
    const pullAt = msFromFirstDiscard(game.steps, moment.step, tableZones(table).floor.reader, pace);

    const s = await startSession<{ seed: number; points?: number[] | null; pointsIfNoFlags?: number[] }>({ seed: c.seed, kind: c.kind, slower: c.slower });
    try {
      const flags = new Map<string, string>();
      const seen = (v: NonNullable<ReturnType<typeof s.view>>) => {
        for (const f of v.flags) flags.set(f.id, `${f.rule}: ${f.title}`);
        return true;
      };
      // the first discard lands on the floor (the hub shows it one settle window later)
      await s.until((v) => seen(v) && v.discards.length > 0, 120_000);
      const discarded = Date.now();
      // the hub shows the discard one settle window after it lands
      await new Promise((r) => setTimeout(r, Math.max(0, pullAt - settleMs - (Date.now() - discarded))));
      requestUnplug(path.join(s.dir, 'sim'), c.reader, outageMs(pace));
      // the end, or a flag: then the check below fails at once and names it, not 200 s later
      const end = await s.until((v) => seen(v) && (v.phase === 'ended' || flags.size > 0), 200_000);
      seen(end);
      // no flag at all, ever shown (neither seed carries a violation)
      expect([...flags.values()]).toEqual([]);
      const rec = (await s.record())[0]!;
      expect(rec.seed).toBe(c.seed);
      expect(rec.pointsIfNoFlags ?? rec.points).toEqual(recorded);
      // Siamese seed 13 (003 rule 17): Ann −20, Bea 170; 4-player seed 21 (000): Cat's Mah Jongg 35, no one else scores
      expect(recorded).toEqual(c.kind === 'siamese' ? [-20, 170] : [0, 0, 35, 0]);
      expect(end.score?.points).toEqual(recorded);
      // the hub waits for every reader heard again before it judges what the outage hid; nothing left unknown
      // (the moves seen only across the replug are listed too, `changed-offline`, with their window: not something left unjudged)
      await expect.poll(async () => ((await directorView(s)).notSeen ?? []).filter((n) => n.kind !== 'changed-offline'), { timeout: 20_000 }).toEqual([]);
      // the case was met: the pull reached the hub, and picks into the rack came from the replug's snapshot
      expect(s.hub.supervisor.statuses(Date.now()).find((r) => r.id === c.reader)?.reconnects ?? 0).toBeGreaterThanOrEqual(1);
      const picks = s.hub.store
        .events('t1')
        .filter((e) => e.type === 'tile-moved')
        .map((e) => e.data as TileMovedData)
        .filter((m) => m.to.startsWith(`${c.reader}/`) && m.from?.startsWith('WL-') && m.reconciled);
      expect(picks.length).toBeGreaterThan(0);
    } finally {
      await s.stop();
    }
  });
});
