/**
 * Scripted 4-player tests write their actions in the one vocabulary (./actions.ts) with tiles by
 * kind (`5B`), as a player reads the table; the engine holds tiles by id (`5B#3`). {@link byKinds}
 * makes such an action the engine's {@link Action} from the state it is applied to
 * (rules/variants/standard/standard-ids.ts, built on ./ids.ts `idsFor`): a tile leaving a rack is
 * the lowest copy of its kind there, a pick the lowest copy not in play, a deal the lowest copy not
 * yet dealt; a discard's place, a pick's wall and a call's tile (the last discard) are read from
 * the state. {@link inKinds} reads the state back as kinds for a test's expectations.
 */
import { type StandardLineV1, type StandardLineV1ById, withIds } from '../record/upgrade-standard.js';
import { dealtIds, dealtWalls, exchangedJoker, type Holdings, holdingsOf, idsIn, leaveHolderWhole, type NamedTile, pickedId } from '../variants/standard/standard-ids.js';
import { concealedOf } from '../variants/standard/play.js';
import { kindOf, type TileId, type TileKind } from '../tiles.js';
import type { Action, CallFor, Hearing } from './actions.js';
import type { Place } from './places.js';
import type { GameState } from './state.js';

/**
 * A scripted 4-player action without its time and reference, tiles by kind (or id). As
 * {@link Action}, but: a `deal` gives each seat's tiles and `wallSize` (tiles left to pick,
 * default 99) instead of racks and walls; a `call` names no tile (the last discard is called) and
 * no place (`intoRack`: into the rack, else onto the top); `pick`, `discard`, `expose`, `exchange`
 * and `mah-jongg` name no wall, place or rack; an `exchange` may leave out `joker` (the exposure's
 * first joker is meant).
 */
export type KindAct = { hearing?: Hearing } & (
  | { type: 'deal'; hands: NamedTile[][]; wallSize?: number }
  | { type: 'pass'; tiles: NamedTile[][]; blind?: number[] }
  | { type: 'charleston-vote'; wants: boolean[] }
  | { type: 'courtesy'; wishes: number[]; tiles: NamedTile[][] }
  | { type: 'pick'; player: number; tile: NamedTile }
  | { type: 'discard'; player: number; tile: NamedTile }
  | { type: 'call'; player: number; for: CallFor; intoRack?: boolean; rivals?: { player: number; for: CallFor; intoRack?: boolean }[] }
  | { type: 'expose'; player: number; tiles: NamedTile[] }
  | { type: 'exchange'; player: number; owner: number; exposure: number; joker?: NamedTile; given: NamedTile }
  | { type: 'mah-jongg'; player: number; exposedBy?: number[] }
  | { type: 'wall-game' }
);

const inside = (player: number): Place => ({ area: 'rack', player, rack: 0 });
const top = (player: number): Place => ({ area: 'top', player, rack: 0 });

/**
 * The scripted action `a` (tiles by kind) as the engine's action on `g`.
 * @param g the engine's state before the action (standard variant)
 * @param a the scripted action with its time (ms) and reference
 * @returns `action`, and `state`: `g`, but for a pick of a copy held in a hand (a fifth copy by
 *   kind: rules/variants/standard/standard-ids.ts `leaveHolderWhole`), the state to apply it to
 * @throws Error for a call with no discard to call
 */
export function byKinds(g: GameState, a: KindAct & { at: number; ref: string }): { state: GameState; action: Action } {
  const h = holdingsOf(g);
  const same = (action: Action) => ({ state: g, action });
  switch (a.type) {
    case 'deal': {
      const { wallSize, hands: named, ...rest } = a;
      const hands = dealtIds(named);
      return same({ ...rest, hands: hands.map((hand) => [hand]), walls: dealtWalls(hands, wallSize) });
    }
    case 'pass':
    case 'courtesy':
      return same({ ...a, tiles: a.tiles.map((t, p) => idsIn(h.rack(p), t)) });
    case 'pick': {
      const tile = pickedId(h, a.tile);
      const state = leaveHolderWhole(g, tile);
      const from = state.where.get(tile);
      return { state, action: { ...a, tile, wall: from?.area === 'wall' ? from.wall : 0, to: inside(a.player) } };
    }
    case 'discard': {
      const held = h.hold(a.player);
      const tile = idsIn([...h.rack(a.player), ...(held ? [held] : [])], [a.tile])[0]!;
      return same({ ...a, tile, from: g.where.get(tile) ?? inside(a.player) });
    }
    case 'call': {
      const tile = g.lastDiscard?.tile ?? g.discards.at(-1);
      if (tile === undefined) throw new Error(`call (ref ${a.ref}): no discard to call`);
      const { intoRack, rivals, ...rest } = a;
      const to = (c: { player: number; intoRack?: boolean }) => (c.intoRack ? inside(c.player) : top(c.player));
      return same({ ...rest, tile, to: to(a), rivals: (rivals ?? []).map((r) => ({ player: r.player, for: r.for, to: to(r) })) });
    }
    case 'expose':
      return same({ ...a, rack: 0, tiles: idsIn(h.rack(a.player), a.tiles) });
    case 'exchange':
      return same({ ...a, rack: 0, joker: exchangedJoker(h, a.owner, a.exposure, a.joker), given: idsIn(h.rack(a.player), [a.given])[0]! });
    case 'mah-jongg':
      return same({ ...a, rack: 0 });
    default:
      return same(a);
  }
}

/** A player's tiles, each named by `T` (a kind or an id): concealed, exposed (each group as laid), the called tile held on her top. */
export interface PlayerTiles<T extends TileKind | TileId> {
  rack: T[];
  exposures: T[][];
  hold: { tile: T; for: string; from: number; pending?: { ref: string; at: number } } | null;
  dead: boolean;
  deadReason: string | null;
  killedBy?: number;
}

/** A player with her tiles as kinds. */
export type PlayerInKinds = PlayerTiles<TileKind>;

/**
 * Each player's tiles as kinds (concealed, exposures, held), the last discard and the discards, for
 * a test to compare with what it wrote in kinds (the state is not changed). Reads the engine's
 * {@link GameState}.
 */
export function inKinds(state: GameState): { players: PlayerInKinds[]; lastDiscard: { tile: TileKind; by: number; racked: boolean } | null; discards: TileKind[] } {
  const players: PlayerTiles<TileId>[] = state.seats.map((seat, p) => {
    const r = seat.racks[0]!;
    return {
      rack: concealedOf(state, p),
      exposures: r.exposures.map((e) => e.tiles),
      hold: r.hold,
      dead: r.dead,
      deadReason: r.deadReason,
      ...(r.killedBy !== undefined ? { killedBy: r.killedBy } : {}),
    };
  });
  const last = state.lastDiscard;
  return {
    players: players.map((p) => ({ ...p, rack: p.rack.map(kindOf), exposures: p.exposures.map((e) => e.map(kindOf)), hold: p.hold && { ...p.hold, tile: kindOf(p.hold.tile) } })),
    lastDiscard: last && { tile: kindOf(last.tile), by: last.by, racked: last.racked },
    discards: state.discards.map(kindOf),
  };
}
