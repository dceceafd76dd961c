/**
 * Tournament day in the 4-player room, end to end: the real hub process (`npm start -- --room
 * --table-kind standard`) with its two standard simulators (4 bots each, Charleston, calls, 000
 * rules) at a fast pace; the director logs in with MJHUB_DIRECTOR_SECRET and starts the round
 * clock through the API the dashboard uses. The round is cut to 150 s (the demo's tournament file
 * with `roundMs` 150 000) so that a 4-player game of about a minute fits once or twice and the clock
 * runs out in the test: every game finished in time is on the card as the 000 score the table reported
 * when it ended (its public view), in the order played; every game of the round without a result
 * scores 0 for all ("X", 000: a game not completed within the time). The players verify across and
 * initial from their seat codes; the standings are the sum of each player's points.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SECRET = 'room-standard-secret';
/** ms between the simulators' physical steps */
const PACE = 100;
/** the round's clock (ms): short enough to run out during the test */
const ROUND_MS = 150_000;

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const c of children) {
    if (c.exitCode === null) {
      c.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 1500));
      if (c.exitCode === null) c.kill('SIGKILL');
    }
  }
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Card {
  round: number;
  table: number;
  seats: string[];
  games: ({ points: number[]; marks: string[]; by: string } | null)[];
}

describe('the 4-player room: a tournament round of four games at two tables (npm start -- --room --table-kind standard)', () => {
  it('scores every game on the 4-seat cards with no typing, as each table reported it, the games cut short by the clock as 0 for all, and the standings sum them', { timeout: 300_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mjhub-room-standard-'));
    dirs.push(dir);
    const tournament = path.join(dir, 'tournament.json');
    writeFileSync(tournament, JSON.stringify({ ...JSON.parse(readFileSync(path.join(ROOT, 'hub/config/tournament-room.json'), 'utf8')), roundMs: ROUND_MS, warnBelowMs: 30_000 }));
    const env: NodeJS.ProcessEnv = { ...process.env, MJHUB_DIRECTOR_SECRET: SECRET };
    delete env.MJHUB_DIRECTOR_TOKEN;
    const hub = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'hub/main.ts'), '--room', '--table-kind', 'standard', '--tournament', tournament, '--port', '0', '--data', dir, '--sim-pace', String(PACE), '--settle-ms', '50', '--count-check-ms', '120'],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env },
    );
    children.push(hub);
    let out = '';
    hub.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    hub.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    const started = Date.now();
    while (!/Mah Jongg table hub: (http:\/\/\S+)/.test(out)) {
      if (hub.exitCode !== null || Date.now() - started > 60_000) throw new Error(`the hub did not start:\n${out}`);
      await sleep(100);
    }
    const url = /Mah Jongg table hub: (http:\/\/\S+)/.exec(out)![1]!;
    await sleep(300);
    expect(out).toContain('4-player tables, seed 000 score cards; 2 tables, 2 rounds of 4 games');

    const login = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ secret: SECRET }) });
    expect(login.status).toBe(200);
    const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    // the game each table is at when the clock starts: a game in play counts, one already over does not
    const first: Record<string, number> = {};
    for (const t of ['t1', 't2']) {
      const v = (await (await fetch(`${url}/api/tables/${t}`)).json()) as { gameNo: number; phase: string };
      first[t] = v.phase === 'ended' ? v.gameNo + 1 : Math.max(1, v.gameNo);
    }
    const start = await fetch(`${url}/api/director/tournament/clock`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ action: 'start' }) });
    expect(start.status).toBe(200);

    const reported: Record<string, Record<number, number[]>> = { t1: {}, t2: {} };
    const cardsNow = async (): Promise<Card[]> => ((await (await fetch(`${url}/api/director/tournament`, { headers: auth })).json()) as { cards: Card[] }).cards;
    let cards: Card[] = [];
    const until = Date.now() + ROUND_MS + 60_000;
    while (Date.now() < until) {
      for (const t of ['t1', 't2']) {
        const v = (await (await fetch(`${url}/api/tables/${t}`)).json()) as { gameNo: number; phase: string; score: { points: number[]; final: boolean } | null };
        if (v.phase === 'ended' && v.score?.final) reported[t]![v.gameNo] ??= [...v.score.points];
      }
      cards = await cardsNow();
      if (cards.length === 2 && cards.every((c) => c.games.every((g) => g !== null))) break;
      await sleep(100);
    }
    expect(cards.map((c) => [c.round, c.table, c.seats.length, c.games.filter((g) => g !== null).length])).toEqual([
      [1, 1, 4, 4],
      [1, 2, 4, 4],
    ]);
    // every game finished in time is the table's own 000 score of that game, in the order played;
    // the games the clock cut short score 0 for all
    for (const c of cards) {
      const t = `t${c.table}`;
      const byTable = c.games.filter((g) => g!.by === 'table');
      expect(byTable.length, `${t}: games finished within the round`).toBeGreaterThanOrEqual(1);
      expect(c.games.map((g) => g!.by), t).toEqual([...byTable.map(() => 'table'), ...c.games.slice(byTable.length).map(() => 'clock')]);
      const played = Object.keys(reported[t]!).map(Number).filter((n) => n >= first[t]!).sort((a, b) => a - b).slice(0, byTable.length);
      expect(byTable.map((g) => g!.points), t).toEqual(played.map((n) => reported[t]![n]));
      for (const g of c.games.slice(byTable.length)) expect([g!.points, g!.marks]).toEqual([[0, 0, 0, 0], ['X', 'X', 'X', 'X']]);
      c.games.forEach((g) => expect(g!.marks).toEqual(g!.points.map((p) => (p === 0 ? 'X' : String(p)))));
    }

    for (const t of ['t1', 't2']) {
      const codes = (await (await fetch(`${url}/api/director/tables/${t}/seats`, { headers: auth })).json()) as { token: string }[];
      expect(codes).toHaveLength(4);
      for (const { token } of codes) {
        expect((await fetch(`${url}/api/seat/${token}/verify`, { method: 'POST' })).status).toBe(200);
        expect((await fetch(`${url}/api/seat/${token}/initial`, { method: 'POST' })).status).toBe(200);
      }
    }
    const done = (await (await fetch(`${url}/api/tournament`)).json()) as { cards: { complete: boolean }[]; standings: { player: string; points: number }[] };
    expect(done.cards.map((c) => c.complete)).toEqual([true, true]);
    const sums = new Map<string, number>();
    for (const c of cards) c.seats.forEach((p, s) => sums.set(p, c.games.reduce((sum, g) => sum + g!.points[s]!, 0)));
    expect(Object.fromEntries(done.standings.map((r) => [r.player, r.points]))).toEqual(Object.fromEntries(sums));
    expect(done.standings.map((r) => r.points)).toEqual([...sums.values()].sort((a, b) => b - a));
  });
});
