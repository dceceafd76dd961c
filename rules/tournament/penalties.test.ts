import { describe, expect, it } from 'vitest';
import { newRoundClock, pauseClock, remainingMs, startClock, tableRemainingMs } from './clock.js';
import { TournamentError } from './errors.js';
import { doneCard } from './fixtures.test-helpers.js';
import { checkPenalty, eventStandings, stolenTileEntries, type Penalty } from './penalties.js';

const PLAYERS = ['ann', 'bea', 'cat', 'dot'];
// seats Ann East, Bea South, Cat West, Dot North
const CARD = doneCard(
  1,
  1,
  ['ann', 'bea', 'cat', 'dot'],
  [
    { winner: 0, value: 40, selfPicked: true }, // Ann 40 + 10 self-picked = 50
    { winner: 0, value: 25, selfPicked: true }, // Ann 35
    { winner: 1, value: 30, discarder: 2, winnerExposures: 1, lookedAtStolenTile: [0] }, // Bea 30, Cat −10 discarder, Ann −10 stolen tile
    { winner: 1, value: 35, selfPicked: true }, // Bea 45
  ],
);
const late: Penalty = { player: 'ann', round: 1, kind: 'late', points: -5, reason: 'late to the table, 6 minutes', director: 'Dora' };
const warning: Penalty = { player: 'cat', round: 1, kind: 'warning', points: 0, reason: 'talking during play', director: 'Dora' };

describe('the penalty and conduct log', () => {
  it('Ann 75 game points (50 + 35 − 10) and late −5: total 70, rank 2 behind Bea 75; the warning of 0 changes nothing', () => {
    expect(eventStandings([CARD], [100, 60, 40], PLAYERS, [late, warning])).toEqual([
      { rank: 1, player: 'bea', gamePoints: 75, penalties: 0, points: 75, prize: 100, byes: [], withdrawn: false },
      { rank: 2, player: 'ann', gamePoints: 75, penalties: -5, points: 70, prize: 60, byes: [], withdrawn: false },
      { rank: 3, player: 'dot', gamePoints: 0, penalties: 0, points: 0, prize: 40, byes: [], withdrawn: false },
      { rank: 4, player: 'cat', gamePoints: -10, penalties: 0, points: -10, prize: 0, byes: [], withdrawn: false },
    ]);
    // without the penalty Ann and Bea tie at 75 and share (100 + 60) / 2 = 80
    expect(
      eventStandings([CARD], [100, 60, 40], PLAYERS, [])
        .slice(0, 2)
        .map((r) => [r.player, r.rank, r.points, r.prize]),
    ).toEqual([
      ['ann', 1, 75, 80],
      ['bea', 1, 75, 80],
    ]);
  });

  it('the stolen-tile −10 (000) is listed with its game and is already in the game points: not counted twice', () => {
    expect(stolenTileEntries([CARD])).toEqual([
      { player: 'ann', round: 1, table: 1, game: 3, kind: 'stolen-tile', points: -10, reason: "Looked at a stolen tile (000), game 3: in that game's points", inGamePoints: true },
    ]);
    expect(eventStandings([CARD], [], PLAYERS, []).find((r) => r.player === 'ann')?.points).toBe(75);
  });

  it('a bye scores the event setting and is marked; a withdrawn player stays listed, marked', () => {
    const rows = eventStandings([CARD], [], [...PLAYERS, 'eve'], [], { byes: new Map([['eve', [1]]]), byePoints: 20, withdrawn: new Set(['dot']) });
    expect(rows.find((r) => r.player === 'eve')).toEqual({ rank: 3, player: 'eve', gamePoints: 20, penalties: 0, points: 20, prize: 0, byes: [1], withdrawn: false });
    expect(rows.find((r) => r.player === 'dot')).toMatchObject({ rank: 4, points: 0, withdrawn: true });
  });

  it('a penalty is checked field by field', () => {
    const ok = { player: 'ann', kind: 'late', points: -5, reason: ' late ' };
    expect(checkPenalty(ok, PLAYERS, 3)).toEqual({ player: 'ann', round: null, kind: 'late', points: -5, reason: 'late', director: 'director' });
    expect(() => checkPenalty({ ...ok, player: 'zed' }, PLAYERS, 3)).toThrow(new TournamentError('penalty: player "zed" is not registered'));
    expect(() => checkPenalty({ ...ok, points: 5 }, PLAYERS, 3)).toThrow('penalty: points must be a whole number ≤ 0 (a penalty takes points away; a warning may be 0), not 5');
    expect(() => checkPenalty({ ...ok, round: 4 }, PLAYERS, 3)).toThrow('penalty: round must be 1-3, not 4');
    expect(() => checkPenalty({ ...ok, kind: 'rude' }, PLAYERS, 3)).toThrow('penalty: kind must be one of "late", "warning", "conduct", "other", not "rude"');
    expect(() => checkPenalty({ ...ok, reason: '  ' }, PLAYERS, 3)).toThrow('penalty: reason is required');
  });
});

describe('extra time for one table', () => {
  it('10 extra minutes: at 55 min of a 50-minute round the round is up, the table has 5 min left; a pause holds both', () => {
    const MIN = 60_000;
    let c = startClock(newRoundClock(50 * MIN), 0);
    expect(remainingMs(c, 55 * MIN)).toBe(0);
    expect(tableRemainingMs(c, 10 * MIN, 55 * MIN)).toBe(5 * MIN); // 50 + 10 − 55
    expect(tableRemainingMs(c, 10 * MIN, 61 * MIN)).toBe(0);
    c = pauseClock(c, 20 * MIN);
    expect(tableRemainingMs(c, 10 * MIN, 90 * MIN)).toBe(40 * MIN); // 60 − 20 used
    expect(() => tableRemainingMs(c, -1, 90 * MIN)).toThrow('extra time must be whole ms ≥ 0, not -1');
  });
});
