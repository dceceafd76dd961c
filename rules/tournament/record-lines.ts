/**
 * Reading the game record (RECORD-FORMAT.md): one JSON-lines parser for every kind of line. A kind
 * of line is data: the `format` it carries and the checks of its fields, in the order their errors
 * are reported. The kinds themselves (4-seat, 000; Siamese, 003 rule 17) are in record.ts.
 * Pure: string in, values out; no file I/O.
 */
import { GAMES_PER_ROUND, TournamentError } from './errors.js';

/** One line read as a JSON object. */
export type RecordObject = Record<string, unknown>;

/** A check of one field of a line: what is wrong ("round must be a whole number ≥ 1, not 0"), or null when it is right. */
export type FieldCheck = (x: RecordObject) => string | null;

/** One kind of line of the record: its `format` and its field checks, in the order they are made. */
export interface RecordKind {
  /** the `format` every line of this kind carries ("mjhub.tournament-game/2") */
  format: string;
  /** the checks of the other fields; the first that finds something wrong names the error */
  fields: readonly FieldCheck[];
}

/** True for a JSON object (not null, not an array). */
export const isObj = (x: unknown): x is RecordObject => typeof x === 'object' && x !== null && !Array.isArray(x);
/** True for a whole number from `min` to `max` (inclusive). */
export const isInt = (x: unknown, min: number, max = Infinity): x is number => typeof x === 'number' && Number.isInteger(x) && x >= min && x <= max;

/** Checks that field `name` is a string ("tournament must be a string"). */
export const stringField =
  (name: string): FieldCheck =>
  (x) =>
    typeof x[name] === 'string' ? null : `${name} must be a string`;

/** Checks that field `name` is an array ("corrections must be an array"). */
export const arrayField =
  (name: string): FieldCheck =>
  (x) =>
    Array.isArray(x[name]) ? null : `${name} must be an array`;

/** Checks that field `name` is a whole number ≥ 1 (round, table: 1-based). */
export const countField =
  (name: string): FieldCheck =>
  (x) =>
    isInt(x[name], 1) ? null : `${name} must be a whole number ≥ 1, not ${JSON.stringify(x[name])}`;

/** Checks `game`: 1 to GAMES_PER_ROUND (4) (000: a round is four games). */
export const gameField: FieldCheck = (x) => (isInt(x.game, 1, GAMES_PER_ROUND) ? null : `game must be 1-${GAMES_PER_ROUND}, not ${JSON.stringify(x.game)}`);

/**
 * Checks `seats`: one `{"seat": <name>, "player": "…"}` per seat name, in the order given
 * (East, South, West, North; or East, West at a Siamese table).
 */
export const seatsField =
  (names: readonly string[]): FieldCheck =>
  (x) => {
    if (!Array.isArray(x.seats) || x.seats.length !== names.length) return `seats must list the ${names.length} seats ${names.join(', ')}`;
    const wrong = x.seats.findIndex((s: unknown, i: number) => !isObj(s) || s.seat !== names[i] || typeof s.player !== 'string');
    return wrong < 0 ? null : `seats[${wrong}] must be {"seat":"${names[wrong]}","player":"…"}`;
  };

/**
 * Checks that field `name` lists `count` values, each passing `each(value, index, line)`
 * ("points must be 4 numbers": `what` is "4 numbers").
 */
export const listField =
  (name: string, count: number, each: (v: unknown, i: number, x: RecordObject) => boolean, what: string): FieldCheck =>
  (x) => {
    const v = x[name];
    return Array.isArray(v) && v.length === count && v.every((e, i) => each(e, i, x)) ? null : `${name} must be ${what}`;
  };

/**
 * The checks of the fields that say which game a line is, shared by every kind, in order:
 * `tournament` (a string), `round` and `table` (whole numbers ≥ 1), `game` (1-4) and `seats`
 * (one per name of `seatNames`, in that order).
 */
export const whichGameFields = (seatNames: readonly string[]): FieldCheck[] => [stringField('tournament'), countField('round'), countField('table'), gameField, seatsField(seatNames)];

/** Checks `by`, who entered the result: "table", "clock" (time up) or "director". */
export const byField: FieldCheck = (x) => (x.by === 'table' || x.by === 'clock' || x.by === 'director' ? null : `by must be "table", "clock" or "director", not ${JSON.stringify(x.by)}`);

function checkLine(x: unknown, kinds: readonly [RecordKind, ...RecordKind[]], at: string): RecordObject {
  const bad = (what: string) => new TournamentError(`${at}: ${what}`);
  if (!isObj(x)) throw bad('not a JSON object');
  const kind = kinds.find((k) => k.format === x.format);
  if (!kind) throw bad(`format must be "${kinds[0].format}", not ${JSON.stringify(x.format)}`);
  for (const check of kind.fields) {
    const wrong = check(x);
    if (wrong !== null) throw bad(wrong);
  }
  return x;
}

/**
 * Parses JSON lines, each of one of `kinds` (chosen by its `format`), checking every field's shape.
 * Blank lines are skipped; "\r\n" is accepted.
 * @param kinds the kinds of line accepted; a line of no kind is refused with the first kind's format
 * @returns the lines as objects of type R, in order (R: the caller's type of those kinds' lines)
 * @throws TournamentError "line <n>: <what is wrong>": not JSON (with the line's first 60
 *   characters), not a JSON object, a wrong format, or the first field check that fails
 */
export function parseRecordLines<R>(text: string, kinds: readonly [RecordKind, ...RecordKind[]]): R[] {
  const out: R[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') return;
    let x: unknown;
    try {
      x = JSON.parse(line);
    } catch {
      throw new TournamentError(`line ${i + 1}: not JSON: ${line.slice(0, 60)}`);
    }
    out.push(checkLine(x, kinds, `line ${i + 1}`) as unknown as R);
  });
  return out;
}
