/**
 * A finished game's replay (docs/replay.md): its record (rules/GAME-RECORD.md, version 2) refereed
 * again (hub/record/replay.ts `refereeRecord`, the one engine), and after each line the places of
 * the tiles (racks inside and on top, the floor, what is left in each wall), the flags raised at
 * that line with where the director's rulings left them, and the running score (003 rule 17 as
 * the Mah Jonggs are made; the 4-player table scores at the end only, 000).
 */
import type { z } from 'zod';
import type { Card } from '../../rules/card/types.js';
import type { GameState } from '../../rules/game/state.js';
import type { GameRecord, RecordLine } from '../../rules/record/game-record.js';
import { kindOf } from '../../rules/tiles.js';
import { recordLineText } from '../../rules/wording/actions.js';
import type { ReplayFlagSchema, ReplaySchema, ReplayStepSchema } from '../contract/replay.js';
import { refereeRecord } from './replay.js';

/** A replay as the route gives it ({@link ReplaySchema}). */
export type Replay = z.infer<typeof ReplaySchema>;
/** One step of a replay. */
export type ReplayStep = z.infer<typeof ReplayStepSchema>;
type ReplayFlag = z.infer<typeof ReplayFlagSchema>;

/** When a record line happened (ms since epoch). */
function lineAt(l: RecordLine): number {
  if ('action' in l) return l.action.at;
  if ('ruling' in l) return l.ruling.at;
  return l.correction.at;
}

/** The tiles' places of a state, as a step shows them. */
function placesOf(s: GameState, walls: number): Pick<ReplayStep, 'racks' | 'floor' | 'walls' | 'turn' | 'phase'> {
  return {
    racks: s.seats.map((seat, player) =>
      seat.racks.map((r, rack) => ({
        concealed: s.where.tilesIn({ area: 'rack', player, rack }),
        top: s.where.tilesIn({ area: 'top', player, rack }).map(kindOf),
        dead: r.dead,
      })),
    ),
    floor: s.discards.map(kindOf),
    walls: Array.from({ length: walls }, (_, wall) => s.where.countIn({ area: 'wall', wall })),
    turn: s.turn,
    phase: s.phase,
  };
}

/**
 * The replay of a record: one step per line (`lines[i]` is step `i`, the file's line `i + 2`).
 * @param cards the cards to referee it with (at least those the record names, each with its file hash)
 * @throws RecordCardError, GameRecordError as `refereeRecord` does
 */
export function replaySteps(record: GameRecord, cards: readonly Card[]): Replay {
  const names = record.header.players;
  const walls = record.header.walls.length;
  const states: { state: GameState; flagIds: readonly string[]; points: readonly number[] | null }[] = [];
  const refereed = refereeRecord(record, cards, (i, state, flagIds, points) => {
    states[i] = { state, flagIds, points };
  });
  const flagsById = new Map(refereed.flags.map((f) => [f.id, f]));
  const seen = new Set<string>();
  const steps = record.lines.map((l, i): ReplayStep => {
    const s = states[i];
    if (!s) throw new Error(`the referee gave no state after line ${i + 2}`);
    const flags: ReplayFlag[] = [];
    for (const id of s.flagIds) {
      if (seen.has(id)) continue;
      seen.add(id);
      const f = flagsById.get(id);
      if (f) flags.push({ id: f.id, kind: f.kind, rule: f.rule, title: f.title, player: f.player, rack: f.rack, status: f.status, consequence: f.consequence });
    }
    return {
      line: i + 2,
      kind: 'action' in l ? 'action' : 'ruling' in l ? 'ruling' : 'correction',
      text: recordLineText(l, names),
      at: lineAt(l),
      ...placesOf(s.state, walls),
      flags,
      points: s.points ? [...s.points] : null,
    };
  });
  const actions = record.lines.flatMap((l) => ('action' in l ? [l.action.at] : []));
  return {
    tableId: record.header.tableId,
    gameNo: record.header.gameNo,
    kind: record.header.kind,
    players: [...names],
    endedAt: actions.length ? Math.max(...actions) : 0,
    points: refereed.points,
    steps,
  };
}

/** True when a replay's game has ended: its last step's phase is `ended`. */
export function replayEnded(r: Replay): boolean {
  return r.steps.at(-1)?.phase === 'ended';
}
