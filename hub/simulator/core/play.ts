/**
 * The simulator's one game loop, for both tables: seeded bots (../bot.ts) play a whole game as
 * physical steps the readers would see (./table.ts), and each table's own rules come in as a small
 * hook object ({@link TableHooks}: the Royale Siamese table's is ../game.ts, 003; the 4-player
 * table's ../standard/game.ts, 000 with the Charleston). Pure and seeded: no I/O.
 *
 * The loop, in the words both rule sets share:
 * - the deal: from the current wall (the first non-empty wall of the config's `wallOrder`) each
 *   player takes {@link TILES_PER_TAKE} tiles at a time, East first, in seat order, until each holds
 *   what the variant deals (rules/variants: 27 each, 003 rule 5; East 14 and the others 13, NMJL);
 *   a take that empties a wall is two lifts, the tiles are racked together;
 * - then the hooks' `afterDeal` (the 4-player Charleston);
 * - East discards first when the deal gave her a hand on turn (14, NMJL), else she picks first
 *   (003 rule 8: the 28th tile);
 * - a discard may be called by the players after the discarder, in turn order (Mah Jongg beats an
 *   exposure, else the next in turn): the discard goes floor → hand → the top of one of the caller's
 *   racks, the matching tiles follow from inside the racks; then the caller discards (the hooks may
 *   say another player is on turn, or that the game ended);
 * - uncalled, the next player picks (one tile from the current wall, racked in the rack with fewer
 *   tiles), declares Mah Jongg when a rack's line is complete, exchanges a joker when the table
 *   plays it, and discards; the walls used up end the game (the hooks' `wallGame`).
 * Every real move goes through the hand: a tile leaves its zone (`to: null`) in one step and
 * arrives in its new zone (`from: null`) in a later step.
 */
import type { Card, CardLine } from '../../../rules/card/types.js';
import type { Variant } from '../../../rules/variants/types.js';
import { kindOf, type TileId, type TileKind } from '../../../rules/tiles.js';
import type { TableConfig } from '../../config/types.js';
import { type BotTuning, chooseDiscard, type CallDecision, concealed, findCall, findMahJongg, type MahJonggDecision, rackFor, type RackView, type TopGroup } from '../bot.js';
import { buildWalls, type Move, type Step, type TableZones, tableZones } from './table.js';

/** Tiles a player takes off the wall at a time in the deal (003 rule 5: "four (4) tiles"; the NMJL deal too). */
export const TILES_PER_TAKE = 4;

/** East, the dealer, who deals herself first and plays first (seat 0 on both tables). */
const EAST = 0;

/** A table's own words in its step labels (the labels are logged and read by tests: each table keeps its own). */
export interface StepWords {
  /** tiles racked inside a rack, e.g. `Ann racks 5B#2 in rack 0` (2 racks) or `Ann racks 5B#2 (the pick)` */
  racked(name: string, tiles: readonly TileId[], rack: number, why: 'the deal' | 'the pick'): string;
  /** the top of a rack in `Ann puts 5B#2 on the top of …`: `rack 1`, `the rack` */
  top(rack: number): string;
  /** the tiles of a called exposure laid on the top, e.g. `Bea exposes 4 GD on rack 1` */
  exposed(name: string, size: number, kind: TileKind, rack: number): string;
  /** the concealed tiles of a Mah Jongg lifted, e.g. `Ann lifts 13 tiles for Mah Jongg` */
  mahJonggLifted(name: string, tiles: readonly TileId[]): string;
  /** the Mah Jongg laid on the top of the rack, e.g. `Ann exposes Mah Jongg on rack 0: sample-standard:20` */
  mahJonggLaid(name: string, rack: number, line: CardLine): string;
}

/** A pick as played: the tiles lifted (one, or more with an injection), the wall of each, the rack and the step that racked them. */
export interface Picked {
  /** the pick's number after the deal (1-based) */
  pick: number;
  tiles: TileId[];
  walls: number[];
  rack: number;
  /** the current wall when the pick began */
  currentWall: number;
  step: number;
}

/** A Mah Jongg laid on the top of a rack: the steps that put the called discard there (null: self-picked) and the rest of the hand. */
export interface Laid {
  /** the step that put the called discard on the top, or null */
  putStep: number | null;
  /** the step that laid the concealed tiles */
  step: number;
  /** the 14 tiles on the top of the rack (exposures already there first) */
  tiles: TileId[];
}

/** What a caller does after a call: discard (`'discards'`), let player n pick (`n`), or nothing: the game ended (`null`). */
export type AfterCall = 'discards' | number | null;

/**
 * A table's own rules, as the one loop asks them. Every hook is called at a known point of the
 * loop (see {@link SimTable.play}); an absent hook is the plain game (the comment says what it is).
 */
export interface TableHooks {
  words: StepWords;
  /** the tiles seat `p` takes in round `round` of the deal (default `n`, its due: a misdeal injection changes it) */
  dealTake?(p: number, round: number, n: number): number;
  /** a take of the deal racked in `rack` at `step`, from the walls `walls` */
  dealt?(p: number, rack: number, tiles: TileId[], walls: number[], step: number): void;
  /** after the deal, before East's first turn (the 4-player Charleston) */
  afterDeal?(): void;
  /** how pick number `pick` is made (default one tile from the current wall): an injection picks more, or from another wall */
  pickHow?(p: number, pick: number, currentWall: number): { n?: number; wall?: number };
  /** after a pick is racked (the record; injections made right after a pick) */
  picked?(p: number, picked: Picked): void;
  /** a discard landed on the floor at `step` */
  discarded?(p: number, tile: TileId, step: number): void;
  /** whether seat `q` is out of play: calls nothing, is skipped in turn (default: every rack holds a Mah Jongg or is dead) */
  out?(q: number): boolean;
  /** whether `q` may make this call (default yes) */
  mayCall?(q: number, call: CallDecision): boolean;
  /**
   * a call made on purpose before the bots' own (an injection): returns the player who picks next
   * (null: the game ended), or undefined when it makes none
   */
  forcedCall?(discarder: number, tile: TileId, order: readonly number[]): number | null | undefined;
  /** a called exposure laid: the call's put step and the exposure's step */
  exposed?(p: number, from: number, tile: TileId, call: Extract<CallDecision, { purpose: 'exposure' }>, group: TopGroup, putStep: number, step: number): void;
  /** who is on turn after `caller`'s call (default: the caller discards) */
  afterCall?(caller: number): AfterCall;
  /** whether `p` may declare Mah Jongg now (default yes) */
  mayDeclare?(p: number): boolean;
  /**
   * a Mah Jongg laid: `nth` counts the Mah Jonggs of this turn (0 the first), `called` is the
   * called discard it was made with and `calledFrom` its discarder; @returns true when the game is over
   */
  mahJongg(p: number, d: MahJonggDecision, laid: Laid, how: { nth: number; selfPicked: boolean; calledFrom: number | null; called: TileId | null }): boolean;
  /**
   * the table plays joker exchanges: the exposure of `owner` a joker stands in (its index as the
   * table counts them), or null when it cannot be exchanged. Absent: no joker exchange.
   */
  exchangeable?(owner: number, joker: TileId): number | null;
  /** a joker exchanged: `p` gave `natural` for `joker` in `owner`'s exposure `exposure` */
  exchanged?(p: number, owner: number, exposure: number, joker: TileId, natural: TileId): void;
  /** the player after `discarder` on turn when nobody called (default: the next seat not out), null: nobody plays on */
  next?(discarder: number): number | null;
  /** whether the game is over (checked before each call and after each pick; default: only when a hook said so) */
  over?(): boolean;
  /** the walls are used up before a pick */
  wallGame(): void;
}

/** What a table plays: its config, cards and variant (the numbers: rules/variants), the seed and the bots' tuning. */
export interface SimTableOptions {
  seed: number;
  cards: Card[];
  table: TableConfig;
  variant: Variant;
  tuning: BotTuning;
}

/**
 * One table as the simulator plays it: the walls, every player's racks, the steps so far, and the
 * moves of the game (as public methods, for the hooks' injections and the Charleston).
 */
export class SimTable {
  readonly seed: number;
  readonly zones: TableZones;
  readonly names: string[];
  /** the walls as built (tiles in picking order) */
  readonly walls: TileId[][];
  /** the tiles left in each wall, front first */
  readonly left: TileId[][];
  /** each player's racks, as the bots see them */
  readonly racks: RackView[][];
  readonly steps: Step[] = [];
  /** picks from the walls after the deal so far */
  picks = 0;

  /** @throws Error when the table is not the variant's shape or lacks a zone (tableZones), or its walls do not hold the set (buildWalls) */
  constructor(private readonly opts: SimTableOptions) {
    const { table, variant } = opts;
    if (table.players.length !== variant.seats || table.racksPerPlayer !== variant.racksPerSeat) {
      throw new Error(`table ${table.id}: the ${variant.id} simulator plays ${variant.seats} players with ${variant.racksPerSeat} rack${variant.racksPerSeat === 1 ? '' : 's'} each`);
    }
    this.seed = opts.seed;
    this.zones = tableZones(table);
    this.names = table.players.map((p) => p.name);
    this.walls = buildWalls(opts.seed, table);
    this.left = this.walls.map((w) => [...w]);
    this.racks = table.players.map(() => Array.from({ length: table.racksPerPlayer }, () => ({ inside: [], top: [], mahJongg: null })));
  }

  /** Adds a step; @returns its index */
  step(label: string, moves: Move[], dwell?: number): number {
    this.steps.push(dwell === undefined ? { label, moves } : { label, moves, dwell });
    return this.steps.length - 1;
  }

  /** The current wall: the first of `wallOrder` with tiles left, or −1 when all are used up. */
  currentWall(): number {
    for (const w of this.opts.table.wallOrder) if (this.left[w]!.length > 0) return w;
    return -1;
  }

  /** Tiles player `p` holds: inside her racks plus on their tops (exposures and Mah Jonggs). */
  holds(p: number): number {
    return this.racks[p]!.reduce((n, r) => n + r.inside.length + (r.mahJongg ? r.mahJongg.tiles.length : r.top.reduce((m, x) => m + x.tiles.length, 0)), 0);
  }

  /** Lifts `n` tiles off the front of wall `w` in one step (`Ann takes … from wall 2`). @returns them */
  liftFromWall(p: number, w: number, n: number, what: string): TileId[] {
    const tiles = this.left[w]!.splice(0, n);
    this.step(
      `${this.names[p]} ${what} ${tiles.join(' ')} from wall ${w}`,
      tiles.map((tile) => ({ tile, from: this.zones.walls[w]!, to: null })),
    );
    return tiles;
  }

  /** Takes `n` tiles from the current wall, one lift per wall it empties. @returns the tiles and the wall of each lift */
  takeFromWalls(p: number, n: number, what: string): { tiles: TileId[]; walls: number[] } {
    const tiles: TileId[] = [];
    const walls: number[] = [];
    while (tiles.length < n) {
      const w = this.currentWall();
      if (w < 0) break;
      tiles.push(...this.liftFromWall(p, w, Math.min(n - tiles.length, this.left[w]!.length), what));
      walls.push(w);
    }
    return { tiles, walls };
  }

  /** Racks tiles from `p`'s hand inside her rack `rack` in one step labelled `label`. @returns the step */
  rackIn(p: number, rack: number, tiles: TileId[], label: string): number {
    this.racks[p]![rack]!.inside.push(...tiles);
    return this.step(
      label,
      tiles.map((tile) => ({ tile, from: null, to: this.zones.rackIn[p]![rack]! })),
    );
  }

  /**
   * Lifts concealed tiles of `p` from whichever rack holds each, in one step labelled `label`.
   * @throws Error naming the seed, the player and the tile she does not hold (a bug of a bot or a hook)
   */
  lift(p: number, tiles: readonly TileId[], label: string): number {
    const moves: Move[] = tiles.map((tile) => {
      const racks = this.racks[p]!;
      const r = racks.findIndex((x) => x.inside.includes(tile));
      if (r < 0) throw new Error(`seed ${this.seed}: ${this.names[p]} has no concealed ${tile}`);
      racks[r]!.inside.splice(racks[r]!.inside.indexOf(tile), 1);
      return { tile, from: this.zones.rackIn[p]![r]!, to: null };
    });
    return this.step(label, moves);
  }

  /** Whether every rack of `q` holds a Mah Jongg or is dead (003 rule 13: she stops). */
  private isOut(q: number): boolean {
    return this.racks[q]!.every((r) => r.mahJongg !== null || r.dead);
  }

  /** The next player after `q` still playing (possibly `q` itself), or null when none is. */
  nextActive(q: number, out: (q: number) => boolean = (x) => this.isOut(x)): number | null {
    const n = this.racks.length;
    for (let i = 1; i <= n; i++) if (!out((q + i) % n)) return (q + i) % n;
    return null;
  }

  /**
   * Plays the whole game with the table's hooks: the deal, `afterDeal`, then turns until a hook says
   * the game is over, the walls are used up (`wallGame`) or nobody plays on.
   * @throws Error when the walls run out during the deal, or (a bug) a bot makes an impossible move
   */
  play(h: TableHooks): void {
    const { variant } = this.opts;
    this.deal(h);
    h.afterDeal?.();
    let p = EAST;
    let tile: TileId | null = variant.dealt(EAST) === variant.hand(true) ? this.discard(h, EAST) : null;
    let discarder = EAST;
    for (;;) {
      if (tile !== null) {
        const next = this.callsOn(h, discarder, tile);
        if (next === null) return;
        p = next;
      }
      if (this.currentWall() < 0) {
        h.wallGame();
        return;
      }
      this.pick(h, p);
      if (h.over?.()) return;
      if (this.moreMahJongg(h, p, 0, true)) return;
      if (h.exchangeable) {
        this.exchangeJoker(h, p);
        if (this.moreMahJongg(h, p, 0, true)) return;
      }
      discarder = p;
      tile = this.discard(h, p);
    }
  }

  /**
   * The calls on `tile`, `discarder`'s discard: until nobody calls it, each caller discards in
   * turn and her discard may be called. @returns the player who picks next, or null when the game is over
   */
  private callsOn(h: TableHooks, discarder: number, tile: TileId): number | null {
    for (;;) {
      if (h.over?.()) return null;
      const order = this.callOrder(h, discarder);
      const forced = h.forcedCall?.(discarder, tile, order);
      if (forced !== undefined) return forced;
      const c = this.caller(h, order, tile);
      if (!c) return h.next ? h.next(discarder) : this.nextActive(discarder, h.out);
      if (c.call.purpose === 'mahjongg') {
        const laid = this.layMahJongg(h, c.player, c.call.mahJongg, tile);
        if (h.mahJongg(c.player, c.call.mahJongg, laid, { nth: 0, selfPicked: false, calledFrom: discarder, called: tile })) return null;
        // a second Mah Jongg right away on another rack (003 rule 17C)
        if (this.moreMahJongg(h, c.player, 1, false)) return null;
      } else this.callExposure(h, c.player, c.call, tile, discarder);
      const after = h.afterCall ? h.afterCall(c.player) : 'discards';
      if (after !== 'discards') return after;
      discarder = c.player;
      tile = this.discard(h, discarder);
    }
  }

  /** The deal: {@link TILES_PER_TAKE} at a time, East first, until each seat holds the variant's `dealt`. */
  private deal(h: TableHooks): void {
    const { variant } = this.opts;
    const seats = this.racks.length;
    const taken = Array(seats).fill(0) as number[];
    for (let round = 0; ; round++) {
      const due = taken.map((t, p) => Math.min(TILES_PER_TAKE, variant.dealt(p) - t));
      if (due.every((n) => n <= 0)) return;
      for (let p = 0; p < seats; p++) {
        if (due[p]! <= 0) continue;
        const n = h.dealTake ? h.dealTake(p, round, due[p]!) : due[p]!;
        const got = this.takeFromWalls(p, n, 'takes');
        if (got.tiles.length < n) throw new Error(`seed ${this.seed}: the walls ran out during the deal`);
        taken[p]! += n;
        const rack = rackFor(this.racks[p]!);
        const s = this.rackIn(p, rack, got.tiles, h.words.racked(this.names[p]!, got.tiles, rack, 'the deal'));
        h.dealt?.(p, rack, got.tiles, got.walls, s);
      }
    }
  }

  /** One pick (a tile from the current wall unless `pickHow` says otherwise), racked in the rack with fewer tiles. */
  private pick(h: TableHooks, p: number): void {
    this.picks++;
    const currentWall = this.currentWall();
    const how = h.pickHow?.(p, this.picks, currentWall) ?? {};
    const n = how.n ?? 1;
    const tiles: TileId[] = [];
    const walls: number[] = [];
    while (tiles.length < n) {
      const from = how.wall ?? this.currentWall();
      if (from < 0) break;
      tiles.push(...this.liftFromWall(p, from, 1, 'picks'));
      walls.push(from);
    }
    if (!tiles.length) return;
    const rack = rackFor(this.racks[p]!);
    const step = this.rackIn(p, rack, tiles, h.words.racked(this.names[p]!, tiles, rack, 'the pick'));
    h.picked?.(p, { pick: this.picks, tiles, walls, rack, currentWall, step });
  }

  /** The bot's discard: lifted, then on the floor (dwell 2: the others look at it before calling or picking). */
  private discard(h: TableHooks, p: number): TileId {
    const tile = chooseDiscard(this.opts.cards, this.racks[p]!, this.opts.tuning);
    this.lift(p, [tile], `${this.names[p]} lifts ${tile} to discard`);
    const s = this.step(`${this.names[p]} discards ${tile}`, [{ tile, from: null, to: this.zones.floor }], 2);
    h.discarded?.(p, tile, s);
    return tile;
  }

  /** The players after `discarder`, in turn order, who are not out. */
  private callOrder(h: TableHooks, discarder: number): number[] {
    const n = this.racks.length;
    const out = h.out ?? ((q: number) => this.isOut(q));
    return Array.from({ length: n - 1 }, (_, i) => (discarder + 1 + i) % n).filter((q) => !out(q));
  }

  /** Who calls `tile`: the first in `order` calling it for Mah Jongg, else the first calling it at all (NMJL; on 2 players, the other). */
  private caller(h: TableHooks, order: readonly number[], tile: TileId): { player: number; call: CallDecision } | null {
    const calls = new Map<number, CallDecision | null>();
    const callOf = (q: number): CallDecision | null => {
      if (!calls.has(q)) {
        const c = findCall(this.opts.cards, this.racks[q]!, tile, this.opts.tuning);
        calls.set(q, c && (h.mayCall?.(q, c) ?? true) ? c : null);
      }
      return calls.get(q)!;
    };
    for (const q of order) {
      const c = callOf(q);
      if (c?.purpose === 'mahjongg') return { player: q, call: c };
    }
    for (const q of order) {
      const c = callOf(q);
      if (c) return { player: q, call: c };
    }
    return null;
  }

  /** A called exposure: the discard floor → hand → the top of the rack, then the matching tiles from inside → hand → the same top. */
  private callExposure(h: TableHooks, p: number, call: Extract<CallDecision, { purpose: 'exposure' }>, tile: TileId, from: number): void {
    const name = this.names[p]!;
    const topZone = this.zones.rackTop[p]![call.rack]!;
    this.step(`${name} calls ${tile}`, [{ tile, from: this.zones.floor, to: null }]);
    const putStep = this.step(`${name} puts ${tile} on the top of ${h.words.top(call.rack)}`, [{ tile, from: null, to: topZone }]);
    this.lift(p, call.tiles, `${name} lifts ${call.tiles.join(' ')} to expose`);
    const step = this.step(
      h.words.exposed(name, call.size, call.kind, call.rack),
      call.tiles.map((t) => ({ tile: t, from: null, to: topZone })),
    );
    const group: TopGroup = { kind: call.kind, size: call.size, tiles: [tile, ...call.tiles], called: true };
    this.racks[p]![call.rack]!.top.push(group);
    h.exposed?.(p, from, tile, call, group, putStep, step);
  }

  /** Lays a Mah Jongg on the top of its rack: the called discard first (floor → hand → top), then the concealed tiles. */
  private layMahJongg(h: TableHooks, p: number, d: MahJonggDecision, called: TileId | null): Laid {
    const name = this.names[p]!;
    const words = h.words;
    const topZone = this.zones.rackTop[p]![d.rack]!;
    let putStep: number | null = null;
    if (called) {
      this.step(`${name} calls ${called} for Mah Jongg`, [{ tile: called, from: this.zones.floor, to: null }]);
      putStep = this.step(`${name} puts ${called} on the top of ${words.top(d.rack)}`, [{ tile: called, from: null, to: topZone }]);
    }
    const rest = d.tiles.filter((t) => t !== called);
    this.lift(p, rest, words.mahJonggLifted(name, rest));
    const step = this.step(
      words.mahJonggLaid(name, d.rack, d.line),
      rest.map((tile) => ({ tile, from: null, to: topZone })),
    );
    const rack = this.racks[p]![d.rack]!;
    const tiles = [...rack.top.flatMap((x) => x.tiles), ...d.tiles];
    rack.mahJongg = { line: d.line, tiles };
    return { putStep, step, tiles };
  }

  /** Declares every Mah Jongg `p`'s racks complete now (the `nth` of this turn from `first`). @returns true when the game is over */
  private moreMahJongg(h: TableHooks, p: number, first: number, selfPicked: boolean): boolean {
    for (let nth = first; h.mayDeclare?.(p) ?? true; nth++) {
      const d = findMahJongg(this.opts.cards, this.racks[p]!);
      if (!d) return false;
      if (h.mahJongg(p, d, this.layMahJongg(h, p, d, null), { nth, selfPicked, calledFrom: null, called: null })) return true;
    }
    return false;
  }

  /**
   * A joker exchange by `p` on turn: the first joker in another player's exposure (in turn order)
   * whose natural tile `p` holds concealed and the table lets her exchange: the natural goes up on
   * that top, the joker comes into her rack (two steps).
   */
  private exchangeJoker(h: TableHooks, p: number): void {
    const n = this.racks.length;
    for (let o = 1; o < n; o++) {
      const owner = (p + o) % n;
      for (const [ro, ownerRack] of this.racks[owner]!.entries()) {
        for (const g of ownerRack.top) {
          const joker = g.tiles.find((t) => kindOf(t) === 'J');
          if (!joker) continue;
          const natural = concealed(this.racks[p]!).find((t) => kindOf(t) === g.kind);
          if (!natural) continue;
          const exposure = h.exchangeable!(owner, joker);
          if (exposure === null) continue;
          const r = this.racks[p]!.findIndex((x) => x.inside.includes(natural));
          const mine = this.racks[p]![r]!;
          mine.inside.splice(mine.inside.indexOf(natural), 1);
          g.tiles.splice(g.tiles.indexOf(joker), 1, natural);
          const top = this.zones.rackTop[owner]![ro]!;
          const rackZone = this.zones.rackIn[p]![r]!;
          this.step(`${this.names[p]} takes ${joker} from ${this.names[owner]}'s exposure for ${natural}`, [
            { tile: natural, from: rackZone, to: null },
            { tile: joker, from: top, to: null },
          ]);
          this.step(`${this.names[p]} exchanges ${natural} for the joker`, [
            { tile: natural, from: null, to: top },
            { tile: joker, from: null, to: rackZone },
          ]);
          mine.inside.push(joker);
          h.exchanged?.(p, owner, exposure, joker, natural);
          return;
        }
      }
    }
  }
}
