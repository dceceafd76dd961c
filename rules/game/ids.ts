/**
 * Tile ids for what names only kinds (the 4-player referee's tests, the 4-player simulator, v1
 * 4-player records): each kind gets the lowest copy not yet taken, the rule the scripted games
 * already follow ("the script takes the next copy still where the move starts",
 * hub/table/standard/scripted.test-helpers.ts). A convention, not what a table saw.
 */
import { copiesOf, type TileId, type TileKind } from '../tiles.js';

/**
 * The ids for `kinds`, in order: each the lowest copy of its kind (`5B#1` before `5B#2`) neither in
 * `taken` nor given earlier in this call.
 * @param taken ids already in use (e.g. every tile already dealt)
 * @throws Error naming the kind, its position in `kinds` and how many copies a set has, when every copy of a kind is taken
 */
export function idsFor(kinds: readonly TileKind[], taken: ReadonlySet<TileId>): TileId[] {
  const given = new Set<TileId>();
  return kinds.map((kind, i) => {
    for (let copy = 1; copy <= copiesOf(kind); copy++) {
      const id = `${kind}#${copy}` as TileId;
      if (!taken.has(id) && !given.has(id)) {
        given.add(id);
        return id;
      }
    }
    throw new Error(`idsFor: no copy of ${kind} left for tile ${i + 1} of ${kinds.length} (a set has ${copiesOf(kind)}, all taken)`);
  });
}
