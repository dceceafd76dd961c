/**
 * Weak tags from the readers' own lines: a reader supervisor fed with raw protocol lines, its
 * sightings tapped into ReadStats, and the director's `GET /api/director/enroll/:tableId/weak-tags`.
 * The joker J#3 is missing from 4 of the 10 snapshots of RK-E1/in (never 3 in a row): read 6 times
 * where 10 reads were due, rate 0.6; the other tiles there were read every time and are not listed.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeLine } from '../../firmware-protocol/codec.js';
import type { ReaderMessage } from '../../firmware-protocol/messages.js';
import { ReaderSupervisor, type Connection, type SightingSink } from '../readers/supervisor.js';
import { openSqliteStore } from '../store/sqlite.js';
import { createHubServer, type HubServer } from '../api/server.js';
import { FakeTableRuntime, sampleDirectorView } from '../api/fake-runtime.js';
import { loadHubConfig } from '../config/load.js';
import { startHub, type RunningHub } from '../hub.js';
import { ReadStats } from './read-stats.js';
import { simulatedTileSet, tagOfTile } from './simulated.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TOKEN = 'weak-tags-token';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const T0 = 1_700_000_000_000;
const RACK = ['1B#1', '5D#2', 'J#3', 'N#4'].map((t) => tagOfTile(t as 'J#3'));
const JOKER = tagOfTile('J#3');
/** the snapshots (0-based) J#3 is missing from: 4 of 10, never 3 in a row */
const MISSED = new Set([1, 3, 5, 7]);

/** The lines RK-E1 sends: HELLO, then 10 snapshots of `in` (2 s apart) and of `top`, with garbage mixed in. */
function rackLines(): { text: string; at: number }[] {
  const out: { text: string; at: number }[] = [];
  let seq = 0;
  const line = (m: ReaderMessage, at: number) => out.push({ text: encodeLine(m), at });
  line({ type: 'HELLO', reader: 'RK-E1', firmware: '1.0.0', protocol: 0, zones: ['in', 'top'] }, T0);
  for (let s = 0; s < 10; s++) {
    const at = T0 + 100 + s * 2000;
    line({ type: 'SNAP', seq: seq++, zone: 'in', tags: RACK.filter((t) => !(t === JOKER && MISSED.has(s))) }, at);
    line({ type: 'SNAP', seq: seq++, zone: 'top', tags: [] }, at + 5);
    if (s === 4) out.push({ text: 'SNAP seq=99 zone=in tags=04*ZZZZ', at: at + 7 }, { text: '\u0000\u00ff garbage', at: at + 8 });
  }
  return out;
}

const conn = (name: string): Connection => ({ name, write: () => {} });

const servers: HubServer[] = [];
const hubs: RunningHub[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
  for (const h of hubs.splice(0)) await h.close();
});

describe('ReadStats from a reader supervisor', () => {
  it('J#3 missing from 4 of 10 snapshots is weak at rate 0.6; the API lists it; every sighting still reaches the table', async () => {
    const stats = new ReadStats();
    stats.addTable('t1', 'simulated', simulatedTileSet(), ['RK-E1']);
    const passed: string[] = [];
    const next: SightingSink = {
      snapshot: (z, tags) => passed.push(`SNAP ${z} ${tags.length}`),
      add: (z, tag) => passed.push(`ADD ${z} ${tag}`),
      remove: (z, tag) => passed.push(`DEL ${z} ${tag}`),
      status: () => {},
    };
    const sup = new ReaderSupervisor(new Map([['RK-E1', ['in', 'top']]]), openSqliteStore(':memory:'), stats.tap(next), 5000);
    const c = conn('/dev/pts/9');
    for (const l of rackLines()) sup.line(c, l.text, l.at);

    // the table saw all 20 snapshots, as before the tap
    expect(passed.filter((p) => p.startsWith('SNAP RK-E1/in')).map((p) => Number(p.split(' ')[2]))).toEqual([4, 3, 4, 3, 4, 3, 4, 3, 4, 4]);
    expect(passed.filter((p) => p.startsWith('SNAP RK-E1/top'))).toHaveLength(10);

    const server = await createHubServer({ tables: [new FakeTableRuntime(sampleDirectorView('t1'))], directorToken: TOKEN, readStats: stats });
    servers.push(server);
    const res = await server.app.inject({ method: 'GET', url: '/api/director/enroll/t1/weak-tags', headers: AUTH });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      tableId: 't1',
      setId: 'simulated',
      minRate: 0.9,
      minScans: 5,
      weak: [{ tag: JOKER, tile: 'J#3', zone: 'RK-E1/in', reads: 6, expected: 10, rate: 0.6 }],
    });
    // a looser threshold lists nothing; a stricter one still only the joker (the others were read 10 of 10)
    expect((await server.app.inject({ method: 'GET', url: '/api/director/enroll/t1/weak-tags?minRate=0.6', headers: AUTH })).json().weak).toEqual([]);
    const strict = (await server.app.inject({ method: 'GET', url: '/api/director/enroll/t1/weak-tags?minRate=1&minScans=10', headers: AUTH })).json();
    expect(strict.weak.map((w: { tile: string }) => w.tile)).toEqual(['J#3']);
  });

  it('an ADD is a read; zones of readers of no table are ignored; a bad tag map names the table', () => {
    const stats = new ReadStats();
    stats.addTable('t1', 'simulated', simulatedTileSet(), ['RK-E1']);
    for (let s = 0; s < 6; s++) stats.snapshot('RK-E1/in', s === 2 || s === 3 ? [] : [JOKER], T0 + s * 2000);
    expect(stats.weakTags('t1')!.weak).toEqual([{ tag: JOKER, tile: 'J#3', zone: 'RK-E1/in', reads: 4, expected: 6, rate: 0.667 }]);
    stats.add('RK-E1/in', JOKER, T0 + 5000); // read between scans 2 and 3 by an ADD
    expect(stats.weakTags('t1')!.weak[0]).toMatchObject({ reads: 5, expected: 6, rate: 0.833 });
    stats.snapshot('XX-9/in', [JOKER], T0); // not a reader of any table: nothing happens
    expect(stats.weakTags('t9')).toBeUndefined();
    expect(() => stats.addTable('t2', 'club-set-3', new Map([['08A1B2C3', 'J#1']]), ['RK-X'])).toThrow(/^table t2: tile set "club-set-3": entries\[0\] 08A1B2C3 is a random UID/);
  });

  it('the route: 401 without the token, 404 for an unknown table or a hub without read rates, 400 for a bad minRate', async () => {
    const stats = new ReadStats();
    stats.addTable('t1', 'simulated', simulatedTileSet(), ['RK-E1']);
    const withStats = await createHubServer({ tables: [new FakeTableRuntime(sampleDirectorView('t1'))], directorToken: TOKEN, readStats: stats });
    const without = await createHubServer({ tables: [new FakeTableRuntime(sampleDirectorView('t1'))], directorToken: TOKEN });
    servers.push(withStats, without);
    const get = (s: HubServer, url: string, headers: Record<string, string> = AUTH) => s.app.inject({ method: 'GET', url, headers });
    expect((await get(withStats, '/api/director/enroll/t1/weak-tags', {})).statusCode).toBe(401);
    let res = await get(withStats, '/api/director/enroll/t7/weak-tags');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("unknown table 't7'");
    res = await get(without, '/api/director/enroll/t1/weak-tags');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("the hub keeps no read rates for table 't1' (no tile set in play there)");
    res = await get(withStats, '/api/director/enroll/t1/weak-tags?minRate=2');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/minRate must be <= 1/);
    res = await get(withStats, '/api/director/enroll/t1/weak-tags');
    expect(res.json()).toEqual({ tableId: 't1', setId: 'simulated', minRate: 0.9, minScans: 5, weak: [] });
  });
});

describe('the hub wires its readers to the read rates (hub/hub.ts)', () => {
  it('lines on a reader connection of a running hub make J#3 weak at 0.6 on GET /api/director/enroll/t1/weak-tags', async () => {
    const hub = await startHub({
      tables: loadHubConfig(path.join(ROOT, 'hub/config/tables/siamese-demo.json')),
      dataDir: ':memory:',
      ports: [],
      httpPort: 0,
      directorToken: TOKEN,
    });
    hubs.push(hub);
    const c = conn('/dev/pts/9');
    hub.supervisor.opened(c);
    for (const l of rackLines()) hub.supervisor.line(c, l.text, l.at);
    const res = await fetch(`${hub.url}/api/director/enroll/t1/weak-tags`, { headers: AUTH });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      tableId: 't1',
      setId: 'simulated',
      minRate: 0.9,
      minScans: 5,
      weak: [{ tag: JOKER, tile: 'J#3', zone: 'RK-E1/in', reads: 6, expected: 10, rate: 0.6 }],
    });
  });
});
