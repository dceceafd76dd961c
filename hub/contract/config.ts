/**
 * The hub's config files, as zod schemas: the table config (`--config hub.json`, loaded by
 * hub/config/load.ts; its fields documented in hub/config/types.ts) and the tournament config
 * (`--tournament t.json`, hub/tournament/config.ts). Objects are strict: a mistyped key is refused
 * as unknown, naming its path (`tables.0.tileset: unknown key`), and a file that is not JSON is
 * refused naming the line and column of the syntax error ({@link parseJsonText}).
 */
import { z } from 'zod';
import { TILES_IN_SET } from '../../rules/tiles.js';
import { ID_RULE, idProblem } from '../config/ids.js';
import { FaceStyleSchema } from './views.js';

/** a reader id or zone name as the firmware protocol spells it (PROTOCOL.md): fixed in the reader, so not narrowed here */
const name = z.string().regex(/^[A-Za-z0-9_.-]{1,32}$/, 'letters, digits, _ . - (1-32)');
/** an id that names files and URLs (hub/config/ids.ts): table and tile set ids */
const id = z.string().superRefine((v, ctx) => {
  const problem = idProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: `${problem} (${ID_RULE})` });
});
const index = z.number().int().min(0);
const settle = z.number().int().min(0).max(10_000);
const zoneRole = z.discriminatedUnion('area', [
  z.strictObject({ area: z.literal('rack'), player: index, rack: index }),
  z.strictObject({ area: z.literal('top'), player: index, rack: index }),
  z.strictObject({ area: z.literal('wall'), wall: index }),
  z.strictObject({ area: z.literal('floor') }),
]);
/** One table of the hub's table config (hub/config/types.ts documents each field). Unknown keys are refused. */
export const TableConfigSchema = z.strictObject({
  id,
  variant: z.enum(['siamese', 'standard']),
  players: z
    .array(z.strictObject({ name: z.string().min(1).max(40), seat: z.string().min(1).max(20) }))
    .min(2)
    .max(4),
  racksPerPlayer: z.number().int().min(1).max(2),
  tilesPerWall: z.number().int().min(1).max(TILES_IN_SET),
  wallOrder: z.array(index).min(1),
  readers: z.array(z.strictObject({ id: name, zones: z.record(name, zoneRole), port: z.string().optional() })).min(1),
  cards: z.array(z.string().min(1)).min(1),
  tileSet: id,
  timing: z.strictObject({
    settleMs: z.number().int().min(0).max(10_000),
    countCheckMs: z.number().int().min(0).max(60_000),
    staleMs: z.number().int().min(100).max(600_000),
    settleByArea: z.object({ rack: settle, top: settle, wall: settle, floor: settle }).partial().strict().optional(),
  }),
  practiceHelp: z.boolean().optional(),
  section: z.string().min(1).max(40).optional(),
  countRule: z.enum(['18A', '18D']).optional(),
  tileFaces: FaceStyleSchema.optional(),
  killingExposureJokersInPlay: z.boolean().optional(),
  // checked by checkScoringConfig (rules/scoring/settings.ts), which names the key
  scoring: z.unknown().optional(),
  // NMJL practice, not in the seeds (rules/variants/standard/misdeal.ts): each setting optional, default on
  nmjlPractice: z
    .object({ misdeal: z.boolean(), shortTakesNextTile: z.boolean(), twoHandsIntact: z.boolean(), replayFewerThanTwoIntact: z.boolean(), misnamedDiscard: z.boolean() })
    .partial()
    .strict()
    .optional(),
});
/** The hub's table config file: `{ tables: [...], workers? }`. */
export const HubConfigSchema = z.strictObject({
  tables: z.array(TableConfigSchema).min(1),
  /**
   * how many worker threads run the table engines (as `--workers N`, which overrides it; README
   * "Many tables"): 0, the default, runs every table on the hub's one thread
   */
  workers: z.number().int().min(0).max(64).optional(),
});

/**
 * The tournament config file, the one description of its shape (hub/tournament/config.ts
 * `TournamentConfig` is derived from it and checks each value in its own words); unknown keys are
 * refused here.
 */
export const TournamentConfigSchema = z.strictObject({
  /**
   * 'standard' (default): 4-seat tables and cards, 000 scoring (a Siamese hub table bound to one
   * writes its points on East and West of a 4-seat card). 'siamese': Royale Siamese tables of 2
   * (003), 2-seat cards holding each player's own 003 rule 17 points, circle-method seating.
   */
  kind: z.enum(['standard', 'siamese']).optional(),
  /** shown on the score cards and the exports, e.g. "Spring Open 2026" */
  name: z.string(),
  /**
   * every player, in round-1 seat order: standard, players 1-4 at table 1 East, South, West, North
   * (a multiple of 4); siamese, players 1-2 at table 1 East, West (an even number)
   */
  players: z.array(z.strictObject({ id: z.string(), name: z.string() })),
  /** rounds in the day (≥ 1) */
  rounds: z.number(),
  /** prize money by place (prizes[0] for 1st …), numbers ≥ 0, in the tournament's unit (e.g. dollars) */
  prizes: z.array(z.number()),
  /** the round's time in ms (default 3 000 000 = 50 minutes, 000) */
  roundMs: z.number().optional(),
  /** "about to run out" below this many ms (default 300 000 = 5 minutes) */
  warnBelowMs: z.number().optional(),
  /** the points a bye scores (a round a late arrival missed; default 0), a whole number */
  byePoints: z.number().optional(),
  /**
   * tournament table number (1-based) → the hub table (its `id` in the table config) that plays it
   * with readers. A tournament table without a hub table is scored by the director's corrections.
   */
  tables: z.array(z.strictObject({ table: z.number(), hubTable: z.string() })),
  /**
   * kind 'siamese' only: the rule every table of the tournament plays for a wrong tile count beside
   * one legitimate Mah Jongg, '18A' or '18D' (003 rule 18); null or absent: each table's own
   * `countRule`, else 18D (hub/tournament/config.ts `countRulesInForce`)
   */
  countRule: z.enum(['18A', '18D']).nullable().optional(),
  /**
   * how far behind the live game the spectators' broadcast shows the concealed hands, in minutes
   * (docs/spectators.md; 15 as chess championships, 30 as poker streams); null or absent: the hub's
   * `--broadcast-delay-min` (default 15), which also overrides it when given; 0 only with
   * `--broadcast-no-delay`
   */
  broadcastDelayMin: z.number().nullable().optional(),
  /**
   * the scoring settings of every game (rules/scoring/settings.ts `ScoringSettings`; default seed
   * 000's): `discarderPenalty` `{ noneOrOne, two, threeOrMore }`, `selfPicked`, `jokerless`,
   * `wallGame`, `jokerExchangeSelfPicked`, `paidLine`. A standard tournament only, and never
   * `scheme: "home"`. Checked by checkScoringConfig (rules/scoring/settings.ts), which names the key.
   */
  scoring: z.unknown().optional(),
});

/**
 * The first problem of a config parse, as `path: what`: `tables.0.tileset: unknown key`,
 * `tables.0.readers.3.zones.in.player: Invalid input: expected number, received string`.
 */
export function configProblem(error: z.ZodError): string {
  const first = error.issues[0]!;
  if (first.code === 'unrecognized_keys') {
    const at = [...first.path, first.keys[0] ?? ''].join('.');
    return `${at}: unknown key${first.keys.length > 1 ? ` (and ${first.keys.slice(1).join(', ')})` : ''}`;
  }
  return `${first.path.join('.') || '(top)'}: ${first.message}`;
}

/**
 * Parses JSON text; a syntax error is named by line and column (1-based), e.g.
 * `line 3, column 1: Expected double-quoted property name`.
 * @returns the value, or the error in words. Never throws.
 */
export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    const message = (e as Error).message;
    const at = /at position (\d+)/.exec(message);
    const pos = at ? Number(at[1]) : text.length;
    const before = text.slice(0, pos);
    const line = before.split('\n').length;
    const column = pos - before.lastIndexOf('\n');
    const what = message.replace(/ in JSON at position \d+.*$/, '').replace(/ \(line \d+ column \d+\)$/, '');
    return { ok: false, error: `line ${line}, column ${column}: ${what}` };
  }
}
