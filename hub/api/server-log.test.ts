/**
 * The API in the hub log (hub/log.ts, `api` part): HTTP requests are logged only at `--log-level
 * debug` (or trace), so a room of phones polling the hub does not flood the terminal at `info`.
 */
import { pino, type LevelWithSilent } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeTableRuntime, sampleDirectorView } from './fake-runtime.js';
import { createHubServer, type HubServer } from './server.js';

const servers: HubServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function requestsLoggedAt(level: LevelWithSilent): Promise<string[]> {
  const entries: { part?: string; msg: string }[] = [];
  const logger = pino({ level, base: undefined }, { write: (l: string) => void entries.push(JSON.parse(l) as { part?: string; msg: string }) });
  const hub = await createHubServer({ tables: [new FakeTableRuntime(sampleDirectorView('t1'))], directorToken: 'api-log-token', logger });
  servers.push(hub);
  expect((await hub.app.inject({ method: 'GET', url: '/api/tables/t1' })).statusCode).toBe(200);
  return entries.filter((e) => e.part === 'api').map((e) => e.msg);
}

describe('HTTP requests in the hub log', () => {
  it('at info: none', async () => {
    expect(await requestsLoggedAt('info')).toEqual([]);
  });
  it('at debug: the request and its reply', async () => {
    expect(await requestsLoggedAt('debug')).toEqual(['incoming request', 'request completed']);
  });
});
