/**
 * The standard 4-player table's inference: settled tile moves (tile, from place, to place) become
 * the batch-level actions of the standard referee (rules/referee/standard.ts, seed 000 + NMJL).
 * The Siamese table turns each move into one action (hub/table/inference.ts); a standard table needs
 * several moves for one action (a Charleston pass is 12 tiles, a call is the discard and the tiles
 * exposed with it), so this aggregator keeps where every tile is and what is in progress.
 *
 * | moves                                                         | action(s)                              |
 * |---------------------------------------------------------------|----------------------------------------|
 * | tiles into the walls until the 4 walls hold all 152            | a new game is ready to deal            |
 * | wall → rack until East 14, South 13, West 13, North 13 (or the first other move) | `deal` (what each rack holds) |
 * | rack → another player's rack, 3 from each player               | `pass` (first right, across, left …)   |
 * | after the first left: a pass to the left / across              | `second-charleston` wants yes / no     |
 * | rack → the rack across after the last Charleston, then a discard | `courtesy` (0-3 tiles each)           |
 * | a joker passed, then the same joker back to its passer         | (the return is the referee's ruling)   |
 * | wall → a player's rack                                         | `pick`                                 |
 * | rack (or top) → floor                                          | `discard`                              |
 * | floor → top of a rack, rack → same top (n tiles), then a discard | `call` for a pung/kong/quint/sextet (by the group's size) and `expose` |
 * | floor → top of a rack, returned top → floor                    | `call` (refused: too late), nothing more |
 * | floor → inside a rack                                          | `call` with `intoRack` (000: dead)     |
 * | a rack's top reaches 14 tiles                                  | (`call` for Mah Jongg and) `mah-jongg` |
 * | a natural rack(A) → top(B) with a joker top(B) → rack(A)       | `joker-exchange`                       |
 * | the walls empty, a tile goes back to a wall                    | `wall-game`                            |
 *
 * Limits (the director's business): the purpose of a call whose tile went into the rack cannot be
 * seen (a pung is assumed); a blind pass looks like any pass (the referee is told `blind` 0); a
 * joker exchange on one's own exposure is not recognised; tiles laid on a top that never reach 14
 * without a call make no action.
 */
import type { Place } from '../../../rules/referee/places.js';
import type { CallFor, StandardAction, StandardState } from '../../../rules/referee/standard.js';
import { kindOf, type TileId, type TileKind } from '../../../rules/tiles.js';

/** Tiles in a full set; the walls hold them all before a deal. */
export const FULL_SET = 152;
/** Players at a standard table. */
const SEATS = 4;
/** What each seat holds after the deal (NMJL): East 14, the others 13. */
const DEALT = [14, 13, 13, 13];

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
  /** tiles each player gave (by giver) */
  given: TileId[][];
  /** the receiver of each tile */
  to: Map<TileId, number>;
  courtesy: boolean;
}

interface HalfExchange {
  /** the player on turn giving a natural and taking the joker */
  player: number;
  owner: number;
  natural?: TileId;
  joker?: TileId;
}

const SIZE_FOR: Record<number, CallFor> = { 2: 'pair', 3: 'pung', 4: 'kong', 5: 'quint', 6: 'sextet' };

/**
 * The purpose of a call, from the size of the group the called tile made on top of the rack
 * (the called tile included): 3 pung, 4 kong, 5 quint, 6 sextet, 2 pair (illegal: the referee
 * refuses it); 1 (nothing exposed with it yet) is taken for a pung.
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
      if (this.wallCount() === FULL_SET) this.newGame();
      return out;
    }
    const fromOwner = from && (from.area === 'rack' || from.area === 'top') ? from.player : null;
    const toOwner = to.area === 'rack' || to.area === 'top' ? to.player : null;

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
      if (to.area === 'floor' && fromOwner !== null) {
        if (this.pass?.courtesy) this.flushCourtesy(out, base);
        this.mode = 'play';
        out.push({ type: 'discard', player: fromOwner, tile: kindOf(m.tile), ...base });
        return out;
      }
      return out; // tiles arranged within a rack: nothing to referee
    }

    // ---- play
    if (from?.area === 'wall' && toOwner !== null) {
      this.flushCall(out, state);
      out.push({ type: 'pick', player: toOwner, tile: kindOf(m.tile), ...base });
      return out;
    }
    if (to.area === 'floor' && fromOwner !== null) {
      if (this.withdrawn === m.tile || (this.call && this.call.tile === m.tile && this.call.group.length === 0)) {
        // a called tile put back on the floor: the call (refused, or withdrawn) made no exposure
        this.flushCall(out, state);
        this.withdrawn = null;
        return out;
      }
      this.flushCall(out, state);
      out.push({ type: 'discard', player: fromOwner, tile: kindOf(m.tile), ...base });
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
  }

  /** The deal: what each player holds now (before the move being handled). */
  private deal(out: StandardAction[], base: { at: number; ref: string }): void {
    const hands = Array.from({ length: SEATS }, (_, p) => sortedKinds([...this.tilesAt('rack', p), ...this.tilesAt('top', p)].map(kindOf)));
    out.push({ type: 'deal', hands, wallSize: this.wallCount(), ...base });
    this.mode = 'charleston';
  }

  private passTile(out: StandardAction[], state: StandardState, m: PlacedMove, giver: number, receiver: number): void {
    const offset = (receiver - giver + SEATS) % SEATS;
    if (!this.pass) {
      let courtesy = state.stage === 7;
      if (state.stage === 3) {
        // after the first left: a pass to the left is a second Charleston, across is the courtesy pass
        const second = offset === 3;
        out.push({ type: 'second-charleston', wants: [second, second, second, second], at: m.at, ref: m.ref });
        courtesy = !second;
      }
      this.pass = { given: [[], [], [], []], to: new Map(), courtesy };
    }
    this.pass.given[giver]!.push(m.tile);
    this.pass.to.set(m.tile, receiver);
    if (!this.pass.courtesy && this.pass.given.every((g) => g.length >= 3)) {
      const p = this.pass;
      this.pass = null;
      for (const [g, tiles] of p.given.entries()) {
        for (const t of tiles) if (kindOf(t) === 'J') this.jokerReturns.set(t, { from: p.to.get(t)!, to: g });
      }
      out.push({ type: 'pass', tiles: p.given.map((g) => g.map(kindOf)), at: m.at, ref: m.ref });
    }
  }

  private flushCourtesy(out: StandardAction[], base: { at: number; ref: string }): void {
    const p = this.pass!;
    this.pass = null;
    out.push({ type: 'courtesy', wishes: p.given.map((g) => g.length), tiles: p.given.map((g) => g.map(kindOf)), ...base });
  }

  /** Emits the pending call (and its exposure) before anything else happens at the table. */
  private flushCall(out: StandardAction[], state: StandardState): void {
    const c = this.call;
    if (!c) return;
    this.call = null;
    const base = { at: c.at, ref: c.ref };
    out.push({ type: 'call', calls: [{ player: c.player, for: callForSize(1 + c.group.length) }], ...base });
    if (c.group.length > 0) out.push({ type: 'expose', player: c.player, tiles: c.group.map(kindOf), ...base });
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
      const kind = kindOf(natural);
      const exps = state.players[half.owner]?.exposures ?? [];
      let exposure = exps.findIndex((e) => e.includes('J') && e.find((t) => t !== 'J') === kind);
      if (exposure < 0) exposure = exps.findIndex((e) => e.includes('J'));
      this.flushCall(out, state);
      out.push({ type: 'joker-exchange', player: half.player, owner: half.owner, exposure: Math.max(0, exposure), tile: kind, ...base });
      return;
    }
    this.exchange = half;
  }
}

function sortedKinds(k: TileKind[]): TileKind[] {
  return [...k].sort();
}
