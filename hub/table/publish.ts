/**
 * Durable before published: a table's change reaches its views only once the event log holds it.
 * Changes are gathered per store and published together once per event-loop turn: one commit
 * (SQLite `flush()`, or an awaited `drain()` for a store that writes asynchronously, PostgreSQL)
 * for every table that changed in that turn, then each table's listeners once, in order.
 *
 * A commit that fails publishes nothing, and loses nothing either: the publishes wait (later ones
 * join them) and the commit is tried again after {@link PUBLISH_RETRY_FIRST_MS}, then twice as long
 * after each further failure, up to {@link PUBLISH_RETRY_MAX_MS}. Once it succeeds every waiting
 * publish runs, so a table's views catch up with the log instead of freezing at the failure.
 */
import type { EventStore } from '../store/types.js';

type Drainable = EventStore & { drain?: () => Promise<void> };

/** The first wait before a failed commit is tried again for the publishes waiting on it (ms). */
export const PUBLISH_RETRY_FIRST_MS = 100;
/** The longest wait between two tries of a failing commit (ms). */
export const PUBLISH_RETRY_MAX_MS = 5000;

/** store → the publishes waiting for its next commit (present while a commit is scheduled) */
const queues = new Map<EventStore, (() => void)[]>();

/**
 * Runs `publish` after the next commit of `store`'s pending writes (in the same event-loop turn as
 * every other table's publish on that store). If the commit fails, `publish` waits for the next
 * commit that succeeds (see the module comment); it never runs before its writes are durable.
 */
export function publishWhenDurable(store: EventStore, publish: () => void): void {
  const queue = queues.get(store);
  if (queue) {
    queue.push(publish);
    return;
  }
  queues.set(store, [publish]);
  setImmediate(() => commit(store, 0));
}

/** Commits `store`, then runs its waiting publishes; on failure tries again later (`failures` so far). */
function commit(store: EventStore, failures: number): void {
  const again = () => {
    const ms = Math.min(PUBLISH_RETRY_MAX_MS, PUBLISH_RETRY_FIRST_MS * 2 ** failures);
    setTimeout(() => commit(store, failures + 1), ms).unref();
  };
  try {
    store.flush();
  } catch {
    again(); // the publishes stay queued; those made meanwhile join them
    return;
  }
  const batch = queues.get(store) ?? [];
  queues.delete(store);
  const drain = (store as Drainable).drain;
  if (!(store.asyncWrites && drain)) {
    runAll(batch);
    return;
  }
  // publishes made from here on wait for a later commit: their writes may not be in this drain
  drain.call(store).then(
    () => runAll(batch),
    () => {
      // a commit already scheduled takes them, first; else one is scheduled for them
      const waiting = queues.get(store);
      if (waiting) waiting.unshift(...batch);
      else {
        queues.set(store, batch);
        again();
      }
    },
  );
}

/** Runs every publish; one that throws does not keep the others from running (its error is rethrown after). */
function runAll(batch: readonly (() => void)[]): void {
  let failed: { err: unknown } | null = null;
  for (const p of batch) {
    try {
      p();
    } catch (err) {
      failed ??= { err };
    }
  }
  if (failed) throw failed.err;
}
