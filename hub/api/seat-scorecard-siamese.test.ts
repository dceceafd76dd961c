/**
 * The seat score card in a Royale Siamese tournament (hub/config/tables/siamese-room.json with
 * hub/config/tournament-siamese-room.json): the phone shows the table's 2-seat card (East and
 * West, each player's own 003 rule 17 points per game), the totals and the settlement (003 rule
 * 17: the lesser total pays the difference), and each player verifies the other's score and
 * initials. Round 1: table 1 (t1) Ann East, Bea West; table 2 (t2) Cy East, Di West.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadHubConfig } from '../config/load.js';
import { startHub, type RunningHub } from '../hub.js';
import { loadTournamentConfig } from '../tournament/config.js';
import type { SeatScoreCard } from './seat.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const TOKEN = 'seat-siamese-card-token';
const hubs: RunningHub[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const h of hubs.splice(0)) await h.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function run(): Promise<RunningHub> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mjhub-seat-siamese-'));
  dirs.push(dir);
  const hub = await startHub({
    tables: loadHubConfig(path.join(here, '../config/tables/siamese-room.json')),
    tournament: loadTournamentConfig(path.join(here, '../config/tournament-siamese-room.json')),
    dataDir: dir,
    ports: [],
    httpPort: 0,
    directorToken: TOKEN,
  });
  hubs.push(hub);
  return hub;
}

async function tokens(hub: RunningHub, table: string): Promise<string[]> {
  const res = await fetch(`${hub.url}/api/director/tables/${table}/seats`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }[]).map((c) => c.token);
}
const post = (hub: RunningHub, url: string, body?: unknown) =>
  fetch(`${hub.url}${url}`, body === undefined ? { method: 'POST' } : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const get = async (hub: RunningHub, token: string) => (await (await fetch(`${hub.url}/api/seat/${token}/scorecard`)).json()) as SeatScoreCard;
/** "East Ann 160 10 X X = 170 ✓verified ✓initialed" per row */
const rows = (c: SeatScoreCard) => c.seats.map((s) => `${s.seat} ${s.name} ${s.marks.map((m) => m || '–').join(' ')} = ${s.total}${s.verified ? ' V' : ''}${s.initialed ? ' I' : ''}`);

describe('the seat score card of a Royale Siamese tournament', () => {
  it('shows the 2-seat card with the settlement; Ann (East) and Bea (West) verify each other and initial; a correction clears them', async () => {
    const hub = await run();
    const [ann, bea] = await tokens(hub, 't1');
    const [cy] = await tokens(hub, 't2');

    const first = await get(hub, ann!);
    expect(first).toMatchObject({
      kind: 'siamese',
      tournament: 'Demo room: Royale Siamese, two tables, rounds of four games',
      round: 1,
      table: 1,
      seat: 0,
      partner: 1,
      games: 0,
      canVerify: false,
      canInitial: false,
      complete: false,
      settlement: 'Even: nobody pays',
    });
    expect(rows(first)).toEqual(['East Ann – – – – = 0', 'West Bea – – – – = 0']);
    expect((await get(hub, cy!)).seats.map((s) => `${s.seat} ${s.name}`)).toEqual(['East Cy', 'West Di']);

    const early = await post(hub, `/api/seat/${bea}/verify`);
    expect(early.status).toBe(409);
    expect(((await early.json()) as { message: string }).message).toBe('seat score card: round 1 table 1: West cannot verify before every game is scored (games 1, 2, 3, 4 missing)');

    // the four games, each player's own 003 rule 17 points [Ann, Bea] (table t1's results)
    const t = hub.tournament!;
    t.clock('start');
    [
      [160, 15],
      [10, 10],
      [0, 50],
      [0, 0],
    ].forEach((points, i) => expect(t.recordPoints('t1', points)).toEqual({ recorded: true, round: 1, table: 1, game: i + 1 }));

    // by hand: Ann 160 + 10 + 0 + 0 = 170; Bea 15 + 10 + 50 + 0 = 75; Bea pays Ann 170 − 75 = 95
    const shown = await get(hub, bea!);
    expect([shown.seat, shown.partner, shown.games, shown.canVerify, shown.canInitial]).toEqual([1, 0, 4, true, true]);
    expect(rows(shown)).toEqual(['East Ann 160 10 X X = 170', 'West Bea 15 10 50 X = 75']);
    expect(shown.settlement).toBe('Bea pays Ann 95');

    const v = await post(hub, `/api/seat/${bea}/verify`);
    expect(v.status).toBe(200);
    expect(rows((await v.json()) as SeatScoreCard)).toEqual(['East Ann 160 10 X X = 170', 'West Bea 15 10 50 X = 75 V']);
    const again = await post(hub, `/api/seat/${bea}/verify`);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe("seat score card: round 1 table 1: West has already verified East's score");

    expect((await post(hub, `/api/seat/${ann}/initial`)).status).toBe(200);
    const mid = await get(hub, ann!);
    expect([mid.canVerify, mid.canInitial, mid.complete]).toEqual([true, false, false]);
    expect(mid.missing).toEqual(["East has not verified West's score", 'West has not initialed']);
    expect((await post(hub, `/api/seat/${bea}/initial`, { initials: 'BR' })).status).toBe(200);
    const last = await post(hub, `/api/seat/${ann}/verify`);
    const done = (await last.json()) as SeatScoreCard;
    expect([last.status, done.complete, done.missing, done.canVerify, done.canInitial]).toEqual([200, true, [], false, false]);
    expect(rows(done)).toEqual(['East Ann 160 10 X X = 170 V I', 'West Bea 15 10 50 X = 75 V I']);
    expect(t.cardOf(1, 1)).toMatchObject({ kind: 'siamese', seats: ['p01', 'p02'], initials: ['A', 'BR'], verified: [true, true] });
    expect((await post(hub, `/api/seat/${bea}/initial`)).status).toBe(409); // initialed twice
    // the complete card counts in the standings (000: only complete cards)
    expect(
      t
        .standings()
        .filter((r) => r.points > 0)
        .map((r) => [r.player, r.points]),
    ).toEqual([
      ['p01', 170],
      ['p02', 75],
    ]);

    // the director corrects game 4 (Bea 25): the checks are cleared, the phone shows the new totals
    t.correct('t1', 1, { game: 4, points: [0, 25], reason: "Bea's Mah Jongg was missed", by: 'Dee' });
    const fixed = await get(hub, bea!);
    expect(rows(fixed)).toEqual(['East Ann 160 10 X X = 170', 'West Bea 15 10 50 25 = 100']);
    expect([fixed.settlement, fixed.canVerify, fixed.canInitial, fixed.complete]).toEqual(['Bea pays Ann 70', true, true, false]);
  });
});
