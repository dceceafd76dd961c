/**
 * Messages of the reader line protocol (see PROTOCOL.md). Pure types: no Node or DOM imports.
 *
 * On the wire every message is one ASCII line:
 *   `TYPE key=value key=value*CCCC\n`
 * where CCCC is the CRC-16/CCITT-FALSE of every byte before the `*`, as 4 upper-case hex digits.
 */

/**
 * Protocol version a HELLO carries by default (the simulator's readers speak version 0). The codec
 * decodes versions 0 and 1 (LATEST_PROTOCOL_VERSION); see PROTOCOL.md §8.
 */
export const PROTOCOL_VERSION = 0;

/** The newest protocol version this codec knows: 1 (PROTOCOL.md, "version 1"). */
export const LATEST_PROTOCOL_VERSION = 1;

/** The protocol versions this codec decodes and encodes. */
export type ProtocolVersion = 0 | 1;

/** A tag UID as upper-case hex, most significant byte first, e.g. `"E004015012345678"`. */
export type TagUid = string;

/** Reader → hub: who I am. Sent after power-up and after every (re)connect. */
export interface HelloMessage {
  type: 'HELLO';
  /** the reader's stable id (burned into the firmware, never the port path), e.g. `"RK-E1"` */
  reader: string;
  /** firmware version string, e.g. `"0.1.0"` */
  firmware: string;
  /** protocol version the reader speaks */
  protocol: number;
  /** the zones this reader scans, e.g. `["in","top"]` */
  zones: string[];
  /**
   * `sof=1` (true) or `sof=0` (false) in the HELLO: every line of this reader starts with the start
   * of frame 0x02 (PROTOCOL.md §2, §5.1); absent when the HELLO does not say (no 0x02)
   */
  sof?: boolean;
  /**
   * v1, optional: the reader debounces on board (PROTOCOL.md §5.1, `deb=2 scan=100` on the wire):
   * it sends ADD only after `scans` consecutive inventories (2..16) read the tag, one every `scanMs`
   * ms (10..60000, the period when the HELLO was sent). Absent: the reader does not say (the hub
   * debounces on its own windows).
   */
  debounce?: OnBoardDebounce;
}

/** A reader's on-board debounce as its HELLO announces it (PROTOCOL.md §5.1 `deb`, `scan`). */
export interface OnBoardDebounce {
  /** N: consecutive scans that must read a tag before the reader reports it present (2..16) */
  scans: number;
  /** the reader's scan period (ms, 10..60000): one inventory of every zone */
  scanMs: number;
}

/** Reader → hub: the full set of tags now seen in one zone (the truth; replaces what was known). */
export interface SnapshotMessage {
  type: 'SNAP';
  /** sequence number, per reader, increasing by one per sequenced message (SNAP, ADD, DEL, HB) */
  seq: number;
  zone: string;
  tags: TagUid[];
  /**
   * v1, optional: signal strength of each tag in dBm (integer -128..0), parallel to `tags`
   * (same length, same order); `null` where the reader has no value for that tag.
   * On the wire: `rssi=-52,,-60` (PROTOCOL.md §5.2). Absent when the line has no `rssi` field.
   */
  rssi?: (number | null)[];
}

/** Reader → hub: a tag came into a zone (a hint; the next snapshot is the truth). */
export interface AddMessage {
  type: 'ADD';
  seq: number;
  zone: string;
  tag: TagUid;
  /** v1, optional: signal strength of the read in dBm (integer -128..0); on the wire `rssi=-52`. */
  rssi?: number;
}

/** Reader → hub: a tag left a zone (a hint; the next snapshot is the truth). */
export interface RemoveMessage {
  type: 'DEL';
  seq: number;
  zone: string;
  tag: TagUid;
}

/** Reader → hub: I am alive. `uptimeMs` is milliseconds since the reader booted. */
export interface HeartbeatMessage {
  type: 'HB';
  seq: number;
  uptimeMs: number;
}

/**
 * v1, reader → hub: something went wrong (sequenced, like SNAP/ADD/DEL/HB). `code` is one of
 * ERROR_CODES (1..99 are the protocol's, 100..65535 the vendor's); `zone` names the zone concerned
 * when there is one; `text` is a short free text without spaces or `*` (1-64 of 0x21-0x7E).
 * Wire: `ERR seq=7 code=4 text=replay-from-2-not-held` (PROTOCOL.md §5.7).
 */
export interface ErrorMessage {
  type: 'ERR';
  seq: number;
  code: number;
  zone?: string;
  text?: string;
}

/** Hub → reader: send a full snapshot of every zone (or of `zone` only). */
export interface SnapshotRequest {
  type: 'CMD';
  command: 'snap';
  zone?: string;
}

/** v1, hub → reader: blink the reader's LED for `ms` milliseconds (0..60000; 0 stops) to identify it. */
export interface BlinkCommand {
  type: 'CMD';
  command: 'blink';
  ms: number;
}

/** v1, hub → reader: run an inventory of every zone every `ms` milliseconds (10..60000). */
export interface ScanCommand {
  type: 'CMD';
  command: 'scan';
  ms: number;
}

/**
 * v1, hub → reader: re-send every sequenced line from `from` (a seq) up to the newest, byte for byte;
 * or answer `ERR code=4` when the reader no longer holds them all (PROTOCOL.md §6.1).
 */
export interface ReplayRequest {
  type: 'CMD';
  command: 'replay';
  from: number;
}

/** Anything a reader sends. */
export type ReaderMessage = HelloMessage | SnapshotMessage | AddMessage | RemoveMessage | HeartbeatMessage | ErrorMessage;
/** Anything the hub sends to a reader. */
export type HubMessage = SnapshotRequest | BlinkCommand | ScanCommand | ReplayRequest;
/** The command words of CMD lines: `snap` (v0), `blink`, `scan`, `replay` (v1). */
export type CommandWord = HubMessage['command'];

/**
 * v1 error codes of `ERR code=<n>` (PROTOCOL.md §5.7). Codes 1..99 belong to the protocol; a hub
 * shows an unknown code as a number. Key: the code; value: its short name.
 */
export const ERROR_CODES: Readonly<Record<number, string>> = {
  1: 'unknown-command', // a CMD with a command word this reader does not know
  2: 'bad-argument', // a known command with a missing or out-of-range argument
  3: 'unknown-zone', // zone= names a zone this reader does not have
  4: 'replay-unavailable', // CMD replay from=N: the reader no longer holds line N (or N is in the future)
  5: 'rf-fault', // the RFID front end of `zone` does not answer (chip, antenna, SPI/I2C bus)
  6: 'tag-unreadable', // a tag answered in `zone` but its UID could not be read whole (collision)
  7: 'overrun', // the reader dropped some of its own lines (output buffer full): expect a gap
  8: 'bad-line', // a line from the hub failed its checks (optional; readers may stay silent)
  9: 'low-power', // supply voltage too low: reads may be missed
};

/**
 * The kinds of tag UID version 1 accepts, by length (PROTOCOL.md §5.0):
 * 4, 7, 10 bytes ISO 14443A (single/double/triple size), 8 bytes ISO 15693 (`E0` first), 12 bytes EPC-96.
 */
export type TagKind = 'iso14443-4' | 'iso14443-7' | 'iso14443-10' | 'iso15693' | 'epc96';
/** Any protocol message. */
export type Message = ReaderMessage | HubMessage;

/** Why a line was discarded by the decoder. */
export type DiscardReason =
  | 'bad-checksum' // the CRC does not match the line
  | 'truncated' // no `*CCCC` trailer, or the line is cut short
  | 'unknown-type' // the checksum is right but the message type is not known
  | 'malformed' // the checksum is right but a field is missing or has a bad value
  | 'too-long'; // longer than MAX_LINE_LENGTH bytes

/** Longest line (without the newline) the hub accepts, in bytes. */
export const MAX_LINE_LENGTH = 4096;

/**
 * The start-of-frame byte, 0x02 (ASCII STX), as a one-character string (PROTOCOL.md §2 "Start of
 * frame"). It cannot occur inside a valid line (only 0x20-0x7E can), so a reader that announces
 * `sof=1` in its HELLO writes it before every line, and a receiver that meets it in the middle of a
 * line knows the bytes before it are a frame cut off without its newline.
 */
export const START_OF_FRAME = '\x02';

/** The decoder's answer for one line: a message, or a discard with its reason. Never an exception. */
export type DecodeResult =
  | { ok: true; message: Message; line: string }
  | {
      ok: false;
      reason: DiscardReason;
      detail: string;
      line: string;
      /** v1, additive: for `malformed`, the key of the field at fault (e.g. `"tag"`, `"command"`), when there is one */
      field?: string;
    };

/** Options of decodeLine. */
export interface DecodeOptions {
  /**
   * The version the sender speaks (from its HELLO). Absent: accept every line valid in version 0 or
   * 1 (tag UIDs of any length 4..12 bytes, as in v0). `0`: version 0 only (ERR is `unknown-type`,
   * blink/scan/replay are unknown commands, `rssi` is an ignored unknown field). `1`: version 1,
   * strict tag UIDs (only the kinds of TagKind).
   */
  protocol?: ProtocolVersion;
}
