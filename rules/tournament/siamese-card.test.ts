/**
 * The Siamese score card (2 seats, 003 rule 17 points kept over the round, the lesser total pays the
 * winner the difference), the circle-method seating for Siamese tables, standings over Siamese
 * cards and the Siamese record line: checked by hand.
 */
import { describe, expect, it } from 'vitest';
import {
  applySiameseCardEvent,
  applySiameseCardEvents,
  isSiameseCardComplete,
  newSiameseCard,
  siameseCardMissing,
  siameseCardTotal,
  siamesePlayerCardView,
  siameseSettlement,
  type SiameseScoreCard,
} from './siamese-card.js';
import { pairSeatingForRound, repeatPairMeetings } from './seating.js';
import { siameseCardsForRound } from './round.js';
import { standings } from './standings.js';
import { SIAMESE_RECORD_FORMAT, anyGameRecords, parseAnyJsonLines, siameseGameRecords, toJsonLines } from './record.js';
import { TournamentError } from './errors.js';

const NAMES = { ann: 'Ann', bea: 'Bea', cat: 'Cat', dot: 'Dot' };

/** Game 1 Ann 160 / Bea 15; game 2 wall game 10 / 10 (17F); game 3 Bea 50 / Ann X; game 4 unfinished at time up: X X. */
function example(): SiameseScoreCard {
  return applySiameseCardEvents(newSiameseCard({ tournament: 'Siamese Open', round: 1, table: 1, seats: ['ann', 'bea'] }), [
    { type: 'game', game: 1, points: [160, 15], source: 'siamese table t1 game 1 (003 rule 17)' },
    { type: 'game', game: 2, points: [10, 10], source: 'siamese table t1 game 2 (003 rule 17)' },
    { type: 'game', game: 3, points: [0, 50], source: 'siamese table t1 game 3 (003 rule 17)' },
    { type: 'time-up' },
  ]);
}

describe('the Siamese score card (2 seats: East, West)', () => {
  it('keeps each game as written, totals Ann 170 / Bea 75, and "Bea pays Ann 95"', () => {
    const card = example();
    expect(card.games.map((g) => g!.marks.join(' '))).toEqual(['160 15', '10 10', 'X 50', 'X X']);
    expect(card.games.map((g) => g!.by)).toEqual(['table', 'table', 'table', 'clock']);
    expect([siameseCardTotal(card, 0), siameseCardTotal(card, 1)]).toEqual([170, 75]);
    expect(siameseSettlement(card, NAMES)).toEqual({ totals: [170, 75], payer: 1, payee: 0, amount: 95, text: 'Bea pays Ann 95' });
    expect(siameseSettlement(card).text).toBe('bea pays ann 95');
    expect(siamesePlayerCardView(card, 'bea', NAMES)).toEqual({
      seat: 1,
      seatName: 'West',
      marks: ['15', '10', '50', 'X'],
      total: 75,
      settlement: 'Bea pays Ann 95',
      initialed: false,
      mustVerify: 'East',
      complete: false,
    });
  });

  it('is complete only when both have verified each other and both have initialed', () => {
    let card = example();
    expect(siameseCardMissing(card)).toEqual(["East has not verified West's score", "West has not verified East's score", 'East has not initialed', 'West has not initialed']);
    card = applySiameseCardEvents(card, [
      { type: 'verify', seat: 0, player: 'ann' },
      { type: 'verify', seat: 1, player: 'bea' },
      { type: 'initial', seat: 0, player: 'ann', initials: 'AL' },
    ]);
    expect(isSiameseCardComplete(card)).toBe(false);
    expect(siameseCardMissing(card)).toEqual(['West has not initialed']);
    card = applySiameseCardEvent(card, { type: 'initial', seat: 1, player: 'bea', initials: 'BR' });
    expect(isSiameseCardComplete(card)).toBe(true);
    expect(card.initials).toEqual(['AL', 'BR']);
  });

  it('refuses what a player cannot do, naming the round, table, seat and game', () => {
    const blank = newSiameseCard({ tournament: 'T', round: 2, table: 3, seats: ['ann', 'bea'] });
    expect(() => applySiameseCardEvent(blank, { type: 'verify', seat: 0, player: 'ann' })).toThrow('round 2 table 3: East cannot verify before every game is scored (games 1, 2, 3, 4 missing)');
    expect(() => applySiameseCardEvent(blank, { type: 'game', game: 2, points: [10, 10], source: 's' })).toThrow('round 2 table 3: game 2 entered before game 1');
    expect(() => applySiameseCardEvent(blank, { type: 'game', game: 1, points: [10, 10, 0, 0], source: 's' })).toThrow(
      'round 2 table 3 game 1: points must be 2 whole numbers (East, West), not [10,10,0,0]',
    );
    const card = example();
    expect(() => applySiameseCardEvent(card, { type: 'verify', seat: 1, player: 'ann' })).toThrow('round 1 table 1: verify: player "ann" sits East, not West');
    expect(() => applySiameseCardEvent(card, { type: 'initial', seat: 0, player: 'cat', initials: 'C' })).toThrow('player "cat" does not sit at this table (East is "ann")');
    expect(() => applySiameseCardEvent(card, { type: 'verify', seat: 2 as 0, player: 'ann' })).toThrow('seat must be 0 (East) or 1 (West) on a Siamese card, not 2');
    const once = applySiameseCardEvent(card, { type: 'initial', seat: 0, player: 'ann', initials: 'AL' });
    expect(() => applySiameseCardEvent(once, { type: 'initial', seat: 0, player: 'ann', initials: 'AL' })).toThrow('East ("ann") has already initialed this card');
    expect(() => applySiameseCardEvent(card, { type: 'time-up' })).toThrow('time up, but every game already has a result');
    expect(() => newSiameseCard({ tournament: 'T', round: 1, table: 1, seats: ['ann', 'bea', 'cat', 'dot'] })).toThrow('a Siamese table seats 2 players (East, West), not 4');
    expect(() => newSiameseCard({ tournament: 'T', round: 1, table: 1, seats: ['ann', 'ann'] })).toThrow('player "ann" sits both East and West');
  });

  it("a director's correction replaces a game, keeps what it replaced and clears both verifications and initials", () => {
    let card = applySiameseCardEvents(example(), [
      { type: 'verify', seat: 0, player: 'ann' },
      { type: 'initial', seat: 0, player: 'ann', initials: 'AL' },
    ]);
    card = applySiameseCardEvent(card, { type: 'correct', game: 3, points: [0, 25], reason: 'Bea was not jokerless', director: 'Dee' });
    expect(card.games[2]).toEqual({ points: [0, 25], marks: ['X', '25'], by: 'director', source: 'director' });
    expect(card.corrections).toEqual([
      { game: 3, reason: 'Bea was not jokerless', director: 'Dee', before: { points: [0, 50], marks: ['X', '50'], by: 'table', source: 'siamese table t1 game 3 (003 rule 17)' } },
    ]);
    expect([card.verified, card.initials]).toEqual([
      [false, false],
      [null, null],
    ]);
    expect(siameseSettlement(card, NAMES).text).toBe('Bea pays Ann 120'); // 170 − 50
    expect(() => applySiameseCardEvent(card, { type: 'correct', game: 1, points: [1, 1], reason: ' ', director: 'Dee' })).toThrow('a correction of game 1 needs a reason');
  });

  it('equal totals: nobody pays; negative points (003 17D: −20) are written as they are', () => {
    const card = applySiameseCardEvents(newSiameseCard({ tournament: 'T', round: 1, table: 1, seats: ['ann', 'bea'] }), [
      { type: 'game', game: 1, points: [50, -20], source: 's' },
      { type: 'game', game: 2, points: [0, 70], source: 's' },
      { type: 'time-up' },
    ]);
    expect(card.games[0]!.marks).toEqual(['50', '-20']);
    expect(siameseSettlement(card, NAMES)).toEqual({ totals: [50, 50], payer: null, payee: null, amount: 0, text: 'Even: nobody pays' });
  });
});

describe('seating at Siamese tables (circle method)', () => {
  const P = ['A', 'B', 'C', 'D'].map((id) => ({ id, name: id }));
  it('4 players at 2 tables: A-B / C-D, A-C / B-D, A-D / B-C, then round 1 again', () => {
    const plan = [1, 2, 3, 4].map((r) => pairSeatingForRound(P, r).map((t) => t.seats.join('-')));
    expect(plan).toEqual([
      ['A-B', 'C-D'],
      ['C-A', 'D-B'],
      ['A-D', 'B-C'],
      ['B-A', 'C-D'],
    ]);
    const three = [1, 2, 3].map((r) => pairSeatingForRound(P, r));
    expect(repeatPairMeetings(three)).toEqual([]);
    expect(repeatPairMeetings([...three, pairSeatingForRound(P, 4)])).toEqual([
      { players: ['A', 'B'], rounds: [1, 4] },
      { players: ['C', 'D'], rounds: [1, 4] },
    ]);
  });
  it('6 players meet every other player exactly once in 5 rounds', () => {
    const six = ['1', '2', '3', '4', '5', '6'].map((id) => ({ id, name: id }));
    const plan = [1, 2, 3, 4, 5].map((r) => pairSeatingForRound(six, r));
    expect(plan.map((r) => r.length)).toEqual([3, 3, 3, 3, 3]);
    expect(plan[0]!.map((t) => t.seats.join('-'))).toEqual(['1-2', '3-6', '4-5']);
    expect(new Set(plan.flat().map((t) => [...t.seats].sort().join('-'))).size).toBe(15);
    expect(repeatPairMeetings(plan)).toEqual([]);
  });
  it('refuses an odd number of players and a bad round', () => {
    expect(() => pairSeatingForRound(P.slice(0, 3), 1)).toThrow('3 players do not fill Siamese tables of two');
    expect(() => pairSeatingForRound(P, 0)).toThrow(TournamentError);
  });
  it("a round's cards seat East and West from the seating", () => {
    expect(siameseCardsForRound('T', P, 2).map((c) => [c.kind, c.table, c.seats])).toEqual([
      ['siamese', 1, ['C', 'A']],
      ['siamese', 2, ['D', 'B']],
    ]);
  });
});

/** A complete card: the games' points [East, West], both verify and initial. */
function complete(round: number, table: number, seats: [string, string], games: [number, number][]): SiameseScoreCard {
  const c = newSiameseCard({ tournament: 'T', round, table, seats });
  return applySiameseCardEvents(c, [
    ...games.map((points, i) => ({ type: 'game' as const, game: i + 1, points, source: 'test' })),
    { type: 'verify', seat: 0, player: seats[0] },
    { type: 'verify', seat: 1, player: seats[1] },
    { type: 'initial', seat: 0, player: seats[0], initials: 'X' },
    { type: 'initial', seat: 1, player: seats[1], initials: 'Y' },
  ]);
}

describe('standings over Siamese cards', () => {
  it("sum each player's own points over the cards; ties share the rank and the prize (000 TIES)", () => {
    const cards = [
      complete(
        1,
        1,
        ['ann', 'bea'],
        [
          [160, 15],
          [10, 10],
          [0, 50],
          [0, 0],
        ],
      ), // Ann 170, Bea 75
      complete(
        1,
        2,
        ['cat', 'dot'],
        [
          [25, 0],
          [0, 30],
          [10, 10],
          [0, 0],
        ],
      ), // Cat 35, Dot 40
      complete(
        2,
        1,
        ['cat', 'ann'],
        [
          [0, 0],
          [0, 0],
          [0, 0],
          [0, 0],
        ],
      ), // Cat 0, Ann 0
      complete(
        2,
        2,
        ['dot', 'bea'],
        [
          [100, 0],
          [0, 0],
          [0, 0],
          [0, 0],
        ],
      ), // Dot 100, Bea 0
    ];
    expect(standings(cards, [100, 60, 40])).toEqual([
      { rank: 1, player: 'ann', points: 170, prize: 100 },
      { rank: 2, player: 'dot', points: 140, prize: 60 },
      { rank: 3, player: 'bea', points: 75, prize: 40 },
      { rank: 4, player: 'cat', points: 35, prize: 0 },
    ]);
    const tie = [
      complete(
        1,
        1,
        ['ann', 'bea'],
        [
          [50, 0],
          [0, 0],
          [0, 0],
          [0, 0],
        ],
      ),
      complete(
        1,
        2,
        ['cat', 'dot'],
        [
          [50, 0],
          [0, 0],
          [0, 0],
          [0, 0],
        ],
      ),
    ];
    expect(standings(tie, [100, 60]).map((r) => [r.rank, r.player, r.points, r.prize])).toEqual([
      [1, 'ann', 50, 80],
      [1, 'cat', 50, 80],
      [3, 'bea', 0, 0],
      [3, 'dot', 0, 0],
    ]);
  });
  it('refuses an incomplete Siamese card, naming what is missing', () => {
    expect(() => standings([example()], [])).toThrow(
      "the card of round 1 table 1 is incomplete and not accepted: East has not verified West's score; West has not verified East's score; East has not initialed; West has not initialed",
    );
  });
});

describe('the Siamese record line', () => {
  it('writes one line per game with both seats, points, marks and source, and reads it back', () => {
    const recs = siameseGameRecords([example()]);
    expect(recs.map((r) => [r.game, r.points, r.marks, r.by])).toEqual([
      [1, [160, 15], ['160', '15'], 'table'],
      [2, [10, 10], ['10', '10'], 'table'],
      [3, [0, 50], ['X', '50'], 'table'],
      [4, [0, 0], ['X', 'X'], 'clock'],
    ]);
    const line = toJsonLines(recs).split('\n')[0];
    expect(line).toBe(
      `{"format":"${SIAMESE_RECORD_FORMAT}","tournament":"Siamese Open","round":1,"table":1,"game":1,"seats":[{"seat":"East","player":"ann"},{"seat":"West","player":"bea"}],"points":[160,15],"marks":["160","15"],"by":"table","source":"siamese table t1 game 1 (003 rule 17)","corrections":[]}`,
    );
    const back = parseAnyJsonLines(toJsonLines(anyGameRecords([example()])));
    expect(back).toEqual(recs);
    expect(() => parseAnyJsonLines(line!.replace('"marks":["160","15"]', '"marks":["160","X"]'))).toThrow('line 1: marks must be the 2 points as written ("X" for 0)');
  });
});

describe("the Siamese card refuses a correction of a game with no result, and points past a game's reach", () => {
  const blank = () => newSiameseCard({ tournament: 'Siamese Open', round: 1, table: 1, seats: ['ann', 'bea'] });
  const err = (f: () => unknown): string => {
    try {
      f();
    } catch (e) {
      expect(e).toBeInstanceOf(TournamentError);
      return (e as Error).message;
    }
    throw new Error('expected a TournamentError');
  };

  it('a correction of game 1 before it has a result is refused; the card keeps its 4 empty games', () => {
    const card = blank();
    expect(err(() => applySiameseCardEvent(card, { type: 'correct', game: 1, points: [1, 2], reason: 'early', director: 'Dee', inPlay: 'it is in play at t1' }))).toBe(
      "round 1 table 1 game 1 has no result yet (it is in play at t1): a correction changes a result; rule on the table's flags or wait for the game to end",
    );
    expect(card.games).toEqual([null, null, null, null]);
    // the table's game 1 goes in slot 1
    const one = applySiameseCardEvent(card, { type: 'game', game: 1, points: [160, 15], source: 'siamese table t1 game 1 (003 rule 17)' });
    expect(one.games).toEqual([{ points: [160, 15], marks: ['160', '15'], by: 'table', source: 'siamese table t1 game 1 (003 rule 17)' }, null, null, null]);
  });

  it('points: at most 10000 either way a seat and game; -20 and 7 are written as they are', () => {
    const one = applySiameseCardEvent(blank(), { type: 'game', game: 1, points: [160, 15], source: 't1' });
    expect(err(() => applySiameseCardEvent(one, { type: 'correct', game: 1, points: [1e12, 20], reason: 'typo', director: 'Dee' }))).toBe(
      "round 1 table 1 game 1: East's points 1000000000000 are more than a game can score (at most 10000 either way)",
    );
    expect(err(() => applySiameseCardEvent(one, { type: 'game', game: 2, points: [0, -10_005], source: 't1' }))).toBe(
      "round 1 table 1 game 2: West's points -10005 are more than a game can score (at most 10000 either way)",
    );
    expect(err(() => applySiameseCardEvent(one, { type: 'game', game: 2, points: [0, 1.5], source: 't1' }))).toBe(
      'round 1 table 1 game 2: points must be 2 whole numbers (East, West), not [0,1.5]',
    );
    const fixed = applySiameseCardEvent(one, { type: 'correct', game: 1, points: [-20, 7], reason: 'recount', director: 'Dee' });
    expect(fixed.games[0]).toEqual({ points: [-20, 7], marks: ['-20', '7'], by: 'director', source: 'director' });
    expect(fixed.corrections).toEqual([{ game: 1, reason: 'recount', director: 'Dee', before: { points: [160, 15], marks: ['160', '15'], by: 'table', source: 't1' } }]);
  });
});
