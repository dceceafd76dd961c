/**
 * The view schemas against the views a real Royale Siamese engine builds from reader lines
 * (hub/table/test-bench.ts): after a deal, turns and a wrong tile count (003 rule 18C: a flag, dead
 * hands, a score), the public, director and seat views each parse, and parsing keeps every key (the
 * schemas strip what they do not name: an equal result means the schema names every field the hub sends).
 */
import { describe, expect, it } from 'vitest';
import { toDirector, toPublic } from '../api/public-view.js';
import { buildSeatView } from '../api/seat-view.js';
import { HandBench, closedAfterEach } from '../table/test-bench.js';
import { check } from './issues.js';
import { DirectorTableViewSchema, lostRangeText, PublicTableViewSchema, SeatViewSchema } from './views.js';

const keep = closedAfterEach<HandBench>();

describe('the view schemas name every field of the views the engine builds', () => {
  it('public, director and seat views after a wrong count (003 rule 18C: both hands dead)', () => {
    const b = keep(new HandBench({ announce: false, helloTakesSeq: false, settlePadMs: 100 }));
    b.build();
    b.deal();
    b.turn('RK-E1/in');
    b.turnWithExtraPick('RK-W1/in', 'RK-W2/in');
    const pub = toPublic(b.engine.publicView());
    const dir = toDirector(b.engine.directorView());
    // the game the checks rest on: a flag was raised and the view has a score
    expect(pub.flags.length).toBeGreaterThan(0);
    expect(pub.players.map((p) => p.racks.length)).toEqual([2, 2]);
    expect(check(PublicTableViewSchema, pub, 'view')).toEqual({ ok: true, value: pub });
    expect(check(DirectorTableViewSchema, dir, 'view')).toEqual({ ok: true, value: dir });
    const seat = buildSeatView(pub, 1, dir.concealed[1]!, null);
    expect(check(SeatViewSchema, seat, 'view')).toEqual({ ok: true, value: seat });
  });
});

describe('the wording of lost lines (the hub log and the director page say it alike)', () => {
  it('a range, one line, a range across the wrap', () => {
    expect(lostRangeText({ from: 2, to: 39 })).toBe('lines 2-39 lost');
    expect(lostRangeText({ from: 3, to: 3 })).toBe('line 3 lost');
    expect(lostRangeText({ from: 2147483647, to: 0 })).toBe('lines 2147483647-0 lost');
  });
});
