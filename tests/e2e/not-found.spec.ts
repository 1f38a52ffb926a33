/**
 * The one not-found state: an unknown user, game, group or chat (or one the person may not see: blocked either way, a
 * room they are not in) answers 404 and shows what was not found with a link back, the same on every page; a post
 * asked for on one's own profile that is gone shows it above the profile. Unknown paths still go home.
 */
import type { Page } from '@playwright/test';
import { newAccount, registerViaApi } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { befriend, createRoom } from './support/chat-room.ts';
import { expect, test } from './support/fixtures.ts';
import { islandsHydrated } from './support/islands.ts';
import { hasNoSidewaysScroll } from './support/layout.ts';
import { csrfToken, PHOTO, uniqueCaption, uploadPost } from './support/media.ts';
import { anotherPerson } from './support/people.ts';

/** Opens `url`, expects a 404 and the not-found state titled `title`; answers the state's region. */
async function expectNotFound(page: Page, url: string, title: string) {
  const res = await page.goto(url);
  expect(res?.status(), url).toBe(404);
  await expect(page).toHaveURL(url);
  const state = page.getByRole('region', { name: title });
  await expect(state.getByRole('heading', { level: 1, name: title })).toBeVisible();
  return state;
}

test(
  'an unknown user, game, group or chat answers 404 with the same state and a link back; unknown paths go home',
  { tag: '@phone' },
  async ({ page }) => {
    const me = await registerViaApi(page, newAccount('nf'));
    const user = await expectNotFound(page, '/profile/nobody_here_at_all', 'User not found');
    await expect(user.getByText('There is no user named nobody_here_at_all.')).toBeVisible();
    await expect(user.getByRole('link', { name: 'Search for users' })).toHaveAttribute('href', '/search?q=nobody_here_at_all');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await hasNoSidewaysScroll(page)).toBe(true);

    const game = await expectNotFound(page, '/games/no-such-game-anywhere', 'Game not found');
    await expect(game.getByText('There is no game at this address.')).toBeVisible();
    await expect(game.getByRole('link', { name: 'Browse games' })).toHaveAttribute('href', '/games');

    const group = await expectNotFound(page, '/lfg/987654321', 'Group not found');
    await expect(group.getByText('This group has ended, was closed, or you cannot see it.')).toBeVisible();
    await expect(group.getByRole('link', { name: 'Looking for group' })).toHaveAttribute('href', '/lfg');

    const chat = await expectNotFound(page, '/chats/987654321', 'Chat not found');
    await expect(chat.getByText('This chat does not exist, or you are not in it.')).toBeVisible();
    await islandsHydrated(page);
    await chat.getByRole('link', { name: 'Back to chats' }).click();
    await expect(page).toHaveURL('/chats');
    await expect(page.getByRole('heading', { level: 1, name: 'Chats' })).toBeVisible();

    // Followed from within the app (the router swaps the page in), the state is the same.
    await page.goto('/search?q=nobody_here_at_all');
    await islandsHydrated(page);
    await page.evaluate(() => document.querySelector('main')?.insertAdjacentHTML('beforeend', '<a id="go" href="/games/gone-game">go</a>'));
    await page.locator('#go').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Game not found' })).toBeVisible();

    for (const path of ['/definitely-not-a-page', '/gamez', '/profile/a/b']) {
      await page.goto(path);
      await expect(page, `${path} goes home`).toHaveURL('/');
      await expect(page.getByRole('heading', { name: `Welcome, ${me.username}!` })).toBeVisible();
    }
  },
);

test('someone blocked either way and a room one is not in look exactly like unknown ones', async ({ page, browser, baseURL }, testInfo) => {
  const me = await registerViaApi(page, newAccount('nb'));
  const blocker = await anotherPerson(browser, testInfo, baseURL);
  const them = await registerViaApi(blocker.page, newAccount('nc'));
  const third = await anotherPerson(browser, testInfo, baseURL);
  await registerViaApi(third.page, newAccount('nd'));

  const blocked = await blocker.page.request.post(`/api/profile/@${me.username}/block`, {
    headers: { 'X-CSRF-TOKEN': await csrfToken(blocker.page) },
  });
  expect(blocked.status()).toBe(200);
  const unknown = await (await expectNotFound(page, '/profile/nobody_here_either', 'User not found')).innerText();
  const hidden = await (await expectNotFound(page, `/profile/${them.username}`, 'User not found')).innerText();
  expect(hidden).toBe(unknown.replace('nobody_here_either', them.username));
  await expectNotFound(blocker.page, `/profile/${me.username}`, 'User not found');

  // A room of two others, the blocker among them: it exists, but not for me.
  await befriend(third.page, { page: blocker.page, username: them.username });
  const room = await createRoom(third.page, [blocker.page], 'Members only');
  const outside = await (await expectNotFound(page, `/chats/${room}`, 'Chat not found')).innerText();
  const nowhere = await (await expectNotFound(page, '/chats/987654321', 'Chat not found')).innerText();
  expect(outside).toBe(nowhere);
  await expect(page.getByText('Members only')).toHaveCount(0);
  await blocker.close();
  await third.close();
});

test('a post that is gone shows Post not found above one’s profile, which stays', { tag: '@phone' }, async ({ page }) => {
  const me = await registerViaApi(page, newAccount('np'));
  const post = await uploadPost(page, PHOTO, uniqueCaption('soon gone'));
  const removed = await page.request.delete(`/api/media/${post.id}`, { headers: { 'X-CSRF-TOKEN': await csrfToken(page) } });
  expect(removed.status()).toBe(200);

  const res = await page.goto(`/profile?post=${post.id}`);
  expect(res?.status()).toBe(200);
  const state = page.getByRole('region', { name: 'Post not found' });
  await expect(state.getByRole('heading', { level: 2, name: 'Post not found' })).toBeVisible();
  await expect(state.getByText('This post was removed, or you cannot see it.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `${me.username}'s Profile` })).toBeVisible();
  await expect(page.getByText("You haven't shared anything yet")).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Posts' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await islandsHydrated(page);
  await state.getByRole('link', { name: 'Back to feed' }).click();
  await expect(page).toHaveURL('/feed');
});
