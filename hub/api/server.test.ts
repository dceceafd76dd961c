import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeTableRuntime, sampleDirectorView } from './fake-runtime.js';
import { createHubServer, type HubServer } from './server.js';

const TOKEN = 'director-secret-1';
const AUTH = { authorization: `Bearer ${TOKEN}` };

const servers: HubServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function make(staticDir?: string) {
  const t1 = new FakeTableRuntime(sampleDirectorView('t1'));
  const t2 = new FakeTableRuntime(sampleDirectorView('t2'));
  const hub = await createHubServer({ tables: [t1, t2], directorToken: TOKEN, ...(staticDir ? { staticDir } : {}) });
  servers.push(hub);
  return { hub, app: hub.app, t1, t2 };
}

function publicOf(tableId: string) {
  const { concealed: _c, evidence: _e, ...pub } = sampleDirectorView(tableId);
  return pub;
}

describe('public routes', () => {
  it('GET /api/tables → every public view, without concealed tiles or evidence', async () => {
    const { app } = await make();
    const res = await app.inject({ method: 'GET', url: '/api/tables' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual([publicOf('t1'), publicOf('t2')]);
    expect(res.body).not.toContain('"concealed"');
    expect(res.body).not.toContain('"evidence"');
    expect(res.body).not.toMatch(/#\d/); // no physical tile id such as "RD#1"
  });

  it('GET /api/tables/:id → the public view; 404 JSON for an unknown table', async () => {
    const { app } = await make();
    const res = await app.inject({ method: 'GET', url: '/api/tables/t2' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(publicOf('t2'));
    expect(Object.keys(res.json())).toHaveLength(13);

    const missing = await app.inject({ method: 'GET', url: '/api/tables/t9' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ statusCode: 404, error: 'Not Found', message: "unknown table 't9'" });
  });

  it('unknown /api/* routes are JSON 404 (no static dir)', async () => {
    const { app } = await make();
    const res = await app.inject({ method: 'GET', url: '/api/nope?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'no route GET /api/nope' });
  });
});

describe('director routes', () => {
  it('401 without a token, with a wrong token, or a non-Bearer scheme', async () => {
    const { app } = await make();
    for (const headers of [{}, { authorization: 'Bearer wrong-token' }, { authorization: `Basic ${TOKEN}` }, { authorization: `Bearer ${TOKEN}x` }]) {
      const res = await app.inject({ method: 'GET', url: '/api/director/tables/t1', headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="director"');
      expect(res.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        // what the user does first, the header for scripts after
        message: 'not logged in as the director: log in on the director page (/director) with the director secret (scripts: Authorization: Bearer <token>)',
      });
    }
    const post = await app.inject({ method: 'POST', url: '/api/director/tables/t1/flags/g1-f1', payload: { ruling: 'confirm' } });
    expect(post.statusCode).toBe(401);
  });

  it('200 with the token: the full director view', async () => {
    const { app } = await make();
    const res = await app.inject({ method: 'GET', url: '/api/director/tables/t1', headers: AUTH });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(sampleDirectorView('t1'));
    const all = await app.inject({ method: 'GET', url: '/api/director/tables', headers: AUTH });
    expect(all.json()).toEqual([sampleDirectorView('t1'), sampleDirectorView('t2')]);
    const missing = await app.inject({ method: 'GET', url: '/api/director/tables/t9', headers: AUTH });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("unknown table 't9'");
  });

  it('a ruling calls rule() and answers with the new public view', async () => {
    const { app, t1, t2 } = await make();
    const res = await app.inject({ method: 'POST', url: '/api/director/tables/t1/flags/g1-f1', headers: AUTH, payload: { ruling: 'dismiss' } });
    expect(res.statusCode).toBe(200);
    expect(t1.rulings).toEqual([{ flagId: 'g1-f1', ruling: 'dismiss', by: 'director' }]);
    expect(t2.rulings).toEqual([]);
    const body = res.json();
    expect(body.flags[0].status).toBe('dismissed');
    expect(body).not.toHaveProperty('concealed');
    expect(body).not.toHaveProperty('evidence');
    expect(body).toEqual({ ...publicOf('t1'), flags: [{ ...publicOf('t1').flags[0], status: 'dismissed' }] });

    const named = await app.inject({ method: 'POST', url: '/api/director/tables/t2/flags/g1-f1', headers: AUTH, payload: { ruling: 'confirm', by: 'Dora' } });
    expect(named.statusCode).toBe(200);
    expect(t2.rulings).toEqual([{ flagId: 'g1-f1', ruling: 'confirm', by: 'Dora' }]);
  });

  it('RulingError status goes out: 404 unknown flag, 409 the same ruling again; a different one changes it', async () => {
    const { app, t1 } = await make();
    const unknown = await app.inject({ method: 'POST', url: '/api/director/tables/t1/flags/g1-f9', headers: AUTH, payload: { ruling: 'confirm' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ statusCode: 404, error: 'Not Found', message: "unknown flag 'g1-f9' on table 't1'" });
    await app.inject({ method: 'POST', url: '/api/director/tables/t1/flags/g1-f1', headers: AUTH, payload: { ruling: 'confirm' } });
    const again = await app.inject({ method: 'POST', url: '/api/director/tables/t1/flags/g1-f1', headers: AUTH, payload: { ruling: 'confirm' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("flag 'g1-f1' is already confirmed");
    const changed = await app.inject({ method: 'POST', url: '/api/director/tables/t1/flags/g1-f1', headers: AUTH, payload: { ruling: 'dismiss' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().flags[0].status).toBe('dismissed');
    expect(t1.rulings.map((r) => r.ruling)).toEqual(['confirm', 'dismiss']);
    const noTable = await app.inject({ method: 'POST', url: '/api/director/tables/t9/flags/g1-f1', headers: AUTH, payload: { ruling: 'confirm' } });
    expect(noTable.statusCode).toBe(404);
    expect(noTable.json().message).toBe("unknown table 't9'");
  });

  it('a confirm may name the dead rack (003 rule 20 silent): passed to rule(), the chosen rack in the answer', async () => {
    const { app, t1 } = await make();
    t1.set((v) => {
      v.flags[0]!.deadRackChoice = { default: 0, racks: [0, 1] };
    });
    const chosen = await app.inject({ method: 'POST', url: '/api/director/tables/t1/flags/g1-f1', headers: AUTH, payload: { ruling: 'confirm', deadRack: 1 } });
    expect(chosen.statusCode).toBe(200);
    expect(t1.rulings).toEqual([{ flagId: 'g1-f1', ruling: 'confirm', by: 'director', deadRack: 1 }]);
    expect(chosen.json().flags[0]).toEqual({ ...publicOf('t1').flags[0], status: 'confirmed', rack: 1, deadRackChoice: { default: 0, racks: [0, 1] } });
    // the public views carry the choice (no private data: which racks may die)
    const pub = await app.inject({ method: 'GET', url: '/api/tables/t1' });
    expect(pub.json().flags[0].deadRackChoice).toEqual({ default: 0, racks: [0, 1] });
  });

  it('400 on a bad deadRack, on a dismiss with one, and on a flag whose rule names the hand', async () => {
    const { app, t1 } = await make();
    const post = (payload: unknown) => app.inject({ method: 'POST', url: '/api/director/tables/t1/flags/g1-f1', headers: AUTH, payload: payload as string });
    const two = await post({ ruling: 'confirm', deadRack: 2 });
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe('body.deadRack must be one of 0, 1');
    const text = await post({ ruling: 'confirm', deadRack: '1' });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('body.deadRack must be integer');
    // the sample flag is a wrong-wall flag with no choice (rule 20 named the hand)
    const noChoice = await post({ ruling: 'confirm', deadRack: 1 });
    expect(noChoice.statusCode).toBe(400);
    expect(noChoice.json().message).toBe("flag 'g1-f1' (wrong-wall, 003 rule 20) leaves the director no choice of the dead hand");
    t1.set((v) => {
      v.flags[0]!.deadRackChoice = { default: 0, racks: [0, 1] };
    });
    const dismissWithRack = await post({ ruling: 'dismiss', deadRack: 1 });
    expect(dismissWithRack.statusCode).toBe(400);
    expect(dismissWithRack.json().message).toBe("deadRack goes only with a confirm, not with 'dismiss' (flag 'g1-f1')");
    expect(t1.rulings).toEqual([]);
  });

  it('400 on a bad body, the message naming the field', async () => {
    const { app, t1 } = await make();
    const post = (payload: unknown, extra: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url: '/api/director/tables/t1/flags/g1-f1', headers: { ...AUTH, ...extra }, payload: payload as string });

    const wrong = await post({ ruling: 'maybe' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: 'body.ruling must be one of "confirm", "dismiss"' });

    const missing = await post({ verdict: 'confirm' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('body.ruling is required');

    const typed = await post({ ruling: 'confirm', by: '' });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().message).toBe('body.by must NOT have fewer than 1 characters');

    const notJson = await post('{ruling:', { 'content-type': 'application/json' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toMatch(/JSON/);

    const none = await app.inject({ method: 'POST', url: '/api/director/tables/t1/flags/g1-f1', headers: AUTH });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('body must be object');

    expect(t1.rulings).toEqual([]);
  });
});

describe('static display', () => {
  function distDir(): string {
    const d = mkdtempSync(join(tmpdir(), 'mjhub-dist-'));
    dirs.push(d);
    mkdirSync(join(d, 'assets'));
    writeFileSync(join(d, 'index.html'), '<!doctype html><title>Mah Jongg Table Hub</title>');
    writeFileSync(join(d, 'assets', 'index-abc123.js'), 'console.log(1)');
    return d;
  }

  it('serves hashed assets cached long, index.html no-cache, SPA fallback outside /api/', async () => {
    const { app } = await make(distDir());
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const root = await app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('Mah Jongg Table Hub');
    expect(root.headers['cache-control']).toBe('no-cache');

    const route = await app.inject({ method: 'GET', url: '/table/t1?big=1' });
    expect(route.statusCode).toBe(200);
    expect(route.headers['content-type']).toMatch(/^text\/html/);
    expect(route.body).toContain('Mah Jongg Table Hub');
    expect(route.headers['cache-control']).toBe('no-cache');

    const api = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'no route GET /api/nope' });

    const post = await app.inject({ method: 'POST', url: '/table/t1' });
    expect(post.statusCode).toBe(404);

    const missingAsset = await app.inject({ method: 'GET', url: '/assets/gone-999.js' });
    expect(missingAsset.statusCode).toBe(200); // SPA fallback, like any GET outside /api/
    expect(missingAsset.headers['cache-control']).toBe('no-cache');
  });

  it('refuses a staticDir without index.html', async () => {
    const d = mkdtempSync(join(tmpdir(), 'mjhub-empty-'));
    dirs.push(d);
    await expect(createHubServer({ tables: [], directorToken: TOKEN, staticDir: d })).rejects.toThrow(/has no index.html: build the display first/);
  });
});

describe('createHubServer', () => {
  it('refuses an empty token and duplicate table ids', async () => {
    await expect(createHubServer({ tables: [], directorToken: '' })).rejects.toThrow('directorToken must be a non-empty string');
    const a = new FakeTableRuntime(sampleDirectorView('t1'));
    const b = new FakeTableRuntime(sampleDirectorView('t1'));
    await expect(createHubServer({ tables: [a, b], directorToken: TOKEN })).rejects.toThrow("two tables have the id 't1'");
  });

  it('listens on 127.0.0.1 only and closes twice without error', async () => {
    const { hub } = await make();
    const url = await hub.listen(0);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${url}/api/tables/t1`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { tableId: string }).tableId).toBe('t1');
    await hub.close();
    await hub.close();
  });
});
