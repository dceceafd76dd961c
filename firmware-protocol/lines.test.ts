import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { OVERLONG_HEAD_LENGTH, RawLineSplitter, type RawLineItem } from './lines.js';
import { MAX_LINE_LENGTH, START_OF_FRAME } from './messages.js';

const bytes = (s: string) => new TextEncoder().encode(s);
const line = (text: string): RawLineItem => ({ kind: 'line', text });
const overlong = (head: string, length: number): RawLineItem => ({ kind: 'overlong', head, length });
const cut = (head: string, length: number): RawLineItem => ({ kind: 'cut', head, length });
const S = START_OF_FRAME;

/** Feeds `chunks` one by one, noting the most characters held after any push. */
function feed(s: RawLineSplitter, chunks: (string | Uint8Array)[]): { items: RawLineItem[]; maxHeld: number } {
  const items: RawLineItem[] = [];
  let maxHeld = 0;
  for (const c of chunks) {
    items.push(...s.push(c));
    maxHeld = Math.max(maxHeld, s.held);
  }
  return { items, maxHeld };
}

describe('RawLineSplitter', () => {
  it('reassembles lines cut anywhere, drops \\r and skips blank lines (text and bytes)', () => {
    const s = new RawLineSplitter();
    expect(s.push(bytes('HB seq=1'))).toEqual([]);
    expect(s.held).toBe(8);
    expect(s.push(bytes(' up=5*AB\r\n\n\r\nHB se'))).toEqual([line('HB seq=1 up=5*AB')]);
    expect(s.push('q=2 up=6*CD\nX\n')).toEqual([line('HB seq=2 up=6*CD'), line('X')]);
    expect(s.held).toBe(0);
  });

  it('gives the same items however a stream is cut, as bytes or as text', () => {
    const stream = `A\r\n\nBB\n${'c'.repeat(MAX_LINE_LENGTH)}\r\n${'d'.repeat(MAX_LINE_LENGTH + 1)}\nE\n`;
    const want = [line('A'), line('BB'), line('c'.repeat(MAX_LINE_LENGTH)), overlong('d'.repeat(OVERLONG_HEAD_LENGTH), MAX_LINE_LENGTH + 1), line('E')];
    expect(new RawLineSplitter().push(stream)).toEqual(want);
    fc.assert(
      fc.property(fc.array(fc.nat(stream.length), { maxLength: 8 }), fc.boolean(), (cuts, asBytes) => {
        const points = [...new Set(cuts)].sort((a, b) => a - b);
        const chunks: (string | Uint8Array)[] = [];
        let prev = 0;
        for (const p of [...points, stream.length]) {
          chunks.push(asBytes ? bytes(stream.slice(prev, p)) : stream.slice(prev, p));
          prev = p;
        }
        const { items, maxHeld } = feed(new RawLineSplitter(), chunks);
        expect(items).toEqual(want);
        expect(maxHeld).toBeLessThanOrEqual(MAX_LINE_LENGTH);
      }),
      { numRuns: 300 },
    );
  });

  it('a line of exactly MAX_LINE_LENGTH bytes is a line, with or without \\r, cut at every point near the end', () => {
    const full = 'x'.repeat(MAX_LINE_LENGTH);
    for (const ending of ['\n', '\r\n']) {
      const text = `${full}${ending}ok\n`;
      for (let i = MAX_LINE_LENGTH - 2; i <= MAX_LINE_LENGTH + 3; i++) {
        const { items, maxHeld } = feed(new RawLineSplitter(), [text.slice(0, i), text.slice(i)]);
        expect(items).toEqual([line(full), line('ok')]);
        expect(maxHeld).toBeLessThanOrEqual(MAX_LINE_LENGTH);
      }
    }
  });

  it('one byte over MAX_LINE_LENGTH is overlong: 4097 bytes, or 4096 then a \\r that is not the end', () => {
    const s = new RawLineSplitter();
    expect(s.push(`${'y'.repeat(MAX_LINE_LENGTH + 1)}\n`)).toEqual([overlong('y'.repeat(80), 4097)]);
    // 4096 bytes, a \r (held as a flag), then one more byte: a line of 4098 bytes
    expect(s.push(`${'z'.repeat(MAX_LINE_LENGTH)}\r`)).toEqual([]);
    expect(s.held).toBe(MAX_LINE_LENGTH);
    expect(s.push('z\n')).toEqual([overlong('z'.repeat(80), 4098)]);
    expect(s.overlong).toBe(2);
  });

  it('an overlong line over many chunks: never held whole, one item at its newline with its length, then good lines', () => {
    const s = new RawLineSplitter();
    const chunks: string[] = ['JUNK:'];
    for (let i = 0; i < 1000; i++) chunks.push('q'.repeat(1000)); // 5 + 1000 × 1000 = 1 000 005 bytes
    chunks.push('\r', '\nHB seq=1 up=1*0000\n');
    const { items, maxHeld } = feed(s, chunks);
    expect(items).toEqual([overlong(`JUNK:${'q'.repeat(75)}`, 1_000_005), line('HB seq=1 up=1*0000')]);
    expect(maxHeld).toBeLessThanOrEqual(MAX_LINE_LENGTH);
    expect(s.overlong).toBe(1);
  });

  it('the head of an overlong line is its first 80 bytes as latin1, from bytes', () => {
    const s = new RawLineSplitter();
    // every byte value but the newline (0x0A) and the start of frame (0x02), e.g. noise on a serial line
    const junk = Uint8Array.from({ length: 10_000 }, (_, i) => ((i * 7) % 256 === 0x0a || (i * 7) % 256 === 0x02 ? 0x41 : (i * 7) % 256));
    const got = [...s.push(junk.subarray(0, 3)), ...s.push(junk.subarray(3)), ...s.push(new Uint8Array([0x0a]))];
    expect(got).toEqual([overlong(String.fromCharCode(...junk.subarray(0, 80)), 10_000)]);
  });

  it('end() gives the line under way; an overlong one is marked unterminated', () => {
    const s = new RawLineSplitter();
    s.push('HB seq=1');
    expect(s.end()).toEqual([line('HB seq=1')]);
    expect(s.held).toBe(0);
    s.push('w'.repeat(5000));
    expect(s.end()).toEqual([{ kind: 'overlong', head: 'w'.repeat(80), length: 5000, unterminated: true }]);
    expect(s.end()).toEqual([]);
  });

  it('lost() drops a half line and skips its tail; at a clean line end nothing is skipped', () => {
    const s = new RawLineSplitter();
    s.push(bytes('HELLO rdr=WL'));
    s.lost();
    expect(s.push(bytes('ne=wall*1234\nHB seq=3 up=7*EF\n'))).toEqual([line('HB seq=3 up=7*EF')]);
    s.lost();
    expect(s.push(bytes('HB seq=4 up=8*AB\n'))).toEqual([line('HB seq=4 up=8*AB')]);
  });

  it('reset() forgets a half line and an overlong one under way', () => {
    const s = new RawLineSplitter();
    s.push('v'.repeat(5000));
    s.reset();
    expect(s.push('ok\n')).toEqual([line('ok')]);
    expect(s.overlong).toBe(0);
  });

  it('64 MB without a newline in 64 KB chunks: time in proportion to the bytes (figure printed), held ≤ MAX_LINE_LENGTH', () => {
    const s = new RawLineSplitter();
    const chunk = new Uint8Array(64 * 1024).fill(0x58);
    let maxHeld = 0;
    const t0 = performance.now();
    for (let i = 0; i < 1024; i++) {
      expect(s.push(chunk)).toEqual([]);
      maxHeld = Math.max(maxHeld, s.held);
    }
    const items = s.push(bytes('\nok\n'));
    console.log(`RawLineSplitter: 64 MB without a newline in ${(performance.now() - t0).toFixed(1)} ms`);
    expect(items).toEqual([overlong('X'.repeat(80), 64 * 1024 * 1024), line('ok')]);
    expect(maxHeld).toBe(OVERLONG_HEAD_LENGTH);
  });
});

describe('RawLineSplitter: start of frame (0x02)', () => {
  it('a frame cut off before its newline does not swallow the next one; a SOF at the start of a line is dropped', () => {
    const s = new RawLineSplitter();
    // "ADD seq=3 zo" is 12 bytes: cut off by the SOF of the next frame
    expect(s.push(`${S}ADD seq=3 zo${S}HB seq=4 up=9*AB\n`)).toEqual([cut('ADD seq=3 zo', 12), line('HB seq=4 up=9*AB')]);
    expect(s.cut).toBe(1);
    expect(s.held).toBe(0);
  });

  it('gives the same items however a stream with SOF is cut, as bytes or as text', () => {
    const long = 'x'.repeat(100);
    // SOF-prefixed lines, a bare line, a 100-byte cut frame (head 80), a cut of only "\r", an overlong cut by a SOF
    const stream = `${S}A\r\n${S}${S}B\nC\n${S}${long}${S}D\n\r${S}E\n${'y'.repeat(MAX_LINE_LENGTH + 2)}${S}F\n`;
    const want = [
      line('A'),
      line('B'),
      line('C'),
      cut('x'.repeat(OVERLONG_HEAD_LENGTH), 100),
      line('D'),
      cut('\r', 1),
      line('E'),
      overlong('y'.repeat(OVERLONG_HEAD_LENGTH), MAX_LINE_LENGTH + 2),
      line('F'),
    ];
    expect(new RawLineSplitter().push(stream)).toEqual(want);
    fc.assert(
      fc.property(fc.array(fc.nat(stream.length), { maxLength: 8 }), fc.boolean(), (cuts, asBytes) => {
        const points = [...new Set(cuts)].sort((a, b) => a - b);
        const s = new RawLineSplitter();
        const items: RawLineItem[] = [];
        let prev = 0;
        for (const p of [...points, stream.length]) {
          const piece = stream.slice(prev, p);
          items.push(...s.push(asBytes ? bytes(piece) : piece));
          prev = p;
          expect(s.held).toBeLessThanOrEqual(MAX_LINE_LENGTH);
        }
        expect(items).toEqual(want);
      }),
    );
  });

  it('a SOF ends the silent skip after lost bytes: the new frame is kept', () => {
    const s = new RawLineSplitter();
    expect(s.push('HB se')).toEqual([]);
    s.lost();
    expect(s.push(`q=4 up${S}HB seq=5 up=1*AB\n`)).toEqual([line('HB seq=5 up=1*AB')]);
    expect(s.cut).toBe(0);
  });
});
