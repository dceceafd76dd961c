/**
 * The one place a live table's engine is built from its config: the hub's own thread
 * (hub/hub.ts) and each table worker (hub/workers/worker.ts) both call it.
 */
import { TableEngine, type TableEngineOptions } from './engine.js';

/** A live table's engine: one class for both tables, its variant chosen from the table config (./variant.ts). */
export type AnyTableEngine = TableEngine;
export type { TableEngineOptions } from './engine.js';

/**
 * Builds the engine of `opts.table`: the Royale Siamese table (003) or, for `variant: "standard"`,
 * the 4-player table (000).
 * @throws Error from the engine when the table's config does not fit it (e.g. a standard table
 *   without 4 players of one rack each)
 */
export function createTableEngine(opts: TableEngineOptions): AnyTableEngine {
  return new TableEngine(opts);
}
