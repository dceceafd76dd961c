import { describe, expect, it } from 'vitest';
import { clockWords } from './clock.js';

describe('clockWords: one wording of a round clock', () => {
  it('not started, running, paused, time up', () => {
    expect(clockWords({ running: false, timeUp: false, state: 'ready' })).toBe('not started');
    expect(clockWords({ running: true, timeUp: false, state: 'running' })).toBe('running');
    expect(clockWords({ running: false, timeUp: false, state: 'paused' })).toBe('paused');
    // time up whatever the state says (the clock reached 0 while running)
    expect(clockWords({ running: false, timeUp: true, state: 'running' })).toBe('time up');
    // a view without the state: stopped and not over reads paused
    expect(clockWords({ running: false, timeUp: false })).toBe('paused');
  });
});
