/**
 * The tournament's configuration (a JSON file, e.g. hub/config/tournament-demo.json): its name, the
 * registered players in round-1 seat order, the number of rounds, the prize money, the round clock
 * and which hub table (by its id in the table config) plays which tournament table.
 * 000: four games a round, fifty minutes a round, prizes divided equally on a tie. `kind`
 * 'siamese' plays Royale Siamese tables of 2 (003), e.g. hub/config/tournament-siamese-room.json.
 */
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { ROUND_MS, WARN_BELOW_MS } from '../../rules/tournament/clock.js';
import { COUNT_RULES, DEFAULT_COUNT_RULE, type CountRule } from '../../rules/variants/siamese.js';
import type { Player } from '../../rules/tournament/seating.js';
import {
  SETTINGS_000,
  checkScoringConfig,
  givenScoringKeys,
  ScoringSettingsError,
  scoringSettingsDiffer,
  type ScoringConfig,
  type ScoringSettings,
  type TournamentScoringSettings,
} from '../../rules/scoring/settings.js';
import { configProblem, parseJsonText, TournamentConfigSchema } from '../contract/config.js';

/** One tournament, as configured. */
/**
 * The tournament config file: its shape is the contract's `TournamentConfigSchema`
 * (hub/contract/config.ts documents each field); the players, the count rule and the scoring
 * settings in their own types. {@link checkTournamentConfig} checks each value in its own words.
 */
export type TournamentConfig = Omit<z.infer<typeof TournamentConfigSchema>, 'players' | 'countRule' | 'scoring'> & {
  players: Player[];
  countRule?: CountRule | null;
  scoring?: TournamentScoringSettings;
};

/** A bad tournament config: the message names the file (when there is one) and the field. */
export class TournamentConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TournamentConfigError';
  }
}

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isInt = (x: unknown, min: number): x is number => typeof x === 'number' && Number.isInteger(x) && x >= min;

/**
 * Checks a parsed tournament config.
 * @param where what to name in errors, e.g. the file path
 * @returns the config with defaults filled in (kind 'standard', roundMs, warnBelowMs, byePoints 0, countRule null, scoring)
 * @throws TournamentConfigError naming `where` and the field: a missing or wrong-typed field, players
 *   not a multiple of 4 (siamese: 2) or with a repeated id, a table number out of range or given twice, a hub table
 *   given to two tournament tables, a warning time not below the round's time, a countRule other
 *   than "18A" / "18D" or in a tournament not of kind 'siamese', a scoring setting that
 *   is unknown or of the wrong type (named: `scoring.selfPicked: …`), home scoring, or scoring
 *   settings for a Siamese tournament (003 rule 17 has its own), a key the tournament config does not
 *   have (`tables.0.hubtable: unknown key`, hub/contract/config.ts)
 */
export function checkTournamentConfig(x: unknown, where = 'tournament config'): Required<TournamentConfig> {
  const checked = checkTournamentValues(x, where);
  // every value is right: what is left for the contract's schema is a key it does not know (a mistyped one)
  const strict = TournamentConfigSchema.safeParse(x);
  if (!strict.success) throw new TournamentConfigError(`${where}: ${configProblem(strict.error)}`);
  return checked;
}

/** {@link checkTournamentConfig} but the unknown keys. */
function checkTournamentValues(x: unknown, where: string): Required<TournamentConfig> {
  const bad = (field: string, what: string) => new TournamentConfigError(`${where}: ${field} ${what}`);
  if (!isObj(x)) throw new TournamentConfigError(`${where}: must be a JSON object`);
  const kind = x.kind ?? 'standard';
  if (kind !== 'standard' && kind !== 'siamese') throw bad('kind', `must be "standard" or "siamese", not ${JSON.stringify(x.kind)}`);
  const perTable = kind === 'siamese' ? 2 : 4;
  if (typeof x.name !== 'string' || x.name.trim() === '') throw bad('name', 'must be a non-empty string');
  if (!Array.isArray(x.players) || x.players.length === 0) throw bad('players', 'must be a non-empty array of { id, name }');
  const ids = new Set<string>();
  const players: Player[] = x.players.map((p: unknown, i: number) => {
    if (!isObj(p) || typeof p.id !== 'string' || p.id.trim() === '') throw bad(`players[${i}].id`, 'must be a non-empty string');
    if (typeof p.name !== 'string' || p.name.trim() === '') throw bad(`players[${i}].name`, 'must be a non-empty string');
    if (ids.has(p.id)) throw bad(`players[${i}].id`, `"${p.id}" is registered twice`);
    ids.add(p.id);
    return { id: p.id, name: p.name };
  });
  if (players.length % perTable !== 0)
    throw bad(
      'players',
      `has ${players.length} players: ${kind === 'siamese' ? 'Siamese ' : ''}tables seat ${perTable} (add ${perTable - (players.length % perTable)} or remove ${players.length % perTable})`,
    );
  if (!isInt(x.rounds, 1)) throw bad('rounds', `must be a whole number ≥ 1, not ${JSON.stringify(x.rounds)}`);
  if (!Array.isArray(x.prizes)) throw bad('prizes', 'must be an array of numbers ≥ 0');
  x.prizes.forEach((p: unknown, i: number) => {
    if (typeof p !== 'number' || !Number.isFinite(p) || p < 0) throw bad(`prizes[${i}]`, `must be a number ≥ 0, not ${JSON.stringify(p)}`);
  });
  const roundMs = x.roundMs ?? ROUND_MS;
  if (!isInt(roundMs, 1)) throw bad('roundMs', `must be a whole number of ms > 0, not ${JSON.stringify(x.roundMs)}`);
  const warnBelowMs = x.warnBelowMs ?? Math.min(WARN_BELOW_MS, roundMs - 1);
  if (!isInt(warnBelowMs, 0) || warnBelowMs >= roundMs) throw bad('warnBelowMs', `must be whole ms from 0 to below roundMs (${roundMs}), not ${JSON.stringify(x.warnBelowMs)}`);
  const byePoints = x.byePoints ?? 0;
  if (typeof byePoints !== 'number' || !Number.isInteger(byePoints)) throw bad('byePoints', `must be a whole number of points, not ${JSON.stringify(x.byePoints)}`);
  if (!Array.isArray(x.tables)) throw bad('tables', 'must be an array of { table, hubTable }');
  const nTables = players.length / perTable;
  const seenTable = new Set<number>();
  const seenHub = new Set<string>();
  const tables = x.tables.map((t: unknown, i: number) => {
    if (!isObj(t)) throw bad(`tables[${i}]`, 'must be { table, hubTable }');
    if (!isInt(t.table, 1) || t.table > nTables) throw bad(`tables[${i}].table`, `must be a table number 1-${nTables}, not ${JSON.stringify(t.table)}`);
    if (typeof t.hubTable !== 'string' || t.hubTable === '') throw bad(`tables[${i}].hubTable`, 'must be the id of a hub table (e.g. "t1")');
    if (seenTable.has(t.table)) throw bad(`tables[${i}].table`, `${t.table} is given twice`);
    if (seenHub.has(t.hubTable)) throw bad(`tables[${i}].hubTable`, `"${t.hubTable}" plays two tournament tables`);
    seenTable.add(t.table);
    seenHub.add(t.hubTable);
    return { table: t.table, hubTable: t.hubTable };
  });
  const countRule = x.countRule ?? null;
  if (countRule !== null && !(typeof countRule === 'string' && Object.hasOwn(COUNT_RULES, countRule)))
    throw bad('countRule', `must be "18A" or "18D" (003 rule 18), not ${JSON.stringify(countRule)}`);
  if (countRule !== null && kind !== 'siamese') throw bad('countRule', `("${String(countRule)}") is a Royale Siamese setting (003 rule 18A or 18D): only a kind "siamese" tournament has one`);
  const broadcastDelayMin = x.broadcastDelayMin ?? null;
  if (broadcastDelayMin !== null && !(typeof broadcastDelayMin === 'number' && Number.isFinite(broadcastDelayMin) && broadcastDelayMin >= 0 && broadcastDelayMin <= 24 * 60))
    throw bad('broadcastDelayMin', `must be a number of minutes from 0 to 1440 (e.g. 15, or 30 as poker streams), not ${JSON.stringify(broadcastDelayMin)}`);
  let scoring: ScoringSettings;
  try {
    scoring = checkScoringConfig(x.scoring ?? {}, `${where}: scoring`);
  } catch (e) {
    if (e instanceof ScoringSettingsError) throw new TournamentConfigError(e.message);
    throw e;
  }
  // a checked config (defaults filled in) is checked again by the service: 000's defaults pass
  if (kind === 'siamese' && scoringSettingsDiffer(scoring, SETTINGS_000).length > 0) throw bad('scoring', 'is not taken by a Siamese tournament: its games are scored by 003 rule 17');
  if (scoring.scheme !== 'tournament') throw bad('scoring.scheme', 'must be "tournament": home scoring is for social tables, with no tournament running');
  return {
    kind,
    name: x.name,
    players,
    rounds: x.rounds,
    prizes: [...(x.prizes as number[])],
    roundMs,
    warnBelowMs,
    byePoints,
    tables,
    countRule: countRule as CountRule | null,
    broadcastDelayMin,
    scoring,
  };
}

/**
 * Reads and checks a tournament config file.
 * @throws TournamentConfigError naming the file: unreadable, not JSON (naming the line and column), or a bad field ({@link checkTournamentConfig})
 */
export function loadTournamentConfig(path: string): Required<TournamentConfig> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new TournamentConfigError(`${path}: cannot read the tournament config (${(e as Error).message})`);
  }
  const x = parseJsonText(text);
  if (!x.ok) throw new TournamentConfigError(`${path}: not JSON (${x.error})`);
  return checkTournamentConfig(x.value, path);
}

/**
 * Checks a tournament against the hub's tables before anything starts: every tournament table's
 * `hubTable` must be a table of the hub's config, and of the tournament's kind (a `siamese`
 * tournament scores Royale Siamese tables by 003 rule 17; any other, 4-player tables by 000).
 * @param file the tournament config's path (named in the error)
 * A hub table with `scoring` of its own must have the tournament's settings where it gives one (a
 * table config that says `"scoring": "home"`, or −25 where the tournament says −20, is refused
 * before anything starts).
 * @param hubTables the hub's tables: id, variant and the scoring settings its config gives (none when it gives none)
 * @throws TournamentConfigError naming the file, the tournament table and what is wrong, e.g.
 *   `x.json: tournament table 2: hub table 't9' is not in the hub's table config (tables: t1, t2)`
 */
export function checkTournamentTables(
  file: string,
  tournament: Pick<Required<TournamentConfig>, 'kind' | 'tables'> & Pick<TournamentConfig, 'scoring'>,
  hubTables: readonly { id: string; variant: 'siamese' | 'standard'; scoring?: ScoringConfig }[],
): void {
  const want = tournament.kind === 'siamese' ? 'siamese' : 'standard';
  const kindName = (v: string) => (v === 'siamese' ? 'a Royale Siamese table' : 'a 4-player table');
  for (const t of tournament.tables) {
    const hub = hubTables.find((h) => h.id === t.hubTable);
    if (!hub) {
      throw new TournamentConfigError(`${file}: tournament table ${t.table}: hub table '${t.hubTable}' is not in the hub's table config (tables: ${hubTables.map((h) => h.id).join(', ')})`);
    }
    if (hub.variant !== want) {
      throw new TournamentConfigError(
        `${file}: tournament table ${t.table}: hub table '${t.hubTable}' is ${kindName(hub.variant)}; a ${want === 'siamese' ? 'Royale Siamese (kind "siamese")' : '4-player (seed 000)'} tournament needs ${want === 'siamese' ? 'Royale Siamese' : '4-player'} tables`,
      );
    }
    if (hub.scoring !== undefined && tournament.scoring) {
      const given = givenScoringKeys(hub.scoring);
      const differ = scoringSettingsDiffer(checkScoringConfig(hub.scoring), tournament.scoring).filter((d) => given.includes(d.key));
      if (differ.length > 0)
        throw new TournamentConfigError(
          `${file}: tournament table ${t.table}: hub table '${t.hubTable}' has scoring settings of its own that differ from the tournament's (${differ.map((d) => `${d.key}: table ${JSON.stringify(d.a)}, tournament ${JSON.stringify(d.b)}`).join('; ')}): remove the table's "scoring" or make it the tournament's`,
        );
    }
  }
}

/**
 * The 003 rule 18 count rule in force at one Royale Siamese table (see {@link COUNT_RULES}), and the
 * config field it comes from: `source` 'tournament' (the tournament config's `countRule`), 'table'
 * (the table config's), or 'default' (neither: 18D); `field` names the file and the field, e.g.
 * `"hub/config/tournament-siamese-room.json: countRule"`.
 */
export interface CountRuleInForce {
  rule: CountRule;
  source: 'tournament' | 'table' | 'default';
  field: string;
}

/** The count rule of a table whose configs choose none: 18D (003 rule 18D, the later revision). */
export const DEFAULT_COUNT_RULE_IN_FORCE: CountRuleInForce = { rule: DEFAULT_COUNT_RULE, source: 'default', field: 'none set: 003 rule 18D, the later revision' };

/**
 * The count rule in force at each Royale Siamese table: the tournament's `countRule` for a table it
 * plays, else the table's own `countRule`, else 18D. Checked at start, before anything opens.
 * @param tablesFile the table config's path (named in the error and in `field`)
 * @param hubTables the hub's tables in config order (hub/config/types.ts)
 * @param tournament the tournament, when one runs, and its file
 * @returns table id → the rule in force, for every Siamese table
 * @throws TournamentConfigError naming both files and fields when a table the tournament plays sets
 *   another rule than the tournament, e.g. `t.json: countRule is "18D", but tables.json:
 *   tables.0.countRule (table t1, tournament table 1) is "18A": set it in one file, or the same in both`
 */
export function countRulesInForce(
  tablesFile: string,
  hubTables: readonly { id: string; variant: 'siamese' | 'standard'; countRule?: CountRule }[],
  tournament?: { file: string; config: Pick<TournamentConfig, 'tables' | 'countRule'> },
): Map<string, CountRuleInForce> {
  const out = new Map<string, CountRuleInForce>();
  for (const [i, t] of hubTables.entries()) {
    if (t.variant !== 'siamese') continue;
    const tableField = `${tablesFile}: tables.${i}.countRule`;
    const played = tournament?.config.tables.find((x) => x.hubTable === t.id);
    const chosen = played ? (tournament!.config.countRule ?? null) : null;
    if (chosen !== null && t.countRule !== undefined && t.countRule !== chosen) {
      throw new TournamentConfigError(
        `${tournament!.file}: countRule is "${chosen}", but ${tableField} (table ${t.id}, tournament table ${played!.table}) is "${t.countRule}": set the 003 rule 18 count rule in one file, or the same in both`,
      );
    }
    if (chosen !== null) out.set(t.id, { rule: chosen, source: 'tournament', field: `${tournament!.file}: countRule` });
    else if (t.countRule !== undefined) out.set(t.id, { rule: t.countRule, source: 'table', field: tableField });
    else out.set(t.id, DEFAULT_COUNT_RULE_IN_FORCE);
  }
  return out;
}
