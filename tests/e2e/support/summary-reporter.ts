/**
 * NOTE: prints, after the list reporter, the closing line in the plain form CI reads:
 * `e2e: N passed, N failed, N skipped` (flaky tests count as passed, timed-out and interrupted as failed),
 * then the summed test time per project (where the suite's time goes; see bench/README.md, "Test suite").
 */
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class SummaryReporter implements Reporter {
  private readonly outcomes = new Map<string, ReturnType<TestCase['outcome']>>();
  private readonly secondsByProject = new Map<string, number>();

  printsToStdio(): boolean {
    return true;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    this.outcomes.set(test.id, test.outcome());
    const project = test.parent.project()?.name ?? '';
    this.secondsByProject.set(project, (this.secondsByProject.get(project) ?? 0) + result.duration / 1000);
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
    const times = [...this.secondsByProject].map(([project, seconds]) => `${project} ${Math.round(seconds)} s`);
    console.log(`e2e test time (summed over workers): ${times.join(', ')}; wall ${Math.round(result.duration / 1000)} s`);
  }
}
