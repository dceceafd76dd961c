/**
 * The pure part of the seat page's live view (contract: hub/api/seat-events.ts): a full snapshot,
 * then deltas applied strictly in sequence, like viewState.ts does for the table view but for a
 * SeatView. Nothing here throws on garbage from the hub: a bad payload is ignored with a reason.
 */
import type { SeatView } from '../../../hub/api/views.js';
import { check } from '../../../hub/contract/issues.js';
import { SeatViewSchema } from '../../../hub/contract/views.js';
import { applyChanges } from './viewState.js';

/** The seat view held by the phone, and where it is in the hub's sequence. */
export interface SeatSeqState {
  seq: number | null;
  view: SeatView | null;
  /** from (re)connect or a gap until the next snapshot: deltas are ignored meanwhile */
  awaitingSnapshot: boolean;
}

/** `applied` (state changed), `ignored` (nothing changed), `resync` (ask for a snapshot again). */
export type SeatStep = { type: 'applied'; state: SeatSeqState } | { type: 'ignored'; state: SeatSeqState; reason: string } | { type: 'resync'; state: SeatSeqState; reason: string };

export const initialSeatState: SeatSeqState = { seq: null, view: null, awaitingSnapshot: true };

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}
function isSeq(x: unknown): x is number {
  return typeof x === 'number' && Number.isInteger(x) && x >= 0;
}

/**
 * Checks a seat view against the contract's schema (hub/contract/views.ts `SeatViewSchema`).
 * @returns null when usable, else the first problem naming the field (e.g. "view.racks.0.concealed is required")
 */
export function checkSeatView(view: unknown): string | null {
  const r = check(SeatViewSchema, view, 'view');
  return r.ok ? null : r.error;
}

/** Takes a snapshot `{ tableId, seq, view }` whatever its seq (the hub may have restarted). */
export function onSeatSnapshot(state: SeatSeqState, payload: unknown): SeatStep {
  if (!isRecord(payload)) return { type: 'ignored', state, reason: 'snapshot is not an object' };
  if (!isSeq(payload.seq)) return { type: 'ignored', state, reason: `snapshot seq ${JSON.stringify(payload.seq)} is not a whole number ≥ 0` };
  const problem = checkSeatView(payload.view);
  if (problem) return { type: 'ignored', state, reason: `snapshot ${problem}` };
  return { type: 'applied', state: { seq: payload.seq, view: payload.view as SeatView, awaitingSnapshot: false } };
}

/** Applies a delta `{ tableId, seq, changes }` if and only if seq is exactly the held seq + 1; a gap asks for a resync. */
export function onSeatDelta(state: SeatSeqState, payload: unknown): SeatStep {
  if (!isRecord(payload)) return { type: 'ignored', state, reason: 'delta is not an object' };
  if (state.view === null || state.seq === null || state.awaitingSnapshot) return { type: 'ignored', state, reason: 'delta before a snapshot' };
  if (!isSeq(payload.seq)) return { type: 'resync', state: { ...state, awaitingSnapshot: true }, reason: `delta seq ${JSON.stringify(payload.seq)} is not a whole number ≥ 0` };
  if (payload.seq <= state.seq) return { type: 'ignored', state, reason: `delta seq ${payload.seq} already held (at ${state.seq})` };
  if (payload.seq !== state.seq + 1) return { type: 'resync', state: { ...state, awaitingSnapshot: true }, reason: `sequence gap: held ${state.seq}, got ${payload.seq}` };
  if (!isRecord(payload.changes)) return { type: 'resync', state: { ...state, awaitingSnapshot: true }, reason: `delta ${payload.seq} changes is not an object` };
  const { tableId: _t, player: _p, ...changes } = payload.changes;
  const view = applyChanges(state.view, changes, SeatViewSchema.shape);
  const problem = checkSeatView(view);
  if (problem) return { type: 'resync', state: { ...state, awaitingSnapshot: true }, reason: `delta ${payload.seq} leaves ${problem}` };
  return { type: 'applied', state: { ...state, seq: payload.seq, view } };
}

/** The table/player/game a token names, read (NOT checked: only the hub can) from its payload, or null. */
export function peekSeatToken(token: string): { table: string; player: number; game: number; exp: number } | null {
  try {
    const b64 = token.split('.')[0]!.replace(/-/g, '+').replace(/_/g, '/');
    const raw = JSON.parse(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4))) as Record<string, unknown>;
    if (typeof raw.t !== 'string' || typeof raw.p !== 'number' || typeof raw.g !== 'number' || typeof raw.e !== 'number') return null;
    return { table: raw.t, player: raw.p, game: raw.g, exp: raw.e };
  } catch {
    return null;
  }
}
