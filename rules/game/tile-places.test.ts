import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fullTileSet, type TileId } from '../tiles.js';
import type { Place } from './places.js';
import { MERGE_AFTER, samePlaces, TilePlaces } from './tile-places.js';

const tiles: TileId[] = [...fullTileSet()];
const places: Place[] = [
  { area: 'wall', wall: 0 },
  { area: 'wall', wall: 3 },
  { area: 'rack', player: 0, rack: 0 },
  { area: 'rack', player: 0, rack: 1 },
  { area: 'top', player: 0, rack: 1 },
  { area: 'rack', player: 1, rack: 0 },
  { area: 'top', player: 1, rack: 1 },
  { area: 'floor' },
];

describe('TilePlaces: where the tiles are, as a value', () => {
  it("after any moves it holds what a Map holds, in a Map's order, and each place lists its tiles in that order", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 39 }), fc.integer({ min: 0, max: places.length - 1 })), { maxLength: 120 }), (moves) => {
        const map = new Map<TileId, Place>();
        let tp = TilePlaces.empty();
        const seen: TilePlaces[] = [];
        for (const [t, p] of moves) {
          map.set(tiles[t]!, places[p]!);
          seen.push(tp);
          tp = tp.with(tiles[t]!, places[p]!);
        }
        expect([...tp]).toEqual([...map]);
        expect(tp.size).toBe(map.size);
        for (const place of places) {
          const want = [...map].filter(([, q]) => JSON.stringify(q) === JSON.stringify(place)).map(([t]) => t);
          expect(tp.tilesIn(place)).toEqual(want);
          expect(tp.countIn(place)).toBe(want.length);
        }
        expect(tp.inWalls()).toBe([...map.values()].filter((q) => q.area === 'wall').length);
        expect(tp.heldBy(0)).toBe([...map.values()].filter((q) => (q.area === 'rack' || q.area === 'top') && q.player === 0).length);
        // every earlier value is as it was (the moves made new values)
        seen.forEach((old, i) => expect(old.size).toBe(new Map(moves.slice(0, i).map(([t, p]) => [tiles[t]!, places[p]!])).size));
      }),
      { numRuns: 200 },
    );
  });

  it(`a tile moved back keeps its place in the order (first placed first), across a merge every ${MERGE_AFTER} moves`, () => {
    let tp = TilePlaces.empty();
    // 1B#1, 2B#1, 3B#1 into wall 1; then 1B#1 to Ann's rack 1 and back, 20 times (merges on the way)
    for (const t of ['1B#1', '2B#1', '3B#1'] as TileId[]) tp = tp.with(t, { area: 'wall', wall: 0 });
    for (let i = 0; i < 20; i++) tp = tp.with('1B#1' as TileId, i % 2 ? { area: 'wall', wall: 0 } : { area: 'rack', player: 0, rack: 0 });
    expect(tp.tilesIn({ area: 'wall', wall: 0 })).toEqual(['1B#1', '2B#1', '3B#1']);
    expect([...tp.keys()]).toEqual(['1B#1', '2B#1', '3B#1']);
    const again = TilePlaces.empty()
      .with('1B#1' as TileId, { area: 'wall', wall: 0 })
      .with('2B#1' as TileId, { area: 'wall', wall: 0 })
      .with('3B#1' as TileId, { area: 'wall', wall: 0 });
    expect(samePlaces(tp, again)).toBe(true);
    expect(samePlaces(tp, again.with('3B#1' as TileId, { area: 'floor' }))).toBe(false);
  });
});
