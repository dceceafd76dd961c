/**
 * The game record: one JSON object per game, one per line (JSON lines), that another program can
 * replay: parse each line, score its `outcome` with `scoreTournamentGame(outcome, profile)` and get
 * its `points`. The format is documented in RECORD-FORMAT.md next to this file (seed 000: "Game-scoring
 * is done by computer … you will be able to verify your score with the scorekeeper's records").
 * Pure: string in, string out; no file I/O.
 */
import { TOURNAMENT_000, ScoringError, scoreTournamentGame, type TournamentOutcome, type TournamentProfile } from '../scoring/tournament.js';
import { GAMES_PER_ROUND, SEAT_NAMES, TournamentError, type SeatName } from './errors.js';
import type { ScoreCard, ScoredGame } from './scorecard.js';
import { SIAMESE_SEAT_NAMES, isSiameseCard, siameseMark, type SiameseScoreCard, type SiameseScoredGame } from './siamese-card.js';
import type { AnyScoreCard } from './cards.js';

/** The `format` of every line of this version of the record. */
export const RECORD_FORMAT = 'mjhub.tournament-game/1';

/** One game of one table in one round, as one line of the record. */
export interface GameRecord {
  /** always {@link RECORD_FORMAT} */
  format: typeof RECORD_FORMAT;
  tournament: string;
  /** 1-based */
  round: number;
  /** 1-based */
  table: number;
  /** 1-4 */
  game: number;
  /** the four seats in order East, South, West, North; seat index i in `outcome` and `points` is seats[i] */
  seats: { seat: SeatName; player: string }[];
  /** the scoring numbers used (seed 000's unless the tournament changed them) */
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
  const out: GameRecord[] = [];
  for (const card of cards)
    card.games.forEach((g, i) => {
      if (!g) return;
      out.push({
        format: RECORD_FORMAT,
        tournament: card.tournament,
        round: card.round,
        table: card.table,
        game: i + 1,
        seats: card.seats.map((player, s) => ({ seat: SEAT_NAMES[s]!, player })),
        profile: { ...card.profile },
        outcome: g.outcome,
        points: [...g.points],
        marks: [...g.marks],
        by: g.by,
        corrections: card.corrections
          .filter((c) => c.game === i + 1)
          .map((c) => ({ reason: c.reason, director: c.director, before: c.before ? { outcome: c.before.outcome, points: [...c.before.points] } : null })),
      });
    });
  return out.sort((a, b) => a.round - b.round || a.table - b.table || a.game - b.game);
}

/** The records (either kind) as JSON lines: one compact JSON object per line, each line ended by "\n". */
export function toJsonLines(records: readonly AnyGameRecord[]): string {
  return records.map((r) => JSON.stringify(r) + '\n').join('');
}

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isInt = (x: unknown, min: number, max = Infinity): x is number => typeof x === 'number' && Number.isInteger(x) && x >= min && x <= max;

function checkRecord(x: unknown, at: string): GameRecord {
  const bad = (what: string) => new TournamentError(`${at}: ${what}`);
  if (!isObj(x)) throw bad('not a JSON object');
  if (x.format !== RECORD_FORMAT) throw bad(`format must be "${RECORD_FORMAT}", not ${JSON.stringify(x.format)}`);
  if (typeof x.tournament !== 'string') throw bad('tournament must be a string');
  if (!isInt(x.round, 1)) throw bad(`round must be a whole number ≥ 1, not ${JSON.stringify(x.round)}`);
  if (!isInt(x.table, 1)) throw bad(`table must be a whole number ≥ 1, not ${JSON.stringify(x.table)}`);
  if (!isInt(x.game, 1, GAMES_PER_ROUND)) throw bad(`game must be 1-${GAMES_PER_ROUND}, not ${JSON.stringify(x.game)}`);
  if (!Array.isArray(x.seats) || x.seats.length !== 4) throw bad('seats must list the 4 seats East, South, West, North');
  x.seats.forEach((s: unknown, i: number) => {
    if (!isObj(s) || s.seat !== SEAT_NAMES[i] || typeof s.player !== 'string') throw bad(`seats[${i}] must be {"seat":"${SEAT_NAMES[i]}","player":"…"}`);
  });
  if (!isObj(x.profile)) throw bad('profile must be an object');
  for (const [k, v] of Object.entries(TOURNAMENT_000)) {
    if (typeof x.profile[k] !== typeof v) throw bad(`profile.${k} must be a ${typeof v}`);
  }
  if (!isObj(x.outcome)) throw bad('outcome must be an object');
  if (!Array.isArray(x.points) || x.points.length !== 4 || !x.points.every((p) => typeof p === 'number')) throw bad('points must be 4 numbers');
  if (!Array.isArray(x.marks) || x.marks.length !== 4 || !x.marks.every((p) => typeof p === 'string')) throw bad('marks must be 4 strings');
  if (x.by !== 'table' && x.by !== 'clock' && x.by !== 'director') throw bad(`by must be "table", "clock" or "director", not ${JSON.stringify(x.by)}`);
  if (!Array.isArray(x.corrections)) throw bad('corrections must be an array');
  return x as unknown as GameRecord;
}

/**
 * Parses JSON lines into records, checking every field's shape (not the points: see
 * {@link replayGameRecord}). Blank lines are skipped; "\r\n" is accepted.
 * @throws TournamentError naming the line number and what is wrong: not JSON, not an object, wrong
 *   format, or a field of the wrong shape
 */
export function parseJsonLines(text: string): GameRecord[] {
  const out: GameRecord[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') return;
    let x: unknown;
    try {
      x = JSON.parse(line);
    } catch {
      throw new TournamentError(`line ${i + 1}: not JSON: ${line.slice(0, 60)}`);
    }
    out.push(checkRecord(x, `line ${i + 1}`));
  });
  return out;
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
  const out: SiameseGameRecord[] = [];
  for (const card of cards)
    card.games.forEach((g, i) => {
      if (!g) return;
      out.push({
        format: SIAMESE_RECORD_FORMAT,
        tournament: card.tournament,
        round: card.round,
        table: card.table,
        game: i + 1,
        seats: [
          { seat: 'East', player: card.seats[0] },
          { seat: 'West', player: card.seats[1] },
        ],
        points: [...g.points],
        marks: [...g.marks],
        by: g.by,
        source: g.source,
        corrections: card.corrections
          .filter((c) => c.game === i + 1)
          .map((c) => ({ reason: c.reason, director: c.director, before: c.before ? { points: [...c.before.points], source: c.before.source } : null })),
      });
    });
  return out.sort((a, b) => a.round - b.round || a.table - b.table || a.game - b.game);
}

/** The records of every scored game on cards of either kind, sorted by round, table, game. */
export function anyGameRecords(cards: readonly AnyScoreCard[]): AnyGameRecord[] {
  const four = gameRecords(cards.filter((c): c is ScoreCard => !isSiameseCard(c)));
  const two = siameseGameRecords(cards.filter(isSiameseCard));
  return [...four, ...two].sort((a, b) => a.round - b.round || a.table - b.table || a.game - b.game);
}

function checkSiameseRecord(x: Record<string, unknown>, at: string): SiameseGameRecord {
  const bad = (what: string) => new TournamentError(`${at}: ${what}`);
  if (typeof x.tournament !== 'string') throw bad('tournament must be a string');
  if (!isInt(x.round, 1)) throw bad(`round must be a whole number ≥ 1, not ${JSON.stringify(x.round)}`);
  if (!isInt(x.table, 1)) throw bad(`table must be a whole number ≥ 1, not ${JSON.stringify(x.table)}`);
  if (!isInt(x.game, 1, GAMES_PER_ROUND)) throw bad(`game must be 1-${GAMES_PER_ROUND}, not ${JSON.stringify(x.game)}`);
  if (!Array.isArray(x.seats) || x.seats.length !== 2) throw bad('seats must list the 2 seats East, West');
  x.seats.forEach((s: unknown, i: number) => {
    if (!isObj(s) || s.seat !== SIAMESE_SEAT_NAMES[i] || typeof s.player !== 'string') throw bad(`seats[${i}] must be {"seat":"${SIAMESE_SEAT_NAMES[i]}","player":"…"}`);
  });
  if (!Array.isArray(x.points) || x.points.length !== 2 || !x.points.every((p) => isInt(p, -Infinity))) throw bad('points must be 2 whole numbers (East, West)');
  if (!Array.isArray(x.marks) || x.marks.length !== 2 || !x.marks.every((m, i) => m === siameseMark((x.points as number[])[i]!)))
    throw bad('marks must be the 2 points as written ("X" for 0)');
  if (x.by !== 'table' && x.by !== 'clock' && x.by !== 'director') throw bad(`by must be "table", "clock" or "director", not ${JSON.stringify(x.by)}`);
  if (typeof x.source !== 'string') throw bad('source must be a string');
  if (!Array.isArray(x.corrections)) throw bad('corrections must be an array');
  return x as unknown as SiameseGameRecord;
}

/**
 * Parses JSON lines of either format (`mjhub.tournament-game/1` and
 * `mjhub.tournament-siamese-game/1`), checking every field's shape. Blank lines are skipped.
 * @throws TournamentError naming the line number and what is wrong
 */
export function parseAnyJsonLines(text: string): AnyGameRecord[] {
  const out: AnyGameRecord[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') return;
    let x: unknown;
    try {
      x = JSON.parse(line);
    } catch {
      throw new TournamentError(`line ${i + 1}: not JSON: ${line.slice(0, 60)}`);
    }
    out.push(isObj(x) && x.format === SIAMESE_RECORD_FORMAT ? checkSiameseRecord(x, `line ${i + 1}`) : checkRecord(x, `line ${i + 1}`));
  });
  return out;
}
