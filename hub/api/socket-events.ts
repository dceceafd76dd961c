/**
 * The socket.io events between hub and displays (namespace `/` for public table views); the
 * schemas are hub/contract/socket.ts, this module keeps the names the code imports.
 * Every (re)connect gets a full snapshot; then deltas whose `seq` is exactly one more than the
 * last one the client holds. A client that sees a gap asks for a snapshot again.
 */
import type { z } from 'zod';
import type { DirectorTableView, PublicTableView } from './views.js';
import type * as S from '../contract/socket.js';

export { DIRECTOR_NAMESPACE, EV } from '../contract/socket.js';

/** The acknowledgement of `watch`, `resync` and `unwatch`: `{ ok: true, seq }` or `{ ok: false, error }` (hub/contract/socket.ts). */
export type WatchAck = z.infer<typeof S.WatchAckSchema>;
/** `snapshot` on the director namespace. */
export type DirectorSnapshotPayload = z.infer<typeof S.DirectorSnapshotPayloadSchema>;
/** `delta` on the director namespace: `changes` are replaced top-level keys of the director view. */
export type DirectorDeltaPayload = { tableId: string; seq: number; changes: Partial<DirectorTableView> };
/** `watch`, `resync`, `unwatch`: `{ tableId }`. */
export type WatchRequest = z.infer<typeof S.WatchRequestSchema>;
/** `snapshot`: the whole public view at sequence number `seq`; deltas continue from it. */
export type SnapshotPayload = z.infer<typeof S.SnapshotPayloadSchema>;
/** `delta`: seq exactly previous + 1; `changes` are replaced top-level keys of the public view. */
export type DeltaPayload = { tableId: string; seq: number; changes: Partial<PublicTableView> };
/** `problem`: what was wrong, e.g. "unknown table 't9'" or "tableId must be string". */
export type ProblemPayload = z.infer<typeof S.ProblemPayloadSchema>;
