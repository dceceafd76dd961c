/**
 * Loads and validates the hub's table configuration file (JSON) and the cards it names.
 * Every problem is reported with the file and the path of the bad field, e.g.
 * `hub.json: tables.0.readers.3.zones.in.player: expected number`; a mistyped key is named as unknown
 * (`hub.json: tables.0.tileset: unknown key`), a JSON syntax error by line and column. The
 * schema is hub/contract/config.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CardFileError, readCardFile } from './card-file.js';
import type { Card } from '../../rules/card/types.js';
import { configProblem, HubConfigSchema, parseJsonText } from '../contract/config.js';
import type { HubConfig, TableConfig } from './types.js';
import { checkScoringConfig, ScoringSettingsError } from '../../rules/scoring/settings.js';

/** A configuration problem, naming the file and the field. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * The walls are used in `wallOrder`: each wall once, and only walls some reader reads.
 * @throws ConfigError naming the table and the repeated or unknown wall (numbered from 1, as the views do)
 */
function checkWallOrder(file: string, t: TableConfig): void {
  const read = new Set<number>();
  for (const r of t.readers) for (const role of Object.values(r.zones)) if (role.area === 'wall') read.add(role.wall);
  const seen = new Set<number>();
  for (const w of t.wallOrder) {
    if (seen.has(w)) throw new ConfigError(`${file}: table ${t.id}: wallOrder lists wall ${w + 1} twice`);
    seen.add(w);
    if (!read.has(w))
      throw new ConfigError(
        `${file}: table ${t.id}: wallOrder names wall ${w + 1}, which no reader reads (walls read: ${
          [...read]
            .sort((a, b) => a - b)
            .map((x) => x + 1)
            .join(', ') || 'none'
        })`,
      );
  }
}

/**
 * A table's `scoring` (hub/config/types.ts): only on a 4-player table, each setting known and of its type.
 * @throws ConfigError naming the file, the table and the key, e.g.
 *   `hub.json: tables.0.scoring.selfPicked: must be a whole number of points, not "10"`
 */
function checkTableScoring(file: string, i: number, t: TableConfig): void {
  if (t.scoring === undefined) return;
  if (t.variant !== 'standard') throw new ConfigError(`${file}: tables.${i}.scoring: table ${t.id} is a Royale Siamese table, scored by 003 rule 17: it takes no scoring settings`);
  try {
    checkScoringConfig(t.scoring, `${file}: tables.${i}.scoring`);
  } catch (e) {
    if (e instanceof ScoringSettingsError) throw new ConfigError(e.message);
    throw e;
  }
}

/** A table with its cards loaded. */
export interface LoadedTable {
  table: TableConfig;
  cards: Card[];
}

/**
 * Reads a hub config file and every card it names (card paths are relative to the config file).
 * @throws ConfigError naming the file and the bad field; CardError (from the card loader) naming the card file and line
 */
export function loadHubConfig(file: string): LoadedTable[] {
  return loadHubConfigFile(file).tables;
}

/**
 * {@link loadHubConfig}, with the hub-wide settings of the file: `workers`, the table worker
 * threads (hub/workers/pool.ts), when the file sets it.
 * @throws as {@link loadHubConfig}
 */
export function loadHubConfigFile(file: string): { tables: LoadedTable[]; workers?: number } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new ConfigError(`${file}: cannot read the table config: ${(e as Error).message}`);
  }
  const raw = parseJsonText(text);
  if (!raw.ok) throw new ConfigError(`${file}: not JSON: ${raw.error}`);
  const parsed = HubConfigSchema.safeParse(raw.value);
  if (!parsed.success) throw new ConfigError(`${file}: ${configProblem(parsed.error)}`);
  const config = parsed.data as HubConfig;
  const ids = new Set<string>();
  for (const t of config.tables) {
    if (ids.has(t.id)) throw new ConfigError(`${file}: table id "${t.id}" is used twice`);
    ids.add(t.id);
    if (t.countRule !== undefined && t.variant !== 'siamese') {
      throw new ConfigError(`${file}: table ${t.id}: countRule ("${t.countRule}") is a Royale Siamese setting (003 rule 18A or 18D); a ${t.variant} table has none`);
    }
    if (t.nmjlPractice && t.variant !== 'standard') throw new ConfigError(`${file}: table ${t.id}: nmjlPractice is a setting of a standard 4-player table, not of a ${t.variant} table`);
    const readerIds = new Set<string>();
    for (const r of t.readers) {
      if (readerIds.has(r.id)) throw new ConfigError(`${file}: table ${t.id}: reader "${r.id}" is listed twice`);
      readerIds.add(r.id);
      if (Object.keys(r.zones).length === 0) throw new ConfigError(`${file}: table ${t.id}: reader ${r.id} has no zones (a reader reads at least one rack, top, wall or the floor)`);
      for (const [zone, role] of Object.entries(r.zones)) {
        if ((role.area === 'rack' || role.area === 'top') && (role.player >= t.players.length || role.rack >= t.racksPerPlayer)) {
          throw new ConfigError(`${file}: table ${t.id}: reader ${r.id} zone ${zone}: no player ${role.player} rack ${role.rack} at this table`);
        }
      }
    }
  }
  for (const t of config.tables) checkWallOrder(file, t);
  config.tables.forEach((t, i) => checkTableScoring(file, i, t));
  const tables = config.tables.map((t) => ({
    table: t,
    cards: t.cards.map((c) => {
      try {
        return readCardFile(path.resolve(path.dirname(file), c));
      } catch (e) {
        if (e instanceof CardFileError) throw new ConfigError(`${file}: table ${t.id}: card "${c}": ${e.message}`);
        throw e;
      }
    }),
  }));
  return { tables, ...(config.workers !== undefined ? { workers: config.workers } : {}) };
}
