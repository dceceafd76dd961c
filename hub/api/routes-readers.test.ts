import { afterEach, describe, expect, it } from 'vitest';
import { encodeLine } from '../../firmware-protocol/codec.js';
import type { ReaderMessage } from '../../firmware-protocol/messages.js';
import { ReaderSupervisor, type Connection } from '../readers/supervisor.js';
import { openSqliteStore } from '../store/sqlite.js';
import { FakeTableRuntime, sampleDirectorView } from './fake-runtime.js';
import { createHubServer, type HubServer } from './server.js';

const TOKEN = 'director-secret-1';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const T0 = 1_700_000_000_000;

const servers: HubServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function make() {
  const store = openSqliteStore(':memory:');
  let clock = T0;
  const sup = new ReaderSupervisor(
    new Map([
      ['RK-E1', ['in', 'top']],
      ['FL-1', ['floor']],
    ]),
    store,
    { snapshot: () => {}, add: () => {}, remove: () => {}, status: () => {} },
    5000,
    { tableOf: () => 't1', now: () => clock },
  );
  const hub = await createHubServer({ tables: [new FakeTableRuntime(sampleDirectorView('t1'))], directorToken: TOKEN, readers: sup });
  servers.push(hub);
  const conn: Connection = { name: '/dev/ttyACM3', write: () => {} };
  const send = (msg: ReaderMessage) => sup.line(conn, encodeLine(msg), (clock += 10));
  return { app: hub.app, sup, store, send, close: () => store.close() };
}

/** A reader the hub expects and has never heard: offline, no port, no firmware, nothing counted. */
const neverHeard = (id: string) => ({
  id,
  state: 'offline',
  lastMessageAt: null,
  discarded: 0,
  port: null,
  physicalId: null,
  firmware: null,
  sof: null,
  errors: {},
  gaps: 0,
  lost: [],
  linesLost: 0,
  duplicates: 0,
  reconnects: 0,
});

describe('director reader routes', () => {
  it('need the director token (401 without it)', async () => {
    const { app } = await make();
    for (const [method, url] of [
      ['GET', '/api/director/readers'],
      ['POST', '/api/director/readers/RK-X9/assign'],
      ['DELETE', '/api/director/readers/FL-1'],
    ] as const) {
      const res = await app.inject({ method, url, headers: { authorization: 'Bearer wrong' }, ...(method === 'POST' ? { payload: { as: 'RK-E1' } } : {}) });
      expect(res.statusCode).toBe(401);
    }
  });

  it('GET lists every expected reader and the unknown ones waiting; POST assign gives an unknown reader a slot', async () => {
    const { app, send, store } = await make();
    send({ type: 'HELLO', reader: 'RK-X9', firmware: '2.0.1', protocol: 0, zones: ['in', 'top'] });
    const list = await app.inject({ method: 'GET', url: '/api/director/readers', headers: AUTH });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      readers: [neverHeard('RK-E1'), neverHeard('FL-1')],
      unknown: [{ id: 'RK-X9', port: '/dev/ttyACM3', at: T0 + 10, firmware: '2.0.1', zones: ['in', 'top'], connected: true }],
      removed: [],
    });

    const res = await app.inject({ method: 'POST', url: '/api/director/readers/RK-X9/assign', headers: AUTH, payload: { as: 'RK-E1' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().unknown).toEqual([]);
    expect(res.json().readers[0]).toMatchObject({ id: 'RK-E1', state: 'unsynced', physicalId: 'RK-X9', port: '/dev/ttyACM3', firmware: '2.0.1' });
    expect(store.events('t1').map((e) => [e.type, e.data])).toEqual([['reader-assigned', { reader: 'RK-X9', as: 'RK-E1', by: 'director' }]]);
  });

  it('POST assign: 400 naming the field, 404 not waiting / not configured', async () => {
    const { app, send } = await make();
    send({ type: 'HELLO', reader: 'RK-X9', firmware: '2.0.1', protocol: 0, zones: ['in', 'top'] });
    const post = (id: string, payload: unknown) => app.inject({ method: 'POST', url: `/api/director/readers/${id}/assign`, headers: AUTH, payload: payload as object });
    let res = await post('RK-X9', {});
    expect([res.statusCode, res.json().message]).toEqual([400, 'body.as is required']);
    res = await post('RK-X9', { as: '' });
    expect([res.statusCode, res.json().message]).toEqual([400, 'body.as must NOT have fewer than 1 characters']);
    res = await post('RK-X9', { as: 'RK E1' });
    expect([res.statusCode, res.json().message]).toEqual([400, 'body.as must match pattern "^[A-Za-z0-9_.-]+$"']);
    res = await post('RK-X9', { as: 'RK-Q1' });
    expect([res.statusCode, res.json().message]).toEqual([404, "no configured reader 'RK-Q1' (body.as must name a reader of the table config)"]);
    res = await post('RK-Z0', { as: 'RK-E1' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("reader 'RK-Z0' is not waiting for the director (it has not said HELLO with an unknown id since the hub started)");
  });

  it('DELETE removes a configured reader that never comes (event in the store); again → 404; a connected one → 409', async () => {
    const { app, store, send } = await make();
    let res = await app.inject({ method: 'DELETE', url: '/api/director/readers/FL-1', headers: AUTH });
    expect(res.statusCode).toBe(200);
    expect(res.json().readers.map((r: { id: string }) => r.id)).toEqual(['RK-E1']);
    expect(res.json().removed).toEqual(['FL-1']);
    expect(store.events('t1').map((e) => [e.type, e.data])).toEqual([['reader-removed', { reader: 'FL-1', by: 'director' }]]);
    res = await app.inject({ method: 'DELETE', url: '/api/director/readers/FL-1', headers: AUTH });
    expect([res.statusCode, res.json().message]).toEqual([404, "no expected reader 'FL-1' (configured and not removed already)"]);

    send({ type: 'HELLO', reader: 'RK-E1', firmware: '2.0.1', protocol: 0, zones: ['in', 'top'] });
    res = await app.inject({ method: 'DELETE', url: '/api/director/readers/RK-E1', headers: AUTH });
    expect(res.statusCode).toBe(409);
  });

  it("GET carries a reader's lost lines as their range: after seq 1, seq 40 → lines 2-39 lost, 38 lines, one gap", async () => {
    const { app, send } = await make();
    send({ type: 'HELLO', reader: 'RK-E1', firmware: '1.2.0', protocol: 0, zones: ['in', 'top'] }); // T0 + 10
    send({ type: 'SNAP', seq: 0, zone: 'in', tags: [] });
    send({ type: 'SNAP', seq: 1, zone: 'top', tags: [] });
    send({ type: 'HB', seq: 40, uptimeMs: 40_000 }); // T0 + 40: 2..39 never came
    const res = await app.inject({ method: 'GET', url: '/api/director/readers', headers: AUTH });
    expect(res.statusCode).toBe(200);
    expect(res.json().readers[0]).toMatchObject({ id: 'RK-E1', gaps: 1, lost: [{ from: 2, to: 39, lines: 38, at: T0 + 40 }], linesLost: 38 }); // 39 - 2 + 1
  });

  it('GET shows the start of frame a HELLO announced (sof=1 → sof: true)', async () => {
    const { app, send } = await make();
    send({ type: 'HELLO', reader: 'FL-1', firmware: '1.0.0', protocol: 1, zones: ['floor'], sof: true });
    const res = await app.inject({ method: 'GET', url: '/api/director/readers', headers: AUTH });
    expect(res.json().readers.map((r: { id: string; sof: boolean | null }) => [r.id, r.sof])).toEqual([
      ['RK-E1', null],
      ['FL-1', true],
    ]);
  });
});
