/**
 * Every HTTP request the hub takes, as zod schemas: each route's `params`, `querystring` and `body`
 * (hub/api/server.ts, login.ts, seat.ts, routes-readers.ts, routes-enroll.ts,
 * hub/tournament/routes.ts). fastify validates with them (fastify-type-provider-zod; the route
 * handlers' types are derived from them) and answers a bad request 400 naming the field, e.g.
 * `body.ruling must be one of "confirm", "dismiss"` (hub/contract/issues.ts words it).
 *
 * Bodies and queries are strict: no type coercion (`{ "as": 7 }` is not "7"), an unknown field is
 * refused, not dropped. URL parts are always text: a number field of a query takes exactly the
 * digits of one ("12", "-3", "0.5"); anything else is refused naming the field. Every route has
 * a query schema (most take none: {@link NoQuery}), so a stray query parameter is refused too.
 */
import { z } from 'zod';
import { TILES_IN_SET } from '../../rules/tiles.js';
import { TournamentOutcomeBody } from './score.js';
import { PENALTY_KINDS, PENALTY_REASON_MAX } from '../../rules/tournament/penalties.js';
import { MAX_EXTRA_MINUTES } from '../../rules/tournament/clock.js';
import { MAX_TABLE_LABEL, TABLE_LABEL_PATTERN } from '../../rules/wording/table-label.js';
import { FlagStatusSchema, RestartChoiceSchema, RulingSchema, TileIdSchema } from './views.js';

/** A table, flag or set id in a URL or body: 1-64 characters (the ids themselves are checked where they are looked up). */
const id = z.string().min(1).max(64);
/** Who made a ruling or entry: 1-64 characters (default "director"). */
const by = z.string().min(1).max(64);
/** A game or round number in a URL: 1-999999999, as digits (the handler reads it with Number). */
const gameNoText = z.string().regex(/^[1-9][0-9]{0,8}$/);
/** A whole number; a value of another type is refused as `must be integer` (as a 1.5 is). */
function integer() {
  return z.int({ error: (issue) => (issue.code === 'invalid_type' ? 'must be integer' : undefined) });
}
/** A player index: 0 = East … 3 = North. */
const player = integer().min(0).max(3);

/**
 * A number in a URL query: the text of exactly one number (`"12"`, `"-3"`, `"0.5"`) becomes that
 * number before `schema` checks it; any other text is left as is, which `schema` refuses
 * (`querystring.minRate must be number`).
 */
export function urlNumber<S extends z.ZodType<number>>(schema: S) {
  return z.preprocess((v) => (typeof v === 'string' && /^-?\d{1,15}(\.\d{1,15})?$/.test(v) ? Number(v) : v), schema);
}

/** The query of a route that takes none: any parameter is refused as unknown. */
export const NoQuery = z.strictObject({});
/** The body of a POST that takes none: absent, null or `{}`; any field is refused as unknown. */
export const NoBody = z.strictObject({}).nullish();

/** `/api/tables/:id`, `/api/director/tables/:id…` */
export const TableParams = z.object({ id });
/** `/api/director/tables/:id/games/:gameNo/record` */
export const GameParams = z.object({ id, gameNo: gameNoText });
/** `/api/director/tables/:id/flags/:flagId` */
export const FlagParams = z.object({ id, flagId: id });

/** `POST /api/director/tables/:id/flags/:flagId`: the director's ruling on a flag. */
export const RulingBody = z.strictObject({
  ruling: RulingSchema,
  by: by.optional(),
  /** with confirm on a wrong-wall flag where 003 rule 20 is silent: the rack that dies (0 = rack 1, 1 = rack 2) */
  deadRack: integer()
    .pipe(z.literal([0, 1]))
    .optional(),
  /** the flag's status the ruling was made on: a flag ruled on meanwhile is refused (409) */
  was: FlagStatusSchema.optional(),
});

/** `/api/director/tables/:id/moves/:ref/correction`: `ref` the move's event sequence number, as digits */
export const MoveParams = z.object({ id, ref: gameNoText });

/**
 * `POST /api/director/tables/:id/moves/:ref/correction`: the director corrects what the readers saw
 * of a committed move (hub/table/machine/corrections.ts). `place`: its `end` (`from` or `to`) was
 * `zone` (`reader/zone`, a zone of the table); `tile`: its tag is `tile`, a kind (`7C`: its first
 * copy no other tag is) or a copy (`7C#3`: the tag that had it takes the move's tile). The fields
 * of the other kind are refused by the route (400 naming the field).
 */
export const MoveCorrectionBody = z.strictObject({
  kind: z.enum(['place', 'tile']),
  /** `place` only: which end of the move was wrong */
  end: z.enum(['from', 'to']).optional(),
  /** `place` only: the zone it was */
  zone: z.string().min(3).max(64).optional(),
  /** `tile` only: the tile the tag is */
  tile: z.string().min(1).max(8).optional(),
  by: by.optional(),
});

/** `POST /api/director/tables/:id/not-seen`: the director closes the notice of a tile not seen (`tile`, e.g. "5B#2"). */
export const NotSeenCloseBody = z.strictObject({ tile: TileIdSchema, by: by.optional() });

/** `POST /api/director/tables/:id/restart`: the director's choice for a game the readers no longer show as the log has it. */
export const RestartBody = z.strictObject({ choice: RestartChoiceSchema, by: by.optional() });

/** The director's entries (`entry`): Royale Siamese takes the mis-named ones (003 rule 19A-D), a 4-player table the 000 entries and a mis-named discard (NMJL practice). */
export const EntryKindSchema = z.enum(['misnamed-discard', 'misnamed-exposure', 'looked-at-stolen-tile', 'dead-declared-in-error', 'announced-line', 'declared-dead']);

/**
 * `POST /api/director/tables/:id/entries`: what the director saw that no reader sees. A
 * misnamed-exposure needs `named` (003 rule 19A/B: the tile the discarder named), an announced-line
 * its `line`; the rack of a Siamese mis-named discard claimed for Mah Jongg is checked by table kind.
 */
export const EntryBody = z
  .strictObject({
    entry: EntryKindSchema,
    player,
    /** declared-dead: the player whose hand was declared dead */
    declared: player.optional(),
    /** misnamed-discard on a standard table: what the discard was claimed for */
    for: z.enum(['mah-jongg', 'exposure']).optional(),
    /** misnamed-exposure (Siamese) or misnamed-discard (standard): the tile kind the discarder named, e.g. "5D" */
    named: z.string().min(1).max(3).optional(),
    ruling: z.enum(['keep-exposure', 'dead']).optional(),
    rack: integer().min(0).max(1).optional(),
    /** announced-line: the card line's id */
    line: z.string().min(1).max(120).optional(),
    by: by.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.entry === 'misnamed-exposure' && b.named === undefined) ctx.addIssue({ code: 'invalid_type', expected: 'string', path: ['named'], input: undefined });
    if (b.entry === 'announced-line' && b.line === undefined) ctx.addIssue({ code: 'invalid_type', expected: 'string', path: ['line'], input: undefined });
  });

/** `POST /api/login`: the director's secret. */
export const LoginBody = z.strictObject({ secret: z.string().min(1).max(1024) });

/** A reader id as the protocol allows it (PROTOCOL.md: 1-32 of A-Z a-z 0-9 _ . -). */
const readerId = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9_.-]+$/);
/** `/api/director/readers/:id…` */
export const ReaderParams = z.object({ id: readerId });
/** `POST /api/director/readers/:id/assign`: the physical reader `:id` plays the configured slot `as`. */
export const AssignBody = z.strictObject({ as: readerId, by: by.optional() });
/** `DELETE /api/director/readers/:id`: who removed it; the body is optional. */
export const RemoveReaderBody = z.strictObject({ by: by.optional() }).nullish();

/** `/api/director/enroll/:tableId…` */
export const EnrollTableParams = z.object({ tableId: id });
/** `DELETE /api/director/enroll/:tableId/tags/:tag` */
export const EnrollTagParams = z.object({ tableId: id, tag: z.string().min(1).max(32) });
/** `POST /api/director/enroll/:tableId/start`: the set to enrol, `fresh` to start it over. */
export const EnrollStartBody = z.strictObject({ setId: z.string().min(1).max(64), fresh: z.boolean().optional() });
/** `POST /api/director/enroll/:tableId/tags`: one tag and the tile kind printed on its tile. */
export const EnrollTagBody = z.strictObject({ tag: z.string().min(1).max(32), kind: z.string().min(1).max(4) });
/** `POST /api/director/enroll/:tableId/layout`: the unknown tags read in `zone` are `count` tiles from `from` on. */
export const EnrollLayoutBody = z.strictObject({ zone: z.string().min(3).max(96), from: z.string().min(1).max(4).optional(), count: integer().min(1).max(TILES_IN_SET).optional() });
/** `GET /api/director/enroll/:tableId/weak-tags`: the read-rate (0-1) and scan thresholds. */
export const WeakTagsQuery = z.strictObject({ minRate: urlNumber(z.number().min(0).max(1)).optional(), minScans: urlNumber(integer().min(1).max(100000)).optional() });
/** `POST /api/director/enroll/:tableId/finish`: `draft` to keep an incomplete set; the body is optional. */
export const EnrollFinishBody = z.strictObject({ draft: z.boolean().optional() }).nullish();

/** The longest seat token taken (characters). */
export const MAX_SEAT_TOKEN = 512;
/** `/api/seat/:token…` */
export const SeatTokenParams = z.object({
  token: z
    .string()
    .min(1)
    .max(MAX_SEAT_TOKEN)
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'must be a seat token: <payload>.<signature> in base64url'),
});
/** `GET /api/seat/:token`: `table`, the table the page expects (a token of another table is refused). */
export const SeatQuery = z.strictObject({ table: z.string().max(64).optional() });
/** `POST /api/seat/:token/initial`: the player's initials on the score card (1-8 characters, not all blank); the body is optional. */
export const SeatInitialBody = z.strictObject({ initials: z.string().min(1).max(8).regex(/\S/).optional() }).nullish();
/** `GET /api/director/tables/:id/seats`: `game`, the game the codes are for (default the current one). */
export const SeatCodesQuery = z.strictObject({ game: gameNoText.optional() });

/** `POST /api/director/tournament/clock`: the round clock (000: fifty minutes a round). */
export const ClockBody = z.strictObject({ action: z.enum(['start', 'pause', 'resume', 'next-round']) });
/** `/api/director/tournament/cards/:table/:round/correct` */
export const CardParams = z.object({ table: id, round: z.string().regex(/^[1-9][0-9]{0,5}$/) });
/** `POST …/correct`: the director's correction of one game of a score card, with the reason. */
export const CorrectBody = z.strictObject({
  game: integer().min(1).max(4),
  points: z.array(integer()).min(2).max(4).optional(),
  /** how the game ended (4-player cards; rules/scoring/tournament.ts `TournamentOutcome`), instead of `points` */
  outcome: TournamentOutcomeBody.optional(),
  reason: z.string().min(1).max(500),
  by: by.optional(),
});
/** `POST /api/director/tournament/penalties`: an event penalty (rules/tournament/penalties.ts): points ≤ 0, a warning may be 0. */
export const PenaltyBody = z.strictObject({
  player: id,
  round: integer().min(1).max(999).nullable().optional(),
  kind: z.enum(PENALTY_KINDS),
  points: integer().max(0),
  reason: z.string().min(1).max(PENALTY_REASON_MAX),
  by: by.optional(),
});
/** `POST /api/director/tournament/penalties/:penalty/cancel`: why the penalty is cancelled (it was entered by mistake). */
export const PenaltyCancelBody = z.strictObject({ reason: z.string().min(1).max(PENALTY_REASON_MAX), by: by.optional() });
/** `/api/director/tournament/penalties/:penalty`: the penalty's id in the log (1-based). */
export const PenaltyParams = z.object({ penalty: z.string().regex(/^[1-9][0-9]{0,5}$/) });
/** `POST /api/director/tournament/extra-time`: extra minutes for one table in the current round. */
export const ExtraTimeBody = z.strictObject({ table: id, minutes: integer().min(1).max(MAX_EXTRA_MINUTES), by: by.optional() });
/** `/api/director/tournament/tables/:table/label`: a tournament table number or a bound hub table id */
export const TableLabelParams = z.object({ table: id });
/**
 * `POST /api/director/tournament/tables/:table/label`: the label the table shows from now on
 * (1-12 letters or digits, spaces, dots and dashes inside); `swap: true` when another table shows
 * that label: the two exchange labels.
 */
export const TableLabelBody = z.strictObject({
  label: z.string().trim().min(1).max(MAX_TABLE_LABEL).regex(TABLE_LABEL_PATTERN, 'must be letters or digits (spaces, dots and dashes inside), e.g. "12"'),
  swap: z.boolean().optional(),
  by: by.optional(),
});
/** `/api/director/tournament/print/seating/:round` */
export const RoundParams = z.object({ round: z.string().regex(/^[1-9][0-9]{0,5}$/) });
/** `/api/director/tournament/print/claim/:table`: a tournament table number or a bound hub table id */
export const PrintTableParams = z.object({ table: id });
/** A player added after the start (a late arrival or a substitute): a new id and the name shown. */
const newPlayer = z.strictObject({ id, name: z.string().min(1).max(64) });
/** `POST /api/director/tournament/withdraw`: a player withdraws; a late arrival takes their seat from `fromRound` (default the next round not begun). */
export const WithdrawBody = z.strictObject({ player: id, fromRound: integer().min(1).max(999).optional(), replacement: newPlayer, by: by.optional() });
/** `POST /api/director/tournament/late-arrival`: a late arrival to seat in an empty seat or a bye of the round in play. */
export const LateArrivalBody = z.strictObject({ arrival: newPlayer, by: by.optional() });
/** `POST /api/director/tournament/substitute`: a substitute takes a player's seat for one round (default the next round not begun). */
export const SubstituteBody = z.strictObject({ player: id, round: integer().min(1).max(999).optional(), substitute: newPlayer, by: by.optional() });
/** `/api/director/tournament/between/:hubTable/:gameNo` */
export const BetweenParams = z.object({ hubTable: id, gameNo: gameNoText });
/** `POST /api/director/tournament/between/…`: assign a game played between rounds to this round, or drop it. */
export const BetweenBody = z.strictObject({ action: z.enum(['assign', 'drop']), by: by.optional() });

// --- tournament players: check-in, personal codes, the player link (hub/api/player-routes.ts) ---
/** `/api/director/tournament/players/:player/…` and `/api/director/tournament/print/player/:player`: a tournament player's id. */
export const PlayerParams = z.object({ player: id });
/** `POST /api/director/tournament/players/:player/check-in` and `…/reissue`: who did it; the body is optional. */
export const PlayerDeskBody = z.strictObject({ by: by.optional() }).nullish();
/** A device secret (the phone's, from its claim): 43 characters of base64url. */
const deviceSecret = z
  .string()
  .min(16)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be a device secret (base64url)');
/**
 * `POST /api/claim`: the player's personal code as typed (12 letters and digits, dashes and spaces
 * allowed), the device secret this phone already holds (claiming again from the same phone), and
 * the table whose claim page it was (only recorded in the answer).
 */
export const ClaimBody = z.strictObject({ code: z.string().min(1).max(64), device: deviceSecret.optional(), table: id.optional() });
/** `GET /api/player/:device` */
export const PlayerDeviceParams = z.object({ device: deviceSecret });
