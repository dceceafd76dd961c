/**
 * The socket.io events between hub and displays, both directions, as zod schemas: the public
 * namespace `/` (public table views), `/director` (director views, behind the director token or
 * session cookie) and `/seat` (one seat's view, behind its seat token). The hub checks every
 * event it receives with these (hub/api/realtime.ts, seat.ts) and answers a bad one with a
 * `problem` and an `{ ok: false, error }` ack naming the field; the display checks every snapshot
 * and delta it receives (display/src/lib/viewState.ts, seatState.ts).
 *
 * Every (re)connect gets a full snapshot; then deltas whose `seq` is exactly one more than the
 * last one the client holds. A client that sees a gap asks for a snapshot again.
 */
import { z } from 'zod';
import { describeIssue } from './issues.js';
import { DirectorTableViewSchema, PublicTableViewSchema, SeatViewSchema } from './views.js';

/** Event names, as constants so hub and display cannot drift apart. */
export const EV = {
  /** client → hub: `{ tableId }`; the hub answers with `snapshot` (or `problem`) */
  watch: 'table:watch',
  /** client → hub: `{ tableId }`; ask again for a full snapshot (after a sequence gap) */
  resync: 'table:resync',
  /** hub → client: the whole view */
  snapshot: 'table:snapshot',
  /** hub → client: the top-level keys of the view that changed */
  delta: 'table:delta',
  /** hub → client: a request was refused, with the reason */
  problem: 'table:problem',
  /** client → hub: `{ tableId }`; stop receiving that table's deltas */
  unwatch: 'table:unwatch',
} as const;

/**
 * The director's namespace: same events, but snapshots and deltas carry the director view.
 * Connect with `io(url + DIRECTOR_NAMESPACE, { auth: { token } })`; a wrong or missing token gets
 * `connect_error` with the message of rules/wording/director-login.ts `DIRECTOR_LOGIN_NEEDED_SOCKET` ("not logged in as the director: log in on the director page …").
 */
export const DIRECTOR_NAMESPACE = '/director';

/** The seat namespace (hub/api/seat-events.ts tells its life cycle). */
export const SEAT_NAMESPACE = '/seat';

/**
 * The player namespace (hub/api/player-socket.ts): a tournament player's phone hears where its
 * player sits. Connect with `io(url + PLAYER_NAMESPACE, { auth: { device } })` (the device secret
 * of the claim); never bound or revoked: `connect_error` with a message starting "player link".
 * The hub sends `PLAYER_EV.link` (the answer of `GET /api/player/:device`, `PlayerLinkReply`) at
 * once and again whenever the seat it names changes (round, table, seat or game); a reissued code
 * gets `EV.problem {error, fatal: true}` (the link's revoked words) and the socket leaves.
 */
export const PLAYER_NAMESPACE = '/player';

/** The player namespace's own event: hub → phone, where the player sits now. */
export const PLAYER_EV = { link: 'player:link' } as const;

/** Longest table id a request may name (characters), as the HTTP routes' `:id`. */
export const MAX_TABLE_ID = 64;

/** `watch`, `resync`, `unwatch` on `/` and `/director`: the table to watch. No other field. */
export const WatchRequestSchema = z.strictObject({ tableId: z.string().max(MAX_TABLE_ID) });

/**
 * `watch` and `resync` on `/seat`: the token names the seat, so the payload says nothing: `{}`
 * (absent or null also do; a `tableId` is taken and ignored).
 */
export const SeatWatchRequestSchema = z.strictObject({ tableId: z.string().max(MAX_TABLE_ID).optional() });

/**
 * The optional acknowledgement of `watch`, `resync` and `unwatch`: pass a callback as the last
 * argument of `emit` to get `{ ok: true, seq }` (seq of the snapshot just sent; 0 for unwatch) or
 * `{ ok: false, error }` (the same text as the `problem` event).
 */
export const WatchAckSchema = z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), seq: z.number().int().min(0) }), z.object({ ok: z.literal(false), error: z.string() })]);

const seq = z.number().int().min(0);

/** `snapshot` on `/`: the whole public view at sequence number `seq`; deltas continue from it. */
export const SnapshotPayloadSchema = z.object({ tableId: z.string(), seq, view: PublicTableViewSchema });
/** `delta` on `/`: the replaced top-level keys of the public view (a key that disappeared is sent as null); seq exactly previous + 1. */
export const DeltaPayloadSchema = z.object({ tableId: z.string(), seq, changes: z.record(z.string(), z.unknown()) });
/** `snapshot` on `/director`. */
export const DirectorSnapshotPayloadSchema = z.object({ tableId: z.string(), seq, view: DirectorTableViewSchema });
/** `delta` on `/director`. */
export const DirectorDeltaPayloadSchema = DeltaPayloadSchema;
/** `problem` on `/` and `/director`: what was wrong, e.g. "unknown table 't9'" or "tableId must be string". */
export const ProblemPayloadSchema = z.object({ error: z.string() });
/** `snapshot` on `/seat`. */
export const SeatSnapshotPayloadSchema = z.object({ tableId: z.string(), seq, view: SeatViewSchema });
/** `delta` on `/seat`. */
export const SeatDeltaPayloadSchema = DeltaPayloadSchema;
/** `problem` on `/seat`; `fatal` when the token no longer opens this seat (do not reconnect with it). */
export const SeatProblemPayloadSchema = z.object({ error: z.string(), fatal: z.boolean().optional() });

/**
 * Checks the payload of an event the hub received against its schema.
 * @param event named before the field in the message (`'relay:line'`), or '' for none
 * @returns the parsed payload, or the refusal naming the field: `tableId must be string`,
 *   `payload must be an object { tableId }`, `seq is not allowed (unknown field; the payload is { tableId })`
 */
export function checkPayload<S extends z.ZodType>(schema: S, payload: unknown, event = ''): { ok: true; value: z.output<S> } | { ok: false; error: string } {
  const r = schema.safeParse(payload, { reportInput: true });
  if (r.success) return { ok: true, value: r.data };
  const issue = r.error.issues[0]!;
  const at = event === '' ? '' : `${event} `;
  const shape = payloadShape(schema);
  if (issue.path.length === 0 && issue.code === 'invalid_type' && issue.expected === 'object') return { ok: false, error: `${at}payload must be an object ${shape}` };
  const words = describeIssue(issue, '');
  if (issue.code === 'unrecognized_keys') return { ok: false, error: `${at}${words.replace(/\)$/, `; the payload is ${shape})`)}` };
  return { ok: false, error: `${at}${words}` };
}

/** `{ tableId }`, `{ readerHint? }`, `{}`: the fields of an object schema, for a refusal. */
function payloadShape(schema: z.ZodType): string {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  if (!shape) return '';
  if (Object.keys(shape).length === 0) return '{}';
  return `{ ${Object.entries(shape)
    .map(([k, s]) => (s.safeParse(undefined).success ? `${k}?` : k))
    .join(', ')} }`;
}
