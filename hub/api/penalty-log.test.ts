/**
 * The penalty and conduct log pushed on `/director` (hub/api/penalty-log.ts) through a real hub with
 * a tournament: a director's room that asked with `penalties:watch` gets the whole log at once, then
 * again after each penalty given or cancelled (by any director, from any screen), and nothing on a
 * clock tick; a connection without the director's credentials never reaches the namespace; a hub
 * without a tournament refuses the watch in words.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { PENALTY_LOG_EV, type PenaltyLogPush } from '../contract/penalty-log.js';
import { DIRECTOR_NAMESPACE } from '../contract/socket.js';
import { openSqliteStore } from '../store/sqlite.js';
import { CONFIG, FakeStandardTable, MIN, T0, siameseTable } from '../tournament/fixtures.test-helpers.js';
import { TournamentService } from '../tournament/service.js';
import { FakeTableRuntime, sampleDirectorView } from './fake-runtime.js';
import { createHubServer, type HubServer } from './server.js';

const TOKEN = 'director-secret-1';
const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0).reverse()) await c();
});

/** A director socket on `/director` (or one with `token`), disconnected after the test. */
function director(url: string, token = TOKEN): Socket {
  const s = connect(`${url}${DIRECTOR_NAMESPACE}`, { transports: ['websocket'], auth: { token }, reconnection: false });
  closers.push(() => void s.disconnect());
  return s;
}

async function serve(tournament?: TournamentService): Promise<{ hub: HubServer; url: string }> {
  const svc = tournament;
  const tables = svc ? svc.wrap([siameseTable(), new FakeStandardTable(() => svc!)]) : [new FakeTableRuntime(sampleDirectorView('t1'))];
  const hub = await createHubServer({ tables, directorToken: TOKEN, store: openSqliteStore(':memory:'), ...(svc ? { tournament: svc } : {}) });
  closers.push(() => hub.close());
  return { hub, url: await hub.listen(0) };
}

/** One line per penalty: "id player points, cancelled" as the room lists it. */
const lines = (log: PenaltyLogPush) => log.penalties.map((p) => `${p.id} ${p.player} ${p.points}${p.cancelled ? `, cancelled by ${p.cancelled.director}` : ''}`);

describe('the penalty log, pushed to the room', () => {
  it('the whole log at once, then after each penalty given or cancelled; a clock tick pushes nothing', async () => {
    const clock = { now: T0 };
    const svc = new TournamentService({ config: CONFIG, store: openSqliteStore(':memory:'), now: () => clock.now, tickMs: 0 });
    closers.push(() => svc.close());
    const { url } = await serve(svc);
    svc.clock('start'); // round 1 begun: a penalty may name it
    svc.givePenalty({ player: 'p1', round: 1, kind: 'late', points: -5, reason: 'late 6 minutes', by: 'Dora' });

    const room = director(url);
    const got: PenaltyLogPush[] = [];
    room.on(PENALTY_LOG_EV.log, (log: PenaltyLogPush) => got.push(log));
    await vi.waitFor(() => expect(room.connected).toBe(true));
    expect(await room.emitWithAck(PENALTY_LOG_EV.watch, {})).toEqual({ ok: true });
    await vi.waitFor(() => expect(got).toHaveLength(1));
    expect(lines(got[0]!)).toEqual(['1 p1 -5']);

    // another director (here the service, as a script would) gives Gil −10: one push, both listed
    svc.givePenalty({ player: 'p7', round: 1, kind: 'conduct', points: -10, reason: 'phone at the table', by: 'Ed' });
    await vi.waitFor(() => expect(got).toHaveLength(2));
    expect(lines(got[1]!)).toEqual(['1 p1 -5', '2 p7 -10']);
    // the round clock ticks a minute on: the tournament changed, the log did not: no push
    clock.now += MIN;
    svc.tick();
    // then Ann's is cancelled: one push (the third), which proves the two changes before it pushed nothing
    svc.cancelPenalty(1, 'entered twice', 'Ed');
    await vi.waitFor(() => expect(got).toHaveLength(3));
    expect(lines(got[2]!)).toEqual(['1 p1 -5, cancelled by Ed', '2 p7 -10']);
  });

  it("a connection without the director's credentials is refused; a hub without a tournament refuses the watch in words", async () => {
    const { url } = await serve();
    const stranger = director(url, 'not-the-secret');
    const refused = await new Promise<string>((resolve) => stranger.on('connect_error', (e: Error) => resolve(e.message)));
    expect(refused).toMatch(/^not logged in as the director/);

    const room = director(url);
    await vi.waitFor(() => expect(room.connected).toBe(true));
    expect(await room.emitWithAck(PENALTY_LOG_EV.watch, {})).toEqual({ ok: false, error: 'this hub runs no tournament: there is no penalty log' });
  });
});
