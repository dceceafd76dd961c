/**
 * The socket.io namespace `/relay` (hub/transports/relay.ts has the contract): a director's browser
 * page holding a reader over Web Serial or Web Bluetooth relays its lines to the hub.
 *
 * - Behind the director token (`io(url + '/relay', { auth: { token } })`) or the director's session
 *   cookie (a page of the hub after `POST /api/login`); a wrong or missing
 *   token gets `connect_error` (rules/wording/director-login.ts `DIRECTOR_LOGIN_NEEDED_SOCKET`).
 * - `relay:open {readerHint?}` opens one Connection on the hub's TransportSink (closing the
 *   socket's previous one, if any) and acks `{ ok: true, name }`; the supervisor then writes
 *   `CMD snap`, which reaches the page as `relay:write {line}`.
 * - `relay:line {line}` hands the line to the sink (cut by the protocol's bounded splitter: a line
 *   over 4096 bytes reaches it as an overlong line, counted as the reader's bad line);
 *   `relay:overlong {head, length}` hands on a line the page's splitter found too long;
 *   `relay:link {state: 'retrying' | 'back', reason?}` tells the hub the page's Bluetooth or Web
 *   Serial link to its reader is retrying (the reader shows `reconnecting`) or back (the hub asks
 *   for its snapshots again); `relay:close {reason?}` closes the Connection
 *   (not retrying: the reader goes offline), a disconnect closes it retrying (the page reconnects
 *   and opens it again); either way its tiles stay where they were.
 * - Bad payloads get `relay:problem {error}` (and a `{ ok: false, error }` ack); never a throw.
 * - When a newer connection's HELLO takes the page's reader (two pages claim one reader id: the
 *   newest session wins), the older page gets `relay:superseded` once and its later lines are
 *   ignored; the director's reader list names the live page (`relay`: page id, opened at, browser).
 */
import type { Namespace, Server, Socket } from 'socket.io';
import type { TransportSink } from '../transports/transport.js';
import {
  RELAY_EV,
  RELAY_NAMESPACE,
  openRelayedConnection,
  parseRelayClose,
  parseRelayLine,
  parseRelayLink,
  parseRelayOpen,
  parseRelayOverlong,
  type RelayAck,
  type RelayedConnection,
  type RelaySuperseded,
} from '../transports/relay.js';
import { DIRECTOR_LOGIN_NEEDED_SOCKET } from '../../rules/wording/director-login.js';

/** Longest User-Agent kept for the director's reader list (characters). */
const MAX_USER_AGENT = 160;

/** The page's User-Agent header, printable ASCII, at most {@link MAX_USER_AGENT} characters; null when absent. */
function userAgentOf(socket: Socket): string | null {
  const ua = socket.handshake.headers['user-agent'];
  if (typeof ua !== 'string') return null;
  const clean = ua
    .replace(/[^\x20-\x7e]/g, '?')
    .slice(0, MAX_USER_AGENT)
    .trim();
  return clean === '' ? null : clean;
}

/** Options for {@link attachRelay}. */
export interface RelayOptions {
  /** where relayed connections go: the same sink as the serial and TCP transports (hub/hub.ts) */
  sink: TransportSink;
  /** true when the candidate is the director token (constant-time, hub/api/auth.ts) */
  isDirectorToken: (candidate: unknown) => boolean;
  /** true when the handshake headers carry a live director session cookie (DirectorAuth.isCookie); omitted: token only */
  isDirectorCookie?: (headers: Record<string, string | string[] | undefined>) => boolean;
  /** the clock of line arrival, ms since epoch (default Date.now) */
  now?: () => number;
}

/** What {@link attachRelay} returns. */
export interface RelayServer {
  nsp: Namespace;
  /** the connections relayed now (one per page holding a reader) */
  connections(): RelayedConnection[];
}

/**
 * Adds the `/relay` namespace to a socket.io server. Closing the server (`io.close()`, done by
 * hub/api/server.ts before fastify closes) disconnects every relay, which closes its Connection.
 */
export function attachRelay(io: Server, opts: RelayOptions): RelayServer {
  const now = opts.now ?? Date.now;
  const nsp = io.of(RELAY_NAMESPACE);
  const live = new Map<string, RelayedConnection>();
  nsp.use((socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown } | undefined;
    if (opts.isDirectorToken(auth?.token) || opts.isDirectorCookie?.(socket.handshake.headers)) next();
    else next(new Error(DIRECTOR_LOGIN_NEEDED_SOCKET));
  });
  nsp.on('connection', (socket: Socket) => {
    const takeAck = (raw: unknown[]) => (typeof raw[raw.length - 1] === 'function' ? (raw.pop() as (a: RelayAck) => void) : undefined);
    const refuse = (error: string, ack?: (a: RelayAck) => void) => {
      socket.emit(RELAY_EV.problem, { error });
      ack?.({ ok: false, error });
    };
    const closeCurrent = (reason: string, retrying: boolean) => {
      const rc = live.get(socket.id);
      if (!rc) return;
      live.delete(socket.id);
      rc.close(reason, retrying);
    };
    socket.on(RELAY_EV.open, (...raw: unknown[]) => {
      const ack = takeAck(raw);
      const req = parseRelayOpen(raw[0]);
      if ('error' in req) return refuse(req.error, ack);
      closeCurrent('the page opened another reader', false);
      const rc = openRelayedConnection(
        socket.id,
        req.hint,
        opts.sink,
        (line) => {
          socket.emit(RELAY_EV.write, { line });
        },
        { page: socket.id, openedAt: now(), userAgent: userAgentOf(socket) },
        (notice: RelaySuperseded) => {
          socket.emit(RELAY_EV.superseded, notice);
        },
      );
      live.set(socket.id, rc);
      ack?.({ ok: true, name: rc.conn.name });
    });
    socket.on(RELAY_EV.line, (...raw: unknown[]) => {
      takeAck(raw);
      const rc = live.get(socket.id);
      if (!rc) return refuse('relay:line before relay:open: open the reader first');
      const req = parseRelayLine(raw[0]);
      if ('error' in req) return refuse(req.error);
      rc.deliver(req.items, now());
    });
    socket.on(RELAY_EV.overlong, (...raw: unknown[]) => {
      takeAck(raw);
      const rc = live.get(socket.id);
      if (!rc) return refuse('relay:overlong before relay:open: open the reader first');
      const req = parseRelayOverlong(raw[0]);
      if ('error' in req) return refuse(req.error);
      rc.deliver([req.line], now());
    });
    socket.on(RELAY_EV.link, (...raw: unknown[]) => {
      takeAck(raw);
      const rc = live.get(socket.id);
      if (!rc) return refuse('relay:link before relay:open: open the reader first');
      const req = parseRelayLink(raw[0]);
      if ('error' in req) return refuse(req.error);
      rc.link(req.retrying, req.reason);
    });
    socket.on(RELAY_EV.close, (...raw: unknown[]) => {
      const ack = takeAck(raw);
      const req = parseRelayClose(raw[0]);
      if ('error' in req) return refuse(req.error, ack);
      const reason = req.reason !== null ? `page: ${req.reason.slice(0, 200)}` : 'page closed the reader';
      const name = live.get(socket.id)?.conn.name ?? '';
      closeCurrent(reason, false);
      ack?.({ ok: true, name });
    });
    // the page reconnects by itself and opens the reader again: the reader is `reconnecting`
    socket.on('disconnect', (why: string) => closeCurrent(`relay socket disconnected (${why})`, true));
  });
  return { nsp, connections: () => [...live.values()] };
}
