/**
 * The director's tile-set enrolment API (hub/tilesets/enroll.ts), registered inside the director
 * scope of server.ts, so every route needs `Authorization: Bearer <directorToken>` (401 otherwise).
 *
 * - `POST   /api/director/enroll/:tableId/start`      body `{ setId: string, fresh?: boolean }` → EnrollView
 *            (a saved set is loaded to go on with, unless `fresh`)
 * - `GET    /api/director/enroll/:tableId`            → EnrollView (404 when no enrolment was started)
 * - `POST   /api/director/enroll/:tableId/tags`       body `{ tag: string, kind: TileKind }` → `{ entry, view }`
 *            (one tile: the copy number is assigned; past the kind's copies the tag is a spare)
 * - `DELETE /api/director/enroll/:tableId/tags/:tag`  → `{ entry, view }` (undo a mistake)
 * - `POST   /api/director/enroll/:tableId/layout`     body `{ zone: "reader/zone", from?: TileKind, count?: number }`
 *            → `{ entries, view }`: the zone's unknown tags, in the order read, are the tiles of
 *            the layout order (hub/tilesets/registry.ts LAYOUT_ORDER) from `from` (default 1B)
 * - `POST   /api/director/enroll/:tableId/finish`     body `{ draft?: boolean }` → `{ file, complete, view }`;
 *            409 naming what is missing when the set is incomplete and not a draft
 * - `GET    /api/director/enroll/:tableId/weak-tags`  query `minRate?` (0..1, default 0.9), `minScans?` (default 5)
 *            → WeakTagsView (hub/tilesets/read-stats.ts): the tags of the table's tile set read in fewer
 *            than minRate of their zone's snapshots, worst first; 404 when the hub keeps no read rates
 * Errors: 400 naming the field (`body.kind: kind "5X" is not a tile kind …`), 404 unknown table or
 * no enrolment, 409 refused now.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { EnrollRefused, Enrollments, type EnrollTable } from '../tilesets/enroll.js';
import type { TableRuntime } from './runtime.js';
import type { WeakTagSource } from '../tilesets/read-stats.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as H from '../contract/http.js';
import * as R from '../contract/responses.js';

/** Options of {@link enrollRoutes}. */
export interface EnrollRouteOptions {
  /** the hub's tables; an engine offers `unknownTags()` and `owns(zone)` (a runtime without them shows no tags) */
  tables: readonly (TableRuntime & Partial<Pick<EnrollTable, 'unknownTags' | 'owns'>>)[];
  /** the enrolled sets' folder (`<dataDir>/tilesets`); omitted: sets cannot be saved (finish → 409) */
  tileSetDir?: string | undefined;
  /** the read rates of the tables' tile sets (hub/tilesets/read-stats.ts); omitted: weak-tags answers 404 */
  readStats?: WeakTagSource | undefined;
}

function send(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).send({ statusCode: status, error: STATUS_CODES[status] ?? 'Error', message });
}

/**
 * The enrolment routes as a fastify plugin: `await director.register(enrollRoutes, { tables, tileSetDir })`.
 * Register it inside the director scope (the token hook).
 */
export const enrollRoutes: FastifyPluginAsync<EnrollRouteOptions> = async (untyped, opts) => {
  const app = untyped.withTypeProvider<ZodTypeProvider>(); // params, query and body types from the contract's schemas
  const enrollments = new Enrollments(opts.tileSetDir ?? null);
  const tables = new Map(opts.tables.map((t) => [t.id, t]));

  /** runs `f` on the table, answering 404 for an unknown table and EnrollRefused with its status */
  const withTable = <T>(id: string, reply: FastifyReply, f: (t: EnrollTable) => T): T | FastifyReply => {
    const t = tables.get(id);
    if (!t) return send(reply, 404, `unknown table '${id}'`);
    try {
      return f(t);
    } catch (err) {
      if (err instanceof EnrollRefused) return send(reply, err.status, err.message);
      throw err;
    }
  };

  app.post(
    '/api/director/enroll/:tableId/start',
    { schema: { params: H.EnrollTableParams, querystring: H.NoQuery, body: H.EnrollStartBody, response: R.replies(R.EnrollViewSchema) } },
    async (req, reply) => withTable(req.params.tableId, reply, (t) => enrollments.start(t, req.body.setId, req.body.fresh ?? false)),
  );
  app.get('/api/director/enroll/:tableId', { schema: { params: H.EnrollTableParams, querystring: H.NoQuery, response: R.replies(R.EnrollViewSchema) } }, async (req, reply) =>
    withTable(req.params.tableId, reply, (t) => enrollments.view(t)),
  );
  app.post(
    '/api/director/enroll/:tableId/tags',
    { schema: { params: H.EnrollTableParams, querystring: H.NoQuery, body: H.EnrollTagBody, response: R.replies(R.EnrollEntryReply) } },
    async (req, reply) =>
      withTable(req.params.tableId, reply, (t) => {
        const entry = enrollments.enrol(t, req.body.tag, req.body.kind);
        return { entry, view: enrollments.view(t) };
      }),
  );
  app.delete(
    '/api/director/enroll/:tableId/tags/:tag',
    { schema: { params: H.EnrollTagParams, querystring: H.NoQuery, body: H.NoBody, response: R.replies(R.EnrollEntryReply) } },
    async (req, reply) =>
      withTable(req.params.tableId, reply, (t) => {
        const entry = enrollments.remove(t, req.params.tag);
        return { entry, view: enrollments.view(t) };
      }),
  );
  app.post(
    '/api/director/enroll/:tableId/layout',
    { schema: { params: H.EnrollTableParams, querystring: H.NoQuery, body: H.EnrollLayoutBody, response: R.replies(R.EnrollLayoutReply) } },
    async (req, reply) =>
      withTable(req.params.tableId, reply, (t) => {
        const entries = enrollments.layout(t, req.body.zone, req.body.from?.toUpperCase(), req.body.count);
        return { entries, view: enrollments.view(t) };
      }),
  );
  app.get('/api/director/enroll/:tableId/weak-tags', { schema: { params: H.EnrollTableParams, querystring: H.WeakTagsQuery, response: R.replies(R.WeakTagsViewSchema) } }, async (req, reply) => {
    const id = req.params.tableId;
    if (!tables.has(id)) return send(reply, 404, `unknown table '${id}'`);
    const q = req.query ?? {};
    const view = opts.readStats?.weakTags(id, {
      ...(q.minRate !== undefined ? { minRate: q.minRate } : {}),
      ...(q.minScans !== undefined ? { minScans: q.minScans } : {}),
    });
    if (!view) return send(reply, 404, `the hub keeps no read rates for table '${id}' (no tile set in play there)`);
    return view;
  });
  app.post(
    '/api/director/enroll/:tableId/finish',
    { schema: { params: H.EnrollTableParams, querystring: H.NoQuery, body: H.EnrollFinishBody, response: R.replies(R.EnrollFinishReply) } },
    async (req, reply) => withTable(req.params.tableId, reply, (t) => enrollments.finish(t, req.body?.draft ?? false)),
  );
};
