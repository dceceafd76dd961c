/**
 * A version 1 4-player line read into the one engine's action (./upgrade-standard.ts): the kinds
 * given the ids where each tile is in the engine's state, and the old names and fields made the
 * engine's (`second-charleston` → `charleston-vote`, every caller → the caller and her `rivals`,
 * `joker-exchange` → `exchange`, `unheard` → `hearing.players`).
 */
import { describe, expect, it } from 'vitest';
import { initialGameState, type GameState } from '../game/state.js';
import { byKinds, type KindAct } from '../game/test-helpers.js';
import { parseKinds as k } from '../tiles.js';
import { standardEngine } from '../variants/standard.js';
import { STANDARD_SHAPE } from '../variants/standard/play.js';
import { readStandardLineV1 } from './upgrade-standard.js';

const HANDS = [
  'N E W 3B 4C 5C 6C 7C 8C 9C 2C 9D 5D 6D', // Ann (East), 14
  'N E W 1B 1B 1B 1B 2B 2B 2B 2B 3B 3B', // Bea, 13
  'N E W 7D 7D 7D 7D 8D 8D 8D 8D 9D 9D', // Cy, 13
  'N E W 9C J 2D 3D 4D 9B 9B 8B 8B 7B', // Di, 13
];

/** The state after the deal, the first Charleston (N E W each way), no second, no courtesy, and `more`. */
function playedTo(more: KindAct[] = []): GameState {
  const engine = standardEngine({ names: ['Ann', 'Bea', 'Cy', 'Di'], cards: [] });
  let g = initialGameState(STANDARD_SHAPE);
  const NEW = [k('N E W'), k('N E W'), k('N E W'), k('N E W')];
  const acts: KindAct[] = [
    { type: 'deal', hands: HANDS.map(k) },
    { type: 'pass', tiles: NEW },
    { type: 'pass', tiles: NEW },
    { type: 'pass', tiles: NEW },
    { type: 'charleston-vote', wants: [false, true, true, true] },
    { type: 'courtesy', wishes: [0, 0, 0, 0], tiles: [[], [], [], []] },
    ...more,
  ];
  for (const [i, a] of acts.entries()) {
    const { state, action } = byKinds(g, { ...a, at: 1000 + i, ref: String(i + 1) });
    g = engine.apply(state, action).state;
  }
  return g;
}

const base = { at: 5000, ref: '50' };

describe('a version 1 4-player line read on the engine’s state', () => {
  it('a deal names the lowest copies and leaves `wallSize` of the rest to pick (152 − 53 = 99), the rest out of play', () => {
    const { action } = readStandardLineV1(initialGameState(STANDARD_SHAPE), { type: 'deal', hands: HANDS.map(k), wallSize: 99, ...base });
    expect(action?.type === 'deal' && [action.hands[0]![0]!.slice(0, 4), action.walls!.map((w) => w.length)]).toEqual([
      ['N#1', 'E#1', 'W#1', '3B#1'],
      [99, 0],
    ]);
  });

  it('second-charleston is the vote; a discard by kind is the copy in the rack, with its place; unheard is hearing.players', () => {
    expect(readStandardLineV1(initialGameState(STANDARD_SHAPE), { type: 'second-charleston', wants: [true, false, true, true], ...base }).action).toEqual({
      type: 'charleston-vote',
      wants: [true, false, true, true],
      ...base,
    });
    // Ann was dealt 9C#1 (the first 9C of the deal; Di's is 9C#2)
    expect(readStandardLineV1(playedTo(), { type: 'discard', player: 0, tile: '9C', unheard: [1], ...base }).action).toEqual({
      type: 'discard',
      player: 0,
      tile: '9C#1',
      from: { area: 'rack', player: 0, rack: 0 },
      hearing: { players: [1], racks: [] },
      ...base,
    });
  });

  it('a call names the last discard; the first caller is the call, the others its rivals, `intoRack` a place inside the rack', () => {
    const g = playedTo([{ type: 'discard', player: 0, tile: '9C' }]);
    const { action } = readStandardLineV1(g, {
      type: 'call',
      calls: [
        { player: 3, for: 'pung' },
        { player: 2, for: 'pung', intoRack: true },
      ],
      ...base,
    });
    expect(action).toEqual({
      type: 'call',
      player: 3,
      tile: '9C#1',
      to: { area: 'top', player: 3, rack: 0 },
      for: 'pung',
      rivals: [{ player: 2, for: 'pung', to: { area: 'rack', player: 2, rack: 0 } }],
      ...base,
    });
    // a call with no caller changes nothing
    expect(readStandardLineV1(g, { type: 'call', calls: [], ...base }).action).toBeNull();
  });

  it("a joker exchange is `exchange`: the exposure's first joker, `given` by the giver's rack (the lowest copy when she holds none)", () => {
    const g = playedTo([
      { type: 'discard', player: 0, tile: '9C' },
      { type: 'call', player: 3, for: 'pung' },
      { type: 'expose', player: 3, tiles: k('9C J') },
      { type: 'discard', player: 3, tile: '7B' },
    ]);
    // Di's pung is 9C#1 (Ann's discard) 9C#2 J#1; Ann holds no 9C: the lowest copy, 9C#1 (the engine refuses it as not hers)
    expect(readStandardLineV1(g, { type: 'joker-exchange', player: 0, owner: 3, exposure: 0, tile: '9C', ...base }).action).toEqual({
      type: 'exchange',
      player: 0,
      owner: 3,
      rack: 0,
      exposure: 0,
      joker: 'J#1',
      given: '9C#1',
      ...base,
    });
  });
});
