/**
 * Assembles a hub: the event store, the reader supervisor, one table engine per configured table,
 * the reader transports, and the HTTP + socket.io server. Used by `mjhub start` and by the tests.
 */
import { openHubStore } from './store/open.js';
import type { EventStore } from './store/types.js';
import { ReaderSupervisor, type Connection, type SightingSink } from './readers/supervisor.js';
import { TableEngine } from './table/engine.js';
import { createTableEngine, type AnyTableEngine } from './table/factory.js';
import { startTableWorkers, WorkerTable, type TableWorkers, type WorkerShard } from './workers/pool.js';
import type { TableHealth, WorkerTableInit } from './workers/protocol.js';
import { createHubServer } from './api/server.js';
import { TournamentService, type TournamentConfig } from './tournament/service.js';
import { attachRelay } from './api/relay.js';
import { loadOrCreateSeatSecret } from './api/seat.js';
import { openReaderPort } from './transports/tcp.js';
import { withConnectionLog } from './transports/connection-log.js';
import type { Transport, TransportSink } from './transports/transport.js';
import type { ClippedLine } from '../firmware-protocol/lines.js';
import type { LoadedTable } from './config/load.js';
import { simulatedTileSet } from './tilesets/simulated.js';
import { enrolledTagMap, tileSetDir } from './tilesets/store.js';
import { ReadStats } from './tilesets/read-stats.js';
import type { TileId } from '../rules/tiles.js';
import { silentLogger, type HubLogger } from './log.js';
import { storeErrorLog } from './store/report.js';
import { logFlags } from './table/log-flags.js';
import { countRulesInForce } from './tournament/config.js';
import { openEventLink, type EventLink } from './api/event-hubs.js';

export interface HubOptions {
  tables: LoadedTable[];
  /** folder for the SQLite log (`<dataDir>/events.sqlite`), or `':memory:'` */
  dataDir: string;
  /** `postgres://…`: keep the event log in PostgreSQL instead of SQLite (a central server over several rooms) */
  databaseUrl?: string;
  /**
   * with `databaseUrl`: this hub's id in an event of several hubs sharing that database (`--hub-id`,
   * e.g. `hall-a`; docs/several-hubs.md): its log is its own (schema `mjhub_hall_a`), and the hubs
   * share one socket.io space (hub/api/event-hubs.ts)
   */
  hubId?: string;
  /** reader addresses to open: serial paths or `tcp://host:port` */
  ports: string[];
  /** HTTP port (0 = any free port) */
  httpPort: number;
  /** the address to listen on (`--host`): default `127.0.0.1` (this machine only); `0.0.0.0` lets phones in */
  httpHost?: string;
  /** the base URL written into seat links and QR codes (`--public-url`), e.g. `http://192.168.1.20:8080`; default: the director's request origin */
  publicUrl?: string;
  /** where a port's connection lines go (cannot connect, connects again: hub/transports/connection-log.ts); default `logger`, `transports` part */
  log?: (line: string) => void;
  /**
   * the hub's log (hub/log.ts): each part logs through its own child (`part`: transports, readers,
   * table, store, api, tournament), with `table` and `reader` where one is concerned; default: nowhere
   */
  logger?: HubLogger;
  /** the fixed director bearer token for scripts (never shown to players) */
  directorToken: string;
  /** the director's login secret (`POST /api/login`); default: directorToken */
  directorSecret?: string;
  /** how long a director's login lasts, in ms (default 12 h); with a data folder it survives a restart */
  directorSessionTtlMs?: number;
  /** a tournament (000) played at some of the tables: hub/tournament/service.ts, e.g. hub/config/tournament-demo.json */
  tournament?: TournamentConfig;
  /** the table config's path, named where a setting of it is shown or refused (default "the table config") */
  tablesFile?: string;
  /** the tournament config's path, likewise (default "the tournament config") */
  tournamentFile?: string;
  /** the built display (display/dist), served as a single-page app */
  staticDir?: string;
  /** how far behind the live game the spectators' broadcast shows the concealed hands (ms; hub/api/broadcast.ts); default 15 min */
  broadcastDelayMs?: number;
  /**
   * more reader addresses, found once every table has folded its log and before any port opens:
   * `mjhub start` starts its simulators here, each told where the log leaves its table (a
   * simulator resumes the game in play: hub/simulator/state.ts). What it throws closes everything
   * opened and is thrown again.
   */
  readerPorts?: (tables: ReadonlyMap<string, HubTable>) => Promise<string[]>;
  /**
   * how many worker threads run the table engines (`--workers N`; hub/workers/pool.ts): 0 (the
   * default) runs every table on this thread, as one hub always did; N ≥ 1 deals the tables to N
   * workers (each owns whole tables: tracker, engine, the writer of their log) and keeps HTTP,
   * socket.io, the reader transports and the reader supervisor here. Needs the SQLite log.
   */
  workers?: number;
}

/** A table of a running hub: its engine on this thread, or the view of one a table worker runs. */
export type HubTable = AnyTableEngine | WorkerTable;

export interface RunningHub {
  url: string;
  /**
   * one engine per table run on this thread: the Siamese engine, or the standard 4-player one for
   * `variant: "standard"`; empty when table workers run them (`workers`)
   */
  engines: Map<string, AnyTableEngine>;
  /** every table, in config order: `engines`, or the tables the workers run */
  tables: Map<string, HubTable>;
  /** the table workers, 1 … N (`workers`); empty when the tables run on this thread */
  tableWorkers: WorkerShard[];
  supervisor: ReaderSupervisor;
  store: EventStore;
  /** the tournament, when `tournament` was given (recordGame is the standard engine's hook) */
  tournament: TournamentService | null;
  close(): Promise<void>;
}

/** The tag registry of a tile set, by its id. */
export function tileSetById(id: string, dataDir?: string): Map<string, TileId> {
  if (id === 'simulated') return simulatedTileSet();
  if (id === 'none') return new Map(); // no set yet: every tag is unknown (a table to enrol a new set at)
  // an enrolled set: <dataDir>/tilesets/<id>.json (hub/tilesets/store.ts; throws for a draft or a bad file)
  const enrolled = dataDir && dataDir !== ':memory:' ? enrolledTagMap(tileSetDir(dataDir), id) : null;
  if (enrolled) return enrolled;
  throw new Error(
    `unknown tile set "${id}": it is neither "simulated" nor enrolled in ${dataDir && dataDir !== ':memory:' ? tileSetDir(dataDir) : 'this hub (no data folder)'} (enrol it at /enroll/<table>)`,
  );
}

/** A standard table's game with its result once it ended (what a tournament's score card takes), else null. */
function endedGame(engine: TableEngine): ReturnType<WorkerTable['result']> {
  const g = engine.gameState();
  return g.result ? { gameNo: g.gameNo, outcome: g.result.outcome } : null;
}

/**
 * Starts a hub.
 * @throws Error when a table names an unknown tile set, or the port is taken (EADDRINUSE) or the
 *   host is not this machine's (EADDRNOTAVAIL): everything opened is closed first
 * @throws TournamentConfigError before anything opens when a Siamese table's `countRule` differs
 *   from the tournament's (003 rule 18A / 18D: hub/tournament/config.ts `countRulesInForce`)
 */
export async function startHub(opts: HubOptions): Promise<RunningHub> {
  const countRules = countRulesInForce(
    opts.tablesFile ?? 'the table config',
    opts.tables.map(({ table }) => table),
    opts.tournament ? { file: opts.tournamentFile ?? 'the tournament config', config: opts.tournament } : undefined,
  );
  const log = opts.logger ?? silentLogger();
  const storeLog = log.child({ part: 'store' });
  const tableLogOf = () => log.child({ part: 'table' });
  const storeErrors = storeErrorLog(storeLog);
  if (opts.hubId !== undefined && !opts.databaseUrl) throw new Error("a hub id (--hub-id) needs the event's PostgreSQL database (--database-url): the hubs of an event share it");
  const workerCount = opts.workers ?? 0;
  if (!Number.isInteger(workerCount) || workerCount < 0) throw new Error(`workers must be a whole number, 0 or more, not ${opts.workers}`);
  if (workerCount > 0 && opts.databaseUrl) throw new Error('table workers (--workers) write the SQLite log in the data folder; with --database-url run the hub with --workers 0');
  // with table workers, this thread's connection is one of N + 1 writing the log (hub/store/sqlite.ts `shard`)
  const store = await openHubStore({ ...opts, onFlushError: storeErrors.error, ...(workerCount > 0 ? { shard: { index: 0, of: workerCount + 1 } } : {}) });
  const tournament = opts.tournament ? new TournamentService({ config: opts.tournament, store }) : null;

  const engineOfReader = new Map<string, AnyTableEngine>();
  const tableOfReader = new Map<string, string>();
  const engines = new Map<string, AnyTableEngine>();
  const inits: WorkerTableInit[] = [];
  const configured = new Map<string, string[]>();
  let supervisor: ReaderSupervisor | null = null;
  // read rates of each table's tile set, fed by every snapshot and ADD (weak tags for the director)
  const readStats = new ReadStats();
  for (const { table, cards } of opts.tables) {
    const tableReaderIds = table.readers.map((r) => r.id);
    const tagMap = tileSetById(table.tileSet, opts.dataDir);
    readStats.addTable(table.id, table.tileSet, tagMap, tableReaderIds);
    const common = {
      table,
      cards,
      registry: tagMap,
      ...(table.timing.settleByArea ? { settleByArea: table.timing.settleByArea } : {}),
      // a table the tournament plays scores by the tournament's settings (checked against the table's at start)
      ...(tournament && tournament.config.kind === 'standard' && tournament.config.tables.some((x) => x.hubTable === table.id) ? { scoring: tournament.config.scoring } : {}),
      store,
      readers: {
        // one table's readers only: asking for all of them on every tick grows with the square of the room
        statuses: (now: number) => supervisor?.statuses(now, tableReaderIds) ?? [],
        untrusted: (now: number) => supervisor?.untrusted(now, tableReaderIds) ?? [],
        onBoardDebounce: (id: string) => supervisor?.onBoardDebounce(id) ?? null,
      },
    };
    const countRule = countRules.get(table.id);
    for (const r of table.readers) {
      tableOfReader.set(r.id, table.id);
      configured.set(r.id, Object.keys(r.zones));
    }
    if (workerCount > 0) {
      inits.push({ loaded: { table, cards }, registry: tagMap, ...(countRule ? { countRule } : {}), ...(common.scoring ? { scoring: common.scoring } : {}) });
      continue;
    }
    const engine = createTableEngine({ ...common, ...(countRule ? { countRule } : {}) });
    engines.set(table.id, engine);
    for (const r of table.readers) engineOfReader.set(r.id, engine);
  }
  /** the readers of a table as the supervisor sees them now (what a table worker's engine asks for) */
  const healthOf = (tableId: string): TableHealth => {
    const ids = opts.tables.find((t) => t.table.id === tableId)?.table.readers.map((r) => r.id) ?? [];
    const now = Date.now();
    return {
      table: tableId,
      statuses: supervisor?.statuses(now, ids) ?? [],
      onBoard: ids.flatMap((id) => {
        const d = supervisor?.onBoardDebounce(id);
        return d ? [[id, d] as [string, NonNullable<typeof d>]] : [];
      }),
    };
  };
  let workers: TableWorkers | null = null;
  if (workerCount > 0) {
    try {
      workers = await startTableWorkers({
        tables: inits,
        workers: workerCount,
        dataDir: opts.dataDir,
        healthOf,
        onLog: (level, message) => tableLogOf()[level](message),
        beforePost: () => store.flush(),
      });
    } catch (e) {
      store.close();
      await store.drain().catch(() => undefined);
      throw e;
    }
  }
  const tables = new Map<string, HubTable>(workers ? workers.tables : engines);
  const running = workers;
  const route = (zone: string) => engineOfReader.get(zone.slice(0, zone.indexOf('/')));
  // with workers, a sighting goes to the worker that owns the reader's table, in the order it came
  const sightings: SightingSink = running
    ? {
        snapshot: (zone, tags, at, line, rssi) => running.shardOfReader(zone.slice(0, zone.indexOf('/')))?.sight({ k: 'snapshot', zone, tags, at, line, ...(rssi ? { rssi } : {}) }),
        add: (zone, tag, at, line, rssi) => running.shardOfReader(zone.slice(0, zone.indexOf('/')))?.sight({ k: 'add', zone, tag, at, line, ...(rssi !== undefined ? { rssi } : {}) }),
        remove: (zone, tag, at, line) => running.shardOfReader(zone.slice(0, zone.indexOf('/')))?.sight({ k: 'remove', zone, tag, at, line }),
        status: (reader) => {
          const id = tableOfReader.get(reader);
          if (id !== undefined) tables.get(id)?.readerStatusChanged();
        },
      }
    : {
        // a v1 reader's signal strength goes to the tracker (a strong read settles sooner)
        snapshot: (zone, tags, at, line, rssi) => route(zone)?.snapshot(zone, tags, at, line, rssi),
        add: (zone, tag, at, line, rssi) => route(zone)?.add(zone, tag, at, line, rssi),
        remove: (zone, tag, at, line) => route(zone)?.remove(zone, tag, at, line),
        status: (reader) => engineOfReader.get(reader)?.readerStatusChanged(),
      };
  // a hub with no table (the event bench's memory baseline) refreshes every 2.5 s, as at the demo's 5 s
  const staleMs = opts.tables.length > 0 ? Math.min(...opts.tables.map((t) => t.table.timing.staleMs)) : 5000;
  const readersLog = log.child({ part: 'readers' });
  supervisor = new ReaderSupervisor(configured, store, readStats.tap(sightings), staleMs, { tableOf: (id) => tableOfReader.get(id), log: readersLog });
  // the workers' engines were built before the supervisor: they learn their readers' state now
  for (const t of workers?.tables.values() ?? []) t.readerStatusChanged();
  // stale is a matter of time: refresh the views now and then so a silent reader shows as stale
  const staleTimer = setInterval(
    () => {
      for (const e of tables.values()) e.readerStatusChanged();
      if (store.health) storeErrors.health(store.health());
    },
    Math.max(250, Math.floor(staleMs / 2)),
  );
  // every flag raised, once, with its table (the director's rulings: hub/api/server.ts)
  const tableLog = tableLogOf();
  for (const t of tables.values()) logFlags(t, tableLog.child({ table: t.id }));

  const sup = supervisor;
  const sink: TransportSink = {
    opened: (c: Connection) => sup.opened(c),
    line: (c: Connection, text: string, at: number) => sup.line(c, text, at),
    overlong: (c: Connection, line: ClippedLine, at: number) => sup.overlong(c, line, at),
    closed: (c: Connection, reason: string, retrying?: boolean) => sup.closed(c, reason, retrying),
    link: (c: Connection, retrying: boolean, reason: string | null) => sup.link(c, retrying, reason),
  };
  const transports: Transport[] = [];
  // one line per port per change of state (cannot connect / connected again), never per retry
  const transportLog = log.child({ part: 'transports' });
  const logged = withConnectionLog(sink, opts.log ?? ((line, level, port) => transportLog[level]({ port }, line)));
  /** A start that failed: closes what was opened so far (the server and the event link when given), the store last. */
  const abandon = async (server?: { close(): Promise<void> }, event?: EventLink | null): Promise<void> => {
    clearInterval(staleTimer);
    tournament?.close();
    for (const t of transports) await t.close();
    sup.close();
    for (const engine of engines.values()) engine.close();
    await workers?.close();
    await server?.close();
    await event?.close();
    store.close();
    await store.drain().catch(() => undefined);
  };
  let ports = opts.ports;
  if (opts.readerPorts) {
    try {
      ports = [...ports, ...(await opts.readerPorts(tables))];
    } catch (e) {
      await abandon();
      throw e;
    }
  }
  for (const p of ports) transports.push(await openReaderPort(p, logged));

  // a standard table's game, once over, goes on the tournament's score card (000 scoring)
  if (tournament) {
    const tournamentLog = log.child({ part: 'tournament' });
    for (const engine of tables.values()) {
      const ended = engine.publicView().variant !== 'standard' ? null : engine instanceof WorkerTable ? () => engine.result() : () => endedGame(engine);
      if (!ended) continue;
      // why a game did not go on a card, logged once per game and reason (report runs on every change)
      const told = new Set<string>();
      const report = () => {
        const g = ended();
        if (!g) return;
        const r = tournament.recordGame(engine.id, g.outcome, { hubGameNo: g.gameNo });
        if (r.recorded) {
          tournamentLog.info(
            { table: engine.id, round: r.round, card: r.table, game: r.game },
            `game ${g.gameNo} of table ${engine.id} recorded: round ${r.round}, tournament table ${r.table}, game ${r.game}`,
          );
        } else if (!r.reason.includes('is already recorded') && !told.has(`${g.gameNo} ${r.reason}`)) {
          told.add(`${g.gameNo} ${r.reason}`);
          tournamentLog.warn({ table: engine.id, game: g.gameNo }, `game ${g.gameNo} of table ${engine.id} is not on a score card: ${r.reason}`);
        }
      };
      engine.onChange(report);
      report(); // a game that ended before a restart is recorded once (hubGameNo makes it idempotent)
    }
  }

  let event: EventLink | null = null;
  if (opts.hubId !== undefined && opts.databaseUrl) {
    try {
      event = await openEventLink(opts.databaseUrl, opts.hubId, log.child({ part: 'event' }));
      // one login for every hub needs one secret: say which hubs were given another (docs/several-hubs.md)
      const differ = await event.otherDirectorSecrets(opts.directorSecret ?? opts.directorToken);
      if (differ.length > 0)
        log
          .child({ part: 'event' })
          .warn(
            { hubs: differ },
            `hub ${differ.join(', ')} started with another director secret than this hub: a login at one is refused at the other; give every hub the same MJHUB_DIRECTOR_SECRET`,
          );
    } catch (e) {
      await abandon(undefined, event);
      throw e;
    }
  }
  const server = await createHubServer({
    ...(event ? { event } : {}),
    tables: tournament ? tournament.wrap([...tables.values()]) : [...tables.values()],
    ...(tournament ? { tournament } : {}),
    readers: supervisor,
    readStats,
    sections: Object.fromEntries(opts.tables.flatMap(({ table }) => (table.section !== undefined ? [[table.id, table.section]] : []))),
    ...(opts.dataDir !== ':memory:' ? { tileSetDir: tileSetDir(opts.dataDir) } : {}),
    directorToken: opts.directorToken,
    // seat codes (QR) survive a restart: the secret lives in the data folder, or several hubs' event database (any hub opens any seat)
    ...(event ? { seatSecret: event.keys.seat } : opts.dataDir !== ':memory:' ? { seatSecret: loadOrCreateSeatSecret(opts.dataDir) } : {}),
    ...(opts.directorSecret !== undefined ? { directorSecret: opts.directorSecret } : {}),
    // director sessions survive a restart: signing key and logouts live in the data folder
    ...(opts.dataDir !== ':memory:' ? { directorSessionDir: opts.dataDir } : {}),
    ...(opts.directorSessionTtlMs !== undefined ? { sessionTtlMs: opts.directorSessionTtlMs } : {}),
    store,
    ...(opts.staticDir ? { staticDir: opts.staticDir } : {}),
    logger: log.child({ part: 'api' }),
    ...(opts.publicUrl !== undefined ? { publicUrl: opts.publicUrl } : {}),
    ...(opts.broadcastDelayMs !== undefined ? { broadcast: { delayMs: opts.broadcastDelayMs } } : {}),
  });
  // browser relays (Web Serial / Web Bluetooth in a director's page) feed the same sink
  attachRelay(server.io, { sink, isDirectorToken: server.auth.isBearer, isDirectorCookie: server.auth.isCookie });
  let url: string;
  try {
    url = await server.listen(opts.httpPort, opts.httpHost ?? '127.0.0.1');
  } catch (e) {
    // a taken port: close what was opened, so the caller can exit cleanly
    await abandon(server, event);
    throw e;
  }

  return {
    url,
    engines,
    tables,
    tableWorkers: workers?.shards ?? [],
    supervisor,
    store,
    tournament,
    async close() {
      clearInterval(staleTimer);
      // the hub closes its own ports: no "reader disconnected" for each of them
      readersLog.level = 'silent';
      tournament?.close();
      for (const t of transports) await t.close();
      sup.close();
      for (const e of engines.values()) e.close();
      await workers?.close();
      await server.close();
      await event?.close();
      store.close(); // never throws: what it cannot write it reports
      // PostgreSQL: rejects with what could not be written; reported, not thrown (a Ctrl-C must not crash)
      await store.drain().catch((err: unknown) => storeLog.error((err as Error)?.message ?? String(err)));
    },
  };
}
