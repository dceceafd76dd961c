/**
 * Live views over socket.io (hub/api/socket-events.ts is the contract with the display).
 *
 * - Namespace `/` (public): `watch {tableId}` joins room `table:<id>` and answers with a full
 *   `snapshot {tableId, seq, view}`; every runtime change then sends `delta {tableId, seq, changes}`
 *   to the room, with seq exactly one more and only the top-level keys whose JSON changed (no
 *   delta when nothing changed). `resync` answers with a snapshot again; bad payloads get `problem`.
 * - Namespace `/director`: the same, with DirectorTableView, behind a middleware that checks
 *   `handshake.auth.token` in constant time, or the director's session cookie (same origin). The namespace is the security boundary; rooms only route.
 *
 * Changes signalled in one synchronous run are coalesced into one delta (computed in a microtask).
 * No connectionStateRecovery: every (re)connect asks for a snapshot and then checks seq.
 */
import type { Server as HttpServer } from 'node:http';
import { Server, type Namespace, type Socket } from 'socket.io';
import { toDirector, toPublic } from './public-view.js';
import type { TableRuntime } from './runtime.js';
import { DIRECTOR_NAMESPACE, EV, type WatchAck } from './socket-events.js';
import { stderrLogger } from '../log.js';
import { checkPayload, WatchRequestSchema } from '../contract/socket.js';
import { DIRECTOR_LOGIN_NEEDED_SOCKET } from '../../rules/wording/director-login.js';
import type { EventLink, ViewNamespace, ViewSnapshot } from './event-hubs.js';

/** The room a table's watchers join, e.g. `"table:t1"`. */
export function tableRoom(tableId: string): string {
  return `table:${tableId}`;
}

type ViewRecord = Record<string, unknown>;

/** The view of one table on one namespace, with the seq of its last state and each key's JSON (also used by hub/api/seat.ts). */
export class Channel {
  seq = 0;
  view: ViewRecord | null = null;
  private json = new Map<string, string | undefined>();

  constructor(private readonly compute: () => ViewRecord) {}

  /**
   * Computes the view now; when it differs from the last one, bumps seq and returns the changed
   * top-level keys. The first computation sets seq 0 and returns null (there is nothing to diff).
   * @throws whatever the runtime's view function throws
   */
  refresh(): ViewRecord | null {
    const view = this.compute();
    const json = new Map<string, string | undefined>();
    for (const k of Object.keys(view)) json.set(k, JSON.stringify(view[k]));
    const first = this.view === null;
    const changes: ViewRecord = {};
    let changed = false;
    if (!first) {
      for (const [k, j] of json) {
        if (this.json.get(k) !== j) {
          changes[k] = view[k];
          changed = true;
        }
      }
      // a key that disappeared is sent as null
      for (const k of this.json.keys()) {
        if (!json.has(k)) {
          changes[k] = null;
          changed = true;
        }
      }
    }
    this.view = view;
    this.json = json;
    if (first || !changed) return null;
    this.seq += 1;
    return changes;
  }
}

/** What {@link attachRealtime} returns. */
export interface Realtime {
  io: Server;
  /** a table's view on a namespace now, with its seq (refreshed first; its delta sent), or null for a table this hub does not have */
  snapshotOf(nsp: ViewNamespace, tableId: string): ViewSnapshot | null;
  /** stops listening to the runtimes and closes socket.io (every namespace, every client) */
  close(): Promise<void>;
}

/** Options for {@link attachRealtime}. */
export interface RealtimeOptions {
  tables: TableRuntime[];
  /** true when the candidate is the director token (constant-time compare, see auth.ts) */
  isDirectorToken: (candidate: unknown) => boolean;
  /**
   * true when the handshake headers carry a live director session cookie from the hub's own
   * origin (DirectorAuth.isCookie, hub/api/auth.ts); omitted: only the token is accepted
   */
  isDirectorCookie?: (headers: Record<string, string | string[] | undefined>) => boolean;
  /** where to report a runtime whose view threw (default: stderr) */
  logError?: (msg: string, err: unknown) => void;
  /**
   * called each time a `/director` socket is sent a table's snapshot (watch, resync), which carries
   * its concealed tiles: the viewing log (hub/api/viewing-log.ts)
   */
  directorViewed?: (tableId: string, handshake: Socket['handshake']) => void;
  /**
   * several hubs, one event (hub/api/event-hubs.ts): the socket.io adapter shared with the other
   * hubs, and who owns a table this hub does not have. A watch of such a table is answered with
   * its owner's snapshot; the owner's deltas reach the watcher through the adapter, so this hub
   * sends its own tables' deltas whether or not a watcher is connected here.
   */
  event?: Pick<EventLink, 'adapter' | 'ownerOf' | 'snapshot'>;
}

/** Largest client → hub message (bytes); requests are a few dozen bytes. */
const MAX_CLIENT_MESSAGE = 16 * 1024;

/**
 * Attaches socket.io to an existing HTTP server (fastify's `app.server`) and wires the tables.
 * Call `close()` from fastify's `preClose` hook: it closes every namespace (including `/director`),
 * without which `fastify.close()` would wait for ever on a connected director.
 */
export function attachRealtime(server: HttpServer, opts: RealtimeOptions): Realtime {
  const io = new Server(server, {
    serveClient: false,
    maxHttpBufferSize: MAX_CLIENT_MESSAGE,
    ...(opts.event ? { adapter: opts.event.adapter } : {}),
  });
  const event = opts.event;
  const logError = opts.logError ?? ((msg, err) => stderrLogger('api').error({ err }, msg));
  const byId = new Map(opts.tables.map((t) => [t.id, t] as const));

  const director = io.of(DIRECTOR_NAMESPACE);
  director.use((socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown } | undefined;
    if (opts.isDirectorToken(auth?.token) || opts.isDirectorCookie?.(socket.handshake.headers)) next();
    else next(new Error(DIRECTOR_LOGIN_NEEDED_SOCKET));
  });

  interface Wiring {
    nsp: Namespace;
    channels: Map<string, Channel>;
  }
  const wirings: Wiring[] = [
    {
      nsp: io.of('/'),
      channels: new Map(opts.tables.map((t) => [t.id, new Channel(() => toPublic(t.publicView()) as unknown as ViewRecord)])),
    },
    {
      nsp: director,
      channels: new Map(opts.tables.map((t) => [t.id, new Channel(() => toDirector(t.directorView()) as unknown as ViewRecord)])),
    },
  ];

  /** Refreshes a channel and sends any delta to the room (minus `except`). False when the view threw. */
  function refreshAndBroadcast(w: Wiring, tableId: string, except?: string): boolean {
    const ch = w.channels.get(tableId)!;
    let changes: ViewRecord | null;
    try {
      changes = ch.refresh();
    } catch (err) {
      logError(`realtime: view of table '${tableId}' (${w.nsp.name}) threw`, err);
      return false;
    }
    if (changes) {
      const to = except ? w.nsp.to(tableRoom(tableId)).except(except) : w.nsp.to(tableRoom(tableId));
      to.emit(EV.delta, { tableId, seq: ch.seq, changes });
    }
    return true;
  }

  // runtime changes → deltas, coalesced per table per microtask
  const queued = new Set<string>();
  const unsubscribes = opts.tables.map((t) =>
    t.onChange(() => {
      if (queued.has(t.id)) return;
      queued.add(t.id);
      queueMicrotask(() => {
        queued.delete(t.id);
        for (const w of wirings) {
          // nobody watching: skip the work; the next snapshot refreshes (and bumps seq) anyway
          // (several hubs: a watcher may be at another hub)
          if (!event && (w.nsp.adapter.rooms.get(tableRoom(t.id))?.size ?? 0) === 0) continue;
          refreshAndBroadcast(w, t.id);
        }
      });
    }),
  );

  /** The tableId of a client request (and its owner when another hub has it), or the reason it is refused. */
  function parseRequest(payload: unknown): { tableId: string; owner?: string } | { error: string } {
    const r = checkPayload(WatchRequestSchema, payload);
    if (!r.ok) return { error: r.error };
    const { tableId } = r.value;
    const owner = byId.has(tableId) ? null : (event?.ownerOf(tableId) ?? null);
    if (!byId.has(tableId) && owner === null) return { error: `unknown table '${tableId.slice(0, 64)}'` };
    return owner === null ? { tableId } : { tableId, owner };
  }

  /** Another hub's table: its owner's snapshot, sent to this socket (the owner's deltas follow through the adapter). */
  async function remoteSnapshot(w: Wiring, socket: Socket, tableId: string, owner: string, ack: ((a: WatchAck) => void) | undefined): Promise<void> {
    await socket.join(tableRoom(tableId));
    const snap = await event!.snapshot(owner, w.nsp === director ? 'director' : 'public', tableId);
    if (!snap) {
      const error = `table '${tableId}' view is unavailable: its hub ${owner} did not answer`;
      socket.emit(EV.problem, { error });
      return ack?.({ ok: false, error });
    }
    socket.emit(EV.snapshot, { tableId, seq: snap.seq, view: snap.view });
    if (w.nsp === director) opts.directorViewed?.(tableId, socket.handshake);
    ack?.({ ok: true, seq: snap.seq });
  }

  function wire(w: Wiring): void {
    w.nsp.on('connection', (socket: Socket) => {
      const refuse = (error: string, ack: ((a: WatchAck) => void) | undefined) => {
        socket.emit(EV.problem, { error });
        ack?.({ ok: false, error });
      };
      const snapshot = (raw: unknown[]) => {
        const ack = typeof raw[raw.length - 1] === 'function' ? (raw.pop() as (a: WatchAck) => void) : undefined;
        const req = parseRequest(raw[0]);
        if ('error' in req) return refuse(req.error, ack);
        const { tableId } = req;
        if (req.owner !== undefined) return void remoteSnapshot(w, socket, tableId, req.owner, ack);
        void socket.join(tableRoom(tableId));
        // others in the room get the delta (if the view moved without a change signal); this socket the snapshot
        if (!refreshAndBroadcast(w, tableId, socket.id)) return refuse(`table '${tableId}' view is unavailable`, ack);
        const ch = w.channels.get(tableId)!;
        socket.emit(EV.snapshot, { tableId, seq: ch.seq, view: ch.view });
        if (w.nsp === director) opts.directorViewed?.(tableId, socket.handshake);
        ack?.({ ok: true, seq: ch.seq });
      };
      socket.on(EV.watch, (...raw: unknown[]) => snapshot(raw));
      socket.on(EV.resync, (...raw: unknown[]) => snapshot(raw));
      socket.on(EV.unwatch, (...raw: unknown[]) => {
        const ack = typeof raw[raw.length - 1] === 'function' ? (raw.pop() as (a: WatchAck) => void) : undefined;
        const req = parseRequest(raw[0]);
        if ('error' in req) return refuse(req.error, ack);
        void socket.leave(tableRoom(req.tableId));
        ack?.({ ok: true, seq: 0 });
      });
    });
  }
  wirings.forEach(wire);

  let closing: Promise<void> | null = null;
  return {
    io,
    snapshotOf(nsp, tableId) {
      const w = wirings[nsp === 'director' ? 1 : 0]!;
      if (!w.channels.has(tableId) || !refreshAndBroadcast(w, tableId)) return null;
      const ch = w.channels.get(tableId)!;
      return { seq: ch.seq, view: ch.view };
    },
    close() {
      closing ??= (async () => {
        for (const u of unsubscribes) u();
        await io.close();
      })();
      return closing;
    },
  };
}
