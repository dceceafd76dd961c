/**
 * The Royale Siamese referee (003): two players, two racks each.
 *
 * A pure state machine: `siameseReferee(config).apply(state, action) → { state, flags, boundary }`.
 * It knows where every tile is (from settled moves), whose turn it is, each hand's Mah Jongg or
 * death, and raises flags with their evidence. Consequences are applied at once and marked
 * "awaiting the director"; a flag whose id is in `config.dismissed` is recorded as dismissed and
 * has no consequence, so re-applying the whole log after a dismissal rebuilds every view.
 *
 * Rules automated here:
 * - 5, 8: 27 tiles each from the deal, East picks the 28th and discards first.
 * - 10, 11, 10E: a rack whose top holds 14 tiles has declared Mah Jongg; it is verified at once
 *   against the cards; a hand that fits no line is a Mah Jongg in error and that hand is dead.
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
 * What the hub did not see is not judged: a rack whose reader was unplugged or rebooting at a
 * discard (the action's `unseen`) has its exposures judged at the first turn boundary after the
 * reader is back (rule 11), and a count check skips the players it names (18C).
 */
import type { Card } from '../card/types.js';
import { kindOf, TILES_IN_SET, type TileId, type TileKind } from '../tiles.js';
import type { GameAction, CountCheckAction, UnseenRack } from './actions.js';
import type { Place } from './places.js';
import { matchTiles } from '../match.js';
import { exposuresFit } from '../exposures.js';
import { afterMove, classifyMove, isOpen, misnamedExposure, type MisnamedExposure } from './misnamed.js';
import { TilePlaces } from './tile-places.js';
import { rule20Hand, SIAMESE_HAND, type CountRule } from '../variants/siamese.js';
import { idKindOf, wordsOf, type CodedParams, type FlagParams, type Rule20Reason } from '../wording/flags.js';

export type { MisnamedExposure } from './misnamed.js';

// the Siamese variant's numbers and rule 20's choice live in rules/variants/siamese.ts (docs/one-engine.md, stage 2)
export { COUNT_RULES, DEFAULT_COUNT_RULE, rule20Hand, SIAMESE_HAND, type CountRule } from '../variants/siamese.js';

/** Settings of one Siamese table. */
export interface SiameseConfig {
  /** player names, index 0 is East */
  names: readonly string[];
  racksPerPlayer: number;
  tilesPerWall: number;
  /** order in which walls are used; each stays current until empty */
  wallOrder: readonly number[];
  /** the cards the table plays (NMJL-style and Siamese together, rules 11 and 17A) */
  cards: readonly Card[];
  /** ids of flags the director dismissed: recorded, but with no consequence */
  dismissed: ReadonlySet<string>;
  /** ids of flags the director confirmed */
  confirmed: ReadonlySet<string>;
  /**
   * flag id → the rack (index, 0 = rack 1) the director chose to die for a wrong-wall flag where
   * 003 rule 20 is silent (no exposures on either rack: see {@link rule20Hand}); a flag not in it
   * kills the default hand (rack 1). Optional: none chosen.
   */
  chosenDeadRacks?: ReadonlyMap<string, number>;
  /**
   * A wrong tile count of a player who has one legitimate Mah Jongg exposed: '18D' (the later
   * revision, the default: {@link DEFAULT_COUNT_RULE}) kills both hands; '18A' kills only the other
   * hand and the Mah Jongg is paid ({@link COUNT_RULES}).
   */
  countRule?: CountRule;
}

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

/** The catalogue codes the Siamese referee raises. */
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
  const w = state.where;
  return state.players.map((_, player) => Array.from({ length: racksPerPlayer }, (_, rack) => w.countIn({ area: 'rack', player, rack }) + w.countIn({ area: 'top', player, rack })));
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
  return Array.from({ length: walls }, (_, wall) => state.where.countIn({ area: 'wall', wall }));
}

/** The current wall: the first wall in the table's order that still holds a tile, or null when all are used up. */
export function currentWall(state: SiameseState, wallOrder: readonly number[]): number | null {
  for (const wall of wallOrder) if (state.where.countIn({ area: 'wall', wall }) > 0) return wall;
  return null;
}

/** A player who can no longer play: both hands dead, or one Mah Jongg and one dead hand (rules 12, 13), or two Mah Jonggs. */
export function isOut(p: PlayerState): boolean {
  return p.racks.every((r) => r.dead || r.mahJongg !== null);
}

// ---------------------------------------------------------------- the referee

/** The deterministic id of a flag of game `s.gameNo`: `g<game>-<kind>-<ref>`, e.g. `"g1-wrong-wall-212"`. */
function flagId(s: { gameNo: number }, kind: Flag['kind'], ref: string): string {
  return `g${s.gameNo}-${kind}-${ref}`;
}

/** Creates the referee for one table. */
export function siameseReferee(config: SiameseConfig) {
  const name = (p: number) => config.names[p] ?? `player ${p}`;
  const lowestCardValue = Math.min(...config.cards.flatMap((c) => c.lines.map((l) => l.value)));

  /** Raises a flag with its words from the catalogue (rules/wording/flags.ts), and applies `consequence` unless the director dismissed it. */
  function raise(s: SiameseState, raised: Flag[], f: FlagDraft, consequence: (s: SiameseState) => void): void {
    const kind = idKindOf(f.code) as Flag['kind'];
    const id = flagId(s, kind, f.ref);
    const status = config.dismissed.has(id) ? 'dismissed' : config.confirmed.has(id) ? 'confirmed' : 'awaiting-director';
    const words = wordsOf(f, config.names, status);
    const flag: Flag = {
      id,
      kind,
      code: f.code,
      seed: '003',
      params: f.params as FlagParams,
      rule: f.rule,
      title: words.title,
      player: f.player,
      rack: f.rack,
      at: f.at,
      status,
      consequence: words.consequence,
      evidence: { tiles: f.tiles, refs: f.refs ?? [f.ref], counts: rackCounts(s, config.racksPerPlayer) },
      ...(f.deadRackChoice ? { deadRackChoice: f.deadRackChoice } : {}),
    };
    s.flags = [...s.flags, flag];
    raised.push(flag);
    if (status !== 'dismissed') consequence(s);
  }

  /**
   * The state an action starts from: a new object sharing every list with `s` (each change makes a
   * new list: `where` by {@link TilePlaces.with}, the others as `[...list, item]`), with copies of
   * the players and their racks only (two players, a few fields: what most actions change).
   */
  function clone(s: SiameseState): SiameseState {
    return { ...s, players: s.players.map((p) => ({ ...p, racks: p.racks.map((r) => ({ ...r })) })) };
  }

  function endGame(s: SiameseState, reason: string): void {
    if (s.phase === 'ended') return;
    s.phase = 'ended';
    s.endReason = reason;
    s.turn = null;
  }

  function killRack(s: SiameseState, player: number, rack: number, reason: string): void {
    const r = s.players[player]!.racks[rack]!;
    if (r.dead || r.mahJongg) return;
    r.dead = true;
    r.deadReason = reason;
    afterDeath(s, player);
  }

  function afterDeath(s: SiameseState, player: number): void {
    const p = s.players[player]!;
    if (p.racks.every((r) => r.dead)) {
      // rule 12: dead for both hands, the game ceases
      s.bothDead = player;
      endGame(s, `${name(player)} is dead on both hands (003 rule 12)`);
      return;
    }
    if (s.players.every(isOut)) endGame(s, 'no hand is left alive');
    else if (s.turn === player && isOut(p)) s.turn = nextActive(s, player);
  }

  function nextActive(s: SiameseState, from: number): number | null {
    const n = s.players.length;
    for (let i = 1; i <= n; i++) {
      const q = (from + i) % n;
      if (!isOut(s.players[q]!)) return q;
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
  function newTurn(s: SiameseState, player: number | null, called: TileId | null = null, unseen: readonly UnseenRack[] = []): void {
    s.turn = player;
    s.turnNo += 1;
    for (const [pi, p] of s.players.entries()) {
      p.picks = 0;
      p.called = false;
      p.calledTile = null;
      for (const [ri, r] of p.racks.entries()) {
        if (isUnseen(unseen, pi, ri)) continue;
        if (tilesAt(s, 'top', pi, ri).some((t) => t !== called)) r.exposedBefore = true;
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
  function verifyMahJongg(s: SiameseState, raised: Flag[], player: number, rack: number, at: number, ref: string): void {
    const r = s.players[player]!.racks[rack]!;
    if (r.mahJongg || r.dead) return;
    const top = tilesAt(s, 'top', player, rack);
    const deadRack = s.players[player]!.racks.findIndex((x, i) => i !== rack && x.dead && x.deadTiles.some((t) => top.includes(t)));
    if (deadRack >= 0) {
      const used = s.players[player]!.racks[deadRack]!.deadTiles.filter((t) => top.includes(t));
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
          const dead = st.players[player]!.racks[rack]!;
          if (dead.dead) dead.deadTiles = top.filter((t) => !dead.judgedFit.includes(t));
        },
      );
      return;
    }
    // the player is paid the best line the tiles complete
    const best = [...matches].sort((a, b) => b.line.value - a.line.value || Number(b.jokerless) - Number(a.jokerless))[0]!;
    const p = s.players[player]!;
    const other = p.racks.find((x, i) => i !== rack && x.mahJongg);
    const called = p.calledTile && top.includes(p.calledTile.tile) ? p.calledTile.from : null;
    r.mahJongg = {
      lineId: best.line.id,
      lineText: best.line.text,
      category: best.line.category,
      value: best.line.value,
      jokerless: best.jokerless,
      singlesAndPairs: best.line.singlesAndPairs,
      order: other ? 2 : 1,
      claimedFrom: called,
      turnNo: s.turnNo,
      at,
      misnamedDiscard: false,
    };
    if (other) endGame(s, `${name(player)} made two Mah Jonggs (003 rule 14)`);
    else if (isOut(p)) afterDeath(s, player);
  }

  function checkCounts(s: SiameseState, raised: Flag[], a: CountCheckAction): void {
    if (s.phase !== 'play') return;
    const firstCheck = !s.checkedAfterDeal;
    s.checkedAfterDeal = true;
    // a mis-named discard being put right (003 rule 19A): its tiles are changing hands
    const correcting = s.misnamed.filter(isOpen).flatMap((m) => [m.claimer, m.discarder]);
    for (let player = 0; player < s.players.length; player++) {
      if (a.skipPlayers.includes(player) || correcting.includes(player) || s.phase !== 'play') continue;
      if (s.flags.some((f) => f.player === player && (f.kind === 'tile-count' || f.kind === 'misdeal') && f.status !== 'dismissed')) continue;
      const p = s.players[player]!;
      const count = playerCount(s, player);
      // the director has ruled on this very count: a dismissed count flag is not raised again
      // until the player's count changes (a new discrepancy is a new flag)
      const ruled = s.flags.some((f) => f.player === player && f.kind === 'tile-count' && f.status === 'dismissed' && (f.evidence.counts[player] ?? []).reduce((a, b) => a + b, 0) === count);
      if (ruled) continue;
      // a player who has just declared a Mah Jongg with her last live hand is out (rule 13) and the
      // turn has moved on, but she completes her turn with a discard (rule 10): until then she holds 28
      const finishing = isOut(p) && (p.picks > 0 || p.called) && p.racks.some((r) => r.mahJongg?.turnNo === s.turnNo);
      const onTurn = (s.turn === player && (p.picks > 0 || p.called)) || finishing;
      const expected = SIAMESE_HAND + (onTurn ? 1 : 0);
      if (count === expected) continue;
      if (firstCheck && (s.dealtCounts?.[player] ?? 0) > SIAMESE_HAND) {
        raise(
          s,
          raised,
          {
            code: 'misdeal',
            params: { p: player, dealt: s.dealtCounts![player]!, want: SIAMESE_HAND },
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
          for (const [ri, r] of st.players[player]!.racks.entries()) {
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
  function wrongWallHand(p: PlayerState, player: number, s: SiameseState): ReturnType<typeof rule20Hand> {
    return rule20Hand(p.racks.map((r, i) => ({ mahJongg: r.mahJongg !== null, dead: r.dead, exposed: tilesAt(s, 'top', player, i).length > 0 })));
  }

  function doPick(
    s: SiameseState,
    raised: Flag[],
    a: { player: number; wall: number; tile: TileId; to: Place; at: number; ref: string; unheard?: true; left?: { from: number; to: number } },
    wallBefore: number | null,
  ): void {
    const p = s.players[a.player]!;
    p.picks += 1;
    if (s.phase === 'play' && a.unheard) {
      // the current wall depends on the zones the hub could not hear: judged later (judgeDeferred)
      s.deferredPicks = [...s.deferredPicks, { player: a.player, wall: a.wall, tile: a.tile, left: a.left ?? { from: a.at, to: a.at }, to: a.to, at: a.at, ref: a.ref }];
    } else if (s.phase === 'play' && wallBefore !== null && a.wall !== wallBefore) raiseWrongWall(s, raised, a.player, a.wall, wallBefore, a.tile, a.at, a.ref);
    if (a.to.area === 'top') verifyTop(s, raised, a.to, a.at, a.ref);
  }

  /** A pick from wall `wall` while `wallBefore` was the current wall (003 rule 20): one hand dies. */
  function raiseWrongWall(s: SiameseState, raised: Flag[], player: number, wall: number, wallBefore: number, tile: TileId, at: number, ref: string): void {
    const p = s.players[player]!;
    const hand = wrongWallHand(p, player, s);
    // 003 rule 20 is silent with no exposures: the director may choose among the live racks
    const live = p.racks.map((_, i) => i).filter((i) => !p.racks[i]!.dead || i === hand.rack);
    const choice = hand.silent && live.length >= 2 ? { default: hand.rack, racks: live } : null;
    const chosen = choice ? config.chosenDeadRacks?.get(flagId(s, 'wrong-wall', ref)) : undefined;
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
  function judgeDeferred(s: SiameseState, raised: Flag[]): void {
    if (s.deferredPicks.length === 0) return;
    const picks = s.deferredPicks;
    s.deferredPicks = [];
    const left = wallLeft(s, Math.max(...config.wallOrder) + 1);
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
      const p = s.players[d.player];
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
  function checkExposures(s: SiameseState, raised: Flag[], at: number, ref: string, unseen: readonly UnseenRack[] = []): void {
    for (const [pi, p] of s.players.entries()) {
      for (const [ri, r] of p.racks.entries()) {
        if (r.dead || r.mahJongg || isUnseen(unseen, pi, ri)) continue;
        const top = tilesAt(s, 'top', pi, ri);
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
            const dead = st.players[pi]!.racks[ri]!;
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
   * the rack's {@link RackState.deadTiles}).
   */
  function checkJokerTaken(s: SiameseState, raised: Flag[], from: Place | null, tile: TileId, at: number, ref: string): void {
    if (!from || from.area !== 'top' || kindOf(tile) !== 'J') return;
    const r = s.players[from.player]?.racks[from.rack];
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
  function doDiscard(s: SiameseState, player: number, tile: TileId, at: number, unseen: readonly UnseenRack[] = []): boolean {
    if (s.phase === 'deal') {
      // East's first discard ends the deal (003 rule 8). What the others hold now is what the
      // deal gave them (18B); East's own surplus came with picking, and is an 18C matter.
      s.phase = 'play';
      s.dealtCounts = s.players.map((_, i) => (i === player ? SIAMESE_HAND : playerCount(s, i)));
    }
    s.discards = [...s.discards, tile];
    s.lastDiscard = { tile, by: player, at };
    const wallsEmpty = currentWall(s, config.wallOrder) === null;
    newTurn(s, nextActive(s, player), null, unseen);
    if (wallsEmpty) {
      const anyMahJongg = s.players.some((p) => p.racks.some((r) => r.mahJongg));
      s.wallGame = !anyMahJongg;
      endGame(s, anyMahJongg ? 'the walls are used up (003 rule 14)' : 'wall game: the walls are used up with no Mah Jongg (003 rules 14, 17F)');
    }
    return true;
  }

  function apply(prev: SiameseState, a: GameAction): ApplyResult {
    const s = clone(prev);
    const raised: Flag[] = [];
    let boundary = false;

    if (a.type === 'readers-heard') {
      judgeDeferred(s, raised);
      return { state: s, flags: raised, boundary };
    }
    if (a.type === 'count-check') {
      checkCounts(s, raised, a);
      return { state: s, flags: raised, boundary };
    }
    if (a.type === 'director-entry' && a.entry === 'misnamed-exposure') {
      // 003 rule 19A/B: the discard this player called this turn was named wrongly
      const called = s.players[a.player]?.calledTile;
      if (called && a.named) {
        s.misnamed = [
          ...s.misnamed,
          misnamedExposure({ claimer: a.player, rack: a.rack, tile: called.tile, named: a.named, discarder: called.from, at: a.at, ref: a.ref }, s.where, a.unseenRacks ?? []),
        ];
      }
      return { state: s, flags: raised, boundary };
    }
    if (a.type === 'director-entry') {
      const r = s.players[a.player]?.racks[a.rack];
      // 003 rule 19C/D: the discarder pays for the mis-named tile; the scorer applies it
      if (r?.mahJongg && r.mahJongg.claimedFrom !== null) r.mahJongg = { ...r.mahJongg, misnamedDiscard: true };
      return { state: s, flags: raised, boundary };
    }

    // -- every move first updates where the tile is
    const from = prev.where.get(a.tile) ?? null;
    const to: Place = a.type === 'build' ? { area: 'wall', wall: a.wall } : a.type === 'discard' ? { area: 'floor' } : a.to;
    // a move seen with every zone heard: the picks made while one was not are judged first
    if (!a.unheard) judgeDeferred(s, raised);
    const wallBefore = currentWall(s, config.wallOrder);
    s.where = s.where.with(a.tile, to);
    if (from?.area === 'wall' && to.area !== 'wall' && s.phase !== 'waiting') {
      const out = a.left ?? { from: a.at, to: a.at };
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
        s.players = freshPlayers(config.names.length, config.racksPerPlayer);
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

    // a mis-named discard claimed for an exposure being corrected (003 rule 19A, ./misnamed.ts)
    // the open entry is changed below: a copy, in a new list (the state before keeps its own)
    const found = s.misnamed.find(isOpen);
    const open = found && { ...found };
    if (open) s.misnamed = s.misnamed.map((m) => (m === found ? open : m));
    const bearing = open
      ? classifyMove(open, { type: a.type === 'discard' || a.type === 'call' || a.type === 'pick' ? a.type : 'other', player: 'player' in a ? a.player : null, tile: a.tile, from })
      : null;
    if (open && bearing === 'replacement') open.replacement = a.tile;
    if (open && bearing === 'play-on') open.status = 'not-made';
    if (open) afterMove(open, s.where);
    if (open && bearing === 'return' && (a.type === 'discard' || a.type === 'call')) {
      // the called tile going back to the discarder over the floor: neither a discard nor a call
      s.discards = s.discards.filter((t) => t !== a.tile);
      return { state: s, flags: raised, boundary };
    }

    switch (a.type) {
      case 'pick':
        doPick(s, raised, a, wallBefore);
        break;
      case 'discard': {
        // the claimer's exposures lack the called tile while it is being put right: not judged at its discard
        const correcting = open && bearing === 'replacement' ? [{ player: open.claimer, rack: open.rack }] : [];
        checkExposures(s, raised, a.at, a.ref, [...(a.unseen ?? []), ...correcting]);
        boundary = doDiscard(s, a.player, a.tile, a.at, a.unseen);
        break;
      }
      case 'call': {
        if (a.unheard && s.lastDiscard?.tile !== a.tile) {
          // a call the hub learns of only now (its rack was not heard): play has gone on since, so
          // the turn stays where the moves seen since put it; the tile leaves the discards
          // (with two players the discarder was the other one)
          s.discards = s.discards.filter((t) => t !== a.tile);
          const p = s.players[a.player]!;
          const other = s.players.length === 2 ? 1 - a.player : null;
          if (s.turn === a.player) {
            p.called = true;
            p.calledTile = other !== null ? { tile: a.tile, from: other } : null;
          }
          if (a.to.area === 'top') verifyTop(s, raised, a.to, a.at, a.ref);
          break;
        }
        const by = s.lastDiscard && s.lastDiscard.tile === a.tile ? s.lastDiscard.by : null;
        if (by !== null) s.discards = s.discards.filter((t) => t !== a.tile);
        s.lastDiscard = null;
        boundary = true;
        newTurn(s, a.player, a.tile);
        const p = s.players[a.player]!;
        p.called = true;
        p.calledTile = by !== null ? { tile: a.tile, from: by } : null;
        if (a.to.area === 'top') verifyTop(s, raised, a.to, a.at, a.ref);
        break;
      }
      case 'arrange': {
        checkJokerTaken(s, raised, a.from, a.tile, a.at, a.ref);
        if (a.to.area === 'top') verifyTop(s, raised, a.to, a.at, a.ref);
        break;
      }
      case 'other-move': {
        checkJokerTaken(s, raised, a.from, a.tile, a.at, a.ref);
        if (a.from?.area === 'wall' && a.to.area === 'floor' && s.turn !== null) {
          // picked and thrown without being racked long enough to be read there: a pick and a discard
          const player = s.turn;
          doPick(s, raised, { ...a, player, wall: a.from.wall }, wallBefore);
          checkExposures(s, raised, a.at, a.ref, a.unseen);
          boundary = doDiscard(s, player, a.tile, a.at, a.unseen);
        } else if (a.to.area === 'top') verifyTop(s, raised, a.to, a.at, a.ref);
        break;
      }
    }
    if (a.unheard) listUnheardMahJonggs(prev, s, a);
    return { state: s, flags: raised, boundary };
  }

  /**
   * A Mah Jongg completed by a move the hub saw while a reader was not heard (or only across a
   * reconnect): when its last tile came, and so its order among the Mah Jonggs and whether that
   * tile was a called discard (003 rules 17, 19), is not known. Listed for the director.
   */
  function listUnheardMahJonggs(prev: SiameseState, s: SiameseState, a: GameAction): void {
    for (const [pi, p] of s.players.entries()) {
      for (const [ri, r] of p.racks.entries()) {
        if (!r.mahJongg || prev.players[pi]?.racks[ri]?.mahJongg) continue;
        const window = a.left ?? { from: a.at, to: a.at };
        s.notSeen = [
          ...s.notSeen,
          {
            rule: '003 rules 17 and 19',
            player: pi,
            tiles: tilesAt(s, 'top', pi, ri),
            window,
            title: `${name(pi)}'s Mah Jongg on rack ${ri + 1} was completed while a reader was not heard: its order among the Mah Jonggs and whether its last tile was a called discard are not known`,
            ref: a.ref,
          },
        ];
      }
    }
  }

  function verifyTop(s: SiameseState, raised: Flag[], to: Place, at: number, ref: string): void {
    if (to.area !== 'top') return;
    if (tilesAt(s, 'top', to.player, to.rack).length === 14) verifyMahJongg(s, raised, to.player, to.rack, at, ref);
  }

  return { apply, lowestCardValue };
}

function isUnseen(unseen: readonly UnseenRack[], player: number, rack: number): boolean {
  return unseen.some((u) => u.player === player && u.rack === rack);
}

/** The referee's interface. */
export type SiameseReferee = ReturnType<typeof siameseReferee>;
