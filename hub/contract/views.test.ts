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
  it("a tournament table's clock state, a game after the round's four and the Charleston's vote parse; a bad one names its field", () => {
    const b = keep(new HandBench({ announce: false, helloTakesSeq: false, settlePadMs: 100 }));
    b.build();
    const pub = {
      ...toPublic(b.engine.publicView()),
      clock: { remainingMs: 3_000_000, running: false, aboutToRunOut: false, timeUp: false, state: 'ready' as const },
      round: { round: 1, game: 5, of: 4, extra: true as const },
      charleston: { stage: 'courtesy', direction: 'across' as const, blindAllowed: false, passed: [1, 0, 1, 0], blind: [0, 0, 0, 0], secondCharleston: 'no' as const },
    };
    // toPublic keeps the new keys, and the schema names them
    expect(toPublic(pub)).toEqual(pub);
    expect(check(PublicTableViewSchema, pub, 'view')).toEqual({ ok: true, value: pub });
    const bad = check(PublicTableViewSchema, { ...pub, clock: { ...pub.clock, state: 'stopped' } }, 'view');
    expect(bad.ok).toBe(false);
    expect(bad.ok ? '' : bad.error).toContain('view.clock.state');
    const badVote = check(PublicTableViewSchema, { ...pub, charleston: { ...pub.charleston, secondCharleston: 'maybe' } }, 'view');
    expect(badVote.ok ? '' : badVote.error).toContain('view.charleston.secondCharleston');
  });

  it('a range, one line, a range across the wrap', () => {
    expect(lostRangeText({ from: 2, to: 39 })).toBe('lines 2-39 lost');
    expect(lostRangeText({ from: 3, to: 3 })).toBe('line 3 lost');
    expect(lostRangeText({ from: 2147483647, to: 0 })).toBe('lines 2147483647-0 lost');
  });
});
