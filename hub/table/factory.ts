/**
 * The one place a live table's engine is built from its config: the hub's own thread
 * (hub/hub.ts) and each table worker (hub/workers/worker.ts) both call it, so the table engine a
 * variant plays is chosen here only.
 */
import type { CountRuleInForce } from '../tournament/config.js';
import type { ScoringSettings } from '../../rules/scoring/settings.js';
import { TableEngine } from './engine.js';
import type { EngineOptions } from './machine.js';
import { StandardTableEngine } from './standard/engine.js';

/** A live table's engine: the Royale Siamese one (003) or the standard 4-player one (000). */
export type AnyTableEngine = TableEngine | StandardTableEngine;

/** What {@link createTableEngine} takes: any engine's options, plus each variant's own. */
export interface TableEngineOptions extends EngineOptions {
  /** a Siamese table's 003 rule 18 count rule in force (hub/tournament/config.ts `countRulesInForce`) */
  countRule?: CountRuleInForce;
  /** a standard table's scoring settings (000 scoring), e.g. the tournament's */
  scoring?: ScoringSettings;
}

/**
 * Builds the engine `opts.table.variant` plays: `"standard"` the 4-player table (000), anything
 * else the Royale Siamese table (003).
 * @throws Error from the engine when the table's config does not fit it (e.g. a standard table
 *   without 4 players of one rack each)
 */
export function createTableEngine(opts: TableEngineOptions): AnyTableEngine {
  const { countRule, scoring, ...common } = opts;
  return opts.table.variant === 'standard' ? new StandardTableEngine({ ...common, ...(scoring ? { scoring } : {}) }) : new TableEngine({ ...common, ...(countRule ? { countRule } : {}) });
}
