/**
 * The 4-player table's own handlers (NMJL, as 000 plays it), run by the one engine
 * (rules/game/apply.ts `createEngine(STANDARD, config)`) on {@link GameState}: the deal, the
 * Charleston (passes, the vote, the courtesy across), picks, discards, calls, exposures, joker
 * exchanges, Mah Jongg, the wall game and the counts. They share the engine's core steps: one
 * tile map (`where`), the engine's `raise` (a flag's words from the catalogue, its consequence
 * unless dismissed) and its state copy per action.
 *
 * Where a 4-player tile is (one rack per seat, index 0): concealed tiles inside the rack; the
 * exposures and a called tile not yet exposed (`Rack.hold`) on the rack's top; discards on the
 * floor. The walls are counted as one: wall 0 holds the tiles left to pick; wall 1 the rest of the
 * set that the deal left out of play (a scripted deal with a short wall, `walls`). A pick of a tile
 * not in wall 0 (a scripted id) takes one tile of wall 0 out of play with it, so wall 0 always
 * counts what is left to pick. The turn: `GameState.turn`, and what the player on turn did is her
 * seat's `picks` (picked) and `called` (called a discard; `calledTile.from` its discarder).
 *
 * The rules each handler implements, and their sources (NMJL, 000, NMJL practice), are those of
 * {@link RULES}; see rules/RULES.md.
 */
import { type AnyFlagDraft, ActionError, type EngineCore, type VariantPlay } from '../../game/apply.js';
import type { Action, ActionOf, CallFor } from '../../game/actions.js';
import type { GameFlag } from '../../game/flags.js';
import { bestFirst, mahJonggRecord } from '../../game/mah-jongg.js';
import { samePlace, type Place } from '../../game/places.js';
import { initialGameState, withOwnRulings, type GameState, type MahJongg, type Rack } from '../../game/state.js';
import { matchHand } from '../../match.js';
import { forbiddenExposure, judgeExposures } from './exposure-judge.js';
import { FEWER_THAN_TWO_RULE, fewerThanTwoIntact, MISDEAL_RULE, oneShort, overDealt } from './misdeal.js';
import { scoreWithSettings } from '../../scoring/settings.js';
import { scoreTournamentGame, TOURNAMENT_000, type TournamentOutcome } from '../../scoring/tournament.js';
import { CHARLESTON, COURTESY_STAGE, HAND, SEATS, VOTE_STAGE } from '../../standard-game.js';
import { fullTileSet, isTileId, kindOf, type TileId, type TileKind } from '../../tiles.js';
import { EVERY_HAND_DEAD, misdealEndReason, THREE_HANDS_DEAD_REPLAYED, wordsOf, type BadExchange, type CodedParams } from '../../wording/flags.js';
import { EntryError, standardEntries, withLookedAt } from './entries.js';

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
  blindPass: 'NMJL: blind passes only on the first left and the last right',
  rackCount: 'NMJL: 13 tiles off turn, 14 after picking (counted by the rack readers)',
} as const;

/** The flag codes the 4-player table raises. */
export type StandardFlagCode =
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
  | 'misdeal'
  | 'blind-pass'
  | 'rack-count';

/** A flag before it is raised: its code (the kind) with that code's params (rules/wording/flags.ts). */
type StandardDraft = Extract<CodedParams, { code: StandardFlagCode }>;

/** What the player on turn has done this turn (000: no picking ahead, a pick before a discard). */
export type TurnHas = 'nothing' | 'picked' | 'called';

const GROUP_SIZE: Partial<Record<CallFor, number>> = { pung: 3, kong: 4, quint: 5, sextet: 6 };

/** Charleston stages by index (rules/standard-game.ts CHARLESTON): their names in errors. */
const STAGE_NAME = CHARLESTON.map((c) => c.name);

/** Where the tiles left to pick are (wall 0; see the module's doc). */
export const PICK_WALL: Extract<Place, { area: 'wall' }> = { area: 'wall', wall: 0 };
/** Where the tiles a deal left out of play are (wall 1; not counted as left to pick). */
export const OUT_OF_PLAY: Place = { area: 'wall', wall: 1 };
const FLOOR: Place = { area: 'floor' };
const inside = (player: number): Place => ({ area: 'rack', player, rack: 0 });
const top = (player: number): Place => ({ area: 'top', player, rack: 0 });

/** The shape of a 4-player state: 4 seats of one rack (000). */
export const STANDARD_SHAPE = { variant: 'standard', seats: SEATS, racksPerSeat: 1 } as const;

/** What the player on turn did this turn, from her seat (`picks`, `called`). */
export function turnHasOf(s: GameState): TurnHas {
  if (s.turn === null) return 'nothing';
  const seat = s.seats[s.turn]!;
  return seat.called ? 'called' : seat.picks > 0 ? 'picked' : 'nothing';
}

/** Concealed tiles inside `player`'s rack (ids, in the order first placed). */
export function concealedOf(s: GameState, player: number): TileId[] {
  return s.where.tilesIn(inside(player));
}

/** The exposures on the top of `player`'s rack, each group as laid (ids; a called tile not yet exposed is not one). */
export function exposuresOf(s: GameState, player: number): readonly (readonly TileId[])[] {
  return (s.seats[player]?.racks[0]?.exposures ?? []).map((e) => e.tiles);
}

/** Whether `player`'s hand is dead (000: she picks and discards no more, and scores 0). */
export function isDead(s: GameState, player: number): boolean {
  return s.seats[player]?.racks[0]?.dead ?? false;
}

/** Tiles left to pick (tiles). */
export function wallLeftOf(s: GameState): number {
  return s.where.countIn(PICK_WALL);
}

/**
 * The game's Mah Jongg (000: the one that ends a 4-player game), with the seat that declared it; null
 * before one is verified.
 */
export function winnerOf(s: GameState): { player: number; mahJongg: MahJongg } | null {
  const player = s.seats.findIndex((p) => p.racks[0]!.mahJongg !== null);
  return player < 0 ? null : { player, mahJongg: s.seats[player]!.racks[0]!.mahJongg! };
}

/** The name of an action in messages, as the 4-player table has always named it (`second-charleston`, `joker-exchange`, else its type). */
export function said(a: Pick<Action, 'type'>): string {
  return a.type === 'charleston-vote' ? 'second-charleston' : a.type === 'exchange' ? 'joker-exchange' : a.type;
}

/** Every tile an action names (checked to be ids). */
function tilesOf(a: Action): unknown[] {
  switch (a.type) {
    case 'deal':
      return a.hands.flat(2);
    case 'pass':
    case 'courtesy':
      return a.tiles.flat();
    case 'pick':
    case 'discard':
      return [a.tile];
    case 'exchange':
      return [a.joker, a.given];
    case 'expose':
      return a.tiles;
    default:
      return [];
  }
}

/**
 * The 4-player handlers on the engine's core (rules/variants/types.ts `play`).
 * @throws ActionError from the handler for an action that cannot happen (a seat out of range, a
 *   tile not held or not an id, a pass out of phase, a pick from a used-up wall)
 */
export function standardPlay(core: EngineCore): VariantPlay {
  const { config, name } = core;
  const profile = config.profile ?? TOURNAMENT_000;

  function seat(p: unknown, what: string): number {
    if (typeof p !== 'number' || !Number.isInteger(p) || p < 0 || p >= SEATS) throw new ActionError(`${what}: seat must be 0-3, not ${String(p)}`);
    return p;
  }

  const rackOf = (s: GameState, p: number): Rack => s.seats[p]!.racks[0]!;
  const isDead = (s: GameState, p: number): boolean => rackOf(s, p).dead;

  function removeTiles(rack: readonly TileId[], tiles: readonly TileId[], where: string): TileId[] {
    const out = [...rack];
    for (const t of tiles) {
      const i = out.indexOf(t);
      if (i < 0) throw new ActionError(`${where}: ${t} is not in the rack (${out.join(' ') || 'empty'})`);
      out.splice(i, 1);
    }
    return out;
  }

  function move(s: GameState, tile: TileId, to: Place): void {
    s.where = s.where.with(tile, to);
  }

  /** A tile picked into `player`'s rack: from wall 0, or (a tile not there) with one tile of wall 0 taken out of play. */
  function pickTile(s: GameState, player: number, tile: TileId): void {
    const from = s.where.get(tile);
    if (!(from?.area === 'wall' && from.wall === 0)) {
      const other = s.where.tilesIn(PICK_WALL).at(-1);
      if (other !== undefined) move(s, other, OUT_OF_PLAY);
    }
    move(s, tile, inside(player));
  }

  /** The player on turn and what she did: her seat's turn record is set, the others' cleared. */
  function setTurn(s: GameState, player: number | null, has: TurnHas, calledFrom: { tile: TileId; from: number } | null = null): void {
    s.turn = player;
    for (const [q, seatQ] of s.seats.entries()) {
      const on = q === player;
      seatQ.picks = on && has === 'picked' ? 1 : 0;
      seatQ.called = on && has === 'called';
      seatQ.calledTile = on && has === 'called' ? calledFrom : null;
    }
  }

  function raise(
    s: GameState,
    raised: GameFlag[],
    f: StandardDraft & { rule: string; player: number; tiles?: readonly TileId[]; exposures?: readonly TileId[][]; why?: string; ref: string; at: number },
  ): boolean {
    const draft = { ...f, rack: 0, tiles: [...(f.tiles ?? [])], ...(f.exposures ? { exposures: f.exposures.map((e) => [...e]) } : {}) } as AnyFlagDraft;
    return core.raise(s, raised, draft);
  }

  /** The next player in turn after `from`: alive, and not passed over (`GameState.passedOver`). */
  function nextAlive(s: GameState, from: number): number | null {
    for (let i = 1; i <= SEATS; i++) {
      const q = (from + i) % SEATS;
      if (!isDead(s, q) && !s.passedOver.includes(q)) return q;
    }
    for (let i = 1; i <= SEATS; i++) {
      const q = (from + i) % SEATS;
      if (!isDead(s, q)) return q;
    }
    return null;
  }

  /** The score of an outcome: the table's settings, else the profile (000 by default). @throws ScoringError for an impossible outcome */
  const scored = (outcome: TournamentOutcome) => (config.settings ? scoreWithSettings(outcome, config.settings) : scoreTournamentGame(outcome, profile));

  /** The game ends: scored with the looks at a stolen tile entered (000: −10 each). */
  function end(s: GameState, reason: string): void {
    s.phase = 'ended';
    s.endReason = reason;
    s.turn = null;
    const outcome = withLookedAt(outcomeOf(s), s.entries.lookedAt);
    s.result = { outcome, score: scored(outcome) };
  }

  const outcomeOf = (s: GameState): TournamentOutcome => standardOutcome(s, config.names);

  function markDead(s: GameState, player: number, reason: string): void {
    const r = rackOf(s, player);
    r.dead = true;
    r.deadReason = reason;
    const p = s.seats[player]!;
    p.dead = true;
    p.deadReason = reason;
  }

  /** A player dies: a dead hand neither picks nor discards (NMJL). */
  function kill(s: GameState, player: number, reason: string): void {
    if (isDead(s, player)) return;
    markDead(s, player, reason);
    if (s.seats.every((_, q) => isDead(s, q))) {
      end(s, EVERY_HAND_DEAD);
      return;
    }
    if (s.turn === player) setTurn(s, nextAlive(s, player), 'nothing'); // a dead player does not discard: the turn passes on
  }

  /** NMJL: from East's first discard, 13 tiles off turn, 14 after picking or calling. */
  function checkCount(s: GameState, raised: GameFlag[], player: number, a: Action): void {
    if (!s.firstDiscardDone || s.phase !== 'play') return;
    // once flagged (dismissed or not) a player's count is not flagged again this game; a rack
    // the hub could not hear is not counted
    if (a.hearing?.players.includes(player)) return;
    if (isDead(s, player) || s.flags.some((f) => f.code === 'tile-count' && f.player === player)) return;
    const onTurn = s.turn === player && turnHasOf(s) !== 'nothing';
    const want = onTurn ? HAND + 1 : HAND;
    const n = s.where.heldBy(player);
    if (n === want) return;
    const situation = onTurn ? 'after picking' : 'off turn';
    if (raise(s, raised, { code: 'tile-count', params: { p: player, n, want, situation }, rule: RULES.tileCount, player, ref: `${a.ref}.${player}`, at: a.at }))
      kill(s, player, `${n} tiles ${situation}`);
    replayIfFewerThanTwo(s);
    if (config.practice?.twoHandsIntact && s.phase === 'play' && s.seats.filter((_, q) => !isDead(s, q)).length < 2) end(s, `fewer than two hands intact (${FEWER_THAN_TWO_RULE})`);
  }

  /**
   * NMJL practice (rules/variants/standard/misdeal.ts `replayFewerThanTwoIntact`): a game in play
   * with fewer than two hands intact is over and replayed: no score (`result` null, as a misdeal);
   * the flags that killed the hands stay with the director, and a dismissal that brings a hand back
   * re-folds the game without the replay.
   */
  function replayIfFewerThanTwo(s: GameState): void {
    if (!config.practice?.replayFewerThanTwoIntact || s.phase !== 'play' || !fewerThanTwoIntact(s.seats.map((_, q) => isDead(s, q)))) return;
    Object.assign(s, { phase: 'ended', endReason: THREE_HANDS_DEAD_REPLAYED, turn: null, result: null });
  }

  /**
   * NMJL practice (rules/variants/standard/misdeal.ts), at East's first discard before it is made: a player
   * with too many tiles is a misdeal; the game ends with no score. @returns true when it ended so
   */
  function misdeal(s: GameState, raised: GameFlag[], a: Action): boolean {
    const held = s.seats.map((_, q) => s.where.heldBy(q));
    const over = overDealt(held);
    if (over.length === 0) return false;
    const params = { players: over, counts: over.map((q) => held[q]!) };
    if (!raise(s, raised, { code: 'misdeal', params, rule: MISDEAL_RULE, player: over[0]!, ref: a.ref, at: a.at })) return false;
    Object.assign(s, { phase: 'ended', endReason: misdealEndReason(params, config.names), turn: null, result: null, misdeal: true });
    return true;
  }

  // ------------------------------------------------------------ Charleston

  function takeJokers(s: GameState, raised: GameFlag[], player: number, tiles: TileId[], a: Action, what: string): TileId[] {
    const joker = tiles.find((t) => kindOf(t) === 'J');
    if (!joker) return tiles;
    const ok = raise(s, raised, { code: 'joker-passed', params: { p: player, what }, rule: RULES.jokerPassed, player, tiles: [joker], ref: `${a.ref}.${player}`, at: a.at });
    return ok ? tiles.filter((t) => kindOf(t) !== 'J') : tiles;
  }

  /** Each player's rack becomes `racks[p]` (the tiles that come in are moved to it). */
  function setRacks(s: GameState, racks: readonly TileId[][]): void {
    for (const [p, tiles] of racks.entries())
      for (const t of tiles) {
        const at = s.where.get(t);
        if (!at || !samePlace(at, inside(p))) move(s, t, inside(p));
      }
  }

  function doPass(s: GameState, raised: GameFlag[], a: ActionOf<'pass'>): void {
    const stage = s.stage;
    const offset = CHARLESTON[stage]!.offset;
    // the vote moves no tiles; the courtesy pass is its own action (0-3 tiles at the smaller wish)
    if (offset === 0 || stage === COURTESY_STAGE) throw new ActionError(`pass: the Charleston is at the ${STAGE_NAME[stage]}, not a pass`);
    if (a.tiles.length !== SEATS) throw new ActionError(`pass: give the tiles of all 4 players, not ${a.tiles.length}`);
    const blind = a.blind ?? [0, 0, 0, 0];
    const own: TileId[][] = [];
    for (let p = 0; p < SEATS; p++) {
      const b = blind[p] ?? 0;
      if (b > 0 && !CHARLESTON[stage]!.blind)
        throw new ActionError(`pass: ${name(p)} passed ${b} blind in the ${STAGE_NAME[stage]}; blind passes only on the first left and the last right (NMJL)`);
      const tiles = a.tiles[p]!;
      if (tiles.length + b !== 3) throw new ActionError(`pass: ${name(p)} passes ${tiles.length} + ${b} blind tiles in the ${STAGE_NAME[stage]}; a Charleston pass is 3 tiles (NMJL)`);
      removeTiles(concealedOf(s, p), tiles, `pass of ${name(p)}`);
      own.push(takeJokers(s, raised, p, tiles, a, `${STAGE_NAME[stage]} pass`));
    }
    const from = (p: number) => (p - offset + SEATS) % SEATS;
    let out = own.map((t) => [...t]);
    for (let i = 0; i < SEATS; i++) out = out.map((_, p) => [...own[p]!, ...out[from(p)]!.slice(0, blind[p] ?? 0)]);
    const racks = own.map((mine, p) => {
      const incoming = out[from(p)]!;
      return [...removeTiles(concealedOf(s, p), mine, `pass of ${name(p)}`), ...incoming.slice(Math.min(blind[p] ?? 0, incoming.length))];
    });
    setRacks(s, racks);
    s.stage = stage + 1;
  }

  function doCourtesy(s: GameState, raised: GameFlag[], a: ActionOf<'courtesy'>): void {
    if (s.stage !== COURTESY_STAGE && s.stage !== VOTE_STAGE) throw new ActionError(`courtesy: the Charleston is at the ${STAGE_NAME[s.stage]}; the courtesy pass comes after the last Charleston`);
    const give: TileId[][] = [];
    for (let p = 0; p < SEATS; p++) {
      const mine = a.wishes[p] ?? 0;
      const theirs = a.wishes[(p + 2) % SEATS] ?? 0;
      if (!Number.isInteger(mine) || mine < 0 || mine > 3) throw new ActionError(`courtesy: ${name(p)} wishes ${mine} tiles; 0-3`);
      const n = Math.min(mine, theirs);
      const tiles = (a.tiles[p] ?? []).slice(0, n);
      if (tiles.length < n) throw new ActionError(`courtesy: ${name(p)} gives ${tiles.length} tiles; the pass across is ${n}`);
      removeTiles(concealedOf(s, p), tiles, `courtesy of ${name(p)}`);
      give.push(takeJokers(s, raised, p, tiles, a, 'courtesy pass'));
    }
    setRacks(
      s,
      give.map((mine, p) => [...removeTiles(concealedOf(s, p), mine, `courtesy of ${name(p)}`), ...give[(p + 2) % SEATS]!]),
    );
    startPlay(s);
  }

  function startPlay(s: GameState): void {
    s.phase = 'play';
    setTurn(s, 0, 'picked'); // East holds 14 and discards first
  }

  // ------------------------------------------------------------ play

  /** Raises a flag whose consequence is `player`'s dead hand (its title the reason), and kills the hand unless dismissed. */
  function deadFor(s: GameState, raised: GameFlag[], f: StandardDraft, rule: string, player: number, a: Action, tiles: TileId[] = []): boolean {
    if (!raise(s, raised, { ...f, rule, player, tiles, ref: a.ref, at: a.at })) return false;
    kill(s, player, wordsOf(f, config.names).title);
    return true;
  }

  /**
   * An action out of the turn order that involves a rack the hub could not hear (the actor's, or
   * the rack of the player whose turn it was): not judged; noted for the director, and the turn
   * follows the action. @returns true when it was noted (the caller goes on as if in turn)
   */
  function unheardTurn(s: GameState, a: Action & { player: number; tile: TileId }, rule: string, what: string): boolean {
    const turn = s.turn;
    const unheard = a.hearing?.players ?? [];
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
          tiles: [a.tile],
          window: null,
          title: `${name(a.player)} ${what} while ${turnText}, after her turn had been passed over while her rack could not be heard; whether it was in turn is not known`,
          at: a.at,
          ref: a.ref,
        },
      ];
      return true;
    }
    const involved = [a.player, ...(turn !== null && turn !== a.player ? [turn] : [])].filter((q) => unheard.includes(q));
    if (involved.length === 0) return false;
    // the player on turn was passed over unseen (her hand declared dead by the director, perhaps):
    // her later turns are passed over too until she plays again
    if (turn !== null && turn !== a.player && unheard.includes(turn) && !s.passedOver.includes(turn)) s.passedOver = [...s.passedOver, turn];
    s.notSeen = [
      ...s.notSeen,
      {
        rule,
        player: a.player,
        tiles: [a.tile],
        window: null,
        title: `${name(a.player)} ${what} while ${turnText}; ${involved.map((q) => `${name(q)}'s rack`).join(' and ')} could not be heard, so whether it was in turn is not known${turn !== null && s.passedOver.includes(turn) ? `; ${name(turn)}'s turns are passed over until she plays again` : ''}`,
        at: a.at,
        ref: a.ref,
      },
    ];
    return true;
  }

  function doPick(s: GameState, raised: GameFlag[], a: ActionOf<'pick'>): void {
    const player = a.player;
    if (isDead(s, player)) return; // a dead hand does not pick
    if ((s.turn !== player || turnHasOf(s) !== 'nothing') && unheardTurn(s, a, RULES.outOfTurn, 'picked')) setTurn(s, player, 'nothing');
    if (s.turn !== player || turnHasOf(s) !== 'nothing') {
      const ahead = s.turn !== null && turnHasOf(s) !== 'nothing' && nextAlive(s, s.turn) === player;
      if (ahead) deadFor(s, raised, { code: 'picking-ahead', params: { p: player, onTurn: s.turn! } }, RULES.pickingAhead, player, a, [a.tile]);
      else deadFor(s, raised, { code: 'out-of-turn', params: { p: player, what: 'picked' } }, RULES.outOfTurn, player, a, [a.tile]);
      return; // the tile goes back to the wall
    }
    if (wallLeftOf(s) <= 0) throw new ActionError(`pick: ${name(player)} picked but the wall is used up`);
    pickTile(s, player, a.tile);
    s.seats[player]!.picks = 1;
    if (s.lastDiscard) s.lastDiscard = { ...s.lastDiscard, racked: true };
    checkCount(s, raised, player, a);
  }

  function doDiscard(s: GameState, raised: GameFlag[], a: ActionOf<'discard'>): boolean {
    const player = a.player;
    if (isDead(s, player)) return false;
    if ((s.turn !== player || turnHasOf(s) === 'nothing') && unheardTurn(s, a, s.turn !== player ? RULES.outOfTurn : RULES.discardBeforePick, 'discarded')) {
      // the turn follows the action; what the turn had (picked, called) stays with it
      const has = turnHasOf(s);
      const calledTile = s.turn !== null ? s.seats[s.turn]!.calledTile : null;
      setTurn(s, player, has === 'nothing' ? 'picked' : has, calledTile);
    }
    if (s.turn !== player) {
      deadFor(s, raised, { code: 'out-of-turn', params: { p: player, what: 'discarded' } }, RULES.outOfTurn, player, a, [a.tile]);
      return false;
    }
    if (turnHasOf(s) === 'nothing') {
      deadFor(s, raised, { code: 'discard-before-pick', params: { p: player } }, RULES.discardBeforePick, player, a, [a.tile]);
      return false;
    }
    if (!s.firstDiscardDone && config.practice?.misdeal && misdeal(s, raised, a)) return false;
    const r = rackOf(s, player);
    const exposedThisTurn = turnHasOf(s) === 'called' && !r.hold && r.exposures.length > 0;
    if (r.hold) {
      // an unexposed called tile goes into the rack before the discard
      move(s, r.hold.tile, inside(player));
      r.hold = null;
    }
    removeTiles(concealedOf(s, player), [a.tile], `discard of ${name(player)}`);
    move(s, a.tile, FLOOR);
    s.discards = [...s.discards, a.tile];
    s.lastDiscard = { tile: a.tile, by: player, at: a.at, racked: false };
    s.firstDiscardDone = true;
    s.exchanged = null;
    setTurn(s, nextAlive(s, player), 'nothing');
    s.turnNo += 1;
    for (let q = 0; q < SEATS; q++) checkCount(s, raised, q, a);
    if (exposedThisTurn) judgeRack(s, raised, player, a);
    return true;
  }

  /**
   * At the discard that ends the turn of an exposure, the exposures on the discarder's rack must
   * still fit a hand on the card (rules/variants/standard/exposure-judge.ts, as 003 rule 11 judges each
   * Siamese rack); none fits: the hand is dead. The discard stands. The exposure just made is the
   * one that killed the hand (`killedBy`); the earlier ones keep their jokers in play (000). A rack
   * the hub could not hear at the discard is not judged (noted).
   */
  function judgeRack(s: GameState, raised: GameFlag[], player: number, a: Action): void {
    const r = rackOf(s, player);
    if (r.dead) return;
    const groups = r.exposures.map((e) => e.tiles);
    if (a.hearing?.players.includes(player)) {
      s.notSeen = [
        ...s.notSeen,
        {
          rule: RULES.exposuresFitNoHand,
          player,
          tiles: groups.flat(),
          window: null,
          title: `${name(player)}'s exposures were not judged against the card: her rack could not be heard at her discard`,
          at: a.at,
          ref: a.ref,
        },
      ];
      return;
    }
    const j = judgeExposures(config.cards, groups.map(kinds));
    if (j.line) return;
    const last = groups.at(-1)!;
    if (
      raise(s, raised, {
        code: 'exposures-fit-no-hand',
        params: { p: player, exposures: groups.map(kinds), why: j.why!, killing: config.killingExposureJokersInPlay ? null : kinds(last) },
        rule: RULES.exposuresFitNoHand,
        player,
        tiles: groups.flat(),
        exposures: groups,
        why: j.why!,
        ref: a.ref,
        at: a.at,
      })
    ) {
      r.killedBy = r.exposures.length - 1;
      kill(s, player, 'her exposures fit no hand on the card');
    }
  }

  function doCall(s: GameState, raised: GameFlag[], a: ActionOf<'call'>): boolean {
    const ld = s.lastDiscard;
    const calls = [{ player: a.player, for: a.for ?? 'pung', intoRack: a.to.area === 'rack' }, ...(a.rivals ?? []).map((c) => ({ player: c.player, for: c.for, intoRack: c.to?.area === 'rack' }))];
    const live = calls.filter((c) => !isDead(s, seat(c.player, 'call')) && (!ld || c.player !== ld.by));
    const proper = (c: { for: CallFor }) => c.for === 'mah-jongg' || GROUP_SIZE[c.for] !== undefined;
    const legal = live.filter((c) => {
      if (proper(c)) return true;
      // a lone call for a pair or a single takes the tile: what the caller lays with it is judged (doExpose)
      if (!live.some(proper)) return true;
      raise(s, raised, { code: 'illegal-call', params: { p: c.player, for: c.for }, rule: RULES.illegalCall, player: c.player, ref: `${a.ref}.${c.player}`, at: a.at, tiles: ld ? [ld.tile] : [] });
      return false;
    });
    if (legal.length === 0) return false;
    if (!ld || ld.racked) {
      for (const c of legal)
        raise(s, raised, { code: 'call-too-late', params: { p: c.player }, rule: RULES.callTooLate, player: c.player, ref: `${a.ref}.${c.player}`, at: a.at, tiles: ld ? [ld.tile] : [] });
      return false;
    }
    // NMJL: Mah Jongg beats an exposure; otherwise the next in turn from the discarder
    const dist = (p: number) => (p - ld.by + SEATS) % SEATS;
    const win = [...legal].sort((x, y) => Number(y.for === 'mah-jongg') - Number(x.for === 'mah-jongg') || dist(x.player) - dist(y.player))[0]!;
    const r = rackOf(s, win.player);
    s.lastDiscard = null;
    s.discards = s.discards.slice(0, -1);
    setTurn(s, win.player, 'called', { tile: ld.tile, from: ld.by });
    s.exchanged = null;
    if (win.intoRack) {
      move(s, ld.tile, inside(win.player));
      if (deadFor(s, raised, { code: 'called-into-rack', params: { p: win.player, tile: kindOf(ld.tile) } }, RULES.calledIntoRack, win.player, a, [ld.tile])) return true;
    }
    move(s, ld.tile, top(win.player));
    r.hold = { tile: ld.tile, for: win.for, from: ld.by, ...(proper(win) ? {} : { pending: { ref: a.ref, at: a.at } }) };
    return true;
  }

  /**
   * A call for a pair or a single (NMJL: never a call) with nothing laid by the next action: refused
   * then, as of the call (its ref and time); the tile is back on the floor and the turn goes on
   * after the discarder. An `expose` by the caller is judged instead (doExpose).
   */
  function refuseOddCall(s: GameState, raised: GameFlag[], a: Action): void {
    for (let q = 0; q < SEATS; q++) {
      const r = rackOf(s, q);
      const h = r.hold;
      if (!h?.pending || r.dead || (a.type === 'expose' && a.player === q)) continue;
      const { pending, ...held } = h;
      r.hold = held;
      if (!raise(s, raised, { code: 'illegal-call', params: { p: q, for: h.for }, rule: RULES.illegalCall, player: q, ref: `${pending.ref}.${q}`, at: pending.at, tiles: [h.tile] })) continue;
      r.hold = null;
      move(s, h.tile, FLOOR);
      s.discards = [...s.discards, h.tile];
      s.lastDiscard = { tile: h.tile, by: h.from, at: pending.at, racked: false };
      setTurn(s, nextAlive(s, h.from), 'nothing');
    }
  }

  function doExpose(s: GameState, raised: GameFlag[], a: ActionOf<'expose'>): void {
    const player = a.player;
    const r = rackOf(s, player);
    if (r.dead) return;
    removeTiles(concealedOf(s, player), a.tiles, `exposure of ${name(player)}`);
    const hold = r.hold;
    const group = hold ? [hold.tile, ...a.tiles] : [...a.tiles];
    const forbidden = hold && hold.for !== 'mah-jongg' ? forbiddenExposure(kinds(group), config.cards) : null;
    if (hold && forbidden) {
      r.hold = null;
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
        move(s, hold.tile, inside(player)); // dismissed: no exposure was made; the called tile counts as in the rack
        return;
      }
      for (const t of a.tiles) move(s, t, top(player));
      r.exposures = [...r.exposures, { tiles: group, called: hold.tile, from: hold.from }];
      r.killedBy = r.exposures.length - 1;
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
    for (const t of a.tiles) move(s, t, top(player));
    r.exposures = [...r.exposures, { tiles: group, called: hold.tile, from: hold.from }];
    r.hold = null;
  }

  function doJokerExchange(s: GameState, raised: GameFlag[], a: ActionOf<'exchange'>): void {
    const player = a.player;
    const owner = seat(a.owner, 'joker exchange owner');
    const exposure = a.exposure ?? -1;
    if (isDead(s, player)) return;
    if (s.turn !== player) {
      deadFor(s, raised, { code: 'out-of-turn', params: { p: player, what: 'exchanged' } }, RULES.outOfTurn, player, a, [a.given]);
      return;
    }
    if (turnHasOf(s) === 'nothing') {
      deadFor(s, raised, { code: 'joker-exchange-before-pick', params: { p: player } }, RULES.jokerExchangeBeforePick, player, a, [a.given]);
      return;
    }
    const ownerRack = rackOf(s, owner);
    const exp = ownerRack.exposures[exposure];
    const laid = exp && kinds(exp.tiles);
    const natural = laid?.find((t) => t !== 'J');
    const given = kindOf(a.given);
    const killing = !config.killingExposureJokersInPlay && ownerRack.dead && ownerRack.killedBy === exposure;
    const why: BadExchange | null =
      !exp || !laid
        ? 'no-exposure'
        : !laid.includes('J')
          ? 'no-joker'
          : natural !== given
            ? 'stands-for'
            : !concealedOf(s, player).includes(a.given)
              ? 'not-held'
              : !exp.tiles.includes(a.joker)
                ? 'joker-not-in-exposure'
                : null;
    const bad: BadExchange | null = killing && laid ? 'killing' : why;
    if (bad) {
      raise(s, raised, {
        code: 'bad-joker-exchange',
        params: {
          p: player,
          owner,
          exposure,
          bad,
          ...(laid ? { group: laid } : {}),
          ...(natural ? { natural } : {}),
          tile: given,
          ...(bad === 'joker-not-in-exposure' ? { joker: a.joker } : {}),
        },
        rule: killing && laid ? RULES.jokerOfKillingExposure : RULES.badJokerExchange,
        player,
        tiles: [a.given],
        ref: a.ref,
        at: a.at,
      });
      return;
    }
    move(s, a.given, top(owner));
    move(s, a.joker, inside(player));
    const tiles = [...exp!.tiles];
    tiles.splice(tiles.indexOf(a.joker), 1, a.given);
    ownerRack.exposures = ownerRack.exposures.map((e, i) => (i === exposure ? { ...e, tiles } : e));
    s.exchanged = s.exchanged?.player === player ? { player, tiles: [...s.exchanged.tiles, a.given] } : { player, tiles: [a.given] };
  }

  /**
   * The exposures on a winner's rack before the Mah Jongg call (000: the discarder pays −10 to "none
   * or one exposure on their rack", −20 to "two or more"): 0-4. A group exposed with the tile called
   * this turn is not one of them (a called tile makes one exposure at most); a called tile still
   * held on top is not an exposure yet. A self-picked Mah Jongg counts every exposure.
   */
  function exposuresBeforeCall(s: GameState, r: Rack): number {
    const calledGroup = turnHasOf(s) === 'called' && r.hold === null && r.exposures.length > 0 ? 1 : 0;
    return r.exposures.length - calledGroup;
  }

  /** Whether a joker exchange this turn completed `player`'s Mah Jongg: the hand with each tile given back in place of a joker completes no line. */
  function completedByExchange(s: GameState, player: number, concealed: readonly TileKind[], exposures: readonly TileKind[][]): boolean {
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

  function doMahJongg(s: GameState, raised: GameFlag[], a: ActionOf<'mah-jongg'>): void {
    const player = a.player;
    const r = rackOf(s, player);
    if (r.dead) return;
    const rack = concealedOf(s, player);
    const held = r.hold ? [...rack, r.hold.tile] : rack;
    const concealed = kinds(held);
    const groups = r.exposures.map((e) => e.tiles);
    const exposures = groups.map(kinds);
    const has = turnHasOf(s);
    const onTurn = s.turn === player && has !== 'nothing';
    const matches = onTurn ? matchHand(config.cards, { concealed, exposures, exposedBeforeMahJongg: groups.length > 0 }) : [];
    if (matches.length > 0) {
      const ranked = bestFirst(matches);
      const best = ranked[0]!;
      // a joker exchange this turn completed the hand: the joker is the winning tile, even after a
      // discard called for an exposure (that discard was not the winning tile: nobody threw it, 000;
      // NMJL: paid as self-picked, "everybody pays double")
      const jokerExchange = completedByExchange(s, player, concealed, exposures);
      const called = has === 'called' && !jokerExchange ? (s.seats[player]!.calledTile?.from ?? null) : null;
      const selfPicked = called === null && (!jokerExchange || (config.settings?.jokerExchangeSelfPicked ?? true));
      const exposuresBefore = jokerExchange ? r.exposures.length : exposuresBeforeCall(s, r);
      r.mahJongg = mahJonggRecord(ranked, { order: 1, claimedFrom: called, selfPicked, exposuresBefore, jokerExchange, turnNo: s.turnNo, at: a.at }, true);
      end(s, `${name(player)} declared Mah Jongg: ${best.line.text}`);
      return;
    }
    const exposedBy = (a.exposedBy ?? []).map((q) => seat(q, 'exposedBy')).filter((q) => q !== player && !isDead(s, q));
    const concealedHand = groups.length === 0;
    if (
      !raise(s, raised, {
        code: 'mah-jongg-in-error',
        params: { p: player, concealed: concealedHand, exposedBy },
        rule: RULES.mahJonggInError,
        player,
        tiles: [...held, ...groups.flat()],
        ref: a.ref,
        at: a.at,
      })
    )
      return;
    if (r.hold) {
      // the called tile goes back to the floor; play resumes after the discarder
      const from = r.hold.from;
      move(s, r.hold.tile, FLOOR);
      s.discards = [...s.discards, r.hold.tile];
      s.lastDiscard = { tile: r.hold.tile, by: from, at: a.at, racked: false };
      r.hold = null;
      markDead(s, player, 'Mah Jongg in error');
      setTurn(s, nextAlive(s, from), 'nothing');
    } else kill(s, player, 'Mah Jongg in error');
    if (!s.error && exposedBy.length > 0) s.error = { caller: player, exposedBy };
    for (const q of exposedBy) kill(s, q, `exposed the hand for ${name(player)}'s Mah Jongg in error`);
    if (s.phase === 'ended') return;
    // 000: "If Mah Jongg is called in error and two or more hands are intact, game continues"; else the game ends
    // (000 scores the two exposers' case itself: "the remaining player gets 10 points"; not replayed)
    if (exposedBy.length >= 2) end(s, `${name(player)}'s Mah Jongg in error: ${exposedBy.length} players exposed`);
    else replayIfFewerThanTwo(s);
    if (s.phase === 'play' && s.seats.filter((_, q) => !isDead(s, q)).length < 2) end(s, `${name(player)}'s Mah Jongg in error: fewer than two hands intact (000)`);
  }

  /** A new game: `hands[p][0]` dealt to each seat, the walls as given (else the rest of the set, in set order, to pick). */
  function doDeal(s: GameState, prev: GameState, a: ActionOf<'deal'>): void {
    if (a.hands.length !== SEATS) throw new ActionError(`deal: 4 hands, not ${a.hands.length}`);
    const dealt = a.hands.map((h) => h.flat());
    const twice = dealt.flat().find((t, i, all) => all.indexOf(t) !== i);
    if (twice) throw new ActionError(`deal (ref ${a.ref}): ${twice} is dealt twice`);
    const taken = new Set(dealt.flat());
    const walls = a.walls ?? [fullTileSet().filter((t) => !taken.has(t))];
    // the director's rulings stand across games (each names its game: `g<game>-…`)
    Object.assign(s, initialGameState(STANDARD_SHAPE), { gameNo: prev.gameNo + 1, phase: 'charleston', stage: 0, rulings: prev.rulings });
    let where = s.where;
    for (const [p, tiles] of dealt.entries()) for (const t of tiles) where = where.with(t, inside(p));
    for (const [w, tiles] of walls.entries()) for (const t of tiles) if (!taken.has(t)) where = where.with(t, w === 0 ? PICK_WALL : OUT_OF_PLAY);
    s.where = where;
  }

  const entries = standardEntries({ config, name, outcomeOf, scored, setTurn: (s, p, has) => setTurn(s, p, has) });

  /**
   * A Charleston pass refused as impossible, with blind tiles in it (NMJL: blind passes only on
   * the first left and the last right): a `blind-pass` flag for the director (its `why`: the
   * refusal in full), and the Charleston moves to its next stage; the tiles stay where they were
   * until the hub's `stray` moves put the racks as the readers hold them. No consequence.
   * @returns false when the pass had no blind tile (the refusal stands: the caller throws it)
   */
  function refuseBlindPass(s: GameState, raised: GameFlag[], a: ActionOf<'pass'>, err: ActionError): boolean {
    if (!a.blind?.some((b) => b > 0)) return false;
    const player = Math.max(
      0,
      a.blind.findIndex((b) => b > 0),
    );
    core.raise(s, raised, {
      code: 'blind-pass',
      params: { p: player, words: err.message.replace(/^pass: /, '') },
      rule: RULES.blindPass,
      player,
      rack: 0,
      at: a.at,
      ref: a.ref,
      tiles: [],
      why: err.message,
    });
    s.stage += 1;
    return true;
  }

  /**
   * A turn boundary settled: each live player's rack and top as the rack readers counted them
   * (`counted[p]`, summed over racks) against the tiles the game says she holds (NMJL: 13 off
   * turn, 14 after picking). One `rack-count` flag per player and game (ref `<ref>.<p>`), no
   * consequence: the director counts the rack. Only during play; players in `skipPlayers` (their
   * readers not trusted) and dead hands are not judged, nor a check with no counts.
   */
  function countCheck(s: GameState, raised: GameFlag[], a: ActionOf<'count-check'>): void {
    if (s.phase !== 'play' || !a.counted) return;
    for (let p = 0; p < SEATS; p++) {
      const r = rackOf(s, p);
      if (r.dead || a.skipPlayers.includes(p)) continue;
      const counted = (a.counted[p] ?? []).reduce((n, x) => n + x, 0);
      const expected = concealedOf(s, p).length + r.exposures.reduce((n, e) => n + e.tiles.length, 0) + (r.hold ? 1 : 0);
      if (counted === expected || s.flags.some((f) => f.code === 'rack-count' && f.player === p)) continue;
      raise(s, raised, { code: 'rack-count', params: { p, counted, expected }, rule: RULES.rackCount, player: p, ref: `${a.ref}.${p}`, at: a.at });
    }
  }

  /**
   * The hub ends the game in play (the table cleared after a ruling undid its end, or the
   * director's choice after a restart): 000 scores a game not completed zero for every player, a
   * look at a stolen tile entered still costing 10; `void` is 0 with no penalty; `replay` has no
   * score. Nothing happens when no game is in play.
   */
  function stop(s: GameState, a: ActionOf<'stop'>): void {
    if (s.gameNo === 0 || (s.phase !== 'charleston' && s.phase !== 'play')) return;
    const { wallGame: _w, ...base } = outcomeOf(s);
    Object.assign(s, { phase: 'ended', endReason: a.reason, turn: null });
    if (a.choice === 'replay') {
      s.result = null;
      return;
    }
    const outcome = a.choice === 'void' ? { ...base, unfinished: true } : withLookedAt({ ...base, unfinished: true }, s.entries.lookedAt);
    s.result = { outcome, score: scored(outcome) };
  }

  /** On a table that pays the announced line, a Mah Jongg just verified is paid at the line its winner announced, when her tiles complete it (else the best line stays). */
  function payAnnounced(s: GameState): void {
    if (s.phase !== 'ended' || config.settings?.paidLine !== 'announced') return;
    const winner = s.seats.findIndex((x) => x.racks[0]!.mahJongg !== null);
    const line = winner >= 0 ? s.entries.announced.get(winner) : undefined;
    if (!line || rackOf(s, winner).mahJongg!.lineId === line) return;
    try {
      entries.atLine(s, line);
    } catch (err) {
      if (!(err instanceof EntryError)) throw err;
      return; // the hub lists it under "Moves the hub could not place"
    }
    const outcome = withLookedAt(s.result!.outcome, s.entries.lookedAt);
    s.result = { outcome, score: scored(outcome) };
  }

  /** A copy of `s` as the engine took it (seats and racks copied), kept as the state before a Mah Jongg. */
  function before(s: GameState): GameState {
    return { ...withOwnRulings(s), seats: s.seats.map((x) => ({ ...x, racks: x.racks.map((r) => ({ ...r })) })), beforeMahJongg: null };
  }

  // any action that leaves fewer than two hands intact in play ends the game replayed (NMJL practice)
  return (s: GameState, raised: GameFlag[], a: Action): boolean => {
    const made = handle(s, raised, a);
    replayIfFewerThanTwo(s);
    return made;
  };

  function handle(s: GameState, raised: GameFlag[], a: Action): boolean {
    if (a.type === 'director-entry') {
      entries.entry(s, raised, a);
      return false;
    }
    if (a.type === 'count-check') {
      countCheck(s, raised, a);
      return false;
    }
    if (a.type === 'stop') {
      stop(s, a);
      return false;
    }
    if (a.type === 'stray' && (s.phase === 'charleston' || s.phase === 'play')) {
      // a tile moved with no game meaning (the racks as the readers hold them after a refused blind pass)
      move(s, a.tile, a.to);
      return false;
    }
    const pre = a.type === 'mah-jongg' ? before(s) : null;
    if ('player' in a && a.type !== 'call') seat(a.player, said(a));
    for (const k of tilesOf(a)) if (typeof k !== 'string' || !isTileId(k)) throw new ActionError(`${said(a)} (ref ${a.ref}): "${String(k)}" is not a tile id such as 5B#3`);
    if (a.type === 'deal') {
      doDeal(s, { ...s }, a);
      return false;
    }
    if (s.phase === 'waiting' || s.phase === 'ended' || s.phase === 'deal') throw new ActionError(`${said(a)} (ref ${a.ref}): no game is in play (${s.phase})`);
    if (a.type === 'pick' && !s.firstDiscardDone && config.practice?.shortTakesNextTile && oneShort(a.player, s.where.heldBy(a.player)) && wallLeftOf(s) > 0) {
      // NMJL practice (rules/variants/standard/misdeal.ts): one short before East's first discard takes the next wall tile, not flagged
      pickTile(s, a.player, a.tile);
      return false;
    }
    if (s.phase === 'charleston') {
      if (a.type === 'pass') {
        const flags = s.flags;
        const n = raised.length;
        try {
          doPass(s, raised, a);
        } catch (err) {
          if (!(err instanceof ActionError)) throw err;
          // the pass did nothing: the jokers it flagged before the refusal are not flagged
          s.flags = flags;
          raised.length = n;
          if (!refuseBlindPass(s, raised, a, err)) throw err;
        }
      } else if (a.type === 'charleston-vote') {
        if (s.stage !== VOTE_STAGE) throw new ActionError(`second-charleston: the Charleston is at the ${STAGE_NAME[s.stage]}`);
        s.stage = a.wants.length === SEATS && a.wants.every(Boolean) ? VOTE_STAGE + 1 : COURTESY_STAGE;
      } else if (a.type === 'courtesy') doCourtesy(s, raised, a);
      else if (a.type === 'discard' && (s.stage === VOTE_STAGE || s.stage === COURTESY_STAGE)) {
        // no second Charleston, no courtesy pass: East's discard starts play
        startPlay(s);
        return doDiscard(s, raised, a);
      } else throw new ActionError(`${said(a)} (ref ${a.ref}): the Charleston is at the ${STAGE_NAME[s.stage]} (000: the first Charleston is required)`);
      return false;
    }
    refuseOddCall(s, raised, a);
    switch (a.type) {
      case 'pick':
        doPick(s, raised, a);
        return false;
      case 'discard':
        return doDiscard(s, raised, a);
      case 'call':
        return doCall(s, raised, a);
      case 'expose':
        doExpose(s, raised, a);
        return false;
      case 'exchange':
        doJokerExchange(s, raised, a);
        return false;
      case 'mah-jongg':
        doMahJongg(s, raised, a);
        s.beforeMahJongg = { ref: a.ref, state: pre! };
        payAnnounced(s);
        return false;
      case 'wall-game':
        if (wallLeftOf(s) > 0 || turnHasOf(s) !== 'nothing') throw new ActionError(`wall-game (ref ${a.ref}): ${wallLeftOf(s)} tiles are left to pick`);
        s.wallGame = true;
        end(s, 'wall game: the wall is used up');
        return false;
      default:
        throw new ActionError(`${said(a)} (ref ${a.ref}): not during play`);
    }
  }
}

/**
 * The scorer's input for a 4-player game as it stands (rules/scoring/tournament.ts, 000 SCORING):
 * the winner and how she won, the dead hands, a Mah Jongg in error the others exposed for; no
 * winner and no such error: a wall game.
 * @param names player names, index 0 East
 */
export function standardOutcome(s: GameState, names: readonly string[]): TournamentOutcome {
  const dead = s.seats.map((_, i) => (s.seats[i]!.racks[0]!.dead ? i : -1)).filter((i) => i >= 0);
  const base: TournamentOutcome = { winner: null, dead, names };
  const err = s.error && s.error.exposedBy.length > 0 ? { mahJonggInError: { caller: s.error.caller, exposedBy: s.error.exposedBy } } : {};
  const winner = s.seats.findIndex((p) => p.racks[0]!.mahJongg !== null);
  const w = winner >= 0 ? s.seats[winner]!.racks[0]!.mahJongg : null;
  if (w) {
    return {
      ...base,
      ...err,
      winner,
      value: w.value,
      selfPicked: w.selfPicked,
      ...(w.jokerExchange ? { jokerExchange: true } : {}),
      ...(w.misnamedDiscard ? { misnamed: true } : {}),
      jokerless: w.jokerless,
      singlesAndPairs: w.singlesAndPairs,
      discarder: w.claimedFrom,
      winnerExposures: w.exposuresBefore,
    };
  }
  if (s.error && s.error.exposedBy.length >= 2) return { ...base, ...err };
  return { ...base, ...err, wallGame: true };
}

/** The kinds of tiles (ids): what the card, the exposure judge and the titles read. */
function kinds(tiles: readonly TileId[]): TileKind[] {
  return tiles.map(kindOf);
}
