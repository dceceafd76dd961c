/**
 * Every HTTP answer the hub sends, as zod schemas: each route's 2xx body and the error body of
 * every refusal. The hub checks what it sends with them before it goes out (hub/api/server.ts
 * `contractSerializerCompiler`: an answer that does not match is logged naming the field and
 * answered 500), and the display parses what it fetches with them (display/src/lib/fetchJson.ts).
 *
 * Objects are not strict: a field the hub adds before the schema names it still goes out, and the
 * display keeps it without checking it. Also the enrolment views (hub/tilesets/ types are derived
 * from them).
 */
import { z } from 'zod';
import { AnyScoreCardSchema, PublicCardSchema } from './score.js';
import { PENALTY_KINDS } from '../../rules/tournament/penalties.js';
import {
  DirectorTableViewSchema,
  MoveCorrectionViewSchema,
  PublicTableViewSchema,
  ReaderStatusSchema,
  SeatViewSchema,
  TileIdSchema,
  TileKindSchema,
  TournamentClockViewSchema,
  UnknownReaderSchema,
} from './views.js';

/** Every refusal: `{ statusCode: 404, error: "Not Found", message: "unknown table 't9'" }` (the message names the field for a 400). */
export const ErrorBody = z.object({ statusCode: z.number().int().min(400).max(599), error: z.string(), message: z.string() });

/**
 * A route's `response` schema: `ok` for its 2xx answer, {@link ErrorBody} for every 4xx and 5xx.
 * @param ok the 2xx body; `z.string()` for a route that sends text (CSV, NDJSON) as it is
 */
export function replies<S extends z.ZodType>(ok: S) {
  return { '2xx': ok, '4xx': ErrorBody, '5xx': ErrorBody } as const;
}

// --- login (hub/api/login.ts) ---
/** `POST /api/login`: the session's bearer token and when it ends (ms since epoch). */
export const LoginReply = z.object({ ok: z.literal(true), token: z.string(), expiresAt: z.number() });
/** `POST /api/logout`: whether a session was ended. */
export const LogoutReply = z.object({ ok: z.literal(true), loggedOut: z.boolean() });
/** `GET /api/session`: is this request the director's, by which credential, until when (ms; null for the fixed token). */
export const SessionReply = z.object({ director: z.boolean(), via: z.enum(['cookie', 'bearer']).nullable(), expiresAt: z.number().nullable() });

// --- health (hub/api/routes-health.ts) ---
/** The event log's health (hub/store/types.ts `StoreHealth`): `{ ok: true }`, or `{ ok: false, error, … }` after a failed write. */
export const StoreHealthSchema = z.object({ ok: z.boolean() });
/** `GET /api/director/health` */
export const HealthReply = z.object({ store: StoreHealthSchema });

// --- readers (hub/api/routes-readers.ts) ---
/** `GET /api/director/readers` and the answer of assign/remove: the reader directory. */
export const ReaderDirectorySchema = z.object({
  readers: z.array(ReaderStatusSchema),
  unknown: z.array(UnknownReaderSchema),
  /** configured readers the director removed (no longer expected) */
  removed: z.array(z.string()),
});

// --- enrolment (hub/tilesets/registry.ts, enroll.ts, read-stats.ts; hub/api/routes-enroll.ts) ---
/** One enrolled tag: `{ tag: "04A1B2C3", tile: "5D#2", spare: false }`; a spare has a copy number past the kind's copies (`5D#5`). */
export const EnrolledSchema = z.object({
  /** tag UID, upper-case hex */
  tag: z.string(),
  /** the tile it is stuck under */
  tile: TileIdSchema,
  /** an extra tag for a kind whose copies are all enrolled */
  spare: z.boolean(),
});
/** One kind short in a set: `{ kind: "5D", count: 1 }` (tiles still to enrol, 1..8). */
export const MissingKindSchema = z.object({ kind: TileKindSchema, count: z.number().int().min(1) });
/** An unknown tag a table's reader read. */
export const SeenTagSchema = z.object({
  tag: z.string(),
  /** `reader/zone` where it was last read */
  zone: z.string(),
  /** when (ms since epoch) */
  at: z.number(),
  /** an ISO 14443 random UID: it cannot be enrolled */
  random: z.boolean(),
});
/** What the enrol page shows: `GET /api/director/enroll/:tableId` and the answer of start. */
export const EnrollViewSchema = z.object({
  tableId: z.string(),
  setId: z.string(),
  /** standard tiles enrolled, 0..152 */
  enrolled: z.number().int().min(0),
  /** 152 */
  total: z.number().int(),
  spares: z.number().int().min(0),
  missing: z.array(MissingKindSchema),
  /** `"missing 5D ×1"` or `"complete: 152 of 152 (0 spares)"` */
  makeup: z.string(),
  complete: z.boolean(),
  /** every enrolled tag, card order */
  entries: z.array(EnrolledSchema),
  /** unknown tags the table's readers have read, not yet enrolled, the latest read first */
  unknown: z.array(SeenTagSchema),
  /** the file the set was last saved to (or loaded from), or null */
  savedFile: z.string().nullable(),
});
/** `POST …/tags`, `DELETE …/tags/:tag`: the tag enrolled or removed, and the view after. */
export const EnrollEntryReply = z.object({ entry: EnrolledSchema, view: EnrollViewSchema });
/** `POST …/layout`: the tags enrolled, and the view after. */
export const EnrollLayoutReply = z.object({ entries: z.array(EnrolledSchema), view: EnrollViewSchema });
/** `POST …/finish`: the file the set was saved to, whether it is complete, and the view after. */
export const EnrollFinishReply = z.object({ file: z.string(), complete: z.boolean(), view: EnrollViewSchema });
/** One weak tag: `{ tag, tile: "J#3", zone: "RK-E1/in", reads: 6, expected: 10, rate: 0.6 }`. */
export const WeakTagSchema = z.object({
  tag: z.string(),
  tile: TileIdSchema,
  /** `reader/zone` */
  zone: z.string(),
  /** reads seen (one per scan at most) */
  reads: z.number().int().min(0),
  /** scans of the zone from the tag's first read there to its last: the reads a good tag gives */
  expected: z.number().int().min(0),
  /** reads / expected, 0..1, rounded to 3 decimals */
  rate: z.number().min(0).max(1),
});
/** `GET …/weak-tags`: the tags read in fewer than `minRate` of their zone's scans, worst first. */
export const WeakTagsViewSchema = z.object({
  tableId: z.string(),
  /** the tile set the table plays with (`"simulated"`, `"club-set-3"`) */
  setId: z.string(),
  /** the threshold used (0..1) */
  minRate: z.number().min(0).max(1),
  /** a tag is judged after this many expected reads (scans) */
  minScans: z.number().int().min(1),
  weak: z.array(WeakTagSchema),
});

// --- seats (hub/api/seat.ts) ---
/** One row of a seat's score card. */
export const ScoreCardSeatSchema = z.object({
  seat: z.string(),
  player: z.string(),
  name: z.string(),
  marks: z.array(z.string()),
  total: z.number(),
  verified: z.boolean(),
  initialed: z.boolean(),
});
/** `GET /api/seat/:token/scorecard` and the answer of verify/initial: the card as one seat sees it. */
export const SeatScoreCardSchema = z.object({
  tournament: z.string(),
  round: z.number().int(),
  table: z.number().int(),
  /** the seat asking: 0-3 (0 East, 1 West on a Siamese card) */
  seat: z.number().int().min(0).max(3),
  /** the seat whose score it verifies */
  partner: z.number().int().min(0).max(3),
  seats: z.array(ScoreCardSeatSchema),
  /** games played on the card */
  games: z.number().int().min(0),
  canVerify: z.boolean(),
  canInitial: z.boolean(),
  complete: z.boolean(),
  missing: z.array(z.string()),
  kind: z.literal('siamese').optional(),
  settlement: z.string().optional(),
  /** the director's corrections of this card, in words */
  changes: z.array(z.string()),
});
/** One player's seat code (`GET /api/director/tables/:id/seats` answers one per player, index order). */
export const SeatCodeSchema = z.object({
  player: z.number().int().min(0).max(3),
  name: z.string(),
  seat: z.string(),
  game: z.number().int().min(1),
  token: z.string(),
  url: z.string(),
  /** ms since epoch */
  expiresAt: z.number(),
  /** the url as a QR code, an SVG document */
  qrSvg: z.string(),
});

// --- tables (hub/api/server.ts) ---
/** `GET /api/tables`, the public views. */
export const PublicTablesReply = z.array(PublicTableViewSchema);
/** `GET /api/director/tables`, the director's views. */
export const DirectorTablesReply = z.array(DirectorTableViewSchema);
export { DirectorTableViewSchema, PublicTableViewSchema, SeatViewSchema };

// --- tournament (hub/tournament/routes.ts) ---
/** The round clock as the tournament page shows it: the table's clock, with the round and the clock's words. */
export const TournamentClockReply = TournamentClockViewSchema.extend({ round: z.number().int(), state: z.string(), display: z.string() });
/** One director's score card, either kind (hub/contract/score.ts): the answer of `POST …/correct` and each card of `GET /api/director/tournament`. */
export const ScoreCardSchema = AnyScoreCardSchema;
/**
 * One row of the standings (rules/tournament/penalties.ts `EventStanding`) with the player's name:
 * game points, event penalties, and `points`, their total, which ranks (ties share the rank).
 */
export const EventStandingSchema = z.object({
  rank: z.number().int(),
  player: z.string(),
  name: z.string(),
  gamePoints: z.number(),
  penalties: z.number(),
  points: z.number(),
  prize: z.number(),
  /** the rounds of the player's byes */
  byes: z.array(z.number().int()),
  withdrawn: z.boolean(),
});
/** A table given extra time in the current round: whole minutes in all, ms left, whether it has run out. */
export const ExtraTimeSchema = z.object({
  table: z.number().int(),
  /** whole minutes in all (the grants add up) */
  minutes: z.number().int(),
  /** the minutes of each grant, in the order given */
  grants: z.array(z.number().int()),
  /** "table 2: 15 minutes of extra time (10 + 5)" (rules/wording/extra-time.ts) */
  text: z.string(),
  remainingMs: z.number(),
  timeUp: z.boolean(),
});
/**
 * One tournament table and the label it shows (the number on its placard; docs/tournament-tools.md):
 * `table` and `hubTable` never change, `label` is display data (default the table number's digits).
 */
export const TableLabelSchema = z.object({
  /** the tournament table number (1-based): what cards, logs and routes use */
  table: z.number().int().min(1),
  /** the hub table that plays it with readers, or null */
  hubTable: z.string().nullable(),
  /** what every page shows for it, e.g. "12" */
  label: z.string(),
});
/** `POST /api/director/tournament/tables/:table/label`: every table's label now, and what changed ("table 7 (t7) now shows as 12 (was 7)"). */
export const TableLabelsReply = z.object({ tables: z.array(TableLabelSchema), text: z.string() });
/** `GET /api/tournament`: the tournament's public view. */
export const TournamentPublicReply = z.object({
  name: z.string(),
  round: z.number().int(),
  rounds: z.number().int(),
  gamesPerRound: z.number().int(),
  clock: TournamentClockReply,
  scoring: z.array(z.string()),
  cards: z.array(PublicCardSchema),
  standings: z.array(EventStandingSchema),
  /** the tables given extra time in the current round */
  extraTime: z.array(ExtraTimeSchema),
  prizes: z.array(z.number()),
  /** every tournament table with the label it shows */
  tables: z.array(TableLabelSchema),
});
/** One event penalty as logged (rules/tournament/penalties.ts `Penalty`, with its id and when, ms since epoch). */
export const PenaltySchema = z.object({
  id: z.number().int().min(1),
  at: z.number(),
  player: z.string(),
  round: z.number().int().nullable(),
  kind: z.enum(PENALTY_KINDS),
  /** ≤ 0 (a warning may be 0) */
  points: z.number().int().max(0),
  reason: z.string(),
  director: z.string(),
  /** present once the director cancelled it (entered by mistake): it stays listed and counts no more */
  cancelled: z.object({ at: z.number(), director: z.string(), reason: z.string() }).optional(),
});
/** A game's own penalty listed in the log (000: the stolen-tile −10, already in that game's points). */
export const GamePenaltyEntrySchema = z.object({
  player: z.string(),
  round: z.number().int(),
  table: z.number().int(),
  game: z.number().int(),
  kind: z.literal('stolen-tile'),
  points: z.number(),
  reason: z.string(),
  inGamePoints: z.literal(true),
});
/** `GET /api/director/tournament/penalties`: the penalty and conduct log. */
export const PenaltyLogReply = z.object({ penalties: z.array(PenaltySchema), inGames: z.array(GamePenaltyEntrySchema) });
/** `POST /api/director/tournament/withdraw` and `…/substitute`: the cards of the round the change starts in. */
export const RoundCardsReply = z.array(AnyScoreCardSchema);
/**
 * `POST /api/director/tournament/extra-time`: the grant (grants add up: `added` this time, `minutes`
 * in all, each grant, the words "table 2: 5 more minutes, 15 minutes of extra time in all (10 + 5)")
 * and the current round's extra time, table by table.
 */
export const ExtraTimeReply = z.object({
  table: z.number().int(),
  added: z.number().int(),
  minutes: z.number().int(),
  grants: z.array(z.number().int()),
  text: z.string(),
  extraTime: z.array(ExtraTimeSchema),
});
/** `GET /api/director/tournament`: the round, clock, every card and the problems seen (each in words: "event seq 12 (card-game): …"). */
export const TournamentDirectorReply = z.object({ round: z.number().int(), clock: TournamentClockReply, cards: z.array(ScoreCardSchema), problems: z.array(z.string()) });
/** A game a table played between rounds (hub/tournament/between-rounds.ts). */
export const BetweenRoundsGameSchema = z.object({
  hubTable: z.string(),
  hubGameNo: z.number().int(),
  afterRound: z.number().int(),
  /** ms since epoch */
  began: z.number(),
  state: z.enum(['in play', 'ended', 'assigned', 'dropped']),
  result: z.unknown().nullable(),
  round: z.number().int().nullable(),
  /** who ruled, once the director did */
  director: z.string().nullable(),
});

/** `GET /api/director/tables/:id/games/:gameNo/record`: the game record, NDJSON text (rules/GAME-RECORD.md), sent as it is. */
export const GameRecordReply = z.string();

/** `POST /api/director/tables/:id/moves/:ref/correction`: the correction in words, and the table's public view derived again. */
export const MoveCorrectionReply = z.object({ correction: MoveCorrectionViewSchema, view: PublicTableViewSchema });
/** `GET /api/director/tables/:id/games/:gameNo/capture`: the game's capture, JSON lines `mjhub.capture` v1 (firmware-protocol/CAPTURE.md). */
export const GameCaptureReply = z.string();
/** A download sent as text as it is: `standings.csv`, `standings.json`, `games.jsonl`. */
export const TextReply = z.string();
/** `GET /api/director/tables/:id/seats`: one seat code per player, index order. */
export const SeatCodesReply = z.array(SeatCodeSchema);
/** `GET /api/director/tournament/between`: the games played between rounds. */
export const BetweenRoundsReply = z.array(BetweenRoundsGameSchema);

// --- tournament players: check-in, personal codes, the player link (hub/api/player-routes.ts) ---
/** One player at the desk (`GET /api/director/tournament/players`): never a code. */
export const PlayerDeskRowSchema = z.object({
  player: z.string(),
  name: z.string(),
  /** ms since epoch, null: not checked in */
  checkedInAt: z.number().nullable(),
  /** codes given so far (0 not checked in) */
  issue: z.number().int().min(0),
  /** ms since epoch the current code bound a device, or null */
  boundAt: z.number().nullable(),
});
/** `GET /api/director/tournament/players`: every player in the tournament's order. */
export const PlayerDeskReply = z.array(PlayerDeskRowSchema);
/** The check-in slip (`POST …/players/:player/check-in` and `…/reissue`): the personal code, shown only here. */
export const PlayerSlipReply = z.object({
  player: z.string(),
  name: z.string(),
  /** the personal code, e.g. "K7QM-3XPA-9RTD" */
  code: z.string(),
  issue: z.number().int().min(1),
  /** the claim page (no code in it): `http://10.0.0.5:8080/claim` */
  claimUrl: z.string(),
  /** the slip's own QR code (SVG): the claim page with the code, `http://10.0.0.5:8080/claim#code=K7QM-3XPA-9RTD` (hub/api/player-routes.ts `slipClaimUrl`) */
  qrSvg: z.string(),
});
/** `POST /api/claim`: the device secret the phone keeps (localStorage), and the player link page. */
export const ClaimReply = z.object({ player: z.string(), name: z.string(), device: z.string(), link: z.string() });
/** `GET /api/player/:device`: where the player sits now, and a seat token for that seat's current (or next) game. */
export const PlayerLinkReply = z.object({
  player: z.string(),
  name: z.string(),
  tournament: z.string(),
  round: z.number().int().min(1),
  rounds: z.number().int().min(1),
  /** the tournament table number */
  table: z.number().int().min(1),
  /** the label that table shows (its placard, e.g. "12"): "go to table 12" */
  label: z.string(),
  /** the wind of the card seat: East, South, West, North */
  seat: z.string(),
  /** the hub table that plays the table, null when none is bound */
  hubTable: z.string().nullable(),
  /** the seat token of that table's current (or next) game; null when no hub table plays it */
  seatToken: z.string().nullable(),
  game: z.number().int().nullable(),
});
/** `GET /api/tables/:id/claim`: the table's claim page and its QR code (SVG); no code in either. */
export const TableClaimReply = z.object({ url: z.string(), qrSvg: z.string() });
