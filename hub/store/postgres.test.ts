/**
 * What is particular to the PostgreSQL store (the shared behaviour is in conformance.ts): the
 * single-writer lock, TRUNCATE refused, NUL characters, a server that goes away and comes back,
 * and the errors at open. Runs against a real server this file starts (pg-test-server.ts);
 * skipped with the reason when PostgreSQL is not installed.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { postgresSkipReason, startTestPostgres, type TestPostgres } from './pg-test-server.js';
import { hubLogSchema, maskUrl, openPostgresStore, type PostgresEventStore } from './postgres.js';
import { readSpool, Spool, SPOOL_FILE } from './spool.js';

const skip = postgresSkipReason();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(skip !== null)(`PostgreSQL store${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let server: TestPostgres;
  let n = 0;
  const open: PostgresEventStore[] = [];
  const freshUrl = () => server.createDatabase(`pgs_${++n}`);
  async function openStore(url: string, opts?: Parameters<typeof openPostgresStore>[1]): Promise<PostgresEventStore> {
    const s = await openPostgresStore(url, opts);
    open.push(s);
    return s;
  }
  async function sql(url: string, statement: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query(statement, params)).rows as Record<string, unknown>[];
    } finally {
      await c.end();
    }
  }

  /** Runs `fn` with a spool file's path in a fresh temp folder, removed afterwards. */
  async function withSpool(fn: (spoolFile: string) => Promise<void>): Promise<void> {
    const dir = mkdtempSync(path.join(tmpdir(), 'mjhub-spool-'));
    try {
      await fn(path.join(dir, SPOOL_FILE));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  beforeAll(async () => {
    server = await startTestPostgres();
  }, 120_000);
  afterEach(async () => {
    for (const s of open.splice(0)) {
      s.close();
      await s.drain().catch(() => undefined);
    }
  });
  afterAll(async () => {
    await server?.stop();
  }, 60_000);

  it('refuses a second writer on the same log while the first is open', async () => {
    const url = await freshUrl();
    const first = await openStore(url);
    await expect(openPostgresStore(url)).rejects.toThrow(
      `openPostgresStore(${url}): another hub is already writing this event log (its PostgreSQL advisory lock is held): a log has a single writer`,
    );
    first.close();
    await first.drain();
    const second = await openStore(url);
    expect(second.append('t1', 'a', 1, null).seq).toBe(1);
  });

  it('several hubs, one database: each hub id writes its own log in its own schema; a second writer of one hub id is refused', async () => {
    const url = await freshUrl();
    const hallA = await openStore(url, { hubId: 'hall-a' });
    const hallB = await openStore(url, { hubId: 'hall-b' });
    // each log numbers its own events from 1: two writers, two logs
    expect(hallA.append('t1', 'a', 1, null).seq).toBe(1);
    expect(hallB.append('t2', 'b', 2, null).seq).toBe(1);
    expect(hallB.append('t2', 'b', 3, null).seq).toBe(2);
    await Promise.all([hallA.drain(), hallB.drain()]);
    expect(await sql(url, 'SELECT table_id, seq::int AS seq FROM mjhub_hall_a.events ORDER BY seq')).toEqual([{ table_id: 't1', seq: 1 }]);
    expect(await sql(url, 'SELECT table_id, seq::int AS seq FROM mjhub_hall_b.events ORDER BY seq')).toEqual([
      { table_id: 't2', seq: 1 },
      { table_id: 't2', seq: 2 },
    ]);
    await expect(openPostgresStore(url, { hubId: 'hall-b' })).rejects.toThrow(
      `openPostgresStore(${url}): another hub is already writing the event log in schema mjhub_hall_b (its PostgreSQL advisory lock is held): a log has a single writer`,
    );
    // the database's own log (no hub id) is a third one, free to open
    expect((await openStore(url)).append('t9', 'c', 4, null).seq).toBe(1);
  });

  it('names a hub id that is not one', () => {
    expect(hubLogSchema('hall-a')).toBe('mjhub_hall_a');
    expect(() => hubLogSchema('Hall A')).toThrow('hub id must be 1-40 lowercase letters, digits, - or _ (e.g. hall-a), not "Hall A"');
  });

  it('refuses TRUNCATE too', async () => {
    const url = await freshUrl();
    const s = await openStore(url);
    s.append('t1', 'a', 1, null);
    s.appendRawLine({ reader: null, port: 'p', at: 1, line: 'x', status: 'ok' });
    await s.drain();
    await expect(sql(url, 'TRUNCATE events')).rejects.toThrow('events is append-only: TRUNCATE refused');
    await expect(sql(url, 'TRUNCATE raw_lines')).rejects.toThrow('raw_lines is append-only: TRUNCATE refused');
    expect(await sql(url, 'SELECT data FROM events')).toEqual([{ data: null }]);
  });

  it('stores data as jsonb and raw lines as bytea, readable with SQL', async () => {
    const url = await freshUrl();
    const s = await openStore(url);
    s.append('t1', 'tile-moved', 7, { tile: '5B#3', to: 'rack-0-1' });
    s.appendRawLine({ reader: 'RK-E1', port: '/dev/ttyUSB0', at: 8, line: 'TAG in 5B#3', status: 'ok' });
    await s.drain();
    expect(await sql(url, "SELECT data->>'tile' AS tile FROM events WHERE type = 'tile-moved'")).toEqual([{ tile: '5B#3' }]);
    expect(await sql(url, "SELECT convert_from(line, 'UTF8') AS line FROM raw_lines")).toEqual([{ line: 'TAG in 5B#3' }]);
  });

  it('NUL: exact in raw lines; U+FFFD in raw-line fields and event data, the same before and after a restart; refused in tableId and type', async () => {
    const url = await freshUrl();
    let s = await openStore(url);
    expect(() => s.append('t\u00001', 'a', 1, null)).toThrow('append: tableId must not contain a NUL character (PostgreSQL text cannot hold it)');
    expect(() => s.append('t1', 'a\u0000', 1, null)).toThrow('append: type must not contain a NUL character (PostgreSQL text cannot hold it)');
    const e = s.append('t1', 'bad-line', 2, { detail: 'x\u0000y', 'k\u0000': 1, backslash: 'a\\u0000b' });
    const wanted = { detail: 'x\uFFFDy', 'k\uFFFD': 1, backslash: 'a\\u0000b' };
    expect(e.data).toEqual(wanted);
    s.appendRawLine({ reader: 'R\u0000', port: 'p\u0000', at: 3, line: 'L\u0000L', status: 'bad: \u0000' });
    const raw = { id: 1, reader: 'R\uFFFD', port: 'p\uFFFD', at: 3, line: 'L\u0000L', status: 'bad: \uFFFD' };
    expect(s.rawLines([1])).toEqual([raw]);
    s.close();
    await s.drain();
    s = await openStore(url);
    expect(s.events('t1').map((x) => x.data)).toEqual([wanted]);
    expect(s.rawLines([1])).toEqual([raw]);
  });

  it('keeps appending while the server is down and writes everything once it is back', async () => {
    const url = await freshUrl();
    const errors: string[] = [];
    const s = await openStore(url, { onFlushError: (err) => errors.push((err as Error).message), retryMs: [50, 200] });
    s.append('t1', 'before', 1, { n: 1 });
    await s.drain();
    await server.pause();
    try {
      const e = s.append('t1', 'during', 2, { n: 2 });
      s.appendRawLine({ reader: 'RK-E1', port: 'p', at: 2, line: 'L', status: 'ok' });
      expect(e.seq).toBe(2);
      await expect(s.drain()).rejects.toThrow();
      expect(errors.length).toBeGreaterThanOrEqual(1);
      expect(s.health()).toMatchObject({ ok: false, retrying: true, unwritten: 2 });
      // reads still answer from memory
      expect(s.events('t1').map((x) => x.type)).toEqual(['before', 'during']);
      expect(s.pending).toBe(2);
      s.append('t2', 'during', 3, null);
    } finally {
      await server.resume();
    }
    await vi.waitFor(() => expect(s.pending).toBe(0), { timeout: 10_000, interval: 50 });
    await s.drain();
    expect(s.pending).toBe(0);
    expect(s.health()).toEqual({ ok: true, oldestUnwrittenMs: 0 });
    expect((await sql(url, 'SELECT seq, type FROM events ORDER BY seq')).map((r) => [Number(r.seq), r.type])).toEqual([
      [1, 'before'],
      [2, 'during'],
      [3, 'during'],
    ]);
    expect((await sql(url, 'SELECT COUNT(*) AS n FROM raw_lines')).map((r) => Number(r.n))).toEqual([1]);
  }, 30_000);

  it('stops writing for good when another process wrote the log (a constraint violation), reports it once, closes without throwing', async () => {
    const url = await freshUrl();
    const errors: string[] = [];
    const s = await openStore(url, { onFlushError: (err) => errors.push((err as Error).message), retryMs: [20, 50] });
    s.append('t1', 'a', 1, null);
    await s.drain();
    expect(s.health()).toEqual({ ok: true, oldestUnwrittenMs: 0 });
    await sql(url, "INSERT INTO events (seq, table_id, at, type, data) VALUES (2, 't1', 2, 'intruder', 'null')");
    expect(s.append('t1', 'b', 3, null).seq).toBe(2);
    await expect(s.drain()).rejects.toThrow(/^STOPPED writing the event log .*: duplicate key value violates unique constraint "events_pkey"/);
    s.append('t1', 'c', 4, null);
    // an absence: no retry happens. The retries are 20 then 50 ms apart, so 200 ms is 4 × the
    // longest interval: a store still retrying would have failed (and reported) again by then
    await sleep(200);
    expect(errors).toHaveLength(1);
    expect(s.health()).toMatchObject({ ok: false, retrying: false, unwritten: 2 });
    await expect(s.drain()).rejects.toThrow(/; now 2 events and 0 raw lines not written$/);
    expect(() => s.close()).not.toThrow();
    await expect(s.drain()).rejects.toThrow(/closed with 2 events and 0 raw lines not written: STOPPED writing/);
    expect((await sql(url, 'SELECT seq, type FROM events ORDER BY seq')).map((r) => [Number(r.seq), r.type])).toEqual([
      [1, 'a'],
      [2, 'intruder'],
    ]);
  }, 30_000);

  it('with a spool: a hub stopped while the server is down loses nothing; the next start writes the spooled rows in order', async () => {
    const url = await freshUrl();
    await withSpool(async (spoolFile) => {
      const s = await openPostgresStore(url, { onFlushError: () => undefined, retryMs: [50, 200], spoolFile });
      s.append('t1', 'before', 1, { n: 1 });
      await s.drain();
      expect(existsSync(spoolFile)).toBe(false); // nothing spooled while the server answers
      await server.pause();
      try {
        s.append('t1', 'during', 2, { n: 2 });
        s.appendRawLine({ reader: 'RK-E1', port: 'p', at: 2, line: 'ADD 04A1B2C3', status: 'ok' });
        await expect(s.drain()).rejects.toThrow();
        // the failed batch is spooled; what comes after the failure is spooled on the next tick
        s.append('t2', 'during', 3, null);
        await vi.waitFor(() => expect(readSpool(spoolFile).events.map((e) => e.seq)).toEqual([2, 3]), { timeout: 5_000, interval: 20 });
        expect(readSpool(spoolFile).raws.map((r) => [r.id, r.line])).toEqual([[1, 'ADD 04A1B2C3']]);
        // 2 events + 1 raw line held in the file
        expect(s.health()).toMatchObject({ ok: false, retrying: true, unwritten: 3, held: spoolFile });
        // the hub is stopped while the server is down: the close writes nothing
        s.close();
        await expect(s.drain()).rejects.toThrow(/closed with 2 events and 1 raw lines not written/);
      } finally {
        await server.resume();
      }
      // the next start: the database's row 1, then the spool's 2 and 3, written in order; the spool is removed
      const again = await openStore(url, { spoolFile });
      expect(again.events('t1').map((e) => [e.seq, e.type])).toEqual([
        [1, 'before'],
        [2, 'during'],
      ]);
      await again.drain();
      expect((await sql(url, 'SELECT seq, table_id, type FROM events ORDER BY seq')).map((r) => [Number(r.seq), r.table_id, r.type])).toEqual([
        [1, 't1', 'before'],
        [2, 't1', 'during'],
        [3, 't2', 'during'],
      ]);
      expect((await sql(url, 'SELECT id, line FROM raw_lines ORDER BY id')).map((r) => [Number(r.id), (r.line as Buffer).toString('utf8')])).toEqual([[1, 'ADD 04A1B2C3']]);
      expect(existsSync(spoolFile)).toBe(false);
      // appends go on after the spooled rows: seq 4
      expect(again.append('t1', 'after', 4, null).seq).toBe(4);
    });
  }, 30_000);

  it('refuses a spool whose rows do not follow the database (a row missing between them), naming the file', async () => {
    const url = await freshUrl();
    await withSpool(async (spoolFile) => {
      // the database is empty: a spool starting at seq 3 misses 1 and 2
      new Spool(spoolFile).append([{ seq: 3, tableId: 't1', at: 3, type: 'x', json: 'null' }], []);
      await expect(openPostgresStore(url, { spoolFile })).rejects.toThrow(`${spoolFile}: its event seq 3 does not follow the database's last (0): a row is missing`);
    });
  });

  it('names the (masked) url when the server cannot be reached', async () => {
    const url = 'postgres://mjhub:s3cret@127.0.0.1:1/nowhere';
    expect(maskUrl(url)).toBe('postgres://mjhub:***@127.0.0.1:1/nowhere');
    await expect(openPostgresStore(url)).rejects.toThrow(/^openPostgresStore\(postgres:\/\/mjhub:\*\*\*@127\.0\.0\.1:1\/nowhere\): .*ECONNREFUSED/);
  });

  it('closing with the server down reports what was not written', async () => {
    const url = await freshUrl();
    const s = await openPostgresStore(url, { onFlushError: () => undefined, retryMs: [50, 200] });
    s.append('t1', 'a', 1, null);
    await s.drain();
    await server.pause();
    try {
      s.append('t1', 'b', 2, null);
      s.close();
      await expect(s.drain()).rejects.toThrow(/closed with 1 events and 0 raw lines not written/);
    } finally {
      await server.resume();
    }
  }, 30_000);
});
