/**
 * Session 14's audit of the 4-player table, case by case, as a measurer works it by hand from 000
 * (and the NMJL practice it plays under): each game is played over reader lines into the engine
 * (hub/table/test-bench.ts `SimBench`, games written move by move in ./scripted.test-helpers.ts),
 * then its game record (rules/GAME-RECORD.md) is written, read back and refereed as `mjhub referee`
 * does (hub/record/replay.ts `refereeRecord`): the points and flag codes must be the same both ways.
 *
 * The deal (as ./engine-audit-000.test.ts): after the first Charleston Bea (South) holds 1B 1B F
 * 1C 1C 1C 1D 1D 1D 9C RD RD RD, one F short of "FF 111a 111b 111c DDD" (X 30, sample-standard:20).
 */
import { describe, expect, it } from 'vitest';
import { loadCard } from '../../rules/card/parse.js';
import { parseGameRecord, writeGameRecord } from '../../rules/record/game-record.js';
import { fullTileSet, kindOf, parseKinds } from '../../rules/tiles.js';
import { isDead } from '../../rules/variants/standard/play.js';
import { loadHubConfig } from '../config/load.js';
import type { TableConfig } from '../config/types.js';
import { refereeRecord } from '../record/replay.js';
import { simulatedTileSet } from '../tilesets/simulated.js';
import { closedAfterEach, SimBench } from './test-bench.js';
import { TableEngine } from './engine.js';
import { EAST, NORTH, ScriptedGame, SOUTH, WEST } from './standard/scripted.test-helpers.js';

const [{ table: demo, cards }] = loadHubConfig(new URL('../config/tables/standard-demo.json', import.meta.url).pathname) as [ReturnType<typeof loadHubConfig>[0]];
const keep = closedAfterEach<SimBench<TableEngine>>();

const EAST_HAND = '1B 2B 3B 4B 5B 6B 7B 8B 9B 2C 3C 4C 5C 6C'; // 14
const BEA_HAND = 'N E W 1B 1B F 1C 1C 1C 1D 1D 1D 9C'; // 13; passes N E W, gets Dot's RD RD RD
const WEST_HAND = '2D 3D 4D 5D 6D 7D 8D 9D 2D 3D 4D 5D 6D'; // 13
const NORTH_HAND = 'RD RD RD GD GD GD WD WD WD S S S 7C'; // 13
const PASSES = ['2B 3B 4B', 'N E W', '2D 3D 4D', 'RD RD RD'];

/** Plays the script over reader lines into a fresh engine on `table` (with `cardsUsed`); `during` runs on the bench before the moves. */
function play(game: ScriptedGame, table: TableConfig = demo, cardsUsed = cards, during: (b: SimBench<TableEngine>) => void = () => {}): SimBench<TableEngine> {
  const b = keep(new SimBench(table, (store, readers, now) => new TableEngine({ table, cards: cardsUsed, registry: simulatedTileSet(), store, readers, now })));
  during(b);
  b.build(game);
  for (const s of game.steps) b.step(s);
  b.advance(3000);
  return b;
}

/** The current game's record written, read back and refereed (what `mjhub referee` prints): its points and flag codes. */
function refereed(b: SimBench<TableEngine>, cardsUsed = cards): { points: number[] | null; codes: (string | undefined)[] } {
  const record = b.engine.gameRecord(b.engine.gameState().gameNo)!;
  const r = refereeRecord(parseGameRecord(writeGameRecord(record)), cardsUsed);
  return { points: r.points, codes: r.flags.map((f) => f.code) };
}

/** The hub's points and flag codes, live. */
function live(b: SimBench<TableEngine>): { points: number[] | null; codes: (string | undefined)[] } {
  const v = b.engine.publicView();
  return { points: v.score?.points ?? null, codes: v.flags.map((f) => f.code) };
}

/**
 * Bea: 1B 1B 1C 1C 1D 1D F 9C 8C 6C + Dot's RD RD RD. She calls Ann's 1B, Cat's 1C and Cat's 1D
 * (three exposures: 9 tiles on her top, F RD RD RD left), then Cat's F for Mah Jongg.
 */
function threeExposuresThenCatsF(): ScriptedGame {
  const g = new ScriptedGame(demo, [EAST_HAND, 'N E W 1B 1B 1C 1C 1D 1D F 9C 8C 6C', WEST_HAND, NORTH_HAND], PASSES);
  g.discard(EAST, '1B').call(SOUTH, '1B 1B').discard(SOUTH, '9C');
  g.pick(WEST, '1C').discard(WEST, '1C').call(SOUTH, '1C 1C').discard(SOUTH, '8C');
  g.pick(WEST, '1D').discard(WEST, '1D').call(SOUTH, '1D 1D').discard(SOUTH, '6C');
  return g.pick(WEST, 'F').discard(WEST, 'F').call(SOUTH, 'F RD RD RD');
}

/**
 * Bea dealt N E W 1B 1B 1B F 1C 1C 1C 1D 1D 1D (1B 1B 1B F 1C 1C 1C 1D 1D 1D RD RD RD after the
 * Charleston); Ann discards 9B; Bea picks the F she needs and lays out her 14 (no exposure): a
 * self-picked jokerless "FF 111a 111b 111c DDD".
 */
function beaSelfPicksF(): ScriptedGame {
  const g = new ScriptedGame(demo, [EAST_HAND, 'N E W 1B 1B 1B F 1C 1C 1C 1D 1D 1D', WEST_HAND, NORTH_HAND], PASSES);
  return g.discard(EAST, '9B').pick(SOUTH, 'F').layOut(SOUTH, 'F F 1B 1B 1B 1C 1C 1C 1D 1D 1D RD RD RD');
}

/** Bea holds N N E E W W S S 1B 1B 1C 1C 1D after the Charleston ("NN EE WW SS 11a 11b 11c", X 50, Singles and Pairs). */
function singlesAndPairsDeal(): ScriptedGame {
  return new ScriptedGame(demo, [EAST_HAND, 'N N E E W W S S 1B 1B 7B 8B 9C', WEST_HAND, '1C 1C 1D GD GD GD WD WD WD RD RD RD 7C'], ['2B 3B 4B', '7B 8B 9C', '2D 3D 4D', '1C 1C 1D']);
}

/** Every tile left to pick is picked and discarded by the players in turn, starting with `first`; `last` (a kind) is kept for the 99th pick. */
function pickEveryTile(g: ScriptedGame, first: number, dealt: string[], lastKind?: string): number {
  const left = fullTileSet().map(kindOf);
  for (const k of parseKinds(dealt.join(' '))) left.splice(left.indexOf(k), 1);
  if (lastKind) left.push(left.splice(left.indexOf(lastKind as (typeof left)[number]), 1)[0]!);
  const picker = (i: number) => (first + i) % 4;
  left.forEach((k, i) => {
    g.pick(picker(i), k);
    if (i < left.length - 1) g.discard(picker(i), k);
  });
  return picker(left.length - 1);
}

describe("000 scoring: the discarder of the winning tile, by the winner's exposures (a setting)", () => {
  it('C1: three exposures before the call, 000 as written: Bea 30 + 20 jokerless = 50, Cat −20 ("two or more"); the record refereed gives the same', () => {
    const b = play(threeExposuresThenCatsF());
    expect(live(b)).toEqual({ points: [0, 50, -20, 0], codes: [] });
    expect(refereed(b)).toEqual(live(b));
  });

  it('C2, C3: the same at a table whose event pays −25 for three exposures: Cat −25, Bea 50; the record carries the setting, refereed: the same', () => {
    const b = play(threeExposuresThenCatsF(), { ...demo, scoring: { discarderPenalty: { threeOrMore: -25 } } });
    expect(live(b)).toEqual({ points: [0, 50, -25, 0], codes: [] });
    expect(b.engine.gameRecord(1)!.header.scoring).toMatchObject({ discarderPenalty: { noneOrOne: -10, two: -20, threeOrMore: -25 } });
    expect(refereed(b)).toEqual(live(b));
  });
});

describe("home scoring (the NMJL card's back), a social table", () => {
  it('C4, C6: Bea self-picks her jokerless 30: each of the three pays 30 × 2 (self-picked) × 2 (jokerless) = 120; Bea collects 360; refereed: the same', () => {
    const b = play(beaSelfPicksF(), { ...demo, scoring: 'home' });
    expect(live(b)).toEqual({ points: [-120, 360, -120, -120], codes: [] });
    expect(refereed(b)).toEqual(live(b));
  });

  it('C5: Bea self-picks "NN EE WW SS 11a 11b 11c" (X 50) jokerless: Singles and Pairs are not doubled: each pays 50 × 2 = 100; Bea 300', () => {
    const g = singlesAndPairsDeal().discard(EAST, '9B').pick(SOUTH, '1D').layOut(SOUTH, 'N N E E W W S S 1B 1B 1C 1C 1D 1D');
    const b = play(g, { ...demo, scoring: 'home' });
    expect(live(b)).toEqual({ points: [-100, 300, -100, -100], codes: [] });
    expect(refereed(b)).toEqual(live(b));
  });

  it('C21: a wall game: nobody pays: 0, 0, 0, 0', () => {
    const g = new ScriptedGame(demo, [EAST_HAND, BEA_HAND, WEST_HAND, NORTH_HAND], PASSES).discard(EAST, '9B');
    const last = pickEveryTile(g, SOUTH, [EAST_HAND, BEA_HAND, WEST_HAND, NORTH_HAND]);
    // 99 picks from Bea: the 99th is Dot's ((1 + 98) mod 4 = 3); she discards it, nobody calls; two players push tiles in
    expect(last).toBe(NORTH);
    g.discard(NORTH, '7C').discard(EAST, '2C').discard(SOUTH, '1C');
    const b = play(g, { ...demo, scoring: 'home' });
    expect(b.engine.publicView().endReason).toBe('wall game: the wall is used up');
    expect(live(b)).toEqual({ points: [0, 0, 0, 0], codes: [] });
    expect(refereed(b)).toEqual(live(b));
  });
});

describe('000 SCORING: Singles and Pairs on a discard, and a stolen tile looked at', () => {
  it('C7: Bea goes out on Cat\'s 1D with "NN EE WW SS 11a 11b 11c" (X 50), no exposure: 50, no jokerless bonus; Cat −10', () => {
    const g = singlesAndPairsDeal().discard(EAST, '9B').pick(SOUTH, '7B').discard(SOUTH, '7B');
    g.pick(WEST, '1D').discard(WEST, '1D').call(SOUTH, 'N N E E W W S S 1B 1B 1C 1C 1D');
    const b = play(g);
    expect(live(b)).toEqual({ points: [0, 50, -10, 0], codes: [] });
    expect(refereed(b)).toEqual(live(b));
  });

  it('C8: Cat looked at a stolen tile (entry) and threw the winning F to Bea (one exposure): Cat −10 − 10 = −20; Bea 50', () => {
    const g = new ScriptedGame(demo, [EAST_HAND, BEA_HAND, WEST_HAND, NORTH_HAND], PASSES);
    g.discard(EAST, '1B').call(SOUTH, '1B 1B').discard(SOUTH, '9C');
    g.pick(WEST, 'F').discard(WEST, 'F');
    const b = play(g);
    b.engine.enter({ entry: 'looked-at-stolen-tile', player: WEST }, 'director');
    const g2 = new ScriptedGame(demo, [EAST_HAND, BEA_HAND, WEST_HAND, NORTH_HAND], PASSES);
    g2.discard(EAST, '1B').call(SOUTH, '1B 1B').discard(SOUTH, '9C');
    g2.pick(WEST, 'F').discard(WEST, 'F').call(SOUTH, 'F 1C 1C 1C 1D 1D 1D RD RD RD');
    for (const s of g2.steps.slice(g.steps.length)) b.step(s);
    b.advance(3000);
    // the look is an entry, not a flag: it shows in the points only
    expect(live(b)).toEqual({ points: [0, 50, -20, 0], codes: [] });
    expect(refereed(b)).toEqual(live(b));
  });
});

describe('000: "Player may call last discarded tile for Mah Jongg [...] if the next pick has not been racked": the last discard of the wall', () => {
  it('C9: Ann picks the last tile (an F) and throws it; Bea (one exposure) calls it: a Mah Jongg, not a wall game: Bea 50, Ann −10', () => {
    const g = new ScriptedGame(demo, [EAST_HAND, BEA_HAND, WEST_HAND, NORTH_HAND], PASSES);
    g.discard(EAST, '1B').call(SOUTH, '1B 1B').discard(SOUTH, '9C');
    // 99 tiles to pick from Cat on: the 99th is Ann's ((2 + 98) mod 4 = 0)
    expect(pickEveryTile(g, WEST, [EAST_HAND, BEA_HAND, WEST_HAND, NORTH_HAND], 'F')).toBe(EAST);
    g.discard(EAST, 'F').call(SOUTH, 'F 1C 1C 1C 1D 1D 1D RD RD RD');
    const b = play(g);
    expect(b.engine.publicView().phase).toBe('ended');
    expect(b.engine.gameState().result?.outcome).toMatchObject({ winner: SOUTH, discarder: EAST, winnerExposures: 1 });
    expect(live(b)).toEqual({ points: [-10, 50, 0, 0], codes: [] });
    expect(refereed(b)).toEqual(live(b));
  });
});

describe("000: a hand declared dead, judged on the other players' exposures (a pair whose tiles another player exposed)", () => {
  // A card written for this test (CARD-FORMAT.md), two lines: Bea's needs a pair of E (a pair takes no joker, NMJL); Dot's a pung of E
  const card = loadCard(
    'title: Audit card\nkind: standard\n[Winds and Numbers]\nNNN EE 111a 222a 333a | any 1 suit | X 25\nEEE 111a 2222a 3333a | any 3 consecutive numbers, any 1 suit | X 25\n',
    { id: 'audit' },
  );
  it("C10: Dot calls Cat's E for E E E (all naturals), Bea calls N N N: one E is left for her pair; Ann declares Bea dead: Bea dies, Ann lives", () => {
    // After the Charleston: Bea N N 1B 1B 2B 2B 3B 3B 8C 9C 1D 1D 1D; Cat E 5D 6D 7D 8D 9D 2D 3D 4D 5D + 2B 3B 4B; Dot E E N GD GD GD WD WD WD 7B + 5C 6C 7C
    const g = new ScriptedGame(
      demo,
      [EAST_HAND, 'N N 1B 1B 2B 2B 3B 3B 5C 6C 7C 8C 9C', 'E 2D 3D 4D 5D 6D 7D 8D 9D 2D 3D 4D 5D', 'E E N 1D 1D 1D GD GD GD WD WD WD 7B'],
      ['2B 3B 4B', '5C 6C 7C', '2D 3D 4D', '1D 1D 1D'],
    );
    g.discard(EAST, '9B').pick(SOUTH, '4C').discard(SOUTH, '8C');
    g.pick(WEST, '5B').discard(WEST, 'E').call(NORTH, 'E E').discard(NORTH, 'N'); // Dot: E E E
    g.call(SOUTH, 'N N').discard(SOUTH, '9C'); // Bea: N N N
    const b = play(g, demo, [card]);
    expect(live(b).codes).toEqual([]);
    b.engine.enter({ entry: 'declared-dead', player: EAST, declared: SOUTH }, 'director');
    const f = b.engine.publicView().flags.find((x) => x.code === 'declared-dead')!;
    // 4 E in the set − 3 in Dot's exposure = 1 to be had; "EE" needs 2 real E; "EEE …" needs 3
    expect(f.player).toBe(SOUTH);
    expect([0, 1, 2, 3].map((p) => isDead(b.engine.gameState(), p))).toEqual([false, true, false, false]);
  });
});

describe("NMJL practice settings (the table's `nmjlPractice`) are refereed from the record as the table played them", () => {
  it("C22: Cat and Dot dealt 12 (dead at East's first discard), Bea lays 14 that fit no line; `replayFewerThanTwoIntact: false`: a wall game, Ann 10, the dead hands 0; refereed: the same", () => {
    const g = new ScriptedGame(demo, [EAST_HAND, BEA_HAND, '2D 3D 4D 5D 6D 7D 8D 9D 2D 3D 4D 5D', 'RD RD RD GD GD GD WD WD WD S S S'], PASSES, { anyCount: true });
    g.discard(EAST, '1B').pick(SOUTH, '2C').layOut(SOUTH, '1B 1B F 1C 1C 1C 1D 1D 1D 9C RD RD RD 2C');
    const b = play(g, { ...demo, nmjlPractice: { replayFewerThanTwoIntact: false } });
    // 000: "the remaining player gets 10 points"; Bea (in error), Cat and Dot (counts) dead: 0
    expect(live(b)).toEqual({ points: [10, 0, 0, 0], codes: ['tile-count', 'tile-count', 'mah-jongg-in-error'] });
    expect(refereed(b)).toEqual(live(b));
  });

  it("C23: Bea dealt 14 at a table with `misdeal: false`: dead at East's first discard (14 off turn), no misdeal; Cat goes out... refereed: the same flags", () => {
    const g = new ScriptedGame(demo, [EAST_HAND, 'N E W 1B 1B F 1C 1C 1C 1D 1D 1D 9C 8C', WEST_HAND, NORTH_HAND], PASSES, { anyCount: true });
    g.discard(EAST, '1B').pick(WEST, '7B').discard(WEST, '7B');
    const b = play(g, { ...demo, nmjlPractice: { misdeal: false } });
    expect(live(b).codes).toEqual(['tile-count']);
    expect(b.engine.publicView().phase).toBe('play');
    expect(refereed(b).codes).toEqual(live(b).codes);
  });
});

describe('NMJL: a player calls a discard for an exposure, then redeems a joker that completes her Mah Jongg ("everybody pays double": self-picked)', () => {
  /**
   * Cat's pung 2D 2D J (Ann's 2D called); Bea (F F 1B 1B 1C 1C 1C 1D 1D 1D RD RD 2D) calls Dot's 1B
   * for 1B 1B 1B, then gives her 2D for Cat's joker, which stands for her third RD, and lays out.
   */
  function callThenRedeem(): ScriptedGame {
    const g = new ScriptedGame(
      demo,
      [EAST_HAND, 'N E W F F 1B 1B 1C 1C 1C 1D 1D 2D', '2D 3D 4D 5D 6D 7D 8D 9D 2D J 4D 5D 6D', '1D RD RD GD GD GD WD WD WD S S S 7C'],
      ['2B 3B 4B', 'N E W', '2D 3D 4D', '1D RD RD'],
    );
    g.discard(EAST, '2D').call(WEST, '2D J').discard(WEST, '9D');
    g.pick(NORTH, '1B').discard(NORTH, '1B').call(SOUTH, '1B 1B');
    return g.exchange(SOUTH, WEST, '2D').layOut(SOUTH, 'F F 1C 1C 1C 1D 1D 1D RD RD J');
  }

  it('C24: tournament: 30 + 10 (a joker exchange counts as self-picked) = 40, no jokerless bonus; Dot, whose 1B was called for the exposure, pays nothing', () => {
    const b = play(callThenRedeem());
    expect(b.engine.publicView().phase).toBe('ended');
    expect(live(b)).toEqual({ points: [0, 40, 0, 0], codes: [] });
    expect(refereed(b)).toEqual(live(b));
  });

  it('C25: home: every player pays 30 × 2 = 60 (self-picked); Bea collects 180', () => {
    const b = play(callThenRedeem(), { ...demo, scoring: 'home' });
    expect(live(b)).toEqual({ points: [-60, 180, -60, -60], codes: [] });
    expect(refereed(b)).toEqual(live(b));
  });
});

describe('home scoring with a dead hand at the table (NMJL: a dead hand still pays the winner)', () => {
  it("C26: Dot dealt 12, dead at East's first discard; Bea goes out on Cat's F (jokerless 30): Cat pays 30 × 2 × 2 = 120, Ann and Dot 30 × 2 = 60 each; Bea 240", () => {
    const g = new ScriptedGame(demo, [EAST_HAND, BEA_HAND, WEST_HAND, 'RD RD RD GD GD GD WD WD WD S S S'], PASSES, { anyCount: true });
    g.discard(EAST, '1B').call(SOUTH, '1B 1B').discard(SOUTH, '9C');
    g.pick(WEST, 'F').discard(WEST, 'F').call(SOUTH, 'F 1C 1C 1C 1D 1D 1D RD RD RD');
    const b = play(g, { ...demo, scoring: 'home' });
    expect(isDead(b.engine.gameState(), NORTH)).toBe(true);
    expect(live(b)).toEqual({ points: [-60, 240, -120, -60], codes: ['tile-count'] });
    expect(refereed(b)).toEqual(live(b));
  });
});
