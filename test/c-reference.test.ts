/**
 * The C reference code for firmware (firmware-protocol/c/mj_proto.h) against the TypeScript codec:
 * compiles firmware-protocol/c/driver.c with the machine's C compiler (`cc`) into a temp dir, feeds it
 * every line of vectors/v0.json and vectors/v1.json plus a few thousand mutated lines, and checks byte
 * for byte that the C decoder gives the same fields or the same discard reason and field as
 * decodeLine(line, {protocol: 1}), that the C encoder writes the same lines as encodeLine, and that
 * the C BLE fragmenter / reassembler and replay ring agree with ble.ts and PROTOCOL.md §6.1.
 * Skipped, with a message, only when no C compiler is installed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeLine, encodeLine } from '../firmware-protocol/codec.js';
import { crc16Hex } from '../firmware-protocol/crc16.js';
import { BleReassembler, fragmentLine } from '../firmware-protocol/ble.js';
import { RawLineSplitter, type RawLineItem } from '../firmware-protocol/lines.js';
import type { Message } from '../firmware-protocol/messages.js';
import type { VectorFile } from '../firmware-protocol/vectors/build.js';
import type { VectorFileV1 } from '../firmware-protocol/vectors/build-v1.js';
import v0json from '../firmware-protocol/vectors/v0.json' with { type: 'json' };
import v1json from '../firmware-protocol/vectors/v1.json' with { type: 'json' };

const v0 = v0json as unknown as VectorFile;
const v1 = v1json as unknown as VectorFileV1;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cdir = path.join(root, 'firmware-protocol', 'c');

const hasCc = spawnSync('cc', ['--version'], { encoding: 'utf8' }).status === 0;
if (!hasCc) console.warn('test/c-reference.test.ts: SKIPPED, no C compiler: `cc --version` failed. Install gcc or clang to check firmware-protocol/c/.');

/** Bytes (char codes 0..255) as upper-case hex. */
const hexOf = (s: string | Uint8Array): string => (typeof s === 'string' ? [...s].map((c) => c.charCodeAt(0)) : [...s]).map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join('');
const bytesOf = (h: string): Uint8Array => new Uint8Array((h.match(/../g) ?? []).map((x) => parseInt(x, 16)));

/** The driver's dump of a decoded message (see driver.c). */
function dump(m: Message): string {
  switch (m.type) {
    case 'HELLO':
      return `HELLO|${m.reader}|${m.firmware}|${m.protocol}|${m.zones.join(',')}|${m.debounce ? `${m.debounce.scans}/${m.debounce.scanMs}` : '-'}`;
    case 'SNAP':
      return `SNAP|${m.seq}|${m.zone}|${m.tags.join(',')}|${m.rssi === undefined ? '-' : `=${m.rssi.map((r) => (r === null ? '' : r)).join(',')}`}`;
    case 'ADD':
      return `ADD|${m.seq}|${m.zone}|${m.tag}|${m.rssi ?? '-'}`;
    case 'DEL':
      return `DEL|${m.seq}|${m.zone}|${m.tag}`;
    case 'HB':
      return `HB|${m.seq}|${m.uptimeMs}`;
    case 'ERR':
      return `ERR|${m.seq}|${m.code}|${m.zone ?? ''}|${m.text ?? ''}`;
    case 'CMD':
      return m.command === 'snap' ? `CMD|snap|${m.zone ?? ''}` : m.command === 'replay' ? `CMD|replay|${m.from}` : `CMD|${m.command}|${m.ms}`;
  }
}

/** What the driver must answer to `D <hex line>`, by the TypeScript codec. */
function expectDecode(line: string): string {
  const r = decodeLine(line, { protocol: 1 });
  return r.ok ? `OK ${dump(r.message)}\t${encodeLine(r.message)}` : `BAD ${r.reason} ${r.field ?? '-'}`;
}

/** Deterministic mutated lines: good bodies with one character changed, inserted or removed, re-framed with a right CRC. */
function mutatedLines(): string[] {
  const bodies = [...v1.messages, ...v0.messages].map((v) => v.line.slice(0, v.line.lastIndexOf('*')));
  const alphabet = ' =,*-0123456789AEFaezx.:_\u0000\u00ff';
  const mutation = fc.record({
    body: fc.constantFrom(...bodies),
    at: fc.nat(),
    op: fc.constantFrom('replace', 'insert', 'delete', 'crc-wrong', 'raw'),
    ch: fc.constantFrom(...alphabet),
  });
  const soup = fc
    .array(
      fc.constantFrom(
        'ERR',
        'CMD',
        'SNAP',
        'ADD',
        'DEL',
        'HB',
        'HELLO',
        ' ',
        'seq=1',
        'code=4',
        'rssi=-5',
        'rssi=',
        ',',
        'tag=',
        'tags=',
        'zone=in',
        'E004015012345678',
        '8804A1B2',
        'snap',
        'blink',
        'scan',
        'replay',
        'from=',
        'ms=10',
        'deb=2',
        'scan=100',
        'text=a',
        '=',
      ),
      { maxLength: 12 },
    )
    .map((p) => p.join(''));
  const lines = fc.sample(mutation, { numRuns: 3000, seed: 20240601 }).map(({ body, at, op, ch }) => {
    const i = at % (body.length + 1);
    const b =
      op === 'replace' ? body.slice(0, i) + ch + body.slice(i + 1) : op === 'insert' ? body.slice(0, i) + ch + body.slice(i) : op === 'delete' ? body.slice(0, i) + body.slice(i + 1) : body;
    if (op === 'crc-wrong') return `${b}*${crc16Hex(b).split('').reverse().join('')}`;
    if (op === 'raw') return `${b.slice(0, i)}*${crc16Hex(b)}`;
    return `${b}*${crc16Hex(b)}`;
  });
  const soupLines = fc.sample(soup, { numRuns: 1000, seed: 7 }).map((b) => `${b}*${crc16Hex(b)}`);
  const bytes = fc.sample(fc.uint8Array({ maxLength: 60 }), { numRuns: 500, seed: 11 }).map((u) => String.fromCharCode(...u));
  return [...lines, ...soupLines, ...bytes];
}

describe.skipIf(!hasCc)('C reference (firmware-protocol/c/mj_proto.h) agrees with the TypeScript codec', () => {
  let dir = '';
  let driver = '';
  /** Runs the driver on the commands; returns its answer lines. */
  const run = (commands: string[]): string[] => {
    const r = spawnSync(driver, [], { input: commands.join('\n') + '\n', encoding: 'latin1', maxBuffer: 1 << 28 });
    if (r.status !== 0) throw new Error(`driver exited with ${r.status}: ${r.stderr}`);
    const out = r.stdout.split('\n');
    if (out.at(-1) === '') out.pop();
    return out;
  };

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'mj-c-'));
    driver = path.join(dir, 'driver');
    for (const [src, exe] of [
      ['driver.c', driver],
      ['selftest.c', path.join(dir, 'selftest')],
    ] as const) {
      const c = spawnSync('cc', ['-std=c99', '-Wall', '-Wextra', '-Werror', '-pedantic', '-O1', '-o', exe, path.join(cdir, src)], { encoding: 'utf8' });
      if (c.status !== 0) throw new Error(`cc ${src} failed:\n${c.stderr}`);
    }
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('the v0 self-test (selftest.c) passes', () => {
    const r = spawnSync(path.join(dir, 'selftest'), [], { encoding: 'utf8' });
    expect(r.stdout.trim()).toBe('19 passed, 0 failed');
    expect(r.status).toBe(0);
  });

  it('decodes every v1 vector line to the same fields and encodes it back to the same bytes', () => {
    const lines = [...v1.messages, ...v1.tolerated].map((v) => v.line);
    const got = run(lines.map((l) => `D ${hexOf(l)}`));
    expect(got).toEqual(lines.map(expectDecode));
    // and the canonical lines come back byte for byte from the C encoder
    for (const [i, v] of v1.messages.entries()) expect(got[i]!.split('\t')[1]).toBe(v.line);
  });

  it('discards every bad v1 line with the same reason and field', () => {
    const got = run(v1.bad.map((v) => `D ${hexOf(v.line)}`));
    expect(got).toEqual(v1.bad.map((v) => `BAD ${v.reason} ${v.field ?? '-'}`));
  });

  it('agrees on every v0 vector line and every version vector line (strict v1)', () => {
    const lines = [...v0.messages, ...v0.tolerated, ...v0.bad, ...v1.versions].map((v) => v.line);
    expect(run(lines.map((l) => `D ${hexOf(l)}`))).toEqual(lines.map(expectDecode));
  });

  it('agrees on 4500 mutated, token-soup and random-byte lines', () => {
    const lines = mutatedLines();
    const got = run(lines.map((l) => `D ${hexOf(l)}`));
    const want = lines.map(expectDecode);
    const differ = lines.map((l, i) => ({ line: l, c: got[i], ts: want[i] })).filter((x) => x.c !== x.ts);
    expect(differ.slice(0, 5)).toEqual([]);
    // the sample reaches every outcome, so the comparison means something
    const kinds = new Set(want.map((w) => (w.startsWith('OK') ? 'ok' : w.split(' ')[1])));
    expect([...kinds].sort()).toEqual(['bad-checksum', 'malformed', 'ok', 'truncated', 'unknown-type']);
  });

  it('fragments for BLE exactly as vectors/v1.json and ble.ts', () => {
    const got = run(v1.bleFragments.map((v) => `F ${v.mtu} ${v.counter} ${hexOf(v.line)}`));
    expect(got).toEqual(v1.bleFragments.map((v) => `P ${v.pieces.join(' ')}`));
    const lines = fc.sample(fc.tuple(fc.array(fc.integer({ min: 0x20, max: 0x7e }), { minLength: 1, maxLength: 300 }), fc.integer({ min: 2, max: 64 }), fc.integer({ min: 0, max: 15 })), {
      numRuns: 300,
      seed: 3,
    });
    const cmds = lines.map(([b, mtu, c]) => `F ${mtu} ${c} ${hexOf(String.fromCharCode(...b))}`);
    expect(run(cmds)).toEqual(
      lines.map(
        ([b, mtu, c]) =>
          `P ${fragmentLine(String.fromCharCode(...b), mtu, c)
            .map(hexOf)
            .join(' ')}`,
      ),
    );
  });

  it('reassembles BLE piece streams with the same lines and rejections as vectors/v1.json and ble.ts', () => {
    const tsRun = (pieces: string[]): string => {
      const r = new BleReassembler();
      return `S ${pieces
        .map((p) => {
          const o = r.push(bytesOf(p));
          return `${o.lines.length ? hexOf(o.lines[0]!) : '.'}:${o.rejected.length ? o.rejected.map((x) => x.reason).join(',') : '.'}`;
        })
        .join(' ')}`;
    };
    const fromVectors = v1.bleStreams.map(
      (v) => `S ${v.pieces.map((p, i) => `${v.expect[i]!.lines.length ? hexOf(v.expect[i]!.lines[0]!) : '.'}:${v.expect[i]!.rejected.join(',') || '.'}`).join(' ')}`,
    );
    expect(run(v1.bleStreams.map((v) => `B ${v.pieces.map((p) => p || '-').join(' ')}`))).toEqual(fromVectors);
    expect(v1.bleStreams.map((v) => tsRun(v.pieces))).toEqual(fromVectors);
    // random streams mixing real pieces of three lines with random bytes
    const real = ['CMD snap*4337', encodeLine({ type: 'HB', seq: 18, uptimeMs: 123456 }), encodeLine({ type: 'ERR', seq: 9, code: 7, text: 'a-long-text-to-need-several-pieces' })]
      .flatMap((l, i) => fragmentLine(l, 20, i))
      .map(hexOf);
    const streams = fc.sample(fc.array(fc.oneof(fc.constantFrom(...real), fc.uint8Array({ minLength: 1, maxLength: 21 }).map(hexOf)), { minLength: 1, maxLength: 30 }), { numRuns: 500, seed: 5 });
    expect(run(streams.map((s) => `B ${s.join(' ')}`))).toEqual(streams.map(tsRun));
  });

  it('the replay ring re-sends lines N..newest byte for byte, or says it cannot (PROTOCOL.md §6.1)', () => {
    const n = 10;
    const sent = Array.from({ length: n }, (_, i) => `${encodeLine({ type: 'HB', seq: i, uptimeMs: i * 1000 })}\n`);
    // a 128-byte ring holds the newest whole lines that fit: HB lines of 24-25 bytes, so seq 5..9
    let held = 0;
    for (let bytes = 0; held < n && bytes + sent[n - 1 - held]!.length <= 128; held++) bytes += sent[n - 1 - held]!.length;
    expect(held).toBe(5);
    const froms = [0, 4, 5, 7, 9, 10, 11, 2147483647];
    const want = froms.map((f) => (f === n ? '.' : f >= n - held && f < n ? hexOf(sent.slice(f).join('')) : 'X'));
    expect(run([`R ${n} ${froms.join(' ')}`])).toEqual([`R ${want.join(' ')}`]);
  });

  it('the line reader resynchronises on the start of frame as vectors/v1.json frames and lines.ts say (PROTOCOL.md §2)', () => {
    const show = (items: readonly RawLineItem[]): string =>
      `L${items.map((i) => (i.kind === 'line' ? ` l:${hexOf(i.text)}` : ` ${i.kind === 'cut' ? 'c' : 'o'}:${i.length}:${hexOf(i.head)}`)).join('')}`;
    const fromVectors = v1.frames.map((v) => show(v.items));
    expect(run(v1.frames.map((v) => `L ${hexOf(v.stream) || '-'}`))).toEqual(fromVectors);
    expect(v1.frames.map((v) => show(new RawLineSplitter().push(v.stream)))).toEqual(fromVectors);
    // random streams of good lines, cut lines, start-of-frame bytes, \r, \n and noise: C and TS agree
    const good = [encodeLine({ type: 'HB', seq: 15, uptimeMs: 123456 }), 'CMD snap*4337'];
    const piece = fc.oneof(
      fc.constantFrom(...good, '\u0002', '\n', '\r', '\r\n'),
      fc.constantFrom(...good).chain((l) => fc.nat(l.length).map((k) => l.slice(0, k))),
      fc.string({ maxLength: 6 }).map((t) => [...t].map((c) => String.fromCharCode(c.charCodeAt(0) & 0xff)).join('')),
    );
    const streams = fc.sample(
      fc.array(piece, { minLength: 1, maxLength: 20 }).map((p) => p.join('')),
      { numRuns: 500, seed: 7 },
    );
    expect(run(streams.map((st) => `L ${hexOf(st) || '-'}`))).toEqual(streams.map((st) => show(new RawLineSplitter().push(st))));
  });

  it('mj_uid_set reverses an ISO 15693 UID read least significant byte first', () => {
    expect(run(['U 78563412500104E0 1', 'U 04A1B2C3D4E5F6 0', 'U 0102030405 0'])).toEqual(['U E004015012345678', 'U 04A1B2C3D4E5F6', 'U X']);
  });
});

describe('PROTOCOL.md', () => {
  it('every example line with a checksum decodes (strict v1), so the document carries real CRCs', () => {
    const doc = readFileSync(path.join(root, 'firmware-protocol', 'PROTOCOL.md'), 'utf8');
    const lines = [...doc.matchAll(/\b(?:HELLO|SNAP|ADD|DEL|HB|CMD|ERR) [^`\n"]*?\*[0-9A-F]{4}\b/g)].map((m) => m[0]);
    expect(lines.length).toBeGreaterThan(40);
    expect(lines.filter((l) => !decodeLine(l, { protocol: 1 }).ok)).toEqual([]);
  });
});
