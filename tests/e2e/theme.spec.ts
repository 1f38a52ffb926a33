import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

// This file's journeys hold back or refuse script files with page.route, which never sees what a service worker
// fetches: they run without one (tests/e2e/pwa.spec.ts covers the worker).
test.use({ serviceWorkers: 'block' });

const theme = (page: Page) => page.locator('html');
const stored = (page: Page) => page.evaluate(() => [localStorage.getItem('mui-mode'), localStorage.getItem('mui-color-scheme')]);

/** Relative luminance (0 black … 1 white) of the page's painted background: body's, else html's, else white. */
const backgroundLuminance = (page: Page) =>
  page.evaluate(() => {
    const opaque = [document.body, document.documentElement]
      .map((el) => getComputedStyle(el).backgroundColor)
      .find((c) => !/rgba\(.*,\s*0\)|transparent/.test(c));
    const [r, g, b] = (opaque ?? 'rgb(255, 255, 255)')
      .match(/\d+(\.\d+)?/g)!
      .slice(0, 3)
      .map(Number) as [number, number, number];
    const lin = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  });

/**
 * Reloads with every script file blocked: only inline scripts run. The theme must still be right, which proves it
 * is applied by an inline script before the first paint, not later by a bundle (the "flash").
 */
async function reloadWithoutScriptFiles(page: Page, path: string): Promise<void> {
  await page.route('**/*', (route) => (route.request().resourceType() === 'script' ? route.abort() : route.continue()));
  await page.goto(path);
  await page.unroute('**/*');
}

test('the light/dark choice is applied at once, kept across reloads and pages, without a flash', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/');
  await expect(theme(page)).toHaveAttribute('data-theme', 'light');
  await expect.poll(() => backgroundLuminance(page), { message: 'light background' }).toBeGreaterThan(0.7);
  const nav = page.getByRole('navigation');
  await nav.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(theme(page)).toHaveAttribute('data-theme', 'dark');
  await expect(nav.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
  expect(await stored(page)).toEqual(['dark', 'dark']);
  await expect.poll(() => backgroundLuminance(page), { message: 'dark background' }).toBeLessThan(0.1);

  await page.reload();
  await expect(theme(page)).toHaveAttribute('data-theme', 'dark');
  await expect(nav.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();

  for (const path of ['/', '/login', '/register']) {
    await reloadWithoutScriptFiles(page, path);
    await expect(theme(page), `${path} is dark before any bundle runs`).toHaveAttribute('data-theme', 'dark');
  }

  await page.goto('/login');
  await page.getByRole('navigation').getByRole('button', { name: 'Switch to light mode' }).click();
  await expect(theme(page)).toHaveAttribute('data-theme', 'light');
  expect(await stored(page)).toEqual(['light', 'light']);
  await reloadWithoutScriptFiles(page, '/');
  await expect(theme(page)).toHaveAttribute('data-theme', 'light');
});
