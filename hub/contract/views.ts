/**
 * The views the hub sends to displays, as zod schemas: the public table view, the director's view
 * (every concealed tile and each flag's evidence) and one seat's view (that seat's own concealed
 * tiles only). The TypeScript types are derived from these schemas (`z.infer`); hub/api/views.ts
 * re-exports them under their old names. The display parses every view it receives with them
 * (display/src/lib/viewState.ts, seatState.ts). Objects strip unknown keys: a field the hub adds
 * reaches a display only once it is written here.
 *
 * The public view never holds a concealed tile: only counts, exposures (already face up),
 * discards, wall left, turn, flags without evidence, and scores.
 */
import { z } from 'zod';
import { isTileId, isTileKind, type TileId, type TileKind } from '../../rules/tiles.js';

/** A tile kind as written on the card, e.g. `"5B"`, `"N"`, `"RD"`, `"F"`, `"J"` (rules/tiles.ts). */
export const TileKindSchema = z.custom<TileKind>((v) => typeof v === 'string' && isTileKind(v), 'must be a tile kind (1B-9B, 1C-9C, 1D-9D, N E S W, RD GD WD, F, J)');
/** One physical tile: its kind and copy, e.g. `"5B#3"` (rules/tiles.ts). */
export const TileIdSchema = z.custom<TileId>((v) => typeof v === 'string' && isTileId(v), 'must be a tile id such as "5B#3"');

/**
 * Connection state of one reader as the director and the table see it: `connected`; `unsynced`
 * (connected, a zone has had no snapshot since its HELLO); `stale` (silent longer than
 * `timing.staleMs`); `reconnecting` (its port closed and is being retried, or a browser relay
 * said its Bluetooth or Web Serial link is retrying); `offline` (never heard, or closed for good).
 */
export const ReaderStateSchema = z.enum(['connected', 'unsynced', 'stale', 'reconnecting', 'offline']);

/**
 * A director's browser page relaying a reader (hub/api/relay.ts). When two pages claim one reader the
 * newest HELLO wins; this names the live one so the director can tell the pages apart.
 */
export const RelayPageSchema = z.object({
  /** the page's link id (its socket id), also in the connection's name `relay://<page> (…)` */
  page: z.string(),
  /** when the page opened its relay, ms since epoch (hub clock) */
  openedAt: z.number(),
  /** the page's browser, from its User-Agent header (at most 160 printable characters), or null */
  userAgent: z.string().nullable(),
});

/**
 * A run of sequence numbers a reader sent that never reached the hub: a forward jump (PROTOCOL.md
 * §6), e.g. after seq 1 came seq 40: `{ from: 2, to: 39, lines: 38 }`, "lines 2-39 lost".
 */
export const LostRangeSchema = z.object({
  /** the first sequence number lost */
  from: z.number(),
  /** the last one lost: `from` for one line, below `from` when the range wraps past 2147483647 to 0 */
  to: z.number(),
  /** how many sequence numbers: `to - from + 1` (modulo the wrap) */
  lines: z.number(),
  /** when the hub saw the gap (the arrival of the line after it), ms since epoch */
  at: z.number(),
});

/**
 * The wording of a lost range, one place for the hub's log and the director's page:
 * `{ from: 2, to: 39 }` → `"lines 2-39 lost"`, `{ from: 3, to: 3 }` → `"line 3 lost"`.
 */
export function lostRangeText(r: { from: number; to: number }): string {
  return r.from === r.to ? `line ${r.from} lost` : `lines ${r.from}-${r.to} lost`;
}

/** One reader's state for the table and the director (see {@link ReaderStateSchema}). */
export const ReaderStatusSchema = z.object({
  /** the configured reader id (its slot in the table config) */
  id: z.string(),
  state: ReaderStateSchema,
  /** ms since epoch of the last message, or null if never heard */
  lastMessageAt: z.number().nullable(),
  /** lines discarded (bad checksum, truncated, unknown zone, …): the sum of `errors` but its `err-*` keys */
  discarded: z.number(),
  /** where it is or was last connected, e.g. `/dev/rfcomm0`, `tcp://10.0.0.21:4001`; null if never */
  port: z.string().nullable().optional(),
  /** the HELLO id of the physical reader playing this slot when the director assigned one, else null */
  physicalId: z.string().nullable().optional(),
  /** firmware version from its last HELLO, or null */
  firmware: z.string().nullable().optional(),
  /**
   * start of frame: its last HELLO said `sof=1` (true: the byte 0x02 before every line, PROTOCOL.md
   * §2), or did not (false: `sof=0` or no `sof`); null before any HELLO
   */
  sof: z.boolean().nullable().optional(),
  /**
   * discarded lines by reason, e.g. `{ "bad-checksum": 2, "truncated": 1, "unknown-zone": 1 }`,
   * plus `err-<code>` for each ERR line the reader itself sent (protocol v1)
   */
  errors: z.record(z.string(), z.number()).optional(),
  /** sequence gaps seen (each one asked for a snapshot, at most once a second) */
  gaps: z.number().optional(),
  /**
   * the last 8 runs of lines lost (forward gaps), oldest first: the last one is what the director's
   * page shows ("lines 2-39 lost"); a restart without HELLO (the sequence going back) is a gap but no range
   */
  lost: z.array(LostRangeSchema).optional(),
  /** lines lost in forward gaps since the hub started (every range, also those no longer in `lost`) */
  linesLost: z.number().optional(),
  /** repeated sequence numbers dropped */
  duplicates: z.number().optional(),
  /** times its connection closed (unplugged, socket ended) */
  reconnects: z.number().optional(),
  /** the browser relay page whose lines the hub takes for this reader now; absent for a port or when nothing is live */
  relay: RelayPageSchema.optional(),
});

/** A reader that said HELLO with an id the table config does not know: it waits for the director. */
export const UnknownReaderSchema = z.object({
  /** the id in its HELLO */
  id: z.string(),
  /** where it arrived */
  port: z.string(),
  /** ms since epoch of its last HELLO */
  at: z.number(),
  firmware: z.string().optional(),
  /** the zones its HELLO named */
  zones: z.array(z.string()).optional(),
  /** its connection is still open */
  connected: z.boolean().optional(),
});

/** The state a flag is in: consequences are applied at once; the director confirms or dismisses. */
export const FlagStatusSchema = z.enum(['awaiting-director', 'confirmed', 'dismissed']);

/** A flag as the public sees it: the rule, who, where, when. No tiles, no reader lines. */
export const PublicFlagSchema = z.object({
  /** stable id, e.g. `"g1-f3"` */
  id: z.string(),
  /** machine name of the rule, e.g. `"tile-count"`, `"wrong-wall"`, `"mah-jongg-in-error"` */
  kind: z.string(),
  /** the rule and seed it comes from, e.g. `"003 rule 18C"` */
  rule: z.string(),
  /** one line a player understands, e.g. "Bea has 28 tiles off turn: both hands dead" */
  title: z.string(),
  /** a stable name of the title's message, for a display that words it itself (optional) */
  code: z.string().optional(),
  /** the values the title's message is made of (player names, counts), keyed by name (optional) */
  params: z.record(z.string(), z.unknown()).optional(),
  player: z.number(),
  /** the rack concerned, when one is */
  rack: z.number().nullable(),
  /** ms since epoch when the flag was raised */
  at: z.number(),
  status: FlagStatusSchema,
  /** what was applied, e.g. "both hands dead; game over (rule 12)" */
  consequence: z.string(),
  /**
   * only on a wrong-wall flag where 003 rule 20 leaves the dead hand to the director (no exposures
   * on either rack): the rack (index, 0 = rack 1) that dies unless the director chooses, and the
   * racks a confirm may name (`{ ruling: 'confirm', deadRack }`). `rack` is the rack dead now.
   */
  deadRackChoice: z.object({ default: z.number(), racks: z.array(z.number()) }).optional(),
  /**
   * the table's game the flag was raised in (1-based). A flag of an earlier game is listed while it
   * awaits the director (its game over, the next one begun); a ruling on it changes that game's
   * result only ({@link GameResultViewSchema})
   */
  gameNo: z.number(),
});

/** The director's two rulings on a flag. */
export const RulingSchema = z.enum(['confirm', 'dismiss']);

/**
 * The result of one game of the table that has ended, as the table scores it now (after every
 * ruling): the table's earlier games and the current one once over.
 */
export const GameResultViewSchema = z.object({
  gameNo: z.number(),
  endReason: z.string().nullable(),
  /** each player's points for the game (index = player), or null for a game that does not count (a misdeal) */
  points: z.array(z.number()).nullable(),
  /** the latest director's ruling on a flag of that game (`at` ms since epoch), or null */
  ruling: z.object({ flagId: z.string(), ruling: RulingSchema, by: z.string(), at: z.number() }).nullable(),
});

/** One exposure group on top of a rack, as laid out (face up, public). */
export const ExposureViewSchema = z.object({ tiles: z.array(TileKindSchema) });

/** A verified Mah Jongg on a rack: the card line, its value (points), jokerless, and 1st or 2nd of the game. */
export const MahJonggViewSchema = z.object({ lineId: z.string(), lineText: z.string(), value: z.number(), jokerless: z.boolean(), order: z.union([z.literal(1), z.literal(2)]) });

/** One rack as the public sees it: counts and exposures, never a concealed tile. */
export const RackViewSchema = z.object({
  rack: z.number(),
  /** tiles inside the rack (concealed) + on its top, or null when its reader is not synced */
  count: z.number().nullable(),
  /** tiles inside the rack (concealed): the number only */
  concealedCount: z.number().nullable(),
  /** tiles on top of the rack, in the order they arrived */
  exposed: z.array(TileKindSchema),
  /**
   * the same tiles as groups laid out as on the card (rules/card-groups.ts): each group together,
   * jokers inside the group they stand for; in the line's order once a Mah Jongg names it. A reading
   * for the displays, never a ruling; absent from a hub that does not send it
   */
  groups: z.array(z.array(TileKindSchema)).optional(),
  dead: z.boolean(),
  /** why the hand on this rack is dead */
  deadReason: z.string().nullable(),
  /** set once a Mah Jongg on this rack is verified */
  mahJongg: MahJonggViewSchema.nullable(),
});

/** One player as the public sees them. */
export const PlayerViewSchema = z.object({
  index: z.number(),
  name: z.string(),
  seat: z.string(),
  /** tiles across both racks plus exposures (Siamese: 27 off turn, 28 after picking) */
  count: z.number().nullable(),
  racks: z.array(RackViewSchema),
});

/** The score of a game (points per player, index order). */
export const ScoreViewSchema = z.object({
  /** points per player (index order) */
  points: z.array(z.number()),
  /** the lesser total pays the difference (003 rule 17) */
  payment: z.object({ from: z.number(), to: z.number(), amount: z.number() }).nullable(),
  /** how each player's points were made, one line per item a player can check by hand */
  breakdown: z.array(z.array(z.string())),
  final: z.boolean(),
  /**
   * set when this is the final score of the table's previous game, not of the view's `gameNo`: a
   * game's final score stays on the views until the next deal begins (the walls built for the next
   * game, no tile dealt yet); absent otherwise
   */
  gameNo: z.number().optional(),
});

/** The round clock as a table shows it (000, "GAME PLAY": fifty minutes a round). */
export const TournamentClockViewSchema = z.object({
  /** ms left in the round, never below 0 */
  remainingMs: z.number(),
  /** started and not paused by the director */
  running: z.boolean(),
  /** fewer than 5 minutes (the tournament's warning time) left, not yet 0 */
  aboutToRunOut: z.boolean(),
  /** the round's time is over */
  timeUp: z.boolean(),
  /**
   * the tournament's state of the clock (rules/tournament/clock.ts): `ready` before the director
   * starts it, `running`, `paused`; worded by rules/wording/clock.ts. Absent on a view that does not know it.
   */
  state: z.enum(['ready', 'running', 'paused']).optional(),
});

/** Where the table is in the tournament: "round 2, game 3 of 4". */
export const TournamentRoundViewSchema = z.object({
  /** 1-based round number */
  round: z.number(),
  /**
   * 1-based game in play: the table's own results this round + 1 (a director's correction does not
   * move it). Above `of` when the table plays on after the round's games (see `extra`).
   */
  game: z.number(),
  /** games in a round (4) */
  of: z.number(),
  /** the label the tournament table shows (its placard): the director's (e.g. "12"; hub/tournament/service.ts `relabelTable`), else its number ("1"); absent on a hub table no tournament table is bound to */
  label: z.string().optional(),
  /**
   * true when this game comes after the round's `of` games (000: "Four games constitute one round"):
   * it goes on no score card, it does not count. Absent otherwise.
   */
  extra: z.literal(true).optional(),
});

/** The table variant: Royale Siamese (003) or the 4-player game (000). */
export const VariantSchema = z.enum(['siamese', 'standard']);
/** Where a game is. */
export const PhaseSchema = z.enum(['waiting', 'deal', 'play', 'ended']);
/** Wall left per wall (tiles), and the wall being picked from. */
export const WallViewSchema = z.object({ wall: z.number(), left: z.number(), current: z.boolean() });

/**
 * The Charleston of a 4-player table as the players see it (000; NMJL: first right, across, left,
 * the vote on the second Charleston, second left, across, last right, the courtesy pass across of
 * 0-3 tiles). Counts only: never which tiles.
 */
export const CharlestonViewSchema = z.object({
  /** the pass in words, e.g. "first right", "vote", "courtesy" (rules/standard-game.ts CHARLESTON) */
  stage: z.string(),
  /** where this pass goes; null at the vote (no tile moves) */
  direction: z.enum(['right', 'across', 'left']).nullable(),
  /** this pass may pass on tiles unseen (blind: the first left and the last right) */
  blindAllowed: z.boolean(),
  /** tiles each player (index order) has passed in this pass so far, own and blind: 0-3 (the courtesy: as agreed, 0-3) */
  passed: z.array(z.number()),
  /** of them, tiles each player passed on blind */
  blind: z.array(z.number()),
  /**
   * the vote on the second Charleston: 'yes' once a second Charleston is under way (and at the
   * courtesy after it), 'no' at a courtesy across that follows the vote at once, null at the vote,
   * before it, or when the view does not know
   */
  secondCharleston: z.enum(['yes', 'no']).nullable(),
});

/** How a table display draws a visible tile's face (display/src/lib/faceStyle.ts): traditional (sticks, circles, characters) or plain (number and suit symbol). */
export const FACE_STYLES = ['plain', 'traditional'] as const;
/** A table display's tile faces, one of FACE_STYLES. */
export const FaceStyleSchema = z.enum(FACE_STYLES);
/** One of FACE_STYLES. */
export type FaceStyle = z.infer<typeof FaceStyleSchema>;

/**
 * Several hubs, one event (docs/several-hubs.md): the hub that reads a table, when it is another
 * hub than the one answering, and whether that hub is heard (`online: false`: what it last told).
 */
export const HubMarkSchema = z.object({ id: z.string(), online: z.boolean() });
/** A table's hub and whether it is heard ({@link HubMarkSchema}). */
export type HubMark = z.infer<typeof HubMarkSchema>;

/** The public table view. */
export const PublicTableViewSchema = z.object({
  tableId: z.string(),
  variant: VariantSchema,
  gameNo: z.number(),
  phase: PhaseSchema,
  /** why the game ended, e.g. "wall game", "Ann made two Mah Jonggs" */
  endReason: z.string().nullable(),
  /** index of the player whose turn it is, or null */
  turn: z.number().nullable(),
  players: z.array(PlayerViewSchema),
  walls: z.array(WallViewSchema),
  /** discards in the order they were made (face up, public) */
  discards: z.array(TileKindSchema),
  /** the current game's flags, then the flags of earlier games still awaiting the director (each with its `gameNo`) */
  flags: z.array(PublicFlagSchema),
  score: ScoreViewSchema.nullable(),
  /**
   * 4-player tables: the scoring settings in force, one line each, as the director's pages print
   * them (rules/scoring/settings.ts `describeScoringSettings`), e.g. "Tournament scoring (seed 000)"
   */
  scoring: z.array(z.string()).optional(),
  /** the games of this table that have ended, oldest first (absent on a view that does not keep them) */
  results: z.array(GameResultViewSchema).optional(),
  readers: z.array(ReaderStatusSchema),
  /** ms since epoch of the last change */
  updatedAt: z.number(),
  /**
   * Tournament play only (hub/tournament/service.ts): the round clock of this table's round (seed
   * 000: fifty minutes for a round of four games). Absent or null outside a tournament.
   */
  clock: TournamentClockViewSchema.nullable().optional(),
  /** Tournament play only: round `round`, game `game` of `of` (000: four games a round) now in play at this table. */
  round: TournamentRoundViewSchema.nullable().optional(),
  /** 4-player tables, while the Charleston is under way (the view's phase `deal`): its pass, direction and who has passed; else null or absent */
  charleston: CharlestonViewSchema.nullable().optional(),
  /** the table config's `tileFaces`: the faces its displays draw unless a display chose its own (URL `?faces=`, its toggle); absent: not configured (traditional) */
  tileFaces: FaceStyleSchema.optional(),
  /** several hubs: another hub's table in `GET /api/tables`, its hub and whether it answered ({@link HubMarkSchema}); absent for this hub's own */
  hub: HubMarkSchema.optional(),
});

/**
 * One committed move for the director, as the fold reads it: the tile, tag, from and to (in words
 * with the zone), when (ms); `ref` the move's event sequence number (what a correction names);
 * `asRead` the move as the readers saw it, when the director corrected it.
 */
export const MoveRowSchema = z.object({
  tile: TileIdSchema,
  tag: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  at: z.number(),
  ref: z.string().optional(),
  asRead: z.object({ tile: TileIdSchema, from: z.string().nullable(), to: z.string().nullable() }).optional(),
});

/** What a flag rests on: the tile, the zones, the time, and the raw reader lines. Director only. */
export const FlagEvidenceSchema = z.object({
  flagId: z.string(),
  /** the moves of the turn that led to it (MoveRowSchema) */
  tiles: z.array(MoveRowSchema),
  /** tile counts per player and rack at the check */
  counts: z.array(z.array(z.number())),
  /** raw reader lines (as received, with reader id and time) the ruling rests on */
  lines: z.array(z.object({ reader: z.string(), at: z.number(), line: z.string() })),
});

/**
 * The director's choice for a game the readers no longer show as the log has it:
 * - `score`: the game ends, scored as it stood (Royale Siamese: the running score of the Mah
 *   Jonggs made so far, 003 rule 17; 4-player: a game not completed, 0 for every player, 000);
 * - `replay`: the game ends with no score and is played again (the next game takes its place);
 * - `void`: the game ends and counts 0 for every player.
 * Each table's meaning: hub/table/engine.ts `endByRestart`, with the words of hub/table/siamese/variant.ts and hub/table/standard/variant.ts.
 */
export const RestartChoiceSchema = z.enum(['score', 'replay', 'void']);

/** The restart check as the director view shows it (`restart`). */
export const RestartCheckViewSchema = z.object({
  /** the game that was in play when the hub started */
  gameNo: z.number(),
  /** 'checking': waiting for the readers' snapshots; 'differs': waiting for the director's choice */
  state: z.enum(['checking', 'differs']),
  /** what differs, one line a zone, e.g. "RK-E1/in: 27 tiles in the log, 0 read (e.g. 5B#3 is not there)" */
  differences: z.array(z.string()),
  /** the choices the director has (RESTART_CHOICES) */
  choices: z.array(RestartChoiceSchema).readonly(),
});

/**
 * One mis-named discard claimed for an exposure, for the director: what the referee keeps
 * (rules/game/misnamed.ts `MisnamedExposure`; 003 rule 19A/B), the claimer, the called and the
 * named tile, what the discarder holds, and `text`, the line the table page shows.
 */
export const MisnamedExposureViewSchema = z.object({
  claimer: z.number(),
  rack: z.number(),
  tile: TileIdSchema,
  named: TileKindSchema,
  discarder: z.number(),
  status: z.enum(['expected', 'unknown', 'no-tile', 'accepted', 'not-made']),
  holds: TileIdSchema.nullable(),
  replacement: TileIdSchema.nullable(),
  at: z.number(),
  text: z.string(),
});

/**
 * One correction of what the readers saw (hub/table/machine/corrections.ts), as the director's
 * view lists it: `id` its event, `ref` the corrected move's, `text` in words
 * (rules/wording/corrections.ts), e.g. "move 471: tag 04A1B2C3 is F#8, not N#3 as enrolled (Dora)".
 */
export const MoveCorrectionViewSchema = z.object({ id: z.string(), ref: z.string(), kind: z.enum(['place', 'tile']), text: z.string(), by: z.string(), at: z.number() });

/** The director's view: everything, including concealed tiles and evidence. */
export const DirectorTableViewSchema = PublicTableViewSchema.extend({
  /** the current game's latest moves (at most 40, hub/table/machine/views.ts `MOVE_LIST_LENGTH`), oldest first: the move list, each with its "Correct" form */
  moves: z.array(MoveRowSchema).optional(),
  /** the director's corrections of committed moves, in the order made (absent: none) */
  corrections: z.array(MoveCorrectionViewSchema).optional(),
  /** [player][rack] → tiles inside the rack */
  concealed: z.array(z.array(z.array(TileIdSchema))),
  evidence: z.array(FlagEvidenceSchema),
  /**
   * maintenance warnings: tags that flicker in one zone (dropped and back, or a moment next door)
   * past a threshold (3 within 60 s); never a game event. `where` in words, `zone` as `reader/zone`.
   */
  weakTags: z.array(z.object({ tile: TileIdSchema, zone: z.string(), where: z.string(), flickers: z.number(), lastAt: z.number() })).optional(),
  /**
   * moves of the current game the hub saw but the referee could not place (an action it refused),
   * oldest first; `action` the referee's action kind, `reason` its words, `ref` the move's event sequence number.
   */
  unplaced: z.array(z.object({ at: z.number(), action: z.string(), reason: z.string(), ref: z.string() })).optional(),
  /**
   * what the hub could not judge or reconcile because a reader was not heard when it happened
   * (oldest first): the rule, the player (null: no player's rack, e.g. wall to floor), the tiles,
   * the window (ms since epoch) and what is not known, in words; `ref` the event. `kind`
   * 'changed-offline': a move seen only across a reader's reconnect (`tile-moved.reconciled`,
   * hub/table/machine/offline-changes.ts); absent: a judgment the referee could not make.
   */
  notSeen: z
    .array(
      z.object({
        kind: z.literal('changed-offline').optional(),
        rule: z.string(),
        player: z.number().nullable(),
        tiles: z.array(z.string()),
        window: z.object({ from: z.number(), to: z.number() }),
        title: z.string(),
        ref: z.string(),
      }),
    )
    .optional(),
  /**
   * tiles not seen (oldest first): a tile that vanished from a snapshot of its zone (no DEL said it
   * was lifted) and that no zone has read since. Never a flag: a notice, open until the tile is
   * read again or the director closes it; meanwhile the count check of `player` (whose rack held it)
   * waits (hub/table/machine/not-seen.ts). `where` in words, `zone` as `reader/zone`, `lastSeen` the
   * last time it was known there and `missedAt` the snapshot without it (ms since epoch), `window` when
   * that snapshot was the first after its reader's reconnect, `text` the line the table page shows.
   */
  tilesNotSeen: z
    .array(
      z.object({
        tile: TileIdSchema,
        zone: z.string(),
        where: z.string(),
        player: z.number().nullable(),
        lastSeen: z.number(),
        missedAt: z.number(),
        window: z.object({ from: z.number(), to: z.number() }).optional(),
        text: z.string(),
      }),
    )
    .optional(),
  /** set while a game in play when the hub restarted waits for the readers' snapshots or the director's choice (hub/table/restart-check.ts) */
  restart: RestartCheckViewSchema.optional(),
  /**
   * Royale Siamese: the rule that judges a wrong tile count beside one legitimate Mah Jongg at this
   * table, '18A' or '18D'; `source` says which config chose it and `field` names its file and field
   */
  countRule: z.object({ rule: z.enum(['18A', '18D']), source: z.enum(['tournament', 'table', 'default']), field: z.string(), meaning: z.string() }).optional(),
  /** Royale Siamese: the mis-named discards claimed for an exposure this game (003 rule 19A/B), oldest first. Director only. */
  misnamed: z.array(MisnamedExposureViewSchema).optional(),
});

/** One of the seat's own tiles inside a rack (concealed): its id (`5B#3`) and kind (`5B`). */
export const SeatTileSchema = z.object({ id: TileIdSchema, kind: TileKindSchema });

/** One of the seat's own racks: concealed tiles (this seat only) plus what the table sees of it. */
export const SeatRackViewSchema = z.object({
  rack: z.number(),
  /** tiles inside the rack, sorted in card order (bams, craks, dots, winds, dragons, flowers, jokers) */
  concealed: z.array(SeatTileSchema),
  /** tiles on top of the rack (face up, public) */
  exposed: z.array(TileKindSchema),
  /** the same tiles grouped as on the card, as on the public view's rack */
  groups: z.array(z.array(TileKindSchema)).optional(),
  /** inside + top (tiles), or null when the rack's reader is not synced */
  count: z.number().nullable(),
  dead: z.boolean(),
  deadReason: z.string().nullable(),
  mahJongg: MahJonggViewSchema.nullable(),
});

/** How far one card line is from the seat's hand on one rack (practice help, rules/howfar.ts). */
export const PracticeLineSchema = z.object({
  /** the rack whose hand (pool of concealed tiles + that rack's exposures) is measured */
  rack: z.number(),
  cardId: z.string(),
  /** e.g. `"siamese-sample:3"` */
  lineId: z.string(),
  /** the line as written on the card (runs of spaces made one), e.g. `"NNN EEEE WWWW SSS | X 25"` */
  lineText: z.string(),
  /** hand value (points) */
  value: z.number(),
  /** C on the card */
  concealed: z.boolean(),
  /** tiles still to get (0: a Mah Jongg is in hand) */
  need: z.number(),
  /** which tiles, sorted in card order */
  missing: z.array(TileKindSchema),
});

/**
 * What one player's phone sees (`/seat/:token`): their own concealed tiles in every rack, their
 * exposures and counts, whose turn, the public table facts, and practice help where the table
 * allows it. Never holds another seat's concealed tile.
 */
export const SeatViewSchema = z.object({
  tableId: z.string(),
  variant: VariantSchema,
  gameNo: z.number(),
  phase: PhaseSchema,
  endReason: z.string().nullable(),
  turn: z.number().nullable(),
  /** this seat's player index (0 = East) */
  player: z.number(),
  name: z.string(),
  /** seat wind, e.g. "East" */
  seat: z.string(),
  /** this player's tiles across both racks plus exposures, or null when a reader is not synced */
  count: z.number().nullable(),
  racks: z.array(SeatRackViewSchema),
  /** every player as the public sees them (counts, exposures, Mah Jonggs) */
  players: z.array(PlayerViewSchema),
  walls: z.array(WallViewSchema),
  /** discards in order (face up) */
  discards: z.array(TileKindSchema),
  flags: z.array(PublicFlagSchema),
  score: ScoreViewSchema.nullable(),
  /** 4-player tables: the scoring settings in force, one line each (as on the public view) */
  scoring: z.array(z.string()).optional(),
  /** practice help: the 5 nearest card lines per live rack; null when the table does not allow it (`practiceHelp: false`, tournaments) */
  practice: z.array(PracticeLineSchema).nullable(),
  /** ms since epoch of the last change */
  updatedAt: z.number(),
  /** tournament play only: the round clock, as on the public view */
  clock: TournamentClockViewSchema.nullable().optional(),
  /** tournament play only: round and game, as on the public view */
  round: TournamentRoundViewSchema.nullable().optional(),
  /** the table config's `tileFaces`, as on the public view: the faces the phone draws unless it chose its own (URL `?faces=`, its button) */
  tileFaces: FaceStyleSchema.optional(),
});
