/**
 * Messages of the reader line protocol (see PROTOCOL.md). Pure types: no Node or DOM imports.
 *
 * On the wire every message is one ASCII line:
 *   `TYPE key=value key=value*CCCC\n`
 * where CCCC is the CRC-16/CCITT-FALSE of every byte before the `*`, as 4 upper-case hex digits.
 */

/** Protocol version spoken by this codec. */
export const PROTOCOL_VERSION = 0;

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
}

/** Reader → hub: the full set of tags now seen in one zone (the truth; replaces what was known). */
export interface SnapshotMessage {
  type: 'SNAP';
  /** sequence number, per reader, increasing by one per sequenced message (SNAP, ADD, DEL, HB) */
  seq: number;
  zone: string;
  tags: TagUid[];
}

/** Reader → hub: a tag came into a zone (a hint; the next snapshot is the truth). */
export interface AddMessage {
  type: 'ADD';
  seq: number;
  zone: string;
  tag: TagUid;
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

/** Hub → reader: send a full snapshot of every zone (or of `zone` only). */
export interface SnapshotRequest {
  type: 'CMD';
  command: 'snap';
  zone?: string;
}

/** Anything a reader sends. */
export type ReaderMessage = HelloMessage | SnapshotMessage | AddMessage | RemoveMessage | HeartbeatMessage;
/** Anything the hub sends to a reader. */
export type HubMessage = SnapshotRequest;
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

/** The decoder's answer for one line: a message, or a discard with its reason. Never an exception. */
export type DecodeResult =
  | { ok: true; message: Message; line: string }
  | { ok: false; reason: DiscardReason; detail: string; line: string };
