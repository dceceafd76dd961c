import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReaderSupervisor } from '../readers/supervisor.js';
import { openSqliteStore } from '../store/sqlite.js';
import type { EventStore } from '../store/types.js';
import { SESSION_COOKIE } from './auth.js';
import { FakeTableRuntime, sampleDirectorView } from './fake-runtime.js';
import { createHubServer, type HubServer, type HubServerOptions } from './server.js';
import { DIRECTOR_NAMESPACE, EV } from './socket-events.js';
import { DIRECTOR_LOGIN_NEEDED_SOCKET } from '../../rules/wording/director-login.js';

const TOKEN = 'fixed-script-token-1';
const SECRET = 'four winds blow';

const servers: HubServer[] = [];
const stores: EventStore[] = [];
const clients: Socket[] = [];
const dirs: string[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const c of clients.splice(0)) c.disconnect();
  for (const s of servers.splice(0)) await s.close();
  for (const s of stores.splice(0)) s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function make(extra: Partial<HubServerOptions> = {}) {
  const store = openSqliteStore(':memory:');
  stores.push(store);
  const t1 = new FakeTableRuntime(sampleDirectorView('t1'));
  const readers = new ReaderSupervisor(new Map([['RK-E1', ['in', 'top']]]), store, { snapshot: () => {}, add: () => {}, remove: () => {}, status: () => {} }, 5000, {
    tableOf: () => 't1',
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'mjhub-login-'));
  dirs.push(dir);
  const hub = await createHubServer({ tables: [t1], directorToken: TOKEN, directorSecret: SECRET, store, readers, tileSetDir: dir, ...extra });
  servers.push(hub);
  const login = (secret: unknown, headers: Record<string, string> = {}) => hub.app.inject({ method: 'POST', url: '/api/login', payload: { secret } as object, headers });
  return { hub, app: hub.app, t1, store, login };
}

/** `mjhub_director=<id>` from a login response's Set-Cookie. */
function cookieOf(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const line = Array.isArray(raw) ? String(raw[0]) : String(raw);
  return line.split(';')[0]!;
}

describe('POST /api/login', () => {
  it('the right secret: 200 with a bearer token and an HttpOnly SameSite=Strict session cookie for 12 h; an event without the secret', async () => {
    const { app, login, store } = await make();
    const res = await login(SECRET);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['expiresAt', 'ok', 'token']);
    expect(body.ok).toBe(true);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{83}$/);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{83}; Max-Age=43200; Path=/; HttpOnly; SameSite=Strict$`));
    expect(setCookie).not.toContain(body.token);
    expect(body.expiresAt - Date.now()).toBeGreaterThan(12 * 3600 * 1000 - 5000);

    const events = store.events('hub').filter((e) => e.type === 'director-login');
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toEqual({ ok: true, ip: '127.0.0.1', session: expect.stringMatching(/^[0-9a-f]{12}$/) });
    expect(JSON.stringify(events)).not.toContain(SECRET);
    expect(JSON.stringify(events)).not.toContain(cookieOf(res).split('=')[1]);

    const session = await app.inject({ method: 'GET', url: '/api/session', headers: { cookie: cookieOf(res) } });
    expect(session.json()).toEqual({ director: true, via: 'cookie', expiresAt: body.expiresAt });
  });

  it('a wrong secret: 401 "wrong director secret", no cookie, a failed-login event', async () => {
    const { login, store } = await make();
    const res = await login('four winds blew');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'wrong director secret' });
    expect(res.headers['set-cookie']).toBeUndefined();
    // the fixed script token is not a login secret when a secret is configured
    expect((await login(TOKEN)).statusCode).toBe(401);
    expect(store.events('hub').map((e) => [e.type, e.data])).toEqual([
      ['director-login', { ok: false, ip: '127.0.0.1', reason: 'wrong secret' }],
      ['director-login', { ok: false, ip: '127.0.0.1', reason: 'wrong secret' }],
    ]);
  });

  it('400 naming the field: missing, not a string, unknown field', async () => {
    const { app, login } = await make();
    expect((await app.inject({ method: 'POST', url: '/api/login', payload: {} })).json().message).toBe('body.secret is required');
    expect((await login(7)).json().message).toBe('body.secret must be string');
    expect((await login('')).json().message).toBe('body.secret must NOT have fewer than 1 characters');
    const extra = await app.inject({ method: 'POST', url: '/api/login', payload: { secret: SECRET, remember: true } });
    expect([extra.statusCode, extra.json().message]).toEqual([400, 'body.remember is not allowed (unknown field)']);
  });

  it('rate-limited: the 6th attempt within a minute from one address gets 429 with a clear message, even with the right secret', async () => {
    // the limiter's clock (Date.now) stands still: on a busy machine the attempts may take seconds,
    // and "retry after 60" would become 59
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-30T10:00:00Z') });
    const { login, store } = await make();
    for (let i = 0; i < 5; i++) expect((await login(`guess ${i}`)).statusCode).toBe(401);
    const sixth = await login(SECRET);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'too many login attempts from this address: at most 5 per 60 s; try again in 1 minute',
    });
    expect(sixth.headers['retry-after']).toBe('60');
    expect(sixth.headers['set-cookie']).toBeUndefined();
    const data = store.events('hub').map((e) => e.data as { reason?: string });
    expect(data.map((d) => d.reason)).toEqual(['wrong secret', 'wrong secret', 'wrong secret', 'wrong secret', 'wrong secret', 'rate limited']);
    // X-Forwarded-For is not trusted (no trustProxy): a client cannot dodge the limit with it
    expect((await login(SECRET, { 'x-forwarded-for': '10.0.0.9' })).statusCode).toBe(429);
  });

  it('the window ends: attempts are allowed again after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-30T10:00:00Z') });
    const { login } = await make({ loginRateLimit: { max: 2, timeWindowMs: 300 } });
    expect((await login('a')).statusCode).toBe(401);
    expect((await login('b')).statusCode).toBe(401);
    vi.setSystemTime(new Date('2026-11-30T10:00:00.299Z')); // 1 ms before the window ends
    expect((await login(SECRET)).statusCode).toBe(429);
    vi.setSystemTime(new Date('2026-11-30T10:00:00.300Z'));
    expect((await login(SECRET)).statusCode).toBe(200);
  });
});

describe('the session cookie and the session bearer token', () => {
  it('grant every director route; logout revokes both', async () => {
    const { app, login, t1, store } = await make();
    const res = await login(SECRET);
    const cookie = cookieOf(res);
    const bearer = { authorization: `Bearer ${res.json().token}` };

    for (const url of ['/api/director/tables', '/api/director/tables/t1', '/api/director/readers']) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url, headers: bearer })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(200);
    }
    const ruled = await app.inject({ method: 'POST', url: '/api/director/tables/t1/flags/g1-f1', headers: { cookie }, payload: { ruling: 'dismiss' } });
    expect(ruled.statusCode).toBe(200);
    expect(t1.rulings).toEqual([{ flagId: 'g1-f1', ruling: 'dismiss', by: 'director' }]);

    // a cookie sent from another site's page is refused
    const cross = await app.inject({
      method: 'POST',
      url: '/api/director/tables/t1/flags/g1-f1',
      headers: { cookie, origin: 'http://evil.example', host: 'localhost:80' },
      payload: { ruling: 'confirm' },
    });
    expect([cross.statusCode, cross.json().message]).toEqual([403, 'cross-site request refused: Origin http://evil.example is not this hub']);

    const out = await app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(out.json()).toEqual({ ok: true, loggedOut: true });
    expect(String(out.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Strict$`));
    expect((await app.inject({ method: 'GET', url: '/api/director/tables', headers: { cookie } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/director/tables', headers: bearer })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).json()).toEqual({ director: false, via: null, expiresAt: null });
    expect((await app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } })).json()).toEqual({ ok: true, loggedOut: false });
    // the hub's log also holds the viewing log of the director views above (hub/api/viewing-log.ts)
    expect(
      store
        .events('hub')
        .filter((e) => e.type !== 'concealed-viewed')
        .map((e) => e.type),
    ).toEqual(['director-login', 'director-logout']);
  });

  it('an expired session is refused', async () => {
    // a virtual clock (Date): the session is valid while now < expiresAt = login + 200 ms
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-30T10:00:00Z') });
    const { app, login } = await make({ sessionTtlMs: 200 });
    const cookie = cookieOf(await login(SECRET));
    vi.setSystemTime(new Date('2026-11-30T10:00:00.199Z')); // 1 ms before it ends
    expect((await app.inject({ method: 'GET', url: '/api/director/tables', headers: { cookie } })).statusCode).toBe(200);
    vi.setSystemTime(new Date('2026-11-30T10:00:00.200Z'));
    const expired = await app.inject({ method: 'GET', url: '/api/director/tables', headers: { cookie } });
    expect([expired.statusCode, expired.json().message]).toEqual([401, 'your director login has expired or was ended']);
  });

  it('grants the /director socket namespace (cookie in the handshake); refused after logout', async () => {
    const { hub, login } = await make();
    const url = await hub.listen(0);
    const res = await login(SECRET);
    const cookie = cookieOf(res);
    const open = (headers: Record<string, string>, auth?: { token: string }) => {
      const s = connect(url + DIRECTOR_NAMESPACE, { transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: headers, ...(auth ? { auth } : {}) });
      clients.push(s);
      return new Promise<Socket>((resolve, reject) => {
        s.once('connect', () => resolve(s));
        s.once('connect_error', reject);
      });
    };
    const s = await open({ cookie });
    const snap = new Promise<{ tableId: string; view: { concealed?: unknown } }>((r) => s.once(EV.snapshot, r));
    s.emit(EV.watch, { tableId: 't1' });
    const got = await snap;
    expect(got.tableId).toBe('t1');
    expect(Array.isArray(got.view.concealed)).toBe(true);

    // the session's bearer token works as auth.token too
    await expect(open({}, { token: res.json().token })).resolves.toBeDefined();
    await expect(open({ cookie, origin: 'http://evil.example' })).rejects.toThrow(DIRECTOR_LOGIN_NEEDED_SOCKET);
    await expect(open({ cookie: `${SESSION_COOKIE}=forged` })).rejects.toThrow(DIRECTOR_LOGIN_NEEDED_SOCKET);

    await hub.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    await expect(open({ cookie })).rejects.toThrow(DIRECTOR_LOGIN_NEEDED_SOCKET);
  });
});

describe('every director body is validated strictly (400 naming the field)', () => {
  const AUTH = { authorization: `Bearer ${TOKEN}` };
  const cases: [string, string, string, unknown, string][] = [
    ['ruling: extra field', 'POST', '/api/director/tables/t1/flags/g1-f1', { ruling: 'dismiss', extra: 1 }, 'body.extra is not allowed (unknown field)'],
    ['ruling: by not coerced', 'POST', '/api/director/tables/t1/flags/g1-f1', { ruling: 'dismiss', by: 7 }, 'body.by must be string'],
    ['entries: player not coerced', 'POST', '/api/director/tables/t1/entries', { entry: 'misnamed-discard', player: '1', rack: 0 }, 'body.player must be integer'],
    ['entries: extra field', 'POST', '/api/director/tables/t1/entries', { entry: 'misnamed-discard', player: 1, rack: 0, tile: '5B' }, 'body.tile is not allowed (unknown field)'],
    ['readers assign: as not coerced', 'POST', '/api/director/readers/RK-X9/assign', { as: 7 }, 'body.as must be string'],
    ['readers assign: extra field', 'POST', '/api/director/readers/RK-X9/assign', { as: 'RK-E1', seat: 2 }, 'body.seat is not allowed (unknown field)'],
    ['readers remove: extra field', 'DELETE', '/api/director/readers/RK-E1', { by: 'Sue', why: 'x' }, 'body.why is not allowed (unknown field)'],
    ['readers remove: by not a string', 'DELETE', '/api/director/readers/RK-E1', { by: 7 }, 'body.by must be string'],
    ['enroll start: fresh not coerced', 'POST', '/api/director/enroll/t1/start', { setId: 'club-1', fresh: 'true' }, 'body.fresh must be boolean'],
    ['enroll start: extra field', 'POST', '/api/director/enroll/t1/start', { setId: 'club-1', name: 'x' }, 'body.name is not allowed (unknown field)'],
    ['enroll tags: extra field', 'POST', '/api/director/enroll/t1/tags', { tag: '04A1B2C3D4E5F6', kind: '5D', copy: 1 }, 'body.copy is not allowed (unknown field)'],
    ['enroll layout: count not coerced', 'POST', '/api/director/enroll/t1/layout', { zone: 'RK-E1/top', count: '3' }, 'body.count must be integer'],
    ['enroll finish: draft not coerced', 'POST', '/api/director/enroll/t1/finish', { draft: 1 }, 'body.draft must be boolean'],
    ['login: extra field', 'POST', '/api/login', { secret: 'x', user: 'sue' }, 'body.user is not allowed (unknown field)'],
  ];
  it.each(cases)('%s', async (_name, method, url, payload, message) => {
    const { app } = await make();
    const res = await app.inject({ method: method as 'POST', url, headers: AUTH, payload: payload as object });
    expect([res.statusCode, res.json().message]).toEqual([400, message]);
  });
});

describe('urlNumber (URL query parts are text; bodies are not coerced)', () => {
  it('takes the exact text of a number and leaves the rest for the schema, which names the field', async () => {
    const { urlNumber } = await import('../contract/http.js');
    const { check } = await import('../contract/issues.js');
    const { z } = await import('zod');
    const q = z.strictObject({ round: urlNumber(z.int()).optional(), ratio: urlNumber(z.number()).optional() });
    expect(check(q, { round: '3', ratio: '-1.5' }, 'querystring')).toEqual({ ok: true, value: { round: 3, ratio: -1.5 } });
    expect(check(q, { round: '3x' }, 'querystring')).toEqual({ ok: false, error: 'querystring.round must be number' });
    expect(check(q, { ratio: '' }, 'querystring')).toEqual({ ok: false, error: 'querystring.ratio must be number' });
    expect(check(q, { round: '1.5' }, 'querystring')).toEqual({ ok: false, error: 'querystring.round must be integer' });
  });
});
