import { ActionError } from '../../game/apply.js';
import type { Action, CallFor } from '../../game/actions.js';
import type { GameFlag } from '../../game/flags.js';
import type { Place } from '../../game/places.js';
import { initialGameState, type GameState, type NotSeen } from '../../game/state.js';
import type { TournamentOutcome, TournamentScore } from '../../scoring/tournament.js';
import { fullTileSet, kindOf, type TileId, type TileKind } from '../../tiles.js';
import type { FlagParams } from '../../wording/flags.js';
import { actionOfV1 } from '../../record/upgrade-standard.js';
import { standardEngine, type StandardConfig } from '../standard.js';
import { leaveHolderWhole as holderLeftWhole } from './standard-ids.js';
import { concealedOf, OUT_OF_PLAY, PICK_WALL, STANDARD_SHAPE, type StandardFlagCode, standardOutcome, turnHasOf, wallLeftOf } from './play.js';

export { RULES } from './play.js';

/** Thrown for an action that cannot happen at all (a seat out of range, a tile not held, a pass out of phase); names what and where. The engine's `ActionError`. */
export const StandardActionError = ActionError;
export type StandardActionError = ActionError;

export type { CallFor } from '../../game/actions.js';

interface Base {
  /** ms since epoch */
  at: number;
  /** evidence reference (the hub's event sequence number) */
  ref: string;
  /**
   * players whose rack (inside or top) the hub could not hear at this action (a reader unplugged,
   * rebooting or silent): the turn order between them and the others is not judged from it (noted
   * in `notSeen`), and their tile counts are not judged at it (the one engine's `hearing.players`)
   */
  unheard?: readonly number[];
}

/**
 * A game-level action at a 4-player table; every tile is an id (`5B#3`). By type:
 * - `deal`: each seat's tiles (East 14, the others 13) and the tiles left in the wall (default 99).
 * - `pass`: one Charleston pass, `tiles[p]` out of p's rack, `blind[p]` tiles coming in passed on unseen.
 * - `second-charleston`: each player's wish; any one `false` stops it.
 * - `courtesy`: the optional across; `wishes[p]` 0-3, the first tiles of `tiles[p]` at the smaller wish.
 * - `pick`, `discard`: a tile picked and racked; a tile from the rack to the floor.
 * - `call`: every call on the last discard (the engine picks the winner); `intoRack` when put into the rack.
 * - `expose`: rack tiles laid with the called tile on top of the rack.
 * - `joker-exchange`: `player` gives `tile` for the joker `joker` of `owner`'s exposure `exposure` (index).
 * - `mah-jongg`: `player` declares; `exposedBy` the others who threw in their hands for it.
 * - `wall-game`: the wall is used up and the last discard stood uncalled.
 */
export type StandardAction = Base &
  (
    | { type: 'deal'; hands: TileId[][]; wallSize?: number }
    | { type: 'pass'; tiles: TileId[][]; blind?: number[] }
    | { type: 'second-charleston'; wants: boolean[] }
    | { type: 'courtesy'; wishes: number[]; tiles: TileId[][] }
    | { type: 'pick'; player: number; tile: TileId }
    | { type: 'discard'; player: number; tile: TileId }
    | { type: 'call'; calls: { player: number; for: CallFor; intoRack?: boolean }[] }
    | { type: 'expose'; player: number; tiles: TileId[] }
    | { type: 'joker-exchange'; player: number; owner: number; exposure: number; joker: TileId; tile: TileId }
    | { type: 'mah-jongg'; player: number; exposedBy?: number[] }
    | { type: 'wall-game' }
  );

export type { StandardConfig } from '../standard.js';

export type FlagKind = StandardFlagCode;

/** A rule break the referee witnessed. Its tiles are kinds (the engine's ids through `kindOf`). */
export interface StandardFlag {
  /** `g<game>-<kind>-<ref>` */
  id: string;
  kind: FlagKind;
  code: FlagKind;
  seed: '000';
  params: FlagParams;
  rule: string;
  title: string;
  player: number;
  at: number;
  status: 'awaiting-director' | 'dismissed';
  consequence: string;
  tiles: TileKind[];
  /** on an exposure flag: the exposures judged, each as laid */
  exposures?: TileKind[][];
  /** on an `exposures-fit-no-hand` flag: why no line of the card fits, in words */
  why?: string;
}

/** A judgment the referee did not make because a rack was not heard (an action's `unheard`). */
export interface StandardNotSeen {
  rule: string;
  player: number;
  tiles: TileKind[];
  title: string;
  at: number;
  ref: string;
}

export interface StandardPlayer {
  /** concealed tiles, in the rack (ids) */
  rack: TileId[];
  /** exposures on top of the rack (ids, each group as laid) */
  exposures: TileId[][];
  /** a called tile on top of the rack, not yet exposed; `pending` on a call for a pair or a single */
  hold: { tile: TileId; for: CallFor; from: number; pending?: { ref: string; at: number } } | null;
  dead: boolean;
  deadReason: string | null;
  /** index in `exposures` of the exposure that made the hand dead (its jokers are not in play, 000) */
  killedBy?: number;
}

export interface StandardState {
  gameNo: number;
  phase: 'waiting' | 'charleston' | 'play' | 'ended';
  stage: number;
  endReason: string | null;
  players: StandardPlayer[];
  turn: number | null;
  turnHas: 'nothing' | 'picked' | 'called';
  /** tiles left to pick */
  wallLeft: number;
  lastDiscard: { tile: TileId; by: number; racked: boolean } | null;
  discards: TileId[];
  firstDiscardDone: boolean;
  /** the discarder of the tile called this turn, or null */
  calledFrom: number | null;
  error: { caller: number; exposedBy: number[] } | null;
  /** the verified Mah Jongg (000: `exposures` before the call, 0-4) */
  winner: {
    player: number;
    lineId: string;
    value: number;
    jokerless: boolean;
    singlesAndPairs: boolean;
    selfPicked: boolean;
    discarder: number | null;
    exposures: number;
    jokerExchange?: boolean;
    lines?: { lineId: string; value: number; jokerless: boolean; singlesAndPairs: boolean }[];
  } | null;
  exchanged?: { player: number; tiles: TileId[] } | null;
  wallGame: boolean;
  flags: StandardFlag[];
  notSeen: StandardNotSeen[];
  passedOver: number[];
  result: { outcome: TournamentOutcome; score: TournamentScore } | null;
}

export interface StandardResult {
  state: StandardState;
  flags: StandardFlag[];
  /** a turn boundary happened (a discard, a call) */
  boundary: boolean;
}

/** The state before any deal. */
export function initialStandardState(): StandardState {
  return {
    gameNo: 0,
    phase: 'waiting',
    stage: 0,
    endReason: null,
    players: [],
    turn: null,
    turnHas: 'nothing',
    wallLeft: 0,
    lastDiscard: null,
    discards: [],
    firstDiscardDone: false,
    calledFrom: null,
    error: null,
    winner: null,
    wallGame: false,
    flags: [],
    notSeen: [],
    passedOver: [],
    result: null,
  };
}

/** Tiles a player holds: rack, exposures and a called tile on top (tiles). */
export function heldCount(p: StandardPlayer): number {
  return p.rack.length + p.exposures.reduce((n, e) => n + e.length, 0) + (p.hold ? 1 : 0);
}

const inside = (player: number): Place => ({ area: 'rack', player, rack: 0 });
const top = (player: number): Place => ({ area: 'top', player, rack: 0 });

/** The one engine's flag in the old shape (tiles as kinds); the same object for the same flag. */
const flagsBack = new WeakMap<GameFlag, StandardFlag>();
const notSeenBack = new WeakMap<NotSeen, StandardNotSeen>();

function toStandardFlag(f: GameFlag): StandardFlag {
  const known = flagsBack.get(f);
  if (known) return known;
  const code = f.code as FlagKind;
  const flag: StandardFlag = {
    id: f.id,
    kind: code,
    code,
    seed: '000',
    params: f.params,
    rule: f.rule,
    title: f.title,
    player: f.player,
    at: f.at,
    status: f.status === 'dismissed' ? 'dismissed' : 'awaiting-director',
    consequence: f.consequence,
    tiles: f.evidence.tiles.map(kindOf),
    ...(f.evidence.exposures ? { exposures: f.evidence.exposures.map((e) => e.map(kindOf)) } : {}),
    ...(f.why ? { why: f.why } : {}),
  };
  flagsBack.set(f, flag);
  return flag;
}

function toStandardNotSeen(n: NotSeen): StandardNotSeen {
  const known = notSeenBack.get(n);
  if (known) return known;
  const back = { rule: n.rule, player: n.player, tiles: n.tiles.map(kindOf), title: n.title, at: n.at ?? n.window?.from ?? 0, ref: n.ref };
  notSeenBack.set(n, back);
  return back;
}

/** The engine's state in the old shape. */
export function toStandardState(g: GameState): StandardState {
  const winnerSeat = g.seats.findIndex((p) => p.racks[0]!.mahJongg !== null);
  const w = winnerSeat >= 0 ? g.seats[winnerSeat]!.racks[0]!.mahJongg! : null;
  const onTurn = g.turn !== null ? g.seats[g.turn]! : null;
  return {
    gameNo: g.gameNo,
    phase: g.phase === 'deal' ? 'charleston' : g.phase,
    stage: g.stage,
    endReason: g.endReason,
    players:
      g.gameNo === 0 && g.phase === 'waiting'
        ? []
        : g.seats.map((seat, p) => {
            const r = seat.racks[0]!;
            return {
              rack: concealedOf(g, p),
              exposures: r.exposures.map((e) => [...e.tiles]),
              hold: r.hold,
              dead: r.dead,
              deadReason: r.deadReason,
              ...(r.killedBy !== undefined ? { killedBy: r.killedBy } : {}),
            };
          }),
    turn: g.turn,
    turnHas: turnHasOf(g),
    wallLeft: wallLeftOf(g),
    lastDiscard: g.lastDiscard && { tile: g.lastDiscard.tile, by: g.lastDiscard.by, racked: g.lastDiscard.racked },
    discards: g.discards,
    firstDiscardDone: g.firstDiscardDone,
    calledFrom: onTurn?.called ? (onTurn.calledTile?.from ?? null) : null,
    error: g.error,
    winner: w && {
      player: winnerSeat,
      lineId: w.lineId,
      value: w.value,
      jokerless: w.jokerless,
      singlesAndPairs: w.singlesAndPairs,
      selfPicked: w.selfPicked,
      discarder: w.claimedFrom,
      exposures: w.exposuresBefore,
      ...(w.jokerExchange ? { jokerExchange: true } : {}),
      lines: w.lines,
    },
    ...(g.exchanged ? { exchanged: g.exchanged } : {}),
    wallGame: g.wallGame,
    flags: g.flags.map(toStandardFlag),
    notSeen: g.notSeen.map(toStandardNotSeen),
    passedOver: g.passedOver,
    result: g.result,
  };
}

/**
 * The old shape as the engine's state, for a state the hub made itself (a director's entry, a
 * test's own state): the racks, tops and floor as listed; of the tiles not listed, `wallLeft` are
 * left to pick (in set order) and the rest are out of play. Flags and notes keep their objects.
 */
export function toGameState(s: StandardState): GameState {
  const g = initialGameState(STANDARD_SHAPE);
  const placed = new Set<TileId>();
  let where = g.where;
  const put = (t: TileId, place: Place) => {
    where = where.with(t, place);
    placed.add(t);
  };
  for (const [p, player] of s.players.entries()) {
    for (const t of player.rack) put(t, inside(p));
    for (const e of player.exposures) for (const t of e) put(t, top(p));
    if (player.hold) put(player.hold.tile, top(p));
  }
  for (const t of s.discards) put(t, { area: 'floor' });
  const rest = fullTileSet().filter((t) => !placed.has(t));
  for (const [i, t] of rest.entries()) where = where.with(t, i < s.wallLeft ? PICK_WALL : OUT_OF_PLAY);
  const seats = g.seats.map((seat, p) => {
    const player = s.players[p];
    const r = seat.racks[0]!;
    const w = s.winner?.player === p ? s.winner : null;
    const on = s.turn === p;
    return {
      ...seat,
      dead: player?.dead ?? false,
      deadReason: player?.deadReason ?? null,
      picks: on && s.turnHas === 'picked' ? 1 : 0,
      called: on && s.turnHas === 'called',
      calledTile: on && s.turnHas === 'called' && s.calledFrom !== null ? { tile: player?.hold?.tile ?? player?.exposures.at(-1)?.[0] ?? (s.discards.at(-1) as TileId), from: s.calledFrom } : null,
      racks: [
        {
          ...r,
          dead: player?.dead ?? false,
          deadReason: player?.deadReason ?? null,
          exposures: (player?.exposures ?? []).map((tiles) => ({ tiles: [...tiles], called: null, from: null })),
          hold: player?.hold ?? null,
          ...(player?.killedBy !== undefined ? { killedBy: player.killedBy } : {}),
          mahJongg: w && {
            lineId: w.lineId,
            lineText: '',
            category: '',
            value: w.value,
            jokerless: w.jokerless,
            singlesAndPairs: w.singlesAndPairs,
            order: 1 as const,
            claimedFrom: w.discarder,
            selfPicked: w.selfPicked,
            exposuresBefore: w.exposures,
            jokerExchange: w.jokerExchange ?? false,
            lines: w.lines ?? [],
            turnNo: 0,
            at: 0,
            misnamedDiscard: false,
          },
        },
      ],
    };
  });
  const flags = s.flags.map((f) => {
    const gf: GameFlag = {
      id: f.id,
      code: f.code,
      seed: '000',
      params: f.params,
      rule: f.rule,
      title: f.title,
      player: f.player,
      rack: 0,
      at: f.at,
      status: f.status,
      consequence: f.consequence,
      evidence: { tiles: [], refs: [f.id], counts: [] },
      ...(f.why ? { why: f.why } : {}),
    };
    flagsBack.set(gf, f);
    return gf;
  });
  const notSeen = s.notSeen.map((n) => {
    const gn: NotSeen = { rule: n.rule, player: n.player, tiles: [], window: null, title: n.title, ref: n.ref, at: n.at };
    notSeenBack.set(gn, n);
    return gn;
  });
  return {
    ...g,
    gameNo: s.gameNo,
    phase: s.phase,
    stage: s.stage,
    endReason: s.endReason,
    where,
    seats,
    turn: s.turn,
    discards: s.discards,
    lastDiscard: s.lastDiscard && { ...s.lastDiscard, at: 0 },
    exchanged: s.exchanged ?? null,
    flags,
    notSeen,
    passedOver: s.passedOver,
    wallGame: s.wallGame,
    firstDiscardDone: s.firstDiscardDone,
    error: s.error,
    result: s.result,
  };
}

/**
 * A 4-player action of the old shape as the one engine's {@link Action} (docs/one-engine.md §1,
 * "Mapping of today's actions"), in the engine's state `g` (it gives a pick its wall, a discard its
 * place, a call the tile called: the last discard): `deal` with `walls` (the rest of the set in
 * set order, `wallSize` of it left to pick), `second-charleston` is `charleston-vote`, `call` the
 * first caller with the others as `rivals` (`intoRack` is `to` a rack), `joker-exchange` is
 * `exchange`, `unheard` is `hearing.players`.
 * @returns the action, or null for a call with no caller (it changes nothing)
 */
export function fromStandardAction(g: GameState, a: StandardAction): Action | null {
  return actionOfV1(g, a);
}

/**
 * The one engine's 4-player action in the old shape (the inverse of {@link fromStandardAction}),
 * for the hub's 4-player fold (hub/table/standard/game.ts), which still takes `StandardAction`s
 * until stage 6: the move layer (hub/table/moves/moves.ts) reads the table's moves into
 * {@link Action}s, and a version 2 game record's lines are refereed through it. `hearing.players`
 * becomes `unheard`; a `deal`'s first wall gives `wallSize` (the tiles left to pick).
 * @returns the old action, or null for a type the old shape has no action for (`build`, `arrange`,
 *   `stray`, `count-check`, `readers-heard`, `director-entry`, `stop`: the fold takes them on their own)
 */
export function toStandardAction(a: Action): StandardAction | null {
  const base = { at: a.at, ref: a.ref, ...(a.hearing?.players.length ? { unheard: [...a.hearing.players] } : {}) };
  switch (a.type) {
    case 'deal':
      return { type: 'deal', hands: a.hands.map((h) => h.flat()), ...(a.walls ? { wallSize: a.walls[0]?.length ?? 0 } : {}), ...base };
    case 'pass':
      return { type: 'pass', tiles: a.tiles, ...(a.blind ? { blind: a.blind } : {}), ...base };
    case 'charleston-vote':
      return { type: 'second-charleston', wants: a.wants, ...base };
    case 'courtesy':
      return { type: 'courtesy', wishes: a.wishes, tiles: a.tiles, ...base };
    case 'pick':
      return { type: 'pick', player: a.player, tile: a.tile, ...base };
    case 'discard':
      return { type: 'discard', player: a.player, tile: a.tile, ...base };
    case 'call': {
      const one = (player: number, f: CallFor, to: Place | undefined) => ({ player, for: f, ...(to?.area === 'rack' ? { intoRack: true } : {}) });
      return { type: 'call', calls: [one(a.player, a.for ?? 'pung', a.to), ...(a.rivals ?? []).map((r) => one(r.player, r.for, r.to))], ...base };
    }
    case 'expose':
      return { type: 'expose', player: a.player, tiles: a.tiles, ...base };
    case 'exchange':
      return { type: 'joker-exchange', player: a.player, owner: a.owner, exposure: a.exposure ?? 0, joker: a.joker, tile: a.given, ...base };
    case 'mah-jongg':
      return { type: 'mah-jongg', player: a.player, ...(a.exposedBy ? { exposedBy: a.exposedBy } : {}), ...base };
    case 'wall-game':
      return { type: 'wall-game', ...base };
    default:
      return null;
  }
}

/**
 * An old action may pick a copy the tile map has in a hand already: a kind-scripted pick or a v1
 * record naming a kind whose every copy is in play (the old referee held tiles by kind and let a
 * fifth copy in). One tile map cannot hold a tile twice, so before such a pick a tile left to pick
 * takes the copy's place in that hand (the picker's own, too): the holder keeps her count, the
 * picker gets the tile named.
 */
export function leaveHolderWhole(g: GameState, a: StandardAction): GameState {
  return a.type === 'pick' ? holderLeftWhole(g, a.tile) : g;
}

/**
 * Creates the referee of one 4-player table: the one engine with the standard variant.
 * @returns `apply(state, action)`: a new state (the old one untouched), the flags raised and whether a turn boundary happened; `outcomeOf(state)`: the scorer's input
 * @throws StandardActionError from `apply` for an action that cannot happen
 */
export function standardReferee(config: StandardConfig) {
  const engine = standardEngine(config);
  /** the engine's state beside each state this referee made */
  const games = new WeakMap<StandardState, GameState>();
  const gameOf = (s: StandardState): GameState => games.get(s) ?? toGameState(s);

  function apply(prev: StandardState, a: StandardAction): StandardResult {
    const g = leaveHolderWhole(gameOf(prev), a);
    const action = fromStandardAction(g, a);
    if (!action) return { state: prev, flags: [], boundary: false }; // a call with no caller: nothing happened
    const r = engine.apply(g, action);
    const state = toStandardState(r.state);
    games.set(state, r.state);
    return { state, flags: r.flags.map(toStandardFlag), boundary: r.boundary };
  }

  /** The scorer's input for a game as it stands (a state the hub changed is read as it is). */
  function outcomeOf(s: StandardState): TournamentOutcome {
    return standardOutcome(toGameState(s), config.names);
  }

  /**
   * The one engine's action `apply(prev, a)` gives the engine ({@link fromStandardAction} in the
   * engine's state of `prev`): what a version 2 game record keeps. Null for a call with no caller.
   */
  function actionOf(prev: StandardState, a: StandardAction): Action | null {
    return fromStandardAction(leaveHolderWhole(gameOf(prev), a), a);
  }

  return { apply, outcomeOf, actionOf };
}

/** The referee's interface. */
export type StandardReferee = ReturnType<typeof standardReferee>;
