/**
 * Members protect themselves, between two people each in their own browser (desktop; the @phone ones at phone width too): blocking makes
 * them vanish from each other's search, feed and profile until the blocker unblocks from 'Blocked users';
 * unfriending ends the friendship and both follows; a sent request can be cancelled and leaves the other
 * person's bell live.
 */
import type { Page } from '@playwright/test';
import { newAccount, registerViaApi } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { bell } from './support/bell.ts';
import { expect, test } from './support/fixtures.ts';
import { makeFriends, sendFriendRequest } from './support/friends.ts';
import { hasNoSidewaysScroll } from './support/layout.ts';
import { PHOTO, postCard, uniqueCaption, uploadPost } from './support/media.ts';
import { anotherPerson, socketConnected } from './support/people.ts';

const badge = (page: Page) => page.getByTestId('notification-badge');

async function openProfile(page: Page, username: string): Promise<void> {
  await page.goto(`/profile/${username}`);
  await expect(page.getByRole('heading', { level: 1, name: username })).toBeVisible();
}

/** Searching the exact name: the person is a result, or 'No users found'. */
async function searchShows(page: Page, username: string, found: boolean): Promise<void> {
  await page.goto(`/search?q=${username}`);
  const result = page.getByRole('list', { name: 'Search results' }).getByRole('link', { name: username, exact: true });
  if (found) await expect(result).toBeVisible();
  else {
    await expect(page.getByText('No users found')).toBeVisible();
    await expect(result).toHaveCount(0);
  }
}

async function feedShows(page: Page, caption: string, shown: boolean): Promise<void> {
  await page.goto('/feed');
  await expect(page.getByRole('heading', { level: 1, name: 'Media Feed' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Loading posts' })).toHaveCount(0);
  await expect(postCard(page, caption)).toHaveCount(shown ? 1 : 0);
}

async function profileIsNotFound(page: Page, username: string): Promise<void> {
  await page.goto(`/profile/${username}`);
  await expect(page.getByRole('heading', { level: 1, name: 'User not found' })).toBeVisible();
  await expect(page.getByText(username, { exact: true })).toBeVisible();
}

async function blockFromProfile(page: Page, username: string): Promise<void> {
  await page.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: `Block ${username}` }).click();
  const dialog = page.getByRole('dialog', { name: `Block ${username}?` });
  await expect(dialog).toContainText("They won't be able to find you, see your posts or contact you");
  await expect(dialog).toContainText('You can unblock them any time from your profile.');
  await dialog.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

test(
  'A blocks B: both vanish from search, feed and profile; A unblocks from Blocked users and B is back',
  { tag: '@phone' },
  async ({ page, browser, baseURL }, testInfo) => {
    test.slow(); // two people, two posts, three screens each, twice
    const a = await registerViaApi(page, newAccount('bka'));
    const other = await anotherPerson(browser, testInfo, baseURL);
    const bPage = other.page;
    const b = await registerViaApi(bPage, newAccount('bkb'));
    await makeFriends(page, bPage, b.username);
    const bPost = uniqueCaption('b post');
    const aPost = uniqueCaption('a post');
    await uploadPost(bPage, PHOTO, bPost);
    await uploadPost(page, PHOTO, aPost);

    // Before: each finds the other and sees the other's post.
    await searchShows(page, b.username, true);
    await feedShows(page, bPost, true);
    await feedShows(bPage, aPost, true);
    // B keeps A's profile open while A blocks (a stale page).
    await openProfile(bPage, a.username);
    await expect(bPage.getByRole('button', { name: 'Unfriend' })).toBeVisible();

    await openProfile(page, b.username);
    await blockFromProfile(page, b.username);
    const blockedHeading = page.getByRole('heading', { level: 1, name: `You blocked ${b.username}` });
    await expect(blockedHeading).toBeVisible();
    await expect(blockedHeading).toBeFocused();
    await expect(page.getByRole('button', { name: 'Unblock' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to feed' })).toHaveAttribute('href', '/feed');
    expect(await hasNoSidewaysScroll(page)).toBe(true);

    // B's stale page: unfriending someone who blocked you is refused, and the dialog says why.
    await bPage.getByRole('button', { name: 'Unfriend' }).click();
    const unfriendDialog = bPage.getByRole('dialog', { name: `Unfriend ${a.username}?` });
    await unfriendDialog.getByRole('button', { name: 'Unfriend', exact: true }).click();
    await expect(unfriendDialog.getByRole('alert')).not.toBeEmpty();
    await unfriendDialog.getByRole('button', { name: 'Cancel' }).click();

    // Gone both ways.
    await searchShows(page, b.username, false);
    await feedShows(page, bPost, false);
    await feedShows(page, aPost, true);
    await profileIsNotFound(page, b.username);
    await searchShows(bPage, a.username, false);
    await feedShows(bPage, aPost, false);
    await profileIsNotFound(bPage, a.username);

    // A unblocks from the own profile's Blocked users list.
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Blocked users' });
    await card.getByRole('button', { name: 'View blocked users' }).click();
    const dialog = page.getByRole('dialog', { name: 'Blocked users' });
    const list = dialog.getByRole('list', { name: 'Blocked users' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByText(b.username, { exact: true })).toBeVisible();
    await expect(list.getByText(/^Blocked [A-Z][a-z]{2} \d{1,2}/)).toBeVisible();
    await expect(list.getByRole('link')).toHaveCount(0); // a blocked person's profile is 404: no link to it
    await list.getByRole('button', { name: `Unblock ${b.username}` }).click();
    await expect(page.getByText(`${b.username} is unblocked`)).toBeVisible();
    await expect(dialog.getByText("You haven't blocked anyone")).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // Back both ways; the block ended the friendship and the follows for good.
    await searchShows(page, b.username, true);
    await feedShows(page, bPost, true);
    await openProfile(page, b.username);
    await expect(page.getByRole('button', { name: 'Add Friend' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Profile', exact: true }).getByText('Friends', { exact: true })).toHaveCount(0);
    await searchShows(bPage, a.username, true);
    await feedShows(bPage, aPost, true);
    await openProfile(bPage, a.username);
    await expect(bPage.getByText('Follows you')).toHaveCount(0);
    await other.close();
  },
);

test("the 'You blocked' screen's Unblock brings the profile straight back", async ({ page, browser, baseURL }, testInfo) => {
  await registerViaApi(page, newAccount('bua'));
  const other = await anotherPerson(browser, testInfo, baseURL);
  const b = await registerViaApi(other.page, newAccount('bub'));
  await other.close();

  await openProfile(page, b.username);
  // Changing one's mind in the dialog blocks nobody.
  await page.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: `Block ${b.username}` }).click();
  await page
    .getByRole('dialog', { name: `Block ${b.username}?` })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(page.getByRole('button', { name: 'Add Friend' })).toBeVisible();

  await blockFromProfile(page, b.username);
  await page.getByRole('button', { name: 'Unblock' }).click();
  await expect(page.getByText(`${b.username} is unblocked`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: b.username })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Friend' })).toBeVisible();
});

test('A unfriends B after confirming: no longer friends, neither follows the other', async ({ page, browser, baseURL }, testInfo) => {
  const a = await registerViaApi(page, newAccount('ufa'));
  const other = await anotherPerson(browser, testInfo, baseURL);
  const b = await registerViaApi(other.page, newAccount('ufb'));
  await makeFriends(page, other.page, b.username);

  await openProfile(page, b.username);
  await expect(page.getByRole('region', { name: 'Profile', exact: true }).getByText('Friends', { exact: true })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Followers: 1' })).toBeVisible();

  // Escape changes nothing.
  await page.getByRole('button', { name: 'Unfriend' }).click();
  const dialog = page.getByRole('dialog', { name: `Unfriend ${b.username}?` });
  await expect(dialog).toContainText('You will no longer be friends, and you will both stop following each other.');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Unfriend' })).toBeFocused();

  await page.getByRole('button', { name: 'Unfriend' }).click();
  await dialog.getByRole('button', { name: 'Unfriend', exact: true }).click();
  await expect(page.getByText(`You and ${b.username} are no longer friends`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Friend' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Profile', exact: true }).getByText('Friends', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Follows you')).toHaveCount(0);
  await expect(page.getByRole('listitem', { name: 'Followers: 0' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Following: 0' })).toBeVisible();

  // The same on the other side.
  await openProfile(other.page, a.username);
  await expect(other.page.getByRole('button', { name: 'Add Friend' })).toBeVisible();
  await expect(other.page.getByRole('button', { name: 'Unfriend' })).toHaveCount(0);
  await expect(other.page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  await other.close();
});

test("A cancels a sent request: B's bell drops it live and B's view of A has nothing to accept", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const a = await registerViaApi(page, newAccount('cra'));
  const other = await anotherPerson(browser, testInfo, baseURL);
  const bPage = other.page;
  const b = await registerViaApi(bPage, newAccount('crb'));

  const bSocket = socketConnected(bPage);
  await bPage.goto('/');
  await bSocket;
  await expect(badge(bPage)).toHaveCount(0);

  await openProfile(page, b.username);
  await page.getByRole('button', { name: 'Add Friend' }).click();
  await expect(page.getByRole('button', { name: 'Request Sent' })).toBeDisabled();
  await expect(badge(bPage)).toHaveText('1');

  await page.getByRole('button', { name: 'Cancel Request' }).click();
  await expect(page.getByText('Friend request cancelled')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Friend' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Request Sent' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel Request' })).toHaveCount(0);

  // B's badge goes without a reload, and the bell no longer lists the request.
  await expect(badge(bPage)).toHaveCount(0);
  await bell(bPage).click();
  const dropdown = bPage.getByRole('dialog', { name: 'Notifications' });
  await expect(dropdown.getByText('No notifications')).toBeVisible();
  await expect(dropdown.getByText(`${a.username} sent you a friend request`)).toHaveCount(0);
  await bPage.keyboard.press('Escape');

  await openProfile(bPage, a.username);
  await expect(bPage.getByRole('button', { name: 'Add Friend' })).toBeVisible();
  await expect(bPage.getByRole('button', { name: 'Accept Request' })).toHaveCount(0);

  // Still sticks after a reload on A's side.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Add Friend' })).toBeEnabled();
  await other.close();
});

test("B's open view of A loses Accept/Reject live when A cancels", async ({ page, browser, baseURL }, testInfo) => {
  const a = await registerViaApi(page, newAccount('cla'));
  const other = await anotherPerson(browser, testInfo, baseURL);
  const bPage = other.page;
  const b = await registerViaApi(bPage, newAccount('clb'));
  await sendFriendRequest(page, b.username);

  const bSocket = socketConnected(bPage);
  await openProfile(bPage, a.username);
  await bSocket;
  await expect(bPage.getByRole('button', { name: 'Accept Request' })).toBeVisible();

  await openProfile(page, b.username);
  await page.getByRole('button', { name: 'Cancel Request' }).click();
  await expect(page.getByText('Friend request cancelled')).toBeVisible();

  await expect(bPage.getByRole('button', { name: 'Accept Request' })).toHaveCount(0);
  await expect(bPage.getByRole('button', { name: 'Add Friend' })).toBeVisible();
  await other.close();
});

test(
  'axe finds no serious problems on the new dialogs and states, light and dark',
  { tag: '@phone' },
  async ({ page, browser, baseURL }, testInfo) => {
    test.slow(); // eight axe passes
    await registerViaApi(page, newAccount('sxa'));
    const other = await anotherPerson(browser, testInfo, baseURL);
    const b = await registerViaApi(other.page, newAccount('sxb'));
    const c = await registerViaApi(other.page, newAccount('sxc')); // that browser is c from here on; only names are needed
    await other.close();

    // A has asked c (so Cancel Request shows) and blocks b, each time in both modes.
    await sendFriendRequest(page, c.username);
    for (const mode of ['light', 'dark']) {
      await page.addInitScript((m) => localStorage.setItem('mui-mode', m), mode);

      await openProfile(page, c.username);
      await expect(page.getByRole('button', { name: 'Cancel Request' })).toBeVisible();
      expect(await seriousViolations(page), `pending request, ${mode}`).toEqual([]);

      await openProfile(page, b.username);
      await page.getByRole('button', { name: 'More options' }).click();
      await page.getByRole('menuitem', { name: `Block ${b.username}` }).click();
      await expect(page.getByRole('dialog', { name: `Block ${b.username}?` })).toBeVisible();
      expect(await seriousViolations(page), `block dialog, ${mode}`).toEqual([]);
      await page.getByRole('dialog').getByRole('button', { name: 'Block', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: `You blocked ${b.username}` })).toBeVisible();
      expect(await seriousViolations(page), `blocked state, ${mode}`).toEqual([]);

      await page.goto('/profile');
      await page.getByRole('button', { name: 'View blocked users' }).click();
      const list = page.getByRole('dialog', { name: 'Blocked users' }).getByRole('list', { name: 'Blocked users' });
      await expect(list.getByText(b.username, { exact: true })).toBeVisible();
      expect(await seriousViolations(page), `blocked users, ${mode}`).toEqual([]);
      await list.getByRole('button', { name: `Unblock ${b.username}` }).click();
      await expect(page.getByText("You haven't blocked anyone")).toBeVisible();
      await page.keyboard.press('Escape');
    }
  },
);
