/**
 * The standard 4-player table's inference: settled tile moves (tile, from place, to place) become
 * the batch-level actions of the standard referee (rules/variants/standard/play.ts, 000 + NMJL),
 * naming the tracker's tile ids (`5B#3`) as they moved.
 * The Siamese table turns each move into one action (hub/table/inference.ts); a standard table needs
 * several moves for one action (a Charleston pass is 12 tiles, a call is the discard and the tiles
 * exposed with it), so this aggregator keeps where every tile is and what is in progress.
 *
 * | moves                                                         | action(s)                              |
 * |---------------------------------------------------------------|----------------------------------------|
 * | tiles into the walls until the 4 walls hold all 152            | a new game is ready to deal            |
 * | wall → rack until East 14, South 13, West 13, North 13 (or the first other move) | `deal` (what each rack holds) |
 * | rack → another player's rack, 3 from each player (own + blind) | `pass` (first right, across, left …)   |
 * | rack(q) → rack(r), h ≥ 2 hops of the stage's offset (first left: two seats on) | `pass`: `blind` +1 for each seat in between |
 * | a tile received in this pass, racked, then on to the next rack | `pass`: `blind` +1 for the player it left |
 * | after the first left: a pass to the left / across              | `second-charleston` wants yes / no     |
 * | rack → the rack across after the last Charleston, then a discard | `courtesy` (0-3 tiles each)           |
 * | a joker passed, then the same joker back to its passer         | (the return is the referee's ruling)   |
 * | wall → a player's rack (also before East's first discard)      | `pick`                                 |
 * | rack (or top) → floor                                          | `discard`                              |
 * | rack(A) → top(B), then within `TRANSIT_MS` top(B) → floor      | `discard` by A (carried over B's top)  |
 * | floor → top of a rack, rack → same top (n tiles), then a discard | `call` for a pung/kong/quint/sextet (by the group's size) and `expose` |
 * | floor → top of a rack, 1 tile laid beside it (or different tiles: NEWS, a year), then a discard | `call` for a pair (or by size) and `expose`: the referee flags a pair or singles exposed |
 * | floor → top of a rack, nothing laid, the called tile still on that top at her discard | `call` for a single and `expose` of nothing: a single exposed (flagged) |
 * | floor → top of a rack, returned top → floor                    | `call` (refused: too late), nothing more |
 * | floor → inside a rack                                          | `call` with `intoRack` (000: dead)     |
 * | a rack's top reaches 14 tiles                                  | (`call` for Mah Jongg and) `mah-jongg` |
 * | a natural rack(A) → top(B) with a joker top(B) → rack(A)       | `joker-exchange`                       |
 * | the walls empty, a tile goes back to a wall                    | `wall-game`                            |
 *
 * Blind passes (NMJL, on the first left and the last right): a tile passed to p that p passes on
 * unseen either never reaches p's rack (the readers see it go from the giver's rack straight to a
 * rack h hops of the stage's offset away: each seat in between passed it blind) or is read in p's
 * rack and leaves it again in the same pass. The `pass` action then carries `blind[p]` (how many
 * incoming tiles p passed on) and `tiles[p]` only p's own tiles (3 − blind[p]), each list ordered
 * as the referee reads it: the tiles that went furthest first (then by kind). With no blind tile
 * the action has no `blind` and the tiles are in the order they were passed. A pass is closed
 * when every player's own + blind tiles reach 3. A blind tile seen on a stage that allows none is
 * handed to the referee as it is: it refuses the pass (StandardActionError), and the engine
 * (./engine.ts) flags it to the director (`blind-pass`) and goes on from the racks the readers see.
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
 */
import type { Place } from '../../../rules/referee/places.js';
import type { CallFor, StandardAction, StandardState } from '../../../rules/variants/standard/referee.js';
import { CHARLESTON, COURTESY_STAGE, DEALT, SEATS, VOTE_STAGE } from '../../../rules/standard-game.js';
import { kindOf, TILES_IN_SET, type TileId } from '../../../rules/tiles.js';

/** One settled move as the aggregator sees it: places, not reader zones. */
export interface PlacedMove {
  tile: TileId;
  /** where it was settled before; null on first sight */
  from: Place | null;
  to: Place;
  /** ms since epoch (when it came to rest) */
  at: number;
  /** evidence reference: the event sequence number of the move */
  ref: string;
}

/** What the aggregator is waiting for. */
export type AggregatorMode = 'building' | 'deal' | 'charleston' | 'play' | 'ended';

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

/**
 * How many hops of `offset` seats take a tile `d` seats on (d, offset in 1-3): the smallest h in
 * 1-3 with h × offset ≡ d (mod 4); 1 when there is none (a tile across in a right pass: as one hop).
 */
export function hopsFor(d: number, offset: number): number {
  for (let h = 1; h <= 3; h++) if ((h * offset) % SEATS === d % SEATS) return h;
  return 1;
}

interface HalfExchange {
  /** the player on turn giving a natural and taking the joker */
  player: number;
  owner: number;
  natural?: TileId;
  joker?: TileId;
}

/**
 * A tile that reaches the floor within this long (ms) of reaching another player's top, where it
 * came from a rack, was carried over that top on its way to the floor: the discard is the player's
 * whose rack it left, not the top's owner's. Measured from its arrival on the top to its arrival on
 * the floor (both as the tracker settled them): a hold of up to about 700 ms plus the carry. The
 * top's settle window (the table's `timing.settleMs`, 250 ms on the demo table; 200 ms for a strong
 * v1 read) is shorter than such a hold, so the tracker does settle the stop; this reads through it.
 * A tile that rests longer on another's top is that player's (a joker exchange's natural, or her
 * own discard from her top).
 */
export const TRANSIT_MS = 1000;

const SIZE_FOR: Record<number, CallFor> = { 2: 'pair', 3: 'pung', 4: 'kong', 5: 'quint', 6: 'sextet' };

/**
 * The purpose of a call, from the size of the group the called tile made on top of the rack
 * (the called tile included): 3 pung, 4 kong, 5 quint, 6 sextet, 2 pair (NMJL: never exposed
 * before Mah Jongg; the referee flags the exposure `exposed-pair-or-singles`, dead); 1 (nothing
 * exposed with it yet) is taken for a pung. A group of different tiles (NEWS, a year) goes by its
 * size too: the referee sees a set of singles in the exposure and flags it the same way.
 */
export function callForSize(size: number): CallFor {
  return SIZE_FOR[size] ?? (size <= 1 ? 'pung' : 'sextet');
}

/**
 * Turns settled moves into standard referee actions. Feed every move of the table in order with
 * {@link StandardAggregator.push}; it returns the actions that move completes (often none).
 * Never throws on odd moves: a move it cannot place in the game makes no action.
 */
export class StandardAggregator {
  /** where each tile is settled now */
  readonly where = new Map<TileId, Place>();
  mode: AggregatorMode = 'building';
  private pass: PendingPass | null = null;
  private call: PendingCall | null = null;
  private exchange: HalfExchange | null = null;
  /** jokers passed in a Charleston, expected back from the receiver (tile → passer) */
  private jokerReturns = new Map<TileId, { from: number; to: number }>();
  /** a refused call's tile, expected back on the floor */
  private withdrawn: TileId | null = null;
  /** the last tile put from a rack onto another player's top: whose rack it left, and when it came to rest there (ms) */
  private transit: { tile: TileId; giver: number; owner: number; at: number } | null = null;

  /** A copy that goes on independently of this one (same places and same moves in progress). */
  clone(): StandardAggregator {
    const c = new StandardAggregator();
    for (const [t, p] of this.where) c.where.set(t, p);
    c.mode = this.mode;
    c.pass = this.pass && structuredClone(this.pass);
    c.call = this.call && structuredClone(this.call);
    c.exchange = this.exchange && { ...this.exchange };
    c.jokerReturns = new Map([...this.jokerReturns].map(([t, r]) => [t, { ...r }]));
    c.withdrawn = this.withdrawn;
    c.transit = this.transit && { ...this.transit };
    return c;
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

  /** Tiles inside each player's rack (concealed), and on its top. */
  counts(): { inside: number[]; top: number[]; total: number[] } {
    const inside = Array<number>(SEATS).fill(0);
    const top = Array<number>(SEATS).fill(0);
    for (const p of this.where.values()) {
      if (p.area === 'rack' && p.player < SEATS) inside[p.player]!++;
      if (p.area === 'top' && p.player < SEATS) top[p.player]!++;
    }
    return { inside, top, total: inside.map((n, i) => n + top[i]!) };
  }

  /** Tile ids at one area of one player (`rack` inside, or `top`), in the order they arrived. */
  tilesAt(area: 'rack' | 'top', player: number): TileId[] {
    const out: TileId[] = [];
    for (const [t, p] of this.where) if (p.area === area && p.player === player) out.push(t);
    return out;
  }

  /**
   * One settled move.
   * @param state the referee's state before the move's actions (read for the Charleston stage, the
   *   exposures and the turn; never changed)
   * @returns the actions the move completes, in order (the caller applies them one by one)
   */
  push(m: PlacedMove, state: StandardState): StandardAction[] {
    const out: StandardAction[] = [];
    const base = { at: m.at, ref: m.ref };
    const from = m.from;
    const to = m.to;
    const wallsBefore = this.wallCount();

    // a move into a wall: building walls, a tile given back, or the table cleared after a game
    if (to.area === 'wall') {
      if (this.mode === 'play' && wallsBefore === 0 && state.phase === 'play' && state.wallLeft <= 0 && state.turnHas === 'nothing') {
        this.flushCall(out, state);
        out.push({ type: 'wall-game', ...base });
        this.mode = 'ended';
      }
      this.place(m.tile, to);
      if (this.wallCount() === TILES_IN_SET) this.newGame();
      return out;
    }
    const toOwner = to.area === 'rack' || to.area === 'top' ? to.player : null;
    let fromOwner = from && (from.area === 'rack' || from.area === 'top') ? from.player : null;
    const transit = this.transit?.tile === m.tile ? this.transit : null;
    if (transit) this.transit = null;
    if (transit && to.area === 'floor' && from?.area === 'top' && from.player === transit.owner && m.at - transit.at < TRANSIT_MS) {
      // carried over another player's top on its way to the floor: her discard whose rack it left
      fromOwner = transit.giver;
      if (this.exchange?.natural === m.tile) this.exchange = null;
    }
    if (from?.area === 'rack' && to.area === 'top' && from.player !== to.player) this.transit = { tile: m.tile, giver: from.player, owner: to.player, at: m.at };

    if (this.mode === 'deal') {
      if (from?.area === 'wall' && toOwner !== null) {
        this.place(m.tile, to);
        if (this.counts().total.every((n, i) => n === DEALT[i])) this.deal(out, base);
        return out;
      }
      // the first move that is not a deal ends the deal, whatever the counts (a misdeal is flagged at East's first discard)
      if (this.counts().total.some((n) => n > 0)) this.deal(out, base);
    }
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
        out.push({ type: 'pick', player: toOwner, tile: m.tile, ...base });
        return out;
      }
      if (to.area === 'floor' && fromOwner !== null) {
        if (this.pass?.courtesy) this.flushCourtesy(out, base);
        this.mode = 'play';
        out.push({ type: 'discard', player: fromOwner, tile: m.tile, ...base });
        return out;
      }
      return out; // tiles arranged within a rack: nothing to referee
    }

    // ---- play
    if (from?.area === 'wall' && toOwner !== null) {
      this.flushCall(out, state);
      out.push({ type: 'pick', player: toOwner, tile: m.tile, ...base });
      return out;
    }
    if (to.area === 'floor' && fromOwner !== null) {
      if (this.withdrawn === m.tile || (this.call && this.call.tile === m.tile && this.call.group.length === 0)) {
        // a called tile put back on the floor: the call (refused, or withdrawn) made no exposure
        this.flushCall(out, state);
        this.withdrawn = null;
        return out;
      }
      this.flushCall(out, state, fromOwner);
      out.push({ type: 'discard', player: fromOwner, tile: m.tile, ...base });
      return out;
    }
    if (from?.area === 'floor' && toOwner !== null) {
      this.flushCall(out, state);
      if (to.area === 'rack') {
        out.push({ type: 'call', calls: [{ player: toOwner, for: 'pung', intoRack: true }], ...base });
        return out;
      }
      this.call = { player: toOwner, tile: m.tile, group: [], at: m.at, ref: m.ref };
      this.checkMahJongg(out, state, toOwner, base);
      return out;
    }
    if (fromOwner !== null && toOwner !== null && from!.area === 'rack' && to.area === 'top' && fromOwner === toOwner) {
      if (this.call && this.call.player === toOwner) this.call.group.push(m.tile);
      this.checkMahJongg(out, state, toOwner, base);
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
    this.mode = 'deal';
    this.pass = null;
    this.call = null;
    this.exchange = null;
    this.jokerReturns.clear();
    this.withdrawn = null;
    this.transit = null;
  }

  /** The deal: what each player holds now (before the move being handled). */
  private deal(out: StandardAction[], base: { at: number; ref: string }): void {
    const hands = Array.from({ length: SEATS }, (_, p) => [...this.tilesAt('rack', p), ...this.tilesAt('top', p)].sort());
    out.push({ type: 'deal', hands, wallSize: this.wallCount(), ...base });
    this.mode = 'charleston';
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
  private passTile(out: StandardAction[], state: StandardState, m: PlacedMove, giver: number, receiver: number): void {
    const d = (receiver - giver + SEATS) % SEATS;
    if (!this.pass) {
      let courtesy = state.stage === COURTESY_STAGE;
      let offset: number = CHARLESTON[state.stage]?.offset ?? d;
      if (state.stage === VOTE_STAGE) {
        // after the first left: a pass to the left is a second Charleston, across is the courtesy pass
        const second = d === 3;
        out.push({ type: 'second-charleston', wants: [second, second, second, second], at: m.at, ref: m.ref });
        courtesy = !second;
        offset = CHARLESTON[second ? VOTE_STAGE + 1 : COURTESY_STAGE]!.offset;
      }
      this.pass = { given: [[], [], [], []], to: new Map(), hops: new Map(), blind: [0, 0, 0, 0], offset, courtesy };
    }
    const p = this.pass;
    const h = hopsFor(d, p.offset);
    if (p.courtesy) p.given[giver]!.push(m.tile);
    else if (p.to.get(m.tile) === giver) {
      // received in this pass and passed on: blind for the giver and every seat it skipped
      for (let k = 0; k < h; k++) p.blind[(giver + k * p.offset) % SEATS]!++;
      p.hops.set(m.tile, (p.hops.get(m.tile) ?? 1) + h);
    } else if (!p.to.has(m.tile)) {
      p.given[giver]!.push(m.tile);
      for (let k = 1; k < h; k++) p.blind[(giver + k * p.offset) % SEATS]!++;
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

  private flushCourtesy(out: StandardAction[], base: { at: number; ref: string }): void {
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
  private flushCall(out: StandardAction[], state: StandardState, discarder?: number): void {
    const c = this.call;
    if (!c) return;
    this.call = null;
    const base = { at: c.at, ref: c.ref };
    const at = this.where.get(c.tile);
    if (c.group.length === 0 && discarder === c.player && at?.area === 'top' && at.player === c.player) {
      out.push({ type: 'call', calls: [{ player: c.player, for: 'single' }], ...base }, { type: 'expose', player: c.player, tiles: [], ...base });
      return;
    }
    out.push({ type: 'call', calls: [{ player: c.player, for: callForSize(1 + c.group.length) }], ...base });
    if (c.group.length > 0) out.push({ type: 'expose', player: c.player, tiles: [...c.group], ...base });
    else this.withdrawn = c.tile;
    void state;
  }

  /** 14 tiles on a rack's top: a Mah Jongg (with the called tile, when the last tile was called). */
  private checkMahJongg(out: StandardAction[], state: StandardState, player: number, base: { at: number; ref: string }): void {
    if (this.counts().top[player]! < 14) return;
    const c = this.call;
    if (c && c.player === player) {
      this.call = null;
      out.push({ type: 'call', calls: [{ player, for: 'mah-jongg' }], at: c.at, ref: c.ref });
    } else this.flushCall(out, state);
    out.push({ type: 'mah-jongg', player, ...base });
    this.mode = 'ended';
  }

  private halfExchange(out: StandardAction[], state: StandardState, half: HalfExchange, base: { at: number; ref: string }): void {
    const x = this.exchange;
    if (x && x.player === half.player && x.owner === half.owner && (x.natural === undefined) !== (half.natural === undefined)) {
      this.exchange = null;
      const natural = (x.natural ?? half.natural)!;
      const joker = (x.joker ?? half.joker)!;
      const kind = kindOf(natural);
      const exps = state.players[half.owner]?.exposures ?? [];
      const isJoker = (t: TileId) => kindOf(t) === 'J';
      // the exposure the joker left; else (the referee's exposures differ) one whose joker stands for the natural, else any with a joker
      let exposure = exps.findIndex((e) => e.includes(joker));
      if (exposure < 0) exposure = exps.findIndex((e) => e.some(isJoker) && e.find((t) => !isJoker(t)) !== undefined && kindOf(e.find((t) => !isJoker(t))!) === kind);
      if (exposure < 0) exposure = exps.findIndex((e) => e.some(isJoker));
      this.flushCall(out, state);
      out.push({ type: 'joker-exchange', player: half.player, owner: half.owner, exposure: Math.max(0, exposure), joker, tile: natural, ...base });
      return;
    }
    this.exchange = half;
  }
}
