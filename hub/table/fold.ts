/**
 * The fold of a live table's log (./engine.ts), one shape on both tables (the Royale Siamese table,
 * 003; the 4-player table, 000), as a fold checkpoint keeps it
 * (./machine/checkpoints.ts): the rules engine's state, the move layer, the earlier games, the
 * moves held while a reader was not heard, and the records kept beside the game (./records.ts).
 */
import type { GameState } from '../../rules/game/state.js';
import type { MoveReader } from './moves/moves.js';
import type { KeptRecords } from './records.js';

/**
 * A table's fold at one point, a value later folding does not change.
 * @template Past an earlier game as the table keeps it (the Siamese table: its state; the 4-player table: its summary)
 * @template Held the moves held while a zone was not heard (the 4-player `hold-and-reorder`; the Siamese table holds none)
 */
export interface TableFold<Past, Held> {
  /** the engine's state (a value: the engine returns a new one for every action) */
  state: GameState;
  /** the move layer: where each tile is, what is pending, the readers not heard (a copy) */
  moves: MoveReader;
  /** the earlier games, oldest first (an array never changed once made) */
  past: readonly Past[];
  /** the moves held until every zone is heard again, or null */
  held: Held | null;
  /** the records, the refused actions and the restart choices (./records.ts) */
  records: KeptRecords;
}
