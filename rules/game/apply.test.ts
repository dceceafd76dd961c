import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadCard } from '../card/parse.js';
import { fullTileSet, type TileId } from '../tiles.js';
import type { GameAction } from '../record/v1-actions.js';
import { siameseLineActions } from '../record/upgrade.js';
import { SIAMESE } from '../variants/siamese.js';
import { idKindOf } from '../wording/flags.js';
import type { Action } from './actions.js';
import { applyAll, createEngine } from './apply.js';
import type { GameFlag } from './flags.js';
import { initialGameState, type GameState } from './state.js';

const card = loadCard(readFileSync(new URL('../cards/sample-siamese.card', import.meta.url), 'utf8'), { id: 'sample-siamese' });
const config = { names: ['Ann', 'Bea'], racksPerPlayer: 2, tilesPerWall: 38, wallOrder: [0, 1, 2, 3], cards: [card] };
/** An action before it has its time and evidence. */
type Unplaced<A> = A extends unknown ? Omit<A, 'at' | 'ref'> : never;
const EAST = 0;
const WEST = 1;

/** A Siamese table driven by unified actions straight on the engine: walls of 38 in set order, then the deal (003 rules 5, 8). */
function dealtTable() {
  const engine = createEngine(SIAMESE, config);
  let state: GameState = initialGameState({ variant: 'siamese', seats: 2, racksPerSeat: 2 });
  const flags: GameFlag[] = [];
  let seq = 0;
  const act = (a: Unplaced<Action>) => {
    seq += 1;
    const r = engine.apply(state, { ...a, at: 1_000 + seq, ref: String(seq) } as Action);
    state = r.state;
    flags.push(...r.flags);
    return r;
  };
  const next = (wall: number): TileId => {
    for (const [tile, p] of state.where) if (p.area === 'wall' && p.wall === wall) return tile;
    throw new Error(`wall ${wall} is empty`);
  };
  const pick = (player: number, wall: number): TileId => {
    const tile = next(wall);
    act({ type: 'pick', player, wall, tile, to: { area: 'rack', player, rack: 0 } });
    return tile;
  };
  fullTileSet().forEach((tile, i) => act({ type: 'build', wall: Math.floor(i / 38), tile, from: null }));
  // 27 each (003 rule 5), East takes the 28th (rule 8): 55 tiles, wall 1 (38) then 17 of wall 2
  for (let i = 0; i < 27; i++) {
    pick(EAST, i * 2 < 38 ? 0 : 1);
    pick(WEST, i * 2 + 1 < 38 ? 0 : 1);
  }
  pick(EAST, 1);
  return {
    engine,
    act,
    pick,
    next,
    get state() {
      return state;
    },
    flags,
  };
}

describe('the one engine on GameState (Royale Siamese, 003)', () => {
  it('keeps the turn record per seat: the player who picked holds 28 and is judged after picking (003 rules 8, 18C)', () => {
    const t = dealtTable();
    expect(t.state.phase).toBe('deal');
    // East picked 28 tiles in the deal, West 27: each pick counts on the picker's seat
    expect(t.state.seats.map((s) => s.picks)).toEqual([28, 27]);
    const tile = t.state.where.tilesIn({ area: 'rack', player: EAST, rack: 0 })[0]!;
    const discard = t.act({ type: 'discard', player: EAST, tile, from: { area: 'rack', player: EAST, rack: 0 } });
    // East's first discard ends the deal (003 rule 8): East counted as 27, West holds 27; a new turn, West's
    expect([t.state.phase, t.state.dealtCounts, t.state.turn, discard.boundary]).toEqual(['play', [27, 27], WEST, true]);
    expect(t.state.seats.map((s) => s.picks)).toEqual([0, 0]);
    // 55 dealt from walls 1 and 2 (38 + 17): wall 2 is current, 21 tiles left in it
    t.pick(WEST, 1);
    expect(t.state.seats[WEST]!.picks).toBe(1);
    // West on turn after picking holds 28 (003 rule 18C): no count flag
    t.act({ type: 'count-check', skipPlayers: [] });
    expect(t.flags).toEqual([]);
  });

  it('a stop ends the game in play as it stood, once: the hub clearing the table or the director choosing at a restart (003 rule 17)', () => {
    const t = dealtTable();
    const tile = t.state.where.tilesIn({ area: 'rack', player: EAST, rack: 0 })[0]!;
    t.act({ type: 'discard', player: EAST, tile, from: { area: 'rack', player: EAST, rack: 0 } });
    // West on turn in game 1: the stop ends it with the words given, no one on turn, every tile where it was
    const where = [...t.state.where];
    t.act({ type: 'stop', reason: 'stopped by the director' });
    expect([t.state.gameNo, t.state.phase, t.state.endReason, t.state.turn]).toEqual([1, 'ended', 'stopped by the director', null]);
    expect([...t.state.where]).toEqual(where);
    // a game already over keeps its end
    t.act({ type: 'stop', reason: 'again' });
    expect([t.state.phase, t.state.endReason]).toEqual(['ended', 'stopped by the director']);
    expect(t.flags).toEqual([]);
  });

  it('a pick from the wrong wall kills rack 1 when neither rack has exposures (003 rule 20 silent), the director may choose', () => {
    const t = dealtTable();
    const tile = t.state.where.tilesIn({ area: 'rack', player: EAST, rack: 0 })[0]!;
    t.act({ type: 'discard', player: EAST, tile, from: { area: 'rack', player: EAST, rack: 0 } });
    // wall 2 (index 1) still holds 21 tiles: a pick from wall 4 (index 3) is from the wrong wall
    const picked = t.pick(WEST, 3);
    expect(t.flags.map((f) => [f.code, f.player, f.rack, f.evidence.tiles, f.deadRackChoice])).toEqual([['wrong-wall', WEST, 0, [picked], { default: 0, racks: [0, 1] }]]);
    // the flag id rests on the pick's ref: 152 builds + 55 deal picks + 1 discard + this pick = 209
    expect(t.flags[0]!.id).toBe('g1-wrong-wall-209');
    expect(t.state.seats[WEST]!.racks.map((r) => r.dead)).toEqual([true, false]);
  });

  it('a Mah Jongg is judged on its mah-jongg action, not on a top reaching 14; a joker taken by an exchange from the hand it killed is flagged (003 rules 10E, 9, 15)', () => {
    const t = dealtTable();
    const top = { area: 'top' as const, player: EAST, rack: 0 };
    // 13 of East's tiles laid on rack 1's top, and the first joker of the set (wall 4) put beside them: 14 on the top
    for (const tile of t.state.where.tilesIn({ area: 'rack', player: EAST, rack: 0 }).slice(0, 13)) t.act({ type: 'expose', player: EAST, rack: 0, tiles: [tile] });
    t.act({ type: 'stray', tile: 'J#1', from: { area: 'wall', wall: 3 }, to: top });
    expect(t.state.where.tilesIn(top)).toHaveLength(14);
    // no declaration yet: the engine does not read one from the top's size
    expect([t.state.seats[EAST]!.racks[0]!.mahJongg, t.state.seats[EAST]!.racks[0]!.dead, t.flags]).toEqual([null, false, []]);
    // declared: 1B 1B 1B 1B 1C … (the set's first tiles) fit no line of the card: a Mah Jongg in error, the hand dead (10E);
    // its ref: 152 builds + 55 deal picks + 13 exposes + 1 stray + this = 222
    t.act({ type: 'mah-jongg', player: EAST, rack: 0 });
    expect(t.flags.map((f) => [f.id, f.code, f.player, f.rack])).toEqual([['g1-mah-jongg-in-error-222', 'mah-jongg-in-error', EAST, 0]]);
    expect(t.state.seats[EAST]!.racks[0]!.deadTiles).toContain('J#1');
    // West gives one of hers for that joker: the joker was one of the tiles that killed the hand (rules 9, 15), ref 223
    const given = t.state.where.tilesIn({ area: 'rack', player: WEST, rack: 0 })[0]!;
    t.act({ type: 'stray', tile: given, from: { area: 'rack', player: WEST, rack: 0 }, to: top });
    t.act({ type: 'exchange', player: WEST, owner: EAST, rack: 0, joker: 'J#1', given, to: { area: 'rack', player: WEST, rack: 0 } });
    expect(t.flags.slice(1).map((f) => [f.id, f.code, f.rule, f.params])).toEqual([
      ['g1-joker-exchange-224', 'joker-not-exchangeable', '003 rules 9 and 15', { owner: EAST, r: 0, from: 'killing-exposure' }],
    ]);
    expect(t.state.where.get('J#1')).toEqual({ area: 'rack', player: WEST, rack: 0 });
    // a declaration on a rack the table does not have is refused, naming it
    expect(() => t.act({ type: 'mah-jongg', player: WEST, rack: 2 })).toThrow("a mah-jongg at ref 225 names player 1's rack 2: the table has 2 players of 2 racks");
  });

  it("picks into a rack whose reader was out are judged at readers-heard, not at the first move heard after the replug: that rack's snapshot may still be settling (003 rule 20)", () => {
    const t = dealtTable();
    const rack = (player: number) => ({ area: 'rack' as const, player, rack: 0 });
    const out = { players: [], racks: [], zones: 'unheard' as const };
    const discardOne = (player: number, hearing?: Action['hearing']) => {
      const tile = t.state.where.tilesIn(rack(player))[0]!;
      t.act({ type: 'discard', player, tile, from: rack(player), ...(hearing ? { hearing } : {}) });
    };
    const tilesOf = (wall: number) => [...t.state.where].filter(([, p]) => p.area === 'wall' && p.wall === wall).map(([tile]) => tile);
    discardOne(EAST); // the deal ends; wall 2 (index 1) holds 38 - 17 = 21 tiles
    // 17 picks and discards from wall 2, heard: 4 tiles left in it
    for (let i = 0; i < 17; i++) {
      const p = i % 2 === 0 ? WEST : EAST;
      t.pick(p, 1);
      discardOne(p);
    }
    const [x, w1, y, w2] = tilesOf(1) as [TileId, TileId, TileId, TileId];
    const left = (at: number) => ({ from: at, to: at });
    // Ann's rack 1 reader is out: East picks x into it (the hub sees x leave wall 2 and arrive nowhere) and discards
    const tx = 2_000;
    discardOne(EAST, { ...out, left: left(2_001) });
    t.act({ type: 'pick', player: WEST, wall: 1, tile: w1, to: rack(WEST), hearing: { ...out, left: left(2_002) } });
    discardOne(WEST, out);
    const ty = 2_003; // East picks y, the same way
    discardOne(EAST, { ...out, left: left(2_004) });
    t.act({ type: 'pick', player: WEST, wall: 1, tile: w2, to: rack(WEST), hearing: { ...out, left: left(2_005) } });
    discardOne(WEST, out);
    // wall 2 is empty on the table; the hub still has x and y in it. East picks from wall 3 (index 2) and throws it
    const [e3] = tilesOf(2) as [TileId];
    t.act({ type: 'pick', player: EAST, wall: 2, tile: e3, to: rack(EAST), hearing: { ...out, left: left(2_006) } });
    discardOne(EAST, out);
    // the reader is back and heard, its snapshot not settled yet: West's pick from wall 3 is `reconciling`
    const reconciling = { players: [], racks: [{ player: EAST, rack: 0 }], zones: 'reconciling' as const, left: left(2_007) };
    const [w3] = tilesOf(2) as [TileId];
    t.act({ type: 'pick', player: WEST, wall: 2, tile: w3, to: rack(WEST), hearing: reconciling });
    discardOne(WEST, reconciling);
    // nothing judged yet: the hub still has 2 tiles in wall 2 (x and y), and a judgment now would flag
    // both picks from wall 3 (wall 2 "current")
    expect([t.flags, t.state.deferredPicks.length]).toEqual([[], 4]);
    // the snapshot settles: x and y went into East's rack when they left wall 2, before any pick from wall 3
    t.act({ type: 'pick', player: EAST, wall: 1, tile: x, to: rack(EAST), hearing: { ...out, left: left(tx) } });
    t.act({ type: 'pick', player: EAST, wall: 1, tile: y, to: rack(EAST), hearing: { ...out, left: left(ty) } });
    t.act({ type: 'readers-heard' });
    // every pick judged on walls as they were: wall 2's last tile left at 2005, the picks from wall 3 at 2006 and 2007
    expect([t.flags, t.state.deferredPicks.length, tilesOf(1).length]).toEqual([[], 0, 0]);
  });

  it('a fold of version 1 record lines on the engine raises what they break: an exposure, a wrong wall, a count (003 rules 11, 20, 18C)', () => {
    const engine = createEngine(SIAMESE, config);
    let state: GameState = initialGameState({ variant: 'siamese', seats: 2, racksPerSeat: 2 });
    let seq = 0;
    const apply = (a: object) => {
      seq += 1;
      state = applyAll(engine, state, siameseLineActions({ ...a, at: 5_000 + seq, ref: String(seq) } as GameAction, state)).state;
    };
    fullTileSet().forEach((tile, i) => apply({ type: 'build', wall: Math.floor(i / 38), tile, from: null }));
    const wallTiles = (wall: number) => [...state.where].filter(([, p]) => p.area === 'wall' && p.wall === wall).map(([t]) => t);
    for (let i = 0; i < 55; i++) {
      const player = i === 54 ? EAST : i % 2;
      const wall = wallTiles(0).length > 0 ? 0 : 1;
      apply({ type: 'pick', player, wall, tile: wallTiles(wall)[0]!, to: { area: 'rack', player, rack: i % 4 < 2 ? 0 : 1 } });
    }
    const east = state.where.tilesIn({ area: 'rack', player: EAST, rack: 1 });
    apply({ type: 'arrange', player: EAST, tile: east[0]!, from: { area: 'rack', player: EAST, rack: 1 }, to: { area: 'top', player: EAST, rack: 1 } });
    apply({ type: 'discard', player: EAST, tile: east[1]!, from: { area: 'rack', player: EAST, rack: 1 } });
    apply({ type: 'call', player: WEST, tile: east[1]!, to: { area: 'top', player: WEST, rack: 0 } });
    apply({ type: 'pick', player: WEST, wall: 3, tile: wallTiles(3)[0]!, to: { area: 'rack', player: WEST, rack: 1 } });
    apply({ type: 'count-check', skipPlayers: [] });
    // the fold went through dead hands and flags: East's lone exposure fits no hand (003 rule 11),
    // West's pick from wall 4 while wall 2 held tiles (rule 20), and West's count: 27 + 1 called + 1 picked = 29 after picking (18C)
    expect(state.flags.map((f) => [idKindOf(f.code), f.player])).toEqual([
      ['illegal-exposure', EAST],
      ['wrong-wall', WEST],
      ['tile-count', WEST],
    ]);
    expect(state.flags[2]!.params).toMatchObject({ n: 29, want: 28 });
  });
});
