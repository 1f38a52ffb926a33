/**
 * Reporting (ADR 025): a member reports a post from the feed and a person from their profile and is thanked;
 * reporting the same post again says it is already reported; a moderator's bell shows each new report live and
 * leads to the moderation queue; a chat message is reported from its own small menu. No Report action on one's own
 * things.
 */
import type { Page } from '@playwright/test';
import { newAccount, registerViaApi } from './support/accounts.ts';
import { befriend, bubble, createRoom, openRoom, say } from './support/chat-room.ts';
import { bell } from './support/bell.ts';
import { islandsHydrated } from './support/islands.ts';
import { expect, test } from './support/fixtures.ts';
import { PHOTO, postCard, uniqueCaption, uploadPost } from './support/media.ts';
import { anotherPerson, socketConnected } from './support/people.ts';
import { sendReport } from './support/reports.ts';
import { grantRole } from './support/roles.ts';

const THANKS = 'Thanks — the moderators will look at it';
const badge = (page: Page) => page.getByTestId('notification-badge');
const reportEntry = (page: Page, text: string) =>
  page.getByRole('dialog', { name: 'Notifications' }).getByRole('link', { name: new RegExp(`New report.*${text}`) });

test('a member reports a post and a profile; again says already reported; the moderator is told live', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const reporter = await registerViaApi(page);
  const author = await anotherPerson(browser, testInfo, baseURL);
  const authorAccount = await registerViaApi(author.page, newAccount('author'));
  const caption = uniqueCaption('reported');
  await uploadPost(author.page, PHOTO, caption);

  const moderator = await anotherPerson(browser, testInfo, baseURL);
  const modAccount = await registerViaApi(moderator.page, newAccount('mod'));
  await grantRole(modAccount.username);
  const modSocket = socketConnected(moderator.page);
  await moderator.page.goto('/feed');
  await modSocket;

  // From the feed: the post's menu offers Report (not Delete); a reason is required.
  await page.goto('/feed');
  await islandsHydrated(page);
  const card = postCard(page, caption);
  await card.getByRole('button', { name: 'Post options' }).click();
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Report post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report post' });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Please choose a reason')).toBeVisible();
  await sendReport(page, 'Report post', 'Spam or scam', 'Links to a fake giveaway');
  await expect(page.getByText(THANKS)).toBeVisible();
  await expect(dialog).toBeHidden();

  // The moderator's badge rises without a reload (every moderator hears of every report, and journeys run at
  // once, so the count may be higher); the entry says who reported what and links to the queue.
  await expect(badge(moderator.page)).toHaveText(/^[1-9]/);
  await bell(moderator.page).click();
  const entry = reportEntry(moderator.page, `${reporter.username} reported a post by ${authorAccount.username}: Spam or scam`);
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('New report');
  await expect(entry).toHaveAttribute('href', '/moderation');
  await moderator.page.keyboard.press('Escape');
  await expect(moderator.page.getByRole('dialog', { name: 'Notifications' })).toHaveCount(0);

  // The same post again: the dialog says so and stays open.
  await card.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Report post' }).click();
  const again = await sendReport(page, 'Report post', 'Hate speech or symbols');
  await expect(again.getByText('You have already reported this')).toBeVisible();
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(again).toBeHidden();

  // From the profile's More options, by keyboard.
  await page.goto(`/profile/${authorAccount.username}`);
  await page.getByRole('button', { name: 'More options' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: `Report ${authorAccount.username}` }).click();
  await sendReport(page, `Report ${authorAccount.username}`, 'Impersonation');
  await expect(page.getByText(THANKS)).toBeVisible();
  await expect(badge(moderator.page)).toHaveText(/^[1-9]/);
  await bell(moderator.page).click();
  await expect(reportEntry(moderator.page, `${reporter.username} reported ${authorAccount.username}: Impersonation`)).toBeVisible();

  // One's own post offers Delete, never Report.
  await author.page.goto('/feed');
  await islandsHydrated(author.page);
  await postCard(author.page, caption).getByRole('button', { name: 'Post options' }).click();
  await expect(author.page.getByRole('menuitem', { name: 'Delete' })).toBeVisible();
  await expect(author.page.getByRole('menuitem', { name: 'Report post' })).toHaveCount(0);

  await author.close();
  await moderator.close();
});

test('a member reports a chat message from its menu with the keyboard; their own messages have no menu', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  await registerViaApi(page);
  const other = await anotherPerson(browser, testInfo, baseURL);
  const friend = await registerViaApi(other.page, newAccount('chat'));
  await befriend(page, { page: other.page, username: friend.username });
  const room = await createRoom(page, [other.page]);
  await say(other.page, room, 'send me your password');
  await say(page, room, 'no way');

  await openRoom(page, room);
  await expect(bubble(page, 'no way').getByRole('button')).toHaveCount(0);
  const options = bubble(page, 'send me your password').getByRole('button', { name: `Options for the message from ${friend.username}` });
  await options.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Report message' }).click();
  await sendReport(page, 'Report message', 'Spam or scam');
  await expect(page.getByText(THANKS)).toBeVisible();
  await other.close();
});
