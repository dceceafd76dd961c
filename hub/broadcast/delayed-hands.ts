/**
 * The concealed hands a broadcast shows, a delay after the fact (docs/spectators.md): a pure fold
 * of the table's logged tile moves (`tile-moved`, hub/table/machine/events.ts) with `at <= asOf`,
 * where `asOf = now - delayMs`. Each tile is where its last such move put it; the tiles inside a
 * player's racks (the zones the table config gives `area: "rack"`) are that player's hand as of
 * `asOf`. So every concealed tile shown was placed in that rack at least `delayMs` before `now`, and
 * nothing later than `asOf` is ever read.
 *
 * Pure: no clock, no store; the caller gives the moves, the rack zones and `now`.
 */
import { type TileId, kindOf, TILE_KINDS } from '../../rules/tiles.js';

/** One logged tile move, as the fold needs it: `tile` came to rest in zone `to` (`reader/zone`), logged at `at` (ms since epoch). */
export interface LoggedTileMove {
  /** the event's position in the log (strictly increasing in log order) */
  seq: number;
  /**
   * when the hub logged the move (ms since epoch; `tile-moved`'s `logged`, else its `at`): the
   * moment the director's view showed it, so the delayed hands as of T are the director's view at T.
   * The tile came to rest a settle window before (the event's `at`): counting from there would show
   * a tile in a rack for that window before the director's view did
   */
  at: number;
  tile: TileId;
  /** the zone it came to rest in, e.g. `"RK-E1/in"` */
  to: string;
}

/** Whose rack a zone is: player (index, 0 = East) and rack (index, 0 = the rack closest to the player). */
export interface RackOwner {
  player: number;
  rack: number;
}

/** The delayed hands of one table, as a broadcast sends them. */
export interface DelayedHands {
  /** the moment the hands are shown as of (ms since epoch): `now - delayMs` */
  asOf: number;
  /** the delay (ms) */
  delayMs: number;
  /** one entry per player (index order): the tiles inside each of their racks as of `asOf`, in card order */
  hands: { player: number; racks: TileId[][] }[];
}

/** Card order of tile ids (Bams, Craks, Dots, winds, dragons, flowers, jokers), then by copy number. */
function compareTileIds(a: TileId, b: TileId): number {
  const k = TILE_KINDS.indexOf(kindOf(a)) - TILE_KINDS.indexOf(kindOf(b));
  return k !== 0 ? k : Number(a.slice(a.indexOf('#') + 1)) - Number(b.slice(b.indexOf('#') + 1));
}

/**
 * The hands as of `now - delayMs`: for each tile, the zone of its last move (highest `seq`) with
 * `at <= asOf`; a tile whose zone is a rack of `racks` belongs to that rack's hand.
 * Moves may come in any order; only their `seq` and `at` count.
 * @param racks zone (`reader/zone`) → whose rack it is; every other zone (walls, floor, tops) is not a hand
 * @param players how many players the table seats (2 Siamese, 4 standard)
 * @param racksPerPlayer racks each player has (2 Siamese, 1 standard)
 * @param now the hub's clock (ms since epoch)
 * @param delayMs the broadcast delay (ms), > 0 on a hub that broadcasts hands
 * @throws RangeError when `delayMs` is negative or not finite, or a rack zone names a player or rack
 *   the table does not have
 */
export function delayedHands(moves: Iterable<LoggedTileMove>, racks: ReadonlyMap<string, RackOwner>, players: number, racksPerPlayer: number, now: number, delayMs: number): DelayedHands {
  if (!Number.isFinite(delayMs) || delayMs < 0) throw new RangeError(`delayMs must be a number of ms of at least 0, not ${delayMs}`);
  const asOf = now - delayMs;
  const last = new Map<TileId, LoggedTileMove>();
  for (const m of moves) {
    if (m.at > asOf) continue; // not yet due: never read
    const had = last.get(m.tile);
    if (!had || had.seq < m.seq) last.set(m.tile, m);
  }
  const hands = Array.from({ length: players }, (_, player) => ({ player, racks: Array.from({ length: racksPerPlayer }, (): TileId[] => []) }));
  for (const [tile, m] of last) {
    const owner = racks.get(m.to);
    if (!owner) continue;
    const rack = hands[owner.player]?.racks[owner.rack];
    if (!rack)
      throw new RangeError(`zone '${m.to}' is rack ${owner.rack + 1} of player ${owner.player + 1}, which a table of ${players} players with ${racksPerPlayer} rack(s) each does not have`);
    rack.push(tile);
  }
  for (const h of hands) for (const r of h.racks) r.sort(compareTileIds);
  return { asOf, delayMs, hands };
}
