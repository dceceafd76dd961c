/**
 * The routes of the room's desk (hub/api/room-desk.ts; shapes in hub/contract/room.ts):
 * - `POST /api/seat/:token/call` → `{ call }`: the seat of that token calls the director
 *   (401 for a tampered or expired token, 404 a table the hub does not run or a player it has not);
 * - `POST /api/tables/:id/call` → `{ call }`: the table display calls for the table (404 unknown table);
 * - `GET  /api/announcement` → `{ announcement }` (null when none);
 * and, registered inside the director scope (the director's login or token):
 * - `GET  /api/director/room` → `{ tables: [{ tableId, section }], calls, announcement }`;
 * - `POST /api/director/calls/:callId/take` `{ by? }` → the same; 404 no such open call;
 * - `POST /api/director/announcement` `{ text, by? }` → `{ announcement }`;
 * - `POST /api/director/announcement/clear` `{ by? }` → `{ announcement: null }`; 409 none to clear.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as H from '../contract/http.js';
import * as R from '../contract/responses.js';
import * as Room from '../contract/room.js';
import type { RoomDesk } from './room-desk.js';
import type { TableRuntime } from './runtime.js';
import { SeatTokenError, type SeatTokens } from './seat.js';

/** What the desk's routes need. */
export interface RoomRouteOptions {
  desk: RoomDesk;
  tables: readonly TableRuntime[];
  tokens: SeatTokens;
  /** table id → its hall or section (the table config's `section`); absent: "" (one section) */
  sections?: Readonly<Record<string, string>>;
}

/** The tables' sections, the open calls, the announcement (`GET /api/director/room`). */
function deskReply(opts: RoomRouteOptions): Room.RoomDesk {
  return {
    tables: opts.tables.map((t) => ({ tableId: t.id, section: opts.sections?.[t.id] ?? '' })),
    calls: opts.desk.calls(),
    announcement: opts.desk.announcement(),
  };
}

/** The public routes: a seat's or a table display's call, the announcement. */
export function roomRoutes(opts: RoomRouteOptions) {
  const tables = new Map(opts.tables.map((t) => [t.id, t] as const));
  return async (untyped: FastifyInstance): Promise<void> => {
    const app = untyped.withTypeProvider<ZodTypeProvider>();
    app.post('/api/seat/:token/call', { schema: { params: H.SeatTokenParams, querystring: H.NoQuery, body: H.NoBody, response: R.replies(Room.CallReply) } }, async (req) => {
      const claim = opts.tokens.verify(req.params.token);
      const t = tables.get(claim.table);
      if (!t) throw new SeatTokenError(404, `seat token names table '${claim.table.slice(0, 64)}', which this hub does not run`);
      const seat = t.publicView().players[claim.player]?.seat;
      if (seat === undefined) throw new SeatTokenError(404, `seat token names player ${claim.player}, whom table '${t.id}' does not have`);
      return { call: opts.desk.call(t.id, claim.player, seat) };
    });
    app.post('/api/tables/:id/call', { schema: { params: H.TableParams, querystring: H.NoQuery, body: H.NoBody, response: R.replies(Room.CallReply) } }, async (req, reply) => {
      const t = tables.get(req.params.id);
      if (!t) return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `unknown table '${req.params.id}'` });
      return { call: opts.desk.call(t.id, null, null) };
    });
    app.get('/api/announcement', { schema: { querystring: H.NoQuery, response: R.replies(Room.AnnouncementReply) } }, async () => ({ announcement: opts.desk.announcement() }));
  };
}

/** The director's routes: register inside the director scope of hub/api/server.ts. */
export function roomDirectorRoutes(opts: RoomRouteOptions) {
  return async (untyped: FastifyInstance): Promise<void> => {
    const app = untyped.withTypeProvider<ZodTypeProvider>();
    app.get('/api/director/room', { schema: { querystring: H.NoQuery, response: R.replies(Room.RoomDeskReply) } }, async () => deskReply(opts));
    app.post('/api/director/calls/:callId/take', { schema: { params: Room.CallParams, querystring: H.NoQuery, body: Room.TakeCallBody, response: R.replies(Room.RoomDeskReply) } }, async (req) => {
      opts.desk.take(req.params.callId, req.body?.by ?? 'director');
      return deskReply(opts);
    });
    app.post('/api/director/announcement', { schema: { querystring: H.NoQuery, body: Room.AnnouncementBody, response: R.replies(Room.AnnouncementReply) } }, async (req) => ({
      announcement: opts.desk.announce(req.body.text.trim(), req.body.by ?? 'director'),
    }));
    app.post('/api/director/announcement/clear', { schema: { querystring: H.NoQuery, body: Room.ClearAnnouncementBody, response: R.replies(Room.AnnouncementReply) } }, async (req) => {
      opts.desk.clearAnnouncement(req.body?.by ?? 'director');
      return { announcement: null };
    });
  };
}
