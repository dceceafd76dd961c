/**
 * Test helpers of the player link tests (player-routes.test.ts, test/browser/player-link.test.ts):
 * a 4-player fake table and the 8-player tournament on two of them; not part of the hub.
 */
import { FakeTableRuntime, sampleDirectorView } from '../api/fake-runtime.js';
import type { DirectorTableView } from '../api/views.js';
import type { TournamentConfig } from './config.js';
import { CONFIG } from './fixtures.test-helpers.js';

/** A 4-player table (East, South, West, North: its own names N1…N4) on game 1, in play; each player holds 13 tiles. */
export function standardTable(id: string): FakeTableRuntime {
  const base = sampleDirectorView(id);
  const seats = ['East', 'South', 'West', 'North'];
  // 1-9 then 1-4 of one suit (East and North share bams: copies 1/3 and 2/4)
  const hand = (p: number) => Array.from({ length: 13 }, (_, i) => `${(i % 9) + 1}${'BCD'[p % 3]}#${(p < 3 ? 1 : 2) + (i >= 9 ? 2 : 0)}`);
  const v: DirectorTableView = {
    ...base,
    variant: 'standard',
    flags: [],
    evidence: [],
    players: seats.map((seat, index) => ({
      index,
      name: `${id}-${seat}`,
      seat,
      count: 13,
      racks: [{ rack: 0, count: 13, concealedCount: 13, exposed: [], dead: false, deadReason: null, mahJongg: null }],
    })),
    concealed: seats.map((_, p) => [hand(p)]) as DirectorTableView['concealed'],
  };
  return new FakeTableRuntime(v);
}

/**
 * 8 players on tables 1 (hub t1) and 2 (hub t2), 2 rounds. The seating (rules/tournament/seating.ts):
 * round 1 table 1 Ann E, Bea S, Cat W, Dot N; table 2 Eve E, Fay S, Gil W, Hal N. Round 2 (k = 1):
 * Bea (home seat South, s = 1) moves 1 × 1 table on, to table 2, and takes seat (1 + 1) mod 4 = West.
 */
export const PLAYER_CONFIG: TournamentConfig = { ...CONFIG, name: 'Check-in Open' };
