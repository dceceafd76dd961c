/**
 * The director's room's one `/director` socket: the room page opens it once (DashboardRoom.svelte)
 * and every part of the page follows its own events on it: the tables' summaries
 * (lib/roomSummaries.ts), the calls and the announcement (lib/roomDesk.ts), the penalty and conduct
 * log (DashboardPenalties.svelte). One connection to the hub for the whole room, whatever the page shows.
 *
 * Each follower registers what it asks for on connect ({@link DirectorSocket.onConnect}: run at once
 * when the socket is already up, then on every reconnect) and its event listeners
 * ({@link DirectorSocket.on}); each returns its own stop, so a follower that leaves takes only its
 * listeners with it. The socket reconnects by itself (socket.io's backoff: 1 s, 2 s, then every 5 s),
 * also 2 s after the hub hung up or refused the connection, except when the hub refused the
 * director's login (then the page asks for it again).
 */
import { io, type Socket } from 'socket.io-client';
import { DIRECTOR_NAMESPACE } from '../../../hub/contract/socket.js';
import { isAuthError } from './socket.js';

/** The Svelte context key under which the room page gives its {@link DirectorSocket} to its parts. */
export const DIRECTOR_SOCKET = Symbol('director socket');

/** What a follower of the room uses of the one socket. */
export interface DirectorSocket {
  /** true while the socket is connected */
  readonly connected: boolean;
  /** sends an event to the hub (dropped while not connected: ask again in {@link onConnect}) */
  emit(event: string, ...args: unknown[]): void;
  /**
   * Runs `ask` at once if the socket is connected, and after every later (re)connect: where a
   * follower asks the hub for its snapshot. @returns stop
   */
  onConnect(ask: () => void): () => void;
  /** Listens to one event of the hub (or `disconnect`, `connect_error`). @returns stop */
  on(event: string, listener: (...args: never[]) => void): () => void;
  /** Disconnects and drops every listener (the page is gone). */
  close(): void;
}

/**
 * Opens the room's `/director` socket.
 * @param token a director bearer token, or '' when the session cookie authorises
 * @param url hub origin, e.g. `http://127.0.0.1:8080`; default: the page's own
 */
export function openDirectorSocket(token: string, url = ''): DirectorSocket {
  const socket: Socket = io(`${url}${DIRECTOR_NAMESPACE}`, { autoConnect: false, reconnectionDelay: 1000, reconnectionDelayMax: 5000, ...(token ? { auth: { token } } : {}) });
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | null = null;
  // socket.io retries by itself after a transport failure, not after the hub hung up or refused
  const retryLater = (): void => {
    if (closed || retry || socket.active) return;
    retry = setTimeout(() => {
      retry = null;
      if (!closed && !socket.connected) socket.connect();
    }, 2000);
  };
  socket.on('disconnect', retryLater);
  socket.on('connect_error', (err: Error) => {
    if (!isAuthError(err.message)) retryLater();
  });
  socket.connect();
  return {
    get connected() {
      return socket.connected;
    },
    emit(event, ...args) {
      socket.emit(event, ...args);
    },
    onConnect(ask) {
      socket.on('connect', ask);
      if (socket.connected) ask();
      return () => void socket.off('connect', ask);
    },
    on(event, listener) {
      const l = listener as (...args: unknown[]) => void;
      socket.on(event, l);
      return () => void socket.off(event, l);
    },
    close() {
      closed = true;
      if (retry) clearTimeout(retry);
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
}
