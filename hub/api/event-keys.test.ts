/**
 * The keys the hubs of one event share (hub/api/event-keys.ts), against a real PostgreSQL server
 * (hub/store/pg-test-server.ts; skipped with the reason when it is not installed): made once and
 * read alike by every hub, and the check that tells a hub which others were given another director secret.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresSkipReason, startTestPostgres, type TestPostgres } from '../store/pg-test-server.js';
import { loadEventKeys, otherDirectorSecrets } from './event-keys.js';

const skip = postgresSkipReason();

describe.skipIf(skip !== null)(`the event's shared keys${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let server: TestPostgres;
  const pools: pg.Pool[] = [];
  const pool = (url: string) => {
    const p = new pg.Pool({ connectionString: url, max: 2 });
    pools.push(p);
    return p;
  };

  beforeAll(async () => {
    server = await startTestPostgres();
  }, 120_000);
  afterAll(async () => {
    for (const p of pools) await p.end();
    await server?.stop();
  }, 60_000);

  it('two hubs starting together read the same two 32-byte keys, made once', async () => {
    const url = await server.createDatabase('keys_once');
    const [a, b] = await Promise.all([loadEventKeys(pool(url)), loadEventKeys(pool(url))]);
    expect(a.directorSession.length).toBe(32);
    expect(a.seat.length).toBe(32);
    expect(b.directorSession.equals(a.directorSession)).toBe(true);
    expect(b.seat.equals(a.seat)).toBe(true);
    expect(a.seat.equals(a.directorSession)).toBe(false);
    // a hub started later reads them too
    expect((await loadEventKeys(pool(url))).seat.equals(a.seat)).toBe(true);
  });

  it('names the other hubs last started with another director secret', async () => {
    const url = await server.createDatabase('keys_secret');
    const p = pool(url);
    const { directorSession } = await loadEventKeys(p);
    expect(await otherDirectorSecrets(p, 'hall-a', directorSession, 'the event secret')).toEqual([]);
    expect(await otherDirectorSecrets(p, 'hall-b', directorSession, 'the event secret')).toEqual([]);
    // hall-c was left to generate its own
    expect(await otherDirectorSecrets(p, 'hall-c', directorSession, 'a generated one')).toEqual(['hall-a', 'hall-b']);
    // hall-c restarted with the event's secret: every hub agrees again
    expect(await otherDirectorSecrets(p, 'hall-c', directorSession, 'the event secret')).toEqual([]);
    expect(await otherDirectorSecrets(p, 'hall-a', directorSession, 'the event secret')).toEqual([]);
  });
});
