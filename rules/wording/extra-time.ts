/**
 * The words for a table's extra time (the director's tool, docs/tournament-tools.md), one wording
 * for the hub's answer and the director's room. Grants add up: each one is listed, with the total.
 */

/**
 * A table's extra time in all, e.g. `"table 2: 15 minutes of extra time (10 + 5)"`, or
 * `"table 2: 10 minutes of extra time"` for a single grant.
 * @param grants the minutes of each grant, in the order given (at least one)
 */
export function extraTimeText(table: number, grants: readonly number[]): string {
  const total = grants.reduce((a, b) => a + b, 0);
  return `table ${table}: ${minutes(total)} of extra time${grants.length > 1 ? ` (${grants.join(' + ')})` : ''}`;
}

/**
 * The answer to one grant, saying what it added and the total now granted, e.g.
 * `"table 2: 5 more minutes, 15 minutes of extra time in all (10 + 5)"`; the first grant:
 * `"table 2: 10 minutes of extra time"`.
 * @param grants the minutes of each grant so far, the one just given last
 */
export function extraTimeGrantText(table: number, grants: readonly number[]): string {
  if (grants.length <= 1) return extraTimeText(table, grants);
  const total = grants.reduce((a, b) => a + b, 0);
  return `table ${table}: ${grants.at(-1)} more ${grants.at(-1) === 1 ? 'minute' : 'minutes'}, ${minutes(total)} of extra time in all (${grants.join(' + ')})`;
}

function minutes(n: number): string {
  return n === 1 ? '1 minute' : `${n} minutes`;
}
