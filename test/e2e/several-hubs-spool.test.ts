/**
 * Several hubs, one event (docs/several-hubs.md), end to end: the event's database goes away in
 * the middle of a game. A built hub process (hub hall-a, table t1 with its own simulator) keeps its
 * readers' lines in its local spool (`<data>/pg-spool.jsonl`, hub/store/spool.ts) and tells the
 * director so (`GET /api/director/health`: `held`); it is then killed (SIGKILL) while the database
 * is still away, the PostgreSQL server is started again, and the hub started again with the same
 * data folder writes the spooled rows: the log has every event and every reader line, in order.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresSkipReason, sqlRows as sql, startTestPostgres, type TestPostgres } from '../../hub/store/pg-test-server.js';
import { readSpool, SPOOL_FILE } from '../../hub/store/spool.js';
import { ensureBuiltHub } from '../support/built-hub.js';
import { directorLogin } from './room-harness.js';
import { killAll, startHub, tableConfig, until } from './hubs-harness.js';

const SECRET = 'several-hubs-spool-secret';
const skip = postgresSkipReason();
if (skip) console.log(`several-hubs-spool.test.ts skipped: ${skip}`);

let pgServer: TestPostgres | null = null;
let dir = '';

describe.skipIf(skip !== null)(`a hub whose database goes away spools its readers' lines${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let db = '';
  let args: string[] = [];

  beforeAll(async () => {
    ensureBuiltHub();
    pgServer = await startTestPostgres();
    db = await pgServer.createDatabase('event');
    dir = mkdtempSync(path.join(tmpdir(), 'mjhub-hubs-spool-'));
    args = ['--config', tableConfig(dir, 't1'), '--data', path.join(dir, 'a'), '--database-url', db, '--hub-id', 'hall-a', '--sim-pace', '300', '--sim-transport', 'tcp'];
  }, 120_000);

  afterAll(async () => {
    killAll();
    await pgServer?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('the database stopped mid-game, the hub killed, both started again: the log has every line, in order', async () => {
    const hub = await startHub(SECRET, args);
    const auth = await directorLogin(hub.url, SECRET);
    const spoolFile = path.join(dir, 'a', SPOOL_FILE);
    // the game under way: its walls built and lines flowing
    await until(async () => ((await (await fetch(`${hub.url}/api/tables/t1`)).json()) as { phase: string }).phase !== 'waiting' || null, 120_000, 't1 dealt at hall-a');
    expect(existsSync(spoolFile)).toBe(false); // nothing spooled while the database answers

    await pgServer!.pause();
    // the readers' lines go on arriving: at least 20 rows held in the spool
    const held = await until(
      () => {
        const s = readSpool(spoolFile);
        return s.events.length + s.raws.length >= 20 ? s : null;
      },
      60_000,
      `20 rows in ${spoolFile} (hub: ${hub.output().slice(-1500)})`,
    );
    expect(held.raws.length).toBeGreaterThan(0);
    // the director is told where they are held
    const health = (await (await fetch(`${hub.url}/api/director/health`, { headers: auth })).json()) as { store: { ok: boolean; retrying?: boolean; held?: string } };
    expect(health.store).toMatchObject({ ok: false, retrying: true, held: spoolFile });

    hub.child.kill('SIGKILL');
    await until(() => hub.child.exitCode !== null || hub.child.signalCode !== null || null, 10_000, 'hall-a killed');
    const spooled = readSpool(spoolFile);
    await pgServer!.resume();

    // started again on the same data folder: the spooled rows are written first, then the spool is removed
    await startHub(SECRET, args);
    await until(() => !existsSync(spoolFile) || null, 30_000, 'the spool written and removed');
    const events = (await sql(db, 'SELECT seq FROM mjhub_hall_a.events ORDER BY seq')).map((r) => Number(r.seq));
    const raws = (await sql(db, 'SELECT id, line FROM mjhub_hall_a.raw_lines ORDER BY id')).map((r) => [Number(r.id), (r.line as Buffer).toString('utf8')] as const);
    // no gap: seq 1..N and id 1..M, each once
    expect(events).toEqual(events.map((_, i) => i + 1));
    expect(raws.map(([id]) => id)).toEqual(raws.map((_, i) => i + 1));
    // every spooled row is in the log, the same line at the same id
    expect(events).toEqual(expect.arrayContaining(spooled.events.map((e) => e.seq)));
    const byId = new Map(raws);
    expect(spooled.raws.map((r) => [r.id, byId.get(r.id)])).toEqual(spooled.raws.map((r) => [r.id, r.line]));
  }, 300_000);
});
