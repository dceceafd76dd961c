/**
 * The replay page's reading of a replay step (hub/contract/replay.ts, docs/replay.md): the players
 * as the table display's player panels take them (views/PlayerPanel.svelte), and the step a
 * control asks for, kept inside the game.
 */
import type { PlayerView } from '../../../hub/api/views.js';
import type { TileId } from '../../../rules/tiles.js';
import type { Replay } from './api.js';

/** One step of a replay. */
export type ReplayStep = Replay['steps'][number];

/** The seats by player index: East first (000; on the Royale Siamese table East and West, 003). */
const SEATS: Record<Replay['kind'], readonly string[]> = { standard: ['East', 'South', 'West', 'North'], siamese: ['East', 'West'] };

/**
 * The players after a step as the player panels draw them: each rack's count (inside + top),
 * the concealed count and the top's tiles. No Mah Jongg or dead reason in words: the step's text says them.
 */
export function replayPlayers(replay: Replay, step: ReplayStep): PlayerView[] {
  return step.racks.map((racks, index) => ({
    index,
    name: replay.players[index] ?? `Player ${index + 1}`,
    seat: SEATS[replay.kind][index] ?? '',
    count: racks.reduce((n, r) => n + r.concealed.length + r.top.length, 0),
    racks: racks.map((r, rack) => ({
      rack,
      count: r.concealed.length + r.top.length,
      concealedCount: r.concealed.length,
      exposed: [...r.top],
      dead: r.dead,
      deadReason: null,
      mahJongg: null,
    })),
  }));
}

/** A player's concealed tiles by rack after a step (the panels' `concealed`). */
export function replayConcealed(step: ReplayStep, player: number): TileId[][] {
  return (step.racks[player] ?? []).map((r) => [...r.concealed]);
}

/** The step index `to` kept inside a game of `count` steps (0 … count − 1). */
export function clampStep(to: number, count: number): number {
  return Math.max(0, Math.min(count - 1, Math.trunc(to)));
}
