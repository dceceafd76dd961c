/**
 * What the Royale Siamese move layer (hub/table/moves/moves.ts) reads from where the tiles are,
 * for actions written before it read it: the Siamese `GameAction`s of version 1 game records and
 * the version 2 records written before the move layer gave `mah-jongg` and `exchange` actions
 * (docs/one-engine.md stage 5). The engine (rules/game/apply.ts) judges a Mah Jongg only on a
 * `mah-jongg` and a joker taken only on an `exchange` or a `stray` from a top; these readings give
 * it those actions where such a record has only the moves, so it referees the same.
 *
 * Pure: no Node, no DOM.
 */
import type { Action } from '../game/actions.js';
import type { Place } from '../game/places.js';
import type { TilePlaces } from '../game/tile-places.js';
import { kindOf, type TileId } from '../tiles.js';

/** Tiles on a rack's top that declare a Mah Jongg: a whole hand laid out (003 rules 10, 11). */
export const MAH_JONGG_TILES = 14;

/** Where an action puts its tile, and which tile; null for an action that moves none (a declaration, a check, an entry, a 4-player batch). */
export function movedBy(a: Action): { tile: TileId; to: Place } | null {
  switch (a.type) {
    case 'build':
      return { tile: a.tile, to: { area: 'wall', wall: a.wall } };
    case 'pick':
    case 'call':
    case 'arrange':
    case 'stray':
      return { tile: a.tile, to: a.to };
    case 'discard':
      return { tile: a.tile, to: { area: 'floor' } };
    case 'expose':
      return a.tiles.length === 1 ? { tile: a.tiles[0]!, to: { area: 'top', player: a.player, rack: a.rack } } : null;
    case 'exchange':
      return a.to ? { tile: a.joker, to: a.to } : null;
    default:
      return null;
  }
}

/**
 * The `mah-jongg` a move declares: when it put its tile on a rack's top that then holds
 * {@link MAH_JONGG_TILES} (003 rules 10, 11), with the move's `at`, `ref` and `hearing` (the flag
 * ids `g<game>-mah-jongg-in-error-<ref>` rest on the move); else null.
 * @param to where the move put its tile
 * @param onTop the tiles on that top after the move
 */
export function declaredBy(move: Action, to: Place, onTop: number): Action | null {
  if (to.area !== 'top' || onTop !== MAH_JONGG_TILES) return null;
  return { type: 'mah-jongg', player: to.player, rack: to.rack, at: move.at, ref: move.ref, ...(move.hearing ? { hearing: move.hearing } : {}) };
}

/**
 * Actions written before the move layer read Mah Jonggs and jokers, as it reads them now: an
 * `arrange` of a joker off a top is a `stray` (a joker taken with no tile given for it: judged,
 * 003 rules 9, 10C, 15), and a move that makes a top {@link MAH_JONGG_TILES} tiles is followed by
 * its `mah-jongg` ({@link declaredBy}), unless the action after it in `actions` (or `next`) is
 * that declaration already: a record that has them is read unchanged.
 * @param where where every tile is before the first action
 * @param next the action that follows the last one (the next line of a record), if any
 */
export function asReadNow(actions: readonly Action[], where: TilePlaces, next?: Action): Action[] {
  const out: Action[] = [];
  let w = where;
  for (const [i, given] of actions.entries()) {
    const a: Action =
      given.type === 'arrange' && given.from.area === 'top' && kindOf(given.tile) === 'J'
        ? { type: 'stray', tile: given.tile, from: given.from, to: given.to, at: given.at, ref: given.ref, ...(given.hearing ? { hearing: given.hearing } : {}) }
        : given;
    out.push(a);
    const moved = movedBy(a);
    if (!moved) continue;
    w = w.with(moved.tile, moved.to);
    const declared = moved.to.area === 'top' ? declaredBy(a, moved.to, w.tilesIn(moved.to).length) : null;
    const after = actions[i + 1] ?? (i === actions.length - 1 ? next : undefined);
    if (declared && !isSameDeclaration(after, declared)) out.push(declared);
  }
  return out;
}

function isSameDeclaration(a: Action | undefined, d: Action): boolean {
  return a?.type === 'mah-jongg' && d.type === 'mah-jongg' && a.player === d.player && a.rack === d.rack && a.ref === d.ref;
}
