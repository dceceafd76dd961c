/**
 * Tournament day: the director logs in, the hub is closed and started again on the same data
 * folder (startHub, hub/hub.ts), and the same cookie still opens the director's API; after a
 * logout, and after another restart, it does not. A changed director secret ends the session.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadHubConfig } from '../config/load.js';
import { startHub, type RunningHub } from '../hub.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const CONFIG = path.join(here, '../config/tables/siamese-demo.json');
const SECRET = 'north wind at the fourth round';

const hubs: RunningHub[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const h of hubs.splice(0)) await h.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function start(dataDir: string, secret = SECRET): Promise<RunningHub> {
  const hub = await startHub({ tables: loadHubConfig(CONFIG), dataDir, ports: [], httpPort: 0, directorToken: 'restart-script-token', directorSecret: secret });
  hubs.push(hub);
  return hub;
}

async function stop(hub: RunningHub): Promise<void> {
  hubs.splice(hubs.indexOf(hub), 1);
  await hub.close();
}

/** Status of `GET /api/director/tables/t1` with these headers, and the table id in the answer. */
async function directorGet(hub: RunningHub, headers: Record<string, string>): Promise<[number, string | undefined]> {
  const res = await fetch(`${hub.url}/api/director/tables/t1`, { headers });
  const body = (await res.json()) as { tableId?: string };
  return [res.status, body.tableId];
}

describe('a director session across a hub restart', () => {
  it('the same cookie and bearer token work after a restart; after a logout they do not, and a restart does not bring them back', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mjhub-session-restart-'));
    dirs.push(dir);
    let hub = await start(dir);
    const login = await fetch(`${hub.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ secret: SECRET }) });
    expect(login.status).toBe(200);
    const { token, expiresAt } = (await login.json()) as { token: string; expiresAt: number };
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    expect(cookie).toMatch(/^mjhub_director=[A-Za-z0-9_-]{83}$/);
    expect(await directorGet(hub, { cookie })).toEqual([200, 't1']);

    await stop(hub);
    hub = await start(dir);
    expect(await directorGet(hub, {})).toEqual([401, undefined]);
    expect(await directorGet(hub, { cookie })).toEqual([200, 't1']);
    expect(await directorGet(hub, { authorization: `Bearer ${token}` })).toEqual([200, 't1']);
    const session = await fetch(`${hub.url}/api/session`, { headers: { cookie } });
    expect(await session.json()).toEqual({ director: true, via: 'cookie', expiresAt });

    const out = await fetch(`${hub.url}/api/logout`, { method: 'POST', headers: { cookie } });
    expect(await out.json()).toEqual({ ok: true, loggedOut: true });
    expect(await directorGet(hub, { cookie })).toEqual([401, undefined]);

    await stop(hub);
    hub = await start(dir);
    expect(await directorGet(hub, { cookie })).toEqual([401, undefined]);
    expect(await directorGet(hub, { authorization: `Bearer ${token}` })).toEqual([401, undefined]);
    // the log says who logged in and out, never the secret or the cookie
    const types = hub.store
      .events('hub')
      .filter((e) => e.type.startsWith('director-'))
      .map((e) => e.type);
    expect(types).toEqual(['director-login', 'director-logout']);
  });

  it('a hub restarted with another director secret refuses the old cookie', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mjhub-session-secret-'));
    dirs.push(dir);
    let hub = await start(dir);
    const login = await fetch(`${hub.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ secret: SECRET }) });
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    await stop(hub);
    hub = await start(dir, 'a brand new secret');
    expect(await directorGet(hub, { cookie })).toEqual([401, undefined]);
  });
});
