import { describe, expect, it } from 'vitest';
import { loadCard } from '../../card/parse.js';
import { kindScript, type KindAct } from '../../game/test-helpers.js';
import { parseKinds as k } from '../../tiles.js';
import { initialStandardState, standardReferee, toGameState, toStandardState, type StandardState } from './referee.js';

// An original test card (not the NMJL card): Bea's hand waits on 3B for the first line (25); Di's pung of 9C fits the third.
const card = loadCard(
  `title: Test card\nkind: standard\n[Winds and Numbers]\nNEW 1111a 2222a 333a | any 1 suit | X 25\nNEW 7777a 8888a 999a | any 1 suit | C 40\nNEW 7777a 8888b 999c | any 3 suits | X 30\n`,
  { id: 'test' },
);
const HANDS = [
  'N E W 3B 4C 5C 6C 7C 8C 9C 2C 9D 5D 6D', // East, 14
  'N E W 1B 1B 1B 1B 2B 2B 2B 2B 3B 3B', // Bea, 13
  'N E W 7D 7D 7D 7D 8D 8D 8D 8D 9D 9D', // Cy, 13
  'N E W 9C J 2D 3D 4D 9B 9B 8B 8B 7B', // Di, 13
];

/** A scripted 4-player game through the adapter: every state it made. */
function fold(acts: KindAct[]): StandardState[] {
  const referee = standardReferee({ names: ['Ann', 'Bea', 'Cy', 'Di'], cards: [card], dismissed: new Set() });
  const states: StandardState[] = [initialStandardState()];
  for (const [i, a] of acts.entries()) states.push(referee.apply(states.at(-1)!, kindScript(states.at(-1)!, { ...a, at: 1000 + i, ref: String(i + 1) } as never)).state);
  return states;
}

const NEW = [k('N E W'), k('N E W'), k('N E W'), k('N E W')];

describe('the 4-player adapter over the one engine (StandardState ↔ GameState)', () => {
  it('every state of a game goes to the engine’s state and back unchanged: the deal, the Charleston, a pick out of turn, a call, an exposure, a Mah Jongg', () => {
    const states = fold([
      { type: 'deal', hands: HANDS.map(k) },
      { type: 'pass', tiles: NEW },
      { type: 'pass', tiles: NEW },
      { type: 'pass', tiles: NEW },
      { type: 'second-charleston', wants: [true, false, true, true] },
      { type: 'courtesy', wishes: [0, 0, 0, 0], tiles: [[], [], [], []] },
      { type: 'discard', player: 0, tile: '9C' },
      { type: 'call', calls: [{ player: 3, for: 'pung' }] },
      { type: 'expose', player: 3, tiles: k('9C J') },
      { type: 'discard', player: 3, tile: '7B' },
      { type: 'pick', player: 2, tile: '1D' }, // Cy picks in Ann's turn: out of turn, dead (000)
      { type: 'pick', player: 0, tile: '2D' },
      { type: 'discard', player: 0, tile: '3B' },
      { type: 'call', calls: [{ player: 1, for: 'mah-jongg' }] },
      { type: 'mah-jongg', player: 1 },
    ]);
    // 16 states: the initial one and one per action; the game ended with Bea's Mah Jongg (25 + 20 jokerless = 45)
    expect(states).toHaveLength(16);
    expect([states.at(-1)!.phase, states.at(-1)!.result?.score.points]).toEqual(['ended', [-10, 45, 0, 0]]);
    expect(states.at(-1)!.flags.map((f) => f.id)).toEqual(['g1-out-of-turn-11']);
    for (const s of states) expect(toStandardState(toGameState(s))).toEqual(s);
  });

  it('a state the hub changed itself is read as it is: a hand it declared dead neither picks nor discards', () => {
    const states = fold([
      { type: 'deal', hands: HANDS.map(k) },
      { type: 'pass', tiles: NEW },
      { type: 'pass', tiles: NEW },
      { type: 'pass', tiles: NEW },
    ]);
    const last = states.at(-1)!;
    const changed: StandardState = { ...last, players: last.players.map((p, i) => (i === 2 ? { ...p, dead: true, deadReason: 'declared dead' } : p)) };
    const g = toGameState(changed);
    expect([g.seats[2]!.racks[0]!.dead, g.where.heldBy(2), g.where.countIn({ area: 'wall', wall: 0 })]).toEqual([true, 13, 99]); // 152 − 53 dealt = 99 left to pick
  });
});
