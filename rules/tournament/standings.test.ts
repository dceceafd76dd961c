import { describe, expect, it } from 'vitest';
import { TournamentError } from './errors.js';
import { doneCard } from './fixtures.test-helpers.js';
import { applyCardEvents, newScoreCard } from './scorecard.js';
import { standings } from './standings.js';

const selfPicked = (winner: number, value: number) => ({ winner, value, selfPicked: true });
const wall = { winner: null, wallGame: true };

describe('standings (000: scorekeeper, TIES)', () => {
  it('two tied for 2nd with prizes [100, 60, 40]: ranks 1, 2, 2, 4 and each of the two gets (60 + 40) / 2 = 50', () => {
    // Ann 40 self-picked = 50, Bea 25 self-picked = 35, Cat 25 self-picked = 35, wall game +10 each
    // totals: Ann 60, Bea 45, Cat 45, Dot 10
    const card = doneCard(1, 1, ['ann', 'bea', 'cat', 'dot'], [selfPicked(0, 40), selfPicked(1, 25), selfPicked(2, 25), wall]);
    expect(standings([card], [100, 60, 40])).toEqual([
      { rank: 1, player: 'ann', points: 60, prize: 100 },
      { rank: 2, player: 'bea', points: 45, prize: 50 },
      { rank: 2, player: 'cat', points: 45, prize: 50 },
      { rank: 4, player: 'dot', points: 10, prize: 0 },
    ]);
  });

  it('three tied for 1st share the first three prizes: (60 + 30 + 0) / 3 = 30 each', () => {
    // each of Ann, Bea, Cat self-picks a 25 hand (35) and a wall game (+10): 45 each; Dot 10
    const card = doneCard(1, 1, ['ann', 'bea', 'cat', 'dot'], [selfPicked(0, 25), selfPicked(1, 25), selfPicked(2, 25), wall]);
    expect(standings([card], [60, 30, 0, 10])).toEqual([
      { rank: 1, player: 'ann', points: 45, prize: 30 },
      { rank: 1, player: 'bea', points: 45, prize: 30 },
      { rank: 1, player: 'cat', points: 45, prize: 30 },
      { rank: 4, player: 'dot', points: 10, prize: 10 },
    ]);
  });

  it('two tables, two rounds: totals across rounds, ties at every level', () => {
    // round 1 table 1: Ann 25 self-picked (35); Bea 30 on Ann's discard, no exposure (Bea 30, Ann −10); wall; 4th unfinished
    //   Ann 35 − 10 + 10 = 35, Bea 30 + 10 = 40, Cat 10, Dot 10
    const r1t1 = doneCard(1, 1, ['ann', 'bea', 'cat', 'dot'], [selfPicked(0, 25), { winner: 1, value: 30, discarder: 0 }, wall]);
    // round 1 table 2: Eve 40 self-picked jokerless (70); wall; Fay 25 on Gil's discard, 2 exposures (Fay 25, Gil −20); unfinished
    //   Eve 80, Fay 35, Gil −10, Hal 10
    const r1t2 = doneCard(1, 2, ['eve', 'fay', 'gil', 'hal'], [{ ...selfPicked(0, 40), jokerless: true }, wall, { winner: 1, value: 25, discarder: 2, winnerExposures: 2 }]);
    // round 2 table 1: one wall game, then time up: +10 for Hal, Ann, Fay, Cat
    const r2t1 = doneCard(2, 1, ['hal', 'ann', 'fay', 'cat'], [wall]);
    // round 2 table 2: Gil 25 self-picked (35), then time up
    const r2t2 = doneCard(2, 2, ['dot', 'eve', 'bea', 'gil'], [selfPicked(3, 25)]);
    // totals: Eve 80, Ann 45, Fay 45, Bea 40, Gil 25, Cat 20, Hal 20, Dot 10
    expect(standings([r1t1, r1t2, r2t1, r2t2], [200, 100, 50, 25, 0, 10])).toEqual([
      { rank: 1, player: 'eve', points: 80, prize: 200 },
      { rank: 2, player: 'ann', points: 45, prize: 75 },
      { rank: 2, player: 'fay', points: 45, prize: 75 },
      { rank: 4, player: 'bea', points: 40, prize: 25 },
      { rank: 5, player: 'gil', points: 25, prize: 0 },
      { rank: 6, player: 'cat', points: 20, prize: 5 },
      { rank: 6, player: 'hal', points: 20, prize: 5 },
      { rank: 8, player: 'dot', points: 10, prize: 0 },
    ]);
  });

  it('registered players without a card are listed with 0 points', () => {
    const card = doneCard(1, 1, ['ann', 'bea', 'cat', 'dot'], [wall]);
    expect(standings([card], [], ['zoe', 'ann']).map((r) => [r.rank, r.player, r.points])).toEqual([
      [1, 'ann', 10],
      [1, 'bea', 10],
      [1, 'cat', 10],
      [1, 'dot', 10],
      [5, 'zoe', 0],
    ]);
  });

  it('rejects an incomplete card, two cards for one table, a player on two tables, a bad prize', () => {
    const notInitialed = applyCardEvents(newScoreCard({ tournament: 'x', round: 1, table: 2, seats: ['eve', 'fay', 'gil', 'hal'] }), [{ type: 'time-up' }]);
    expect(() => standings([notInitialed], [])).toThrow(
      new TournamentError(
        "the card of round 1 table 2 is incomplete and not accepted: East has not verified West's score; South has not verified North's score; West has not verified East's score; North has not verified South's score; East has not initialed; South has not initialed; West has not initialed; North has not initialed",
      ),
    );
    const card = doneCard(1, 1, ['ann', 'bea', 'cat', 'dot'], [wall]);
    expect(() => standings([card, card], [])).toThrow('two cards for round 1 table 1');
    expect(() => standings([card, doneCard(1, 2, ['eve', 'ann', 'gil', 'hal'], [wall])], [])).toThrow('player "ann" is on two cards of round 1: table 1 and table 2');
    expect(() => standings([card], [100, -5])).toThrow('prize for place 2 must be a number ≥ 0, not -5');
  });
});
