import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { crc16, crc16Bytes, crc16Hex } from './crc16.js';
import { LineSplitter, decodeLine, encodeLine, frameLine, isName, isSeqGap, nextSeq, normaliseTagUid, SEQ_MAX } from './codec.js';
import { MAX_LINE_LENGTH, type DecodeResult, type Message } from './messages.js';
import { buildVectors, type VectorFile } from './vectors/build.js';
import v0json from './vectors/v0.json' with { type: 'json' };

const v0 = v0json as unknown as VectorFile;

/** The message of an ok result (fails the test otherwise). */
function ok(r: DecodeResult): Message {
  if (!r.ok) throw new Error(`expected ok, got ${r.reason}: ${r.detail}`);
  return r.message;
}

/** A compact summary for comparing streams: the message, or the discard reason. */
function summary(rs: DecodeResult[]): unknown[] {
  return rs.map((r) => (r.ok ? r.message : r.reason));
}

describe('crc16 (CRC-16/CCITT-FALSE)', () => {
  it('has the standard check value 0x29B1 for "123456789"', () => {
    expect(crc16('123456789')).toBe(0x29b1);
    expect(crc16Hex('123456789')).toBe('29B1');
  });
  it('is the init value 0xFFFF for the empty text, and pads hex to 4 digits', () => {
    expect(crc16('')).toBe(0xffff);
    expect(crc16Hex('HB seq=2147483647 up=0')).toBe('0A58');
  });
  it('agrees with the byte version, and continues from a running CRC', () => {
    const bytes = [...'123456789'].map((c) => c.charCodeAt(0));
    expect(crc16Bytes(bytes)).toBe(0x29b1);
    expect(crc16Bytes(bytes.slice(4), crc16Bytes(bytes.slice(0, 4)))).toBe(0x29b1);
  });
  it('takes non-ASCII text as UTF-8 bytes (same as Python binascii.crc_hqx(b, 0xFFFF))', () => {
    expect(crc16Hex('é')).toBe('7ACB');
    expect(crc16Hex('😀')).toBe('4F4F');
    expect(crc16Bytes([0xc3, 0xa9])).toBe(0x7acb);
  });
  it('matches every CRC in the vector file', () => {
    for (const { text, crc } of v0.crc) expect(crc16Hex(text)).toBe(crc);
  });
});

describe('encodeLine', () => {
  it('writes the exact lines of PROTOCOL.md', () => {
    expect(encodeLine({ type: 'HELLO', reader: 'RK-E1', firmware: '0.1.0', protocol: 0, zones: ['in', 'top'] })).toBe('HELLO rdr=RK-E1 fw=0.1.0 proto=0 zones=in,top*1B5C');
    expect(encodeLine({ type: 'SNAP', seq: 0, zone: 'top', tags: [] })).toBe('SNAP seq=0 zone=top tags=*6AE0');
    expect(encodeLine({ type: 'HB', seq: 15, uptimeMs: 123456 })).toBe('HB seq=15 up=123456*C7CA');
    expect(encodeLine({ type: 'CMD', command: 'snap' })).toBe('CMD snap*4337');
  });
  it('writes tag UIDs in upper case', () => {
    expect(encodeLine({ type: 'ADD', seq: 13, zone: 'in', tag: '04a1b2c3d4e5f6' })).toBe('ADD seq=13 zone=in tag=04A1B2C3D4E5F6*F571');
  });
  it('throws a RangeError naming the field of a bad message', () => {
    expect(() => encodeLine({ type: 'ADD', seq: -1, zone: 'in', tag: '04A1B2C3' })).toThrow(/ADD seq/);
    expect(() => encodeLine({ type: 'HB', seq: SEQ_MAX + 1, uptimeMs: 0 })).toThrow(RangeError);
    expect(() => encodeLine({ type: 'HB', seq: 1.5, uptimeMs: 0 })).toThrow(/HB seq/);
    expect(() => encodeLine({ type: 'DEL', seq: 1, zone: 'in', tag: '04A1B' })).toThrow(/DEL tag/);
    expect(() => encodeLine({ type: 'SNAP', seq: 1, zone: 'a b', tags: [] })).toThrow(/SNAP zone/);
    expect(() => encodeLine({ type: 'SNAP', seq: 1, zone: 'in', tags: ['04A1B2C3', '04a1b2c3'] })).toThrow(/listed twice/);
    expect(() => encodeLine({ type: 'HELLO', reader: 'RK-E1', firmware: '0.1.0', protocol: 0, zones: [] })).toThrow(/HELLO zones/);
    expect(() => encodeLine({ type: 'HELLO', reader: 'RK E1', firmware: '0.1.0', protocol: 0, zones: ['in'] })).toThrow(/HELLO reader/);
    expect(() => encodeLine({ type: 'HELLO', reader: 'RK', firmware: '0 1', protocol: 0, zones: ['in'] })).toThrow(/HELLO firmware/);
    expect(() => encodeLine({ type: 'CMD', command: 'snap', zone: '' })).toThrow(/CMD zone/);
    expect(() => encodeLine({ type: 'NOPE' } as unknown as Message)).toThrow(/unknown type/);
  });
});

describe('round trips of each message kind', () => {
  const samples: Message[] = [
    { type: 'HELLO', reader: 'RK-E1', firmware: '0.1.0', protocol: 0, zones: ['in', 'top'] },
    { type: 'SNAP', seq: 12, zone: 'in', tags: ['04A1B2C3D4E5F6', '04A1B2C3D4E5F7'] },
    { type: 'SNAP', seq: 13, zone: 'top', tags: [] },
    { type: 'ADD', seq: 14, zone: 'in', tag: '04A1B2C3D4E5F6' },
    { type: 'DEL', seq: 15, zone: 'in', tag: '04A1B2C3D4E5F6' },
    { type: 'HB', seq: 16, uptimeMs: 123456 },
    { type: 'CMD', command: 'snap' },
    { type: 'CMD', command: 'snap', zone: 'in' },
  ];
  for (const m of samples) {
    it(`${m.type} ${JSON.stringify(m)}`, () => {
      const line = encodeLine(m);
      const r = decodeLine(line);
      expect(r).toEqual({ ok: true, message: m, line });
      expect(decodeLine(`${line}\r\n`)).toEqual({ ok: true, message: m, line });
    });
  }
});

describe('vectors/v0.json', () => {
  it('is what vectors/build.ts generates (regenerate with vectors/print.ts)', () => {
    expect(v0).toEqual(buildVectors());
  });
  it('has at least one vector of every message kind', () => {
    const kinds = new Set(v0.messages.map((v) => v.message.type));
    expect([...kinds].sort()).toEqual(['ADD', 'CMD', 'DEL', 'HB', 'HELLO', 'SNAP']);
  });
  for (const v of v0.messages) {
    it(`good ${v.name}: decodes to its message and encodes back to the exact line`, () => {
      expect(decodeLine(v.line)).toEqual({ ok: true, message: v.message, line: v.line });
      expect(encodeLine(v.message)).toBe(v.line);
    });
  }
  for (const v of v0.tolerated) {
    it(`tolerated ${v.name}: decodes to its message`, () => {
      expect(ok(decodeLine(v.line))).toEqual(v.message);
    });
  }
  for (const v of v0.bad) {
    it(`bad ${v.name}: discarded as ${v.reason}`, () => {
      const r = decodeLine(v.line);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.reason).toBe(v.reason);
      expect(r.detail).toContain(v.detailIncludes);
    });
  }
  it('covers every discard reason', () => {
    expect(new Set(v0.bad.map((b) => b.reason))).toEqual(new Set(['bad-checksum', 'truncated', 'unknown-type', 'malformed', 'too-long']));
  });
});

describe('decodeLine discards', () => {
  it('bad checksum: one changed digit', () => {
    const r = decodeLine('ADD seq=13 zone=in tag=04A1B2C3D4E5F7*F571');
    expect(r).toMatchObject({ ok: false, reason: 'bad-checksum' });
  });
  it('unknown type with a good CRC', () => {
    expect(decodeLine(frameLine('PING'))).toMatchObject({ ok: false, reason: 'unknown-type', detail: 'unknown message type "PING"' });
  });
  it('truncated: no star, or fewer than 4 hex digits', () => {
    expect(decodeLine('HB seq=15 up=123456')).toMatchObject({ ok: false, reason: 'truncated' });
    expect(decodeLine('HB seq=15 up=123456*C7C')).toMatchObject({ ok: false, reason: 'truncated' });
  });
  it('malformed names the field', () => {
    expect(decodeLine(frameLine('HB seq=15 up=abc'))).toMatchObject({
      ok: false,
      reason: 'malformed',
      detail: 'HB up: "abc" is not an integer 0..9007199254740991',
    });
    expect(decodeLine(frameLine('ADD seq=13 tag=04A1B2C3'))).toMatchObject({ reason: 'malformed', detail: 'ADD zone: missing field' });
  });
  it('too long: one byte over MAX_LINE_LENGTH, and the line in the result is its first 80 bytes', () => {
    const body = `HB seq=1 up=1 pad=${'x'.repeat(MAX_LINE_LENGTH)}`;
    const line = frameLine(body).slice(0, MAX_LINE_LENGTH + 1);
    expect(decodeLine(line)).toEqual({
      ok: false,
      reason: 'too-long',
      detail: 'line is 4097 bytes, longer than the 4096 allowed; only its first 80 bytes are kept',
      line: line.slice(0, 80),
    });
  });
  it('a line of exactly MAX_LINE_LENGTH (plus \\r) is accepted', () => {
    const base = 'HB seq=1 up=1 pad=';
    const body = base + 'x'.repeat(MAX_LINE_LENGTH - base.length - 5);
    const line = frameLine(body);
    expect(line.length).toBe(MAX_LINE_LENGTH);
    expect(ok(decodeLine(line))).toEqual({ type: 'HB', seq: 1, uptimeMs: 1 });
    expect(ok(decodeLine(`${line}\r`))).toEqual({ type: 'HB', seq: 1, uptimeMs: 1 });
  });
  it('garbage bytes and the empty line', () => {
    expect(decodeLine('\u0000\u00ff\u00fe')).toMatchObject({ ok: false, reason: 'truncated' });
    expect(decodeLine('\u00ff\u00fe*1234')).toMatchObject({ ok: false, reason: 'bad-checksum' });
    expect(decodeLine('')).toEqual({ ok: false, reason: 'truncated', detail: 'empty line', line: '' });
  });
  it('never throws even on a non-string', () => {
    expect(decodeLine(undefined as unknown as string)).toMatchObject({ ok: false, reason: 'truncated' });
    expect(decodeLine(42 as unknown as string)).toMatchObject({ ok: false });
  });
});

describe('helpers', () => {
  it('nextSeq adds one and wraps to 0 after 2^31-1; isSeqGap spots a lost message', () => {
    expect(nextSeq(12)).toBe(13);
    expect(nextSeq(SEQ_MAX)).toBe(0);
    expect(isSeqGap(12, 13)).toBe(false);
    expect(isSeqGap(12, 14)).toBe(true);
    expect(isSeqGap(12, 12)).toBe(true);
    expect(isSeqGap(SEQ_MAX, 0)).toBe(false);
  });
  it('normaliseTagUid and isName', () => {
    expect(normaliseTagUid('04a1b2c3')).toBe('04A1B2C3');
    expect(normaliseTagUid('04a1b2')).toBeNull();
    expect(normaliseTagUid('0'.repeat(26))).toBeNull();
    expect(isName('wall.3')).toBe(true);
    expect(isName('x'.repeat(33))).toBe(false);
    expect(isName('')).toBe(false);
  });
});

describe('LineSplitter', () => {
  const lines = [
    'HELLO rdr=RK-E1 fw=0.1.0 proto=0 zones=in,top*1B5C',
    'SNAP seq=0 zone=in tags=04A1B2C3D4E5F6,04A1B2C3D4E5F7*' + crc16Hex('SNAP seq=0 zone=in tags=04A1B2C3D4E5F6,04A1B2C3D4E5F7'),
    'ADD seq=13 zone=in tag=04A1B2C3D4E5F6*F571',
    'HB seq=15 up=123456*C7CA',
  ];
  const stream = lines.join('\r\n') + '\r\n';
  const expected = lines.map((l) => ok(decodeLine(l)));

  it('splits one chunk into its messages', () => {
    const s = new LineSplitter();
    expect(summary(s.push(stream))).toEqual(expected);
    expect(s.pendingLength).toBe(0);
  });
  it('gives the same messages when the stream is cut in two at every position', () => {
    for (let i = 0; i <= stream.length; i++) {
      const s = new LineSplitter();
      const got = [...s.push(stream.slice(0, i)), ...s.push(stream.slice(i))];
      expect(summary(got)).toEqual(expected);
    }
  });
  it('gives the same messages when fed one byte at a time', () => {
    const s = new LineSplitter();
    const got = [...stream].flatMap((c) => s.push(c));
    expect(summary(got)).toEqual(expected);
  });
  it('skips blank lines', () => {
    const s = new LineSplitter();
    expect(summary(s.push(`\n\r\n${lines[3]}\n\n`))).toEqual([expected[3]]);
  });
  it('reset() drops a half line so it is never glued to the next line', () => {
    const s = new LineSplitter();
    expect(s.push('SNAP seq=12 zone=in tags=04A1')).toEqual([]);
    expect(s.pendingLength).toBe(29);
    s.reset();
    expect(summary(s.push(`${lines[3]}\n`))).toEqual([expected[3]]);
  });
  it('without reset() the half line spoils only the next line', () => {
    const s = new LineSplitter();
    s.push('SNAP seq=12 zone=in tags=04A1');
    expect(summary(s.push(`${lines[3]}\n${lines[2]}\n`))).toEqual(['bad-checksum', expected[2]]);
  });
  it('a corrupted line then a good one: one discard and one message', () => {
    const s = new LineSplitter();
    const corrupted = lines[2]!.replace('seq=13', 'seq=18');
    expect(summary(s.push(`${corrupted}\n${lines[3]}\n`))).toEqual(['bad-checksum', expected[3]]);
  });
  it('an endless line is never held whole: one too-long at its newline (first 80 bytes, its length), then it resyncs', () => {
    const s = new LineSplitter();
    const got: DecodeResult[] = [];
    for (let i = 0; i < 100; i++) got.push(...s.push('x'.repeat(100)));
    expect(got).toEqual([]);
    expect(s.pendingLength).toBeLessThanOrEqual(MAX_LINE_LENGTH);
    const after = s.push(`more junk\n${lines[3]}\n`);
    // 100 × 100 x, then "more junk" (9): 10009 bytes
    expect(after[0]).toEqual({
      ok: false,
      reason: 'too-long',
      detail: 'line is 10009 bytes, longer than the 4096 allowed; only its first 80 bytes are kept',
      line: 'x'.repeat(80),
    });
    expect(summary(after.slice(1))).toEqual([expected[3]]);
    expect(s.pendingLength).toBe(0);
  });
  it('a too-long line gives one too-long discard wherever the chunks are cut', () => {
    const long = frameLine(`HB seq=1 up=1 pad=${'y'.repeat(MAX_LINE_LENGTH)}`);
    const text = `${long}\n${lines[3]}\n`;
    for (const i of [0, 1, 100, MAX_LINE_LENGTH - 1, MAX_LINE_LENGTH, MAX_LINE_LENGTH + 1, MAX_LINE_LENGTH + 2, long.length, long.length + 1]) {
      const s = new LineSplitter();
      expect(summary([...s.push(text.slice(0, i)), ...s.push(text.slice(i))])).toEqual(['too-long', expected[3]]);
    }
  });
});

describe('properties (fast-check)', () => {
  /** Re-encoding an ok result gives a line whose CRC is right and that decodes to the same message. */
  function checkOk(r: DecodeResult): void {
    if (!r.ok) return;
    const again = encodeLine(r.message);
    const star = again.lastIndexOf('*');
    expect(again.slice(star + 1)).toBe(crc16Hex(again.slice(0, star)));
    expect(ok(decodeLine(again))).toEqual(r.message);
  }

  it('decodeLine never throws on random strings (any unicode)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (s) => {
        checkOk(decodeLine(s));
        checkOk(decodeLine(frameLine(s)));
      }),
      { numRuns: 2000 },
    );
  });

  it('decodeLine never throws on random protocol-like lines, and ok results re-encode with a right CRC', () => {
    const typeArb = fc.constantFrom('HELLO', 'SNAP', 'ADD', 'DEL', 'HB', 'CMD', 'CMD snap', 'PING', 'hb', '');
    const fieldArb = fc.constantFrom(
      'seq=12',
      'seq=0',
      'seq=x',
      'seq=',
      'seq=2147483648',
      'zone=in',
      'zone=',
      'zone=a.b',
      'tag=04a1b2c3',
      'tag=04A1B',
      'tags=',
      'tags=04A1B2C3,e0040150',
      'tags=04A1B2C3,04a1b2c3',
      'up=5',
      'up=-5',
      'rdr=RK-E1',
      'fw=0.1.0',
      'proto=0',
      'zones=in,top',
      'zones=',
      'snap',
      'bat=1',
      '=',
      '',
      '*',
      'x=*',
    );
    const lineArb = fc.tuple(typeArb, fc.uniqueArray(fieldArb, { maxLength: 6 })).map(([t, fs]) => [t, ...fs].join(' '));
    let oks = 0;
    fc.assert(
      fc.property(lineArb, fc.boolean(), (body, framed) => {
        const r = decodeLine(framed ? frameLine(body) : body);
        if (r.ok) oks++;
        checkOk(r);
      }),
      { numRuns: 5000 },
    );
    expect(oks).toBeGreaterThan(0);
  });

  it('every valid message round-trips through encodeLine and decodeLine', () => {
    const nameArb = fc.stringMatching(/^[A-Za-z0-9_.-]{1,32}$/);
    const seqArb = fc.integer({ min: 0, max: SEQ_MAX });
    const tagArb = fc.uint8Array({ minLength: 4, maxLength: 12 }).map((b) => [...b].map((x) => x.toString(16).toUpperCase().padStart(2, '0')).join(''));
    const msgArb: fc.Arbitrary<Message> = fc.oneof(
      fc.record({
        type: fc.constant('HELLO' as const),
        reader: nameArb,
        firmware: fc.stringMatching(/^[A-Za-z0-9_.+-]{1,32}$/),
        protocol: fc.integer({ min: 0, max: 65535 }),
        zones: fc.uniqueArray(nameArb, { minLength: 1, maxLength: 5 }),
      }),
      fc.record({ type: fc.constant('SNAP' as const), seq: seqArb, zone: nameArb, tags: fc.uniqueArray(tagArb, { maxLength: 20 }) }),
      fc.record({ type: fc.constantFrom('ADD' as const, 'DEL' as const), seq: seqArb, zone: nameArb, tag: tagArb }),
      fc.record({ type: fc.constant('HB' as const), seq: seqArb, uptimeMs: fc.maxSafeNat() }),
      fc.constant({ type: 'CMD' as const, command: 'snap' as const }),
      fc.record({ type: fc.constant('CMD' as const), command: fc.constant('snap' as const), zone: nameArb }),
    );
    fc.assert(
      fc.property(msgArb, (m) => {
        const line = encodeLine(m);
        expect(decodeLine(line)).toEqual({ ok: true, message: m, line });
      }),
      { numRuns: 1000 },
    );
  });

  it('LineSplitter gives the same results however a random stream is cut', () => {
    const lineArb = fc.oneof(
      fc.constantFrom(...lines()),
      fc.string({ maxLength: 40 }).filter((s) => !s.includes('\n')),
    );
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 6 }), (ls, cuts) => {
        const text = ls.map((l) => `${l}\n`).join('');
        const whole = new LineSplitter().push(text);
        const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        const s = new LineSplitter();
        const parts: DecodeResult[] = [];
        let prev = 0;
        for (const p of [...points, text.length]) {
          parts.push(...s.push(text.slice(prev, p)));
          prev = p;
        }
        expect(parts).toEqual(whole);
      }),
      { numRuns: 500 },
    );
    function lines(): string[] {
      return v0.messages.map((v) => v.line);
    }
  });
});
