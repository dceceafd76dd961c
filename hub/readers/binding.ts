/**
 * Binding connections to configured readers: by the id in a HELLO (never by port path or listing
 * order). One live session per reader: the newest HELLO wins, and the connection it replaced is
 * superseded. A HELLO id no slot plays (no alias, or the slot was removed) waits for the director as
 * an unknown reader. A closed connection leaves its reader `reconnecting` or `offline`.
 */
import type { HelloMessage } from '../../firmware-protocol/messages.js';
import { newEpoch, SNAP_REQUEST_INTERVAL_MS } from './sequence.js';
import { lastAsked } from './snap-retry.js';
import { bump, type Connection, type ConnInfo, logOf, type ReaderSession, type SupervisorState } from './session.js';

/** A HELLO on a reader's own connection later than this after the hub's last `CMD snap` (ms) was not asked for: the reader restarted. */
const UNASKED_HELLO_MS = 5 * SNAP_REQUEST_INTERVAL_MS;

/** The configured slot a HELLO id plays now, or null when it waits for the director. */
export function slotOf(s: SupervisorState, helloId: string): ReaderSession | null {
  const r = s.readers.get(s.aliases.get(helloId) ?? helloId);
  return r && !r.removed ? r : null;
}

/** A HELLO: the connection speaks for the slot its id plays, or waits as an unknown reader. */
export function hello(s: SupervisorState, conn: Connection, info: ConnInfo, msg: HelloMessage, at: number): void {
  const r = slotOf(s, msg.reader);
  if (!r) {
    unbind(s, conn, info);
    if (s.unknown.get(msg.reader)?.conn !== conn) {
      s.log.warn({ reader: msg.reader, port: conn.name }, `unknown reader ${msg.reader} on ${conn.name}: not in the table config; it waits for the director to assign it`);
    }
    info.unknownId = msg.reader;
    s.unknown.set(msg.reader, { id: msg.reader, port: conn.name, at, firmware: msg.firmware, zones: [...msg.zones], conn, hello: msg });
    return;
  }
  bind(s, conn, info, r, msg, at);
}

/** Binds a connection to a configured slot after a HELLO: a new epoch; the slot's previous connection is superseded. */
export function bind(s: SupervisorState, conn: Connection, info: ConnInfo, r: ReaderSession, hello: HelloMessage, at: number): void {
  const previous = r.conn;
  let asked: number | null;
  if (previous && previous !== conn) {
    const p = s.conns.get(previous);
    if (p) {
      p.superseded = true;
      p.slot = null;
      try {
        previous.superseded?.(r.id, conn, at);
      } catch {
        /* the older connection's own business: the reader has moved on either way */
      }
    }
  }
  if (info.slot && info.slot !== r.id) unbind(s, conn, info);
  const how = `(firmware ${hello.firmware}, protocol ${hello.protocol}${hello.reader === r.id ? '' : `, reader ${hello.reader} assigned to this slot`})`;
  if (previous !== conn) {
    logOf(s, r).info(
      { port: conn.name, firmware: hello.firmware, protocol: hello.protocol },
      `reader connected on ${conn.name} ${how}${previous ? `; its session on ${previous.name} is superseded` : ''}`,
    );
  } else if ((asked = lastAsked(info, r)) === null || at - asked > UNASKED_HELLO_MS) {
    // a HELLO the hub did not ask for (`CMD snap`) on the same connection: the reader restarted
    logOf(s, r).warn({ port: conn.name, firmware: hello.firmware, protocol: hello.protocol }, `reader restarted on ${conn.name} ${how}`);
  }
  if (info.unknownId) {
    s.unknown.delete(info.unknownId);
    info.unknownId = null;
  }
  info.slot = r.id;
  for (const [reason, n] of Object.entries(info.errors)) {
    bump(r.errors, reason, n);
    r.discarded += n;
  }
  info.errors = {};
  r.conn = conn;
  r.port = conn.name;
  r.physicalId = hello.reader === r.id ? null : hello.reader;
  r.firmware = hello.firmware;
  r.protocol = hello.protocol;
  r.sof = hello.sof === true;
  // on-board debounce is a v1 field: a proto=0 HELLO that carries it is not taken at its word
  r.debounce = hello.protocol >= 1 && hello.debounce ? { ...hello.debounce } : null;
  r.retrying = false;
  r.linkRetrying = false;
  newEpoch(r, false); // a HELLO starts a new epoch: sequence numbers may restart
  r.lastMessageAt = at;
  s.sink.status(r.id);
}

/** The connection stops speaking for the slot it was bound to (it said another id). */
export function unbind(s: SupervisorState, conn: Connection, info: ConnInfo): void {
  const r = info.slot ? s.readers.get(info.slot) : undefined;
  info.slot = null;
  if (r && r.conn === conn) {
    r.conn = null;
    r.retrying = false;
    r.linkRetrying = false;
    r.synced.clear();
    s.sink.status(r.id);
  }
}

/**
 * A connection closed: its reader is `reconnecting` while the transport retries (`retrying`), else
 * `offline`; an unknown reader on it is no longer connected.
 */
export function closed(s: SupervisorState, conn: Connection, reason: string | undefined, retrying: boolean): void {
  const info = s.conns.get(conn);
  s.conns.delete(conn);
  if (!info) return;
  if (info.unknownId) {
    const u = s.unknown.get(info.unknownId);
    if (u && u.conn === conn) u.conn = null;
  }
  const r = info.slot ? s.readers.get(info.slot) : undefined;
  if (r && r.conn === conn) {
    r.conn = null;
    r.retrying = retrying;
    r.linkRetrying = false;
    r.reconnects += 1;
    r.synced.clear();
    logOf(s, r).warn({ port: conn.name, reason: reason ?? null }, `reader disconnected from ${conn.name}${reason ? ` (${reason})` : ''}${retrying ? '; waiting for it to come back' : ''}`);
    s.sink.status(r.id);
  }
}
