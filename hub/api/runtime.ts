/**
 * What the HTTP API and the socket.io layer need from a live table. The table engine
 * (hub/table/) implements it; tests use a fake.
 */
import type { GameRecord } from '../../rules/record/game-record.js';
import type { Capture } from '../capture/format.js';
import type { Replay } from '../record/replay-steps.js';
import type { DirectorTableView, FlagStatus, GameResultView, PublicTableView, RestartChoice, SeatView } from './views.js';
import type { TileKind } from '../../rules/tiles.js';
import type { LoggedTileMove, RackOwner } from '../broadcast/delayed-hands.js';
import type { CorrectionRequest, NotedCorrection } from '../table/machine/corrections.js';

/**
 * What a broadcast's delayed hands are folded from (hub/broadcast/delayed-hands.ts): the table's
 * logged tile moves in log order, and whose rack each rack zone is (the table config).
 */
export interface TileMoveLog {
  moves: readonly LoggedTileMove[];
  /** zone (`reader/zone`) → its player and rack: only the zones inside racks (area `rack`), never tops */
  racks: ReadonlyMap<string, RackOwner>;
  players: number;
  racksPerPlayer: number;
}

/**
 * The director closed the notice of a tile not seen that is not open (never opened, closed already,
 * or the tile was read again): hub/api/ answers 404 with its message.
 */
export class NoOpenNoticeError extends Error {
  /** @param message one line naming the table and the tile, e.g. `table 't1' has no open notice of a tile not seen for "9D#4"` */
  constructor(message: string) {
    super(message);
    this.name = 'NoOpenNoticeError';
  }
}

/**
 * The table could not be reached: its table worker (`--workers N`, hub/workers/pool.ts) stopped, or
 * did not answer in time. hub/api/ answers 503 with its message; the table shows offline.
 */
export class TableUnavailableError extends Error {
  /** @param message one line naming the table and why, e.g. `table 't3' is not available: its table worker 2 stopped (exit code 1)` */
  constructor(message: string) {
    super(message);
    this.name = 'TableUnavailableError';
  }
}

/** A refused director ruling, with the HTTP status to answer with. */
export class RulingError extends Error {
  /**
   * @param status HTTP status: 404 unknown flag, 409 flag already ruled on / game state refuses it,
   *   400 anything else the director sent wrong
   * @param message one line naming what was wrong, e.g. "unknown flag 'g1-f9' on table 't1'"
   */
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = 'RulingError';
  }
}

/**
 * What a director enters by hand on a Siamese table, as logged: a mis-named discard claimed for a
 * Mah Jongg (003 rule 19C/D), or for an exposure (19A/B, {@link MisnamedExposureEntry}).
 */
export type DirectorEntry =
  | {
      entry: 'misnamed-discard';
      /** the player whose Mah Jongg took the discard */
      player: number;
      /** that Mah Jongg's rack */
      rack: number;
    }
  | {
      entry: 'misnamed-exposure';
      /** the player who called the discard for an exposure this turn */
      player: number;
      /** the rack whose top the called tile went to (the hub finds it) */
      rack: number;
      /** the kind the discarder named, e.g. `"5D"` (the correct tile) */
      named: TileKind;
      /** the discarder's racks (index) whose reader the hub could not trust when it was entered */
      unseenRacks: number[];
    };

/**
 * The director's entry of a mis-named discard claimed for an exposure (003 rule 19A/B), as sent:
 * `player` called the discard this turn, the discarder had named it `named` (a tile kind, e.g.
 * `"5D"`). The hub finds the rack and looks in the discarder's racks for that tile.
 */
export interface MisnamedExposureEntry {
  entry: 'misnamed-exposure';
  player: number;
  named: string;
  rack?: number;
}

/**
 * What a director enters by hand on a standard table (000), what no reader can witness:
 * - `looked-at-stolen-tile`: `player` looked at a stolen tile: −10 points at the end of that game;
 * - `dead-declared-in-error`: `player` declared a hand dead in error, so `player`'s hand is dead
 *   ("if you declare a hand dead in error, then your hand is dead");
 * - `announced-line`: `player` announced `line` (a card line id, e.g. "2026-consecutive-3") for the
 *   Mah Jongg: on a table whose scoring settings say `paidLine: "announced"`, the hand is paid at
 *   that line (rules/scoring/settings.ts), entered during the game or after the Mah Jongg.
 * - `declared-dead`: `player` declared `declared`'s hand dead; the hub judges it from what the table
 *   can see (rules/variants/standard/dead-declaration.ts): the declared hand dies when no line of the card can
 *   still be made, else the declarer's ("if you think a hand is dead, declare it dead").
 */
export interface StandardDirectorEntry {
  entry: 'looked-at-stolen-tile' | 'dead-declared-in-error' | 'announced-line' | 'declared-dead';
  /** the player (index, 0 = East) the entry is about; for `declared-dead` the declarer */
  player: number;
  /** the player's rack: a standard table has one each (0); optional */
  rack?: number;
  /** `announced-line` only: the id of the card line the player announced */
  line?: string;
  /** `declared-dead` only: the player (index) whose hand was declared dead */
  declared?: number;
}

/**
 * A mis-named discard on a standard table (NMJL practice, not in 000; the table setting
 * `nmjlPractice.misnamedDiscard`, rules/variants/standard/misnamed-discard.ts): `player` claimed a discard its
 * discarder named wrongly,
 * - `for: 'mah-jongg'`: the Mah Jongg stands (judged with the tile as `named` when the hub judged
 *   it in error with the tile discarded), the game ends with it, the discarder pays as discarder;
 * - `for: 'exposure'`: the director's `ruling`: the caller keeps the exposure, or the caller's hand is dead.
 */
export interface StandardMisnamedEntry {
  entry: 'misnamed-discard';
  /** the caller (index, 0 = East) */
  player: number;
  /** a standard table has one rack each (0); optional */
  rack?: number;
  for: 'mah-jongg' | 'exposure';
  /** the tile as it was named, e.g. `F` (a Mah Jongg the hub judged in error with the tile discarded) */
  named?: string;
  /** `for: 'exposure'`: the director's ruling */
  ruling?: 'keep-exposure' | 'dead';
}

/**
 * Any director entry as sent: Siamese ({@link DirectorEntry}'s mis-named discard, {@link MisnamedExposureEntry}),
 * or standard ({@link StandardDirectorEntry}, {@link StandardMisnamedEntry}).
 */
export type AnyDirectorEntry = Extract<DirectorEntry, { entry: 'misnamed-discard' }> | MisnamedExposureEntry | StandardDirectorEntry | StandardMisnamedEntry;

/**
 * One live table as the API sees it. A director's action and a record may be answered later (a
 * promise) when the table's engine runs in a table worker (`--workers N`, hub/workers/pool.ts):
 * the action resolves once its change is in the log and in the views, or rejects with what the
 * engine threw (or {@link TableUnavailableError}).
 */
export interface TableRuntime {
  /** table id used in URLs and rooms, e.g. `"t1"` */
  id: string;
  /** the public view now (no concealed tile, no evidence) */
  publicView(): PublicTableView;
  /** the director view now (everything) */
  directorView(): DirectorTableView;
  /**
   * A director ruling on a flag (the consequence is applied at once; the director
   * confirms or dismisses, and the ruling is an event too).
   * A flag already ruled on takes a different ruling (a misclick undone); the latest stands.
   * @param by who ruled, e.g. `"director"`
   * @param deadRack with `confirm` on a flag with a `deadRackChoice` (003 rule 20 silent with no
   *   exposures): the rack (index, 0 = rack 1) that dies instead of the default
   * @param was the flag's status the ruling was made on (default `awaiting-director`; to change a
   *   ruling, the standing one's `confirmed` / `dismissed`): of two rulings made at once on one
   *   flag, the first stands and the other is refused (409)
   * @throws RulingError for an unknown flag (404), a `deadRack` the flag does not allow (400), a
   *   flag no longer `was` (409, ruled on meanwhile, naming by whom), or the same ruling as the
   *   standing one (409 "already confirmed" / "already dismissed")
   */
  rule(flagId: string, ruling: 'confirm' | 'dismiss', by: string, deadRack?: number, was?: FlagStatus): void | Promise<void>;
  /**
   * The director corrects what the readers saw of a committed move (`ref`, its `tile-moved`
   * event's sequence number): a place or a tile (hub/table/machine/corrections.ts). An event in
   * the log like a ruling; the views, flags and scores are derived again.
   * @param refuse why the move's game (1-based) may no longer be corrected, or null
   * @throws CorrectionRefused (the API answers 404 no such move; 400 a zone or tile that is not
   *   one; 409 the move already reads so, or `refuse` said why)
   */
  correct?(ref: number, req: CorrectionRequest, by: string, refuse?: (gameNo: number) => string | null): NotedCorrection;
  /** called after every change; returns an unsubscribe function */
  onChange(listener: () => void): () => void;
  /**
   * A director's entry of what no reader can witness, e.g. a mis-named discard that was claimed
   * for the Mah Jongg on `player`'s `rack` (003 rule 19C/D). An event in the log like a ruling.
   * @throws RulingError 409 when the entry does not apply (no Mah Jongg on a called discard there)
   */
  enter?(entry: AnyDirectorEntry, by: string): void | Promise<void>;
  /**
   * The director's choice for a game that was in play when the hub restarted and that the readers
   * did not show as the log had it (the director view's `restart`, hub/table/restart-check.ts):
   * score it as it stood, replay it, or void it. An event in the log like a ruling.
   * @throws RulingError 409 when no game of the table waits for that choice
   */
  restartChoice?(choice: RestartChoice, by: string): void | Promise<void>;
  /**
   * The director closes the notice of a tile not seen (the director view's `tilesNotSeen`, e.g.
   * `5B#2`): the tile counts where it last settled, and a count check that waited on it is judged
   * (hub/table/machine/not-seen.ts). An event in the log like a ruling.
   * @throws NoOpenNoticeError when no notice of that tile is open (the route answers 404)
   */
  closeNotSeen?(tile: string, by: string): void | Promise<void>;
  /**
   * The latest director's ruling on a flag of game `gameNo` (1-based) of this table (`at` ms since
   * epoch), or null when none was made; also for a game in play, e.g. one a ruling reopened.
   * Optional: a table without rulings has none.
   */
  latestRulingOf?(gameNo: number): GameResultView['ruling'];
  /**
   * One seat's private view: that player's concealed tiles and the public facts, never another
   * seat's concealed tile (hub/api/seat.ts serves it behind a seat token). Optional: without it
   * the seat API builds one from `directorView()` with no practice help.
   * @throws RangeError when `player` is not a player of this table
   */
  seatView?(player: number): SeatView;
  /**
   * The game record of game `gameNo` (1-based) of this table (rules/GAME-RECORD.md), or null for a
   * game not begun. It holds every concealed tile: served only on a director's route.
   * Optional: a table without it has no records.
   */
  gameRecord?(gameNo: number): GameRecord | null | Promise<GameRecord | null>;
  /**
   * The capture of game `gameNo` (firmware-protocol/CAPTURE.md): what the wire said between the
   * hub and this table's readers, both ways, or null for a game not begun. It holds every tile
   * the readers saw: served only on a director's route. Optional: a table without it has none.
   */
  gameCapture?(gameNo: number): Capture | null | Promise<Capture | null>;
  /**
   * Game `gameNo`'s replay (docs/replay.md): its record refereed again, a step per line with the
   * tiles' places after it, or null for a game not begun. It holds every concealed tile: served at
   * once to the director, to anyone else only the event's delay after the game's end.
   * Optional: a table without records has none.
   */
  gameReplay?(gameNo: number): Replay | null | Promise<Replay | null>;
  /**
   * Every tile move logged at this table so far, with its rack zones, for the broadcast's delayed
   * hands (hub/broadcast/delayed-hands.ts folds only the moves at least the delay old). It names
   * concealed tiles: only that fold may read it. Optional: a table without it broadcasts no hands.
   */
  tileMoveLog?(): TileMoveLog;
}
