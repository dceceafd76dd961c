/**
 * The settled moves a perfect tile tracker would log for a simulated game: each tile's lift (a move
 * `to: null`) and later placement (`from: null`) joined into one move from its last settled place to
 * its new one, ordered as the hub orders them (by when the tile left, then when it arrived). Walls
 * come first, as first sightings. Used by tests to feed the standard table inference without readers.
 */
import type { TileId } from '../../../rules/tiles.js';
import type { Place } from '../../../rules/game/places.js';
import type { TableConfig } from '../../config/types.js';
import { zonePlaces } from '../../table/moves/zones.js';
import type { Step, Zone } from '../game.js';

/** One settled move with places and the step numbers it rests on. */
export interface IdealMove {
  tile: TileId;
  from: Place | null;
  to: Place;
  /** step index of the lift (its leftAt) and of the placement (its at) */
  liftStep: number;
  placeStep: number;
}

/**
 * @param walls the walls as built (tile ids per wall, loaded before any step)
 * @throws Error when a step places a tile nobody lifted, or names a zone the table does not have
 */
export function idealMoves(table: TableConfig, walls: readonly TileId[][], steps: readonly Step[]): IdealMove[] {
  const places = zonePlaces(table);
  const wallZone = new Map<number, Zone>();
  for (const r of table.readers) for (const [z, role] of Object.entries(r.zones)) if (role.area === 'wall') wallZone.set(role.wall, { reader: r.id, zone: z });
  const place = (z: Zone): Place => {
    const p = places.get(`${z.reader}/${z.zone}`);
    if (!p) throw new Error(`no place for zone ${z.reader}/${z.zone}`);
    return p;
  };
  const settled = new Map<TileId, Place>();
  const lifted = new Map<TileId, number>();
  const out: IdealMove[] = [];
  walls.forEach((w, i) =>
    w.forEach((tile) => {
      const to = place(wallZone.get(i)!);
      settled.set(tile, to);
      out.push({ tile, from: null, to, liftStep: -1, placeStep: -1 });
    }),
  );
  steps.forEach((s, i) => {
    for (const m of s.moves) {
      if (m.to === null) lifted.set(m.tile, i);
      else {
        const liftStep = m.from === null ? lifted.get(m.tile) : i;
        if (liftStep === undefined) throw new Error(`step ${i} (${s.label}): ${m.tile} was never lifted`);
        lifted.delete(m.tile);
        const to = place(m.to);
        out.push({ tile: m.tile, from: settled.get(m.tile) ?? null, to, liftStep, placeStep: i });
        settled.set(m.tile, to);
      }
    }
  });
  return out
    .map((m, i) => ({ m, i }))
    .sort((a, b) => a.m.liftStep - b.m.liftStep || a.m.placeStep - b.m.placeStep || a.i - b.i)
    .map((x) => x.m);
}
