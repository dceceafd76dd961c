/**
 * The game record: one JSON object per game, one per line (JSON lines), that another program can
 * replay: parse each line, score its `outcome` with `scoreTournamentGame(outcome, profile)` and get
 * its `points`. The format is documented in RECORD-FORMAT.md next to this file (000: "Game-scoring
 * is done by computer … you will be able to verify your score with the scorekeeper's records").
 * Pure: string in, string out; no file I/O.
 */
import { profileOfSettings, scoringSettingsProblem, settingsOfProfile, type TournamentScoringSettings } from '../scoring/settings.js';
import { TOURNAMENT_000, ScoringError, scoreTournamentGame, type TournamentOutcome, type TournamentProfile } from '../scoring/tournament.js';
import { SEAT_NAMES, TournamentError, type SeatName } from './errors.js';
import { arrayField, byField, isInt, isObj, listField, type FieldCheck, parseRecordLines, stringField, whichGameFields, type RecordKind } from './record-lines.js';
import type { ScoreCard, ScoredGame } from './scorecard.js';
import { SIAMESE_SEAT_NAMES, isSiameseCard, siameseMark, type SiameseScoreCard, type SiameseScoredGame } from './siamese-card.js';
import type { AnyScoreCard } from './cards.js';

/** The `format` of every line this version writes: version 2 carries the scoring `settings`. */
export const RECORD_FORMAT = 'mjhub.tournament-game/2';

/** The `format` of the first version (no `settings`; a two-tier discarder's penalty in `profile`): still read. */
export const RECORD_FORMAT_V1 = 'mjhub.tournament-game/1';

/**
 * One game of one table in one round, as one line of the record. A version-1 line is read into
 * this shape: its profile's two tiers become three, and `settings` is the profile's
 * ({@link settingsOfProfile}: a joker exchange self-picked, the best line); `format` stays as read.
 */
export interface GameRecord {
  /** {@link RECORD_FORMAT} as written; {@link RECORD_FORMAT_V1} for a line read from version 1 */
  format: typeof RECORD_FORMAT | typeof RECORD_FORMAT_V1;
  tournament: string;
  /** 1-based */
  round: number;
  /** 1-based */
  table: number;
  /** 1-4 */
  game: number;
  /** the four seats in order East, South, West, North; seat index i in `outcome` and `points` is seats[i] */
  seats: { seat: SeatName; player: string }[];
  /** the scoring settings in force (rules/scoring/settings.ts), as printed on the director's pages */
  settings: TournamentScoringSettings;
  /** the scoring numbers used (000's unless the tournament changed them): {@link profileOfSettings} of `settings` */
  profile: TournamentProfile;
  /** how the game ended: the input of scoreTournamentGame */
  outcome: TournamentOutcome;
  /** points per seat, the output of scoreTournamentGame(outcome, profile).points */
  points: number[];
  /** what the card shows per seat: the points, or "X" for 0 */
  marks: string[];
  /** who entered the final result: 'table', 'clock' (time up: unfinished) or 'director' */
  by: ScoredGame['by'];
  /** the director's corrections of this game, oldest first, with what each replaced */
  corrections: { reason: string; director: string; before: { outcome: TournamentOutcome; points: number[] } | null }[];
}

/**
 * The records of every scored game on the cards, sorted by round, table, game. Games without a
 * result are left out.
 */
export function gameRecords(cards: readonly ScoreCard[]): GameRecord[] {
  return cardLines(cards, (card, g, game) => ({
    format: RECORD_FORMAT,
    tournament: card.tournament,
    round: card.round,
    table: card.table,
    game,
    seats: card.seats.map((player, s) => ({ seat: SEAT_NAMES[s]!, player })),
    settings: structuredClone(card.settings),
    profile: { ...card.profile },
    outcome: g.outcome,
    points: [...g.points],
    marks: [...g.marks],
    by: g.by,
    corrections: card.corrections
      .filter((c) => c.game === game)
      .map((c) => ({ reason: c.reason, director: c.director, before: c.before ? { outcome: c.before.outcome, points: [...c.before.points] } : null })),
  }));
}

/** Orders lines by round, then table, then game. */
const byRoundTableGame = (a: AnyGameRecord, b: AnyGameRecord): number => a.round - b.round || a.table - b.table || a.game - b.game;

/** One line per scored game of the cards (`line(card, game, gameNo 1-4)`), sorted by round, table, game. */
function cardLines<C extends { games: readonly unknown[] }, R extends AnyGameRecord>(cards: readonly C[], line: (card: C, g: NonNullable<C['games'][number]>, game: number) => R): R[] {
  const out: R[] = [];
  for (const card of cards)
    card.games.forEach((g, i) => {
      if (g) out.push(line(card, g as NonNullable<C['games'][number]>, i + 1));
    });
  return out.sort(byRoundTableGame);
}

/** The records (either kind) as JSON lines: one compact JSON object per line, each line ended by "\n". */
export function toJsonLines(records: readonly AnyGameRecord[]): string {
  return records.map((r) => JSON.stringify(r) + '\n').join('');
}

/** Checks that `profile` holds every key of `keys`' profile with a value of the same type. */
const profileField =
  (keys: Readonly<Record<string, unknown>>): FieldCheck =>
  (x) => {
    if (!isObj(x.profile)) return 'profile must be an object';
    const wrong = Object.entries(keys).find(([k, v]) => typeof (x.profile as Record<string, unknown>)[k] !== typeof v);
    return wrong ? `profile.${wrong[0]} must be a ${typeof wrong[1]}` : null;
  };

/** A version-1 profile's keys: 000's with the two-tier penalty (`discarderFewExposures` up to `manyExposures − 1` exposures, `discarderManyExposures` from it). */
const PROFILE_V1_KEYS = (() => {
  const { discarderNoneOrOne: _a, discarderTwo: _b, discarderThreeOrMore: _c, ...rest } = TOURNAMENT_000;
  return { ...rest, discarderFewExposures: -10, discarderManyExposures: -20, manyExposures: 2 };
})();

/** The checks after `format` common to both versions. */
const FOUR_SEAT_REST: FieldCheck[] = [
  (x) => (isObj(x.outcome) ? null : 'outcome must be an object'),
  listField('points', 4, (p) => typeof p === 'number', '4 numbers'),
  listField('marks', 4, (m) => typeof m === 'string', '4 strings'),
  byField,
  arrayField('corrections'),
];

/** A line of the 4-seat record (000), version 2, its fields in the order they are checked. */
const FOUR_SEAT_LINE: RecordKind = {
  format: RECORD_FORMAT,
  fields: [
    ...whichGameFields(SEAT_NAMES),
    (x) => {
      const problem = scoringSettingsProblem(x.settings);
      if (problem) return `settings: ${problem}`;
      return (x.settings as { scheme: string }).scheme === 'tournament' ? null : 'settings.scheme must be "tournament" (a tournament game is scored by the tournament\'s numbers)';
    },
    profileField(TOURNAMENT_000),
    (x) => {
      const want = profileOfSettings(x.settings as TournamentScoringSettings);
      const p = x.profile as Record<string, unknown>;
      const k = (['selfPicked', 'jokerless', 'wallGame', 'discarderNoneOrOne', 'discarderTwo', 'discarderThreeOrMore'] as const).find((key) => p[key] !== want[key]);
      return k ? `profile.${k} is ${String(p[k])} but the settings say ${want[k]}` : null;
    },
    ...FOUR_SEAT_REST,
  ],
};

/** A line of the 4-seat record, version 1 (no `settings`, a two-tier penalty). */
const FOUR_SEAT_LINE_V1: RecordKind = {
  format: RECORD_FORMAT_V1,
  fields: [...whichGameFields(SEAT_NAMES), profileField(PROFILE_V1_KEYS), ...FOUR_SEAT_REST],
};

/**
 * A version-1 line in the version-2 shape: the two tiers of its profile spread on three (a tier
 * from `manyExposures` on pays `discarderManyExposures`), `settings` the profile's.
 */
function upgradeV1<R extends AnyGameRecord>(r: R): R {
  if (r.format !== RECORD_FORMAT_V1) return r;
  const { discarderFewExposures: few, discarderManyExposures: many, manyExposures: from, ...rest } = (r as GameRecord).profile as unknown as typeof PROFILE_V1_KEYS;
  const profile: TournamentProfile = { ...rest, discarderNoneOrOne: from <= 1 ? many : few, discarderTwo: from <= 2 ? many : few, discarderThreeOrMore: from <= 3 ? many : few };
  return { ...r, profile, settings: settingsOfProfile(profile) };
}

/**
 * Parses JSON lines into records, checking every field's shape (not the points: see
 * {@link replayGameRecord}). Version-1 lines are read in the version-2 shape ({@link GameRecord}).
 * Blank lines are skipped; "\r\n" is accepted.
 * @throws TournamentError naming the line number and what is wrong: not JSON, not an object, wrong
 *   format, or a field of the wrong shape
 */
export function parseJsonLines(text: string): GameRecord[] {
  return parseRecordLines<GameRecord>(text, [FOUR_SEAT_LINE, FOUR_SEAT_LINE_V1]).map(upgradeV1);
}

/** The result of replaying one record. */
export interface Replay {
  /** the points `scoreTournamentGame(record.outcome, record.profile)` gives */
  points: number[];
  /** its marks ("X" for 0) */
  marks: string[];
  /** the recorded points and marks are the ones the outcome gives */
  agrees: boolean;
}

/**
 * Re-scores a record's outcome with its profile and compares with the recorded points.
 * @throws TournamentError (round, table, game named) when the outcome cannot be scored
 */
export function replayGameRecord(record: GameRecord): Replay {
  try {
    const s = scoreTournamentGame(record.outcome, record.profile);
    const agrees = s.points.every((p, i) => p === record.points[i]) && s.marks.every((m, i) => m === record.marks[i]);
    return { points: s.points, marks: s.marks, agrees };
  } catch (e) {
    if (e instanceof ScoringError) throw new TournamentError(`round ${record.round} table ${record.table} game ${record.game}: ${e.message}`);
    throw e;
  }
}

/** The `format` of every line of a Siamese table's game record (RECORD-FORMAT.md, "Siamese tables"). */
export const SIAMESE_RECORD_FORMAT = 'mjhub.tournament-siamese-game/1';

/**
 * One game of one Royale Siamese table in one round, as one line of the record. The points are each
 * player's own 003 rule 17 points for the game as the Siamese referee scored them from the game's
 * events; a line is "replayed" by summing: a player's round total is the sum of their points, and the
 * lesser total pays the greater the difference (003 rule 17).
 */
export interface SiameseGameRecord {
  /** always {@link SIAMESE_RECORD_FORMAT} */
  format: typeof SIAMESE_RECORD_FORMAT;
  tournament: string;
  round: number;
  table: number;
  /** 1-4 */
  game: number;
  /** the two seats, East then West; index i in `points` and `marks` is seats[i] */
  seats: [{ seat: 'East'; player: string }, { seat: 'West'; player: string }];
  /** each player's own points for this game [East, West] (003 rule 17) */
  points: [number, number];
  /** what the card shows: the points, or "X" for 0 */
  marks: [string, string];
  by: SiameseScoredGame['by'];
  /** where the points come from: "siamese table t1 game 3 (003 rule 17)", "time up" or "director" */
  source: string;
  /** the director's corrections of this game, oldest first, with the points each replaced */
  corrections: { reason: string; director: string; before: { points: [number, number]; source: string } | null }[];
}

/** A line of either kind. */
export type AnyGameRecord = GameRecord | SiameseGameRecord;

/** The records of every scored game on Siamese cards, sorted by round, table, game. */
export function siameseGameRecords(cards: readonly SiameseScoreCard[]): SiameseGameRecord[] {
  return cardLines(cards, (card, g, game) => ({
    format: SIAMESE_RECORD_FORMAT,
    tournament: card.tournament,
    round: card.round,
    table: card.table,
    game,
    seats: [
      { seat: 'East', player: card.seats[0] },
      { seat: 'West', player: card.seats[1] },
    ],
    points: [...g.points],
    marks: [...g.marks],
    by: g.by,
    source: g.source,
    corrections: card.corrections
      .filter((c) => c.game === game)
      .map((c) => ({ reason: c.reason, director: c.director, before: c.before ? { points: [...c.before.points], source: c.before.source } : null })),
  }));
}

/** The records of every scored game on cards of either kind, sorted by round, table, game. */
export function anyGameRecords(cards: readonly AnyScoreCard[]): AnyGameRecord[] {
  const four = gameRecords(cards.filter((c): c is ScoreCard => !isSiameseCard(c)));
  const two = siameseGameRecords(cards.filter(isSiameseCard));
  return [...four, ...two].sort(byRoundTableGame);
}

/** A line of a Siamese table's record (003 rule 17), its fields in the order they are checked. */
const SIAMESE_LINE: RecordKind = {
  format: SIAMESE_RECORD_FORMAT,
  fields: [
    ...whichGameFields(SIAMESE_SEAT_NAMES),
    listField('points', 2, (p) => isInt(p, -Infinity), '2 whole numbers (East, West)'),
    listField('marks', 2, (m, i, x) => m === siameseMark((x.points as number[])[i]!), 'the 2 points as written ("X" for 0)'),
    byField,
    stringField('source'),
    arrayField('corrections'),
  ],
};

/**
 * Parses JSON lines of any format (`mjhub.tournament-game/2`, `mjhub.tournament-game/1` read as
 * version 2, and `mjhub.tournament-siamese-game/1`), checking every field's shape. Blank lines are skipped.
 * @throws TournamentError naming the line number and what is wrong
 */
export function parseAnyJsonLines(text: string): AnyGameRecord[] {
  return parseRecordLines<AnyGameRecord>(text, [FOUR_SEAT_LINE, FOUR_SEAT_LINE_V1, SIAMESE_LINE]).map(upgradeV1);
}
