/**
 * What a live table's views read differently on the two tables (the Royale Siamese table, 003:
 * ./siamese/views.ts; the 4-player table, 000: ./standard/views.ts): the seats and their racks
 * with their counts, the walls, the Charleston, the score of two Mah Jonggs or of one, and the
 * order the flags are listed in. Everything else of a view (the earlier games, the results, the
 * flags awaiting the director and their evidence: ./past.ts) is built the same way on both.
 */
import type { Card } from '../../rules/card/types.js';
import type { Action } from '../../rules/game/actions.js';
import type { GameFlag } from '../../rules/game/flags.js';
import type { GameState } from '../../rules/game/state.js';
import type { TileId } from '../../rules/tiles.js';
import type { PublicTableView, RestartChoice, ScoreView } from '../api/views.js';
import type { TableConfig } from '../config/types.js';
import type { MoveReader } from './moves/moves.js';
import type { ListedFlag } from './past.js';

/** What a view is built from: the table, the engine's state and the move layer now. */
export interface ViewSource {
  table: TableConfig;
  cards: readonly Card[];
  state: GameState;
  /** the move layer: where the readers have each tile */
  moves: MoveReader;
  /** the readers whose tiles the views do not count now */
  untrusted: ReadonlySet<string>;
  /** the reader under a player's rack */
  readerOfRack(player: number, rack: number): string | undefined;
  /** the actions the move layer read in the current game (the 4-player Charleston vote) */
  inferred: readonly Action[];
}

/** A table's own parts of its views. */
export interface VariantViews {
  /** The current game's flags of `s`, in the order the table lists them, each with its public view. */
  flags(s: GameState, names: readonly string[]): ListedFlag[];
  /** The points of game `s` in the results (null: none). */
  points(s: GameState): number[] | null;
  /** The score of game `s` as the views show it, after the director's restart choice for it (./restart-check.ts), if any. */
  score(s: GameState, choice: RestartChoice | undefined): ScoreView | null;
  /** The tile counts shown beside flag `flag`'s evidence, per player and rack. */
  evidenceCounts(flag: GameFlag, src: ViewSource): number[][];
  /** The players, each with her racks (counts, exposures, a Mah Jongg). */
  players(src: ViewSource): PublicTableView['players'];
  /** The walls: the tiles left in each, the current one. */
  walls(src: ViewSource): PublicTableView['walls'];
  /** The tiles inside each rack of `player` (the director's and the seat's views). */
  concealed(src: ViewSource, player: number): TileId[][];
  /** How a notice for the director names the tiles of something the engine did not judge (`notSeen`): by id, or by kind. */
  noticeTiles(tiles: readonly TileId[]): string[];
  /** The fields of a view only this table has (the 4-player Charleston and scoring settings). */
  own(src: ViewSource): Partial<PublicTableView>;
}
