/**
 * The table engine fed with hand-written reader lines (as the firmware would print them), on a
 * hand-driven clock: counts, both Siamese flags, evidence, a director's dismissal, and a restart.
 */
import { describe, expect, it } from 'vitest';
import type { EventStore } from '../store/types.js';
import { HandBench } from './test-bench.js';

/**
 * A table whose readers are driven by hand (hub/table/test-bench.ts): connections the supervisor is
 * not told of, a HELLO without a sequence number, `settle` padded by 100 ms.
 */
class Bench extends HandBench {
  constructor(store?: EventStore) {
    super({ store, announce: false, helloTakesSeq: false, settlePadMs: 100 });
  }

  count(player: number): number | null {
    return this.engine.publicView().players[player]!.count;
  }
}

describe('table engine from reader lines', () => {
  it("counts 27 each after the deal, then 28 and 27 across East's first turn", () => {
    const b = new Bench();
    b.build();
    const v0 = b.engine.publicView();
    expect(v0.gameNo).toBe(1);
    expect(v0.phase).toBe('deal');
    expect(v0.walls.map((w) => w.left)).toEqual([38, 38, 38, 38]);
    b.deal();
    expect([b.count(0), b.count(1)]).toEqual([27, 27]);
    expect(b.engine.publicView().walls.map((w) => w.left)).toEqual([0, 22, 38, 38]); // 54 dealt: all 38 of wall 1 and 16 of wall 2
    const pick = b.nextFromWall();
    b.move(pick, 'RK-E1/in');
    b.settle();
    expect(b.count(0)).toBe(28);
    b.move(pick, 'FL-1/floor');
    b.settle();
    const v = b.engine.publicView();
    expect([v.players[0]!.count, v.players[1]!.count]).toEqual([27, 27]);
    expect(v.phase).toBe('play');
    expect(v.turn).toBe(1);
    expect(v.discards).toEqual([pick.slice(0, pick.indexOf('#'))]);
    expect(v.flags).toEqual([]);
  });

  it("an extra pick: flagged after the turn boundary with its evidence; the game ends with rule 12's payment", () => {
    const b = new Bench();
    b.build();
    b.deal();
    const pick = b.nextFromWall();
    b.move(pick, 'RK-E1/in');
    b.move(b.nextFromWall(), 'RK-E2/in'); // one too many
    b.move(pick, 'FL-1/floor');
    b.settle();
    const v = b.engine.publicView();
    expect(v.flags.map((f) => [f.kind, f.rule, f.player, f.status])).toEqual([['tile-count', '003 rule 18C', 0, 'awaiting-director']]);
    expect(v.flags[0]!.title).toBe('Ann has 28 tiles off turn (should be 27): both hands dead');
    expect(v.phase).toBe('ended');
    // rule 12: Ann pays 4 × the lowest value on the cards; the sample cards' lowest hand is 25 → 100
    expect(v.score?.payment).toEqual({ from: 0, to: 1, amount: 100 });
    const d = b.engine.directorView();
    expect(d.evidence[0]!.counts).toEqual([
      [14, 14],
      [14, 13],
    ]);
    expect(d.evidence[0]!.lines.length).toBeGreaterThan(0);
    expect(d.evidence[0]!.lines.every((l) => /\*[0-9A-F]{4}$/.test(l.line))).toBe(true);
    // no concealed tile in the public view: only counts
    expect(JSON.stringify(v)).not.toContain('#');
  });

  it('a pick from the wrong wall kills one hand (rule 20); a director dismissal rebuilds every view from the log', () => {
    const b = new Bench();
    b.build();
    b.deal();
    const pick = b.nextFromWall();
    b.move(pick, 'RK-E1/in');
    b.move(pick, 'FL-1/floor');
    b.settle();
    const wrong = b.nextFrom(3); // wall 4; the current wall is 2
    b.move(wrong, 'RK-W1/in');
    b.settle();
    let v = b.engine.publicView();
    expect(v.flags.map((f) => [f.kind, f.rule, f.player, f.rack])).toEqual([['wrong-wall', '003 rule 20', 1, 0]]);
    expect(v.players[1]!.racks[0]!.dead).toBe(true);
    expect(v.phase).toBe('play');
    b.engine.rule(v.flags[0]!.id, 'dismiss', 'director');
    v = b.engine.publicView();
    expect(v.flags[0]!.status).toBe('dismissed');
    expect(v.players[1]!.racks[0]!.dead).toBe(false);
    expect(() => b.engine.rule(v.flags[0]!.id, 'dismiss', 'director')).toThrow(/already dismissed/);
    // a different ruling changes it (the latest ruling stands): confirmed, the hand on rack 1 dead again
    b.engine.rule(v.flags[0]!.id, 'confirm', 'director', undefined, 'dismissed');
    v = b.engine.publicView();
    expect(v.flags[0]!.status).toBe('confirmed');
    expect(v.players[1]!.racks[0]!.dead).toBe(true);
  });

  it('a hub restarted mid-round rebuilds the identical view from the log', () => {
    const b = new Bench();
    b.build();
    b.deal();
    const pick = b.nextFromWall();
    b.move(pick, 'RK-E1/in');
    b.move(pick, 'FL-1/floor');
    b.settle();
    const before = b.engine.publicView();
    b.store.flush();
    const events = b.store.events('t1').length;
    const again = new Bench(b.store);
    again.clock = b.clock + 5000;
    // until the readers are back, the counts are unknown, never stale numbers shown as live
    expect(again.engine.publicView().players.map((p) => p.count)).toEqual([null, null]);
    expect(again.engine.publicView().discards).toEqual(before.discards);
    // the readers reconnect and send their snapshots: the same tiles where they were, so no move
    for (const [tile, zone] of b.at) again.at.set(tile, zone);
    again.reconnect();
    const after = again.engine.publicView();
    // no move: the only new event says the readers agreed with the log (hub/table/restart-check.ts)
    expect(
      b.store
        .events('t1')
        .slice(events)
        .map((e) => [e.type, e.data]),
    ).toEqual([['restart-check', { gameNo: 1, agreed: true, differences: [] }]]);
    expect({ ...after, readers: [], updatedAt: 0 }).toEqual({ ...before, readers: [], updatedAt: 0 });
  });

  it('a director entry that does not apply is refused with the reason, and logs nothing', () => {
    const b = new Bench();
    b.build();
    b.deal();
    const before = b.store.events('t1').length;
    expect(() => b.engine.enter({ entry: 'misnamed-discard', player: 1, rack: 0 }, 'director')).toThrow("no Mah Jongg on a called discard on player 1's rack 1 of table 't1'");
    expect(b.store.events('t1').length).toBe(before);
  });
});
