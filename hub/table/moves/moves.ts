/**
 * The move layer of both tables (docs/one-engine.md stage 5): settled tile moves (tile, from place,
 * to place, by tile id) become the one engine's actions (rules/game/actions.ts `Action`). The
 * {@link MoveReader} keeps where every tile is, what is in progress (a call, a Charleston pass, half
 * of a joker exchange) and what the hub could not hear; what it reads differently on each table is
 * in ./variants.ts. It judges nothing: the engine does (rules/game/apply.ts).
 *
 * **Royale Siamese (003): one move, one action** (or two: a pick and its discard):
 *
 * | from            | to                    | action                        |
 * |-----------------|-----------------------|-------------------------------|
 * | anywhere        | a wall                | `build` (walls for a new game)|
 * | a wall          | a player's rack / top | `pick` (dealing, then picking)|
 * | a player's rack / top | the floor       | `discard`                     |
 * | a wall          | the floor             | `pick` by the player on turn (to her rack 1) and `discard`, both with the move's ref; `stray` when nobody is on turn |
 * | the floor       | a player's rack / top | `call`                        |
 * | a player's rack | same player's top     | `expose` of that one tile (003 rule 11) |
 * | a top           | a rack, a joker, right after a tile went from that rack onto that top | `exchange` (the joker's move; `given` the tile) |
 * | a top           | a rack or a top, a joker, otherwise | `stray` (judged: 003 rules 9, 10C, 15) |
 * | a player's rack / top | same player's rack / top | `arrange`          |
 * | anything else   |                       | `stray` (a joker taken from a top is judged on it: 003 rules 9, 10C, 15) |
 * | any move that leaves a rack's top with 14 tiles | the move's action, then `mah-jongg` on that rack (same `ref`: 003 rules 10, 11) |
 *
 * **4-player (000 on NMJL): several moves make one action.**
 * The actions name the walls as the engine counts them (rules/variants/standard/play.ts: 000 judges
 * no wall order, so the walls are one): a pick is from wall 0 whichever of the table's walls the
 * tile left, and the deal's `walls` are the tiles left to pick and the rest of the set out of play.
 * The table's own walls are this reader's (`wallCounts`, `builtWalls`), for the views and the record's header.
 * A `call` names no `rivals` (the readers see one claim: the tile's move), an `expose` only the tiles
 * laid beside the called tile (the engine holds that one on the caller's top since the call).
 *
 * | moves                                                         | action(s)                              |
 * |---------------------------------------------------------------|----------------------------------------|
 * | tiles into the walls until the 4 walls hold all 152            | a new game is ready to deal            |
 * | wall → rack until East 14, South 13, West 13, North 13 (or the first other move) | `deal` (what each rack holds; `walls`: the tiles left in the walls, to pick, then the rest) |
 * | rack → another player's rack, 3 from each player (own + blind) | `pass` (first right, across, left …)   |
 * | rack(q) → rack(r), h ≥ 2 hops of the stage's offset (first left: two seats on) | `pass`: `blind` +1 for each seat in between |
 * | a tile received in this pass, racked, then on to the next rack | `pass`: `blind` +1 for the player it left |
 * | after the first left: a pass to the left / across              | `charleston-vote` wants yes / no     |
 * | rack → the rack across after the last Charleston, then a discard | `courtesy` (0-3 tiles each)           |
 * | a joker passed, then the same joker back to its passer         | (the return is the referee's ruling)   |
 * | wall → a player's rack (also before East's first discard)      | `pick` from wall 0 (the engine's one wall to pick from) |
 * | wall → floor in play, the player on turn yet to pick (no stop on her rack the readers timed) | her `pick` and `discard`, one ref |
 * | rack (or top) → floor                                          | `discard`                              |
 * | rack(A) → top(B), then within `TRANSIT_MS` top(B) → floor      | `discard` by A (carried over B's top)  |
 * | floor → top of a rack, rack → same top (n tiles), then a discard | `call` for a pung/kong/quint/sextet (by the group's size) and `expose` |
 * | rack → own top (tiles of one kind, jokers), then floor → that top (a tile of that kind), then a discard | the same: the tiles laid first are the called tile's group |
 * | floor → top of a rack, 1 tile laid beside it (or different tiles: NEWS, a year), then a discard | `call` for a pair (or by size) and `expose`: the referee flags a pair or singles exposed |
 * | floor → top of a rack, nothing laid, the called tile still on that top at her discard | `call` for a single and `expose` of nothing: a single exposed (flagged) |
 * | floor → top of a rack, returned top → floor                    | `call` (refused: too late), nothing more |
 * | floor → inside a rack                                          | `call` `to` the rack (000: dead)      |
 * | a rack's top reaches 14 tiles (a tile laid, called, or picked straight onto it) | (`call` for Mah Jongg and) `mah-jongg` |
 * | a natural rack(A) → top(B) with a joker top(B) → rack(A)       | `exchange`                             |
 * | a natural rack(A) → top(A) with a joker of A's exposure top(A) → rack(A) (either order) | `exchange` with her own exposure |
 * | the walls empty, a tile goes back to a wall                    | `wall-game`                            |
 * | the walls empty, the last discard not called, a tile from a rack or top to the floor (a hand thrown in) | `wall-game` |
 *
 * Blind passes (NMJL, on the first left and the last right): a tile passed to p that p passes on
 * unseen either never reaches p's rack (the readers see it go from the giver's rack straight to a
 * rack h hops of the stage's offset away: each seat in between passed it blind) or is read in p's
 * rack and leaves it again in the same pass. The `pass` action then carries `blind[p]` (how many
 * incoming tiles p passed on) and `tiles[p]` only p's own tiles (3 − blind[p]), each list ordered
 * as the referee reads it: the tiles that went furthest first (then by kind). With no blind tile
 * the action has no `blind` and the tiles are in the order they were passed. A pass is closed
 * when every player's own + blind tiles reach 3. A blind tile seen on a stage that allows none is
 * handed to the referee as it is: it refuses the pass (`ActionError`), and the hub
 * (hub/table/engine.ts) flags it to the director (`blind-pass`) and goes on from the racks the readers see.
 * In an across pass no number of hops reaches the seat beside: such a tile counts as its giver's own.
 *
 * Limits (the director's business): the purpose of a call whose tile went into the rack cannot be
 * seen (a pung is assumed); the referee counts blind tiles, it does not name them: p passes on the
 * first `blind[p]` tiles coming to her, her giver's own tiles before the giver's blind ones, so a
 * chain where p passes on a tile her giver passed blind while keeping one of the giver's own tiles
 * leaves the referee's racks one tile off the readers' (the counts stay right); a joker exchange on
 * one's own exposure is not recognised; tiles laid on a top that never reach 14 without a call make
 * no action; a tile laid beside a called tile whose move settles only after the caller's discard has
 * settled is not part of the exposure (the called tile then lies alone at the discard: a single).
 *
 * Limits (the director's business): the purpose of a call whose tile went into the rack cannot be
 * seen (a pung is assumed); the referee counts blind tiles, it does not name them: p passes on the
 * first `blind[p]` tiles coming to her, her giver's own tiles before the giver's blind ones, so a
 * chain where p passes on a tile her giver passed blind while keeping one of the giver's own tiles
 * leaves the referee's racks one tile off the readers' (the counts stay right); a joker exchange on
 * one's own exposure is not recognised; tiles laid on a top that never reach 14 without a call make
 * no action; a tile laid beside a called tile whose move settles only after the caller's discard has
 * settled is not part of the exposure (the called tile then lies alone at the discard: a single).
 *
 * **What the hub could not hear** (the variant's {@link UnheardPolicy}): with `judge-now` the
 * reader marks each action's `hearing` itself from the move's {@link MoveSeen} and the readers not
 * heard since the last `readers-heard` ({@link MoveReader.heard}); with `hold-and-reorder` the hub
 * holds the moves and gives them back in the table's order, and the reader marks the players not
 * heard (`hearing.players`).
 */
import type { Action, ActionOf, Hearing, RackRef, Window } from '../../../rules/game/actions.js';
import { samePlace, type Place } from '../../../rules/game/places.js';
import { declaredBy } from '../../../rules/variants/siamese-readings.js';
import { CHARLESTON, COURTESY_STAGE, VOTE_STAGE } from '../../../rules/standard-game.js';
import { fullTileSet, kindOf, TILES_IN_SET, type TileId } from '../../../rules/tiles.js';
import { PICK_WALL } from '../../../rules/variants/standard/play.js';
import { callForSize, hopsFor, TRANSIT_MS, type MoveVariant, type UnheardPolicy } from './variants.js';

export { callForSize, hopsFor, TRANSIT_MS, SIAMESE_MOVES, STANDARD_MOVES, type MoveVariant, type UnheardPolicy } from './variants.js';

/**
 * What the readers could not hear at one move (from the `tile-moved` event): `unseen` the readers
 * not heard at its time, `unconfirmed` the rack readers whose top changed by deltas no snapshot had
 * confirmed (on a discard), `reconciled` the move was seen only across a reconnect, `left` when the
 * tile left where it was (ms window).
 */
export interface MoveSeen {
  unseen?: readonly string[];
  unconfirmed?: readonly string[];
  reconciled?: boolean;
  left?: Window;
}

/** One settled move as the move layer sees it: places, not reader zones. */
export interface PlacedMove {
  tile: TileId;
  /** where it was settled before; null on first sight */
  from: Place | null;
  to: Place;
  /** ms since epoch (when it came to rest) */
  at: number;
  /** evidence reference: the event sequence number of the move */
  ref: string;
  /** what was not heard at it; absent: every zone heard */
  seen?: MoveSeen;
}

/**
 * What the reader reads of the engine's state before a move (never changed): the player on turn
 * (a Siamese wall → floor move is her pick and discard) and, on the 4-player table, the phase, the
 * Charleston stage, the tiles left to pick, what the player on turn has done, and the exposures.
 */
export interface MoveView {
  phase: 'waiting' | 'deal' | 'charleston' | 'play' | 'ended';
  turn: number | null;
  /** Charleston stage (rules/standard-game.ts `CHARLESTON`); 0 on the Siamese table */
  stage: number;
  /** tiles left to pick (4-player) */
  wallLeft: number;
  turnHas: 'nothing' | 'picked' | 'called';
  /** `player`'s exposures on her top (4-player), each group as laid */
  exposures(player: number): readonly (readonly TileId[])[];
}

/** What the reader is waiting for. */
export type MoveMode = 'building' | 'deal' | 'charleston' | 'play' | 'ended';

/** Settings of one reader: the table's variant, its unheard policy, and how readers map to racks. */
export interface MoveReaderOptions {
  /** default: the variant's */
  unheardPolicy?: UnheardPolicy;
  /** the rack tops read by `readers` (hub/table/moves/zones.ts `topsOfReaders`); `judge-now` only */
  topsOf?: (readers: readonly string[]) => RackRef[];
  /** the players whose rack `readers` read; `hold-and-reorder` only */
  playersOf?: (readers: readonly string[]) => number[];
}

interface PendingCall {
  player: number;
  tile: TileId;
  /** tiles the caller laid next to it from the rack */
  group: TileId[];
  at: number;
  ref: string;
}

interface PendingPass {
  /** tiles each player gave from her own rack (by giver), in the order they were passed */
  given: TileId[][];
  /** the receiver of each tile (where it is now) */
  to: Map<TileId, number>;
  /** seats each tile has travelled (1 for a tile nobody passed on blind) */
  hops: Map<TileId, number>;
  /** tiles each player passed on blind (NMJL: first left and last right only) */
  blind: number[];
  /** seats a tile moves in one hop of this pass (1 right, 2 across, 3 left) */
  offset: number;
  courtesy: boolean;
}

interface HalfExchange {
  /** the player on turn giving a natural and taking the joker */
  player: number;
  owner: number;
  natural?: TileId;
  joker?: TileId;
}

type Base = { at: number; ref: string; hearing?: Hearing };

const rackOf = (player: number): Place => ({ area: 'rack', player, rack: 0 });
const topOf = (player: number): Place => ({ area: 'top', player, rack: 0 });

/**
 * Turns settled moves into the engine's actions. Feed every move of the table in order with
 * {@link MoveReader.push}; it returns the actions that move completes (often none on the 4-player
 * table, one or two on the Siamese one). Never throws on odd moves: a move it cannot place in the
 * game makes no action (4-player) or a `stray` (Siamese).
 */
export class MoveReader {
  /** where each tile is settled now */
  readonly where = new Map<TileId, Place>();
  mode: MoveMode = 'building';
  readonly unheardPolicy: UnheardPolicy;
  /** readers not heard since the last `readers-heard` (`judge-now`: their tops are not judged whole, 003 rule 11) */
  readonly unheardReaders = new Set<string>();
  private pass: PendingPass | null = null;
  private call: PendingCall | null = null;
  private exchange: HalfExchange | null = null;
  /** Siamese: the last move, when it put a tile other than a joker from a rack onto a top (the first half of a joker exchange) */
  private givenToTop: { tile: TileId; giver: number; top: Place } | null = null;
  /** jokers passed in a Charleston, expected back from the receiver (tile → passer) */
  private jokerReturns = new Map<TileId, { from: number; to: number }>();
  /** a refused call's tile, expected back on the floor */
  private withdrawn: TileId | null = null;
  /** the last tile put from a rack onto another player's top: whose rack it left, and when it came to rest there (ms) */
  private transit: { tile: TileId; giver: number; owner: number; at: number } | null = null;
  /** the tiles in each wall (index = wall number) when the last game's walls were built whole (the game record's header); null before */
  builtWalls: readonly (readonly TileId[])[] | null = null;

  constructor(
    readonly variant: MoveVariant,
    private readonly options: MoveReaderOptions = {},
  ) {
    this.unheardPolicy = options.unheardPolicy ?? variant.unheardPolicy;
  }

  /** A copy that goes on independently of this one (same places, moves in progress and readers not heard). */
  clone(): MoveReader {
    const c = new MoveReader(this.variant, this.options);
    for (const [t, p] of this.where) c.where.set(t, p);
    for (const r of this.unheardReaders) c.unheardReaders.add(r);
    c.mode = this.mode;
    c.pass = this.pass && structuredClone(this.pass);
    c.call = this.call && structuredClone(this.call);
    c.exchange = this.exchange && { ...this.exchange };
    c.givenToTop = this.givenToTop && { ...this.givenToTop };
    c.jokerReturns = new Map([...this.jokerReturns].map(([t, r]) => [t, { ...r }]));
    c.withdrawn = this.withdrawn;
    c.transit = this.transit && { ...this.transit };
    c.builtWalls = this.builtWalls;
    return c;
  }

  /** Every zone is heard again (`readers-heard`): no reader is held as not heard any more. */
  heard(): void {
    this.unheardReaders.clear();
  }

  /** Readers not heard at a move of a zone that is not on this table (it makes no action, but its readers stay not heard until `readers-heard`). */
  notHeard(readers: readonly string[]): void {
    if (this.unheardPolicy === 'judge-now') for (const r of readers) this.unheardReaders.add(r);
  }

  /** Tiles now in the walls. */
  wallCount(): number {
    let n = 0;
    for (const p of this.where.values()) if (p.area === 'wall') n++;
    return n;
  }

  /** Tiles per wall (index = wall number). */
  wallCounts(walls: number): number[] {
    const out = Array<number>(walls).fill(0);
    for (const p of this.where.values()) if (p.area === 'wall' && p.wall < walls) out[p.wall]!++;
    return out;
  }

  /** Tiles inside each player's racks (concealed), and on their tops. */
  counts(): { inside: number[]; top: number[]; total: number[] } {
    const inside = Array<number>(this.variant.seats).fill(0);
    const top = Array<number>(this.variant.seats).fill(0);
    for (const p of this.where.values()) {
      if (p.area === 'rack' && p.player < this.variant.seats) inside[p.player]!++;
      if (p.area === 'top' && p.player < this.variant.seats) top[p.player]!++;
    }
    return { inside, top, total: inside.map((n, i) => n + top[i]!) };
  }

  /** Tile ids at one area of one player (`rack` inside, or `top`, of every rack), in the order they arrived. */
  tilesAt(area: 'rack' | 'top', player: number): TileId[] {
    const out: TileId[] = [];
    for (const [t, p] of this.where) if (p.area === area && p.player === player) out.push(t);
    return out;
  }

  /**
   * One settled move.
   * @param view the engine's state before the move's actions (see {@link MoveView}; never changed)
   * @returns the actions the move completes, in order (the caller applies them one by one)
   */
  push(m: PlacedMove, view: MoveView): Action[] {
    const out = this.variant.exposureGrouping === 'rack-top' ? this.readOne(m, view) : this.readGrouped(m, view);
    const hearing = this.unheardPolicy === 'judge-now' ? this.judgeNowHearing(m, out) : this.playersNotHeard(m);
    return hearing ? out.map((a) => ({ ...a, hearing })) : out;
  }

  // ---------------------------------------------------------------- one move, one action (Siamese)

  /** The Siamese table's reading (the table in the module comment): the move's action, then the `mah-jongg` it declares, if it does. */
  private readOne(m: PlacedMove, view: MoveView): Action[] {
    const read = this.readMove(m, view);
    const last = read.at(-1);
    const declared = last && m.to.area === 'top' ? declaredBy(last, m.to, this.onTop(m.to)) : null;
    return declared ? [...read, declared] : read;
  }

  /** Tiles on one rack's top now. */
  private onTop(top: Place): number {
    let n = 0;
    for (const p of this.where.values()) if (samePlace(p, top)) n++;
    return n;
  }

  /** One Siamese move's own action (or a pick and its discard). */
  private readMove(m: PlacedMove, view: MoveView): Action[] {
    const { tile, from, to } = m;
    this.place(tile, to);
    const base: Base = { at: m.at, ref: m.ref };
    // the tile just put from a rack onto a top: a joker taken from that top into the giver's rack next is an exchange
    const given = this.givenToTop;
    this.givenToTop = from?.area === 'rack' && to.area === 'top' && kindOf(tile) !== 'J' ? { tile, giver: from.player, top: to } : null;
    if (from?.area === 'top' && (to.area === 'rack' || to.area === 'top') && kindOf(tile) === 'J') {
      // a joker off a top (003 rules 9, 10C, 15): against the tile just given there, an exchange; else a stray, judged the same
      if (given && to.area === 'rack' && to.player === given.giver && samePlace(given.top, from)) {
        return [{ ...base, type: 'exchange', player: to.player, owner: from.player, rack: from.rack, joker: tile, given: given.tile, to }];
      }
      return [{ ...base, type: 'stray', tile, from, to }];
    }
    if (to.area === 'wall') return [{ ...base, type: 'build', wall: to.wall, tile, from }];
    if (to.area === 'floor') {
      if (from && (from.area === 'rack' || from.area === 'top')) return [{ ...base, type: 'discard', player: from.player, tile, from }];
      if (from?.area === 'wall' && view.turn !== null) {
        // picked and thrown before a reader saw it racked: her pick (to her rack 1) and her discard, one ref (the flag ids rest on the move)
        const rack = rackOf(view.turn);
        return [
          { ...base, type: 'pick', player: view.turn, wall: from.wall, tile, to: rack },
          { ...base, type: 'discard', player: view.turn, tile, from: rack },
        ];
      }
      return [{ ...base, type: 'stray', tile, from, to }];
    }
    if (from?.area === 'wall') return [{ ...base, type: 'pick', player: to.player, wall: from.wall, tile, to }];
    if (from?.area === 'floor') return [{ ...base, type: 'call', player: to.player, tile, to }];
    if (from && (from.area === 'rack' || from.area === 'top') && from.player === to.player) {
      return from.area === 'rack' && to.area === 'top'
        ? [{ ...base, type: 'expose', player: to.player, rack: to.rack, tiles: [tile] }]
        : [{ ...base, type: 'arrange', player: to.player, tile, from, to }];
    }
    return [{ ...base, type: 'stray', tile, from, to }];
  }

  /**
   * `judge-now`: a move seen while a zone was not heard (or only across a reconnect) is marked
   * `zones: 'unheard'` with its `left` (what depends on the unheard zones, the current wall, is
   * judged later: 003 rule 20); a move read as a discard or a stray lists the racks whose top was
   * not seen whole (not heard now or since the last `readers-heard`, or `unconfirmed`: 003 rule 11).
   */
  private judgeNowHearing(m: PlacedMove, read: readonly Action[]): Hearing | null {
    const seen = m.seen;
    const discardLike = read.some((a) => a.type === 'discard' || a.type === 'stray');
    for (const r of seen?.unseen ?? []) this.unheardReaders.add(r);
    const unheard = (seen?.unseen?.length ?? 0) > 0 || seen?.reconciled === true;
    const notWhole = [...this.unheardReaders, ...(seen?.unconfirmed ?? [])];
    const racks = discardLike && notWhole.length && this.options.topsOf ? this.options.topsOf(notWhole) : [];
    // every zone heard again, `readers-heard` not yet: the moves the replug's snapshots reveal may
    // still be settling (a tile picked into the rack while it was out is logged when its snapshot
    // settles, maybe after this move), so the current wall is not known yet (003 rule 20)
    const reconciling = !unheard && this.unheardReaders.size > 0;
    const zones = unheard ? ('unheard' as const) : reconciling ? ('reconciling' as const) : null;
    const left = zones ? seen?.left : undefined;
    if (!zones && racks.length === 0) return null;
    return { players: [], racks, ...(zones ? { zones } : {}), ...(left ? { left: { ...left } } : {}) };
  }

  /** `hold-and-reorder`: the players whose rack was not heard at a move handed back after `readers-heard`. */
  private playersNotHeard(m: PlacedMove): Hearing | null {
    if (!m.seen?.unseen?.length || !this.options.playersOf) return null;
    const players = this.options.playersOf(m.seen.unseen);
    return players.length ? { players, racks: [] } : null;
  }

  // ---------------------------------------------------------------- several moves, one action (4-player)

  private readGrouped(m: PlacedMove, state: MoveView): Action[] {
    const out: Action[] = [];
    const base: Base = { at: m.at, ref: m.ref };
    const from = m.from;
    const to = m.to;
    const wallsBefore = this.wallCount();

    // a move into a wall: building walls, a tile given back, or the table cleared after a game
    if (to.area === 'wall') {
      if (this.mode === 'play' && wallsBefore === 0 && state.phase === 'play' && state.wallLeft <= 0 && state.turnHas === 'nothing') {
        this.flushCall(out);
        out.push({ type: 'wall-game', ...base });
        this.mode = 'ended';
      }
      this.place(m.tile, to);
      if (this.wallCount() === TILES_IN_SET) this.newGame();
      return out;
    }
    const toOwner = to.area === 'rack' || to.area === 'top' ? to.player : null;
    let fromOwner = from && (from.area === 'rack' || from.area === 'top') ? from.player : null;
    let discardFrom = from;
    const transit = this.transit?.tile === m.tile ? this.transit : null;
    if (transit) this.transit = null;
    if (transit && to.area === 'floor' && from?.area === 'top' && from.player === transit.owner && m.at - transit.at < TRANSIT_MS) {
      // carried over another player's top on its way to the floor: her discard whose rack it left
      fromOwner = transit.giver;
      discardFrom = rackOf(transit.giver);
      if (this.exchange?.natural === m.tile) this.exchange = null;
    }
    if (from?.area === 'rack' && to.area === 'top' && from.player !== to.player) this.transit = { tile: m.tile, giver: from.player, owner: to.player, at: m.at };

    if (this.mode === 'deal') {
      const dealt = this.variant.dealt ?? [];
      if (from?.area === 'wall' && toOwner !== null) {
        this.place(m.tile, to);
        if (this.counts().total.every((n, i) => n === dealt[i])) this.deal(out, base);
        return out;
      }
      // the first move that is not a deal ends the deal, whatever the counts (a misdeal is flagged at East's first discard)
      if (this.counts().total.some((n) => n > 0)) this.deal(out, base);
    }
    // the engine ended the game in play (a Mah Jongg verified, every hand dead, a misdeal): the moves that follow clear the table
    if (this.mode === 'play' && state.phase === 'ended') this.mode = 'ended';
    this.place(m.tile, to);
    if (this.mode === 'building' || this.mode === 'ended' || this.mode === 'deal') return out;

    if (this.mode === 'charleston') {
      if (from?.area === 'rack' && to.area === 'rack' && fromOwner !== null && toOwner !== null && fromOwner !== toOwner) {
        const back = this.jokerReturns.get(m.tile);
        if (back && back.from === fromOwner && back.to === toOwner) {
          this.jokerReturns.delete(m.tile);
          return out; // the referee already gave the joker back to its passer
        }
        this.passTile(out, state, m, fromOwner, toOwner);
        return out;
      }
      if (from?.area === 'wall' && to.area === 'rack' && toOwner !== null) {
        // a tile taken from the wall before East's first discard (NMJL practice: one short takes the next tile)
        out.push({ type: 'pick', player: toOwner, wall: PICK_WALL.wall, tile: m.tile, to, ...base });
        return out;
      }
      if (to.area === 'floor' && fromOwner !== null && discardFrom) {
        if (this.pass?.courtesy) this.flushCourtesy(out, base);
        this.mode = 'play';
        out.push({ type: 'discard', player: fromOwner, tile: m.tile, from: discardFrom, ...base });
        return out;
      }
      return out; // tiles arranged within a rack: nothing to referee
    }

    // ---- play
    if (from?.area === 'wall' && to.area === 'floor' && state.turn !== null && state.turnHas === 'nothing' && state.wallLeft > 0) {
      // picked and thrown with no stop on her rack the readers could time (thrown straight from the
      // hand, or a stay whose ADD and DEL a late hub read in one batch): the pick and the discard of
      // the player on turn, one ref. Who else threw it is not known, so nothing is judged on it.
      this.flushCall(out);
      const rack: Place = { area: 'rack', player: state.turn, rack: 0 };
      out.push({ type: 'pick', player: state.turn, wall: PICK_WALL.wall, tile: m.tile, to: rack, ...base }, { type: 'discard', player: state.turn, tile: m.tile, from: rack, ...base });
      return out;
    }
    if (from?.area === 'wall' && toOwner !== null) {
      this.flushCall(out);
      out.push({ type: 'pick', player: toOwner, wall: PICK_WALL.wall, tile: m.tile, to, ...base });
      // picked straight onto a top that then holds 14: her Mah Jongg, self-picked
      if (to.area === 'top') this.checkMahJongg(out, toOwner, base);
      return out;
    }
    if (to.area === 'floor' && fromOwner !== null && state.phase === 'play' && state.wallLeft <= 0 && state.turnHas === 'nothing' && !this.call) {
      // the wall used up and its last discard not called: no discard can follow (there is nothing to
      // pick), so a tile pushed into the middle is a hand thrown in: a wall game (000)
      out.push({ type: 'wall-game', ...base });
      this.mode = 'ended';
      return out;
    }
    if (to.area === 'floor' && fromOwner !== null && discardFrom) {
      if (this.withdrawn === m.tile || (this.call && this.call.tile === m.tile && this.call.group.length === 0)) {
        // a called tile put back on the floor: the call (refused, or withdrawn) made no exposure
        this.flushCall(out);
        this.withdrawn = null;
        return out;
      }
      this.flushCall(out, fromOwner);
      out.push({ type: 'discard', player: fromOwner, tile: m.tile, from: discardFrom, ...base });
      return out;
    }
    if (from?.area === 'floor' && toOwner !== null) {
      this.flushCall(out);
      if (to.area === 'rack') {
        out.push({ type: 'call', player: toOwner, tile: m.tile, to, for: 'pung', rivals: [], ...base });
        return out;
      }
      // tiles of the called kind (or jokers) she laid on her top just before taking the discard, in
      // none of her exposures, are part of the group (a pair laid, then the discard beside it)
      const exposed = new Set(state.exposures(toOwner).flat());
      const laid = this.tilesAt('top', toOwner).filter((t) => t !== m.tile && !exposed.has(t) && (kindOf(t) === kindOf(m.tile) || kindOf(t) === 'J'));
      this.call = { player: toOwner, tile: m.tile, group: laid, at: m.at, ref: m.ref };
      this.checkMahJongg(out, toOwner, base);
      return out;
    }
    if (fromOwner !== null && toOwner !== null && from!.area === 'rack' && to.area === 'top' && fromOwner === toOwner) {
      if (this.call && this.call.player === toOwner) this.call.group.push(m.tile);
      // a natural laid on her own top may be half of an exchange for a joker of her own exposure (NMJL)
      else if (kindOf(m.tile) !== 'J') this.halfExchange(out, state, { player: toOwner, owner: toOwner, natural: m.tile }, base);
      this.checkMahJongg(out, toOwner, base);
      return out;
    }
    // a joker of her own exposure back into her rack: the other half of an exchange with her own exposure
    if (fromOwner !== null && fromOwner === toOwner && from!.area === 'top' && to.area === 'rack' && kindOf(m.tile) === 'J' && state.exposures(toOwner).some((e) => e.includes(m.tile))) {
      this.halfExchange(out, state, { player: toOwner, owner: toOwner, joker: m.tile }, base);
      return out;
    }
    // joker exchange: a natural from A's rack onto B's top, and a joker from B's top into A's rack
    if (fromOwner !== null && toOwner !== null && fromOwner !== toOwner) {
      if (from!.area === 'rack' && to.area === 'top' && kindOf(m.tile) !== 'J') this.halfExchange(out, state, { player: fromOwner, owner: toOwner, natural: m.tile }, base);
      else if (from!.area === 'top' && to.area === 'rack' && kindOf(m.tile) === 'J') this.halfExchange(out, state, { player: toOwner, owner: fromOwner, joker: m.tile }, base);
    }
    return out;
  }

  /** Settles a tile in a place (moved to the end: `tilesAt` lists tiles in the order they arrived). */
  private place(tile: TileId, to: Place): void {
    this.where.delete(tile);
    this.where.set(tile, to);
  }

  private newGame(): void {
    const walls: TileId[][] = [];
    for (const [t, p] of this.where) if (p.area === 'wall') (walls[p.wall] ??= []).push(t);
    this.builtWalls = Array.from(walls, (w) => w ?? []);
    this.mode = 'deal';
    this.pass = null;
    this.call = null;
    this.exchange = null;
    this.jokerReturns.clear();
    this.withdrawn = null;
    this.transit = null;
  }

  /**
   * The deal: what each player holds now (before the move being handled), and the walls in the
   * engine's terms (rules/variants/standard/play.ts: the walls counted as one): `walls[0]` the
   * tiles left in the table's walls, to pick; `walls[1]` the rest of the set neither dealt nor in a
   * wall (out of play). Both in set order, so a game's record does not depend on the order the walls
   * were built in.
   */
  private deal(out: Action[], base: Base): void {
    const hands = Array.from({ length: this.variant.seats }, (_, p) => [[...this.tilesAt('rack', p), ...this.tilesAt('top', p)].sort()]);
    const dealt = new Set(hands.flat(2));
    const rest = fullTileSet().filter((t) => !dealt.has(t));
    const inWall = (t: TileId) => this.where.get(t)?.area === 'wall';
    out.push({ type: 'deal', hands, walls: [rest.filter(inWall), rest.filter((t) => !inWall(t))], ...base });
    this.mode = 'charleston';
  }

  /**
   * The player whose call is under way, or null: the called tile lies on her top and the move layer
   * has not yet handed the call to the referee (it waits for the exposure or her discard), so the
   * game does not count that tile yet and her rack's count cannot be judged until it does.
   */
  callInProgress(): number | null {
    return this.call?.player ?? null;
  }

  /**
   * The Charleston pass under way, as counts: tiles each player has passed so far (own + blind, 0-3),
   * of them passed on blind, and whether it is the courtesy pass across; null between passes.
   */
  passInProgress(): { passed: number[]; blind: number[]; courtesy: boolean } | null {
    const p = this.pass;
    return p && { passed: p.given.map((g, i) => g.length + p.blind[i]!), blind: [...p.blind], courtesy: p.courtesy };
  }

  /**
   * One tile rack → rack in the Charleston: a tile of the giver's own, or a tile she received in
   * this pass and passes on blind (NMJL blind pass; see the module comment). Closes the pass, with a
   * `pass` action, when every player's own tiles + blind tiles reach 3 (the courtesy pass is closed
   * by the first discard instead).
   */
  private passTile(out: Action[], state: MoveView, m: PlacedMove, giver: number, receiver: number): void {
    const seats = this.variant.seats;
    const d = (receiver - giver + seats) % seats;
    if (!this.pass) {
      let courtesy = state.stage === COURTESY_STAGE;
      let offset: number = CHARLESTON[state.stage]?.offset ?? d;
      if (state.stage === VOTE_STAGE) {
        // after the first left: a pass to the left is a second Charleston, across is the courtesy pass
        const second = d === 3;
        out.push({ type: 'charleston-vote', wants: Array<boolean>(seats).fill(second), at: m.at, ref: m.ref });
        courtesy = !second;
        offset = CHARLESTON[second ? VOTE_STAGE + 1 : COURTESY_STAGE]!.offset;
      }
      const none = () => Array.from({ length: seats }, (): TileId[] => []);
      this.pass = { given: none(), to: new Map(), hops: new Map(), blind: Array<number>(seats).fill(0), offset, courtesy };
    }
    const p = this.pass;
    const h = hopsFor(d, p.offset);
    if (p.courtesy) p.given[giver]!.push(m.tile);
    else if (p.to.get(m.tile) === giver) {
      // received in this pass and passed on: blind for the giver and every seat it skipped
      for (let k = 0; k < h; k++) p.blind[(giver + k * p.offset) % seats]!++;
      p.hops.set(m.tile, (p.hops.get(m.tile) ?? 1) + h);
    } else if (!p.to.has(m.tile)) {
      p.given[giver]!.push(m.tile);
      for (let k = 1; k < h; k++) p.blind[(giver + k * p.offset) % seats]!++;
      p.hops.set(m.tile, h);
    }
    p.to.set(m.tile, receiver);
    if (!p.courtesy && p.given.every((g, i) => g.length + p.blind[i]! >= 3)) {
      this.pass = null;
      for (const [g, tiles] of p.given.entries()) {
        for (const t of tiles) if (kindOf(t) === 'J') this.jokerReturns.set(t, { from: p.to.get(t)!, to: g });
      }
      if (p.blind.every((b) => b === 0)) {
        out.push({ type: 'pass', tiles: p.given.map((g) => [...g]), at: m.at, ref: m.ref });
        return;
      }
      // the referee passes on the first blind[p] tiles coming to p: the tiles that went furthest first (then by id: by kind, then copy)
      const tiles = p.given.map((g) =>
        g
          .map((t) => ({ t, h: p.hops.get(t) ?? 1 }))
          .sort((a, b) => b.h - a.h || (a.t < b.t ? -1 : a.t > b.t ? 1 : 0))
          .map((x) => x.t),
      );
      out.push({ type: 'pass', tiles, blind: [...p.blind], at: m.at, ref: m.ref });
    }
  }

  private flushCourtesy(out: Action[], base: Base): void {
    const p = this.pass!;
    this.pass = null;
    out.push({ type: 'courtesy', wishes: p.given.map((g) => g.length), tiles: p.given.map((g) => [...g]), ...base });
  }

  /**
   * Emits the pending call (and its exposure) before anything else happens at the table.
   * @param discarder the player discarding now, if that is what happens: when she is the caller and
   *   the called tile still lies alone on her top, she exposed a single (a `call` for a single and
   *   an `expose` of nothing more, for the referee to flag)
   */
  private flushCall(out: Action[], discarder?: number): void {
    const c = this.call;
    if (!c) return;
    this.call = null;
    const base = { at: c.at, ref: c.ref };
    const at = this.where.get(c.tile);
    const call = (f: ActionOf<'call'>['for']): Action => ({ type: 'call', player: c.player, tile: c.tile, to: topOf(c.player), for: f, rivals: [], ...base });
    // the exposure names the tiles laid beside the called tile: the engine holds the called tile on the caller's top since the call
    if (c.group.length === 0 && discarder === c.player && at?.area === 'top' && at.player === c.player) {
      out.push(call('single'), { type: 'expose', player: c.player, rack: 0, tiles: [], ...base });
      return;
    }
    out.push(call(callForSize(1 + c.group.length)));
    if (c.group.length > 0) out.push({ type: 'expose', player: c.player, rack: 0, tiles: [...c.group], ...base });
    else this.withdrawn = c.tile;
  }

  /** 14 tiles on a rack's top: a Mah Jongg (with the called tile, when the last tile was called). */
  private checkMahJongg(out: Action[], player: number, base: Base): void {
    if (this.counts().top[player]! < 14) return;
    const c = this.call;
    if (c && c.player === player) {
      this.call = null;
      out.push({ type: 'call', player, tile: c.tile, to: topOf(player), for: 'mah-jongg', rivals: [], at: c.at, ref: c.ref });
    } else this.flushCall(out);
    // the engine verifies it: a Mah Jongg in error leaves the game in play while two hands are intact (000), so the
    // reader ends its game only when the engine has (the next move's view)
    out.push({ type: 'mah-jongg', player, rack: 0, ...base });
  }

  private halfExchange(out: Action[], state: MoveView, half: HalfExchange, base: Base): void {
    const x = this.exchange;
    if (x && x.player === half.player && x.owner === half.owner && (x.natural === undefined) !== (half.natural === undefined)) {
      this.exchange = null;
      const natural = (x.natural ?? half.natural)!;
      const joker = (x.joker ?? half.joker)!;
      const kind = kindOf(natural);
      const exps = state.exposures(half.owner);
      const isJoker = (t: TileId) => kindOf(t) === 'J';
      // the exposure the joker left; else (the referee's exposures differ) one whose joker stands for the natural, else any with a joker
      let exposure = exps.findIndex((e) => e.includes(joker));
      if (exposure < 0) exposure = exps.findIndex((e) => e.some(isJoker) && e.find((t) => !isJoker(t)) !== undefined && kindOf(e.find((t) => !isJoker(t))!) === kind);
      if (exposure < 0) exposure = exps.findIndex((e) => e.some(isJoker));
      this.flushCall(out);
      out.push({ type: 'exchange', player: half.player, owner: half.owner, rack: 0, exposure: Math.max(0, exposure), joker, given: natural, ...base });
      return;
    }
    this.exchange = half;
  }
}

/**
 * The view of a table whose reading needs only the player on turn (the Royale Siamese one, where
 * a wall → floor move is her pick and discard): the 4-player fields are left empty, never read there.
 */
export function turnView(phase: MoveView['phase'], turn: number | null): MoveView {
  return { phase, turn, stage: 0, wallLeft: 0, turnHas: 'nothing', exposures: () => [] };
}
