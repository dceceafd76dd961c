/**
 * The one rules engine (docs/one-engine.md stage 2): `createEngine(variant, config).apply(state,
 * action) → { state, flags, boundary }`, on {@link GameState} and the one {@link Action}
 * vocabulary. A pure state machine: it knows where every tile is, whose turn it is, each hand's
 * Mah Jongg or death, and raises flags with their evidence. Consequences are applied at once and
 * marked "awaiting the director". The director's rulings are actions too (`director-ruling`,
 * recorded in `state.rulings`, the latest on a flag standing): a flag whose id the state's rulings
 * dismiss is recorded as dismissed and has no consequence, so folding the game again from its start
 * with its rulings in the state rebuilds every view (a ruling that changes an outcome says so:
 * {@link EngineResult.refold}).
 *
 * It plays the Royale Siamese table (003) today; the rules that are that table's own come from the
 * variant (rules/variants/siamese.ts). Rules automated here:
 * - 5, 8: 27 tiles each from the deal, East picks the 28th and discards first.
 * - 10, 11, 10E: a Mah Jongg declared (the `mah-jongg` action: the move layer gives it when a rack's
 *   top reaches 14 tiles) is verified at once against the cards; a hand that fits no line is a Mah
 *   Jongg in error and that hand is dead.
 * - 12: a player dead on both hands: the game ceases.
 * - 13: a player with one Mah Jongg and one dead hand stops; the opponent plays on alone.
 * - 14: the game ceases on a player's second Mah Jongg, or when the walls are used up and the
 *   last discard made (a wall game when no Mah Jongg is exposed).
 * - 18B: too many tiles right after the deal: a misdeal.
 * - 18C: 28 tiles off turn or 29 after picking (and too few likewise): both hands dead; beside one
 *   legitimate Mah Jongg, 18D (the default) kills both hands too, 18A only the other one
 *   (`config.countRule`).
 * - 15: a hand dead by its exposures: a Mah Jongg on the other rack that uses their tiles is refused.
 * - 19A, 19B: a mis-named discard claimed for an exposure (a director's entry): whether the
 *   discarder holds the tile named, and the correct tile discarded in its place.
 * - 20: a tile picked and racked from the wrong wall: one hand dead.
 *
 * What the hub did not see is not judged: a rack whose top the hub had not seen whole at a discard
 * (the action's `hearing.racks`) has its exposures judged at the first turn boundary after its
 * reader is back (rule 11), and a count check skips the players it names (18C).
 */
import type { Card } from '../card/types.js';
import { kindOf, TILES_IN_SET, type TileId, type TileKind } from '../tiles.js';
import { matchTiles } from '../match.js';
import { exposuresFit } from '../exposures.js';
import { afterMove, classifyMove, isOpen, misnamedExposure } from './misnamed.js';
import type { TournamentProfile } from '../scoring/tournament.js';
import type { ScoringSettings } from '../scoring/settings.js';
import type { NmjlPractice } from '../variants/standard/misdeal.js';
import type { CountRule } from '../variants/siamese.js';
import type { Variant } from '../variants/types.js';
import { idKindOf, wordsOf, type CodedParams, type FlagParams, type Rule20Reason } from '../wording/flags.js';
import type { Action, ActionOf, RackRef } from './actions.js';
import { gameOfFlag, type GameFlag } from './flags.js';
import { bestFirst, mahJonggRecord } from './mah-jongg.js';
import type { Place } from './places.js';
import { currentWall, freshSeats, rackCounts, seatOut, wallLeft, type GameState, type Seat } from './state.js';
import type { TilePlaces } from './tile-places.js';

/** Settings of one table. */
export interface EngineConfig {
  /** player names, index 0 is East */
  names: readonly string[];
  racksPerPlayer: number;
  tilesPerWall: number;
  /** order in which walls are used; each stays current until empty (003 rule 20) */
  wallOrder: readonly number[];
  /** the cards the table plays (NMJL-style and Siamese together, 003 rules 11 and 17A) */
  cards: readonly Card[];
  /**
   * A wrong tile count of a player who has one legitimate Mah Jongg exposed: '18D' (the later
   * revision, the default) kills both hands; '18A' kills only the other hand and the Mah Jongg is
   * paid (rules/variants/siamese.ts `COUNT_RULES`).
   */
  countRule?: CountRule;
  /** 4-player (000): the scoring numbers (default 000's); ignored when `settings` are given */
  profile?: Readonly<TournamentProfile>;
  /**
   * 4-player (000): may the jokers of the exposure that made a hand dead be exchanged? Default
   * false: 000 keeps in play the jokers of "any exposure made before the error" only.
   */
  killingExposureJokersInPlay?: boolean;
  /** 4-player: the event's scoring settings (rules/scoring/settings.ts), `jokerExchangeSelfPicked` among them */
  settings?: Readonly<ScoringSettings>;
  /** 4-player: NMJL practice not in 000 (rules/variants/standard/misdeal.ts); omitted, every setting off */
  practice?: Readonly<Partial<NmjlPractice>>;
  /** the table's id, for the words of a director entry refused (rules/variants/standard/entries.ts); default "table" */
  tableId?: string;
}

/** Thrown for an action that cannot happen at all (a seat out of range, a tile not held, a pass out of phase); its message names what and where. */
export class ActionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StandardActionError';
  }
}

/** A flag of any variant before it is raised: its code with that code's params, and where it stands. */
export type AnyFlagDraft = CodedParams & {
  rule: string;
  player: number;
  rack: number | null;
  at: number;
  ref: string;
  tiles: TileId[];
  refs?: string[];
  deadRackChoice?: { default: number; racks: number[] };
  /** on a 4-player exposure flag: the exposures judged, each as laid */
  exposures?: TileId[][];
  /** on a 4-player `exposures-fit-no-hand` flag: why no line fits, in words */
  why?: string;
};

/** The core steps the engine gives a variant's own handlers (rules/variants/): the table's settings, names and `raise`. */
export interface EngineCore {
  config: EngineConfig;
  /** a player's name (config.names, else "player <p>") */
  name(p: number): string;
  /**
   * Raises a flag (words from the catalogue) into `s.flags` and `raised`, and applies
   * `consequence` unless the director dismissed it. @returns true when it applies (not dismissed)
   */
  raise(s: GameState, raised: GameFlag[], f: AnyFlagDraft, consequence?: (s: GameState) => void): boolean;
}

/** A variant's own handler of the actions (rules/variants/types.ts `play`): changes `s` in place, returns whether a turn boundary happened. */
export type VariantPlay = (s: GameState, raised: GameFlag[], a: Action) => boolean;

/** The catalogue codes the Siamese table raises. */
export type SiameseFlagCode = 'tile-count' | 'misdeal' | 'wrong-wall' | 'mah-jongg-in-error' | 'rack-exposures-fit-no-hand' | 'joker-not-exchangeable' | 'dead-hand-tiles';

/** A flag before it is raised: its code with that code's params, and where it stands. */
type FlagDraft = Extract<CodedParams, { code: SiameseFlagCode }> & {
  rule: string;
  player: number;
  rack: number | null;
  at: number;
  ref: string;
  tiles: TileId[];
  refs?: string[];
  deadRackChoice?: { default: number; racks: number[] };
};

/** What one action did. */
export interface EngineResult {
  state: GameState;
  /** flags raised by this action */
  flags: GameFlag[];
  /** a turn boundary happened (a discard or a claim settled): the hub schedules a count check */
  boundary: boolean;
  /**
   * after a `director-ruling` that changes a flag's outcome (a dismissal, a confirm undoing one, a
   * dead rack chosen under 003 rule 20, or any ruling on a flag of an earlier game): the game to
   * fold again from where it began, with the state's rulings (absent: nothing else changes)
   */
  refold?: number;
}

/** Tiles on one place kind of one rack, in the order they were first placed (the map's order). */
function tilesAt(where: TilePlaces, area: 'rack' | 'top', player: number, rack: number): TileId[] {
  return where.tilesIn({ area, player, rack });
}

function isUnseen(unseen: readonly RackRef[], player: number, rack: number): boolean {
  return unseen.some((u) => u.player === player && u.rack === rack);
}

// ---------------------------------------------------------------- the engine

/** The deterministic id of a flag of game `s.gameNo`: `g<game>-<kind>-<ref>`, e.g. `"g1-wrong-wall-212"`. */
function flagId(s: { gameNo: number }, kind: string, ref: string): string {
  return `g${s.gameNo}-${kind}-${ref}`;
}

/**
 * Creates the engine of one table.
 * @param variant the rules that are the table's own (rules/variants/: 003 for the Royale Siamese table)
 * @param config the table's settings
 */
export function createEngine(variant: Variant, config: EngineConfig) {
  const name = (p: number) => config.names[p] ?? `player ${p}`;
  const lowestCardValue = Math.min(...config.cards.flatMap((c) => c.lines.map((l) => l.value)));

  /** Raises a flag with its words from the catalogue (rules/wording/flags.ts), and applies `consequence` unless the director dismissed it. */
  function raise(s: GameState, raised: GameFlag[], f: FlagDraft | AnyFlagDraft, consequence: (s: GameState) => void = () => undefined): boolean {
    const id = flagId(s, idKindOf(f.code), f.ref);
    const standing = s.rulings.get(id)?.ruling;
    const status = standing === 'dismiss' ? 'dismissed' : standing === 'confirm' ? 'confirmed' : 'awaiting-director';
    const words = wordsOf(f, config.names, status);
    const flag: GameFlag = {
      id,
      code: f.code,
      seed: variant.seed,
      params: f.params as FlagParams,
      rule: f.rule,
      title: words.title,
      player: f.player,
      rack: f.rack,
      at: f.at,
      status,
      consequence: words.consequence,
      evidence: {
        tiles: f.tiles,
        refs: f.refs ?? [f.ref],
        counts: rackCounts(s.where, s.seats.length, config.racksPerPlayer),
        ...('exposures' in f && f.exposures ? { exposures: f.exposures } : {}),
      },
      ...(f.deadRackChoice ? { deadRackChoice: f.deadRackChoice } : {}),
      ...('why' in f && f.why ? { why: f.why } : {}),
    };
    s.flags = [...s.flags, flag];
    raised.push(flag);
    if (status === 'dismissed') return false;
    consequence(s);
    return true;
  }

  // the variant's own handlers, when it has them (the 4-player table, rules/variants/standard/)
  const variantPlay: VariantPlay | null = variant.play ? variant.play({ config, name, raise }) : null;

  /**
   * The state an action starts from: a new object sharing every list with `s` (each change makes a
   * new list: `where` by {@link TilePlaces.with}, the others as `[...list, item]`), with copies of
   * seats and their racks only (a few fields: what most actions change).
   */
  function clone(s: GameState): GameState {
    return { ...s, seats: s.seats.map((p) => ({ ...p, racks: p.racks.map((r) => ({ ...r })) })) };
  }

  function endGame(s: GameState, reason: string): void {
    if (s.phase === 'ended') return;
    s.phase = 'ended';
    s.endReason = reason;
    s.turn = null;
  }

  function killRack(s: GameState, player: number, rack: number, reason: string): void {
    const r = s.seats[player]!.racks[rack]!;
    if (r.dead || r.mahJongg) return;
    r.dead = true;
    r.deadReason = reason;
    afterDeath(s, player);
  }

  function afterDeath(s: GameState, player: number): void {
    const p = s.seats[player]!;
    if (p.racks.every((r) => r.dead)) {
      // rule 12: dead for both hands, the game ceases
      s.bothDead = player;
      endGame(s, `${name(player)} is dead on both hands (003 rule 12)`);
      return;
    }
    if (s.seats.every(seatOut)) endGame(s, 'no hand is left alive');
    else if (s.turn === player && seatOut(p)) {
      // she ceases playing (rules 13, 20) holding what she picked this turn: her count is judged so
      if (p.picks > 0) p.keptPick = true;
      s.turn = nextActive(s, player);
    }
  }

  function nextActive(s: GameState, from: number): number | null {
    const n = s.seats.length;
    for (let i = 1; i <= n; i++) {
      const q = (from + i) % n;
      if (!seatOut(s.seats[q]!)) return q;
    }
    return null;
  }

  /**
   * A new turn begins. Exposures made before this boundary rule out concealed lines on that rack
   * later; a discard called now is not one of them (its 14th tile may be a called discard).
   * @param called the tile just called onto a rack's top, if this turn begins with a call
   * @param unseen racks the hub could not see at this boundary: what it shows on their tops may
   *   lack or misplace what happened meanwhile, so it does not rule out a concealed line
   */
  function newTurn(s: GameState, player: number | null, called: TileId | null = null, unseen: readonly RackRef[] = []): void {
    s.turn = player;
    s.turnNo += 1;
    for (const [pi, p] of s.seats.entries()) {
      p.picks = 0;
      p.called = false;
      p.calledTile = null;
      for (const [ri, r] of p.racks.entries()) {
        if (isUnseen(unseen, pi, ri)) continue;
        if (tilesAt(s.where, 'top', pi, ri).some((t) => t !== called)) r.exposedBefore = true;
      }
    }
  }

  /**
   * A rack's top holds 14 tiles: Mah Jongg declared; verify it at once (rules 10, 10E, 11).
   * A Mah Jongg that uses a tile of the exposures that made the player's other hand dead is
   * refused (003 rule 15: "may NOT USE any of the tiles from the exposures that MADE the EXPOSED
   * HAND dead – in order to build another hand"): a flag, and the hand is dead as a Mah Jongg in
   * error (10E). Dismissed, the Mah Jongg is verified as any other.
   */
  function verifyMahJongg(s: GameState, raised: GameFlag[], player: number, rack: number, at: number, ref: string): void {
    const r = s.seats[player]!.racks[rack]!;
    if (r.mahJongg || r.dead) return;
    const top = tilesAt(s.where, 'top', player, rack);
    const deadRack = s.seats[player]!.racks.findIndex((x, i) => i !== rack && x.dead && x.deadTiles.some((t) => top.includes(t)));
    if (deadRack >= 0) {
      const used = s.seats[player]!.racks[deadRack]!.deadTiles.filter((t) => top.includes(t));
      raise(
        s,
        raised,
        {
          code: 'dead-hand-tiles',
          params: { p: player, r: rack, deadRack, used },
          rule: '003 rules 15 and 10E',
          player,
          rack,
          at,
          ref,
          tiles: used,
        },
        (st) => killRack(st, player, rack, `Mah Jongg in error: it uses tiles of the exposures that made the hand on rack ${deadRack + 1} dead (003 rules 15, 10E)`),
      );
      if (r.dead) return;
    }
    const kinds: TileKind[] = top.map(kindOf);
    const matches = matchTiles(config.cards as Card[], kinds, { concealedLinesAllowed: !r.exposedBefore });
    if (matches.length === 0) {
      raise(
        s,
        raised,
        {
          code: 'mah-jongg-in-error',
          params: { p: player, r: rack },
          rule: '003 rules 10E and 11',
          player,
          rack,
          at,
          ref,
          tiles: top,
        },
        (st) => {
          killRack(st, player, rack, 'Mah Jongg in error (003 rule 10E/11)');
          const dead = st.seats[player]!.racks[rack]!;
          if (dead.dead) dead.deadTiles = top.filter((t) => !dead.judgedFit.includes(t));
        },
      );
      return;
    }
    // the player is paid the best line the tiles complete
    const p = s.seats[player]!;
    const other = p.racks.find((x, i) => i !== rack && x.mahJongg);
    const called = p.calledTile && top.includes(p.calledTile.tile) ? p.calledTile.from : null;
    r.mahJongg = mahJonggRecord(
      bestFirst(matches),
      { order: other ? 2 : 1, claimedFrom: called, selfPicked: called === null, exposuresBefore: 0, jokerExchange: false, turnNo: s.turnNo, at },
      false,
    );
    if (other) endGame(s, `${name(player)} made two Mah Jonggs (003 rule 14)`);
    else if (seatOut(p)) afterDeath(s, player);
  }

  /** How many tiles too many (positive) or too few a count flag named: its `n` less its `want`. */
  function countOff(f: GameFlag): number {
    const p = f.params as { n?: unknown; want?: unknown };
    return typeof p.n === 'number' && typeof p.want === 'number' ? p.n - p.want : Number.NaN;
  }

  function checkCounts(s: GameState, raised: GameFlag[], a: ActionOf<'count-check'>): void {
    if (s.phase !== 'play') return;
    const firstCheck = !s.checkedAfterDeal;
    s.checkedAfterDeal = true;
    // a mis-named discard being put right (003 rule 19A): its tiles are changing hands
    const correcting = s.misnamed.filter(isOpen).flatMap((m) => [m.claimer, m.discarder]);
    for (let player = 0; player < s.seats.length; player++) {
      if (a.skipPlayers.includes(player) || correcting.includes(player) || s.phase !== 'play') continue;
      if (s.flags.some((f) => f.player === player && (f.code === 'tile-count' || f.code === 'misdeal') && f.status !== 'dismissed')) continue;
      const p = s.seats[player]!;
      const count = s.where.heldBy(player);
      // a player who has just declared a Mah Jongg with her last live hand is out (rule 13) and the
      // turn has moved on, but she completes her turn with a discard (rule 10): until then she holds 28
      const finishing = seatOut(p) && (p.picks > 0 || p.called) && p.racks.some((r) => r.mahJongg?.turnNo === s.turnNo);
      // a player who went out by a death on her pick keeps that tile (afterDeath): 28, not 18C
      const onTurn = (s.turn === player && (p.picks > 0 || p.called)) || finishing || (p.keptPick === true && seatOut(p));
      const expected = variant.hand(onTurn);
      if (count === expected) continue;
      // the director has ruled on this very discrepancy: a dismissed count flag is not raised
      // again while the player holds as many tiles too many (or too few) as it named, on turn or
      // off (29 after picking, then 28 off turn, is the same one tile); another is a new flag
      const ruled = s.flags.some((f) => f.player === player && f.code === 'tile-count' && f.status === 'dismissed' && countOff(f) === count - expected);
      if (ruled) continue;
      if (firstCheck && (s.dealtCounts?.[player] ?? 0) > variant.dealt(player)) {
        raise(
          s,
          raised,
          {
            code: 'misdeal',
            params: { p: player, dealt: s.dealtCounts![player]!, want: variant.dealt(player) },
            rule: '003 rule 18B',
            player,
            rack: null,
            at: a.at,
            ref: a.ref,
            tiles: [],
          },
          (st) => {
            st.misdeal = true;
            endGame(st, 'misdeal (003 rule 18B)');
          },
        );
        continue;
      }
      const situation = onTurn ? 'after picking' : 'off turn';
      const mjRack = p.racks.findIndex((r) => r.mahJongg !== null);
      if (config.countRule === '18A' && mjRack >= 0) {
        const other = p.racks.findIndex((r, i) => i !== mjRack && !r.dead);
        raise(
          s,
          raised,
          {
            code: 'tile-count',
            params: { p: player, n: count, want: expected, situation, rule: '18A', mjRack, otherRack: other },
            rule: '003 rule 18A',
            player,
            rack: other >= 0 ? other : null,
            at: a.at,
            ref: a.ref,
            tiles: [],
          },
          (st) => {
            if (other >= 0) killRack(st, player, other, `${count} tiles ${situation} (003 rule 18A)`);
          },
        );
        continue;
      }
      // 18D: one legitimate Mah Jongg exposed does not save the other hand
      const d = mjRack >= 0;
      raise(
        s,
        raised,
        {
          code: 'tile-count',
          params: { p: player, n: count, want: expected, situation, rule: d ? '18D' : '18C' },
          rule: d ? '003 rules 18C and 18D' : '003 rule 18C',
          player,
          rack: null,
          at: a.at,
          ref: a.ref,
          tiles: [],
        },
        (st) => {
          for (const [ri, r] of st.seats[player]!.racks.entries()) {
            if (!r.dead) {
              r.dead = true;
              r.deadReason = `${count} tiles ${situation} (003 rule 18C)`;
            }
            void ri;
          }
          st.bothDead = player;
          endGame(st, `${name(player)} had ${count} tiles ${situation}: both hands dead (003 rules 18C and 12)`);
        },
      );
    }
  }

  /** Which hand dies for a pick from the wrong wall (003 rule 20), from the referee's state. */
  function wrongWallHand(p: Seat, player: number, s: GameState): ReturnType<NonNullable<Variant['wrongWallHand']>> | null {
    return variant.wrongWallHand?.(p.racks.map((r, i) => ({ mahJongg: r.mahJongg !== null, dead: r.dead, exposed: tilesAt(s.where, 'top', player, i).length > 0 }))) ?? null;
  }

  function doPick(s: GameState, raised: GameFlag[], a: ActionOf<'pick'>, wallBefore: number | null): void {
    const p = s.seats[a.player]!;
    p.picks += 1;
    if (s.phase === 'play' && a.hearing?.zones !== undefined) {
      // the current wall depends on the zones the hub could not hear: judged later (judgeDeferred)
      s.deferredPicks = [...s.deferredPicks, { player: a.player, wall: a.wall, tile: a.tile, left: a.hearing?.left ?? { from: a.at, to: a.at }, to: a.to, at: a.at, ref: a.ref }];
    } else if (s.phase === 'play' && wallBefore !== null && a.wall !== wallBefore) raiseWrongWall(s, raised, a.player, a.wall, wallBefore, a.tile, a.at, a.ref);
  }

  /** A pick from wall `wall` while `wallBefore` was the current wall (003 rule 20): one hand dies. */
  function raiseWrongWall(s: GameState, raised: GameFlag[], player: number, wall: number, wallBefore: number, tile: TileId, at: number, ref: string): void {
    const p = s.seats[player]!;
    const hand = wrongWallHand(p, player, s);
    if (!hand) return; // the table judges no wall order
    // 003 rule 20 is silent with no exposures: the director may choose among the live racks
    const live = p.racks.map((_, i) => i).filter((i) => !p.racks[i]!.dead || i === hand.rack);
    const choice = hand.silent && live.length >= 2 ? { default: hand.rack, racks: live } : null;
    const ruled = choice ? s.rulings.get(flagId(s, 'wrong-wall', ref)) : undefined;
    const chosen = ruled?.ruling === 'confirm' ? ruled.deadRack : undefined;
    const rack = chosen !== undefined && choice!.racks.includes(chosen) ? chosen : hand.rack;
    const why: Rule20Reason = rack === hand.rack ? hand.reason : 'chosen';
    raise(
      s,
      raised,
      {
        code: 'wrong-wall',
        params: { p: player, wall, current: wallBefore, r: rack, why, mayChoose: choice !== null && chosen === undefined },
        rule: '003 rule 20',
        player,
        rack,
        at,
        ref,
        tiles: [tile],
        ...(choice ? { deadRackChoice: choice } : {}),
      },
      (st) => killRack(st, player, rack, `picked from the wrong wall (003 rule 20)`),
    );
  }

  /**
   * The picks made while a zone was not heard (003 rule 20), judged once a move is seen with every
   * zone heard: what the unheard zones hid has been reconciled from their first snapshots by then.
   * A pick from wall X whose tile left it in [f, t] was from the wrong wall when a wall before X in
   * the table's order still held a tile then: it holds one now (walls only empty during a game), or
   * its latest tile left after t. Its latest tile gone before f: the pick was right. Otherwise
   * (the two windows overlap) which came first is not known: listed for the director (`notSeen`).
   */
  function judgeDeferred(s: GameState, raised: GameFlag[]): void {
    if (s.deferredPicks.length === 0) return;
    const picks = s.deferredPicks;
    s.deferredPicks = [];
    const left = wallLeft(s.where, Math.max(...config.wallOrder) + 1);
    for (const d of picks) {
      if (s.phase !== 'play' && s.phase !== 'ended') break;
      let wrong: number | null = null;
      let unknown: { wall: number; out: { from: number; to: number } } | null = null;
      for (const w of config.wallOrder) {
        if (w === d.wall) break;
        const out = s.wallLastOut[w] ?? null;
        if ((left[w] ?? 0) > 0 || (out && out.from > d.left.to)) {
          wrong = w;
          break;
        }
        if (out && out.to >= d.left.from && !unknown) unknown = { wall: w, out };
      }
      const p = s.seats[d.player];
      if (!p || p.racks.every((r) => r.dead || r.mahJongg)) continue;
      if (wrong !== null) raiseWrongWall(s, raised, d.player, d.wall, wrong, d.tile, d.at, d.ref);
      else if (unknown) {
        s.notSeen = [
          ...s.notSeen,
          {
            rule: '003 rule 20',
            player: d.player,
            tiles: [d.tile],
            window: { from: Math.min(d.left.from, unknown.out.from), to: Math.max(d.left.to, unknown.out.to) },
            title: `${name(d.player)}'s pick of ${d.tile} from wall ${d.wall + 1}: wall ${unknown.wall + 1}'s last tile left in the same window, while a reader was not heard; which came first (a pick from the wrong wall?) is not known`,
            ref: d.ref,
          },
        ];
      }
    }
  }

  /**
   * At a turn boundary every rack's exposures must still fit an exposed line on a card in play,
   * judged rack by rack (003 rule 11); a rack whose top fits none is a dead hand.
   *
   * A rack in `unseen` is not judged at this boundary: its reader was not heard at the time, and
   * what happened on its top meanwhile reaches the log only from the reader's next snapshot, after
   * this discard (e.g. a Mah Jongg laid out, then a discard, while the cable was out: the log has
   * the discard before the last 13 tiles of the Mah Jongg, and the one tile already there would
   * "fit no hand"). It is judged at the first boundary after its reader is back, with its
   * reconciled moves in the log: a director can trust that every rule 11 flag was judged on
   * exposures the hub saw whole.
   */
  function checkExposures(s: GameState, raised: GameFlag[], at: number, ref: string, unseen: readonly RackRef[] = []): void {
    for (const [pi, p] of s.seats.entries()) {
      for (const [ri, r] of p.racks.entries()) {
        if (r.dead || r.mahJongg || isUnseen(unseen, pi, ri)) continue;
        const top = tilesAt(s.where, 'top', pi, ri);
        if (top.length === 0 || top.length >= 14) continue;
        if (exposuresFit(config.cards, top.map(kindOf))) {
          r.judgedFit = top;
          continue;
        }
        raise(
          s,
          raised,
          {
            code: 'rack-exposures-fit-no-hand',
            params: { p: pi, r: ri },
            rule: '003 rule 11',
            player: pi,
            rack: ri,
            at,
            ref,
            tiles: top,
          },
          (st) => {
            killRack(st, pi, ri, 'its exposures fit no hand on the cards (003 rule 11)');
            const dead = st.seats[pi]!.racks[ri]!;
            dead.deadByExposure = true;
            dead.deadTiles = top.filter((t) => !dead.judgedFit.includes(t));
          },
        );
      }
    }
  }

  /**
   * A joker taken off the top of a rack: never from an exposed Mah Jongg (003 rules 9, 10C), and
   * from a dead hand only if that exposure did not kill it (rules 9, 15: the joker is not one of
   * the rack's {@link Rack.deadTiles}).
   */
  function checkJokerTaken(s: GameState, raised: GameFlag[], from: Place | null, tile: TileId, at: number, ref: string): void {
    if (!from || from.area !== 'top' || kindOf(tile) !== 'J') return;
    const r = s.seats[from.player]?.racks[from.rack];
    if (!r) return;
    const why = r.mahJongg
      ? { rule: '003 rules 9 and 10C', from: 'mahjongg' as const }
      : r.dead && r.deadTiles.includes(tile)
        ? { rule: '003 rules 9 and 15', from: 'killing-exposure' as const }
        : null;
    if (!why) return;
    raise(
      s,
      raised,
      {
        code: 'joker-not-exchangeable',
        params: { owner: from.player, r: from.rack, from: why.from },
        rule: why.rule,
        player: from.player,
        rack: from.rack,
        at,
        ref,
        tiles: [tile],
      },
      () => undefined,
    );
  }

  /**
   * A discard settled on the floor: a turn boundary. Returns true (a boundary happened).
   * @param unseen racks the hub could not see at the discard (see {@link newTurn})
   */
  function doDiscard(s: GameState, player: number, tile: TileId, at: number, unseen: readonly RackRef[] = []): boolean {
    if (s.phase === 'deal') {
      // East's first discard ends the deal (003 rule 8). What the others hold now is what the
      // deal gave them (18B); East's own surplus came with picking, and is an 18C matter.
      s.phase = 'play';
      s.dealtCounts = s.seats.map((_, i) => (i === player ? variant.dealt(i) : s.where.heldBy(i)));
    }
    s.discards = [...s.discards, tile];
    s.lastDiscard = { tile, by: player, at, racked: false };
    delete s.seats[player]!.keptPick;
    const wallsEmpty = currentWall(s.where, config.wallOrder) === null;
    newTurn(s, nextActive(s, player), null, unseen);
    if (wallsEmpty) {
      const anyMahJongg = s.seats.some((p) => p.racks.some((r) => r.mahJongg));
      s.wallGame = !anyMahJongg;
      endGame(s, anyMahJongg ? 'the walls are used up (003 rule 14)' : 'wall game: the walls are used up with no Mah Jongg (003 rules 14, 17F)');
    }
    return true;
  }

  /**
   * A director's ruling on flag `a.flagId` (both tables): recorded in `s.rulings`, where it stands
   * until a later ruling on that flag. A confirm of a flag of this game awaiting the director, with
   * no dead hand to choose, changes no outcome: the flag's status and words change in place.
   * Any other new ruling changes what the game did from that flag on: the result asks for its game
   * to be folded again ({@link EngineResult.refold}). The same ruling again changes nothing.
   */
  function rule(s: GameState, a: ActionOf<'director-ruling'>): { refold?: number } {
    const was = s.rulings.get(a.flagId);
    if (was && was.ruling === a.ruling && was.deadRack === a.deadRack) return {};
    const ruling = { ruling: a.ruling, ...(a.deadRack !== undefined ? { deadRack: a.deadRack } : {}) };
    s.rulings = new Map(s.rulings).set(a.flagId, ruling);
    const gameNo = gameOfFlag(a.flagId);
    const f = gameNo === s.gameNo ? s.flags.find((x) => x.id === a.flagId) : undefined;
    if (!f || a.ruling !== 'confirm' || a.deadRack !== undefined || f.deadRackChoice || f.status === 'dismissed') return gameNo === null ? {} : { refold: gameNo };
    Object.assign(s, confirmedIn(s, a.flagId));
    // the state kept before the game's Mah Jongg (4-player) has this game's rulings and flags too
    const kept = s.beforeMahJongg;
    if (kept) s.beforeMahJongg = { ...kept, state: { ...kept.state, rulings: new Map(kept.state.rulings).set(a.flagId, ruling), ...confirmedIn(kept.state, a.flagId) } };
    return {};
  }

  /** The flags of `s` with flag `flagId` confirmed (its status and words), when it is raised and awaits the director. */
  function confirmedIn(s: GameState, flagId: string): { flags: GameFlag[] } {
    return {
      flags: s.flags.map((f) =>
        f.id === flagId && f.status === 'awaiting-director'
          ? { ...f, status: 'confirmed', consequence: wordsOf({ code: f.code, params: f.params } as CodedParams, config.names, 'confirmed').consequence }
          : f,
      ),
    };
  }

  /**
   * One action on the state before it: the new state (sharing what the action did not change),
   * the flags it raised and whether a turn boundary happened.
   * @throws Error for an action this table does not take (the 4-player deal, Charleston and the
   *   others the move layer does not give the Siamese table), a `mah-jongg` or `exchange` naming a
   *   seat or rack the table does not have, or an `exchange` without its joker's `to`
   */
  function apply(prev: GameState, a: Action): EngineResult {
    const s = clone(prev);
    const raised: GameFlag[] = [];
    if (a.type === 'director-ruling') return { state: s, flags: raised, boundary: false, ...rule(s, a) };
    if (variantPlay) return { state: s, flags: raised, boundary: variantPlay(s, raised, a) };
    let boundary = false;
    const unheard = a.hearing?.zones === 'unheard';
    const unseen = a.hearing?.racks ?? [];

    if (a.type === 'readers-heard') {
      judgeDeferred(s, raised);
      return { state: s, flags: raised, boundary };
    }
    if (a.type === 'count-check') {
      checkCounts(s, raised, a);
      return { state: s, flags: raised, boundary };
    }
    if (a.type === 'stop') {
      // the hub ends the game here (the table cleared after a ruling undid its end, or the
      // director's choice at a restart): it ends as it stood, its Mah Jonggs scored (003 rule 17)
      if (s.gameNo > 0 && s.phase !== 'waiting' && s.phase !== 'ended') Object.assign(s, { phase: 'ended', endReason: a.reason, turn: null });
      return { state: s, flags: raised, boundary };
    }
    if (a.type === 'director-entry' && a.entry === 'misnamed-exposure') {
      // 003 rule 19A/B: the discard this player called this turn was named wrongly
      const called = s.seats[a.player]?.calledTile;
      if (called && a.named) {
        s.misnamed = [
          ...s.misnamed,
          misnamedExposure({ claimer: a.player, rack: a.rack, tile: called.tile, named: a.named, discarder: called.from, at: a.at, ref: a.ref }, s.where, a.unseenRacks ?? []),
        ];
      }
      return { state: s, flags: raised, boundary };
    }
    if (a.type === 'director-entry') {
      const r = s.seats[a.player]?.racks[a.rack];
      // 003 rule 19C/D: the discarder pays for the mis-named tile; the scorer applies it
      if (r?.mahJongg && r.mahJongg.claimedFrom !== null) r.mahJongg = { ...r.mahJongg, misnamedDiscard: true };
      return { state: s, flags: raised, boundary };
    }
    if (a.type === 'mah-jongg') {
      // 003 rules 10, 11: a Mah Jongg declared on a rack (its top reached 14 tiles), verified at once
      if (!s.seats[a.player]?.racks[a.rack])
        throw new Error(`a mah-jongg at ref ${a.ref} names player ${a.player}'s rack ${a.rack}: the table has ${s.seats.length} players of ${config.racksPerPlayer} racks`);
      if (s.phase === 'deal' || s.phase === 'play') verifyMahJongg(s, raised, a.player, a.rack, a.at, a.ref);
      if (unheard) listUnheardMahJonggs(prev, s, a);
      return { state: s, flags: raised, boundary };
    }
    if (a.type === 'exchange' && (!a.to || !s.seats[a.owner]?.racks[a.rack])) {
      throw new Error(`an exchange on the ${variant.id} table is the joker's move: ref ${a.ref} ${a.to ? `names owner ${a.owner}'s rack ${a.rack}, not on the table` : 'has no `to`'}`);
    }
    if (a.type !== 'build' && a.type !== 'pick' && a.type !== 'discard' && a.type !== 'call' && a.type !== 'expose' && a.type !== 'arrange' && a.type !== 'stray' && a.type !== 'exchange') {
      throw new Error(`the ${variant.id} engine does not take a '${a.type}' action yet (ref ${a.ref})`);
    }
    // an exposure on this table is one tile laid on a top (003 rule 11); an exchange moves its joker
    const tile = a.type === 'expose' ? a.tiles[0] : a.type === 'exchange' ? a.joker : a.tile;
    if (tile === undefined || (a.type === 'expose' && a.tiles.length !== 1))
      throw new Error(`an expose on the ${variant.id} table lays one tile; ref ${a.ref} lays ${a.type === 'expose' ? a.tiles.length : 0}`);

    // -- every move first updates where the tile is
    const from = prev.where.get(tile) ?? null;
    const to: Place =
      a.type === 'build' ? { area: 'wall', wall: a.wall } : a.type === 'discard' ? { area: 'floor' } : a.type === 'expose' ? { area: 'top', player: a.player, rack: a.rack } : a.to!;
    // a move seen with every zone heard and reconciled: the picks made while one was not are judged
    // first ('reconciling': every zone heard again, but the moves their first snapshots reveal may
    // still be settling, so those picks wait for `readers-heard`)
    if (a.hearing?.zones === undefined) judgeDeferred(s, raised);
    const wallBefore = currentWall(s.where, config.wallOrder);
    s.where = s.where.with(tile, to);
    if (from?.area === 'wall' && to.area !== 'wall' && s.phase !== 'waiting') {
      const out = a.hearing?.left ?? { from: a.at, to: a.at };
      const last = s.wallLastOut[from.wall];
      const wallLastOut = [...s.wallLastOut];
      wallLastOut[from.wall] = last ? { from: Math.max(last.from, out.from), to: Math.max(last.to, out.to) } : out;
      s.wallLastOut = wallLastOut;
    }

    // -- a new game begins when all 152 tiles are back in the walls
    if (a.type === 'build') {
      if (s.where.inWalls() === TILES_IN_SET && s.phase !== 'deal') {
        s.gameNo += 1;
        s.phase = 'deal';
        s.endReason = null;
        s.turn = 0;
        s.turnNo = 0;
        s.discards = [];
        s.lastDiscard = null;
        s.seats = freshSeats(s.seats.length, config.racksPerPlayer);
        s.bothDead = null;
        s.misdeal = false;
        s.checkedAfterDeal = false;
        s.dealtCounts = null;
        s.wallGame = false;
        s.flags = [];
        s.wallLastOut = [];
        s.deferredPicks = [];
        s.notSeen = [];
        s.misnamed = [];
      }
      return { state: s, flags: raised, boundary };
    }
    if (s.phase === 'waiting' || s.phase === 'ended') return { state: s, flags: raised, boundary };

    // a mis-named discard claimed for an exposure being corrected (003 rule 19A, rules/game/misnamed.ts)
    // the open entry is changed below: a copy, in a new list (the state before keeps its own)
    const found = s.misnamed.find(isOpen);
    const open = found && { ...found };
    if (open) s.misnamed = s.misnamed.map((m) => (m === found ? open : m));
    const bearing = open
      ? classifyMove(open, { type: a.type === 'discard' || a.type === 'call' || a.type === 'pick' ? a.type : 'other', player: 'player' in a ? a.player : null, tile, from })
      : null;
    if (open && bearing === 'replacement') open.replacement = tile;
    if (open && bearing === 'play-on') open.status = 'not-made';
    if (open) afterMove(open, s.where);
    if (open && bearing === 'return' && (a.type === 'discard' || a.type === 'call')) {
      // the called tile going back to the discarder over the floor: neither a discard nor a call
      s.discards = s.discards.filter((t) => t !== tile);
      return { state: s, flags: raised, boundary };
    }

    switch (a.type) {
      case 'pick':
        doPick(s, raised, a, wallBefore);
        break;
      case 'discard': {
        // the claimer's exposures lack the called tile while it is being put right: not judged at its discard
        const correcting = open && bearing === 'replacement' ? [{ player: open.claimer, rack: open.rack }] : [];
        checkExposures(s, raised, a.at, a.ref, [...unseen, ...correcting]);
        boundary = doDiscard(s, a.player, a.tile, a.at, unseen);
        break;
      }
      case 'call': {
        if (unheard && s.lastDiscard?.tile !== a.tile) {
          // a call the hub learns of only now (its rack was not heard): play has gone on since, so
          // the turn stays where the moves seen since put it; the tile leaves the discards
          // (with two players the discarder was the other one)
          s.discards = s.discards.filter((t) => t !== a.tile);
          const p = s.seats[a.player]!;
          const other = s.seats.length === 2 ? 1 - a.player : null;
          if (s.turn === a.player) {
            p.called = true;
            p.calledTile = other !== null ? { tile: a.tile, from: other } : null;
          }
          break;
        }
        const by = s.lastDiscard && s.lastDiscard.tile === a.tile ? s.lastDiscard.by : null;
        if (by !== null) s.discards = s.discards.filter((t) => t !== a.tile);
        s.lastDiscard = null;
        boundary = true;
        newTurn(s, a.player, a.tile);
        const p = s.seats[a.player]!;
        p.called = true;
        p.calledTile = by !== null ? { tile: a.tile, from: by } : null;
        break;
      }
      case 'exchange':
        // the joker leaves the top it was on (where the given tile now is): 003 rules 9, 10C, 15
        checkJokerTaken(s, raised, from, a.joker, a.at, a.ref);
        break;
      case 'stray':
        // a joker taken from a top with no tile given for it is judged the same
        checkJokerTaken(s, raised, a.from, a.tile, a.at, a.ref);
        break;
    }
    if (unheard) listUnheardMahJonggs(prev, s, a);
    return { state: s, flags: raised, boundary };
  }

  /**
   * A Mah Jongg completed by a move the hub saw while a reader was not heard (or only across a
   * reconnect): when its last tile came, and so its order among the Mah Jonggs and whether that
   * tile was a called discard (003 rules 17, 19), is not known. Listed for the director.
   */
  function listUnheardMahJonggs(prev: GameState, s: GameState, a: Action): void {
    for (const [pi, p] of s.seats.entries()) {
      for (const [ri, r] of p.racks.entries()) {
        if (!r.mahJongg || prev.seats[pi]?.racks[ri]?.mahJongg) continue;
        const window = a.hearing?.left ?? { from: a.at, to: a.at };
        s.notSeen = [
          ...s.notSeen,
          {
            rule: '003 rules 17 and 19',
            player: pi,
            tiles: tilesAt(s.where, 'top', pi, ri),
            window,
            title: `${name(pi)}'s Mah Jongg on rack ${ri + 1} was completed while a reader was not heard: its order among the Mah Jonggs and whether its last tile was a called discard are not known`,
            ref: a.ref,
          },
        ];
      }
    }
  }

  return { apply, lowestCardValue };
}

/** The engine's interface. */
export type Engine = ReturnType<typeof createEngine>;

/**
 * The actions of one move (the move layer's reading, hub/table/moves/moves.ts; or the actions a
 * version 1 record line is read as), applied in order as one: the last state, every flag raised,
 * and whether any made a turn boundary.
 * @throws whatever `engine.apply` throws on one of them; the state given is not changed (each
 *   action works on a copy), so a caller that catches keeps the state before the move
 */
export function applyAll(engine: Engine, state: GameState, actions: readonly Action[]): EngineResult {
  let s = state;
  const flags: GameFlag[] = [];
  let boundary = false;
  for (const action of actions) {
    const r = engine.apply(s, action);
    s = r.state;
    flags.push(...r.flags);
    boundary ||= r.boundary;
  }
  return { state: s, flags, boundary };
}
