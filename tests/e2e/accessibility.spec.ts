import { registerViaApi } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';

const signedOutPages = [
  { path: '/', heading: 'Welcome to Savepoint' },
  { path: '/login', heading: 'Sign in' },
  { path: '/register', heading: 'Sign up' },
];

for (const { path, heading } of signedOutPages) {
  test(`axe finds no serious problems on ${path}`, { tag: '@phone' }, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('axe finds no serious problems on the signed-in greeting', { tag: '@phone' }, async ({ page }) => {
  const account = await registerViaApi(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: `Welcome, ${account.username}!` })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('axe finds no serious problems in dark mode either', { tag: '@phone' }, async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('mui-mode', 'dark'));
  for (const { path, heading } of signedOutPages) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    expect(await seriousViolations(page), `${path} in dark mode`).toEqual([]);
  }
});
