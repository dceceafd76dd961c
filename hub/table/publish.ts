/**
 * Durable before published: a table's change reaches its views only once the event log holds it.
 * Changes are gathered per store and published together once per event-loop turn: one commit
 * (SQLite `flush()`, or an awaited `drain()` for a store that writes asynchronously, PostgreSQL)
 * for every table that changed in that turn, then each table's listeners once, in order.
 */
import type { EventStore } from '../store/types.js';

type Drainable = EventStore & { drain?: () => Promise<void> };

const queues = new Map<EventStore, (() => void)[]>();

/**
 * Runs `publish` after the next commit of `store`'s pending writes (in the same event-loop turn as
 * every other table's publish on that store). If the write fails nothing is published: the store
 * reports the failure and the change goes out with the next successful commit.
 */
export function publishWhenDurable(store: EventStore, publish: () => void): void {
  let queue = queues.get(store);
  if (queue) {
    queue.push(publish);
    return;
  }
  queue = [publish];
  queues.set(store, queue);
  setImmediate(() => {
    const batch = queues.get(store) ?? [];
    queues.delete(store);
    const run = () => {
      for (const p of batch) p();
    };
    try {
      store.flush();
    } catch {
      return; // not written: publish nothing
    }
    const drain = (store as Drainable).drain;
    if (store.asyncWrites && drain) {
      drain.call(store).then(run, () => undefined);
    } else run();
  });
}
