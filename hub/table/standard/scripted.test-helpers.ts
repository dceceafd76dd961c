/**
 * A standard 4-player game written move by move for a test (not a test file itself): the walls as
 * built (the full set in set order, 38 a wall), then the physical moves the readers of
 * hub/config/tables/standard-demo.json would see, as simulator steps (a lift, then a placement) for
 * the reader-line bench `SimBench` (hub/table/test-bench.ts). The test names tiles by kind; the
 * script takes the next copy still where the move starts.
 *
 * The Charleston is the required first one only (000): right, across, left. On the first right each
 * player passes the 3 tiles the test gives; on the across and the left each passes on the 3 tiles
 * just received, so the tiles a player passes first right end with the player across
 * (1 + 2 + 3 = 6 ≡ 2 seats on). After the Charleston a player holds what she was dealt, less her
 * own 3, plus the 3 of the player across. East's first discard then starts play (no second
 * Charleston, no courtesy pass).
 */
import { isTileId, kindOf, parseKinds, fullTileSet, type TileId, type TileKind } from '../../../rules/tiles.js';
import type { TableConfig } from '../../config/types.js';
import { DEALT, EAST } from '../../../rules/standard-game.js';
import { tableZones, zoneKey, type Step, type TableZones, type Zone } from '../../simulator/game.js';

/** Seats, as the referee numbers them. */
export { EAST };
export const SOUTH = 1;
export const WEST = 2;
export const NORTH = 3;

const NAMES = ['Ann', 'Bea', 'Cat', 'Dot'];

/**
 * `value` (an action, a state's part) with every tile id in it written as its kind (`5C#2` → `5C`),
 * for expectations a player checks by kind; anything else is kept as it is.
 */
export function inKinds(value: unknown): unknown {
  if (typeof value === 'string') return isTileId(value) ? kindOf(value) : value;
  if (Array.isArray(value)) return value.map(inKinds);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inKinds(v)]));
  return value;
}

/** One game as a test writes it. */
export class ScriptedGame {
  /** the walls as built: the full set in set order, 38 tiles a wall */
  readonly walls: TileId[][];
  readonly steps: Step[] = [];
  private readonly zones: TableZones;
  /** where each tile is now (null: in a hand) */
  private readonly where = new Map<TileId, Zone | null>();
  /** the tiles on the discard floor, in the order they were discarded */
  private floor: TileId[] = [];

  /**
   * Deals each seat exactly the tiles given (East 14, the others 13, as kind notation, e.g.
   * `'N E W 1B 1B …'`), then plays the first Charleston with `charleston[p]` as player p's first-right tiles.
   * @param opts.anyCount deal hands of other sizes too (a misdeal, a player short)
   * @throws Error when a hand has the wrong size or a kind has no copy left in the walls
   */
  constructor(table: TableConfig, dealt: readonly string[], charleston: readonly string[], opts: { anyCount?: boolean } = {}) {
    this.zones = tableZones(table);
    const set = fullTileSet();
    this.walls = [0, 1, 2, 3].map((w) => set.slice(w * 38, (w + 1) * 38));
    this.walls.forEach((tiles, w) => tiles.forEach((t) => this.where.set(t, this.zones.walls[w]!)));
    this.dealAndPass(dealt, charleston, opts);
  }

  /**
   * The table cleared after a game (every tile out of the walls put back into a wall with room, 38
   * a wall), then a new deal and first Charleston as in the constructor.
   */
  redeal(dealt: readonly string[], charleston: readonly string[], opts: { anyCount?: boolean } = {}): this {
    const inWall = (w: number) => [...this.where.values()].filter((z) => z === this.zones.walls[w]).length;
    const walls = new Set(this.zones.walls);
    for (const [t, z] of [...this.where]) {
      if (z !== null && walls.has(z)) continue;
      const w = [0, 1, 2, 3].find((x) => inWall(x) < 38)!;
      this.move(t, this.zones.walls[w]!, 'the table is cleared');
    }
    this.dealAndPass(dealt, charleston, opts);
    return this;
  }

  private dealAndPass(dealt: readonly string[], charleston: readonly string[], opts: { anyCount?: boolean }): void {
    dealt.forEach((hand, p) => {
      const kinds = parseKinds(hand);
      if (!opts.anyCount && kinds.length !== DEALT[p]) throw new Error(`${NAMES[p]} is dealt ${kinds.length} tiles, not ${DEALT[p]}`);
      for (const k of kinds) this.move(this.take(k, 'wall'), this.rack(p), `${NAMES[p]} is dealt`);
    });
    let passing = charleston.map((c, p) => {
      const chosen: TileId[] = [];
      for (const k of parseKinds(c)) chosen.push(this.take(k, this.rack(p), chosen));
      return chosen;
    });
    for (const [offset, stage] of [
      [1, 'first right'],
      [2, 'first across'],
      [3, 'first left'],
    ] as const) {
      const received: TileId[][] = [[], [], [], []];
      passing.forEach((tiles, p) => {
        const to = (p + offset) % 4;
        for (const t of tiles) this.move(t, this.rack(to), `${NAMES[p]} passes (${stage}) to ${NAMES[to]}`);
        received[to] = tiles;
      });
      passing = received;
    }
  }

  /** Player p picks a tile of this kind from a wall into the rack. */
  pick(p: number, kind: string): this {
    this.move(this.take(kind as TileKind, 'wall'), this.rack(p), `${NAMES[p]} picks`);
    return this;
  }

  /** Player p picks a tile of this kind from a wall straight onto the top of her rack (the last tile of a Mah Jongg laid out). */
  pickOntoTop(p: number, kind: string): this {
    this.move(this.take(kind as TileKind, 'wall'), this.top(p), `${NAMES[p]} picks onto her top`);
    return this;
  }

  /** Player p discards a tile of this kind from the rack to the floor. */
  discard(p: number, kind: string): this {
    this.move(this.take(kind as TileKind, this.rack(p)), this.zones.floor, `${NAMES[p]} discards`, 2);
    return this;
  }

  /**
   * Player p discards a tile of this kind from the rack to the floor by way of `via`'s top: it is
   * put down there, rests `dwell` simulator steps (a SimBench step is its pace, 400 ms by default),
   * then is lifted and put on the floor.
   */
  discardVia(p: number, kind: string, via: number, dwell: number): this {
    const tile = this.take(kind as TileKind, this.rack(p));
    this.move(tile, this.top(via), `${NAMES[p]}'s discard rests on ${NAMES[via]}'s top`, dwell);
    this.move(tile, this.zones.floor, `${NAMES[p]} discards`, 2);
    return this;
  }

  /** Player p takes the last discard on the floor onto the top of the rack (a call), then lays `fromRack` (kinds) next to it. */
  call(p: number, fromRack: string): this {
    this.move(this.floor.at(-1)!, this.top(p), `${NAMES[p]} calls`);
    for (const k of parseKinds(fromRack)) this.move(this.take(k, this.rack(p)), this.top(p), `${NAMES[p]} exposes`);
    return this;
  }

  /** Player p takes the discard on the floor into the rack, not onto its top (000: a called tile goes on top; dead). */
  callIntoRack(p: number): this {
    this.move(this.floor.at(-1)!, this.rack(p), `${NAMES[p]} calls into the rack`);
    return this;
  }

  /** Player p gives a tile of kind `natural` from the rack onto `owner`'s top and takes a joker from that top into the rack (a joker exchange). */
  exchangeJoker(p: number, owner: number, natural: string): this {
    this.move(this.take(natural as TileKind, this.rack(p)), this.top(owner), `${NAMES[p]} gives ${natural} to ${NAMES[owner]}'s exposure`);
    this.move(this.take('J', this.top(owner)), this.rack(p), `${NAMES[p]} takes the joker`);
    return this;
  }

  /** Player p lays tiles of these kinds (kind notation) from the rack onto its top, e.g. to show a Mah Jongg. */
  layOut(p: number, fromRack: string): this {
    for (const k of parseKinds(fromRack)) this.move(this.take(k, this.rack(p)), this.top(p), `${NAMES[p]} lays out`);
    return this;
  }

  /** Player p takes tiles of these kinds (kind notation) from the top of the rack back into the rack (000: a hand laid out for a Mah Jongg in error is returned to the rack). */
  takeBack(p: number, fromTop: string): this {
    for (const k of parseKinds(fromTop)) this.move(this.take(k, this.top(p)), this.rack(p), `${NAMES[p]} takes back`);
    return this;
  }

  /** A joker exchange the other way round: player p takes a joker from `owner`'s top into the rack, then gives a tile of kind `natural` from the rack onto that top. */
  exchangeJokerFirst(p: number, owner: number, natural: string): this {
    this.move(this.take('J', this.top(owner)), this.rack(p), `${NAMES[p]} takes the joker`);
    this.move(this.take(natural as TileKind, this.rack(p)), this.top(owner), `${NAMES[p]} gives ${natural} to ${NAMES[owner]}'s exposure`);
    return this;
  }

  /** Player p puts a tile of this kind from the top of the rack back on the floor (a called tile given back). */
  giveBack(p: number, kind: string): this {
    this.move(this.take(kind as TileKind, this.top(p)), this.zones.floor, `${NAMES[p]} gives back`);
    return this;
  }

  /**
   * Player p exchanges a tile of this kind from the rack for a joker of `owner`'s exposure (NMJL): the
   * natural onto `owner`'s top, then a joker from that top into p's rack.
   */
  exchange(p: number, owner: number, kind: string): this {
    this.move(this.take(kind as TileKind, this.rack(p)), this.top(owner), `${NAMES[p]} gives ${kind} for a joker`);
    this.move(this.take('J', this.top(owner)), this.rack(p), `${NAMES[p]} takes the joker`);
    return this;
  }

  private rack(p: number): Zone {
    return this.zones.rackIn[p]![0]!;
  }

  private top(p: number): Zone {
    return this.zones.rackTop[p]![0]!;
  }

  /** The next copy of `kind` in `at` (a zone, or any wall), other than those in `besides`. */
  private take(kind: TileKind, at: Zone | 'wall', besides: readonly TileId[] = []): TileId {
    const walls = new Set(this.zones.walls);
    for (const [t, z] of this.where) if (kindOf(t) === kind && !besides.includes(t) && (at === 'wall' ? z !== null && walls.has(z) : z === at)) return t;
    throw new Error(`no ${kind} left in ${at === 'wall' ? 'the walls' : zoneKey(at)}`);
  }

  private move(tile: TileId, to: Zone, label: string, dwell?: number): void {
    const from = this.where.get(tile)!;
    this.where.set(tile, to);
    if (from === this.zones.floor) this.floor = this.floor.filter((t) => t !== tile);
    if (to === this.zones.floor) this.floor.push(tile);
    this.steps.push({ label: `${label}: lifts ${tile}`, moves: [{ tile, from, to: null }] });
    this.steps.push({ label: `${label}: puts ${tile} in ${zoneKey(to)}`, moves: [{ tile, from: null, to }], ...(dwell ? { dwell } : {}) });
  }
}
