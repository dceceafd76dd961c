/**
 * The messages between the hub's main thread and its table workers (`--workers N`,
 * ./pool.ts and ./worker.ts). The main thread keeps the HTTP and socket.io front, the reader
 * transports and the reader supervisor; a worker owns whole tables: their tile tracker, rules
 * engine and the writer of their log. Everything here is structured-clone data.
 */
import type { OnBoardDebounce } from '../../firmware-protocol/messages.js';
import type { ScoringSettings } from '../../rules/scoring/settings.js';
import type { TileId } from '../../rules/tiles.js';
import type { DirectorTableView, GameResultView, PublicTableView, ReaderStatus, SeatView } from '../api/views.js';
import type { LoadedTable } from '../config/load.js';
import type { LoggedTable } from '../table/machine.js';
import type { CountRuleInForce } from '../tournament/config.js';
import type { TournamentOutcome } from '../../rules/scoring/tournament.js';

/** One table a worker is to run: its config and what the main thread resolved for it. */
export interface WorkerTableInit {
  loaded: LoadedTable;
  /** tag UID → tile: the table's tile set (hub/hub.ts `tileSetById`) */
  registry: Map<string, TileId>;
  /** a Siamese table's 003 rule 18 count rule in force */
  countRule?: CountRuleInForce;
  /** a standard table's scoring settings when a tournament plays it (000 scoring) */
  scoring?: ScoringSettings;
}

/** What a worker starts with (its `workerData`). */
export interface WorkerInit {
  /** this worker's number, 1 … N (the main thread's connection to the log is 0) */
  index: number;
  /** N + 1: how many connections write the log (the store's `shard.of`) */
  of: number;
  /** the SQLite log's folder (`<dataDir>/events.sqlite`), or `':memory:'` (then each worker has a log of its own) */
  dataDir: string;
  tables: WorkerTableInit[];
}

/** A reader's sighting, as the supervisor's sink got it (hub/readers/session.ts `SightingSink`). */
export type Sighting =
  | { k: 'snapshot'; zone: string; tags: readonly string[]; at: number; line: number; rssi?: readonly (number | null)[] }
  | { k: 'add'; zone: string; tag: string; at: number; line: number; rssi?: number }
  | { k: 'remove'; zone: string; tag: string; at: number; line: number };

/** A table's readers as the supervisor sees them now: what the table's engine asks its `readers` for. */
export interface TableHealth {
  table: string;
  /** each of the table's readers' status, as `ReaderSupervisor.statuses(now, ids)` gave it */
  statuses: ReaderStatus[];
  /** reader id → the on-board debounce its last v1 HELLO announced, for the readers that did */
  onBoard: [string, OnBoardDebounce][];
}

/** The director's actions and the reads a route awaits, by the engine method's name. */
export type CallMethod = 'rule' | 'enter' | 'restartChoice' | 'closeNotSeen' | 'gameRecord' | 'gameCapture' | 'gameReplay';

/** The methods of {@link CallMethod} that change the table: answered only once the change is durable and published. */
export const CHANGING_CALLS: ReadonlySet<CallMethod> = new Set(['rule', 'enter', 'restartChoice', 'closeNotSeen']);

/** One item for a worker; a batch keeps the order they were made in. */
export type ToWorkerItem =
  | Sighting
  | { k: 'health'; h: TableHealth }
  | { k: 'status'; table: string }
  | { k: 'call'; id: number; table: string; method: CallMethod; args: unknown[] }
  | { k: 'close' };

/** Everything the main thread sends a worker: the items of one turn of its event loop, in order. */
export interface ToWorker {
  items: ToWorkerItem[];
}

/** A table's views after a change, each already cut for whom it is for. */
export interface TableViews {
  table: string;
  public: PublicTableView;
  director: DirectorTableView;
  /** each player's own view, by player index */
  seats: SeatView[];
  /** nothing the readers showed is still to be logged (`TableMachine.quiet`) */
  quiet: boolean;
  /** a standard table's game with its result once it ended (what a tournament's score card takes), else null */
  result: { gameNo: number; outcome: TournamentOutcome } | null;
  /** the latest director's ruling on a flag of the game in play (`TableMachine.latestRulingOf`) */
  ruling: { gameNo: number; ruling: GameResultView['ruling'] };
}

/** An error a call threw, as it crosses the threads (rebuilt as its class on the main thread). */
export interface CallError {
  name: string;
  message: string;
  /** RulingError's HTTP status */
  status?: number;
}

/** Everything a worker sends the main thread. */
export type FromWorker =
  | { t: 'ready'; tables: (TableViews & { logged: LoggedTable })[] }
  | { t: 'failed'; message: string }
  | { t: 'views'; v: TableViews }
  | { t: 'quiet'; table: string; quiet: boolean }
  | { t: 'reply'; id: number; ok: true; value: unknown }
  | { t: 'reply'; id: number; ok: false; error: CallError }
  | { t: 'log'; level: 'warn' | 'error'; message: string }
  | { t: 'closed' };
