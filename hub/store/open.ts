/**
 * Chooses the hub's event store from its configuration: PostgreSQL when a `databaseUrl` is given
 * (a central server over several rooms), otherwise SQLite in `dataDir` (one hub, one file).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { openPostgresStore } from './postgres.js';
import { openSqliteStore } from './sqlite.js';
import { SPOOL_FILE } from './spool.js';
import type { EventStore } from './types.js';

/** Which store to open. */
export interface StoreConfig {
  /** folder for the SQLite log (`<dataDir>/events.sqlite`), or `':memory:'`; unused when `databaseUrl` is set */
  dataDir: string;
  /** `postgres://user:password@host:5432/db`: selects the PostgreSQL store */
  databaseUrl?: string | undefined;
  /** with `databaseUrl`: this hub's own log in a database several hubs share (`--hub-id`, ./postgres.ts `hubLogSchema`) */
  hubId?: string | undefined;
  /** the store's write errors (default: stderr, ./report.ts); the hub logs them through its logger */
  onFlushError?: (err: unknown) => void;
  /** SQLite only: this connection's share of the file among several writers (./sqlite.ts `shard`; hub/workers/) */
  shard?: { index: number; of: number };
}

/** An event store whose pending writes can be awaited (at shutdown: `close()` then `await drain()`). */
export type HubStore = EventStore & { drain(): Promise<void> };

/**
 * Opens the configured store, with everything already logged loaded/readable before it returns.
 * @throws Error when the URL is not a postgres:// or postgresql:// URL, the server cannot be
 *   reached, another hub already writes that log (SQLite: `data folder /x/data is in use by another
 *   hub (pid 1234, started 10:41:02); stop it or use --data`, hub/store/lock.ts), or the SQLite file
 *   cannot be opened
 */
export async function openHubStore(cfg: StoreConfig): Promise<HubStore> {
  if (cfg.databaseUrl !== undefined && cfg.databaseUrl !== '') {
    if (!/^postgres(ql)?:\/\//i.test(cfg.databaseUrl)) {
      throw new Error(`databaseUrl must start with postgres:// or postgresql://, got "${cfg.databaseUrl.slice(0, 40)}"`);
    }
    const pgOpts = {
      ...(cfg.onFlushError ? { onFlushError: cfg.onFlushError } : {}),
      ...(cfg.hubId !== undefined ? { hubId: cfg.hubId } : {}),
      // while the database is away, what is not written is kept in the data folder too (./spool.ts)
      ...(cfg.dataDir !== ':memory:' ? { spoolFile: path.join(cfg.dataDir, SPOOL_FILE) } : {}),
    };
    return Object.assign(await openPostgresStore(cfg.databaseUrl, pgOpts), { asyncWrites: true as const });
  }
  const file = cfg.dataDir === ':memory:' ? ':memory:' : path.join(cfg.dataDir, 'events.sqlite');
  if (file !== ':memory:') mkdirSync(cfg.dataDir, { recursive: true });
  const store = openSqliteStore(file, { ...(cfg.onFlushError ? { onFlushError: cfg.onFlushError } : {}), ...(cfg.shard ? { shard: cfg.shard } : {}) });
  // SQLite writes synchronously: once flushed (close() flushes), everything is written
  return Object.assign(store, {
    drain: async () => {
      store.flush();
    },
  });
}
