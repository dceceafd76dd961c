/** The event-store conformance suite (conformance.ts) on SQLite, in a temp folder. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { storeConformance, type StoreHarness } from './conformance.js';
import { openSqliteStore, type SqliteEventStore } from './sqlite.js';

const tick = () => new Promise<void>((r) => setImmediate(r));

storeConformance('SQLite', async (): Promise<StoreHarness<SqliteEventStore>> => {
  const dir = mkdtempSync(join(tmpdir(), 'mjhub-conf-'));
  const file = join(dir, 'events.sqlite');
  let store = openSqliteStore(file);
  const h: StoreHarness<SqliteEventStore> = {
    store,
    async reopen() {
      store.close();
      store = openSqliteStore(file);
      h.store = store;
      return store;
    },
    async settle() {
      await tick();
      await tick();
      store.flush();
    },
    async sql(statement) {
      const db = new Database(file);
      try {
        const stmt = db.prepare(statement);
        if (stmt.reader) return stmt.all() as Record<string, unknown>[];
        stmt.run();
        return [];
      } finally {
        db.close();
      }
    },
    async cleanup() {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return h;
});
