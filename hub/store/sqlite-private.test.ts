/**
 * The event log holds every raw reader line, so every concealed tile: only the hub's user may read
 * it. The data folder is 0700 and the log with its -wal and -shm files 0600, whatever the umask.
 */
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqliteStore } from './sqlite.js';

const mode = (p: string) => statSync(p).mode & 0o777;

describe('the SQLite event log is private to the hub user', () => {
  it('folder 0700, log and its WAL files 0600, with a permissive umask', async () => {
    const data = path.join(mkdtempSync(path.join(tmpdir(), 'mj-private-')), 'data');
    const before = process.umask(0o000);
    try {
      const store = openSqliteStore(path.join(data, 'events.sqlite'));
      store.append('t1', 'test', 1, { a: 1 });
      await store.flush();
      expect(mode(data)).toBe(0o700);
      for (const f of ['events.sqlite', 'events.sqlite-wal', 'events.sqlite-shm']) expect([f, mode(path.join(data, f))]).toEqual([f, 0o600]);
      await store.close();
    } finally {
      process.umask(before);
    }
  });
});
