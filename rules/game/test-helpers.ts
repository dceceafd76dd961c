/**
 * Scripted 4-player tests write their actions with kinds (`5B`), as a player reads the table; the
 * referee holds tiles by id (`5B#3`). `kindScript` turns such an action into ids from the state it
 * is applied to (rules/variants/standard/standard-ids.ts `withIds`, built on ./ids.ts `idsFor`): a tile leaving
 * a rack is the lowest copy of its kind there, a pick the lowest copy not in play, a deal the lowest
 * copy not yet dealt.
 */
import { withIds, type StandardKindAction } from '../variants/standard/standard-ids.js';
import type { StandardAction, StandardState } from '../variants/standard/referee.js';
import { kindOf, type TileKind } from '../tiles.js';

/** A scripted action without its time and reference, tiles by kind (or id). */
export type KindAct = StandardKindAction extends infer A ? (A extends unknown ? Omit<A, 'at' | 'ref'> : never) : never;

/**
 * The action `a` (tiles by kind) by id, as applied to `state`.
 * @param state the referee's state before the action
 * @param a the scripted action with its time (ms) and reference
 * @returns the action the referee takes
 */
export function kindScript(state: StandardState, a: KindAct & { at: number; ref: string }): StandardAction {
  return withIds(state, a as StandardKindAction);
}

/** A player of {@link StandardState} with its tiles as kinds. */
export interface PlayerInKinds {
  rack: TileKind[];
  exposures: TileKind[][];
  hold: { tile: TileKind; for: string; from: number; pending?: { ref: string; at: number } } | null;
  dead: boolean;
  deadReason: string | null;
  killedBy?: number;
}

/**
 * The referee's players, last discard and discards with kinds for ids, for a test to compare with
 * what it wrote in kinds (the state is not changed).
 */
export function inKinds(state: StandardState): { players: PlayerInKinds[]; lastDiscard: { tile: TileKind; by: number; racked: boolean } | null; discards: TileKind[] } {
  return {
    players: state.players.map((p) => ({ ...p, rack: p.rack.map(kindOf), exposures: p.exposures.map((e) => e.map(kindOf)), hold: p.hold && { ...p.hold, tile: kindOf(p.hold.tile) } })),
    lastDiscard: state.lastDiscard && { ...state.lastDiscard, tile: kindOf(state.lastDiscard.tile) },
    discards: state.discards.map(kindOf),
  };
}
