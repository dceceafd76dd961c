/**
 * The Royale Siamese referee (003): two players, two racks each. Its body is the one engine
 * (rules/game/apply.ts `createEngine(SIAMESE, config)`, with the Siamese hooks of
 * rules/variants/siamese.ts); this is its adapter for the hub's callers, who read today's
 * `SiameseState` and give today's `GameAction`:
 * `siameseReferee(config).apply(state, action) → { state, flags, boundary }`.
 * Each action is converted (rules/game/convert.ts `fromGameAction`) and applied to the engine's
 * `GameState`; the state and flags are mapped back to the shapes below. A state made by `apply`
 * keeps its `GameState` beside it, so a fold converts only the first state and what is new.
 *
 * What the hub did not see is not judged: a rack whose reader was unplugged or rebooting at a
 * discard (the action's `unseen`) has its exposures judged at the first turn boundary after the
 * reader is back (rule 11), and a count check skips the players it names (18C). The rules
 * automated are listed in rules/game/apply.ts.
 */
import type { TileId } from '../tiles.js';
import type { GameAction } from '../record/v1-actions.js';
import type { Place } from '../game/places.js';
import type { MisnamedExposure } from '../game/misnamed.js';
import { TilePlaces } from '../game/tile-places.js';
import { createEngine, type EngineConfig, type SiameseFlagCode } from '../game/apply.js';
import type { Action } from '../game/actions.js';
import { siameseActions } from '../game/convert.js';
import type { GameFlag } from '../game/flags.js';
import { currentWall as currentWallIn, rackCounts as rackCountsIn, seatOut, wallLeft as wallLeftIn, type GameState, type MahJongg, type Rack } from '../game/state.js';
import { SIAMESE } from '../variants/siamese.js';
import { asReadNow } from '../variants/siamese-readings.js';
import { idKindOf, type FlagParams } from '../wording/flags.js';

export type { SiameseFlagCode } from '../game/apply.js';
export type { MisnamedExposure } from '../game/misnamed.js';

// the Siamese variant's numbers and rule 20's choice live in rules/variants/siamese.ts (docs/one-engine.md, stage 2)
export { COUNT_RULES, DEFAULT_COUNT_RULE, rule20Hand, SIAMESE_HAND, type CountRule } from '../variants/siamese.js';

/** Settings of one Siamese table (the engine's {@link EngineConfig}). */
export type SiameseConfig = EngineConfig;

/** A verified Mah Jongg on one rack. */
export interface MahJonggRecord {
  lineId: string;
  lineText: string;
  category: string;
  /** hand value printed on the card (points) */
  value: number;
  jokerless: boolean;
  singlesAndPairs: boolean;
  /** 1st or 2nd Mah Jongg of this player */
  order: 1 | 2;
  /** the player whose discard was called for it, or null when self-picked */
  claimedFrom: number | null;
  /** turn number in which it was declared */
  turnNo: number;
  at: number;
  /** the director entered that the claimed discard had been named wrongly (003 rule 19C/D) */
  misnamedDiscard: boolean;
}

export interface RackState {
  dead: boolean;
  deadReason: string | null;
  mahJongg: MahJonggRecord | null;
  /** tiles were on this rack's top at an earlier turn boundary: a concealed line is no longer possible */
  exposedBefore: boolean;
  /** the hand died because of its exposures (rule 11): its jokers may not be exchanged (rule 15) */
  deadByExposure: boolean;
  /**
   * the tiles on this rack's top when its exposures were last judged to fit a hand (003 rule 11),
   * at a turn boundary; empty before the first judgment
   */
  judgedFit: TileId[];
  /**
   * the tiles of the exposures that made this hand dead (rule 11, or a Mah Jongg in error, 10E):
   * the tiles on its top at its death that were not there when it was last judged to fit. 003
   * rule 15: they may not be used to build another hand, and their jokers may not be exchanged
   * (rule 9). Empty for a hand alive, or dead for another reason.
   */
  deadTiles: TileId[];
}

export interface PlayerState {
  racks: RackState[];
  /** tiles picked from the walls this turn */
  picks: number;
  /** a discard was called this turn */
  called: boolean;
  /** the tile called this turn, if any, and from whom */
  calledTile: { tile: TileId; from: number } | null;
}

/** What a flag rests on. */
export interface FlagEvidence {
  tiles: TileId[];
  /** evidence references of the actions involved (the hub maps them to reader lines) */
  refs: string[];
  /** tiles per player and rack (inside + top) at the moment of the flag */
  counts: number[][];
}

/** A rule break the referee witnessed. */
export interface Flag {
  /** deterministic id: `g<game>-<kind>-<ref>` */
  id: string;
  kind: 'tile-count' | 'misdeal' | 'wrong-wall' | 'mah-jongg-in-error' | 'illegal-exposure' | 'joker-exchange' | 'dead-hand-tiles';
  /** the catalogue's key for its words (rules/wording/flags.ts): the kind, but `rack-exposures-fit-no-hand` for `illegal-exposure` and `joker-not-exchangeable` for `joker-exchange` */
  code: SiameseFlagCode;
  seed: '003';
  /** what the title and consequence are built from (the catalogue's params for `code`) */
  params: FlagParams;
  /** rule and seed, e.g. "003 rule 18C" */
  rule: string;
  /** the catalogue's title for `code` and `params` */
  title: string;
  player: number;
  rack: number | null;
  at: number;
  status: 'awaiting-director' | 'confirmed' | 'dismissed';
  /** what was applied at once */
  consequence: string;
  evidence: FlagEvidence;
  /**
   * set on a wrong-wall flag where 003 rule 20 leaves the dead hand to the director (no exposures
   * on either rack): the rack that dies when the director does not choose (`default`, index 0 =
   * rack 1) and the racks the director may choose from (`racks`, indexes, at least two). `rack`
   * above is the rack dead now (the director's choice, else the default).
   */
  deadRackChoice?: { default: number; racks: number[] };
}

export type Phase = 'waiting' | 'deal' | 'play' | 'ended';

/**
 * The whole state of a Siamese table. Never changed once made: `apply` returns a new one, sharing
 * what the action did not change (the lists it does not add to, the tiles it does not move).
 */
export interface SiameseState {
  gameNo: number;
  phase: Phase;
  endReason: string | null;
  /** the player whose turn it is */
  turn: number | null;
  /** counts turns (each discard or call starts a new one) */
  turnNo: number;
  /** where each tile is (settled); a tile not in the map has never been seen */
  where: TilePlaces;
  /** discards of this game, in order */
  discards: TileId[];
  lastDiscard: { tile: TileId; by: number; at: number } | null;
  players: PlayerState[];
  flags: Flag[];
  /** a player whose both hands died by a count flag (rule 12/18C) or otherwise, who pays rule 12 */
  bothDead: number | null;
  /** a misdeal voids the game (rule 18B) */
  misdeal: boolean;
  /** a count check has been made since the deal ended */
  checkedAfterDeal: boolean;
  /** tiles per player when the deal ended (East's first discard; East counted as 27), for 18B */
  dealtCounts: number[] | null;
  /** the walls were used up and the last discard made with no Mah Jongg exposed */
  wallGame: boolean;
  /**
   * per wall (index = wall number): when its latest tile left it this game (ms window: the
   * earliest and latest it can have been), or null. 003 rule 20 is judged on it for a pick the hub
   * could not judge at once
   */
  wallLastOut: ({ from: number; to: number } | null)[];
  /**
   * picks made while the hub could not hear every zone (an action's `unheard`): the current wall
   * at their time depends on what the unheard zones hid, so 003 rule 20 is judged for them at the
   * first move seen with every zone heard, from when each tile left its wall
   */
  deferredPicks: DeferredPick[];
  /** what the hub could not judge, for the director: which tiles, which window (this game) */
  notSeen: NotSeen[];
  /** mis-named discards claimed for an exposure this game, as the director entered them (003 rule 19A/B: ./misnamed.ts) */
  misnamed: MisnamedExposure[];
}

/** A pick whose 003 rule 20 judgment waits (see {@link SiameseState.deferredPicks}). */
export interface DeferredPick {
  player: number;
  wall: number;
  tile: TileId;
  /** when the tile left the wall (ms window) */
  left: { from: number; to: number };
  to: Place;
  at: number;
  ref: string;
}

/**
 * A judgment the hub could not make, for the director: `tiles` moved in `window` (ms) while a
 * reader was not heard, and the rule named could not be judged from what the readers saw.
 */
export interface NotSeen {
  rule: string;
  player: number;
  tiles: TileId[];
  window: { from: number; to: number };
  /** in words, e.g. "Bea's pick of 3B#2 from wall 2: wall 1's last tile left between 12:01:05 and 12:01:40; which came first is not known" */
  title: string;
  ref: string;
}

/** What one action did. */
export interface ApplyResult {
  state: SiameseState;
  /** flags raised by this action */
  flags: Flag[];
  /** a turn boundary happened (a discard or a claim settled): the hub schedules a count check */
  boundary: boolean;
}

function freshPlayers(n: number, racks: number): PlayerState[] {
  return Array.from({ length: n }, () => ({
    racks: Array.from({ length: racks }, () => ({ dead: false, deadReason: null, mahJongg: null, exposedBefore: false, deadByExposure: false, judgedFit: [], deadTiles: [] })),
    picks: 0,
    called: false,
    calledTile: null,
  }));
}

/** The state of a table before any tile is seen. */
export function initialSiameseState(config: Pick<SiameseConfig, 'names' | 'racksPerPlayer'>): SiameseState {
  return {
    gameNo: 0,
    phase: 'waiting',
    endReason: null,
    turn: null,
    turnNo: 0,
    where: TilePlaces.empty(),
    discards: [],
    lastDiscard: null,
    players: freshPlayers(config.names.length, config.racksPerPlayer),
    flags: [],
    bothDead: null,
    misdeal: false,
    checkedAfterDeal: false,
    dealtCounts: null,
    wallGame: false,
    wallLastOut: [],
    deferredPicks: [],
    notSeen: [],
    misnamed: [],
  };
}

// ---------------------------------------------------------------- counting (pure helpers)

/** Tiles per rack of each player, inside plus top: `[player][rack]` (tiles). */
export function rackCounts(state: SiameseState, racksPerPlayer: number): number[][] {
  return rackCountsIn(state.where, state.players.length, racksPerPlayer);
}

/** Tiles a player holds: both racks plus exposures (003 rule 18C). */
export function playerCount(state: SiameseState, player: number): number {
  return state.where.heldBy(player);
}

/** Tiles on one place kind of one rack, in the order they were first placed (the map's order). */
export function tilesAt(state: SiameseState, area: 'rack' | 'top', player: number, rack: number): TileId[] {
  return state.where.tilesIn({ area, player, rack });
}

/** Tiles left in each wall, indexed by wall number (tiles). */
export function wallLeft(state: SiameseState, walls: number): number[] {
  return wallLeftIn(state.where, walls);
}

/** The current wall: the first wall in the table's order that still holds a tile, or null when all are used up. */
export function currentWall(state: SiameseState, wallOrder: readonly number[]): number | null {
  return currentWallIn(state.where, wallOrder);
}

/** A player who can no longer play: both hands dead, or one Mah Jongg and one dead hand (rules 12, 13), or two Mah Jonggs. */
export function isOut(p: PlayerState): boolean {
  return seatOut(p);
}

// ---------------------------------------------------------------- the adapter: GameState ↔ SiameseState

/** One object's conversion, kept while the object lives, so a fold converts each object once and what did not change keeps its identity. */
function memo<K extends object, V>(convert: (k: K) => V): (k: K) => V {
  const seen = new WeakMap<K, V>();
  return (k) => {
    let v = seen.get(k);
    if (v === undefined) {
      v = convert(k);
      seen.set(k, v);
    }
    return v;
  };
}

/** A Siamese Mah Jongg as the engine's {@link MahJongg}: self-picked when no discard was claimed for it; the 4-player fields empty. */
const mahJonggToGame = memo((m: MahJonggRecord): MahJongg => ({ ...m, selfPicked: m.claimedFrom === null, exposuresBefore: 0, jokerExchange: false, lines: [] }));

/** The engine's {@link MahJongg} as the Siamese record (its 4-player fields dropped). */
const mahJonggToSiamese = memo(
  (m: MahJongg): MahJonggRecord => ({
    lineId: m.lineId,
    lineText: m.lineText,
    category: m.category,
    value: m.value,
    jokerless: m.jokerless,
    singlesAndPairs: m.singlesAndPairs,
    order: m.order,
    claimedFrom: m.claimedFrom,
    turnNo: m.turnNo,
    at: m.at,
    misnamedDiscard: m.misnamedDiscard,
  }),
);

/** An engine flag as a Siamese {@link Flag}: `kind` is the catalogue's id segment for its code. A Siamese flag is one already. */
const flagToSiamese = memo((f: GameFlag): Flag => {
  if ('kind' in f) return f as Flag;
  return {
    id: f.id,
    kind: idKindOf(f.code) as Flag['kind'],
    code: f.code as SiameseFlagCode,
    seed: '003',
    params: f.params as FlagParams,
    rule: f.rule,
    title: f.title,
    player: f.player,
    rack: f.rack,
    at: f.at,
    status: f.status,
    consequence: f.consequence,
    evidence: f.evidence,
    ...(f.deadRackChoice ? { deadRackChoice: f.deadRackChoice } : {}),
  };
});

const flagsToSiamese = memo((flags: GameFlag[]): Flag[] => flags.map(flagToSiamese));

function rackToGame(r: RackState): Rack {
  return {
    dead: r.dead,
    deadReason: r.deadReason,
    exposures: [],
    hold: null,
    mahJongg: r.mahJongg && mahJonggToGame(r.mahJongg),
    exposedBefore: r.exposedBefore,
    judgedFit: r.judgedFit,
    deadTiles: r.deadTiles,
    deadByExposure: r.deadByExposure,
  };
}

function rackToSiamese(r: Rack): RackState {
  return {
    dead: r.dead,
    deadReason: r.deadReason,
    mahJongg: r.mahJongg && mahJonggToSiamese(r.mahJongg),
    exposedBefore: r.exposedBefore,
    deadByExposure: r.deadByExposure,
    judgedFit: r.judgedFit,
    deadTiles: r.deadTiles,
  };
}

const lastDiscardToSiamese = memo((d: NonNullable<GameState['lastDiscard']>): SiameseState['lastDiscard'] => ({ tile: d.tile, by: d.by, at: d.at }));

/**
 * A Siamese state as the engine's {@link GameState} (docs/one-engine.md §2): players become seats
 * (their turn record, `picks`, `called`, `calledTile`, per seat), the 4-player fields empty. Its
 * inverse is {@link toSiameseState}: `toSiameseState(toGameState(s))` equals `s`.
 */
export function toGameState(s: SiameseState): GameState {
  return {
    variant: 'siamese',
    gameNo: s.gameNo,
    phase: s.phase,
    stage: 0,
    endReason: s.endReason,
    where: s.where,
    seats: s.players.map((p) => ({ racks: p.racks.map(rackToGame), dead: false, deadReason: null, picks: p.picks, called: p.called, calledTile: p.calledTile })),
    turn: s.turn,
    turnNo: s.turnNo,
    discards: s.discards,
    lastDiscard: s.lastDiscard && { ...s.lastDiscard, racked: false },
    exchanged: null,
    flags: s.flags,
    rulings: new Map(),
    notSeen: s.notSeen,
    deferredPicks: s.deferredPicks,
    wallLastOut: s.wallLastOut,
    passedOver: [],
    misnamed: s.misnamed,
    entries: { lookedAt: [], announced: new Map() },
    misdeal: s.misdeal,
    wallGame: s.wallGame,
    bothDead: s.bothDead,
    checkedAfterDeal: s.checkedAfterDeal,
    dealtCounts: s.dealtCounts,
    firstDiscardDone: s.dealtCounts !== null,
    error: null,
    result: null,
  };
}

/**
 * The engine's {@link GameState} of a Siamese table as a {@link SiameseState}.
 * @throws Error for a state in the Charleston (no Siamese state has one, 003 rule 7)
 */
export function toSiameseState(g: GameState): SiameseState {
  if (g.phase === 'charleston') throw new Error('a Siamese table has no Charleston (003 rule 7): this state is not a Siamese one');
  return {
    gameNo: g.gameNo,
    phase: g.phase,
    endReason: g.endReason,
    turn: g.turn,
    turnNo: g.turnNo,
    where: g.where,
    discards: g.discards,
    lastDiscard: g.lastDiscard && lastDiscardToSiamese(g.lastDiscard),
    players: g.seats.map((seat) => ({ racks: seat.racks.map(rackToSiamese), picks: seat.picks, called: seat.called, calledTile: seat.calledTile })),
    flags: flagsToSiamese(g.flags),
    bothDead: g.bothDead,
    misdeal: g.misdeal,
    checkedAfterDeal: g.checkedAfterDeal,
    dealtCounts: g.dealtCounts,
    wallGame: g.wallGame,
    wallLastOut: g.wallLastOut,
    deferredPicks: g.deferredPicks,
    // every notSeen the engine lists on this table has its window (003 rules 17, 19, 20)
    notSeen: g.notSeen as NotSeen[],
    misnamed: g.misnamed,
  };
}

// ---------------------------------------------------------------- the referee

/**
 * Creates the referee for one table: the one engine with the Siamese hooks, taking
 * {@link GameAction}s (or the unified {@link Action}s of one move) and giving {@link SiameseState}s.
 */
export function siameseReferee(config: SiameseConfig) {
  const engine = createEngine(SIAMESE, config);
  /** the engine's state beside each state this referee made */
  const gameOf = new WeakMap<SiameseState, GameState>();

  function apply(prev: SiameseState, a: GameAction): ApplyResult {
    // a wall→floor move is a pick and a discard; both keep the move's ref, so the flag ids
    // (`g<game>-<kind>-<ref>`) rest on the move as before
    // and a Mah Jongg declared, a joker taken, read as the move layer reads them (003 rules 9, 10, 11)
    return applyActions(prev, asReadNow(siameseActions(a, prev.turn), prev.where));
  }

  /**
   * The unified actions of one move (the move layer's reading, hub/table/moves/moves.ts), applied
   * in order: one result, with every flag raised and whether any made a turn boundary.
   */
  function applyActions(prev: SiameseState, actions: readonly Action[]): ApplyResult {
    let g = gameOf.get(prev) ?? toGameState(prev);
    const raised: GameFlag[] = [];
    let boundary = false;
    for (const action of actions) {
      const r = engine.apply(g, action);
      g = r.state;
      raised.push(...r.flags);
      boundary ||= r.boundary;
    }
    const state = toSiameseState(g);
    gameOf.set(state, g);
    return { state, flags: raised.map(flagToSiamese), boundary };
  }

  return { apply, applyActions, lowestCardValue: engine.lowestCardValue };
}

/** The referee's interface. */
export type SiameseReferee = ReturnType<typeof siameseReferee>;
