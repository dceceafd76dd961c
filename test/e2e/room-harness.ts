/**
 * Room harness for the end-to-end tournament-day tests (room-siamese.test.ts, room-standard.test.ts):
 * the real hub process (the built `dist/hub/main.js --room`, as `npm start -- --room` runs it) with its simulators
 * at a fast pace on a fresh data folder, and the director's and players' steps through the same
 * API the dashboard and the seat pages use. Call `afterAll(stopRoomHubs)` in each test file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { builtEntry } from '../support/built-hub.js';

/** The repository's root folder. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The two tables of the demo room. */
export const ROOM_TABLES = ['t1', 't2'] as const;

/** Waits `ms` milliseconds. */
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const hubs: ChildProcess[] = [];
const folders: string[] = [];

/** Resolves when `c` has exited, or after `ms` (then false). */
function exited(c: ChildProcess, ms: number): Promise<boolean> {
  if (c.exitCode !== null || c.signalCode !== null) return Promise.resolve(true);
  return new Promise((r) => {
    const t = setTimeout(() => r(false), ms);
    c.once('exit', () => {
      clearTimeout(t);
      r(true);
    });
  });
}

/**
 * Stops every hub started by startRoomHub (SIGTERM, then SIGKILL when it has not exited within
 * 1.5 s) and deletes their data folders. For `afterAll`.
 */
export async function stopRoomHubs(): Promise<void> {
  for (const c of hubs) {
    if (c.exitCode === null && c.signalCode === null) {
      c.kill('SIGTERM');
      if (!(await exited(c, 1500))) c.kill('SIGKILL');
    }
  }
  for (const d of folders) rmSync(d, { recursive: true, force: true });
}

/** A running room hub. */
export interface RoomHub {
  /** "http://127.0.0.1:<port>" from the banner */
  url: string;
  /** everything the process wrote so far (stdout and stderr) */
  output(): string;
}

/**
 * Starts the built hub (dist/hub/main.js, built first when older than the sources) with `--room --port 0 --data <dir>`, the director secret `secret`
 * (MJHUB_DIRECTOR_SECRET; MJHUB_DIRECTOR_TOKEN unset), the simulators' pace `pace` (ms between
 * physical steps) and the test settle windows (`--settle-ms 50 --count-check-ms 120`), and waits
 * for the banner "Mah Jongg table hub: <url>" (then 300 ms more).
 * @param opts.tmpPrefix the data folder's name prefix (a fresh folder under the OS temp folder)
 * @param opts.args more arguments, given the data folder (e.g. `--table-kind standard`); they
 *   come right after `--room`
 * @throws Error with the hub's output when it exits or shows no banner within 60 s
 */
export async function startRoomHub(opts: { tmpPrefix: string; secret: string; pace: number; args?: (dir: string) => string[] }): Promise<RoomHub> {
  const dir = mkdtempSync(path.join(tmpdir(), opts.tmpPrefix));
  folders.push(dir);
  const env: NodeJS.ProcessEnv = { ...process.env, MJHUB_DIRECTOR_SECRET: opts.secret };
  delete env.MJHUB_DIRECTOR_TOKEN;
  const args = ['--room', ...(opts.args?.(dir) ?? []), '--port', '0', '--data', dir, '--sim-pace', String(opts.pace), '--settle-ms', '50', '--count-check-ms', '120'];
  const hub = spawn(process.execPath, [builtEntry('hub/main.ts'), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env });
  hubs.push(hub);
  let out = '';
  for (const stream of [hub.stdout!, hub.stderr!]) stream.on('data', (d: Buffer) => (out += d.toString()));
  const banner = /Mah Jongg table hub: (http:\/\/\S+)/;
  const started = Date.now();
  while (!banner.test(out)) {
    if (hub.exitCode !== null || Date.now() - started > 60_000) throw new Error(`the hub did not start:\n${out}`);
    await sleep(100);
  }
  const url = banner.exec(out)![1]!;
  await sleep(300);
  return { url, output: () => out };
}

/** The director's Authorization header. */
export type DirectorAuth = { authorization: string };

/**
 * Logs the director in with the secret (POST /api/login, asserting 200).
 * @returns the bearer header for the director's routes
 */
export async function directorLogin(url: string, secret: string): Promise<DirectorAuth> {
  const login = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ secret }) });
  expect(login.status).toBe(200);
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

/**
 * The director's round clock as the dashboard's buttons work it ("Start the round clock", pause,
 * resume: POST /api/director/tournament/clock `{action}`, asserting 200).
 * @param action 'start' (the default), 'pause' or 'resume'
 * @returns the clock the hub answers with
 */
export async function roundClock(url: string, auth: DirectorAuth, action: 'start' | 'pause' | 'resume' = 'start'): Promise<{ running: boolean; state: string }> {
  const res = await fetch(`${url}/api/director/tournament/clock`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ action }) });
  expect(res.status).toBe(200);
  return (await res.json()) as { running: boolean; state: string };
}

/** A table's public view, the parts these tests read. */
export type TableGame = { gameNo: number; phase: string; score: { points: number[]; final: boolean } | null };

/** Reads a table's public view (GET /api/tables/:id). */
export async function tableGame(url: string, table: string): Promise<TableGame> {
  return (await (await fetch(`${url}/api/tables/${table}`)).json()) as TableGame;
}

/** The part of a director's score card (either kind) these tests read. */
export interface PlayedCard {
  seats: readonly string[];
  games: ({ points: readonly number[] } | null)[];
}

/** Each table's final score per game as its public view reported it when the game ended: `reported[table][gameNo]` = points. */
export type Reported = Record<string, Record<number, number[]>>;

/** True when both cards have a result for every game. */
export function cardsComplete(cards: readonly PlayedCard[]): boolean {
  return cards.length === 2 && cards.every((c) => c.games.every((g) => g !== null));
}

/**
 * Plays the round out: every 100 ms, reads the director's cards (GET /api/director/tournament) and
 * then notes each table's final score per game as its public view reports it when the game has
 * ended, until `opts.done(cards, reported)` holds (by default: both cards have a result for every
 * game and each table was seen ending as many games as its card has), or `untilMs` (ms from now)
 * passes.
 * @param opts.reported the scores noted so far (by an earlier call), to go on noting into
 * @returns the last cards read, and `reported[table][gameNo]`: each ended game's points
 */
export async function playRound<C extends PlayedCard>(
  url: string,
  auth: DirectorAuth,
  untilMs: number,
  opts: { done?: (cards: C[], reported: Reported) => boolean; reported?: Reported } = {},
): Promise<{ cards: C[]; reported: Reported }> {
  const reported: Reported = opts.reported ?? { t1: {}, t2: {} };
  const done = opts.done ?? ((cs: C[]) => cardsComplete(cs) && cs.every((c, i) => Object.keys(reported[ROOM_TABLES[i]!]!).length >= c.games.length));
  let cards: C[] = [];
  const until = Date.now() + untilMs;
  while (Date.now() < until) {
    // the cards first, then the views: a game on a card read here has ended, so its table's view
    // still shows it ended (it stands at least a second before the next game's walls)
    cards = ((await (await fetch(`${url}/api/director/tournament`, { headers: auth })).json()) as { cards: C[] }).cards;
    for (const t of ROOM_TABLES) {
      const v = await tableGame(url, t);
      if (v.phase === 'ended' && v.score?.final) reported[t]![v.gameNo] ??= [...v.score.points];
    }
    if (done(cards, reported)) break;
    await sleep(100);
  }
  return { cards, reported };
}

/**
 * Every player of both tables verifies and initials the card from their own seat code
 * (GET /api/director/tables/:id/seats, asserting `seats` codes; then POST /api/seat/:code/verify
 * and /initial, asserting 200 each).
 */
export async function verifyAndInitialAll(url: string, auth: DirectorAuth, seats: number): Promise<void> {
  for (const t of ROOM_TABLES) {
    const codes = (await (await fetch(`${url}/api/director/tables/${t}/seats`, { headers: auth })).json()) as { token: string }[];
    expect(codes).toHaveLength(seats);
    for (const { token } of codes) {
      expect((await fetch(`${url}/api/seat/${token}/verify`, { method: 'POST' })).status).toBe(200);
      expect((await fetch(`${url}/api/seat/${token}/initial`, { method: 'POST' })).status).toBe(200);
    }
  }
}

/** Each player's own points summed over their card's games (player id → points), in the cards' seat order. */
export function playerSums(cards: readonly PlayedCard[]): Map<string, number> {
  const sums = new Map<string, number>();
  for (const c of cards)
    c.seats.forEach((p, s) =>
      sums.set(
        p,
        c.games.reduce((sum, g) => sum + g!.points[s]!, 0),
      ),
    );
  return sums;
}

/** A score card of either kind as the director reads it: each game put on by its table (`by: 'table'`) or scored 0 by the round clock (`by: 'clock'`). */
export interface ClockedCard extends PlayedCard {
  round: number;
  table: number;
  games: ({ points: readonly number[]; marks: readonly string[]; by: string } | null)[];
}

/**
 * A round cut short by its clock (the tournament's `roundMs`), played as a director would run it:
 * the clock started ("Start the round clock") and paused at once, as for a dispute at a table,
 * until each table has `gamesWhilePaused` games on its card (the games end while the clock stands,
 * so a loaded machine's slow games cannot miss the round); then resumed, and the round played out
 * until both cards are full (the games the clock cut short score 0 for all) and every game a table
 * put on its card was seen ended on that table.
 * @param opts.gamesWhilePaused the games each table puts on its card while the clock is paused
 * @param opts.roundMs the round's length (ms), as in the tournament file given to the hub
 * @param opts.pausedMs how long to wait for those games (ms)
 * @returns the last cards read, each ended game's points (`reported[table][gameNo]`), and `first`:
 *   each table's first game of the round (the game in play when the clock started; the next one
 *   when the game then shown had already ended)
 */
export async function playRoundCutByClock<C extends ClockedCard>(
  url: string,
  auth: DirectorAuth,
  opts: { gamesWhilePaused: number; roundMs: number; pausedMs: number },
): Promise<{ cards: C[]; reported: Reported; first: Record<string, number> }> {
  // the game each table is at when the clock starts: a game in play counts, one already over does not
  const first: Record<string, number> = {};
  for (const t of ROOM_TABLES) {
    const v = await tableGame(url, t);
    first[t] = v.phase === 'ended' ? v.gameNo + 1 : Math.max(1, v.gameNo);
  }
  expect((await roundClock(url, auth)).running).toBe(true);
  expect((await roundClock(url, auth, 'pause')).state).toBe('paused');
  const enough = (cs: C[]) => cs.length === 2 && cs.every((c) => c.games.filter((g) => g?.by === 'table').length >= opts.gamesWhilePaused);
  const paused = await playRound<C>(url, auth, opts.pausedMs, { done: enough });
  expect(
    enough(paused.cards),
    `${opts.gamesWhilePaused} games by each table on its card while the clock was paused: ${JSON.stringify(paused.cards.map((c) => c.games.map((g) => g?.by ?? null)))}`,
  ).toBe(true);
  expect((await roundClock(url, auth, 'resume')).running).toBe(true);
  // the clock runs out `roundMs` on; the round is over once both cards are full and every game the
  // tables put on them was seen ended on its table (a game cut short needs no table score)
  const { cards, reported } = await playRound<C>(url, auth, opts.roundMs + 60_000, {
    reported: paused.reported,
    done: (cs, rep) =>
      cardsComplete(cs) && cs.every((c) => Object.keys(rep[`t${c.table}`]!).filter((n) => Number(n) >= first[`t${c.table}`]!).length >= c.games.filter((g) => g!.by === 'table').length),
  });
  return { cards, reported, first };
}

/**
 * Asserts a card of a round cut short by its clock ({@link playRoundCutByClock}), as a director
 * checks it by hand: the games its table put on it come first, at least `atLeast` of them, each
 * exactly the points that table reported when the game ended, in the order played; the rest, cut
 * short by the clock, score 0 for all, marked "X" (000: a game not completed within the time); and
 * a mark is the points or "X" for 0.
 * @returns the table's game numbers on the card, in order
 */
export function expectCutCard(card: ClockedCard, reported: Reported, first: Record<string, number>, atLeast: number): number[] {
  const t = `t${card.table}`;
  const byTable = card.games.filter((g) => g!.by === 'table');
  expect(byTable.length, `${t}: games finished within the round`).toBeGreaterThanOrEqual(atLeast);
  expect(
    card.games.map((g) => g!.by),
    t,
  ).toEqual([...byTable.map(() => 'table'), ...card.games.slice(byTable.length).map(() => 'clock')]);
  const played = Object.keys(reported[t]!)
    .map(Number)
    .filter((n) => n >= first[t]!)
    .sort((a, b) => a - b)
    .slice(0, byTable.length);
  expect(
    byTable.map((g) => g!.points),
    t,
  ).toEqual(played.map((n) => reported[t]![n]));
  for (const g of card.games.slice(byTable.length)) expect([g!.points, g!.marks]).toEqual([card.seats.map(() => 0), card.seats.map(() => 'X')]);
  for (const g of card.games) expect(g!.marks).toEqual(g!.points.map((p) => (p === 0 ? 'X' : String(p))));
  return played;
}

/**
 * A copy of the tournament file `from` (from the repository's root) in `dir` with the round cut to
 * `roundMs` (and its warning to 5 s before the end), for `--tournament`.
 * @returns the copy's path
 */
export function shortRoundTournament(dir: string, from: string, roundMs: number): string {
  const file = path.join(dir, 'tournament.json');
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(path.join(ROOT, from), 'utf8')), roundMs, warnBelowMs: 5_000 }));
  return file;
}
