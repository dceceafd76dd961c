/**
 * The hub's HTTP API (fastify 5) and live layer (socket.io on the same server), bound to
 * 127.0.0.1 unless told otherwise (`listen(port, host)`, `npm start -- --host 0.0.0.0` for phones).
 *
 * Routes (errors are JSON `{ statusCode, error, message }`, the message naming what was wrong):
 * - `GET  /api/tables`                                → PublicTableView[]
 * - `GET  /api/tables/:id`                            → PublicTableView, 404 unknown table
 * - `GET  /api/director/tables`                       → DirectorTableView[]            (director)
 * - `GET  /api/director/tables/:id`                   → DirectorTableView, 404         (director)
 * - `POST /api/director/tables/:id/flags/:flagId`     body `{ ruling: 'confirm'|'dismiss', by?: string, deadRack?: 0|1,
 *                                                     was?: 'awaiting-director'|'confirmed'|'dismissed' }` (the flag's
 *                                                     status the ruling was made on; default awaiting-director)
 *                                                     → 200 PublicTableView after the ruling;
 *                                                     400 bad body, 404 unknown table/flag, 409 refused: the flag was
 *                                                     ruled on meanwhile, or the same ruling again (director)
 * - `POST /api/director/tables/:id/restart`         body `{ choice: 'score'|'replay'|'void', by?: string }`: a game in play
 *                                                     when the hub restarted that the readers did not show as the log had it
 *                                                     (the director view's `restart`) → 200 PublicTableView; 409 nothing waits (director)
 * - `POST /api/director/tables/:id/not-seen`       body `{ tile: '5B#2', by?: string }`: the director closes the notice of a
 *                                                     tile not seen (the director view's `tilesNotSeen`) → 200 PublicTableView;
 *                                                     404 no open notice of that tile (director)
 * - `POST /api/director/tables/:id/moves/:ref/correction` body `{ kind: 'place', end, zone }` or `{ kind: 'tile', tile }`:
 *                                                     the director corrects what the readers saw of a committed move
 *                                                     (./routes-corrections.ts) → 200 { correction, view }; 400/404/409 (director)
 * - `GET  /api/seat/:token`                          → SeatView of that token's seat (hub/api/seat.ts); 400/401/403/404/409/410
 * - `GET  /api/director/tables/:id/seats[?game=N]`   → SeatCode[] {player, name, url, token, qrSvg, …}  (director)
 * - `GET  /api/tables/:id/games/:gameNo/replay` → a finished game's replay, a step per record line (director: at once; others: the event's delay after its end, 403 before)
 * - `GET  /api/director/tables/:id/games/:gameNo/record` → that game's record, JSON lines `mjhub.game-record` v1
 *                                                     (rules/GAME-RECORD.md; every concealed tile is in it), a download
 *                                                     `<table>-game-<n>.jsonl`; 404 unknown table or a game not begun (director)
 * - `GET  /api/director/tables/:id/games/:gameNo/capture` → that game's capture, JSON lines `mjhub.capture` v1 (firmware-protocol/CAPTURE.md)
 * - socket.io `/seat` (auth {token}): that seat's view, snapshot + deltas (hub/api/seat-events.ts)
 * - with a tournament: `POST /api/claim`, `GET /api/player/:device`, `GET /api/tables/:id/claim` and the director's
 *   `/api/director/tournament/players…` (check-in, personal codes, the player link: hub/api/player-routes.ts)
 * - `POST /api/login`, `POST /api/logout`, `GET /api/session`: the director's login (hub/api/login.ts)
 * - the room's desk: calls for the director and the announcement to every table (hub/api/routes-room.ts)
 * - `GET  /api/director/viewing-log`                 → ViewingLogEntry[]: who was shown concealed tiles, when (director)
 * - socket.io `/broadcast` (no login): a table's live public view with its concealed hands a delay
 *   behind, and the room's summary (hub/api/broadcast.ts, docs/spectators.md)
 * Director routes need the session cookie of a login (hub/api/login.ts), a session's bearer token,
 * or `Authorization: Bearer <directorToken>` (401 otherwise; 403 for a cookie sent cross-site).
 * Params, queries and bodies are checked with the contract's zod schemas (hub/contract/http.ts):
 * strictly (no type coercion, no unknown field or query parameter), 400 naming the field.
 * With `staticDir`: the built display (Vite SPA); `/assets/*` cached a year (immutable),
 * `index.html` no-cache, any other GET outside `/api/` falls back to index.html; `/api/*` unknown → JSON 404.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { resolve, sep } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifySchemaCompiler,
  type FastifySerializerCompiler,
} from 'fastify';
import type { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as H from '../contract/http.js';
import * as R from '../contract/responses.js';
import { check } from '../contract/issues.js';
import type { Server } from 'socket.io';
import { bearerToken, cookieValue, DirectorAuth, SESSION_COOKIE, sameOrigin } from './auth.js';
import { DIRECTOR_LOGIN_NEEDED_HTTP } from '../../rules/wording/director-login.js';
import { LOGIN_LOG_ID, loginRoutes, type LoginRouteOptions } from './login.js';
import { toDirector, toPublic } from './public-view.js';
import { type GameRecord, writeGameRecord } from '../../rules/record/game-record.js';
import { gameCaptureFileName, gameRecordFileName } from '../record/path.js';
import { type Capture, writeCapture } from '../capture/format.js';
import { attachRealtime } from './realtime.js';
import type { EventLink, ForwardedReply } from './event-hubs.js';
import { attachBroadcast, broadcastSummaryOf, DEFAULT_BROADCAST_DELAY_MS } from './broadcast.js';
import { ReplaySchema } from '../contract/replay.js';
import { replayEnded } from '../record/replay-steps.js';
import { replayNotEndedText, replayOpensText } from '../../rules/wording/replay.js';
import { directorOf, directorOfRequest, viewingLog, viewingRecorder, type ViewingEntry, type ViewingStore } from './viewing-log.js';
import { ViewingLogReplySchema } from '../contract/broadcast.js';
import { enrollRoutes } from './routes-enroll.js';
import type { WeakTagSource } from '../tilesets/read-stats.js';
import { attachSeatNamespace, directorSeatRoutes, SeatTokens, seatRoutes } from './seat.js';
import { readerRoutes, type ReaderDirectory } from './routes-readers.js';
import { healthRoutes, type HealthSource } from './routes-health.js';
import { RoomDesk, type DeskStore } from './room-desk.js';
import { attachRoomSummaries } from './room-summaries.js';
import { attachPenaltyLog } from './penalty-log.js';
import { answerWatch } from './room-watch.js';
import { roomDirectorRoutes, roomRoutes } from './routes-room.js';
import { ROOM_EV, WatchDeskRequestSchema } from '../contract/room.js';
import { DIRECTOR_NAMESPACE, SEAT_NAMESPACE } from '../contract/socket.js';

/** The socket.io room of `/director` whose connections are sent the desk (`room:desk`): the director's room page. */
const DESK_ROOM = 'room:desk';
import { NoOpenNoticeError, RulingError, TableUnavailableError, type AnyDirectorEntry, type TableRuntime } from './runtime.js';
import { requestLogger, stderrLogger, type HubLogger } from '../log.js';
import { tournamentDirectorRoutes, tournamentRoutes, type TournamentService } from '../tournament/routes.js';
import { directorPlayerRoutes, playerRoutes } from './player-routes.js';
import { attachPlayerNamespace } from './player-socket.js';
import { tournamentPrintRoutes } from './tournament-print.js';
import { CORRECTION_STATUS, correctionRoutes } from './routes-corrections.js';
import { CorrectionRefused } from '../table/machine/corrections.js';

/** Options for {@link createHubServer}. */
export interface HubServerOptions {
  tables: TableRuntime[];
  /**
   * several hubs, one event (hub/api/event-hubs.ts, docs/several-hubs.md): a request or a watch of
   * another hub's table goes to that hub, and the room lists every hub's tables
   */
  event?: EventLink;
  /** the fixed director bearer token for scripts and tests (Bearer for HTTP, `auth.token` for socket.io); must not be empty */
  directorToken: string;
  /** the login secret of `POST /api/login` (kept only as an scrypt hash); default: directorToken */
  directorSecret?: string;
  /** where login events go (`director-login`, `director-logout`, table id `hub`); omitted: not recorded */
  store?: ViewingStore & HealthSource;
  /** table id → its hall or section (the table config's `section`), for the room's filter; absent: one section */
  sections?: Readonly<Record<string, string>>;
  /** login attempts per IP per window; default 5 a minute */
  loginRateLimit?: { max: number; timeWindowMs: number };
  /** director session lifetime in ms; default 12 h */
  sessionTtlMs?: number;
  /** the hub's data folder: director sessions survive a restart (hub/api/session-state.ts); omitted: they last as long as this process */
  directorSessionDir?: string;
  /** the seat-token secret (hub/api/seat.ts, at least 16 bytes); default: 32 random bytes for this run */
  seatSecret?: Uint8Array;
  /** the tournament (hub/tournament/service.ts): adds `/api/tournament*` and `/api/director/tournament*` (hub/tournament/routes.ts) */
  tournament?: TournamentService;
  /** folder of the built display (display/dist); omitted: API only */
  staticDir?: string;
  /**
   * the hub's log (hub/log.ts): fastify logs through its `api` part (requests only at `debug`),
   * the director's rulings and entries through the `table` part; default: stderr
   */
  logger?: HubLogger;
  /** the reader supervisor: adds the director's reader routes (hub/api/routes-readers.ts) */
  readers?: ReaderDirectory;
  /** the enrolled tile sets' folder (`<dataDir>/tilesets`) for the enrolment routes (hub/api/routes-enroll.ts); omitted: sets cannot be saved */
  tileSetDir?: string;
  /** read rates of the tables' tile sets (hub/tilesets/read-stats.ts) for `GET /api/director/enroll/:tableId/weak-tags` */
  readStats?: WeakTagSource;
  /**
   * the base URL phones reach the hub at, written into seat links and QR codes (`--public-url`),
   * e.g. `http://192.168.1.20:8080`; checked by {@link parsePublicUrl}; omitted: the origin of the
   * director's request
   */
  publicUrl?: string;
  /**
   * the spectators' broadcast (`/broadcast`, hub/api/broadcast.ts): `delayMs`, how far behind the
   * live game the concealed hands are shown (default {@link DEFAULT_BROADCAST_DELAY_MS}, 15 min;
   * `--broadcast-delay-min`), and the clock it is counted on (default Date.now; tests: a bench's)
   */
  broadcast?: { delayMs: number; now?: () => number; tickMs?: number };
}

/** The running hub server. */
export interface HubServer {
  app: FastifyInstance;
  io: Server;
  /** who is the director (fixed token, sessions): shared with the `/relay` namespace (hub/hub.ts) */
  auth: DirectorAuth;
  /**
   * listens on host:port (port 0 = any free port; host default `127.0.0.1`, `0.0.0.0` every IPv4
   * interface); resolves to the URL this machine reaches it at, e.g. `"http://127.0.0.1:8080"`
   * (a wildcard host gives 127.0.0.1 / [::1]; see {@link localUrl})
   * @throws Error (EADDRINUSE, EADDRNOTAVAIL, …) when the port is taken or the address is not this machine's
   */
  listen(port: number, host?: string): Promise<string>;
  /**
   * every route registered, with the HTTP statuses its `response` schema covers (`['2xx', '4xx', '5xx']`;
   * none for a route that has no response schema): hub/api/contract-routes.test.ts checks each has them
   */
  routes: readonly RouteEntry[];
  /** closes socket.io (every namespace) then fastify; safe to call twice */
  close(): Promise<void>;
}

/**
 * fastify's validator for the contract's zod schemas (hub/contract/http.ts): the parsed value, or a
 * 400 error naming the part and the field, e.g. `body.ruling must be one of "confirm", "dismiss"`.
 */
export const contractValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const r = check(schema, data, httpPart ?? 'request');
    return r.ok ? { value: r.value } : { error: new Error(r.error) };
  };

/** One route of {@link HubServer.routes}: `{ method: 'GET', url: '/api/tables/:id', responses: ['2xx', '4xx', '5xx'] }`. */
export interface RouteEntry {
  method: string;
  url: string;
  responses: string[];
}

/**
 * fastify's serializer for the contract's response schemas (hub/contract/responses.ts): checks
 * what a route sends and writes it as JSON, as the handler gave it (a key the schema does not name
 * goes out too). An answer that does not match throws `response.<field> …` naming the route, which
 * the error handler logs and answers 500 "internal error": the hub never sends a shape the display
 * would refuse.
 */
export const contractSerializerCompiler: FastifySerializerCompiler<z.ZodType> =
  ({ schema, method, url }) =>
  (data) => {
    // an Error fastify itself sends (not through the error handler) goes out as the error body
    if (data instanceof Error) data = { statusCode: (data as FastifyError).statusCode ?? 500, error: STATUS_CODES[(data as FastifyError).statusCode ?? 500] ?? 'Error', message: data.message };
    const r = check(schema, data, 'response');
    if (!r.ok) throw new Error(`${method} ${url} answered a shape the contract refuses: ${r.error}`);
    return JSON.stringify(data);
  };

/**
 * Checks `--public-url` / MJHUB_PUBLIC_URL: an absolute http(s) URL with no query or fragment;
 * returns it without a trailing slash, e.g. `"http://192.168.1.20:8080/"` → `"http://192.168.1.20:8080"`.
 * @param where what to name in the error, e.g. `"--public-url"`
 * @throws Error `--public-url must be an http:// or https:// URL such as http://192.168.1.20:8080, not "x"`
 */
export function parsePublicUrl(text: string, where = '--public-url'): string {
  let u: URL | null = null;
  try {
    u = new URL(text);
  } catch {
    u = null;
  }
  if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:') || u.search !== '' || u.hash !== '' || u.username !== '' || u.password !== '') {
    throw new Error(`${where} must be an http:// or https:// URL such as http://192.168.1.20:8080, not "${text}"`);
  }
  return u.href.replace(/\/+$/, '');
}

/** True for a host only this machine can reach: `127.x.x.x`, `::1`, `localhost`. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || h === '::ffff:127.0.0.1';
}

/**
 * The URL this machine reaches a server listening on host:port at: `0.0.0.0` → `http://127.0.0.1:port`,
 * `::` → `http://[::1]:port`, an IPv6 address in brackets, anything else as given.
 */
export function localUrl(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '') return `http://127.0.0.1:${port}`;
  if (host === '::') return `http://[::1]:${port}`;
  return host.includes(':') && !host.startsWith('[') ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}

/** One network interface address, as `os.networkInterfaces()` lists it. */
export interface InterfaceAddress {
  address: string;
  family: string | number;
  internal: boolean;
}

/**
 * The URLs a phone on the room's network opens for a hub listening on host:port: every IPv4,
 * non-internal address of this machine when host is a wildcard (`0.0.0.0`, `::`), else host itself
 * when it is one of them; a loopback host gives none. E.g. `lanUrls('0.0.0.0', 8080, os.networkInterfaces())`
 * → `["http://192.168.1.20:8080"]`.
 */
export function lanUrls(host: string, port: number, nets: Record<string, InterfaceAddress[] | undefined>): string[] {
  if (isLoopbackHost(host)) return [];
  const v4 = Object.values(nets)
    .flatMap((list) => list ?? [])
    .filter((a) => (a.family === 'IPv4' || a.family === 4) && !a.internal)
    .map((a) => a.address);
  const wildcard = host === '0.0.0.0' || host === '::' || host === '';
  const addrs = wildcard ? v4 : v4.filter((a) => a === host);
  if (!wildcard && addrs.length === 0) return [localUrl(host, port)]; // a name or an IPv6 address: as given
  return [...new Set(addrs)].map((a) => `http://${a}:${port}`);
}

function sendError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).send({ statusCode: status, error: STATUS_CODES[status] ?? 'Error', message });
}

/** One of a game's downloads from a director's route: how a table makes it, what it is called, its text. */
interface GameDownload<T> {
  /** what a table without it keeps none of, e.g. `"game records"` (the 501's wording) */
  what: string;
  /** the table's download of game `gameNo`, null for a game not begun; undefined when the table keeps none */
  make(t: TableRuntime, gameNo: number): T | null | undefined | Promise<T | null>;
  /** the download's file name, e.g. `t1-game-3.jsonl` (hub/record/path.ts) */
  fileName(tableId: string, gameNo: number): string;
  /** its text, JSON lines */
  write(x: T): string;
}

/** A game's record (rules/GAME-RECORD.md): `GET /api/director/tables/:id/games/:gameNo/record`. */
const GAME_RECORD: GameDownload<GameRecord> = {
  what: 'game records',
  make: (t, n) => (t.gameRecord ? t.gameRecord(n) : undefined),
  fileName: gameRecordFileName,
  write: writeGameRecord,
};

/** A game's capture (firmware-protocol/CAPTURE.md): `GET /api/director/tables/:id/games/:gameNo/capture`. */
const GAME_CAPTURE: GameDownload<Capture> = {
  what: 'captures',
  make: (t, n) => (t.gameCapture ? t.gameCapture(n) : undefined),
  fileName: gameCaptureFileName,
  write: writeCapture,
};

/**
 * Builds the hub server (not listening yet).
 * @throws Error when directorToken is empty, two tables share an id, staticDir does not exist, or publicUrl is not an http(s) URL
 */
export async function createHubServer(opts: HubServerOptions): Promise<HubServer> {
  const publicUrl = opts.publicUrl !== undefined ? parsePublicUrl(opts.publicUrl, 'publicUrl') : undefined;
  const auth = new DirectorAuth({
    token: opts.directorToken,
    secret: opts.directorSecret,
    sessionTtlMs: opts.sessionTtlMs,
    dataDir: opts.directorSessionDir,
    // several hubs: one login for every hub of the event (hub/api/event-keys.ts)
    ...(opts.event ? { shared: { installationKey: opts.event.keys.directorSession, revocations: opts.event.revocations } } : {}),
  });
  const isDirectorToken = auth.isBearer;
  const tables = new Map<string, TableRuntime>();
  for (const t of opts.tables) {
    if (tables.has(t.id)) throw new Error(`two tables have the id '${t.id}'`);
    tables.set(t.id, t);
  }
  let staticRoot: string | null = null;
  if (opts.staticDir !== undefined) {
    staticRoot = resolve(opts.staticDir);
    if (!existsSync(resolve(staticRoot, 'index.html'))) {
      throw new Error(`staticDir '${staticRoot}' has no index.html: build the display first (vite build)`);
    }
  }

  const log = opts.logger ?? stderrLogger();
  const apiLog = log.child({ part: 'api' });
  const tableLog = log.child({ part: 'table' });
  const app = Fastify({
    loggerInstance: requestLogger(apiLog) as FastifyBaseLogger,
    bodyLimit: 16 * 1024,
    // a seat token is one URL part (`/api/seat/:token`): a player link's token carries its binding, past fastify's default 100
    routerOptions: { maxParamLength: H.MAX_SEAT_TOKEN },
  });
  // every route's params, query and body are checked with the contract's zod schemas (hub/contract/http.ts)
  app.setValidatorCompiler(contractValidatorCompiler);
  // and every answer with its response schema (hub/contract/responses.ts)
  app.setSerializerCompiler(contractSerializerCompiler);
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (r) => {
    const response = (r.schema as { response?: Record<string, unknown> } | undefined)?.response;
    for (const method of [r.method].flat()) routes.push({ method, url: r.url, responses: Object.keys(response ?? {}) });
  });
  // several hubs: a route about another hub's table (`/api/tables/:id…`, `/api/director/tables/:id…`,
  // a seat token's `/api/seat/:token…`) is run by that hub, after this hub's own checks (the
  // director's login: its onRequest hook)
  const event = opts.event;
  if (event) {
    app.addHook('preHandler', async (req, reply) => {
      const route = req.routeOptions.url ?? '';
      const params = req.params as { id?: unknown; token?: unknown } | undefined;
      let id = /^\/api\/(director\/)?tables\/:id(\/|$)/.test(route) ? params?.id : undefined;
      // a seat code is signed with the event's seat key: its table is read here, the owner checks the rest
      if (route.startsWith('/api/seat/:token')) id = seatTokens.tableOf(params?.token);
      if (typeof id !== 'string' || tables.has(id)) return;
      const owner = event.ownerOf(id);
      if (owner === null) return;
      let answer: ForwardedReply;
      try {
        const host = typeof req.headers.host === 'string' ? { host: req.headers.host } : {};
        answer = await event.forward(owner, id, { method: req.method, url: req.url, body: req.body, director: route.startsWith('/api/director/'), ...host });
      } catch (err) {
        return sendError(reply, 502, (err as Error).message);
      }
      return reply.code(answer.status).type(answer.type).send(answer.body);
    });
  }
  // every refusal is `{ statusCode, error, message }` (hub/contract/responses.ts ErrorBody), the login routes' too
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof RulingError) return sendError(reply, err.status, err.message);
    if (err instanceof NoOpenNoticeError) return sendError(reply, 404, err.message);
    if (err instanceof TableUnavailableError) return sendError(reply, 503, err.message);
    if (err instanceof CorrectionRefused) return sendError(reply, CORRECTION_STATUS[err.reason], err.message);
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      req.log.error(err);
      return sendError(reply, status, 'internal error');
    }
    return sendError(reply, status, err.message);
  });
  await app.register(fastifyCookie);
  const store = opts.store;
  const record: LoginRouteOptions['record'] = store ? (type, data) => store.append(LOGIN_LOG_ID, type, Date.now(), data) : undefined;
  // who was shown concealed tiles, when (hub/api/viewing-log.ts)
  const viewed = viewingRecorder(store, Date.now, (err) => apiLog.error({ err }, 'viewing log: the store refused an entry'));
  const viewedBy = (req: FastifyRequest, what: ViewingEntry['what'], table: string) => viewed({ who: directorOfRequest(auth, req), what, table, address: req.ip });
  await app.register(loginRoutes, { auth, record, rateLimit: opts.loginRateLimit });

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    const isApi = path === '/api' || path.startsWith('/api/');
    if (!isApi && staticRoot && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', staticRoot, { cacheControl: false });
    }
    return sendError(reply, 404, `no route ${req.method} ${path}`);
  });

  const findTable = (id: string, reply: FastifyReply): TableRuntime | null => {
    const t = tables.get(id);
    if (!t) sendError(reply, 404, `unknown table '${id}'`);
    return t ?? null;
  };

  /**
   * Sends game `gameNo` of table `id` as the download `d` (JSON lines, an attachment, never cached):
   * 404 for a table or a game not there, 501 for a table that keeps no such download.
   */
  const sendGameDownload = async <T>(params: { id: string; gameNo: string | number }, reply: FastifyReply, d: GameDownload<T>): Promise<FastifyReply> => {
    const t = findTable(params.id, reply);
    if (!t) return reply;
    const gameNo = Number(params.gameNo);
    const x = await d.make(t, gameNo);
    if (x === undefined) return sendError(reply, 501, `table '${t.id}' keeps no ${d.what}`);
    if (x === null) return sendError(reply, 404, `table '${t.id}' has no game ${gameNo} (games begun: ${t.publicView().gameNo})`);
    return reply
      .type('application/x-ndjson; charset=utf-8')
      .header('content-disposition', `attachment; filename="${d.fileName(t.id, gameNo)}"`)
      .header('cache-control', 'no-store')
      .send(d.write(x));
  };

  // seat views: a seat token opens one player's view (hub/api/seat.ts)
  const tournament = opts.tournament;
  // a seat token a player link issued holds only while that link's binding does (hub/tournament/players.ts)
  const seatTokens = new SeatTokens(opts.seatSecret ?? randomBytes(32), tournament ? { bindingProblem: (b) => tournament.players.bindingProblem(b) } : {});
  await app.register(seatRoutes({ tables: opts.tables, tokens: seatTokens, ...(tournament ? { tournament } : {}) }));
  const playerOpts = tournament ? { service: tournament, tables: opts.tables, tokens: seatTokens, ...(publicUrl !== undefined ? { publicUrl } : {}) } : null;
  // the room's desk: calls for the director and the announcement, events in the log (hub/api/room-desk.ts)
  const desk = new RoomDesk(store as DeskStore | undefined, Date.now, (id) => tournament?.givenLabel(id) ?? null);
  const roomOptions = { desk, tables: opts.tables, tokens: seatTokens, ...(opts.sections ? { sections: opts.sections } : {}) };
  await app.register(roomRoutes(roomOptions));

  if (opts.tournament) await app.register(tournamentRoutes(opts.tournament));
  if (playerOpts) await app.register(playerRoutes(playerOpts)); // check-in codes, the claim page, the player link
  // public routes: only ever toPublic(...) (explicit picking of PublicTableView keys)
  const publicApi = app.withTypeProvider<ZodTypeProvider>();
  // several hubs: this hub's tables, then every other hub's, each marked with its hub (hub/api/event-hubs.ts)
  publicApi.get('/api/tables', { schema: { querystring: H.NoQuery, response: R.replies(R.PublicTablesReply) } }, async () => [
    ...[...tables.values()].map((t) => toPublic(t.publicView())),
    ...(event ? (await event.publicTables()).map(toPublic) : []),
  ]);
  publicApi.get('/api/tables/:id', { schema: { params: H.TableParams, querystring: H.NoQuery, response: R.replies(R.PublicTableViewSchema) } }, async (req, reply) => {
    const t = findTable(req.params.id, reply);
    return t ? toPublic(t.publicView()) : reply;
  });
  // a finished game's replay (docs/replay.md): every concealed tile, so the director's at once, anyone else's the event's delay after the game's end
  const replayDelayMs = opts.broadcast?.delayMs ?? DEFAULT_BROADCAST_DELAY_MS;
  const replayNow = opts.broadcast?.now ?? Date.now;
  const isDirectorRequest = (req: FastifyRequest) => isDirectorToken(bearerToken(req.headers.authorization)) || (auth.sessionOfCookie(req.headers.cookie) !== null && sameOrigin(req.headers));
  publicApi.get('/api/tables/:id/games/:gameNo/replay', { schema: { params: H.GameParams, querystring: H.NoQuery, response: R.replies(ReplaySchema) } }, async (req, reply) => {
    const t = findTable(req.params.id, reply);
    if (!t) return reply;
    const gameNo = Number(req.params.gameNo);
    if (!t.gameReplay) return sendError(reply, 501, `table '${t.id}' keeps no game records`);
    const replay = await t.gameReplay(gameNo);
    if (!replay) return sendError(reply, 404, `table '${t.id}' has no game ${gameNo} (games begun: ${t.publicView().gameNo})`);
    if (!replayEnded(replay)) return sendError(reply, 409, replayNotEndedText(t.id, gameNo));
    if (isDirectorRequest(req)) {
      viewedBy(req, 'game-replay', t.id);
      return replay;
    }
    const opensAt = replay.endedAt + replayDelayMs;
    if (replayNow() < opensAt) return sendError(reply, 403, replayOpensText(opensAt));
    return replay;
  });

  // director routes, behind a bearer token or the session cookie
  await app.register(async (untypedDirector) => {
    // params, query and body types from the contract's schemas
    const director = untypedDirector.withTypeProvider<ZodTypeProvider>();
    director.addHook('onRequest', async (req, reply) => {
      if (isDirectorToken(bearerToken(req.headers.authorization))) return;
      if (auth.sessionOfCookie(req.headers.cookie)) {
        if (sameOrigin(req.headers)) return;
        return sendError(reply, 403, `cross-site request refused: Origin ${String(req.headers.origin).slice(0, 100)} is not this hub`);
      }
      reply.header('www-authenticate', 'Bearer realm="director"');
      // a session cookie the hub no longer honours: the login ran out (12 h), was logged out, or the secret changed
      if (cookieValue(req.headers.cookie, SESSION_COOKIE)) return sendError(reply, 401, 'your director login has expired or was ended');
      return sendError(reply, 401, DIRECTOR_LOGIN_NEEDED_HTTP);
    });
    if (opts.readers) await director.register(readerRoutes(opts.readers));
    await director.register(healthRoutes(opts.store)); // GET /api/director/health: is the event log written?
    await director.register(roomDirectorRoutes(roomOptions));
    // the director corrects what the readers saw of a committed move (./routes-corrections.ts)
    await director.register(
      correctionRoutes({
        tables: opts.tables,
        ...(tournament ? { signedGame: (id: string, gameNo: number) => tournament.signedGame(id, gameNo) } : {}),
        log: (table, text) => tableLog.info({ table }, `director correction: ${text}`),
      }),
    );
    await director.register(enrollRoutes, { tables: opts.tables, tileSetDir: opts.tileSetDir, readStats: opts.readStats });
    if (opts.tournament) await director.register(tournamentDirectorRoutes(opts.tournament));
    if (playerOpts) await director.register(directorPlayerRoutes(playerOpts));
    if (opts.tournament) await director.register(tournamentPrintRoutes(opts.tournament, publicUrl !== undefined ? { publicUrl } : {}));
    await director.register(directorSeatRoutes({ tables: opts.tables, tokens: seatTokens, ...(publicUrl !== undefined ? { publicUrl } : {}) }));
    director.get('/api/director/tables', { schema: { querystring: H.NoQuery, response: R.replies(R.DirectorTablesReply) } }, async (req) => {
      viewedBy(req, 'director-tables', '*');
      return [...tables.values()].map((t) => toDirector(t.directorView()));
    });
    director.get('/api/director/tables/:id', { schema: { params: H.TableParams, querystring: H.NoQuery, response: R.replies(R.DirectorTableViewSchema) } }, async (req, reply) => {
      const t = findTable(req.params.id, reply);
      if (t) viewedBy(req, 'director-table', t.id);
      return t ? toDirector(t.directorView()) : reply;
    });
    // who was shown concealed tiles, when: the director's views and the broadcast's delayed hands
    director.get('/api/director/viewing-log', { schema: { querystring: H.NoQuery, response: R.replies(ViewingLogReplySchema) } }, async () => viewingLog(store));
    // a game record holds every concealed tile: only ever on a director's route (rules/GAME-RECORD.md)
    // a game record holds every concealed tile: only ever on a director's route (rules/GAME-RECORD.md)
    director.get('/api/director/tables/:id/games/:gameNo/record', { schema: { params: H.GameParams, querystring: H.NoQuery, response: R.replies(R.GameRecordReply) } }, async (req, reply) => {
      if (tables.has(req.params.id)) viewedBy(req, 'game-record', req.params.id);
      return sendGameDownload(req.params, reply, GAME_RECORD);
    });
    // a capture holds every tile the readers saw: only ever on a director's route (firmware-protocol/CAPTURE.md)
    director.get('/api/director/tables/:id/games/:gameNo/capture', { schema: { params: H.GameParams, querystring: H.NoQuery, response: R.replies(R.GameCaptureReply) } }, async (req, reply) => {
      if (tables.has(req.params.id)) viewedBy(req, 'game-capture', req.params.id);
      return sendGameDownload(req.params, reply, GAME_CAPTURE);
    });
    director.post(
      '/api/director/tables/:id/flags/:flagId',
      { schema: { params: H.FlagParams, querystring: H.NoQuery, body: H.RulingBody, response: R.replies(R.PublicTableViewSchema) } },
      async (req, reply) => {
        const t = findTable(req.params.id, reply);
        if (!t) return reply;
        await t.rule(req.params.flagId, req.body.ruling, req.body.by ?? 'director', req.body.deadRack, req.body.was ?? 'awaiting-director');
        const { ruling, by = 'director', deadRack } = req.body;
        tableLog.info(
          { table: t.id, flag: req.params.flagId, ruling, by, ...(deadRack !== undefined ? { deadRack } : {}) },
          `director ruling by ${by}: flag ${req.params.flagId} ${ruling === 'confirm' ? 'confirmed' : 'dismissed'}${deadRack !== undefined ? ` (rack ${deadRack + 1} dies)` : ''}`,
        );
        return toPublic(t.publicView());
      },
    );
    director.post(
      '/api/director/tables/:id/restart',
      { schema: { params: H.TableParams, querystring: H.NoQuery, body: H.RestartBody, response: R.replies(R.PublicTableViewSchema) } },
      async (req, reply) => {
        const t = findTable(req.params.id, reply);
        if (!t) return reply;
        if (!t.restartChoice) return sendError(reply, 409, `no game of table '${t.id}' waits for a restart decision`);
        await t.restartChoice(req.body.choice, req.body.by ?? 'director');
        return toPublic(t.publicView());
      },
    );
    director.post(
      '/api/director/tables/:id/not-seen',
      { schema: { params: H.TableParams, querystring: H.NoQuery, body: H.NotSeenCloseBody, response: R.replies(R.PublicTableViewSchema) } },
      async (req, reply) => {
        const t = findTable(req.params.id, reply);
        if (!t) return reply;
        if (!t.closeNotSeen) return sendError(reply, 404, `table '${t.id}' has no open notice of a tile not seen for ${JSON.stringify(req.body.tile)}`);
        const by = req.body.by ?? 'director';
        await t.closeNotSeen(req.body.tile, by);
        tableLog.info({ table: t.id, tile: req.body.tile, by }, `director ${by} closed the notice of ${req.body.tile} (not seen)`);
        return toPublic(t.publicView());
      },
    );
    director.post(
      '/api/director/tables/:id/entries',
      { schema: { params: H.TableParams, querystring: H.NoQuery, body: H.EntryBody, response: R.replies(R.PublicTableViewSchema) } },
      async (req, reply) => {
        const t = findTable(req.params.id, reply);
        if (!t) return reply;
        if (!t.enter) return sendError(reply, 501, `table '${t.id}' takes no director entries`);
        const { by, ...rest } = req.body;
        // a Siamese table takes the mis-named discard (003 rule 19A-D); the standard table the 000 entries and a mis-named discard (NMJL practice)
        const variant = t.publicView().variant;
        if (variant === 'siamese' && rest.entry !== 'misnamed-discard' && rest.entry !== 'misnamed-exposure')
          return sendError(reply, 409, `table '${t.id}' (siamese) takes no '${rest.entry}' entry: only misnamed-discard and misnamed-exposure`);
        if (variant !== 'siamese' && rest.entry === 'misnamed-exposure')
          return sendError(
            reply,
            409,
            `table '${t.id}' (${variant}) takes no 'misnamed-exposure' entry: only looked-at-stolen-tile, dead-declared-in-error, announced-line, declared-dead and misnamed-discard`,
          );
        if (variant === 'siamese' && rest.named !== undefined && rest.entry !== 'misnamed-exposure')
          return sendError(reply, 400, `body.named goes only with the misnamed-exposure entry (003 rule 19A/B), not with '${rest.entry}'`);
        if (variant === 'siamese' && rest.entry === 'misnamed-discard' && rest.rack === undefined)
          return sendError(reply, 400, "body must have required property 'rack' (the rack of the Mah Jongg that took a mis-named discard)");
        if (variant === 'siamese' && (rest.for !== undefined || rest.ruling !== undefined || rest.declared !== undefined || rest.line !== undefined))
          return sendError(reply, 400, 'a Siamese mis-named discard takes player and rack only (003 rule 19C/D), not for, named, ruling, declared or line');
        const entry = (rest.entry === 'misnamed-exposure' ? { entry: rest.entry, player: rest.player, named: rest.named! } : { ...rest, rack: rest.rack ?? 0 }) as AnyDirectorEntry;
        await t.enter(entry, by ?? 'director');
        if (entry.entry === 'misnamed-exposure')
          tableLog.info(
            { table: t.id, entry: entry.entry, player: entry.player, named: entry.named, by: by ?? 'director' },
            `director entry by ${by ?? 'director'}: ${entry.entry}, player ${entry.player + 1}, named ${entry.named}`,
          );
        else
          tableLog.info(
            { table: t.id, entry: entry.entry, player: entry.player, rack: entry.rack, by: by ?? 'director' },
            `director entry by ${by ?? 'director'}: ${entry.entry}, player ${entry.player + 1}, rack ${(entry.rack ?? 0) + 1}`,
          );
        return toPublic(t.publicView());
      },
    );
  });

  if (staticRoot) {
    await app.register(fastifyStatic, {
      root: staticRoot,
      cacheControl: false,
      index: 'index.html',
      setHeaders(reply, path) {
        const rel = path.startsWith(staticRoot + sep) ? path.slice(staticRoot.length) : path;
        if (rel.startsWith(`${sep}assets${sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else reply.header('cache-control', 'no-cache');
      },
    });
  }

  const realtime = attachRealtime(app.server, {
    tables: opts.tables,
    ...(event ? { event } : {}),
    isDirectorToken,
    isDirectorCookie: auth.isCookie,
    logError: (msg, err) => apiLog.error({ err }, msg),
    directorViewed: (tableId, hs) =>
      viewed({ who: directorOf(auth, hs.headers.cookie, (hs.auth as { token?: unknown } | undefined)?.token), what: 'director-watch', table: tableId, address: hs.address }),
  });
  const broadcast = attachBroadcast(realtime.io, {
    tables: opts.tables,
    delayMs: opts.broadcast?.delayMs ?? DEFAULT_BROADCAST_DELAY_MS,
    ...(opts.broadcast?.now ? { now: opts.broadcast.now } : {}),
    ...(opts.broadcast?.tickMs !== undefined ? { tickMs: opts.broadcast.tickMs } : {}),
    viewed,
    logError: (msg, err) => apiLog.error({ err }, msg),
    ...(event
      ? {
          remote: {
            summaries: () => event.remoteBroadcastSummaries(),
            onChange: (l: () => void) => event.onRemoteChange(l),
            ownerOf: (id: string) => event.ownerOf(id),
            watch: (owner: string, id: string) => event.broadcast(owner, id),
          },
        }
      : {}),
  });
  app.addHook('preClose', async () => broadcast.close());
  const seats = attachSeatNamespace(realtime.io, {
    tables: opts.tables,
    tokens: seatTokens,
    ...(tournament ? { onRevoke: (l) => tournament.players.onRevoke(l) } : {}),
    ...(event ? { event } : {}),
  });
  // the desk's changes go to every table display and seat (the announcement) and to the director (calls too)
  const offDesk = desk.onChange(() => {
    const announcement = { announcement: desk.announcement() };
    realtime.io.of('/').emit(ROOM_EV.announcement, announcement);
    realtime.io.of(SEAT_NAMESPACE).emit(ROOM_EV.announcement, announcement);
    // only the director connections that watch the desk (the room), not a director's table page
    realtime.io.of(DIRECTOR_NAMESPACE).to(DESK_ROOM).emit(ROOM_EV.desk, { calls: desk.calls(), announcement: desk.announcement() });
  });
  realtime.io.of(DIRECTOR_NAMESPACE).on('connection', (socket) =>
    answerWatch(socket, ROOM_EV.watchDesk, WatchDeskRequestSchema, () => {
      void socket.join(DESK_ROOM);
      return null;
    }),
  );
  // the penalty and conduct log, live to every director's room (hub/api/penalty-log.ts)
  const offPenalties = attachPenaltyLog(realtime.io.of(DIRECTOR_NAMESPACE), {
    ...(tournament ? { log: () => tournament.penaltyLog(), onChange: (l: () => void) => tournament.onChange(l) } : {}),
    logError: (msg, err) => apiLog.error({ err }, msg),
  });
  app.addHook('preClose', async () => {
    offPenalties();
  });
  // the room's compact summaries: one per table, what its card draws, at most twice a second (hub/api/room-summaries.ts)
  const summaries = attachRoomSummaries(realtime.io.of(DIRECTOR_NAMESPACE), {
    tables: opts.tables,
    ...(opts.sections ? { sections: opts.sections } : {}),
    calls: () => desk.calls(),
    ...(tournament ? { extraTimeOf: (id: string) => tournament.extraTimeOfHub(id) } : {}),
    // a tournament table's onChange already tells of the tournament's changes (its labels, clock, extra time)
    alsoOnChange: [(l) => desk.onChange(l)],
    logError: (msg, err) => apiLog.error({ err }, msg),
    ...(event ? { remote: () => event.remoteSummaries() } : {}),
  });
  app.addHook('preClose', async () => summaries.close());
  // several hubs: answer the others (a forwarded request runs here with the fixed director token) and tell them this hub's tables
  event?.start({
    director: realtime.io.of(DIRECTOR_NAMESPACE),
    tables: () => {
      const byId = new Map(summaries.all().map((s) => [s.tableId, s] as const));
      return opts.tables.flatMap((t) => {
        const summary = byId.get(t.id);
        if (!summary) return [];
        const view = toPublic(t.publicView());
        return [{ summary, readers: view.readers.map((r) => r.id), broadcast: broadcastSummaryOf(view) }];
      });
    },
    inject: async (f) => {
      const res = await app.inject({
        method: f.method as 'GET',
        url: f.url,
        headers: {
          ...(f.host !== undefined ? { host: f.host } : {}),
          ...(f.director ? { authorization: `Bearer ${opts.directorToken}` } : {}),
          ...(f.body !== undefined && f.body !== null ? { 'content-type': 'application/json' } : {}),
        },
        ...(f.body !== undefined && f.body !== null ? { payload: JSON.stringify(f.body) } : {}),
      });
      return { status: res.statusCode, type: String(res.headers['content-type'] ?? 'application/json; charset=utf-8'), body: res.body };
    },
    snapshot: (nsp, tableId) => realtime.snapshotOf(nsp, tableId),
    publicTables: () => opts.tables.map((t) => toPublic(t.publicView())),
    seat: (token) => seats.seatFor(token),
    broadcast: (tableId, from) => broadcast.watchedFrom(tableId, from),
  });
  // a relabelled table's open calls are worded with its new label (the tournament tells of every change: compare the labels)
  let labels = tournament ? JSON.stringify(tournament.tableLabels()) : '';
  const offLabels = tournament?.onChange(() => {
    const now = JSON.stringify(tournament.tableLabels());
    if (now === labels) return;
    labels = now;
    desk.relabelled();
  });
  app.addHook('preClose', async () => {
    offDesk();
    offLabels?.();
  });
  app.addHook('preClose', async () => seats.close());
  // a player's phone is told where its player sits (the player link pushed, not polled)
  const players = playerOpts ? attachPlayerNamespace(realtime.io, playerOpts) : null;
  app.addHook('preClose', async () => players?.close());
  // without this, a connected /director client keeps fastify.close() waiting for ever
  app.addHook('preClose', async () => {
    await realtime.close();
  });

  let closing: Promise<void> | null = null;
  return {
    app,
    io: realtime.io,
    auth,
    routes,
    async listen(port: number, host = '127.0.0.1') {
      await app.listen({ port, host });
      const addr = app.server.address();
      if (addr === null || typeof addr === 'string') throw new Error(`unexpected listen address ${String(addr)}`);
      return localUrl(host, addr.port);
    },
    close() {
      closing ??= app.close();
      return closing;
    },
  };
}
