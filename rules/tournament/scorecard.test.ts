import { describe, expect, it } from 'vitest';
import { TournamentError } from './errors.js';
import { applyCardEvent, applyCardEvents, cardMissing, cardTotal, isCardComplete, newScoreCard, playerCardView, type CardEvent, type ScoreCard } from './scorecard.js';

// round 1, table 3: Ann East, Bea South, Cat West, Dot North
const fresh = () => newScoreCard({ tournament: 'Spring Open', round: 1, table: 3, seats: ['ann', 'bea', 'cat', 'dot'] });

const threeGames: CardEvent[] = [
  // Ann wins a 25 hand on Bea's discard, 1 exposure: Ann 25, Bea −10
  { type: 'game', game: 1, outcome: { winner: 0, value: 25, discarder: 1, winnerExposures: 1 } },
  // Cat self-picks a 30 hand, jokerless: 30 + 10 + 20 = 60
  { type: 'game', game: 2, outcome: { winner: 2, value: 30, selfPicked: true, jokerless: true } },
  // wall game: +10 each
  { type: 'game', game: 3, outcome: { winner: null, wallGame: true } },
];

const checksAndInitials: CardEvent[] = [
  { type: 'verify', seat: 0, player: 'ann', of: 2 },
  { type: 'verify', seat: 2, player: 'cat', of: 0 },
  { type: 'verify', seat: 3, player: 'dot', of: 1 },
  { type: 'verify', seat: 1, player: 'bea', of: 3 },
  { type: 'initial', seat: 0, player: 'ann', initials: 'AK' },
  { type: 'initial', seat: 1, player: 'bea', initials: 'BL' },
  { type: 'initial', seat: 2, player: 'cat', initials: 'CM' },
  { type: 'initial', seat: 3, player: 'dot', initials: 'DN' },
];

/** the card after 3 games and time up during the 4th */
const played = (): ScoreCard => applyCardEvents(fresh(), [...threeGames, { type: 'time-up' }]);

describe('table score card (000)', () => {
  it('scores each game with scoreTournamentGame and writes X for a zero', () => {
    const c = applyCardEvents(fresh(), threeGames);
    expect(c.games.map((g) => g?.points)).toEqual([[25, -10, 0, 0], [0, 0, 60, 0], [10, 10, 10, 10], undefined]);
    expect(c.games[0]!.marks).toEqual(['25', '-10', 'X', 'X']);
    expect(c.games[1]!.marks).toEqual(['X', 'X', '60', 'X']);
  });

  it('time up during the 4th game: it scores 0 for all (X X X X)', () => {
    const c = played();
    expect(c.games[3]).toEqual({ outcome: { winner: null, unfinished: true }, points: [0, 0, 0, 0], marks: ['X', 'X', 'X', 'X'], by: 'clock' });
    expect([0, 1, 2, 3].map((s) => cardTotal(c, s as 0))).toEqual([35, 0, 70, 10]);
  });

  it('time up during the 3rd game: the 3rd and 4th both score 0', () => {
    const c = applyCardEvents(fresh(), [...threeGames.slice(0, 2), { type: 'time-up' }]);
    expect(c.games.map((g) => g!.by)).toEqual(['table', 'table', 'clock', 'clock']);
    expect(c.games[2]!.points).toEqual([0, 0, 0, 0]);
  });

  it('complete only when all four games are scored, both pairs verified and all four initialed', () => {
    let c = played();
    expect(cardMissing(c)).toEqual([
      "East has not verified West's score",
      "South has not verified North's score",
      "West has not verified East's score",
      "North has not verified South's score",
      'East has not initialed',
      'South has not initialed',
      'West has not initialed',
      'North has not initialed',
    ]);
    c = applyCardEvents(c, checksAndInitials.slice(0, 7));
    expect(isCardComplete(c)).toBe(false);
    expect(cardMissing(c)).toEqual(['North has not initialed']);
    c = applyCardEvent(c, checksAndInitials[7]!);
    expect(isCardComplete(c)).toBe(true);
    expect(c.initials).toEqual(['AK', 'BL', 'CM', 'DN']);
  });

  it('initials alone are not enough: a missing verification keeps it incomplete', () => {
    const c = applyCardEvents(
      played(),
      checksAndInitials.filter((e) => !(e.type === 'verify' && e.seat === 1)),
    );
    expect(cardMissing(c)).toEqual(["South has not verified North's score"]);
  });

  it("a director's correction re-scores the game and clears every initial and verification", () => {
    const done = applyCardEvents(played(), checksAndInitials);
    // the winning tile of game 1 was Dot's, not Bea's
    const c = applyCardEvent(done, {
      type: 'correct',
      game: 1,
      outcome: { winner: 0, value: 25, discarder: 3, winnerExposures: 1 },
      reason: 'North threw the winning tile, not South',
      director: 'Rose',
    });
    expect(c.games[0]!.points).toEqual([25, 0, 0, -10]);
    expect(c.games[0]!.by).toBe('director');
    expect(c.initials).toEqual([null, null, null, null]);
    expect(c.verified).toEqual([false, false, false, false]);
    expect(isCardComplete(c)).toBe(false);
    expect(c.corrections).toEqual([{ game: 1, reason: 'North threw the winning tile, not South', director: 'Rose', before: done.games[0] }]);
    // they check and initial again
    expect(isCardComplete(applyCardEvents(c, checksAndInitials))).toBe(true);
    // the old card is unchanged
    expect(done.initials).toEqual(['AK', 'BL', 'CM', 'DN']);
  });

  it('a game a ruling reopened is withdrawn: its line off the card (kept as a correction), every initial and verification cleared; it is written again as the next result', () => {
    const done = applyCardEvents(played(), checksAndInitials);
    const reason = "withdrawn by the director's ruling at 14:05 (Rose): the game is in play again";
    const c = applyCardEvent(done, { type: 'withdraw', game: 1, reason, director: 'Rose' });
    expect(c.games.map((g) => g?.points ?? null)).toEqual([null, [0, 0, 60, 0], [10, 10, 10, 10], [0, 0, 0, 0]]);
    expect([c.initials, c.verified, isCardComplete(c)]).toEqual([[null, null, null, null], [false, false, false, false], false]);
    expect(c.corrections).toEqual([{ game: 1, reason, director: 'Rose', before: done.games[0] }]);
    // it ends again as a wall game: +10 each (000)
    expect(applyCardEvent(c, { type: 'game', game: 1, outcome: { winner: null, wallGame: true } }).games[0]!.points).toEqual([10, 10, 10, 10]);
    // a game with no result has nothing to withdraw
    expect(() => applyCardEvent(fresh(), { type: 'withdraw', game: 1, reason, director: 'Rose' })).toThrow('round 1 table 3 game 1 has no result yet');
  });

  it("a player's own view: seat, marks, total, what is left to do", () => {
    const c = applyCardEvent(played(), { type: 'initial', seat: 1, player: 'bea', initials: 'BL' });
    expect(playerCardView(c, 'bea')).toEqual({ seat: 1, seatName: 'South', marks: ['-10', 'X', '10', 'X'], total: 0, initialed: true, mustVerify: 'North', complete: false });
    expect(playerCardView(applyCardEvents(fresh(), threeGames.slice(0, 1)), 'cat').marks).toEqual(['X', '', '', '']);
  });

  describe('clear errors', () => {
    const msg = (c: ScoreCard, e: CardEvent) => {
      try {
        applyCardEvent(c, e);
      } catch (err) {
        expect(err).toBeInstanceOf(TournamentError);
        return (err as Error).message;
      }
      return 'no error';
    };

    it('wrong seat: a player initialing or verifying from a seat that is not theirs', () => {
      const c = played();
      expect(msg(c, { type: 'initial', seat: 0, player: 'bea', initials: 'BL' })).toBe('round 1 table 3: initial: player "bea" sits South, not East');
      expect(msg(c, { type: 'initial', seat: 2, player: 'zoe', initials: 'ZZ' })).toBe('round 1 table 3: initial: player "zoe" does not sit at this table (West is "cat")');
      expect(msg(c, { type: 'initial', seat: 4 as 0, player: 'ann', initials: 'AK' })).toBe('round 1 table 3: initial: seat must be 0-3 (East, South, West, North), not 4');
    });

    it('wrong verification pair: East verifies West, not South', () => {
      expect(msg(played(), { type: 'verify', seat: 0, player: 'ann', of: 1 })).toBe("round 1 table 3: East verifies West's score (000), not South's");
      expect(msg(played(), { type: 'verify', seat: 1, player: 'bea', of: 1 })).toBe("round 1 table 3: South verifies North's score (000), not South's");
    });

    it('double initial and double verification', () => {
      const c = applyCardEvents(played(), [checksAndInitials[0]!, checksAndInitials[4]!]);
      expect(msg(c, { type: 'initial', seat: 0, player: 'ann', initials: 'AK' })).toBe('round 1 table 3: East ("ann") has already initialed this card');
      expect(msg(c, checksAndInitials[0]!)).toBe("round 1 table 3: East has already verified West's score");
    });

    it('initialing or verifying before every game is scored', () => {
      const c = applyCardEvents(fresh(), threeGames);
      expect(msg(c, checksAndInitials[4]!)).toBe('round 1 table 3: East cannot initial before every game is scored (game 4 missing)');
      expect(msg(fresh(), checksAndInitials[0]!)).toBe('round 1 table 3: East cannot verify before every game is scored (games 1, 2, 3, 4 missing)');
    });

    it('games: out of order, twice, out of range, impossible outcome, after initials', () => {
      expect(msg(fresh(), threeGames[1]!)).toBe('round 1 table 3: game 2 entered before game 1');
      const one = applyCardEvent(fresh(), threeGames[0]!);
      expect(msg(one, threeGames[0]!)).toBe("round 1 table 3: game 1 already has a result; only a director's correction can change it");
      expect(msg(fresh(), { type: 'game', game: 5, outcome: { winner: null, wallGame: true } })).toBe('round 1 table 3: game must be 1-4, not 5');
      expect(msg(fresh(), { type: 'game', game: 1, outcome: { winner: 0, value: 25, discarder: 0 } })).toBe('round 1 table 3 game 1: East cannot win on their own discard');
      expect(msg(played(), { type: 'time-up' })).toBe('round 1 table 3: time up, but every game already has a result');
    });

    it('a correction needs a reason and a director', () => {
      const e = { type: 'correct', game: 1, outcome: { winner: null, wallGame: true }, director: 'Rose', reason: '  ' } as const;
      expect(msg(played(), e)).toBe('round 1 table 3: a correction of game 1 needs a reason');
      expect(msg(played(), { ...e, reason: 'ok', director: '' })).toBe("round 1 table 3: a correction of game 1 needs the director's name");
    });

    it('a correction changes a result: a game with none yet is refused, and nothing moves', () => {
      const one = applyCardEvent(fresh(), threeGames[0]!);
      const e = { type: 'correct', game: 2, outcome: { winner: null, wallGame: true }, director: 'Rose', reason: 'a wall game' } as const;
      expect(msg(one, e)).toBe("round 1 table 3 game 2 has no result yet (not played yet): a correction changes a result; rule on the table's flags or wait for the game to end");
      expect(msg(one, { ...e, inPlay: 'it is in play at t3' })).toBe(
        "round 1 table 3 game 2 has no result yet (it is in play at t3): a correction changes a result; rule on the table's flags or wait for the game to end",
      );
      // the table's own game 2 then lands in slot 2, as it should
      const two = applyCardEvent(one, threeGames[1]!);
      expect(two.games.map((g) => g?.marks.join(' ') ?? null)).toEqual(['25 -10 X X', 'X X 60 X', null, null]);
    });

    it('garbage events and bad cards', () => {
      expect(msg(fresh(), null as unknown as CardEvent)).toBe('round 1 table 3: a card event must be an object with a type, not null');
      expect(msg(fresh(), { type: 'nap' } as unknown as CardEvent)).toBe('round 1 table 3: unknown card event type "nap"');
      expect(() => newScoreCard({ tournament: 'x', round: 1, table: 1, seats: ['a', 'b', 'a', 'd'] })).toThrow('round 1 table 1: player "a" sits both East and West');
      expect(() => newScoreCard({ tournament: 'x', round: 1, table: 1, seats: ['a', 'b', 'c'] })).toThrow('round 1 table 1: a table seats 4 players (East, South, West, North), not 3');
    });
  });
});
