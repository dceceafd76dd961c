/**
 * Several hubs, one event (docs/several-hubs.md): hub processes that share one PostgreSQL database
 * share one socket.io space through the Socket.IO Postgres adapter, so any hub serves any director
 * or spectator and the director's room shows every table of the event.
 *
 * Each table has ONE owner, the hub that reads its readers and writes its log (its own schema in the
 * database: hub/store/postgres.ts `hubLogSchema`). What the other hubs need of it goes to the owner
 * as a server-side message on the `/director` namespace, answered with an acknowledgement:
 * - `mjhub:tables` (every {@link HEARTBEAT_MS}, no answer): the sender's id and each of its tables'
 *   room summary and reader ids. The others keep them, push a summary that changed to their own
 *   room's followers, and mark a hub unheard for {@link OFFLINE_MS} offline: its tables' summaries
 *   list every reader offline and carry `hub.online: false`.
 * - `mjhub:http`: a director's (or a spectator's) request about a table of another hub (a ruling, an
 *   entry, the director's view): the owner runs it on its own routes and answers status, type and body.
 * - `mjhub:snapshot`: a socket watching a table of another hub: the owner answers the view and its seq;
 *   the owner's deltas then reach that socket through the adapter (its room `table:<id>` is the event's).
 * - `mjhub:public-tables`: `GET /api/tables` at any hub: every other hub answers its tables' public views.
 * - `mjhub:seat`: a phone's seat socket at a hub that does not own its table: the owner checks the
 *   token, answers the seat's view and its seq, and sends its deltas to the seat's room (the event's).
 * - `mjhub:broadcast`: a spectator's broadcast of another hub's table: the owner answers its payload
 *   and sends its payloads to the table's broadcast room for a while (hub/api/broadcast.ts).
 * - `mjhub:revoked` (no answer): a director logged out at one hub; every hub refuses the session
 *   (hub/api/event-keys.ts, which also holds the keys the hubs share: director sessions, seat codes).
 */
import pg from 'pg';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { Namespace } from 'socket.io';
import { ROOM_SUMMARY_EV, type RoomTableSummary } from '../contract/room-summary.js';
import type { HubMark } from '../contract/views.js';
import type { PublicTableView } from './views.js';
import type { BroadcastRoomTableSummary, BroadcastTablePayload } from './broadcast.js';
import type { SeatClaim } from './seat.js';
import { createShared, EventRevocations, loadEventKeys, otherDirectorSecrets, type EventKeys } from './event-keys.js';
import { SUMMARY_ROOM } from './room-summaries.js';
import type { HubLogger } from '../log.js';

/** How often a hub tells the others its tables (ms). */
export const HEARTBEAT_MS = 1_000;
/** A hub not heard for this long is offline: its tables show offline in the other hubs' rooms (ms). */
export const OFFLINE_MS = 4_000;
/** How long a request forwarded to a table's hub waits for its answer (ms): the adapter's own wait for acknowledgements. */
export const FORWARD_MS = 5_000;

/** The socket.io namespace a snapshot is asked on: the public table view or the director's. */
export type ViewNamespace = 'public' | 'director';

/** A request forwarded to the hub that owns the table. */
export interface ForwardedRequest {
  method: string;
  /** path and query, e.g. `/api/director/tables/t2/flags/f1` */
  url: string;
  /** the JSON body, or undefined */
  body?: unknown;
  /** true for a director's request (already authenticated by the hub that forwards it) */
  director: boolean;
  /** the `Host` the client reached the forwarding hub at: the owner writes links (seat codes) for that hub */
  host?: string;
}

/** The owner's answer to a {@link ForwardedRequest}. */
export interface ForwardedReply {
  status: number;
  /** the content type, e.g. `application/json; charset=utf-8` */
  type: string;
  body: string;
}

/** A view and its seq, as a `snapshot` carries them (hub/api/realtime.ts). */
export interface ViewSnapshot {
  seq: number;
  view: Record<string, unknown> | null;
}

/** One table as its hub tells the others: its room summary, its readers' ids and its spectators' summary. */
export interface HeardTable {
  summary: RoomTableSummary;
  readers: string[];
  /** the summary the spectators' room screen shows (hub/api/broadcast.ts) */
  broadcast?: BroadcastRoomTableSummary;
}

/** A public view of another hub's table, marked with that hub (`GET /api/tables`). */
export type MarkedPublicView = PublicTableView & { hub: HubMark };

/** A seat's view, its seq and the token's claim as the owner answers a seat socket at another hub, or why it is refused. */
export type SeatAnswer = (ViewSnapshot & { claim: SeatClaim }) | { error: string };

/** What this hub answers for itself, wired once its server is built ({@link EventLink.start}). */
export interface LocalSide {
  /** the `/director` namespace (server-side messages and the room's followers) */
  director: Namespace;
  /** this hub's tables now */
  tables(): HeardTable[];
  /** runs a forwarded request on this hub's own routes */
  inject(req: ForwardedRequest): Promise<ForwardedReply>;
  /** a table of this hub's view now, or null for a table it does not have */
  snapshot(nsp: ViewNamespace, tableId: string): ViewSnapshot | null;
  /** this hub's tables' public views (toPublic) */
  publicTables(): PublicTableView[];
  /** the seat a token opens at this hub, its deltas sent from now on to its room; null for a table this hub does not have */
  seat(token: string): SeatAnswer | null;
  /** a table's broadcast payload for a client of hub `from`, its payloads sent to its room for a while; null for a table this hub does not have */
  broadcast(tableId: string, from: string): BroadcastTablePayload | null;
}

/** This hub's link to the other hubs of the event. */
export interface EventLink {
  /** this hub's id (`--hub-id`) */
  readonly hubId: string;
  /** the socket.io adapter to build the server with (`new Server(http, { adapter })`) */
  readonly adapter: ReturnType<typeof createAdapter>;
  /** the id of the other hub that owns `tableId`, or null when no other hub told of it */
  ownerOf(tableId: string): string | null;
  /** every other hub's tables' summaries, as last heard (offline ones marked) */
  remoteSummaries(): RoomTableSummary[];
  /**
   * Sends a request to the hub that owns its table and resolves with its answer.
   * @throws Error `hub hall-b (table t2) did not answer within 5000 ms` when the owner is gone
   */
  forward(owner: string, tableId: string, req: ForwardedRequest): Promise<ForwardedReply>;
  /** asks the owner of `tableId` for its view; null when it did not answer */
  snapshot(owner: string, nsp: ViewNamespace, tableId: string): Promise<ViewSnapshot | null>;
  /**
   * Every other hub's tables' public views, each marked with its hub: as that hub answers now, or
   * as it last answered (`online: false`) when it does not answer within {@link FORWARD_MS}.
   */
  publicTables(): Promise<MarkedPublicView[]>;
  /** every other hub's tables' spectator summaries as last heard, each marked with its hub */
  remoteBroadcastSummaries(): (BroadcastRoomTableSummary & { hub: HubMark })[];
  /** calls `listener` when another hub's tables were heard changed, or its hub went unheard; returns the unsubscribe */
  onRemoteChange(listener: () => void): () => void;
  /** asks the owner of a seat token's table for the seat ({@link LocalSide.seat}); null when it did not answer */
  seat(owner: string, token: string): Promise<SeatAnswer | null>;
  /** asks the owner of `tableId` for its broadcast payload ({@link LocalSide.broadcast}); null when it did not answer */
  broadcast(owner: string, tableId: string): Promise<BroadcastTablePayload | null>;
  /** the keys the hubs of the event share (director sessions, seat codes: hub/api/event-keys.ts) */
  readonly keys: EventKeys;
  /** the logouts of every hub of the event (a logout here is told to every hub) */
  readonly revocations: EventRevocations;
  /** the other hubs of the event last started with another director secret than `secret` (hub/api/event-keys.ts `otherDirectorSecrets`) */
  otherDirectorSecrets(secret: string): Promise<string[]>;
  /** starts answering the other hubs and telling them this hub's tables */
  start(local: LocalSide): void;
  /** stops the heartbeat and closes the database pool (after socket.io is closed) */
  close(): Promise<void>;
}

/** The table the adapter keeps a message over PostgreSQL's 8000-byte NOTIFY limit in. */
const ATTACHMENTS = 'socket_io_attachments';

interface HeardHub {
  at: number;
  online: boolean;
  tables: HeardTable[];
  /** the JSON of each table's summary last pushed to this hub's room followers */
  pushed: Map<string, string>;
  /** its tables' public views as it last answered `mjhub:public-tables` */
  views: PublicTableView[];
}

/** A remote table's summary as this hub's room shows it: offline when its hub is not heard. */
function shown(hubId: string, hub: HeardHub, t: HeardTable): RoomTableSummary {
  if (hub.online) return { ...t.summary, hub: { id: hubId, online: true } };
  return { ...t.summary, offlineReaders: t.readers.map((id) => ({ id, state: 'offline' as const })), hub: { id: hubId, online: false } };
}

/**
 * Opens the database pool of the socket.io adapter and makes its attachments table.
 * @param databaseUrl the event's database, e.g. `postgres://mjhub@db:5432/event`
 * @param hubId this hub's id, e.g. `hall-a` (hub/store/postgres.ts `HUB_ID`)
 * @throws Error naming the cause when the database cannot be reached
 */
export async function openEventLink(databaseUrl: string, hubId: string, log: HubLogger): Promise<EventLink> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4, connectionTimeoutMillis: 5_000 });
  pool.on('error', (err) => log.warn({ err }, `event link: a database connection failed: ${err.message}`));
  // the adapter keeps one client checked out for LISTEN, with no 'error' listener of its own: a
  // database that goes away (57P01, terminating connection) would throw from it and end the hub;
  // the adapter sees the client end and connects again
  pool.on('connect', (client) => client.on('error', (err) => log.warn({ err }, `event link: a database connection failed: ${err.message}`)));
  let keys: EventKeys;
  try {
    // two hubs starting together: the table the other one made meanwhile is taken as made
    await createShared(pool, `CREATE TABLE IF NOT EXISTS ${ATTACHMENTS} (id bigserial UNIQUE, created_at timestamptz DEFAULT NOW(), payload bytea)`);
    keys = await loadEventKeys(pool);
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw new Error(`the event's database cannot be used for the hubs' messages and keys: ${(err as Error).message}`, { cause: err });
  }
  const adapter = createAdapter(pool, {
    tableName: ATTACHMENTS,
    heartbeatInterval: HEARTBEAT_MS,
    heartbeatTimeout: OFFLINE_MS,
    errorHandler: (err) => log.warn({ err }, `event link: ${err.message}`),
  });
  const heard = new Map<string, HeardHub>();
  let local: LocalSide | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  const remoteListeners = new Set<() => void>();
  const remoteChanged = () => remoteListeners.forEach((l) => l());
  const revocations = new EventRevocations(
    pool,
    (hash, expiresAt) => local?.director.serverSideEmit('mjhub:revoked', { hash, expiresAt }),
    (err) => log.error({ err }, `event link: a director's logout was not written to the database (the other hubs were told): ${err.message}`),
  );
  try {
    await revocations.reload();
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw new Error(`the event's database cannot be read for the directors' logouts: ${(err as Error).message}`, { cause: err });
  }
  /** the logouts are read again every this many heartbeats (a logout told while this hub was not heard) */
  const RELOAD_EVERY = 5;
  let beats = 0;

  /** Pushes to this hub's room followers each summary of `hubId` that changed since last pushed. */
  const pushChanged = (hubId: string, hub: HeardHub): void => {
    if (!local) return;
    let changed = false;
    for (const t of hub.tables) {
      const s = shown(hubId, hub, t);
      const json = JSON.stringify([s, t.broadcast]);
      if (hub.pushed.get(t.summary.tableId) === json) continue;
      hub.pushed.set(t.summary.tableId, json);
      changed = true;
      local.director.local.to(SUMMARY_ROOM).emit(ROOM_SUMMARY_EV.table, s);
    }
    if (changed) remoteChanged();
  };

  const tick = (): void => {
    if (!local) return;
    local.director.serverSideEmit('mjhub:tables', { hubId, tables: local.tables() });
    const now = Date.now();
    for (const [id, hub] of heard) {
      if (hub.online && now - hub.at > OFFLINE_MS) {
        hub.online = false;
        log.warn({ hub: id }, `hub ${id} not heard for ${OFFLINE_MS / 1000} s: its tables (${hub.tables.map((t) => t.summary.tableId).join(', ')}) show offline`);
        pushChanged(id, hub);
      }
    }
    if (++beats % RELOAD_EVERY === 0) revocations.reload().catch((err: Error) => log.warn({ err }, `event link: the directors' logouts could not be read: ${err.message}`));
  };

  const ownerOf = (tableId: string): string | null => {
    for (const [id, hub] of heard) if (hub.tables.some((t) => t.summary.tableId === tableId)) return id;
    return null;
  };

  /** Sends `event` to the other hubs and resolves with every answer that came within {@link FORWARD_MS}. */
  const askAll = <T>(event: string, payload: object): Promise<T[]> =>
    new Promise((resolve) => {
      if (!local) return resolve([]);
      local.director.serverSideEmit(event, payload, (_err: Error | null, answers: unknown[]) => resolve((answers ?? []) as T[]));
    });
  /** Sends `event` to the other hubs and resolves with the owner's (non-null) answer, or null. */
  const ask = async <T>(event: string, payload: object): Promise<T | null> => (await askAll<T | null>(event, payload)).find((a) => a !== null && a !== undefined) ?? null;

  return {
    hubId,
    adapter,
    ownerOf,
    remoteSummaries: () => [...heard].flatMap(([id, hub]) => hub.tables.map((t) => shown(id, hub, t))),
    async forward(owner, tableId, req) {
      const answer = await ask<ForwardedReply>('mjhub:http', { to: owner, req });
      if (!answer) throw new Error(`hub ${owner} (table ${tableId}) did not answer within ${FORWARD_MS} ms`);
      return answer;
    },
    snapshot: (owner, nsp, tableId) => ask<ViewSnapshot>('mjhub:snapshot', { to: owner, nsp, tableId }),
    seat: (owner, token) => ask<SeatAnswer>('mjhub:seat', { to: owner, token }),
    broadcast: (owner, tableId) => ask<BroadcastTablePayload>('mjhub:broadcast', { to: owner, tableId, from: hubId }),
    async publicTables() {
      const answers = await askAll<{ hubId: string; views: PublicTableView[] } | null>('mjhub:public-tables', {});
      const answered = new Set<string>();
      for (const a of answers) {
        const hub = a ? heard.get(a.hubId) : undefined;
        if (!a || !hub) continue;
        hub.views = a.views;
        answered.add(a.hubId);
      }
      return [...heard].flatMap(([id, hub]) => hub.views.map((v) => ({ ...v, hub: { id, online: hub.online && answered.has(id) } })));
    },
    remoteBroadcastSummaries: () => [...heard].flatMap(([id, hub]) => hub.tables.flatMap((t) => (t.broadcast ? [{ ...t.broadcast, hub: { id, online: hub.online } }] : []))),
    onRemoteChange(listener) {
      remoteListeners.add(listener);
      return () => remoteListeners.delete(listener);
    },
    keys,
    revocations,
    otherDirectorSecrets: (secret) => otherDirectorSecrets(pool, hubId, keys.directorSession, secret),
    start(side) {
      local = side;
      const d = side.director;
      d.on('mjhub:tables', (msg: { hubId: string; tables: HeardTable[] }) => {
        if (msg.hubId === hubId) return;
        const hub = heard.get(msg.hubId) ?? { at: 0, online: true, tables: [], pushed: new Map<string, string>(), views: [] };
        if (!hub.online) log.info({ hub: msg.hubId }, `hub ${msg.hubId} heard again`);
        Object.assign(hub, { at: Date.now(), online: true, tables: msg.tables });
        heard.set(msg.hubId, hub);
        pushChanged(msg.hubId, hub);
      });
      d.on('mjhub:http', (msg: { to: string; req: ForwardedRequest }, ack: (a: ForwardedReply | null) => void) => {
        if (msg.to !== hubId) return ack(null);
        side
          .inject(msg.req)
          .then(ack, (err: unknown) =>
            ack({ status: 502, type: 'application/json; charset=utf-8', body: JSON.stringify({ statusCode: 502, error: 'Bad Gateway', message: String((err as Error)?.message ?? err) }) }),
          );
      });
      d.on('mjhub:snapshot', (msg: { to: string; nsp: ViewNamespace; tableId: string }, ack: (a: ViewSnapshot | null) => void) => {
        ack(msg.to === hubId ? side.snapshot(msg.nsp, msg.tableId) : null);
      });
      d.on('mjhub:public-tables', (_msg: unknown, ack: (a: { hubId: string; views: PublicTableView[] }) => void) => ack({ hubId, views: side.publicTables() }));
      d.on('mjhub:seat', (msg: { to: string; token: string }, ack: (a: SeatAnswer | null) => void) => ack(msg.to === hubId ? side.seat(msg.token) : null));
      d.on('mjhub:broadcast', (msg: { to: string; tableId: string; from: string }, ack: (a: BroadcastTablePayload | null) => void) =>
        ack(msg.to === hubId ? side.broadcast(msg.tableId, msg.from) : null),
      );
      d.on('mjhub:revoked', (msg: { hash: string; expiresAt: number }) => revocations.heard(msg.hash, msg.expiresAt));
      tick();
      timer = setInterval(tick, HEARTBEAT_MS);
    },
    async close() {
      if (timer) clearInterval(timer);
      local = null;
      remoteListeners.clear();
      await pool.end().catch(() => undefined);
    },
  };
}
