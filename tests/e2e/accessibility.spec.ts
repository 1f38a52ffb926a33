import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { registerViaApi } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';

/** axe's serious and critical findings, as readable lines (rule, count, first offending element and why). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id} (${v.nodes.length}x), e.g. ${v.nodes[0]?.target.join(' ')}: ${v.nodes[0]?.failureSummary ?? v.help}`);
}

const signedOutPages = [
  { path: '/', heading: 'Welcome to Savepoint' },
  { path: '/login', heading: 'Sign in' },
  { path: '/register', heading: 'Create Account' },
];

for (const { path, heading } of signedOutPages) {
  test(`axe finds no serious problems on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await page.waitForTimeout(600); // let the 0.5 s fade-in finish: axe measures contrast on what is painted
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('axe finds no serious problems on the signed-in greeting', async ({ page }) => {
  const account = await registerViaApi(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: `Welcome, ${account.username}!` })).toBeVisible();
  await page.waitForTimeout(600);
  expect(await seriousViolations(page)).toEqual([]);
});

test('axe finds no serious problems in dark mode either', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('mui-mode', 'dark'));
  for (const { path, heading } of signedOutPages) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await page.waitForTimeout(600);
    expect(await seriousViolations(page), `${path} in dark mode`).toEqual([]);
  }
});
