/**
 * One whole standard 4-player game (NMJL play, 000's tournament rules) played by four seeded
 * bots, as a timeline of physical tile moves the readers would see, plus the exact actions the hub
 * should infer from them (the one engine's `Action`s) and what the engine's standard variant makes
 * of them (flags, score).
 * Pure and seeded: no I/O; the same options always give the same game.
 *
 * The table (hub/config/tables/standard-demo.json): players 0 East, 1 South, 2 West, 3 North, one
 * rack each (zones `in`, `top`); 4 walls of 38 used in `wallOrder`; one discard floor.
 *
 * Play, in NMJL words:
 * - the deal: each player takes 4 tiles at a time from the current wall, East first, three times,
 *   then East takes 2 and the others 1: East 14, the others 13;
 * - the first Charleston (000: required): 3 tiles right, across, left (on the first left a bot may
 *   give back tiles it received in the across pass: seen, an ordinary pass); then, if all four want
 *   it (seeded), the second Charleston: left, across, right; then a courtesy pass across of 0-3
 *   tiles (each pair across passes the smaller wish);
 * - blind passes (NMJL, with `blindChance` > 0; the demo runner uses 0.3): on the first left and the
 *   last right a bot may pass 1-3 of its own tiles fewer and pass on, unseen, as many of the tiles
 *   coming to it in the same pass (the first ones, as the referee reads them; never a joker). The
 *   readers see each blind tile either (a) go from its giver's rack straight to the rack it ends in
 *   (two seats on in a left pass) or (b) racked by the blind passer, lifted again and racked by the
 *   next; the recorded `pass` action carries `blind` and the bots' racks are checked against the
 *   referee's after the pass;
 * - East discards first; each discard may be called (Mah Jongg beats an exposure, else the next in
 *   turn) for an exposure (the discard floor → top of the rack, then the tiles of its group rack →
 *   top) or for Mah Jongg; a player on turn who holds the natural tile a joker stands for in another
 *   player's exposure exchanges it (natural rack → that top, joker that top → own rack);
 * - Mah Jongg: the hand goes up on the top of the rack (14 tiles there); a wall game when the wall
 *   is used up.
 * The game loop is the simulator's one core (../core/play.ts, as the Siamese table's); this file is
 * the 4-player table's hooks: the Charleston, the injections, the record. The bots are ../bot.ts with
 * one rack each; a shadow engine (rules/variants/standard.ts `standardEngine`, on `GameState`) is
 * run on the actions the bots make, so dead hands sit out exactly as the hub will rule.
 *
 * Injections (`inject`, each once per game, at the `injectAt`-th pick after the deal, default 3):
 * - `joker`: a player holding a joker passes it in the first right pass; the receiver gives it back
 *   (NMJL: a joker is never passed; the passer keeps it, so both counts end wrong too);
 * - `ahead`: the next player picks and racks a tile before the player on turn has discarded, then
 *   puts it back on the wall (000: picking ahead, dead);
 * - `into-rack`: the discard is called by the next player and put inside the rack (000: dead);
 * - `late-call`: the discard is taken onto the top of a rack after the next pick was racked, then
 *   put back on the floor (000: no longer in play; the call is refused);
 * - `count`: a misdeal: South takes 2 tiles instead of 1 in the last round of the deal (NMJL: 14 tiles
 *   off turn, caught at East's first discard: dead).
 */
import type { Card } from '../../../rules/card/types.js';
import type { TableConfig } from '../../config/types.js';
import { kindOf, type TileId } from '../../../rules/tiles.js';
import { CHARLESTON, COURTESY_STAGE, SEATS, VOTE_STAGE } from '../../../rules/standard-game.js';
import type { Action, CallFor } from '../../../rules/game/actions.js';
import type { GameFlag } from '../../../rules/game/flags.js';
import type { Place } from '../../../rules/game/places.js';
import { initialGameState, type GameState } from '../../../rules/game/state.js';
import { STANDARD, standardEngine } from '../../../rules/variants/standard.js';
import { concealedOf, STANDARD_SHAPE, winnerOf } from '../../../rules/variants/standard/play.js';
import { dealtWalls, leaveHolderWhole } from '../../../rules/variants/standard/standard-ids.js';
import { mulberry32 } from '../prng.js';
import type { Step } from '../core/table.js';
import { SimTable, TILES_PER_TAKE, type StepWords } from '../core/play.js';
import { chooseDiscard, DEFAULT_TUNING, type RackView } from '../bot.js';

/** A violation the standard simulator makes on purpose (see the module comment). */
export type StandardInjection = 'joker' | 'ahead' | 'into-rack' | 'late-call' | 'count';

/** Every injection, for the CLI. */
export const STANDARD_INJECTIONS: readonly StandardInjection[] = ['joker', 'ahead', 'into-rack', 'late-call', 'count'];

/** What to play. */
export interface StandardGameOptions {
  /** seed of the shuffle and of the bots' choices */
  seed: number;
  cards: Card[];
  /** a standard table: 4 players, 1 rack each, walls holding 152 tiles */
  table: TableConfig;
  inject?: StandardInjection;
  /** the pick after the deal (1-based) at which `ahead`, `into-rack` and `late-call` happen (default 3) */
  injectAt?: number;
  /**
   * the chance (0-1) that a bot passes blind on the first left and on the last right (NMJL blind
   * pass: 1-3 of the tiles coming to it, passed on unseen); default 0: no blind pass, and each seed
   * plays the game it always played (the demo runner uses 0.3)
   */
  blindChance?: number;
}

/**
 * An action as the hub should infer it from the moves: the one engine's action (rules/game/actions.ts)
 * without its time and reference, as the move layer (hub/table/moves/moves.ts) reads it: a `deal`
 * with each seat's tiles and the walls (the tiles left to pick, in set order), a `pick` from wall 0
 * to the picker's rack, a `call` of the last discard with no rivals, an `expose` of the tiles laid
 * beside the called one.
 */
export type ExpectedAction = Action extends infer A ? (A extends unknown ? Omit<A, 'at' | 'ref'> : never) : never;

/** What happened, for tests to compare with what the hub inferred. */
export interface StandardGameRecord {
  seed: number;
  players: string[];
  inject: StandardInjection | null;
  injectAt: number | null;
  /** the actions the hub should infer from the moves, in order */
  actions: ExpectedAction[];
  /** the shadow engine's flags: what the hub should flag (ids, kinds (the flag's code), players, titles) */
  flags: (Pick<GameFlag, 'id' | 'player' | 'title'> & { kind: GameFlag['code'] })[];
  /** how the game ended, in the referee's words */
  endReason: string | null;
  winner: { player: number; lineId: string; value: number; jokerless: boolean; selfPicked: boolean; discarder: number | null } | null;
  /** the tournament score (000) when the game ended, else null */
  points: number[] | null;
  /** the second Charleston was played, and the courtesy pass (tiles per pair across: East-West, South-North) */
  charleston: { second: boolean; courtesy: [number, number] };
}

/** A whole game. */
export interface StandardGameResult {
  walls: TileId[][];
  steps: Step[];
  record: StandardGameRecord;
}

/** Seats each pass moves a tile: the first Charleston (right, across, left) and the second (left, across, right). */
const OFFSETS_FIRST = CHARLESTON.slice(0, VOTE_STAGE).map((c) => c.offset);
const OFFSETS_SECOND = CHARLESTON.slice(VOTE_STAGE + 1, COURTESY_STAGE).map((c) => c.offset);

/** The 4-player table's step labels: one rack each, a placement says why. */
const STANDARD_WORDS: StepWords = {
  racked: (name, tiles, _rack, why) => `${name} racks ${tiles.join(' ')} (${why})`,
  top: () => 'the rack',
  exposed: (name, size, kind) => `${name} exposes ${size} ${kind}`,
  mahJonggLifted: (name, tiles) => `${name} lifts ${tiles.join(' ')} to show Mah Jongg`,
  mahJonggLaid: (name) => `${name} lays Mah Jongg on the top of the rack`,
};

/** The call a group of `size` tiles is (000). */
const CALL_FOR = { 3: 'pung', 4: 'kong', 5: 'quint', 6: 'sextet' } as const;

/**
 * Plays one whole standard game.
 * @throws Error when the table is not a 4-player table of one rack each, `blindChance` is not 0-1, or
 *   (a bug) a bot makes an impossible move or its racks after a blind pass differ from the referee's
 */
export function playStandardGame(opts: StandardGameOptions): StandardGameResult {
  const { seed, cards, table } = opts;
  const sim = new SimTable({ seed, cards, table, variant: STANDARD, tuning: DEFAULT_TUNING });
  const { names } = sim;
  /** each player's one rack */
  const racks: RackView[] = sim.racks.map((r) => r[0]!);
  const rng = mulberry32(seed ^ 0x5eed);
  const actions: ExpectedAction[] = [];
  const injectAt = opts.injectAt ?? 3;
  const inject = opts.inject ?? null;
  const engine = standardEngine({ names, cards });
  let state: GameState = initialGameState(STANDARD_SHAPE);
  let ref = 0;

  const act = (a: ExpectedAction): void => {
    actions.push(a);
    state = engine.apply(state, { ...a, at: ref, ref: `s${ref++}` } as Action).state;
  };
  const inside = (p: number): Place => ({ area: 'rack', player: p, rack: 0 });
  /** `player` calls the last discard `tile` for `what` (onto her top; `intoRack`: inside her rack, 000: dead) */
  const call = (player: number, tile: TileId, what: CallFor, intoRack = false): void =>
    act({ type: 'call', player, tile, to: intoRack ? inside(player) : { area: 'top', player, rack: 0 }, for: what, rivals: [] });
  /** `player` picks `tile` (a copy the engine has in a hand first swaps with a tile left to pick, as the engine reads a record) */
  const pick = (player: number, tile: TileId): void => {
    state = leaveHolderWhole(state, tile);
    const from = state.where.get(tile);
    act({ type: 'pick', player, wall: from?.area === 'wall' ? from.wall : 0, tile, to: inside(player) });
  };
  const lift = (p: number, tiles: TileId[], what: string): void => {
    sim.lift(p, tiles, `${names[p]} lifts ${tiles.join(' ')} to ${what}`);
  };
  const rackIn = (p: number, tiles: TileId[], what: string): void => {
    sim.rackIn(p, 0, tiles, `${names[p]} racks ${tiles.join(' ')} (${what})`);
  };
  const top = (p: number) => sim.zones.rackTop[p]![0]!;
  const alive = (p: number) => !state.seats[p]!.racks[0]!.dead;
  const blindChance = opts.blindChance ?? 0;
  if (!(blindChance >= 0 && blindChance <= 1)) throw new Error(`seed ${seed}: blindChance must be 0-1, not ${blindChance}`);

  /** The Charleston (000: the first required; the second if all four want it; the courtesy pass). */
  const charleston = (): { second: boolean; courtesy: [number, number] } => {
    // ---- the Charleston
    /** 3 tiles a bot passes: the least useful, never a joker (unless `joker`: one joker first). */
    const choosePass = (p: number, n: number, withJoker = false, already: TileId[] = []): TileId[] => {
      const out: TileId[] = [...already];
      n += already.length;
      if (withJoker) out.push(racks[p]!.inside.find((t) => kindOf(t) === 'J')!);
      while (out.length < n) {
        const view: RackView = { inside: racks[p]!.inside.filter((t) => !out.includes(t)), top: [], mahJongg: null };
        let t = chooseDiscard(cards, [view], DEFAULT_TUNING);
        if (kindOf(t) === 'J') t = view.inside.find((x) => kindOf(x) !== 'J') ?? t;
        out.push(t);
      }
      return out;
    };
    /**
     * The blind passes' own stream (who passes blind, how many, how each blind tile is shown), apart
     * from `rng` so that a game with `blindChance` 0 is the game it always was.
     */
    const blindRng = mulberry32(seed ^ 0xb11d);
    let received: TileId[][] = [[], [], [], []];
    /**
     * One Charleston pass. `reuse` (the first left): a bot may (seeded, 30 %) pass tiles it received
     * in the pass before, seen: an ordinary pass. `blindStage` (first left, last right): a bot may
     * (`blindChance`) pass b (1-3) of its own tiles fewer and pass on, unseen, the first b tiles coming
     * to it in this pass (the referee's rule; never a joker: no joker is passed to it).
     */
    const doPass = (offset: number, counts: number[], label: string, jokerFrom: number | null = null, reuse = false, blindStage = false): void => {
      const chosen = counts.map((n, p) => {
        if (reuse && n === 3 && rng() < 0.3) {
          const fresh = received[p]!.filter((t) => kindOf(t) !== 'J' && racks[p]!.inside.includes(t));
          const b = Math.min(fresh.length, 1 + Math.floor(rng() * 3));
          return choosePass(p, 3 - b, false, fresh.slice(0, b));
        }
        return n > 0 ? choosePass(p, n, jokerFrom === p) : [];
      });
      let blind = counts.map((n) => (blindStage && n === 3 && blindChance > 0 && blindRng() < blindChance ? 1 + Math.floor(blindRng() * 3) : 0));
      // all four passing on all 3 unseen would move no tile at all: the readers could not see that pass
      if (blind.every((b) => b === 3)) blind = [0, 0, 0, 0];
      const give = chosen.map((g, p) => g.slice(0, g.length - blind[p]!));
      for (let p = 0; p < 4; p++) if (give[p]!.length) lift(p, give[p]!, `pass ${label}`);
      received = [[], [], [], []];
      if (blind.every((b) => b === 0)) {
        for (let p = 0; p < 4; p++) {
          if (!give[p]!.length) continue;
          rackIn((p + offset) % SEATS, give[p]!, `passed ${label} by ${names[p]}`);
          received[(p + offset) % SEATS] = give[p]!;
        }
      } else {
        received = blindPass(offset, label, give, blind);
        // the record, as the referee reads it: each giver's tiles that went furthest first, then by id (kind, then copy)
        const order = (ts: TileId[]) => [...ts].sort((a, b) => hops.get(b)! - hops.get(a)! || (a < b ? -1 : a > b ? 1 : 0));
        give.forEach((g, p) => (give[p] = order(g)));
      }
      if (label !== 'courtesy across') act(blind.some((b) => b > 0) ? { type: 'pass', tiles: give.map((g) => [...g]), blind } : { type: 'pass', tiles: give.map((g) => [...g]) });
      else act({ type: 'courtesy', wishes: counts, tiles: give.map((g) => [...g]) });
      if (blind.some((b) => b > 0)) {
        const want = state.seats.map((_, p) => concealedOf(state, p).sort().join(' '));
        const got = racks.map((r) => [...r.inside].sort().join(' '));
        if (want.join('|') !== got.join('|')) throw new Error(`seed ${seed}: after the ${label} blind pass the racks are ${got.join(' / ')}, the referee says ${want.join(' / ')}`);
      }
      if (jokerFrom !== null) {
        // the receiver gives the joker back (NMJL); the pass stands without it
        const q = (jokerFrom + offset) % SEATS;
        const j = give[jokerFrom]!.find((t) => kindOf(t) === 'J')!;
        lift(q, [j], 'give the passed joker back');
        rackIn(jokerFrom, [j], 'the joker comes back');
      }
    };
    /** seats each tile of the last blind pass travelled */
    const hops = new Map<TileId, number>();
    /**
     * The tiles of a pass with blind tiles, moved as the readers see them (the givers' own tiles are
     * lifted already). Who gets what is the referee's rule (rules/variants/standard/play.ts `doPass`): p
     * passes on the first `blind[p]` tiles coming to her, her giver's own tiles before the giver's
     * blind ones. Each blind tile is shown, seeded, (a) straight from its giver's rack to its last
     * rack, or (b) racked at each seat on its way and lifted again.
     */
    const blindPass = (offset: number, label: string, give: TileId[][], blind: number[]): TileId[][] => {
      const from = (p: number) => (p - offset + 4) % SEATS;
      let out = give.map((g) => [...g]);
      for (let i = 0; i < 4; i++) out = out.map((_, p) => [...give[p]!, ...out[from(p)]!.slice(0, blind[p]!)]);
      // each own tile's way: the seats it reaches, the last one keeps it
      hops.clear();
      const path = new Map<TileId, number[]>();
      give.forEach((g, q) =>
        g.forEach((t) => {
          const way = [(q + offset) % SEATS];
          // the seat holding it passes it on when it is among the first blind[x] tiles coming to her
          for (let x = way[0]!; out[from(x)]!.slice(0, blind[x]!).includes(t) && way.length < 4; x = way.at(-1)!) way.push((x + offset) % SEATS);
          path.set(t, way);
          hops.set(t, way.length);
        }),
      );
      const straight = new Set<TileId>();
      for (const [t, way] of path) if (way.length > 1 && blindRng() < 0.5) straight.add(t);
      // first leg: every tile to its first rack, a straight blind tile to its last
      for (let q = 0; q < 4; q++) {
        if (!give[q]!.length) continue;
        const moves = give[q]!.map((t) => ({ t, at: straight.has(t) ? path.get(t)!.at(-1)! : path.get(t)![0]! }));
        moves.forEach(({ t, at }) => racks[at]!.inside.push(t));
        sim.step(
          `${names[q]}'s ${label} pass lands: ${moves.map(({ t, at }) => `${t} → ${names[at]}${straight.has(t) ? ' (passed on blind)' : ''}`).join(', ')}`,
          moves.map(({ t, at }) => ({ tile: t, from: null, to: sim.zones.rackIn[at]![0]! })),
        );
      }
      // then the blind tiles racked on the way are lifted and passed on, one seat at a time
      for (let leg = 1; leg < 4; leg++) {
        for (let p = 0; p < 4; p++) {
          const on = [...path].filter(([t, way]) => !straight.has(t) && way.length > leg && way[leg - 1] === p).map(([t]) => t);
          if (!on.length) continue;
          lift(p, on, `pass on blind (${label})`);
          rackIn((p + offset) % SEATS, on, `passed on blind by ${names[p]}`);
        }
      }
      const kept: TileId[][] = [[], [], [], []];
      for (const [t, way] of path) kept[way.at(-1)!]!.push(t);
      return kept;
    };
    const jokerHolder = inject === 'joker' ? ([0, 1, 2, 3].find((p) => racks[p]!.inside.some((t) => kindOf(t) === 'J')) ?? null) : null;
    OFFSETS_FIRST.forEach((o, i) => doPass(o, [3, 3, 3, 3], ['right', 'across', 'left'][i]!, i === 0 ? jokerHolder : null, i === 2, i === 2));
    const second = rng() < 0.5;
    if (second) {
      act({ type: 'charleston-vote', wants: [true, true, true, true] });
      OFFSETS_SECOND.forEach((o, i) => doPass(o, [3, 3, 3, 3], ['second left', 'second across', 'last right'][i]!, null, false, i === 2));
    }
    const courtesy: [number, number] = [Math.floor(rng() * 4), Math.floor(rng() * 4)];
    if (courtesy[0] + courtesy[1] > 0) {
      if (!second) act({ type: 'charleston-vote', wants: [false, false, false, false] });
      doPass(CHARLESTON[COURTESY_STAGE]!.offset, [courtesy[0], courtesy[1], courtesy[0], courtesy[1]], 'courtesy across');
    }
    return { second, courtesy };
  };

  let charlestonPlayed: { second: boolean; courtesy: [number, number] } = { second: false, courtesy: [0, 0] };
  let injected = false;
  /** the last discard (the tile a late call takes) */
  let lastTile: TileId | null = null;
  sim.play({
    words: STANDARD_WORDS,
    // a misdeal (`count`): South takes one tile more in the last round of the deal
    dealTake: (p, _round, n) => (inject === 'count' && p === 1 && n < TILES_PER_TAKE ? n + 1 : n),
    afterDeal: () => {
      const hands = racks.map((r) => [...r.inside].sort());
      act({
        type: 'deal',
        hands: hands.map((h) => [h]),
        walls: dealtWalls(
          hands,
          sim.left.reduce((n, w) => n + w.length, 0),
        ),
      });
      charlestonPlayed = charleston();
    },
    discarded: (player, tile) => {
      lastTile = tile;
      act({ type: 'discard', player, tile, from: state.where.get(tile) ?? inside(player) });
    },
    picked: (p, pk) => {
      pick(p, pk.tiles[0]!);
      if (inject === 'late-call' && !injected && pk.pick >= injectAt) {
        injected = true;
        const late = [1, 2, 3].map((o) => (p + o) % SEATS).find((q) => alive(q) && q !== state.lastDiscard?.by);
        const last = lastTile!;
        if (late !== undefined) {
          sim.step(`${names[late]} calls ${last} after ${names[p]} racked the next pick`, [{ tile: last, from: sim.zones.floor, to: null }]);
          sim.step(`${names[late]} puts ${last} on the top of the rack`, [{ tile: last, from: null, to: top(late) }]);
          call(late, last, 'pung');
          sim.step(`${names[late]} takes ${last} back`, [{ tile: last, from: top(late), to: null }]);
          sim.step(`${names[late]} puts ${last} back on the floor`, [{ tile: last, from: null, to: sim.zones.floor }]);
        }
      }
      if (inject === 'ahead' && !injected && pk.pick >= injectAt) {
        injected = true;
        const q = [1, 2, 3].map((o) => (p + o) % SEATS).find(alive);
        if (q !== undefined) {
          const w = sim.currentWall();
          const got = sim.takeFromWalls(q, 1, 'picks ahead').tiles;
          rackIn(q, got, 'picked ahead');
          pick(q, got[0]!);
          lift(q, got, 'put back');
          sim.left[w]!.unshift(got[0]!);
          sim.step(`${names[q]} puts ${got[0]} back on wall ${w}`, [{ tile: got[0]!, from: null, to: sim.zones.walls[w]! }]);
        }
      }
    },
    out: (q) => !alive(q),
    // `into-rack`: the next player calls the discard into her rack (000: dead)
    forcedCall: (_discarder, tile, order) => {
      if (inject !== 'into-rack' || sim.picks < injectAt || injected) return undefined;
      const caller = order[0];
      if (caller === undefined) return undefined;
      injected = true;
      sim.step(`${names[caller]} calls ${tile}`, [{ tile, from: sim.zones.floor, to: null }]);
      rackIn(caller, [tile], 'the called tile, inside the rack (000: dead)');
      call(caller, tile, 'pung', true);
      return state.turn;
    },
    exposed: (player, _from, tile, decision) => {
      call(player, tile, CALL_FOR[decision.size as 3 | 4 | 5 | 6] ?? 'sextet');
      act({ type: 'expose', player, rack: 0, tiles: [...decision.tiles] });
    },
    afterCall: (caller) => (state.phase !== 'play' || state.turn !== caller ? state.turn : 'discards'),
    mahJongg: (player, _d, _laid, how) => {
      if (how.called !== null) call(player, how.called, 'mah-jongg');
      act({ type: 'mah-jongg', player, rack: 0 });
      return true;
    },
    exchangeable: (owner, joker) => {
      const i = state.seats[owner]!.racks[0]!.exposures.findIndex((e) => e.tiles.includes(joker));
      return i < 0 ? null : i;
    },
    exchanged: (player, owner, exposure, joker, tile) => act({ type: 'exchange', player, owner, rack: 0, exposure, joker, given: tile }),
    next: () => state.turn,
    over: () => state.phase !== 'play',
    wallGame: () => act({ type: 'wall-game' }),
  });

  const won = winnerOf(state);
  const w = won?.mahJongg;
  return {
    walls: sim.walls,
    steps: sim.steps,
    record: {
      seed,
      players: names,
      inject,
      injectAt: inject ? injectAt : null,
      actions,
      flags: state.flags.map((f) => ({ id: f.id, kind: f.code, player: f.player, title: f.title })),
      endReason: state.endReason,
      winner: won && w ? { player: won.player, lineId: w.lineId, value: w.value, jokerless: w.jokerless, selfPicked: w.selfPicked, discarder: w.claimedFrom } : null,
      points: state.result ? [...state.result.score.points] : null,
      charleston: charlestonPlayed,
    },
  };
}
