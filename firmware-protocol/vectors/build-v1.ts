/**
 * Builds the version 1 test vectors (vectors/v1.json) from hand-written line bodies and hand-built
 * BLE pieces: each line is `body + "*" + crc16Hex(body)`; neither the codec's encoder nor ble.ts is
 * used here, so the vectors check them (and the C reference in c/).
 * Regenerate with:  npx tsx firmware-protocol/vectors/print-v1.ts > firmware-protocol/vectors/v1.json
 * Pure: no Node imports.
 */
import { crc16Hex } from '../crc16.js';
import type { DiscardReason, Message } from '../messages.js';

/** A line that decodes (strict version 1) to `message`, and that `message` encodes to exactly. */
export interface GoodVectorV1 {
  name: string;
  message: Message;
  line: string;
}

/** A line the strict v1 decoder discards, with the reason, the field at fault (null: none) and a word of the detail. */
export interface BadVectorV1 {
  name: string;
  line: string;
  reason: DiscardReason;
  field: string | null;
  detailIncludes: string;
}

/** What each decoder mode makes of a line: the message, or the discard reason. */
export type Outcome = { message: Message } | { reason: DiscardReason };

/** One line decoded in the three modes of decodeLine: `{protocol: 0}`, no options, `{protocol: 1}`. */
export interface VersionVector {
  name: string;
  line: string;
  v0: Outcome;
  any: Outcome;
  v1: Outcome;
}

/** One line cut into BLE pieces (hex, upper case, one string per piece). */
export interface BleFragmentVector {
  name: string;
  line: string;
  mtu: number;
  counter: number;
  pieces: string[];
}

/** A stream of BLE pieces and, for each piece pushed, the lines completed and the rejection reasons. */
export interface BleStreamVector {
  name: string;
  pieces: string[];
  expect: { lines: string[]; rejected: string[] }[];
}

/**
 * A byte stream (latin1 text; 0x02 is the start of frame) and the items the line splitter must cut
 * from it, in order (lines.ts RawLineSplitter, c/mj_proto.h mj_lines_push; PROTOCOL.md §2).
 */
export interface FrameStreamVector {
  name: string;
  stream: string;
  items: ({ kind: 'line'; text: string } | { kind: 'cut' | 'overlong'; head: string; length: number })[];
}

/** The whole v1 vector file. */
export interface VectorFileV1 {
  protocol: 1;
  crc: { text: string; crc: string }[];
  messages: GoodVectorV1[];
  tolerated: GoodVectorV1[];
  bad: BadVectorV1[];
  versions: VersionVector[];
  bleFragments: BleFragmentVector[];
  bleStreams: BleStreamVector[];
  frames: FrameStreamVector[];
}

const frame = (body: string): string => `${body}*${crc16Hex(body)}`;

/** Hex of header byte + ASCII payload. */
const piece = (header: number, payload: string): string =>
  header.toString(16).toUpperCase().padStart(2, '0') + [...payload].map((c) => c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')).join('');

/** Returns the vectors (deterministic: same output every call). */
export function buildVectorsV1(): VectorFileV1 {
  const crc = ['123456789', '', 'CMD replay from=5', 'ERR seq=7 code=4 text=replay-from-2-not-held'].map((text) => ({ text, crc: crc16Hex(text) }));

  const good: [string, Message, string][] = [
    ['hello-v1', { type: 'HELLO', reader: 'RK-E1', firmware: '1.0.0', protocol: 1, zones: ['in', 'top'] }, 'HELLO rdr=RK-E1 fw=1.0.0 proto=1 zones=in,top'],
    [
      'hello-on-board-debounce',
      { type: 'HELLO', reader: 'RK-E1', firmware: '1.0.0', protocol: 1, zones: ['in', 'top'], debounce: { scans: 2, scanMs: 100 } },
      'HELLO rdr=RK-E1 fw=1.0.0 proto=1 zones=in,top deb=2 scan=100',
    ],
    [
      'hello-debounce-extremes',
      { type: 'HELLO', reader: 'WL-1', firmware: '1.0.0', protocol: 1, zones: ['wall'], debounce: { scans: 16, scanMs: 60000 } },
      'HELLO rdr=WL-1 fw=1.0.0 proto=1 zones=wall deb=16 scan=60000',
    ],
    [
      'snap-every-uid-kind',
      { type: 'SNAP', seq: 3, zone: 'in', tags: ['08A1B2C3', '04A1B2C3D4E5F6', '04A1B2C3D4E5F6A7B8C9', 'E004015012345678', '3034257BF7194E4000001A85'] },
      'SNAP seq=3 zone=in tags=08A1B2C3,04A1B2C3D4E5F6,04A1B2C3D4E5F6A7B8C9,E004015012345678,3034257BF7194E4000001A85',
    ],
    ['snap-empty-zone', { type: 'SNAP', seq: 0, zone: 'top', tags: [] }, 'SNAP seq=0 zone=top tags='],
    ['snap-rssi', { type: 'SNAP', seq: 4, zone: 'in', tags: ['04A1B2C3D4E5F6', '04A1B2C3D4E5F7'], rssi: [-52, -61] }, 'SNAP seq=4 zone=in tags=04A1B2C3D4E5F6,04A1B2C3D4E5F7 rssi=-52,-61'],
    [
      'snap-rssi-one-unknown',
      { type: 'SNAP', seq: 5, zone: 'in', tags: ['04A1B2C3D4E5F6', 'E004015012345678', '04A1B2C3D4E5F7'], rssi: [-52, null, 0] },
      'SNAP seq=5 zone=in tags=04A1B2C3D4E5F6,E004015012345678,04A1B2C3D4E5F7 rssi=-52,,0',
    ],
    ['snap-rssi-empty-zone', { type: 'SNAP', seq: 6, zone: 'top', tags: [], rssi: [] }, 'SNAP seq=6 zone=top tags= rssi='],
    ['snap-rssi-lone-unknown', { type: 'SNAP', seq: 7, zone: 'top', tags: ['08A1B2C3'], rssi: [null] }, 'SNAP seq=7 zone=top tags=08A1B2C3 rssi='],
    ['add', { type: 'ADD', seq: 13, zone: 'in', tag: '04A1B2C3D4E5F6' }, 'ADD seq=13 zone=in tag=04A1B2C3D4E5F6'],
    ['add-rssi', { type: 'ADD', seq: 14, zone: 'in', tag: '04A1B2C3D4E5F6', rssi: -52 }, 'ADD seq=14 zone=in tag=04A1B2C3D4E5F6 rssi=-52'],
    ['add-rssi-weakest', { type: 'ADD', seq: 15, zone: 'floor', tag: '3034257BF7194E4000001A85', rssi: -128 }, 'ADD seq=15 zone=floor tag=3034257BF7194E4000001A85 rssi=-128'],
    ['add-iso15693', { type: 'ADD', seq: 16, zone: 'wall.3', tag: 'E004015012345678' }, 'ADD seq=16 zone=wall.3 tag=E004015012345678'],
    ['del', { type: 'DEL', seq: 17, zone: 'in', tag: '04A1B2C3D4E5F6A7B8C9' }, 'DEL seq=17 zone=in tag=04A1B2C3D4E5F6A7B8C9'],
    ['heartbeat', { type: 'HB', seq: 18, uptimeMs: 123456 }, 'HB seq=18 up=123456'],
    ['heartbeat-largest', { type: 'HB', seq: 2147483647, uptimeMs: 9007199254740991 }, 'HB seq=2147483647 up=9007199254740991'],
    ['err-replay-unavailable', { type: 'ERR', seq: 7, code: 4, text: 'replay-from-2-not-held' }, 'ERR seq=7 code=4 text=replay-from-2-not-held'],
    ['err-rf-fault-zone', { type: 'ERR', seq: 8, code: 5, zone: 'top', text: 'PN5180:no-answer' }, 'ERR seq=8 code=5 zone=top text=PN5180:no-answer'],
    ['err-code-only', { type: 'ERR', seq: 9, code: 7 }, 'ERR seq=9 code=7'],
    ['err-vendor-code', { type: 'ERR', seq: 10, code: 65535, text: 'x' }, 'ERR seq=10 code=65535 text=x'],
    ['cmd-snap', { type: 'CMD', command: 'snap' }, 'CMD snap'],
    ['cmd-snap-zone', { type: 'CMD', command: 'snap', zone: 'in' }, 'CMD snap zone=in'],
    ['cmd-blink', { type: 'CMD', command: 'blink', ms: 3000 }, 'CMD blink ms=3000'],
    ['cmd-blink-stop', { type: 'CMD', command: 'blink', ms: 0 }, 'CMD blink ms=0'],
    ['cmd-scan', { type: 'CMD', command: 'scan', ms: 50 }, 'CMD scan ms=50'],
    ['cmd-scan-slowest', { type: 'CMD', command: 'scan', ms: 60000 }, 'CMD scan ms=60000'],
    ['cmd-replay', { type: 'CMD', command: 'replay', from: 5 }, 'CMD replay from=5'],
    ['cmd-replay-zero', { type: 'CMD', command: 'replay', from: 0 }, 'CMD replay from=0'],
  ];

  const tolerated: GoodVectorV1[] = [
    { name: 'crlf', message: { type: 'ERR', seq: 9, code: 7 }, line: `${frame('ERR seq=9 code=7')}\r` },
    {
      name: 'lower-case-tag-and-checksum',
      message: { type: 'ADD', seq: 14, zone: 'in', tag: 'E004015012345678', rssi: -52 },
      line: `${'ADD seq=14 zone=in tag=e004015012345678 rssi=-52'}*${crc16Hex('ADD seq=14 zone=in tag=e004015012345678 rssi=-52').toLowerCase()}`,
    },
    { name: 'fields-in-another-order', message: { type: 'ERR', seq: 8, code: 5, zone: 'top', text: 'x' }, line: frame('ERR text=x zone=top code=5 seq=8') },
    { name: 'unknown-extra-field', message: { type: 'CMD', command: 'blink', ms: 500 }, line: frame('CMD blink ms=500 color=red') },
    { name: 'rssi-on-del-ignored', message: { type: 'DEL', seq: 17, zone: 'in', tag: '04A1B2C3D4E5F6' }, line: frame('DEL seq=17 zone=in tag=04A1B2C3D4E5F6 rssi=-50') },
  ];

  const bad: BadVectorV1[] = [
    { name: 'bad-checksum', line: `${'CMD replay from=5'}*0000`, reason: 'bad-checksum', field: null, detailIncludes: crc16Hex('CMD replay from=5') },
    { name: 'truncated', line: 'ERR seq=7 code=4', reason: 'truncated', field: null, detailIncludes: '*CCCC' },
    { name: 'non-ascii', line: 'ERR seq=7 code=4 text=\u00e9*1234', reason: 'bad-checksum', field: null, detailIncludes: 'printable' },
    { name: 'unknown-type', line: frame('ACK seq=1'), reason: 'unknown-type', field: null, detailIncludes: 'ACK' },
    { name: 'tag-5-bytes', line: frame('ADD seq=1 zone=in tag=0102030405'), reason: 'malformed', field: 'tag', detailIncludes: '5 bytes' },
    { name: 'tag-6-bytes-in-snap', line: frame('SNAP seq=1 zone=in tags=04A1B2C3D4E5F6,010203040506'), reason: 'malformed', field: 'tags', detailIncludes: 'item 2' },
    { name: 'tag-9-bytes', line: frame('DEL seq=1 zone=in tag=010203040506070809'), reason: 'malformed', field: 'tag', detailIncludes: '9 bytes' },
    { name: 'tag-11-bytes', line: frame('DEL seq=1 zone=in tag=0102030405060708090A0B'), reason: 'malformed', field: 'tag', detailIncludes: '11 bytes' },
    { name: 'tag-3-bytes', line: frame('ADD seq=1 zone=in tag=010203'), reason: 'malformed', field: 'tag', detailIncludes: 'not a tag UID' },
    { name: 'tag-13-bytes', line: frame('ADD seq=1 zone=in tag=0102030405060708090A0B0C0D'), reason: 'malformed', field: 'tag', detailIncludes: 'not a tag UID' },
    { name: 'iso15693-lsb-first', line: frame('ADD seq=1 zone=in tag=78563412500104E0'), reason: 'malformed', field: 'tag', detailIncludes: 'reverse' },
    { name: '8-bytes-not-iso15693', line: frame('ADD seq=1 zone=in tag=0102030405060708'), reason: 'malformed', field: 'tag', detailIncludes: 'E0' },
    { name: 'cascade-tag-left-in', line: frame('ADD seq=1 zone=in tag=8804A1B2'), reason: 'malformed', field: 'tag', detailIncludes: 'cascade' },
    { name: 'rssi-positive', line: frame('ADD seq=1 zone=in tag=04A1B2C3D4E5F6 rssi=5'), reason: 'malformed', field: 'rssi', detailIncludes: 'dBm' },
    { name: 'rssi-too-weak', line: frame('ADD seq=1 zone=in tag=04A1B2C3D4E5F6 rssi=-129'), reason: 'malformed', field: 'rssi', detailIncludes: 'dBm' },
    { name: 'rssi-minus-zero', line: frame('ADD seq=1 zone=in tag=04A1B2C3D4E5F6 rssi=-0'), reason: 'malformed', field: 'rssi', detailIncludes: 'dBm' },
    { name: 'rssi-empty-on-add', line: frame('ADD seq=1 zone=in tag=04A1B2C3D4E5F6 rssi='), reason: 'malformed', field: 'rssi', detailIncludes: 'dBm' },
    { name: 'rssi-count-differs', line: frame('SNAP seq=1 zone=in tags=04A1B2C3D4E5F6,04A1B2C3D4E5F7 rssi=-50'), reason: 'malformed', field: 'rssi', detailIncludes: '1 values for 2 tags' },
    { name: 'rssi-bad-item', line: frame('SNAP seq=1 zone=in tags=04A1B2C3D4E5F6,04A1B2C3D4E5F7 rssi=-50,x'), reason: 'malformed', field: 'rssi', detailIncludes: 'item 2' },
    { name: 'rssi-without-tags', line: frame('SNAP seq=1 zone=in tags= rssi=-50'), reason: 'malformed', field: 'rssi', detailIncludes: '1 values for 0 tags' },
    { name: 'err-missing-code', line: frame('ERR seq=7 text=x'), reason: 'malformed', field: 'code', detailIncludes: 'missing' },
    { name: 'err-code-zero', line: frame('ERR seq=7 code=0'), reason: 'malformed', field: 'code', detailIncludes: '1..65535' },
    { name: 'err-code-too-big', line: frame('ERR seq=7 code=65536'), reason: 'malformed', field: 'code', detailIncludes: '65535' },
    { name: 'err-missing-seq', line: frame('ERR code=4'), reason: 'malformed', field: 'seq', detailIncludes: 'missing' },
    { name: 'err-empty-text', line: frame('ERR seq=7 code=4 text='), reason: 'malformed', field: 'text', detailIncludes: 'empty' },
    { name: 'err-text-too-long', line: frame(`ERR seq=7 code=4 text=${'a'.repeat(65)}`), reason: 'malformed', field: 'text', detailIncludes: '1-64' },
    { name: 'err-bad-zone', line: frame('ERR seq=7 code=5 zone=a/b'), reason: 'malformed', field: 'zone', detailIncludes: 'name' },
    { name: 'cmd-unknown', line: frame('CMD reboot'), reason: 'malformed', field: 'command', detailIncludes: 'reboot' },
    { name: 'cmd-missing', line: frame('CMD'), reason: 'malformed', field: 'command', detailIncludes: 'missing' },
    { name: 'cmd-blink-no-ms', line: frame('CMD blink'), reason: 'malformed', field: 'ms', detailIncludes: 'missing' },
    { name: 'cmd-blink-too-long', line: frame('CMD blink ms=60001'), reason: 'malformed', field: 'ms', detailIncludes: '0..60000' },
    { name: 'cmd-scan-too-fast', line: frame('CMD scan ms=9'), reason: 'malformed', field: 'ms', detailIncludes: '10..60000' },
    { name: 'cmd-scan-not-number', line: frame('CMD scan ms=fast'), reason: 'malformed', field: 'ms', detailIncludes: 'fast' },
    { name: 'cmd-replay-no-from', line: frame('CMD replay'), reason: 'malformed', field: 'from', detailIncludes: 'missing' },
    { name: 'cmd-replay-seq-too-big', line: frame('CMD replay from=2147483648'), reason: 'malformed', field: 'from', detailIncludes: '2147483647' },
    { name: 'cmd-replay-leading-zero', line: frame('CMD replay from=05'), reason: 'malformed', field: 'from', detailIncludes: '05' },
    { name: 'field-repeated', line: frame('CMD replay from=5 from=6'), reason: 'malformed', field: 'from', detailIncludes: 'twice' },
    { name: 'field-without-equals', line: frame('CMD blink ms=5 now'), reason: 'malformed', field: null, detailIncludes: 'key=value' },
    { name: 'double-space', line: frame('ERR seq=7  code=4'), reason: 'malformed', field: null, detailIncludes: 'empty' },
    { name: 'bad-key', line: frame('HB seq=1 up=2 Bat=3'), reason: 'malformed', field: null, detailIncludes: 'Bat' },
    { name: 'hello-deb-one', line: frame('HELLO rdr=RK-E1 fw=1.0.0 proto=1 zones=in deb=1 scan=100'), reason: 'malformed', field: 'deb', detailIncludes: '2..16' },
    { name: 'hello-deb-too-many', line: frame('HELLO rdr=RK-E1 fw=1.0.0 proto=1 zones=in deb=17 scan=100'), reason: 'malformed', field: 'deb', detailIncludes: '2..16' },
    { name: 'hello-deb-not-number', line: frame('HELLO rdr=RK-E1 fw=1.0.0 proto=1 zones=in deb=two scan=100'), reason: 'malformed', field: 'deb', detailIncludes: 'two' },
    { name: 'hello-deb-empty', line: frame('HELLO rdr=RK-E1 fw=1.0.0 proto=1 zones=in deb= scan=100'), reason: 'malformed', field: 'deb', detailIncludes: '2..16' },
    { name: 'hello-deb-without-scan', line: frame('HELLO rdr=RK-E1 fw=1.0.0 proto=1 zones=in deb=2'), reason: 'malformed', field: 'scan', detailIncludes: 'missing' },
    { name: 'hello-scan-without-deb', line: frame('HELLO rdr=RK-E1 fw=1.0.0 proto=1 zones=in scan=100'), reason: 'malformed', field: 'deb', detailIncludes: 'missing' },
    { name: 'hello-scan-too-fast', line: frame('HELLO rdr=RK-E1 fw=1.0.0 proto=1 zones=in deb=2 scan=9'), reason: 'malformed', field: 'scan', detailIncludes: '10..60000' },
    { name: 'hello-scan-too-slow', line: frame('HELLO rdr=RK-E1 fw=1.0.0 proto=1 zones=in deb=2 scan=60001'), reason: 'malformed', field: 'scan', detailIncludes: '10..60000' },
    { name: 'hello-scan-leading-zero', line: frame('HELLO rdr=RK-E1 fw=1.0.0 proto=1 zones=in deb=2 scan=0100'), reason: 'malformed', field: 'scan', detailIncludes: '0100' },
    { name: 'hello-zone-twice', line: frame('HELLO rdr=RK-E1 fw=1.0.0 proto=1 zones=in,in'), reason: 'malformed', field: 'zones', detailIncludes: 'twice' },
    { name: 'snap-tag-twice', line: frame('SNAP seq=1 zone=in tags=04A1B2C3D4E5F6,04a1b2c3d4e5f6'), reason: 'malformed', field: 'tags', detailIncludes: 'twice' },
    { name: 'hb-uptime-too-big', line: frame('HB seq=1 up=9007199254740992'), reason: 'malformed', field: 'up', detailIncludes: 'up' },
    { name: 'too-long', line: frame(`ERR seq=1 code=1 text=x${' '.repeat(4100)}`), reason: 'too-long', field: null, detailIncludes: '4096' },
  ];

  const add = (tag: string) => ({ type: 'ADD' as const, seq: 1, zone: 'in', tag });
  const versions: VersionVector[] = [
    { name: 'v0-line-5-byte-tag', line: frame('ADD seq=1 zone=in tag=0102030405'), v0: { message: add('0102030405') }, any: { message: add('0102030405') }, v1: { reason: 'malformed' } },
    {
      name: 'v0-line-lsb-first-15693',
      line: frame('ADD seq=1 zone=in tag=78563412500104E0'),
      v0: { message: add('78563412500104E0') },
      any: { message: add('78563412500104E0') },
      v1: { reason: 'malformed' },
    },
    {
      name: 'rssi-ignored-by-v0',
      line: frame('ADD seq=1 zone=in tag=04A1B2C3D4E5F6 rssi=-52'),
      v0: { message: add('04A1B2C3D4E5F6') },
      any: { message: { ...add('04A1B2C3D4E5F6'), rssi: -52 } },
      v1: { message: { ...add('04A1B2C3D4E5F6'), rssi: -52 } },
    },
    {
      name: 'err-unknown-to-v0',
      line: frame('ERR seq=9 code=7'),
      v0: { reason: 'unknown-type' },
      any: { message: { type: 'ERR', seq: 9, code: 7 } },
      v1: { message: { type: 'ERR', seq: 9, code: 7 } },
    },
    {
      name: 'replay-unknown-to-v0',
      line: frame('CMD replay from=5'),
      v0: { reason: 'malformed' },
      any: { message: { type: 'CMD', command: 'replay', from: 5 } },
      v1: { message: { type: 'CMD', command: 'replay', from: 5 } },
    },
    {
      name: 'debounce-ignored-by-v0',
      line: frame('HELLO rdr=RK-E1 fw=1.0.0 proto=1 zones=in,top deb=2 scan=100'),
      v0: { message: { type: 'HELLO', reader: 'RK-E1', firmware: '1.0.0', protocol: 1, zones: ['in', 'top'] } },
      any: { message: { type: 'HELLO', reader: 'RK-E1', firmware: '1.0.0', protocol: 1, zones: ['in', 'top'], debounce: { scans: 2, scanMs: 100 } } },
      v1: { message: { type: 'HELLO', reader: 'RK-E1', firmware: '1.0.0', protocol: 1, zones: ['in', 'top'], debounce: { scans: 2, scanMs: 100 } } },
    },
    {
      name: 'v0-hello',
      line: frame('HELLO rdr=RK-E1 fw=0.1.0 proto=0 zones=in,top'),
      v0: { message: { type: 'HELLO', reader: 'RK-E1', firmware: '0.1.0', protocol: 0, zones: ['in', 'top'] } },
      any: { message: { type: 'HELLO', reader: 'RK-E1', firmware: '0.1.0', protocol: 0, zones: ['in', 'top'] } },
      v1: { message: { type: 'HELLO', reader: 'RK-E1', firmware: '0.1.0', protocol: 0, zones: ['in', 'top'] } },
    },
  ];

  // BLE. Headers: kind (00 single, 40 first, 80 continuation, C0 last) | index mod 4 << 4 | counter.
  const hb = frame('HB seq=18 up=123456'); // 24 bytes: 19 + 5 at mtu 20
  const snap = frame('SNAP seq=4 zone=in tags=04A1B2C3D4E5F6,04A1B2C3D4E5F7 rssi=-52,-61'); // 71 bytes
  const cut = (s: string, n: number) => Array.from({ length: Math.ceil(s.length / n) }, (_, i) => s.slice(i * n, i * n + n));
  const snapParts = cut(snap, 19); // 4 parts: 19 19 19 14
  const cmd = frame('CMD snap'); // 13 bytes: one single piece
  const bleFragments: BleFragmentVector[] = [
    { name: 'single', line: cmd, mtu: 20, counter: 0, pieces: [piece(0x00, cmd)] },
    { name: 'single-exactly-19', line: frame('CMD blink ms=3'), mtu: 20, counter: 9, pieces: [piece(0x09, frame('CMD blink ms=3'))] },
    { name: 'first-last', line: hb, mtu: 20, counter: 3, pieces: [piece(0x43, hb.slice(0, 19)), piece(0xd3, hb.slice(19))] },
    { name: 'four-pieces', line: snap, mtu: 20, counter: 15, pieces: [piece(0x4f, snapParts[0]!), piece(0x9f, snapParts[1]!), piece(0xaf, snapParts[2]!), piece(0xff, snapParts[3]!)] },
    {
      name: 'six-pieces-index-wraps',
      line: snap,
      mtu: 14,
      counter: 1,
      pieces: cut(snap, 13).map((p, i, all) => piece((i === 0 ? 0x40 : i === all.length - 1 ? 0xc0 : 0x80) | ((i & 3) << 4) | 1, p)),
    },
    { name: 'newline-stripped', line: `${cmd}\r\n`, mtu: 20, counter: 0, pieces: [piece(0x00, cmd)] },
    { name: 'larger-mtu', line: snap, mtu: 185, counter: 2, pieces: [piece(0x02, snap)] },
  ];

  const P = (h: number, s: string) => piece(h, s);
  const ok = (line: string) => ({ lines: [line], rejected: [] });
  const none = { lines: [], rejected: [] };
  const rej = (...r: string[]) => ({ lines: [], rejected: r });
  const bleStreams: BleStreamVector[] = [
    { name: 'single', pieces: [P(0x00, cmd)], expect: [ok(cmd)] },
    { name: 'two-lines', pieces: [P(0x43, hb.slice(0, 19)), P(0xd3, hb.slice(19)), P(0x04, cmd)], expect: [none, ok(hb), ok(cmd)] },
    { name: 'four-pieces', pieces: [P(0x4f, snapParts[0]!), P(0x9f, snapParts[1]!), P(0xaf, snapParts[2]!), P(0xff, snapParts[3]!)], expect: [none, none, none, ok(snap)] },
    { name: 'continuation-alone', pieces: [P(0x93, 'xyz'), P(0x05, cmd)], expect: [rej('orphan'), ok(cmd)] },
    { name: 'last-alone', pieces: [P(0xd3, hb.slice(19))], expect: [rej('orphan')] },
    { name: 'first-then-first', pieces: [P(0x43, hb.slice(0, 19)), P(0x44, hb.slice(0, 19)), P(0xd4, hb.slice(19))], expect: [none, rej('interrupted'), ok(hb)] },
    { name: 'first-then-single', pieces: [P(0x43, hb.slice(0, 19)), P(0x04, cmd)], expect: [none, { lines: [cmd], rejected: ['interrupted'] }] },
    { name: 'lost-middle-piece', pieces: [P(0x4f, snapParts[0]!), P(0xaf, snapParts[2]!), P(0xff, snapParts[3]!)], expect: [none, rej('missing-piece'), rej('orphan')] },
    { name: 'lost-last-then-next-line-continuation', pieces: [P(0x43, hb.slice(0, 19)), P(0x94, 'abc'), P(0xd4, 'def')], expect: [none, rej('counter-mismatch'), rej('orphan')] },
    { name: 'first-with-index', pieces: [P(0x53, hb.slice(0, 19)), P(0xd3, hb.slice(19))], expect: [rej('bad-index'), rej('orphan')] },
    { name: 'empty-piece-and-empty-line', pieces: ['', P(0x00, '')], expect: [rej('empty-piece'), rej('empty-line')] },
    { name: 'bad-bytes-pass-to-decoder', pieces: [P(0x00, 'HB\u0001*0000')], expect: [ok('HB\u0001*0000')] },
  ];

  // start of frame (PROTOCOL.md §2): hand-written streams and the items cut from them
  const S = '\u0002';
  const addIn = frame('ADD seq=13 zone=in tag=04A1B2C3D4E5F6');
  const hb15 = frame('HB seq=15 up=123456');
  const helloSof = frame('HELLO rdr=RK-E1 fw=0.2.0 proto=1 zones=in,top sof=1');
  const frames: FrameStreamVector[] = [
    // "HB seq=14 up=1" is 14 bytes: the rest of that heartbeat never came
    {
      name: 'cut-frame-then-good',
      stream: `${S}HB seq=14 up=1${S}${addIn}\n`,
      items: [
        { kind: 'cut', head: 'HB seq=14 up=1', length: 14 },
        { kind: 'line', text: addIn },
      ],
    },
    {
      name: 'sof-at-start',
      stream: `${S}${helloSof}\r\n${S}${hb15}\n`,
      items: [
        { kind: 'line', text: helloSof },
        { kind: 'line', text: hb15 },
      ],
    },
    {
      name: 'no-sof',
      stream: `${hb15}\n${addIn}\r\n`,
      items: [
        { kind: 'line', text: hb15 },
        { kind: 'line', text: addIn },
      ],
    },
    {
      name: 'sof-and-no-sof-mixed',
      stream: `${S}${hb15}\n${addIn}\n`,
      items: [
        { kind: 'line', text: hb15 },
        { kind: 'line', text: addIn },
      ],
    },
    { name: 'doubled-sof-and-blank-lines', stream: `${S}${S}\n\r\n${S}${addIn}\n${S}`, items: [{ kind: 'line', text: addIn }] },
    // 24 bytes of ESP32 ROM boot text before the first frame, with no newline
    {
      name: 'boot-text-before-first-frame',
      stream: `ets Jun  8 2016 00:22:57${S}${helloSof}\n`,
      items: [
        { kind: 'cut', head: 'ets Jun  8 2016 00:22:57', length: 24 },
        { kind: 'line', text: helloSof },
      ],
    },
    // 100 bytes cut: only the first 80 are kept
    {
      name: 'long-cut-frame-keeps-80',
      stream: `${'A'.repeat(100)}${S}${hb15}\n`,
      items: [
        { kind: 'cut', head: 'A'.repeat(80), length: 100 },
        { kind: 'line', text: hb15 },
      ],
    },
    // 4097 bytes cut by a start of frame: longer than 4096, so too long rather than cut
    {
      name: 'overlong-cut-by-sof',
      stream: `${'X'.repeat(4097)}${S}${addIn}\n`,
      items: [
        { kind: 'overlong', head: 'X'.repeat(80), length: 4097 },
        { kind: 'line', text: addIn },
      ],
    },
    {
      name: 'cr-before-sof-is-a-cut-byte',
      stream: `${hb15}\r${S}${addIn}\n`,
      items: [
        { kind: 'cut', head: `${hb15}\r`, length: hb15.length + 1 },
        { kind: 'line', text: addIn },
      ],
    },
  ];

  return {
    protocol: 1,
    crc,
    messages: good.map(([name, message, body]) => ({ name, message, line: frame(body) })),
    tolerated,
    bad,
    versions,
    bleFragments,
    bleStreams,
    frames,
  };
}
