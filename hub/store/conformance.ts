/**
 * One conformance suite for every {@link EventStore} implementation (SQLite, PostgreSQL): call
 * {@link storeConformance} from a `*.test.ts` file and it registers the vitest tests. Each test
 * opens a fresh, empty store through the harness and cleans it up afterwards.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { EventStore } from './types.js';

/** What the suite needs from a store besides the interface: the batching counters both stores have. */
export interface ConformanceStore extends EventStore {
  /** write transactions committed since open */
  readonly transactions: number;
  /** events + raw lines appended but not written yet */
  readonly pending: number;
}

/** A fresh, empty store under test and the handles the suite drives it with. */
export interface StoreHarness<S extends ConformanceStore = ConformanceStore> {
  store: S;
  /** closes the current store (everything pending gets written) and opens the same log again */
  reopen(): Promise<S>;
  /** resolves when everything appended so far to the current store is written */
  settle(): Promise<void>;
  /**
   * Runs one SQL statement on the underlying database through a separate connection (as an
   * operator with a console would); resolves with the rows (none for a write), rejects with the
   * database's error.
   */
  sql(statement: string): Promise<Record<string, unknown>[]>;
  /** closes everything and removes the log */
  cleanup(): Promise<void>;
}

/**
 * Registers the conformance tests under `describe(name)`.
 * @param open makes a fresh, empty store (called once per test)
 */
export function storeConformance<S extends ConformanceStore>(name: string, open: () => Promise<StoreHarness<S>>): void {
  describe(`${name}: EventStore conformance`, () => {
    let current: StoreHarness<S> | null = null;
    const fresh = async (): Promise<StoreHarness<S>> => (current = await open());
    afterEach(async () => {
      const h = current;
      current = null;
      if (h) await h.cleanup();
    });

    it('appends events and reads back the exact values, seq 1, 2, 3 in order', async () => {
      const h = await fresh();
      const s = h.store;
      const e1 = s.append('t1', 'tile-moved', 1_700_000_000_000, { tile: '5B#3', from: 'wall-0', to: 'rack-0-1' });
      const e2 = s.append('t2', 'game-started', 1_700_000_000_001, { gameNo: 1 });
      const e3 = s.append('t1', 'director-ruling', 1_700_000_000_002, { flagId: 'g1-f3', ruling: 'dismiss' });
      expect(e1).toEqual({ seq: 1, tableId: 't1', at: 1_700_000_000_000, type: 'tile-moved', data: { tile: '5B#3', from: 'wall-0', to: 'rack-0-1' } });
      expect([e2.seq, e3.seq]).toEqual([2, 3]);
      // before the tick: read from memory / pending rows
      expect(s.pending).toBe(3);
      expect(s.events('t1').map((e) => e.seq)).toEqual([1, 3]);
      await h.settle();
      expect(s.pending).toBe(0);
      expect(s.events('t1')).toEqual([
        { seq: 1, tableId: 't1', at: 1_700_000_000_000, type: 'tile-moved', data: { tile: '5B#3', from: 'wall-0', to: 'rack-0-1' } },
        { seq: 3, tableId: 't1', at: 1_700_000_000_002, type: 'director-ruling', data: { flagId: 'g1-f3', ruling: 'dismiss' } },
      ]);
      expect(s.events('t1', 1).map((e) => e.seq)).toEqual([3]);
      expect(s.events('t1', 3)).toEqual([]);
      expect(s.events('t2')).toEqual([{ seq: 2, tableId: 't2', at: 1_700_000_000_001, type: 'game-started', data: { gameNo: 1 } }]);
      expect(s.events('t9')).toEqual([]);
      // on disk, as an operator would see it
      const rows = await h.sql('SELECT seq, table_id, at, type FROM events ORDER BY seq');
      expect(rows.map((r) => [Number(r.seq), r.table_id, Number(r.at), r.type])).toEqual([
        [1, 't1', 1_700_000_000_000, 'tile-moved'],
        [2, 't2', 1_700_000_000_001, 'game-started'],
        [3, 't1', 1_700_000_000_002, 'director-ruling'],
      ]);
    });

    it('mixes written and pending events in seq order', async () => {
      const h = await fresh();
      const s = h.store;
      s.append('t1', 'a', 1, 1);
      await h.settle();
      s.append('t1', 'b', 2, 'two');
      expect(s.events('t1').map((e) => [e.seq, e.type, e.data])).toEqual([
        [1, 'a', 1],
        [2, 'b', 'two'],
      ]);
      expect(s.events('t1', 1).map((e) => e.seq)).toEqual([2]);
    });

    it('stores any JSON value; data is a copy both ways; undefined is null', async () => {
      const h = await fresh();
      const s = h.store;
      const data = { tiles: ['1B#1', 'J#8'], n: -0.5, big: 9_007_199_254_740_991, tiny: 0.1 + 0.2, nested: { ok: true, none: null }, text: 'Mah Jongg — 發 🀄 "quoted" \\ back' };
      const back = s.append('t1', 'x', 5, data);
      s.append('t1', 'y', 6, undefined);
      s.append('t1', 'z', 7, [3, 'three', false]);
      data.tiles.push('F#2');
      (back.data as { n: number }).n = 99;
      const expected = [
        { tiles: ['1B#1', 'J#8'], n: -0.5, big: 9_007_199_254_740_991, tiny: 0.30000000000000004, nested: { ok: true, none: null }, text: 'Mah Jongg — 發 🀄 "quoted" \\ back' },
        null,
        [3, 'three', false],
      ];
      expect(s.events('t1').map((e) => e.data)).toEqual(expected);
      await h.settle();
      const [a] = s.events('t1');
      (a!.data as { tiles: string[] }).tiles.length = 0;
      expect(s.events('t1').map((e) => e.data)).toEqual(expected);
      const s2 = await h.reopen();
      expect(s2.events('t1').map((e) => e.data)).toEqual(expected);
    });

    it('refuses bad arguments with an error naming them, and takes no seq for them', async () => {
      const h = await fresh();
      const s = h.store;
      expect(() => s.append('', 'x', 1, null)).toThrow('append: tableId must not be empty');
      expect(() => s.append('t1', '', 1, null)).toThrow('append: type must not be empty');
      expect(() => s.append('t1', 'x', 1.5, null)).toThrow('append: at must be a non-negative integer (ms since epoch), got 1.5');
      expect(() => s.append('t1', 'x', -1, null)).toThrow('append: at must be a non-negative integer (ms since epoch), got -1');
      expect(() => s.append('t1', 'x', 1, { n: 10n })).toThrow(/append\(t1, x\): data cannot be stored as JSON/);
      const cyclic: Record<string, unknown> = {};
      cyclic.self = cyclic;
      expect(() => s.append('t1', 'x', 1, cyclic)).toThrow(/data cannot be stored as JSON/);
      expect(() => s.appendRawLine({ reader: null, port: '', at: 1, line: 'x', status: 'ok' })).toThrow('appendRawLine: port must not be empty');
      expect(() => s.appendRawLine({ reader: null, port: 'p', at: -1, line: 'x', status: 'ok' })).toThrow('appendRawLine: at must be');
      expect(s.append('t1', 'x', 1, null).seq).toBe(1);
      expect(s.appendRawLine({ reader: null, port: 'p', at: 1, line: 'x', status: 'ok' })).toBe(1);
    });

    it('keeps raw lines exactly (control characters, NUL, non-ASCII), by ids in the order asked, unknown ids left out', async () => {
      const h = await fresh();
      const s = h.store;
      const a = s.appendRawLine({ reader: 'RK-E1', port: '/dev/ttyUSB0', at: 100, line: 'TAG in 5B#3 1a2b', status: 'ok' });
      const b = s.appendRawLine({ reader: null, port: 'tcp://10.0.0.5:4001', at: 101, line: 'garb\u0001age\u0000\u00ff€', status: 'bad checksum' });
      expect([a, b]).toEqual([1, 2]);
      await h.settle();
      const c = s.appendRawLine({ reader: 'RK-E1', port: '/dev/ttyUSB0', at: 102, line: '', status: 'empty line' });
      expect(c).toBe(3);
      const expected = [
        { id: 3, reader: 'RK-E1', port: '/dev/ttyUSB0', at: 102, line: '', status: 'empty line' },
        { id: 1, reader: 'RK-E1', port: '/dev/ttyUSB0', at: 100, line: 'TAG in 5B#3 1a2b', status: 'ok' },
        { id: 2, reader: null, port: 'tcp://10.0.0.5:4001', at: 101, line: 'garb\u0001age\u0000\u00ff€', status: 'bad checksum' },
      ];
      expect(s.rawLines([3, 1, 99, 2])).toEqual(expected);
      expect(s.rawLines([])).toEqual([]);
      // a copy: changing what came back changes nothing
      s.rawLines([1])[0]!.line = 'changed';
      expect(s.rawLines([1])[0]!.line).toBe('TAG in 5B#3 1a2b');
      const s2 = await h.reopen();
      expect(s2.rawLines([3, 1, 99, 2])).toEqual(expected);
    });

    it('survives close and reopen; seq and raw ids continue; a closed store refuses', async () => {
      const h = await fresh();
      const s1 = h.store;
      s1.append('t1', 'a', 10, { k: 1 });
      s1.append('t1', 'b', 11, { k: 2 });
      s1.appendRawLine({ reader: 'WL-1', port: 'p', at: 12, line: 'L1', status: 'ok' });
      // reopen closes s1 right after the appends, in the same tick: close must write them
      const s2 = await h.reopen();
      s1.close(); // twice: nothing
      expect(() => s1.append('t1', 'c', 13, null)).toThrow('event store is closed: cannot append');
      expect(() => s1.appendRawLine({ reader: null, port: 'p', at: 1, line: 'x', status: 'ok' })).toThrow('event store is closed: cannot appendRawLine');
      expect(s2.events('t1')).toEqual([
        { seq: 1, tableId: 't1', at: 10, type: 'a', data: { k: 1 } },
        { seq: 2, tableId: 't1', at: 11, type: 'b', data: { k: 2 } },
      ]);
      expect(s2.append('t1', 'c', 13, null).seq).toBe(3);
      expect(s2.appendRawLine({ reader: 'WL-1', port: 'p', at: 14, line: 'L2', status: 'ok' })).toBe(2);
      expect(s2.rawLines([1])).toEqual([{ id: 1, reader: 'WL-1', port: 'p', at: 12, line: 'L1', status: 'ok' }]);
      const s3 = await h.reopen();
      expect(s3.events('t1').map((e) => e.seq)).toEqual([1, 2, 3]);
      expect(s3.append('t2', 'd', 15, null).seq).toBe(4);
    });

    it('refuses UPDATE and DELETE on both tables, whatever the connection', async () => {
      const h = await fresh();
      const s = h.store;
      s.append('t1', 'a', 1, null);
      s.appendRawLine({ reader: null, port: 'p', at: 1, line: 'x', status: 'ok' });
      await h.settle();
      await expect(h.sql("UPDATE events SET type = 'b'")).rejects.toThrow('events is append-only: UPDATE refused');
      await expect(h.sql('DELETE FROM events')).rejects.toThrow('events is append-only: DELETE refused');
      await expect(h.sql("UPDATE raw_lines SET status = 'y'")).rejects.toThrow('raw_lines is append-only: UPDATE refused');
      await expect(h.sql('DELETE FROM raw_lines')).rejects.toThrow('raw_lines is append-only: DELETE refused');
      expect(await h.sql('SELECT seq, type FROM events')).toEqual([{ seq: expect.anything(), type: 'a' }]);
      expect((await h.sql('SELECT COUNT(*) AS n FROM raw_lines')).map((r) => Number(r.n))).toEqual([1]);
      const s2 = await h.reopen();
      expect(s2.events('t1')).toEqual([{ seq: 1, tableId: 't1', at: 1, type: 'a', data: null }]);
    });

    it('writes 2000 appends of one tick in one transaction, after the tick', async () => {
      const h = await fresh();
      const s = h.store;
      const t0 = performance.now();
      for (let i = 0; i < 2000; i++) s.append(`t${i % 4}`, 'tick', 1000 + i, { i });
      s.appendRawLine({ reader: 'RK-E1', port: 'p', at: 3000, line: 'last', status: 'ok' });
      expect(s.transactions).toBe(0);
      expect(s.pending).toBe(2001);
      expect(s.events('t1')).toHaveLength(500);
      await h.settle();
      const ms = performance.now() - t0;
      expect(s.transactions).toBe(1);
      expect(s.pending).toBe(0);
      expect((await h.sql('SELECT COUNT(*) AS n FROM events')).map((r) => Number(r.n))).toEqual([2000]);
      expect((await h.sql('SELECT COUNT(*) AS n FROM raw_lines')).map((r) => Number(r.n))).toEqual([1]);
      const t1 = s.events('t1');
      expect(t1[0]).toEqual({ seq: 2, tableId: 't1', at: 1001, type: 'tick', data: { i: 1 } });
      expect(t1[499]).toEqual({ seq: 1998, tableId: 't1', at: 2997, type: 'tick', data: { i: 1997 } });
      // a second tick: a second transaction
      s.append('t1', 'tick', 5000, null);
      await h.settle();
      expect(s.transactions).toBe(2);
      expect((await h.sql('SELECT COUNT(*) AS n FROM events')).map((r) => Number(r.n))).toEqual([2001]);
      const s2 = await h.reopen();
      expect(s2.events('t1')).toHaveLength(501);
      expect(s2.events('t3').at(-1)).toEqual({ seq: 2000, tableId: 't3', at: 2999, type: 'tick', data: { i: 1999 } });
      console.log(`${name}: 2000 appends + 1 raw line written in one transaction in ${ms.toFixed(0)} ms`);
    });

    it('flush() writes what is pending without waiting for the tick', async () => {
      const h = await fresh();
      const s = h.store;
      s.append('t1', 'a', 1, { n: 1 });
      s.flush();
      await h.settle();
      expect(s.transactions).toBe(1);
      s.flush(); // nothing pending: no transaction
      await h.settle();
      expect(s.transactions).toBe(1);
      expect((await h.sql('SELECT COUNT(*) AS n FROM events')).map((r) => Number(r.n))).toEqual([1]);
    });
  });
}
