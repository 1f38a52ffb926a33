/**
 * NOTE: prints one closing line after the list reporter, in the plain form CI reads:
 * `e2e: N passed, N failed, N skipped` (flaky tests count as passed, timed-out and interrupted as failed).
 */
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class SummaryReporter implements Reporter {
  private readonly outcomes = new Map<string, ReturnType<TestCase['outcome']>>();

  printsToStdio(): boolean {
    return true;
  }

  onTestEnd(test: TestCase, _result: TestResult): void {
    this.outcomes.set(test.id, test.outcome());
  }

  onEnd(result: FullResult): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const outcome of this.outcomes.values()) {
      if (outcome === 'expected' || outcome === 'flaky') passed++;
      else if (outcome === 'skipped') skipped++;
      else failed++;
    }
    // A run that broke before or between tests (globalSetup, a crash) must not read as green.
    if (result.status !== 'passed' && failed === 0) failed = 1;
    console.log(`\ne2e: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
