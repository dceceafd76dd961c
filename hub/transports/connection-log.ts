/**
 * One log line per reader port per change of state, so an unreachable reader is never silent and
 * a flapping one never floods the log: the transports retry every 250 ms to 5 s (transport.ts
 * `backoffMs`), but only the first failure after a success (or after the start) is written, and
 * the next success after failures. Lines, e.g.:
 *
 *   reader tcp://127.0.0.1:1: cannot connect (ECONNREFUSED); retrying in 250 ms, backing off to 5 s
 *   reader /dev/ttyUSB0: connection lost (Port closed: disconnected); retrying in 250 ms, backing off to 5 s
 *   reader tcp://127.0.0.1:1: connected again after 7 failed attempts
 *
 * A port that connects at the first attempt writes nothing here (the reader supervisor reports
 * the reader once its HELLO arrives).
 */
import type { Connection } from '../readers/supervisor.js';
import { backoffMs, type TransportSink } from './transport.js';

/** A delay for a log line: `250 ms`, `2 s`, `1.5 s`. */
export function formatDelay(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${Math.round(ms / 100) / 10} s`;
}

/**
 * Wraps a transport sink so each port's connection changes are logged once (lines at the top of
 * this file); every call is passed on to `sink` unchanged.
 * @param log where the lines go, with their level (`warn` for a failure, `info` when connected
 *   again) and the port's name (the hub's logger, `transports` part)
 * @param maxDelayMs the backoff's cap, named in the line (default `backoffMs(10)`, 5000 ms)
 */
export function withConnectionLog(sink: TransportSink, log: (line: string, level: 'info' | 'warn', port: string) => void, maxDelayMs = backoffMs(10)): TransportSink {
  /** per port name: 'up' connected, 'down' failing (already logged); absent: never connected, nothing logged */
  const state = new Map<string, { up: boolean; failures: number; logged: boolean }>();
  const of = (name: string) => {
    let s = state.get(name);
    if (!s) state.set(name, (s = { up: false, failures: 0, logged: false }));
    return s;
  };
  return {
    opened(conn: Connection) {
      const s = of(conn.name);
      if (s.logged) log(`reader ${conn.name}: connected again${s.failures > 0 ? ` after ${s.failures} failed attempt${s.failures === 1 ? '' : 's'}` : ''}`, 'info', conn.name);
      s.up = true;
      s.failures = 0;
      s.logged = false;
      sink.opened(conn);
    },
    line: (conn, text, at) => sink.line(conn, text, at),
    overlong: (conn, line, at) => sink.overlong(conn, line, at),
    closed(conn, reason, retrying) {
      sink.closed(conn, reason, retrying);
    },
    link: (conn, retrying, reason) => sink.link?.(conn, retrying, reason),
    retrying(name, attempt, delayMs, reason) {
      const s = of(name);
      const lost = s.up;
      s.up = false;
      if (!lost) s.failures++;
      if (!s.logged) {
        s.logged = true;
        const why = reason ? ` (${reason})` : '';
        const then = delayMs < maxDelayMs ? `, backing off to ${formatDelay(maxDelayMs)}` : '';
        log(`reader ${name}: ${lost ? 'connection lost' : 'cannot connect'}${why}; retrying in ${formatDelay(delayMs)}${then}`, 'warn', name);
      }
      sink.retrying?.(name, attempt, delayMs, reason);
    },
  };
}
