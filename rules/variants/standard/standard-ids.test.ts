/**
 * Ids for 4-player tiles written with kinds (v1 records, scripted tests): the lowest copy of the
 * kind where the tile starts (./standard-ids.ts), as the scripted tests' helper
 * (rules/game/test-helpers.ts `byKinds`) gives them to the engine; and the way back to kinds of a
 * version 1 line.
 */
import { describe, expect, it } from 'vitest';
import { ActionError } from '../../game/apply.js';
import type { Action } from '../../game/actions.js';
import { initialGameState, type GameState } from '../../game/state.js';
import { byKinds } from '../../game/test-helpers.js';
import { fullTileSet, parseKinds as k, type TileId } from '../../tiles.js';
import { standardEngine } from '../standard.js';
import { OUT_OF_PLAY, STANDARD_SHAPE } from './play.js';
import { toKinds } from './standard-ids.js';

const base = { at: 1, ref: '1' };
const annsRack = { area: 'rack', player: 0, rack: 0 } as const;

/** Ann (East) holds 5B#2 5B#4 J#3; Bea's exposure 0 is 9C#1 J#5 9C#3; 5B#1 and 9C#2 are on the floor; every other tile is out of play. */
function table(): GameState {
  const g = initialGameState(STANDARD_SHAPE);
  const placed: [TileId, Parameters<GameState['where']['with']>[1]][] = [
    ...(['5B#2', '5B#4', 'J#3'] as const).map((t): [TileId, typeof annsRack] => [t, annsRack]),
    ...(['9C#1', 'J#5', '9C#3'] as const).map((t): [TileId, { area: 'top'; player: number; rack: number }] => [t, { area: 'top', player: 1, rack: 0 }]),
    ['5B#1', { area: 'floor' }],
    ['9C#2', { area: 'floor' }],
  ];
  let where = g.where;
  for (const t of fullTileSet()) where = where.with(t, OUT_OF_PLAY);
  for (const [t, at] of placed) where = where.with(t, at);
  const seats = g.seats.map((seat, p) =>
    p === 1 ? { ...seat, racks: [{ ...seat.racks[0]!, exposures: [{ tiles: ['9C#1', 'J#5', '9C#3'] as TileId[], called: '9C#1' as TileId, from: 0 }] }] } : seat,
  );
  return { ...g, phase: 'play', where, seats, discards: ['5B#1', '9C#2'] };
}

describe('byKinds: the ids an action written with kinds means', () => {
  it('a deal gives each kind the lowest copy not yet dealt, seat after seat', () => {
    const { action } = byKinds(initialGameState(STANDARD_SHAPE), { type: 'deal', hands: [k('5B 5B J'), k('5B'), [], k('J')], ...base });
    expect(action).toMatchObject({ type: 'deal', hands: [[['5B#1', '5B#2', 'J#1']], [['5B#3']], [[]], [['J#2']]], ...base });
  });

  it('a discard is the lowest copy of its kind in the discarder’s rack; a pick the lowest copy not in play', () => {
    expect(byKinds(table(), { type: 'discard', player: 0, tile: '5B', ...base }).action).toMatchObject({ tile: '5B#2', from: annsRack });
    // 5B#1 on the floor, 5B#2 and 5B#4 in Ann's rack: the next 5B picked is 5B#3
    expect(byKinds(table(), { type: 'pick', player: 1, tile: '5B', ...base }).action).toMatchObject({ tile: '5B#3' });
  });

  it('a kind the rack does not hold gets a copy outside it, which the engine then refuses as not held', () => {
    // Ann holds no 7D: the lowest copy, 7D#1
    expect(byKinds(table(), { type: 'discard', player: 0, tile: '7D', ...base }).action).toMatchObject({ tile: '7D#1' });
    // Ann holds two 5Bs: a third gets 5B#1 (the lowest outside her rack)
    expect(byKinds(table(), { type: 'expose', player: 0, tiles: k('5B 5B 5B'), ...base }).action).toMatchObject({ tiles: ['5B#2', '5B#4', '5B#1'] });
  });

  it("a joker exchange without the joker's id takes the exposure's first joker", () => {
    const { action } = byKinds(table(), { type: 'exchange', player: 0, owner: 1, exposure: 0, given: '5B', ...base });
    expect(action).toEqual({ type: 'exchange', player: 0, owner: 1, rack: 0, exposure: 0, joker: 'J#5', given: '5B#2', ...base });
  });

  it('an action by id comes back as it was; toKinds turns a version 1 line back into kinds (the joker id dropped)', () => {
    const byId = { type: 'exchange' as const, player: 0, owner: 1, exposure: 0, joker: 'J#5' as const, given: '5B#4' as const, ...base };
    expect(byKinds(table(), byId).action).toEqual({ ...byId, rack: 0 });
    expect(toKinds({ type: 'joker-exchange', player: 0, owner: 1, exposure: 0, joker: 'J#5', tile: '5B#4', ...base })).toEqual({
      type: 'joker-exchange',
      player: 0,
      owner: 1,
      exposure: 0,
      tile: '5B',
      ...base,
    });
    expect(toKinds({ type: 'pass', tiles: [['N#1', 'E#2'], [], [], []], ...base })).toEqual({ type: 'pass', tiles: [['N', 'E'], [], [], []], ...base });
  });
});

describe('the engine takes ids only', () => {
  const engine = standardEngine({ names: ['Ann', 'Bea', 'Cat', 'Dot'], cards: [] });
  it('a kind where an id belongs, and a tile dealt twice, are refused naming the tile', () => {
    const kinds = { type: 'deal', hands: [[k('5B')], [[]], [[]], [[]]], ...base } as unknown as Action;
    expect(() => engine.apply(initialGameState(STANDARD_SHAPE), kinds)).toThrow(new ActionError('deal (ref 1): "5B" is not a tile id such as 5B#3'));
    const twice: Action = { type: 'deal', hands: [[['5B#1']], [[]], [['5B#1']], [[]]], ...base };
    expect(() => engine.apply(initialGameState(STANDARD_SHAPE), twice)).toThrow(new ActionError('deal (ref 1): 5B#1 is dealt twice'));
  });
});
