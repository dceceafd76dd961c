/**
 * The browser relay transport: a director's browser holds a reader (Web Serial or Web Bluetooth)
 * and relays its lines to the hub over socket.io (namespace `/relay`, hub/api/relay.ts). Each relay
 * opened by a page is one {@link Connection}, handed to the hub's TransportSink exactly like a
 * serial port or a TCP socket: `opened`, then `line` per line, then `closed`.
 *
 * This file is the wire contract (event names, payloads) shared with the display, and the
 * socket.io-free logic of one relayed connection. It imports no Node module, so the display may
 * import it too.
 */
import { OVERLONG_HEAD_LENGTH, RawLineSplitter, type OverlongLine, type RawLineItem } from '../../firmware-protocol/lines.js';
import { MAX_LINE_LENGTH } from '../../firmware-protocol/messages.js';
import type { RelayPage } from '../api/views.js';
import type { Connection } from '../readers/supervisor.js';
import { deliverLines, type TransportSink } from './transport.js';

/** The socket.io namespace of relays; behind the director token (`auth: { token }`). */
export const RELAY_NAMESPACE = '/relay';

/** Relay event names, as constants so hub and page cannot drift apart. */
export const RELAY_EV = {
  /** page → hub: `{ readerHint?: string }` (ack: {@link RelayAck}); a reader is now held by the page */
  open: 'relay:open',
  /** page → hub: `{ line: string }`, one reader line without its newline */
  line: 'relay:line',
  /**
   * page → hub: `{ head: string, length: number }`, a reader line longer than MAX_LINE_LENGTH that
   * the page's splitter (firmware-protocol/lines.ts) reduced to its first 80 bytes and its length
   */
  overlong: 'relay:overlong',
  /** page → hub: `{ reason?: string }` (ack optional); the page lost the reader (unplugged, closed) */
  close: 'relay:close',
  /** hub → page: `{ line: string }`, a line to write to the reader (e.g. `CMD snap*XXXX`); the page adds `\n` */
  write: 'relay:write',
  /** hub → page: `{ error: string }`, a payload was refused */
  problem: 'relay:problem',
  /**
   * hub → page: {@link RelaySuperseded}, once: a newer connection's HELLO took this page's reader
   * (the newest session wins) and the hub ignores every later line of this page
   */
  superseded: 'relay:superseded',
} as const;

/** Payload of `relay:open`. */
export interface RelayOpen {
  /** what the page knows of the reader, e.g. `"USB 10c4:ea60"` or a Bluetooth name; 1-64 printable chars */
  readerHint?: string;
}
/** Payload of `relay:line` and of `relay:write`. */
export interface RelayLine {
  line: string;
}
/** Payload of `relay:superseded`. */
export interface RelaySuperseded {
  /** the configured reader id the newer connection now holds, e.g. `"FL-1"` */
  reader: string;
  /** the newer connection's name, e.g. `relay://Xa3… (USB 10c4:ea60)` or `/dev/ttyUSB0` */
  by: string;
  /** when the newer page opened its relay (ms since epoch, hub clock); null when the newer connection is not a relay page */
  openedAt: number | null;
  /** when the hub switched to the newer connection (ms since epoch) */
  at: number;
}
/** Answer to `relay:open` / `relay:close`. */
export type RelayAck = { ok: true; name: string } | { ok: false; error: string };

/** Longest reader hint kept (characters). */
export const MAX_HINT_LENGTH = 64;

/**
 * Checks a `relay:open` payload (undefined, `{}` or `{ readerHint }`) and returns the cleaned hint
 * (printable ASCII, at most 64 characters) or null when there is none.
 * @returns `{ hint }` or `{ error }` naming what was wrong. Never throws.
 */
export function parseRelayOpen(payload: unknown): { hint: string | null } | { error: string } {
  if (payload === undefined || payload === null) return { hint: null };
  if (typeof payload !== 'object' || Array.isArray(payload)) return { error: 'relay:open payload must be an object { readerHint? }' };
  const hint = (payload as { readerHint?: unknown }).readerHint;
  if (hint === undefined || hint === null || hint === '') return { hint: null };
  if (typeof hint !== 'string') return { error: 'relay:open readerHint must be a string' };
  const clean = hint
    .replace(/[^\x20-\x7e]/g, '?')
    .slice(0, MAX_HINT_LENGTH)
    .trim();
  return { hint: clean === '' ? null : clean };
}

/**
 * Checks a `relay:line` payload and returns the reader lines in it, cut by the protocol's splitter
 * (firmware-protocol/lines.ts): normally one line; a line with embedded newlines is split (a page
 * that relays raw chunks still works), `\r` endings dropped, empty pieces skipped, and a line
 * longer than MAX_LINE_LENGTH (4096) bytes comes out as an overlong line (its first 80 bytes and
 * its length: the hub counts it as a bad line of the reader).
 * @returns `{ items }` or `{ error }` naming what was wrong (not an object, `line` not a string).
 *   Never throws.
 */
export function parseRelayLine(payload: unknown): { items: RawLineItem[] } | { error: string } {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return { error: 'relay:line payload must be an object { line }' };
  const line = (payload as { line?: unknown }).line;
  if (typeof line !== 'string') return { error: 'relay:line line must be a string' };
  const split = new RawLineSplitter();
  const items = split.push(line);
  // the end of the payload ends its last line (a page sends lines without their newline)
  items.push(...split.end().map((i): RawLineItem => (i.kind === 'overlong' ? { kind: 'overlong', head: i.head, length: i.length } : i)));
  return { items };
}

/**
 * Checks a `relay:overlong` payload: `head` a string of at most 80 characters (OVERLONG_HEAD_LENGTH),
 * `length` a whole number of bytes above MAX_LINE_LENGTH (4096).
 * @returns `{ line }` or `{ error }` naming the field at fault. Never throws.
 */
export function parseRelayOverlong(payload: unknown): { line: OverlongLine } | { error: string } {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return { error: 'relay:overlong payload must be an object { head, length }' };
  const { head, length } = payload as { head?: unknown; length?: unknown };
  if (typeof head !== 'string' || head.length > OVERLONG_HEAD_LENGTH) return { error: `relay:overlong head must be a string of at most ${OVERLONG_HEAD_LENGTH} characters` };
  if (typeof length !== 'number' || !Number.isSafeInteger(length) || length <= MAX_LINE_LENGTH) {
    return { error: `relay:overlong length must be a whole number of bytes above ${MAX_LINE_LENGTH}` };
  }
  return { line: { kind: 'overlong', head, length } };
}

/** One reader held by one page, as the hub sees it. */
export interface RelayedConnection {
  /** the Connection handed to the sink; `name` is e.g. `relay://abc123 (USB 10c4:ea60)` */
  readonly conn: Connection;
  /** true until {@link RelayedConnection.close} */
  readonly open: boolean;
  /** lines handed to the sink so far (overlong ones included) */
  readonly lines: number;
  /** hands reader lines (and overlong lines) to the sink, in order (ignored once closed) */
  deliver(items: readonly RawLineItem[], at: number): void;
  /**
   * Tells the sink the connection closed, once; later calls do nothing.
   * @param retrying true when the page will open it again by itself (its hub link dropped), false
   *   when the page let the reader go
   */
  close(reason: string, retrying: boolean): void;
}

/**
 * Opens one relayed connection: builds its Connection (whose `write` calls `send`, e.g. a socket.io
 * emit of `relay:write`), and tells the sink it opened (the supervisor then asks for a HELLO and a
 * snapshot with `CMD snap`, PROTOCOL.md).
 * @param id a stable id of the page's link (the socket id), used in the connection's name
 * @param hint what the page knows of the reader, or null
 * @param send delivers one hub → reader line (without newline) to the page; must not throw
 * @param page who opened it (shown to the director as the live page); `page.page` is normally `id`
 * @param superseded tells the page a newer connection took its reader (e.g. an emit of
 *   `relay:superseded`); called at most once, while open; must not throw
 */
export function openRelayedConnection(
  id: string,
  hint: string | null,
  sink: TransportSink,
  send: (line: string) => void,
  page?: RelayPage,
  superseded?: (notice: RelaySuperseded) => void,
): RelayedConnection {
  let open = true;
  let count = 0;
  let told = false;
  const conn: Connection = {
    name: hint ? `relay://${id} (${hint})` : `relay://${id}`,
    write(line: string) {
      if (open) send(line);
    },
    ...(page ? { relayPage: page } : {}),
    superseded(reader, by, at) {
      if (!open || told) return;
      told = true;
      superseded?.({ reader, by: by.name, openedAt: by.relayPage?.openedAt ?? null, at });
    },
  };
  const rc: RelayedConnection = {
    conn,
    get open() {
      return open;
    },
    get lines() {
      return count;
    },
    deliver(items, at) {
      if (!open) return;
      count += items.length;
      deliverLines(items, conn, sink, at);
    },
    close(reason, retrying) {
      if (!open) return;
      open = false;
      sink.closed(conn, reason, retrying);
    },
  };
  sink.opened(conn);
  return rc;
}
