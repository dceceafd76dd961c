/**
 * Assembles a hub: the event store, the reader supervisor, one table engine per configured table,
 * the reader transports, and the HTTP + socket.io server. Used by `mjhub start` and by the tests.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { openSqliteStore } from './store/sqlite.js';
import type { EventStore } from './store/types.js';
import { ReaderSupervisor, type Connection } from './readers/supervisor.js';
import { TableEngine } from './table/engine.js';
import { createHubServer } from './api/server.js';
import { openReaderPort } from './transports/tcp.js';
import type { Transport, TransportSink } from './transports/transport.js';
import type { LoadedTable } from './config/load.js';
import { simulatedTileSet } from './tilesets/simulated.js';
import type { TileId } from '../rules/tiles.js';

export interface HubOptions {
  tables: LoadedTable[];
  /** folder for the SQLite log (`<dataDir>/events.sqlite`), or `':memory:'` */
  dataDir: string;
  /** reader addresses to open: serial paths or `tcp://host:port` */
  ports: string[];
  /** HTTP port on 127.0.0.1 (0 = any free port) */
  httpPort: number;
  directorToken: string;
  /** the built display (display/dist), served as a single-page app */
  staticDir?: string;
  logger?: boolean;
}

export interface RunningHub {
  url: string;
  engines: Map<string, TableEngine>;
  supervisor: ReaderSupervisor;
  store: EventStore;
  close(): Promise<void>;
}

/** The tag registry of a tile set, by its id. */
export function tileSetById(id: string): Map<string, TileId> {
  if (id === 'simulated') return simulatedTileSet();
  throw new Error(`unknown tile set "${id}": this hub version knows the "simulated" set (enrollment comes with the readers issue)`);
}

/**
 * Starts a hub.
 * @throws Error when a table names an unknown tile set or the port is taken
 */
export async function startHub(opts: HubOptions): Promise<RunningHub> {
  const dbPath = opts.dataDir === ':memory:' ? ':memory:' : path.join(opts.dataDir, 'events.sqlite');
  if (dbPath !== ':memory:') mkdirSync(opts.dataDir, { recursive: true });
  const store = openSqliteStore(dbPath);

  const engineOfReader = new Map<string, TableEngine>();
  const engines = new Map<string, TableEngine>();
  const configured = new Map<string, string[]>();
  let supervisor: ReaderSupervisor | null = null;
  const health = {
    statuses: (now: number) => supervisor?.statuses(now) ?? [],
    untrusted: (now: number) => supervisor?.untrusted(now) ?? [],
  };
  for (const { table, cards } of opts.tables) {
    const tableReaders = new Set(table.readers.map((r) => r.id));
    const engine = new TableEngine({
      table,
      cards,
      registry: tileSetById(table.tileSet),
      store,
      readers: {
        statuses: (now) => health.statuses(now).filter((s) => tableReaders.has(s.id)),
        untrusted: (now) => health.untrusted(now).filter((id) => tableReaders.has(id)),
      },
    });
    engines.set(table.id, engine);
    for (const r of table.readers) {
      engineOfReader.set(r.id, engine);
      configured.set(r.id, Object.keys(r.zones));
    }
  }
  const route = (zone: string) => engineOfReader.get(zone.slice(0, zone.indexOf('/')));
  const staleMs = Math.min(...opts.tables.map((t) => t.table.timing.staleMs));
  supervisor = new ReaderSupervisor(
    configured,
    store,
    {
      snapshot: (zone, tags, at, line) => route(zone)?.snapshot(zone, tags, at, line),
      add: (zone, tag, at, line) => route(zone)?.add(zone, tag, at, line),
      remove: (zone, tag, at, line) => route(zone)?.remove(zone, tag, at, line),
      status: (reader) => engineOfReader.get(reader)?.readerStatusChanged(),
    },
    staleMs,
  );
  // stale is a matter of time: refresh the views now and then so a silent reader shows as stale
  const staleTimer = setInterval(() => {
    for (const e of engines.values()) e.readerStatusChanged();
  }, Math.max(250, Math.floor(staleMs / 2)));

  const sup = supervisor;
  const sink: TransportSink = {
    opened: (c: Connection) => sup.opened(c),
    line: (c: Connection, text: string, at: number) => sup.line(c, text, at),
    closed: (c: Connection) => sup.closed(c),
  };
  const transports: Transport[] = [];
  for (const p of opts.ports) transports.push(await openReaderPort(p, sink));

  const server = await createHubServer({
    tables: [...engines.values()],
    directorToken: opts.directorToken,
    ...(opts.staticDir ? { staticDir: opts.staticDir } : {}),
    logger: opts.logger ?? false,
  });
  const url = await server.listen(opts.httpPort);

  return {
    url,
    engines,
    supervisor,
    store,
    async close() {
      clearInterval(staleTimer);
      for (const t of transports) await t.close();
      for (const e of engines.values()) e.close();
      await server.close();
      store.close();
    },
  };
}
