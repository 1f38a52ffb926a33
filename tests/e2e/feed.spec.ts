/**
 * The Media Feed (spec §2 "Media Feed", §4 "Likes and comments", §5 comment rules; ADR 016) against the real
 * server at desktop width (the @phone ones at phone width too). Posts are made through the real upload API. The feed is shared by every
 * spec running at once, so each test finds its own posts by caption; a failing page is staged by answering the
 * browser's feed call. The first page comes with the HTML (ADR 044); the empty feed, which no shared server can
 * show, is rendered in tests/unit/client/feed-render.test.ts.
 */
import type { Page } from '@playwright/test';
import { newAccount, registerViaApi } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { islandsHydrated } from './support/islands.ts';
import { CLIP, PHOTO, postCard, uniqueCaption, uploadPost } from './support/media.ts';

const isDesktop = (page: Page) => (page.viewportSize()?.width ?? 0) >= 1024;

async function openFeed(page: Page, query = ''): Promise<void> {
  await page.goto(`/feed${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Media Feed' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Loading posts' })).toHaveCount(0);
  // The first page's cards come with the HTML (ADR 044): their buttons act once the island has hydrated.
  await islandsHydrated(page);
}

test('a failed page offers a retry that shows the posts', async ({ page }) => {
  // The first page comes with the HTML (ADR 044): the next one is what the browser asks for, so that one fails.
  await registerViaApi(page);
  const older = uniqueCaption('retry works');
  await uploadPost(page, PHOTO, older);
  await uploadPost(page, PHOTO, uniqueCaption('newest'));
  let failures = 1;
  await page.route('**/api/media/feed?*', (route) =>
    failures-- > 0 ? route.fulfill({ status: 503, json: { error: 'The feed is resting' } }) : route.continue(),
  );
  await openFeed(page, '?per_page=1');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByRole('alert')).toHaveText('The feed is resting');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(postCard(page, older)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
});

test('a filter the server cannot show says why and offers a retry', async ({ page }) => {
  await registerViaApi(page);
  await openFeed(page, '?game=no-such-game-anywhere');
  await expect(page.getByRole('alert')).toHaveText('Game not found');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
});

test('posts show their author, media, caption and counts; the author links to their profile', { tag: '@phone' }, async ({ page }) => {
  const author = await registerViaApi(page);
  const photo = uniqueCaption('photo post');
  const clip = uniqueCaption('clip post');
  await uploadPost(page, PHOTO, photo);
  await uploadPost(page, CLIP, clip);
  await openFeed(page);

  for (const [caption, media] of [
    [photo, 'img'],
    [clip, 'video'],
  ] as const) {
    const card = postCard(page, caption);
    await expect(card).toBeVisible();
    await expect(card.getByRole('link', { name: author.username })).toHaveAttribute('href', `/profile/${author.username}`);
    await expect(card.locator(media)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Like' })).toHaveText('0');
    await expect(card.getByRole('button', { name: 'Comments', exact: true })).toHaveText('0');
    await expect(card.getByText('View more comments...')).toHaveCount(0);
  }
  // Spec §9: media at most 500 px high.
  const box = await postCard(page, photo).locator('img').boundingBox();
  expect(box?.height).toBeLessThanOrEqual(500);
  // Newest first.
  const order = await page.getByRole('article').allTextContents();
  expect(order.findIndex((t) => t.includes(clip))).toBeLessThan(order.findIndex((t) => t.includes(photo)));
});

test('like and unlike at once; the count stays after a reload; a refused like rolls back', async ({ page }) => {
  await registerViaApi(page);
  const caption = uniqueCaption('likeable');
  await uploadPost(page, PHOTO, caption);
  await openFeed(page);
  const like = postCard(page, caption).getByRole('button', { name: 'Like' });

  // The like shows at once (optimistic); the reload below must come after the server has it.
  const stored = page.waitForResponse((r) => r.url().endsWith('/like') && r.request().method() === 'POST');
  await like.click();
  await stored;
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveText('1');
  // The pointer is still on it (as a tapping finger leaves :hover on phones): the heart is the liked colour all the same.
  const likedColour = await page.evaluate(() => {
    const probe = document.body.appendChild(document.createElement('span'));
    probe.style.color = 'var(--colors-secondary-text)';
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  });
  await expect(like).toHaveCSS('color', likedColour);
  await page.reload();
  await expect(like).toHaveText('1');
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toHaveText('0');

  // Hold the refused call: the flip shows before the answer, and the old values come back after it.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/media/*/like', async (route) => {
    await held;
    await route.fulfill({ status: 500, json: { error: 'Try later' } });
  });
  await like.click();
  await expect(like).toHaveText('1');
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  release();
  await expect(like).toHaveText('0');
  await expect(like).toHaveAttribute('aria-pressed', 'false');
});

test('comment with Enter and with Send; the count updates and "View more comments..." appears', { tag: '@phone' }, async ({ page }) => {
  const me = await registerViaApi(page);
  const caption = uniqueCaption('talk about it');
  await uploadPost(page, PHOTO, caption);
  await openFeed(page);
  const card = postCard(page, caption);

  await card.getByRole('button', { name: 'Comments', exact: true }).click();
  // Desktop: the post modal; smaller screens: the comments drawer (spec §2).
  const panel = isDesktop(page)
    ? page.getByRole('dialog', { name: `Post by ${me.username}` })
    : page.getByRole('dialog', { name: 'Comments', exact: true });
  await expect(panel).toBeVisible();
  await expect(panel.getByText(caption)).toBeVisible();
  await expect(panel.getByText('No comments yet')).toBeVisible();
  const input = panel.getByPlaceholder('Add a comment...');
  const send = panel.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  await input.fill('   ');
  await expect(send).toBeDisabled();

  await input.fill('first with Enter');
  await expect(send).toBeEnabled();
  await input.press('Enter');
  await expect(panel.getByRole('list', { name: 'Comments', exact: true }).getByText('first with Enter')).toBeVisible();
  await expect(input).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(card.getByRole('button', { name: 'Comments', exact: true })).toHaveText('1');
  await expect(card.getByText('first with Enter')).toBeVisible();
  await expect(card.getByRole('button', { name: 'View more comments...' })).toHaveCount(0);

  await card.getByRole('button', { name: 'Comments', exact: true }).click();
  await input.fill('second with the button');
  await send.click();
  await expect(panel.getByRole('listitem')).toHaveCount(2);
  await expect(panel.getByRole('listitem').last()).toContainText(new RegExp(`^${me.username}.*second with the button`));
  await expect(input).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(card.getByRole('button', { name: 'Comments', exact: true })).toHaveText('2');
  // The card previews the newest comment only.
  await expect(card.getByText('second with the button')).toBeVisible();
  await expect(card.getByText('first with Enter')).toHaveCount(0);
  await card.getByRole('button', { name: 'View more comments...' }).click();
  await expect(panel.getByRole('listitem')).toHaveCount(2);
});

test('desktop: clicking a photo opens the post modal, which closes with its button', async ({ page }) => {
  test.skip(!isDesktop(page), 'the modal opens from the media on desktop only');
  const me = await registerViaApi(page);
  const caption = uniqueCaption('open me');
  await uploadPost(page, PHOTO, caption);
  await openFeed(page);
  await postCard(page, caption).getByRole('button', { name: 'Open image post' }).click();
  const modal = page.getByRole('dialog', { name: `Post by ${me.username}` });
  await expect(modal.getByRole('img', { name: caption })).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Like' })).toHaveText('0');
  await expect(modal.getByRole('button', { name: 'Post options' })).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();
});

test('infinite scroll loads the next pages by cursor without repeating a post', async ({ page }) => {
  await registerViaApi(page);
  const captions = [uniqueCaption('oldest'), uniqueCaption('middle'), uniqueCaption('newest')] as const;
  for (const caption of captions) await uploadPost(page, PHOTO, caption);
  const feedCalls: string[] = [];
  page.on('request', (r) => r.url().includes('/api/media/feed') && feedCalls.push(new URL(r.url()).search));
  await openFeed(page, '?per_page=2');

  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(postCard(page, captions[0])).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  const ids = await page.locator('article[data-post-id]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-post-id')));
  expect(new Set(ids).size).toBe(ids.length);
  // The first page came with the HTML (ADR 044): the browser asked only for the next ones, by cursor.
  expect(feedCalls.length).toBeGreaterThanOrEqual(1);
  expect(feedCalls.every((q) => /^\?per_page=2&cursor=\d+$/.test(q))).toBe(true);
});

test('a playing video pauses once it is scrolled out of view', async ({ page }) => {
  await registerViaApi(page);
  await uploadPost(page, PHOTO, uniqueCaption('below one'));
  await uploadPost(page, PHOTO, uniqueCaption('below two'));
  const caption = uniqueCaption('moving picture');
  await uploadPost(page, CLIP, caption);
  await openFeed(page);
  const video = postCard(page, caption).locator('video');
  await video.scrollIntoViewIfNeeded();
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
  await video.evaluate((v) => window.scrollBy(0, v.getBoundingClientRect().bottom + 50));
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
});

test('someone else sees the post in their feed and can like it', async ({ page, browser, baseURL }, testInfo) => {
  const author = await registerViaApi(page);
  const caption = uniqueCaption('seen by others');
  await uploadPost(page, PHOTO, caption);
  const { viewport, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  const context = await browser.newContext({ viewport, deviceScaleFactor, isMobile, hasTouch, baseURL });
  const other = await context.newPage();
  await registerViaApi(other, newAccount('viewer'));
  await openFeed(other);
  const card = postCard(other, caption);
  await expect(card.getByRole('link', { name: author.username })).toBeVisible();
  await card.getByRole('button', { name: 'Like' }).click();
  await expect(card.getByRole('button', { name: 'Like' })).toHaveText('1');
  await context.close();
});
