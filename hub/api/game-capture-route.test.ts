/**
 * `GET /api/director/tables/:id/games/:gameNo/capture` (firmware-protocol/CAPTURE.md) on a Royale
 * Siamese engine that played a seeded game over reader lines: the director downloads what the wire
 * said, both ways, and it replays (hub/capture/replay.ts) to the flags and points the hub showed;
 * a capture holds every tile the readers saw, so without the director's credentials it is refused.
 */
import { describe, expect, it } from 'vitest';
import { parseCapture } from '../capture/format.js';
import { replayCapture } from '../capture/replay.js';
import { FakeTableRuntime } from './fake-runtime.js';
import { createHubServer } from './server.js';
import { servedGames } from './test-download.js';

const TOKEN = 'game-capture-route-token';
/** Seed 6 with a wrong-wall pick at the 3rd pick (hub/table/engine-rulings.test.ts), played whole, behind a hub server. */
const served = servedGames(TOKEN);

const URL1 = '/api/director/tables/t1/games/1/capture';

describe('the game capture route', () => {
  // 003 rule 20: Ann's pick from wall 4 when the current wall is 2 is flagged; 003 rule 17: Ann 30, Bea 30 + 30 × 2 = 90
  it('gives the director the capture; replayed, it gives the flags and points the hub showed (one wrong wall; 30, 90)', async () => {
    const { b, app } = await served();
    const res = await app.inject({ url: URL1, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="t1-game-1.capture.jsonl"');
    const capture = parseCapture(res.body);
    expect(capture.header).toMatchObject({ format: 'mjhub.capture', version: 1, game: 1, startedAt: 1_000_000 });
    // both directions: the CMD snap the hub sent to each of the 9 readers when its port opened
    expect(capture.lines.filter((l) => l.dir === 'out').map((l) => l.line.split('*')[0])).toEqual(Array(9).fill('CMD snap'));
    const shown = b.engine.directorView();
    expect(shown.flags.map((f) => [f.kind, f.rule, f.status])).toEqual([['wrong-wall', '003 rule 20', 'awaiting-director']]);
    expect(shown.score?.points).toEqual([30, 90]);
    const replayed = replayCapture(capture);
    expect(replayed.flags.map((f) => [f.id, f.kind, f.rule, f.status])).toEqual(shown.flags.map((f) => [f.id, f.kind, f.rule, f.status]));
    expect(replayed.points).toEqual([{ game: 1, points: [30, 90] }]);
    expect(replayed.readers.map((r) => r.state)).toEqual(Array(9).fill('connected'));
  });

  it("is refused without the director's credentials (401), and 404 for a game not begun", async () => {
    const { app } = await served();
    expect((await app.inject({ url: URL1 })).statusCode).toBe(401);
    expect((await app.inject({ url: URL1, headers: { authorization: 'Bearer not-the-token' } })).statusCode).toBe(401);
    const seats = (await app.inject({ url: '/api/director/tables/t1/seats', headers: { authorization: `Bearer ${TOKEN}` } })).json() as { token: string }[];
    expect((await app.inject({ url: URL1, headers: { authorization: `Bearer ${seats[0]!.token}` } })).statusCode).toBe(401);
    const none = await app.inject({ url: '/api/director/tables/t1/games/2/capture', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ message: "table 't1' has no game 2 (games begun: 1)" });
  });

  it('501 from both game downloads for a table that keeps neither (a table runtime without records or captures)', async () => {
    const hub = await createHubServer({ tables: [new FakeTableRuntime()], directorToken: TOKEN });
    try {
      const auth = { authorization: `Bearer ${TOKEN}` };
      const record = await hub.app.inject({ url: '/api/director/tables/t1/games/1/record', headers: auth });
      expect([record.statusCode, record.json().message]).toEqual([501, "table 't1' keeps no game records"]);
      const capture = await hub.app.inject({ url: URL1, headers: auth });
      expect([capture.statusCode, capture.json().message]).toEqual([501, "table 't1' keeps no captures"]);
    } finally {
      await hub.close();
    }
  });
});
