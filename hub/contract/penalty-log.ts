/**
 * The penalty and conduct log pushed live to the director's room, as zod schemas (hub/api/penalty-log.ts
 * sends it; display DashboardPenalties.svelte follows it). The log's shape is the one
 * `GET /api/director/tournament/penalties` answers ({@link PenaltyLogReply}, hub/contract/responses.ts):
 * the event penalties with their cancellations, and the games' own (000: the stolen-tile −10).
 *
 * Socket.io on `/director` (behind the director's login, as every director event), {@link PENALTY_LOG_EV}:
 * the room emits `penalties:watch` `{}` on each (re)connect and is answered with `penalties:log`
 * (the whole log); then `penalties:log` again each time the log changes (a penalty given or
 * cancelled by any director, from any screen or script). Each push is the whole log, so a push missed
 * while offline is made good by the answer of the next connect.
 */
import { z } from 'zod';
import { PenaltyLogReply } from './responses.js';

/** Socket.io events of the penalty log, on `/director`. */
export const PENALTY_LOG_EV = {
  /** display → hub: `{}` ({@link WatchPenaltiesRequestSchema}); ack `{ ok: true }`, or `{ ok: false, error }` (no tournament on this hub, a payload of another shape) */
  watch: 'penalties:watch',
  /** hub → display: the whole log ({@link PenaltyLogPushSchema}), the answer to `penalties:watch` and after every change */
  log: 'penalties:log',
} as const;

/** `penalties:watch`: the payload says nothing, `{}` (absent or null also do). */
export const WatchPenaltiesRequestSchema = z.strictObject({});

/** `penalties:log`: the event penalties (oldest first, each with its `cancelled` once cancelled) and the games' own. */
export const PenaltyLogPushSchema = PenaltyLogReply;

export type PenaltyLogPush = z.output<typeof PenaltyLogPushSchema>;
