/**
 * The reference reader firmware's core (firmware/core/) on the host: firmware/build.sh host compiles
 * it with `cc -std=c99 -Wall -Wextra -Werror -pedantic`, the self-test (firmware/test/selftest_core.c)
 * drives it through a scripted scan history on a simulated front end, and every line it made is
 * decoded here with the TypeScript codec (decodeLine, {protocol: 1}) and checked exactly: debounce
 * (present after N = 2 scans, gone after M = 3 misses), one sequence counter, replay byte for byte,
 * HB, SNAP on command, ERR for commands it cannot carry out, BLE pieces (PROTOCOL.md §1.1).
 * Skipped, with a message, only when no C compiler is installed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeLine } from '../firmware-protocol/codec.js';
import { BleReassembler } from '../firmware-protocol/ble.js';
import { START_OF_FRAME, type Message } from '../firmware-protocol/messages.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const hasCc = spawnSync('cc', ['--version'], { encoding: 'utf8' }).status === 0;
if (!hasCc) console.warn('test/firmware.test.ts: SKIPPED, no C compiler: `cc --version` failed. Install gcc or clang to check firmware/.');

/** The replay ring's size in bytes, as the C header sets it (MJ_REPLAY_BYTES). */
const REPLAY_BYTES = Number(/#define MJ_REPLAY_BYTES (\d+)/.exec(readFileSync(path.join(root, 'firmware-protocol/c/mj_proto.h'), 'utf8'))![1]);

/** The self-test's output: the lines of each step (by the start of its "# " title). */
interface Run {
  /** each step's lines, without the start of frame (0x02) that begins each serial line */
  steps: { title: string; lines: string[] }[];
  /** the lines, of any step, that did not begin with the start of frame */
  withoutSof: string[];
  last: string;
}

function decode(line: string): Message {
  const r = decodeLine(line, { protocol: 1 });
  if (!r.ok) throw new Error(`firmware line does not decode: ${line} (${r.reason}${r.field ? ` ${r.field}` : ''})`);
  return r.message;
}

describe.skipIf(!hasCc)('reader firmware core (firmware/core) on the host', () => {
  let dir = '';
  let run: Run;
  let status: number | null = null;
  const step = (start: string) => {
    const s = run.steps.find((x) => x.title.startsWith(start));
    if (!s) throw new Error(`no self-test step "${start}"`);
    return s.lines;
  };
  const messages = (start: string) => step(start).map(decode);

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'mj-fw-'));
    const b = spawnSync('sh', [path.join(root, 'firmware/build.sh'), 'host', dir], { encoding: 'utf8' });
    if (b.status !== 0) throw new Error(`firmware/build.sh host failed:\n${b.stdout}${b.stderr}`);
    const r = spawnSync(path.join(dir, 'selftest'), [], { encoding: 'utf8' });
    status = r.status;
    const out = r.stdout.split('\n').slice(0, -1);
    run = { steps: [], withoutSof: [], last: out.at(-1) ?? '' };
    for (const l of out) {
      if (l.startsWith('# ')) run.steps.push({ title: l.slice(2), lines: [] });
      else if (l.startsWith(START_OF_FRAME)) run.steps.at(-1)!.lines.push(l.slice(1));
      else {
        run.withoutSof.push(l);
        run.steps.at(-1)!.lines.push(l);
      }
    }
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('passes its own checks and exits 0', () => {
    expect(run.steps.filter((s) => s.title.startsWith('FAIL'))).toEqual([]);
    expect(run.last).toBe('# selftest: 39 passed, 0 failed');
    expect(status).toBe(0);
  });

  it('over serial every line starts with the start of frame 0x02, and HELLO announces sof=1 (PROTOCOL.md §2) and the on-board debounce, N=2 scans of 100 ms (§5.1); BLE pieces do not', () => {
    // the only lines without it are the BLE steps' "P <hex>" pieces
    expect(run.withoutSof.filter((l) => !l.startsWith('P '))).toEqual([]);
    expect(step('boot')[0]).toBe('HELLO rdr=RK-T1 fw=1.0.0+selftest proto=1 zones=in,top deb=2 scan=100 sof=1*5CDB');
    expect(decode(step('boot')[0]!)).toEqual({ type: 'HELLO', reader: 'RK-T1', firmware: '1.0.0+selftest', protocol: 1, zones: ['in', 'top'], debounce: { scans: 2, scanMs: 100 }, sof: true });
  });

  it('every serial line decodes with the TypeScript codec (strict v1)', () => {
    const lines = run.steps.filter((s) => !s.title.startsWith('ble') && !s.title.startsWith('selftest')).flatMap((s) => s.lines);
    // boot 3, add 1, del 1, neighbour 2, collision 1, snap 5, replay 9, bad commands 4, scan 1, fault 2, overflow 39
    expect(lines.length).toBe(68);
    expect(lines.filter((l) => !decodeLine(l, { protocol: 1 }).ok)).toEqual([]);
  });

  it('boots with HELLO and a SNAP per zone holding what lay on the antennas', () => {
    expect(messages('boot')).toEqual([
      { type: 'HELLO', reader: 'RK-T1', firmware: '1.0.0+selftest', protocol: 1, zones: ['in', 'top'], debounce: { scans: 2, scanMs: 100 }, sof: true },
      { type: 'SNAP', seq: 0, zone: 'in', tags: ['E004015012345678'], rssi: [-48] },
      { type: 'SNAP', seq: 1, zone: 'top', tags: [], rssi: [] },
    ]);
  });

  it('debounces: ADD at the 2nd scan that reads a tag, no DEL for 2 misses, DEL at the 3rd', () => {
    // scans at 100 and 200 ms read B: present after N = 2
    expect(messages('add')).toEqual([{ type: 'ADD', seq: 2, zone: 'in', tag: 'E004015012345679', rssi: -52 }]);
    expect(step('flicker')).toEqual([]);
    // A gone at 600, 700, 800 ms: M = 3 misses
    expect(messages('del')).toEqual([{ type: 'DEL', seq: 3, zone: 'in', tag: 'E004015012345678' }]);
  });

  it("a neighbour antenna's weak read (-78 dBm, zone in) does not add the tile; its own antenna (top) does; HB at 1000 ms", () => {
    expect(messages('neighbour')).toEqual([
      { type: 'ADD', seq: 4, zone: 'top', tag: '04A1B2C3D4E5F6', rssi: -45 },
      { type: 'HB', seq: 5, uptimeMs: 1000 },
    ]);
  });

  it('a collision is one ERR code=6 and holds the zone; a silent antenna is one ERR code=5 and holds its zone', () => {
    expect(messages('collision')).toEqual([{ type: 'ERR', seq: 6, code: 6, zone: 'in', text: 'collision' }]);
    expect(messages('fault')).toEqual([
      { type: 'ERR', seq: 16, code: 5, zone: 'top', text: 'antenna-2-no-answer' },
      { type: 'HB', seq: 17, uptimeMs: 2000 },
    ]);
  });

  it('answers CMD snap with HELLO and every zone, CMD snap zone=top with HELLO and that zone', () => {
    const hello = { type: 'HELLO', reader: 'RK-T1', firmware: '1.0.0+selftest', protocol: 1, zones: ['in', 'top'], debounce: { scans: 2, scanMs: 100 }, sof: true };
    expect(messages('snap')).toEqual([
      hello,
      { type: 'SNAP', seq: 7, zone: 'in', tags: ['E004015012345679'], rssi: [-52] },
      { type: 'SNAP', seq: 8, zone: 'top', tags: ['04A1B2C3D4E5F6'], rssi: [-45] },
      hello,
      { type: 'SNAP', seq: 9, zone: 'top', tags: ['04A1B2C3D4E5F6'], rssi: [-45] },
    ]);
  });

  it('replays lines 2..9 byte for byte as first sent; nothing for the next seq; ERR code=4 for one not sent yet', () => {
    const firstSent = new Map<number, string>();
    for (const s of run.steps.slice(
      0,
      run.steps.findIndex((x) => x.title.startsWith('replay')),
    ))
      for (const l of s.lines) {
        const m = decode(l);
        if (m.type !== 'HELLO' && m.type !== 'CMD') firstSent.set(m.seq, l);
      }
    const replay = step('replay');
    expect(replay.slice(0, 8)).toEqual([2, 3, 4, 5, 6, 7, 8, 9].map((s) => firstSent.get(s)));
    expect(replay.slice(8).map(decode)).toEqual([{ type: 'ERR', seq: 10, code: 4, text: 'not-sent-yet-next-is-10' }]);
  });

  it('answers an unknown command ERR 1, a bad or too short scan period ERR 2, an unknown zone ERR 3; ignores a bad CRC', () => {
    expect(messages('bad commands')).toEqual([
      { type: 'ERR', seq: 11, code: 1, text: 'bad-command' },
      { type: 'ERR', seq: 12, code: 2, text: 'bad-ms' },
      { type: 'ERR', seq: 13, code: 2, text: 'scan-min-40' },
      { type: 'ERR', seq: 14, code: 3, text: 'no-zone-floor' },
    ]);
  });

  it('CMD scan ms=50 takes effect: a tile placed at 1400 ms is added at 1500 ms (2 scans of 50 ms)', () => {
    expect(messages('blink and scan')).toEqual([{ type: 'ADD', seq: 15, zone: 'in', tag: 'E0040150AABBCCDD', rssi: -50 }]);
  });

  it('numbers every sequenced line 0, 1, 2, ... with one counter (replays aside)', () => {
    const seqs = run.steps
      .filter((s) => !s.title.startsWith('replay') && !s.title.startsWith('ble'))
      .flatMap((s) => s.lines.map(decode))
      .flatMap((m) => (m.type === 'HELLO' || m.type === 'CMD' ? [] : [m.seq]));
    // 0..9, then the replay step took 10, then 11..56 (the overflow step ends with ERR 56)
    expect(seqs).toEqual([...Array.from({ length: 10 }, (_, i) => i), ...Array.from({ length: 46 }, (_, i) => i + 11)]);
  });

  it('after the ring overflowed, a replay of line 2 is ERR code=4 naming the oldest line held', () => {
    const sent: { seq: number; line: string }[] = [];
    for (const s of run.steps.slice(0, run.steps.findIndex((x) => x.title.startsWith('overflow')) + 1))
      for (const l of s.lines) {
        const m = decode(l);
        if (m.type !== 'HELLO' && m.type !== 'CMD' && !sent.some((x) => x.seq === m.seq)) sent.push({ seq: m.seq, line: `${l}\n` });
      }
    sent.pop(); // the ERR that answers the replay was sent after it
    // the ring keeps the newest whole lines that fit in MJ_REPLAY_BYTES (1024) bytes
    let bytes = 0;
    let oldest = sent.length;
    while (oldest > 0 && bytes + sent[oldest - 1]!.line.length <= REPLAY_BYTES) bytes += sent[--oldest]!.line.length;
    expect(oldest).toBe(16);
    const overflow = step('overflow').map(decode);
    expect(overflow.at(-1)).toEqual({ type: 'ERR', seq: 56, code: 4, text: `oldest-held-is-${sent[oldest]!.seq}` });
    expect(overflow.slice(0, -1)).toEqual(Array.from({ length: 38 }, (_, i) => ({ type: 'HB', seq: 18 + i, uptimeMs: 3000 + 1000 * i })));
  });

  it('over BLE (mtu 20) its pieces rebuild, by ble.ts, into HELLO, the SNAP, and the SNAP replayed byte for byte', () => {
    const rx = new BleReassembler();
    const lines = step('ble').flatMap((p) => {
      const o = rx.push(new Uint8Array((p.slice(2).match(/../g) ?? []).map((h) => parseInt(h, 16))));
      expect(o.rejected).toEqual([]);
      return o.lines;
    });
    const snap = 'SNAP seq=0 zone=in tags=E0040150AABBCCDD rssi=-50';
    expect(lines.map(decode)).toEqual([
      { type: 'HELLO', reader: 'RK-B1', firmware: '1.0.0', protocol: 1, zones: ['in'], debounce: { scans: 2, scanMs: 100 } },
      { type: 'SNAP', seq: 0, zone: 'in', tags: ['E0040150AABBCCDD'], rssi: [-50] },
      { type: 'SNAP', seq: 0, zone: 'in', tags: ['E0040150AABBCCDD'], rssi: [-50] },
    ]);
    expect(lines[2]).toBe(lines[1]);
    expect(lines[1]!.startsWith(`${snap}*`)).toBe(true);
    // HELLO (59 bytes with `deb=2 scan=100`) takes 4 pieces of 19 bytes (19 + 19 + 19 + 2), the SNAP (52 bytes)
    // 3; counters 0, 1, then 2 for the replay
    expect(step('ble').map((p) => p.slice(2, 4))).toEqual(['40', '90', 'A0', 'F0', '41', '91', 'E1', '42', '92', 'E2']);
  });
});

describe.skipIf(!hasCc)('front-end drivers (firmware/drivers) against register-level fakes', () => {
  let out: string[] = [];
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'mj-fwd-'));
    const b = spawnSync('sh', [path.join(root, 'firmware/build.sh'), 'host', dir], { encoding: 'utf8' });
    if (b.status !== 0) throw new Error(`firmware/build.sh host failed:\n${b.stdout}${b.stderr}`);
    const r = spawnSync(path.join(dir, 'drivers'), [], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`drivers test exited ${r.status}: ${r.stderr}`);
    out = r.stdout.split('\n');
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const results = () => out.filter((l) => /^(pn5180|mfrc522) .*: n=/.test(l));
  /** The frames logged for one case, up to the next case. */
  const frames = (name: string) => {
    const i = out.indexOf(`frames ${name}`);
    if (i < 0) throw new Error(`no frames for ${name}`);
    const end = out.findIndex((l, k) => k > i && /: n=/.test(l));
    return out.slice(i + 1, end < 0 ? undefined : end).filter((l) => l !== '');
  };

  it('reads every tag, reports collisions it cannot resolve and a missing chip, with no protocol error', () => {
    expect(results()).toEqual([
      'pn5180 one tag: n=1 coll=0 fault=0 errors=0 uids=E004015012345678',
      // slot 8 (air byte 78, 88, A8 low nibble 8) collides; the masked round (mask 8) puts them in slots 7, 8, A
      'pn5180 five tags, three in one slot: n=5 coll=0 fault=0 errors=0 uids=E004015012345601,E004015012345602,E004015012345678,E004015012345688,E0040150123456A8',
      // 78 / 78 share 8 bits: slot 8, then slot 7 of the masked round again: one collision left
      'pn5180 two tags alike in 8 bits: n=1 coll=1 fault=0 errors=0 uids=E004015012345601',
      'pn5180 empty field: n=0 coll=0 fault=0 errors=0 uids=',
      'pn5180 no chip: n=0 coll=0 fault=1 errors=0 uids=',
      'mfrc522 4-byte UID: n=1 coll=0 fault=0 errors=0 uids=1A2B3C4D',
      'mfrc522 7-byte UID: n=1 coll=0 fault=0 errors=0 uids=04A1B2C3D4E5F6',
      // the 1-branch first: F7 (bit 24 = 1), halted, then F6
      'mfrc522 two 7-byte tags stacked: n=2 coll=0 fault=0 errors=0 uids=04A1B2C3D4E5F7,04A1B2C3D4E5F6',
      'mfrc522 4-byte and 7-byte: n=2 coll=0 fault=0 errors=0 uids=1A2B3C4D,04A1B2C3D4E5F6',
      'mfrc522 empty slot: n=0 coll=0 fault=0 errors=0 uids=',
      'mfrc522 no chip: n=0 coll=0 fault=1 errors=0 uids=',
    ]);
  });

  it('PN5180: the ISO 15693 inventory opens with the frames of AN12650 and reverses the UID read least significant byte first', () => {
    const f = frames('pn5180 one tag');
    expect(f.slice(0, 6)).toEqual([
      '> 11 0D 8D', // LOAD_RF_CONFIG ISO 15693
      '> 16 00', // RF_ON
      '> 02 00 F8 FF FF FF', // SYSTEM_CONFIG &= ~7: idle
      '> 01 00 03 00 00 00', // SYSTEM_CONFIG |= 3: transceive
      '> 00 03 FF FF 0F 00', // IRQ_CLEAR all
      '> 09 00 06 01 00', // SEND_DATA: flags 06 (high rate, inventory, 16 slots), INVENTORY, mask length 0
    ]);
    // 15 EOF-only slot markers: TX_CONFIG &= FFFFFB3F then an empty SEND_DATA
    expect(f.filter((l) => l === '> 02 18 3F FB FF FF').length).toBe(15);
    expect(f.filter((l) => l === '> 09 00').length).toBe(15);
    expect(f).toContain('< 00 00 78 56 34 12 50 01 04 E0'); // flags, DSFID, UID on the air: E0 last
    expect(f.at(-1)).toBe('> 17 00'); // RF_OFF
  });

  it('MFRC522: REQA, ANTICOLLISION, SELECT with CRC_A per cascade level, HLTA; a stack resolved bit by bit', () => {
    expect(frames('mfrc522 4-byte UID')).toEqual(['tx 26 /7', 'tx 93 20 /0', 'tx 93 70 1A 2B 3C 4D 40 25 F9 /0', 'tx 50 00 57 CD /0', 'tx 26 /7']);
    // BCC 88^04^A1^B2 = 9F; C3^D4^E5^F6 = 04
    expect(frames('mfrc522 7-byte UID')).toEqual([
      'tx 26 /7',
      'tx 93 20 /0',
      'tx 93 70 88 04 A1 B2 9F AE 4B /0',
      'tx 95 20 /0',
      'tx 95 70 C3 D4 E5 F6 04 9E 03 /0',
      'tx 50 00 57 CD /0',
      'tx 26 /7',
    ]);
    // the stack collides at bit 25 of CL2: NVB 51 (5 bytes, 1 bit) sends C3 D4 E5 and the bit set to 1
    const stack = frames('mfrc522 two 7-byte tags stacked');
    expect(stack.slice(3, 6)).toEqual(['tx 95 20 /0', 'tx 95 51 C3 D4 E5 01 /1', 'tx 95 70 C3 D4 E5 F7 05 CF 0B /0']);
    expect(stack.length).toBe(14);
  });
});
