/**
 * Transports: how reader bytes reach the hub. Every transport delivers whole lines (without the
 * newline) and reconnects by itself with capped exponential backoff. A fresh line parser is built
 * for every connection, so half a line left by an unplug is never glued to the next one.
 */
import type { Connection } from '../readers/supervisor.js';

/** What a transport reports to the hub. */
export interface TransportSink {
  opened(conn: Connection): void;
  line(conn: Connection, text: string, at: number): void;
  closed(conn: Connection, reason: string): void;
}

/** A running transport. */
export interface Transport {
  /** e.g. `/dev/ttyUSB0` or `tcp://127.0.0.1:7700` */
  readonly name: string;
  /** stops reconnecting and closes the connection */
  close(): Promise<void>;
}

/** Backoff before reconnect attempt `n` (0-based): 250 ms doubling, capped at 5000 ms. */
export function backoffMs(attempt: number): number {
  return Math.min(5000, 250 * 2 ** Math.min(attempt, 10));
}
