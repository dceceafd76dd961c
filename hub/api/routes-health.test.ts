/**
 * GET /api/director/health: the director sees whether the event log is written. A log written by
 * another process (a constraint failure) shows as stopped, with what is not saved; the hub still
 * closes without an error.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadHubConfig } from '../config/load.js';
import { startHub, type RunningHub } from '../hub.js';

const CONFIG = path.resolve(import.meta.dirname, '../config/tables/siamese-demo.json');
const TOKEN = 'health-token';
const nextTick = () => new Promise<void>((r) => setImmediate(r));

const dirs: string[] = [];
const hubs: RunningHub[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const h of hubs.splice(0)) await h.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function health(hub: RunningHub, token: string | null = TOKEN): Promise<[number, unknown]> {
  const res = await fetch(`${hub.url}/api/director/health`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  return [res.status, await res.json()];
}

describe('GET /api/director/health', () => {
  it("is the director's: 401 without the token; { store: { ok: true } } while the log is written", async () => {
    const hub = await startHub({ tables: loadHubConfig(CONFIG), dataDir: ':memory:', ports: [], httpPort: 0, directorToken: TOKEN });
    hubs.push(hub);
    expect((await health(hub, null))[0]).toBe(401);
    expect(await health(hub)).toEqual([200, { store: { ok: true } }]);
  });

  it('shows a store that stopped writing (another process wrote its log), and the hub closes without an error', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mjhub-health-'));
    dirs.push(dir);
    // the hub's log (hub/log.ts): the store's errors, as the operator reads them in hub.log
    const errors: string[] = [];
    const logger = pino(
      { level: 'error', base: undefined },
      {
        write: (l: string) => {
          const e = JSON.parse(l) as { part: string; msg: string };
          errors.push(`${e.part}: ${e.msg}`);
        },
      },
    );
    const hub = await startHub({ tables: loadHubConfig(CONFIG), dataDir: dir, ports: [], httpPort: 0, directorToken: TOKEN, logger });
    hub.store.flush();
    // what a second hub on the same folder did before the lock: it took the next seq
    const intruder = new Database(path.join(dir, 'events.sqlite'));
    const max = (intruder.prepare('SELECT COALESCE(MAX(seq), 0) AS n FROM events').get() as { n: number }).n;
    intruder.prepare("INSERT INTO events (seq, table_id, at, type, data) VALUES (?, 'zz', 1, 'intruder', 'null')").run(max + 1);
    intruder.close();
    hub.store.append('t1', 'test-event', 1_700_000_000_000, null);
    await nextTick();
    await nextTick();
    const [status, body] = await health(hub);
    expect(status).toBe(200);
    const store = (body as { store: { ok: boolean; retrying: boolean; unwritten: number; error: string; since: number } }).store;
    expect(store).toMatchObject({ ok: false, retrying: false, unwritten: 1 });
    expect(store.error).toMatch(/^STOPPED writing the event log .*events\.sqlite at .*: UNIQUE constraint failed: events\.seq/);
    expect(errors.filter((e) => e.startsWith('store: STOPPED writing'))).toHaveLength(1);
    await expect(hub.close()).resolves.toBeUndefined();
    expect(errors.at(-1)).toMatch(/closed with 1 events \(seq \d+-\d+\) and 0 raw lines not written$/);
  });
});
