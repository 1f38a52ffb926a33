/** NOTE: the accessibility check the specs share: axe's serious and critical findings, one readable line each. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Waits until the page's finite animations (a page's fade-in, a dialog fading in, a drawer sliding up) have finished,
 * so axe judges the colours a person ends up seeing; however slow the host, no fixed wait is needed before a check.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** Rule, count, the first offending element and why; judged once the animations have finished. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await animationsDone(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id} (${v.nodes.length}x), e.g. ${v.nodes[0]?.target.join(' ')}: ${v.nodes[0]?.failureSummary ?? v.help}`);
}
