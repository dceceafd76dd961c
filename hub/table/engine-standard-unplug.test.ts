/**
 * A reader of the 4-player table unplugged mid-play, on the virtual clock (hub/simulator/measure.ts
 * `runVirtualTable`: the seeded game's own moves through virtual readers into a real supervisor and
 * a real TableEngine, no line noise). What the unheard reader saw reaches the hub only from
 * its first snapshot after the replug, so the log has the moves out of the table's order: a pick
 * into the unheard rack after the discard that followed it, a discard onto the unheard floor after
 * the picks that followed it. Before, the referee judged the turn order on the log's order: seed 1
 * with East's rack pulled 60 s before a pick into it got "Ann discarded before picking" (and,
 * Ann's hand dead, "Dot exposed without a called tile" later, and no score); the floor pulled 60 s
 * before a discard got 4 "picking ahead" flags; a wall pulled 60 s at seed 3 got "Bea discarded
 * before picking". Now those moves wait for every zone to be heard again (`readers-heard`) and are
 * judged in the order they happened.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadHubConfig } from '../config/load.js';
import { tableZones } from '../simulator/game.js';
import { runVirtualTable } from '../simulator/measure.js';
import { moments, play, type PulledKind } from '../simulator/measure-unplug.js';
import { NO_NOISE } from '../simulator/noise.js';
import type { StoredEvent } from '../store/types.js';
import type { TileMovedData } from './machine.js';
import { TableEngine } from './engine.js';

const CONFIG = fileURLToPath(new URL('../config/tables/standard-demo.json', import.meta.url));
const [{ table: demo, cards }] = loadHubConfig(CONFIG) as [ReturnType<typeof loadHubConfig>[0]];
// the simulator's bots play on after a wrong count at East's first discard (seeds 6 and 10): the
// count kills the hand (NMJL) instead of the NMJL-practice misdeal, so the games play on to their end
const table = { ...demo, nmjlPractice: { misdeal: false } };

/** Plays seed `seed` (game `seed` of measure:unplug) with the reader of `pulled` out for `ms` at its `moment`-th outage moment. */
function pulledRun(seed: number, pulled: PulledKind, moment: number, ms: number, pace = 700, gameNo = seed) {
  const g = play('standard', table, cards, gameNo, seed);
  const m = moments(g.steps, g.walls, pulled, tableZones(table))[moment]!;
  const run = runVirtualTable({
    table,
    seed,
    walls: g.walls,
    steps: g.steps,
    noise: NO_NOISE,
    pace,
    outages: [{ reader: m.reader, atStep: m.step, ms }],
    engine: (base) => new TableEngine({ ...base, cards }),
  });
  const view = run.engine.directorView();
  run.engine.close();
  return {
    moment: `${m.reader} ${m.name}`,
    record: g.record.points,
    window: run.pulled[0]!,
    flags: view.flags.map((f) => `${f.kind}: ${f.title}`),
    points: view.score?.points ?? null,
    // what the referee could not judge (the moves seen only across the replug are listed too: `changed-offline`)
    notSeen: (view.notSeen ?? []).filter((n) => n.kind !== 'changed-offline'),
    changed: (view.notSeen ?? []).filter((n) => n.kind === 'changed-offline'),
    reconciled: run.store.events(table.id).filter((e) => e.type === 'tile-moved' && (e.data as { reconciled?: unknown }).reconciled) as (StoredEvent & { data: TileMovedData })[],
  };
}

describe('a reader of the 4-player table pulled for 60 s mid-play (virtual clock)', () => {
  it("seed 1, East's rack reader out over a pick into it and her discard: no flag, the recorded points", () => {
    const r = pulledRun(1, 'rack', 0, 60_000);
    expect(r.moment).toBe('RK-E pick into it');
    expect(r.flags).toEqual([]);
    expect(r.notSeen).toEqual([]);
    // Dot's Mah Jongg (30) on Ann's discard, Dot with two exposures: Ann pays 20 (000)
    expect(r.record).toEqual([-20, 0, 0, 30]);
    expect(r.points).toEqual([-20, 0, 0, 30]);
  });

  it("seed 1, East's rack reader out 60 s: the moves its replug snapshot revealed join the director's list, with the outage's window", () => {
    const r = pulledRun(1, 'rack', 0, 60_000);
    // Ann's discards the floor saw go while her rack was out, and her picks found by its replug snapshot
    expect(r.changed.map((n) => `${n.player} ${n.title}`)).toEqual([
      "0 7B#3 went from Ann's rack 1 to floor while reader RK-E could not be heard: seen only in the snapshot after, not when in the window",
      "0 W#4 went from Ann's rack 1 to floor while reader RK-E could not be heard: seen only in the snapshot after, not when in the window",
      "0 2 tiles went from wall 2 to Ann's rack 1 while reader RK-E could not be heard: seen only in the snapshot after, not when in the window",
      "0 4B#1 went from wall 3 to Ann's rack 1 while reader RK-E could not be heard: seen only in the snapshot after, not when in the window",
      "0 8D#1 went from Ann's rack 1 to floor while reader RK-E could not be heard: seen only in the snapshot after, not when in the window",
    ]);
    // every move logged with a reconciled window is listed once, with that window
    expect(r.changed.flatMap((n) => n.tiles).sort()).toEqual(r.reconciled.map((e) => e.data.tile).sort());
    for (const n of r.changed) for (const t of n.tiles) expect(n.window).toEqual(r.reconciled.find((e) => e.data.tile === t)!.data.reconciled);
    // each window opens where the hub last heard the rack, before the cable was pulled, and closes by the replug's snapshot (ms)
    expect(new Set(r.changed.map((n) => n.window.from)).size).toBe(1);
    expect(r.changed[0]!.window.from).toBeLessThanOrEqual(r.window.from);
    for (const n of r.changed) expect(n.window.to).toBeLessThanOrEqual(r.window.to + 1000);
    expect(r.notSeen).toEqual([]);
    expect(r.flags).toEqual([]);
  });

  it("seed 1 at the simulator's default pace (600 ms a step), East's rack out over a pick into it: no count flag from the judged moves' turn boundaries", () => {
    // the moves held while RK-E was out are judged at once when every reader is heard again; their
    // turn boundaries are long past and schedule no count check (before: one check per replayed
    // discard, all due at once, one of them between Dot's call and her exposure: "Dot's rack holds
    // 14 tiles; the game says 13")
    const r = pulledRun(1, 'rack', 0, 60_000, 600);
    expect(r.flags).toEqual([]);
    expect(r.points).toEqual([-20, 0, 0, 30]);
  });

  it("seed 10 (measure:unplug's game 6), East's rack out 60 s: a tile she picked while it was out and discarded just after the replug, before its snapshot, is her pick and discard", () => {
    // 4D#4 left wall 2 while RK-E was out and reached the floor 0.2 s after the replug, before
    // RK-E's snapshot: logged wall → floor with no reader unheard at that moment. Before, it made
    // no action: Ann's turn never ended for the hub ("Cat picked before Ann discarded", then Dot,
    // then Ann herself) and Cat's Mah Jongg was not scored
    const r = pulledRun(10, 'rack', 0, 60_000, 700, 6);
    expect(r.moment).toBe('RK-E pick into it');
    // the game's own violation (Bea's count at East's first discard, before the outage) only
    expect(r.flags).toEqual(['tile-count: Bea has 14 tiles off turn (should be 13)']);
    // Cat's Mah Jongg 40, self-picked; Bea's hand is dead
    expect(r.points).toEqual([0, 0, 40, 0]);
    expect(r.record).toEqual([0, 0, 40, 0]);
  });

  it("seed 6 (measure:unplug's game 2), West's rack out 60 s over Cat's exposure: a joker laid on her unheard top goes with the pung short of it", () => {
    const r = pulledRun(6, 'rack', 0, 60_000, 700, 2);
    expect(r.moment).toBe('RK-W exposure on it');
    // Cat called 2C and laid 2C and a joker beside it while RK-W was out; both jokers on her top
    // came only from the replug's snapshot. Before, both went with her last call: "Cat called the
    // discard for a pair" and "Cat exposed without a called tile". Now only the game's own flags
    // (a joker passed in the Charleston, and the two counts it left wrong at East's first discard)
    expect(r.flags).toEqual([
      'joker-passed: Ann passed a joker in the first right pass',
      'tile-count: Ann has 14 tiles off turn (should be 13)',
      'tile-count: Bea has 12 tiles off turn (should be 13)',
    ]);
    // Cat's Mah Jongg 30 on Dot's discard (Dot pays 10); Ann and Bea are dead
    expect(r.points).toEqual([0, 0, 30, -10]);
    expect(r.record).toEqual([0, 0, 30, -10]);
  });

  it('seed 1, the floor reader out over a discard: no flag, the recorded points', () => {
    const r = pulledRun(1, 'floor', 0, 60_000);
    expect(r.moment).toBe('FL-1 a discard');
    expect(r.flags).toEqual([]);
    expect(r.points).toEqual([-20, 0, 0, 30]);
  });

  it("seed 3, wall 2's reader out over Ann's pick ahead: that pick is still flagged, nothing else", () => {
    const r = pulledRun(3, 'wall', 0, 60_000);
    expect(r.moment).toBe('WL-2 first pick from it');
    // the seed's injected violation, seen by the rack readers while only the wall was not heard
    expect(r.flags).toEqual(['picking-ahead: Ann picked before Dot discarded']);
    // Dot's self-picked Mah Jongg, 40 with Ann's hand dead (a dead hand pays nothing, 000)
    expect(r.record).toEqual([0, 0, 0, 40]);
    expect(r.points).toEqual([0, 0, 0, 40]);
  });

  it("seed 3, East's rack reader out over her pick ahead: not judged, listed for the director, the turn passes her by", () => {
    const r = pulledRun(3, 'rack', 0, 60_000);
    // Ann picked ahead and put the tile back while her rack could not be heard: the hub saw
    // nothing of it, only Bea picking in Ann's turn
    expect(r.flags).toEqual([]);
    expect(r.notSeen.map((n) => `${n.rule} / player ${n.player} / ${n.tiles.join(' ')}: ${n.title}`)).toEqual([
      "000 GAME PLAY: a player who goes out of turn is dead / player 1 / 5C: Bea picked while it was Ann's turn; Ann's rack could not be heard, so whether it was in turn is not known; Ann's turns are passed over until she plays again",
    ]);
    // the window listed is the stretch of moves held while a zone was unheard: its first move
    // (Bea's pick, 2.1 s into the outage) to every reader heard again (after the replug)
    expect(r.notSeen[0]!.window.from - r.window.from).toBe(2101);
    expect(r.notSeen[0]!.window.to).toBeGreaterThanOrEqual(r.window.to);
    expect(r.points).toEqual([0, 0, 0, 40]);
  });
});
