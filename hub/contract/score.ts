/**
 * Score cards and game outcomes as zod schemas: the 4-player tournament card
 * (rules/tournament/scorecard.ts `ScoreCard`, 000), the Royale Siamese card
 * (rules/tournament/siamese-card.ts `SiameseScoreCard`, 003 rule 17) and the outcome a director
 * enters when correcting a game (rules/scoring/tournament.ts `TournamentOutcome`).
 *
 * The outcome is used two ways: strict in a request body (`POST …/correct`: an unknown field is
 * refused naming it, as every body is), loose in an answer (a field the hub adds before the schema
 * names it still goes out). The compile-time checks at the end keep each schema in step with the
 * type of rules/ it describes.
 */
import { z } from 'zod';
import type { TournamentOutcome } from '../../rules/scoring/tournament.js';
import type { Correction, ScoredGame, ScoreCard } from '../../rules/tournament/scorecard.js';
import type { SiameseCorrection, SiameseScoredGame, SiameseScoreCard } from '../../rules/tournament/siamese-card.js';

/** A seat of a 4-player table: 0 East, 1 South, 2 West, 3 North. */
const seat = z.int().min(0).max(3);

/** The fields of {@link TournamentOutcome}, each as rules/scoring/tournament.ts documents it (000 SCORING). */
const outcomeFields = {
  /** the seat that declared a verified Mah Jongg, or null */
  winner: seat.nullable(),
  /** the winning line's value as printed on the card (points) */
  value: z.int().min(0).optional(),
  selfPicked: z.boolean().optional(),
  jokerless: z.boolean().optional(),
  singlesAndPairs: z.boolean().optional(),
  /** the seat that discarded the winning tile; null when self-picked or completed by a joker exchange */
  discarder: seat.nullable().optional(),
  jokerExchange: z.boolean().optional(),
  /** the winning discard had been named wrongly (NMJL practice; home: its discarder pays for all) */
  misnamed: z.boolean().optional(),
  /** exposures on the winner's rack before the Mah Jongg call, 0-4 */
  winnerExposures: z.int().min(0).max(4).optional(),
  dead: z.array(seat).max(4).readonly().optional(),
  wallGame: z.boolean().optional(),
  unfinished: z.boolean().optional(),
  mahJonggInError: z.object({ caller: seat, exposedBy: z.array(seat).max(3).readonly() }).optional(),
  lookedAtStolenTile: z.array(seat).max(4).readonly().optional(),
  names: z.array(z.string().max(64)).max(4).readonly().optional(),
};

/** How a 4-player game ended, in a request body: strict (an unknown field is named and refused). */
export const TournamentOutcomeBody = z.strictObject({
  ...outcomeFields,
  mahJonggInError: z.strictObject({ caller: seat, exposedBy: z.array(seat).max(3).readonly() }).optional(),
});
/** How a 4-player game ended, in an answer. */
export const TournamentOutcomeSchema = z.object(outcomeFields);

/** Who entered a game's result: the table, the clock at time up, or a director's correction. */
const enteredBy = z.enum(['table', 'clock', 'director']);

/** One game on a 4-player card: its outcome, points and marks per seat (East … North). */
export const ScoredGameSchema = z.object({ outcome: TournamentOutcomeSchema, points: z.array(z.number()).length(4), marks: z.array(z.string()).length(4), by: enteredBy });
/** A director's correction of a 4-player card's game, with the result it replaced. */
export const CorrectionSchema = z.object({ game: z.int().min(1), reason: z.string(), director: z.string(), before: ScoredGameSchema.nullable() });

/** The 4-player card of one round (000): seats East, South, West, North. */
export const StandardScoreCardSchema = z.object({
  /** absent: what tells this card from a Siamese one */
  kind: z.undefined().optional(),
  tournament: z.string(),
  round: z.int().min(1),
  table: z.int().min(1),
  seats: z.array(z.string()).length(4),
  /** the scoring numbers (rules/scoring/tournament.ts `TournamentProfile`) */
  profile: z.object({ name: z.string(), players: z.int() }),
  /** the scoring settings in force (rules/scoring/settings.ts), printed with the card */
  settings: z.object({ scheme: z.literal('tournament') }),
  games: z.array(ScoredGameSchema.nullable()),
  verified: z.array(z.boolean()).length(4),
  initials: z.array(z.string().nullable()).length(4),
  corrections: z.array(CorrectionSchema),
});

/** One game on a Siamese card: each player's own points [East, West] (003 rule 17). */
export const SiameseScoredGameSchema = z.object({
  points: z.tuple([z.number(), z.number()]),
  marks: z.tuple([z.string(), z.string()]),
  by: enteredBy,
  /** e.g. "siamese table t1 game 3 (003 rule 17)", "time up", "director" */
  source: z.string(),
});
/** A director's correction of a Siamese card's game. */
export const SiameseCorrectionSchema = z.object({ game: z.int().min(1), reason: z.string(), director: z.string(), before: SiameseScoredGameSchema.nullable() });

/** The Royale Siamese card of one round: seats East, West. */
export const SiameseScoreCardSchema = z.object({
  kind: z.literal('siamese'),
  tournament: z.string(),
  round: z.int().min(1),
  table: z.int().min(1),
  seats: z.tuple([z.string(), z.string()]),
  games: z.array(SiameseScoredGameSchema.nullable()),
  verified: z.tuple([z.boolean(), z.boolean()]),
  initials: z.tuple([z.string().nullable(), z.string().nullable()]),
  corrections: z.array(SiameseCorrectionSchema),
});

/** One seat's line of a card as the public sees it: marks and total, whether initialed and verified (never the initials). */
export const PublicCardSeatSchema = z.object({
  seat: z.string(),
  player: z.string(),
  name: z.string(),
  marks: z.array(z.string()),
  total: z.number(),
  initialed: z.boolean(),
  verified: z.boolean(),
});
/** A card as `GET /api/tournament` shows it (hub/tournament/service.ts `PublicCard`). */
export const PublicCardSchema = z.object({
  round: z.int().min(1),
  table: z.int().min(1),
  /** the label the table shows (its placard, e.g. "12"; default the table number) */
  label: z.string(),
  /** the hub table that plays it with readers, or null */
  hubTable: z.string().nullable(),
  seats: z.array(PublicCardSeatSchema).min(2).max(4),
  /** games with a result (0-4) */
  games: z.int().min(0),
  changes: z.array(z.string()),
  by: z.array(enteredBy.nullable()),
  complete: z.boolean(),
  missing: z.array(z.string()),
  corrections: z.int().min(0),
  kind: z.literal('siamese').optional(),
  /** a Siamese card only: 003 rule 17's settlement, e.g. "Bea pays Ann 95" */
  settlement: z.string().optional(),
  /** per game of the card (index = game − 1): the hub table game it was taken from (its replay, docs/replay.md), or null; absent from a hub that does not send it */
  replays: z.array(z.object({ hubTable: z.string(), gameNo: z.int().min(1) }).nullable()).optional(),
});

/** Either card: a Siamese card says `kind: 'siamese'`, a 4-player card has no `kind`. */
export const AnyScoreCardSchema = z.discriminatedUnion('kind', [SiameseScoreCardSchema, StandardScoreCardSchema]);

// Compile-time: each schema's output is the type of rules/ it describes (a field renamed or retyped
// on one side fails the type check here).
type Fits<A, B> = [A] extends [B] ? true : false;
const fits: [
  Fits<z.output<typeof TournamentOutcomeSchema>, TournamentOutcome>,
  Fits<z.output<typeof ScoredGameSchema>, Omit<ScoredGame, 'outcome'>>,
  Fits<z.output<typeof CorrectionSchema>, Omit<Correction, 'before'>>,
  Fits<
    Omit<z.output<typeof StandardScoreCardSchema>, 'profile' | 'settings' | 'games' | 'corrections'>,
    Omit<ScoreCard, 'profile' | 'settings' | 'games' | 'corrections' | 'seats' | 'verified' | 'initials'>
  >,
  Fits<z.output<typeof SiameseScoredGameSchema>, SiameseScoredGame>,
  Fits<z.output<typeof SiameseCorrectionSchema>, SiameseCorrection>,
  Fits<z.output<typeof SiameseScoreCardSchema>, SiameseScoreCard>,
] = [true, true, true, true, true, true, true];
void fits;
