import { describe, expect, it } from 'vitest';
import { TournamentError } from './errors.js';
import { ROUND_MS, newRoundClock, pauseClock, readClock, remainingMs, resumeClock, startClock } from './clock.js';

const MIN = 60_000;
const T0 = 1_000_000; // any wall time, ms

describe('round clock (000: fifty minutes for a round of four games)', () => {
  it('50 minutes = 3 000 000 ms; full before the start', () => {
    const c = newRoundClock();
    expect(ROUND_MS).toBe(3_000_000);
    expect(readClock(c, T0)).toEqual({ state: 'ready', remainingMs: 3_000_000, elapsedMs: 0, aboutToRunOut: false, timeUp: false, display: '50:00' });
  });

  it('runs down from the start: 20 minutes in, 30:00 left', () => {
    const c = startClock(newRoundClock(), T0);
    expect(remainingMs(c, T0 + 20 * MIN)).toBe(30 * MIN);
    expect(readClock(c, T0 + 20 * MIN).display).toBe('30:00');
    expect(readClock(c, T0 + 800).display).toBe('50:00'); // 49:59.2 rounds up
    expect(readClock(c, T0 + 1000).display).toBe('49:59');
  });

  it('the director pauses 7 minutes for a dispute: the round gets those 7 minutes back', () => {
    let c = startClock(newRoundClock(), T0);
    c = pauseClock(c, T0 + 10 * MIN);
    expect(remainingMs(c, T0 + 17 * MIN)).toBe(40 * MIN); // paused: no time passes
    c = resumeClock(c, T0 + 17 * MIN);
    expect(remainingMs(c, T0 + 27 * MIN)).toBe(30 * MIN);
    expect(readClock(c, T0 + 27 * MIN).state).toBe('running');
  });

  it('about to run out strictly below 5 minutes; time up at 0, never negative', () => {
    const c = startClock(newRoundClock(), T0);
    expect(readClock(c, T0 + 45 * MIN).aboutToRunOut).toBe(false); // exactly 5:00 left
    const r = readClock(c, T0 + 45 * MIN + 1);
    expect(r).toEqual({ state: 'running', remainingMs: 5 * MIN - 1, elapsedMs: 45 * MIN + 1, aboutToRunOut: true, timeUp: false, display: '5:00' });
    expect(readClock(c, T0 + 50 * MIN)).toMatchObject({ remainingMs: 0, aboutToRunOut: false, timeUp: true, display: '0:00' });
    expect(readClock(c, T0 + 60 * MIN)).toMatchObject({ remainingMs: 0, elapsedMs: 50 * MIN, timeUp: true });
  });

  it('clear errors: double start, pause when not running, resume when not paused, time going backwards, pause after time up', () => {
    const c = startClock(newRoundClock(), T0);
    expect(() => startClock(c, T0 + 1)).toThrow(new TournamentError('the clock is already started (running)'));
    expect(() => resumeClock(c, T0 + 1)).toThrow('only a paused clock can be resumed; this one is running');
    expect(() => pauseClock(newRoundClock(), T0)).toThrow('only a running clock can be paused; this one is ready');
    expect(() => pauseClock(c, T0 - 1)).toThrow(`pause the clock: the time ${T0 - 1} ms is before the clock's last change at ${T0} ms`);
    expect(() => pauseClock(c, T0 + 50 * MIN)).toThrow("the round's time is already up: nothing to pause");
    expect(() => newRoundClock(0)).toThrow(TournamentError);
    expect(() => newRoundClock(10 * MIN, 10 * MIN)).toThrow(TournamentError);
  });

  it('is a plain value: the old clock is unchanged', () => {
    const c = newRoundClock();
    startClock(c, T0);
    expect(c.state).toBe('ready');
    expect(JSON.parse(JSON.stringify(c))).toEqual(c);
  });
});
