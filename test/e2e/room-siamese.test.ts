/**
 * Tournament day in the Siamese room, end to end: the real hub process (`npm start -- --room`, the
 * Royale Siamese kind) with its two simulators on pseudo-terminals (TCP without socat) at a fast
 * pace; the director logs in with MJHUB_DIRECTOR_SECRET and starts the round clock through the API
 * the dashboard uses; both tables play until each has four games on its 2-seat card. Then:
 * - every game's line on the card is exactly the points that table's Siamese score reported when
 *   that game ended (003 rule 17, read from the table's public view), in the order played;
 * - the card's totals and settlement ("<lesser> pays <greater> <difference>", 003 rule 17) add up;
 * - the players verify each other and initial from their seat codes, the cards are complete, and
 *   the standings are the sum of each player's own points (000 TIES: equal totals share a rank).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SECRET = 'room-siamese-secret';
/** ms between the simulator's physical steps: a Siamese game then takes ~40 s (default 700 ms: ~3 min) */
const PACE = 80;

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

interface PublicCard {
  round: number;
  table: number;
  hubTable: string | null;
  kind?: 'siamese';
  settlement?: string;
  seats: { seat: string; player: string; name: string; marks: string[]; total: number }[];
  games: number;
  complete: boolean;
}
interface SiameseCard {
  kind: 'siamese';
  round: number;
  table: number;
  seats: [string, string];
  games: ({ points: [number, number]; marks: [string, string]; by: string; source: string } | null)[];
}

describe('the Siamese room: a tournament round of four games at two tables (npm start -- --room)', () => {
  it('scores every game on the 2-seat cards with no typing, as each table reported it, and the standings sum them', { timeout: 420_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mjhub-room-siamese-'));
    dirs.push(dir);
    const env: NodeJS.ProcessEnv = { ...process.env, MJHUB_DIRECTOR_SECRET: SECRET };
    delete env.MJHUB_DIRECTOR_TOKEN;
    const hub = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'hub/main.ts'), '--room', '--port', '0', '--data', dir, '--sim-pace', String(PACE), '--settle-ms', '50', '--count-check-ms', '120'],
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
    // the banner says the room runs the Siamese tournament
    expect(out).toContain('tournament:  "Demo room: Royale Siamese, two tables, rounds of four games": Royale Siamese, 2-seat score cards');

    // the director logs in and starts the round clock (as the dashboard's "Start the round clock")
    const login = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ secret: SECRET }) });
    expect(login.status).toBe(200);
    const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const start = await fetch(`${url}/api/director/tournament/clock`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ action: 'start' }) });
    expect(start.status).toBe(200);
    expect(((await start.json()) as { running: boolean }).running).toBe(true);

    // each table's final score per game, as its public view reported it when the game ended
    const reported: Record<string, Record<number, number[]>> = { t1: {}, t2: {} };
    const cardsNow = async (): Promise<SiameseCard[]> =>
      ((await (await fetch(`${url}/api/director/tournament`, { headers: auth })).json()) as { cards: SiameseCard[] }).cards;
    let cards: SiameseCard[] = [];
    const until = Date.now() + 360_000;
    while (Date.now() < until) {
      for (const t of ['t1', 't2']) {
        const v = (await (await fetch(`${url}/api/tables/${t}`)).json()) as { gameNo: number; phase: string; score: { points: number[]; final: boolean } | null };
        if (v.phase === 'ended' && v.score?.final) reported[t]![v.gameNo] ??= [...v.score.points];
      }
      cards = await cardsNow();
      if (cards.length === 2 && cards.every((c) => c.games.every((g) => g !== null))) break;
      await sleep(100);
    }
    expect(cards.map((c) => [c.kind, c.round, c.table, c.games.filter((g) => g !== null).length])).toEqual([
      ['siamese', 1, 1, 4],
      ['siamese', 1, 2, 4],
    ]);
    expect(cards.map((c) => c.seats)).toEqual([
      ['p01', 'p02'],
      ['p03', 'p04'],
    ]);

    // every game's line is the table's own 003 rule 17 score of that game, games in the order played
    for (const c of cards) {
      const hubTable = `t${c.table}`;
      const gameNos = c.games.map((g) => Number(/^siamese table t\d game (\d+) \(003 rule 17\)$/.exec(g!.source)?.[1]));
      expect(gameNos.every((n, i) => Number.isInteger(n) && (i === 0 || n > gameNos[i - 1]!))).toBe(true);
      c.games.forEach((g, i) => {
        expect(g!.by).toBe('table');
        expect(g!.points, `${hubTable} game ${gameNos[i]}`).toEqual(reported[hubTable]![gameNos[i]!]);
        expect(g!.marks).toEqual(g!.points.map((p) => (p === 0 ? 'X' : String(p))));
      });
    }

    // the public card: totals and the settlement (003 rule 17: the lesser total pays the difference)
    const pub = (await (await fetch(`${url}/api/tournament`)).json()) as { cards: PublicCard[]; standings: { rank: number; player: string; points: number }[] };
    pub.cards.forEach((pc, i) => {
      const c = cards[i]!;
      const totals = [0, 1].map((s) => c.games.reduce((sum, g) => sum + g!.points[s]!, 0));
      expect(pc.kind).toBe('siamese');
      expect(pc.seats.map((s) => [s.seat, s.player, s.total])).toEqual([
        ['East', c.seats[0], totals[0]],
        ['West', c.seats[1], totals[1]],
      ]);
      const [hi, lo] = totals[0]! >= totals[1]! ? [0, 1] : [1, 0];
      expect(pc.settlement).toBe(totals[0] === totals[1] ? 'Even: nobody pays' : `${pc.seats[lo]!.name} pays ${pc.seats[hi]!.name} ${totals[hi]! - totals[lo]!}`);
      expect(pc.complete).toBe(false);
    });
    // incomplete cards are not accepted: everybody still has 0
    expect(pub.standings.map((r) => r.points)).toEqual([0, 0, 0, 0]);

    // each player verifies the other's score and initials from their own seat code
    for (const t of ['t1', 't2']) {
      const codes = (await (await fetch(`${url}/api/director/tables/${t}/seats`, { headers: auth })).json()) as { token: string }[];
      expect(codes).toHaveLength(2);
      for (const { token } of codes) {
        expect((await fetch(`${url}/api/seat/${token}/verify`, { method: 'POST' })).status).toBe(200);
        expect((await fetch(`${url}/api/seat/${token}/initial`, { method: 'POST' })).status).toBe(200);
      }
    }
    const done = (await (await fetch(`${url}/api/tournament`)).json()) as typeof pub;
    expect(done.cards.map((c) => c.complete)).toEqual([true, true]);
    // the standings: each player's own points summed over the cards, highest first
    const sums = new Map<string, number>();
    for (const c of cards) c.seats.forEach((p, s) => sums.set(p, c.games.reduce((sum, g) => sum + g!.points[s]!, 0)));
    expect(Object.fromEntries(done.standings.map((r) => [r.player, r.points]))).toEqual(Object.fromEntries(sums));
    const sorted = [...sums.values()].sort((a, b) => b - a);
    expect(done.standings.map((r) => r.points)).toEqual(sorted);
    expect(done.standings.map((r) => r.rank)).toEqual(sorted.map((p) => sorted.indexOf(p) + 1));

    // the record: one Siamese line per game
    const jsonl = await (await fetch(`${url}/api/tournament/games.jsonl`)).text();
    expect(jsonl.trim().split('\n').map((l) => (JSON.parse(l) as { format: string; points: number[] }).points)).toEqual(cards.flatMap((c) => c.games.map((g) => g!.points)));
  });
});
