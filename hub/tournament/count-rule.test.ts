/**
 * Which 003 rule 18 count rule a Royale Siamese table plays (18A or 18D), as the configs choose it:
 * the table config's `countRule`, the tournament config's (for the tables it plays), a conflict
 * between the two refused at start naming both files and fields, and the director's view of a
 * running hub carrying the rule in force (GET /api/director/tables/:id). The engine's play under
 * each rule: hub/table/engine-dead-hands.test.ts.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadHubConfig } from '../config/load.js';
import { startHub, type RunningHub } from '../hub.js';
import { checkTournamentConfig, countRulesInForce, loadTournamentConfig } from './config.js';

const CONFIG = path.join(import.meta.dirname, '../config');
const TOKEN = 'count-rule-token';
const dirs: string[] = [];
const hubs: RunningHub[] = [];
afterEach(async () => {
  for (const h of hubs.splice(0)) await h.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tmp(): string {
  const d = mkdtempSync(path.join(tmpdir(), 'mjhub-count-rule-'));
  dirs.push(d);
  return d;
}

/** The two-table Siamese room config, each table changed by `change`, written to a fresh folder (card paths made absolute). */
function tablesWith(change: (t: any, i: number) => void): string {
  const src = path.join(CONFIG, 'tables/siamese-room.json');
  const cfg = JSON.parse(readFileSync(src, 'utf8'));
  cfg.tables.forEach((t: any, i: number) => {
    t.cards = t.cards.map((c: string) => path.resolve(path.dirname(src), c));
    change(t, i);
  });
  const file = path.join(tmp(), 'tables.json');
  writeFileSync(file, JSON.stringify(cfg));
  return file;
}

/** The Siamese room tournament with `countRule` (none when undefined), written to a fresh folder. */
function tournamentWith(countRule: unknown): string {
  const cfg = JSON.parse(readFileSync(path.join(CONFIG, 'tournament-siamese-room.json'), 'utf8'));
  if (countRule !== undefined) cfg.countRule = countRule;
  const file = path.join(tmp(), 'tournament.json');
  writeFileSync(file, JSON.stringify(cfg));
  return file;
}

const message = (f: () => unknown): string => {
  try {
    f();
    return 'accepted';
  } catch (e) {
    return (e as Error).message;
  }
};

describe('the count rule in the configs', () => {
  it('the table config: "18A" or "18D" on a Siamese table; anything else, or on a 4-player table, is refused naming the file and field', () => {
    expect(loadHubConfig(tablesWith((t) => (t.countRule = '18A'))).map(({ table }) => table.countRule)).toEqual(['18A', '18A']);
    const bad = tablesWith((t, i) => i === 1 && (t.countRule = '18B'));
    expect(message(() => loadHubConfig(bad))).toBe(`${bad}: tables.1.countRule: Invalid option: expected one of "18A"|"18D"`);
    const standard = path.join(tmp(), 'standard.json');
    const cfg = JSON.parse(readFileSync(path.join(CONFIG, 'tables/standard-demo.json'), 'utf8'));
    cfg.tables[0].cards = cfg.tables[0].cards.map((c: string) => path.resolve(CONFIG, 'tables', c));
    cfg.tables[0].countRule = '18D';
    writeFileSync(standard, JSON.stringify(cfg));
    expect(message(() => loadHubConfig(standard))).toBe(`${standard}: table t1: countRule ("18D") is a Royale Siamese setting (003 rule 18A or 18D); a standard table has none`);
  });

  it('the tournament config: "18A", "18D" or none (null); another value, or a 4-player tournament with one, is refused naming the field', () => {
    expect(loadTournamentConfig(tournamentWith('18A')).countRule).toBe('18A');
    expect(loadTournamentConfig(tournamentWith(undefined)).countRule).toBe(null);
    const bad = tournamentWith('18C');
    expect(message(() => loadTournamentConfig(bad))).toBe(`${bad}: countRule must be "18A" or "18D" (003 rule 18), not "18C"`);
    expect(message(() => loadTournamentConfig(tournamentWith('toString')))).toMatch(/countRule must be "18A" or "18D" \(003 rule 18\), not "toString"$/);
    const standard = JSON.parse(readFileSync(path.join(CONFIG, 'tournament-room.json'), 'utf8'));
    expect(message(() => checkTournamentConfig({ ...standard, countRule: '18A' }, 'room.json'))).toBe(
      'room.json: countRule ("18A") is a Royale Siamese setting (003 rule 18A or 18D): only a kind "siamese" tournament has one',
    );
  });

  it("in force: the tournament's for its tables, else the table's, else 18D; the same rule in both is no conflict", () => {
    const tables = [
      { id: 't1', variant: 'siamese' as const, countRule: '18A' as const },
      { id: 't2', variant: 'siamese' as const },
      { id: 't3', variant: 'siamese' as const, countRule: '18A' as const },
      { id: 's1', variant: 'standard' as const },
    ];
    const tournament = {
      file: 't.json',
      config: {
        countRule: '18A' as const,
        tables: [
          { table: 1, hubTable: 't1' },
          { table: 2, hubTable: 't2' },
        ],
      },
    };
    expect([...countRulesInForce('tables.json', tables, tournament)]).toEqual([
      ['t1', { rule: '18A', source: 'tournament', field: 't.json: countRule' }],
      ['t2', { rule: '18A', source: 'tournament', field: 't.json: countRule' }],
      ['t3', { rule: '18A', source: 'table', field: 'tables.json: tables.2.countRule' }],
    ]);
    // no tournament: each table's own, else 18D
    expect([...countRulesInForce('tables.json', tables.slice(0, 2))].map(([id, r]) => [id, r.rule, r.source])).toEqual([
      ['t1', '18A', 'table'],
      ['t2', '18D', 'default'],
    ]);
  });

  it('a table saying 18A in a tournament saying 18D: refused at start, naming both files and fields; nothing opens', async () => {
    const tablesFile = tablesWith((t, i) => i === 0 && (t.countRule = '18A'));
    const tournamentFile = tournamentWith('18D');
    const want = `${tournamentFile}: countRule is "18D", but ${tablesFile}: tables.0.countRule (table t1, tournament table 1) is "18A": set the 003 rule 18 count rule in one file, or the same in both`;
    const tournament = loadTournamentConfig(tournamentFile);
    const tables = loadHubConfig(tablesFile);
    expect(
      message(() =>
        countRulesInForce(
          tablesFile,
          tables.map(({ table }) => table),
          { file: tournamentFile, config: tournament },
        ),
      ),
    ).toBe(want);
    const data = path.join(tmp(), 'data');
    await expect(startHub({ tables, tournament, tablesFile, tournamentFile, dataDir: data, ports: [], httpPort: 0, directorToken: TOKEN })).rejects.toThrow(want);
  });

  it("the director's view of a running hub carries the rule in force and where it was chosen (API)", async () => {
    const tablesFile = tablesWith((t, i) => i === 1 && (t.countRule = '18A'));
    const tables = loadHubConfig(tablesFile);
    const hub = await startHub({ tables, tablesFile, dataDir: tmp(), ports: [], httpPort: 0, directorToken: TOKEN });
    hubs.push(hub);
    const get = async (id: string) => {
      const res = await fetch(`${hub.url}/api/director/tables/${id}`, { headers: { authorization: `Bearer ${TOKEN}` } });
      return ((await res.json()) as { countRule: unknown }).countRule;
    };
    expect(await get('t1')).toEqual({
      rule: '18D',
      source: 'default',
      field: 'none set: 003 rule 18D, the later revision',
      meaning: 'a wrong tile count beside one legitimate Mah Jongg: both hands are dead (003 rule 18D, revised 12/31/2024)',
    });
    expect(await get('t2')).toEqual({
      rule: '18A',
      source: 'table',
      field: `${tablesFile}: tables.1.countRule`,
      meaning: 'a wrong tile count beside one legitimate Mah Jongg: only the other hand is dead; the Mah Jongg is paid (003 rule 18A)',
    });
    // the public view says nothing of it
    const pub = (await (await fetch(`${hub.url}/api/tables/t2`)).json()) as Record<string, unknown>;
    expect('countRule' in pub).toBe(false);
  });
});
