/**
 * The embedded simulator's state file (`<data>/sim/<table>/state.json`): what lets `npm start`
 * stopped and started again carry on the game in play where it was instead of dealing again.
 *
 * What it holds ({@link SimState}): the seed and the options that make the games (a game is pure
 * and seeded, game.ts: replaying game `game` from the seed to `step` rebuilds the walls, every
 * rack and the bots' next move exactly), the step reached, and what the simulator has put in each
 * reader's zones at that step. The runner rewrites it after every step (a temp file renamed over
 * it, mode 0600 like the rest of the data folder: it names concealed tiles).
 *
 * On start ({@link resumePlan}) it is checked three ways, and the game resumes only when all agree:
 * 1. the file: readable JSON of {@link SIM_STATE_FORMAT}, for this table, its variant and seed;
 * 2. the replay: game `game` replayed from the seed to `step` puts every tile in the zone the
 *    file says (a file from another build of the bots or other cards does not);
 * 3. the hub's log (hub/table/machine.ts `loggedTable`): the log is at the same game number, and
 *    every tile lies in the zone the log has it after some step `j ≤ step` of that game at which
 *    no tile is in a hand (the log lags the table by the moves still settling when it stopped).
 * The simulator then loads its readers with the table as it was after step `j` and plays step
 * `j + 1` next. A game that had ended (the log says so, or the file reached its last step) without
 * such a step resumes as the next game: the table is cleared and the next walls built. Anything
 * else is said in one line and a new game is dealt, numbered after the log's last game.
 */
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { TileId } from '../../rules/tiles.js';
import { type Step, type TableZones, type Zone, wallPositions, zoneKey } from './game.js';

/** The format line of a state file. */
export const SIM_STATE_FORMAT = 'mjhub.sim-state/1';

/** The state file in a simulator's folder (`--dir`). */
export function simStateFile(dir: string): string {
  return join(dir, 'state.json');
}

const SimStateSchema = z.object({
  format: z.literal(SIM_STATE_FORMAT),
  table: z.string().min(1),
  variant: z.enum(['siamese', 'standard']),
  /** seed of game 1: game n uses seed + n − 1 */
  seed: z.number().int().nonnegative(),
  /** the game reached (1-based, numbered as the hub numbers its games) */
  game: z.number().int().positive(),
  /** index of the last step of that game played; −1: its walls are built, nothing dealt */
  step: z.number().int().min(-1),
  /** steps in that game */
  steps: z.number().int().positive(),
  /** picks from the walls up to `step` (for the operator's line) */
  picks: z.number().int().nonnegative(),
  /** when it was written, ISO 8601 */
  savedAt: z.string(),
  /** `reader/zone` → the tiles the simulator has put there (what that reader reads) */
  zones: z.record(z.string(), z.array(z.string())),
});

/** The simulator's state at a step: see the module comment. */
export type SimState = z.infer<typeof SimStateSchema>;

/** What reading a state file found. */
export type SimStateRead = { kind: 'missing' } | { kind: 'corrupt'; why: string } | { kind: 'ok'; state: SimState };

/**
 * Writes `state` to `file` atomically (`file.tmp`, mode 0600, renamed over `file`): a reader of the
 * file sees the old state or the new one, never half of one.
 */
export function writeSimState(file: string, state: SimState): void {
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(state)}\n`, { mode: 0o600 });
  chmodSync(tmp, 0o600); // a temp file left by an older run keeps its own mode otherwise
  renameSync(tmp, file);
}

/** Reads a state file; never throws: a file that is not a state names what is wrong (`step: expected number`). */
export function readSimState(file: string): SimStateRead {
  if (!existsSync(file)) return { kind: 'missing' };
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    return { kind: 'corrupt', why: `not JSON (${(e as Error).message})` };
  }
  const r = SimStateSchema.safeParse(json);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    return { kind: 'corrupt', why: `${issue.path.join('.') || 'the file'}: ${issue.message}` };
  }
  if (r.data.step >= r.data.steps) return { kind: 'corrupt', why: `step: ${r.data.step} is past the game's ${r.data.steps} steps` };
  return { kind: 'ok', state: r.data };
}

/** The table after a step of a game. */
export interface TableAt {
  /** every tile's zone, null while in a hand */
  where: Map<TileId, Zone | null>;
  /** no tile in a hand: a point play can resume from */
  atRest: boolean;
}

/**
 * Replays a game's steps from its walls, calling `visit` after each (step −1: the walls built).
 * `visit` returning true stops the replay there.
 * @throws Error from applySteps when a step moves a tile from where it is not (a bug of the game)
 */
export function replaySteps(game: { walls: readonly TileId[][]; steps: readonly Step[] }, zones: TableZones, upTo: number, visit: (step: number, at: TableAt) => boolean | void): void {
  const where = wallPositions(game.walls, zones);
  let inHand = 0;
  if (visit(-1, { where, atRest: true }) === true) return;
  for (let i = 0; i <= upTo && i < game.steps.length; i++) {
    for (const m of game.steps[i]!.moves) {
      if (m.from === null) inHand--;
      if (m.to === null) inHand++;
      where.set(m.tile, m.to);
    }
    if (visit(i, { where, atRest: inHand === 0 }) === true) return;
  }
}

/** `reader/zone` → the tiles there (sorted), the zones of a {@link TableAt} as a state file keeps them. */
export function zoneContents(where: ReadonlyMap<TileId, Zone | null>): Record<string, TileId[]> {
  const out: Record<string, TileId[]> = {};
  for (const [tile, z] of where) if (z) (out[zoneKey(z)] ??= []).push(tile);
  for (const list of Object.values(out)) list.sort();
  return out;
}

/** The first zone where two zone contents differ, in words (`RK-E1/in: 14 tiles in the log, 13 at step 40`), or null when equal. Counts only: no tile named. */
function firstDifference(a: Record<string, readonly string[]>, aName: string, b: Record<string, readonly string[]>, bName: string): string | null {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  for (const k of keys) {
    const x = [...(a[k] ?? [])].sort();
    const y = [...(b[k] ?? [])].sort();
    if (x.length !== y.length || x.some((t, i) => t !== y[i])) {
      const same = x.length === y.length ? ' (not the same tiles)' : '';
      return `${k}: ${x.length} tile${x.length === 1 ? '' : 's'} ${aName}, ${y.length} ${bName}${same}`;
    }
  }
  return null;
}

/** Picks from the walls in steps 0 … `upTo` (the steps a bot labels `<name> picks …`; the deal's takes are not picks). */
export function picksIn(steps: readonly Step[], upTo: number): number {
  let n = 0;
  for (let i = 0; i <= upTo && i < steps.length; i++) if (/^\S+ picks /.test(steps[i]!.label)) n++;
  return n;
}

/** Where the hub's log leaves the table (hub/table/machine.ts `LoggedTable`). */
export interface LogStanding {
  gameNo: number;
  inPlay: boolean;
  ended: boolean;
  /** tile → `reader/zone` */
  tiles: ReadonlyMap<TileId, string>;
}

/** What the simulator does at start. */
export type ResumePlan =
  /** load the table as it was after `step` of `game` (−1: its walls) and play on from `step + 1` (past the last step: clear the table, build the next game's walls) */
  | { kind: 'resume'; game: number; step: number; line: string }
  /** deal game `game` afresh (its walls loaded, as at a first start) */
  | { kind: 'deal'; game: number; line: string };

/** What {@link resumePlan} checks the state file against. */
export interface ResumeInput {
  /** the state file's path, for the line */
  file: string;
  read: SimStateRead;
  table: string;
  variant: SimState['variant'];
  /** the seed this start was given (game 1's) */
  seed: number;
  zones: TableZones;
  /** game n as the simulator plays it (pure: the same n, the same game) */
  game: (n: number) => { walls: TileId[][]; steps: Step[] };
  log: LogStanding;
}

/**
 * Decides, from the state file and the hub's log, whether the simulator resumes and where (see
 * the module comment for what "agrees" checks). Never throws: a file it cannot use is one line
 * and a new deal, numbered after the log's last game.
 * @returns the plan and the one line to print (`simulator for table t1: …`)
 */
export function resumePlan(inp: ResumeInput): ResumePlan {
  const fresh = inp.log.gameNo + 1;
  const who = `simulator for table ${inp.table}`;
  const deal = (why: string): ResumePlan => ({ kind: 'deal', game: fresh, line: `${who}: ${why}: dealing game ${fresh}` });
  const r = inp.read;
  if (r.kind === 'missing') return deal(`no saved state in ${inp.file}`);
  if (r.kind === 'corrupt') return deal(`state file ${inp.file} is corrupt (${r.why})`);
  const s = r.state;
  const differs = (why: string) => deal(`state file ${inp.file} disagrees with the hub's log (${why})`);
  if (s.table !== inp.table) return differs(`it is table ${s.table}'s`);
  if (s.variant !== inp.variant) return differs(`it is a ${s.variant} table's`);
  if (s.seed !== inp.seed) return differs(`it was played from seed ${s.seed}, this start has seed ${inp.seed}`);
  if (inp.log.gameNo !== s.game) return differs(`it is at game ${s.game}, the log at game ${inp.log.gameNo}`);
  let game: { walls: TileId[][]; steps: Step[] };
  try {
    game = inp.game(s.game);
  } catch (e) {
    return differs(`game ${s.game} cannot be replayed: ${(e as Error).message}`);
  }
  if (game.steps.length !== s.steps) return differs(`game ${s.game} replays in ${game.steps.length} steps, the file says ${s.steps}`);
  // the file against the replay, then the log against every step at rest up to the file's
  let replayed: Record<string, TileId[]> = {};
  const rests: { step: number; zones: Record<string, TileId[]> }[] = [];
  replaySteps(game, inp.zones, s.step, (i, at) => {
    if (at.atRest) rests.push({ step: i, zones: zoneContents(at.where) });
    if (i === s.step) replayed = zoneContents(at.where);
  });
  const saved = firstDifference(s.zones, 'in the file', replayed, `replayed to step ${s.step}`);
  if (saved) return differs(`it does not replay: ${saved}`);
  const logged: Record<string, TileId[]> = {};
  for (const [tile, zone] of inp.log.tiles) (logged[zone] ??= []).push(tile);
  const last = s.step === s.steps - 1;
  for (let k = rests.length - 1; k >= 0; k--) {
    const at = rests[k]!;
    if (firstDifference(logged, '', at.zones, '') !== null) continue;
    if (at.step === s.steps - 1) break; // the game's last step: it is over, the next one follows
    const picks = picksIn(game.steps, at.step);
    const where = at.step < 0 ? ' (walls built, nothing dealt)' : ` at step ${at.step + 1} of ${s.steps}, ${picks} pick${picks === 1 ? '' : 's'}`;
    return { kind: 'resume', game: s.game, step: at.step, line: `${who}: resuming game ${s.game}${where} (${inp.file} agrees with the hub's log)` };
  }
  if (inp.log.ended || last) {
    return { kind: 'resume', game: s.game, step: s.steps - 1, line: `${who}: game ${s.game} had ended: dealing game ${s.game + 1} (${inp.file})` };
  }
  const atFile = rests.at(-1)!;
  return differs(`no step of game ${s.game} up to ${s.step + 1} leaves the tiles where the log has them: ${firstDifference(logged, 'in the log', atFile.zones, `at step ${atFile.step + 1}`)}`);
}

const LogStandingSchema = z.object({
  gameNo: z.number().int().nonnegative(),
  inPlay: z.boolean(),
  ended: z.boolean(),
  /** tile → `reader/zone` */
  tiles: z.record(z.string(), z.string()),
});

/** Writes where the hub's log leaves a table for the simulator it starts (`--resume-log`; mode 0600: it names concealed tiles). */
export function writeLogStanding(file: string, log: LogStanding): void {
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, `${JSON.stringify({ gameNo: log.gameNo, inPlay: log.inPlay, ended: log.ended, tiles: Object.fromEntries(log.tiles) })}\n`, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
}

/**
 * Reads a file of {@link writeLogStanding}.
 * @throws Error naming the file and what is wrong with it
 */
export function readLogStanding(file: string): LogStanding {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`--resume-log ${file}: cannot read it (${(e as Error).message})`);
  }
  const r = LogStandingSchema.safeParse(json);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new Error(`--resume-log ${file}: ${issue.path.join('.') || 'the file'}: ${issue.message}`);
  }
  return { gameNo: r.data.gameNo, inPlay: r.data.inPlay, ended: r.data.ended, tiles: new Map(Object.entries(r.data.tiles) as [TileId, string][]) };
}
