/**
 * 4-player actions written short, for tests (not a test file itself): what the hub read from the
 * moves (`StandardTableEngine.inferredActions()`, the move layer's actions of rules/game/actions.ts)
 * and what the bots did (the simulator's record, hub/simulator/standard/game.ts) compared in the
 * terms a player checks: what was done (the 4-player table's name for it, rules/variants/standard/play.ts
 * `said`), by whom, with which tiles. Places, the walls' tiles, time and reference are left out
 * (the engine fixes them: a pick is from the wall to the picker's rack, a call takes the last discard).
 *
 * The simulator's record is read in either vocabulary: the engine's actions, or the shape it was
 * written in before stage 6 (docs/one-engine.md), which is already short and is kept as it is.
 */
import { WALL_AFTER_DEAL } from '../../../rules/standard-game.js';
import { said } from '../../../rules/variants/standard/play.js';

/** One claim on a discard, short: who, for what, and `intoRack` when the tile went inside the rack (000: dead). */
interface ShortCall {
  player: number;
  for: string;
  intoRack?: true;
}

/** An action as {@link short} writes it. */
export type ShortAction = { type: string } & Record<string, unknown>;

/** Whether a place (an action's `to`) is inside a rack. */
const intoRack = (to: unknown): boolean => (to as { area?: string } | undefined)?.area === 'rack';

/**
 * `action` written short ({@link ShortAction}): by type, `deal` its hands (tiles by seat) and
 * `wallSize` (the tiles left to pick, 99 after a deal of 14 + 3 × 13 from 152); `pass` the tiles
 * each passed and `blind`; `courtesy` the wishes and tiles; `second-charleston` the wishes; `pick` and `discard` the player and the
 * tile; `call` every claim in `calls` (the first the one the engine gives the tile); `expose` the
 * player and the tiles laid beside the called one; `joker-exchange` who gave which `tile` for which
 * `joker` of whose `exposure`; `mah-jongg` the player and who threw in their hands; `wall-game`.
 * Any other action (a `stray`, a count check) keeps its type and fields. The fields of each type
 * come in one order whatever the order they were written in (a comparison of JSON texts holds).
 */
export function short(action: object): ShortAction {
  const { at: _at, ref: _ref, hearing: _hearing, unheard: _unheard, ...a } = action as ShortAction;
  const type = said(a as { type: never });
  switch (type) {
    case 'deal': {
      const hands = (a.hands as unknown[][]).map((h) => h.flat());
      const walls = a.walls as unknown[][] | undefined;
      return { type, hands, wallSize: walls ? (walls[0]?.length ?? 0) : ((a.wallSize as number | undefined) ?? WALL_AFTER_DEAL) };
    }
    case 'pass':
      return { type, tiles: a.tiles, ...(a.blind ? { blind: a.blind } : {}) };
    case 'courtesy':
      return { type, wishes: a.wishes, tiles: a.tiles };
    case 'second-charleston':
      return { type, wants: a.wants };
    case 'pick':
    case 'discard':
      return { type, player: a.player, tile: a.tile };
    case 'call': {
      const one = (player: unknown, f: unknown, inside: boolean): ShortCall => ({
        player: player as number,
        for: (f as string | undefined) ?? 'pung',
        ...(inside ? { intoRack: true as const } : {}),
      });
      if (a.calls) return { type, calls: (a.calls as ShortCall[]).map((c) => one(c.player, c.for, c.intoRack === true)) };
      const rivals = (a.rivals as { player: number; for: string; to?: unknown }[] | undefined) ?? [];
      return { type, calls: [one(a.player, a.for, intoRack(a.to)), ...rivals.map((r) => one(r.player, r.for, intoRack(r.to)))] };
    }
    case 'expose':
      return { type, player: a.player, tiles: a.tiles };
    case 'joker-exchange':
      return { type, player: a.player, owner: a.owner, exposure: a.exposure ?? 0, joker: a.joker, tile: a.tile ?? a.given };
    case 'mah-jongg':
      return { type, player: a.player, ...(a.exposedBy ? { exposedBy: a.exposedBy } : {}) };
    default:
      return { ...a, type };
  }
}
