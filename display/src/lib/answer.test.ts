import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchStoreHealth } from './api.js';
import { postClock } from './dashboardApi.js';

/** fetch answering every request with `status` and `body` (JSON). */
function answer(status: number, body: unknown): void {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the fetches that never throw: an answer of another shape gives the fallback and names its wrong field', () => {
  it('fetchStoreHealth: a written log is { ok: true }, nothing said', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    answer(200, { store: { ok: true } });
    expect(await fetchStoreHealth('t')).toEqual({ ok: true });
    expect(warn).not.toHaveBeenCalled();
  });

  it('fetchStoreHealth: `ok` as text is no health at all (null: the director keeps what she saw), and the console names store.ok', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    answer(200, { store: { ok: 'yes' } });
    expect(await fetchStoreHealth('t')).toBeNull();
    expect(warn.mock.calls).toEqual([["the hub's answer to GET /api/director/health does not fit: response.store.ok must be boolean"]]);
  });

  it('fetchStoreHealth: a hub that cannot be reached is null too, with nothing said about a field', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('fetch failed');
    });
    expect(await fetchStoreHealth('t')).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  it('postClock: the clock started (null) even when its answer does not fit, the console naming the field', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    answer(200, { round: 'one' });
    expect(await postClock('start', 't')).toBeNull();
    // the first field the contract misses (TournamentClockReply) is named
    expect(warn.mock.calls).toEqual([["the hub's answer to POST /api/director/tournament/clock does not fit: response.remainingMs is required"]]);
  });

  it("postClock: a refusal is the hub's message word for word, nothing on the console", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    answer(409, { error: 'Conflict', message: 'the round clock is running already' });
    expect(await postClock('start', 't')).toBe('Conflict: the round clock is running already');
    expect(warn).not.toHaveBeenCalled();
  });
});
