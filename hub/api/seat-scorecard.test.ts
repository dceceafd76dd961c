/**
 * The tournament score card on the seat view (000): a player's phone shows the table's card of
 * the current round and verifies across (East↔West, South↔North) and initials it, with the seat
 * token deciding the table and the seat. Hub: hub/config/tables/siamese-demo.json with
 * hub/config/tournament-demo.json (table t1 plays tournament table 1: Ann East → card East,
 * Bea West → card West).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadHubConfig } from '../config/load.js';
import { startHub, type RunningHub } from '../hub.js';
import { loadTournamentConfig } from '../tournament/config.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const TOKEN = 'seat-scorecard-token';
const hubs: RunningHub[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const h of hubs.splice(0)) await h.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function run(tournament: boolean): Promise<RunningHub> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mjhub-seat-card-'));
  dirs.push(dir);
  const hub = await startHub({
    tables: loadHubConfig(path.join(here, '../config/tables/siamese-demo.json')),
    ...(tournament ? { tournament: loadTournamentConfig(path.join(here, '../config/tournament-demo.json')) } : {}),
    dataDir: dir,
    ports: [],
    httpPort: 0,
    directorToken: TOKEN,
  });
  hubs.push(hub);
  return hub;
}

async function tokens(hub: RunningHub): Promise<string[]> {
  const res = await fetch(`${hub.url}/api/director/tables/t1/seats`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }[]).map((c) => c.token);
}
const post = (hub: RunningHub, url: string, body?: unknown) =>
  fetch(`${hub.url}${url}`, body === undefined ? { method: 'POST' } : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('the seat score card', () => {
  it('shows the card, refuses before the 4 games are scored (409), then Ann (East) and Bea (West) verify across and initial', async () => {
    const hub = await run(true);
    const [ann, bea] = await tokens(hub);
    const first = await (await fetch(`${hub.url}/api/seat/${ann}/scorecard`)).json();
    expect(first).toMatchObject({ tournament: 'Demo Spring Open', round: 1, table: 1, seat: 0, partner: 2, games: 0, canVerify: false, canInitial: false, complete: false });
    expect(first.seats.map((s: { seat: string; name: string }) => `${s.seat} ${s.name}`)).toEqual(['East Ann Lee', 'South Bea Ross', 'West Cat Park', 'North Dot Shaw']);

    const early = await post(hub, `/api/seat/${ann}/verify`);
    expect(early.status).toBe(409);
    expect((await early.json()).message).toBe('seat score card: round 1 table 1: East cannot verify before every game is scored (games 1, 2, 3, 4 missing)');

    // the four games: East 25, X, 30, X; West X, 40, X, X (table t1's results, as points; a
    // director corrects a result, never enters one)
    const t = hub.tournament!;
    // the seat's phone shows the round and its clock as the table does: before the start, "not started" (state ready)
    const before = await (await fetch(`${hub.url}/api/seat/${ann}`)).json();
    expect([before.round, before.clock?.state]).toEqual([{ round: 1, game: 1, of: 4, label: '1' }, 'ready']);
    t.clock('start');
    const games = [
      [25, 0, 0, 0],
      [0, 0, 40, 0],
      [30, 0, 0, 0],
      [0, 0, 0, 0],
    ];
    games.forEach((points, i) => expect(t.recordPoints('t1', points)).toEqual({ recorded: true, round: 1, table: 1, game: i + 1 }));
    // the round's 4 games on the card, the clock still running: a 5th game is after the round (000), it does not count
    const fifth = await (await fetch(`${hub.url}/api/seat/${ann}`)).json();
    expect([fifth.round, fifth.clock?.state]).toEqual([{ round: 1, game: 5, of: 4, label: '1', extra: true }, 'running']);

    const shown = await (await fetch(`${hub.url}/api/seat/${bea}/scorecard`)).json();
    expect(shown.seat).toBe(2);
    expect(shown.partner).toBe(0);
    expect(shown.seats.map((s: { marks: string[]; total: number }) => [s.marks.join(' '), s.total])).toEqual([
      ['25 X 30 X', 55],
      ['X X X X', 0],
      ['X 40 X X', 40],
      ['X X X X', 0],
    ]);
    expect([shown.canVerify, shown.canInitial]).toEqual([true, true]);

    const v = await post(hub, `/api/seat/${ann}/verify`);
    expect(v.status).toBe(200);
    expect((await v.json()).seats.map((s: { verified: boolean }) => s.verified)).toEqual([true, false, false, false]);
    const again = await post(hub, `/api/seat/${ann}/verify`);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe("seat score card: round 1 table 1: East has already verified West's score");

    const i1 = await post(hub, `/api/seat/${ann}/initial`);
    expect(i1.status).toBe(200);
    const i2 = await post(hub, `/api/seat/${bea}/initial`, { initials: 'BR' });
    expect(i2.status).toBe(200);
    expect((await post(hub, `/api/seat/${bea}/verify`)).status).toBe(200);
    const card = t.cards()[0]!;
    expect(card.initials).toEqual(['AL', null, 'BR', null]);
    expect(card.verified).toEqual([true, false, true, false]);
    const after = await (await fetch(`${hub.url}/api/seat/${ann}/scorecard`)).json();
    expect(after.complete).toBe(false);
    expect(after.missing).toEqual(["South has not verified North's score", "North has not verified South's score", 'South has not initialed', 'North has not initialed']);
    expect((await post(hub, `/api/seat/${bea}/initial`)).status).toBe(409); // double initial

    // South and North (no hub seat here) finish through the service: the card is complete
    t.verify(1, 1, 1);
    t.verify(1, 1, 3);
    t.initial(1, 1, 1);
    t.initial(1, 1, 3);
    const done = await (await fetch(`${hub.url}/api/seat/${bea}/scorecard`)).json();
    expect([done.complete, done.missing, done.canVerify, done.canInitial]).toEqual([true, [], false, false]);
  });

  it('refuses with 409 when no tournament runs; a bad token is still 400/401; empty initials 400', async () => {
    const hub = await run(false);
    const [ann] = await tokens(hub);
    const r = await fetch(`${hub.url}/api/seat/${ann}/scorecard`);
    expect(r.status).toBe(409);
    expect((await r.json()).message).toBe('seat score card: no tournament runs on this hub');
    expect((await post(hub, `/api/seat/${ann}/initial`)).status).toBe(409);
    expect((await fetch(`${hub.url}/api/seat/not-a-token/scorecard`)).status).toBe(400);
    const tampered = ann!.slice(0, -2) + (ann!.endsWith('AA') ? 'BB' : 'AA');
    expect((await post(hub, `/api/seat/${tampered}/verify`)).status).toBe(401);
    const withT = await run(true);
    const [a2] = await tokens(withT);
    expect((await post(withT, `/api/seat/${a2}/initial`, { initials: '' })).status).toBe(400);
  });
});
