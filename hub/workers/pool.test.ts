/**
 * The table workers' routing (hub/workers/pool.ts): which worker owns each table, and a running
 * hub with `workers: 2` sending a reader's lines to the worker of that reader's table, and a
 * director's ruling to the worker of the ruled table, whose answer comes back as the engine gave it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeLine } from '../../firmware-protocol/codec.js';
import { RulingError, TableUnavailableError } from '../api/runtime.js';
import { loadHubConfig } from '../config/load.js';
import { startHub, type RunningHub } from '../hub.js';
import type { Connection } from '../readers/supervisor.js';
import { tagOfTile } from '../tilesets/simulated.js';
import { shardTables, WorkerTable } from './pool.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TOKEN = 'workers-token';
const hubs: RunningHub[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const h of hubs.splice(0)) await h.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const conn = (name: string): Connection => ({ name, write: () => undefined });

describe('shardTables', () => {
  it('deals the tables in config order to the workers in turn: 5 tables on 2 workers give 1, 2, 1, 2, 1', () => {
    expect([...shardTables(['t1', 't2', 't3', 't4', 't5'], 2)]).toEqual([
      ['t1', 1],
      ['t2', 2],
      ['t3', 1],
      ['t4', 2],
      ['t5', 1],
    ]);
  });

  it('refuses 0 workers (0 means no workers at all: the hub does not start any)', () => {
    expect(() => shardTables(['t1'], 0)).toThrow('workers must be a whole number of at least 1, got 0');
  });
});

describe('a hub with workers: 2 (hub/hub.ts)', () => {
  it("routes a reader's lines to its table's worker, and a ruling to the ruled table's worker", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mjhub-workers-'));
    dirs.push(dir);
    const hub = await startHub({ tables: loadHubConfig(path.join(ROOT, 'hub/config/tables/siamese-room.json')), dataDir: dir, ports: [], httpPort: 0, directorToken: TOKEN, workers: 2 });
    hubs.push(hub);
    // t1 is worker 1's, t2 worker 2's: no engine runs on this thread
    expect(hub.engines.size).toBe(0);
    expect([...hub.tables.keys()]).toEqual(['t1', 't2']);
    const t2 = hub.tables.get('t2') as WorkerTable;
    expect(t2).toBeInstanceOf(WorkerTable);
    const stateOf = (table: string, reader: string) =>
      hub.tables
        .get(table)!
        .publicView()
        .readers.find((r) => r.id === reader)?.state;
    // the workers built their engines before the supervisor: its first health reaches them just after the start
    await vi.waitFor(() => expect(stateOf('t2', 'RK-E1-2')).toBe('offline'), { timeout: 20_000, interval: 20 });

    // rack 1 of East at table t2 says HELLO and shows 5B#2 in its rack: only t2's view changes
    const c = conn('/dev/pts/9');
    hub.supervisor.opened(c);
    const now = Date.now();
    hub.supervisor.line(c, encodeLine({ type: 'HELLO', reader: 'RK-E1-2', firmware: 't', protocol: 1, zones: ['in', 'top'] }), now);
    hub.supervisor.line(c, encodeLine({ type: 'SNAP', seq: 0, zone: 'in', tags: [tagOfTile('5B#2')], rssi: [-51] }), now);
    hub.supervisor.line(c, encodeLine({ type: 'SNAP', seq: 1, zone: 'top', tags: [], rssi: [] }), now);
    await vi.waitFor(() => expect(stateOf('t2', 'RK-E1-2')).toBe('connected'), { timeout: 20_000, interval: 20 });
    expect(stateOf('t1', 'RK-E1')).toBe('offline');
    // the director's view of t2 (worker 2's) holds the tile; the one of t1 holds none
    await vi.waitFor(() => expect(JSON.stringify(hub.tables.get('t2')!.directorView())).toContain('5B#2'), { timeout: 20_000, interval: 20 });
    expect(JSON.stringify(hub.tables.get('t1')!.directorView())).not.toContain('5B#2');

    // a ruling goes to worker 2 and comes back refused as the engine refused it
    const refused = await Promise.resolve(t2.rule('g1-nope', 'confirm', 'director')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RulingError);
    expect((refused as RulingError).status).toBe(404);
    expect((refused as RulingError).message).toBe("unknown flag 'g1-nope' on table 't2' (only the current game's flags and the open flags of earlier games can be ruled on)");
    // and over HTTP, as the director's page sends it
    const res = await fetch(`${hub.url}/api/director/tables/t2/flags/g1-nope`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ruling: 'dismiss' }),
    });
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe("unknown flag 'g1-nope' on table 't2' (only the current game's flags and the open flags of earlier games can be ruled on)");
  }, 60_000);

  it('a worker that dies takes its tables offline (no flag) and its requests answer 503; the other worker plays on', async () => {
    const hub = await startHub({ tables: loadHubConfig(path.join(ROOT, 'hub/config/tables/siamese-room.json')), dataDir: ':memory:', ports: [], httpPort: 0, directorToken: TOKEN, workers: 2 });
    hubs.push(hub);
    const t2 = hub.tables.get('t2') as WorkerTable;
    const c = conn('/dev/pts/8');
    hub.supervisor.opened(c);
    hub.supervisor.line(c, encodeLine({ type: 'HELLO', reader: 'RK-E1-2', firmware: 't', protocol: 1, zones: ['in', 'top'] }), Date.now());
    hub.supervisor.line(c, encodeLine({ type: 'SNAP', seq: 0, zone: 'in', tags: [], rssi: [] }), Date.now());
    hub.supervisor.line(c, encodeLine({ type: 'SNAP', seq: 1, zone: 'top', tags: [], rssi: [] }), Date.now());
    await vi.waitFor(() => expect(t2.publicView().readers.find((r) => r.id === 'RK-E1-2')?.state).toBe('connected'), { timeout: 20_000, interval: 20 });

    let changed = 0;
    t2.onChange(() => changed++);
    await hub.tableWorkers[1]!.terminate();
    // every reader of t2 shows offline, at once, and no flag is raised for it
    await vi.waitFor(() => expect(changed).toBeGreaterThan(0), { timeout: 20_000, interval: 20 });
    expect(new Set(t2.publicView().readers.map((r) => r.state))).toEqual(new Set(['offline']));
    expect(t2.publicView().flags).toEqual([]);
    const refused = await Promise.resolve(t2.rule('g1-x', 'dismiss', 'director')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TableUnavailableError);
    expect((refused as Error).message).toBe("table 't2' is not available: its table worker 2 stopped (exit code 1)");
    const res = await fetch(`${hub.url}/api/director/tables/t2/flags/g1-x`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ruling: 'dismiss' }),
    });
    expect([res.status, (await res.json()).message]).toEqual([503, "table 't2' is not available: its table worker 2 stopped (exit code 1)"]);
    // t1, worker 1's, still answers as its engine does
    const t1 = await Promise.resolve(hub.tables.get('t1')!.rule('g1-x', 'dismiss', 'director')).catch((e: unknown) => e);
    expect((t1 as RulingError).status).toBe(404);
  }, 60_000);
});
