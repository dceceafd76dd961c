/**
 * The live view of one seat as a Svelte store, fed by the hub's `/seat` namespace
 * (hub/api/seat-events.ts) with the seat token in the handshake. On every (re)connect it asks for
 * a snapshot (EV.watch), applies deltas in sequence (seatState.ts) and asks again on a gap.
 * A refused token (connect_error "seat token …") or a fatal problem (the game is over, the token
 * expired) stops reconnecting: `ended` carries the reason, and the page asks for a new code. An
 * ended seat keeps no view: the token opens nothing any more, and a revoked phone may be in someone
 * else's hands, so its last hand is dropped, not greyed.
 */
import { readable, type Readable } from 'svelte/store';
import { io, type Socket } from 'socket.io-client';
import { EV } from '../../../hub/api/socket-events.js';
import { SEAT_NAMESPACE } from '../../../hub/api/seat-events.js';
import type { SeatView } from '../../../hub/api/views.js';
import { initialSeatState, onSeatDelta, onSeatSnapshot, type SeatSeqState } from './seatState.js';
import type { ConnectionState } from './viewState.js';
import { SeatProblemPayloadSchema } from '../../../hub/contract/socket.js';

/** What the seat page draws from. */
export interface LiveSeat {
  state: ConnectionState;
  /** the last view; stale (grey it out) while `state !== 'live'`; null once `ended` (the hand is not shown again) */
  view: SeatView | null;
  seq: number | null;
  /** the last problem in words, or null */
  error: string | null;
  /** set when this token no longer opens the seat (refused, game over, expired): no more reconnects */
  ended: string | null;
  /** ms since epoch when the view was last live */
  lastLiveAt: number | null;
}

/**
 * Opens the live seat view for `token`.
 * @param url hub origin; default the page's own
 */
export function liveSeatView(token: string, url?: string): Readable<LiveSeat> {
  const empty: LiveSeat = { state: 'connecting', view: null, seq: null, error: null, ended: null, lastLiveAt: null };
  return readable<LiveSeat>(empty, (set) => {
    let seq: SeatSeqState = initialSeatState;
    let up: 'connecting' | 'up' | 'down' = 'connecting';
    let error: string | null = null;
    let ended: string | null = null;
    let lastLiveAt: number | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let attempts = 0;
    let stopped = false;

    const publish = () => {
      const state: ConnectionState = up === 'down' || ended ? 'lost' : up === 'connecting' ? 'connecting' : seq.view && !seq.awaitingSnapshot ? 'live' : 'connecting';
      if (state === 'live') lastLiveAt = Date.now();
      // an ended token shows nothing it opened: the view goes with it
      if (ended) seq = initialSeatState;
      set({ state, view: seq.view, seq: seq.seq, error, ended, lastLiveAt });
    };
    const socket: Socket = io(`${url ?? ''}${SEAT_NAMESPACE}`, { autoConnect: false, reconnectionDelay: 1000, reconnectionDelayMax: 5000, auth: { token } });
    const reconnectLater = () => {
      if (stopped || ended || retry) return;
      retry = setTimeout(
        () => {
          retry = null;
          if (!stopped && !ended && !socket.connected) socket.connect();
        },
        Math.min(5000, 1000 * 2 ** attempts++),
      );
    };

    socket.on('connect', () => {
      up = 'up';
      attempts = 0;
      error = null;
      seq = { ...seq, awaitingSnapshot: true };
      socket.emit(EV.watch, {});
      publish();
    });
    socket.on('disconnect', (reason) => {
      up = 'down';
      error ??= `connection lost (${reason})`;
      publish();
      if (!socket.active) reconnectLater();
    });
    socket.on('connect_error', (err: Error) => {
      up = 'down';
      error = err.message;
      if (/^seat token/.test(err.message)) ended = err.message;
      publish();
      if (!socket.active) reconnectLater();
    });
    socket.on(EV.snapshot, (payload: unknown) => {
      const step = onSeatSnapshot(seq, payload);
      seq = step.state;
      error = step.type === 'applied' ? null : `ignored a snapshot: ${step.reason}`;
      publish();
    });
    socket.on(EV.delta, (payload: unknown) => {
      const step = onSeatDelta(seq, payload);
      seq = step.state;
      if (step.type === 'resync') {
        error = `resync: ${step.reason}`;
        socket.emit(EV.resync, {});
      }
      publish();
    });
    socket.on(EV.problem, (payload: unknown) => {
      const p = SeatProblemPayloadSchema.safeParse(payload);
      error = p.success ? p.data.error : 'the hub refused the request';
      if (p.success && p.data.fatal === true) ended = error;
      publish();
    });

    socket.connect();
    publish();
    return () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      socket.removeAllListeners();
      socket.disconnect();
    };
  });
}
