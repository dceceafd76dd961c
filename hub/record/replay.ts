/**
 * Referees a game record (rules/GAME-RECORD.md, version 2; a version 1 record is upgraded first)
 * again: the cards checked against the record's hashes, every line given to the one engine
 * (rules/game/apply.ts `createEngine`; Royale Siamese: the Siamese variant, scored by
 * hub/table/score.ts, 003; 4-player: the standard variant, the refused lines listed by
 * hub/table/standard/refused.ts, 000), and out come every flag, the outcome
 * and each seat's points. The hub's own engines
 * give the same from the same lines (hub/record/replay.test.ts), so anyone with the record and the
 * cards can check a table's result.
 */
import type { Card } from '../../rules/card/types.js';
import { createEngine } from '../../rules/game/apply.js';
import { initialGameState, standingRulings, type GameState } from '../../rules/game/state.js';
import {
  GameRecordError,
  isVersion1,
  practiceOfHeader,
  type AnyGameRecord,
  type GameRecord,
  type RecordCorrection,
  type SiameseHeader,
  type StandardHeader,
} from '../../rules/record/game-record.js';
import { upgradeV1Lines } from '../../rules/record/upgrade.js';
import { SIAMESE } from '../../rules/variants/siamese.js';
import { asReadNow } from '../../rules/variants/siamese-readings.js';
import type { PublicFlag } from '../api/views.js';
import { restartScore } from '../table/restart-check.js';
import { scoreView } from '../table/score.js';
import { siameseFlagView, standardFlagViews } from '../table/flag-view.js';
import { TableRecords } from '../table/records.js';
import { listRefused, listThrown } from '../table/standard/refused.js';
import { standardEngine } from '../../rules/variants/standard.js';
import { STANDARD_SHAPE } from '../../rules/variants/standard/play.js';
import { EntryError } from '../../rules/variants/standard/entries.js';

/** A card the record names that is missing, or whose file differs from the one the game was played with. */
export class RecordCardError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RecordCardError';
  }
}

/** A flag as a refereed record lists it (the fields a player checks; the views add `gameNo`). */
export type RefereedFlag = Pick<PublicFlag, 'id' | 'code' | 'params' | 'kind' | 'rule' | 'title' | 'player' | 'rack' | 'at' | 'status' | 'consequence' | 'deadRackChoice'>;

/** What refereeing a record gives. */
export interface RefereedGame {
  kind: 'siamese' | 'standard';
  tableId: string;
  gameNo: number;
  players: string[];
  /** every flag of the game, in the order raised, with its status after the record's rulings */
  flags: RefereedFlag[];
  /** how the game stands at the record's end: phase, why it ended, dead hands, Mah Jonggs */
  outcome: Record<string, unknown>;
  /** each seat's points (index = player), or null when the game scores nothing (a misdeal, a replay, not ended on a 4-player table) */
  points: number[] | null;
  /** Royale Siamese: who pays whom (003 rule 17: the lesser total pays the difference), or null */
  payment: { from: number; to: number; amount: number } | null;
  /** actions the referee refused or threw on: the line (1-based), the action and the referee's words */
  unplaced: { line: number; action: string; reason: string }[];
  /**
   * the director's corrections of what the readers saw, as the record lists them (its actions are
   * the game as corrected: each correction is shown beside the reading, not applied again); absent when none
   */
  corrections?: RecordCorrection[];
}

/** The record's `correction` lines, in order, as the refereed game's `corrections` (absent when there are none). */
function correctionsOf(record: GameRecord): { corrections?: RecordCorrection[] } {
  const corrections = record.lines.flatMap((l) => ('correction' in l ? [l.correction] : []));
  return corrections.length ? { corrections } : {};
}

/**
 * The record's cards out of `cards` (each with the SHA-256 of its file, hub/config/card-file.ts), in
 * the record's order.
 * @throws RecordCardError for a card the record names that is not among `cards`, or one whose hash differs
 */
export function recordCards(record: AnyGameRecord, cards: readonly Card[]): Card[] {
  return record.header.cards.map((rc) => {
    const c = cards.find((x) => x.id === rc.id);
    if (!c) throw new RecordCardError(`the record was refereed with card '${rc.id}' (sha256 ${rc.sha256}), which was not given (given: ${cards.map((x) => x.id).join(', ') || 'none'})`);
    if (c.sha256 !== rc.sha256)
      throw new RecordCardError(`card '${rc.id}' differs from the one the game was played with: its file's sha256 is ${c.sha256 ?? 'unknown'}, the record's ${rc.sha256}`);
    return c;
  });
}

/** The rulings of a record as the engine takes them, in the state it begins from (`GameState.rulings`): the latest ruling on a flag stands (with its dead rack, 003 rule 20). */
function rulingsOf(record: GameRecord): GameState['rulings'] {
  return standingRulings(record.lines.flatMap((l) => ('ruling' in l ? [l.ruling] : [])));
}

/**
 * How the game stood after one line of a (version 2) record, as refereeing it went: for a
 * replay (hub/record/replay-steps.ts). `index` is the line's index in the record's `lines`
 * (0-based: the file's line `index + 2`); `flagIds` every flag raised so far; `points` each seat's
 * running points (index = player), or null where the table keeps no running score (the 4-player
 * table scores only at the end, 000).
 */
export type LineObserver = (index: number, state: GameState, flagIds: readonly string[], points: readonly number[] | null) => void;

/**
 * Referees and scores a record of either version (a version 1 record is upgraded first,
 * rules/record/upgrade.ts `upgradeV1`, with the cards given).
 * @param cards the cards to play it with (at least those the record names, each with its file hash)
 * @param onLine called after each line of the (upgraded) record with the game as it stood then
 * @throws RecordCardError for a missing or different card; GameRecordError for a record whose walls
 *   do not hold a whole set (Royale Siamese, line 1) or a 4-player record that does not begin with the deal (line 2)
 */
export function refereeRecord(record: AnyGameRecord, cards: readonly Card[], onLine?: LineObserver): RefereedGame {
  const played = recordCards(record, cards);
  const { record: v2, v1Line } = isVersion1(record) ? upgradeV1Lines(record, played) : { record, v1Line: null };
  // the line an auditor's file has: the version 1 line an upgraded line came from
  const lineOf = (i: number) => v1Line?.[i] ?? i + 2;
  return v2.header.kind === 'siamese' ? refereeSiamese(v2, v2.header, played, lineOf, onLine) : refereeStandard(v2, v2.header, played, lineOf, onLine);
}

function refereeSiamese(record: GameRecord, h: SiameseHeader, cards: Card[], lineOf: (i: number) => number, onLine?: LineObserver): RefereedGame {
  const engine = createEngine(SIAMESE, {
    names: h.players,
    racksPerPlayer: h.racksPerPlayer,
    tilesPerWall: h.tilesPerWall,
    wallOrder: h.wallOrder,
    cards,
    countRule: h.scoring.countRule,
  });
  // the walls as built: the game begins when the last tile is in (003 rule 5)
  let state: GameState = { ...initialGameState({ variant: 'siamese', seats: h.players.length, racksPerSeat: h.racksPerPlayer }), gameNo: h.gameNo - 1, rulings: rulingsOf(record) };
  h.walls.forEach((tiles, wall) => {
    for (const tile of tiles) state = engine.apply(state, { type: 'build', wall, from: null, tile, at: 0, ref: 'walls' }).state;
  });
  if (state.gameNo !== h.gameNo) throw new GameRecordError(1, 'walls', `the walls hold ${h.walls.flat().length} tiles; a game begins only when every tile of the set is in a wall`);
  const unplaced: RefereedGame['unplaced'] = [];
  let choice: 'score' | 'void' | 'replay' | undefined;
  const table = { players: h.players.map((name) => ({ name })) };
  const observe = (i: number) => {
    if (!onLine) return;
    onLine(
      i,
      state,
      state.flags.map((f) => f.id),
      restartScore(choice, scoreView(state, table, engine.lowestCardValue), h.players.length)?.points ?? null,
    );
  };
  record.lines.forEach((l, i) => {
    if (!('action' in l)) {
      observe(i);
      return;
    }
    const a = l.action;
    if (a.type === 'stop') {
      if (state.phase !== 'ended' && state.phase !== 'waiting') {
        state = { ...state, phase: 'ended', endReason: a.reason, turn: null };
        choice = a.choice;
      }
      observe(i);
      return;
    }
    // a record written before the move layer declared Mah Jonggs (a top at 14) and read jokers taken: read as it reads them now
    const next = record.lines[i + 1];
    for (const x of asReadNow([a], state.where, next && 'action' in next ? next.action : undefined)) {
      try {
        state = engine.apply(state, x).state;
      } catch (err) {
        unplaced.push({ line: lineOf(i), action: x.type, reason: err instanceof Error ? err.message : String(err) });
      }
    }
    observe(i);
  });
  const s = state;
  const score = restartScore(choice, scoreView(s, table, engine.lowestCardValue), h.players.length);
  return {
    kind: 'siamese',
    tableId: h.tableId,
    gameNo: h.gameNo,
    players: [...h.players],
    flags: s.flags.map(siameseFlagView),
    outcome: {
      phase: s.phase,
      endReason: s.endReason,
      misdeal: s.misdeal,
      wallGame: s.wallGame,
      bothDead: s.bothDead,
      ...(choice ? { restartChoice: choice } : {}),
      racks: s.seats.map((p) =>
        p.racks.map((r) => ({
          dead: r.dead,
          deadReason: r.deadReason,
          mahJongg: r.mahJongg && {
            lineId: r.mahJongg.lineId,
            value: r.mahJongg.value,
            jokerless: r.mahJongg.jokerless,
            order: r.mahJongg.order,
            claimedFrom: r.mahJongg.claimedFrom,
            misnamedDiscard: r.mahJongg.misnamedDiscard,
          },
        })),
      ),
    },
    points: score ? [...score.points] : null,
    payment: score?.payment ?? null,
    unplaced,
    ...correctionsOf(record),
  };
}

/**
 * The 4-player lines straight to the one engine (`standardEngine`, `createEngine(STANDARD, …)`):
 * the actions, the count checks (`rack-count`), the director's entries, the stops, and the `stray`
 * moves after a refused blind pass (the racks as read), as the live table gave them to it; what it
 * refuses or throws on is listed as the live table lists it (hub/table/standard/refused.ts).
 */
function refereeStandard(record: GameRecord, h: StandardHeader, cards: Card[], lineOf: (i: number) => number, onLine?: LineObserver): RefereedGame {
  const first = record.lines[0];
  if (!first || !('action' in first) || first.action.type !== 'deal') throw new GameRecordError(2, '', 'a 4-player record begins with the deal (an action of type "deal")');
  const config = { names: h.players, cards, settings: h.scoring, killingExposureJokersInPlay: h.killingExposureJokersInPlay ?? false, practice: practiceOfHeader(h), tableId: h.tableId };
  const engine = standardEngine(config);
  let s: GameState = { ...initialGameState(STANDARD_SHAPE), gameNo: h.gameNo - 1, rulings: rulingsOf(record) };
  const records = new TableRecords();
  const unplaced: RefereedGame['unplaced'] = [];
  // the 4-player table scores only at the game's end (000)
  const observe = (i: number) =>
    onLine?.(
      i,
      s,
      standardFlagViews(s, h.players).map((f) => f.id),
      s.result ? [...s.result.score.points] : null,
    );
  record.lines.forEach((l, i) => {
    if (!('action' in l)) {
      observe(i);
      return;
    }
    const a = l.action;
    if (a.type === 'build' || a.type === 'arrange' || a.type === 'readers-heard' || a.type === 'director-ruling') {
      unplaced.push({ line: lineOf(i), action: a.type, reason: `a 4-player table takes no '${a.type}' action` });
      observe(i);
      return;
    }
    if (a.type === 'deal') records.unplacedOf(s.gameNo + 1, true);
    const before = records.unplaced.length;
    try {
      // every line straight to the engine: the actions, count checks, entries, stops, and the strays of a blind pass gone on as read
      const r = engine.apply(s, a);
      s = r.state;
      listRefused(records, a, r, config);
    } catch (err) {
      if (err instanceof EntryError) unplaced.push({ line: lineOf(i), action: a.type === 'director-entry' ? a.entry : a.type, reason: err.message });
      else listThrown(records, a, err);
    }
    for (const u of records.unplaced.slice(before)) unplaced.push({ line: lineOf(i), action: u.action, reason: u.reason });
    observe(i);
  });
  const result = s.result;
  const { names: _n, ...outcome } = result?.outcome ?? { names: undefined };
  return {
    kind: 'standard',
    tableId: h.tableId,
    gameNo: h.gameNo,
    players: [...h.players],
    flags: standardFlagViews(s, h.players).map(({ gameNo: _g, ...f }) => f),
    outcome: {
      phase: s.phase,
      endReason: s.endReason,
      ...(result ? { ...outcome, marks: [...result.score.marks] } : {}),
    },
    points: result ? [...result.score.points] : null,
    payment: null,
    unplaced,
    ...correctionsOf(record),
  };
}
