import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadHubConfig } from '../config/load.js';
import { startHub, type RunningHub } from '../hub.js';
import { loadTournamentConfig } from './config.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const TOKEN = 'tournament-wiring-token';
const hubs: RunningHub[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const h of hubs.splice(0)) await h.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function run(dataDir: string): Promise<RunningHub> {
  const hub = await startHub({
    tables: loadHubConfig(path.join(here, '../config/tables/siamese-demo.json')),
    tournament: loadTournamentConfig(path.join(here, '../config/tournament-demo.json')),
    dataDir,
    ports: [],
    httpPort: 0,
    directorToken: TOKEN,
  });
  hubs.push(hub);
  return hub;
}

describe('the hub with hub/config/tournament-demo.json', () => {
  it('serves /api/tournament, puts the clock and "game n of 4" on table t1, and keeps the clock over a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mjhub-tournament-hub-'));
    dirs.push(dir);
    const hub = await run(dir);
    const t = await (await fetch(`${hub.url}/api/tournament`)).json();
    expect(t.name).toBe('Demo Spring Open');
    expect(t.rounds).toBe(3);
    expect(t.cards.map((c: { table: number; hubTable: string | null; seats: { player: string }[] }) => [c.table, c.hubTable, c.seats.map((s) => s.player)])).toEqual([
      [1, 't1', ['p01', 'p02', 'p03', 'p04']],
      [2, null, ['p05', 'p06', 'p07', 'p08']],
    ]);
    const table = await (await fetch(`${hub.url}/api/tables/t1`)).json();
    expect(table.clock).toEqual({ remainingMs: 3_000_000, running: false, aboutToRunOut: false, timeUp: false, state: 'ready' });
    expect(table.round).toEqual({ round: 1, game: 1, of: 4, label: '1' });
    const start = await fetch(`${hub.url}/api/director/tournament/clock`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'start' }),
    });
    expect(start.status).toBe(200);
    expect(hub.tournament!.clockPublic().state).toBe('running');
    await hubs.splice(0)[0]!.close();
    const again = await run(dir);
    expect(again.tournament!.clockPublic().state).toBe('running');
    const t2 = await (await fetch(`${again.url}/api/tables/t1`)).json();
    expect(t2.clock.running).toBe(true);
  });
});
