/**
 * The director's correction of what the readers saw (hub/table/machine/corrections.ts), registered
 * inside the director scope of ./server.ts (the director's login or token; 401 without):
 * - `POST /api/director/tables/:id/moves/:ref/correction` `{ kind: "place", end, zone, by? }` or
 *   `{ kind: "tile", tile, by? }` → `{ correction, view }` (the correction in words and the
 *   public view as derived again; the director's view lists it under `corrections`); 404 unknown table or move, 400 a bad body (naming the
 *   field) or a zone / tile that is not one, 409 the move already reads so, or its game is on a
 *   signed score card (with a tournament).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as H from '../contract/http.js';
import * as R from '../contract/responses.js';
import type { TableRuntime } from './runtime.js';
import { toDirector, toPublic } from './public-view.js';
import type { CorrectionRefused, CorrectionRequest } from '../table/machine/corrections.js';
import type { z } from 'zod';

/** The HTTP status of each reason a correction is refused (hub/table/machine/corrections.ts `CorrectionRefused`). */
export const CORRECTION_STATUS: Readonly<Record<CorrectionRefused['reason'], 400 | 404 | 409>> = { 'no-move': 404, 'bad-input': 400, conflict: 409 };

/** What the correction route needs. */
export interface CorrectionRouteOptions {
  tables: readonly TableRuntime[];
  /** with a tournament: why a game may no longer be corrected (its card signed), or null (hub/tournament/service.ts `signedGame`) */
  signedGame?: (tableId: string, gameNo: number) => string | null;
  /** told of each correction made, in words (the hub's log) */
  log?: (tableId: string, text: string) => void;
}

/** The request a body makes, or what is wrong with it (naming the field). */
function correctionRequest(body: z.infer<typeof H.MoveCorrectionBody>): CorrectionRequest | string {
  if (body.kind === 'place') {
    if (body.tile !== undefined) return 'body.tile goes only with kind "tile" (a place correction names end and zone)';
    if (body.end === undefined) return 'body.end is required with kind "place" (from or to)';
    if (body.zone === undefined) return 'body.zone is required with kind "place" (reader/zone, a zone of the table)';
    return { kind: 'place', end: body.end, zone: body.zone };
  }
  if (body.end !== undefined || body.zone !== undefined) return `body.${body.end !== undefined ? 'end' : 'zone'} goes only with kind "place" (a tile correction names the tile)`;
  if (body.tile === undefined) return 'body.tile is required with kind "tile" (a kind such as 7C or a copy such as 7C#3)';
  return { kind: 'tile', tile: body.tile };
}

/** The director's correction route: register inside the director scope. */
export function correctionRoutes(opts: CorrectionRouteOptions) {
  const tables = new Map(opts.tables.map((t) => [t.id, t] as const));
  return async (untyped: FastifyInstance): Promise<void> => {
    const app = untyped.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/director/tables/:id/moves/:ref/correction',
      { schema: { params: H.MoveParams, querystring: H.NoQuery, body: H.MoveCorrectionBody, response: R.replies(R.MoveCorrectionReply) } },
      async (req, reply) => {
        const t = tables.get(req.params.id);
        if (!t) return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `unknown table '${req.params.id}'` });
        if (!t.correct) return reply.code(501).send({ statusCode: 501, error: 'Not Implemented', message: `table '${t.id}' takes no corrections of moves` });
        const request = correctionRequest(req.body);
        if (typeof request === 'string') return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: request });
        const by = req.body.by ?? 'director';
        const signed = opts.signedGame;
        const made = t.correct(Number(req.params.ref), request, by, signed ? (gameNo) => signed(t.id, gameNo) : undefined);
        // the correction in words as the director's view lists it; the reply carries no concealed tile
        const correction = toDirector(t.directorView()).corrections!.find((c) => c.id === String(made.seq))!;
        opts.log?.(t.id, correction.text);
        return { correction, view: toPublic(t.publicView()) };
      },
    );
  };
}
