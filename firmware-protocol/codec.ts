/**
 * Encoder and decoder of the reader line protocol, versions 0 and 1 (PROTOCOL.md).
 * Pure: no Node or DOM imports, so the hub, the simulator and the browser relay share it.
 *
 * A line is `TYPE field field ...*CCCC` where CCCC is the CRC-16/CCITT-FALSE (crc16.ts) of every byte
 * before the `*`, as 4 upper-case hex digits. Lines end with `\n` on the wire (`\r\n` tolerated).
 */
import { crc16, crc16Hex } from './crc16.js';
import { type ClippedLine, type CutFrame, OVERLONG_HEAD_LENGTH, RawLineSplitter, type OverlongLine } from './lines.js';
import { MAX_LINE_LENGTH, type DecodeOptions, type DecodeResult, type DiscardReason, type HelloMessage, type Message, type TagKind, type TagUid } from './messages.js';

/** Largest sequence number (2^31 - 1); the one after it is 0 (PROTOCOL.md §5). */
export const SEQ_MAX = 0x7fffffff;
/** Largest uptime a heartbeat may carry, in ms (2^53 - 1, the largest exact integer in JavaScript). */
export const UPTIME_MAX_MS = Number.MAX_SAFE_INTEGER;
/** Largest protocol version number a HELLO may carry. */
export const PROTOCOL_MAX = 65535;
/** Reader ids and zone names: 1 to 32 of `A-Z a-z 0-9 _ . -`. */
export const NAME_PATTERN = /^[A-Za-z0-9_.-]{1,32}$/;
/** Firmware versions: 1 to 32 of `A-Z a-z 0-9 _ . + -` (semver with build metadata fits). */
export const FIRMWARE_PATTERN = /^[A-Za-z0-9_.+-]{1,32}$/;
/** Tag UIDs on the wire: 4 to 12 bytes as 8 to 24 hex digits (either case; normalised to upper case). */
export const TAG_PATTERN = /^(?:[0-9A-Fa-f]{2}){4,12}$/;
/** v1 signal strength: integer dBm -128..0, canonical (`0`, or `-` and no leading zero). */
const RSSI_PATTERN = /^(?:0|-[1-9][0-9]{0,2})$/;
/** Lowest signal strength a v1 line may carry, in dBm. */
export const RSSI_MIN_DBM = -128;
/** v1 ERR text: 1 to 64 printable ASCII characters, no space and no `*`. */
export const ERR_TEXT_PATTERN = /^[!-)+-~]{1,64}$/;
/** Largest ERR code. */
export const ERROR_CODE_MAX = 65535;
/** Range of `CMD blink ms=` in ms (0 stops blinking). */
export const BLINK_MS_MAX = 60000;
/** Range of `CMD scan ms=` in ms. */
export const SCAN_MS_MIN = 10;
export const SCAN_MS_MAX = 60000;
/** Range of a HELLO's `deb=` (v1): consecutive scans a tag must be read in before it is reported (1 would be no debounce). */
export const DEBOUNCE_SCANS_MIN = 2;
export const DEBOUNCE_SCANS_MAX = 16;
/** Field keys: a lower-case letter, then lower-case letters, digits or `_`. */
const KEY_PATTERN = /^[a-z][a-z0-9_]*$/;
/** Canonical unsigned decimal: no sign, no leading zero, at most 16 digits. */
const UINT_PATTERN = /^(?:0|[1-9][0-9]{0,15})$/;

/** True when `s` is a valid reader id or zone name (`[A-Za-z0-9_.-]{1,32}`). Never throws. */
export function isName(s: unknown): s is string {
  return typeof s === 'string' && NAME_PATTERN.test(s);
}

/**
 * The canonical (upper-case) form of a tag UID, or `null` when `s` is not 8..24 hex digits of even
 * count. Example: `normaliseTagUid("04a1b2c3") === "04A1B2C3"`. Never throws.
 */
export function normaliseTagUid(s: unknown): TagUid | null {
  return typeof s === 'string' && TAG_PATTERN.test(s) ? s.toUpperCase() : null;
}

/**
 * The v1 kind of a tag UID (upper or lower case hex), or `null` when version 1 rejects it
 * (PROTOCOL.md §5.0): 4, 7, 10 bytes → ISO 14443A (first byte not `88`, the cascade tag);
 * 8 bytes → ISO 15693 (first byte `E0`; a UID ending in `E0` was sent least significant byte
 * first); 12 bytes → EPC-96. Example: `tagKind("E004015012345678") === "iso15693"`. Never throws.
 */
export function tagKind(s: unknown): TagKind | null {
  return tagKindProblem(s).kind;
}

/** The kind of a v1 tag UID, or why it is not one (a phrase for the discard detail). */
function tagKindProblem(s: unknown): { kind: TagKind; why?: undefined } | { kind: null; why: string } {
  if (typeof s !== 'string' || !TAG_PATTERN.test(s)) return { kind: null, why: 'is not a tag UID (8-24 hex digits, even count)' };
  const first = s.slice(0, 2).toUpperCase();
  switch (s.length / 2) {
    case 4:
    case 7:
    case 10:
      if (first === '88') return { kind: null, why: 'starts with 88, the ISO 14443 cascade tag: strip it' };
      return { kind: s.length === 8 ? 'iso14443-4' : s.length === 14 ? 'iso14443-7' : 'iso14443-10' };
    case 8:
      if (first !== 'E0')
        return {
          kind: null,
          why: s.slice(-2).toUpperCase() === 'E0' ? 'is an ISO 15693 UID sent least significant byte first: reverse it' : 'is 8 bytes but does not start with E0 (ISO 15693)',
        };
      return { kind: 'iso15693' };
    case 12:
      return { kind: 'epc96' };
    default:
      return { kind: null, why: `is ${s.length / 2} bytes: version 1 takes 4, 7, 10 (ISO 14443), 8 (ISO 15693) or 12 (EPC-96)` };
  }
}

/**
 * The sequence number that follows `seq` (PROTOCOL.md §5): `seq + 1`, and 0 after SEQ_MAX.
 * Example: `nextSeq(12) === 13`, `nextSeq(2147483647) === 0`.
 */
export function nextSeq(seq: number): number {
  return seq >= SEQ_MAX ? 0 : seq + 1;
}

/**
 * True when `seq` is not the number that follows `lastSeq`, i.e. at least one sequenced message was
 * lost, repeated or the reader restarted without a HELLO: the hub then sends `CMD snap` (PROTOCOL.md §5).
 */
export function isSeqGap(lastSeq: number, seq: number): boolean {
  return seq !== nextSeq(lastSeq);
}

/**
 * Frames a message body into a wire line: `body + "*" + crc16Hex(body)`, without newline.
 * Does not check the body; use encodeLine for messages. Example: `frameLine("CMD snap")`.
 */
export function frameLine(body: string): string {
  return `${body}*${crc16Hex(body)}`;
}

/**
 * Encodes one message as its canonical wire line, without the trailing newline (PROTOCOL.md §4).
 * Tag UIDs are written in upper case; fields in the order of PROTOCOL.md.
 * Example: `encodeLine({ type: 'HB', seq: 15, uptimeMs: 123456 })` → `"HB seq=15 up=123456*XXXX"`.
 * @throws RangeError naming the message type and the field when a field is out of range or of the
 *   wrong shape (e.g. `ADD tag: "xyz" is not a tag UID ...`), or when `type` is unknown.
 */
export function encodeLine(msg: Message): string {
  const problem = checkMessage(msg);
  if (problem !== null) throw new RangeError(problem);
  return frameLine(encodeBody(msg));
}

function encodeBody(msg: Message): string {
  switch (msg.type) {
    case 'HELLO':
      return `HELLO rdr=${msg.reader} fw=${msg.firmware} proto=${msg.protocol} zones=${msg.zones.join(',')}${msg.debounce === undefined ? '' : ` deb=${msg.debounce.scans} scan=${msg.debounce.scanMs}`}${msg.sof === undefined ? '' : ` sof=${msg.sof ? 1 : 0}`}`;
    case 'SNAP': {
      const rssi = msg.rssi === undefined ? '' : ` rssi=${msg.rssi.map((r) => (r === null ? '' : String(r))).join(',')}`;
      return `SNAP seq=${msg.seq} zone=${msg.zone} tags=${msg.tags.map((t) => t.toUpperCase()).join(',')}${rssi}`;
    }
    case 'ADD':
      return `ADD seq=${msg.seq} zone=${msg.zone} tag=${msg.tag.toUpperCase()}${msg.rssi === undefined ? '' : ` rssi=${msg.rssi}`}`;
    case 'DEL':
      return `DEL seq=${msg.seq} zone=${msg.zone} tag=${msg.tag.toUpperCase()}`;
    case 'HB':
      return `HB seq=${msg.seq} up=${msg.uptimeMs}`;
    case 'ERR':
      return `ERR seq=${msg.seq} code=${msg.code}${msg.zone === undefined ? '' : ` zone=${msg.zone}`}${msg.text === undefined ? '' : ` text=${msg.text}`}`;
    case 'CMD':
      switch (msg.command) {
        case 'snap':
          return msg.zone === undefined ? 'CMD snap' : `CMD snap zone=${msg.zone}`;
        case 'blink':
        case 'scan':
          return `CMD ${msg.command} ms=${msg.ms}`;
        case 'replay':
          return `CMD replay from=${msg.from}`;
      }
  }
}

/** The first problem with a message to be encoded, as `"TYPE field: what is wrong"`, or null. */
function checkMessage(msg: Message): string | null {
  if (msg === null || typeof msg !== 'object') return `message: expected an object, got ${String(msg)}`;
  const t = (msg as { type?: unknown }).type;
  const where = (field: string) => `${String(t)} ${field}`;
  const uint = (field: string, v: unknown, max: number) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max ? null : `${where(field)}: ${show(v)} is not an integer 0..${max}`);
  const name = (field: string, v: unknown) => (isName(v) ? null : `${where(field)}: ${show(v)} is not a name of 1-32 [A-Za-z0-9_.-]`);
  const tag = (field: string, v: unknown) => (normaliseTagUid(v) !== null ? null : `${where(field)}: ${show(v)} is not a tag UID (8-24 hex digits, even count)`);
  const rssi = (field: string, v: unknown) =>
    typeof v === 'number' && Number.isInteger(v) && v >= RSSI_MIN_DBM && v <= 0 ? null : `${where(field)}: ${show(v)} is not a signal strength, an integer -128..0 dBm`;
  switch (msg.type) {
    case 'HELLO': {
      const firmware = (msg as { firmware?: unknown }).firmware;
      if (!(typeof firmware === 'string' && FIRMWARE_PATTERN.test(firmware))) return `${where('firmware')}: ${show(firmware)} is not a version of 1-32 [A-Za-z0-9_.+-]`;
      if (!Array.isArray(msg.zones) || msg.zones.length === 0) return `${where('zones')}: expected at least one zone name`;
      const seen = new Set<string>();
      for (const z of msg.zones) {
        const p = name('zones', z);
        if (p) return p;
        if (seen.has(z)) return `${where('zones')}: zone "${z}" listed twice`;
        seen.add(z);
      }
      const sof = (msg as { sof?: unknown }).sof;
      if (sof !== undefined && typeof sof !== 'boolean') return `${where('sof')}: ${show(sof)} is not true or false`;
      const p = name('reader', msg.reader) ?? uint('protocol', msg.protocol, PROTOCOL_MAX);
      if (p || msg.debounce === undefined) return p;
      const d = msg.debounce as { scans?: unknown; scanMs?: unknown } | null;
      if (d === null || typeof d !== 'object') return `${where('debounce')}: expected { scans, scanMs }, got ${show(d)}`;
      const range = (field: string, v: unknown, min: number, max: number) =>
        typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? null : `${where(field)}: ${show(v)} is not an integer ${min}..${max}`;
      return range('debounce.scans', d.scans, DEBOUNCE_SCANS_MIN, DEBOUNCE_SCANS_MAX) ?? range('debounce.scanMs', d.scanMs, SCAN_MS_MIN, SCAN_MS_MAX);
    }
    case 'SNAP': {
      const p = uint('seq', msg.seq, SEQ_MAX) ?? name('zone', msg.zone);
      if (p) return p;
      if (!Array.isArray(msg.tags)) return `${where('tags')}: expected an array of tag UIDs`;
      const seen = new Set<string>();
      for (const x of msg.tags) {
        const q = tag('tags', x);
        if (q) return q;
        const u = x.toUpperCase();
        if (seen.has(u)) return `${where('tags')}: tag ${u} listed twice`;
        seen.add(u);
      }
      if (msg.rssi === undefined) return null;
      if (!Array.isArray(msg.rssi) || msg.rssi.length !== msg.tags.length) return `${where('rssi')}: expected an array as long as tags (${msg.tags.length})`;
      for (const r of msg.rssi) {
        const q = r === null ? null : rssi('rssi', r);
        if (q) return q;
      }
      return null;
    }
    case 'ADD':
      return uint('seq', msg.seq, SEQ_MAX) ?? name('zone', msg.zone) ?? tag('tag', msg.tag) ?? (msg.rssi === undefined ? null : rssi('rssi', msg.rssi));
    case 'DEL':
      return uint('seq', msg.seq, SEQ_MAX) ?? name('zone', msg.zone) ?? tag('tag', msg.tag);
    case 'HB':
      return uint('seq', msg.seq, SEQ_MAX) ?? uint('uptimeMs', msg.uptimeMs, UPTIME_MAX_MS);
    case 'ERR': {
      const p = uint('seq', msg.seq, SEQ_MAX);
      if (p) return p;
      if (!(typeof msg.code === 'number' && Number.isInteger(msg.code) && msg.code >= 1 && msg.code <= ERROR_CODE_MAX))
        return `${where('code')}: ${show(msg.code)} is not an integer 1..${ERROR_CODE_MAX}`;
      if (msg.zone !== undefined) {
        const q = name('zone', msg.zone);
        if (q) return q;
      }
      if (msg.text !== undefined && !(typeof msg.text === 'string' && ERR_TEXT_PATTERN.test(msg.text)))
        return `${where('text')}: ${show(msg.text)} is not 1-64 printable characters without space or "*"`;
      return null;
    }
    case 'CMD': {
      const c = msg as { command?: unknown; zone?: unknown; ms?: unknown; from?: unknown };
      switch (c.command) {
        case 'snap':
          return c.zone === undefined ? null : name('zone', c.zone);
        case 'blink':
          return uint('ms', c.ms, BLINK_MS_MAX);
        case 'scan':
          return typeof c.ms === 'number' && c.ms < SCAN_MS_MIN ? `${where('ms')}: ${show(c.ms)} is not an integer ${SCAN_MS_MIN}..${SCAN_MS_MAX}` : uint('ms', c.ms, SCAN_MS_MAX);
        case 'replay':
          return uint('from', c.from, SEQ_MAX);
        default:
          return `${where('command')}: unknown command ${show(c.command)}`;
      }
    }
    default:
      return `message type: unknown type ${show(t)}`;
  }
}

/**
 * Decodes one line (with or without its trailing `\n` / `\r\n`) into a message, or a discard with
 * its reason (PROTOCOL.md §3). Checks, in this order:
 * - longer than MAX_LINE_LENGTH (4096) characters → `too-long` (`line` is then its first 80, as for
 *   {@link overlongResult});
 * - empty, no `*`, or fewer than 4 hex digits after the last `*` → `truncated`;
 * - anything after the 4 hex digits, a byte in the body that is not printable ASCII (0x20-0x7E), or a
 *   CRC that does not match → `bad-checksum`;
 * - a good CRC but a TYPE this codec does not know (type is case-sensitive) → `unknown-type`;
 * - a good CRC but a field missing, repeated, or with a bad value → `malformed`, `detail` names the field.
 * Tag UIDs come out in upper case. Unknown extra `key=value` fields are ignored (forward compatible).
 * On `malformed`, `field` is the key of the field at fault when there is one.
 * `options.protocol` (DecodeOptions): absent = versions 0 and 1 (tags 4..12 bytes), `0` = version 0
 * only, `1` = version 1 with strict tag UID kinds (tagKind). Every line valid in version 0 decodes
 * exactly as before without options (one exception: a bad value in a field named `rssi`, ignored by
 * v0 as unknown, is now `malformed`).
 * Never throws, whatever the input (non-ASCII, control characters, even a non-string).
 */
export function decodeLine(line: string, options?: DecodeOptions): DecodeResult {
  if (typeof line !== 'string') return fail('truncated', `expected a string, got ${typeof line}`, '');
  try {
    return decodeUnsafe(line, options?.protocol);
  } catch (e) {
    // unreachable by design; kept so that garbage from a reader can never crash the hub
    return fail('malformed', `decoder error: ${e instanceof Error ? e.message : String(e)}`, clip(line));
  }
}

function fail(reason: DiscardReason, detail: string, line: string, field?: string): DecodeResult {
  return field === undefined ? { ok: false, reason, detail, line } : { ok: false, reason, detail, line, field };
}

function clip(line: string): string {
  return line.length > MAX_LINE_LENGTH ? line.slice(0, MAX_LINE_LENGTH) : line;
}

function decodeUnsafe(input: string, protocol: 0 | 1 | undefined): DecodeResult {
  let line = input;
  if (line.endsWith('\n')) line = line.slice(0, -1);
  if (line.endsWith('\r')) line = line.slice(0, -1);
  if (line.length > MAX_LINE_LENGTH) return overlongResult({ kind: 'overlong', head: line.slice(0, OVERLONG_HEAD_LENGTH), length: line.length });
  if (line.length === 0) return fail('truncated', 'empty line', line);

  const star = line.lastIndexOf('*');
  if (star < 0) return fail('truncated', 'no "*CCCC" checksum at the end of the line', line);
  const body = line.slice(0, star);
  const trailer = line.slice(star + 1);
  if (!/^[0-9A-Fa-f]{4}/.test(trailer)) return fail('truncated', `expected 4 hex digits after "*" at column ${star + 1}, found ${show(trailer)}`, line);
  if (trailer.length > 4) return fail('bad-checksum', `unexpected ${show(trailer.slice(4))} after the checksum at column ${star + 6}`, line);
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return fail('bad-checksum', `byte 0x${c.toString(16).toUpperCase().padStart(2, '0')} at column ${i + 1} is not printable ASCII`, line);
  }
  const expected = crc16(body);
  const given = parseInt(trailer, 16);
  if (expected !== given) return fail('bad-checksum', `line says ${trailer.toUpperCase()} but its CRC is ${crc16Hex(body)}`, line);

  const tokens = body.split(' ');
  const type = tokens[0] as string;
  const parsed = parseMessage(type, tokens, protocol);
  if (typeof parsed === 'string') {
    const key = /^([a-z][a-z0-9_]*):/.exec(parsed);
    return fail('malformed', `${type} ${parsed}`, line, key ? key[1] : undefined);
  }
  if (parsed === null) return fail('unknown-type', `unknown message type ${show(type)}`, line);
  return { ok: true, message: parsed, line };
}

/** A parsed message, a string naming what is wrong (malformed), or null for an unknown type. */
function parseMessage(type: string, tokens: string[], protocol: 0 | 1 | undefined): Message | string | null {
  const v1 = protocol !== 0;
  /** a tag UID: v0 rule (4..12 bytes) unless strict v1 */
  const tagOf = (raw: string, what: string): Got<TagUid> => {
    if (protocol === 1) {
      const k = tagKindProblem(raw);
      if (k.kind === null) return { err: `${what} ${show(raw)} ${k.why}` };
      return { v: raw.toUpperCase() };
    }
    const t = normaliseTagUid(raw);
    if (t === null) return { err: `${what} ${show(raw)} is not a tag UID (8-24 hex digits, even count)` };
    return { v: t };
  };
  switch (type) {
    case 'HELLO': {
      const f = parseFields(tokens, 1);
      if (typeof f === 'string') return f;
      const reader = name(f, 'rdr');
      if (reader.err !== undefined) return reader.err;
      const fw = need(f, 'fw');
      if (fw.err !== undefined) return fw.err;
      if (!FIRMWARE_PATTERN.test(fw.v)) return `fw: ${show(fw.v)} is not a version of 1-32 [A-Za-z0-9_.+-]`;
      const proto = uint(f, 'proto', PROTOCOL_MAX);
      if (proto.err !== undefined) return proto.err;
      const zs = need(f, 'zones');
      if (zs.err !== undefined) return zs.err;
      const zones = zs.v.split(',');
      const seen = new Set<string>();
      for (const [i, z] of zones.entries()) {
        if (!NAME_PATTERN.test(z)) return `zones: ${show(z)} (item ${i + 1}) is not a zone name of 1-32 [A-Za-z0-9_.-]`;
        if (seen.has(z)) return `zones: zone "${z}" listed twice`;
        seen.add(z);
      }
      const sof = f.get('sof');
      if (sof !== undefined && sof !== '0' && sof !== '1') return `sof: ${show(sof)} is not 0 or 1`;
      const hello: HelloMessage = { type: 'HELLO', reader: reader.v, firmware: fw.v, protocol: proto.v, zones };
      if (sof !== undefined) hello.sof = sof === '1';
      // v1: on-board debounce, `deb` and `scan` together (a v0 decoder ignores them as unknown fields)
      if (!v1 || (!f.has('deb') && !f.has('scan'))) return hello;
      if (!f.has('deb')) return 'deb: missing field (scan= comes with deb=, the scans a tag must be read in before it is reported)';
      const deb = uint(f, 'deb', DEBOUNCE_SCANS_MAX);
      if (deb.err !== undefined || deb.v < DEBOUNCE_SCANS_MIN) return `deb: ${show(f.get('deb'))} is not an integer ${DEBOUNCE_SCANS_MIN}..${DEBOUNCE_SCANS_MAX} (scans a tag must be read in)`;
      if (!f.has('scan')) return 'scan: missing field (deb= comes with scan=, the scan period in ms)';
      const scan = uint(f, 'scan', SCAN_MS_MAX);
      if (scan.err !== undefined || scan.v < SCAN_MS_MIN) return `scan: ${show(f.get('scan'))} is not an integer ${SCAN_MS_MIN}..${SCAN_MS_MAX} (the scan period in ms)`;
      hello.debounce = { scans: deb.v, scanMs: scan.v };
      return hello;
    }
    case 'SNAP': {
      const f = parseFields(tokens, 1);
      if (typeof f === 'string') return f;
      const seq = uint(f, 'seq', SEQ_MAX);
      if (seq.err !== undefined) return seq.err;
      const zone = name(f, 'zone');
      if (zone.err !== undefined) return zone.err;
      const ts = need(f, 'tags', true);
      if (ts.err !== undefined) return ts.err;
      const tags: TagUid[] = [];
      if (ts.v !== '') {
        const seen = new Set<string>();
        for (const [i, raw] of ts.v.split(',').entries()) {
          const t = tagOf(raw, 'tags:');
          if (t.err !== undefined) return `${t.err} (item ${i + 1})`;
          if (seen.has(t.v)) return `tags: tag ${t.v} listed twice`;
          seen.add(t.v);
          tags.push(t.v);
        }
      }
      const out: Message = { type: 'SNAP', seq: seq.v, zone: zone.v, tags };
      if (v1 && f.has('rssi')) {
        const rs = f.get('rssi') as string;
        const items = rs === '' && tags.length === 0 ? [] : rs.split(',');
        if (items.length !== tags.length) return `rssi: ${items.length} values for ${tags.length} tags`;
        const rssi: (number | null)[] = [];
        for (const [i, r] of items.entries()) {
          if (r === '') rssi.push(null);
          else if (!RSSI_PATTERN.test(r) || Number(r) < RSSI_MIN_DBM) return `rssi: ${show(r)} (item ${i + 1}) is not an integer -128..0 dBm`;
          else rssi.push(Number(r));
        }
        out.rssi = rssi;
      }
      return out;
    }
    case 'ADD':
    case 'DEL': {
      const f = parseFields(tokens, 1);
      if (typeof f === 'string') return f;
      const seq = uint(f, 'seq', SEQ_MAX);
      if (seq.err !== undefined) return seq.err;
      const zone = name(f, 'zone');
      if (zone.err !== undefined) return zone.err;
      const raw = need(f, 'tag');
      if (raw.err !== undefined) return raw.err;
      const tag = tagOf(raw.v, 'tag:');
      if (tag.err !== undefined) return tag.err;
      if (type === 'DEL') return { type, seq: seq.v, zone: zone.v, tag: tag.v };
      if (v1 && f.has('rssi')) {
        const r = f.get('rssi') as string;
        if (!RSSI_PATTERN.test(r) || Number(r) < RSSI_MIN_DBM) return `rssi: ${show(r)} is not an integer -128..0 dBm`;
        return { type, seq: seq.v, zone: zone.v, tag: tag.v, rssi: Number(r) };
      }
      return { type, seq: seq.v, zone: zone.v, tag: tag.v };
    }
    case 'HB': {
      const f = parseFields(tokens, 1);
      if (typeof f === 'string') return f;
      const seq = uint(f, 'seq', SEQ_MAX);
      if (seq.err !== undefined) return seq.err;
      const up = uint(f, 'up', UPTIME_MAX_MS);
      if (up.err !== undefined) return up.err;
      return { type: 'HB', seq: seq.v, uptimeMs: up.v };
    }
    case 'ERR': {
      if (!v1) return null;
      const f = parseFields(tokens, 1);
      if (typeof f === 'string') return f;
      const seq = uint(f, 'seq', SEQ_MAX);
      if (seq.err !== undefined) return seq.err;
      const code = uint(f, 'code', ERROR_CODE_MAX);
      if (code.err !== undefined) return code.err;
      if (code.v === 0) return `code: "0" is not an integer 1..${ERROR_CODE_MAX}`;
      const out: Message = { type: 'ERR', seq: seq.v, code: code.v };
      if (f.has('zone')) {
        const zone = name(f, 'zone');
        if (zone.err !== undefined) return zone.err;
        out.zone = zone.v;
      }
      if (f.has('text')) {
        const text = need(f, 'text');
        if (text.err !== undefined) return text.err;
        if (!ERR_TEXT_PATTERN.test(text.v)) return `text: ${show(text.v)} is not 1-64 printable characters without space or "*"`;
        out.text = text.v;
      }
      return out;
    }
    case 'CMD': {
      const expected = v1 ? '"snap", "blink", "scan" or "replay"' : '"snap"';
      const command = tokens[1];
      if (command === undefined || command === '') return `command: missing (expected ${expected})`;
      const known = command === 'snap' || (v1 && (command === 'blink' || command === 'scan' || command === 'replay'));
      if (!known) return `command: unknown command ${show(command)} (expected ${expected})`;
      const f = parseFields(tokens, 2);
      if (typeof f === 'string') return f;
      switch (command) {
        case 'snap': {
          if (!f.has('zone')) return { type: 'CMD', command: 'snap' };
          const zone = name(f, 'zone');
          if (zone.err !== undefined) return zone.err;
          return { type: 'CMD', command: 'snap', zone: zone.v };
        }
        case 'blink': {
          const ms = uint(f, 'ms', BLINK_MS_MAX);
          if (ms.err !== undefined) return ms.err;
          return { type: 'CMD', command: 'blink', ms: ms.v };
        }
        case 'scan': {
          const ms = uint(f, 'ms', SCAN_MS_MAX);
          if (ms.err !== undefined) return ms.err;
          if (ms.v < SCAN_MS_MIN) return `ms: "${ms.v}" is not an integer ${SCAN_MS_MIN}..${SCAN_MS_MAX}`;
          return { type: 'CMD', command: 'scan', ms: ms.v };
        }
        default: {
          const from = uint(f, 'from', SEQ_MAX);
          if (from.err !== undefined) return from.err;
          return { type: 'CMD', command: 'replay', from: from.v };
        }
      }
    }
    default:
      return null;
  }
}

type Fields = Map<string, string>;
type Got<T> = { v: T; err?: undefined } | { v?: undefined; err: string };

/** `key=value` tokens from `tokens[from]` on, or a string naming the first bad one. */
function parseFields(tokens: string[], from: number): Fields | string {
  const f: Fields = new Map();
  for (let i = from; i < tokens.length; i++) {
    const tok = tokens[i] as string;
    if (tok === '') return `field ${i}: empty (two spaces in a row, or a space before "*")`;
    const eq = tok.indexOf('=');
    if (eq < 0) return `field ${i}: ${show(tok)} is not key=value`;
    const key = tok.slice(0, eq);
    if (!KEY_PATTERN.test(key)) return `field ${i}: key ${show(key)} is not [a-z][a-z0-9_]*`;
    if (f.has(key)) return `${key}: field appears twice`;
    f.set(key, tok.slice(eq + 1));
  }
  return f;
}

function need(f: Fields, key: string, emptyOk = false): Got<string> {
  const v = f.get(key);
  if (v === undefined) return { err: `${key}: missing field` };
  if (v === '' && !emptyOk) return { err: `${key}: empty value` };
  return { v };
}

function uint(f: Fields, key: string, max: number): Got<number> {
  const s = need(f, key);
  if (s.err !== undefined) return s;
  const n = UINT_PATTERN.test(s.v) ? Number(s.v) : NaN;
  if (!(n <= max)) return { err: `${key}: ${show(s.v)} is not an integer 0..${max}` };
  return { v: n };
}

function name(f: Fields, key: string): Got<string> {
  const s = need(f, key);
  if (s.err !== undefined) return s;
  if (!NAME_PATTERN.test(s.v)) return { err: `${key}: ${show(s.v)} is not a name of 1-32 [A-Za-z0-9_.-]` };
  return s;
}

/** A value quoted for an error detail: JSON-escaped, clipped to 40 characters. */
function show(v: unknown): string {
  let s: string;
  try {
    s = typeof v === 'string' ? JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}...` : v) : String(v);
  } catch {
    s = '(unprintable)';
  }
  return s;
}

/**
 * The discard of a line longer than MAX_LINE_LENGTH (PROTOCOL.md §2, §4 check 1): reason `too-long`,
 * `line` its first 80 bytes (what the raw log keeps), `detail` its length, e.g. `line is 67108864
 * bytes, longer than the 4096 allowed; only its first 80 bytes are kept` (`…; the stream ended
 * before its newline` when it never ended).
 */
export function overlongResult(o: OverlongLine): DecodeResult {
  const end = o.unterminated ? '; the stream ended before its newline' : '';
  return fail('too-long', `line is ${o.length} bytes, longer than the ${MAX_LINE_LENGTH} allowed; only its first ${OVERLONG_HEAD_LENGTH} bytes are kept${end}`, o.head);
}

/**
 * The discard of a frame cut off by a start of frame before its newline (lines.ts {@link CutFrame},
 * PROTOCOL.md §2 "Start of frame"): `truncated`, with its first 80 bytes as the line and its length
 * in the detail (`frame cut off after 11 bytes by a start of frame (0x02) before its newline`).
 */
export function cutResult(c: CutFrame): DecodeResult {
  const kept = c.length > OVERLONG_HEAD_LENGTH ? `; only its first ${OVERLONG_HEAD_LENGTH} bytes are kept` : '';
  return fail('truncated', `frame cut off after ${c.length} bytes by a start of frame (0x02) before its newline${kept}`, c.head);
}

/** The discard of a clipped line: {@link overlongResult} for an overlong one, {@link cutResult} for a cut frame. */
export function clippedResult(c: ClippedLine): DecodeResult {
  return c.kind === 'cut' ? cutResult(c) : overlongResult(c);
}

/**
 * Splits a stream of text chunks (as they arrive from a serial port, a TCP socket or a Web Serial
 * relay) into lines with RawLineSplitter (lines.ts, PROTOCOL.md §2) and decodes each with decodeLine.
 * Pure: no Node Buffer.
 * - keeps a partial line between pushes, so a line may arrive in any number of chunks;
 * - skips blank lines (empty, or only `\r`) silently;
 * - a line longer than MAX_LINE_LENGTH is never held: at its newline it gives one `too-long`
 *   discard ({@link overlongResult}: its first 80 bytes and its length);
 * - a start of frame (0x02) in the middle of a line gives one `truncated` discard for the bytes
 *   before it ({@link cutResult}) and starts a new line; lines without it decode as ever;
 * - `reset()` forgets the partial line (call it after an unplug or a reconnect, so half a line is
 *   never glued to the next one).
 * The caller decodes bytes to text (ASCII/latin1); any non-ASCII byte only spoils its own line.
 */
export class LineSplitter {
  private readonly raw = new RawLineSplitter();

  /**
   * Feeds one chunk; returns the decode results of the lines it completed, in order (maybe none).
   * Never throws.
   */
  push(chunk: string): DecodeResult[] {
    if (typeof chunk !== 'string') return [];
    return this.raw.push(chunk).map((item) => (item.kind === 'line' ? decodeLine(item.text) : clippedResult(item)));
  }

  /** Forgets any partial line (and any overlong line being skipped). */
  reset(): void {
    this.raw.reset();
  }

  /** Characters held in the partial line now (0 right after a newline or reset; never above MAX_LINE_LENGTH). */
  get pendingLength(): number {
    return this.raw.held;
  }
}
