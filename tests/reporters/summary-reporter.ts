import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest files the summary names: where CI's time goes, in every log. */
const SLOWEST_FILES = 12;

/**
 * Prints how many tests ran in each project (unit, api-pglite, api-postgres, browser), the files that took longest,
 * and a closing line "N passed, N failed" that CI reads. A run whose projects silently ran nothing shows up here as
 * a 0.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const rows = new Map<string, { passed: number; failed: number; skipped: number; seconds: number }>();
    const files: Array<{ name: string; seconds: number }> = [];
    for (const module of testModules) {
      const row = rows.get(module.project.name) ?? { passed: 0, failed: 0, skipped: 0, seconds: 0 };
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') row.passed++;
        else if (state === 'failed') row.failed++;
        else row.skipped++;
      }
      // A file whose setup failed (its tests then count as skipped) must still count as a failure.
      if (module.state() === 'failed' && ![...module.children.allTests()].some((t) => t.result().state === 'failed')) {
        row.failed++;
      }
      const seconds = fileSeconds(module);
      row.seconds += seconds;
      files.push({ name: `${module.project.name} ${module.relativeModuleId}`, seconds });
      rows.set(module.project.name, row);
    }
    let passed = 0;
    let failed = 0;
    console.log('\nSlowest files (seconds from import to last test, workers run several at once):');
    for (const file of files.sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST_FILES)) {
      console.log(`  ${file.seconds.toFixed(1).padStart(6)}  ${file.name}`);
    }
    console.log('\nTests by project:');
    for (const [name, row] of [...rows].sort(([a], [b]) => a.localeCompare(b))) {
      console.log(
        `  ${name}: ${row.passed} passed, ${row.failed} failed, ${row.skipped} skipped (files ${row.seconds.toFixed(0)} s)`,
      );
      passed += row.passed;
      failed += row.failed;
    }
    console.log(`${passed} passed, ${failed} failed`);
  }
}

function fileSeconds(module: TestModule): number {
  const d = module.diagnostic();
  return (d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration) / 1000;
}
