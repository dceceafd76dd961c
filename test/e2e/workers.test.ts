/**
 * One hub, many cores: the built hub (dist/hub/main.js) started with `--workers 2` and three
 * simulated Royale Siamese tables over TCP: t1 and t3 run in worker 1, t2 in worker 2
 * (hub/workers/pool.ts `shardTables`: config order, in turn). Every table plays; its views arrive on
 * the public, seat and director sockets; a director's ruling on t2's flag (a pick from the wrong
 * wall, 003 rule 20, injected at t2's 3rd pick) is answered with the ruled view and reaches the
 * director's and the public sockets.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { builtEntry, ensureBuiltHub } from '../support/built-hub.js';
import { directorLogin, type DirectorAuth, ROOT } from './room-harness.js';
import { type HubProcess, killAll, run, startHub, until } from './hubs-harness.js';
import { DIRECTOR_NAMESPACE, EV, SEAT_NAMESPACE } from '../../hub/contract/socket.js';
import { signalDeal, tilesInWalls, type WallsView } from '../../hub/simulator/deal-signal.js';
import { TILES_IN_SET } from '../../rules/tiles.js';

const SECRET = 'workers-secret';
const TABLES = ['t1', 't2', 't3'] as const;

type Flag = { id: string; kind: string; rule: string; status: string };
type View = WallsView & { tableId: string; gameNo: number; phase: string; discards: unknown[]; flags: Flag[]; player?: number };

/**
 * The room config's two tables (t1, t2) and a third, t3: t1 with its readers renamed `<id>-3`, card
 * files named absolutely; written into `dir`.
 */
function threeTables(dir: string): string {
  const src = path.join(ROOT, 'hub/config/tables/siamese-room.json');
  const cfg = JSON.parse(readFileSync(src, 'utf8')) as { tables: { id: string; cards: string[]; readers: { id: string }[] }[] };
  const t3 = structuredClone(cfg.tables[0]!);
  t3.id = 't3';
  for (const r of t3.readers) r.id = `${r.id}-3`;
  cfg.tables.push(t3);
  for (const t of cfg.tables) t.cards = t.cards.map((c) => path.resolve(path.dirname(src), c));
  const file = path.join(dir, 'three-tables.json');
  writeFileSync(file, JSON.stringify(cfg));
  return file;
}

/** A socket.io client keeping the latest view of its namespace (snapshot + deltas). */
function follow(url: string, auth: Record<string, string> | undefined, watch: Record<string, string>): { view: () => View | null; close: () => void } {
  let view: View | null = null;
  const s: Socket = io(url, { transports: ['websocket'], ...(auth ? { auth } : {}) });
  s.on('connect', () => s.emit(EV.watch, watch));
  s.on(EV.snapshot, (p: { view: View }) => {
    view = p.view;
  });
  s.on(EV.delta, (p: { changes: Partial<View> }) => {
    if (view) view = { ...view, ...p.changes };
  });
  return { view: () => view, close: () => s.close() };
}

const folders: string[] = [];
const sockets: { close: () => void }[] = [];

describe('a hub with --workers 2 (three tables over two worker threads)', () => {
  let hub: HubProcess;
  let auth: DirectorAuth;

  beforeAll(async () => {
    ensureBuiltHub();
    const dir = mkdtempSync(path.join(tmpdir(), 'mjhub-workers-'));
    folders.push(dir);
    const config = threeTables(dir);
    const ports: string[] = [];
    const simDirs = new Map<string, string>();
    for (const [i, table] of TABLES.entries()) {
      const simDir = path.join(dir, `sim-${table}`);
      simDirs.set(table, simDir);
      const opts = { seed: 3 + i, pace: 150, games: 1, linger: 600_000, dir: simDir, config, table, transport: 'tcp', ...(table === 't2' ? { inject: 'wall', 'inject-at': 3 } : {}) };
      const sim = run([builtEntry('hub/simulator/main.ts'), ...Object.entries(opts).flatMap(([k, v]) => [`--${k}`, String(v)]), '--deal-on-signal']);
      const portsFile = path.join(simDir, 'ports.json');
      await until(() => existsSync(portsFile) || null, 20_000, `table ${table}'s simulator's ports (${sim.output()})`);
      ports.push(...(JSON.parse(readFileSync(portsFile, 'utf8')) as { port: string }[]).map((p) => p.port));
    }
    hub = await startHub(SECRET, ['--config', config, '--data', path.join(dir, 'data'), '--workers', '2', '--reader', ...ports]);
    // each simulator deals once the hub shows its table's walls built (all 152 tiles), as `mjhub start` tells its own
    for (const table of TABLES) {
      await until(async () => (tilesInWalls((await (await fetch(`${hub.url}/api/tables/${table}`)).json()) as WallsView) === TILES_IN_SET ? true : null), 30_000, `${table}'s walls built`);
      signalDeal(simDirs.get(table)!);
    }
    auth = await directorLogin(hub.url, SECRET);
    // the banner says which worker runs which table
    await until(() => (hub.output().includes('table workers: worker 1: t1, t3; worker 2: t2') ? true : null), 5_000, `the banner's table workers (${hub.output()})`);
  }, 180_000);

  afterAll(() => {
    for (const s of sockets) s.close();
    killAll();
    for (const d of folders) rmSync(d, { recursive: true, force: true });
  });

  it('every table plays; public, seat and director views arrive; a ruling on t2 (worker 2) lands', async () => {
    const token = auth.authorization.slice('Bearer '.length);
    const pub = new Map(TABLES.map((t) => [t, follow(hub.url, undefined, { tableId: t })]));
    const director = follow(`${hub.url}${DIRECTOR_NAMESPACE}`, { token }, { tableId: 't2' });
    sockets.push(...pub.values(), director);
    // a seat phone at t3 (worker 1) for player 2, and at t2 (worker 2) for player 1
    const seatOf = async (table: string, player: number) => {
      const codes = (await (await fetch(`${hub.url}/api/director/tables/${table}/seats`, { headers: auth })).json()) as { player: number; token: string }[];
      const s = follow(`${hub.url}${SEAT_NAMESPACE}`, { token: codes.find((c) => c.player === player)!.token }, {});
      sockets.push(s);
      return s;
    };
    const seats = [await seatOf('t3', 1), await seatOf('t2', 0)];

    // every table plays game 1: discards reach its public socket
    for (const t of TABLES) await until(() => ((pub.get(t)!.view()?.discards.length ?? 0) >= 3 ? true : null), 90_000, `three discards at ${t}`);
    for (const t of TABLES) expect([pub.get(t)!.view()!.tableId, pub.get(t)!.view()!.gameNo]).toEqual([t, 1]);
    // each seat's socket shows its own table and player, in play
    await until(() => (seats.every((s) => s.view()?.phase === 'play') ? true : null), 30_000, 'both seat views in play');
    expect(seats.map((s) => [s.view()!.tableId, s.view()!.player])).toEqual([
      ['t3', 1],
      ['t2', 0],
    ]);

    // t2's pick from the wrong wall reaches the director's socket, awaiting the director
    const flagged = await until(() => director.view()?.flags.find((f) => f.kind === 'wrong-wall') ?? null, 90_000, "t2's wrong-wall flag on the director's socket");
    expect([flagged.rule, flagged.status]).toEqual(['003 rule 20', 'awaiting-director']);
    const ruled = await fetch(`${hub.url}/api/director/tables/t2/flags/${flagged.id}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ ruling: 'dismiss' }),
    });
    expect(ruled.status).toBe(200);
    // the reply is the view after the ruling, durable in worker 2's log
    expect(((await ruled.json()) as View).flags.find((f) => f.id === flagged.id)?.status).toBe('dismissed');
    await until(() => (director.view()?.flags.find((f) => f.id === flagged.id)?.status === 'dismissed' ? true : null), 10_000, "the ruling on the director's socket");
    await until(
      () =>
        pub
          .get('t2')!
          .view()
          ?.flags.find((f) => f.id === flagged.id)?.status === 'dismissed'
          ? true
          : null,
      10_000,
      "the ruling on t2's public socket",
    );
    // no other table was touched by it
    for (const t of ['t1', 't3'] as const)
      expect(
        pub
          .get(t)!
          .view()!
          .flags.filter((f) => f.status === 'dismissed'),
      ).toEqual([]);
  }, 240_000);
});
