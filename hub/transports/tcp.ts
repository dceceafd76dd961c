/**
 * Wi-Fi readers over TCP (`tcp://host:port`): the hub connects, one `ReadlineParser` per
 * connection, reconnecting with capped exponential backoff until `close()`.
 */
import net from 'node:net';
import { ReadlineParser } from '@serialport/parser-readline';
import { backoffMs, type Transport, type TransportSink } from './transport.js';
import type { Connection } from '../readers/supervisor.js';

/**
 * Connects to a reader at `url` and keeps connecting.
 * @param url `tcp://host:port`
 * @throws Error when the url is not `tcp://host:port`
 */
export function openTcp(url: string, sink: TransportSink): Transport {
  const m = /^tcp:\/\/([^:/]+):(\d+)$/.exec(url);
  if (!m) throw new Error(`reader address "${url}" is not tcp://host:port`);
  const host = m[1]!;
  const port = Number(m[2]);
  let stopped = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;
  let socket: net.Socket | null = null;

  const connect = () => {
    if (stopped) return;
    const s = net.connect({ host, port });
    socket = s;
    const conn: Connection = {
      name: url,
      write(line: string) {
        if (!s.destroyed) s.write(line + '\n');
      },
    };
    let open = false;
    s.on('connect', () => {
      open = true;
      attempt = 0;
      const parser = s.pipe(new ReadlineParser({ delimiter: '\n', encoding: 'latin1' }));
      parser.on('data', (text: string) => sink.line(conn, text.replace(/\r$/, ''), Date.now()));
      sink.opened(conn);
    });
    s.on('error', () => void 0);
    s.on('close', () => {
      if (open) sink.closed(conn, 'socket closed');
      open = false;
      if (!stopped) timer = setTimeout(connect, backoffMs(attempt++));
    });
  };
  connect();
  return {
    name: url,
    async close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      socket?.destroy();
    },
  };
}

/** Opens the right transport for an address: `tcp://…` or a serial device path. */
export async function openReaderPort(address: string, sink: TransportSink): Promise<Transport> {
  if (address.startsWith('tcp://')) return openTcp(address, sink);
  const { openSerial } = await import('./serial.js');
  return openSerial(address, sink);
}
