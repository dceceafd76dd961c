/**
 * The shapes the hub sends to displays. The public view never holds a concealed tile: only counts,
 * exposures (already face up), discards, wall left, turn, flags without evidence, and scores.
 * The director view adds every concealed tile and each flag's evidence.
 */
import type { TileKind, TileId } from '../../rules/tiles.js';
import type { MisnamedExposure } from '../../rules/referee/misnamed.js';
import type { FlagParamValue } from '../../rules/wording/flags.js';

/**
 * Connection state of one reader as the director and the table see it: `connected`; `unsynced`
 * (connected, a zone has had no snapshot since its HELLO); `stale` (silent longer than
 * `timing.staleMs`); `reconnecting` (its port closed and is being retried); `offline` (never
 * heard, or closed for good).
 */
export type ReaderState = 'connected' | 'unsynced' | 'stale' | 'reconnecting' | 'offline';

export interface ReaderStatus {
  /** the configured reader id (its slot in the table config) */
  id: string;
  state: ReaderState;
  /** ms since epoch of the last message, or null if never heard */
  lastMessageAt: number | null;
  /** lines discarded (bad checksum, truncated, unknown zone, …): the sum of `errors` but its `err-*` keys */
  discarded: number;
  /** where it is or was last connected, e.g. `/dev/rfcomm0`, `tcp://10.0.0.21:4001`; null if never */
  port?: string | null;
  /** the HELLO id of the physical reader playing this slot when the director assigned one, else null */
  physicalId?: string | null;
  /** firmware version from its last HELLO, or null */
  firmware?: string | null;
  /**
   * discarded lines by reason, e.g. `{ "bad-checksum": 2, "truncated": 1, "unknown-zone": 1 }`,
   * plus `err-<code>` for each ERR line the reader itself sent (protocol v1)
   */
  errors?: Record<string, number>;
  /** sequence gaps seen (each one asked for a snapshot, at most once a second) */
  gaps?: number;
  /** repeated sequence numbers dropped */
  duplicates?: number;
  /** times its connection closed (unplugged, socket ended) */
  reconnects?: number;
  /** the browser relay page whose lines the hub takes for this reader now; absent for a port or when nothing is live */
  relay?: RelayPage;
}

/**
 * A director's browser page relaying a reader (hub/api/relay.ts). When two pages claim one reader the
 * newest HELLO wins; this names the live one so the director can tell the pages apart.
 */
export interface RelayPage {
  /** the page's link id (its socket id), also in the connection's name `relay://<page> (…)` */
  page: string;
  /** when the page opened its relay, ms since epoch (hub clock) */
  openedAt: number;
  /** the page's browser, from its User-Agent header (at most 160 printable characters), or null */
  userAgent: string | null;
}

/** A reader that said HELLO with an id the table config does not know: it waits for the director. */
export interface UnknownReader {
  /** the id in its HELLO */
  id: string;
  /** where it arrived */
  port: string;
  /** ms since epoch of its last HELLO */
  at: number;
  firmware?: string;
  /** the zones its HELLO named */
  zones?: string[];
  /** its connection is still open */
  connected?: boolean;
}

/** A flag as the public sees it: the rule, who, where, when. No tiles, no reader lines. */
export interface PublicFlag {
  /** stable id, e.g. `"g1-f3"` */
  id: string;
  /** machine name of the rule, e.g. `"tile-count"`, `"wrong-wall"`, `"mah-jongg-in-error"` */
  kind: string;
  /** the flag's key in the wording catalogue (rules/wording/flags.ts `FLAGS`), e.g. `"rack-exposures-fit-no-hand"` (kind `illegal-exposure`) */
  code?: string;
  /** what `title` and `consequence` are built from (the catalogue's params for `code`: player and rack indexes, counts, public tile kinds) */
  params?: Readonly<Record<string, FlagParamValue>>;
  /** the rule and seed it comes from, e.g. `"003 rule 18C"` */
  rule: string;
  /** one line a player understands, e.g. "Bea has 28 tiles off turn: both hands dead" */
  title: string;
  player: number;
  /** the rack concerned, when one is */
  rack: number | null;
  /** ms since epoch when the flag was raised */
  at: number;
  /** consequences are applied at once; the director confirms or dismisses */
  status: 'awaiting-director' | 'confirmed' | 'dismissed';
  /** what was applied, e.g. "both hands dead; game over (rule 12)" */
  consequence: string;
  /**
   * only on a wrong-wall flag where 003 rule 20 leaves the dead hand to the director (no exposures
   * on either rack): the rack (index, 0 = rack 1) that dies unless the director chooses, and the
   * racks a confirm may name (`{ ruling: 'confirm', deadRack }`). `rack` is the rack dead now.
   */
  deadRackChoice?: { default: number; racks: number[] };
  /**
   * the table's game the flag was raised in (1-based). A flag of an earlier game is listed while it
   * awaits the director (its game over, the next one begun); a ruling on it changes that game's
   * result only ({@link GameResultView})
   */
  gameNo: number;
}

/** The flag state a ruling is made on (`was` of a ruling): a ruling made on a flag ruled on meanwhile is refused. */
export type FlagStatus = PublicFlag['status'];

/**
 * The result of one game of the table that has ended, as the table scores it now (after every
 * ruling): the table's earlier games and the current one once over.
 */
export interface GameResultView {
  gameNo: number;
  endReason: string | null;
  /** each player's points for the game (index = player), or null for a game that does not count (a misdeal) */
  points: number[] | null;
  /** the latest director's ruling on a flag of that game (`at` ms since epoch), or null */
  ruling: { flagId: string; ruling: 'confirm' | 'dismiss'; by: string; at: number } | null;
}

/** One exposure group on top of a rack, as laid out (face up, public). */
export interface ExposureView {
  tiles: TileKind[];
}

export interface RackView {
  rack: number;
  /** tiles inside the rack (concealed) + on its top, or null when its reader is not synced */
  count: number | null;
  /** tiles inside the rack (concealed): the number only */
  concealedCount: number | null;
  /** tiles on top of the rack, in the order they arrived */
  exposed: TileKind[];
  dead: boolean;
  /** why the hand on this rack is dead */
  deadReason: string | null;
  /** set once a Mah Jongg on this rack is verified */
  mahJongg: { lineId: string; lineText: string; value: number; jokerless: boolean; order: 1 | 2 } | null;
}

export interface PlayerView {
  index: number;
  name: string;
  seat: string;
  /** tiles across both racks plus exposures (Siamese: 27 off turn, 28 after picking) */
  count: number | null;
  racks: RackView[];
}

export interface ScoreView {
  /** points per player (index order) */
  points: number[];
  /** the lesser total pays the difference (003 rule 17) */
  payment: { from: number; to: number; amount: number } | null;
  /** how each player's points were made, one line per item a player can check by hand */
  breakdown: string[][];
  final: boolean;
}

/** The public table view. */
export interface PublicTableView {
  tableId: string;
  variant: 'siamese' | 'standard';
  gameNo: number;
  phase: 'waiting' | 'deal' | 'play' | 'ended';
  /** why the game ended, e.g. "wall game", "Ann made two Mah Jonggs" */
  endReason: string | null;
  /** index of the player whose turn it is, or null */
  turn: number | null;
  players: PlayerView[];
  walls: { wall: number; left: number; current: boolean }[];
  /** discards in the order they were made (face up, public) */
  discards: TileKind[];
  /** the current game's flags, then the flags of earlier games still awaiting the director (each with its `gameNo`) */
  flags: PublicFlag[];
  score: ScoreView | null;
  /**
   * 4-player tables: the scoring settings in force, one line each, as the director's pages print
   * them (rules/scoring/settings.ts `describeScoringSettings`), e.g. "Tournament scoring (seed 000)"
   */
  scoring?: string[];
  /** the games of this table that have ended, oldest first (absent on a view that does not keep them) */
  results?: GameResultView[];
  readers: ReaderStatus[];
  /** ms since epoch of the last change */
  updatedAt: number;
  /**
   * Tournament play only (hub/tournament/service.ts): the round clock of this table's round (seed
   * 000: fifty minutes for a round of four games). `remainingMs` ms left (never below 0), `running`
   * while the director has it started and not paused, `aboutToRunOut` under 5 minutes left,
   * `timeUp` at 0 (the unfinished game scores 0 for all). Absent or null outside a tournament.
   */
  clock?: TournamentClockView | null;
  /** Tournament play only: round `round`, game `game` of `of` (000: four games a round) now in play at this table. */
  round?: TournamentRoundView | null;
}

/** The round clock as a table shows it (000, "GAME PLAY": fifty minutes a round). */
export interface TournamentClockView {
  /** ms left in the round, never below 0 */
  remainingMs: number;
  /** started and not paused by the director */
  running: boolean;
  /** fewer than 5 minutes (the tournament's warning time) left, not yet 0 */
  aboutToRunOut: boolean;
  /** the round's time is over */
  timeUp: boolean;
}

/** Where the table is in the tournament: "round 2, game 3 of 4". */
export interface TournamentRoundView {
  /** 1-based round number */
  round: number;
  /** 1-based game in play (the table's own results this round + 1, at most `of`; a director's correction does not move it) */
  game: number;
  /** games in a round (4) */
  of: number;
}

/** What a flag rests on: the tile, the zones, the time, and the raw reader lines. Director only. */
export interface FlagEvidence {
  flagId: string;
  tiles: { tile: TileId; tag: string; from: string | null; to: string | null; at: number }[];
  /** tile counts per player and rack at the check */
  counts: number[][];
  /** raw reader lines (as received, with reader id and time) the ruling rests on */
  lines: { reader: string; at: number; line: string }[];
}

/** The director's view: everything, including concealed tiles and evidence. */
/**
 * The director's choice for a game the readers no longer show as the log has it:
 * - `score`: the game ends, scored as it stood (Royale Siamese: the running score of the Mah
 *   Jonggs made so far, 003 rule 17; 4-player: a game not completed, 0 for every player, 000);
 * - `replay`: the game ends with no score and is played again (the next game takes its place);
 * - `void`: the game ends and counts 0 for every player.
 * Each table's meaning: hub/table/engine.ts and hub/table/standard/engine.ts `endByRestart`.
 */
export type RestartChoice = 'score' | 'replay' | 'void';

/** The restart check as the director view shows it (`restart`). */
export interface RestartCheckView {
  /** the game that was in play when the hub started */
  gameNo: number;
  /** 'checking': waiting for the readers' snapshots; 'differs': waiting for the director's choice */
  state: 'checking' | 'differs';
  /** what differs, one line a zone, e.g. "RK-E1/in: 27 tiles in the log, 0 read (e.g. 5B#3 is not there)" */
  differences: string[];
  /** the choices the director has (RESTART_CHOICES) */
  choices: readonly RestartChoice[];
}

export interface DirectorTableView extends PublicTableView {
  concealed: TileId[][][]; // [player][rack] → tiles inside the rack
  evidence: FlagEvidence[];
  /**
   * maintenance warnings: tags that flicker in one zone (dropped and back, or a moment next door)
   * past a threshold (3 within 60 s); never a game event. `where` in words, `zone` as `reader/zone`.
   */
  weakTags?: { tile: TileId; zone: string; where: string; flickers: number; lastAt: number }[];
  /**
   * moves of the current game the hub saw but the referee could not place (an action it refused),
   * oldest first: where the hub's picture may differ from the table, for the director to look at.
   * `action` is the referee's action kind (`pass`, `call`, …), `reason` the referee's words, `ref`
   * the event sequence number of the move. Absent or empty when every move was placed.
   */
  unplaced?: { at: number; action: string; reason: string; ref: string }[];
  /**
   * what the hub could not judge because a reader was not heard when it happened, and could not
   * reconcile from the reader's first snapshot after (oldest first): the rule, the player, the
   * tiles, the window it happened in (ms since epoch) and what is not known, in words; `ref` the
   * event sequence number of the move. Absent or empty when the hub judged everything it saw.
   */
  notSeen?: { rule: string; player: number; tiles: string[]; window: { from: number; to: number }; title: string; ref: string }[];
  /**
   * set while a game in play when the hub restarted waits: for the readers' first snapshots
   * ('checking'), or — they did not show the tiles where the log has them — for the director's
   * choice ('differs': score as it stood, replay, or void; hub/table/restart-check.ts)
   */
  restart?: RestartCheckView;
  /**
   * Royale Siamese: the rule that judges a wrong tile count beside one legitimate Mah Jongg at this
   * table, '18A' (only the other hand dies) or '18D' (both hands die); `source` says which config
   * chose it ('tournament', 'table', or 'default' when neither did) and `field` names its file and
   * field; `meaning` in a director's words (rules/referee/siamese.ts COUNT_RULES)
   */
  countRule?: { rule: '18A' | '18D'; source: 'tournament' | 'table' | 'default'; field: string; meaning: string };
  /**
   * Royale Siamese: the mis-named discards claimed for an exposure this game, as the director
   * entered them (003 rule 19A/B; rules/referee/misnamed.ts), oldest first: who called `tile` onto
   * which rack, the kind the discarder named, what the hub saw in the discarder's racks (`holds`:
   * a tile of that kind, or null) and where the correction stands (`status`), in words (`text`).
   * Director only: it tells what a player holds. Absent when there is none.
   */
  misnamed?: MisnamedExposureView[];
}

/**
 * One mis-named discard claimed for an exposure, for the director (see {@link DirectorTableView.misnamed}):
 * what the referee keeps (rules/referee/misnamed.ts; 003 rule 19A/B), the claimer, the called and
 * the named tile, what the discarder holds, and `text`, the line the table page shows.
 */
export type MisnamedExposureView = Pick<MisnamedExposure, 'claimer' | 'rack' | 'tile' | 'named' | 'discarder' | 'status' | 'holds' | 'replacement' | 'at'> & { text: string };

/** One of the seat's own tiles inside a rack (concealed): its id (`5B#3`) and kind (`5B`). */
export interface SeatTile {
  id: TileId;
  kind: TileKind;
}

/** One of the seat's own racks: concealed tiles (this seat only) plus what the table sees of it. */
export interface SeatRackView {
  rack: number;
  /** tiles inside the rack, sorted in card order (bams, craks, dots, winds, dragons, flowers, jokers) */
  concealed: SeatTile[];
  /** tiles on top of the rack (face up, public) */
  exposed: TileKind[];
  /** inside + top (tiles), or null when the rack's reader is not synced */
  count: number | null;
  dead: boolean;
  deadReason: string | null;
  mahJongg: RackView['mahJongg'];
}

/** How far one card line is from the seat's hand on one rack (practice help, rules/howfar.ts). */
export interface PracticeLine {
  /** the rack whose hand (pool of concealed tiles + that rack's exposures) is measured */
  rack: number;
  cardId: string;
  /** e.g. `"siamese-sample:3"` */
  lineId: string;
  /** the line as written on the card (runs of spaces made one), e.g. `"NNN EEEE WWWW SSS | X 25"` */
  lineText: string;
  /** hand value (points) */
  value: number;
  /** C on the card */
  concealed: boolean;
  /** tiles still to get (0: a Mah Jongg is in hand) */
  need: number;
  /** which tiles, sorted in card order */
  missing: TileKind[];
}

/**
 * What one player's phone sees (`/seat/:token`): their own concealed tiles in every rack, their
 * exposures and counts, whose turn, the public table facts, and practice help where the table
 * allows it (a player's own hand goes only to that seat's authenticated view).
 * Never holds another seat's concealed tile.
 */
export interface SeatView {
  tableId: string;
  variant: 'siamese' | 'standard';
  gameNo: number;
  phase: PublicTableView['phase'];
  endReason: string | null;
  turn: number | null;
  /** this seat's player index (0 = East) */
  player: number;
  name: string;
  /** seat wind, e.g. "East" */
  seat: string;
  /** this player's tiles across both racks plus exposures, or null when a reader is not synced */
  count: number | null;
  racks: SeatRackView[];
  /** every player as the public sees them (counts, exposures, Mah Jonggs) */
  players: PlayerView[];
  walls: PublicTableView['walls'];
  /** discards in order (face up) */
  discards: TileKind[];
  flags: PublicFlag[];
  score: ScoreView | null;
  /** 4-player tables: the scoring settings in force, one line each (as on {@link PublicTableView}) */
  scoring?: string[];
  /**
   * practice help: for each rack without a Mah Jongg that is not dead, the 5 nearest card lines;
   * null when the table does not allow it (`practiceHelp: false`, tournaments)
   */
  practice: PracticeLine[] | null;
  /** ms since epoch of the last change */
  updatedAt: number;
  /** tournament play only: the round clock, as on the public view */
  clock?: TournamentClockView | null;
  /** tournament play only: round and game, as on the public view */
  round?: TournamentRoundView | null;
}
