/**
 * Relabelling and swapping table numbers mid-round, through a real hub (hub/config/tables/siamese-room.json
 * with hub/config/tournament-siamese-room.json: table 1 at t1, Ann East and Bea West; table 2 at
 * t2, Cy East and Di West): the label reaches the table's views, the cards, the print sheets and the
 * player link; the table number, the hub table id, the game numbers and the readers' binding stay,
 * and a restart keeps the labels (docs/tournament-tools.md "Table labels").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeLine } from '../../firmware-protocol/codec.js';
import { loadHubConfig } from '../config/load.js';
import { startHub, type RunningHub } from '../hub.js';
import type { Connection } from '../readers/supervisor.js';
import { tagOfTile } from '../tilesets/simulated.js';
import { loadTournamentConfig } from './config.js';
import { TOURNAMENT_LOG } from './service.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const TOKEN = 'relabel-director-token';
const BEARER = { authorization: `Bearer ${TOKEN}` };
const AUTH = { ...BEARER, 'content-type': 'application/json' };
const hubs: RunningHub[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const h of hubs.splice(0)) await h.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function run(dir: string): Promise<RunningHub> {
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

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mjhub-relabel-'));
  dirs.push(dir);
  return dir;
}

const relabel = (hub: RunningHub, table: string, body: unknown, headers: Record<string, string> = AUTH) =>
  fetch(`${hub.url}/api/director/tournament/tables/${table}/label`, { method: 'POST', headers, body: JSON.stringify(body) });
const json = async (hub: RunningHub, url: string, headers: Record<string, string> = {}) => (await fetch(`${hub.url}${url}`, { headers })).json();
/** [table, hubTable, label] of every tournament table, as GET /api/tournament lists them */
const labels = async (hub: RunningHub) => ((await json(hub, '/api/tournament')).tables as { table: number; hubTable: string; label: string }[]).map((t) => [t.table, t.hubTable, t.label]);

describe('table labels: relabel and swap mid-round', () => {
  it('needs the director; a bad body is a 400 naming the field; a label another table shows is a 409', async () => {
    const hub = await run(dataDir());
    const no = await relabel(hub, '1', { label: '12' }, { 'content-type': 'application/json' });
    expect(no.status).toBe(401);
    const blank = await relabel(hub, '1', { label: '  ' });
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as { message: string }).message).toBe('body.label must NOT have fewer than 1 characters');
    const odd = await relabel(hub, '1', { label: '<b>12</b>' });
    expect(odd.status).toBe(400);
    expect(((await odd.json()) as { message: string }).message).toBe('body.label must be letters or digits (spaces, dots and dashes inside), e.g. "12"');
    const typo = await relabel(hub, '1', { lable: '12' });
    expect(typo.status).toBe(400);
    expect(((await typo.json()) as { message: string }).message).toMatch(/^body/);
    expect((await relabel(hub, '9', { label: '12' })).status).toBe(404);
    // table 2 shows "2" until relabelled: table 1 cannot take it without a swap
    const taken = await relabel(hub, 't1', { label: '2' });
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { message: string }).message).toBe('label "2" is already table 2\'s (t2): give "swap": true to swap the two tables\' labels, or choose another label');
    expect(await labels(hub)).toEqual([
      [1, 't1', '1'],
      [2, 't2', '2'],
    ]);
  });

  it('t1 shows as "12", then t1 and t2 swap; the views, cards, print sheets and player link follow; ids, games and reads stay; a restart keeps it', async () => {
    const dir = dataDir();
    let hub = await run(dir);
    const before = await json(hub, '/api/tables/t1');

    const ok = await relabel(hub, 't1', { label: '12' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({
      tables: [
        { table: 1, hubTable: 't1', label: '12' },
        { table: 2, hubTable: 't2', label: '2' },
      ],
      text: 'table 1 (t1) now shows as 12 (was 1)',
    });
    const pub = await json(hub, '/api/tables/t1');
    expect([pub.tableId, pub.gameNo, pub.round]).toEqual(['t1', before.gameNo, { round: 1, game: 1, of: 4, label: '12' }]);
    expect((await json(hub, '/api/director/tables/t1', BEARER)).round.label).toBe('12');
    // a table never relabelled shows its number (table 2, hub table t2), as the players' phones and the seating chart name it
    expect((await json(hub, '/api/tables/t2')).round).toEqual({ round: 1, game: 1, of: 4, label: '2' });

    // table 2 takes "12" and table 1 gets table 2's "2": two placards exchanged
    const swap = await relabel(hub, '2', { label: '12', swap: true, by: 'Dora' });
    expect(swap.status).toBe(200);
    expect(((await swap.json()) as { text: string }).text).toBe('table 2 (t2) now shows as 12 and table 1 (t1) as 2');
    expect(await labels(hub)).toEqual([
      [1, 't1', '2'],
      [2, 't2', '12'],
    ]);
    const cards = (await json(hub, '/api/tournament')).cards as { round: number; table: number; hubTable: string; label: string }[];
    expect(cards.filter((c) => c.round === 1).map((c) => [c.table, c.hubTable, c.label])).toEqual([
      [1, 't1', '2'],
      [2, 't2', '12'],
    ]);

    // the seat view of Ann (East at table 1, t1) shows the label too
    const seats = (await json(hub, '/api/director/tables/t1/seats', BEARER)) as { token: string }[];
    const seat = await json(hub, `/api/seat/${seats[0]!.token}`);
    expect([seat.tableId, seat.round.label]).toEqual(['t1', '2']);

    // the print sheets: the seating chart and the card print the labels, the hub ids stay beside them
    const seating = await (await fetch(`${hub.url}/api/director/tournament/print/seating/1`, { headers: BEARER })).text();
    expect(seating).toContain('<th colspan="2">Table 2 <span class="small">(t1)</span></th>');
    expect(seating).toContain('<th colspan="2">Table 12 <span class="small">(t2)</span></th>');
    // Players A-Z: Ann at table 1 (label 2), Cy at table 2 (label 12)
    expect(seating).toContain('<tr><td>Ann</td><td class="num">2</td><td>East</td></tr>');
    expect(seating).toContain('<tr><td>Cy</td><td class="num">12</td><td>East</td></tr>');
    const card = await (await fetch(`${hub.url}/api/director/tournament/print/card/t2/1`, { headers: BEARER })).text();
    expect(card).toContain('Round 1 · Table 12 (t2)');

    // the player page: Cy (table 2, East) is told to go to table 12, at hub table t2
    const slip = (await (await fetch(`${hub.url}/api/director/tournament/players/p03/check-in`, { method: 'POST', headers: BEARER })).json()) as { code: string };
    const claim = (await (await fetch(`${hub.url}/api/claim`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: slip.code }) })).json()) as {
      device: string;
    };
    const link = await json(hub, `/api/player/${claim.device}`);
    expect(link).toMatchObject({ player: 'p03', round: 1, table: 2, label: '12', seat: 'East', hubTable: 't2' });

    // lines of t1's reader RK-E1 land on t1 (its view's readers), never on t2, whatever the labels say
    const rk: Connection = { name: 'test://RK-E1', write: () => {} };
    const now = Date.now();
    hub.supervisor.line(rk, encodeLine({ type: 'HELLO', reader: 'RK-E1', firmware: 't', protocol: 1, zones: ['in', 'top'] }), now);
    hub.supervisor.line(rk, encodeLine({ type: 'SNAP', seq: 0, zone: 'in', tags: [tagOfTile('5B#2')], rssi: [-51] }), now);
    hub.supervisor.line(rk, encodeLine({ type: 'SNAP', seq: 1, zone: 'top', tags: [], rssi: [] }), now);
    const readersOf = async (id: string) => ((await json(hub, `/api/tables/${id}`)).readers as { id: string; state: string }[]).filter((r) => r.state === 'connected').map((r) => r.id);
    await expect.poll(() => readersOf('t1')).toEqual(['RK-E1']);
    expect(await readersOf('t2')).toEqual([]);
    expect(hub.supervisor.statuses(now, ['RK-E1'])[0]!.state).toBe('connected');

    // one event per change in the tournament log
    expect(
      hub.store
        .events(TOURNAMENT_LOG)
        .filter((e) => e.type === 'tournament-table-label')
        .map((e) => e.data),
    ).toEqual([
      { table: 1, label: '12', director: 'director' },
      { table: 2, label: '12', swapWith: 1, director: 'Dora' },
    ]);

    // a restart folds the log again: the labels stay
    await hubs.splice(0)[0]!.close();
    hub = await run(dir);
    expect(await labels(hub)).toEqual([
      [1, 't1', '2'],
      [2, 't2', '12'],
    ]);
    expect((await json(hub, '/api/tables/t2')).round.label).toBe('12');
    expect((await json(hub, `/api/player/${claim.device}`)).label).toBe('12');
  });

  it("the room's calls name a relabelled table by its label, the calls already open too; the call's table id stays", async () => {
    const hub = await run(dataDir());
    const seats = (await json(hub, '/api/director/tables/t1/seats', BEARER)) as { token: string }[];
    // Ann (East at table 1, t1) calls before any label: the table by its number, as the players were told
    const call = await (await fetch(`${hub.url}/api/seat/${seats[0]!.token}/call`, { method: 'POST' })).json();
    expect([call.call.tableId, call.call.text]).toEqual(['t1', 'table 1 calls (East)']);
    expect((await relabel(hub, 't1', { label: '12' })).status).toBe(200);
    const room = async () => ((await json(hub, '/api/director/room', BEARER)).calls as { tableId: string; text: string }[]).map((c) => [c.tableId, c.text]);
    expect(await room()).toEqual([['t1', 'table 12 calls (East)']]);
    // the table display of t2 (never relabelled) calls: its number, table 2
    await fetch(`${hub.url}/api/tables/t2/call`, { method: 'POST' });
    expect(await room()).toEqual([
      ['t1', 'table 12 calls (East)'],
      ['t2', 'table 2 calls'],
    ]);
  });
});
