/**
 * The player link pushed by the hub (hub/api/player-socket.ts, namespace `/player`): the player
 * page hears where its player sits at once and at every change (a new game, the next round's
 * table and seat), instead of asking every 2 s. The socket shares the page's connection with its
 * seat socket (socket.io multiplexes namespaces on one connection to the hub).
 */
import { io, type Socket } from 'socket.io-client';
import { EV } from '../../../hub/api/socket-events.js';
import { PLAYER_EV, PLAYER_NAMESPACE, SeatProblemPayloadSchema } from '../../../hub/contract/socket.js';
import { PlayerLinkReply } from '../../../hub/contract/responses.js';
import type { PlayerLink } from './playerLink.js';

/** What the player page does with what the socket tells. */
export interface PlayerLinkHandlers {
  /** where the player sits now (at connection, then at every change of seat) */
  link(link: PlayerLink): void;
  /** the socket is down (lost, or the hub not reached): the page asks by HTTP meanwhile */
  down(): void;
  /**
   * the hub refused the device (never bound, or revoked: the code reissued), with its words; the
   * socket does not reconnect
   */
  refused(message: string): void;
}

/**
 * Opens the `/player` socket for this phone's device secret.
 * @param url hub origin; default the page's own
 * @returns closes the socket
 */
export function watchPlayerLink(device: string, on: PlayerLinkHandlers, url?: string): () => void {
  const socket: Socket = io(`${url ?? ''}${PLAYER_NAMESPACE}`, { reconnectionDelay: 1000, reconnectionDelayMax: 5000, auth: { device } });
  socket.on(PLAYER_EV.link, (payload: unknown) => {
    const l = PlayerLinkReply.safeParse(payload);
    if (l.success) on.link(l.data);
  });
  socket.on('disconnect', () => on.down());
  socket.on('connect_error', (err: Error) => {
    if (/^player link/.test(err.message)) on.refused(err.message);
    else on.down();
  });
  socket.on(EV.problem, (payload: unknown) => {
    const p = SeatProblemPayloadSchema.safeParse(payload);
    if (p.success && p.data.fatal === true) on.refused(p.data.error);
  });
  return () => {
    socket.removeAllListeners();
    socket.disconnect();
  };
}
