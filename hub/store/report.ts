/**
 * A store's write errors, logged once per change of state: the first failure of a run of retries
 * (`warn`), writing again after it (`info`), stopped for good (`error`), and what a close could
 * not write (`error`). A store retries a failing write many times while a disk is full or a server
 * is down (SQLite with a capped backoff), so logging each failure would flood the log.
 */
import type { HubLogger } from '../log.js';
import type { StoreHealth } from './types.js';

/** See the module comment. */
export interface StoreErrorLog {
  /** a store's `onFlushError` */
  error(err: unknown): void;
  /** the store's health now (called now and then): logs `writing again` after a run of failures */
  health(h: StoreHealth): void;
}

/** Builds a {@link StoreErrorLog} writing to `log` (the hub's `store` part). */
export function storeErrorLog(log: HubLogger): StoreErrorLog {
  let state: 'ok' | 'retrying' | 'stopped' = 'ok';
  return {
    error(err) {
      const message = (err as Error)?.message ?? String(err);
      if (message.startsWith('STOPPED')) {
        state = 'stopped';
        log.error(message);
      } else if (/closed with .* not written/.test(message)) {
        log.error(message);
      } else if (state === 'ok') {
        state = 'retrying';
        log.warn(`writing the event log fails, will retry: ${message}`);
      }
    },
    health(h) {
      if (state === 'retrying' && h.ok) {
        state = 'ok';
        log.info('writing the event log again: everything pending is written');
      }
    },
  };
}
