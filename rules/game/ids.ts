/**
 * Tile ids for what is written with kinds only: scripted tests, the 4-player simulator's and the
 * v1 4-player game record's actions (docs/one-engine.md §2, "Where the 4-player table gets ids").
 */
import { copiesOf, type TileId, type TileKind } from '../tiles.js';

/**
 * Gives each kind, in order, the lowest copy of it that is neither in `taken` nor given to an
 * earlier kind of the list: `idsFor(['5B', '5B'], new Set(['5B#1']))` is `['5B#2', '5B#3']`.
 * The convention the scripted 4-player tests already use ("the script takes the next copy still
 * where the move starts"); the ids are a convention, not what a table saw.
 * @param kinds tile kinds, e.g. a hand dealt
 * @param taken ids already placed (not changed)
 * @returns one id per kind, in the order of `kinds`
 * @throws Error naming the kind when every copy of it (4; flowers and jokers 8) is taken
 */
export function idsFor(kinds: readonly TileKind[], taken: ReadonlySet<TileId>): TileId[] {
  const given = new Set<TileId>();
  return kinds.map((k, i) => {
    for (let c = 1; c <= copiesOf(k); c++) {
      const id = `${k}#${c}` as TileId;
      if (!taken.has(id) && !given.has(id)) {
        given.add(id);
        return id;
      }
    }
    throw new Error(`idsFor: no copy of ${k} is left for kind ${i + 1} of ${kinds.length} (all ${copiesOf(k)} are taken)`);
  });
}
