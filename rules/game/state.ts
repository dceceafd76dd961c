/**
 * One game state for both tables (docs/one-engine.md §2): players × racks (2 × 2 on the Royale
 * Siamese table, 003 rule 1; 4 × 1 on the 4-player one, 000), every tile by id in one map.
 * Rules that judge a hand keep taking kinds (`kindOf`); the state holds ids only.
 */
import type { TournamentOutcome, TournamentScore } from '../scoring/tournament.js';
import type { TileId } from '../tiles.js';
import type { MisnamedExposure } from './misnamed.js';
import type { CallFor, Window } from './actions.js';
import type { GameFlag } from './flags.js';
import type { Place } from './places.js';
import { TilePlaces } from './tile-places.js';

/** A director's ruling on a flag of this game (stage 6 folds them as actions). */
export interface Ruling {
  ruling: 'confirm' | 'dismiss';
  /** 003 rule 20 silent: the rack the director chose to die */
  deadRack?: number;
}

/**
 * The standing rulings of rulings made in order, as {@link GameState.rulings} holds them: the
 * latest on a flag stands (a director may change a ruling). E.g. a dismissal then a confirm of
 * `g1-tile-count-7` is that flag confirmed.
 */
export function standingRulings(made: Iterable<{ flagId: string; ruling: Ruling['ruling']; deadRack?: number }>): Map<string, Ruling> {
  const out = new Map<string, Ruling>();
  for (const r of made) out.set(r.flagId, { ruling: r.ruling, ...(r.deadRack !== undefined ? { deadRack: r.deadRack } : {}) });
  return out;
}

/**
 * `s` with only the rulings on its own game's flags (`g<gameNo>-…`): what a state kept aside keeps
 * (an earlier game's, the state before a Mah Jongg), so that it is the same whether the fold that
 * made it had the rulings on later games yet or not.
 */
export function withOwnRulings(s: GameState): GameState {
  const own = `g${s.gameNo}-`;
  const rulings = new Map([...s.rulings].filter(([id]) => id.startsWith(own)));
  return rulings.size === s.rulings.size ? s : { ...s, rulings };
}

/** One group on a rack's top, in the order laid: `called` the discard it was called with, `from` its discarder. */
export interface Exposure {
  tiles: TileId[];
  called: TileId | null;
  from: number | null;
}

/** A line of the card a hand completes, with its value (points). */
export interface LineChoice {
  lineId: string;
  value: number;
  jokerless: boolean;
  singlesAndPairs: boolean;
}

/** A verified Mah Jongg: the Siamese `MahJonggRecord` and the 4-player `winner` in one. */
export interface MahJongg {
  lineId: string;
  lineText: string;
  category: string;
  /** points printed on the card */
  value: number;
  jokerless: boolean;
  singlesAndPairs: boolean;
  /** 1st or 2nd Mah Jongg of the player (003 rule 14; always 1 on the 4-player table) */
  order: 1 | 2;
  /** the discarder of the winning tile, or null when self-picked */
  claimedFrom: number | null;
  selfPicked: boolean;
  /** exposures on the rack before the Mah Jongg call (000: the discarder's payment) */
  exposuresBefore: number;
  /** completed by a joker exchange (000 settings `jokerExchangeSelfPicked`) */
  jokerExchange: boolean;
  /** every line the hand completes, best first */
  lines: LineChoice[];
  turnNo: number;
  at: number;
  /** the director entered that the claimed discard was named wrongly (003 rule 19C/D; NMJL practice) */
  misnamedDiscard: boolean;
}

/** One rack of a seat. */
export interface Rack {
  dead: boolean;
  deadReason: string | null;
  exposures: Exposure[];
  /** a called tile on the top, not yet exposed (4-player); `pending` a call for a pair or a single, judged at the next action */
  hold: { tile: TileId; for: CallFor; from: number; pending?: { ref: string; at: number } } | null;
  mahJongg: MahJongg | null;
  /** tiles were on the top at an earlier turn boundary: no concealed line (003 rules 10, 11) */
  exposedBefore: boolean;
  /** the top when its exposures last fitted a hand (003 rule 11) */
  judgedFit: TileId[];
  /** the tiles of the exposures that made the hand dead (003 rules 9, 15) */
  deadTiles: TileId[];
  deadByExposure: boolean;
  /** index in `exposures` of the exposure that made the hand dead (000: its jokers are not in play) */
  killedBy?: number;
}

/**
 * One player: her racks (a seat is dead when every rack is, 003 rule 12), and what she did in the
 * current turn. The turn record is per seat, not only for the player on turn: a Siamese player who
 * has just gone out with her last live hand is no longer on turn but still finishes her turn with a
 * discard (003 rules 10, 13), and her count is judged as after picking until then (18C).
 */
export interface Seat {
  racks: Rack[];
  dead: boolean;
  deadReason: string | null;
  /** tiles she picked from the walls this turn */
  picks: number;
  /** she called a discard this turn */
  called: boolean;
  /** the discard she called this turn and its discarder, when the discarder is known */
  calledTile: { tile: TileId; from: number } | null;
  /**
   * Royale Siamese: she went out (no live hand left) on her own turn after picking, by a death on
   * that pick (003 rule 20, or a Mah Jongg in error, 10E), and ceased playing without a discard
   * (rule 13): she keeps the tile picked, one more than off turn, until she discards. Absent: no.
   */
  keptPick?: boolean;
}

/** A judgment the engine could not make (a reader not heard): the rule, whose, which tiles, when, in words. */
export interface NotSeen {
  rule: string;
  player: number;
  tiles: TileId[];
  window: Window | null;
  title: string;
  ref: string;
  /** 4-player: when (ms) the action was that was not judged */
  at?: number;
}

/** A pick whose 003 rule 20 judgment waits for `readers-heard`: `left` when the tile left its wall. */
export interface DeferredPick {
  player: number;
  wall: number;
  tile: TileId;
  left: Window;
  to: Place;
  at: number;
  ref: string;
}

/** The whole state of one table. Never changed once made: the engine returns a new one. */
export interface GameState {
  variant: 'siamese' | 'standard';
  gameNo: number;
  phase: 'waiting' | 'deal' | 'charleston' | 'play' | 'ended';
  /** Charleston stage (rules/standard-game.ts CHARLESTON); 0 on the Siamese table */
  stage: number;
  endReason: string | null;
  /** every tile by id: walls, racks, tops, floor */
  where: TilePlaces;
  seats: Seat[];
  /** the player on turn, or null when no one is (what each player did this turn: `Seat.picks`, `called`) */
  turn: number | null;
  turnNo: number;
  discards: TileId[];
  /** `racked`: the next pick is racked, the discard no longer in play (000) */
  lastDiscard: { tile: TileId; by: number; at: number; racked: boolean } | null;
  /** joker exchanges this turn (000: a Mah Jongg completed by one) */
  exchanged: { player: number; tiles: TileId[] } | null;
  flags: GameFlag[];
  /**
   * the director's standing rulings by flag id (`director-ruling` actions; they name their game,
   * `g<game>-…`, and are kept from game to game): a flag is raised dismissed or confirmed by them
   */
  rulings: ReadonlyMap<string, Ruling>;
  notSeen: NotSeen[];
  /** 003 rule 20 judgments waiting for `readers-heard` (empty on the 4-player table) */
  deferredPicks: DeferredPick[];
  /** per wall: when its latest tile left it this game (003 rule 20) */
  wallLastOut: (Window | null)[];
  /** 4-player players passed over while their rack was unheard (000) */
  passedOver: number[];
  /** mis-named discards claimed for an exposure (003 rule 19A/B) */
  misnamed: MisnamedExposure[];
  /** 000 director entries: who looked at a stolen tile, the lines announced */
  entries: { lookedAt: number[]; announced: ReadonlyMap<number, string> };
  misdeal: boolean;
  wallGame: boolean;
  /** a player dead on both hands (003 rule 12: she pays) */
  bothDead: number | null;
  checkedAfterDeal: boolean;
  /** tiles per player when the deal ended (003 rule 18B) */
  dealtCounts: number[] | null;
  firstDiscardDone: boolean;
  /** 000: a Mah Jongg in error the others exposed for */
  error: { caller: number; exposedBy: number[] } | null;
  /** 4-player, at the end of a game with a result: the scorer's input and the score (000 SCORING); null otherwise */
  result: { outcome: TournamentOutcome; score: TournamentScore } | null;
  /**
   * 4-player: the state before the game's last `mah-jongg` action and that action's ref (a
   * `misnamed-discard` entry judges that Mah Jongg again, NMJL practice); null before one
   */
  beforeMahJongg?: { ref: string; state: GameState } | null;
}

/** A fresh rack: alive, nothing on its top. */
export function freshRack(): Rack {
  return { dead: false, deadReason: null, exposures: [], hold: null, mahJongg: null, exposedBefore: false, judgedFit: [], deadTiles: [], deadByExposure: false };
}

/** Fresh seats: `seats` players with `racks` racks each, every rack fresh. */
export function freshSeats(seats: number, racks: number): Seat[] {
  return Array.from({ length: seats }, () => ({ racks: Array.from({ length: racks }, freshRack), dead: false, deadReason: null, picks: 0, called: false, calledTile: null }));
}

/**
 * The state of a table before any tile is seen.
 * @param shape the variant, its players and racks per player (Siamese 2 × 2, 003 rule 1; 4-player 4 × 1, 000)
 */
export function initialGameState(shape: { variant: GameState['variant']; seats: number; racksPerSeat: number }): GameState {
  return {
    variant: shape.variant,
    gameNo: 0,
    phase: 'waiting',
    stage: 0,
    endReason: null,
    where: TilePlaces.empty(),
    seats: freshSeats(shape.seats, shape.racksPerSeat),
    turn: null,
    turnNo: 0,
    discards: [],
    lastDiscard: null,
    exchanged: null,
    flags: [],
    rulings: new Map(),
    notSeen: [],
    deferredPicks: [],
    wallLastOut: [],
    passedOver: [],
    misnamed: [],
    entries: { lookedAt: [], announced: new Map() },
    misdeal: false,
    wallGame: false,
    bothDead: null,
    checkedAfterDeal: false,
    dealtCounts: null,
    firstDiscardDone: false,
    error: null,
    result: null,
    beforeMahJongg: null,
  };
}

/**
 * The player whose turn was still open when the game ended: she had picked (or called) and not yet
 * discarded, as when a count flag ends the game at her pick (003 rule 18C). Her discard is the rest
 * of that turn, not the table being cleared. Null while the game is not over, or when every turn
 * was complete.
 */
export function turnOpenAtEnd(s: Pick<GameState, 'phase' | 'seats'>): number | null {
  if (s.phase !== 'ended') return null;
  const player = s.seats.findIndex((p) => p.picks > 0 || p.called);
  return player >= 0 ? player : null;
}

/** A player who can no longer play: every rack dead or with a Mah Jongg (003 rules 12, 13; the Siamese `isOut`). */
export function seatOut(seat: { racks: readonly { dead: boolean; mahJongg: object | null }[]; dead?: boolean; deadReason?: string | null }): boolean {
  return seat.racks.every((r) => r.dead || r.mahJongg !== null);
}

/** Tiles per rack of each player, inside plus top: `[player][rack]` (tiles; 003 rule 18C counts both). */
export function rackCounts(where: TilePlaces, players: number, racksPerSeat: number): number[][] {
  return Array.from({ length: players }, (_, player) =>
    Array.from({ length: racksPerSeat }, (_, rack) => where.countIn({ area: 'rack', player, rack }) + where.countIn({ area: 'top', player, rack })),
  );
}

/** Tiles left in each wall, indexed by wall number (tiles). */
export function wallLeft(where: TilePlaces, walls: number): number[] {
  return Array.from({ length: walls }, (_, wall) => where.countIn({ area: 'wall', wall }));
}

/** The current wall: the first wall in the table's order that still holds a tile, or null when all are used up (003 rule 20). */
export function currentWall(where: TilePlaces, wallOrder: readonly number[]): number | null {
  for (const wall of wallOrder) if (where.countIn({ area: 'wall', wall }) > 0) return wall;
  return null;
}
