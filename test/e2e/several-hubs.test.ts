/**
 * Several hubs, one event (docs/several-hubs.md), end to end: a real PostgreSQL server and two hub
 * OS processes (the built `dist/hub/main.js`) that share only that database, each with its own
 * simulated table: hub hall-a plays the demo's table t1 (its own simulator), hub hall-b table t2,
 * read from a simulator this file starts with a pick from the wrong wall injected (003 rule 20).
 * A director logged in at hall-a sees both tables in the room, reads t2's flag and dismisses it
 * through hall-a; hall-b, which owns t2's log, applies the ruling. After SIGKILL of hall-b, its
 * table shows offline in hall-a's room, and online again once hall-b is started again.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { postgresSkipReason, startTestPostgres, type TestPostgres } from '../../hub/store/pg-test-server.js';
import { builtEntry, ensureBuiltHub } from '../support/built-hub.js';
import { directorLogin, type DirectorAuth } from './room-harness.js';
import { type HubProcess, killAll, run, startHub as startHubWith, tableConfig, until } from './hubs-harness.js';
import { DIRECTOR_NAMESPACE, EV } from '../../hub/contract/socket.js';
import { ROOM_SUMMARY_EV, type RoomTableSummary } from '../../hub/contract/room-summary.js';
import { signalDeal, tilesInWalls, type WallsView } from '../../hub/simulator/deal-signal.js';
import { TILES_IN_SET } from '../../rules/tiles.js';

const SECRET = 'several-hubs-secret';
const skip = postgresSkipReason();
if (skip) console.log(`several-hubs.test.ts skipped: ${skip}`);

const folders: string[] = [];
let pgServer: TestPostgres | null = null;

describe.skipIf(skip !== null)(`several hubs, one event${skip ? ` (skipped: ${skip})` : ''}`, () => {
  const startHub = (args: string[]) => startHubWith(SECRET, args);
  let hallA: HubProcess;
  let hallB: HubProcess;
  let simB: ChildProcess;
  let auth: DirectorAuth;
  let room: Socket;
  let db: string;
  let dir: string;
  /** every summary hall-a's room was sent, latest per table */
  const summaries = new Map<string, RoomTableSummary>();

  beforeAll(async () => {
    ensureBuiltHub();
    pgServer = await startTestPostgres();
    db = await pgServer.createDatabase('event');
    dir = mkdtempSync(path.join(tmpdir(), 'mjhub-hubs-'));
    folders.push(dir);
    // hall-b's table t2: a simulator over TCP with a pick from the wrong wall at its 3rd pick (003 rule 20)
    const configB = tableConfig(dir, 't2');
    const simDir = path.join(dir, 'sim-b');
    const simOptions = { seed: 3, pace: 150, games: 1, linger: 600_000, dir: simDir, config: configB, transport: 'tcp', inject: 'wall', 'inject-at': 3 };
    const sim = run([builtEntry('hub/simulator/main.ts'), ...Object.entries(simOptions).flatMap(([k, v]) => [`--${k}`, String(v)]), '--deal-on-signal']);
    simB = sim.child;
    const portsFile = path.join(simDir, 'ports.json');
    await until(() => existsSync(portsFile) || null, 20_000, `the simulator's ports (${sim.output()})`);
    const ports = (JSON.parse(readFileSync(portsFile, 'utf8')) as { port: string }[]).map((p) => p.port);
    hallB = await startHub(['--config', configB, '--data', path.join(dir, 'b'), '--database-url', db, '--hub-id', 'hall-b', '--reader', ...ports]);
    // the simulator deals once hall-b shows t2's walls built (all 152 tiles), as `mjhub start` tells its own
    await until(async () => (tilesInWalls((await (await fetch(`${hallB.url}/api/tables/t2`)).json()) as WallsView) === TILES_IN_SET ? true : null), 30_000, "t2's walls built at hall-b");
    signalDeal(simDir);
    // hall-a: the demo's table t1 with its own simulator, slow (this file watches t2)
    hallA = await startHub(['--config', tableConfig(dir, 't1'), '--data', path.join(dir, 'a'), '--database-url', db, '--hub-id', 'hall-a', '--sim-pace', '1000', '--sim-transport', 'tcp']);
    auth = await directorLogin(hallA.url, SECRET);
    room = io(`${hallA.url}${DIRECTOR_NAMESPACE}`, { auth: { token: auth.authorization.slice('Bearer '.length) }, transports: ['websocket'] });
    room.on(ROOM_SUMMARY_EV.tables, (p: { tables: RoomTableSummary[] }) => p.tables.forEach((s) => summaries.set(s.tableId, s)));
    room.on(ROOM_SUMMARY_EV.table, (s: RoomTableSummary) => summaries.set(s.tableId, s));
    room.emit(ROOM_SUMMARY_EV.watchTables, {});
  }, 180_000);

  afterAll(async () => {
    room?.close();
    killAll();
    await pgServer?.stop();
    for (const d of folders) rmSync(d, { recursive: true, force: true });
  });

  it("hall-a's room lists hall-b's table; a ruling made at hall-a reaches t2 at hall-b; killed, hall-b's table shows offline; started again, online", async () => {
    // the room at hall-a: its own t1, and t2 told by hall-b (its 9 readers, every one connected)
    const t2 = await until(() => summaries.get('t2'), 15_000, "t2 in hall-a's room");
    expect(summaries.get('t1')?.hub).toBeUndefined();
    expect(t2.hub).toEqual({ id: 'hall-b', online: true });
    expect(t2.readerCount).toBe(9);

    // t2's director view through hall-a (hall-b answers): the wrong-wall pick, one hand dead
    type Flag = { id: string; kind: string; rule: string; status: string };
    const viewOf = async (url: string, route: string) => (await (await fetch(`${url}${route}`, { headers: auth })).json()) as { flags: Flag[] };
    const flagged = await until(
      async () => {
        const v = await viewOf(hallA.url, '/api/director/tables/t2');
        return v.flags?.length > 0 ? v : null;
      },
      150_000,
      `t2's flag (hall-b: ${hallB.output().slice(-2000)})`,
    );
    expect(flagged.flags.map((f) => [f.kind, f.rule, f.status])).toEqual([['wrong-wall', '003 rule 20', 'awaiting-director']]);
    const flag = flagged.flags[0]!;

    // the director dismisses it at hall-a: hall-b writes the ruling to t2's log
    const ruled = await fetch(`${hallA.url}/api/director/tables/t2/flags/${flag.id}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ ruling: 'dismiss' }),
    });
    expect(ruled.status).toBe(200);
    const atB = (await (await fetch(`${hallB.url}/api/tables/t2`)).json()) as { flags: Flag[] };
    expect(atB.flags.map((f) => [f.id, f.status])).toEqual([[flag.id, 'dismissed']]);

    // a socket at hall-a watching t2's director view gets hall-b's snapshot, the ruling in it
    const snap = await new Promise<{ tableId: string; view: { flags: Flag[] } }>((resolve) => {
      room.once(EV.snapshot, resolve);
      room.emit(EV.watch, { tableId: 't2' });
    });
    expect(snap.tableId).toBe('t2');
    expect(snap.view.flags.map((f) => [f.id, f.status])).toEqual([[flag.id, 'dismissed']]);

    // hall-b dies (SIGKILL, its readers' simulator with it): within the 4 s it is not heard and a
    // second of heartbeat, hall-a's room shows t2 offline, each of its 9 readers listed offline
    hallB.child.kill('SIGKILL');
    simB.kill('SIGKILL');
    const offline = await until(() => (summaries.get('t2')?.hub?.online === false ? summaries.get('t2') : null), 15_000, "t2 offline in hall-a's room");
    expect(offline.hub).toEqual({ id: 'hall-b', online: false });
    expect(offline.offlineReaders.map((r) => r.state)).toEqual(Array(9).fill('offline'));
    // hall-a goes on serving its own table
    expect((await fetch(`${hallA.url}/api/tables/t1`)).status).toBe(200);

    // hall-b started again with the same hub id (its own simulator now, slow): it opens its own log
    // again and is heard; hall-a's room shows t2 online
    await startHub(['--config', path.join(dir, 't2.json'), '--data', path.join(dir, 'b'), '--database-url', db, '--hub-id', 'hall-b', '--sim-pace', '1000', '--sim-transport', 'tcp']);
    const back = await until(() => (summaries.get('t2')?.hub?.online === true ? summaries.get('t2') : null), 15_000, "t2 heard again in hall-a's room");
    expect(back.hub).toEqual({ id: 'hall-b', online: true });
  }, 240_000);
});
