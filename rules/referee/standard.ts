/**
 * The standard 4-player referee: National Mah Jongg League rules (NMJL) with 000's tournament
 * rules on top (000, "GAME PLAY" and "SCORING").
 *
 * A pure state machine at game level (no readers, no tags). Tiles are ids such as `5B#3` (rules/tiles.ts):
 * the state holds racks, exposures and discards by id; everything that judges a hand (the card, the
 * exposure judge, the titles) takes their kinds through `kindOf`, and flags name kinds (`tiles`,
 * `exposures`, titles). An action written with kinds (a v1 record, a scripted test) gets ids with
 * `withIds` (./standard-ids.ts).
 *
 * `standardReferee(config).apply(state, action) → { state, flags, boundary }`, in the style of the
 * Siamese referee (./siamese.ts). Each flag has a deterministic id `g<game>-<kind>-<ref>` (for a flag
 * that can hit several players at one action, the ref is `<action ref>.<player>`), names the rule
 * and its source, and its consequence is applied at once unless its id is in `config.dismissed`
 * (then it is recorded as dismissed and the action that raised it is otherwise ignored).
 *
 * Seats: 0 East, 1 South, 2 West, 3 North; play goes 0 → 1 → 2 → 3. "Right" is the next seat
 * (East passes right to South), "across" two on, "left" three on.
 *
 * Which rule is whose (`Flag.rule` starts with "NMJL" or "000"):
 * - NMJL: the deal (East 14, the others 13; East discards first); the Charleston (first right,
 *   across, left; an optional second left, across, right that any one player can stop; blind passes
 *   on the first left and the last right; no joker is ever passed); the courtesy pass across of 0-3
 *   tiles at the smaller wish; a discard is called only for a pung, kong, quint, sextet or Mah Jongg;
 *   a Mah Jongg call beats an exposure call, otherwise the next in turn wins; an exposure is exactly
 *   the called tile's group (jokers allowed in a group of 3+); a joker is exchanged only for the
 *   very tile it stands for; a concealed hand has no exposure before Mah Jongg; a wrong number of
 *   tiles (13 off turn, 14 after picking), counted from East's first discard, is a dead hand; dead
 *   hands neither pick nor discard; a wall game when the wall is used up.
 * - NMJL, exposures against the card (./exposure-judge.ts): a pair, a single or a set of singles
 *   (a year, NEWS, 2468) is never exposed before Mah Jongg (`exposed-pair-or-singles`, dead; a
 *   lone call for a pair or a single takes the tile so that what is laid with it is judged, and is
 *   refused at the next action if nothing is); at the exposing player's discard her exposures must
 *   still fit an exposed hand on the card, as 003 rule 11 judges each Siamese rack
 *   (`exposures-fit-no-hand`, dead, the discard stands). 000: the exposures made before the error
 *   keep their jokers in play; the one that made the hand dead does not, unless
 *   `killingExposureJokersInPlay` (an exchange against it is a `bad-joker-exchange`).
 * - 000 on top: the first Charleston is required, the second optional, then an optional across of
 *   1-3 tiles; no picking ahead (dead); out of turn (dead); a call is too late once the next pick is
 *   racked; a called tile is placed on top of the rack, never in it (dead); a concealed hand
 *   exposed for Mah Jongg in error is dead, an exposed hand's exposures stay and its jokers stay in
 *   play; Mah Jongg in error with two or more hands intact: play goes on; the scoring
 *   (rules/scoring/tournament.ts).
 *
 * NMJL practice not in 000, each on when `config.practice` says so (./misdeal.ts; the hub's
 * table setting `nmjlPractice`, default on): too many tiles before East's first discard is a
 * `misdeal` flag (the game ends with no result, to be re-dealt); one short before it takes the next
 * wall tile unflagged; after it, a wrong count that leaves fewer than two hands intact ends the game
 * as a wall game.
 *
 * Director entries, judged in the hub (hub/table/standard/engine.ts): a hand declared dead, judged
 * on the visible table (./dead-declaration.ts, 000); a mis-named discard (./misnamed.ts).
 *
 * Not automated (director's business): looking at a stolen tile (−10), declaring a hand dead in
 * error, displaying the hand as on the card, the 50-minute clock (an unfinished game), fewer than
 * two hands intact after a Mah Jongg in error with a single exposer, the kinds' copy counts.
 */
import type { Card } from '../card/types.js';
import { isTileId, kindOf, type TileId, type TileKind } from '../tiles.js';
import { matchHand } from '../match.js';
import { CHARLESTON, COURTESY_STAGE, HAND, SEATS, VOTE_STAGE, WALL_AFTER_DEAL } from '../standard-game.js';
import { forbiddenExposure, judgeExposures } from './exposure-judge.js';
import { scoreTournamentGame, TOURNAMENT_000, type TournamentOutcome, type TournamentProfile, type TournamentScore } from '../scoring/tournament.js';
import { scoreWithSettings, type ScoringSettings } from '../scoring/settings.js';
import { FEWER_THAN_TWO_RULE, MISDEAL_RULE, oneShort, overDealt, type NmjlPractice } from './misdeal.js';
import { EVERY_HAND_DEAD, misdealEndReason, wordsOf, type BadExchange, type CodedParams, type FlagParams } from '../wording/flags.js';

/** The rule each flag cites (source first: "NMJL" or "000"). */
export const RULES = {
  jokerPassed: 'NMJL: a joker is never passed in the Charleston',
  tileCount: 'NMJL: a wrong number of tiles (13 off turn, 14 after picking) is a dead hand',
  pickingAhead: '000 GAME PLAY: no picking ahead, a player who picks ahead is dead',
  outOfTurn: '000 GAME PLAY: a player who goes out of turn is dead',
  discardBeforePick: '000 GAME PLAY: a player picks before discarding; out of turn, dead',
  callTooLate: '000 GAME PLAY: once the next pick is racked the discard is no longer in play',
  illegalCall: 'NMJL: a discard is called only for a pung, kong, quint, sextet or Mah Jongg',
  calledIntoRack: '000 GAME PLAY: a called tile goes on top of the rack, not in it; dead',
  illegalExposure: 'NMJL: an exposure is the called tile with tiles of its kind (jokers in 3+); an illegal exposure is a dead hand',
  jokerExchangeBeforePick: '000 GAME PLAY: a joker exchange before picking is out of turn; dead',
  badJokerExchange: 'NMJL: a joker is exchanged only for the very tile it stands for in an exposure',
  mahJonggInError: '000 GAME PLAY: Mah Jongg in error, the hand is dead (exposures stay, their jokers stay in play)',
  exposedPairOrSingles: 'NMJL: a pair, a single or a set of singles (a year such as 2026, NEWS, 2468) is never exposed before Mah Jongg; such an exposure is a dead hand',
  exposuresFitNoHand:
    "NMJL: a hand whose exposures fit no hand on the card is dead (judged at the exposing player's discard, as 003 rule 11 judges each rack); 000: the exposures made before the error stay and their jokers are still in play",
  jokerOfKillingExposure: '000 GAME PLAY: the jokers of exposures made before the error are still in play, not those of the exposure that made the hand dead',
} as const;

/** What a discard is called for. Only the first five are legal (NMJL). */
export type CallFor = 'pung' | 'kong' | 'quint' | 'sextet' | 'mah-jongg' | 'pair' | 'single';

const GROUP_SIZE: Partial<Record<CallFor, number>> = { pung: 3, kong: 4, quint: 5, sextet: 6 };

interface Base {
  /** ms since epoch */
  at: number;
  /** evidence reference (the hub's event sequence number) */
  ref: string;
  /**
   * players whose rack (inside or top) the hub could not hear at this action (a reader unplugged,
   * rebooting or silent). The turn order between them and the others is not judged from it (what
   * they did meanwhile was not seen): the turn follows the action, and what would have been a flag
   * is noted in `notSeen` for the director; their tile counts are not judged at it either
   */
  unheard?: readonly number[];
}

/**
 * A game-level action at a standard table; every tile is an id (`5B#3`).
 * - `deal`: each seat's tiles (East 14, the others 13; wrong counts are caught at East's first discard)
 *   and the tiles left in the wall (default {@link WALL_AFTER_DEAL}).
 * - `pass`: one Charleston pass; `tiles[p]` the tiles player p takes out of the rack, `blind[p]` how
 *   many of the tiles coming in are passed on unseen (first left and last right only).
 * - `second-charleston`: each player's wish; any one `false` stops it.
 * - `courtesy`: the optional across; `wishes[p]` 0-3; each pair across passes the smaller wish,
 *   the first tiles of `tiles[p]`.
 * - `pick`: a tile picked from the wall and racked. `discard`: a tile from the rack to the floor.
 * - `call`: every call made on the last discard (the referee picks the winner); `intoRack` when the
 *   caller put the tile into the rack instead of on top of it.
 * - `expose`: rack tiles laid with the called tile on top of the rack.
 * - `joker-exchange`: `player` gives `tile` from the rack for the joker `joker` of `owner`'s exposure `exposure` (index).
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

/** Thrown for an action that cannot happen at all (a seat out of range, a tile not held, a pass out of phase); names what and where. */
export class StandardActionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StandardActionError';
  }
}

/** Settings of one standard table. */
export interface StandardConfig {
  /** player names, index 0 is East */
  names: readonly string[];
  /** the cards the table plays */
  cards: readonly Card[];
  /** ids of flags the director dismissed */
  dismissed: ReadonlySet<string>;
  /** scoring numbers (default 000's); ignored when `settings` are given */
  profile?: Readonly<TournamentProfile>;
  /**
   * may the jokers of the exposure that made a hand dead (its exposures fit no hand on the card, or
   * a pair or singles exposed) be exchanged? Default false: 000 keeps in play the jokers of "any
   * exposure made before the error", which the killing exposure is not; an exchange against it is a
   * `bad-joker-exchange`. The jokers of the dead hand's earlier exposures stay in play either way.
   */
  killingExposureJokersInPlay?: boolean;
  /**
   * the event's scoring settings (rules/scoring/settings.ts): the scheme and numbers the game is
   * scored with, and whether a Mah Jongg completed by a joker exchange is self-picked
   * (`jokerExchangeSelfPicked`; default true, NMJL)
   */
  settings?: Readonly<ScoringSettings>;
  /** NMJL practice not in 000 (./misdeal.ts); omitted, every setting off (the rules above only) */
  practice?: Readonly<Partial<NmjlPractice>>;
}

export type FlagKind =
  | 'joker-passed'
  | 'tile-count'
  | 'picking-ahead'
  | 'out-of-turn'
  | 'discard-before-pick'
  | 'call-too-late'
  | 'illegal-call'
  | 'called-into-rack'
  | 'illegal-exposure'
  | 'joker-exchange-before-pick'
  | 'bad-joker-exchange'
  | 'mah-jongg-in-error'
  | 'exposed-pair-or-singles'
  | 'exposures-fit-no-hand'
  | 'misdeal';

/** A flag before it is raised: its code (the kind) with that code's params (rules/wording/flags.ts). */
type StandardDraft = Extract<CodedParams, { code: FlagKind }>;

/** A rule break the referee witnessed. Its tiles are kinds (the state's ids through `kindOf`). */
export interface StandardFlag {
  /** `g<game>-<kind>-<ref>` */
  id: string;
  kind: FlagKind;
  /** the catalogue's key for its words (rules/wording/flags.ts): the kind */
  code: FlagKind;
  seed: '000';
  /** what the title and consequence are built from (the catalogue's params for `code`) */
  params: FlagParams;
  /** one of {@link RULES} */
  rule: string;
  /** the catalogue's title for `code` and `params` */
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
  /** one of {@link RULES} */
  rule: string;
  player: number;
  tiles: TileKind[];
  /** in words, e.g. "Bea picked while it was Ann's turn; Ann's rack was not heard" */
  title: string;
  at: number;
  ref: string;
}

export interface StandardPlayer {
  /** concealed tiles, in the rack (ids) */
  rack: TileId[];
  /** exposures on top of the rack (ids, each group as laid) */
  exposures: TileId[][];
  /**
   * a called tile lying on top of the rack, not yet exposed; `pending` on a call for a pair or a
   * single: judged with what the caller lays next (refused if she lays nothing)
   */
  hold: { tile: TileId; for: CallFor; from: number; pending?: { ref: string; at: number } } | null;
  dead: boolean;
  deadReason: string | null;
  /** index in `exposures` of the exposure that made the hand dead (its jokers are not in play, 000) */
  killedBy?: number;
}

/** Charleston stages by index (rules/standard-game.ts CHARLESTON): their names in errors. */
const STAGE_NAME = CHARLESTON.map((c) => c.name);

export interface StandardState {
  gameNo: number;
  phase: 'waiting' | 'charleston' | 'play' | 'ended';
  /** Charleston stage (see STAGE_NAME) */
  stage: number;
  endReason: string | null;
  players: StandardPlayer[];
  /** whose turn, or null when the game is over */
  turn: number | null;
  /** what the turn player has done: nothing yet, picked, or called a discard */
  turnHas: 'nothing' | 'picked' | 'called';
  /** tiles left to pick */
  wallLeft: number;
  /** the last discard; `racked` once the next pick is racked (000) */
  lastDiscard: { tile: TileId; by: number; racked: boolean } | null;
  discards: TileId[];
  firstDiscardDone: boolean;
  /** the discarder of the tile called this turn, or null */
  calledFrom: number | null;
  /** the first Mah Jongg in error with players who exposed for it */
  error: { caller: number; exposedBy: number[] } | null;
  /**
   * the verified Mah Jongg, paid at `lineId` (the best line the tiles complete, until a line the
   * player announced is entered); `exposures`: on the winner's rack before the Mah Jongg call (0-4,
   * 000); `jokerExchange`: completed by a joker taken in an exchange this turn (the hand with the
   * tile given back for the joker completes no line); `lines`: every line the tiles complete, best first
   */
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
  /** the joker exchanges of the turn player this turn (the tiles given for jokers); cleared at a discard or call */
  exchanged?: { player: number; tiles: TileId[] } | null;
  wallGame: boolean;
  flags: StandardFlag[];
  /** what was not judged because a player's rack was not heard (see the actions' `unheard`), this game */
  notSeen: StandardNotSeen[];
  /**
   * players whose turn was passed over while their rack could not be heard (another played in
   * their turn: their hand declared dead by the director, perhaps): the turn passes them by, as a
   * dead hand's, until they play again
   */
  passedOver: number[];
  /** at the end: the scorer's input and the score */
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

/** The kinds of tiles (ids): what the card, the exposure judge and the titles read. */
const kinds = (tiles: readonly TileId[]): TileKind[] => tiles.map(kindOf);

function removeTiles(rack: TileId[], tiles: readonly TileId[], where: string): TileId[] {
  const out = [...rack];
  for (const t of tiles) {
    const i = out.indexOf(t);
    if (i < 0) throw new StandardActionError(`${where}: ${t} is not in the rack (${out.join(' ') || 'empty'})`);
    out.splice(i, 1);
  }
  return out;
}

/**
 * Creates the referee of one standard table.
 * @returns `apply(state, action)`: a new state (the old one untouched), the flags raised and whether a turn boundary happened
 * @throws StandardActionError from `apply` for an action that cannot happen (see {@link StandardActionError})
 */
export function standardReferee(config: StandardConfig) {
  const name = (p: number) => config.names[p] ?? `player ${p}`;
  const profile = config.profile ?? TOURNAMENT_000;

  function seat(p: unknown, what: string): number {
    if (typeof p !== 'number' || !Number.isInteger(p) || p < 0 || p >= SEATS) throw new StandardActionError(`${what}: seat must be 0-3, not ${String(p)}`);
    return p;
  }

  /** Raises a flag with its words from the catalogue (rules/wording/flags.ts); returns true when its consequence applies (not dismissed). */
  function raise(
    s: StandardState,
    raised: StandardFlag[],
    f: StandardDraft & { rule: string; player: number; tiles?: readonly TileId[]; exposures?: readonly TileId[][]; why?: string; ref: string; at: number },
  ): boolean {
    const id = `g${s.gameNo}-${f.code}-${f.ref}`;
    const dismissed = config.dismissed.has(id);
    const words = wordsOf(f, config.names, dismissed ? 'dismissed' : 'awaiting-director');
    const flag: StandardFlag = {
      id,
      kind: f.code,
      code: f.code,
      seed: '000',
      params: f.params as FlagParams,
      rule: f.rule,
      title: words.title,
      player: f.player,
      at: f.at,
      status: dismissed ? 'dismissed' : 'awaiting-director',
      consequence: words.consequence,
      tiles: kinds(f.tiles ?? []),
      ...(f.exposures ? { exposures: f.exposures.map(kinds) } : {}),
      ...(f.why ? { why: f.why } : {}),
    };
    s.flags = [...s.flags, flag];
    raised.push(flag);
    return !dismissed;
  }

  /** The next player in turn after `from`: alive, and not passed over (see {@link StandardState.passedOver}). */
  function nextAlive(s: StandardState, from: number): number | null {
    for (let i = 1; i <= SEATS; i++) {
      const q = (from + i) % SEATS;
      if (!s.players[q]!.dead && !s.passedOver.includes(q)) return q;
    }
    for (let i = 1; i <= SEATS; i++) {
      const q = (from + i) % SEATS;
      if (!s.players[q]!.dead) return q;
    }
    return null;
  }

  function end(s: StandardState, reason: string): void {
    s.phase = 'ended';
    s.endReason = reason;
    s.turn = null;
    const outcome = outcomeOf(s);
    s.result = { outcome, score: config.settings ? scoreWithSettings(outcome, config.settings) : scoreTournamentGame(outcome, profile) };
  }

  function outcomeOf(s: StandardState): TournamentOutcome {
    const dead = s.players.map((p, i) => (p.dead ? i : -1)).filter((i) => i >= 0);
    const base: TournamentOutcome = { winner: null, dead, names: config.names };
    const err = s.error && s.error.exposedBy.length > 0 ? { mahJonggInError: { caller: s.error.caller, exposedBy: s.error.exposedBy } } : {};
    if (s.winner) {
      const w = s.winner;
      return {
        ...base,
        ...err,
        winner: w.player,
        value: w.value,
        selfPicked: w.selfPicked,
        ...(w.jokerExchange ? { jokerExchange: true } : {}),
        jokerless: w.jokerless,
        singlesAndPairs: w.singlesAndPairs,
        discarder: w.discarder,
        winnerExposures: w.exposures,
      };
    }
    if (s.error && s.error.exposedBy.length >= 2) return { ...base, ...err };
    return { ...base, ...err, wallGame: true };
  }

  /** A player dies: a dead hand neither picks nor discards (NMJL). */
  function kill(s: StandardState, player: number, reason: string): void {
    const p = writable(s, player);
    if (p.dead) return;
    p.dead = true;
    p.deadReason = reason;
    if (s.players.every((q) => q.dead)) return end(s, EVERY_HAND_DEAD);
    if (s.turn === player) {
      // a dead player does not discard: the turn passes on
      s.turn = nextAlive(s, player);
      s.turnHas = 'nothing';
    }
  }

  /** NMJL: from East's first discard, 13 tiles off turn, 14 after picking or calling. */
  function checkCount(s: StandardState, raised: StandardFlag[], player: number, a: Base): void {
    if (!s.firstDiscardDone || s.phase !== 'play') return;
    const p = s.players[player]!;
    // once flagged (dismissed or not) a player's count is not flagged again this game; a rack
    // the hub could not hear is not counted
    if (a.unheard?.includes(player)) return;
    if (p.dead || s.flags.some((f) => f.kind === 'tile-count' && f.player === player)) return;
    const onTurn = s.turn === player && s.turnHas !== 'nothing';
    const want = onTurn ? HAND + 1 : HAND;
    const n = heldCount(p);
    if (n === want) return;
    const situation = onTurn ? 'after picking' : 'off turn';
    if (
      raise(s, raised, {
        code: 'tile-count',
        params: { p: player, n, want, situation },
        rule: RULES.tileCount,
        player,
        ref: `${a.ref}.${player}`,
        at: a.at,
      })
    )
      kill(s, player, `${n} tiles ${situation}`);
    if (config.practice?.twoHandsIntact && s.phase === 'play' && s.players.filter((q) => !q.dead).length < 2) end(s, `fewer than two hands intact (${FEWER_THAN_TWO_RULE})`);
  }

  /**
   * NMJL practice (./misdeal.ts), at East's first discard before it is made: a player with too many
   * tiles is a misdeal; the game ends with no score (re-dealt, not one of the round's games).
   * @returns true when the game ended so
   */
  function misdeal(s: StandardState, raised: StandardFlag[], a: Base): boolean {
    const over = overDealt(s.players.map(heldCount));
    if (over.length === 0) return false;
    const params = { players: over, counts: over.map((q) => heldCount(s.players[q]!)) };
    if (
      !raise(s, raised, {
        code: 'misdeal',
        params,
        rule: MISDEAL_RULE,
        player: over[0]!,
        ref: a.ref,
        at: a.at,
      })
    )
      return false;
    Object.assign(s, { phase: 'ended', endReason: misdealEndReason(params, config.names), turn: null, result: null });
    return true;
  }

  // ------------------------------------------------------------ Charleston

  function takeJokers(s: StandardState, raised: StandardFlag[], player: number, tiles: TileId[], a: Base, what: string): TileId[] {
    const joker = tiles.find((t) => kindOf(t) === 'J');
    if (!joker) return tiles;
    const ok = raise(s, raised, {
      code: 'joker-passed',
      params: { p: player, what },
      rule: RULES.jokerPassed,
      player,
      tiles: [joker],
      ref: `${a.ref}.${player}`,
      at: a.at,
    });
    return ok ? tiles.filter((t) => kindOf(t) !== 'J') : tiles;
  }

  function doPass(s: StandardState, raised: StandardFlag[], a: Extract<StandardAction, { type: 'pass' }>): void {
    const stage = s.stage;
    const offset = CHARLESTON[stage]!.offset;
    // the vote moves no tiles; the courtesy pass is its own action (0-3 tiles at the smaller wish)
    if (offset === 0 || stage === COURTESY_STAGE) throw new StandardActionError(`pass: the Charleston is at the ${STAGE_NAME[stage]}, not a pass`);
    if (a.tiles.length !== SEATS) throw new StandardActionError(`pass: give the tiles of all 4 players, not ${a.tiles.length}`);
    const blind = a.blind ?? [0, 0, 0, 0];
    const own: TileId[][] = [];
    for (let p = 0; p < SEATS; p++) {
      const b = blind[p] ?? 0;
      if (b > 0 && !CHARLESTON[stage]!.blind)
        throw new StandardActionError(`pass: ${name(p)} passed ${b} blind in the ${STAGE_NAME[stage]}; blind passes only on the first left and the last right (NMJL)`);
      const tiles = a.tiles[p]!;
      if (tiles.length + b !== 3) throw new StandardActionError(`pass: ${name(p)} passes ${tiles.length} + ${b} blind tiles in the ${STAGE_NAME[stage]}; a Charleston pass is 3 tiles (NMJL)`);
      removeTiles(s.players[p]!.rack, tiles, `pass of ${name(p)}`);
      own.push(takeJokers(s, raised, p, tiles, a, `${STAGE_NAME[stage]} pass`));
    }
    const from = (p: number) => (p - offset + SEATS) % SEATS;
    let out = own.map((t) => [...t]);
    for (let i = 0; i < SEATS; i++) out = out.map((_, p) => [...own[p]!, ...out[from(p)]!.slice(0, blind[p] ?? 0)]);
    for (let p = 0; p < SEATS; p++) {
      const incoming = out[from(p)]!;
      const kept = incoming.slice(Math.min(blind[p] ?? 0, incoming.length));
      writable(s, p).rack = [...removeTiles(s.players[p]!.rack, own[p]!, `pass of ${name(p)}`), ...kept];
    }
    s.stage = stage + 1;
  }

  function doCourtesy(s: StandardState, raised: StandardFlag[], a: Extract<StandardAction, { type: 'courtesy' }>): void {
    if (s.stage !== COURTESY_STAGE && s.stage !== VOTE_STAGE)
      throw new StandardActionError(`courtesy: the Charleston is at the ${STAGE_NAME[s.stage]}; the courtesy pass comes after the last Charleston`);
    const give: TileId[][] = [];
    for (let p = 0; p < SEATS; p++) {
      const mine = a.wishes[p] ?? 0;
      const theirs = a.wishes[(p + 2) % SEATS] ?? 0;
      if (!Number.isInteger(mine) || mine < 0 || mine > 3) throw new StandardActionError(`courtesy: ${name(p)} wishes ${mine} tiles; 0-3`);
      const n = Math.min(mine, theirs);
      const tiles = (a.tiles[p] ?? []).slice(0, n);
      if (tiles.length < n) throw new StandardActionError(`courtesy: ${name(p)} gives ${tiles.length} tiles; the pass across is ${n}`);
      removeTiles(s.players[p]!.rack, tiles, `courtesy of ${name(p)}`);
      give.push(takeJokers(s, raised, p, tiles, a, 'courtesy pass'));
    }
    for (let p = 0; p < SEATS; p++) {
      const me = writable(s, p);
      me.rack = [...removeTiles(me.rack, give[p]!, `courtesy of ${name(p)}`), ...give[(p + 2) % SEATS]!];
    }
    startPlay(s);
  }

  function startPlay(s: StandardState): void {
    s.phase = 'play';
    s.turn = 0;
    s.turnHas = 'picked'; // East holds 14 and discards first
  }

  // ------------------------------------------------------------ play

  /** Raises a flag whose consequence is `player`'s dead hand (its title the reason), and kills the hand unless dismissed. */
  function deadFor(s: StandardState, raised: StandardFlag[], f: StandardDraft, rule: string, player: number, a: Base, tiles: TileId[] = []): boolean {
    return raise(s, raised, { ...f, rule, player, tiles, ref: a.ref, at: a.at }) && (kill(s, player, wordsOf(f, config.names).title), true);
  }

  /**
   * An action out of the turn order that involves a rack the hub could not hear (the actor's, or
   * the rack of the player whose turn it was): not judged; noted for the director, and the turn
   * follows the action. @returns true when it was noted (the caller goes on as if in turn)
   */
  function unheardTurn(s: StandardState, a: Base & { player: number; tile: TileId }, rule: string, what: string): boolean {
    const turn = s.turn;
    const turnText = turn === null ? 'no one was on turn' : `it was ${name(turn)}'s turn`;
    const back = s.passedOver.indexOf(a.player);
    if (back >= 0) {
      // she plays again: her turn comes round as before
      s.passedOver = s.passedOver.filter((_, i) => i !== back);
      s.notSeen = [
        ...s.notSeen,
        {
          rule,
          player: a.player,
          tiles: [kindOf(a.tile)],
          title: `${name(a.player)} ${what} while ${turnText}, after her turn had been passed over while her rack could not be heard; whether it was in turn is not known`,
          at: a.at,
          ref: a.ref,
        },
      ];
      return true;
    }
    const involved = [a.player, ...(turn !== null && turn !== a.player ? [turn] : [])].filter((q) => a.unheard?.includes(q));
    if (involved.length === 0) return false;
    // the player on turn was passed over unseen (her hand declared dead by the director, perhaps):
    // her later turns are passed over too until she plays again
    if (turn !== null && turn !== a.player && a.unheard?.includes(turn) && !s.passedOver.includes(turn)) s.passedOver = [...s.passedOver, turn];
    s.notSeen = [
      ...s.notSeen,
      {
        rule,
        player: a.player,
        tiles: [kindOf(a.tile)],
        title: `${name(a.player)} ${what} while ${turnText}; ${involved.map((q) => `${name(q)}'s rack`).join(' and ')} could not be heard, so whether it was in turn is not known${turn !== null && s.passedOver.includes(turn) ? `; ${name(turn)}'s turns are passed over until she plays again` : ''}`,
        at: a.at,
        ref: a.ref,
      },
    ];
    return true;
  }

  function doPick(s: StandardState, raised: StandardFlag[], a: Extract<StandardAction, { type: 'pick' }>): void {
    const player = a.player;
    const p = writable(s, player);
    if (p.dead) return; // a dead hand does not pick
    if ((s.turn !== player || s.turnHas !== 'nothing') && unheardTurn(s, a, RULES.outOfTurn, 'picked')) {
      s.turn = player;
      s.turnHas = 'nothing';
    }
    if (s.turn !== player || s.turnHas !== 'nothing') {
      const ahead = s.turn !== null && s.turnHas !== 'nothing' && nextAlive(s, s.turn) === player;
      if (ahead) deadFor(s, raised, { code: 'picking-ahead', params: { p: player, onTurn: s.turn! } }, RULES.pickingAhead, player, a, [a.tile]);
      else deadFor(s, raised, { code: 'out-of-turn', params: { p: player, what: 'picked' } }, RULES.outOfTurn, player, a, [a.tile]);
      return; // the tile goes back to the wall
    }
    if (s.wallLeft <= 0) throw new StandardActionError(`pick: ${name(player)} picked but the wall is used up`);
    s.wallLeft -= 1;
    p.rack.push(a.tile);
    s.turnHas = 'picked';
    if (s.lastDiscard) s.lastDiscard = { ...s.lastDiscard, racked: true };
    checkCount(s, raised, player, a);
  }

  function doDiscard(s: StandardState, raised: StandardFlag[], a: Extract<StandardAction, { type: 'discard' }>): boolean {
    const player = a.player;
    const p = writable(s, player);
    if (p.dead) return false;
    if ((s.turn !== player || s.turnHas === 'nothing') && unheardTurn(s, a, s.turn !== player ? RULES.outOfTurn : RULES.discardBeforePick, 'discarded')) {
      s.turn = player;
      if (s.turnHas === 'nothing') s.turnHas = 'picked';
    }
    if (s.turn !== player) {
      deadFor(s, raised, { code: 'out-of-turn', params: { p: player, what: 'discarded' } }, RULES.outOfTurn, player, a, [a.tile]);
      return false;
    }
    if (s.turnHas === 'nothing') {
      deadFor(s, raised, { code: 'discard-before-pick', params: { p: player } }, RULES.discardBeforePick, player, a, [a.tile]);
      return false;
    }
    if (!s.firstDiscardDone && config.practice?.misdeal && misdeal(s, raised, a)) return false;
    const exposedThisTurn = s.turnHas === 'called' && !p.hold && p.exposures.length > 0;
    if (p.hold) {
      // an unexposed called tile goes into the rack before the discard
      p.rack.push(p.hold.tile);
      p.hold = null;
    }
    p.rack = removeTiles(p.rack, [a.tile], `discard of ${name(player)}`);
    s.discards = [...s.discards, a.tile];
    s.lastDiscard = { tile: a.tile, by: player, racked: false };
    s.firstDiscardDone = true;
    s.exchanged = null;
    s.turn = nextAlive(s, player);
    s.turnHas = 'nothing';
    for (let q = 0; q < SEATS; q++) checkCount(s, raised, q, a);
    if (exposedThisTurn) judgeRack(s, raised, player, a);
    return true;
  }

  /**
   * At the discard that ends the turn of an exposure, the exposures on the discarder's rack must
   * still fit a hand on the card ({@link judgeExposures}, as 003 rule 11 judges each Siamese rack);
   * none fits: the hand is dead. The discard stands (it may be called). The exposure just made is
   * the one that killed the hand (`killedBy`); the earlier ones were legally made and keep their
   * jokers in play (000). A rack the hub could not hear at the discard is not judged (noted).
   */
  function judgeRack(s: StandardState, raised: StandardFlag[], player: number, a: Base): void {
    const p = writable(s, player);
    if (p.dead) return;
    if (a.unheard?.includes(player)) {
      s.notSeen = [
        ...s.notSeen,
        {
          rule: RULES.exposuresFitNoHand,
          player,
          tiles: kinds(p.exposures.flat()),
          title: `${name(player)}'s exposures were not judged against the card: her rack could not be heard at her discard`,
          at: a.at,
          ref: a.ref,
        },
      ];
      return;
    }
    const j = judgeExposures(config.cards, p.exposures.map(kinds));
    if (j.line) return;
    const last = p.exposures.at(-1)!;
    if (
      raise(s, raised, {
        code: 'exposures-fit-no-hand',
        params: { p: player, exposures: p.exposures.map(kinds), why: j.why!, killing: config.killingExposureJokersInPlay ? null : kinds(last) },
        rule: RULES.exposuresFitNoHand,
        player,
        tiles: p.exposures.flat(),
        exposures: p.exposures,
        why: j.why!,
        ref: a.ref,
        at: a.at,
      })
    ) {
      p.killedBy = p.exposures.length - 1;
      kill(s, player, 'her exposures fit no hand on the card');
    }
  }

  function doCall(s: StandardState, raised: StandardFlag[], a: Extract<StandardAction, { type: 'call' }>): boolean {
    const ld = s.lastDiscard;
    const live = a.calls.filter((c) => !s.players[seat(c.player, 'call')]!.dead && (!ld || c.player !== ld.by));
    const proper = (c: { for: CallFor }) => c.for === 'mah-jongg' || GROUP_SIZE[c.for] !== undefined;
    const legal = live.filter((c) => {
      if (proper(c)) return true;
      // a lone call for a pair or a single takes the tile: what the caller lays with it is judged (doExpose)
      if (!live.some(proper)) return true;
      raise(s, raised, {
        code: 'illegal-call',
        params: { p: c.player, for: c.for },
        rule: RULES.illegalCall,
        player: c.player,
        ref: `${a.ref}.${c.player}`,
        at: a.at,
        tiles: ld ? [ld.tile] : [],
      });
      return false;
    });
    if (legal.length === 0) return false;
    if (!ld || ld.racked) {
      for (const c of legal)
        raise(s, raised, {
          code: 'call-too-late',
          params: { p: c.player },
          rule: RULES.callTooLate,
          player: c.player,
          ref: `${a.ref}.${c.player}`,
          at: a.at,
          tiles: ld ? [ld.tile] : [],
        });
      return false;
    }
    // NMJL: Mah Jongg beats an exposure; otherwise the next in turn from the discarder
    const dist = (p: number) => (p - ld.by + SEATS) % SEATS;
    const win = [...legal].sort((x, y) => Number(y.for === 'mah-jongg') - Number(x.for === 'mah-jongg') || dist(x.player) - dist(y.player))[0]!;
    const p = writable(s, win.player);
    s.lastDiscard = null;
    s.discards = s.discards.slice(0, -1);
    s.turn = win.player;
    s.turnHas = 'called';
    s.calledFrom = ld.by;
    s.exchanged = null;
    if (win.intoRack) {
      p.rack.push(ld.tile);
      if (deadFor(s, raised, { code: 'called-into-rack', params: { p: win.player, tile: kindOf(ld.tile) } }, RULES.calledIntoRack, win.player, a, [ld.tile])) return true;
      p.rack.pop();
    }
    p.hold = { tile: ld.tile, for: win.for, from: ld.by, ...(proper(win) ? {} : { pending: { ref: a.ref, at: a.at } }) };
    return true;
  }

  /**
   * A call for a pair or a single (NMJL: never a call) with nothing laid by the next action: refused
   * then, as of the call (its ref and time); the tile is back on the floor and the turn goes on
   * after the discarder. An `expose` by the caller is judged instead (doExpose).
   */
  function refuseOddCall(s: StandardState, raised: StandardFlag[], a: StandardAction): void {
    for (const [q, before] of s.players.entries()) {
      const h = before.hold;
      if (!h?.pending || before.dead || (a.type === 'expose' && a.player === q)) continue;
      const p = writable(s, q);
      const { pending, ...held } = h;
      p.hold = held;
      if (
        !raise(s, raised, {
          code: 'illegal-call',
          params: { p: q, for: h.for },
          rule: RULES.illegalCall,
          player: q,
          ref: `${pending.ref}.${q}`,
          at: pending.at,
          tiles: [h.tile],
        })
      )
        continue;
      p.hold = null;
      s.discards = [...s.discards, h.tile];
      s.lastDiscard = { tile: h.tile, by: h.from, racked: false };
      s.calledFrom = null;
      s.turn = nextAlive(s, h.from);
      s.turnHas = 'nothing';
    }
  }

  function doExpose(s: StandardState, raised: StandardFlag[], a: Extract<StandardAction, { type: 'expose' }>): void {
    const player = a.player;
    const p = writable(s, player);
    if (p.dead) return;
    const rest = removeTiles(p.rack, a.tiles, `exposure of ${name(player)}`);
    const hold = p.hold;
    const group = hold ? [hold.tile, ...a.tiles] : [...a.tiles];
    const forbidden = hold && hold.for !== 'mah-jongg' ? forbiddenExposure(kinds(group), config.cards) : null;
    if (hold && forbidden) {
      p.hold = null;
      if (
        !raise(s, raised, {
          code: 'exposed-pair-or-singles',
          params: { p: player, what: forbidden, group: kinds(group) },
          rule: RULES.exposedPairOrSingles,
          player,
          tiles: group,
          exposures: [group],
          ref: a.ref,
          at: a.at,
        })
      ) {
        p.rack.push(hold.tile); // dismissed: no exposure was made; the called tile counts as in the rack
        return;
      }
      p.rack = rest;
      p.exposures.push(group);
      p.killedBy = p.exposures.length - 1;
      kill(s, player, wordsOf({ code: 'exposed-pair-or-singles', params: { p: player, what: forbidden, group: kinds(group) } }, config.names).title);
      return;
    }
    const size = hold ? (hold.for === 'mah-jongg' ? group.length : GROUP_SIZE[hold.for]) : undefined;
    const ok =
      hold !== null &&
      s.turn === player &&
      group.length === size &&
      group.length >= (hold.for === 'mah-jongg' ? 2 : 3) &&
      group.every((t) => kindOf(t) === kindOf(hold.tile) || (kindOf(t) === 'J' && group.length >= 3));
    if (!ok) {
      const params = hold ? { p: player, group: kinds(group), for: hold.for, tile: kindOf(hold.tile) } : { p: player };
      deadFor(s, raised, { code: 'illegal-exposure', params }, RULES.illegalExposure, player, a, group);
      return;
    }
    p.rack = rest;
    p.exposures.push(group);
    p.hold = null;
  }

  function doJokerExchange(s: StandardState, raised: StandardFlag[], a: Extract<StandardAction, { type: 'joker-exchange' }>): void {
    const player = a.player;
    const owner = seat(a.owner, 'joker exchange owner');
    const p = writable(s, player);
    if (p.dead) return;
    if (s.turn !== player) {
      deadFor(s, raised, { code: 'out-of-turn', params: { p: player, what: 'exchanged' } }, RULES.outOfTurn, player, a, [a.tile]);
      return;
    }
    if (s.turnHas === 'nothing') {
      deadFor(s, raised, { code: 'joker-exchange-before-pick', params: { p: player } }, RULES.jokerExchangeBeforePick, player, a, [a.tile]);
      return;
    }
    const exp = writable(s, owner).exposures[a.exposure];
    const laid = exp && kinds(exp);
    const natural = laid?.find((t) => t !== 'J');
    const given = kindOf(a.tile);
    const killing = !config.killingExposureJokersInPlay && s.players[owner]!.dead && s.players[owner]!.killedBy === a.exposure;
    const why: BadExchange | null =
      !exp || !laid
        ? 'no-exposure'
        : !laid.includes('J')
          ? 'no-joker'
          : natural !== given
            ? 'stands-for'
            : !p.rack.includes(a.tile)
              ? 'not-held'
              : !exp.includes(a.joker)
                ? 'joker-not-in-exposure'
                : null;
    const bad: BadExchange | null = killing && laid ? 'killing' : why;
    if (bad) {
      raise(s, raised, {
        code: 'bad-joker-exchange',
        params: {
          p: player,
          owner,
          exposure: a.exposure,
          bad,
          ...(laid ? { group: laid } : {}),
          ...(natural ? { natural } : {}),
          tile: given,
          ...(bad === 'joker-not-in-exposure' ? { joker: a.joker } : {}),
        },
        rule: killing && laid ? RULES.jokerOfKillingExposure : RULES.badJokerExchange,
        player,
        tiles: [a.tile],
        ref: a.ref,
        at: a.at,
      });
      return;
    }
    p.rack = removeTiles(p.rack, [a.tile], 'joker exchange');
    p.rack.push(a.joker);
    exp!.splice(exp!.indexOf(a.joker), 1, a.tile);
    s.exchanged = s.exchanged?.player === player ? { player, tiles: [...s.exchanged.tiles, a.tile] } : { player, tiles: [a.tile] };
  }

  /**
   * The exposures on a winner's rack before the Mah Jongg call (000: the discarder pays −10 to "none
   * or one exposure on their rack", −20 to "two or more"): 0-4. The tile called for Mah Jongg and
   * the group laid with it are not one of them: a called tile still held on top of the rack is not
   * an exposure yet, and a group exposed with the tile called this turn is the last exposure (a
   * called tile makes one exposure at most). A self-picked Mah Jongg counts every exposure.
   */
  function exposuresBeforeCall(s: StandardState, p: StandardPlayer): number {
    const calledGroup = s.turnHas === 'called' && p.hold === null && p.exposures.length > 0 ? 1 : 0;
    return p.exposures.length - calledGroup;
  }

  /**
   * Whether a joker exchange completed `player`'s Mah Jongg: they exchanged this turn, and the hand
   * with each tile they gave back in place of a joker of the rack completes no line of the card.
   */
  function completedByExchange(s: StandardState, player: number, concealed: readonly TileKind[], exposures: readonly TileKind[][]): boolean {
    const ex = s.exchanged;
    if (!ex || ex.player !== player) return false;
    const before = [...concealed];
    for (const t of ex.tiles) {
      const j = before.indexOf('J');
      if (j < 0) return false;
      before[j] = kindOf(t);
    }
    return matchHand(config.cards, { concealed: before, exposures: [...exposures], exposedBeforeMahJongg: exposures.length > 0 }).length === 0;
  }

  function doMahJongg(s: StandardState, raised: StandardFlag[], a: Extract<StandardAction, { type: 'mah-jongg' }>): void {
    const player = a.player;
    const p = writable(s, player);
    if (p.dead) return;
    const held = p.hold ? [...p.rack, p.hold.tile] : p.rack;
    const concealed = kinds(held);
    const exposures = p.exposures.map(kinds);
    const onTurn = s.turn === player && s.turnHas !== 'nothing';
    const matches = onTurn ? matchHand(config.cards, { concealed, exposures, exposedBeforeMahJongg: p.exposures.length > 0 }) : [];
    if (matches.length > 0) {
      const sorted = [...matches].sort((x, y) => y.value - x.value || Number(y.jokerless) - Number(x.jokerless));
      const best = sorted[0]!;
      const called = s.turnHas === 'called' ? s.calledFrom : null;
      const jokerExchange = called === null && completedByExchange(s, player, concealed, exposures);
      s.winner = {
        player,
        lineId: best.line.id,
        value: best.value,
        jokerless: best.jokerless,
        singlesAndPairs: best.line.singlesAndPairs,
        selfPicked: called === null && (!jokerExchange || (config.settings?.jokerExchangeSelfPicked ?? true)),
        discarder: called,
        exposures: exposuresBeforeCall(s, p),
        ...(jokerExchange ? { jokerExchange } : {}),
        lines: sorted.map((m) => ({ lineId: m.line.id, value: m.value, jokerless: m.jokerless, singlesAndPairs: m.line.singlesAndPairs })),
      };
      return end(s, `${name(player)} declared Mah Jongg: ${best.line.text}`);
    }
    const exposedBy = (a.exposedBy ?? []).map((q) => seat(q, 'exposedBy')).filter((q) => q !== player && !s.players[q]!.dead);
    const concealedHand = p.exposures.length === 0;
    if (
      !raise(s, raised, {
        code: 'mah-jongg-in-error',
        params: { p: player, concealed: concealedHand, exposedBy },
        rule: RULES.mahJonggInError,
        player,
        tiles: [...held, ...p.exposures.flat()],
        ref: a.ref,
        at: a.at,
      })
    )
      return;
    if (p.hold) {
      // the called tile goes back to the floor; play resumes after the discarder
      const from = p.hold.from;
      s.discards = [...s.discards, p.hold.tile];
      s.lastDiscard = { tile: p.hold.tile, by: from, racked: false };
      p.hold = null;
      p.dead = true;
      p.deadReason = 'Mah Jongg in error';
      s.turn = nextAlive(s, from);
      s.turnHas = 'nothing';
    } else kill(s, player, 'Mah Jongg in error');
    if (!s.error && exposedBy.length > 0) s.error = { caller: player, exposedBy };
    for (const q of exposedBy) kill(s, q, `exposed the hand for ${name(player)}'s Mah Jongg in error`);
    if (s.phase === 'ended') return;
    // 000: two or more hands intact, play goes on; else the game ends
    if (exposedBy.length >= 2) end(s, `${name(player)}'s Mah Jongg in error: ${exposedBy.length} players exposed`);
  }

  /** Players copied by the action being applied (see {@link writable}). */
  let owned = new Set<StandardPlayer>();

  /**
   * Player `i` of `s` to change in this action: a copy of the player (its rack and exposures
   * copied), made at the first change and put in `s.players`; later calls in the same action get
   * the same copy. The other players stay shared with the state before.
   */
  function writable(s: StandardState, i: number): StandardPlayer {
    const p = s.players[i]!;
    if (owned.has(p)) return p;
    const copy: StandardPlayer = { ...p, rack: [...p.rack], exposures: p.exposures.map((g) => [...g]), hold: p.hold && { ...p.hold } };
    owned.add(copy);
    s.players[i] = copy;
    return copy;
  }

  function apply(prev: StandardState, a: StandardAction): StandardResult {
    // a new state sharing every list with `prev` (a change makes a new list, a changed player is
    // copied by `writable`): an action costs what it changes, not a copy of the whole game
    const s: StandardState = { ...prev, players: [...prev.players] };
    owned = new Set();
    const raised: StandardFlag[] = [];
    let boundary = false;
    if ('player' in a) seat(a.player, a.type);
    for (const k of tilesOf(a)) if (typeof k !== 'string' || !isTileId(k)) throw new StandardActionError(`${a.type} (ref ${a.ref}): "${String(k)}" is not a tile id such as 5B#3`);

    if (a.type === 'deal') {
      if (a.hands.length !== SEATS) throw new StandardActionError(`deal: 4 hands, not ${a.hands.length}`);
      const twice = a.hands.flat().find((t, i, all) => all.indexOf(t) !== i);
      if (twice) throw new StandardActionError(`deal (ref ${a.ref}): ${twice} is dealt twice`);
      Object.assign(s, initialStandardState(), {
        gameNo: prev.gameNo + 1,
        phase: 'charleston',
        stage: 0,
        wallLeft: a.wallSize ?? WALL_AFTER_DEAL,
        players: a.hands.map((h) => ({ rack: [...h], exposures: [], hold: null, dead: false, deadReason: null })),
      });
      return { state: s, flags: raised, boundary };
    }
    if (s.phase === 'waiting' || s.phase === 'ended') throw new StandardActionError(`${a.type} (ref ${a.ref}): no game is in play (${s.phase})`);
    if (a.type === 'pick' && !s.firstDiscardDone && config.practice?.shortTakesNextTile && oneShort(a.player, heldCount(s.players[a.player]!)) && s.wallLeft > 0) {
      // NMJL practice (./misdeal.ts): one short before East's first discard takes the next wall tile, not flagged
      writable(s, a.player).rack.push(a.tile);
      s.wallLeft -= 1;
      return { state: s, flags: raised, boundary };
    }
    if (s.phase === 'charleston') {
      if (a.type === 'pass') doPass(s, raised, a);
      else if (a.type === 'second-charleston') {
        if (s.stage !== VOTE_STAGE) throw new StandardActionError(`second-charleston: the Charleston is at the ${STAGE_NAME[s.stage]}`);
        s.stage = a.wants.length === SEATS && a.wants.every(Boolean) ? VOTE_STAGE + 1 : COURTESY_STAGE;
      } else if (a.type === 'courtesy') doCourtesy(s, raised, a);
      else if (a.type === 'discard' && (s.stage === VOTE_STAGE || s.stage === COURTESY_STAGE)) {
        // no second Charleston, no courtesy pass: East's discard starts play
        startPlay(s);
        boundary = doDiscard(s, raised, a);
      } else throw new StandardActionError(`${a.type} (ref ${a.ref}): the Charleston is at the ${STAGE_NAME[s.stage]} (000: the first Charleston is required)`);
      return { state: s, flags: raised, boundary };
    }
    refuseOddCall(s, raised, a);
    switch (a.type) {
      case 'pick':
        doPick(s, raised, a);
        break;
      case 'discard':
        boundary = doDiscard(s, raised, a);
        break;
      case 'call':
        boundary = doCall(s, raised, a);
        break;
      case 'expose':
        doExpose(s, raised, a);
        break;
      case 'joker-exchange':
        doJokerExchange(s, raised, a);
        break;
      case 'mah-jongg':
        doMahJongg(s, raised, a);
        break;
      case 'wall-game':
        if (s.wallLeft > 0 || s.turnHas !== 'nothing') throw new StandardActionError(`wall-game (ref ${a.ref}): ${s.wallLeft} tiles are left to pick`);
        s.wallGame = true;
        end(s, 'wall game: the wall is used up');
        break;
      default:
        throw new StandardActionError(`${a.type} (ref ${a.ref}): not during play`);
    }
    return { state: s, flags: raised, boundary };
  }

  return { apply, outcomeOf };
}

/** Every tile an action names (checked to be ids). */
function tilesOf(a: StandardAction): unknown[] {
  switch (a.type) {
    case 'deal':
      return a.hands.flat();
    case 'pass':
    case 'courtesy':
      return a.tiles.flat();
    case 'pick':
    case 'discard':
      return [a.tile];
    case 'joker-exchange':
      return [a.joker, a.tile];
    case 'expose':
      return a.tiles;
    default:
      return [];
  }
}

/** The referee's interface. */
export type StandardReferee = ReturnType<typeof standardReferee>;
