/**
 * A Vitest reporter that writes each test file's time, hooks included, to the JSON file named by
 * MJHUB_FILE_TIMES (nothing without it): `[{ file, project, s, state }]`, `s` the seconds Vitest spent
 * importing the file and running its tests and hooks (`collectDuration` + `duration`). Vitest's own
 * JSON report times a file from its first test's start to its last test's end, so a file that plays
 * its game in `beforeAll` (test/e2e/noise-ports.test.ts, privacy.test.ts) shows under a second there.
 * `node test/support/file-times.mjs FILE` prints either kind of report, longest first.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** One file's line in the report. */
export interface FileTime {
  /** the file, from the repository's root */
  file: string;
  /** the Vitest project (tier): `fast`, `full` or `e2e`, or `fast-mocked`, `full-shared`, `full-mocked` (vitest.config.ts) */
  project: string;
  /** seconds: import plus every test and hook of the file */
  s: number;
  /** Vitest's state of the file: `passed`, `failed`, `skipped`, … */
  state: string;
}

export default class FileTimesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const out = process.env.MJHUB_FILE_TIMES;
    if (!out) return;
    const rows: FileTime[] = testModules.map((m) => {
      const d = m.diagnostic();
      return { file: path.relative(process.cwd(), m.moduleId), project: m.project.name, s: (d.collectDuration + d.duration) / 1000, state: m.state() };
    });
    writeFileSync(out, `${JSON.stringify(rows, null, 1)}\n`);
  }
}
