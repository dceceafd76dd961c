/**
 * Reader bytes → reader lines, in the browser: the protocol's own bounded splitter
 * (firmware-protocol/lines.ts, the same one the hub's serial and TCP transports use) and the hand-off
 * of what it cuts to the page's device events.
 */
import { decodeLine } from '../../../../firmware-protocol/codec.js';
import type { RawLineItem } from '../../../../firmware-protocol/lines.js';
import { START_OF_FRAME } from '../../../../firmware-protocol/messages.js';
import type { DeviceEvents } from './device.js';

export { RawLineSplitter } from '../../../../firmware-protocol/lines.js';

/**
 * Hands a splitter's items to the page in order: a line to `events.line`, a line longer than
 * MAX_LINE_LENGTH (4096 bytes; only its first 80 bytes and its length) to `events.overlong`, and a
 * frame cut off by a start of frame (PROTOCOL.md §2) to `events.line` as its head followed by the
 * start-of-frame byte, so the hub's own splitter cuts it again and counts it as a `truncated` line.
 */
export function forwardLines(items: readonly RawLineItem[], events: Pick<DeviceEvents, 'line' | 'overlong'>): void {
  for (const item of items) {
    if (item.kind === 'line') events.line(item.text);
    else if (item.kind === 'cut') events.line(item.head + START_OF_FRAME);
    else events.overlong(item);
  }
}

/**
 * The reader id of a valid HELLO line (`HELLO rdr=WL-1 ...*CCCC` → `"WL-1"`), else null.
 * Only for showing which reader the page holds; the hub decides for itself. Never throws.
 */
export function helloReaderId(line: string): string | null {
  if (!line.startsWith('HELLO')) return null;
  const r = decodeLine(line);
  return r.ok && r.message.type === 'HELLO' ? r.message.reader : null;
}
