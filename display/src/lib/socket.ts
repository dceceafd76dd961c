/**
 * The live view of one table as a Svelte store, fed by socket.io (contract: hub/contract/socket.ts;
 * every snapshot and delta is checked with its schemas in viewState.ts).
 *
 * On every (re)connect it emits EV.watch `{ tableId }` and waits for EV.snapshot; EV.delta is applied
 * only when its seq is exactly the held seq + 1 (viewState.ts); on a gap it emits EV.resync
 * `{ tableId }` (and again every 3 s until a snapshot arrives). The connection state is `live` only
 * while connected with a fresh snapshot; otherwise the last view is kept but marked not live.
 *
 * The socket connects when the store gets its first subscriber and disconnects after the last one.
 * It reconnects by itself with a capped backoff (1 s, 2 s, 4 s, then every 5 s), also after the hub
 * refused or dropped the connection, except when the hub refused the director's token.
 */
import { readable, type Readable } from 'svelte/store';
import { io, type Socket } from 'socket.io-client';
import { EV } from '../../../hub/api/socket-events.js';
import { ProblemPayloadSchema } from '../../../hub/contract/socket.js';
import type { PublicTableView } from '../../../hub/api/views.js';
import { connectionState, initialState, onConnect, onDelta, onSnapshot, type ConnectionState, type SeqState, type TransportState } from './viewState.js';

export type { ConnectionState } from './viewState.js';

/** What a page draws from. */
export interface LiveView<V extends PublicTableView = PublicTableView> {
  state: ConnectionState;
  /** the last view received; while `state !== 'live'` it is stale and must be shown greyed out */
  view: V | null;
  seq: number | null;
  /** the last problem, in words (hub refusal, bad payload, connection error), or null */
  error: string | null;
  /** true when the hub refused the token (`/director` only): ask for it again */
  authFailed: boolean;
  /** ms since epoch when the view was last known to be live (null: never) */
  lastLiveAt: number | null;
}

export interface LiveViewOptions {
  tableId: string;
  /** `/` for the public table view, `/director` for the director's (needs `token`) */
  namespace: '/' | '/director';
  /** the director token, sent in the socket.io handshake as `auth: { token }` */
  token?: string;
  /** hub origin, e.g. `http://127.0.0.1:8080`; default: the page's own origin */
  url?: string;
  /** resync retry period while a requested snapshot has not arrived, ms (default 3000) */
  resyncRetryMs?: number;
}

/** True when a connect error means "bad or missing token" rather than "hub unreachable". */
export function isAuthError(message: string): boolean {
  return /unauthori[sz]ed|forbidden|token|auth/i.test(message);
}

/**
 * Opens a live view of one table.
 * @returns a readable store of `LiveView`; subscribe to connect, unsubscribe (all) to disconnect.
 */
export function liveTableView<V extends PublicTableView = PublicTableView>(opts: LiveViewOptions): Readable<LiveView<V>> {
  const empty: LiveView<V> = { state: 'connecting', view: null, seq: null, error: null, authFailed: false, lastLiveAt: null };
  return readable<LiveView<V>>(empty, (set) => {
    let seqState: SeqState<V> = initialState<V>(opts.tableId);
    let transport: TransportState = 'connecting';
    let error: string | null = null;
    let authFailed = false;
    let lastLiveAt: number | null = null;
    let attempts = 0;
    let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
    let resyncTimer: ReturnType<typeof setInterval> | null = null;
    let stopped = false;

    const publish = (): void => {
      const state = connectionState(transport, seqState);
      if (state === 'live') lastLiveAt = Date.now();
      set({ state, view: seqState.view, seq: seqState.seq, error, authFailed, lastLiveAt });
    };

    const target = opts.namespace === '/' ? (opts.url ?? undefined) : `${opts.url ?? ''}/director`;
    const socket: Socket = io(target as string, {
      autoConnect: false,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      ...(opts.token !== undefined ? { auth: { token: opts.token } } : {}),
    });

    const clearResync = (): void => {
      if (resyncTimer) clearInterval(resyncTimer);
      resyncTimer = null;
    };
    const askSnapshot = (event: string): void => {
      socket.emit(event, { tableId: opts.tableId });
      clearResync();
      resyncTimer = setInterval(() => {
        if (seqState.awaitingSnapshot && socket.connected) socket.emit(EV.resync, { tableId: opts.tableId });
        else clearResync();
      }, opts.resyncRetryMs ?? 3000);
    };
    const scheduleReconnect = (): void => {
      if (stopped || reconnectTimer || authFailed) return;
      const delay = Math.min(5000, 1000 * 2 ** attempts);
      attempts++;
      reconnectTimer = setTimeout(() => {
        reconnectTimer = null;
        if (!stopped && !socket.connected) socket.connect();
      }, delay);
    };

    socket.on('connect', () => {
      transport = 'up';
      attempts = 0;
      error = null;
      seqState = onConnect(seqState);
      askSnapshot(EV.watch);
      publish();
    });
    socket.on('disconnect', (reason) => {
      transport = 'down';
      clearResync();
      error = `connection lost (${reason})`;
      publish();
      // the client only retries by itself after a transport failure, not after the hub hung up
      if (!socket.active) scheduleReconnect();
    });
    socket.on('connect_error', (err: Error) => {
      transport = 'down';
      error = err.message;
      if (opts.namespace === '/director' && isAuthError(err.message)) authFailed = true;
      publish();
      if (!socket.active) scheduleReconnect();
    });
    socket.on(EV.snapshot, (payload: unknown) => {
      const step = onSnapshot(seqState, payload);
      seqState = step.state;
      if (step.type === 'applied') {
        clearResync();
        error = null;
      } else error = `ignored a snapshot: ${step.reason}`;
      publish();
    });
    socket.on(EV.delta, (payload: unknown) => {
      const step = onDelta(seqState, payload);
      seqState = step.state;
      if (step.type === 'resync') {
        error = `resync: ${step.reason}`;
        askSnapshot(EV.resync);
      }
      publish();
    });
    socket.on(EV.problem, (payload: unknown) => {
      const p = ProblemPayloadSchema.safeParse(payload);
      error = p.success ? p.data.error : 'the hub refused the request';
      publish();
    });

    socket.connect();
    publish();

    return () => {
      stopped = true;
      clearResync();
      if (reconnectTimer) clearTimeout(reconnectTimer);
      socket.removeAllListeners();
      socket.disconnect();
    };
  });
}
