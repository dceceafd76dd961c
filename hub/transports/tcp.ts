/**
 * Wi-Fi readers over TCP (`tcp://host:port`): the hub connects, one bounded line splitter
 * (firmware-protocol/lines.ts) per connection, reconnecting with capped exponential backoff until `close()`. A connect that takes
 * longer than 5 s is abandoned and retried.
 */
import net from 'node:net';
import { RawLineSplitter } from '../../firmware-protocol/lines.js';
import { backoffMs, deliverLines, type Transport, type TransportOptions, type TransportSink } from './transport.js';
import type { Connection } from '../readers/supervisor.js';

/** A TCP connect attempt is abandoned after this long (ms). */
export const TCP_CONNECT_TIMEOUT_MS = 5000;

/**
 * Connects to a reader at `url` and keeps connecting.
 * @param url `tcp://host:port`
 * @throws Error when the url is not `tcp://host:port` (port 1-65535)
 */
export function openTcp(url: string, sink: TransportSink, opts: TransportOptions = {}): Transport {
  const m = /^tcp:\/\/([^:/]+):(\d+)$/.exec(url);
  const port = m ? Number(m[2]) : NaN;
  if (!m || !(port >= 1 && port <= 65535)) throw new Error(`reader address "${url}" is not tcp://host:port`);
  const host = m[1]!;
  const backoff = opts.backoff ?? backoffMs;
  const now = opts.now ?? Date.now;
  let stopped = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;
  let socket: net.Socket | null = null;

  const connect = () => {
    timer = null;
    if (stopped) return;
    const s = net.connect({ host, port });
    socket = s;
    const conn: Connection = {
      name: url,
      write(line: string) {
        if (!s.destroyed && s.writable) s.write(line + '\n');
      },
    };
    let open = false;
    const lines = new RawLineSplitter();
    const connectTimer = setTimeout(() => s.destroy(new Error('connect timed out')), TCP_CONNECT_TIMEOUT_MS);
    s.on('connect', () => {
      clearTimeout(connectTimer);
      open = true;
      attempt = 0;
      s.setNoDelay(true);
      s.setKeepAlive(true, 5000);
      s.on('data', (chunk: Buffer) => deliverLines(lines.push(chunk), conn, sink, now()));
      sink.opened(conn);
    });
    let failure = 'socket closed';
    s.on('error', (e: NodeJS.ErrnoException) => {
      if (!open) failure = e.code ?? e.message; // why a connect failed, e.g. ECONNREFUSED
    });
    s.on('close', () => {
      clearTimeout(connectTimer);
      const reason = open ? 'socket closed' : failure;
      if (open) {
        // what was under way when the connection ended (a half line fails its checksum; an overlong
        // line is counted)
        deliverLines(lines.end(), conn, sink, now());
        sink.closed(conn, 'socket closed', !stopped);
      }
      open = false;
      if (stopped) return;
      const n = attempt++;
      const delay = backoff(n);
      sink.retrying?.(url, n, delay, reason);
      timer = setTimeout(connect, delay);
    });
  };
  connect();
  return {
    name: url,
    async close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      socket?.destroy();
    },
  };
}

/** Opens the right transport for an address: `tcp://…` or a serial device path. */
export async function openReaderPort(address: string, sink: TransportSink, opts: TransportOptions = {}): Promise<Transport> {
  if (address.startsWith('tcp://')) return openTcp(address, sink, opts);
  const { openSerial } = await import('./serial.js');
  return openSerial(address, sink, opts);
}
