/**
 * The standard simulator's runner: plays seeded 4-player games (./game.ts) through the shared
 * simulator core (../run.ts: the same virtual readers, links, noise, pace and record file as the
 * Siamese simulator), so the hub learns everything from reader bytes.
 *
 * Timing as the Siamese runner: after each step it waits `pace × step.dwell` ms (0.5 after a lift,
 * 1 after a placement, 2 after a discard). Between two games every tile is lifted at once, ~1 s
 * passes, the next game's walls are built (a step per wall) and the deal starts.
 *
 * Demo schedule (`demo: true`, `npm start -- --table-kind standard`): game 1 clean, then games 2-6
 * inject `joker`, `ahead`, `into-rack`, `late-call`, `count` in turn, then every other game clean;
 * bots pass blind now and then (`blindChance` {@link DEMO_BLIND_CHANCE} unless set).
 */
import { SimulatorRunner, type RunnerOptions } from '../run.js';
import { playStandardGame, STANDARD_INJECTIONS, type StandardGameRecord, type StandardGameResult, type StandardInjection } from './game.js';

/** Options of a standard simulator run. */
export interface StandardSimulatorOptions extends RunnerOptions {
  /** a violation on purpose in every game (game.ts; ignored with demo) */
  inject?: StandardInjection;
  /** the chance (0-1) that a bot passes blind on the first left and the last right (game.ts; default 0, with demo 0.3) */
  blindChance?: number;
}

/** The demo's blind-pass chance (NMJL blind passes, see game.ts). */
export const DEMO_BLIND_CHANCE = 0.3;

/** The demo's violation for game `n` (1-based): see the module comment. */
export function standardDemoInjection(n: number): StandardInjection | undefined {
  if (n >= 2 && n <= 6) return STANDARD_INJECTIONS[n - 2];
  if (n > 6 && n % 2 === 1) return STANDARD_INJECTIONS[((n - 7) / 2) % STANDARD_INJECTIONS.length];
  return undefined;
}

/** One line about a finished game, e.g. `Bea declared Mah Jongg: … (points 0 70 0 −10)`. */
export function describeStandardEnd(r: StandardGameRecord): string {
  const flags = r.flags.length ? `; flags: ${r.flags.map((f) => `${f.kind} (${r.players[f.player]})`).join(', ')}` : '';
  return `${(r.endReason ?? 'unfinished').replace(/\s+\|.*$/, '')}${r.points ? ` (points ${r.points.join(' ')})` : ''}${flags}`;
}

/** One standard simulator run: four seeded bots (./game.ts). */
export class StandardSimulator extends SimulatorRunner<StandardGameRecord, StandardGameResult> {
  constructor(protected override readonly opts: StandardSimulatorOptions) {
    super(opts);
  }

  protected play(n: number): StandardGameResult {
    const { opts } = this;
    const inject = opts.demo ? standardDemoInjection(n) : opts.inject;
    return playStandardGame({
      seed: opts.seed + n - 1,
      cards: opts.cards,
      table: opts.table,
      ...(inject ? { inject } : {}),
      ...(opts.injectAt !== undefined ? { injectAt: opts.injectAt } : {}),
      blindChance: opts.blindChance ?? (opts.demo ? DEMO_BLIND_CHANCE : 0),
    });
  }

  protected summary(r: StandardGameRecord): string {
    return `${r.inject ? ` (inject ${r.inject})` : ''}: ${describeStandardEnd(r)}`;
  }
}
