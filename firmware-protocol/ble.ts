/**
 * Bluetooth LE fragmentation and reassembly of protocol lines (PROTOCOL.md §1.1, version 1).
 * Pure: no Node Buffer, no TextEncoder, no DOM; bytes are Uint8Array, text is ASCII.
 *
 * A BLE notification (or write) carries at most `mtu` bytes (20 with the default ATT MTU of 23).
 * A line (without its newline) is cut into pieces of `mtu - 1` payload bytes, each behind one
 * header byte:
 *
 *   bit 7-6  kind: 00 single (first and last), 01 first, 10 continuation, 11 last
 *   bit 5-4  piece index within the line, modulo 4 (0 for the first piece)
 *   bit 3-0  message counter, modulo 16 (+1 for each line the sender fragments)
 *
 * The receiver rebuilds a line only from a first piece, continuations with the same counter and the
 * next index, and a last piece; anything else is rejected, never applied (a continuation without its
 * first, a first followed by another first, a lost piece in the middle). The rebuilt line then goes
 * through decodeLine, whose CRC still guards it.
 */
import { MAX_LINE_LENGTH } from './messages.js';

/** Default BLE payload size in bytes (ATT MTU 23 minus 3). */
export const BLE_DEFAULT_MTU = 20;
/** Largest payload size accepted by fragmentLine, in bytes (the largest ATT value is 512). */
export const BLE_MAX_MTU = 512;

/** Piece kinds, the top two bits of the header byte. */
export const BLE_SINGLE = 0x00;
export const BLE_FIRST = 0x40;
export const BLE_CONT = 0x80;
export const BLE_LAST = 0xc0;

/** Why the reassembler rejected a piece or a partial line. */
export type BleRejectReason =
  | 'empty-piece' // a piece of 0 bytes (no header)
  | 'orphan' // a continuation or last piece with no first piece before it
  | 'interrupted' // a first (or single) piece arrived while a line was still being assembled: the partial line is dropped
  | 'counter-mismatch' // a continuation or last piece of another line than the one being assembled
  | 'missing-piece' // a continuation or last piece whose index is not the next one: a piece was lost
  | 'bad-index' // a first or single piece whose index is not 0
  | 'empty-line' // a single piece with no payload
  | 'too-long'; // the line grew past MAX_LINE_LENGTH (4096) bytes

/** One rejection: the reason and a sentence naming the piece (header byte and counter). */
export interface BleRejection {
  reason: BleRejectReason;
  detail: string;
}

/**
 * Cuts one line into BLE pieces (PROTOCOL.md §1.1).
 * @param line the wire line, printable ASCII (0x20-0x7E); a trailing `\n` or `\r\n` is removed
 * @param mtu bytes per piece including the 1-byte header, 2..512 (default 20)
 * @param counter the message counter 0..15 to put in the headers (a sender adds 1 per line; default 0)
 * @returns the pieces in order: one `single` piece when the line fits `mtu - 1` bytes, else
 *   `first`, `continuation`s and `last`
 * @throws RangeError when the line is empty, longer than MAX_LINE_LENGTH (4096), holds a byte
 *   outside 0x20-0x7E (naming its column), or when mtu or counter is out of range
 */
export function fragmentLine(line: string, mtu: number = BLE_DEFAULT_MTU, counter = 0): Uint8Array[] {
  let text = line;
  if (text.endsWith('\n')) text = text.slice(0, -1);
  if (text.endsWith('\r')) text = text.slice(0, -1);
  if (!Number.isInteger(mtu) || mtu < 2 || mtu > BLE_MAX_MTU) throw new RangeError(`fragmentLine mtu: ${mtu} is not an integer 2..${BLE_MAX_MTU}`);
  if (!Number.isInteger(counter) || counter < 0 || counter > 15) throw new RangeError(`fragmentLine counter: ${counter} is not an integer 0..15`);
  if (text.length === 0) throw new RangeError('fragmentLine line: empty');
  if (text.length > MAX_LINE_LENGTH) throw new RangeError(`fragmentLine line: ${text.length} bytes, longer than ${MAX_LINE_LENGTH}`);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) throw new RangeError(`fragmentLine line: byte 0x${c.toString(16).toUpperCase()} at column ${i + 1} is not printable ASCII`);
  }
  const size = mtu - 1;
  const count = Math.ceil(text.length / size);
  const pieces: Uint8Array[] = [];
  for (let p = 0; p < count; p++) {
    const start = p * size;
    const end = Math.min(text.length, start + size);
    const kind = count === 1 ? BLE_SINGLE : p === 0 ? BLE_FIRST : p === count - 1 ? BLE_LAST : BLE_CONT;
    const piece = new Uint8Array(1 + end - start);
    piece[0] = kind | ((p & 3) << 4) | counter;
    for (let i = start; i < end; i++) piece[1 + i - start] = text.charCodeAt(i);
    pieces.push(piece);
  }
  return pieces;
}

/** A sender's fragmenter: fragmentLine with a message counter that advances by one per line (mod 16). */
export class BleFragmenter {
  private counter = 0;
  /** @param mtu bytes per piece, header included (2..512, default 20) */
  constructor(private readonly mtu: number = BLE_DEFAULT_MTU) {}
  /** The pieces of one line (see fragmentLine, whose RangeErrors it throws). */
  fragment(line: string): Uint8Array[] {
    const pieces = fragmentLine(line, this.mtu, this.counter);
    this.counter = (this.counter + 1) & 15;
    return pieces;
  }
}

/**
 * Rebuilds lines from BLE pieces (PROTOCOL.md §1.1). Never throws; each push gives the lines it
 * completed (at most one) and what it rejected (at most two: a dropped partial line and the piece).
 * Call reset() when the BLE link drops. Lines come out as text (one character per byte) without a
 * newline, for decodeLine.
 */
export class BleReassembler {
  private assembling = false;
  private counter = 0;
  private nextIndex = 0;
  private bytes: number[] = [];

  /** Feeds one piece (one BLE notification). */
  push(piece: Uint8Array): { lines: string[]; rejected: BleRejection[] } {
    const lines: string[] = [];
    const rejected: BleRejection[] = [];
    if (!(piece instanceof Uint8Array) || piece.length === 0) {
      rejected.push({ reason: 'empty-piece', detail: 'a piece of 0 bytes has no header' });
      return { lines, rejected };
    }
    const h = piece[0] as number;
    const kind = h & 0xc0;
    const index = (h >> 4) & 3;
    const counter = h & 15;
    const hx = `header 0x${h.toString(16).toUpperCase().padStart(2, '0')}`;
    if (kind === BLE_SINGLE || kind === BLE_FIRST) {
      if (this.assembling) {
        rejected.push({
          reason: 'interrupted',
          detail: `line ${this.counter} dropped after ${this.bytes.length} bytes: a new ${kind === BLE_SINGLE ? 'single' : 'first'} piece (${hx}) came before its last piece`,
        });
        this.clear();
      }
      if (index !== 0) {
        rejected.push({ reason: 'bad-index', detail: `${kind === BLE_SINGLE ? 'single' : 'first'} piece with index ${index} (${hx}), expected 0` });
        return { lines, rejected };
      }
      if (kind === BLE_SINGLE && piece.length === 1) {
        rejected.push({ reason: 'empty-line', detail: `single piece with no payload (${hx})` });
        return { lines, rejected };
      }
      if (piece.length - 1 > MAX_LINE_LENGTH) {
        rejected.push({ reason: 'too-long', detail: `line ${counter} longer than ${MAX_LINE_LENGTH} bytes` });
        return { lines, rejected };
      }
      if (kind === BLE_SINGLE) {
        lines.push(ascii(piece, 1, piece.length));
        return { lines, rejected };
      }
      this.assembling = true;
      this.counter = counter;
      this.nextIndex = 1;
      for (let i = 1; i < piece.length; i++) this.bytes.push(piece[i] as number);
      return { lines, rejected };
    }
    const what = kind === BLE_LAST ? 'last' : 'continuation';
    if (!this.assembling) {
      rejected.push({ reason: 'orphan', detail: `${what} piece (${hx}) without its first piece` });
      return { lines, rejected };
    }
    if (counter !== this.counter) {
      rejected.push({ reason: 'counter-mismatch', detail: `${what} piece of line ${counter} (${hx}) while assembling line ${this.counter}: both dropped` });
      this.clear();
      return { lines, rejected };
    }
    if (index !== this.nextIndex) {
      rejected.push({ reason: 'missing-piece', detail: `${what} piece with index ${index} (${hx}), expected ${this.nextIndex}: line ${counter} dropped` });
      this.clear();
      return { lines, rejected };
    }
    if (this.bytes.length + piece.length - 1 > MAX_LINE_LENGTH) {
      rejected.push({ reason: 'too-long', detail: `line ${counter} longer than ${MAX_LINE_LENGTH} bytes: dropped` });
      this.clear();
      return { lines, rejected };
    }
    for (let i = 1; i < piece.length; i++) this.bytes.push(piece[i] as number);
    this.nextIndex = (this.nextIndex + 1) & 3;
    if (kind === BLE_LAST) {
      lines.push(ascii(this.bytes, 0, this.bytes.length));
      this.clear();
    }
    return { lines, rejected };
  }

  /** Forgets a partial line (call it when the BLE link drops or reconnects). */
  reset(): void {
    this.clear();
  }

  /** Bytes held in the partial line now (0 when idle). */
  get pendingLength(): number {
    return this.bytes.length;
  }

  private clear(): void {
    this.assembling = false;
    this.nextIndex = 0;
    this.bytes = [];
  }
}

/** Bytes [from, to) as text, one character per byte (latin1; decodeLine rejects non-ASCII). */
function ascii(bytes: ArrayLike<number>, from: number, to: number): string {
  let s = '';
  for (let i = from; i < to; i += 4096) {
    const chunk: number[] = [];
    for (let j = i; j < Math.min(to, i + 4096); j++) chunk.push(bytes[j] as number);
    s += String.fromCharCode(...chunk);
  }
  return s;
}
