/**
 * Raw-line storage: every line a connection delivers is kept in the store as it came, with the
 * reader it was bound to (or null before a HELLO), the port, the time and its status: `ok`, the
 * decoder's reason and detail for a bad line (e.g. `bad-crc: ...`), or `ignored: superseded by a
 * newer session` for a line of a connection a newer HELLO replaced. Every command the hub writes to
 * a connection (`CMD snap`, `CMD replay`) is kept beside them with the status {@link SENT_STATUS}
 * (the direction hub → reader), so the log holds what the wire said both ways (firmware-protocol/CAPTURE.md).
 */
import type { DecodeResult } from '../../firmware-protocol/messages.js';
import type { Connection, ConnInfo, SupervisorState } from './session.js';

/** The status of a line of a superseded connection (its content is not read). */
export const SUPERSEDED_STATUS = 'ignored: superseded by a newer session';

/** The status of a line the hub wrote to a reader (direction `out` in a capture). */
export const SENT_STATUS = 'sent';

/** The supervisor of each connection it has seen, so a command written to it can be logged. */
const supervisorOf = new WeakMap<Connection, SupervisorState>();

/** Notes that `conn` belongs to supervisor `s` (its commands are logged in `s.store`). */
export function noteConnection(s: SupervisorState, conn: Connection): void {
  supervisorOf.set(conn, s);
}

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

/**
 * Writes one command line to a connection and keeps it in the raw log (status {@link SENT_STATUS},
 * the reader the connection is bound to or null, the time from the supervisor's clock in ms).
 * A store that refuses the line (closed) does not stop the write.
 * @throws whatever `conn.write` throws (the line is logged first: it was meant for the wire)
 */
export function sendLine(conn: Connection, line: string): void {
  const s = supervisorOf.get(conn);
  if (s) {
    try {
      s.store.appendRawLine({ reader: s.conns.get(conn)?.slot ?? null, port: conn.name, at: s.now(), line, status: SENT_STATUS });
    } catch {
      /* a closed store: the command still goes out */
    }
  }
  conn.write(line);
}
