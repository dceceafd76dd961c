/**
 * The move layer of both tables (./moves.ts, ./zones.ts): which players a count check skips, what
 * one Siamese move is read as (with what was not heard), and, for the 4-player table, which
 * actions hand-written settled moves make and that whole simulated games read back as the bots
 * played them. Each case names its table.
 */
import { describe, expect, it } from 'vitest';
import type { Action } from '../../../rules/game/actions.js';
import { fromGameAction, toGameAction } from '../../../rules/game/convert.js';
import type { Place } from '../../../rules/game/places.js';
import { initialGameState, type GameState } from '../../../rules/game/state.js';
import { fullTileSet, kindOf, type TileId } from '../../../rules/tiles.js';
import { standardEngine } from '../../../rules/variants/standard.js';
import { concealedOf, STANDARD_SHAPE, winnerOf } from '../../../rules/variants/standard/play.js';
import { short } from '../standard/actions.test-helpers.js';
import { standardMoveView } from '../standard/move-view.js';
import { inKinds } from '../standard/scripted.test-helpers.js';
import { loadHubConfig } from '../../config/load.js';
import { playStandardGame, type ExpectedAction } from '../../simulator/standard/game.js';
import { idealMoves } from '../../simulator/standard/settle.js';
import { callForSize, hopsFor, MoveReader, SIAMESE_MOVES, STANDARD_MOVES, turnView, type MoveSeen, type MoveView, type PlacedMove } from './moves.js';
import { playersOfReaders, playersToSkip, topsOfReaders } from './zones.js';

const configOf = (file: string) => loadHubConfig(new URL(`../../config/tables/${file}`, import.meta.url).pathname)[0]!.table;

describe('both tables: the players a count check cannot judge (003 rule 18C, NMJL wrong count: never from a zone the hub could not see)', () => {
  const standard = configOf('standard-demo.json');
  const siamese = configOf('siamese-demo.json');

  it("4-player table: South's rack reader not heard → only South (1) is skipped", () => {
    expect(playersToSkip(standard, ['RK-S'])).toEqual([1]);
    expect(playersOfReaders(standard, ['RK-S', 'RK-N'])).toEqual([1, 3]);
  });

  it('4-player table: a wall reader or the floor reader not heard → all four players are skipped', () => {
    expect(playersToSkip(standard, ['WL-2'])).toEqual([0, 1, 2, 3]);
    expect(playersToSkip(standard, ['FL-1'])).toEqual([0, 1, 2, 3]);
    expect(playersOfReaders(standard, ['WL-2'])).toEqual([]);
  });

  it("Siamese table: Bea's rack reader → Bea (1); a wall reader → both players; nothing not heard → nobody", () => {
    const bea = siamese.readers.find((r) => Object.values(r.zones).some((z) => (z.area === 'rack' || z.area === 'top') && z.player === 1))!.id;
    const wall = siamese.readers.find((r) => Object.values(r.zones).some((z) => z.area === 'wall'))!.id;
    expect(playersToSkip(siamese, [bea])).toEqual([1]);
    expect(playersToSkip(siamese, [wall])).toEqual([0, 1]);
    expect(playersToSkip(siamese, [])).toEqual([]);
  });
});

describe('Siamese table (003): one move, one action', () => {
  const siamese = configOf('siamese-demo.json');
  const wall = (w: number): Place => ({ area: 'wall', wall: w });
  const rack = (player: number, r = 0): Place => ({ area: 'rack', player, rack: r });
  const top = (player: number, r = 0): Place => ({ area: 'top', player, rack: r });
  const FLOOR: Place = { area: 'floor' };
  const reader = () => new MoveReader(SIAMESE_MOVES, { topsOf: (readers) => topsOfReaders(siamese, readers) });
  /** the actions of one move, without time and reference (ref "7" on every one, at 1000 ms) */
  const read = (r: MoveReader, tile: TileId, from: Place | null, to: Place, turn: number | null = 0, seen?: MoveSeen) =>
    r.push({ tile, from, to, at: 1000, ref: '7', ...(seen ? { seen } : {}) }, turnView('play', turn)).map(({ at: _a, ref, ...rest }) => ({ ref, ...rest }));

  it('a tile into a wall is a build; wall → rack a pick; rack → floor a discard; floor → top a call', () => {
    const r = reader();
    expect(read(r, '5B#1', null, wall(2))).toEqual([{ ref: '7', type: 'build', wall: 2, tile: '5B#1', from: null }]);
    expect(read(r, '5B#1', wall(2), rack(1, 1))).toEqual([{ ref: '7', type: 'pick', player: 1, wall: 2, tile: '5B#1', to: rack(1, 1) }]);
    expect(read(r, '5B#1', rack(1, 1), FLOOR)).toEqual([{ ref: '7', type: 'discard', player: 1, tile: '5B#1', from: rack(1, 1) }]);
    expect(read(r, '5B#1', FLOOR, top(0, 1))).toEqual([{ ref: '7', type: 'call', player: 0, tile: '5B#1', to: top(0, 1) }]);
  });

  it("a tile from Amy's rack 2 onto her rack 1's top is an expose of that one tile on rack 1 (index 0); top → rack an arrange, but a joker off a top a stray", () => {
    const r = reader();
    expect(read(r, 'J#3', rack(0, 1), top(0, 0))).toEqual([{ ref: '7', type: 'expose', player: 0, rack: 0, tiles: ['J#3'] }]);
    expect(read(r, '3B#1', rack(0, 1), top(0, 0))).toEqual([{ ref: '7', type: 'expose', player: 0, rack: 0, tiles: ['3B#1'] }]);
    expect(read(r, '3B#1', top(0, 0), rack(0, 0))).toEqual([{ ref: '7', type: 'arrange', player: 0, tile: '3B#1', from: top(0, 0), to: rack(0, 0) }]);
    // no tile was given for it just before: a joker taken off a top, judged as such (003 rules 9, 10C, 15)
    expect(read(r, 'J#3', top(0, 0), rack(0, 0))).toEqual([{ ref: '7', type: 'stray', tile: 'J#3', from: top(0, 0), to: rack(0, 0) }]);
  });

  it("the move that leaves a top with 14 tiles is followed by that rack's mah-jongg, same ref (003 rules 10, 11); 13, or the 15th, declares nothing", () => {
    const r = reader();
    const tiles = fullTileSet().slice(0, 15);
    // 13 tiles laid from Bea's rack 2 onto her rack 2's top (player 1, rack 1): 13 exposes, no declaration
    for (const t of tiles.slice(0, 13)) expect(read(r, t, rack(1, 1), top(1, 1)).map((a) => a.type)).toEqual(['expose']);
    // the 14th, called from the floor: the call, then the declaration
    expect(read(r, tiles[13]!, FLOOR, top(1, 1))).toEqual([
      { ref: '7', type: 'call', player: 1, tile: tiles[13], to: top(1, 1) },
      { ref: '7', type: 'mah-jongg', player: 1, rack: 1 },
    ]);
    expect(read(r, tiles[14]!, rack(1, 1), top(1, 1)).map((a) => a.type)).toEqual(['expose']);
  });

  it("a joker exchange: a natural from Amy's rack onto Bea's rack 2 top, then that top's joker into Amy's rack, is the joker's move as an exchange; the other way round, two strays", () => {
    const r = reader();
    expect(read(r, '6D#1', rack(0, 1), top(1, 1))).toEqual([{ ref: '7', type: 'stray', tile: '6D#1', from: rack(0, 1), to: top(1, 1) }]);
    expect(read(r, 'J#2', top(1, 1), rack(0, 0))).toEqual([{ ref: '7', type: 'exchange', player: 0, owner: 1, rack: 1, joker: 'J#2', given: '6D#1', to: rack(0, 0) }]);
    // the joker first: taken with no tile given (a stray from the top, judged); the natural after it has no meaning by itself
    expect(read(r, 'J#4', top(1, 1), rack(0, 0))).toEqual([{ ref: '7', type: 'stray', tile: 'J#4', from: top(1, 1), to: rack(0, 0) }]);
    expect(read(r, '6D#2', rack(0, 0), top(1, 1))).toEqual([{ ref: '7', type: 'stray', tile: '6D#2', from: rack(0, 0), to: top(1, 1) }]);
  });

  it('wall → floor with Bea (1) on turn: her pick to her rack 1 and her discard, both ref 7 (the flag ids rest on the move); with nobody on turn a stray', () => {
    const r = reader();
    expect(read(r, '3D#2', wall(0), FLOOR, 1)).toEqual([
      { ref: '7', type: 'pick', player: 1, wall: 0, tile: '3D#2', to: rack(1) },
      { ref: '7', type: 'discard', player: 1, tile: '3D#2', from: rack(1) },
    ]);
    expect(read(r, '3D#2', wall(0), FLOOR, null)).toEqual([{ ref: '7', type: 'stray', tile: '3D#2', from: wall(0), to: FLOOR }]);
    // a tile from Amy's rack onto Bea's top: no game meaning by itself
    expect(read(r, '3D#2', rack(0), top(1))).toEqual([{ ref: '7', type: 'stray', tile: '3D#2', from: rack(0), to: top(1) }]);
  });

  it("judge-now: a pick while Bea's rack 1 reader (RK-W1) is not heard is marked unheard with its left window; the next discard lists her rack 1 top (not seen whole) until readers-heard", () => {
    const r = reader();
    const left = { from: 900, to: 950 };
    expect(read(r, '2C#1', wall(1), rack(0), 0, { unseen: ['RK-W1'], left })).toEqual([
      { ref: '7', type: 'pick', player: 0, wall: 1, tile: '2C#1', to: rack(0), hearing: { players: [], racks: [], zones: 'unheard', left } },
    ]);
    // every zone heard at the discard, but RK-W1 was not since the last readers-heard: Bea's rack 1 top (player 1, rack 0),
    // and the move is `reconciling` (what RK-W1's first snapshot reveals may still be settling: a pick's wall waits)
    expect(read(r, '2C#1', rack(0), FLOOR)).toEqual([
      { ref: '7', type: 'discard', player: 0, tile: '2C#1', from: rack(0), hearing: { players: [], racks: [{ player: 1, rack: 0 }], zones: 'reconciling' } },
    ]);
    r.heard();
    expect(read(r, '2C#1', FLOOR, top(1))).toEqual([{ ref: '7', type: 'call', player: 1, tile: '2C#1', to: top(1) }]);
    // an unconfirmed top (RK-E2: Amy's rack 2) at a discard
    expect(read(r, '4C#1', rack(1), FLOOR, 1, { unconfirmed: ['RK-E2'] })[0]!.hearing).toEqual({ players: [], racks: [{ player: 0, rack: 1 }] });
  });

  it('the record keeps one Siamese action per move: toGameAction gives back the action fromGameAction read (an expose names its rack, a wall → floor move is one other-move)', () => {
    const r = reader();
    const cases: [TileId, Place | null, Place, number | null][] = [
      ['1B#1', null, wall(0)],
      ['1B#1', wall(0), rack(0)],
      ['1B#1', rack(0), top(0, 1)],
      ['1B#1', top(0, 1), rack(0, 1)],
      ['1B#1', rack(0, 1), FLOOR],
      ['1B#1', FLOOR, rack(1)],
      ['2B#1', wall(3), FLOOR],
      ['2B#1', FLOOR, wall(1)],
    ].map(([t, f, to]) => [t as TileId, f as Place | null, to as Place, 1]);
    for (const [tile, from, to, turn] of cases) {
      const actions: Action[] = r.push({ tile, from, to, at: 5, ref: '9', seen: { unseen: ['RK-E1'], left: { from: 1, to: 4 } } }, turnView('play', turn));
      const v1 = toGameAction(actions, from);
      expect(fromGameAction(v1, turn).map((a) => ({ ...a, ref: '9' }))).toEqual(actions);
    }
    // a wall → floor move: one other-move line, marked unheard, with the racks not seen whole
    expect(toGameAction(r.push({ tile: '3B#1', from: wall(0), to: FLOOR, at: 5, ref: '10' }, turnView('play', 0)), wall(0))).toEqual({
      type: 'other-move',
      from: wall(0),
      to: FLOOR,
      tile: '3B#1',
      at: 5,
      ref: '10',
      unseen: [{ player: 0, rack: 0 }],
    });
  });
});

// ---------------------------------------------------------------- 4-player table (000 on NMJL)

/** The full set in a fixed order; the walls hold it 38 a wall, wall 0 first. */
const SET = fullTileSet();

/**
 * What the engine says of a 4-player game before a move, as the move layer reads it (`MoveView`),
 * written by a case: each seat's exposures as lists. {@link NOTHING_YET}: before the deal.
 */
type ViewOf = Omit<MoveView, 'exposures'> & { exposures: TileId[][][] };
const NOTHING_YET: ViewOf = { phase: 'waiting', turn: null, stage: 0, wallLeft: 0, turnHas: 'nothing', exposures: [[], [], [], []] };
/** The view of the engine's state `g` (../standard/move-view.ts `standardMoveView`), as a case writes it. */
const viewOf = (g: GameState): ViewOf => {
  const v = standardMoveView(g);
  return { ...v, exposures: [0, 1, 2, 3].map((p) => v.exposures(p).map((e) => [...e])) };
};

/** The 4-player reading of one move: the engine's actions (rules/game/actions.ts). */
const readStandard = (r: MoveReader, m: PlacedMove, v: ViewOf): Action[] => r.push(m, { ...v, exposures: (p) => v.exposures[p] ?? [] });

const wall = (w: number): Place => ({ area: 'wall', wall: w });
const rack = (p: number): Place => ({ area: 'rack', player: p, rack: 0 });
const top = (p: number): Place => ({ area: 'top', player: p, rack: 0 });
const FLOOR: Place = { area: 'floor' };

class Table {
  agg = new MoveReader(STANDARD_MOVES);
  state: ViewOf = NOTHING_YET;
  n = 0;
  /** every action out, written short (../standard/actions.test-helpers.ts `short`), tiles as kinds */
  out: unknown[] = [];
  /** the actions of the last move as they came out (the engine's, tile ids) */
  last: Action[] = [];
  move(tile: TileId, from: Place | null, to: Place): unknown[] {
    this.last = readStandard(this.agg, { tile, from, to, at: this.n, ref: String(this.n++) }, this.state);
    const got = this.last.map((a) => inKinds(short(a)));
    this.out.push(...got);
    return got;
  }
  build(): void {
    SET.forEach((t, i) => this.move(t, null, wall(Math.floor(i / 38))));
  }
  /** Deals East 14, the others 13 from the front of wall 0, 4 at a time then 2/1/1/1; returns each hand (tile ids). */
  deal(extraForSouth = false): TileId[][] {
    let next = 0;
    const hands: TileId[][] = [[], [], [], []];
    for (let round = 0; round < 4; round++) {
      for (let p = 0; p < 4; p++) {
        let k = round < 3 ? 4 : p === 0 ? 2 : 1;
        if (round === 3 && p === 1 && extraForSouth) k = 2;
        for (let i = 0; i < k; i++) {
          const t = SET[next++]!;
          hands[p]!.push(t);
          this.move(t, wall(Math.floor((next - 1) / 38)), rack(p));
        }
      }
    }
    return hands;
  }
}

describe('4-player table: the deal', () => {
  it('is one deal action when East holds 14 and the others 13 after the walls were full', () => {
    const t = new Table();
    t.build();
    expect(t.out).toEqual([]);
    expect(t.agg.mode).toBe('deal');
    t.deal();
    // the first 53 tiles of the set in the deal order: East 1B#1-4, 2B#1-4 (…); tiles sorted by kind per hand
    expect(t.out).toHaveLength(1);
    const deal = t.out[0] as { type: string; hands: string[][]; wallSize: number };
    expect(deal.type).toBe('deal');
    expect(deal.hands.map((h) => h.length)).toEqual([14, 13, 13, 13]);
    expect(deal.wallSize).toBe(99);
    // fullTileSet: four of each kind in order 1B…9B, 1C…; East took tiles 0-3 (1B), 16-19 (5B), 32-35 (9B), 48-49 (4C)
    expect(deal.hands[0]).toEqual(['1B', '1B', '1B', '1B', '4C', '4C', '5B', '5B', '5B', '5B', '9B', '9B', '9B', '9B']);
  });

  it('a misdeal (South takes 2 in the last round) is dealt at the first Charleston move, with South at 14', () => {
    const t = new Table();
    t.build();
    const hands = t.deal(true);
    expect(t.out).toEqual([]);
    t.state = { ...NOTHING_YET, phase: 'charleston', stage: 0 };
    t.move(hands[0]![0]!, rack(0), rack(1));
    const deal = t.out[0] as { type: string; hands: string[][]; wallSize: number };
    expect(deal.hands.map((h) => h.length)).toEqual([14, 14, 13, 13]);
    expect(deal.wallSize).toBe(98);
  });
});

describe('4-player table: the Charleston', () => {
  function dealt(): { t: Table; hands: TileId[][] } {
    const t = new Table();
    t.build();
    const hands = t.deal();
    t.out = [];
    t.state = { ...NOTHING_YET, phase: 'charleston', stage: 0 };
    return { t, hands };
  }

  it('12 tiles moving rack to rack, 3 from each player, are one pass (tiles by giver)', () => {
    const { t, hands } = dealt();
    for (let p = 0; p < 4; p++) for (let i = 0; i < 3; i++) t.move(hands[p]![i]!, rack(p), rack((p + 1) % 4));
    expect(t.out).toEqual([
      {
        type: 'pass',
        tiles: [
          ['1B', '1B', '1B'],
          ['2B', '2B', '2B'],
          ['3B', '3B', '3B'],
          ['4B', '4B', '4B'],
        ],
      },
    ]);
  });

  it('a passed joker is in the pass (the referee flags it); its way back to the passer makes no action', () => {
    const { t, hands } = dealt();
    const joker = SET.find((x) => x.startsWith('J#'))!;
    // East passes a joker (put in her rack by hand for the test) and 2 tiles
    t.move(joker, wall(3), rack(0));
    t.out = [];
    t.move(joker, rack(0), rack(1));
    t.move(hands[0]![0]!, rack(0), rack(1));
    t.move(hands[0]![1]!, rack(0), rack(1));
    for (let p = 1; p < 4; p++) for (let i = 0; i < 3; i++) t.move(hands[p]![i]!, rack(p), rack((p + 1) % 4));
    expect(t.out).toEqual([
      {
        type: 'pass',
        tiles: [
          ['J', '1B', '1B'],
          ['2B', '2B', '2B'],
          ['3B', '3B', '3B'],
          ['4B', '4B', '4B'],
        ],
      },
    ]);
    expect(t.move(joker, rack(1), rack(0))).toEqual([]);
  });

  it("after the first left: a pass to the left is the second Charleston; across is the courtesy pass, ended by East's discard", () => {
    const a = dealt();
    a.t.state = { ...a.t.state, stage: 3 };
    expect(a.t.move(a.hands[0]![0]!, rack(0), rack(3))).toEqual([{ type: 'second-charleston', wants: [true, true, true, true] }]);

    const b = dealt();
    b.t.state = { ...b.t.state, stage: 3 };
    expect(b.t.move(b.hands[0]![0]!, rack(0), rack(2))).toEqual([{ type: 'second-charleston', wants: [false, false, false, false] }]);
    b.t.move(b.hands[2]![0]!, rack(2), rack(0));
    b.t.move(b.hands[1]![0]!, rack(1), rack(3));
    b.t.move(b.hands[1]![1]!, rack(1), rack(3));
    b.t.move(b.hands[3]![0]!, rack(3), rack(1));
    b.t.move(b.hands[3]![1]!, rack(3), rack(1));
    expect(b.t.move(b.hands[0]![5]!, rack(0), FLOOR)).toEqual([
      { type: 'courtesy', wishes: [1, 2, 1, 2], tiles: [['1B'], ['2B', '2B'], ['3B'], ['4B', '4B']] },
      { type: 'discard', player: 0, tile: '5B' },
    ]);
    expect(b.t.agg.mode).toBe('play');
  });
});

describe('4-player table: blind passes (NMJL: first left and last right)', () => {
  /**
   * Dealt as in `the deal` (East 1B…, Bea 2B…, Cat 3B 3B 3B 3B 7B…, Dot 4B…), the referee and the
   * aggregator both at the first left (stage 2): each player passes to her left (seat + 3).
   */
  function atFirstLeft(): { t: Table; hands: TileId[][]; engine: ReturnType<typeof standardEngine>; s: GameState } {
    const t = new Table();
    t.build();
    const hands = t.deal();
    const deal = t.last[0]!; // the deal, closed when East held 14 and the others 13
    const engine = standardEngine({ names: ['Ann', 'Bea', 'Cat', 'Dot'], cards: [] });
    let s = engine.apply(initialGameState(STANDARD_SHAPE), deal).state;
    s = { ...s, stage: 2 };
    t.out = [];
    t.state = viewOf(s);
    return { t, hands, engine, s };
  }
  const left = (p: number) => (p + 3) % 4;
  /** Each player's concealed tiles as kinds, sorted, space-separated. */
  const racksOf = (g: GameState) => [0, 1, 2, 3].map((p) => concealedOf(g, p).map(kindOf).sort().join(' '));
  /** The engine's racks after the pass the last move closed. */
  const racksAfter = (x: ReturnType<typeof atFirstLeft>) => racksOf(x.engine.apply(x.s, x.t.last[0]!).state);

  it("(a) Cat's 7B goes from her rack straight to Ann's, two seats on: Bea passed 1 blind and 2 of her own", () => {
    const x = atFirstLeft();
    const { t, hands } = x;
    for (const p of [0, 3]) for (let i = 0; i < 3; i++) t.move(hands[p]![i]!, rack(p), rack(left(p)));
    t.move(hands[1]![0]!, rack(1), rack(0));
    t.move(hands[1]![1]!, rack(1), rack(0));
    t.move(hands[2]![0]!, rack(2), rack(1));
    t.move(hands[2]![1]!, rack(2), rack(1));
    expect(t.out).toEqual([]);
    expect(t.move(hands[2]![4]!, rack(2), rack(0))).toEqual([
      {
        type: 'pass',
        tiles: [
          ['1B', '1B', '1B'],
          ['2B', '2B'],
          ['7B', '3B', '3B'],
          ['4B', '4B', '4B'],
        ],
        blind: [0, 1, 0, 0],
      },
    ]);
    // the referee's racks: Ann got Bea's 2B 2B and Cat's 7B; Bea kept Cat's 3B 3B
    const r = racksAfter(x);
    expect(r[0]).toBe('1B 2B 2B 4C 4C 5B 5B 5B 5B 7B 9B 9B 9B 9B');
    expect(r[1]).toBe('2B 2B 3B 3B 4C 6B 6B 6B 6B 1C 1C 1C 1C'.split(' ').sort().join(' '));
    expect(t.agg.counts().inside).toEqual([14, 13, 13, 13]);
  });

  it("(b) the same 7B read in Bea's rack, then on to Ann's in the same pass: the same action", () => {
    const x = atFirstLeft();
    const { t, hands } = x;
    for (const p of [0, 3]) for (let i = 0; i < 3; i++) t.move(hands[p]![i]!, rack(p), rack(left(p)));
    t.move(hands[2]![4]!, rack(2), rack(1));
    t.move(hands[2]![0]!, rack(2), rack(1));
    t.move(hands[2]![1]!, rack(2), rack(1));
    t.move(hands[1]![0]!, rack(1), rack(0));
    t.move(hands[1]![1]!, rack(1), rack(0));
    expect(t.out).toEqual([]); // Bea has given 2: the pass is still open
    expect(t.move(hands[2]![4]!, rack(1), rack(0))).toEqual([
      {
        type: 'pass',
        tiles: [
          ['1B', '1B', '1B'],
          ['2B', '2B'],
          ['7B', '3B', '3B'],
          ['4B', '4B', '4B'],
        ],
        blind: [0, 1, 0, 0],
      },
    ]);
    expect(racksAfter(x)[0]).toBe('1B 2B 2B 4C 4C 5B 5B 5B 5B 7B 9B 9B 9B 9B');
  });

  it("(c) a chained blind: Bea passes on all 3 of Cat's tiles (7B straight to Ann, 3B 3B via her rack), Ann passes the 7B on to Dot", () => {
    const x = atFirstLeft();
    const { t, hands } = x;
    t.move(hands[0]![0]!, rack(0), rack(3));
    t.move(hands[0]![1]!, rack(0), rack(3));
    for (let i = 0; i < 3; i++) t.move(hands[3]![i]!, rack(3), rack(2));
    t.move(hands[2]![4]!, rack(2), rack(0)); // 7B: 2 hops, Bea blind
    t.move(hands[2]![0]!, rack(2), rack(1));
    t.move(hands[2]![1]!, rack(2), rack(1));
    t.move(hands[2]![0]!, rack(1), rack(0)); // Bea passes the 3Bs on
    t.move(hands[2]![1]!, rack(1), rack(0));
    expect(t.out).toEqual([]); // Ann has given 2
    expect(t.move(hands[2]![4]!, rack(0), rack(3))).toEqual([{ type: 'pass', tiles: [['1B', '1B'], [], ['7B', '3B', '3B'], ['4B', '4B', '4B']], blind: [1, 3, 0, 0] }]);
    const r = racksAfter(x);
    // Ann: 11 of hers + the 3B 3B; Dot: 10 of hers + Ann's 1B 1B + the 7B; Bea: 13 of hers, untouched
    expect(r[0]).toBe('1B 1B 3B 3B 4C 4C 5B 5B 5B 5B 9B 9B 9B 9B');
    expect(r[3]).toBe('1B 1B 3C 3C 3C 3C 4B 5C 7B 8B 8B 8B 8B');
    expect(r[1]).toBe(racksOf(x.s)[1]);
  });

  it('(d) no blind tile on the first left: the action has no `blind`, tiles in the order passed', () => {
    const { t, hands } = atFirstLeft();
    for (let p = 0; p < 4; p++) for (let i = 0; i < 3; i++) t.move(hands[p]![i]!, rack(p), rack(left(p)));
    expect(t.out).toEqual([
      {
        type: 'pass',
        tiles: [
          ['1B', '1B', '1B'],
          ['2B', '2B', '2B'],
          ['3B', '3B', '3B'],
          ['4B', '4B', '4B'],
        ],
      },
    ]);
    expect(t.out[0]).not.toHaveProperty('blind');
  });

  it('a blind tile on the first right (none allowed) is handed to the referee as it is: it refuses the pass (a blind-pass flag, no tile moved)', () => {
    const x = atFirstLeft();
    const { t, hands } = x;
    x.s = { ...x.s, stage: 0 };
    t.state = viewOf(x.s);
    for (const p of [0, 2, 3]) for (let i = 0; i < 3; i++) t.move(hands[p]![i]!, rack(p), rack((p + 1) % 4));
    // Ann's 1B goes on from Bea's rack to Cat's: Bea passed it blind
    t.move(hands[1]![0]!, rack(1), rack(2));
    t.move(hands[1]![1]!, rack(1), rack(2));
    expect(t.move(hands[0]![0]!, rack(1), rack(2))).toEqual([
      {
        type: 'pass',
        tiles: [
          ['1B', '1B', '1B'],
          ['2B', '2B'],
          ['3B', '3B', '3B'],
          ['4B', '4B', '4B'],
        ],
        blind: [0, 1, 0, 0],
      },
    ]);
    const refused = x.engine.apply(x.s, t.last[0]!);
    expect(refused.flags.map((f) => [f.code, f.player, f.title])).toEqual([
      ['blind-pass', 1, 'Bea passed 1 blind in the first right; blind passes only on the first left and the last right (NMJL)'],
    ]);
    expect([0, 1, 2, 3].map((p) => concealedOf(refused.state, p))).toEqual([0, 1, 2, 3].map((p) => concealedOf(x.s, p)));
    expect(hopsFor(2, 3)).toBe(2);
    expect(hopsFor(1, 3)).toBe(3);
    expect(hopsFor(2, 1)).toBe(2);
    expect(hopsFor(1, 2)).toBe(1);
  });
});

describe('4-player table: play', () => {
  /** A table in play: dealt, no Charleston beyond the vote, East has discarded her 14th tile. */
  function playing(): { t: Table; hands: TileId[][] } {
    const t = new Table();
    t.build();
    const hands = t.deal();
    t.state = { ...NOTHING_YET, phase: 'charleston', stage: 3 };
    t.move(hands[0]![13]!, rack(0), FLOOR);
    t.out = [];
    t.state = { ...NOTHING_YET, phase: 'play', turn: 1, wallLeft: 99 };
    return { t, hands };
  }

  it('a pick, a discard', () => {
    const { t, hands } = playing();
    expect(t.move(SET[53]!, wall(1), rack(1))).toEqual([{ type: 'pick', player: 1, tile: '5C' }]);
    expect(t.move(hands[1]![0]!, rack(1), FLOOR)).toEqual([{ type: 'discard', player: 1, tile: '2B' }]);
  });

  it("a call: the discard on top, two tiles from the rack with it, then the caller's discard → call for a pung, the exposure, the discard", () => {
    const { t, hands } = playing();
    const called = hands[0]![13]!; // East's discard, 4C#2
    expect(t.move(called, FLOOR, top(2))).toEqual([]);
    expect(t.move(hands[2]![0]!, rack(2), top(2))).toEqual([]);
    expect(t.move(hands[2]![1]!, rack(2), top(2))).toEqual([]);
    // whatever happens next at the table ends the call: here the next player's pick
    expect(t.move(SET[54]!, wall(1), rack(3))).toEqual([
      { type: 'call', calls: [{ player: 2, for: 'pung' }] },
      { type: 'expose', player: 2, tiles: ['3B', '3B'] },
      { type: 'pick', player: 3, tile: '5C' },
    ]);
    const u = playing();
    u.t.move(called, FLOOR, top(2));
    for (let i = 0; i < 3; i++) u.t.move(u.hands[2]![i]!, rack(2), top(2));
    expect(u.t.move(u.hands[2]![5]!, rack(2), FLOOR)).toEqual([
      { type: 'call', calls: [{ player: 2, for: 'kong' }] },
      { type: 'expose', player: 2, tiles: ['3B', '3B', '3B'] },
      { type: 'discard', player: 2, tile: '7B' },
    ]);
    expect([1, 2, 3, 4, 5, 6, 7].map(callForSize)).toEqual(['pung', 'pair', 'pung', 'kong', 'quint', 'sextet', 'sextet']);
  });

  it('a called tile put inside the rack is a call into the rack (000: dead)', () => {
    const { t, hands } = playing();
    expect(t.move(hands[0]![13]!, FLOOR, rack(3))).toEqual([{ type: 'call', calls: [{ player: 3, for: 'pung', intoRack: true }] }]);
  });

  it('a discard taken onto a top after the next pick, then put back on the floor: one call, and nothing for the return', () => {
    const { t, hands } = playing();
    expect(t.move(SET[53]!, wall(1), rack(1))).toEqual([{ type: 'pick', player: 1, tile: '5C' }]);
    expect(t.move(hands[0]![13]!, FLOOR, top(3))).toEqual([]);
    expect(t.move(hands[0]![13]!, top(3), FLOOR)).toEqual([{ type: 'call', calls: [{ player: 3, for: 'pung' }] }]);
    expect(t.move(hands[1]![0]!, rack(1), FLOOR)).toEqual([{ type: 'discard', player: 1, tile: '2B' }]);
  });

  it("Mah Jongg: when a rack's top reaches 14 tiles (with a called tile: a call for Mah Jongg first)", () => {
    const { t, hands } = playing();
    expect(t.move(hands[0]![13]!, FLOOR, top(1))).toEqual([]);
    const out = hands[1]!.map((x) => t.move(x, rack(1), top(1)));
    expect(out.slice(0, 12).flat()).toEqual([]);
    expect(out[12]).toEqual([
      { type: 'call', calls: [{ player: 1, for: 'mah-jongg' }] },
      { type: 'mah-jongg', player: 1 },
    ]);
    // the engine verifies it: the reader's game ends when the engine's does (a Mah Jongg in error
    // with two hands intact plays on, 000), seen at the next move
    expect(t.agg.mode).toBe('play');
    t.state = { ...t.state, phase: 'ended', turn: null };
    expect(t.move(hands[2]![0]!, rack(2), FLOOR)).toEqual([]);
    expect(t.agg.mode).toBe('ended');
    // self-picked: 13 + the pick, all laid on the top
    const s = playing();
    s.t.move(SET[53]!, wall(1), rack(1));
    const last = [...s.hands[1]!, SET[53]!].map((x) => s.t.move(x, rack(1), top(1)));
    expect(last[13]).toEqual([{ type: 'mah-jongg', player: 1 }]);
  });

  it("a joker exchange: a natural from the rack onto another player's top, that top's joker into the rack", () => {
    const { t, hands } = playing();
    const joker = SET.find((x) => x.startsWith('J#'))!;
    const bea = [
      ['WD#1', 'WD#2', 'WD#3'],
      ['3B#3', joker, '3B#4'],
    ] as TileId[][];
    t.state = { ...t.state, turn: 2, turnHas: 'picked', exposures: [[], bea, [], []] };
    expect(t.move(hands[2]![0]!, rack(2), top(1))).toEqual([]);
    expect(t.move(joker, top(1), rack(2))).toEqual([{ type: 'joker-exchange', player: 2, owner: 1, exposure: 1, joker: 'J', tile: '3B' }]);
    // by id: the joker that left Bea's top and the natural Cy laid there (her first tile, 3B#1)
    expect(t.last.map(short)).toMatchObject([{ joker, tile: hands[2]![0]! }]);
    expect(hands[2]![0]).toBe('3B#1');
  });

  it('a wall game: once the walls are empty, the first tile going back to a wall', () => {
    const { t } = playing();
    for (let i = 53; i < 152; i++) t.agg.where.set(SET[i]!, rack(i % 4)); // the walls are used up (bookkeeping only)
    t.state = { ...t.state, wallLeft: 0, turnHas: 'nothing' };
    expect(t.move(SET[0]!, rack(0), wall(0))).toEqual([{ type: 'wall-game' }]);
  });
});

describe("4-player table: whole simulated games: the inferred actions are the bots' own", () => {
  const [{ table, cards }] = loadHubConfig(new URL('../../config/tables/standard-demo.json', import.meta.url).pathname) as [ReturnType<typeof loadHubConfig>[0]];
  const run = (seed: number, inject?: Parameters<typeof playStandardGame>[0]['inject'], blindChance?: number) => {
    const g = playStandardGame({ seed, cards, table, ...(inject ? { inject, injectAt: 2 } : {}), ...(blindChance ? { blindChance } : {}) });
    const agg = new MoveReader(STANDARD_MOVES);
    const engine = standardEngine({ names: table.players.map((p) => p.name), cards });
    let s = initialGameState(STANDARD_SHAPE);
    /** the actions read, without time and reference: what the simulator records (`ExpectedAction`) */
    const got: ExpectedAction[] = [];
    /** at East's first discard: the referee's racks and the readers' racks (kinds, sorted, space-separated; `ids`: the same by id) */
    let afterCharleston: { referee: string[]; readers: string[]; ids: { referee: string[]; readers: string[] } } | null = null;
    const kindsOf = (ts: readonly string[]) => [...ts].sort().join(' ');
    idealMoves(table, g.walls, g.steps).forEach((m, i) => {
      for (const a of readStandard(agg, { tile: m.tile, from: m.from, to: m.to, at: i, ref: String(i) }, viewOf(s))) {
        if (a.type === 'discard' && !afterCharleston) {
          // the readers' racks just before the discard (its tile is on the floor already)
          const racks = [0, 1, 2, 3].map((p) => [...agg.tilesAt('rack', p), ...(p === a.player ? [m.tile] : [])]);
          afterCharleston = {
            referee: racks.map((_, p) => kindsOf(concealedOf(s, p).map(kindOf))),
            readers: racks.map((r) => kindsOf(r.map((t) => t.split('#')[0]!))),
            ids: { referee: racks.map((_, p) => kindsOf(concealedOf(s, p))), readers: racks.map(kindsOf) },
          };
        }
        const { at: _at, ref: _ref, ...bare } = a;
        got.push(bare as ExpectedAction);
        s = engine.apply(s, a).state;
      }
    });
    return { g, got, s, afterCharleston: afterCharleston as { referee: string[]; readers: string[]; ids: { referee: string[]; readers: string[] } } | null };
  };

  it("seed 1 with blind passes (blindChance 0.3): the hub's passes carry the same `blind` as the bots'; after the Charleston the referee's racks are the readers'", () => {
    const { g, got, s, afterCharleston } = run(1, undefined, 0.3);
    expect(got).toEqual(g.record.actions);
    const blind = got.flatMap((a) => (a.type === 'pass' && a.blind ? [a.blind] : []));
    expect(blind).toEqual([
      [3, 0, 3, 0],
      [0, 1, 0, 0],
    ]); // first left: Ann and Cat pass on all 3; last right: Bea 1
    expect(afterCharleston!.referee).toEqual(afterCharleston!.readers);
    expect(afterCharleston!.ids.referee).toEqual(afterCharleston!.ids.readers); // the very tiles, not only their kinds
    expect(afterCharleston!.readers.map((r) => r.split(' ').length)).toEqual([14, 13, 13, 13]);
    expect(s.result?.score.points).toEqual([-20, 0, 0, 30]);
  });

  it("seed 2 with blind passes: a chained blind on the last right (Cat's 2D goes on through Dot and Ann to Bea), the same actions, the same racks", () => {
    const { g, got, afterCharleston } = run(2, undefined, 0.3);
    expect(got).toEqual(g.record.actions);
    expect(inKinds(got.find((a) => a.type === 'pass' && a.blind))).toEqual({ type: 'pass', tiles: [[], ['3C', '5D', '8D'], ['2D'], ['1D', '7D']], blind: [3, 0, 2, 1] });
    expect(afterCharleston!.referee).toEqual(afterCharleston!.readers);
  });

  it("seed 3: 132 actions; Bea calls Dot's discard for NEWS 2026a 2026b FF (C 50, jokerless): 0, 70, 0, −10", () => {
    const { g, got, s } = run(3);
    expect(got).toEqual(g.record.actions);
    expect(got).toHaveLength(132);
    expect(winnerOf(s)).toMatchObject({ player: 1, mahJongg: { lineId: 'sample-standard:10', value: 50, jokerless: true, selfPicked: false, claimedFrom: 3 } });
    expect(s.result?.score.points).toEqual([0, 70, 0, -10]);
  });

  it.each(['joker', 'ahead', 'into-rack', 'late-call', 'count'] as const)('seed 2 with %s injected: same actions, same flags', (inject) => {
    const { g, got, s } = run(2, inject);
    expect(got).toEqual(g.record.actions);
    expect(s.flags.map((f) => [f.code, f.player, f.title])).toEqual(g.record.flags.map((f) => [f.kind, f.player, f.title]));
    expect(s.result?.score.points).toEqual(g.record.points);
  });
});

describe('4-player table: hold-and-reorder marks the players not heard', () => {
  // RK-S (South's rack, player 1) not heard: each action a held move makes names her in
  // `hearing.players`, which the referee's old form carries as `unheard` (000: her turn order is not judged from it)
  const playersOf = (readers: readonly string[]) => (readers.includes('RK-S') ? [1] : []);

  it("South's pick and discard handed back after readers-heard: both with hearing.players [1]; a move with every reader heard has none", () => {
    const r = new MoveReader(STANDARD_MOVES, { playersOf });
    expect(r.unheardPolicy).toBe('hold-and-reorder');
    SET.forEach((t, i) => r.push({ tile: t, from: null, to: wall(Math.floor(i / 38)), at: i, ref: String(i) }, { ...turnView('waiting', null) }));
    expect(r.mode).toBe('deal');
    r.mode = 'play'; // the deal and the Charleston are not this case's
    const s: ViewOf = { ...NOTHING_YET, phase: 'play', turn: 1, wallLeft: 99 };
    const seen: MoveSeen = { unseen: ['RK-S'] };
    const pick = readStandard(r, { tile: SET[151]!, from: wall(3), to: rack(1), at: 1000, ref: '200', seen }, s);
    const discard = readStandard(r, { tile: SET[151]!, from: rack(1), to: FLOOR, at: 2000, ref: '201', seen }, { ...s, turnHas: 'picked' });
    expect([...pick, ...discard]).toEqual([
      { type: 'pick', player: 1, wall: 0, tile: SET[151], to: rack(1), at: 1000, ref: '200', hearing: { players: [1], racks: [] } },
      { type: 'discard', player: 1, tile: SET[151], from: rack(1), at: 2000, ref: '201', hearing: { players: [1], racks: [] } },
    ]);
    // West's pick with every reader heard: from the table's wall 3, which the engine counts as its one wall 0 (000 judges no wall order)
    expect(r.push({ tile: SET[150]!, from: wall(3), to: rack(2), at: 3000, ref: '202' }, turnView('play', 2))).toEqual([
      { type: 'pick', player: 2, wall: 0, tile: SET[150], to: rack(2), at: 3000, ref: '202' },
    ]);
  });

  it("the policy is the reader's option, not the grouping's: judge-now on the 4-player table marks the pick `zones: 'unheard'` with its left window, and names no players", () => {
    const r = new MoveReader(STANDARD_MOVES, { unheardPolicy: 'judge-now', playersOf });
    expect(r.unheardPolicy).toBe('judge-now');
    r.mode = 'play';
    const left = { from: 0, to: 1 };
    const [pick] = r.push({ tile: SET[0]!, from: wall(0), to: rack(1), at: 1, ref: '1', seen: { unseen: ['RK-S'], left } }, turnView('play', 1));
    expect(pick!.hearing).toEqual({ players: [], racks: [], zones: 'unheard', left });
  });
});
