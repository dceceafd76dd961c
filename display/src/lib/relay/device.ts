/**
 * What the relay page needs from a reader it holds, whatever the link (Web Serial, Web Bluetooth).
 */

import type { OverlongLine } from '../../../../firmware-protocol/lines.js';

/** What a held reader reports. Handlers must not throw. */
export interface DeviceEvents {
  /** one complete reader line (no newline) */
  line(text: string): void;
  /** a reader line longer than MAX_LINE_LENGTH (4096 bytes): only its first 80 bytes and its length */
  overlong(line: OverlongLine): void;
  /** a read or write error; `recoverable` when the reader is still held and reading goes on */
  error(message: string, recoverable: boolean): void;
  /**
   * the link to the reader dropped and the page tries again (Web Bluetooth: the GATT server
   * disconnected; Web Serial: a read error, a new `readable` offered); `back` follows when it
   * holds the reader again, `closed` when it gives up
   */
  retrying(reason: string): void;
  /** the link is back after `retrying` (Bluetooth reattached; serial bytes flowing again) */
  back(): void;
  /** the reader is gone for good (unplugged, closed by the director, reconnects exhausted) */
  closed(reason: string): void;
}

/** A reader held by the page. */
export interface HeldDevice {
  kind: 'serial' | 'bluetooth';
  /** what the page knows of it, e.g. `"USB 10c4:ea60"` or `"Bluetooth MJ-WL-1"` */
  hint: string;
  /**
   * Writes one line to the reader (a newline is added). Writes are queued in order.
   * @throws Error when the reader is closed or the write fails
   */
  write(line: string): Promise<void>;
  /** stops reading and releases the reader; `closed` is reported once */
  close(): Promise<void>;
}

/** `"NetworkError: The device has been lost."` from whatever was thrown. */
export function describeError(err: unknown): string {
  if (err instanceof Error || (typeof err === 'object' && err !== null && 'message' in err)) {
    const e = err as { name?: unknown; message?: unknown };
    const name = typeof e.name === 'string' && e.name !== 'Error' ? `${e.name}: ` : '';
    return `${name}${String(e.message)}`;
  }
  return String(err);
}
