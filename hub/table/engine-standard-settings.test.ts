/**
 * The 4-player table's scoring settings from reader lines (hub/table/test-bench.ts `SimBench`, games
 * written move by move in ./scripted.test-helpers.ts): a home table (table config `scoring: "home"`,
 * the back of the NMJL card), a Mah Jongg completed by a joker exchange (self-picked or not, by the
 * setting), and the line the player announced (`paidLine: "announced"`, a director entry).
 */
import { describe, expect, it } from 'vitest';
import { loadHubConfig } from '../config/load.js';
import type { ScoringConfig } from '../../rules/scoring/settings.js';
import { simulatedTileSet } from '../tilesets/simulated.js';
import { RulingError } from '../api/runtime.js';
import { closedAfterEach, SimBench } from './test-bench.js';
import { TableEngine } from './engine.js';
import { EAST, NORTH, ScriptedGame, SOUTH, WEST } from './standard/scripted.test-helpers.js';

const [{ table, cards }] = loadHubConfig(new URL('../config/tables/standard-demo.json', import.meta.url).pathname) as [ReturnType<typeof loadHubConfig>[0]];
const keep = closedAfterEach<SimBench<TableEngine>>();

/** Plays the script over reader lines into a fresh standard engine whose table config has `scoring`. */
function play(game: ScriptedGame, scoring?: ScoringConfig): SimBench<TableEngine> {
  const t = scoring === undefined ? table : { ...table, scoring };
  const b = keep(new SimBench(t, (store, readers, now) => new TableEngine({ table: t, cards, registry: simulatedTileSet(), store, readers, now })));
  b.build(game);
  for (const s of game.steps) b.step(s);
  b.advance(3000);
  return b;
}

const EAST_HAND = '1B 2B 3B 4B 5B 6B 7B 8B 9B 2C 3C 4C 5C 6C'; // 14
const WEST_HAND = '2D 3D 4D 5D 6D 7D 8D 9D 2D 3D 4D 5D 6D'; // 13
const PASSES = (north: string) => ['2B 3B 4B', 'N E W', '2D 3D 4D', north];

/**
 * Bea (South) goes out on "FF 111a 111b 111c DDD" (X 30, jokerless) on a discard of Cat (West)
 * with one exposure (1B 1B 1B) before the call, as in ./engine-scoring.test.ts.
 */
function beaOnCatsDiscard(): ScriptedGame {
  const g = new ScriptedGame(table, [EAST_HAND, 'N E W 1B 1B F 1C 1C 1C 1D 1D 1D 9C', WEST_HAND, 'RD RD RD GD GD GD WD WD WD S S S 7C'], PASSES('RD RD RD'));
  g.discard(EAST, '1B').call(SOUTH, '1B 1B').discard(SOUTH, '9C');
  g.pick(WEST, 'F').discard(WEST, 'F').call(SOUTH, 'F 1C 1C 1C 1D 1D 1D RD RD RD');
  return g;
}

/**
 * Cat (West) calls Ann's first discard 2D for a pung 2D 2D J; Bea (South) picks a 2D, exchanges it
 * for Cat's joker, and the joker completes "FF 111a 111b 111c DDD" as F F 1B×3 1C×3 1D×3 RD RD J
 * (X 30, a joker: not jokerless). With the 2D instead of the joker the hand completes no line.
 */
function beaByJokerExchange(): ScriptedGame {
  // Cat is dealt one 3D less and a joker; Bea gets Dot's 1D RD RD in the Charleston
  const g = new ScriptedGame(table, [EAST_HAND, 'N E W F F 1B 1B 1B 1C 1C 1C 1D 1D', '2D 3D 4D 5D 6D 7D 8D 9D 2D J 4D 5D 6D', '1D RD RD GD GD GD WD WD WD S S S 7C'], PASSES('1D RD RD'));
  g.discard(EAST, '2D').call(WEST, '2D J').discard(WEST, '9D');
  g.pick(NORTH, '9C').discard(NORTH, '9C');
  g.pick(EAST, '8C').discard(EAST, '8C');
  g.pick(SOUTH, '2D').exchange(SOUTH, WEST, '2D');
  g.layOut(SOUTH, 'F F 1B 1B 1B 1C 1C 1C 1D 1D 1D RD RD J');
  return g;
}

describe('a home table (table config scoring "home": the NMJL card\'s back)', () => {
  it("Bea 30 jokerless on Cat's discard: Cat pays 30 × 2 × 2 = 120, Ann and Dot 30 × 1 × 2 = 60 each; Bea collects 240", () => {
    const b = play(beaOnCatsDiscard(), 'home');
    const v = b.engine.publicView();
    expect(v.phase).toBe('ended');
    expect(b.engine.unexplained).toEqual([]);
    // discarder double, others single, every payment doubled again for jokerless: 120 + 60 + 60 = 240
    expect(v.score?.points).toEqual([-60, 240, -120, -60]);
    expect(v.score?.breakdown[WEST]).toEqual(['Pays Bea: 30 × 2 (discarder) × 2 (jokerless) = 120', 'Total -120']);
    expect(v.score?.breakdown[EAST]).toEqual(['Pays Bea: 30 × 1 (on a discard) × 2 (jokerless) = 60', 'Total -60']);
    expect(v.score?.breakdown[SOUTH]).toEqual(["Mah Jongg 30, on Cat's discard, jokerless: collects 240", 'Total 240']);
    expect(v.scoring?.[0]).toBe('Home scoring (NMJL card)');
    expect(b.engine.directorView().scoring).toEqual(v.scoring);
    // and on each player's phone, next to the score
    expect(b.engine.seatView(WEST).scoring).toEqual(v.scoring);
  });

  it('a joker exchange completing the Mah Jongg is self-picked by default: everybody pays 30 × 2 = 60, Bea collects 180', () => {
    const b = play(beaByJokerExchange(), 'home');
    expect(b.engine.unexplained).toEqual([]);
    expect(b.engine.gameState().result?.outcome).toMatchObject({ winner: SOUTH, selfPicked: true, jokerExchange: true, discarder: null });
    expect(b.engine.publicView().score?.points).toEqual([-60, 180, -60, -60]);
  });

  it('with jokerExchangeSelfPicked false, each pays single: 30 × 1 = 30, Bea collects 90', () => {
    const b = play(beaByJokerExchange(), { scheme: 'home', jokerExchangeSelfPicked: false });
    expect(b.engine.gameState().result?.outcome).toMatchObject({ winner: SOUTH, selfPicked: false, jokerExchange: true, discarder: null });
    expect(b.engine.publicView().score?.points).toEqual([-30, 90, -30, -30]);
    expect(b.engine.publicView().score?.breakdown[EAST]).toEqual(['Pays Bea: 30 × 1 (joker exchange, not self-picked) = 30', 'Total -30']);
  });
});

describe('a joker exchange completing the Mah Jongg at a tournament-scored table', () => {
  it('self-picked (default, NMJL): Bea 30 + 10 = 40, nobody else pays', () => {
    const b = play(beaByJokerExchange());
    expect(b.engine.publicView().score?.points).toEqual([0, 40, 0, 0]);
    expect(b.engine.publicView().score?.breakdown[SOUTH]).toEqual(['Hand 30, completed by a joker exchange (counts as self-picked), self-picked +10 = 40 (000)', 'Total 40']);
  });

  it("not self-picked (jokerExchangeSelfPicked false): Bea 30, no bonus, no discarder's penalty", () => {
    const b = play(beaByJokerExchange(), { jokerExchangeSelfPicked: false });
    expect(b.engine.publicView().score?.points).toEqual([0, 30, 0, 0]);
  });

  it('seed 000 settings by default, printed on the table view', () => {
    const v = play(beaOnCatsDiscard()).engine.publicView();
    // 30 + 20 jokerless = 50; Cat −10 (one exposure)
    expect(v.score?.points).toEqual([0, 50, -10, 0]);
    expect(v.scoring).toEqual([
      'Tournament scoring (seed 000)',
      'Discarder pays: −10 (winner with 0-1 exposures), −20 (2), −20 (3 or more)',
      'Self-picked +10, jokerless +20 (not Singles and Pairs), wall game +10',
      'Joker exchange completing Mah Jongg: counts as self-picked',
      'Hand paid at: the best line its tiles complete',
    ]);
  });
});

/**
 * Bea (South) holds F F J J 1B 1B 1B J 1C 1C 1C 1D 1D and picks the last 1D: the tiles complete
 * "FF 111a 111b 111c DDD" (X 30, DDD as J J J) and "FFFF 1111a 111b 111c" (X 25, FFFF as F F J J,
 * 1111a as 1B 1B 1B J). Self-picked, +10.
 */
function beaTwoLines(): ScriptedGame {
  const g = new ScriptedGame(table, [EAST_HAND, 'N E W F F J J 1B 1B 1B J 1C 1C', WEST_HAND, '1C 1D 1D GD GD GD WD WD WD S S S 7C'], PASSES('1C 1D 1D'));
  g.discard(EAST, '9B').pick(SOUTH, '1D');
  g.layOut(SOUTH, 'F F J J 1B 1B 1B J 1C 1C 1C 1D 1D 1D');
  return g;
}
const LINE_30 = 'sample-standard:20';
const lineId = (text: string) => cards.flatMap((c) => c.lines).find((l) => l.text.startsWith(text))!.id;

describe('the hand paid at the line the player announced (paidLine "announced", director entry)', () => {
  it('best line until entered: 30 + 10 = 40; Bea announced "FFFF 1111a 111b 111c": 25 + 10 = 35', () => {
    const b = play(beaTwoLines(), { paidLine: 'announced' });
    expect(b.engine.unexplained).toEqual([]);
    expect(b.engine.publicView().players[SOUTH]!.racks[0]!.mahJongg).toMatchObject({ lineId: LINE_30, value: 30 });
    expect(b.engine.publicView().score?.points).toEqual([0, 40, 0, 0]);
    const line25 = lineId('FFFF 1111a 111b 111c');
    b.engine.enter({ entry: 'announced-line', player: SOUTH, line: line25 }, 'Dora');
    const v = b.engine.publicView();
    expect(v.players[SOUTH]!.racks[0]!.mahJongg).toMatchObject({ lineId: line25, value: 25 });
    expect(v.score?.points).toEqual([0, 35, 0, 0]);
    expect(v.score?.breakdown[SOUTH]).toEqual(['Hand 25, self-picked +10 = 35 (000)', 'Total 35']);
    // the entry is in the log: a rebuild keeps it
    expect(
      b.store
        .events(table.id)
        .filter((e) => e.type === 'director-entry')
        .map((e) => e.data),
    ).toEqual([{ entry: 'announced-line', player: SOUTH, rack: 0, by: 'Dora', line: line25 }]);
  });

  it("a line the tiles do not complete is refused, naming the lines they complete; a non-winner's is refused", () => {
    const b = play(beaTwoLines(), { paidLine: 'announced' });
    const other = lineId('NNNN EEE WWW SSSS');
    expect(() => b.engine.enter({ entry: 'announced-line', player: SOUTH, line: other }, 'Dora')).toThrow(RulingError);
    expect(() => b.engine.enter({ entry: 'announced-line', player: SOUTH, line: other }, 'Dora')).toThrow(
      /^Bea's tiles do not complete NNNN EEE WWW SSSS .*\(they complete: FF 111a 111b 111c DDD .* 30; FFFF 1111a 111b 111c .* 25\)$/,
    );
    expect(() => b.engine.enter({ entry: 'announced-line', player: EAST, line: LINE_30 }, 'Dora')).toThrow('Ann did not win game 1: an announced line is paid only for the Mah Jongg');
    expect(() => b.engine.enter({ entry: 'announced-line', player: SOUTH, line: 'no-such-line' }, 'Dora')).toThrow("announced-line: 'no-such-line' is not a line of this table's cards");
    expect(b.engine.publicView().score?.points).toEqual([0, 40, 0, 0]);
  });

  /** Plays `beaTwoLines` with Bea's announced line entered before she lays out. */
  function announcedBefore(line: string): SimBench<TableEngine> {
    const g = beaTwoLines();
    const t = { ...table, scoring: { paidLine: 'announced' } as ScoringConfig };
    const b = keep(new SimBench(t, (store, readers, now) => new TableEngine({ table: t, cards, registry: simulatedTileSet(), store, readers, now })));
    b.build(g);
    const layOutAt = g.steps.findIndex((s) => s.label.startsWith('Bea lays out'));
    for (const s of g.steps.slice(0, layOutAt)) b.step(s);
    b.advance(3000);
    b.engine.enter({ entry: 'announced-line', player: SOUTH, line }, 'Dora');
    for (const s of g.steps.slice(layOutAt)) b.step(s);
    b.advance(3000);
    return b;
  }

  it('entered during the game, it is paid when the Mah Jongg comes: 25 + 10 = 35', () => {
    expect(announcedBefore(lineId('FFFF 1111a 111b 111c')).engine.publicView().score?.points).toEqual([0, 35, 0, 0]);
  });

  it('entered during the game, a line the tiles do not complete: the best line stays (30 + 10 = 40) and the director is told', () => {
    const b = announcedBefore(lineId('NNNN EEE WWW SSSS'));
    expect(b.engine.publicView().score?.points).toEqual([0, 40, 0, 0]);
    expect(b.engine.unexplained.map((u) => u.reason)).toEqual([expect.stringMatching(/^announced line not paid: Bea's tiles do not complete NNNN EEE WWW SSSS/)]);
  });

  it('a table that pays the best line refuses the entry', () => {
    const b = play(beaTwoLines());
    expect(() => b.engine.enter({ entry: 'announced-line', player: SOUTH, line: LINE_30 }, 'Dora')).toThrow(
      `table '${table.id}' pays the best line the tiles complete (scoring paidLine "best"): an announced line is not entered`,
    );
  });
});
