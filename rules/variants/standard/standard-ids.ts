/**
 * Ids for 4-player tiles written with kinds (a version 1 game record, a scripted test): the
 * standard variant (./play.ts) holds every tile by id, and these name the ids a tile written by its
 * kind means where the tile starts (docs/one-engine.md §2). A tile leaving a rack is the lowest
 * copy of its kind in that rack; a tile picked is the lowest copy not in play; a deal gives each
 * kind the lowest copy not yet dealt (rules/game/ids.ts {@link idsFor}).
 */
import { idsFor } from '../../game/ids.js';
import type { GameState } from '../../game/state.js';
import { WALL_AFTER_DEAL } from '../../standard-game.js';
import { fullTileSet, kindOf, type TileId, type TileKind } from '../../tiles.js';
import type { StandardLineV1 } from '../../record/upgrade-standard.js';
import { concealedOf, PICK_WALL } from './play.js';

/** A tile named by id (`5B#3`) or by kind only (`5B`). */
export type NamedTile = TileId | TileKind;

/**
 * Who holds which tile, as far as naming ids needs it: each player's concealed tiles, the called
 * tile held on her top, her exposures as laid, and every tile in play (in a rack, on a top or on
 * the floor). {@link holdingsOf} reads it from a {@link GameState}.
 */
export interface Holdings {
  /** `player`'s concealed tiles (ids) */
  rack(player: number): readonly TileId[];
  /** the called tile on `player`'s top not yet exposed, or null */
  hold(player: number): TileId | null;
  /** `owner`'s exposure `index` (ids, as laid; empty when there is none) */
  exposure(owner: number, index: number): readonly TileId[];
  /** every tile in a rack, on a top or on the floor */
  inPlay(): ReadonlySet<TileId>;
}

/** The {@link Holdings} of a 4-player engine state (one rack a seat: rack 0). */
export function holdingsOf(g: GameState): Holdings {
  return {
    rack: (p) => concealedOf(g, p),
    hold: (p) => g.seats[p]?.racks[0]?.hold?.tile ?? null,
    exposure: (owner, i) => g.seats[owner]?.racks[0]?.exposures[i]?.tiles ?? [],
    inPlay: () => {
      const out = new Set<TileId>();
      for (const [t, at] of g.where.entries()) if (at.area !== 'wall') out.add(t);
      return out;
    },
  };
}

const SET = fullTileSet();

/** True when `t` names a kind only (not an id). Anything else (an id, or a bad name) is left for the engine to judge. */
export const isKindOnly = (t: NamedTile): t is TileKind => typeof t === 'string' && !t.includes('#');

/**
 * Names each kind in `tiles` by the lowest copy of it in `zone` not named before (ids are kept);
 * a kind with no copy left in the zone gets its lowest copy not named before, wherever it is, which
 * the engine then refuses as not held (`ActionError`), as it refused the kind.
 * @param zone the tiles where the named tiles start (a player's rack, with her held tile for a discard)
 */
export function idsIn(zone: readonly TileId[], tiles: readonly NamedTile[]): TileId[] {
  const inZone = new Set(zone);
  const used = new Set<TileId>(tiles.filter((t): t is TileId => !isKindOnly(t)));
  const outside = new Set(SET.filter((t) => !inZone.has(t)));
  return tiles.map((t) => {
    if (!isKindOnly(t)) return t;
    let id: TileId;
    try {
      [id] = idsFor([t], new Set([...outside, ...used])) as [TileId];
    } catch {
      id = lowestCopy(t, used);
    }
    used.add(id);
    return id;
  });
}

/** The lowest copy of `kind` not in `taken`; copy 1 when every copy is taken. */
function lowestCopy(kind: TileKind, taken: ReadonlySet<TileId>): TileId {
  try {
    return idsFor([kind], taken)[0]!;
  } catch {
    return `${kind}#1`;
  }
}

/** A tile picked: an id as it is, a kind the lowest copy not in play (copy 1 when every copy is in play). */
export function pickedId(h: Holdings, tile: NamedTile): TileId {
  return isKindOnly(tile) ? lowestCopy(tile, h.inPlay()) : tile;
}

/** A deal's hands by id: each kind the lowest copy not yet dealt, seat after seat (ids are kept). */
export function dealtIds(hands: readonly (readonly NamedTile[])[]): TileId[][] {
  const given = new Set(hands.flat().filter((t): t is TileId => !isKindOnly(t)));
  const fresh = idsFor(hands.flat().filter(isKindOnly), given);
  let i = 0;
  return hands.map((h) => h.map((t) => (isKindOnly(t) ? fresh[i++]! : t)));
}

/** The joker of `owner`'s exposure `exposure` a joker exchange takes: `joker` by id as it is; else the exposure's first joker (the lowest joker not in play when it has none). */
export function exchangedJoker(h: Holdings, owner: number, exposure: number, joker: NamedTile = 'J'): TileId {
  if (!isKindOnly(joker)) return joker;
  return h.exposure(owner, exposure).find((t) => kindOf(t) === 'J') ?? lowestCopy('J', h.inPlay());
}

/**
 * The walls a scripted deal (or a version 1 `deal`) leaves: the rest of the set in set order,
 * `wallSize` of it left to pick (wall 0), the rest out of play (wall 1).
 * @param wallSize tiles left to pick (default 99: 152 − 53 dealt)
 */
export function dealtWalls(hands: readonly (readonly TileId[])[], wallSize = WALL_AFTER_DEAL): TileId[][] {
  const dealt = new Set(hands.flat());
  const rest = SET.filter((t) => !dealt.has(t));
  return [rest.slice(0, wallSize), rest.slice(wallSize)];
}

/**
 * A pick written by kind may name a copy the engine has in a hand already (every copy of the kind
 * in play: the version 1 referee held tiles by kind and let a fifth copy in). One tile map cannot
 * hold a tile twice, so before such a pick a tile left to pick takes the copy's place in that hand
 * (the picker's own, too): the holder keeps her count, the picker gets the tile named.
 * @returns `g` itself when `picked` is not in a rack or on a top
 */
export function leaveHolderWhole(g: GameState, picked: TileId): GameState {
  const at = g.where.get(picked);
  if (!at || (at.area !== 'rack' && at.area !== 'top')) return g;
  const spare = g.where.tilesIn(PICK_WALL).at(-1);
  // the two swap places: the copy named is then picked from the wall as any other
  return spare === undefined ? g : { ...g, where: g.where.with(spare, at).with(picked, PICK_WALL) };
}

/**
 * A version 1 4-player line (rules/record/upgrade-standard.ts) with its tiles as kinds (`5B#3` →
 * `5B`) and a joker exchange without the joker's id: how a version 1 record wrote it, read back
 * by that module's `withIds`.
 */
export function toKinds(a: StandardLineV1): StandardLineV1 {
  const k = (ts: readonly NamedTile[]): NamedTile[] => ts.map((t) => (isKindOnly(t) ? t : kindOf(t)));
  switch (a.type) {
    case 'deal':
      return { ...a, hands: a.hands.map(k) };
    case 'pass':
    case 'courtesy':
      return { ...a, tiles: a.tiles.map(k) };
    case 'pick':
    case 'discard':
      return { ...a, tile: k([a.tile])[0]! };
    case 'expose':
      return { ...a, tiles: k(a.tiles) };
    case 'joker-exchange': {
      const { joker: _joker, ...rest } = a;
      return { ...rest, tile: k([a.tile])[0]! };
    }
    default:
      return a;
  }
}
