import http from 'node:http';
import { expect, test } from './support/fixtures.ts';
import { action, hasNoSidewaysScroll, topsOf } from './support/layout.ts';

const CARDS = ['Connect Through Gaming', 'Build Your Community', 'Share Your Moments'];

test.describe('landing page, signed out', () => {
  test('shows the marketing page with its three cards and the signed-out navigation', { tag: '@phone' }, async ({ page }, testInfo) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome to Savepoint' })).toBeVisible();
    const main = page.getByRole('main');
    const cards = CARDS.map((name) => main.getByRole('heading', { name }));
    for (const card of cards) await expect(card).toBeVisible();

    const nav = page.getByRole('navigation');
    await expect(nav.getByRole('link', { name: 'Savepoint' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Sign up', exact: true })).toBeVisible();
    for (const name of ['Feed', 'Search', 'Chats', 'Profile']) await expect(nav.getByRole('link', { name })).toHaveCount(0);

    // Three columns from the md breakpoint (768px), stacked below it.
    const [first, second, third] = await topsOf(cards);
    if (testInfo.project.name === 'desktop') {
      expect(Math.abs(second! - first!), 'cards side by side').toBeLessThan(4);
      expect(Math.abs(third! - first!), 'cards side by side').toBeLessThan(4);
    } else {
      expect(second!, 'cards stacked').toBeGreaterThan(first! + 20);
      expect(third!, 'cards stacked').toBeGreaterThan(second! + 20);
    }
    expect(await hasNoSidewaysScroll(page)).toBe(true);
  });

  test("'Sign up for Savepoint' opens the registration and 'Sign in' the sign-in", { tag: '@phone' }, async ({ page }) => {
    await page.goto('/');
    await action(page.getByRole('main'), 'Sign up for Savepoint').click();
    await expect(page).toHaveURL('/register');
    await expect(page.getByRole('heading', { name: 'Sign up', level: 1 })).toBeVisible();

    await page.goto('/');
    await action(page.getByRole('main'), 'Sign in').click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

    await page.getByRole('navigation').getByRole('link', { name: 'Savepoint' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: 'Welcome to Savepoint' })).toBeVisible();
  });

  test('an unknown path sends the visitor to the landing page', async ({ page }) => {
    await page.goto('/no/such/page?x=1');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: 'Welcome to Savepoint' })).toBeVisible();
  });

  test('a path the router cannot match at all (an encoded dot segment) also goes home, not to a bare 404', async ({ baseURL }) => {
    // Raw requests: browsers and fetch clients normalise dot segments away before sending.
    for (const path of ['/profile/%2e%2e', '/%2e%2e/x']) {
      const { status, location } = await rawGet(baseURL!, path);
      expect(status, path).toBe(302);
      expect(location, path).toBe('/');
    }
  });
});

function rawGet(base: string, path: string): Promise<{ status: number; location: string | undefined }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    http
      .get({ hostname, port, path }, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      })
      .on('error', reject);
  });
}
