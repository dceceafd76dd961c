/**
 * Durable before published, and never frozen: a commit that fails holds the table's publishes back
 * until a commit succeeds, then they all go out (./publish.ts). Before this, a table whose commit
 * failed once never published again: its views froze at the failure while the log went on.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSqliteStore } from '../store/sqlite.js';
import type { EventStore } from '../store/types.js';
import { PUBLISH_RETRY_FIRST_MS, PUBLISH_RETRY_MAX_MS, publishWhenDurable } from './publish.js';
import { closedAfterEach, HandBench } from './test-bench.js';

/** A store whose flush fails `failures` times, then writes; it counts its tries. */
function flakyStore(failures: number): EventStore & { tries: number; written: number } {
  const s = {
    tries: 0,
    written: 0,
    flush() {
      s.tries += 1;
      if (s.tries <= failures) throw new Error(`disk I/O error (try ${s.tries})`);
      s.written += 1;
    },
  };
  return s as unknown as EventStore & { tries: number; written: number };
}

describe('publishWhenDurable', () => {
  it('after two failed commits, the third try commits and every publish waiting runs once, in order', async () => {
    const store = flakyStore(2);
    const ran: string[] = [];
    publishWhenDurable(store, () => ran.push(`a after ${store.written} writes`));
    publishWhenDurable(store, () => ran.push(`b after ${store.written} writes`));
    await vi.waitFor(() => expect(store.tries).toBe(1), { timeout: 1000, interval: 5 });
    expect(ran).toEqual([]); // not durable: nothing published
    // a change made while the commit is failing joins the waiting ones
    publishWhenDurable(store, () => ran.push(`c after ${store.written} writes`));
    // tries at 0, +100 ms, +200 ms: the third writes
    await vi.waitFor(() => expect(ran).toHaveLength(3), { timeout: PUBLISH_RETRY_FIRST_MS * 3 + 2000, interval: 10 });
    expect(ran).toEqual(['a after 1 writes', 'b after 1 writes', 'c after 1 writes']);
    expect(store.tries).toBe(3);
    // the next change is one commit again
    publishWhenDurable(store, () => ran.push(`d after ${store.written} writes`));
    await vi.waitFor(() => expect(ran).toHaveLength(4), { timeout: 1000, interval: 5 });
    expect(ran[3]).toBe('d after 2 writes');
    expect(store.tries).toBe(4);
  });

  it('a publish that throws does not keep the others of its commit from running', async () => {
    const store = flakyStore(0);
    const ran: string[] = [];
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.prependListener('uncaughtException', onUncaught);
    try {
      publishWhenDurable(store, () => {
        throw new Error('a listener failed');
      });
      publishWhenDurable(store, () => ran.push('second'));
      await vi.waitFor(() => expect(uncaught).toHaveLength(1), { timeout: 1000, interval: 5 });
    } finally {
      process.removeListener('uncaughtException', onUncaught);
    }
    expect(ran).toEqual(['second']);
    expect((uncaught[0] as Error).message).toBe('a listener failed');
  });
});

describe('a table whose commit fails catches up once the log is written', () => {
  const closed = closedAfterEach<HandBench>();
  let other: Database.Database | null = null;
  afterEach(() => {
    other?.close();
    other = null;
  });

  it('the views hear nothing while another connection holds the write lock, then every change at once', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'mj-publish-')), 'events.sqlite');
    const store = openSqliteStore(file, { busyTimeoutMs: 5, onFlushError: () => {} });
    const b = closed(new HandBench({ store }));
    const heard: number[] = [];
    b.engine.onChange(() => heard.push(b.engine.publicView().walls.reduce((n, w) => n + w.left, 0)));
    b.build();
    await vi.waitFor(() => expect(heard.at(-1)).toBe(152), { timeout: 2000, interval: 5 });

    // another connection takes the write lock: the next change cannot be made durable
    other = new Database(file, { timeout: 5 });
    other.exec('BEGIN IMMEDIATE');
    const before = heard.length;
    b.move(b.nextFrom(0), 'RK-E1/in');
    b.settle();
    // three failed tries of the store and of the publish (0, 100, 300 ms): nothing went out meanwhile
    await vi.waitFor(() => expect(store.health()).toMatchObject({ ok: false, retrying: true }), { timeout: 2000, interval: 5 });
    await new Promise((r) => setTimeout(r, PUBLISH_RETRY_FIRST_MS * 3));
    expect(heard.length).toBe(before);

    other.exec('ROLLBACK');
    // the next try writes; the view then hears the tile gone from the walls (152 - 1 = 151)
    await vi.waitFor(() => expect(heard.at(-1)).toBe(151), { timeout: PUBLISH_RETRY_MAX_MS + 2000, interval: 10 });
    expect(store.health()).toEqual({ ok: true });
    // and the table is not frozen: the next change is heard too (151 - 1 = 150)
    b.move(b.nextFrom(0), 'RK-E1/in');
    b.settle();
    await vi.waitFor(() => expect(heard.at(-1)).toBe(150), { timeout: 2000, interval: 5 });
  });
});
