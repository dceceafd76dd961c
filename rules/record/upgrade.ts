/**
 * Version 1 game records made version 2 (rules/GAME-RECORD.md, "Version 1"; docs/one-engine.md
 * stage 4): the records handed out before version 2 (the director's download, the tournament
 * export) read by the one vocabulary (rules/game/actions.ts).
 *
 * - Royale Siamese (003): each `GameAction` through `fromGameAction` (rules/game/convert.ts), with
 *   the player on turn the one engine (Siamese variant) has before it (a wall→floor `other-move` is
 *   her pick and discard, both with the move's `ref`, as the live table takes it, so flag ids stay),
 *   then read as the move layer reads moves now ({@link siameseLineActions}); `stop` is a `stop`
 *   action; the header is the same.
 * - 4-player (000): each action line read by ./upgrade-standard.ts `readStandardLineV1` on the
 *   one engine's state (standard variant) folded along: its kinds given ids (a tile leaving a rack
 *   the lowest copy of its kind there, a pick the lowest copy not in play, the deal the lowest
 *   copies), then made the engine's action (`second-charleston` is `charleston-vote`, ...);
 *   `count` is `count-check` with `counted`, `entry` is `director-entry`, `stop` is `stop`, and an
 *   `asRead` line is the `stray` moves that make the racks what the readers held ({@link straysToRacks}).
 *   The header gains `walls`: the set in set order, 38 a wall. These ids are a convention, not
 *   the tiles the table saw: an upgraded 4-player record is not byte-identical to a version 2
 *   record of the same game, but refereed it gives the same flags, outcome and points.
 *
 * Pure: no Node, no DOM.
 */
import type { Card } from '../card/types.js';
import type { Action } from '../game/actions.js';
import { applyAll, createEngine } from '../game/apply.js';
import { siameseActions } from '../game/convert.js';
import { idsFor } from '../game/ids.js';
import type { Place } from '../game/places.js';
import { initialGameState, type GameState } from '../game/state.js';
import type { GameAction } from './v1-actions.js';
import { SETTINGS_000 } from '../scoring/settings.js';
import { SIAMESE } from '../variants/siamese.js';
import { asReadNow } from '../variants/siamese-readings.js';
import { fullTileSet, type TileId, type TileKind } from '../tiles.js';
import { standardEngine } from '../variants/standard.js';
import { concealedOf, STANDARD_SHAPE } from '../variants/standard/play.js';
import type { NamedTile } from '../variants/standard/standard-ids.js';
import { readStandardLineV1, type StandardLineV1 } from './upgrade-standard.js';
import { type GameRecord, type GameRecordV1, type RecordLine, type SiameseHeaderV1, type StandardHeaderV1, GAME_RECORD_VERSION } from './game-record.js';

/** Tiles a wall holds in the set-order walls of an upgraded 4-player record (the 4-player table's 4 walls of 38). */
export const SET_ORDER_WALL = 38;

/** The whole set in set order (rules/tiles.ts `fullTileSet`), {@link SET_ORDER_WALL} a wall. */
export function setOrderWalls(): TileId[][] {
  const set = fullTileSet();
  const out: TileId[][] = [];
  for (let i = 0; i < set.length; i += SET_ORDER_WALL) out.push(set.slice(i, i + SET_ORDER_WALL));
  return out;
}

/**
 * A version 1 record as version 2 (see the module comment).
 * @param cards the record's cards: the referee follows the game with them to know who is on turn
 *   (Royale Siamese) and which tile each kind names (4-player); without them a Mah Jongg is not
 *   verified, so the lines after one may be given other ids (or another player on turn) than the
 *   table's referee gave them
 * @returns a new record (the one given is not changed); its lines in the same order, one or more
 *   actions a line (a 4-player `asRead` line may give none: the racks were already as read)
 */
export function upgradeV1(record: GameRecordV1, cards: readonly Card[] = []): GameRecord {
  return upgradeV1Lines(record, cards).record;
}

/**
 * {@link upgradeV1}, with where each line came from: `v1Line[i]` is the line (1-based, the header
 * is line 1) of the version 1 record that line `i + 2` of the upgraded record came from (what a
 * referee names for an auditor holding the version 1 file).
 */
export function upgradeV1Lines(record: GameRecordV1, cards: readonly Card[] = []): { record: GameRecord; v1Line: number[] } {
  return record.header.kind === 'siamese' ? upgradeSiamese(record, record.header, cards) : upgradeStandard(record, record.header, cards);
}

/**
 * The unified actions one version 1 Royale Siamese line is, in the state before it: its
 * `GameAction` converted with the player on turn (rules/game/convert.ts `siameseActions`: a
 * wall→floor move is her pick and discard, both with the move's ref), then a Mah Jongg declared
 * and a joker taken read as the move layer reads them now (rules/variants/siamese-readings.ts
 * `asReadNow`, 003 rules 9, 10, 11).
 * @param state the engine's state before the line: who is on turn, where each tile is
 */
export function siameseLineActions(a: GameAction, state: Pick<GameState, 'turn' | 'where'>): Action[] {
  return asReadNow(siameseActions(a, state.turn), state.where);
}

function upgradeSiamese(record: GameRecordV1, h: SiameseHeaderV1, cards: readonly Card[]): { record: GameRecord; v1Line: number[] } {
  const engine = createEngine(SIAMESE, {
    names: h.players,
    racksPerPlayer: h.racksPerPlayer,
    tilesPerWall: h.tilesPerWall,
    wallOrder: h.wallOrder,
    cards,
    countRule: h.scoring.countRule,
  });
  let state: GameState = { ...initialGameState({ variant: 'siamese', seats: h.players.length, racksPerSeat: h.racksPerPlayer }), gameNo: h.gameNo - 1 };
  h.walls.forEach((tiles, wall) => {
    for (const tile of tiles) state = engine.apply(state, { type: 'build', wall, from: null, tile, at: 0, ref: 'walls' }).state;
  });
  const lines = new Lines();
  for (const [i, l] of record.lines.entries()) {
    lines.from = i + 2;
    if ('action' in l) {
      const a = l.action as GameAction;
      const actions = siameseLineActions(a, state);
      for (const action of actions) lines.push({ action });
      try {
        // the line's actions as one: a refusal of any leaves the state as it was before the line
        state = applyAll(engine, state, actions).state;
      } catch {
        // refused: refereeing the record refuses it again
      }
    } else if ('stop' in l) lines.push({ action: { type: 'stop', reason: l.stop.reason, ...(l.stop.choice ? { choice: l.stop.choice } : {}), at: l.stop.at, ref: l.stop.ref } });
    else if ('ruling' in l) lines.push({ ruling: { ...l.ruling } });
  }
  return { record: { header: { ...structuredClone(h), version: GAME_RECORD_VERSION }, lines: lines.map((l) => l.line) }, v1Line: lines.map((l) => l.from) };
}

/** The upgraded lines, each with the version 1 line it came from. */
class Lines {
  /** the version 1 line being upgraded (1-based) */
  from = 0;
  readonly all: { line: RecordLine; from: number }[] = [];
  push(line: RecordLine): void {
    this.all.push({ line, from: this.from });
  }
  map<T>(f: (l: { line: RecordLine; from: number }) => T): T[] {
    return this.all.map(f);
  }
}

const rackOf = (player: number): Place => ({ area: 'rack', player, rack: 0 });

/**
 * The `stray` moves that make `racks` (each player's rack, tile ids) into `read` (the racks as the
 * readers held them): a tile in another rack as read moves there; a tile in no rack as read leaves
 * for the floor; a tile as read in no rack comes from an unknown place (`from: null`).
 * {@link racksAfterStrays} applied to them gives `read` back (as multisets).
 */
export function straysToRacks(racks: readonly (readonly TileId[])[], read: readonly (readonly TileId[])[], at: number, ref: string): Action[] {
  const out: Action[] = [];
  const holder = (list: readonly (readonly TileId[])[], t: TileId, not: number) => list.findIndex((r, p) => p !== not && r.includes(t));
  racks.forEach((r, p) => {
    for (const t of r) {
      if (read[p]?.includes(t)) continue;
      const q = holder(read, t, p);
      out.push({ type: 'stray', tile: t, from: rackOf(p), to: q >= 0 ? rackOf(q) : { area: 'floor' }, at, ref });
    }
  });
  read.forEach((r, q) => {
    for (const t of r) if (!racks.some((x) => x.includes(t))) out.push({ type: 'stray', tile: t, from: null, to: rackOf(q), at, ref });
  });
  return out;
}

/**
 * The racks after `strays` (the inverse of {@link straysToRacks}): each stray leaves the rack it
 * comes from and joins the rack it goes to (a stray to anywhere else only leaves).
 */
export function racksAfterStrays(racks: readonly (readonly TileId[])[], strays: readonly Action[]): TileId[][] {
  const out = racks.map((r) => [...r]);
  for (const s of strays) {
    if (s.type !== 'stray') continue;
    if (s.from?.area === 'rack') {
      const r = out[s.from.player];
      const i = r?.indexOf(s.tile) ?? -1;
      if (i >= 0) r!.splice(i, 1);
    }
    if (s.to.area === 'rack') (out[s.to.player] ??= []).push(s.tile);
  }
  return out;
}

/** Racks as read, by id: ids kept, tiles named by kind only (a v1 record's `asRead`) given the lowest copies not named ({@link idsFor}). */
export function racksById(read: readonly (readonly NamedTile[])[]): TileId[][] {
  const named = new Set(read.flat().filter((t): t is TileId => t.includes('#')));
  const fresh = idsFor(
    read.flat().filter((t): t is TileKind => !t.includes('#')),
    named,
  );
  let i = 0;
  return read.map((r) => r.map((t) => (t.includes('#') ? (t as TileId) : fresh[i++]!)));
}

function upgradeStandard(record: GameRecordV1, h: StandardHeaderV1, cards: readonly Card[]): { record: GameRecord; v1Line: number[] } {
  const engine = standardEngine({
    names: h.players,
    cards,
    settings: h.scoring ?? SETTINGS_000,
    killingExposureJokersInPlay: h.killingExposureJokersInPlay ?? false,
  });
  let state: GameState = { ...initialGameState(STANDARD_SHAPE), gameNo: h.gameNo - 1 };
  const lines = new Lines();
  let refusedPass = false;
  for (const [i, l] of record.lines.entries()) {
    lines.from = i + 2;
    const wasRefused = refusedPass;
    refusedPass = false;
    if ('action' in l) {
      const { state: before, action } = readStandardLineV1(state, l.action as StandardLineV1);
      if (!action) continue; // a call with no caller: nothing happened
      lines.push({ action });
      try {
        const r = engine.apply(before, action);
        state = r.state;
        // a pass refused with blind tiles is the engine's blind-pass flag (the stage moved on): it may go on as read
        refusedPass = action.type === 'pass' && r.flags.some((f) => f.code === 'blind-pass');
      } catch {
        // refused (refereeing the record refuses it again)
      }
    } else if ('asRead' in l) {
      if (!wasRefused) continue; // a pass the referee took: the hub did not go on as read
      const strays = straysToRacks(
        state.seats.map((_, p) => concealedOf(state, p)),
        racksById(l.asRead.racks),
        l.asRead.at,
        l.asRead.ref,
      );
      for (const action of strays) lines.push({ action });
      try {
        // as the hub goes on from a refused blind pass: the engine takes the strays (the racks as read)
        state = applyAll(engine, state, strays).state;
      } catch {
        // refused (refereeing the record refuses them again)
      }
    } else if ('count' in l) {
      const c = l.count;
      lines.push({ action: { type: 'count-check', skipPlayers: [...c.skip], counted: c.counted.map((n) => [n]), at: c.at, ref: c.ref } });
    } else if ('entry' in l) {
      const { entry, player, rack, by, at, ref, ...rest } = l.entry;
      lines.push({ action: { type: 'director-entry', entry, player, rack, by, ...rest, at, ref } });
    } else if ('stop' in l) lines.push({ action: { type: 'stop', reason: l.stop.reason, ...(l.stop.choice ? { choice: l.stop.choice } : {}), at: l.stop.at, ref: l.stop.ref } });
    else if ('ruling' in l) lines.push({ ruling: { ...l.ruling } });
  }
  return { record: { header: { ...structuredClone(h), version: GAME_RECORD_VERSION, walls: setOrderWalls() }, lines: lines.map((l) => l.line) }, v1Line: lines.map((l) => l.from) };
}
