import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore, type SqliteEventStore } from './sqlite.js';

const nextTick = () => new Promise<void>((r) => setImmediate(r));

let dir: string;
let file: string;
const open: SqliteEventStore[] = [];
function openStore(path = file): SqliteEventStore {
  const s = openSqliteStore(path);
  open.push(s);
  return s;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mjhub-store-'));
  file = join(dir, 'nested', 'deeper', 'events.db');
});
afterEach(() => {
  for (const s of open.splice(0)) s.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('openSqliteStore', () => {
  it('creates the folder and sets WAL + synchronous=FULL', () => {
    const s = openStore();
    expect(existsSync(file)).toBe(true);
    expect(s.settings()).toEqual({ journalMode: 'wal', synchronous: 2 });
  });

  it('appends events and reads back the exact values, seq 1, 2, 3 in order', () => {
    const s = openStore();
    const e1 = s.append('t1', 'tile-moved', 1_700_000_000_000, { tile: '5B#3', from: 'wall-0', to: 'rack-0-1' });
    const e2 = s.append('t2', 'game-started', 1_700_000_000_001, { gameNo: 1 });
    const e3 = s.append('t1', 'director-ruling', 1_700_000_000_002, { flagId: 'g1-f3', ruling: 'dismiss' });
    expect(e1).toEqual({ seq: 1, tableId: 't1', at: 1_700_000_000_000, type: 'tile-moved', data: { tile: '5B#3', from: 'wall-0', to: 'rack-0-1' } });
    expect(e2.seq).toBe(2);
    expect(e3.seq).toBe(3);
    // before the tick: read from memory
    expect(s.pending).toBe(3);
    expect(s.events('t1').map((e) => e.seq)).toEqual([1, 3]);
    s.flush();
    expect(s.pending).toBe(0);
    expect(s.events('t1')).toEqual([
      { seq: 1, tableId: 't1', at: 1_700_000_000_000, type: 'tile-moved', data: { tile: '5B#3', from: 'wall-0', to: 'rack-0-1' } },
      { seq: 3, tableId: 't1', at: 1_700_000_000_002, type: 'director-ruling', data: { flagId: 'g1-f3', ruling: 'dismiss' } },
    ]);
    expect(s.events('t1', 1).map((e) => e.seq)).toEqual([3]);
    expect(s.events('t2')).toEqual([{ seq: 2, tableId: 't2', at: 1_700_000_000_001, type: 'game-started', data: { gameNo: 1 } }]);
    expect(s.events('t9')).toEqual([]);
  });

  it('mixes written and pending events in seq order', () => {
    const s = openStore();
    s.append('t1', 'a', 1, 1);
    s.flush();
    s.append('t1', 'b', 2, 'two');
    expect(s.events('t1').map((e) => [e.seq, e.type, e.data])).toEqual([
      [1, 'a', 1],
      [2, 'b', 'two'],
    ]);
    expect(s.events('t1', 1).map((e) => e.seq)).toEqual([2]);
  });

  it('stores any JSON value; data is a copy', () => {
    const s = openStore();
    const data = { tiles: ['1B#1', 'J#8'], n: -0.5, nested: { ok: true, none: null } };
    s.append('t1', 'x', 5, data);
    s.append('t1', 'y', 6, undefined);
    data.tiles.push('F#2');
    s.flush();
    const [a, b] = s.events('t1');
    expect(a!.data).toEqual({ tiles: ['1B#1', 'J#8'], n: -0.5, nested: { ok: true, none: null } });
    expect(b!.data).toBeNull();
    (a!.data as { tiles: string[] }).tiles.length = 0;
    expect((s.events('t1')[0]!.data as { tiles: string[] }).tiles).toEqual(['1B#1', 'J#8']);
  });

  it('refuses bad arguments with an error naming them', () => {
    const s = openStore();
    expect(() => s.append('', 'x', 1, null)).toThrow('append: tableId must not be empty');
    expect(() => s.append('t1', '', 1, null)).toThrow('append: type must not be empty');
    expect(() => s.append('t1', 'x', 1.5, null)).toThrow('append: at must be a non-negative integer (ms since epoch), got 1.5');
    expect(() => s.append('t1', 'x', 1, { n: 10n })).toThrow(/append\(t1, x\): data cannot be stored as JSON/);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => s.append('t1', 'x', 1, cyclic)).toThrow(/data cannot be stored as JSON/);
    expect(() => s.appendRawLine({ reader: null, port: '', at: 1, line: 'x', status: 'ok' })).toThrow('appendRawLine: port must not be empty');
    expect(() => s.appendRawLine({ reader: null, port: 'p', at: -1, line: 'x', status: 'ok' })).toThrow('appendRawLine: at must be');
    // nothing was taken: the next seq is still 1
    expect(s.append('t1', 'x', 1, null).seq).toBe(1);
  });

  it('keeps raw lines, in the order asked, unknown ids left out', () => {
    const s = openStore();
    const a = s.appendRawLine({ reader: 'RK-E1', port: '/dev/ttyUSB0', at: 100, line: 'TAG in 5B#3 1a2b', status: 'ok' });
    const b = s.appendRawLine({ reader: null, port: 'tcp://10.0.0.5:4001', at: 101, line: 'garb\u0001age', status: 'bad checksum' });
    expect([a, b]).toEqual([1, 2]);
    s.flush();
    const c = s.appendRawLine({ reader: 'RK-E1', port: '/dev/ttyUSB0', at: 102, line: '', status: 'empty line' });
    expect(s.rawLines([3, 1, 99, 2])).toEqual([
      { id: 3, reader: 'RK-E1', port: '/dev/ttyUSB0', at: 102, line: '', status: 'empty line' },
      { id: 1, reader: 'RK-E1', port: '/dev/ttyUSB0', at: 100, line: 'TAG in 5B#3 1a2b', status: 'ok' },
      { id: 2, reader: null, port: 'tcp://10.0.0.5:4001', at: 101, line: 'garb\u0001age', status: 'bad checksum' },
    ]);
    expect(c).toBe(3);
    expect(s.rawLines([])).toEqual([]);
  });

  it('survives close and reopen; seq and raw ids continue', () => {
    const s1 = openSqliteStore(file);
    s1.append('t1', 'a', 10, { k: 1 });
    s1.append('t1', 'b', 11, { k: 2 });
    s1.appendRawLine({ reader: 'WL-1', port: 'p', at: 12, line: 'L1', status: 'ok' });
    s1.close(); // flushes the pending tick
    s1.close(); // twice: nothing
    expect(() => s1.append('t1', 'c', 13, null)).toThrow('event store is closed: cannot append');

    const s2 = openStore();
    expect(s2.events('t1')).toEqual([
      { seq: 1, tableId: 't1', at: 10, type: 'a', data: { k: 1 } },
      { seq: 2, tableId: 't1', at: 11, type: 'b', data: { k: 2 } },
    ]);
    expect(s2.append('t1', 'c', 13, null).seq).toBe(3);
    expect(s2.appendRawLine({ reader: 'WL-1', port: 'p', at: 14, line: 'L2', status: 'ok' })).toBe(2);
    expect(s2.rawLines([1])).toEqual([{ id: 1, reader: 'WL-1', port: 'p', at: 12, line: 'L1', status: 'ok' }]);
  });

  it('refuses UPDATE and DELETE on both tables', () => {
    const s = openStore();
    s.append('t1', 'a', 1, null);
    s.appendRawLine({ reader: null, port: 'p', at: 1, line: 'x', status: 'ok' });
    s.flush();
    const db = new Database(file);
    expect(() => db.prepare("UPDATE events SET type = 'b'").run()).toThrow('events is append-only: UPDATE refused');
    expect(() => db.prepare('DELETE FROM events').run()).toThrow('events is append-only: DELETE refused');
    expect(() => db.prepare("UPDATE raw_lines SET line = 'y'").run()).toThrow('raw_lines is append-only: UPDATE refused');
    expect(() => db.prepare('DELETE FROM raw_lines').run()).toThrow('raw_lines is append-only: DELETE refused');
    // STRICT: a wrong type is refused too
    expect(() => db.prepare("INSERT INTO events (seq, table_id, at, type, data) VALUES (9, 't1', 'soon', 'a', 'null')").run()).toThrow(/cannot store TEXT value in INTEGER column/);
    db.close();
    expect(s.events('t1')).toHaveLength(1);
  });

  it('writes 2000 appends of one tick in one transaction, after the tick', async () => {
    const s = openStore();
    const reader = new Database(file, { readonly: true });
    const count = () => (reader.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number }).n;
    for (let i = 0; i < 2000; i++) s.append('t1', 'tick', 1000 + i, { i });
    expect(s.transactions).toBe(0);
    expect(count()).toBe(0); // nothing on disk before the tick ends
    expect(s.events('t1')).toHaveLength(2000);
    await nextTick();
    await nextTick();
    expect(s.transactions).toBe(1);
    expect(s.pending).toBe(0);
    expect(count()).toBe(2000);
    const all = s.events('t1');
    expect(all[0]).toEqual({ seq: 1, tableId: 't1', at: 1000, type: 'tick', data: { i: 0 } });
    expect(all[1999]).toEqual({ seq: 2000, tableId: 't1', at: 2999, type: 'tick', data: { i: 1999 } });
    // a second tick: a second transaction
    s.append('t1', 'tick', 5000, null);
    await nextTick();
    await nextTick();
    expect(s.transactions).toBe(2);
    expect(count()).toBe(2001);
    reader.close();
  });

  it('works in memory', () => {
    const s = openStore(':memory:');
    s.append('t1', 'a', 1, [1, 2]);
    s.flush();
    expect(s.events('t1')).toEqual([{ seq: 1, tableId: 't1', at: 1, type: 'a', data: [1, 2] }]);
  });
});
