/**
 * Raw-line storage: every line a connection delivers is kept in the store as it came, with the
 * reader it was bound to (or null before a HELLO), the port, the time and its status: `ok`, the
 * decoder's reason and detail for a bad line (e.g. `bad-crc: ...`), or `ignored: superseded by a
 * newer session` for a line of a connection a newer HELLO replaced.
 */
import type { DecodeResult } from '../../firmware-protocol/messages.js';
import type { Connection, ConnInfo, SupervisorState } from './session.js';

/** The status of a line of a superseded connection (its content is not read). */
export const SUPERSEDED_STATUS = 'ignored: superseded by a newer session';

/**
 * Stores one line of a connection.
 * @param at ms since epoch
 * @returns the raw line's id, or null when the connection is superseded (the line is stored, ignored)
 */
export function storeRawLine(s: SupervisorState, conn: Connection, info: ConnInfo, result: DecodeResult, at: number): number | null {
  const reader = info.slot;
  if (info.superseded) {
    s.store.appendRawLine({ reader, port: conn.name, at, line: result.line, status: SUPERSEDED_STATUS });
    return null;
  }
  const status = result.ok ? 'ok' : `${result.reason}: ${result.detail}`;
  return s.store.appendRawLine({ reader, port: conn.name, at, line: result.line, status });
}
