/**
 * The version 1 4-player action line (rules/GAME-RECORD.md, "Version 1"), read into the one
 * vocabulary (rules/game/actions.ts `Action`) on the engine's state (rules/game/state.ts
 * `GameState`). A version 1 record wrote the 4-player referee's own actions (`deal` with
 * `wallSize`, `second-charleston`, `call` with every caller, `joker-exchange`, `unheard`), tiles by
 * kind: {@link withIds} names the ids they mean where each tile starts
 * (rules/variants/standard/standard-ids.ts), and {@link actionOfV1} makes the line the engine's
 * action. {@link readStandardLineV1} does both. Only ./upgrade.ts reads this shape (the hub writes
 * version 2).
 *
 * Pure: no Node, no DOM.
 */
import type { Action, CallFor } from '../game/actions.js';
import type { Place } from '../game/places.js';
import type { GameState } from '../game/state.js';
import { fullTileSet, type TileId } from '../tiles.js';
import { dealtIds, dealtWalls, exchangedJoker, type Holdings, holdingsOf, idsIn, leaveHolderWhole, type NamedTile, pickedId } from '../variants/standard/standard-ids.js';

interface LineBase {
  /** ms since epoch */
  at: number;
  /** evidence reference (the hub's event sequence number) */
  ref: string;
  /** players whose rack the hub could not hear at this action (version 2: `hearing.players`) */
  unheard?: readonly number[];
}

/**
 * A version 1 4-player action line, tiles named by `T` (by kind or by id as written:
 * {@link StandardLineV1}; by id: {@link StandardLineV1ById}). By type:
 * - `deal`: each seat's tiles (East 14, the others 13) and the tiles left to pick (default 99);
 * - `pass`: one Charleston pass, `tiles[p]` out of p's rack, `blind[p]` tiles passed on unseen;
 * - `second-charleston`: each player's wish (version 2: `charleston-vote`);
 * - `courtesy`: the optional across; `wishes[p]` 0-3;
 * - `pick`, `discard`: a tile picked and racked; a tile from the rack to the floor;
 * - `call`: every call on the last discard, the first the caller (the engine picks the winner);
 *   `intoRack` when put into the rack;
 * - `expose`: rack tiles laid with the called tile on top of the rack;
 * - `joker-exchange`: `player` gives `tile` for the joker `joker` (absent: the exposure's first)
 *   of `owner`'s exposure `exposure` (version 2: `exchange`);
 * - `mah-jongg`: `player` declares; `exposedBy` the others who threw in their hands for it;
 * - `wall-game`: the wall is used up and the last discard stood uncalled.
 */
export type StandardLineV1Of<T extends NamedTile> = LineBase &
  (
    | { type: 'deal'; hands: T[][]; wallSize?: number }
    | { type: 'pass'; tiles: T[][]; blind?: number[] }
    | { type: 'second-charleston'; wants: boolean[] }
    | { type: 'courtesy'; wishes: number[]; tiles: T[][] }
    | { type: 'pick'; player: number; tile: T }
    | { type: 'discard'; player: number; tile: T }
    | { type: 'call'; calls: { player: number; for: CallFor; intoRack?: boolean }[] }
    | { type: 'expose'; player: number; tiles: T[] }
    | { type: 'joker-exchange'; player: number; owner: number; exposure: number; joker?: T; tile: T }
    | { type: 'mah-jongg'; player: number; exposedBy?: number[] }
    | { type: 'wall-game' }
  );

/** A version 1 4-player action line as written: tiles by kind (ids are read too). */
export type StandardLineV1 = StandardLineV1Of<NamedTile>;
/** A version 1 4-player action line with every tile by id, a joker exchange's joker named (what {@link withIds} gives). */
export type StandardLineV1ById = Exclude<StandardLineV1Of<TileId>, { type: 'joker-exchange' }> | (Extract<StandardLineV1Of<TileId>, { type: 'joker-exchange' }> & { joker: TileId });

/**
 * The line with every tile named by id, as the engine holding `h` reads it (see the module
 * comment). Pure; a line already by id comes back equal.
 * @param h who holds which tile before the line (rules/variants/standard/standard-ids.ts `holdingsOf`)
 * @returns the same line by id; a tile that names neither a kind nor an id is left as it is (the engine refuses it)
 */
export function withIds(h: Holdings, a: StandardLineV1): StandardLineV1ById {
  switch (a.type) {
    case 'deal':
      return { ...a, hands: dealtIds(a.hands) };
    case 'pass':
    case 'courtesy':
      return { ...a, tiles: a.tiles.map((t, p) => idsIn(h.rack(p), t)) };
    case 'pick':
      return { ...a, tile: pickedId(h, a.tile) };
    case 'discard': {
      const held = h.hold(a.player);
      return { ...a, tile: idsIn([...h.rack(a.player), ...(held ? [held] : [])], [a.tile])[0]! };
    }
    case 'expose':
      return { ...a, tiles: idsIn(h.rack(a.player), a.tiles) };
    case 'joker-exchange':
      return { ...a, joker: exchangedJoker(h, a.owner, a.exposure, a.joker), tile: idsIn(h.rack(a.player), [a.tile])[0]! };
    default:
      return a;
  }
}

const inside = (player: number): Place => ({ area: 'rack', player, rack: 0 });
const top = (player: number): Place => ({ area: 'top', player, rack: 0 });

/**
 * A version 1 line (by id) as the one engine's {@link Action} in the engine's state `g` (it gives a
 * pick its wall, a discard its place, a call the tile called: the last discard): `deal` with
 * `walls` (the rest of the set in set order, `wallSize` of it left to pick, the rest out of play),
 * `second-charleston` is `charleston-vote`, `call` the first caller with the others as `rivals`
 * (`intoRack` is `to` the rack), `joker-exchange` is `exchange`, `unheard` is `hearing.players`.
 * @returns the action, or null for a call with no caller (it changes nothing)
 */
export function actionOfV1(g: GameState, a: StandardLineV1ById): Action | null {
  const base = { at: a.at, ref: a.ref, ...(a.unheard ? { hearing: { players: [...a.unheard], racks: [] } } : {}) };
  switch (a.type) {
    case 'deal':
      return { type: 'deal', hands: a.hands.map((h) => [h]), walls: dealtWalls(a.hands, a.wallSize), ...base };
    case 'pass':
      return { type: 'pass', tiles: a.tiles, ...(a.blind ? { blind: a.blind } : {}), ...base };
    case 'second-charleston':
      return { type: 'charleston-vote', wants: a.wants, ...base };
    case 'courtesy':
      return { type: 'courtesy', wishes: a.wishes, tiles: a.tiles, ...base };
    case 'pick': {
      const from = g.where.get(a.tile);
      return { type: 'pick', player: a.player, wall: from?.area === 'wall' ? from.wall : 0, tile: a.tile, to: inside(a.player), ...base };
    }
    case 'discard':
      return { type: 'discard', player: a.player, tile: a.tile, from: g.where.get(a.tile) ?? inside(a.player), ...base };
    case 'call': {
      const [first, ...rivals] = a.calls;
      if (!first) return null;
      // the called tile is the engine's last discard; the line does not name it
      const tile = g.lastDiscard?.tile ?? g.discards.at(-1) ?? fullTileSet()[0]!;
      const to = (c: { player: number; intoRack?: boolean }) => (c.intoRack ? inside(c.player) : top(c.player));
      return { type: 'call', player: first.player, tile, to: to(first), for: first.for, rivals: rivals.map((c) => ({ player: c.player, for: c.for, to: to(c) })), ...base };
    }
    case 'expose':
      return { type: 'expose', player: a.player, rack: 0, tiles: a.tiles, ...base };
    case 'joker-exchange':
      return { type: 'exchange', player: a.player, owner: a.owner, rack: 0, exposure: a.exposure, joker: a.joker, given: a.tile, ...base };
    case 'mah-jongg':
      return { type: 'mah-jongg', player: a.player, rack: 0, ...(a.exposedBy ? { exposedBy: a.exposedBy } : {}), ...base };
    case 'wall-game':
      return { type: 'wall-game', ...base };
    default:
      return a as unknown as Action; // refused by the engine, naming its type
  }
}

/**
 * One version 1 line read on the engine's state `g`: its ids ({@link withIds}), the state the
 * engine applies it to (`g` itself but for a fifth copy picked:
 * rules/variants/standard/standard-ids.ts `leaveHolderWhole`) and the action ({@link actionOfV1};
 * null for a call with no caller).
 */
export function readStandardLineV1(g: GameState, line: StandardLineV1): { state: GameState; action: Action | null } {
  const byId = withIds(holdingsOf(g), line);
  const state = byId.type === 'pick' ? leaveHolderWhole(g, byId.tile) : g;
  return { state, action: actionOfV1(state, byId) };
}
