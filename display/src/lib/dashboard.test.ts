import { describe, expect, it } from 'vitest';
import { clockNow, clockText, replayLinkText, roomHeadline, standingGames, standingsNote, stateText, summarize } from './dashboard.js';
import { siameseFixture, standardFixture } from './fixtures.js';
import { roomSummaryOf } from '../../../hub/contract/room-summary.js';

describe('clockText', () => {
  it('reads the round clock as players do', () => {
    expect(clockText(50 * 60_000)).toBe('50:00');
    expect(clockText(754_000)).toBe('12:34');
    expect(clockText(4 * 60_000 + 59_001)).toBe('5:00'); // rounds up: 0:00 means time is up
    expect(clockText(1)).toBe('0:01');
    expect(clockText(0)).toBe('0:00');
    expect(clockText(-5)).toBe('0:00');
    expect(clockText(3_723_000)).toBe('1:02:03');
    expect(clockText(Number.NaN)).toBe('0:00');
  });
  it('counts a running clock down between updates, never below 0; a stopped one stands', () => {
    expect(clockNow({ remainingMs: 10_000, running: true }, 3_000)).toBe(7_000);
    expect(clockNow({ remainingMs: 10_000, running: true }, 60_000)).toBe(0);
    expect(clockNow({ remainingMs: 10_000, running: false }, 3_000)).toBe(10_000);
  });
});

describe('summarize', () => {
  it('a table with an open flag is red, the flag named in words; a stale reader is listed too', () => {
    const s = summarize('t1', roomSummaryOf(siameseFixture()), 'live');
    expect(s.urgency).toBe('red');
    expect(s.reasons).toEqual([
      { urgency: 'red', text: 'Open flag: Bea picked from wall 3, not the current wall 2 — Bea · Rack 2 (003 rule 20)' },
      { urgency: 'amber', text: 'Reader: RK-W2 silent' },
    ]);
    expect(s.gameText).toBe('Game 2');
    expect(s.clockText).toBeNull();
    expect(s.stateText).toBe("Ann's turn");
    expect(s.players.map((p) => [p.name, p.turn, p.count, p.racks])).toEqual([
      ['Ann', true, 28, [14, 14]],
      ['Bea', false, 27, [13, 14]],
    ]);
    expect(s.openFlags.map((f) => f.id)).toEqual(['g2-f1']);
    expect(s.badReaders.map((r) => r.id)).toEqual(['RK-W2']);
    expect(s.readerCount).toBe(6);
    expect(s.scoreCard).toBeNull();
  });

  it('a ruled flag no longer makes the table red: only the stale reader (amber) is left', () => {
    const v = siameseFixture();
    v.flags[0]!.status = 'dismissed';
    const s = summarize('t1', roomSummaryOf(v), 'live');
    expect(s.urgency).toBe('amber');
    expect(s.reasons.map((r) => r.text)).toEqual(['Reader: RK-W2 silent']);
  });

  it("another hub's table whose hub is not heard is amber, one line for the hub instead of one per reader", () => {
    const v = siameseFixture();
    v.flags[0]!.status = 'dismissed';
    const heard = roomSummaryOf(v);
    const gone = { ...heard, hub: { id: 'hall-b', online: false }, offlineReaders: v.readers.map((r) => ({ id: r.id, state: 'offline' as const })) };
    const s = summarize('t1', gone, 'live');
    expect(s.urgency).toBe('amber');
    expect(s.reasons.map((r) => r.text)).toEqual(['Hub hall-b not heard: this table shows what it last told']);
    // the readers' line: 0 of the fixture's 6 readers OK
    expect([s.readerCount, s.badReaders.length]).toEqual([6, 6]);
    // heard again: the readers as the hub tells them (RK-W2 silent)
    expect(summarize('t1', { ...heard, hub: { id: 'hall-b', online: true } }, 'live').reasons.map((r) => r.text)).toEqual(['Reader: RK-W2 silent']);
  });

  it('all fine is calm; a tournament table shows round, game n of 4 and the clock', () => {
    const v = standardFixture();
    v.round = { round: 2, game: 3, of: 4 };
    v.clock = { remainingMs: 754_000, running: true, aboutToRunOut: false, timeUp: false };
    const s = summarize('s1', roomSummaryOf(v), 'live');
    expect(s.urgency).toBe('calm');
    expect(s.reasons).toEqual([]);
    expect(s.gameText).toBe('Round 2 · Game 3 of 4');
    expect([s.clockText, s.clockUrgency, s.clockNote]).toEqual(['12:34', 'calm', null]);
    expect(s.players.map((p) => `${p.name} ${p.count}`)).toEqual(['Cy 14', 'Dee 13', 'Eve 13', 'Flo 13']);
  });

  it('a clock under 5 minutes is amber; time up is red; a stopped clock says paused', () => {
    const v = standardFixture();
    v.clock = { remainingMs: 4 * 60_000 + 30_000, running: true, aboutToRunOut: true, timeUp: false };
    let s = summarize('s1', roomSummaryOf(v), 'live');
    expect([s.urgency, s.clockUrgency, s.clockText]).toEqual(['amber', 'amber', '4:30']);
    expect(s.reasons).toEqual([{ urgency: 'amber', text: 'Clock about to run out: 4:30 left' }]);
    v.clock = { remainingMs: 0, running: false, aboutToRunOut: false, timeUp: true };
    s = summarize('s1', roomSummaryOf(v), 'live');
    expect([s.urgency, s.clockUrgency, s.clockText, s.clockNote]).toEqual(['red', 'red', '0:00', 'time up']);
    v.clock = { remainingMs: 20 * 60_000, running: false, aboutToRunOut: false, timeUp: false };
    s = summarize('s1', roomSummaryOf(v), 'live');
    expect([s.urgency, s.clockNote]).toEqual(['calm', 'paused']);
  });

  it('a view that is not live is never calm, whatever it says', () => {
    expect(summarize('s1', roomSummaryOf(standardFixture()), 'lost').urgency).toBe('unknown');
    expect(summarize('s1', null, 'connecting')).toMatchObject({ urgency: 'unknown', stateText: 'Connecting…', players: [] });
    expect(summarize('s1', null, 'lost').stateText).toBe('No connection to this table');
  });

  it('a dead hand and a finished game with its final score', () => {
    const v = siameseFixture();
    v.players[1]!.racks[1]!.dead = true;
    v.phase = 'ended';
    v.score!.final = true;
    const s = summarize('t1', roomSummaryOf(v), 'live');
    expect(s.players[1]!.dead).toEqual([false, true]);
    expect(s.players.every((p) => !p.turn)).toBe(true);
    expect(s.stateText).toBe('Game over: Bea pays Ann 50');
    expect(s.scoreCard).toBe('Game over: score card to initial');
  });
});

describe('stateText and roomHeadline', () => {
  it('says what the table is doing', () => {
    const v = siameseFixture();
    expect(stateText({ ...roomSummaryOf(v), phase: 'deal' })).toBe('Dealing');
    expect(stateText({ ...roomSummaryOf(v), phase: 'waiting' })).toBe('Waiting for the deal');
    expect(stateText({ ...roomSummaryOf(v), phase: 'ended', payment: null, endReason: 'wall game' })).toBe('Game over: wall game');
  });
  it('names the tables that need the director', () => {
    const red = summarize('t1', roomSummaryOf(siameseFixture()), 'live');
    const calm = summarize('s1', roomSummaryOf(standardFixture()), 'live');
    const lost = summarize('s2', roomSummaryOf(standardFixture()), 'lost');
    expect(roomHeadline([red, calm, lost])).toBe('1 table needs you: t1 (open flag) · 1 not live');
    expect(roomHeadline([calm, calm])).toBe('All 2 tables calm');
    expect(roomHeadline([calm, lost])).toBe('1 table calm · 1 not live');
    expect(roomHeadline([])).toBe('No tables');
  });
});

describe('standingsNote', () => {
  it('provisional while a card is not complete, final once every one is', () => {
    expect(standingsNote([{ complete: true }, { complete: false }, { complete: false }])).toEqual({ provisional: true, text: 'provisional: 2 of 3 score cards not yet complete' });
    expect(standingsNote([{ complete: true }, { complete: true }])).toEqual({ provisional: false, text: 'final: every score card complete' });
  });
});

describe('standingGames', () => {
  const seats = (...players: string[]) => players.map((player) => ({ player }));
  const cards = [
    // round 2 first: the links still go round by round
    { round: 2, table: 1, label: '12', seats: seats('p1', 'p5'), replays: [{ hubTable: 't1', gameNo: 5 }, null, null, null] },
    { round: 1, table: 2, label: '2', seats: seats('p3', 'p4'), replays: [{ hubTable: 't2', gameNo: 1 }, null, null, null] },
    { round: 1, table: 1, label: '1', seats: seats('p1', 'p2'), replays: [{ hubTable: 't1', gameNo: 1 }, null, { hubTable: 't1', gameNo: 3 }, null] },
  ];
  it("lists a player's games with a replay, round by round, and leaves out the games typed or not played", () => {
    // Ann (p1): round 1 table 1 games 1 and 3 (game 2 typed on the card, game 4 not played), round 2 table 12 game 1 (t1's 5th)
    expect(standingGames(cards, 'p1')).toEqual([
      { round: 1, table: 1, label: '1', game: 1, hubTable: 't1', gameNo: 1 },
      { round: 1, table: 1, label: '1', game: 3, hubTable: 't1', gameNo: 3 },
      { round: 2, table: 1, label: '12', game: 1, hubTable: 't1', gameNo: 5 },
    ]);
    expect(standingGames(cards, 'p4')).toEqual([{ round: 1, table: 2, label: '2', game: 1, hubTable: 't2', gameNo: 1 }]);
    // a late arrival with no card yet: none
    expect(standingGames(cards, 'p9')).toEqual([]);
  });
});

describe('replayLinkText', () => {
  it('names the game, the table by its label and the round, as a screen reader reads the link', () => {
    expect(replayLinkText({ round: 1, game: 3, label: '7' })).toBe('replay game 3, table 7 (round 1)');
    expect(replayLinkText({ round: 2, game: 1, label: '12' })).toBe('replay game 1, table 12 (round 2)');
  });
});
