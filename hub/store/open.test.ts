/**
 * The store chosen by configuration (open.ts), and a whole hub (hub.ts startHub) keeping its log
 * in PostgreSQL: the PostgreSQL half runs against a real server this file starts
 * (pg-test-server.ts), skipped with the reason when PostgreSQL is not installed.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadHubConfig } from '../config/load.js';
import { startHub } from '../hub.js';
import { openHubStore } from './open.js';
import { postgresSkipReason, startTestPostgres, type TestPostgres } from './pg-test-server.js';

const CONFIG = path.resolve(import.meta.dirname, '../config/tables/siamese-demo.json');

describe('openHubStore on SQLite', () => {
  it('opens <dataDir>/events.sqlite when no databaseUrl is given; drain() after close resolves', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mjhub-open-'));
    try {
      const s = await openHubStore({ dataDir: path.join(dir, 'data'), databaseUrl: '' });
      expect(existsSync(path.join(dir, 'data', 'events.sqlite'))).toBe(true);
      expect(s.append('t1', 'a', 1, null).seq).toBe(1);
      s.close();
      await s.drain();
      const again = await openHubStore({ dataDir: path.join(dir, 'data') });
      expect(again.events('t1')).toEqual([{ seq: 1, tableId: 't1', at: 1, type: 'a', data: null }]);
      again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a second hub on the same data folder, naming the folder; the lock goes with the first hub', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mjhub-open-'));
    const data = path.join(dir, 'data');
    const base = { tables: loadHubConfig(CONFIG), dataDir: data, ports: [], httpPort: 0, directorToken: 'lock-token' };
    try {
      const hub = await startHub(base);
      try {
        await expect(startHub({ ...base, tables: loadHubConfig(CONFIG) })).rejects.toThrow(
          new RegExp(
            `^data folder ${data.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is in use by another hub \\(pid ${process.pid} \\(this process\\), started \\d\\d:\\d\\d:\\d\\d\\); stop it or use --data$`,
          ),
        );
        await expect(openHubStore({ dataDir: data })).rejects.toThrow(`data folder ${data} is in use by another hub`);
        expect(hub.store.health?.()).toEqual({ ok: true });
      } finally {
        await hub.close();
      }
      const second = await startHub({ ...base, tables: loadHubConfig(CONFIG) });
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a databaseUrl that is not postgres://', async () => {
    await expect(openHubStore({ dataDir: ':memory:', databaseUrl: 'mysql://x@h/db' })).rejects.toThrow('databaseUrl must start with postgres:// or postgresql://, got "mysql://x@h/db"');
  });
});

const skip = postgresSkipReason();
describe.skipIf(skip !== null)(`a hub with databaseUrl${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let server: TestPostgres;
  beforeAll(async () => {
    server = await startTestPostgres();
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  }, 60_000);

  it('keeps its log in PostgreSQL, writes it all on close, and a second hub on the same log is refused', async () => {
    const url = await server.createDatabase('hub_1');
    const base = { tables: loadHubConfig(CONFIG), dataDir: ':memory:', ports: [], httpPort: 0, directorToken: 'pg-token', databaseUrl: url };
    const hub = await startHub(base);
    try {
      expect((hub.store as { url?: string }).url).toBe(url);
      await expect(startHub({ ...base, tables: loadHubConfig(CONFIG) })).rejects.toThrow(/another hub is already writing this event log/);
      hub.store.appendRawLine({ reader: 'RK-E1', port: 'tcp://10.0.0.5:4001', at: 1_700_000_000_000, line: 'HELLO RK-E1', status: 'ok' });
    } finally {
      await hub.close();
    }
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const rows = (await c.query("SELECT id, reader, convert_from(line, 'UTF8') AS line FROM raw_lines")).rows;
    await c.end();
    expect(rows).toEqual([{ id: '1', reader: 'RK-E1', line: 'HELLO RK-E1' }]);
    // the lock went with the first hub
    const second = await startHub({ ...base, tables: loadHubConfig(CONFIG) });
    expect(second.store.rawLines([1])).toEqual([{ id: 1, reader: 'RK-E1', port: 'tcp://10.0.0.5:4001', at: 1_700_000_000_000, line: 'HELLO RK-E1', status: 'ok' }]);
    await second.close();
  }, 60_000);
});
