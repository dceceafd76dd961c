/**
 * The director's tile-set enrolment API through fastify inject: token, body validation naming the
 * field, one-by-one enrolment, the layout, and finish with the make-up check and the file saved.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fullTileSet, kindOf } from '../../rules/tiles.js';
import type { UnknownTag } from '../tracking/tracker.js';
import { FakeTableRuntime, sampleDirectorView } from './fake-runtime.js';
import { createHubServer, type HubServer } from './server.js';
import { loadHubConfig } from '../config/load.js';
import { openSqliteStore } from '../store/sqlite.js';
import { TableEngine } from '../table/engine.js';
import { DIRECTOR_LOGIN_NEEDED_HTTP } from '../../rules/wording/director-login.js';

const TOKEN = 'director-secret-1';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const tag = (i: number) => `04C0FFEE${i.toString(16).toUpperCase().padStart(6, '0')}`;

/** A table whose readers see the unknown tags you put in `seen`. */
class SeeingTable extends FakeTableRuntime {
  seen: UnknownTag[] = [];
  unknownTags(): UnknownTag[] {
    return this.seen;
  }
  owns(zone: string): boolean {
    return zone.startsWith('RK-') || zone.startsWith('FL/');
  }
}

const servers: HubServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function make() {
  const dir = mkdtempSync(path.join(tmpdir(), 'mjhub-enroll-'));
  dirs.push(dir);
  const t1 = new SeeingTable(sampleDirectorView('t1'));
  const hub = await createHubServer({ tables: [t1], directorToken: TOKEN, tileSetDir: dir });
  servers.push(hub);
  const post = (url: string, payload: unknown, headers: Record<string, string> = AUTH) => hub.app.inject({ method: 'POST', url, payload: payload as object, headers });
  return { app: hub.app, t1, dir, post };
}

describe('enrolment API', () => {
  it('401 without the director token', async () => {
    const { app, post } = await make();
    const res = await post('/api/director/enroll/t1/start', { setId: 'club-set-3' }, {});
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(DIRECTOR_LOGIN_NEEDED_HTTP);
    expect((await app.inject({ method: 'GET', url: '/api/director/enroll/t1', headers: { authorization: 'Bearer nope' } })).statusCode).toBe(401);
  });

  it('400 naming the bad field', async () => {
    const { post } = await make();
    let res = await post('/api/director/enroll/t1/start', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('body.setId is required');
    res = await post('/api/director/enroll/t1/start', { setId: 'my set' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^body\.setId: tile set id "my set" has " ", which is not a letter, digit, "_" or "-" \(ids are 1-64 letters/);
    res = await post('/api/director/enroll/t1/start', { setId: 'simulated' });
    expect(res.json().message).toMatch(/^body\.setId: "simulated" is a built-in set id/);
    expect((await post('/api/director/enroll/t1/start', { setId: 'club-set-3' })).statusCode).toBe(200);
    res = await post('/api/director/enroll/t1/tags', { tag: tag(1) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('body.kind is required');
    res = await post('/api/director/enroll/t1/tags', { tag: tag(1), kind: '0B' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('body.kind: kind "0B" is not a tile kind: use 1B-9B, 1C-9C, 1D-9D, N E W S, RD GD WD, F, J');
    res = await post('/api/director/enroll/t1/tags', { tag: 'zz', kind: '1B' });
    expect(res.json().message).toBe('body.tag: tag "zz" is not a tag UID: 4-12 bytes as 8-24 hex digits (even count), e.g. 04A1B2C3D4E5F6');
    res = await post('/api/director/enroll/t1/tags', { tag: '08A1B2C3', kind: '1B' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^body\.tag: tag 08A1B2C3 is a random UID/);
    res = await post('/api/director/enroll/t1/layout', { zone: 'XX/nowhere' });
    expect(res.json().message).toBe(`body.zone: "XX/nowhere" is not a zone of table 't1' (write it reader/zone, e.g. RK-E1/top)`);
    res = await post('/api/director/enroll/t1/finish', { draft: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('body.draft must be boolean');
  });

  it('404 for an unknown table and before an enrolment is started', async () => {
    const { app, post } = await make();
    expect((await post('/api/director/enroll/t9/start', { setId: 'a' })).json()).toEqual({ statusCode: 404, error: 'Not Found', message: "unknown table 't9'" });
    const res = await app.inject({ method: 'GET', url: '/api/director/enroll/t1', headers: AUTH });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("no enrollment on table 't1': start one (POST /api/director/enroll/t1/start)");
  });

  it('enrols one by one from the unknown tags seen, refuses a tag twice, finishes with the make-up check, saves', async () => {
    const { app, t1, dir, post } = await make();
    t1.seen = [
      { tag: tag(0), zone: 'RK-E1/top', at: 1000 },
      { tag: tag(1), zone: 'RK-E1/top', at: 3000 },
      { tag: '08A1B2C3', zone: 'RK-E1/top', at: 2000 },
    ];
    let res = await post('/api/director/enroll/t1/start', { setId: 'club-set-3' });
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({ tableId: 't1', setId: 'club-set-3', enrolled: 0, total: 152, spares: 0, complete: false, entries: [], savedFile: null });
    expect(view.missing).toHaveLength(36);
    // the latest read first; the random UID is marked
    expect(view.unknown).toEqual([
      { tag: tag(1), zone: 'RK-E1/top', at: 3000, random: false },
      { tag: '08A1B2C3', zone: 'RK-E1/top', at: 2000, random: true },
      { tag: tag(0), zone: 'RK-E1/top', at: 1000, random: false },
    ]);

    res = await post('/api/director/enroll/t1/tags', { tag: tag(1), kind: '5d' });
    expect(res.statusCode).toBe(200);
    expect(res.json().entry).toEqual({ tag: tag(1), tile: '5D#1', spare: false });
    expect(res.json().view.enrolled).toBe(1);
    expect(res.json().view.unknown.map((u: { tag: string }) => u.tag)).toEqual(['08A1B2C3', tag(0)]);
    expect(res.json().view.missing.find((m: { kind: string }) => m.kind === '5D')).toEqual({ kind: '5D', count: 3 });

    res = await post('/api/director/enroll/t1/tags', { tag: tag(1), kind: '7B' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`body.tag: tag ${tag(1)} is already enrolled as 5D#1; it cannot also be 7B (the same tag twice)`);

    // undo
    res = await app.inject({ method: 'DELETE', url: `/api/director/enroll/t1/tags/${tag(1)}`, headers: AUTH });
    expect(res.json().entry.tile).toBe('5D#1');
    expect(res.json().view.enrolled).toBe(0);

    // every tile but one 5 Dot, one by one
    const all = fullTileSet();
    for (let i = 0; i < all.length; i++) {
      if (all[i] === '5D#4') continue;
      const r = await post('/api/director/enroll/t1/tags', { tag: tag(i), kind: kindOf(all[i]!) });
      expect(r.statusCode).toBe(200);
    }
    res = await post('/api/director/enroll/t1/finish', {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('set "club-set-3" is not complete: missing 5D ×1 (finish with draft: true to save it and go on later)');
    // a draft is saved, then the last 5 Dot, then finish
    res = await post('/api/director/enroll/t1/finish', { draft: true });
    expect(res.json()).toMatchObject({ complete: false, file: path.join(dir, 'club-set-3.json') });
    res = await post('/api/director/enroll/t1/tags', { tag: '04DDDDDDDDDDDD', kind: '5D' });
    expect(res.json().entry).toEqual({ tag: '04DDDDDDDDDDDD', tile: '5D#4', spare: false });
    res = await post('/api/director/enroll/t1/finish', {});
    expect(res.statusCode).toBe(200);
    expect(res.json().complete).toBe(true);
    expect(res.json().view.makeup).toBe('complete: 152 of 152 (0 spares)');
    const saved = JSON.parse(readFileSync(path.join(dir, 'club-set-3.json'), 'utf8'));
    expect(saved.complete).toBe(true);
    expect(saved.tags).toHaveLength(152);

    // a new start goes on from the saved set
    res = await post('/api/director/enroll/t1/start', { setId: 'club-set-3' });
    expect(res.json().enrolled).toBe(152);
    res = await post('/api/director/enroll/t1/start', { setId: 'club-set-3', fresh: true });
    expect(res.json().enrolled).toBe(0);
  });

  it("enrols a layout: the zone's tags in the order read, from a kind; checks the count laid out", async () => {
    const { t1, post } = await make();
    t1.seen = [
      { tag: tag(10), zone: 'RK-E1/top', at: 1000 },
      { tag: tag(11), zone: 'RK-E1/top', at: 1000 },
      { tag: tag(12), zone: 'FL/floor', at: 1100 },
      { tag: tag(13), zone: 'RK-E1/top', at: 1200 },
      { tag: tag(14), zone: 'RK-E1/top', at: 1300 },
      { tag: tag(15), zone: 'RK-E1/top', at: 1400 },
    ];
    await post('/api/director/enroll/t1/start', { setId: 'club-set-3' });
    let res = await post('/api/director/enroll/t1/layout', { zone: 'RK-E1/top', from: 'S', count: 4 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('you laid out 4 tiles but RK-E1/top reads 5 unknown tags: check the zone, then try again');
    res = await post('/api/director/enroll/t1/layout', { zone: 'RK-E1/top', from: 'S', count: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.json().entries.map((e: { tag: string; tile: string }) => `${e.tag.slice(-2)}=${e.tile}`)).toEqual(['0A=S#1', '0B=S#2', '0D=S#3', '0E=S#4', '0F=RD#1']);
    expect(res.json().view.unknown.map((u: { tag: string }) => u.tag)).toEqual([tag(12)]);
    res = await post('/api/director/enroll/t1/layout', { zone: 'RK-E1/top' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('body.zone: no unknown tags are read in RK-E1/top');
  });

  it('a hub without a data folder cannot save a set (409)', async () => {
    const t1 = new SeeingTable(sampleDirectorView('t1'));
    const hub = await createHubServer({ tables: [t1], directorToken: TOKEN });
    servers.push(hub);
    await hub.app.inject({ method: 'POST', url: '/api/director/enroll/t1/start', payload: { setId: 'x' }, headers: AUTH });
    const res = await hub.app.inject({ method: 'POST', url: '/api/director/enroll/t1/finish', payload: { draft: true }, headers: AUTH });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('this hub keeps no data folder (--data :memory:): a tile set cannot be saved');
  });

  it('with a real table engine (tile set "none"): the readers\' unknown tags, a layout in the order read', async () => {
    const [{ table, cards }] = loadHubConfig(new URL('../config/tables/siamese-demo.json', import.meta.url).pathname) as [ReturnType<typeof loadHubConfig>[0]];
    const store = openSqliteStore(':memory:');
    const engine = new TableEngine({ table: { ...table, tileSet: 'none' }, cards, registry: new Map(), store, readers: { statuses: () => [], untrusted: () => [] }, now: () => 5000 });
    const hub = await createHubServer({ tables: [engine], directorToken: TOKEN });
    servers.push(hub);
    try {
      engine.snapshot('RK-E1/top', [tag(7), tag(3), tag(5)], 1000, 1);
      engine.add('RK-E1/top', tag(9), 2000, 2);
      const post = (url: string, payload: object) => hub.app.inject({ method: 'POST', url, payload, headers: AUTH });
      let res = await post('/api/director/enroll/t1/start', { setId: 'club-set-3' });
      expect(res.json().unknown).toEqual([
        { tag: tag(9), zone: 'RK-E1/top', at: 2000, random: false },
        { tag: tag(7), zone: 'RK-E1/top', at: 1000, random: false },
        { tag: tag(3), zone: 'RK-E1/top', at: 1000, random: false },
        { tag: tag(5), zone: 'RK-E1/top', at: 1000, random: false },
      ]);
      res = await post('/api/director/enroll/t1/layout', { zone: 'XX-9/top' });
      expect(res.json().message).toBe(`body.zone: "XX-9/top" is not a zone of table 't1' (write it reader/zone, e.g. RK-E1/top)`);
      res = await post('/api/director/enroll/t1/layout', { zone: 'RK-E1/top', from: '9D', count: 4 });
      expect(res.statusCode).toBe(200);
      // the snapshot's order, then the later ADD
      expect(res.json().entries.map((e: { tag: string; tile: string }) => [e.tag, e.tile])).toEqual([
        [tag(7), '9D#1'],
        [tag(3), '9D#2'],
        [tag(5), '9D#3'],
        [tag(9), '9D#4'],
      ]);
    } finally {
      engine.close();
      store.close();
    }
  });
});
