/**
 * The `/player` namespace (hub/contract/socket.ts `PLAYER_NAMESPACE`): a tournament player's phone
 * (display/src/views/PlayerPage.svelte) is told where its player sits, instead of asking every 2 s.
 *
 * - Handshake `auth: { device }`, the device secret of the claim (hub/api/player-routes.ts). A
 *   device never bound, or revoked by a reissued code, is refused: `connect_error` "player link: "
 *   and the link's words (the page then asks `GET /api/player/:device` once, which says which).
 * - On connection, `player:link` with what `GET /api/player/:device` answers (a fresh seat token);
 *   then again each time the seat it names changes: the round, the table and its label, the seat,
 *   the hub table or its game (a new deal, the next round's seating). Checked on every change of
 *   the tournament and of the hub's tables, coalesced into one check per turn of the event loop.
 * - A reissued code revokes the device: `problem {error, fatal: true}` with the link's words, and
 *   the socket leaves this namespace (the connection is shared with the page's seat socket).
 */
import type { Namespace, Server, Socket } from 'socket.io';
import { playerLinkOf, type PlayerLink, type PlayerRouteOptions } from './player-routes.js';
import { EV } from './socket-events.js';
import { PLAYER_EV, PLAYER_NAMESPACE } from '../contract/socket.js';
import { stderrLogger } from '../log.js';
import { PlayerLinkError } from '../tournament/players.js';

/** The seat a link names, as one key: the page opens a new seat when it changes (display/src/lib/playerLink.ts `seatKeyOf`, with the label). */
function seatKey(l: PlayerLink): string {
  return JSON.stringify([l.hubTable, l.table, l.label, l.seat, l.game, l.round]);
}

/** Options of {@link attachPlayerNamespace}: the player routes' (the service, the tables, the seat tokens). */
export interface PlayerSocketOptions extends Pick<PlayerRouteOptions, 'service' | 'tables' | 'tokens'> {
  /** where an unexpected error goes (default: the hub's stderr logger) */
  logError?: (msg: string, err: unknown) => void;
}

/**
 * Opens the `/player` namespace on `io` (see the module comment).
 * @returns `close()`: stops listening to the tournament and the tables (socket.io's own close ends the sockets)
 */
export function attachPlayerNamespace(io: Server, opts: PlayerSocketOptions): { nsp: Namespace; close(): void } {
  const tables = new Map(opts.tables.map((t) => [t.id, t] as const));
  const logError = opts.logError ?? ((msg, err) => stderrLogger('api').error({ err }, msg));
  const nsp = io.of(PLAYER_NAMESPACE);

  /** Leaves the namespace with the link's refusal, as a fatal problem. */
  const refuse = (socket: Socket, message: string) => {
    socket.emit(EV.problem, { error: message, fatal: true });
    setImmediate(() => socket.disconnect(false)); // this namespace only: the connection is shared
  };
  /** Sends the socket's link when its seat changed since the last one sent (`force`: always). */
  const tell = (socket: Socket, force: boolean) => {
    try {
      const link = playerLinkOf(opts, tables, socket.data.device as string, false);
      const key = seatKey(link);
      if (!force && key === socket.data.key) return;
      socket.data.key = key;
      socket.emit(PLAYER_EV.link, link);
    } catch (err) {
      if (err instanceof PlayerLinkError) refuse(socket, err.message);
      else logError('player socket: the link threw', err);
    }
  };

  nsp.use((socket, next) => {
    const device = (socket.handshake.auth as { device?: unknown } | undefined)?.device;
    if (typeof device !== 'string' || device.length === 0 || device.length > 128) return next(new Error('player link: this phone sent no device secret'));
    try {
      opts.service.players.device(device);
      socket.data.device = device;
      next();
    } catch (err) {
      next(new Error(err instanceof PlayerLinkError ? `player link: ${err.message}` : 'player link: unavailable'));
      if (!(err instanceof PlayerLinkError)) logError('player socket: the handshake threw', err);
    }
  });
  nsp.on('connection', (socket) => tell(socket, true));

  let due = false;
  const changed = () => {
    if (due || nsp.sockets.size === 0) return;
    due = true;
    setImmediate(() => {
      due = false;
      for (const socket of nsp.sockets.values()) tell(socket, false);
    });
  };
  const stops = [opts.service.onChange(changed), ...opts.tables.map((t) => t.onChange(changed)), opts.service.players.onRevoke(changed)];
  return {
    nsp,
    close: () => {
      for (const stop of stops) stop();
    },
  };
}
