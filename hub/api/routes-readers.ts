/**
 * The director's reader routes, registered inside the director scope of hub/api/server.ts (so the
 * bearer-token check of `/api/director/*` applies):
 *
 * - `GET    /api/director/readers`             → `{ readers: ReaderStatus[], unknown: UnknownReader[], removed: string[] }`
 * - `POST   /api/director/readers/:id/assign`  body `{ as: string, by?: string }`: the waiting
 *   reader `:id` (an unknown HELLO id) takes the configured slot `as` (its zones, its seat)
 *   → 200 the list after; 400 bad body (the message names the field), 404 `:id` not waiting or
 *   `as` not configured, 409 the slot's own reader is connected
 * - `DELETE /api/director/readers/:id`         body none or `{ by?: string }` (400 naming a bad or unknown field): the configured reader
 *   `:id` is no longer expected → 200 the list after; 404 not an expected reader, 409 connected
 *
 * Rulings are events in the store (`reader-assigned`, `reader-removed`): a restart keeps them.
 * Refusals are `RulingError`s, answered by the server's error handler as `{ statusCode, error, message }`.
 */
import type { FastifyInstance } from 'fastify';
import type { ReaderDirectoryView } from '../readers/supervisor.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as H from '../contract/http.js';
import * as R from '../contract/responses.js';

/** What the routes need from the reader supervisor (hub/readers/supervisor.ts implements it). */
export interface ReaderDirectory {
  /** the list at `now` (ms since epoch) */
  directory(now: number): ReaderDirectoryView;
  /** @throws RulingError 404 / 409 (see {@link ReaderSupervisor.assign}) */
  assign(id: string, as: string, by?: string): void;
  /** @throws RulingError 404 / 409 (see {@link ReaderSupervisor.remove}) */
  remove(id: string, by?: string): void;
}

/**
 * A fastify plugin with the reader routes. Register it inside the director scope (the token check).
 * @param readers the supervisor; `now` the clock (ms since epoch, default Date.now)
 */
export function readerRoutes(readers: ReaderDirectory, now: () => number = Date.now) {
  return async function readerRoutesPlugin(untyped: FastifyInstance): Promise<void> {
    const app = untyped.withTypeProvider<ZodTypeProvider>(); // params, query and body types from the contract's schemas
    app.get('/api/director/readers', { schema: { querystring: H.NoQuery, response: R.replies(R.ReaderDirectorySchema) } }, async () => readers.directory(now()));
    app.post('/api/director/readers/:id/assign', { schema: { params: H.ReaderParams, querystring: H.NoQuery, body: H.AssignBody, response: R.replies(R.ReaderDirectorySchema) } }, async (req) => {
      readers.assign(req.params.id, req.body.as, req.body.by ?? 'director');
      return readers.directory(now());
    });
    app.delete('/api/director/readers/:id', { schema: { params: H.ReaderParams, querystring: H.NoQuery, body: H.RemoveReaderBody, response: R.replies(R.ReaderDirectorySchema) } }, async (req) => {
      readers.remove(req.params.id, req.body?.by ?? 'director');
      return readers.directory(now());
    });
  };
}
