/**
 * The event store on PostgreSQL (`pg` 8), for a central server over several rooms.
 *
 * It keeps the SAME synchronous {@link EventStore} surface as the SQLite store: the whole log is
 * loaded into memory by {@link openPostgresStore} before anything reads, reads are served from
 * memory, and appends get their seq/id at once and are written by ONE async writer (one
 * connection), batched per event-loop tick (`setImmediate`) in one transaction. `flush()` kicks the
 * writer; `drain()` resolves when everything appended so far is committed.
 *
 * Single writer per log (with several writers a sequence column can be read out of commit order):
 * the writer's session holds a PostgreSQL advisory lock, so a
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
 *
 * A server that stops answering while the connection stays open (a frozen network path) is not
 * healthy: `health()` reports the age of the oldest row not yet written and turns bad once it
 * passes {@link STORE_STALL_MS}; every write statement has a client-side timeout (the connection
 * is then dropped and the rows stay pending, retried in order after a reconnect), the connect has a
 * timeout, and TCP keepalive runs both ways (client socket, and the server's `tcp_keepalives_*` for
 * this session, so a backend whose hub vanished ends and frees the writer lock). A batch whose
 * COMMIT reached the server but whose answer did not come back is not written twice: after a
 * reconnect the rows at or below the stored maximum seq / id are dropped from what is pending.
 *
 * With a spool file (`spoolFile`, ./spool.ts: the hub's `<data>/pg-spool.jsonl`), what a failed
 * write leaves pending is also appended there (fsync'd), so a hub stopped before the database is
 * back loses nothing: the next open writes the spooled rows first, in order.
 */
import { checkAt, checkText } from './checks.js';
import pg from 'pg';
import type { EventStore, RawLine, StoreHealth, StoredEvent } from './types.js';
import { storeErrorLog } from './report.js';
import { stderrLogger } from '../log.js';
import { readSpool, Spool } from './spool.js';

/**
 * How old (ms) the oldest row not yet written may get before `health()` turns bad: a write that
 * takes longer means the database server (or the path to it) does not answer, and a hub killed
 * then would lose every pending row. Said in README.md ("PostgreSQL").
 */
export const STORE_STALL_MS = 5_000;

/** What the director should check when the PostgreSQL log is not written (shown in the red banner). */
const CHECK_SERVER = 'Check the database server and the network path to it.';

/** Connection and statement timeouts of the writer, ms (see {@link PostgresStoreOptions.timeouts}). */
export interface PostgresTimeouts {
  /** connecting (TCP + startup + the writer lock) gives up after this; default 5 000 */
  connectMs: number;
  /**
   * a write statement (BEGIN, INSERT, COMMIT) the server has not answered after this is abandoned
   * on the client: the connection is dropped, the rows stay pending; default 15 000. The server's
   * own `statement_timeout` is set a little shorter so that a slow server answers first.
   */
  queryMs: number;
}

const DEFAULT_TIMEOUTS: PostgresTimeouts = { connectMs: 5_000, queryMs: 15_000 };
/** first keepalive probe after this much silence on the socket, ms (client and server side) */
const KEEPALIVE_MS = 5_000;

/** Options for {@link openPostgresStore}. */
export interface PostgresStoreOptions {
  /**
   * Called when a batch fails to be written (server down, connection lost, a statement unanswered
   * past `timeouts.queryMs`: `Query read timeout`), and once when a write has waited longer than
   * {@link STORE_STALL_MS} ("… has not finished for 5 s: the database server does not answer; N
   * rows are kept in memory …"). Before close() the batch stays pending and is retried after a
   * back-off (250 ms doubling up to 5 s) or on the next flush(). Default: a line on stderr, once per change of state (./report.ts).
   */
  onFlushError?: (err: unknown) => void;
  /** first and longest retry delay after a failed write, ms; default `[250, 5000]` */
  retryMs?: [first: number, max: number];
  /** the writer's timeouts; default `{ connectMs: 5000, queryMs: 15000 }` */
  timeouts?: Partial<PostgresTimeouts>;
  /**
   * the hub's own log in a database that several hubs share (`--hub-id`, docs/several-hubs.md):
   * its tables live in the schema {@link hubLogSchema}(hubId) and its writer lock is that schema's,
   * so each hub writes its own log (one writer per log) beside the others. Default: the
   * database's `public` schema, one log per database.
   */
  hubId?: string;
  /**
   * the local spool (./spool.ts), e.g. `<dataDir>/pg-spool.jsonl`: while writes fail, every row not
   * yet written is also appended to this file (fsync'd), and a store opened with a spool left by a
   * hub stopped meanwhile writes its rows, in order, after what the database holds. Default: none
   * (the rows wait in memory only).
   * @throws at open: Error naming the file when its rows do not follow the database's (a row missing between them)
   */
  spoolFile?: string;
}

/** A hub id: 1-40 lowercase letters, digits, `-` or `_`, starting with a letter or a digit (e.g. `hall-a`). */
export const HUB_ID = /^[a-z0-9][a-z0-9_-]{0,39}$/;

/**
 * The PostgreSQL schema that holds hub `hubId`'s log in a shared database, e.g. `hall-a` → `mjhub_hall_a`.
 * @throws TypeError when `hubId` is not a {@link HUB_ID}
 */
export function hubLogSchema(hubId: string): string {
  if (!HUB_ID.test(hubId)) throw new TypeError(`hub id must be 1-40 lowercase letters, digits, - or _ (e.g. hall-a), not "${hubId.slice(0, 60)}"`);
  return `mjhub_${hubId.replace(/-/g, '_')}`;
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
  /** events + raw lines appended but not committed yet (including a batch being written) */
  readonly pending: number;
  /** the connection string with any password masked, e.g. `postgres://mj:***@db:5432/hub` */
  readonly url: string;
  /**
   * Whether writes succeed (see {@link StoreHealth}), always with `oldestUnwrittenMs` (0 when
   * everything is written): a failed batch is retried (`retrying: true`) unless PostgreSQL refused
   * it for an integrity constraint (SQLSTATE class 23, e.g. a seq already in the log): then the
   * store stops writing for good and drain() rejects. A write that has not finished after
   * {@link STORE_STALL_MS} is not ok either (`retrying: true`: it is still waited for).
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
  /** when it was appended (ms since epoch); for health() (0 for rows loaded at open) */
  queuedAt: number;
}

/** A raw line waiting to be written, with when it was appended (ms since epoch). */
interface PendingRaw {
  row: RawLine;
  queuedAt: number;
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

/** The writer's client: timeouts and keepalive both ways (see the module comment). */
function writerClient(url: string, t: PostgresTimeouts, schema: string | null): pg.Client {
  const idleS = Math.max(1, Math.round(KEEPALIVE_MS / 1000));
  // a hub's own log (hubLogSchema): every statement of this session finds its tables there
  const path = schema ? ` -c search_path=${schema}` : '';
  return new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: t.connectMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_MS,
    // the server's side of this session: its backend notices a vanished hub (and frees the lock)
    options: `-c tcp_keepalives_idle=${idleS} -c tcp_keepalives_interval=${idleS} -c tcp_keepalives_count=3${path}`,
  });
}

/** Drops a client at once, without waiting for a server that may not answer. */
function destroyClient(c: pg.Client): void {
  (c as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
  void c.end().catch(() => undefined);
}

/** A statement with the client-side timeout (`query_timeout`): rejects `Query read timeout`. */
function query<R extends pg.QueryResultRow>(c: pg.Client, t: PostgresTimeouts, text: string, values?: unknown[]): Promise<pg.QueryResult<R>> {
  return c.query<R>({ text, values, query_timeout: t.queryMs } as pg.QueryConfig);
}

/**
 * A connected client holding the writer lock, its statements limited by `statement_timeout`.
 * @throws when the server is unreachable (or does not answer within `connectMs`) or another hub holds the lock
 */
async function connectWriter(url: string, t: PostgresTimeouts, onBroken: (c: pg.Client) => void, schema: string | null): Promise<pg.Client> {
  const client = writerClient(url, t, schema);
  // without an 'error' listener a lost connection kills the process
  client.on('error', () => onBroken(client));
  client.on('end', () => onBroken(client));
  await client.connect();
  try {
    // a hub's own log: the lock of its schema (two keys), beside the other hubs' logs
    const r = schema
      ? await query<{ ok: boolean }>(client, t, 'SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok', [WRITER_LOCK, schema])
      : await query<{ ok: boolean }>(client, t, 'SELECT pg_try_advisory_lock($1) AS ok', [WRITER_LOCK]);
    if (!r.rows[0]?.ok) {
      const which = schema ? `the event log in schema ${schema}` : 'this event log';
      throw new Error(`another hub is already writing ${which} (its PostgreSQL advisory lock is held): a log has a single writer`);
    }
    // a little under the client's timeout: a slow server cancels and answers first
    await query(client, t, `SET statement_timeout = ${Math.max(1, Math.floor(t.queryMs * 0.8))}`);
    return client;
  } catch (err) {
    destroyClient(client);
    throw err;
  }
}

async function maxIds(c: pg.Client, t: PostgresTimeouts): Promise<{ seq: number; rawId: number }> {
  const r = await query<{ seq: string; raw: string }>(c, t, 'SELECT (SELECT COALESCE(MAX(seq), 0) FROM events) AS seq, (SELECT COALESCE(MAX(id), 0) FROM raw_lines) AS raw');
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
  const timeouts: PostgresTimeouts = { ...DEFAULT_TIMEOUTS, ...opts.timeouts };
  const schema = opts.hubId !== undefined ? hubLogSchema(opts.hubId) : null;

  let client: pg.Client | null = null;
  const onBroken = (c: pg.Client): void => {
    if (client === c) client = null;
  };

  const byTable = new Map<string, MemEvent[]>();
  const raw = new Map<number, RawLine>();
  let lastSeq = 0;
  let lastRawId = 0;
  /** the rows a spool left that the database does not hold yet, in order: written first */
  let unspooled: { events: MemEvent[]; raws: PendingRaw[] } = { events: [], raws: [] };
  /**
   * Reads the spool left by a hub stopped while its database was away and takes, in memory, the
   * rows after the database's; they are then written like any appended row.
   * @throws Error naming the file when a spooled row is missing between the database's last and the spool's
   */
  const unspool = (file: string): { events: MemEvent[]; raws: PendingRaw[] } => {
    const spooled = readSpool(file);
    const events = spooled.events.filter((e) => e.seq > lastSeq);
    const raws = spooled.raws.filter((r) => r.id > lastRawId);
    const gap = (what: string, want: number, got: number) =>
      new Error(`${file}: its ${what} ${got} does not follow the database's last (${want - 1}): a row is missing; move the file away to start without it`);
    events.forEach((e, i) => {
      if (e.seq !== lastSeq + 1 + i) throw gap('event seq', lastSeq + 1 + i, e.seq);
    });
    raws.forEach((r, i) => {
      if (r.id !== lastRawId + 1 + i) throw gap('raw line id', lastRawId + 1 + i, r.id);
    });
    const now = Date.now();
    const mem = events.map((e): MemEvent => ({ ...e, queuedAt: now }));
    for (const e of mem) {
      let list = byTable.get(e.tableId);
      if (!list) byTable.set(e.tableId, (list = []));
      list.push(e);
      lastSeq = e.seq;
    }
    for (const r of raws) {
      raw.set(r.id, r);
      lastRawId = r.id;
    }
    return { events: mem, raws: raws.map((row) => ({ row, queuedAt: now })) };
  };
  try {
    client = await connectWriter(url, timeouts, onBroken, schema);
    // loading a long log may take a while: no statement timeout for it (keepalive still watches the socket)
    await client.query('SET statement_timeout = 0');
    if (schema) await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(SCHEMA);
    const evs = await client.query<{ seq: string; table_id: string; at: string; type: string; data: string }>('SELECT seq, table_id, at, type, data::text AS data FROM events ORDER BY seq');
    for (const row of evs.rows) {
      const e: MemEvent = { seq: Number(row.seq), tableId: row.table_id, at: Number(row.at), type: row.type, json: row.data, queuedAt: 0 };
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
    await query(client, timeouts, `SET statement_timeout = ${Math.max(1, Math.floor(timeouts.queryMs * 0.8))}`);
    if (opts.spoolFile) unspooled = unspool(opts.spoolFile);
  } catch (err) {
    const c = client as pg.Client | null;
    if (c) await c.end().catch(() => undefined);
    throw new Error(`openPostgresStore(${shown}): ${(err as Error).message}`, { cause: err });
  }

  let pendingEvents: MemEvent[] = unspooled.events;
  let pendingRaw: PendingRaw[] = unspooled.raws;
  const spool = opts.spoolFile ? new Spool(opts.spoolFile) : null;
  /** the highest seq and raw line id in the spool file (rows at or below them are in it already) */
  let spooledSeq = lastSeq;
  let spooledRawId = lastRawId;
  /** true while the spool file may hold rows not yet written */
  let spooling = spool !== null && (pendingEvents.length > 0 || pendingRaw.length > 0);
  /** Appends to the spool the pending rows not in it yet (while writes fail); a spool that fails is said once per failure. */
  function spoolPending(): void {
    if (!spool) return;
    const evs = pendingEvents.filter((e) => e.seq > spooledSeq);
    const raws = pendingRaw.filter((r) => r.row.id > spooledRawId).map((r) => r.row);
    if (evs.length === 0 && raws.length === 0) return;
    try {
      spool.append(evs, raws);
      spooling = true;
      spooledSeq = evs.at(-1)?.seq ?? spooledSeq;
      spooledRawId = raws.at(-1)?.id ?? spooledRawId;
    } catch (err) {
      onFlushError(new Error(`the local spool ${spool.file} cannot be written (${(err as Error).message}): the rows wait in memory only`, { cause: err }));
    }
  }
  /** when the oldest row of the batch being written was appended (ms since epoch), while one is */
  let inFlightSince: number | null = null;
  /** rows of the batch being written */
  let inFlightCount = 0;
  let stallTimer: NodeJS.Timeout | null = null;
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
  /** ms since the oldest row not yet written was appended; 0 when everything is written */
  function oldestUnwrittenMs(now: number): number {
    let oldest = inFlightSince ?? Infinity;
    if (pendingEvents[0]) oldest = Math.min(oldest, pendingEvents[0].queuedAt);
    if (pendingRaw[0]) oldest = Math.min(oldest, pendingRaw[0].queuedAt);
    return oldest === Infinity ? 0 : Math.max(0, now - oldest);
  }

  /** (re)connects when needed; after a reconnect drops pending rows a lost COMMIT acknowledgement did write */
  async function connection(): Promise<pg.Client> {
    if (client) return client;
    const c = await connectWriter(url, timeouts, onBroken, schema);
    try {
      const { seq, rawId } = await maxIds(c, timeouts);
      pendingEvents = pendingEvents.filter((e) => e.seq > seq);
      pendingRaw = pendingRaw.filter((r) => r.row.id > rawId);
    } catch (err) {
      destroyClient(c);
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
    inFlightSince = Math.min(evs[0]?.queuedAt ?? Infinity, raws[0]?.queuedAt ?? Infinity);
    inFlightCount = evs.length + raws.length;
    try {
      await query(c, timeouts, 'BEGIN');
      if (evs.length > 0) {
        await query(c, timeouts, INSERT_EVENTS, [evs.map((e) => e.seq), evs.map((e) => e.tableId), evs.map((e) => e.at), evs.map((e) => e.type), evs.map((e) => e.json)]);
      }
      if (raws.length > 0) {
        const rs = raws.map((p) => p.row);
        await query(c, timeouts, INSERT_RAW, [
          rs.map((r) => r.id),
          rs.map((r) => r.reader),
          rs.map((r) => r.port),
          rs.map((r) => r.at),
          rs.map((r) => Buffer.from(r.line, 'utf8')),
          rs.map((r) => r.status),
        ]);
      }
      await query(c, timeouts, 'COMMIT');
      transactions += 1;
    } catch (err) {
      pendingEvents = evs.concat(pendingEvents);
      pendingRaw = raws.concat(pendingRaw);
      // a statement the server did not answer: the connection is stuck behind it (and the COMMIT
      // may have been made: the reconnect finds out from the stored maximum seq / id)
      const timedOut = /timeout/i.test((err as Error)?.message ?? '');
      let rolledBack = false;
      if (!timedOut) {
        try {
          await query(c, timeouts, 'ROLLBACK');
          rolledBack = true;
        } catch {
          // the connection is gone
        }
      }
      if (rolledBack) throw err;
      // the connection is gone or stuck: the next attempt reconnects
      if (client === c) client = null;
      destroyClient(c);
      throw err;
    } finally {
      inFlightSince = null;
      inFlightCount = 0;
    }
  }

  function settle(err?: unknown): void {
    const ws = waiters;
    waiters = [];
    for (const w of ws) err === undefined ? w.resolve() : w.reject(err);
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
      } else settle(new Error(`${failure!.error}; now ${lost}`));
      return;
    }
    if (!hasPending()) {
      if (closed) void end().then(() => settle());
      else settle();
      return;
    }
    writing = true;
    // a write still unanswered after the bound is said on the console once (the director's health shows it)
    stallTimer = setTimeout(() => {
      stallTimer = null;
      const age = oldestUnwrittenMs(Date.now());
      if (writing && age >= STORE_STALL_MS) {
        const n = pendingEvents.length + pendingRaw.length + inFlightCount;
        onFlushError(new Error(`${stallMessage(age)}; ${n} rows are kept in memory until it does: a hub stopped now loses them`));
      }
    }, STORE_STALL_MS);
    stallTimer.unref();
    const done = (): void => {
      writing = false;
      if (stallTimer) clearTimeout(stallTimer);
      stallTimer = null;
    };
    writeOnce().then(
      () => {
        done();
        failures = 0;
        failure = null;
        // every row the spool held is in the database now
        if (spooling && !hasPending() && spooledSeq <= lastSeq && spooledRawId <= lastRawId) {
          spool!.clear();
          spooling = false;
        }
        kick();
      },
      (err: unknown) => {
        done();
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
        spoolPending();
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

  const stallMessage = (ageMs: number): string => `writing the event log ${shown} has not finished for ${Math.floor(ageMs / 1000)} s: the database server does not answer`;

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      // while writes fail, what was appended goes to the spool too (a hub stopped now loses nothing)
      if (failure?.retrying) spoolPending();
      // while a retry is waiting, appends do not hammer a server that is down; stopped: nothing more
      if (!retryTimer && !stopped()) kick();
    });
  }

  function checkOpen(what: string): void {
    if (closed) throw new Error(`event store is closed: cannot ${what}`);
  }

  // rows a spool left: written first, before anything appended now
  if (hasPending()) schedule();

  return {
    url: shown,
    get transactions() {
      return transactions;
    },
    get pending() {
      return pendingEvents.length + pendingRaw.length + inFlightCount;
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
      const e: MemEvent = { seq: lastSeq + 1, tableId, at, type, json, queuedAt: Date.now() };
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
      pendingRaw.push({ row: r, queuedAt: Date.now() });
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
      const now = Date.now();
      const age = oldestUnwrittenMs(now);
      const unwritten = pendingEvents.length + pendingRaw.length + inFlightCount;
      const held = spooling && spool ? { held: spool.file } : {};
      if (failure) return { ok: false, error: failure.error, since: failure.since, retrying: failure.retrying, unwritten, oldestUnwrittenMs: age, check: CHECK_SERVER, ...held };
      if (age >= STORE_STALL_MS) return { ok: false, error: stallMessage(age), since: now - age, retrying: true, unwritten, oldestUnwrittenMs: age, check: CHECK_SERVER };
      return { ok: true, oldestUnwrittenMs: age };
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
