/**
 * A mis-named discard on the 4-player table (NMJL practice, not in 000; the table setting
 * `nmjlPractice.misnamedDiscard`, on by default): the director's `misnamed-discard` entry, over
 * reader lines into the engine (hub/table/test-bench.ts `SimBench`, ./scripted.test-helpers.ts).
 *
 * Every game (as in ./engine-scoring.test.ts): after the first Charleston Bea (South) holds
 * 1B 1B F 1C 1C 1C 1D 1D 1D 9C RD RD RD; she calls Ann's 1B (exposure 1B 1B 1B) and discards 9C,
 * one F short of "FF 111a 111b 111c DDD" (X 30), jokerless.
 */
import { describe, expect, it } from 'vitest';
import { loadHubConfig } from '../config/load.js';
import type { TableConfig } from '../config/types.js';
import { simulatedTileSet } from '../tilesets/simulated.js';
import { RulingError } from '../api/runtime.js';
import { closedAfterEach, SimBench } from './test-bench.js';
import { TableEngine } from './engine.js';
import { isDead } from '../../rules/variants/standard/play.js';
import { EAST, ScriptedGame, SOUTH, WEST } from './standard/scripted.test-helpers.js';

const [{ table: demo, cards }] = loadHubConfig(new URL('../config/tables/standard-demo.json', import.meta.url).pathname) as [ReturnType<typeof loadHubConfig>[0]];
const keep = closedAfterEach<SimBench<TableEngine>>();

const HANDS = ['1B 2B 3B 4B 5B 6B 7B 8B 9B 2C 3C 4C 5C 6C', 'N E W 1B 1B F 1C 1C 1C 1D 1D 1D 9C', '2D 3D 4D 5D 6D 7D 8D 9D 2D 3D 4D 5D 6D', 'RD RD RD GD GD GD WD WD WD S S S 7C'];
const PASSES = ['2B 3B 4B', 'N E W', '2D 3D 4D', 'RD RD RD'];

function bench(table: TableConfig = demo) {
  return keep(new SimBench(table, (store, readers, now) => new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now })));
}
function run(b: SimBench<TableEngine>, g: ScriptedGame, from: number, to = g.steps.length): void {
  for (const s of g.steps.slice(from, to)) b.step(s);
  b.advance(3000);
}
const refusal = (f: () => void) => {
  try {
    f();
  } catch (err) {
    return err instanceof RulingError ? [err.status, err.message] : err;
  }
  return null;
};

describe('misnamed-discard claimed for Mah Jongg', () => {
  it('Cat discards N naming it "flower"; Bea claims it for Mah Jongg: in error with N, it stands as named F: Bea 50, Cat −10', () => {
    const g = new ScriptedGame(demo, HANDS, PASSES);
    g.discard(EAST, '1B').call(SOUTH, '1B 1B').discard(SOUTH, '9C');
    g.pick(WEST, 'N').discard(WEST, 'N').call(SOUTH, 'F 1C 1C 1C 1D 1D 1D RD RD RD'); // 14 on Bea's top with the N
    const b = bench();
    b.build(g);
    run(b, g, 0);
    const before = b.engine.gameState();
    expect(before.flags.map((f) => f.code)).toEqual(['mah-jongg-in-error']);
    expect(isDead(before, SOUTH)).toBe(true);
    b.engine.enter({ entry: 'misnamed-discard', player: SOUTH, for: 'mah-jongg', named: 'F' }, 'director');
    const v = b.engine.publicView();
    expect(v.phase).toBe('ended');
    expect(v.players[SOUTH]!.racks[0]!).toMatchObject({ dead: false, mahJongg: { lineId: 'sample-standard:20', value: 30, jokerless: true } });
    // 000: Bea 30 + 20 jokerless = 50; Cat, who named the N "flower", pays as the discarder to a
    // hand with one exposure (1B 1B 1B) before the call: −10; Ann and Dot 0
    expect(v.score?.points).toEqual([0, 50, -10, 0]);
    expect(v.score?.breakdown[WEST]).toEqual(['Threw the winning tile to Bea with 1 exposure: −10 (000)', 'Total -10']);
    expect(v.flags.map((f) => [f.kind, f.title, f.consequence])).toEqual([
      ['misnamed-discard', "Bea's Mah Jongg took Cat's discard of N, named F", 'the Mah Jongg stands as named; Cat pays as the discarder of the winning tile'],
    ]);
    expect(
      b.store
        .events(demo.id)
        .filter((e) => e.type === 'director-entry')
        .map((e) => e.data),
    ).toEqual([{ entry: 'misnamed-discard', player: SOUTH, rack: 0, for: 'mah-jongg', named: 'F', by: 'director' }]);
    // refolded from the log (a restart): the same end
    expect(b.restarted((store, readers, now) => new TableEngine({ table: demo, cards, registry: simulatedTileSet(), store, readers, now })).engine.publicView().score?.points).toEqual([
      0, 50, -10, 0,
    ]);
  });

  it('named as a tile that makes no hand either: refused (409), the Mah Jongg in error stands; no name: 400', () => {
    const g = new ScriptedGame(demo, HANDS, PASSES);
    g.discard(EAST, '1B').call(SOUTH, '1B 1B').discard(SOUTH, '9C');
    g.pick(WEST, 'N').discard(WEST, 'N').call(SOUTH, 'F 1C 1C 1C 1D 1D 1D RD RD RD');
    const b = bench();
    b.build(g);
    run(b, g, 0);
    expect(refusal(() => b.engine.enter({ entry: 'misnamed-discard', player: SOUTH, for: 'mah-jongg', named: '5D' }, 'director'))).toEqual([
      409,
      "Bea's hand with the discard as named (5D) fits no hand on the card either: the Mah Jongg in error stands",
    ]);
    expect(refusal(() => b.engine.enter({ entry: 'misnamed-discard', player: SOUTH, for: 'mah-jongg' }, 'director'))).toEqual([
      400,
      'misnamed-discard: named must be the tile kind the discard was named (e.g. F, 5D), not undefined',
    ]);
    expect(refusal(() => b.engine.enter({ entry: 'misnamed-discard', player: WEST, for: 'mah-jongg', named: 'F' }, 'director'))).toEqual([
      409,
      'misnamed-discard: Cat has no Mah Jongg on a called discard in game 1 (neither won on one nor judged in error on one just now)',
    ]);
  });

  it("the Mah Jongg stood with the tile discarded (Cat's F): the entry names Cat as the discarder, who already pays −10; the points stay Bea 50, Cat −10", () => {
    const g = new ScriptedGame(demo, HANDS, PASSES);
    g.discard(EAST, '1B').call(SOUTH, '1B 1B').discard(SOUTH, '9C');
    g.pick(WEST, 'F').discard(WEST, 'F').call(SOUTH, 'F 1C 1C 1C 1D 1D 1D RD RD RD');
    const b = bench();
    b.build(g);
    run(b, g, 0);
    b.engine.enter({ entry: 'misnamed-discard', player: SOUTH, for: 'mah-jongg' }, 'director');
    expect(b.engine.publicView().score?.points).toEqual([0, 50, -10, 0]);
    expect(b.engine.publicView().flags.map((f) => [f.title, f.player])).toEqual([["Bea's Mah Jongg took Cat's mis-named discard", WEST]]);
  });

  it('the setting off (nmjlPractice.misnamedDiscard false): refused (409)', () => {
    const g = new ScriptedGame(demo, HANDS, PASSES);
    const b = bench({ ...demo, nmjlPractice: { misnamedDiscard: false } });
    b.build(g);
    run(b, g, 0);
    expect(refusal(() => b.engine.enter({ entry: 'misnamed-discard', player: SOUTH, for: 'mah-jongg', named: 'F' }, 'director'))).toEqual([
      409,
      "table 't1' takes no misnamed-discard entry: its setting nmjlPractice.misnamedDiscard is off",
    ]);
  });
});

describe("misnamed-discard claimed for an exposure: the director's ruling is applied", () => {
  /** Ann's 1B (named wrongly) called by Bea for 1B 1B 1B; then, after the entry, Cat's F and Bea's Mah Jongg. */
  function exposed() {
    const g = new ScriptedGame(demo, HANDS, PASSES);
    g.discard(EAST, '1B').call(SOUTH, '1B 1B').discard(SOUTH, '9C');
    const upTo = g.steps.length;
    g.pick(WEST, 'F').discard(WEST, 'F').call(SOUTH, 'F 1C 1C 1C 1D 1D 1D RD RD RD');
    const b = bench();
    b.build(g);
    run(b, g, 0, upTo);
    return { b, g, upTo };
  }

  it("keep-exposure: Bea keeps 1B 1B 1B and goes out on Cat's F: Bea 50, Cat −10", () => {
    const { b, g, upTo } = exposed();
    b.engine.enter({ entry: 'misnamed-discard', player: SOUTH, for: 'exposure', ruling: 'keep-exposure' }, 'director');
    expect(b.engine.publicView().flags.map((f) => [f.title, f.consequence])).toEqual([
      ['Bea called a mis-named discard for the exposure 1B 1B 1B', "the director's ruling: Bea keeps the exposure"],
    ]);
    run(b, g, upTo);
    // 000: 30 + 20 jokerless = 50; Cat −10 (one exposure before the call)
    expect(b.engine.publicView().score?.points).toEqual([0, 50, -10, 0]);
  });

  it("dead: Bea's hand is dead at once; she cannot go out, and a second ruling on a dead hand is refused; no ruling: 400", () => {
    const { b } = exposed();
    expect(refusal(() => b.engine.enter({ entry: 'misnamed-discard', player: SOUTH, for: 'exposure' }, 'director'))).toEqual([
      400,
      "misnamed-discard for an exposure: ruling must be keep-exposure or dead (the director's ruling), not undefined",
    ]);
    b.engine.enter({ entry: 'misnamed-discard', player: SOUTH, for: 'exposure', ruling: 'dead' }, 'director');
    const s = b.engine.gameState();
    expect(s.seats.map((_, p) => isDead(s, p))).toEqual([false, true, false, false]);
    expect(s.seats[SOUTH]!.racks[0]!.deadReason).toBe("called a mis-named discard for an exposure: dead by the director's ruling (NMJL practice)");
    expect(refusal(() => b.engine.enter({ entry: 'misnamed-discard', player: SOUTH, for: 'exposure', ruling: 'dead' }, 'director'))).toEqual([
      409,
      "Bea's hand is already dead (called a mis-named discard for an exposure: dead by the director's ruling (NMJL practice))",
    ]);
    expect(refusal(() => b.engine.enter({ entry: 'misnamed-discard', player: WEST, for: 'exposure', ruling: 'keep-exposure' }, 'director'))).toEqual([
      409,
      'Cat has no exposure: a mis-named discard claimed for an exposure is entered once it is exposed',
    ]);
  });
});
