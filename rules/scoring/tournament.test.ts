import { describe, expect, it } from 'vitest';
import { ScoringError, TOURNAMENT_000, scoreTournamentGame, type TournamentOutcome, type TournamentProfile } from './tournament.js';

// seats: 0 East, 1 South, 2 West, 3 North
const win = (o: Partial<TournamentOutcome>): TournamentOutcome => ({ winner: 0, value: 25, selfPicked: true, ...o });

describe('tournament scoring (000)', () => {
  it('card value only: a 25 hand on a discard, jokers used, one exposure', () => {
    // East 25; South threw it to a hand with 1 exposure: −10; West and North 0
    const s = scoreTournamentGame(win({ selfPicked: false, discarder: 1, winnerExposures: 1 }));
    expect(s.points).toEqual([25, -10, 0, 0]);
    expect(s.marks).toEqual(['25', '-10', 'X', 'X']);
    expect(s.breakdown[0]).toEqual(['Hand 25 = 25 (000)', 'Total 25']);
    expect(s.breakdown[1]).toEqual(['Threw the winning tile to East with 1 exposure: −10 (000)', 'Total -10']);
    expect(s.breakdown[2]).toEqual(['East won: 0', 'Total 0']);
  });

  it('self-picked +10 and jokerless +20: a 25 hand self-picked jokerless = 25 + 10 + 20 = 55', () => {
    const s = scoreTournamentGame(win({ jokerless: true }));
    expect(s.points).toEqual([55, 0, 0, 0]);
    expect(s.marks).toEqual(['55', 'X', 'X', 'X']);
    expect(s.breakdown[0]![0]).toBe('Hand 25, self-picked +10, jokerless +20 = 55 (000)');
  });

  it('self-picked alone: a 30 hand self-picked with jokers = 30 + 10 = 40; nobody is penalised', () => {
    expect(scoreTournamentGame(win({ winner: 2, value: 30 })).points).toEqual([0, 0, 40, 0]);
  });

  it('no jokerless bonus on Singles and Pairs: a 50 S&P hand self-picked jokerless = 50 + 10 = 60', () => {
    const s = scoreTournamentGame(win({ value: 50, jokerless: true, singlesAndPairs: true }));
    expect(s.points).toEqual([60, 0, 0, 0]);
    expect(s.breakdown[0]![0]).toBe('Hand 50, self-picked +10, jokerless but Singles and Pairs: no bonus = 60 (000)');
  });

  it("discarder −10 when the winner has no exposure: a 35 concealed hand jokerless on North's discard = 35 + 20 = 55, North −10", () => {
    expect(scoreTournamentGame(win({ winner: 1, value: 35, selfPicked: false, jokerless: true, discarder: 3, winnerExposures: 0 })).points).toEqual([0, 55, 0, -10]);
  });

  it("discarder −20 when the winner has two or more exposures: a 30 hand on West's discard with 2 exposures = 30, West −20", () => {
    expect(scoreTournamentGame(win({ value: 30, selfPicked: false, discarder: 2, winnerExposures: 2 })).points).toEqual([30, 0, -20, 0]);
    // 3 exposures: still −20
    expect(scoreTournamentGame(win({ value: 30, selfPicked: false, discarder: 2, winnerExposures: 3 })).points).toEqual([30, 0, -20, 0]);
  });

  it('wall game: +10 to each hand that is not dead; a dead hand gets 0, marked X', () => {
    // East dead: 0; South, West, North +10
    const s = scoreTournamentGame({ winner: null, wallGame: true, dead: [0] });
    expect(s.points).toEqual([0, 10, 10, 10]);
    expect(s.marks).toEqual(['X', '10', '10', '10']);
    expect(s.breakdown[0]).toEqual(['Wall game, dead hand: 0 (000)', 'Total 0']);
    expect(scoreTournamentGame({ winner: null, wallGame: true }).points).toEqual([10, 10, 10, 10]);
  });

  it('a dead discarder pays no penalty: a dead hand scores zero (000)', () => {
    // North's exposures killed her hand at her discard; East wins 25 on that discard: East 25, North 0 (not −10)
    const s = scoreTournamentGame(win({ selfPicked: false, discarder: 3, dead: [3] }));
    expect(s.points).toEqual([25, 0, 0, 0]);
    expect(s.breakdown[3]).toEqual(['Dead hand: 0 (000)', 'Total 0']);
  });

  it('a dead hand scores 0 when another player wins', () => {
    // South dead; East wins 25 on West's discard, no exposures: East 25, West −10, South 0, North 0
    const s = scoreTournamentGame(win({ selfPicked: false, discarder: 2, dead: [1] }));
    expect(s.points).toEqual([25, 0, -10, 0]);
    expect(s.breakdown[1]![0]).toBe('Dead hand: 0 (000)');
  });

  it('the 4th game unfinished at the end of the 50 minutes: every player 0', () => {
    const s = scoreTournamentGame({ winner: null, unfinished: true });
    expect(s.points).toEqual([0, 0, 0, 0]);
    expect(s.marks).toEqual(['X', 'X', 'X', 'X']);
  });

  it('Mah Jongg in error, two players exposed: they and the caller 0, the one intact hand +10', () => {
    // South calls in error; West and North expose: South 0 (dead), West 0, North 0, East (intact) 10
    const s = scoreTournamentGame({ winner: null, mahJonggInError: { caller: 1, exposedBy: [2, 3] } });
    expect(s.points).toEqual([10, 0, 0, 0]);
    expect(s.marks).toEqual(['10', 'X', 'X', 'X']);
    expect(s.breakdown[0]![0]).toBe("Only hand left intact after South's Mah Jongg in error: +10 (000)");
  });

  it('Mah Jongg in error, one player exposed: two hands intact, play goes on; the caller and the exposer are dead', () => {
    // East calls in error, South exposes; later North wins 25 self-picked: North 35, East and South dead 0, West 0
    const s = scoreTournamentGame({ winner: 3, value: 25, selfPicked: true, mahJonggInError: { caller: 0, exposedBy: [1] } });
    expect(s.points).toEqual([0, 0, 0, 35]);
    expect(s.breakdown[0]![0]).toBe('Dead hand: 0 (000)');
    // same, ending in a wall game: only West and North get +10
    expect(scoreTournamentGame({ winner: null, wallGame: true, mahJonggInError: { caller: 0, exposedBy: [1] } }).points).toEqual([0, 0, 10, 10]);
    // the game's end must be given
    expect(() => scoreTournamentGame({ winner: null, mahJonggInError: { caller: 0, exposedBy: [1] } })).toThrow(/play goes on/);
  });

  it('Mah Jongg in error, all three exposed: all four 0; another tournament charges the caller −25', () => {
    const s = scoreTournamentGame({ winner: null, mahJonggInError: { caller: 2, exposedBy: [0, 1, 3] } });
    expect(s.points).toEqual([0, 0, 0, 0]);
    expect(s.marks).toEqual(['X', 'X', 'X', 'X']);
    const other: TournamentProfile = { ...TOURNAMENT_000, name: 'Other', errorAllExposedCaller: -25 };
    expect(scoreTournamentGame({ winner: null, mahJonggInError: { caller: 2, exposedBy: [0, 1, 3] } }, other).points).toEqual([0, 0, -25, 0]);
  });

  it('looking at a stolen tile: −10 at the end of the game', () => {
    // East wins 25 self-picked = 35; West looked: 0 − 10 = −10
    expect(scoreTournamentGame(win({ lookedAtStolenTile: [2] })).points).toEqual([35, 0, -10, 0]);
  });

  it('every value is a profile setting', () => {
    const p: TournamentProfile = { ...TOURNAMENT_000, selfPicked: 5, jokerless: 15, wallGame: 7, discarderNoneOrOne: -3, discarderTwo: -6, discarderThreeOrMore: -9 };
    // 25 + 5 + 15 = 45
    expect(scoreTournamentGame(win({ jokerless: true }), p).points).toEqual([45, 0, 0, 0]);
    expect(scoreTournamentGame({ winner: null, wallGame: true }, p).points).toEqual([7, 7, 7, 7]);
    expect(scoreTournamentGame(win({ selfPicked: false, discarder: 1, winnerExposures: 2 }), p).points).toEqual([25, -6, 0, 0]);
  });

  it("three tiers of the discarder's penalty: −10 / −20 / −25 for 0-1, 2, 3+ exposures", () => {
    const p: TournamentProfile = { ...TOURNAMENT_000, discarderThreeOrMore: -25 };
    const at = (winnerExposures: number) => scoreTournamentGame(win({ value: 30, selfPicked: false, discarder: 2, winnerExposures }), p).points;
    // 1 exposure: West −10; 2: −20; 3 and 4: −25; East 30 each time
    expect([at(1), at(2), at(3), at(4)]).toEqual([
      [30, 0, -10, 0],
      [30, 0, -20, 0],
      [30, 0, -25, 0],
      [30, 0, -25, 0],
    ]);
  });

  it('a Mah Jongg completed by a joker exchange: self-picked when said so, else no bonus and no discarder', () => {
    // 25 + 10 self-picked = 35
    expect(scoreTournamentGame(win({ jokerExchange: true, selfPicked: true })).points).toEqual([35, 0, 0, 0]);
    // 25, nobody pays a penalty
    expect(scoreTournamentGame(win({ jokerExchange: true, selfPicked: false })).points).toEqual([25, 0, 0, 0]);
    expect(() => scoreTournamentGame(win({ jokerExchange: true, selfPicked: false, discarder: 1 }))).toThrow('a Mah Jongg completed by a joker exchange has no discarder (South given)');
  });

  it('throws ScoringError on an impossible outcome', () => {
    const bad: TournamentOutcome[] = [
      { winner: null },
      { winner: 0, value: 25, selfPicked: true, wallGame: true },
      win({ winner: 4 }),
      win({ value: -5 }),
      win({ value: undefined }),
      win({ discarder: 1 }),
      win({ selfPicked: false }),
      win({ selfPicked: false, discarder: 0 }),
      win({ dead: [0] }),
      win({ winnerExposures: 5 }),
      { winner: null, mahJonggInError: { caller: 1, exposedBy: [] } },
      { winner: null, mahJonggInError: { caller: 1, exposedBy: [1, 2] } },
      { winner: null, mahJonggInError: { caller: 1, exposedBy: [2, 2] } },
      { winner: 0, value: 25, selfPicked: true, mahJonggInError: { caller: 1, exposedBy: [2, 3] } },
    ];
    for (const o of bad) expect(() => scoreTournamentGame(o), JSON.stringify(o)).toThrow(ScoringError);
    expect(() => scoreTournamentGame(win({ selfPicked: false, discarder: 0 }))).toThrow('East cannot win on their own discard');
  });
});
