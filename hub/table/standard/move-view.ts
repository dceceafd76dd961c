/**
 * What the move layer (../moves/moves.ts `MoveView`) reads of the 4-player engine's state before a
 * move (000): the phase, the Charleston stage, the player on turn and what she did (picked,
 * called), the tiles left to pick, each seat's exposures as laid.
 */
import type { GameState } from '../../../rules/game/state.js';
import { exposuresOf, turnHasOf, wallLeftOf } from '../../../rules/variants/standard/play.js';
import type { MoveView } from '../moves/moves.js';

/** The move layer's view of the 4-player engine's state `s`. */
export function standardMoveView(s: GameState): MoveView {
  return { phase: s.phase, turn: s.turn, stage: s.stage, wallLeft: wallLeftOf(s), turnHas: turnHasOf(s), exposures: (p) => exposuresOf(s, p) };
}
