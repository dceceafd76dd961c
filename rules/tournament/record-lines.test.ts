import { describe, expect, it } from 'vitest';
import { SETTINGS_000 } from '../scoring/settings.js';
import { TOURNAMENT_000 } from '../scoring/tournament.js';
import { TournamentError } from './errors.js';
import { parseRecordLines } from './record-lines.js';
import { parseAnyJsonLines, parseJsonLines } from './record.js';

/** A well-formed 4-seat line (RECORD-FORMAT.md), written by hand: East wins 25 off South's discard. */
const FOUR = {
  ...{ format: 'mjhub.tournament-game/2', tournament: 'Spring Open', round: 1, table: 2, game: 3 },
  seats: ['ann', 'bea', 'cat', 'dot'].map((player, i) => ({ seat: ['East', 'South', 'West', 'North'][i], player })),
  settings: structuredClone(SETTINGS_000),
  profile: { ...TOURNAMENT_000 },
  outcome: { winner: 0, value: 25, discarder: 1 },
  ...{ points: [100, -50, -25, -25], marks: ['100', '-50', '-25', '-25'], by: 'table', corrections: [] },
};
/** A well-formed Siamese line: East 160, West 0 (003 rule 17). */
const TWO = {
  ...{ format: 'mjhub.tournament-siamese-game/1', tournament: 'Siamese Open', round: 2, table: 1, game: 4 },
  seats: [
    { seat: 'East', player: 'ann' },
    { seat: 'West', player: 'bea' },
  ],
  ...{ points: [160, 0], marks: ['160', 'X'], by: 'director', source: 'director', corrections: [] },
};

const line = (base: object, change: Record<string, unknown>): string => JSON.stringify({ ...base, ...change });

describe('reading the record lines: every field of each kind, checked in order', () => {
  it('reads good lines of both kinds, skipping blank lines and accepting \\r\\n', () => {
    const text = `${JSON.stringify(FOUR)}\r\n\n${JSON.stringify(TWO)}\n`;
    expect(parseAnyJsonLines(text)).toEqual([FOUR, TWO]);
    expect(parseJsonLines(`\n${JSON.stringify(FOUR)}\n`)).toEqual([FOUR]);
  });

  it('names the line and what is wrong in a 4-seat line', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ tournament: 7 }, 'tournament must be a string'],
      [{ round: 0 }, 'round must be a whole number ≥ 1, not 0'],
      [{ table: 1.5 }, 'table must be a whole number ≥ 1, not 1.5'],
      [{ game: 5 }, 'game must be 1-4, not 5'],
      [{ seats: FOUR.seats.slice(0, 2) }, 'seats must list the 4 seats East, South, West, North'],
      [{ seats: [...FOUR.seats.slice(0, 3), { seat: 'North' }] }, 'seats[3] must be {"seat":"North","player":"…"}'],
      [{ settings: undefined }, 'settings: must be an object'],
      [{ settings: { ...SETTINGS_000, wallGame: 'x' } }, 'settings: wallGame must be a whole number of points, not "x"'],
      [{ settings: { ...SETTINGS_000, selfPick: 10 } }, 'settings: selfPick is not a setting of tournament scoring'],
      [{ profile: [] }, 'profile must be an object'],
      [{ profile: { ...TOURNAMENT_000, discarderThreeOrMore: -25 } }, 'profile.discarderThreeOrMore is -25 but the settings say -20'],
      [{ profile: { ...TOURNAMENT_000, wallGame: 'x' } }, `profile.wallGame must be a ${typeof TOURNAMENT_000.wallGame}`],
      [{ outcome: null }, 'outcome must be an object'],
      [{ points: [1, 2, 3] }, 'points must be 4 numbers'],
      [{ marks: ['1', '2', '3', 4] }, 'marks must be 4 strings'],
      [{ by: 'referee' }, 'by must be "table", "clock" or "director", not "referee"'],
      [{ corrections: {} }, 'corrections must be an array'],
      // two wrong fields: the first in the order of the format is named
      [{ game: 0, by: 'x' }, 'game must be 1-4, not 0'],
    ];
    for (const [change, what] of cases) {
      expect(() => parseJsonLines(`\n${line(FOUR, change)}`), what).toThrow(new TournamentError(`line 2: ${what}`));
      expect(() => parseAnyJsonLines(line(FOUR, change)), what).toThrow(new TournamentError(`line 1: ${what}`));
    }
  });

  it("reads a version-1 line: its two-tier profile on three tiers, the settings its profile's", () => {
    const { discarderNoneOrOne: _a, discarderTwo: _b, discarderThreeOrMore: _c, ...rest } = TOURNAMENT_000;
    // a version-1 tournament whose penalty was −10 up to 2 exposures, −25 from 3 (manyExposures 3)
    const v1 = { ...FOUR, format: 'mjhub.tournament-game/1', settings: undefined, profile: { ...rest, discarderFewExposures: -10, discarderManyExposures: -25, manyExposures: 3 } };
    const [r] = parseJsonLines(JSON.stringify(v1));
    expect(r!.format).toBe('mjhub.tournament-game/1');
    expect(r!.profile).toEqual({ ...TOURNAMENT_000, discarderTwo: -10, discarderThreeOrMore: -25 });
    expect(r!.settings).toEqual({ ...SETTINGS_000, discarderPenalty: { noneOrOne: -10, two: -10, threeOrMore: -25 } });
    expect(() => parseJsonLines(JSON.stringify({ ...v1, profile: { ...v1.profile, manyExposures: '2' } }))).toThrow(new TournamentError('line 1: profile.manyExposures must be a number'));
  });

  it('names the line and what is wrong in a Siamese line', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ tournament: null }, 'tournament must be a string'],
      [{ round: '1' }, 'round must be a whole number ≥ 1, not "1"'],
      [{ game: 0 }, 'game must be 1-4, not 0'],
      [{ seats: FOUR.seats }, 'seats must list the 2 seats East, West'],
      [{ seats: [TWO.seats[0], { seat: 'South', player: 'bea' }] }, 'seats[1] must be {"seat":"West","player":"…"}'],
      [{ points: [160, 0.5] }, 'points must be 2 whole numbers (East, West)'],
      [{ marks: ['160', '0'] }, 'marks must be the 2 points as written ("X" for 0)'],
      [{ by: undefined }, 'by must be "table", "clock" or "director", not undefined'],
      [{ source: 3 }, 'source must be a string'],
      [{ corrections: 'none' }, 'corrections must be an array'],
    ];
    for (const [change, what] of cases) expect(() => parseAnyJsonLines(line(TWO, change)), what).toThrow(new TournamentError(`line 1: ${what}`));
  });

  it('refuses what is not a line of a known kind', () => {
    expect(() => parseAnyJsonLines('{"a":1')).toThrow(new TournamentError('line 1: not JSON: {"a":1'));
    expect(() => parseAnyJsonLines('"text"')).toThrow(new TournamentError('line 1: not a JSON object'));
    expect(() => parseAnyJsonLines(line(TWO, { format: 'other/2' }))).toThrow(new TournamentError('line 1: format must be "mjhub.tournament-game/2", not "other/2"'));
    // the 4-seat reader does not take a Siamese line
    expect(() => parseJsonLines(JSON.stringify(TWO))).toThrow(new TournamentError('line 1: format must be "mjhub.tournament-game/2", not "mjhub.tournament-siamese-game/1"'));
  });

  it('parseRecordLines: the kinds are data (format + field checks)', () => {
    const kind = { format: 'x/1', fields: [(x: Record<string, unknown>) => (x.n === 1 ? null : 'n must be 1')] };
    expect(parseRecordLines<{ format: string; n: number }>('{"format":"x/1","n":1}\n', [kind])).toEqual([{ format: 'x/1', n: 1 }]);
    expect(() => parseRecordLines('{"format":"x/1","n":2}', [kind])).toThrow(new TournamentError('line 1: n must be 1'));
    expect(() => parseRecordLines('{"format":"y/1"}', [kind])).toThrow(new TournamentError('line 1: format must be "x/1", not "y/1"'));
  });
});
