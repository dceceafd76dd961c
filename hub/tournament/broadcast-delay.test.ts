/**
 * A tournament config's `broadcastDelayMin` (docs/spectators.md): the event's delay of the
 * spectators' broadcast, in minutes; absent is null (the hub's --broadcast-delay-min, default 15);
 * anything but a number of minutes from 0 to a day is refused, naming the file and the field.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkTournamentConfig } from './config.js';

const room = JSON.parse(readFileSync(path.join(import.meta.dirname, '../config/tournament-room.json'), 'utf8')) as Record<string, unknown>;
const message = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  return 'no error';
};

describe("a tournament's broadcast delay (broadcastDelayMin)", () => {
  it('is taken in minutes (30 as poker streams), null when absent', () => {
    expect(checkTournamentConfig({ ...room, broadcastDelayMin: 30 }, 'room.json').broadcastDelayMin).toBe(30);
    expect(checkTournamentConfig(room, 'room.json').broadcastDelayMin).toBe(null);
  });

  it('anything but minutes from 0 to 1440 is refused, naming the file and the field', () => {
    expect(message(() => checkTournamentConfig({ ...room, broadcastDelayMin: -5 }, 'room.json'))).toBe(
      'room.json: broadcastDelayMin must be a number of minutes from 0 to 1440 (e.g. 15, or 30 as poker streams), not -5',
    );
    expect(message(() => checkTournamentConfig({ ...room, broadcastDelayMin: '15' }, 'room.json'))).toBe(
      'room.json: broadcastDelayMin must be a number of minutes from 0 to 1440 (e.g. 15, or 30 as poker streams), not "15"',
    );
  });
});
