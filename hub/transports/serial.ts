/**
 * USB serial and Bluetooth serial (/dev/rfcomm*) readers through `serialport`, one
 * `ReadlineParser` per connection. An unplug closes the connection; the port is reopened with
 * capped exponential backoff until `close()`.
 */
import { SerialPort } from 'serialport';
import { ReadlineParser } from '@serialport/parser-readline';
import { backoffMs, type Transport, type TransportSink } from './transport.js';
import type { Connection } from '../readers/supervisor.js';

/**
 * Opens a serial port and keeps it open.
 * @param path e.g. `/dev/serial/by-id/usb-…` (preferred), `/dev/ttyUSB0`, `/dev/rfcomm0`
 * @param baudRate bits per second (readers default to 115200)
 */
export function openSerial(path: string, sink: TransportSink, baudRate = 115200): Transport {
  let stopped = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;
  let port: SerialPort | null = null;

  const connect = () => {
    if (stopped) return;
    const p = new SerialPort({ path, baudRate, autoOpen: false });
    port = p;
    const conn: Connection = {
      name: path,
      write(line: string) {
        if (p.isOpen) p.write(line + '\n', (err) => void err); // errors surface as 'close'
      },
    };
    let open = false;
    p.on('error', () => void 0); // a write pending at unplug emits 'error': never let it kill the hub
    p.open((err) => {
      if (err) {
        retry();
        return;
      }
      open = true;
      attempt = 0;
      const parser = p.pipe(new ReadlineParser({ delimiter: '\n', encoding: 'latin1' }));
      parser.on('data', (text: string) => sink.line(conn, text.replace(/\r$/, ''), Date.now()));
      sink.opened(conn);
    });
    p.on('close', (err: Error | null) => {
      if (!open) return;
      open = false;
      sink.closed(conn, err ? err.message : 'closed');
      retry();
    });
  };
  const retry = () => {
    if (stopped) return;
    timer = setTimeout(connect, backoffMs(attempt++));
  };
  connect();
  return {
    name: path,
    async close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const p = port;
      if (p?.isOpen) await new Promise<void>((res) => p.close(() => res()));
    },
  };
}
