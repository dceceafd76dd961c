/**
 * A PostgreSQL server that stops answering while its connection stays open (a frozen network
 * path): a real server (pg-test-server.ts) behind a TCP proxy the test pauses (pausable-proxy.ts).
 * The store's health turns bad within its bound (STORE_STALL_MS after the oldest unwritten row was
 * appended), the hung write times out and is retried, and once the path thaws every row is written
 * once, in order. Skipped, with the reason, when PostgreSQL is not installed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { postgresSkipReason, sqlRows, startTestPostgres, type TestPostgres } from './pg-test-server.js';
import { startPausableProxy, type PausableProxy } from './pausable-proxy.js';
import { openPostgresStore, STORE_STALL_MS, type PostgresEventStore } from './postgres.js';

const skip = postgresSkipReason();
/** generous: the bound itself is STORE_STALL_MS; this only keeps a broken store from hanging the run */
const WAIT_MS = 40_000;

/** The rows of one SQL statement (pg-test-server.ts). */
const rows = sqlRows;

/** Polls `ok()` every 50 ms until it holds; throws `what` after WAIT_MS. Returns the ms it took. */
async function until(what: string, ok: () => boolean): Promise<number> {
  const t0 = Date.now();
  await vi.waitFor(
    () => {
      if (!ok()) throw new Error(`still not ${what} after ${WAIT_MS} ms`);
    },
    { timeout: WAIT_MS, interval: 50 },
  );
  return Date.now() - t0;
}

describe.skipIf(skip !== null)(`PostgreSQL store over a frozen network path${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let server: TestPostgres;
  let n = 0;
  const cleanups: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    server = await startTestPostgres();
  }, 120_000);
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });
  afterAll(async () => {
    await server?.stop();
  }, 60_000);

  /** a fresh database, a proxy in front of the server, and a store opened through the proxy (its statements abandoned after `queryMs`) */
  async function setUp(queryMs: number): Promise<{ direct: string; proxy: PausableProxy; store: PostgresEventStore; errors: string[] }> {
    const direct = await server.createDatabase(`frozen_${++n}`);
    const port = Number(new URL(direct).port);
    const proxy = await startPausableProxy({ host: '127.0.0.1', port });
    cleanups.push(() => proxy.close());
    const errors: string[] = [];
    const viaProxy = direct.replace(`:${port}/`, `:${proxy.port}/`);
    const store = await openPostgresStore(viaProxy, {
      onFlushError: (err) => errors.push((err as Error).message),
      retryMs: [100, 500],
      timeouts: { connectMs: 1000, queryMs },
    });
    cleanups.push(async () => {
      proxy.resume();
      store.close();
      await store.drain().catch(() => undefined);
    });
    return { direct, proxy, store, errors };
  }

  it('health turns bad within the bound while the server answers nothing; after the path thaws every row is written once, in order', async () => {
    // the statement timeout is longer than the bound: health turns bad while the write still waits
    const { direct, proxy, store, errors } = await setUp(STORE_STALL_MS + 3000);
    store.append('t1', 'before', 1, { n: 0 });
    await store.drain();
    expect(store.health().ok).toBe(true);

    proxy.pause();
    const t0 = Date.now();
    for (let i = 1; i <= 20; i++) {
      store.append('t1', 'during', 1 + i, { n: i });
      store.appendRawLine({ reader: 'RK-E1', port: 'tcp://10.0.0.5:4001', at: 1 + i, line: `TAG in 5B#${i}`, status: 'ok' });
    }
    const tookMs = await until('unhealthy', () => !store.health().ok);
    console.log(`frozen path: health turned bad ${Date.now() - t0} ms after the first unwritten row (bound ${STORE_STALL_MS} ms; polled ${tookMs} ms)`);
    const h = store.health();
    // 20 events + 20 raw lines wait
    expect(h).toMatchObject({ ok: false, retrying: true, unwritten: 40 });
    if (h.ok) throw new Error('unreachable');
    expect(h.oldestUnwrittenMs).toBeGreaterThanOrEqual(STORE_STALL_MS);
    expect(h.since).toBeGreaterThanOrEqual(t0 - 5);
    expect(h.error).toMatch(/^writing the event log postgres:\/\/postgres@127\.0\.0\.1:\d+\/frozen_\d+ has not finished for \d+ s: the database server does not answer/);

    // said once on the console too; then the hung write times out (the client gives up on the
    // frozen connection) and the rows stay pending
    await until('reported', () => errors.length > 0);
    expect(errors[0]).toMatch(/has not finished for 5 s: the database server does not answer/);
    await until('a timed-out write', () => errors.some((e) => e === 'Query read timeout'));
    expect(store.pending).toBe(40);
    store.append('t2', 'still-frozen', 100, null);

    proxy.resume();
    const thawMs = await until('written after the thaw', () => store.pending === 0 && store.health().ok);
    console.log(`frozen path: everything written ${thawMs} ms after the thaw; write errors reported meanwhile: ${errors.length} (first: ${errors[0]})`);
    await store.drain();
    expect(store.health()).toEqual({ ok: true, oldestUnwrittenMs: 0 });

    const evs = (await rows(direct, 'SELECT seq, table_id, type, data FROM events ORDER BY seq')).map((r) => [Number(r.seq), r.table_id, r.type, r.data]);
    // seq 1 before the freeze, 2..21 during it (n = 1..20), 22 on t2 while still frozen
    expect(evs).toEqual([[1, 't1', 'before', { n: 0 }], ...Array.from({ length: 20 }, (_, i) => [i + 2, 't1', 'during', { n: i + 1 }]), [22, 't2', 'still-frozen', null]]);
    const raws = (await rows(direct, "SELECT id, convert_from(line, 'UTF8') AS line FROM raw_lines ORDER BY id")).map((r) => [Number(r.id), r.line]);
    expect(raws).toEqual(Array.from({ length: 20 }, (_, i) => [i + 1, `TAG in 5B#${i + 1}`]));
  }, 120_000);

  it('a COMMIT the server made but whose answer never came back is not written twice', async () => {
    const { direct, proxy, store, errors } = await setUp(2000);
    store.append('t1', 'a', 1, { n: 1 });
    await store.drain();
    // the next COMMIT reaches the server; its answer is held
    proxy.pauseDownAfter('COMMIT');
    store.append('t1', 'b', 2, { n: 2 });
    store.append('t1', 'c', 3, { n: 3 });
    await until('a timed-out write', () => errors.length > 0);
    // on the server the batch is committed although the store could not know it
    expect((await rows(direct, 'SELECT COUNT(*) AS n FROM events')).map((r) => Number(r.n))).toEqual([3]);
    store.append('t1', 'd', 4, { n: 4 });
    proxy.resume();
    await until('written after the thaw', () => store.pending === 0 && store.health().ok);
    await store.drain();
    expect(store.health()).toEqual({ ok: true, oldestUnwrittenMs: 0 });
    expect((await rows(direct, 'SELECT seq, type FROM events ORDER BY seq')).map((r) => [Number(r.seq), r.type])).toEqual([
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
      [4, 'd'],
    ]);
  }, 120_000);
});
