/**
 * The hub's table workers (`--workers N`): each table's engine runs in one of N worker threads
 * (./worker.ts), sharded by table, while this thread keeps HTTP, socket.io, the reader transports
 * and the reader supervisor. This side routes each reader's sightings and its table's reader health
 * to the worker that owns the table, keeps the views each worker posts after a change (public, per
 * seat, director: already cut for whom they are for), and sends director actions and record
 * requests to the owning worker with a request id, answered or refused within {@link CALL_TIMEOUT_MS}.
 *
 * A worker that stops takes its tables offline: their views show every reader offline (never a
 * flag), and every request waiting on it, or made later, is refused with `TableUnavailableError`.
 */
import type { EventLoopUtilization } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { GameRecord } from '../../rules/record/game-record.js';
import type { Capture } from '../capture/format.js';
import type { Replay } from '../record/replay-steps.js';
import { NoOpenNoticeError, RulingError, TableUnavailableError, type AnyDirectorEntry, type TableRuntime } from '../api/runtime.js';
import type { DirectorTableView, FlagStatus, GameResultView, PublicTableView, RestartChoice, SeatView } from '../api/views.js';
import type { LoggedTable } from '../table/machine.js';
import type { CallError, CallMethod, FromWorker, Sighting, TableHealth, TableViews, ToWorkerItem, WorkerInit, WorkerTableInit } from './protocol.js';

/** How long a director's action or a record request waits for the owning worker's answer (ms). */
export const CALL_TIMEOUT_MS = 10_000;

/**
 * Which worker (1 … `workers`) runs each table: the tables in config order, dealt round in turn
 * (table i to worker i mod N + 1), so each worker owns whole tables and a restart with the same
 * config and N gives each table the same worker.
 * @throws RangeError when `workers` is not a whole number of at least 1
 */
export function shardTables(tableIds: readonly string[], workers: number): Map<string, number> {
  if (!Number.isInteger(workers) || workers < 1) throw new RangeError(`workers must be a whole number of at least 1, got ${workers}`);
  return new Map(tableIds.map((id, i) => [id, (i % workers) + 1]));
}

/** A view whose readers all show offline: what a table shows once its worker stopped. */
function readersOffline<V extends { readers?: PublicTableView['readers'] }>(v: V): V {
  return v.readers ? { ...v, readers: v.readers.map((r) => ({ ...r, state: 'offline' as const })) } : v;
}

/** A call's error, rebuilt as the class the API answers for (hub/api/server.ts). */
function rebuildError(e: CallError): Error {
  if (e.name === 'RulingError' && (e.status === 400 || e.status === 404 || e.status === 409)) return new RulingError(e.status, e.message);
  if (e.name === 'NoOpenNoticeError') return new NoOpenNoticeError(e.message);
  const err = new Error(e.message);
  err.name = e.name;
  return err;
}

/**
 * One table as the API sees it when a worker runs its engine: the views are the ones the worker
 * last posted; a director's action is sent to the worker and resolves once its change is durable
 * and the views here show it.
 */
export class WorkerTable implements TableRuntime {
  readonly id: string;
  private views: TableViews;
  private readonly logged: LoggedTable;
  private readonly listeners = new Set<() => void>();
  private quietNow: boolean;

  /** @param shard the worker that owns the table; `first` its views and logged standing at the worker's start */
  constructor(
    private readonly shard: WorkerShard,
    first: TableViews & { logged: LoggedTable },
  ) {
    const { logged, ...views } = first;
    this.id = views.table;
    this.views = views;
    this.logged = logged;
    this.quietNow = views.quiet;
  }

  publicView(): PublicTableView {
    return this.views.public;
  }

  directorView(): DirectorTableView {
    return this.views.director;
  }

  /** @throws RangeError when `player` is not a player of this table */
  seatView(player: number): SeatView {
    const v = this.views.seats[player];
    if (!v) throw new RangeError(`table '${this.id}' has players 0-${this.views.seats.length - 1}, not ${player}`);
    return v;
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  rule(flagId: string, ruling: 'confirm' | 'dismiss', by: string, deadRack?: number, was?: FlagStatus): Promise<void> {
    return this.shard.call(this.id, 'rule', [flagId, ruling, by, deadRack, was]) as Promise<void>;
  }

  enter(entry: AnyDirectorEntry, by: string): Promise<void> {
    return this.shard.call(this.id, 'enter', [entry, by]) as Promise<void>;
  }

  restartChoice(choice: RestartChoice, by: string): Promise<void> {
    return this.shard.call(this.id, 'restartChoice', [choice, by]) as Promise<void>;
  }

  closeNotSeen(tile: string, by: string): Promise<void> {
    return this.shard.call(this.id, 'closeNotSeen', [tile, by]) as Promise<void>;
  }

  gameRecord(gameNo: number): Promise<GameRecord | null> {
    return this.shard.call(this.id, 'gameRecord', [gameNo]) as Promise<GameRecord | null>;
  }

  gameCapture(gameNo: number): Promise<Capture | null> {
    return this.shard.call(this.id, 'gameCapture', [gameNo]) as Promise<Capture | null>;
  }

  gameReplay(gameNo: number): Promise<Replay | null> {
    return this.shard.call(this.id, 'gameReplay', [gameNo]) as Promise<Replay | null>;
  }

  /** The latest ruling on a flag of game `gameNo`, as the worker last posted it: known for the game in play only (a tournament asks for that one). */
  latestRulingOf(gameNo: number): GameResultView['ruling'] {
    return this.views.ruling.gameNo === gameNo ? this.views.ruling.ruling : null;
  }

  /** The worker that runs the table (1 … N). */
  get worker(): number {
    return this.shard.index;
  }

  /** A standard table's game with its result once it ended (the tournament's score card), else null. */
  result(): TableViews['result'] {
    return this.views.result;
  }

  /** Where the log left the table when its worker started (`mjhub start` resumes its simulators from it). */
  loggedTable(): LoggedTable {
    return this.logged;
  }

  /** Nothing the readers showed is still to be logged, as the worker last told. */
  quiet(): boolean {
    return this.quietNow;
  }

  /** The table's readers changed (or time passed): the worker is told, with their health now. */
  readerStatusChanged(): void {
    this.shard.statusChanged(this.id);
  }

  /** The worker's views after a change. */
  update(v: TableViews): void {
    this.views = v;
    this.quietNow = v.quiet;
    this.emit();
  }

  /** The worker's quiet() changed without a change of the views. */
  setQuiet(q: boolean): void {
    this.quietNow = q;
  }

  /** The worker stopped: every reader shows offline, and the table waits for no more move. */
  offline(): void {
    const v = this.views;
    this.views = { ...v, public: readersOffline(v.public), director: readersOffline(v.director), quiet: true };
    this.quietNow = true;
    this.emit();
  }

  /** Nothing to stop here: the worker's engines are stopped with the worker. */
  close(): void {}

  private emit(): void {
    for (const l of this.listeners) l();
  }
}

/** A worker's options, as {@link startTableWorkers} passes them on. */
interface ShardOptions {
  index: number;
  of: number;
  dataDir: string;
  tables: WorkerTableInit[];
  healthOf: (tableId: string) => TableHealth;
  onLog: (level: 'warn' | 'error', message: string) => void;
  callTimeoutMs: number;
  beforePost?: () => void;
}

/** One worker thread and the tables it owns. */
export class WorkerShard {
  readonly index: number;
  readonly tables = new Map<string, WorkerTable>();
  private readonly worker: Worker;
  private outbox: ToWorkerItem[] = [];
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();
  private nextId = 1;
  private stopped: string | null = null;
  private closing: (() => void) | null = null;
  /** resolves when the worker has built its tables (rejects when it could not) */
  readonly ready: Promise<void>;

  constructor(private readonly opts: ShardOptions) {
    this.index = opts.index;
    const init: WorkerInit = { index: opts.index, of: opts.of, dataDir: opts.dataDir, tables: opts.tables };
    // compiled beside this file (dist/), or its source under tsx (the tests: a worker takes no --import, so it registers tsx itself)
    const compiled = import.meta.url.endsWith('.js');
    const entry = new URL(compiled ? './worker.js' : './worker.ts', import.meta.url);
    this.worker = compiled
      ? new Worker(entry, { workerData: init })
      : new Worker(`import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((t) => { t.register(); return import(${JSON.stringify(entry.href)}); });`, { eval: true, workerData: init });
    this.ready = new Promise<void>((resolve, reject) => {
      this.worker.on('message', (m: FromWorker) => {
        if (m.t === 'ready') {
          for (const t of m.tables) this.tables.set(t.table, new WorkerTable(this, t));
          resolve();
        } else if (m.t === 'failed') reject(new Error(`table worker ${opts.index} could not start its tables (${opts.tables.map((t) => t.loaded.table.id).join(', ')}): ${m.message}`));
        else this.received(m);
      });
      this.worker.on('error', (err) => {
        reject(err);
        this.gone(`its table worker ${opts.index} failed: ${err.message}`);
      });
      this.worker.on('exit', (code) => {
        reject(new Error(`table worker ${opts.index} stopped (exit code ${code}) before its tables were ready`));
        this.gone(`its table worker ${opts.index} stopped (exit code ${code})`);
      });
    });
  }

  /**
   * The worker thread's event-loop utilisation (node:perf_hooks), since `since` when given: how
   * much of the time it was running the engines of its tables (`active` ms) rather than waiting.
   */
  eventLoopUtilization(since?: EventLoopUtilization): EventLoopUtilization {
    return since ? this.worker.performance.eventLoopUtilization(since) : this.worker.performance.eventLoopUtilization();
  }

  /** Queues `item` for the worker; the items of one turn of the event loop go together, in order. */
  send(item: ToWorkerItem): void {
    if (this.stopped !== null) return;
    if (this.outbox.length === 0) setImmediate(() => this.flush());
    this.outbox.push(item);
  }

  /** A reader's sighting for a table of this worker. */
  sight(s: Sighting): void {
    this.send(s);
  }

  /** Table `id`'s readers changed: their health now, then the engine is told. */
  statusChanged(id: string): void {
    this.send({ k: 'health', h: this.opts.healthOf(id) });
    this.send({ k: 'status', table: id });
  }

  /**
   * Calls `method` of table `table`'s engine in the worker.
   * @throws (rejects) the engine's RulingError / NoOpenNoticeError as thrown there; TableUnavailableError
   *   when the worker has stopped or does not answer within the timeout
   */
  call(table: string, method: CallMethod, args: unknown[]): Promise<unknown> {
    if (this.stopped !== null) return Promise.reject(new TableUnavailableError(`table '${table}' is not available: ${this.stopped}`));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new TableUnavailableError(`table '${table}' is not available: its table worker ${this.index} did not answer ${method} within ${this.opts.callTimeoutMs / 1000} s`));
      }, this.opts.callTimeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.send({ k: 'call', id, table, method, args });
    });
  }

  /**
   * Ends the worker at once, as a crash would: nothing it holds unwritten is written, its tables
   * show offline. For a test of what a hub does when a worker dies; {@link close} stops it cleanly.
   */
  async terminate(): Promise<void> {
    await this.worker.terminate();
  }

  /** Stops the worker once its engines are stopped and its log written. */
  async close(): Promise<void> {
    if (this.stopped !== null) return;
    const done = new Promise<void>((resolve) => {
      this.closing = resolve;
    });
    this.send({ k: 'close' });
    // a worker that cannot finish in time is ended: what it holds unwritten it reported
    const bound = setTimeout(() => void this.worker.terminate(), 10_000);
    await done;
    clearTimeout(bound);
  }

  private flush(): void {
    const items = this.outbox;
    this.outbox = [];
    if (items.length === 0 || this.stopped !== null) return;
    try {
      // the raw lines these sightings name are durable before an event of the worker can cite them
      this.opts.beforePost?.();
    } catch {
      // a commit that fails is retried by the store; the table plays on meanwhile (its evidence waits)
    }
    this.worker.postMessage({ items });
  }

  private received(m: FromWorker): void {
    switch (m.t) {
      case 'views':
        this.tables.get(m.v.table)?.update(m.v);
        return;
      case 'quiet':
        this.tables.get(m.table)?.setQuiet(m.quiet);
        return;
      case 'reply': {
        const p = this.pending.get(m.id);
        if (!p) return;
        this.pending.delete(m.id);
        clearTimeout(p.timer);
        if (m.ok) p.resolve(m.value);
        else p.reject(rebuildError(m.error));
        return;
      }
      case 'log':
        this.opts.onLog(m.level, m.message);
        return;
      case 'closed':
        this.stopped = `its table worker ${this.index} was closed`;
        this.closing?.();
        return;
    }
  }

  /** The worker is gone: its tables show offline, every waiting request is refused. */
  private gone(why: string): void {
    this.closing?.();
    if (this.stopped !== null) return;
    this.stopped = why;
    this.opts.onLog('error', `${why}: its tables (${[...this.tables.keys()].join(', ')}) show offline`);
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new TableUnavailableError(`a table of worker ${this.index} is not available: ${why}`));
      this.pending.delete(id);
    }
    for (const t of this.tables.values()) t.offline();
  }
}

/** What {@link startTableWorkers} takes. */
export interface TableWorkersOptions {
  /** every table, in config order, with what the main thread resolved for it */
  tables: WorkerTableInit[];
  /** how many worker threads (at least 1) */
  workers: number;
  /** the SQLite log's folder, or `':memory:'` */
  dataDir: string;
  /** a table's reader health now (the supervisor's statuses of its readers) */
  healthOf: (tableId: string) => TableHealth;
  /** where a worker's log errors go */
  onLog: (level: 'warn' | 'error', message: string) => void;
  /** default {@link CALL_TIMEOUT_MS} */
  callTimeoutMs?: number;
  /**
   * runs before each batch is posted to a worker: the hub commits its own connection's pending
   * writes (the raw reader lines the batch's sightings name), so a worker's event never cites a raw
   * line the log does not hold
   */
  beforePost?: () => void;
}

/** The running workers: their tables, and the routes to them. */
export interface TableWorkers {
  /** every table, in config order, as the API sees it */
  tables: Map<string, WorkerTable>;
  /** each worker, 1 … N */
  shards: WorkerShard[];
  /** the worker that runs the table of reader `id` (undefined: no table has that reader) */
  shardOfReader(id: string): WorkerShard | undefined;
  /** stops every worker (each writes what it holds first) */
  close(): Promise<void>;
}

/**
 * Starts `workers` table workers, each with its share of the tables (see {@link shardTables}),
 * and waits until every one has folded its tables' logs.
 * @throws Error naming the worker and its tables when one could not start them (every worker is stopped first)
 */
export async function startTableWorkers(opts: TableWorkersOptions): Promise<TableWorkers> {
  const ids = opts.tables.map((t) => t.loaded.table.id);
  const shardOf = shardTables(ids, opts.workers);
  const shards: WorkerShard[] = [];
  for (let w = 1; w <= opts.workers; w++) {
    shards.push(
      new WorkerShard({
        index: w,
        of: opts.workers + 1,
        dataDir: opts.dataDir,
        tables: opts.tables.filter((t) => shardOf.get(t.loaded.table.id) === w),
        healthOf: opts.healthOf,
        onLog: opts.onLog,
        callTimeoutMs: opts.callTimeoutMs ?? CALL_TIMEOUT_MS,
        ...(opts.beforePost ? { beforePost: opts.beforePost } : {}),
      }),
    );
  }
  const close = async () => {
    await Promise.all(shards.map((s) => s.close()));
  };
  try {
    await Promise.all(shards.map((s) => s.ready));
  } catch (e) {
    await close();
    throw e;
  }
  const shardOfReader = new Map<string, WorkerShard>();
  for (const t of opts.tables) for (const r of t.loaded.table.readers) shardOfReader.set(r.id, shards[shardOf.get(t.loaded.table.id)! - 1]!);
  const tables = new Map<string, WorkerTable>();
  for (const id of ids) {
    const shard = shards[shardOf.get(id)! - 1]!;
    tables.set(id, shard.tables.get(id)!);
  }
  return { tables, shards, shardOfReader: (id) => shardOfReader.get(id), close };
}
