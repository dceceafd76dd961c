/**
 * `GET /api/tables/:id/games/:gameNo/replay` (docs/replay.md) through a real hub, on the Royale
 * Siamese seed 6 game with a wrong-wall pick at the 3rd pick (hub/api/test-download.ts), played
 * whole on a virtual clock with the event's delay 1 min: the director opens it at once; anyone else
 * (no credentials, a seat's token) gets 403 until the delay has passed since the game's last
 * action, then the same replay.
 */
import { describe, expect, it } from 'vitest';
import { parseGameRecord } from '../../rules/record/game-record.js';
import { replayOpensText } from '../../rules/wording/replay.js';
import { ReplaySchema } from '../contract/replay.js';
import { refereeRecord } from '../record/replay.js';
import { siameseDemo } from '../table/test-bench.js';
import { servedGames } from './test-download.js';

const TOKEN = 'game-replay-route-token';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const DELAY_MS = 60_000;
const served = servedGames(TOKEN, { delayMs: DELAY_MS });
const inPlay = servedGames(TOKEN, { delayMs: DELAY_MS, steps: 40 });
const URL1 = '/api/tables/t1/games/1/replay';

/** Every tile of a step: inside the racks, on their tops, on the floor and left in the walls. */
function tilesOf(s: { racks: { concealed: string[]; top: string[] }[][]; floor: string[]; walls: number[] }): number {
  return s.racks.flat().reduce((n, r) => n + r.concealed.length + r.top.length, 0) + s.floor.length + s.walls.reduce((a, b) => a + b, 0);
}

describe('the replay route', () => {
  it("gives the director the finished game at once: a step per record line, every step 152 tiles, the table's points 30, 90 at the end", async () => {
    const { b, app } = await served();
    const res = await app.inject({ url: URL1, headers: AUTH });
    expect(res.statusCode).toBe(200);
    const replay = ReplaySchema.parse(res.json());
    const record = b.engine.gameRecord(1)!;
    expect(replay.steps).toHaveLength(record.lines.length);
    expect(replay.steps.map((s) => s.line)).toEqual(record.lines.map((_, i) => i + 2));
    // the set is 152 tiles (003 rule 2): at every step each is in a wall, a rack, on a top or on the floor
    expect(replay.steps.map(tilesOf)).toEqual(replay.steps.map(() => 152));
    // 003 rule 17: Ann 30 (rack 2), Bea 30 + 30 × 2 (2nd Mah Jongg, 17B) = 90, as the record refereed gives
    expect(replay.points).toEqual([30, 90]);
    expect(replay.steps.at(-1)!.points).toEqual([30, 90]);
    expect(refereeRecord(record, siameseDemo.cards).points).toEqual([30, 90]);
    // the wrong-wall pick's flag comes at the line that raised it, and only there
    const flagged = replay.steps.filter((s) => s.flags.length > 0);
    expect(flagged.flatMap((s) => s.flags.map((f) => f.kind))).toContain('wrong-wall');
    expect(new Set(flagged.flatMap((s) => s.flags.map((f) => f.id))).size).toBe(flagged.flatMap((s) => s.flags).length);
    expect(replay.endedAt).toBe(Math.max(...record.lines.flatMap((l) => ('action' in l ? [l.action.at] : []))));
  });

  it("is refused to anyone else until the event's delay has passed since the game's end: 403 naming the time, then the same replay", async () => {
    const { b, app } = await served();
    const director = (await app.inject({ url: URL1, headers: AUTH })).json() as { endedAt: number };
    const opensAt = director.endedAt + DELAY_MS;
    const seats = (await app.inject({ url: '/api/director/tables/t1/seats', headers: AUTH })).json() as { token: string }[];
    const seat = { authorization: `Bearer ${seats[0]!.token}` };
    b.clock = opensAt - 1;
    for (const headers of [{}, seat, { authorization: 'Bearer not-the-token' }]) {
      const res = await app.inject({ url: URL1, headers });
      expect([res.statusCode, res.json().message]).toEqual([403, replayOpensText(opensAt)]);
    }
    expect(replayOpensText(opensAt)).toMatch(/^the replay opens at \d\d:\d\d \(the event's delay after the game's end\)$/);
    b.clock = opensAt;
    const open = await app.inject({ url: URL1 });
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual(director);
  });

  it('409 for a game still in play (even to the director), 404 for a game or a table not there, 400 for a game number that is not one', async () => {
    const { app } = await inPlay();
    const res = await app.inject({ url: URL1, headers: AUTH });
    expect([res.statusCode, res.json().message]).toEqual([409, "game 1 of table 't1' has not ended: its replay opens after its end"]);
    const two = await app.inject({ url: '/api/tables/t1/games/2/replay' });
    expect([two.statusCode, two.json().message]).toEqual([404, "table 't1' has no game 2 (games begun: 1)"]);
    expect((await app.inject({ url: '/api/tables/t9/games/1/replay' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/tables/t1/games/0/replay' })).statusCode).toBe(400);
    expect((await app.inject({ url: '/api/tables/t1/games/x/replay' })).statusCode).toBe(400);
  });

  it('the deal, the first discard and the wrong-wall pick step by step, counted by hand', async () => {
    const { app } = await served();
    const replay = ReplaySchema.parse((await app.inject({ url: URL1, headers: AUTH })).json());
    /** [concealed, on top] of each rack, [player][rack] */
    const racks = (k: number) => replay.steps[k]!.racks.map((p) => p.map((r) => [r.concealed.length, r.top.length]));
    // line 2: the deal's first pick (003 rule 5): one tile from wall 1 (38 − 1 = 37) into Ann's rack 1
    expect([replay.steps[0]!.text, racks(0), replay.steps[0]!.walls]).toEqual([
      'Ann picks J from wall 1 into her rack 1',
      [
        [
          [1, 0],
          [0, 0],
        ],
        [
          [0, 0],
          [0, 0],
        ],
      ],
      [37, 38, 38, 38],
    ]);
    // line 57: the deal done (27 each, East the 28th: Ann 15 + 13, Bea 15 + 12; wall 1's 38 and 17 of wall 2, 38 − 17 = 21),
    // then Ann's first discard: 14 + 13 = 27 in her racks, 1 on the floor
    const s57 = replay.steps[55]!;
    expect([s57.line, s57.text, racks(55), s57.floor, s57.walls]).toEqual([
      57,
      'Ann discards 7C',
      [
        [
          [14, 0],
          [13, 0],
        ],
        [
          [15, 0],
          [12, 0],
        ],
      ],
      ['7C'],
      [0, 21, 38, 38],
    ]);
    // line 62: Ann picks from wall 4 while wall 2 is in use (003 rule 20): the flag comes at this step;
    // 14 + 14 + 14 + 13 = 55 in the racks, 2 on the floor, 0 + 20 + 38 + 37 = 95 in the walls: 55 + 2 + 95 = 152
    const s62 = replay.steps[60]!;
    expect([s62.line, s62.text, racks(60), s62.floor.length, s62.walls]).toEqual([
      62,
      'Ann picks S from wall 4 into her rack 2',
      [
        [
          [14, 0],
          [14, 0],
        ],
        [
          [14, 0],
          [13, 0],
        ],
      ],
      2,
      [0, 20, 38, 37],
    ]);
    expect(s62.flags.map((f) => [f.kind, f.rule, f.title, f.status])).toEqual([
      ['wrong-wall', '003 rule 20', 'Ann picked and racked a tile from wall 4; the current wall is 2: one hand dead', 'awaiting-director'],
    ]);
    expect(replay.steps.filter((s) => s.flags.length > 0).map((s) => s.line)).toEqual([62]);
    expect(s62.flags[0]!.rule).toBe('003 rule 20');
    // the running score moves at each Mah Jongg only (003 rule 17): Bea's 1st (rack 1) at line 161, 30;
    // Ann's (rack 2) at line 191, 30; Bea's 2nd (rack 2) at line 350, 30 × 2 = 60 more: 30 + 60 = 90
    const moves = replay.steps.flatMap((s, k) => (k > 0 && JSON.stringify(s.points) !== JSON.stringify(replay.steps[k - 1]!.points) ? [[s.line, s.text, s.points]] : []));
    expect(moves).toEqual([
      [161, 'Bea declares Mah Jongg on rack 1', [0, 30]],
      [191, 'Ann declares Mah Jongg on rack 2', [30, 30]],
      [350, 'Bea declares Mah Jongg on rack 2', [30, 90]],
    ]);
    expect(replay.steps[0]!.points).toEqual([0, 0]);
  });
});
