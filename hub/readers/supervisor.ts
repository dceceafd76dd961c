/**
 * Reader sessions: decodes each line a connection delivers, binds the connection to a reader by
 * the id in its HELLO (never by port path or order), checks sequence numbers, asks for a snapshot
 * when one is missing, keeps every raw line in the store, and hands tag sightings on.
 *
 * One live connection per reader id: the newest HELLO wins. A reader whose id is not configured
 * is listed as unknown and its reads are ignored until a director assigns it.
 */
import { decodeLine, encodeLine } from '../../firmware-protocol/codec.js';
import type { DecodeResult, ReaderMessage } from '../../firmware-protocol/messages.js';
import type { ReaderState, ReaderStatus } from '../api/views.js';
import type { EventStore } from '../store/types.js';

/** One open connection to (possibly) a reader: a serial port, a TCP socket, a browser relay. */
export interface Connection {
  /** where it is, e.g. `/dev/ttyUSB0` or `tcp://127.0.0.1:7700` */
  readonly name: string;
  /** sends one line (the newline is added by the transport) */
  write(line: string): void;
}

/** Where tag sightings go: `zone` is `"<reader>/<zone>"`, `line` the raw line id. */
export interface SightingSink {
  snapshot(zone: string, tags: readonly string[], at: number, line: number): void;
  add(zone: string, tag: string, at: number, line: number): void;
  remove(zone: string, tag: string, at: number, line: number): void;
  /** a reader's status changed */
  status(reader: string): void;
}

interface ReaderSession {
  id: string;
  conn: Connection | null;
  lastSeq: number | null;
  lastMessageAt: number | null;
  discarded: number;
  /** zones that have had a snapshot since the last HELLO */
  synced: Set<string>;
  zones: readonly string[];
  offline: boolean;
}

/** Supervises every configured reader of the hub. */
export class ReaderSupervisor {
  private readonly readers = new Map<string, ReaderSession>();
  private readonly byConn = new Map<Connection, string>();
  private readonly unknown = new Map<string, { id: string; port: string; at: number }>();
  private readonly connDiscards = new Map<Connection, number>();

  /**
   * @param configured reader id → the zone names it must report
   * @param staleMs a reader silent this long is stale (ms)
   */
  constructor(
    configured: ReadonlyMap<string, readonly string[]>,
    private readonly store: EventStore,
    private readonly sink: SightingSink,
    private readonly staleMs: number,
  ) {
    for (const [id, zones] of configured) {
      this.readers.set(id, { id, conn: null, lastSeq: null, lastMessageAt: null, discarded: 0, synced: new Set(), zones, offline: true });
    }
  }

  /** A connection opened: ask whoever is there for a HELLO and a snapshot (PROTOCOL.md, `CMD snap`). */
  opened(conn: Connection): void {
    this.request(conn);
  }

  /** A connection closed (unplugged, socket ended): its reader is offline, its tiles stay where they were. */
  closed(conn: Connection): void {
    const id = this.byConn.get(conn);
    this.byConn.delete(conn);
    if (!id) return;
    const r = this.readers.get(id);
    if (r && r.conn === conn) {
      r.conn = null;
      r.offline = true;
      r.synced.clear();
      this.sink.status(id);
    }
  }

  /** One line from a connection, without its newline. Never throws. */
  line(conn: Connection, text: string, at: number): void {
    const result = decodeLine(text);
    this.handle(conn, result, at);
  }

  /** One already-decoded line (from a transport that splits and decodes itself). */
  handle(conn: Connection, result: DecodeResult, at: number): void {
    const readerId = this.byConn.get(conn) ?? null;
    const status = result.ok ? 'ok' : `${result.reason}: ${result.detail}`;
    const lineId = this.store.appendRawLine({ reader: readerId, port: conn.name, at, line: result.line, status });
    if (!result.ok) {
      if (readerId) this.readers.get(readerId)!.discarded += 1;
      else this.connDiscards.set(conn, (this.connDiscards.get(conn) ?? 0) + 1);
      return;
    }
    const msg = result.message;
    if (msg.type === 'CMD') return; // an echo of our own command: ignore
    this.message(conn, msg, at, lineId);
  }

  private message(conn: Connection, msg: ReaderMessage, at: number, lineId: number): void {
    if (msg.type === 'HELLO') {
      const r = this.readers.get(msg.reader);
      if (!r) {
        this.unknown.set(msg.reader, { id: msg.reader, port: conn.name, at });
        return;
      }
      const previous = r.conn;
      if (previous && previous !== conn) this.byConn.delete(previous); // newest session wins
      this.byConn.set(conn, r.id);
      r.conn = conn;
      r.offline = false;
      r.lastSeq = null; // a HELLO starts a new epoch: sequence numbers restart
      r.lastMessageAt = at;
      r.synced.clear();
      this.sink.status(r.id);
      return;
    }
    const id = this.byConn.get(conn);
    if (!id) {
      this.request(conn); // data before a HELLO: ask who this is
      return;
    }
    const r = this.readers.get(id)!;
    r.lastMessageAt = at;
    if (r.lastSeq !== null && msg.seq <= r.lastSeq && r.lastSeq - msg.seq < 1_000_000) return; // a repeat
    const gap = r.lastSeq !== null && msg.seq !== r.lastSeq + 1;
    r.lastSeq = msg.seq;
    if (gap) this.request(conn);
    const zone = (z: string) => `${id}/${z}`;
    switch (msg.type) {
      case 'SNAP': {
        if (!r.zones.includes(msg.zone)) {
          r.discarded += 1;
          return;
        }
        this.sink.snapshot(zone(msg.zone), msg.tags, at, lineId);
        const wasSynced = this.isSynced(r);
        r.synced.add(msg.zone);
        if (!wasSynced && this.isSynced(r)) this.sink.status(id);
        return;
      }
      case 'ADD':
      case 'DEL': {
        if (!r.zones.includes(msg.zone)) {
          r.discarded += 1;
          return;
        }
        if (!r.synced.has(msg.zone)) return; // a delta before the zone's snapshot cannot be placed
        if (msg.type === 'ADD') this.sink.add(zone(msg.zone), msg.tag, at, lineId);
        else this.sink.remove(zone(msg.zone), msg.tag, at, lineId);
        return;
      }
      case 'HB':
        return;
    }
  }

  private isSynced(r: ReaderSession): boolean {
    return r.zones.every((z) => r.synced.has(z));
  }

  private request(conn: Connection): void {
    conn.write(encodeLine({ type: 'CMD', command: 'snap' }));
  }

  /** The state of one reader at `now` (ms). */
  stateOf(id: string, now: number): ReaderState {
    const r = this.readers.get(id);
    if (!r || r.offline || !r.conn) return 'offline';
    if (!this.isSynced(r)) return 'unsynced';
    if (r.lastMessageAt === null || now - r.lastMessageAt > this.staleMs) return 'stale';
    return 'connected';
  }

  /** Every configured reader's status at `now` (ms). */
  statuses(now: number): ReaderStatus[] {
    return [...this.readers.values()].map((r) => ({
      id: r.id,
      state: this.stateOf(r.id, now),
      lastMessageAt: r.lastMessageAt,
      discarded: r.discarded,
    }));
  }

  /** Readers that are not `connected` now: their reads are not trusted for count checks. */
  untrusted(now: number): string[] {
    return [...this.readers.keys()].filter((id) => this.stateOf(id, now) !== 'connected');
  }

  /** Reader ids that said HELLO but are not configured: waiting for the director. */
  unknownReaders(): { id: string; port: string; at: number }[] {
    return [...this.unknown.values()];
  }
}
