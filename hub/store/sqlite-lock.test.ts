/**
 * One hub per data folder (hub/store/lock.ts) and a store that fails loudly (hub/store/sqlite.ts):
 * a second store on the same file is refused with a message naming the folder and the other hub;
 * a hub killed with SIGKILL leaves no stale lock; a write another process made impossible stops
 * the store's writing, shows in health(), and close() still does not throw.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertDataFolderFree } from './lock.js';
import { openSqliteStore, type SqliteEventStore } from './sqlite.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const nextTick = () => new Promise<void>((r) => setImmediate(r));
const hhmmss = (d: Date) => [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');

let dir: string;
let data: string;
let file: string;
const opened: SqliteEventStore[] = [];
const children: ChildProcess[] = [];
function open(opts: Parameters<typeof openSqliteStore>[1] = {}): SqliteEventStore {
  const s = openSqliteStore(file, opts);
  opened.push(s);
  return s;
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mjhub-lock-'));
  data = path.join(dir, 'data');
  file = path.join(data, 'events.sqlite');
});
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const s of opened.splice(0)) s.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('one hub per data folder', () => {
  it('refuses a second store on the same file, naming the folder and the other hub; the first keeps working', () => {
    const first = open();
    const started = hhmmss(new Date());
    expect(() => openSqliteStore(file)).toThrow(`data folder ${data} is in use by another hub (pid ${process.pid} (this process), started ${started}); stop it or use --data`);
    expect(() => assertDataFolderFree(data)).toThrow(`data folder ${data} is in use by another hub`);
    expect(first.append('t1', 'a', 1, null).seq).toBe(1);
    first.flush();
    expect(first.health()).toEqual({ ok: true });
  });

  it('opens again once the first is closed; seq continues', () => {
    const first = openSqliteStore(file);
    first.append('t1', 'a', 1, null);
    first.close();
    assertDataFolderFree(data); // free: no throw
    const second = open();
    expect(second.append('t1', 'b', 2, null).seq).toBe(2);
  });

  it('a folder that does not exist yet is free; in-memory stores never lock', () => {
    expect(() => assertDataFolderFree(path.join(dir, 'nothing-here'))).not.toThrow();
    const a = openSqliteStore(':memory:');
    const b = openSqliteStore(':memory:');
    a.close();
    b.close();
  });

  it('a hub killed with SIGKILL leaves no stale lock: refused while it runs, opened right after', async () => {
    const code = [
      `import { openSqliteStore } from ${JSON.stringify(path.join(ROOT, 'hub/store/sqlite.ts'))};`,
      `const s = openSqliteStore(${JSON.stringify(file)});`,
      `s.append('t1', 'from-child', 5, { pid: process.pid });`,
      's.flush();',
      "process.stdout.write('open\\n');",
      'setInterval(() => {}, 1000);',
    ].join('\n');
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let err = '';
    child.stderr!.on('data', (b: Buffer) => (err += b.toString()));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`child did not open the store: ${err}`)), 20_000);
      child.stdout!.on('data', (b: Buffer) => {
        if (b.toString().includes('open')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.on('exit', (c) => reject(new Error(`child exited (${c}): ${err}`)));
    });
    expect(() => openSqliteStore(file)).toThrow(
      new RegExp(`^data folder ${data.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is in use by another hub \\(pid ${child.pid}, started \\d\\d:\\d\\d:\\d\\d\\); stop it or use --data$`),
    );

    const exited = new Promise<void>((r) => child.on('exit', () => r()));
    child.kill('SIGKILL');
    await exited;
    const s = open();
    expect(s.events('t1')).toEqual([{ seq: 1, tableId: 't1', at: 5, type: 'from-child', data: { pid: child.pid } }]);
    expect(s.append('t1', 'after', 6, null).seq).toBe(2);
  }, 30_000);
});

describe('a store whose log was written by another process', () => {
  it('stops writing at the first constraint failure, says so once, keeps reads, and closes without throwing', async () => {
    const reports: string[] = [];
    const s = open({ onFlushError: (e) => reports.push((e as Error).message) });
    s.append('t1', 'a', 1, null);
    s.appendRawLine({ reader: 'RK-E1', port: 'p', at: 1, line: 'HELLO RK-E1', status: 'ok' });
    s.flush();
    // another writer (what a second hub did before the lock): seq 2 and raw line 2 are taken
    const intruder = new Database(file);
    intruder.prepare("INSERT INTO events (seq, table_id, at, type, data) VALUES (2, 't1', 2, 'intruder', 'null')").run();
    intruder.prepare("INSERT INTO raw_lines (id, reader, port, at, line, status) VALUES (2, NULL, 'q', 2, 'x', 'ok')").run();
    intruder.close();

    expect(s.append('t1', 'b', 3, { n: 3 }).seq).toBe(2);
    await nextTick();
    await nextTick();
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatch(/^STOPPED writing the event log .*events\.sqlite at .*: UNIQUE constraint failed: events\.seq .*; 1 events \(seq 2-2\) and 0 raw lines not written$/);
    const h = s.health();
    expect(h).toMatchObject({ ok: false, retrying: false, unwritten: 1 });
    expect(h.ok === false && h.error).toContain('UNIQUE constraint failed: events.seq');
    expect(h.ok === false && h.since).toBeGreaterThan(Date.now() - 10_000);

    // appends go on in memory (the hub does not crash), nothing more is tried nor reported
    s.append('t1', 'c', 4, null);
    s.appendRawLine({ reader: null, port: 'p', at: 4, line: 'y', status: 'ok' });
    await nextTick();
    await nextTick();
    expect(reports).toHaveLength(1);
    expect(s.health()).toMatchObject({ ok: false, retrying: false, unwritten: 3 });
    expect(() => s.flush()).toThrow(/^STOPPED writing .*; now 2 events \(seq 2-3\) and 1 raw lines not written$/);
    expect(s.events('t1').map((e) => [e.seq, e.type])).toEqual([
      [1, 'a'],
      [2, 'intruder'],
      [2, 'b'],
      [3, 'c'],
    ]);

    expect(() => s.close()).not.toThrow();
    expect(reports[1]).toMatch(/^event log .*events\.sqlite closed with 2 events \(seq 2-3\) and 1 raw lines not written$/);
    expect(() => s.close()).not.toThrow();
    // the lock went with it: the folder opens again, with what the file really holds
    const again = open();
    expect(again.events('t1').map((e) => e.type)).toEqual(['a', 'intruder']);
    expect(again.health()).toEqual({ ok: true });
  });

  it('a constraint failure found by close() itself is reported, not thrown', () => {
    const reports: string[] = [];
    const s = open({ onFlushError: (e) => reports.push((e as Error).message) });
    s.appendRawLine({ reader: null, port: 'p', at: 1, line: 'x', status: 'ok' });
    const intruder = new Database(file);
    intruder.prepare("INSERT INTO raw_lines (id, reader, port, at, line, status) VALUES (1, NULL, 'q', 2, 'x', 'ok')").run();
    intruder.close();
    expect(() => s.close()).not.toThrow();
    expect(reports).toHaveLength(2);
    expect(reports[0]).toMatch(/UNIQUE constraint failed: raw_lines\.id/);
    expect(reports[1]).toMatch(/closed with 0 events and 1 raw lines not written$/);
  });

  it('the default report goes to stderr once, without a stack, and close() does not throw', async () => {
    const lines: string[] = [];
    const orig = process.stderr.write;
    process.stderr.write = ((text: string) => lines.push(String(text).replace(/^\d\d:\d\d:\d\d /, '')) > 0) as typeof process.stderr.write;
    try {
      const s = open();
      const intruder = new Database(file);
      intruder.prepare("INSERT INTO events (seq, table_id, at, type, data) VALUES (1, 't1', 2, 'intruder', 'null')").run();
      intruder.close();
      for (let i = 0; i < 5; i++) {
        s.append('t1', 'x', i, null);
        await nextTick();
        await nextTick();
      }
      s.close();
    } finally {
      process.stderr.write = orig;
    }
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^ERROR store: STOPPED writing the event log .* UNIQUE constraint failed: events\.seq/);
    expect(lines[1]).toMatch(/^ERROR store: event log .* closed with 5 events \(seq 1-5\) and 0 raw lines not written\n$/);
  });
});
