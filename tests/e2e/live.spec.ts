/**
 * Issue 21 "Live": what is on an open page follows what another person does, without a reload (ADR 045). The other
 * person acts through the real API in their own browser context; the watcher's page is only looked at. Each
 * journey waits until the page has told the server what it shows (its `watch`), so nothing is sent before.
 */
import type { Page } from '@playwright/test';
import { newAccount, registerViaApi } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { CLIP, csrfToken, PHOTO, postCard, uniqueCaption, uploadPost } from './support/media.ts';
import { anotherPerson } from './support/people.ts';
import { bellNamed } from './support/bell.ts';

// This file's journeys hold back or refuse script files with page.route, which never sees what a service worker
// fetches: they run without one (tests/e2e/pwa.spec.ts covers the worker).
test.use({ serviceWorkers: 'block' });

const isDesktop = (page: Page) => (page.viewportSize()?.width ?? 0) >= 1024;

/** Resolves once the page has sent a `watch` that `wanted` accepts (socket.io frames: 42["watch",{…}]). */
function watching(page: Page, wanted: (request: { posts: number[]; people: number[]; games: string[]; feed: boolean }) => boolean) {
  return new Promise<void>((resolve) => {
    page.on('websocket', (ws) =>
      ws.on('framesent', ({ payload }) => {
        const match = typeof payload === 'string' ? /^42\d*\["watch",(.*)\]$/.exec(payload) : null;
        if (match && wanted(JSON.parse(match[1]!))) resolve();
      }),
    );
  });
}

async function api(page: Page, method: 'post' | 'delete', path: string, data?: unknown) {
  const res = await page.request[method](`/api${path}`, { headers: { 'X-CSRF-TOKEN': await csrfToken(page) }, data });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json() as Promise<Record<string, unknown>>;
}

test(
  'counts and the open comment list follow another person’s like, comment and deletion',
  { tag: '@phone' },
  async ({ page, browser, baseURL }, testInfo) => {
    const me = await registerViaApi(page);
    const caption = uniqueCaption('watched post');
    const post = await uploadPost(page, PHOTO, caption);
    const other = await anotherPerson(browser, testInfo, baseURL);
    await registerViaApi(other.page, newAccount('live'));

    const watched = watching(page, (w) => w.posts.includes(post.id));
    await page.goto('/feed');
    await watched;
    const card = postCard(page, caption);
    await api(other.page, 'post', `/media/${post.id}/like`);
    await expect(card.getByRole('button', { name: 'Like' })).toHaveText('1');
    await expect(card.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');

    // A comment counts on the card; the open comments (the post modal on desktop, the drawer on phones) take the
    // next one, then lose it when it is deleted.
    await api(other.page, 'post', `/media/${post.id}/comments`, { content: 'first from elsewhere' });
    await expect(card.getByRole('button', { name: 'Comments', exact: true })).toHaveText('1');
    await card.getByRole('button', { name: 'Comments', exact: true }).click();
    const panel = isDesktop(page)
      ? page.getByRole('dialog', { name: `Post by ${me.username}` })
      : page.getByRole('dialog', { name: 'Comments', exact: true });
    await expect(panel.getByText('first from elsewhere')).toBeVisible();
    const { comment } = (await api(other.page, 'post', `/media/${post.id}/comments`, { content: 'second from elsewhere' })) as {
      comment: { id: number };
    };
    await expect(panel.getByText('second from elsewhere')).toBeVisible();
    await api(other.page, 'delete', `/media/${post.id}/comments/${comment.id}`);
    await expect(panel.getByText('second from elsewhere')).toHaveCount(0);
    await expect(panel.getByText('first from elsewhere')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(card.getByRole('button', { name: 'Comments', exact: true })).toHaveText('1');
    await other.close();
  },
);

test(
  'posts made while the feed is open wait behind “New posts”, and one click shows them on top',
  { tag: '@phone' },
  async ({ page, browser, baseURL }, testInfo) => {
    await registerViaApi(page);
    const other = await anotherPerson(browser, testInfo, baseURL);
    await registerViaApi(other.page, newAccount('poster'));
    const watched = watching(page, (w) => w.feed);
    await page.goto('/feed');
    await watched;
    const caption = uniqueCaption('made while you looked');
    await uploadPost(other.page, CLIP, caption);
    // Others post on this shared server too: at least this one is waiting, and none is inserted meanwhile.
    const pill = page.getByRole('button', { name: /^\d+ new posts?$/ });
    await expect(pill).toBeVisible();
    await expect(postCard(page, caption)).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 400));
    await pill.click();
    await expect(postCard(page, caption)).toBeVisible();
    await expect(pill).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(100);
    await other.close();
  },
);

test('another profile’s counts and friendship follow what happens elsewhere', async ({ page, browser, baseURL }, testInfo) => {
  const viewer = await registerViaApi(page, newAccount('viewer'));
  const other = await anotherPerson(browser, testInfo, baseURL);
  const b = await registerViaApi(other.page, newAccount('shown'));
  const third = await anotherPerson(browser, testInfo, baseURL);
  await registerViaApi(third.page, newAccount('fan'));

  const watched = watching(page, (w) => w.people.length === 1);
  await page.goto(`/profile/${b.username}`);
  await watched;
  const followers = (n: number) => page.getByRole('listitem', { name: `Followers: ${n}` });
  await expect(followers(0)).toBeVisible();
  await api(third.page, 'post', `/profile/@${b.username}/follow`);
  await expect(followers(1)).toBeVisible();

  // The viewer asks; B accepts in their own browser: the viewer's button changes with no reload.
  await page.getByRole('button', { name: 'Add Friend' }).click();
  await expect(page.getByRole('button', { name: 'Request Sent' })).toBeDisabled();
  const asker = (await (await other.page.request.get(`/api/profile/@${viewer.username}`)).json()) as { friendship_id: number };
  await api(other.page, 'post', '/friends/accept', { request_id: asker.friendship_id });
  await expect(page.getByRole('button', { name: 'Request Sent' })).toHaveCount(0);
  await expect(followers(2)).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Friends: 1' })).toBeVisible();
  await other.close();
  await third.close();
});

test(
  'a like notification opens the post; the bell says how many are unread; "See all" lists every one',
  { tag: '@phone' },
  async ({ page, browser, baseURL }, testInfo) => {
    const me = await registerViaApi(page);
    const caption = uniqueCaption('liked by someone');
    const post = await uploadPost(page, PHOTO, caption);
    const other = await anotherPerson(browser, testInfo, baseURL);
    const fan = await registerViaApi(other.page, newAccount('fan'));
    // Made before the page opens: the bell's first load counts them (live arrival is the social journeys' part).
    await api(other.page, 'post', `/media/${post.id}/like`);
    await api(other.page, 'post', `/media/${post.id}/comments`, { content: 'nice one' });
    await page.goto('/search');
    await expect(bellNamed(page, 2)).toBeVisible();

    await bellNamed(page, 2).click();
    const dropdown = page.getByRole('dialog', { name: 'Notifications' });
    const likeItem = dropdown.getByRole('link', { name: new RegExp(`New Like.*${fan.username} liked your post`) });
    await expect(likeItem).toBeVisible();
    await expect(dropdown.getByRole('link', { name: new RegExp(`New Comment.*${fan.username} commented on your post`) })).toBeVisible();
    await expect(dropdown.getByRole('button', { name: 'Mark all as read' })).toBeEnabled();
    await dropdown.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(dropdown.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    await likeItem.click();
    await expect(page).toHaveURL(`/profile?post=${post.id}`);
    // The post itself: the modal on desktop, the Posts view on phones.
    const shown = isDesktop(page)
      ? page.getByRole('dialog', { name: `Post by ${me.username}` })
      : page.getByRole('region', { name: 'Posts' });
    await expect(shown.getByText(caption)).toBeVisible();
    if (isDesktop(page)) await expect(shown.getByText('nice one')).toBeVisible(); // the modal holds the comments

    // The bell fills the shared store first when the page's own island arrives late: hydration must still match.
    await page.route('**/_astro/AllNotifications*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const all = page.getByRole('region', { name: 'All notifications' });
    await expect(all.getByRole('link', { name: new RegExp(`New Comment.*${fan.username} commented on your post`) })).toHaveAttribute(
      'href',
      `/profile?post=${post.id}`,
    );
    await expect(all.getByRole('link', { name: new RegExp(`New Like.*${fan.username} liked your post`) })).toBeVisible();
    await other.close();
  },
);
