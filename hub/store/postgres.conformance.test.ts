/**
 * The event-store conformance suite (conformance.ts) on PostgreSQL, against a real server this
 * file starts (pg-test-server.ts: initdb in a temp folder, a free port on 127.0.0.1, run as the
 * `postgres` user when root) with one fresh database per test. Skipped, with the reason, when the
 * PostgreSQL server binaries are not installed (CI installs Debian's `postgresql`).
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { storeConformance, type StoreHarness } from './conformance.js';
import { postgresSkipReason, sqlRows, startTestPostgres, type TestPostgres } from './pg-test-server.js';
import { openPostgresStore, type PostgresEventStore } from './postgres.js';

const skip = postgresSkipReason();

if (skip) {
  describe('PostgreSQL: EventStore conformance', () => {
    it.skip(`skipped: ${skip}`, () => undefined);
  });
} else {
  let server: TestPostgres;
  let n = 0;
  beforeAll(async () => {
    server = await startTestPostgres();
    console.log(`PostgreSQL ${server.version} test server up in ${server.startMs} ms: ${server.adminUrl}`);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  }, 60_000);

  storeConformance('PostgreSQL', async (): Promise<StoreHarness<PostgresEventStore>> => {
    const url = await server.createDatabase(`conf_${++n}`);
    let store = await openPostgresStore(url);
    const h: StoreHarness<PostgresEventStore> = {
      store,
      async reopen() {
        store.close();
        await store.drain();
        store = await openPostgresStore(url);
        h.store = store;
        return store;
      },
      settle: () => store.drain(),
      sql: (statement) => sqlRows(url, statement),
      async cleanup() {
        store.close();
        await store.drain();
      },
    };
    return h;
  });
}
