/**
 * Reader bytes → reader lines, in the browser: a streaming decoder (latin1, as the hub's serial
 * and TCP transports read) and a newline splitter that never throws on garbage.
 */
import { decodeLine } from '../../../../firmware-protocol/codec.js';
import { MAX_LINE_LENGTH } from '../../../../firmware-protocol/messages.js';

/**
 * Splits a stream of bytes into lines (without `\n` or a trailing `\r`; empty lines skipped).
 * A line longer than MAX_LINE_LENGTH (4096 bytes) is dropped up to the next newline and counted
 * in `dropped`. `reset()` resynchronises after lost bytes (a read error).
 */
export class ByteLines {
  private decoder = new TextDecoder('latin1');
  private partial = '';
  private skipping = false;
  /** overlong lines dropped so far */
  dropped = 0;

  /** Feeds bytes (or already decoded text); returns the lines they completed, in order. Never throws. */
  push(chunk: Uint8Array | string): string[] {
    const text = typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    const out: string[] = [];
    let start = 0;
    for (;;) {
      const nl = text.indexOf('\n', start);
      if (nl < 0) break;
      const piece = this.partial + text.slice(start, nl);
      start = nl + 1;
      this.partial = '';
      if (this.skipping) {
        this.skipping = false;
        continue;
      }
      const line = piece.endsWith('\r') ? piece.slice(0, -1) : piece;
      if (line.length > MAX_LINE_LENGTH) this.dropped += 1;
      else if (line.length > 0) out.push(line);
    }
    if (start < text.length && !this.skipping) {
      this.partial += text.slice(start);
      if (this.partial.length > MAX_LINE_LENGTH + 1) {
        this.dropped += 1;
        this.partial = '';
        this.skipping = true;
      }
    }
    return out;
  }

  /**
   * After lost bytes (a read error, a dropped link): forgets any half line. When one was under way,
   * the bytes that follow are its tail, so they are skipped up to the next newline; no half line
   * is ever glued to another. (Should bytes after a clean line end be lost, the hub's checksum
   * discards the broken line.)
   */
  reset(): void {
    this.decoder = new TextDecoder('latin1');
    this.skipping = this.skipping || this.partial.length > 0;
    this.partial = '';
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
