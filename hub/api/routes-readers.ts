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
import { RulingError } from './runtime.js';
import type { ReaderDirectoryView } from '../readers/supervisor.js';

/** What the routes need from the reader supervisor (hub/readers/supervisor.ts implements it). */
export interface ReaderDirectory {
  /** the list at `now` (ms since epoch) */
  directory(now: number): ReaderDirectoryView;
  /** @throws RulingError 404 / 409 (see {@link ReaderSupervisor.assign}) */
  assign(id: string, as: string, by?: string): void;
  /** @throws RulingError 404 / 409 (see {@link ReaderSupervisor.remove}) */
  remove(id: string, by?: string): void;
}

/** a reader id as the protocol allows it (PROTOCOL.md: 1-32 of A-Z a-z 0-9 _ . -) */
const ID_SCHEMA = { type: 'string', minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_.-]+$' } as const;
const BY_SCHEMA = { type: 'string', minLength: 1, maxLength: 64 } as const;
const READER_PARAMS = { type: 'object', required: ['id'], properties: { id: ID_SCHEMA } } as const;
const ASSIGN_BODY = {
  type: 'object',
  required: ['as'],
  additionalProperties: false,
  properties: { as: ID_SCHEMA, by: BY_SCHEMA },
} as const;

/**
 * A fastify plugin with the reader routes. Register it inside the director scope (the token check).
 * @param readers the supervisor; `now` the clock (ms since epoch, default Date.now)
 */
export function readerRoutes(readers: ReaderDirectory, now: () => number = Date.now) {
  return async function readerRoutesPlugin(app: FastifyInstance): Promise<void> {
    app.get('/api/director/readers', async () => readers.directory(now()));
    app.post<{ Params: { id: string }; Body: { as: string; by?: string } }>('/api/director/readers/:id/assign', { schema: { params: READER_PARAMS, body: ASSIGN_BODY } }, async (req) => {
      readers.assign(req.params.id, req.body.as, req.body.by ?? 'director');
      return readers.directory(now());
    });
    app.delete<{ Params: { id: string }; Body: unknown }>('/api/director/readers/:id', { schema: { params: READER_PARAMS } }, async (req) => {
      // the body is optional, so it is checked here (a schema would refuse a request with none)
      const body = req.body as Record<string, unknown> | null | undefined;
      if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) throw new RulingError(400, 'body must be object');
      const extra = body ? Object.keys(body).find((k) => k !== 'by') : undefined;
      if (extra !== undefined) throw new RulingError(400, `body.${extra.slice(0, 64)} is not allowed (unknown field)`);
      if (body?.by !== undefined && (typeof body.by !== 'string' || body.by.length < 1 || body.by.length > 64)) {
        throw new RulingError(400, 'body.by must be a string of 1-64 characters');
      }
      const by = typeof body?.by === 'string' ? body.by : 'director';
      readers.remove(req.params.id, by);
      return readers.directory(now());
    });
  };
}
