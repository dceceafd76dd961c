/**
 * The simulator's tile set: one RFID tag per physical tile of the 152-tile set (rules/tiles.ts).
 * The hub uses the same set as its tag registry for tables whose config says `"tileSet": "simulated"`.
 *
 * A tag UID is 7 bytes, ISO 14443 style, written as 14 upper-case hex digits:
 * `04` (NXP manufacturer byte) `4D 4A` ("MJ") `00` `HH LL` (the tile's index in fullTileSet(), 0..151)
 * `CK` (XOR of the 6 bytes before it).
 * Example: index 0 (`1B#1`) → `"044D4A00000003"`; index 151 (`J#8`) → `"044D4A00009794"`.
 */
import { fullTileSet, type TileId } from '../../rules/tiles.js';

/** The tag UID of the tile at `index` of fullTileSet(): 14 upper-case hex digits. @throws RangeError when index is not 0..65535 */
export function simulatedTagUid(index: number): string {
  if (!Number.isInteger(index) || index < 0 || index > 0xffff) {
    throw new RangeError(`simulatedTagUid: tile index ${index} is not an integer 0..65535`);
  }
  const bytes = [0x04, 0x4d, 0x4a, 0x00, (index >> 8) & 0xff, index & 0xff];
  const check = bytes.reduce((a, b) => a ^ b, 0);
  return [...bytes, check].map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join('');
}

let byTag: Map<string, TileId> | undefined;
let byTile: Map<TileId, string> | undefined;

/**
 * The simulated tile set as a registry: tag UID (14 upper-case hex digits) → tile id (`5B#3`),
 * 152 entries in fullTileSet() order. Returns a fresh copy each call (callers may mutate it).
 */
export function simulatedTileSet(): Map<string, TileId> {
  build();
  return new Map(byTag);
}

/** The inverse of simulatedTileSet(): tile id → tag UID. Returns a fresh copy each call. */
export function simulatedTagsByTile(): Map<TileId, string> {
  build();
  return new Map(byTile);
}

/** The tag UID of one tile. @throws Error naming the tile when it is not one of the 152 tiles */
export function tagOfTile(tile: TileId): string {
  build();
  const tag = byTile!.get(tile);
  if (tag === undefined) throw new Error(`tagOfTile: "${tile}" is not a tile of the 152-tile set`);
  return tag;
}

/** The tile of a tag UID (either case), or undefined when the tag is not in the simulated set. */
export function tileOfTag(tag: string): TileId | undefined {
  build();
  return byTag!.get(tag.toUpperCase());
}

function build(): void {
  if (byTag) return;
  byTag = new Map();
  byTile = new Map();
  fullTileSet().forEach((tile, i) => {
    const tag = simulatedTagUid(i);
    byTag!.set(tag, tile);
    byTile!.set(tile, tag);
  });
}
