/**
 * The room's words for a round clock's state (000, "GAME PLAY": fifty minutes a round), one place
 * for every page that shows a clock: the table, the director's room card and its tournament panel.
 * Pure.
 */

/** A round clock's state as the tournament keeps it (rules/tournament/clock.ts): before its start, running, paused by the director. */
export type ClockState = 'ready' | 'running' | 'paused';

/** The words, lower case (a page capitalises them where they start a line). */
export const CLOCK_WORDS = { ready: 'not started', running: 'running', paused: 'paused', timeUp: 'time up' } as const;

/**
 * A clock's state in the room's words: "time up" once its time is over, else "running",
 * "paused", or "not started" (a clock whose `state` is unknown and not running reads "paused").
 * `clockWords({ running: false, timeUp: false, state: 'ready' }) === 'not started'`.
 */
export function clockWords(c: { running: boolean; timeUp: boolean; state?: ClockState | string | undefined }): string {
  if (c.timeUp) return CLOCK_WORDS.timeUp;
  if (c.running) return CLOCK_WORDS.running;
  return c.state === 'ready' ? CLOCK_WORDS.ready : CLOCK_WORDS.paused;
}
