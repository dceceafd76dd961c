/**
 * The demo that survives Ctrl-C: the built hub started as `npm start` starts it (its embedded
 * simulated Siamese table, a data folder of its own), stopped with SIGINT mid-game and started
 * again, carries on the same game with the same tiles in the same racks: the simulator resumes
 * from its state file (hub/simulator/state.ts) because it agrees with the hub's log. A corrupt
 * state file, and one that disagrees with the log, are each said in one line and a new game is
 * dealt; the hub then lists the game the log had in play for the director (its restart check).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadHubConfig } from '../../hub/config/load.js';
import { DirectorTableViewSchema, PublicTableViewSchema } from '../../hub/contract/views.js';
import { ensureBuiltHub } from '../support/built-hub.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MAIN = path.join(ROOT, 'dist/hub/main.js');
const TOKEN = 'demo-resume-director-token';
const table = loadHubConfig(path.join(ROOT, 'hub/config/tables/siamese-demo.json'))[0]!.table;
const data = mkdtempSync(path.join(tmpdir(), 'mjhub-demo-resume-'));
const stateFile = path.join(data, 'sim', 't1', 'state.json');
const running = new Set<ChildProcess>();

beforeAll(() => ensureBuiltHub(), 300_000);
afterAll(() => {
  for (const c of running) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  // the simulator and socat of a hub killed above go with it (its IPC channel); anything left names the folder
  for (const pid of spawnSync('pgrep', ['-f', data], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).map(Number)) process.kill(pid, 'SIGKILL');
  rmSync(data, { recursive: true, force: true });
});

/** The built hub as `npm start` runs it (`node dist/hub/main.js`), a newcomer's environment, on a free port; resolves once its banner is out. */
async function startHub(): Promise<{ hub: ChildProcess; url: string; out: () => string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, MJHUB_DIRECTOR_TOKEN: TOKEN };
  for (const k of ['MJHUB_DIRECTOR_SECRET', 'PORT', 'HOST', 'MJHUB_PUBLIC_URL', 'MJHUB_DATABASE_URL']) delete env[k];
  const hub = spawn(process.execPath, [MAIN, '--port', '0', '--data', data, '--sim-pace', '60', '--sim-transport', 'tcp'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(hub);
  let out = '';
  hub.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  hub.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  await vi.waitFor(
    () => {
      if (hub.exitCode !== null) throw new Error(`the hub exited before it started:\n${out}`);
      if (!/director secret[^\n]*\n/.test(out)) throw new Error(`the hub did not start:\n${out}`);
    },
    { timeout: 60_000, interval: 100 },
  );
  return { hub, url: /Mah Jongg table hub: (http:\/\/\S+)/.exec(out)![1]!, out: () => out };
}

/** Ctrl-C: SIGINT, then the hub's exit (code 0). @returns everything it printed */
async function stopHub(h: { hub: ChildProcess; out: () => string }): Promise<string> {
  h.hub.kill('SIGINT');
  await vi.waitFor(() => expect(h.hub.exitCode).toBe(0), { timeout: 20_000, interval: 100 });
  return h.out();
}

const publicView = async (url: string) => PublicTableViewSchema.parse(await (await fetch(`${url}/api/tables/t1`)).json());
const directorView = async (url: string) => DirectorTableViewSchema.parse(await (await fetch(`${url}/api/director/tables/t1`, { headers: { authorization: `Bearer ${TOKEN}` } })).json());
/** Tiles left in the walls (152 less every tile taken: the deal's and each pick). */
const wallsLeft = (v: { walls: { left: number }[] }) => v.walls.reduce((n, w) => n + w.left, 0);

/** What the hub's log holds when it has stopped: each tile where its latest move put it, each player's racks (sorted), the tiles in the walls. */
function theLog(): { racks: string[][][]; inWalls: number; restartChecks: { gameNo: number; agreed: boolean }[] } {
  const db = new Database(path.join(data, 'events.sqlite'), { readonly: true });
  const rows = db.prepare(`SELECT type, data FROM events WHERE table_id = 't1' AND type IN ('tile-moved', 'restart-check') ORDER BY seq`).all() as { type: string; data: string }[];
  db.close();
  const where = new Map<string, string>();
  const restartChecks: { gameNo: number; agreed: boolean }[] = [];
  for (const r of rows) {
    const d = JSON.parse(r.data) as { tile: string; to: string; gameNo: number; agreed: boolean };
    if (r.type === 'tile-moved') where.set(d.tile, d.to);
    else restartChecks.push({ gameNo: d.gameNo, agreed: d.agreed });
  }
  const racks = table.players.map(() => Array.from({ length: table.racksPerPlayer }, () => [] as string[]));
  let inWalls = 0;
  for (const [tile, zone] of where) {
    const [reader, z] = zone.split('/') as [string, string];
    const role = table.readers.find((r) => r.id === reader)!.zones[z]!;
    if (role.area === 'rack') racks[role.player]![role.rack]!.push(tile);
    if (role.area === 'wall') inWalls++;
  }
  for (const p of racks) for (const r of p) r.sort();
  return { racks, inWalls, restartChecks };
}

const sortedRacks = (concealed: string[][][]) => concealed.map((p) => p.map((r) => [...r].sort()));
/** A terminal line without its time and level (`22:28:22 INFO  t1: `). */
const lineOf = (out: string, re: RegExp) =>
  out
    .split('\n')
    .map((l) => l.replace(/^\d\d:\d\d:\d\d \w+\s+(t1: )?/, ''))
    .find((l) => re.test(l));

describe('npm start stopped with Ctrl-C and started again', () => {
  it('carries on the same game: the same tiles in the same racks, the picks going on; a corrupt or disagreeing state file deals anew, said in one line', { timeout: 400_000 }, async () => {
    // -- first start: play until a few picks and discards are made
    const first = await startHub();
    await vi.waitFor(
      async () => {
        const v = await publicView(first.url);
        expect(v.phase).toBe('play');
        expect(v.discards.length).toBeGreaterThanOrEqual(4);
      },
      { timeout: 120_000, interval: 250 },
    );
    const out1 = await stopHub(first);
    const stopped = lineOf(out1, /^simulator for table t1 stopped/);
    expect(stopped).toMatch(new RegExp(`^simulator for table t1 stopped: game 1 at step (\\d+) of (\\d+) \\((\\d+) picks\\) saved in ${stateFile.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`));
    expect(lineOf(out1, /^hub stopped:/)).toMatch(/^hub stopped: \d+ events and \d+ raw lines saved in .*events\.sqlite$/);
    const saved = JSON.parse(readFileSync(stateFile, 'utf8')) as { game: number; step: number; picks: number };
    expect(saved.game).toBe(1);
    // the table was held before the hub stopped: every tile the readers show is in the log
    const log1 = theLog();
    expect(log1.inWalls).toBeLessThan(152 - 2 * 27); // the deal (2 × 27 tiles) and some picks are out of the walls

    // -- second start: the same game, the same racks, then the next picks
    const second = await startHub();
    const resumed = lineOf(second.out(), /^simulator for table t1: resuming/);
    expect(resumed).toMatch(/^simulator for table t1: resuming game 1 at step (\d+) of \d+, (\d+) picks \(.*state\.json agrees with the hub's log\)$/);
    const [, at] = /at step (\d+) of/.exec(resumed!)!;
    expect(Number(at)).toBeLessThanOrEqual(saved.step + 1); // where the log is: at most the step saved
    const dir0 = await directorView(second.url);
    expect(dir0.gameNo).toBe(1);
    expect(sortedRacks(dir0.concealed)).toEqual(log1.racks);
    // the readers agree with the log (no restart check left for the director) and the picks go on: fewer tiles in the walls
    await vi.waitFor(
      async () => {
        const d = await directorView(second.url);
        expect(d.restart).toBeUndefined();
        expect(d.gameNo).toBe(1);
        expect(wallsLeft(d)).toBeLessThan(log1.inWalls);
      },
      { timeout: 60_000, interval: 250 },
    );
    await stopHub(second);
    const log2 = theLog();
    expect(log2.restartChecks).toEqual([{ gameNo: 1, agreed: true }]);

    // -- a corrupt state file: one line, a new game dealt; the log's game 1 waits for the director
    writeFileSync(stateFile, '{"format": "mjhub.sim-st');
    const third = await startHub();
    expect(lineOf(third.out(), /^simulator for table t1: state file/)).toMatch(/^simulator for table t1: state file .*state\.json is corrupt \(not JSON \(.*\)\): dealing game 2$/);
    await vi.waitFor(async () => expect((await directorView(third.url)).restart?.state).toBe('differs'), { timeout: 60_000, interval: 250 });
    await stopHub(third);

    // -- a state file that disagrees with the log: the simulator dealt game 2, the log still has game 1 in play
    expect((JSON.parse(readFileSync(stateFile, 'utf8')) as { game: number }).game).toBe(2);
    const fourth = await startHub();
    expect(lineOf(fourth.out(), /^simulator for table t1: state file/)).toMatch(
      /^simulator for table t1: state file .*state\.json disagrees with the hub's log \(it is at game 2, the log at game 1\): dealing game 2$/,
    );
    await vi.waitFor(async () => expect((await directorView(fourth.url)).restart?.state).toBe('differs'), { timeout: 60_000, interval: 250 });
    await stopHub(fourth);
  });
});
