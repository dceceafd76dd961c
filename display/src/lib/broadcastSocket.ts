/**
 * The spectators' broadcast as a Svelte store, fed by socket.io namespace `/broadcast` (contract:
 * hub/contract/broadcast.ts; every payload is checked with its schema): one table's live public
 * view with its delayed hands, or the room's summary. No login. On every (re)connect it asks again
 * (`broadcast:watch-table {tableId}` or `broadcast:watch-room {}`); the hub sends the whole payload
 * each time, so there is no sequence to keep. The socket connects with the first subscriber and
 * disconnects after the last one; socket.io reconnects by itself.
 */
import { readable, type Readable } from 'svelte/store';
import { io } from 'socket.io-client';
import type { z } from 'zod';
import { BROADCAST_EV, BROADCAST_NAMESPACE, BroadcastProblemSchema, BroadcastRoomPayloadSchema, BroadcastTablePayloadSchema } from '../../../hub/contract/broadcast.js';

/** One table's broadcast payload as checked. */
export type BroadcastTable = z.infer<typeof BroadcastTablePayloadSchema>;
/** The room's summary as checked. */
export type BroadcastRoom = z.infer<typeof BroadcastRoomPayloadSchema>;

/** What a broadcast page draws from: the last payload, whether it is live, and the last problem in words. */
export interface LiveBroadcast<P> {
  live: boolean;
  payload: P | null;
  error: string | null;
}

/** What to watch: a table (`{ tableId }`) or the room (`null`). */
function liveBroadcast<P>(watch: { tableId: string } | null, schema: z.ZodType<P>, event: string): Readable<LiveBroadcast<P>> {
  return readable<LiveBroadcast<P>>({ live: false, payload: null, error: null }, (set) => {
    let state: LiveBroadcast<P> = { live: false, payload: null, error: null };
    const put = (s: Partial<LiveBroadcast<P>>) => set((state = { ...state, ...s }));
    const socket = io(BROADCAST_NAMESPACE, { reconnectionDelay: 1000, reconnectionDelayMax: 5000 });
    socket.on('connect', () => {
      if (watch) socket.emit(BROADCAST_EV.watchTable, watch);
      else socket.emit(BROADCAST_EV.watchRoom, {});
    });
    socket.on('disconnect', (reason) => put({ live: false, error: `connection lost (${reason})` }));
    socket.on('connect_error', (err: Error) => put({ live: false, error: err.message }));
    socket.on(event, (raw: unknown) => {
      const r = schema.safeParse(raw);
      if (r.success) put({ live: true, payload: r.data, error: null });
      else put({ error: `ignored a payload: ${r.error.issues[0]?.path.join('.')} ${r.error.issues[0]?.message}` });
    });
    socket.on(BROADCAST_EV.problem, (raw: unknown) => {
      const r = BroadcastProblemSchema.safeParse(raw);
      put({ error: r.success ? r.data.error : 'the hub refused the request' });
    });
    return () => socket.disconnect();
  });
}

/** One table's broadcast (`/broadcast/<table>`). */
export function liveBroadcastTable(tableId: string): Readable<LiveBroadcast<BroadcastTable>> {
  return liveBroadcast({ tableId }, BroadcastTablePayloadSchema as z.ZodType<BroadcastTable>, BROADCAST_EV.table);
}

/** The room's summary (`/broadcast`), at most two a second. */
export function liveBroadcastRoom(): Readable<LiveBroadcast<BroadcastRoom>> {
  return liveBroadcast(null, BroadcastRoomPayloadSchema as z.ZodType<BroadcastRoom>, BROADCAST_EV.room);
}
