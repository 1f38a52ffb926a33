/**
 * The account screen's password and sessions journeys, with two browsers of the same person: what one does
 * there signs the other out at once (it lands on sign-in without reloading), and the Account link on the own
 * profile leads there.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { registerViaApi, signInWithForm, type Account } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { csrfToken } from './support/media.ts';
import { anotherPerson, socketConnected } from './support/people.ts';

/** Signs `page`'s browser in to `account` through the API, as a second device of the same person. */
async function signInViaApi(page: Page, account: Account): Promise<void> {
  await page.request.get('/api/auth/verify');
  const response = await page.request.post('/api/auth/login', {
    headers: { 'X-CSRF-TOKEN': await csrfToken(page), 'X-Forwarded-For': `10.${randomBytes(3).join('.')}` },
    data: { email: account.email, password: account.password },
  });
  expect(response.status()).toBe(200);
}

/** Opens a signed-in page and waits until its socket is up, so a dropped session cannot go unnoticed. */
async function openLive(page: Page, path: string): Promise<void> {
  const connected = socketConnected(page);
  await page.goto(path);
  await connected;
}

test('changing the password signs the other browser out at once; the new password signs in', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const me = await registerViaApi(page);
  const other = await anotherPerson(browser, testInfo, baseURL);
  await signInViaApi(other.page, me);
  await openLive(other.page, '/feed');

  await page.goto('/account');
  const card = page.getByRole('region', { name: 'Password' });
  await expect(card.getByRole('button', { name: 'Change password' })).toBeEnabled();
  // The shared schema's messages, beside their fields, before anything is sent.
  await card.getByLabel('Current password').fill(me.password);
  await card.getByLabel('New password', { exact: true }).fill('short');
  await card.getByLabel('Confirm new password').fill('different');
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(card.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(card.getByLabel('New password', { exact: true })).toBeFocused();

  // A wrong current password is refused in the card's alert.
  const next = `New-${randomBytes(6).toString('hex')}`;
  await card.getByLabel('Current password').fill('not my password');
  await card.getByLabel('New password', { exact: true }).fill(next);
  await card.getByLabel('Confirm new password').fill(next);
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(card.getByRole('alert')).toHaveText('Current password is incorrect');

  await card.getByLabel('Current password').fill(me.password);
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Other sessions were signed out.')).toBeVisible();
  await expect(card.getByLabel('Current password')).toHaveValue('');

  // The other browser was not touched, yet it lands on sign-in, and comes back to where it was after.
  await expect(other.page).toHaveURL(/\/login\?next=%2Ffeed$/, { timeout: 5000 });
  await signInWithForm(other.page, me.email, me.password);
  await expect(other.page.getByRole('alert')).toBeVisible();
  await signInWithForm(other.page, me.email, next);
  await expect(other.page).toHaveURL(/\/feed$/);
  // This browser is still signed in.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await other.close();
});

test("the sessions list shows both browsers, and 'Sign out everywhere else' signs the other out", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const me = await registerViaApi(page);
  const other = await anotherPerson(browser, testInfo, baseURL);
  await signInViaApi(other.page, me);
  await openLive(other.page, '/profile');

  await page.goto('/account');
  const card = page.getByRole('region', { name: "Where you're signed in" });
  const rows = card.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('This device');
  await expect(rows.first().getByRole('button')).toHaveCount(0);
  await expect(rows.nth(1)).toContainText(/Chrome on .+Last seen now/);
  await expect(rows.nth(1).getByRole('button', { name: /^Sign out Chrome on / })).toBeVisible();

  await card.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByText('1 session signed out')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(card.getByText("You're not signed in anywhere else.")).toBeVisible();
  await expect(other.page).toHaveURL(/\/login\?next=%2Fprofile$/, { timeout: 5000 });
  await other.close();
});

test('the own profile links to the account screen, which holds privacy and blocked users', async ({ page }) => {
  await registerViaApi(page);
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  const privacy = page.getByRole('region', { name: 'Privacy' });
  await expect(privacy.getByText('No platforms connected yet.', { exact: false })).toBeVisible();
  await privacy.getByRole('button', { name: 'View blocked users' }).click();
  await expect(page.getByRole('dialog', { name: 'Blocked users' })).toBeVisible();
  await page.keyboard.press('Escape');
  await privacy.getByRole('button', { name: 'Edit platforms and who sees them' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Platforms' })).toBeVisible();
});

test('axe finds no serious problems on the account screen, light and dark', { tag: '@phone' }, async ({ page }) => {
  await registerViaApi(page);
  for (const mode of ['light', 'dark']) {
    await page.addInitScript((m) => localStorage.setItem('mui-mode', m), mode);
    await page.goto('/account');
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    await expect(page.getByText('This device', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit platforms and who sees them' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Turn on notifications' })).toBeVisible();
    await expect(page.getByText('Likes on your posts')).toBeVisible();
    expect(await seriousViolations(page), `/account in ${mode} mode`).toEqual([]);
  }
});
