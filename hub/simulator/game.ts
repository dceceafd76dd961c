/**
 * One whole Royale Siamese game (003) played by two bots, as a timeline of physical tile moves
 * that RFID readers would see, plus a record of what happened for the tests to compare with what
 * the hub inferred. Pure and seeded: no I/O, the same options always give the same game.
 *
 * The game loop is the simulator's one core (core/play.ts: the deal, turns, calls, Mah Jongg, the
 * wall game as reader moves); this file is the Siamese table's hooks and its record.
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
 *   a 2nd Mah Jongg in the same turn doubles the 1st too (rule 17C), and when the 1st was made with
 *   a called discard its discarder pays 20 (rule 17E);
 * - the game also ends when the walls are empty and the last discard was not called (rule 14; a
 *   wall game when no Mah Jongg is exposed).
 * Every real move goes through the hand: a tile leaves its zone (`to: null`) in one step and
 * arrives in its new zone (`from: null`) in a later step.
 */
import type { Card, CardLine } from '../../rules/card/types.js';
import type { TableConfig } from '../config/types.js';
import { kindOf, type TileId, type TileKind } from '../../rules/tiles.js';
import { rule20Hand, SIAMESE } from '../../rules/variants/siamese.js';
import { DEFAULT_TUNING, type BotTuning } from './bot.js';
import { SimTable, type StepWords } from './core/play.js';
import type { Step } from './core/table.js';

export { applySteps, buildWalls, sameZone, tableZones, wallPositions, zoneKey, type Move, type Step, type TableZones, type Zone } from './core/table.js';

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

/** The Siamese table's step labels: two racks each, named by number. */
const SIAMESE_WORDS: StepWords = {
  racked: (name, tiles, rack) => `${name} racks ${tiles.join(' ')} in rack ${rack}`,
  top: (rack) => `rack ${rack}`,
  exposed: (name, size, kind, rack) => `${name} exposes ${size} ${kind} on rack ${rack}`,
  mahJonggLifted: (name, tiles) => `${name} lifts ${tiles.length} tiles for Mah Jongg`,
  mahJonggLaid: (name, rack, line) => `${name} exposes Mah Jongg on rack ${rack}: ${line.id}`,
};

/**
 * Plays one whole game.
 * @throws Error when the table config lacks a zone or is not 2 players of 2 racks, or (a bug) a bot makes an impossible move
 */
export function playGame(opts: GameOptions): GameResult {
  const { seed, cards, table } = opts;
  const sim = new SimTable({ seed, cards, table, variant: SIAMESE, tuning: opts.tuning ?? DEFAULT_TUNING });
  const { names, racks } = sim;
  const nPlayers = names.length;
  const events: RecordEvent[] = [];
  const expectedFlags: ExpectedFlag[] = [];
  const injectAt = opts.inject ? (opts.injectAt ?? 3) : null;
  let injectPending = opts.inject ?? null;
  /** the injection made at the pick in play */
  let injected: Injection | undefined;
  const mahJonggs: GameRecord['mahJonggs'] = [];
  const points = Array(nPlayers).fill(0) as number[];
  let end: GameRecord['end'] | null = null;
  /** the index in `events` of the first Mah Jongg of the turn in play */
  let turnFirst = -1;
  const mjCount = (p: number) => racks[p]!.filter((r) => r.mahJongg).length;
  const wallEnd = () => {
    end = { reason: mahJonggs.length ? 'walls-empty' : 'wall-game', winner: null };
  };
  /** 17C: two Mah Jonggs in the same turn: the first one is doubled too. */
  const doubleFirstIfSameTurn = (p: number, firstEventIndex: number) => {
    const first = events[firstEventIndex];
    if (first?.type === 'mahjongg' && first.player === p && first.ordinal === 1) {
      const bonus = first.jokerless && !first.singlesAndPairs ? 2 : 1;
      points[p]! += first.value * bonus;
    }
  };

  sim.play({
    words: SIAMESE_WORDS,
    dealt: (player, rack, tiles, walls, step) => events.push({ type: 'deal', step, player, rack, tiles, walls }),
    pickHow: (_p, pick, cur) => {
      injected = undefined;
      if (!injectPending || injectAt === null || pick < injectAt) return {};
      if (injectPending === 'count') {
        injected = 'count';
        injectPending = null;
        return { n: 2 };
      }
      const other = [...table.wallOrder].reverse().find((x) => x !== cur && sim.left[x]!.length > 0);
      if (other === undefined) return {};
      injected = 'wall';
      injectPending = null;
      return { wall: other };
    },
    picked: (p, pk) => {
      const { step: s, tiles, rack } = pk;
      tiles.forEach((tile, i) => {
        events.push({ type: 'pick', step: s, pick: pk.pick, player: p, rack, tile, wall: pk.walls[i]!, currentWall: pk.currentWall, ...(injected ? { injected } : {}) });
      });
      if (injected === 'count') {
        const count = sim.holds(p);
        expectedFlags.push({
          kind: 'count',
          player: p,
          step: s,
          tiles,
          rule: '18C',
          detail: `${names[p]} picked and racked ${tiles.length} tiles: ${count} tiles after picking (28 is right); ${count - 1} off turn after the discard (27 is right)`,
        });
      } else if (injected === 'wall') {
        // the director rules the hand rule 20 names dead, and the players abide by it
        const dies = rule20Hand(racks[p]!.map((r) => ({ mahJongg: r.mahJongg !== null, dead: !!r.dead, exposed: r.top.length > 0 }))).rack;
        racks[p]![dies]!.dead = true;
        expectedFlags.push({
          kind: 'wrong-wall',
          player: p,
          step: s,
          tiles,
          rule: '20',
          detail: `${names[p]} picked and racked ${tiles[0]} from wall ${pk.walls[0]} while wall ${pk.currentWall} is the current wall`,
        });
      }
    },
    discarded: (player, tile, step) => events.push({ type: 'discard', step, player, tile }),
    mayCall: (_q, call) => !(opts.wallGame && call.purpose === 'mahjongg'),
    exposed: (player, from, tile, call, group, putStep, step) => {
      events.push({ type: 'call', step: putStep, player, from, tile, rack: call.rack, purpose: 'exposure' });
      events.push({ type: 'exposure', step, player, rack: call.rack, kind: call.kind, size: call.size, tiles: group.tiles });
    },
    mayDeclare: (p) => mjCount(p) < 2 && !opts.wallGame,
    mahJongg: (p, d, laid, how) => {
      if (how.called !== null) events.push({ type: 'call', step: laid.putStep!, player: p, from: how.calledFrom!, tile: how.called, rack: d.rack, purpose: 'mahjongg' });
      const ordinal = mjCount(p) as 1 | 2;
      const jokerless = !laid.tiles.some((t) => kindOf(t) === 'J');
      events.push({
        type: 'mahjongg',
        step: laid.step,
        player: p,
        rack: d.rack,
        ordinal,
        line: d.line.id,
        lineText: d.line.text,
        value: d.line.value,
        concealed: d.line.concealed,
        singlesAndPairs: d.line.singlesAndPairs,
        jokerless,
        tiles: laid.tiles,
        selfPicked: how.selfPicked,
        calledFrom: how.calledFrom,
      });
      mahJonggs.push({ player: p, rack: d.rack, line: d.line.id, value: d.line.value });
      const bonus = jokerless && !d.line.singlesAndPairs ? 2 : 1;
      points[p]! += d.line.value * bonus * (ordinal === 2 ? 2 : 1);
      if (ordinal === 2 && how.calledFrom !== null) points[how.calledFrom]! -= 20;
      if (how.nth === 0) turnFirst = events.length - 1;
      else {
        doubleFirstIfSameTurn(p, turnFirst);
        // 17E: the claimed tile went into the 1st of two Mah Jonggs in one turn
        const first = events[turnFirst];
        if (first?.type === 'mahjongg' && first.calledFrom !== null) points[first.calledFrom]! -= 20;
      }
      if (mjCount(p) < 2) return false;
      end = { reason: 'two-mahjonggs', winner: p };
      return true;
    },
    next: (discarder) => {
      const q = sim.nextActive(discarder);
      if (q === null) wallEnd();
      return q;
    },
    wallGame: wallEnd,
  });
  const finalEnd = (end as GameRecord['end'] | null) ?? { reason: 'wall-game' as const, winner: null };
  if (finalEnd.reason === 'wall-game') for (let i = 0; i < nPlayers; i++) points[i]! += 10;
  const { steps, walls } = sim;
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
      finalCounts: names.map((_, i) => sim.holds(i)),
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
