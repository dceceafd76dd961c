/**
 * The event store on SQLite (better-sqlite3): one file, WAL journal, `synchronous=FULL`,
 * STRICT tables whose triggers refuse UPDATE and DELETE, so the log is append-only.
 *
 * Appends are assigned their seq/id at once and kept in memory until the end of the current
 * event-loop tick (`setImmediate`), then written in ONE transaction: 2000 single-row commits cost
 * ~700 ms with FULL sync, one 2000-row transaction ~10 ms (measured on a 2-core machine). Reads include pending rows.
 *
 * One writer per file: the store holds the log's lock (hub/store/lock.ts) from open to close, so a
 * second hub on the same data folder is refused at start. A write that fails for a reason a retry
 * cannot fix (a constraint violation, a corrupt or read-only file) stops the store's writing for
 * good and shows in `health()`; nothing is lost silently. A write that fails for a reason a retry
 * can fix is retried with a capped backoff (RETRY_FIRST_MS doubling to RETRY_MAX_MS), not at every
 * append, and reported once when it starts failing and once when it works again (./report.ts).
 */
import { checkAt, checkText } from './checks.js';
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { lockLog, type LogLock } from './lock.js';
import { storeErrorLog } from './report.js';
import { stderrLogger } from '../log.js';
import type { EventStore, RawLine, StoreHealth, StoredEvent } from './types.js';

/** Options for {@link openSqliteStore}. */
export interface SqliteStoreOptions {
  /**
   * Called when a batch written at the end of a tick fails (disk full, I/O error). The batch stays
   * pending and is tried again after a capped backoff (RETRY_FIRST_MS to RETRY_MAX_MS) or at
   * flush(). Also called once when the store stops writing for good (see {@link StoreHealth}) and
   * when close() cannot write what is pending.
   * Default: a line on stderr, once per change of state (./report.ts).
   */
  onFlushError?: (err: unknown) => void;
  /**
   * how long one write waits for a lock another connection holds on the file before it fails with
   * SQLITE_BUSY and is retried later (ms; default {@link BUSY_TIMEOUT_MS}). The wait blocks the
   * event loop that serves every table, so it is short.
   */
  busyTimeoutMs?: number;
  /**
   * One of several connections writing the same file at once (a hub with table workers,
   * hub/workers/pool.ts): connection `index` of `of` assigns only the seqs and raw-line ids
   * congruent to `index` modulo `of`, above every one in the file when it opened, so no two
   * connections ever assign the same one and each connection's (each table's) stay increasing.
   * Only connection 0 takes the log's lock; the others open the file the lock holder's process
   * already holds. Default `{ index: 0, of: 1 }`: the only writer (1, 2, 3, …).
   */
  shard?: { index: number; of: number };
}

/** Default wait for another connection's lock before a write fails and is retried later (ms). */
export const BUSY_TIMEOUT_MS = 250;

/**
 * A write that failed for a reason a retry can fix (disk full, I/O error, a lock held elsewhere) is
 * tried again after RETRY_FIRST_MS, then twice as long after each further failure, up to
 * RETRY_MAX_MS; appends meanwhile wait for that retry instead of each trying (and failing) again.
 */
export const RETRY_FIRST_MS = 100;
/** The longest wait between two tries of a failing write (ms). */
export const RETRY_MAX_MS = 5000;

/** The SQLite store, plus counters tests and health checks can read. */
export interface SqliteEventStore extends EventStore {
  /** number of write transactions committed since open (one per non-empty flush) */
  readonly transactions: number;
  /** ms spent committing those transactions (the durable write: the rows and the fsync of synchronous=FULL), summed, by performance.now() */
  readonly writeMs: number;
  /** events + raw lines appended but not written yet */
  readonly pending: number;
  /** the file path, or `':memory:'` */
  readonly path: string;
  /** the connection's durability settings as SQLite reports them, e.g. `{ journalMode: 'wal', synchronous: 2 }` (2 = FULL) */
  settings(): { journalMode: string; synchronous: number };
  /** whether writes succeed (see {@link StoreHealth}) */
  health(): StoreHealth;
}

/**
 * True when retrying the write cannot succeed: a constraint violation (the rows' seq/id are
 * already in the file: another process wrote this log), a corrupt, foreign or read-only file.
 */
export function isPermanentWriteError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return /^SQLITE_(CONSTRAINT|CORRUPT|NOTADB|MISMATCH|READONLY)/.test(code);
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  seq      INTEGER PRIMARY KEY,
  table_id TEXT    NOT NULL,
  at       INTEGER NOT NULL,
  type     TEXT    NOT NULL,
  data     TEXT    NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS events_by_table ON events (table_id, seq);
CREATE TABLE IF NOT EXISTS raw_lines (
  id     INTEGER PRIMARY KEY,
  reader TEXT,
  port   TEXT    NOT NULL,
  at     INTEGER NOT NULL,
  line   TEXT    NOT NULL,
  status TEXT    NOT NULL
) STRICT;
CREATE TRIGGER IF NOT EXISTS events_no_update BEFORE UPDATE ON events
  BEGIN SELECT RAISE(ABORT, 'events is append-only: UPDATE refused'); END;
CREATE TRIGGER IF NOT EXISTS events_no_delete BEFORE DELETE ON events
  BEGIN SELECT RAISE(ABORT, 'events is append-only: DELETE refused'); END;
CREATE TRIGGER IF NOT EXISTS raw_lines_no_update BEFORE UPDATE ON raw_lines
  BEGIN SELECT RAISE(ABORT, 'raw_lines is append-only: UPDATE refused'); END;
CREATE TRIGGER IF NOT EXISTS raw_lines_no_delete BEFORE DELETE ON raw_lines
  BEGIN SELECT RAISE(ABORT, 'raw_lines is append-only: DELETE refused'); END;
`;

interface PendingEvent {
  seq: number;
  tableId: string;
  at: number;
  type: string;
  json: string;
}

interface EventRow {
  seq: number;
  table_id: string;
  at: number;
  type: string;
  data: string;
}

interface RawRow {
  id: number;
  reader: string | null;
  port: string;
  at: number;
  line: string;
  status: string;
}

function toJson(data: unknown, where: string): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(data);
  } catch (err) {
    throw new TypeError(`${where}: data cannot be stored as JSON (${(err as Error).message})`);
  }
  // undefined, a function or a symbol at top level: JSON has no such value
  return json === undefined ? 'null' : json;
}

function toEvent(p: PendingEvent): StoredEvent {
  return { seq: p.seq, tableId: p.tableId, at: p.at, type: p.type, data: JSON.parse(p.json) as unknown };
}

/**
 * The log holds every raw reader line, so every concealed tile: its folder is the hub user's alone
 * (0700) and the file is 0600 before SQLite opens it (SQLite gives its -wal and -shm files the
 * database file's permissions).
 */
function keepPrivate(path: string): void {
  const dir = dirname(resolve(path));
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  closeSync(openSync(path, 'a', 0o600));
  chmodSync(path, 0o600);
}

/**
 * Opens (creating if needed, folder included) the event store in a SQLite file.
 * Seq and raw-line ids continue from the highest already in the file.
 * @param path a file path, or `':memory:'` for a throw-away store (tests; no lock)
 * @throws Error `data folder /x/data is in use by another hub (pid 1234, started 10:41:02); stop it
 *   or use --data` when another store (another process, or this one) has the file open
 *   (hub/store/lock.ts); the SQLite error when the file cannot be opened or is not a database
 */
export function openSqliteStore(path: string | ':memory:', opts: SqliteStoreOptions = {}): SqliteEventStore {
  let lock: LogLock | null = null;
  let db: Database.Database;
  try {
    if (path !== ':memory:') {
      keepPrivate(path);
      // a shard other than 0 writes beside the lock holder, in its process (see `shard`)
      if ((opts.shard?.index ?? 0) === 0) lock = lockLog(path);
    }
    db = new Database(path, { timeout: opts.busyTimeoutMs ?? BUSY_TIMEOUT_MS });
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.exec(SCHEMA);
  } catch (err) {
    lock?.release();
    throw err;
  }

  const insertEvent = db.prepare<[number, string, number, string, string]>('INSERT INTO events (seq, table_id, at, type, data) VALUES (?, ?, ?, ?, ?)');
  const insertRaw = db.prepare<[number, string | null, string, number, string, string]>('INSERT INTO raw_lines (id, reader, port, at, line, status) VALUES (?, ?, ?, ?, ?, ?)');
  const selectEvents = db.prepare<[string, number], EventRow>('SELECT seq, table_id, at, type, data FROM events WHERE table_id = ? AND seq > ? ORDER BY seq');
  const selectRaw = db.prepare<[string], RawRow>('SELECT id, reader, port, at, line, status FROM raw_lines WHERE id IN (SELECT value FROM json_each(?))');

  const stride = opts.shard?.of ?? 1;
  const offset = opts.shard?.index ?? 0;
  if (!Number.isInteger(stride) || stride < 1 || !Number.isInteger(offset) || offset < 0 || offset >= stride)
    throw new RangeError(`openSqliteStore: shard must be { index: 0..of-1, of >= 1 }, got ${JSON.stringify(opts.shard)}`);
  /** the first number of this connection's share above `max` (max + 1 for the only writer) */
  const firstAbove = (max: number) => Math.ceil((max + 1) / stride) * stride + offset;
  /** the number before `next` in this connection's share: what `lastSeq` / `lastRawId` hold */
  let lastSeq = firstAbove((db.prepare('SELECT COALESCE(MAX(seq), 0) AS n FROM events').get() as { n: number }).n) - stride;
  let lastRawId = firstAbove((db.prepare('SELECT COALESCE(MAX(id), 0) AS n FROM raw_lines').get() as { n: number }).n) - stride;
  const countRows = db.prepare<[], { e: number; r: number }>('SELECT (SELECT COUNT(*) FROM events) AS e, (SELECT COUNT(*) FROM raw_lines) AS r');
  /** with several writers, the file's rows as counted when this connection closed (`saved()` after close) */
  let countedAtClose: { e: number; r: number } | null = null;

  let pendingEvents: PendingEvent[] = [];
  let pendingRaw: RawLine[] = [];
  let scheduled = false;
  let closed = false;
  let transactions = 0;
  let writeMs = 0;
  /** set while writes fail; `retrying: false` = stopped for good */
  let failure: { error: string; since: number; retrying: boolean } | null = null;
  /** while a failing write waits for its next try: the timer and the wait it was set for (ms) */
  let retry: { timer: ReturnType<typeof setTimeout>; ms: number } | null = null;
  let lastRetryMs = 0;
  const where = path === ':memory:' ? 'in memory' : resolve(path);
  const onFlushError = opts.onFlushError ?? storeErrorLog(stderrLogger('store')).error;
  const unwritten = () => {
    const evs = pendingEvents.length > 0 ? ` (seq ${pendingEvents[0]!.seq}-${pendingEvents[pendingEvents.length - 1]!.seq})` : '';
    return `${pendingEvents.length} events${evs} and ${pendingRaw.length} raw lines`;
  };
  /** the error thrown by flush() once writing has stopped */
  const stoppedError = (): Error => new Error(`${failure!.error}; now ${unwritten()} not written`);

  const writeBatch = db.transaction((evs: PendingEvent[], raws: RawLine[]) => {
    for (const e of evs) insertEvent.run(e.seq, e.tableId, e.at, e.type, e.json);
    for (const r of raws) insertRaw.run(r.id, r.reader, r.port, r.at, r.line, r.status);
  });

  function flush(): void {
    if (closed) return;
    if (failure && !failure.retrying) throw stoppedError();
    if (pendingEvents.length === 0 && pendingRaw.length === 0) return;
    const evs = pendingEvents;
    const raws = pendingRaw;
    const started = performance.now();
    try {
      writeBatch(evs, raws); // throws (and rolls back) on failure: the rows stay pending
    } catch (err) {
      const message = (err as Error)?.message ?? String(err);
      if (isPermanentWriteError(err)) {
        failure = {
          error:
            `STOPPED writing the event log ${where} at ${new Date().toISOString()}: ${message} ` +
            '(a retry cannot fix it: another process wrote this log, or the file is damaged); ' +
            'what happens from now on is NOT saved: stop this hub, check that no other hub uses its data folder, and restart it',
          since: failure?.since ?? Date.now(),
          retrying: false,
        };
        throw new Error(`${failure.error}; ${unwritten()} not written`, { cause: err });
      }
      failure = { error: `writing the event log ${where} fails, retrying: ${message}`, since: failure?.since ?? Date.now(), retrying: true };
      retryLater();
      throw err;
    }
    failure = null;
    lastRetryMs = 0;
    if (retry) {
      clearTimeout(retry.timer);
      retry = null;
    }
    transactions += 1;
    writeMs += performance.now() - started;
    // the write is synchronous: nothing can have been appended meanwhile
    pendingEvents = [];
    pendingRaw = [];
  }

  /** Sets the next try of a failing write: RETRY_FIRST_MS, then doubling, at most RETRY_MAX_MS. */
  function retryLater(): void {
    if (retry || closed) return;
    const ms = lastRetryMs === 0 ? RETRY_FIRST_MS : Math.min(RETRY_MAX_MS, lastRetryMs * 2);
    lastRetryMs = ms;
    const timer = setTimeout(() => {
      retry = null;
      if (closed || (failure && !failure.retrying)) return;
      try {
        flush();
      } catch (err) {
        safely(onFlushError, err);
      }
    }, ms);
    timer.unref?.();
    retry = { timer, ms };
  }

  function schedule(): void {
    // a failing write waits for its retry (see retryLater): an append does not try again at once
    if (scheduled || retry) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      if (closed || (failure && !failure.retrying)) return; // stopped: reported once, when it stopped
      try {
        flush();
      } catch (err) {
        safely(onFlushError, err);
      }
    });
  }

  function safely(report: (err: unknown) => void, err: unknown): void {
    try {
      report(err);
    } catch {
      // a failing report must not turn into an uncaught error
    }
  }

  function checkOpen(what: string): void {
    if (closed) throw new Error(`event store is closed: cannot ${what}`);
  }

  return {
    path,
    get transactions() {
      return transactions;
    },
    get writeMs() {
      return writeMs;
    },
    get pending() {
      return pendingEvents.length + pendingRaw.length;
    },
    saved: () => {
      if (stride === 1) return { events: lastSeq - pendingEvents.length, rawLines: lastRawId - pendingRaw.length };
      // several writers: the numbers have gaps, so the file is counted (every connection's rows written so far; once closed, as it was then)
      const n = closed ? countedAtClose : countRows.get()!;
      return { events: n?.e ?? 0, rawLines: n?.r ?? 0 };
    },

    append(tableId, type, at, data) {
      checkOpen('append');
      checkText(tableId, 'append: tableId');
      checkText(type, 'append: type');
      checkAt(at, 'append: at');
      const json = toJson(data, `append(${tableId}, ${type})`);
      const p: PendingEvent = { seq: lastSeq + stride, tableId, at, type, json };
      lastSeq = p.seq;
      pendingEvents.push(p);
      schedule();
      return toEvent(p);
    },

    appendRawLine(l) {
      checkOpen('appendRawLine');
      if (l === null || typeof l !== 'object') throw new TypeError('appendRawLine: line must be an object');
      if (l.reader !== null) checkText(l.reader, 'appendRawLine: reader');
      checkText(l.port, 'appendRawLine: port');
      checkAt(l.at, 'appendRawLine: at');
      checkText(l.line, 'appendRawLine: line', true);
      checkText(l.status, 'appendRawLine: status');
      const r: RawLine = { id: lastRawId + stride, reader: l.reader, port: l.port, at: l.at, line: l.line, status: l.status };
      lastRawId = r.id;
      pendingRaw.push(r);
      schedule();
      return r.id;
    },

    events(tableId, afterSeq = 0) {
      checkOpen('read events');
      const out: StoredEvent[] = selectEvents.all(tableId, afterSeq).map((row) => ({
        seq: row.seq,
        tableId: row.table_id,
        at: row.at,
        type: row.type,
        data: JSON.parse(row.data) as unknown,
      }));
      for (const p of pendingEvents) if (p.tableId === tableId && p.seq > afterSeq) out.push(toEvent(p));
      return out;
    },

    rawLines(ids) {
      checkOpen('read raw lines');
      const wanted = ids.filter((id) => Number.isSafeInteger(id));
      if (wanted.length === 0) return [];
      const byId = new Map<number, RawLine>();
      for (const row of selectRaw.all(JSON.stringify(wanted))) byId.set(row.id, { ...row });
      for (const r of pendingRaw) byId.set(r.id, { ...r });
      const out: RawLine[] = [];
      for (const id of wanted) {
        const r = byId.get(id);
        if (r) out.push({ ...r });
      }
      return out;
    },

    flush,

    settings() {
      checkOpen('read settings');
      return {
        journalMode: String(db.pragma('journal_mode', { simple: true })),
        synchronous: Number(db.pragma('synchronous', { simple: true })),
      };
    },

    health(): StoreHealth {
      if (!failure) return { ok: true };
      return { ok: false, error: failure.error, since: failure.since, retrying: failure.retrying, unwritten: pendingEvents.length + pendingRaw.length };
    },

    close() {
      if (closed) return;
      const stoppedBefore = failure !== null && !failure.retrying; // reported when it stopped
      try {
        if (!stoppedBefore) flush();
      } catch (err) {
        safely(onFlushError, err);
      }
      if (pendingEvents.length > 0 || pendingRaw.length > 0) {
        safely(onFlushError, new Error(`event log ${where} closed with ${unwritten()} not written`));
      }
      if (stride > 1) {
        try {
          countedAtClose = countRows.get() ?? null;
        } catch (err) {
          safely(onFlushError, err);
        }
      }
      closed = true;
      if (retry) clearTimeout(retry.timer);
      retry = null;
      try {
        db.close();
      } catch (err) {
        safely(onFlushError, err);
      }
      lock?.release();
    },
  };
}
