/**
 * Where every tile of a table is, as a value (the Siamese referee's `where`): a ReadonlyMap of
 * tile → place whose {@link TilePlaces.with} makes the next value without copying every tile, and
 * which lists the tiles of one place (a wall, inside a rack, a rack's top) without looking at the others.
 *
 * A referee state is never changed once made (a checkpoint of the fold keeps it, and an action the
 * referee throws on leaves the state before it), so a move makes a new `where`. Copying a map of
 * 152 tiles for each of the ~500 actions of a game, and reading all 152 to count a rack or find the
 * current wall, was most of the fold's time. Here a value is:
 * - a shared base map (never changed) and a small map of the tiles moved since, merged into a new
 *   base every {@link MERGE_AFTER} moves: a move copies at most that many entries, plus one base in
 *   that many moves (152 / 12, about 13 entries a move on average);
 * - per place, its tiles (a move copies the list of the place it leaves and of the place it goes
 *   to, and the small map of places: about 13 of them on a Siamese table).
 *
 * Order is a Map's: tiles in the order they were first placed (iteration, and each place's list).
 */
import type { TileId } from '../tiles.js';
import { samePlace, type Place } from './places.js';

/** Moves kept apart from the base before a merge (about the square root of a 152-tile set). */
export const MERGE_AFTER = 12;

/** A tile's place and when it was first placed (0 for the first tile: its position in a Map's order). */
interface Entry {
  place: Place;
  order: number;
}

/** The key of a place in the per-place lists: `wall 2`, `rack 0 1`, `top 1 0`, `floor`. */
function keyOf(p: Place): string {
  switch (p.area) {
    case 'wall':
      return `wall ${p.wall}`;
    case 'floor':
      return 'floor';
    default:
      return `${p.area} ${p.player} ${p.rack}`;
  }
}

const NONE: readonly TileId[] = [];

/**
 * Where each tile is (tile → place, a ReadonlyMap in first-placed order), never changed once made:
 * {@link TilePlaces.with} returns the next value. Start from {@link TilePlaces.empty}.
 */
export class TilePlaces implements ReadonlyMap<TileId, Place> {
  private constructor(
    private readonly base: ReadonlyMap<TileId, Entry>,
    /** tiles moved since `base` was made */
    private readonly moved: ReadonlyMap<TileId, Entry>,
    /** place key → its tiles, in the order they were first placed */
    private readonly byPlace: ReadonlyMap<string, readonly TileId[]>,
    readonly size: number,
  ) {}

  /** No tile seen yet. */
  static empty(): TilePlaces {
    return new TilePlaces(new Map(), new Map(), new Map(), 0);
  }

  private entry(tile: TileId): Entry | undefined {
    return this.moved.get(tile) ?? this.base.get(tile);
  }

  get(tile: TileId): Place | undefined {
    return this.entry(tile)?.place;
  }

  has(tile: TileId): boolean {
    return this.moved.has(tile) || this.base.has(tile);
  }

  /** The tiles in `place` now, in the order they were first placed (a new array). */
  tilesIn(place: Place): TileId[] {
    return [...(this.byPlace.get(keyOf(place)) ?? NONE)];
  }

  /** How many tiles `place` holds now (tiles). */
  countIn(place: Place): number {
    return (this.byPlace.get(keyOf(place)) ?? NONE).length;
  }

  /** Tiles `player` holds now, inside their racks and on their tops (tiles). */
  heldBy(player: number): number {
    let n = 0;
    for (const [k, tiles] of this.byPlace) {
      const [area, who] = k.split(' ');
      if ((area === 'rack' || area === 'top') && Number(who) === player) n += tiles.length;
    }
    return n;
  }

  /** Tiles in all the walls now (tiles). */
  inWalls(): number {
    let n = 0;
    for (const [k, tiles] of this.byPlace) if (k.startsWith('wall ')) n += tiles.length;
    return n;
  }

  /** The same places with `tile` at `place`: a new value (this one stays as it is). */
  with(tile: TileId, place: Place): TilePlaces {
    const old = this.entry(tile);
    const entry: Entry = { place, order: old ? old.order : this.size };
    const byPlace = new Map(this.byPlace);
    if (old) {
      const k = keyOf(old.place);
      byPlace.set(
        k,
        (byPlace.get(k) ?? NONE).filter((t) => t !== tile),
      );
    }
    const k = keyOf(place);
    const list = [...(byPlace.get(k) ?? NONE)];
    // in first-placed order: after every tile placed before it
    let i = list.length;
    while (i > 0 && this.entry(list[i - 1]!)!.order > entry.order) i--;
    list.splice(i, 0, tile);
    byPlace.set(k, list);
    const size = old ? this.size : this.size + 1;
    if (this.moved.size >= MERGE_AFTER) {
      const merged = new Map(this.base);
      for (const [t, e] of this.moved) merged.set(t, e);
      merged.set(tile, entry);
      return new TilePlaces(merged, new Map(), byPlace, size);
    }
    const moved = new Map(this.moved);
    moved.set(tile, entry);
    return new TilePlaces(this.base, moved, byPlace, size);
  }

  /** Every tile and its place, in the order they were first placed. */
  private list(): [TileId, Place][] {
    const out: [TileId, Place][] = new Array(this.size);
    for (const [t, e] of this.base) out[e.order] = [t, (this.moved.get(t) ?? e).place];
    for (const [t, e] of this.moved) if (!this.base.has(t)) out[e.order] = [t, e.place];
    return out;
  }

  entries(): MapIterator<[TileId, Place]> {
    return this.list().values();
  }

  keys(): MapIterator<TileId> {
    return this.list()
      .map(([t]) => t)
      .values();
  }

  values(): MapIterator<Place> {
    return this.list()
      .map(([, p]) => p)
      .values();
  }

  [Symbol.iterator](): MapIterator<[TileId, Place]> {
    return this.entries();
  }

  forEach(fn: (value: Place, key: TileId, map: ReadonlyMap<TileId, Place>) => void, thisArg?: unknown): void {
    for (const [t, p] of this.list()) fn.call(thisArg, p, t, this);
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
