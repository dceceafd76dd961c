/**
 * The room's compact summary of one table, as zod schemas: what a card of the director's room
 * draws and nothing more (hub/api/room-summaries.ts builds it from the director view and sends it;
 * display/src/lib/roomSummaries.ts follows it). It never holds a tile: no concealed tile, no
 * exposure, no discard, no evidence; a table's whole director view goes only to the director's
 * page of that table (`table:watch` on `/director`).
 *
 * Socket.io on `/director` ({@link ROOM_SUMMARY_EV}): the room emits `room:watch-tables` `{}` on
 * each (re)connect and is answered with `room:tables` (every table's summary, the hub's order);
 * then `room:table` (one table's summary) each time a table's summary changes, at most twice a
 * second per table (changes in between are coalesced: the push carries the latest). Each push is
 * whole, so a push missed while offline is made good by the snapshot of the next connect.
 */
import { z } from 'zod';
import {
  type DirectorTableViewSchema,
  HubMarkSchema,
  PhaseSchema,
  PublicFlagSchema,
  type PublicTableViewSchema,
  ReaderStateSchema,
  TournamentClockViewSchema,
  TournamentRoundViewSchema,
  VariantSchema,
} from './views.js';

/** Socket.io events of the room's summaries, on `/director`. */
export const ROOM_SUMMARY_EV = {
  /** display → hub: `{}` ({@link WatchTablesRequestSchema}); optional ack `{ ok: true }` or `{ ok: false, error }` */
  watchTables: 'room:watch-tables',
  /** hub → display: every table's summary ({@link RoomTablesPushSchema}), the answer to `room:watch-tables` */
  tables: 'room:tables',
  /** hub → display: one table's summary ({@link RoomTableSummarySchema}) after it changed */
  table: 'room:table',
} as const;

/** Fewest ms between two `room:table` pushes of one table (at most twice a second). */
export const ROOM_SUMMARY_INTERVAL_MS = 500;

/** `room:watch-tables`: the payload says nothing, `{}` (absent or null also do). */
export const WatchTablesRequestSchema = z.strictObject({});

/** One rack on a card: its count and what lies on it, never a tile. */
export const RoomRackSchema = z.object({
  /** tiles inside + on top of the rack, or null when its reader is not synced */
  count: z.number().nullable(),
  /** the hand on it is dead */
  dead: z.boolean(),
  /** a verified Mah Jongg lies on it */
  mahJongg: z.boolean(),
});

/** One player on a card. */
export const RoomPlayerSchema = z.object({
  /** 0 = East */
  index: z.number().int().min(0),
  name: z.string(),
  /** seat wind, e.g. "East" */
  seat: z.string(),
  /** tiles across the player's racks and exposures, or null when a reader is not synced */
  count: z.number().nullable(),
  racks: z.array(RoomRackSchema),
});

/**
 * A flag awaiting the director, as a card names it: the public flag's id, rule, title, who, when,
 * game and what was applied (its `consequence`, which the director's ruling confirms or undoes); no evidence.
 */
export const RoomFlagSchema = PublicFlagSchema.pick({ id: true, kind: true, rule: true, title: true, player: true, rack: true, at: true, gameNo: true, consequence: true }).extend({
  /** the director must also choose the rack that dies (003 rule 20 silent): the racks she may name (index, 0 = rack 1) */
  rackChoice: z.array(z.number()).nullable(),
});

/** A call for the director not yet taken, as the room's desk words it (hub/contract/room.ts `CallSchema`). */
export const RoomCallSchema = z.object({
  /** `c<seq>` */
  id: z.string(),
  /** "table 7 calls (East)" */
  text: z.string(),
  /** ms since epoch */
  at: z.number(),
});

/** The compact summary of one table: what its card in the room draws. */
export const RoomTableSummarySchema = z.object({
  tableId: z.string(),
  /** the label a tournament table shows (its placard, e.g. "12"), null outside a tournament */
  label: z.string().nullable(),
  /** the table config's hall or section, "" for none */
  section: z.string(),
  /** Royale Siamese (003) or the 4-player game (000) */
  kind: VariantSchema,
  /** the table's game number (1-based) */
  gameNo: z.number(),
  /** tournament play: round and game of the round (000: four games a round); null outside one */
  round: TournamentRoundViewSchema.nullable(),
  phase: PhaseSchema,
  /** the player whose turn it is, or null */
  turn: z.number().nullable(),
  /** why the game ended, e.g. "wall game"; null while it is on */
  endReason: z.string().nullable(),
  /** the game's payment (003 rule 17: the lesser total pays the difference), or null */
  payment: z.object({ from: z.number(), to: z.number(), amount: z.number() }).nullable(),
  /** the game has a final score (a score card to initial once over) */
  finalScore: z.boolean(),
  /** tiles left in the walls (every wall), and the wall picked from (1-based), null when none is */
  wallLeft: z.number(),
  currentWall: z.number().nullable(),
  players: z.array(RoomPlayerSchema),
  /** the flags awaiting the director, oldest first */
  openFlags: z.array(RoomFlagSchema),
  /** a game in play when the hub restarted waits for the readers (`checking`) or the director's choice (`differs`); null otherwise */
  restart: z.object({ gameNo: z.number(), state: z.enum(['checking', 'differs']) }).nullable(),
  /** this table's calls for the director not yet taken, oldest first */
  calls: z.array(RoomCallSchema),
  /** the round clock as the table shows it (its own time when given extra time); null outside a tournament */
  clock: TournamentClockViewSchema.nullable(),
  /** the extra time given to this table this round: minutes in all, in words ("table 2: 15 minutes of extra time (10 + 5)"); null for none */
  extraTime: z.object({ minutes: z.number(), text: z.string() }).nullable(),
  /** readers of the table */
  readerCount: z.number().int().min(0),
  /** the readers that are not connected (their counts cannot be trusted) */
  offlineReaders: z.array(z.object({ id: z.string(), state: ReaderStateSchema })),
  /** Royale Siamese: the count rule in force, "18A" or "18D" (003 rule 18), and its meaning; null otherwise */
  countRule: z.object({ rule: z.enum(['18A', '18D']), meaning: z.string() }).nullable(),
  /** 4-player tables: the scoring settings in force, one line each; [] otherwise */
  scoring: z.array(z.string()),
  /** when the table last changed, ms since epoch */
  updatedAt: z.number(),
  /**
   * several hubs, one event (docs/several-hubs.md): the hub that reads this table, when it is another
   * hub than the one serving this room, and whether that hub is heard (`online: false`: every reader
   * is listed offline); absent for this hub's own tables
   */
  hub: HubMarkSchema.optional(),
});

/** `room:tables`: every table's summary, in the hub's order. */
export const RoomTablesPushSchema = z.object({ tables: z.array(RoomTableSummarySchema) });

export type RoomTableSummary = z.output<typeof RoomTableSummarySchema>;
export type RoomFlag = z.output<typeof RoomFlagSchema>;

/** The view a summary is made from: the table's director view (a public view serves too: no count rule, no restart check). */
export type SummarisedView = z.output<typeof PublicTableViewSchema> & Partial<Pick<z.output<typeof DirectorTableViewSchema>, 'countRule' | 'restart'>>;

/** What a summary adds to the table's own view: facts the hub keeps beside the table. */
export interface RoomSummaryExtras {
  /** the table config's hall or section, "" for none */
  section: string;
  /** this table's open calls (the desk's, worded), oldest first */
  calls: readonly { id: string; text: string; at: number }[];
  /** the extra time given to this table this round, or null */
  extraTime: { minutes: number; text: string } | null;
}

/**
 * One table's summary for its room card: label, kind, game, phase, whose turn, wall left, counts
 * per player and rack, the flags awaiting the director (000 / 003 as each flag cites), calls, the
 * clock and extra time, readers not connected, the count rule (003 rule 18A / 18D), last change.
 * Every field is picked by name: no concealed tile, exposure, discard or evidence can pass.
 * @param view the table's director view now (a public view gives no count rule and no restart check)
 */
export function roomSummaryOf(view: SummarisedView, extras: RoomSummaryExtras = { section: '', calls: [], extraTime: null }): RoomTableSummary {
  const round = view.round ?? null;
  const current = view.walls.find((w) => w.current);
  return {
    tableId: view.tableId,
    label: round?.label ?? null,
    section: extras.section,
    kind: view.variant,
    gameNo: view.gameNo,
    round: round ? { round: round.round, game: round.game, of: round.of, ...(round.label !== undefined ? { label: round.label } : {}), ...(round.extra ? { extra: true as const } : {}) } : null,
    phase: view.phase,
    turn: view.turn,
    endReason: view.endReason,
    payment: view.score?.payment ? { from: view.score.payment.from, to: view.score.payment.to, amount: view.score.payment.amount } : null,
    finalScore: view.score?.final === true,
    wallLeft: view.walls.reduce((n, w) => n + w.left, 0),
    currentWall: current ? current.wall : null,
    players: view.players.map((p) => ({
      index: p.index,
      name: p.name,
      seat: p.seat,
      count: p.count,
      racks: p.racks.map((r) => ({ count: r.count, dead: r.dead, mahJongg: r.mahJongg !== null && r.mahJongg !== undefined })),
    })),
    openFlags: view.flags
      .filter((f) => f.status === 'awaiting-director')
      .sort((a, b) => a.at - b.at)
      .map((f) => ({
        id: f.id,
        kind: f.kind,
        rule: f.rule,
        title: f.title,
        player: f.player,
        rack: f.rack,
        at: f.at,
        gameNo: f.gameNo,
        consequence: f.consequence,
        rackChoice: f.deadRackChoice ? [...f.deadRackChoice.racks] : null,
      })),
    restart: view.restart ? { gameNo: view.restart.gameNo, state: view.restart.state } : null,
    calls: extras.calls.map((c) => ({ id: c.id, text: c.text, at: c.at })),
    clock: view.clock
      ? {
          remainingMs: view.clock.remainingMs,
          running: view.clock.running,
          aboutToRunOut: view.clock.aboutToRunOut,
          timeUp: view.clock.timeUp,
          ...(view.clock.state !== undefined ? { state: view.clock.state } : {}),
        }
      : null,
    extraTime: extras.extraTime ? { minutes: extras.extraTime.minutes, text: extras.extraTime.text } : null,
    readerCount: view.readers.length,
    offlineReaders: view.readers.filter((r) => r.state !== 'connected').map((r) => ({ id: r.id, state: r.state })),
    countRule: view.countRule ? { rule: view.countRule.rule, meaning: view.countRule.meaning } : null,
    scoring: [...(view.scoring ?? [])],
    updatedAt: view.updatedAt,
  };
}
