/**
 * The tournament's HTTP routes (fastify plugins), registered by hub/api/server.ts when the hub runs
 * a tournament (000).
 *
 * Public (no token):
 * - `GET /api/tournament`                  → {@link TournamentPublic}: rounds, cards (marks, totals,
 *                                            who initialed and verified; no initials, no correction texts), clock, standings
 * - `GET /api/tournament/standings.csv`    → text/csv, header `rank,player,name,game points,penalties,points,prize,marks,scoring` (`points` the total, which ranks; the settings in force on every row), CRLF (RFC 4180)
 * - `GET /api/tournament/standings.json`   → `mjhub.tournament-standings/1`
 * - `GET /api/tournament/games.jsonl`      → JSON lines `mjhub.tournament-game/2`, each with the scoring `settings` (rules/tournament/RECORD-FORMAT.md)
 *
 * Director (registered inside the director scope of server.ts: `Authorization: Bearer <token>`):
 * - `GET  /api/director/tournament`                               → `{ round, clock, cards, problems }`: every card as it is
 *                                                                   (ScoreCard, or SiameseScoreCard `kind: 'siamese'`), with initials, corrections
 * - `POST /api/director/tournament/clock` `{ action: 'start'|'pause'|'resume'|'next-round' }` → the clock (GET's `clock`)
 * - `POST /api/director/tournament/cards/:table/:round/correct` `{ game, points?: [E,S,W,N] (Siamese: [E,W] or [E,0,W,0]), outcome?, reason, by? }`
 *                                                                 → the card; clears its initials and verifications.
 *                                                                   Only a game with a result (409 otherwise: "round 1 table 1
 *                                                                   game 1 has no result yet (it is in play at t1): …"); each
 *                                                                   seat's points at most 10000 either way (400, naming game and seat)
 * - `GET  /api/director/tournament/between`                       → the games begun between rounds (BetweenRoundsGame[],
 *                                                                   hub/tournament/between-rounds.ts): listed, then under way and not listed yet
 * - `POST /api/director/tournament/between/:hubTable/:gameNo` `{ action: 'assign'|'drop', by? }` → the game as listed now;
 *                                                                   assign: on the next round's card as the table's next game.
 *                                                                   404 not such a game, 409 already ruled / no next round / its time is up
 * - `GET  /api/director/tournament/penalties`                     → the penalty and conduct log: `{ penalties, inGames }`
 *                                                                   (event penalties; the 000 stolen-tile −10s with their games)
 * - `POST /api/director/tournament/penalties` `{ player, round?, kind: late|warning|conduct|other, points ≤ 0, reason, by? }`
 *                                                                 → the penalty as logged (201); 400 naming the field
 * - `POST /api/director/tournament/penalties/:penalty/cancel` `{ reason, by? }` → the penalty as logged, with `cancelled { at, director, reason }`:
 *                                                                   it stays in the log and counts no more; 404 no such penalty, 409 already cancelled
 * - `POST /api/director/tournament/extra-time` `{ table, minutes 1-60, by? }` → `{ table, added, minutes, grants, text, extraTime }`:
 *                                                                   grants add up, the answer says the total now granted
 *                                                                   ("table 2: 5 more minutes, 15 minutes of extra time in all (10 + 5)")
 *                                                                   and `extraTime` the round's, table by table; 409 when that table's time is already up
 * - `POST /api/director/tournament/withdraw` `{ player, fromRound?, replacement: { id, name }, by? }` → that round's cards: the player
 *                                                                   seated in no later round (standings: "withdrawn"), the late arrival in their seat (byes before)
 * - `POST /api/director/tournament/late-arrival` `{ arrival: { id, name }, by? }` → 409 with the reason: the movement fills every seat of
 *                                                                   every round (no empty seat, no bye), so a late arrival takes a withdrawn player's seat (withdraw)
 * - `POST /api/director/tournament/substitute` `{ player, round?, substitute: { id, name }, by? }` → that round's cards: the substitute in the seat for that round
 * - `POST /api/director/tournament/tables/:table/label` `{ label, swap?, by? }` → `{ tables: [{ table, hubTable, label }], text }`: the label the
 *                                                                   table shows from now on (display only: table number, hub table, game ids and logs stay);
 *                                                                   409 a label another table shows, unless `swap: true` (the two exchange labels)
 * `:table` is a tournament table number or a bound hub table id. Errors: 400 bad body, 404 unknown
 * round or table, 409 refused by the clock or the card (the message says why).
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { TournamentError } from '../../rules/tournament/errors.js';
import { TournamentServiceError, type TournamentService } from './service.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as H from '../contract/http.js';
import * as R from '../contract/responses.js';

export type { TournamentService };

/** Runs `f`, turning a refusal of the tournament model into a 409 with its words. */
function refusals<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof TournamentError) throw new TournamentServiceError(409, e.message);
    throw e;
  }
}

/** The public routes: `await app.register(tournamentRoutes(service))`. */
export function tournamentRoutes(service: TournamentService): FastifyPluginAsync {
  return async (untyped: FastifyInstance) => {
    const app = untyped.withTypeProvider<ZodTypeProvider>(); // params, query and body types from the contract's schemas
    app.get('/api/tournament', { schema: { querystring: H.NoQuery, response: R.replies(R.TournamentPublicReply) } }, async () => service.publicView());
    app.get('/api/tournament/standings.csv', { schema: { querystring: H.NoQuery, response: R.replies(R.TextReply) } }, async (_req, reply) =>
      reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="standings.csv"').send(service.standingsCsv()),
    );
    app.get('/api/tournament/standings.json', { schema: { querystring: H.NoQuery, response: R.replies(R.TextReply) } }, async (_req, reply) =>
      reply.type('application/json; charset=utf-8').send(service.standingsJson()),
    );
    app.get('/api/tournament/games.jsonl', { schema: { querystring: H.NoQuery, response: R.replies(R.TextReply) } }, async (_req, reply) =>
      reply.type('application/x-ndjson; charset=utf-8').header('content-disposition', 'attachment; filename="games.jsonl"').send(service.gamesJsonl()),
    );
  };
}

/** The director's routes: `await director.register(tournamentDirectorRoutes(service))` inside the token-checked scope. */
export function tournamentDirectorRoutes(service: TournamentService): FastifyPluginAsync {
  return async (untyped: FastifyInstance) => {
    const app = untyped.withTypeProvider<ZodTypeProvider>(); // params, query and body types from the contract's schemas
    app.get('/api/director/tournament', { schema: { querystring: H.NoQuery, response: R.replies(R.TournamentDirectorReply) } }, async () => ({
      round: service.round,
      clock: service.clockPublic(),
      cards: service.allCards(),
      problems: [...service.problems],
    }));
    app.post('/api/director/tournament/clock', { schema: { querystring: H.NoQuery, body: H.ClockBody, response: R.replies(R.TournamentClockReply) } }, async (req) =>
      refusals(() => {
        if (req.body.action === 'next-round') service.nextRound();
        else service.clock(req.body.action);
        return service.clockPublic();
      }),
    );
    app.post(
      '/api/director/tournament/cards/:table/:round/correct',
      { schema: { params: H.CardParams, querystring: H.NoQuery, body: H.CorrectBody, response: R.replies(R.ScoreCardSchema) } },
      async (req) => refusals(() => service.correct(req.params.table, Number(req.params.round), req.body)),
    );
    app.get('/api/director/tournament/penalties', { schema: { querystring: H.NoQuery, response: R.replies(R.PenaltyLogReply) } }, async () => service.penaltyLog());
    app.post('/api/director/tournament/penalties', { schema: { querystring: H.NoQuery, body: H.PenaltyBody, response: R.replies(R.PenaltySchema) } }, async (req, reply) =>
      reply.code(201).send(refusals(() => service.givePenalty(req.body))),
    );
    app.post(
      '/api/director/tournament/penalties/:penalty/cancel',
      { schema: { params: H.PenaltyParams, querystring: H.NoQuery, body: H.PenaltyCancelBody, response: R.replies(R.PenaltySchema) } },
      async (req) => refusals(() => service.cancelPenalty(Number(req.params.penalty), req.body.reason, req.body.by)),
    );
    app.post('/api/director/tournament/extra-time', { schema: { querystring: H.NoQuery, body: H.ExtraTimeBody, response: R.replies(R.ExtraTimeReply) } }, async (req) =>
      refusals(() => service.giveExtraTime(req.body.table, req.body.minutes, req.body.by)),
    );
    app.post('/api/director/tournament/withdraw', { schema: { querystring: H.NoQuery, body: H.WithdrawBody, response: R.replies(R.RoundCardsReply) } }, async (req) =>
      refusals(() =>
        service.withdrawPlayer(req.body.player, req.body.replacement, { ...(req.body.fromRound ? { fromRound: req.body.fromRound } : {}), ...(req.body.by ? { by: req.body.by } : {}) }),
      ),
    );
    app.post('/api/director/tournament/late-arrival', { schema: { querystring: H.NoQuery, body: H.LateArrivalBody, response: R.replies(R.RoundCardsReply) } }, async (req) =>
      refusals(() => service.seatLateArrival(req.body.arrival)),
    );
    app.post('/api/director/tournament/substitute', { schema: { querystring: H.NoQuery, body: H.SubstituteBody, response: R.replies(R.RoundCardsReply) } }, async (req) =>
      refusals(() => service.substitute(req.body.player, req.body.substitute, { ...(req.body.round ? { round: req.body.round } : {}), ...(req.body.by ? { by: req.body.by } : {}) })),
    );
    app.post(
      '/api/director/tournament/tables/:table/label',
      { schema: { params: H.TableLabelParams, querystring: H.NoQuery, body: H.TableLabelBody, response: R.replies(R.TableLabelsReply) } },
      async (req) => refusals(() => service.relabelTable(req.params.table, req.body.label, { ...(req.body.swap ? { swap: true } : {}), ...(req.body.by ? { by: req.body.by } : {}) })),
    );
    app.get('/api/director/tournament/between', { schema: { querystring: H.NoQuery, response: R.replies(R.BetweenRoundsReply) } }, async () => service.betweenRounds());
    app.post(
      '/api/director/tournament/between/:hubTable/:gameNo',
      { schema: { params: H.BetweenParams, querystring: H.NoQuery, body: H.BetweenBody, response: R.replies(R.BetweenRoundsGameSchema) } },
      async (req) => refusals(() => service.ruleBetween(req.params.hubTable, Number(req.params.gameNo), req.body.action, req.body.by)),
    );
  };
}
