/**
 * 4-player actions written short, for tests (not a test file itself): the move layer's actions
 * (rules/game/actions.ts, `TableEngine.inferredActions()`, the simulator's record
 * hub/simulator/standard/game.ts) in the terms a player checks: what was done (the 4-player
 * table's name for it, rules/variants/standard/play.ts `said`), by whom, with which tiles. Places,
 * the walls' tiles, time, reference and hearing are left out (the engine fixes them: a pick is from
 * the wall to the picker's rack, a call takes the last discard), and the fields of each type come
 * in one order, so two lists compare as JSON texts too.
 */
import type { Action } from '../../../rules/game/actions.js';
import { said } from '../../../rules/variants/standard/play.js';

/** One claim on a discard, short: who, for what, and `intoRack` when the tile went inside the rack (000: dead). */
interface ShortCall {
  player: number;
  for: string;
  intoRack?: true;
}

/** An action as {@link short} writes it. */
export type ShortAction = { type: string } & Record<string, unknown>;

/** A place, when it is inside a rack. */
const intoRack = (to: { area: string } | undefined): boolean => to?.area === 'rack';

/** A claim, short. */
const claim = (player: number, f: string | undefined, inside: boolean): ShortCall => ({ player, for: f ?? 'pung', ...(inside ? { intoRack: true as const } : {}) });

/**
 * `action` written short ({@link ShortAction}): by type, `deal` its hands (tiles by seat) and
 * `wallSize` (the tiles left to pick, 99 after a deal of 14 + 3 × 13 from 152); `pass` the tiles
 * each passed and `blind`; `courtesy` the wishes and tiles; `second-charleston` the wishes;
 * `pick` and `discard` the player and the tile; `call` every claim in `calls` (the first the one
 * the engine gives the tile); `expose` the player and the tiles laid beside the called one;
 * `joker-exchange` who gave which `tile` for which `joker` of whose `exposure`; `mah-jongg` the
 * player and who threw in their hands; `wall-game`. Any other action (a `stray`, a count check)
 * keeps its type and fields.
 */
export function short(action: Omit<Action, 'at' | 'ref'> | Action): ShortAction {
  const { at: _at, ref: _ref, hearing: _hearing, ...a } = action as Action;
  const type = said(a);
  switch (a.type) {
    case 'deal':
      return { type, hands: a.hands.map((h) => h.flat()), wallSize: a.walls?.[0]?.length ?? 0 };
    case 'pass':
      return { type, tiles: a.tiles, ...(a.blind ? { blind: a.blind } : {}) };
    case 'courtesy':
      return { type, wishes: a.wishes, tiles: a.tiles };
    case 'charleston-vote':
      return { type, wants: a.wants };
    case 'pick':
    case 'discard':
      return { type, player: a.player, tile: a.tile };
    case 'call':
      return { type, calls: [claim(a.player, a.for, intoRack(a.to)), ...(a.rivals ?? []).map((r) => claim(r.player, r.for, intoRack(r.to)))] };
    case 'expose':
      return { type, player: a.player, tiles: a.tiles };
    case 'exchange':
      return { type, player: a.player, owner: a.owner, exposure: a.exposure ?? 0, joker: a.joker, tile: a.given };
    case 'mah-jongg':
      return { type, player: a.player, ...(a.exposedBy ? { exposedBy: a.exposedBy } : {}) };
    default:
      return { ...a, type };
  }
}
