/**
 * Sequence numbers of one reader (PROTOCOL.md §6): repeats dropped, gaps counted and their lines
 * awaited, reboots whose HELLO was lost, and the `CMD snap` / `CMD replay` requests that follow.
 *
 * - Messages are deduplicated by (reader, sequence): a line is a repeat when the hub already has the
 *   line of that sequence number in this epoch, byte for byte (the last {@link DUPLICATE_WINDOW}
 *   numbers are remembered). A HELLO starts a new epoch (hub/readers/binding.ts).
 * - A sequence that goes backwards to a line the hub does not have is a reboot whose HELLO was lost:
 *   a new epoch at once, and `CMD snap` until every zone has had a snapshot.
 * - A forward jump is a gap: its numbers are awaited (at most {@link REPLAY_GAP_MAX}), a version 1
 *   reader is asked to replay them (§6.1), and every reader for a snapshot.
 */
import { encodeLine, nextSeq, SEQ_MAX } from '../../firmware-protocol/codec.js';
import type { HelloMessage, ReaderMessage } from '../../firmware-protocol/messages.js';
import { sendLine } from './raw-log.js';
import { lostRangeText } from '../contract/views.js';
import { type Connection, isSynced, LOST_RANGES_KEPT, logOf, type ReaderSession, type SupervisorState } from './session.js';

/** Half the sequence space: a number less than this below the last one went backwards, else forwards (after a wrap). */
const SEQ_HALF = Math.floor((SEQ_MAX + 1) / 2);

/** The least time between two `CMD snap` sent to one reader (or one unbound connection), in ms (PROTOCOL.md §6). */
export const SNAP_REQUEST_INTERVAL_MS = 1000;
/**
 * How many sequence numbers below the last one the hub remembers each line of (a hash of its bytes),
 * to tell a repeat (the same line again: dropped) from a reboot whose HELLO was lost (another line
 * under a number already used). Further below is always a reboot.
 */
export const DUPLICATE_WINDOW = 1024;
/** At most this many sequence numbers of one gap are awaited from a v1 reader's replay (PROTOCOL.md §6.1). */
export const REPLAY_GAP_MAX = 256;

/** A hash of a line's bytes (FNV-1a, 32 bits): tells a repeat from another line under the same number. */
function lineHash(line: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < line.length; i++) {
    h ^= line.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The last {@link DUPLICATE_WINDOW} lines of an epoch, by sequence number (a ring: 8 KB per reader). */
export class SeqMemory {
  private readonly seqs = new Int32Array(DUPLICATE_WINDOW).fill(-1);
  private readonly hashes = new Uint32Array(DUPLICATE_WINDOW);
  note(seq: number, hash: number): void {
    const i = seq % DUPLICATE_WINDOW;
    this.seqs[i] = seq;
    this.hashes[i] = hash;
  }
  /** true when the line of `seq` is held and has this hash */
  holds(seq: number, hash: number): boolean {
    const i = seq % DUPLICATE_WINDOW;
    return this.seqs[i] === seq && this.hashes[i] === hash;
  }
  clear(): void {
    this.seqs.fill(-1);
  }
}

/**
 * How one sequenced line stands: `repeat` (the same line again: dropped), `replayed` (a line of a
 * gap, applied once), or `next` (a new line: the reader's last sequence number now).
 */
export type SequenceVerdict = 'repeat' | 'replayed' | 'next';

/**
 * Checks a sequenced line of a bound reader against the lines held: counts a repeat, a gap or a
 * reboot whose HELLO was lost (each logged once, `CMD snap` asked for), and notes the line.
 * @param line the raw line, byte for byte (its hash tells a repeat from another line under the number)
 */
export function sequence(s: SupervisorState, conn: Connection, r: ReaderSession, msg: Exclude<ReaderMessage, HelloMessage>, line: string, at: number): SequenceVerdict {
  const hash = lineHash(line);
  const memory = (r.memory ??= new SeqMemory());
  let replayed = false;
  if (r.lastSeq !== null && msg.seq !== nextSeq(r.lastSeq)) {
    const behind = (r.lastSeq - msg.seq + SEQ_MAX + 1) % (SEQ_MAX + 1); // 0 = the same seq again; wraps after SEQ_MAX
    if (behind < DUPLICATE_WINDOW && r.missing.delete(msg.seq)) {
      replayed = true; // a line of the gap (a v1 replay, or a late copy of a line lost): applied once (PROTOCOL.md §6.1)
    } else if (behind < DUPLICATE_WINDOW && memory.holds(msg.seq, hash)) {
      r.duplicates += 1; // the same line again: dedup by (reader, sequence)
      return 'repeat';
    } else if (behind <= SEQ_HALF) {
      // backwards to a line the hub does not have: the reader restarted and its HELLO was lost.
      // A new epoch from this line on; its deltas wait for a snapshot of their zone
      r.gaps += 1;
      logOf(s, r).warn({ port: conn.name, lastSeq: r.lastSeq, seq: msg.seq }, `reader restarted: its sequence went back from ${r.lastSeq} to ${msg.seq} with no HELLO; asked for snapshots`);
      newEpoch(r, true);
      r.resync = true;
      s.sink.status(r.id);
      requestSnapshot(r, at);
    } else {
      // a forward jump: lines lost. Take this one (a hint), await the gap's lines, ask for the truth
      r.gaps += 1;
      const from = nextSeq(r.lastSeq);
      const to = (msg.seq + SEQ_MAX) % (SEQ_MAX + 1);
      const lines = (msg.seq - from + SEQ_MAX + 1) % (SEQ_MAX + 1); // after seq 1 came 40: 40 - 2 = 38 lines, 2 to 39
      r.lost = [...r.lost, { from, to, lines, at }].slice(-LOST_RANGES_KEPT);
      r.linesLost += lines;
      logOf(s, r).warn({ port: conn.name, from, to }, `sequence gap: ${lostRangeText({ from, to })}; asked for a snapshot${r.protocol >= 1 ? ' and a replay' : ''}`);
      for (let seq = from, n = 0; seq !== msg.seq && n < REPLAY_GAP_MAX; seq = nextSeq(seq), n++) r.missing.add(seq);
      if (r.missing.size > REPLAY_GAP_MAX) {
        for (const seq of r.missing) {
          if (r.missing.size <= REPLAY_GAP_MAX) break;
          r.missing.delete(seq); // the oldest first (a Set keeps insertion order)
        }
      }
      requestSnapshot(r, at, r.protocol >= 1 ? from : null);
      s.sink.status(r.id); // its gap count changed: the hub knows lines of its zones were lost
    }
  }
  memory.note(msg.seq, hash);
  if (replayed) return 'replayed';
  r.lastSeq = msg.seq;
  return 'next';
}

/** After a line is applied: a reader restarted without a HELLO is asked for snapshots until every zone has had one. */
export function resync(r: ReaderSession, at: number): void {
  if (r.resync) {
    if (isSynced(r)) r.resync = false;
    else requestSnapshot(r, at); // at most once per SNAP_REQUEST_INTERVAL_MS
  }
}

/**
 * A new epoch of a reader's sequence: every zone waits for a snapshot. After a restart whose HELLO
 * was lost (`restarted`) no line of the old epoch is held. After a HELLO the lines held and the
 * gap awaited stay: a HELLO may be a reconnect whose sequence goes on, and the replay the hub
 * asked for just before its `CMD snap` may arrive after the HELLO that answers the snap.
 */
export function newEpoch(r: ReaderSession, restarted: boolean): void {
  r.lastSeq = null;
  if (restarted) {
    r.memory?.clear();
    r.missing.clear();
  }
  r.snapSeq.clear();
  r.tagSeq.clear();
  r.resync = false;
  r.synced.clear();
}

/** True when sequence number `a` (if any) came after `b` (modulo the wrap). */
export function newer(a: number | undefined, b: number): boolean {
  return a !== undefined && a !== b && (a - b + SEQ_MAX + 1) % (SEQ_MAX + 1) < SEQ_HALF;
}

/**
 * `CMD snap` to a reader, at most once per {@link SNAP_REQUEST_INTERVAL_MS} (PROTOCOL.md §6);
 * a version-1 reader is first asked to replay from the first missing sequence number (§6.1).
 */
export function requestSnapshot(r: ReaderSession, at: number, replayFrom: number | null = null): void {
  if (!r.conn) return;
  if (r.lastRequestAt !== null && at - r.lastRequestAt < SNAP_REQUEST_INTERVAL_MS) return;
  r.lastRequestAt = at;
  if (replayFrom !== null) {
    try {
      sendLine(r.conn, encodeLine({ type: 'CMD', command: 'replay', from: replayFrom }));
    } catch {
      /* a connection that cannot be written to will close by itself */
    }
  }
  writeSnap(r.conn);
}

/** `CMD snap` on one connection now (whoever is there answers with HELLO and snapshots). */
export function writeSnap(conn: Connection): void {
  try {
    sendLine(conn, encodeLine({ type: 'CMD', command: 'snap' }));
  } catch {
    /* a connection that cannot be written to will close by itself */
  }
}
