/**
 * Where every tile of a table is, as a value (the Siamese referee's `where`): a ReadonlyMap of
 * tile → place whose {@link TilePlaces.with} makes the next value without copying every tile.
 *
 * A referee state is never changed once made (a checkpoint of the fold keeps it, and an action the
 * referee throws on leaves the state before it), so a move makes a new `where`. Copying a map of
 * 152 tiles for each of the ~500 actions of a game was most of the fold's time; here a value is a
 * shared base map (never changed) and a small map of the tiles moved since, merged into a new base
 * every {@link MERGE_AFTER} moves: a move copies at most that many entries, plus one base in that
 * many moves (152 / 12, about 13 entries a move on average). It also keeps the tiles in each wall,
 * so the current wall (003 rule 20) is found without looking at every tile.
 *
 * Iteration order is a Map's: tiles in the order they were first placed.
 */
import type { TileId } from '../tiles.js';
import type { Place } from './places.js';

/** Moves kept apart from the base before a merge (about the square root of a 152-tile set). */
export const MERGE_AFTER = 12;

export class TilePlaces implements ReadonlyMap<TileId, Place> {
  private constructor(
    private readonly base: ReadonlyMap<TileId, Place>,
    /** tiles moved since `base` was made (a tile not in `base` is new: it comes after the base's tiles) */
    private readonly moved: ReadonlyMap<TileId, Place>,
    /** tiles in each wall (index = wall number) */
    private readonly walls: readonly number[],
    readonly size: number,
  ) {}

  /** No tile seen yet. */
  static empty(): TilePlaces {
    return new TilePlaces(new Map(), new Map(), [], 0);
  }

  /** Where the tiles of `entries` are (in that order). */
  static of(entries: Iterable<readonly [TileId, Place]>): TilePlaces {
    let out = TilePlaces.empty();
    for (const [t, p] of entries) out = out.with(t, p);
    return out;
  }

  get(tile: TileId): Place | undefined {
    return this.moved.get(tile) ?? this.base.get(tile);
  }

  has(tile: TileId): boolean {
    return this.moved.has(tile) || this.base.has(tile);
  }

  /** Tiles in wall `wall` now (tiles). */
  inWall(wall: number): number {
    return this.walls[wall] ?? 0;
  }

  /** Tiles in all the walls now (tiles). */
  inWalls(): number {
    let n = 0;
    for (const c of this.walls) n += c;
    return n;
  }

  /** The same places with `tile` at `place`: a new value (this one stays as it is). */
  with(tile: TileId, place: Place): TilePlaces {
    const old = this.get(tile);
    let walls = this.walls;
    if (old?.area === 'wall' || place.area === 'wall') {
      const w = [...walls];
      if (old?.area === 'wall') w[old.wall] = (w[old.wall] ?? 0) - 1;
      if (place.area === 'wall') w[place.wall] = (w[place.wall] ?? 0) + 1;
      for (let i = 0; i < w.length; i++) w[i] ??= 0;
      walls = w;
    }
    const size = old === undefined ? this.size + 1 : this.size;
    if (this.moved.size >= MERGE_AFTER) {
      const merged = new Map<TileId, Place>(this);
      merged.set(tile, place);
      return new TilePlaces(merged, new Map(), walls, size);
    }
    const moved = new Map(this.moved);
    moved.set(tile, place);
    return new TilePlaces(this.base, moved, walls, size);
  }

  *entries(): MapIterator<[TileId, Place]> {
    for (const [t, p] of this.base) yield [t, this.moved.get(t) ?? p];
    for (const [t, p] of this.moved) if (!this.base.has(t)) yield [t, p];
  }

  *keys(): MapIterator<TileId> {
    for (const [t] of this.entries()) yield t;
  }

  *values(): MapIterator<Place> {
    for (const [, p] of this.entries()) yield p;
  }

  [Symbol.iterator](): MapIterator<[TileId, Place]> {
    return this.entries();
  }

  forEach(fn: (value: Place, key: TileId, map: ReadonlyMap<TileId, Place>) => void, thisArg?: unknown): void {
    for (const [t, p] of this.entries()) fn.call(thisArg, p, t, this);
  }
}

/** Whether two tables' tiles are in the same places, in the same order (a Map's, see {@link TilePlaces}). */
export function samePlaces(a: ReadonlyMap<TileId, Place>, b: ReadonlyMap<TileId, Place>): boolean {
  if (a.size !== b.size) return false;
  const ib = b.entries();
  for (const [t, p] of a) {
    const n = ib.next();
    if (n.done || n.value[0] !== t || !samePlace(p, n.value[1])) return false;
  }
  return true;
}

function samePlace(a: Place, b: Place): boolean {
  if (a === b) return true;
  const ka = Object.keys(a) as (keyof Place)[];
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}
