/**
 * The seat namespace's socket.io contract (hub/api/seat.ts serves it; display/src/lib/seatSocket.ts
 * reads it). Pure: no Node, so the display imports it.
 *
 * Connect with `io(url + SEAT_NAMESPACE, { auth: { token } })` (the seat token from the QR code).
 * A token that is missing, tampered, expired or for a game this table has finished gets
 * `connect_error` with a message starting "seat token". Then, like the public namespace
 * (socket-events.ts): emit `EV.watch` (payload ignored) → `EV.snapshot {tableId, seq, view: SeatView}`,
 * then `EV.delta {tableId, seq, changes}` with seq exactly one more; `EV.resync` asks for a
 * snapshot again. When the table moves on to a later game, the hub sends `EV.problem` with
 * `fatal: true` and disconnects the seat socket (this namespace only: a page's other
 * namespaces on the same connection keep receiving): the phone needs a new token. The same happens
 * to a token a tournament player's link issued when the director reissues that player's code
 * (`error` "seat token revoked: This link was revoked by the director at 10:30: …").
 */
import type { z } from 'zod';
import type * as S from '../contract/socket.js';
import type { SeatView } from './views.js';

export { SEAT_NAMESPACE } from '../contract/socket.js';

/** `snapshot` on the seat namespace (hub/contract/socket.ts). */
export type SeatSnapshotPayload = z.infer<typeof S.SeatSnapshotPayloadSchema>;
/** `delta` on the seat namespace: seq exactly previous + 1; `changes` are replaced top-level keys of SeatView. */
export type SeatDeltaPayload = { tableId: string; seq: number; changes: Partial<SeatView> };
/** `problem` on the seat namespace; `fatal` when the token no longer opens this seat (do not reconnect with it). */
export type SeatProblemPayload = z.infer<typeof S.SeatProblemPayloadSchema>;

/** The path of a seat's phone page: `seatPath('abc.def') === '/seat/abc.def'`. */
export function seatPath(token: string): string {
  return `/seat/${encodeURIComponent(token)}`;
}
