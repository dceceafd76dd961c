/**
 * The order `npm test` starts its files in: the files known to take longest first (in the order of
 * {@link LONGEST_FIRST}), then the rest as Vitest orders them (its cache of last durations, else
 * file size). With several forks the wall time is bounded by the last long file to start: on a
 * fresh clone (no cache) Vitest ordered by size and started the room files last, about 150 s of
 * tail alone (docs/test-time.md).
 */
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files by their measured time, longest first (docs/test-time.md: the whole run after session 12,
 * and "Session 13"): the e2e files that play whole games at a set pace (the room files also run a
 * 20 s round clock out), and the longest Chromium files (director-forms' games, table-fit's page loads).
 * Paths from the repository's root.
 */
export const LONGEST_FIRST: readonly string[] = [
  'test/e2e/firmware-game.test.ts',
  'test/e2e/standard-game.test.ts',
  'test/e2e/unplug-ports.test.ts',
  'test/e2e/room-siamese.test.ts',
  'test/e2e/room-standard.test.ts',
  'test/e2e/noise-ports.test.ts',
  'test/e2e/transit-standard.test.ts',
  'test/e2e/start-options.test.ts',
  'test/e2e/privacy-standard.test.ts',
  'test/e2e/restart.test.ts',
  'test/e2e/privacy.test.ts',
  'test/e2e/siamese-game.test.ts',
  'test/browser/director-forms.test.ts',
  'test/browser/table-fit.test.ts',
  'test/browser/director-room.test.ts',
];

/** Vitest's sequencer with {@link LONGEST_FIRST} first. */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification): number => {
      const i = LONGEST_FIRST.indexOf(path.relative(f.project.config.root, f.moduleId).split(path.sep).join('/'));
      return i < 0 ? LONGEST_FIRST.length : i;
    };
    // a stable sort: the files not listed keep Vitest's own order
    return sorted
      .map((f, i) => ({ f, i, r: rank(f) }))
      .sort((a, b) => a.r - b.r || a.i - b.i)
      .map((x) => x.f);
  }
}
