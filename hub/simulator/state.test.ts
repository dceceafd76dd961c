/**
 * The simulator's state file (./state.ts): written atomically and privately, read back or named
 * corrupt, and checked against the hub's log before a game resumes: the same game number, and
 * every tile where the log has it after some step at rest up to the one saved.
 */
import { existsSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TileId } from '../../rules/tiles.js';
import { loadHubConfig } from '../config/load.js';
import { playGame, tableZones, zoneKey, type GameResult } from './game.js';
import { playStandardGame } from './standard/game.js';
import {
  type LogStanding,
  picksIn,
  type SimStateRead,
  readLogStanding,
  readSimState,
  replaySteps,
  resumePlan,
  SIM_STATE_FORMAT,
  type SimState,
  simStateFile,
  writeLogStanding,
  writeSimState,
  zoneContents,
} from './state.js';

const [loaded] = loadHubConfig('hub/config/tables/siamese-demo.json');
const table = loaded!.table;
const cards = loaded!.cards;
const zones = tableZones(table);
const games = new Map<number, GameResult>();
/** game n of a run from seed 1 (seed n, no injection) */
const game = (n: number): GameResult => {
  let g = games.get(n);
  if (!g) games.set(n, (g = playGame({ seed: n, cards, table })));
  return g;
};
const FILE = '/data/sim/t1/state.json';
// the bots' games are CPU-bound (about a second each on a quiet machine): played once, before the tests
beforeAll(() => {
  for (const n of [1, 2, 3]) game(n);
}, 120_000);

/** Every step of game n with what the table is after it. */
function stepsOf(n: number): { step: number; atRest: boolean; zones: Record<string, TileId[]>; tiles: Map<TileId, string> }[] {
  const out: ReturnType<typeof stepsOf> = [];
  replaySteps(game(n), zones, Infinity, (step, at) => {
    const tiles = new Map<TileId, string>();
    for (const [t, z] of at.where) if (z) tiles.set(t, zoneKey(z));
    out.push({ step, atRest: at.atRest, zones: zoneContents(at.where), tiles });
  });
  return out;
}

/** The state the runner writes after `step` of game n. */
function stateAt(n: number, step: number): SimState {
  const at = stepsOf(n).find((s) => s.step === step)!;
  return {
    format: SIM_STATE_FORMAT,
    table: 't1',
    variant: 'siamese',
    seed: 1,
    game: n,
    step,
    steps: game(n).steps.length,
    picks: picksIn(game(n).steps, step),
    savedAt: '2026-12-01T22:00:00.000Z',
    zones: at.zones,
  };
}

/** The log as the hub leaves it when it has logged every move up to `step` (a tile in a hand stays where it last settled). */
function logAt(n: number, step: number, over: Partial<Omit<LogStanding, 'tiles'>> = {}): LogStanding & { tiles: Map<TileId, string> } {
  const tiles = new Map<TileId, string>();
  replaySteps(game(n), zones, step, (_i, at) => {
    for (const [t, z] of at.where) if (z) tiles.set(t, zoneKey(z));
  });
  return { gameNo: n, inPlay: true, ended: false, tiles, ...over };
}

const plan = (state: SimState | null, log: LogStanding, read: SimStateRead = state ? { kind: 'ok', state } : { kind: 'missing' }) =>
  resumePlan({ file: FILE, read, table: 't1', variant: 'siamese', seed: 1, zones, game, log });

describe('the state file on disk', () => {
  it('is written atomically, mode 0600, and read back as written', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mjhub-sim-state-'));
    const file = simStateFile(dir);
    expect(file).toBe(path.join(dir, 'state.json'));
    const s = stateAt(2, 40);
    writeSimState(file, s);
    writeSimState(file, { ...s, step: 41, zones: stateAt(2, 41).zones });
    expect(readSimState(file)).toEqual({ kind: 'ok', state: { ...s, step: 41, zones: stateAt(2, 41).zones } });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['state.json']); // no temp file left
  });

  it('missing, not JSON, or a field wrong: says which, never throws', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mjhub-sim-state-'));
    const file = simStateFile(dir);
    expect(readSimState(file)).toEqual({ kind: 'missing' });
    writeFileSync(file, '{"format": "mjhub.sim-st');
    const cut = readSimState(file);
    expect(cut.kind).toBe('corrupt');
    expect(cut.kind === 'corrupt' && cut.why.startsWith('not JSON (')).toBe(true);
    writeFileSync(file, JSON.stringify({ ...stateAt(1, 10), step: 'ten' }));
    expect(readSimState(file)).toEqual({ kind: 'corrupt', why: 'step: Invalid input: expected number, received string' });
    writeFileSync(file, JSON.stringify({ ...stateAt(1, 10), step: 5000 }));
    expect(readSimState(file)).toEqual({ kind: 'corrupt', why: `step: 5000 is past the game's ${game(1).steps.length} steps` });
  });

  it("the hub's log standing round-trips (mode 0600) and a bad one names the file and field", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mjhub-sim-log-'));
    const file = path.join(dir, 'log.json');
    const log = logAt(1, 30);
    writeLogStanding(file, log);
    expect(readLogStanding(file)).toEqual(log);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    writeFileSync(file, JSON.stringify({ gameNo: -1, inPlay: true, ended: false, tiles: {} }));
    expect(() => readLogStanding(file)).toThrow(`--resume-log ${file}: gameNo: Too small: expected number to be >=0`);
    expect(existsSync(`${file}.tmp`)).toBe(false);
  });
});

describe('resuming: the state file against the hub’s log', () => {
  // game 1: the deal is steps 0-27 (7 takes of 2 players, a lift and a racking each); the first
  // placements after it are at rest, the lifts between them are not
  const g1 = stepsOf(1);
  const rest = g1.filter((s) => s.atRest && s.step >= 40).map((s) => s.step);
  const k = rest[3]!; // a step at rest, well into play
  const lift = g1.find((s) => s.step > k && !s.atRest)!.step; // the next lift after it

  it('agrees: the same game, every tile where the log has it: resumes after that step', () => {
    const p = plan(stateAt(1, k), logAt(1, k));
    const picks = picksIn(game(1).steps, k);
    expect(p).toEqual({
      kind: 'resume',
      game: 1,
      step: k,
      line: `simulator for table t1: resuming game 1 at step ${k + 1} of ${game(1).steps.length}, ${picks} picks (${FILE} agrees with the hub's log)`,
    });
  });

  it('the log a step behind (the last move still settling when the hub stopped): resumes where the log is', () => {
    const earlier = rest[2]!;
    expect(plan(stateAt(1, k), logAt(1, earlier))).toMatchObject({ kind: 'resume', game: 1, step: earlier });
  });

  it('saved with a tile in a hand (a lift): resumes at the step at rest before it, the lift played again', () => {
    const before = g1.filter((s) => s.atRest && s.step < lift).at(-1)!.step;
    expect(before).toBe(lift - 1);
    expect(plan(stateAt(1, lift), logAt(1, lift))).toMatchObject({ kind: 'resume', game: 1, step: before });
  });

  it('walls built, nothing dealt (step −1): resumes at the deal', () => {
    expect(plan(stateAt(2, -1), logAt(2, -1, { inPlay: true }))).toEqual({
      kind: 'resume',
      game: 2,
      step: -1,
      line: `simulator for table t1: resuming game 2 (walls built, nothing dealt) (${FILE} agrees with the hub's log)`,
    });
  });

  it('no state file: deals the game after the log’s last', () => {
    expect(plan(null, logAt(3, 50))).toEqual({ kind: 'deal', game: 4, line: `simulator for table t1: no saved state in ${FILE}: dealing game 4` });
    expect(plan(null, { gameNo: 0, inPlay: false, ended: false, tiles: new Map() })).toMatchObject({ kind: 'deal', game: 1 });
  });

  it('a corrupt file: one line, a new deal', () => {
    expect(plan(null, logAt(1, k), { kind: 'corrupt', why: 'not JSON (Unexpected end of JSON input)' })).toEqual({
      kind: 'deal',
      game: 2,
      line: `simulator for table t1: state file ${FILE} is corrupt (not JSON (Unexpected end of JSON input)): dealing game 2`,
    });
  });

  it('disagrees: another game number in the log', () => {
    expect(plan(stateAt(1, k), logAt(1, k, { gameNo: 3 }))).toEqual({
      kind: 'deal',
      game: 4,
      line: `simulator for table t1: state file ${FILE} disagrees with the hub's log (it is at game 1, the log at game 3): dealing game 4`,
    });
  });

  it('disagrees: a tile the log has in another rack (moved while the hub was down)', () => {
    const log = logAt(1, k);
    const [tile] = [...log.tiles].find(([, z]) => z === 'RK-E1/in')!;
    log.tiles.set(tile, 'RK-W1/in');
    const p = plan(stateAt(1, k), log);
    const e1 = stepsOf(1).find((s) => s.step === k)!.zones['RK-E1/in']!.length;
    expect(p).toEqual({
      kind: 'deal',
      game: 2,
      line: `simulator for table t1: state file ${FILE} disagrees with the hub's log (no step of game 1 up to ${k + 1} leaves the tiles where the log has them: RK-E1/in: ${e1 - 1} tiles in the log, ${e1} at step ${k + 1}): dealing game 2`,
    });
  });

  it('disagrees: a file that does not replay (its racks edited), or from another seed or table', () => {
    const s = stateAt(1, k);
    const tampered = { ...s, zones: { ...s.zones, 'FL-1/floor': [...(s.zones['FL-1/floor'] ?? []), s.zones['RK-E1/in']![0]!] } };
    expect(plan(tampered, logAt(1, k)).line).toMatch(/\(it does not replay: FL-1\/floor: \d+ tiles in the file, \d+ replayed to step \d+\): dealing game 2$/);
    expect(plan({ ...s, seed: 7 }, logAt(1, k)).line).toBe(
      `simulator for table t1: state file ${FILE} disagrees with the hub's log (it was played from seed 7, this start has seed 1): dealing game 2`,
    );
    expect(plan({ ...s, table: 't2' }, logAt(1, k)).line).toBe(`simulator for table t1: state file ${FILE} disagrees with the hub's log (it is table t2's): dealing game 2`);
  });

  it('a game that had ended: resumes as the next game (past its last step)', () => {
    const last = game(1).steps.length - 1;
    expect(plan(stateAt(1, last), logAt(1, last, { inPlay: false, ended: true }))).toEqual({
      kind: 'resume',
      game: 1,
      step: last,
      line: `simulator for table t1: game 1 had ended: dealing game 2 (${FILE})`,
    });
    // ended in the log by a flag (both hands dead) while the bots played on: where the log has the tiles, it goes on
    expect(plan(stateAt(1, k), logAt(1, k, { inPlay: false, ended: true }))).toMatchObject({ kind: 'resume', step: k });
  });
});

describe('the 4-player table resumes the same way (npm start -- --table-kind standard)', () => {
  it('its seeded game replays to the step saved, and the log at a step at rest resumes there', { timeout: 120_000 }, () => {
    const [std] = loadHubConfig('hub/config/tables/standard-demo.json');
    const stdZones = tableZones(std!.table);
    const g = playStandardGame({ seed: 1, cards: std!.cards, table: std!.table });
    const rests: { step: number; zones: Record<string, TileId[]>; tiles: Map<TileId, string> }[] = [];
    replaySteps(g, stdZones, Infinity, (step, at) => {
      if (!at.atRest) return;
      const tiles = new Map<TileId, string>();
      for (const [t, z] of at.where) if (z) tiles.set(t, zoneKey(z));
      rests.push({ step, zones: zoneContents(at.where), tiles });
    });
    const at = rests[Math.floor(rests.length / 2)]!;
    const state: SimState = {
      format: SIM_STATE_FORMAT,
      table: std!.table.id,
      variant: 'standard',
      seed: 1,
      game: 1,
      step: at.step,
      steps: g.steps.length,
      picks: picksIn(g.steps, at.step),
      savedAt: '2026-12-01T22:00:00.000Z',
      zones: at.zones,
    };
    const p = resumePlan({
      file: FILE,
      read: { kind: 'ok', state },
      table: std!.table.id,
      variant: 'standard',
      seed: 1,
      zones: stdZones,
      game: () => g,
      log: { gameNo: 1, inPlay: true, ended: false, tiles: at.tiles },
    });
    expect(p).toMatchObject({ kind: 'resume', game: 1, step: at.step });
    expect(state.picks).toBeGreaterThan(0);
  });
});
