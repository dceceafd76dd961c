/**
 * Ids for 4-player actions written with kinds (a v1 game record, a scripted test): the standard
 * referee (./play.ts, through ./referee.ts) holds every tile by id, and `withIds` names the ids an action written
 * with kinds means, from the state it is applied to (docs/one-engine.md §2). A tile leaving a rack
 * is the lowest copy of its kind in that rack; a tile picked is the lowest copy not in play; a
 * deal gives each kind the lowest copy not yet dealt ({@link idsFor}).
 */
import { idsFor } from '../../game/ids.js';
import { fullTileSet, kindOf, type TileId, type TileKind } from '../../tiles.js';
import type { StandardAction, StandardState } from './referee.js';

/** A tile named by id (`5B#3`) or by kind only (`5B`). */
export type NamedTile = TileId | TileKind;

type Meta = Pick<StandardAction, 'at' | 'ref' | 'unheard'>;

/**
 * A {@link StandardAction} whose tiles are ids or kinds (mixed allowed); a joker exchange may leave
 * out `joker` (the exposure's first joker is meant).
 */
export type StandardKindAction =
  | Extract<StandardAction, { type: 'second-charleston' | 'call' | 'mah-jongg' | 'wall-game' }>
  | (Meta &
      (
        | { type: 'deal'; hands: NamedTile[][]; wallSize?: number }
        | { type: 'pass'; tiles: NamedTile[][]; blind?: number[] }
        | { type: 'courtesy'; wishes: number[]; tiles: NamedTile[][] }
        | { type: 'pick'; player: number; tile: NamedTile }
        | { type: 'discard'; player: number; tile: NamedTile }
        | { type: 'expose'; player: number; tiles: NamedTile[] }
        | { type: 'joker-exchange'; player: number; owner: number; exposure: number; joker?: NamedTile; tile: NamedTile }
      ));

const SET = fullTileSet();

/** True when `t` names a kind only (not an id). Anything else (an id, or a bad name) is left for the referee to judge. */
const isKindOnly = (t: NamedTile): t is TileKind => typeof t === 'string' && !t.includes('#');

/**
 * Names each kind in `tiles` by the lowest copy of it in `zone` not named before (ids are kept);
 * a kind with no copy left in the zone gets the lowest copy outside it, which the referee then
 * refuses as not held (StandardActionError), as it refused the kind.
 */
function fromZone(zone: readonly TileId[], tiles: readonly NamedTile[]): TileId[] {
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

function lowestCopy(kind: TileKind, taken: ReadonlySet<TileId>): TileId {
  try {
    return idsFor([kind], taken)[0]!;
  } catch {
    return `${kind}#1`;
  }
}

/** Every tile in play: in a rack, on a top (exposed or called) or on the floor. */
function inPlay(s: StandardState): Set<TileId> {
  const out = new Set<TileId>(s.discards);
  for (const p of s.players) {
    for (const t of p.rack) out.add(t);
    for (const e of p.exposures) for (const t of e) out.add(t);
    if (p.hold) out.add(p.hold.tile);
  }
  return out;
}

/**
 * The action with every tile named by id, as the referee in state `s` reads it (see the module
 * comment). Pure: `s` is not changed; an action already by id comes back equal.
 * @param s the referee's state the action is applied to
 * @param a the action, tiles by kind or by id
 * @returns the same action by id; a tile that names neither a kind nor an id is left as it is
 *   (the referee refuses it: StandardActionError)
 */
export function withIds(s: StandardState, a: StandardKindAction): StandardAction {
  const rack = (p: number): TileId[] => s.players[p]?.rack ?? [];
  switch (a.type) {
    case 'deal': {
      const given = new Set(a.hands.flat().filter((t): t is TileId => !isKindOnly(t)));
      const fresh = idsFor(a.hands.flat().filter(isKindOnly), given);
      let i = 0;
      return { ...a, hands: a.hands.map((h) => h.map((t) => (isKindOnly(t) ? fresh[i++]! : t))) };
    }
    case 'pass':
      return { ...a, tiles: a.tiles.map((t, p) => fromZone(rack(p), t)) };
    case 'courtesy':
      return { ...a, tiles: a.tiles.map((t, p) => fromZone(rack(p), t)) };
    case 'pick':
      return { ...a, tile: isKindOnly(a.tile) ? lowestCopy(a.tile, inPlay(s)) : a.tile };
    case 'discard': {
      const hold = s.players[a.player]?.hold;
      return { ...a, tile: fromZone([...rack(a.player), ...(hold ? [hold.tile] : [])], [a.tile])[0]! };
    }
    case 'expose':
      return { ...a, tiles: fromZone(rack(a.player), a.tiles) };
    case 'joker-exchange': {
      const exposure = s.players[a.owner]?.exposures[a.exposure] ?? [];
      const joker = a.joker ?? 'J';
      const named = isKindOnly(joker) ? (exposure.find((t) => kindOf(t) === 'J') ?? lowestCopy('J', inPlay(s))) : joker;
      return { ...a, joker: named, tile: fromZone(rack(a.player), [a.tile])[0]! };
    }
    default:
      return a;
  }
}

/**
 * The action with its tiles as kinds (`5B#3` → `5B`) and a joker exchange without the joker's id:
 * how a v1 game record writes a 4-player action (rules/GAME-RECORD.md), read back by {@link withIds}.
 */
export function toKinds(a: StandardAction): StandardKindAction {
  const k = (ts: readonly TileId[]): TileKind[] => ts.map(kindOf);
  switch (a.type) {
    case 'deal':
      return { ...a, hands: a.hands.map(k) };
    case 'pass':
    case 'courtesy':
      return { ...a, tiles: a.tiles.map(k) };
    case 'pick':
    case 'discard':
      return { ...a, tile: kindOf(a.tile) };
    case 'expose':
      return { ...a, tiles: k(a.tiles) };
    case 'joker-exchange': {
      const { joker: _joker, ...rest } = a;
      return { ...rest, tile: kindOf(a.tile) };
    }
    default:
      return a;
  }
}
