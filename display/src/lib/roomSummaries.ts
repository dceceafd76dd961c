/**
 * The room's tables, live on the room's one `/director` socket (lib/directorSocket.ts): each table's
 * compact summary (hub/contract/room-summary.ts), never a table's whole director view. On every
 * (re)connect it emits `room:watch-tables` `{}` and takes the `room:tables` answer as the whole
 * room; then each `room:table` push replaces that table's summary. Every payload is checked with
 * the contract's schema (one of another shape is ignored, with the reason kept as `error`).
 * The state is `live` only while connected with a fresh answer; otherwise the last summaries are
 * kept but marked not live; `authFailed` says the hub refused the director's login.
 */
import { check } from '../../../hub/contract/issues.js';
import { ROOM_SUMMARY_EV, RoomTableSummarySchema, RoomTablesPushSchema, type RoomTableSummary } from '../../../hub/contract/room-summary.js';
import type { DirectorSocket } from './directorSocket.js';
import { isAuthError } from './socket.js';
import type { ConnectionState } from './viewState.js';

export type { RoomTableSummary };

/** What the room draws from. */
export interface RoomLive {
  state: ConnectionState;
  /** table id → its latest summary (stale while `state !== 'live'`) */
  tables: Record<string, RoomTableSummary>;
  /** the tables' ids in the hub's order (an object's keys would put "7" before "t1"); null before the hub's first answer */
  order: string[] | null;
  /** the last problem in words, or null */
  error: string | null;
  /** the hub refused the director's login: ask for it again */
  authFailed: boolean;
  /** ms since epoch when the room was last live (null: never) */
  lastLiveAt: number | null;
}

/**
 * Follows every table's summary on the room's one socket.
 * @param link the room's `/director` socket (lib/directorSocket.ts)
 * @param onRoom called after every change with the whole room
 * @returns stop (removes this follower's listeners; the socket stays the page's)
 */
export function followRoomSummaries(link: DirectorSocket, onRoom: (room: RoomLive) => void): () => void {
  let room: RoomLive = { state: 'connecting', tables: {}, order: null, error: null, authFailed: false, lastLiveAt: null };
  const publish = (change: Partial<RoomLive>): void => {
    room = { ...room, ...change };
    if (room.state === 'live') room.lastLiveAt = Date.now();
    onRoom(room);
  };
  const stops = [
    link.onConnect(() => {
      publish({ state: 'connecting', error: null });
      link.emit(ROOM_SUMMARY_EV.watchTables, {});
    }),
    link.on(ROOM_SUMMARY_EV.tables, (payload: unknown) => {
      const r = check(RoomTablesPushSchema, payload, ROOM_SUMMARY_EV.tables);
      if (!r.ok) return publish({ error: r.error });
      publish({ state: 'live', error: null, tables: Object.fromEntries(r.value.tables.map((t) => [t.tableId, t])), order: r.value.tables.map((t) => t.tableId) });
    }),
    link.on(ROOM_SUMMARY_EV.table, (payload: unknown) => {
      const r = check(RoomTableSummarySchema, payload, ROOM_SUMMARY_EV.table);
      if (!r.ok) return publish({ error: r.error });
      publish({ tables: { ...room.tables, [r.value.tableId]: r.value } });
    }),
    link.on('disconnect', (reason: string) => publish({ state: 'lost', error: `connection lost (${reason})` })),
    link.on('connect_error', (err: Error) => publish({ state: 'lost', error: err.message, authFailed: isAuthError(err.message) })),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
