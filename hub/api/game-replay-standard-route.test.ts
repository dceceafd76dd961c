/**
 * `GET /api/tables/:id/games/:gameNo/replay` (docs/replay.md) of a 4-player game through a real
 * hub: the demo table (hub/config/tables/standard-demo.json, Ann East, Bea, Cat, Dot) plays the
 * seeded game 3 (hub/simulator/standard/game.ts) whole over reader lines. The walls at a few steps,
 * counted by hand (NMJL): 152 tiles; the deal gives East 14 and the others 13, so
 * 152 − (14 + 13 × 3) = 99 are left in the walls, and each pick takes one more. The 4-player table
 * picks its wall as one line in order (every pick is "from wall 1"), so the step's `walls` is
 * [left, 0, 0, 0].
 */
import { describe, expect, it } from 'vitest';
import { ReplaySchema } from '../contract/replay.js';
import { servedStandardGame } from './test-download.js';

const TOKEN = 'game-replay-standard-token';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const served = servedStandardGame(TOKEN, 3);

describe("a 4-player game's replay: the walls", () => {
  it('99 left after the deal, none taken by the Charleston or a call, one fewer per pick: 42 at the Mah Jongg after 57 picks', async () => {
    const { app } = await served();
    const res = await app.inject({ url: '/api/tables/t1/games/1/replay', headers: AUTH });
    expect(res.statusCode).toBe(200);
    const replay = ReplaySchema.parse(res.json());
    const step = (line: number) => replay.steps.find((s) => s.line === line)!;
    /** the tiles each player holds (inside the rack and on its top), East first */
    const held = (line: number) => step(line).racks.map((p) => p.reduce((n, r) => n + r.concealed.length + r.top.length, 0));

    // line 2, the deal: Ann (East) 14, Bea, Cat and Dot 13: 14 + 13 × 3 = 53 dealt, 152 − 53 = 99 left
    expect([step(2).text, held(2), step(2).walls]).toEqual(['the deal: Ann 14, Bea 13, Cat 13, Dot 13 tiles', [14, 13, 13, 13], [99, 0, 0, 0]]);
    // lines 3-10, the Charleston and the courtesy pass: tiles go from rack to rack, none from the walls
    expect(replay.steps.filter((s) => s.line >= 3 && s.line <= 10).map((s) => s.walls[0])).toEqual([99, 99, 99, 99, 99, 99, 99, 99]);
    // line 11 Ann discards (13 left with her), line 13 Bea's first pick: 99 − 1 = 98, Bea 13 + 1 = 14
    expect([step(13).text, held(13), step(13).walls]).toEqual(['Bea picks F from wall 1 into her rack 1', [13, 14, 13, 13], [98, 0, 0, 0]]);
    // line 22: Ann's first pick, the 4th of the game (Bea, Cat, Dot, Ann): 99 − 4 = 95
    expect([step(22).text, step(22).walls]).toEqual(['Ann picks 5C from wall 1 into her rack 1', [95, 0, 0, 0]]);
    // lines 121-122: Dot calls 9D for a pung after 36 picks: 99 − 36 = 63, and the call takes no wall tile
    expect([step(121).text, step(121).walls, step(122).walls]).toEqual(['Dot calls 9D for pung', [63, 0, 0, 0], [63, 0, 0, 0]]);
    // line 195: Bea's Mah Jongg on Dot's discard after 57 picks: 99 − 57 = 42 left
    const last = replay.steps.at(-1)!;
    expect([last.line, last.text, last.walls, last.phase]).toEqual([195, 'Bea declares Mah Jongg on rack 1', [42, 0, 0, 0], 'ended']);

    // at every step: 99 less the picks so far in the walls, and all 152 tiles somewhere
    let picks = 0;
    for (const s of replay.steps) {
      if (/ picks .+ from wall /.test(s.text)) picks += 1;
      expect([s.line, s.walls]).toEqual([s.line, [99 - picks, 0, 0, 0]]);
      const inRacks = s.racks.flat().reduce((n, r) => n + r.concealed.length + r.top.length, 0);
      expect([s.line, inRacks + s.floor.length + s.walls[0]!]).toEqual([s.line, 152]);
    }
    expect(picks).toBe(57);
  });
});
