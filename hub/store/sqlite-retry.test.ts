/**
 * A write that fails for a reason a retry can fix (here: another connection holds the file's write
 * lock, SQLITE_BUSY) is retried with a capped backoff, not at every append: a reader line arriving
 * every tick must not turn into a failed write (and a stack trace) every tick.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { openSqliteStore, RETRY_FIRST_MS, RETRY_MAX_MS } from './sqlite.js';
import { storeErrorLog } from './report.js';

describe('a SQLite write that fails is retried with a capped backoff', () => {
  it('tries about log2(elapsed / 100 ms) times while locked, logs once, then writes everything', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'mj-retry-')), 'events.sqlite');
    const lines: string[] = [];
    const report = storeErrorLog({ warn: (m: string) => lines.push(`warn ${m}`), error: (m: string) => lines.push(`error ${m}`), info: (m: string) => lines.push(`info ${m}`) } as never);
    const failures: string[] = [];
    const store = openSqliteStore(file, {
      busyTimeoutMs: 5,
      onFlushError: (e) => {
        failures.push((e as Error).message);
        report.error(e);
      },
    });
    store.append('t1', 'first', 1, {});
    store.flush();

    // another connection takes the write lock and keeps it
    const other = new Database(file, { timeout: 5 });
    other.exec('BEGIN IMMEDIATE');
    const started = Date.now();
    let appended = 0;
    // a reader line every tick for 800 ms: without the backoff, every tick would try and fail
    while (Date.now() - started < 800) {
      store.appendRawLine({ reader: 'RK-E', port: '/dev/x', at: Date.now(), line: `line ${appended}`, status: 'ok' });
      appended += 1;
      await new Promise((r) => setImmediate(r));
    }
    expect(appended).toBeGreaterThan(50);
    // tries at 0, +100, +200, +400 ms (cumulative 0, 100, 300, 700): 4-5 failures in 800 ms, not one per tick
    expect(failures.length).toBeGreaterThanOrEqual(3);
    expect(failures.length).toBeLessThanOrEqual(6);
    expect(failures[0]).toMatch(/SQLITE_BUSY|database is locked/);
    expect(store.health()).toMatchObject({ ok: false, retrying: true, unwritten: appended });
    // the operator's log says it once
    expect(lines.filter((l) => l.startsWith('warn'))).toHaveLength(1);

    other.exec('ROLLBACK');
    other.close();
    // the next try (at most RETRY_MAX_MS away) writes everything pending
    await vi.waitFor(() => expect(store.health()).toEqual({ ok: true }), { timeout: RETRY_MAX_MS + 2000, interval: RETRY_FIRST_MS });
    report.health(store.health());
    expect(lines.at(-1)).toMatch(/^info writing the event log again/);
    expect(store.saved?.()).toEqual({ events: 1, rawLines: appended });
    store.close();
    const check = new Database(file, { readonly: true });
    expect((check.prepare('SELECT COUNT(*) AS n FROM raw_lines').get() as { n: number }).n).toBe(appended);
    check.close();
  });
});
