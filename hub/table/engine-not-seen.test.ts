/**
 * A tile not seen on the Royale Siamese table (003), through a real ReaderSupervisor on a
 * hand-driven clock (hub/table/test-bench.ts `HandBench`): a tile of Ann's rack 1 vanishes from the
 * rack's snapshot (no DEL: a tag the antenna no longer reads, or a lift whose DEL was lost). It
 * becomes a notice for the director (which tile, where it was last seen, since when), it stays in
 * Ann's rack for the counts, it is never a flag, and Ann's count check waits on it while Bea's is
 * judged (hub/table/machine/not-seen.ts).
 */
import { describe, expect, it } from 'vitest';
import type { TileId } from '../../rules/tiles.js';
import type { TileMovedData } from './machine.js';
import { HandBench } from './test-bench.js';

/**
 * A tile seen nowhere may be in a hand on its way somewhere: moves and count checks after it wait
 * for it up to the tracker's `holdMaxMs` (4.5 s), then go on. The tests let that pass.
 */
const HOLD_MS = 5000;

/** Ann's (East's) first turn done: both players hold 27. Returns the bench and a tile inside Ann's rack 1. */
function afterFirstTurn(): { b: HandBench; tile: TileId } {
  const b = new HandBench();
  b.build();
  b.deal();
  b.turn('RK-E1/in');
  const tile = [...b.at].find(([, z]) => z === 'RK-E1/in')![0];
  return { b, tile };
}

/** The tile's tag stops answering: the next snapshot of its rack no longer holds it (no DEL). */
function vanish(b: HandBench, tile: TileId, zone: string): void {
  b.at.set(tile, 'nowhere');
  b.snap(zone);
}

describe('a tile not seen (003)', () => {
  it("vanishes from Ann's rack 1: a notice with where and since when, no flag, her count kept at 27; her count check waits while Bea's is judged; judged when the tile is read again", () => {
    const { b, tile } = afterFirstTurn();
    const before = b.checks().length;
    vanish(b, tile, 'RK-E1/in');
    const missedAt = b.clock;
    b.advance(HOLD_MS);
    const v = b.engine.directorView();
    expect(v.tilesNotSeen).toHaveLength(1);
    const n = v.tilesNotSeen![0]!;
    expect([n.tile, n.zone, n.where, n.player, n.missedAt]).toEqual([tile, 'RK-E1/in', "Ann's rack 1", 0, missedAt]);
    // last seen when the deal's ADD put it there (no snapshot of the rack has come since the build)
    const dealt = b.store.events('t1').find((e) => e.type === 'tile-moved' && (e.data as TileMovedData).tile === tile && (e.data as TileMovedData).to === 'RK-E1/in')!;
    expect(n.lastSeen).toBe(dealt.at);
    // the text the director reads: seconds since it was last seen, now - lastSeen
    expect(n.text).toBe(`${tile} last seen in Ann's rack 1 (RK-E1/in), not seen for ${((b.clock - n.lastSeen) / 1000).toFixed(1)} s`);
    expect(b.counts()).toEqual([27, 27]); // kept where it settled: not a tile gone from Ann's count
    expect(b.flags()).toEqual([]);
    expect(b.engine.publicView()).not.toHaveProperty('tilesNotSeen'); // a director's notice only

    // Bea's turn: the count check at its boundary judges Bea, and Ann's waits on the tile
    b.turn('RK-W1/in');
    expect(b.checks().slice(before)).toEqual([{ skipReaders: [], waiting: [{ player: 0, tiles: [tile] }] }]);
    expect(b.flags()).toEqual([]);

    // the tag answers again in the rack's next snapshot: the notice closes, Ann's count is judged alone
    b.at.set(tile, 'RK-E1/in');
    b.snap('RK-E1/in');
    b.settle();
    expect(b.engine.directorView().tilesNotSeen).toBeUndefined();
    expect(b.checks().slice(before + 1)).toEqual([{ skipReaders: [], only: [0] }]);
    expect(b.counts()).toEqual([27, 27]);
    expect(b.flags()).toEqual([]);
  });

  it("Bea's extra pick while Ann's tile is not seen: Bea's count is judged and flagged (003 rule 18C), Ann's waits", () => {
    const { b, tile } = afterFirstTurn();
    vanish(b, tile, 'RK-E1/in');
    b.advance(HOLD_MS);
    const before = b.checks().length;
    b.turnWithExtraPick('RK-W1/in', 'RK-W2/in'); // Bea keeps a tile too many: 28 off turn
    expect(b.checks().slice(before)).toEqual([{ skipReaders: [], waiting: [{ player: 0, tiles: [tile] }] }]);
    expect(b.flags()).toEqual(['003 rule 18C: Bea has 28 tiles off turn (should be 27): both hands dead']);
  });

  it("the director closes the notice: logged with who closed it, Ann's count is judged then, a later snapshot without the tile opens no new notice", () => {
    const { b, tile } = afterFirstTurn();
    vanish(b, tile, 'RK-E1/in');
    b.advance(HOLD_MS);
    b.turn('RK-W1/in');
    const before = b.checks().length;
    expect(() => b.engine.closeNotSeen('9D#4', 'Dana')).toThrow(/no open notice of a tile not seen for "9D#4"/);
    b.engine.closeNotSeen(tile, 'Dana');
    b.advance(1000);
    const closed = b.store.events('t1').filter((e) => e.type === 'not-seen-closed');
    expect(closed.map((e) => [(e.data as { tile: string }).tile, (e.data as { by: string }).by])).toEqual([[tile, 'Dana']]);
    expect(b.engine.directorView().tilesNotSeen).toBeUndefined();
    expect(b.checks().slice(before)).toEqual([{ skipReaders: [], only: [0] }]);
    b.snap('RK-E1/in'); // still without it
    b.advance(1000);
    expect(b.engine.directorView().tilesNotSeen).toBeUndefined();
    expect(b.counts()).toEqual([27, 27]);
    expect(b.flags()).toEqual([]);
  });
});
