/**
 * The viewing log: who was shown concealed tiles, when, of which table (docs/spectators.md).
 * Every director view that carries concealed tiles (a table's director view over HTTP or
 * socket.io, every table's, a game record or capture download) and every broadcast watch of a
 * table's delayed hands is an event `concealed-viewed` of the hub's own log (table id `hub`, as
 * the director's logins); `GET /api/director/viewing-log` lists them (director).
 */
import type { FastifyRequest } from 'fastify';
import type { ViewingLogEntry } from '../contract/broadcast.js';
import type { StoredEvent } from '../store/types.js';
import { bearerToken, type DirectorAuth } from './auth.js';
import { LOGIN_LOG_ID } from './login.js';

/** The event type of one viewing. */
export const VIEWING_EVENT = 'concealed-viewed';

export type { ViewingLogEntry } from '../contract/broadcast.js';
/** What is written: an entry without its time (the log's `at`). */
export type ViewingEntry = Omit<ViewingLogEntry, 'at'>;

/** The store the viewing log lives in: append, and optionally read (without `events`, the route lists nothing). */
export interface ViewingStore {
  append(tableId: string, type: string, at: number, data: unknown): unknown;
  events?(tableId: string, afterSeq?: number): StoredEvent[];
}

/**
 * A writer of viewing entries into `store` (at = `now()`, ms since epoch); without a store, one that
 * writes nothing. Never throws: a store that refuses the append is reported to `onError`.
 */
export function viewingRecorder(store: ViewingStore | undefined, now: () => number = Date.now, onError?: (err: unknown) => void): (e: ViewingEntry) => void {
  return (e) => {
    if (!store) return;
    try {
      store.append(LOGIN_LOG_ID, VIEWING_EVENT, now(), { who: e.who, what: e.what, table: e.table, address: e.address });
    } catch (err) {
      onError?.(err);
    }
  };
}

/** The viewing log, oldest first (empty for a store that cannot be read back). */
export function viewingLog(store: ViewingStore | undefined): ViewingLogEntry[] {
  if (!store?.events) return [];
  return store
    .events(LOGIN_LOG_ID)
    .filter((e) => e.type === VIEWING_EVENT)
    .map((e) => ({ at: e.at, ...(e.data as ViewingEntry) }));
}

/**
 * Who a director request is, for the log: `director <handle>` for a login's session (cookie or its
 * bearer token; the handle is the session's public one, hub/api/auth.ts), else `director (token)`.
 */
export function directorOfRequest(auth: DirectorAuth, req: FastifyRequest): string {
  return directorOf(auth, req.headers.cookie, bearerToken(req.headers.authorization));
}

/** As {@link directorOfRequest}, from a cookie header and a bearer token (a socket's handshake). */
export function directorOf(auth: DirectorAuth, cookie: string | string[] | undefined, token: unknown): string {
  const s = auth.sessionOfCookie(cookie) ?? auth.sessions.byBearerToken(token);
  return s ? `director ${s.handle}` : 'director (token)';
}
