/**
 * A table worker (`--workers N`): runs whole tables off the hub's main thread. It opens its own
 * connection to the event log (SQLite, WAL, busy timeout: ./protocol.ts `WorkerInit`), builds each
 * table's engine through the one factory (hub/table/factory.ts), feeds it the sightings and reader
 * health the main thread routes here, and posts each table's views back after every change. A
 * change is posted only once the log holds it (the engines publish after the commit,
 * hub/table/publish.ts), and a director's action is answered only after its change is posted.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { OnBoardDebounce } from '../../firmware-protocol/messages.js';
import type { ReaderStatus } from '../api/views.js';
import { RulingError, NoOpenNoticeError } from '../api/runtime.js';
import { openHubStore } from '../store/open.js';
import { createTableEngine, type AnyTableEngine } from '../table/factory.js';
import { publishWhenDurable } from '../table/publish.js';
import { CHANGING_CALLS, type CallError, type FromWorker, type TableViews, type ToWorker, type ToWorkerItem, type WorkerInit } from './protocol.js';

if (!parentPort) throw new Error('hub/workers/worker.ts runs as a worker thread of the hub (--workers N), not on its own');
const port = parentPort;
const post = (m: FromWorker) => port.postMessage(m);

/** The table's readers as the main thread last told (./protocol.ts `TableHealth`). */
interface HealthMirror {
  statuses: ReaderStatus[];
  onBoard: Map<string, OnBoardDebounce>;
}

/** Every view of `engine` now, each cut for whom it is for. */
function viewsOf(engine: AnyTableEngine): TableViews {
  const pub = engine.publicView();
  const seats = pub.players.map((_, p) => engine.seatView(p));
  // a 4-player game's outcome goes on the tournament's score card (000); a Siamese table has none there
  const g = pub.variant === 'standard' ? engine.gameState() : null;
  return {
    table: engine.id,
    public: pub,
    director: engine.directorView(),
    seats,
    quiet: engine.quiet(),
    result: g?.result ? { gameNo: g.gameNo, outcome: g.result.outcome } : null,
    ruling: { gameNo: pub.gameNo, ruling: engine.latestRulingOf(pub.gameNo) },
  };
}

/** An error thrown by a call, as it crosses the threads. */
function callError(err: unknown): CallError {
  if (err instanceof RulingError) return { name: err.name, message: err.message, status: err.status };
  if (err instanceof NoOpenNoticeError || err instanceof Error) return { name: err.name, message: err.message };
  return { name: 'Error', message: String(err) };
}

async function run(init: WorkerInit): Promise<void> {
  const store = await openHubStore({
    dataDir: init.dataDir,
    shard: { index: init.index, of: init.of },
    onFlushError: (err) => post({ t: 'log', level: 'error', message: `table worker ${init.index}: event log: ${(err as Error)?.message ?? String(err)}` }),
  });
  const health = new Map<string, HealthMirror>();
  const engines = new Map<string, AnyTableEngine>();
  const engineOfReader = new Map<string, AnyTableEngine>();
  for (const t of init.tables) {
    const { table, cards } = t.loaded;
    const mirror: HealthMirror = { statuses: [], onBoard: new Map() };
    health.set(table.id, mirror);
    const engine = createTableEngine({
      table,
      cards,
      registry: t.registry,
      ...(table.timing.settleByArea ? { settleByArea: table.timing.settleByArea } : {}),
      ...(t.countRule ? { countRule: t.countRule } : {}),
      ...(t.scoring ? { scoring: t.scoring } : {}),
      store,
      readers: {
        statuses: () => mirror.statuses,
        untrusted: () => mirror.statuses.filter((s) => s.state !== 'connected').map((s) => s.id),
        onBoardDebounce: (id: string) => mirror.onBoard.get(id) ?? null,
      },
    });
    engines.set(table.id, engine);
    for (const r of table.readers) engineOfReader.set(r.id, engine);
    engine.onChange(() => post({ t: 'views', v: viewsOf(engine) }));
  }
  post({ t: 'ready', tables: [...engines.values()].map((e) => ({ ...viewsOf(e), logged: e.loggedTable() })) });

  // quiet() changes with the tracker's timers too, not only with a change: told when it does
  const quiet = new Map([...engines].map(([id, e]) => [id, e.quiet()]));
  const quietTimer = setInterval(() => {
    for (const [id, e] of engines) {
      const q = e.quiet();
      if (quiet.get(id) === q) continue;
      quiet.set(id, q);
      post({ t: 'quiet', table: id, quiet: q });
    }
  }, 200);

  const route = (zone: string) => engineOfReader.get(zone.slice(0, zone.indexOf('/')));
  const handle = (item: ToWorkerItem): void => {
    switch (item.k) {
      case 'snapshot':
        route(item.zone)?.snapshot(item.zone, item.tags, item.at, item.line, item.rssi);
        return;
      case 'add':
        route(item.zone)?.add(item.zone, item.tag, item.at, item.line, item.rssi);
        return;
      case 'remove':
        route(item.zone)?.remove(item.zone, item.tag, item.at, item.line);
        return;
      case 'health': {
        const m = health.get(item.h.table);
        if (!m) return;
        m.statuses = item.h.statuses;
        m.onBoard = new Map(item.h.onBoard);
        return;
      }
      case 'status':
        engines.get(item.table)?.readerStatusChanged();
        return;
      case 'call': {
        const engine = engines.get(item.table);
        const reply = (m: FromWorker) => post(m);
        try {
          if (!engine) throw new Error(`table '${item.table}' is not run by table worker ${init.index}`);
          const fn = (engine as unknown as Record<string, (...a: unknown[]) => unknown>)[item.method];
          if (typeof fn !== 'function') throw new Error(`table '${item.table}' has no ${item.method}`);
          const value = fn.apply(engine, item.args);
          // a change is answered after its views are posted: the reply's view is the durable one
          if (CHANGING_CALLS.has(item.method)) publishWhenDurable(store, () => reply({ t: 'reply', id: item.id, ok: true, value: undefined }));
          else reply({ t: 'reply', id: item.id, ok: true, value });
        } catch (err) {
          reply({ t: 'reply', id: item.id, ok: false, error: callError(err) });
        }
        return;
      }
      case 'close':
        clearInterval(quietTimer);
        for (const e of engines.values()) e.close();
        store.close();
        store
          .drain()
          .catch((err: unknown) => post({ t: 'log', level: 'error', message: `table worker ${init.index}: event log at close: ${(err as Error)?.message ?? String(err)}` }))
          .finally(() => {
            post({ t: 'closed' });
            port.close();
          });
        return;
    }
  };
  port.on('message', (m: ToWorker) => {
    for (const item of m.items) handle(item);
  });
}

run(workerData as WorkerInit).catch((err: unknown) => post({ t: 'failed', message: (err as Error)?.message ?? String(err) }));
