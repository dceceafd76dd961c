/**
 * A vitest reporter that names every skipped test at the end of the run, with its file and the
 * note it was skipped with, so a test never goes missing without a word. `.ci/run` fails a run
 * with any skipped test.
 */
import type { Reporter, TestModule } from 'vitest/node';

export default class SkipReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const skipped: string[] = [];
    for (const m of testModules) {
      for (const t of m.children.allTests()) {
        const r = t.result();
        if (r.state !== 'skipped') continue;
        const why = r.note ?? (t.options.mode === 'todo' ? 'todo' : t.options.mode === 'skip' ? 'skipped (.skip, or a skipIf condition such as a missing system tool)' : 'not selected');
        skipped.push(`  ${m.moduleId.replace(process.cwd() + '/', '')} > ${t.fullName}: ${why}`);
      }
    }
    const shown = skipped.slice(0, 30);
    const more = skipped.length > shown.length ? `\n  … and ${skipped.length - shown.length} more` : '';
    process.stdout.write(`\n${skipped.length} skipped${skipped.length ? ':\n' + shown.join('\n') + more : ''}\n`);
  }
}
