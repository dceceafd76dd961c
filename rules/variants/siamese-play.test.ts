import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadCard } from '../card/parse.js';
import { fullTileSet, kindOf, type TileId, type TileKind } from '../tiles.js';
import type { GameAction } from '../record/v1-actions.js';
import { siameseLineActions } from '../record/upgrade.js';
import { applyAll, createEngine, type Engine } from '../game/apply.js';
import type { GameFlag } from '../game/flags.js';
import type { Place } from '../game/places.js';
import { initialGameState, standingRulings, type GameState } from '../game/state.js';
import { idKindOf } from '../wording/flags.js';
import { SIAMESE } from './siamese.js';

const card = loadCard(readFileSync(new URL('../cards/sample-siamese.card', import.meta.url), 'utf8'), { id: 'sample-siamese' });
const EAST = 0;
const WEST = 1;

/** Tiles a player holds: both racks plus exposures (003 rule 18C). */
const playerCount = (s: GameState, player: number): number => s.where.heldBy(player);

/**
 * A hand-driven Siamese table on the one engine: walls built from `order` (38 tiles a wall),
 * actions written as version 1 record lines (rules/record/v1-actions.ts) applied one by one, each
 * read as the record upgrade reads it (rules/record/upgrade.ts `siameseLineActions`). Each flag
 * raised is kept with its `kind`, the word its id carries (rules/wording/flags.ts `idKindOf`).
 */
class Table {
  state: GameState;
  flags: (GameFlag & { kind: string })[] = [];
  boundaries = 0;
  private seq = 0;
  private t = 1_000;
  private engine: Engine;

  constructor(order: TileId[], dismissed: string[] = [], countRule: '18A' | '18D' = '18D') {
    this.engine = createEngine(SIAMESE, {
      countRule,
      names: ['Ann', 'Bea'],
      racksPerPlayer: 2,
      tilesPerWall: 38,
      wallOrder: [0, 1, 2, 3],
      cards: [card],
    });
    // the director's dismissals stand from the start (the hub folds a ruled game again with them)
    this.state = { ...initialGameState({ variant: 'siamese', seats: 2, racksPerSeat: 2 }), rulings: standingRulings(dismissed.map((flagId) => ({ flagId, ruling: 'dismiss' as const }))) };
    order.forEach((tile, i) => this.act({ type: 'build', wall: Math.floor(i / 38), from: null, tile }));
  }

  act(a: DistributiveOmit<GameAction, 'at' | 'ref'>): void {
    this.t += 100;
    const r = applyAll(this.engine, this.state, siameseLineActions({ ...a, at: this.t, ref: String(++this.seq) } as GameAction, this.state));
    this.state = r.state;
    this.flags.push(...r.flags.map((f) => ({ ...f, kind: idKindOf(f.code) })));
    if (r.boundary) this.boundaries++;
  }

  /** The next tile of wall `w` (walls are used from their first built tile on). */
  next(w: number): TileId {
    for (const [tile, p] of this.state.where) if (p.area === 'wall' && p.wall === w) return tile;
    throw new Error(`wall ${w} is empty`);
  }

  pick(player: number, opts: { wall?: number; rack?: number; top?: boolean } = {}): TileId {
    const wall = opts.wall ?? this.currentWall();
    const tile = this.next(wall);
    const to: Place = { area: opts.top ? 'top' : 'rack', player, rack: opts.rack ?? 0 };
    this.act({ type: 'pick', player, wall, to, tile });
    return tile;
  }

  currentWall(): number {
    for (const w of [0, 1, 2, 3]) if ([...this.state.where.values()].some((p) => p.area === 'wall' && p.wall === w)) return w;
    throw new Error('walls are empty');
  }

  discard(player: number, tile: TileId): void {
    const from = this.state.where.get(tile)!;
    this.act({ type: 'discard', player, from, tile });
  }

  expose(player: number, tile: TileId, rack = 0): void {
    const from = this.state.where.get(tile)!;
    this.act({ type: 'arrange', player, from, to: { area: 'top', player, rack }, tile });
  }

  check(): void {
    this.act({ type: 'count-check', skipPlayers: [] });
  }

  /** 003 rule 5: each player takes 4 at a time, East first, to 27 each (6 × 4, then 3). */
  deal(): void {
    for (let round = 0; round < 7; round++) {
      for (const p of [EAST, WEST]) {
        for (let i = 0; i < (round < 6 ? 4 : 3); i++) this.pick(p, { rack: i % 2 });
      }
    }
  }

  tilesOf(player: number): TileId[] {
    return [...this.state.where].filter(([, p]) => (p.area === 'rack' || p.area === 'top') && p.player === player).map(([t]) => t);
  }
}

type DistributiveOmit<T, K extends keyof never> = T extends unknown ? Omit<T, K> : never;

/**
 * A wall order whose deal gives East `eastHand` (27 kinds, in order) and West the next free tiles.
 * East's tiles come out of the wall at positions 0-3, 8-11, … (4 at a time, alternating with West).
 */
function orderFor(eastHand: TileKind[]): TileId[] {
  const pool = fullTileSet();
  const take = (k: TileKind): TileId => {
    const i = pool.findIndex((t) => kindOf(t) === k);
    if (i < 0) throw new Error(`no ${k} left`);
    return pool.splice(i, 1)[0]!;
  };
  const east = eastHand.map(take);
  const order: TileId[] = [];
  for (let round = 0; round < 7; round++) {
    const n = round < 6 ? 4 : 3;
    order.push(...east.splice(0, n));
    order.push(
      ...pool.splice(
        pool.findIndex((t) => !eastHand.includes(kindOf(t))),
        n,
      ),
    );
  }
  return [...order, ...pool];
}

// East's 27: FFFF 3B×4 3C×4 3D 3D (the sample line "FFFF 1111a 1111b 11c", 25, jokerless) + 13 others
const EAST_HAND = [
  ...(['F', 'F', 'F', 'F', '3B', '3B', '3B', '3B', '3C', '3C', '3C', '3C', '3D', '3D'] as TileKind[]),
  ...(['1B', '1B', '2B', '2B', '4B', '5B', '6B', '7B', '8B', '9B', '1C', '2C', '4C'] as TileKind[]),
];

/**
 * Bea throws the third 3 Dot (from the wall, as if from her rack); Ann calls it onto the top of her
 * rack `rack` (0-based) and lays out "FFF 1111a 1111b 111c" (concealed, C 40) with 13 of her own tiles.
 */
function callThirdDotForMahJongg(t: Table, rack: number): void {
  const threeDot = [...t.state.where].find(([tile, p]) => kindOf(tile) === '3D' && p.area !== 'rack' && p.area !== 'top')![0];
  t.act({ type: 'discard', player: WEST, from: { area: 'rack', player: WEST, rack: 0 }, tile: threeDot });
  t.act({ type: 'call', player: EAST, to: { area: 'top', player: EAST, rack }, tile: threeDot });
  const mine = t.tilesOf(EAST).filter((x) => x !== threeDot);
  for (const k of ['F', 'F', 'F', '3B', '3B', '3B', '3B', '3C', '3C', '3C', '3C', '3D', '3D'] as TileKind[]) {
    t.expose(
      EAST,
      mine.splice(
        mine.findIndex((x) => kindOf(x) === k),
        1,
      )[0]!,
      rack,
    );
  }
}

describe('Royale Siamese on the one engine (003)', () => {
  it('deals 27 tiles each; East picks the 28th and discards: 27, 28, 27 (rules 5, 8)', () => {
    const t = new Table(orderFor(EAST_HAND));
    t.deal();
    expect(playerCount(t.state, EAST)).toBe(27);
    expect(playerCount(t.state, WEST)).toBe(27);
    expect(t.state.phase).toBe('deal');
    const picked = t.pick(EAST);
    expect(playerCount(t.state, EAST)).toBe(28);
    t.discard(EAST, picked);
    expect(playerCount(t.state, EAST)).toBe(27);
    expect(t.state.phase).toBe('play');
    expect(t.state.turn).toBe(WEST);
    expect(t.boundaries).toBe(1);
    t.check();
    expect(t.flags).toEqual([]);
    // West's turn: after picking 28 is right too
    t.pick(WEST);
    t.check();
    expect(t.flags).toEqual([]);
  });

  it('flags 28 tiles off turn after an extra pick: both hands dead, game over, rule 12 payment (18C)', () => {
    const t = new Table(orderFor(EAST_HAND));
    t.deal();
    const first = t.pick(EAST);
    t.pick(EAST); // picks one too many and racks it
    t.discard(EAST, first);
    t.check();
    expect(t.flags).toHaveLength(1);
    const f = t.flags[0]!;
    expect(f.kind).toBe('tile-count');
    expect(f.rule).toBe('003 rule 18C');
    expect(f.player).toBe(EAST);
    expect(f.title).toBe('Ann has 28 tiles off turn (should be 27): both hands dead');
    expect(f.status).toBe('awaiting-director');
    expect(f.evidence.counts[EAST]!.reduce((a, b) => a + b)).toBe(28);
    expect(t.state.seats[EAST]!.racks.every((r) => r.dead)).toBe(true);
    expect(t.state.bothDead).toBe(EAST);
    expect(t.state.phase).toBe('ended');
  });

  it('flags 29 tiles after picking on the next check', () => {
    const t = new Table(orderFor(EAST_HAND));
    t.deal();
    const first = t.pick(EAST);
    t.discard(EAST, first);
    t.check();
    t.pick(WEST);
    t.pick(WEST);
    t.check();
    expect(t.flags.map((f) => f.title)).toEqual(['Bea has 29 tiles after picking (should be 28): both hands dead']);
  });

  it('a player who took too many in the deal: a misdeal, the game does not count (18B)', () => {
    const t = new Table(orderFor(EAST_HAND));
    t.deal();
    t.pick(WEST); // Bea takes a 28th during the deal
    const first = t.pick(EAST);
    t.discard(EAST, first);
    t.check();
    expect(t.flags.map((f) => [f.kind, f.rule, f.player, f.title])).toEqual([['misdeal', '003 rule 18B', WEST, 'Bea had 28 tiles right after the deal (should be 27): misdeal']]);
    expect(t.state.misdeal).toBe(true);
    expect(t.state.phase).toBe('ended');
  });

  it('a dismissed flag is recorded with no consequence: the game goes on', () => {
    const run = (dismissed: string[]) => {
      const t = new Table(orderFor(EAST_HAND), dismissed);
      t.deal();
      const first = t.pick(EAST);
      t.pick(EAST);
      t.discard(EAST, first);
      t.check();
      return t;
    };
    const id = run([]).flags[0]!.id;
    const t = run([id]);
    expect(t.flags[0]!.status).toBe('dismissed');
    expect(t.state.phase).toBe('play');
    expect(t.state.seats[EAST]!.racks.some((r) => r.dead)).toBe(false);
    // the director ruled on Ann's 28: the next check does not raise it again for the same count
    t.pick(WEST);
    t.discard(WEST, t.tilesOf(WEST)[0]!);
    t.check();
    expect(t.flags).toHaveLength(1);
    // a new discrepancy is a new flag: Ann picks two more and racks both (30 on her turn)
    t.pick(EAST);
    t.pick(EAST);
    t.check();
    expect(t.flags.map((f) => [f.status, f.title])).toEqual([
      ['dismissed', 'Ann has 28 tiles off turn (should be 27): both hands dead'],
      ['awaiting-director', 'Ann has 30 tiles after picking (should be 28): both hands dead'],
    ]);
  });

  it('flags a tile picked and racked from the wrong wall: one hand dead, play goes on (rule 20)', () => {
    const t = new Table(orderFor(EAST_HAND));
    t.deal();
    const first = t.pick(EAST);
    t.discard(EAST, first);
    t.pick(WEST, { wall: 3, rack: 1 }); // 55 tiles are gone: wall 2 (index 1) is current
    expect(t.flags).toHaveLength(1);
    const f = t.flags[0]!;
    expect(f.kind).toBe('wrong-wall');
    expect(f.rule).toBe('003 rule 20');
    expect(f.title).toBe('Bea picked and racked a tile from wall 4; the current wall is 2: one hand dead');
    expect(f.rack).toBe(0);
    expect(t.state.seats[WEST]!.racks[0]!.dead).toBe(true);
    expect(t.state.seats[WEST]!.racks[1]!.dead).toBe(false);
    expect(t.state.phase).toBe('play');
  });

  it('rule 20 kills the hand with exposures when only one hand has them', () => {
    const t = new Table(orderFor(EAST_HAND));
    t.deal();
    // East exposes the 4 flowers on rack 2 (index 1) during the turn, then picks from the wrong wall
    const picked = t.pick(EAST);
    for (const tile of t.tilesOf(EAST).filter((x) => kindOf(x) === 'F')) t.expose(EAST, tile, 1);
    t.discard(EAST, picked);
    const w = t.pick(WEST);
    t.discard(WEST, w);
    t.pick(EAST, { wall: 2 });
    expect(t.flags[0]!.rack).toBe(1);
    expect(t.flags[0]!.consequence).toBe("Ann's hand on rack 2 is dead (the hand with exposures)");
  });

  it('verifies a Mah Jongg the moment a rack top holds 14 tiles (rules 10, 17A)', () => {
    const t = new Table(orderFor(EAST_HAND));
    t.deal();
    t.pick(EAST);
    const want: TileKind[] = ['F', 'F', 'F', 'F', '3B', '3B', '3B', '3B', '3C', '3C', '3C', '3C', '3D', '3D'];
    const mine = t.tilesOf(EAST);
    for (const k of want) {
      const tile = mine.splice(
        mine.findIndex((x) => kindOf(x) === k),
        1,
      )[0]!;
      t.expose(EAST, tile, 0);
    }
    const mj = t.state.seats[EAST]!.racks[0]!.mahJongg;
    expect(mj).not.toBeNull();
    expect(mj!.value).toBe(25);
    expect(mj!.jokerless).toBe(true);
    expect(mj!.order).toBe(1);
    expect(mj!.claimedFrom).toBeNull();
    expect(t.flags).toEqual([]);
    expect(t.state.phase).toBe('deal'); // East still has to discard; the game goes on
  });

  it('14 tiles on a rack top that fit no line: Mah Jongg in error, that hand dead (10E, 11)', () => {
    const t = new Table(orderFor(EAST_HAND));
    t.deal();
    t.pick(EAST);
    const mine = t
      .tilesOf(EAST)
      .filter((x) => !['F', '3B'].includes(kindOf(x)))
      .slice(0, 14);
    for (const tile of mine) t.expose(EAST, tile, 1);
    expect(t.flags.map((f) => [f.kind, f.rule, f.rack])).toEqual([['mah-jongg-in-error', '003 rules 10E and 11', 1]]);
    expect(t.state.seats[EAST]!.racks[1]!.dead).toBe(true);
    expect(t.state.seats[EAST]!.racks[0]!.dead).toBe(false);
  });

  it('exposures on one rack that fit no exposed line kill that hand at the turn boundary (rule 11)', () => {
    const t = new Table(orderFor(EAST_HAND));
    t.deal();
    const picked = t.pick(EAST);
    const mine = t.tilesOf(EAST);
    // a kong of 3 bams and a pair of 1 bams on top of rack 2: a pair is never an exposure
    for (const k of ['3B', '3B', '3B', '3B', '1B', '1B'] as TileKind[]) {
      t.expose(
        EAST,
        mine.splice(
          mine.findIndex((x) => kindOf(x) === k),
          1,
        )[0]!,
        1,
      );
    }
    expect(t.flags).toEqual([]); // judged at the turn boundary, not mid-turn
    t.discard(EAST, picked);
    expect(t.flags.map((f) => [f.kind, f.rule, f.player, f.rack])).toEqual([['illegal-exposure', '003 rule 11', EAST, 1]]);
    // the catalogue's code is not the kind (the 4-player `illegal-exposure` is another rule); the id keeps the kind
    expect(t.flags.map((f) => [f.code, f.seed, f.params, f.id.split('-').slice(1, 3).join('-')])).toEqual([['rack-exposures-fit-no-hand', '003', { p: EAST, r: 1 }, 'illegal-exposure']]);
    expect(t.state.seats[EAST]!.racks[1]!.dead).toBe(true);
    expect(t.state.seats[EAST]!.racks[0]!.dead).toBe(false);
    expect(t.state.phase).toBe('play');
  });

  it('exposures that fit a line are fine: a pung of 3 bams and a pung of 3 craks (like numbers)', () => {
    const t = new Table(orderFor(EAST_HAND));
    t.deal();
    const picked = t.pick(EAST);
    const mine = t.tilesOf(EAST);
    for (const k of ['3B', '3B', '3B', '3C', '3C', '3C'] as TileKind[]) {
      t.expose(
        EAST,
        mine.splice(
          mine.findIndex((x) => kindOf(x) === k),
          1,
        )[0]!,
        0,
      );
    }
    t.discard(EAST, picked);
    expect(t.flags).toEqual([]);
  });

  it('a joker taken off an exposed Mah Jongg is flagged (rules 9, 10C)', () => {
    const hand = [...EAST_HAND];
    hand[7] = 'J'; // FFFF 3B 3B 3B J 3C×4 3D 3D: the kong of 3 bams holds a joker
    const t = new Table(orderFor(hand));
    t.deal();
    t.pick(EAST);
    const want: TileKind[] = ['F', 'F', 'F', 'F', '3B', '3B', '3B', 'J', '3C', '3C', '3C', '3C', '3D', '3D'];
    const mine = t.tilesOf(EAST);
    for (const k of want)
      t.expose(
        EAST,
        mine.splice(
          mine.findIndex((x) => kindOf(x) === k),
          1,
        )[0]!,
        0,
      );
    expect(t.state.seats[EAST]!.racks[0]!.mahJongg?.jokerless).toBe(false);
    const joker = t.tilesOf(EAST).find((x) => kindOf(x) === 'J' && t.state.where.get(x)!.area === 'top')!;
    t.act({ type: 'arrange', player: EAST, from: { area: 'top', player: EAST, rack: 0 }, to: { area: 'rack', player: EAST, rack: 1 }, tile: joker });
    expect(t.flags.map((f) => [f.kind, f.rule, f.player, f.rack])).toEqual([['joker-exchange', '003 rules 9 and 10C', EAST, 0]]);
    expect(t.flags.map((f) => [f.code, f.params, f.title])).toEqual([
      ['joker-not-exchangeable', { owner: EAST, r: 0, from: 'mahjongg' }, "A joker was taken from Ann's rack 1: jokers may not be exchanged from an exposed Mah Jongg"],
    ]);
  });

  it('a wrong count beside a Mah Jongg: 18D (default) kills both hands, 18A only the other one', () => {
    const play = (rule: '18A' | '18D') => {
      const t = new Table(orderFor(EAST_HAND), [], rule);
      t.deal();
      const picked = t.pick(EAST);
      const want: TileKind[] = ['F', 'F', 'F', 'F', '3B', '3B', '3B', '3B', '3C', '3C', '3C', '3C', '3D', '3D'];
      const mine = t.tilesOf(EAST);
      for (const k of want)
        t.expose(
          EAST,
          mine.splice(
            mine.findIndex((x) => kindOf(x) === k),
            1,
          )[0]!,
          0,
        );
      t.pick(EAST, { rack: 1 }); // one too many
      t.discard(EAST, picked);
      t.check();
      return t;
    };
    const d = play('18D');
    expect(d.flags.map((f) => f.rule)).toEqual(['003 rules 18C and 18D']);
    expect(d.state.phase).toBe('ended');
    const a = play('18A');
    expect(a.flags.map((f) => [f.rule, f.rack])).toEqual([['003 rule 18A', 1]]);
    expect(a.state.seats[EAST]!.racks.map((r) => [r.dead, r.mahJongg?.value ?? null])).toEqual([
      [false, 25],
      [true, null],
    ]);
    // rule 13: Ann has a Mah Jongg and a dead hand: she stops, Bea plays on alone
    expect(a.state.phase).toBe('play');
    expect(a.state.turn).toBe(WEST);
  });

  it('a Mah Jongg by a called discard beside a dead hand: she holds 28 until her discard completes the turn (003 rules 10, 13; not 18C)', () => {
    const t = new Table(orderFor(EAST_HAND));
    t.deal();
    const first = t.pick(EAST);
    t.discard(EAST, first);
    t.check();
    const w = t.pick(WEST);
    t.discard(WEST, w);
    t.check();
    // Ann picks from wall 4 while wall 2 is current: her hand on rack 1 dies (rule 20, no exposures)
    const wrong = t.pick(EAST, { wall: 3 });
    expect(t.flags.map((f) => [f.kind, f.rack])).toEqual([['wrong-wall', 0]]);
    t.discard(EAST, wrong);
    t.check();
    // Bea throws the third 3 Dot; Ann calls it for Mah Jongg on her live rack 2
    callThirdDotForMahJongg(t, 1);
    expect(t.state.seats[EAST]!.racks[1]!.mahJongg?.value).toBe(40);
    // a count check before her discard: 27 + the called tile = 28, right for a player finishing her turn
    expect(playerCount(t.state, EAST)).toBe(28);
    t.check();
    expect(t.flags.map((f) => f.kind)).toEqual(['wrong-wall']);
    // her discard completes the turn (rule 10): 27, still no flag
    t.discard(EAST, t.tilesOf(EAST).find((x) => t.state.where.get(x)!.area === 'rack')!);
    t.check();
    expect(playerCount(t.state, EAST)).toBe(27);
    expect(t.flags.map((f) => f.kind)).toEqual(['wrong-wall']);
  });

  it('a concealed line may be completed by a called discard: the 14th tile (000 via rule 16; 003 rule 10)', () => {
    const t = new Table(orderFor(EAST_HAND));
    t.deal();
    const picked = t.pick(EAST);
    t.discard(EAST, picked);
    t.check();
    // Bea throws the third 3 Dot; Ann calls it onto the top of her first rack
    callThirdDotForMahJongg(t, 0);
    // "FFF 1111a 1111b 111c" is concealed (C 40): allowed, the only earlier tile on top is the called one
    const mj = t.state.seats[EAST]!.racks[0]!.mahJongg;
    expect(t.flags).toEqual([]);
    expect([mj?.value, mj?.claimedFrom]).toEqual([40, WEST]);
  });

  it('a rack the hub could not see at a discard is not judged there: its Mah Jongg laid out meanwhile is verified when the reader is back (rule 11)', () => {
    // Ann's rack 1 reader is unplugged: she picks, lays out her Mah Jongg and discards; the hub
    // learns the first tile on her top live, the discard live, and the other 13 only from the
    // reader's snapshot after the replug, so the log has them after the discard
    const t = new Table(orderFor(EAST_HAND));
    t.deal();
    const picked = t.pick(EAST);
    const want: TileKind[] = ['F', 'F', 'F', 'F', '3B', '3B', '3B', '3B', '3C', '3C', '3C', '3C', '3D', '3D'];
    const mine = t.tilesOf(EAST).filter((x) => x !== picked);
    const layout = want.map(
      (k) =>
        mine.splice(
          mine.findIndex((x) => kindOf(x) === k),
          1,
        )[0]!,
    );
    t.expose(EAST, layout[0]!, 0); // one flower on the top: alone it fits no hand
    t.act({ type: 'discard', player: EAST, from: t.state.where.get(picked)!, tile: picked, unseen: [{ player: EAST, rack: 0 }] });
    expect(t.flags).toEqual([]);
    expect(t.state.seats[EAST]!.racks[0]!.exposedBefore).toBe(false); // what the hub did not see rules out nothing
    for (const tile of layout.slice(1)) t.expose(EAST, tile, 0); // reconciled from the snapshot
    const mj = t.state.seats[EAST]!.racks[0]!.mahJongg;
    expect([mj?.lineText, mj?.value, mj?.order]).toEqual(['FFFF 1111a 1111b 11c        | any like numbers, any 3 suits | X 25', 25, 1]);
    expect(t.flags).toEqual([]);
  });

  it('the same single tile seen at a discard is judged at once; unseen, it is judged at the next boundary the hub saw (rule 11)', () => {
    const seen = new Table(orderFor(EAST_HAND));
    seen.deal();
    const p1 = seen.pick(EAST);
    seen.expose(EAST, seen.tilesOf(EAST).find((x) => kindOf(x) === 'F')!, 0);
    seen.discard(EAST, p1);
    expect(seen.flags.map((f) => [f.kind, f.rule, f.player, f.rack])).toEqual([['illegal-exposure', '003 rule 11', EAST, 0]]);

    const t = new Table(orderFor(EAST_HAND));
    t.deal();
    const picked = t.pick(EAST);
    t.expose(EAST, t.tilesOf(EAST).find((x) => kindOf(x) === 'F')!, 0);
    t.act({ type: 'discard', player: EAST, from: t.state.where.get(picked)!, tile: picked, unseen: [{ player: EAST, rack: 0 }] });
    expect(t.flags).toEqual([]);
    // the reader is back and nothing more came: at Bea's discard the lone flower is judged
    const beaPick = t.pick(WEST);
    t.discard(WEST, beaPick);
    expect(t.flags.map((f) => [f.kind, f.rule, f.player, f.rack, f.title])).toEqual([
      ['illegal-exposure', '003 rule 11', EAST, 0, "The exposures on Ann's rack 1 fit no hand on the cards: that hand is dead"],
    ]);
  });

  it('rules 9 and 15: a joker may leave the exposure that did not kill the hand, not the one that did', () => {
    // East holds two jokers in place of the 1 Bams; rack 2: F F F J (a kong, fits FFFF …), later 5B J (fits nothing)
    const t = new Table(orderFor(EAST_HAND.map((k, i) => (i === 14 || i === 15 ? 'J' : k))));
    t.deal();
    const top2 = { area: 'top', player: EAST, rack: 1 } as const;
    const mine = t.tilesOf(EAST);
    const take = (k: TileKind) =>
      mine.splice(
        mine.findIndex((x) => kindOf(x) === k),
        1,
      )[0]!;
    const [j1, j2] = [take('J'), take('J')];
    let p = t.pick(EAST);
    for (const x of [take('F'), take('F'), take('F'), j1]) t.expose(EAST, x, 1);
    t.discard(EAST, p);
    t.discard(WEST, t.pick(WEST));
    p = t.pick(EAST);
    for (const x of [take('5B'), j2]) t.expose(EAST, x, 1);
    t.discard(EAST, p);
    expect(t.flags.map((f) => [f.kind, f.rule, f.rack])).toEqual([['illegal-exposure', '003 rule 11', 1]]);
    expect(t.state.seats[EAST]!.racks[1]!.deadTiles.map(kindOf).sort()).toEqual(['5B', 'J']); // laid since the kong was judged to fit
    t.act({ type: 'arrange', player: EAST, from: top2, to: { area: 'rack', player: EAST, rack: 0 }, tile: j1 }); // from the kong: allowed
    expect(t.flags).toHaveLength(1);
    t.act({ type: 'arrange', player: EAST, from: top2, to: { area: 'rack', player: EAST, rack: 0 }, tile: j2 }); // from the exposure that killed it
    expect(t.flags.map((f) => [f.kind, f.rule])).toEqual([
      ['illegal-exposure', '003 rule 11'],
      ['joker-exchange', '003 rules 9 and 15'],
    ]);
    expect(t.flags[1]!.evidence.tiles).toEqual([j2]);
  });

  it('rule 19A: a mis-named discard called for an exposure, the discarder holding the tile named: expected; the claimer discarding instead: not made', () => {
    const t = new Table(orderFor(EAST_HAND));
    t.deal();
    t.discard(EAST, t.pick(EAST));
    const q = t.pick(WEST);
    t.discard(WEST, q);
    t.act({ type: 'call', player: EAST, to: { area: 'top', player: EAST, rack: 0 }, tile: q });
    const held = t.tilesOf(WEST).find((x) => kindOf(x) !== kindOf(q))!;
    t.act({ type: 'director-entry', entry: 'misnamed-exposure', player: EAST, rack: 0, named: kindOf(held), unseenRacks: [] });
    const m = t.state.misnamed[0]!;
    expect([m.status, m.discarder, m.tile, kindOf(m.holds!)]).toEqual(['expected', WEST, q, kindOf(held)]);
    t.check(); // while it is being put right, neither count is judged
    expect(t.flags).toEqual([]);
    t.discard(EAST, t.tilesOf(EAST).find((x) => t.state.where.get(x)!.area === 'rack')!); // play goes on instead
    expect(t.state.misnamed[0]!.status).toBe('not-made');
  });
});
