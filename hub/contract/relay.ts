/**
 * The `/relay` socket.io events, as zod schemas: a director's browser page holding a reader over
 * Web Serial or Web Bluetooth relays its lines to the hub (hub/api/relay.ts serves it,
 * display/src/lib/relay/relay.ts sends it, hub/transports/relay.ts turns it into a Connection).
 * The hub checks every event it receives with these and answers a bad one with `relay:problem`
 * and an `{ ok: false, error }` ack naming the field; the page checks what the hub sends.
 */
import { z } from 'zod';
import { OVERLONG_HEAD_LENGTH } from '../../firmware-protocol/lines.js';
import { MAX_LINE_LENGTH } from '../../firmware-protocol/messages.js';

/** The socket.io namespace of relays; behind the director token (`auth: { token }`). */
export const RELAY_NAMESPACE = '/relay';

/** Relay event names, as constants so hub and page cannot drift apart. */
export const RELAY_EV = {
  /** page → hub: `{ readerHint?: string }` (ack: {@link RelayAckSchema}); a reader is now held by the page */
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
  /**
   * page → hub: {@link RelayLinkSchema}, the link between the page and its reader: `retrying` when
   * its Web Bluetooth link dropped (or a Web Serial read failed) and the page tries again, `back`
   * when it holds the reader again. The hub shows the reader `reconnecting` in between.
   */
  link: 'relay:link',
  /** hub → page: `{ line: string }`, a line to write to the reader (e.g. `CMD snap*XXXX`); the page adds `\n` */
  write: 'relay:write',
  /** hub → page: `{ error: string }`, a payload was refused */
  problem: 'relay:problem',
  /**
   * hub → page: {@link RelaySupersededSchema}, once: a newer connection's HELLO took this page's
   * reader (the newest session wins) and the hub ignores every later line of this page
   */
  superseded: 'relay:superseded',
} as const;

/** Longest reader hint kept (characters). */
export const MAX_HINT_LENGTH = 64;

/**
 * `relay:open`: what the page knows of the reader, e.g. `"USB 10c4:ea60"` or a Bluetooth name
 * (kept as printable ASCII, at most {@link MAX_HINT_LENGTH} characters); absent, null or `{}` for none.
 */
export const RelayOpenSchema = z.strictObject({ readerHint: z.string().nullable().optional() });
/** `relay:line` (page → hub) and `relay:write` (hub → page): one reader line without its newline. */
export const RelayLineSchema = z.strictObject({ line: z.string() });
/** `relay:overlong`: the first 80 bytes (OVERLONG_HEAD_LENGTH) of a line longer than MAX_LINE_LENGTH (4096) bytes, and its length in bytes. */
export const RelayOverlongSchema = z.strictObject({ head: z.string().max(OVERLONG_HEAD_LENGTH), length: z.number().int().gt(MAX_LINE_LENGTH).max(Number.MAX_SAFE_INTEGER) });
/** `relay:close`: why the page let the reader go (kept to 200 characters); absent or null for no reason. */
export const RelayCloseSchema = z.strictObject({ reason: z.string().optional() });
/** Longest reason of a `relay:link` kept (characters). */
export const MAX_LINK_REASON_LENGTH = 200;
/**
 * `relay:link`: `{ state: "retrying", reason? }` (e.g. `"Bluetooth link lost; reconnecting in 250 ms"`,
 * kept to {@link MAX_LINK_REASON_LENGTH} characters) or `{ state: "back" }`.
 */
export const RelayLinkSchema = z.strictObject({ state: z.enum(['retrying', 'back']), reason: z.string().optional() });
/** `relay:problem`: a payload was refused, naming the field. */
export const RelayProblemSchema = z.object({ error: z.string() });
/** `relay:superseded`. */
export const RelaySupersededSchema = z.object({
  /** the configured reader id the newer connection now holds, e.g. `"FL-1"` */
  reader: z.string(),
  /** the newer connection's name, e.g. `relay://Xa3… (USB 10c4:ea60)` or `/dev/ttyUSB0` */
  by: z.string(),
  /** when the newer page opened its relay (ms since epoch, hub clock); null when the newer connection is not a relay page */
  openedAt: z.number().nullable(),
  /** when the hub switched to the newer connection (ms since epoch) */
  at: z.number(),
});
/** Answer to `relay:open` / `relay:close`. */
export const RelayAckSchema = z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), name: z.string() }), z.object({ ok: z.literal(false), error: z.string() })]);
