/**
 * The table's layout as the move layer (./moves.ts) reads it: which place of the game each reader
 * zone is (a wall, a player's rack or its top, the floor), and which players or racks a set of
 * readers covers (what a count check or an exposure judgment cannot see while they are not heard).
 * Both tables use it.
 */
import type { Place } from '../../../rules/game/places.js';
import type { RackRef } from '../../../rules/game/actions.js';
import type { TableConfig, ZoneRole } from '../../config/types.js';
import type { ZoneKey } from '../../tracking/tracker.js';

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

/**
 * The rack tops `readers` read, in the table config's order: the racks whose exposures are not
 * judged while one of them is not heard or not seen whole (003 rule 11).
 * @param readers reader ids
 */
export function topsOfReaders(table: TableConfig, readers: readonly string[]): RackRef[] {
  const out: RackRef[] = [];
  for (const r of table.readers) {
    if (!readers.includes(r.id)) continue;
    for (const z of Object.values(r.zones)) if (z.area === 'top') out.push({ player: z.player, rack: z.rack });
  }
  return out;
}
