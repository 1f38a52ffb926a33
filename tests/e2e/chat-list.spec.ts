/**
 * Issue 5 part A at the project's size (desktop; the @phone ones at phone width too): the chats list (/chats), the Create New Chat dialog
 * and the nav's Chats badge, with friends in browser contexts of their own sending messages over the API
 * while the list and the badge update live.
 */
import type { Locator, Page } from '@playwright/test';
import { newAccount, registerViaApi, type Account } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { befriend, call, createRoom, say } from './support/chat-room.ts';
import { anotherPerson, socketConnected } from './support/people.ts';
import { islandsHydrated } from './support/islands.ts';

const chatsLink = (page: Page) => page.getByRole('navigation').getByRole('link', { name: /^Chats/ });
const navBadge = (page: Page) => page.getByTestId('chats-badge');
const rows = (page: Page) => page.getByRole('list', { name: 'Chats' }).getByRole('listitem');
const row = (page: Page, name: string) => rows(page).filter({ has: page.getByRole('link', { name: new RegExp(`^${name}`) }) });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Create New Chat' });

async function openNewChat(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'New Chat' }).click();
  await expect(dialog(page)).toBeVisible();
  return dialog(page);
}

const roomIdOf = (page: Page) => Number(new URL(page.url()).pathname.split('/').pop());

test('a new person sees an empty list, and the dialog says to add friends first', { tag: '@phone' }, async ({ page }) => {
  await registerViaApi(page, newAccount('ce'));
  await page.goto('/chats');
  await expect(page.getByRole('heading', { level: 1, name: 'Chats' })).toBeVisible();
  await expect(page.getByText('No chats yet')).toBeVisible();
  await expect(navBadge(page)).toHaveCount(0);
  for (const mode of ['light', 'dark']) {
    await page.evaluate((m) => localStorage.setItem('mui-mode', m), mode);
    await page.reload();
    await expect(page.getByText('No chats yet')).toBeVisible();
    expect(await seriousViolations(page), `empty list, ${mode}`).toEqual([]);
  }

  await islandsHydrated(page);
  const box = await openNewChat(page);
  await expect(box.getByText('Add friends to start a chat.')).toBeVisible();
  await expect(box.getByRole('link', { name: 'Find people' })).toHaveAttribute('href', '/search');
  await expect(box.getByRole('button', { name: 'Create' })).toBeDisabled();
  await box.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog(page)).toHaveCount(0);
});

test('create a group and a 1-on-1 (validated by the shared rules), newest first; the same 1-on-1 again opens the same room', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  await registerViaApi(page, newAccount('cm'));
  const b = await anotherPerson(browser, testInfo, baseURL);
  const c = await anotherPerson(browser, testInfo, baseURL);
  const bob: Account = await registerViaApi(b.page, newAccount('cb'));
  const cat: Account = await registerViaApi(c.page, newAccount('cc'));
  await befriend(page, { page: b.page, username: bob.username }, { page: c.page, username: cat.username });

  await page.goto('/chats');
  await islandsHydrated(page);
  let box = await openNewChat(page);
  await expect(box.getByRole('radio', { name: 'Group Chat' })).toBeChecked();
  await box.getByRole('button', { name: 'Create' }).click();
  await expect(box.getByRole('alert')).toHaveText('Select at least one friend');
  await box.getByRole('checkbox', { name: bob.username }).check();
  await box.getByRole('button', { name: 'Create' }).click();
  await expect(box.getByRole('alert')).toHaveText('Chat name is required');
  await box.getByLabel('Enter chat name').fill('  Raid night ');
  await box.getByRole('checkbox', { name: cat.username }).check();
  expect(await seriousViolations(page), 'Create New Chat, group').toEqual([]);
  await box.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  const groupId = roomIdOf(page);

  await chatsLink(page).click();
  await expect(page).toHaveURL('/chats');
  await expect(rows(page)).toHaveCount(1);
  await islandsHydrated(page);
  box = await openNewChat(page);
  await box.getByRole('radio', { name: '1-on-1 Chat' }).check();
  await expect(box.getByLabel('Enter chat name')).toHaveCount(0);
  await box.getByRole('button', { name: 'Create' }).click();
  await expect(box.getByRole('alert')).toHaveText('Select at least one friend');
  await box.getByLabel('Select a friend').selectOption({ label: bob.username });
  await box.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  const directId = roomIdOf(page);
  expect(directId).not.toBe(groupId);

  // Newest activity first: the 1-on-1 (named after the other person) above the group.
  await chatsLink(page).click();
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).nth(0).getByRole('link')).toHaveAttribute('href', `/chats/${directId}`);
  await expect(rows(page).nth(0)).toContainText(bob.username);
  await expect(rows(page).nth(1)).toContainText('Raid night');
  await expect(rows(page).nth(1)).toContainText('No messages yet');

  // A 1-on-1 with someone you already have one with opens that room.
  await islandsHydrated(page);
  box = await openNewChat(page);
  await box.getByRole('radio', { name: '1-on-1 Chat' }).check();
  await box.getByLabel('Select a friend').selectOption({ label: bob.username });
  await box.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(`/chats/${directId}`);
  await b.close();
  await c.close();
});

test('messages from others update the list and the nav badge live; muting hides the row badge and leaves the room out of the count', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  await registerViaApi(page, newAccount('lm'));
  const b = await anotherPerson(browser, testInfo, baseURL);
  const bob = await registerViaApi(b.page, newAccount('lb'));
  await befriend(page, { page: b.page, username: bob.username });
  const groupId = await createRoom(page, [b.page], 'Squad');
  const directId = await createRoom(page, [b.page]);

  const connected = socketConnected(page);
  await page.goto('/chats');
  await connected;
  await expect(rows(page)).toHaveCount(2);
  await expect(navBadge(page)).toHaveCount(0);

  await say(b.page, groupId, 'hello squad');
  await expect(rows(page).nth(0)).toContainText('Squad');
  await expect(rows(page).nth(0)).toContainText(`${bob.username}: hello squad`);
  await expect(row(page, 'Squad').getByTestId('room-unread')).toHaveText('1 unread');
  await expect(navBadge(page)).toHaveText('1');
  await expect(chatsLink(page)).toHaveAccessibleName('Chats (1 unread)');

  await say(b.page, directId, 'psst');
  await expect(rows(page).nth(0)).toContainText(bob.username);
  await expect(rows(page).nth(0)).toContainText('psst');
  await expect(navBadge(page)).toHaveText('2');

  // My own message moves the room up and reads it (the server moves my read mark to it).
  await say(page, groupId, 'on my way');
  await expect(rows(page).nth(0)).toContainText('You: on my way');
  await expect(row(page, 'Squad').getByTestId('room-unread')).toHaveCount(0);
  await expect(navBadge(page)).toHaveText('1');
  await say(b.page, groupId, 'ready?');
  await expect(row(page, 'Squad').getByTestId('room-unread')).toHaveText('1 unread');
  await expect(navBadge(page)).toHaveText('2');
  expect(await seriousViolations(page), 'list with unread rooms').toEqual([]);

  // Muting: the row badge hides, a muted icon shows, and the nav stops counting the room (server state, kept on reload).
  await islandsHydrated(page);
  await page.getByRole('button', { name: 'Mute Squad' }).click();
  await expect(page.getByRole('button', { name: 'Unmute Squad' })).toBeVisible();
  await expect(row(page, 'Squad').getByTestId('room-unread')).toHaveCount(0);
  await expect(row(page, 'Squad')).toContainText('(muted)');
  await expect(navBadge(page)).toHaveText('1');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Unmute Squad' })).toBeVisible();
  await expect(navBadge(page)).toHaveText('1');

  // On another page the badge stays live: it counts rooms, not messages, and clears when the room is read.
  await page.getByRole('navigation').getByRole('link', { name: 'Feed', exact: true }).click();
  await expect(page).toHaveURL('/feed');
  await say(b.page, directId, 'still there?');
  await say(b.page, groupId, 'muted, so not counted');
  await expect(navBadge(page)).toHaveText('1');
  await call(page, 'post', `/chat/mark-all-read/${directId}`);
  await expect(navBadge(page)).toHaveCount(0);
  await expect(chatsLink(page)).toHaveAccessibleName('Chats');

  // Unmuting brings the group's unread messages back into the count.
  await chatsLink(page).click();
  await expect(row(page, 'Squad')).toContainText('muted, so not counted');
  await islandsHydrated(page);
  await page.getByRole('button', { name: 'Unmute Squad' }).click();
  await expect(row(page, 'Squad').getByTestId('room-unread')).toHaveText('2 unread');
  await expect(navBadge(page)).toHaveText('1');
  await b.close();
});

test('the list loads the rooms a person is added to by someone else, and drops the rooms they leave', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  await registerViaApi(page, newAccount('am'));
  const b = await anotherPerson(browser, testInfo, baseURL);
  const bob = await registerViaApi(b.page, newAccount('ab'));
  await befriend(page, { page: b.page, username: bob.username });
  const connected = socketConnected(page);
  await page.goto('/chats');
  await connected;
  await expect(page.getByText('No chats yet')).toBeVisible();

  const roomId = await createRoom(b.page, [page], 'Late night lobby');
  await say(b.page, roomId, 'you in?');
  await expect(row(page, 'Late night lobby')).toContainText(`${bob.username}: you in?`);
  await expect(navBadge(page)).toHaveText('1');

  await call(page, 'post', `/chat/group/${roomId}/leave`);
  await expect(rows(page)).toHaveCount(0);
  await expect(page.getByText('No chats yet')).toBeVisible();
  await expect(navBadge(page)).toHaveCount(0);
  await b.close();
});
