/**
 * The words for a table's label (the number on its placard, docs/tournament-tools.md): the
 * director relabels a table or swaps two tables' labels mid-round. One wording for the hub's
 * answer, its refusals and the director's room. The label is display data: the tournament table
 * number, the hub table id and every log stay as they are.
 */

/** Longest label (characters), e.g. "12", "A-3", "Red 4". */
export const MAX_TABLE_LABEL = 12;

/** What a label may be: letters and digits, with spaces, dots and dashes inside; 1-{@link MAX_TABLE_LABEL} characters. */
export const TABLE_LABEL_PATTERN = /^[\p{L}\p{N}](?:[\p{L}\p{N} .-]*[\p{L}\p{N}])?$/u;

/**
 * The answer to a relabel, e.g. `"table 7 (t7) now shows as 12 (was 7)"`, or to a swap,
 * `"table 7 (t7) now shows as 3 and table 3 (t3) as 7"`.
 * @param t the tournament table relabelled, the hub table that plays it (null: none), its new label and the one it had
 * @param swapped the other table of a swap, with its new label; null for a plain relabel
 */
export function relabelText(t: { table: number; hubTable: string | null; label: string; was: string }, swapped: { table: number; hubTable: string | null; label: string } | null): string {
  const name = (x: { table: number; hubTable: string | null }) => `table ${x.table}${x.hubTable ? ` (${x.hubTable})` : ''}`;
  if (swapped) return `${name(t)} now shows as ${t.label} and ${name(swapped)} as ${swapped.label}`;
  return `${name(t)} now shows as ${t.label} (was ${t.was})`;
}

/** The refusal of a label another table already shows (409): `label "2" is already table 2's (t2): give "swap": true to swap the two tables' labels, or choose another label`. */
export function labelTakenText(label: string, holder: { table: number; hubTable: string | null }): string {
  return `label "${label}" is already table ${holder.table}'s${holder.hubTable ? ` (${holder.hubTable})` : ''}: give "swap": true to swap the two tables' labels, or choose another label`;
}
