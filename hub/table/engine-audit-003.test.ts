/**
 * The director's audit of the Royale Siamese table against 003's scoring of two Mah Jonggs, over
 * reader lines (hub/table/test-bench.ts `HandBench`), with the points worked out by hand. The
 * hands are the Siamese sample card's (rules/cards/sample-siamese.card), both jokerless:
 * - "FFFF 1111a 1111b 11c" with 3s (X 25): F F F F 3B 3B 3B 3B 3C 3C 3C 3C 3D 3D;
 * - "111a 222a 3333a 4444a" with 5-8 bams (X 30): 5B 5B 5B 6B 6B 6B 7B 7B 7B 7B 8B 8B 8B 8B.
 * Ann (East) is dealt the first and the second less one 8B (27 tiles).
 */
import { describe, expect, it } from 'vitest';
import { parseGameRecord, writeGameRecord } from '../../rules/record/game-record.js';
import { fullTileSet, kindOf, type TileId, type TileKind } from '../../rules/tiles.js';
import { refereeRecord } from '../record/replay.js';
import { HandBench, closedAfterEach, siameseDemo } from './test-bench.js';

const keep = closedAfterEach<HandBench>();

const FIRST: TileKind[] = ['F', 'F', 'F', 'F', '3B', '3B', '3B', '3B', '3C', '3C', '3C', '3C', '3D', '3D'];
const SECOND: TileKind[] = ['5B', '5B', '5B', '6B', '6B', '6B', '7B', '7B', '7B', '7B', '8B', '8B', '8B', '8B'];
const EAST_HAND: TileKind[] = [...FIRST, ...SECOND.slice(0, 13)];

/**
 * A wall order whose deal (HandBench.deal: 4 at a time, East first, to 27 each) gives Ann `east`,
 * Bea `west` then tiles of kinds neither Ann holds nor is picked, and whose picks from wall 2 are
 * `picks` first (kinds, in order).
 */
function orderFor(east: TileKind[], west: TileKind[], picks: TileKind[]): TileId[] {
  const pool = fullTileSet();
  const take = (ok: (k: TileKind) => boolean): TileId =>
    pool.splice(
      pool.findIndex((t) => ok(kindOf(t))),
      1,
    )[0]!;
  const mine = east.map((k) => take((x) => x === k));
  const hers = west.map((k) => take((x) => x === k));
  const picked = picks.map((k) => take((x) => x === k));
  while (hers.length < 27) hers.push(take((x) => !east.includes(x) && !picks.includes(x)));
  const order: TileId[] = [];
  for (let round = 0; round < 7; round++) {
    const n = round < 6 ? 4 : 3;
    order.push(...mine.splice(0, n), ...hers.splice(0, n));
  }
  return [...order, ...picked, ...pool];
}

/** `who`'s tiles (`E` Ann, `W` Bea) of `kinds`, one each, from wherever they are in her racks, in the order asked. */
function tilesOf(b: HandBench, who: 'E' | 'W', kinds: TileKind[]): TileId[] {
  const mine = [...b.at].filter(([, z]) => z.startsWith(`RK-${who}`) && !z.endsWith('/top')).map(([t]) => t);
  return kinds.map(
    (k) =>
      mine.splice(
        mine.findIndex((t) => kindOf(t) === k),
        1,
      )[0]!,
  );
}

function dealt(west: TileKind[], picks: TileKind[], east: TileKind[] = EAST_HAND): HandBench {
  const b = keep(new HandBench({ announce: false, helloTakesSeq: false, settlePadMs: 100 }));
  b.build(orderFor(east, west, picks));
  b.deal();
  return b;
}

describe('003 rule 17C: two Mah Jonggs put up at the same time', () => {
  it('Ann picks the 4th 8B and lays both hands in one turn: the game ceases (rule 14); 25 ×2 ×2 = 100 and 30 ×2 ×2 = 120: Bea pays Ann 220', () => {
    const b = dealt([], ['8B']);
    b.move(b.nextFrom(1), 'RK-E2/in'); // the 8B
    b.advance(300);
    for (const t of tilesOf(b, 'E', FIRST)) b.move(t, 'RK-E1/top');
    for (const t of tilesOf(b, 'E', SECOND)) b.move(t, 'RK-E2/top');
    b.settle();
    const v = b.view();
    expect(v.flags).toEqual([]);
    expect(v.phase).toBe('ended');
    expect(v.players[0]!.racks.map((r) => r.mahJongg?.value ?? null)).toEqual([25, 30]);
    // 17C: both hands doubled; each jokerless, doubled again (17A/17B): 25 × 2 × 2 = 100, 30 × 2 × 2 = 120;
    // self-picked: no discarder, nothing charged to Bea
    expect(v.score?.points).toEqual([220, 0]);
    expect(v.score?.payment).toEqual({ from: 1, to: 0, amount: 220 });
  });
});

describe('003 rules 17A and 17D: the discarder of a tile claimed for Mah Jongg', () => {
  it("Ann's 1st Mah Jongg self-picked (25 jokerless ×2 = 50); Bea's 8B claimed for Ann's 2nd (30 ×2 ×2 = 120): Bea −20; Ann 170, Bea pays 190", () => {
    const b = dealt(['8B'], ['9D', '9C']);
    const pick = b.nextFrom(1); // the 9D
    b.move(pick, 'RK-E2/in');
    b.advance(300);
    for (const t of tilesOf(b, 'E', FIRST)) b.move(t, 'RK-E1/top'); // 1st Mah Jongg (17A: no discarder)
    b.move(pick, 'FL-1/floor'); // Ann completes her turn with a discard (rule 10)
    b.settle();
    expect(b.view().players[0]!.racks[0]!.mahJongg?.value).toBe(25);
    expect(b.view().score?.points).toEqual([50, 0]);
    b.move(b.nextFrom(1), 'RK-W1/in'); // Bea picks the 9C
    b.advance(300);
    const eight = tilesOf(b, 'W', ['8B'])[0]!;
    b.move(eight, 'FL-1/floor'); // and discards her 8B
    b.settle();
    b.move(eight, 'RK-E2/top'); // Ann claims it for her 2nd Mah Jongg
    for (const t of tilesOf(b, 'E', SECOND.slice(0, 13))) b.move(t, 'RK-E2/top');
    b.settle();
    const v = b.view();
    expect(v.flags).toEqual([]);
    expect(v.phase).toBe('ended');
    // Ann: 1st 25 jokerless ×2 = 50 (17A); 2nd 30 ×2 (17B) ×2 jokerless = 120; 50 + 120 = 170.
    // Bea: her discard was claimed for Ann's 2nd Mah Jongg: −20 (17D). Bea pays 170 − (−20) = 190.
    expect(v.score?.points).toEqual([170, -20]);
    expect(v.score?.payment).toEqual({ from: 1, to: 0, amount: 190 });
  });
});

/** Ann picks a 9D (not the 8B the 30 wants) and lays the 25 on rack 1's top and 13 tiles of the 30 with the 9D on rack 2's, in one turn. */
function annLaysOneRealOneFalse(): HandBench {
  const b = dealt([], ['9D']);
  b.move(b.nextFrom(1), 'RK-E2/in');
  b.advance(300);
  for (const t of tilesOf(b, 'E', FIRST)) b.move(t, 'RK-E1/top');
  for (const t of tilesOf(b, 'E', [...SECOND.slice(0, 13), '9D'])) b.move(t, 'RK-E2/top');
  b.settle();
  return b;
}

describe('003 rule 10E: two Mah Jonggs claimed at once, only one real', () => {
  it('Ann lays the 25 on rack 1 and 13 tiles of the 30 with a 9D on rack 2: the 25 is honoured (25 jokerless ×2 = 50), the hand on rack 2 is dead; the game goes on (rule 13)', () => {
    const b = annLaysOneRealOneFalse();
    const v = b.view();
    expect(v.flags.map((f) => [f.code, f.player, f.rack])).toEqual([['mah-jongg-in-error', 0, 1]]);
    expect(v.players[0]!.racks.map((r) => [r.dead, r.mahJongg?.value ?? null])).toEqual([
      [false, 25],
      [true, null],
    ]);
    // one Mah Jongg and one dead hand: the game goes on by Bea only (rule 13)
    expect(v.phase).not.toBe('ended');
    expect(v.turn).toBe(1);
    // the running score: Ann's one Mah Jongg, 25 jokerless ×2 = 50 (17A); Bea 0
    expect(v.score?.points).toEqual([50, 0]);
  });
});

/**
 * Ann (East) picks her first tile from wall 2 into rack 2, lays the 25 (FIRST, jokerless) on rack 1's
 * top and discards the pick: her first Mah Jongg, self-picked on her first turn (003 rules 8, 10).
 */
function annSelfPicks25(west: TileKind[] = [], picks: TileKind[] = ['9D']): ReturnType<typeof dealt> {
  const b = dealt(west, picks);
  const pick = b.nextFrom(1);
  b.move(pick, 'RK-E2/in');
  b.advance(300);
  for (const t of tilesOf(b, 'E', FIRST)) b.move(t, 'RK-E1/top');
  b.move(pick, 'FL-1/floor');
  b.settle();
  return b;
}

describe('003 rule 14: the walls used up with one Mah Jongg exposed is no wall game', () => {
  it("Ann's self-picked 25 on her first turn, then every tile picked and discarded: the game ceases, no +10 (17F): Ann 50, Bea pays 50", () => {
    const b = annSelfPicks25();
    // 152 − 54 dealt − 1 picked = 97 left: Bea, Ann, Bea … each picks one into rack 1 (Ann: rack 2) and discards it
    for (let n = 0; n < 97; n++) {
      const wall = [0, 1, 2, 3].find((w) => [...b.at.values()].includes(`WL-${w + 1}/wall`))!;
      const t = b.nextFrom(wall);
      b.move(t, n % 2 === 0 ? 'RK-W1/in' : 'RK-E2/in');
      b.move(t, 'FL-1/floor');
      b.settle();
    }
    const v = b.view();
    expect(v.flags).toEqual([]);
    expect(v.phase).toBe('ended');
    // 17A: 25 jokerless ×2 = 50; not a wall game (a Mah Jongg is exposed), so no +10 to either (17F)
    expect(v.score?.points).toEqual([50, 0]);
    expect(v.score?.payment).toEqual({ from: 1, to: 0, amount: 50 });
  });
});

describe('003 rule 20 beside an exposed Mah Jongg: "the player\'s 2nd hand is dead"', () => {
  it("Ann's 25 on rack 1, then a pick racked from wall 3 while wall 2 is current: rack 2 dies, no choice for the director; Bea plays on (rule 13); Ann 50 (17A)", () => {
    const b = annSelfPicks25();
    b.turn('RK-W1/in'); // Bea picks from wall 2 and discards
    b.move(b.nextFrom(2), 'RK-E2/in'); // Ann racks a tile of wall 3: the wrong wall
    b.settle();
    const v = b.view();
    expect(v.flags.map((f) => [f.code, f.player, f.rack, f.deadRackChoice ?? null])).toEqual([['wrong-wall', 0, 1, null]]);
    expect(v.players[0]!.racks.map((r) => [r.dead, r.mahJongg?.value ?? null])).toEqual([
      [false, 25],
      [true, null],
    ]);
    expect(v.phase).not.toBe('ended');
    expect(v.turn).toBe(1);
    // Ann's one Mah Jongg stands: 25 jokerless ×2 = 50 (17A); Bea 0
    expect(v.score?.points).toEqual([50, 0]);
  });
});

describe('003 rule 18B: too many tiles right after the deal', () => {
  it('Bea takes a 28th tile in the deal; East picks and discards: a misdeal, the game does not count (no score)', () => {
    const b = dealt([], ['9D']);
    b.move(b.nextFrom(1), 'RK-W1/in'); // Bea's 28th
    b.turn('RK-E2/in'); // East picks the next and discards it: the deal is over
    const v = b.view();
    expect(v.flags.map((f) => [f.code, f.player])).toEqual([['misdeal', 1]]);
    expect(v.phase).toBe('ended');
    expect(v.score).toBeNull();
  });
});

describe('003 rule 19C: a mis-named discard claimed for Mah Jongg', () => {
  it("Bea's 3D, named wrongly, claimed for Ann's 1st Mah Jongg (25 jokerless ×2 = 50): Bea −25 (19C; no 17A penalty otherwise): Bea pays 75", () => {
    // Ann: the 25 less one 3D, the 30 less one 8B, and a 9B
    const b = dealt(['3D'], ['9D', '9C'], [...FIRST.slice(0, 13), ...SECOND.slice(0, 13), '9B']);
    b.turn('RK-E2/in'); // Ann picks the 9D and discards it
    b.move(b.nextFrom(1), 'RK-W1/in'); // Bea picks the 9C
    b.advance(300);
    const three = tilesOf(b, 'W', ['3D'])[0]!;
    b.move(three, 'FL-1/floor'); // and discards her 3D
    b.settle();
    b.move(three, 'RK-E1/top'); // Ann claims it for Mah Jongg
    for (const t of tilesOf(b, 'E', FIRST.slice(0, 13))) b.move(t, 'RK-E1/top');
    b.settle();
    expect(b.view().score?.points).toEqual([50, 0]); // 17A: the payer is not penalized
    b.engine.enter({ entry: 'misnamed-discard', player: 0, rack: 0 }, 'director');
    const v = b.view();
    // 17A: 25 jokerless ×2 = 50; 19C: Bea −25; Bea pays 50 − (−25) = 75
    expect(v.score?.points).toEqual([50, -25]);
    expect(v.score?.payment).toEqual({ from: 1, to: 0, amount: 75 });
  });
});

// ---- session 14's audit: more cases worked by hand, each also refereed from its game record as `mjhub referee` does

/** The hub's points, payment and flag codes, live. */
function live(b: HandBench): { points: number[] | null; payment: unknown; codes: (string | undefined)[] } {
  const v = b.view();
  return { points: v.score?.points ?? null, payment: v.score?.payment ?? null, codes: v.flags.map((f) => f.code) };
}

/** Game 1's record written, read back and refereed (hub/record/replay.ts, what `mjhub referee` prints): the same three. */
function refereed(b: HandBench): ReturnType<typeof live> {
  const r = refereeRecord(parseGameRecord(writeGameRecord(b.engine.gameRecord(1)!)), siameseDemo.cards);
  return { points: r.points, payment: r.payment, codes: r.flags.map((f) => f.code) };
}

/** Ann picks the 9D and discards it; Bea picks the 9C and discards her 8B: the 8B is on the floor. @returns the 8B */
function beaThrows8B(b: HandBench): TileId {
  b.turn('RK-E2/in');
  return beaDiscards8B(b);
}

/** Bea picks the next tile of wall 2 and discards her 8B. @returns the 8B */
function beaDiscards8B(b: HandBench): TileId {
  b.move(b.nextFrom(1), 'RK-W1/in');
  b.advance(300);
  const eight = tilesOf(b, 'W', ['8B'])[0]!;
  b.move(eight, 'FL-1/floor');
  b.settle();
  return eight;
}

describe('003 rule 17E: the claimed tile used in the 1st of two Mah Jonggs put up in one turn', () => {
  it("Ann holds the 25 whole and the 30 less an 8B; she claims Bea's 8B for the 30 and lays the 25 in the same turn: 30 ×2 ×2 = 120, 25 ×2 ×2 = 100 (17C); Bea −20 (17E): Bea pays 240", () => {
    const b = dealt(['8B'], ['9D', '9C']);
    const eight = beaThrows8B(b);
    b.move(eight, 'RK-E2/top');
    for (const t of tilesOf(b, 'E', SECOND.slice(0, 13))) b.move(t, 'RK-E2/top'); // her 1st Mah Jongg, with the claimed 8B
    for (const t of tilesOf(b, 'E', FIRST)) b.move(t, 'RK-E1/top'); // her 2nd, the same turn
    b.settle();
    expect(b.view().phase).toBe('ended');
    // 17C: both ×2, each jokerless ×2: 30 × 4 = 120, 25 × 4 = 100; Ann 220. 17E: Bea −20. 220 − (−20) = 240
    expect(live(b)).toEqual({ points: [220, -20], payment: { from: 1, to: 0, amount: 240 }, codes: [] });
    expect(refereed(b)).toEqual(live(b));
  });
});

describe('003 rule 19D: a mis-named discard claimed for a 2nd Mah Jongg', () => {
  it("Ann's 1st (25 self-picked, jokerless ×2 = 50); Bea's 8B, named wrongly, claimed for Ann's 2nd (30 ×2 ×2 = 120): Bea −25 (19C) −20 (19D, 17D) = −45; Bea pays 170 + 45 = 215", () => {
    const b = annSelfPicks25(['8B'], ['9D', '9C']);
    const eight = beaDiscards8B(b);
    b.move(eight, 'RK-E2/top');
    for (const t of tilesOf(b, 'E', SECOND.slice(0, 13))) b.move(t, 'RK-E2/top');
    b.settle();
    expect(live(b).points).toEqual([170, -20]);
    b.engine.enter({ entry: 'misnamed-discard', player: 0, rack: 1 }, 'director');
    expect(live(b)).toEqual({ points: [170, -45], payment: { from: 1, to: 0, amount: 215 }, codes: [] });
    expect(refereed(b)).toEqual(live(b));
  });
});

describe('003 rule 17F: a wall game', () => {
  it('no Mah Jongg exposed when the walls are used up: +10 each, nobody pays; refereed: the same', () => {
    const b = dealt([], []);
    // 152 − 54 dealt = 98 picks: Ann, Bea, Ann … each picks one (Ann into rack 2, Bea rack 1) and discards it
    for (let n = 0; n < 98; n++) {
      const wall = [0, 1, 2, 3].find((w) => [...b.at.values()].includes(`WL-${w + 1}/wall`))!;
      const t = b.nextFrom(wall);
      b.move(t, n % 2 === 0 ? 'RK-E2/in' : 'RK-W1/in');
      b.move(t, 'FL-1/floor');
      b.settle();
    }
    expect(b.view().phase).toBe('ended');
    expect(live(b)).toEqual({ points: [10, 10], payment: null, codes: [] });
    expect(refereed(b)).toEqual(live(b));
  });
});

describe('003 rule 12 beside the opponent\'s Mah Jongg: "4 times the value of opponent\'s existing Mah Jongg"', () => {
  it("Ann's self-picked 25 (jokerless) is up; Bea picks twice and discards (28 off turn, 18C): both her hands dead, the game ceases; Ann 4 × 50 = 200 (the hub's reading: 4 × its 17A score)", () => {
    const b = annSelfPicks25();
    b.turnWithExtraPick('RK-W1/in', 'RK-W2/in'); // Bea picks, picks again and discards: 28 off turn
    expect(b.view().phase).toBe('ended');
    // 17A: 25 jokerless ×2 = 50; rule 12: ×4 = 200; Bea 0: Bea pays 200
    expect(live(b)).toEqual({ points: [200, 0], payment: { from: 1, to: 0, amount: 200 }, codes: ['tile-count'] });
    expect(refereed(b)).toEqual(live(b));
  });
});

describe('003 rule 19B: a mis-named discard claimed for an exposure, the discarder without the tile named', () => {
  it("Bea's 8B named \"9D\" (she holds no 9D) called onto Ann's rack 2 top: the hub finds no 9D in Bea's racks (no-tile): no penalty, play goes on", () => {
    const b = dealt(['8B'], ['9D', '9C']);
    const eight = beaThrows8B(b);
    b.move(eight, 'RK-E2/top'); // Ann calls it for an exposure
    b.settle();
    b.engine.enter({ entry: 'misnamed-exposure', player: 0, named: '9D' }, 'director');
    const m = b.engine.directorView().misnamed!;
    expect(m.map((x) => [x.discarder, x.named, x.status])).toEqual([[1, '9D', 'no-tile']]);
    expect(live(b)).toEqual({ points: [0, 0], payment: null, codes: [] });
  });
});

describe('003 rule 13: one Mah Jongg and one dead hand, the opponent plays on', () => {
  it("Ann's 25 on rack 1 and a Mah Jongg in error on rack 2 in the turn she picked (10E): she is out holding her pick; Bea picks and discards: no count flag, the game goes on, Ann 50", () => {
    const b = annLaysOneRealOneFalse();
    b.turn('RK-W1/in'); // Bea picks and discards: a count check; Ann keeps 28 (14 + 14 on her tops), out since her pick
    const v = b.view();
    expect(v.phase).toBe('play');
    expect(v.turn).toBe(1);
    // 17A: 25 jokerless ×2 = 50
    expect(live(b)).toEqual({ points: [50, 0], payment: { from: 1, to: 0, amount: 50 }, codes: ['mah-jongg-in-error'] });
    expect(refereed(b)).toEqual(live(b));
  });

  /** Bea's 30 in dots: "111a 222a 3333a 4444a" with 5D-8D, jokerless */
  const DOTS: TileKind[] = ['5D', '5D', '5D', '6D', '6D', '6D', '7D', '7D', '7D', '7D', '8D', '8D', '8D', '8D'];
  it("Ann's 25 (50) then a wrong-wall pick kills her rack 2: Ann is out; Bea picks her last 8D and lays her 30: her 1st Mah Jongg (30 jokerless ×2 = 60); the game goes on with Bea alone (rule 13): Ann pays 10 so far", () => {
    const b = annSelfPicks25(DOTS.slice(0, 13), ['9D', '9C', '8D']);
    b.turn('RK-W1/in'); // Bea picks the 9C and discards it
    b.move(b.nextFrom(2), 'RK-E2/in'); // Ann racks a tile of wall 3: rule 20, her 2nd hand dies
    b.settle();
    expect(live(b).codes).toEqual(['wrong-wall']);
    b.move(b.nextFrom(1), 'RK-W1/in'); // Bea picks the 8D
    b.advance(300);
    for (const t of tilesOf(b, 'W', DOTS)) b.move(t, 'RK-W1/top');
    b.settle();
    b.move([...b.at].find(([, z]) => z === 'RK-W1/in')![0], 'FL-1/floor'); // and discards a tile of her rack 1 to complete her turn
    b.settle();
    const v = b.view();
    expect(v.players[1]!.racks[0]!.mahJongg?.value).toBe(30);
    // rule 13: Bea plays on alone, to a 2nd Mah Jongg or the end of the walls
    expect(v.phase).toBe('play');
    expect(v.turn).toBe(1);
    // 17A: Ann 25 jokerless ×2 = 50; Bea 30 jokerless ×2 = 60, self-picked (no charge to Ann): Ann pays 10
    expect(live(b)).toEqual({ points: [50, 60], payment: { from: 0, to: 1, amount: 10 }, codes: ['wrong-wall'] });
    expect(refereed(b)).toEqual(live(b));
  });
});

describe('003 rule 19A through the readers: the discarder holds the tile named', () => {
  it('Bea\'s 8B named "9C" (she holds the 9C she picked) called onto Ann\'s top: expected; the 8B goes back to Bea and she discards the 9C: accepted; Ann then picks and discards: no flag, 27 and 27, no score', () => {
    const b = dealt(['8B'], ['9D', '9C']);
    const eight = beaThrows8B(b);
    b.move(eight, 'RK-E2/top'); // Ann calls it for an exposure
    b.settle();
    b.engine.enter({ entry: 'misnamed-exposure', player: 0, named: '9C' }, 'director');
    expect(b.engine.directorView().misnamed!.map((x) => [x.discarder, x.named, x.status])).toEqual([[1, '9C', 'expected']]);
    b.move(eight, 'RK-W1/in'); // back to Bea
    b.settle();
    b.move(tilesOf(b, 'W', ['9C'])[0]!, 'FL-1/floor'); // the correct tile in its place
    b.settle();
    expect(b.engine.directorView().misnamed!.map((x) => x.status)).toEqual(['accepted']);
    b.turn('RK-E2/in'); // Ann leaves the 9C, picks and discards
    expect(b.counts()).toEqual([27, 27]);
    expect(live(b)).toEqual({ points: [0, 0], payment: null, codes: [] });
    expect(refereed(b)).toEqual(live(b));
  });
});
