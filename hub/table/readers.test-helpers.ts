/**
 * Test wiring shared by the engine tests: a table engine fed by a real ReaderSupervisor (decode,
 * CRC, sequence numbers, HELLO identity, reader states), as hub/hub.ts wires them, on the test's
 * own clock.
 */
import type { TableConfig } from '../config/types.js';
import { ReaderSupervisor } from '../readers/supervisor.js';
import type { EventStore } from '../store/types.js';
import type { ReaderHealth, TableMachine } from './machine.js';

/**
 * Builds `make(readers)` (the engine, given the supervisor's reader health) and a supervisor of
 * `table`'s readers whose snapshots, deltas (with a v1 read's rssi) and status changes go to that engine.
 * @param staleMs a reader silent this long is stale (ms; default the table's `timing.staleMs`)
 * @param now the supervisor's clock (ms; default Date.now): the time of the commands it sends and of its rulings
 */
export function engineOnReaders<E extends TableMachine>(
  table: TableConfig,
  store: EventStore,
  make: (readers: ReaderHealth) => E,
  staleMs: number = table.timing.staleMs,
  now?: () => number,
): { engine: E; supervisor: ReaderSupervisor } {
  let sup: ReaderSupervisor | null = null;
  const engine = make({ statuses: (n) => sup!.statuses(n), untrusted: (n) => sup!.untrusted(n), onBoardDebounce: (id) => sup!.onBoardDebounce(id) });
  const supervisor = (sup = new ReaderSupervisor(
    new Map(table.readers.map((r) => [r.id, Object.keys(r.zones)])),
    store,
    {
      snapshot: (z, tags, t, l, rssi) => engine.snapshot(z, tags, t, l, rssi),
      add: (z, tag, t, l, rssi) => engine.add(z, tag, t, l, rssi),
      remove: (z, tag, t, l) => engine.remove(z, tag, t, l),
      status: () => engine.readerStatusChanged(),
    },
    staleMs,
    // these tests feed every reader line themselves on their own clock: the snapshot retries
    // (hub/readers/snap-retry.ts, tested in hub/readers/supervisor.test.ts) never fire here
    { ...(now ? { now } : {}), timers: { set: () => null, clear: () => {} } },
  ));
  return { engine, supervisor };
}
