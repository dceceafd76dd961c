/**
 * The penalty and conduct log pushed live to the director's room (shapes: hub/contract/penalty-log.ts):
 * the connections on `/director` that asked with `penalties:watch` get the whole log at once and
 * again each time it changes, so a penalty given or cancelled by one director shows in every
 * director's open room without a reload. The namespace's login guards it, as every director event.
 */
import type { Namespace, Socket } from 'socket.io';
import { PENALTY_LOG_EV, type PenaltyLogPush, WatchPenaltiesRequestSchema } from '../contract/penalty-log.js';
import { answerWatch } from './room-watch.js';

/** The socket.io room of the connections that follow the penalty log. */
export const PENALTY_LOG_ROOM = 'penalties:log';

/** Options for {@link attachPenaltyLog}. */
export interface PenaltyLogOptions {
  /** the log now (the tournament's `penaltyLog()`); absent: this hub runs no tournament */
  log?: () => PenaltyLogPush;
  /** subscribes a listener to every change of the tournament (it may also tell of clock ticks); returns the unsubscribe function */
  onChange?: (listener: () => void) => () => void;
  /** where to report a log that threw */
  logError?: (msg: string, err: unknown) => void;
}

/**
 * Serves the penalty log on `/director`: answers `penalties:watch` with `penalties:log` and joins the
 * socket to {@link PENALTY_LOG_ROOM}; after a change of the tournament, pushes the log to that room
 * when it differs from the one last pushed (a clock tick changes no penalty and pushes nothing).
 * Without a tournament the watch is refused: ack `{ ok: false, error }`.
 * @returns stop (unsubscribes)
 */
export function attachPenaltyLog(director: Namespace, opts: PenaltyLogOptions): () => void {
  const logError = opts.logError ?? (() => {});
  let last = '';
  const read = (): PenaltyLogPush | null => {
    try {
      return opts.log?.() ?? null;
    } catch (err) {
      logError('penalty log: the log threw', err);
      return null;
    }
  };
  const push = (): void => {
    if ((director.adapter.rooms.get(PENALTY_LOG_ROOM)?.size ?? 0) === 0) return;
    const log = read();
    if (!log) return;
    const json = JSON.stringify(log);
    if (json === last) return;
    last = json;
    director.to(PENALTY_LOG_ROOM).emit(PENALTY_LOG_EV.log, log);
  };
  const off = opts.onChange?.(push);
  director.on('connection', (socket: Socket) => {
    answerWatch(socket, PENALTY_LOG_EV.watch, WatchPenaltiesRequestSchema, () => {
      const log = read();
      if (!log) return opts.log ? 'the penalty log could not be read' : 'this hub runs no tournament: there is no penalty log';
      void socket.join(PENALTY_LOG_ROOM);
      socket.emit(PENALTY_LOG_EV.log, log);
      // the others hold the log last pushed: if it is older, they get this one too
      const json = JSON.stringify(log);
      if (json !== last) {
        last = json;
        socket.to(PENALTY_LOG_ROOM).emit(PENALTY_LOG_EV.log, log);
      }
      return null;
    });
  });
  return () => {
    off?.();
  };
}
