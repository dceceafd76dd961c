import { afterEach, describe, expect, it, vi } from 'vitest';
import { correctionProblem, postCorrection, postEntry } from './dashboardApi.js';

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
