/** Test helpers shared by the tournament service and route tests (not part of the hub). */
import { FakeTableRuntime, sampleDirectorView } from '../api/fake-runtime.js';
import type { DirectorTableView } from '../api/views.js';
import type { TournamentOutcome } from '../../rules/scoring/tournament.js';
import type { TournamentConfig } from './config.js';
import type { TournamentService } from './service.js';

/** 8 players, 2 tables: table 1 is the Siamese hub table t1, table 2 the standard hub table t2. */
export const CONFIG: TournamentConfig = {
  name: 'Spring Open',
  rounds: 2,
  roundMs: 3_000_000,
  warnBelowMs: 300_000,
  prizes: [100, 60, 40],
  tables: [
    { table: 1, hubTable: 't1' },
    { table: 2, hubTable: 't2' },
  ],
  players: [
    { id: 'p1', name: 'Ann Lee' },
    { id: 'p2', name: 'Bea Ross' },
    { id: 'p3', name: 'Cat Park' },
    { id: 'p4', name: 'Dot Shaw' },
    { id: 'p5', name: 'Eve Kahn' },
    { id: 'p6', name: 'Fay Wong' },
    { id: 'p7', name: 'Gil Moss' },
    { id: 'p8', name: 'Hal Burt' },
  ],
};

export const T0 = 1_700_000_000_000;
export const MIN = 60_000;

/** A Siamese table (Ann East, Bea West) whose view we move by hand. */
export function siameseTable(): FakeTableRuntime {
  return new FakeTableRuntime(sampleDirectorView('t1'));
}

/** A standard table whose "engine" calls the tournament hook when its game ends (as the standard engine will). */
export class FakeStandardTable extends FakeTableRuntime {
  constructor(private readonly hook: () => TournamentService) {
    const v: DirectorTableView = { ...sampleDirectorView('t2'), variant: 'standard', flags: [], evidence: [] };
    super(v);
  }
  /** the game `gameNo` ends as `outcome`: the view goes to 'ended' with a score, and the engine calls recordGame */
  end(gameNo: number, outcome: TournamentOutcome, points: number[]) {
    this.set((v) => {
      v.gameNo = gameNo;
      v.phase = 'ended';
      v.score = { points, payment: null, breakdown: [[], [], [], []], final: true };
    });
    return this.hook().recordGame('t2', outcome, { hubGameNo: gameNo });
  }
}

export function endSiamese(t: FakeTableRuntime, gameNo: number, points: [number, number]) {
  t.set((v) => {
    v.gameNo = gameNo;
    v.phase = 'ended';
    v.score = { points, payment: null, breakdown: [[], []], final: true };
  });
}

export function playSiamese(t: FakeTableRuntime, gameNo: number) {
  t.set((v) => {
    v.gameNo = gameNo;
    v.phase = 'play';
    v.score = null;
  });
}

// table 2, round 1: p5 East, p6 South, p7 West, p8 North
export const G1: TournamentOutcome = { winner: 0, value: 25, discarder: 1, winnerExposures: 1 }; // [25, -10, 0, 0]
export const G2: TournamentOutcome = { winner: 2, value: 30, selfPicked: true, jokerless: true }; // [0, 0, 60, 0]
export const G3: TournamentOutcome = { winner: null, wallGame: true, dead: [3] }; // [10, 10, 10, 0]
export const G4: TournamentOutcome = { winner: 3, value: 35, discarder: 0, winnerExposures: 2 }; // [-20, 0, 0, 35]

/**
 * Round 1 of {@link CONFIG} played out and signed, for the pages that show its results: table 2
 * (4-player) game 1 Ann East wins 25 off Bea's discard while Gil (West) looks at a stolen tile
 * (000: [25, −10, −10, 0]), game 2 {@link G2} ([0, 0, 60, 0]); table 1 (Siamese) game 1 Ann East 75,
 * Cat West 80; Ann late to the table, −5 (Dora); the clock runs out at 50 min (`clock.now` moved);
 * every seat of both cards verifies and initials.
 */
export function playRoundOne(svc: TournamentService, t1: FakeTableRuntime, t2: FakeStandardTable, clock: { now: number }): void {
  const stolen: TournamentOutcome = { winner: 0, value: 25, discarder: 1, winnerExposures: 1, lookedAtStolenTile: [2] };
  svc.clock('start');
  t2.end(1, stolen, [25, -10, -10, 0]);
  t2.end(2, G2, [0, 0, 60, 0]);
  endSiamese(t1, 1, [75, 80]);
  svc.givePenalty({ player: 'p1', round: 1, kind: 'late', points: -5, reason: 'late to the table, 6 minutes', by: 'Dora' });
  clock.now = T0 + 50 * MIN;
  svc.tick();
  for (const t of [1, 2]) for (const s of [0, 1, 2, 3] as const) svc.verify(t, 1, s);
  for (const t of [1, 2]) for (const s of [0, 1, 2, 3] as const) svc.initial(t, 1, s);
}
