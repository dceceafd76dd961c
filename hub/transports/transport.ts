/**
 * Transports: how reader bytes reach the hub. Every transport cuts lines with the protocol's one
 * bounded splitter (firmware-protocol/lines.ts: a line longer than MAX_LINE_LENGTH is never held,
 * it is handed on as its first 80 bytes and its length), delivers whole lines (without the newline)
 * and reconnects by itself with capped exponential backoff. A fresh splitter is built for every
 * connection, so half a line left by an unplug is never glued to the next one.
 *
 * - USB serial and Bluetooth serial (`/dev/rfcomm*`): hub/transports/serial.ts (serialport)
 * - Wi-Fi readers over TCP (`tcp://host:port`): hub/transports/tcp.ts
 */
import type { ClippedLine, RawLineItem } from '../../firmware-protocol/lines.js';
import type { Connection } from '../readers/supervisor.js';

/** What a transport reports to the hub. */
export interface TransportSink {
  opened(conn: Connection): void;
  line(conn: Connection, text: string, at: number): void;
  /**
   * A line longer than MAX_LINE_LENGTH (4096 bytes) arrived, or a frame cut off by a start of frame
   * (0x02) before its newline (`kind: 'cut'`): only its first 80 bytes and its length reach the sink
   * (the hub counts it as one bad line and keeps it so in the raw log).
   */
  overlong(conn: Connection, line: ClippedLine, at: number): void;
  /**
   * The connection closed.
   * @param reason e.g. "Port closed: disconnected", "socket closed"
   * @param retrying true when the transport will try again (the reader is `reconnecting`), false
   *   after `Transport.close()`; transports always pass it, older sinks may ignore it
   */
  closed(conn: Connection, reason: string, retrying?: boolean): void;
  /**
   * optional: the link behind an open connection is retrying (`retrying` true: a relay page's Web
   * Bluetooth link dropped and the page tries again; the reader is `reconnecting`, not connected)
   * or back (false: the hub asks for its snapshots again).
   * @param reason what the page said, e.g. "Bluetooth link lost; reconnecting in 250 ms", or null
   */
  link?(conn: Connection, retrying: boolean, reason: string | null): void;
  /**
   * optional: attempt `attempt` (0-based) to reopen `name` starts in `delayMs` ms
   * @param reason why the last attempt or connection ended, e.g. "ECONNREFUSED", "socket closed",
   *   "Error: No such file or directory, cannot open /dev/ttyUSB0" (transports always pass it)
   */
  retrying?(name: string, attempt: number, delayMs: number, reason?: string): void;
}

/** A running transport. */
export interface Transport {
  /** e.g. `/dev/ttyUSB0` or `tcp://127.0.0.1:7700` */
  readonly name: string;
  /** stops reconnecting and closes the connection */
  close(): Promise<void>;
}

/** Backoff before reconnect attempt `n` (0-based): 250 ms doubling, capped at 5000 ms (250, 500, 1000, 2000, 4000, 5000, 5000, …). */
export function backoffMs(attempt: number): number {
  return Math.min(5000, 250 * 2 ** Math.min(Math.max(0, attempt), 10));
}

/** Options shared by the transports. */
export interface TransportOptions {
  /** the backoff before reconnect attempt n (ms); default {@link backoffMs} */
  backoff?: (attempt: number) => number;
  /** the clock of line arrival (ms since epoch); default Date.now */
  now?: () => number;
}

/** Hands a splitter's items to the sink in order: lines to `line`, overlong lines and cut frames to `overlong`. */
export function deliverLines(items: readonly RawLineItem[], conn: Connection, sink: TransportSink, at: number): void {
  for (const item of items) {
    if (item.kind === 'line') sink.line(conn, item.text, at);
    else sink.overlong(conn, item, at);
  }
}
