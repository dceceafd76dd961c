/**
 * Today's actions into the one vocabulary (./actions.ts, docs/one-engine.md §1): the Royale
 * Siamese `GameAction` (rules/record/v1-actions.ts), as a version 1 game record has it, one move each.
 */
import type { GameAction } from '../record/v1-actions.js';
import type { Action, Hearing } from './actions.js';
import type { Place } from './places.js';

/**
 * What a Siamese action says it could not hear, as {@link Hearing}: `unheard: true` is
 * `zones: 'unheard'`, `unseen` the `racks`, `left` kept; null when every zone was heard.
 */
function hearingOf(a: GameAction): Hearing | null {
  const unseen = 'unseen' in a && a.unseen?.length ? a.unseen.map((r) => ({ player: r.player, rack: r.rack })) : [];
  if (!a.unheard && !a.left && unseen.length === 0) return null;
  return { players: [], racks: unseen, ...(a.unheard ? { zones: 'unheard' as const } : {}), ...(a.left ? { left: { ...a.left } } : {}) };
}

/**
 * The unified actions of one Siamese action (§1, "Mapping of today's actions"):
 * - `build`, `pick`, `discard`, `call`, `count-check`, `readers-heard`, `director-entry`: the same
 *   action (`unheard`, `left`, `unseen` become `hearing`);
 * - `arrange` from a player's rack to the top of one of her racks: `expose` of that one tile (003
 *   rule 11: the Siamese table exposes tile by tile); any other `arrange`: `arrange`;
 * - `other-move` from a wall to the floor (picked and thrown before a reader saw it racked): a
 *   `pick` by the player on turn (`ref` + `.p`, to her rack 1) then the `discard`, when `turn` is
 *   known; any other `other-move`: `stray`.
 * A joker exchange is two moves (a tile to the top, the joker back): pairing them is the move
 * layer's (stage 5); one move alone converts as above.
 * @param turn the player on turn before the action (the Siamese referee's `turn`), for `other-move` wall→floor; null or absent: a `stray`
 */
export function fromGameAction(a: GameAction, turn: number | null = null): Action[] {
  const hearing = hearingOf(a);
  const base = { at: a.at, ref: a.ref, ...(hearing ? { hearing } : {}) };
  switch (a.type) {
    case 'build':
      return [{ ...base, type: 'build', wall: a.wall, tile: a.tile, from: a.from }];
    case 'pick':
      return [{ ...base, type: 'pick', player: a.player, wall: a.wall, tile: a.tile, to: a.to }];
    case 'discard':
      return [{ ...base, type: 'discard', player: a.player, tile: a.tile, from: a.from }];
    case 'call':
      return [{ ...base, type: 'call', player: a.player, tile: a.tile, to: a.to }];
    case 'arrange':
      if (a.from.area === 'rack' && a.to.area === 'top' && a.to.player === a.player) return [{ ...base, type: 'expose', player: a.player, rack: a.to.rack, tiles: [a.tile] }];
      return [{ ...base, type: 'arrange', player: a.player, tile: a.tile, from: a.from, to: a.to }];
    case 'other-move':
      if (a.from?.area === 'wall' && a.to.area === 'floor' && turn !== null) {
        const rack = { area: 'rack' as const, player: turn, rack: 0 };
        return [
          { ...base, ref: `${a.ref}.p`, type: 'pick', player: turn, wall: a.from.wall, tile: a.tile, to: rack },
          { ...base, type: 'discard', player: turn, tile: a.tile, from: rack },
        ];
      }
      return [{ ...base, type: 'stray', tile: a.tile, from: a.from, to: a.to }];
    case 'count-check':
      return [{ ...base, type: 'count-check', skipPlayers: [...a.skipPlayers] }];
    case 'readers-heard':
      return [{ ...base, type: 'readers-heard' }];
    case 'director-entry':
      return [
        {
          ...base,
          type: 'director-entry',
          entry: a.entry,
          player: a.player,
          rack: a.rack,
          ...(a.named ? { named: a.named } : {}),
          ...(a.unseenRacks ? { unseenRacks: [...a.unseenRacks] } : {}),
        },
      ];
  }
}

/**
 * The actions the Royale Siamese table applies for one `GameAction` (its referee, its game record):
 * {@link fromGameAction}, every action with the move's own `ref` (a wall→floor move's pick too), so
 * the flag ids `g<game>-<kind>-<ref>` rest on the move as before (003 rule 20's `wrong-wall`).
 * @param turn the player on turn before the action, as for {@link fromGameAction}
 */
export function siameseActions(a: GameAction, turn: number | null): Action[] {
  return fromGameAction(a, turn).map((x) => (x.ref === a.ref ? x : { ...x, ref: a.ref }));
}

/**
 * The Siamese action of one move, from the unified actions the move layer read it as
 * (hub/table/moves/moves.ts): the inverse of {@link fromGameAction}, for the hub's v1 game
 * record, whose lines are Siamese actions (rules/GAME-RECORD.md) until the record names the one
 * vocabulary. `hearing` becomes `unheard`, `left` and (on a `discard` or an `other-move`) `unseen`.
 * @param read what one move was read as: one action, or a `pick` and its `discard` (a wall → floor
 *   move), either followed by the `mah-jongg` it declared; an `exchange` is the joker's move
 * @param from where the move's tile was before it (the move's `from`): an `expose` names no place
 * @throws Error for actions no single Siamese move reads as (none, several of another kind, a director's or the hub's action), naming them
 */
export function toGameAction(read: readonly Action[], from: Place | null): GameAction {
  // a Mah Jongg declared by the move (003 rules 10, 11) follows it: the move is the action before
  const actions = read.at(-1)?.type === 'mah-jongg' && read.length > 1 ? read.slice(0, -1) : read;
  const [a, b] = actions;
  if (!a || actions.length > 2 || (b && !(a.type === 'pick' && b.type === 'discard'))) {
    throw new Error(`not one Siamese move: ${actions.map((x) => `${x.type} (ref ${x.ref})`).join(', ') || 'no action'}`);
  }
  const h = (b ?? a).hearing;
  const heard = (x: GameAction): GameAction => {
    if (h?.zones === 'unheard') {
      x.unheard = true;
      if (h.left) x.left = { ...h.left };
    }
    if (h?.racks.length && (x.type === 'discard' || x.type === 'other-move')) x.unseen = h.racks.map((r) => ({ player: r.player, rack: r.rack }));
    return x;
  };
  const at = a.at;
  const ref = a.ref;
  if (b) {
    if (b.type !== 'discard' || a.type !== 'pick') throw new Error('unreachable');
    return heard({ type: 'other-move', from: { area: 'wall', wall: a.wall }, to: { area: 'floor' }, tile: a.tile, at, ref });
  }
  switch (a.type) {
    case 'build':
      return heard({ type: 'build', wall: a.wall, from: a.from, tile: a.tile, at, ref });
    case 'pick':
      return heard({ type: 'pick', player: a.player, wall: a.wall, to: a.to, tile: a.tile, at, ref });
    case 'discard':
      return heard({ type: 'discard', player: a.player, from: a.from, tile: a.tile, at, ref });
    case 'call':
      return heard({ type: 'call', player: a.player, to: a.to, tile: a.tile, at, ref });
    case 'expose': {
      const tile = a.tiles[0];
      if (a.tiles.length !== 1 || tile === undefined || !from || from.area !== 'rack')
        throw new Error(`expose (ref ${ref}): a Siamese move lays one tile from a rack, not ${a.tiles.length} from ${from?.area ?? 'nowhere'}`);
      return heard({ type: 'arrange', player: a.player, from, to: { area: 'top', player: a.player, rack: a.rack }, tile, at, ref });
    }
    case 'arrange':
      return heard({ type: 'arrange', player: a.player, from: a.from, to: a.to, tile: a.tile, at, ref });
    case 'stray':
      return heard({ type: 'other-move', from: a.from, to: a.to, tile: a.tile, at, ref });
    case 'exchange':
      // the joker's move off the top it was on (the given tile went there before)
      if (a.to) return heard({ type: 'other-move', from, to: a.to, tile: a.joker, at, ref });
      throw new Error(`not one Siamese move: an exchange with no \`to\` (ref ${ref})`);
    default:
      throw new Error(`not one Siamese move: ${a.type} (ref ${ref})`);
  }
}
