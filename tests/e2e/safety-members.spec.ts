/**
 * Members protect themselves (desktop; the @phone ones at phone width too): the owner of a post deletes a rude comment and the count
 * drops; a handle shown to friends only is hidden from a stranger until they become friends; a registration
 * with two mistakes shows both, each beside its field; leaving a 1-on-1 hides it until the other person writes.
 */
import type { Page } from '@playwright/test';
import { newAccount, registerViaApi } from './support/accounts.ts';
import { befriend, createRoom, openRoom, say } from './support/chat-room.ts';
import { expect, test } from './support/fixtures.ts';
import { islandsHydrated } from './support/islands.ts';
import { PHOTO, csrfToken, postCard, uniqueCaption, uploadPost } from './support/media.ts';
import { anotherPerson, socketConnected } from './support/people.ts';

async function api(page: Page, method: 'post' | 'put', path: string, data: unknown): Promise<void> {
  const res = await page.request[method](`/api${path}`, { headers: { 'X-CSRF-TOKEN': await csrfToken(page) }, data });
  expect(res.ok(), `${method.toUpperCase()} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
}

test('the owner deletes a rude comment under their post; the count drops in the post and the feed', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  await registerViaApi(page, newAccount('own'));
  const caption = uniqueCaption('comment cleanup');
  const post = await uploadPost(page, PHOTO, caption);
  const fan = await anotherPerson(browser, testInfo, baseURL);
  await registerViaApi(fan.page, newAccount('fan'));
  await api(fan.page, 'post', `/media/${post.id}/comments`, { content: 'nice one' });
  await api(fan.page, 'post', `/media/${post.id}/comments`, { content: 'you are terrible at this' });
  await fan.close();

  await page.goto('/feed');
  await islandsHydrated(page);
  const card = postCard(page, caption);
  const commentsButton = card.getByRole('button', { name: 'Comments', exact: true });
  await expect(commentsButton).toHaveText('2');
  await commentsButton.click();
  const list = page.getByRole('list', { name: 'Comments' });
  await expect(list).toContainText('you are terrible at this');
  const rude = list.getByRole('listitem').filter({ hasText: 'you are terrible at this' });
  await rude.getByRole('button', { name: 'Delete comment' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete comment?' });
  await expect(confirm).toContainText('This removes the comment for everyone.');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(list).not.toContainText('you are terrible at this');
  await expect(list).toContainText('nice one');

  await page.keyboard.press('Escape');
  await expect(commentsButton).toHaveText('1');
  await expect(card.getByRole('list', { name: 'Latest comment' })).toContainText('nice one');
  // The server agrees after a reload.
  await page.reload();
  await expect(postCard(page, caption).getByRole('button', { name: 'Comments', exact: true })).toHaveText('1');
});

test('a Steam handle shown to friends only: a stranger does not see it, a friend does', async ({ page, browser, baseURL }, testInfo) => {
  const owner = await registerViaApi(page, newAccount('vis'));
  await api(page, 'put', '/profile/consoles/steam', { steam_username: 'quiet_steam' });
  await api(page, 'put', '/profile/consoles/xbox', { xbox_gamertag: 'loud_xbox' });

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit platforms' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Platforms' });
  await expect(dialog.getByLabel('Who can see your Steam')).toHaveValue('everyone');
  await dialog.getByLabel('Who can see your Steam').selectOption({ label: 'Friends' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('quiet_steam · Friends only')).toBeVisible();
  await expect(page.getByText('loud_xbox')).toBeVisible();

  const other = await anotherPerson(browser, testInfo, baseURL);
  const viewer = await registerViaApi(other.page, newAccount('see'));
  await other.page.goto(`/profile/${owner.username}`);
  const gaming = other.page.getByRole('region', { name: 'Gaming Profiles' });
  await expect(gaming).toContainText('loud_xbox');
  await expect(gaming).not.toContainText('quiet_steam');
  await expect(gaming.getByText('Steam', { exact: true })).toHaveCount(0);

  await befriend(page, { page: other.page, username: viewer.username });
  await other.page.reload();
  await expect(gaming).toContainText('quiet_steam');
  await other.close();
});

test('a registration with two mistakes shows both errors, each beside its field', { tag: '@phone' }, async ({ page }) => {
  const account = newAccount('two');
  await page.goto('/register');
  await expect(page.getByRole('button', { name: 'Sign Up' })).toBeEnabled(); // hydrated
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Username', { exact: true }).fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(`${account.password}-typo`);
  // No birthday chosen.
  await page.getByRole('button', { name: 'Sign Up' }).click();

  const confirm = page.getByLabel('Confirm Password', { exact: true });
  await expect(confirm).toHaveAttribute('aria-invalid', 'true');
  await expect(confirm).toHaveAccessibleDescription('Passwords do not match');
  const month = page.getByLabel('Birth month');
  await expect(month).toHaveAttribute('aria-invalid', 'true');
  await expect(month).toHaveAccessibleDescription('Birth month is required');
  await expect(month).toBeFocused(); // the first problem in the form's order
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByText('Birth month is required')).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL('/register');
});

test('leaving a 1-on-1 hides it from my chats; it comes back when the other person writes', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  await registerViaApi(page, newAccount('lv'));
  const other = await anotherPerson(browser, testInfo, baseURL);
  const friend = await registerViaApi(other.page, newAccount('lf'));
  await befriend(page, { page: other.page, username: friend.username });
  const room = await createRoom(page, [other.page]);
  await say(other.page, room, 'hey there');

  await openRoom(page, room);
  await page.getByRole('button', { name: 'Chat menu' }).click();
  await page.getByRole('menuitem', { name: 'Leave Chat' }).click();
  const confirm = page.getByRole('dialog', { name: 'Leave Chat' });
  await expect(confirm).toContainText(`It comes back when ${friend.username} writes again.`);
  await confirm.getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(page).toHaveURL('/chats');
  const rows = page.getByRole('list', { name: 'Chats' }).getByRole('listitem');
  await expect(page.getByRole('heading', { level: 1, name: 'Chats' })).toBeVisible();
  await expect(rows.filter({ hasText: friend.username })).toHaveCount(0);

  // Loaded afresh with the socket accepted, so the next message cannot be missed; still hidden.
  const connected = socketConnected(page);
  await page.goto('/chats');
  await connected;
  await expect(page.getByRole('heading', { level: 1, name: 'Chats' })).toBeVisible();
  await expect(rows.filter({ hasText: friend.username })).toHaveCount(0);

  await say(other.page, room, 'still there?');
  await expect(rows.filter({ hasText: friend.username })).toContainText('still there?');
  await other.close();
});
