/**
 * `POST /api/director/tables/:id/entries` for the standard table's entries (000): the body schema
 * (rack optional except for a Siamese mis-named discard, no unknown field) and which table kind
 * takes which entry. The exact scores after each entry: hub/table/engine-standard-entries.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadHubConfig } from '../config/load.js';
import { startHub, type RunningHub } from '../hub.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const TOKEN = 'entries-standard-token';
const hubs: RunningHub[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const h of hubs.splice(0)) await h.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function run(config: string): Promise<RunningHub> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mjhub-entries-'));
  dirs.push(dir);
  const hub = await startHub({ tables: loadHubConfig(path.join(here, '../config/tables', config)), dataDir: dir, ports: [], httpPort: 0, directorToken: TOKEN });
  hubs.push(hub);
  return hub;
}
async function enter(hub: RunningHub, body: unknown): Promise<[number, string]> {
  const id = [...hub.engines.keys()][0]!;
  const res = await fetch(`${hub.url}/api/director/tables/${id}/entries`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return [res.status, ((await res.json()) as { message?: string }).message ?? ''];
}

describe('director entries by table kind', () => {
  it('standard table: the entries reach the engine (409 before a deal), a mis-named discard too; bad bodies are 400', async () => {
    const hub = await run('standard-demo.json');
    expect(await enter(hub, { entry: 'looked-at-stolen-tile', player: 2 })).toEqual([409, "no game has begun on table 't1'"]);
    expect(await enter(hub, { entry: 'dead-declared-in-error', player: 0, rack: 0, by: 'Dee' })).toEqual([409, "no game has begun on table 't1'"]);
    expect(await enter(hub, { entry: 'declared-dead', player: 0, declared: 1 })).toEqual([409, "no game has begun on table 't1'"]);
    expect((await enter(hub, { entry: 'declared-dead', player: 0, declared: 4 }))[0]).toBe(400);
    // a mis-named discard (NMJL practice): the rack is optional on a standard table
    expect(await enter(hub, { entry: 'misnamed-discard', player: 1, for: 'exposure', ruling: 'dead' })).toEqual([409, "no game has begun on table 't1'"]);
    expect((await enter(hub, { entry: 'misnamed-discard', player: 1, for: 'pair' }))[0]).toBe(400);
    expect((await enter(hub, { entry: 'misnamed-discard', player: 1, for: 'exposure', ruling: 'maybe' }))[0]).toBe(400);
    expect((await enter(hub, { entry: 'misnamed-discard', player: 1, rack: 0 }))[0]).toBe(409);
    expect((await enter(hub, { entry: 'looked-at-stolen-tile', player: 4 }))[0]).toBe(400);
    expect((await enter(hub, { entry: 'looked-at-stolen-tile', player: 1, tile: '5B' }))[0]).toBe(400);
    expect((await enter(hub, { entry: 'peeked', player: 1 }))[0]).toBe(400);
    // an announced line needs its line (400); with one it reaches the engine (409 before a deal)
    expect((await enter(hub, { entry: 'announced-line', player: 1 }))[0]).toBe(400);
    expect(await enter(hub, { entry: 'announced-line', player: 1, line: 'sample-standard:20' })).toEqual([409, "no game has begun on table 't1'"]);
  });

  it('Siamese table: a mis-named discard still needs its rack (400); the standard entries are refused (409)', async () => {
    const hub = await run('siamese-demo.json');
    expect((await enter(hub, { entry: 'misnamed-discard', player: 1 }))[0]).toBe(400);
    expect(await enter(hub, { entry: 'looked-at-stolen-tile', player: 1 })).toEqual([
      409,
      "table 't1' (siamese) takes no 'looked-at-stolen-tile' entry: only misnamed-discard and misnamed-exposure",
    ]);
    expect(await enter(hub, { entry: 'declared-dead', player: 0, declared: 1 })).toEqual([409, "table 't1' (siamese) takes no 'declared-dead' entry: only misnamed-discard and misnamed-exposure"]);
    expect(await enter(hub, { entry: 'misnamed-discard', player: 1, rack: 0, for: 'mah-jongg' })).toEqual([
      400,
      'a Siamese mis-named discard takes player and rack only (003 rule 19C/D), not for, named, ruling, declared or line',
    ]);
  });
});
