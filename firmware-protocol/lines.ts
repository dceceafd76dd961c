/**
 * Reader bytes → raw reader lines, with a bounded memory (PROTOCOL.md §2 "Length"). The one line
 * splitter of the project: the hub's serial and TCP transports, the hub's browser relay, the relay
 * page (Web Serial, Web Bluetooth) and the decoding `LineSplitter` (codec.ts) all cut lines here.
 *
 * A reader that sends bytes without a newline (a firmware bug, a stuck UART, noise) must not make a
 * receiver hold them all: this splitter holds at most MAX_LINE_LENGTH (4096) characters of a line.
 * Once a line is longer, only its first OVERLONG_HEAD_LENGTH (80) bytes are kept and the rest is
 * counted, not stored, up to the next `\n`; the line then comes out as one {@link OverlongLine}.
 * Each chunk costs time in proportion to its own length, never to the length of the line so far.
 *
 * Pure: no Node `Buffer`, no DOM. Bytes are read as latin1 (one character per byte), as the hub has
 * always read reader lines; a valid line is printable ASCII anyway (PROTOCOL.md §2).
 */
import { MAX_LINE_LENGTH, START_OF_FRAME } from './messages.js';

/** How many bytes of an overlong line are kept (for the raw log and the director): its first 80. */
export const OVERLONG_HEAD_LENGTH = 80;

/** A line longer than MAX_LINE_LENGTH, reduced to its beginning and its length. */
export interface OverlongLine {
  readonly kind: 'overlong';
  /** its first OVERLONG_HEAD_LENGTH (80) bytes, as latin1 text */
  readonly head: string;
  /** its length in bytes, not counting the `\n` nor a `\r` just before it (always > MAX_LINE_LENGTH) */
  readonly length: number;
  /** true when the stream ended ({@link RawLineSplitter.end}) before its newline came */
  readonly unterminated?: boolean;
}

/** One complete line of at most MAX_LINE_LENGTH bytes, without its `\n` and without a trailing `\r`. */
export interface RawLine {
  readonly kind: 'line';
  readonly text: string;
}

/**
 * The bytes of a frame cut off by a start-of-frame byte (START_OF_FRAME, 0x02) before its newline
 * came (PROTOCOL.md §2 "Start of frame"): a line that lost its end. Reduced, like an overlong line,
 * to its beginning and its length; the hub discards it as `truncated`.
 */
export interface CutFrame {
  readonly kind: 'cut';
  /** its first OVERLONG_HEAD_LENGTH (80) bytes, as latin1 text */
  readonly head: string;
  /** its length in bytes (1 … MAX_LINE_LENGTH; a longer one comes out as an {@link OverlongLine}) */
  readonly length: number;
}

/** A line the splitter could only keep the beginning of: too long, or cut off by a start of frame. */
export type ClippedLine = OverlongLine | CutFrame;

/** What {@link RawLineSplitter.push} gives back, in stream order. */
export type RawLineItem = RawLine | ClippedLine;

const NL = 0x0a;
const CR = 0x0d;
const SOF = START_OF_FRAME.charCodeAt(0);

/** How a segment of a chunk ends: at a newline, at a start of frame, or at the end of the chunk. */
type SegmentEnd = 'nl' | 'sof' | null;

/** Latin1 text of bytes[from, to); at most MAX_LINE_LENGTH + 1 bytes are ever asked for. */
function latin1(bytes: Uint8Array, from: number, to: number): string {
  let s = '';
  for (let i = from; i < to; i += 1024) s += String.fromCharCode(...bytes.subarray(i, Math.min(to, i + 1024)));
  return s;
}

/**
 * Splits a byte (or text) stream into lines on `\n` (PROTOCOL.md §2):
 * - a line may arrive in any number of chunks, and a chunk may hold any number of lines;
 * - a trailing `\r` is removed (`\r\n` endings); blank lines (empty or only `\r`) are skipped;
 * - a line longer than MAX_LINE_LENGTH (4096) bytes comes out, at its newline, as one
 *   {@link OverlongLine}: its first 80 bytes and its length; it is never held whole;
 * - a start-of-frame byte (START_OF_FRAME, 0x02) starts a new line: one at the start of a line is
 *   dropped; one in the middle of a line ends it, and the bytes before it come out as one
 *   {@link CutFrame} (an overlong line stays an {@link OverlongLine}); lines without it are lines;
 * - {@link RawLineSplitter.held} never exceeds MAX_LINE_LENGTH.
 * Strings are read one UTF-16 unit per byte (pass latin1 text). Never throws.
 */
export class RawLineSplitter {
  /** the line under way (at most MAX_LINE_LENGTH characters) */
  private partial = '';
  /** a `\r` came right after a full `partial`: the end of the line, or one byte too many */
  private cr = false;
  /** the overlong line under way, counted and not stored */
  private over: { head: string; length: number; lastCr: boolean } | null = null;
  /** bytes were lost inside a line: skip, silently, up to the next newline */
  private skipping = false;
  /** overlong lines seen so far (terminated or not) */
  overlong = 0;
  /** frames cut off by a start of frame so far ({@link CutFrame}) */
  cut = 0;

  /**
   * Feeds one chunk (bytes, or latin1 text); returns the lines it completed, in order (maybe none).
   * Time and memory are in proportion to the chunk, whatever the length of the line under way.
   */
  push(chunk: Uint8Array | string): RawLineItem[] {
    const out: RawLineItem[] = [];
    if (typeof chunk === 'string')
      this.scan(
        chunk.length,
        (from) => chunk.indexOf('\n', from),
        (from) => chunk.indexOf(START_OF_FRAME, from),
        (i) => chunk.charCodeAt(i),
        (a, b) => chunk.slice(a, b),
        out,
      );
    else if (chunk instanceof Uint8Array)
      this.scan(
        chunk.length,
        (from) => chunk.indexOf(NL, from),
        (from) => chunk.indexOf(SOF, from),
        (i) => chunk[i]!,
        (a, b) => latin1(chunk, a, b),
        out,
      );
    return out;
  }

  /**
   * The stream ended (a socket closed, a relayed payload is over): returns what was under way as if
   * a newline had come (a short line as a line; an overlong one marked `unterminated`), then starts
   * afresh. (The hub's transports hand it on at a close, as any line: a half line fails its
   * checksum and is counted with the reader's bad lines.)
   */
  end(): RawLineItem[] {
    const out = this.skipping ? [] : this.push('\n');
    const last = out[0];
    this.reset();
    return last?.kind === 'overlong' ? [{ ...last, unterminated: true }] : out;
  }

  /** Forgets everything under way: the next byte starts a new line (a new connection). */
  reset(): void {
    this.partial = '';
    this.cr = false;
    this.over = null;
    this.skipping = false;
  }

  /**
   * Bytes were lost (a read error, a dropped radio link): a half line under way is dropped and the
   * bytes up to the next newline are skipped (they are its tail), so no half line is ever glued to
   * another. An overlong line under way stays one. At a clean line end nothing is skipped.
   */
  lost(): void {
    if (this.over) return;
    this.skipping = this.skipping || this.partial.length > 0 || this.cr;
    this.partial = '';
    this.cr = false;
  }

  /**
   * Characters held now for the line under way: at most MAX_LINE_LENGTH (a `\r` after a full line
   * is a flag, not a character), at most OVERLONG_HEAD_LENGTH in an overlong one.
   */
  get held(): number {
    return this.partial.length + (this.over ? this.over.head.length : 0);
  }

  private scan(n: number, nextNl: (from: number) => number, nextSof: (from: number) => number, code: (i: number) => number, text: (from: number, to: number) => string, out: RawLineItem[]): void {
    let start = 0;
    // the next newline and start of frame at or after `start` (-1: none in the chunk), each looked
    // for again only once passed, so a chunk costs time in proportion to its length
    let nl = nextNl(0);
    let sof = nextSof(0);
    while (start < n) {
      if (nl >= 0 && nl < start) nl = nextNl(start);
      if (sof >= 0 && sof < start) sof = nextSof(start);
      const stop = nl < 0 ? sof : sof < 0 ? nl : Math.min(nl, sof);
      const end = stop < 0 ? n : stop;
      this.segment(start, end, stop < 0 ? null : stop === nl ? 'nl' : 'sof', code, text, out);
      start = end + 1;
    }
  }

  /** bytes [start, end) of the chunk, then a newline or a start of frame (`done`), or nothing more yet */
  private segment(start: number, end: number, done: SegmentEnd, code: (i: number) => number, text: (from: number, to: number) => string, out: RawLineItem[]): void {
    const len = end - start;
    const lastCr = len > 0 ? code(end - 1) === CR : null;
    if (this.skipping) {
      if (done) this.skipping = false;
      return;
    }
    const o = this.over;
    if (o) {
      o.length += len;
      if (lastCr !== null) o.lastCr = lastCr;
      if (done === 'sof') o.lastCr = false;
      if (done) this.finishOverlong(out);
      return;
    }
    const before = this.partial + (this.cr ? '\r' : '');
    const total = before.length + len;
    if (done === 'sof') {
      // a new frame starts: what was under way lost its end (nothing when the line had not begun)
      this.partial = '';
      this.cr = false;
      if (total > MAX_LINE_LENGTH) {
        this.overlong += 1;
        out.push({ kind: 'overlong', head: this.head(before, start, end, text), length: total });
      } else if (total > 0) {
        this.cut += 1;
        out.push({ kind: 'cut', head: this.head(before, start, end, text), length: total });
      }
      return;
    }
    if (done) {
      const strip = lastCr ?? before.endsWith('\r');
      const length = total - (strip ? 1 : 0);
      this.partial = '';
      this.cr = false;
      if (length > MAX_LINE_LENGTH) {
        this.overlong += 1;
        out.push({ kind: 'overlong', head: this.head(before, start, end, text), length });
      } else if (length > 0) {
        out.push({ kind: 'line', text: (before + text(start, end)).slice(0, length) });
      }
      return;
    }
    if (total <= MAX_LINE_LENGTH) {
      this.partial = before + text(start, end);
      this.cr = false;
    } else if (total === MAX_LINE_LENGTH + 1 && lastCr === true) {
      this.partial = before + text(start, end - 1);
      this.cr = true;
    } else {
      this.over = { head: this.head(before, start, end, text), length: total, lastCr: lastCr ?? this.cr };
      this.partial = '';
      this.cr = false;
    }
  }

  private head(before: string, start: number, end: number, text: (from: number, to: number) => string): string {
    const need = OVERLONG_HEAD_LENGTH - before.length;
    return need <= 0 ? before.slice(0, OVERLONG_HEAD_LENGTH) : before + text(start, Math.min(end, start + need));
  }

  private finishOverlong(out: RawLineItem[]): void {
    const o = this.over!;
    this.over = null;
    this.overlong += 1;
    out.push({ kind: 'overlong', head: o.head, length: o.length - (o.lastCr ? 1 : 0) });
  }
}
