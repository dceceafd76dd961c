/**
 * The event store on PostgreSQL (`pg` 8), for a central server over several rooms.
 *
 * It keeps the SAME synchronous {@link EventStore} surface as the SQLite store: the whole log is
 * loaded into memory by {@link openPostgresStore} before anything reads, reads are served from
 * memory, and appends get their seq/id at once and are written by ONE async writer (one
 * connection), batched per event-loop tick (`setImmediate`) in one transaction. `flush()` kicks the
 * writer; `drain()` resolves when everything appended so far is committed.
 *
 * Single writer per log (STACK.md): the writer's session holds a PostgreSQL advisory lock, so a
 * second hub opening the same database is refused instead of interleaving sequence numbers.
 *
 * Schema: `events(seq bigint primary key, table_id text, at bigint, type text, data jsonb)` and
 * `raw_lines(id bigint primary key, reader text, port text, at bigint, line bytea, status text)`;
 * one statement-level trigger per table raises on UPDATE, DELETE and TRUNCATE
 * (`"events is append-only: UPDATE refused"`, the same words as the SQLite triggers).
 *
 * Where PostgreSQL differs from SQLite (both documented and tested in postgres.test.ts):
 * - `raw_lines.line` is `bytea` (UTF-8 bytes) because PostgreSQL text cannot hold a NUL character
 *   and a reader's garbage may contain one: the line still round-trips exactly.
 * - a NUL character in `reader`, `port`, `status`, or in a string (or key) of an event's `data`
 *   (jsonb cannot hold `\u0000`) is replaced by U+FFFD at append time, in memory and on disk alike,
 *   so reads before and after a restart agree. A NUL in `tableId` or `type` is refused (TypeError).
 * - jsonb does not keep object key order: after a restart an object's keys may come back in
 *   another order (same values).
 */
import { checkAt, checkText } from './checks.js';
import pg from 'pg';
import type { EventStore, RawLine, StoreHealth, StoredEvent } from './types.js';
import { storeErrorLog } from './report.js';
import { stderrLogger } from '../log.js';

/** Options for {@link openPostgresStore}. */
export interface PostgresStoreOptions {
  /**
   * Called when a batch fails to be written (server down, connection lost). Before close() the
   * batch stays pending and is retried after a back-off (250 ms doubling up to 5 s) or on the next
   * flush(). Default: a line on stderr, once per change of state (./report.ts).
   */
  onFlushError?: (err: unknown) => void;
  /** first and longest retry delay after a failed write, ms; default `[250, 5000]` */
  retryMs?: [first: number, max: number];
}

/** The PostgreSQL store: the EventStore surface, plus the writer's promise and counters. */
export interface PostgresEventStore extends EventStore {
  /**
   * Resolves when everything appended before the call is committed (after close(): and the
   * connection is ended). Rejects with the error of the first write attempt that fails meanwhile
   * (the rows stay pending and are retried, unless the store is closed). After close(): rejects,
   * every time, with what could not be written (`event store (…) closed with N events and M raw
   * lines not written: …`), when something could not.
   */
  drain(): Promise<void>;
  /** number of write transactions committed since open (one per non-empty batch) */
  readonly transactions: number;
  /** events + raw lines appended but not committed yet */
  readonly pending: number;
  /** the connection string with any password masked, e.g. `postgres://mj:***@db:5432/hub` */
  readonly url: string;
  /**
   * Whether writes succeed (see {@link StoreHealth}): a failed batch is retried (`retrying: true`)
   * unless PostgreSQL refused it for an integrity constraint (SQLSTATE class 23, e.g. a seq already
   * in the log): then the store stops writing for good and drain() rejects.
   */
  health(): StoreHealth;
}

/** True for an error retrying cannot fix: SQLSTATE class 23 (integrity constraint violation). */
const isPermanent = (err: unknown): boolean => /^23/.test(String((err as { code?: unknown } | null)?.code ?? ''));

/** the advisory-lock key of the log's single writer (any constant; per database) */
const WRITER_LOCK = 0x6d6a6875; // "mjhu"

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  seq      bigint PRIMARY KEY,
  table_id text   NOT NULL,
  at       bigint NOT NULL,
  type     text   NOT NULL,
  data     jsonb  NOT NULL
);
CREATE INDEX IF NOT EXISTS events_by_table ON events (table_id, seq);
CREATE TABLE IF NOT EXISTS raw_lines (
  id     bigint PRIMARY KEY,
  reader text,
  port   text   NOT NULL,
  at     bigint NOT NULL,
  line   bytea  NOT NULL,
  status text   NOT NULL
);
CREATE OR REPLACE FUNCTION mjhub_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP;
END $$;
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'events_append_only' AND tgrelid = 'events'::regclass) THEN
    CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON events
      FOR EACH STATEMENT EXECUTE FUNCTION mjhub_append_only();
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'raw_lines_append_only' AND tgrelid = 'raw_lines'::regclass) THEN
    CREATE TRIGGER raw_lines_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON raw_lines
      FOR EACH STATEMENT EXECUTE FUNCTION mjhub_append_only();
  END IF;
END $$;
`;

const INSERT_EVENTS = `INSERT INTO events (seq, table_id, at, type, data)
  SELECT s, t, a, y, d::jsonb FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::text[], $5::text[]) AS u(s, t, a, y, d)`;
const INSERT_RAW = `INSERT INTO raw_lines (id, reader, port, at, line, status)
  SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::bigint[], $5::bytea[], $6::text[])`;

interface MemEvent {
  seq: number;
  tableId: string;
  at: number;
  type: string;
  /** the JSON text as stored (NUL already replaced) */
  json: string;
}

function checkNoNul(value: string, name: string): void {
  if (value.includes('\u0000')) throw new TypeError(`${name} must not contain a NUL character (PostgreSQL text cannot hold it)`);
}

/** PostgreSQL text cannot hold U+0000: it becomes U+FFFD. */
const noNul = (s: string): string => (s.includes('\u0000') ? s.replace(/\u0000/g, '\uFFFD') : s);

/** `\u0000` escapes (not preceded by an odd run of backslashes) in JSON text become `\ufffd`: jsonb refuses them. */
const jsonNoNul = (json: string): string => (json.includes('\\u0000') ? json.replace(/(?<!\\)((?:\\\\)*)\\u0000/g, '$1\\ufffd') : json);

function toJson(data: unknown, where: string): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(data);
  } catch (err) {
    throw new TypeError(`${where}: data cannot be stored as JSON (${(err as Error).message})`);
  }
  return json === undefined ? 'null' : jsonNoNul(json);
}

function toEvent(p: MemEvent): StoredEvent {
  return { seq: p.seq, tableId: p.tableId, at: p.at, type: p.type, data: JSON.parse(p.json) as unknown };
}

/** The connection string with its password masked, for messages. */
export function maskUrl(url: string): string {
  return url.replace(/^(postgres(?:ql)?:\/\/[^:/@]*:)[^@]*@/i, '$1***@');
}

/** A connected client holding the writer lock. @throws when the server is unreachable or another hub holds the lock */
async function connectWriter(url: string, onBroken: (c: pg.Client) => void): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  // without an 'error' listener a lost connection kills the process
  client.on('error', () => onBroken(client));
  client.on('end', () => onBroken(client));
  await client.connect();
  try {
    const r = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [WRITER_LOCK]);
    if (!r.rows[0]?.ok) {
      throw new Error('another hub is already writing this event log (its PostgreSQL advisory lock is held): a log has a single writer');
    }
    return client;
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
}

async function maxIds(c: pg.Client): Promise<{ seq: number; rawId: number }> {
  const r = await c.query<{ seq: string; raw: string }>(
    'SELECT (SELECT COALESCE(MAX(seq), 0) FROM events) AS seq, (SELECT COALESCE(MAX(id), 0) FROM raw_lines) AS raw',
  );
  return { seq: Number(r.rows[0]!.seq), rawId: Number(r.rows[0]!.raw) };
}

/**
 * Opens the event store in a PostgreSQL database: connects, takes the single-writer lock, creates
 * the schema if missing, and loads the whole log into memory. Seq and raw-line ids continue from
 * the highest already stored.
 * @param url a connection string, e.g. `postgres://mjhub:secret@db.local:5432/tournament`
 * @throws Error naming the (password-masked) url when the server cannot be reached, the schema
 *   cannot be created, or another hub already writes this log
 */
export async function openPostgresStore(url: string, opts: PostgresStoreOptions = {}): Promise<PostgresEventStore> {
  const shown = maskUrl(url);
  const onFlushError = opts.onFlushError ?? storeErrorLog(stderrLogger('store').child({ store: shown })).error;
  const [retryFirst, retryMax] = opts.retryMs ?? [250, 5000];

  let client: pg.Client | null = null;
  const onBroken = (c: pg.Client): void => {
    if (client === c) client = null;
  };

  const byTable = new Map<string, MemEvent[]>();
  const raw = new Map<number, RawLine>();
  let lastSeq = 0;
  let lastRawId = 0;
  try {
    client = await connectWriter(url, onBroken);
    await client.query(SCHEMA);
    const evs = await client.query<{ seq: string; table_id: string; at: string; type: string; data: string }>(
      'SELECT seq, table_id, at, type, data::text AS data FROM events ORDER BY seq',
    );
    for (const row of evs.rows) {
      const e: MemEvent = { seq: Number(row.seq), tableId: row.table_id, at: Number(row.at), type: row.type, json: row.data };
      let list = byTable.get(e.tableId);
      if (!list) byTable.set(e.tableId, (list = []));
      list.push(e);
      lastSeq = e.seq;
    }
    const raws = await client.query<{ id: string; reader: string | null; port: string; at: string; line: Buffer; status: string }>(
      'SELECT id, reader, port, at, line, status FROM raw_lines ORDER BY id',
    );
    for (const row of raws.rows) {
      const r: RawLine = { id: Number(row.id), reader: row.reader, port: row.port, at: Number(row.at), line: row.line.toString('utf8'), status: row.status };
      raw.set(r.id, r);
      lastRawId = r.id;
    }
  } catch (err) {
    const c = client as pg.Client | null;
    if (c) await c.end().catch(() => undefined);
    throw new Error(`openPostgresStore(${shown}): ${(err as Error).message}`, { cause: err });
  }

  let pendingEvents: MemEvent[] = [];
  let pendingRaw: RawLine[] = [];
  let closed = false;
  let ended = false;
  let writing = false;
  let scheduled = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let failures = 0;
  let transactions = 0;
  /** set while writes fail; `retrying: false` = stopped for good */
  let failure: { error: string; since: number; retrying: boolean } | null = null;
  const stopped = (): boolean => failure !== null && !failure.retrying;
  let waiters: { resolve: () => void; reject: (e: unknown) => void }[] = [];

  const hasPending = (): boolean => pendingEvents.length > 0 || pendingRaw.length > 0;

  /** (re)connects when needed; after a reconnect drops pending rows a lost COMMIT acknowledgement did write */
  async function connection(): Promise<pg.Client> {
    if (client) return client;
    const c = await connectWriter(url, onBroken);
    try {
      const { seq, rawId } = await maxIds(c);
      pendingEvents = pendingEvents.filter((e) => e.seq > seq);
      pendingRaw = pendingRaw.filter((r) => r.id > rawId);
    } catch (err) {
      await c.end().catch(() => undefined);
      throw err;
    }
    client = c;
    return c;
  }

  async function writeOnce(): Promise<void> {
    const c = await connection();
    if (!hasPending()) return;
    const evs = pendingEvents;
    const raws = pendingRaw;
    // appends made while this batch is in flight go to fresh arrays: the next batch
    pendingEvents = [];
    pendingRaw = [];
    try {
      await c.query('BEGIN');
      if (evs.length > 0) {
        await c.query(INSERT_EVENTS, [evs.map((e) => e.seq), evs.map((e) => e.tableId), evs.map((e) => e.at), evs.map((e) => e.type), evs.map((e) => e.json)]);
      }
      if (raws.length > 0) {
        await c.query(INSERT_RAW, [
          raws.map((r) => r.id),
          raws.map((r) => r.reader),
          raws.map((r) => r.port),
          raws.map((r) => r.at),
          raws.map((r) => Buffer.from(r.line, 'utf8')),
          raws.map((r) => r.status),
        ]);
      }
      await c.query('COMMIT');
      transactions += 1;
    } catch (err) {
      pendingEvents = evs.concat(pendingEvents);
      pendingRaw = raws.concat(pendingRaw);
      try {
        await c.query('ROLLBACK');
      } catch {
        // the connection is gone: the next attempt reconnects
        if (client === c) client = null;
        void c.end().catch(() => undefined);
      }
      throw err;
    }
  }

  function settle(err?: unknown): void {
    const ws = waiters;
    waiters = [];
    for (const w of ws) (err === undefined ? w.resolve() : w.reject(err));
  }

  let endPromise: Promise<void> | null = null;
  /** what close() could not write: every drain() after it rejects with it */
  let lostAtClose: Error | null = null;
  function end(): Promise<void> {
    if (endPromise) return endPromise;
    ended = true;
    const c = client;
    client = null;
    endPromise = c ? c.end().catch(() => undefined) : Promise.resolve();
    return endPromise;
  }

  /** the single writer: one batch at a time, looping while appends keep arriving */
  function kick(): void {
    if (writing || ended) return;
    if (retryTimer) {
      clearTimeout(retryTimer);
      retryTimer = null;
    }
    if (stopped()) {
      const lost = `${pendingEvents.length} events and ${pendingRaw.length} raw lines not written`;
      if (closed) {
        lostAtClose = new Error(`event store (${shown}) closed with ${lost}: ${failure!.error}`);
        void end().then(() => settle(lostAtClose!));
      }
      else settle(new Error(`${failure!.error}; now ${lost}`));
      return;
    }
    if (!hasPending()) {
      if (closed) void end().then(() => settle());
      else settle();
      return;
    }
    writing = true;
    writeOnce().then(
      () => {
        writing = false;
        failures = 0;
        failure = null;
        kick();
      },
      (err: unknown) => {
        writing = false;
        failures += 1;
        const message = (err as Error)?.message ?? String(err);
        if (isPermanent(err)) {
          failure = {
            error:
              `STOPPED writing the event log ${shown} at ${new Date().toISOString()}: ${message} ` +
              '(a retry cannot fix it: another process wrote this log); what happens from now on is NOT saved: stop this hub and restart it',
            since: failure?.since ?? Date.now(),
            retrying: false,
          };
          if (!closed) {
            try {
              onFlushError(new Error(failure.error, { cause: err }));
            } catch {
              // a failing report must not turn into an uncaught error
            }
          }
          kick(); // settles the waiters (and ends the connection when closed)
          return;
        }
        failure = { error: `writing the event log ${shown} fails, retrying: ${message}`, since: failure?.since ?? Date.now(), retrying: true };
        if (closed) {
          const lost = `${pendingEvents.length} events and ${pendingRaw.length} raw lines`;
          lostAtClose = new Error(`event store (${shown}) closed with ${lost} not written: ${(err as Error).message}`, { cause: err });
          void end().then(() => settle(lostAtClose!));
          return;
        }
        onFlushError(err);
        settle(err);
        const delay = Math.min(retryMax, retryFirst * 2 ** (failures - 1));
        retryTimer = setTimeout(() => {
          retryTimer = null;
          kick();
        }, delay);
      },
    );
  }

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      // while a retry is waiting, appends do not hammer a server that is down; stopped: nothing more
      if (!retryTimer && !stopped()) kick();
    });
  }

  function checkOpen(what: string): void {
    if (closed) throw new Error(`event store is closed: cannot ${what}`);
  }

  return {
    url: shown,
    get transactions() {
      return transactions;
    },
    get pending() {
      return pendingEvents.length + pendingRaw.length;
    },
    saved: () => ({ events: lastSeq - pendingEvents.length, rawLines: lastRawId - pendingRaw.length }),

    append(tableId, type, at, data) {
      checkOpen('append');
      checkText(tableId, 'append: tableId');
      checkText(type, 'append: type');
      checkAt(at, 'append: at');
      checkNoNul(tableId, 'append: tableId');
      checkNoNul(type, 'append: type');
      const json = toJson(data, `append(${tableId}, ${type})`);
      const e: MemEvent = { seq: lastSeq + 1, tableId, at, type, json };
      lastSeq = e.seq;
      let list = byTable.get(tableId);
      if (!list) byTable.set(tableId, (list = []));
      list.push(e);
      pendingEvents.push(e);
      schedule();
      return toEvent(e);
    },

    appendRawLine(l) {
      checkOpen('appendRawLine');
      if (l === null || typeof l !== 'object') throw new TypeError('appendRawLine: line must be an object');
      if (l.reader !== null) checkText(l.reader, 'appendRawLine: reader');
      checkText(l.port, 'appendRawLine: port');
      checkAt(l.at, 'appendRawLine: at');
      checkText(l.line, 'appendRawLine: line', true);
      checkText(l.status, 'appendRawLine: status');
      const r: RawLine = {
        id: lastRawId + 1,
        reader: l.reader === null ? null : noNul(l.reader),
        port: noNul(l.port),
        at: l.at,
        line: l.line,
        status: noNul(l.status),
      };
      lastRawId = r.id;
      raw.set(r.id, r);
      pendingRaw.push(r);
      schedule();
      return r.id;
    },

    events(tableId, afterSeq = 0) {
      checkOpen('read events');
      const list = byTable.get(tableId);
      if (!list) return [];
      // seq order within a table: binary search for the first seq > afterSeq
      let lo = 0;
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (list[mid]!.seq > afterSeq) hi = mid;
        else lo = mid + 1;
      }
      return list.slice(lo).map(toEvent);
    },

    rawLines(ids) {
      checkOpen('read raw lines');
      const out: RawLine[] = [];
      for (const id of ids) {
        const r = raw.get(id);
        if (r) out.push({ ...r });
      }
      return out;
    },

    flush() {
      if (!closed) kick();
    },

    health(): StoreHealth {
      if (!failure) return { ok: true };
      return { ok: false, error: failure.error, since: failure.since, retrying: failure.retrying, unwritten: pendingEvents.length + pendingRaw.length };
    },

    drain() {
      return new Promise<void>((resolve, reject) => {
        if (endPromise) return void endPromise.then(() => (lostAtClose ? reject(lostAtClose) : resolve()));
        waiters.push({ resolve, reject });
        if (!writing && !retryTimer) kick();
      });
    },

    close() {
      if (closed) return;
      closed = true;
      kick(); // writes what is pending, then ends the connection
    },
  };
}
