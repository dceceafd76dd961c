import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeLine, encodeLine, frameLine, LineSplitter, tagKind } from './codec.js';
import { RawLineSplitter } from './lines.js';
import { crc16Hex } from './crc16.js';
import { BleFragmenter, BleReassembler, fragmentLine } from './ble.js';
import type { DecodeResult, Message } from './messages.js';
import { buildVectorsV1, type Outcome, type VectorFileV1 } from './vectors/build-v1.js';
import v0json from './vectors/v0.json' with { type: 'json' };
import v1json from './vectors/v1.json' with { type: 'json' };
import type { VectorFile } from './vectors/build.js';

const v1 = v1json as unknown as VectorFileV1;
const v0 = v0json as unknown as VectorFile;

const hex = (b: Uint8Array): string => [...b].map((x) => x.toString(16).toUpperCase().padStart(2, '0')).join('');
const unhex = (s: string): Uint8Array => new Uint8Array((s.match(/../g) ?? []).map((h) => parseInt(h, 16)));
const outcome = (r: DecodeResult): Outcome => (r.ok ? { message: r.message } : { reason: r.reason });

describe('vectors/v1.json', () => {
  it('is what vectors/build-v1.ts generates (regenerate with vectors/print-v1.ts)', () => {
    expect(v1).toEqual(JSON.parse(JSON.stringify(buildVectorsV1())));
  });
  it('has a good line of every v1 message kind and command', () => {
    const kinds = new Set(v1.messages.map((v) => (v.message.type === 'CMD' ? `CMD ${v.message.command}` : v.message.type)));
    expect([...kinds].sort()).toEqual(['ADD', 'CMD blink', 'CMD replay', 'CMD scan', 'CMD snap', 'DEL', 'ERR', 'HB', 'HELLO', 'SNAP']);
  });
  for (const v of v1.messages) {
    it(`good ${v.name}: decodes (strict v1 and default) and encodes back to the exact line`, () => {
      expect(decodeLine(v.line, { protocol: 1 })).toEqual({ ok: true, message: v.message, line: v.line });
      expect(decodeLine(v.line)).toEqual({ ok: true, message: v.message, line: v.line });
      expect(encodeLine(v.message)).toBe(v.line);
    });
  }
  for (const v of v1.tolerated) {
    it(`tolerated ${v.name}: decodes to its message`, () => {
      const r = decodeLine(v.line, { protocol: 1 });
      expect(r.ok && r.message).toEqual(v.message);
    });
  }
  for (const v of v1.bad) {
    it(`bad ${v.name}: discarded as ${v.reason}${v.field ? ` naming ${v.field}` : ''}`, () => {
      const r = decodeLine(v.line, { protocol: 1 });
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.reason).toBe(v.reason);
      expect(r.field ?? null).toBe(v.field);
      expect(r.detail).toContain(v.detailIncludes);
    });
  }
  for (const v of v1.versions) {
    it(`versions ${v.name}: v0 / default / strict v1`, () => {
      expect(outcome(decodeLine(v.line, { protocol: 0 }))).toEqual(v.v0);
      expect(outcome(decodeLine(v.line))).toEqual(v.any);
      expect(outcome(decodeLine(v.line, { protocol: 1 }))).toEqual(v.v1);
    });
  }
  for (const v of v1.bleFragments) {
    it(`ble fragment ${v.name}: ${v.pieces.length} pieces`, () => {
      expect(fragmentLine(v.line, v.mtu, v.counter).map(hex)).toEqual(v.pieces);
    });
  }
  for (const v of v1.bleStreams) {
    it(`ble stream ${v.name}`, () => {
      const r = new BleReassembler();
      const got = v.pieces.map((p) => {
        const out = r.push(unhex(p));
        return { lines: out.lines, rejected: out.rejected.map((x) => x.reason) };
      });
      expect(got).toEqual(v.expect);
    });
  }
});

describe('vectors/v1.json frames (start of frame, PROTOCOL.md §2)', () => {
  for (const v of v1.frames) {
    it(`frame stream ${v.name}: the same items whole, byte by byte, as text or bytes`, () => {
      expect(new RawLineSplitter().push(v.stream)).toEqual(v.items);
      const s = new RawLineSplitter();
      const bytes = Uint8Array.from([...v.stream].map((c) => c.charCodeAt(0)));
      expect([...bytes].flatMap((b) => s.push(Uint8Array.of(b)))).toEqual(v.items);
    });
  }
  it('a cut frame is discarded as truncated, with its head and its length', () => {
    const v = v1.frames.find((f) => f.name === 'cut-frame-then-good')!;
    const [cut, good] = new LineSplitter().push(v.stream);
    expect(cut).toEqual({ ok: false, reason: 'truncated', detail: 'frame cut off after 14 bytes by a start of frame (0x02) before its newline', line: 'HB seq=14 up=1' });
    expect(good).toMatchObject({ ok: true, message: { type: 'ADD', seq: 13, zone: 'in', tag: '04A1B2C3D4E5F6' } });
  });
  it('a HELLO with sof=1 decodes with sof: true (the reader frames every line with 0x02), and encodes back byte for byte', () => {
    const v = v1.frames.find((f) => f.name === 'sof-at-start')!;
    const hello = v.items[0]!;
    const r = hello.kind === 'line' ? decodeLine(hello.text, { protocol: 1 }) : null;
    expect(r).toEqual({
      ok: true,
      message: { type: 'HELLO', reader: 'RK-E1', firmware: '0.2.0', protocol: 1, zones: ['in', 'top'], sof: true },
      line: 'HELLO rdr=RK-E1 fw=0.2.0 proto=1 zones=in,top sof=1*5EBD',
    });
    expect(r?.ok && encodeLine(r.message)).toBe('HELLO rdr=RK-E1 fw=0.2.0 proto=1 zones=in,top sof=1*5EBD');
  });
  it('sof=0 decodes as sof: false; no sof field leaves it out; sof=2 is malformed, naming the field', () => {
    const hello = (tail: string) => frameLine(`HELLO rdr=RK-E1 fw=0.2.0 proto=1 zones=in,top${tail}`);
    expect(decodeLine(hello(' sof=0'))).toMatchObject({ ok: true, message: { sof: false } });
    const none = decodeLine(hello(''));
    expect(none.ok && 'sof' in none.message).toBe(false);
    expect(decodeLine(hello(' sof=2'))).toMatchObject({ ok: false, reason: 'malformed', detail: 'HELLO sof: "2" is not 0 or 1' });
  });
});

describe('version 0 compatibility', () => {
  it('every v0 vector decodes exactly as before with no options and with {protocol: 0}', () => {
    for (const v of [...v0.messages, ...v0.tolerated]) {
      expect(decodeLine(v.line)).toMatchObject({ ok: true, message: v.message });
      expect(decodeLine(v.line, { protocol: 0 })).toStrictEqual(decodeLine(v.line));
    }
    for (const v of v0.bad) {
      expect([decodeLine(v.line).ok, decodeLine(v.line, { protocol: 0 }).ok]).toEqual([false, false]);
      const r = decodeLine(v.line);
      if (!r.ok) expect(r.reason).toBe(v.reason);
    }
  });
  it('v0 good lines decode under strict v1 too (their tags are of the v1 kinds)', () => {
    for (const v of v0.messages) expect(decodeLine(v.line, { protocol: 1 }).ok).toBe(true);
  });
});

describe('tagKind', () => {
  it('names every v1 kind and rejects the rest', () => {
    expect(tagKind('08A1B2C3')).toBe('iso14443-4');
    expect(tagKind('04a1b2c3d4e5f6')).toBe('iso14443-7');
    expect(tagKind('04A1B2C3D4E5F6A7B8C9')).toBe('iso14443-10');
    expect(tagKind('E004015012345678')).toBe('iso15693');
    expect(tagKind('3034257BF7194E4000001A85')).toBe('epc96');
    expect(tagKind('78563412500104E0')).toBeNull(); // 15693 sent LSB first
    expect(tagKind('8804A1B2')).toBeNull(); // cascade tag left in
    expect(tagKind('0102030405')).toBeNull();
    expect(tagKind(42)).toBeNull();
  });
});

describe('v1 encoder', () => {
  it('writes rssi only when given, and ERR fields in order seq code zone text', () => {
    expect(encodeLine({ type: 'ADD', seq: 14, zone: 'in', tag: '04a1b2c3d4e5f6', rssi: -52 })).toBe(
      `ADD seq=14 zone=in tag=04A1B2C3D4E5F6 rssi=-52*${crc16Hex('ADD seq=14 zone=in tag=04A1B2C3D4E5F6 rssi=-52')}`,
    );
    expect(encodeLine({ type: 'ERR', seq: 8, code: 5, zone: 'top', text: 'x' })).toMatch(/^ERR seq=8 code=5 zone=top text=x\*[0-9A-F]{4}$/);
  });
  it('throws a RangeError naming the field of a bad v1 message', () => {
    expect(() => encodeLine({ type: 'ADD', seq: 1, zone: 'in', tag: '04A1B2C3', rssi: 3 })).toThrow(/ADD rssi/);
    expect(() => encodeLine({ type: 'SNAP', seq: 1, zone: 'in', tags: ['04A1B2C3'], rssi: [] })).toThrow(/SNAP rssi/);
    expect(() => encodeLine({ type: 'ERR', seq: 1, code: 0 })).toThrow(/ERR code/);
    expect(() => encodeLine({ type: 'ERR', seq: 1, code: 4, text: 'two words' })).toThrow(/ERR text/);
    expect(() => encodeLine({ type: 'CMD', command: 'blink', ms: 60001 })).toThrow(/CMD ms/);
    expect(() => encodeLine({ type: 'CMD', command: 'scan', ms: 5 })).toThrow(/CMD ms/);
    expect(() => encodeLine({ type: 'CMD', command: 'replay', from: -1 })).toThrow(/CMD from/);
  });
});

describe('BLE', () => {
  it('a 71-byte SNAP line becomes 4 pieces of at most 20 bytes and comes back whole', () => {
    const line = encodeLine({ type: 'SNAP', seq: 4, zone: 'in', tags: ['04A1B2C3D4E5F6', '04A1B2C3D4E5F7'], rssi: [-52, -61] });
    const pieces = fragmentLine(line);
    expect(pieces.map((p) => p.length)).toEqual([20, 20, 20, 15]);
    const r = new BleReassembler();
    const lines = pieces.flatMap((p) => r.push(p).lines);
    expect(lines).toEqual([line]);
    expect(decodeLine(lines[0]!, { protocol: 1 }).ok).toBe(true);
  });
  it('BleFragmenter counts lines modulo 16', () => {
    const f = new BleFragmenter();
    const headers = Array.from({ length: 17 }, () => f.fragment('CMD snap*4337')[0]![0]);
    expect(headers).toEqual([...Array.from({ length: 16 }, (_, i) => i), 0]);
  });
  it('fragmentLine throws on bad input', () => {
    expect(() => fragmentLine('')).toThrow(/empty/);
    expect(() => fragmentLine('HB\u0001')).toThrow(/column 3/);
    expect(() => fragmentLine('CMD snap*4337', 1)).toThrow(/mtu/);
    expect(() => fragmentLine('CMD snap*4337', 20, 16)).toThrow(/counter/);
  });
  it('reset() drops a partial line', () => {
    const r = new BleReassembler();
    const [first, last] = fragmentLine('HB seq=18 up=123456*0000');
    r.push(first!);
    expect(r.pendingLength).toBe(19);
    r.reset();
    expect(r.push(last!).rejected.map((x) => x.reason)).toEqual(['orphan']);
  });
});

describe('properties (fast-check)', () => {
  const anyLine = fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 200 }).map((b) => String.fromCharCode(...b)),
    fc
      .array(fc.constantFrom('ERR', 'CMD', 'SNAP', 'ADD', ' ', 'seq=1', 'code=4', 'rssi=-5', ',', 'tag=', 'E004015012345678', 'replay', 'from=', '*', '='), { maxLength: 12 })
      .map((p) => p.join(''))
      .map((body) => (body.length % 2 ? `${body}*${crc16Hex(body)}` : body)),
  );
  it('decodeLine never throws on random bytes in any mode, and every ok result carries its right CRC', () => {
    fc.assert(
      fc.property(anyLine, fc.constantFrom(undefined, 0 as const, 1 as const), (line, protocol) => {
        const r = decodeLine(line, protocol === undefined ? undefined : { protocol });
        if (r.ok) {
          const l = r.line.replace(/\r?\n?$/, '');
          const star = l.lastIndexOf('*');
          expect(l.slice(star + 1).toUpperCase()).toBe(crc16Hex(l.slice(0, star)));
          expect(decodeLine(encodeLine(r.message), protocol === undefined ? undefined : { protocol })).toMatchObject({ ok: true, message: r.message });
        }
      }),
      { numRuns: 3000 },
    );
  });
  it('the BLE reassembler never throws on random piece streams, and every line it yields that decodes has its right CRC', () => {
    const good = ['CMD snap*4337', encodeLine({ type: 'HB', seq: 18, uptimeMs: 123456 }), encodeLine({ type: 'ERR', seq: 9, code: 7, text: 'a-long-text-to-need-several-pieces' })];
    const realPieces = good.flatMap((l, i) => fragmentLine(l, 20, i));
    const pieceArb = fc.oneof(
      fc.uint8Array({ maxLength: 24 }),
      fc.constantFrom(...realPieces),
      fc.constantFrom(...realPieces).map((p) => {
        const q = p.slice();
        q[q.length - 1] = (q[q.length - 1] ?? 0) ^ 1; // one flipped bit in the payload
        return q;
      }),
    );
    fc.assert(
      fc.property(fc.array(pieceArb, { maxLength: 40 }), (pieces) => {
        const r = new BleReassembler();
        for (const p of pieces) {
          const out = r.push(p);
          expect(out.lines.length + out.rejected.length).toBeGreaterThanOrEqual(0);
          expect(out.lines.length).toBeLessThanOrEqual(1);
          for (const line of out.lines) {
            const d = decodeLine(line, { protocol: 1 });
            if (d.ok) {
              const star = line.lastIndexOf('*');
              expect(line.slice(star + 1).toUpperCase()).toBe(crc16Hex(line.slice(0, star)));
            }
          }
        }
      }),
      { numRuns: 2000 },
    );
  });
  it('any piece stream made of whole fragmented lines gives back exactly those lines, in order', () => {
    const lineArb = fc.array(fc.integer({ min: 0x20, max: 0x7e }), { minLength: 1, maxLength: 120 }).map((b) => String.fromCharCode(...b));
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 10 }), fc.integer({ min: 2, max: 64 }), (lines, mtu) => {
        const f = new BleFragmenter(mtu);
        const r = new BleReassembler();
        const out: string[] = [];
        for (const l of lines)
          for (const p of f.fragment(l)) {
            const x = r.push(p);
            expect(x.rejected).toEqual([]);
            out.push(...x.lines);
          }
        expect(out).toEqual(lines.map((l) => l.replace(/\r?\n$/, '')));
      }),
      { numRuns: 500 },
    );
  });
  it('every random valid v1 message round-trips (strict v1)', () => {
    const tag = fc
      .oneof(
        fc.uint8Array({ minLength: 4, maxLength: 4 }).filter((b) => b[0] !== 0x88),
        fc.uint8Array({ minLength: 7, maxLength: 7 }).filter((b) => b[0] !== 0x88),
        fc.uint8Array({ minLength: 10, maxLength: 10 }).filter((b) => b[0] !== 0x88),
        fc.uint8Array({ minLength: 7, maxLength: 7 }).map((b) => new Uint8Array([0xe0, ...b])),
        fc.uint8Array({ minLength: 12, maxLength: 12 }),
      )
      .map(hex);
    const seq = fc.integer({ min: 0, max: 2147483647 });
    const zone = fc.constantFrom('in', 'top', 'wall.3', 'floor');
    const rssi = fc.integer({ min: -128, max: 0 });
    const msg: fc.Arbitrary<Message> = fc.oneof(
      fc.record({ type: fc.constant('ADD' as const), seq, zone, tag, rssi }),
      fc
        .uniqueArray(tag, { maxLength: 8 })
        .chain((tags) =>
          fc.record({ type: fc.constant('SNAP' as const), seq, zone, tags: fc.constant(tags), rssi: fc.array(fc.option(rssi), { minLength: tags.length, maxLength: tags.length }) }),
        ),
      fc.record({ type: fc.constant('ERR' as const), seq, code: fc.integer({ min: 1, max: 65535 }), zone, text: fc.constantFrom('x', 'PN5180:no-answer', 'a=b') }),
      fc.record({ type: fc.constant('CMD' as const), command: fc.constant('replay' as const), from: seq }),
      fc.record({ type: fc.constant('CMD' as const), command: fc.constant('scan' as const), ms: fc.integer({ min: 10, max: 60000 }) }),
    );
    fc.assert(
      fc.property(msg, (m) => {
        const r = decodeLine(encodeLine(m), { protocol: 1 });
        expect(r.ok && r.message).toEqual(m);
      }),
      { numRuns: 1000 },
    );
  });
});
