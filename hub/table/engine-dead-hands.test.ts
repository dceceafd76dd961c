/**
 * The Royale Siamese table engine fed with reader lines (hub/table/test-bench.ts) on two rules of
 * dead hands, with the exact points a player checks by hand:
 * - 003 rule 18A / 18D: a wrong tile count beside one legitimate Mah Jongg, as the count rule in
 *   force says (the tournament or table config: hub/tournament/config.ts `countRulesInForce`);
 * - 003 rule 15: the tiles of the exposures that made a hand dead may not build another hand: a
 *   Mah Jongg that uses them is refused and flagged.
 * The sample cards' lowest hand is 25 (rule 12's "4 times the lowest value on the card").
 */
import { describe, expect, it } from 'vitest';
import { fullTileSet, kindOf, type TileId, type TileKind } from '../../rules/tiles.js';
import { HandBench, closedAfterEach, type HandBenchOptions } from './test-bench.js';

const keep = closedAfterEach<HandBench>();

/**
 * A wall order whose deal (HandBench.deal: 4 at a time, East first, to 27 each) gives Ann (East)
 * `east` (27 kinds, in order) and Bea the next tiles of other kinds.
 */
function orderFor(east: TileKind[]): TileId[] {
  const pool = fullTileSet();
  const take = (k: TileKind): TileId =>
    pool.splice(
      pool.findIndex((t) => kindOf(t) === k),
      1,
    )[0]!;
  const mine = east.map(take);
  const order: TileId[] = [];
  for (let round = 0; round < 7; round++) {
    const n = round < 6 ? 4 : 3;
    order.push(...mine.splice(0, n));
    for (let i = 0; i < n; i++)
      order.push(
        pool.splice(
          pool.findIndex((t) => !east.includes(kindOf(t))),
          1,
        )[0]!,
      );
  }
  return [...order, ...pool];
}

/** "FFFF 1111a 1111b 11c" with 3s (the Siamese sample card's first line, X 25): no joker */
const MAH_JONGG: TileKind[] = ['F', 'F', 'F', 'F', '3B', '3B', '3B', '3B', '3C', '3C', '3C', '3C', '3D', '3D'];
const EAST_HAND: TileKind[] = [...MAH_JONGG, '1B', '1B', '2B', '2B', '4B', '5B', '6B', '7B', '8B', '9B', '1C', '2C', '4C'];

/** Ann's tiles of `kinds`, one each, from wherever they are in her racks (inside or on top), in the order asked. */
function annTiles(b: HandBench, kinds: TileKind[]): TileId[] {
  const mine = [...b.at].filter(([, z]) => z.startsWith('RK-E')).map(([t]) => t);
  return kinds.map(
    (k) =>
      mine.splice(
        mine.findIndex((t) => kindOf(t) === k),
        1,
      )[0]!,
  );
}

function dealt(o: HandBenchOptions = {}): HandBench {
  const b = keep(new HandBench({ announce: false, helloTakesSeq: false, settlePadMs: 100, ...o }));
  b.build(orderFor(EAST_HAND));
  b.deal();
  return b;
}

describe('003 rule 18A / 18D through the engine: a wrong count beside a Mah Jongg', () => {
  /** Ann picks, lays her 14-tile Mah Jongg on rack 1's top, picks one too many into rack 2, and discards her first pick: 28 off turn. */
  function wrongCountBesideMahJongg(b: HandBench): void {
    const pick = b.nextFrom(1);
    b.move(pick, 'RK-E1/in');
    b.advance(500);
    for (const t of annTiles(b, MAH_JONGG)) b.move(t, 'RK-E1/top');
    b.move(b.nextFrom(1), 'RK-E2/in'); // one too many
    b.move(pick, 'FL-1/floor');
    b.settle();
  }

  it("18D (none chosen: the default): both hands dead, the game ends; Ann's Mah Jongg is not paid and she pays rule 12's 4 × 25 = 100", () => {
    const b = dealt();
    wrongCountBesideMahJongg(b);
    const v = b.view();
    expect(v.flags.map((f) => [f.rule, f.title, f.rack])).toEqual([['003 rules 18C and 18D', 'Ann has 28 tiles off turn (should be 27) beside a Mah Jongg: both hands dead', null]]);
    expect(v.phase).toBe('ended');
    expect(v.players[0]!.racks.map((r) => r.dead)).toEqual([true, true]);
    // Ann's Mah Jongg 25 jokerless ×2 = 50 scores 0 (both hands dead); Bea has none: Ann pays 4 × 25 = 100
    expect(v.score?.points).toEqual([0, 100]);
    expect(v.score?.payment).toEqual({ from: 0, to: 1, amount: 100 });
    expect(b.engine.directorView().countRule).toEqual({
      rule: '18D',
      source: 'default',
      field: 'none set: 003 rule 18D, the later revision',
      meaning: 'a wrong tile count beside one legitimate Mah Jongg: both hands are dead (003 rule 18D, revised 12/31/2024)',
    });
  });

  it("18A (the tournament chose it): only rack 2 dies, Ann's Mah Jongg is paid 25 jokerless ×2 = 50 and Bea plays on alone (rule 13)", () => {
    const b = dealt({ countRule: { rule: '18A', source: 'tournament', field: 'spring.json: countRule' } });
    wrongCountBesideMahJongg(b);
    const v = b.view();
    expect(v.flags.map((f) => [f.rule, f.title, f.rack])).toEqual([['003 rule 18A', 'Ann has 28 tiles off turn (should be 27) beside a Mah Jongg: the other hand is dead', 1]]);
    expect(v.phase).toBe('play');
    expect(v.turn).toBe(1);
    expect(v.players[0]!.racks.map((r) => [r.dead, r.mahJongg?.value ?? null])).toEqual([
      [false, 25],
      [true, null],
    ]);
    // the running score: Ann 25 jokerless ×2 = 50, Bea 0: Bea pays Ann 50
    expect(v.score?.points).toEqual([50, 0]);
    expect(v.score?.payment).toEqual({ from: 1, to: 0, amount: 50 });
    expect(b.engine.directorView().countRule).toMatchObject({ rule: '18A', source: 'tournament', field: 'spring.json: countRule' });
  });
});

describe('003 rule 15 through the engine: the tiles of the exposures that made a hand dead', () => {
  /**
   * Ann picks and puts her two 3 Dots on rack 2's top (a pair: no exposure, rule 11) and discards
   * her pick: rack 2 is dead by those exposures. Bea picks and discards. Ann picks, and lays on
   * rack 1's top her 14-tile Mah Jongg, the two 3 Dots taken from rack 2's top among them.
   */
  function mahJonggWithDeadTiles(b: HandBench): TileId[] {
    const pick = b.nextFrom(1);
    b.move(pick, 'RK-E1/in');
    b.advance(500); // racked: the pick settles in the rack (400 ms) before the next move
    const dots = annTiles(b, ['3D', '3D']);
    for (const t of dots) b.move(t, 'RK-E2/top');
    b.snap('RK-E2/top'); // the top seen whole: judged at the discard
    b.move(pick, 'FL-1/floor');
    b.settle();
    expect(b.flags()).toEqual(["003 rule 11: The exposures on Ann's rack 2 fit no hand on the cards: that hand is dead"]);
    b.turn('RK-W1/in');
    b.move(b.nextFrom(1), 'RK-E1/in');
    b.advance(500);
    for (const t of annTiles(b, MAH_JONGG)) b.move(t, 'RK-E1/top'); // the 3 Dots come off rack 2's top last
    b.settle();
    return dots;
  }

  it('a Mah Jongg that uses them is refused and flagged: rack 1 dead too, the game ceases, Ann pays 4 × 25 = 100 (rules 15, 10E, 12)', () => {
    const b = dealt();
    const dots = mahJonggWithDeadTiles(b);
    const v = b.view();
    expect(v.flags.map((f) => [f.kind, f.rule, f.rack, f.title])).toEqual([
      ['illegal-exposure', '003 rule 11', 1, "The exposures on Ann's rack 2 fit no hand on the cards: that hand is dead"],
      ['dead-hand-tiles', '003 rules 15 and 10E', 0, `Ann's Mah Jongg on rack 1 uses ${dots.join(', ')} from the exposures that made the hand on rack 2 dead: refused`],
    ]);
    expect(v.players[0]!.racks.map((r) => [r.dead, r.mahJongg])).toEqual([
      [true, null],
      [true, null],
    ]);
    expect(v.phase).toBe('ended');
    // no Mah Jongg is paid; Ann, dead on both hands, pays 4 × the lowest hand 25 = 100 (rule 12)
    expect(v.score?.points).toEqual([0, 100]);
    expect(v.score?.payment).toEqual({ from: 0, to: 1, amount: 100 });
    expect(b.engine.directorView().evidence[1]!.flagId).toBe(v.flags[1]!.id);
  });

  it('dismissed by the director: the Mah Jongg stands, 25 jokerless ×2 = 50; with rack 2 dead Ann is out and Bea plays on (rule 13)', () => {
    const b = dealt();
    mahJonggWithDeadTiles(b);
    b.engine.rule(b.view().flags[1]!.id, 'dismiss', 'director');
    const v = b.view();
    expect(v.players[0]!.racks.map((r) => [r.dead, r.mahJongg?.value ?? null])).toEqual([
      [false, 25],
      [true, null],
    ]);
    expect(v.phase).toBe('play');
    expect(v.score?.points).toEqual([50, 0]);
  });

  it("tiles the dead hand never exposed are free: Ann's Mah Jongg from her own rack tiles beside the dead rack 2 is paid 50", () => {
    const b = dealt();
    const pick = b.nextFrom(1);
    b.move(pick, 'RK-E1/in');
    b.advance(500);
    for (const t of annTiles(b, ['1B', '2B'])) b.move(t, 'RK-E2/top'); // 1B 2B: no exposure (rule 11)
    b.snap('RK-E2/top');
    b.move(pick, 'FL-1/floor');
    b.settle();
    b.turn('RK-W1/in');
    b.move(b.nextFrom(1), 'RK-E1/in');
    for (const t of annTiles(b, MAH_JONGG)) b.move(t, 'RK-E1/top');
    b.settle();
    const v = b.view();
    expect(v.flags.map((f) => f.rule)).toEqual(['003 rule 11']);
    expect(v.players[0]!.racks.map((r) => [r.dead, r.mahJongg?.value ?? null])).toEqual([
      [false, 25],
      [true, null],
    ]);
    expect(v.score?.points).toEqual([50, 0]); // 25 jokerless ×2 (17A)
  });
});
