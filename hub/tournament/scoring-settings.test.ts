/**
 * A tournament's scoring settings (config `scoring`, rules/scoring/settings.ts): checked at start
 * with the key named, refused where a hub table's own settings differ, and in force on the table,
 * on the score card and in every export. The game: Bea (South) exposes 1B, 1C, 1D and RD, then
 * calls Cat's (West's) F for "FF 111a 111b 111c DDD" (X 30, jokerless) with four exposures before
 * the call (as in hub/table/engine-standard-scoring.test.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadHubConfig } from '../config/load.js';
import { startHub, type RunningHub } from '../hub.js';
import { parseJsonLines, replayGameRecord } from '../../rules/tournament/record.js';
import type { TournamentScoringSettings } from '../../rules/scoring/settings.js';
import { simulatedTileSet } from '../tilesets/simulated.js';
import { closedAfterEach, SimBench } from '../table/test-bench.js';
import { TableEngine } from '../table/engine.js';
import { EAST, ScriptedGame, SOUTH, WEST } from '../table/standard/scripted.test-helpers.js';
import { checkTournamentConfig, checkTournamentTables, TournamentConfigError, type TournamentConfig } from './config.js';
import { hubsClosedAfterEach } from './hub.test-helpers.js';
import { TournamentService } from './service.js';

const [{ table, cards }] = loadHubConfig(new URL('../config/tables/standard-demo.json', import.meta.url).pathname) as [ReturnType<typeof loadHubConfig>[0]];
const TOKEN = 'scoring-settings-token';
const players = ['Ann', 'Bea', 'Cat', 'Dot'].map((name, i) => ({ id: `p${i + 1}`, name }));
/** a one-table tournament that charges −25 to the discarder for a winner with three or more exposures */
const CONFIG: TournamentConfig = {
  name: 'Minus 25 Open',
  players,
  rounds: 1,
  prizes: [10],
  tables: [{ table: 1, hubTable: table.id }],
  scoring: { discarderPenalty: { threeOrMore: -25 } } as TournamentScoringSettings,
};

const errorOf = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(TournamentConfigError);
    return (e as Error).message;
  }
  return 'no error';
};

describe("the tournament config's scoring, checked at start", () => {
  it("defaults to seed 000's; a tier given alone keeps the others", () => {
    expect(checkTournamentConfig({ ...CONFIG, scoring: undefined }).scoring).toEqual({
      scheme: 'tournament',
      discarderPenalty: { noneOrOne: -10, two: -20, threeOrMore: -20 },
      selfPicked: 10,
      jokerless: 20,
      wallGame: 10,
      jokerExchangeSelfPicked: true,
      paidLine: 'best',
    });
    expect(checkTournamentConfig(CONFIG, 'm25.json').scoring.discarderPenalty).toEqual({ noneOrOne: -10, two: -20, threeOrMore: -25 });
  });

  it('names an unknown or wrong-typed key, and refuses home scoring', () => {
    expect(errorOf(() => checkTournamentConfig({ ...CONFIG, scoring: { selfPickedBonus: 10 } }, 'm25.json'))).toBe(
      'm25.json: scoring.selfPickedBonus: is not a scoring setting (known: scheme, discarderPenalty, selfPicked, jokerless, wallGame, jokerExchangeSelfPicked, paidLine)',
    );
    expect(errorOf(() => checkTournamentConfig({ ...CONFIG, scoring: { wallGame: '10' } }, 'm25.json'))).toBe('m25.json: scoring.wallGame: must be a whole number of points, not "10"');
    expect(errorOf(() => checkTournamentConfig({ ...CONFIG, scoring: { discarderPenalty: { threeOrMore: null } } }, 'm25.json'))).toBe(
      'm25.json: scoring.discarderPenalty.threeOrMore: must be a whole number of points (e.g. -10), not null',
    );
    expect(errorOf(() => checkTournamentConfig({ ...CONFIG, scoring: 'home' }, 'm25.json'))).toBe(
      'm25.json: scoring.scheme must be "tournament": home scoring is for social tables, with no tournament running',
    );
    expect(errorOf(() => checkTournamentConfig({ ...CONFIG, kind: 'siamese', players: players.slice(0, 2) }, 'm25.json'))).toBe(
      'm25.json: scoring is not taken by a Siamese tournament: its games are scored by 003 rule 17',
    );
  });

  it("a hub table's own settings that differ from the tournament's are refused; the same ones pass", () => {
    const t = checkTournamentConfig(CONFIG);
    const hub = (scoring: unknown) => [{ id: table.id, variant: 'standard' as const, scoring: scoring as never }];
    expect(errorOf(() => checkTournamentTables('m25.json', t, hub('home')))).toBe(
      `m25.json: tournament table 1: hub table '${table.id}' has scoring settings of its own that differ from the tournament's (scheme: table "home", tournament "tournament"): remove the table's "scoring" or make it the tournament's`,
    );
    expect(errorOf(() => checkTournamentTables('m25.json', t, hub({ discarderPenalty: { threeOrMore: -20 } })))).toBe(
      `m25.json: tournament table 1: hub table '${table.id}' has scoring settings of its own that differ from the tournament's (discarderPenalty.threeOrMore: table -20, tournament -25): remove the table's "scoring" or make it the tournament's`,
    );
    // a table that repeats the tournament's −25, or gives only a setting the tournament leaves at its default
    expect(() => checkTournamentTables('m25.json', t, hub({ discarderPenalty: { threeOrMore: -25 } }))).not.toThrow();
    expect(() => checkTournamentTables('m25.json', t, hub({ paidLine: 'best' }))).not.toThrow();
  });
});

const keep = closedAfterEach<SimBench<TableEngine>>();
const serve = hubsClosedAfterEach(TOKEN);
const services: TournamentService[] = [];
afterEach(() => {
  for (const s of services.splice(0)) s.close();
});

const EAST_HAND = '1B 2B 3B 4B 5B 6B 7B 8B 9B 2C 3C 4C 5C 6C';
const WEST_HAND = '2D 3D 4D 5D 6D 7D 8D 9D 2D 3D 4D 5D 6D';

function fourExposures(): ScriptedGame {
  const g = new ScriptedGame(table, [EAST_HAND, 'N E W 1B 1B 1C 1C 1D 1D F 9C 8C 6C', WEST_HAND, 'RD RD 7C GD GD GD WD WD WD S S S 9D'], ['2B 3B 4B', 'N E W', '2D 3D 4D', 'RD RD 7C']);
  g.discard(EAST, '1B').call(SOUTH, '1B 1B').discard(SOUTH, '9C');
  g.pick(WEST, '1C').discard(WEST, '1C').call(SOUTH, '1C 1C').discard(SOUTH, '8C');
  g.pick(WEST, '1D').discard(WEST, '1D').call(SOUTH, '1D 1D').discard(SOUTH, '6C');
  g.pick(WEST, 'RD').discard(WEST, 'RD').call(SOUTH, 'RD RD').discard(SOUTH, '7C');
  g.pick(WEST, 'F').discard(WEST, 'F').call(SOUTH, 'F');
  return g;
}

describe('the settings in force on the table, the score card and the exports', () => {
  it("four exposures before the call: Cat −25 (the tournament's third tier), Bea 30 + 20 = 50; on the card, in games.jsonl (replayed) and the standings, over HTTP", async () => {
    let svc!: TournamentService;
    // the hub's wiring (hub/hub.ts): the tournament's settings go to the table it plays
    const b = keep(
      new SimBench(table, (store, readers, now) => {
        svc = new TournamentService({ config: CONFIG, store, now, tickMs: 0 });
        services.push(svc);
        return new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now, scoring: svc.config.scoring });
      }),
    );
    b.engine.onChange(() => {
      const g = b.engine.gameState();
      if (g.result) svc.recordGame(table.id, g.result.outcome, { hubGameNo: g.gameNo });
    });
    svc.clock('start');
    const g = fourExposures();
    b.build(g);
    for (const s of g.steps) b.step(s);
    b.advance(3000);
    const v = b.engine.publicView();
    expect(b.engine.unexplained).toEqual([]);
    // 000's −20 for "two or more" would be the default; this tournament says −25 from three exposures
    expect(v.score?.points).toEqual([0, 50, -25, 0]);
    expect(v.score?.breakdown[WEST]).toEqual(['Threw the winning tile to Bea with 4 exposures: −25 (000)', 'Total -25']);
    expect(v.scoring?.[1]).toBe('Discarder pays: −10 (winner with 0-1 exposures), −20 (2), −25 (3 or more)');
    await vi.waitFor(() => expect(svc.cardOf(1, 1).games[0]).toMatchObject({ points: [0, 50, -25, 0], marks: ['X', '50', '-25', 'X'], by: 'table' }), { timeout: 5000 });

    const hub = await serve(svc, svc.wrap([b.engine]));
    const jsonl = (await hub.app.inject({ url: '/api/tournament/games.jsonl' })).body;
    const [line] = parseJsonLines(jsonl);
    expect(line!.format).toBe('mjhub.tournament-game/2');
    expect(line!.settings).toEqual({ ...svc.config.scoring, discarderPenalty: { noneOrOne: -10, two: -20, threeOrMore: -25 } });
    expect(line!.profile.discarderThreeOrMore).toBe(-25);
    expect(replayGameRecord(line!)).toEqual({ points: [0, 50, -25, 0], marks: ['X', '50', '-25', 'X'], agrees: true });
    const standings = (await hub.app.inject({ url: '/api/tournament/standings.json' })).json();
    expect(standings.scoring).toEqual(v.scoring);
    expect(standings.scoring[0]).toBe('Tournament scoring');
    expect((await hub.app.inject({ url: '/api/tournament' })).json().scoring).toEqual(v.scoring);
    const csv = (await hub.app.inject({ url: '/api/tournament/standings.csv' })).body.split('\r\n');
    expect(csv[0]).toBe('rank,player,name,game points,penalties,points,prize,marks,scoring');
    expect(csv[1]).toContain('−25 (3 or more)');
    // the director's table page and the room read the same lines
    const dir = (await hub.app.inject({ url: `/api/director/tables/${table.id}`, headers: { authorization: `Bearer ${TOKEN}` } })).json();
    expect(dir.scoring).toEqual(v.scoring);
  });

  it("startHub gives a table the tournament plays the tournament's settings, not the table config's default", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mjhub-scoring-'));
    let hub: RunningHub | null = null;
    try {
      hub = await startHub({
        tables: loadHubConfig(new URL('../config/tables/standard-demo.json', import.meta.url).pathname),
        tournament: CONFIG,
        dataDir: dir,
        ports: [],
        httpPort: 0,
        directorToken: TOKEN,
      });
      const t = await (await fetch(`${hub.url}/api/tables/${table.id}`)).json();
      expect(t.scoring[1]).toBe('Discarder pays: −10 (winner with 0-1 exposures), −20 (2), −25 (3 or more)');
    } finally {
      await hub?.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
