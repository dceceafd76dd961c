/**
 * What a live table plays, chosen by its config's `variant` (hub/table/engine.ts `TableEngine`):
 * the rules variant the one engine applies (rules/variants/: `SIAMESE`, 003; `STANDARD`, 000), the
 * move variant that reads settled moves into actions (./moves/variants.ts), the table's own parts
 * of its views (./variant-views.ts), and the few things the hub does differently on the two tables:
 * how many players and racks, the settle windows, the count rule or the scoring settings in force,
 * what a director may enter, what a game record's header carries, the words of a game the hub ends.
 * Nothing here judges a rule.
 */
import type { Action } from '../../rules/game/actions.js';
import type { Engine, EngineConfig } from '../../rules/game/apply.js';
import type { Card } from '../../rules/card/types.js';
import type { Place } from '../../rules/game/places.js';
import type { GameState } from '../../rules/game/state.js';
import type { GameRecord } from '../../rules/record/game-record.js';
import type { ScoringSettings } from '../../rules/scoring/settings.js';
import type { TileId } from '../../rules/tiles.js';
import type { AnyDirectorEntry } from '../api/runtime.js';
import type { DirectorTableView } from '../api/views.js';
import type { CountRuleInForce } from '../tournament/config.js';
import type { EngineOptions } from './machine.js';
import type { MoveReader, MoveView } from './moves/moves.js';
import { siameseVariant } from './siamese/variant.js';
import type { SiameseEntryContext } from './siamese/entries.js';
import { standardVariant } from './standard/variant.js';
import type { VariantViews } from './variant-views.js';

/** Options of a live table: the shared ones, and what a tournament sets for the table. */
export interface TableEngineOptions extends EngineOptions {
  /**
   * Royale Siamese (003): the rule 18 count rule in force and the config field it comes from
   * (hub/hub.ts resolves it with the tournament: hub/tournament/config.ts `countRulesInForce`);
   * absent: the table config's own `countRule`, else 18D
   */
  countRule?: CountRuleInForce;
  /**
   * 4-player (000): the settings the games are scored with (rules/scoring/settings.ts): a
   * tournament's when one plays the table, else the table config's `scoring` (default 000's)
   */
  scoring?: ScoringSettings;
}

/** What a director's entry is checked against ({@link TableVariant.checkEntry}): the table now, and the time. */
export interface EntryContext extends SiameseEntryContext {
  now: number;
}

/** What one table plays: chosen once, in the table's constructor ({@link tableVariantOf}). */
export interface TableVariant {
  /** the game record's kind of this table (rules/GAME-RECORD.md) */
  kind: 'siamese' | 'standard';
  /** the rules' seed the table's words cite ('003' Royale Siamese, '000' 4-player) */
  seed: '003' | '000';
  /** the settle windows per area, or null: every zone settles in the table's `timing.settleMs` */
  settleByArea: Partial<Record<Place['area'], number>> | null;
  /** the one engine with this rules variant, for a table of these players and cards */
  engine(cards: readonly Card[]): { engine: Engine; config: EngineConfig };
  /** the engine's state before the first game */
  initialState(): GameState;
  /** the move layer of this table (its reading of moves; for the Siamese table, which tops each reader covers) */
  moveReader(readerOfRack: (player: number, rack: number) => string | undefined): MoveReader;
  /** what the move layer reads of the engine's state before a move */
  moveView(state: GameState): MoveView;
  /** the parts of the views that are this table's own */
  views(lowestCardValue: number): VariantViews;
  /**
   * a move's actions stand or fall together (003: the referee judges the move; a fault on one
   * leaves the state as before the move, listed under the move's own action), or each alone
   * (000: an action refused or thrown on is listed by itself, the ones before it stand)
   */
  movesAsOne: boolean;
  /**
   * the count check compares the readers' counts with the engine's, in play only (000: the hub's
   * `rack-count`, 13 off turn and 14 on); else the engine counts its own tile map (003 rule 18C)
   */
  readersCount: boolean;
  /** the walls as built when game `state.gameNo` began (absent: none seen built) */
  wallsBuilt(state: GameState, moves: MoveReader): readonly (readonly TileId[])[] | undefined;
  /** the words of a game the hub ended after a ruling undid its end (./machine.ts `STOPPED_REASON` with the rule) */
  stoppedReason(stopped: string): string;
  /** the words of a game ended by the director's restart choice `choice` (`endReason` the machine's) */
  restartReason(endReason: string, choice: 'score' | 'void' | 'replay'): string;
  /**
   * A director's entry as logged (its `by` the caller's to add), checked against the table now.
   * @param trial the engine's state after the entry as an action (throws the engine's refusal)
   * @throws RulingError (hub/api/runtime.ts) for an entry the table refuses
   */
  checkEntry(entry: AnyDirectorEntry, c: EntryContext, trial: (a: Action) => GameState): Record<string, unknown> & { entry: string; player: number; rack: number };
  /** a logged entry (`data`, with its `by`) as the engine's action, and as the record takes it */
  entryAction(data: Record<string, unknown>, at: number, ref: string): { action: Action; line: Action };
  /** the fields of a game record's header that are this table's own (its walls, scoring, settings) */
  header(walls: readonly (readonly TileId[])[] | undefined): Omit<Partial<GameRecord['header']>, 'kind'>;
  /** the fields of the director view that are this table's own (the count rule in force, the mis-named discards) */
  director(state: GameState): Partial<DirectorTableView>;
  /** the scoring settings in force (4-player), else null */
  scoring: ScoringSettings | null;
}

/**
 * The variant table `opts.table` plays, from its `variant`: Royale Siamese (two players with
 * `racksPerPlayer` racks, 003) or standard (four players with one rack each, 000).
 * @throws Error when the table's players and racks are not what its variant plays
 */
export function tableVariantOf(opts: TableEngineOptions): TableVariant {
  return opts.table.variant === 'standard' ? standardVariant(opts) : siameseVariant(opts);
}
