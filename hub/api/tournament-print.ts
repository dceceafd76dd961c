/**
 * The director's printed sheets as HTML pages (hub/tournament/print.ts), registered in the director
 * scope (the session or the token):
 * - `GET /api/director/tournament/print/seating/:round`        → the round's seating chart
 * - `GET /api/director/tournament/print/card/:table/:round`    → the table's score card of that round
 * - `GET /api/director/tournament/print/claim/:table`          → the table's claim sheet: the URL
 *                                                                `<public url>/claim/<hub table id>` and its QR code, no player code
 * - `GET /api/director/tournament/print/standings`             → the standings
 * - `GET /api/director/tournament/print/player/:player`        → a player's personal card
 * Each is one page on A4 and on Letter (the browser's print). 404 for an unknown round, table or player.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { SEAT_NAMES } from '../../rules/tournament/errors.js';
import { anyCardTotals, isAnyCardComplete, type AnyScoreCard } from '../../rules/tournament/cards.js';
import { SIAMESE_SEAT_NAMES, isSiameseCard } from '../../rules/tournament/siamese-card.js';
import { GAMES_PER_ROUND } from '../../rules/tournament/errors.js';
import * as H from '../contract/http.js';
import * as R from '../contract/responses.js';
import { claimSheet, playerCardSheet, scoreCardSheet, seatingSheet, standingsSheet, type PrintSeat, type PrintTable } from '../tournament/print.js';
import { TournamentServiceError, type TournamentService } from '../tournament/service.js';

/** The path of a table's claim page (built by the claim feature): `/claim/<hub table id>`. */
export const claimPath = (hubTable: string): string => `/claim/${encodeURIComponent(hubTable)}`;

const seatNames = (card: AnyScoreCard): readonly string[] => (isSiameseCard(card) ? SIAMESE_SEAT_NAMES : SEAT_NAMES);

/** The director's print routes: `await director.register(tournamentPrintRoutes(service, { publicUrl }))`. */
export function tournamentPrintRoutes(service: TournamentService, opts: { publicUrl?: string } = {}): FastifyPluginAsync {
  const nameOf = (id: string) => service.playerName(id);
  const hubOf = new Map(service.config.tables.map((t) => [t.table, t.hubTable]));
  const title = service.config.name;
  const seatsOf = (card: AnyScoreCard): PrintSeat[] => card.seats.map((player, i) => ({ seat: seatNames(card)[i]!, player, name: nameOf(player) }));
  const html = <T>(reply: { type: (t: string) => T }) => reply.type('text/html; charset=utf-8');
  return async (untyped: FastifyInstance) => {
    const app = untyped.withTypeProvider<ZodTypeProvider>();
    app.get('/api/director/tournament/print/seating/:round', { schema: { params: H.RoundParams, querystring: H.NoQuery, response: R.replies(R.TextReply) } }, async (req, reply) => {
      const round = Number(req.params.round);
      const tables: PrintTable[] = service.roundCards(round).map((c) => ({ table: c.table, label: service.labelOf(c.table), hubTable: hubOf.get(c.table) ?? null, seats: seatsOf(c) }));
      return html(reply).send(seatingSheet(title, round, tables));
    });
    app.get('/api/director/tournament/print/card/:table/:round', { schema: { params: H.CardParams, querystring: H.NoQuery, response: R.replies(R.TextReply) } }, async (req, reply) => {
      const round = Number(req.params.round);
      const card = service.roundCards(round).find((c) => String(c.table) === req.params.table || hubOf.get(c.table) === req.params.table);
      if (!card) throw new TournamentServiceError(404, `no table ${req.params.table} in round ${round}`);
      const totals = anyCardTotals(card);
      const played = card.games.some((g) => g !== null);
      const seats = seatsOf(card).map((s, i) => ({ ...s, marks: card.games.map((g) => (g ? g.marks[i]! : '')), total: played ? totals[i]!.total : null }));
      return html(reply).send(
        scoreCardSheet(title, { round, table: card.table, label: service.labelOf(card.table), hubTable: hubOf.get(card.table) ?? null, seats, scoring: service.scoringText() }, GAMES_PER_ROUND),
      );
    });
    app.get('/api/director/tournament/print/claim/:table', { schema: { params: H.PrintTableParams, querystring: H.NoQuery, response: R.replies(R.TextReply) } }, async (req, reply) => {
      const t = service.config.tables.find((x) => String(x.table) === req.params.table || x.hubTable === req.params.table);
      if (!t) throw new TournamentServiceError(404, `unknown table '${req.params.table}': give a tournament table number or a bound hub table id`);
      // phones must reach the hub: --public-url when given, else the origin the director used
      const url = (opts.publicUrl ?? `${req.protocol}://${req.host}`) + claimPath(t.hubTable);
      const qr = await QRCode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
      return html(reply).send(claimSheet(title, service.labelOf(t.table), t.hubTable, url, qr));
    });
    app.get('/api/director/tournament/print/standings', { schema: { querystring: H.NoQuery, response: R.replies(R.TextReply) } }, async (_req, reply) => {
      service.tick();
      return html(reply).send(
        standingsSheet(
          title,
          service.standings().map((r) => ({ ...r, name: nameOf(r.player) })),
          service.scoringText(),
        ),
      );
    });
    app.get('/api/director/tournament/print/player/:player', { schema: { params: H.PlayerParams, querystring: H.NoQuery, response: R.replies(R.TextReply) } }, async (req, reply) => {
      const player = req.params.player;
      service.tick();
      const standing = service.standings().find((r) => r.player === player) ?? null;
      if (!standing) throw new TournamentServiceError(404, `no player '${player}' in the tournament`);
      const rounds = Array.from({ length: service.round }, (_, i) => i + 1).map((round) => {
        const card = service.roundCards(round).find((c) => (c.seats as readonly string[]).includes(player));
        if (!card) return { round, table: null, seat: null, points: null, note: standing?.byes.includes(round) ? 'bye' : 'not seated' };
        const i = (card.seats as readonly string[]).indexOf(player);
        const complete = isAnyCardComplete(card);
        return { round, table: card.table, seat: seatNames(card)[i]!, points: complete ? anyCardTotals(card)[i]!.total : null, note: complete ? '' : 'card not complete' };
      });
      const log = service.penaltyLog(); // a cancelled penalty is not on the player's card
      return html(reply).send(
        playerCardSheet(title, {
          player,
          name: nameOf(player),
          rounds,
          penalties: log.penalties.filter((p) => p.player === player && !p.cancelled),
          inGames: log.inGames.filter((p) => p.player === player),
          standing,
        }),
      );
    });
  };
}
