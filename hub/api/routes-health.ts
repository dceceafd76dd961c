/**
 * The director's health route, registered inside the director scope of hub/api/server.ts (so the
 * director's login or bearer token is needed):
 *
 * - `GET /api/director/health` → `{ store: StoreHealth }`: `{ ok: true }` while the event log is
 *   written; otherwise `{ ok: false, error, since, retrying, unwritten }` (hub/store/types.ts): what
 *   failed, since when (ms since epoch), whether the write is being retried, and how many events and
 *   raw lines are not saved (they are lost when the hub stops). The PostgreSQL store adds
 *   `oldestUnwrittenMs` (how long the oldest unwritten row has waited) and `check` (what to check),
 *   and is not ok once that age passes its bound (hub/store/postgres.ts `STORE_STALL_MS`) even
 *   while no write has failed yet (a server that does not answer).
 *
 * Read-only: it changes nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { StoreHealth } from '../store/types.js';
import * as H from '../contract/http.js';
import * as R from '../contract/responses.js';

/** What the route needs from the event store (hub/store/sqlite.ts and postgres.ts implement it). */
export interface HealthSource {
  /** absent: a store that cannot fail (in memory), reported as `{ ok: true }` */
  health?(): StoreHealth;
}

/**
 * A fastify plugin with `GET /api/director/health`. Register it inside the director scope.
 * @param store the hub's event store, or undefined (no store: `{ ok: true }`)
 */
export function healthRoutes(store: HealthSource | undefined) {
  return async function healthRoutesPlugin(app: FastifyInstance): Promise<void> {
    app.get(
      '/api/director/health',
      { schema: { querystring: H.NoQuery, response: R.replies(R.HealthReply) } },
      async (): Promise<{ store: StoreHealth }> => ({ store: store?.health?.() ?? { ok: true } }),
    );
  };
}
