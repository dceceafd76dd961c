/**
 * The socket.io events between hub and displays (namespace `/` for public table views).
 * Every (re)connect gets a full snapshot; then deltas whose `seq` is exactly one more than the
 * last one the client holds. A client that sees a gap asks for a snapshot again.
 */
import type { DirectorTableView, PublicTableView } from './views.js';

/** Event names, as constants so hub and display cannot drift apart. */
export const EV = {
  /** client → hub: `{ tableId }`; the hub answers with `snapshot` (or `problem`) */
  watch: 'table:watch',
  /** client → hub: `{ tableId }`; ask again for a full snapshot (after a sequence gap) */
  resync: 'table:resync',
  /** hub → client: the whole public view */
  snapshot: 'table:snapshot',
  /** hub → client: the top-level keys of the view that changed */
  delta: 'table:delta',
  /** hub → client: a request was refused, with the reason */
  problem: 'table:problem',
  /** client → hub: `{ tableId }`; stop receiving that table's deltas (added by hub/api) */
  unwatch: 'table:unwatch',
} as const;

/**
 * The director's namespace: same events, but snapshots and deltas carry the DirectorTableView.
 * Connect with `io(url + DIRECTOR_NAMESPACE, { auth: { token } })`; a wrong or missing token gets
 * `connect_error` with the message "director token missing or wrong".
 */
export const DIRECTOR_NAMESPACE = '/director';

/**
 * The optional acknowledgement of `watch`, `resync` and `unwatch`: pass a callback as the last
 * argument of `emit` to get `{ ok: true, seq }` (seq of the snapshot just sent; 0 for unwatch) or
 * `{ ok: false, error }` (the same text as the `problem` event).
 */
export type WatchAck = { ok: true; seq: number } | { ok: false; error: string };

/** `snapshot` on the director namespace. */
export interface DirectorSnapshotPayload {
  tableId: string;
  seq: number;
  view: DirectorTableView;
}

/** `delta` on the director namespace. */
export interface DirectorDeltaPayload {
  tableId: string;
  seq: number;
  changes: Partial<DirectorTableView>;
}

export interface WatchRequest {
  tableId: string;
}

export interface SnapshotPayload {
  tableId: string;
  /** sequence number of this state of the view; deltas continue from it */
  seq: number;
  view: PublicTableView;
}

export interface DeltaPayload {
  tableId: string;
  /** exactly previous seq + 1 */
  seq: number;
  /** replaced top-level keys of PublicTableView */
  changes: Partial<PublicTableView>;
}

export interface ProblemPayload {
  /** what was wrong, e.g. "unknown table 't9'" or "tableId must be a string" */
  error: string;
}
