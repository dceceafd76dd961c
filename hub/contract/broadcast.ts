/**
 * The spectators' broadcast (hub/api/broadcast.ts, docs/spectators.md) as zod schemas: the
 * socket.io namespace `/broadcast` (no login: a projector or a stream) and the director's viewing
 * log. The hub checks what it receives with these; the broadcast pages check what they receive.
 */
import { z } from 'zod';
import { MAX_TABLE_ID } from './socket.js';
import { HubMarkSchema, PhaseSchema, PublicTableViewSchema, TileIdSchema, TournamentClockViewSchema, TournamentRoundViewSchema, VariantSchema } from './views.js';

/** The broadcast namespace: public, no credentials. */
export const BROADCAST_NAMESPACE = '/broadcast';

/** Event names on `/broadcast`. */
export const BROADCAST_EV = {
  /** client → hub: `{ tableId }`; the hub answers with `broadcast:table` now and on every change */
  watchTable: 'broadcast:watch-table',
  /** client → hub: `{}`; the hub answers with `broadcast:room` now, then at most twice a second */
  watchRoom: 'broadcast:watch-room',
  /** hub → client: one table's live public view and its delayed hands ({@link BroadcastTablePayloadSchema}) */
  table: 'broadcast:table',
  /** hub → client: the room's summary ({@link BroadcastRoomPayloadSchema}) */
  room: 'broadcast:room',
  /** hub → client: a request was refused, with the reason */
  problem: 'broadcast:problem',
} as const;

/** `broadcast:watch-table`: the table to watch. No other field. */
export const BroadcastWatchTableSchema = z.strictObject({ tableId: z.string().max(MAX_TABLE_ID) });
/** `broadcast:watch-room`: nothing (`{}`). */
export const BroadcastWatchRoomSchema = z.strictObject({});

/**
 * A table's concealed hands as of `asOf` (ms since epoch) = the hub's clock less `delayMs`: every
 * tile shown came to rest in that rack at or before `asOf` (hub/broadcast/delayed-hands.ts).
 * `hands[p].racks[r]`: the tile ids inside player p's rack r, in card order.
 */
export const DelayedHandsSchema = z.object({
  asOf: z.number(),
  delayMs: z.number().min(0),
  hands: z.array(z.object({ player: z.number().int().min(0), racks: z.array(z.array(TileIdSchema)) })),
});

/**
 * `broadcast:table`: the whole payload each time (no deltas): the live public view (counts,
 * exposures, discards, scores; no concealed tile) and the delayed hands (null for a table that
 * keeps no tile moves). `sentAt`: the hub's clock when sent (ms since epoch).
 */
export const BroadcastTablePayloadSchema = z.object({
  tableId: z.string(),
  sentAt: z.number(),
  view: PublicTableViewSchema,
  delayedHands: DelayedHandsSchema.nullable(),
});

/** One table in the room's summary: no tile at all, only what a room screen lists. */
export const RoomTableSummarySchema = z.object({
  tableId: z.string(),
  variant: VariantSchema,
  gameNo: z.number(),
  phase: PhaseSchema,
  /** each player's name, tile count and points so far (the running score of this game) */
  players: z.array(z.object({ name: z.string(), count: z.number(), points: z.number().nullable() })),
  /** flags still awaiting the director */
  openFlags: z.number().int().min(0),
  round: TournamentRoundViewSchema.nullable(),
  clock: TournamentClockViewSchema.nullable(),
  /** several hubs (docs/several-hubs.md): another hub's table, its hub and whether it is heard; absent for this hub's own */
  hub: HubMarkSchema.optional(),
});

/** `broadcast:room`: every table's summary, sent at most twice a second (`sentAt`: the hub's clock, ms). */
export const BroadcastRoomPayloadSchema = z.object({ sentAt: z.number(), tables: z.array(RoomTableSummarySchema) });

/** `broadcast:problem`: what was wrong, e.g. "unknown table 't9'". */
export const BroadcastProblemSchema = z.object({ error: z.string() });

/**
 * One entry of the viewing log (`GET /api/director/viewing-log`): who was shown concealed tiles,
 * when (`at`, ms since epoch) and of which table (`'*'`: every table, the director's room).
 * - `who`: `director <handle>` (a login's session handle), `director (token)` (the fixed token), or `broadcast`;
 * - `what`: `director-table` (GET of a table's director view), `director-tables` (every table's),
 *   `director-watch` (the director's live view over socket.io), `game-record`, `game-capture`,
 *   `broadcast` (a broadcast client watching a table's delayed hands);
 * - `address`: the client's IP address as the hub saw it.
 */
export const ViewingLogEntrySchema = z.object({
  at: z.number(),
  who: z.string(),
  what: z.enum(['director-table', 'director-tables', 'director-watch', 'game-record', 'game-capture', 'game-replay', 'broadcast']),
  table: z.string(),
  address: z.string(),
});

/** One entry of the viewing log: `{ at, who, what, table, address }`. */
export type ViewingLogEntry = z.infer<typeof ViewingLogEntrySchema>;

/** `GET /api/director/viewing-log`: the entries, oldest first. */
export const ViewingLogReplySchema = z.array(ViewingLogEntrySchema);
