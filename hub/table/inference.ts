/**
 * Table inference: a settled tile move (zone to zone) becomes a game action (pick, discard, call,
 * exposure, …) using the table's layout. This is where a tile read becomes a game action.
 *
 * | from            | to                    | action                        |
 * |-----------------|-----------------------|-------------------------------|
 * | a wall          | a player's rack / top | `pick` (dealing, then picking)|
 * | a player's rack | the floor             | `discard`                     |
 * | the floor       | a player's rack / top | `call`                        |
 * | a player's rack | same player's rack/top| `arrange` (rack to top: an exposure) |
 * | anywhere        | a wall                | `build` (walls for a new game)|
 * | anything else   |                       | `other-move`                  |
 */
import type { GameAction } from '../../rules/referee/actions.js';
import type { Place } from '../../rules/referee/places.js';
import type { TileId } from '../../rules/tiles.js';
import type { TableConfig, ZoneRole } from '../config/types.js';
import type { ZoneKey } from '../tracking/tracker.js';

/** Zone key → place on the table, from the table config. */
export function zonePlaces(table: TableConfig): Map<ZoneKey, Place> {
  const out = new Map<ZoneKey, Place>();
  for (const r of table.readers) {
    for (const [zone, role] of Object.entries(r.zones)) out.set(`${r.id}/${zone}`, placeOf(role));
  }
  return out;
}

function placeOf(role: ZoneRole): Place {
  switch (role.area) {
    case 'wall':
      return { area: 'wall', wall: role.wall };
    case 'floor':
      return { area: 'floor' };
    default:
      return { area: role.area, player: role.player, rack: role.rack };
  }
}

/**
 * The game action for one settled move, or null when a zone is not on this table.
 * `at` is when the tile came to rest (ms); `ref` the evidence reference (event sequence number).
 */
export function inferAction(places: ReadonlyMap<ZoneKey, Place>, move: { tile: TileId; from: ZoneKey | null; to: ZoneKey }, at: number, ref: string): GameAction | null {
  const to = places.get(move.to);
  if (!to) return null;
  const from = move.from === null ? null : (places.get(move.from) ?? null);
  const tile = move.tile;
  if (to.area === 'wall') return { type: 'build', wall: to.wall, from, tile, at, ref };
  if (to.area === 'floor') {
    if (from && (from.area === 'rack' || from.area === 'top')) {
      return { type: 'discard', player: from.player, from, tile, at, ref };
    }
    return { type: 'other-move', from, to, tile, at, ref };
  }
  // to a rack or its top
  if (from?.area === 'wall') return { type: 'pick', player: to.player, wall: from.wall, to, tile, at, ref };
  if (from?.area === 'floor') return { type: 'call', player: to.player, to, tile, at, ref };
  if (from && (from.area === 'rack' || from.area === 'top') && from.player === to.player) {
    return { type: 'arrange', player: to.player, from, to, tile, at, ref };
  }
  return { type: 'other-move', from, to, tile, at, ref };
}

/** Players whose racks (inside or top) are read by any of `readers`, in seat order. */
export function playersOfReaders(table: TableConfig, readers: Iterable<string>): number[] {
  const ids = new Set(readers);
  const out = new Set<number>();
  for (const r of table.readers) {
    if (!ids.has(r.id)) continue;
    for (const role of Object.values(r.zones)) if (role.area === 'rack' || role.area === 'top') out.add(role.player);
  }
  return [...out].sort();
}

/**
 * The players a count check cannot judge while `readers` were not heard (a count is never judged
 * from a zone the hub could not see: 003 rule 18C, NMJL wrong count): the owner of a rack reader,
 * and every player when a wall or the floor reader is among them (a pick or a discard there may be
 * missing from every count). Both table kinds use it.
 * @param readers reader ids (a count check's `skipReaders`)
 * @returns player indices in seat order
 */
export function playersToSkip(table: TableConfig, readers: Iterable<string>): number[] {
  const ids = new Set(readers);
  const shared = table.readers.some((r) => ids.has(r.id) && Object.values(r.zones).some((z) => z.area === 'wall' || z.area === 'floor'));
  return shared ? table.players.map((_, i) => i) : playersOfReaders(table, ids);
}
