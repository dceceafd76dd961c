/**
 * hub/store/report.ts: a store's write errors reach the hub log once per change of state, not once
 * per retry (a store retries on every event-loop turn that appends: a full disk would flood it).
 */
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { storeErrorLog } from './report.js';

function capture() {
  const said: string[] = [];
  const log = pino({ level: 'info', base: undefined }, { write: (l: string) => void said.push(((e) => `${e.level} ${e.msg}`)(JSON.parse(l) as { level: number; msg: string })) });
  return { said, report: storeErrorLog(log) };
}

describe('storeErrorLog', () => {
  it('a run of failed retries is one warn; writing again one info; a second run is logged again', () => {
    const { said, report } = capture();
    for (let i = 0; i < 50; i++) report.error(new Error('SQLITE_FULL: database or disk is full'));
    report.health({ ok: false, error: 'writing the event log /d/events.sqlite fails, retrying: SQLITE_FULL', since: 1, retrying: true, unwritten: 50 });
    report.health({ ok: true });
    report.health({ ok: true });
    report.error(new Error('Connection terminated unexpectedly'));
    expect(said).toEqual([
      '40 writing the event log fails, will retry: SQLITE_FULL: database or disk is full',
      '30 writing the event log again: everything pending is written',
      '40 writing the event log fails, will retry: Connection terminated unexpectedly',
    ]);
  });

  it('stopped for good and what a close could not write are errors, each logged', () => {
    const { said, report } = capture();
    report.error(new Error('SQLITE_IOERR'));
    report.error(new Error('STOPPED writing the event log /d/events.sqlite at 2026-12-01T10:00:00.000Z: UNIQUE constraint failed: events.seq'));
    report.error(new Error('event log /d/events.sqlite closed with 5 events (seq 1-5) and 0 raw lines not written'));
    report.health({ ok: true }); // a stopped store never writes again: no "again"
    expect(said).toEqual([
      '40 writing the event log fails, will retry: SQLITE_IOERR',
      '50 STOPPED writing the event log /d/events.sqlite at 2026-12-01T10:00:00.000Z: UNIQUE constraint failed: events.seq',
      '50 event log /d/events.sqlite closed with 5 events (seq 1-5) and 0 raw lines not written',
    ]);
  });
});
