/**
 * The Siamese actions into the one vocabulary (./convert.ts, docs/one-engine.md §1): each mapping
 * of the table "Mapping of today's actions", Siamese rows.
 */
import { describe, expect, it } from 'vitest';
import { fromGameAction } from './convert.js';

const rack = (player: number, r: number) => ({ area: 'rack' as const, player, rack: r });
const top = (player: number, r: number) => ({ area: 'top' as const, player, rack: r });

describe('fromGameAction', () => {
  it('a pick, a discard and a call keep their fields; unheard, left and unseen become hearing', () => {
    expect(fromGameAction({ type: 'pick', player: 1, wall: 2, tile: '3B#2', to: rack(1, 0), at: 10, ref: '7' })).toEqual([
      { type: 'pick', player: 1, wall: 2, tile: '3B#2', to: rack(1, 0), at: 10, ref: '7' },
    ]);
    // a pick seen while a zone was not heard: the tile left wall 3 between 4 and 9 ms
    expect(fromGameAction({ type: 'pick', player: 0, wall: 2, tile: 'F#1', to: rack(0, 1), at: 10, ref: '8', unheard: true, left: { from: 4, to: 9 } })).toEqual([
      { type: 'pick', player: 0, wall: 2, tile: 'F#1', to: rack(0, 1), at: 10, ref: '8', hearing: { players: [], racks: [], zones: 'unheard', left: { from: 4, to: 9 } } },
    ]);
    // every zone heard, but Bea's rack 2 top not seen whole: its exposures wait (003 rule 11)
    expect(fromGameAction({ type: 'discard', player: 0, tile: '5D#1', from: rack(0, 0), at: 11, ref: '9', unseen: [{ player: 1, rack: 1 }] })).toEqual([
      { type: 'discard', player: 0, tile: '5D#1', from: rack(0, 0), at: 11, ref: '9', hearing: { players: [], racks: [{ player: 1, rack: 1 }] } },
    ]);
    expect(fromGameAction({ type: 'call', player: 1, tile: '5D#1', to: top(1, 0), at: 12, ref: '10' })).toEqual([{ type: 'call', player: 1, tile: '5D#1', to: top(1, 0), at: 12, ref: '10' }]);
  });

  it('a tile from a rack to the top of one of her racks is an exposure of that tile; rack to rack and top to rack stay arrangements', () => {
    expect(fromGameAction({ type: 'arrange', player: 0, tile: '3C#1', from: rack(0, 0), to: top(0, 1), at: 5, ref: '3' })).toEqual([
      { type: 'expose', player: 0, rack: 1, tiles: ['3C#1'], at: 5, ref: '3' },
    ]);
    expect(fromGameAction({ type: 'arrange', player: 0, tile: 'J#4', from: top(0, 0), to: rack(0, 1), at: 6, ref: '4' })).toEqual([
      { type: 'arrange', player: 0, tile: 'J#4', from: top(0, 0), to: rack(0, 1), at: 6, ref: '4' },
    ]);
  });

  it('a tile from a wall straight to the floor is a pick (ref .p) and a discard by the player on turn; without a turn, and any other move, a stray', () => {
    const thrown = { type: 'other-move' as const, from: { area: 'wall' as const, wall: 1 }, to: { area: 'floor' as const }, tile: '9B#3' as const, at: 20, ref: '15' };
    expect(fromGameAction(thrown, 1)).toEqual([
      { type: 'pick', player: 1, wall: 1, tile: '9B#3', to: rack(1, 0), at: 20, ref: '15.p' },
      { type: 'discard', player: 1, tile: '9B#3', from: rack(1, 0), at: 20, ref: '15' },
    ]);
    expect(fromGameAction(thrown)).toEqual([{ type: 'stray', tile: '9B#3', from: { area: 'wall', wall: 1 }, to: { area: 'floor' }, at: 20, ref: '15' }]);
    expect(fromGameAction({ type: 'other-move', from: rack(0, 0), to: top(1, 0), tile: '2D#1', at: 21, ref: '16' }, 0)).toEqual([
      { type: 'stray', tile: '2D#1', from: rack(0, 0), to: top(1, 0), at: 21, ref: '16' },
    ]);
  });

  it('build, count-check, readers-heard and a director entry are the same actions', () => {
    expect(fromGameAction({ type: 'build', wall: 3, from: null, tile: 'N#2', at: 1, ref: '1' })).toEqual([{ type: 'build', wall: 3, from: null, tile: 'N#2', at: 1, ref: '1' }]);
    expect(fromGameAction({ type: 'count-check', skipPlayers: [1], at: 2, ref: '2' })).toEqual([{ type: 'count-check', skipPlayers: [1], at: 2, ref: '2' }]);
    expect(fromGameAction({ type: 'readers-heard', at: 3, ref: '3' })).toEqual([{ type: 'readers-heard', at: 3, ref: '3' }]);
    expect(fromGameAction({ type: 'director-entry', entry: 'misnamed-exposure', player: 1, rack: 0, named: '4C', unseenRacks: [1], at: 4, ref: '4' })).toEqual([
      { type: 'director-entry', entry: 'misnamed-exposure', player: 1, rack: 0, named: '4C', unseenRacks: [1], at: 4, ref: '4' },
    ]);
  });
});
