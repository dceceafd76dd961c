/**
 * Move ordering: settled moves and due count checks go to a table's log in the order they
 * happened. A move is ordered by when its tile left its zone (`leftAt`; moves of the same ms by the
 * order their lines were heard), and waits while a tile that left earlier, or at the same ms, has
 * not settled yet (in a hand, or read in two zones: the tracker's watermark); a count check falls
 * due `timing.settleMs` after its time, and waits likewise.
 */
import type { SettledMove } from '../../tracking/tracker.js';

/** One thing to log: a settled move (at its `leftAt`) or a due count check (at its time), ms. */
export interface LogItem {
  at: number;
  move?: SettledMove;
  check?: true;
}

/** What {@link orderForLog} decides: what to log now, in order, and what still waits. */
export interface LogOrder {
  /** to log now, oldest first (a move before a count check of the same time) */
  items: LogItem[];
  /** settled moves still waiting for an earlier tile to settle */
  held: SettledMove[];
  /** the count checks not due yet (ms, as given) */
  pending: number[];
}

/**
 * Orders the moves settled by `now` (those `held` before first, then `settled`) and the count
 * checks due by then.
 * @param pending when each turn boundary's count check falls due, less the settle time (ms)
 * @param mark the tracker's watermark (ms): no tile that left before it is still unsettled (Infinity
 *   for none); a move that left at or after it waits
 * @param settleMs the table's `timing.settleMs`
 */
export function orderForLog(held: readonly SettledMove[], settled: readonly SettledMove[], pending: readonly number[], mark: number, now: number, settleMs: number): LogOrder {
  // moves are logged in the order the tiles left their zones: a move (or a count check) waits
  // while a tile that left earlier has not settled yet (in a hand, or read in two zones)
  // Moves of the same ms (a late hub reads several readers' lines in one batch, all stamped alike)
  // go in the order their first line was heard (line ids: one reader's lines in its own sequence),
  // and a move waits for a tile still unsettled that left at the same ms: its line may be the earlier.
  const moves = [...held, ...settled].sort((a, b) => a.leftAt - b.leftAt || firstLine(a) - firstLine(b) || a.at - b.at);
  const stillHeld = moves.filter((m) => m.leftAt >= mark);
  moves.splice(moves.length - stillHeld.length);
  const due = pending.filter((t) => t + settleMs <= now && t < mark);
  const notDue = pending.filter((t) => !(t + settleMs <= now && t < mark));
  const items: LogItem[] = [...moves.map((m) => ({ at: m.leftAt, move: m })), ...due.map((t) => ({ at: t, check: true as const }))];
  items.sort((a, b) => a.at - b.at || (a.check ? 1 : 0) - (b.check ? 1 : 0));
  return { items, held: stillHeld, pending: notDue };
}

/** The id of the first raw line a move rests on (ids grow in the order lines are heard); Infinity for none. */
function firstLine(m: SettledMove): number {
  return m.lines.length ? Math.min(...m.lines) : Number.POSITIVE_INFINITY;
}

/**
 * When the next tick is due (ms), or null for none: the tracker's next settle, a 100 ms poll while
 * moves are held or a zone is not heard (`waiting`), and each count check's due time (a check
 * already due but held behind a tile still in a hand waits for that tile's next sighting, which
 * schedules again, or 100 ms, never a 1 ms poll).
 */
export function nextTickAt(trackerDue: number | null, waiting: boolean, pending: readonly number[], now: number, settleMs: number): number | null {
  const checks = pending.map((t) => (t + settleMs > now ? t + settleMs : now + 100));
  const candidates = [trackerDue, ...(waiting ? [now + 100] : []), ...checks].filter((t): t is number => t !== null);
  return candidates.length === 0 ? null : Math.min(...candidates);
}
