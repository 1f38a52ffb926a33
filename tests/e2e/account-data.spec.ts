/**
 * A member's own data on the account screen (desktop; the @phone ones at phone width too): 'Download my data' saves a zip whose document
 * names the member and their post; 'Delete account' (after a wrong password is refused) signs them out to the
 * landing page, which says so, and another member no longer finds their posts or profile.
 */
import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { AccountExportDocument } from '../../src/shared/account-data-types.ts';
import { unzipEntries } from '../integration/support/zip.ts';
import { newAccount, registerViaApi } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { hasNoSidewaysScroll } from './support/layout.ts';
import { PHOTO, postCard, uniqueCaption, uploadPost } from './support/media.ts';
import { anotherPerson } from './support/people.ts';
import { islandsHydrated } from './support/islands.ts';

async function openAccount(page: Page): Promise<void> {
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  // The heading is server-rendered, so seeing it does not mean the sections below it answer clicks yet.
  await islandsHydrated(page);
}

async function feedShows(page: Page, caption: string, shown: boolean): Promise<void> {
  await page.goto('/feed');
  await expect(page.getByRole('heading', { level: 1, name: 'Media Feed' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Loading posts' })).toHaveCount(0);
  await expect(postCard(page, caption)).toHaveCount(shown ? 1 : 0);
}

test('Download my data saves a zip with the profile and the posts', { tag: '@phone' }, async ({ page }) => {
  const me = await registerViaApi(page, newAccount('exp'));
  const caption = uniqueCaption('export me');
  const item = await uploadPost(page, PHOTO, caption);
  await openAccount(page);
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section).toContainText('the chat messages you sent');
  expect(await hasNoSidewaysScroll(page)).toBe(true);

  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^savepoint-${me.username}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
  await expect(section.getByRole('status')).toContainText('Your download has started');
  const entries = await unzipEntries(await fs.readFile(await download.path()));
  const doc = JSON.parse(entries.get('savepoint-export.json')!.toString('utf8')) as AccountExportDocument;
  expect(doc.profile.username).toBe(me.username);
  expect(doc.posts.map((p) => p.caption)).toEqual([caption]);
  expect(entries.has(`posts/${item.id}.webp`)).toBe(true);
});

test(
  'Delete account signs out to the landing page, and the posts are gone for others',
  { tag: '@phone' },
  async ({ page, browser, baseURL }, testInfo) => {
    test.slow(); // two people
    const me = await registerViaApi(page, newAccount('del'));
    const caption = uniqueCaption('soon gone');
    await uploadPost(page, PHOTO, caption);
    const other = await anotherPerson(browser, testInfo, baseURL);
    await registerViaApi(other.page, newAccount('see'));
    await feedShows(other.page, caption, true);

    await openAccount(page);
    await page.getByRole('region', { name: 'Delete account' }).getByRole('button', { name: 'Delete account', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toContainText('This cannot be undone.');
    await expect(dialog).toContainText('shown as from “Deleted user”');
    await expect(dialog).toContainText('Your username is reserved for 30 days');
    expect(await hasNoSidewaysScroll(page)).toBe(true);
    const password = dialog.getByLabel('Password');
    await expect(password).toBeFocused();
    await password.fill('not my password');
    await password.press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText('Password is incorrect');
    await password.fill(me.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();

    await expect(page).toHaveURL(/\/#account-deleted$/);
    await expect(page.getByRole('status')).toHaveText('Your account was deleted');
    await expect(page.getByRole('status')).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Savepoint' })).toBeVisible();

    await feedShows(other.page, caption, false);
    await other.page.goto(`/profile/${me.username}`);
    await expect(other.page.getByRole('heading', { level: 1, name: 'User not found' })).toBeVisible();
    await other.close();
  },
);
