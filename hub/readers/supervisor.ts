/**
 * Reader sessions: decodes each line a connection delivers, binds the connection to a reader by
 * the id in its HELLO (never by port path or listing order), checks sequence numbers, asks for a
 * snapshot when one is missing, keeps every raw line in the store, and hands tag sightings on.
 *
 * - One live session per reader: the newest HELLO wins, and every later line of the connection it
 *   replaced is ignored (kept in the raw log as "ignored: superseded").
 * - Messages are deduplicated by (reader, sequence): a line is a repeat when the hub already has the
 *   line of that sequence number in this epoch, byte for byte (the last {@link DUPLICATE_WINDOW}
 *   numbers are remembered). A HELLO starts a new epoch (the reader rebooted or reconnected: its
 *   sequence may restart at 0, PROTOCOL.md §6).
 * - A sequence that goes backwards to a line the hub does not have, with no HELLO, is a reboot
 *   whose HELLO was lost: a new epoch at once, whose deltas wait for a snapshot of their zone; the
 *   hub asks for one (`CMD snap`, answered by HELLO + snapshots) until every zone has had one.
 * - A version 1 reader answers `CMD replay` with the lines of the gap, byte for byte (§6.1): a line
 *   whose sequence number is in the gap is accepted once (kept in the raw log, an ERR counted; its
 *   ADD or DEL handed on only with `applyReplayed`, and not when older than the zone's last
 *   snapshot or than a delta of the same tag applied since; a replayed SNAP never), the others are
 *   repeats. The replay may come after the HELLO that answers the `CMD snap`
 *   sent with it: a HELLO keeps the lines held and the gap awaited.
 * - On a gap the hub sends `CMD snap`, at most once per 1000 ms per reader (PROTOCOL.md §6), and
 *   tells the sink (`status`): the reader's `gaps` count changed, its zones' pictures are incomplete
 *   until their next snapshots (hub/table/machine.ts, hub/tracking/tracker.ts `setIncomplete`).
 * - A reader whose HELLO id is not configured is listed as unknown and never takes a seat by itself:
 *   the director assigns it to a configured slot (an alias) or removes a configured reader that
 *   never comes. Both rulings are events in the store (`reader-assigned`, `reader-removed`), read
 *   back when the supervisor is built, so a restart keeps them.
 */
import { decodeLine, encodeLine, nextSeq, overlongResult, SEQ_MAX } from '../../firmware-protocol/codec.js';
import type { OverlongLine } from '../../firmware-protocol/lines.js';

/** Half the sequence space: a number less than this below the last one went backwards, else forwards (after a wrap). */
const SEQ_HALF = Math.floor((SEQ_MAX + 1) / 2);
import type { DecodeResult, HelloMessage, ReaderMessage } from '../../firmware-protocol/messages.js';
import { RulingError } from '../api/runtime.js';
import type { ReaderState, ReaderStatus, RelayPage, UnknownReader } from '../api/views.js';
import type { EventStore } from '../store/types.js';
import { silentLogger, type HubLogger } from '../log.js';

/** One open connection to (possibly) a reader: a serial port, a TCP socket, a browser relay. */
export interface Connection {
  /** where it is, e.g. `/dev/ttyUSB0` or `tcp://127.0.0.1:7700` */
  readonly name: string;
  /** sends one line (the newline is added by the transport) */
  write(line: string): void;
  /** the browser page behind a relayed connection (hub/api/relay.ts); absent for ports and sockets */
  readonly relayPage?: RelayPage;
  /**
   * Told once when a newer connection's HELLO takes this connection's reader (the newest session
   * wins): every later line of this one is ignored. Must not throw.
   * @param reader the configured reader id; `by` the newer connection; `at` ms since epoch
   */
  superseded?(reader: string, by: Connection, at: number): void;
}

/**
 * Where tag sightings go: `zone` is `"<reader>/<zone>"`, `at` ms since epoch, `line` the raw line id.
 * A protocol v1 reader's signal strength (`rssi`, dBm, PROTOCOL.md §5.2, §5.3) is passed on as is:
 * per tag of a snapshot (same order as `tags`; null where the reader sent no value), or of one ADD;
 * it is undefined when the line carried none (a v0 reader).
 */
export interface SightingSink {
  snapshot(zone: string, tags: readonly string[], at: number, line: number, rssi?: readonly (number | null)[]): void;
  add(zone: string, tag: string, at: number, line: number, rssi?: number): void;
  remove(zone: string, tag: string, at: number, line: number): void;
  /** a reader's status changed */
  status(reader: string): void;
}

/** Options of {@link ReaderSupervisor}. */
export interface SupervisorOptions {
  /**
   * The table owning a configured reader id (for the `reader-assigned` / `reader-removed` events).
   * Readers it does not know (or when omitted) log their rulings under the table id `"hub"`.
   */
  tableOf?: (readerId: string) => string | undefined;
  /** the clock for rulings, ms since epoch (default Date.now) */
  now?: () => number;
  /**
   * Hand replayed ADD/DEL lines (a v1 reader's answer to `CMD replay`, PROTOCOL.md §6.1) on to the
   * sink (default false: they are taken off the gap, and neither repeats nor a reboot, but not
   * applied). They reach the hub after newer lines, stamped with their arrival time, and the
   * snapshot asked for with the replay is the truth: measured over 200 games (README "Noise"),
   * applying them made more net-only moves (realistic 10 → 17, x5 62 → 88) and nothing better.
   */
  applyReplayed?: boolean;
  /**
   * Where a reader's connect, disconnect, sequence gap and restart are logged, once each, with its
   * `table` and `reader` (the hub's `readers` part; default: nowhere)
   */
  log?: HubLogger;
}

/** Payload of a `reader-assigned` event: the physical reader `reader` now plays the configured slot `as`. */
export interface ReaderAssignedData {
  reader: string;
  as: string;
  by: string;
}

/** Payload of a `reader-removed` event: the configured reader `reader` is no longer expected. */
export interface ReaderRemovedData {
  reader: string;
  by: string;
}

/** The director's list of readers: every expected reader and the unknown ones waiting. */
export interface ReaderDirectoryView {
  readers: ReaderStatus[];
  unknown: UnknownReader[];
  /** configured readers the director removed (no longer expected) */
  removed: string[];
}

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
/** A HELLO on a reader's own connection later than this after the hub's last `CMD snap` (ms) was not asked for: the reader restarted. */
const UNASKED_HELLO_MS = 5 * SNAP_REQUEST_INTERVAL_MS;
/** Table id used for reader rulings when no table owns the reader. */
export const HUB_LOG_ID = 'hub';

interface ReaderSession {
  /** the configured id (the slot) */
  id: string;
  zones: readonly string[];
  conn: Connection | null;
  /** where it is or was last connected */
  port: string | null;
  /** the HELLO id of the physical reader in this slot when it is an alias, else null */
  physicalId: string | null;
  firmware: string | null;
  /** protocol version from the last HELLO (v1 readers get strict tag checks and replay requests) */
  protocol: number;
  lastSeq: number | null;
  lastMessageAt: number | null;
  discarded: number;
  errors: Record<string, number>;
  gaps: number;
  duplicates: number;
  reconnects: number;
  /** its connection closed and the transport is retrying */
  retrying: boolean;
  /** zones that have had a snapshot since the last HELLO */
  synced: Set<string>;
  lastRequestAt: number | null;
  removed: boolean;
  /** the lines of this epoch by sequence number (allocated at the first line) */
  memory: SeqMemory | null;
  /** sequence numbers of a gap not received yet: a line with one of them is a replay (or a late copy), applied once */
  missing: Set<number>;
  /** restarted without a HELLO the hub saw: ask for snapshots until every zone has had one */
  resync: boolean;
  /** zone → the sequence number of its last snapshot applied in this epoch */
  snapSeq: Map<string, number>;
  /** tag → the sequence number of its last delta applied in this epoch */
  tagSeq: Map<string, number>;
}

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
class SeqMemory {
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

interface ConnInfo {
  /** the configured slot this connection is bound to */
  slot: string | null;
  /** the unknown HELLO id this connection spoke */
  unknownId: string | null;
  /** replaced by a newer session of the same reader: every later line is ignored */
  superseded: boolean;
  /** discards before any HELLO, carried to the reader when it says who it is */
  errors: Record<string, number>;
  lastRequestAt: number | null;
}

interface UnknownEntry extends UnknownReader {
  conn: Connection | null;
  hello: HelloMessage;
}

function bump(errors: Record<string, number>, reason: string, n = 1): void {
  errors[reason] = (errors[reason] ?? 0) + n;
}

/** Supervises every configured reader of the hub. */
export class ReaderSupervisor {
  private readonly readers = new Map<string, ReaderSession>();
  private readonly conns = new Map<Connection, ConnInfo>();
  private readonly unknown = new Map<string, UnknownEntry>();
  /** physical HELLO id → configured slot id */
  private readonly aliases = new Map<string, string>();
  private readonly tableOf: (readerId: string) => string | undefined;
  private readonly now: () => number;
  private readonly applyReplayed: boolean;
  private readonly log: HubLogger;

  /**
   * Builds the supervisor and re-applies the director's reader rulings found in the store.
   * @param configured reader id → the zone names it must report
   * @param staleMs a reader silent this long is stale (ms)
   */
  constructor(
    configured: ReadonlyMap<string, readonly string[]>,
    private readonly store: EventStore,
    private readonly sink: SightingSink,
    private readonly staleMs: number,
    opts: SupervisorOptions = {},
  ) {
    this.tableOf = opts.tableOf ?? (() => undefined);
    this.now = opts.now ?? Date.now;
    this.applyReplayed = opts.applyReplayed ?? false;
    this.log = opts.log ?? silentLogger();
    for (const [id, zones] of configured) {
      this.readers.set(id, {
        id,
        zones,
        conn: null,
        port: null,
        physicalId: null,
        firmware: null,
        protocol: 0,
        lastSeq: null,
        lastMessageAt: null,
        discarded: 0,
        errors: {},
        gaps: 0,
        duplicates: 0,
        reconnects: 0,
        retrying: false,
        synced: new Set(),
        lastRequestAt: null,
        removed: false,
        memory: null,
        missing: new Set(),
        resync: false,
        snapSeq: new Map(),
        tagSeq: new Map(),
      });
    }
    this.restore();
  }

  // ------------------------------------------------------------------ transport events

  /** A connection opened: ask whoever is there for a HELLO and a snapshot (PROTOCOL.md, `CMD snap`). */
  opened(conn: Connection): void {
    this.info(conn);
    this.write(conn);
  }

  /**
   * A connection closed (unplugged, socket ended): its reader is `reconnecting` while the
   * transport retries (`retrying`, default true), else `offline`; its tiles stay where they were.
   * @param reason e.g. "Port closed: disconnected" (in the hub log's `reader disconnected` entry)
   */
  closed(conn: Connection, reason?: string, retrying = true): void {
    const info = this.conns.get(conn);
    this.conns.delete(conn);
    if (!info) return;
    if (info.unknownId) {
      const u = this.unknown.get(info.unknownId);
      if (u && u.conn === conn) u.conn = null;
    }
    const r = info.slot ? this.readers.get(info.slot) : undefined;
    if (r && r.conn === conn) {
      r.conn = null;
      r.retrying = retrying;
      r.reconnects += 1;
      r.synced.clear();
      this.logOf(r).warn({ port: conn.name, reason: reason ?? null }, `reader disconnected from ${conn.name}${reason ? ` (${reason})` : ''}${retrying ? '; waiting for it to come back' : ''}`);
      this.sink.status(r.id);
    }
  }

  /** The log of one configured reader: its table and id on every entry. */
  private logOf(r: ReaderSession): HubLogger {
    return this.log.child({ table: this.tableOf(r.id) ?? HUB_LOG_ID, reader: r.id });
  }

  /** One line from a connection, without its newline. Never throws. */
  line(conn: Connection, text: string, at: number): void {
    const slot = this.conns.get(conn)?.slot;
    const v1 = slot ? (this.readers.get(slot)?.protocol ?? 0) >= 1 : false;
    // a reader that said proto=1 is held to version 1 (strict tag kinds: PROTOCOL.md §5.0)
    this.handle(conn, v1 ? decodeLine(text, { protocol: 1 }) : decodeLine(text), at);
  }

  /**
   * A line longer than MAX_LINE_LENGTH, as the transport's splitter reduced it (it was never held
   * whole): one bad line of the reader (`too-long`), kept in the raw log as its first 80 bytes with
   * its length in the status. Never throws.
   */
  overlong(conn: Connection, line: OverlongLine, at: number): void {
    this.handle(conn, overlongResult(line), at);
  }

  /** One already-decoded line (from a transport that splits and decodes itself). Never throws. */
  handle(conn: Connection, result: DecodeResult, at: number): void {
    const info = this.info(conn);
    const readerId = info.slot;
    if (info.superseded) {
      this.store.appendRawLine({ reader: readerId, port: conn.name, at, line: result.line, status: 'ignored: superseded by a newer session' });
      return;
    }
    const status = result.ok ? 'ok' : `${result.reason}: ${result.detail}`;
    const lineId = this.store.appendRawLine({ reader: readerId, port: conn.name, at, line: result.line, status });
    if (!result.ok) {
      const r = readerId ? this.readers.get(readerId) : undefined;
      if (r) {
        r.discarded += 1;
        bump(r.errors, result.reason);
        this.sink.status(r.id);
      } else bump(info.errors, result.reason);
      return;
    }
    const msg = result.message;
    if (msg.type === 'CMD') return; // an echo of our own command: ignore
    this.message(conn, info, msg, at, lineId, result.line);
  }

  private info(conn: Connection): ConnInfo {
    let info = this.conns.get(conn);
    if (!info) {
      info = { slot: null, unknownId: null, superseded: false, errors: {}, lastRequestAt: null };
      this.conns.set(conn, info);
    }
    return info;
  }

  /** The configured slot a HELLO id plays now, or null when it waits for the director. */
  private slotOf(helloId: string): ReaderSession | null {
    const r = this.readers.get(this.aliases.get(helloId) ?? helloId);
    return r && !r.removed ? r : null;
  }

  private message(conn: Connection, info: ConnInfo, msg: ReaderMessage, at: number, lineId: number, line: string): void {
    if (msg.type === 'HELLO') {
      const r = this.slotOf(msg.reader);
      if (!r) {
        this.unbind(conn, info);
        if (this.unknown.get(msg.reader)?.conn !== conn) {
          this.log.warn({ reader: msg.reader, port: conn.name }, `unknown reader ${msg.reader} on ${conn.name}: not in the table config; it waits for the director to assign it`);
        }
        info.unknownId = msg.reader;
        this.unknown.set(msg.reader, { id: msg.reader, port: conn.name, at, firmware: msg.firmware, zones: [...msg.zones], conn, hello: msg });
        return;
      }
      this.bind(conn, info, r, msg, at);
      return;
    }
    if (info.unknownId) return; // an unknown reader's reads wait for the director
    const r = info.slot ? this.readers.get(info.slot) : undefined;
    if (!r) {
      // data before a HELLO: ask who this is (at most once a second per connection)
      if (info.lastRequestAt === null || at - info.lastRequestAt >= SNAP_REQUEST_INTERVAL_MS) {
        info.lastRequestAt = at;
        this.write(conn);
      }
      return;
    }
    r.lastMessageAt = at;
    const hash = lineHash(line);
    const memory = (r.memory ??= new SeqMemory());
    let replayed = false;
    if (r.lastSeq !== null && msg.seq !== nextSeq(r.lastSeq)) {
      const behind = (r.lastSeq - msg.seq + SEQ_MAX + 1) % (SEQ_MAX + 1); // 0 = the same seq again; wraps after SEQ_MAX
      if (behind < DUPLICATE_WINDOW && r.missing.delete(msg.seq)) {
        replayed = true; // a line of the gap (a v1 replay, or a late copy of a line lost): applied once (PROTOCOL.md §6.1)
      } else if (behind < DUPLICATE_WINDOW && memory.holds(msg.seq, hash)) {
        r.duplicates += 1; // the same line again: dedup by (reader, sequence)
        return;
      } else if (behind <= SEQ_HALF) {
        // backwards to a line the hub does not have: the reader restarted and its HELLO was lost.
        // A new epoch from this line on; its deltas wait for a snapshot of their zone
        r.gaps += 1;
        this.logOf(r).warn({ port: conn.name, lastSeq: r.lastSeq, seq: msg.seq }, `reader restarted: its sequence went back from ${r.lastSeq} to ${msg.seq} with no HELLO; asked for snapshots`);
        this.newEpoch(r, true);
        r.resync = true;
        this.sink.status(r.id);
        this.requestSnapshot(r, at);
      } else {
        // a forward jump: lines lost. Take this one (a hint), await the gap's lines, ask for the truth
        r.gaps += 1;
        const from = nextSeq(r.lastSeq);
        const to = (msg.seq + SEQ_MAX) % (SEQ_MAX + 1);
        this.logOf(r).warn({ port: conn.name, from, to }, `sequence gap: line${from === to ? ` ${from}` : `s ${from}-${to}`} lost; asked for a snapshot${r.protocol >= 1 ? ' and a replay' : ''}`);
        for (let s = from, n = 0; s !== msg.seq && n < REPLAY_GAP_MAX; s = nextSeq(s), n++) r.missing.add(s);
        if (r.missing.size > REPLAY_GAP_MAX) {
          for (const s of r.missing) {
            if (r.missing.size <= REPLAY_GAP_MAX) break;
            r.missing.delete(s); // the oldest first (a Set keeps insertion order)
          }
        }
        this.requestSnapshot(r, at, r.protocol >= 1 ? from : null);
        this.sink.status(r.id); // its gap count changed: the hub knows lines of its zones were lost
      }
    }
    memory.note(msg.seq, hash);
    if (!replayed) r.lastSeq = msg.seq;
    this.apply(r, msg, at, lineId, replayed);
    if (r.resync) {
      if (this.isSynced(r)) r.resync = false;
      else this.requestSnapshot(r, at); // at most once per SNAP_REQUEST_INTERVAL_MS
    }
  }

  /**
   * A new epoch of a reader's sequence: every zone waits for a snapshot. After a restart whose HELLO
   * was lost (`restarted`) no line of the old epoch is held. After a HELLO the lines held and the
   * gap awaited stay: a HELLO may be a reconnect whose sequence goes on, and the replay the hub
   * asked for just before its `CMD snap` may arrive after the HELLO that answers the snap.
   */
  private newEpoch(r: ReaderSession, restarted: boolean): void {
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
  private newer(a: number | undefined, b: number): boolean {
    return a !== undefined && a !== b && (a - b + SEQ_MAX + 1) % (SEQ_MAX + 1) < SEQ_HALF;
  }

  /** Hands one sequenced message on (a replayed SNAP is older than what was applied since: not applied). */
  private apply(r: ReaderSession, msg: Exclude<ReaderMessage, HelloMessage>, at: number, lineId: number, replayed: boolean): void {
    const zone = (z: string) => `${r.id}/${z}`;
    switch (msg.type) {
      case 'SNAP': {
        if (replayed) return;
        r.snapSeq.set(msg.zone, msg.seq);
        if (!r.zones.includes(msg.zone)) {
          r.discarded += 1;
          bump(r.errors, 'unknown-zone');
          return;
        }
        if (msg.rssi !== undefined) this.sink.snapshot(zone(msg.zone), msg.tags, at, lineId, msg.rssi);
        else this.sink.snapshot(zone(msg.zone), msg.tags, at, lineId);
        const wasSynced = this.isSynced(r);
        r.synced.add(msg.zone);
        if (!wasSynced && this.isSynced(r)) this.sink.status(r.id);
        return;
      }
      case 'ADD':
      case 'DEL': {
        if (!r.zones.includes(msg.zone)) {
          r.discarded += 1;
          bump(r.errors, 'unknown-zone');
          return;
        }
        if (!r.synced.has(msg.zone)) return; // a delta before the zone's snapshot cannot be placed
        if (replayed && !this.applyReplayed) return;
        // a replayed delta older than the zone's last snapshot, or than a delta of the same tag
        // applied since: what came later already says where the tag is
        if (replayed && (this.newer(r.snapSeq.get(msg.zone), msg.seq) || this.newer(r.tagSeq.get(msg.tag), msg.seq))) return;
        r.tagSeq.set(msg.tag, msg.seq);
        if (msg.type === 'ADD') {
          if (msg.rssi !== undefined) this.sink.add(zone(msg.zone), msg.tag, at, lineId, msg.rssi);
          else this.sink.add(zone(msg.zone), msg.tag, at, lineId);
        } else this.sink.remove(zone(msg.zone), msg.tag, at, lineId);
        return;
      }
      case 'HB':
        return;
      case 'ERR':
        bump(r.errors, `err-${msg.code}`); // the reader's own report (v1), not a discarded line
        this.sink.status(r.id);
        return;
      default:
        return; // a later protocol's message: the sequence is counted, the content ignored
    }
  }

  /** Binds a connection to a configured slot after a HELLO: a new epoch; the slot's previous connection is superseded. */
  private bind(conn: Connection, info: ConnInfo, r: ReaderSession, hello: HelloMessage, at: number): void {
    const previous = r.conn;
    if (previous && previous !== conn) {
      const p = this.conns.get(previous);
      if (p) {
        p.superseded = true;
        p.slot = null;
        try {
          previous.superseded?.(r.id, conn, at);
        } catch {
          /* the older connection's own business: the reader has moved on either way */
        }
      }
    }
    if (info.slot && info.slot !== r.id) this.unbind(conn, info);
    const how = `(firmware ${hello.firmware}, protocol ${hello.protocol}${hello.reader === r.id ? '' : `, reader ${hello.reader} assigned to this slot`})`;
    if (previous !== conn) {
      this.logOf(r).info(
        { port: conn.name, firmware: hello.firmware, protocol: hello.protocol },
        `reader connected on ${conn.name} ${how}${previous ? `; its session on ${previous.name} is superseded` : ''}`,
      );
    } else if (r.lastRequestAt === null || at - r.lastRequestAt > UNASKED_HELLO_MS) {
      // a HELLO the hub did not ask for (`CMD snap`) on the same connection: the reader restarted
      this.logOf(r).warn({ port: conn.name, firmware: hello.firmware, protocol: hello.protocol }, `reader restarted on ${conn.name} ${how}`);
    }
    if (info.unknownId) {
      this.unknown.delete(info.unknownId);
      info.unknownId = null;
    }
    info.slot = r.id;
    for (const [reason, n] of Object.entries(info.errors)) {
      bump(r.errors, reason, n);
      r.discarded += n;
    }
    info.errors = {};
    r.conn = conn;
    r.port = conn.name;
    r.physicalId = hello.reader === r.id ? null : hello.reader;
    r.firmware = hello.firmware;
    r.protocol = hello.protocol;
    r.retrying = false;
    this.newEpoch(r, false); // a HELLO starts a new epoch: sequence numbers may restart
    r.lastMessageAt = at;
    this.sink.status(r.id);
  }

  /** The connection stops speaking for the slot it was bound to (it said another id). */
  private unbind(conn: Connection, info: ConnInfo): void {
    const r = info.slot ? this.readers.get(info.slot) : undefined;
    info.slot = null;
    if (r && r.conn === conn) {
      r.conn = null;
      r.retrying = false;
      r.synced.clear();
      this.sink.status(r.id);
    }
  }

  private isSynced(r: ReaderSession): boolean {
    return r.zones.every((z) => r.synced.has(z));
  }

  /**
   * `CMD snap` to a reader, at most once per {@link SNAP_REQUEST_INTERVAL_MS} (PROTOCOL.md §6);
   * a version-1 reader is first asked to replay from the first missing sequence number (§6.1).
   */
  private requestSnapshot(r: ReaderSession, at: number, replayFrom: number | null = null): void {
    if (!r.conn) return;
    if (r.lastRequestAt !== null && at - r.lastRequestAt < SNAP_REQUEST_INTERVAL_MS) return;
    r.lastRequestAt = at;
    if (replayFrom !== null) {
      try {
        r.conn.write(encodeLine({ type: 'CMD', command: 'replay', from: replayFrom }));
      } catch {
        /* a connection that cannot be written to will close by itself */
      }
    }
    this.write(r.conn);
  }

  private write(conn: Connection): void {
    try {
      conn.write(encodeLine({ type: 'CMD', command: 'snap' }));
    } catch {
      /* a connection that cannot be written to will close by itself */
    }
  }

  // ------------------------------------------------------------------ health

  private stateOfSession(r: ReaderSession, now: number): ReaderState {
    if (!r.conn) return r.retrying ? 'reconnecting' : 'offline';
    if (!this.isSynced(r)) return 'unsynced';
    if (r.lastMessageAt === null || now - r.lastMessageAt > this.staleMs) return 'stale';
    return 'connected';
  }

  /**
   * The state of one reader at `now` (ms): `offline` (never heard, or closed for good, or not
   * configured), `reconnecting` (its port closed and is being retried), `unsynced` (connected, a
   * zone has had no snapshot since its HELLO), `stale` (silent longer than staleMs), `connected`.
   */
  stateOf(id: string, now: number): ReaderState {
    const r = this.readers.get(id);
    return r && !r.removed ? this.stateOfSession(r, now) : 'offline';
  }

  /**
   * Every expected reader's status at `now` (ms); removed readers are left out.
   * @param ids only these readers (one table's), in the order given; default all
   */
  statuses(now: number, ids?: readonly string[]): ReaderStatus[] {
    const sessions = ids ? ids.map((id) => this.readers.get(id)).filter((r): r is ReaderSession => r !== undefined) : [...this.readers.values()];
    return sessions
      .filter((r) => !r.removed)
      .map((r) => ({
        id: r.id,
        state: this.stateOfSession(r, now),
        lastMessageAt: r.lastMessageAt,
        discarded: r.discarded,
        port: r.port,
        physicalId: r.physicalId,
        firmware: r.firmware,
        errors: { ...r.errors },
        gaps: r.gaps,
        duplicates: r.duplicates,
        reconnects: r.reconnects,
        ...(r.conn?.relayPage ? { relay: r.conn.relayPage } : {}),
      }));
  }

  /** Expected readers that are not `connected` now: their reads are not trusted for count checks. */
  untrusted(now: number, ids?: readonly string[]): string[] {
    const sessions = ids ? ids.map((id) => this.readers.get(id)).filter((r): r is ReaderSession => r !== undefined) : [...this.readers.values()];
    return sessions.filter((r) => !r.removed && this.stateOfSession(r, now) !== 'connected').map((r) => r.id);
  }

  /** Reader ids that said HELLO but play no configured slot: waiting for the director. */
  unknownReaders(): UnknownReader[] {
    return [...this.unknown.values()].map((u) => ({ id: u.id, port: u.port, at: u.at, firmware: u.firmware, zones: [...u.hello.zones], connected: u.conn !== null }));
  }

  /** What the director's reader list shows: `GET /api/director/readers`. */
  directory(now: number): ReaderDirectoryView {
    return {
      readers: this.statuses(now),
      unknown: this.unknownReaders(),
      removed: [...this.readers.values()].filter((r) => r.removed).map((r) => r.id),
    };
  }

  // ------------------------------------------------------------------ director rulings

  /**
   * The director gives a configured slot to a reader that said an unknown id: from now on its
   * reads are the slot's (its zones, its seat); an alias, kept in the store (`reader-assigned`).
   * Assigning a removed reader to itself (`assign('RK-E1', 'RK-E1')`) expects it again.
   * @param id the HELLO id of the waiting reader, e.g. `"RK-X9"`
   * @param as the configured reader id whose slot it takes, e.g. `"RK-E1"`
   * @throws RulingError 404 when `id` is not waiting or `as` is not configured; 409 when the slot's
   *   own reader is connected now
   */
  assign(id: string, as: string, by = 'director'): void {
    const r = this.readers.get(as);
    if (!r) throw new RulingError(404, `no configured reader '${as}' (body.as must name a reader of the table config)`);
    if (!this.unknown.has(id)) {
      throw new RulingError(404, `reader '${id}' is not waiting for the director (it has not said HELLO with an unknown id since the hub started)`);
    }
    if (!r.removed && r.conn) {
      throw new RulingError(409, `reader '${as}' is connected (${this.stateOfSession(r, this.now())}): only a slot whose reader is not connected can be given to another`);
    }
    const data: ReaderAssignedData = { reader: id, as, by };
    this.store.append(this.tableOf(as) ?? HUB_LOG_ID, 'reader-assigned', this.now(), data);
    this.log.info({ table: this.tableOf(as) ?? HUB_LOG_ID, reader: as, physical: id, by }, `director ruling by ${by}: reader ${id} plays ${as}`);
    this.applyAssign(id, as);
    const u = this.unknown.get(id);
    if (u?.conn) {
      const conn = u.conn;
      const info = this.info(conn);
      this.bind(conn, info, r, u.hello, this.now());
      this.write(conn); // its zones' snapshots came before it had a seat: ask again
    }
    this.unknown.delete(id);
    this.sink.status(r.id);
  }

  /**
   * The director removes a configured reader that never comes: it is no longer expected, so it no
   * longer shows offline and its players' counts are checked without it. Kept in the store
   * (`reader-removed`). If it says HELLO later it waits as an unknown reader.
   * @throws RulingError 404 when `id` is not a configured reader still expected; 409 when it is connected now
   */
  remove(id: string, by = 'director'): void {
    const r = this.readers.get(id);
    if (!r || r.removed) throw new RulingError(404, `no expected reader '${id}' (configured and not removed already)`);
    if (r.conn) throw new RulingError(409, `reader '${id}' is connected (${this.stateOfSession(r, this.now())}): only a reader that is not connected can be removed`);
    const data: ReaderRemovedData = { reader: id, by };
    this.store.append(this.tableOf(id) ?? HUB_LOG_ID, 'reader-removed', this.now(), data);
    this.log.info({ table: this.tableOf(id) ?? HUB_LOG_ID, reader: id, by }, `director ruling by ${by}: reader ${id} is no longer expected`);
    this.applyRemove(id);
    this.sink.status(id);
  }

  private applyAssign(id: string, as: string): void {
    const r = this.readers.get(as);
    if (!r) return;
    for (const [k, v] of this.aliases) if (v === as) this.aliases.delete(k); // one alias per slot
    if (id !== as) this.aliases.set(id, as);
    r.removed = false;
  }

  private applyRemove(id: string): void {
    const r = this.readers.get(id);
    if (!r) return;
    r.removed = true;
    for (const [k, v] of this.aliases) if (v === id) this.aliases.delete(k);
  }

  /** Re-applies the rulings in the store, in log order (at construction). */
  private restore(): void {
    const tables = new Set<string>([HUB_LOG_ID]);
    for (const id of this.readers.keys()) {
      const t = this.tableOf(id);
      if (t) tables.add(t);
    }
    const events = [...tables]
      .flatMap((t) => this.store.events(t))
      .filter((e) => e.type === 'reader-assigned' || e.type === 'reader-removed')
      .sort((a, b) => a.seq - b.seq);
    for (const e of events) {
      const d = e.data as Partial<ReaderAssignedData>;
      if (typeof d?.reader !== 'string') continue;
      if (e.type === 'reader-assigned' && typeof d.as === 'string') this.applyAssign(d.reader, d.as);
      else if (e.type === 'reader-removed') this.applyRemove(d.reader);
    }
  }
}
