/**
 * A finished game's replay (docs/replay.md): `GET /api/tables/:id/games/:gameNo/replay`, one step
 * per line of the game record (rules/GAME-RECORD.md) with the tiles' places after it. The hub
 * answers with it; the replay page (display/src/views/ReplayPage.svelte) checks what it receives.
 */
import { z } from 'zod';
import { FlagStatusSchema, TileIdSchema, TileKindSchema, VariantSchema } from './views.js';

/** One rack of a player after a step: the tiles inside it (concealed, by id: the record's) and on its top (exposures, by kind). */
export const ReplayRackSchema = z.object({
  concealed: z.array(TileIdSchema),
  top: z.array(TileKindSchema),
  dead: z.boolean(),
});

/** A flag raised at a step, with where the director's ruling left it (the status after the record's last ruling). */
export const ReplayFlagSchema = z.object({
  id: z.string(),
  kind: z.string(),
  /** e.g. `"003 rule 20"` */
  rule: z.string(),
  title: z.string(),
  player: z.number(),
  rack: z.number().nullable(),
  status: FlagStatusSchema,
  consequence: z.string(),
});

/** One record line and the table after it. */
export const ReplayStepSchema = z.object({
  /** the line's number in the record file (the header is line 1) */
  line: z.number().int(),
  /** what the line is: an action of the table, a director's ruling on a flag, a correction of a reading */
  kind: z.enum(['action', 'ruling', 'correction']),
  /** the line in words (rules/wording/actions.ts) */
  text: z.string(),
  /** ms since epoch of the line */
  at: z.number(),
  /** `[player][rack]` */
  racks: z.array(z.array(ReplayRackSchema)),
  /** the tiles on the floor, by kind, in the order discarded */
  floor: z.array(TileKindSchema),
  /** tiles left in each wall (index = wall number) */
  walls: z.array(z.number().int()),
  /** the player on turn, or null */
  turn: z.number().nullable(),
  phase: z.string(),
  /** the flags raised at this step */
  flags: z.array(ReplayFlagSchema),
  /** each seat's running points (index = player), or null where the table keeps none (4-player: only at the end, 000) */
  points: z.array(z.number()).nullable(),
});

/** `GET /api/tables/:id/games/:gameNo/replay`: the game, its end, and one step per record line. */
export const ReplaySchema = z.object({
  tableId: z.string(),
  gameNo: z.number().int(),
  kind: VariantSchema,
  players: z.array(z.string()),
  /** ms since epoch of the game's last action (the event's delay counts from it) */
  endedAt: z.number(),
  /** each seat's points at the end, or null when the game scores nothing */
  points: z.array(z.number()).nullable(),
  steps: z.array(ReplayStepSchema),
});
