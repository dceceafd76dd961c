/**
 * The room's order at a big event: the tables that need the director first, then the others in the
 * hub's order (a table moves only when its need changes), and the hall / section filter.
 */
import type { TableSummary } from './dashboard.js';

/**
 * How soon a table needs the director, 0 first: 0 an open flag or time up (red), 1 a call not
 * taken, 2 a reader down or the clock about to run out (amber), 3 not live (the hub cannot be
 * heard for it), 4 all fine.
 */
export function needRank(summary: Pick<TableSummary, 'urgency'> | undefined, called: boolean): number {
  if (summary?.urgency === 'red') return 0;
  if (called) return 1;
  if (summary?.urgency === 'amber') return 2;
  if (summary === undefined || summary.urgency === 'unknown') return 3;
  return 4;
}

/**
 * The tables' ids in the room's order: by {@link needRank}, then the hub's order.
 * @param ids the tables in the hub's order
 * @param called the tables with a call not taken
 */
export function roomOrder(ids: readonly string[], summaries: Readonly<Record<string, Pick<TableSummary, 'urgency'>>>, called: ReadonlySet<string>): string[] {
  return ids
    .map((id, i) => ({ id, i, rank: needRank(summaries[id], called.has(id)) }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map((x) => x.id);
}

/** The room's sections in the order first met; "" (a table with no section) is left out. */
export function sectionsOf(tables: readonly { section: string }[]): string[] {
  return [...new Set(tables.map((t) => t.section).filter((s) => s !== ''))];
}
