/**
 * Flags across a game boundary on the standard 4-player table (000), as on the Siamese table
 * (hub/table/engine-game-boundary.test.ts): reader lines through a real ReaderSupervisor, two
 * seeded games of the standard simulator played one after the other, the table cleared between
 * them (every tile back into the walls where the second game has it).
 * - a flag still awaiting the director when game 2 is dealt stays listed (game 1) until ruled on;
 * - a ruling on it changes game 1 only: game 2 is untouched;
 * - two rulings made on the open flag: the first stands, the second is refused (409).
 */
import { describe, expect, it } from 'vitest';
import { loadHubConfig } from '../config/load.js';
import { applySteps, tableZones, wallPositions, type Step, type Zone } from '../simulator/game.js';
import { playStandardGame } from '../simulator/standard/game.js';
import { simulatedTileSet } from '../tilesets/simulated.js';
import type { TileId } from '../../rules/tiles.js';
import { closedAfterEach, SimBench } from './test-bench.js';
import { TableEngine } from './engine.js';

const [{ table, cards }] = loadHubConfig(new URL('../config/tables/standard-demo.json', import.meta.url).pathname) as [ReturnType<typeof loadHubConfig>[0]];
const keep = closedAfterEach<SimBench<TableEngine>>();

/** Seed 3 with a blind tile on the first right (NMJL: none allowed): a `blind-pass` flag; the game goes on to Bea's Mah Jongg. */
function blindPassGame() {
  const game = playStandardGame({ seed: 3, cards, table });
  const steps = game.steps.map((s) => ({ ...s, moves: s.moves.map((m) => ({ ...m })) }));
  const at = (label: RegExp) => steps.findIndex((s) => label.test(s.label));
  const beaLifts = at(/^Bea lifts .* to pass right$/);
  const catRacks = at(/^Cat racks .* \(passed right by Bea\)$/);
  const beaRacks = at(/^Bea racks .* \(passed right by Ann\)$/);
  const kept = steps[beaLifts]!.moves.pop()!.tile;
  steps[catRacks]!.moves = steps[catRacks]!.moves.filter((m) => m.tile !== kept);
  const blind = steps[beaRacks]!.moves.at(-1)!;
  blind.to = steps[catRacks]!.moves[0]!.to;
  for (const s of steps.slice(beaRacks + 1)) for (const m of s.moves) m.tile = m.tile === kept ? blind.tile : m.tile === blind.tile ? kept : m.tile;
  return { walls: game.walls, steps };
}

/** Clearing the table: each tile not where `next` walls have it is lifted, then put there. */
function clearing(where: Map<TileId, Zone | null>, next: Map<TileId, Zone | null>): Step[] {
  const out: Step[] = [];
  for (const [tile, to] of next) {
    const from = where.get(tile) ?? null;
    if (from && to && from.reader === to.reader && from.zone === to.zone) continue;
    out.push({ label: `clear ${tile}`, moves: [{ tile, from, to: null }] }, { label: `wall ${tile}`, moves: [{ tile, from: null, to }] });
  }
  return out;
}

describe('a flag of an ended 4-player game stays listed and rulable; a ruling changes that game only', () => {
  it("seed 3's blind-pass flag is listed (game 1) through game 2's deal; dismissing it leaves game 2 as it was; a second ruling at once is refused", () => {
    const g1 = blindPassGame();
    const g2 = playStandardGame({ seed: 4, cards, table });
    const zones = tableZones(table);
    const where = wallPositions(g1.walls, zones);
    applySteps(where, g1.steps);
    const b = keep(new SimBench(table, (store, readers, now) => new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now })));
    b.build(g1);
    for (const s of g1.steps) b.step(s);
    b.advance(3000);
    const ended = b.engine.publicView();
    expect([ended.gameNo, ended.phase]).toEqual([1, 'ended']);
    const flag = ended.flags.find((f) => f.kind === 'blind-pass')!;
    expect(flag.status).toBe('awaiting-director');
    const points1 = ended.score!.points;
    // the table cleared into game 2's walls, then game 2 up to East's first discard
    for (const s of clearing(where, wallPositions(g2.walls, zones))) b.step(s);
    const firstDiscard = g2.steps.findIndex((s) => / discards /.test(s.label));
    for (const s of g2.steps.slice(0, firstDiscard + 2)) b.step(s);
    b.advance(3000);
    const before = b.engine.publicView();
    expect([before.gameNo, before.phase]).toEqual([2, 'play']);
    expect(before.flags.map((f) => [f.id, f.gameNo, f.status])).toEqual([[flag.id, 1, 'awaiting-director']]);
    expect(b.engine.directorView().evidence.map((e) => e.flagId)).toEqual([flag.id]);
    expect(before.results).toEqual([{ gameNo: 1, endReason: ended.endReason, points: points1, ruling: null }]);

    b.engine.rule(flag.id, 'dismiss', 'Dora');
    const status = (f: () => void): number => {
      try {
        f();
      } catch (err) {
        return (err as { status: number }).status;
      }
      return 200;
    };
    // the second director's confirm, made on the flag awaiting the director: refused (409); a
    // ruling on a flag of an earlier game is final (it is no longer listed)
    expect(status(() => b.engine.rule(flag.id, 'confirm', 'Bo'))).toBe(409);
    expect(() => b.engine.rule(flag.id, 'confirm', 'Bo')).toThrow(
      `flag '${flag.id}' was dismissed by Dora; its game is over, so that ruling stands (the director corrects the score card if need be)`,
    );
    const after = b.engine.publicView();
    // a blind pass has no consequence: game 1 scores the same; the ruling is on its result
    expect(after.results).toEqual([{ gameNo: 1, endReason: ended.endReason, points: points1, ruling: { flagId: flag.id, ruling: 'dismiss', by: 'Dora', at: b.clock } }]);
    expect(after.flags).toEqual([]);
    expect({ ...after, results: [], updatedAt: 0 }).toEqual({ ...before, flags: [], results: [], updatedAt: 0 });
  });
});
