/**
 * The shapes the hub sends to displays. The public view never holds a concealed tile: only counts,
 * exposures (already face up), discards, wall left, turn, flags without evidence, and scores.
 * The director view adds every concealed tile and each flag's evidence.
 */
import type { TileKind, TileId } from '../../rules/tiles.js';

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
  flags: PublicFlag[];
  score: ScoreView | null;
  readers: ReaderStatus[];
  /** ms since epoch of the last change */
  updatedAt: number;
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
export interface DirectorTableView extends PublicTableView {
  concealed: TileId[][][]; // [player][rack] → tiles inside the rack
  evidence: FlagEvidence[];
  /**
   * maintenance warnings: tags that flicker in one zone (dropped and back, or a moment next door)
   * past a threshold (3 within 60 s); never a game event. `where` in words, `zone` as `reader/zone`.
   */
  weakTags?: { tile: TileId; zone: string; where: string; flickers: number; lastAt: number }[];
}
