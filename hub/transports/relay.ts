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
import { RawLineSplitter, type OverlongLine, type RawLineItem } from '../../firmware-protocol/lines.js';
import type { z } from 'zod';
import {
  MAX_HINT_LENGTH,
  MAX_LINK_REASON_LENGTH,
  RELAY_EV,
  RelayCloseSchema,
  RelayLineSchema,
  RelayLinkSchema,
  RelayOpenSchema,
  RelayOverlongSchema,
  type RelayAckSchema,
  type RelaySupersededSchema,
} from '../contract/relay.js';
import { checkPayload } from '../contract/socket.js';
import type { RelayPage } from '../api/views.js';
import type { Connection } from '../readers/supervisor.js';
import { deliverLines, type TransportSink } from './transport.js';

export { MAX_HINT_LENGTH, RELAY_EV, RELAY_NAMESPACE } from '../contract/relay.js';

/** Payload of `relay:open` (hub/contract/relay.ts `RelayOpenSchema`). */
export type RelayOpen = z.infer<typeof RelayOpenSchema>;
/** Payload of `relay:line` and of `relay:write`. */
export type RelayLine = z.infer<typeof RelayLineSchema>;
/** Payload of `relay:superseded`: the reader, the newer connection's name, when its page opened (or null) and when the hub switched (ms since epoch). */
export type RelaySuperseded = z.infer<typeof RelaySupersededSchema>;
/** Payload of `relay:link`: the page's link to its reader is retrying, or back. */
export type RelayLink = z.infer<typeof RelayLinkSchema>;
/** Answer to `relay:open` / `relay:close`. */
export type RelayAck = z.infer<typeof RelayAckSchema>;

/**
 * Checks a `relay:open` payload (undefined, `{}` or `{ readerHint }`, hub/contract/relay.ts) and
 * returns the cleaned hint (printable ASCII, at most 64 characters) or null when there is none.
 * @returns `{ hint }` or `{ error }` naming what was wrong (e.g. `relay:open readerHint must be string`). Never throws.
 */
export function parseRelayOpen(payload: unknown): { hint: string | null } | { error: string } {
  if (payload === undefined || payload === null) return { hint: null };
  const r = checkPayload(RelayOpenSchema, payload, RELAY_EV.open);
  if (!r.ok) return { error: r.error };
  const hint = r.value.readerHint;
  if (hint === undefined || hint === null || hint === '') return { hint: null };
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
 * @returns `{ items }` or `{ error }` naming what was wrong (not an object, `line` not a string,
 *   an unknown field). Never throws.
 */
export function parseRelayLine(payload: unknown): { items: RawLineItem[] } | { error: string } {
  const r = checkPayload(RelayLineSchema, payload, RELAY_EV.line);
  if (!r.ok) return { error: r.error };
  const split = new RawLineSplitter();
  const items = split.push(r.value.line);
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
  const r = checkPayload(RelayOverlongSchema, payload, RELAY_EV.overlong);
  if (!r.ok) return { error: r.error };
  return { line: { kind: 'overlong', head: r.value.head, length: r.value.length } };
}

/**
 * Checks a `relay:close` payload (undefined, null, `{}` or `{ reason }`).
 * @returns `{ reason }` (null for none) or `{ error }` naming the field at fault. Never throws.
 */
export function parseRelayClose(payload: unknown): { reason: string | null } | { error: string } {
  if (payload === undefined || payload === null) return { reason: null };
  const r = checkPayload(RelayCloseSchema, payload, RELAY_EV.close);
  if (!r.ok) return { error: r.error };
  return { reason: r.value.reason ?? null };
}

/**
 * Checks a `relay:link` payload (`{ state: "retrying" | "back", reason? }`).
 * @returns `{ retrying, reason }` (the reason printable ASCII, at most 200 characters, or null) or
 *   `{ error }` naming the field at fault (e.g. `relay:link state must be one of retrying, back`). Never throws.
 */
export function parseRelayLink(payload: unknown): { retrying: boolean; reason: string | null } | { error: string } {
  const r = checkPayload(RelayLinkSchema, payload, RELAY_EV.link);
  if (!r.ok) return { error: r.error };
  const reason = (r.value.reason ?? '')
    .replace(/[^\x20-\x7e]/g, '?')
    .slice(0, MAX_LINK_REASON_LENGTH)
    .trim();
  return { retrying: r.value.state === 'retrying', reason: reason === '' ? null : reason };
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
   * The page's link to its reader is retrying (`retrying` true) or back: told to the sink
   * (`link`, the reader is `reconnecting` in between); ignored once closed.
   */
  link(retrying: boolean, reason: string | null): void;
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
    link(retrying, reason) {
      if (!open) return;
      sink.link?.(conn, retrying, reason);
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
