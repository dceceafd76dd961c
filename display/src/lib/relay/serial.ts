/**
 * A reader over Web Serial (USB): open at 115200 baud, read for as long as the port offers a
 * `readable`, split lines, write hub commands.
 *
 * Chrome errors the current `readable` after a line error (break, framing, parity, buffer overrun)
 * and offers a new one on `port.readable`; after the device is lost `port.readable` is null. So the
 * read loop loops on `port.readable`: a loop that just exited would leave a port that looks
 * connected and reads nothing (seen in headless Chromium). Such an error is reported as the link
 * `retrying`, and `back` at the first bytes read after it.
 */
import { forwardLines, RawLineSplitter } from './lines.js';
import { describeError, type DeviceEvents, type HeldDevice } from './device.js';

/** The part of Web Serial's `SerialPort` the relay uses (so tests can hand in a stub). */
export interface SerialPortLike {
  open(options: { baudRate: number }): Promise<void>;
  close(): Promise<void>;
  readonly readable: ReadableStream<Uint8Array> | null;
  readonly writable: WritableStream<Uint8Array> | null;
  getInfo?(): { usbVendorId?: number; usbProductId?: number };
}

/** The part of `navigator.serial` the relay uses. */
export interface SerialLike {
  requestPort(options?: object): Promise<SerialPortLike>;
}

/** Baud rate of the readers' USB serial link (firmware-protocol/PROTOCOL.md). */
export const READER_BAUD = 115200;

/** `"USB 10c4:ea60"` from a port's info, or `"USB serial"` when it has none. */
export function serialHint(port: SerialPortLike): string {
  const info = port.getInfo?.() ?? {};
  const hex = (n: number | undefined) => (n === undefined ? null : n.toString(16).padStart(4, '0'));
  const v = hex(info.usbVendorId);
  const p = hex(info.usbProductId);
  return v && p ? `USB ${v}:${p}` : 'USB serial';
}

/**
 * Opens a serial port at 115200 baud and starts its read loop.
 * @throws Error (the browser's) when the port cannot be opened, e.g. already open elsewhere
 */
export async function openSerialDevice(port: SerialPortLike, events: DeviceEvents): Promise<HeldDevice> {
  await port.open({ baudRate: READER_BAUD });
  const lines = new RawLineSplitter();
  const encoder = new TextEncoder();
  let stopped = false;
  let closedReported = false;
  let current: ReadableStreamDefaultReader<Uint8Array> | null = null;
  /** a read error was reported as the link retrying; no byte read since */
  let retrying = false;
  let writes: Promise<void> = Promise.resolve();

  const reportClosed = (reason: string) => {
    if (closedReported) return;
    closedReported = true;
    events.closed(reason);
  };

  const loop = async () => {
    while (!stopped && port.readable) {
      const reader = port.readable.getReader();
      current = reader;
      let ended = false;
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) {
            ended = true;
            break;
          }
          if (value && value.length > 0) {
            if (retrying) {
              retrying = false;
              events.back();
            }
            forwardLines(lines.push(value), events);
          }
        }
      } catch (err) {
        if (stopped) break;
        // bytes were lost: skip to the next newline, so no half line is glued to the next one
        lines.lost();
        const recoverable = port.readable !== null;
        events.error(`serial read error: ${describeError(err)}`, recoverable);
        if (recoverable && !retrying) {
          retrying = true;
          events.retrying(`serial read error: ${describeError(err)}`);
        }
      } finally {
        current = null;
        try {
          reader.releaseLock();
        } catch {
          /* already released */
        }
      }
      if (ended) break;
    }
    const byDirector = stopped;
    stopped = true;
    reportClosed(byDirector ? 'closed by the director' : 'the reader was unplugged or the port closed');
  };
  void loop();

  return {
    kind: 'serial',
    hint: serialHint(port),
    write(line: string) {
      const job = writes.then(async () => {
        if (stopped || !port.writable) throw new Error(`cannot write "${line.slice(0, 40)}": the serial port is closed`);
        const w = port.writable.getWriter();
        try {
          await w.write(encoder.encode(line + '\n'));
        } finally {
          w.releaseLock();
        }
      });
      writes = job.catch(() => undefined);
      return job;
    },
    async close() {
      if (closedReported) return;
      stopped = true;
      try {
        await current?.cancel();
      } catch {
        /* the stream was already errored */
      }
      await writes;
      try {
        await port.close();
      } catch {
        /* already closed or lost */
      }
      reportClosed('closed by the director');
    },
  };
}
