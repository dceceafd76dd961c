/**
 * Every HTTP route of the hub checks its input with the contract (hub/contract/http.ts): each
 * route fastify registered, with every optional part of the hub on (tournament, readers,
 * enrolment), is sent a malformed query, malformed URL params and a malformed body, and must
 * answer 400 naming the field. A new route without a schema fails here (its query is not checked).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReaderSupervisor } from '../readers/supervisor.js';
import { openSqliteStore } from '../store/sqlite.js';
import type { EventStore } from '../store/types.js';
import { CONFIG, FakeStandardTable, siameseTable, T0 } from '../tournament/fixtures.test-helpers.js';
import { TournamentService } from '../tournament/service.js';
import { HealthReply } from '../contract/responses.js';
import { contractSerializerCompiler, createHubServer, type HubServer } from './server.js';

const TOKEN = 'contract-routes-token';
const AUTH = { authorization: `Bearer ${TOKEN}` };

let hub: HubServer;
let svc: TournamentService;
let store: EventStore;
let dir: string;
/** every route as `METHOD /path/:param`, from fastify's own table */
let routes: { method: string; url: string }[] = [];

beforeAll(async () => {
  store = openSqliteStore(':memory:');
  dir = mkdtempSync(path.join(tmpdir(), 'mjhub-contract-'));
  const t2 = new FakeStandardTable(() => svc);
  svc = new TournamentService({ config: CONFIG, store: openSqliteStore(':memory:'), now: () => T0, tickMs: 0 });
  const readers = new ReaderSupervisor(new Map([['RK-E1', ['in', 'top']]]), store, { snapshot: () => {}, add: () => {}, remove: () => {}, status: () => {} }, 5000, { tableOf: () => 't1' });
  hub = await createHubServer({
    tables: svc.wrap([siameseTable(), t2]),
    directorToken: TOKEN,
    tournament: svc,
    store,
    readers,
    tileSetDir: dir,
    loginRateLimit: { max: 1000, timeWindowMs: 60_000 },
  });
  await hub.app.ready();
  // printed per method, fastify lists each route's full path on a line of its own
  routes = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].flatMap((method) => listRoutes(method, hub.app.printRoutes({ method, commonPrefix: false })));
});
afterAll(async () => {
  await hub.close();
  svc.close();
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * One method's route tree as fastify prints it (`├── /api/tables (GET, HEAD)`, `│   └── /:id (GET, HEAD)`:
 * four characters a level, a line with methods is a route, one without a shared prefix) → `{ method, url }`.
 */
function listRoutes(method: string, printed: string): { method: string; url: string }[] {
  const out: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of printed.split('\n')) {
    const m = /^([│ ]*)[├└]── (\/\S*)( \(.*\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack.push(m[2]!);
    if (m[3]) out.push({ method, url: stack.join('') });
  }
  return out;
}

/** A well-formed value for each URL parameter, so only the part under test is wrong. */
const GOOD_PARAM: Record<string, string> = {
  id: 't1',
  flagId: 'g1-f1',
  gameNo: '1',
  tableId: 't1',
  tag: '04A1B2C3',
  token: 'abc.def',
  table: '1',
  round: '1',
  hubTable: 't1',
  player: 'p1',
  device: 'A'.repeat(43),
  callId: 'c1',
  ref: '1',
  penalty: '1',
};

/**
 * A well-formed body for each route that requires one, so only the part under test is wrong (the
 * body is checked before the query). A new route that requires a body is added here.
 */
const GOOD_BODY: Record<string, object> = {
  'POST /api/login': { secret: 'x' },
  'POST /api/claim': { code: 'ZZZZ-ZZZZ-ZZZZ' },
  'POST /api/director/readers/:id/assign': { as: 'RK-E1' },
  'POST /api/director/enroll/:tableId/start': { setId: 'club-1' },
  'POST /api/director/enroll/:tableId/tags': { tag: '04A1B2C3', kind: '5D' },
  'POST /api/director/enroll/:tableId/layout': { zone: 'RK-E1/top' },
  'POST /api/director/tournament/clock': { action: 'start' },
  'POST /api/director/tournament/cards/:table/:round/correct': { game: 1, reason: 'sheet misread' },
  'POST /api/director/tournament/between/:hubTable/:gameNo': { action: 'drop' },
  'POST /api/director/tournament/penalties': { player: 'p1', kind: 'late', points: -5, reason: 'late' },
  'POST /api/director/tournament/penalties/:penalty/cancel': { reason: 'entered by mistake' },
  'POST /api/director/tournament/extra-time': { table: '1', minutes: 5 },
  'POST /api/director/tournament/withdraw': { player: 'p1', replacement: { id: 'p9', name: 'Ivy' } },
  'POST /api/director/tournament/late-arrival': { arrival: { id: 'p9', name: 'Ivy' } },
  'POST /api/director/tournament/substitute': { player: 'p1', substitute: { id: 'p9', name: 'Ivy' } },
  'POST /api/director/tournament/tables/:table/label': { label: '12' },
  'POST /api/director/tables/:id/flags/:flagId': { ruling: 'dismiss' },
  'POST /api/director/tables/:id/restart': { choice: 'void' },
  'POST /api/director/tables/:id/not-seen': { tile: '5B#2' },
  'POST /api/director/tables/:id/moves/:ref/correction': { kind: 'tile', tile: '5B' },
  'POST /api/director/tables/:id/entries': { entry: 'misnamed-discard', player: 0, rack: 0 },
  'POST /api/director/announcement': { text: 'Round 2 starts in 5 minutes' },
};

const fill = (url: string, value: (name: string) => string) => url.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(value(name)));

describe('every route answers with a response schema of the contract (hub/contract/responses.ts)', () => {
  it('each API route has a schema for its 2xx answer and for the 4xx and 5xx error body', () => {
    const api = hub.routes.filter((r) => r.url.startsWith('/api') && r.method !== 'HEAD');
    // the same routes the walk below finds (35 or more)
    expect(api.map((r) => `${r.method} ${r.url}`).sort()).toEqual(routes.map((r) => `${r.method} ${r.url}`).sort());
    expect(api.filter((r) => !['2xx', '4xx', '5xx'].every((s) => r.responses.includes(s))).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('a refusal goes out as the error body, and a 2xx answer as the route schema has it', async () => {
    const missing = await hub.app.inject({ method: 'GET', url: '/api/tables/t9' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ statusCode: 404, error: 'Not Found', message: "unknown table 't9'" });
    const health = await hub.app.inject({ method: 'GET', url: '/api/director/health', headers: AUTH });
    expect(health.json()).toEqual({ store: { ok: true } });
  });

  it('an answer the schema refuses is not sent: the serializer throws naming the route and the field', () => {
    const write = contractSerializerCompiler({ schema: HealthReply, method: 'GET', url: '/api/director/health', httpStatus: '2xx' });
    expect(write({ store: { ok: true, extra: 1 } })).toBe('{"store":{"ok":true,"extra":1}}');
    expect(() => write({ store: { ok: 'yes' } })).toThrow('GET /api/director/health answered a shape the contract refuses: response.store.ok must be boolean');
  });
});

describe('every route checks its input with the contract (400 naming the field)', () => {
  it('the hub has the routes this test walks: the public, director, seat, login, reader, enrolment and tournament ones', () => {
    // 35 routes today; a route added later is walked too (this only checks the walk found the table)
    expect(routes.length).toBeGreaterThanOrEqual(35);
    expect(routes).toContainEqual({ method: 'POST', url: '/api/director/tables/:id/flags/:flagId' });
    expect(routes).toContainEqual({ method: 'GET', url: '/api/director/enroll/:tableId/weak-tags' });
    expect(routes).toContainEqual({ method: 'POST', url: '/api/director/tournament/clock' });
  });

  it('a stray query parameter is refused by every route, named as unknown', async () => {
    const refused: string[] = [];
    for (const r of routes) {
      const url = `${fill(r.url, (n) => GOOD_PARAM[n] ?? 'x')}?bogus=1`;
      const res = await hub.app.inject({ method: r.method as 'GET', url, headers: AUTH, ...(r.method === 'GET' ? {} : { payload: GOOD_BODY[`${r.method} ${r.url}`] ?? {} }) });
      refused.push(`${r.method} ${r.url} → ${res.statusCode} ${res.json().message}`);
    }
    expect(refused).toEqual(routes.map((r) => `${r.method} ${r.url} → 400 querystring.bogus is not allowed (unknown field)`));
  });

  it('a malformed URL parameter is refused by every route that has one, naming it', async () => {
    const withParams = routes.filter((r) => r.url.includes(':'));
    expect(withParams.length).toBeGreaterThanOrEqual(20);
    const got: string[] = [];
    const want: string[] = [];
    for (const r of withParams) {
      const names = [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      for (const bad of names) {
        // 90 letters: over every id's limit (64; a reader id 32), not a seat token (no dot), not a number
        // (a URL part over 512 characters, the longest seat token, is refused by fastify before any route: 414)
        const url = fill(r.url, (n) => (n === bad ? 'x'.repeat(90) : (GOOD_PARAM[n] ?? 'x')));
        const res = await hub.app.inject({ method: r.method as 'GET', url, headers: AUTH, ...(r.method === 'GET' ? {} : { payload: GOOD_BODY[`${r.method} ${r.url}`] ?? {} }) });
        got.push(`${r.method} ${r.url} → ${res.statusCode} ${String(res.json().message).split(' ')[0]}`);
        want.push(`${r.method} ${r.url} → 400 params.${bad}`);
      }
    }
    expect(got).toEqual(want);
  });

  it('a body that is not an object is refused by every POST and DELETE route, naming the body', async () => {
    const withBody = routes.filter((r) => r.method === 'POST' || r.method === 'DELETE');
    expect(withBody.length).toBeGreaterThanOrEqual(14);
    const got: string[] = [];
    for (const r of withBody) {
      const res = await hub.app.inject({ method: r.method as 'POST', url: fill(r.url, (n) => GOOD_PARAM[n] ?? 'x'), headers: { ...AUTH, 'content-type': 'application/json' }, payload: '[1]' });
      got.push(`${r.method} ${r.url} → ${res.statusCode} ${res.json().message}`);
    }
    expect(got).toEqual(withBody.map((r) => `${r.method} ${r.url} → 400 body must be object`));
  });

  it('an unknown body field is refused by every POST and DELETE route, named', async () => {
    const withBody = routes.filter((r) => r.method === 'POST' || r.method === 'DELETE');
    const got: string[] = [];
    for (const r of withBody) {
      const res = await hub.app.inject({ method: r.method as 'POST', url: fill(r.url, (n) => GOOD_PARAM[n] ?? 'x'), headers: AUTH, payload: { bogus: 1 } });
      const message = String(res.json().message);
      // a body with required fields names the first missing one; one without names the stray field
      got.push(`${r.method} ${r.url} → ${res.statusCode} ${/^body\.\w+ is required$/.test(message) ? 'body.<required> is required' : message}`);
    }
    // a body with required fields names the first missing one (body checks stop at the first problem); one without names the stray field
    const optionalOnly = /logout$|verify$|initial$|finish$|readers\/:id$|tags\/:tag$|call$|take$|clear$|check-in$|reissue$/;
    expect(got).toEqual(withBody.map((r) => `${r.method} ${r.url} → 400 ${optionalOnly.test(r.url) ? 'body.bogus is not allowed (unknown field)' : 'body.<required> is required'}`));
  });
});
