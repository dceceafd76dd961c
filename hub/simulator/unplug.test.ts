/**
 * Pulled reader cables on a virtual clock (./measure.ts `runVirtualTable`: the virtual readers'
 * lines into a real ReaderSupervisor and the hub's table engine, no line noise), at the pace and
 * the outage lengths a table really sees. The same faults go through real pseudo-terminals in
 * test/e2e/unplug-ports.test.ts and test/e2e/noise-ports.test.ts, at the test pace (minutes of wall
 * time there); here each runs in well under a second of wall time, at the simulator's default pace
 * (600 ms a step) with the demo tables' own timing. The full matrix (each reader kind, each moment,
 * 10 s / 60 s / 300 s) is `npm run measure:unplug`.
 *
 * Asserted as a director would check by hand: no flag at all (no seed here carries a violation),
 * nothing left for the director (`notSeen`), the game's points as the simulator recorded them, and
 * the case met (moves into or out of the unheard zones logged from the replug's snapshot).
 */
import { describe, expect, it } from 'vitest';
import type { DirectorTableView } from '../api/views.js';
import { loadHubConfig } from '../config/load.js';
import type { TableMachine, TileMovedData } from '../table/machine.js';
import { TableEngine } from '../table/engine.js';
import { playGame, tableZones, type Step } from './game.js';
import { runVirtualTable, type Outage } from './measure.js';
import { moments } from './measure-unplug.js';
import { NO_NOISE } from './noise.js';
import { playStandardGame } from './standard/game.js';

const SIAMESE = loadHubConfig(new URL('../config/tables/siamese-demo.json', import.meta.url).pathname)[0]!;
const STANDARD = loadHubConfig(new URL('../config/tables/standard-demo.json', import.meta.url).pathname)[0]!;

/** One seeded game of `kind` played by the bots, with the points the simulator recorded. */
function played(kind: 'siamese' | 'standard', seed: number) {
  const { table, cards } = kind === 'siamese' ? SIAMESE : STANDARD;
  const g = kind === 'siamese' ? playGame({ seed, cards, table }) : playStandardGame({ seed, cards, table });
  return { table, cards, steps: g.steps, walls: g.walls, points: 'pointsIfNoFlags' in g.record ? g.record.pointsIfNoFlags : g.record.points };
}

/** Runs `game` on the virtual clock at `pace` ms a step with `outage`; the director's view and the moves logged. */
function run(seed: number, game: ReturnType<typeof played>, pace: number, outage: Outage) {
  const r = runVirtualTable({
    table: game.table,
    seed,
    walls: game.walls,
    steps: game.steps,
    noise: NO_NOISE,
    pace,
    outages: [outage],
    engine: (base): TableMachine => new TableEngine({ ...base, cards: game.cards }),
  });
  const view = r.engine.directorView() as DirectorTableView;
  r.engine.close();
  const moves = r.store
    .events(game.table.id)
    .filter((e) => e.type === 'tile-moved')
    .map((e) => e.data as TileMovedData);
  return { view, moves, pulled: r.pulled };
}

/** The index of the first step whose label matches `label`. */
/** What the referee could not judge, listed for the director (the view's `notSeen` less the moves seen only across a replug). */
const judged = (view: DirectorTableView) => (view.notSeen ?? []).filter((n) => n.kind !== 'changed-offline');
/** The moves seen only across a replug, listed for the director with their window (`changed-offline`). */
const changedOffline = (view: DirectorTableView) => (view.notSeen ?? []).filter((n) => n.kind === 'changed-offline');

function stepOf(steps: readonly Step[], label: RegExp, from = 0): number {
  const i = steps.findIndex((s, k) => k >= from && label.test(s.label));
  if (i < 0) throw new Error(`no step ${label}`);
  return i;
}

describe('a rack reader pulled for 60 s at the default pace, on a virtual clock (as test/e2e/unplug-ports.test.ts)', () => {
  const cases = [
    // 003 rule 17: Ann −20, Bea 170
    { kind: 'siamese' as const, seed: 13, reader: 'RK-E1', points: [-20, 170] },
    // 000: Cat's Mah Jongg 35, no one else scores
    { kind: 'standard' as const, seed: 21, reader: 'RK-E', points: [0, 0, 35, 0] },
  ];
  it.each(cases)('$kind seed $seed, $reader pulled one step before a pick into it: no flag, nothing listed, the recorded points', (c) => {
    const game = played(c.kind, c.seed);
    expect(game.points).toEqual(c.points);
    const moment = moments(game.steps, game.walls, 'rack', tableZones(game.table))[0]!;
    expect(`${moment.reader} ${moment.name}`).toBe(`${c.reader} pick into it`);
    const { view, moves, pulled } = run(c.seed, game, 600, { reader: c.reader, atStep: moment.step, ms: 60_000 });
    expect(pulled.map((p) => [p.reader, p.to - p.from])).toEqual([[c.reader, 60_000]]);
    expect(view.flags.map((f) => `${f.rule}: ${f.title}`)).toEqual([]);
    expect(judged(view)).toEqual([]);
    expect(view.score?.points).toEqual(c.points);
    // the case was met: picks into the rack came from the replug's snapshot, and are listed with their window
    const picks = moves.filter((m) => m.to.startsWith(`${c.reader}/`) && m.from?.startsWith('WL-') && m.reconciled);
    expect(picks.length).toBeGreaterThan(0);
    const listed = changedOffline(view).flatMap((n) => n.tiles);
    expect(picks.filter((m) => !listed.includes(m.tile))).toEqual([]);
  });
});

describe('the Siamese seed 55 cables of test/e2e/noise-ports.test.ts, at 250 ms a step on a virtual clock', () => {
  const game = played('siamese', 55);
  it('seed 55 as the simulator recorded it: Ann 35, Bea 125', () => {
    // 003 rule 17 A and B: Ann's one Mah Jongg (sample-siamese:23) 35; Bea's 1st (sample-standard:25) 25, her 2nd
    // (sample-standard:51, 50) wins the game and is doubled: 25 + 2 × 50 = 125
    expect(game.points).toEqual([35, 125]);
  });

  it("the current wall's reader pulled for 4 s after the 2nd discard: no flag, nothing listed, the recorded points", () => {
    const second = stepOf(game.steps, / discards /, stepOf(game.steps, / discards /) + 1);
    // the wall the next pick comes from
    const pick = stepOf(game.steps, / picks /, second);
    const wall = game.steps[pick]!.moves.find((m) => m.from?.reader.startsWith('WL-'))!.from!.reader;
    const { view, moves } = run(55, game, 250, { reader: wall, atStep: second + 1, ms: 4000 });
    expect(view.flags.map((f) => `${f.rule}: ${f.title}`)).toEqual([]);
    expect(judged(view)).toEqual([]);
    expect(view.score?.points).toEqual(game.points);
    // the case was met: picks from the unplugged wall moved on the racks' reads alone
    expect(moves.filter((m) => m.from === `${wall}/wall` && m.unseen?.includes(wall)).length).toBeGreaterThan(0);
  });

  it("Ann's rack 1 reader pulled for 3.5 s 1 s before she lays out her Mah Jongg: no flag, her Mah Jongg listed for the director, the recorded points", () => {
    // 1 s at 250 ms a step: 4 steps before (a step stands 1 pace, a lift 0.5)
    const mj = stepOf(game.steps, /^Ann lifts 14 tiles for Mah Jongg/);
    const { view, moves } = run(55, game, 250, { reader: 'RK-E1', atStep: mj - 4, ms: 3500 });
    expect(view.flags.map((f) => `${f.rule}: ${f.title}`)).toEqual([]);
    // the one thing the outage hid, listed for the director: the Mah Jongg's 14th tile reached the log only from the snapshot
    expect(judged(view).map((n) => [n.player, n.title])).toEqual([
      [0, "Ann's Mah Jongg on rack 1 was completed while a reader was not heard: its order among the Mah Jonggs and whether its last tile was a called discard are not known"],
    ]);
    expect(view.score?.points).toEqual(game.points);
    // the case was met: tiles of the Mah Jongg reached the log from RK-E1's snapshot after the replug
    expect(moves.filter((m) => m.to === 'RK-E1/top' && m.reconciled).length).toBeGreaterThan(0);
  });
});
