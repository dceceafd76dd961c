/**
 * The words of a finished game's replay (docs/replay.md): why the hub does not give it yet. Pure:
 * the display imports it.
 */
import { hhmm } from './player-link.js';

/**
 * The 403 before the event's delay has passed since the game's end (docs/spectators.md, the
 * broadcast's delay), e.g. `"the replay opens at 14:35 (the event's delay after the game's end)"`.
 * @param opensAt ms since epoch: the game's last action plus the delay (shown in the hub's local time)
 */
export function replayOpensText(opensAt: number): string {
  return `the replay opens at ${hhmm(opensAt)} (the event's delay after the game's end)`;
}

/** The 409 for a game still in play, e.g. `"game 2 of table 't1' has not ended: its replay opens after its end"`. */
export function replayNotEndedText(tableId: string, gameNo: number): string {
  return `game ${gameNo} of table '${tableId}' has not ended: its replay opens after its end`;
}
