import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIAMESE_SEATS, betweenRoundsText, cardKindOf, correctionProblem, postCorrection, postCorrectionCard, postEntry } from './dashboardApi.js';

/** Stubs fetch with one answer and records the calls. */
function stubFetch(status: number, body: unknown): { url: string; init: RequestInit }[] {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('postEntry (standard table entries, 000)', () => {
  it('sends the looked-at-stolen-tile entry for the chosen player with the token', async () => {
    const calls = stubFetch(200, {});
    expect(await postEntry('t 1', { entry: 'looked-at-stolen-tile', player: 2 }, 'abc')).toBeNull();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/director/tables/t%201/entries');
    expect(calls[0]!.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ entry: 'looked-at-stolen-tile', player: 2 });
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer abc');
  });
  it("gives the hub's refusal word for word", async () => {
    const msg = "table 'demo' (siamese) takes no 'dead-declared-in-error' entry: only misnamed-discard";
    stubFetch(409, { error: msg });
    expect(await postEntry('demo', { entry: 'dead-declared-in-error', player: 0 }, '')).toBe(msg);
  });
});

describe('correctionProblem', () => {
  const ok = { game: 2, points: [-25, 50, -25, 0], reason: 'East miscounted the jokers' };
  it('lets a whole correction through', () => {
    expect(correctionProblem('3', 1, ok)).toBeNull();
  });
  it('names what is wrong', () => {
    expect(correctionProblem(' ', 1, ok)).toBe('table is required');
    expect(correctionProblem('3', 0, ok)).toBe('round must be a whole number from 1');
    expect(correctionProblem('3', 1, { ...ok, game: 5 })).toBe('game must be 1, 2, 3 or 4');
    expect(correctionProblem('3', 1, { ...ok, points: [1, 2, 3] })).toBe('give the points of all four seats');
    expect(correctionProblem('3', 1, { ...ok, points: [0, 0, Number.NaN, 0] })).toBe("West's points must be a whole number");
    expect(correctionProblem('3', 1, { ...ok, points: [0, 2.5, 0, 0] })).toBe("South's points must be a whole number");
    expect(correctionProblem('3', 1, { ...ok, reason: '  ' })).toBe('a reason is required');
    expect(correctionProblem('3', 1, { ...ok, points: [1e12, 20, 0, 0] })).toBe("East's points 1000000000000 are more than a game can score (at most 10000 either way)");
    expect(correctionProblem('3', 1, { ...ok, points: [0, -10000, 0, 0] })).toBeNull();
  });
});

describe('postCorrection', () => {
  it('posts {game, points, reason} to the card of the table and round', async () => {
    const calls = stubFetch(200, { round: 2, table: 3 });
    expect(await postCorrection('3', 2, { game: 4, points: [0, 0, 0, 0], reason: 'time was up' }, '')).toBeNull();
    expect(calls[0]!.url).toBe('/api/director/tournament/cards/3/2/correct');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ game: 4, points: [0, 0, 0, 0], reason: 'time was up' });
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBeUndefined();
  });
  it("gives the hub's refusal word for word", async () => {
    stubFetch(404, { error: 'no table 9 in round 2' });
    expect(await postCorrection('9', 2, { game: 1, points: [0, 0, 0, 0], reason: 'x' }, 't')).toBe('no table 9 in round 2');
  });
});

describe('a Royale Siamese card (2 seats: East, West)', () => {
  const cards = [
    { round: 1, table: 1, hubTable: 't1', kind: 'siamese' as const },
    { round: 1, table: 2, hubTable: 't2', kind: 'siamese' as const },
  ];
  it('cardKindOf finds the card by table number or hub table id, else the kind every card has', () => {
    expect(cardKindOf(cards, '1', 1)).toBe('siamese');
    expect(cardKindOf(cards, ' t2 ', 1)).toBe('siamese');
    expect(cardKindOf(cards, '9', 3)).toBe('siamese');
    expect(cardKindOf([{ round: 1, table: 1 }], '1', 1)).toBe('standard');
    expect(cardKindOf([...cards, { round: 1, table: 3 }], '3', 1)).toBe('standard');
    expect(cardKindOf([...cards, { round: 1, table: 3 }], '7', 1)).toBeNull();
    expect(cardKindOf([], '1', 1)).toBeNull();
  });
  it('correctionProblem asks for East and West only', () => {
    const fix = { game: 3, points: [0, 25], reason: 'Bea was not jokerless' };
    expect(correctionProblem('1', 1, fix, SIAMESE_SEATS)).toBeNull();
    expect(correctionProblem('1', 1, { ...fix, points: [0, 0, 25, 0] }, SIAMESE_SEATS)).toBe('give the points of both seats (East, West)');
    expect(correctionProblem('1', 1, { ...fix, points: [0, Number.NaN] }, SIAMESE_SEATS)).toBe("West's points must be a whole number");
    expect(correctionProblem('1', 1, fix)).toBe('give the points of all four seats');
  });
  it('postCorrectionCard sends 2 points and returns the card with the names and the settlement', async () => {
    const calls: { url: string; body: unknown }[] = [];
    // the card as the hub answers POST …/correct (hub/contract/score.ts SiameseScoreCardSchema)
    const card = {
      kind: 'siamese',
      tournament: 'Demo room',
      round: 1,
      table: 1,
      seats: ['p01', 'p02'],
      games: [
        { points: [160, 15], marks: ['160', '15'], by: 'table', source: 'siamese table t1 game 1 (003 rule 17)' },
        { points: [10, 10], marks: ['10', '10'], by: 'table', source: 'siamese table t1 game 2 (003 rule 17)' },
        { points: [0, 25], marks: ['X', '25'], by: 'director', source: 'director' },
        { points: [0, 0], marks: ['X', 'X'], by: 'table', source: 'siamese table t1 game 4 (003 rule 17)' },
      ],
      verified: [false, false],
      initials: [null, null],
      corrections: [
        { game: 3, reason: 'Bea was not jokerless', director: 'director', before: { points: [0, 0], marks: ['X', 'X'], by: 'table', source: 'siamese table t1 game 3 (003 rule 17)' } },
      ],
    };
    // totals: Ann 160 + 10 + 0 + 0 = 170, Bea 15 + 10 + 25 + 0 = 50: Bea pays Ann 120 (003 rule 17)
    const seatLine = (seat: string, player: string, name: string, marks: string[], total: number) => ({ seat, player, name, marks, total, initialed: false, verified: false });
    const publicCard = (table: number, settlement: string, seats: ReturnType<typeof seatLine>[]) => ({
      round: 1,
      table,
      label: String(table),
      hubTable: `t${table}`,
      seats,
      games: 4,
      changes: [],
      by: ['table', 'table', 'director', 'table'],
      complete: false,
      missing: ['initials'],
      corrections: 1,
      kind: 'siamese',
      settlement,
    });
    const pub = {
      name: 'Demo room',
      round: 1,
      rounds: 1,
      gamesPerRound: 4,
      clock: { remainingMs: 0, running: false, aboutToRunOut: false, timeUp: true, round: 1, state: 'time up', display: '0:00' },
      scoring: [],
      cards: [
        publicCard(1, 'Bea pays Ann 120', [seatLine('East', 'p01', 'Ann', ['160', '10', 'X', 'X'], 170), seatLine('West', 'p02', 'Bea', ['15', '10', '25', 'X'], 50)]),
        publicCard(2, 'Di pays Cy 5', [seatLine('East', 'p03', 'Cy', ['5', 'X', 'X', 'X'], 5), seatLine('West', 'p04', 'Di', ['X', 'X', 'X', 'X'], 0)]),
      ],
      standings: [],
      extraTime: [],
      prizes: [],
      tables: [
        { table: 1, hubTable: 't1', label: '1' },
        { table: 2, hubTable: 't2', label: '2' },
      ],
    };
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
      return new Response(JSON.stringify(url === '/api/tournament' ? pub : card), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const got = await postCorrectionCard('1', 1, { game: 3, points: [0, 25], reason: 'Bea was not jokerless' }, '');
    expect(calls[0]).toEqual({ url: '/api/director/tournament/cards/1/1/correct', body: { game: 3, points: [0, 25], reason: 'Bea was not jokerless' } });
    expect('card' in got && [got.card.kind, got.card.names, got.card.settlement]).toEqual(['siamese', ['Ann', 'Bea'], 'Bea pays Ann 120']);
    // a card of another shape (a game without its source) is named, field and all, not shown
    const { source: _left, ...noSource } = card.games[0]!;
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ ...card, games: [noSource, ...card.games.slice(1)] }), { status: 200 }));
    expect(await postCorrectionCard('1', 1, { game: 3, points: [0, 25], reason: 'Bea was not jokerless' }, '')).toEqual({
      error: "the hub's answer to POST /api/director/tournament/cards/…/correct does not fit: response.games.0.source is required",
    });
  });
});

describe('betweenRoundsText (a game begun between rounds, in the room)', () => {
  const hhmm = () => '10:52';
  const base = { hubTable: 't1', hubGameNo: 5, afterRound: 1, began: 0, round: null, director: null };
  it('names the game, when it began, how it stands and its points by seat', () => {
    expect(betweenRoundsText({ ...base, state: 'in play', result: null }, hhmm)).toBe("Game 5 at t1, begun between rounds at 10:52 (after round 1's time): still in play");
    expect(betweenRoundsText({ ...base, state: 'ended', result: { points: [50, 0], source: 's' } }, hhmm)).toBe(
      "Game 5 at t1, begun between rounds at 10:52 (after round 1's time): ended, East 50 · West 0",
    );
    expect(betweenRoundsText({ ...base, state: 'assigned', round: 2, director: 'Judy', result: { outcome: { winner: 1, value: 25 } } }, hhmm)).toBe(
      "Game 5 at t1, begun between rounds at 10:52 (after round 1's time): assigned to round 2 by Judy, South went Mah Jongg",
    );
    expect(betweenRoundsText({ ...base, state: 'dropped', director: 'Judy', result: { outcome: { winner: null, wallGame: true } } }, hhmm)).toBe(
      "Game 5 at t1, begun between rounds at 10:52 (after round 1's time): dropped by Judy, a wall game",
    );
  });
});
