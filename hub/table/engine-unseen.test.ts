/**
 * "Every flag must be one a director can trust": a reader unplugged mid-play, on the
 * Royale Siamese engine fed with hand-written reader lines through a real ReaderSupervisor, on a
 * hand-driven clock. While a reader's cable is out it sends nothing; when it is plugged back it
 * says HELLO and sends a snapshot of each zone (what the hub then reconciles).
 *
 * - a wall reader unplugged: the tile picked from it is read by the rack reader alone, and moves on
 *   that read (before: it stayed in the wall and the picker counted 26 off turn, a false 003 rule 18C);
 * - the floor reader unplugged past the 4.5 s hold: the discards reach the log only at the replug,
 *   after picks made since; the count check right after is not judged (before: a false 18C);
 * - a rack reader unplugged while its player lays out exposures and discards: the exposures are not
 *   judged at that discard (before: a false 003 rule 11 flag), but at the next one the hub saw.
 */
import { describe, expect, it } from 'vitest';
import { fullTileSet, kindOf, type TileId } from '../../rules/tiles.js';
import type { CountCheckData } from './engine.js';
import { HandBench, siameseDemo } from './test-bench.js';

const SETTLE = siameseDemo.table.timing.settleMs;

/** A table whose readers are driven by hand (hub/table/test-bench.ts), with cables that can be pulled: a new port name at each replug. */
class Bench extends HandBench {
  constructor() {
    super({ namedByClock: true });
  }

  /** East's first turn: picks the next tile of wall 2 and discards it. */
  eastFirstTurn(): TileId {
    return this.turn('RK-E1/in');
  }
}

describe('a reader unplugged mid-play makes no false flag', () => {
  it("the current wall's reader unplugged: each pick moves on the rack's read alone, the counts go 28 and 27, no 18C flag", () => {
    const b = new Bench();
    b.build();
    b.deal();
    const eastPick = b.eastFirstTurn();
    expect(b.view().walls.map((w) => w.left)).toEqual([0, 21, 38, 38]);
    b.unplug('WL-2');
    b.advance(200);
    expect(b.view().readers!.find((r) => r.id === 'WL-2')!.state).toBe('reconnecting');

    // Bea picks the next tile of wall 2 (its DEL is never sent) and racks it
    const beaPick = b.nextFrom(1);
    b.move(beaPick, 'RK-W1/in');
    b.advance(SETTLE + 500);
    expect(b.counts()).toEqual([27, 28]);
    expect(b.view().walls.map((w) => w.left)).toEqual([0, 20, 38, 38]);
    const m = b.moves().at(-1)!;
    expect([m.tile, m.from, m.to, m.reconciled !== undefined, m.unseen]).toEqual([beaPick, 'WL-2/wall', 'RK-W1/in', true, ['WL-2']]);
    b.move(beaPick, 'FL-1/floor');
    b.settle();
    expect(b.counts()).toEqual([27, 27]);

    // Ann picks from the same wall, still unplugged, racks it and discards another tile
    const annPick = b.nextFrom(1);
    b.move(annPick, 'RK-E2/in');
    b.advance(300);
    const annDiscard = [...b.at].find(([, z]) => z === 'RK-E1/in')![0];
    b.move(annDiscard, 'FL-1/floor');
    b.settle();
    expect(b.counts()).toEqual([27, 27]);
    expect(b.view().turn).toBe(1);

    // the cable is back: the wall's snapshot agrees, nothing more moves
    const before = b.moves().length;
    b.replug('WL-2');
    b.settle();
    expect(b.moves().length).toBe(before);
    expect(b.view().walls.map((w) => w.left)).toEqual([0, 19, 38, 38]);
    expect(b.flags()).toEqual([]);
    expect(b.view().discards).toEqual([kindOf(eastPick), kindOf(beaPick), kindOf(annDiscard)]);
    expect(b.view().phase).toBe('play');
  });

  it('a real extra tile is still flagged once the wall reader has been back a while (003 rule 18C)', () => {
    const b = new Bench();
    b.build();
    b.deal();
    b.eastFirstTurn();
    b.unplug('WL-2');
    b.advance(2000);
    b.replug('WL-2');
    b.advance(4000); // longer than RECENT_GAP_MS (3 s)
    b.turnWithExtraPick('RK-W1/in', 'RK-W2/in'); // Bea: one too many
    expect(b.flags()).toEqual(['003 rule 18C: Bea has 28 tiles off turn (should be 27): both hands dead']);
  });

  it('the floor reader unplugged for 9 s: discards reach the log after later picks; the check right after the replug is not judged, the next one is', () => {
    const b = new Bench();
    b.build();
    b.deal();
    b.eastFirstTurn();
    b.unplug('FL-1');
    b.advance(200);
    const p1 = b.nextFrom(1);
    b.move(p1, 'RK-W1/in'); // Bea picks
    b.advance(600);
    b.move(p1, 'FL-1/floor'); // and discards it: the floor says nothing
    b.advance(1000);
    const p2 = b.nextFrom(1);
    b.move(p2, 'RK-E1/in'); // Ann picks
    b.advance(600);
    b.move(p2, 'FL-1/floor');
    b.advance(1000);
    const p3 = b.nextFrom(1);
    b.move(p3, 'RK-W2/in'); // Bea picks: 28, her turn
    b.advance(5000); // past the 4.5 s hold: every pick is logged before the discards
    b.replug('FL-1');
    b.settle();
    // (before: "Bea has 28 tiles off turn": the log has her pick, then both discards, so her turn
    // begins after the pick it holds)
    expect(b.flags()).toEqual([]);
    expect(b.counts()).toEqual([27, 28]);
    expect(b.view().discards.length).toBe(3);
    const check = b.store
      .events('t1')
      .filter((e) => e.type === 'count-check')
      .at(-1)!.data as CountCheckData;
    expect(check.skipReaders).toEqual(['FL-1']);
    // Bea discards with every reader back for longer than RECENT_GAP_MS: judged, and right
    b.advance(1500);
    b.move(p3, 'FL-1/floor');
    b.settle();
    expect(b.counts()).toEqual([27, 27]);
    expect(b.flags()).toEqual([]);
    expect(
      (
        b.store
          .events('t1')
          .filter((e) => e.type === 'count-check')
          .at(-1)!.data as CountCheckData
      ).skipReaders,
    ).toEqual([]);
    expect(b.view().turn).toBe(0);
  });

  it("Ann's rack 1 reader unplugged while she exposes a pung of 1 bams and discards: no rule 11 flag; the pung is judged at Bea's discard and fits", () => {
    // the walls in set order, but 1B#2 swapped into the undealt part of wall 2: Ann is dealt 1B#1
    // and 1B#3 into rack 1 (RK-E1) and can pick 1B#2 later
    const order = fullTileSet();
    [order[1], order[60]] = [order[60]!, order[1]!];
    const b = new Bench();
    b.build(order);
    b.deal();
    expect([b.at.get('1B#1'), b.at.get('1B#3'), b.at.get('1B#2')]).toEqual(['RK-E1/in', 'RK-E1/in', 'WL-2/wall']);
    b.eastFirstTurn();
    const beaPick = b.nextFrom(1);
    b.move(beaPick, 'RK-W1/in');
    b.advance(300);
    b.move(beaPick, 'FL-1/floor');
    b.settle();
    expect([b.view().turn, b.counts()]).toEqual([0, [27, 27]]);

    b.unplug('RK-E1');
    b.advance(200);
    b.move('1B#2', 'RK-E1/top'); // picked straight onto the top of rack 1: the wall's DEL is seen
    b.move('1B#1', 'RK-E1/top');
    b.move('1B#3', 'RK-E1/top');
    const discard = [...b.at].find(([t, z]) => z === 'RK-E1/in' && kindOf(t) !== '1B')![0];
    b.move(discard, 'FL-1/floor'); // seen by the floor reader alone
    b.advance(2000);
    b.replug('RK-E1');
    b.settle();
    expect(b.flags()).toEqual([]);
    const d = b.moves().find((m) => m.tile === discard && m.to === 'FL-1/floor')!;
    expect(d.unseen).toEqual(['RK-E1']);
    expect(b.view().players[0]!.racks[0]!.exposed).toEqual(['1B', '1B', '1B']);
    expect(b.counts()).toEqual([27, 27]);
    expect(b.view().turn).toBe(1);

    // Bea's turn, every reader back: the pung is judged now, and fits a line
    const p = b.nextFrom(1);
    b.move(p, 'RK-W2/in');
    b.advance(300);
    b.move(p, 'FL-1/floor');
    b.settle();
    expect(b.flags()).toEqual([]);
    expect(b.view().players[0]!.racks[0]!.dead).toBe(false);
    expect(b.counts()).toEqual([27, 27]);
  });
});
