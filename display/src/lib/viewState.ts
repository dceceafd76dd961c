/**
 * The pure part of the live view: a full snapshot, then deltas applied strictly in sequence.
 *
 * Contract (hub/contract/socket.ts, views.ts): every (re)connect gets a snapshot `{ tableId, seq, view }`;
 * then deltas `{ tableId, seq, changes }` where `seq` is exactly the previous seq + 1 and `changes`
 * replaces top-level keys of the view. A delta is never applied out of order: a gap means "ask for
 * a snapshot again" (EV.resync), and deltas are ignored until that snapshot arrives.
 *
 * Nothing here throws on garbage from the hub: a bad payload is ignored with a reason naming the
 * field (the view is checked with the contract's schema).
 * No DOM, no socket: the store in socket.ts feeds this and acts on the result.
 */
import type { PublicTableView } from '../../../hub/api/views.js';
import { check } from '../../../hub/contract/issues.js';
import { PublicTableViewSchema } from '../../../hub/contract/views.js';

/** What the display shows about its link to the hub. Only `live` data is shown as live. */
export type ConnectionState = 'connecting' | 'live' | 'lost';

/** The transport as the socket sees it: not yet connected, connected, or dropped/refused. */
export type TransportState = 'connecting' | 'up' | 'down';

/** The view held by one display, and where it is in the hub's sequence. */
export interface SeqState<V extends PublicTableView = PublicTableView> {
  /** the table this display watches; payloads for other tables are ignored */
  tableId: string;
  /** sequence number of `view`, or null before the first snapshot */
  seq: number | null;
  /** the last view received (kept, greyed out, while the link is lost) */
  view: V | null;
  /** true from (re)connect or a sequence gap until the next snapshot: deltas are ignored meanwhile */
  awaitingSnapshot: boolean;
}

/**
 * One step of the state machine.
 * - `applied`: the state changed (snapshot taken or delta applied).
 * - `ignored`: nothing changed (duplicate, other table, waiting for a snapshot, malformed snapshot).
 * - `resync`: a gap or a malformed delta; the caller must emit EV.resync; the state now awaits a snapshot.
 */
export type Step<V extends PublicTableView = PublicTableView> =
  | { type: 'applied'; state: SeqState<V> }
  | { type: 'ignored'; state: SeqState<V>; reason: string }
  | { type: 'resync'; state: SeqState<V>; reason: string };

/** The state of a display that has not heard from the hub yet. */
export function initialState<V extends PublicTableView = PublicTableView>(tableId: string): SeqState<V> {
  return { tableId, seq: null, view: null, awaitingSnapshot: true };
}

/** On every (re)connect: keep the last view (to grey it out) but wait for a fresh snapshot. */
export function onConnect<V extends PublicTableView>(state: SeqState<V>): SeqState<V> {
  return { ...state, awaitingSnapshot: true };
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function isSeq(x: unknown): x is number {
  return typeof x === 'number' && Number.isInteger(x) && x >= 0;
}

/**
 * Checks a view against the contract's public view schema (hub/contract/views.ts): every field the
 * display draws from, of its type. A director view is a public view plus its own fields (kept, not checked here).
 * @returns null when usable, else the first problem naming the field (e.g. "view.players must be array").
 */
export function checkView(view: unknown): string | null {
  const r = check(PublicTableViewSchema, view, 'view');
  return r.ok ? null : r.error;
}

/**
 * The view after a delta: `changes` replace top-level keys; a key the hub dropped comes as null
 * and is removed when the contract has it optional (`scoring`, `results`, `clock`, …).
 */
export function applyChanges<V extends object>(view: V, changes: Record<string, unknown>, shape: Record<string, { safeParse(v: unknown): { success: boolean } }>): V {
  const next: Record<string, unknown> = { ...view, ...changes };
  for (const [k, v] of Object.entries(changes)) {
    const field = shape[k];
    if (v === null && field && !field.safeParse(null).success && field.safeParse(undefined).success) delete next[k];
  }
  return next as V;
}

/**
 * Takes a snapshot. A snapshot always wins over what is held, whatever its seq (the hub may have
 * restarted and counted again from 0).
 * @param payload unchecked `SnapshotPayload` from the socket
 */
export function onSnapshot<V extends PublicTableView>(state: SeqState<V>, payload: unknown): Step<V> {
  if (!isRecord(payload)) return { type: 'ignored', state, reason: 'snapshot is not an object' };
  if (payload.tableId !== state.tableId) {
    return { type: 'ignored', state, reason: `snapshot for table ${JSON.stringify(payload.tableId)}, watching ${JSON.stringify(state.tableId)}` };
  }
  if (!isSeq(payload.seq)) return { type: 'ignored', state, reason: `snapshot seq ${JSON.stringify(payload.seq)} is not a whole number ≥ 0` };
  const problem = checkView(payload.view);
  if (problem) return { type: 'ignored', state, reason: `snapshot ${problem}` };
  return {
    type: 'applied',
    state: { tableId: state.tableId, seq: payload.seq, view: payload.view as V, awaitingSnapshot: false },
  };
}

/**
 * Applies a delta if and only if its seq is exactly the held seq + 1.
 * - older or equal seq: ignored (a duplicate);
 * - a gap (seq > held + 1) or a malformed `changes`: `resync`;
 * - before the first snapshot or while awaiting one: ignored.
 * `changes.tableId` is never applied (a view does not change table).
 * @param payload unchecked `DeltaPayload` from the socket
 */
export function onDelta<V extends PublicTableView>(state: SeqState<V>, payload: unknown): Step<V> {
  if (!isRecord(payload)) return { type: 'ignored', state, reason: 'delta is not an object' };
  if (payload.tableId !== state.tableId) {
    return { type: 'ignored', state, reason: `delta for table ${JSON.stringify(payload.tableId)}, watching ${JSON.stringify(state.tableId)}` };
  }
  if (state.view === null || state.seq === null) return { type: 'ignored', state, reason: 'delta before the first snapshot' };
  if (state.awaitingSnapshot) return { type: 'ignored', state, reason: 'delta while awaiting a snapshot' };
  if (!isSeq(payload.seq)) {
    return { type: 'resync', state: { ...state, awaitingSnapshot: true }, reason: `delta seq ${JSON.stringify(payload.seq)} is not a whole number ≥ 0` };
  }
  if (payload.seq <= state.seq) return { type: 'ignored', state, reason: `delta seq ${payload.seq} already held (at ${state.seq})` };
  if (payload.seq !== state.seq + 1) {
    return { type: 'resync', state: { ...state, awaitingSnapshot: true }, reason: `sequence gap: held ${state.seq}, got ${payload.seq}` };
  }
  if (!isRecord(payload.changes)) {
    return { type: 'resync', state: { ...state, awaitingSnapshot: true }, reason: `delta ${payload.seq} changes is not an object` };
  }
  const { tableId: _ignored, ...changes } = payload.changes;
  const view = applyChanges(state.view, changes, PublicTableViewSchema.shape);
  const problem = checkView(view);
  if (problem) return { type: 'resync', state: { ...state, awaitingSnapshot: true }, reason: `delta ${payload.seq} leaves ${problem}` };
  return { type: 'applied', state: { ...state, seq: payload.seq, view } };
}

/**
 * What to show: `live` only when the transport is up, a snapshot is held and no snapshot is awaited.
 * A dropped or refused transport is `lost` (the last view stays, greyed out).
 */
export function connectionState(transport: TransportState, state: SeqState<PublicTableView>): ConnectionState {
  if (transport === 'down') return 'lost';
  if (transport === 'connecting') return 'connecting';
  return state.view !== null && !state.awaitingSnapshot ? 'live' : 'connecting';
}
