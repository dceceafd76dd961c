/**
 * Referees a game record (rules/GAME-RECORD.md, version 2; a version 1 record is upgraded first)
 * again: the cards checked against the record's hashes, every line given to the one engine
 * (rules/game/apply.ts `createEngine`; Royale Siamese: the Siamese variant, scored by
 * hub/table/score.ts, 003; 4-player: through hub/table/standard/game.ts, which holds the standard
 * variant's engine and the hub's own 4-player flags, 000), and out come every flag, the outcome
 * and each seat's points. The hub's own engines
 * give the same from the same lines (hub/record/replay.test.ts), so anyone with the record and the
 * cards can check a table's result.
 */
import type { Card } from '../../rules/card/types.js';
import type { Action } from '../../rules/game/actions.js';
import { createEngine } from '../../rules/game/apply.js';
import type { GameState } from '../../rules/game/state.js';
import { GameRecordError, isVersion1, type AnyGameRecord, type GameRecord, type SiameseHeader, type StandardHeader } from '../../rules/record/game-record.js';
import { racksAfterStrays, upgradeV1Lines } from '../../rules/record/upgrade.js';
import { initialSiameseState, toGameState, toSiameseState } from '../../rules/referee/siamese.js';
import { SIAMESE } from '../../rules/variants/siamese.js';
import { asReadNow } from '../../rules/variants/siamese-readings.js';
import { initialStandardState, toStandardAction } from '../../rules/variants/standard/referee.js';
import { RulingError } from '../api/runtime.js';
import type { PublicFlag } from '../api/views.js';
import { restartScore } from '../table/restart-check.js';
import { scoreView } from '../table/score.js';
import { siameseFlagView } from '../table/flag-view.js';
import { StandardGame } from '../table/standard/game.js';

/** A card the record names that is missing, or whose file differs from the one the game was played with. */
export class RecordCardError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RecordCardError';
  }
}

/** A flag as a refereed record lists it (the fields a player checks; the views add `gameNo`). */
export type RefereedFlag = Pick<PublicFlag, 'id' | 'kind' | 'rule' | 'title' | 'player' | 'rack' | 'at' | 'status' | 'consequence' | 'deadRackChoice'>;

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

/** The rulings of a record as the referees take them: dismissed and confirmed flag ids, and chosen dead racks (003 rule 20). */
function rulingsOf(record: GameRecord): { dismissed: Set<string>; confirmed: Set<string>; chosen: Map<string, number> } {
  const out = { dismissed: new Set<string>(), confirmed: new Set<string>(), chosen: new Map<string, number>() };
  // the latest ruling on a flag stands
  const latest = new Map<string, { ruling: 'confirm' | 'dismiss'; deadRack?: number }>();
  for (const l of record.lines) if ('ruling' in l) latest.set(l.ruling.flagId, l.ruling);
  for (const [id, r] of latest) {
    (r.ruling === 'dismiss' ? out.dismissed : out.confirmed).add(id);
    if (r.ruling === 'confirm' && r.deadRack !== undefined) out.chosen.set(id, r.deadRack);
  }
  return out;
}

/**
 * Referees and scores a record of either version (a version 1 record is upgraded first,
 * rules/record/upgrade.ts `upgradeV1`, with the cards given).
 * @param cards the cards to play it with (at least those the record names, each with its file hash)
 * @throws RecordCardError for a missing or different card; GameRecordError for a record whose walls
 *   do not hold a whole set (Royale Siamese, line 1) or a 4-player record that does not begin with the deal (line 2)
 */
export function refereeRecord(record: AnyGameRecord, cards: readonly Card[]): RefereedGame {
  const played = recordCards(record, cards);
  const { record: v2, v1Line } = isVersion1(record) ? upgradeV1Lines(record, played) : { record, v1Line: null };
  // the line an auditor's file has: the version 1 line an upgraded line came from
  const lineOf = (i: number) => v1Line?.[i] ?? i + 2;
  return v2.header.kind === 'siamese' ? refereeSiamese(v2, v2.header, played, lineOf) : refereeStandard(v2, v2.header, played, lineOf);
}

function refereeSiamese(record: GameRecord, h: SiameseHeader, cards: Card[], lineOf: (i: number) => number): RefereedGame {
  const { dismissed, confirmed, chosen } = rulingsOf(record);
  const engine = createEngine(SIAMESE, {
    names: h.players,
    racksPerPlayer: h.racksPerPlayer,
    tilesPerWall: h.tilesPerWall,
    wallOrder: h.wallOrder,
    cards,
    dismissed,
    confirmed,
    chosenDeadRacks: chosen,
    countRule: h.scoring.countRule,
  });
  // the walls as built: the game begins when the last tile is in (003 rule 5)
  let state: GameState = { ...toGameState(initialSiameseState({ names: h.players, racksPerPlayer: h.racksPerPlayer })), gameNo: h.gameNo - 1 };
  h.walls.forEach((tiles, wall) => {
    for (const tile of tiles) state = engine.apply(state, { type: 'build', wall, from: null, tile, at: 0, ref: 'walls' }).state;
  });
  if (state.gameNo !== h.gameNo) throw new GameRecordError(1, 'walls', `the walls hold ${h.walls.flat().length} tiles; a game begins only when every tile of the set is in a wall`);
  const unplaced: RefereedGame['unplaced'] = [];
  let choice: 'score' | 'void' | 'replay' | undefined;
  record.lines.forEach((l, i) => {
    if (!('action' in l)) return;
    const a = l.action;
    if (a.type === 'stop') {
      if (state.phase !== 'ended' && state.phase !== 'waiting') {
        state = { ...state, phase: 'ended', endReason: a.reason, turn: null };
        choice = a.choice;
      }
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
  });
  const s = toSiameseState(state);
  const table = { players: h.players.map((name) => ({ name })) };
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
      racks: s.players.map((p) =>
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
  };
}

/**
 * The 4-player lines through the hub's 4-player fold (hub/table/standard/game.ts `StandardGame`,
 * the one engine's standard variant inside, with the hub's own flags: the readers' counts, a refused
 * blind pass, the director's entries), which takes the old action shape until stage 6
 * (`toStandardAction`). The `stray` moves after a refused blind pass are the racks as read.
 */
function refereeStandard(record: GameRecord, h: StandardHeader, cards: Card[], lineOf: (i: number) => number): RefereedGame {
  const { dismissed, confirmed } = rulingsOf(record);
  const first = record.lines[0];
  if (!first || !('action' in first) || first.action.type !== 'deal') throw new GameRecordError(2, '', 'a 4-player record begins with the deal (an action of type "deal")');
  const game = new StandardGame({ names: h.players, cards, dismissed, confirmed, settings: h.scoring, killingExposureJokersInPlay: h.killingExposureJokersInPlay ?? false });
  game.state = { ...initialStandardState(), gameNo: h.gameNo - 1 };
  const unplaced: RefereedGame['unplaced'] = [];
  const lines = record.lines;
  lines.forEach((l, i) => {
    if (!('action' in l)) return;
    const a = l.action;
    if (a.type === 'count-check') {
      if (a.counted)
        game.count(
          a.counted.map((r) => r.reduce((n, x) => n + x, 0)),
          a.skipPlayers,
          a.at,
          a.ref,
        );
    } else if (a.type === 'director-entry') {
      const { type: _t, entry, by, hearing: _h, unseenRacks: _u, ...rest } = a;
      try {
        game.enter({ ...rest, entry, by: by ?? '' }, h.tableId);
      } catch (err) {
        if (!(err instanceof RulingError)) throw err;
        unplaced.push({ line: lineOf(i), action: entry, reason: err.message });
      }
    } else if (a.type === 'stop') game.stop(a.reason, a.at, a.ref, a.choice);
    else if (a.type !== 'stray') {
      const old = toStandardAction(a);
      if (!old) {
        unplaced.push({ line: lineOf(i), action: a.type, reason: `a 4-player table takes no '${a.type}' action` });
        return;
      }
      // the strays right after a pass with the same ref: the racks as the readers held them, should the referee refuse it
      const strays: Action[] = [];
      for (let j = i + 1; j < lines.length; j++) {
        const n = lines[j]!;
        if (!('action' in n) || n.action.type !== 'stray' || n.action.ref !== a.ref) break;
        strays.push(n.action);
      }
      const before = game.unexplained.length;
      game.act(
        old,
        old.type === 'pass'
          ? () =>
              racksAfterStrays(
                game.state.players.map((p) => p.rack),
                strays,
              )
          : undefined,
      );
      for (const u of game.unexplained.slice(before)) unplaced.push({ line: lineOf(i), action: u.action, reason: u.error });
    }
  });
  const s = game.state;
  const result = s.result;
  const { names: _n, ...outcome } = result?.outcome ?? { names: undefined };
  return {
    kind: 'standard',
    tableId: h.tableId,
    gameNo: h.gameNo,
    players: [...h.players],
    flags: game.flags().map(({ gameNo: _g, ...f }) => f),
    outcome: {
      phase: s.phase,
      endReason: s.endReason,
      ...(result ? { ...outcome, marks: [...result.score.marks] } : {}),
    },
    points: result ? [...result.score.points] : null,
    payment: null,
    unplaced,
  };
}
