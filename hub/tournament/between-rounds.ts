/**
 * Games begun between rounds (000: "Four games constitute one round"; a round has its time).
 * A game under way when a round's time runs out belongs to that round (000: unfinished, it scores
 * 0), but a game a table BEGINS after the time is up and before the next round's clock starts
 * belongs to no round by itself: it must not silently become game 1 of the next round, nor vanish.
 * The tournament service lists it for the director, who assigns it to the next round (it goes on
 * that round's card as the table's next game) or drops it (it counts nowhere).
 *
 * What is listed is kept in the tournament's log (hub/tournament/service.ts):
 * - `tournament-between` `{ afterRound, hubTable, hubGameNo, began, result? }`: the game, and once it
 *   ended its result (`{ outcome }` scored by 000, or `{ points, source }`); appended again with
 *   the result when a listed game ends.
 * - `tournament-between-ruling` `{ hubTable, hubGameNo, action: 'assign'|'drop', round?, director }`.
 */
import type { TournamentOutcome } from '../../rules/scoring/tournament.js';

/** A table's result as the service writes it: a 000 outcome, or points per seat with their source. */
export type TableResult = { outcome: TournamentOutcome } | { points: number[]; source: string };

/** One game begun between rounds, as the director's room lists it. */
export interface BetweenRoundsGame {
  /** the hub table, e.g. "t1" */
  hubTable: string;
  /** the table's own game number */
  hubGameNo: number;
  /** the round whose time was up when the game began (the game began before round afterRound + 1 started) */
  afterRound: number;
  /** when the hub first saw the game under way, ms since epoch (when it was listed, if the hub saw it only then) */
  began: number;
  /** 'in play' (no result yet), 'ended' (a result, waiting for the director), 'assigned', 'dropped' */
  state: 'in play' | 'ended' | 'assigned' | 'dropped';
  /** the result once the game ended, else null */
  result: TableResult | null;
  /** the round it was assigned to (state 'assigned'), else null */
  round: number | null;
  /** who ruled, once the director did */
  director: string | null;
}

/** The key of a game in the list. */
export const betweenKey = (hubTable: string, hubGameNo: number): string => `${hubTable}#${hubGameNo}`;

/** Whether `x` is a {@link TableResult} as the log holds it. */
export function isTableResult(x: unknown): x is TableResult {
  if (typeof x !== 'object' || x === null) return false;
  const r = x as Record<string, unknown>;
  if ('outcome' in r) return typeof r.outcome === 'object' && r.outcome !== null;
  return Array.isArray(r.points) && r.points.every((p) => typeof p === 'number') && typeof r.source === 'string';
}

/**
 * Folds a `tournament-between` event into the list (a new game, or the result of one listed).
 * @throws Error for a malformed event (names the field)
 */
export function foldBetween(list: Map<string, BetweenRoundsGame>, d: Record<string, unknown>): () => void {
  const { hubTable, hubGameNo, afterRound, began } = d;
  if (typeof hubTable !== 'string' || typeof hubGameNo !== 'number' || typeof afterRound !== 'number' || typeof began !== 'number')
    throw new Error('tournament-between needs hubTable (text), hubGameNo, afterRound and began (numbers)');
  if (d.result !== undefined && !isTableResult(d.result)) throw new Error('tournament-between: result must be { outcome } or { points, source }');
  const key = betweenKey(hubTable, hubGameNo);
  const old = list.get(key);
  const result = (d.result as TableResult | undefined) ?? old?.result ?? null;
  return () => {
    list.set(key, {
      hubTable,
      hubGameNo,
      afterRound: old?.afterRound ?? afterRound,
      began: old?.began ?? began,
      state: old && old.state !== 'in play' && old.state !== 'ended' ? old.state : result ? 'ended' : 'in play',
      result,
      round: old?.round ?? null,
      director: old?.director ?? null,
    });
  };
}
