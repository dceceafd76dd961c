/**
 * The round clock (000, "GAME PLAY": "You are allotted fifty minutes to complete one round of
 * four games"). Pure: the clock is a value and every function takes the wall time `nowMs` (ms since
 * any fixed origin, e.g. Date.now()) from the caller; nothing here reads a real clock.
 *
 * The director starts the clock, may pause it (a dispute at the table) and resume it. When it reaches
 * 0 the round's time is up: the game in play scores 0 for every player (000: "If the fourth game is
 * not completed within the designated time, each player receives a zero"; see the score card's
 * `time-up` event). Below 5 minutes left it is "about to run out" (a warning for the display).
 */
import { TournamentError } from './errors.js';

/** 50 minutes in ms: one round of four games (000). */
export const ROUND_MS = 50 * 60 * 1000;
/** 5 minutes in ms: below this the clock is about to run out. */
export const WARN_BELOW_MS = 5 * 60 * 1000;

/** The round clock as a plain value (JSON-safe). */
export interface RoundClock {
  /** the round's allotted time, ms (000: 50 minutes = 3 000 000) */
  durationMs: number;
  /** "about to run out" when strictly fewer ms than this remain (default 5 minutes = 300 000) */
  warnBelowMs: number;
  /** 'ready' before the director starts it; 'running'; 'paused' by the director */
  state: 'ready' | 'running' | 'paused';
  /** the wall time (ms) it was last started or resumed; null unless running */
  runningSinceMs: number | null;
  /** ms used up before `runningSinceMs` (the sum of the earlier running spells) */
  usedMs: number;
  /** the wall time (ms) of the last start, pause or resume, to refuse a clock going backwards */
  lastChangeMs: number | null;
}

/** What a display shows of the clock at one moment. */
export interface ClockReading {
  state: RoundClock['state'];
  /** ms left, never below 0 */
  remainingMs: number;
  /** ms used, never above the duration */
  elapsedMs: number;
  /** fewer than `warnBelowMs` left and not yet 0 */
  aboutToRunOut: boolean;
  /** 0 left: the round's time is over */
  timeUp: boolean;
  /** the remaining time as "m:ss", seconds rounded up (so "0:00" only when time is up), e.g. "49:59" */
  display: string;
}

/**
 * A new clock, not started.
 * @param durationMs the round's time in ms (default {@link ROUND_MS}, 50 minutes)
 * @param warnBelowMs the warning threshold in ms (default {@link WARN_BELOW_MS}, 5 minutes)
 * @throws TournamentError when a time is not a whole number of ms > 0, or the warning is not below the duration
 */
export function newRoundClock(durationMs: number = ROUND_MS, warnBelowMs: number = WARN_BELOW_MS): RoundClock {
  if (!Number.isInteger(durationMs) || durationMs <= 0) throw new TournamentError(`the round's time must be a whole number of ms > 0, not ${String(durationMs)}`);
  if (!Number.isInteger(warnBelowMs) || warnBelowMs < 0 || warnBelowMs >= durationMs)
    throw new TournamentError(`the warning time must be whole ms from 0 to below the round's ${durationMs} ms, not ${String(warnBelowMs)}`);
  return { durationMs, warnBelowMs, state: 'ready', runningSinceMs: null, usedMs: 0, lastChangeMs: null };
}

function checkNow(clock: RoundClock, nowMs: number, what: string): void {
  if (typeof nowMs !== 'number' || !Number.isFinite(nowMs)) throw new TournamentError(`${what}: the time must be a number of ms, not ${String(nowMs)}`);
  if (clock.lastChangeMs !== null && nowMs < clock.lastChangeMs) throw new TournamentError(`${what}: the time ${nowMs} ms is before the clock's last change at ${clock.lastChangeMs} ms`);
}

function used(clock: RoundClock, nowMs: number): number {
  const spell = clock.state === 'running' && clock.runningSinceMs !== null ? Math.max(0, nowMs - clock.runningSinceMs) : 0;
  return Math.min(clock.durationMs, clock.usedMs + spell);
}

/**
 * The director starts the round's clock.
 * @throws TournamentError when it was already started, or `nowMs` is not a number
 */
export function startClock(clock: RoundClock, nowMs: number): RoundClock {
  checkNow(clock, nowMs, 'start the clock');
  if (clock.state !== 'ready') throw new TournamentError(`the clock is already started (${clock.state})`);
  return { ...clock, state: 'running', runningSinceMs: nowMs, lastChangeMs: nowMs };
}

/**
 * The director pauses the clock (e.g. while ruling on a dispute).
 * @throws TournamentError when it is not running, its time is already up, or `nowMs` is earlier than its last change
 */
export function pauseClock(clock: RoundClock, nowMs: number): RoundClock {
  checkNow(clock, nowMs, 'pause the clock');
  if (clock.state !== 'running') throw new TournamentError(`only a running clock can be paused; this one is ${clock.state}`);
  const u = used(clock, nowMs);
  if (u >= clock.durationMs) throw new TournamentError("the round's time is already up: nothing to pause");
  return { ...clock, state: 'paused', runningSinceMs: null, usedMs: u, lastChangeMs: nowMs };
}

/**
 * The director resumes a paused clock.
 * @throws TournamentError when it is not paused, or `nowMs` is earlier than its last change
 */
export function resumeClock(clock: RoundClock, nowMs: number): RoundClock {
  checkNow(clock, nowMs, 'resume the clock');
  if (clock.state !== 'paused') throw new TournamentError(`only a paused clock can be resumed; this one is ${clock.state}`);
  return { ...clock, state: 'running', runningSinceMs: nowMs, lastChangeMs: nowMs };
}

/**
 * The ms left at `nowMs` (never below 0; the full duration before the start).
 * @throws TournamentError when `nowMs` is not a number or is earlier than the clock's last change
 */
export function remainingMs(clock: RoundClock, nowMs: number): number {
  checkNow(clock, nowMs, 'read the clock');
  return clock.durationMs - used(clock, nowMs);
}

/**
 * Everything a display shows of the clock at `nowMs`: e.g. 4 min 59.2 s left → remainingMs 299 200,
 * aboutToRunOut true, display "5:00".
 * @throws TournamentError as {@link remainingMs}
 */
export function readClock(clock: RoundClock, nowMs: number): ClockReading {
  const remaining = remainingMs(clock, nowMs);
  return {
    state: clock.state,
    remainingMs: remaining,
    elapsedMs: clock.durationMs - remaining,
    aboutToRunOut: remaining > 0 && remaining < clock.warnBelowMs,
    timeUp: remaining === 0,
    display: clockDisplay(remaining),
  };
}

/** Time left as a clock shows it, minutes and seconds rounded up: 299 200 ms → "5:00", 0 → "0:00". */
export function clockDisplay(remainingMs: number): string {
  const secs = Math.ceil(Math.max(0, remainingMs) / 1000);
  return `${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, '0')}`;
}

/** The most extra minutes one grant gives a table (whole minutes 1-60). */
export const MAX_EXTRA_MINUTES = 60;

/**
 * The ms left at `nowMs` for one table given `extraMs` of extra time by the director (000 leaves it
 * to the director; e.g. a table held up by a dispute): that table's games count until the round's
 * clock has run `durationMs + extraMs`. Never below 0; with `extraMs` 0 it is {@link remainingMs}.
 * A paused clock pauses the extra time too.
 * @throws TournamentError as {@link remainingMs}, or when `extraMs` is not whole ms ≥ 0
 */
export function tableRemainingMs(clock: RoundClock, extraMs: number, nowMs: number): number {
  checkNow(clock, nowMs, 'read the clock');
  if (!Number.isInteger(extraMs) || extraMs < 0) throw new TournamentError(`extra time must be whole ms ≥ 0, not ${String(extraMs)}`);
  const spell = clock.state === 'running' && clock.runningSinceMs !== null ? Math.max(0, nowMs - clock.runningSinceMs) : 0;
  return Math.max(0, clock.durationMs + extraMs - (clock.usedMs + spell));
}
