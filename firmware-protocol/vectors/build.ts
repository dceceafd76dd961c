/**
 * Builds the version 0 test vectors (vectors/v0.json) from hand-written line bodies: each line is
 * `body + "*" + crc16Hex(body)`. The codec's encoder is NOT used here, so the vectors check it.
 * Regenerate the file with:  npx tsx firmware-protocol/vectors/print.ts > firmware-protocol/vectors/v0.json
 * Pure: no Node imports.
 */
import { crc16Hex } from '../crc16.js';
import type { DiscardReason, Message } from '../messages.js';

/** A line that decodes to `message`, and that `message` encodes to exactly. */
export interface GoodVector {
  name: string;
  message: Message;
  line: string;
}

/** A line the decoder accepts although it is not canonical: it decodes to `message`, which re-encodes differently. */
export interface ToleratedVector {
  name: string;
  message: Message;
  line: string;
}

/** A line the decoder discards, with the reason, and a word its `detail` must contain. */
export interface BadVector {
  name: string;
  line: string;
  reason: DiscardReason;
  /** substring expected in the discard's detail (for `malformed`: the field name) */
  detailIncludes: string;
}

/** The whole vector file. */
export interface VectorFile {
  protocol: 0;
  /** CRC-16/CCITT-FALSE of `text` (ASCII) as 4 upper-case hex digits */
  crc: { text: string; crc: string }[];
  messages: GoodVector[];
  tolerated: ToleratedVector[];
  bad: BadVector[];
}

const frame = (body: string): string => `${body}*${crc16Hex(body)}`;

/** Returns the vectors (deterministic: same output every call). */
export function buildVectors(): VectorFile {
  const crc = ['123456789', '', 'CMD snap', 'HB seq=15 up=123456'].map((text) => ({ text, crc: crc16Hex(text) }));

  const good: [string, Message, string][] = [
    ['hello', { type: 'HELLO', reader: 'RK-E1', firmware: '0.1.0', protocol: 0, zones: ['in', 'top'] }, 'HELLO rdr=RK-E1 fw=0.1.0 proto=0 zones=in,top'],
    ['hello-one-zone-build-metadata', { type: 'HELLO', reader: 'WALL_2', firmware: '0.1.0+esp32', protocol: 0, zones: ['wall'] }, 'HELLO rdr=WALL_2 fw=0.1.0+esp32 proto=0 zones=wall'],
    ['snap-two-tags', { type: 'SNAP', seq: 12, zone: 'in', tags: ['04A1B2C3D4E5F6', '04A1B2C3D4E5F7'] }, 'SNAP seq=12 zone=in tags=04A1B2C3D4E5F6,04A1B2C3D4E5F7'],
    ['snap-empty-zone', { type: 'SNAP', seq: 0, zone: 'top', tags: [] }, 'SNAP seq=0 zone=top tags='],
    ['snap-iso15693-uid', { type: 'SNAP', seq: 1, zone: 'wall.3', tags: ['E004015012345678'] }, 'SNAP seq=1 zone=wall.3 tags=E004015012345678'],
    ['snap-shortest-and-longest-uid', { type: 'SNAP', seq: 2, zone: 'floor', tags: ['0A0B0C0D', '0102030405060708090A0B0C'] }, 'SNAP seq=2 zone=floor tags=0A0B0C0D,0102030405060708090A0B0C'],
    ['add', { type: 'ADD', seq: 13, zone: 'in', tag: '04A1B2C3D4E5F6' }, 'ADD seq=13 zone=in tag=04A1B2C3D4E5F6'],
    ['del', { type: 'DEL', seq: 14, zone: 'in', tag: '04A1B2C3D4E5F6' }, 'DEL seq=14 zone=in tag=04A1B2C3D4E5F6'],
    ['heartbeat', { type: 'HB', seq: 15, uptimeMs: 123456 }, 'HB seq=15 up=123456'],
    ['heartbeat-largest-seq', { type: 'HB', seq: 2147483647, uptimeMs: 0 }, 'HB seq=2147483647 up=0'],
    ['cmd-snap-all', { type: 'CMD', command: 'snap' }, 'CMD snap'],
    ['cmd-snap-zone', { type: 'CMD', command: 'snap', zone: 'in' }, 'CMD snap zone=in'],
  ];

  const hb = 'HB seq=15 up=123456';
  const tolerated: ToleratedVector[] = [
    { name: 'crlf', message: { type: 'HB', seq: 15, uptimeMs: 123456 }, line: `${frame(hb)}\r` },
    { name: 'lower-case-checksum', message: { type: 'HB', seq: 15, uptimeMs: 123456 }, line: `${hb}*${crc16Hex(hb).toLowerCase()}` },
    { name: 'lower-case-tag', message: { type: 'ADD', seq: 13, zone: 'in', tag: '04A1B2C3D4E5F6' }, line: frame('ADD seq=13 zone=in tag=04a1b2c3d4e5f6') },
    { name: 'fields-in-another-order', message: { type: 'ADD', seq: 13, zone: 'in', tag: '04A1B2C3D4E5F6' }, line: frame('ADD zone=in tag=04A1B2C3D4E5F6 seq=13') },
    { name: 'unknown-extra-field-ignored', message: { type: 'HB', seq: 16, uptimeMs: 124456 }, line: frame('HB seq=16 up=124456 bat=87') },
  ];

  const snap = 'SNAP seq=12 zone=in tags=04A1B2C3D4E5F6,04A1B2C3D4E5F7';
  const manyTags = Array.from({ length: 170 }, (_, i) => `0102030405060708090A${i.toString(16).toUpperCase().padStart(4, '0')}`).join(',');
  const bad: BadVector[] = [
    { name: 'bit-flip-in-body', line: `SNAP seq=13 zone=in tags=04A1B2C3D4E5F6,04A1B2C3D4E5F7*${crc16Hex(snap)}`, reason: 'bad-checksum', detailIncludes: crc16Hex(snap) },
    { name: 'wrong-checksum', line: `${hb}*0000`, reason: 'bad-checksum', detailIncludes: '0000' },
    { name: 'two-lines-glued-newline-lost', line: `${frame('HB seq=15 up=123456')}${frame('HB seq=16 up=124456')}`, reason: 'bad-checksum', detailIncludes: 'CRC' },
    { name: 'text-after-checksum', line: `${frame(hb)}xyz`, reason: 'bad-checksum', detailIncludes: 'after the checksum' },
    { name: 'garbage-bytes-with-star', line: '\u0000\u00ff\u00e0\u0012~*A1B2', reason: 'bad-checksum', detailIncludes: 'not printable ASCII' },
    { name: 'garbage-bytes-no-star', line: '\u00ff\u00fe\u0000\u0080\u00c3', reason: 'truncated', detailIncludes: '*CCCC' },
    { name: 'esp32-boot-message', line: 'ets Jun  8 2016 00:22:57', reason: 'truncated', detailIncludes: '*CCCC' },
    { name: 'empty-line', line: '', reason: 'truncated', detailIncludes: 'empty' },
    { name: 'cut-mid-line', line: 'SNAP seq=12 zone=in tags=04A1B2', reason: 'truncated', detailIncludes: '*CCCC' },
    { name: 'cut-in-checksum', line: `${hb}*${crc16Hex(hb).slice(0, 2)}`, reason: 'truncated', detailIncludes: '4 hex digits' },
    { name: 'star-without-checksum', line: `${hb}*`, reason: 'truncated', detailIncludes: '4 hex digits' },
    { name: 'unknown-type', line: frame('PING seq=1'), reason: 'unknown-type', detailIncludes: 'PING' },
    { name: 'type-is-case-sensitive', line: frame('hb seq=15 up=123456'), reason: 'unknown-type', detailIncludes: 'hb' },
    { name: 'missing-seq', line: frame('ADD zone=in tag=04A1B2C3D4E5F6'), reason: 'malformed', detailIncludes: 'seq' },
    { name: 'seq-not-a-number', line: frame('ADD seq=x1 zone=in tag=04A1B2C3D4E5F6'), reason: 'malformed', detailIncludes: 'seq' },
    { name: 'seq-too-large', line: frame('HB seq=2147483648 up=1'), reason: 'malformed', detailIncludes: 'seq' },
    { name: 'seq-leading-zero', line: frame('HB seq=012 up=1'), reason: 'malformed', detailIncludes: 'seq' },
    { name: 'seq-negative', line: frame('HB seq=-1 up=1'), reason: 'malformed', detailIncludes: 'seq' },
    { name: 'uptime-missing', line: frame('HB seq=15'), reason: 'malformed', detailIncludes: 'up' },
    { name: 'tag-odd-digit-count', line: frame('ADD seq=13 zone=in tag=04A1B2C3D4E5F'), reason: 'malformed', detailIncludes: 'tag' },
    { name: 'tag-too-short', line: frame('DEL seq=14 zone=in tag=04A1B2'), reason: 'malformed', detailIncludes: 'tag' },
    { name: 'tag-too-long', line: frame('DEL seq=14 zone=in tag=0102030405060708090A0B0C0D'), reason: 'malformed', detailIncludes: 'tag' },
    { name: 'tag-not-hex', line: frame('ADD seq=13 zone=in tag=04A1B2C3D4E5G6'), reason: 'malformed', detailIncludes: 'tag' },
    { name: 'snap-bad-tag-in-list', line: frame('SNAP seq=12 zone=in tags=04A1B2C3D4E5F6,,04A1B2C3D4E5F7'), reason: 'malformed', detailIncludes: 'tags' },
    { name: 'snap-tag-listed-twice', line: frame('SNAP seq=12 zone=in tags=04A1B2C3D4E5F6,04a1b2c3d4e5f6'), reason: 'malformed', detailIncludes: 'tags' },
    { name: 'snap-missing-tags', line: frame('SNAP seq=12 zone=in'), reason: 'malformed', detailIncludes: 'tags' },
    { name: 'zone-name-too-long', line: frame(`ADD seq=13 zone=${'z'.repeat(33)} tag=04A1B2C3D4E5F6`), reason: 'malformed', detailIncludes: 'zone' },
    { name: 'zone-name-bad-character', line: frame('ADD seq=13 zone=in/top tag=04A1B2C3D4E5F6'), reason: 'malformed', detailIncludes: 'zone' },
    { name: 'hello-missing-reader', line: frame('HELLO fw=0.1.0 proto=0 zones=in'), reason: 'malformed', detailIncludes: 'rdr' },
    { name: 'hello-no-zones', line: frame('HELLO rdr=RK-E1 fw=0.1.0 proto=0 zones='), reason: 'malformed', detailIncludes: 'zones' },
    { name: 'hello-zone-listed-twice', line: frame('HELLO rdr=RK-E1 fw=0.1.0 proto=0 zones=in,in'), reason: 'malformed', detailIncludes: 'zones' },
    { name: 'field-repeated', line: frame('HB seq=15 seq=16 up=1'), reason: 'malformed', detailIncludes: 'seq' },
    { name: 'double-space', line: frame('HB seq=15  up=1'), reason: 'malformed', detailIncludes: 'empty' },
    { name: 'field-without-equals', line: frame('HB seq=15 up'), reason: 'malformed', detailIncludes: 'key=value' },
    { name: 'cmd-missing-command', line: frame('CMD'), reason: 'malformed', detailIncludes: 'command' },
    { name: 'cmd-unknown-command', line: frame('CMD reboot'), reason: 'malformed', detailIncludes: 'command' },
    { name: 'too-long', line: frame(`SNAP seq=1 zone=wall tags=${manyTags}`), reason: 'too-long', detailIncludes: '4096' },
  ];

  return {
    protocol: 0,
    crc,
    messages: good.map(([name, message, body]) => ({ name, message, line: frame(body) })),
    tolerated,
    bad,
  };
}
