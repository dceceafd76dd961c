/**
 * The simulator's table, the part both tables share: the zones the readers watch (found from the
 * config's reader roles), a game as a list of physical steps (tile moves the readers see), and the
 * walls of a seeded game. Pure: no I/O.
 */
import type { TableConfig } from '../../config/types.js';
import { fullTileSet, type TileId } from '../../../rules/tiles.js';
import { mulberry32, shuffled } from '../prng.js';

/** A place a reader watches: reader id and the zone name as the reader calls it. */
export interface Zone {
  reader: string;
  zone: string;
}

/** One tile leaving a zone (`to: null`: into a hand) or arriving in one (`from: null`: out of a hand). */
export interface Move {
  tile: TileId;
  from: Zone | null;
  to: Zone | null;
}

/** Moves that happen at the same moment (e.g. 4 tiles lifted off a wall together), and what they are. */
export interface Step {
  moves: Move[];
  /** for logs, e.g. `"Ann picks 5B#2 from wall 0"` */
  label: string;
  /**
   * how long the table stays still after this step, in units of the runner's pace (default: 0.5
   * after a lift, the short "in hand" gap; 1 after a placement). A discard gets 2: the other player
   * looks at it before calling or picking.
   */
  dwell?: number;
}

/** The zones of a table, found from its readers' roles. */
export interface TableZones {
  rackIn: Zone[][];
  rackTop: Zone[][];
  walls: Zone[];
  floor: Zone;
}

/**
 * Finds every zone of a Siamese (or standard) table from the config's reader roles.
 * @throws Error naming the missing zone (e.g. "no reader zone watches the top of rack 1 of player 0")
 */
export function tableZones(table: TableConfig): TableZones {
  const players = table.players.length;
  const racks = table.racksPerPlayer;
  const rackIn: (Zone | undefined)[][] = Array.from({ length: players }, () => Array(racks).fill(undefined));
  const rackTop: (Zone | undefined)[][] = Array.from({ length: players }, () => Array(racks).fill(undefined));
  const walls: (Zone | undefined)[] = [];
  let floor: Zone | undefined;
  for (const r of table.readers) {
    for (const [zone, role] of Object.entries(r.zones)) {
      const z = { reader: r.id, zone };
      if (role.area === 'rack') rackIn[role.player]![role.rack] = z;
      else if (role.area === 'top') rackTop[role.player]![role.rack] = z;
      else if (role.area === 'wall') walls[role.wall] = z;
      else floor = z;
    }
  }
  const need = <T>(v: T | undefined, what: string): T => {
    if (v === undefined) throw new Error(`table ${table.id}: no reader zone watches ${what}`);
    return v;
  };
  return {
    rackIn: rackIn.map((rs, p) => rs.map((z, r) => need(z, `the inside of rack ${r} of player ${p}`))),
    rackTop: rackTop.map((rs, p) => rs.map((z, r) => need(z, `the top of rack ${r} of player ${p}`))),
    walls: Array.from({ length: Math.max(walls.length, ...table.wallOrder.map((w) => w + 1)) }, (_, w) => need(walls[w], `wall ${w}`)),
    floor: need(floor, 'the discard floor'),
  };
}

/** Same zone? */
export function sameZone(a: Zone | null, b: Zone | null): boolean {
  return a === b || (a !== null && b !== null && a.reader === b.reader && a.zone === b.zone);
}

/** Key of a zone for maps: `"RK-E1/in"`, or `"hand"` for null. */
export function zoneKey(z: Zone | null): string {
  return z ? `${z.reader}/${z.zone}` : 'hand';
}

/**
 * Applies steps to a tile → zone map (null = in a hand), checking that every move starts where the
 * tile is. Used by the tests (tile conservation) and the runner.
 * @throws Error naming the step, the tile and where it really was
 */
export function applySteps(where: Map<TileId, Zone | null>, steps: readonly Step[], firstIndex = 0): void {
  steps.forEach((s, i) => {
    for (const m of s.moves) {
      const at = where.get(m.tile);
      if (at === undefined) throw new Error(`step ${firstIndex + i} (${s.label}): ${m.tile} is not on the table`);
      if (!sameZone(at, m.from)) {
        throw new Error(`step ${firstIndex + i} (${s.label}): ${m.tile} moves from ${zoneKey(m.from)} but is at ${zoneKey(at)}`);
      }
      where.set(m.tile, m.to);
    }
  });
}

/** Where every tile is once the walls are built: tile → wall zone. */
export function wallPositions(walls: readonly TileId[][], zones: TableZones): Map<TileId, Zone | null> {
  const m = new Map<TileId, Zone | null>();
  walls.forEach((w, i) => w.forEach((t) => m.set(t, zones.walls[i]!)));
  return m;
}

/**
 * The walls of a seeded game: the 152 tiles shuffled with mulberry32(seed) and cut into
 * `table.tilesPerWall` tiles per wall (4 walls of 38 for the Siamese table), in picking order.
 * @throws Error when the walls do not hold exactly 152 tiles
 */
export function buildWalls(seed: number, table: TableConfig): TileId[][] {
  const tiles = shuffled(fullTileSet(), mulberry32(seed));
  const n = table.tilesPerWall;
  const count = table.wallOrder.length;
  if (n * count !== tiles.length) {
    throw new Error(`table ${table.id}: ${count} walls of ${n} tiles hold ${n * count} tiles, not the ${tiles.length} of the set`);
  }
  return Array.from({ length: count }, (_, i) => tiles.slice(i * n, (i + 1) * n));
}
