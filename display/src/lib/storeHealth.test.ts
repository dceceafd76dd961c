import { describe, expect, it } from 'vitest';
import { storeHealthText } from './api.js';

const clock = (ms: number) => new Date(ms).toISOString().slice(11, 19);

describe('storeHealthText: what the director reads when the event log is not written', () => {
  it('nothing while the log is written or the hub cannot be asked', () => {
    expect(storeHealthText({ ok: true }, clock)).toBeNull();
    expect(storeHealthText(null, clock)).toBeNull();
  });
  it('a write that cannot succeed: stop the hub', () => {
    expect(storeHealthText({ ok: false, error: 'UNIQUE constraint failed: events.seq', since: Date.UTC(2026, 10, 30, 11, 3, 2), retrying: false, unwritten: 1 }, clock)).toBe(
      'The event log is not being saved (since 11:03:02): UNIQUE constraint failed: events.seq. 1 event and reader lines are not saved: they are lost when the hub stops. Table views stop updating. Stop the hub and check its data folder.',
    );
  });
  it('a write being retried (disk full): check the disk', () => {
    expect(storeHealthText({ ok: false, error: 'SQLITE_FULL: database or disk is full', since: Date.UTC(2026, 10, 30, 9, 0, 0), retrying: true, unwritten: 40 }, clock)).toBe(
      'The hub is retrying to write its event log (since 09:00:00): SQLITE_FULL: database or disk is full. 40 events and reader lines are not saved: they are lost when the hub stops. Table views wait for the write. Check the disk of the hub’s data folder.',
    );
  });
  it('a PostgreSQL server that does not answer: check the server and the path to it', () => {
    const h = {
      ok: false as const,
      error: 'writing the event log postgres://mj:***@db:5432/hub has not finished for 6 s: the database server does not answer',
      since: Date.UTC(2026, 10, 30, 14, 20, 5),
      retrying: true,
      unwritten: 7,
      check: 'Check the database server and the network path to it.',
    };
    expect(storeHealthText(h, clock)).toBe(
      'The hub is retrying to write its event log (since 14:20:05): writing the event log postgres://mj:***@db:5432/hub has not finished for 6 s: the database server does not answer. 7 events and reader lines are not saved: they are lost when the hub stops. Table views wait for the write. Check the database server and the network path to it.',
    );
    // with the local spool (hub/store/spool.ts) nothing is lost when the hub stops: it says where it is held
    expect(storeHealthText({ ...h, held: '/data/hall-a/pg-spool.jsonl' }, clock)).toBe(
      'Database away since 14:20:05, 7 events and reader lines held in /data/hall-a/pg-spool.jsonl: written in order when it is back (writing the event log postgres://mj:***@db:5432/hub has not finished for 6 s: the database server does not answer). Table views wait for the write. Check the database server and the network path to it.',
    );
    expect(storeHealthText({ ...h, retrying: false, error: 'STOPPED writing' }, clock)).toBe(
      'The event log is not being saved (since 14:20:05): STOPPED writing. 7 events and reader lines are not saved: they are lost when the hub stops. Table views stop updating. Stop the hub and check the database server and the network path to it.',
    );
  });
});
