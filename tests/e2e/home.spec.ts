/**
 * The signed-in home: the greeting, then the first steps (finish your profile, add games, find players, upload a
 * first clip), each leading where it says, with what the server can tell is done marked 'Done'; the way to the
 * feed; the upload step opens the Upload dialog in place.
 */
import { registerViaApi } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { islandsHydrated } from './support/islands.ts';
import { hasNoSidewaysScroll } from './support/layout.ts';
import { csrfToken, PHOTO, uniqueCaption, uploadPost } from './support/media.ts';
import type { Page } from '@playwright/test';

const steps = (page: Page) => page.getByRole('region', { name: 'Get started' });
const step = (page: Page, name: string) => steps(page).getByRole('listitem').filter({ hasText: name });

test('a new member gets the first steps, each leading where it says, none done yet', { tag: '@phone' }, async ({ page }) => {
  const account = await registerViaApi(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: `Welcome, ${account.username}!`, level: 1 })).toBeVisible();
  await expect(steps(page).getByText('0 of 4 done')).toBeVisible();
  await expect(steps(page).getByRole('listitem')).toHaveCount(4);
  const links = { 'Finish your profile': '/profile', 'Add the games you play': '/games', 'Find players': '/search' };
  for (const [name, href] of Object.entries(links)) await expect(steps(page).getByRole('link', { name })).toHaveAttribute('href', href);
  await expect(steps(page).getByRole('button', { name: 'Upload a first clip' })).toBeVisible();
  await expect(steps(page).getByText('Done', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('link', { name: 'Go to your feed' })).toHaveAttribute('href', '/feed');
  expect(await hasNoSidewaysScroll(page)).toBe(true);

  await islandsHydrated(page);
  await steps(page).getByRole('link', { name: 'Find players' }).click();
  await expect(page).toHaveURL('/search');
});

test('a step done shows as done; a profile needs both a picture and a bio', async ({ page }) => {
  await registerViaApi(page);
  await uploadPost(page, PHOTO, uniqueCaption('First clip'));
  const bio = await page.request.put('/api/profile/bio', { headers: { 'X-CSRF-TOKEN': await csrfToken(page) }, data: { bio: 'Hi' } });
  expect(bio.ok()).toBe(true);

  await page.goto('/');
  await expect(step(page, 'Upload a first clip').getByText('Done', { exact: true })).toBeVisible();
  await expect(step(page, 'Finish your profile').getByText('Done', { exact: true })).toHaveCount(0);
  await expect(step(page, 'Add the games you play').getByText('Done', { exact: true })).toHaveCount(0);
  await expect(steps(page).getByText('1 of 4 done')).toBeVisible();
});

test("'Upload a first clip' opens the Upload dialog on the home page", async ({ page }) => {
  await registerViaApi(page);
  await page.goto('/');
  await islandsHydrated(page);
  await steps(page).getByRole('button', { name: 'Upload a first clip' }).click();
  await expect(page.getByRole('dialog', { name: 'Upload Content' })).toBeVisible();
  await expect(page).toHaveURL('/');
});
