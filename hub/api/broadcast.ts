/**
 * The spectators' broadcast over socket.io (docs/spectators.md; events and payloads:
 * hub/contract/broadcast.ts), namespace `/broadcast`, no login (a projector, a stream):
 *
 * - `broadcast:watch-table {tableId}`: the client gets `broadcast:table` at once, then whenever the
 *   table changes and whenever the delayed hands move on (checked every `tickMs`, default 1 s);
 *   the payload is the live public view (picked by toPublic, hub/api/public-view.ts) and the
 *   concealed hands as of `now - delayMs` (hub/broadcast/delayed-hands.ts): the hub folds only the
 *   tile moves at least the delay old, so nothing not yet due ever leaves it. Each watch is
 *   written to the viewing log (who: `broadcast`, the client's address).
 * - `broadcast:watch-room {}`: the client gets `broadcast:room` (every table's summary, no tile) at
 *   once, then after a change of any table at most one every {@link ROOM_GAP_MS}: a change starts
 *   a wait of that long, and the changes during it go out together at its end (so many changes in
 *   one second give at most two payloads).
 *
 * Several hubs (hub/api/event-hubs.ts): the room screen lists every hub's tables, and a watch of
 * another hub's table is answered by its owner (`mjhub:broadcast`), which then sends that table's
 * payloads to its room (the event's) for {@link REMOTE_WATCH_MS} after each ask; the hub the
 * client watches at asks again every {@link REMOTE_RENEW_MS} while one of its clients watches.
 */
import type { Namespace, Server, Socket } from 'socket.io';
import { BROADCAST_EV, BROADCAST_NAMESPACE, BroadcastWatchRoomSchema, BroadcastWatchTableSchema } from '../contract/broadcast.js';
import { checkPayload } from '../contract/socket.js';
import { delayedHands, type DelayedHands } from '../broadcast/delayed-hands.js';
import { toPublic } from './public-view.js';
import type { TableRuntime } from './runtime.js';
import type { ViewingEntry } from './viewing-log.js';
import type { PublicTableView } from './views.js';
import type { HubMark } from '../contract/views.js';

/** The default delay of the concealed hands: 15 minutes in ms (what chess championships use). */
export const DEFAULT_BROADCAST_DELAY_MS = 15 * 60_000;
/** The shortest time between two room summaries (ms): at most two a second. */
export const ROOM_GAP_MS = 500;

/** How long an owner sends a table's payloads after another hub asked for it (ms). */
export const REMOTE_WATCH_MS = 15_000;
/** How often a hub whose clients watch another hub's table asks its owner again (ms). */
export const REMOTE_RENEW_MS = 5_000;

/** The room a table's broadcast watchers join, e.g. `"broadcast:t1"`. */
const tableRoom = (tableId: string) => `broadcast:${tableId}`;
/** The room of the room summary's watchers. */
const ROOM = 'broadcast:room';

/** One table's broadcast payload (hub/contract/broadcast.ts BroadcastTablePayloadSchema). */
export interface BroadcastTablePayload {
  tableId: string;
  sentAt: number;
  view: PublicTableView;
  delayedHands: DelayedHands | null;
}

/** Options of {@link attachBroadcast}. */
export interface BroadcastOptions {
  tables: readonly TableRuntime[];
  /** how far behind the live game the concealed hands are (ms); must be > 0 unless the director chose 0 */
  delayMs: number;
  /** the hub's clock (ms since epoch) the delay is counted on (tests: a bench's virtual clock); default Date.now */
  now?: () => number;
  /** how often the delayed hands are looked at again when the table has not changed (ms); default 1000, 0 never */
  tickMs?: number;
  /** writes one entry of the viewing log (a broadcast client watching a table) */
  viewed?: (entry: ViewingEntry) => void;
  /** where to report a view that threw; default: nowhere */
  logError?: (msg: string, err: unknown) => void;
  /**
   * several hubs (hub/api/event-hubs.ts): the other hubs' tables, listed after this hub's on the
   * room screen (each marked with its hub), and a way to hear when they change
   */
  remote?: {
    summaries(): BroadcastRoomTableSummary[];
    onChange(listener: () => void): () => void;
    /** the hub that owns `tableId`, when another hub does */
    ownerOf(tableId: string): string | null;
    /** asks the owner for the table's payload (and to send its payloads for a while); null when it did not answer */
    watch(owner: string, tableId: string): Promise<BroadcastTablePayload | null>;
  };
}

/** The summary of one table for the room screen (hub/contract/broadcast.ts RoomTableSummarySchema): what a spectator may see, no tile. */
export function broadcastSummaryOf(v: PublicTableView) {
  return {
    tableId: v.tableId,
    variant: v.variant,
    gameNo: v.gameNo,
    phase: v.phase,
    players: v.players.map((p, i) => ({ name: p.name, count: p.count, points: v.score?.points[i] ?? null })),
    openFlags: v.flags.filter((f) => f.status === 'awaiting-director').length,
    round: v.round ?? null,
    clock: v.clock ?? null,
  };
}

/** One table of the spectators' room screen; another hub's carries its hub (hub/api/event-hubs.ts). */
export type BroadcastRoomTableSummary = ReturnType<typeof broadcastSummaryOf> & { hub?: HubMark };

/**
 * Adds the `/broadcast` namespace to socket.io and wires the tables' changes to it.
 * @returns `watchedFrom(tableId, hub)`: another hub's client watches this hub's table: its payload now
 *   (null for a table this hub does not have), and its payloads sent to its room for {@link REMOTE_WATCH_MS};
 *   `close()`: stops the timers and the change listeners (the namespace closes with `io`)
 * @throws RangeError when `delayMs` is negative or not a finite number
 */
export function attachBroadcast(io: Server, opts: BroadcastOptions): { watchedFrom(tableId: string, hub: string): BroadcastTablePayload | null; close(): void } {
  if (!Number.isFinite(opts.delayMs) || opts.delayMs < 0) throw new RangeError(`broadcast delayMs must be a number of ms of at least 0, not ${opts.delayMs}`);
  const now = opts.now ?? Date.now;
  const nsp: Namespace = io.of(BROADCAST_NAMESPACE);
  const byId = new Map(opts.tables.map((t) => [t.id, t] as const));
  /** per table: the JSON of the last payload sent to its room, without `sentAt` */
  const lastSent = new Map<string, string>();

  const payloadOf = (t: TableRuntime): BroadcastTablePayload => {
    const at = now();
    const log = t.tileMoveLog?.();
    return {
      tableId: t.id,
      sentAt: at,
      view: toPublic(t.publicView()),
      delayedHands: log ? delayedHands(log.moves, log.racks, log.players, log.racksPerPlayer, at, opts.delayMs) : null,
    };
  };
  const watchers = (room: string) => nsp.adapter.rooms.get(room)?.size ?? 0;

  /** Sends the table's payload to its room when it differs from the last one sent. */
  /** this hub's tables another hub's clients watch: until when (ms since epoch, Date.now) */
  const watchedElsewhere = new Map<string, number>();
  const pushTable = (t: TableRuntime) => {
    if (watchers(tableRoom(t.id)) === 0 && (watchedElsewhere.get(t.id) ?? 0) < Date.now()) return;
    let p: BroadcastTablePayload;
    try {
      p = payloadOf(t);
    } catch (err) {
      opts.logError?.(`broadcast: table '${t.id}' threw`, err);
      return;
    }
    const json = JSON.stringify({ ...p, sentAt: 0 });
    if (lastSent.get(t.id) === json) return;
    lastSent.set(t.id, json);
    nsp.to(tableRoom(t.id)).emit(BROADCAST_EV.table, p);
  };

  const roomPayload = () => ({ sentAt: now(), tables: [...opts.tables.map((t) => broadcastSummaryOf(toPublic(t.publicView()))), ...(opts.remote?.summaries() ?? [])] });
  let roomTimer: NodeJS.Timeout | null = null;
  const roomChanged = () => {
    if (roomTimer || watchers(ROOM) === 0) return;
    roomTimer = setTimeout(() => {
      roomTimer = null;
      try {
        nsp.to(ROOM).emit(BROADCAST_EV.room, roomPayload());
      } catch (err) {
        opts.logError?.('broadcast: the room summary threw', err);
      }
    }, ROOM_GAP_MS);
  };

  const queued = new Set<string>();
  const unsubscribes = opts.tables.map((t) =>
    t.onChange(() => {
      roomChanged();
      if (queued.has(t.id)) return;
      queued.add(t.id);
      queueMicrotask(() => {
        queued.delete(t.id);
        pushTable(t);
      });
    }),
  );
  const offRemote = opts.remote?.onChange(roomChanged);
  const tickMs = opts.tickMs ?? 1000;
  const ticker = tickMs > 0 ? setInterval(() => opts.tables.forEach(pushTable), tickMs) : null;
  ticker?.unref();

  /** another hub's tables this hub's clients watch, and their owners (asked again every REMOTE_RENEW_MS) */
  const watchingElsewhere = new Map<string, string>();
  const renew = opts.remote
    ? setInterval(() => {
        for (const [tableId, owner] of watchingElsewhere) {
          if (watchers(tableRoom(tableId)) === 0) watchingElsewhere.delete(tableId);
          else void opts.remote!.watch(owner, tableId);
        }
      }, REMOTE_RENEW_MS)
    : null;
  renew?.unref();
  /** A watch of another hub's table: the owner's payload, then its payloads through the adapter. */
  const watchElsewhere = (socket: Socket, tableId: string, refuse: (error: string) => void): void => {
    const owner = opts.remote?.ownerOf(tableId) ?? null;
    if (owner === null) return void refuse(`unknown table '${tableId}'`);
    void socket.join(tableRoom(tableId));
    watchingElsewhere.set(tableId, owner);
    void opts.remote!.watch(owner, tableId).then((p) => (p ? socket.emit(BROADCAST_EV.table, p) : refuse(`hub ${owner}, whose table '${tableId}' is, did not answer`)));
  };

  nsp.on('connection', (socket: Socket) => {
    const refuse = (error: string) => socket.emit(BROADCAST_EV.problem, { error });
    socket.on(BROADCAST_EV.watchTable, (payload: unknown) => {
      const r = checkPayload(BroadcastWatchTableSchema, payload);
      if (!r.ok) return refuse(r.error);
      const t = byId.get(r.value.tableId);
      if (!t) return watchElsewhere(socket, r.value.tableId, refuse);
      void socket.join(tableRoom(t.id));
      opts.viewed?.({ who: 'broadcast', what: 'broadcast', table: t.id, address: socket.handshake.address });
      try {
        socket.emit(BROADCAST_EV.table, payloadOf(t));
      } catch (err) {
        opts.logError?.(`broadcast: table '${t.id}' threw`, err);
        refuse(`table '${t.id}' view is unavailable`);
      }
    });
    socket.on(BROADCAST_EV.watchRoom, (payload: unknown) => {
      const r = checkPayload(BroadcastWatchRoomSchema, payload ?? {});
      if (!r.ok) return refuse(r.error);
      void socket.join(ROOM);
      socket.emit(BROADCAST_EV.room, roomPayload());
    });
  });

  return {
    watchedFrom(tableId, hub) {
      const t = byId.get(tableId);
      if (!t) return null;
      watchedElsewhere.set(t.id, Date.now() + REMOTE_WATCH_MS);
      opts.viewed?.({ who: 'broadcast', what: 'broadcast', table: t.id, address: `hub ${hub}` });
      return payloadOf(t);
    },
    close() {
      if (renew) clearInterval(renew);
      for (const u of unsubscribes) u();
      offRemote?.();
      if (ticker) clearInterval(ticker);
      if (roomTimer) clearTimeout(roomTimer);
      roomTimer = null;
    },
  };
}
