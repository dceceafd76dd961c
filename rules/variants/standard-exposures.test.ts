/**
 * The 4-player referee judges exposures against the card (./exposure-judge.ts): at the exposing
 * player's discard the exposures on her rack must fit a hand (as 003 rule 11 judges a Siamese
 * rack), and a pair, a single or a set of singles is never exposed before Mah Jongg (NMJL).
 * Played on the sample standard card (rules/cards/sample-standard.card).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadCard } from '../card/parse.js';
import { kindOf, parseKinds as k, type TileKind } from '../tiles.js';
import type { GameFlag } from '../game/flags.js';
import { initialGameState, standingRulings, type GameState } from '../game/state.js';
import { byKinds, inKinds, type KindAct } from '../game/test-helpers.js';
import { standardEngine, type StandardConfig } from './standard.js';
import { RULES, STANDARD_SHAPE } from './standard/play.js';

const card = loadCard(readFileSync(new URL('../cards/sample-standard.card', import.meta.url), 'utf8'), { id: 'sample-standard' });

const EAST = 0;
const SOUTH = 1;
const WEST = 2;
const NORTH = 3;

// Every seat holds one N, E and W, passed in every Charleston pass (so each ends with what she was dealt).
const HANDS = {
  east: 'N E W 5C S 1B 2B 3B 4B 6B 7B 8B 9B 9B', // 14: throws 5C, then S
  south: 'N E W GD GD GD GD RD RD RD RD WD WD', // 13: waits on S for "NEWS DDDD DDDD DD" (X 35)
  west: 'N E W 4C 4C 4C 8C 8C 8C 2C 3C 6D 7D', // 13
  north: 'N E W 5C 5C J J S S 2D 3D 4D 9D', // 13: calls 5C with 5C J, then S with S J
};

type Act = KindAct;

class Table {
  state: GameState = initialGameState(STANDARD_SHAPE);
  flags: GameFlag[] = [];
  /** the state's tiles as kinds */
  get kinds() {
    return inKinds(this.state);
  }
  seq = 0;
  private engine;
  constructor(over: Partial<StandardConfig> = {}, dismissed: string[] = []) {
    this.engine = standardEngine({ names: ['Ann', 'Bea', 'Cat', 'Dot'], cards: [card], ...over });
    // the director's dismissals stand from the game's start (the hub folds a ruled game again with them)
    this.state = { ...this.state, rulings: standingRulings(dismissed.map((flagId) => ({ flagId, ruling: 'dismiss' as const }))) };
  }
  act(a: Act): this {
    this.seq++;
    const { state, action } = byKinds(this.state, { ...a, at: 1000 + this.seq, ref: String(this.seq) });
    const r = this.engine.apply(state, action);
    this.state = r.state;
    this.flags.push(...r.flags);
    return this;
  }
  /** The deal (action 1), the first Charleston (2-4), no second (5), no courtesy (6). */
  start(wallSize?: number): this {
    this.act({ type: 'deal', hands: [k(HANDS.east), k(HANDS.south), k(HANDS.west), k(HANDS.north)], ...(wallSize !== undefined ? { wallSize } : {}) });
    for (let i = 0; i < 3; i++) this.act({ type: 'pass', tiles: [k('N E W'), k('N E W'), k('N E W'), k('N E W')] });
    this.act({ type: 'charleston-vote', wants: [false, true, true, true] });
    return this.act({ type: 'courtesy', wishes: [0, 0, 0, 0], tiles: [[], [], [], []] });
  }
  pick(player: number, tile: string): this {
    return this.act({ type: 'pick', player, tile: tile as TileKind });
  }
  discard(player: number, tile: string): this {
    return this.act({ type: 'discard', player, tile: tile as TileKind });
  }
  /** `player` calls the last discard for `what` and lays `tiles` (kinds) with it. */
  callAndExpose(player: number, what: 'pung' | 'kong' | 'pair' | 'single', tiles: string): this {
    this.act({ type: 'call', player, for: what });
    return this.act({ type: 'expose', player, tiles: k(tiles) });
  }
}

/**
 * Dot's two exposures: a pung of 5C on Ann's first discard (fits "FFFF 1111a 111b 111c" and nine
 * more lines), then a pung of S on Ann's next one. Together they fit no hand: at Dot's discard
 * (action 15) her hand is dead.
 */
function dotExposesWrongly(t: Table): Table {
  t.discard(EAST, '5C').callAndExpose(NORTH, 'pung', '5C J').discard(NORTH, '9D'); // 7-10
  return t.pick(EAST, '1D').discard(EAST, 'S').callAndExpose(NORTH, 'pung', 'S J').discard(NORTH, '4D'); // 11-15
}

describe('exposures that fit no hand on the card: dead at the exposing player’s discard (NMJL; 000; as 003 rule 11)', () => {
  it('Dot’s pungs of 5C and S: flagged with the exposures and why, Dot dead; her first exposure keeps its joker in play, the killing one does not; wall game: 10, 10, 10, 0', () => {
    const t = new Table().start(4);
    t.discard(EAST, '5C').callAndExpose(NORTH, 'pung', '5C J').discard(NORTH, '9D');
    expect(t.flags).toEqual([]); // a pung of 5C alone fits a hand
    t.pick(EAST, '1D').discard(EAST, 'S').callAndExpose(NORTH, 'pung', 'S J').discard(NORTH, '4D');
    // the evidence's tiles read as kinds
    const evidenceInKinds = (f: GameFlag) => ({ ...f, evidence: { ...f.evidence, tiles: f.evidence.tiles.map(kindOf), exposures: f.evidence.exposures?.map((e) => e.map(kindOf)) } });
    expect(t.flags.map(evidenceInKinds)).toEqual([
      {
        id: 'g1-exposures-fit-no-hand-15',
        // the catalogue's words (rules/wording/flags.ts) from these params: the title and consequence below
        code: 'exposures-fit-no-hand',
        seed: '000',
        params: {
          p: NORTH,
          exposures: [k('5C 5C J'), k('S S J')],
          why: 'each fits a hand alone (a pung of 5C (5C 5C J): sample-standard:19, sample-standard:20, sample-standard:21 and 7 more; a pung of S (S S J): sample-standard:22, sample-standard:39), but no hand has them all together',
          // the pung of S made the hand dead: its joker is not in play (000)
          killing: k('S S J'),
        },
        rule: RULES.exposuresFitNoHand,
        title:
          "Dot's exposures 5C 5C J · S S J fit no hand on the card: each fits a hand alone (a pung of 5C (5C 5C J): sample-standard:19, sample-standard:20, sample-standard:21 and 7 more; a pung of S (S S J): sample-standard:22, sample-standard:39), but no hand has them all together",
        player: NORTH,
        rack: 0,
        at: 1015,
        status: 'awaiting-director',
        consequence: "Dot's hand is dead; the jokers of the exposures made before a pung of S (S S J) stay in play, not its own",
        // Dot's discard (ref 15) with every rack at 13 tiles after it (000: 13 off turn)
        evidence: { tiles: k('5C 5C J S S J'), exposures: [k('5C 5C J'), k('S S J')], refs: ['15'], counts: [[13], [13], [13], [13]] },
        why: 'each fits a hand alone (a pung of 5C (5C 5C J): sample-standard:19, sample-standard:20, sample-standard:21 and 7 more; a pung of S (S S J): sample-standard:22, sample-standard:39), but no hand has them all together',
      },
    ]);
    expect(t.kinds.players[NORTH]).toMatchObject({ dead: true, killedBy: 1 });
    // the discard stands: it is on the floor, in play
    expect(t.kinds.lastDiscard).toEqual({ tile: '4D', by: NORTH, racked: false });
    expect(t.state.turn).toBe(EAST);
    // Ann picks the last 5C and takes the joker of Dot's pung of 5C, made before the error (000: "the Jokers are still in play")
    t.pick(EAST, '5C').act({ type: 'exchange', player: EAST, owner: NORTH, exposure: 0, given: '5C' }).discard(EAST, '1D');
    expect(t.kinds.players[NORTH]!.exposures[0]).toEqual(k('5C 5C 5C'));
    // Bea picks the last S and tries the joker of the pung of S, the exposure that made Dot's hand dead
    t.pick(SOUTH, 'S').act({ type: 'exchange', player: SOUTH, owner: NORTH, exposure: 1, given: 'S' });
    expect(t.flags.slice(1).map((f) => [f.code, f.rule, f.player, f.title, f.consequence])).toEqual([
      ['bad-joker-exchange', RULES.jokerOfKillingExposure, SOUTH, "Bea's joker exchange: S S J is the exposure that made Dot's hand dead: its jokers are not in play", 'the exchange is undone'],
    ]);
    expect(t.kinds.players[NORTH]!.exposures[1]).toEqual(k('S S J'));
    // a wall of 4: Ann, Ann, Bea, Cat pick; Dot, dead, neither picks nor discards
    t.discard(SOUTH, 'S').pick(WEST, '5D').discard(WEST, '5D');
    expect(t.state.turn).toBe(EAST);
    t.act({ type: 'wall-game' });
    // 000: every live hand +10 in a wall game; a dead hand gets 0 ("X")
    expect(t.state.result!.score.points).toEqual([10, 10, 10, 0]);
    expect(t.state.result!.score.marks).toEqual(['10', '10', '10', 'X']);
  });

  it('the discard that ended Dot’s killing turn stands: Bea calls it for Mah Jongg; Dot, dead, pays no penalty: 0, 55, 0, 0', () => {
    const t = new Table().start();
    t.discard(EAST, '5C').callAndExpose(NORTH, 'pung', '5C J').discard(NORTH, '9D');
    t.pick(EAST, '1D').discard(EAST, 'S').callAndExpose(NORTH, 'pung', 'S J').discard(NORTH, 'S');
    expect(t.kinds.players[NORTH]!.dead).toBe(true);
    t.act({ type: 'call', player: SOUTH, for: 'mah-jongg' }).act({ type: 'mah-jongg', player: SOUTH });
    expect(t.state.result!.outcome).toMatchObject({ winner: SOUTH, discarder: NORTH, dead: [NORTH] });
    // Bea: "NEWS DDDD DDDD DD" 35 + 20 jokerless = 55; 000: a dead hand scores zero, so Dot pays no −10
    expect(t.state.result!.score.points).toEqual([0, 55, 0, 0]);
    expect(t.state.result!.score.marks).toEqual(['X', '55', 'X', 'X']);
  });

  it('with killingExposureJokersInPlay the joker of the killing exposure may be exchanged', () => {
    const t = dotExposesWrongly(new Table({ killingExposureJokersInPlay: true }).start());
    expect(t.flags[0]!.consequence).toBe("Dot's hand is dead; the jokers of every exposure stay in play");
    t.pick(EAST, '7C').discard(EAST, '7C').pick(SOUTH, 'S').act({ type: 'exchange', player: SOUTH, owner: NORTH, exposure: 1, given: 'S' });
    expect(t.flags.map((f) => f.code)).toEqual(['exposures-fit-no-hand']);
    expect(t.kinds.players[NORTH]!.exposures[1]).toEqual(k('S S S'));
  });

  it('dismissed by the director: Dot plays on, her turn comes after Cat', () => {
    const t = dotExposesWrongly(new Table({}, ['g1-exposures-fit-no-hand-15']).start());
    expect(t.flags.map((f) => [f.code, f.status])).toEqual([['exposures-fit-no-hand', 'dismissed']]);
    expect(t.kinds.players[NORTH]!.dead).toBe(false);
    t.pick(EAST, '7C').discard(EAST, '7C').pick(SOUTH, '5D').discard(SOUTH, '5D').pick(WEST, '5D').discard(WEST, '5D');
    expect(t.state.turn).toBe(NORTH);
  });
});

describe('a pair, a single or a set of singles is never exposed before Mah Jongg (NMJL)', () => {
  it('Dot calls Ann’s 5C and lays one 5C (a pair): flagged, dead, the turn passes to Ann', () => {
    const t = new Table().start();
    t.discard(EAST, '5C').callAndExpose(NORTH, 'pair', '5C');
    expect(t.flags.map((f) => [f.id, f.code, f.rule, f.player, f.title, f.consequence, f.status])).toEqual([
      ['g1-exposed-pair-or-singles-9', 'exposed-pair-or-singles', RULES.exposedPairOrSingles, NORTH, 'Dot exposed a pair before Mah Jongg: 5C 5C', "Dot's hand is dead", 'awaiting-director'],
    ]);
    expect(t.kinds.players[NORTH]).toMatchObject({ dead: true, exposures: [k('5C 5C')], killedBy: 0, hold: null });
    expect(t.state.turn).toBe(EAST);
  });

  it('Dot calls Ann’s S for a kong and lays N E W with it (a set of singles, NEWS): flagged, dead', () => {
    const t = new Table().start();
    t.discard(EAST, 'S').callAndExpose(NORTH, 'kong', 'N E W');
    expect(t.flags.map((f) => [f.code, f.title])).toEqual([['exposed-pair-or-singles', 'Dot exposed a set of singles before Mah Jongg: S N E W']]);
    expect(t.kinds.players[NORTH]!.dead).toBe(true);
  });

  it('a single: Dot calls Ann’s 5C for a single and lays nothing with it', () => {
    const t = new Table().start();
    t.discard(EAST, '5C').callAndExpose(NORTH, 'single', '');
    expect(t.flags.map((f) => [f.code, f.title])).toEqual([['exposed-pair-or-singles', 'Dot exposed a single before Mah Jongg: 5C']]);
  });

  it('dismissed by the director: no exposure was made, the called tile counts as in Dot’s rack; she discards and play goes on', () => {
    const t = new Table({}, ['g1-exposed-pair-or-singles-9']).start();
    t.discard(EAST, '5C').callAndExpose(NORTH, 'pair', '5C').discard(NORTH, '9D');
    expect(t.flags.map((f) => [f.code, f.status])).toEqual([['exposed-pair-or-singles', 'dismissed']]);
    expect(t.kinds.players[NORTH]).toMatchObject({ dead: false, exposures: [] });
    // 13 in her rack: dealt 13, + the called 5C, − the 9D discarded
    expect(t.kinds.players[NORTH]!.rack).toHaveLength(13);
    expect(t.state.turn).toBe(EAST);
  });

  it('a call for a pair loses to a pung call: refused at once (illegal call), Cat takes the tile', () => {
    const t = new Table().start();
    t.discard(EAST, '5C').act({ type: 'call', player: NORTH, for: 'pair', rivals: [{ player: WEST, for: 'pung' }] });
    expect(t.flags.map((f) => [f.id, f.code, f.player])).toEqual([['g1-illegal-call-8.3', 'illegal-call', NORTH]]);
    expect(t.state.turn).toBe(WEST);
    expect(t.kinds.players[WEST]!.hold).toEqual({ tile: '5C', for: 'pung', from: EAST });
  });
});
