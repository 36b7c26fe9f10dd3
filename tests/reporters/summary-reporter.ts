import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints how many tests ran in each project (unit, api-pglite, api-postgres, browser) and a closing line
 * "N passed, N failed" that CI reads. A run whose projects silently ran nothing shows up here as a 0.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const rows = new Map<string, { passed: number; failed: number; skipped: number }>();
    for (const module of testModules) {
      const row = rows.get(module.project.name) ?? { passed: 0, failed: 0, skipped: 0 };
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
      rows.set(module.project.name, row);
    }
    let passed = 0;
    let failed = 0;
    console.log('\nTests by project:');
    for (const [name, row] of [...rows].sort(([a], [b]) => a.localeCompare(b))) {
      console.log(`  ${name}: ${row.passed} passed, ${row.failed} failed, ${row.skipped} skipped`);
      passed += row.passed;
      failed += row.failed;
    }
    console.log(`${passed} passed, ${failed} failed`);
  }
}
