/**
 * The director's audit of the 4-player table against 000 (and the NMJL practice it plays under),
 * over reader lines into the engine (hub/table/test-bench.ts `SimBench`, games written move by move
 * in ./scripted.test-helpers.ts), each case worked out by hand from the rule sheet. The cases the
 * other engine tests already cover (the discarder's −10/−20 by exposures, the joker exchange, the
 * misdeal, the declared-dead entry, the misnamed discard, the exposure judge) are not repeated.
 *
 * The deal of every game (as ./engine-practice.test.ts): after the first Charleston Ann (East)
 * holds 1B 5B 6B 7B 8B 9B 2C 3C 4C 5C 6C 2D 3D 4D, Bea (South) 1B 1B F 1C 1C 1C 1D 1D 1D 9C RD RD RD
 * (one F short of "FF 111a 111b 111c DDD", X 30), Cat (West) 5D 6D 7D 8D 9D 2D 3D 4D 5D 6D 2B 3B 4B,
 * Dot (North) GD GD GD WD WD WD S S S 7C N E W.
 */
import { describe, expect, it } from 'vitest';
import { loadCard } from '../../rules/card/parse.js';
import { fullTileSet, kindOf, parseKinds } from '../../rules/tiles.js';
import { loadHubConfig } from '../config/load.js';
import type { TableConfig } from '../config/types.js';
import { simulatedTileSet } from '../tilesets/simulated.js';
import { closedAfterEach, SimBench } from './test-bench.js';
import { concealedOf, exposuresOf, isDead, wallLeftOf } from '../../rules/variants/standard/play.js';
import { TableEngine } from './engine.js';
import { EAST, NORTH, ScriptedGame, SOUTH, WEST } from './standard/scripted.test-helpers.js';
import { THREE_HANDS_DEAD_REPLAYED } from '../../rules/wording/flags.js';

const [{ table: demo, cards }] = loadHubConfig(new URL('../config/tables/standard-demo.json', import.meta.url).pathname) as [ReturnType<typeof loadHubConfig>[0]];
const keep = closedAfterEach<SimBench<TableEngine>>();

const EAST_HAND = '1B 2B 3B 4B 5B 6B 7B 8B 9B 2C 3C 4C 5C 6C'; // 14; discards 1B first
const BEA_HAND = 'N E W 1B 1B F 1C 1C 1C 1D 1D 1D 9C'; // 13; passes N E W, gets Dot's RD RD RD
const WEST_HAND = '2D 3D 4D 5D 6D 7D 8D 9D 2D 3D 4D 5D 6D'; // 13
const NORTH_HAND = 'RD RD RD GD GD GD WD WD WD S S S 7C'; // 13
const PASSES = ['2B 3B 4B', 'N E W', '2D 3D 4D', 'RD RD RD'];
/** Bea's 14 after picking a 2C: no line of the card (a 9C and a 2C beside the like 1s and the dragons) */
const BEA_IN_ERROR = '1B 1B F 1C 1C 1C 1D 1D 1D 9C RD RD RD 2C';

/** Plays the script over reader lines into a fresh engine on `table`. */
function play(game: ScriptedGame, table: TableConfig = demo): SimBench<TableEngine> {
  const b = keep(new SimBench(table, (store, readers, now) => new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now })));
  b.build(game);
  for (const s of game.steps) b.step(s);
  b.advance(3000);
  return b;
}

describe('000: "If Mah Jongg is called in error and two or more hands are intact, game continues"', () => {
  it("Dot dead (12 tiles at East's first discard); Bea lays 14 that fit no line: Bea dead, Ann and Cat intact, play goes on with Cat's pick", () => {
    const g = new ScriptedGame(demo, [EAST_HAND, BEA_HAND, WEST_HAND, 'RD RD RD GD GD GD WD WD WD S S S'], PASSES, { anyCount: true });
    g.discard(EAST, '1B').pick(SOUTH, '2C').layOut(SOUTH, BEA_IN_ERROR);
    g.pick(WEST, '7B').discard(WEST, '7B');
    const b = play(g);
    const v = b.engine.publicView();
    expect(v.flags.map((f) => [f.kind, f.player])).toEqual([
      ['tile-count', NORTH],
      ['mah-jongg-in-error', SOUTH],
    ]);
    // two hands intact (Ann, Cat): the game continues; a dead hand neither picks nor discards, so
    // Cat picks after Bea's error and Ann after Cat's discard (Dot dead too)
    expect(b.engine.unexplained).toEqual([]);
    expect(v.phase).toBe('play');
    expect(b.engine.gameState().turn).toBe(EAST);
    // 14 + 13 + 13 + 12 = 52 dealt, then Bea's 2C and Cat's 7B picked: 152 − 52 − 2 = 98 left
    expect(wallLeftOf(b.engine.gameState())).toBe(152 - 52 - 2);
    expect(v.players.map((p) => p.racks[0]!.dead)).toEqual([false, true, false, true]);
  });

  it("Cat and Dot dead (12 tiles each at East's first discard); Bea lays 14 that fit no line: only Ann intact, the game is over and replayed (NMJL practice): no score", () => {
    const g = new ScriptedGame(demo, [EAST_HAND, BEA_HAND, '2D 3D 4D 5D 6D 7D 8D 9D 2D 3D 4D 5D', 'RD RD RD GD GD GD WD WD WD S S S'], PASSES, { anyCount: true });
    g.discard(EAST, '1B').pick(SOUTH, '2C').layOut(SOUTH, BEA_IN_ERROR);
    const b = play(g);
    const v = b.engine.publicView();
    expect(v.flags.map((f) => [f.kind, f.player])).toEqual([
      ['tile-count', WEST],
      ['tile-count', NORTH],
      ['mah-jongg-in-error', SOUTH],
    ]);
    // one hand intact: the game does not continue (000); no player exposed for Bea, so 000 gives
    // no score for it, and NMJL practice replays it (the table's `replayFewerThanTwoIntact`, on)
    expect(v.phase).toBe('ended');
    expect(v.endReason).toBe(THREE_HANDS_DEAD_REPLAYED);
    expect(v.score).toBeNull();
  });

  it('the same with `replayFewerThanTwoIntact: false`: the game ends scored as a wall game: Ann 10, the dead hands 0', () => {
    const g = new ScriptedGame(demo, [EAST_HAND, BEA_HAND, '2D 3D 4D 5D 6D 7D 8D 9D 2D 3D 4D 5D', 'RD RD RD GD GD GD WD WD WD S S S'], PASSES, { anyCount: true });
    g.discard(EAST, '1B').pick(SOUTH, '2C').layOut(SOUTH, BEA_IN_ERROR);
    const v = play(g, { ...demo, nmjlPractice: { replayFewerThanTwoIntact: false } }).engine.publicView();
    // scored as 000 scores the one hand left after a Mah Jongg in error ("the remaining player
    // gets 10 points"): Ann 10; Bea, Cat, Dot dead 0
    expect(v.endReason).toBe("Bea's Mah Jongg in error: fewer than two hands intact (000)");
    expect(v.score?.points).toEqual([10, 0, 0, 0]);
  });
});

describe('000: a concealed hand exposed for Mah Jongg in error is dead, its tiles go back to the rack; a dead hand neither picks nor discards', () => {
  it("Bea picks 2C and lays 14 that fit no line, then puts them back: dead, no other flag; Cat, Dot and Ann play, Bea's turn is passed over: Cat picks after Ann", () => {
    const g = new ScriptedGame(demo, [EAST_HAND, BEA_HAND, WEST_HAND, NORTH_HAND], PASSES);
    g.discard(EAST, '1B').pick(SOUTH, '2C').layOut(SOUTH, BEA_IN_ERROR).takeBack(SOUTH, BEA_IN_ERROR);
    g.pick(WEST, '7B').discard(WEST, '7B').pick(NORTH, '8B').discard(NORTH, '8B').pick(EAST, '9D').discard(EAST, '9D');
    const b = play(g);
    const v = b.engine.publicView();
    expect(v.flags.map((f) => [f.kind, f.player])).toEqual([['mah-jongg-in-error', SOUTH]]);
    expect(b.engine.unexplained).toEqual([]);
    expect(v.phase).toBe('play');
    // after Ann's 9D the next live hand is Cat's (Bea is dead: 000, "does not pick or discard")
    expect(b.engine.gameState().turn).toBe(WEST);
    // the wall: 152 − 53 dealt (14 + 13 × 3) − 4 picked (Bea's 2C, Cat's 7B, Dot's 8B, Ann's 9D) = 95
    expect(wallLeftOf(b.engine.gameState())).toBe(95);
  });
});

describe('000: "If a player who has been playing an exposed hand calls Mah Jongg [...] in error, any exposure made before the error stay exposed and the Jokers are still in play"', () => {
  it("Bea exposes 1B 1B J, later lays 14 that fit no line: dead; Cat redeems the joker of Bea's 1B pung with her 1B: no flag, the joker is Cat's, Bea's pung is 1B 1B 1B", () => {
    // Bea dealt a joker for her second 1B: after the Charleston 1B J F 1C 1C 1C 1D 1D 1D 9C RD RD RD
    const g = new ScriptedGame(demo, [EAST_HAND, 'N E W 1B J F 1C 1C 1C 1D 1D 1D 9C', WEST_HAND, NORTH_HAND], PASSES);
    g.discard(EAST, '1B').call(SOUTH, '1B J').discard(SOUTH, '9C'); // exposure 1B 1B J
    g.pick(WEST, '7B').discard(WEST, '7B').pick(NORTH, '8B').discard(NORTH, '8B').pick(EAST, '9D').discard(EAST, '9D');
    // Bea picks 2C and lays the 11 tiles of her rack beside her exposure: 14 on top, no line
    g.pick(SOUTH, '2C').layOut(SOUTH, 'F 1C 1C 1C 1D 1D 1D RD RD RD 2C').takeBack(SOUTH, 'F 1C 1C 1C 1D 1D 1D RD RD RD 2C');
    g.pick(WEST, '1B').exchange(WEST, SOUTH, '1B').discard(WEST, 'J');
    const b = play(g);
    const v = b.engine.publicView();
    expect(v.flags.map((f) => [f.kind, f.player])).toEqual([['mah-jongg-in-error', SOUTH]]);
    expect(b.engine.unexplained).toEqual([]);
    const s = b.engine.gameState();
    expect(isDead(s, SOUTH)).toBe(true);
    expect(exposuresOf(s, SOUTH).map((e) => e.map((t) => t.split('#')[0]))).toEqual([['1B', '1B', '1B']]);
    expect(b.engine.gameState().turn).toBe(NORTH);
  });
});

describe('000: a Mah Jongg in error on a called discard', () => {
  it("Bea calls Ann's 1B for Mah Jongg and lays her 13 beside it (one F, a 9C: no line): dead; the 1B is back in play and Cat, Dot and Ann play on", () => {
    const g = new ScriptedGame(demo, [EAST_HAND, BEA_HAND, WEST_HAND, NORTH_HAND], PASSES);
    g.discard(EAST, '1B').call(SOUTH, '1B 1B F 1C 1C 1C 1D 1D 1D 9C RD RD RD'); // 14 on Bea's top
    g.takeBack(SOUTH, '1B 1B F 1C 1C 1C 1D 1D 1D 9C RD RD RD').giveBack(SOUTH, '1B');
    g.pick(WEST, '7B').discard(WEST, '7B').pick(NORTH, '8B').discard(NORTH, '8B');
    const b = play(g);
    const v = b.engine.publicView();
    expect(v.flags.map((f) => [f.kind, f.player])).toEqual([['mah-jongg-in-error', SOUTH]]);
    expect(b.engine.unexplained).toEqual([]);
    expect(v.phase).toBe('play');
    expect(v.players.map((p) => p.racks[0]!.dead)).toEqual([false, true, false, false]);
    // Dot discarded: Ann's turn (Bea, dead, neither picks nor discards)
    expect(b.engine.gameState().turn).toBe(EAST);
    // 152 − 53 dealt − 2 picked (Cat's 7B, Dot's 8B) = 97
    expect(wallLeftOf(b.engine.gameState())).toBe(97);
  });
});

describe('000 SCORING: "no bonus given on any of the hands listed under the Singles & Pairs" (jokerless); self-picked still +10', () => {
  it('Bea picks her 14th (1D) for "NN EE WW SS 11a 11b 11c" (X 50), jokerless: 50 + 10 self-picked = 60, no +20; the others 0', () => {
    // Bea passes 7B 8B 9C and gets Dot's 1C 1C 1D: N N E E W W S S 1B 1B 1C 1C 1D
    const g = new ScriptedGame(demo, [EAST_HAND, 'N N E E W W S S 1B 1B 7B 8B 9C', WEST_HAND, '1C 1C 1D GD GD GD WD WD WD RD RD RD 7C'], ['2B 3B 4B', '7B 8B 9C', '2D 3D 4D', '1C 1C 1D']);
    g.discard(EAST, '9B').pick(SOUTH, '1D').layOut(SOUTH, 'N N E E W W S S 1B 1B 1C 1C 1D 1D');
    const b = play(g);
    const v = b.engine.publicView();
    expect(v.flags).toEqual([]);
    expect(v.phase).toBe('ended');
    expect(v.players[SOUTH]!.racks[0]!.mahJongg).toMatchObject({ value: 50, jokerless: true });
    expect(v.score?.points).toEqual([0, 60, 0, 0]);
    expect(v.score?.breakdown[SOUTH]).toEqual(['Hand 50, self-picked +10, jokerless but Singles and Pairs: no bonus = 60 (000)', 'Total 60']);
  });
});

describe('NMJL practice: a misnamed discard claimed for Mah Jongg on a home table (the misnamer pays for all)', () => {
  it('Cat discards N naming it "flower"; Bea claims it for "FF 111a 111b 111c DDD" (X 30, jokerless): Cat pays 30 × 4 × 2 = 240, Ann and Dot nothing', () => {
    const g = new ScriptedGame(demo, [EAST_HAND, BEA_HAND, WEST_HAND, NORTH_HAND], PASSES);
    g.discard(EAST, '1B').call(SOUTH, '1B 1B').discard(SOUTH, '9C'); // Bea: 1B 1B 1B
    g.pick(WEST, 'N').discard(WEST, 'N').call(SOUTH, 'F 1C 1C 1C 1D 1D 1D RD RD RD'); // 14 on Bea's top with the N
    const b = play(g, { ...demo, scoring: 'home' });
    expect(b.engine.publicView().flags.map((f) => f.kind)).toEqual(['mah-jongg-in-error']);
    b.engine.enter({ entry: 'misnamed-discard', player: SOUTH, for: 'mah-jongg', named: 'F' }, 'director');
    const v = b.engine.publicView();
    expect(v.phase).toBe('ended');
    // the NMJL card's back: the discarder pays double, the other two single (2 + 1 + 1 = 4); the
    // misnamer pays all four shares: 30 × 4, doubled for jokerless = 240; Ann and Dot pay nothing
    expect(v.score?.points).toEqual([0, 240, -240, 0]);
    expect(v.score?.breakdown[WEST]).toEqual(['Pays Bea: 30 × 4 (mis-named discard: pays for all) × 2 (jokerless) = 240', 'Total -240']);
    expect(b.engine.gameState().result?.outcome).toMatchObject({ winner: SOUTH, discarder: WEST, misnamed: true });
  });

  it('the same at a tournament table: Cat pays as the discarder of the winning tile, −10 (one exposure before the call); Bea 30 + 20 = 50', () => {
    const g = new ScriptedGame(demo, [EAST_HAND, BEA_HAND, WEST_HAND, NORTH_HAND], PASSES);
    g.discard(EAST, '1B').call(SOUTH, '1B 1B').discard(SOUTH, '9C');
    g.pick(WEST, 'N').discard(WEST, 'N').call(SOUTH, 'F 1C 1C 1C 1D 1D 1D RD RD RD');
    const b = play(g);
    b.engine.enter({ entry: 'misnamed-discard', player: SOUTH, for: 'mah-jongg', named: 'F' }, 'director');
    expect(b.engine.publicView().score?.points).toEqual([0, 50, -10, 0]);
  });
});

describe('000: a hand declared dead, judged on the discards too ("if you declare a hand dead in error, then your hand is dead")', () => {
  // A card written for this test (CARD-FORMAT.md), one line: its pair of East winds takes no joker (NMJL)
  const card = loadCard('title: Audit card\nkind: standard\n[Winds and Numbers]\nNNN EE 111a 222a 333a | any 1 suit | X 25\n', { id: 'audit' });
  // After the Charleston: Ann 1B 5B 6B 7B 8B 9B 2C 3C 4C 5C 6C 2D 3D 4D; Bea N N 1B 1B 2B 2B 3B 3B 8C 9C 1D 1D 1D;
  // Cat E E 5D 6D 7D 8D 9D 2D 3D 4D 2B 3B 4B; Dot E N GD GD GD WD WD WD 7B 8B 5C 6C 7C
  const deal = (): ScriptedGame =>
    new ScriptedGame(
      demo,
      [EAST_HAND, 'N N 1B 1B 2B 2B 3B 3B 5C 6C 7C 8C 9C', 'E E 2D 3D 4D 5D 6D 7D 8D 9D 2D 3D 4D', 'E N 1D 1D 1D GD GD GD WD WD WD 7B 8B'],
      ['2B 3B 4B', '5C 6C 7C', '2D 3D 4D', '1D 1D 1D'],
    );
  /** Bea calls Dot's N (exposure N N N, which fits the card's one line) and two E are thrown (Cat's, then Cat's second) */
  function twoEastsGone(g: ScriptedGame): ScriptedGame {
    g.discard(EAST, '9B').pick(SOUTH, '4C').discard(SOUTH, '8C');
    g.pick(WEST, '5B').discard(WEST, 'E');
    g.pick(NORTH, '6B').discard(NORTH, 'N').call(SOUTH, 'N N').discard(SOUTH, '9C');
    return g.pick(WEST, '7B').discard(WEST, 'E');
  }
  function bench(g: ScriptedGame): SimBench<TableEngine> {
    const b = keep(new SimBench(demo, (store, readers, now) => new TableEngine({ table: demo, cards: [card], registry: simulatedTileSet(), store, readers, now })));
    b.build(g);
    for (const s of g.steps) b.step(s);
    b.advance(3000);
    return b;
  }

  it("two E on the floor: two are still to be had for the pair, so Cat declared in error: Cat's hand is dead, Bea plays on", () => {
    const b = bench(twoEastsGone(deal()));
    expect(b.engine.publicView().flags).toEqual([]);
    b.engine.enter({ entry: 'declared-dead', player: WEST, declared: SOUTH }, 'director');
    const f = b.engine.publicView().flags.find((x) => x.kind === 'declared-dead')!;
    expect([f.player, f.consequence]).toEqual([WEST, "declared in error: Cat's hand is dead"]);
    expect([0, 1, 2, 3].map((p) => isDead(b.engine.gameState(), p))).toEqual([false, false, true, false]);
  });

  it("three E on the floor (Dot throws the third): one E is left and the pair takes no joker: Bea's hand is dead, Cat lives", () => {
    const g = twoEastsGone(deal()).pick(NORTH, '9B').discard(NORTH, 'E').pick(EAST, '9D').discard(EAST, '9D');
    const b = bench(g);
    expect(b.engine.publicView().flags).toEqual([]);
    b.engine.enter({ entry: 'declared-dead', player: WEST, declared: SOUTH }, 'director');
    const f = b.engine.publicView().flags.find((x) => x.kind === 'declared-dead')!;
    // 4 E in the set − 3 on the floor = 1 to be had; "EE" needs 2 real E
    expect(f.title).toBe(
      "Cat declared Bea's hand dead: no line of the card can still be made for Bea: 1 needs tiles that are gone (e.g. NNN EE 111a 222a 333a | any 1 suit | X 25 needs 2 E, 1 left)",
    );
    expect(f.player).toBe(SOUTH);
    expect([0, 1, 2, 3].map((p) => isDead(b.engine.gameState(), p))).toEqual([false, true, false, false]);
    // a dead hand neither picks nor discards: Bea's turn passes to Cat
    expect(b.engine.gameState().turn).toBe(WEST);
  });
});

describe('NMJL: a discard called for a pung, the pair laid on the top first', () => {
  it("Bea lays her 1B 1B on her top, then takes Ann's 1B beside them and discards 9C: one exposure 1B 1B 1B, no flag; she goes out on Cat's F: Bea 50, Cat −10", () => {
    const g = new ScriptedGame(demo, [EAST_HAND, BEA_HAND, WEST_HAND, NORTH_HAND], PASSES);
    g.discard(EAST, '1B').layOut(SOUTH, '1B 1B').call(SOUTH, '').discard(SOUTH, '9C');
    g.pick(WEST, 'F').discard(WEST, 'F').call(SOUTH, 'F 1C 1C 1C 1D 1D 1D RD RD RD');
    const b = play(g);
    const v = b.engine.publicView();
    expect(v.flags).toEqual([]);
    expect(b.engine.unexplained).toEqual([]);
    expect(v.phase).toBe('ended');
    // 000: Bea 30 + 20 jokerless = 50; Cat threw the winning tile to a hand with one exposure: −10
    expect(v.score?.points).toEqual([0, 50, -10, 0]);
  });
});

describe('NMJL: a joker exchange, the joker taken before the tile is given', () => {
  it("Cat's pung 2D 2D J; Bea picks a 2D, takes Cat's joker, then lays the 2D in its place, and goes out with the joker: no flag, 30 + 10 (a joker exchange counts as self-picked) = 40", () => {
    // as hub/table/engine-standard-settings.test.ts: Cat is dealt a joker for a 3D; Bea gets Dot's 1D RD RD
    const g = new ScriptedGame(
      demo,
      [EAST_HAND, 'N E W F F 1B 1B 1B 1C 1C 1C 1D 1D', '2D 3D 4D 5D 6D 7D 8D 9D 2D J 4D 5D 6D', '1D RD RD GD GD GD WD WD WD S S S 7C'],
      ['2B 3B 4B', 'N E W', '2D 3D 4D', '1D RD RD'],
    );
    g.discard(EAST, '2D').call(WEST, '2D J').discard(WEST, '9D');
    g.pick(NORTH, '9C').discard(NORTH, '9C').pick(EAST, '8C').discard(EAST, '8C');
    g.pick(SOUTH, '2D').exchangeJokerFirst(SOUTH, WEST, '2D').layOut(SOUTH, 'F F 1B 1B 1B 1C 1C 1C 1D 1D 1D RD RD J');
    const b = play(g);
    const v = b.engine.publicView();
    expect(v.flags).toEqual([]);
    expect(b.engine.unexplained).toEqual([]);
    expect(v.phase).toBe('ended');
    expect(exposuresOf(b.engine.gameState(), WEST).map((e) => e.map((t) => t.split('#')[0]))).toEqual([['2D', '2D', '2D']]);
    // "FF 111a 111b 111c DDD" X 30 with a joker (not jokerless), completed by the joker exchange: self-picked +10 = 40
    expect(v.score?.points).toEqual([0, 40, 0, 0]);
  });
});

describe('000: a Mah Jongg on a discard, the hand laid out before the discard is taken', () => {
  it("Bea (1B 1B 1B exposed) lays her 10 other tiles on her top, then takes Cat's F: Mah Jongg, one exposure before the call: Bea 50, Cat −10", () => {
    const g = new ScriptedGame(demo, [EAST_HAND, BEA_HAND, WEST_HAND, NORTH_HAND], PASSES);
    g.discard(EAST, '1B').call(SOUTH, '1B 1B').discard(SOUTH, '9C');
    g.pick(WEST, 'F').discard(WEST, 'F').layOut(SOUTH, 'F 1C 1C 1C 1D 1D 1D RD RD RD').call(SOUTH, '');
    const b = play(g);
    const v = b.engine.publicView();
    expect(v.flags).toEqual([]);
    expect(v.phase).toBe('ended');
    expect(b.engine.gameState().result?.outcome).toMatchObject({ winner: SOUTH, discarder: WEST, winnerExposures: 1 });
    // 30 + 20 jokerless = 50; 000: one exposure on the rack before the call: Cat −10
    expect(v.score?.points).toEqual([0, 50, -10, 0]);
  });
});

describe("NMJL: a joker exchanged from one's own exposure", () => {
  it('Bea exposes 1B 1B J; on her next turn she picks a 1B, lays it in her pung and takes the joker back: no flag, the pung is 1B 1B 1B, the joker in her rack', () => {
    const g = new ScriptedGame(demo, [EAST_HAND, 'N E W 1B J F 1C 1C 1C 1D 1D 1D 9C', WEST_HAND, NORTH_HAND], PASSES);
    g.discard(EAST, '1B').call(SOUTH, '1B J').discard(SOUTH, '9C');
    g.pick(WEST, '7B').discard(WEST, '7B').pick(NORTH, '8B').discard(NORTH, '8B').pick(EAST, '9D').discard(EAST, '9D');
    g.pick(SOUTH, '1B').exchange(SOUTH, SOUTH, '1B').discard(SOUTH, 'F');
    const b = play(g);
    const v = b.engine.publicView();
    expect(v.flags).toEqual([]);
    expect(b.engine.unexplained).toEqual([]);
    const s = b.engine.gameState();
    expect(exposuresOf(s, SOUTH).map((e) => e.map((t) => t.split('#')[0]))).toEqual([['1B', '1B', '1B']]);
    expect(concealedOf(s, SOUTH).filter((t) => t.startsWith('J#'))).toHaveLength(1);
    expect(b.engine.gameState().turn).toBe(WEST);
  });
});

describe('000: a self-picked Mah Jongg, the picked tile put straight on the top', () => {
  it('Bea (1B 1B 1B exposed) lays her 10 other tiles on her top, then picks the F straight onto it: Mah Jongg, 30 + 10 self-picked + 20 jokerless = 60', () => {
    const g = new ScriptedGame(demo, [EAST_HAND, BEA_HAND, WEST_HAND, NORTH_HAND], PASSES);
    g.discard(EAST, '1B').call(SOUTH, '1B 1B').discard(SOUTH, '9C');
    g.pick(WEST, '7B').discard(WEST, '7B').pick(NORTH, '8B').discard(NORTH, '8B').pick(EAST, '9D').discard(EAST, '9D');
    g.layOut(SOUTH, 'F 1C 1C 1C 1D 1D 1D RD RD RD').pickOntoTop(SOUTH, 'F');
    const b = play(g);
    const v = b.engine.publicView();
    expect(v.flags).toEqual([]);
    expect(b.engine.unexplained).toEqual([]);
    expect(v.phase).toBe('ended');
    expect(v.score?.points).toEqual([0, 60, 0, 0]);
  });
});

describe('000: a wall game, the hands thrown in on the floor', () => {
  it('every tile picked and discarded, no call; the players then push their tiles into the middle: a wall game, 10 each', () => {
    const g = new ScriptedGame(demo, [EAST_HAND, BEA_HAND, WEST_HAND, NORTH_HAND], PASSES);
    // the 99 tiles left to pick (152 − 53 dealt), by kind: each player in turn picks one and discards it
    const left = fullTileSet().map(kindOf);
    for (const k of parseKinds([EAST_HAND, BEA_HAND, WEST_HAND, NORTH_HAND].join(' '))) left.splice(left.indexOf(k), 1);
    expect(left).toHaveLength(99);
    g.discard(EAST, '9B');
    left.forEach((k, i) => g.pick((1 + i) % 4, k).discard((1 + i) % 4, k));
    // Dot made the 99th pick and the last discard; no one calls it; Ann and Bea push tiles into the middle
    g.discard(EAST, '2C').discard(SOUTH, '1C');
    const b = play(g);
    const v = b.engine.publicView();
    expect(v.flags).toEqual([]);
    expect(v.phase).toBe('ended');
    expect(v.endReason).toBe('wall game: the wall is used up');
    // 000: +10 to each player for a wall game (no hand dead)
    expect(v.score?.points).toEqual([10, 10, 10, 10]);
  });
});
