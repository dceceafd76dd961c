/**
 * Reader health: the state and counts of each expected reader (what `GET /api/director/readers`
 * and the table views show), and which readers' reads are not trusted for count checks.
 */
import type { ReaderState, ReaderStatus, UnknownReader } from '../api/views.js';
import { isStale, isSynced, type ReaderSession, type SupervisorState } from './session.js';

/** The director's list of readers: every expected reader and the unknown ones waiting. */
export interface ReaderDirectoryView {
  readers: ReaderStatus[];
  unknown: UnknownReader[];
  /** configured readers the director removed (no longer expected) */
  removed: string[];
}

/**
 * The state of a session at `now` (ms): `reconnecting` / `offline` with no connection,
 * `reconnecting` too while its open connection's link retries (a relay page's Bluetooth), `unsynced`
 * while a zone waits for its snapshot, `stale` when silent longer than `staleMs`, else `connected`.
 */
export function sessionState(s: SupervisorState, r: ReaderSession, now: number): ReaderState {
  if (!r.conn) return r.retrying ? 'reconnecting' : 'offline';
  if (r.linkRetrying) return 'reconnecting';
  if (!isSynced(r)) return 'unsynced';
  if (isStale(s, r, now)) return 'stale';
  return 'connected';
}

/** The sessions of `ids` (in that order, unknown ids left out), or every session. */
function sessionsOf(s: SupervisorState, ids?: readonly string[]): ReaderSession[] {
  return ids ? ids.map((id) => s.readers.get(id)).filter((r): r is ReaderSession => r !== undefined) : [...s.readers.values()];
}

/** Every expected reader's status at `now` (ms); removed readers are left out. */
export function statuses(s: SupervisorState, now: number, ids?: readonly string[]): ReaderStatus[] {
  return sessionsOf(s, ids)
    .filter((r) => !r.removed)
    .map((r) => ({
      id: r.id,
      state: sessionState(s, r, now),
      lastMessageAt: r.lastMessageAt,
      discarded: r.discarded,
      port: r.port,
      physicalId: r.physicalId,
      firmware: r.firmware,
      sof: r.sof,
      errors: { ...r.errors },
      gaps: r.gaps,
      lost: r.lost.map((g) => ({ ...g })),
      linesLost: r.linesLost,
      duplicates: r.duplicates,
      reconnects: r.reconnects,
      ...(r.conn?.relayPage ? { relay: r.conn.relayPage } : {}),
    }));
}

/** Expected readers that are not `connected` now. */
export function untrusted(s: SupervisorState, now: number, ids?: readonly string[]): string[] {
  return sessionsOf(s, ids)
    .filter((r) => !r.removed && sessionState(s, r, now) !== 'connected')
    .map((r) => r.id);
}

/** Reader ids that said HELLO but play no configured slot. */
export function unknownReaders(s: SupervisorState): UnknownReader[] {
  return [...s.unknown.values()].map((u) => ({ id: u.id, port: u.port, at: u.at, firmware: u.firmware, zones: [...u.hello.zones], connected: u.conn !== null }));
}

/** What the director's reader list shows. */
export function directory(s: SupervisorState, now: number): ReaderDirectoryView {
  return {
    readers: statuses(s, now),
    unknown: unknownReaders(s),
    removed: [...s.readers.values()].filter((r) => r.removed).map((r) => r.id),
  };
}
