/**
 * Argument checks shared by the event stores (SQLite, PostgreSQL): a bad append names the
 * argument and what was wrong, and nothing is written.
 */

/** @throws TypeError when `value` is not a string, or is empty unless `allowEmpty` */
export function checkText(value: unknown, name: string, allowEmpty = false): asserts value is string {
  if (typeof value !== 'string') throw new TypeError(`${name} must be a string, got ${typeof value}`);
  if (!allowEmpty && value.length === 0) throw new TypeError(`${name} must not be empty`);
}

/** @throws TypeError when `value` is not a non-negative safe integer (ms since epoch) */
export function checkAt(value: unknown, name: string): asserts value is number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new TypeError(`${name} must be a non-negative integer (ms since epoch), got ${String(value)}`);
  }
}
