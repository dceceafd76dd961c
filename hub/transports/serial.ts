/**
 * USB serial and Bluetooth serial (/dev/rfcomm*) readers through `serialport`, one bounded
 * line splitter (firmware-protocol/lines.ts) per connection. An unplug closes the connection (the sink hears `closed` with
 * `retrying` true); the port is reopened with capped exponential backoff until `close()`.
 * Configure explicit paths (`/dev/serial/by-id/…` on real machines): listing ports is never needed,
 * the reader is bound by its HELLO id.
 */
import { SerialPort } from 'serialport';
import { RawLineSplitter } from '../../firmware-protocol/lines.js';
import { backoffMs, deliverLines, type Transport, type TransportOptions, type TransportSink } from './transport.js';
import type { Connection } from '../readers/supervisor.js';

/** What {@link openSerial} needs of a port: serialport's `SerialPort`, or the same stream over another binding (tests: `SerialPortMock`). */
export type SerialPortLike = Pick<SerialPort, 'isOpen' | 'write' | 'once' | 'on' | 'open' | 'close'>;

/** Options of {@link openSerial}. */
export interface SerialOptions extends TransportOptions {
  /** bits per second (readers default to 115200, 8N1) */
  baudRate?: number;
  /** makes the (not yet opened) port for each attempt; default serialport's `SerialPort` on this machine's binding */
  openPort?: (path: string, baudRate: number) => SerialPortLike;
}

/**
 * Opens a serial port and keeps it open. Never throws for a missing or failing port: it retries.
 * @param path e.g. `/dev/serial/by-id/usb-…` (preferred), `/dev/ttyUSB0`, `/dev/rfcomm0`
 * @param opts the baud rate (a number, for older callers) or {@link SerialOptions}
 */
export function openSerial(path: string, sink: TransportSink, opts: number | SerialOptions = {}): Transport {
  const o: SerialOptions = typeof opts === 'number' ? { baudRate: opts } : opts;
  const baudRate = o.baudRate ?? 115200;
  const backoff = o.backoff ?? backoffMs;
  const now = o.now ?? Date.now;
  const makePort = o.openPort ?? ((p: string, b: number): SerialPortLike => new SerialPort({ path: p, baudRate: b, autoOpen: false }));
  let stopped = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;
  let port: SerialPortLike | null = null;

  const connect = () => {
    timer = null;
    if (stopped) return;
    const p = makePort(path, baudRate);
    port = p;
    let draining = false;
    const conn: Connection = {
      name: path,
      write(line: string) {
        // CMD snap is idempotent: while the port has not drained, a further one is dropped
        if (!p.isOpen || draining) return;
        if (!p.write(line + '\n', () => void 0)) {
          draining = true;
          p.once('drain', () => (draining = false));
        }
      },
    };
    let open = false;
    const lines = new RawLineSplitter();
    p.on('error', () => void 0); // a write pending at unplug emits 'error': never let it kill the hub
    p.on('close', (err: (Error & { disconnected?: boolean }) | null) => {
      if (!open) return;
      open = false;
      const reason = err ? err.message : 'closed';
      // what was under way when the connection ended (a half line fails its checksum; an overlong
      // line is counted)
      deliverLines(lines.end(), conn, sink, now());
      sink.closed(conn, reason, !stopped);
      retry(reason);
    });
    p.open((err) => {
      if (err) {
        retry(err.message);
        return;
      }
      if (stopped) {
        p.close(() => void 0);
        return;
      }
      open = true;
      attempt = 0;
      p.on('data', (chunk: Buffer) => deliverLines(lines.push(chunk), conn, sink, now()));
      sink.opened(conn);
    });
  };
  const retry = (reason: string) => {
    if (stopped || timer) return;
    const n = attempt++;
    const delay = backoff(n);
    sink.retrying?.(path, n, delay, reason);
    timer = setTimeout(connect, delay);
  };
  connect();
  return {
    name: path,
    async close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const p = port;
      if (p?.isOpen) await new Promise<void>((res) => p.close(() => res()));
    },
  };
}
