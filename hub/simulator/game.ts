/**
 * One whole Royale Siamese game (003) played by two bots, as a timeline of physical tile moves
 * that RFID readers would see, plus a record of what happened for the tests to compare with what
 * the hub inferred. Pure and seeded: no I/O, the same options always give the same game.
 *
 * The table: player 0 is East, player 1 West; each has 2 racks (zones `in` inside the rack and
 * `top`, the top of the rack where exposures and Mah Jonggs go); 4 walls of 38 tiles (19 stacks)
 * used in the config's `wallOrder`; one discard floor.
 *
 * Play, in the words of 003:
 * - deal (rule 5): from the current wall (the first non-empty wall of wallOrder) each player takes 4
 *   tiles at a time, East first, alternating, 6 times, then 3 tiles each: 27 tiles each;
 * - East picks the 28th tile and discards (rule 8), then West picks and discards, and so on;
 * - the other player may call the last discard before picking: the discard goes from the floor to
 *   the top of one of the caller's racks, the matching tiles (and jokers) follow from inside the
 *   racks, then the caller discards and play goes on from the caller;
 * - Mah Jongg: 14 tiles on the top of one rack (exposures already there included), then a discard
 *   to finish the turn (rule 10) unless it is the player's 2nd Mah Jongg (rule 14: the game ceases);
 * - the game also ends when the walls are empty and the last discard was not called (rule 14; a
 *   wall game when no Mah Jongg is exposed).
 * Every real move goes through the hand: a tile leaves its zone (`to: null`) in one step and
 * arrives in its new zone (`from: null`) in a later step.
 */
import type { Card, CardLine } from '../../rules/card/types.js';
import type { TableConfig } from '../config/types.js';
import { fullTileSet, kindOf, type TileId, type TileKind } from '../../rules/tiles.js';
import { mulberry32, shuffled } from './prng.js';
import { rule20Hand } from '../../rules/referee/siamese.js';
import { DEFAULT_TUNING, chooseDiscard, findCall, findMahJongg, rackFor, type BotTuning, type MahJonggDecision, type RackView, type TopGroup } from './bot.js';

/** A place a reader watches: reader id and the zone name as the reader calls it. */
export interface Zone {
  reader: string;
  zone: string;
}

/** One tile leaving a zone (`to: null`: into a hand) or arriving in one (`from: null`: out of a hand). */
export interface Move {
  tile: TileId;
  from: Zone | null;
  to: Zone | null;
}

/** Moves that happen at the same moment (e.g. 4 tiles lifted off a wall together), and what they are. */
export interface Step {
  moves: Move[];
  /** for logs, e.g. `"Ann picks 5B#2 from wall 0"` */
  label: string;
  /**
   * how long the table stays still after this step, in units of the runner's pace (default: 0.5
   * after a lift, the short "in hand" gap; 1 after a placement). A discard gets 2: the other player
   * looks at it before calling or picking.
   */
  dwell?: number;
}

/** A violation the simulator makes on purpose, for the hub to flag. */
export type Injection = 'count' | 'wall';

/** What to play. */
export interface GameOptions {
  /** seed of the shuffle (same seed, same game) */
  seed: number;
  /** the cards the table plays (a Siamese table plays a standard and a Siamese card together) */
  cards: Card[];
  /** the table: players, walls, readers (zones are found from the readers' roles) */
  table: TableConfig;
  /**
   * a violation on purpose at the `injectAt`-th pick (1-based, picks after the deal; default 3):
   * `count` = the player picks and racks one extra tile (29 after picking, 28 off turn: 003 rule 18C);
   * `wall` = the player picks and racks a tile from a wall that is not the current one (003 rule 20)
   */
  inject?: Injection;
  injectAt?: number;
  tuning?: BotTuning;
  /** the bots never declare (nor call for) Mah Jongg: the game is a wall game (003 rules 14, 17F) */
  wallGame?: boolean;
}

/** One entry of the game record; `step` is the index in `steps` of the step that completed it. */
export type RecordEvent =
  | { type: 'deal'; step: number; player: number; rack: number; tiles: TileId[]; walls: number[] }
  | { type: 'pick'; step: number; pick: number; player: number; rack: number; tile: TileId; wall: number; currentWall: number; injected?: Injection }
  | { type: 'discard'; step: number; player: number; tile: TileId }
  | { type: 'call'; step: number; player: number; from: number; tile: TileId; rack: number; purpose: 'exposure' | 'mahjongg' }
  | { type: 'exposure'; step: number; player: number; rack: number; kind: TileKind; size: number; tiles: TileId[] }
  | {
      type: 'mahjongg';
      step: number;
      player: number;
      rack: number;
      /** 1st or 2nd Mah Jongg of this player */
      ordinal: 1 | 2;
      line: string;
      lineText: string;
      value: number;
      concealed: boolean;
      singlesAndPairs: boolean;
      jokerless: boolean;
      /** the 14 tiles on the top of the rack */
      tiles: TileId[];
      /** the last tile came from the wall (true) or was a called discard (false) */
      selfPicked: boolean;
      /** the discarder, when the Mah Jongg was made with a called discard */
      calledFrom: number | null;
    }
  | { type: 'end'; step: number; reason: 'two-mahjonggs' | 'wall-game' | 'walls-empty'; winner: number | null };

/** A rule violation the hub is expected to flag. */
export interface ExpectedFlag {
  kind: 'count' | 'wrong-wall';
  player: number;
  /** step at which the extra tile / wrong-wall tile is racked */
  step: number;
  /** the tile(s) concerned */
  tiles: TileId[];
  /** 003 rule */
  rule: '18C' | '20';
  detail: string;
}

/** What happened, for tests to compare with what the hub inferred. */
export interface GameRecord {
  seed: number;
  players: string[];
  inject: Injection | null;
  injectAt: number | null;
  /** the walls as built before the deal (index = wall number; tiles in picking order) */
  walls: TileId[][];
  events: RecordEvent[];
  expectedFlags: ExpectedFlag[];
  /** tiles held by each player (inside + top) at the end */
  finalCounts: number[];
  mahJonggs: { player: number; rack: number; line: string; value: number }[];
  end: { reason: 'two-mahjonggs' | 'wall-game' | 'walls-empty'; winner: number | null };
  /**
   * points per player by 003 rule 17 A-F when no flag changes anything (a hint for scoring tests:
   * 1st Mah Jongg = value, x2 jokerless; 2nd = x2, x2 again jokerless; both at once = both doubled;
   * -20 for the discard claimed for a 2nd Mah Jongg; +10 each in a wall game)
   */
  pointsIfNoFlags: number[];
}

/** A whole game. */
export interface GameResult {
  walls: TileId[][];
  steps: Step[];
  record: GameRecord;
}

/** The zones of a table, found from its readers' roles. */
export interface TableZones {
  rackIn: Zone[][];
  rackTop: Zone[][];
  walls: Zone[];
  floor: Zone;
}

/**
 * Finds every zone of a Siamese (or standard) table from the config's reader roles.
 * @throws Error naming the missing zone (e.g. "no reader zone watches the top of rack 1 of player 0")
 */
export function tableZones(table: TableConfig): TableZones {
  const players = table.players.length;
  const racks = table.racksPerPlayer;
  const rackIn: (Zone | undefined)[][] = Array.from({ length: players }, () => Array(racks).fill(undefined));
  const rackTop: (Zone | undefined)[][] = Array.from({ length: players }, () => Array(racks).fill(undefined));
  const walls: (Zone | undefined)[] = [];
  let floor: Zone | undefined;
  for (const r of table.readers) {
    for (const [zone, role] of Object.entries(r.zones)) {
      const z = { reader: r.id, zone };
      if (role.area === 'rack') rackIn[role.player]![role.rack] = z;
      else if (role.area === 'top') rackTop[role.player]![role.rack] = z;
      else if (role.area === 'wall') walls[role.wall] = z;
      else floor = z;
    }
  }
  const need = <T>(v: T | undefined, what: string): T => {
    if (v === undefined) throw new Error(`table ${table.id}: no reader zone watches ${what}`);
    return v;
  };
  return {
    rackIn: rackIn.map((rs, p) => rs.map((z, r) => need(z, `the inside of rack ${r} of player ${p}`))),
    rackTop: rackTop.map((rs, p) => rs.map((z, r) => need(z, `the top of rack ${r} of player ${p}`))),
    walls: Array.from({ length: Math.max(walls.length, ...table.wallOrder.map((w) => w + 1)) }, (_, w) => need(walls[w], `wall ${w}`)),
    floor: need(floor, 'the discard floor'),
  };
}

/** Same zone? */
export function sameZone(a: Zone | null, b: Zone | null): boolean {
  return a === b || (a !== null && b !== null && a.reader === b.reader && a.zone === b.zone);
}

/** Key of a zone for maps: `"RK-E1/in"`, or `"hand"` for null. */
export function zoneKey(z: Zone | null): string {
  return z ? `${z.reader}/${z.zone}` : 'hand';
}

/**
 * Applies steps to a tile → zone map (null = in a hand), checking that every move starts where the
 * tile is. Used by the tests (tile conservation) and the runner.
 * @throws Error naming the step, the tile and where it really was
 */
export function applySteps(where: Map<TileId, Zone | null>, steps: readonly Step[], firstIndex = 0): void {
  steps.forEach((s, i) => {
    for (const m of s.moves) {
      const at = where.get(m.tile);
      if (at === undefined) throw new Error(`step ${firstIndex + i} (${s.label}): ${m.tile} is not on the table`);
      if (!sameZone(at, m.from)) {
        throw new Error(`step ${firstIndex + i} (${s.label}): ${m.tile} moves from ${zoneKey(m.from)} but is at ${zoneKey(at)}`);
      }
      where.set(m.tile, m.to);
    }
  });
}

/** Where every tile is once the walls are built: tile → wall zone. */
export function wallPositions(walls: readonly TileId[][], zones: TableZones): Map<TileId, Zone | null> {
  const m = new Map<TileId, Zone | null>();
  walls.forEach((w, i) => w.forEach((t) => m.set(t, zones.walls[i]!)));
  return m;
}

/**
 * The walls of a seeded game: the 152 tiles shuffled with mulberry32(seed) and cut into
 * `table.tilesPerWall` tiles per wall (4 walls of 38 for the Siamese table), in picking order.
 * @throws Error when the walls do not hold exactly 152 tiles
 */
export function buildWalls(seed: number, table: TableConfig): TileId[][] {
  const tiles = shuffled(fullTileSet(), mulberry32(seed));
  const n = table.tilesPerWall;
  const count = table.wallOrder.length;
  if (n * count !== tiles.length) {
    throw new Error(`table ${table.id}: ${count} walls of ${n} tiles hold ${n * count} tiles, not the ${tiles.length} of the set`);
  }
  return Array.from({ length: count }, (_, i) => tiles.slice(i * n, (i + 1) * n));
}

interface PlayerState {
  racks: RackView[];
}

/**
 * Plays one whole game.
 * @throws Error when the table config lacks a zone, or (a bug) a bot makes an impossible move
 */
export function playGame(opts: GameOptions): GameResult {
  const { seed, cards, table } = opts;
  const tuning = opts.tuning ?? DEFAULT_TUNING;
  const zones = tableZones(table);
  const names = table.players.map((p) => p.name);
  const nPlayers = table.players.length;
  const walls = buildWalls(seed, table);
  const remaining = walls.map((w) => [...w]);
  const players: PlayerState[] = Array.from({ length: nPlayers }, () => ({
    racks: Array.from({ length: table.racksPerPlayer }, () => ({ inside: [], top: [], mahJongg: null })),
  }));
  const floor: TileId[] = [];
  const steps: Step[] = [];
  const events: RecordEvent[] = [];
  const expectedFlags: ExpectedFlag[] = [];
  const injectAt = opts.inject ? (opts.injectAt ?? 3) : null;
  let injectPending = opts.inject ?? null;
  const mahJonggs: GameRecord['mahJonggs'] = [];
  const points = Array(nPlayers).fill(0) as number[];

  const step = (label: string, moves: Move[], dwell?: number): number => {
    steps.push(dwell === undefined ? { label, moves } : { label, moves, dwell });
    return steps.length - 1;
  };
  const currentWall = (): number => {
    for (const w of table.wallOrder) if (remaining[w]!.length > 0) return w;
    return -1;
  };
  const wallsEmpty = () => currentWall() < 0;
  /** tiles a player holds: inside both racks plus on both tops (exposures and Mah Jonggs) */
  const count = (p: number) => players[p]!.racks.reduce((n, r) => n + r.inside.length + (r.mahJongg ? r.mahJongg.tiles.length : r.top.reduce((m, x) => m + x.tiles.length, 0)), 0);
  const mjCount = (p: number) => players[p]!.racks.filter((r) => r.mahJongg).length;

  /** Lifts tiles from the front of a wall (one step) and returns them. */
  const liftFromWall = (p: number, w: number, n: number, what: string): TileId[] => {
    const tiles = remaining[w]!.splice(0, n);
    step(
      `${names[p]} ${what} ${tiles.join(' ')} from wall ${w}`,
      tiles.map((tile) => ({ tile, from: zones.walls[w]!, to: null })),
    );
    return tiles;
  };
  const placeInRack = (p: number, rack: number, tiles: TileId[], what: string): number => {
    players[p]!.racks[rack]!.inside.push(...tiles);
    return step(
      `${names[p]} ${what} ${tiles.join(' ')} in rack ${rack}`,
      tiles.map((tile) => ({ tile, from: null, to: zones.rackIn[p]![rack]! })),
    );
  };
  /** Removes concealed tiles from whichever rack holds them; returns a move per tile (to null). */
  const liftConcealed = (p: number, tiles: readonly TileId[]): Move[] =>
    tiles.map((tile) => {
      const racks = players[p]!.racks;
      const r = racks.findIndex((x) => x.inside.includes(tile));
      if (r < 0) throw new Error(`seed ${seed}: ${names[p]} has no concealed ${tile}`);
      racks[r]!.inside.splice(racks[r]!.inside.indexOf(tile), 1);
      return { tile, from: zones.rackIn[p]![r]!, to: null };
    });

  // ---- the deal (003 rule 5): 4 at a time, East first, until each has 27
  const takes = [4, 4, 4, 4, 4, 4, 3];
  for (const n of takes) {
    for (let p = 0; p < nPlayers; p++) {
      const got: TileId[] = [];
      const from: number[] = [];
      while (got.length < n) {
        const w = currentWall();
        if (w < 0) throw new Error(`seed ${seed}: the walls ran out during the deal`);
        got.push(...liftFromWall(p, w, Math.min(n - got.length, remaining[w]!.length), 'takes'));
        from.push(w);
      }
      const rack = rackFor(players[p]!.racks);
      const s = placeInRack(p, rack, got, 'racks');
      events.push({ type: 'deal', step: s, player: p, rack, tiles: got, walls: from });
    }
  }

  let picks = 0;
  let end: GameRecord['end'] | null = null;

  const declare = (p: number, d: MahJonggDecision, how: { selfPicked: boolean; calledFrom: number | null; calledTile?: TileId }): void => {
    const rack = players[p]!.racks[d.rack]!;
    const topZone = zones.rackTop[p]![d.rack]!;
    let concealedTiles = d.tiles;
    if (how.calledTile) {
      floor.splice(floor.lastIndexOf(how.calledTile), 1);
      step(`${names[p]} calls ${how.calledTile} for Mah Jongg`, [{ tile: how.calledTile, from: zones.floor, to: null }]);
      const s = step(`${names[p]} puts ${how.calledTile} on the top of rack ${d.rack}`, [{ tile: how.calledTile, from: null, to: topZone }]);
      events.push({ type: 'call', step: s, player: p, from: how.calledFrom!, tile: how.calledTile, rack: d.rack, purpose: 'mahjongg' });
      concealedTiles = d.tiles.filter((t) => t !== how.calledTile);
    }
    step(`${names[p]} lifts ${concealedTiles.length} tiles for Mah Jongg`, liftConcealed(p, concealedTiles));
    const s = step(
      `${names[p]} exposes Mah Jongg on rack ${d.rack}: ${d.line.id}`,
      concealedTiles.map((tile) => ({ tile, from: null, to: topZone })),
    );
    const tiles = [...rack.top.flatMap((x) => x.tiles), ...d.tiles];
    rack.mahJongg = { line: d.line, tiles };
    const ordinal = mjCount(p) as 1 | 2;
    const jokerless = !tiles.some((t) => kindOf(t) === 'J');
    events.push({
      type: 'mahjongg',
      step: s,
      player: p,
      rack: d.rack,
      ordinal,
      line: d.line.id,
      lineText: d.line.text,
      value: d.line.value,
      concealed: d.line.concealed,
      singlesAndPairs: d.line.singlesAndPairs,
      jokerless,
      tiles,
      selfPicked: how.selfPicked,
      calledFrom: how.calledFrom,
    });
    mahJonggs.push({ player: p, rack: d.rack, line: d.line.id, value: d.line.value });
    const bonus = jokerless && !d.line.singlesAndPairs ? 2 : 1;
    points[p]! += d.line.value * bonus * (ordinal === 2 ? 2 : 1);
    if (ordinal === 2 && how.calledFrom !== null) points[how.calledFrom]! -= 20;
  };

  /** 17C: two Mah Jonggs in the same turn: the first one is doubled too. */
  const doubleFirstIfSameTurn = (p: number, firstEventIndex: number) => {
    const first = events[firstEventIndex];
    if (first?.type === 'mahjongg' && first.player === p && first.ordinal === 1) {
      const bonus = first.jokerless && !first.singlesAndPairs ? 2 : 1;
      points[p]! += first.value * bonus;
    }
  };

  const tryMahJongg = (p: number, selfPicked: boolean): boolean => {
    let first = -1;
    for (let i = 0; i < 2; i++) {
      if (mjCount(p) >= 2 || opts.wallGame) break;
      const d = findMahJongg(cards, players[p]!.racks);
      if (!d) break;
      const before = events.length;
      declare(p, d, { selfPicked, calledFrom: null });
      if (i === 0) first = before;
      else doubleFirstIfSameTurn(p, first);
    }
    if (mjCount(p) >= 2) {
      end = { reason: 'two-mahjonggs', winner: p };
      return true;
    }
    return false;
  };

  const discard = (p: number): TileId => {
    const tile = chooseDiscard(cards, players[p]!.racks, tuning);
    step(`${names[p]} lifts ${tile} to discard`, liftConcealed(p, [tile]));
    floor.push(tile);
    const s = step(`${names[p]} discards ${tile}`, [{ tile, from: null, to: zones.floor }], 2);
    events.push({ type: 'discard', step: s, player: p, tile });
    return tile;
  };

  const pick = (p: number): void => {
    picks++;
    const cur = currentWall();
    let w = cur;
    let n = 1;
    let injected: Injection | undefined;
    if (injectPending && injectAt !== null && picks >= injectAt) {
      if (injectPending === 'count') {
        n = 2;
        injected = 'count';
        injectPending = null;
      } else {
        const other = [...table.wallOrder].reverse().find((x) => x !== cur && remaining[x]!.length > 0);
        if (other !== undefined) {
          w = other;
          injected = 'wall';
          injectPending = null;
        }
      }
    }
    const tiles: TileId[] = [];
    const fromWalls: number[] = [];
    while (tiles.length < n) {
      const from = injected === 'wall' ? w : currentWall();
      if (from < 0) break;
      tiles.push(...liftFromWall(p, from, 1, 'picks'));
      fromWalls.push(from);
    }
    const rack = rackFor(players[p]!.racks);
    const s = placeInRack(p, rack, tiles, 'racks');
    tiles.forEach((tile, i) => {
      events.push({ type: 'pick', step: s, pick: picks, player: p, rack, tile, wall: fromWalls[i]!, currentWall: cur, ...(injected ? { injected } : {}) });
    });
    if (injected === 'count') {
      expectedFlags.push({
        kind: 'count',
        player: p,
        step: s,
        tiles,
        rule: '18C',
        detail: `${names[p]} picked and racked ${tiles.length} tiles: ${count(p)} tiles after picking (28 is right); ${count(p) - 1} off turn after the discard (27 is right)`,
      });
    } else if (injected === 'wall') {
      // the director rules the hand rule 20 names dead, and the players abide by it
      const racks = players[p]!.racks;
      const dies = rule20Hand(racks.map((r) => ({ mahJongg: r.mahJongg !== null, dead: !!r.dead, exposed: r.top.length > 0 }))).rack;
      racks[dies]!.dead = true;
      expectedFlags.push({
        kind: 'wrong-wall',
        player: p,
        step: s,
        tiles,
        rule: '20',
        detail: `${names[p]} picked and racked ${tiles[0]} from wall ${w} while wall ${cur} is the current wall`,
      });
    }
  };

  /** A player with one Mah Jongg and one dead hand stops; the other plays on alone (003 rule 13). */
  const isOut = (q: number) => players[q]!.racks.every((r) => r.mahJongg !== null || r.dead);
  /** The next player after `q` still playing (possibly `q` itself), or -1 when none is. */
  const nextActive = (q: number): number => {
    for (let i = 1; i <= nPlayers; i++) if (!isOut((q + i) % nPlayers)) return (q + i) % nPlayers;
    return -1;
  };

  // ---- play (003 rule 8): East picks the 28th tile and discards; then West; calls before picks
  let p = 0;
  while (!end) {
    if (wallsEmpty()) {
      end = { reason: mahJonggs.length ? 'walls-empty' : 'wall-game', winner: null };
      break;
    }
    pick(p);
    if (tryMahJongg(p, true)) break;
    let discarder = p;
    let tile = discard(p);
    // the other player may call the discard before picking; after a call the caller discards
    for (;;) {
      const o = (discarder + 1) % nPlayers;
      if (isOut(o)) break; // a player who has stopped (rule 13) calls nothing
      const call = findCall(cards, players[o]!.racks, tile, tuning);
      if (!call || (opts.wallGame && call.purpose === 'mahjongg')) break;
      if (call.purpose === 'mahjongg') {
        const before = events.length;
        declare(o, call.mahJongg, { selfPicked: false, calledFrom: discarder, calledTile: tile });
        if (mjCount(o) >= 2) {
          end = { reason: 'two-mahjonggs', winner: o };
          break;
        }
        // a second Mah Jongg right away on the other rack (003 rule 17C)
        const again = findMahJongg(cards, players[o]!.racks);
        if (again) {
          declare(o, again, { selfPicked: false, calledFrom: null });
          doubleFirstIfSameTurn(o, before + 1);
          points[discarder]! -= 20; // 17E: the claimed tile went into the 1st of two Mah Jonggs in one turn
          end = { reason: 'two-mahjonggs', winner: o };
          break;
        }
      } else {
        const topZone = zones.rackTop[o]![call.rack]!;
        floor.splice(floor.lastIndexOf(tile), 1);
        step(`${names[o]} calls ${tile}`, [{ tile, from: zones.floor, to: null }]);
        const s1 = step(`${names[o]} puts ${tile} on the top of rack ${call.rack}`, [{ tile, from: null, to: topZone }]);
        events.push({ type: 'call', step: s1, player: o, from: discarder, tile, rack: call.rack, purpose: 'exposure' });
        step(`${names[o]} lifts ${call.tiles.join(' ')} to expose`, liftConcealed(o, call.tiles));
        const s2 = step(
          `${names[o]} exposes ${call.size} ${call.kind} on rack ${call.rack}`,
          call.tiles.map((t) => ({ tile: t, from: null, to: topZone })),
        );
        const group: TopGroup = { kind: call.kind, size: call.size, tiles: [tile, ...call.tiles], called: true };
        players[o]!.racks[call.rack]!.top.push(group);
        events.push({ type: 'exposure', step: s2, player: o, rack: call.rack, kind: call.kind, size: call.size, tiles: group.tiles });
      }
      discarder = o;
      tile = discard(o);
    }
    if (end) break;
    p = nextActive(discarder);
    if (p < 0) {
      end = { reason: mahJonggs.length ? 'walls-empty' : 'wall-game', winner: null };
      break;
    }
  }
  const finalEnd = (end as GameRecord['end'] | null) ?? { reason: 'wall-game' as const, winner: null };
  if (finalEnd.reason === 'wall-game') for (let i = 0; i < nPlayers; i++) points[i]! += 10;
  events.push({ type: 'end', step: steps.length - 1, ...finalEnd });

  return {
    walls,
    steps,
    record: {
      seed,
      players: names,
      inject: opts.inject ?? null,
      injectAt,
      walls,
      events,
      expectedFlags,
      finalCounts: players.map((_, i) => count(i)),
      mahJonggs,
      end: finalEnd,
      pointsIfNoFlags: points,
    },
  };
}

/** The card line of a Mah Jongg event, for messages. */
export function describeEnd(record: GameRecord): string {
  const mjs = record.events.filter((e): e is Extract<RecordEvent, { type: 'mahjongg' }> => e.type === 'mahjongg');
  const parts = mjs.map(
    (e) =>
      `${record.players[e.player]} Mah Jongg on line ${e.line} "${e.lineText.split('|')[0]!.trim().replace(/\s+/g, ' ')}" (${e.value} points${e.jokerless ? ', jokerless' : ''}${e.selfPicked ? ', self-picked' : `, called from ${record.players[e.calledFrom ?? 0]}`})`,
  );
  const end = record.end.reason === 'wall-game' ? 'wall game' : record.end.reason === 'two-mahjonggs' ? `${record.players[record.end.winner ?? 0]} wins with 2 Mah Jonggs` : 'walls empty';
  return [...parts, end].join('; ');
}

export type { CardLine };
