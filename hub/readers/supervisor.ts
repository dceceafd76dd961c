/**
 * Reader sessions: decodes each line a connection delivers, binds the connection to a reader by
 * the id in its HELLO (never by port path or listing order), checks sequence numbers, asks for a
 * snapshot when one is missing, keeps every raw line in the store, and hands tag sightings on.
 *
 * - One live session per reader: the newest HELLO wins, and every later line of the connection it
 *   replaced is ignored (kept in the raw log as "ignored: superseded").
 * - Messages are deduplicated by (reader, sequence): a line is a repeat when the hub already has the
 *   line of that sequence number in this epoch, byte for byte (the last `DUPLICATE_WINDOW`, ./sequence.ts,
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
 *   until their next snapshots (hub/table/machine/visibility.ts, hub/tracking/tracker.ts `setIncomplete`).
 * - When a connection opens and after every HELLO the hub sends `CMD snap`, and again with a capped
 *   backoff (500 ms doubling to 8000 ms) while the connection has said no HELLO or a zone of its
 *   reader has had no SNAP since the HELLO (hub/readers/snap-retry.ts); stopped when synced, closed,
 *   superseded, and by `close()`.
 * - A reader whose HELLO id is not configured is listed as unknown and never takes a seat by itself:
 *   the director assigns it to a configured slot (an alias) or removes a configured reader that
 *   never comes. Both rulings are events in the store (`reader-assigned`, `reader-removed`), read
 *   back when the supervisor is built, so a restart keeps them.
 *
 * This file is the coordinator; each job is its own module: hub/readers/session.ts (the state the
 * parts share), binding.ts (HELLO → slot, superseded and closed connections), sequence.ts
 * (repeats, gaps, reboots, `CMD snap` / `CMD replay`), snap-retry.ts (asking again for snapshots), sightings.ts (lines → the sink), raw-log.ts
 * (raw-line storage, the commands sent among them), health.ts (reader states and counts), reader-rulings.ts (director rulings),
 * link.ts (a relay page's link to its reader retrying and back).
 */
import { clippedResult, decodeLine } from '../../firmware-protocol/codec.js';
import type { ClippedLine } from '../../firmware-protocol/lines.js';
import type { DecodeResult, OnBoardDebounce, ReaderMessage } from '../../firmware-protocol/messages.js';
import type { ReaderState, ReaderStatus, UnknownReader } from '../api/views.js';
import { silentLogger, type HubLogger } from '../log.js';
import type { EventStore } from '../store/types.js';
import { closed, hello, slotOf } from './binding.js';
import { directory, type ReaderDirectoryView, sessionState, statuses, unknownReaders, untrusted } from './health.js';
import { lineThroughLink, linkChanged } from './link.js';
import { noteConnection, storeRawLine } from './raw-log.js';
import { assignReader, removeReader, restoreRulings } from './reader-rulings.js';
import { resync, sequence, SNAP_REQUEST_INTERVAL_MS, writeSnap } from './sequence.js';
import { bump, type Connection, type ConnInfo, connInfo, newSession, type SightingSink, type SupervisorState } from './session.js';
import { applySighting } from './sightings.js';
import { askSnap, checkSynced, helloSnap, NODE_TIMERS, startSnapRetry, stopTimers, type SupervisorTimers, watchStale } from './snap-retry.js';

export { DUPLICATE_WINDOW, REPLAY_GAP_MAX, SNAP_REQUEST_INTERVAL_MS } from './sequence.js';
export { HUB_LOG_ID, type Connection, type SightingSink } from './session.js';
export type { ReaderDirectoryView } from './health.js';
export { SNAP_ANSWER_MS, SNAP_RETRY_FIRST_MS, SNAP_RETRY_MAX_MS, type SupervisorTimers } from './snap-retry.js';
export type { ReaderAssignedData, ReaderRemovedData } from './reader-rulings.js';

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
  /** the timers of the snapshot retries (hub/readers/snap-retry.ts; default Node's, unref'd): a virtual clock's in tests */
  timers?: SupervisorTimers;
}

/** Supervises every configured reader of the hub. */
export class ReaderSupervisor {
  private readonly s: SupervisorState;

  /**
   * Builds the supervisor and re-applies the director's reader rulings found in the store.
   * @param configured reader id → the zone names it must report
   * @param staleMs a reader silent this long is stale (ms)
   */
  constructor(configured: ReadonlyMap<string, readonly string[]>, store: EventStore, sink: SightingSink, staleMs: number, opts: SupervisorOptions = {}) {
    this.s = {
      readers: new Map(),
      conns: new Map(),
      unknown: new Map(),
      aliases: new Map(),
      store,
      sink,
      staleMs,
      tableOf: opts.tableOf ?? (() => undefined),
      now: opts.now ?? Date.now,
      applyReplayed: opts.applyReplayed ?? false,
      log: opts.log ?? silentLogger(),
      timers: opts.timers ?? NODE_TIMERS,
    };
    for (const [id, zones] of configured) this.s.readers.set(id, newSession(id, zones));
    restoreRulings(this.s);
  }

  // ------------------------------------------------------------------ transport events

  /**
   * A connection opened: ask whoever is there for a HELLO and a snapshot (PROTOCOL.md, `CMD snap`),
   * and again with a capped backoff (hub/readers/snap-retry.ts) until it says HELLO and every zone
   * of its reader has had a SNAP.
   */
  opened(conn: Connection): void {
    const info = connInfo(this.s, conn);
    noteConnection(this.s, conn);
    askSnap(info, conn, this.s.now());
    startSnapRetry(this.s, conn, info);
  }

  /** Stops every snapshot retry (the hub is closing): no timer of the supervisor is left running. */
  close(): void {
    for (const info of this.s.conns.values()) stopTimers(this.s, info);
  }

  /**
   * A connection closed (unplugged, socket ended): its reader is `reconnecting` while the
   * transport retries (`retrying`, default true), else `offline`; its tiles stay where they were.
   * @param reason e.g. "Port closed: disconnected" (in the hub log's `reader disconnected` entry)
   */
  closed(conn: Connection, reason?: string, retrying = true): void {
    const info = this.s.conns.get(conn);
    if (info) stopTimers(this.s, info);
    closed(this.s, conn, reason, retrying);
  }

  /**
   * The link behind an open connection is retrying (`retrying` true: a relay page's Web Bluetooth
   * link dropped and it tries again) or back: the reader is `reconnecting` in between, and asked
   * for its snapshots when it is back (hub/readers/link.ts). Never throws.
   * @param reason what the page said, e.g. "Bluetooth link lost; reconnecting in 250 ms", or null
   */
  link(conn: Connection, retrying: boolean, reason: string | null = null): void {
    linkChanged(this.s, conn, retrying, reason);
  }

  /** One line from a connection, without its newline. Never throws. */
  line(conn: Connection, text: string, at: number): void {
    const slot = this.s.conns.get(conn)?.slot;
    const v1 = slot ? (this.s.readers.get(slot)?.protocol ?? 0) >= 1 : false;
    // a reader that said proto=1 is held to version 1 (strict tag kinds: PROTOCOL.md §5.0)
    this.handle(conn, v1 ? decodeLine(text, { protocol: 1 }) : decodeLine(text), at);
  }

  /**
   * A line longer than MAX_LINE_LENGTH, as the transport's splitter reduced it (it was never held
   * whole): one bad line of the reader (`too-long`), kept in the raw log as its first 80 bytes with
   * its length in the status; or a frame cut off by a start of frame before its newline
   * (`kind: 'cut'`, PROTOCOL.md §2): one bad line, `truncated`, kept the same way. Never throws.
   */
  overlong(conn: Connection, line: ClippedLine, at: number): void {
    this.handle(conn, clippedResult(line), at);
  }

  /** One already-decoded line (from a transport that splits and decodes itself). Never throws. */
  handle(conn: Connection, result: DecodeResult, at: number): void {
    const info = connInfo(this.s, conn);
    noteConnection(this.s, conn);
    const lineId = storeRawLine(this.s, conn, info, result, at);
    if (lineId === null) return; // superseded: kept in the raw log, not read
    lineThroughLink(this.s, conn, info);
    if (!result.ok) {
      const r = info.slot ? this.s.readers.get(info.slot) : undefined;
      if (r) {
        r.discarded += 1;
        bump(r.errors, result.reason);
        this.s.sink.status(r.id);
      } else bump(info.errors, result.reason);
      return;
    }
    const msg = result.message;
    if (msg.type === 'CMD') return; // an echo of our own command: ignore
    this.message(conn, info, msg, at, lineId, result.line);
  }

  private message(conn: Connection, info: ConnInfo, msg: ReaderMessage, at: number, lineId: number, line: string): void {
    if (msg.type === 'HELLO') {
      const previous = slotOf(this.s, msg.reader)?.conn;
      hello(this.s, conn, info, msg, at);
      const p = previous && previous !== conn ? this.s.conns.get(previous) : undefined;
      if (p) stopTimers(this.s, p); // superseded: its reader has moved on
      if (info.slot !== null) {
        helloSnap(this.s, conn, info, at);
        watchStale(this.s, conn, info);
      } else stopTimers(this.s, info); // an unknown reader waits for the director
      return;
    }
    if (info.unknownId) return; // an unknown reader's reads wait for the director
    const r = info.slot ? this.s.readers.get(info.slot) : undefined;
    if (!r) {
      // data before a HELLO: ask who this is (at most once a second per connection)
      if (info.lastRequestAt === null || at - info.lastRequestAt >= SNAP_REQUEST_INTERVAL_MS) {
        info.lastRequestAt = at;
        writeSnap(conn);
      }
      return;
    }
    r.lastMessageAt = at;
    const verdict = sequence(this.s, conn, r, msg, line, at);
    if (verdict === 'repeat') return;
    applySighting(this.s, r, msg, at, lineId, verdict === 'replayed');
    resync(r, at);
    checkSynced(this.s, conn, info);
    watchStale(this.s, conn, info);
  }

  // ------------------------------------------------------------------ health

  /**
   * The state of one reader at `now` (ms): `offline` (never heard, or closed for good, or not
   * configured), `reconnecting` (its port closed and is being retried), `unsynced` (connected, a
   * zone has had no snapshot since its HELLO), `stale` (silent longer than staleMs), `connected`;
   * `reconnecting` too while a relay page says its link to the reader is retrying.
   */
  stateOf(id: string, now: number): ReaderState {
    const r = this.s.readers.get(id);
    return r && !r.removed ? sessionState(this.s, r, now) : 'offline';
  }

  /**
   * Every expected reader's status at `now` (ms); removed readers are left out.
   * @param ids only these readers (one table's), in the order given; default all
   */
  statuses(now: number, ids?: readonly string[]): ReaderStatus[] {
    return statuses(this.s, now, ids);
  }

  /** Expected readers that are not `connected` now: their reads are not trusted for count checks. */
  untrusted(now: number, ids?: readonly string[]): string[] {
    return untrusted(this.s, now, ids);
  }

  /**
   * The on-board debounce the configured reader `id` announced in its last HELLO (`deb=2 scan=100`,
   * PROTOCOL.md §5.1: N scans, the scan period in ms), or null when it announced none, spoke v0, or is
   * not configured. Kept while it is disconnected, until its next HELLO says otherwise.
   */
  onBoardDebounce(id: string): OnBoardDebounce | null {
    return this.s.readers.get(id)?.debounce ?? null;
  }

  /** Reader ids that said HELLO but play no configured slot: waiting for the director. */
  unknownReaders(): UnknownReader[] {
    return unknownReaders(this.s);
  }

  /** What the director's reader list shows: `GET /api/director/readers`. */
  directory(now: number): ReaderDirectoryView {
    return directory(this.s, now);
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
    assignReader(this.s, id, as, by);
  }

  /**
   * The director removes a configured reader that never comes: it is no longer expected, so it no
   * longer shows offline and its players' counts are checked without it. Kept in the store
   * (`reader-removed`). If it says HELLO later it waits as an unknown reader.
   * @throws RulingError 404 when `id` is not a configured reader still expected; 409 when it is connected now
   */
  remove(id: string, by = 'director'): void {
    removeReader(this.s, id, by);
  }
}
