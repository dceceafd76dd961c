/**
 * The room's desk as the display uses it (hub/api/routes-room.ts; shapes in hub/contract/room.ts):
 * a seat's or a table display's call for the director, the announcement (read by every table
 * display and seat view, posted and cleared by the director), the director's open calls and the
 * tables' sections. Every answer is parsed with the contract's schema; every push too.
 */
import { io, type Socket } from 'socket.io-client';
import type { z } from 'zod';
import { check } from '../../../hub/contract/issues.js';
import { type Announcement, AnnouncementReply, type Call, CallReply, ROOM_EV, RoomDeskPushSchema, type RoomDesk, RoomDeskReply } from '../../../hub/contract/room.js';
import { readAnswer } from './answer.js';
import { errorMessage } from './api.js';
import type { DirectorSocket } from './directorSocket.js';

export type { Announcement, Call, RoomDesk };

/** A desk request's outcome: the parsed answer, or the message to show (never throws). */
export type DeskResult<T> = { ok: true; value: T } | { ok: false; error: string };

async function request<S extends z.ZodType>(method: 'GET' | 'POST', url: string, schema: S, token = '', body?: unknown): Promise<DeskResult<z.output<S>>> {
  try {
    const res = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    if (!res.ok) return { ok: false, error: await errorMessage(res) };
    return { ok: true, value: await readAnswer(res, schema, `${method} ${url}`) };
  } catch (err) {
    return { ok: false, error: err instanceof Error && err.message.startsWith("the hub's answer") ? err.message : `could not reach the hub: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/** `POST /api/seat/:token/call` (a seat) or `POST /api/tables/:id/call` (the table display): the open call. */
export function callDirector(who: { seatToken: string } | { tableId: string }): Promise<DeskResult<{ call: Call }>> {
  const url = 'seatToken' in who ? `/api/seat/${encodeURIComponent(who.seatToken)}/call` : `/api/tables/${encodeURIComponent(who.tableId)}/call`;
  return request('POST', url, CallReply, '', {});
}

/** `GET /api/announcement`. */
export function fetchAnnouncement(): Promise<DeskResult<{ announcement: Announcement | null }>> {
  return request('GET', '/api/announcement', AnnouncementReply);
}

/** `GET /api/director/room`: the tables' sections, the open calls, the announcement (the login cookie, or `token`). */
export function fetchRoomDesk(token: string): Promise<DeskResult<RoomDesk>> {
  return request('GET', '/api/director/room', RoomDeskReply, token);
}

/** `POST /api/director/calls/:id/take`. */
export function takeCall(id: string, token: string): Promise<DeskResult<RoomDesk>> {
  return request('POST', `/api/director/calls/${encodeURIComponent(id)}/take`, RoomDeskReply, token, {});
}

/** `POST /api/director/announcement` `{ text }`. */
export function postAnnouncement(text: string, token: string): Promise<DeskResult<{ announcement: Announcement | null }>> {
  return request('POST', '/api/director/announcement', AnnouncementReply, token, { text });
}

/** `POST /api/director/announcement/clear`. */
export function clearAnnouncement(token: string): Promise<DeskResult<{ announcement: Announcement | null }>> {
  return request('POST', '/api/director/announcement/clear', AnnouncementReply, token, {});
}

/**
 * Follows the announcement: read on every (re)connect, then each `room:announcement`
 * push on the public namespace (checked with the contract; a push of another shape is ignored).
 * @returns stop
 */
export function followAnnouncement(onAnnouncement: (a: Announcement | null) => void): () => void {
  // the page's other sockets may share this connection (a seat page's `/seat`, made with
  // autoConnect off): connect this namespace explicitly
  const socket: Socket = io({ autoConnect: false, reconnectionDelay: 1000, reconnectionDelayMax: 5000 });
  const read = () =>
    void fetchAnnouncement().then((r) => {
      if (r.ok) onAnnouncement(r.value.announcement);
    });
  socket.on('connect', read);
  socket.on(ROOM_EV.announcement, (payload: unknown) => {
    const r = check(AnnouncementReply, payload, 'room:announcement');
    if (r.ok) onAnnouncement(r.value.announcement);
  });
  socket.connect();
  return () => socket.disconnect();
}

/**
 * Follows the director's desk on the room's one `/director` socket (lib/directorSocket.ts): read at
 * once (`GET /api/director/room`, the login cookie or `token`) and on every (re)connect, which asks
 * for the desk's pushes (`room:watch-desk`), then each `room:desk` push.
 * @param onError the hub's refusal of the read, in words
 * @returns stop (removes this follower's listeners)
 */
export function followDesk(link: DirectorSocket, token: string, onDesk: (d: RoomDesk) => void, onError: (message: string) => void): () => void {
  let tables: RoomDesk['tables'] = [];
  const read = () =>
    void fetchRoomDesk(token).then((r) => {
      if (r.ok) {
        tables = r.value.tables;
        onDesk(r.value);
      } else onError(r.error);
    });
  if (!link.connected) read();
  // the room asks for the desk's pushes (a director's table page does not get them), then reads
  const stops = [
    link.onConnect(() => link.emit(ROOM_EV.watchDesk, {}, read)),
    link.on(ROOM_EV.desk, (payload: unknown) => {
      const r = check(RoomDeskPushSchema, payload, 'room:desk');
      if (r.ok) onDesk({ tables, ...r.value });
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
