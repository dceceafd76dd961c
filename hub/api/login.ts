/**
 * The director's login (registered by hub/api/server.ts at the root scope):
 *
 * - `POST /api/login`   body `{ secret: string }` (1-1024 characters, no other field)
 *     → 200 `{ ok: true, token, expiresAt }` and `Set-Cookie: mjhub_director=<session token>; HttpOnly;
 *       SameSite=Strict; Path=/; Max-Age=43200` (Secure over https). `token` is a bearer token of the
 *       same session for scripts (`Authorization: Bearer <token>`); `expiresAt` ms since epoch.
 *     → 401 `wrong director secret`; 400 naming the field; 429 after `max` attempts per IP in the
 *       window (default 5 a minute), the message saying when to try again.
 * - `POST /api/logout`  (cookie or session bearer) → 200 `{ ok: true, loggedOut: boolean }`: the
 *     session's cookie and bearer token are refused from now on, also after a restart (the logout
 *     is saved in the data folder first: 500 naming the file when it cannot be); the cookie is cleared.
 *
 * Sessions are signed tokens (hub/api/auth.ts SessionStore): with a data folder they outlive a hub
 * restart, until they expire (12 h, `sessionTtlMs`), are logged out, or the director secret changes.
 * - `GET  /api/session` → `{ director: boolean, via: 'cookie' | 'bearer' | null, expiresAt: number | null }`
 *     (the display cannot read an HttpOnly cookie: it asks here whether it is logged in).
 *
 * Every attempt, ok or not, is an event `director-login` in the store (table id `hub`), with
 * `{ ok, ip, session? | reason? }`: never the secret. A logout is `director-logout { ip, session }`.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { bearerToken, SESSION_COOKIE, type DirectorAuth, type DirectorSession } from './auth.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as H from '../contract/http.js';
import * as R from '../contract/responses.js';

/** The store's log id for hub-wide events (the same as hub/readers/session.ts HUB_LOG_ID). */
export const LOGIN_LOG_ID = 'hub';

/** Payload of a `director-login` event. */
export type DirectorLoginEvent = { ok: true; ip: string; session: string } | { ok: false; ip: string; reason: 'wrong secret' | 'rate limited' };

/** Options of {@link loginRoutes}. */
export interface LoginRouteOptions {
  auth: DirectorAuth;
  /** appends an event to the store (`director-login`, `director-logout`); omitted: not recorded */
  record?: ((type: 'director-login' | 'director-logout', data: DirectorLoginEvent | { ip: string; session: string }) => void) | undefined;
  /** login attempts allowed per IP per window; default `{ max: 5, timeWindowMs: 60_000 }` */
  rateLimit?: { max: number; timeWindowMs: number } | undefined;
}

/** The session a request carries (cookie first, then a session bearer token), or null. */
export function sessionOf(auth: DirectorAuth, req: FastifyRequest): { session: DirectorSession; via: 'cookie' | 'bearer' } | null {
  const c = auth.sessionOfCookie(req.headers.cookie);
  if (c) return { session: c, via: 'cookie' };
  const b = auth.sessions.byBearerToken(bearerToken(req.headers.authorization));
  return b ? { session: b, via: 'bearer' } : null;
}

/** The login, logout and session routes as a fastify plugin (needs @fastify/cookie registered above it). */
export const loginRoutes: FastifyPluginAsync<LoginRouteOptions> = async (untyped, opts) => {
  const app = untyped.withTypeProvider<ZodTypeProvider>(); // params, query and body types from the contract's schemas
  const { auth } = opts;
  const limit = opts.rateLimit ?? { max: 5, timeWindowMs: 60_000 };
  const record = (type: 'director-login' | 'director-logout', data: DirectorLoginEvent | { ip: string; session: string }) => {
    try {
      opts.record?.(type, data);
    } catch {
      /* the store refusing an audit event must not refuse the login */
    }
  };

  await app.register(rateLimit, {
    global: false,
    onExceeded: (req) => record('director-login', { ok: false, ip: req.ip, reason: 'rate limited' }),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: ctx.statusCode,
      error: 'Too Many Requests',
      message: `too many login attempts from this address: at most ${ctx.max} per ${Math.round(limit.timeWindowMs / 1000)} s; try again in ${ctx.after}`,
    }),
  });

  app.post(
    '/api/login',
    { schema: { querystring: H.NoQuery, body: H.LoginBody, response: R.replies(R.LoginReply) }, config: { rateLimit: { max: limit.max, timeWindow: limit.timeWindowMs } } },
    async (req, reply) => {
      if (!(await auth.secret.check(req.body.secret))) {
        record('director-login', { ok: false, ip: req.ip, reason: 'wrong secret' });
        return reply.code(401).send({ statusCode: 401, error: 'Unauthorized', message: 'wrong director secret' });
      }
      const s = auth.sessions.create();
      record('director-login', { ok: true, ip: req.ip, session: s.handle });
      reply.setCookie(SESSION_COOKIE, s.id, {
        httpOnly: true,
        sameSite: 'strict',
        path: '/',
        secure: 'auto',
        maxAge: Math.floor(auth.sessions.ttlMs / 1000),
      });
      return { ok: true as const, token: s.bearer, expiresAt: s.expiresAt };
    },
  );

  app.post('/api/logout', { schema: { querystring: H.NoQuery, body: H.NoBody, response: R.replies(R.LogoutReply) } }, async (req, reply) => {
    const found = sessionOf(auth, req);
    if (found) {
      try {
        auth.sessions.revoke(found.session);
      } catch (e) {
        // refused by this process already; say that a restart would let it back in
        return reply.code(500).send({
          statusCode: 500,
          error: 'Internal Server Error',
          message: `logout not saved (${(e as Error).message}): the session is refused until the hub restarts; fix the data folder and log out again`,
        });
      }
      record('director-logout', { ip: req.ip, session: found.session.handle });
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict', secure: 'auto' });
    return { ok: true as const, loggedOut: found !== null };
  });

  app.get('/api/session', { schema: { querystring: H.NoQuery, response: R.replies(R.SessionReply) } }, async (req) => {
    const found = sessionOf(auth, req);
    if (found) return { director: true, via: found.via, expiresAt: found.session.expiresAt };
    const fixed = auth.isBearer(bearerToken(req.headers.authorization));
    return { director: fixed, via: fixed ? ('bearer' as const) : null, expiresAt: null };
  });
};
