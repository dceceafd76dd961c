/**
 * The routes of the tournament players' check-in and player links (hub/tournament/players.ts),
 * registered by hub/api/server.ts when the hub runs a tournament.
 *
 * Public (no login):
 * - `POST /api/claim` `{ code, device?, table? }` → `{ player, name, device, link: '/player' }`: binds
 *   this device to the code's player; the phone keeps `device` (localStorage). 400 malformed code,
 *   404 no player has it, 409 bound to another device (naming the player), 429 past 10 tries a
 *   minute from one address.
 * - `GET /api/player/:device` → where the player sits in the current round (table, seat, hub
 *   table) and a seat token (hub/api/seat.ts) for that seat's current or next game; the token
 *   carries the binding, so a reissue refuses it. 401 never bound, 410 revoked by the director.
 * - `GET /api/tables/:id/claim` → `{ url, qrSvg }`: the table's claim page (`/claim/<id>`), for the
 *   table display between games and the printed table sheet. No code in it.
 *
 * Director (inside the director scope):
 * - `GET /api/director/tournament/players` → every player: checked in, bound (never a code)
 * - `POST /api/director/tournament/players/:player/check-in` → the slip `{ player, name, code, issue, claimUrl, qrSvg }`
 *   (the only answer that shows a code; `qrSvg` holds `claimUrl#code=<code>`, {@link slipClaimUrl}).
 *   404 unknown player, 409 already checked in.
 * - `POST /api/director/tournament/players/:player/reissue` → a new slip; the old code and the
 *   device it bound are revoked (its seat sockets closed). 409 not checked in.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { TableRuntime } from './runtime.js';
import { gameForNewCodes, hubPlayerAt, type SeatTokens } from './seat.js';
import * as H from '../contract/http.js';
import * as R from '../contract/responses.js';
import { tooManyClaims } from '../../rules/wording/player-link.js';
import { PlayerLinkError, type PlayerLinkRefusal } from '../tournament/players.js';
import type { TournamentService } from '../tournament/service.js';

/** The HTTP status of each refusal of the desk and the player link (hub/tournament/players.ts). */
export const PLAYER_LINK_STATUS: Readonly<Record<PlayerLinkRefusal, 400 | 401 | 404 | 409 | 410>> = {
  'malformed-code': 400,
  'no-such-player': 404,
  'no-such-code': 404,
  'checked-in': 409,
  'not-checked-in': 409,
  'bound-elsewhere': 409,
  revoked: 410,
  'unknown-device': 401,
};

/** A refusal as fastify's error handler answers it (`statusCode`, the refusal's words). */
class PlayerLinkHttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'PlayerLinkHttpError';
  }
}

/** Runs `f`, answering a {@link PlayerLinkError} with its status and words. */
function refusals<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof PlayerLinkError) throw new PlayerLinkHttpError(PLAYER_LINK_STATUS[e.refusal], e.message);
    throw e;
  }
}

/** The player link page on the phone (display/src/views/PlayerPage.svelte). */
export const PLAYER_LINK_PATH = '/player';
/** Claims taken from one address a minute (the codes' 60 bits make guessing hopeless anyway). */
export const CLAIM_RATE = { max: 10, timeWindowMs: 60_000 };

/** The claim page of a table, `/claim/t1`, or the tournament's, `/claim`. */
export function claimPath(table?: string): string {
  return table === undefined ? '/claim' : `/claim/${encodeURIComponent(table)}`;
}

/**
 * A QR code of `url` as SVG, as every claim QR draws it (the table's, the check-in slip's): 2 modules
 * of margin, error correction M.
 */
export function claimQrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
}

/**
 * The address a check-in slip's QR code holds: the claim page with the code in its fragment
 * (`http://10.0.0.5:8080/claim#code=K7QM-3XPA-9RTD`). A fragment never reaches the hub's logs; the
 * claim page reads it into its code field (display/src/views/ClaimPage.svelte).
 * @param claimUrl the claim page's address, no table (`claimPath()` on the hub's origin)
 * @param code the personal code as the slip prints it
 */
export function slipClaimUrl(claimUrl: string, code: string): string {
  return `${claimUrl}#code=${encodeURIComponent(code)}`;
}

/** Options of {@link playerRoutes} and {@link directorPlayerRoutes}. */
export interface PlayerRouteOptions {
  service: TournamentService;
  tables: readonly TableRuntime[];
  tokens: SeatTokens;
  /** `--public-url`; omitted: the origin of the request */
  publicUrl?: string;
  /** claims a minute from one address (default {@link CLAIM_RATE}) */
  claimRate?: { max: number; timeWindowMs: number };
}

const originOf = (opts: PlayerRouteOptions, req: FastifyRequest) => opts.publicUrl ?? `${req.protocol}://${req.host}`;

/** What `GET /api/player/:device` answers (and the `/player` namespace pushes, ./player-socket.ts). */
export type PlayerLink = z.output<typeof R.PlayerLinkReply>;

/**
 * Where the player bound to `device` sits in the current round, with a seat token for that seat's
 * current (or next) game (see the module comment).
 * @param tick check the round clock first (`TournamentService.tick`, as before every request); a
 *   listener of the service's changes passes false (a tick tells the listeners again)
 * @throws PlayerLinkError `unknown-device` (never bound) or `revoked` (the code reissued)
 */
export function playerLinkOf(opts: Pick<PlayerRouteOptions, 'service' | 'tokens'>, tables: ReadonlyMap<string, TableRuntime>, device: string, tick = true): PlayerLink {
  const svc = opts.service;
  const { player, binding } = svc.players.device(device);
  if (tick) svc.tick();
  const at = svc.seatOf(player);
  const t = at.hubTable !== null ? tables.get(at.hubTable) : undefined;
  const index = t ? hubPlayerAt(svc, t, at.seat) : null;
  let seatToken: string | null = null;
  let game: number | null = null;
  if (t && index !== null) {
    game = gameForNewCodes(t.publicView());
    seatToken = opts.tokens.issue({ table: t.id, player: index, game, bind: binding });
  }
  return {
    player,
    name: svc.config.players.find((p) => p.id === player)?.name ?? player,
    tournament: svc.config.name,
    round: at.round,
    rounds: svc.config.rounds,
    table: at.table,
    label: at.label,
    seat: at.seatName,
    hubTable: at.hubTable,
    seatToken,
    game,
  };
}

/** The public routes: `await app.register(playerRoutes(opts))`. */
export function playerRoutes(opts: PlayerRouteOptions) {
  const tables = new Map(opts.tables.map((t) => [t.id, t] as const));
  const limit = opts.claimRate ?? CLAIM_RATE;
  return async (untyped: FastifyInstance): Promise<void> => {
    const app = untyped.withTypeProvider<ZodTypeProvider>();
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_req, ctx) => ({ statusCode: ctx.statusCode, error: 'Too Many Requests', message: tooManyClaims(ctx.max, Math.round(limit.timeWindowMs / 1000), ctx.after) }),
    });
    app.post(
      '/api/claim',
      { schema: { querystring: H.NoQuery, body: H.ClaimBody, response: R.replies(R.ClaimReply) }, config: { rateLimit: { max: limit.max, timeWindow: limit.timeWindowMs } } },
      async (req, reply) => {
        const c = refusals(() => opts.service.players.claim(req.body.code, req.body.device));
        reply.header('cache-control', 'no-store');
        return { ...c, link: PLAYER_LINK_PATH };
      },
    );
    app.get('/api/player/:device', { schema: { params: H.PlayerDeviceParams, querystring: H.NoQuery, response: R.replies(R.PlayerLinkReply) } }, async (req, reply) => {
      const link = refusals(() => playerLinkOf(opts, tables, req.params.device));
      reply.header('cache-control', 'no-store');
      return link;
    });
    app.get('/api/tables/:id/claim', { schema: { params: H.TableParams, querystring: H.NoQuery, response: R.replies(R.TableClaimReply) } }, async (req, reply) => {
      if (!tables.has(req.params.id)) return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `unknown table '${req.params.id}'` });
      const url = originOf(opts, req) + claimPath(req.params.id);
      return { url, qrSvg: await claimQrSvg(url) };
    });
  };
}

/** The director's routes: register INSIDE the director-authenticated scope. */
export function directorPlayerRoutes(opts: PlayerRouteOptions) {
  return async (untyped: FastifyInstance): Promise<void> => {
    const app = untyped.withTypeProvider<ZodTypeProvider>();
    const players = opts.service.players;
    const slip = async (req: FastifyRequest, player: string, code: string) => {
      const row = players.list().find((p) => p.player === player)!;
      const claimUrl = originOf(opts, req) + claimPath();
      return { player, name: row.name, code, issue: row.issue, claimUrl, qrSvg: await claimQrSvg(slipClaimUrl(claimUrl, code)) };
    };
    app.get('/api/director/tournament/players', { schema: { querystring: H.NoQuery, response: R.replies(R.PlayerDeskReply) } }, async () => players.list());
    app.post(
      '/api/director/tournament/players/:player/check-in',
      { schema: { params: H.PlayerParams, querystring: H.NoQuery, body: H.PlayerDeskBody, response: R.replies(R.PlayerSlipReply) } },
      async (req, reply) => {
        const code = refusals(() => players.checkIn(req.params.player, req.body?.by));
        reply.header('cache-control', 'no-store');
        return slip(req, req.params.player, code);
      },
    );
    app.post(
      '/api/director/tournament/players/:player/reissue',
      { schema: { params: H.PlayerParams, querystring: H.NoQuery, body: H.PlayerDeskBody, response: R.replies(R.PlayerSlipReply) } },
      async (req, reply) => {
        const code = refusals(() => players.reissue(req.params.player, req.body?.by));
        reply.header('cache-control', 'no-store');
        return slip(req, req.params.player, code);
      },
    );
  };
}
