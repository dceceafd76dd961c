import type { ScoringConfig } from '../../rules/scoring/settings.js';

/**
 * Table configuration: which reader (by its HELLO id) and which of its zones watches which part of
 * which table. Loaded from a JSON file (see hub/config/tables/*.json and README "Configuration").
 */
import type { CountRule } from '../../rules/variants/siamese.js';
import type { NmjlPractice } from '../../rules/variants/standard/misdeal.js';
import type { FaceStyle } from '../contract/views.js';

/** What a zone watches. Players are numbered from 0 (East); racks per player from 0 (the rack closest to the player). */
export type ZoneRole =
  /** inside a rack: concealed tiles */
  | { area: 'rack'; player: number; rack: number }
  /** the top of a rack (the ledge): exposures */
  | { area: 'top'; player: number; rack: number }
  /** one wall, numbered from 0 */
  | { area: 'wall'; wall: number }
  /** the discard floor */
  | { area: 'floor' };

/** One reader and the zones it reports. */
export interface ReaderConfig {
  /** the id the reader sends in its HELLO, e.g. `"RK-E1"` (PROTOCOL.md names; the simulator's link files `hub-<id>` go through hub/config/path-under.ts) */
  id: string;
  /** zone name as the reader calls it (e.g. `"in"`, `"top"`) → what that zone watches */
  zones: Record<string, ZoneRole>;
  /**
   * where to reach it: a serial path (`/dev/serial/by-id/...`, `/dev/rfcomm0`) or `tcp://host:port`.
   * Optional: the hub binds a reader by its HELLO id, whichever configured port it arrives on.
   */
  port?: string;
}

/** A player seat at the table. */
export interface PlayerConfig {
  /** display name */
  name: string;
  /** seat wind, e.g. "East", "West" */
  seat: string;
}

/** Settle times and checks, in milliseconds. */
export interface TimingConfig {
  /** a tile must stay put (present in its new zone, absent from its old one) this long before it has moved (ms) */
  settleMs: number;
  /** after a turn boundary (a discard settles, a claim settles) the tile counts are checked after this long (ms) */
  countCheckMs: number;
  /** a reader with no message for this long is shown stale (ms) */
  staleMs: number;
  /**
   * settle windows per area (ms) where they differ from `settleMs`: e.g. `{ "rack": 400, "top": 400 }`.
   * Omitted: the Royale Siamese table uses 400 ms in racks and on their tops (hub/table/engine.ts
   * DEFAULT_SETTLE_BY_AREA), the 4-player table `settleMs` everywhere.
   */
  settleByArea?: Partial<Record<'rack' | 'top' | 'wall' | 'floor', number>>;
}

/** One table. */
export interface TableConfig {
  /** table id used in URLs, socket rooms and data folder paths, e.g. `"t1"`; follows hub/config/ids.ts ID_RULE */
  id: string;
  /** the rule set: Royale Siamese (2 players, 2 racks each) or standard NMJL (4 players) */
  variant: 'siamese' | 'standard';
  players: PlayerConfig[];
  /** racks per player: 2 in Siamese, 1 in the standard game */
  racksPerPlayer: number;
  /** tiles per wall when built (Siamese with 4 racks: 4 walls of 19 stacks = 38 tiles each) */
  tilesPerWall: number;
  /** the order walls are used in; the deal starts from the first and each stays current until empty */
  wallOrder: number[];
  readers: ReaderConfig[];
  /** card files (paths relative to the config file) the table plays; a Siamese table plays a standard and a Siamese card together */
  cards: string[];
  /** tag registry: the tile set on this table (id of a tile set, hub/config/ids.ts ID_RULE; `"simulated"` for the simulator's set) */
  tileSet: string;
  timing: TimingConfig;
  /**
   * practice help on the seat views (how far each card line is, rules/howfar.ts); optional,
   * default false: tournaments turn it off
   */
  practiceHelp?: boolean;
  /**
   * the hall or section of the room the table stands in, e.g. `"Hall B"` (1-40 characters): the
   * director's room filters by it; optional, absent: one section for every table
   */
  section?: string;
  /**
   * Royale Siamese only: which rule judges a wrong tile count beside one legitimate Mah Jongg,
   * '18A' (only the other hand dies) or '18D' (both hands die); optional. A tournament's
   * `countRule` chooses it for the tables it plays (a different one here is refused at start);
   * neither given: 18D (hub/tournament/config.ts `countRulesInForce`).
   */
  countRule?: CountRule;
  /**
   * the tile faces this table's displays draw (display/src/lib/faceStyle.ts): `"traditional"`
   * (sticks, circles, the crak character, drawn dragons) or `"plain"` (number and suit symbol);
   * optional, default traditional. A display's `?faces=` URL parameter or its own toggle wins.
   */
  tileFaces?: FaceStyle;
  /**
   * 4-player table: may the jokers of the exposure that made a hand dead be exchanged? Optional,
   * default false (000: only the exposures made before the error keep their jokers in play); the
   * referee's `killingExposureJokersInPlay` (rules/variants/standard/play.ts)
   */
  killingExposureJokersInPlay?: boolean;
  /**
   * how this 4-player table scores when no tournament runs (rules/scoring/settings.ts): `"home"`
   * (the back of the NMJL card: the others pay the winner), `"tournament"` (000, the default)
   * or an object of settings (`{ "scheme": "home", "paidLine": "announced" }`,
   * `{ "discarderPenalty": { "threeOrMore": -25 } }`). Checked at load, each key named in the
   * error. When a tournament plays the table its settings are the tournament's: a table setting
   * that differs is refused at start.
   */
  scoring?: ScoringConfig;
  /**
   * NMJL practice, not in 000 (standard tables; rules/variants/standard/misdeal.ts): each optional,
   * default true. `misdeal`: too many tiles before East's first discard is a misdeal (re-dealt, the
   * game keeps its number on the card); `shortTakesNextTile`: one short before East's first discard
   * takes the next wall tile, not flagged; `twoHandsIntact`: after East's first discard a wrong count
   * kills the hand and play goes on while two or more hands are intact; `replayFewerThanTwoIntact`:
   * a third hand dead (any cause) ends the game replayed, no score, the game's number kept; `misnamedDiscard`: the
   * director's `misnamed-discard` entry (a discard named wrongly, claimed for Mah Jongg or an exposure)
   */
  nmjlPractice?: Partial<NmjlPractice>;
}

/** The hub's configuration file. */
export interface HubConfig {
  tables: TableConfig[];
  /** how many worker threads run the table engines (`--workers N` overrides it; hub/workers/pool.ts); default 0: none */
  workers?: number;
}
