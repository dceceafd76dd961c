/**
 * Exports of the tournament (000, the scorekeeper's records): standings as CSV and JSON, and
 * the replayable game record as JSON lines (format in rules/tournament/RECORD-FORMAT.md).
 * String builders only: no file or network I/O here, the caller writes or serves the string.
 *
 * CSV is written by hand after RFC 4180 (no CSV library is installed): fields separated by ",",
 * records ended by CRLF, a header row; a field is quoted with '"' when it contains a comma, a quote,
 * CR or LF, or starts or ends with a space, and a quote inside is doubled ('"' → '""').
 * Text fields (player id, name) that start with = + - @ or a tab/CR are prefixed with a single quote
 * by default, so a spreadsheet does not run them as formulas (CSV injection); numbers never are.
 */
import { anyGameRecords, toJsonLines } from '../../rules/tournament/record.js';
import type { AnyScoreCard } from '../../rules/tournament/cards.js';
import type { EventStanding } from '../../rules/tournament/penalties.js';

/** The `format` of the standings JSON. */
export const STANDINGS_FORMAT = 'mjhub.tournament-standings/1';

/** Options of the standings exports. */
export interface StandingsExportOptions {
  /** player id → display name (the `name` column; the id when missing) */
  names?: Readonly<Record<string, string>>;
  /** prefix text that a spreadsheet would run as a formula with "'" (default true) */
  guardFormulas?: boolean;
  /**
   * the scoring settings in force, one line each (rules/scoring/settings.ts
   * `describeScoringSettings`): the CSV gets a last column `scoring` (the lines joined by "; ",
   * on every row), the JSON a `scoring` array. Absent: neither.
   */
  scoring?: readonly string[];
}

/**
 * One CSV field after RFC 4180: quoted when it holds a comma, a double quote, CR or LF, or has a
 * leading or trailing space; inner quotes doubled. `csvField('Lee, Ann')` → `"Lee, Ann"`,
 * `csvField('Ann "Lucky" Lee')` → `"Ann ""Lucky"" Lee"`.
 */
export function csvField(value: string | number): string {
  const s = typeof value === 'number' ? String(value) : value;
  return /[",\r\n]|^ | $/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A text field that a spreadsheet would run as a formula gets a leading "'" ("=SUM(A1)" → "'=SUM(A1)"). */
export function guardFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Rows to CSV text: every field through {@link csvField}, records ended by CRLF (RFC 4180). */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((r) => r.map(csvField).join(',') + '\r\n').join('');
}

/** A player's marks in the standings: "withdrawn", "bye round 1" (rounds joined by ", "); '' for none. */
export function standingMarks(r: Pick<EventStanding, 'byes' | 'withdrawn'>): string {
  return [...(r.withdrawn ? ['withdrawn'] : []), ...(r.byes.length > 0 ? [`bye round ${r.byes.join(', ')}`] : [])].join('; ');
}

/**
 * The standings as CSV: header `rank,player,name,game points,penalties,points,prize,marks` (and
 * `scoring` when the settings are given), one row per player in the order given, CRLF line ends.
 * `points` is the total (game points + penalties), which decides the rank; `marks` says "withdrawn"
 * or "bye round 2". Prize shares are written as JavaScript writes the number (50, 33.5).
 * e.g. `2,p1,Ann Lee,75,-5,70,60,`.
 */
export function standingsCsv(rows: readonly EventStanding[], options: StandingsExportOptions = {}): string {
  const guard = options.guardFormulas === false ? (t: string) => t : guardFormula;
  const scoring = options.scoring ? [guard(options.scoring.join('; '))] : [];
  return toCsv([
    ['rank', 'player', 'name', 'game points', 'penalties', 'points', 'prize', 'marks', ...(options.scoring ? ['scoring'] : [])],
    ...rows.map((r) => [r.rank, guard(r.player), guard(options.names?.[r.player] ?? r.player), r.gamePoints, r.penalties, r.points, r.prize, standingMarks(r), ...scoring]),
  ]);
}

/**
 * The standings as a JSON document (2-space indented, ending "\n"):
 * `{ "format": "mjhub.tournament-standings/1", "tournament", "rankedBy": "points", "scoring"?: [lines],
 * "standings": [{ rank, player, name, gamePoints, penalties, points, prize, byes, withdrawn }], "penalties"?: [the log] }`
 * where `points` is the total (game points + event penalties) that ranks. JSON needs no formula
 * guard; names are written as they are.
 */
export function standingsJson(tournament: string, rows: readonly EventStanding[], options: Pick<StandingsExportOptions, 'names' | 'scoring'> & { penalties?: readonly unknown[] } = {}): string {
  return (
    JSON.stringify(
      {
        format: STANDINGS_FORMAT,
        tournament,
        rankedBy: 'points',
        ...(options.scoring ? { scoring: [...options.scoring] } : {}),
        standings: rows.map((r) => ({
          rank: r.rank,
          player: r.player,
          name: options.names?.[r.player] ?? r.player,
          gamePoints: r.gamePoints,
          penalties: r.penalties,
          points: r.points,
          prize: r.prize,
          byes: [...r.byes],
          withdrawn: r.withdrawn,
        })),
        ...(options.penalties ? { penalties: [...options.penalties] } : {}),
      },
      null,
      2,
    ) + '\n'
  );
}

/**
 * Every scored game on the cards as JSON lines, format `mjhub.tournament-game/2` for 4-seat cards
 * (each line carries the scoring `settings` in force)
 * (replayable with `parseJsonLines` + `replayGameRecord`) and `mjhub.tournament-siamese-game/1` for
 * Siamese cards (rules/tournament/RECORD-FORMAT.md; `parseAnyJsonLines` reads both).
 * @param recordOf the hub's game-record route (rules/GAME-RECORD.md, director only) of the table game
 *   a card's game came from, or undefined (a game entered by hand, or by the clock): written as `hubRecord`
 */
export function gameRecordJsonLines(cards: readonly AnyScoreCard[], recordOf?: (round: number, table: number, game: number) => string | undefined): string {
  return toJsonLines(
    anyGameRecords(cards).map((r) => {
      const hubRecord = recordOf?.(r.round, r.table, r.game);
      return hubRecord === undefined ? r : { ...r, hubRecord };
    }),
  );
}
