/**
 * The room's desk, as zod schemas: the calls for the director (a seat or a table display calls)
 * and the announcement to every table (hub/api/room-desk.ts keeps them, hub/api/routes-room.ts
 * serves them). Routes:
 * - `POST /api/seat/:token/call` (the seat's token) and `POST /api/tables/:id/call` (a table display
 *   calls for the table): no body → {@link CallReply};
 * - `GET /api/announcement` → {@link AnnouncementReply} (public);
 * - `GET /api/director/room` → {@link RoomDeskReply}: every table's section, the open calls, the announcement;
 * - `POST /api/director/calls/:callId/take` {@link TakeCallBody} → {@link RoomDeskReply};
 * - `POST /api/director/announcement` {@link AnnouncementBody} → {@link AnnouncementReply};
 * - `POST /api/director/announcement/clear` {@link ClearAnnouncementBody} → {@link AnnouncementReply}.
 * Socket pushes: {@link ROOM_EV}.
 */
import { z } from 'zod';

/** Socket.io events of the desk. */
export const ROOM_EV = {
  /** hub → display on `/` and `/seat`: `{ announcement }` ({@link AnnouncementReply}) whenever it is posted or cleared */
  announcement: 'room:announcement',
  /**
   * hub → display on `/director`: the open calls and the announcement ({@link RoomDeskPushSchema})
   * whenever either changes, sent only to the connections that asked with {@link ROOM_EV.watchDesk}
   * (the room; a director's table page does not)
   */
  desk: 'room:desk',
  /** display → hub on `/director`: `{}` ({@link WatchDeskRequestSchema}); this connection is sent `room:desk` from now on; optional ack `{ ok: true }` */
  watchDesk: 'room:watch-desk',
} as const;

/** `room:watch-desk` on `/director`: the payload says nothing, `{}` (absent or null also do). */
export const WatchDeskRequestSchema = z.strictObject({});

/** Longest announcement (characters). */
export const MAX_ANNOUNCEMENT = 280;

/** One call for the director not yet taken. */
export const CallSchema = z.object({
  /** `c<seq>`: the seq of its event in the log */
  id: z.string(),
  tableId: z.string(),
  /** the calling seat's player (0 = East), null when the table display called */
  player: z.number().int().min(0).nullable(),
  /** that seat's wind, e.g. "East"; null when the table display called */
  seat: z.string().nullable(),
  /** when it was made, ms since epoch ("1 min ago" is computed from it) */
  at: z.number(),
  /** the room's words, e.g. "table 7 calls (East)" (rules/wording/room.ts) */
  text: z.string(),
});

/** The announcement shown on every table display and seat view. */
export const AnnouncementSchema = z.object({ text: z.string(), at: z.number() });

/** A call made: the open call (a second call of the same seat or table while it is open is the same call). */
export const CallReply = z.object({ call: CallSchema });
/** The announcement now, null when none. */
export const AnnouncementReply = z.object({ announcement: AnnouncementSchema.nullable() });
/** A table of the room with its section (hall or section of the table config; absent: "") */
export const RoomTableSchema = z.object({ tableId: z.string(), section: z.string() });
/** `GET /api/director/room` and a taken call: the tables' sections, the open calls (oldest first), the announcement. */
export const RoomDeskReply = z.object({ tables: z.array(RoomTableSchema), calls: z.array(CallSchema), announcement: AnnouncementSchema.nullable() });
/** The `room:desk` push on `/director`. */
export const RoomDeskPushSchema = z.object({ calls: z.array(CallSchema), announcement: AnnouncementSchema.nullable() });

const by = z.string().min(1).max(64);
/** `/api/director/calls/:callId/take` */
export const CallParams = z.object({ callId: z.string().min(1).max(32) });
/** `POST /api/director/calls/:callId/take`: who took it (default "director"); optional. */
export const TakeCallBody = z.strictObject({ by: by.optional() }).nullish();
/** `POST /api/director/announcement`: the text (1-280 characters, not blank). */
export const AnnouncementBody = z.strictObject({ text: z.string().min(1).max(MAX_ANNOUNCEMENT).regex(/\S/, 'must not be blank'), by: by.optional() });
/** `POST /api/director/announcement/clear`: who cleared it; optional. */
export const ClearAnnouncementBody = TakeCallBody;

export type Call = z.output<typeof CallSchema>;
export type Announcement = z.output<typeof AnnouncementSchema>;
export type RoomDesk = z.output<typeof RoomDeskReply>;
