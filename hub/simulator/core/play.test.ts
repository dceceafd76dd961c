/**
 * The simulator's one game loop (./play.ts) plays both tables as they were played before it:
 * seeded games give the same steps, walls and records, to the byte (a digest of each, taken from
 * the two game loops the core replaced; the 4-player digests were taken again when the record's
 * actions became the one engine's `Action`s, with the steps and walls unchanged), and the deal
 * takes its numbers from the variants.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadHubConfig } from '../../config/load.js';
import { siameseDemo } from '../../table/test-bench.js';
import { playGame, type GameOptions } from '../game.js';
import { playStandardGame, type StandardGameOptions } from '../standard/game.js';

/** A game is pure CPU (the bots' howFar): up to 2 s alone, several times that on a loaded machine. */
const GAME_MS = 60_000;

const [{ table: standardTable, cards: standardCards }] = loadHubConfig(new URL('../../config/tables/standard-demo.json', import.meta.url).pathname) as [ReturnType<typeof loadHubConfig>[0]];

/** The first 16 hex digits of the sha256 of a game as JSON (walls, steps with labels and dwells, record), and its step count. */
function digest(game: { walls: unknown; steps: unknown[]; record: unknown }): [string, number] {
  const json = JSON.stringify({ walls: game.walls, steps: game.steps, record: game.record });
  return [createHash('sha256').update(json).digest('hex').slice(0, 16), game.steps.length];
}

describe('the one game loop plays the games the two loops played', () => {
  const siamese: [string, Partial<GameOptions>, string, number][] = [
    ['seed 1', { seed: 1 }, 'c434fe8a1b35c217', 367],
    ['seed 38 (a kong called, 2 Mah Jonggs)', { seed: 38 }, 'd7617a6e818eeaa2', 277],
    ['seed 3, a wrong-wall pick at pick 3 (003 rule 20)', { seed: 3, inject: 'wall', injectAt: 3 }, '5db5d479e1abc12e', 429],
    ['seed 3, an extra tile at pick 3 (003 rule 18C)', { seed: 3, inject: 'count', injectAt: 3 }, '7968179374a82701', 422],
    ['seed 2, a wall game (003 rules 14, 17F)', { seed: 2, wallGame: true }, 'ad6a292f7a603804', 433],
  ];
  for (const [name, o, hash, steps] of siamese) {
    it(
      `Royale Siamese ${name}: ${steps} steps, the same to the byte`,
      () => {
        expect(digest(playGame({ seed: 1, ...o, cards: siameseDemo.cards, table: siameseDemo.table }))).toEqual([hash, steps]);
      },
      GAME_MS,
    );
  }
  const standard: [string, Partial<StandardGameOptions>, string, number][] = [
    ['seed 3', { seed: 3 }, '3f8261fb072faa9e', 335],
    ['seed 6 (a joker exchange)', { seed: 6 }, 'f036d7b8fb87e189', 311],
    ['seed 1, blind passes (blindChance 0.3)', { seed: 1, blindChance: 0.3 }, '9e3399cb196143a3', 293],
    ['seed 2, a joker passed', { seed: 2, inject: 'joker', injectAt: 2 }, '8de1ab5cf1f5b443', 455],
    ['seed 2, picking ahead at pick 2', { seed: 2, inject: 'ahead', injectAt: 2 }, 'a8d6db6d80c8a46d', 199],
    ['seed 2, a call into the rack at pick 2', { seed: 2, inject: 'into-rack', injectAt: 2 }, '9427497aa0bc6bbf', 197],
    ['seed 2, a late call at pick 2', { seed: 2, inject: 'late-call', injectAt: 2 }, '9c1f3e270cff5df9', 373],
    ['seed 2, a misdeal (South dealt 14)', { seed: 2, inject: 'count', injectAt: 2 }, '5f463307ea572714', 191],
  ];
  for (const [name, o, hash, steps] of standard) {
    it(
      `4-player ${name}: ${steps} steps, the same to the byte`,
      () => {
        expect(digest(playStandardGame({ seed: 1, ...o, cards: standardCards, table: standardTable }))).toEqual([hash, steps]);
      },
      GAME_MS,
    );
  }
});

describe('the deal takes 4 tiles at a time until each seat holds what its variant deals', () => {
  /** tiles per `takes` step of the deal, by player name, in order */
  const takes = (steps: { label: string }[]) =>
    steps.flatMap((s) => {
      const m = /^(\S+) takes (.*) from wall \d+$/.exec(s.label);
      return m ? [[m[1]!, m[2]!.split(' ').length] as const] : [];
    });
  /** sums the takes of one player (a take that empties a wall is two lifts) */
  const byPlayer = (t: readonly (readonly [string, number])[]) => {
    const out: Record<string, number> = {};
    for (const [p, n] of t) out[p] = (out[p] ?? 0) + n;
    return out;
  };

  it(
    'Royale Siamese: 27 each, 4 × 6 + 3 (003 rule 5), East first',
    () => {
      const g = playGame({ seed: 1, cards: siameseDemo.cards, table: siameseDemo.table });
      const t = takes(g.steps);
      expect(byPlayer(t)).toEqual({ Ann: 27, Bea: 27 });
      expect(t[0]).toEqual(['Ann', 4]);
      // the deal's racking steps: 7 takes each, the last of 3 tiles
      const racked = g.record.events.filter((e) => e.type === 'deal').map((e) => (e.type === 'deal' ? e.tiles.length : 0));
      expect(racked).toEqual([4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3, 3]);
    },
    GAME_MS,
  );

  it(
    '4-player: East 14, the others 13 (4, 4, 4 then East 2 and the others 1, NMJL); East discards first, with no pick',
    () => {
      const g = playStandardGame({ seed: 3, cards: standardCards, table: standardTable });
      const racked = g.steps.filter((s) => s.label.endsWith('(the deal)')).map((s) => s.moves.length);
      expect(racked).toEqual([4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 2, 1, 1, 1]);
      expect(byPlayer(takes(g.steps))).toEqual({ Ann: 14, Bea: 13, Cat: 13, Dot: 13 });
      const firstPlay = g.steps.findIndex((s) => / (picks|discards) /.test(s.label));
      expect(g.steps[firstPlay]!.label).toMatch(/^Ann discards /);
    },
    GAME_MS,
  );

  it('a table of another shape is refused, naming it', () => {
    expect(() => playStandardGame({ seed: 1, cards: siameseDemo.cards, table: siameseDemo.table })).toThrow(
      `table ${siameseDemo.table.id}: the standard simulator plays 4 players with 1 rack each`,
    );
    expect(() => playGame({ seed: 1, cards: standardCards, table: standardTable })).toThrow(`table ${standardTable.id}: the siamese simulator plays 2 players with 2 racks each`);
  });
});
