/**
 * Seat views: one player's phone sees that player's own tiles, behind a seat token.
 *
 * - A seat token is `<payload>.<signature>`, both base64url: the payload is the JSON
 *   `{"t":tableId,"p":player,"g":gameNo,"e":expiresAtMs}` (and `"b":binding` when a tournament
 *   player's link issued it, hub/tournament/players.ts: refused once the director reissues that
 *   player's code), the signature its HMAC-SHA256 under a
 *   hub secret (32 random bytes, kept in `<dataDir>/seat-secret.key` so codes survive a restart).
 *   It opens one seat of one game of one table, until it expires (default 12 h: a tournament day).
 * - `GET /api/director/tables/:id/seats[?game=N]` (director only) → one `SeatCode` per player:
 *   the token, the phone URL `/seat/<token>` and a QR code of it (SVG). N is the table's current
 *   game or the next one (400 otherwise, naming both).
 * - `GET /api/seat/:token[?table=ID]` → the SeatView (hub/api/seat-view.ts), only that seat's
 *   concealed tiles. Refusals: 400 malformed, 401 tampered or expired, 403 for another table,
 *   404 unknown table or player, 409 for a game not begun, 410 for a game that is over.
 * - When the hub runs a tournament (000): `GET /api/seat/:token/scorecard` → that player's
 *   {@link SeatScoreCard} for the current round, `POST /api/seat/:token/verify` (the player checked
 *   the score across: East↔West, South↔North) and `POST /api/seat/:token/initial` (body
 *   `{ initials? }`). 409 when no tournament runs, the table plays no tournament table, or the card
 *   refuses it (a game without a result, already done: the service's words). In a Siamese
 *   tournament (003 tables) the card has two seats, East and West (`kind: 'siamese'`), each
 *   player verifies the other's score, and the card carries the settlement of 003 rule 17 ("Bea
 *   pays Ann 95").
 * - socket.io namespace `/seat` (hub/api/seat-events.ts): handshake `auth: { token }`; snapshot
 *   then seq-numbered deltas, like the public namespace (realtime.ts), to that seat only.
 *
 * A token for game N+1 is accepted while game N has ended (or nothing has begun): it shows a seat
 * with no tiles until the walls are built, so the director can hand out codes between games.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import type { Namespace, Server, Socket } from 'socket.io';
import { toPublic, toSeat } from './public-view.js';
import { Channel } from './realtime.js';
import type { TableRuntime } from './runtime.js';
import { SEAT_NAMESPACE, seatPath, type SeatProblemPayload } from './seat-events.js';
import { buildSeatView, pendingSeatView } from './seat-view.js';
import { EV, type WatchAck } from './socket-events.js';
import type { SeatView } from './views.js';
import { checkPayload, SeatWatchRequestSchema } from '../contract/socket.js';
import { TournamentError } from '../../rules/tournament/errors.js';
import { cardMissing, cardTotal, isCardComplete, verificationPartner } from '../../rules/tournament/scorecard.js';
import { SIAMESE_SEAT_NAMES, isSiameseCard, siameseCardMissing, siameseCardTotal, siameseSettlement, type SiameseScoreCard } from '../../rules/tournament/siamese-card.js';
import type { AnyScoreCard } from '../../rules/tournament/cards.js';
import type { TournamentService } from '../tournament/service.js';
import { stderrLogger } from '../log.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as H from '../contract/http.js';
import * as R from '../contract/responses.js';
import { MAX_SEAT_TOKEN } from '../contract/http.js';
import type { EventLink, SeatAnswer } from './event-hubs.js';

/** What a seat token opens. */
export interface SeatClaim {
  /** table id */
  table: string;
  /** player index (0 = East) */
  player: number;
  /** game number (PublicTableView.gameNo) */
  game: number;
  /** expiry, ms since epoch */
  exp: number;
  /** the player link's binding ("<player>#<issue>", hub/tournament/players.ts) that issued it, if one did */
  bind?: string;
}

/** A refused seat token or seat request, with the HTTP status (fastify's error handler uses `statusCode`). */
export class SeatTokenError extends Error {
  /**
   * @param statusCode 400 malformed, 401 tampered/expired, 403 another table, 404 unknown table or player,
   *   409 game not begun, 410 game over, 501 table without seats
   * @param message one line starting "seat token" naming what was wrong
   */
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 410 | 501,
    message: string,
  ) {
    super(message);
    this.name = 'SeatTokenError';
  }
}

/** Default lifetime of a seat token (ms): 12 hours, a tournament day. */
export const SEAT_TOKEN_TTL_MS = 12 * 60 * 60 * 1000;
const SIG_CONTEXT = 'mjhub-seat-v1.';
const MAX_TOKEN = MAX_SEAT_TOKEN;

/** Issues and checks seat tokens under one secret. */
export class SeatTokens {
  private readonly now: () => number;
  private readonly ttlMs: number;
  private readonly bindingProblem: ((binding: string) => string | null) | undefined;

  /**
   * @param secret at least 16 bytes (the hub makes 32 random ones)
   * @param opts.ttlMs default lifetime (ms), default {@link SEAT_TOKEN_TTL_MS}
   * @param opts.bindingProblem for a token a player link issued: null while its binding holds, else
   *   why not (the tournament's players, hub/tournament/players.ts); without it such tokens are refused
   * @throws Error when the secret is shorter than 16 bytes
   */
  constructor(
    private readonly secret: Uint8Array,
    opts: { now?: () => number; ttlMs?: number; bindingProblem?: (binding: string) => string | null } = {},
  ) {
    if (!(secret instanceof Uint8Array) || secret.length < 16) throw new Error('the seat secret must be at least 16 bytes');
    this.now = opts.now ?? Date.now;
    this.ttlMs = opts.ttlMs ?? SEAT_TOKEN_TTL_MS;
    this.bindingProblem = opts.bindingProblem;
  }

  private sign(payload: string): Buffer {
    return createHmac('sha256', this.secret)
      .update(SIG_CONTEXT + payload, 'utf8')
      .digest();
  }

  /**
   * A token for one seat of one game of one table, e.g. `eyJ0IjoidDEiLC….kX3v…` (about 110 characters).
   * @param ttlMs lifetime from now (ms), default the one given to the constructor
   */
  issue(seat: { table: string; player: number; game: number; bind?: string }, ttlMs = this.ttlMs): string {
    const body = { t: seat.table, p: seat.player, g: seat.game, e: this.now() + ttlMs, ...(seat.bind !== undefined ? { b: seat.bind } : {}) };
    const payload = Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
    return `${payload}.${this.sign(payload).toString('base64url')}`;
  }

  /**
   * Checks a token's form, signature (constant time), expiry and, for a player link's token, its binding.
   * @throws SeatTokenError 400 when it is not a token, 401 when tampered, signed by another hub,
   *   expired, or its player link was revoked ("seat token revoked: This link was revoked by the director at 10:30: …")
   */
  verify(token: unknown): SeatClaim {
    const { t, p, g, e, b } = this.signed(token);
    if (typeof t !== 'string' || !Number.isInteger(p) || !Number.isInteger(g) || typeof e !== 'number') {
      throw new SeatTokenError(400, 'seat token is malformed: its payload needs t (table), p (player), g (game), e (expiry)');
    }
    if (this.now() >= e) throw new SeatTokenError(401, `seat token expired at ${new Date(e).toISOString()}: ask the director for a new code`);
    if (b === undefined) return { table: t, player: p as number, game: g as number, exp: e };
    const problem = typeof b !== 'string' ? 'its binding is not a string' : this.bindingProblem ? this.bindingProblem(b) : 'this hub runs no tournament players';
    if (problem) throw new SeatTokenError(401, `seat token revoked: ${problem}`);
    return { table: t, player: p as number, game: g as number, exp: e, bind: b as string };
  }

  /**
   * The table of a token signed under this secret, expired or not, or undefined for anything else:
   * where a hub of several sends a seat request (hub/api/event-hubs.ts), the owner checks the rest.
   */
  tableOf(token: unknown): string | undefined {
    try {
      const { t } = this.signed(token);
      return typeof t === 'string' ? t : undefined;
    } catch {
      return undefined;
    }
  }

  /** The payload of a token whose form and signature hold. @throws SeatTokenError 400 malformed, 401 tampered or another hub's */
  private signed(token: unknown): Record<string, unknown> {
    if (typeof token !== 'string' || token.length === 0) throw new SeatTokenError(400, 'seat token missing');
    if (token.length > MAX_TOKEN) throw new SeatTokenError(400, `seat token is malformed: longer than ${MAX_TOKEN} characters`);
    const m = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(token);
    if (!m) throw new SeatTokenError(400, 'seat token is malformed: expected <payload>.<signature> in base64url');
    const payload = m[1]!;
    const sig = Buffer.from(m[2]!, 'base64url');
    const want = this.sign(payload);
    // one spelling per signature: the last character's 2 unused bits may not differ either
    if (sig.length !== want.length || !timingSafeEqual(sig, want) || sig.toString('base64url') !== m[2]) {
      throw new SeatTokenError(401, 'seat token signature does not match: the code was altered or comes from another hub');
    }
    let raw: unknown;
    try {
      raw = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw new SeatTokenError(400, 'seat token is malformed: its payload is not JSON');
    }
    return (raw ?? {}) as Record<string, unknown>;
  }
}

/**
 * The hub's seat secret, kept in `<dataDir>/seat-secret.key` (64 hex digits, mode 600) so codes
 * already handed out survive a restart; made on first use.
 * @throws Error naming the file when it exists but does not hold 64 hex digits
 */
export function loadOrCreateSeatSecret(dataDir: string): Buffer {
  const file = path.join(dataDir, 'seat-secret.key');
  if (existsSync(file)) {
    const hex = readFileSync(file, 'utf8').trim();
    if (!/^[0-9a-f]{64}$/i.test(hex)) throw new Error(`${file}: expected 64 hex digits (the seat secret); delete it to make a new one (old seat codes stop working)`);
    return Buffer.from(hex, 'hex');
  }
  const secret = randomBytes(32);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, secret.toString('hex') + '\n', { mode: 0o600 });
  return secret;
}

/** The game a new code should be for: the one in play, or the next one when the table is between games. */
export function gameForNewCodes(view: { gameNo: number; phase: string }): number {
  return view.phase === 'waiting' || view.phase === 'ended' ? view.gameNo + 1 : view.gameNo;
}

/**
 * The seat view a claim opens now, picked key by key ({@link toSeat}).
 * @throws SeatTokenError 404 unknown player, 410 the game is over (the table is on a later game),
 *   409 the game has not begun (more than one game ahead, or the previous game still in play)
 */
export function seatViewFor(t: TableRuntime, claim: SeatClaim): SeatView {
  const pub = toPublic(t.publicView());
  if (claim.player < 0 || claim.player >= pub.players.length) {
    throw new SeatTokenError(404, `seat token names player ${claim.player}, table '${t.id}' has players 0-${pub.players.length - 1}`);
  }
  if (claim.game < pub.gameNo) {
    throw new SeatTokenError(410, `seat token is for game ${claim.game}; table '${t.id}' is on game ${pub.gameNo} now: ask the director for this game's code`);
  }
  if (claim.game === pub.gameNo + 1 && (pub.phase === 'ended' || pub.phase === 'waiting')) {
    return toSeat(pendingSeatView(pub, claim.player, claim.game));
  }
  if (claim.game !== pub.gameNo) {
    throw new SeatTokenError(409, `seat token is for game ${claim.game}; table '${t.id}' is on game ${pub.gameNo}, not yet over`);
  }
  const view = t.seatView ? t.seatView(claim.player) : buildSeatView(pub, claim.player, t.directorView().concealed?.[claim.player] ?? [], null);
  if (view.gameNo !== claim.game || view.player !== claim.player) {
    throw new SeatTokenError(409, `seat token is for game ${claim.game}; table '${t.id}' moved on`);
  }
  return toSeat(view);
}

/** Options for the seat routes and namespace. */
export interface SeatOptions {
  tables: TableRuntime[];
  tokens: SeatTokens;
  /** where to report a runtime whose view threw (default: stderr) */
  logError?: (msg: string, err: unknown) => void;
  /** the tournament, when the hub runs one: adds the seat's score card routes */
  tournament?: TournamentService;
  /** tells the listener when a player link is revoked (hub/tournament/players.ts `onRevoke`): its seat sockets are closed */
  onRevoke?: (listener: (binding: string, message: string) => void) => () => void;
  /**
   * the base URL written into seat links and QR codes (`--public-url`), e.g.
   * `http://192.168.1.20:8080` (no trailing slash); omitted: the origin of the director's request
   */
  publicUrl?: string;
  /**
   * several hubs, one event (hub/api/event-hubs.ts): a phone's seat socket for another hub's table
   * (a code signed with the event's seat key) is served here, its view and deltas from the owner
   */
  event?: Pick<EventLink, 'ownerOf' | 'seat'>;
}

const CARD_SEATS = ['East', 'South', 'West', 'North'] as const;

/**
 * One player's table score card on their phone (000: each player verifies across and initials).
 * A 4-seat card (000) has `seats` East, South, West, North; a Royale Siamese card
 * (`kind: 'siamese'`, 003) has two, East and West, and its `settlement` (003 rule 17).
 */
export interface SeatScoreCard {
  tournament: string;
  round: number;
  /** the tournament table number */
  table: number;
  /** this player's row in `seats`: 0 East, 1 South, 2 West, 3 North; on a Siamese card 0 East, 1 West */
  seat: number;
  /** the row of `seats` whose score this player verifies (East↔West, South↔North; Siamese: the other player) */
  partner: number;
  /** every seat of the card: name, marks per game ("X" for 0, "" not yet), total (points), who verified / initialed (not the initials) */
  seats: { seat: string; player: string; name: string; marks: string[]; total: number; verified: boolean; initialed: boolean }[];
  /** games with a result (0-4) */
  games: number;
  /** this player may verify / initial now (all games scored and not yet done) */
  canVerify: boolean;
  canInitial: boolean;
  complete: boolean;
  /** what keeps the card from being complete, in words */
  missing: string[];
  /** 'siamese' on a 2-seat Royale Siamese card; absent on a 4-seat card */
  kind?: 'siamese';
  /** a Siamese card only: 003 rule 17, the lesser total pays the difference, e.g. "Bea pays Ann 95" ("Even: nobody pays") */
  settlement?: string;
  /** the lines a director's ruling changed after they were recorded (each cleared the initials), e.g. "Game 3 changed by the director's ruling at 10:42 (director)" */
  changes: string[];
}

/**
 * The tournament table and card seat a seat claim plays: `seat` is the row on the card of the
 * current round, 0-3 (East … North) on a 4-seat card, 0 (East) or 1 (West) on a Siamese card
 * (`siamese: true`), the same seating as the service's own (the seat the table config names, else
 * the player's index: a Siamese table's players East then West).
 * @throws SeatTokenError 409 when no tournament runs or the table plays none, 404 unknown player
 */
export function tournamentSeatOf(tournament: TournamentService | undefined, t: TableRuntime, claim: SeatClaim): { table: number; seat: number; round: number; siamese: boolean } {
  if (!tournament) throw new SeatTokenError(409, 'seat score card: no tournament runs on this hub');
  const bound = tournament.config.tables.find((x) => x.hubTable === claim.table);
  if (!bound) throw new SeatTokenError(409, `seat score card: table '${claim.table.slice(0, 64)}' plays no tournament table`);
  const pub = t.publicView();
  const p = pub.players[claim.player];
  if (!p) throw new SeatTokenError(404, `seat token names player ${claim.player}, table '${t.id}' has players 0-${pub.players.length - 1}`);
  const round = tournament.round;
  if (isSiameseCard(tournament.cardOf(bound.table, round))) {
    // a 2-seat card: East and West, where the table config names them, else the player's index
    const named = SIAMESE_SEAT_NAMES.indexOf(p.seat as (typeof SIAMESE_SEAT_NAMES)[number]);
    return { table: bound.table, seat: named >= 0 ? named : claim.player === 0 ? 0 : 1, round, siamese: true };
  }
  // the same seating as the service's own (a Siamese table's two players sit where their config names, else East, West)
  const named = CARD_SEATS.indexOf(p.seat as (typeof CARD_SEATS)[number]);
  const seat = named >= 0 ? named : pub.variant === 'siamese' ? claim.player * 2 : claim.player;
  return { table: bound.table, seat, round, siamese: false };
}

/**
 * The hub table's player index that sits at card seat `wind` (0 East … 3 North; a Siamese card's
 * East 0, West 2): the inverse of {@link tournamentSeatOf}, the same seating.
 * @returns the player index, or null when no player of the table sits there
 */
export function hubPlayerAt(tournament: TournamentService, t: TableRuntime, wind: number): number | null {
  const players = t.publicView().players;
  for (const p of players) {
    const at = tournamentSeatOf(tournament, t, { table: t.id, player: p.index, game: 0, exp: 0 });
    if ((at.siamese ? at.seat * 2 : at.seat) === wind) return p.index;
  }
  return null;
}

/**
 * The {@link SeatScoreCard} of a Siamese card seen from `seat` (0 East, 1 West): 003 rule 17 points
 * per game, totals and the settlement; each player verifies the other's score.
 */
function siameseSeatScoreCard(names: Map<string, string>, card: SiameseScoreCard, seat: 0 | 1): Omit<SeatScoreCard, 'changes'> {
  const all = card.games.every((g) => g !== null);
  return {
    tournament: card.tournament,
    round: card.round,
    table: card.table,
    seat,
    partner: 1 - seat,
    seats: card.seats.map((player, s) => ({
      seat: SIAMESE_SEAT_NAMES[s]!,
      player,
      name: names.get(player) ?? player,
      marks: card.games.map((g) => (g ? g.marks[s]! : '')),
      total: siameseCardTotal(card, s as 0 | 1),
      verified: card.verified[s]!,
      initialed: card.initials[s] !== null,
    })),
    games: card.games.filter((g) => g !== null).length,
    canVerify: all && !card.verified[seat],
    canInitial: all && card.initials[seat] === null,
    complete: siameseCardMissing(card).length === 0,
    missing: siameseCardMissing(card),
    kind: 'siamese',
    settlement: siameseSettlement(card, Object.fromEntries(names)).text,
  };
}

/**
 * The {@link SeatScoreCard} of one card seen from `seat` (its row: 0-3 on a 4-seat card, 0 East or
 * 1 West on a Siamese card).
 * @throws SeatTokenError 409 when `seat` is not a row of the card
 */
export function seatScoreCard(tournament: TournamentService, card: AnyScoreCard, seat: number): SeatScoreCard {
  const names = new Map(tournament.config.players.map((p) => [p.id, p.name]));
  if (isSiameseCard(card)) {
    if (seat !== 0 && seat !== 1) throw new SeatTokenError(409, `seat score card: a Siamese card seats East (0) and West (1), not ${seat}`);
    return { ...siameseSeatScoreCard(names, card, seat), changes: tournament.cardChanges(card.round, card.table) };
  }
  if (!Number.isInteger(seat) || seat < 0 || seat > 3) throw new SeatTokenError(409, `seat score card: a 4-seat card seats 0-3 (East … North), not ${seat}`);
  const all = card.games.every((g) => g !== null);
  return {
    tournament: card.tournament,
    round: card.round,
    table: card.table,
    seat,
    partner: verificationPartner(seat as 0 | 1 | 2 | 3),
    seats: card.seats.map((player, s) => ({
      seat: CARD_SEATS[s]!,
      player,
      name: names.get(player) ?? player,
      marks: card.games.map((g) => (g ? g.marks[s]! : '')),
      total: cardTotal(card, s as 0 | 1 | 2 | 3),
      verified: card.verified[s]!,
      initialed: card.initials[s] !== null,
    })),
    games: card.games.filter((g) => g !== null).length,
    canVerify: all && !card.verified[seat],
    canInitial: all && card.initials[seat] === null,
    complete: isCardComplete(card),
    missing: cardMissing(card),
    changes: tournament.cardChanges(card.round, card.table),
  };
}

/** A card model refusal (TournamentError) as a 409 the error handler answers with. */
function asConflict(e: unknown): never {
  if (e instanceof TournamentError) throw new SeatTokenError(409, `seat score card: ${e.message}`);
  throw e;
}

function tableOf(tables: Map<string, TableRuntime>, claim: SeatClaim, expectTable?: unknown): TableRuntime {
  if (typeof expectTable === 'string' && expectTable !== claim.table) {
    throw new SeatTokenError(403, `seat token is for table '${claim.table.slice(0, 64)}', not '${expectTable.slice(0, 64)}'`);
  }
  const t = tables.get(claim.table);
  if (!t) throw new SeatTokenError(404, `seat token names table '${claim.table.slice(0, 64)}', which this hub does not run`);
  return t;
}

/** One player's code, as the director hands it out. */
export interface SeatCode {
  player: number;
  name: string;
  /** seat wind, e.g. "East" */
  seat: string;
  game: number;
  token: string;
  /** the phone page, e.g. `http://10.0.0.5:8080/seat/eyJ0…` (the hub's public URL when set, else the origin of the director's request) */
  url: string;
  /** ms since epoch */
  expiresAt: number;
  /** a QR code of `url`, as an SVG document */
  qrSvg: string;
}

/**
 * The public seat route, `GET /api/seat/:token[?table=ID]` → SeatView (`Cache-Control: no-store`).
 * Register with `app.register(seatRoutes(opts))`; errors are SeatTokenErrors (status + message).
 */
export function seatRoutes(opts: SeatOptions) {
  const tables = new Map(opts.tables.map((t) => [t.id, t] as const));
  return async (untyped: FastifyInstance): Promise<void> => {
    const app = untyped.withTypeProvider<ZodTypeProvider>(); // params, query and body types from the contract's schemas
    app.get('/api/seat/:token', { schema: { params: H.SeatTokenParams, querystring: H.SeatQuery, response: R.replies(R.SeatViewSchema) } }, async (req, reply) => {
      const claim = opts.tokens.verify(req.params.token);
      const view = seatViewFor(tableOf(tables, claim, req.query.table), claim);
      reply.header('cache-control', 'no-store');
      return view;
    });

    // the tournament score card of the seat's table (000; a Siamese tournament's 2-seat card, 003)
    const cardOf = (token: string) => {
      const claim = opts.tokens.verify(token);
      const at = tournamentSeatOf(opts.tournament, tableOf(tables, claim), claim);
      const card = opts.tournament!.allCards().find((c) => c.round === at.round && c.table === at.table);
      if (!card) throw new SeatTokenError(409, `seat score card: round ${at.round} has no card for table ${at.table}`);
      // the service takes a card seat as a wind: a Siamese card's East 0 and West 2
      return { at, card, wind: at.siamese ? at.seat * 2 : at.seat };
    };
    app.get('/api/seat/:token/scorecard', { schema: { params: H.SeatTokenParams, querystring: H.NoQuery, response: R.replies(R.SeatScoreCardSchema) } }, async (req, reply) => {
      const { at, card } = cardOf(req.params.token);
      reply.header('cache-control', 'no-store');
      return seatScoreCard(opts.tournament!, card, at.seat);
    });
    app.post('/api/seat/:token/verify', { schema: { params: H.SeatTokenParams, querystring: H.NoQuery, body: H.NoBody, response: R.replies(R.SeatScoreCardSchema) } }, async (req, reply) => {
      const { at, wind } = cardOf(req.params.token);
      let card: AnyScoreCard;
      try {
        card = opts.tournament!.verify(at.table, at.round, wind);
      } catch (e) {
        asConflict(e);
      }
      reply.header('cache-control', 'no-store');
      return seatScoreCard(opts.tournament!, card, at.seat);
    });
    app.post(
      '/api/seat/:token/initial',
      {
        schema: {
          params: H.SeatTokenParams,
          querystring: H.NoQuery,
          body: H.SeatInitialBody,
          response: R.replies(R.SeatScoreCardSchema),
        },
      },
      async (req, reply) => {
        const { at, wind } = cardOf(req.params.token);
        let card: AnyScoreCard;
        try {
          card = opts.tournament!.initial(at.table, at.round, wind, req.body?.initials);
        } catch (e) {
          asConflict(e);
        }
        reply.header('cache-control', 'no-store');
        return seatScoreCard(opts.tournament!, card, at.seat);
      },
    );
  };
}

/**
 * Which games a director may ask seat codes for: the table's current game (`gameNo`, the one a
 * phone opens now) or the next one (a code handed out ahead opens once that game begins: see
 * {@link seatViewFor}). Any other game is refused: a past game's code is refused at once (410), a
 * later one would open nothing for hours.
 * @returns null when `game` may be asked, else the reason, e.g. "no seat codes for game 999999:
 *   table 't1' is on game 1 (ask for game 1, or game 2 to hand out before it begins)"
 */
export function seatCodeGameProblem(table: string, view: { gameNo: number }, game: number): string | null {
  if (game === view.gameNo || game === view.gameNo + 1) return null;
  return `no seat codes for game ${game}: table '${table}' is on game ${view.gameNo} (ask for game ${view.gameNo}, or game ${view.gameNo + 1} to hand out before it begins)`;
}

/**
 * The director's seat codes, `GET /api/director/tables/:id/seats[?game=N]` → SeatCode[] (one per
 * player, in index order). Register INSIDE the director-authenticated scope. `game` defaults to
 * {@link gameForNewCodes}; only the table's current game or the next one may be asked, else 400
 * naming the game and the table's game ({@link seatCodeGameProblem}).
 */
export function directorSeatRoutes(opts: SeatOptions) {
  const tables = new Map(opts.tables.map((t) => [t.id, t] as const));
  return async (untyped: FastifyInstance): Promise<void> => {
    const app = untyped.withTypeProvider<ZodTypeProvider>(); // params, query and body types from the contract's schemas
    app.get('/api/director/tables/:id/seats', { schema: { params: H.TableParams, querystring: H.SeatCodesQuery, response: R.replies(R.SeatCodesReply) } }, async (req, reply) => {
      const t = tables.get(req.params.id);
      if (!t) return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `unknown table '${req.params.id}'` });
      const pub = toPublic(t.publicView());
      const game = req.query.game !== undefined ? Number(req.query.game) : gameForNewCodes(pub);
      const problem = seatCodeGameProblem(t.id, pub, game);
      if (problem) return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: problem });
      // the phone must reach the hub: --public-url when given, else the origin the director used
      const origin = opts.publicUrl ?? `${req.protocol}://${req.host}`;
      reply.header('cache-control', 'no-store');
      return Promise.all(
        pub.players.map(async (p): Promise<SeatCode> => {
          const token = opts.tokens.issue({ table: t.id, player: p.index, game });
          const url = origin + seatPath(token);
          return {
            player: p.index,
            name: p.name,
            seat: p.seat,
            game,
            token,
            url,
            expiresAt: opts.tokens.verify(token).exp,
            qrSvg: await QRCode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }),
          };
        }),
      );
    });
  };
}

/** The room of one seat of one game, e.g. `"seat:t1:0:3"`. */
export function seatRoom(claim: Pick<SeatClaim, 'table' | 'player' | 'game'>): string {
  return `seat:${claim.table}:${claim.player}:${claim.game}`;
}

/**
 * The `/seat` namespace on an existing socket.io server. Each socket's token is checked at the
 * handshake (a refusal is a `connect_error` whose message starts "seat token"); it then joins its
 * own seat's room only. Runtime changes are coalesced per table per microtask into one delta per
 * seat room. When a seat's game is over (the table moved on) or its token expires, the seat gets
 * `problem {error, fatal: true}` and its socket leaves the `/seat` namespace; the underlying
 * connection stays open for the page's other namespaces (public, director), which share it.
 * @returns `close()` to stop listening to the runtimes and clear timers (socket.io's own close ends the sockets)
 */
export function attachSeatNamespace(io: Server, opts: SeatOptions): { nsp: Namespace; seatFor(token: string): SeatAnswer | null; close(): void } {
  const tables = new Map(opts.tables.map((t) => [t.id, t] as const));
  const logError = opts.logError ?? ((msg, err) => stderrLogger('api').error({ err }, msg));
  const nsp = io.of(SEAT_NAMESPACE);
  /** room → its channel and the claim it serves; `remote`: asked by another hub, kept until the token expires or the seat is refused */
  const channels = new Map<string, { channel: Channel; claim: SeatClaim; table: TableRuntime; remote?: boolean }>();
  const timers = new Set<NodeJS.Timeout>();
  const event = opts.event;
  /** the hub that owns a seat token's table, when it is another hub of the event; else null */
  const ownerOfToken = (token: unknown): string | null => {
    const table = event ? opts.tokens.tableOf(token) : undefined;
    return table === undefined || tables.has(table) ? null : event!.ownerOf(table);
  };

  nsp.use((socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown; table?: unknown } | undefined;
    const owner = ownerOfToken(auth?.token);
    if (owner !== null) {
      // another hub's table: the owner checks the token and the seat; its deltas reach this socket through the adapter
      void event!.seat(owner, auth!.token as string).then((a) => {
        if (!a) return next(new Error(`seat token refused: hub ${owner}, whose table it is, did not answer`));
        if ('error' in a) return next(new Error(a.error));
        if (typeof auth?.table === 'string' && auth.table !== a.claim.table) return next(new Error(`seat token is for table '${a.claim.table.slice(0, 64)}', not '${auth.table.slice(0, 64)}'`));
        socket.data.claim = a.claim;
        socket.data.owner = owner;
        next();
      });
      return;
    }
    try {
      const claim = opts.tokens.verify(auth?.token);
      const table = tableOf(tables, claim, auth?.table);
      seatViewFor(table, claim); // refuses a game that is over or not begun
      socket.data.claim = claim;
      next();
    } catch (err) {
      next(new Error(err instanceof SeatTokenError ? err.message : 'seat token refused: the seat view is unavailable'));
      if (!(err instanceof SeatTokenError)) logError('seat: view threw at the handshake', err);
    }
  });

  const channelOf = (claim: SeatClaim, table: TableRuntime) => {
    const room = seatRoom(claim);
    let c = channels.get(room);
    if (!c) {
      c = { channel: new Channel(() => seatViewFor(table, claim) as unknown as Record<string, unknown>), claim, table };
      channels.set(room, c);
    }
    listen(table);
    return c;
  };

  /** Ends every socket of a room whose token no longer opens the seat. */
  const refuseRoom = (room: string, error: string) => {
    const payload: SeatProblemPayload = { error, fatal: true };
    nsp.to(room).emit(EV.problem, payload);
    channels.delete(room);
    // let the problem go out before the close; `false`: leave only this namespace, since the page's
    // public and director sockets share the same underlying connection and must keep receiving
    setImmediate(() => nsp.in(room).disconnectSockets(false));
  };

  /** Refreshes one room's channel and sends its delta (minus `except`). False when refused or the view threw. */
  const refreshRoom = (room: string, except?: string): boolean => {
    const c = channels.get(room);
    if (!c) return false;
    let changes: Record<string, unknown> | null;
    try {
      changes = c.channel.refresh();
    } catch (err) {
      if (err instanceof SeatTokenError) refuseRoom(room, err.message);
      else logError(`seat: view of ${room} threw`, err);
      return false;
    }
    if (changes) (except ? nsp.to(room).except(except) : nsp.to(room)).emit(EV.delta, { tableId: c.claim.table, seq: c.channel.seq, changes });
    return true;
  };

  // a table is listened to only while one of its seats is watched (no seat: no work, no listener)
  const queued = new Set<string>();
  const subscriptions = new Map<string, () => void>();
  const listen = (t: TableRuntime) => {
    if (subscriptions.has(t.id)) return;
    const unsubscribe = t.onChange(() => {
      if (queued.has(t.id)) return;
      queued.add(t.id);
      queueMicrotask(() => {
        queued.delete(t.id);
        for (const [room, c] of [...channels]) {
          if (c.table !== t) continue;
          if (c.remote ? c.claim.exp <= Date.now() : (nsp.adapter.rooms.get(room)?.size ?? 0) === 0) {
            channels.delete(room); // nobody left: the next watcher starts a new channel
            continue;
          }
          refreshRoom(room);
        }
        if (![...channels.values()].some((c) => c.table === t)) {
          subscriptions.get(t.id)?.();
          subscriptions.delete(t.id);
        }
      });
    });
    subscriptions.set(t.id, unsubscribe);
  };

  /** A seat of this hub's table asked by another hub's socket ({@link SeatAnswer}); null for a table this hub does not have. */
  const seatFor = (token: string): SeatAnswer | null => {
    let claim: SeatClaim;
    try {
      claim = opts.tokens.verify(token);
      const table = tables.get(claim.table);
      if (!table) return null;
      seatViewFor(table, claim); // refuses a game that is over or not begun
      const c = channelOf(claim, table);
      c.remote = true;
      if (!refreshRoom(seatRoom(claim))) return { error: 'seat token no longer opens this seat' };
      return { seq: c.channel.seq, view: c.channel.view, claim };
    } catch (err) {
      if (!(err instanceof SeatTokenError)) logError('seat: view threw for another hub', err);
      return { error: err instanceof SeatTokenError ? err.message : 'seat token refused: the seat view is unavailable' };
    }
  };

  nsp.on('connection', (socket: Socket) => {
    const claim = socket.data.claim as SeatClaim;
    const owner = socket.data.owner as string | undefined;
    const table = tables.get(claim.table)!;
    const room = seatRoom(claim);
    void socket.join(room);
    const left = Math.min(claim.exp - Date.now(), 2 ** 31 - 1);
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        const payload: SeatProblemPayload = { error: `seat token expired at ${new Date(claim.exp).toISOString()}: ask the director for a new code`, fatal: true };
        socket.emit(EV.problem, payload);
        setImmediate(() => socket.disconnect(false)); // this namespace only: the connection is shared
      },
      Math.max(0, left),
    );
    timers.add(timer);
    socket.on('disconnect', () => {
      clearTimeout(timer);
      timers.delete(timer);
    });

    const snapshot = (raw: unknown[]) => {
      const ack = typeof raw[raw.length - 1] === 'function' ? (raw.pop() as (a: WatchAck) => void) : undefined;
      const req = raw[0] === undefined || raw[0] === null ? null : checkPayload(SeatWatchRequestSchema, raw[0]);
      if (req && !req.ok) {
        socket.emit(EV.problem, { error: req.error });
        ack?.({ ok: false, error: req.error });
        return;
      }
      if (owner !== undefined) {
        void event!.seat(owner, (socket.handshake.auth as { token: string }).token).then((a) => {
          const error = !a ? `hub ${owner}, whose table '${claim.table}' is, did not answer` : 'error' in a ? a.error : null;
          if (error !== null || !a || 'error' in a) {
            socket.emit(EV.problem, { error });
            ack?.({ ok: false, error: error ?? '' });
            return;
          }
          socket.emit(EV.snapshot, { tableId: claim.table, seq: a.seq, view: a.view });
          ack?.({ ok: true, seq: a.seq });
        });
        return;
      }
      const c = channelOf(claim, table);
      if (!refreshRoom(room, socket.id)) {
        const error = channels.has(room) ? `the seat view of table '${claim.table}' is unavailable` : 'seat token no longer opens this seat';
        if (channels.has(room)) socket.emit(EV.problem, { error });
        ack?.({ ok: false, error });
        return;
      }
      socket.emit(EV.snapshot, { tableId: claim.table, seq: c.channel.seq, view: c.channel.view });
      ack?.({ ok: true, seq: c.channel.seq });
    };
    socket.on(EV.watch, (...raw: unknown[]) => snapshot(raw));
    socket.on(EV.resync, (...raw: unknown[]) => snapshot(raw));
  });

  // a reissued code revokes its device: every seat socket that device opened gets a fatal problem and leaves
  const stopRevoke = opts.onRevoke?.((binding, message) => {
    for (const socket of nsp.sockets.values()) {
      if ((socket.data.claim as SeatClaim | undefined)?.bind !== binding) continue;
      const payload: SeatProblemPayload = { error: `seat token revoked: ${message}`, fatal: true };
      socket.emit(EV.problem, payload);
      setImmediate(() => socket.disconnect(false)); // this namespace only: the connection is shared
    }
  });

  return {
    nsp,
    seatFor,
    close() {
      stopRevoke?.();
      for (const u of subscriptions.values()) u();
      subscriptions.clear();
      for (const t of timers) clearTimeout(t);
      timers.clear();
      channels.clear();
    },
  };
}
