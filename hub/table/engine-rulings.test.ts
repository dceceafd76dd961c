/**
 * Director rulings on a Royale Siamese table (003 rule 20), over reader lines through a real
 * ReaderSupervisor on a hand-driven clock: a seeded game of the simulator (hub/simulator/game.ts)
 * with a pick from the wrong wall injected, played step by step as its runner plays it.
 * - the director chooses which hand dies where rule 20 is silent (no exposures on either rack);
 * - a ruling can be changed while the game is the current one (the latest ruling stands); the same
 *   ruling twice is refused (409).
 */
import { describe, expect, it } from 'vitest';
import { playGame, type GameResult } from '../simulator/game.js';
import { simulatedTileSet } from '../tilesets/simulated.js';
import { TableEngine } from './engine.js';
import { closedAfterEach, siameseDemo, SimBench } from './test-bench.js';

const { table, cards } = siameseDemo;
const keep = closedAfterEach<SimBench<TableEngine>>();

/** Plays the whole seeded game with a wrong-wall pick at the `injectAt`-th pick, on a `SimBench` (hub/table/test-bench.ts). */
function played(seed: number, injectAt = 3): { game: GameResult; b: SimBench<TableEngine> } {
  const game = playGame({ seed, cards, table, inject: 'wall', injectAt });
  const b = keep(new SimBench(table, (store, readers, now) => new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now })));
  b.build(game);
  for (const s of game.steps) b.step(s);
  b.advance(3000);
  return { game, b };
}

describe('003 rule 20: the director chooses the dead hand, and may change a ruling', () => {
  // Seed 6, a pick from the wrong wall at the 3rd pick after the deal: Ann (East) racks a tile from
  // wall 4 while wall 2 is current, with no exposure on either rack, so rule 20 is silent: the hub
  // kills rack 1 until the director chooses. The players abide by that: Ann plays on with rack 2
  // and lays a 30-point Mah Jongg on it (self-picked); Bea makes two Mah Jonggs, 30 then 30
  // (self-picked, not jokerless), and the game ends (rule 14).
  // By hand (003 rule 17): Bea 30 (17A) + 30 × 2 (2nd Mah Jongg, 17B) = 90.
  // Ann: 30 (17A) while rack 2 lives; 0 when the hand on rack 2 is dead (a dead hand is not paid).
  it('the hub kills rack 1 and offers the choice: Ann 30, Bea 90, Ann pays 60', () => {
    const { game, b } = played(6);
    expect(game.record.mahJonggs).toEqual([
      { player: 1, rack: 0, line: 'sample-standard:20', value: 30 },
      { player: 0, rack: 1, line: 'sample-standard:28', value: 30 },
      { player: 1, rack: 1, line: 'sample-standard:20', value: 30 },
    ]);
    const v = b.engine.publicView();
    expect(v.flags).toHaveLength(1);
    const f = v.flags[0]!;
    expect([f.id, f.kind, f.rule, f.player, f.rack, f.status]).toEqual(['g1-wrong-wall-213', 'wrong-wall', '003 rule 20', 0, 0, 'awaiting-director']);
    expect(f.deadRackChoice).toEqual({ default: 0, racks: [0, 1] });
    expect(f.consequence).toBe("Ann's hand on rack 1 is dead (the rule is silent with no exposures: rack 1 until the director chooses); the director may choose the other hand");
    // the view carries the catalogue's code and params (rules/wording/flags.ts): wall 4 is index 3, wall 2 index 1
    expect([f.code, f.params]).toEqual(['wrong-wall', { p: 0, wall: 3, current: 1, r: 0, why: 'silent', mayChoose: true }]);
    expect(v.players[0]!.racks.map((r) => r.dead)).toEqual([true, false]);
    expect(v.score?.points).toEqual([30, 90]);
    expect(v.score?.payment).toEqual({ from: 0, to: 1, amount: 60 });
  });

  it("confirm with rack 2 dead: rack 2 dead, rack 1 alive, Ann's Mah Jongg on rack 2 is not paid: Ann 0, Bea 90, Ann pays 90", () => {
    const { b } = played(6);
    b.engine.rule('g1-wrong-wall-213', 'confirm', 'director', 1);
    const v = b.engine.publicView();
    const f = v.flags.find((x) => x.id === 'g1-wrong-wall-213')!;
    expect([f.status, f.rack]).toEqual(['confirmed', 1]);
    expect(f.consequence).toBe("Ann's hand on rack 2 is dead (the director chose it: the rule is silent with no exposures)");
    expect([f.code, f.params]).toEqual(['wrong-wall', { p: 0, wall: 3, current: 1, r: 1, why: 'chosen', mayChoose: false }]);
    expect(v.players[0]!.racks.map((r) => [r.dead, r.deadReason, r.mahJongg])).toEqual([
      [false, null, null],
      [true, 'picked from the wrong wall (003 rule 20)', null],
    ]);
    expect(v.players[1]!.racks.map((r) => r.dead)).toEqual([false, false]);
    expect(v.phase).toBe('ended');
    expect(v.score?.points).toEqual([0, 90]);
    expect(v.score?.payment).toEqual({ from: 0, to: 1, amount: 90 });
    // the ruling is an event in the log, and a restarted hub folds it the same way
    const rulings = b.store
      .events('t1')
      .filter((e) => e.type === 'director-ruling')
      .map((e) => e.data);
    expect(rulings).toEqual([{ flagId: 'g1-wrong-wall-213', ruling: 'confirm', by: 'director', deadRack: 1 }]);
    const again = new TableEngine({ table, cards, registry: simulatedTileSet(), store: b.store, readers: { statuses: () => [], untrusted: () => [] }, now: () => b.clock });
    expect(again.publicView().score?.points).toEqual([0, 90]);
    expect(again.publicView().players[0]!.racks.map((r) => r.dead)).toEqual([false, true]);
    again.close();
  });

  it('confirm, then dismiss (a misclick undone): both hands alive, the score as if no flag: Ann 30, Bea 90', () => {
    const { game, b } = played(6);
    b.engine.rule('g1-wrong-wall-213', 'confirm', 'director');
    expect(b.engine.publicView().flags[0]!.status).toBe('confirmed');
    b.engine.rule('g1-wrong-wall-213', 'dismiss', 'Dora', undefined, 'confirmed'); // a change names the ruling it changes
    const v = b.engine.publicView();
    expect(v.flags[0]!.status).toBe('dismissed');
    expect(v.flags[0]!.consequence).toBe(
      "dismissed by the director (was: Ann's hand on rack 1 is dead (the rule is silent with no exposures: rack 1 until the director chooses); the director may choose the other hand)",
    );
    expect(v.players[0]!.racks.map((r) => r.dead)).toEqual([false, false]);
    expect(v.score?.points).toEqual([30, 90]);
    expect(v.score?.points).toEqual(game.record.pointsIfNoFlags);
    expect(v.score?.payment).toEqual({ from: 0, to: 1, amount: 60 });
    const rulings = b.store
      .events('t1')
      .filter((e) => e.type === 'director-ruling')
      .map((e) => e.data);
    expect(rulings).toEqual([
      { flagId: 'g1-wrong-wall-213', ruling: 'confirm', by: 'director' },
      { flagId: 'g1-wrong-wall-213', ruling: 'dismiss', by: 'Dora', changes: { ruling: 'confirm', by: 'director' } },
    ]);
    // and back: confirmed with rack 2 dead instead
    b.engine.rule('g1-wrong-wall-213', 'confirm', 'director', 1, 'dismissed');
    const v2 = b.engine.publicView();
    expect([v2.flags[0]!.status, v2.flags[0]!.rack]).toEqual(['confirmed', 1]);
    expect(v2.score?.points).toEqual([0, 90]);
  });

  it('the same ruling twice is refused (409); a confirm naming the default rack is the same confirm', () => {
    const { b } = played(6);
    b.engine.rule('g1-wrong-wall-213', 'dismiss', 'director');
    expect(() => b.engine.rule('g1-wrong-wall-213', 'dismiss', 'director')).toThrow("flag 'g1-wrong-wall-213' was already dismissed by director");
    try {
      b.engine.rule('g1-wrong-wall-213', 'dismiss', 'director');
    } catch (err) {
      expect((err as { status: number }).status).toBe(409);
    }
    b.engine.rule('g1-wrong-wall-213', 'confirm', 'director', undefined, 'dismissed');
    expect(() => b.engine.rule('g1-wrong-wall-213', 'confirm', 'director', 0, 'confirmed')).toThrow("flag 'g1-wrong-wall-213' was already confirmed with rack 1 dead by director");
    b.engine.rule('g1-wrong-wall-213', 'confirm', 'director', 1, 'confirmed');
    expect(() => b.engine.rule('g1-wrong-wall-213', 'confirm', 'director', 1)).toThrow("flag 'g1-wrong-wall-213' was already confirmed with rack 2 dead by director");
    expect(b.store.events('t1').filter((e) => e.type === 'director-ruling')).toHaveLength(3);
  });

  it('a dead rack is refused (400) with a dismiss, out of the racks, or where rule 20 names the hand', () => {
    const { b } = played(6);
    const status = (f: () => void): [number, string] => {
      try {
        f();
      } catch (err) {
        return [(err as { status: number }).status, (err as Error).message];
      }
      return [200, ''];
    };
    expect(status(() => b.engine.rule('g1-wrong-wall-213', 'dismiss', 'director', 1))).toEqual([400, "deadRack goes only with a confirm, not with 'dismiss' (flag 'g1-wrong-wall-213')"]);
    expect(status(() => b.engine.rule('g1-wrong-wall-213', 'confirm', 'director', 2))).toEqual([
      400,
      "deadRack 2 is not a rack that can die for flag 'g1-wrong-wall-213': choose 0 or 1 (rack 1 or rack 2)",
    ]);
    expect(status(() => b.engine.rule('g1-nope', 'confirm', 'director', 1))[0]).toBe(404);
    // seed 9: Ann already has a Mah Jongg on rack 1 when she picks from the wrong wall: rule 20
    // names the other hand, the director has no choice
    const nine = played(9).b;
    const f = nine.engine.publicView().flags[0]!;
    expect([f.id, f.rack, f.deadRackChoice]).toEqual(['g1-wrong-wall-227', 1, undefined]);
    expect(status(() => nine.engine.rule(f.id, 'confirm', 'director', 0))).toEqual([
      400,
      "flag 'g1-wrong-wall-227' (wrong-wall, 003 rule 20) leaves the director no choice of the dead hand: only a wrong-wall flag where 003 rule 20 is silent (no exposures on either rack) does",
    ]);
    expect(nine.store.events('t1').filter((e) => e.type === 'director-ruling')).toEqual([]);
  });
});
