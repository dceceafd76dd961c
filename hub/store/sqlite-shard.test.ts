/**
 * Several connections writing one SQLite log at once (hub/store/sqlite.ts `shard`, as the hub's
 * table workers do: hub/workers/): connection i of n assigns only the seqs and raw-line ids
 * congruent to i modulo n, above every one in the file when it opened, so none collide and each
 * connection's (each table's) stay increasing, across a restart with another n too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore, type SqliteEventStore } from './sqlite.js';

let dir: string;
let file: string;
const opened: SqliteEventStore[] = [];
const open = (shard: { index: number; of: number }) => {
  const s = openSqliteStore(file, { shard });
  opened.push(s);
  return s;
};
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mjhub-shard-'));
  file = path.join(dir, 'events.sqlite');
});
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a SQLite log shared by three connections (the main thread and two table workers)', () => {
  it('gives each its own seqs: 3, 6 / 4, 7 / 5, 8 after two rows of an earlier run; all read back by table, in order', () => {
    // an earlier run with one writer: seqs 1, 2
    const first = open({ index: 0, of: 1 });
    first.append('t1', 'x', 1, { n: 1 });
    first.append('t2', 'x', 2, { n: 2 });
    first.close();

    // this run: max seq 2, so each share starts at the first multiple of 3 above it (3), plus its index
    const main = open({ index: 0, of: 3 });
    const w1 = open({ index: 1, of: 3 });
    const w2 = open({ index: 2, of: 3 });
    expect([main.append('hub', 'r', 3, {}).seq, main.append('hub', 'r', 4, {}).seq]).toEqual([3, 6]);
    expect([w1.append('t1', 'x', 5, {}).seq, w1.append('t1', 'x', 6, {}).seq]).toEqual([4, 7]);
    expect([w2.append('t2', 'x', 7, {}).seq, w2.append('t2', 'x', 8, {}).seq]).toEqual([5, 8]);
    // raw lines likewise: none in the file yet, so 3, 6 for the main thread
    expect(main.appendRawLine({ reader: 'RK-E1', port: 'p', at: 9, line: 'L', status: 'ok' })).toBe(3);
    expect(main.appendRawLine({ reader: 'RK-E1', port: 'p', at: 9, line: 'L', status: 'ok' })).toBe(6);
    for (const s of [main, w1, w2]) s.flush();
    expect(main.health().ok && w1.health().ok && w2.health().ok).toBe(true);
    // every connection's rows are in the one file: 2 earlier + 6 events, 2 raw lines
    expect(main.saved?.()).toEqual({ events: 8, rawLines: 2 });
    expect(w2.events('t1').map((e) => e.seq)).toEqual([1, 4, 7]);
    expect(w1.events('t2').map((e) => e.seq)).toEqual([2, 5, 8]);
    // the hub's stop line reads it after closing: the workers closed first, then the main thread
    w1.close();
    w2.close();
    main.close();
    expect(main.saved?.()).toEqual({ events: 8, rawLines: 2 });
  });

  it('a restart with another number of workers starts above every seq written: max 11, shares of 2 begin at 12 and 13', () => {
    const a = open({ index: 0, of: 3 });
    const b = open({ index: 2, of: 3 });
    a.append('hub', 'r', 1, {});
    b.append('t2', 'x', 1, {});
    b.append('t2', 'x', 1, {});
    b.append('t2', 'x', 1, {});
    a.flush();
    b.flush();
    // an empty file: the shares of 3 begin at 3 (index 0) and 5 (index 2)
    expect(b.events('t2').map((e) => e.seq)).toEqual([5, 8, 11]);
    a.close();
    b.close();
    // 11 is the highest: ceil(12 / 2) * 2 = 12, so connection 0 takes 12, 14 and connection 1 takes 13, 15
    const c = open({ index: 0, of: 2 });
    const d = open({ index: 1, of: 2 });
    expect([c.append('hub', 'r', 2, {}).seq, d.append('t2', 'x', 2, {}).seq, c.append('hub', 'r', 2, {}).seq, d.append('t2', 'x', 2, {}).seq]).toEqual([12, 13, 14, 15]);
  });

  it('refuses a share that is not one: index 3 of 3', () => {
    expect(() => open({ index: 3, of: 3 })).toThrow('openSqliteStore: shard must be { index: 0..of-1, of >= 1 }, got {"index":3,"of":3}');
  });
});
