/**
 * hub/log.ts: the hub's log is JSON lines in a file (one entry a line, with part, table and
 * reader), at the level chosen, and a short readable line per entry on the terminal.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHubLogger, formatEntry } from './log.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function logFile(): string {
  const d = mkdtempSync(path.join(tmpdir(), 'mjhub-log-'));
  dirs.push(d);
  return path.join(d, 'hub.log');
}
const entries = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('createHubLogger', () => {
  it('writes one JSON line per entry with part, table and reader; mode 0600', () => {
    const file = logFile();
    const lines: string[] = [];
    const log = createHubLogger({ level: 'info', file, terminal: { write: (t: string) => lines.push(t) } });
    log.child({ part: 'readers' }).child({ table: 't1', reader: 'RK-E1' }).warn({ from: 41, to: 43 }, 'sequence gap: lines 41-43 lost; asked for a snapshot');
    log.child({ part: 'store' }).error('writing the event log fails, will retry: SQLITE_FULL');
    const got = entries(file);
    expect(got.map(({ level, part, table, reader, from, to, msg }) => ({ level, part, table, reader, from, to, msg }))).toEqual([
      { level: 40, part: 'readers', table: 't1', reader: 'RK-E1', from: 41, to: 43, msg: 'sequence gap: lines 41-43 lost; asked for a snapshot' },
      { level: 50, part: 'store', table: undefined, reader: undefined, from: undefined, to: undefined, msg: 'writing the event log fails, will retry: SQLITE_FULL' },
    ]);
    expect(typeof got[0]!.time).toBe('number');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(lines.map((l) => l.replace(/^\d\d:\d\d:\d\d /, 'HH:MM:SS '))).toEqual([
      'HH:MM:SS WARN  readers t1 RK-E1: sequence gap: lines 41-43 lost; asked for a snapshot\n',
      'HH:MM:SS ERROR store: writing the event log fails, will retry: SQLITE_FULL\n',
    ]);
  });

  it('honours the level: at warn, info and debug are left out of the file and the terminal', () => {
    const file = logFile();
    const lines: string[] = [];
    const log = createHubLogger({ level: 'warn', file, terminal: { write: (t: string) => lines.push(t) } }).child({ part: 'readers' });
    log.debug('a heartbeat');
    log.info('reader connected on /dev/ttyUSB0');
    log.warn('reader disconnected from /dev/ttyUSB0');
    expect(entries(file).map((e) => e.msg)).toEqual(['reader disconnected from /dev/ttyUSB0']);
    expect(lines).toHaveLength(1);
  });

  it('appends to the file of an earlier run and makes it private again', () => {
    const file = logFile();
    writeFileSync(file, '{"level":30,"msg":"earlier run"}\n', { mode: 0o644 });
    createHubLogger({ file }).info('this run');
    expect(entries(file).map((e) => e.msg)).toEqual(['earlier run', 'this run']);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('silent writes nothing', () => {
    const file = logFile();
    createHubLogger({ level: 'silent', file }).fatal('never');
    expect(readFileSync(file, 'utf8')).toBe('');
  });
});

describe('formatEntry', () => {
  it('names the error a line carries', () => {
    const line = formatEntry({ level: 50, time: 0, part: 'api', msg: 'seat: view threw', err: { message: 'boom' } });
    expect(line.slice(9)).toBe('ERROR api: seat: view threw (boom)\n');
  });
});
