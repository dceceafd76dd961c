/** `--broadcast-delay-min` (./delay.ts): minutes to ms, 15 by default, 0 only when the director says so explicitly. */
import { describe, expect, it } from 'vitest';
import { broadcastDelayMs } from './delay.js';

describe('the broadcast delay (--broadcast-delay-min)', () => {
  it('is 15 minutes by default; 30 minutes = 1 800 000 ms; half a minute = 30 000 ms', () => {
    expect(broadcastDelayMs(undefined)).toBe(900_000); // 15 × 60 000
    expect(broadcastDelayMs('30')).toBe(1_800_000);
    expect(broadcastDelayMs('0.5')).toBe(30_000);
  });

  it('refuses 0 unless --broadcast-no-delay is given, and anything not a number of minutes', () => {
    expect(() => broadcastDelayMs('0')).toThrow('--broadcast-delay-min 0 would show every concealed hand live at /broadcast');
    expect(broadcastDelayMs('0', true)).toBe(0);
    expect(broadcastDelayMs(undefined, true)).toBe(0);
    expect(() => broadcastDelayMs('-1')).toThrow('--broadcast-delay-min must be a number of minutes from 0 to 1440 (e.g. 15, or 30 as poker streams), not "-1"');
    expect(() => broadcastDelayMs('15m')).toThrow('not "15m"');
    expect(() => broadcastDelayMs(' ')).toThrow('not " "');
    // a tournament config's broadcastDelayMin is named with its file
    expect(() => broadcastDelayMs('0', false, 't.json: broadcastDelayMin')).toThrow('t.json: broadcastDelayMin 0 would show every concealed hand live at /broadcast');
  });
});
