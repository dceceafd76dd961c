import { describe, expect, it } from 'vitest';
import { loadCard } from '../card/parse.js';
import { kindOf, parseKinds as k, type TileKind } from '../tiles.js';
import { ActionError } from '../game/apply.js';
import type { GameFlag } from '../game/flags.js';
import { initialGameState, standingRulings, type GameState } from '../game/state.js';
import { byKinds, inKinds, type KindAct } from '../game/test-helpers.js';
import { standardEngine } from './standard.js';
import { concealedOf, RULES, STANDARD_SHAPE, turnHasOf, wallLeftOf } from './standard/play.js';

// An original test card (not the NMJL card): three hands that each need one each of N, E, W; the
// third holds North's pung of 9C (test:6), so that exposure fits a hand.
const card = loadCard(
  `title: Test card\nkind: standard\n[Winds and Numbers]\nNEW 1111a 2222a 333a | any 1 suit | X 25\nNEW 7777a 8888a 999a | any 1 suit | C 40\nNEW 7777a 8888b 999c | any 3 suits | X 30\n`,
  { id: 'test' },
);

const EAST = 0;
const SOUTH = 1; // Bea
const WEST = 2;
const NORTH = 3;

// Every seat holds one N, one E and one W (the 4 copies of each), passed in every Charleston pass.
const HANDS = {
  east: 'N E W 3B 4C 5C 6C 7C 8C 9C 2C 9D 5D 6D', // 14
  bea: 'N E W 1B 1B 1B 1B 2B 2B 2B 2B 3B 3B', // 13, waits on 3B for NEW 1111 2222 333 (25)
  west: 'N E W 7D 7D 7D 7D 8D 8D 8D 8D 9D 9D', // 13, the concealed 40 waiting on 9D
  north: 'N E W 9C J 2D 3D 4D 9B 9B 8B 8B 7B', // 13, can call a pung of 9C with the joker
};

type Act = KindAct;

class Table {
  state: GameState = initialGameState(STANDARD_SHAPE);
  flags: GameFlag[] = [];
  /** the state's tiles as kinds */
  get kinds() {
    return inKinds(this.state);
  }
  private seq = 0;
  private engine;
  constructor(dismissed: string[] = []) {
    this.engine = standardEngine({ names: ['Ann', 'Bea', 'Cy', 'Di'], cards: [card] });
    // the director's dismissals stand from the game's start (the hub folds a ruled game again with them)
    this.state = { ...this.state, rulings: standingRulings(dismissed.map((flagId) => ({ flagId, ruling: 'dismiss' as const }))) };
  }
  act(a: Act): void {
    this.seq++;
    const { state, action } = byKinds(this.state, { ...a, at: 1000 + this.seq, ref: String(this.seq) });
    const r = this.engine.apply(state, action);
    this.state = r.state;
    this.flags.push(...r.flags);
  }
  deal(over: Partial<typeof HANDS> = {}, wallSize?: number): this {
    const h = { ...HANDS, ...over };
    this.act({ type: 'deal', hands: [k(h.east), k(h.bea), k(h.west), k(h.north)], ...(wallSize !== undefined ? { wallSize } : {}) });
    return this;
  }
  /** The compulsory first Charleston (everyone passes N E W each time), no second, no courtesy. */
  charleston(): this {
    for (let i = 0; i < 3; i++) this.act({ type: 'pass', tiles: [k('N E W'), k('N E W'), k('N E W'), k('N E W')] });
    this.act({ type: 'charleston-vote', wants: [true, false, true, true] });
    this.act({ type: 'courtesy', wishes: [0, 0, 0, 0], tiles: [[], [], [], []] });
    return this;
  }
  pick(player: number, tile: string): this {
    this.act({ type: 'pick', player, tile: tile as TileKind });
    return this;
  }
  discard(player: number, tile: string): this {
    this.act({ type: 'discard', player, tile: tile as TileKind });
    return this;
  }
  rack(p: number): string {
    return [...this.kinds.players[p]!.rack].sort().join(' ');
  }
  points(): number[] | undefined {
    return this.state.result?.score.points;
  }
}

const sorted = (s: string) => k(s).sort().join(' ');
const start = (over: Partial<typeof HANDS> = {}, wallSize?: number) => new Table().deal(over, wallSize).charleston();

describe('standard referee: winning and scoring (NMJL + 000 SCORING)', () => {
  it('Bea self-picks a 25 hand jokerless: 25 + 10 + 20 = 55; the others 0', () => {
    const t = start().discard(EAST, '9C').pick(SOUTH, '3B');
    t.act({ type: 'mah-jongg', player: SOUTH });
    expect(t.flags).toEqual([]);
    expect(t.state.phase).toBe('ended');
    expect(t.state.result!.outcome).toMatchObject({ winner: SOUTH, value: 25, selfPicked: true, jokerless: true, discarder: null, winnerExposures: 0, dead: [] });
    expect(t.points()).toEqual([0, 55, 0, 0]);
  });

  it('Bea calls East’s 3B for Mah Jongg: 25 + 20 jokerless = 45; East threw it to a rack with no exposure before the call: −10', () => {
    const t = start().discard(EAST, '3B');
    t.act({ type: 'call', player: SOUTH, for: 'mah-jongg' });
    t.act({ type: 'mah-jongg', player: SOUTH });
    expect(t.state.result!.outcome).toMatchObject({ winner: SOUTH, selfPicked: false, discarder: EAST, winnerExposures: 0 });
    expect(t.points()).toEqual([-10, 45, 0, 0]);
  });

  // Bea exposes a kong of 1B on East's discard, then goes out on Cat's 3B: one exposure on her rack
  // before the Mah Jongg call, whether the 3B is held on top or exposed with 3B 3B first
  for (const how of ['held on top', 'exposed as a pung first'] as const)
    it(`one exposure (1B kong) before calling Cat’s 3B for Mah Jongg (${how}): Bea 25 + 20 = 45, Cat −10 (000: "none or one exposure")`, () => {
      const t = start({ east: 'N E W 1B 4C 5C 6C 7C 8C 9C 2C 9D 5D 6D', bea: 'N E W 1B 1B 1B 2B 2B 2B 2B 3B 3B 9D' }).discard(EAST, '1B');
      t.act({ type: 'call', player: SOUTH, for: 'kong' });
      t.act({ type: 'expose', player: SOUTH, tiles: k('1B 1B 1B') });
      t.discard(SOUTH, '9D').pick(WEST, '3B').discard(WEST, '3B');
      if (how === 'held on top') t.act({ type: 'call', player: SOUTH, for: 'mah-jongg' });
      else {
        t.act({ type: 'call', player: SOUTH, for: 'pung' });
        t.act({ type: 'expose', player: SOUTH, tiles: k('3B 3B') });
      }
      t.act({ type: 'mah-jongg', player: SOUTH });
      expect(t.flags).toEqual([]);
      expect(t.state.result!.outcome).toMatchObject({ winner: SOUTH, discarder: WEST, winnerExposures: 1 });
      expect(t.points()).toEqual([0, 45, -10, 0]);
    });

  it('wall game: every live hand +10 (000)', () => {
    // a wall of 1 tile: East discards, Bea picks the last tile and discards it, no call
    const t = start({}, 1).discard(EAST, '9C').pick(SOUTH, '5B').discard(SOUTH, '5B');
    t.act({ type: 'wall-game' });
    expect(t.state.result!.outcome).toMatchObject({ winner: null, wallGame: true, dead: [] });
    expect(t.points()).toEqual([10, 10, 10, 10]);
  });
});

describe('standard referee: calls (NMJL)', () => {
  const cases: { name: string; calls: { player: number; for: 'pung' | 'mah-jongg' }[]; winner: number }[] = [
    {
      name: 'a Mah Jongg call beats an exposure call nearer in turn',
      calls: [
        { player: WEST, for: 'pung' },
        { player: NORTH, for: 'mah-jongg' },
      ],
      winner: NORTH,
    },
    {
      name: 'between two pung calls the next in turn from the discarder wins (West before North)',
      calls: [
        { player: NORTH, for: 'pung' },
        { player: WEST, for: 'pung' },
      ],
      winner: WEST,
    },
    {
      name: 'South is next in turn after East',
      calls: [
        { player: NORTH, for: 'pung' },
        { player: SOUTH, for: 'pung' },
      ],
      winner: SOUTH,
    },
  ];
  for (const c of cases)
    it(c.name, () => {
      const t = start().discard(EAST, '9C');
      // the first claim is the call, the others its rivals on the same discard
      const [first, ...rivals] = c.calls;
      t.act({ type: 'call', ...first!, rivals });
      expect(t.state.turn).toBe(c.winner);
      expect(t.kinds.players[c.winner]!.hold).toEqual({ tile: '9C', for: c.calls.find((x) => x.player === c.winner)!.for, from: EAST });
      expect(t.flags).toEqual([]);
    });

  it('a kong call needs 4 tiles: 9C 9C J (3) for a kong is an illegal exposure (NMJL)', () => {
    const t = start().discard(EAST, '9C');
    t.act({ type: 'call', player: NORTH, for: 'kong' });
    t.act({ type: 'expose', player: NORTH, tiles: k('9C J') });
    expect(t.flags.map((f) => [f.code, f.rule, f.player])).toEqual([['illegal-exposure', RULES.illegalExposure, NORTH]]);
    expect(t.state.turn).toBe(EAST);
  });

  it('North calls a pung of 9C, exposes 9C 9C J and discards: no flag', () => {
    const t = start().discard(EAST, '9C');
    t.act({ type: 'call', player: NORTH, for: 'pung' });
    t.act({ type: 'expose', player: NORTH, tiles: k('9C J') });
    t.discard(NORTH, '7B');
    expect(t.kinds.players[NORTH]!.exposures).toEqual([k('9C 9C J')]);
    expect(t.state.turn).toBe(EAST);
    expect(t.flags).toEqual([]);
  });
});

describe('standard referee: one flag per rule', () => {
  type Case = { name: string; run: (t: Table) => void; kind: GameFlag['code']; rule: string; player: number; dead: boolean };
  const cases: Case[] = [
    {
      name: 'a wrong count after East’s first discard: Bea dealt 14 has 14 off turn (NMJL)',
      run: (t) => {
        t.deal({ bea: HANDS.bea + ' 5B' }).charleston();
        t.discard(EAST, '9C');
      },
      kind: 'tile-count',
      rule: RULES.tileCount,
      player: SOUTH,
      dead: true,
    },
    {
      name: 'picking ahead: Bea picks before East discarded (000)',
      run: (t) => t.deal().charleston().pick(SOUTH, '5B'),
      kind: 'picking-ahead',
      rule: RULES.pickingAhead,
      player: SOUTH,
      dead: true,
    },
    {
      name: 'out of turn: Cy picks on Bea’s turn (000)',
      run: (t) => t.deal().charleston().discard(EAST, '9C').pick(WEST, '5B'),
      kind: 'out-of-turn',
      rule: RULES.outOfTurn,
      player: WEST,
      dead: true,
    },
    {
      name: 'discarding before picking (000)',
      run: (t) => t.deal().charleston().discard(EAST, '9C').discard(SOUTH, 'N'),
      kind: 'discard-before-pick',
      rule: RULES.discardBeforePick,
      player: SOUTH,
      dead: true,
    },
    {
      name: 'a call after the next pick is racked is too late (000)',
      run: (t) => {
        t.deal().charleston().discard(EAST, '9C').pick(SOUTH, '5B');
        t.act({ type: 'call', player: NORTH, for: 'pung' });
      },
      kind: 'call-too-late',
      rule: RULES.callTooLate,
      player: NORTH,
      dead: false,
    },
    {
      name: 'a call for a pair with nothing laid is refused at the next action (NMJL)',
      run: (t) => {
        t.deal().charleston().discard(EAST, '9C');
        t.act({ type: 'call', player: NORTH, for: 'pair' });
        t.pick(SOUTH, '5B'); // the tile went back to the floor: Bea picks in turn
      },
      kind: 'illegal-call',
      rule: RULES.illegalCall,
      player: NORTH,
      dead: false,
    },
    {
      name: 'a called tile put in the rack (000)',
      run: (t) => {
        t.deal().charleston().discard(EAST, '9C');
        t.act({ type: 'call', player: NORTH, for: 'pung', intoRack: true });
      },
      kind: 'called-into-rack',
      rule: RULES.calledIntoRack,
      player: NORTH,
      dead: true,
    },
    {
      name: 'an exposure of the wrong tiles for a pung (NMJL)',
      run: (t) => {
        t.deal().charleston().discard(EAST, '9C');
        t.act({ type: 'call', player: NORTH, for: 'pung' });
        t.act({ type: 'expose', player: NORTH, tiles: k('9B 9B') });
      },
      kind: 'illegal-exposure',
      rule: RULES.illegalExposure,
      player: NORTH,
      dead: true,
    },
    {
      name: 'an exposure without a call (NMJL)',
      run: (t) => {
        t.deal().charleston();
        t.act({ type: 'expose', player: EAST, tiles: k('4C 5C 6C') });
      },
      kind: 'illegal-exposure',
      rule: RULES.illegalExposure,
      player: EAST,
      dead: true,
    },
    {
      name: 'a joker exchange before picking (000)',
      run: (t) => {
        t.deal().charleston().discard(EAST, '9C');
        t.act({ type: 'call', player: NORTH, for: 'pung' });
        t.act({ type: 'expose', player: NORTH, tiles: k('9C J') });
        t.discard(NORTH, '7B');
        t.act({ type: 'exchange', player: EAST, owner: NORTH, exposure: 0, given: '4C' });
      },
      kind: 'joker-exchange-before-pick',
      rule: RULES.jokerExchangeBeforePick,
      player: EAST,
      dead: true,
    },
    {
      name: 'a joker exchanged for a tile it does not stand for (NMJL)',
      run: (t) => {
        t.deal().charleston().discard(EAST, '9C');
        t.act({ type: 'call', player: NORTH, for: 'pung' });
        t.act({ type: 'expose', player: NORTH, tiles: k('9C J') });
        t.discard(NORTH, '7B').pick(EAST, '1D');
        t.act({ type: 'exchange', player: EAST, owner: NORTH, exposure: 0, given: '4C' });
      },
      kind: 'bad-joker-exchange',
      rule: RULES.badJokerExchange,
      player: EAST,
      dead: false,
    },
    {
      name: 'a joker passed in the Charleston (NMJL)',
      run: (t) => {
        t.deal();
        t.act({ type: 'pass', tiles: [k('N E W'), k('N E W'), k('N E W'), k('N E J')] });
      },
      kind: 'joker-passed',
      rule: RULES.jokerPassed,
      player: NORTH,
      dead: false,
    },
    {
      name: 'Mah Jongg in error: a concealed line after an exposure fails (000, NMJL concealed)',
      run: (t) => {
        t.deal().charleston().discard(EAST, '9D');
        t.act({ type: 'call', player: WEST, for: 'pung' });
        t.act({ type: 'expose', player: WEST, tiles: k('9D 9D') });
        t.act({ type: 'mah-jongg', player: WEST });
      },
      kind: 'mah-jongg-in-error',
      rule: RULES.mahJonggInError,
      player: WEST,
      dead: true,
    },
  ];
  for (const c of cases)
    it(c.name, () => {
      const t = new Table();
      c.run(t);
      expect(t.flags).toHaveLength(1);
      const f = t.flags[0]!;
      expect({ kind: f.code, rule: f.rule, player: f.player, status: f.status }).toEqual({ kind: c.kind, rule: c.rule, player: c.player, status: 'awaiting-director' });
      expect(f.id).toBe(`g1-${c.kind}-${f.id.split('-').pop()}`);
      expect(t.kinds.players[c.player]!.dead).toBe(c.dead);
    });

  it('the flag id is deterministic and a dismissed flag has no consequence', () => {
    const t = new Table().deal().charleston().pick(SOUTH, '5B');
    // deal 1, 3 passes 2-4, vote 5, courtesy 6, pick 7
    expect(t.flags[0]!.id).toBe('g1-picking-ahead-7');
    const u = new Table(['g1-picking-ahead-7']).deal().charleston().pick(SOUTH, '5B');
    expect(u.flags[0]!.status).toBe('dismissed');
    expect(u.kinds.players[SOUTH]!.dead).toBe(false);
    expect(wallLeftOf(u.state)).toBe(99);
  });
});

describe('standard referee: dead hands and their consequences', () => {
  it('picking ahead: the tile goes back, Bea is skipped; wall game: Bea 0, the others 10', () => {
    const t = start({}, 1).pick(SOUTH, '5B'); // Bea dead
    expect(wallLeftOf(t.state)).toBe(1);
    t.discard(EAST, '9C');
    expect(t.state.turn).toBe(WEST); // Bea neither picks nor discards
    t.pick(WEST, '1D').discard(WEST, '1D');
    t.act({ type: 'wall-game' });
    // 000: a dead hand gets 0 even in a wall game; the three live hands 10 each
    expect(t.points()).toEqual([10, 0, 10, 10]);
    expect(t.state.result!.score.marks).toEqual(['10', 'X', '10', '10']);
  });

  it('Cy picks out of turn after Di’s pung and discard (dead, 000); Bea calls Ann’s 3B for Mah Jongg: Bea 25 + 20 jokerless = 45, Ann −10, Cy 0', () => {
    const t = start().discard(EAST, '9C'); // actions 1-7
    t.act({ type: 'call', player: NORTH, for: 'pung' });
    t.act({ type: 'expose', player: NORTH, tiles: k('9C J') });
    t.discard(NORTH, '7B'); // 10: Ann (East) is on turn
    t.pick(WEST, '1D'); // 11: Cy picks in Ann's turn
    t.pick(EAST, '2D').discard(EAST, '3B');
    t.act({ type: 'call', player: SOUTH, for: 'mah-jongg' });
    t.act({ type: 'mah-jongg', player: SOUTH });
    expect(t.state.phase).toBe('ended');
    expect(t.flags.map((f) => f.id)).toEqual(['g1-out-of-turn-11']);
    expect(t.points()).toEqual([-10, 45, 0, 0]);
  });

  it('a called tile put in the rack: North dead, the turn passes to East', () => {
    const t = start().discard(EAST, '9C');
    t.act({ type: 'call', player: NORTH, for: 'pung', intoRack: true });
    expect(t.state.turn).toBe(EAST);
    expect(turnHasOf(t.state)).toBe('nothing');
  });

  it('joker exchange on East’s turn after picking: East gives 9C and takes North’s joker', () => {
    const t = start().discard(EAST, '9C');
    t.act({ type: 'call', player: NORTH, for: 'pung' });
    t.act({ type: 'expose', player: NORTH, tiles: k('9C J') });
    t.discard(NORTH, '7B').pick(EAST, '9C');
    t.act({ type: 'exchange', player: EAST, owner: NORTH, exposure: 0, given: '9C' });
    expect(t.flags).toEqual([]);
    expect(t.kinds.players[NORTH]!.exposures).toEqual([k('9C 9C 9C')]);
    expect(t.rack(EAST)).toBe(sorted('N E W 3B 4C 5C 6C 7C 8C 2C 9D 5D 6D J'));
  });
});

describe('standard referee: Mah Jongg in error (000)', () => {
  it('no one exposed: Cy dead, play goes on; later Bea self-picks 55, Cy 0', () => {
    const t = start().discard(EAST, '9D');
    t.act({ type: 'call', player: WEST, for: 'pung' });
    t.act({ type: 'expose', player: WEST, tiles: k('9D 9D') });
    t.act({ type: 'mah-jongg', player: WEST });
    expect(t.state.phase).toBe('play');
    expect(t.state.turn).toBe(NORTH);
    t.pick(NORTH, '1D').discard(NORTH, '1D').pick(EAST, '5C').discard(EAST, '5C').pick(SOUTH, '3B');
    t.act({ type: 'mah-jongg', player: SOUTH });
    // Bea: 25 + 10 self-picked + 20 jokerless = 55; Cy dead 0
    expect(t.state.result!.outcome).toMatchObject({ winner: SOUTH, dead: [WEST] });
    expect(t.points()).toEqual([0, 55, 0, 0]);
  });

  it('two players exposed for it: the game ends; caller 0, the two 0, the intact hand +10', () => {
    const t = start().discard(EAST, '9C').pick(SOUTH, '5B');
    t.act({ type: 'mah-jongg', player: SOUTH, exposedBy: [WEST, NORTH] });
    expect(t.flags.map((f) => [f.code, f.player])).toEqual([['mah-jongg-in-error', SOUTH]]);
    expect(t.state.phase).toBe('ended');
    expect(t.state.result!.outcome.mahJonggInError).toEqual({ caller: SOUTH, exposedBy: [WEST, NORTH] });
    expect(t.points()).toEqual([10, 0, 0, 0]);
  });

  it('one player exposed for it: two hands intact, play goes on; wall game: caller 0, exposer 0, the two others +10', () => {
    const t = start({}, 3).discard(EAST, '9C').pick(SOUTH, '5B'); // a wall of 3: Bea, Cy, Ann pick
    t.act({ type: 'mah-jongg', player: SOUTH, exposedBy: [NORTH] });
    expect(t.state.phase).toBe('play');
    expect(t.state.turn).toBe(WEST); // Bea is dead and does not discard
    t.pick(WEST, '1D').discard(WEST, '1D'); // North is dead too: East picks the last tile
    expect(t.state.turn).toBe(EAST);
    t.pick(EAST, '1C').discard(EAST, '1C');
    t.act({ type: 'wall-game' });
    expect(t.state.result!.outcome).toMatchObject({ wallGame: true, dead: [SOUTH, NORTH], mahJonggInError: { caller: SOUTH, exposedBy: [NORTH] } });
    expect(t.points()).toEqual([10, 0, 10, 0]);
  });

  it('a dismissed count flag is not raised again at the next discard', () => {
    const t = new Table(['g1-tile-count-7.1'])
      .deal({ bea: HANDS.bea + ' 5B' })
      .charleston()
      .discard(EAST, '9C');
    t.pick(SOUTH, '1D').discard(SOUTH, '1D');
    expect(t.flags.map((f) => [f.id, f.status])).toEqual([['g1-tile-count-7.1', 'dismissed']]);
    expect(t.kinds.players[SOUTH]!.dead).toBe(false);
  });

  it('a Mah Jongg called on a discard in error: the tile goes back to the floor, play resumes after the discarder', () => {
    const t = start().discard(EAST, '9C');
    t.act({ type: 'call', player: NORTH, for: 'mah-jongg' });
    t.act({ type: 'mah-jongg', player: NORTH });
    expect(t.kinds.players[NORTH]!.dead).toBe(true);
    expect(t.kinds.lastDiscard).toEqual({ tile: '9C', by: EAST, racked: false });
    expect(t.state.turn).toBe(SOUTH);
  });
});

describe('standard referee: the Charleston (NMJL, 000)', () => {
  it('the first Charleston moves tiles right, across and left', () => {
    const t = new Table().deal();
    t.act({ type: 'pass', tiles: [k('4C 5C 6C'), k('N E W'), k('N E W'), k('N E W')] }); // right: East → South
    expect(t.rack(SOUTH)).toBe(sorted('1B 1B 1B 1B 2B 2B 2B 2B 3B 3B 4C 5C 6C'));
    expect(t.rack(EAST)).toBe(sorted('N E W 3B 7C 8C 9C 2C 9D 5D 6D N E W'));
  });

  it('a joker is never passed: it stays with North and North passes two', () => {
    const t = new Table().deal();
    t.act({ type: 'pass', tiles: [k('N E W'), k('N E W'), k('N E W'), k('N E J')] });
    expect(t.kinds.players[NORTH]!.rack).toContain('J');
    expect(t.kinds.players[EAST]!.rack.length).toBe(13); // East gave 3, got North's 2
  });

  it('blind pass on the first left: Bea passes on the 3 tiles she receives unseen', () => {
    const t = new Table().deal();
    t.act({ type: 'pass', tiles: [k('N E W'), k('N E W'), k('N E W'), k('N E W')] });
    t.act({ type: 'pass', tiles: [k('N E W'), k('N E W'), k('N E W'), k('N E W')] });
    // first left: Cy gives 7D 7D 7D to Bea, Bea passes them on blind to East
    t.act({ type: 'pass', tiles: [k('N E W'), [], k('7D 7D 7D'), k('N E W')], blind: [0, 3, 0, 0] });
    expect(t.rack(SOUTH)).toBe(sorted(HANDS.bea));
    expect(t.rack(EAST)).toBe(sorted('3B 4C 5C 6C 7C 8C 9C 2C 9D 5D 6D 7D 7D 7D'));
    expect(t.rack(WEST)).toBe(sorted('N E W 7D 8D 8D 8D 8D 9D 9D N E W'));
  });

  it('a blind pass on the first right is refused: a blind-pass flag (no consequence), no tile moves, the Charleston goes on to the first across', () => {
    const t = new Table().deal();
    const racksOf = (g: GameState) => [0, 1, 2, 3].map((p) => concealedOf(g, p));
    const racks = racksOf(t.state);
    t.act({ type: 'pass', tiles: [[], k('N E W'), k('N E W'), k('N E W')], blind: [3, 0, 0, 0] });
    expect(t.flags.map((f) => [f.id, f.code, f.player, f.params, f.status])).toEqual([
      ['g1-blind-pass-2', 'blind-pass', 0, { p: 0, words: 'Ann passed 3 blind in the first right; blind passes only on the first left and the last right (NMJL)' }, 'awaiting-director'],
    ]);
    // the tiles stay where they were (the hub's strays put the racks as read); stage 0 (first right) → 1 (first across)
    expect(racksOf(t.state)).toEqual(racks);
    expect(t.state.stage).toBe(1);
    // a pass with no blind tile refused stays refused
    expect(() => t.act({ type: 'pass', tiles: [k('N E'), k('N E W'), k('N E W'), k('N E W')] })).toThrow(ActionError);
  });

  it('the second Charleston is played when all want it; any one player stops it', () => {
    const t = new Table().deal();
    for (let i = 0; i < 3; i++) t.act({ type: 'pass', tiles: [k('N E W'), k('N E W'), k('N E W'), k('N E W')] });
    t.act({ type: 'charleston-vote', wants: [true, true, true, true] });
    expect(t.state.stage).toBe(4);
    const u = new Table().deal();
    for (let i = 0; i < 3; i++) u.act({ type: 'pass', tiles: [k('N E W'), k('N E W'), k('N E W'), k('N E W')] });
    u.act({ type: 'charleston-vote', wants: [true, true, false, true] });
    expect(u.state.stage).toBe(7);
  });

  it('the courtesy pass across is the smaller wish: East 3, Cy 1 → 1 tile each way; Bea 2, Di 0 → none', () => {
    const t = new Table().deal();
    for (let i = 0; i < 3; i++) t.act({ type: 'pass', tiles: [k('N E W'), k('N E W'), k('N E W'), k('N E W')] });
    t.act({ type: 'charleston-vote', wants: [false, true, true, true] });
    t.act({ type: 'courtesy', wishes: [3, 2, 1, 0], tiles: [k('4C 5C 6C'), k('N E'), k('7D'), []] });
    expect(t.rack(EAST)).toBe(sorted('N E W 3B 5C 6C 7C 8C 9C 2C 9D 5D 6D 7D'));
    expect(t.rack(WEST)).toBe(sorted('N E W 4C 7D 7D 7D 8D 8D 8D 8D 9D 9D'));
    expect(t.rack(SOUTH)).toBe(sorted(HANDS.bea));
    expect(t.state.phase).toBe('play');
    expect(t.state.turn).toBe(EAST);
  });

  it('the first Charleston is required: a discard before it is refused (000)', () => {
    const t = new Table().deal();
    expect(() => t.discard(EAST, '9C')).toThrow(/first Charleston is required/);
  });
});

describe('standard referee: a rack the hub could not hear (an action’s `unheard`)', () => {
  it("Cy picks in Bea's turn while Bea's rack was not heard: not flagged, noted; the turn follows and passes Bea by until she plays again", () => {
    const t = start();
    t.discard(EAST, '9C');
    // Bea (South) is on turn; her rack cannot be heard and Cy (West) picks
    t.act({ type: 'pick', player: WEST, tile: '1D', hearing: { players: [SOUTH], racks: [] } });
    expect(t.flags).toEqual([]);
    expect(t.state.notSeen.map((n) => `${n.player} ${n.tiles.map(kindOf).join(' ')}: ${n.title}`)).toEqual([
      "2 1D: Cy picked while it was Bea's turn; Bea's rack could not be heard, so whether it was in turn is not known; Bea's turns are passed over until she plays again",
    ]);
    expect(t.state.turn).toBe(WEST);
    expect(t.state.passedOver).toEqual([SOUTH]);
    // the turn goes round without Bea: Cy → Di → Ann → Cy, no flag
    t.discard(WEST, '1D').pick(NORTH, '2B').discard(NORTH, '2B').pick(EAST, '3B').discard(EAST, '3B');
    expect(t.state.turn).toBe(WEST);
    expect(t.flags).toEqual([]);
  });

  it('the same pick with every rack heard is a pick out of turn: Cy is dead (000)', () => {
    const t = start();
    t.discard(EAST, '9C');
    t.pick(WEST, '1D');
    expect(t.flags.map((f) => `${f.code}: ${f.title}`)).toEqual(['out-of-turn: Cy picked out of turn']);
    expect(t.kinds.players[WEST]!.dead).toBe(true);
    expect(t.state.notSeen).toEqual([]);
  });

  it("Bea discards with no pick seen, her rack not heard: noted, not 'discarded before picking'; her count is not judged at it", () => {
    const t = start();
    t.discard(EAST, '9C');
    t.act({ type: 'discard', player: SOUTH, tile: '3B', hearing: { players: [SOUTH], racks: [] } });
    expect(t.flags).toEqual([]);
    expect(t.state.notSeen.map((n) => n.rule)).toEqual(['000 GAME PLAY: a player picks before discarding; out of turn, dead']);
    // Bea holds 12 for the referee (her pick was not seen): counted at a discard she was heard at
    expect(t.state.turn).toBe(WEST);
  });
});
