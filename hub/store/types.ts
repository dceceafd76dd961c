/**
 * The hub's event store: an append-only log of table events and of raw reader lines.
 * Every view is a fold over the log ; nothing in it is ever changed or
 * removed. One implementation today (SQLite, hub/store/sqlite.ts); a PostgreSQL one can follow
 * behind the same interface (keep a single writer per log: sequence numbers must be read in
 * commit order).
 */

/** One event as stored. */
export interface StoredEvent {
  /** position in the whole log (all tables), 1, 2, 3, …; strictly increasing, never reused */
  seq: number;
  /** the table the event belongs to, e.g. `"t1"` */
  tableId: string;
  /** when it happened, ms since epoch */
  at: number;
  /** machine name of the event, e.g. `"tile-moved"`, `"director-ruling"` */
  type: string;
  /** the event's payload: any JSON value (a fresh copy on every read) */
  data: unknown;
}

/** One line as a reader sent it, kept so a flag's evidence can show the exact reads. */
export interface RawLine {
  /** position in the raw-line log, 1, 2, 3, … */
  id: number;
  /** the reader's HELLO id, or null when the line came before (or without) a HELLO */
  reader: string | null;
  /** where it arrived, e.g. `"/dev/serial/by-id/…"` or `"tcp://10.0.0.5:4001"` */
  port: string;
  /** when it arrived, ms since epoch */
  at: number;
  /** the line exactly as received, without its line ending */
  line: string;
  /** `'ok'` when decoded and used, `'sent'` for a command the hub wrote to the reader (hub/readers/raw-log.ts), otherwise the reason it was discarded, e.g. `"bad checksum"` */
  status: 'ok' | string;
}

/**
 * Whether the store is writing the log (`health()`). Not ok while writes fail, or (a store that writes asynchronously,
 * PostgreSQL) while the oldest row not yet written is older than its bound (`STORE_STALL_MS` in
 * hub/store/postgres.ts: the server does not answer): `retrying` true for
 * a failure that may pass (disk full, I/O error, server down: the rows stay pending and are tried
 * again); false when retrying cannot help (a constraint violation: another process wrote this log,
 * so it is not this hub's any more; a corrupt file). Then the store writes nothing more, keeps its
 * appends in memory only (`unwritten` counts them: they are lost when the hub stops) and publishes
 * no further change; the director sees it at `GET /api/director/health`.
 */
export type StoreHealth =
  | {
      ok: true;
      /** a store that writes asynchronously (PostgreSQL): ms since the oldest row not yet written was appended (0: all written) */
      oldestUnwrittenMs?: number;
    }
  | {
      ok: false;
      /** what failed, e.g. `"UNIQUE constraint failed: events.seq"`, prefixed with what to do */
      error: string;
      /** when the failure began, ms since epoch */
      since: number;
      /** true: the write is tried again; false: the store stopped writing for good (restart the hub) */
      retrying: boolean;
      /** events + raw lines appended but not written */
      unwritten: number;
      /** as in the ok variant; past the store's bound (PostgreSQL: 5 s) it alone makes health bad */
      oldestUnwrittenMs?: number;
      /** what the director should check, in words (absent: the disk of the hub's data folder) */
      check?: string;
      /** PostgreSQL with a local spool (./spool.ts): the file that holds the rows not written, so a hub stopped now loses none */
      held?: string;
    };

/** The append-only log behind every table. */
export interface EventStore {
  /**
   * Appends an event. The seq is assigned at once; the row is written with every other append of
   * the same event-loop tick in one transaction (or earlier by `flush()`).
   * @param at ms since epoch, a non-negative integer
   * @param data any JSON-serialisable value (`undefined` is stored as `null`)
   * @returns the stored event (its `data` is a copy: later changes to the argument do not reach the log)
   * @throws TypeError naming the bad argument (empty tableId/type, non-integer at, data that
   *   JSON cannot hold such as a BigInt or a cycle); Error when the store is closed
   */
  append(tableId: string, type: string, at: number, data: unknown): StoredEvent;
  /**
   * Appends a raw reader line. The id is assigned at once; written with the same per-tick batching.
   * @throws TypeError naming the bad field; Error when the store is closed
   */
  appendRawLine(l: Omit<RawLine, 'id'>): number;
  /**
   * The table's events with seq > afterSeq (default: all), in seq order, including appends not
   * written yet.
   */
  events(tableId: string, afterSeq?: number): StoredEvent[];
  /** The raw lines with these ids, in the order asked; unknown ids are left out. */
  rawLines(ids: number[]): RawLine[];
  /** Writes everything pending now, in one transaction (synchronous). */
  flush(): void;
  /**
   * True when `flush()` only starts the write (PostgreSQL): a caller that must not publish what a
   * crash could lose awaits `drain()` first. Absent or false: `flush()` has written everything.
   */
  readonly asyncWrites?: boolean;
  /**
   * Whether writes succeed (see {@link StoreHealth}); optional so an in-memory test store need not
   * have it (absent: healthy).
   */
  health?(): StoreHealth;
  /**
   * How many events and raw reader lines the log holds written (the whole log, earlier runs
   * included: seq and ids are never reused); appends not written yet are not counted (PostgreSQL:
   * exact once `drain()` has resolved). Optional like `health`.
   */
  saved?(): { events: number; rawLines: number };
  /**
   * Flushes and closes. Further calls to append/appendRawLine throw; close() again does nothing.
   * Never throws: rows that cannot be written are reported (stderr / the store's onFlushError).
   */
  close(): void;
}
