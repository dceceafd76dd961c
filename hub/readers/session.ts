/**
 * The state the reader supervisor keeps (hub/readers/supervisor.ts), shared by its parts: one
 * session per configured reader, one entry per open connection, the unknown readers waiting for the
 * director, and the director's aliases. The interfaces a transport and a sink implement live here.
 */
import type { HelloMessage, OnBoardDebounce } from '../../firmware-protocol/messages.js';
import type { LostRange, RelayPage, UnknownReader } from '../api/views.js';
import type { HubLogger } from '../log.js';
import type { EventStore } from '../store/types.js';
import type { SeqMemory } from './sequence.js';
import type { SupervisorTimers } from './snap-retry.js';

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

/** Table id used for reader rulings (and a reader's log entries) when no table owns the reader. */
export const HUB_LOG_ID = 'hub';

/** One configured reader slot: who plays it, its connection, its sequence epoch and its counts. */
export interface ReaderSession {
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
  /** its last HELLO said `sof=1` (true: 0x02 before every line) or not (false); null before any HELLO */
  sof: boolean | null;
  /**
   * the on-board debounce its last HELLO announced (`deb=2 scan=100`, PROTOCOL.md §5.1), or null: none
   * announced, or a v0 HELLO (the hub then keeps its own settle windows for the reader's strong reads)
   */
  debounce: OnBoardDebounce | null;
  lastSeq: number | null;
  lastMessageAt: number | null;
  discarded: number;
  errors: Record<string, number>;
  gaps: number;
  /** the last {@link LOST_RANGES_KEPT} runs of sequence numbers lost (forward gaps), oldest first */
  lost: LostRange[];
  /** sequence numbers lost in forward gaps since the hub started, all ranges counted */
  linesLost: number;
  duplicates: number;
  reconnects: number;
  /** its connection closed and the transport is retrying */
  retrying: boolean;
  /**
   * its connection is open but the link behind it is retrying (a browser relay's Web Bluetooth or
   * Web Serial link dropped, `relay:link`): `reconnecting` until the link is back
   */
  linkRetrying: boolean;
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

/** What the hub knows of one open connection. */
export interface ConnInfo {
  /** the configured slot this connection is bound to */
  slot: string | null;
  /** the unknown HELLO id this connection spoke */
  unknownId: string | null;
  /** replaced by a newer session of the same reader: every later line is ignored */
  superseded: boolean;
  /** discards before any HELLO, carried to the reader when it says who it is */
  errors: Record<string, number>;
  lastRequestAt: number | null;
  /** when the hub last wrote `CMD snap` on this connection (ms), or null */
  askedAt: number | null;
  /** the pending ask again (hub/readers/snap-retry.ts): its timer, its wait (ms), how many asks since the last HELLO */
  retry: { timer: unknown; delayMs: number; asks: number } | null;
  /** the timer that looks, when its reader would go stale, whether it did (hub/readers/snap-retry.ts `watchStale`), or null */
  staleWatch: unknown;
}

/** A reader that said HELLO with an id no slot has: it waits for the director. */
export interface UnknownEntry extends UnknownReader {
  conn: Connection | null;
  hello: HelloMessage;
}

/** Everything the supervisor's parts share: its maps, where lines and sightings go, its clock and log. */
export interface SupervisorState {
  /** configured reader id → its session */
  readonly readers: Map<string, ReaderSession>;
  readonly conns: Map<Connection, ConnInfo>;
  /** unknown HELLO id → the reader waiting */
  readonly unknown: Map<string, UnknownEntry>;
  /** physical HELLO id → configured slot id */
  readonly aliases: Map<string, string>;
  readonly store: EventStore;
  readonly sink: SightingSink;
  /** a reader silent this long is stale (ms) */
  readonly staleMs: number;
  readonly tableOf: (readerId: string) => string | undefined;
  /** the clock for rulings, ms since epoch */
  readonly now: () => number;
  /** hand replayed ADD/DEL lines on to the sink (SupervisorOptions.applyReplayed) */
  readonly applyReplayed: boolean;
  readonly log: HubLogger;
  /** the timers of the snapshot retries (hub/readers/snap-retry.ts) */
  readonly timers: SupervisorTimers;
}

/** A configured reader's session before it has ever connected. */
export function newSession(id: string, zones: readonly string[]): ReaderSession {
  return {
    id,
    zones,
    conn: null,
    port: null,
    physicalId: null,
    firmware: null,
    protocol: 0,
    sof: null,
    debounce: null,
    lastSeq: null,
    lastMessageAt: null,
    discarded: 0,
    errors: {},
    gaps: 0,
    lost: [],
    linesLost: 0,
    duplicates: 0,
    reconnects: 0,
    retrying: false,
    linkRetrying: false,
    synced: new Set(),
    lastRequestAt: null,
    removed: false,
    memory: null,
    missing: new Set(),
    resync: false,
    snapSeq: new Map(),
    tagSeq: new Map(),
  };
}

/** The entry of a connection, made on first sight. */
export function connInfo(s: SupervisorState, conn: Connection): ConnInfo {
  let info = s.conns.get(conn);
  if (!info) {
    info = { slot: null, unknownId: null, superseded: false, errors: {}, lastRequestAt: null, askedAt: null, retry: null, staleWatch: null };
    s.conns.set(conn, info);
  }
  return info;
}

/** Counts `n` more of one error reason. */
export function bump(errors: Record<string, number>, reason: string, n = 1): void {
  errors[reason] = (errors[reason] ?? 0) + n;
}

/** How many lost ranges a reader's status keeps (the newest; `linesLost` counts them all). */
export const LOST_RANGES_KEPT = 8;

/** True when the reader has said nothing for longer than `staleMs` at `now` (ms), or never spoke. */
export function isStale(s: SupervisorState, r: ReaderSession, now: number): boolean {
  return r.lastMessageAt === null || now - r.lastMessageAt > s.staleMs;
}

/** True when every zone of the reader has had a snapshot since its last HELLO. */
export function isSynced(r: ReaderSession): boolean {
  return r.zones.every((z) => r.synced.has(z));
}

/** The log of one configured reader: its table and id on every entry. */
export function logOf(s: SupervisorState, r: ReaderSession): HubLogger {
  return s.log.child({ table: s.tableOf(r.id) ?? HUB_LOG_ID, reader: r.id });
}
