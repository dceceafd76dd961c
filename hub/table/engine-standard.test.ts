/**
 * The standard 4-player table engine fed with reader lines (as the firmware prints them) through a
 * real ReaderSupervisor, on a hand-driven clock: a whole seeded game of the standard simulator
 * (hub/simulator/standard/game.ts) played step by step, as its runner plays it.
 * - a rack reader unplugged during play and plugged back: the pick made meanwhile is reconciled
 *   from its next snapshot (the `tile-moved` event carries the window), no false flag, and the game
 *   still ends with the exact 000 score;
 * - a 4-player seat's practice help: the same distances as rules/howfar.ts for that rack.
 */
import { describe, expect, it } from 'vitest';
import { howFar } from '../../rules/howfar.js';
import { kindOf, type TileId } from '../../rules/tiles.js';
import { loadHubConfig } from '../config/load.js';
import type { TableConfig } from '../config/types.js';
import { applySteps, tableZones, wallPositions } from '../simulator/game.js';
import { playStandardGame } from '../simulator/standard/game.js';
import { simulatedTileSet } from '../tilesets/simulated.js';
import { closedAfterEach, SimBench } from './test-bench.js';
import { TableEngine } from './engine.js';
import { inKinds } from './standard/scripted.test-helpers.js';

const [{ table: demo, cards }] = loadHubConfig(new URL('../config/tables/standard-demo.json', import.meta.url).pathname) as [ReturnType<typeof loadHubConfig>[0]];
const keep = closedAfterEach<SimBench<TableEngine>>();
/** A standard table whose readers are driven step by step of a simulated game (hub/table/test-bench.ts), closed after the test. */
function bench(table: TableConfig = demo): SimBench<TableEngine> {
  return keep(new SimBench(table, (store, readers, now) => new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now })));
}

describe('a 4-player table over reader lines', () => {
  it("seed 3 played clean: the hub infers every action the bots made, no flag, Bea's Mah Jongg scores 0, 70, 0, −10 (000)", () => {
    const game = playStandardGame({ seed: 3, cards, table: demo });
    const b = bench();
    b.build(game);
    for (const s of game.steps) b.step(s);
    b.advance(3000);
    expect(b.engine.inferredActions()).toEqual(game.record.actions);
    expect(b.engine.unexplained).toEqual([]);
    expect(b.engine.directorView().unplaced).toBeUndefined();
    const v = b.engine.publicView();
    expect(v.phase).toBe('ended');
    expect(v.flags).toEqual([]);
    expect(v.score?.points).toEqual([0, 70, 0, -10]);
    expect(b.moves().filter((m) => m.data.reconciled)).toEqual([]);
  });

  it("seed 1 with blind passes (NMJL, first left and last right), shown both ways on the readers: the hub infers each `blind`, the racks after the Charleston are right, Dot's Mah Jongg scores −20, 0, 0, 30", () => {
    const game = playStandardGame({ seed: 1, cards, table: demo, blindChance: 0.3 });
    const labels = game.steps.map((s) => s.label);
    expect(labels.some((l) => / → \w+ \(passed on blind\)/.test(l))).toBe(true); // (a) straight to the rack two seats on
    expect(labels.some((l) => / to pass on blind /.test(l))).toBe(true); // (b) racked, then passed on
    const b = bench();
    b.build(game);
    const firstDiscard = game.steps.findIndex((s) => / discards /.test(s.label));
    game.steps.slice(0, firstDiscard - 1).forEach((s) => b.step(s)); // up to East lifting her first discard
    b.advance(2000);
    const passes = b.engine.inferredActions().filter((a) => a.type === 'pass');
    expect(passes.map((a) => (a.type === 'pass' && a.blind) || null)).toEqual([null, null, [3, 0, 3, 0], null, null, [0, 1, 0, 0]]);
    expect(b.engine.unexplained).toEqual([]);
    // after the Charleston and the courtesy pass (Ann and Cat 1 across): East 14, the others 13, on the readers
    expect(b.engine.publicView().players.map((p) => p.count)).toEqual([14, 13, 13, 13]);
    // each seat's concealed tiles as the readers hold them: the simulator's racks
    const where = wallPositions(game.walls, tableZones(demo));
    applySteps(where, game.steps.slice(0, firstDiscard - 1));
    for (let p = 0; p < 4; p++) {
      const zone = tableZones(demo).rackIn[p]![0]!;
      const sim = [...where]
        .filter(([, z]) => z && z.reader === zone.reader && z.zone === zone.zone)
        .map(([t]) => kindOf(t))
        .sort();
      expect(
        b.engine
          .seatView(p)
          .racks[0]!.concealed.map((t) => kindOf(t.id as TileId))
          .sort(),
      ).toEqual(sim);
    }
    for (const s of game.steps.slice(firstDiscard - 1)) b.step(s);
    b.advance(3000);
    expect(b.engine.inferredActions()).toEqual(game.record.actions);
    expect(b.engine.unexplained).toEqual([]);
    expect(b.engine.publicView().flags).toEqual([]);
    expect(b.engine.publicView().score?.points).toEqual([-20, 0, 0, 30]);
  });

  it("seed 2 with a chained blind on the last right (Cat's 2D goes on through Dot's and Ann's racks to Bea's): the same actions as the bots, no refusal", () => {
    const game = playStandardGame({ seed: 2, cards, table: demo, blindChance: 0.3 });
    expect(game.steps.map((s) => s.label)).toContain('Ann lifts 2D#2 to pass on blind (last right)');
    const b = bench();
    b.build(game);
    for (const s of game.steps) b.step(s);
    b.advance(3000);
    expect(b.engine.inferredActions()).toEqual(game.record.actions);
    expect(inKinds(b.engine.inferredActions().find((a) => a.type === 'pass' && a.blind))).toEqual({
      type: 'pass',
      tiles: [[], ['3C', '5D', '8D'], ['2D'], ['1D', '7D']],
      blind: [3, 0, 2, 1],
    });
    expect(b.engine.unexplained).toEqual([]);
    expect(b.engine.publicView().score?.points).toEqual(game.record.points);
  });

  it("a blind tile on the first right (NMJL: none allowed): the referee refuses the pass, the director sees a flag, the game goes on from the readers' racks", () => {
    const game = playStandardGame({ seed: 3, cards, table: demo });
    const steps = game.steps.map((s) => ({ ...s, moves: s.moves.map((m) => ({ ...m })) }));
    const at = (label: RegExp) => steps.findIndex((s) => label.test(s.label));
    const beaLifts = at(/^Bea lifts .* to pass right$/);
    const catRacks = at(/^Cat racks .* \(passed right by Bea\)$/);
    const beaRacks = at(/^Bea racks .* \(passed right by Ann\)$/);
    // Bea keeps her 3rd tile and passes Ann's 3rd on, unseen, straight from Ann's rack to Cat's
    const kept = steps[beaLifts]!.moves.pop()!.tile;
    steps[catRacks]!.moves = steps[catRacks]!.moves.filter((m) => m.tile !== kept);
    const blind = steps[beaRacks]!.moves.at(-1)!;
    blind.to = steps[catRacks]!.moves[0]!.to;
    // from then on Bea holds `kept` where the bots think she holds `blind`, and Cat the other way round
    for (const s of steps.slice(beaRacks + 1)) for (const m of s.moves) m.tile = m.tile === kept ? blind.tile : m.tile === blind.tile ? kept : m.tile;
    const b = bench();
    b.build(game);
    const firstDiscard = steps.findIndex((s) => / discards /.test(s.label));
    steps.slice(0, firstDiscard - 1).forEach((s) => b.step(s));
    b.advance(2000);
    const first = b.engine.inferredActions().find((a) => a.type === 'pass')!;
    expect(first.type === 'pass' && first.blind).toEqual([0, 1, 0, 0]);
    expect(b.engine.unexplained.map((u) => u.reason)).toEqual(['pass: Bea passed 1 blind in the first right; blind passes only on the first left and the last right (NMJL)']);
    expect(b.engine.publicView().flags.map((f) => [f.kind, f.player, f.title, f.status])).toEqual([
      ['blind-pass', 1, 'Bea passed 1 blind in the first right; blind passes only on the first left and the last right (NMJL)', 'awaiting-director'],
    ]);
    // the director sees the refused move in the table's "not placed" list; the public view does not
    const unplaced = b.engine.directorView().unplaced!;
    expect(unplaced.map((u) => [u.action, u.reason])).toEqual([['pass', 'pass: Bea passed 1 blind in the first right; blind passes only on the first left and the last right (NMJL)']]);
    expect(unplaced[0]!.ref).toBe(b.engine.unexplained[0]!.ref);
    expect('unplaced' in b.engine.publicView()).toBe(false);
    // the rest of the Charleston is refereed as usual: East 14, the others 13
    expect(b.engine.inferredActions().filter((a) => a.type === 'pass')).toHaveLength(6);
    expect(b.engine.publicView().players.map((p) => p.count)).toEqual([14, 13, 13, 13]);
    for (const s of steps.slice(firstDiscard - 1)) b.step(s);
    b.advance(3000);
    expect(b.engine.unexplained).toHaveLength(1); // nothing else refused: the game went on to its end
    expect(b.engine.publicView().phase).toBe('ended');
  });

  it("South's rack reader unplugged for South's 3rd pick: the pick is reconciled from its next snapshot with the window, no false flag, the same score", () => {
    const game = playStandardGame({ seed: 3, cards, table: demo });
    // South's (Bea's) 3rd pick: a lift from a wall, then the placement into RK-S/in
    const liftIdx = game.steps.map((s, i) => ({ s, i })).filter(({ s }) => s.label.startsWith('Bea picks '))[2]!.i;
    const placeIdx = liftIdx + 1;
    const picked = game.steps[liftIdx]!.moves[0]!.tile;
    expect(game.steps[placeIdx]!.moves).toEqual([{ tile: picked, from: null, to: { reader: 'RK-S', zone: 'in' } }]);
    expect(game.steps[liftIdx]!.moves[0]!.from!.reader).toMatch(/^WL-/);
    const wall = game.steps[liftIdx]!.moves[0]!.from!;

    const b = bench();
    b.build(game);
    game.steps.slice(0, liftIdx).forEach((s) => b.step(s));
    const heardIn = b.lastLine.get('RK-S/in')!; // the last the hub heard of South's rack before the cable came out
    b.unplug('RK-S');
    expect(b.supervisor.stateOf('RK-S', b.clock)).toBe('reconnecting');
    b.step(game.steps[liftIdx]!); // the wall reader sees the tile go
    b.step(game.steps[placeIdx]!); // South racks it: nobody hears it
    expect(b.engine.publicView().players[1]!.count).toBeNull(); // a reader away: South's count is not shown
    b.replug('RK-S');
    const snapAt = b.clock;
    b.advance(1000);
    // the pick appears where the tile is, marked reconciled with the window it happened in
    const m = b.moves().find((e) => e.data.tile === picked && e.data.to === 'RK-S/in')!;
    expect(m.data.from).toBe(`${wall.reader}/${wall.zone}`);
    expect(m.data.reconciled).toEqual({ from: heardIn, to: snapAt });
    expect(
      b
        .moves()
        .filter((e) => e.data.reconciled)
        .map((e) => e.data.tile),
    ).toEqual([picked]);
    expect(b.engine.publicView().players[1]!.count).toBe(14); // South has picked: 14 on turn (NMJL)
    expect(b.engine.publicView().flags).toEqual([]);

    for (const s of game.steps.slice(placeIdx + 1)) b.step(s);
    b.advance(3000);
    expect(b.engine.inferredActions()).toEqual(game.record.actions);
    const v = b.engine.publicView();
    expect(v.flags).toEqual([]);
    expect(v.score?.points).toEqual([0, 70, 0, -10]);
  });
});

describe('a 4-player seat view', () => {
  it('practice help, where the table allows it: the same lines and distances as howFar for that rack', () => {
    const table: TableConfig = { ...demo, practiceHelp: true };
    const game = playStandardGame({ seed: 3, cards, table });
    const b = bench(table);
    b.build(game);
    // play up to the end of the Charleston and a few turns: Cat (West) holds 13 tiles inside her rack
    const firstDiscard = game.steps.findIndex((s) => / discards /.test(s.label));
    game.steps.slice(0, firstDiscard + 12).forEach((s) => b.step(s));
    b.advance(1000);
    const seat = b.engine.seatView(2);
    const mine = seat.racks[0]!.concealed.map((t) => t.id);
    expect(mine).toHaveLength(13);
    expect(seat.racks[0]!.exposed).toEqual([]);
    const pub = b.engine.publicView();
    const dead = pub.discards.filter((k, _, all) => all.filter((x) => x === k).length >= (k === 'J' || k === 'F' ? 8 : 4));
    const expected = howFar(cards, { tiles: mine.map((id) => kindOf(id as TileId)), exposures: [], dead }, { limit: 5 });
    // Cat's 13 tiles by hand, and the two nearest lines of the sample card, checked by hand:
    expect(mine.map((id) => kindOf(id as TileId)).join(' ')).toBe('4B 8B 8B 9B 2C 4C 8D 8D E W GD GD F');
    // "FF 2468a 2468b 22c 88c" (X 35) with bams, craks, dots: F, 2B 6B, 6C 8C, 2D 2D → 7 missing
    expect(seat.practice![0]).toMatchObject({ rack: 0, lineId: 'sample-standard:16', value: 35, need: 7, missing: ['2B', '6B', '6C', '8C', '2D', '2D', 'F'] });
    // "FF 111a 111b 111c DDD" (X 30) as 8s and greens: F, 8B, 8C 8C 8C, 8D, GD → 7 missing
    expect(seat.practice![1]).toMatchObject({ rack: 0, lineId: 'sample-standard:20', value: 30, need: 7, missing: ['8B', '8C', '8C', '8C', '8D', 'GD', 'F'] });
    expect(seat.practice).not.toBeNull();
    expect(seat.practice!.map((l) => [l.rack, l.lineId, l.need, l.missing])).toEqual(expected.map((h) => [0, h.line.id, h.need, h.missing]));
    expect(seat.practice!.length).toBe(5);
    // no other seat's concealed tile: Cat's own 13, and the three others' counts only
    expect(seat.players.map((p) => p.count)).toEqual(pub.players.map((p) => p.count));
  });

  it('no practice help where the table does not allow it (the demo and tournaments): practice is null', () => {
    const game = playStandardGame({ seed: 3, cards, table: demo });
    const b = bench();
    b.build(game);
    game.steps.slice(0, 40).forEach((s) => b.step(s));
    expect(b.engine.seatView(0).practice).toBeNull();
    expect(() => b.engine.seatView(4)).toThrow(RangeError);
  });
});
