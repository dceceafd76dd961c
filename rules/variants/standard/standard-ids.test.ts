/**
 * Ids for 4-player actions written with kinds (v1 records, scripted tests): the lowest copy of the
 * kind where the tile starts (./standard-ids.ts), and the way back to kinds for the record.
 */
import { describe, expect, it } from 'vitest';
import { parseKinds as k } from '../../tiles.js';
import { StandardActionError, initialStandardState, standardReferee, type StandardAction, type StandardState } from './referee.js';
import { toKinds, withIds } from './standard-ids.js';

const base = { at: 1, ref: '1' };

/** Ann (East) holds 5B#2 5B#4 J#3; Bea's exposure 0 is 9C#1 J#5 9C#3; 5B#1 and 9C#2 are on the floor. */
function table(): StandardState {
  const empty = { rack: [], exposures: [], hold: null, dead: false, deadReason: null };
  return {
    ...initialStandardState(),
    phase: 'play',
    players: [{ ...empty, rack: ['5B#2', '5B#4', 'J#3'] }, { ...empty, exposures: [['9C#1', 'J#5', '9C#3']] }, empty, empty],
    discards: ['5B#1', '9C#2'],
  };
}

describe('withIds: the ids an action written with kinds means', () => {
  it('a deal gives each kind the lowest copy not yet dealt, seat after seat', () => {
    const a = withIds(initialStandardState(), { type: 'deal', hands: [k('5B 5B J'), k('5B'), [], k('J')], ...base });
    expect(a).toEqual({ type: 'deal', hands: [['5B#1', '5B#2', 'J#1'], ['5B#3'], [], ['J#2']], ...base });
  });

  it('a discard is the lowest copy of its kind in the discarder’s rack; a pick the lowest copy not in play', () => {
    expect(withIds(table(), { type: 'discard', player: 0, tile: '5B', ...base })).toMatchObject({ tile: '5B#2' });
    // 5B#1 on the floor, 5B#2 and 5B#4 in Ann's rack: the next 5B picked is 5B#3
    expect(withIds(table(), { type: 'pick', player: 1, tile: '5B', ...base })).toMatchObject({ tile: '5B#3' });
  });

  it('a kind the rack does not hold gets a copy outside it, which the referee then refuses as not held', () => {
    // Ann holds no 7D: the lowest copy, 7D#1
    expect(withIds(table(), { type: 'discard', player: 0, tile: '7D', ...base })).toMatchObject({ tile: '7D#1' });
    // Ann holds two 5Bs: a third gets 5B#1 (the lowest outside her rack)
    expect(withIds(table(), { type: 'expose', player: 0, tiles: k('5B 5B 5B'), ...base })).toMatchObject({ tiles: ['5B#2', '5B#4', '5B#1'] });
  });

  it("a joker exchange without the joker's id takes the exposure's first joker", () => {
    const a = withIds(table(), { type: 'joker-exchange', player: 0, owner: 1, exposure: 0, tile: '5B', ...base });
    expect(a).toEqual({ type: 'joker-exchange', player: 0, owner: 1, exposure: 0, joker: 'J#5', tile: '5B#2', ...base });
  });

  it('an action by id comes back as it was; toKinds turns it back into kinds (the joker id dropped)', () => {
    const byId = { type: 'joker-exchange' as const, player: 0, owner: 1, exposure: 0, joker: 'J#5' as const, tile: '5B#4' as const, ...base };
    expect(withIds(table(), byId)).toEqual(byId);
    expect(toKinds(byId)).toEqual({ type: 'joker-exchange', player: 0, owner: 1, exposure: 0, tile: '5B', ...base });
    expect(toKinds({ type: 'pass', tiles: [['N#1', 'E#2'], [], [], []], ...base })).toEqual({ type: 'pass', tiles: [['N', 'E'], [], [], []], ...base });
  });
});

describe('the referee takes ids only', () => {
  const referee = standardReferee({ names: ['Ann', 'Bea', 'Cat', 'Dot'], cards: [], dismissed: new Set() });
  it('a kind where an id belongs, and a tile dealt twice, are refused naming the tile', () => {
    const kinds = { type: 'deal', hands: [k('5B'), [], [], []], ...base } as unknown as StandardAction;
    expect(() => referee.apply(initialStandardState(), kinds)).toThrow(new StandardActionError('deal (ref 1): "5B" is not a tile id such as 5B#3'));
    const twice: StandardAction = { type: 'deal', hands: [['5B#1'], [], ['5B#1'], []], ...base };
    expect(() => referee.apply(initialStandardState(), twice)).toThrow(new StandardActionError('deal (ref 1): 5B#1 is dealt twice'));
  });
});
