/**
 * `GET /api/director/tables/:id/games/:gameNo/capture` (firmware-protocol/CAPTURE.md) on a Royale
 * Siamese engine that played a seeded game over reader lines: the director downloads what the wire
 * said, both ways, and it replays (hub/capture/replay.ts) to the flags and points the hub showed;
 * a capture holds every tile the readers saw, so without the director's credentials it is refused.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { parseCapture } from '../capture/format.js';
import { replayCapture } from '../capture/replay.js';
import { playGame } from '../simulator/game.js';
import { simulatedTileSet } from '../tilesets/simulated.js';
import { TableEngine } from '../table/engine.js';
import { closedAfterEach, siameseDemo, SimBench } from '../table/test-bench.js';
import { createHubServer, type HubServer } from './server.js';

const TOKEN = 'game-capture-route-token';
const { table, cards } = siameseDemo;
const keep = closedAfterEach<SimBench<TableEngine>>();
const servers: HubServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/** Seed 6 with a wrong-wall pick at the 3rd pick (hub/table/engine-rulings.test.ts), played whole, behind a hub server. */
async function served() {
  const game = playGame({ seed: 6, cards, table, inject: 'wall', injectAt: 3 });
  const b = keep(new SimBench(table, (store, readers, now) => new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now })));
  b.build(game);
  for (const s of game.steps) b.step(s);
  b.advance(3000);
  const hub = await createHubServer({ tables: [b.engine], directorToken: TOKEN });
  servers.push(hub);
  return { b, app: hub.app };
}

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
});
